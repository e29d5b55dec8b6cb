"""Notation and position text: exact forms, round trips, and clear refusals."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.rithmomachia import rules as R
from game.games.rithmomachia.captures import Capture

from .helpers import position, sq, text

RULES = R.make_rules()
START = ("s49,s121,4,s225,s361/s28,s66,t36,t30,t56,t64,s120,p190/"
         "t16,t12,c9,c25,c49,c81,t90,t100/2,c3,c5,c7,c9,2/8/8/8/8/8/8/8/8/"
         "2,C8,C6,C4,C2,2/T81,T72,C64,C36,C16,C4,T6,T9/"
         "S153,P91,T49,T42,T20,T25,S45,S15/S289,S169,4,S81,S25 e")


def test_the_start_position_text() -> None:
    assert R.position_text(RULES.initial_state()) == START
    assert RULES.parse_position(START) == RULES.initial_state()


def test_extra_fields_round_trip() -> None:
    t = text({"d5": "C4", "d9": "t12", "a1": "C2", "h16": "c3"}, "e",
             "3:d5 e:c9,t12 o:P91")
    state = RULES.parse_position(t)
    assert state.phase == 3 and state.active == (sq("d5"),)
    assert [p.value for p in state.taken[R.EVENS]] == [9, 12]
    assert [p.value for p in state.taken[R.ODDS]] == [91]
    assert R.position_text(state) == t
    # captured pieces are kept sorted whatever order they are written in
    assert R.position_text(RULES.parse_position(t.replace("c9,t12", "t12,c9"))) == t


@pytest.mark.parametrize("bad,why", [
    ("", "empty"),
    ("8/8 e", "ranks"),
    (START.replace(" e", " w"), r"e \(Evens\) or o \(Odds\)"),
    (START.replace("P91", "P92"), "no pyramid worth 92"),
    (START.replace("S289,S169,4", "S289,S169,5"), "covers 9 squares"),
    (START.replace("T9/", "X9/"), "not a piece"),
    (START.replace("/8/8/8/8/8/8/8/8/", "/8/8/8//8/8/8/8/"), "rank"),
    (START + " 3:d5", "does not hold a piece"),
    (START + " e:C4", "in the other case"),
    (START + " q:c4", "not understood"),
    (START + " e:c4 e:c9", "not understood"),
])
def test_bad_positions_say_why(bad: str, why: str) -> None:
    with pytest.raises(BadPosition, match=why):
        RULES.parse_position(bad)


def test_notation_forms() -> None:
    assert R.to_notation(R.Step(sq("a1"), sq("a4"))) == "a1-a4"
    assert R.to_notation(Capture("combination", sq("e10"), (sq("d10"), sq("e7"), sq("f10")),
                                 sq("e10"))) == "C:d10+e7+f10xe10"
    assert R.to_notation(Capture("ransom", sq("d8"), (sq("d9"),), sq("h3"))) == "R:d9xd8=h3"
    assert R.to_notation(R.DONE) == "--"
    # reading is forgiving about order, case and spaces
    assert R.read_move(" e:E9 + c9 x D9 ") == Capture("ambush", sq("d9"), (sq("c9"), sq("e9")),
                                                      sq("d9"))
    for bad in ("a1a4", "Z:d5xd9", "A:d5xd9=h3", "R:d9xd8", "a1-a17", "i1-i2"):
        with pytest.raises(IllegalMove):
            R.read_move(bad)


def test_parse_move_refuses_with_the_reason() -> None:
    state = position({"d5": "C4", "d9": "t12", "h16": "c3"})
    with pytest.raises(IllegalMove, match="a circle moves exactly 1 square"):
        RULES.parse_move(state, "d5-d7")
    with pytest.raises(IllegalMove, match="A:d9xd5: you cannot capture your own piece"):
        RULES.parse_move(state, "A:d9xd5")


@pytest.mark.parametrize(("victory", "games"), [
    ("corpore", 1), ("magna", 1),  # the fast step: one game of each
    pytest.param("corpore", 4, marks=pytest.mark.slow),
    pytest.param("magna", 4, marks=pytest.mark.slow)])
def test_random_play_round_trips_every_move_and_position(victory: str, games: int) -> None:
    rules = R.make_rules(options={"victory": victory, "pieces": 12})
    rng = random.Random(3)
    for _game in range(games):
        state = rules.initial_state()
        for _ply in range(150):
            moves = rules.legal_moves(state)
            if not moves:
                break
            for move in moves:
                assert rules.parse_move(state, rules.to_notation(state, move)) == move
            t = rules.position_text(state)
            assert rules.parse_position(t) == state and rules.position_text(
                rules.parse_position(t)) == t
            state = rules.play(state, rng.choice(moves))
