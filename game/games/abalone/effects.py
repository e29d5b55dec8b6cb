"""What moves on the Abalone screen after a move is decided: the marbles rolling one cell, and an
ejected marble leaving the board, running along the groove and dropping into its tray.

The rules have already decided everything; these only show it. The ejection's motion is the
pymunk world of physics.py; here it is placed on the screen (the trays below the board's left
and right corners), fed the rules' preview of the move, kept in step with the position after an
undo or a load, and drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.games.abalone import bitboard as B
from game.games.abalone.physics import BoardOutline, EjectionPhysics, Gutter, Tray
from game.games.abalone.sprites import blit_marble, marble_kind
from game.games.abalone.state import AbaloneState, MovePreview
from game.games.abalone.view import FIELD_AP, FIELD_R, GROOVE_AP, LOW_MARBLE, MARBLE, HexLayout
from game.ui.tween import Tween, ease_in_out, lerp2


def roll_ease(t: float) -> float:
    """A slight ease: marbles start rolling briskly and settle softly into their holes."""
    return 0.35 * t + 0.65 * ease_in_out(t)


@dataclass
class Roll:
    """A move's marbles rolling one cell: the position before it, the marbles that roll
    (from, to, sprite kind) and the cells left empty under them meanwhile."""

    before: AbaloneState
    marbles: list[tuple[int, int, str]]
    hidden: set[int]
    tween: Tween

    def draw(self, surface: pygame.Surface, layout: HexLayout, radius: float) -> None:
        t = self.tween.value
        for frm, to, kind in self.marbles:
            blit_marble(surface, kind, lerp2(layout.pixel(frm), layout.pixel(to), t), radius)


def rolling(preview: MovePreview, kinds: dict[int, str]) -> tuple[list[tuple[int, int, str]],
                                                                   set[int]]:
    """The marbles a move rolls on the board (an ejected one leaves through the physics
    instead) and every cell it empties."""
    moves = (*preview.steps, *preview.pushed)
    return ([(frm, to, kinds[frm]) for frm, to in moves if to >= 0],
            {frm for frm, _to in moves})


class Ejections:
    """The two trays, the groove round the field and the physics carrying marbles to them."""

    def __init__(self, centre: tuple[float, float], cell: float, area: pygame.Rect) -> None:
        cx, cy = centre
        self.radius = MARBLE * cell
        self.tray_radius = round(LOW_MARBLE * cell)
        width = 2.35 * 2 * self.tray_radius
        top = cy + 92
        bottom = area.bottom - 34
        left = area.x + 26
        right = area.right - 26
        #: The trays: index = the colour of the marbles kept there (0 Black's, 1 White's),
        #: below the board's left and right corners where the groove lets marbles out.
        self.trays = (Tray(left, top, left + width, bottom, wall=4, flare=12, hopper=40),
                      Tray(right - width, top, right, bottom, wall=4, flare=12, hopper=40))
        self.gutter = Gutter(cx, cy, FIELD_AP * cell, GROOVE_AP * cell)
        self.physics = EjectionPhysics(BoardOutline(cx, cy, FIELD_R * cell), self.gutter,
                                       self.trays, self.radius, self.tray_radius)

    def sync(self, state: AbaloneState) -> None:
        """Exactly `state.lost[c]` marbles for tray c: an undo takes the last arrivals away, a
        load or redo-without-animation refills the tray neatly."""
        ph = self.physics
        for m in [m for m in ph.marbles if m.tray is None]:  # a neutral marble leaving
            ph.remove(m)
        for colour in (0, 1):
            want = state.lost[colour]
            have = [m for m in ph.marbles if m.tray == colour]
            if len(have) > want:
                for m in sorted(have, key=lambda m: -m.serial)[:len(have) - want]:
                    ph.remove(m)
            elif len(have) < want:
                for m in have:
                    ph.remove(m)
                ph.fill(colour, colour, want)

    def launch(self, preview: MovePreview, layout: HexLayout, speed: float) -> None:
        """Send the marble `preview` ejects on its way (nothing if it ejects none)."""
        if preview.ejected is None or preview.ejected_colour is None:
            return
        colour = preview.ejected_colour
        start = layout.pixel(preview.ejected)
        hole = None
        if preview.ejected_into == "hole":
            hole = layout.pixel(B.neighbour(preview.ejected, preview.direction))
        self.physics.launch(colour, colour if colour in (0, 1) else None, start,
                            layout.unit(preview.direction), hole, speed=speed)

    def advance(self, dt: float) -> list[tuple[str, float]]:
        """Run the physics for `dt` seconds; the sounds (name, volume) of what happened."""
        self.physics.advance(dt)
        sounds = []
        for what, _colour, speed_px in self.physics.pop_events():
            if what in ("off", "sink"):
                sounds.append(("capture", 1.0))
            elif what == "land":
                sounds.append(("drop", min(1.0, 0.4 + speed_px / 900)))
        return sounds

    def draw(self, surface: pygame.Surface, one_colour: bool) -> None:
        for v in self.physics.views():
            kind = marble_kind(v.colour, one_colour)
            blit_marble(surface, kind, (v.x, v.y), v.radius, v.alpha, v.height)
