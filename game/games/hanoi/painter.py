"""The Towers of Hanoi board as the player sees it at one moment: disks resting, lifted or in
flight, the refusal's cross and shake, the solve's wave and confetti, and the drawing of it all.

It holds only what is on screen; the position comes from the session (`state`), what the hands
do from the input controller, and the scene says when a disk flies, is refused or a solve is
celebrated.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.games.hanoi import effects, sprites
from game.games.hanoi.input import PegController
from game.games.hanoi.rules import HanoiMove, HanoiState
from game.games.hanoi.view import Layout, Point
from game.scenes.frame import BOARD_AREA
from game.ui import theme
from game.ui.tween import Tween, Tweens, linear, shake

#: Seconds the solve's wave runs through the stacks.
WAVE = 2.5


@dataclass
class Marks:
    """What the board shows over the disks this frame (decided by the scene)."""

    hint: HanoiMove | None = None
    legal: tuple[int, ...] = ()  # pegs the lifted disk may go to
    last: int | None = None  # peg the last move went to (brackets on its top disk)
    lit: bool = True  # the hovered peg's label may light up
    focus: bool = True  # the keyboard's peg may be shown


class DiskBoard:
    """The disks on screen and their motion, for one puzzle's `layout`."""

    def __init__(self, tweens: Tweens, layout: Layout) -> None:
        self.tweens = tweens
        self.layout = layout
        self.flights = effects.Flights()
        self.shake_tw: Tween | None = None  # the lifted disk shaking at a refusal
        self.refused: tuple[int, Tween] | None = None  # (peg, its cross's tween)
        self.party_t: float | None = None
        self.confetti: list[effects.Confetto] = []

    def clear(self) -> None:
        """Nothing moving, nothing marked: a fresh attempt."""
        self.flights.clear()
        self.shake_tw = None
        self.refused = None
        self.calm()

    def calm(self) -> None:
        """The celebration is over (a move taken back)."""
        self.party_t = None
        self.confetti.clear()

    # -- where ---------------------------------------------------------------------------------
    def slot_of(self, disk: int, state: HanoiState) -> Point:
        """Where `disk` rests in `state`."""
        peg = state.disk_pegs[disk]
        return self.layout.slot(peg, state.stack(peg).index(disk))

    def shown_pos(self, disk: int, state: HanoiState, hands: PegController) -> Point:
        """Where the disk is drawn right now (flying, held, dragged or resting)."""
        fl = self.flights.get(disk)
        if fl is not None:
            return fl.pos()
        if hands.held is not None and state.top(hands.held) == disk:
            return hands.drag_pos if hands.dragging else self.layout.hover(hands.held)
        return self.slot_of(disk, state)

    # -- motion --------------------------------------------------------------------------------
    def fly(self, disk: int, segments: list[effects.Segment],
            on_land: Callable[[], None] | None = None, delay: float = 0.0) -> None:
        self.flights.launch(self.tweens, disk, segments, on_land, delay)

    def fly_to(self, disk: int, start: Point, end: Point, on_land: Callable[[], None] | None,
               speed: float = 1.0) -> None:
        """Up from `start`, across and down onto `end`."""
        self.fly(disk, effects.trip(self.layout, start, end[0], end[1], speed), on_land)

    def settle(self) -> None:
        """Finish the disks still in the air, so a quick player never waits for an animation."""
        self.flights.settle(self.tweens)

    def refuse_at(self, peg: int) -> None:
        """A red cross over `peg`, and the lifted disk shakes."""
        self.refused = (peg, self.tweens.add(0.7, linear, tag="refused"))
        self.shake_tw = self.tweens.add(0.4, linear, tag="shake")

    def celebrate(self, t: float, state: HanoiState, seed: int) -> None:
        """The stacks hop in a wave and confetti flies (the same show for the same seed)."""
        self.party_t = t
        self.confetti = effects.throw_confetti(self.layout, state, seed)

    def step(self, dt: float) -> None:
        if self.confetti:
            self.confetti = effects.fall(self.confetti, dt, BOARD_AREA.bottom)

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.confetti)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: HanoiState, hands: PegController, t: float,
             marks: Marks) -> None:
        """The board over its background: labels, hint, legal dots, disks, cross, confetti."""
        lay = self.layout
        if hands.hover is not None and marks.lit:
            sprites.draw_label(surface, lay, hands.hover, (0, 0), hot=True)
        if hands.show_focus and marks.focus:
            sprites.draw_focus(surface, lay, hands.focus)
        held = state.top(hands.held) if hands.held is not None else None
        hint = marks.hint if not self.flights else None
        if hint is not None:
            effects.draw_hint_ghost(surface, lay, state, hint, t)
        if held is not None:
            sprites.draw_targets(surface, lay, state, list(marks.legal))
        age = t - self.party_t if self.party_t is not None else WAVE
        sprites.draw_resting(surface, lay, state, {*self.flights, -1 if held is None else held},
                             (lambda y, k: effects.hop(lay, y, age, k)) if age < WAVE else None)
        if marks.last is not None and not self.flights and held is None:
            sprites.draw_last_move(surface, lay, state, marks.last)
        if hint is not None:
            effects.draw_hint_arrow(surface, lay, hint)
        if self.refused is not None and not self.refused[1].done:
            effects.draw_refusal(surface, lay, state, self.refused[0], self.refused[1].t)
        for d in sorted(self.flights, reverse=True):  # largest first: a smaller one in front
            sprites.draw_lifted(surface, lay, d, self.flights[d].pos())
        if held is not None and held not in self.flights:
            x, y = self.shown_pos(held, state, hands)
            if not hands.dragging:
                y += 3 * math.sin(t * 4)
                if self.shake_tw is not None and not self.shake_tw.done:
                    x += shake(self.shake_tw.t) * 12
            sprites.draw_in_hand(surface, lay, held, (x, y), 0.5 + 0.5 * math.sin(t * 5))
        if self.confetti:
            effects.draw_confetti(surface, self.confetti, BOARD_AREA.inflate(-4, -4))


def header_mask(surface: pygame.Surface) -> None:
    """Under the celebration banner: the level's header hidden."""
    pygame.draw.rect(surface, theme.BG_DEEP,
                     (BOARD_AREA.x + 4, BOARD_AREA.y + 4, BOARD_AREA.width - 8, 100))
