"""Piece geometry: sizes, turns, flips, the solved test's tolerance (both sides), snapping, hits."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from game.games.dissection.geometry import (
    SQRT2,
    PieceSet,
    Placement,
    Region,
    Silhouette,
    is_tiled,
    outline_of,
    pieces_at,
    signed_area,
    silhouette_area,
    snap,
    square_solution,
    tiling_report,
)
from game.games.ostomachion.pieces import OSTOMACHION
from game.games.tangram.pieces import TANGRAM

SQUARE4 = (Region(((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0))),)
SQUARE12 = (Region(((0.0, 0.0), (12.0, 0.0), (12.0, 12.0), (0.0, 12.0))),)


def sides(ring: tuple[tuple[float, float], ...]) -> list[float]:
    return [math.dist(ring[k], ring[(k + 1) % len(ring)]) for k in range(len(ring))]


def interior_angles(ring: tuple[tuple[float, float], ...]) -> list[float]:
    """Interior angles in degrees of a counter-clockwise convex ring."""
    out = []
    n = len(ring)
    for k in range(n):
        a, b, c = ring[k - 1], ring[k], ring[(k + 1) % n]
        v1 = (a[0] - b[0], a[1] - b[1])
        v2 = (c[0] - b[0], c[1] - b[1])
        cos = (v1[0] * v2[0] + v1[1] * v2[1]) / (math.hypot(*v1) * math.hypot(*v2))
        out.append(math.degrees(math.acos(max(-1.0, min(1.0, cos)))))
    return out


def ccw(ring: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    return ring if signed_area(ring) > 0 else tuple(reversed(ring))


# -- pieces -----------------------------------------------------------------------------------


def test_tangram_areas_follow_the_reference() -> None:
    assert [round(a, 12) for a in TANGRAM.areas] == [4, 4, 2, 1, 1, 2, 2]
    assert TANGRAM.total_area == pytest.approx(16.0)
    for ring in TANGRAM.square:  # the dissection table too
        assert signed_area(ring) > 0


def test_tangram_side_lengths() -> None:
    expect = {
        "LT1": [4, 2 * SQRT2, 2 * SQRT2], "LT2": [4, 2 * SQRT2, 2 * SQRT2],
        "MT": [2 * SQRT2, 2, 2], "ST1": [2, SQRT2, SQRT2], "ST2": [2, SQRT2, SQRT2],
        "SQ": [SQRT2] * 4, "PG": [2, SQRT2, 2, SQRT2],
    }
    for i, pid in enumerate(TANGRAM.ids):
        assert sides(TANGRAM.shapes[i]) == pytest.approx(expect[pid])
    # the parallelogram's height over its long side is 1 (area 2 = 2 x 1)
    assert TANGRAM.areas[TANGRAM.index("PG")] / 2 == pytest.approx(1.0)


def test_ostomachion_areas_and_twins() -> None:
    assert [round(a) for a in OSTOMACHION.areas] == [12, 12, 12, 6, 12, 24, 3, 9, 6, 12, 6, 21, 3, 6]
    assert Counter(round(a) for a in OSTOMACHION.areas) == Counter(
        [3, 3, 6, 6, 6, 6, 9, 12, 12, 12, 12, 12, 21, 24])
    assert OSTOMACHION.total_area == 144
    kinds = Counter(len(s) for s in OSTOMACHION.shapes)
    assert kinds == {3: 11, 4: 2, 5: 1}
    # congruent pairs under quarter turns and flips: exactly 3~10 and 4~11 -> 12 distinct shapes
    twins = set()
    for i, j in itertools.combinations(range(14), 2):
        if OSTOMACHION.find_placement(i, OSTOMACHION.shapes[j]) is not None:
            twins.add((OSTOMACHION.ids[i], OSTOMACHION.ids[j]))
    assert twins == {("P3", "P10"), ("P4", "P11")}


@pytest.mark.parametrize("pieces", [TANGRAM, OSTOMACHION], ids=lambda p: p.name)
def test_square_solution_rebuilds_the_square(pieces: PieceSet) -> None:
    solution = square_solution(pieces)
    target = SQUARE4 if pieces is TANGRAM else SQUARE12
    report = tiling_report(pieces, solution, target)
    assert report.wrong_area == 0.0
    assert outline_of(pieces, solution) == (
        Region(((0.0, 0.0), (pieces.side, 0.0), (pieces.side, pieces.side), (0.0, pieces.side))),)


# -- turns and flips --------------------------------------------------------------------------


@pytest.mark.parametrize("pieces", [TANGRAM, OSTOMACHION], ids=lambda p: p.name)
def test_turns_keep_shape_and_step_by_the_right_angle(pieces: PieceSet) -> None:
    step = 360 / pieces.steps
    for i in range(pieces.count):
        base = pieces.vertices(i, Placement(1.5, -2.0, 0))
        for turn in range(pieces.steps + 1):
            ring = pieces.vertices(i, Placement(1.5, -2.0, turn))
            assert abs(signed_area(ring)) == pytest.approx(pieces.areas[i])
            assert sides(ring) == pytest.approx(sides(base))
            # direction of the first side turned by turn * step
            d0 = math.atan2(base[1][1] - base[0][1], base[1][0] - base[0][0])
            d1 = math.atan2(ring[1][1] - ring[0][1], ring[1][0] - ring[0][0])
            assert math.degrees(d1 - d0) % 360 == pytest.approx((turn * step) % 360, abs=1e-9)
        full = pieces.vertices(i, Placement(1.5, -2.0, pieces.steps))
        assert full == base  # the turn counts modulo a full turn


def test_quarter_turns_of_integer_pieces_stay_exact() -> None:
    for i in range(OSTOMACHION.count):
        for turn in range(4):
            p = OSTOMACHION.placement_for(i, turn, False, 0, (5.0, 7.0))
            for x, y in OSTOMACHION.vertices(i, p):
                assert abs(x - round(x)) < 1e-12 and abs(y - round(y)) < 1e-12


def test_only_the_parallelogram_changes_when_flipped() -> None:
    for i, pid in enumerate(TANGRAM.ids):
        flipped = TANGRAM.vertices(i, Placement(0.0, 0.0, 0, True))
        same = TANGRAM.find_placement(i, ccw(flipped), allow_flip=False)
        assert (same is None) == (pid == "PG"), pid


def test_parallelogram_chirality_as_in_the_reference() -> None:
    """Walking the piece counter-clockwise, the angle where a side of 2 meets a side of √2 is
    45° unflipped and 135° flipped (docs/rules/tangram.md §2)."""
    pg = TANGRAM.index("PG")
    for flipped, angle in ((False, 45.0), (True, 135.0)):
        for turn in range(8):
            ring = ccw(TANGRAM.vertices(pg, Placement(0.3, 0.7, turn, flipped)))
            lengths = sides(ring)
            angles = interior_angles(ring)
            n = len(ring)
            for k in range(n):
                if lengths[k - 1] == pytest.approx(2.0) and lengths[k] == pytest.approx(SQRT2):
                    assert angles[k] == pytest.approx(angle)
    # and the reference square's parallelogram is the unflipped one
    assert not square_solution(TANGRAM)[pg].flipped


def test_flipping_in_place_mirrors_on_the_board() -> None:
    pg = TANGRAM.index("PG")
    for turn in range(8):
        p = Placement(2.0, 1.0, turn, False)
        q = TANGRAM.flipped_in_place(p)
        assert (q.x, q.y) == (p.x, p.y)
        mirrored = [(4.0 - x, y) for x, y in TANGRAM.vertices(pg, p)]
        assert TANGRAM.same_region(TANGRAM.vertices(pg, q), tuple(mirrored), 1e-12)
        assert TANGRAM.flipped_in_place(q) == p


def test_placement_for_puts_the_vertex_on_the_point() -> None:
    for pieces in (TANGRAM, OSTOMACHION):
        for i in range(pieces.count):
            for turn, flipped in itertools.product(range(pieces.steps), (False, True)):
                p = pieces.placement_for(i, turn, flipped, 1, (3.25, -1.5))
                assert pieces.vertices(i, p)[1] == pytest.approx((3.25, -1.5))


# -- the solved test's tolerance, both sides ---------------------------------------------------


def shifted(solution: tuple[Placement, ...], i: int, d: float, angle: float) -> list[Placement]:
    out = list(solution)
    p = out[i]
    out[i] = Placement(p.x + d * math.cos(angle), p.y + d * math.sin(angle), p.turn, p.flipped)
    return out


DIRECTIONS = [k * math.pi / 8 + 0.1 for k in range(16)]


def test_tolerance_constants_are_written_down() -> None:
    assert TANGRAM.tolerance == 0.01 and OSTOMACHION.tolerance == 0.01
    assert TANGRAM.area_tolerance == pytest.approx(0.08)  # 2 * 0.01 * 4 (the long side)
    assert TANGRAM.fail_distance == pytest.approx(0.04)  # narrowest piece: 1 (small triangle)
    assert OSTOMACHION.fail_distance < 0.125


@pytest.mark.parametrize("pieces,target,visible", [
    (TANGRAM, SQUARE4, 0.05),
    # the same check on fourteen pieces: the fast run has the seven of the tangram
    pytest.param(OSTOMACHION, SQUARE12, 0.15, marks=pytest.mark.slow)],
    ids=["tangram", "ostomachion"])
def test_any_piece_just_inside_the_tolerance_passes(pieces: PieceSet, target: tuple[Region, ...],
                                                    visible: float) -> None:
    solution = square_solution(pieces)
    assert is_tiled(pieces, solution, target)
    for i in range(pieces.count):
        for a in DIRECTIONS:
            assert is_tiled(pieces, shifted(solution, i, 0.99 * pieces.tolerance, a), target), \
                (pieces.ids[i], a)


@pytest.mark.parametrize("pieces,target,visible", [
    (TANGRAM, SQUARE4, 0.05),
    # the same check on fourteen pieces: the fast run has the seven of the tangram
    pytest.param(OSTOMACHION, SQUARE12, 0.15, marks=pytest.mark.slow)],
    ids=["tangram", "ostomachion"])
def test_any_piece_visibly_off_fails(pieces: PieceSet, target: tuple[Region, ...],
                                     visible: float) -> None:
    """0.05 units is 1.25% of the tangram square's side; 0.15 the same share of 12."""
    solution = square_solution(pieces)
    for i in range(pieces.count):
        for a in DIRECTIONS:
            assert not is_tiled(pieces, shifted(solution, i, visible, a), target), \
                (pieces.ids[i], a)
            assert not is_tiled(pieces, shifted(solution, i, pieces.fail_distance * 1.1, a),
                                target), (pieces.ids[i], a)


def test_wrong_turns_flips_and_missing_pieces_fail() -> None:
    solution = square_solution(TANGRAM)
    pg = TANGRAM.index("PG")
    wrong = list(solution)
    wrong[pg] = TANGRAM.flipped_in_place(solution[pg])
    assert not is_tiled(TANGRAM, wrong, SQUARE4)
    sq = TANGRAM.index("SQ")
    turned = list(solution)
    turned[sq] = Placement(solution[sq].x, solution[sq].y, solution[sq].turn + 1)
    assert not is_tiled(TANGRAM, turned, SQUARE4)
    away = list(solution)
    away[0] = Placement(20.0, 20.0, 0)
    report = tiling_report(TANGRAM, away, SQUARE4)
    assert report.uncovered == pytest.approx(4.0)
    assert report.outside == ((0, pytest.approx(4.0)),)


def test_twins_may_swap_and_overlaps_are_measured() -> None:
    solution = list(square_solution(TANGRAM))
    swapped = solution[:]
    swapped[0], swapped[1] = solution[1], solution[0]
    assert is_tiled(TANGRAM, swapped, SQUARE4)
    stacked = solution[:]
    stacked[1] = solution[0]  # both large triangles in one place
    report = tiling_report(TANGRAM, stacked, SQUARE4)
    assert report.overlaps == ((0, 1, pytest.approx(4.0)),)
    assert report.uncovered == pytest.approx(4.0)


def test_outline_splits_parts_that_touch_at_a_point() -> None:
    # two small triangles meeting only at (2, 0) make a silhouette of two outlines
    st = TANGRAM.index("ST1")
    a = TANGRAM.placement_for(st, 0, False, 0, (0.0, 0.0))
    b = TANGRAM.placement_for(st, 4, False, 0, (4.0, 0.0))  # turned half way, touching at (2,0)
    pieces = PieceSet("pair", ("A", "B"), ("a", "b"), (TANGRAM.shapes[st],) * 2,
                      (TANGRAM.shapes[st],) * 2, 8, 4.0)
    sil = outline_of(pieces, [a, b])
    assert len(sil) == 2 and silhouette_area(sil) == pytest.approx(2.0)
    assert all(signed_area(r.outer) > 0 for r in sil)


def test_outline_keeps_holes() -> None:
    # the teapot's handle: a body of two large triangles, then a square, the medium and a small
    # triangle closing a triangular hole beside it (coordinates on the √2 grid)
    ids = ("LT1", "LT2", "SQ", "MT", "ST1")
    rings = [[(0, 0), (2, 0), (2, 2)], [(0, 0), (2, 2), (0, 2)], [(2, 1), (3, 1), (3, 2), (2, 2)],
             [(3, 0), (3, 2), (4, 1)], [(2, 0), (3, 0), (2, 1)]]
    shapes = tuple(TANGRAM.shapes[TANGRAM.index(pid)] for pid in ids)
    pieces = PieceSet("handle", ids, ids, shapes, shapes, 8, 4.0)
    placements = [pieces.find_placement(i, [(x * SQRT2, y * SQRT2) for x, y in ring])
                  for i, ring in enumerate(rings)]
    sil = outline_of(pieces, [p for p in placements if p is not None])
    assert len(sil) == 1 and len(sil[0].holes) == 1
    assert signed_area(sil[0].holes[0]) == pytest.approx(-1.0)  # holes run clockwise
    assert silhouette_area(sil) == pytest.approx(4 + 4 + 2 + 2 + 1)


# -- snapping -------------------------------------------------------------------------------------


def test_a_piece_dropped_near_its_place_snaps_exactly_into_it() -> None:
    for pieces, target in ((TANGRAM, SQUARE4), (OSTOMACHION, SQUARE12)):
        solution = square_solution(pieces)
        for i in range(pieces.count):
            p = solution[i]
            others = [pieces.vertices(j, q) for j, q in enumerate(solution) if j != i]
            near = Placement(p.x + 0.12, p.y - 0.09, p.turn, p.flipped)
            snapped = snap(pieces, i, near, target, others, radius=0.25)
            assert (snapped.turn, snapped.flipped) == (p.turn, p.flipped)
            assert (snapped.x, snapped.y) == pytest.approx((p.x, p.y), abs=1e-12)
            assert is_tiled(pieces, [*solution[:i], snapped, *solution[i + 1:]], target)


def test_snap_prefers_vertices_then_edges_and_respects_the_radius() -> None:
    st = TANGRAM.index("ST1")
    # vertex 0 at (2.0, 0.1): 0.1 above the bottom edge, far from every corner -> onto the edge
    p = TANGRAM.placement_for(st, 0, False, 0, (2.0, 0.1))
    q = snap(TANGRAM, st, p, SQUARE4, [], radius=0.25)
    assert TANGRAM.vertices(st, q)[0] == pytest.approx((2.0, 0.0), abs=1e-12)
    # vertex 0 at (0.1, 0.15): near the corner (0,0) -> onto the corner, not just the edge
    p = TANGRAM.placement_for(st, 0, False, 0, (0.1, 0.15))
    q = snap(TANGRAM, st, p, SQUARE4, [], radius=0.25)
    assert TANGRAM.vertices(st, q)[0] == pytest.approx((0.0, 0.0), abs=1e-12)
    # too far: unchanged
    p = TANGRAM.placement_for(st, 0, False, 0, (2.0, 0.4))
    assert snap(TANGRAM, st, p, SQUARE4, [], radius=0.25) == p
    # another piece's vertex counts as a target too
    other = TANGRAM.vertices(0, Placement(10.0, 10.0, 0))
    p = TANGRAM.placement_for(st, 0, False, 1, (other[2][0] + 0.1, other[2][1]))
    q = snap(TANGRAM, st, p, SQUARE4, [other], radius=0.25)
    assert TANGRAM.vertices(st, q)[1] == pytest.approx(other[2], abs=1e-12)


def test_snap_pulls_a_piece_edge_onto_a_target_corner() -> None:
    sq = TANGRAM.index("SQ")
    # the square's bottom edge passes 0.1 below the corner (2, 2) of a target ring
    ring = ((2.0, 2.0), (3.0, 3.0), (1.0, 3.0))
    sil = (Region(ring),)
    p = TANGRAM.placement_for(sq, 0, False, 0, (1.3, 1.9))
    q = snap(TANGRAM, sq, p, sil, [], radius=0.25)
    ys = [y for _, y in TANGRAM.vertices(sq, q)]
    assert min(ys) == pytest.approx(2.0, abs=1e-12)


# -- hit testing -------------------------------------------------------------------------------------


def test_hit_testing_topmost_first() -> None:
    solution = list(square_solution(TANGRAM))
    order = list(range(7))
    # each piece's centroid hits that piece only
    for i, p in enumerate(solution):
        assert pieces_at(TANGRAM, solution, order, (p.x, p.y)) == [i]
    assert pieces_at(TANGRAM, solution, order, (5.0, 5.0)) == []
    # stack the square on the large triangle: the one later in the order comes first
    sq = TANGRAM.index("SQ")
    solution[sq] = Placement(solution[0].x, solution[0].y, 0)
    assert pieces_at(TANGRAM, solution, order, (solution[0].x, solution[0].y)) == [sq, 0]
    order = [sq, 1, 2, 3, 4, 6, 0]
    assert pieces_at(TANGRAM, solution, order, (solution[0].x, solution[0].y)) == [0, sq]


@pytest.mark.parametrize("trials", [30, pytest.param(150, marks=pytest.mark.slow)])
def test_the_quick_rejection_agrees_with_the_full_measure(trials: int) -> None:
    rng = random.Random(3)
    for pieces, target in ((TANGRAM, SQUARE4), (OSTOMACHION, SQUARE12)):
        solution = square_solution(pieces)
        for _ in range(trials):
            i = rng.randrange(pieces.count)
            d = rng.choice([0.005, 0.03, 0.3, 1.0, pieces.side / 4, pieces.side / 3])
            moved = shifted(solution, i, d, rng.uniform(0, 2 * math.pi))
            full = tiling_report(pieces, moved, target).wrong_area <= pieces.area_tolerance
            assert is_tiled(pieces, moved, target) == full


# -- what is wrong with laid pieces (the status bar's words) ------------------------------------

def _square_level() -> tuple[PieceSet, Silhouette, list[Placement]]:
    from game.games.tangram.rules import make_rules

    rules = make_rules("standard", {"level": "01-square"})
    return TANGRAM, rules.level.silhouette, list(rules.level.solution)


def test_a_solution_has_no_fault_and_every_piece_inside() -> None:
    from game.games.dissection.geometry import faults, inside_figure

    ps, sil, sol = _square_level()
    assert faults(ps, sol, sil) == []
    assert inside_figure(ps, sol, sil) == [True] * 7


def test_the_parallelogram_turned_over_overlaps_two_pieces_and_leaves_a_gap() -> None:
    from game.games.dissection.geometry import faults

    ps, sil, sol = _square_level()
    sol[6] = ps.flipped_in_place(sol[6])
    found = faults(ps, sol, sil)
    assert [f.kind for f in found] == ["overlap", "overlap", "gap"]
    assert all(6 in f.pieces for f in found[:2])
    # each overlap is a small triangle of area 1/4 (an eighth of the parallelogram's area 2)
    assert [round(f.area, 9) for f in found] == [0.25, 0.25, 0.5]
    assert found[0].share == pytest.approx(0.125)
    assert found[2].area == pytest.approx(sum(f.area for f in found[:2]))  # what overlaps is missing


def test_a_piece_moved_down_sticks_out_by_the_distance_moved() -> None:
    from game.games.dissection.geometry import faults, inside_figure

    ps, sil, sol = _square_level()
    p = sol[0]  # the large triangle lying along the bottom side
    sol[0] = Placement(p.x, p.y - 0.5, p.turn, p.flipped)
    found = faults(ps, sol, sil)
    assert found[0].kind == "outside" and found[0].pieces == (0,)
    assert found[0].depth == pytest.approx(0.5)
    assert inside_figure(ps, sol, sil)[0] is False
    assert all(inside_figure(ps, sol, sil)[1:])
