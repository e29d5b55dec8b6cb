"""Where the Jeu de pions screen puts things: the ruler's geometry (cell N on the left, the end
on the right) and the conversions between cells and x. Pure arithmetic, no pygame: the input
controller measures drags with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Area(Protocol):
    """A rectangle (pygame.Rect fills it)."""

    @property
    def x(self) -> int: ...

    @property
    def width(self) -> int: ...

    @property
    def centery(self) -> int: ...


@dataclass
class Ruler:
    """Geometry of the ruler inside an area: cell N on the left, the end on the right."""

    left: float
    end_x: float
    y: float
    cell: float
    length: int

    @classmethod
    def fit(cls, area: Area, length: int, y: float | None = None) -> Ruler:
        cell = min(64.0, (area.width * 0.92 - 30) / length)
        width = cell * length
        left = area.x + (area.width - width - 40) / 2
        return cls(left, left + width, area.centery if y is None else y, cell, length)

    def x_of(self, cell: float) -> float:
        """Centre x of a cell (1 = next to the end); 0 is just past the end."""
        return self.end_x - (cell - 0.5) * self.cell

    def cell_at(self, x: float) -> int:
        """Cell under x; 0 when x is past the end, clamped to the ruler's far side."""
        if x >= self.end_x:
            return 0
        c = int((self.end_x - x) // self.cell) + 1
        return max(1, min(self.length, c))
