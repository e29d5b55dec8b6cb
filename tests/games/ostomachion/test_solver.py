"""The Ostomachion solver: its geometry, its counts on small sub-problems checked by a second
method written here, and the committed catalogue of the 536 re-derived in part."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from game.games.ostomachion import collection, solver
from game.games.ostomachion.solver import PIECES, Poly, Vec

# --------------------------------------------------------------------------------------------
# A second method: piece after piece, every lattice placement, overlaps measured by clipping
# the two convex polygons in exact rationals (no sample points, no separating axes).

Q = tuple[Fraction, Fraction]


def _clip(subject: list[Q], a: Q, b: Q) -> list[Q]:
    """Sutherland-Hodgman: the part of a convex polygon left of the directed line a -> b."""
    def side(p: Q) -> Fraction:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])

    out: list[Q] = []
    for k, p in enumerate(subject):
        q = subject[(k + 1) % len(subject)]
        sp, sq = side(p), side(q)
        if sp >= 0:
            out.append(p)
        if (sp > 0 > sq) or (sp < 0 < sq):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def overlap_area(a: Poly, b: Poly) -> Fraction:
    poly: list[Q] = [(Fraction(x), Fraction(y)) for x, y in solver.ccw(a)]
    ring = solver.ccw(b)
    for k in range(len(ring)):
        if not poly:
            break
        u, v = ring[k], ring[(k + 1) % len(ring)]
        poly = _clip(poly, (Fraction(u[0]), Fraction(u[1])), (Fraction(v[0]), Fraction(v[1])))
    if len(poly) < 3:
        return Fraction(0)
    return abs(sum(poly[k][0] * poly[(k + 1) % len(poly)][1]
                   - poly[(k + 1) % len(poly)][0] * poly[k][1] for k in range(len(poly)))) / 2


MATRICES = [((1, 0), (0, 1)), ((0, -1), (1, 0)), ((-1, 0), (0, -1)), ((0, 1), (-1, 0)),
            ((-1, 0), (0, 1)), ((0, -1), (-1, 0)), ((1, 0), (0, -1)), ((0, 1), (1, 0))]


def brute_placements(piece: Poly, w: int, h: int) -> set[frozenset[Vec]]:
    out = set()
    for (a, b), (c, d) in MATRICES:
        img = [(a * x + b * y, c * x + d * y) for x, y in piece]
        for tx in range(-30, 30):
            for ty in range(-30, 30):
                pts = frozenset((x + tx, y + ty) for x, y in img)
                if all(0 <= x <= w and 0 <= y <= h for x, y in pts):
                    out.add(pts)
    return out


def brute_count(pieces: list[Poly], w: int, h: int) -> int:
    """Labelled tilings (every piece told apart) of the w x h box, by plain backtracking."""
    assert sum(solver.twice_area(solver.ccw(p)) for p in pieces) == 2 * w * h
    options = [[solver._convex_ring(list(s)) for s in sorted(brute_placements(p, w, h), key=sorted)]
               for p in pieces]
    count = 0

    def go(k: int, chosen: list[Poly]) -> None:
        nonlocal count
        if k == len(pieces):
            count += 1
            return
        for poly in options[k]:
            if all(overlap_area(poly, q) == 0 for q in chosen):
                go(k + 1, chosen + [poly])

    go(0, [])
    return count


# Sub-problems found with the solver itself and checked here by the second method:
# (piece numbers, width, height, tilings with twins alike).
SLOW = pytest.mark.slow  # the same search on bigger boxes
SUBPROBLEMS = [
    pytest.param((4, 8, 12), 3, 12, 4, marks=SLOW),
    ((6, 7, 8), 6, 6, 8),
    ((8, 13, 14), 3, 6, 4),
    pytest.param((3, 4, 10, 11), 6, 6, 8, marks=SLOW),  # both twin pairs: 8 tilings, 32 labelled
    pytest.param((6, 7, 13, 14), 6, 6, 8, marks=SLOW),  # (6, 7, 8) and (8, 13, 14) stay fast
    pytest.param((11, 12, 13, 14), 3, 12, 4, marks=SLOW),
]


@pytest.mark.parametrize("numbers, w, h, expected", SUBPROBLEMS, ids=str)
def test_small_subproblems_agree_with_brute_force(numbers: tuple[int, ...], w: int, h: int,
                                                  expected: int) -> None:
    pieces = [PIECES[n - 1] for n in numbers]
    found = list(solver.tilings(w, h, pieces))
    assert len(found) == len(set(found)) == expected
    assert brute_count(pieces, w, h) == expected * solver.labellings(pieces)


def test_a_box_the_pieces_cannot_fill_has_no_tiling() -> None:
    # pieces 7, 13 and 14 have the area of a 3 x 4 box but it cannot be tiled with them
    pieces = [PIECES[6], PIECES[12], PIECES[13]]
    assert list(solver.tilings(3, 4, pieces)) == []
    assert brute_count(pieces, 3, 4) == 0


# --------------------------------------------------------------------------------------------
# Geometry


def test_quarter_turns_and_flips_are_the_only_lattice_orientations() -> None:
    for i, piece in enumerate(PIECES):
        shapes = solver.lattice_orientations(piece)
        dihedral = {solver.normalised(solver.oriented(piece, o)) for o in range(8)}
        assert len(shapes) == 8 and set(shapes) == dihedral, i + 1


def test_twins_are_three_and_ten_four_and_eleven() -> None:
    classes = solver.shape_classes()
    groups = sorted({tuple(i + 1 for i in range(14) if classes[i] == c) for c in classes})
    assert [g for g in groups if len(g) > 1] == [(3, 10), (4, 11)]
    assert len(groups) == 12
    assert solver.labellings() == 4


def test_areas_are_those_of_the_reference() -> None:
    areas = sorted(solver.twice_area(solver.ccw(p)) / 2 for p in PIECES)
    assert areas == [3, 3, 6, 6, 6, 6, 9, 12, 12, 12, 12, 12, 21, 24]


def test_no_sample_point_lies_on_a_side_of_any_placement() -> None:
    samples = solver.sample_points(12, 12)
    assert len(samples) == 144 * solver.SAMPLES_PER_SIDE ** 2
    first_cell = [(x, y) for x, y in samples if x < solver.DENOM and y < solver.DENOM]
    assert len(first_cell) == solver.SAMPLES_PER_SIDE ** 2  # every cell repeats these offsets
    for piece in PIECES:
        for o in range(8):
            shape = solver.oriented(piece, o)
            for k in range(len(shape)):
                a, b = shape[k], shape[(k + 1) % len(shape)]
                for sx, sy in first_cell:
                    for tx, ty in itertools.product(range(-13, 13), repeat=2):
                        pa = ((a[0] + tx) * solver.DENOM, (a[1] + ty) * solver.DENOM)
                        pb = ((b[0] + tx) * solver.DENOM, (b[1] + ty) * solver.DENOM)
                        assert solver.cross(pa, pb, (sx, sy)) != 0


def test_overlap_test_is_exact() -> None:
    square = ((0, 0), (2, 0), (2, 2), (0, 2))
    assert not solver.interiors_overlap(square, ((2, 0), (4, 0), (4, 2), (2, 2)))  # a side
    assert not solver.interiors_overlap(square, ((2, 2), (4, 2), (4, 4)))  # a corner
    assert solver.interiors_overlap(square, ((1, 1), (3, 1), (3, 3)))
    # two thin triangles on one base: crossing hypotenuses overlap, complementary ones do not
    a, b = ((0, 0), (6, 0), (6, 1)), ((0, 0), (6, 1), (0, 1))
    thin = ((0, 0), (6, 0), (0, 1))
    assert not solver.interiors_overlap(a, b)
    assert solver.interiors_overlap(thin, a)
    assert overlap_area(thin, a) > 0


# --------------------------------------------------------------------------------------------
# Symmetry and canonical forms

REFERENCE = tuple(sorted((solver.shape_classes()[i], solver.key(p)) for i, p in enumerate(PIECES)))


def test_the_reference_square_is_a_tiling_and_damage_is_refused() -> None:
    assert solver.is_tiling(REFERENCE)
    moved = list(REFERENCE)
    c, poly = moved[0]
    moved[0] = (c, tuple((x, y) for x, y in solver.oriented(poly, 4)))
    assert not solver.is_tiling(tuple(sorted(moved)))
    assert not solver.is_tiling(REFERENCE[1:])


def test_canonical_form_is_the_same_for_all_eight_images() -> None:
    images = {solver.transformed(REFERENCE, o) for o in range(8)}
    assert len(images) == 8  # no symmetry of the square fixes it
    assert {solver.canonical(t) for t in images} == {solver.canonical(REFERENCE)}
    assert all(solver.is_tiling(t) for t in images)


def test_encode_and_decode_round_trip() -> None:
    text = solver.encode(REFERENCE)
    assert text == "0-0c0-2a0-0c0-060-060-060-400-630-630-840-660-c90-690-8a"
    assert solver.decode(text) == REFERENCE
    with pytest.raises(ValueError):
        solver.decode(text[:-1])
    with pytest.raises(ValueError):
        solver.decode("9" + text[1:])


# --------------------------------------------------------------------------------------------
# The committed catalogue, re-derived in part


def test_catalogue_holds_536_distinct_valid_squares() -> None:
    sols = collection.load_catalogue()
    assert len(sols) == 536
    assert all(solver.is_tiling(t) for t in sols)
    every = {solver.transformed(t, o) for t in sols for o in range(8)}
    assert len(every) == 8 * 536  # 4288 tilings, no two solutions related by a symmetry


def test_numbering_is_stable() -> None:
    cat = collection.catalogue()
    assert cat.number(REFERENCE) == 138
    assert collection.load_catalogue()[0] == solver.decode(
        "1-001-221-001-441-441f6c1fc83fc03-7a1-283-663-901-c01-b2")
    for o in range(8):
        assert cat.number(solver.transformed(REFERENCE, o)) == 138


@pytest.mark.parametrize("number", [pytest.param(1, marks=SLOW), 138,
                                    pytest.param(300, marks=SLOW), pytest.param(536, marks=SLOW)])
def test_resolving_with_half_the_pieces_fixed_finds_the_catalogue_completions(
        number: int) -> None:
    """Fix the seven largest pieces of a stored solution; the solver's completions must be
    exactly the stored tilings (in any of their eight positions) that contain those pieces."""
    sols = collection.load_catalogue()
    tiling = sols[number - 1]
    areas = {c: solver.twice_area(solver.ccw(PIECES[c])) for c, _ in tiling}
    fixed = sorted(tiling, key=lambda s: (-areas[s[0]], s))[:7]
    found = set(solver.tilings(fixed=fixed))
    expected = {img for t in sols for img in (solver.transformed(t, o) for o in range(8))
                if all(spot in img for spot in fixed)}
    assert tiling in found
    assert found == expected


@SLOW
def test_a_fresh_search_finds_exactly_the_stored_catalogue() -> None:
    """The stored 536 (levels/ostomachion/the-536.json, which the fast tests read) against a
    fresh computation: one tiling of each solution, piece 6 held in place."""
    assert solver.distinct_solutions() == tuple(sorted(collection.load_catalogue()))


@pytest.mark.parametrize("numbers, distinct, orbit", [((6, 7, 8), 1, 8), ((6, 7, 13, 14), 1, 8),
                                                      ((3, 4, 10, 11), 2, 4)])
def test_symmetry_groups_the_tilings_of_a_small_square(numbers: tuple[int, ...], distinct: int,
                                                       orbit: int) -> None:
    """In a 6 x 6 box the eight symmetries of the box act on the tilings and the canonical form
    names the orbit. With two pairs of twins a tiling can be its own half-turn (orbits of 4);
    in the full square piece 6 forbids that (the catalogue test finds 8 x 536 images)."""
    pieces = [PIECES[n - 1] for n in numbers]
    found = set(solver.tilings(6, 6, pieces))
    orbits = {solver.canonical(t, side=6) for t in found}
    assert len(orbits) == distinct
    for t in found:
        images = {solver.transformed(t, o, side=6) for o in range(8)}
        assert len(images) == orbit and images <= found
        fixed_by = [o for o in range(8) if solver.transformed(t, o, side=6) == t]
        assert len(fixed_by) * orbit == 8  # orbit-stabiliser


@pytest.mark.parametrize("number", [1, 138, 536])
def test_exported_levels_pass_the_level_validator(number: int, tmp_path: Path) -> None:
    from game.games.ostomachion import rules
    from tools import ostomachion_solutions as tool

    path = tmp_path / f"square-{number:03d}.tmx"
    path.write_text(tool.level_text(number, collection.load_catalogue()[number - 1]),
                    encoding="utf-8")
    assert rules.validate_level(path) == []
    level = rules.load_level(path)
    assert level.title == f"Square No. {number}"
    rings = [rules.PIECES.vertices(i, p) for i, p in enumerate(level.solution)]
    assert collection.recognise(collection.catalogue(), rings) == number


def test_the_catalogue_data_round_trips() -> None:
    from tools import ostomachion_solutions as tool

    sols = collection.load_catalogue()
    data = tool.catalogue_data(sols, None)
    assert data["arrangements"] == 17152 and data["tilings"] == 4288
    assert collection.parse_catalogue(data) == sols


def test_the_count_tool_ends_with_the_two_figures(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The line format (the counting itself is the tool's half-minute run, not a test's)."""
    from tools import ostomachion_solutions as tool

    fake = solver.Census(tilings=8, arrangements=32, distinct=1, largest_orbit=8,
                         smallest_orbit=8, solutions=(), nodes=5, seconds=0.1)
    monkeypatch.setattr(solver, "census", lambda stats=None: fake)
    assert tool.main(["--count"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "arrangements 32, distinct 1"
    assert lines[-2].startswith("time: ")
    assert "32 = 8 x 2 x 2" in "\n".join(lines)


def test_the_solver_pieces_are_the_game_pieces() -> None:
    """The solver keeps the table in integers; it must be the game's own (geometry.py)."""
    from game.games.ostomachion.pieces import OSTOMACHION

    assert tuple(tuple((int(x), int(y)) for x, y in ring)
                           for ring in OSTOMACHION.square) == PIECES
    assert all(float(int(v)) == v for ring in OSTOMACHION.square for p in ring for v in p)


def test_transformed_is_the_square_symmetry_applied_to_every_corner() -> None:
    for o in range(8):
        g = solver.square_symmetry(o)
        expected = tuple(sorted((c, solver.key([g(v) for v in poly])) for c, poly in REFERENCE))
        assert solver.transformed(REFERENCE, o) == expected
        assert g((0, 0)) in {(0, 0), (12, 0), (0, 12), (12, 12)}
