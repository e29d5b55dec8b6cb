"""Akhimoraec layout: where the board and its column sit on the canvas, cell <-> pixel, and
how times are written on the screen. No drawing here; the sprites and the scene use it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.games.akhimoraec import state as B
from game.scenes.match_base import BOARD_AREA

# -- layout -------------------------------------------------------------------------------------

CELL = 70
MARGIN = 22
PLATE = pygame.Rect(BOARD_AREA.x + 12, BOARD_AREA.y + 13, 9 * CELL + 2 * MARGIN, 9 * CELL + 2 * MARGIN)
COLUMN = pygame.Rect(PLATE.right + 14, PLATE.y, BOARD_AREA.right - 12 - PLATE.right - 14, PLATE.height)
GLASS_H = round(CELL * 0.96)
#: Below this many seconds of sand a glass pulses and the clock ticks.
WARN_SECONDS = 20.0
#: Events kept in the panel beside the board.
FEED_ROWS = 4


def mmss(seconds: float) -> str:
    """Seconds as "m:ss" (rounded up, so 0:00 means the time is really out)."""
    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60}:{s % 60:02d}"


def short_time(seconds: float) -> str:
    """A glass label: "2:47" above a minute, "47 s" below."""
    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60}:{s % 60:02d}" if s >= 60 else f"{s} s"



@dataclass(frozen=True)
class BoardGeom:
    """Cell <-> pixel for the 9x9 board drawn with its top-left corner at (x, y)."""

    x: float
    y: float
    cell: float
    margin: float
    flipped: bool = False

    @property
    def size(self) -> float:
        return 9 * self.cell + 2 * self.margin

    def centre(self, cell: int) -> tuple[float, float]:
        col, row = cell % B.SIZE, cell // B.SIZE
        c, r = (8 - col, row) if self.flipped else (col, 8 - row)
        return (self.x + self.margin + (c + 0.5) * self.cell,
                self.y + self.margin + (r + 0.5) * self.cell)

    def spot(self, cell: int, home: int) -> tuple[float, float]:
        """Where a glass is drawn: on its circle, or, waiting off the board for its home (open
        home circles), just outside the board's edge beyond its home."""
        if cell >= 0:
            return self.centre(cell)
        x, y = self.centre(home)
        out = 1 if y > self.y + self.size / 2 else -1
        return x, y + out * (self.cell * 0.5 + self.margin * 0.4)

    def cell_at(self, pos: tuple[float, float]) -> int | None:
        c = math.floor((pos[0] - self.x - self.margin) / self.cell)
        r = math.floor((pos[1] - self.y - self.margin) / self.cell)
        if not (0 <= c < 9 and 0 <= r < 9):
            return None
        col, row = (8 - c, r) if self.flipped else (c, 8 - r)
        return B.cell_of(col, row)

    def cell_rect(self, cell: int) -> pygame.Rect:
        cx, cy = self.centre(cell)
        h = self.cell / 2
        return pygame.Rect(round(cx - h), round(cy - h), round(self.cell), round(self.cell))

