"""Tweened animations: a value that goes from A to B over time with an easing curve.

Scenes own a `Tweens` group, call `update(dt)` once per frame and read values. Animation speed
from the settings scales every duration, and 0 makes everything instant.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_in(t: float) -> float:
    return t * t * t


def bounce(t: float) -> float:
    """Ends with two small bounces, like a piece dropped on a board."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def shake(t: float) -> float:
    """A decaying side-to-side wobble (0 at both ends): refusal feedback."""
    return math.sin(t * math.pi * 6) * (1 - t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """Progress 0→1 over `duration` seconds after `delay`; `value` applies the easing."""

    duration: float
    easing: Easing = ease_in_out
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    tag: object = None
    elapsed: float = 0.0
    done: bool = False

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.easing(self.t)

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()


@dataclass
class Tweens:
    """A group of running tweens; `speed` scales time (animation speed setting)."""

    speed: float = 1.0
    items: list[Tween] = field(default_factory=list)

    def add(self, duration: float, easing: Easing = ease_in_out, delay: float = 0.0,
            on_done: Callable[[], None] | None = None, tag: object = None) -> Tween:
        tw = Tween(duration, easing, delay, on_done, tag)
        if self.speed <= 0:
            tw.elapsed = delay + duration
        self.items.append(tw)
        return tw

    def update(self, dt: float) -> None:
        step = dt * self.speed if self.speed > 0 else 1e9
        for tw in list(self.items):
            tw.update(step)
        self.items = [tw for tw in self.items if not tw.done]

    def busy(self, tag: object = None) -> bool:
        return any(tag is None or tw.tag == tag for tw in self.items)

    def finish_all(self) -> None:
        """Jump every running tween to its end (e.g. before undo), firing callbacks once."""
        while self.items:
            items, self.items = self.items, []
            for tw in items:
                tw.elapsed = tw.delay + tw.duration
                tw.update(0)

    def clear(self) -> None:
        self.items.clear()
