"""Amazons endgames: are the armies separated, and how many moves does each side have left?

Once no connected area of the board holds amazons of both colours, the sides cannot touch each
other any more and the game is a race: each side can make a fixed number of moves in its own
areas, and the side to move wins exactly when it has more than the other. That number is
usually the count of empty squares, but "defective" areas give fewer (an amazon in the middle
of a bent line of three squares can only use one of its two). So it is found by search:

* an area's *upper* bound is its empty-square count (every move spends one square);
* a *lower* bound is any sequence of moves actually found (a greedy fill);
* where they differ, a memoised depth-first search over the area settles it within a budget.

Connectivity counts amazon squares as well as empty ones (8-neighbours): two enemy amazons side
by side still interact, because either may step onto the square the other leaves.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

from .bitboard import Geometry, geometry

#: Search nodes allowed per area when the greedy fill falls short of the square count.
EXACT_BUDGET = 4000


class OutOfBudget(Exception):
    """The exact search ran out of nodes (or, for the AI, of time)."""


@dataclass(frozen=True, slots=True)
class Race:
    """Moves left to each side once separated: exact when `low == high` for both."""

    low: tuple[int, int]
    high: tuple[int, int]

    @property
    def exact(self) -> bool:
        return self.low == self.high


def areas(geo: Geometry, white: int, black: int, arrows: int) -> list[int]:
    """8-connected components of empty and amazon squares (arrows are the only walls)."""
    return geo.regions(geo.board & ~arrows)


def separated(geo: Geometry, white: int, black: int, arrows: int) -> bool:
    """True when no area holds amazons of both colours."""
    return all(not (c & white and c & black) for c in areas(geo, white, black, arrows))


def _moves(geo: Geometry, empty: int, amz: int) -> list[tuple[int, int, int]]:
    """All (from, to, arrow) moves as padded bits for amazons `amz` over `empty` squares."""
    bit = geo.bit
    rays = geo.rays
    sq_of = geo.square_of_index
    out = []
    a_bits = amz
    while a_bits:
        ab = a_bits & -a_bits
        a_bits ^= ab
        a = sq_of[ab.bit_length() - 1]
        free = empty | ab
        for ray in rays[a]:
            for d in ray:
                db = bit[d]
                if not free & db:
                    break
                for ray2 in rays[d]:
                    for u in ray2:
                        ub = bit[u]
                        if not free & ub:
                            break
                        out.append((ab, db, ub))
    return out


class Solver:
    """Longest sequence of moves one side can make alone in its areas (memoised DFS)."""

    def __init__(self, geo: Geometry, budget: int, deadline: float | None = None) -> None:
        self.geo = geo
        self.budget = budget
        #: a time.perf_counter() value; the AI passes one, the rules never do (they must be
        #: deterministic, so they count nodes only)
        self.deadline = deadline
        self.memo: dict[tuple[int, int], int] = {}

    def total(self, empty: int, amz: int) -> int:
        """Sum over the areas of `empty | amz` that hold an amazon (others are lost squares)."""
        result = 0
        for comp in self.geo.regions(empty | amz):
            if comp & amz:
                result += self.area(comp & empty, comp & amz)
        return result

    def area(self, empty: int, amz: int) -> int:
        key = (empty, amz)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.budget -= 1
        if self.budget < 0 or (self.deadline is not None and not self.budget & 63
                               and time.perf_counter() > self.deadline):
            raise OutOfBudget
        ub = empty.bit_count()
        best = 0
        if ub:
            for a, d, u in self._ordered(empty, amz):
                v = 1 + self.total((empty | a) & ~d & ~u, (amz & ~a) | d)
                if v > best:
                    best = v
                    if best >= ub:
                        break
        self.memo[key] = best
        return best

    def _ordered(self, empty: int, amz: int) -> list[tuple[int, int, int]]:
        # Fill dead ends first: arrows on squares with few empty neighbours rarely cut the area.
        nb = self.geo.neighbours
        moves = _moves(self.geo, empty, amz)

        def rank(m: tuple[int, int, int]) -> tuple[int, int]:
            a, d, u = m
            e2 = (empty | a) & ~d & ~u
            return ((nb(u) & e2).bit_count(), -(nb(d) & e2).bit_count())

        moves.sort(key=rank)
        return moves

    def greedy(self, empty: int, amz: int) -> int:
        """Moves made by always taking the first-ordered move: a quick lower bound."""
        count = 0
        while True:
            moves = self._ordered(empty, amz)
            if not moves:
                return count
            a, d, u = moves[0]
            empty = (empty | a) & ~d & ~u
            amz = (amz & ~a) | d
            count += 1


def area_bounds(geo: Geometry, empty: int, amz: int, budget: int = EXACT_BUDGET) -> tuple[int, int]:
    """(low, high) bounds on the moves amazons `amz` can make alone in one area."""
    solver = Solver(geo, budget)
    high = empty.bit_count()
    low = solver.greedy(empty, amz)
    if low >= high:
        return high, high
    try:
        exact = solver.area(empty, amz)
    except OutOfBudget:
        return low, high
    return exact, exact


@lru_cache(maxsize=4096)
def race(n: int, white: int, black: int, arrows: int, budget: int = EXACT_BUDGET) -> Race | None:
    """Moves left to each side if the position is separated, else None."""
    geo = geometry(n)
    comps = areas(geo, white, black, arrows)
    if any(c & white and c & black for c in comps):
        return None
    empty = geo.board & ~(white | black | arrows)
    low = [0, 0]
    high = [0, 0]
    for comp in comps:
        for side, amz in ((0, white), (1, black)):
            if comp & amz:
                lo, hi = area_bounds(geo, comp & empty, comp & amz, budget)
                low[side] += lo
                high[side] += hi
    return Race((low[0], low[1]), (high[0], high[1]))
