"""Sprites of the dissection puzzles: lit, patterned pieces, their shadows and outlines, the
filled silhouette, all rendered once and cached.

Speed: every piece sprite (with its shadow, its snap ghost and its outline) is rendered once per
(piece, turn, flip, scale) with 2x supersampling and cached (`SPRITES`); the turned copies the
rotation animations need are cached by angle in 3° steps (`TURNED`). pygame draws polygons
without antialiasing, so every polygon picture is drawn twice as large and scaled down.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pygame

from game.games.dissection.geometry import (
    PieceSet,
    Point,
    Ring,
    Silhouette,
    bounds,
    silhouette_rings,
)
from game.games.dissection.view import ScreenPoint, View
from game.ui import theme

Colour = tuple[int, int, int]

#: Supersampling factor of every cached polygon picture (pygame draws polygons without
#: antialiasing; drawing twice as large and scaling down smooths the edges).
SS = 2
#: Board colours: a felt-dark table, the silhouette a deep shadow on it, the tray recessed.
TABLE = (32, 43, 51)
SHADOW = (9, 12, 15)
SHADOW_EDGE = (70, 86, 96)
TRAY = (25, 34, 41)
#: Celebration fill of the completed figure (gold to amber, bottom to top).
FILL_TOP = (255, 214, 120)
FILL_BOTTOM = (226, 136, 48)


# -- piece looks ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Style:
    """How one piece looks: its colour and a faint pattern (so pieces differ by more than hue).

    `pattern` is one of stripes, hatch, dots, rings, inset, zigzag, plain; `angle` (degrees) and
    `spacing` (pixels at full size) tune it. The pattern is printed on the piece: it turns and
    flips with it.
    """

    colour: Colour
    pattern: str
    angle: float = 45.0
    spacing: float = 13.0



def display_format(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """The surface in the display's pixel format (faster blits), when there is a display."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if alpha else surf.convert()


def _radius(pieces: PieceSet, i: int) -> float:
    """Farthest corner from the piece's centroid (the same for every turn and flip)."""
    return max(math.hypot(x, y) for x, y in pieces.local[i])


def _orient(pieces: PieceSet, turn: int, flipped: bool) -> Callable[[float, float], Point]:
    """Local piece coordinates -> frame offsets for a turn and flip (as PieceSet.vertices does)."""
    a = 2 * math.pi * (turn % pieces.steps) / pieces.steps
    c, s = math.cos(a), math.sin(a)

    def f(x: float, y: float) -> Point:
        if flipped:
            x = -x
        return (c * x - s * y, s * x + c * y)

    return f


def dashed(surface: pygame.Surface, colour: Any, pts: Sequence[ScreenPoint], width: int,
            dash: float, gap: float) -> None:
    """A closed dashed outline (the ghost of a snapped drop)."""
    n = len(pts)
    for k in range(n):
        (x1, y1), (x2, y2) = pts[k], pts[(k + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            continue
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        d = 0.0
        while d < length:
            e = min(length, d + dash)
            pygame.draw.line(surface, colour, (x1 + ux * d, y1 + uy * d), (x1 + ux * e, y1 + uy * e),
                             width)
            d = e + gap


def _pattern(surface: pygame.Surface, style: Style, pieces: PieceSet, i: int,
             orient: Callable[[float, float], Point], scale: float, centre: float, k: int,
             colour: Any) -> None:
    """The piece's pattern in its own coordinates, turned and flipped with it, at k x size."""
    reach = _radius(pieces, i) + 0.1
    shrink = max(0.55, min(1.0, scale / 60.0))  # denser patterns would turn to mush when small
    step = style.spacing * shrink / scale  # pattern spacing in puzzle units
    width = max(1, round(k * max(1.0, 2.2 * shrink)))

    def px(p: Point) -> ScreenPoint:
        x, y = orient(*p)
        return (centre + x * scale * k, centre - y * scale * k)

    def stripes(angle: float) -> None:
        a = math.radians(angle)
        tx, ty = math.cos(a), math.sin(a)
        nx, ny = -ty, tx
        s = -reach
        while s <= reach:
            pygame.draw.line(surface, colour, px((s * nx - reach * tx, s * ny - reach * ty)),
                             px((s * nx + reach * tx, s * ny + reach * ty)), width)
            s += step

    kind = style.pattern
    if kind == "stripes":
        stripes(style.angle)
    elif kind == "hatch":
        stripes(style.angle)
        stripes(style.angle + 90)
    elif kind == "dots":
        r = max(1.5, step * scale * k * 0.16)
        n = int(reach / step) + 1
        for a in range(-n, n + 1):
            for b in range(-n, n + 1):
                # a staggered grid reads as "dots" rather than as a grid of lines
                x, y = (a + 0.5 * (b % 2)) * step, b * step * 0.87
                pygame.draw.circle(surface, colour, px((x, y)), r)
    elif kind == "rings":
        c = px((0.0, 0.0))
        r = step
        while r < reach:
            pygame.draw.circle(surface, colour, c, r * scale * k, width)
            r += step
    elif kind == "inset":
        local = pieces.local[i]
        for f in (0.7, 0.42, 0.16):
            pygame.draw.polygon(surface, colour, [px((x * f, y * f)) for x, y in local], width)
    elif kind == "zigzag":
        ang = math.radians(style.angle)
        tx, ty = math.cos(ang), math.sin(ang)
        nx, ny = -ty, tx
        s = -reach
        while s <= reach:
            pts = []
            t = -reach
            up = False
            while t <= reach + step:
                o = s + (step * 0.3 if up else -step * 0.3)
                pts.append(px((o * nx + t * tx, o * ny + t * ty)))
                t += step * 0.6
                up = not up
            pygame.draw.lines(surface, colour, False, pts, width)
            s += step * 1.3
    # "plain": the colour alone (never used alone for two pieces of one set)


def _polygon_mask(size: tuple[int, int], outers: Iterable[Sequence[ScreenPoint]],
                  holes: Iterable[Sequence[ScreenPoint]] = ()) -> pygame.Surface:
    """White where the polygons are (holes cut out), transparent elsewhere: a clip by BLEND_RGBA_MIN."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for ring in outers:
        pygame.draw.polygon(mask, (255, 255, 255, 255), ring)
    for ring in holes:
        pygame.draw.polygon(mask, (0, 0, 0, 0), ring)
    return mask


def _vertical_gradient(size: tuple[int, int], stops: Sequence[tuple[int, int, int, int]]
                       ) -> pygame.Surface:
    """A top-to-bottom RGBA gradient through the given stops (drawn tiny, scaled up smoothly)."""
    strip = pygame.Surface((2, len(stops)), pygame.SRCALPHA)
    for y, c in enumerate(stops):
        strip.fill(c, (0, y, 2, 1))
    return pygame.transform.smoothscale(strip, (max(1, size[0]), max(1, size[1])))


@cache
def _piece_light(size: int) -> pygame.Surface:
    """The soft top-lit sheen every piece gets (one per sprite size, copied before use)."""
    return _vertical_gradient((size, size), ((255, 255, 255, 56), (255, 255, 255, 14),
                                             (0, 0, 0, 0), (0, 0, 0, 40)))


def render_piece(pieces: PieceSet, i: int, turn: int, flipped: bool, scale: float, style: Style,
                 label: str = "") -> pygame.Surface:
    """A lit, patterned piece, its centroid at the centre of a square transparent surface."""
    k = SS
    half = math.ceil(_radius(pieces, i) * scale) + 4
    big = 2 * half * k
    centre = half * k
    orient = _orient(pieces, turn, flipped)
    pts = []
    for x, y in pieces.local[i]:
        ox, oy = orient(x, y)
        pts.append((centre + ox * scale * k, centre - oy * scale * k))
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    colour = style.colour
    pygame.draw.polygon(body, colour, pts)
    deco = _piece_light(big).copy()
    light = theme.luma(colour) > 150
    ink = (*theme.shade(colour, 0.72), 150) if light else (*theme.shade(colour, 1.45), 120)
    _pattern(deco, style, pieces, i, orient, scale, centre, k, ink)
    # bevel: edges facing the light (upper left) lit, the others in shade
    bevel = max(2.0, min(4.0, scale * 0.07)) * k
    n = len(pts)
    area = sum(pts[j][0] * pts[(j + 1) % n][1] - pts[(j + 1) % n][0] * pts[j][1] for j in range(n))
    sign = 1.0 if area > 0 else -1.0  # screen orientation of the ring (y down)
    for j in range(n):
        (x1, y1), (x2, y2) = pts[j], pts[(j + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        # outward normal in screen coordinates
        nx, ny = sign * (y2 - y1) / length, -sign * (x2 - x1) / length
        facing = -(nx * -0.6 + ny * -0.8)  # >0: faces away from the light
        if facing < 0:
            c = (255, 255, 255, int(min(150, 40 + 120 * -facing)))
        else:
            c = (0, 0, 0, int(min(120, 30 + 100 * facing)))
        pygame.draw.line(deco, c, (x1, y1), (x2, y2), round(bevel * 2))
    deco.blit(_polygon_mask((big, big), [pts]), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    body.blit(deco, (0, 0))
    pygame.draw.polygon(body, theme.shade(colour, 0.38), pts, max(2, round(1.2 * k)))
    img = pygame.transform.smoothscale(body, (2 * half, 2 * half))
    if label:
        size = max(10, min(18, round(scale * 0.9)))
        # engraved number: ink with a halo of the other lightness, readable on any pattern
        fg = (28, 24, 20) if light else (252, 248, 238)
        halo = theme.shade(colour, 1.35) if light else theme.shade(colour, 0.4)
        font = theme.font(size, True)
        ring = font.render(label, True, halo)
        at = ring.get_rect(center=(half, half + 0.5))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            img.blit(ring, at.move(dx, dy))
        img.blit(font.render(label, True, fg), at)
    return display_format(img)


def render_shadow(pieces: PieceSet, i: int, turn: int, flipped: bool, scale: float,
                  alpha: int = 110) -> pygame.Surface:
    """A soft drop shadow of the piece, same centre convention as render_piece, 8 px wider."""
    half = math.ceil(_radius(pieces, i) * scale) + 12
    small = max(4, (2 * half) // 4)
    f = small / (2 * half)
    orient = _orient(pieces, turn, flipped)
    pts = []
    for x, y in pieces.local[i]:
        ox, oy = orient(x, y)
        pts.append((small / 2 + ox * scale * f, small / 2 - oy * scale * f))
    surf = pygame.Surface((small, small), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (0, 0, 0, alpha), pts)
    return display_format(pygame.transform.smoothscale(surf, (2 * half, 2 * half)))


def render_outline(pieces: PieceSet, i: int, turn: int, flipped: bool, scale: float, kind: str
                   ) -> pygame.Surface:
    """`ghost` (where a drop will land: faint fill, dashed gold edge), `select` (solid gold edge),
    `hover` (thin light edge) or `hint` (wide gold glow)."""
    k = SS
    half = math.ceil(_radius(pieces, i) * scale) + 8
    big = 2 * half * k
    centre = half * k
    orient = _orient(pieces, turn, flipped)
    pts = []
    for x, y in pieces.local[i]:
        ox, oy = orient(x, y)
        pts.append((centre + ox * scale * k, centre - oy * scale * k))
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    if kind == "ghost":
        pygame.draw.polygon(surf, (255, 240, 200, 46), pts)
        dashed(surf, theme.ACCENT, pts, 3 * k, 9 * k, 6 * k)
    elif kind == "select":
        pygame.draw.polygon(surf, (*theme.ACCENT, 70), pts, 8 * k)
        pygame.draw.polygon(surf, theme.ACCENT, pts, 3 * k)
    elif kind == "hover":
        pygame.draw.polygon(surf, (*theme.TEXT, 170), pts, 2 * k)
    else:  # hint
        for w, a in ((9, 50), (6, 110), (3, 255)):
            pygame.draw.polygon(surf, (*theme.ACCENT, a), pts, w * k)
    return display_format(pygame.transform.smoothscale(surf, (2 * half, 2 * half)))


class _Cache:
    """A bounded least-recently-used cache of rendered surfaces."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.items: OrderedDict[Any, pygame.Surface] = OrderedDict()

    def get(self, key: Any, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self.items.get(key)
        if surf is None:
            surf = make()
            self.items[key] = surf
            if len(self.items) > self.limit:
                self.items.popitem(last=False)
        else:
            self.items.move_to_end(key)
        return surf


#: Piece pictures (a few hundred at most: pieces x orientations x kinds x board scales).
SPRITES = _Cache(900)
#: Turned copies for the rotation animations, by angle in 3° steps.
TURNED = _Cache(160)


def fill_region(surface: pygame.Surface, view: View, silhouette: Silhouette,
                colour: Colour | None = None, edge: Colour | None = None,
                gradient: Sequence[tuple[int, int, int, int]] | None = None,
                edge_width: float = 1.5) -> None:
    """Draw a silhouette (holes cut out) smoothly onto `surface`, filled with a colour or a
    vertical gradient, with an optional edge line."""
    rings = silhouette_rings(silhouette)
    x0, y0, x1, y1 = bounds(rings)
    a, b = view.to_screen((x0, y1)), view.to_screen((x1, y0))
    pad = 4
    left, top = math.floor(a[0]) - pad, math.floor(a[1]) - pad
    w, h = math.ceil(b[0]) + pad - left, math.ceil(b[1]) + pad - top
    if w <= 0 or h <= 0:
        return
    k = SS
    big = (w * k, h * k)

    def px(ring: Ring) -> list[ScreenPoint]:
        return [((sx - left) * k, (sy - top) * k) for sx, sy in view.ring(ring)]

    outers = [px(r.outer) for r in silhouette]
    holes = [px(hole) for r in silhouette for hole in r.holes]
    if gradient is not None:
        layer = _vertical_gradient(big, gradient)
    else:
        layer = pygame.Surface(big, pygame.SRCALPHA)
        layer.fill((*(colour or SHADOW), 255))
    layer.blit(_polygon_mask(big, outers, holes), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if edge is not None:
        for ring in outers + holes:
            pygame.draw.polygon(layer, edge, ring, max(1, round(edge_width * k)))
    surface.blit(pygame.transform.smoothscale(layer, (w, h)), (left, top))



class PieceSprites:
    """The cached pictures of one puzzle's pieces at one board scale: what a frame blits."""

    def __init__(self, pieces: PieceSet, styles: Sequence[Style], numbered: bool,
                 scale: float) -> None:
        self.pieces = pieces
        self.styles = tuple(styles)
        self.numbered = numbered
        self.scale = scale

    def key(self, kind: str, i: int, turn: int, flipped: bool) -> tuple[Any, ...]:
        """The cache key of a picture (shared by every scene showing the same piece alike)."""
        return (kind, self.pieces.name, i, turn % self.pieces.steps, flipped,
                round(self.scale, 3), self.styles[i], self.numbered)

    def label(self, i: int) -> str:
        """The number printed on piece i ("" when pieces are not numbered)."""
        return self.pieces.ids[i].lstrip("P") if self.numbered else ""

    def piece(self, i: int, turn: int, flipped: bool) -> pygame.Surface:
        scale, label = self.scale, self.label(i)
        return SPRITES.get(self.key("piece", i, turn, flipped), lambda: render_piece(
            self.pieces, i, turn, flipped, scale, self.styles[i], label))

    def shadow(self, i: int, turn: int, flipped: bool) -> pygame.Surface:
        scale = self.scale
        return SPRITES.get(self.key("shadow", i, turn, flipped), lambda: render_shadow(
            self.pieces, i, turn, flipped, scale))

    def outline(self, kind: str, i: int, turn: int, flipped: bool) -> pygame.Surface:
        scale = self.scale
        return SPRITES.get(self.key(kind, i, turn, flipped), lambda: render_outline(
            self.pieces, i, turn, flipped, scale, kind))

    def turned(self, key: tuple[Any, ...], img: pygame.Surface, angle: float) -> pygame.Surface:
        """`img` turned `angle` degrees counter-clockwise (cached in 3° steps)."""
        q = round(angle / 3.0) * 3
        if q % 360 == 0:
            return img
        return TURNED.get((key, q), lambda: pygame.transform.rotate(img, q))


def blit_centred(surface: pygame.Surface, img: pygame.Surface, centre: ScreenPoint,
                 dx: float = 0.0, dy: float = 0.0) -> None:
    """Blit `img` with its centre at `centre` (+ an offset), on whole pixels."""
    w, h = img.get_size()
    surface.blit(img, (round(centre[0] + dx - w / 2), round(centre[1] + dy - h / 2)))
