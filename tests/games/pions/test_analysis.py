"""The analysis panel data: L, the D list with its sources in binary, nim-sum, verdict and notes."""

from __future__ import annotations

import pytest

from game.games.pions import ai
from game.games.pions import rules as R
from game.games.pions.analysis import analyse
from game.games.pions.rules import PionsState, make_rules

from .brute import cells_of, mover_wins


@pytest.mark.parametrize("variant", R.VARIANTS)
def test_worked_example_panel(variant: str) -> None:
    r = make_rules(variant, {})
    a = analyse(r, r.initial_state())
    assert a.cells == (23, 22, 17, 16, 12, 6, 2)
    assert [h.cells for h in a.heaps] == [(23, 22), (17, 16), (12, 6), (2,)]
    assert [h.value for h in a.heaps] == [0, 0, 5, 2]
    assert [h.binary for h in a.heaps] == ["000", "000", "101", "010"]
    assert [h.lone for h in a.heaps] == [False, False, False, True]
    assert a.heaps[2].formula == "12 \u2212 6 \u2212 1 = 5"
    assert a.heaps[3].formula == "lone pawn 2 = 2"
    assert (a.width, a.nim_sum, a.nim_sum_binary) == (3, 7, "111")
    assert a.mover_wins and a.winning_notation == ("12-9",)
    assert "12→9" in a.note and "12-9" not in a.note  # written as the move list writes it
    assert a.winning_shown == ("12→9",)
    assert ("Misère" in a.note) == (variant == "misere")


def test_even_count_has_no_lone_pawn_and_zero_sum_is_explained() -> None:
    r = make_rules("normal", {})
    a = analyse(r, r.parse_position("23:23,22,17,16,9,6,2;2"))
    assert [h.value for h in a.heaps] == [0, 0, 2, 2] and a.nim_sum == 0
    assert not a.mover_wins and a.winning_moves == ()
    assert a.note.startswith("Nim-sum 0")
    b = analyse(r, r.parse_position("6:6,3,2,1"))
    assert [h.cells for h in b.heaps] == [(6, 3), (2, 1)]
    assert b.winning_notation == ("6-4", "x1")


def test_misere_end_rule_notes() -> None:
    normal, misere = make_rules("normal", {}), make_rules("misere", {})
    on_one = normal.parse_position("9:1")
    assert analyse(normal, on_one).mover_wins
    m = analyse(misere, on_one)
    assert not m.mover_wins and m.nim_sum == 1 and m.winning_moves == ()
    assert "must be removed" in m.note
    lone = normal.parse_position("9:5")
    assert analyse(normal, lone).winning_notation == ("x5",)
    m = analyse(misere, lone)
    assert m.winning_notation == ("5-1",) and "slide it to cell 1" in m.note
    empty = normal.parse_position("9:")
    assert not analyse(normal, empty).mover_wins and analyse(misere, empty).mover_wins
    assert analyse(normal, empty).heaps == () and analyse(normal, empty).nim_sum_binary == "0"


@pytest.mark.parametrize("variant", R.VARIANTS)
def test_panel_agrees_with_brute_force_on_a_10_cell_ruler(variant: str) -> None:
    r = make_rules(variant, {"length": 10})
    for mask in range(1 << 10):
        s = PionsState(10, tuple(reversed(cells_of(mask))), 0)
        a = analyse(r, s)
        assert a.mover_wins == mover_wins(mask, variant == "misere")
        assert list(a.winning_moves) == ai.winning_moves(r, s)
        x = 0
        for h in a.heaps:
            x ^= int(h.binary, 2)
            assert len(h.binary) == a.width
        assert x == a.nim_sum == R.nim_sum(s.cells)
        assert sum(len(h.cells) for h in a.heaps) == len(s.cells)
