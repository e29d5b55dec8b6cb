"""The fairy chess rules seen by the shared board view (game/ui/pieces_board.py): men, options
with their chooser labels and captured squares, refusals in the rules' words, checks, and piece
cards whose diagrams come from the engine (checked against the mobility table of §3)."""

from __future__ import annotations

import pytest

from game.games.fairy16.rules import make_rules
from game.ui.piece_game import BOTH, CAPTURE, HOP, MOVE, MOVEHOP, PieceView
from game.ui.pieces_board import PiecesBoard

RULES = make_rules("standard", {"promotion": "unicorn", "move_rule": 0})
BOARD = PiecesBoard(RULES)


def sq(name: str) -> tuple[int, int]:
    return ("abcdefghijklmnop".index(name[0]), int(name[1:]) - 1)


def fen(men: dict[str, str], side: str = "w") -> str:
    """A position text from {square: letter} (uppercase White), Kings added on i2 and i15."""
    board = {sq(k): v for k, v in {"i2": "K", "i15": "k", **men}.items()}
    rows = []
    for r in range(15, -1, -1):
        row, run = "", 0
        for f in range(16):
            if (f, r) in board:
                row += (str(run) if run else "") + board[(f, r)]
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + f" {side} - 0 1"


def test_start_men_and_options() -> None:
    st = RULES.initial_state()
    men = BOARD.pieces(st)
    assert len(men) == 128 and men[sq("i3")] == PieceView("king", 0)
    assert men[sq("i14")] == PieceView("king", 1)
    opts = BOARD.options(st)
    assert len(opts) == 40
    machine = [o for o in opts if o.frm == sq("b3")]
    assert [o.to for o in machine] == [sq("b5")] and machine[0].leap  # a leap over the pawn
    assert BOARD.tray_order()[0] == "king"


def test_en_passant_option_names_the_passed_pawn() -> None:
    st = RULES.parse_position(fen({"e5": "P", "d7": "p"}, "b"))
    st = RULES.play(st, RULES.parse_move(st, "d7-d5"))
    ep = [o for o in BOARD.options(st) if o.frm == sq("e5") and o.to == sq("d6")]
    assert len(ep) == 1 and ep[0].captures == (sq("d5"),)
    assert BOARD.captured(st, ep[0].move) == [PieceView("pawn", 1)]


def test_optional_promotion_offers_no_promotion() -> None:
    # a White Buffoon on c15 may become a Queen on c16, or stay a Buffoon
    st = RULES.parse_position(fen({"c15": "I"}))
    up = {o.label: o for o in BOARD.options(st) if o.frm == sq("c15") and o.to == sq("c16")}
    assert set(up) == {"Queen", "no promotion"}
    assert up["Queen"].promotion == "queen" and up["no promotion"].promotion is None


def test_refusals_come_from_the_rules() -> None:
    # the White Rook on i5 is pinned against its King by the Black Rook on i12
    st = RULES.parse_position(fen({"i5": "R", "i12": "r", "a3": "p"}))
    assert BOARD.explain(st, sq("i5"), sq("a5")) == "that would leave your King in check"
    assert "cannot move" in BOARD.explain(st, sq("i5"), sq("j6"))
    assert BOARD.explain(st, None, sq("a3")) == "that Pawn is not yours: White is to move"


def test_check_is_highlighted_on_the_king() -> None:
    st = RULES.parse_position(fen({"i12": "r"}))
    assert BOARD.in_check(st) == (sq("i2"),)


def counts(kind: str) -> dict[str, int]:
    marks = BOARD.card(PieceView(kind, 0)).diagram.marks.values()
    return {k: sum(1 for m in marks if m == k) for k in (MOVE, BOTH, CAPTURE, HOP, MOVEHOP)}


@pytest.mark.parametrize("kind, total", [
    ("king", 8), ("knight", 8), ("lion", 24), ("buffalo", 24), ("antelope", 16), ("camel", 8),
    ("bull", 8), ("elephant", 8), ("machine", 8), ("buffoon", 8),
    ("queen", 32), ("rook", 16), ("bishop", 16), ("unicorn", 40), ("dragon_woman", 24),
    ("diablo", 24),
])
def test_card_diagrams_match_the_mobility_table_within_four_squares(kind: str, total: int) -> None:
    c = counts(kind)
    assert c[BOTH] == total and c[MOVE] == c[CAPTURE] == c[HOP] == 0


def test_pawn_centurion_and_hoppers_show_what_only_moves_or_only_takes() -> None:
    assert counts("pawn") == {MOVE: 2, BOTH: 0, CAPTURE: 2, HOP: 0, MOVEHOP: 0}
    assert counts("centurion") == {MOVE: 2, BOTH: 2, CAPTURE: 0, HOP: 0, MOVEHOP: 0}
    # a Cannon moves along its lines; from two squares on it may also take over a screen
    assert counts("cannon") == {MOVE: 4, BOTH: 0, CAPTURE: 0, HOP: 0, MOVEHOP: 12}
    assert counts("star") == {MOVE: 8, BOTH: 0, CAPTURE: 0, HOP: 0, MOVEHOP: 24}


def test_cards_name_the_man_and_its_promotion() -> None:
    card = BOARD.card(PieceView("centurion", 1))
    assert card.name == "Centurion" and card.promotes_to == ("queen", "lion", "gryphon")
    assert "(you choose)" in card.promotion
    assert "far corner" in BOARD.card(PieceView("ship", 0)).promotion
    assert BOARD.card(PieceView("king", 0)).promotion.startswith("Royal")
