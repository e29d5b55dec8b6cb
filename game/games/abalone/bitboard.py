"""Abalone's fast core: the 61 cells as bits of one Python int, with move counting and generation.

Why bits: Python's big-int `&`, `|`, shifts and `bit_count()` treat the whole board in one
C-level operation, so "every black marble whose east neighbour is empty" is a single shift
and mask instead of a loop over 61 cells. That is what makes perft and the search fast.

Layout: cell (r, d) — row r = 1..9 (A..I), diagonal number d = 1..9 — is bit `r*11 + d` of an
11×11 grid. The ring of unused bits around the hexagon (row/number 0 or 10, and the corners
where |r - d| > 4) is the "outside": one step from any real cell lands on a real cell or an
outside bit, never wraps into another row, so neighbour tests are plain shifts:

    E = +1, NE = +12, NW = +11, W = -1, SW = -12, SE = -11.

Nothing here knows about game state objects, notation or players; rules.py builds on it.
A raw move is the tuple (mover_mask, direction, pushed_mask): the bits of the marbles the
player moves, the direction index, and the bits of the opposing or neutral marbles it pushes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIDTH = 11
GRID = (1 << (WIDTH * WIDTH)) - 1


def index(r: int, d: int) -> int:
    """Bit index of cell (row, number), both 1-based as in the notation (A1 = (1, 1))."""
    return r * WIDTH + d


def row_number(cell: int) -> tuple[int, int]:
    """(row, number) of a bit index; the inverse of `index`."""
    return divmod(cell, WIDTH)


def on_board(r: int, d: int) -> bool:
    """True for the 61 cells of the hexagon (|r - d| <= 4, both in 1..9)."""
    return 1 <= r <= 9 and 1 <= d <= 9 and abs(r - d) <= 4


#: The 61 cells in notation order: A1..A5, B1..B6, ..., I5..I9.
CELLS: tuple[int, ...] = tuple(index(r, d) for r in range(1, 10) for d in range(1, 10)
                               if on_board(r, d))
BOARD = sum(1 << c for c in CELLS)
OUTSIDE = GRID & ~BOARD
CENTRE = index(5, 5)

#: Direction names, (dr, dd) vectors and bit steps, counter-clockwise from east, so the
#: opposite of direction i is (i + 3) % 6.
DIR_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DIR_VECTORS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
STEPS: tuple[int, ...] = tuple(dr * WIDTH + dd for dr, dd in DIR_VECTORS)
#: The three line axes, named by their positive direction (E, NE, NW).
AXES: tuple[int, ...] = (0, 1, 2)


def ring(cell: int) -> int:
    """Ring distance from the centre E5 (0 at E5, 4 on the edge)."""
    r, d = row_number(cell)
    u, v = r - 5, d - 5
    return max(abs(u), abs(v), abs(u - v))


#: RINGS[k] = mask of the cells at ring distance k from E5.
RINGS: tuple[int, ...] = tuple(sum(1 << c for c in CELLS if ring(c) == k) for k in range(5))

#: NEIGHBOURS[cell][direction] = the neighbouring cell, or -1 off the board.
NEIGHBOURS: dict[int, tuple[int, ...]] = {
    c: tuple(c + s if (BOARD >> (c + s)) & 1 else -1 for s in STEPS) for c in CELLS
}


def neighbour(cell: int, direction: int) -> int:
    """The cell one step from `cell` in `direction`, or -1 off the board."""
    return NEIGHBOURS[cell][direction]


def destinations(cells: Iterable[int], direction: int) -> set[int]:
    """Where the marbles on `cells` stand after one step in `direction` (board or not)."""
    return {c + STEPS[direction] for c in cells}


def directions_onto(cells: Iterable[int], target: int) -> list[int]:
    """The directions in which one step of the marbles on `cells` puts one of them on
    `target`: what a click on a hole next to a selection may mean."""
    group = list(cells)
    return [di for di in range(6) if target in destinations(group, di)]


def line_between(a: int, b: int) -> list[int] | None:
    """The cells from `a` to `b` when both lie on one line at most three cells long (a group
    a player could move), else None."""
    if a == b:
        return [a]
    for step in STEPS:
        for n in (1, 2):
            if a + step * n == b:
                return [a + step * k for k in range(n + 1)]
    return None


def bits(mask: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def shift(mask: int, step: int) -> int:
    """Every bit moved one step (`step` from STEPS) forward."""
    return mask << step if step > 0 else mask >> -step


def back(mask: int, step: int) -> int:
    """Cells whose neighbour one `step` ahead is in `mask` (the inverse of `shift`)."""
    return mask >> step if step > 0 else mask << -step


# Triangles (variant §7.11): three mutually adjacent cells. Offsets are (dr, dd) from the
# lowest-left cell: "up" = m, m+E, m+NE; "down" = m, m+NW, m+NE.
_TRI_SHAPES: tuple[tuple[tuple[int, int], ...], ...] = (((0, 0), (0, 1), (1, 1)),
                                                       ((0, 0), (1, 0), (1, 1)))


def _triangle_tables() -> tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...]:
    """Per shape: the bit offsets of its cells, and per direction the offsets of the cells the
    triangle newly enters (those not vacated by itself) — only those must be empty."""
    out = []
    for shape in _TRI_SHAPES:
        offs = tuple(dr * WIDTH + dd for dr, dd in shape)
        per_dir = []
        for dr, dd in DIR_VECTORS:
            dests = {(a + dr) * WIDTH + (b + dd) for a, b in shape}
            per_dir.append(tuple(sorted(dests - set(offs))))
        out.append((offs, tuple(per_dir)))
    return tuple(out)


TRIANGLES = _triangle_tables()


def is_triangle(cells: Sequence[int]) -> bool:
    """True when three sorted cells touch each other in a small triangle (variant §7.11)."""
    base = cells[0]
    return any(sorted(base + o for o in offs) == list(cells) for offs, _ in TRIANGLES)


@dataclass(frozen=True, slots=True)
class Geometry:
    """The fixed features of one rule set that the move generator needs, as masks.

    `holes` eject like the edge; `obstacles` are dead cells; `pivot_ejectable` says whether
    the neutral marble may be pushed off; `triangles` enables the triangle-move variant.
    """

    obstacles: int = 0
    holes: int = 0
    pivot_ejectable: bool = False
    triangles: bool = False

    @property
    def free_base(self) -> int:
        """Cells a marble may stand on."""
        return BOARD & ~self.obstacles & ~self.holes

    @property
    def eject(self) -> int:
        """Cells where a pushed marble leaves the game (off the board, or a hole)."""
        return OUTSIDE | self.holes


PLAIN = Geometry()


def count_moves(own: int, opp: int, pivot: int, geo: Geometry = PLAIN) -> int:
    """Number of legal moves for the owner of `own` (rules §4), without building them.

    Counted per (group, direction) exactly as §4.5 identifies moves: inline groups by their
    trailing marble, broadside lines by their cells.
    """
    free_base = geo.free_base
    empty = free_base & ~own & ~opp & ~pivot
    ej = geo.eject
    dest = empty | ej                      # where a pushed opponent's front marble may go
    piv_dest = empty | ej if geo.pivot_ejectable else empty
    both = opp | pivot
    total = 0
    # A1[i] = cells whose neighbour in direction i is empty (reused by the broadside count).
    a1: list[int] = []
    for step in STEPS:
        if step > 0:
            e1 = empty >> step
            q1 = (opp & (dest >> step)) | (pivot & (piv_dest >> step))
            f1 = e1 | (q1 >> step)
            f2 = f1 | ((both & (q1 >> step)) >> step)
            s1 = own & (own >> step)
            s2 = s1 & (s1 >> step)
            g3 = s2 & ~(s2 >> step)
            total += ((own ^ s1) & e1).bit_count() + ((s1 ^ s2) & (f1 >> step)).bit_count() \
                + (g3 & (f2 >> (2 * step))).bit_count()
        else:
            st = -step
            e1 = empty << st
            q1 = (opp & (dest << st)) | (pivot & (piv_dest << st))
            f1 = e1 | (q1 << st)
            f2 = f1 | ((both & (q1 << st)) << st)
            s1 = own & (own << st)
            s2 = s1 & (s1 << st)
            g3 = s2 & ~(s2 << st)
            total += ((own ^ s1) & e1).bit_count() + ((s1 ^ s2) & (f1 << st)).bit_count() \
                + (g3 & (f2 << (2 * st))).bit_count()
        a1.append(e1)
    for axis in AXES:
        sa = STEPS[axis]
        l2 = own & (own >> sa)
        if not l2:
            continue
        l3 = l2 & (l2 >> sa)
        for side in range(6):
            if side == axis or side == axis + 3:
                continue
            d = a1[side]
            dd = d & (d >> sa)
            total += (l2 & dd).bit_count() + (l3 & dd & (dd >> sa)).bit_count()
    if geo.triangles:
        total += _count_triangles(own, empty)
    return total


def _triangle_sets(own: int) -> list[int]:
    """Per shape, the mask of cells m whose triangle (m plus the shape's offsets) is all own."""
    out = []
    for offs, _ in TRIANGLES:
        t = own
        for o in offs[1:]:
            t &= own >> o
        out.append(t)
    return out


def _count_triangles(own: int, empty: int) -> int:
    total = 0
    for (_, per_dir), tri in zip(TRIANGLES, _triangle_sets(own), strict=True):
        if not tri:
            continue
        for new_cells in per_dir:
            ok = tri
            for o in new_cells:
                ok &= back(empty, o)
            total += ok.bit_count()
    return total


RawMove = tuple[int, int, int]


def _line_mult(step: int, n: int) -> int:
    """Multiplier that turns the lowest cell's bit of an n-cell line along `step` into the
    whole line's mask (the bits never overlap, so the product is a plain union)."""
    return sum(1 << (k * abs(step)) for k in range(n))


#: _MULT[di][n] for n = 0..3 (0 unused).
_MULT: tuple[tuple[int, ...], ...] = tuple(tuple(_line_mult(s, n) for n in range(4)) for s in STEPS)


def _emit(cells: int, mult: int, di: int, out: list[RawMove]) -> None:
    """Append a quiet move for every lowest-cell bit in `cells` (group = low * mult)."""
    while cells:
        low = cells & -cells
        cells ^= low
        out.append((low * mult, di, 0))


def generate(own: int, opp: int, pivot: int, geo: Geometry = PLAIN) -> list[RawMove]:
    """All legal moves as raw tuples, ejecting pushes first, then other pushes, then the rest.

    The order is the search's move ordering (captures first); within a class it is fixed, so
    generation is deterministic. Sets are built per direction with plain shifts (one branch
    per sign of the step, since Python has no negative shifts); groups are then emitted from
    the bit of their lowest cell times a line multiplier.
    """
    empty = geo.free_base & ~own & ~opp & ~pivot
    ej = geo.eject
    both = opp | pivot
    ej_piv = pivot if geo.pivot_ejectable else 0
    ejects: list[RawMove] = []
    pushes: list[RawMove] = []
    quiet: list[RawMove] = []
    a1: list[int] = []
    for di, step in enumerate(STEPS):
        mult = _MULT[di]
        if step > 0:
            e1 = empty >> step
            s1 = own & (own >> step)
            s2 = s1 & (s1 >> step)
            g3 = s2 & ~(s2 >> step)
            g1, g2 = own ^ s1, s1 ^ s2
            # lowest cells of the groups that can move into an empty cell (caboose = lowest)
            _emit(g1 & e1, 1, di, quiet)
            _emit(g2 & (e1 >> step), mult[2], di, quiet)
            _emit(g3 & (e1 >> (2 * step)), mult[3], di, quiet)
            q_off = (opp | ej_piv) & (ej >> step)
            q_in = both & e1
        else:
            a = -step
            e1 = empty << a
            s1 = own & (own << a)
            s2 = s1 & (s1 << a)
            g3 = s2 & ~(s2 << a)
            g1, g2 = own ^ s1, s1 ^ s2
            # the caboose is the highest cell: shift down to the lowest one before emitting
            _emit(g1 & e1, 1, di, quiet)
            _emit((g2 & (e1 << a)) >> a, mult[2], di, quiet)
            _emit((g3 & (e1 << (2 * a))) >> (2 * a), mult[3], di, quiet)
            q_off = (opp | ej_piv) & (ej << a)
            q_in = both & e1
        a1.append(e1)
        if not (g2 | g3) or not (q_off | q_in):
            continue
        two = step + step
        three = two + step
        # Pushes (rare): caboose m, front marble, then the pushed line.
        for qset, out in ((q_off, ejects), (q_in, pushes)):
            if not qset:
                continue
            x1 = back(qset, step)          # m: m+v is a lone pushable front marble
            for i in bits(g2 & back(x1, step)):
                out.append(((1 << i) | (1 << (i + step)), di, 1 << (i + two)))
            for i in bits(g3 & back(x1, two)):
                out.append(((1 << i) | (1 << (i + step)) | (1 << (i + two)), di,
                            1 << (i + three)))
            x2 = both & x1                 # 3 against 2
            if x2:
                for i in bits(g3 & back(x2, three)):
                    out.append(((1 << i) | (1 << (i + step)) | (1 << (i + two)), di,
                                (1 << (i + three)) | (1 << (i + three + step))))
    for axis in AXES:
        sa = STEPS[axis]
        l2 = own & (own >> sa)
        if not l2:
            continue
        l3 = l2 & (l2 >> sa)
        m2, m3 = _MULT[axis][2], _MULT[axis][3]
        for side in range(6):
            if side == axis or side == axis + 3:
                continue
            d = a1[side]
            dd = d & (d >> sa)
            _emit(l2 & dd, m2, side, quiet)
            if l3:
                _emit(l3 & dd & (dd >> sa), m3, side, quiet)
    if geo.triangles:
        for (offs, per_dir), tri in zip(TRIANGLES, _triangle_sets(own), strict=True):
            if not tri:
                continue
            shape = sum(1 << o for o in offs)
            for di, new_cells in enumerate(per_dir):
                ok = tri
                for o in new_cells:
                    ok &= back(empty, o)
                _emit(ok, shape, di, quiet)
    return ejects + pushes + quiet


def apply(own: int, opp: int, pivot: int, move: RawMove,
          geo: Geometry = PLAIN) -> tuple[int, int, int, int, int]:
    """Play a raw move: (own', opp', pivot', opponent marbles ejected, pivot ejected).

    Every moved or pushed marble advances one step; a pushed marble that lands outside the
    board or in a hole is gone. Legality is the caller's business (moves come from `generate`).
    """
    mover, di, pushed = move
    step = STEPS[di]
    own = (own & ~mover) | shift(mover, step)
    if not pushed:
        return own, opp, pivot, 0, 0
    stay = geo.free_base
    po = pushed & opp
    ej_opp = ej_piv = 0
    if po:
        moved = shift(po, step)
        kept = moved & stay
        ej_opp = po.bit_count() - kept.bit_count()
        opp = (opp & ~po) | kept
    pp = pushed & pivot
    if pp:
        moved = shift(pp, step)
        kept = moved & stay
        ej_piv = 1 - kept.bit_count()
        pivot = kept
    return own, opp, pivot, ej_opp, ej_piv


def ejection_threats(own: int, opp: int, pivot: int, geo: Geometry = PLAIN) -> int:
    """Number of moves of `own` that would eject an opposing marble right now (the AI's
    threat term; the same conditions as the ejecting pushes of `generate`)."""
    ej = geo.eject
    both = opp | pivot
    total = 0
    for step in STEPS:
        if step > 0:
            q_off = opp & (ej >> step)
            if not q_off:
                continue
            s1 = own & (own >> step)
            if not s1:
                continue
            s2 = s1 & (s1 >> step)
            x1 = q_off >> step
            x2 = (both & x1) >> step
            two = step + step
            total += ((s1 ^ s2) & (x1 >> step)).bit_count() \
                + (s2 & ~(s2 >> step) & ((x1 | x2) >> two)).bit_count()
        else:
            st = -step
            q_off = opp & (ej << st)
            if not q_off:
                continue
            s1 = own & (own << st)
            if not s1:
                continue
            s2 = s1 & (s1 << st)
            x1 = q_off << st
            x2 = (both & x1) << st
            two = st + st
            total += ((s1 ^ s2) & (x1 << st)).bit_count() \
                + (s2 & ~(s2 << st) & ((x1 | x2) << two)).bit_count()
    return total


def adjacent_pairs(mask: int) -> int:
    """Number of neighbouring pairs inside `mask` (cohesion: each contact counted once)."""
    return ((mask & (mask >> 1)).bit_count() + (mask & (mask >> 12)).bit_count()
            + (mask & (mask >> 11)).bit_count())


def centre_distance(mask: int) -> int:
    """Sum of the ring distances from E5 of the marbles in `mask`."""
    return ((mask & RINGS[1]).bit_count() + 2 * (mask & RINGS[2]).bit_count()
            + 3 * (mask & RINGS[3]).bit_count() + 4 * (mask & RINGS[4]).bit_count())


def perft(own: int, opp: int, pivot: int, lost_own: int, lost_opp: int, need_own: int,
          need_opp: int, depth: int, geo: Geometry = PLAIN) -> int:
    """Leaf count for plain alternating play: `own` moves; `need_own` is how many opposing
    marbles `own` must eject to win. A decided position has no moves (it counts only as a
    leaf). The last ply is counted, not generated."""
    if lost_opp >= need_own or lost_own >= need_opp:
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    if depth == 1:
        return count_moves(own, opp, pivot, geo)
    total = 0
    for mv in generate(own, opp, pivot, geo):
        o2, p2, n2, ej, _ = apply(own, opp, pivot, mv, geo)
        total += perft(p2, o2, n2, lost_opp + ej, lost_own, need_opp, need_own, depth - 1, geo)
    return total
