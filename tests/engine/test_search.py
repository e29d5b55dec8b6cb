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


class _Tree:
    """A game given as a tree: a state is the path of moves from the root; `leaves` score
    each state for the side to move there (non-leaves score 0 before their children are
    searched)."""

    def __init__(self, children: dict[str, list[str]], scores: dict[str, float]) -> None:
        self.children, self.scores = children, scores

    def moves(self, state: str) -> list[str]:
        return self.children.get(state, [])

    def play(self, state: str, move: str) -> str:
        return move

    def evaluate(self, state: str) -> float:
        return self.scores.get(state, 0.0)

    def terminal(self, state: str) -> float | None:
        return None

    def key(self, state: str) -> str:
        return state


def _cut_tree() -> _Tree:
    """At depth 1 `a` looks best (the opponent's reply then looks bad for it); at depth 2 `a`
    is refuted by `a1` and `b` holds; `c`'s subtree (41 nodes, no cut before its last reply) is the one a tight budget leaves
    unsearched."""
    children = {"": ["a", "b", "c"], "a": ["a1", "a2"], "b": ["b1", "b2"],
                "c": [f"c{i}" for i in range(40)]}
    scores = {"a": -5.0, "b": -1.0, "c": 0.0,     # for the opponent to move: a looks best
              "a1": -9.0, "a2": 3.0,              # for us: the reply a1 leaves us at -9
              "b1": 2.0, "b2": 1.0}               # b's worst reply still leaves us +1
    scores.update({f"c{i}": 5.0 for i in range(39)}, c39=-20.0)  # refuted by its last reply
    return _Tree(children, scores)


@pytest.mark.parametrize("keep", [False, True])
def test_a_depth_cut_short_keeps_a_better_move_it_finished(keep: bool) -> None:
    tree = _cut_tree()
    search = AlphaBeta(tree, check_every=1, keep_partial=keep)
    # depth 1 costs 3 nodes; at depth 2, a (3 nodes) then b (3 nodes), then c's 41 are cut
    result = search.search("", max_depth=2, nodes=3 + 3 + 3 + 5)
    if keep:
        assert (result.move, result.score, result.depth, result.partial) == ("b", 1.0, 1, True)
        assert result.pv[0] == "b"
    else:
        assert (result.move, result.depth, result.partial) == ("a", 1, False)
    full = AlphaBeta(tree, keep_partial=keep).search("", max_depth=2)
    assert (full.move, full.score, full.depth, full.partial) == ("b", 1.0, 2, False)


def test_a_depth_cut_before_a_better_move_keeps_the_last_depth() -> None:
    tree = _cut_tree()
    # cut while a, the last depth's best, is still being searched: nothing finished beat it
    result = AlphaBeta(tree, check_every=1, keep_partial=True).search("", max_depth=2,
                                                                       nodes=3 + 2)
    assert (result.move, result.depth, result.partial) == ("a", 1, False)


class _DrawOrQuiet:
    """Two root moves: "draw" ends the game at once, worth -0.5 to the side that chose it (a
    player's contempt), and "quiet" leads to a position evaluated -0.3 for it."""

    def moves(self, state: str) -> list[str]:
        return ["draw", "quiet"] if state == "root" else []

    def play(self, state: str, move: str) -> str:
        return move

    def evaluate(self, state: str) -> float:
        return 0.3  # for the side to move after "quiet": -0.3 for the root's side

    def terminal(self, state: str) -> float | None:
        return 0.5 if state == "draw" else None  # for the side to move: +0.5 to the opponent

    def key(self, state: str) -> str:
        return state


def test_a_drawn_lines_value_is_not_moved_by_its_distance() -> None:
    # Wins found sooner score higher (WIN less the plies); a draw's small value is the game's
    # own and must not be shifted by its ply (at ply 1, -0.5 + 1 would beat -0.3).
    result = AlphaBeta(_DrawOrQuiet()).search("root", max_depth=2)
    assert result.move == "quiet" and result.score == -0.3
