"""Moves of the Jeu de pions as input: a pawn dragged along the ruler, or chosen with keys.

A pygame-free controller. The scene passes pointer positions and `Key`s and acts on the
`Action` returned (a sound, a refusal in the rules' words, a move to submit). Where a dragged
pawn may stop comes from the rules' legal moves; the ruler only turns x into cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import Literal

from game.games.pions import rules as R
from game.games.pions.rules import PionsMove, PionsRules, PionsState
from game.games.pions.view import Ruler
from game.i18n import _

ActionKind = Literal["none", "picked", "selected", "refused", "submit"]


class Key(Enum):
    """The keys that choose a move, whatever the keyboard calls them."""

    NEXT = auto()      # Tab or Down: the next pawn
    PREVIOUS = auto()  # Shift+Tab or Up
    FARTHER = auto()   # Left: the chosen pawn's cell farther from the end
    NEARER = auto()    # Right: nearer the end (past the last cell: removal)
    CHOOSE = auto()    # Enter or Space: play the chosen cell


@dataclass(frozen=True)
class Action:
    """What an input did: `picked` a pawn up, `selected` one with a key, was `refused` (with
    the rules' `reason`), made a move to `submit`, or nothing."""

    kind: ActionKind
    reason: str = ""
    move: PionsMove | None = None


NOTHING = Action("none")


class PawnInput:
    """The pawn held or chosen, and where it would go.

    `drag` is (pawn cell, pointer offset from its centre) while a pawn is held, `drag_x` the
    held pawn's x; `selected` the pawn chosen with keys and `key_target` its chosen cell.
    """

    def __init__(self, rules: PionsRules) -> None:
        self.rules = rules
        self.drag: tuple[int, float] | None = None
        self.drag_x = 0.0
        self.selected: int | None = None
        self.key_target: int | None = None

    def clear(self) -> None:
        self.drag = None
        self.selected = None
        self.key_target = None

    @property
    def focus(self) -> int | None:
        """The pawn whose legal cells are shown: the one held, else the one chosen."""
        return self.drag[0] if self.drag is not None else self.selected

    def targets(self, state: PionsState, cell: int) -> list[int]:
        """Legal destinations of the pawn on `cell` (0 = removal), from the rules."""
        return [m.to for m in self.rules.legal_moves(state) if m.frm == cell]

    # -- the pointer -------------------------------------------------------------------------
    def press(self, state: PionsState, ruler: Ruler, pos: tuple[float, float]) -> Action:
        """The button goes down: a pawn under the pointer is picked up."""
        cell = pawn_at(state, ruler, pos)
        if cell is None:
            return NOTHING
        self.drag = (cell, pos[0] - ruler.x_of(cell))
        self.drag_x = ruler.x_of(cell)
        self.selected = cell
        return Action("picked")

    def motion(self, x: float) -> None:
        if self.drag is not None:
            self.drag_x = x - self.drag[1]

    def release(self, state: PionsState, ruler: Ruler) -> Action:
        """The button comes up: the held pawn goes to the nearest legal cell, or the drop is
        refused (with the rules' reason) when it was dragged where it may not stop."""
        if self.drag is None:
            return NOTHING
        cell, _drag_x = self.drag
        dest = self.snap(state, ruler, cell, self.drag_x)
        self.drag = None
        if dest is None:
            if abs(self.drag_x - ruler.x_of(cell)) > ruler.cell * 0.5:
                move = PionsMove(cell, ruler.cell_at(self.drag_x))
                return Action("refused", self.rules.check(state, move)
                              or _("That pawn cannot go there."))
            return NOTHING
        if dest == cell:
            return NOTHING
        self.selected = None
        return Action("submit", move=PionsMove(cell, dest))

    def snap(self, state: PionsState, ruler: Ruler, cell: int, x: float) -> int | None:
        """Nearest legal destination to the dragged x (0 = removal when dragged past the end)."""
        legal = self.targets(state, cell)
        if not legal:
            return None
        if x >= ruler.end_x and R.REMOVE in legal:
            return R.REMOVE
        want = ruler.cell_at(x)
        if want == cell:
            return cell
        slides = [t for t in legal if t != R.REMOVE]
        if want in slides:
            return want
        if want < cell and slides and abs(x - ruler.x_of(min(slides))) < ruler.cell:
            return min(slides)  # dragged too far: stop against the next pawn
        return None

    # -- keys --------------------------------------------------------------------------------
    def key(self, state: PionsState, key: Key) -> Action:
        cells = state.cells
        if not cells:
            return NOTHING
        if key in (Key.NEXT, Key.PREVIOUS):
            order = list(cells)
            i = order.index(self.selected) if self.selected in order else -1
            self.selected = order[(i + (1 if key is Key.NEXT else -1)) % len(order)]
            self.key_target = None
            return Action("selected")
        if key in (Key.NEARER, Key.FARTHER) and self.selected is not None:
            options = sorted(self.targets(state, self.selected), reverse=True)  # far → near
            if not options:
                move = PionsMove(self.selected, self.selected - 1)
                return Action("refused", self.rules.check(state, move)
                              or _("That pawn cannot move."))
            seq = [self.selected, *options]
            cur = self.key_target if self.key_target in seq else self.selected
            i = seq.index(cur) + (1 if key is Key.NEARER else -1)
            self.key_target = seq[max(0, min(len(seq) - 1, i))]
        elif (key is Key.CHOOSE and self.selected is not None
              and self.key_target not in (None, self.selected)):
            move = PionsMove(self.selected, int(self.key_target or 0))
            self.clear()
            return Action("submit", move=move)
        return NOTHING


def pawn_at(state: PionsState, ruler: Ruler, pos: tuple[float, float]) -> int | None:
    """The pawn under the pointer (its body stands above the ruler's line), or None."""
    x, y = pos
    if abs(y - (ruler.y - ruler.cell * 0.3)) > ruler.cell * 0.9:
        return None
    for c in state.cells:
        if abs(x - ruler.x_of(c)) <= ruler.cell / 2:
            return c
    return None
