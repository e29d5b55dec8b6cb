"""Reference pictures of the Tangram and Ostomachion screens (see tests/reference.py): the
boards, the piece in the hand over its snap ghost, and the pictures other screens show.

The pictures are taken after a piece was held over its snap place (its sprite drawn see-through
above the ghost) and dropped there: a cached sprite whose transparency was switched off by the
hand used to come back as an opaque black box around every dropped piece.
"""

from __future__ import annotations

import pygame

from game import registry
from game.app import App
from game.games.ostomachion.scene import OstomachionScene
from game.games.tangram.scene import TangramScene
from game.scenes.puzzle_base import BOARD_AREA, SIDE, list_levels
from tests.games.dissection.scene_helpers import frames, open_level
from tests.reference import assert_image, board_picture


def _drop_held_over_its_ghost(app: App, scene: TangramScene) -> None:
    if scene.held is None:  # the smallest piece still away from its place
        free = [i for i, p in enumerate(scene.state.placements) if p != scene.level.solution[i]]
        scene._demo_drag(min(free, key=lambda i: scene.pieces.areas[i]))
    assert scene.held is not None and scene.held.ghost is not None
    app.draw()  # the hand drawn see-through over the ghost
    scene._drop()
    frames(app, 40)
    assert not scene.motions


def test_tangram_board_after_a_snapped_drop(app: App) -> None:
    scene = open_level(app, "tangram", "01-square", solution=3, drag="PG")
    _drop_held_over_its_ghost(app, scene)
    assert_image(board_picture(scene, BOARD_AREA), "tangram-square-board")


def test_ostomachion_board_after_a_snapped_drop(app: App) -> None:
    scene = open_level(app, "ostomachion", "01-square", solution=6)
    _drop_held_over_its_ghost(app, scene)
    assert_image(board_picture(scene, BOARD_AREA), "ostomachion-square-board")


def test_tangram_board_showing_what_is_wrong(app: App) -> None:
    """A full square with the parallelogram turned over: the overlaps and the gap in red."""
    from game.games.tangram.rules import Place

    scene = open_level(app, "tangram", "01-square")
    for i, p in enumerate(scene.level.solution):
        if i == 6:
            p = scene.pieces.flipped_in_place(p)
        scene.submit(Place(i, p.x, p.y, p.turn, p.flipped))
    frames(app, 40)
    assert scene.fault() is not None
    assert_image(board_picture(scene, BOARD_AREA), "tangram-square-fault")


def test_a_piece_held_over_its_snap_place(app: App) -> None:
    """The dragged parallelogram drawn see-through over its dashed ghost, the corners it will
    lock onto ringed, the status saying a drop snaps it in."""
    scene = open_level(app, "tangram", "16-cat", solution=3, drag="PG")
    held, place = scene.held, scene.level.solution[6]
    assert held is not None and held.ghost is not None
    assert abs(held.ghost.x - place.x) < 1e-6 and abs(held.ghost.y - place.y) < 1e-6
    assert (held.ghost.turn, held.ghost.flipped) == (place.turn, place.flipped)
    assert held.contacts  # the rings drawn on the board
    assert scene.status_text()[0] == "The parallelogram: let go to snap it in"
    assert_image(board_picture(scene, BOARD_AREA), "tangram-cat-held")


def test_the_side_panel_of_free_play_shows_the_figure_and_its_place(app: App) -> None:
    from game.scenes.catalog import open_scene

    scene = open_scene(app, "puzzle:tangram", free_play=True, figure="swan")
    assert isinstance(scene, TangramScene) and scene.free and scene.par_text() == ""
    frames(app, 3)
    assert_image(board_picture(scene, SIDE), "tangram-free-side")


def test_the_menu_cards_show_a_figure_with_a_piece_being_laid() -> None:
    assert_image(TangramScene.thumbnail((260, 190)), "tangram-menu-card")
    assert_image(OstomachionScene.thumbnail((260, 190)), "ostomachion-menu-card")


def test_a_level_card_shows_the_silhouette_alone() -> None:
    info = next(lv for lv in list_levels(registry.get("tangram")) if lv.id == "16-cat")
    img = TangramScene.level_thumbnail(info, (170, 70))
    assert img is not None
    card = pygame.Surface(img.get_size())
    card.fill((40, 40, 40))
    card.blit(img, (0, 0))
    assert_image(card, "tangram-level-card-cat")


def test_a_rules_diagram_draws_the_position_it_is_given(app: App) -> None:
    scene = open_level(app, "ostomachion", "09-elephant", solution=9)
    position = scene.rules.position_text(scene.state)
    surf = pygame.Surface((380, 380))
    OstomachionScene.draw_diagram(surf, surf.get_rect(), registry.get("ostomachion"), position)
    assert_image(surf, "ostomachion-diagram-elephant")
    blank = pygame.Surface((100, 100), pygame.SRCALPHA)
    OstomachionScene.draw_diagram(blank, blank.get_rect(), registry.get("ostomachion"), "nonsense")
    assert blank.get_bounding_rect().width == 0  # a diagram that cannot be read is left out
