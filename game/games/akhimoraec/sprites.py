"""Akhimoraec sprites: the hourglasses (glass, sand, frame, cracks, halos) and the board of
linked circles, each drawn once per size into a cache; only the sand is drawn every frame.

Drawing budget: the board is painted once per geometry into a cached image; each hourglass is
three layers cached per size (glass, frame for each owner and pole) with the sand drawn between
them as two small polygons, a stream line and a few falling grains per frame. Only a glass in
flight (a tip, or carried home after dying) is composed on a scratch surface and rotated.
Cached sprites are shared: a fade is blitted with `theme.blit_faded`, never set on them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.games.akhimoraec import state as B
from game.games.akhimoraec.rules import AkhimoraecRules
from game.games.akhimoraec.state import AkhState
from game.games.akhimoraec.view import GLASS_H, WARN_SECONDS, BoardGeom, short_time
from game.ui import marks, theme
from game.ui.tween import lerp

# -- palette ------------------------------------------------------------------------------------

#: Pole colours: Gold light, Red dark, so the two sides differ in lightness as well as hue.
POLE: tuple[theme.Colour, theme.Colour] = ((242, 192, 52), (196, 36, 52))
BLACK_POLE = (24, 24, 28)
SAND: tuple[theme.Colour, theme.Colour] = ((238, 206, 132), (232, 160, 136))
ORANGE = (232, 138, 38)
PLATE_WOOD = (62, 45, 32)
LINK = (146, 114, 68)
RIM = (196, 168, 120)
FACE = (86, 64, 46)
WARN = (255, 92, 60)
#: Knob on the coloured pole: a disc for Gold, a diamond for Red (shape, not colour alone).
KNOB = ("disc", "diamond")

# -- hourglass geometry and layers ----------------------------------------------------------------


@dataclass(frozen=True)
class GlassGeom:
    """Where things are inside an hourglass sprite of height `h` (local coordinates, y down).

    `hw[y]` is the glass's inner half-width at integer row y; `upper_level[k]` / `lower_level[k]`
    the height of the sand surface when the chamber holds k/100 of a full life."""

    h: int
    w: int
    cx: float
    knob: int
    plate: int
    y0: float
    ym: float
    y1: float
    hw: tuple[float, ...]
    upper_side: tuple[tuple[float, float], ...]
    lower_side: tuple[tuple[float, float], ...]
    upper_level: tuple[float, ...]
    lower_level: tuple[float, ...]

    def width_at(self, y: float) -> float:
        i = min(len(self.hw) - 1, max(0, int(y)))
        return self.hw[i]

    def level(self, table: tuple[float, ...], amount: float) -> float:
        x = max(0.0, min(1.0, amount)) * 100
        i = min(99, int(x))
        return lerp(table[i], table[i + 1], x - i)


def _profile(u: float) -> float:
    """Bulb shape from the plate (u=0) to the neck (u=1): a rounded shoulder, a full belly and
    a smooth taper into the neck, like a blown-glass bulb."""
    v = 1.0 - u
    if v <= 0.6:
        return math.sin(math.pi / 2 * v / 0.6) ** 1.25
    return math.cos((v - 0.6) / 0.4 * math.pi / 2 * 0.72)


@cache
def glass_geom(h: int) -> GlassGeom:
    w = max(8, round(h * 0.6))
    knob = max(2, round(h * 0.09))
    plate = max(2, round(h * 0.08))
    y0 = float(knob + plate)
    y1 = float(h - knob - plate)
    ym = (y0 + y1) / 2
    bw = w * 0.36
    nw = max(0.8, w * 0.04)

    def half(y: float) -> float:
        u = (y - y0) / (ym - y0) if y <= ym else (y1 - y) / (y1 - ym)
        return nw + (bw - nw) * _profile(max(0.0, min(1.0, u)))

    hw = tuple(half(min(max(y + 0.5, y0), y1)) for y in range(h + 1))
    n = 10
    upper = tuple((y0 + (ym - y0) * k / n, half(y0 + (ym - y0) * k / n)) for k in range(n + 1))
    lower = tuple((ym + (y1 - ym) * k / n, half(ym + (y1 - ym) * k / n)) for k in range(n + 1))

    def table(start: float, stop: float) -> tuple[float, ...]:
        # The sand level for each amount, by area: a full life fills 88 % of the chamber.
        step = -0.25 if stop < start else 0.25
        ys, areas = [start], [0.0]
        y, total = start, 0.0
        while (y > stop) if step < 0 else (y < stop):
            total += 2 * half(y + step / 2) * abs(step)
            y += step
            ys.append(y)
            areas.append(total)
        out = []
        j = 0
        for k in range(101):
            want = total * 0.88 * k / 100
            while j < len(areas) - 1 and areas[j + 1] < want:
                j += 1
            a0, a1 = areas[j], areas[min(j + 1, len(areas) - 1)]
            f = 0.0 if a1 <= a0 else (want - a0) / (a1 - a0)
            out.append(lerp(ys[j], ys[min(j + 1, len(ys) - 1)], max(0.0, min(1.0, f))))
        return tuple(out)

    # The upper chamber fills from the neck upward, the lower from the bottom plate upward.
    return GlassGeom(h, w, w / 2, knob, plate, y0, ym, y1, hw, upper, lower,
                     table(ym, y0), table(y1, ym))


def _silhouette(g: GlassGeom) -> list[tuple[float, float]]:
    right = [(g.cx + w, y) for y, w in g.upper_side] + [(g.cx + w, y) for y, w in g.lower_side[1:]]
    left = [(g.cx - w, y) for y, w in reversed(g.lower_side)] + \
        [(g.cx - w, y) for y, w in reversed(g.upper_side[:-1])]
    return right + left


@cache
def glass_back(h: int) -> pygame.Surface:
    """The glass bulbs behind the sand: a faint tinted fill."""
    g = glass_geom(h)
    surf = pygame.Surface((g.w, h), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (22, 34, 44, 150), _silhouette(g))
    return surf


@cache
def glass_front(h: int, owner: int, colour_up: bool) -> pygame.Surface:
    """Outline, reflections, the two end plates, the pillars and the knob on the coloured pole."""
    g = glass_geom(h)
    surf = pygame.Surface((g.w, h), pygame.SRCALPHA)
    sil = _silhouette(g)
    pygame.draw.polygon(surf, (226, 240, 248, 170), sil, 2 if h >= 48 else 1)
    # reflections on the left of each bulb
    hl = (255, 255, 255, 130)
    lw = max(1, h // 36)
    for top, bottom in ((g.y0 + (g.ym - g.y0) * 0.2, g.y0 + (g.ym - g.y0) * 0.6),
                        (g.ym + (g.y1 - g.ym) * 0.42, g.ym + (g.y1 - g.ym) * 0.82)):
        x = g.cx - g.width_at((top + bottom) / 2) * 0.6
        pygame.draw.line(surf, hl, (x, top), (x, bottom), lw)
    # turned wooden pillars either side of the glass
    pw = max(2, round(g.w * 0.09))
    wood = (150, 108, 62)
    for x in (1, g.w - 1 - pw):
        pygame.draw.rect(surf, theme.shade(wood, 0.55), (x, g.y0 - 1, pw, g.y1 - g.y0 + 2))
        pygame.draw.rect(surf, wood, (x + 1, g.y0 - 1, max(1, pw - 2), g.y1 - g.y0 + 2))
        for yy in (g.y0 + 2, g.ym, g.y1 - 3):  # little beads turned into the pillar
            pygame.draw.ellipse(surf, theme.shade(wood, 1.25), (x - 1, yy - 1, pw + 2, 3))
    # plates: the owner's colour at one end, black at the other
    col = POLE[owner]
    ends = ((g.knob, col if colour_up else BLACK_POLE), (h - g.knob - g.plate, BLACK_POLE if colour_up else col))
    for y, c in ends:
        r = pygame.Rect(0, y, g.w, g.plate)
        pygame.draw.rect(surf, theme.shade(c, 0.55) if c != BLACK_POLE else (8, 8, 10), r,
                         border_radius=max(1, g.plate // 3))
        inner = r.inflate(-2, -2)
        pygame.draw.rect(surf, c, inner, border_radius=max(1, g.plate // 3))
        shine = theme.shade(c, 1.45) if c != BLACK_POLE else (84, 84, 92)
        pygame.draw.line(surf, shine, (inner.x + 2, inner.y), (inner.right - 3, inner.y), 1)
    # the knob sits outside the coloured plate
    kc = (g.cx, g.knob * 0.95) if colour_up else (g.cx, h - g.knob * 0.95)
    k = g.knob + 0.5
    dark = theme.shade(col, 0.5)
    if KNOB[owner] == "disc":
        pygame.draw.circle(surf, dark, kc, k)
        pygame.draw.circle(surf, col, kc, max(1.0, k - 1.2))
        pygame.draw.circle(surf, theme.shade(col, 1.6), (kc[0] - k * 0.3, kc[1] - k * 0.3),
                           max(1.0, k * 0.3))
    else:
        pts = [(kc[0], kc[1] - k * 1.05), (kc[0] + k * 1.15, kc[1]), (kc[0], kc[1] + k * 1.05),
               (kc[0] - k * 1.15, kc[1])]
        pygame.draw.polygon(surf, dark, pts)
        gem = [(kc[0] + (x - kc[0]) * 0.7, kc[1] + (y - kc[1]) * 0.7) for x, y in pts]
        pygame.draw.polygon(surf, col, gem)
        pygame.draw.circle(surf, theme.shade(col, 1.7), (kc[0] - k * 0.25, kc[1] - k * 0.25),
                           max(1.0, k * 0.22))
    return surf


@cache
def glass_crack(h: int) -> pygame.Surface:
    """Cracks across both bulbs, laid over a glass whose sand has run out."""
    g = glass_geom(h)
    surf = pygame.Surface((g.w, h), pygame.SRCALPHA)
    rng = random.Random(h)
    for top, bottom in ((g.y0 + 2, g.ym - 2), (g.ym + 2, g.y1 - 2)):
        for _ in range(2):
            y = rng.uniform(top, bottom)
            x = g.cx + rng.uniform(-0.4, 0.4) * g.width_at(y)
            pts = [(x, y)]
            for _ in range(4):
                y = max(top, min(bottom, y + rng.uniform(-0.3, 0.3) * (bottom - top)))
                x = g.cx + rng.uniform(-0.85, 0.85) * g.width_at(y)
                pts.append((x, y))
            pygame.draw.lines(surf, (40, 40, 48, 200), False, pts, max(2, h // 24))
            pygame.draw.lines(surf, (255, 255, 255, 230), False, pts, 1)
    return surf


@cache
def glass_shadow(h: int) -> pygame.Surface:
    g = glass_geom(h)
    surf = pygame.Surface((g.w + 10, max(4, h // 7)), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 90), surf.get_rect())
    return surf


@cache
def halo(h: int, colour: theme.Colour) -> pygame.Surface:
    """A soft glow behind a glass: red when its sand is nearly out, the winner's on a won line."""
    r = round(h * 0.62)
    surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    for k in range(10, 0, -1):
        pygame.draw.circle(surf, (*colour, int(10 + 12 * (10 - k))), (r, r), r * k / 10)
    return surf


#: Per owner: sand, the shaded edge of the lower heap, the stream, the falling grains.
_SAND_SHADES = tuple((c, theme.shade(c, 0.8), theme.shade(c, 0.85), theme.shade(c, 1.35)) for c in SAND)


def draw_sand(surface: pygame.Surface, g: GlassGeom, ox: float, oy: float, owner: int,
              upper: float, lower: float, flowing: bool, phase: float) -> None:
    """The sand of one glass at offset (ox, oy): two heaps, and grains trickling when it runs."""
    colour, edge, stream, light = _SAND_SHADES[owner]
    cx = ox + g.cx
    lower_top = oy + g.y1
    if lower > 0.004:
        yl = g.level(g.lower_level, lower)
        mound = min(g.h * 0.09, (g.y1 - yl) * 0.7) * (1.0 if flowing else 0.6)
        peak = max(g.ym + 2, yl - mound)
        w = g.width_at(yl)
        pts = [(cx - w, oy + yl), (cx, oy + peak), (cx + w, oy + yl)]
        pts += [(cx + sw, oy + y) for y, sw in g.lower_side if y > yl]
        pts += [(cx - sw, oy + y) for y, sw in reversed(g.lower_side) if y > yl]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.line(surface, edge, (cx - w + 1, oy + yl), (cx, oy + peak))
        lower_top = oy + peak
    if upper > 0.004:
        yl = g.level(g.upper_level, upper)
        dip = min(g.h * 0.05, (g.ym - yl) * 0.4) if flowing else 0.0
        w = g.width_at(yl)
        pts = [(cx - w, oy + yl), (cx, oy + yl + dip), (cx + w, oy + yl)]
        pts += [(cx + sw, oy + y) for y, sw in g.upper_side if y > yl]
        pts += [(cx - sw, oy + y) for y, sw in reversed(g.upper_side) if y > yl]
        pygame.draw.polygon(surface, colour, pts)
        if flowing:
            # a bright stream as thick as the neck allows, and grains that visibly fall and
            # splash on the heap below: the flow must read at a glance, even on the board
            top = oy + g.ym
            thick = max(2, round(g.h / 24))
            pygame.draw.line(surface, light, (cx, top), (cx, lower_top - 1), thick)
            size = max(2, round(g.h / 22))
            span = max(1.0, lower_top - top)
            count = 3 + g.h // 40
            for k in range(count):
                f = (phase * 1.6 + k / count) % 1.0
                gx = cx + ((k * 5 + int(phase * 7)) % 3 - 1) * thick * 0.6
                surface.fill(light, (round(gx - size / 2), round(top + f * span), size, size))
            if g.h >= 90:  # the close-up: grains bouncing off the peak of the lower heap
                for k in range(4):
                    f = (phase * 2.3 + k / 4) % 1.0
                    side = -1 if k % 2 else 1
                    sx = cx + side * f * g.w * 0.16
                    sy = lower_top - math.sin(math.pi * f) * g.h * 0.03
                    surface.fill(light, (round(sx - size / 2), round(sy - size / 2), size, size))


def draw_glass(surface: pygame.Surface, centre: tuple[float, float], h: int, owner: int,
               colour_up: bool, upper: float, lower: float, flowing: bool, phase: float,
               crack: int = 0) -> None:
    """An upright hourglass centred at `centre` (glass, sand, frame; cracks with alpha `crack`)."""
    g = glass_geom(h)
    ox, oy = round(centre[0] - g.w / 2), round(centre[1] - h / 2)
    surface.blit(glass_back(h), (ox, oy))
    draw_sand(surface, g, ox, oy, owner, upper, lower, flowing, phase)
    surface.blit(glass_front(h, owner, colour_up), (ox, oy))
    if crack > 0:
        theme.blit_faded(surface, glass_crack(h), (ox, oy), crack)


@cache
def glass_icon(h: int, owner: int, colour_up: bool, upper: float, lower: float) -> pygame.Surface:
    """A still glass for the panels (turn card, key, events, side markers): drawn once."""
    g = glass_geom(h)
    surf = pygame.Surface((g.w, h), pygame.SRCALPHA)
    draw_glass(surf, (g.w / 2, h / 2), h, owner, colour_up, upper, lower, False, 0.0)
    return surf


def blit_icon(surface: pygame.Surface, centre: tuple[float, float], h: int, owner: int,
              colour_up: bool = True, upper: float = 0.5, lower: float = 0.5) -> None:
    img = glass_icon(h, owner, colour_up, upper, lower)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_glass_turned(surface: pygame.Surface, centre: tuple[float, float], h: int, owner: int,
                      colour_up: bool, upper: float, lower: float, angle: float,
                      alpha: int = 255, crack: int = 0, lift: float = 0.0) -> None:
    """A glass in flight: composed on a scratch surface, turned by `angle` degrees (and drawn up
    to `lift` larger, as if nearer the eye), blitted. Only one or two glasses fly at a time."""
    g = glass_geom(h)
    scratch = pygame.Surface((g.w, h), pygame.SRCALPHA)
    draw_glass(scratch, (g.w / 2, h / 2), h, owner, colour_up, upper, lower, False, 0.0, crack)
    if lift > 0.01:
        img = pygame.transform.rotozoom(scratch, angle, 1.0 + lift)
    elif abs(angle) > 0.5:
        img = pygame.transform.rotate(scratch, angle)
    else:
        img = scratch
    if alpha < 255:
        img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))




@cache
def board_image(cell: int, margin: int, adjacency: int, homes: tuple[tuple[int, ...], ...],
                flipped: bool, coords: bool) -> pygame.Surface:
    """The wooden board with its brass links, circles, the orange square and the home circles."""
    geo = BoardGeom(0, 0, cell, margin, flipped)
    size = round(geo.size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, PLATE_WOOD, surf.get_rect(), border_radius=max(4, cell // 4))
    rng = random.Random(7)
    for _ in range(size // 5):  # a little grain
        x = rng.uniform(4, size - 4)
        grain = theme.shade(PLATE_WOOD, rng.choice((0.88, 1.1)))
        pygame.draw.line(surf, grain, (x, 6), (x + rng.uniform(-6, 6), size - 6), 1)
    pygame.draw.rect(surf, theme.shade(PLATE_WOOD, 0.6), surf.get_rect(), 2,
                     border_radius=max(4, cell // 4))
    # the orange square glows under its circles
    corners = [geo.centre(B.cell_of(c, r)) for c, r in ((3, 3), (5, 5))]
    zone = pygame.Rect(0, 0, 0, 0)
    zone.topleft = (round(min(p[0] for p in corners) - cell * 0.5), round(min(p[1] for p in corners) - cell * 0.5))
    zone.size = (round(cell * 3), round(cell * 3))
    pygame.draw.rect(surf, (104, 60, 26), zone.inflate(-4, -4), border_radius=cell // 3)
    pygame.draw.rect(surf, (150, 86, 32), zone.inflate(-4, -4), 2, border_radius=cell // 3)
    # links between neighbouring circles
    nbrs = B.neighbour_table(adjacency)
    lw = max(2, round(cell * 0.05))
    for a in range(B.SIZE * B.SIZE):
        for b in nbrs[a]:
            if b > a:
                pygame.draw.line(surf, theme.shade(LINK, 0.55), geo.centre(a), geo.centre(b), lw + 2)
    for a in range(B.SIZE * B.SIZE):
        for b in nbrs[a]:
            if b > a:
                pygame.draw.line(surf, LINK, geo.centre(a), geo.centre(b), lw)
    rad = cell * 0.33
    home_owner = {h: p for p in (0, 1) for h in homes[p]}
    for a in range(B.SIZE * B.SIZE):
        c = geo.centre(a)
        orange = a in B.ORANGE
        owner = home_owner.get(a)
        if owner is not None:
            ring = POLE[owner]
            if KNOB[owner] == "disc":
                pygame.draw.circle(surf, theme.shade(ring, 0.5), c, rad + cell * 0.1 + 1)
                pygame.draw.circle(surf, ring, c, rad + cell * 0.1, max(2, round(cell * 0.05)))
            else:
                d = rad + cell * 0.16
                pts = [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])]
                pygame.draw.polygon(surf, theme.shade(ring, 0.5), pts)
                pygame.draw.polygon(surf, ring, pts, max(2, round(cell * 0.05)))
        pygame.draw.circle(surf, (20, 14, 10), (c[0] + 1, c[1] + 2), rad + 1)
        pygame.draw.circle(surf, (250, 192, 110) if orange else RIM, c, rad)
        inner = ORANGE if orange else (theme.shade(POLE[owner], 0.35) if owner is not None else FACE)
        pygame.draw.circle(surf, inner, c, rad - max(2, cell * 0.05))
        pygame.draw.circle(surf, theme.shade(inner, 1.18), (c[0] - rad * 0.25, c[1] - rad * 0.25),
                           rad * 0.45)
        pygame.draw.circle(surf, inner, c, rad * 0.55)
    if coords:
        size_px = max(10, round(margin * 0.62))
        for i in range(9):
            col_cell = B.cell_of(i, 0)
            x = geo.centre(col_cell)[0]
            theme.blit_text(surf, B.FILES[i], (x, size - margin / 2), size_px, (214, 190, 150),
                            anchor="center")
            y = geo.centre(B.cell_of(0, i))[1]
            theme.blit_text(surf, str(i + 1), (margin / 2, y), size_px, (214, 190, 150),
                            anchor="center")
    return surf


def draw_win_line(surface: pygame.Surface, geo: BoardGeom, line: Sequence[int], winner: int,
                  pulse: float) -> None:
    """The winning line: a broad band through its three circles, rings around them."""
    pts = [geo.centre(c) for c in line]
    w = max(4, round(geo.cell * (0.22 + 0.06 * pulse)))
    col = POLE[winner]
    # the band runs a little past the end circles, like a stroke through noughts and crosses
    dx, dy = pts[-1][0] - pts[0][0], pts[-1][1] - pts[0][1]
    k = geo.cell * 0.55 / math.hypot(dx, dy)
    a = (pts[0][0] - dx * k, pts[0][1] - dy * k)
    b = (pts[-1][0] + dx * k, pts[-1][1] + dy * k)
    for end in (a, b):
        pygame.draw.circle(surface, theme.shade(col, 0.45), end, (w + 6) / 2)
    pygame.draw.line(surface, theme.shade(col, 0.45), a, b, w + 6)
    light = theme.mix(col, (255, 255, 255), 0.35 * pulse)
    for end in (a, b):
        pygame.draw.circle(surface, light, end, w / 2)
    pygame.draw.line(surface, light, a, b, w)
    for p in pts:
        pygame.draw.circle(surface, (255, 255, 255), p, geo.cell * (0.46 + 0.03 * pulse), 3)
        pygame.draw.circle(surface, col, p, geo.cell * (0.42 + 0.03 * pulse), 3)


def draw_static(surface: pygame.Surface, geo: BoardGeom, rules: AkhimoraecRules, state: AkhState,
                coords: bool) -> None:
    """A still picture of a position (rules diagrams, the menu card)."""
    homes = tuple(tuple(h) for h in rules.homes)
    surface.blit(board_image(round(geo.cell), round(geo.margin), rules.adjacency, homes,
                             geo.flipped, coords), (round(geo.x), round(geo.y)))
    if state.over and state.winner is not None and state.line:
        draw_win_line(surface, geo, state.line, state.winner, 0.6)
    h = max(10, round(geo.cell * 0.92))
    for g in state.glasses:
        up, low = rules.sand(g, state.now)
        cx, cy = geo.spot(g.cell, g.home)
        if state.over and state.winner == g.owner and g.cell in state.line:
            glow = halo(h, POLE[g.owner])
            theme.blit_faded(surface, glow, glow.get_rect(center=(round(cx), round(cy))).topleft, 220)
        sh = glass_shadow(h)
        surface.blit(sh, sh.get_rect(center=(round(cx), round(cy + h * 0.46))))
        draw_glass(surface, (cx, cy), h, g.owner, g.up, up, low, g.status != B.READY and not state.over,
                   0.35 + 0.1 * g.home)


def draw_live_glasses(surface: pygame.Surface, geo: BoardGeom, rules: AkhimoraecRules,
                      state: AkhState, *, skip: Collection[int],
                      shown_sand: Callable[[int, tuple[float, float]], tuple[float, float]],
                      t: float, pulse: float, running: bool) -> None:
    """The hourglasses of a game in play, nearest row last: sand flowing, a red glow and a
    beat under a glass about to run out, its time below it; the glasses in `skip` (in flight)
    are left to the effects."""
    s = state
    h = GLASS_H
    beat = (1.0 - (s.now % 1000) / 1000.0) ** 3 if running else 0.0
    order = sorted(range(len(s.glasses)), key=lambda i: geo.spot(s.glasses[i].cell, s.glasses[i].home)[1])
    for gi in order:
        if gi in skip:
            continue
        g = s.glasses[gi]
        cx, cy = geo.spot(g.cell, g.home)
        upper, lower = shown_sand(gi, rules.sand(g, s.now))
        if g.cell == B.OFF:  # waiting beside the board for its home: small, still, unlabelled
            draw_glass(surface, (cx, cy), round(h * 0.55), g.owner, g.up, upper, lower, False, 0.0)
            continue
        left = (g.until - s.now) / 1000 if g.status != B.READY else 0.0
        urgent = g.status == B.ALIVE and left < WARN_SECONDS and not s.over
        size = h
        if s.over and s.winner == g.owner and g.cell in s.line:
            glow = halo(h, POLE[g.owner])
            theme.blit_faded(surface, glow, glow.get_rect(center=(round(cx), round(cy))).topleft,
                             int(150 + 100 * pulse))
        if urgent:
            glow = halo(h, WARN)
            theme.blit_faded(surface, glow, glow.get_rect(center=(round(cx), round(cy))).topleft,
                             int(90 + 150 * beat))
            size = h + round(3 * beat)
        sh = glass_shadow(h)
        surface.blit(sh, sh.get_rect(center=(round(cx), round(cy + h * 0.46))))
        flowing = g.status != B.READY and not s.over
        draw_glass(surface, (cx, cy), size, g.owner, g.up, upper, lower, flowing, t * 0.9 + gi * 0.17)
        if g.status != B.READY and not s.over:
            colour = WARN if urgent else (theme.TEXT_DIM if g.status == B.WAITING else (226, 214, 190))
            label = short_time(left) if g.status == B.ALIVE else f"wait {short_time(left)}"
            img = theme.text(label, 13, colour, urgent)
            box = img.get_rect(midtop=(round(cx), round(cy + h / 2 + 2)))
            pygame.draw.rect(surface, (14, 12, 12), box.inflate(8, 0), border_radius=7)
            surface.blit(img, box)


def diagram(surface: pygame.Surface, rect: pygame.Rect, rules: AkhimoraecRules,
            state: AkhState) -> None:
    """A still position fitted into `rect` (the rules screen's diagrams)."""
    r = pygame.Rect(rect)
    cell = int(min(r.width, r.height) / 9.6)
    margin = max(4, int((min(r.width, r.height) - 9 * cell) / 2))
    geo = BoardGeom(r.centerx - (9 * cell + 2 * margin) / 2, r.centery - (9 * cell + 2 * margin) / 2,
                    cell, margin)
    draw_static(surface, geo, rules, state, coords=cell >= 30)


#: The menu card's position: a race for the orange square a minute into the game.
THUMB_POSITION = ("t=64 turn=red@60 | gold: b1>d4 colour 200/180, e1>e5 colour 150/180, "
                  "h1>g5 black 230/180 | red: b9>c6 black 180/180, e9>e6 colour 210/180, "
                  "h9>f4 black 92/180")


def menu_card(size: tuple[int, int], rules: AkhimoraecRules) -> pygame.Surface:
    """The menu card: the middle of the board in mid-game, glasses around the orange square."""
    surf = pygame.Surface(size)
    surf.fill(theme.BG_DEEP)
    state = rules.parse_position(THUMB_POSITION)
    w, h = size
    # A close-up of the orange square and its surroundings: glasses big enough to read.
    rows = 3 if w >= h * 1.25 else 5
    cols = 5
    cell = int(min(w / cols, h / rows))
    full = BoardGeom(0, 0, cell, 0)
    big = pygame.Surface((9 * cell, 9 * cell), pygame.SRCALPHA)
    draw_static(big, full, rules, state, coords=False)
    c0, r0 = (9 - cols) // 2, (9 - rows) // 2
    area = pygame.Rect(c0 * cell, r0 * cell, cols * cell, rows * cell)
    surf.blit(big, ((w - area.width) // 2, (h - area.height) // 2), area)
    return surf


def draw_targets(surface: pygame.Surface, geo: BoardGeom, targets: Sequence[int],
                 colour: theme.Colour | None) -> None:
    """Where a picked glass may go: the shared dots, or (one player of two at one screen
    without turns) dots in that player's colour, ringed dark to show on the orange circles."""
    for t in targets:
        if colour is None:
            marks.target_dot(surface, geo.centre(t), geo.cell)
        else:
            r = max(4, geo.cell * 0.14)
            pygame.draw.circle(surface, theme.shade(colour, 0.35), geo.centre(t), r + 2)
            pygame.draw.circle(surface, colour, geo.centre(t), r)


def draw_pick(surface: pygame.Surface, geo: BoardGeom, selected: int | None, cursor: int | None,
              colour: theme.Colour | None, pulse: float) -> None:
    """A picked glass's ring and a keyboard (or hover) cursor's box, in a player's colour
    when two players share the screen without turns."""
    if selected is not None:
        if colour is None:
            marks.selection(surface, geo.centre(selected), geo.cell * 0.47, pulse)
        else:
            pygame.draw.circle(surface, colour, geo.centre(selected), geo.cell * 0.47 + 2 + 2 * pulse, 4)
    if cursor is not None:
        box = geo.cell_rect(cursor).inflate(-4, -4)
        pygame.draw.rect(surface, colour or theme.TEXT, box, 2, border_radius=8)
