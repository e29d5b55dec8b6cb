"""Pure plane geometry of dissection puzzles: the pieces, placements, tiling test, snapping, hit tests.

Shared by the Tangram and the Ostomachion (no pygame here). Coordinates are floats in the puzzle's
own frame, y pointing up: the tangram square has side 4 (frame A of docs/rules/tangram.md §1), the
Ostomachion square side 12.

A piece's *placement* is where its centroid sits, how many rotation steps it is turned
counter-clockwise (45° steps for the tangram, 90° for the Ostomachion) and whether it is turned
over. Centring on the centroid means rotating or flipping a piece in place never moves it, which
is what a player expects when they press "rotate" on a piece.

Why floats and not exact numbers in Z[√2]: the player drags pieces freely, so positions are
arbitrary reals anyway; snapping brings them back onto exact vertices up to float rounding
(~1e-15). The solved test therefore uses a written-down tolerance, see `PieceSet.tolerance`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.polygon import orient

Point = tuple[float, float]
Ring = tuple[Point, ...]

SQRT2 = math.sqrt(2.0)
_H = SQRT2 / 2.0
#: Grid of the shapely overlays (see tiling_report): far below any visible or tolerated size.
GRID = 1e-9

# Exact cos/sin of every step so a 90° turn of an integer shape stays integer (no 6e-17 noise).
_TRIG: dict[int, tuple[tuple[float, float], ...]] = {
    4: ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)),
    8: ((1.0, 0.0), (_H, _H), (0.0, 1.0), (-_H, _H), (-1.0, 0.0), (-_H, -_H), (0.0, -1.0),
        (_H, -_H)),
}


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a piece lies: centroid (x, y), `turn` rotation steps counter-clockwise, `flipped`.

    A flip mirrors the piece left-to-right (x -> -x about its centroid) *before* it is turned.
    """

    x: float
    y: float
    turn: int = 0
    flipped: bool = False


@dataclass(frozen=True, slots=True)
class Region:
    """One connected part of a silhouette: an outer ring (counter-clockwise) and its holes (clockwise)."""

    outer: Ring
    holes: tuple[Ring, ...] = ()


Silhouette = tuple[Region, ...]


# --------------------------------------------------------------------------------------------
# Small polygon helpers (pure Python: the scene calls them every frame, shapely would be slower)


def signed_area(ring: Sequence[Point]) -> float:
    """Shoelace area: positive when the ring runs counter-clockwise (y up)."""
    total = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def centroid(ring: Sequence[Point]) -> Point:
    """Area centroid of a simple polygon."""
    a = signed_area(ring)
    cx = cy = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6.0 * a), cy / (6.0 * a))


def point_in_ring(p: Point, ring: Sequence[Point]) -> bool:
    """Even-odd ray casting; points exactly on an edge may fall either way (fine for clicks)."""
    x, y = p
    inside = False
    n = len(ring)
    j = n - 1
    for i in range(n):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def region_area(region: Region) -> float:
    return abs(signed_area(region.outer)) - sum(abs(signed_area(h)) for h in region.holes)


def silhouette_area(silhouette: Silhouette) -> float:
    return sum(region_area(r) for r in silhouette)


def bounds(rings: Iterable[Sequence[Point]]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of all the points of some rings."""
    xs: list[float] = []
    ys: list[float] = []
    for ring in rings:
        for x, y in ring:
            xs.append(x)
            ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys))


def silhouette_rings(silhouette: Silhouette) -> list[Ring]:
    """Every ring of a silhouette, outers and holes alike (for drawing and snapping)."""
    return [ring for r in silhouette for ring in (r.outer, *r.holes)]


# --------------------------------------------------------------------------------------------
# Piece sets


@dataclass(frozen=True)
class PieceSet:
    """The pieces of one puzzle and the constants that go with them.

    `shapes` are the pieces at turn 0, not flipped, vertices counter-clockwise; `local` is the
    same centred on each piece's centroid; `square` is where each piece lies in the assembled
    square (the classic dissection).

    Tolerance of the solved test (`tolerance`, a length, and `area_tolerance`): a solution is
    accepted when the area that is wrong — silhouette left uncovered, pieces sticking out, and
    pieces overlapping each other — is at most `area_tolerance = 2 * tolerance * diameter of the
    largest piece`. Moving one piece of an exact solution by a distance d creates at most
    2 * d * (its width across the move) of wrong area, so any piece off by less than `tolerance`
    in any direction still passes; and at least about 2 * d * (its narrowest width), so a piece
    off by more than `area_tolerance / (2 * narrowest width)` always fails (`fail_distance`).
    Tangram: 0.01 passes, 0.04 fails. Ostomachion (square 12): 0.01 passes, 0.125 fails.
    """

    name: str
    ids: tuple[str, ...]
    names: tuple[str, ...]
    shapes: tuple[Ring, ...]
    square: tuple[Ring, ...]
    steps: int
    side: float
    tolerance: float = 0.01
    local: tuple[Ring, ...] = field(init=False)
    areas: tuple[float, ...] = field(init=False)
    total_area: float = field(init=False)
    area_tolerance: float = field(init=False)
    fail_distance: float = field(init=False)

    def __post_init__(self) -> None:
        if self.steps not in _TRIG:
            raise ValueError(f"unsupported rotation steps {self.steps}")
        local = []
        for shape in self.shapes:
            cx, cy = centroid(shape)
            local.append(tuple((x - cx, y - cy) for x, y in shape))
        areas = tuple(abs(signed_area(s)) for s in self.shapes)
        diameter = max(math.dist(p, q) for s in self.shapes for p in s for q in s)
        narrowest = min(_min_width(s) for s in self.shapes)
        object.__setattr__(self, "local", tuple(local))
        object.__setattr__(self, "areas", areas)
        object.__setattr__(self, "total_area", sum(areas))
        object.__setattr__(self, "area_tolerance", 2.0 * self.tolerance * diameter)
        object.__setattr__(self, "fail_distance", self.area_tolerance / (2.0 * narrowest))

    @property
    def count(self) -> int:
        return len(self.ids)

    @property
    def snap_radius(self) -> float:
        """Default snapping distance: a sixteenth of the square's side."""
        return self.side / 16.0

    def index(self, piece_id: str) -> int:
        """Index of a piece id (case-insensitive); ValueError names the known ids."""
        wanted = piece_id.strip().upper()
        for i, pid in enumerate(self.ids):
            if pid.upper() == wanted:
                return i
        raise ValueError(f"no piece called {piece_id!r} (pieces: {', '.join(self.ids)})")

    def vertices(self, i: int, p: Placement) -> Ring:
        """The piece's vertices where placement `p` puts it, in the order of `shapes[i]`.

        A flipped piece's ring therefore runs clockwise; callers that need an orientation use
        `signed_area`, shapely does not care.
        """
        c, s = _TRIG[self.steps][p.turn % self.steps]
        out = []
        for lx, ly in self.local[i]:
            if p.flipped:
                lx = -lx
            out.append((p.x + c * lx - s * ly, p.y + s * lx + c * ly))
        return tuple(out)

    def placement_for(self, i: int, turn: int, flipped: bool, vertex: int, at: Point) -> Placement:
        """The placement turned and flipped as given that puts vertex number `vertex` on `at`."""
        probe = self.vertices(i, Placement(0.0, 0.0, turn, flipped))
        vx, vy = probe[vertex]
        return Placement(at[0] - vx, at[1] - vy, turn % self.steps, flipped)

    def flipped_in_place(self, p: Placement) -> Placement:
        """Mirror a placed piece left-to-right on the board, about its own centroid.

        Mirroring after a turn t equals turning by -t after mirroring: M R(t) = R(-t) M.
        """
        return Placement(p.x, p.y, (-p.turn) % self.steps, not p.flipped)

    def find_placement(self, i: int, ring: Sequence[Point], allow_flip: bool = True,
                       tol: float = 1e-6) -> Placement | None:
        """A placement of piece i covering exactly the polygon `ring`, or None (unflipped first)."""
        c = centroid(ring) if signed_area(ring) > 0 else centroid(tuple(reversed(ring)))
        for flipped in (False, True) if allow_flip else (False,):
            for turn in range(self.steps):
                p = Placement(c[0], c[1], turn, flipped)
                if self.same_region(self.vertices(i, p), tuple(ring), tol):
                    return p
        return None

    def polygon(self, i: int, p: Placement) -> Polygon:
        return Polygon(self.vertices(i, p))

    def same_region(self, a: Ring, b: Ring, tol: float | None = None) -> bool:
        """True when two placed convex pieces cover the same region (every vertex matches)."""
        tol = self.tolerance if tol is None else tol
        if len(a) != len(b):
            return False
        return all(any(math.dist(p, q) <= tol for q in b) for p in a)


def _min_width(ring: Ring) -> float:
    """Smallest width of a convex polygon: the least height over its edges."""
    best = math.inf
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        height = max(abs((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / length for x, y in ring)
        best = min(best, height)
    return best


def square_solution(pieces: PieceSet) -> tuple[Placement, ...]:
    """The placements that rebuild the reference square (no piece turned over)."""
    out = []
    for i, ring in enumerate(pieces.square):
        p = pieces.find_placement(i, ring, allow_flip=False)
        if p is None:  # a table error, caught by the tests
            raise ValueError(f"{pieces.ids[i]} does not fit its place in the square")
        out.append(p)
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Silhouettes as shapely geometry, and the tiling test


def silhouette_shape(silhouette: Silhouette) -> MultiPolygon:
    return MultiPolygon([Polygon(r.outer, list(r.holes)) for r in silhouette])


@dataclass(frozen=True)
class TilingReport:
    """What is wrong with a set of placed pieces against a silhouette (areas in square units)."""

    uncovered: float
    outside: tuple[tuple[int, float], ...]
    overlaps: tuple[tuple[int, int, float], ...]

    @property
    def wrong_area(self) -> float:
        return (self.uncovered + sum(a for _, a in self.outside)
                + sum(a for _, _, a in self.overlaps))


def tiling_report(pieces: PieceSet, placements: Sequence[Placement], silhouette: Silhouette,
                  min_area: float = 1e-9) -> TilingReport:
    """Measure gaps, pieces sticking out and overlaps; entries below `min_area` are dropped.

    Every overlay runs on a 1e-9 grid (GEOS snap rounding): two pieces sharing an edge whose
    ends were computed a rounding error apart are otherwise sometimes reported as overlapping
    by their whole area.
    """
    polys = [pieces.polygon(i, p) for i, p in enumerate(placements)]
    target = silhouette_shape(silhouette)
    union = shapely.union_all(polys, grid_size=GRID)
    uncovered = shapely.difference(target, union, grid_size=GRID).area
    outside = []
    for i, poly in enumerate(polys):
        a = shapely.difference(poly, target, grid_size=GRID).area
        if a > min_area:
            outside.append((i, a))
    overlaps = []
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            a = overlap_area(polys[i], polys[j])
            if a > min_area:
                overlaps.append((i, j, a))
    return TilingReport(uncovered if uncovered > min_area else 0.0, tuple(outside),
                        tuple(overlaps))


@dataclass(frozen=True)
class Fault:
    """One thing that keeps laid pieces from being a solution, for the player to read.

    `kind` is "outside" (piece `pieces[0]` sticks out of the figure), "overlap" (the two
    `pieces` cover the same ground) or "gap" (part of the figure left bare). `share` is the
    wrong area as a part of the piece (of the smaller piece for an overlap, of the figure for a
    gap); `depth` how far it goes: the farthest corner outside, or the thickness of the overlap
    or of the gap. `rings` outline the wrong area, to show it on the board.
    """

    kind: str
    pieces: tuple[int, ...]
    area: float
    share: float
    depth: float
    rings: tuple[Ring, ...]


def _rings_of(geom: object) -> tuple[Ring, ...]:
    parts = getattr(geom, "geoms", [geom])
    return tuple(_ring(p.exterior.coords) for p in parts
                 if isinstance(p, Polygon) and not p.is_empty and p.area > 1e-9)


def _thickness(geom: object) -> float:
    """The least width of a wrong area's largest part (its convex hull's: a sliver is thin)."""
    parts = [p for p in getattr(geom, "geoms", [geom]) if isinstance(p, Polygon) and p.area > 0]
    if not parts:
        return 0.0
    hull = max(parts, key=lambda p: p.area).convex_hull
    if not isinstance(hull, Polygon):
        return 0.0
    return _min_width(_ring(hull.exterior.coords))


def faults(pieces: PieceSet, placements: Sequence[Placement], silhouette: Silhouette,
           pieces_out: Iterable[int] | None = None) -> list[Fault]:
    """What is wrong with the pieces laid (`pieces_out`, default all): pieces out of place,
    largest first, then the bare ground.

    Areas under the solved test's tolerance are not faults. A gap is only reported when every
    piece is out (before that, the bare ground is simply where pieces still go).
    """
    laid = list(range(pieces.count)) if pieces_out is None else sorted(pieces_out)
    polys = {i: pieces.polygon(i, placements[i]) for i in laid}
    target = silhouette_shape(silhouette)
    tol = pieces.area_tolerance
    out: list[Fault] = []
    for i, poly in polys.items():
        rest = shapely.difference(poly, target, grid_size=GRID)
        if rest.area > tol:
            depth = max(target.distance(shapely.Point(v)) for v in pieces.vertices(i, placements[i]))
            out.append(Fault("outside", (i,), rest.area, rest.area / pieces.areas[i], depth,
                             _rings_of(rest)))
    for a_pos, i in enumerate(laid):
        for j in laid[a_pos + 1:]:
            if not polys[i].intersects(polys[j]):
                continue
            both = shapely.intersection(polys[i], polys[j], grid_size=GRID)
            if both.area > tol:
                small = min(pieces.areas[i], pieces.areas[j])
                out.append(Fault("overlap", (i, j), both.area, both.area / small,
                                 _thickness(both), _rings_of(both)))
    if len(laid) == pieces.count:
        union = shapely.union_all(list(polys.values()), grid_size=GRID)
        bare = shapely.difference(target, union, grid_size=GRID)
        if bare.area > tol:
            out.append(Fault("gap", (), bare.area, bare.area / target.area, _thickness(bare),
                             _rings_of(bare)))
    # a piece out of place names the culprit; a gap only says something is missing
    out.sort(key=lambda f: (f.kind == "gap", -f.area))
    return out


def inside_figure(pieces: PieceSet, placements: Sequence[Placement], silhouette: Silhouette
                  ) -> list[bool]:
    """For each piece: does it lie inside the figure (what sticks out within the solved test's
    tolerance)? A piece half off the figure is not "placed", whatever its centre."""
    target = silhouette_shape(silhouette)
    result = []
    for i, p in enumerate(placements):
        poly = pieces.polygon(i, p)
        result.append(poly.intersects(target) and shapely.difference(
            poly, target, grid_size=GRID).area <= pieces.area_tolerance)
    return result


def overlap_area(a: Polygon, b: Polygon) -> float:
    """Area common to two polygons, robust to shared edges (see tiling_report)."""
    if not a.intersects(b):
        return 0.0
    return float(shapely.intersection(a, b, grid_size=GRID).area)


def is_tiled(pieces: PieceSet, placements: Sequence[Placement], silhouette: Silhouette) -> bool:
    """The solved test: pieces cover the silhouette, no overlap, no gap, within the tolerance."""
    # Quick no while pieces still wait in the tray (the full test takes milliseconds): a corner
    # a quarter side outside the silhouette's box puts far more than the tolerated area outside
    # (at least that depth squared times tan(half the sharpest angle, 5.6°), or the whole piece).
    x0, y0, x1, y1 = bounds(r.outer for r in silhouette)
    m = pieces.side / 4.0
    for i, p in enumerate(placements):
        for x, y in pieces.vertices(i, p):
            if x < x0 - m or x > x1 + m or y < y0 - m or y > y1 + m:
                return False
    return tiling_report(pieces, placements, silhouette).wrong_area <= pieces.area_tolerance


def outline_of(pieces: PieceSet, placements: Sequence[Placement],
               grid: float = GRID) -> Silhouette:
    """The silhouette a set of placed pieces makes: their union, outer rings CCW, holes CW.

    The union is computed on a fine grid (snap rounding) so that edges meeting at √2
    coordinates computed in two different ways merge instead of leaving 1e-16 slivers; then
    points in the middle of a straight side are dropped.
    """
    polys = [pieces.polygon(i, p) for i, p in enumerate(placements)]
    union = shapely.union_all(polys, grid_size=grid)
    parts = list(union.geoms) if isinstance(union, MultiPolygon) else [union]
    regions = []
    for part in parts:
        if not isinstance(part, Polygon) or part.area < 1e-6:
            continue
        part = orient(part, sign=1.0)
        holes = tuple(_ring(h.coords) for h in part.interiors if Polygon(h).area > 1e-6)
        regions.append(Region(_ring(part.exterior.coords), holes))
    regions.sort(key=lambda r: (min(p[0] for p in r.outer), min(p[1] for p in r.outer)))
    return tuple(regions)


def _ring(coords: Iterable[Sequence[float]]) -> Ring:
    """A closed coordinate sequence as a ring: no repeated end, no point in the middle of a side,
    starting from its lowest-leftmost point."""
    pts = [(float(x), float(y)) for x, y in coords]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    changed = True
    while changed and len(pts) > 3:
        changed = False
        for k in range(len(pts)):
            a, b, c = pts[k - 1], pts[k], pts[(k + 1) % len(pts)]
            cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
            forward = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
            if abs(cross) < 1e-9 * (1.0 + math.dist(a, b) * math.dist(b, c)) and forward > 0:
                del pts[k]
                changed = True
                break
    start = pts.index(min(pts))  # a fixed starting corner keeps written files stable
    return tuple(pts[start:] + pts[:start])


def normalise_region(outer: Sequence[Point], holes: Sequence[Sequence[Point]]) -> Region:
    """A region with its outer ring made counter-clockwise and its holes clockwise."""
    out = tuple(outer) if signed_area(outer) > 0 else tuple(reversed(outer))
    hs = tuple(tuple(h) if signed_area(h) < 0 else tuple(reversed(h)) for h in holes)
    return Region(out, hs)


# --------------------------------------------------------------------------------------------
# Snapping and hit testing


def snap(pieces: PieceSet, i: int, placement: Placement, silhouette: Silhouette,
         others: Sequence[Ring], radius: float | None = None) -> Placement:
    """Pull a dragged piece onto nearby geometry; the placement unchanged if nothing is near.

    Targets are the silhouette's rings and the other placed pieces (`others`, their vertex
    rings). A piece vertex within `radius` of a target vertex wins (the closest pair); failing
    that, the closest vertex-to-edge contact: a piece vertex onto a target edge, or a target
    vertex onto a piece edge. Only the position changes, never the turn or the flip.
    """
    radius = pieces.snap_radius if radius is None else radius
    mine = pieces.vertices(i, placement)
    rings = [r for r in silhouette_rings(silhouette)] + list(others)
    best: tuple[float, float, float] | None = None  # (distance, dx, dy)
    for ring in rings:
        for t in ring:
            for v in mine:
                d = math.dist(v, t)
                if d <= radius and (best is None or d < best[0]):
                    best = (d, t[0] - v[0], t[1] - v[1])
    if best is None:
        for ring in rings:
            for a, b in _edges(ring):
                for v in mine:
                    q = _closest_on_segment(v, a, b)
                    d = math.dist(v, q)
                    if d <= radius and (best is None or d < best[0]):
                        best = (d, q[0] - v[0], q[1] - v[1])
            for a, b in _edges(mine):
                for t in ring:
                    q = _closest_on_segment(t, a, b)
                    d = math.dist(t, q)
                    if d <= radius and (best is None or d < best[0]):
                        best = (d, t[0] - q[0], t[1] - q[1])
    if best is None:
        return placement
    return Placement(placement.x + best[1], placement.y + best[2], placement.turn,
                     placement.flipped)


def _edges(ring: Sequence[Point]) -> Iterable[tuple[Point, Point]]:
    n = len(ring)
    for k in range(n):
        yield ring[k], ring[(k + 1) % n]


def _closest_on_segment(p: Point, a: Point, b: Point) -> Point:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return a
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return (ax + t * dx, ay + t * dy)


def on_segment(p: Point, a: Point, b: Point, tol: float = 1e-6) -> bool:
    """True when p lies on the segment ab (within `tol`): a corner on a corner or on a side."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]) < tol


def contacts(pieces: PieceSet, i: int, placement: Placement, silhouette: Silhouette,
             others: Iterable[Sequence[Point]]) -> tuple[Point, ...]:
    """The corners of piece i at `placement` that touch an edge of the silhouette (holes
    included) or of one of the `others` rings: after a snap, the points it locked onto."""
    rings: list[Sequence[Point]] = [*silhouette_rings(silhouette), *others]
    return tuple(v for v in pieces.vertices(i, placement)
                 if any(on_segment(v, a, b) for ring in rings for a, b in _edges(ring)))


def pieces_at(pieces: PieceSet, placements: Sequence[Placement], order: Sequence[int],
              point: Point) -> list[int]:
    """Indices of the pieces under `point`, topmost first (`order` lists bottom to top)."""
    return [i for i in reversed(order) if point_in_ring(point, pieces.vertices(i, placements[i]))]


# --------------------------------------------------------------------------------------------
# The tray: where pieces wait before the player moves them


#: Width / height of the playing area the tray layout aims for (the window is 1280 x 800).
BOARD_ASPECT = 1.6


def tray_homes(pieces: PieceSet, silhouette: Silhouette) -> tuple[Placement, ...]:
    """Home placements beside the silhouette, unturned, packed in columns top to bottom.

    Deterministic, so a level always starts the same way. Columns start a quarter side to the
    right of the silhouette, level with its top; their height is chosen (at least the
    silhouette's, at least 1.5 sides) so the whole board comes closest to BOARD_ASPECT.
    """
    x0, y0, x1, y1 = bounds(r.outer for r in silhouette)
    base = max(y1 - y0, pieces.side * 1.5)
    best: tuple[float, tuple[Placement, ...]] | None = None
    for k in range(41):
        homes = _pack(pieces, x1 + pieces.side / 4.0, y1, base + k * pieces.side / 4.0)
        bx0, by0, bx1, by1 = board_bounds(pieces, silhouette, homes)
        score = abs((bx1 - bx0) / (by1 - by0) - BOARD_ASPECT)
        if best is None or score < best[0] - 1e-9:
            best = (score, homes)
    assert best is not None
    return best[1]


def _pack(pieces: PieceSet, left: float, top: float, height: float) -> tuple[Placement, ...]:
    gap = pieces.side / 16.0
    col_x = left
    col_w = 0.0
    y = top
    homes: list[Placement] = []
    for i in range(pieces.count):
        bx0, by0, bx1, by1 = bounds([pieces.local[i]])
        w, h = bx1 - bx0, by1 - by0
        if y - h < top - height and y < top:  # column full: start the next one
            col_x += col_w + gap
            col_w = 0.0
            y = top
        homes.append(Placement(col_x - bx0, y - by1))
        col_w = max(col_w, w)
        y -= h + gap
    return tuple(homes)


def board_bounds(pieces: PieceSet, silhouette: Silhouette,
                 homes: Sequence[Placement]) -> tuple[float, float, float, float]:
    """The playing area: silhouette and tray with a margin; piece centroids must stay inside."""
    rings: list[Sequence[Point]] = [r.outer for r in silhouette]
    rings += [pieces.vertices(i, p) for i, p in enumerate(homes)]
    x0, y0, x1, y1 = bounds(rings)
    m = pieces.side / 4.0
    return (x0 - m, y0 - m, x1 + m, y1 + m)
