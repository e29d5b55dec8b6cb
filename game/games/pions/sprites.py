"""What the Jeu de pions screen draws with: the turned-wood pawn, the ruler (painted once per
geometry and cached), a ruler folded into numbered rows for the rules' diagrams, and the arrows
that show a move above the ruler."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.games.pions import rules as R
from game.games.pions.rules import PionsMove
from game.games.pions.view import Ruler
from game.ui import theme

PAWN_COLOUR = (236, 222, 196)
#: Smallest cell of a rules diagram, in pixels: room for its number and a visible pawn.
DIAGRAM_CELL = 30


@cache
def pawn_sprite(size: int, colour: tuple[int, int, int] = PAWN_COLOUR) -> pygame.Surface:
    """A turned-wood pawn: round head, waisted body, wide foot, lit from the upper left."""
    w, h = size, int(size * 1.35)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    dark = theme.shade(colour, 0.55)
    pygame.draw.ellipse(surf, (0, 0, 0, 60), (w * 0.1, h * 0.84, w * 0.86, h * 0.15))
    pygame.draw.ellipse(surf, dark, (w * 0.08, h * 0.74, w * 0.84, h * 0.2))
    pygame.draw.ellipse(surf, colour, (w * 0.1, h * 0.72, w * 0.8, h * 0.17))
    body = [(w * 0.3, h * 0.8), (w * 0.38, h * 0.42), (w * 0.62, h * 0.42), (w * 0.7, h * 0.8)]
    pygame.draw.polygon(surf, colour, body)
    pygame.draw.polygon(surf, dark, body, 1)
    pygame.draw.ellipse(surf, theme.shade(colour, 0.8), (w * 0.24, h * 0.38, w * 0.52, h * 0.1))
    head = (w * 0.5, h * 0.25)
    r = w * 0.22
    pygame.draw.circle(surf, dark, head, r + 1)
    pygame.draw.circle(surf, colour, head, r)
    pygame.draw.circle(surf, theme.shade(colour, 1.5), (head[0] - r * 0.35, head[1] - r * 0.35),
                       max(2, r * 0.35))
    pygame.draw.line(surf, theme.shade(colour, 1.3), (w * 0.42, h * 0.48), (w * 0.37, h * 0.76), 2)
    return surf


def draw_ruler(surface: pygame.Surface, ruler: Ruler, numbers: bool = True) -> None:
    """The ruler, drawn once per geometry into a cached image and blitted every frame."""
    img, origin = _ruler_image(ruler.left, ruler.end_x, ruler.y, ruler.cell, ruler.length, numbers)
    surface.blit(img, origin)


@cache
def _ruler_image(left: float, end_x: float, y: float, cell: float, length: int,
                 numbers: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    h = max(18.0, cell * 0.9)
    ox, oy = int(left - 12), int(y - h * 0.9 - 2)
    img = pygame.Surface((int(end_x - left + 40), int(h * 1.8 + 40)), pygame.SRCALPHA)
    _paint_ruler(img, Ruler(left - ox, end_x - ox, y - oy, cell, length), numbers)
    return img, (ox, oy)


def _paint_ruler(surface: pygame.Surface, ruler: Ruler, numbers: bool) -> None:
    """The wooden rule with its cells, the brass end stop, and the cell numbers from the end."""
    h = max(18.0, ruler.cell * 0.9)
    body = pygame.Rect(int(ruler.left - 10), int(ruler.y - h / 2), int(ruler.end_x - ruler.left + 10),
                       int(h))
    pygame.draw.rect(surface, theme.WOOD_DARK, body.move(0, 5), border_radius=6)
    pygame.draw.rect(surface, theme.WOOD, body, border_radius=6)
    # grain
    for k in range(3):
        yy = body.y + (k + 1) * body.height / 4
        pygame.draw.line(surface, theme.shade(theme.WOOD, 0.9), (body.x + 6, yy), (body.right - 6, yy))
    for c in range(1, ruler.length + 1):
        x = ruler.x_of(c)
        cell = pygame.Rect(0, 0, ruler.cell - 4, h - 8)
        cell.center = (int(x), int(ruler.y))
        pygame.draw.rect(surface, theme.WOOD_LIGHT, cell, border_radius=3)
        pygame.draw.rect(surface, theme.shade(theme.WOOD, 0.75), cell, 1, border_radius=3)
        if numbers and (ruler.cell >= 22 or c % 2 == 1 or c == ruler.length):
            theme.blit_text(surface, str(c), (x, body.bottom + 8), 13 if ruler.cell < 30 else 15,
                            theme.TEXT_DIM, anchor="midtop")
    stop = pygame.Rect(int(ruler.end_x), int(ruler.y - h * 0.9), 14, int(h * 1.8))
    pygame.draw.rect(surface, (150, 120, 40), stop, border_radius=4)
    pygame.draw.rect(surface, (230, 200, 110), stop.inflate(-8, -6), border_radius=3)


def _paint_row(surface: pygame.Surface, seg: Ruler, lo: int, last: bool) -> None:
    """One row of a folded ruler: cells `seg.length` down to `lo`, each numbered; the last row
    ends at the brass end stop, the others with an arrow to the next row."""
    per = seg.length - lo + 1
    h = max(18.0, seg.cell * 0.9)
    left = seg.end_x - per * seg.cell
    body = pygame.Rect(int(left - 6), int(seg.y - h / 2), int(per * seg.cell + 6), int(h))
    pygame.draw.rect(surface, theme.WOOD_DARK, body.move(0, 4), border_radius=6)
    pygame.draw.rect(surface, theme.WOOD, body, border_radius=6)
    for k in range(per):
        c = seg.length - k
        x = left + (k + 0.5) * seg.cell
        r = pygame.Rect(0, 0, seg.cell - 4, h - 8)
        r.center = (int(x), int(seg.y))
        pygame.draw.rect(surface, theme.WOOD_LIGHT, r, border_radius=3)
        pygame.draw.rect(surface, theme.shade(theme.WOOD, 0.75), r, 1, border_radius=3)
        theme.blit_text(surface, str(c), (x, body.bottom + 6), 15, theme.TEXT, anchor="midtop")
    if last:
        stop = pygame.Rect(int(seg.end_x), int(seg.y - h * 0.9), 12, int(h * 1.8))
        pygame.draw.rect(surface, (150, 120, 40), stop, border_radius=4)
        pygame.draw.rect(surface, (230, 200, 110), stop.inflate(-6, -6), border_radius=3)
    else:
        theme.blit_text(surface, "→", (seg.end_x + 6, seg.y), 22, theme.TEXT_DIM, anchor="midleft")


def draw_pawn(surface: pygame.Surface, ruler: Ruler, x: float, lift: float = 0.0,
              alpha: int = 255, outline: tuple[int, int, int] | None = None) -> None:
    """A pawn standing at `x` on the ruler, raised by `lift`, see-through below 255, ringed."""
    size = max(14, int(ruler.cell * 0.95))
    img = pawn_sprite(size)
    rect = img.get_rect(midbottom=(int(x), int(ruler.y + ruler.cell * 0.28 - lift)))
    if outline is not None:
        pygame.draw.ellipse(surface, outline, rect.inflate(8, 4), 3)
    if alpha < 255:
        img = theme.faded_copy(img, alpha)
    surface.blit(img, rect)


def draw_move_arrow(surface: pygame.Surface, rl: Ruler, move: PionsMove,
                    colour: tuple[int, int, int], width: int) -> None:
    """A move drawn above the ruler: from the pawn's cell to its cell (or past the end)."""
    x0 = rl.x_of(move.frm)
    x1 = rl.x_of(move.to) if move.to else rl.end_x + rl.cell * 0.8
    y = rl.y - rl.cell * 1.35
    pygame.draw.line(surface, colour, (x0, y), (x1, y), width)
    pygame.draw.line(surface, colour, (x0, y - 6), (x0, y + 6), width)
    pygame.draw.polygon(surface, colour, [(x1, y), (x1 - 10, y - 6), (x1 - 10, y + 6)])


def position_rows(rect: pygame.Rect, length: int) -> list[tuple[Ruler, int, int]]:
    """Where a diagram puts the cells: (ruler, lowest cell, highest cell) a row. One ruler
    where it fits with readable cells, else the ruler folded into rows read like lines of
    text. In a row's ruler, cell c of the game is its cell c - lowest + 1."""
    area = pygame.Rect(rect).inflate(-10, -10)
    rl = Ruler.fit(area, length, area.centery + 6)
    if rl.cell >= 26 or area.height < 4 * DIAGRAM_CELL:
        return [(rl, 1, length)]
    n = length
    per = max(1, int((area.width - 40) // DIAGRAM_CELL))
    rows = math.ceil(n / per)
    per = math.ceil(n / rows)  # even rows
    cell = min(48.0, (area.width - 40) / per)
    row_h = min(area.height / rows, cell * 3.2)
    top = area.centery - row_h * rows / 2
    out = []
    for k in range(rows):
        hi = n - k * per
        lo = max(1, hi - per + 1)
        y = top + row_h * (k + 0.45)
        # each row is a piece of the same ruler: cell `lo` sits where cell 1 would
        end_x = area.x + 8 + per * cell
        out.append((Ruler(end_x - hi * cell + (lo - 1) * cell, end_x, y, cell, hi), lo, hi))
    return out


def draw_position(surface: pygame.Surface, rect: pygame.Rect, position: str) -> None:
    """A position: one ruler where it fits with readable cells (the menu card), else the
    ruler folded into rows read like lines of text, every cell numbered, as the rules
    text refers to cells by number."""
    state = R.parse_position(position)
    rows = position_rows(rect, state.length)
    if len(rows) == 1:
        rl = rows[0][0]
        draw_ruler(surface, rl, numbers=rl.cell >= 14)
        for c in state.cells:
            draw_pawn(surface, rl, rl.x_of(c))
        return
    for seg, lo, hi in rows:
        _paint_row(surface, seg, lo, last=lo == 1)
        for c in state.cells:
            if lo <= c <= hi:
                draw_pawn(surface, seg, seg.x_of(c - lo + 1))


def draw_position_move(surface: pygame.Surface, rect: pygame.Rect, position: str,
                       move: PionsMove) -> None:
    """A move over `draw_position`'s picture: rings on the pawn and where it goes, an arrow
    above the row from one to the other (row by row when the move crosses a fold)."""
    state = R.parse_position(position)
    for seg, lo, hi in position_rows(rect, state.length):
        first = min(hi, move.frm)
        last = max(lo, move.to) if move.to else lo
        if first < lo or last > hi or first < last:
            continue
        x0, x1 = seg.x_of(first - lo + 1), seg.x_of(last - lo + 1)
        if move.to == 0 and lo == 1:
            x1 = seg.end_x + seg.cell * 0.8
        y = seg.y - seg.cell * 1.35
        width = max(3, round(seg.cell * 0.1))
        pygame.draw.line(surface, theme.BG_DEEP, (x0, y), (x1, y), width + 4)
        pygame.draw.line(surface, theme.ACCENT, (x0, y), (x1, y), width)
        if first == move.frm:
            pygame.draw.circle(surface, theme.ACCENT, (x0, seg.y - seg.cell * 0.35),
                               seg.cell * 0.55, 3)
        if move.to and last == move.to:
            pygame.draw.circle(surface, theme.ACCENT, (x1, seg.y - seg.cell * 0.35),
                               seg.cell * 0.55, 3)
        if last == (move.to or 1):
            tip = 12
            pygame.draw.polygon(surface, theme.ACCENT, [(x1 + 2, y), (x1 - tip, y - tip * 0.6),
                                                        (x1 - tip, y + tip * 0.6)])
