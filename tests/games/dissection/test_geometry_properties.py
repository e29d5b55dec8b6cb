"""Properties of the dissection puzzles' geometry over any placement Hypothesis can think of,
for both piece sets: a placed piece keeps its area and its centroid, a mirror flips the sign of
its area and undoes itself, a ring found again gives the same region, a vertex lands where it
was asked to, and snapping moves a piece by at most the radius, never turns it, and stays put
once a vertex sits on a vertex."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.dissection.geometry import (
    PieceSet,
    Placement,
    Region,
    centroid,
    signed_area,
    snap,
    square_solution,
)
from game.games.ostomachion.pieces import OSTOMACHION
from game.games.tangram.pieces import TANGRAM

#: Few examples, the same on every run (no database, no deadline: see tests/conftest.py).
FAST = settings(max_examples=60, derandomize=True)

coordinate = st.floats(min_value=-30, max_value=30, allow_nan=False, allow_infinity=False)


@st.composite
def placed(draw: st.DrawFn) -> tuple[PieceSet, int, Placement]:
    pieces = draw(st.sampled_from([TANGRAM, OSTOMACHION]))
    i = draw(st.integers(0, pieces.count - 1))
    p = Placement(draw(coordinate), draw(coordinate), draw(st.integers(-20, 20)),
                  draw(st.booleans()))
    return pieces, i, p


def close(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-7) -> bool:
    return math.dist(a, b) <= tol


@FAST
@given(placed())
def test_a_placed_piece_keeps_its_area_and_its_centroid(case: tuple[PieceSet, int, Placement]
                                                        ) -> None:
    pieces, i, p = case
    ring = pieces.vertices(i, p)
    area = signed_area(ring)
    assert math.isclose(abs(area), pieces.areas[i], rel_tol=1e-9)
    assert (area < 0) == p.flipped  # a mirrored ring runs clockwise
    assert close(centroid(ring if area > 0 else tuple(reversed(ring))), (p.x, p.y))


@FAST
@given(placed())
def test_a_turn_is_taken_modulo_the_steps(case: tuple[PieceSet, int, Placement]) -> None:
    pieces, i, p = case
    again = Placement(p.x, p.y, p.turn + pieces.steps, p.flipped)
    assert all(close(a, b) for a, b in zip(pieces.vertices(i, p), pieces.vertices(i, again),
                                           strict=True))


@FAST
@given(placed())
def test_flipping_in_place_mirrors_about_the_centroid_and_twice_is_nothing(
        case: tuple[PieceSet, int, Placement]) -> None:
    pieces, i, p = case
    mirrored = pieces.flipped_in_place(p)
    expected = tuple((2 * p.x - x, y) for x, y in pieces.vertices(i, p))
    assert pieces.same_region(pieces.vertices(i, mirrored), expected, 1e-7)
    twice = pieces.flipped_in_place(mirrored)
    assert twice.flipped == p.flipped and twice.turn % pieces.steps == p.turn % pieces.steps


@FAST
@given(placed())
def test_the_placement_found_for_a_ring_covers_that_ring(case: tuple[PieceSet, int, Placement]
                                                         ) -> None:
    pieces, i, p = case
    ring = pieces.vertices(i, p)
    found = pieces.find_placement(i, ring)
    assert found is not None
    assert pieces.same_region(pieces.vertices(i, found), ring, 1e-6)
    assert pieces.find_placement(i, ring, allow_flip=False) is not None or p.flipped


@FAST
@given(placed(), coordinate, coordinate, st.data())
def test_placement_for_puts_the_chosen_vertex_on_the_point(
        case: tuple[PieceSet, int, Placement], ax: float, ay: float, data: st.DataObject) -> None:
    pieces, i, p = case
    vertex = data.draw(st.integers(0, len(pieces.shapes[i]) - 1))
    q = pieces.placement_for(i, p.turn, p.flipped, vertex, (ax, ay))
    assert close(pieces.vertices(i, q)[vertex], (ax, ay))
    assert q.turn == p.turn % pieces.steps and q.flipped == p.flipped


def _square(pieces: PieceSet) -> tuple[Region, ...]:
    s = pieces.side
    return (Region(((0.0, 0.0), (s, 0.0), (s, s), (0.0, s))),)


@FAST
@given(placed(), st.integers(0, 13), st.floats(0.05, 2.0))
def test_snapping_moves_at_most_the_radius_and_never_turns(
        case: tuple[PieceSet, int, Placement], other: int, radius: float) -> None:
    pieces, i, p = case
    p = Placement(p.x % pieces.side, p.y % pieces.side, p.turn, p.flipped)  # near the figure
    solution = square_solution(pieces)
    j = other % pieces.count
    others = [] if j == i else [pieces.vertices(j, solution[j])]
    snapped = snap(pieces, i, p, _square(pieces), others, radius)
    assert (snapped.turn, snapped.flipped) == (p.turn, p.flipped)
    assert math.dist((p.x, p.y), (snapped.x, snapped.y)) <= radius + 1e-9
    targets = [t for ring in [_square(pieces)[0].outer, *others] for t in ring]
    on_vertex = any(close(v, t, 1e-9) for v in pieces.vertices(i, snapped) for t in targets)
    if on_vertex:  # a vertex on a vertex is the closest pair there is: it stays
        again = snap(pieces, i, snapped, _square(pieces), others, radius)
        assert close((again.x, again.y), (snapped.x, snapped.y), 1e-9)
