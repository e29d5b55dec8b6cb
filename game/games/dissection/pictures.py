"""Still pictures of a dissection puzzle for other screens: the menu card, the level cards and
the rules screen's diagrams (no animation, no board; drawn fresh each time they are asked for).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from game.games.dissection.geometry import PieceSet, Placement, bounds
from game.games.dissection.levels import Level, load_level
from game.games.dissection.rules import DissectionRules
from game.games.dissection.sprites import (
    SHADOW,
    SHADOW_EDGE,
    Style,
    dashed,
    display_format,
    fill_region,
    render_piece,
    render_shadow,
)
from game.games.dissection.view import View
from game.resources import levels_dir
from game.ui import theme

log = logging.getLogger(__name__)


def load_figure(pieces: PieceSet, level_id: str) -> Level:
    """A level of this puzzle by file stem (thumbnails and diagrams)."""
    return load_level(levels_dir(pieces.name) / f"{level_id}.tmx", pieces)


def draw_position(surface: pygame.Surface, rect: pygame.Rect, pieces: PieceSet,
                  styles: Sequence[Style], numbered: bool, level: Level,
                  placements: Sequence[Placement], order: Sequence[int],
                  box: tuple[float, float, float, float] | None = None, shadow: bool = True,
                  lifted: int | None = None) -> View:
    """A still picture: the silhouette and the pieces where `placements` put them."""
    if box is None:
        rings = [r.outer for r in level.silhouette]
        rings += [pieces.vertices(i, p) for i, p in enumerate(placements)]
        box = bounds(rings)
    view = View.fit(box, rect, 6)
    if shadow:
        fill_region(surface, view, level.silhouette, SHADOW, SHADOW_EDGE)
    label = numbered and view.scale >= 14
    for i in order:
        p = placements[i]
        c = view.to_screen((p.x, p.y))
        up = 7 if i == lifted else 2
        sh = render_shadow(pieces, i, p.turn, p.flipped, view.scale)
        surface.blit(sh, sh.get_rect(center=(round(c[0] + up), round(c[1] + up * 1.3))))
        img = render_piece(pieces, i, p.turn, p.flipped, view.scale, styles[i],
                           pieces.ids[i].lstrip("P") if label else "")
        surface.blit(img, img.get_rect(center=(round(c[0]), round(c[1]))))
    return view


def menu_card(size: tuple[int, int], pieces: PieceSet, styles: Sequence[Style], numbered: bool,
              level_id: str, lifted: int) -> pygame.Surface:
    """The menu card: a figure built from the pieces, piece `lifted` being laid in place."""
    surf = pygame.Surface(size)
    surf.fill(theme.BG_DEEP)
    level = load_figure(pieces, level_id)
    sol = list(level.solution)
    target = sol[lifted]
    off = pieces.side * 0.16
    sol[lifted] = Placement(target.x + off, target.y + off * 0.8, target.turn, target.flipped)
    rect = pygame.Rect(10, 30, size[0] - 20, size[1] - 40)  # clear of the card's badge
    rings = [r.outer for r in level.silhouette]
    rings += [pieces.vertices(i, p) for i, p in enumerate(sol)]
    box = bounds(rings)
    view = View.fit(box, rect, 4)
    fill_region(surf, view, level.silhouette, SHADOW, SHADOW_EDGE)
    order = [i for i in range(pieces.count) if i != lifted] + [lifted]
    draw_position(surf, rect, pieces, styles, numbered, level, sol, order, box, shadow=False,
                  lifted=lifted)
    dashed(surf, theme.ACCENT, view.ring(pieces.vertices(lifted, target)), 2, 6, 4)
    return surf


def level_card(level: Level, size: tuple[int, int]) -> pygame.Surface:
    """A level card's picture: the silhouette alone, below the card's number and best time."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(36, 6, size[0] - 72, size[1] - 6)
    view = View.fit(bounds(r.outer for r in level.silhouette), rect, 3)
    fill_region(surf, view, level.silhouette, SHADOW, (120, 140, 150), edge_width=1.0)
    return display_format(surf)


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, pieces: PieceSet,
                 styles: Sequence[Style], numbered: bool, position: str) -> None:
    """A position text (`<puzzle> <level>` then one line per piece) drawn still; quietly
    nothing when it cannot be read (a diagram is decoration: never break the rules screen)."""
    try:
        head = position.strip().split()
        level = load_figure(pieces, head[1])
        state = DissectionRules(pieces, level).parse_position(position)
    except Exception as exc:
        log.debug("no %s diagram: %s", pieces.name, exc, exc_info=True)
        return
    draw_position(surface, pygame.Rect(rect).inflate(-12, -12), pieces, styles, numbered, level,
                  state.placements, state.order)
