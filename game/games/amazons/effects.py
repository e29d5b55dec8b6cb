"""The moments of an Amazons move: the amazon's glide, the arrow's flight with its trail of
sparks, and the flash and embers where it burns in. Decoration only: they block nothing, and
the position is the rules' from the moment the move is played."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.games.amazons.rules import Move, State
from game.games.amazons.sprites import BURNT, GLOW_FRAMES, burnt_tile, draw_flying_arrow, glow_frame
from game.games.amazons.view import cell_rect, centre
from game.ui import theme
from game.ui.layout import SquareGrid
from game.ui.tween import Tween, lerp2

BURN_SECONDS = 0.55


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


def burn_at(move: Move, tween: Tween) -> Burn:
    """The burn of `move`'s arrow; its embers are the same every time the move is shown."""
    rng = random.Random(move.arrow * 31 + move.to)
    embers = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.3, 0.85), rng.uniform(0.05, 0.11),
               rng.uniform(0.3, 0.8)) for _ in range(14)]
    return Burn(move.arrow, tween, embers)


def draw_flight(surface: pygame.Surface, grid: SquareGrid, fl: Flight) -> None:
    """The arrow on its way (once the glide is over), with a fading trail of sparks."""
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
    for k in range(1, 6):
        tt = t - k * 0.06
        if tt <= 0:
            break
        p = lerp2(a, b, tt)
        pygame.draw.circle(surface, theme.mix((255, 200, 120), BURNT, k / 6), p,
                           max(1.0, cell * 0.04 * (1 - k / 7)))
    draw_flying_arrow(surface, pos, u, cell)


def draw_burn_tile(surface: pygame.Surface, grid: SquareGrid, burn: Burn) -> None:
    """The burnt square fading in under the flash."""
    t = burn.tween.t
    tile = burnt_tile(int(grid.cell))
    theme.blit_faded(surface, tile, cell_rect(grid, burn.square).topleft,
                     int(255 * min(1.0, 0.35 + t * 1.6)))


def draw_embers(surface: pygame.Surface, grid: SquareGrid, burn: Burn) -> None:
    """The widening glow and the embers rising from the burnt square."""
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
