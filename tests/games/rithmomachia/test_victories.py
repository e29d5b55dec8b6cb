"""Progressions (docs/rules/rithmomachia.md §4.4), the proper victories' formations and the common tallies."""

from __future__ import annotations

from itertools import combinations

import pytest

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.pieces import EVENS, ODDS, army_values
from game.games.rithmomachia.victories import (
    ARITHMETIC,
    GEOMETRIC,
    HARMONIC,
    VICTORIES,
    kind_of,
    kinds_in,
)

from .helpers import position, sq


def values(side: int) -> list[int]:
    return sorted({v for vs in army_values(side).values() for v in vs})


def triples(side: int, kind: str) -> list[tuple[int, ...]]:
    return [t for t in combinations(values(side), 3) if kind_of(*t) == kind]


def test_progressions_from_one_side_s_values() -> None:
    assert triples(EVENS, ARITHMETIC) == [
        (2, 4, 6), (2, 9, 16), (4, 6, 8), (4, 20, 36), (8, 25, 42), (8, 36, 64), (9, 45, 81),
        (9, 81, 153), (15, 20, 25), (20, 42, 64), (49, 169, 289)]
    assert triples(EVENS, GEOMETRIC) == [
        (2, 4, 8), (4, 6, 9), (4, 8, 16), (4, 16, 64), (9, 15, 25), (16, 20, 25), (16, 36, 81),
        (25, 45, 81), (36, 42, 49), (49, 91, 169), (64, 72, 81), (81, 153, 289)]
    assert triples(EVENS, HARMONIC) == [(9, 15, 45), (9, 16, 72)]
    assert triples(ODDS, ARITHMETIC) == [
        (3, 5, 7), (5, 7, 9), (7, 16, 25), (7, 28, 49), (7, 64, 121), (12, 56, 100),
        (12, 66, 120), (16, 36, 56), (28, 64, 100)]
    assert triples(ODDS, GEOMETRIC) == [
        (9, 12, 16), (9, 30, 100), (16, 28, 49), (16, 36, 81), (25, 30, 36), (36, 66, 121),
        (36, 90, 225), (49, 56, 64), (64, 120, 225), (81, 90, 100), (100, 190, 361)]
    assert triples(ODDS, HARMONIC) == []


def test_major_and_praestantissima_sets() -> None:
    evens = [q for q in combinations(values(EVENS), 4) if len(kinds_in(q)) >= 2]
    odds = [q for q in combinations(values(ODDS), 4) if len(kinds_in(q)) >= 2]
    assert len(evens) == 12 and {(2, 4, 6, 8), (9, 15, 25, 45), (2, 9, 16, 72)} <= set(evens)
    assert odds == [(7, 16, 28, 49), (16, 36, 56, 81)]
    both = sorted(set(values(EVENS)) | set(values(ODDS)))
    assert [q for q in combinations(both, 4) if len(kinds_in(q)) == 3] == [
        (3, 4, 6, 9), (4, 6, 9, 12), (15, 20, 30, 45)]
    assert not any(len(kinds_in(q)) == 3 for side in (EVENS, ODDS)
                   for q in combinations(values(side), 4))


@pytest.mark.parametrize("trio", [(3, 4, 6), (6, 8, 12), (2, 3, 6), (3, 5, 15), (9, 15, 45)])
def test_harmonic_sanity(trio: tuple[int, int, int]) -> None:
    assert kind_of(*trio) == HARMONIC and kind_of(*reversed(trio)) == HARMONIC


def test_not_progressions() -> None:
    assert kind_of(2, 4, 6) == ARITHMETIC and kind_of(9, 9, 9) is None
    assert kind_of(2, 4, 7) is None and kind_of(4, 4, 8) is None


MAGNA = R.make_rules(options={"victory": "magna"})
MAJOR = R.make_rules(options={"victory": "major"})
BEST = R.make_rules(options={"victory": "praestantissima"})


def test_magna_needs_the_enemy_half_a_line_and_value_order() -> None:
    far = position({"c9": "C2", "c10": "C4", "c11": "C8", "h1": "C6", "h16": "c3"}, "o")
    out = MAGNA.outcome(far)
    assert out is not None and out.winner == EVENS
    assert out.reason == "Victoria magna: Evens formed 2, 4, 8 geometric on c9-c11"
    home = position({"c6": "C2", "c7": "C4", "c8": "C8", "h1": "C6", "h16": "c3"}, "o")
    assert MAGNA.outcome(home) is None  # in their own half
    unordered = position({"c9": "C4", "c10": "C2", "c11": "C8", "h1": "C6", "h16": "c3"}, "o")
    assert MAGNA.outcome(unordered) is None
    gap = position({"c9": "C2", "c10": "C4", "c12": "C8", "h1": "C6", "h16": "c3"}, "o")
    assert MAGNA.outcome(gap) is None
    rank = position({"b12": "T9", "c12": "S15", "d12": "S45", "h1": "C6", "h16": "c3"}, "o")
    out = MAGNA.outcome(rank)
    assert out is not None and out.reason.endswith("9, 15, 45 harmonic on b12-d12")
    back_only = R.make_rules(options={"victory": "magna", "placement": "back_rank"})
    assert back_only.outcome(rank) is None
    edge = position({"b16": "T9", "c16": "S15", "d16": "S45", "h1": "C6", "h15": "c3"}, "o")
    assert back_only.outcome(edge) is not None
    # the Odds form theirs in ranks 1-8
    odds = position({"a3": "c3", "a2": "c5", "a1": "c7", "h16": "C6", "h9": "C2"}, "e")
    out = MAGNA.outcome(odds)
    assert out is not None and out.winner == ODDS and "3, 5, 7 arithmetic" in out.reason


def test_major_and_praestantissima_formations() -> None:
    # 2, 4, 6, 8: arithmetic (2, 4, 6) and geometric (2, 4, 8)
    line = position({"e9": "C8", "e10": "C6", "e11": "C4", "e12": "C2", "a1": "C16",
                     "h16": "c3"}, "o")
    out = MAJOR.outcome(line)
    assert out is not None and out.winner == EVENS
    assert out.reason == ("Victoria major: Evens formed 2, 4, 6 arithmetic; 2, 4, 8 geometric "
                          "on e9-e12")
    assert BEST.outcome(line) is None
    assert MAGNA.outcome(line) is not None
    # 3, 4, 6, 9 needs enemy values: a proper game gives them (converted pieces)
    won = position({"a10": "C3", "b10": "C4", "c10": "C6", "d10": "C9", "a1": "C16",
                    "h16": "c5"}, "o")
    out = BEST.outcome(won)
    assert out is not None and out.winner == EVENS
    assert "3, 6, 9 arithmetic; 4, 6, 9 geometric; 3, 4, 6 harmonic on a10-d10" in out.reason


def test_a_capture_that_completes_a_formation_wins_at_once() -> None:
    # the Evens take the 12 on c11 (4 x 3); it turns white and completes 4, 8, 12
    state = position({"c9": "C4", "c10": "C8", "c11": "t12", "c15": "C4", "h1": "C6",
                      "h16": "c3"})
    assert MAGNA.outcome(state) is None
    after = MAGNA.play(state, MAGNA.parse_move(state, "A:c15xc11"))
    out = MAGNA.outcome(after)
    assert out is not None and out.winner == EVENS and "4, 8, 12 arithmetic on c9-c11" in \
        out.reason


def test_common_victories_count_pieces_sum_and_digits() -> None:
    taken = "e:c9,t12,c25,s121"  # 4 pieces, sum 167, digits 1 + 2 + 2 + 3 = 8
    state = position({"h1": "C2", "h16": "c3"}, "o", taken)
    def outcome(victory: str, **numbers: int) -> str | None:
        rules = R.make_rules(options={"victory": victory, **numbers})
        out = rules.outcome(state)
        return None if out is None else out.reason
    assert outcome("corpore", pieces=4) == "Victoria de corpore: Evens took 4 pieces"
    assert outcome("corpore", pieces=6) is None
    assert outcome("bonis", sum=160) == "Victoria de bonis: Evens took sum 167"
    assert outcome("bonis", sum=200) is None
    assert outcome("lite", sum=100, digits=8) == "Victoria de lite: Evens took sum 167, 8 digits"
    assert outcome("lite", sum=100, digits=7) is None   # digits must be exact
    assert outcome("honore", pieces=4, sum=160) is not None
    assert outcome("honore", pieces=5, sum=160) is None
    assert outcome("honore_liteque", pieces=4, sum=160, digits=8) is not None
    assert outcome("honore_liteque", pieces=4, sum=160, digits=10) is None
    both = position({"h1": "C2", "h16": "c3"}, "o", taken + " o:C64,S289,C4")
    rules = R.make_rules(options={"victory": "lite", "sum": 1000, "digits": 5})
    out = rules.outcome(both)
    assert out is not None and out.winner is None and "neither" in out.reason


def test_the_victory_table() -> None:
    assert [v.id for v in VICTORIES] == ["corpore", "bonis", "lite", "honore", "honore_liteque",
                                         "magna", "major", "praestantissima"]
    assert [v.proper for v in VICTORIES] == [False] * 5 + [True] * 3
    assert sq("a1") == 0


def test_adjudication_of_a_cut_game() -> None:
    state = position({"h1": "C2", "h16": "c3"}, "o", "e:c9,t12 o:C64")
    out = R.make_rules().adjudicate(state)
    assert out is not None and out.winner == EVENS and out.reason == \
        "cut short: Evens ahead, 2 to 1 pieces"
    out = R.make_rules(options={"victory": "bonis"}).adjudicate(state)
    assert out is not None and out.winner == ODDS
    assert MAGNA.adjudicate(state) is None
