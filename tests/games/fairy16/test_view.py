"""The fairy chess board adapter's own reading of the rules' texts: the position text of the
rules reference §2 and the long algebraic notation of the issue."""

from __future__ import annotations

from collections import Counter

import pytest

from game.games.fairy16.view import NAMES, ORDER, _fen, parse_board, parse_notation
from game.ui.piece_game import PieceView

START = ("gjwtzfusamcztwjg/ooooooolhooooooo/edrnbxiqkixbnrde/pppppppppppppppp/16/16/16/16/16/16/"
         "16/16/PPPPPPPPPPPPPPPP/EDRNBXIQKIXBNRDE/OOOOOOOLHOOOOOOO/GJWTZFUSAMCZTWJG w - - 0 1")


def test_start_position_has_64_men_a_side_in_the_reference_squares() -> None:
    board = parse_board(START)
    sides = Counter(p.side for p in board.values())
    assert sides == {0: 64, 1: 64}
    assert board[(8, 2)] == PieceView("K", 0)  # i3
    assert board[(8, 13)] == PieceView("K", 1)  # i14
    assert board[(7, 1)] == PieceView("L", 0)  # h2, behind the Queen on h3
    assert board[(7, 2)] == PieceView("Q", 0)
    assert board[(8, 15)] == PieceView("A", 1)  # i16: Black's Unicorn
    kinds = {p.kind for p in board.values()}
    assert kinds == set(NAMES) == set(ORDER) and len(kinds) == 24


def test_position_text_round_trips_through_the_probe_writer() -> None:
    board = parse_board(START)
    men = {sq: p.kind if p.side == 0 else p.kind.lower() for sq, p in board.items()}
    assert _fen(men).split()[0] == START.split()[0]
    assert parse_board(_fen({(7, 7): "S", (0, 0): "K", (15, 15): "k"})) == {
        (7, 7): PieceView("S", 0), (0, 0): PieceView("K", 0), (15, 15): PieceView("K", 1)}


@pytest.mark.parametrize("text, expected", [
    ("h4-h6", ((7, 3), (7, 5), False, None)),
    ("e5xd6", ((4, 4), (3, 5), True, None)),
    ("b15-b16=L", ((1, 14), (1, 15), False, "L")),
    ("c15xb16=H+", ((2, 14), (1, 15), True, "H")),
    ("p10xo9 e.p.", ((15, 9), (14, 8), True, None)),
])
def test_long_algebraic_moves_read(text: str, expected: object) -> None:
    assert parse_notation(text) == expected


def test_unreadable_move_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="cannot read"):
        parse_notation("Nf3")


class TextRules:
    """A stand-in that only speaks the contract the adapter reads: its moves are their own
    notation, its position text is fixed."""

    def __init__(self, fen: str, moves: list[str]) -> None:
        self.fen, self.moves = fen, moves

    def position_text(self, state: object) -> str:
        return self.fen

    def legal_moves(self, state: object) -> list[str]:
        return self.moves

    def to_notation(self, state: object, move: str) -> str:
        return move


class Turn:
    to_move = 0


def test_options_label_promotion_choices_and_find_the_en_passant_victim() -> None:
    from game.games.fairy16.view import Fairy16Board

    # White Centurion b15, White Pawn e5 beside a Black Pawn d5 that has just double-stepped,
    # White Buffoon h15 (optional promotion on h16)
    fen = _fen({(1, 14): "O", (4, 4): "P", (3, 4): "p", (7, 14): "I", (8, 2): "K", (8, 13): "k"})
    moves = ["b15-b16=Q", "b15-b16=L", "b15-b16=H", "e5xd6 e.p.", "e5-e6",
             "h15-h16", "h15-h16=Q", "h15-g15"]
    board = Fairy16Board(TextRules(fen, moves))
    opts = {o.move: o for o in board.options(Turn())}
    assert opts["b15-b16=L"].label == "promote to Lion" and opts["b15-b16=L"].promotion == "L"
    assert opts["h15-h16"].label == "no promotion" and opts["h15-h16"].promotion is None
    assert opts["h15-g15"].label == "" and opts["e5-e6"].captures == ()
    ep = opts["e5xd6 e.p."]
    assert ep.to == (3, 5) and ep.captures == ((3, 4),)  # the Pawn beside, not the empty square
    assert board.captured(Turn(), "e5xd6 e.p.") == [PieceView("P", 1)]


def test_refusals_name_the_man_and_the_squares() -> None:
    from game.games.fairy16.view import Fairy16Board

    fen = _fen({(2, 2): "R", (2, 3): "P", (8, 2): "K", (8, 13): "k"})
    board = Fairy16Board(TextRules(fen, ["c4-c5"]))
    assert board.explain(Turn(), (2, 2), (2, 6)) == "the Rook cannot go from c3 to c7"
    assert board.explain(Turn(), (2, 2), (2, 3)) == "your own Pawn stands on c4"
    assert board.explain(Turn(), None, (8, 13)) == "that King is not yours: White is to move"
