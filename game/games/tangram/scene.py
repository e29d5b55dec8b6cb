"""The Tangram screen: a shadow to fill, bright patterned pieces to drag, turn and flip onto it.

The rules decide everything (`rules.check` refuses with a reason, `rules.snap` says where a
dropped piece lands, `Hint()` is an ordinary move whose target the rules choose, `rules.solved`
says when the figure is complete); this module lays the board out, draws it and animates it, and
turns mouse and keyboard input into moves. The Ostomachion screen is this one with other pieces
(game/games/ostomachion/scene.py).

Speed: every piece sprite (with its shadow, its snap ghost and its outline) is rendered once per
(piece, turn, flip, scale) with 2x supersampling and cached; the board, the silhouette and the
tray are one cached background. A frame is blits, plus a rotated copy of the one or two pieces
that are turning (also cached, by angle in small steps).
"""

from __future__ import annotations

import logging
import math
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine.protocol import IllegalMove
from game.games.tangram import rules as tangram_rules
from game.games.tangram.geometry import (
    TANGRAM,
    Fault,
    PieceSet,
    Placement,
    Point,
    Ring,
    Silhouette,
    bounds,
    faults,
    inside_figure,
    silhouette_rings,
)
from game.games.tangram.rules import (
    DissectionRules,
    Flip,
    Hint,
    HintPlan,
    Level,
    Move,
    PickUp,
    Place,
    PuzzleState,
    Rotate,
)
from game.resources import levels_dir
from game.scenes.puzzle_base import (
    BOARD_AREA,
    SIDE,
    LevelInfo,
    PuzzleScene,
    draw_star,
    format_time,
    list_levels,
)
from game.ui import theme
from game.ui.tween import Tween, ease_in_out, ease_out, lerp, linear, shake
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]
ScreenPoint = tuple[float, float]

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
#: Seconds between the two clicks of a double-click (measured on the scene's own clock).
DOUBLE_CLICK = 0.4
#: A press becomes a drag once the pointer has moved this many pixels.
DRAG_START = 5
#: Seconds a held arrow key waits before the piece glides on its own.
KEY_REPEAT_DELAY = 0.28


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


#: Okabe–Ito colours, one per tangram piece; the twins (two large, two small triangles) differ
#: in colour *and* pattern, so every piece is told apart without relying on hue.
TANGRAM_STYLES: tuple[Style, ...] = (
    Style((230, 159, 0), "stripes", 45.0, 14.0),     # LT1 orange, diagonal stripes
    Style((0, 114, 178), "dots", 0.0, 15.0),          # LT2 blue, dots
    Style((0, 158, 115), "hatch", 45.0, 15.0),        # MT green, cross-hatch
    Style((213, 94, 0), "rings", 0.0, 9.0),           # ST1 vermillion, rings
    Style((86, 180, 233), "stripes", 0.0, 10.0),      # ST2 sky blue, level stripes
    Style((240, 228, 66), "inset", 0.0, 0.0),         # SQ yellow, nested frames
    Style((204, 121, 167), "zigzag", 0.0, 13.0),      # PG purple, zigzag
)


def _luma(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@dataclass(frozen=True)
class View:
    """Puzzle frame (y up) to screen pixels (y down): `scale` pixels per unit, origin at (ox, oy)."""

    scale: float
    ox: float
    oy: float

    @classmethod
    def fit(cls, box: tuple[float, float, float, float], rect: pygame.Rect,
            margin: float = 0.0) -> View:
        x0, y0, x1, y1 = box
        w, h = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
        scale = min((rect.width - 2 * margin) / w, (rect.height - 2 * margin) / h)
        ox = rect.centerx - (x0 + x1) / 2 * scale
        oy = rect.centery + (y0 + y1) / 2 * scale
        return cls(scale, ox, oy)

    def to_screen(self, p: Point) -> ScreenPoint:
        return (self.ox + p[0] * self.scale, self.oy - p[1] * self.scale)

    def to_frame(self, pos: Sequence[float]) -> Point:
        return ((pos[0] - self.ox) / self.scale, (self.oy - pos[1]) / self.scale)

    def ring(self, ring: Iterable[Point]) -> list[ScreenPoint]:
        return [self.to_screen(p) for p in ring]

    def shifted(self, dx: float, dy: float) -> View:
        return View(self.scale, self.ox + dx, self.oy + dy)


def _fast(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
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


def _dashed(surface: pygame.Surface, colour: Any, pts: Sequence[ScreenPoint], width: int,
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


def _on_segment(p: Point, a: Point, b: Point, tol: float = 1e-6) -> bool:
    """True when p lies on the segment ab (a corner touching a corner or a side)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]) < tol


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
    light = _luma(colour) > 150
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
    return _fast(img)


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
    return _fast(pygame.transform.smoothscale(surf, (2 * half, 2 * half)))


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
        _dashed(surf, theme.ACCENT, pts, 3 * k, 9 * k, 6 * k)
    elif kind == "select":
        pygame.draw.polygon(surf, (*theme.ACCENT, 70), pts, 8 * k)
        pygame.draw.polygon(surf, theme.ACCENT, pts, 3 * k)
    elif kind == "hover":
        pygame.draw.polygon(surf, (*theme.TEXT, 170), pts, 2 * k)
    else:  # hint
        for w, a in ((9, 50), (6, 110), (3, 255)):
            pygame.draw.polygon(surf, (*theme.ACCENT, a), pts, w * k)
    return _fast(pygame.transform.smoothscale(surf, (2 * half, 2 * half)))


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


def load_figure(pieces: PieceSet, level_id: str) -> Level:
    """A level of this puzzle by file stem (thumbnails and diagrams)."""
    return tangram_rules.load_level(levels_dir(pieces.name) / f"{level_id}.tmx", pieces)


# -- particles --------------------------------------------------------------------------------------

@dataclass
class Particle:
    """A sparkle (twinkling four-point star) or a scrap of confetti (a spinning rectangle)."""

    x: float
    y: float
    vx: float
    vy: float
    colour: Colour
    size: float
    life: float
    spin: float
    sparkle: bool
    age: float = 0.0


# -- motions ----------------------------------------------------------------------------------------

@dataclass
class Motion:
    """A piece on its way from one placement to another: drawn there instead of at rest.

    `spin` is the signed turn on the way, in degrees counter-clockwise; a change of side is
    shown as a squash through edge-on (the piece turning over about an upright axis).
    """

    a: Placement
    b: Placement
    tween: Tween
    spin: float = 0.0
    lifted: bool = False
    arc: float = 0.0


@dataclass
class Held:
    """The piece in the player's hand: dragged by the mouse or carried with the arrow keys."""

    piece: int
    start: Placement  # where it lay when picked up (Esc puts it back)
    raw: Placement  # where the hand holds it now (turns and flips apply here)
    offset: Point  # centroid minus the pointer, in puzzle units (mouse only)
    mouse: bool
    ghost: Placement | None = None  # where a drop lands once snapped (None: nowhere new)
    contacts: tuple[Point, ...] = ()  # corners that touch after the snap
    turn_from: tuple[int, bool, Tween, float] | None = None  # orientation animation


# -- the scene --------------------------------------------------------------------------------------

#: Seconds a hint may take before the frames go on without it (it lands when found).
HINT_WAIT = 0.12


class TangramScene(PuzzleScene):
    """Challenge levels (info given) and free play (info None: any figure, chosen here)."""

    title = "Tangram"
    #: The pieces and their looks; the Ostomachion screen changes these and little else.
    pieces: PieceSet = TANGRAM
    styles: tuple[Style, ...] = TANGRAM_STYLES
    #: Print each piece's number on it (the Ostomachion's pieces are known by number).
    numbered = False
    #: Figure drawn on the menu card, from its reference solution.
    thumb_level = "16-cat"
    #: The piece lifted off its place on the menu card (it hovers over its dashed ghost).
    thumb_lifted = 5

    rules: DissectionRules
    level: Level
    history: list[PuzzleState]
    view: View
    bg: pygame.Surface

    def __init__(self, app: Host, entry: registry.GameEntry, info: LevelInfo | None,
                 free: bool = False, *, figure: int | str = 0, solution: int = 0,
                 play: str = "", drag: str = "", select: str = "", clock: float = 0.0) -> None:
        """`info` None is free play on any figure (`figure`: index or file stem).

        For tools and tests: `solution` puts that many pieces where the reference solution has
        them (largest first, as hints do, but not counted as hints), `play` plays moves in the
        rules' notation (separated by spaces or semicolons), `drag` picks up a piece (by id) and holds it just off its place in the
        solution, showing the snap ghost, `select` selects a piece, `clock` sets the time taken.
        """
        super().__init__(app, entry, info, free)
        self.figures = [lv for lv in list_levels(entry) if lv.error is None and lv.level is not None]
        self.figure = 0
        if info is None:
            if isinstance(figure, int) or str(figure).isdigit():
                self.figure = max(0, min(len(self.figures) - 1, int(figure)))
            else:
                self.figure = next((n for n, lv in enumerate(self.figures)
                                    if lv.id == figure or lv.id.endswith(str(figure))), 0)
        self.stars_fn: Callable[[float, float, int], int] = registry.resolve(
            entry.extra.get("stars", "game.games.tangram.rules:stars"))
        self.solve_btn.set_tooltip("Let the pieces go to a solution one by one — no stars this time")
        self.hint_btn.set_tooltip("One piece glides to its place (H) — costs a star")
        self.motions: dict[int, Motion] = {}
        self.held: Held | None = None
        self.press: tuple[int, ScreenPoint, Point] | None = None  # piece, where, grab offset
        self.last_click: tuple[int, float] | None = None
        self.hover: int | None = None
        self.selected: int | None = None
        self.mouse: ScreenPoint = (0.0, 0.0)
        self.last_input = 0.0  # scene time of the last mouse or key event on the board
        self.keys_down: dict[int, float] = {}  # held arrow key -> seconds held
        self.keys_fine = False  # Shift was down with the last arrow: glide finely
        self.particles: list[Particle] = []
        self.fill_t0: float | None = None
        self.hint_glow: tuple[int, float] | None = None  # piece, since
        self.refused_at: tuple[int, Tween] | None = None
        self.watching = False
        self.watched = False
        self.watch_wait = 0.0
        self.started = False
        self.chooser: dict[str, Any] = {}
        #: A hint being worked out beside the frames: the thread and the position it is for.
        self._hint_job: tuple[threading.Thread, Any] | None = None
        #: (position key, inside figure per piece, faults, their picture): see _assessment
        self._assessed: tuple[Any, list[bool], list[Fault], pygame.Surface | None] | None = None
        if info is None:
            self._build_chooser()
            level = self.figures[self.figure].level if self.figures else None
        else:
            level = info.level
        if not isinstance(level, Level):
            raise ValueError(f"no {self.pieces.name} level to play")
        self._setup(level)
        # tools and tests: start from a prepared position, still (no animation)
        if clock:
            self.elapsed = float(clock)
            self.started = True
        for _ in range(max(0, int(solution))):
            self._place_solution_piece()
        if play:
            for text in str(play).replace(";", " ").split():  # a place move holds a comma
                self._commit(self.rules.parse_move(self.state, text))
        if select:
            self.selected = self.pieces.index(str(select))
        self.tweens.finish_all()
        self.motions.clear()
        self.check_solved()
        if drag and not self.is_solved:
            self._demo_drag(self.pieces.index(str(drag)))

    @classmethod
    def for_level(cls, app: Host, entry: registry.GameEntry, level: str | int | None = None,
                  **kwargs: Any) -> PuzzleScene:
        """As the base, plus `free_play=True` (tools: free play, `figure` picks the figure)."""
        if kwargs.pop("free_play", False):
            kwargs = {k: v for k, v in kwargs.items() if k not in ("variant", "position")}
            return cls(app, entry, None, free=True, **kwargs)
        return super().for_level(app, entry, level, **kwargs)

    # -- set-up ------------------------------------------------------------------------------------
    def _setup(self, level: Level) -> None:
        """Lay out a figure and start a fresh attempt at it."""
        self.level = level
        self.rules = DissectionRules(self.pieces, level, options={"snap": True})
        self.history = [self.rules.initial_state()]
        self.view = View.fit(self.rules.board, BOARD_AREA.inflate(-24, -24))
        self._reset_attempt()
        self.bg = self._render_background()
        self._fill_img, self._band_img, self._edge_img, self._fill_pos = self._render_fill()
        # orientations to render ahead of need, the likeliest (one turn either way) popped first
        n = self.pieces.steps
        first = [1, n - 1]
        turns = first + [t for t in range(1, n) if t not in first]
        self._warm: list[tuple[int, int, bool]] = [
            (i, t, f) for f in (True, False) for t in reversed(turns if not f else range(n))
            for i in range(self.pieces.count)]
        for i in range(self.pieces.count):  # the pictures the first frame needs
            self._sprite(i, 0, False)
            self._shadow(i, 0, False)

    def _reset_attempt(self) -> None:
        self.motions.clear()
        self.tweens.clear()
        self.held = None
        self.press = None
        self.particles.clear()
        self.fill_t0 = None
        self.hint_glow = None
        self.refused_at = None
        self.watching = False
        self.watched = False
        self.started = False
        self.elapsed = 0.0
        self.hints_used = 0
        self.solve_btn.set_text("Watch solution")
        self.reset_solved()

    def _build_chooser(self) -> None:
        r = pygame.Rect(SIDE.x, SIDE.y + 270, SIDE.width, 150)
        prev = button(self.ui, (r.x + 12, r.bottom - 52, 150, 40), "‹ Previous",
                      "The figure before (Page Up)")
        nxt = button(self.ui, (r.right - 162, r.bottom - 52, 150, 40), "Next ›",
                     "The next figure (Page Down)")
        self.chooser = {"prev": prev, "next": nxt}
        self.extra_buttons[prev] = lambda: self.set_figure(self.figure - 1)
        self.extra_buttons[nxt] = lambda: self.set_figure(self.figure + 1)

    def set_figure(self, index: int) -> None:
        """Free play: change to another figure (wrapping round)."""
        if self.info is not None or not self.figures:
            return
        self.figure = index % len(self.figures)
        level = self.figures[self.figure].level
        assert isinstance(level, Level)
        self._setup(level)
        self.app.sounds.play("slide")

    # -- state ---------------------------------------------------------------------------------------
    @property
    def state(self) -> PuzzleState:
        return self.history[-1]

    def solved(self) -> bool:
        return self.rules.solved(self.state)

    def placed_count(self) -> int:
        """Pieces lying inside the figure (the side panel's counter): one sticking out of it is
        not placed, wherever its centre lies."""
        return sum(self._assessment()[0])

    def _assessment(self) -> tuple[list[bool], list[Fault]]:
        """Which pieces lie inside the figure and, once every piece is out of the tray, what
        keeps them from solving it (worst first); computed once per position."""
        key = self.state.key()
        if self._assessed is None or self._assessed[0] != key:
            state = self.state
            inside = inside_figure(self.pieces, state.placements, self.level.silhouette)
            out = [i for i in range(self.pieces.count) if not self.rules.at_home(state, i)]
            found: list[Fault] = []
            if len(out) == self.pieces.count and not self.rules.solved(state):
                found = faults(self.pieces, state.placements, self.level.silhouette, out)
            self._assessed = (key, inside, found, None)
        return self._assessed[1], self._assessed[2]

    def fault(self) -> Fault | None:
        """The worst thing wrong with a figure that has every piece out and is not solved."""
        found = self._assessment()[1]
        return found[0] if found and not self.is_solved else None

    def fault_text(self, f: Fault) -> tuple[str, str]:
        """The fault in words for the status bar: which piece is wrong, and by how much."""
        pct = f"{max(1, round(100 * f.share))} %"
        if f.kind == "outside":
            return (f"The {self.piece_name(f.pieces[0])} sticks out of the figure",
                    f"{pct} of it, in red")
        if f.kind == "overlap":
            # name first the piece caught in most faults: the likeliest one out of place
            found = self._assessment()[1]
            a, b = sorted(f.pieces, key=lambda i: (-sum(i in g.pieces for g in found),
                                                   self.pieces.areas[i]))
            small = a if self.pieces.areas[a] <= self.pieces.areas[b] else b
            whose = "it" if small == a else f"the {self.piece_name(small)}"
            return (f"The {self.piece_name(a)} overlaps the {self.piece_name(b)}",
                    f"{pct} of {whose}, in red")
        return "Part of the figure is still bare", f"{pct} of it, in red"

    def moves_text(self) -> str:
        return f"{self.placed_count()}/{self.pieces.count} placed"

    def has_progress(self) -> bool:
        return any(not self.rules.at_home(self.state, i) for i in range(self.pieces.count))

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        states[self.undo_btn] = len(self.history) > 1 or self.held is not None
        states[self.restart_btn] = len(self.history) > 1
        return states

    def par_text(self) -> str:
        if self.free:
            return ""
        m, s = divmod(self.level.par_seconds, 60)
        return f"par {m}:{s:02d}"

    def move_count(self) -> int | None:
        return None  # every drag is a move here: a count would measure nothing useful

    def stars(self) -> int:
        if self.watched and not self.free:
            return 0
        return int(self.stars_fn(self.elapsed, float(self.level.par_seconds), self.hints_used))

    def check_solved(self) -> None:
        if self.is_solved or not self.solved():
            return
        self.held = None
        self.press = None
        if self.watched and not self.free:
            # shown, not solved: celebrate the figure but record nothing (no stars, no unlock)
            self.is_solved = True
            self.solved_t = self.t
            self.earned = 0
            self.app.sounds.play("win")
        else:
            super().check_solved()
        self.watching = False
        self.solve_btn.set_text("Watch solution")

    def piece_name(self, i: int) -> str:
        """How the screen names a piece: "large triangle", or "piece 8" when pieces are numbered."""
        return f"piece {self.pieces.ids[i].lstrip('P')}" if self.numbered else self.pieces.names[i]

    # -- sprites -------------------------------------------------------------------------------------
    def _skey(self, kind: str, i: int, turn: int, flipped: bool) -> tuple[Any, ...]:
        return (kind, self.pieces.name, i, turn % self.pieces.steps, flipped,
                round(self.view.scale, 3), self.styles[i], self.numbered)

    def _sprite(self, i: int, turn: int, flipped: bool) -> pygame.Surface:
        label = self.pieces.ids[i].lstrip("P") if self.numbered else ""
        scale = self.view.scale
        return SPRITES.get(self._skey("piece", i, turn, flipped), lambda: render_piece(
            self.pieces, i, turn, flipped, scale, self.styles[i], label))

    def _shadow(self, i: int, turn: int, flipped: bool) -> pygame.Surface:
        scale = self.view.scale
        return SPRITES.get(self._skey("shadow", i, turn, flipped), lambda: render_shadow(
            self.pieces, i, turn, flipped, scale))

    def _outline(self, kind: str, i: int, turn: int, flipped: bool) -> pygame.Surface:
        scale = self.view.scale
        return SPRITES.get(self._skey(kind, i, turn, flipped), lambda: render_outline(
            self.pieces, i, turn, flipped, scale, kind))

    def _turned(self, key: tuple[Any, ...], img: pygame.Surface, angle: float) -> pygame.Surface:
        """`img` turned `angle` degrees counter-clockwise (cached in 3° steps)."""
        q = round(angle / 3.0) * 3
        if q % 360 == 0:
            return img
        return TURNED.get((key, q), lambda: pygame.transform.rotate(img, q))

    # -- background ------------------------------------------------------------------------------
    def _tray_rect(self) -> pygame.Rect:
        """Screen rectangle of the tray (every home place with a margin)."""
        rings = [self.pieces.vertices(i, p) for i, p in enumerate(self.rules.homes)]
        x0, y0, x1, y1 = bounds(rings)
        a, b = self.view.to_screen((x0, y1)), self.view.to_screen((x1, y0))
        m = self.pieces.side / 16 * self.view.scale
        return pygame.Rect(a[0] - m, a[1] - m, b[0] - a[0] + 2 * m, b[1] - a[1] + 2 * m)

    def _render_background(self) -> pygame.Surface:
        """The table, a soft light on the figure, the tray with each piece's place, the shadow."""
        surf = pygame.Surface(BOARD_AREA.size)
        surf.fill(theme.BG)
        local = pygame.Rect(0, 0, *BOARD_AREA.size)
        theme.panel(surf, local, TABLE, 16, theme.LINE)
        view = self.view.shifted(-BOARD_AREA.x, -BOARD_AREA.y)
        x0, y0, x1, y1 = bounds(r.outer for r in self.level.silhouette)
        cx, cy = view.to_screen(((x0 + x1) / 2, (y0 + y1) / 2))
        glow = pygame.Surface(local.size, pygame.SRCALPHA)
        reach = max(x1 - x0, y1 - y0) * view.scale * 0.95
        for n in range(14, 0, -1):
            r = reach * n / 14
            pygame.draw.circle(glow, (*theme.PANEL_LIGHT, int(10 * (1 - n / 14)) + 2), (cx, cy), r)
        surf.blit(glow, (0, 0))
        tray = self._tray_rect().move(-BOARD_AREA.x, -BOARD_AREA.y)
        theme.panel(surf, tray, TRAY, 14, theme.shade(TABLE, 1.12))
        theme.blit_text(surf, "Tray", (tray.x + 12, tray.y + 6), 14, theme.TEXT_DIM, True)
        slots = pygame.Surface(local.size, pygame.SRCALPHA)
        for i, p in enumerate(self.rules.homes):
            pts = view.ring(self.pieces.vertices(i, p))
            pygame.draw.polygon(slots, (0, 0, 0, 40), pts)
            _dashed(slots, (*theme.LINE, 200), pts, 1, 6, 5)
        surf.blit(slots, (0, 0))
        fill_region(surf, view, self.level.silhouette, SHADOW, SHADOW_EDGE, edge_width=1.2)
        return _fast(surf, alpha=False)

    def _render_fill(self) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface,
                                    tuple[int, int]]:
        """The completed figure's gold fill, the brighter band that sweeps up it, its contour."""
        rings = silhouette_rings(self.level.silhouette)
        x0, y0, x1, y1 = bounds(rings)
        a, b = self.view.to_screen((x0, y1)), self.view.to_screen((x1, y0))
        left, top = math.floor(a[0]) - 6, math.floor(a[1]) - 6
        size = (math.ceil(b[0]) + 6 - left, math.ceil(b[1]) + 6 - top)
        local = self.view.shifted(-left, -top)
        fill = pygame.Surface(size, pygame.SRCALPHA)
        fill_region(fill, local, self.level.silhouette,
                    gradient=((*FILL_TOP, 235), (*theme.mix(FILL_TOP, FILL_BOTTOM, 0.5), 225),
                              (*FILL_BOTTOM, 235)),
                    edge=(255, 244, 214), edge_width=2.5)
        band = pygame.Surface(size, pygame.SRCALPHA)
        fill_region(band, local, self.level.silhouette, (255, 250, 232))
        edge = pygame.Surface(size, pygame.SRCALPHA)
        for region in self.level.silhouette:
            for ring in (region.outer, *region.holes):
                pts = local.ring(ring)
                pygame.draw.polygon(edge, (*theme.ACCENT, 90), pts, 6)
        big = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
        for region in self.level.silhouette:
            for ring in (region.outer, *region.holes):
                pts = [(x * SS, y * SS) for x, y in local.ring(ring)]
                pygame.draw.polygon(big, (255, 226, 150), pts, 3 * SS)
        edge.blit(pygame.transform.smoothscale(big, size), (0, 0))
        return _fast(fill), _fast(band), _fast(edge), (left, top)

    # -- moves -------------------------------------------------------------------------------------
    def _commit(self, move: Move) -> PuzzleState:
        """Play a move the rules accept on the history (no animation); returns the state before."""
        before = self.state
        after = self.rules.play(before, move)
        self.history.append(after)
        self.hints_used = max(self.hints_used, after.hints)
        self.started = True
        return before

    def submit(self, move: Move, shown: dict[int, Placement] | None = None, *,
               sound: str = "place") -> bool:
        """Ask the rules; refuse with their reason or play the move and animate it.

        `shown` gives where pieces are drawn now when that is not their place in the state (the
        piece just dropped from the hand), so the animation starts from what the player sees.
        """
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.refuse(reason[:1].upper() + reason[1:] + ".")
            piece = getattr(move, "piece", None)
            if isinstance(piece, int):
                self.refused_at = (piece, self.tweens.add(0.45, linear, tag="refused"))
            return False
        try:
            before = self._commit(move)
        except IllegalMove as exc:  # check passed but play found nothing to do (a spent hint)
            self.refuse(str(exc)[:1].upper() + str(exc)[1:] + ".")
            return False
        self.hint_glow = None
        self._animate(before, move, self.state, shown or {})
        self.app.sounds.play(sound)
        self.check_solved()
        return True

    def _animate(self, before: PuzzleState, move: Move, after: PuzzleState,
                 shown: dict[int, Placement]) -> None:
        n = self.pieces.steps
        step_deg = 360.0 / n
        changed = [i for i in range(self.pieces.count)
                   if before.placements[i] != after.placements[i] or i in shown]
        hinted = after.order[-1] if isinstance(move, Hint) else None
        for i in changed:
            a = shown.get(i, self._shown_placement(i, before))
            b = after.placements[i]
            if a == b:
                self.motions.pop(i, None)
                continue
            dist = math.hypot(b.x - a.x, b.y - a.y) * self.view.scale
            if isinstance(move, Rotate):
                spin, dur, easing, delay = move.steps * step_deg, 0.18, ease_out, 0.0
            else:
                d = (b.turn - a.turn) % n
                spin = (d if d <= n // 2 else d - n) * step_deg
                if i == hinted:
                    dur, easing, delay = 0.55 + dist / 2400, ease_in_out, 0.22
                elif isinstance(move, Place) and i == move.piece and not shown:
                    dur, easing, delay = 0.18, ease_out, 0.0
                elif isinstance(move, Place) and i == move.piece:
                    dur, easing, delay = 0.1 + dist / 3000, ease_out, 0.0
                else:
                    dur, easing, delay = 0.22 + dist / 2600, ease_in_out, 0.0
                if a.flipped != b.flipped and a.turn == (-b.turn) % n:
                    spin = 0.0  # a flip in place: the squash shows it
            tw = self.tweens.add(dur, easing, delay, tag="motion")
            arc = min(40.0, dist * 0.12) if i == hinted else 0.0
            self.motions[i] = Motion(a, b, tw, spin, lifted=i == hinted, arc=arc)
        if hinted is not None:
            self.hint_glow = (hinted, self.t + 0.22)

    def _shown_placement(self, i: int, state: PuzzleState) -> Placement:
        """Where piece i looks to be now: its motion's target (close enough), or its place."""
        m = self.motions.get(i)
        if m is not None and not m.tween.done:
            u = m.tween.value
            return Placement(lerp(m.a.x, m.b.x, u), lerp(m.a.y, m.b.y, u), m.b.turn, m.b.flipped)
        return state.placements[i]

    def _settle(self) -> None:
        """Finish every motion at once (a quick player never waits for an animation)."""
        for m in self.motions.values():
            m.tween.elapsed = m.tween.delay + m.tween.duration
            m.tween.done = True
        self.motions.clear()
        self.tweens.items = [tw for tw in self.tweens.items if tw.tag != "motion"]

    def _place_solution_piece(self) -> None:
        """Tools: one more piece of the reference solution, placed directly (not a hint)."""
        result = self.rules.hint_placements(self.state)
        if result is None:
            return
        new, mover = result
        for j in range(self.pieces.count):
            if j != mover and new[j] != self.state.placements[j]:
                self._commit(PickUp(j))
        p = new[mover]
        self._commit(Place(mover, p.x, p.y, p.turn, p.flipped))

    # -- holding a piece -------------------------------------------------------------------------
    def _clamp(self, p: Placement) -> Placement:
        x0, y0, x1, y1 = self.rules.board
        return Placement(min(x1, max(x0, p.x)), min(y1, max(y0, p.y)), p.turn, p.flipped)

    def _pick(self, i: int, offset: Point, mouse: bool) -> None:
        if self.is_solved:
            return
        self._settle()
        p = self.state.placements[i]
        self.held = Held(i, p, p, offset, mouse)
        self.selected = i
        self.started = True
        self._update_ghost()
        self.app.sounds.play("click", 0.6)

    def _update_ghost(self) -> None:
        h = self.held
        if h is None:
            return
        snapped = self.rules.snap(self.state, h.piece, h.raw)
        h.ghost = snapped if snapped != h.raw else None
        h.contacts = self._contacts(h.piece, snapped) if h.ghost is not None else ()

    def _contacts(self, i: int, p: Placement) -> tuple[Point, ...]:
        """Corners of the snapped piece that land on the silhouette or another piece."""
        rings: list[Ring] = list(silhouette_rings(self.level.silhouette))
        for j, q in enumerate(self.state.placements):
            if j != i and q != self.rules.homes[j]:
                rings.append(self.pieces.vertices(j, q))
        out = []
        for v in self.pieces.vertices(i, p):
            if any(_on_segment(v, ring[k], ring[(k + 1) % len(ring)])
                   for ring in rings for k in range(len(ring))):
                out.append(v)
        return tuple(out)

    def _held_turn(self, steps: int = 0, flip: bool = False) -> None:
        """Turn or flip the piece in the hand (part of the coming drop: one undo step)."""
        h = self.held
        if h is None:
            return
        old = h.raw
        if flip:
            new = self.pieces.flipped_in_place(old)
            spin = 0.0
        else:
            new = Placement(old.x, old.y, (old.turn + steps) % self.pieces.steps, old.flipped)
            spin = steps * 360.0 / self.pieces.steps
        if h.mouse:
            # keep the grabbed point under the pointer: the piece turns about the pointer
            ox, oy = h.offset
            if flip:
                h.offset = (-ox, oy)
            else:
                a = math.radians(spin)
                h.offset = (ox * math.cos(a) - oy * math.sin(a), ox * math.sin(a) + oy * math.cos(a))
            px, py = self.view.to_frame(self.mouse)
            new = Placement(px + h.offset[0], py + h.offset[1], new.turn, new.flipped)
        h.turn_from = (old.turn, old.flipped, self.tweens.add(0.16, ease_out, tag="turn"), spin)
        h.raw = self._clamp(new)
        self._update_ghost()
        self.app.sounds.play("tick", 0.5)

    def _drop(self) -> None:
        """Let go of the held piece: it lands on its ghost (snapped) or where it is."""
        h = self.held
        if h is None:
            return
        self.held = None
        target = h.ghost or h.raw
        if target == h.start:
            return
        home = self.rules.homes[h.piece]
        near_home = math.hypot(target.x - home.x, target.y - home.y) < self.pieces.side / 8
        if near_home and target.turn == home.turn and target.flipped == home.flipped:
            if self.rules.at_home(self.state, h.piece):
                self._put_back(h)  # lifted and laid back in its own place: nothing happened
                return
            move: Move = PickUp(h.piece)
            sound = "slide"
        else:
            move = Place(h.piece, target.x, target.y, target.turn, target.flipped)
            sound = "place" if h.ghost is not None else "drop"
        if not self.submit(move, {h.piece: h.raw}, sound=sound):
            self._put_back(h)

    def _put_back(self, h: Held) -> None:
        """The hand lets the piece go back where it lay (Esc, refusals)."""
        if self.held is h:
            self.held = None
        a, b = h.raw, h.start
        if a != b:
            d = (b.turn - a.turn) % self.pieces.steps
            n = self.pieces.steps
            spin = (d if d <= n // 2 else d - n) * 360.0 / n
            self.motions[h.piece] = Motion(a, b, self.tweens.add(0.22, ease_in_out, tag="motion"),
                                           spin)

    def _demo_drag(self, i: int) -> None:
        """Tools: hold piece i just off its place in the solution, as a player would mid-drag."""
        target = self.level.solution[i]
        if self.state.placements[i] == target:
            return
        nudge = self.pieces.side * 0.04
        raw = Placement(target.x + nudge, target.y - nudge * 0.85, target.turn, target.flipped)
        self.mouse = self.view.to_screen((raw.x, raw.y))
        self.held = Held(i, self.state.placements[i], raw, (0.0, 0.0), True)
        self.selected = i
        self._update_ghost()

    # -- hooks of the puzzle frame -----------------------------------------------------------------
    def undo(self) -> None:
        self._stop_watching()
        if self.held is not None:
            self._put_back(self.held)
            return
        if len(self.history) <= 1:
            self.app.toast("Nothing to undo.", "info")
            return
        self._settle()
        after = self.history.pop()
        before = self.state
        shown = {i: after.placements[i] for i in range(self.pieces.count)
                 if after.placements[i] != before.placements[i]}
        for i, a in shown.items():
            b = before.placements[i]
            n = self.pieces.steps
            d = (b.turn - a.turn) % n
            spin = (d if d <= n // 2 else d - n) * 360.0 / n
            if a.flipped != b.flipped and a.turn == (-b.turn) % n:
                spin = 0.0
            dist = math.hypot(b.x - a.x, b.y - a.y) * self.view.scale
            self.motions[i] = Motion(a, b, self.tweens.add(0.18 + dist / 2800, ease_in_out,
                                                           tag="motion"), spin)
        self.hint_glow = None
        if self.is_solved:
            self.reset_solved()
            self.particles.clear()
            self.fill_t0 = None
        self.app.sounds.play("slide")

    def restart(self) -> None:
        self._stop_watching()
        self._settle()
        old = self.state
        self.history = [self.rules.initial_state()]
        self._reset_attempt()
        order = [i for i in reversed(old.order) if old.placements[i] != self.state.placements[i]]
        for k, i in enumerate(order):
            a, b = old.placements[i], self.state.placements[i]
            dist = math.hypot(b.x - a.x, b.y - a.y) * self.view.scale
            n = self.pieces.steps
            d = (b.turn - a.turn) % n
            spin = 0.0 if a.flipped != b.flipped else (d if d <= n // 2 else d - n) * 360.0 / n
            tw = self.tweens.add(0.25 + dist / 3000, ease_in_out, 0.04 * k, tag="motion")
            self.motions[i] = Motion(a, b, tw, spin)
        if order:
            self.app.sounds.play("slide")

    def hint(self) -> None:
        if self.is_solved:
            self.app.toast("Already solved.", "info")
            return
        if self.held is not None:
            self._put_back(self.held)
        self._settle()
        if not self.rules.planned(self.state) and not self.solved():
            # the search round the player's pieces may take a moment (up to about a second on
            # the Ostomachion): it runs beside the frames, and the hint lands when it is found
            if self._hint_job is None:
                job = threading.Thread(target=self.rules.plan_hint, args=(self.state,),
                                       daemon=True)
                self._hint_job = (job, self.state.key())
                job.start()
                job.join(HINT_WAIT)
            if self._hint_job[0].is_alive():
                self.app.toast("Looking for a solution around your pieces…", "info", 2)
                return
            self._hint_job = None
        plan = self.rules.plan_hint(self.state)
        if self.submit(Hint(), sound="tip") and plan is not None:
            self.app.toast(self.hint_note(plan), "good", 3 if plan.kind == "build" else 6)

    def _poll_hint(self) -> None:
        """A hint search finished: give the hint, if the pieces have not moved meanwhile."""
        if self._hint_job is None or self._hint_job[0].is_alive():
            return
        key = self._hint_job[1]
        self._hint_job = None
        if key == self.state.key() and not self.is_solved and self.held is None:
            self.hint()

    def hint_note(self, plan: HintPlan) -> str:
        """What the hint did, in words: above all when it could not keep every placed piece."""
        name = self.piece_name(plan.piece)
        cost = "" if self.free else " Each hint costs a star."
        if plan.kind == "blocker":
            return (f"No solution keeps all your pieces where they are: the {name} had to move. "
                    f"The others stay.{cost}")
        if plan.kind == "stored":
            return (f"Your pieces cannot all stay in any solution: the {name} goes to its place in "
                    f"the model solution, and pieces in its way went back to the tray.{cost}")
        if plan.kind == "cut":
            return (f"No quick way round your pieces was found: the {name} goes to its place in "
                    f"the model solution.{cost}")
        return f"Hint: the {name} goes here; your pieces stay.{cost}"

    def watch_solution(self) -> None:
        if self.watching:
            self._stop_watching()
            return
        if self.is_solved:
            self.app.toast("Already solved — R plays it again.", "info")
            return
        if self.held is not None:
            self._put_back(self.held)
        self.watching = True
        self.watch_wait = 0.2
        self.solve_btn.set_text("Stop watching")
        if not self.watched and not self.free:
            self.app.toast("Watching a solution: no stars for this attempt (R starts afresh). "
                           "Click or press a key to stop.", "info", 5)
        else:
            self.app.toast("Watching a solution. Click or press a key to stop.", "info", 3)
        self.watched = True

    def _stop_watching(self) -> None:
        if self.watching:
            self.watching = False
            self.solve_btn.set_text("Watch solution")

    def back(self) -> None:
        if self.modal is None:
            if self.watching:
                self._stop_watching()
                return
            if self.held is not None:
                self._put_back(self.held)
                return
        super().back()

    # -- events --------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is None and self.watching and event.type in (pygame.KEYDOWN,
                                                                   pygame.MOUSEBUTTONDOWN):
            if not (event.type == pygame.MOUSEBUTTONDOWN
                    and self.solve_btn.rect.collidepoint(event.pos)):
                self._stop_watching()
                self.app.toast("Stopped: your turn.", "info", 2)
            return
        if self.modal is None and event.type == pygame.KEYDOWN and self.held is not None and (
                event.key in (pygame.K_h, pygame.K_r)
                or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)):
            self._put_back(self.held)  # hint, restart and undo start from the board at rest
        super().process_event(event)

    def _piece_under(self, pos: Sequence[float]) -> int | None:
        if not BOARD_AREA.collidepoint(pos):
            return None
        return self.rules.piece_at(self.state, self.view.to_frame(pos))

    def _solved_notice(self) -> None:
        more = ", Enter opens the next level" if self.next_info() is not None else ""
        self.app.toast(f"Solved! R plays it again{more}.", "info")

    def board_event(self, event: pygame.event.Event) -> None:
        self.last_input = self.t
        if event.type == pygame.MOUSEMOTION:
            self._on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not BOARD_AREA.collidepoint(event.pos) or self.ui.get_hovering_any_element():
                return
            self.mouse = (float(event.pos[0]), float(event.pos[1]))
            i = self._piece_under(event.pos)
            if self.held is not None and not self.held.mouse:
                self._drop()  # a click while carrying with the keys lets the piece go
                return
            if i is None:
                self.selected = None
                return
            if self.is_solved:
                p = self.state.placements[i]
                self.selected = i
                self.submit(Place(i, p.x, p.y, p.turn, p.flipped))  # refused, with the reason
                return
            if self.last_click is not None and self.last_click[0] == i \
                    and self.t - self.last_click[1] <= DOUBLE_CLICK:
                self.last_click = None
                self.selected = i
                self.flip_piece(i)
                return
            p = self.state.placements[i]
            fx, fy = self.view.to_frame(event.pos)
            self.press = (i, self.mouse, (p.x - fx, p.y - fy))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if self.held is not None and self.held.mouse:
                self._drop()
                self.last_click = None
            elif press is not None:
                self.selected = press[0]
                self.last_click = (press[0], self.t)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.held is not None:
                self._held_turn(-1)
                return
            i = self._piece_under(event.pos)
            if i is not None:
                self.selected = i
                self.turn_piece(i, -1)
        elif event.type == pygame.MOUSEWHEEL:
            steps = 1 if event.y > 0 else -1 if event.y < 0 else 0
            if not steps:
                return
            if self.held is not None:
                self._held_turn(steps)
                return
            i = self._piece_under(self.mouse)
            if i is not None:
                self.selected = i
                self.turn_piece(i, steps)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.keys_down.pop(event.key, None)

    def _on_motion(self, pos: Sequence[float]) -> None:
        self.mouse = (float(pos[0]), float(pos[1]))
        if self.press is not None and self.held is None:
            i, where, offset = self.press
            if math.dist(where, self.mouse) > DRAG_START:
                self.press = None
                self._pick(i, offset, mouse=True)
        h = self.held
        if h is not None and h.mouse:
            fx, fy = self.view.to_frame(self.mouse)
            h.raw = self._clamp(Placement(fx + h.offset[0], fy + h.offset[1], h.raw.turn,
                                          h.raw.flipped))
            self._update_ghost()
            self.hover = None
        elif h is None:
            self.hover = self._piece_under(self.mouse)

    def turn_piece(self, i: int, steps: int) -> None:
        """Turn a piece at rest one step (positive: counter-clockwise); it snaps if it is near."""
        self._settle()
        p = self.state.placements[i]
        new = Placement(p.x, p.y, (p.turn + steps) % self.pieces.steps, p.flipped)
        self._turn_to(i, new, Rotate(i, steps), steps * 360.0 / self.pieces.steps)

    def flip_piece(self, i: int) -> None:
        """Turn a piece at rest over (mirror left to right); it snaps if it is near."""
        self._settle()
        p = self.state.placements[i]
        self._turn_to(i, self.pieces.flipped_in_place(p), Flip(i), 0.0)

    def _turn_to(self, i: int, new: Placement, plain: Move, spin: float) -> None:
        """Play a turn or flip: as itself in the tray, as a snapped drop on the board."""
        old = self.state.placements[i]
        move = plain
        if not self.rules.at_home(self.state, i) and not self.is_solved:
            snapped = self.rules.snap(self.state, i, new)
            if snapped != new:
                move = Place(i, snapped.x, snapped.y, snapped.turn, snapped.flipped)
        if not self.submit(move, sound="tick"):
            return
        m = self.motions.get(i)
        b = self.state.placements[i]
        if m is not None:
            m.a, m.b, m.spin = old, b, spin
        else:
            self.motions[i] = Motion(old, b, self.tweens.add(0.18, ease_out, tag="motion"), spin)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.info is None:
            self.set_figure(self.figure + (1 if key == pygame.K_PAGEDOWN else -1))
            return
        if self.is_solved and key not in (pygame.K_q, pygame.K_e, pygame.K_f):
            if key in (pygame.K_TAB, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
                       pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_DELETE):
                self._solved_notice()
            return
        count = self.pieces.count
        if key == pygame.K_TAB:
            if self.held is not None:
                self._drop()
            cur = self.selected if self.selected is not None else (-1 if not shift else 0)
            self.selected = (cur + (-1 if shift else 1)) % count
            self.app.sounds.play("tick", 0.4)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            if self.held is None:
                if self.selected is None:
                    self.selected = self.state.order[-1]
                self._pick(self.selected, (0.0, 0.0), mouse=False)
            self.keys_down[key] = 0.0
            self.keys_fine = shift
            self._nudge(key, shift, 1.0)
        elif key in (pygame.K_q, pygame.K_e):
            steps = 1 if key == pygame.K_q else -1
            if self.held is not None:
                self._held_turn(steps)
            elif self.selected is not None:
                self.turn_piece(self.selected, steps)
            else:
                self.app.toast("Tab picks a piece first (or point at one and use the wheel).",
                               "info")
        elif key == pygame.K_f:
            if self.held is not None:
                self._held_turn(flip=True)
            elif self.selected is not None:
                self.flip_piece(self.selected)
            else:
                self.app.toast("Tab picks a piece first (or double-click one).", "info")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.held is not None:
                self._drop()
            elif self.selected is not None and not self.rules.at_home(self.state, self.selected):
                # snap a piece at rest where it lies
                i = self.selected
                p = self.state.placements[i]
                s = self.rules.snap(self.state, i, p)
                if s != p:
                    self.submit(Place(i, s.x, s.y, s.turn, s.flipped))
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            target = self.held.piece if self.held is not None else (
                self.hover if self.hover is not None else self.selected)
            if target is None:
                return
            i = target
            if self.held is not None:
                shown = {i: self.held.raw}
                self.held = None
            else:
                shown = {}
            if shown and self.rules.at_home(self.state, i):
                # carried out of the tray and sent back before being dropped: no move at all
                self._put_back(Held(i, self.state.placements[i], shown[i], (0.0, 0.0), False))
                return
            self.submit(PickUp(i), shown, sound="slide")  # the rules refuse a piece at home

    def _nudge(self, key: int, fine: bool, amount: float) -> None:
        """Move the carried piece with the arrow keys: a step per press, a glide when held."""
        h = self.held
        if h is None or h.mouse:
            return
        step = self.pieces.side / (128 if fine else 32) * amount
        dx = {pygame.K_LEFT: -step, pygame.K_RIGHT: step}.get(key, 0.0)
        dy = {pygame.K_DOWN: -step, pygame.K_UP: step}.get(key, 0.0)
        h.raw = self._clamp(Placement(h.raw.x + dx, h.raw.y + dy, h.raw.turn, h.raw.flipped))
        self._update_ghost()

    # -- frame ---------------------------------------------------------------------------------------
    def in_motion(self) -> bool:
        """Pieces gliding, one in hand, the solution playing, the fill and sparkles."""
        return bool(super().in_motion() or self.motions or self.held is not None or self.watching
                    or self.particles or self.keys_down
                    or (self.hint_glow is not None and self.t < self.hint_glow[1] + 2.0))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll_hint()
        if not self.started:
            self.elapsed = 0.0  # the clock starts with the first move
        for i in [i for i, m in self.motions.items() if m.tween.done]:
            del self.motions[i]
        if self.keys_down and self.held is not None and not self.held.mouse:
            for key in list(self.keys_down):
                self.keys_down[key] += dt
                if self.keys_down[key] > KEY_REPEAT_DELAY:
                    # a held key glides a square's side per second (Shift: a quarter of it)
                    self._nudge(key, self.keys_fine, dt * 32)
        elif self.keys_down and self.held is None:
            self.keys_down.clear()
        if self.watching and not self.motions:
            self.watch_wait -= dt * max(self.tweens.speed, 0.01)
            if self.watch_wait <= 0:
                self.watch_wait = 0.25
                if not self.submit(Hint(), sound="slide"):
                    self._stop_watching()
        if self.is_solved and self.fill_t0 is None and not self.motions:
            self.fill_t0 = self.t
            self._spawn_party()
        if self.particles:
            for p in self.particles:
                p.age += dt
                p.x += p.vx * dt
                p.y += p.vy * dt
                if p.sparkle:
                    p.vy += 60 * dt
                    p.vx *= 0.985
                else:  # paper flutters down: a sway, little gravity
                    p.vy = min(420.0, p.vy + 160 * dt)
                    p.vx += math.sin(p.spin * 0.7) * 90 * dt
                p.spin += dt * 8
            self.particles = [p for p in self.particles if p.age < p.life]

    def _spawn_party(self) -> None:
        rng = random.Random(self.level.id)
        edge = [self.view.to_screen(p) for ring in silhouette_rings(self.level.silhouette)
                for p in ring]
        rings = [self.view.ring(r.outer) for r in self.level.silhouette]
        points: list[ScreenPoint] = []
        for ring in rings:
            for k in range(len(ring)):
                a, b = ring[k], ring[(k + 1) % len(ring)]
                n = max(1, int(math.dist(a, b) / 18))
                points += [(lerp(a[0], b[0], j / n), lerp(a[1], b[1], j / n)) for j in range(n)]
        points = points or edge
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        colours = [s.colour for s in self.styles] + [FILL_TOP, (255, 255, 255)]
        for _ in range(70):
            x, y = rng.choice(points)
            out = math.atan2(y - cy, x - cx) + rng.uniform(-0.5, 0.5)
            v = rng.uniform(40, 150)
            self.particles.append(Particle(x, y, math.cos(out) * v, math.sin(out) * v - 40,
                                           rng.choice([FILL_TOP, (255, 255, 255), (255, 236, 170)]),
                                           rng.uniform(5, 11), rng.uniform(0.7, 1.5),
                                           rng.uniform(0, 6), True, -rng.uniform(0, 0.5)))
        xs = [p[0] for p in points]
        for _ in range(55):
            x = rng.uniform(min(xs) - 90, max(xs) + 90)
            self.particles.append(Particle(x, BOARD_AREA.y - rng.uniform(0, 140),
                                           rng.uniform(-40, 40), rng.uniform(200, 320),
                                           rng.choice(colours), rng.uniform(9, 14),
                                           rng.uniform(1.5, 1.9), rng.uniform(0, 6), False,
                                           -rng.uniform(0.1, 0.4)))

    # -- drawing -------------------------------------------------------------------------------------
    def _layer(self, moving: frozenset[int]) -> pygame.Surface:
        """The board with every piece at rest on it, redrawn only when that picture changes
        (a move, the end of an animation): a frame then blits it once and draws only what moves."""
        key = (self.level.id, self.view, self.state, moving)
        cached = getattr(self, "_layer_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        layer = self.bg.copy()
        ox, oy = BOARD_AREA.topleft
        rest = [(i, self.state.placements[i]) for i in self.state.order if i not in moving]
        for i, p in rest:
            c = self.view.to_screen((p.x, p.y))
            self._blit_centred(layer, self._shadow(i, p.turn, p.flipped), (c[0] - ox, c[1] - oy),
                               3, 4)
        for i, p in rest:
            c = self.view.to_screen((p.x, p.y))
            self._blit_centred(layer, self._sprite(i, p.turn, p.flipped), (c[0] - ox, c[1] - oy))
        self._layer_cache = (key, layer)
        return layer

    def draw_board(self, surface: pygame.Surface) -> None:
        held = self.held.piece if self.held is not None else None
        moving = [i for i in self.state.order
                  if i in self.motions and not self.motions[i].tween.done]
        surface.blit(self._layer(frozenset(moving + ([held] if held is not None else []))),
                     BOARD_AREA.topleft)
        for i in moving:
            self._draw_piece(surface, i, self.motions[i], shadow_only=True)
        for i in moving:
            self._draw_piece(surface, i, self.motions[i])
        self._draw_marks(surface)
        if self.held is None and not moving:
            self._draw_fault(surface)
        if self.held is not None:
            self._draw_held(surface, self.held)
        if self.fill_t0 is not None:
            self._draw_fill(surface)
        if self.particles:
            self._draw_particles(surface)
        if self._warm and not moving and self.held is None and not self.is_solved \
                and self.t - self.last_input > 0.5:
            # the player is thinking: render one more orientation ahead of need
            i, t, f = self._warm.pop()
            self._sprite(i, t, f)
            self._shadow(i, t, f)

    def _draw_fault(self, surface: pygame.Surface) -> None:
        """Every wrong area in see-through red, so "by how much" shows on the board."""
        if self.fault() is None or self._assessed is None:
            return
        img = self._assessed[3]
        if img is None:
            img = pygame.Surface(BOARD_AREA.size, pygame.SRCALPHA)
            for ring in (r for f in self._assessed[2] for r in f.rings):
                pts = [(x - BOARD_AREA.x, y - BOARD_AREA.y) for x, y in self.view.ring(ring)]
                if len(pts) >= 3:
                    pygame.draw.polygon(img, (235, 45, 45, 170), pts)
                    pygame.draw.polygon(img, (255, 235, 225, 255), pts, 2)
            self._assessed = (*self._assessed[:3], img)
        surface.blit(img, BOARD_AREA.topleft)

    def _blit_centred(self, surface: pygame.Surface, img: pygame.Surface, centre: ScreenPoint,
                      dx: float = 0.0, dy: float = 0.0) -> None:
        w, h = img.get_size()
        surface.blit(img, (round(centre[0] + dx - w / 2), round(centre[1] + dy - h / 2)))

    def _draw_piece(self, surface: pygame.Surface, i: int, where: Placement | Motion,
                    shadow_only: bool = False, lift: float = 0.0) -> None:
        """A piece at rest, or on its way (position, turn and side eased along its motion)."""
        if isinstance(where, Placement):
            c = self.view.to_screen((where.x, where.y))
            if shadow_only:
                self._blit_centred(surface, self._shadow(i, where.turn, where.flipped), c, 3, 4)
            else:
                self._blit_centred(surface, self._sprite(i, where.turn, where.flipped), c)
            return
        m = where
        u = m.tween.value
        pos = self.view.to_screen((lerp(m.a.x, m.b.x, u), lerp(m.a.y, m.b.y, u)))
        if m.arc:
            pos = (pos[0], pos[1] - m.arc * math.sin(math.pi * u))
        up = (math.sin(math.pi * u) * 8 if m.lifted else 0.0) + lift
        self._draw_oriented(surface, i, pos, m.a, m.b, u, m.spin, shadow_only, up)

    def _draw_oriented(self, surface: pygame.Surface, i: int, pos: ScreenPoint, a: Placement,
                       b: Placement, u: float, spin: float, shadow_only: bool, up: float) -> None:
        """Piece i between orientation a and b at progress u (turning, or squashed to turn over)."""
        sx, sy = 3 + up, 4 + up * 1.3
        if a.flipped != b.flipped:
            src = a if u < 0.5 else b
            width = abs(1 - 2 * u)
            img = self._shadow(i, src.turn, src.flipped) if shadow_only else \
                self._sprite(i, src.turn, src.flipped)
            w = max(1, round(img.get_width() * width))
            img = pygame.transform.scale(img, (w, img.get_height()))
        else:
            img = self._shadow(i, b.turn, b.flipped) if shadow_only else \
                self._sprite(i, b.turn, b.flipped)
            rest = -spin * (1 - u)
            if abs(rest) >= 1.5 and (a.turn != b.turn or spin):
                key = self._skey("shadow" if shadow_only else "piece", i, b.turn, b.flipped)
                img = self._turned(key, img, rest)
        if shadow_only:
            self._blit_centred(surface, img, pos, sx, sy)
        else:
            self._blit_centred(surface, img, pos)

    def _draw_held(self, surface: pygame.Surface, h: Held) -> None:
        i = h.piece
        if h.ghost is not None:
            g = h.ghost
            self._blit_centred(surface, self._outline("ghost", i, g.turn, g.flipped),
                               self.view.to_screen((g.x, g.y)))
            for v in h.contacts:
                c = self.view.to_screen(v)
                pygame.draw.circle(surface, theme.BG_DEEP, c, 6)
                pygame.draw.circle(surface, theme.ACCENT, c, 5, 2)
        pos = self.view.to_screen((h.raw.x, h.raw.y))
        if h.turn_from is not None and not h.turn_from[2].done:
            turn, flipped, tw, spin = h.turn_from
            a = Placement(h.raw.x, h.raw.y, turn, flipped)
            u = tw.value
            self._draw_oriented(surface, i, pos, a, h.raw, u, spin, True, 9)
            self._draw_oriented(surface, i, pos, a, h.raw, u, spin, False, 9)
        else:
            r = h.raw
            self._blit_centred(surface, self._shadow(i, r.turn, r.flipped), pos, 12, 16)
            img = self._sprite(i, r.turn, r.flipped)
            if h.ghost is not None:  # the ghost below shows through a little
                w, hh = img.get_size()
                theme.blit_faded(surface, img, (round(pos[0] - w / 2), round(pos[1] - hh / 2)),
                                 215)
            else:
                self._blit_centred(surface, img, pos)
            self._blit_centred(surface, self._outline("select", i, r.turn, r.flipped), pos)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Hover and selection outlines, the hint glow, the refusal shake."""
        state = self.state
        if self.is_solved:
            return
        if self.hint_glow is not None:
            i, since = self.hint_glow
            age = self.t - since
            if i in self.motions or age < 0:
                pass
            elif age < 2.4:
                p = state.placements[i]
                img = self._outline("hint", i, p.turn, p.flipped)
                pulse = 0.5 + 0.5 * math.cos(age * 6)
                alpha = int(255 * min(1.0, (2.4 - age) / 0.6) * (0.45 + 0.55 * pulse))
                c = self.view.to_screen((p.x, p.y))
                w, h = img.get_size()
                theme.blit_faded(surface, img, (round(c[0] - w / 2), round(c[1] - h / 2)), alpha)
            else:
                self.hint_glow = None
        if self.held is None:
            if self.hover is not None and self.hover not in self.motions \
                    and self.hover != self.selected:
                p = state.placements[self.hover]
                self._blit_centred(surface, self._outline("hover", self.hover, p.turn, p.flipped),
                                   self.view.to_screen((p.x, p.y)))
            if self.selected is not None and self.selected not in self.motions:
                p = state.placements[self.selected]
                dx = 0.0
                if self.refused_at is not None and self.refused_at[0] == self.selected \
                        and not self.refused_at[1].done:
                    dx = shake(self.refused_at[1].t) * 8
                self._blit_centred(surface, self._outline("select", self.selected, p.turn,
                                                          p.flipped),
                                   self.view.to_screen((p.x, p.y)), dx)

    def _draw_fill(self, surface: pygame.Surface) -> None:
        """The completed figure fills with gold from the bottom up behind a bright band, glows a
        moment, then clears to show the pieces again inside a gold contour."""
        assert self.fill_t0 is not None
        speed = self.tweens.speed
        t = (self.t - self.fill_t0) * speed if speed > 0 else 99.0
        img, band, edge = self._fill_img, self._band_img, self._edge_img
        w, h = img.get_size()
        left, top = self._fill_pos
        sweep, hold, fade = 0.8, 0.45, 0.9
        if t < sweep + hold + fade:
            u = ease_in_out(min(1.0, t / sweep))
            front = round(h * (1 - u))
            k = max(0.0, min(1.0, (t - sweep - hold) / fade))
            theme.blit_faded(surface, img, (left, top + front), int(235 * (1 - ease_in_out(k))),
                             pygame.Rect(0, front, w, h - front))
            if t < sweep + 0.25:
                bh = max(6, h // 14)
                glow = 1.0 if t < sweep else 1 - (t - sweep) / 0.25
                y = max(0, front - bh // 3)
                theme.blit_faded(surface, band, (left, top + y), int(200 * glow),
                                 pygame.Rect(0, y, w, min(bh, h - y)))
        if t > sweep:
            theme.blit_faded(surface, edge, (left, top), int(255 * min(1.0, (t - sweep) / 0.3)))

    def _draw_particles(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(BOARD_AREA.inflate(-4, -4))
        for p in self.particles:
            if p.age < 0:
                continue
            fade = max(0.0, min(1.0, (p.life - p.age) / 0.35))
            if p.sparkle:
                r = p.size * fade * (0.6 + 0.4 * abs(math.sin(p.spin)))
                if r < 1:
                    continue
                x, y = p.x, p.y
                k = r * 0.28
                pts = [(x, y - r), (x + k, y - k), (x + r, y), (x + k, y + k), (x, y + r),
                       (x - k, y + k), (x - r, y), (x - k, y - k)]
                pygame.draw.polygon(surface, p.colour, pts)
            else:
                w = max(1.0, p.size * abs(math.cos(p.spin)))
                pygame.draw.rect(surface, p.colour, (p.x - w / 2, p.y - p.size / 3, w,
                                                     p.size * 0.66))
        surface.set_clip(clip)

    def draw_celebration(self, surface: pygame.Surface) -> None:
        """The stars panel over the (now empty) tray, clear of the completed figure."""
        tray = self._tray_rect()
        x0, y0, x1, y1 = bounds(r.outer for r in self.level.silhouette)
        right = self.view.to_screen((x1, y0))[0]
        cx = max(right + 220, tray.centerx)
        cx = min(BOARD_AREA.right - 216, max(BOARD_AREA.centerx, cx))
        cy = max(BOARD_AREA.y + 20, min(BOARD_AREA.bottom - 190, tray.centery - 90))
        dx, dy = int(cx - BOARD_AREA.centerx), int(cy - BOARD_AREA.y - 20)
        area = pygame.Rect(dx, dy, surface.get_width() - dx, surface.get_height() - dy)
        super().draw_celebration(surface.subsurface(area))
        if self.watched and not self.free:
            note = "You watched the solution: no stars — R to try it yourself"
        elif self.hints_used and not self.free:
            note = f"{self.hints_used} hint{'s' if self.hints_used > 1 else ''}: " \
                   f"−{min(3, self.hints_used)} star{'s' if self.hints_used > 1 else ''}"
        else:
            return
        img = theme.text(note, 16, theme.TEXT)
        box = img.get_rect(midtop=(cx, cy + 160)).inflate(24, 10)
        theme.panel(surface, box, theme.BG_DEEP, 10, theme.LINE)
        surface.blit(img, img.get_rect(center=box.center))

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.free:
            self._draw_chooser(surface, rect)
        else:
            self._draw_star_card(surface, rect)

    def _draw_star_card(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What each star costs, the row the player is on now lit."""
        box = rect.inflate(0, -10)
        theme.panel(surface, box, theme.PANEL, 12)
        par = self.level.par_seconds
        now = self.stars()
        rows = ((3, f"within {format_time(par)}"), (2, f"within {format_time(2 * par)}"),
                (1, "any time"))
        for n, (count, text) in enumerate(rows):
            y = box.y + 20 + 26 * n
            lit = count == now or (n == 2 and now < 1)
            colour = theme.ACCENT if lit else theme.LINE
            for k in range(3):
                draw_star(surface, (box.x + 26 + 22 * k, y), 8, k < count, colour)
            theme.blit_text(surface, text, (box.x + 104, y), 16,
                            theme.TEXT if lit else theme.TEXT_DIM, lit, "midleft")
        used = self.hints_used
        note = "each hint costs a star" + (f" · {used} used" if used else "")
        theme.blit_text(surface, note, (box.x + 16, box.bottom - 14), 15,
                        theme.BAD if used else theme.TEXT_DIM, anchor="midleft")

    def _draw_chooser(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Free play: the figure, small, with its name (and the buttons to change it)."""
        box = rect.inflate(0, -10)
        theme.panel(surface, box, theme.PANEL, 12)
        thumb = getattr(self, "_fig_thumb", None)
        if thumb is None or thumb[0] != self.level.id:
            info = self.info or self.figures[self.figure]
            self._fig_thumb = (self.level.id, self.level_thumbnail(info, (90, 62)))
            thumb = self._fig_thumb
        if thumb[1] is not None:
            surface.blit(thumb[1], (box.x + 12, box.y + 6))
        if self.info is None:
            where = f"Figure {self.figure + 1} of {len(self.figures)}"
        else:
            where = f"Level {self.info.index + 1} · free mode"
        x = box.x + 116
        theme.blit_text(surface, where, (x, box.y + 10), 15, theme.TEXT_DIM)
        theme.blit_text(surface, self.level.title, (x, box.y + 30), 20, theme.TEXT, True)
        theme.blit_text(surface, "untimed · no stars", (x, box.y + 58), 15, theme.TEXT_DIM)

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        if self.is_solved:
            return
        box = pygame.Rect(SIDE.x, SIDE.y + 590, SIDE.width, SIDE.bottom - SIDE.y - 590)
        lines = (("Drag", "move · drop near a corner to snap"),
                 ("Wheel · right-click · Q E", "turn"),
                 ("Double-click · F", "turn over"),
                 ("Backspace · drag to the tray", "put back"),
                 ("Tab · arrows · Enter", "keys: pick, move, drop"))
        theme.blit_text(surface, "Controls", (box.x + 4, box.y), 16, theme.TEXT_DIM, True)
        for n, (keys, what) in enumerate(lines):
            y = box.y + 26 + 27 * n
            if y + 20 > box.bottom:
                break
            theme.blit_text(surface, keys, (box.x + 4, y), 15, theme.TEXT)
            theme.blit_text(surface, what, (box.right - 4, y), 15, theme.TEXT_DIM,
                            anchor="topright")

    def status_text(self) -> tuple[str, str]:
        if self.is_solved:
            if self.watched and not self.free:
                return f"{self.level.title}: solution shown", "R: now try it yourself"
            nxt = "Enter: next level · " if self.next_info() is not None else ""
            if self.info is None:
                nxt = "Page Down: next figure · "
            return f"{self.level.title} complete!", f"{nxt}R: again"
        if self.watching:
            return "Watching a solution…", "click or press any key to stop"
        if self.held is not None:
            what = self.piece_name(self.held.piece).capitalize()
            right = "Q/E turn · F flip · Esc put back"
            if self.held.ghost is not None:
                return f"{what}: let go to snap it in", right
            return f"{what}: drop it on the shadow", right
        if self.selected is not None:
            return (f"{self.piece_name(self.selected).capitalize()} selected",
                    "arrows move · Q/E turn · F flip · Tab next")
        f = self.fault()
        if f is not None:
            return self.fault_text(f)
        hints = f"{self.hints_used} hint{'s' if self.hints_used != 1 else ''} used" \
            if self.hints_used else "H: hint"
        return "Fill the shadow with all the pieces", hints

    # -- pictures for other screens ------------------------------------------------------------------
    @classmethod
    def _draw_position(cls, surface: pygame.Surface, rect: pygame.Rect, level: Level,
                       placements: Sequence[Placement], order: Sequence[int],
                       box: tuple[float, float, float, float] | None = None,
                       shadow: bool = True, lifted: int | None = None) -> View:
        """A still picture: the silhouette and the pieces where `placements` put them."""
        if box is None:
            rings = [r.outer for r in level.silhouette]
            rings += [cls.pieces.vertices(i, p) for i, p in enumerate(placements)]
            box = bounds(rings)
        view = View.fit(box, rect, 6)
        if shadow:
            fill_region(surface, view, level.silhouette, SHADOW, SHADOW_EDGE)
        label = cls.numbered and view.scale >= 14
        for i in order:
            p = placements[i]
            c = view.to_screen((p.x, p.y))
            up = 7 if i == lifted else 2
            sh = render_shadow(cls.pieces, i, p.turn, p.flipped, view.scale)
            surface.blit(sh, sh.get_rect(center=(round(c[0] + up), round(c[1] + up * 1.3))))
            img = render_piece(cls.pieces, i, p.turn, p.flipped, view.scale, cls.styles[i],
                               cls.pieces.ids[i].lstrip("P") if label else "")
            surface.blit(img, img.get_rect(center=(round(c[0]), round(c[1]))))
        return view

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu card: a figure built from the pieces, one of them being laid in place."""
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        level = load_figure(cls.pieces, cls.thumb_level)
        sol = list(level.solution)
        k = cls.thumb_lifted
        target = sol[k]
        off = cls.pieces.side * 0.16
        sol[k] = Placement(target.x + off, target.y + off * 0.8, target.turn, target.flipped)
        rect = pygame.Rect(10, 30, size[0] - 20, size[1] - 40)  # clear of the card's badge
        rings = [r.outer for r in level.silhouette]
        rings += [cls.pieces.vertices(i, p) for i, p in enumerate(sol)]
        box = bounds(rings)
        view = View.fit(box, rect, 4)
        fill_region(surf, view, level.silhouette, SHADOW, SHADOW_EDGE)
        order = [i for i in range(cls.pieces.count) if i != k] + [k]
        cls._draw_position(surf, rect, level, sol, order, box, shadow=False, lifted=k)
        pts = view.ring(cls.pieces.vertices(k, target))
        _dashed(surf, theme.ACCENT, pts, 2, 6, 4)
        return surf

    @classmethod
    def level_thumbnail(cls, info: LevelInfo, size: tuple[int, int]) -> pygame.Surface | None:
        level = info.level
        if not isinstance(level, Level):
            return None
        surf = pygame.Surface(size, pygame.SRCALPHA)
        # below the card's number and best time, which sit in its top corners
        rect = pygame.Rect(36, 6, size[0] - 72, size[1] - 6)
        view = View.fit(bounds(r.outer for r in level.silhouette), rect, 3)
        fill_region(surf, view, level.silhouette, SHADOW, (120, 140, 150), edge_width=1.0)
        return _fast(surf)

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        """A position text (`<puzzle> <level>` then one line per piece) drawn still; quietly
        nothing when it cannot be read (the rules screens have no diagrams today)."""
        try:
            head = position.strip().split()
            level = load_figure(cls.pieces, head[1])
            rules = DissectionRules(cls.pieces, level)
            state = rules.parse_position(position)
        except Exception as exc:  # a diagram is decoration: never break the rules screen
            log.debug("no %s diagram: %s", cls.pieces.name, exc, exc_info=True)
            return
        cls._draw_position(surface, pygame.Rect(rect).inflate(-12, -12), level, state.placements,
                           state.order)
