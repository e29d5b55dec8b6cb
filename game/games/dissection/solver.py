"""Find any way to finish a dissection figure around the pieces a player has already laid.

Pure geometry (no pygame), shared by the Tangram and the Ostomachion. The hint uses it so that it
builds on the player's work: a figure often has several solutions (the classic square can be
built in mirror image, Ostomachion figures in hundreds of ways), and a hint that only knows the
level's stored solution would throw away pieces that sit correctly in another one.

The search is the classic exact-cover walk for polygon dissections: take the lowest (then
leftmost) corner of the area still to fill. That corner is convex, so whatever piece covers the
area next to it must have one of its own corners exactly there and lie wholly inside the area.
Try every free piece, in every distinct orientation, with each of its corners on that spot;
keep those that fit, cut them out of the area and go on. Twins (congruent pieces) are tried once.
A node budget keeps the worst case bounded: the answer then says the search was cut short.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from game.games.dissection.geometry import (
    PieceSet,
    Placement,
    Point,
    Silhouette,
    silhouette_shape,
)

#: Grid of the overlays (snap rounding), as in geometry.tiling_report.
GRID = 1e-9
#: An area below this (square units) is rounding, not a piece of the figure.
EPS_AREA = 1e-6
#: Slivers thinner than twice this are removed from the area still to fill.
SLIVER = 1e-6
#: A piece fits when it lies inside the area grown by this much (rounding of shared sides).
CONTAIN = 1e-7
#: Default number of piece trials before the search gives up (the tangram needs a few hundred
#: at most; an Ostomachion figure from scratch a few thousand).
BUDGET = 20000


@dataclass(frozen=True)
class Completion:
    """The answer of `complete`: a full solution (every piece placed), or None.

    `exhausted` is False when None means "no solution exists" (proved), True when the search
    ran out of its budget before deciding.
    """

    placements: tuple[Placement, ...] | None
    exhausted: bool = False
    nodes: int = 0


@cache
def _orientations(pieces: PieceSet, i: int) -> tuple[tuple[int, bool], ...]:
    """The (turn, flipped) pairs that give piece i distinct shapes (symmetric ones once)."""
    seen: set[frozenset[tuple[float, float]]] = set()
    out = []
    for flipped in (False, True):
        for turn in range(pieces.steps):
            ring = pieces.vertices(i, Placement(0.0, 0.0, turn, flipped))
            key = frozenset((round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in ring)
            if key not in seen:
                seen.add(key)
                out.append((turn, flipped))
    return tuple(out)


@cache
def _shape_class(pieces: PieceSet, i: int) -> int:
    """The index of the first piece congruent to piece i (twins share it)."""
    mine = {frozenset((round(x, 6) + 0.0, round(y, 6) + 0.0)
                      for x, y in pieces.vertices(i, Placement(0.0, 0.0, t, f)))
            for t, f in _orientations(pieces, i)}
    for j in range(i):
        other = pieces.vertices(j, Placement(0.0, 0.0, 0, False))
        if frozenset((round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in other) in mine:
            return _shape_class(pieces, j)
    return i


def _clean(geom: BaseGeometry) -> BaseGeometry:
    """Drop rounding slivers and specks from the area still to fill."""
    if geom.is_empty:
        return geom
    opened = geom.buffer(-SLIVER, join_style="mitre", mitre_limit=50.0).buffer(
        SLIVER, join_style="mitre", mitre_limit=50.0)
    parts = [p for p in getattr(opened, "geoms", [opened])
             if isinstance(p, Polygon) and p.area > EPS_AREA]
    if not parts:
        return Polygon()
    return shapely.set_precision(MultiPolygon(parts) if len(parts) > 1 else parts[0], GRID)


def _area_key(area: BaseGeometry) -> bytes:
    """The area rounded and in a normal form: the same area reached with other pieces (in
    another order, or twins swapped) gets the same key."""
    return bytes(shapely.normalize(shapely.set_precision(area, 1e-5)).wkb)


def _corner(region: BaseGeometry) -> tuple[Point, float, float]:
    """The lowest, then leftmost, corner of the area (a convex corner of an outer ring), with
    the wedge of the area there: the direction of the outline leaving it counter-clockwise and
    the opening angle (radians) from that direction round to the incoming side."""
    best: tuple[float, float, list[tuple[float, float]], int] | None = None
    for part in getattr(region, "geoms", [region]):
        coords = list(orient(part, 1.0).exterior.coords)[:-1]
        for k, (x, y) in enumerate(coords):
            if best is None or y < best[1] - 1e-7 or (abs(y - best[1]) <= 1e-7 and x < best[0]):
                best = (x, y, coords, k)
    assert best is not None
    x, y, coords, k = best
    n = len(coords)
    nxt = next(coords[(k + d) % n] for d in range(1, n)
               if math.dist(coords[(k + d) % n], (x, y)) > 1e-9)
    prv = next(coords[(k - d) % n] for d in range(1, n)
               if math.dist(coords[(k - d) % n], (x, y)) > 1e-9)
    out = math.atan2(nxt[1] - y, nxt[0] - x)
    back = math.atan2(prv[1] - y, prv[0] - x)
    return (x, y), out, (back - out) % math.tau


def _in_wedge(angle: float, out: float, wedge: float) -> bool:
    """A direction leaving the corner lies inside the area's wedge there (cheap pre-test)."""
    rel = (angle - out) % math.tau
    if rel > math.tau - 1e-6:
        rel = 0.0
    return rel <= wedge + 1e-6


@cache
def _shapes(pieces: PieceSet, i: int
            ) -> tuple[tuple[int, bool, tuple[Point, ...], tuple[tuple[float, float], ...]], ...]:
    """Each distinct orientation of piece i: (turn, flipped, its ring with the centroid at the
    origin, and at each corner the directions of the two sides leaving it)."""
    out = []
    for turn, flipped in _orientations(pieces, i):
        ring = pieces.vertices(i, Placement(0.0, 0.0, turn, flipped))
        n = len(ring)
        angles = tuple(
            (math.atan2(ring[(k + 1) % n][1] - y, ring[(k + 1) % n][0] - x),
             math.atan2(ring[k - 1][1] - y, ring[k - 1][0] - x))
            for k, (x, y) in enumerate(ring))
        out.append((turn, flipped, ring, angles))
    return tuple(out)


def complete(pieces: PieceSet, silhouette: Silhouette, fixed: Mapping[int, Placement],
             budget: int = BUDGET) -> Completion:
    """A solution of the figure keeping every piece of `fixed` where it lies, if one exists.

    `fixed` pieces are taken as they are (the caller checks they lie inside the figure without
    overlapping); every other piece is free. The answer places all pieces.
    """
    region: BaseGeometry = silhouette_shape(silhouette)
    if fixed:
        laid = shapely.union_all([pieces.polygon(i, p) for i, p in fixed.items()], grid_size=GRID)
        region = shapely.difference(region, laid, grid_size=GRID)
    region = _clean(region)
    free = [i for i in range(pieces.count) if i not in fixed]
    # largest first: big pieces are the most constrained, so dead ends show early
    free.sort(key=lambda i: (-pieces.areas[i], i))
    if abs(region.area - sum(pieces.areas[i] for i in free)) > 1e-4 * pieces.total_area:
        return Completion(None)
    found: dict[int, Placement] = {}
    nodes = 0
    smallest = min(pieces.areas)

    dead: set[tuple[object, ...]] = set()  # areas already shown impossible with these pieces

    def search(area: BaseGeometry, left: list[int]) -> bool | None:
        nonlocal nodes
        if not left:
            return bool(area.area <= 1e-4 * pieces.total_area)
        key = (_area_key(area), tuple(sorted(_shape_class(pieces, i) for i in left)))
        if key in dead:
            return False
        for part in getattr(area, "geoms", [area]):
            if part.area < smallest - 1e-4:
                return False  # a hole no piece can fill
        (cx, cy), out, wedge = _corner(area)
        x0, y0, x1, y1 = area.bounds
        roomy = area.buffer(CONTAIN, join_style="mitre", mitre_limit=50.0)
        shapely.prepare(roomy)
        tried: set[int] = set()
        for i in left:
            cls = _shape_class(pieces, i)
            if cls in tried:
                continue  # a twin of a piece already tried here: the same shapes again
            tried.add(cls)
            for turn, flipped, local, angles in _shapes(pieces, i):
                for k, (a1, a2) in enumerate(angles):
                    if not (_in_wedge(a1, out, wedge) and _in_wedge(a2, out, wedge)):
                        continue
                    dx, dy = cx - local[k][0], cy - local[k][1]
                    ring = [(x + dx, y + dy) for x, y in local]
                    if any(y < cy - 1e-7 or x < x0 - 1e-7 or x > x1 + 1e-7 or y > y1 + 1e-7
                           for x, y in ring):
                        continue
                    nodes += 1
                    if nodes > budget:
                        return None
                    poly = Polygon(ring)
                    if not roomy.contains(poly):
                        continue
                    p = Placement(dx, dy, turn, flipped)
                    rest = _clean(shapely.difference(area, poly, grid_size=GRID))
                    found[i] = p
                    result = search(rest, [j for j in left if j != i])
                    if result is None:
                        return None
                    if result:
                        return True
                    del found[i]
        dead.add(key)
        return False

    outcome = search(region, free)
    if outcome is None:
        return Completion(None, exhausted=True, nodes=nodes)
    if not outcome:
        return Completion(None, nodes=nodes)
    full = {**fixed, **found}
    return Completion(tuple(full[i] for i in range(pieces.count)), nodes=nodes)


def in_place(pieces: PieceSet, placements: Sequence[Placement], silhouette: Silhouette,
             order: Sequence[int] | None = None) -> list[int]:
    """The pieces a hint must keep: inside the figure (within the solved test's tolerance) and
    not overlapping a piece kept before them (bottom of the pile first)."""
    target = silhouette_shape(silhouette)
    kept: list[int] = []
    polys: dict[int, Polygon] = {}
    for i in (order if order is not None else range(pieces.count)):
        poly = pieces.polygon(i, placements[i])
        if not poly.intersects(target):
            continue
        if shapely.difference(poly, target, grid_size=GRID).area > pieces.area_tolerance:
            continue
        if any(shapely.intersection(poly, polys[j], grid_size=GRID).area > pieces.area_tolerance
               for j in kept):
            continue
        kept.append(i)
        polys[i] = poly
    return kept
