"""The Akhimoraec screen: hourglasses with running sand tipped across a board of linked circles.

A real-time game. Every fixed update step (while not paused) lets the game clock run through
`Match.advance`, in whole milliseconds so game time keeps pace with the wall clock; the rules
answer with events (deaths, re-entries, lost turns, passes, the end) that this screen turns into
animations, sounds and notices. Nothing here decides a rule: moves go through `submit` (the
rules' `check`), targets come from `legal_moves`, sand amounts from the glasses' deadlines.

Drawing budget: the board is painted once per geometry into a cached image; each hourglass is
three layers cached per size (glass, frame for each owner and pole) with the sand drawn between
them as two small polygons, a stream line and a few falling grains per frame. Only a glass in
flight (a tip, or carried home after dying) is composed on a scratch surface and rotated.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import pygame
import pygame_gui

from game import registry
from game.engine.match import Match
from game.engine.protocol import IllegalMove
from game.games.akhimoraec import rules as R
from game.games.akhimoraec.rules import AkhimoraecRules, AkhState, Event, Glass, Move
from game.scenes.match_base import BOARD_AREA, SIDE, STATUS, MatchScene, shared_worker
from game.ui import marks, theme
from game.ui.tween import Tween, ease_in_out, ease_out, lerp, linear
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.app import App

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

# -- layout -------------------------------------------------------------------------------------

CELL = 70
MARGIN = 22
PLATE = pygame.Rect(BOARD_AREA.x + 12, BOARD_AREA.y + 13, 9 * CELL + 2 * MARGIN, 9 * CELL + 2 * MARGIN)
COLUMN = pygame.Rect(PLATE.right + 14, PLATE.y, BOARD_AREA.right - 12 - PLATE.right - 14, PLATE.height)
GLASS_H = round(CELL * 0.96)
#: Below this many seconds of sand a glass pulses and the clock ticks.
WARN_SECONDS = 20.0
TIP_SECONDS = 0.42
CRACK_SECONDS = 0.45
CARRY_SECONDS = 0.7
BLEND_SECONDS = 0.35
#: Events kept in the panel beside the board.
FEED_ROWS = 4
#: The computer's search starts this long before the moment it wants to move (s).
SEARCH_LEAD = 0.6


def mmss(seconds: float) -> str:
    """Seconds as "m:ss" (rounded up, so 0:00 means the time is really out)."""
    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60}:{s % 60:02d}"


def short_time(seconds: float) -> str:
    """A glass label: "2:47" above a minute, "47 s" below."""
    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60}:{s % 60:02d}" if s >= 60 else f"{s} s"


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
        img = glass_crack(h)
        img.set_alpha(crack)
        surface.blit(img, (ox, oy))


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


def sand_of(glass: Glass, now: int, life: int) -> tuple[float, float]:
    """(upper, lower) sand as fractions of a full life — the same amounts as `rules.views`."""
    if glass.status == R.READY:
        return 0.0, 1.0
    left = max(0, glass.until - now) / life
    return left, 1.0 - left


# -- the board ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardGeom:
    """Cell <-> pixel for the 9x9 board drawn with its top-left corner at (x, y)."""

    x: float
    y: float
    cell: float
    margin: float
    flipped: bool = False

    @property
    def size(self) -> float:
        return 9 * self.cell + 2 * self.margin

    def centre(self, cell: int) -> tuple[float, float]:
        col, row = cell % R.SIZE, cell // R.SIZE
        c, r = (8 - col, row) if self.flipped else (col, 8 - row)
        return (self.x + self.margin + (c + 0.5) * self.cell,
                self.y + self.margin + (r + 0.5) * self.cell)

    def cell_at(self, pos: tuple[float, float]) -> int | None:
        c = math.floor((pos[0] - self.x - self.margin) / self.cell)
        r = math.floor((pos[1] - self.y - self.margin) / self.cell)
        if not (0 <= c < 9 and 0 <= r < 9):
            return None
        col, row = (8 - c, r) if self.flipped else (c, 8 - r)
        return R.cell_of(col, row)

    def cell_rect(self, cell: int) -> pygame.Rect:
        cx, cy = self.centre(cell)
        h = self.cell / 2
        return pygame.Rect(round(cx - h), round(cy - h), round(self.cell), round(self.cell))


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
    corners = [geo.centre(R.cell_of(c, r)) for c, r in ((3, 3), (5, 5))]
    zone = pygame.Rect(0, 0, 0, 0)
    zone.topleft = (round(min(p[0] for p in corners) - cell * 0.5), round(min(p[1] for p in corners) - cell * 0.5))
    zone.size = (round(cell * 3), round(cell * 3))
    pygame.draw.rect(surf, (104, 60, 26), zone.inflate(-4, -4), border_radius=cell // 3)
    pygame.draw.rect(surf, (150, 86, 32), zone.inflate(-4, -4), 2, border_radius=cell // 3)
    # links between neighbouring circles
    nbrs = R.make_rules(options={"adjacency": adjacency}).neighbours
    lw = max(2, round(cell * 0.05))
    for a in range(R.SIZE * R.SIZE):
        for b in nbrs[a]:
            if b > a:
                pygame.draw.line(surf, theme.shade(LINK, 0.55), geo.centre(a), geo.centre(b), lw + 2)
    for a in range(R.SIZE * R.SIZE):
        for b in nbrs[a]:
            if b > a:
                pygame.draw.line(surf, LINK, geo.centre(a), geo.centre(b), lw)
    rad = cell * 0.33
    home_owner = {h: p for p in (0, 1) for h in homes[p]}
    for a in range(R.SIZE * R.SIZE):
        c = geo.centre(a)
        orange = a in R.ORANGE
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
            col_cell = R.cell_of(i, 0)
            x = geo.centre(col_cell)[0]
            theme.blit_text(surf, R.FILES[i], (x, size - margin / 2), size_px, (214, 190, 150),
                            anchor="center")
            y = geo.centre(R.cell_of(0, i))[1]
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
        up, low = sand_of(g, state.now, rules.life)
        cx, cy = geo.centre(g.cell)
        if state.over and state.winner == g.owner and g.cell in state.line:
            glow = halo(h, POLE[g.owner])
            glow.set_alpha(220)
            surface.blit(glow, glow.get_rect(center=(round(cx), round(cy))))
        sh = glass_shadow(h)
        surface.blit(sh, sh.get_rect(center=(round(cx), round(cy + h * 0.46))))
        draw_glass(surface, (cx, cy), h, g.owner, g.up, up, low, g.status != R.READY and not state.over,
                   0.35 + 0.1 * g.home)


# -- animations -----------------------------------------------------------------------------------


@dataclass
class Flight:
    """One stage of a glass on the move, drawn instead of its place in the state.

    kind "tip": tipped from `src` onto `dst` while turning `spin` degrees; "crack": its sand ran
    out on `src` (it shakes and cracks); "carry": carried home from `src` to `dst`. The tween is
    made when the stage starts (stages of one glass play one after another)."""

    kind: str
    src: int
    dst: int
    colour_up: bool
    spin: float
    upper: float
    lower: float
    duration: float
    tween: Tween | None = None

    @property
    def progress(self) -> tuple[float, float]:
        """(raw 0..1, eased) progress; a stage not started yet sits at its beginning."""
        if self.tween is None:
            return 0.0, 0.0
        return self.tween.t, self.tween.value


@dataclass
class Blend:
    """After a landing, the drawn sand slides from what was shown to what the state says."""

    upper: float
    lower: float
    tween: Tween


@dataclass(frozen=True)
class NewsItem:
    """One line of the events panel: when it came (scene time), whose, what and what next."""

    born: float
    player: int
    head: str
    detail: str
    when: str


@dataclass
class ComputerPlan:
    """When the computer asks for its move and when it plays it, for one of its turns (ms)."""

    key: tuple[int, int, int]
    ask_at: int
    play_at: int
    failed: bool = False


# -- the scene ------------------------------------------------------------------------------------


class AkhimoraecScene(MatchScene):
    """Play Akhimoraec hot-seat or against the computer, with every clock running."""

    SIDE_COLOURS = POLE

    title = "Akhimoraec"

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.akh: AkhimoraecRules = match.rules
        self.paused = False
        self.selected: int | None = None
        self.cursor: int | None = None
        #: glass index -> its stages in flight (the first one plays)
        self.flights: dict[int, list[Flight]] = {}
        self.blends: dict[int, Blend] = {}
        self.flashes: list[tuple[int, Tween]] = []
        self.feed: list[NewsItem] = []
        self._ms_acc = 0.0
        self._tick_second = match.state.now // 1000
        self._turn_key = (match.state.to_move, match.state.turn_start)
        self._plan: ComputerPlan | None = None
        self._reply: str | None = None
        self._rng = random.Random(len(match.moves) * 31 + match.state.now)
        self._ai: dict[str, Any] = {}
        bx, by = 912, 16 + 536 + 156
        self.pause_btn = button(self.ui, (bx, by, 352, 44), "Pause (Space)",
                                "Stop every clock and hide the board (Space or Esc)")
        self.resume_btn = button(self.ui, (PLATE.centerx - 110, PLATE.centery + 90, 220, 50),
                                 "Resume", "Start the clocks again (Space)", "#primary")
        self.resume_btn.hide()
        # a shorter move list leaves room for the close-up of one hourglass under it
        self.movelist.rect = pygame.Rect(SIDE.x, SIDE.y + 190, SIDE.width, 150)
        self.closeup_rect = pygame.Rect(SIDE.x, self.movelist.rect.bottom + 8, SIDE.width,
                                        SIDE.y + 528 - self.movelist.rect.bottom - 8)
        self.extra_buttons = {self.pause_btn: self.toggle_pause, self.resume_btn: self.resume}
        self._refresh_buttons()
        if any(p.is_computer for p in match.players):
            for p in match.players:
                if p.is_computer:
                    self._player_ai(p.level or self.entry.default_level)
            shared_worker(app).start()  # spawn now, not in the middle of the first turn

    # -- geometry ------------------------------------------------------------------------------
    @property
    def flipped(self) -> bool:
        """Against the computer the human sits at the bottom. Hot-seat never turns the board:
        both players watch their sand all the time, and turns also change when a clock runs out."""
        humans = [i for i, p in enumerate(self.match.players) if p.kind == "human"]
        return len(humans) == 1 and humans[0] == 1

    @property
    def geo(self) -> BoardGeom:
        return BoardGeom(PLATE.x, PLATE.y, CELL, MARGIN, self.flipped)

    # -- time ------------------------------------------------------------------------------------
    @property
    def waiting_for_first_tip(self) -> bool:
        """A fresh game's clocks start with the first tip when a human plays first."""
        m = self.match
        return m.ply == 0 and m.state.now == 0 and not m.current_spec.is_computer

    @property
    def clock_running(self) -> bool:
        return (not self.paused and self.modal is None and self.match.outcome is None
                and not self.waiting_for_first_tip)

    def set_paused(self, paused: bool, sound: bool = True) -> None:
        if paused and self.match.outcome is not None:
            paused = False
        if paused == self.paused:
            return
        self.paused = paused
        self.pause_btn.set_text("Resume (Space)" if paused else "Pause (Space)")
        if paused:
            self.clear_selection()
            self.resume_btn.show()
        else:
            self.resume_btn.hide()
        if sound:
            self.app.sounds.play("click")

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        paused = getattr(self, "paused", False)  # the base asks before our own state exists
        if paused:
            states[self.hint_btn] = False  # a hint while paused would be free thinking time
        elif states[self.hint_btn]:
            states[self.hint_btn] = bool(self.rules.legal_moves(self.state))
        btn = getattr(self, "pause_btn", None)
        if btn is not None:
            states[btn] = self.match.outcome is None
        return states

    def redo(self) -> None:
        if not self.match.can_redo:
            self.refuse("Nothing to redo: a tip taken back is gone once the clocks run on "
                        "(pause with Space before undoing to keep it).")
            return
        super().redo()

    def toggle_pause(self) -> None:
        self.set_paused(not self.paused)

    def resume(self) -> None:
        self.set_paused(False)

    def leave(self) -> None:
        # Another screen covers the board (rules, a dialog scene): stop the clocks.
        if self.match.outcome is None and not self.waiting_for_first_tip:
            self.set_paused(True, sound=False)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.modal is not None and not self.modal.open:
            self.modal = None
        if (self.modal is not None and not self.paused and self.match.outcome is None
                and not self.waiting_for_first_tip):
            self.set_paused(True)  # a dialog over a visible board would be free thinking time
        if self.modal is not None and self.resume_btn.visible:
            self.resume_btn.hide()
        elif (self.modal is None and self.paused and not self.resume_btn.visible
              and self.match.outcome is None):
            self.resume_btn.show()
        if not self.paused:
            self.tweens.speed = self.app.settings.animation_speed
            self.tweens.update(dt)
            self._land_flights()
        if self.clock_running:
            self._ms_acc += dt * 1000
            ms = int(self._ms_acc)
            if ms > 0:
                self._ms_acc -= ms
                before = self.state
                self.match.advance(ms / 1000)
                self._after_time(before)
        self._poll_worker()
        if not self.paused and self.modal is None:
            self._computer_step()
        m = self.match
        if m.outcome is not None and self.paused:
            # resigned or lost from the pause panel: the board is shown again, nothing to resume
            self.set_paused(False, sound=False)
        # time kills the redo tail (a redone tip would land at another moment): the Redo
        # button follows at once, like every button, from button_states
        self._refresh_buttons()
        if m.outcome is not None and not self.results_shown and not self.animating:
            self.over_timer += dt
            if self.over_timer >= 0.9:
                self.results_shown = True
                self._refresh_buttons()
                self.show_results()

    def _after_time(self, before: AkhState) -> None:
        s = self.state
        self._react(before, s.events)
        key = (s.to_move, s.turn_start)
        if key != self._turn_key:  # the turn passed (clock, no move): forget the half-made tip
            self._turn_key = key
            self.clear_selection()
            self.hint_move = None
        second = s.now // 1000
        if second != self._tick_second:
            self._tick_second = second
            if any(g.status == R.ALIVE and (g.until - s.now) < WARN_SECONDS * 1000 for g in s.glasses):
                self.app.sounds.play("tick", 0.5)
        if self.selected is not None and not any(
                g.cell == self.selected and g.owner == s.to_move and g.status != R.WAITING
                for g in s.glasses):
            self.clear_selection()

    def in_motion(self) -> bool:
        """Sand runs while the clocks do; a chosen hourglass breathes."""
        return bool(super().in_motion() or self.clock_running or self.tweens.busy()
                    or self.selected is not None or self.match.outcome is not None)

    @property
    def animating(self) -> bool:
        """Only a tip holds the game up (the computer's next move, the results); sand, deaths
        and flashes play on while the clocks run."""
        return self.tweens.busy("tip")

    # -- events from the rules ---------------------------------------------------------------
    def _name(self, player: int) -> str:
        return self.match.players[player].name or R.SIDE_NAMES[player]

    def _news(self, ev: Event, player: int, head: str, detail: str) -> None:
        """A line in the events panel beside the board (toasts would cover the board)."""
        self.feed.append(NewsItem(self.t, player, head, detail, mmss(ev.at / 1000)))
        del self.feed[:-FEED_ROWS]

    def _react(self, before: AkhState, events: Sequence[Event]) -> None:
        for ev in events:
            if ev.kind == "death":
                self._death(before, ev)
            elif ev.kind == "ready":
                self.flashes.append((ev.cell, self.tweens.add(0.7, ease_out, tag="flash")))
                self._news(ev, ev.player, f"{R.cell_name(ev.home)} is ready", "may leave home")
            elif ev.kind == "expiry":
                self._news(ev, ev.player, "turn clock ran out", f"{self._name(1 - ev.player)} to tip")
                self.app.sounds.play("refuse", 0.5)
            elif ev.kind == "pass":
                self._news(ev, ev.player, "no tip possible", "turn passes")
            elif ev.kind == "line":
                self._news(ev, ev.player, f"line {R.line_name(ev.line)}", "must hold a turn")

    def _index_of_home(self, state: AkhState, home: int) -> int:
        return next(i for i, g in enumerate(state.glasses) if g.home == home)

    def _death(self, before: AkhState, ev: Event) -> None:
        gi = self._index_of_home(before, ev.home)
        was = before.glasses[gi]
        up = was.up if was.status == R.ALIVE else True
        # It shakes and cracks where it stood, then is carried home own colour up: a glass that
        # died black up turns over on the way (its sand then lies in the upper chamber).
        stages = [Flight("crack", ev.cell, ev.cell, up, 0.0, 0.0, 1.0, CRACK_SECONDS),
                  Flight("carry", ev.cell, ev.home, up, 0.0 if up else 180.0, 0.0, 1.0,
                         CARRY_SECONDS)]
        queue = self.flights.get(gi)
        if queue and queue[0].kind == "tip":
            queue[1:] = stages  # dead on arrival (timer B): it cracks once it has landed
        else:
            self.flights[gi] = stages
            self._start(stages[0])
        self.blends.pop(gi, None)
        self.app.sounds.play("crack")
        self._news(ev, ev.player, f"sand out on {R.cell_name(ev.cell)}",
                   f"waits {mmss(ev.wait / 1000)}" if ev.wait else "ready at once")

    def _start(self, fl: Flight) -> None:
        easing = linear if fl.kind == "crack" else ease_in_out
        fl.tween = self.tweens.add(fl.duration, easing, tag="tip" if fl.kind == "tip" else "death")

    def _land_flights(self) -> None:
        """Finished stages hand over to the next one, or to the state (with a sand blend)."""
        for gi, queue in list(self.flights.items()):
            head = queue[0]
            if head.tween is None:
                self._start(head)
            if head.tween is None or not head.tween.done:
                continue
            queue.pop(0)
            if queue:
                self._start(queue[0])
                continue
            del self.flights[gi]
            # landed: the drawn sand (turned over if it spun half a turn) eases into the state's
            shown = (head.lower, head.upper) if abs(head.spin) > 90 else (head.upper, head.lower)
            g = self.state.glasses[gi]
            actual = sand_of(g, self.state.now, self.akh.life)
            if abs(shown[0] - actual[0]) > 0.01:
                self.blends[gi] = Blend(shown[0], shown[1],
                                        self.tweens.add(BLEND_SECONDS, ease_out, tag="blend"))
            self.flashes.append((head.dst, self.tweens.add(0.45, ease_out, tag="flash")))
        self.flashes = [(c, tw) for c, tw in self.flashes if not tw.done]
        for gi in [gi for gi, b in self.blends.items() if b.tween.done]:
            del self.blends[gi]

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> None:
        gi = next((i for i, g in enumerate(before.glasses) if g.cell == move.src), None)
        self._turn_key = (after.to_move, after.turn_start)
        if gi is None:
            self.sync()
            return
        g = before.glasses[gi]
        upper, lower = sand_of(g, before.now, self.akh.life)
        sx, sy = self.geo.centre(move.src)
        dx, dy = self.geo.centre(move.dst)
        if move.src == move.dst:
            spin = -180.0
        elif abs(dx - sx) > 1:
            spin = -180.0 if dx > sx else 180.0
        else:
            spin = -180.0 if dy < sy else 180.0
        self.blends.pop(gi, None)
        tip = Flight("tip", move.src, move.dst, g.up, spin, upper, lower, TIP_SECONDS)
        self.flights[gi] = [tip]
        self._start(tip)
        self.app.sounds.play("tip")
        self._react(before, [e for e in after.events if e.kind != "move"])
        self.clear_selection()

    def sync(self) -> None:
        self.flights.clear()
        self.blends.clear()
        self.flashes.clear()
        self._turn_key = (self.state.to_move, self.state.turn_start)
        self._tick_second = self.state.now // 1000
        self._plan = None
        self._reply = None

    def clear_selection(self) -> None:
        self.selected = None

    def targets(self, src: int) -> list[int]:
        """Where the glass on `src` may be tipped now (from the rules)."""
        return [m.dst for m in self.akh.legal_moves(self.state) if m.src == src]

    def glass_at(self, cell: int) -> Glass | None:
        return next((g for g in self.state.glasses if g.cell == cell), None)

    def _reason_for(self, cell: int) -> str | None:
        """Why the glass on `cell` cannot be picked up now, in the rules' words (None: it can)."""
        dst = self.akh.neighbours[cell][0]
        reason = self.akh.check(self.state, Move(cell, dst, self.state.now))
        g = self.glass_at(cell)
        if g is not None and g.owner == self.state.to_move and g.status != R.WAITING:
            return None
        return reason or "that hourglass cannot move now"

    def _pick(self, cell: int) -> None:
        """A click or Enter on `cell`: select a glass, tip the selected one, or say why not."""
        s = self.state
        g = self.glass_at(cell)
        if self.selected is not None:
            if cell == self.selected:
                if self.akh.flip and g is not None and g.status == R.ALIVE:
                    self.submit(Move(cell, cell, s.now))
                else:
                    self.clear_selection()
                return
            if g is not None and g.owner == s.to_move and g.status != R.WAITING:
                self.selected = cell
                self.app.sounds.play("click")
                return
            if self.submit(Move(self.selected, cell, s.now)):
                self.clear_selection()
            return
        if g is None:
            return
        reason = self._reason_for(cell)
        if reason is not None:
            self.refuse(reason)
            return
        self.selected = cell
        self.app.sounds.play("click")

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.geo.cell_at(event.pos)
            if cell is not None:
                self._pick(cell)
            else:
                self.clear_selection()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        steps = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                 pygame.K_DOWN: (0, -1)}
        if event.key in steps:
            if self.cursor is None:
                self.cursor = self.selected if self.selected is not None else self._first_own()
                return
            dc, dr = steps[event.key]
            if self.flipped:
                dc, dr = -dc, -dr
            col = max(0, min(8, self.cursor % 9 + dc))
            row = max(0, min(8, self.cursor // 9 + dr))
            self.cursor = R.cell_of(col, row)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.cursor is None:
                self.cursor = self._first_own()
                return
            self._pick(self.cursor)
        elif event.key == pygame.K_TAB:
            own = [g.cell for g in self.state.glasses
                   if g.owner == self.state.to_move and g.status != R.WAITING]
            if own:
                i = own.index(self.cursor) if self.cursor in own else -1
                self.cursor = own[(i + 1) % len(own)]

    def _first_own(self) -> int:
        own = [g.cell for g in self.state.glasses if g.owner == self.state.to_move]
        return own[0] if own else R.cell_of(4, 4)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWFOCUSLOST and self.clock_running:
            self.set_paused(True)
            return
        if self.modal is not None:
            return
        if self.movelist.handle(event):
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
                and not event.mod & pygame.KMOD_CTRL):
            self.toggle_pause()
            return
        if self.shortcut(event):
            return
        if self.paused:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and PLATE.collidepoint(event.pos):
                self.resume()
            return
        if self.human_to_move:
            self.board_event(event)  # tips may start while another glass is still in flight

    def back(self) -> None:
        """Esc pauses a running game; Esc on the pause panel offers to leave."""
        if self.modal is None and self.match.outcome is None and not self.paused \
                and not self.waiting_for_first_tip:
            self.set_paused(True)
            return
        super().back()

    def ask_hint(self) -> None:
        if self.paused:
            self.refuse("Resume the game first (Space).")
            return
        if self.human_to_move and not self.akh.legal_moves(self.state):
            self.refuse("No hourglass can be tipped now.")
            return
        super().ask_hint()

    def on_ui_event(self, event: pygame.event.Event) -> None:
        # The Menu button goes straight to the leave dialog (Esc pauses first, then asks).
        if (self.modal is None and event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.menu_btn):
            if self.clock_running:
                self.set_paused(True)
            MatchScene.back(self)
            return
        super().on_ui_event(event)

    def show_hint(self, move: Any) -> None:
        super().show_hint(move)
        self.app.toast(f"Try {R.cell_name(move.src)}→{R.cell_name(move.dst)}", "good", 3)

    # -- the computer ----------------------------------------------------------------------------
    def _player_ai(self, level: str) -> Any:
        ai = self._ai.get(level)
        if ai is None:
            ai = self.entry.make_ai(self.akh, level)
            self._ai[level] = ai
        return ai

    def _request(self, level: str, seconds: float | None = None) -> int:
        # Real time: the worker gets the current position text (its clock), not the move list.
        return shared_worker(self.app).request_for(
            self.match, seconds=self._level_seconds(level) if seconds is None else seconds,
            level=level, seed=len(self.match.moves) * 7919 + self.state.now)

    def _cancel_thinking(self) -> None:
        super()._cancel_thinking()
        self._plan = None
        self._reply = None

    def _search_budget(self, level: str, s: AkhState, play_at: int) -> float:
        """Seconds the search may take: the level's, but never past the turn clock or the
        computer's most urgent sand (a late answer would find the turn or the glass gone)."""
        hard = [s.turn_start + self.akh.clock] if self.akh.clock else []
        hard += [g.until for g in s.glasses if g.owner == s.to_move and g.status == R.ALIVE]
        budget = self._level_seconds(level)
        if hard:
            budget = min(budget, (min(hard) - play_at) / 1000 + SEARCH_LEAD - 0.3)
        return max(0.1, budget)

    def _computer_step(self) -> None:
        """The computer waits its `think_time` of game time, then plays, re-stamped at "now".

        Its search runs in the worker during the last part of that wait (SEARCH_LEAD seconds),
        so the move is usually ready when its moment comes."""
        m, s = self.match, self.state
        if m.outcome is not None or not m.is_computer_turn or self.waiting_for_first_tip:
            if self._plan is not None and self.request_id is not None:
                shared_worker(self.app).cancel()
                self.request_id = None
            self._plan, self._reply = None, None
            return
        key = (m.ply, s.turn_start, s.to_move)
        level = m.current_spec.level or self.entry.default_level
        if self._plan is None or self._plan.key != key:
            if self.request_id is not None:
                shared_worker(self.app).cancel()
                self.request_id = None
            self._reply = None
            delay = round(self._player_ai(level).think_time(s, self._rng) * 1000)
            play_at = max(s.now, s.turn_start + delay)
            ask_at = max(s.now, play_at - round(SEARCH_LEAD * 1000))
            self._plan = ComputerPlan(key, ask_at, play_at)
        plan = self._plan
        if plan.failed or not self.akh.legal_moves(s):
            return
        if self._reply is None and self.request_id is None and s.now >= plan.ask_at:
            self.request_id = self._request(level, self._search_budget(level, s, plan.play_at))
            self.think_started = self.t
        if self._reply is not None and s.now >= plan.play_at and not self.animating:
            text, self._reply = self._reply, None
            try:
                move = self.akh.parse_move(s, text)
            except IllegalMove:
                # Time moved on while it thought (a glass died, a circle filled): think again.
                self.request_id = self._request(level, 0.3)
                return
            self._play(move)

    def _poll_worker(self) -> None:
        if self.request_id is None and self.hint_request is None:
            return
        reply = shared_worker(self.app).poll()
        if reply is None:
            return
        if reply.error:
            if reply.request_id == self.request_id and self._plan is not None:
                self._plan.failed = True  # do not ask again this turn
            self.request_id = self.hint_request = None
            self.app.toast(f"The computer failed: {reply.error}", "bad", 8)
            return
        # The reply carries the time it was asked at; it is played (or shown) as "now".
        text = (reply.move or "").rpartition(":")[2]
        if reply.request_id == self.hint_request:
            self.hint_request = None
            try:
                move = self.akh.parse_move(self.state, text)
            except IllegalMove:
                return
            self.show_hint(move)
            self.app.sounds.play("click")
        elif reply.request_id == self.request_id:
            self.request_id = None
            self._reply = text

    # -- side panel and status -----------------------------------------------------------------
    def side_info(self, side: int) -> str:
        s = self.state
        m = self.match
        if m.outcome is None and s.to_move == side and m.players[side].is_computer:
            return "thinking" + "." * (1 + int(self.t * 3) % 3)
        mine = [g for g in s.glasses if g.owner == side]
        counts = [(sum(g.status == st for g in mine), word)
                  for st, word in ((R.ALIVE, "in play"), (R.READY, "ready"), (R.WAITING, "waiting"))]
        parts = [f"{n} {word}" for n, word in counts if n]
        alive = [g.until for g in mine if g.status == R.ALIVE]
        if not alive:
            return " · ".join(parts)
        t = mmss((min(alive) - s.now) / 1000)
        # the line shares the player's box with "computer, <level> · ": shorten, never cut
        p = m.players[side]
        prefix = f"computer, {p.level} · " if p.kind == "computer" else ""
        room = SIDE.width - 48 - 12
        tries = ([*parts, f"next out in {t}"], [*parts, f"next out {t}"],
                 [*parts[:1], f"next out {t}"], [f"next out {t}"])
        for words in tries:
            text = " · ".join(words)
            if theme.font(16).size(prefix + text)[0] <= room:
                return text
        return tries[-1][0]

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        blit_icon(surface, centre, 40, side, True, 0.55, 0.45)

    def status_text(self) -> tuple[str, str]:
        m = self.match
        s = self.state
        if m.outcome is not None:
            return super().status_text()
        if self.paused:
            return "Paused: every clock is stopped", "Space: resume · Esc: leave"
        who = self._name(s.to_move)
        if self.waiting_for_first_tip:
            return f"{who} tips first", "the clocks start with the first tip"
        if m.current_spec.is_computer:
            return (f"{who} is thinking" + "." * (1 + int(self.t * 3) % 3),
                    "your sand keeps running · Space: pause")
        clock = self.akh.turn_clock_left(s)
        left = f"{who} to tip" + (f" · {clock:.0f} s" if clock is not None else "")
        if self.selected is not None:
            return left, "click a highlighted circle · right-click: cancel"
        return left, "click one of your hourglasses · Space: pause"

    def draw_status(self, surface: pygame.Surface) -> None:
        left, right = self.status_text()
        theme.panel(surface, STATUS, theme.PANEL, 10)
        x = STATUS.x + 16
        m = self.match
        side = self.state.to_move if m.outcome is None else m.outcome.winner
        if side is not None:
            blit_icon(surface, (x + 12, STATUS.centery), 40, side, True, 0.55, 0.45)
            x += 34
        theme.blit_text(surface, left, (x, STATUS.centery), 22, theme.TEXT, True, "midleft")
        if right:
            theme.blit_text(surface, right, (STATUS.right - 16, STATUS.centery), 20,
                            theme.TEXT_DIM, anchor="midright")

    # -- drawing -----------------------------------------------------------------------------------
    def paint_background(self, surface: pygame.Surface) -> None:
        super().paint_background(surface)
        geo = BoardGeom(PLATE.x, PLATE.y, CELL, MARGIN, False)
        img = board_image(CELL, MARGIN, self.akh.adjacency, tuple(tuple(h) for h in self.akh.homes),
                          False, self.app.settings.show_coordinates)
        surface.blit(img, (geo.x, geo.y))

    def draw_board(self, surface: pygame.Surface) -> None:
        geo = self.geo
        if self.paused:
            self._draw_pause(surface)
            self._draw_column(surface)
            return
        if geo.flipped:  # the cached background holds the unturned board
            surface.blit(board_image(CELL, MARGIN, self.akh.adjacency,
                                     tuple(tuple(h) for h in self.akh.homes), True,
                                     self.app.settings.show_coordinates), (geo.x, geo.y))
        s = self.state
        self._draw_turn_edge(surface, geo)
        if s.over and s.winner is not None and s.line:
            draw_win_line(surface, geo, s.line, s.winner, self.pulse())
        if self.match.moves and not self.animating:
            last = self.match.moves[-1]
            for c in {last.src, last.dst}:
                marks.last_move(surface, geo.cell_rect(c).inflate(-6, -6))
        for cell, tw in self.flashes:
            r = geo.cell * (0.36 + 0.25 * tw.value)
            pygame.draw.circle(surface, theme.TEXT, geo.centre(cell), r, max(1, round(3 * (1 - tw.t))))
        human = self.human_to_move
        if human and self.selected is not None and self.app.settings.show_legal:
            for t in self.targets(self.selected):
                marks.target_dot(surface, geo.centre(t), geo.cell)
        self._draw_glasses(surface, geo)
        if human and self.selected is not None:
            marks.selection(surface, geo.centre(self.selected), geo.cell * 0.47, self.pulse())
        if self.hint_move is not None and human:
            hm = self.hint_move
            marks.arrow(surface, geo.centre(hm.src), geo.centre(hm.dst), theme.ACCENT, 4)
            marks.hint_frame(surface, geo.cell_rect(hm.dst))
        if self.cursor is not None and human:
            box = geo.cell_rect(self.cursor).inflate(-4, -4)
            pygame.draw.rect(surface, theme.TEXT, box, 2, border_radius=8)
        if self.waiting_for_first_tip:
            self._draw_banner(surface, f"{self._name(self.state.to_move)}: tip an hourglass to "
                              "start the clocks")
        self._draw_column(surface)

    def closeup_index(self) -> int | None:
        """The glass the close-up shows: the selected one, else the one under the keyboard
        cursor, else the running glass that runs out first of the human player (hot-seat: of
        the side to move)."""
        s = self.state
        for cell in (self.selected, self.cursor):
            for i, g in enumerate(s.glasses):
                if cell is not None and g.cell == cell:
                    return i
        alive = [i for i, g in enumerate(s.glasses) if g.status == R.ALIVE]
        if not alive:
            return None
        humans = [k for k, p in enumerate(self.match.players) if p.kind == "human"]
        side = humans[0] if len(humans) == 1 else s.to_move  # against the computer: yours
        mine = [i for i in alive if s.glasses[i].owner == side] or alive
        return min(mine, key=lambda i: s.glasses[i].until)

    def _draw_closeup(self, surface: pygame.Surface) -> None:
        """One hourglass drawn large beside the board, where its stream and heaps show."""
        card = self.closeup_rect
        theme.panel(surface, card, theme.PANEL, 12)
        gi = self.closeup_index()
        if gi is None or self.paused:
            theme.blit_text(surface, "the hourglass you pick shows here, large", card.center, 14,
                            theme.LINE, anchor="center")
            return
        s = self.state
        g = s.glasses[gi]
        upper, lower = sand_of(g, s.now, self.akh.life)
        h = card.height - 16
        flowing = g.status != R.READY and not s.over and gi not in self.flights
        clip = surface.get_clip()
        surface.set_clip(card.inflate(-4, -4))
        draw_glass(surface, (card.x + 60, card.centery), h, g.owner, g.up, upper, lower, flowing,
                   self.t * 0.9 + gi * 0.17)
        surface.set_clip(clip)
        x = card.x + 120
        theme.blit_text(surface, f"{R.cell_name(g.cell)} · {self._name(g.owner)}",
                        (x, card.y + 14), 20, POLE[g.owner], True)
        if g.status == R.READY:
            big, what = "ready", "may be tipped in"
        elif g.status == R.WAITING:
            big, what = short_time((g.until - s.now) / 1000), "until it may come back"
        else:
            big, what = short_time((g.until - s.now) / 1000), "of sand left"
        urgent = g.status == R.ALIVE and (g.until - s.now) / 1000 < WARN_SECONDS
        theme.blit_text(surface, big, (x, card.y + 48), 36, WARN if urgent else theme.TEXT, True)
        theme.blit_text(surface, what, (x, card.y + 94), 16, theme.TEXT_DIM)
        pole = "own colour up" if g.up else "black up"
        theme.blit_text(surface, pole, (x, card.y + 118), 16, theme.TEXT_DIM)

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        self._draw_closeup(surface)

    def _draw_glasses(self, surface: pygame.Surface, geo: BoardGeom) -> None:
        s = self.state
        life = self.akh.life
        h = GLASS_H
        running = self.clock_running
        beat = (1.0 - (s.now % 1000) / 1000.0) ** 3 if running else 0.0
        order = sorted(range(len(s.glasses)), key=lambda i: geo.centre(s.glasses[i].cell)[1])
        for gi in order:
            if gi in self.flights:
                continue
            g = s.glasses[gi]
            cx, cy = geo.centre(g.cell)
            upper, lower = sand_of(g, s.now, life)
            bl = self.blends.get(gi)
            if bl is not None:
                e = bl.tween.value
                upper, lower = lerp(bl.upper, upper, e), lerp(bl.lower, lower, e)
            left = (g.until - s.now) / 1000 if g.status != R.READY else 0.0
            urgent = g.status == R.ALIVE and left < WARN_SECONDS and not s.over
            size = h
            if s.over and s.winner == g.owner and g.cell in s.line:
                glow = halo(h, POLE[g.owner])
                glow.set_alpha(int(150 + 100 * self.pulse()))
                surface.blit(glow, glow.get_rect(center=(round(cx), round(cy))))
            if urgent:
                glow = halo(h, WARN)
                glow.set_alpha(int(90 + 150 * beat))
                surface.blit(glow, glow.get_rect(center=(round(cx), round(cy))))
                size = h + round(3 * beat)
            sh = glass_shadow(h)
            surface.blit(sh, sh.get_rect(center=(round(cx), round(cy + h * 0.46))))
            flowing = g.status != R.READY and not s.over
            draw_glass(surface, (cx, cy), size, g.owner, g.up, upper, lower, flowing,
                       self.t * 0.9 + gi * 0.17)
            if g.status != R.READY and not s.over:
                colour = WARN if urgent else (theme.TEXT_DIM if g.status == R.WAITING else (226, 214, 190))
                label = short_time(left) if g.status == R.ALIVE else f"wait {short_time(left)}"
                img = theme.text(label, 13, colour, urgent)
                box = img.get_rect(midtop=(round(cx), round(cy + h / 2 + 2)))
                pygame.draw.rect(surface, (14, 12, 12), box.inflate(8, 0), border_radius=7)
                surface.blit(img, box)
        for gi, queue in self.flights.items():
            self._draw_flight(surface, geo, s.glasses[gi].owner, queue[0])

    def _draw_flight(self, surface: pygame.Surface, geo: BoardGeom, owner: int, fl: Flight) -> None:
        t, e = fl.progress
        (sx, sy), (dx, dy) = geo.centre(fl.src), geo.centre(fl.dst)
        h = GLASS_H
        if fl.kind == "tip":
            x, y = lerp(sx, dx, e), lerp(sy, dy, e) - math.sin(math.pi * t) * geo.cell * 0.45
            if fl.src == fl.dst:
                y = sy - math.sin(math.pi * t) * geo.cell * 0.6
            draw_glass_turned(surface, (x, y), h, owner, fl.colour_up, fl.upper, fl.lower, fl.spin * e,
                              lift=0.18 * math.sin(math.pi * t))
        elif fl.kind == "crack":
            wobble = math.sin(t * math.pi * 8) * (1 - t) * 4
            draw_glass_turned(surface, (sx + wobble, sy), h, owner, fl.colour_up, fl.upper,
                              fl.lower, wobble * 2, int(255 - 90 * t), int(255 * min(1.0, t * 3)))
        else:
            x, y = lerp(sx, dx, e), lerp(sy, dy, e) - math.sin(math.pi * t) * geo.cell * 0.5
            draw_glass_turned(surface, (x, y), h, owner, fl.colour_up, fl.upper, fl.lower,
                              fl.spin * e, int(165 + 90 * t), int(255 * (1 - t)),
                              lift=0.25 * math.sin(math.pi * t))

    def _draw_turn_edge(self, surface: pygame.Surface, geo: BoardGeom) -> None:
        """A bar along the edge of the side to move, draining with its turn clock."""
        s = self.state
        if self.match.outcome is not None:
            return
        p = s.to_move
        bottom = (p == 0) != geo.flipped
        y = PLATE.bottom + 3 if bottom else PLATE.y - 9
        left = self.akh.turn_clock_left(s)
        frac = 1.0 if left is None or self.waiting_for_first_tip else left / (self.akh.clock / 1000)
        full = PLATE.width - 40
        w = max(0, round(full * frac))
        colour = POLE[p] if frac > 0.25 or left is None else theme.mix(POLE[p], WARN, self.pulse())
        pygame.draw.rect(surface, theme.shade(POLE[p], 0.3), (PLATE.x + 20, y, full, 6), border_radius=3)
        if w:
            pygame.draw.rect(surface, colour, (PLATE.centerx - w // 2, y, w, 6), border_radius=3)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        img = theme.text(text, 20, theme.TEXT, True)
        r = img.get_rect(center=(PLATE.centerx, PLATE.centery + CELL * 1.5 + 36))
        theme.panel(surface, r.inflate(32, 16), theme.BG_DEEP, 10, theme.ACCENT)
        surface.blit(img, r)

    def _draw_column(self, surface: pygame.Surface) -> None:
        """Beside the board: whose turn and its clock, the game clock, events, the pole key."""
        card = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.width, 200)
        self._draw_turn_card(surface, card)
        gcard = pygame.Rect(COLUMN.x, card.bottom + 12, COLUMN.width, 92)
        self._draw_game_clock(surface, gcard)
        news = pygame.Rect(COLUMN.x, gcard.bottom + 12, COLUMN.width, 34 + 46 * FEED_ROWS)
        self._draw_news(surface, news)
        key = pygame.Rect(COLUMN.x, news.bottom + 12, COLUMN.width, COLUMN.bottom - news.bottom - 12)
        self._draw_key(surface, key)

    def _draw_turn_card(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        s = self.state
        m = self.match
        if m.outcome is not None:
            p = m.outcome.winner
            colour = POLE[p] if p is not None else theme.TEXT
            theme.panel(surface, card, theme.PANEL, 12, colour)
            head = "Draw" if p is None else f"{self._name(p)} wins"
            size = next((k for k in (22, 18, 15) if theme.font(k, True).size(head)[0] <= card.width - 16),
                        15)
            theme.blit_text(surface, head, (card.centerx, card.y + 16), size, colour, True, "midtop")
            if p is not None:
                blit_icon(surface, (card.centerx, card.y + 96), 64, p, True, 0.0, 1.0)
            theme.blit_text(surface, f"at {mmss(s.now / 1000)}", (card.centerx, card.bottom - 32), 16,
                            theme.TEXT_DIM, anchor="midtop")
            return
        p = s.to_move
        colour = POLE[p]
        theme.panel(surface, card, theme.PANEL_LIGHT, 12, colour)
        theme.blit_text(surface, "TURN", (card.centerx, card.y + 10), 14, theme.TEXT_DIM, True, "midtop")
        blit_icon(surface, (card.x + 32, card.y + 62), 48, p)
        name = self._name(p)
        size = next((k for k in (22, 18, 15) if theme.font(k, True).size(name)[0] <= card.width - 70), 15)
        theme.blit_text(surface, name, (card.x + 62, card.y + 56), size, colour, True, "midleft")
        theme.blit_text(surface, "thinking" if m.current_spec.is_computer else "to tip",
                        (card.x + 62, card.y + 72), 16, theme.TEXT_DIM)
        left = self.akh.turn_clock_left(s)
        if left is None:
            theme.blit_text(surface, "no turn clock", (card.centerx, card.y + 130), 16,
                            theme.TEXT_DIM, anchor="midtop")
            return
        full = self.akh.clock / 1000
        shown = full if self.waiting_for_first_tip else left
        low = shown < 5
        theme.blit_text(surface, f"{shown:.1f} s", (card.centerx, card.y + 104), 30,
                        WARN if low else theme.TEXT, True, "midtop")
        bar = pygame.Rect(card.x + 14, card.y + 156, card.width - 28, 18)
        pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=9)
        fill = bar.copy()
        fill.width = round(bar.width * shown / full)
        if fill.width > 0:
            c = theme.mix(colour, WARN, self.pulse()) if low else colour
            pygame.draw.rect(surface, c, fill, border_radius=9)
        pygame.draw.rect(surface, theme.LINE, bar, 1, border_radius=9)
        for k in range(1, math.ceil(full / 5)):  # a notch every 5 seconds
            tx = bar.x + bar.width * k * 5 / full
            pygame.draw.line(surface, theme.BG_DEEP, (tx, bar.y + 3), (tx, bar.bottom - 4), 1)

    def _draw_game_clock(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        s = self.state
        theme.panel(surface, card, theme.PANEL, 12)
        theme.blit_text(surface, "GAME TIME", (card.centerx, card.y + 8), 14, theme.TEXT_DIM, True,
                        "midtop")
        theme.blit_text(surface, mmss(s.now / 1000), (card.centerx, card.y + 26), 24, theme.TEXT,
                        True, "midtop")
        limit = self.akh.limit
        if not limit:
            theme.blit_text(surface, "no time limit", (card.centerx, card.y + 64), 14,
                            theme.TEXT_DIM, anchor="midtop")
            return
        bar = pygame.Rect(card.x + 14, card.y + 60, card.width - 28, 8)
        pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=4)
        done = bar.copy()
        done.width = round(bar.width * min(1.0, s.now / limit))
        if done.width:
            pygame.draw.rect(surface, theme.TEXT_DIM, done, border_radius=4)
        theme.blit_text(surface, f"draw at {mmss(limit / 1000)}", (card.centerx, card.y + 71), 14,
                        theme.TEXT_DIM, anchor="midtop")

    def _draw_news(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        theme.panel(surface, card, theme.PANEL, 12)
        theme.blit_text(surface, "EVENTS", (card.centerx, card.y + 8), 14, theme.TEXT_DIM, True,
                        "midtop")
        if not self.feed:
            for i, line in enumerate(("sand running out,", "lost turns and", "re-entries show here")):
                theme.blit_text(surface, line, (card.centerx, card.y + 44 + 18 * i), 13, theme.LINE,
                                anchor="midtop")
            return
        y = card.y + 32
        for item in reversed(self.feed):
            row = pygame.Rect(card.x + 6, y, card.width - 12, 42)
            fresh = max(0.0, 1.0 - (self.t - item.born) / 1.5)
            if fresh > 0:
                pygame.draw.rect(surface, theme.mix(theme.PANEL, POLE[item.player], 0.45 * fresh), row,
                                 border_radius=8)
            blit_icon(surface, (row.x + 12, row.centery), 28, item.player, True, 0.4, 0.6)
            theme.blit_text(surface, item.head, (row.x + 28, row.y + 3), 13, theme.TEXT, True)
            theme.blit_text(surface, item.detail, (row.x + 28, row.y + 22), 12, theme.TEXT_DIM)
            theme.blit_text(surface, item.when, (row.right - 6, row.y + 22), 12, theme.TEXT_DIM,
                            anchor="topright")
            y += 46

    def _draw_key(self, surface: pygame.Surface, key: pygame.Rect) -> None:
        theme.panel(surface, key, theme.PANEL, 12)
        theme.blit_text(surface, "POLE UP", (key.centerx, key.y + 8), 14, theme.TEXT_DIM, True,
                        "midtop")
        half = key.width // 2
        for k, (up, label) in enumerate(((True, "own colour"), (False, "black"))):
            cx = key.x + half * k + half / 2
            gy = key.y + 54
            for owner in (0, 1):
                blit_icon(surface, (cx - 14 + owner * 28, gy), 40, owner, up, 0.6, 0.4)
            theme.blit_text(surface, label, (cx, gy + 26), 13, theme.TEXT, anchor="midtop")

    def _draw_pause(self, surface: pygame.Surface) -> None:
        """The board hidden: pausing stops the clocks but must not give time to think."""
        panel = PLATE.inflate(0, 0)
        theme.panel(surface, panel, theme.BG_DEEP, 16, theme.ACCENT)
        cx, cy = panel.centerx, panel.centery
        blit_icon(surface, (cx, cy - 130), 120, self.state.to_move)
        theme.blit_text(surface, "Paused", (cx, cy - 50), 44, theme.ACCENT, True, "midtop")
        theme.blit_text(surface, "Every clock is stopped and the board is hidden.", (cx, cy + 12),
                        18, theme.TEXT, anchor="midtop")
        theme.blit_text(surface, "Space: resume  ·  Esc: leave the match", (cx, cy + 44), 18,
                        theme.TEXT_DIM, anchor="midtop")

    # -- pictures --------------------------------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        rules = cast(AkhimoraecRules, entry.make_rules())
        state = rules.parse_position(position)
        r = pygame.Rect(rect)
        cell = int(min(r.width, r.height) / 9.6)
        margin = max(4, int((min(r.width, r.height) - 9 * cell) / 2))
        geo = BoardGeom(r.centerx - (9 * cell + 2 * margin) / 2, r.centery - (9 * cell + 2 * margin) / 2,
                        cell, margin)
        draw_static(surface, geo, rules, state, coords=cell >= 30)

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu card: the middle of the board in mid-game, glasses around the orange square."""
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        entry = cls.registry_entry()
        rules = cast(AkhimoraecRules, entry.make_rules())
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


#: The menu card's position: a race for the orange square a minute into the game.
THUMB_POSITION = ("t=64 turn=red@60 | gold: b1>d4 colour 200/180, e1>e5 colour 150/180, "
                  "h1>g5 black 230/180 | red: b9>c6 black 180/180, e9>e6 colour 210/180, "
                  "h9>f4 black 92/180")
