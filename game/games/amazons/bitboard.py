"""Board geometry and bitboard primitives for Amazons: squares, rays, set fills and line tables.

Squares that players and scenes see are plain ints `sq = y * n + x` (x = file, y = rank - 1).
Inside, sets of squares are Python ints in a *padded* layout: bit `y * (n + 1) + x`, one spare
guard column per rank that is never empty. Shifting a set one step in any of the 8 directions
then lands off-board squares on the guard column (or beyond the top/bottom), so masking with
the empty set is all a slide needs — no per-direction edge masks.

Two fast tools live here because both the rules (perft, territory overlay) and the AI use them:

* `Geometry.fill_masks` + `queen_step`: Kogge-Stone style occluded fills that move a whole set of
  squares one queen move at once (breadth-first queen distance in a handful of int operations).
* `LineTables`: per-line occupancy tables ("rotated bitboards") giving, for a square and the
  occupancy of one of its four lines, the reachable squares along that line and their count.
"""

from __future__ import annotations

from functools import cache

#: Largest board the padded fills support (runs of up to 15 squares need four doubling steps).
MAX_SIZE = 16
#: Line occupancies are stored multiplied by this, so `table[occ_times_stride + position]`.
STRIDE = 16


def popcount(bb: int) -> int:
    return bb.bit_count()


class Geometry:
    """Everything that depends only on the board size `n`: bit of each square, rays, masks."""

    def __init__(self, n: int) -> None:
        if not 3 <= n <= MAX_SIZE - 1:
            raise ValueError(f"board size must be between 3 and {MAX_SIZE - 1}, not {n}")
        self.n = n
        self.width = w = n + 1
        self.squares = n * n
        #: bit of each public square in the padded layout
        self.bit: tuple[int, ...] = tuple(1 << ((s // n) * w + s % n) for s in range(n * n))
        #: bit index (padded) -> public square, -1 on the guard column
        sq_of: list[int] = [-1] * (n * w)
        for s in range(n * n):
            sq_of[(s // n) * w + s % n] = s
        self.square_of_index: tuple[int, ...] = tuple(sq_of)
        self.board = sum(self.bit)
        #: the four positive shifts: east, north, north-east, north-west
        self.shifts = (1, w, w + 1, w - 1)
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1))
        rays: list[tuple[tuple[int, ...], ...]] = []
        for s in range(n * n):
            x0, y0 = s % n, s // n
            per_dir = []
            for dx, dy in steps:
                ray = []
                x, y = x0 + dx, y0 + dy
                while 0 <= x < n and 0 <= y < n:
                    ray.append(y * n + x)
                    x, y = x + dx, y + dy
                per_dir.append(tuple(ray))
            rays.append(tuple(per_dir))
        #: rays[sq] = 8 tuples of squares going outward from sq, in queen directions
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)

    # -- conversions -------------------------------------------------------------------------

    def squares_of(self, bb: int) -> list[int]:
        """Public squares of a padded set, in increasing order."""
        out = []
        sq_of = self.square_of_index
        while bb:
            low = bb & -bb
            out.append(sq_of[low.bit_length() - 1])
            bb ^= low
        return out

    def set_of(self, squares: list[int] | tuple[int, ...]) -> int:
        bit = self.bit
        bb = 0
        for s in squares:
            bb |= bit[s]
        return bb

    # -- set operations ----------------------------------------------------------------------

    def neighbours(self, bb: int) -> int:
        """Squares one king step from any square of `bb` (on the board, `bb` itself excluded)."""
        w = self.width
        g = bb | (bb << 1) | (bb >> 1)
        g |= (g << w) | (g >> w)
        return g & self.board & ~bb

    def fill_masks(self, empty: int) -> tuple[int, ...]:
        """The 32 masks `queen_step` needs for this set of empty squares.

        For each of the 8 directions: squares that are empty, empty with their 1 predecessor,
        with their 3 predecessors, with their 7 predecessors (so a fill can double its reach
        at each step). Computing them once per position serves every fill of both sides.
        """
        out: list[int] = []
        for s in self.shifts:
            e2 = empty & (empty << s)
            e4 = e2 & (e2 << 2 * s)
            e8 = e4 & (e4 << 4 * s)
            out += (empty, e2, e4, e8)
            e2 = empty & (empty >> s)
            e4 = e2 & (e2 >> 2 * s)
            e8 = e4 & (e4 >> 4 * s)
            out += (empty, e2, e4, e8)
        return tuple(out)

    def queen_step(self, g0: int, m: tuple[int, ...]) -> int:
        """All empty squares one queen move away from any square of `g0` (may include g0)."""
        s1, s2, s3, s4 = self.shifts
        acc = 0
        # east / west
        g = g0
        g |= m[0] & (g << s1)
        g |= m[1] & (g << 2 * s1)
        g |= m[2] & (g << 4 * s1)
        g |= m[3] & (g << 8 * s1)
        acc |= g
        g = g0
        g |= m[4] & (g >> s1)
        g |= m[5] & (g >> 2 * s1)
        g |= m[6] & (g >> 4 * s1)
        g |= m[7] & (g >> 8 * s1)
        acc |= g
        # north / south
        g = g0
        g |= m[8] & (g << s2)
        g |= m[9] & (g << 2 * s2)
        g |= m[10] & (g << 4 * s2)
        g |= m[11] & (g << 8 * s2)
        acc |= g
        g = g0
        g |= m[12] & (g >> s2)
        g |= m[13] & (g >> 2 * s2)
        g |= m[14] & (g >> 4 * s2)
        g |= m[15] & (g >> 8 * s2)
        acc |= g
        # north-east / south-west
        g = g0
        g |= m[16] & (g << s3)
        g |= m[17] & (g << 2 * s3)
        g |= m[18] & (g << 4 * s3)
        g |= m[19] & (g << 8 * s3)
        acc |= g
        g = g0
        g |= m[20] & (g >> s3)
        g |= m[21] & (g >> 2 * s3)
        g |= m[22] & (g >> 4 * s3)
        g |= m[23] & (g >> 8 * s3)
        acc |= g
        # north-west / south-east
        g = g0
        g |= m[24] & (g << s4)
        g |= m[25] & (g << 2 * s4)
        g |= m[26] & (g << 4 * s4)
        g |= m[27] & (g << 8 * s4)
        acc |= g
        g = g0
        g |= m[28] & (g >> s4)
        g |= m[29] & (g >> 2 * s4)
        g |= m[30] & (g >> 4 * s4)
        g |= m[31] & (g >> 8 * s4)
        acc |= g
        return acc & m[0]

    def queen_layers(self, sources: int, m: tuple[int, ...]) -> list[int]:
        """Breadth-first queen distance: layers[k] = empty squares first reached in k + 1 moves."""
        layers: list[int] = []
        reached = sources
        frontier = sources
        step = self.queen_step
        while True:
            new = step(frontier, m) & ~reached
            if not new:
                return layers
            layers.append(new)
            reached |= new
            frontier = new

    def king_layers(self, sources: int, empty: int) -> list[int]:
        """Breadth-first king distance over empty squares, layered like `queen_layers`."""
        layers: list[int] = []
        w = self.width
        reached = sources
        frontier = sources
        while True:
            g = frontier | (frontier << 1) | (frontier >> 1)
            g |= (g << w) | (g >> w)
            new = g & empty & ~reached
            if not new:
                return layers
            layers.append(new)
            reached |= new
            frontier = new

    def regions(self, empty: int) -> list[int]:
        """The 8-connected components of a set of squares."""
        out = []
        w = self.width
        while empty:
            comp = empty & -empty
            while True:
                g = comp | (comp << 1) | (comp >> 1)
                g = (g | (g << w) | (g >> w)) & empty
                if g == comp:
                    break
                comp = g
            out.append(comp)
            empty &= ~comp
        return out


@cache
def geometry(n: int) -> Geometry:
    """The shared (immutable) geometry of an n x n board."""
    return Geometry(n)


class LineTables:
    """Occupancy-indexed slides along one line of `n` squares ("rotated bitboards").

    A board has 6n - 2 lines: n ranks, n files, 2n - 1 diagonals and 2n - 1 anti-diagonals. A
    square's position on its rank, diagonal and anti-diagonal is its file x; on its file, its
    rank y. Diagonals shorter than n keep their off-board positions permanently occupied, so
    one table serves every line. With `occ` a line occupancy times STRIDE and `p` a position:

    * `dest[occ + p]`  positions reachable from p along the line (bit p itself ignored);
    * `count[occ + p]` their number;
    * `self_sum[occ + p]` the sum of `count` over those positions with p treated as empty —
      the arrows that stay on the line an amazon just travelled, for all its stops at once.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        size = 1 << n
        total = size * STRIDE
        dest: list[tuple[int, ...]] = [()] * total
        count = [0] * total
        for occ in range(size):
            base = occ * STRIDE
            for p in range(n):
                reach = []
                q = p + 1
                while q < n and not (occ >> q) & 1:
                    reach.append(q)
                    q += 1
                q = p - 1
                while q >= 0 and not (occ >> q) & 1:
                    reach.append(q)
                    q -= 1
                dest[base + p] = tuple(reach)
                count[base + p] = len(reach)
        self_sum = [0] * total
        for occ in range(size):
            base = occ * STRIDE
            for p in range(n):
                cleared = (occ & ~(1 << p)) * STRIDE
                self_sum[base + p] = sum(count[cleared + q] for q in dest[base + p])
        self.dest: list[tuple[int, ...]] = dest
        self.count: list[int] = count
        self.self_sum: list[int] = self_sum
        #: first index of the file, diagonal and anti-diagonal lines in an occupancy list
        self.col0 = n
        self.diag0 = 3 * n - 1  # + x - y
        self.anti0 = 4 * n - 1  # + x + y

    def empty_lines(self) -> list[int]:
        """Line occupancies (times STRIDE) of an empty board: only off-board positions set."""
        n = self.n
        lo = [0] * (6 * n - 2)
        for c in range(-(n - 1), n):  # diagonal x - y = c holds x in [max(0,c), min(n-1, n-1+c)]
            lo_x, hi_x = max(0, c), min(n - 1, n - 1 + c)
            occ = sum(1 << x for x in range(n) if not lo_x <= x <= hi_x)
            lo[self.diag0 + c] = occ * STRIDE
        for a in range(2 * n - 1):  # anti-diagonal x + y = a holds x in [max(0,a-n+1), min(n-1,a)]
            lo_x, hi_x = max(0, a - n + 1), min(n - 1, a)
            occ = sum(1 << x for x in range(n) if not lo_x <= x <= hi_x)
            lo[self.anti0 + a] = occ * STRIDE
        return lo

    def toggle(self, lo: list[int], x: int, y: int) -> None:
        """Flip square (x, y) in the four lines through it."""
        bx = STRIDE << x
        lo[y] ^= bx
        lo[self.col0 + x] ^= STRIDE << y
        lo[self.diag0 + x - y] ^= bx
        lo[self.anti0 + x + y] ^= bx

    def reach(self, lo: list[int], x: int, y: int) -> list[tuple[int, int]]:
        """Squares (x, y) one queen move from (x, y) for the given line occupancies."""
        dest = self.dest
        out = [(q, y) for q in dest[lo[y] + x]]
        out += [(x, q) for q in dest[lo[self.col0 + x] + y]]
        c = x - y
        out += [(q, q - c) for q in dest[lo[self.diag0 + c] + x]]
        a = x + y
        out += [(q, a - q) for q in dest[lo[self.anti0 + a] + x]]
        return out


@cache
def line_tables(n: int) -> LineTables:
    """Shared line tables for an n x n board (built once, about 16k entries for n = 10)."""
    return LineTables(n)
