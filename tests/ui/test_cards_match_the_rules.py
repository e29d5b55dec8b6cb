"""Every piece card is drawn from the rules' own move generator: a test draws each man's card
diagram and reads the marked squares back from the pixels, then compares them with the moves
the generator finds for that man alone on an empty board. A card that drew its own idea of a
move (a table copied by hand, a direction turned the wrong way) would fail here."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.piece_card import MARK_COLOURS, draw_diagram
from game.ui.piece_game import MoveDiagram, PieceView

CELL = 24


def marked_squares(diagram: MoveDiagram, piece: PieceView) -> set[tuple[int, int]]:
    """Offsets (dx, dy, forward up) of the squares that show a mark in the drawn diagram."""
    n = 2 * diagram.radius + 1
    surface = pygame.Surface((n * CELL + 10, n * CELL + 10))
    rect = pygame.Rect(5, 5, n * CELL, n * CELL)
    draw_diagram(surface, rect, diagram, piece, lambda p, s: pygame.Surface((1, 1)), down=False)
    colours = {c[:3] for c in MARK_COLOURS.values()}
    found = set()
    for j in range(n):
        for i in range(n):
            x0, y0 = rect.x + i * CELL, rect.y + j * CELL
            if any(surface.get_at((x0 + x, y0 + y))[:3] in colours
                   for x in range(3, CELL - 3) for y in range(3, CELL - 3)):
                found.add((i - diagram.radius, diagram.radius - j))
    return found


def test_tai_shogi_cards_match_the_generator() -> None:
    from game.games.taishogi.data import KINDS, SIZE
    from game.games.taishogi.rules import code, kind_number, make_rules
    from game.games.taishogi.view import TaiShogiBoard, view_square

    pygame.init()
    rules = make_rules()
    board = TaiShogiBoard(rules)
    centre = 12 * SIZE + 12
    cf, cr = view_square(centre)
    wrong = []
    for kind in KINDS:
        info = board.card(PieceView(kind, 0))
        r = info.diagram.radius
        empty = [0] * (SIZE * SIZE)
        empty[centre] = code(kind_number(kind), 0)
        expected = set()
        for t, _k in rules.piece_moves(empty, centre):
            tf, tr = view_square(t)
            off = (tf - cf, tr - cr)
            if t != centre and max(abs(off[0]), abs(off[1])) <= r:
                expected.add(off)
        if marked_squares(info.diagram, PieceView(kind, 0)) != expected:
            wrong.append(kind)
    assert not wrong, wrong


@pytest.mark.parametrize("profile", ["unicorn", "jocly"])
def test_fairy_chess_cards_match_the_generator(profile: str) -> None:
    from game.games.fairy16.rules import make_rules
    from game.ui.pieces_board import PiecesBoard

    pygame.init()
    rules = make_rules(options={"promotion": profile})
    board = PiecesBoard(rules)
    engine = rules.engine
    geo = engine.geo
    wrong = []
    for kind in engine.kinds:
        info = board.card(PieceView(kind.id, 0))
        r = info.diagram.radius
        sq = geo.parse("h8")
        moves, captures = engine.empty_board_reach(kind.id, sq)
        cf, cr = sq % geo.width, sq // geo.width
        expected = set()
        for t in (*moves, *captures):
            off = (t % geo.width - cf, t // geo.width - cr)
            if max(abs(off[0]), abs(off[1])) <= r:
                expected.add(off)
        got = marked_squares(info.diagram, PieceView(kind.id, 0))
        if got != expected:
            wrong.append((kind.id, sorted(got ^ expected)[:6]))
    assert not wrong, wrong


def test_a_mark_is_read_back_where_it_is_drawn() -> None:
    """The reader itself: one mark forward-right of the man, none elsewhere."""
    from game.ui.piece_game import BOTH

    pygame.init()
    assert marked_squares(MoveDiagram(2, {(1, 2): BOTH}), PieceView("x", 0)) == {(1, 2)}
    assert theme.GOOD in {c[:3] for c in MARK_COLOURS.values()}


def test_rithmomachia_cards_match_the_generator() -> None:
    from game.games.rithmomachia.board import RithmoBoard, kind_of, to_view
    from game.games.rithmomachia.pieces import parse_square
    from game.games.rithmomachia.position import steps_of
    from game.games.rithmomachia.rules import make_rules
    from tests.games.rithmomachia.helpers import position

    pygame.init()
    rules = make_rules()
    board = RithmoBoard(rules)
    wrong = []
    for text in ("C9", "T25", "S121", "P91"):
        state = position({"d8": text})
        sq = parse_square("d8")
        piece = state.board[sq]
        assert piece is not None
        info = board.card(PieceView(kind_of(piece), 0))
        cf, cr = to_view(sq)
        expected = {(to_view(s.to)[0] - cf, to_view(s.to)[1] - cr) for s in steps_of(state.board, sq)}
        if marked_squares(info.diagram, PieceView(kind_of(piece), 0)) != expected:
            wrong.append(text)
    assert not wrong, wrong
