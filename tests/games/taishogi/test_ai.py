"""The Tai Shogi computer: legal, sensible with royals, greedy for strong men."""

from __future__ import annotations

import random

from game.games.taishogi.ai import LEVELS, evaluate, make_ai
from game.games.taishogi.rules import make_rules

from .helpers import position, sq

TSA = make_rules()


def choose(men: dict[str, str], level: str = "default", to_move: int = 0):  # type: ignore[no-untyped-def]
    state = position(men, to_move)
    move = make_ai(TSA, level).choose(state, seconds=1.0, rng=random.Random(0))
    assert TSA.check(state, move) is None
    return move


def test_takes_the_stronger_man() -> None:
    men = {"13y": "bE", "13x": "bG", "12x": "bG", "13a": "wE", "13b": "wG", "12b": "wG",
           "10m": "bR", "10e": "wLn", "4m": "wP"}
    for level in LEVELS:
        move = choose(men, level)
        assert move.to == sq("10e"), level


def test_takes_the_last_royal_at_once() -> None:
    men = {"13y": "bE", "13x": "bG", "12x": "bG", "13a": "wE", "10m": "bR", "10c": "wLn",
           "13c": "bG"}
    assert choose(men, "easy").caps == (sq("13a"),) or choose(men, "easy").to == sq("13a")


def test_does_not_leave_a_royal_en_prise() -> None:
    # Black's Crown Prince alone on 5m is attacked by White's Rook on 5a; Black's Emperor is
    # guarded at home. A Pawn could be taken, but the Prince must step aside first.
    men = {"13y": "bE", "13x": "bG", "12x": "bG", "14x": "bG", "5m": "bCP",
           "13a": "wE", "13b": "wG", "12b": "wG", "5a": "wR", "20l": "wP", "20m": "bG"}
    for level in ("default", "strong"):
        state = position(men)
        move = make_ai(TSA, level).choose(state, seconds=1.0, rng=random.Random(0))
        after = TSA.play(state, move)
        threats = {c for m in TSA.legal_moves(after) for c in m.caps}
        assert not threats & set(TSA.royals(after, 0)), (level, TSA.to_notation(state, move))


def test_evaluate_is_material_for_the_side_to_move() -> None:
    state = TSA.initial_state()
    assert evaluate(TSA, state) == 0
    assert evaluate(TSA, position({"1a": "bLn", "2a": "wP"})) == 31
    assert evaluate(TSA, position({"1a": "bLn", "2a": "wP"}, 1)) == -31
