"""Where things are on the Abalone screen: the board's proportions, cell ↔ pixel (HexLayout, both
ways up), the arrows' places round a selection, and which direction a point on the screen
means. Geometry only, without pygame: nothing here draws or decides a rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.games.abalone import bitboard as B
from game.ui.layout import HexGrid

Point = tuple[float, float]
SQ3 = math.sqrt(3)

# -- proportions, in cell spacings ---------------------------------------------------------------
MARBLE = 0.43           # marble radius
DIMPLE = 0.40           # hole (dimple) radius
FIELD_AP = 4.01         # apothem of the playing field (the lighter inner hexagon)
GROOVE_AP = 4.69        # apothem of the groove's outer wall (the groove starts at the field)
OUTER_AP = 5.13         # apothem of the frame's outer edge (the lip beyond the groove)
FIELD_R = FIELD_AP * 2 / SQ3
OUTER_R = OUTER_AP * 2 / SQ3
COMPACT_R = (FIELD_AP + 0.62) * 2 / SQ3   # the frame of diagrams: no groove, a plain rim
LOW_MARBLE = 0.28       # radius of a marble down in the groove or a tray: lower, so smaller

CELL = 50               # cell spacing on the match screen
MOVE_TIME = 0.3         # seconds a move's marbles take to roll one cell


@dataclass(frozen=True)
class HexLayout:
    """Cell ↔ pixel for the 61-cell board: centre, cell spacing `s`, half-turn when flipped.

    Row A is at the bottom unless flipped; a cell's centre follows the reference's formula
    x = s*(d - r/2), y = -s*(√3/2)*r, taken relative to E5.
    """

    cx: float
    cy: float
    s: float
    flipped: bool = False

    @property
    def grid(self) -> HexGrid:
        """The shared hex layout: the board's row r and diagonal d are axial (d - 5, 5 - r),
        with E5 at the centre; cells are `s` apart, so the hex size is s / √3."""
        return HexGrid(self.cx, self.cy, self.s / SQ3, self.flipped)

    def point(self, r: float, d: float) -> Point:
        return self.grid.to_pixel(d - 5, 5 - r)

    def pixel(self, cell: int) -> Point:
        r, d = B.row_number(cell)
        return self.point(r, d)

    def unit(self, direction: int) -> Point:
        """Screen unit vector of a board direction (index into board.DIR_VECTORS)."""
        dr, dd = B.DIR_VECTORS[direction]
        x, y = dd - dr / 2, -SQ3 / 2 * dr
        return (-x, -y) if self.flipped else (x, y)

    def board_direction(self, screen_direction: int) -> int:
        """The board direction that points along a screen direction (0 = right, then CCW)."""
        return (screen_direction + 3) % 6 if self.flipped else screen_direction

    def cell_at(self, pos: Point) -> int | None:
        """The cell whose hole contains `pos` (within half a spacing of its centre)."""
        q, ar = self.grid.from_pixel(*pos)
        r, d = 5 - ar, q + 5
        if not B.on_board(r, d):
            return None
        px, py = self.point(r, d)
        if (px - pos[0]) ** 2 + (py - pos[1]) ** 2 >= (self.s * 0.5) ** 2:
            return None
        return B.index(r, d)


def hexagon(cx: float, cy: float, radius: float) -> list[Point]:
    """Corners of a hexagon with corners left and right (the board's shape)."""
    return [(cx + radius * math.cos(math.pi / 3 * k), cy + radius * math.sin(math.pi / 3 * k))
            for k in range(6)]


def arrow_points(layout: HexLayout, cells: Sequence[int], direction: int,
                 reach: tuple[float, float] = (0.38, 1.02)) -> tuple[Point, Point]:
    """Where the arrow of `direction` stands around a selection: from just past its leading
    edge to about the next hole (`reach`, in cell spacings beyond the leading marble)."""
    pts = [layout.pixel(c) for c in cells]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    ux, uy = layout.unit(direction)
    ext = max((p[0] - cx) * ux + (p[1] - cy) * uy for p in pts)
    s = layout.s
    a = ext + s * reach[0]
    b = ext + s * reach[1]
    return (cx + ux * a, cy + uy * a), (cx + ux * b, cy + uy * b)


def pointed_direction(layout: HexLayout, cells: Sequence[int], candidates: Sequence[int],
                      pos: Point) -> int | None:
    """The arrow of `candidates` (directions drawn round the selection `cells`) under `pos`:
    the nearest arrow whose middle lies within a third of a spacing."""
    best: tuple[float, int] | None = None
    for di in candidates:
        a, b = arrow_points(layout, cells, di)
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dist = math.hypot(pos[0] - mx, pos[1] - my)
        if dist < layout.s * 0.34 and (best is None or dist < best[0]):
            best = (dist, di)
    return None if best is None else best[1]


def reach(layout: HexLayout, cells: Sequence[int], directions: Sequence[int],
          pos: Point) -> dict[int, float]:
    """How far `pos` lies along each of `directions` from the middle of `cells`: when a click
    on a hole could mean several directions, the one it lies furthest along wins."""
    pts = [layout.pixel(c) for c in cells]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = {}
    for di in directions:
        ux, uy = layout.unit(di)
        out[di] = (pos[0] - cx) * ux + (pos[1] - cy) * uy
    return out
