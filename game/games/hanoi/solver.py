"""Exact Towers of Hanoi solver: fewest moves, an optimal next move and a whole optimal path.

Between any two configurations (not only tower to tower):

* 3 pegs — the closed recursion of docs/rules/hanoi.md §5, O(n) per distance, any number of disks. It
  includes the case where the largest misplaced disk moves twice (a→c→b), which is sometimes
  strictly shorter and must not be forgotten.
* 4 pegs — no formula is known between arbitrary configurations, so a breadth-first search
  from the target over every configuration (4ⁿ of them, one byte each) gives the distance of
  all of them at once. It is vectorised with numpy (about a second for 10 disks; pure Python
  would take tens of seconds) and the table is cached: once built, every hint and every step of
  "watch the solution" is a handful of lookups.

Both use one fact that keeps the work small: the largest disks that already sit on their
target peg never move in an optimal solution (deleting the moves of the largest disk from any
solution leaves a legal, shorter one, since the largest disk never blocks a smaller one), so
only the disks up to the largest misplaced one matter.

Pure: no pygame, nothing read from disk.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np

from game.games.hanoi.rules import (
    PEG_CHOICES,
    HanoiMove,
    HanoiState,
    apply_move,
    legal_moves_of,
)

#: Largest number of disks (up to the largest misplaced one) the 4-peg search accepts:
#: 4¹¹ configurations is 4 MB of table and a few seconds; beyond that memory and time grow 4×.
MAX_SEARCH_DISKS = 11

#: Memory kept for distance tables (one per target: 1 MB for 10 disks on 4 pegs, 4 MB for 11).
TABLE_CACHE_BYTES = 24 << 20


def classic_moves(n: int) -> int:
    """Fewest moves for a tower of n disks on 3 pegs: 2ⁿ − 1."""
    return (1 << n) - 1


@cache
def frame_stewart(n: int, pegs: int = 4) -> int:
    """Frame–Stewart number: moves of the best "split the tower" strategy (optimal for 4 pegs)."""
    if n == 0:
        return 0
    if pegs == 3:
        return classic_moves(n)
    return min(2 * frame_stewart(n - k, pegs) + frame_stewart(k, pegs - 1)
               for k in range(1, n + 1))


# -- inputs ---------------------------------------------------------------------------------

def _check(pegs: int, start: Sequence[int], target: Sequence[int]) -> None:
    if pegs not in PEG_CHOICES:
        raise ValueError(f"the solver handles 3 or 4 pegs, not {pegs}")
    if len(start) != len(target):
        raise ValueError(f"start has {len(start)} disks but target {len(target)}")
    for config in (start, target):
        for p in config:
            if not 0 <= p < pegs:
                raise ValueError(f"peg {p} out of range for {pegs} pegs")


def _misplaced(start: Sequence[int], target: Sequence[int]) -> int:
    """Number of disks that matter: 1 + the largest disk off its target peg (0 if solved)."""
    for d in range(len(start) - 1, -1, -1):
        if start[d] != target[d]:
            return d + 1
    return 0


# -- 3 pegs: closed formula -----------------------------------------------------------------

def gather_moves(config: Sequence[int], k: int, peg: int) -> int:
    """Fewest moves to bring the k smallest disks of `config` onto `peg` (3 pegs).

    Going down from disk k: a disk already on the wanted peg costs nothing; otherwise the
    smaller ones must first gather on the third peg, then it moves (1), then the k−1 smaller
    ones follow as a tower (2^(k−1) − 1) — together 2^(k−1) plus the smaller disks' gathering.
    """
    total = 0
    for d in range(k - 1, -1, -1):
        if config[d] != peg:
            total += 1 << d
            peg = 3 - config[d] - peg
    return total


def _distance3(start: Sequence[int], target: Sequence[int]) -> int:
    m = _misplaced(start, target)
    if m == 0:
        return 0
    a, b = start[m - 1], target[m - 1]
    c = 3 - a - b
    k = m - 1
    # the largest misplaced disk moves once (a→b) with the others parked on c …
    once = gather_moves(start, k, c) + 1 + gather_moves(target, k, c)
    # … or twice (a→c→b): the others go to b, then (as a tower) to a, then to the target
    twice = gather_moves(start, k, b) + 1 + classic_moves(k) + 1 + gather_moves(target, k, a)
    return min(once, twice)


# -- 4 pegs: breadth-first search over integer-coded configurations ------------------------

def encode(config: Sequence[int]) -> int:
    """Two bits per disk, smallest disk in the lowest bits."""
    code = 0
    for d, p in enumerate(config):
        code |= p << (2 * d)
    return code


_TABLES: OrderedDict[tuple[int, tuple[int, ...]], np.ndarray] = OrderedDict()


_CHUNK = 5  # disks per lookup chunk: 4⁵ = 1024 rows


@cache
def _chunk_tops() -> np.ndarray:
    """For each 5-disk code and peg: the smallest disk of the chunk on that peg, or _CHUNK."""
    table = np.full((1 << (2 * _CHUNK), 4), _CHUNK, dtype=np.int64)
    for code in range(1 << (2 * _CHUNK)):
        for d in range(_CHUNK - 1, -1, -1):
            table[code, (code >> (2 * d)) & 3] = d
    return table


def _tops(frontier: np.ndarray, n: int, pegs: int) -> list[np.ndarray]:
    """Smallest disk on each peg (n when empty) for every code of `frontier`."""
    chunk_tops = _chunk_tops()
    tops = [np.full(frontier.size, n, dtype=np.int64) for _ in range(pegs)]
    mask = (1 << (2 * _CHUNK)) - 1
    # chunks from the largest disks down, so smaller disks overwrite larger ones
    for base in range(((n - 1) // _CHUNK) * _CHUNK, -1, -_CHUNK):
        rows = chunk_tops[(frontier >> (2 * base)) & mask]
        width = min(_CHUNK, n - base)
        for q in range(pegs):
            found = rows[:, q]
            here = found < width
            tops[q] = np.where(here, found + base, tops[q])
    return tops


def _build_table(pegs: int, target: tuple[int, ...]) -> np.ndarray:
    n = len(target)
    dtype = np.uint8 if pegs == 4 else np.uint16  # 3-peg distances reach 2ⁿ − 1
    unseen = np.iinfo(dtype).max
    dist = np.full(1 << (2 * n), unseen, dtype=dtype)
    frontier = np.array([encode(target)], dtype=np.int64)
    dist[frontier] = 0
    depth = 0
    while frontier.size:
        depth += 1
        if depth >= unseen:
            raise ValueError("distance table overflow")  # cannot happen for n ≤ MAX_SEARCH_DISKS
        tops = _tops(frontier, n, pegs)
        for src in range(pegs):
            for dst in range(pegs):
                if src == dst:
                    continue
                ok = tops[src] < tops[dst]
                if ok.any():
                    moved = tops[src][ok]
                    reached = frontier[ok] + (dst - src) * np.left_shift(1, 2 * moved)
                    reached = reached[dist[reached] == unseen]
                    dist[reached] = depth
        # duplicates collapse in the table: the next frontier is simply this layer
        frontier = np.flatnonzero(dist == depth)
    dist.setflags(write=False)
    return dist


def distance_table(pegs: int, target: Sequence[int]) -> np.ndarray:
    """Fewest moves from every configuration (indexed by `encode`) to `target`; cached.

    Unreachable codes (peg 3 when there are only 3 pegs) hold the dtype's maximum.
    """
    key = (pegs, tuple(target))
    table = _TABLES.get(key)
    if table is None:
        if len(target) > MAX_SEARCH_DISKS:
            raise ValueError(f"exact search is limited to {MAX_SEARCH_DISKS} disks "
                             f"(up to the largest misplaced one), not {len(target)}")
        table = _build_table(pegs, key[1])
        _TABLES[key] = table
        while len(_TABLES) > 1 and sum(t.nbytes for t in _TABLES.values()) > TABLE_CACHE_BYTES:
            _TABLES.popitem(last=False)  # least recently used first
    else:
        _TABLES.move_to_end(key)
    return table


def _distance_search(pegs: int, start: Sequence[int], target: Sequence[int]) -> int:
    m = _misplaced(start, target)
    if m == 0:
        return 0
    # A cached table for more disks of the same target serves too: the extra disks agree.
    size = m
    for tp, tt in _TABLES:
        if tp == pegs and m <= len(tt) <= len(target) and tuple(target[:len(tt)]) == tt:
            size = len(tt)
            break
    return int(distance_table(pegs, target[:size])[encode(start[:size])])


# -- public solver --------------------------------------------------------------------------

def distance(pegs: int, start: Sequence[int], target: Sequence[int]) -> int:
    """Fewest moves from configuration `start` to `target` (each disk's peg, smallest first)."""
    _check(pegs, start, target)
    if pegs == 3:
        return _distance3(start, target)
    return _distance_search(pegs, start, target)


@lru_cache(maxsize=8192)
def next_move(pegs: int, start: tuple[int, ...], target: tuple[int, ...]) -> HanoiMove | None:
    """The first optimal move (first in source-then-destination peg order); None when solved."""
    d = distance(pegs, start, target)
    if d == 0:
        return None
    m = _misplaced(start, target)
    for move in legal_moves_of(pegs, start):
        after = apply_move(start, pegs, move)
        if _misplaced(after, target) > m:
            continue  # moving a disk that is home and above all misplaced ones is never optimal
        if distance(pegs, after, target) == d - 1:
            return move
    raise AssertionError("no move lowers the distance")  # impossible: distances are exact


def solution(pegs: int, start: Sequence[int], target: Sequence[int]) -> list[HanoiMove]:
    """An optimal move sequence from `start` to `target` (length = `distance`)."""
    config = tuple(start)
    goal = tuple(target)
    path: list[HanoiMove] = []
    while True:
        move = next_move(pegs, config, goal)
        if move is None:
            return path
        path.append(move)
        config = apply_move(config, pegs, move)


def moves_to_solve(state: HanoiState) -> int:
    """Fewest moves still needed from `state` (the scene's par countdown)."""
    return distance(state.pegs, state.disk_pegs, state.target_pegs)


def best_move(state: HanoiState) -> HanoiMove | None:
    """An optimal next move from `state` (the scene's hint); None when solved."""
    return next_move(state.pegs, state.disk_pegs, state.target_pegs)


def solution_path(state: HanoiState) -> list[HanoiMove]:
    """The whole optimal solution from `state` (the scene's "watch the solution")."""
    return solution(state.pegs, state.disk_pegs, state.target_pegs)


def bestmove_lines(rules: Any, state: HanoiState) -> list[str]:
    """tools/bestmove.py output: the first optimal move (if any), then `optimal: N`."""
    move = best_move(state)
    lines = [] if move is None else [rules.to_notation(state, move)]
    return [*lines, f"optimal: {moves_to_solve(state)}"]
