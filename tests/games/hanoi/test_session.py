"""Towers of Hanoi on the engine's session: undo and redo walk the match's history, restart
starts afresh, a half-solved level is autosaved and resumed by Continue (moves replayed through
the rules, clock and level kept), a solved one leaves nothing to resume, and a tampered save is
refused with the move and the rules' reason."""

from __future__ import annotations

import json

import pygame
import pytest

from game import registry
from game.app import App
from game.engine import storage
from game.engine.match import Match
from game.games.hanoi.scene import HanoiScene
from game.scenes.menu import MenuScene
from tests.games.hanoi.test_scene import frames, level_index, open_level, play_keys, press

ENTRY = registry.get("hanoi")
SLOT = "hanoi"


def saved() -> dict:  # type: ignore[type-arg]
    return json.loads(storage.autosave_path(SLOT).read_text())


def continue_from_menu(app: App) -> HanoiScene:
    """Back to the menu and press Continue, as a player would after reopening the window."""
    while app.stack:
        app.pop()
    menu = MenuScene(app)
    app.push(menu)
    menu.enter()
    assert menu.continue_btn.is_enabled and menu.autosave == ["Towers of Hanoi"]
    menu.resume()
    scene = app.top
    assert isinstance(scene, HanoiScene)
    return scene


def test_undo_and_redo_walk_the_sessions_history(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2), (0, 1), (2, 1)])
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.notation == ["A-C"] and scene.state.disk_pegs == (2, 0, 0)
    assert scene.match is not None and scene.match.can_redo
    frames(app, 40)
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.notation == ["A-C", "A-B"] and scene.state.disk_pegs == (2, 1, 0)
    assert 1 in scene.flights  # the disk flies again to where the redone move put it
    frames(app, 40)
    assert not scene.flights
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.notation == ["A-C", "A-B", "C-B"] and app.toasts.latest == "Nothing to redo."
    play_keys(app, [(0, 2)])  # a new move drops what was left to redo
    assert not scene.match.can_redo


def test_restart_starts_afresh_and_removes_the_autosave(app: App) -> None:
    scene = open_level(app, "Four Disks")
    play_keys(app, [(0, 1), (0, 2)])
    assert saved()["moves"] == ["A-B", "A-C"]
    press(app, pygame.K_r)
    assert scene.move_count() == 0 and scene.state == scene.start_state
    assert scene.match is not None and not scene.match.can_redo
    assert not storage.autosave_path(SLOT).exists()


def test_a_half_solved_level_is_autosaved_and_resumed_by_continue(app: App) -> None:
    scene = open_level(app, "Five Disks")
    play_keys(app, [(0, 2), (0, 1), (2, 1)])
    press(app, pygame.K_h)  # a hint: counted, and kept with the save
    frames(app, 60)
    assert saved()["notes"]["hints"] == 0  # written at the last move
    seconds = scene.elapsed
    app.pop()  # leave (the window closing does the same through close())
    data = saved()  # written again on leaving: the clock and the hint
    assert data["game"] == "hanoi" and data["moves"] == ["A-C", "A-B", "C-B"]
    assert data["options"]["level"] == scene.info.id  # type: ignore[union-attr]
    assert data["notes"]["hints"] == 1 and data["notes"]["seconds"] > 0
    resumed = continue_from_menu(app)
    assert resumed.info is not None and resumed.info.id == scene.info.id  # type: ignore[union-attr]
    assert resumed.state == scene.state and resumed.notation == ["A-C", "A-B", "C-B"]
    assert resumed.hints_used == 1 and abs(resumed.elapsed - seconds) < 0.2
    assert resumed.par == scene.par
    frames(app, 5)
    press(app, pygame.K_z, pygame.KMOD_CTRL)  # its history came back with it
    assert resumed.notation == ["A-C", "A-B"]


def test_free_play_is_resumed_with_its_own_puzzle(app: App) -> None:
    scene = open_scene_free(app)
    start = scene.start_state
    play_keys(app, [(scene.start_state.disk_pegs[0], (scene.start_state.disk_pegs[0] + 1) % 4)])
    assert saved()["options"]["position"] == scene.rules.position_text(start)
    assert "level" not in saved()["options"]
    app.pop()
    resumed = continue_from_menu(app)
    assert resumed.level is None and resumed.start_state == start
    assert (resumed.fp_pegs, resumed.fp_disks, resumed.fp_kind) == (4, 6, "shuffle")
    assert resumed.move_count() == 1 and resumed.layout.pegs == 4


def open_scene_free(app: App) -> HanoiScene:
    from game.scenes.catalog import open_scene

    scene = open_scene(app, "puzzle:hanoi", free_play=True, seed=5, pegs=4, disks=6,
                       start="shuffle")
    assert isinstance(scene, HanoiScene)
    return scene


def test_a_solved_level_leaves_nothing_to_resume(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2), (0, 1)])
    assert storage.autosave_path(SLOT).exists()
    play_keys(app, [(2, 1), (0, 2), (1, 0), (1, 2), (0, 2)])
    frames(app, 60)
    assert scene.is_solved and not storage.autosave_path(SLOT).exists()


def test_opening_another_level_keeps_the_unfinished_one_until_a_move(app: App) -> None:
    open_level(app, "Three Disks")
    play_keys(app, [(0, 2)])
    app.pop()
    other = open_level(app, "Four Disks")
    app.pop()  # looked, did not play: the unfinished Three Disks is still there
    assert saved()["options"]["level"].endswith("three-disks")
    other = open_level(app, "Four Disks")
    play_keys(app, [(0, 1)])
    assert saved()["options"]["level"] == other.info.id  # type: ignore[union-attr]


def test_a_tampered_autosave_is_refused_with_the_rules_reason(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2)])
    app.pop()
    data = saved()
    data["moves"] = ["A-C", "A-C"]  # disk 2 onto disk 1
    storage.autosave_path(SLOT).write_text(json.dumps(data))
    notices: list[str] = []
    real = app.toast
    app.toast = lambda text, *a, **k: (notices.append(text), real(text, *a, **k))  # type: ignore
    menu = MenuScene(app)
    app.push(menu)
    menu.enter()
    menu.resume()
    assert app.top is menu and not storage.autosave_path(SLOT).exists()
    assert any("move 2 (A-C)" in n and "larger disk cannot go on a smaller one" in n
               for n in notices), notices
    del scene


def test_the_save_of_a_level_replays_through_the_rules(app: App) -> None:
    scene = open_level(app, "The Swap")
    play_keys(app, [(1, 2), (0, 1)])
    match = Match.load(storage.autosave_path(SLOT), registry.get)
    assert match.level == scene.info.id  # type: ignore[union-attr]
    assert match.state == scene.state and match.notation == ("B-C", "A-B")
    assert match.rules.position_text(match.states[0]) == scene.level.position_text()  # type: ignore[union-attr]
    assert level_index("The Swap") >= 0


@pytest.mark.parametrize("steps", [100, pytest.param(500, marks=pytest.mark.slow)])
def test_random_hands_keep_the_screen_the_session_and_the_save_in_step(app: App, steps: int) -> None:
    """Clicks, drags, keys, undo, redo and restart at random: whatever happens, the board shows
    the session's position, a disk in hand is a real top disk, and the autosave replays to the
    same position (or is absent when there is nothing to resume)."""
    import random

    from tests.games.hanoi.test_scene import peg_point

    rng = random.Random(11)
    scene = open_level(app, "Four Disks")
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT,
            pygame.K_ESCAPE, pygame.K_h, pygame.K_r]
    for step in range(steps):
        roll = rng.random()
        if roll < 0.35:
            press(app, rng.choice(keys))
        elif roll < 0.45:
            press(app, rng.choice([pygame.K_z, pygame.K_y]), pygame.KMOD_CTRL)
        else:
            a, b = peg_point(scene, rng.randrange(3)), peg_point(scene, rng.randrange(3))
            app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
            if rng.random() < 0.5:
                app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0),
                                                    buttons=(1, 0, 0)))
            app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        frames(app, rng.choice([0, 1, 5]))
        if app.top is not scene:  # Esc left the level: come back to it through Continue
            if storage.autosave_path(SLOT).exists():
                scene = continue_from_menu(app)
            else:
                scene = open_level(app, "Four Disks")
            continue
        if scene.modal is not None:
            press(app, pygame.K_ESCAPE)  # stay
        assert scene.match is not None
        if scene.held is not None:
            assert scene.state.top(scene.held) is not None, step
        path = storage.autosave_path(SLOT)
        if scene.match.moves and scene.match.outcome is None:
            assert Match.load(path, registry.get).state == scene.state, step
        elif not scene.match.moves:
            assert not path.exists() or Match.load(path, registry.get).level != scene.info.id, step  # type: ignore[union-attr]
