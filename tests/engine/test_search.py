"""The shared search (alpha-beta and MCTS) checked against Nim, whose theory is exact."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from game.engine.search import WIN, AlphaBeta, Deadline, mcts
from tests.engine.nim import NimRules, NimState, _SearchAdapter, losing, winning_moves


def rules_for(heaps: tuple[int, ...], misere: bool = False) -> NimRules:
    return NimRules("misere" if misere else "standard", {"heaps": ",".join(map(str, heaps))})


@cache
def best_distance(heaps: tuple[int, ...], to_move: int, misere: bool) -> tuple[bool, int]:
    """Brute force: (side to move wins, plies to the end) when the winner hurries and the
    loser delays — what a search that prefers quick wins must report."""
    rules = rules_for((1,), misere)
    state = NimState(heaps, to_move)
    outcome = rules.outcome(state)
    if outcome is not None:
        return outcome.winner == to_move, 0
    results = []
    for move in rules.legal_moves(state):
        after = rules.play(state, move)
        wins, plies = best_distance(after.heaps, after.to_move, misere)
        results.append((not wins, plies + 1))
    won = [p for w, p in results if w]
    return (True, min(won)) if won else (False, max(p for _, p in results))


SMALL = [h for h in itertools.product(range(4), repeat=3) if any(h)]


@pytest.mark.parametrize("misere", [False, True])
def test_alpha_beta_scores_every_small_position_exactly(misere: bool) -> None:
    """Full-depth search: the right winner, and the exact distance to the end.

    The distance catches transposition-table mistakes: a win stored at one ply and reused at
    another must keep its distance from the node, not from the root."""
    for heaps in SMALL:
        rules = rules_for(heaps, misere)
        state = rules.initial_state()
        result = AlphaBeta(_SearchAdapter(rules)).search(state)
        wins, plies = best_distance(heaps, 0, misere)
        assert result.score == (WIN - plies if wins else -(WIN - plies)), heaps
        assert wins != losing(rules, state), heaps
        if wins:
            assert result.move in winning_moves(rules, state), heaps


@pytest.mark.parametrize("heaps", [(2, 3, 6, 7), (1, 3, 6, 7)])
def test_alpha_beta_solves_larger_starts(heaps: tuple[int, ...]) -> None:
    # 2^3^6^7 = 0: the first player loses; 1^3^6^7 = 3: the first player wins
    rules = rules_for(heaps)
    state = rules.initial_state()
    result = AlphaBeta(_SearchAdapter(rules)).search(state, rng=random.Random(4))
    wins, plies = best_distance(heaps, 0, False)
    assert wins == (heaps == (1, 3, 6, 7))
    assert result.score == (WIN - plies if wins else -(WIN - plies))
    if wins:
        assert result.move in winning_moves(rules, state)
    assert result.pv[0] == result.move


def test_node_budget_bounds_the_whole_search() -> None:
    rules = rules_for((9, 9, 9, 9))
    search = AlphaBeta(_SearchAdapter(rules))
    result = search.search(rules.initial_state(), nodes=2_000)
    assert result.move is not None and result.depth >= 2
    assert 2_000 <= result.nodes < 2_000 + 256


def test_node_budget_smaller_than_depth_one_still_gives_a_move() -> None:
    rules = rules_for((9, 9, 9, 9))
    result = AlphaBeta(_SearchAdapter(rules)).search(rules.initial_state(), nodes=1)
    assert result.depth == 1 and result.nodes == 36  # the 36 root moves, searched once


def test_deadline_with_a_fake_clock() -> None:
    now = [0.0]
    deadline = Deadline(seconds=2.0, clock=lambda: now[0])
    assert not deadline.expired() and not deadline.tick()
    now[0] = 1.99
    assert not deadline.expired()
    now[0] = 2.0
    assert deadline.expired() and deadline.tick()
    budget = Deadline(nodes=3)
    assert [budget.tick() for _ in range(3)] == [False, False, True]
    cancelled = Deadline()
    cancelled.cancelled = True
    assert cancelled.expired()


def test_search_stops_when_time_is_up() -> None:
    rules = rules_for((9, 9, 9, 9))
    result = AlphaBeta(_SearchAdapter(rules)).search(rules.initial_state(), seconds=0.0)
    assert result.depth == 1 and result.move in rules.legal_moves(rules.initial_state())


def test_transposition_table_survives_between_searches_and_is_bounded() -> None:
    rules = rules_for((3, 4, 5))
    search = AlphaBeta(_SearchAdapter(rules), tt_size=50)
    search.search(rules.initial_state(), max_depth=4)
    assert len(search.tt) > 50
    search.search(rules.play(rules.initial_state(), (0, 1)), max_depth=1)
    assert len(search.tt) <= 50 + 36


def test_mcts_runs_exactly_its_iterations() -> None:
    rules = rules_for((3, 4, 5))
    for n in (1, 10, 57):
        result = mcts(_SearchAdapter(rules), rules.initial_state(), iterations=n,
                      rng=random.Random(n))
        assert result.nodes == n


def test_mcts_finds_the_winning_move() -> None:
    rules = rules_for((1, 2, 4))
    state = rules.initial_state()
    [best] = winning_moves(rules, state)  # 1^2^4 = 7: only 4 -> 3
    result = mcts(_SearchAdapter(rules), state, iterations=3_000, rng=random.Random(2))
    assert result.move == best


def test_no_move_no_result() -> None:
    rules = rules_for((0, 0))
    state = rules.initial_state()
    assert AlphaBeta(_SearchAdapter(rules)).search(state).move is None
    assert mcts(_SearchAdapter(rules), state, iterations=5).move is None
