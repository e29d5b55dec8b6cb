"""Board marks every game uses the same way: legal targets, the last move, the selection, hints.

Each mark has a shape of its own (dot, ring, corner brackets, dashed frame), so none relies on
colour alone. Drawn with plain primitives: cheap enough to redraw every frame.
"""

from __future__ import annotations

import pygame

from game.ui import theme

Rect = pygame.Rect | tuple[float, float, float, float]


def target_dot(surface: pygame.Surface, centre: tuple[float, float], cell: float,
               capture: bool = False) -> None:
    """A legal destination: a dot on an empty cell, a ring around a cell that holds a piece."""
    if capture:
        pygame.draw.circle(surface, theme.GOOD, centre, cell * 0.44, max(2, int(cell * 0.07)))
    else:
        pygame.draw.circle(surface, theme.GOOD, centre, max(4, cell * 0.14))


def last_move(surface: pygame.Surface, rect: Rect, colour: theme.Colour = theme.ACCENT) -> None:
    """Corner brackets around a square: where the last move came from or went to."""
    r = pygame.Rect(rect)
    k = max(5, r.width // 4)
    w = max(2, r.width // 18)
    for (x, y), (dx, dy) in (((r.left, r.top), (1, 1)), ((r.right - 1, r.top), (-1, 1)),
                             ((r.left, r.bottom - 1), (1, -1)), ((r.right - 1, r.bottom - 1), (-1, -1))):
        pygame.draw.line(surface, colour, (x, y), (x + dx * k, y), w)
        pygame.draw.line(surface, colour, (x, y), (x, y + dy * k), w)


def selection(surface: pygame.Surface, centre: tuple[float, float], radius: float,
              pulse: float = 0.0) -> None:
    """The picked piece: a gold ring that breathes a little (pulse in 0..1)."""
    pygame.draw.circle(surface, theme.ACCENT, centre, radius + 2 + 2 * pulse, 3)


def hint_frame(surface: pygame.Surface, rect: Rect) -> None:
    """A suggested square: a dashed frame, unlike the solid marks of a real move."""
    r = pygame.Rect(rect).inflate(-4, -4)
    dash = max(4, r.width // 6)
    for x in range(r.left, r.right, dash * 2):
        pygame.draw.line(surface, theme.ACCENT, (x, r.top), (min(x + dash, r.right), r.top), 3)
        pygame.draw.line(surface, theme.ACCENT, (x, r.bottom), (min(x + dash, r.right), r.bottom), 3)
    for y in range(r.top, r.bottom, dash * 2):
        pygame.draw.line(surface, theme.ACCENT, (r.left, y), (r.left, min(y + dash, r.bottom)), 3)
        pygame.draw.line(surface, theme.ACCENT, (r.right, y), (r.right, min(y + dash, r.bottom)), 3)


def arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
          colour: theme.Colour = theme.ACCENT, width: int = 5) -> None:
    """A straight arrow from start to end (hints, directions)."""
    import math

    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(22.0, length * 0.4)
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55)
    right = (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)
    pygame.draw.polygon(surface, colour, [end, left, right])
