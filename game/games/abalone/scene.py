"""The Abalone screen: a wooden hexagon, glossy marbles, selection with direction arrows and push
previews, marbles rolling to their cells, ejected marbles falling into the groove, then their trays.

Everything the screen says about the game comes from the rules: which marbles form a group
(`check_selection`), which directions are legal and what each would push or eject (`previews`),
why a move is refused (`check`, through `submit`). The screen lays it out, animates it and hands
ejected marbles to physics.py (pymunk), which only shows them leaving.

Drawing is cheap per frame: the board (wood, bevels, groove, 61 dimples, coordinates) and the
trays are painted once per orientation; the marbles at rest are drawn onto a copy of that only
when the position changes, so a quiet frame is one blit plus the marks. Marble sprites come
from a small per-pixel shader, run once per colour and scaled once per size.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, cast

import pygame

from game import registry
from game.engine.match import Match
from game.engine.protocol import BadPosition
from game.games.abalone import board as B
from game.games.abalone.physics import BoardOutline, EjectionPhysics, Gutter, MarbleView, Tray
from game.games.abalone.rules import AbaloneRules, AbaloneState, Move, MovePreview
from game.games.abalone.starts import cell_name
from game.scenes.match_base import BOARD_AREA, SIDE, STATUS, MatchScene, open_match
from game.ui import marks, theme
from game.ui.layout import HexGrid
from game.ui.tween import Tween, ease_in_out, lerp2
from game.ui.widgets import button, draw_status

if TYPE_CHECKING:
    from game.app import App

Colour = tuple[int, int, int]
Point = tuple[float, float]
SQ3 = math.sqrt(3)

# -- proportions, in cell spacings ---------------------------------------------------------------
MARBLE = 0.43           # marble radius
DIMPLE = 0.40           # hole (dimple) radius
FIELD_AP = 4.01         # apothem of the playing field (the lighter inner hexagon)
GROOVE_AP = 4.69        # apothem of the groove's outer wall (the groove starts at the field)
OUTER_AP = 5.13         # apothem of the frame's outer edge (the lip beyond the groove)
FIELD_R = FIELD_AP * 2 / SQ3
OUTER_R = OUTER_AP * 2 / SQ3
COMPACT_R = (FIELD_AP + 0.62) * 2 / SQ3   # the frame of diagrams: no groove, a plain rim
LOW_MARBLE = 0.28       # radius of a marble down in the groove or a tray: lower, so smaller

CELL = 50               # cell spacing on the match screen
CENTRE = (BOARD_AREA.centerx, BOARD_AREA.y + 334)
MOVE_TIME = 0.3         # seconds a move's marbles take to roll one cell

# Marble kinds: body colour, mark, mark colour, glow (light passing through).
KINDS: dict[str, tuple[Colour, str, Colour, float]] = {
    "black": ((34, 36, 46), "dot", (158, 160, 172), 0.0),
    "white": ((234, 230, 218), "ring", (86, 86, 98), 0.22),
    "pivot": ((0, 150, 110), "cross", (226, 242, 234), 0.3),
    "plain": ((120, 124, 140), "", (0, 0, 0), 0.12),
}
COLOUR_NAMES = ("Black", "White")

# Direction keys, by screen direction (0 = right, then counter-clockwise like board.DIR_NAMES).
DIRECTION_KEYS: dict[int, int] = {
    pygame.K_d: 0, pygame.K_e: 1, pygame.K_q: 2, pygame.K_a: 3, pygame.K_z: 4, pygame.K_c: 5,
    pygame.K_KP6: 0, pygame.K_KP9: 1, pygame.K_KP7: 2, pygame.K_KP4: 3, pygame.K_KP1: 4,
    pygame.K_KP3: 5,
}
LEGEND = ("Click or drag along a line to pick 1–3 marbles, then click an arrow or a hole.",
          "Move with Q E A D Z C or numpad 7 9 4 6 1 3 · arrows + Space pick · right-click clears")


def marble_kind(colour: int, one_colour: bool) -> str:
    """Sprite kind of a marble of `colour` (0, 1, or 2 for the neutral marble)."""
    if colour == 2:
        return "pivot"
    if one_colour:
        return "plain"
    return ("black", "white")[colour]


# -- geometry -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class HexLayout:
    """Cell ↔ pixel for the 61-cell board: centre, cell spacing `s`, half-turn when flipped.

    Row A is at the bottom unless flipped; a cell's centre follows the reference's formula
    x = s*(d - r/2), y = -s*(√3/2)*r, taken relative to E5.
    """

    cx: float
    cy: float
    s: float
    flipped: bool = False

    @property
    def grid(self) -> HexGrid:
        """The shared hex layout: the board's row r and diagonal d are axial (d - 5, 5 - r),
        with E5 at the centre; cells are `s` apart, so the hex size is s / √3."""
        return HexGrid(self.cx, self.cy, self.s / SQ3, self.flipped)

    def point(self, r: float, d: float) -> Point:
        return self.grid.to_pixel(d - 5, 5 - r)

    def pixel(self, cell: int) -> Point:
        r, d = B.row_number(cell)
        return self.point(r, d)

    def unit(self, direction: int) -> Point:
        """Screen unit vector of a board direction (index into board.DIR_VECTORS)."""
        dr, dd = B.DIR_VECTORS[direction]
        x, y = dd - dr / 2, -SQ3 / 2 * dr
        return (-x, -y) if self.flipped else (x, y)

    def board_direction(self, screen_direction: int) -> int:
        """The board direction that points along a screen direction (0 = right, then CCW)."""
        return (screen_direction + 3) % 6 if self.flipped else screen_direction

    def cell_at(self, pos: Point) -> int | None:
        """The cell whose hole contains `pos` (within half a spacing of its centre)."""
        q, ar = self.grid.from_pixel(*pos)
        r, d = 5 - ar, q + 5
        if not B.on_board(r, d):
            return None
        px, py = self.point(r, d)
        if (px - pos[0]) ** 2 + (py - pos[1]) ** 2 >= (self.s * 0.5) ** 2:
            return None
        return B.index(r, d)


def hexagon(cx: float, cy: float, radius: float) -> list[Point]:
    """Corners of a hexagon with corners left and right (the board's shape)."""
    return [(cx + radius * math.cos(math.pi / 3 * k), cy + radius * math.sin(math.pi / 3 * k))
            for k in range(6)]


# -- sprites ----------------------------------------------------------------------------------------
def _disc_pixels(radius: int, size: int) -> Iterator[tuple[int, int, float, float, float, float]]:
    """Every pixel of a `size`-square canvas that a disc of `radius` covers, centred: its
    position, its offset from the centre in radii (dx, dy, d) and its anti-aliased coverage."""
    c = size / 2
    for py in range(size):
        for px in range(size):
            dx = (px + 0.5 - c) / radius
            dy = (py + 0.5 - c) / radius
            d = math.sqrt(dx * dx + dy * dy)
            cover = radius * (1 - d) + 0.5
            if cover > 0:
                yield px, py, dx, dy, d, min(1.0, cover)


def _shade_sphere(radius: int, base: Colour, mark: str, mark_colour: Colour,
                  glow: float) -> pygame.Surface:
    """A glossy marble by a tiny per-pixel shader: diffuse light from the upper left, a sharp and
    a broad specular highlight, sky and warm wood reflected at grazing angles, light passing
    through on the far side (glow), and the colour-blind mark painted under the gloss."""
    size = 2 * radius + 2
    lx, ly, lz = -0.48, -0.62, 0.62
    n = math.sqrt(lx * lx + ly * ly + lz * lz)
    lx, ly, lz = lx / n, ly / n, lz / n
    hx, hy, hz = lx, ly, lz + 1
    n = math.sqrt(hx * hx + hy * hy + hz * hz)
    hx, hy, hz = hx / n, hy / n, hz / n
    sky, ground = (200, 214, 236), (128, 88, 52)
    data = bytearray(size * size * 4)
    for px, py, dx, dy, d, cover in _disc_pixels(radius, size):
        if d > 1:
            dx, dy, d = dx / d, dy / d, 1.0
        nz = math.sqrt(max(0.0, 1 - d * d))
        diffuse = max(0.0, dx * lx + dy * ly + nz * lz)
        ndh = max(0.0, dx * hx + dy * hy + nz * hz)
        spec = ndh ** 90 * 1.1 + ndh ** 12 * 0.16
        fres = (1 - nz) ** 2.2
        cr, cg, cb = float(base[0]), float(base[1]), float(base[2])
        if mark:
            dd = d * radius
            if mark == "dot":
                m = radius * 0.19 - dd + 0.5
            elif mark == "ring":
                m = radius * 0.07 - abs(dd - radius * 0.44) + 0.5
            else:  # cross
                a = abs(dx - dy) / 1.414 * radius
                b = abs(dx + dy) / 1.414 * radius
                m = radius * 0.09 - min(a, b) + 0.5 if dd < radius * 0.5 else 0.0
            m = max(0.0, min(1.0, m))
            if m > 0:
                cr += (mark_colour[0] - cr) * m
                cg += (mark_colour[1] - cg) * m
                cb += (mark_colour[2] - cb) * m
        light = 0.28 + 0.9 * diffuse + glow * max(0.0, -(dx * lx + dy * ly)) ** 1.5 * nz
        t = max(0.0, min(1.0, 0.5 + dy * 0.8))
        k = 0.45 * fres
        out = (cr * light * (1 - k) + (sky[0] + (ground[0] - sky[0]) * t) * k + 255 * spec,
               cg * light * (1 - k) + (sky[1] + (ground[1] - sky[1]) * t) * k + 255 * spec,
               cb * light * (1 - k) + (sky[2] + (ground[2] - sky[2]) * t) * k + 255 * spec)
        i = (py * size + px) * 4
        data[i] = min(255, int(out[0]))
        data[i + 1] = min(255, int(out[1]))
        data[i + 2] = min(255, int(out[2]))
        data[i + 3] = int(255 * cover)
    return pygame.image.frombytes(bytes(data), (size, size), "RGBA")


MASTER = 40  # radius of the master sprites; other sizes are scaled down from them


@cache
def marble_sprite(kind: str, radius: int) -> pygame.Surface:
    """A marble of `kind` with radius `radius` (sprite size 2*radius + 2), drawn once."""
    base, mark, mark_colour, glow = KINDS[kind]
    if radius <= 16 or radius >= MASTER:  # small ones are cheap to shade directly, and crisper
        return _shade_sphere(radius, base, mark, mark_colour, glow)
    size = 2 * radius + 2
    return pygame.transform.smoothscale(marble_sprite(kind, MASTER), (size, size))


@cache
def ghost_sprite(kind: str, radius: int) -> pygame.Surface:
    """A see-through marble: where a marble would go."""
    img = marble_sprite(kind, radius).copy()
    img.set_alpha(120)
    return img


@cache
def faded_sprite(kind: str, radius: int, alpha: int) -> pygame.Surface:
    img = marble_sprite(kind, radius).copy()
    img.set_alpha(alpha)
    return img


@cache
def shadow_sprite(radius: int) -> pygame.Surface:
    """The soft shadow a marble casts on the wood (light from the upper left)."""
    pad = max(3, radius // 2)
    size = 2 * (radius + pad)
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(img, (20, 10, 0, 120), (size / 2, size / 2), radius * 0.95)
    return pygame.transform.gaussian_blur(img, max(1, radius // 5))


@cache
def faint_shadow(radius: int, level: int) -> pygame.Surface:
    """A shadow cast from higher up: fainter (level 0..8, 8 = faintest)."""
    img = shadow_sprite(radius).copy()
    img.set_alpha(255 - level * 24)
    return img


def blit_marble(surface: pygame.Surface, kind: str, centre: Point, radius: float,
                alpha: float = 1.0, height: float = 0.0) -> None:
    """A marble with its shadow; `height` (0..1) lifts it into the air: the shadow falls
    farther away, smaller and fainter."""
    ri = max(2, round(radius))
    off = radius * 0.12 + height * 34
    if alpha >= 0.99:
        if height > 0.02:
            sh = faint_shadow(max(2, round(ri * (1 - 0.3 * height))), round(height * 8))
        else:
            sh = shadow_sprite(ri)
        surface.blit(sh, sh.get_rect(center=(round(centre[0] + off), round(centre[1] + off * 1.4))))
        img = marble_sprite(kind, ri)
    else:
        img = faded_sprite(kind, ri, min(255, int(alpha * 16) * 16))  # 16 levels are plenty
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def _shade_dimple(radius: int, wood: Colour) -> pygame.Surface:
    """A concave hole in the wood: dark where its wall faces away from the light, a lit lower
    right wall, and a soft lip."""
    size = 2 * radius + 2
    data = bytearray(size * size * 4)
    for px, py, dx, dy, d, cover in _disc_pixels(radius, size):
        d = min(d, 1.0)
        # the cup's wall slopes toward the centre: lit where it faces the upper-left light
        facing = (dx * 0.6 + dy * 0.75) * d
        light = 0.62 + 0.42 * facing - 0.18 * (1 - d * d)
        if d > 0.86:  # the lip, catching the light on its upper-left side
            light += (-(dx * 0.6 + dy * 0.75)) * 0.35 * (d - 0.86) / 0.14
        i = (py * size + px) * 4
        data[i] = max(0, min(255, int(wood[0] * light)))
        data[i + 1] = max(0, min(255, int(wood[1] * light)))
        data[i + 2] = max(0, min(255, int(wood[2] * light)))
        data[i + 3] = int(255 * cover)
    return pygame.image.frombytes(bytes(data), (size, size), "RGBA")


@cache
def dimple_sprite(radius: int) -> pygame.Surface:
    if radius <= 16 or radius >= MASTER:
        return _shade_dimple(radius, FIELD_WOOD[1])
    size = 2 * radius + 2
    return pygame.transform.smoothscale(dimple_sprite(MASTER), (size, size))


# -- the wooden board --------------------------------------------------------------------------------
FRAME_WOOD = ((156, 100, 58), (132, 84, 46), (118, 74, 40), (86, 52, 28))
FIELD_WOOD = ((226, 186, 134), (206, 162, 110), (198, 154, 104), (170, 124, 78))
GROOVE_WOOD = ((128, 84, 48), (114, 74, 42), (104, 66, 36), (84, 52, 28))


def _field_rim(surface: pygame.Surface, pts: Sequence[Point], s: float) -> None:
    """The field's raised edge above the groove: a thin lit rim and a dark drop into it."""
    pygame.draw.lines(surface, (70, 42, 20), True, pts, max(2, int(s * 0.06)))
    pygame.draw.aalines(surface, (232, 196, 146), True, pts)


def _gradient(size: tuple[int, int], corners: Sequence[Colour]) -> pygame.Surface:
    """A smooth four-corner gradient (top-left, top-right, bottom-left, bottom-right)."""
    tiny = pygame.Surface((2, 2), pygame.SRCALPHA)
    tl, tr, bl, br = corners
    tiny.set_at((0, 0), (*tl, 255))
    tiny.set_at((1, 0), (*tr, 255))
    tiny.set_at((0, 1), (*bl, 255))
    tiny.set_at((1, 1), (*br, 255))
    big = pygame.transform.smoothscale(tiny, (4, 4))
    return pygame.transform.smoothscale(big, size)


def _grain(surface: pygame.Surface, rect: pygame.Rect, seed: int, colour: Colour,
           spacing: float) -> None:
    """Wood grain: long wavy streaks, some darker, some lighter, drawn with alpha."""
    rng = random.Random(seed)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    y = rect.top - spacing
    while y < rect.bottom + spacing:
        amp = rng.uniform(1.0, 4.0) * spacing / 6
        freq = rng.uniform(0.6, 1.8) / max(1, rect.width) * 2 * math.pi
        phase = rng.uniform(0, 6.3)
        dark = rng.random() < 0.7
        tone = theme.shade(colour, 0.78) if dark else theme.shade(colour, 1.18)
        alpha = rng.randint(26, 70)
        pts = [(x, y + amp * math.sin(x * freq + phase) + amp * 0.4 * math.sin(x * freq * 3.1))
               for x in range(rect.left, rect.right + 12, 12)]
        if len(pts) > 1:
            pygame.draw.lines(layer, (*tone, alpha), False, pts, 1 if rng.random() < 0.8 else 2)
        y += spacing * rng.uniform(0.35, 1.1)
    surface.blit(layer, (0, 0))


def _masked(fill: pygame.Surface, polygon: Sequence[Point]) -> pygame.Surface:
    """`fill` cut to a polygon (anti-aliased outline)."""
    mask = pygame.Surface(fill.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), polygon)
    pygame.draw.aalines(mask, (255, 255, 255, 255), True, polygon)
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _bevel(surface: pygame.Surface, polygon: Sequence[Point], width: float, raised: bool) -> None:
    """Light and shade along a hexagon's edges: a raised edge is lit on its upper-left sides,
    a recessed one (the field inside the frame) is shaded there."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    steps = max(2, int(width))
    for i in range(len(polygon)):
        a, b = polygon[i], polygon[(i + 1) % len(polygon)]
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        nl = math.hypot(mx, my) or 1
        facing = (-(mx / nl) * 0.6 - (my / nl) * 0.8)  # 1: edge faces the upper-left light
        if not raised:
            facing = -facing
        colour = (255, 236, 200) if facing > 0 else (30, 16, 6)
        strength = abs(facing)
        for k in range(steps):
            t = k / steps
            inset = t * width
            f = inset / (nl or 1)
            pa = (a[0] + (cx - a[0]) * f, a[1] + (cy - a[1]) * f)
            pb = (b[0] + (cx - b[0]) * f, b[1] + (cy - b[1]) * f)
            alpha = int(150 * strength * (1 - t) ** 1.5)
            if alpha > 2:
                pygame.draw.line(layer, (*colour, alpha), pa, pb, 2)
    surface.blit(layer, (0, 0))


def _engrave(surface: pygame.Surface, text: str, centre: Point, size: int) -> None:
    """A label cut into the frame: dark letters with a light lower edge."""
    light = theme.text(text, size, (196, 150, 100), True)
    dark = theme.text(text, size, (58, 34, 16), True)
    surface.blit(light, light.get_rect(center=(round(centre[0]) + 1, round(centre[1]) + 1)))
    surface.blit(dark, dark.get_rect(center=(round(centre[0]), round(centre[1]))))


def _hole_mark(surface: pygame.Surface, centre: Point, s: float) -> None:
    """A trapdoor hole: a dark pit with a brass rim; a marble pushed in is ejected."""
    r = s * 0.46
    pygame.draw.circle(surface, (150, 112, 48), centre, r + max(2, s * 0.06))
    pygame.draw.circle(surface, (222, 186, 104), (centre[0] - 1, centre[1] - 1), r + 1,
                       max(1, int(s * 0.03)))
    steps = max(4, int(r / 2))
    for k in range(steps):
        t = k / steps
        col = theme.mix((46, 32, 20), (4, 2, 0), t)
        pygame.draw.circle(surface, col, (centre[0] + t * r * 0.18, centre[1] + t * r * 0.22),
                           r * (1 - t * 0.75))


def _obstacle_mark(surface: pygame.Surface, centre: Point, s: float) -> None:
    """A dead cell: a raised slate block with a carved cross; nothing may enter it."""
    r = s * 0.47
    pts = hexagon(centre[0] + s * 0.05, centre[1] + s * 0.07, r)
    pygame.draw.polygon(surface, (30, 24, 20), pts)
    pts = hexagon(centre[0], centre[1], r)
    pygame.draw.polygon(surface, (92, 98, 104), pts)
    inner = hexagon(centre[0], centre[1], r * 0.78)
    pygame.draw.polygon(surface, (112, 118, 124), inner)
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        facing = -math.cos(math.pi / 3 * (i + 0.5)) * 0.6 - math.sin(math.pi / 3 * (i + 0.5)) * 0.8
        col = (170, 176, 182) if facing > 0 else (52, 56, 60)
        pygame.draw.line(surface, col, a, b, max(1, int(s * 0.05)))
    k = r * 0.36
    w = max(2, int(s * 0.07))
    for sx in (-1, 1):
        pygame.draw.line(surface, (60, 64, 70), (centre[0] - k, centre[1] - k * sx),
                         (centre[0] + k, centre[1] + k * sx), w)


def _paint_groove(img: pygame.Surface, rect: pygame.Rect, outline: Sequence[Point],
                  s: float) -> None:
    """The groove round the field, and the notches at the left and right corners through
    which ejected marbles leave for the trays."""
    w, h = img.get_size()
    cx, cy = w / 2, h / 2
    outer = OUTER_R * s
    groove_pts = hexagon(cx, cy, GROOVE_AP * 2 / SQ3 * s)
    groove = _gradient((w, h), GROOVE_WOOD)
    _grain(groove, rect, 5, GROOVE_WOOD[1], max(3.0, s * 0.08))
    half = (GROOVE_AP - FIELD_AP) * s / 2
    notches = []
    for sx in (-1, 1):
        inner = cx + sx * (GROOVE_AP * 2 / SQ3 * s - half)
        edge = cx + sx * (outer - half / SQ3)  # where the notch's sides meet the board's edge
        notches.append([(inner, cy - half), (edge, cy - half), (edge, cy + half), (inner, cy + half)])
    lay = pygame.Surface((w, h), pygame.SRCALPHA)
    lay.blit(_masked(groove, groove_pts), (0, 0))
    for notch in notches:
        pygame.draw.polygon(lay, (78, 48, 26, 255), notch)
    img.blit(_masked(lay, outline), (0, 0))
    for notch in notches:  # the notch's walls: shade on the upper one, light on the lower
        pygame.draw.line(img, (40, 22, 10), notch[0], notch[1], max(1, int(s * 0.05)))
        pygame.draw.line(img, (190, 144, 96), notch[3], notch[2], 1)
    _bevel(img, groove_pts, max(2.0, s * 0.12), raised=False)


@lru_cache(maxsize=8)
def board_image(s: int, flipped: bool, coords: bool, obstacles: frozenset[int],
                holes: frozenset[int], groove: bool = True) -> pygame.Surface:
    """The board drawn once: drop shadow, walnut frame with bevels, the groove round the field
    with its two corner notches (unless `groove` is False: the compact board of diagrams),
    recessed field of lighter wood, 61 dimples, obstacles and holes, and the A–I / 1–9
    coordinates engraved in the frame. The board's centre is the image's centre."""
    outer = (OUTER_R if groove else COMPACT_R) * s
    w = int(2 * outer + s * 0.9)
    h = int(SQ3 * outer + s * 0.9)
    cx, cy = w / 2, h / 2
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    # shadow under the board
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(shadow, (0, 0, 0, 150), hexagon(cx + s * 0.1, cy + s * 0.16, outer))
    img.blit(pygame.transform.gaussian_blur(shadow, max(2, int(s * 0.16))), (0, 0))
    rect = pygame.Rect(0, 0, w, h)
    # frame
    frame = _gradient((w, h), FRAME_WOOD)
    _grain(frame, rect, 7, FRAME_WOOD[1], max(3.0, s * 0.09))
    outline = hexagon(cx, cy, outer)
    img.blit(_masked(frame, outline), (0, 0))
    _bevel(img, outline, max(2.0, s * 0.07), raised=True)
    if groove:
        _paint_groove(img, rect, outline, s)
    # field
    field_pts = hexagon(cx, cy, FIELD_R * s)
    fill = _gradient((w, h), FIELD_WOOD)
    _grain(fill, rect, 11, FIELD_WOOD[1], max(3.0, s * 0.12))
    img.blit(_masked(fill, field_pts), (0, 0))
    _bevel(img, field_pts, max(2.0, s * 0.11), raised=False)
    _field_rim(img, field_pts, s)
    layout = HexLayout(cx, cy, s, flipped)
    dimple = dimple_sprite(max(3, round(DIMPLE * s)))
    for cell in B.CELLS:
        p = layout.pixel(cell)
        if cell in holes:
            _hole_mark(img, p, s)
        elif cell in obstacles:
            _obstacle_mark(img, p, s)
        else:
            img.blit(dimple, dimple.get_rect(center=(round(p[0]), round(p[1]))))
    if coords:
        size = max(10, int(s * 0.3))
        letters = "ABCDEFGHI"
        # on the lip beyond the groove: the next ring's cells, pushed out onto the lip
        k = ((GROOVE_AP + OUTER_AP) / 2 if groove else 5 * SQ3 / 2) / (5 * SQ3 / 2)

        def out(p: Point) -> Point:
            return (cx + (p[0] - cx) * k, cy + (p[1] - cy) * k)

        for r in range(1, 10):
            first = max(1, r - 4)
            # row E's label would sit in the left notch: slide it up the lip a little
            shift = 0.6 if r == 5 and groove else 0.0
            _engrave(img, letters[r - 1], out(layout.point(r + shift, first - 1 + shift)), size)
        for d in range(1, 10):
            low = max(1, d - 4)
            _engrave(img, str(d), out(layout.point(low - 1, d)), size)
    return img


def paint_tray(surface: pygame.Surface, tray: Tray) -> None:
    """A wooden tray drawn along the very segments that are its walls in the physics."""
    w = tray.wall
    inner = pygame.Rect(int(tray.x0 - w), int(tray.y0 - tray.hopper), int(tray.x1 - tray.x0 + 2 * w),
                        int(tray.y1 - tray.y0 + tray.hopper + 2 * w))
    # felt lining the inside (the hopper's opening included)
    top = tray.y0 - tray.hopper
    lining = [(tray.x0 - w - tray.flare, top), (tray.x1 + w + tray.flare, top),
              (tray.x1 + w, tray.y0), (tray.x1 + w, tray.y1 + w), (tray.x0 - w, tray.y1 + w),
              (tray.x0 - w, tray.y0)]
    felt = _gradient(inner.inflate(int(2 * tray.flare + 4), 4).size,
                     ((46, 92, 70), (38, 80, 60), (30, 66, 50), (22, 52, 40)))
    origin = (inner.x - tray.flare - 2, inner.y - 2)
    shifted = [(x - origin[0], y - origin[1]) for x, y in lining]
    surface.blit(_masked(felt, shifted), origin)
    # inner shadow under the left wall
    pygame.draw.line(surface, (14, 32, 24), (tray.x0 + 2, tray.y0), (tray.x0 + 2, tray.y1), 3)
    thick = int(2 * w + 4)
    for a, b in tray.segments():
        pygame.draw.line(surface, (70, 42, 22), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2), thick)
    for a, b in tray.segments():
        pygame.draw.line(surface, (150, 100, 58), a, b, thick)
        pygame.draw.circle(surface, (150, 100, 58), a, thick / 2)
        pygame.draw.circle(surface, (150, 100, 58), b, thick / 2)
    for a, b in tray.segments():
        pygame.draw.line(surface, (198, 148, 96), (a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1), 2)


# -- marks drawn over the board ------------------------------------------------------------------
# Marks scale with the board: `k` is the cell spacing divided by the match screen's.
def _outlined_arrow(surface: pygame.Surface, start: Point, end: Point, colour: Colour,
                    width: int) -> None:
    """An arrow (marks.arrow) with a dark outline, so it reads on light and dark wood alike."""
    ux, uy = end[0] - start[0], end[1] - start[1]
    n = math.hypot(ux, uy) or 1
    ux, uy = ux / n, uy / n
    marks.arrow(surface, (start[0] - ux * 2, start[1] - uy * 2), (end[0] + ux * 3, end[1] + uy * 3),
                (40, 24, 12), width + 4)
    marks.arrow(surface, start, end, colour, width)


def _second_head(surface: pygame.Surface, start: Point, end: Point, colour: Colour) -> None:
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


def _cross(surface: pygame.Surface, centre: Point, half: float, width: int) -> None:
    """A vermillion cross with a dark outline."""
    x, y = centre
    for sx in (-1, 1):
        pygame.draw.line(surface, (40, 20, 10), (x - half, y - half * sx), (x + half, y + half * sx),
                         width + 3)
    for sx in (-1, 1):
        pygame.draw.line(surface, theme.BAD, (x - half, y - half * sx), (x + half, y + half * sx),
                         width)


def _push_ring(surface: pygame.Surface, centre: Point, radius: float, k: float) -> None:
    """A pushed marble: a dashed vermillion ring (dashes, not just colour)."""
    pad = 4 * k
    box = (centre[0] - radius - pad, centre[1] - radius - pad, 2 * (radius + pad),
           2 * (radius + pad))
    for i in range(12):
        a0 = i * math.pi / 6
        pygame.draw.arc(surface, theme.BAD, box, a0, a0 + 0.32, max(2, round(3 * k)))


def _eject_mark(surface: pygame.Surface, centre: Point, radius: float, k: float) -> None:
    """The marble that will leave the game: a solid ring and a cross."""
    pygame.draw.circle(surface, theme.BAD, centre, radius + 4 * k, max(2, round(3 * k)))
    _cross(surface, centre, radius * 0.42, max(2, round(4 * k)))


def _strike(surface: pygame.Surface, start: Point, end: Point, k: float) -> None:
    """A refused direction: a grey arrow with a cross where it would go."""
    _outlined_arrow(surface, start, end, (186, 186, 186), max(3, round(5 * k)))
    _cross(surface, end, max(4.0, 9 * k), max(3, round(4 * k)))


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
            _outlined_arrow(surface, (p[0] + ux * s * 0.55, p[1] + uy * s * 0.55),
                            (p[0] + ux * s * 1.15, p[1] + uy * s * 1.15), theme.BAD,
                            max(2, round(4 * k)))
            _eject_mark(surface, p, radius, k)
        else:
            _push_ring(surface, p, radius, k)


def arrow_points(layout: HexLayout, cells: Sequence[int], direction: int,
                 reach: tuple[float, float] = (0.38, 1.02)) -> tuple[Point, Point]:
    """Where the arrow of `direction` stands around a selection: from just past its leading
    edge to about the next hole (`reach`, in cell spacings beyond the leading marble)."""
    pts = [layout.pixel(c) for c in cells]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    ux, uy = layout.unit(direction)
    ext = max((p[0] - cx) * ux + (p[1] - cy) * uy for p in pts)
    s = layout.s
    a = ext + s * reach[0]
    b = ext + s * reach[1]
    return (cx + ux * a, cy + uy * a), (cx + ux * b, cy + uy * b)


def draw_marbles(surface: pygame.Surface, layout: HexLayout, state: AbaloneState,
                 one_colour: bool, radius: float, skip: Iterable[int] = ()) -> None:
    """Every marble of `state` at rest in its hole (shadows first, so none falls on a marble)."""
    skipped = set(skip)
    placed: list[tuple[str, Point]] = []
    for colour, mask in ((0, state.black), (1, state.white), (2, state.pivot)):
        kind = marble_kind(colour, one_colour)
        for cell in B.bits(mask):
            if cell not in skipped:
                placed.append((kind, layout.pixel(cell)))
    ri = max(2, round(radius))
    sh = shadow_sprite(ri)
    off = radius * 0.12
    for _kind, p in placed:
        surface.blit(sh, sh.get_rect(center=(round(p[0] + off), round(p[1] + off * 1.4))))
    for kind, p in placed:
        img = marble_sprite(kind, ri)
        surface.blit(img, img.get_rect(center=(round(p[0]), round(p[1]))))


def kinds_of(state: AbaloneState, one_colour: bool) -> dict[int, str]:
    """Sprite kind of every occupied cell."""
    out: dict[int, str] = {}
    for colour, mask in ((0, state.black), (1, state.white), (2, state.pivot)):
        for cell in B.bits(mask):
            out[cell] = marble_kind(colour, one_colour)
    return out


# The rules screen's diagrams, annotated: per position text, the moves to show (cells, direction
# name). Legal ones are drawn as in play (ghosts, pushes); refused ones with a struck arrow.
DIAGRAM_MOVES: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    "5/6/3W3/4W3/9/2BBB3/7/6/5 b 0 0": ((("D3", "D4", "D5"), "E"),),
    "5/6/7/8/9/4W3/2BBB2/6/5 b 0 0": ((("C3", "C4", "C5"), "SW"), (("C3", "C4", "C5"), "SE"),
                                      (("C3", "C4", "C5"), "NW"), (("C3", "C4", "C5"), "NE")),
    "5/6/4BBW/8/9/1BBBWW2/7/6/5 b 0 0": ((("D2", "D3", "D4"), "E"), (("G7", "G8"), "E")),
    "5/6/7/3BWW2/9/8/1BBBWWW/6/5 b 0 0": ((("C2", "C3", "C4"), "E"), (("F5",), "E")),
}


def _diagram_rules(entry: registry.GameEntry, position: str) -> tuple[AbaloneRules, AbaloneState]:
    """Rules and state for a diagram; obstacles, holes and the pivot come from the text itself."""
    rules = cast(AbaloneRules, entry.make_rules())
    try:
        return rules, rules.parse_position(position)
    except BadPosition:
        pass
    found: dict[str, list[str]] = {"X": [], "H": [], "N": []}
    rows = position.split()[0].split("/")
    for i, text in enumerate(rows[:9]):
        r = 9 - i
        names = [cell_name(B.index(r, d)) for d in range(1, 10) if B.on_board(r, d)]
        pos = 0
        for ch in text:
            if ch.isdigit():
                pos += int(ch)
                continue
            if ch in found and pos < len(names):
                found[ch].append(names[pos])
            pos += 1
    options: dict[str, Any] = {"obstacles": found["X"], "holes": found["H"]}
    if found["N"]:
        options["pivot_start"] = found["N"][0]
    rules = cast(AbaloneRules, entry.make_rules(None, options))
    return rules, rules.parse_position(position)


# -- the scene ---------------------------------------------------------------------------------------
class AbaloneScene(MatchScene):
    """Play Abalone: pick marbles, choose a direction, watch pushes and ejections."""

    title = "Abalone"

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.ab: AbaloneRules = match.rules
        self.one_colour = self.ab.one_colour_display
        s = CELL
        self.radius = MARBLE * s
        self.tray_radius = round(LOW_MARBLE * s)
        self.view_flipped = self.flipped
        self.layout = HexLayout(CENTRE[0], CENTRE[1], s, self.view_flipped)
        d = 2 * self.tray_radius
        width = 2.35 * d
        top = CENTRE[1] + 92
        bottom = BOARD_AREA.bottom - 34
        left = BOARD_AREA.x + 26
        right = BOARD_AREA.right - 26
        #: The trays: index = the colour of the marbles kept there (0 Black's, 1 White's),
        #: below the board's left and right corners where the groove lets marbles out.
        self.trays = (Tray(left, top, left + width, bottom, wall=4, flare=12, hopper=40),
                      Tray(right - width, top, right, bottom, wall=4, flare=12, hopper=40))
        self.gutter = Gutter(CENTRE[0], CENTRE[1], FIELD_AP * s, GROOVE_AP * s)
        self.physics = EjectionPhysics(BoardOutline(CENTRE[0], CENTRE[1], FIELD_R * s),
                                       self.gutter, self.trays, self.radius, self.tray_radius)
        self.selection: list[int] = []
        self.drag_from: int | None = None
        self.dragged = False
        self.mouse: Point | None = None
        self.cursor: int | None = None
        # the move being animated: the state before it, and the marbles rolling (from, to, kind)
        self.anim_state: AbaloneState | None = None
        self.rolling: list[tuple[int, int, str]] = []
        self.hidden: set[int] = set()  # cells whose marble is rolling or leaving
        self.roll_tween: Tween | None = None
        self._previews: tuple[Any, dict[int, MovePreview]] | None = None
        self._backgrounds: dict[tuple[bool, bool], pygame.Surface] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        self._physics_in_layer = False
        #: Handicap editing (before the first move): the marbles to take away, else None.
        self.removing: set[int] | None = None
        self._full: AbaloneState | None = None
        self.handicap_btn = button(self.ui, (SIDE.x, SIDE.y + 692, SIDE.width, 40),
                                   "Handicap: take marbles away…",
                                   "Before the first move: click marbles to remove them")
        self.extra_buttons[self.handicap_btn] = self.toggle_handicap
        self._handicap_shown = True
        self._show_handicap_button()
        # warm the sprite caches now rather than on the first ejection
        for colour in (0, 1, 2):
            kind = marble_kind(colour, self.one_colour)
            for r in range(self.tray_radius - 1, round(self.tray_radius * 1.5) + 2):
                marble_sprite(kind, r)
                shadow_sprite(r)
            ghost_sprite(kind, round(self.radius))
        for kind in ("black", "white"):  # the side panel's and the status bar's marbles
            marble_sprite(kind, 11)
            marble_sprite(kind, 13)
        self.sync()
        # The board is painted now, not on the first frame; both ways up if hot-seat flips it.
        coords = app.settings.show_coordinates
        self._background_for(self.layout.flipped, coords)
        humans = sum(1 for p in match.players if p.kind == "human")
        if humans == 2 and app.settings.flip_board:
            self._background_for(not self.layout.flipped, coords)

    # -- hooks -----------------------------------------------------------------------------------
    def sync(self) -> None:
        """Marbles in their holes, the right number in each tray, nothing moving."""
        self.anim_state = None
        self.rolling = []
        self.roll_tween = None
        self._sync_trays(self.state)
        self.view_flipped = self.flipped
        self.layout = HexLayout(CENTRE[0], CENTRE[1], CELL, self.view_flipped)

    def _sync_trays(self, state: AbaloneState) -> None:
        """Exactly `state.lost[c]` marbles for tray c: an undo takes the last arrivals away, a
        load or redo-without-animation refills the tray neatly."""
        ph = self.physics
        for m in [m for m in ph.marbles if m.tray is None]:  # a neutral marble leaving
            ph.remove(m)
        for colour in (0, 1):
            want = state.lost[colour]
            have = [m for m in ph.marbles if m.tray == colour]
            if len(have) > want:
                for m in sorted(have, key=lambda m: -m.serial)[:len(have) - want]:
                    ph.remove(m)
            elif len(have) < want:
                for m in have:
                    ph.remove(m)
                ph.fill(colour, colour, want)

    def clear_selection(self) -> None:
        self.selection = []
        self.drag_from = None
        self.dragged = False

    def animate(self, before: Any, move: Any, after: Any) -> None:
        preview = self.ab.preview(before, move)
        self.selection = []
        if preview is None or self.app.settings.animation_speed <= 0:
            self.sync()
            return
        self._sync_trays(before)
        kinds = kinds_of(before, self.one_colour)
        self.anim_state = before
        self.rolling = [(frm, to, kinds[frm]) for frm, to in (*preview.steps, *preview.pushed)
                        if to >= 0]
        self.hidden = {frm for frm, _to in (*preview.steps, *preview.pushed)}
        self.roll_tween = self.tweens.add(MOVE_TIME, _roll_ease, tag="move", on_done=self._landed)
        self.app.sounds.play("slide")
        if preview.ejected is not None and preview.ejected_colour is not None:
            colour = preview.ejected_colour
            start = self.layout.pixel(preview.ejected)
            hole = None
            if preview.ejected_into == "hole":
                hole = self.layout.pixel(preview.ejected + B.STEPS[preview.direction])
            self.physics.launch(colour, colour if colour in (0, 1) else None, start,
                                self.layout.unit(preview.direction), hole,
                                speed=CELL / MOVE_TIME * 1.25)

    def _landed(self) -> None:
        self.anim_state = None
        self.rolling = []
        self.roll_tween = None
        self.app.sounds.play("place", 0.6)

    @property
    def animating(self) -> bool:
        # The computer (and the player) wait while a marble still crosses the field; the
        # results wait for the last marble to reach its tray.
        return (self.tweens.busy() or self.physics.on_board()
                or (self.match.outcome is not None and self.physics.busy()))

    def in_motion(self) -> bool:
        """Marbles rolling to the trays and a breathing selection."""
        return bool(super().in_motion() or self.physics.busy() or self.selection)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._show_handicap_button()
        speed = self.app.settings.animation_speed
        self.physics.advance(dt * (speed if speed > 0 else 8.0))
        for what, _colour, speed_px in self.physics.pop_events():
            if what in ("off", "sink"):
                self.app.sounds.play("capture")
            elif what == "land":
                self.app.sounds.play("drop", min(1.0, 0.4 + speed_px / 900))
        if not self.animating and self.view_flipped != self.flipped:
            self.view_flipped = self.flipped
            self.layout = HexLayout(CENTRE[0], CENTRE[1], CELL, self.view_flipped)

    def show_hint(self, move: Any) -> None:
        super().show_hint(move)
        self.selection = list(move.cells)
        self.app.toast(f"Try {self.move_text(move)}", "good", 3)

    def ask_hint(self) -> None:
        if not self.ab.hints_allowed:
            self.refuse("No hints in the team game: partners may not consult.")
            return
        super().ask_hint()

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        if not getattr(self.match.rules, "hints_allowed", True):
            states[self.hint_btn] = False
        return states

    def side_info(self, side: int) -> str:
        need = self.ab.need[side]
        # like the trays' counters, it moves when the marble lands, not when it is pushed off
        shown = min(self.ab.ejected_by(self.state, side), self.physics.arrived(1 - side))
        text = f"ejected {shown} of {need}"
        if self.ab.teams:  # §7.9: B1, W1, B2, W2 — which partner plays this team's next turn
            turn = self.state.turn + (0 if side == self.state.to_move else 1)
            text = f"{COLOUR_NAMES[side]} {turn // 2 % 2 + 1} plays next · {text}"
        return text

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        blit_marble(surface, ("black", "white")[side % 2], centre, 13)

    def status_text(self) -> tuple[str, str]:
        if self.removing is not None:
            full = self._full_start()
            nb = sum(1 for c in self.removing if full.black >> c & 1)
            nw = len(self.removing) - nb
            return ("Handicap: click marbles to take them away",
                    f"{nb} black, {nw} white · Enter starts · Esc cancels")
        left, right = super().status_text()
        m = self.match
        if m.outcome is None and m.current_spec.kind == "human":
            who = self.ab.player_name(self.state)
            left = f"{who} to move"
            if self.ab.multi_move:
                colours = self.ab.movable_colours(self.state)
                if self.state.step == 0:
                    right = "first of two moves" if len(colours) > 1 else "a single move"
                else:
                    right = "second move: either colour" if len(colours) > 1 \
                        else "second move: your colour"
            elif self.selection:
                right = "picked " + " ".join(cell_name(c) for c in sorted(self.selection))
            else:
                right = "pick 1–3 marbles, then a direction"
        return left, right

    def draw_status(self, surface: pygame.Surface) -> None:
        left, right = self.status_text()
        side = self.state.to_move if self.match.outcome is None else self.match.outcome.winner
        colour = KINDS[("black", "white")[side]][0] if side is not None else None
        draw_status(surface, STATUS, left, right, theme.TEXT, colour)
        if side is not None:
            blit_marble(surface, ("black", "white")[side], (STATUS.x + 26, STATUS.centery), 11)

    # -- handicap: marbles taken away by hand before the first move (rules §7.2) ---------------
    def _can_edit_handicap(self) -> bool:
        m = self.match
        return (not m.moves and m.start is None and m.outcome is None and self.human_to_move
                and self.modal is None)

    def _show_handicap_button(self) -> None:
        show = self._can_edit_handicap() or self.removing is not None
        if show != self._handicap_shown:
            self._handicap_shown = show
            if show:
                self.handicap_btn.show()
            else:
                self.handicap_btn.hide()

    def _full_start(self) -> AbaloneState:
        """This game's start before any handicap is taken off (built once)."""
        if self._full is None:
            options = {**self.match.options, "handicap_cells": [], "handicap_black": 0,
                       "handicap_white": 0}
            rules = cast(AbaloneRules, self.entry.make_rules(self.match.variant, options))
            self._full = rules.initial_state()
        return self._full

    def edit_state(self) -> AbaloneState:
        """The start as it would be with the marbles now chosen for removal taken away."""
        full = self._full_start()
        gone = sum(1 << c for c in self.removing or ())
        return replace(full, black=full.black & ~gone, white=full.white & ~gone)

    def toggle_handicap(self) -> None:
        """The handicap button: start choosing marbles, or start the game without them."""
        if self.removing is None:
            if not self._can_edit_handicap():
                self.refuse("A handicap is set before the first move.")
                return
            full = self._full_start()
            now = self.state.black | self.state.white
            self.removing = set(B.bits((full.black | full.white) & ~now))
            self.clear_selection()
            self.handicap_btn.set_text("Start with this handicap (Enter)")
            self.app.toast("Click marbles to take them away; click again to put them back.",
                           "info", 4)
            return
        self.apply_handicap()

    def apply_handicap(self) -> None:
        m = self.match
        names = sorted(cell_name(c) for c in self.removing or ())
        options = {**m.options, "handicap_cells": names}
        try:
            fresh = Match(m.entry, m.variant, options, m.players)
        except ValueError as exc:
            self.refuse(str(exc))
            return
        self.app.sounds.play("click")
        open_match(self.app, fresh, replace=True)

    def cancel_handicap(self) -> None:
        self.removing = None
        self.handicap_btn.set_text("Handicap: take marbles away…")

    def _handicap_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.removing is not None:
            cell = self.layout.cell_at(event.pos)
            full = self._full_start()
            if cell is None or not (full.black | full.white) >> cell & 1:
                return
            if cell in self.removing:
                self.removing.discard(cell)
                self.app.sounds.play("place")
            else:
                self.removing.add(cell)
                self.app.sounds.play("slide")
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.apply_handicap()

    def process_event(self, event: pygame.event.Event) -> None:
        if self.removing is not None and self.modal is None:
            self._handicap_event(event)
            return
        super().process_event(event)

    def back(self) -> None:
        if self.removing is not None and self.modal is None:
            self.cancel_handicap()
            return
        super().back()

    # -- input -------------------------------------------------------------------------------------
    def previews(self) -> dict[int, MovePreview]:
        """The legal directions of the current selection with what each does (cached)."""
        key = (self.state.key(), tuple(sorted(self.selection)))
        if self._previews is None or self._previews[0] != key:
            out = self.ab.previews(self.state, self.selection) if self.selection else {}
            self._previews = (key, out)
        return self._previews[1]

    def _candidates(self) -> list[int]:
        """Directions shown as arrows: the legal ones, or all six when legal moves are hidden."""
        if not self.selection or self.ab.check_selection(self.state, self.selection) is not None:
            return []
        if self.app.settings.show_legal:
            return sorted(self.previews())
        return list(range(6))

    def direction_at(self, pos: Point) -> int | None:
        """The direction a click or hover at `pos` means: an arrow, or a target hole."""
        if not self.selection:
            return None
        lay = self.layout
        best: tuple[float, int] | None = None
        for di in self._candidates():
            a, b = arrow_points(lay, self.selection, di)
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            dist = math.hypot(pos[0] - mx, pos[1] - my)
            if dist < lay.s * 0.34 and (best is None or dist < best[0]):
                best = (dist, di)
        if best is not None:
            return best[1]
        cell = lay.cell_at(pos)
        if cell is None or cell in self.selection:
            return None
        pts = [lay.pixel(c) for c in self.selection]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        options = []
        for di in range(6):
            if cell in {c + B.STEPS[di] for c in self.selection}:
                ux, uy = lay.unit(di)
                options.append(((pos[0] - cx) * ux + (pos[1] - cy) * uy, di))
        if not options:
            return None
        legal = self.previews()
        if any(di in legal for _, di in options):
            options = [o for o in options if o[1] in legal]
        elif self._movable(cell):
            return None  # one of the mover's marbles: a click on it picks it
        return max(options)[1]

    def _movable(self, cell: int) -> bool:
        colour = self.state.colour_at(cell)
        return colour in (0, 1) and colour in self.ab.movable_colours(self.state)

    def _line(self, a: int, b: int) -> list[int] | None:
        """The cells from a to b if they lie on one line at most three long."""
        if a == b:
            return [a]
        for step in B.STEPS:
            for n in (1, 2):
                if a + step * n == b:
                    return [a + step * k for k in range(n + 1)]
        return None

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag_from is not None and event.buttons and event.buttons[0]:
                self._drag_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _press(self, pos: Point) -> None:
        di = self.direction_at(pos)
        if di is not None:
            self._move(di)
            return
        cell = self.layout.cell_at(pos)
        if cell is None:
            self.clear_selection()
            return
        if self._movable(cell):
            self.drag_from = cell
            self.dragged = False
            return
        if self.state.colour_at(cell) in (0, 1, 2) and not self.selection:
            self.refuse(self.ab.check_selection(self.state, [cell]) or "you cannot move that")
            return
        if self.selection:
            # a hole (or marble) the selection cannot reach: say why, keep the selection
            reason = self.unreachable_reason(cell)
            self.refuse(reason[:1].upper() + reason[1:] + ".")
            return
        self.clear_selection()

    def unreachable_reason(self, cell: int) -> str:
        """Why the selected marbles cannot go to `cell`: the rules' reason for the direction
        that would take one of them there, or that a move is one step only."""
        for di in range(6):
            if cell in {c + B.STEPS[di] for c in self.selection}:
                why = self.ab.check(self.state, Move.of(self.selection, di))
                if why is not None:
                    return why
        return "a move is one step: pick a hole next to the selected marbles, or an arrow"

    def _drag_to(self, pos: Point) -> None:
        start = self.drag_from
        cell = self.layout.cell_at(pos)
        if start is None or cell is None or cell == start and not self.dragged:
            return
        line = self._line(start, cell)
        if line is not None and self.ab.check_selection(self.state, line) is None:
            if not self.dragged and len(line) > 1:
                self.app.sounds.play("click", 0.5)
            self.dragged = self.dragged or len(line) > 1
            self.selection = line

    def _release(self, pos: Point) -> None:
        start, self.drag_from = self.drag_from, None
        if start is None or self.dragged:
            self.dragged = False
            return
        self._toggle(start)

    def _toggle(self, cell: int) -> None:
        """A click on one of the mover's marbles: add it, take it away, or start afresh."""
        if cell in self.selection:
            rest = [c for c in self.selection if c != cell]
            self.selection = rest if rest and self.ab.check_selection(self.state, rest) is None \
                else []
        else:
            grown = [*self.selection, cell]
            if self.selection and self.ab.check_selection(self.state, grown) is None:
                self.selection = grown
            elif len(grown) > 1 and len(self.selection) < 3:
                # a gap in between? fill it when the three form a line
                line = self._line(min(grown), max(grown)) if len(grown) == 2 else None
                if line and len(line) == 3 and self.ab.check_selection(self.state, line) is None:
                    self.selection = line
                else:
                    self.selection = [cell]
            else:
                self.selection = [cell]
        self.app.sounds.play("click", 0.6)

    def _move(self, direction: int) -> None:
        if not self.selection:
            self.refuse("Pick one to three of your marbles first.")
            return
        move = Move.of(self.selection, direction)
        if self.submit(move):
            self.clear_selection()

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in DIRECTION_KEYS:
            self._move(self.layout.board_direction(DIRECTION_KEYS[event.key]))
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._cursor_step(event.key)
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.cursor is None:
                self.cursor = B.CENTRE
            elif self._movable(self.cursor):
                self._toggle(self.cursor)
            else:
                self.refuse(self.ab.check_selection(self.state, [self.cursor])
                            or "there is no marble here")
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.clear_selection()

    def _cursor_step(self, key: int) -> None:
        if self.cursor is None:
            self.cursor = self.selection[-1] if self.selection else B.CENTRE
            return
        choices = {pygame.K_RIGHT: (0,), pygame.K_LEFT: (3,), pygame.K_UP: (2, 1),
                   pygame.K_DOWN: (5, 4)}[key]
        for screen_dir in choices:
            nxt = B.NEIGHBOURS[self.cursor][self.layout.board_direction(screen_dir)]
            if nxt >= 0:
                self.cursor = nxt
                return

    # -- drawing -----------------------------------------------------------------------------------
    def paint_background(self, surface: pygame.Surface) -> None:
        self._paint(surface, self.layout.flipped, self.app.settings.show_coordinates)

    def _background_for(self, flipped: bool, coords: bool) -> pygame.Surface:
        """The unchanging picture for one orientation, painted once."""
        bg = self._backgrounds.get((flipped, coords))
        if bg is None:
            bg = pygame.Surface(theme.SIZE).convert()
            self._paint(bg, flipped, coords)
            self._backgrounds[(flipped, coords)] = bg
        return bg

    def _paint(self, surface: pygame.Surface, flipped: bool, coords: bool) -> None:
        super().paint_background(surface)
        for tray in self.trays:
            paint_tray(surface, tray)
        img = board_image(CELL, flipped, coords, _mask_set(self.ab.geo.obstacles),
                          _mask_set(self.ab.geo.holes))
        surface.blit(img, img.get_rect(center=CENTRE))
        for i, line in enumerate(LEGEND):
            theme.blit_text(surface, line, (BOARD_AREA.centerx, BOARD_AREA.bottom - 50 + 24 * i),
                            15, theme.TEXT_DIM, anchor="midtop")

    def draw(self, surface: pygame.Surface) -> None:
        """The base blits `_background` and calls draw_board: here the background is a layer
        with the board, the marbles at rest and the settled trays, redrawn only when one of them
        changes, so a quiet frame costs one blit plus the marks."""
        key = (self.layout.flipped, self.app.settings.show_coordinates)
        bg = self._background_for(*key)
        animating = self.anim_state is not None
        state: AbaloneState = self.anim_state if self.anim_state is not None else self.state
        if self.removing is not None:
            state = self.edit_state()
        settled = self.physics.settled()
        layer_key = (key, state.key(), frozenset(self.hidden) if animating else None,
                     (self.physics.arrived(0), self.physics.arrived(1)),
                     self.physics.snapshot() if settled else None,
                     None if animating or not self.match.moves else len(self.match.moves),
                     None if self.removing is None else frozenset(self.removing))
        if self._layer is None or self._layer_key != layer_key:
            if self._layer is None:
                self._layer = pygame.Surface(theme.SIZE).convert()
            self._layer.blit(bg, (0, 0))
            self._draw_trays_text(self._layer)
            if not animating:
                self._draw_last_move(self._layer)
            draw_marbles(self._layer, self.layout, state, self.one_colour, self.radius,
                         self.hidden if animating else ())
            if settled:
                self._draw_physics(self._layer)
            self._layer_key = layer_key
        self._physics_in_layer = settled
        self._background = self._layer
        super().draw(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self.anim_state is not None and self.roll_tween is not None:
            t = self.roll_tween.value
            for frm, to, kind in self.rolling:
                p = lerp2(lay.pixel(frm), lay.pixel(to), t)
                blit_marble(surface, kind, p, self.radius)
        if not self._physics_in_layer:
            self._draw_physics(surface)
        if self.removing is not None:
            full = self._full_start()
            for cell in self.removing:
                colour = 0 if full.black >> cell & 1 else 1
                p = lay.pixel(cell)
                img = ghost_sprite(marble_kind(colour, self.one_colour), round(self.radius))
                surface.blit(img, img.get_rect(center=(round(p[0]), round(p[1]))))
                _cross(surface, p, self.radius * 0.45, 4)
            return
        if self.anim_state is None and self.human_to_move:
            self._draw_selection(surface)
        if self.hint_move is not None and self.anim_state is None:
            self._draw_hint(surface)
        if self.cursor is not None and self.human_to_move:
            p = lay.pixel(self.cursor)
            pygame.draw.circle(surface, theme.TEXT, p, self.radius + 6, 2)

    def _draw_physics(self, surface: pygame.Surface) -> None:
        views: list[MarbleView] = self.physics.views()
        for v in views:
            kind = marble_kind(v.colour, self.one_colour)
            blit_marble(surface, kind, (v.x, v.y), v.radius, v.alpha, v.height)

    def _draw_trays_text(self, surface: pygame.Surface) -> None:
        for colour, tray in enumerate(self.trays):
            x = (tray.x0 + tray.x1) / 2
            y = tray.y0 - tray.hopper - 100
            need = self.ab.need[1 - colour]
            name = COLOUR_NAMES[colour] if not self.one_colour else ("First", "Second")[colour]
            theme.blit_text(surface, f"{name} out", (x, y), 16, theme.TEXT_DIM, anchor="midtop")
            # the count moves when the marble lands in the tray, not when it is pushed off
            shown = min(self.state.lost[colour], self.physics.arrived(colour))
            theme.blit_text(surface, f"{shown} / {need}", (x, y + 22), 26,
                            theme.TEXT, True, "midtop")

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        if not self.match.moves:
            return
        last = self.match.moves[-1]
        occupied = self.state.black | self.state.white | self.state.pivot
        for cell in last.cells:
            if not occupied >> cell & 1:
                pygame.draw.circle(surface, theme.ACCENT, self.layout.pixel(cell), 5)
        dest = {c + B.STEPS[last.direction] for c in last.cells}
        for cell in dest:
            p = self.layout.pixel(cell)
            pygame.draw.circle(surface, theme.ACCENT, p, self.radius + 3, 1)

    def _draw_selection(self, surface: pygame.Surface) -> None:
        lay = self.layout
        pulse = self.pulse()
        for cell in self.selection:
            marks.selection(surface, lay.pixel(cell), self.radius, pulse)
        if not self.selection:
            return
        legal = self.previews()
        hover = self.direction_at(self.mouse) if self.mouse is not None else None
        show = self.app.settings.show_legal
        for di in self._candidates():
            a, b = arrow_points(lay, self.selection, di)
            if di == hover:
                colour, width = theme.ACCENT, 6
            elif not show:
                colour, width = theme.TEXT_DIM, 4
            else:
                colour, width = theme.GOOD, 5
            _outlined_arrow(surface, a, b, colour, width)
            if show and legal[di].ejected is not None:
                _second_head(surface, a, b, colour)  # a double head: this push ejects
        if show and hover in legal:  # on top: the pushed and ejected marks must stay readable
            draw_preview(surface, lay, legal[hover], kinds_of(self.state, self.one_colour),
                         self.radius)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is None or self.ab.check(self.state, move) is not None:
            return
        lay = self.layout
        for cell in move.cells:
            p = lay.pixel(cell)
            for k in range(8):
                a0 = k * math.pi / 4 + self.t
                pygame.draw.arc(surface, theme.ACCENT, (p[0] - self.radius - 8, p[1] - self.radius - 8,
                                                        2 * self.radius + 16, 2 * self.radius + 16),
                                a0, a0 + 0.4, 3)
        a, b = arrow_points(lay, list(move.cells), move.direction)
        _outlined_arrow(surface, a, b, theme.ACCENT, 7)

    # -- diagrams ---------------------------------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        rules, state = _diagram_rules(entry, position)
        area = pygame.Rect(rect)
        s = int(min((area.width - 4) / (2 * COMPACT_R + 0.9),
                    (area.height - 4) / (SQ3 * COMPACT_R + 0.9)))
        s = max(6, s)
        centre = area.center
        img = board_image(s, False, s >= 26, _mask_set(rules.geo.obstacles),
                          _mask_set(rules.geo.holes), groove=False)
        surface.blit(img, img.get_rect(center=centre))
        lay = HexLayout(centre[0], centre[1], s)
        radius = MARBLE * s
        draw_marbles(surface, lay, state, rules.one_colour_display, radius)
        for names, dname in DIAGRAM_MOVES.get(position, ()):
            cells = [B.index("ABCDEFGHI".index(n[0]) + 1, int(n[1])) for n in names]
            move = Move.of(cells, B.DIR_NAMES.index(dname))
            a, b = arrow_points(lay, cells, move.direction, (0.3, 1.1))
            preview = rules.preview(state, move)
            if preview is None:
                _strike(surface, a, b, s / CELL)
                continue
            draw_preview(surface, lay, preview, kinds_of(state, rules.one_colour_display), radius)
            _outlined_arrow(surface, a, b, theme.GOOD, max(3, round(5 * s / CELL)))

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu card: a Belgian Daisy game under way, a white marble dropping off the edge
        toward a tray that already holds two."""
        w, h = size
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        entry = cls.registry_entry()
        rules = cast(AbaloneRules, entry.make_rules("belgian-daisy"))
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


def _roll_ease(t: float) -> float:
    """A slight ease: marbles start rolling briskly and settle softly into their holes."""
    return 0.35 * t + 0.65 * ease_in_out(t)


def _mask_set(mask: int) -> frozenset[int]:
    return frozenset(B.bits(mask))
