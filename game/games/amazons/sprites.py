"""What the Amazons screen draws with: the amazons, burnt squares, the flying arrow, territory
tiles and the board itself, each painted once per size (supersampled for smooth edges) and
cached; plus the small marks laid over squares."""

from __future__ import annotations

import math
import random
from functools import cache

import pygame

from game.games.amazons import rules as R
from game.games.amazons.bitboard import geometry
from game.games.amazons.rules import State
from game.games.amazons.view import cell_rect, centre
from game.ui import theme
from game.ui.layout import SquareGrid
from game.ui.tween import lerp2

Colour = theme.Colour

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
GLOW_FRAMES = 12


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
def opaque_board(cell: int, n: int, margin: int, flipped: bool, coords: bool) -> pygame.Surface:
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


@cache
def ghost(size: int, side: int) -> pygame.Surface:
    """The faded amazon left on its square while its move is being chosen."""
    return theme.faded_copy(amazon_sprite(size, side), 90)


def dotted(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
            cell: float, colour: Colour) -> None:
    """A dotted line between two square centres, leaving the squares themselves clear."""
    dist = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = int(dist / (cell * 0.22))
    for i in range(1, steps):
        t = i / steps
        if dist * t < cell * 0.45 or dist * (1 - t) < cell * 0.45:
            continue
        pygame.draw.circle(surface, colour, lerp2(a, b, t), max(2.0, cell * 0.035))


def walled_badge(surface: pygame.Surface, rect: pygame.Rect) -> None:
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
def hover_tile(cell: int) -> pygame.Surface:
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    img.fill((255, 255, 255, 70))
    pygame.draw.rect(img, (255, 255, 255, 200), img.get_rect(), 2)
    return img
