"""Akhimoraec input: a controller that turns cell-level actions (a click or Enter on a circle,
a cursor step) into selections, tips and refusals. No pygame: the screen maps mouse positions
to cells and keys to the names below, and carries out what the controller answers; the tests
drive it directly.

Every question of the rules ("may this hourglass move?", "why not?", "does a flip count?") is
asked of the rules; the controller only remembers what is picked up and where the cursor is.
A controller may be bound to one player (`player`): it then picks up only that player's
hourglasses, and its cursor starts on them (two players at one screen without turns).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.akhimoraec.rules import AkhimoraecRules
from game.games.akhimoraec.state import SIZE, AkhState, Move, cell_of

#: Cursor steps by key name: (columns, rows) as seen from Gold's side.
STEPS: dict[str, tuple[int, int]] = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}
KEYS = (*STEPS, "enter", "tab")


@dataclass(frozen=True)
class Intent:
    """What the screen should do after an action.

    kind "none" (nothing to do), "select" (a glass was picked up: a click sound), "clear" (the
    pick was put down), "tip" (play `move`; on success put the pick down), "flip" (play `move`,
    a flip in place), "refuse" (say `reason`)."""

    kind: str
    move: Move | None = None
    reason: str | None = None


NOTHING = Intent("none")


class BoardInput:
    """Selection and keyboard cursor over the board, for the side(s) the rules let move."""

    def __init__(self, rules: AkhimoraecRules, player: int | None = None) -> None:
        self.rules = rules
        #: None: whoever the rules let move; else only this player's hourglasses.
        self.player = player
        self.selected: int | None = None
        self.cursor: int | None = None

    def clear(self) -> None:
        self.selected = None

    def targets(self, state: AkhState) -> list[int]:
        """Where the picked-up glass may be tipped now (from the rules)."""
        if self.selected is None:
            return []
        return [m.dst for m in self.rules.legal_moves(state) if m.src == self.selected]

    def forget_unmovable(self, state: AkhState) -> None:
        """Time ran on: a picked-up glass that may no longer move is put down."""
        if self.selected is not None and self.selected not in self.rules.movable_cells(state, self.player):
            self.clear()

    def pick(self, state: AkhState, cell: int) -> Intent:
        """A click or Enter on `cell`: pick a glass up, tip the picked one, or say why not."""
        rules, now = self.rules, state.now
        g = next((x for x in state.glasses if x.cell == cell), None)
        if self.selected is not None:
            if cell == self.selected:
                if rules.may_flip(state, cell):
                    return Intent("flip", Move(cell, cell, now))
                self.clear()
                return Intent("clear")
            if g is not None and rules.may_move(state, g, self.player):
                self.selected = cell
                return Intent("select")
            return Intent("tip", Move(self.selected, cell, now))
        if g is None:
            return NOTHING
        reason = rules.pick_reason(state, cell, self.player)
        if reason is not None:
            return Intent("refuse", reason=reason)
        self.selected = cell
        return Intent("select")

    def key(self, state: AkhState, name: str, flipped: bool = False) -> Intent:
        """A key by name (see KEYS). The first arrow or Enter only shows the cursor."""
        if name in STEPS:
            if self.cursor is None:
                self.cursor = self.selected if self.selected is not None else self.first_own(state)
                return NOTHING
            dc, dr = STEPS[name]
            if flipped:
                dc, dr = -dc, -dr
            col = max(0, min(SIZE - 1, self.cursor % SIZE + dc))
            row = max(0, min(SIZE - 1, self.cursor // SIZE + dr))
            self.cursor = cell_of(col, row)
        elif name == "enter":
            if self.cursor is None:
                self.cursor = self.first_own(state)
                return NOTHING
            return self.pick(state, self.cursor)
        elif name == "tab":
            own = self.rules.movable_cells(state, self.player)
            if own:
                i = own.index(self.cursor) if self.cursor in own else -1
                self.cursor = own[(i + 1) % len(own)]
        return NOTHING

    def first_own(self, state: AkhState) -> int:
        """Where the cursor appears: on the first glass of its player, else the centre."""
        side = state.to_move if self.player is None else self.player
        own = [g.cell for g in state.glasses if g.owner == side and g.cell >= 0]
        return own[0] if own else cell_of(4, 4)
