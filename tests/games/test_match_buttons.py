"""Every two-player game's Undo, Redo and Hint buttons are enabled exactly when pressing them
would do something (a play-test found Redo enabled where it only said "Nothing to redo.")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import registry
from game.app import App
from game.scenes.catalog import open_scene
from game.scenes.match_base import MatchScene

MATCH_GAMES = [e.id for e in registry.entries().values() if e.kind == "match"]


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60)


def states(scene: MatchScene) -> dict[str, bool]:
    return {"undo": scene.undo_btn.is_enabled, "redo": scene.redo_btn.is_enabled,
            "hint": scene.hint_btn.is_enabled}


def truth(scene: MatchScene) -> dict[str, bool]:
    m = scene.match
    return {"undo": m.can_undo, "redo": m.can_redo,
            "hint": scene.entry.ai is not None and scene.human_to_move
            and scene.hint_request is None and not getattr(scene, "paused", False)
            and bool(scene.rules.legal_moves(scene.state))}


@pytest.mark.parametrize("game", MATCH_GAMES)
def test_buttons_follow_what_their_actions_would_do(app: App, game: str) -> None:
    scene: Any = open_scene(app, f"match:{game}")
    assert isinstance(scene, MatchScene)
    frames(app, 2)
    assert states(scene) == truth(scene)
    assert not scene.undo_btn.is_enabled and not scene.redo_btn.is_enabled
    rng = random.Random(7)
    for _ in range(3):
        if hasattr(scene, "set_paused"):
            scene.set_paused(True, sound=False)  # real time: undo/redo need the clocks stopped
        moves = list(scene.rules.legal_moves(scene.state))
        assert scene.submit(moves[rng.randrange(len(moves))])
        scene.tweens.finish_all()
        frames(app, 2)
        assert states(scene) == truth(scene)
    assert scene.undo_btn.is_enabled
    scene.undo()
    frames(app, 2)
    assert scene.redo_btn.is_enabled and states(scene) == truth(scene)
    scene.redo()
    frames(app, 2)
    assert not scene.redo_btn.is_enabled and states(scene) == truth(scene)


@pytest.mark.parametrize("game", ["tangram", "ostomachion", "hanoi"])
def test_puzzle_buttons_follow_what_their_actions_would_do(app: App, game: str) -> None:
    scene: Any = open_scene(app, f"puzzle:{game}", level="0")
    prep = getattr(scene, "prep", None)
    if prep is not None:
        assert prep.ready.wait(60)
    frames(app, 2)
    assert not scene.undo_btn.is_enabled and not scene.restart_btn.is_enabled
    assert scene.hint_btn.is_enabled
    scene.hint()  # one step of a solution (Hanoi: shown; a second press plays it)
    if game == "hanoi":
        scene.hint()
    scene.tweens.finish_all()
    frames(app, 30)
    assert scene.undo_btn.is_enabled and scene.restart_btn.is_enabled
    scene.undo()
    scene.tweens.finish_all()
    frames(app, 30)
    assert not scene.undo_btn.is_enabled
    # solved: no hint left to give
    for _ in range(80):
        if scene.is_solved:
            break
        scene.hint()
        scene.tweens.finish_all()
        frames(app, 40)
    assert scene.is_solved
    frames(app, 2)
    assert not scene.hint_btn.is_enabled
