"""The Amazons screen: a felt board, crowned amazons, arrows that fly and burn, a territory map.

A move takes three choices (amazon, destination, arrow square); the legal squares of each step
come from the rules' pure helpers (`destinations`, `arrow_targets`) and every refusal carries the
rules' own reason (`explain`, `check`). The territory overlay shows which side reaches each empty
square first by queen moves; it is computed once per position and painted into a cached layer.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.games.amazons import rules as R
from game.games.amazons.bitboard import geometry
from game.games.amazons.rules import AmazonsRules, Move, State, Territory
from game.scenes.match_base import BOARD_AREA, MatchScene
from game.ui import marks, theme
from game.ui.layout import SquareGrid
from game.ui.tween import Tween, Tweens, ease_in_out, lerp2, linear
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.base import Host

Colour = theme.Colour

#: The board on the left of the board area; the column on its right explains the move and
#: the territory count.
BOARD_REGION = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, 690, BOARD_AREA.height)
COLUMN = pygame.Rect(BOARD_REGION.right + 2, BOARD_AREA.y + 10,
                     BOARD_AREA.right - BOARD_REGION.right - 12, BOARD_AREA.height - 20)

SQUARE_LIGHT: Colour = (214, 218, 196)
SQUARE_DARK: Colour = (160, 178, 150)
FRAME: Colour = (46, 62, 54)
FRAME_EDGE: Colour = (86, 108, 94)
COORD: Colour = (204, 214, 196)
BURNT: Colour = (64, 48, 40)

#: Amazon bodies are ivory and ebony (the sides' names), trimmed with the app's side colours;
#: the crowns differ in shape and the chests carry a dot or a ring, so colour is never needed.
BODY: tuple[Colour, Colour] = ((244, 236, 216), (50, 55, 66))
EDGE: tuple[Colour, Colour] = ((92, 74, 56), (186, 198, 214))
TRIM: tuple[Colour, Colour] = (theme.SIDE_COLOURS[0], theme.shade(theme.SIDE_COLOURS[1], 1.3))

#: Territory kinds: a side's square, or one both sides reach in the same number of moves.
EQUAL = 2
STEP_NAMES = ("Amazon", "Move to", "Arrow")
STEP_TEXT = ("Step 1 of 3: pick one of your amazons", "Step 2 of 3: move it to a marked square",
             "Step 3 of 3: shoot the arrow to a marked square")
BURN_SECONDS = 0.55
PREVIEW_SECONDS = 0.14
GLOW_FRAMES = 12
STEPS_BOX = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.width, 210)
TERRITORY_BOX = pygame.Rect(COLUMN.x, STEPS_BOX.bottom + 12, COLUMN.width, 246)
KEYS_BOX = pygame.Rect(COLUMN.x, TERRITORY_BOX.bottom + 12, COLUMN.width,
                       COLUMN.bottom - TERRITORY_BOX.bottom - 12)


# -- geometry ---------------------------------------------------------------------------------


def fit_board(area: pygame.Rect, n: int, flipped: bool = False, coords: bool = True
              ) -> tuple[SquareGrid, int]:
    """The largest n x n grid (whole pixels) centred in `area`, and the frame width around it.

    The frame is wide enough for coordinates when `coords`; the match always asks for it, so
    hiding coordinates never resizes the board.
    """
    side = min(area.width, area.height)
    margin = max(18, round(side * 0.04)) if coords else max(3, round(side * 0.022))
    cell = max(2, (side - 2 * margin) // n)
    size = cell * n
    x = area.x + (area.width - size) // 2
    y = area.y + (area.height - size) // 2
    return SquareGrid(x, y, n, n, cell, flipped), margin


def cell_rect(grid: SquareGrid, sq: int) -> pygame.Rect:
    n = grid.cols
    x, y, w, h = grid.cell_rect(sq % n, sq // n)
    return pygame.Rect(round(x), round(y), round(w), round(h))


def centre(grid: SquareGrid, sq: int) -> tuple[float, float]:
    n = grid.cols
    return grid.to_pixel(sq % n, sq // n)


def square_at(grid: SquareGrid, pos: tuple[int, int]) -> int | None:
    hit = grid.from_pixel(pos[0], pos[1])
    if hit is None:
        return None
    return hit[1] * grid.cols + hit[0]


# -- sprites (drawn once per size, supersampled for smooth edges) ----------------------------


def _supersample(size: int) -> int:
    return 4 if size < 48 else 3


@cache
def amazon_sprite(size: int, side: int) -> pygame.Surface:
    """A queen-like amazon: foot, flared gown, collar in the side's colour, and a crown.

    White's crown has four ball-tipped points and a dot on the chest; Black's has three sharp
    spikes and a ring on the chest.
    """
    k = _supersample(size)
    s = size * k
    img = pygame.Surface((s, s), pygame.SRCALPHA)
    body, edge, trim = BODY[side], EDGE[side], TRIM[side]
    light = theme.shade(body, 1.5) if side else (255, 252, 244)
    dark = theme.shade(body, 0.8) if side == 0 else theme.shade(body, 0.75)
    ew = max(2, round(s * 0.022))

    def p(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    def r(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))

    pygame.draw.ellipse(img, (0, 0, 0, 80), r(0.16, 0.82, 0.72, 0.14))
    # foot
    pygame.draw.ellipse(img, edge, r(0.15, 0.72, 0.70, 0.19))
    pygame.draw.ellipse(img, dark, r(0.15 + 0.022, 0.72 + 0.022, 0.70 - 0.044, 0.19 - 0.044))
    pygame.draw.ellipse(img, body, r(0.19, 0.735, 0.62, 0.11))
    # gown: a flared, slightly concave outline
    gown = [p(0.25, 0.80), p(0.30, 0.66), p(0.36, 0.52), p(0.40, 0.40), p(0.60, 0.40),
            p(0.64, 0.52), p(0.70, 0.66), p(0.75, 0.80)]
    pygame.draw.polygon(img, body, gown)
    shine = [p(0.31, 0.78), p(0.35, 0.66), p(0.40, 0.52), p(0.43, 0.42), p(0.47, 0.42),
             p(0.45, 0.52), p(0.42, 0.66), p(0.40, 0.78)]
    pygame.draw.polygon(img, light, shine)
    shadow = [p(0.60, 0.42), p(0.63, 0.52), p(0.69, 0.66), p(0.73, 0.79), p(0.64, 0.79),
              p(0.60, 0.66), p(0.57, 0.52), p(0.56, 0.42)]
    pygame.draw.polygon(img, dark, shadow)
    pygame.draw.lines(img, edge, False, gown, ew)
    # hem band in the side's colour
    pygame.draw.ellipse(img, edge, r(0.225, 0.74, 0.55, 0.10))
    pygame.draw.ellipse(img, trim, r(0.235, 0.748, 0.53, 0.084))
    pygame.draw.ellipse(img, body, r(0.25, 0.745, 0.50, 0.05))
    pygame.draw.polygon(img, body, [p(0.27, 0.77), p(0.73, 0.77), p(0.72, 0.745),
                                    p(0.28, 0.745)])
    # chest mark: a dot for White, a ring for Black
    mc = (0.5 * s, 0.62 * s)
    if side == 0:
        pygame.draw.circle(img, edge, mc, 0.075 * s)
        pygame.draw.circle(img, trim, mc, 0.075 * s - ew)
    else:
        pygame.draw.circle(img, trim, mc, 0.085 * s, max(2, round(0.032 * s)))
    # collar
    pygame.draw.ellipse(img, edge, r(0.32, 0.345, 0.36, 0.09))
    pygame.draw.ellipse(img, trim, r(0.335, 0.355, 0.33, 0.07))
    # crown
    if side == 0:
        crown = [p(0.35, 0.37), p(0.29, 0.17), p(0.40, 0.27), p(0.45, 0.12), p(0.50, 0.25),
                 p(0.55, 0.12), p(0.60, 0.27), p(0.71, 0.17), p(0.65, 0.37)]
        tips = [p(0.29, 0.17), p(0.45, 0.12), p(0.55, 0.12), p(0.71, 0.17)]
    else:
        crown = [p(0.35, 0.37), p(0.28, 0.13), p(0.41, 0.26), p(0.50, 0.05), p(0.59, 0.26),
                 p(0.72, 0.13), p(0.65, 0.37)]
        tips = []
    pygame.draw.polygon(img, body, crown)
    pygame.draw.polygon(img, light, [crown[0], crown[1], crown[2], p(0.42, 0.36)])
    pygame.draw.polygon(img, edge, crown, ew)
    for t in tips:
        pygame.draw.circle(img, edge, t, 0.045 * s)
        pygame.draw.circle(img, trim, t, 0.045 * s - ew)
    pygame.draw.line(img, edge, p(0.35, 0.33), p(0.65, 0.33), ew)
    return pygame.transform.smoothscale(img, (size, size))


@cache
def burnt_tile(cell: int) -> pygame.Surface:
    """A burnt square: charred wood with the arrow that landed there stuck in it."""
    k = _supersample(cell)
    s = cell * k
    img = pygame.Surface((s, s))
    img.fill(BURNT)
    rng = random.Random(17)  # the same char pattern on every burnt square
    for _ in range(9):
        c = (rng.uniform(0.1, 0.9) * s, rng.uniform(0.1, 0.9) * s)
        pygame.draw.circle(img, theme.shade(BURNT, rng.uniform(0.72, 0.9)), c,
                           rng.uniform(0.06, 0.16) * s)
    for _ in range(6):
        c = (rng.uniform(0.1, 0.9) * s, rng.uniform(0.1, 0.9) * s)
        pygame.draw.circle(img, (150, 70, 32), c, max(1.0, 0.018 * s))
    bw = max(2, round(0.05 * s))
    pygame.draw.line(img, theme.shade(BURNT, 1.25), (0, bw // 2), (s, bw // 2), bw)
    pygame.draw.line(img, theme.shade(BURNT, 1.25), (bw // 2, 0), (bw // 2, s), bw)
    pygame.draw.line(img, theme.shade(BURNT, 0.55), (0, s - bw // 2 - 1), (s, s - bw // 2 - 1), bw)
    pygame.draw.line(img, theme.shade(BURNT, 0.55), (s - bw // 2 - 1, 0), (s - bw // 2 - 1, s), bw)
    # the arrow: buried head at the upper right, feathers at the lower left
    tip = (0.66 * s, 0.34 * s)
    tail = (0.27 * s, 0.73 * s)
    pygame.draw.circle(img, (30, 22, 18), tip, 0.11 * s)
    pygame.draw.circle(img, (120, 58, 26), tip, 0.11 * s, max(1, round(0.02 * s)))
    pygame.draw.line(img, (120, 90, 60), (tail[0] + 0.01 * s, tail[1] + 0.01 * s),
                     (tip[0] + 0.01 * s, tip[1] + 0.01 * s), max(2, round(0.075 * s)))
    pygame.draw.line(img, (226, 192, 140), tail, tip, max(2, round(0.055 * s)))
    _feathers(img, tail, (0.7071, -0.7071), 0.2 * s)
    return pygame.transform.smoothscale(img, (cell, cell))


def _feathers(surface: pygame.Surface, tail: tuple[float, float], u: tuple[float, float],
              length: float) -> None:
    """Two fletching vanes behind `tail`, pointing back from direction `u`."""
    ux, uy = u
    nx, ny = -uy, ux
    for side in (1, -1):
        base0 = (tail[0] + ux * length * 0.55, tail[1] + uy * length * 0.55)
        base1 = (tail[0] - ux * length * 0.1, tail[1] - uy * length * 0.1)
        outer0 = (base0[0] + nx * side * length * 0.18 - ux * length * 0.25,
                  base0[1] + ny * side * length * 0.18 - uy * length * 0.25)
        outer1 = (base1[0] + nx * side * length * 0.32 - ux * length * 0.2,
                  base1[1] + ny * side * length * 0.32 - uy * length * 0.2)
        pygame.draw.polygon(surface, (200, 70, 52), [base0, outer0, outer1, base1])


def draw_flying_arrow(surface: pygame.Surface, pos: tuple[float, float],
                      u: tuple[float, float], cell: float) -> None:
    """The arrow in flight: shaft, steel head and red feathers, pointing along `u`."""
    ux, uy = u
    length = cell * 0.7
    tip = (pos[0] + ux * length * 0.45, pos[1] + uy * length * 0.45)
    tail = (pos[0] - ux * length * 0.55, pos[1] - uy * length * 0.55)
    w = max(2, round(cell * 0.05))
    pygame.draw.line(surface, (60, 40, 30), (tail[0] + 2, tail[1] + 3), (tip[0] + 2, tip[1] + 3), w)
    pygame.draw.line(surface, (226, 192, 140), tail, tip, w)
    head = cell * 0.16
    nx, ny = -uy, ux
    back = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.polygon(surface, (200, 206, 214), [
        (tip[0] + ux * head * 0.4, tip[1] + uy * head * 0.4),
        (back[0] + nx * head * 0.5, back[1] + ny * head * 0.5),
        (back[0] - nx * head * 0.5, back[1] - ny * head * 0.5)])
    _feathers(surface, tail, u, cell * 0.3)


@cache
def territory_tile(cell: int, kind: int) -> pygame.Surface:
    """The overlay of one square: White's are orange with diagonal hatching, Black's blue with
    dots, squares both reach equally fast grey with an equals sign."""
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    inner = pygame.Rect(1, 1, cell - 2, cell - 2)
    if kind == EQUAL:
        w = max(2, cell // 18)
        for dy in (-0.07, 0.07):
            y = round(cell * (0.5 + dy))
            pygame.draw.line(img, (64, 68, 74, 170), (cell * 0.36, y), (cell * 0.64, y), w)
        return img
    colour = theme.SIDE_COLOURS[kind]
    img.fill((*colour, 140 if kind == 0 else 110), inner)
    mark = theme.shade(colour, 0.7 if kind == 0 else 0.75)
    if kind == 0:
        step = max(4, cell // 4)
        w = max(1, cell // 16)
        for off in range(-cell, cell, step):
            pygame.draw.line(img, (*mark, 210), (off, cell), (off + cell, 0), w)
    else:
        r = max(1.5, cell * 0.065)
        for i in range(3):
            for j in range(3):
                pygame.draw.circle(img, (*mark, 225), (cell * (0.2 + 0.3 * i),
                                                      cell * (0.2 + 0.3 * j)), r)
    return img


@cache
def glow_frame(cell: int, i: int) -> pygame.Surface:
    """Frame `i` of the flash where an arrow burns in (for an additive blit): it widens and fades."""
    t = i / (GLOW_FRAMES - 1)
    radius = max(2, round(cell * (0.35 + 0.45 * t)))
    strength = (1 - t) ** 1.4
    img = pygame.Surface((radius * 2, radius * 2))
    steps = 10
    for k in range(steps):
        f = k / steps
        rr = radius * (1 - f)
        a = strength * (0.15 + 0.85 * f * f)
        pygame.draw.circle(img, (int(255 * a), int(160 * a), int(60 * a)), (radius, radius), rr)
    return img


@cache
def _opaque_board(cell: int, n: int, margin: int, flipped: bool, coords: bool) -> pygame.Surface:
    """The board image on the board area's colour, without alpha: the fastest thing to blit."""
    img = board_image(cell, n, margin, flipped, coords)
    out = pygame.Surface(img.get_size()).convert()
    out.fill(theme.BG_DEEP)
    out.blit(img, (0, 0))
    return out


@cache
def board_image(cell: int, n: int, margin: int, flipped: bool, coords: bool) -> pygame.Surface:
    """The frame and the squares (and coordinates), painted once per size and orientation."""
    size = cell * n + 2 * margin
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    paint_board(img, SquareGrid(margin, margin, n, n, cell, flipped), margin, coords)
    return img


def paint_board(surface: pygame.Surface, grid: SquareGrid, margin: int, coords: bool) -> None:
    n, cell = grid.cols, int(grid.cell)
    x0, y0 = round(grid.x), round(grid.y)
    frame = pygame.Rect(x0 - margin, y0 - margin, cell * n + 2 * margin, cell * n + 2 * margin)
    radius = max(3, margin // 2)
    pygame.draw.rect(surface, FRAME, frame, border_radius=radius)
    pygame.draw.rect(surface, FRAME_EDGE, frame, max(1, margin // 12), border_radius=radius)
    for sq in range(n * n):
        col, row = sq % n, sq // n
        colour = SQUARE_DARK if (col + row) % 2 == 0 else SQUARE_LIGHT
        pygame.draw.rect(surface, colour, cell_rect(grid, sq))
    pygame.draw.rect(surface, theme.shade(FRAME, 0.6),
                     (x0 - 2, y0 - 2, cell * n + 4, cell * n + 4), 2)
    if not coords:
        return
    size = max(10, min(18, round(margin * 0.7)))
    for col in range(n):
        x, _ = grid.to_pixel(col, 0)
        theme.blit_text(surface, R.FILES[col], (x, y0 + cell * n + margin / 2), size, COORD,
                        anchor="center")
    for row in range(n):
        _, y = grid.to_pixel(0, row)
        theme.blit_text(surface, str(row + 1), (x0 - margin / 2, y), size, COORD, anchor="center")


def draw_pieces(surface: pygame.Surface, grid: SquareGrid, state: State) -> None:
    """Burnt squares and amazons of a position (diagrams; the match draws its own layers)."""
    cell = int(grid.cell)
    geo = geometry(state.n)
    tile = burnt_tile(cell)
    for sq in geo.squares_of(state.arrows):
        surface.blit(tile, cell_rect(grid, sq))
    size = max(6, round(cell * 0.96))
    for side in (R.WHITE, R.BLACK):
        img = amazon_sprite(size, side)
        for sq in R.amazons(state, side):
            surface.blit(img, img.get_rect(center=centre(grid, sq)))


# -- the scene --------------------------------------------------------------------------------


@dataclass
class Flight:
    """A played move being shown: the amazon glides, then its arrow flies to the target."""

    move: Move
    before: State
    glide: Tween
    shot: Tween
    head_start: float = 0.0  # part of the way already shown by the step-2 preview


@dataclass
class Burn:
    """The flash and embers where an arrow has just landed (decoration: it blocks nothing)."""

    square: int
    tween: Tween
    embers: list[tuple[float, float, float, float]]  # angle, speed, size, rise


@dataclass(frozen=True)
class PositionInfo:
    """What the screen shows about a position beyond its pieces, worked out once per position."""

    territory: Territory
    walled: tuple[int, ...]  # squares of amazons (either side) with no empty neighbour
    separated: bool

    def walled_count(self, side: int, state: State) -> int:
        mine = set(R.amazons(state, side))
        return sum(1 for sq in self.walled if sq in mine)


class AmazonsScene(MatchScene):
    """Play the Game of the Amazons: three clicks a move, a territory map, animated arrows."""

    title = "Amazons"

    def __init__(self, app: Host, match: Match, territory: bool = False, pick: str = "") -> None:
        """`territory` starts with the overlay on; `pick` (like "d1" or "d1-d7") makes those
        clicks at once, for screenshots and tests of a move in progress ("d1-d7-g7" plays the
        move, to picture its animation)."""
        super().__init__(app, match)
        self.az: AmazonsRules = match.rules
        self.n = self.az.n
        self.frm: int | None = None
        self.to: int | None = None
        self.choices: tuple[int, ...] = ()
        self.preview = 1.0  # progress of the chosen amazon's short glide to its destination
        self.hover: int | None = None
        self.cursor = (self.n // 2) * self.n + self.n // 2
        self.cursor_shown = False
        self.flight: Flight | None = None
        self.burn: Burn | None = None
        self.effects = Tweens(speed=app.settings.animation_speed)
        self.show_territory = False
        self._info: dict[Any, PositionInfo] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        self.layer_builds = 0  # how often the board layer was repainted (tests check it is rare)
        self._grid_key: Any = None
        self._grid: tuple[SquareGrid, int] | None = None
        self.territory_btn = button(self.ui, (COLUMN.x + 10, TERRITORY_BOX.y + 40,
                                              COLUMN.width - 20, 34), "Show map (T)",
                                    "Shade the empty squares each side reaches first")
        self.extra_buttons = {self.territory_btn: self.toggle_territory}
        if territory:
            self.toggle_territory()
        for name in filter(None, pick.replace("-", " ").split()):
            self.choose(R.parse_square(self.n, name))

    # -- layout and cached facts ---------------------------------------------------------------
    @property
    def grid(self) -> SquareGrid:
        return self.layout()[0]

    def layout(self) -> tuple[SquareGrid, int]:
        key = (self.flipped, self.n)
        if self._grid is None or self._grid_key != key:
            self._grid = fit_board(BOARD_REGION, self.n, self.flipped, True)
            self._grid_key = key
        return self._grid

    def info(self, state: State | None = None) -> PositionInfo:
        """Territory, walled-in amazons and separation of a position, computed once per position."""
        st = self.state if state is None else state
        key = st.key()
        found = self._info.get(key)
        if found is None:
            if len(self._info) > 16:
                self._info.clear()
            geo = geometry(st.n)
            free = geo.board & ~st.occupied
            walled = tuple(a for side in (R.WHITE, R.BLACK) for a in R.amazons(st, side)
                           if not geo.neighbours(geo.bit[a]) & free)
            found = PositionInfo(R.territory(st), walled, R.is_separated(st))
            self._info[key] = found
        return found

    @property
    def step(self) -> int:
        return 0 if self.frm is None else (1 if self.to is None else 2)

    def step_choices(self) -> tuple[int, ...]:
        """The squares the current step may pick (amazons that can move, then the rules' lists)."""
        if self.frm is None:
            return R.movable(self.state) if self.az.outcome(self.state) is None else ()
        return self.choices

    # -- input ---------------------------------------------------------------------------------
    def toggle_territory(self) -> None:
        self.show_territory = not self.show_territory
        self.territory_btn.set_text("Hide map (T)" if self.show_territory else "Show map (T)")
        self.app.sounds.play("click")

    def process_event(self, event: pygame.event.Event) -> None:
        # T works whoever is to move, even while the computer thinks or a move is shown.
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_t and self.modal is None
                and not event.mod & pygame.KMOD_CTRL):
            self.toggle_territory()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = square_at(self.grid, event.pos)
        super().process_event(event)

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                sq = square_at(self.grid, event.pos)
                if sq is not None:
                    self.cursor = sq
                    self.cursor_shown = False
                    self.choose(sq)
            elif event.button == 3:
                self.step_back()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        moves = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
                 pygame.K_DOWN: (0, 1)}
        if event.key in moves:
            if not self.cursor_shown:
                self.cursor_shown = True
                self.cursor = self._cursor_start()
                return
            dx, dy = moves[event.key]
            if self.flipped:
                dx, dy = -dx, -dy
            n = self.n
            col = max(0, min(n - 1, self.cursor % n + dx))
            row = max(0, min(n - 1, self.cursor // n - dy))
            self.cursor = row * n + col
        elif event.key == pygame.K_TAB:
            options = sorted(self.step_choices())
            if options:
                later = [s for s in options if s > self.cursor] if self.cursor_shown else []
                if event.mod & pygame.KMOD_SHIFT:
                    earlier = [s for s in options if s < self.cursor] if self.cursor_shown else []
                    self.cursor = earlier[-1] if earlier else options[-1]
                else:
                    self.cursor = later[0] if later else options[0]
                self.cursor_shown = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.cursor_shown:
                self.cursor_shown = True
                self.cursor = self._cursor_start()
                return
            self.choose(self.cursor)
        elif event.key == pygame.K_BACKSPACE:
            self.step_back()

    def _cursor_start(self) -> int:
        if self.to is not None:
            return self.to
        if self.frm is not None:
            return self.frm
        movable = self.step_choices()
        return movable[0] if movable else self.cursor

    def choose(self, sq: int) -> None:
        """One click (or Enter) on square `sq`, at whichever step the move has reached."""
        st = self.state
        if self.frm is None:
            self._pick(sq)
        elif self.to is None:
            if sq == self.frm:
                self.step_back()
            elif R.cell(st, sq) == ("W", "B")[st.to_move]:
                self._pick(sq)  # another of one's own amazons: switch to it
            elif sq in self.choices:
                self.to = sq
                self.choices = self.az.arrow_targets(st, self.frm, sq)
                self.preview = 0.0 if self.tweens.speed > 0 else 1.0
                self.app.sounds.play("slide")
            else:
                self.refuse(R.explain(st, self.frm, sq) or "the amazon cannot go there")
        else:
            if sq == self.to:
                self.step_back()  # clicking the amazon being moved takes the step back
                return
            self.submit(Move(self.frm, self.to, sq))

    def _pick(self, sq: int) -> None:
        st = self.state
        reason = R.explain(st, sq)
        if reason is not None:
            self.refuse(reason)
            return
        dests = self.az.destinations(st, sq)
        if not dests:
            self.refuse("that amazon is walled in: no empty square touches it")
            return
        self.frm, self.to, self.choices = sq, None, dests
        self.app.sounds.play("click")

    def step_back(self) -> bool:
        """Undo one step of the move being made; False if there was none."""
        if self.to is not None and self.frm is not None:
            self.to = None
            self.choices = self.az.destinations(self.state, self.frm)
            self.preview = 1.0
        elif self.frm is not None:
            self.clear_selection()
        else:
            return False
        self.app.sounds.play("click")
        return True

    def back(self) -> None:
        if self.modal is None and self.step_back():
            return
        super().back()

    def clear_selection(self) -> None:
        self.frm = self.to = None
        self.choices = ()
        self.preview = 1.0

    # -- animation -----------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> None:
        move = Move(*move)
        # A human's amazon already stands (or is gliding) on its destination: carry on from there.
        head_start = (ease_in_out(self.preview) if self.frm == move.frm and self.to == move.to
                      else 0.0)
        self.clear_selection()
        n = self.n
        dist = max(abs(move.frm % n - move.to % n), abs(move.frm // n - move.to // n))
        shot_dist = max(abs(move.to % n - move.arrow % n), abs(move.to // n - move.arrow // n))
        glide_s = (0.14 + 0.035 * dist) * (1 - head_start)
        pause = 0.06
        shot_s = 0.1 + 0.03 * shot_dist
        if head_start == 0:
            self.app.sounds.play("slide")
        glide = self.tweens.add(glide_s, ease_in_out, tag="glide",
                                on_done=lambda: self.app.sounds.play("place"))
        shot = self.tweens.add(shot_s, linear, delay=glide_s + pause, tag="arrow",
                               on_done=lambda: self._land(move))
        self.flight = Flight(move, before, glide, shot, head_start)

    def _land(self, move: Move) -> None:
        self.app.sounds.play("crack")
        self.flight = None
        rng = random.Random(move.arrow * 31 + move.to)
        embers = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.3, 0.85), rng.uniform(0.05, 0.11),
                   rng.uniform(0.3, 0.8)) for _ in range(14)]
        self.burn = Burn(move.arrow, self.effects.add(BURN_SECONDS, linear, tag="burn"), embers)

    def sync(self) -> None:
        self.flight = None
        self.burn = None
        self.effects.clear()
        self.clear_selection()

    def in_motion(self) -> bool:
        """The arrow's flight and fire, the territory preview, a breathing chosen amazon."""
        return bool(super().in_motion() or self.effects.busy() or self.burn is not None
                    or self.preview < 1.0 or self.frm is not None)

    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.animation_speed
        self.effects.speed = speed
        self.effects.update(dt)
        if self.burn is not None and self.burn.tween.done:
            self.burn = None
        if self.preview < 1.0:
            self.preview = 1.0 if speed <= 0 else min(1.0, self.preview + dt * speed / PREVIEW_SECONDS)

    def show_hint(self, move: Any) -> None:
        super().show_hint(Move(*move))
        self.app.toast(f"Try {self.move_text(move)}", "good", 3)

    # -- side panel and status -----------------------------------------------------------------
    def side_info(self, side: int) -> str:
        info = self.info()
        text = f"territory {info.territory.queen_counts[side]}"
        walled = info.walled_count(side, self.state)
        if walled:
            text += f" · {walled} walled in"
        return text

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        img = amazon_sprite(36, side)
        surface.blit(img, img.get_rect(center=(centre[0], centre[1] - 2)))

    def status_text(self) -> tuple[str, str]:
        left, right = super().status_text()
        if self.human_to_move and not right:
            right = STEP_TEXT[self.step]
        return left, right

    # -- drawing -------------------------------------------------------------------------------
    def _board_layer(self, grid: SquareGrid, margin: int, arrows: int,
                     overlay: State | None) -> pygame.Surface:
        """Board, burnt squares and territory overlay in one opaque image, rebuilt only when one
        of them changes (a move, a flip, the overlay switched)."""
        coords = self.app.settings.show_coordinates
        key = (grid.cell, grid.flipped, coords, arrows, None if overlay is None else overlay.key())
        if self._layer is not None and self._layer_key == key:
            return self._layer
        cell = int(grid.cell)
        base = _opaque_board(cell, self.n, margin, grid.flipped, coords)
        layer = self._layer
        if layer is None or layer.get_size() != base.get_size():
            layer = pygame.Surface(base.get_size()).convert()
        layer.blit(base, (0, 0))
        local = SquareGrid(margin, margin, self.n, self.n, cell, grid.flipped)
        tile = burnt_tile(cell)
        geo = geometry(self.n)
        layer.blits([(tile, cell_rect(local, sq)) for sq in geo.squares_of(arrows)], False)
        if overlay is not None:
            terr = self.info(overlay).territory
            tiles = []
            for sq in range(self.n * self.n):
                owner = terr.queen_owner[sq]
                if owner is None and terr.queen_distance[0][sq] is not None:
                    owner = EQUAL
                if owner is not None:
                    tiles.append((territory_tile(cell, owner), cell_rect(local, sq)))
            layer.blits(tiles, False)
        self._layer, self._layer_key = layer, key
        self.layer_builds += 1
        return layer

    def draw_board(self, surface: pygame.Surface) -> None:
        grid, margin = self.layout()
        cell = int(grid.cell)
        state: State = self.state
        fl = self.flight
        if fl is not None:
            arrows = fl.before.arrows
        elif self.burn is not None:
            arrows = state.arrows & ~geometry(self.n).bit[self.burn.square]
        else:
            arrows = state.arrows
        overlay = (fl.before if fl is not None else state) if self.show_territory else None
        surface.blit(self._board_layer(grid, margin, arrows, overlay),
                     (round(grid.x) - margin, round(grid.y) - margin))
        if self.burn is not None:
            self._draw_burn_tile(surface, grid, self.burn)
        if fl is None and self.match.moves:
            self._draw_last_move(surface, grid, Move(*self.match.moves[-1]))
        playing = self.human_to_move and fl is None
        choices = self.step_choices() if playing else ()
        show_legal = self.app.settings.show_legal
        if playing and self.hover is not None and self.hover in choices:
            surface.blit(_hover_tile(cell), cell_rect(grid, self.hover))
            origin = self.to if self.to is not None else self.frm
            if origin is not None:  # the line the amazon or the arrow would take
                _dotted(surface, centre(grid, origin), centre(grid, self.hover), cell,
                        theme.TEXT)
        self._draw_amazons(surface, grid, state, fl)
        if fl is None:
            for sq in self.info().walled:
                _walled_badge(surface, cell_rect(grid, sq))
        if playing and show_legal and self.frm is not None:
            occupied = self.frm if self.to is not None else None
            for sq in choices:
                marks.target_dot(surface, centre(grid, sq), cell, capture=sq == occupied)
        if self.frm is not None and playing:
            held = self.to if self.to is not None else self.frm
            marks.selection(surface, self._amazon_pos(grid, held), cell * 0.44, self.pulse())
        if fl is not None:
            self._draw_flight(surface, grid, fl)
        if self.burn is not None:
            self._draw_embers(surface, grid, self.burn)
        if self.hint_move is not None and fl is None:
            self._draw_hint(surface, grid, Move(*self.hint_move))
        if self.cursor_shown and playing:
            r = cell_rect(grid, self.cursor).inflate(-4, -4)
            pygame.draw.rect(surface, theme.BG_DEEP, r.inflate(2, 2), 5, border_radius=6)
            pygame.draw.rect(surface, theme.TEXT, r, 3, border_radius=6)
        self._draw_column(surface)

    def _amazon_pos(self, grid: SquareGrid, sq: int) -> tuple[float, float]:
        if sq == self.to and self.frm is not None and self.preview < 1.0:
            return lerp2(centre(grid, self.frm), centre(grid, sq), ease_in_out(self.preview))
        return centre(grid, sq)

    def _draw_amazons(self, surface: pygame.Surface, grid: SquareGrid, state: State,
                      fl: Flight | None) -> None:
        cell = int(grid.cell)
        size = round(cell * 0.96)
        for side in (R.WHITE, R.BLACK):
            img = amazon_sprite(size, side)
            for sq in R.amazons(state, side):
                pos = centre(grid, sq)
                if fl is not None and sq == fl.move.to and not fl.glide.done:
                    t = fl.head_start + (1 - fl.head_start) * fl.glide.value
                    pos = lerp2(centre(grid, fl.move.frm), pos, t)
                    pos = (pos[0], pos[1] - cell * 0.12 * math.sin(math.pi * fl.glide.t))
                elif sq == self.frm and self.to is not None:
                    ghost = _ghost(size, side)
                    surface.blit(ghost, ghost.get_rect(center=pos))
                    continue
                surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        if self.frm is not None and self.to is not None and fl is None:
            side = state.to_move
            img = amazon_sprite(size, side)
            pos = self._amazon_pos(grid, self.to)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_last_move(self, surface: pygame.Surface, grid: SquareGrid, move: Move) -> None:
        for sq in (move.frm, move.to, move.arrow):
            marks.last_move(surface, cell_rect(grid, sq).inflate(-2, -2))
        _dotted(surface, centre(grid, move.to), centre(grid, move.arrow), grid.cell, theme.ACCENT)

    def _draw_flight(self, surface: pygame.Surface, grid: SquareGrid, fl: Flight) -> None:
        shot = fl.shot
        if shot.elapsed < shot.delay:
            return
        a, b = centre(grid, fl.move.to), centre(grid, fl.move.arrow)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        u = (dx / length, dy / length)
        t = shot.value
        pos = lerp2(a, b, t)
        cell = grid.cell
        # a fading trail of sparks behind the arrow
        for k in range(1, 6):
            tt = t - k * 0.06
            if tt <= 0:
                break
            p = lerp2(a, b, tt)
            pygame.draw.circle(surface, theme.mix((255, 200, 120), BURNT, k / 6), p,
                               max(1.0, cell * 0.04 * (1 - k / 7)))
        draw_flying_arrow(surface, pos, u, cell)

    def _draw_burn_tile(self, surface: pygame.Surface, grid: SquareGrid, burn: Burn) -> None:
        t = burn.tween.t
        tile = burnt_tile(int(grid.cell))
        theme.blit_faded(surface, tile, cell_rect(grid, burn.square).topleft,
                         int(255 * min(1.0, 0.35 + t * 1.6)))

    def _draw_embers(self, surface: pygame.Surface, grid: SquareGrid, burn: Burn) -> None:
        t = burn.tween.t
        cell = int(grid.cell)
        cx, cy = centre(grid, burn.square)
        frame = glow_frame(cell, min(GLOW_FRAMES - 1, int(t * GLOW_FRAMES)))
        surface.blit(frame, frame.get_rect(center=(round(cx), round(cy))),
                     special_flags=pygame.BLEND_RGB_ADD)
        for angle, speed, size, rise in burn.embers:
            d = cell * speed * t
            x = cx + math.cos(angle) * d
            y = cy + math.sin(angle) * d * 0.6 - cell * rise * t
            r = cell * size * (1 - t)
            if r < 0.8:
                continue
            colour = theme.mix((255, 230, 140), (200, 60, 20), t)
            pygame.draw.circle(surface, colour, (x, y), r)

    def _draw_hint(self, surface: pygame.Surface, grid: SquareGrid, move: Move) -> None:
        for sq in (move.frm, move.to, move.arrow):
            marks.hint_frame(surface, cell_rect(grid, sq))
        cell = grid.cell
        for a_sq, b_sq, width in ((move.frm, move.to, max(3, int(cell * 0.08))),
                                  (move.to, move.arrow, max(2, int(cell * 0.05)))):
            a, b = centre(grid, a_sq), centre(grid, b_sq)
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            start = (a[0] + ux * cell * 0.3, a[1] + uy * cell * 0.3)
            end = (b[0] - ux * cell * 0.3, b[1] - uy * cell * 0.3)
            if length > cell * 0.7:
                marks.arrow(surface, start, end, theme.ACCENT, width)

    # -- the column beside the board -------------------------------------------------------------
    def _draw_steps(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The three parts of the move, the current one lit, the chosen squares named."""
        x, w = box.x, box.width
        human = self.human_to_move
        name = self.match.current_spec.name
        theme.blit_text(surface, _fit(f"{name}'s move", 18, w - 24, True), (x + 12, box.y + 10),
                        18, theme.ACCENT, True)
        values = (self.frm, self.to, None)
        step = self.step if human else -1
        for i, label in enumerate(STEP_NAMES):
            row = pygame.Rect(x + 8, box.y + 42 + 42 * i, w - 16, 38)
            current = i == step
            if current:
                theme.panel(surface, row, theme.PANEL_LIGHT, 8, theme.ACCENT)
            c = (row.x + 20, row.centery)
            done = values[i] is not None and step > i
            if current:
                pygame.draw.circle(surface, theme.ACCENT, c, 12)
                theme.blit_text(surface, str(i + 1), c, 15, theme.BG_DEEP, True, "center")
            else:
                pygame.draw.circle(surface, theme.GOOD if done else theme.LINE, c, 12, 2)
                theme.blit_text(surface, str(i + 1), c, 15, theme.TEXT if done else theme.TEXT_DIM,
                                True, "center")
            theme.blit_text(surface, label, (row.x + 42, row.centery), 16,
                            theme.TEXT if current or done else theme.TEXT_DIM, anchor="midleft")
            sq = values[i]
            if sq is not None:
                theme.blit_text(surface, R.square_name(self.n, sq), (row.right - 10, row.centery),
                                17, theme.TEXT, True, "midright")
        if human:
            footer = "Right-click: step back"
        else:
            footer = "thinking" + "." * (1 + int(self.t * 3) % 3) if self.request_id else "…"
        theme.blit_text(surface, footer, (x + 12, box.bottom - 28), 14, theme.TEXT_DIM)

    def _draw_column(self, surface: pygame.Surface) -> None:
        x, w = COLUMN.x, COLUMN.width
        # the move being made, step by step
        box = STEPS_BOX
        theme.panel(surface, box, theme.PANEL)
        m = self.match
        if m.outcome is not None:
            theme.blit_text(surface, "Game over", (x + 12, box.y + 10), 18, theme.ACCENT, True)
            out = m.outcome
            lines = [f"{m.players[out.winner].name} wins" if out.winner is not None else "Draw"]
            for i, line in enumerate(lines + theme.wrap(out.reason, 15, w - 24)[:5]):
                theme.blit_text(surface, line, (x + 12, box.y + 46 + 24 * i), 17 if i == 0 else 15,
                                theme.TEXT, i == 0)
        else:
            self._draw_steps(surface, box)
        # territory
        tb = TERRITORY_BOX
        theme.panel(surface, tb, theme.PANEL)
        theme.blit_text(surface, "Territory", (x + 12, tb.y + 12), 18, theme.ACCENT, True)
        info = self.info()
        counts = info.territory.queen_counts
        owners = info.territory.queen_owner
        dist0 = info.territory.queen_distance[0]
        equal = sum(1 for sq, o in enumerate(owners) if o is None and dist0[sq] is not None)
        rows = ((0, self.match.players[0].name, counts[0]),
                (1, self.match.players[1].name, counts[1]), (EQUAL, "Equal", equal))
        for i, (kind, name, count) in enumerate(rows):
            y = tb.y + 86 + 30 * i
            sw = pygame.Rect(x + 12, y, 24, 24)
            pygame.draw.rect(surface, SQUARE_LIGHT, sw)
            surface.blit(territory_tile(24, kind), sw)
            theme.blit_text(surface, _fit(name, 16, w - 96), (x + 46, y + 12), 16, theme.TEXT,
                            anchor="midleft")
            theme.blit_text(surface, str(count), (tb.right - 12, y + 12), 17, theme.TEXT, True,
                            "midright")
        total = max(1, counts[0] + counts[1] + equal)
        bar = pygame.Rect(x + 12, tb.y + 180, w - 24, 8)
        w0 = round(bar.width * counts[0] / total)
        we = round(bar.width * equal / total)
        pygame.draw.rect(surface, theme.SIDE_COLOURS[0], (bar.x, bar.y, w0, bar.height))
        pygame.draw.rect(surface, theme.LINE, (bar.x + w0, bar.y, we, bar.height))
        pygame.draw.rect(surface, theme.SIDE_COLOURS[1],
                         (bar.x + w0 + we, bar.y, bar.width - w0 - we, bar.height))
        note = ("The armies are apart: each side fills its own area" if info.separated
                else "Empty squares each side reaches first by queen moves")
        for i, line in enumerate(theme.wrap(note, 13, w - 24)[:3]):
            theme.blit_text(surface, line, (x + 12, tb.y + 194 + 16 * i), 13,
                            theme.ACCENT if info.separated else theme.TEXT_DIM)
        # keys
        kb = KEYS_BOX
        theme.panel(surface, kb, theme.PANEL)
        theme.blit_text(surface, "Keys", (x + 12, kb.y + 12), 18, theme.ACCENT, True)
        keys = (("Arrows", "cursor"), ("Enter", "choose"), ("Tab", "next choice"),
                ("Backspace", "step back"), ("T", "territory"), ("H", "hint"))
        for i, (key, what) in enumerate(keys):
            y = kb.y + 42 + 22 * i
            if y > kb.bottom - 22:
                break
            theme.blit_text(surface, key, (x + 12, y), 14, theme.TEXT, True)
            theme.blit_text(surface, what, (x + 96, y), 14, theme.TEXT_DIM)

    # -- diagrams ------------------------------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        state = R.parse_position(position)
        area = pygame.Rect(rect)
        coords = min(area.width, area.height) >= 200
        grid, margin = fit_board(area, state.n, False, coords)
        paint_board(surface, grid, margin, coords)
        draw_pieces(surface, grid, state)

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The start position with its territory map, flanked by a large amazon of each side: on
        a small card the board's own pieces are tiny, the big pair says "Amazons" at a glance."""
        w, h = size
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        entry = cls.registry_entry()
        rules = entry.make_rules()
        side = min(h - 8, w - 8)
        board = pygame.Rect((w - side) // 2, (h - side) // 2, side, side)
        start = rules.initial_state()
        cls.draw_diagram(surf, board, entry, rules.position_text(start))
        # the territory map of the start: the colours and patterns the game is about
        grid, _ = fit_board(board, start.n, False, side >= 200)
        terr = R.territory(start)
        cell = int(grid.cell)
        for sq, owner in enumerate(terr.queen_owner):
            if owner is not None:
                surf.blit(territory_tile(cell, owner), cell_rect(grid, sq))
        room = (w - side) // 2
        if room >= 24:
            big = min(round(h * 0.62) if h > 120 else h - 6, round(room * 1.35))
            for s, x in ((R.WHITE, room / 2), (R.BLACK, w - room / 2)):
                img = amazon_sprite(big, s)
                surf.blit(img, img.get_rect(midbottom=(round(x), h - 2)))
        return surf


@cache
def _ghost(size: int, side: int) -> pygame.Surface:
    """The faded amazon left on its square while its move is being chosen."""
    img = amazon_sprite(size, side).copy()
    img.set_alpha(90)
    return img


@cache
def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels (names can be long)."""
    font = theme.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _dotted(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
            cell: float, colour: Colour) -> None:
    """A dotted line between two square centres, leaving the squares themselves clear."""
    dist = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = int(dist / (cell * 0.22))
    for i in range(1, steps):
        t = i / steps
        if dist * t < cell * 0.45 or dist * (1 - t) < cell * 0.45:
            continue
        pygame.draw.circle(surface, colour, lerp2(a, b, t), max(2.0, cell * 0.035))


def _walled_badge(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A small crossed disc on an amazon that has no empty square next to it (it cannot move)."""
    r = max(5.0, rect.width * 0.13)
    c = (rect.right - r - 2, rect.bottom - r - 2)
    pygame.draw.circle(surface, theme.BG_DEEP, c, r)
    pygame.draw.circle(surface, theme.BAD, c, r, max(2, round(r * 0.22)))
    k = r * 0.45
    w = max(2, round(r * 0.25))
    pygame.draw.line(surface, theme.TEXT, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), w)
    pygame.draw.line(surface, theme.TEXT, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), w)


@cache
def _hover_tile(cell: int) -> pygame.Surface:
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    img.fill((255, 255, 255, 70))
    pygame.draw.rect(img, (255, 255, 255, 200), img.get_rect(), 2)
    return img
