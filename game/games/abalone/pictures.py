"""Abalone drawn outside a match: the annotated diagrams of the rules screen and the menu card."""

from __future__ import annotations

import math

import pygame

from game.games.abalone import bitboard as B
from game.games.abalone.overlays import draw_hint, draw_preview, outlined_arrow, strike
from game.games.abalone.physics import Tray
from game.games.abalone.rules import AbaloneRules, rules_for_position
from game.games.abalone.sprites import blit_marble, board_image, draw_marbles, kinds_of, paint_tray
from game.games.abalone.starts import parse_cell
from game.games.abalone.state import Move
from game.games.abalone.view import CELL, COMPACT_R, MARBLE, SQ3, HexLayout, arrow_points
from game.ui import theme

# name). Legal ones are drawn as in play (ghosts, pushes); refused ones with a struck arrow.
DIAGRAM_MOVES: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "5/6/3W3/4W3/9/2BBB3/7/6/5 b 0 0": ((("D3", "D4", "D5"), "E"),),
    "5/6/7/8/9/4W3/2BBB2/6/5 b 0 0": ((("C3", "C4", "C5"), "SW"), (("C3", "C4", "C5"), "SE"),
                                      (("C3", "C4", "C5"), "NW"), (("C3", "C4", "C5"), "NE")),
    "5/6/4BBW/8/9/1BBBWW2/7/6/5 b 0 0": ((("D2", "D3", "D4"), "E"), (("G7", "G8"), "E")),
    "5/6/7/3BWW2/9/8/1BBBWWW/6/5 b 0 0": ((("C2", "C3", "C4"), "E"), (("F5",), "E")),
}


def mask_set(mask: int) -> frozenset[int]:
    """The cells of a bit mask, as board_image's cache key wants them."""
    return frozenset(B.bits(mask))


def diagram_layout(rect: pygame.Rect) -> HexLayout:
    """The cells' places in a one-board diagram drawn in `rect`: the compact board, as large
    as fits, centred."""
    area = pygame.Rect(rect)
    s = int(min((area.width - 4) / (2 * COMPACT_R + 0.9),
                (area.height - 4) / (SQ3 * COMPACT_R + 0.9)))
    return HexLayout(area.centerx, area.centery, max(6, s))


def draw_diagram_move(surface: pygame.Surface, rect: pygame.Rect, position: str,
                      move: str) -> None:
    """A move (file notation) over a one-board diagram of `position`: the match's hint (rings
    round the marbles, the arrow of the push), the review's better move."""
    rules, state = rules_for_position(position)
    lay = diagram_layout(rect)
    draw_hint(surface, lay, rules.parse_move(state, move), MARBLE * lay.s, 0.0)


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, position: str) -> None:
    """A rules diagram: the compact board, the marbles of `position` and the moves
    DIAGRAM_MOVES lists for it (legal ones previewed, refused ones struck). A two-board
    position (§7.10, "<X> | <Y> | X") shows both boards, side by side or one above the other,
    whichever makes them larger."""
    if "|" in position:
        x_text, y_text, _ = (p.strip() for p in position.split("|"))
        area = pygame.Rect(rect)
        w, h = area.size
        if w >= h:
            halves = (pygame.Rect(area.x, area.y, w // 2, h),
                      pygame.Rect(area.x + w // 2, area.y, w // 2, h))
        else:
            halves = (pygame.Rect(area.x, area.y, w, h // 2),
                      pygame.Rect(area.x, area.y + h // 2, w, h // 2))
        for half, text in zip(halves, (x_text, y_text), strict=True):
            draw_diagram(surface, half, text)
        return
    rules, state = rules_for_position(position)
    lay = diagram_layout(rect)
    s = int(lay.s)
    img = board_image(s, False, s >= 26, mask_set(rules.geo.obstacles),
                      mask_set(rules.geo.holes), groove=False)
    surface.blit(img, img.get_rect(center=pygame.Rect(rect).center))
    radius = MARBLE * s
    draw_marbles(surface, lay, state, rules.one_colour_display, radius)
    for names, dname in DIAGRAM_MOVES.get(position, ()):
        cells = [parse_cell(n) for n in names]
        move = Move.of(cells, B.DIR_NAMES.index(dname))
        a, b = arrow_points(lay, cells, move.direction, (0.3, 1.1))
        preview = rules.preview(state, move)
        if preview is None:
            strike(surface, a, b, s / CELL)
            continue
        draw_preview(surface, lay, preview, kinds_of(state, rules.one_colour_display), radius)
        outlined_arrow(surface, a, b, theme.GOOD, max(3, round(5 * s / CELL)))


def thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The menu card: a Belgian Daisy game under way, a white marble dropping off the edge
    toward a tray that already holds two."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(theme.BG_DEEP)
    rules = AbaloneRules("belgian-daisy")
    state = rules.parse_position("3BB/1WWBB1/1WWBBB1/1W4W1/2W3WW1/3BWB2/4BBB/1B1WB1/4W b 0 2")
    s = max(8, int(min((w * 0.78) / (2 * COMPACT_R + 0.9), h / (SQ3 * COMPACT_R + 0.9))))
    cx, cy = w * 0.42, h / 2
    img = board_image(s, False, False, frozenset(), frozenset(), groove=False)
    surf.blit(img, img.get_rect(center=(round(cx), round(cy))))
    lay = HexLayout(cx, cy, s)
    radius = MARBLE * s
    draw_marbles(surf, lay, state, False, radius)
    tr = max(3, round(radius * 0.85))
    tray = Tray(w - 8 - 4.7 * tr, h * 0.5, w - 8, h - 12, wall=max(2.0, s / 9),
                flare=s / 4, hopper=s * 0.7)
    paint_tray(surf, tray)
    for x, y in tray.layout(2, tr):
        blit_marble(surf, "white", (x, y), tr)
    # a marble pushed off the right corner: its dotted path to the tray, and where it is now
    ex, ey = lay.point(5, 9.9)
    mx, my = tray.mouth
    pts = [(ex + (mx - ex) * f, ey + (my - s * 0.4 - ey) * f - s * 1.6 * math.sin(math.pi * f))
           for f in (i / 10 for i in range(11))]
    for x, y in pts[1:8]:
        pygame.draw.circle(surf, theme.TEXT_DIM, (round(x), round(y)), max(1, s // 10))
    blit_marble(surf, "white", pts[8], tr * 1.1, height=0.12)
    return surf
