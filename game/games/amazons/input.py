"""The three-step move of Amazons as input: which amazon, where to, where the arrow flies.

A pygame-free controller. The scene turns clicks and keys into calls on squares and `Key`s,
and acts on the `Action` each call returns (a sound, a refusal in the rules' words, a move to
submit); the legal squares of each step and every refusal come from the rules. Tested directly,
without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import Literal

from game.games.amazons import rules as R
from game.games.amazons.rules import AmazonsRules, Move, State
from game.i18n import _

ActionKind = Literal["none", "picked", "moved_to", "stepped_back", "refused", "submit"]


class Key(Enum):
    """The keys the board answers, whatever the keyboard calls them."""

    LEFT = auto()
    RIGHT = auto()
    UP = auto()
    DOWN = auto()
    NEXT = auto()      # Tab: the next square the current step may pick
    PREVIOUS = auto()  # Shift+Tab
    CHOOSE = auto()    # Enter or Space on the cursor's square
    BACK = auto()      # Backspace: one step back


@dataclass(frozen=True)
class Action:
    """What an input did: `picked` an amazon, `moved_to` its square, `stepped_back`, was
    `refused` (with the rules' `reason`), completed a move to `submit`, or nothing."""

    kind: ActionKind
    reason: str = ""
    move: Move | None = None


NOTHING = Action("none")
_ARROWS = {Key.LEFT: (-1, 0), Key.RIGHT: (1, 0), Key.UP: (0, -1), Key.DOWN: (0, 1)}


class MoveInput:
    """The move being made on an n x n board, and the keyboard cursor.

    `frm` is the chosen amazon, `to` its chosen square, `choices` the squares the next click
    may take (the rules' `destinations`, then `arrow_targets`).
    """

    def __init__(self, rules: AmazonsRules) -> None:
        self.rules = rules
        self.n = rules.n
        self.frm: int | None = None
        self.to: int | None = None
        self.choices: tuple[int, ...] = ()
        self.cursor = (self.n // 2) * self.n + self.n // 2
        self.cursor_shown = False

    @property
    def step(self) -> int:
        """0: pick an amazon, 1: its destination, 2: the arrow's square."""
        return 0 if self.frm is None else (1 if self.to is None else 2)

    def step_choices(self, state: State) -> tuple[int, ...]:
        """The squares the current step may pick (amazons that can move, then the rules' lists)."""
        if self.frm is None:
            return R.movable(state) if self.rules.outcome(state) is None else ()
        return self.choices

    def clear(self) -> None:
        self.frm = self.to = None
        self.choices = ()

    # -- squares ---------------------------------------------------------------------------
    def click(self, state: State, sq: int) -> Action:
        """A click on square `sq`: the cursor goes there (hidden) and the square is chosen."""
        self.cursor = sq
        self.cursor_shown = False
        return self.choose(state, sq)

    def choose(self, state: State, sq: int) -> Action:
        """One choice of square `sq`, at whichever step the move has reached."""
        if self.frm is None:
            return self._pick(state, sq)
        if self.to is None:
            if sq == self.frm:
                return self._back(state)
            if R.cell(state, sq) == ("W", "B")[state.to_move]:
                return self._pick(state, sq)  # another of one's own amazons: switch to it
            if sq in self.choices:
                self.to = sq
                self.choices = self.rules.arrow_targets(state, self.frm, sq)
                return Action("moved_to")
            return Action("refused", R.explain(state, self.frm, sq)
                          or _("the amazon cannot go there"))
        if sq == self.to:
            return self._back(state)  # clicking the amazon being moved takes the step back
        return Action("submit", move=Move(self.frm, self.to, sq))

    def _pick(self, state: State, sq: int) -> Action:
        reason = R.explain(state, sq)
        dests = () if reason is not None else self.rules.destinations(state, sq)
        if reason is not None or not dests:
            return Action("refused", reason or _("the game is over"))
        self.frm, self.to, self.choices = sq, None, dests
        return Action("picked")

    def step_back(self, state: State) -> bool:
        """Undo one step of the move being made; False if there was none."""
        return self._back(state).kind == "stepped_back"

    def _back(self, state: State) -> Action:
        if self.to is not None and self.frm is not None:
            self.to = None
            self.choices = self.rules.destinations(state, self.frm)
        elif self.frm is not None:
            self.clear()
        else:
            return NOTHING
        return Action("stepped_back")

    # -- keys ------------------------------------------------------------------------------
    def key(self, state: State, key: Key, flipped: bool = False) -> Action:
        """A key on the board. The first arrow or Enter only shows the cursor (on the square
        the move has reached, or the first amazon that can move); on a turned board the arrows
        keep their on-screen sense."""
        if key in _ARROWS or key is Key.CHOOSE:
            if not self.cursor_shown:
                self.cursor_shown = True
                self.cursor = self._cursor_start(state)
                return NOTHING
            if key is Key.CHOOSE:
                return self.choose(state, self.cursor)
            dx, dy = _ARROWS[key]
            if flipped:
                dx, dy = -dx, -dy
            n = self.n
            col = max(0, min(n - 1, self.cursor % n + dx))
            row = max(0, min(n - 1, self.cursor // n - dy))
            self.cursor = row * n + col
        elif key in (Key.NEXT, Key.PREVIOUS):
            options = sorted(self.step_choices(state))
            if options:
                if key is Key.PREVIOUS:
                    earlier = [s for s in options if s < self.cursor] if self.cursor_shown else []
                    self.cursor = earlier[-1] if earlier else options[-1]
                else:
                    later = [s for s in options if s > self.cursor] if self.cursor_shown else []
                    self.cursor = later[0] if later else options[0]
                self.cursor_shown = True
        elif key is Key.BACK:
            return self._back(state)
        return NOTHING

    def _cursor_start(self, state: State) -> int:
        if self.to is not None:
            return self.to
        if self.frm is not None:
            return self.frm
        movable = self.step_choices(state)
        return movable[0] if movable else self.cursor
