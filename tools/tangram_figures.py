"""The level sources of the Tangram and the Ostomachion: each figure as its reference solution.

Plain data read by tools/make_tangram_level.py, which computes each silhouette from the pieces
and writes levels/<puzzle>/<id>.tmx. A piece is given either as the polygon it covers,
("MT", [(x, y), ...]), or as (piece, turn, flipped, vertex, anchor) — see the tool's docstring.

Tangram coordinates are in frame A of docs/rules/tangram.md §1 (square of side 4, y up). Two
helpers keep the figures readable: B(...) writes points on the diagonal grid of step √2, where
the large triangles' legs, the square's sides and the small triangles' legs lie along the axes
("frame B" of tangram.md §3, here turned upright); A45(...) turns a figure given in frame A
by -45° (for the diagonal rectangle and the house).
"""

from __future__ import annotations

import math

R = math.sqrt(2.0)


def B(*pts: tuple[float, float]) -> list[tuple[float, float]]:
    """Points on the √2 grid (unit = the square piece's side)."""
    return [(x * R, y * R) for x, y in pts]


def A45(*pts: tuple[float, float]) -> list[tuple[float, float]]:
    """Frame-A points turned by -45° about the origin."""
    return [((x + y) / R, (y - x) / R) for x, y in pts]


TANGRAM = [
    # -- the convex shapes ------------------------------------------------------------------
    dict(id="01-square", title="Square", difficulty=1, par=90, pieces=[
        ("LT1", [(0, 0), (4, 0), (2, 2)]), ("LT2", [(0, 0), (2, 2), (0, 4)]),
        ("MT", [(4, 2), (4, 4), (2, 4)]), ("ST1", [(4, 0), (4, 2), (3, 1)]),
        ("ST2", [(2, 2), (3, 3), (1, 3)]), ("SQ", [(2, 2), (3, 1), (4, 2), (3, 3)]),
        ("PG", [(0, 4), (1, 3), (3, 3), (2, 4)])]),
    dict(id="02-rectangle", title="Rectangle", difficulty=1, par=120, pieces=[
        ("LT1", A45((2, 2), (0, 4), (-2, 2))), ("LT2", A45((0, 0), (2, 2), (-2, 2))),
        ("MT", A45((2, 4), (2, 6), (0, 4))), ("ST1", A45((3, 5), (2, 6), (2, 4))),
        ("ST2", A45((2, 2), (3, 3), (1, 3))), ("SQ", A45((3, 3), (4, 4), (3, 5), (2, 4))),
        ("PG", A45((1, 3), (3, 3), (2, 4), (0, 4)))]),
    dict(id="03-triangle", title="Triangle", difficulty=1, par=120, pieces=[
        ("LT1", [(2, 2), (0, 0), (4, 0)]), ("LT2", [(4, 4), (2, 2), (4, 0)]),
        ("MT", [(4, 2), (4, 0), (6, 0)]), ("ST1", [(4, 4), (4, 2), (5, 3)]),
        ("ST2", [(6, 2), (5, 1), (7, 1)]), ("SQ", [(6, 2), (5, 3), (4, 2), (5, 1)]),
        ("PG", [(8, 0), (7, 1), (5, 1), (6, 0)])]),
    dict(id="04-parallelogram", title="Parallelogram", difficulty=1, par=120, pieces=[
        ("LT1", [(2, 2), (0, 0), (4, 0)]), ("LT2", [(4, 4), (2, 2), (4, 0)]),
        ("MT", [(6, 4), (4, 4), (4, 2)]), ("ST1", [(8, 4), (6, 4), (7, 3)]),
        ("ST2", [(6, 2), (5, 3), (5, 1)]), ("SQ", [(6, 2), (7, 3), (6, 4), (5, 3)]),
        ("PG", [(4, 0), (5, 1), (5, 3), (4, 2)])]),
    dict(id="05-trapezoid", title="Trapezoid", difficulty=1, par=120, pieces=[
        ("LT1", B((0, 0), (2, 0), (2, 2))), ("LT2", B((4, 0), (6, 0), (4, 2))),
        ("MT", B((2, 0), (4, 0), (3, 1))), ("PG", B((2, 0), (3, 1), (3, 2), (2, 1))),
        ("ST1", B((2, 1), (3, 2), (2, 2))), ("SQ", B((3, 1), (4, 1), (4, 2), (3, 2))),
        ("ST2", B((3, 1), (4, 0), (4, 1)))]),
    dict(id="06-right-trapezoid", title="Right trapezoid", difficulty=2, par=150, pieces=[
        ("LT1", B((3, 0), (5, 0), (3, 2))), ("LT2", B((3, 0), (3, 2), (1, 0))),
        ("MT", B((3, 2), (1, 2), (2, 1))), ("ST1", B((1, 1), (1, 0), (2, 1))),
        ("ST2", B((0, 1), (1, 1), (0, 2))), ("SQ", B((0, 0), (1, 0), (1, 1), (0, 1))),
        ("PG", B((2, 1), (1, 1), (0, 2), (1, 2)))]),
    dict(id="07-pentagon", title="Pentagon", difficulty=2, par=150, pieces=[
        ("LT1", B((2, 1), (4, 1), (2, 3))), ("LT2", B((2, 1), (2, 3), (0, 1))),
        ("MT", B((3, 1), (1, 1), (2, 0))), ("ST1", B((0, 0), (1, 0), (0, 1))),
        ("ST2", B((3, 0), (3, 1), (2, 0))), ("SQ", B((3, 0), (4, 0), (4, 1), (3, 1))),
        ("PG", B((2, 0), (1, 0), (0, 1), (1, 1)))]),
    dict(id="08-hexagon", title="Hexagon", difficulty=2, par=150, pieces=[
        ("LT1", B((1, 1), (3, 1), (1, 3))), ("LT2", B((3, 3), (1, 3), (3, 1))),
        ("MT", B((3, 1), (1, 1), (2, 0))), ("ST1", B((1, 1), (1, 2), (0, 1))),
        ("ST2", B((1, 0), (2, 0), (1, 1))), ("SQ", B((0, 0), (1, 0), (1, 1), (0, 1))),
        ("PG", B((1, 3), (1, 2), (0, 1), (0, 2)))]),
    # -- things ------------------------------------------------------------------------------
    dict(id="09-house", title="House", difficulty=1, par=120, pieces=[
        ("LT1", A45((-3, 5), (-1, 3), (1, 5))), ("LT2", A45((-3, 5), (-3, 1), (-1, 3))),
        ("MT", A45((0, 2), (0, 0), (2, 2))), ("ST1", A45((-1, 1), (0, 0), (0, 2))),
        ("ST2", A45((0, 4), (-1, 3), (1, 3))), ("SQ", A45((-1, 3), (-2, 2), (-1, 1), (0, 2))),
        ("PG", A45((1, 3), (-1, 3), (0, 2), (2, 2)))]),
    dict(id="10-candle", title="Candle", difficulty=1, par=120, pieces=[
        # the flame only touches the wick's corner: a silhouette in two parts
        ("LT1", [(0, 0), (2, 2), (0, 4)]), ("MT", [(0, 0), (2, 0), (2, 2)]),
        ("ST1", [(2, 2), (2, 4), (1, 3)]), ("ST2", [(2, 4), (0, 4), (1, 3)]),
        ("SQ", [(1, 4), (2, 5), (1, 6), (0, 5)]), ("LT2", [(-1, 0), (3, 0), (1, -2)]),
        ("PG", [(0, -3), (2, -3), (1, -2), (-1, -2)])]),
    dict(id="11-rocket", title="Rocket", difficulty=1, par=150, pieces=[
        ("LT1", B((0, 0), (2, 0), (2, 2))), ("LT2", B((0, 0), (2, 2), (0, 2))),
        ("MT", B((0, 2), (2, 2), (1, 3))), ("ST1", B((-1, 0), (0, 0), (0, 1))),
        ("ST2", B((2, 0), (3, 0), (2, 1))), ("SQ", B((0.5, -1), (1.5, -1), (1.5, 0), (0.5, 0))),
        ("PG", B((0.5, -1), (1.5, -1), (0.5, -2), (-0.5, -2)))]),
    dict(id="12-arrow", title="Arrow", difficulty=2, par=180, pieces=[
        ("LT1", B((-1.5, 2), (0.5, 2), (0.5, 4))), ("LT2", B((0.5, 2), (2.5, 2), (0.5, 4))),
        ("SQ", B((0, 1), (1, 1), (1, 2), (0, 2))), ("ST1", B((0, 0), (1, 0), (0, 1))),
        ("ST2", B((1, 0), (1, 1), (0, 1))), ("MT", B((0, 0), (0, 2), (-1, 1))),
        ("PG", B((1, 0), (1, 1), (2, 0), (2, -1)))]),
    dict(id="13-sailboat", title="Sailboat", difficulty=2, par=180, pieces=[
        # the pennant touches the masthead at one point
        ("LT1", [(0, 1), (4, 1), (2, 3)]), ("LT2", [(0, 5), (0, 1), (2, 3)]),
        ("MT", [(0, 1), (0, 3), (-2, 1)]), ("ST1", [(0, 1), (-2, 1), (-1, 0)]),
        ("ST2", [(-1, 0), (1, 0), (0, 1)]), ("SQ", [(-1, 6), (0, 5), (1, 6), (0, 7)]),
        ("PG", [(1, 0), (3, 0), (2, 1), (0, 1)])]),
    dict(id="14-steamboat", title="Steamboat", difficulty=2, par=180, pieces=[
        ("LT1", B((1, 0), (3, 0), (1, 2))), ("LT2", B((3, 2), (1, 2), (3, 0))),
        ("MT", B((5, 1), (3, 1), (4, 0))), ("ST1", B((3, 0), (4, 0), (3, 1))),
        ("ST2", B((1, 1), (0, 1), (1, 0))), ("SQ", B((1, 2), (2, 2), (2, 3), (1, 3))),
        ("PG", B((1, 0), (0, 0), (-1, 1), (0, 1)))]),
    dict(id="15-teapot", title="Teapot", difficulty=3, par=240, pieces=[
        # body, spout and lid; the handle (square, medium and small triangle) closes a hole
        ("LT1", B((0, 0), (2, 0), (2, 2))), ("LT2", B((0, 0), (2, 2), (0, 2))),
        ("PG", B((0, 0), (0, 1), (-1, 2), (-1, 1))),
        ("ST2", [(R - 1, 2 * R), (R + 1, 2 * R), (R, 2 * R + 1)]),
        ("SQ", B((2, 1), (3, 1), (3, 2), (2, 2))), ("MT", B((3, 0), (3, 2), (4, 1))),
        ("ST1", B((2, 0), (3, 0), (2, 1)))]),
    # -- animals ------------------------------------------------------------------------------
    dict(id="16-cat", title="Cat", difficulty=2, par=180, pieces=[
        # sitting, seen from the side: pointed ears on a square head, tail along the ground
        ("LT1", [(0, 0), (4, 0), (2, 2)]), ("LT2", [(4, 0), (4, 4), (2, 2)]),
        ("MT", [(2, 2), (4, 4), (2, 4)]), ("SQ", [(2, 5), (3, 4), (4, 5), (3, 6)]),
        ("ST1", [(3, 6), (2, 5), (2, 7)]), ("ST2", [(3, 6), (4, 5), (4, 7)]),
        ("PG", [(4, 0), (6, 0), (7, 1), (5, 1)])]),
    dict(id="17-rabbit", title="Rabbit", difficulty=2, par=180, pieces=[
        # crouching, facing right: long ears (parallelogram, small triangle), puff of a tail
        ("LT1", [(0, 0), (4, 0), (2, 2)]), ("LT2", [(2, 2), (4, 0), (6, 2)]),
        ("MT", [(4, 0), (6, 0), (6, 2)]),
        ("SQ", [(6 - R, 2), (6, 2), (6, 2 + R), (6 - R, 2 + R)]),
        ("PG", [(6 - R, 2 + R), (7 - R, 3 + R), (7 - R, 5 + R), (6 - R, 4 + R)]),
        ("ST1", [(6, 2 + R), (6, 4 + R), (7, 3 + R)]),
        ("ST2", [(0, 0), (1, 1), (0, 2)])]),
    dict(id="18-swan", title="Swan", difficulty=2, par=180, pieces=[
        ("LT1", B((0, 2), (2, 2), (2, 0))), ("LT2", B((2, 0), (4, 2), (2, 2))),
        ("MT", B((2, 2), (4, 2), (3, 3))), ("ST1", B((4, 2), (5, 3), (4, 3))),
        ("SQ", B((0, 2), (1, 2), (1, 3), (0, 3))), ("PG", B((0, 3), (1, 3), (0, 4), (-1, 4))),
        ("ST2", B((-1, 4), (0, 4), (0, 5)))]),
    dict(id="19-duck", title="Duck", difficulty=2, par=180, pieces=[
        ("LT1", B((0, 1), (2, 1), (2, -1))), ("LT2", B((2, 1), (2, -1), (4, 1))),
        ("ST1", B((3, 1), (4, 1), (4, 2))), ("MT", B((1, 1), (3, 1), (2, 2))),
        ("PG", B((0, 1), (1, 1), (0, 2), (-1, 2))), ("SQ", B((-1, 2), (0, 2), (0, 3), (-1, 3))),
        ("ST2", B((-1, 2), (-1, 3), (-2, 2)))]),
    dict(id="20-fish", title="Fish", difficulty=2, par=180, pieces=[
        ("LT1", [(0, 0), (4, 0), (2, 2)]), ("LT2", [(0, 0), (2, -2), (4, 0)]),
        ("MT", [(4, 0), (4 + R, R), (4 + R, -R)]), ("PG", [(2, 2), (3, 1), (5, 1), (4, 2)]),
        ("ST1", [(2, -2), (3, -3), (3, -1)]), ("SQ", [(1, -1), (2, -2), (1, -3), (0, -2)]),
        ("ST2", [(0, 0), (-1, 1), (-1, -1)])]),
    dict(id="21-bird", title="Bird", difficulty=2, par=180, pieces=[
        # in flight: one wing raised, one lowered, beak to the right
        ("SQ", [(0, 0), (1, -1), (2, 0), (1, 1)]), ("LT1", [(1, 1), (-1, 3), (3, 3)]),
        ("LT2", [(1, -1), (-1, -3), (3, -3)]), ("ST1", [(2, 0), (3, 1), (3, -1)]),
        ("PG", [(0, 0), (-2, 0), (-3, -1), (-1, -1)]), ("MT", [(-2, 0), (-4, 0), (-4, 2)]),
        ("ST2", [(3, 1), (3, -1), (4, 0)])]),
    dict(id="22-horse", title="Horse", difficulty=3, par=300, pieces=[
        ("LT1", [(0, 2), (4, 2), (2, 4)]), ("LT2", [(2, 4), (4, 2), (6, 4)]),
        ("SQ", [(1, 3), (2, 4), (1, 5), (0, 4)]), ("ST1", [(0, 4), (1, 5), (-1, 5)]),
        ("ST2", [(0, 0), (0, 2), (1, 1)]), ("MT", [(2, 2), (4, 2), (4, 0)]),
        ("PG", [(6, 4), (7, 3), (7, 1), (6, 2)])]),
    dict(id="23-llama", title="Llama", difficulty=3, par=300, pieces=[
        ("LT1", [(0, 0), (4, 0), (2, 2)]), ("LT2", [(2, 2), (4, 0), (6, 2)]),
        ("MT", [(4, 2), (6, 2), (6, 4)]), ("SQ", [(5, 3), (6, 4), (5, 5), (4, 4)]),
        ("PG", [(4, 4), (5, 5), (5, 7), (4, 6)]), ("ST1", [(5, 5), (6, 4), (6, 6)]),
        ("ST2", [(0, 0), (1, 1), (0, 2)])]),
    dict(id="24-dinosaur", title="Dinosaur", difficulty=3, par=300, pieces=[
        ("LT1", [(0, 2), (4, 2), (2, 4)]), ("LT2", [(0, 2), (2, 0), (4, 2)]),
        ("ST1", [(0, 0), (0, 2), (1, 1)]), ("MT", [(2, 0), (4, 0), (4, 2)]),
        ("PG", [(-2, 2), (0, 2), (-1, 3), (-3, 3)]), ("SQ", [(-3, 3), (-2, 4), (-3, 5), (-4, 4)]),
        ("ST2", [(-4, 4), (-3, 5), (-5, 5)])]),
    # -- people -------------------------------------------------------------------------------
    dict(id="25-runner", title="Runner", difficulty=3, par=300, pieces=[
        ("LT1", [(0, 4), (4, 4), (2, 2)]), ("SQ", [(2, 4), (3, 5), (2, 6), (1, 5)]),
        ("PG", [(4, 4), (6, 4), (7, 5), (5, 5)]), ("ST1", [(-2, 4), (0, 4), (-1, 3)]),
        ("LT2", [(2, 2), (6, 2), (4, 0)]), ("MT", [(2, 2), (0, 0), (2, 0)]),
        ("ST2", [(-2, 0), (0, 0), (-1, 1)])]),
    dict(id="26-dancer", title="Dancer", difficulty=3, par=300, pieces=[
        ("LT1", [(0, 4), (4, 4), (2, 2)]), ("LT2", [(0, 0), (4, 0), (2, 2)]),
        ("SQ", [(2, 4), (3, 5), (2, 6), (1, 5)]), ("PG", [(4, 4), (5, 5), (5, 7), (4, 6)]),
        ("ST1", [(0, 4), (0, 6), (-1, 5)]), ("MT", [(4, 0), (6, 0), (4, 2)]),
        ("ST2", [(1, 0), (3, 0), (2, -1)])]),
    dict(id="27-kneeling-man", title="Kneeling man", difficulty=3, par=300, pieces=[
        ("LT1", [(0, 2), (0, 6), (2, 4)]), ("SQ", [(0, 6), (1, 7), (0, 8), (-1, 7)]),
        ("LT2", [(0, 2), (4, 2), (2, 4)]), ("MT", [(2, 2), (4, 2), (4, 0)]),
        ("PG", [(0, 0), (2, 0), (1, 1), (-1, 1)]), ("ST1", [(2, 4), (3, 5), (4, 4)]),
        ("ST2", [(1, 1), (2, 2), (0, 2)])]),
    # -- more figures -------------------------------------------------------------------------
    dict(id="28-fox", title="Fox", difficulty=2, par=180, pieces=[
        # a fox's face: pointed ears, pointed chin
        ("LT1", [(-2, 2), (2, 2), (0, 4)]), ("LT2", [(2, 2), (-2, 2), (0, 0)]),
        ("MT", [(-2, 4), (-2, 2), (0, 4)]), ("ST1", [(3, 3), (3, 5), (2, 4)]),
        ("ST2", [(2, 4), (0, 4), (1, 3)]), ("SQ", [(1, 3), (2, 2), (3, 3), (2, 4)]),
        ("PG", [(-2, 4), (-2, 2), (-3, 3), (-3, 5)])]),
    dict(id="29-chair", title="Chair", difficulty=2, par=180, pieces=[
        ("LT1", B((0, 1), (2, 1), (0, 3))), ("LT2", B((3, 2), (1, 2), (3, 0))),
        ("MT", B((1, 3), (1, 5), (0, 4))), ("ST1", B((0, 5), (0, 4), (1, 5))),
        ("ST2", B((2, 0), (3, 0), (2, 1))), ("SQ", B((0, 0), (1, 0), (1, 1), (0, 1))),
        ("PG", B((1, 2), (1, 3), (0, 4), (0, 3)))]),
    # -- harder shapes --------------------------------------------------------------------------
    dict(id="30-leaning-pentagon", title="Leaning pentagon", difficulty=3, par=240, pieces=[
        ("LT1", [(0, 0), (4, 0), (2, 2)]), ("LT2", [(0, 4), (0, 0), (2, 2)]),
        ("MT", [(1, 3), (3, 3), (1, 5)]), ("ST1", [(1, 3), (1, 5), (0, 4)]),
        ("ST2", [(4, 2), (2, 2), (3, 1)]), ("SQ", [(3, 1), (4, 0), (5, 1), (4, 2)]),
        ("PG", [(2, 2), (4, 2), (3, 3), (1, 3)])]),
    dict(id="31-long-hexagon", title="Long hexagon", difficulty=3, par=240, pieces=[
        ("LT1", [(5, 3), (1, 3), (3, 1)]), ("LT2", [(1, 3), (5, 3), (3, 5)]),
        ("MT", [(5, 5), (3, 5), (5, 3)]), ("ST1", [(0, 2), (0, 0), (1, 1)]),
        ("ST2", [(1, 1), (3, 1), (2, 2)]), ("SQ", [(0, 2), (1, 1), (2, 2), (1, 3)]),
        ("PG", [(2, 0), (0, 0), (1, 1), (3, 1)])]),
]

# -- Ostomachion ------------------------------------------------------------------------------
# The square falls into four congruent right triangles with legs 12 and 6, each an exact group
# of pieces; most figures below are built from these blocks, turned and mirrored, and a few
# pieces moved on their own. Each block is named by its right-angle corner and the directions
# of its long (12) and short (6) legs in the square.

_OSTO_SQUARE = {
    "P1": [(0, 12), (2, 10), (12, 12)], "P2": [(2, 10), (4, 8), (12, 12)],
    "P3": [(0, 12), (0, 6), (4, 8)], "P4": [(0, 6), (6, 6), (4, 8)],
    "P5": [(0, 6), (6, 3), (8, 4), (6, 6)], "P6": [(0, 6), (0, 0), (4, 0), (6, 3)],
    "P7": [(4, 0), (6, 0), (6, 3)], "P8": [(6, 3), (6, 0), (12, 0)],
    "P9": [(6, 3), (12, 0), (8, 4)], "P10": [(8, 4), (12, 0), (12, 6)],
    "P11": [(6, 6), (8, 4), (12, 6)], "P12": [(12, 9), (6, 9), (4, 8), (6, 6), (12, 6)],
    "P13": [(6, 9), (12, 9), (8, 10)], "P14": [(8, 10), (12, 9), (12, 12)],
}
#: block name: (pieces, right-angle corner, long-leg direction, short-leg direction)
_BLOCKS = {
    "low": (("P6", "P7", "P8"), (0, 0), (1, 0), (0, 1)),
    "mid": (("P5", "P9", "P10", "P11"), (12, 6), (-1, 0), (0, -1)),
    "high": (("P4", "P12", "P13", "P14"), (12, 6), (-1, 0), (0, 1)),
    "top": (("P1", "P2", "P3"), (0, 12), (1, 0), (0, -1)),
}


def piece(pid: str, matrix: tuple[int, int, int, int], offset: tuple[float, float],
          ) -> tuple[str, list[tuple[float, float]]]:
    """A piece of the square moved by an integer matrix (a, b, c, d): (x, y) -> (ax + by, cx + dy)
    and then the offset."""
    a, b, c, d = matrix
    return (pid, [(a * x + b * y + offset[0], c * x + d * y + offset[1])
                  for x, y in _OSTO_SQUARE[pid]])


def block(name: str, corner: tuple[float, float], long: tuple[int, int],
          short: tuple[int, int]) -> list[tuple[str, list[tuple[float, float]]]]:
    """One 12-by-6 triangle block with its right angle at `corner`, legs along `long`, `short`."""
    ids, c0, l0, s0 = _BLOCKS[name]
    # the matrix sends the block's own leg directions onto the wanted ones (l0, s0 orthonormal)
    m = (long[0] * l0[0] + short[0] * s0[0], long[0] * l0[1] + short[0] * s0[1],
         long[1] * l0[0] + short[1] * s0[0], long[1] * l0[1] + short[1] * s0[1])
    off = (corner[0] - (m[0] * c0[0] + m[1] * c0[1]), corner[1] - (m[2] * c0[0] + m[3] * c0[1]))
    return [piece(pid, m, off) for pid in ids]


OSTOMACHION = [
    dict(id="01-square", title="Square", difficulty=3, par=600, pieces=[
        piece(pid, (1, 0, 0, 1), (0, 0)) for pid in _OSTO_SQUARE]),
    dict(id="02-rectangle", title="Long rectangle", difficulty=1, par=240, pieces=[
        *block("low", (0, 0), (1, 0), (0, 1)), *block("mid", (12, 6), (-1, 0), (0, -1)),
        *block("high", (12, 0), (1, 0), (0, 1)), *block("top", (24, 6), (-1, 0), (0, -1))]),
    dict(id="03-triangle", title="Great triangle", difficulty=2, par=300, pieces=[
        *block("low", (0, 0), (1, 0), (0, 1)), *block("top", (12, 0), (1, 0), (0, 1)),
        *block("high", (0, 6), (1, 0), (0, 1)), *block("mid", (12, 6), (-1, 0), (0, -1))]),
    dict(id="04-house", title="House", difficulty=2, par=300, pieces=[
        *block("low", (0, 0), (1, 0), (0, 1)), *block("mid", (12, 6), (-1, 0), (0, -1)),
        *block("high", (6, 6), (0, 1), (1, 0)), *block("top", (6, 6), (0, 1), (-1, 0))]),
    dict(id="05-tree", title="Tree", difficulty=2, par=300, pieces=[
        *block("low", (-3, 0), (0, 1), (1, 0)), *block("mid", (3, 12), (0, -1), (-1, 0)),
        *block("high", (0, 12), (0, 1), (1, 0)), *block("top", (0, 12), (0, 1), (-1, 0))]),
    dict(id="06-ship", title="Ship", difficulty=2, par=300, pieces=[
        *block("low", (0, 0), (1, 0), (0, -1)), *block("mid", (0, 0), (-1, 0), (0, -1)),
        *block("high", (0, 0), (0, 1), (1, 0)), *block("top", (0, 0), (0, 1), (-1, 0))]),
    dict(id="07-tower", title="Tower", difficulty=3, par=420, pieces=[
        # a tower on a rock: a gallery with a balcony, a roof and a flagpole
        *block("low", (0, 0), (0, 1), (1, 0)), *block("mid", (6, 12), (0, -1), (-1, 0)),
        *block("top", (0, 0), (-1, 0), (0, 1)),
        piece("P12", (1, 0, 0, 1), (-6, 6)), piece("P14", (-1, 0, 0, 1), (18, 3)),
        piece("P4", (1, 0, 0, 1), (0, 9)), piece("P13", (0, -1, 1, 0), (13, 11))]),
    dict(id="08-sword", title="Sword", difficulty=3, par=480, pieces=[
        # blade and point from three blocks; guard, grip and pommel from the fourth's pieces
        *block("low", (-3, 0), (0, 1), (1, 0)), *block("mid", (3, 12), (0, -1), (-1, 0)),
        *block("top", (-3, 12), (0, 1), (1, 0)),
        piece("P12", (1, 0, 0, 1), (-9, -9)), piece("P14", (-1, 0, 0, 1), (15, -12)),
        piece("P13", (0, -1, 1, 0), (9, -15)), piece("P4", (1, 0, 0, -1), (-3, -3))]),
    dict(id="09-elephant", title="Elephant", difficulty=3, par=600, pieces=[
        # body from two blocks; head (the pentagon), trunk, ear, legs, back and tail
        *block("low", (0, 6), (1, 0), (0, 1)), *block("mid", (12, 12), (-1, 0), (0, -1)),
        piece("P12", (1, 0, 0, 1), (-12, 3)), piece("P2", (0, -1, -1, 0), (2, 13)),
        piece("P4", (1, 0, 0, -1), (-6, 15)), piece("P3", (0, 1, -1, 0), (-6, 6)),
        piece("P14", (0, -1, 1, 0), (21, -6)), piece("P1", (1, 0, 0, -1), (0, 24)),
        piece("P13", (0, 1, -1, 0), (3, 18))]),
]

FIGURES = {"tangram": TANGRAM, "ostomachion": OSTOMACHION}
