"""What moves on the Towers of Hanoi screen by itself: disks in flight (lift, carry across in
an arc, drop with a bounce, or a shake where a drop was refused), the confetti of a solve, and
the marks drawn over the board (the hint's ghost and arrow, the refusal's cross).

A flight is data (`Flight`: segments timed by one tween); the scene decides when a disk flies
and where to, this module how it travels and how the show looks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.games.hanoi.rules import HanoiMove, HanoiState
from game.games.hanoi.sprites import disk_colour, draw_disk
from game.games.hanoi.view import Layout, Point, stacks
from game.i18n import _, ngettext
from game.ui import marks, theme
from game.ui.tween import Easing, Tween, Tweens, ease_in_out, ease_out, lerp, linear, shake

#: Confetti pieces thrown when a puzzle is solved, and their fall (pixels per second squared).
CONFETTI = 70
GRAVITY = 900.0


@dataclass
class Segment:
    """One leg of a disk's trip: a lift, a carry across (with an arc) or a drop (with a bounce)."""

    a: Point
    b: Point
    duration: float
    easing: Easing = ease_in_out
    arc: float = 0.0
    wobble: float = 0.0
    drop: bool = False

    def at(self, u: float) -> Point:
        if self.drop:
            fall = 0.74
            if u < fall:
                k = (u / fall) ** 2
                return self.a[0], lerp(self.a[1], self.b[1], k)
            v = (u - fall) / (1 - fall)
            hop = min(9.0, abs(self.b[1] - self.a[1]) * 0.05)
            return self.b[0], self.b[1] - hop * math.sin(math.pi * v)
        k = self.easing(u)
        x = lerp(self.a[0], self.b[0], k) + shake(u) * self.wobble
        y = lerp(self.a[1], self.b[1], k) - self.arc * math.sin(math.pi * k)
        return x, y


@dataclass
class Flight:
    """A disk on its way somewhere; `tween` runs linearly over the sum of the segments."""

    disk: int
    segments: list[Segment]
    tween: Tween

    def pos(self) -> Point:
        total = sum(s.duration for s in self.segments)
        s = self.tween.t * total
        for seg in self.segments:
            if s <= seg.duration or seg is self.segments[-1]:
                return seg.at(min(1.0, s / seg.duration) if seg.duration > 0 else 1.0)
            s -= seg.duration
        return self.segments[-1].b


class Flights(dict[int, Flight]):
    """The disks in the air, by disk: each lands (and leaves) when its tween is done."""

    def launch(self, tweens: Tweens, disk: int, segments: list[Segment],
               on_land: Callable[[], None] | None = None, delay: float = 0.0) -> None:
        """Send `disk` along `segments` (after `delay`); `on_land` runs when it arrives."""
        total = sum(s.duration for s in segments)

        def land() -> None:
            if self.get(disk) is flight:
                del self[disk]
            if on_land is not None:
                on_land()

        tw = tweens.add(total, linear, delay=delay, on_done=land, tag="flight")
        flight = Flight(disk, segments, tw)
        self[disk] = flight

    def settle(self, tweens: Tweens) -> None:
        """Land every disk at once, so a quick player never waits for an animation."""
        if self:
            for fl in list(self.values()):
                fl.tween.elapsed = fl.tween.delay + fl.tween.duration
                fl.tween.update(0)
            tweens.items = [tw for tw in tweens.items if not tw.done]


def trip(layout: Layout, a: Point, peg_x: float, slot_y: float, speed: float = 1.0) -> list[Segment]:
    """Lift clear of the pegs, carry across in an arc, drop with a small bounce."""
    segs: list[Segment] = []
    ty = min(a[1], layout.hover_y)
    x0 = a[0]
    if a[1] > ty + 0.5:
        segs.append(Segment(a, (x0, ty), (0.05 + (a[1] - ty) / 2600) / speed, ease_out))
    dx = abs(peg_x - x0)
    if dx > 0.5:
        arc = min(layout.disk_h * 1.3, dx * 0.16)
        segs.append(Segment((x0, ty), (peg_x, ty), (0.08 + dx / 2400) / speed, ease_in_out, arc=arc))
    segs.append(
        Segment((peg_x, ty), (peg_x, slot_y), (0.1 + abs(slot_y - ty) / 2400) / speed, drop=True)
    )
    return segs


def lift(layout: Layout, a: Point, peg: int) -> list[Segment]:
    """Straight up from its slot to the hover height over its peg."""
    return [Segment(a, layout.hover(peg), 0.05 + (a[1] - layout.hover_y) / 2600, ease_out)]


def shake_there(a: Point) -> Segment:
    """A refused drop: the disk shakes where it was let go."""
    return Segment(a, a, 0.35, linear, wobble=10.0)


# -- confetti ---------------------------------------------------------------------------------


@dataclass
class Confetto:
    x: float
    y: float
    vx: float
    vy: float
    colour: theme.Colour
    size: float
    spin: float


def throw_confetti(layout: Layout, state: HanoiState, seed: int) -> list[Confetto]:
    """Confetti thrown up from the top of every stack (the same show for the same seed)."""
    rng = random.Random(seed)
    tops = [
        (layout.xs[p], layout.slot(p, len(s))[1])
        for p, s in enumerate(stacks(state.pegs, state.disk_pegs))
        if s
    ]
    colours = [disk_colour(d, layout.disks) for d in range(layout.disks)] + [theme.ACCENT] * 3
    out = []
    for _piece in range(CONFETTI):
        x, y = rng.choice(tops)
        out.append(
            Confetto(
                x + rng.uniform(-30, 30),
                y,
                rng.uniform(-220, 220),
                rng.uniform(-620, -300),
                rng.choice(colours),
                rng.uniform(4, 8),
                rng.uniform(0, 6),
            )
        )
    return out


def fall(confetti: list[Confetto], dt: float, floor: float) -> list[Confetto]:
    """The confetti `dt` seconds later; pieces below `floor` are gone."""
    for c in confetti:
        c.vy += GRAVITY * dt
        c.x += c.vx * dt
        c.y += c.vy * dt
        c.spin += dt * 9
    return [c for c in confetti if c.y < floor]


def draw_confetti(surface: pygame.Surface, confetti: list[Confetto], clip: pygame.Rect) -> None:
    """Each piece a small turning rectangle, kept inside `clip`."""
    old = surface.get_clip()
    surface.set_clip(clip)
    for c in confetti:
        w = max(1.0, c.size * abs(math.cos(c.spin)))
        pygame.draw.rect(surface, c.colour, (c.x - w / 2, c.y - c.size / 2, w, c.size))
    surface.set_clip(old)


def restart_trips(layout: Layout, before: HanoiState,
                  after: HanoiState) -> list[tuple[int, list[Segment], float]]:
    """(disk, its trip, its delay) for every disk that must go home on a restart, the
    smallest last, quicker than a move."""
    n = before.n_disks
    out = []
    for d in range(n - 1, -1, -1):
        a = layout.slot(before.disk_pegs[d], before.stack(before.disk_pegs[d]).index(d))
        b = layout.slot(after.disk_pegs[d], after.stack(after.disk_pegs[d]).index(d))
        if a != b:
            out.append((d, trip(layout, a, b[0], b[1], 1.6), 0.03 * (n - 1 - d)))
    return out


def hop(layout: Layout, y: float, age: float, from_top: int) -> float:
    """A disk's height in the solve's little wave: each stack hops from the top down."""
    u = (age - 0.07 * from_top) / 0.45
    if 0 < u < 1:
        return y - layout.disk_h * 0.7 * math.sin(math.pi * u)
    return y


# -- marks over the board -----------------------------------------------------------------------


def draw_hint_ghost(
    surface: pygame.Surface, layout: Layout, state: HanoiState, move: HanoiMove, t: float
) -> None:
    """A see-through copy of the disk where the hint would put it, breathing."""
    disk = state.top(move.src)
    if disk is None:
        return
    land = layout.slot(move.dst, len(state.stack(move.dst)))
    pulse = 0.5 + 0.5 * math.sin(t * 5)
    draw_disk(surface, layout, disk, land, alpha=int(70 + 60 * pulse))


def draw_hint_arrow(surface: pygame.Surface, layout: Layout, move: HanoiMove) -> None:
    """An arc over the pegs from the hint's source to its destination."""
    src = (layout.xs[move.src], layout.hover_y - layout.disk_h * 0.2)
    dst = (layout.xs[move.dst], layout.hover_y - layout.disk_h * 0.2)
    arc = min(70.0, abs(dst[0] - src[0]) * 0.25)
    pts = [
        (lerp(src[0], dst[0], i / 16), lerp(src[1], dst[1], i / 16) - arc * math.sin(math.pi * i / 16))
        for i in range(17)
    ]
    pygame.draw.lines(surface, theme.ACCENT, False, pts[:-3], 5)
    marks.arrow(surface, pts[-4], (dst[0], dst[1] + 6), theme.ACCENT, 5)


def draw_refusal(surface: pygame.Surface, layout: Layout, state: HanoiState, peg: int,
                 age: float) -> None:
    """A red cross over the peg that refused a disk, shrinking as `age` goes 0 -> 1."""
    x, y = layout.slot(peg, len(state.stack(peg)))
    y -= layout.disk_h * 0.2
    k = 9 + 3 * (1 - age)
    pygame.draw.line(surface, theme.BAD, (x - k, y - k), (x + k, y + k), 4)
    pygame.draw.line(surface, theme.BAD, (x - k, y + k), (x + k, y - k), 4)


def celebration_note(watched: bool, free: bool, par: int | None, moves: int) -> str | None:
    """The line under the "Solved!" banner: stars withheld, in par, or the moves to spare."""
    if watched and not free:
        return _("You watched the solution: no stars this time — R to try again")
    if par is not None and moves <= par:
        return _("In par — as few moves as possible!")
    if par is not None:
        spare = moves - par
        return ngettext("Par is {par}: {n} move to spare — R to try again",
                        "Par is {par}: {n} moves to spare — R to try again", spare).format(
            par=par, n=spare)
    return None
