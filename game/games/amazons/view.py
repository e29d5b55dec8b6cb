"""Where the Amazons screen puts things: the board region and the column beside it, the square
grid fitted to a size, and the conversions between squares and pixels."""

from __future__ import annotations

import pygame

from game.scenes.match_base import BOARD_AREA
from game.ui.layout import SquareGrid

#: The board on the left of the board area; the column on its right explains the move and
#: the territory count.
BOARD_REGION = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, 690, BOARD_AREA.height)
COLUMN = pygame.Rect(BOARD_REGION.right + 2, BOARD_AREA.y + 10,
                     BOARD_AREA.right - BOARD_REGION.right - 12, BOARD_AREA.height - 20)
STEPS_BOX = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.width, 210)
TERRITORY_BOX = pygame.Rect(COLUMN.x, STEPS_BOX.bottom + 12, COLUMN.width, 246)
KEYS_BOX = pygame.Rect(COLUMN.x, TERRITORY_BOX.bottom + 12, COLUMN.width,
                       COLUMN.bottom - TERRITORY_BOX.bottom - 12)


def fit_board(area: pygame.Rect, n: int, flipped: bool = False, coords: bool = True
              ) -> tuple[SquareGrid, int]:
    """The largest n x n grid (whole pixels) centred in `area`, and the frame width around it.

    The frame is wide enough for coordinates when `coords`; the match always asks for it, so
    hiding coordinates never resizes the board.
    """
    side = min(area.width, area.height)
    margin = max(18, round(side * 0.04)) if coords else max(3, round(side * 0.022))
    cell = max(2, (side - 2 * margin) // n)
    size = cell * n
    x = area.x + (area.width - size) // 2
    y = area.y + (area.height - size) // 2
    return SquareGrid(x, y, n, n, cell, flipped), margin


def cell_rect(grid: SquareGrid, sq: int) -> pygame.Rect:
    n = grid.cols
    x, y, w, h = grid.cell_rect(sq % n, sq // n)
    return pygame.Rect(round(x), round(y), round(w), round(h))


def centre(grid: SquareGrid, sq: int) -> tuple[float, float]:
    n = grid.cols
    return grid.to_pixel(sq % n, sq // n)


def square_at(grid: SquareGrid, pos: tuple[int, int]) -> int | None:
    hit = grid.from_pixel(pos[0], pos[1])
    if hit is None:
        return None
    return hit[1] * grid.cols + hit[0]
