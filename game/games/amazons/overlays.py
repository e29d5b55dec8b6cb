"""How a suggested move is drawn on the Amazons board: the amazon's path and the arrow's flight,
each in its own colour and style, readable on any square (territory tints included).

A hint is three squares and two lines. The amazon's path is a gold arrow from her square to her
destination, where a faded amazon already stands; the arrow's flight is a white dashed line
ending in a target on the square it burns. Every mark has a dark outline, so it stays visible
on the gold and blue of the territory map. When the arrow flies along the amazon's own line
(back over her path, or on beyond her), its line runs beside hers instead of on top of it.
"""

from __future__ import annotations

import math

import pygame

from game.games.amazons.rules import Move
from game.games.amazons.sprites import ghost
from game.games.amazons.view import cell_rect, centre
from game.ui import theme
from game.ui.layout import SquareGrid

Point = tuple[float, float]
Segment = tuple[Point, Point]

#: The amazon's path: the game's gold. The arrow's flight: white, unlike anything on the board.
QUEEN = theme.ACCENT
SHOT = (244, 244, 238)
OUTLINE = theme.BG_DEEP
#: How far the arrow's line moves aside when it would lie on the amazon's (in cells).
ASIDE = 0.2


def hint_segments(grid: SquareGrid, move: Move) -> tuple[Segment, Segment]:
    """The amazon's segment and the arrow's, each stopping short of the squares' centres; the
    arrow's moved aside (perpendicular, by ASIDE cells) when both lie on one line."""
    cell = grid.cell
    a, b, c = centre(grid, move.frm), centre(grid, move.to), centre(grid, move.arrow)
    queen = _trimmed(a, b, cell * 0.3)
    shot = _trimmed(b, c, cell * 0.3)
    ux, uy = _unit(b, c)
    vx, vy = b[0] - a[0], b[1] - a[1]
    if abs(vx * uy - vy * ux) < 1e-6 * (abs(vx) + abs(vy) + 1):  # one line: side by side
        off = (-uy * cell * ASIDE, ux * cell * ASIDE)
        shot = ((shot[0][0] + off[0], shot[0][1] + off[1]),
                (shot[1][0] + off[0], shot[1][1] + off[1]))
    return queen, shot


def draw_hint(surface: pygame.Surface, grid: SquareGrid, move: Move, side: int) -> None:
    """The suggested move: both frames, the faded amazon at her destination, her path, then
    the arrow's flight and its target."""
    cell = grid.cell
    for sq in (move.frm, move.to):
        _dashed_frame(surface, cell_rect(grid, sq), QUEEN)
    size = round(cell * 0.96)
    img = ghost(size, side)
    to = centre(grid, move.to)
    surface.blit(img, img.get_rect(center=(round(to[0]), round(to[1]))))
    queen, shot = hint_segments(grid, move)
    _outlined_arrow(surface, queen, QUEEN, max(3, int(cell * 0.08)))
    _dashed_line(surface, shot, SHOT, max(2, int(cell * 0.05)), cell * 0.16)
    _target(surface, centre(grid, move.arrow), cell)


def draw_start_hint(surface: pygame.Surface, grid: SquareGrid, move: Move) -> None:
    """The amazon a hint points at, without her move (a puzzle's first hint): the hint's
    dashed frame round her square."""
    _dashed_frame(surface, cell_rect(grid, move.frm), QUEEN)


# -- drawing pieces --------------------------------------------------------------------------------


def _unit(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _trimmed(a: Point, b: Point, by: float) -> Segment:
    ux, uy = _unit(a, b)
    return (a[0] + ux * by, a[1] + uy * by), (b[0] - ux * by, b[1] - uy * by)


def _outlined_arrow(surface: pygame.Surface, seg: Segment, colour: theme.Colour,
                    width: int) -> None:
    (x0, y0), end = seg
    ux, uy = _unit(seg[0], end)
    length = math.hypot(end[0] - x0, end[1] - y0)
    if length < 4:
        return
    head = min(22.0, length * 0.45)
    base = (end[0] - ux * head, end[1] - uy * head)
    tip = [end, (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55),
           (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)]
    pygame.draw.line(surface, OUTLINE, (x0, y0), base, width + 4)
    pygame.draw.polygon(surface, OUTLINE, tip, 0)
    pygame.draw.polygon(surface, OUTLINE, tip, 5)
    pygame.draw.line(surface, colour, (x0, y0), base, width)
    pygame.draw.polygon(surface, colour, tip)


def _dashed_line(surface: pygame.Surface, seg: Segment, colour: theme.Colour, width: int,
                 dash: float) -> None:
    (x0, y0), (x1, y1) = seg
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = _unit(seg[0], seg[1])
    pos = 0.0
    dashes = []
    while pos < length:
        end = min(length, pos + dash)
        dashes.append(((x0 + ux * pos, y0 + uy * pos), (x0 + ux * end, y0 + uy * end)))
        pos += dash * 1.8
    for a, b in dashes:
        pygame.draw.line(surface, OUTLINE, a, b, width + 4)
    for a, b in dashes:
        pygame.draw.line(surface, colour, a, b, width)


def _dashed_frame(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Colour) -> None:
    r = pygame.Rect(rect).inflate(-6, -6)
    dash = max(4, r.width // 6)
    lines = []
    for x in range(r.left, r.right, dash * 2):
        lines += [((x, r.top), (min(x + dash, r.right), r.top)),
                  ((x, r.bottom), (min(x + dash, r.right), r.bottom))]
    for y in range(r.top, r.bottom, dash * 2):
        lines += [((r.left, y), (r.left, min(y + dash, r.bottom))),
                  ((r.right, y), (r.right, min(y + dash, r.bottom)))]
    for a, b in lines:
        pygame.draw.line(surface, OUTLINE, a, b, 7)
    for a, b in lines:
        pygame.draw.line(surface, colour, a, b, 3)


def _target(surface: pygame.Surface, c: Point, cell: float) -> None:
    """Where the arrow lands: a white ring with a cross, outlined in dark."""
    r = cell * 0.26
    w = max(2, round(cell * 0.05))
    pygame.draw.circle(surface, OUTLINE, c, r + w)
    pygame.draw.circle(surface, SHOT, c, r, w)
    k = r * 0.55
    for a, b in (((c[0] - k, c[1] - k), (c[0] + k, c[1] + k)),
                 ((c[0] - k, c[1] + k), (c[0] + k, c[1] - k))):
        pygame.draw.line(surface, SHOT, a, b, w)
