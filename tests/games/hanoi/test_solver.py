"""The Hanoi solver against brute force, and the numbers and worked examples of docs/rules/hanoi.md."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from game.games.hanoi import solver
from game.games.hanoi.rules import HanoiMove, apply_move, legal_moves_of, make_rules
from tests.games.hanoi.brute import distances_to, neighbours

# rules/hanoi.md §4 table
FRAME_STEWART_4 = [1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81]
FRAME_STEWART_5 = [1, 3, 5, 7, 11, 15, 19, 23, 27, 31, 39, 47]


def configs(pegs: int, n: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(pegs), repeat=n))


# -- distances ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_three_pegs_formula_matches_bfs_for_every_pair(n: int) -> None:
    for target in configs(3, n):
        truth = distances_to(3, target)
        assert len(truth) == 3 ** n  # the graph is connected
        for start, d in truth.items():
            assert solver.distance(3, start, target) == d, (start, target)


def test_three_pegs_formula_matches_bfs_six_disks_sample() -> None:
    rng = random.Random(6)
    for target in rng.sample(configs(3, 6), 12):
        for start, d in distances_to(3, target).items():
            assert solver.distance(3, start, target) == d


@pytest.mark.parametrize("n", [1, 2, 3, pytest.param(4, marks=pytest.mark.slow)])
def test_four_pegs_search_matches_bfs(n: int) -> None:
    targets = configs(4, n)
    if n == 4:  # 256 targets × 256 starts in pure Python: every other target is plenty
        targets = targets[::2]
    for target in targets:
        truth = distances_to(4, target)
        assert len(truth) == 4 ** n
        for start, d in truth.items():
            assert solver.distance(4, start, target) == d


@pytest.mark.parametrize(("n", "samples"), [(5, 6), pytest.param(5, 25, marks=pytest.mark.slow),
                                            pytest.param(6, 4, marks=pytest.mark.slow)])
def test_four_pegs_search_matches_bfs_sampled_targets(n: int, samples: int) -> None:
    rng = random.Random(n)
    targets = [(3,) * n, (0,) * n] + rng.sample(configs(4, n), samples)
    for target in targets:
        for start, d in distances_to(4, target).items():
            assert solver.distance(4, start, target) == d


def test_search_table_agrees_with_three_peg_formula() -> None:
    # the vectorised search also runs on 3 pegs: a second, independent check of the formula
    rng = random.Random(3)
    for target in [(2,) * 7, *rng.sample(configs(3, 7), 3)]:
        table = solver.distance_table(3, target)
        for start in rng.sample(configs(3, 7), 300):
            assert int(table[solver.encode(start)]) == solver.distance(3, start, target)


def test_reference_test_vectors() -> None:
    # rules/hanoi.md §5: the largest disk moving twice is shorter (5 < 7) in the first one
    assert solver.distance(3, (0, 0, 1), (1, 1, 0)) == 5
    assert solver.distance(3, (0, 0, 1, 2, 2, 0), (2, 1, 0, 0, 1, 2)) == 41


def test_double_move_count_for_six_disks() -> None:
    # rules/hanoi.md §5: with n = 6, 33,972 of the 530,712 ordered pairs need the double move.
    # Vectorised over all pairs: gather costs come from a table filled by solver.gather_moves.
    n = 6
    every = np.array(configs(3, n))
    gather = np.array([[[solver.gather_moves(c, k, t) for t in range(3)] for k in range(n)]
                       for c in every])
    a, b = np.meshgrid(np.arange(len(every)), np.arange(len(every)), indexing="ij")
    a, b = a[a != b], b[a != b]
    differs = every[a] != every[b]
    m = n - np.argmax(differs[:, ::-1], axis=1)  # 1 + the largest differing disk
    pa, pb = every[a, m - 1], every[b, m - 1]
    once = gather[a, m - 1, 3 - pa - pb] + 1 + gather[b, m - 1, 3 - pa - pb]
    twice = gather[a, m - 1, pb] + 1 + (2 ** (m - 1) - 1) + 1 + gather[b, m - 1, pa]
    assert (len(a), int((twice < once).sum())) == (530_712, 33_972)
    # and the solver takes the shorter of the two, on a sample of those pairs
    rng = random.Random(7)
    for i in rng.sample(range(len(a)), 2000):
        start, target = tuple(every[a[i]]), tuple(every[b[i]])
        assert solver.distance(3, start, target) == min(once[i], twice[i])


def test_classic_tower_takes_two_to_the_n_minus_one() -> None:
    seed_table = {3: 7, 4: 15, 5: 31, 6: 63, 7: 127, 8: 255}  # the seed's table
    for n, moves in seed_table.items():
        assert solver.distance(3, (0,) * n, (2,) * n) == moves
    for n in range(1, 40):  # the formula works at any size, far beyond any search
        assert solver.distance(3, (0,) * n, (2,) * n) == 2 ** n - 1 == solver.classic_moves(n)
        assert solver.distance(3, (1,) * n, (0,) * n) == 2 ** n - 1


def test_frame_stewart_numbers() -> None:
    assert [solver.frame_stewart(n) for n in range(1, 13)] == FRAME_STEWART_4
    assert [solver.frame_stewart(n, 5) for n in range(1, 13)] == FRAME_STEWART_5
    assert [solver.frame_stewart(n, 3) for n in range(1, 13)] == [2 ** n - 1 for n in range(1, 13)]


def test_four_peg_search_finds_frame_stewart_up_to_ten_disks() -> None:
    for n in range(1, 11):
        assert solver.distance(4, (0,) * n, (3,) * n) == FRAME_STEWART_4[n - 1], n
        if n <= 8:  # any tower to any other peg, not only A to D
            assert solver.distance(4, (3,) * n, (1,) * n) == FRAME_STEWART_4[n - 1], n


def test_largest_disks_at_home_are_ignored() -> None:
    # the same sub-problem under extra disks that are already home costs the same
    assert solver.distance(4, (0, 0, 0, 2, 2), (3, 3, 3, 2, 2)) == 5
    assert solver.distance(3, (0, 0, 0, 1, 1, 1), (2, 2, 2, 1, 1, 1)) == 7


# -- next move, whole solutions -------------------------------------------------------------

@pytest.mark.parametrize(("pegs", "n"), [(3, 3), (3, 4), (4, 3), (4, 4)])
def test_next_move_is_optimal_from_every_state(pegs: int, n: int) -> None:
    rng = random.Random(pegs * 10 + n)
    for target in rng.sample(configs(pegs, n), 6):
        truth = distances_to(pegs, target)
        for start, d in truth.items():
            move = solver.next_move(pegs, start, target)
            if d == 0:
                assert move is None
                continue
            assert move is not None
            after = dict(neighbours(pegs, start))[(move.src, move.dst)]  # KeyError if illegal
            assert truth[after] == d - 1


@pytest.mark.parametrize(("pegs", "start", "target"), [
    (3, (0,) * 6, (2,) * 6),
    (3, (0, 0, 1, 2, 2, 0), (2, 1, 0, 0, 1, 2)),
    (3, (0, 0, 1), (1, 1, 0)),
    (4, (0,) * 8, (3,) * 8),
    (4, (1, 0, 3, 2, 1, 0, 3, 2, 1, 0), (3, 2, 1, 0, 3, 2, 1, 0, 3, 2)),
])
def test_solution_is_legal_optimal_and_reaches_the_target(
        pegs: int, start: tuple[int, ...], target: tuple[int, ...]) -> None:
    path = solver.solution(pegs, start, target)
    assert len(path) == solver.distance(pegs, start, target)
    config = start
    for move in path:
        assert move in legal_moves_of(pegs, config)
        config = apply_move(config, pegs, move)
    assert config == target


def test_classic_solution_follows_the_binary_rule() -> None:
    # rules/hanoi.md §3: move k moves disk 1 + (trailing zero bits of k); the optimum is unique
    for n in range(1, 9):
        config = (0,) * n
        for k, move in enumerate(solver.solution(3, config, (2,) * n), start=1):
            moved = min(d for d, p in enumerate(config) if p == move.src)
            assert moved == (k & -k).bit_length() - 1
            config = apply_move(config, 3, move)


def test_bestmove_example_from_the_brief() -> None:
    rules = make_rules("standard", {})
    state = rules.parse_position("3:ABCA>CCCC")
    assert solver.bestmove_lines(rules, state) == ["A-C", "optimal: 15"]
    # A-C is not just one optimal move among several: it is the only one
    truth = distances_to(3, state.target_pegs)
    assert truth[state.disk_pegs] == 15
    optimal = [m for m, after in neighbours(3, state.disk_pegs) if truth[after] == 14]
    assert optimal == [(0, 2)]


def test_bestmove_lines_when_solved_and_on_four_pegs() -> None:
    rules = make_rules("standard", {})
    assert solver.bestmove_lines(rules, rules.parse_position("3:ABC>ABC")) == ["optimal: 0"]
    lines = solver.bestmove_lines(rules, rules.parse_position("4:AAAAAAAAAA>DDDDDDDDDD"))
    assert lines[1] == "optimal: 49"
    first = rules.parse_move(rules.parse_position("4:AAAAAAAAAA>DDDDDDDDDD"), lines[0])
    assert first.src == 0


def test_state_helpers_match_the_pure_functions() -> None:
    rules = make_rules("standard", {"pegs": 4, "disks": 6})
    state = rules.initial_state()
    assert solver.moves_to_solve(state) == 17
    assert solver.best_move(state) == solver.next_move(4, state.disk_pegs, state.target_pegs)
    path = solver.solution_path(state)
    for move in path:
        state = rules.play(state, move)
    assert rules.solved(state) and len(path) == 17


def test_tables_are_cached() -> None:
    target = (3, 2, 1, 0, 3, 2, 1)
    first = solver.distance_table(4, target)
    assert solver.distance_table(4, target) is first
    # a hint for a state whose big disks are home reuses the bigger table instead of a new one
    solver.distance(4, (0, 0, 0, 0, 0, 0, 0), target)
    before = dict(solver._TABLES)
    solver.distance(4, (0, 0, 1, 0, 3, 2, 1), target)
    assert solver._TABLES.keys() == before.keys()


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError):
        solver.distance(5, (0,), (1,))
    with pytest.raises(ValueError):
        solver.distance(3, (0, 0), (1,))
    with pytest.raises(ValueError):
        solver.distance(3, (0, 3), (1, 1))
    n = solver.MAX_SEARCH_DISKS + 1
    with pytest.raises(ValueError, match="limited"):
        solver.distance(4, (0,) * n, (3,) * n)
    assert solver.next_move(4, (0,) * n, (0,) * n) is None  # nothing to search: solved
    assert HanoiMove(0, 1) == (0, 1)
