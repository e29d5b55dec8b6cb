"""Every piece card is drawn from the rules' own move generator: a test draws each man's card
diagram and reads the marked squares back from the pixels, then compares them with the moves
the generator finds for that man alone on an empty board. A card that drew its own idea of a
move (a table copied by hand, a direction turned the wrong way) would fail here."""

from __future__ import annotations

from typing import Any

import numpy as np
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
    return read_marks(surface, rect, diagram.radius)


def tai_shogi_reach(rules: Any, kind: str, radius: int) -> set[tuple[int, int]]:
    """The squares, as offsets on screen from the piece, that the Tai Shogi generator gives a
    first-player `kind` alone in the middle of the board, within `radius` of it."""
    from game.games.taishogi.adapter import view_square
    from game.games.taishogi.pieces import SIZE
    from game.games.taishogi.rules import code, kind_number

    centre = 12 * SIZE + 12
    cf, cr = view_square(centre)
    empty = [0] * (SIZE * SIZE)
    empty[centre] = code(kind_number(kind), 0)
    reach = set()
    for t, _k in rules.piece_moves(empty, centre):
        tf, tr = view_square(t)
        off = (tf - cf, tr - cr)
        if t != centre and max(abs(off[0]), abs(off[1])) <= radius:
            reach.add(off)
    return reach


def test_tai_shogi_cards_match_the_generator() -> None:
    from game.games.taishogi.adapter import TaiShogiBoard
    from game.games.taishogi.pieces import KINDS
    from game.games.taishogi.rules import make_rules

    pygame.init()
    rules = make_rules()
    board = TaiShogiBoard(rules)
    wrong = []
    for kind in KINDS:
        info = board.card(PieceView(kind, 0))
        r = info.diagram.radius
        expected = tai_shogi_reach(rules, kind, r)
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
    from game.games.rithmomachia.adapter import RithmoBoard, kind_of, to_view
    from game.games.rithmomachia.pieces import parse_square
    from game.games.rithmomachia.rules import make_rules
    from game.games.rithmomachia.state import steps_of
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


def read_marks(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> set[tuple[int, int]]:
    """Offsets (dx, dy, forward up) of the squares of a diagram drawn by `draw_diagram` in
    `rect` that show a mark; the man's own square is not read (its glyph stands there)."""
    n = 2 * radius + 1
    cell = max(3, min(rect.width, rect.height) // n)
    x0 = rect.x + (rect.width - cell * n) // 2
    y0 = rect.y + (rect.height - cell * n) // 2
    colours = {tuple(c[:3]) for c in MARK_COLOURS.values()}
    margin = min(3, cell // 4)  # the square's edge is the board's colour in any case
    # one pass over the pixels (numpy) instead of one get_at a pixel: a mark pixel is one
    # whose colour is a mark colour exactly
    grid = pygame.Rect(x0, y0, cell * n, cell * n)
    rgb = pygame.surfarray.array3d(surface.subsurface(grid))  # (x, y, channel), the grid only
    marked = np.zeros(rgb.shape[:2], dtype=bool)
    for colour in colours:
        marked |= (rgb == np.array(colour, dtype=rgb.dtype)).all(axis=2)
    found = set()
    for j in range(n):
        for i in range(n):
            if (i, j) == (radius, radius):
                continue
            x, y = i * cell, j * cell
            if marked[x + margin:x + cell - margin, y + margin:y + cell - margin].any():
                found.add((i - radius, radius - j))
    return found


def _gallery_kinds_by_the_table() -> set[str]:
    """The kinds the Tai Shogi rules screen must picture, read from the table in its old dialect (an
    independent reading of the same moves): royal, or with a slide of any length or longer than two, a jump, a knight's
    jump, a hook, a Lion power or the Emperor's leap."""
    from game.games.taishogi.pieces import KINDS
    from game.games.taishogi.rules import make_rules
    from tests.games.taishogi.reference_table import move_text, parse_move

    rules = make_rules()
    out = set()
    for abbr, k in KINDS.items():
        atoms = parse_move(move_text(rules.options, abbr))
        if k.royal or any(a.name in ("jump", "knight", "lion", "lionline", "lion3", "hook",
                                     "universal") or (a.name == "slide" and a.limit in (0, 3, 5))
                          for a in atoms):
            out.add(abbr)
    return out


def test_tai_shogi_rules_gallery_has_every_ranging_jumping_hooking_lion_and_royal_kind() -> None:
    from game.games.taishogi.help import DIAGRAMS

    pictured = set(DIAGRAMS["Move diagrams"].removeprefix("gallery:").split(","))
    wanted = _gallery_kinds_by_the_table()
    assert len(wanted) > 60  # the reading of the table found the ranging men at all
    assert {"E", "CP", "Ln", "HM", "Ca", "FF", "R", "L", "N"} <= wanted
    assert wanted - pictured == set()


def test_tai_shogi_rules_gallery_shows_what_the_generator_finds() -> None:
    """The gallery as the rules screen draws it, read back square by square: each diagram's
    marks are the generator's moves from the centre of an empty board (within the picture)."""
    from game import registry
    from game.games.taishogi.adapter import RADIUS
    from game.games.taishogi.help import DIAGRAMS
    from game.games.taishogi.rules import make_rules
    from game.scenes.piece_match import PieceMatchScene
    from game.ui import piece_gallery

    pygame.init()
    position = DIAGRAMS["Move diagrams"]
    kinds = position.removeprefix("gallery:").split(",")
    entry = registry.get("taishogi")
    width = 840
    height = PieceMatchScene.diagram_height(position, width)
    assert height is not None and height >= piece_gallery.ROW_H * len(kinds) // 6
    surface = pygame.Surface((width, height))
    scene_cls = registry.resolve(entry.scene)
    scene_cls.draw_diagram(surface, surface.get_rect(), entry, position)
    rules = make_rules()
    wrong = []
    for i, kind in enumerate(kinds):
        expected = tai_shogi_reach(rules, kind, RADIUS)
        got = read_marks(surface, piece_gallery.board_rect(surface.get_rect(), i), RADIUS)
        if got != expected:
            wrong.append((kind, sorted(got ^ expected)[:4]))
    assert not wrong, wrong
