"""Akhimoraec effects: hourglasses in flight (a tip, a crack when the sand runs out, the walk
home), the sand easing into place after a landing, flashes on circles, and the events feed.

The screen owns one `Effects`; it starts them from moves and from the rules' events and draws
them over the board. Nothing here changes the game: the state is the truth, effects only show
how it got there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.games.akhimoraec.sprites import draw_glass_turned
from game.games.akhimoraec.state import ALIVE, AkhState, Glass, Move
from game.games.akhimoraec.view import FEED_ROWS, GLASS_H, BoardGeom
from game.ui import theme
from game.ui.tween import Tween, Tweens, ease_in_out, ease_out, lerp, linear

TIP_SECONDS = 0.42
CRACK_SECONDS = 0.45
CARRY_SECONDS = 0.7
BLEND_SECONDS = 0.35


@dataclass
class Flight:
    """One stage of a glass on the move, drawn instead of its place in the state.

    kind "tip": tipped from `src` onto `dst` while turning `spin` degrees; "crack": its sand ran
    out on `src` (it shakes and cracks); "carry": carried home from `src` to `dst`. The tween is
    made when the stage starts (stages of one glass play one after another)."""

    kind: str
    src: int
    dst: int
    colour_up: bool
    spin: float
    upper: float
    lower: float
    duration: float
    tween: Tween | None = None

    @property
    def progress(self) -> tuple[float, float]:
        """(raw 0..1, eased) progress; a stage not started yet sits at its beginning."""
        if self.tween is None:
            return 0.0, 0.0
        return self.tween.t, self.tween.value


@dataclass
class Blend:
    """After a landing, the drawn sand slides from what was shown to what the state says."""

    upper: float
    lower: float
    tween: Tween


@dataclass(frozen=True)
class NewsItem:
    """One line of the events panel: when it came (scene time), whose, what and what next."""

    born: float
    player: int
    head: str
    detail: str
    when: str


@dataclass
class Effects:
    """The running effects of one screen, on the screen's tweens (paused with it)."""

    tweens: Tweens
    #: glass index -> its stages in flight (the first one plays)
    flights: dict[int, list[Flight]] = field(default_factory=dict)
    blends: dict[int, Blend] = field(default_factory=dict)
    flashes: list[tuple[int, Tween]] = field(default_factory=list)
    feed: list[NewsItem] = field(default_factory=list)

    def clear(self) -> None:
        """Forget the animations (the feed stays: it is history)."""
        self.flights.clear()
        self.blends.clear()
        self.flashes.clear()

    def news(self, born: float, player: int, head: str, detail: str, when: str) -> None:
        """A line in the events panel beside the board (toasts would cover the board)."""
        self.feed.append(NewsItem(born, player, head, detail, when))
        del self.feed[:-FEED_ROWS]

    def flash(self, cell: int, seconds: float = 0.7) -> None:
        self.flashes.append((cell, self.tweens.add(seconds, ease_out, tag="flash")))

    def start(self, fl: Flight) -> None:
        easing = linear if fl.kind == "crack" else ease_in_out
        fl.tween = self.tweens.add(fl.duration, easing, tag="tip" if fl.kind == "tip" else "death")

    def tip(self, gi: int, glass: Glass, sand: tuple[float, float], move: Move,
            geo: BoardGeom) -> None:
        """The glass `gi` tips from move.src onto move.dst, turning over the way it rolls."""
        sx, sy = geo.centre(move.src)
        dx, dy = geo.centre(move.dst)
        if move.src == move.dst:
            spin = -180.0
        elif abs(dx - sx) > 1:
            spin = -180.0 if dx > sx else 180.0
        else:
            spin = -180.0 if dy < sy else 180.0
        self.blends.pop(gi, None)
        fl = Flight("tip", move.src, move.dst, glass.up, spin, sand[0], sand[1], TIP_SECONDS)
        self.flights[gi] = [fl]
        self.start(fl)

    def death(self, gi: int, was: Glass, cell: int, home: int) -> None:
        """It shakes and cracks where it stood, then is carried home own colour up: a glass that
        died black up turns over on the way (its sand then lies in the upper chamber)."""
        up = was.up if was.status == ALIVE else True
        stages = [Flight("crack", cell, cell, up, 0.0, 0.0, 1.0, CRACK_SECONDS),
                  Flight("carry", cell, home, up, 0.0 if up else 180.0, 0.0, 1.0, CARRY_SECONDS)]
        queue = self.flights.get(gi)
        if queue and queue[0].kind == "tip":
            queue[1:] = stages  # dead on arrival (timer B): it cracks once it has landed
        else:
            self.flights[gi] = stages
            self.start(stages[0])
        self.blends.pop(gi, None)

    def land(self, state: AkhState, sand_of: Callable[[Glass, int], tuple[float, float]]) -> None:
        """Finished stages hand over to the next one, or to the state (with a sand blend)."""
        for gi, queue in list(self.flights.items()):
            head = queue[0]
            if head.tween is None:
                self.start(head)
            if head.tween is None or not head.tween.done:
                continue
            queue.pop(0)
            if queue:
                self.start(queue[0])
                continue
            del self.flights[gi]
            # landed: the drawn sand (turned over if it spun half a turn) eases into the state's
            shown = (head.lower, head.upper) if abs(head.spin) > 90 else (head.upper, head.lower)
            actual = sand_of(state.glasses[gi], state.now)
            if abs(shown[0] - actual[0]) > 0.01:
                self.blends[gi] = Blend(shown[0], shown[1],
                                        self.tweens.add(BLEND_SECONDS, ease_out, tag="blend"))
            self.flashes.append((head.dst, self.tweens.add(0.45, ease_out, tag="flash")))
        self.flashes = [(c, tw) for c, tw in self.flashes if not tw.done]
        for gi in [gi for gi, b in self.blends.items() if b.tween.done]:
            del self.blends[gi]

    def shown_sand(self, gi: int, sand: tuple[float, float]) -> tuple[float, float]:
        """The sand to draw for glass `gi`: the state's, or on its way there after a landing."""
        bl = self.blends.get(gi)
        if bl is None:
            return sand
        e = bl.tween.value
        return lerp(bl.upper, sand[0], e), lerp(bl.lower, sand[1], e)

    def draw_flashes(self, surface: pygame.Surface, geo: BoardGeom) -> None:
        for cell, tw in self.flashes:
            r = geo.cell * (0.36 + 0.25 * tw.value)
            pygame.draw.circle(surface, theme.TEXT, geo.centre(cell), r, max(1, round(3 * (1 - tw.t))))

    def draw_flight(self, surface: pygame.Surface, geo: BoardGeom, owner: int, fl: Flight) -> None:
        t, e = fl.progress
        (sx, sy), (dx, dy) = geo.centre(fl.src), geo.centre(fl.dst)
        h = GLASS_H
        if fl.kind == "tip":
            x, y = lerp(sx, dx, e), lerp(sy, dy, e) - math.sin(math.pi * t) * geo.cell * 0.45
            if fl.src == fl.dst:
                y = sy - math.sin(math.pi * t) * geo.cell * 0.6
            draw_glass_turned(surface, (x, y), h, owner, fl.colour_up, fl.upper, fl.lower, fl.spin * e,
                              lift=0.18 * math.sin(math.pi * t))
        elif fl.kind == "crack":
            wobble = math.sin(t * math.pi * 8) * (1 - t) * 4
            draw_glass_turned(surface, (sx + wobble, sy), h, owner, fl.colour_up, fl.upper,
                              fl.lower, wobble * 2, int(255 - 90 * t), int(255 * min(1.0, t * 3)))
        else:
            x, y = lerp(sx, dx, e), lerp(sy, dy, e) - math.sin(math.pi * t) * geo.cell * 0.5
            draw_glass_turned(surface, (x, y), h, owner, fl.colour_up, fl.upper, fl.lower,
                              fl.spin * e, int(165 + 90 * t), int(255 * (1 - t)),
                              lift=0.25 * math.sin(math.pi * t))
