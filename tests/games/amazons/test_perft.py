"""Amazons perft: the known start counts, and the fast counter against plain move generation.

2176 and 4 307 152 are the published counts for the 10x10 start (depth 1 and 2). The small-board
figures and 10x10 depth 3 (8 350 439 170, too slow for the suite) were confirmed with a separate
naive C program written for the purpose; the suite recomputes the cheap ones.
"""

from __future__ import annotations

import random

import pytest

from game.games.amazons import rules as R
from tests.games.amazons import brute


def generic_perft(rules: R.AmazonsRules, state: R.State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(generic_perft(rules, rules.play(state, m), depth - 1)
               for m in rules.legal_moves(state))


def test_standard_start_depth_1_and_2() -> None:
    r = R.make_rules()
    s = r.initial_state()
    assert r.perft(s, 0) == 1
    assert r.perft(s, 1) == 2176
    assert r.perft(s, 2) == 4_307_152


@pytest.mark.parametrize("variant, counts", [
    ("5x5", (260, 50_422)),
    ("6x6", (544, 238_532)),
    ("7x7", (812, 560_400)),
    ("8x8", (1232, 1_331_198)),
])
def test_small_board_starts(variant: str, counts: tuple[int, int]) -> None:
    r = R.make_rules(variant)
    s = r.initial_state()
    assert (r.perft(s, 1), r.perft(s, 2)) == counts


def test_5x5_depth_3_uses_the_fast_path_at_two_inner_plies() -> None:
    r = R.make_rules("5x5")
    assert r.perft(r.initial_state(), 3) == 7_940_210


def test_depth_2_fast_equals_generic_on_5x5() -> None:
    r = R.make_rules("5x5")
    s = r.initial_state()
    assert generic_perft(r, s, 2) == r.perft(s, 2)


@pytest.mark.parametrize("variant", ["standard", "7x7", "5x5"])
def test_fast_perft_matches_generation_in_random_positions(variant: str) -> None:
    r = R.make_rules(variant)
    rng = random.Random(42)
    s = r.initial_state()
    checked = 0
    while r.outcome(s) is None:
        moves = r.legal_moves(s)
        if rng.random() < 0.3:
            assert r.perft(s, 1) == len(moves) == len(brute.moves(s))
            # depth 2 by hand on a sample of first moves
            for m in rng.sample(moves, min(4, len(moves))):
                child = r.play(s, m)
                assert r.perft(child, 1) == len(r.legal_moves(child))
            checked += 1
        s = r.play(s, rng.choice(moves))
    assert r.perft(s, 1) == 0 and r.perft(s, 2) == 0  # the loser has nothing to count
    assert checked >= 3


def test_midgame_depth_2_equals_generic() -> None:
    r = R.make_rules("6x6")
    rng = random.Random(3)
    s = r.initial_state()
    for _ in range(6):
        s = r.play(s, rng.choice(r.legal_moves(s)))
    assert r.perft(s, 2) == generic_perft(r, s, 2)


def test_perft_with_the_territory_option_stops_at_decided_positions() -> None:
    # Separated: White's amazon walled in the corner area (a1..c3), Black's elsewhere; with the
    # option on the game is over, so there is nothing to count.
    text = "10/10/10/10/10/4B5/10/xxxx6/3x6/W2x6 w"
    plain = R.make_rules("standard")
    early = R.make_rules("standard", {"territory_end": True})
    s = plain.parse_position(text)
    assert plain.perft(s, 1) > 0
    assert early.outcome(s) is not None
    assert early.perft(s, 1) == 0
