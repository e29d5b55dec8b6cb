"""Fast Amazons leaf counting (perft) on line-occupancy tables, with bulk counting at the last ply.

Why it is fast: a complete move is (amazon, stop, arrow), and from the start there are 2176 of
them for one side — too many to build one by one 2176 times over. At the last ply nothing is
built: for each amazon and each stop the arrows are *counted* with four table look-ups (one
per line through the stop), and the arrows along the line the amazon just travelled are summed
for all its stops on that line by a single look-up (`LineTables.self_sum`).

The board lives in a mutable list of line occupancies (see bitboard.LineTables) changed by
make/unmake toggles; amazons are kept as (x, y) pairs.
"""

from __future__ import annotations

from .bitboard import LineTables, line_tables


class _Counter:
    def __init__(self, n: int, white: list[tuple[int, int]], black: list[tuple[int, int]],
                 blocked: list[tuple[int, int]]) -> None:
        self.t: LineTables = line_tables(n)
        self.n = n
        self.lo = self.t.empty_lines()
        for x, y in white + black + blocked:
            self.t.toggle(self.lo, x, y)
        self.amazons = [list(white), list(black)]

    def count(self, side: int) -> int:
        """Number of complete moves for `side` (the bulk count used at the last ply)."""
        t = self.t
        lo = self.lo
        cnt = t.count
        dest = t.dest
        ssum = t.self_sum
        c0, d0, a0 = t.col0, t.diag0, t.anti0
        total = 0
        for x, y in self.amazons[side]:
            # stops along the rank: arrows on the rank come from self_sum, the rest per stop
            k = lo[y] + x
            total += ssum[k]
            for q in dest[k]:
                total += cnt[lo[c0 + q] + y] + cnt[lo[d0 + q - y] + q] + cnt[lo[a0 + q + y] + q]
            # stops along the file
            k = lo[c0 + x] + y
            total += ssum[k]
            for q in dest[k]:
                total += cnt[lo[q] + x] + cnt[lo[d0 + x - q] + x] + cnt[lo[a0 + x + q] + x]
            # stops along the diagonal x - y = c
            c = x - y
            k = lo[d0 + c] + x
            total += ssum[k]
            for q in dest[k]:
                r = q - c
                total += cnt[lo[r] + q] + cnt[lo[c0 + q] + r] + cnt[lo[a0 + q + r] + q]
            # stops along the anti-diagonal x + y = a
            a = x + y
            k = lo[a0 + a] + x
            total += ssum[k]
            for q in dest[k]:
                r = a - q
                total += cnt[lo[r] + q] + cnt[lo[c0 + q] + r] + cnt[lo[d0 + q - r] + q]
        return total

    def perft(self, depth: int, side: int) -> int:
        if depth <= 0:
            return 1
        if depth == 1:
            return self.count(side)
        t = self.t
        lo = self.lo
        toggle = t.toggle
        reach = t.reach
        mine = self.amazons[side]
        other = 1 - side
        total = 0
        for i, (x, y) in enumerate(mine):
            toggle(lo, x, y)  # lift the amazon: its square is empty for the arrow
            for x2, y2 in reach(lo, x, y):
                toggle(lo, x2, y2)
                mine[i] = (x2, y2)
                for x3, y3 in reach(lo, x2, y2):
                    toggle(lo, x3, y3)
                    total += self.perft(depth - 1, other)
                    toggle(lo, x3, y3)
                toggle(lo, x2, y2)
            mine[i] = (x, y)
            toggle(lo, x, y)
        return total


def perft(n: int, white: list[int], black: list[int], blocked: list[int], side: int,
          depth: int) -> int:
    """Leaf count `depth` plies below a position given as public square lists."""
    def xy(squares: list[int]) -> list[tuple[int, int]]:
        return [(s % n, s // n) for s in squares]

    return _Counter(n, xy(white), xy(black), xy(blocked)).perft(depth, side)
