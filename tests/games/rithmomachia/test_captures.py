"""Every worked capture of docs/rules/rithmomachia.md (§4.3), the arithmetic shown for it, and the pyramids."""

from __future__ import annotations

import pytest

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.captures import Capture

from .helpers import lines, position, sq

RULES = R.make_rules()

# (pieces, lines for the Evens to move, lines for the Odds to move)
WORKED = [
    ({"e10": "t56", "d10": "C2", "f10": "C4", "e7": "T25"},
     ["combination e10 by e7,d10,f10"], ["none"]),
    ({"d5": "C4", "d9": "t12"}, ["attack d9 by d5"], ["attack d5 by d9"]),
    ({"d5": "C4", "d7": "c5", "d9": "t12"}, ["none"], ["none"]),
    ({"d5": "C4", "d7": "c4"}, ["none"], ["none"]),
    ({"e8": "S25", "e9": "c25"}, ["meeting e9 by e8"], ["meeting e8 by e9"]),
    ({"d9": "t30", "c9": "C36", "e9": "C6"}, ["ambush d9 by c9,e9"], ["none"]),
    ({"d9": "s66", "c9": "S45", "e9": "S15", "d8": "T6"}, ["ambush d9 by d8,c9,e9"], ["none"]),
    ({"a9": "c3", "a8": "C64", "a10": "C36", "b9": "C16"}, ["siege a9 by a8,b9,a10"], ["none"]),
    ({"d8": "P91", "d9": "c9"}, ["meeting d9 by d8"], ["ransom d8 by d9"]),
    ({"d8": "P91", "c8": "s66", "e8": "c25"}, ["meeting e8 by d8"],
     ["ambush d8 by c8,e8", "ransom d8 by e8"]),
    ({"d10": "p190", "c10": "S169", "e10": "T25", "d9": "C4"},
     ["ambush d10 by d9,c10,e10", "ransom d10 by e10"], ["meeting e10 by d10"]),
]


@pytest.mark.parametrize("pieces,evens,odds", WORKED)
def test_worked_captures(pieces: dict[str, str], evens: list[str], odds: list[str]) -> None:
    assert lines(RULES, position(pieces, "e")) == evens
    assert lines(RULES, position(pieces, "o")) == odds


@pytest.mark.parametrize("pieces,side,move,arithmetic", [
    ({"e10": "t56", "d10": "C2", "f10": "C4", "e7": "T25"}, "e", "C:e7+d10+f10xe10",
     "25 × 2 + 4 + 2 = 56"),
    ({"d5": "C4", "d9": "t12"}, "e", "A:d5xd9", "4 × 3 = 12"),
    ({"d5": "C4", "d9": "t12"}, "o", "A:d9xd5", "12 ÷ 3 = 4"),
    ({"d9": "t30", "c9": "C36", "e9": "C6"}, "e", "E:c9+e9xd9", "36 − 6 = 30"),
    ({"d10": "p190", "c10": "S169", "e10": "T25", "d9": "C4"}, "e", "E:d9+c10+e10xd10",
     "169 + 25 − 4 = 190"),
    ({"e8": "S25", "e9": "c25"}, "e", "M:e8xe9", "25 = 25"),
    ({"a9": "c3", "a8": "C64", "a10": "C36", "b9": "C16"}, "e", "S:a8+b9+a10xa9",
     "3 on a9 is besieged by a8, b9, a10"),
])
def test_the_arithmetic_is_explained(pieces: dict[str, str], side: str, move: str,
                                     arithmetic: str) -> None:
    state = position(pieces, side)
    capture = RULES.parse_move(state, move)
    assert isinstance(capture, Capture)
    assert RULES.explain(state, capture) == arithmetic


def test_combination_taken_in_phase_three_after_the_move() -> None:
    """The example of §R11: the 25 steps to e7 and then takes the 56 (2 × 25 + 2 + 4)."""
    state = position({"e10": "t56", "d10": "C2", "f10": "C4", "e4": "T25", "a1": "C8",
                      "h16": "c3"})
    assert lines(RULES, state) == ["none"]
    state = RULES.play(state, RULES.parse_move(state, "e4-e6"))
    assert state.to_move == R.ODDS  # e6 leaves three squares: no capture, the turn ended
    state = position({"e10": "t56", "d10": "C2", "f10": "C4", "e5": "T25", "a1": "C8",
                      "h16": "c3"})
    after = RULES.play(state, RULES.parse_move(state, "e5-e7"))
    assert after.phase == 3 and after.to_move == R.EVENS and after.active == (sq("e7"),)
    assert lines(RULES, after) == ["combination e10 by e7,d10,f10"]
    assert R.position_text(after).endswith(" e 3:e7")
    done = RULES.play(after, RULES.parse_move(after, "C:e7+d10+f10xe10"))
    assert done.board[sq("e10")] is None and done.to_move == R.ODDS
    assert [p.value for p in done.taken[R.EVENS]] == [56]


def test_attack_needs_two_empty_squares_and_an_open_line() -> None:
    # k = 2: 6 x 2 = 12; one square between is not enough; a piece between blocks
    assert lines(RULES, position({"d5": "C6", "d8": "t12"})) == ["attack d8 by d5"]
    assert lines(RULES, position({"d5": "C6", "d7": "t12"})) == ["none"]
    assert lines(RULES, position({"d5": "C6", "d6": "C2", "d8": "t12"})) == ["none"]
    # along a rank too, and a division must be exact: 9 / 2 is not 4
    assert lines(RULES, position({"a5": "C4", "d5": "t8"})) == ["attack d5 by a5"]
    assert lines(RULES, position({"a5": "c9", "d5": "C4"}, "o")) == ["none"]


def test_siege_needs_every_neighbour_and_the_edge_option() -> None:
    besieged = {"d9": "c3", "d8": "C64", "d10": "C36", "c9": "C16", "e9": "C6"}
    assert lines(RULES, position(besieged)) == ["siege d9 by d8,c9,e9,d10"]
    del besieged["e9"]
    assert lines(RULES, position(besieged)) == ["none"]
    corner = {"a16": "c3", "a15": "C64", "b16": "C36"}
    assert lines(RULES, position(corner)) == ["siege a16 by a15,b16"]
    no_edges = R.make_rules(options={"siege_edges": False})
    assert lines(no_edges, position(corner)) == ["none"]
    # a piece walled in partly by its own side is not besieged
    assert lines(RULES, position({"a9": "c3", "a8": "C64", "a10": "c36", "b9": "C16"})) == \
        ["none"]


def test_pyramid_taken_whole_or_ransomed() -> None:
    # the Odds' 66 + 25 = 91 takes the whole pyramid: one piece worth 91
    pieces = {"d8": "P91", "c8": "s66", "e8": "c25", "h3": "T9", "a1": "C25"}
    state = position(pieces, "o")
    whole = RULES.parse_move(state, "E:c8+e8xd8")
    after = RULES.play(state, whole)
    assert after.board[sq("d8")] is None
    assert [(p.shape, p.value) for p in after.taken[R.ODDS]] == [("P", 91)]
    # the 25 alone meets layer 25: the pyramid stays, an Evens piece worth 25 goes
    ransoms = [m for m in RULES.legal_moves(state) if isinstance(m, Capture) and m.kind == "ransom"]
    assert [R.to_notation(m) for m in ransoms] == ["R:e8xd8=a1"]
    after = RULES.play(state, ransoms[0])
    assert after.board[sq("d8")] == (R.EVENS, "P", 91)
    assert after.board[sq("a1")] is None
    assert RULES.explain(state, ransoms[0]) == "25 = 25"
    # no Evens piece worth 9: the ransom takes any piece but the pyramid
    state = position({"d8": "P91", "d9": "c9", "h3": "T6", "a1": "C2"}, "o")
    takes = sorted(R.to_notation(m) for m in RULES.legal_moves(state)
                   if isinstance(m, Capture))
    assert takes == ["R:d9xd8=a1", "R:d9xd8=h3"]
    refused = RULES.check(state, Capture("ransom", sq("d8"), (sq("d9"),), sq("d8")))
    assert refused is not None and "piece" in refused


def test_ransom_through_layer_one_and_pyramid_attackers() -> None:
    # 3 / 3 = 1 hits the Evens pyramid's top layer (A22): a ransom
    state = position({"d4": "P91", "d8": "c3", "a1": "C2"}, "o")
    assert lines(RULES, state) == ["ransom d4 by d8"]
    # a pyramid attacks with any layer: 16 x 3 = 48 (layer 16 of the 91)
    state = position({"d4": "P91", "d8": "t48"})
    assert lines(RULES, state) == ["attack d8 by d4"]
    assert RULES.explain(state, RULES.parse_move(state, "A:d4xd8")) == "16 × 3 = 48"


def test_a_refused_capture_says_why() -> None:
    state = position({"d5": "C4", "d9": "t12", "h1": "C2"})
    assert RULES.check(state, Capture("attack", sq("h1"), (sq("d5"),), sq("h1"))) == \
        "you cannot capture your own piece"
    assert RULES.check(state, Capture("attack", sq("d9"), (sq("h1"),), sq("d9"))) == \
        "those pieces do not make an attack of 12 on d9"
    alone = position({"d5": "C4", "d10": "t12"})
    assert RULES.check(alone, Capture("attack", sq("d10"), (sq("d5"),), sq("d10"))) == \
        "12 on d10 cannot be captured now"
    assert RULES.check(state, Capture("ransom", sq("d9"), (sq("d5"),), sq("h1"))) == \
        "only a pyramid can be ransomed"
    assert "no piece" in str(RULES.check(state, Capture("attack", sq("a9"), (sq("d5"),),
                                                        sq("a9"))))
