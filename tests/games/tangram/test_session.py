"""The Tangram and Ostomachion on the engine session: undo and redo, restart, a half-solved
figure that survives closing the window, and the save replayed through the rules."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game import registry
from game.app import App
from game.engine import storage
from game.engine.match import Match, SaveError
from game.games.dissection.rules import Hint, Place
from game.scenes.match_base import open_match, resume_autosave
from game.scenes.puzzle_base import progress
from tests.games.dissection.scene_helpers import frames, open_level


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def lay(scene: Any, i: int) -> None:
    p = scene.level.solution[i]
    assert scene.submit(Place(i, p.x, p.y, p.turn, p.flipped))


def test_ctrl_z_takes_a_drop_back_and_ctrl_y_plays_it_again(app: App) -> None:
    scene = open_level(app, "tangram", "01-square")
    lay(scene, 0)
    lay(scene, 5)
    laid = scene.state
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.rules.at_home(scene.state, 5) and not scene.rules.at_home(scene.state, 0)
    assert 5 in scene.motions  # it glides back to the tray
    frames(app, 30)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.state == laid and scene.match is not None and scene.match.ply == 2
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.toasts.latest == "Nothing to redo."
    frames(app, 30)


def test_restart_sends_every_piece_home_and_starts_the_clock_afresh(app: App) -> None:
    scene = open_level(app, "tangram", "01-square", clock=25)
    for i in (0, 1, 2):
        lay(scene, i)
    scene.hint()
    assert scene.hints_used == 1
    key(app, pygame.K_r)
    assert scene.state == scene.rules.initial_state()
    assert scene.match is not None and scene.match.ply == 0 and not scene.match.can_redo
    assert scene.elapsed == 0.0 and scene.hints_used == 0
    assert len(scene.motions) == 4  # the four pieces fly home
    frames(app, 60)
    assert not scene.motions


def test_a_half_solved_figure_survives_closing_and_continue_resumes_it(app: App) -> None:
    scene = open_level(app, "tangram", "16-cat")
    for i in (0, 1, 2):
        lay(scene, i)
    scene.hint()  # a hint is a move like any other: it replays
    frames(app, 60)
    placements, hints = scene.state.placements, scene.hints_used
    scene.elapsed = 42.0
    scene.close()  # the window closes
    app.stack.clear()
    path = storage.autosave_path("tangram")
    data = json.loads(path.read_text())
    assert data["options"]["level"] == "16-cat" and data["notes"]["hints"] == 1
    assert data["moves"][-1] == "hint"
    resume_autosave(app, storage.autosave_path("tangram"))
    resumed = app.top
    assert type(resumed) is type(scene) and resumed is not scene
    assert resumed.level.id == "16-cat" and resumed.info is not None
    assert resumed.state.placements == placements and resumed.hints_used == hints
    assert resumed.elapsed == pytest.approx(42.0)
    assert not resumed.free and not resumed.is_solved and not resumed.motions
    # play on to the end: the figure is solved, recorded, and the autosave goes away
    for i in range(7):
        if resumed.state.placements[i] != resumed.level.solution[i]:
            lay(resumed, i)
    assert resumed.is_solved
    assert progress(app).record("tangram", "16-cat").solved
    assert not path.exists()


def test_free_play_resumes_as_free_play_on_its_figure(app: App) -> None:
    from game.scenes.catalog import open_scene

    scene = open_scene(app, "puzzle:tangram", free_play=True, figure="swan")
    lay(scene, 0)
    scene.close()
    app.stack.clear()
    resume_autosave(app, storage.autosave_path("tangram"))
    resumed = app.top
    assert resumed.free and resumed.level.id == "18-swan"
    assert resumed.state == scene.state
    lay(resumed, 1)
    assert not progress(app).record("tangram", "18-swan").solved


def test_the_save_is_replayed_through_the_rules_and_a_tampered_one_refused(app: App) -> None:
    scene = open_level(app, "ostomachion", "09-elephant")
    for i in (11, 0, 4):
        lay(scene, i)
    assert scene.submit(Hint(), sound="tip")
    scene.close()
    path = storage.autosave_path("ostomachion")
    match = Match.load(path, registry.get)
    assert match.state == scene.state and match.level == "09-elephant" and match.ply == 4
    resumed = open_match(app, match)
    assert resumed.state == scene.state
    # a move changed by hand to put a piece off the board is refused, with its number
    data = json.loads(path.read_text())
    data["moves"][1] = "P1@900,900r0"
    with pytest.raises(SaveError, match="move 2"):
        Match.from_json(data, registry.get)


def test_a_watched_solution_earns_nothing_even_after_resuming(app: App) -> None:
    scene = open_level(app, "tangram", "03-triangle")
    scene.watch_solution()
    for _ in range(3):
        frames(app, 30)
    assert scene.watching and scene.match is not None and scene.match.ply >= 1
    scene.close()
    app.stack.clear()
    resume_autosave(app, storage.autosave_path("tangram"))
    resumed = app.top
    assert resumed.watched
    for i in range(7):
        if resumed.state.placements[i] != resumed.level.solution[i]:
            lay(resumed, i)
    assert resumed.is_solved and resumed.earned == 0
    assert not progress(app).record("tangram", "03-triangle").solved
