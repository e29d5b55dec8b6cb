"""Every way to rebuild Archimedes' square: an exact enumeration of the Ostomachion tilings.

Pure and exact (no pygame, no floats in any decision). The pieces are the fourteen polygons of
docs/rules/ostomachion.md §1, all with integer corners on the 12 x 12 grid and all convex. As in
the published counts, a piece may be turned and turned over, and its corners stay on the grid.

How the search works, and why it is exact
-----------------------------------------
1. *Orientations.* For each piece we look for every isometry that keeps its corners on the
   lattice: an isometry maps the first side vector e to a lattice vector w of the same length,
   which fixes it (cosine e.w/|e|^2 and sine e x w/|e|^2, rational); we keep those mapping every
   corner to integers. `lattice_orientations` finds exactly the eight quarter turns and flips
   for every piece (a test checks it), so turn (0-3) and flip describe every placement.
2. *Placements.* Every orientation, translated by whole units so that it lies in the square.
3. *Sample points.* Inside each unit cell we take SAMPLES_PER_SIDE^2 points with coordinates of
   denominator DENOM (a prime). A point lies on a line through lattice points with direction
   (a, b) only if b*x - a*y is an integer; `sample_points` checks that this never happens for
   any side direction of any piece, so no sample point lies on any side of any placement. In a
   tiling each sample point is therefore strictly inside exactly one piece.
4. *Search.* Take the first sample point (lowest row, then leftmost) no placed piece covers. In
   any tiling extending the current pieces, exactly one piece covers it, so branching on "which
   placement contains this point" visits every tiling exactly once. A candidate that contains a
   sample point already covered overlaps a placed piece (both contain it strictly): pruning on
   shared sample points never removes a tiling. Two pieces can overlap in a sliver holding no
   sample point, so every candidate is also checked against the placed pieces with an exact
   integer separating-axis test (convex polygons: interiors are disjoint iff one side's line has
   the other polygon entirely on its outer closed side).
5. *Leaves.* Fourteen pieces inside the square, pairwise interior-disjoint, total area 144 =
   the square's: they cover it (up to their sides), so each leaf is a tiling.

Conventions of the counts (docs/rules/ostomachion.md §2)
-----------------------------------------------
A *tiling* is a set of fourteen placed polygons; the twins (3 = 10, 4 = 11) cannot be told
apart in it. An *arrangement* tells the twins apart, as Cutler's count does: each tiling gives
exactly 2 x 2 arrangements (swap 3 and 10, swap 4 and 11). Two tilings are the *same solution*
when a symmetry of the square (four turns, four reflections) maps one onto the other. Piece 6
is unique and has no symmetry of its own, so no symmetry other than the identity maps a tiling
onto itself and every solution stands for exactly 8 tilings. Hence 32 = 8 (symmetries of the
square) x 2 (twins 3, 10) x 2 (twins 4, 11); the tool measures all three numbers separately.

A solution's *canonical form* is the smallest (as a sorted tuple) of its eight images, pieces
named by shape (a twin by the smaller number of its pair); solutions are numbered 1, 2, ... in
the order of their canonical forms, which depends on nothing but the geometry.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

Vec = tuple[int, int]
Poly = tuple[Vec, ...]

SIDE = 12
#: The fourteen pieces in the assembled square, counter-clockwise (§1).
PIECES: tuple[Poly, ...] = (
    ((0, 12), (2, 10), (12, 12)),
    ((2, 10), (4, 8), (12, 12)),
    ((0, 12), (0, 6), (4, 8)),
    ((0, 6), (6, 6), (4, 8)),
    ((0, 6), (6, 3), (8, 4), (6, 6)),
    ((0, 6), (0, 0), (4, 0), (6, 3)),
    ((4, 0), (6, 0), (6, 3)),
    ((6, 3), (6, 0), (12, 0)),
    ((6, 3), (12, 0), (8, 4)),
    ((8, 4), (12, 0), (12, 6)),
    ((6, 6), (8, 4), (12, 6)),
    ((12, 9), (6, 9), (4, 8), (6, 6), (12, 6)),
    ((6, 9), (12, 9), (8, 10)),
    ((8, 10), (12, 9), (12, 12)),
)
SQUARE: Poly = ((0, 0), (SIDE, 0), (SIDE, SIDE), (0, SIDE))
#: Sample points per unit cell along each axis, and their common denominator (a prime).
SAMPLES_PER_SIDE = 2
DENOM = 101
#: Numerators of the sample offsets inside a cell, across and up (checked, see the docstring).
_X_OFFSETS = (25, 76)
_Y_OFFSETS = (27, 78)


# --------------------------------------------------------------------------------------------
# Plane helpers (integers only)


def cross(o: Vec, a: Vec, b: Vec) -> int:
    """(a - o) x (b - o): positive when o, a, b turn counter-clockwise."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def twice_area(poly: Sequence[Vec]) -> int:
    """Twice the signed area (shoelace): positive for a counter-clockwise ring."""
    n = len(poly)
    return sum(poly[k][0] * poly[(k + 1) % n][1] - poly[(k + 1) % n][0] * poly[k][1]
               for k in range(n))


def ccw(poly: Sequence[Vec]) -> Poly:
    """The ring counter-clockwise."""
    return tuple(poly) if twice_area(poly) > 0 else tuple(reversed(poly))


def strictly_inside(p: Vec, poly: Poly) -> bool:
    """Point strictly inside a convex counter-clockwise polygon."""
    n = len(poly)
    return all(cross(poly[k], poly[(k + 1) % n], p) > 0 for k in range(n))


def interiors_overlap(a: Poly, b: Poly) -> bool:
    """Do two convex counter-clockwise polygons share interior points? (exact; touching along a
    side or at a corner is not an overlap)."""
    for p, q in ((a, b), (b, a)):
        n = len(p)
        for k in range(n):
            u, v = p[k], p[(k + 1) % n]
            if all(cross(u, v, w) <= 0 for w in q):
                return False  # q lies on the outer closed side of this side's line
    return True


def key(poly: Sequence[Vec]) -> Poly:
    """Order-free form of a placed polygon: its corners sorted."""
    return tuple(sorted(poly))


# --------------------------------------------------------------------------------------------
# Orientations

#: The eight orientations as (turn, flipped), index = turn + 4 * flipped; a flip mirrors x
#: before the turn, as game/games/dissection/geometry.PieceSet.vertices does.
ORIENTATIONS: tuple[tuple[int, bool], ...] = tuple((t, f) for f in (False, True) for t in range(4))


def orient(v: Vec, o: int) -> Vec:
    """A vector under orientation o (see ORIENTATIONS)."""
    turn, flipped = ORIENTATIONS[o]
    x, y = (-v[0], v[1]) if flipped else v
    for _ in range(turn):
        x, y = -y, x
    return (x, y)


def oriented(poly: Poly, o: int) -> Poly:
    """The piece turned and flipped in place about its corner 0, counter-clockwise."""
    x0, y0 = poly[0]
    return ccw(tuple(orient((x - x0, y - y0), o) for x, y in poly))


def normalised(poly: Sequence[Vec]) -> frozenset[Vec]:
    """The corner set moved so its lowest-left bounding corner is the origin (shape identity)."""
    mx = min(x for x, _ in poly)
    my = min(y for _, y in poly)
    return frozenset((x - mx, y - my) for x, y in poly)


def lattice_orientations(poly: Poly) -> list[frozenset[Vec]]:
    """Every distinct image of the piece under an isometry keeping its corners on the lattice."""
    return list(_lattice_orientations(tuple(poly)))


@cache
def _lattice_orientations(poly: Poly) -> tuple[frozenset[Vec], ...]:
    x0, y0 = poly[0]
    rel = [(x - x0, y - y0) for x, y in poly]
    e = rel[1]
    length2 = e[0] ** 2 + e[1] ** 2
    r = int(length2 ** 0.5) + 1
    targets = [(a, b) for a in range(-r, r + 1) for b in range(-r, r + 1)
               if a * a + b * b == length2]
    shapes: list[frozenset[Vec]] = []
    for mirror in (False, True):
        pts = [(-x, y) for x, y in rel] if mirror else rel
        ex, ey = pts[1]
        for wx, wy in targets:
            c = Fraction(ex * wx + ey * wy, length2)
            s = Fraction(ex * wy - ey * wx, length2)
            img = [(c * x - s * y, s * x + c * y) for x, y in pts]
            if all(u.denominator == 1 and v.denominator == 1 for u, v in img):
                shape = normalised([(int(u), int(v)) for u, v in img])
                if shape not in shapes:
                    shapes.append(shape)
    return tuple(shapes)


def shape_classes(pieces: Sequence[Poly] = PIECES) -> tuple[int, ...]:
    """For each piece, the smallest index of a piece congruent to it (twins share a class)."""
    return _shape_classes(tuple(pieces))


@cache
def _shape_classes(pieces: tuple[Poly, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for i, p in enumerate(pieces):
        mine = set(lattice_orientations(p))
        out.append(next(j for j in range(i + 1)
                        if normalised(pieces[j]) in mine or j == i))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Sample points and placements


def edge_directions(pieces: Sequence[Poly] = PIECES) -> set[Vec]:
    """Every side direction of every piece in every orientation."""
    dirs: set[Vec] = set()
    for p in pieces:
        for o in range(8):
            q = oriented(p, o)
            for k in range(len(q)):
                a, b = q[k], q[(k + 1) % len(q)]
                dirs.add((b[0] - a[0], b[1] - a[1]))
    return dirs


def sample_points(width: int, height: int, pieces: Sequence[Poly] = PIECES) -> list[Vec]:
    """The sample points of a width x height box, scaled by DENOM, ordered by row then column.

    Raises ValueError if one could lie on a piece's side (see the module docstring, point 3).
    """
    for dx, dy in edge_directions(pieces):
        for p in _X_OFFSETS:
            for q in _Y_OFFSETS:
                if (dy * p - dx * q) % DENOM == 0:
                    raise ValueError(f"sample offset ({p}, {q})/{DENOM} lies on direction "
                                     f"({dx}, {dy})")
    pts = []
    for j in range(height):
        for q in _Y_OFFSETS:
            for i in range(width):
                for p in _X_OFFSETS:
                    pts.append((i * DENOM + p, j * DENOM + q))
    return pts


@dataclass(frozen=True)
class Placement:
    """One piece shape at one place: its class, orientation, corners and covered sample points."""

    shape: int
    orientation: int
    poly: Poly
    mask: int


def placements_in(width: int, height: int, pieces: Sequence[Poly], classes: Sequence[int],
                  samples: Sequence[Vec],
                  allowed: Callable[[int, int], bool] | None = None) -> list[Placement]:
    """Every placement of every piece class inside the box [0, width] x [0, height].

    `allowed(class, orientation)` can restrict the orientations of a class (symmetry breaking).
    """
    out: list[Placement] = []
    for c in sorted(set(classes)):
        seen: set[frozenset[Vec]] = set()
        for o in range(8):
            shape = oriented(pieces[c], o)
            if normalised(shape) in seen:  # a symmetric piece: this orientation was done
                continue
            seen.add(normalised(shape))
            if allowed is not None and not allowed(c, o):
                continue
            mx = min(x for x, _ in shape)
            my = min(y for _, y in shape)
            w = max(x for x, _ in shape) - mx
            h = max(y for _, y in shape) - my
            for tx in range(-mx, width - w - mx + 1):
                for ty in range(-my, height - h - my + 1):
                    poly = tuple((x + tx, y + ty) for x, y in shape)
                    scaled = tuple((x * DENOM, y * DENOM) for x, y in poly)
                    x0, x1 = (tx + mx) * DENOM, (tx + mx + w) * DENOM
                    y0, y1 = (ty + my) * DENOM, (ty + my + h) * DENOM
                    mask = 0
                    for k, s in enumerate(samples):
                        if x0 < s[0] < x1 and y0 < s[1] < y1 and strictly_inside(s, scaled):
                            mask |= 1 << k
                    out.append(Placement(c, o, poly, mask))
    return out


# --------------------------------------------------------------------------------------------
# The search

Tiling = tuple[tuple[int, Poly], ...]  # (shape class, corners) per piece, sorted


@dataclass
class SearchStats:
    """What a search did: tilings found, nodes visited, seconds taken."""

    tilings: int = 0
    nodes: int = 0
    seconds: float = 0.0


def tilings(width: int = SIDE, height: int = SIDE, pieces: Sequence[Poly] = PIECES,
            allowed: Callable[[int, int], bool] | None = None,
            fixed: Sequence[tuple[int, Poly]] = (),
            stats: SearchStats | None = None) -> Iterator[Tiling]:
    """Every tiling of the width x height box by `pieces` (twins unlabelled), each once.

    The total area of the pieces must equal the box's. `fixed` pieces (shape class, corners)
    are laid first; they must be some of `pieces` and must not overlap.
    """
    if sum(twice_area(ccw(p)) for p in pieces) != 2 * width * height:
        raise ValueError("the pieces' area is not the box's")
    classes = shape_classes(pieces)
    samples = sample_points(width, height, pieces)
    full = (1 << len(samples)) - 1
    places = placements_in(width, height, pieces, classes, samples, allowed)
    by_sample: list[list[Placement]] = [[] for _ in samples]
    for pl in places:
        m = pl.mask
        while m:
            low = m & -m
            by_sample[low.bit_length() - 1].append(pl)
            m ^= low
    left: dict[int, int] = {}
    for c in classes:
        left[c] = left.get(c, 0) + 1
    chosen: list[Placement] = []
    covered = 0
    for c, poly in fixed:
        match = [pl for pl in places if pl.shape == classes[c] and key(pl.poly) == key(poly)]
        if not match or left[classes[c]] == 0:
            raise ValueError(f"fixed piece {c + 1} at {poly} is not a placement in the box")
        pl = match[0]
        if covered & pl.mask or any(interiors_overlap(ccw(pl.poly), ccw(q.poly)) for q in chosen):
            raise ValueError(f"fixed piece {c + 1} overlaps another fixed piece")
        chosen.append(pl)
        covered |= pl.mask
        left[classes[c]] -= 1
    st = stats if stats is not None else SearchStats()
    started = time.perf_counter()
    ids = {id(pl): n for n, pl in enumerate(places)}
    boxes = [(min(x for x, _ in pl.poly), min(y for _, y in pl.poly),
              max(x for x, _ in pl.poly), max(y for _, y in pl.poly)) for pl in places]
    rings = [ccw(pl.poly) for pl in places]
    clash: dict[tuple[int, int], bool] = {}

    def overlaps(a: int, b: int) -> bool:
        # boxes meeting along a line at most cannot hold a common interior point
        ax0, ay0, ax1, ay1 = boxes[a]
        bx0, by0, bx1, by1 = boxes[b]
        if ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0:
            return False
        pair = (a, b) if a < b else (b, a)
        hit = clash.get(pair)
        if hit is None:
            hit = clash[pair] = interiors_overlap(rings[a], rings[b])
        return hit

    chosen_ids = [ids[id(pl)] for pl in chosen]

    def search(covered: int) -> Iterator[Tiling]:
        st.nodes += 1
        if covered == full:
            if sum(left.values()) == 0:
                st.tilings += 1
                yield tuple(sorted((pl.shape, key(pl.poly)) for pl in chosen))
            return
        first = ((covered + 1) & ~covered).bit_length() - 1  # lowest uncovered sample
        for pl in by_sample[first]:
            if left[pl.shape] == 0 or pl.mask & covered:
                continue
            me = ids[id(pl)]
            if any(overlaps(me, q) for q in chosen_ids):
                continue
            left[pl.shape] -= 1
            chosen.append(pl)
            chosen_ids.append(me)
            yield from search(covered | pl.mask)
            chosen_ids.pop()
            chosen.pop()
            left[pl.shape] += 1

    yield from search(covered)
    st.seconds += time.perf_counter() - started


# --------------------------------------------------------------------------------------------
# Symmetry, canonical forms, counts


def square_symmetry(o: int, side: int = SIDE) -> Callable[[Vec], Vec]:
    """Symmetry number o of the side x side square (the orientation o about its centre)."""

    def f(p: Vec) -> Vec:
        x, y = orient((2 * p[0] - side, 2 * p[1] - side), o)
        return ((x + side) // 2, (y + side) // 2)

    return f


def transformed(tiling: Tiling, o: int, side: int = SIDE) -> Tiling:
    """A tiling's image under symmetry o of the square (`square_symmetry`, written out as an
    integer matrix and shift: this runs thousands of times when the catalogue loads)."""
    a, c = orient((1, 0), o)
    b, d = orient((0, 1), o)
    tx = side * (1 - a - b) // 2
    ty = side * (1 - c - d) // 2
    return tuple(sorted((k, tuple(sorted((a * x + b * y + tx, c * x + d * y + ty)
                                         for x, y in poly)))
                        for k, poly in tiling))


def canonical(tiling: Tiling, side: int = SIDE) -> Tiling:
    """The smallest of a tiling's eight images: equal for two tilings iff one maps onto the other."""
    return min(transformed(tiling, o, side) for o in range(8))


def labellings(pieces: Sequence[Poly] = PIECES) -> int:
    """How many arrangements one tiling stands for: the product of k! over twin groups of size k."""
    classes = shape_classes(pieces)
    out = 1
    for c in set(classes):
        for k in range(2, classes.count(c) + 1):
            out *= k
    return out


@dataclass(frozen=True)
class Census:
    """The counts of the square, each measured (see the module docstring for the conventions)."""

    tilings: int
    arrangements: int
    distinct: int
    largest_orbit: int
    smallest_orbit: int
    solutions: tuple[Tiling, ...]
    nodes: int
    seconds: float


def census(stats: SearchStats | None = None) -> Census:
    """Enumerate every tiling of the square, with no symmetry breaking, then group them into
    solutions by canonical form (about half a minute on the 2-core test machine)."""
    st = stats if stats is not None else SearchStats()
    orbits: dict[Tiling, int] = {}
    for t in tilings(stats=st):
        c = canonical(t)
        orbits[c] = orbits.get(c, 0) + 1
    sizes = list(orbits.values()) or [0]
    return Census(st.tilings, st.tilings * labellings(), len(orbits), max(sizes), min(sizes),
                  tuple(sorted(orbits)), st.nodes, st.seconds)


#: Piece 6 (index 5): unique, largest, with no symmetry of its own — fixing its orientation
#: picks exactly one tiling out of the eight of every solution.
ANCHOR = 5


def distinct_solutions(stats: SearchStats | None = None) -> tuple[Tiling, ...]:
    """The distinct solutions, canonical and sorted: the tilings with piece 6 as in the
    reference square (one per solution, see ANCHOR), each brought to its canonical form."""
    found = {canonical(t) for t in tilings(allowed=lambda c, o: c != ANCHOR or o == 0,
                                           stats=stats)}
    return tuple(sorted(found))


# --------------------------------------------------------------------------------------------
# Labelled placements and the compact text form


_DIGITS = "0123456789abc"


def label(tiling: Tiling, pieces: Sequence[Poly] = PIECES) -> tuple[Poly, ...]:
    """The polygon of each piece (index order), corners in the piece's own order; twins take
    their pair's places in sorted order."""
    classes = shape_classes(pieces)
    spots: dict[int, list[Poly]] = {}
    for c, poly in sorted(tiling):
        spots.setdefault(c, []).append(poly)
    out = []
    for i in range(len(pieces)):
        o, at = orientation_of(i, spots[classes[i]].pop(0), pieces)
        out.append(placed(i, o, at, pieces))
    return tuple(out)


def orientation_of(i: int, poly: Sequence[Vec], pieces: Sequence[Poly] = PIECES
                   ) -> tuple[int, Vec]:
    """(orientation, where corner 0 lies) of piece i covering the polygon; ValueError if none."""
    wanted = normalised(poly)
    x0, y0 = pieces[i][0]
    for o in range(8):
        rel = [orient((x - x0, y - y0), o) for x, y in pieces[i]]
        if normalised(rel) == wanted:
            tx = min(x for x, _ in poly) - min(x for x, _ in rel)
            ty = min(y for _, y in poly) - min(y for _, y in rel)
            return o, (tx, ty)
    raise ValueError(f"piece {i + 1} cannot cover {tuple(poly)}")


def placed(i: int, o: int, at: Vec, pieces: Sequence[Poly] = PIECES) -> Poly:
    """Piece i in orientation o with its corner 0 on `at`, corners in the piece's own order."""
    x0, y0 = pieces[i][0]
    return tuple((at[0] + u, at[1] + v)
                 for u, v in (orient((x - x0, y - y0), o) for x, y in pieces[i]))


def encode(tiling: Tiling) -> str:
    """A solution as text: per piece (P1 … P14) its turn, '-' or 'f', and corner 0's x and y in
    base 13 — four characters each, e.g. '0-0c' is piece 1 as in the reference square."""
    out = []
    for i, poly in enumerate(label(tiling)):
        o, (x, y) = orientation_of(i, poly)
        turn, flipped = ORIENTATIONS[o]
        out.append(f"{turn}{'f' if flipped else '-'}{_DIGITS[x]}{_DIGITS[y]}")
    return "".join(out)


def decode(text: str) -> Tiling:
    """The tiling a solution's text stands for; ValueError if it is not that shape of text."""
    n = len(PIECES)
    if len(text) != 4 * n:
        raise ValueError(f"a solution is {4 * n} characters, not {len(text)}")
    classes = shape_classes()
    out = []
    for i in range(n):
        t, f, x, y = (text[4 * i + k] for k in range(4))
        if t not in "0123" or f not in "-f" or x not in _DIGITS or y not in _DIGITS:
            raise ValueError(f"cannot read piece {i + 1} in {text!r}")
        o = int(t) + (4 if f == "f" else 0)
        out.append((classes[i], key(placed(i, o, (_DIGITS.index(x), _DIGITS.index(y))))))
    return tuple(sorted(out))


def is_tiling(tiling: Tiling, side: int = SIDE, pieces: Sequence[Poly] = PIECES) -> bool:
    """Exact check that these placed pieces rebuild the square: the right pieces, each a
    lattice image of its piece, inside the square, no two overlapping (then, with the areas
    adding up to the square's, nothing is left uncovered)."""
    classes = shape_classes(pieces)
    if sorted(c for c, _ in tiling) != sorted(classes):
        return False
    rings = []
    for c, poly in tiling:
        if normalised(poly) not in lattice_orientations(pieces[c]):
            return False
        if not all(0 <= x <= side and 0 <= y <= side for x, y in poly):
            return False
        rings.append(_convex_ring(poly))
    if sum(twice_area(r) for r in rings) != 2 * side * side:
        return False
    return not any(interiors_overlap(rings[a], rings[b])
                   for a in range(len(rings)) for b in range(a + 1, len(rings)))


def _convex_ring(points: Sequence[Vec]) -> Poly:
    """The corners of a convex polygon in counter-clockwise order (from an unordered set)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return tuple(pts)
    lower: list[Vec] = []
    upper: list[Vec] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])
