"""Where the puzzle frame meets the screen: the frame (y up) to pixels (y down) and back.

No pygame here, so the input controller (input.py) and its tests use the same arithmetic as the
drawing: a rectangle to fit into is anything with `width`, `height`, `centerx` and `centery`
(a pygame.Rect does).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.games.dissection.geometry import PieceSet, Placement, Point, bounds

ScreenPoint = tuple[float, float]


class RectLike(Protocol):
    """The part of pygame.Rect that fitting a view reads."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def centerx(self) -> int: ...
    @property
    def centery(self) -> int: ...


@dataclass(frozen=True)
class View:
    """Puzzle frame (y up) to screen pixels (y down): `scale` pixels per unit, origin at (ox, oy)."""

    scale: float
    ox: float
    oy: float

    @classmethod
    def fit(cls, box: tuple[float, float, float, float], rect: RectLike,
            margin: float = 0.0) -> View:
        """The largest view showing `box` (x0, y0, x1, y1) centred in `rect`, `margin` px clear."""
        x0, y0, x1, y1 = box
        w, h = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
        scale = min((rect.width - 2 * margin) / w, (rect.height - 2 * margin) / h)
        ox = rect.centerx - (x0 + x1) / 2 * scale
        oy = rect.centery + (y0 + y1) / 2 * scale
        return cls(scale, ox, oy)

    def to_screen(self, p: Point) -> ScreenPoint:
        return (self.ox + p[0] * self.scale, self.oy - p[1] * self.scale)

    def to_frame(self, pos: Sequence[float]) -> Point:
        return ((pos[0] - self.ox) / self.scale, (self.oy - pos[1]) / self.scale)

    def ring(self, ring: Iterable[Point]) -> list[ScreenPoint]:
        return [self.to_screen(p) for p in ring]

    def shifted(self, dx: float, dy: float) -> View:
        return View(self.scale, self.ox + dx, self.oy + dy)


def tray_box(pieces: PieceSet, homes: Sequence[Placement], view: View
             ) -> tuple[float, float, float, float]:
    """(left, top, width, height) on screen of the tray: every home place with a margin."""
    x0, y0, x1, y1 = bounds(pieces.vertices(i, p) for i, p in enumerate(homes))
    a, b = view.to_screen((x0, y1)), view.to_screen((x1, y0))
    m = pieces.side / 16 * view.scale
    return (a[0] - m, a[1] - m, b[0] - a[0] + 2 * m, b[1] - a[1] + 2 * m)
