"""Abalone's pictures: glossy marbles from a small per-pixel shader (cached per kind and size, with
their shadows and see-through copies), the wooden board painted once per size and orientation
(frame, groove, field, dimples, obstacles, holes, engraved coordinates), the trays, and the
marbles of a position laid on the board.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache

import pygame

from game.games.abalone import bitboard as B
from game.games.abalone.physics import Tray
from game.games.abalone.state import AbaloneState
from game.games.abalone.view import (
    COMPACT_R,
    DIMPLE,
    FIELD_AP,
    FIELD_R,
    GROOVE_AP,
    OUTER_AP,
    OUTER_R,
    SQ3,
    HexLayout,
    Point,
    hexagon,
)
from game.i18n import _
from game.ui import theme

Colour = tuple[int, int, int]

# Marble kinds: body colour, mark, mark colour, glow (light passing through).
KINDS: dict[str, tuple[Colour, str, Colour, float]] = {
    "black": ((34, 36, 46), "dot", (158, 160, 172), 0.0),
    "white": ((234, 230, 218), "ring", (86, 86, 98), 0.22),
    "pivot": ((0, 150, 110), "cross", (226, 242, 234), 0.3),
    "plain": ((120, 124, 140), "", (0, 0, 0), 0.12),
}


def marble_kind(colour: int, one_colour: bool) -> str:
    """Sprite kind of a marble of `colour` (0, 1, or 2 for the neutral marble)."""
    if colour == 2:
        return "pivot"
    if one_colour:
        return "plain"
    return ("black", "white")[colour]


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
    return theme.faded_copy(marble_sprite(kind, radius), 120)


@cache
def faded_sprite(kind: str, radius: int, alpha: int) -> pygame.Surface:
    """A marble fading in or out (cached per alpha step: blit_marble rounds to 16 levels)."""
    return theme.faded_copy(marble_sprite(kind, radius), alpha)


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
    return theme.faded_copy(shadow_sprite(radius), 255 - level * 24)


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


def warm_sprites(one_colour: bool, radius: float, tray_radius: int) -> None:
    """Shade the match screen's sprites now, while the screen opens, rather than on the
    first ejection: every marble size a falling marble takes, the ghosts, the side panel's."""
    for colour in (0, 1, 2):
        kind = marble_kind(colour, one_colour)
        for r in range(tray_radius - 1, round(tray_radius * 1.5) + 2):
            marble_sprite(kind, r)
            shadow_sprite(r)
        ghost_sprite(kind, round(radius))
    for kind in ("black", "white"):  # the side panel's and the status bar's marbles
        marble_sprite(kind, 11)
        marble_sprite(kind, 13)


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


def tray_count(surface: pygame.Surface, tray: Tray, name: str, shown: int, need: int) -> None:
    """The counter above a tray: "White out", "2 / 6"."""
    x = (tray.x0 + tray.x1) / 2
    y = tray.y0 - tray.hopper - 100
    theme.blit_text(surface, _("{side} out").format(side=name), (x, y), 16, theme.TEXT_DIM,
                    anchor="midtop")

    theme.blit_text(surface, f"{shown} / {need}", (x, y + 22), 26, theme.TEXT, True, "midtop")


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
