"""The Ostomachion screen, headless: the Tangram's screen with fourteen pieces in quarter turns —
drags snap into place, turns go 90° at a time, hints, solving and its record, pictures."""

from __future__ import annotations

from typing import Any

import pygame

from game import registry
from game.app import App
from game.games.dissection.geometry import Placement
from game.games.ostomachion.pieces import OSTOMACHION
from game.games.ostomachion.scene import OSTOMACHION_STYLES, OstomachionScene
from game.scenes.catalog import open_scene
from game.scenes.puzzle_base import BOARD_AREA, list_levels, progress
from tests.games.dissection import scene_helpers as helpers
from tests.games.dissection.scene_helpers import centre, frames, screen

ENTRY = registry.get("ostomachion")


def open_level(app: App, stem: str, **kwargs: Any) -> OstomachionScene:
    scene = helpers.open_level(app, "ostomachion", stem, **kwargs)
    assert isinstance(scene, OstomachionScene)
    return scene


def event(app: App, kind: int, **kw: Any) -> None:
    app.handle_event(pygame.event.Event(kind, **kw))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    event(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    event(app, pygame.MOUSEBUTTONUP, pos=pos, button=button)


def drag_to(app: App, scene: OstomachionScene, i: int, target: Placement) -> None:
    start = centre(scene, i)
    event(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    event(app, pygame.MOUSEMOTION, pos=(start[0] + 9, start[1] + 7), rel=(1, 1), buttons=(1, 0, 0))
    assert scene.held is not None
    if scene.held.raw.flipped != target.flipped:
        event(app, pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)
    while scene.held.raw.turn != target.turn:
        event(app, pygame.MOUSEBUTTONDOWN, pos=start, button=3)  # right-click: a quarter turn
    end = screen(scene, target.x + 0.15, target.y - 0.12)
    event(app, pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    event(app, pygame.MOUSEBUTTONUP, pos=end, button=1)


def near(a: Placement, b: Placement) -> bool:
    return abs(a.x - b.x) < 1e-6 and abs(a.y - b.y) < 1e-6 and (a.turn, a.flipped) == (
        b.turn, b.flipped)


def test_the_scene_plays_the_fourteen_pieces_in_quarter_turns(app: App) -> None:
    scene = open_level(app, "01-square")
    assert scene.pieces is OSTOMACHION and scene.pieces.count == 14 and scene.numbered
    assert len(set(OSTOMACHION_STYLES)) == 14  # every piece its own colour and pattern
    assert len({s.colour for s in OSTOMACHION_STYLES}) == 14
    click(app, centre(scene, 0), button=3)
    assert scene.state.placements[0].turn == 3  # one step clockwise is a quarter turn here
    frames(app, 20)
    event(app, pygame.MOUSEMOTION, pos=centre(scene, 0), rel=(1, 1), buttons=(0, 0, 0))
    event(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    assert scene.state.placements[0].turn == 0
    frames(app, 20)


def test_drags_snap_onto_the_square_and_solving_it_records_the_stars(app: App) -> None:
    scene = open_level(app, "01-square")
    for i in range(14):
        drag_to(app, scene, i, scene.level.solution[i])
        assert near(scene.state.placements[i], scene.level.solution[i]), OSTOMACHION.ids[i]
        frames(app, 2)
    assert scene.is_solved and scene.moves_text() == "14/14 placed"
    rec = progress(app).record("ostomachion", "01-square")
    assert rec.solved and rec.stars == 3
    frames(app, 60)
    assert scene.particles
    frames(app, 240)
    assert not scene.particles


def test_a_hint_lays_the_largest_piece_and_undo_takes_it_back(app: App) -> None:
    scene = open_level(app, "09-elephant")
    event(app, pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    moved = scene.state.order[-1]
    assert moved == max(range(14), key=lambda i: (OSTOMACHION.areas[i], -i))
    assert scene.hints_used == 1
    frames(app, 90)
    assert near(scene.state.placements[moved], scene.level.solution[moved])
    event(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z", scancode=0)
    assert scene.rules.at_home(scene.state, moved)
    frames(app, 60)


def test_free_play_and_pictures(app: App) -> None:
    scene = open_scene(app, "puzzle:ostomachion", free_play=True, figure="elephant")
    assert isinstance(scene, OstomachionScene) and scene.level.id == "09-elephant"
    frames(app, 5)
    assert OstomachionScene.thumbnail((260, 190)).get_size() == (260, 190)  # see test_reference
    for info in list_levels(ENTRY):
        img = OstomachionScene.level_thumbnail(info, (170, 70))
        assert img is not None and img.get_bounding_rect().width > 10
        s = OstomachionScene(app, ENTRY, info)
        x0, y0, x1, y1 = s.rules.board
        assert BOARD_AREA.collidepoint(s.view.to_screen((x0, y1)))
        assert BOARD_AREA.collidepoint(s.view.to_screen((x1, y0)))
    open_scene(app, "levels:ostomachion")
    frames(app, 3)
