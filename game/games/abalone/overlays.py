"""Marks drawn over the Abalone board: direction arrows (a double head when the push ejects),
refusal crosses, pushed and ejected marbles ringed, and a move's preview with ghost marbles.

Marks scale with the board: `k` is the cell spacing divided by the match screen's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.games.abalone import bitboard as B
from game.games.abalone.sprites import Colour, ghost_sprite
from game.games.abalone.state import AbaloneState, Move, MovePreview
from game.games.abalone.view import CELL, HexLayout, Point, arrow_points
from game.ui import marks, theme


def outlined_arrow(surface: pygame.Surface, start: Point, end: Point, colour: Colour,
                    width: int) -> None:
    """An arrow (marks.arrow) with a dark outline, so it reads on light and dark wood alike."""
    ux, uy = end[0] - start[0], end[1] - start[1]
    n = math.hypot(ux, uy) or 1
    ux, uy = ux / n, uy / n
    marks.arrow(surface, (start[0] - ux * 2, start[1] - uy * 2), (end[0] + ux * 3, end[1] + uy * 3),
                (40, 24, 12), width + 4)
    marks.arrow(surface, start, end, colour, width)


def second_head(surface: pygame.Surface, start: Point, end: Point, colour: Colour) -> None:
    """A second arrowhead behind the first (as marks.arrow draws it): the move ejects."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(22.0, length * 0.4)
    tip = (end[0] - ux * head * 0.75, end[1] - uy * head * 0.75)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    left = (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55)
    right = (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)
    pygame.draw.polygon(surface, (40, 24, 12), [tip, left, right], 3)
    pygame.draw.polygon(surface, colour, [tip, left, right])


def cross(surface: pygame.Surface, centre: Point, half: float, width: int) -> None:
    """A vermillion cross with a dark outline."""
    x, y = centre
    for sx in (-1, 1):
        pygame.draw.line(surface, (40, 20, 10), (x - half, y - half * sx), (x + half, y + half * sx),
                         width + 3)
    for sx in (-1, 1):
        pygame.draw.line(surface, theme.BAD, (x - half, y - half * sx), (x + half, y + half * sx),
                         width)


def push_ring(surface: pygame.Surface, centre: Point, radius: float, k: float) -> None:
    """A pushed marble: a dashed vermillion ring (dashes, not just colour)."""
    pad = 4 * k
    box = (centre[0] - radius - pad, centre[1] - radius - pad, 2 * (radius + pad),
           2 * (radius + pad))
    for i in range(12):
        a0 = i * math.pi / 6
        pygame.draw.arc(surface, theme.BAD, box, a0, a0 + 0.32, max(2, round(3 * k)))


def eject_mark(surface: pygame.Surface, centre: Point, radius: float, k: float) -> None:
    """The marble that will leave the game: a solid ring and a cross."""
    pygame.draw.circle(surface, theme.BAD, centre, radius + 4 * k, max(2, round(3 * k)))
    cross(surface, centre, radius * 0.42, max(2, round(4 * k)))


def strike(surface: pygame.Surface, start: Point, end: Point, k: float) -> None:
    """A refused direction: a grey arrow with a cross where it would go."""
    outlined_arrow(surface, start, end, (186, 186, 186), max(3, round(5 * k)))
    cross(surface, end, max(4.0, 9 * k), max(3, round(4 * k)))


def draw_preview(surface: pygame.Surface, layout: HexLayout, preview: MovePreview,
                 kinds: dict[int, str], radius: float) -> None:
    """What a move would do: ghost marbles on the holes it fills, the pushed marbles ringed, the
    ejected one crossed with an arrow off the edge (or into its hole)."""
    k = layout.s / CELL
    ri = round(radius)
    for frm, to in (*preview.steps, *preview.pushed):
        if to < 0 or to in kinds:  # an occupied cell already shows the chain moving through
            continue
        img = ghost_sprite(kinds[frm], ri)
        p = layout.pixel(to)
        surface.blit(img, img.get_rect(center=(round(p[0]), round(p[1]))))
    for frm, _to in preview.pushed:
        p = layout.pixel(frm)
        if frm == preview.ejected:
            ux, uy = layout.unit(preview.direction)
            s = layout.s
            outlined_arrow(surface, (p[0] + ux * s * 0.55, p[1] + uy * s * 0.55),
                            (p[0] + ux * s * 1.15, p[1] + uy * s * 1.15), theme.BAD,
                            max(2, round(4 * k)))
            eject_mark(surface, p, radius, k)
        else:
            push_ring(surface, p, radius, k)


def draw_arrows(surface: pygame.Surface, layout: HexLayout, selection: Sequence[int],
                candidates: Sequence[int], legal: dict[int, MovePreview], hover: int | None,
                show_legal: bool, kinds: dict[int, str], radius: float) -> None:
    """The arrows round a selection (the hovered one lit, a double head where the push
    ejects) and, over them, the preview of the hovered legal move."""
    for di in candidates:
        a, b = arrow_points(layout, selection, di)
        if di == hover:
            colour, width = theme.ACCENT, 6
        elif not show_legal:
            colour, width = theme.TEXT_DIM, 4
        else:
            colour, width = theme.GOOD, 5
        outlined_arrow(surface, a, b, colour, width)
        if show_legal and legal[di].ejected is not None:
            second_head(surface, a, b, colour)  # a double head: this push ejects
    if show_legal and hover in legal:  # on top: the pushed and ejected marks stay readable
        draw_preview(surface, layout, legal[hover], kinds, radius)


def draw_hint(surface: pygame.Surface, layout: HexLayout, move: Move, radius: float,
              t: float) -> None:
    """A hinted move: turning dashed rings round its marbles and its arrow."""
    draw_start_hint(surface, layout, move, radius, t)
    a, b = arrow_points(layout, list(move.cells), move.direction)
    outlined_arrow(surface, a, b, theme.ACCENT, 7)


def draw_start_hint(surface: pygame.Surface, layout: HexLayout, move: Move, radius: float,
                    t: float) -> None:
    """The marbles a hinted move pushes, without its direction (a puzzle's first hint):
    turning dashed rings round each."""
    for cell in move.cells:
        p = layout.pixel(cell)
        for k in range(8):
            a0 = k * math.pi / 4 + t
            pygame.draw.arc(surface, theme.ACCENT, (p[0] - radius - 8, p[1] - radius - 8,
                                                    2 * radius + 16, 2 * radius + 16),
                            a0, a0 + 0.4, 3)


def draw_last_move(surface: pygame.Surface, layout: HexLayout, state: AbaloneState, last: Move,
                   radius: float) -> None:
    """The last move: dots on the cells it left empty, thin rings on the cells it filled."""
    occupied = state.black | state.white | state.pivot
    for cell in last.cells:
        if not occupied >> cell & 1:
            pygame.draw.circle(surface, theme.ACCENT, layout.pixel(cell), 5)
    for cell in B.destinations(last.cells, last.direction):
        pygame.draw.circle(surface, theme.ACCENT, layout.pixel(cell), radius + 3, 1)
