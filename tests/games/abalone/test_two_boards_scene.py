"""The 4×2×2 screen (§7.10), headless: both boards drawn, the board to move lit; clicks and keys
play on the board to move and the move names it; a click on the other board says whose turn it
is; the players' words, the move list and the results diagram; a reference picture."""

from __future__ import annotations

import pygame

from game.app import App
from game.games.abalone.scene import AbaloneScene
from game.games.abalone.starts import parse_cell
from game.games.abalone.two_boards.rules import BoardMove
from game.games.abalone.two_boards.scene import TwoBoardScene
from game.scenes.catalog import open_scene
from game.scenes.match_base import BOARD_AREA
from game.scenes.results import draw_position
from tests.reference import assert_image, board_picture

X = "BB2B/BB1W2/2W2BB/2W1W3/9/2BB4/2BBWWW/B3B1/4W w 1 6 turn=27"   # Black has won board X
Y = "WB3/W1BBB1/1WW1BB1/1W1WB3/9/8/1BBW1WW/BB1W2/1BBWB w 0 3 turn=15"


def open_two(app: App, phase: str = "in-phase", **kw: object) -> TwoBoardScene:
    scene = open_scene(app, "match:abalone", options={"boards_4x2x2": phase}, **kw)  # type: ignore[arg-type]
    assert isinstance(scene, TwoBoardScene) and isinstance(scene, AbaloneScene)
    return scene


def at(scene: TwoBoardScene, board: int, name: str) -> tuple[int, int]:
    x, y = scene.layouts[board].pixel(parse_cell(name))
    return round(x), round(y)


def click(app: App, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(app: App, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60)
    app.draw()


def test_moves_go_to_the_lit_board_and_name_it(app: App) -> None:
    scene = open_two(app)
    assert scene.status_text()[0] == "Black 1 to move on board X"
    click(app, at(scene, 1, "C3"))  # the other board: refused, nothing picked
    assert app.toasts.latest == "It is Black 1's turn, on board X." and scene.selection == []
    click(app, at(scene, 0, "C3"))
    assert scene.selection == [parse_cell("C3")]
    key(app, pygame.K_e)  # up-right
    assert list(scene.match.notation) == ["X:c3d4"]
    assert isinstance(scene.match.moves[0], BoardMove)
    frames(app, 30)
    assert scene.status_text()[0] == "Black 2 to move on board Y"
    assert scene.layout is scene.layouts[1]
    click(app, at(scene, 1, "C5"))
    key(app, pygame.K_q)  # up-left
    assert list(scene.match.notation) == ["X:c3d4", "Y:c5d5"]
    frames(app, 30)
    assert scene.move_entries()[0] == ["B1 X: c3→d4", "B2 Y: c5→d5"]
    assert scene.status_text()[0] == "White 1 to move on board X"


def test_counter_phase_opens_twice_on_board_x(app: App) -> None:
    scene = open_two(app, "counter-phase")
    click(app, at(scene, 0, "C3"))
    key(app, pygame.K_e)
    frames(app, 30)
    assert scene.status_text()[0] == "White 1 to move on board X"


def test_a_won_board_the_scores_and_the_reference_picture(app: App) -> None:
    scene = open_two(app, variant="belgian-daisy", position=f"{X} | {Y} | Y")
    assert scene.side_info(0) == "boards won 1 · ejected 9 (X 6, Y 3)"
    assert scene.side_info(1) == "boards won 0 · ejected 1 (X 1, Y 0)"
    assert scene.status_text()[0] == "White 1 to move on board Y"
    key(app, pygame.K_h)  # partners may not consult
    assert app.toasts.latest and "team" in app.toasts.latest
    frames(app, 3)
    scene.t = 0.0
    assert_image(board_picture(scene, BOARD_AREA), "abalone-4x2x2")


def test_an_ejection_rolls_off_and_the_count_moves(app: App) -> None:
    edge = "5/6/4BBW/8/9/8/7/6/W4 b 0 0"
    scene = open_two(app, position=f"{edge} | {edge} | X")
    click(app, at(scene, 0, "G7"))
    click(app, at(scene, 0, "G8"))
    key(app, pygame.K_d)
    assert scene.state.boards[0].lost == (0, 1) and scene.leaving is not None
    frames(app, 40)
    assert scene.leaving is None and not scene.animating
    assert scene.side_info(0).startswith("boards won 0 · ejected 1")


def test_the_results_diagram_shows_both_boards(app: App) -> None:
    scene = open_two(app, variant="belgian-daisy", position=f"{X} | {Y} | Y")
    surf = pygame.Surface((400, 400))
    surf.fill((0, 0, 0))
    assert draw_position(surf, surf.get_rect(), scene.match, scene.state)
    # a board in each half (wood at each half's middle), nothing drawn in the corners
    assert surf.get_at((100, 200)) != (0, 0, 0, 255) and surf.get_at((300, 200)) != (0, 0, 0, 255)
    assert surf.get_at((2, 2)) == surf.get_at((397, 397)) == (0, 0, 0, 255)
