"""Reference pictures of the Tangram and Ostomachion boards (see tests/reference.py).

The pictures are taken after a piece was held over its snap place (its sprite drawn see-through
above the ghost) and dropped there: a cached sprite whose transparency was switched off by the
hand used to come back as an opaque black box around every dropped piece.
"""

from __future__ import annotations

from game.app import App
from game.games.tangram.scene import TangramScene
from game.scenes.puzzle_base import BOARD_AREA
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
