"""Effects of the dissection screens: pieces gliding between places, and the celebration of a
completed figure (a gold fill sweeping up it, sparkles round its edge, confetti from above).

Effects only show what the rules decided; none of them changes the position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.games.dissection.geometry import Placement, Silhouette, bounds, silhouette_rings
from game.games.dissection.rules import Hint, Move, Place, PuzzleState, Rotate
from game.games.dissection.sprites import SS, display_format, fill_region
from game.games.dissection.view import ScreenPoint, View
from game.ui import theme
from game.ui.tween import Tween, Tweens, ease_in_out, ease_out, lerp

Colour = tuple[int, int, int]

#: Celebration fill of the completed figure (gold to amber, bottom to top).
FILL_TOP = (255, 214, 120)
FILL_BOTTOM = (226, 136, 48)


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


def shortest_spin(a: Placement, b: Placement, steps: int) -> float:
    """Degrees counter-clockwise of the shorter way from a's turn to b's (a half turn: +180)."""
    d = (b.turn - a.turn) % steps
    return (d if d <= steps // 2 else d - steps) * 360.0 / steps


def flip_in_place(a: Placement, b: Placement, steps: int) -> bool:
    """True when b is a turned over in place (the squash shows it: no spin on the way)."""
    return a.flipped != b.flipped and a.turn == (-b.turn) % steps


# -- the celebration --------------------------------------------------------------------------------

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


@dataclass
class Celebration:
    """The completed figure's fill and the particles: pictures made once per figure and view."""

    fill: pygame.Surface
    band: pygame.Surface
    edge: pygame.Surface
    at: tuple[int, int]
    start: float | None = None  # scene time the fill began (None: not celebrating)
    particles: list[Particle] = field(default_factory=list)

    @classmethod
    def render(cls, view: View, silhouette: Silhouette) -> Celebration:
        """The gold fill, the brighter band that sweeps up it and its contour, for one figure."""
        x0, y0, x1, y1 = bounds(silhouette_rings(silhouette))
        a, b = view.to_screen((x0, y1)), view.to_screen((x1, y0))
        left, top = math.floor(a[0]) - 6, math.floor(a[1]) - 6
        size = (math.ceil(b[0]) + 6 - left, math.ceil(b[1]) + 6 - top)
        local = view.shifted(-left, -top)
        fill = pygame.Surface(size, pygame.SRCALPHA)
        fill_region(fill, local, silhouette,
                    gradient=((*FILL_TOP, 235), (*theme.mix(FILL_TOP, FILL_BOTTOM, 0.5), 225),
                              (*FILL_BOTTOM, 235)),
                    edge=(255, 244, 214), edge_width=2.5)
        band = pygame.Surface(size, pygame.SRCALPHA)
        fill_region(band, local, silhouette, (255, 250, 232))
        edge = pygame.Surface(size, pygame.SRCALPHA)
        for region in silhouette:
            for ring in (region.outer, *region.holes):
                pygame.draw.polygon(edge, (*theme.ACCENT, 90), local.ring(ring), 6)
        big = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
        for region in silhouette:
            for ring in (region.outer, *region.holes):
                pts = [(x * SS, y * SS) for x, y in local.ring(ring)]
                pygame.draw.polygon(big, (255, 226, 150), pts, 3 * SS)
        edge.blit(pygame.transform.smoothscale(big, size), (0, 0))
        return cls(display_format(fill), display_format(band), display_format(edge), (left, top))

    def clear(self) -> None:
        self.start = None
        self.particles.clear()

    def spawn(self, view: View, silhouette: Silhouette, seed: str, colours: Sequence[Colour],
              sky: float) -> None:
        """The party: sparkles along the figure's outline, confetti (in the pieces' `colours`)
        from `sky` (the board's top edge on screen), drawn from a generator seeded by the level,
        so a figure celebrates the same way every time."""
        rng = random.Random(seed)
        edge = [view.to_screen(p) for ring in silhouette_rings(silhouette) for p in ring]
        points: list[ScreenPoint] = []
        for ring in (view.ring(r.outer) for r in silhouette):
            for k in range(len(ring)):
                a, b = ring[k], ring[(k + 1) % len(ring)]
                n = max(1, int(math.dist(a, b) / 18))
                points += [(lerp(a[0], b[0], j / n), lerp(a[1], b[1], j / n)) for j in range(n)]
        points = points or edge
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        confetti = [*colours, FILL_TOP, (255, 255, 255)]
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
            self.particles.append(Particle(x, sky - rng.uniform(0, 140),
                                           rng.uniform(-40, 40), rng.uniform(200, 320),
                                           rng.choice(confetti), rng.uniform(9, 14),
                                           rng.uniform(1.5, 1.9), rng.uniform(0, 6), False,
                                           -rng.uniform(0.1, 0.4)))

    def update(self, dt: float) -> None:
        """Move the particles on: sparkles fall slowly, paper flutters down with a sway."""
        if not self.particles:
            return
        for p in self.particles:
            p.age += dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            if p.sparkle:
                p.vy += 60 * dt
                p.vx *= 0.985
            else:
                p.vy = min(420.0, p.vy + 160 * dt)
                p.vx += math.sin(p.spin * 0.7) * 90 * dt
            p.spin += dt * 8
        self.particles = [p for p in self.particles if p.age < p.life]

    def draw_fill(self, surface: pygame.Surface, t: float) -> None:
        """The figure fills with gold from the bottom up behind a bright band, glows a moment,
        then clears to show the pieces again inside a gold contour (`t`: seconds since begin)."""
        img, band, edge = self.fill, self.band, self.edge
        w, h = img.get_size()
        left, top = self.at
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

    def draw_particles(self, surface: pygame.Surface, clip: pygame.Rect) -> None:
        """Sparkles and confetti, kept inside `clip` (the board)."""
        before = surface.get_clip()
        surface.set_clip(clip)
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
        surface.set_clip(before)


# -- how pieces travel ------------------------------------------------------------------------------

def move_motions(before: PuzzleState, move: Move, after: PuzzleState,
                 shown: Mapping[int, Placement], current: Callable[[int], Placement],
                 scale: float, steps: int, tweens: Tweens
                 ) -> tuple[dict[int, Motion | None], int | None]:
    """The glides that show `move` played: every piece that changed place (or is `shown`
    somewhere else than its place, like the piece just dropped from the hand) travels from where
    it looks to be now (`current`) to its new place (None: it is there already, no glide).
    Returns them and the piece a hint laid (it arcs up and is lifted on the way), if any."""
    step_deg = 360.0 / steps
    hinted = after.order[-1] if isinstance(move, Hint) else None
    out: dict[int, Motion | None] = {}
    for i in range(len(after.placements)):
        if before.placements[i] == after.placements[i] and i not in shown:
            continue
        a = shown.get(i, current(i))
        b = after.placements[i]
        if a == b:
            out[i] = None
            continue
        dist = math.hypot(b.x - a.x, b.y - a.y) * scale
        if isinstance(move, Rotate):
            spin, dur, easing, delay = move.steps * step_deg, 0.18, ease_out, 0.0
        else:
            spin = shortest_spin(a, b, steps)
            if i == hinted:
                dur, easing, delay = 0.55 + dist / 2400, ease_in_out, 0.22
            elif isinstance(move, Place) and i == move.piece and not shown:
                dur, easing, delay = 0.18, ease_out, 0.0
            elif isinstance(move, Place) and i == move.piece:
                dur, easing, delay = 0.1 + dist / 3000, ease_out, 0.0
            else:
                dur, easing, delay = 0.22 + dist / 2600, ease_in_out, 0.0
            if flip_in_place(a, b, steps):
                spin = 0.0
        tw = tweens.add(dur, easing, delay, tag="motion")
        arc = min(40.0, dist * 0.12) if i == hinted else 0.0
        out[i] = Motion(a, b, tw, spin, lifted=i == hinted, arc=arc)
    return out, hinted


def undo_motions(after: PuzzleState, before: PuzzleState, scale: float, steps: int,
                 tweens: Tweens) -> dict[int, Motion]:
    """The glides that take a move back: each piece it moved returns the short way."""
    out: dict[int, Motion] = {}
    for i, a in enumerate(after.placements):
        b = before.placements[i]
        if a == b:
            continue
        spin = 0.0 if flip_in_place(a, b, steps) else shortest_spin(a, b, steps)
        dist = math.hypot(b.x - a.x, b.y - a.y) * scale
        out[i] = Motion(a, b, tweens.add(0.18 + dist / 2800, ease_in_out, tag="motion"), spin)
    return out


def restart_motions(old: PuzzleState, new: PuzzleState, scale: float, steps: int,
                    tweens: Tweens) -> dict[int, Motion]:
    """The glides of a restart: the pieces fly home one after another, last laid first."""
    out: dict[int, Motion] = {}
    order = [i for i in reversed(old.order) if old.placements[i] != new.placements[i]]
    for k, i in enumerate(order):
        a, b = old.placements[i], new.placements[i]
        dist = math.hypot(b.x - a.x, b.y - a.y) * scale
        spin = 0.0 if a.flipped != b.flipped else shortest_spin(a, b, steps)
        tw = tweens.add(0.25 + dist / 3000, ease_in_out, 0.04 * k, tag="motion")
        out[i] = Motion(a, b, tw, spin)
    return out
