"""Board layouts: cell ↔ pixel for square grids and hexagonal grids, with board flipping.

Pure arithmetic (no drawing), so scenes, hit-testing and tests all agree on where a cell is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class SquareGrid:
    """`cols` × `rows` cells of `cell` pixels, top-left at (x, y). Row 0 is drawn at the bottom
    (like chess ranks) unless flipped; `flipped` turns the board half a turn."""

    x: float
    y: float
    cols: int
    rows: int
    cell: float
    flipped: bool = False

    @property
    def width(self) -> float:
        return self.cols * self.cell

    @property
    def height(self) -> float:
        return self.rows * self.cell

    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.width, self.height)

    def to_pixel(self, col: int, row: int) -> tuple[float, float]:
        """Centre of a cell."""
        c, r = (self.cols - 1 - col, row) if self.flipped else (col, self.rows - 1 - row)
        return (self.x + (c + 0.5) * self.cell, self.y + (r + 0.5) * self.cell)

    def cell_rect(self, col: int, row: int) -> tuple[float, float, float, float]:
        cx, cy = self.to_pixel(col, row)
        h = self.cell / 2
        return (cx - h, cy - h, self.cell, self.cell)

    def from_pixel(self, px: float, py: float) -> tuple[int, int] | None:
        c = math.floor((px - self.x) / self.cell)
        r = math.floor((py - self.y) / self.cell)
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            return None
        if self.flipped:
            return (self.cols - 1 - c, r)
        return (c, self.rows - 1 - r)


@dataclass
class HexGrid:
    """Pointy-top hexagons in axial coordinates (q, r) around a centre pixel.

    `size` is the distance from a hex centre to a corner; `flipped` rotates the board half a
    turn (for the other player in hot-seat).
    """

    cx: float
    cy: float
    size: float
    flipped: bool = False

    def to_pixel(self, q: float, r: float) -> tuple[float, float]:
        x = self.size * math.sqrt(3) * (q + r / 2)
        y = self.size * 1.5 * r
        if self.flipped:
            x, y = -x, -y
        return (self.cx + x, self.cy + y)

    def from_pixel(self, px: float, py: float) -> tuple[int, int]:
        x, y = px - self.cx, py - self.cy
        if self.flipped:
            x, y = -x, -y
        q = (math.sqrt(3) / 3 * x - y / 3) / self.size
        r = (2 / 3 * y) / self.size
        return hex_round(q, r)

    def corners(self, q: float, r: float, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(q, r)
        s = self.size * scale
        return [(cx + s * math.cos(math.radians(60 * i - 30)),
                 cy + s * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def hex_round(q: float, r: float) -> tuple[int, int]:
    """Nearest hex to fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))
