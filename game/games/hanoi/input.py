"""From peg-level events to what the player means, without pygame: the Towers of Hanoi's input.

The scene turns the pointer into a peg (`Layout.column_at`) and keys into pegs or steps, and
tells the controller; the controller keeps what the hands are doing (the lifted disk, a press
that may become a drag, the keyboard focus) and answers with intents the scene carries out
with animations: `Lift`, `Lower`, `Play`, `Refuse`, `Settle`, `SolvedAlready`. Whether a move
is legal is the rules' business: the scene asks them when it carries out `Play`, and tells the
controller the outcome (`played`, `drag_refused`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.games.hanoi.rules import HanoiMove, HanoiState

Point = tuple[float, float]
#: How far the pointer travels with the button down before a press becomes a drag (pixels).
DRAG_START = 6.0


@dataclass(frozen=True)
class Lift:
    """Lift the top disk of `peg` over it."""

    peg: int


@dataclass(frozen=True)
class Lower:
    """Put the lifted disk back on `peg`, its own; `dragged_at`: where the pointer had
    carried it (None: it was hovering over its peg)."""

    peg: int
    dragged_at: Point | None = None


@dataclass(frozen=True)
class Play:
    """Move the lifted disk: `dragged` when it was carried by the pointer (a refusal then
    shakes it where it was let go before it goes home)."""

    move: HanoiMove
    dragged: bool = False


@dataclass(frozen=True)
class Refuse:
    """Nothing to lift on `peg` (the scene asks the rules for the words), or no such peg."""

    peg: int


@dataclass(frozen=True)
class Settle:
    """Finish the disks still in the air at once (a quick player never waits for them)."""


@dataclass(frozen=True)
class SolvedAlready:
    """A peg chosen after the solve: the scene says how to go on."""


Intent = Lift | Lower | Play | Refuse | Settle | SolvedAlready


@dataclass
class Press:
    """The left button went down on `peg` at `where`; `was_held`: its disk was already up."""

    peg: int
    where: Point
    was_held: bool


class PegController:
    """What the player's hands are doing over the pegs; each event returns the intents."""

    def __init__(self, pegs: int) -> None:
        self.pegs = pegs
        #: Peg whose top disk is lifted (None: nothing in hand).
        self.held: int | None = None
        self.press: Press | None = None
        self.dragging = False
        self.drag_pos: Point = (0.0, 0.0)
        #: Peg under the pointer (its label lights up), and the keyboard's peg.
        self.hover: int | None = None
        self.focus = 0
        self.show_focus = False

    def reset(self, pegs: int) -> None:
        """A new puzzle: nothing in hand; the hover and focus kept where the pegs still exist."""
        self.pegs = pegs
        self.drop()
        self.focus = min(self.focus, pegs - 1)
        if self.hover is not None and self.hover >= pegs:
            self.hover = None  # the pointer was on a peg this puzzle does not have

    def drop(self) -> None:
        """Nothing in hand any more (played, put back, undone)."""
        self.held = None
        self.press = None
        self.dragging = False

    # -- the scene's reports ---------------------------------------------------------------
    def played(self) -> None:
        """The rules took the `Play`: the disk is on its way, the hand is empty."""
        self.held = None
        self.dragging = False

    def drag_refused(self) -> None:
        """The rules refused a dragged disk: it goes home, the hand is empty."""
        self.held = None
        self.dragging = False

    # -- events ----------------------------------------------------------------------------
    def choose(self, peg: int, state: HanoiState, solved: bool) -> list[Intent]:
        """A click or a key on a peg: pick up, put back, or drop the lifted disk there."""
        if solved:
            return [SolvedAlready()]
        if self.held is None:
            if state.top(peg) is None:
                return [Settle(), Refuse(peg)]
            self.held = peg
            return [Settle(), Lift(peg)]
        if peg == self.held:
            return [Settle(), *self.lower()]
        return [Settle(), Play(HanoiMove(self.held, peg))]

    def lower(self) -> list[Intent]:
        """Esc, a right click, or the lifted disk's own peg: put it back."""
        if self.held is None:
            return []
        intent = Lower(self.held, self.drag_pos if self.dragging else None)
        self.drop()
        return [intent]

    def pointer_moved(self, peg: int | None, pos: Point) -> list[Intent]:
        """The pointer moved (over `peg`'s column, or outside every column)."""
        self.hover = peg
        out: list[Intent] = []
        if self.press is not None:
            if (not self.dragging and math.dist(self.press.where, pos) > DRAG_START
                    and self.held == self.press.peg):
                self.dragging = True
                out.append(Settle())
            if self.dragging:
                self.drag_pos = pos
        return out

    def pointer_down(self, peg: int | None, pos: Point, state: HanoiState,
                     solved: bool) -> list[Intent]:
        """The left button went down over `peg`'s column (None: elsewhere, or on a button)."""
        if peg is None:
            return []
        self.show_focus = False
        was_held = self.held == peg
        if self.held is not None and not was_held:
            return self.choose(peg, state, solved)  # drop the lifted disk here
        out: list[Intent] = []
        if not was_held:
            out = self.choose(peg, state, solved)
            if self.held != peg:
                return out
        self.press = Press(peg, pos, was_held)
        self.drag_pos = pos
        return out

    def pointer_up(self, peg: int | None) -> list[Intent]:
        """The left button came up over `peg`'s column (None: elsewhere)."""
        press, self.press = self.press, None
        if press is None:
            return []
        if self.held != press.peg:
            self.dragging = False
            return []
        if self.dragging:
            if peg is None or peg == press.peg:
                return self.lower()
            return [Play(HanoiMove(press.peg, peg), dragged=True)]
        if press.was_held:
            return self.lower()  # a click on the lifted disk's own peg lowers it
        return []

    def key_peg(self, peg: int, state: HanoiState, solved: bool) -> list[Intent]:
        """A peg's key (1-4 or A-D): as a click on it, and the focus goes there."""
        if peg >= self.pegs:
            return [Refuse(peg)]
        self.focus = peg
        return self.choose(peg, state, solved)

    def key_step(self, step: int) -> None:
        """Left or right: the keyboard focus moves (the first press shows where it is)."""
        if self.show_focus:
            self.focus = (self.focus + step) % self.pegs
        elif self.held is not None:
            self.focus = self.held
        self.show_focus = True

    def key_select(self, state: HanoiState, solved: bool) -> list[Intent]:
        """Space, Enter or up/down: as a click on the focused peg."""
        self.show_focus = True
        return self.choose(self.focus, state, solved)
