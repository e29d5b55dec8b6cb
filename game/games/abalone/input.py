"""Turning a player's cell-level gestures into Abalone moves, with no pygame: the selection of 1–3
marbles (clicks, drags along a line, a keyboard cursor), what a click on a hole next to it means,
and the marbles chosen for a hand-picked handicap.

The screen converts pixels and keys into cells and board directions and hands them here; each
gesture answers with a `Reply` (a move to submit, a refusal in the rules' words, a sound), so
the whole input logic is tested directly (tests/games/abalone/test_input.py). Every legality
question is asked of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace

from game.games.abalone import bitboard as B
from game.games.abalone.rules import AbaloneRules
from game.games.abalone.state import AbaloneState, Move, MovePreview
from game.i18n import _


@dataclass(frozen=True)
class Reply:
    """What a gesture asks of the screen: submit `move`, refuse with `refusal`, play `sound`
    (name, volume). All empty: nothing to do."""

    move: Move | None = None
    refusal: str | None = None
    sound: tuple[str, float] | None = None


NOTHING = Reply()
CLICK = Reply(sound=("click", 0.6))


class SelectionController:
    """The marbles picked for the next move, the drag in progress and the keyboard cursor."""

    def __init__(self, rules: AbaloneRules) -> None:
        self.rules = rules
        self.selection: list[int] = []
        self.drag_from: int | None = None
        self.dragged = False
        self.cursor: int | None = None
        self._previews: tuple[Hashable, dict[int, MovePreview]] | None = None

    # -- what the selection can do --------------------------------------------------------------
    def clear(self) -> None:
        self.selection = []
        self.drag_from = None
        self.dragged = False

    def movable(self, state: AbaloneState, cell: int) -> bool:
        """A marble the side to move may pick now (either colour during a multi-move turn)."""
        colour = state.colour_at(cell)
        return colour in (0, 1) and colour in self.rules.movable_colours(state)

    def previews(self, state: AbaloneState) -> dict[int, MovePreview]:
        """The legal directions of the selection with what each does (cached per position)."""
        key = (state.key(), tuple(sorted(self.selection)))
        if self._previews is None or self._previews[0] != key:
            out = self.rules.previews(state, self.selection) if self.selection else {}
            self._previews = (key, out)
        return self._previews[1]

    def candidates(self, state: AbaloneState, show_legal: bool) -> list[int]:
        """Directions offered as arrows: the legal ones, or all six when legal moves are hidden
        (the player then learns the reason when choosing a refused one)."""
        if not self.selection or self.rules.check_selection(state, self.selection) is not None:
            return []
        if show_legal:
            return sorted(self.previews(state))
        return list(range(6))

    def target_direction(self, state: AbaloneState, cell: int,
                         reach: Callable[[Sequence[int]], dict[int, float]]) -> int | None:
        """The direction a click on `cell` means: the step that puts a selected marble there.
        When several do, a legal one is preferred, then the one the click lies furthest along
        (`reach` measures that on the screen). None: not next to the selection, or one of the
        mover's marbles that no legal step reaches (a click on it picks it)."""
        if not self.selection or cell in self.selection:
            return None
        directions = B.directions_onto(self.selection, cell)
        if not directions:
            return None
        legal = self.previews(state)
        if any(di in legal for di in directions):
            directions = [di for di in directions if di in legal]
        elif self.movable(state, cell):
            return None
        scores = reach(directions)
        return max((scores[di], di) for di in directions)[1]

    def unreachable_reason(self, state: AbaloneState, cell: int) -> str:
        """Why the selected marbles cannot go to `cell`: the rules' reason for the direction
        that would take one of them there, or that a move is one step only."""
        for di in B.directions_onto(self.selection, cell):
            why = self.rules.check(state, Move.of(self.selection, di))
            if why is not None:
                return why
        return _("a move is one step: pick a hole next to the selected marbles, or an arrow")

    # -- gestures ---------------------------------------------------------------------------------
    def move(self, direction: int) -> Reply:
        """An arrow, a key or a target hole chose `direction` for the selection."""
        if not self.selection:
            return Reply(refusal=_("Pick one to three of your marbles first."))
        return Reply(move=Move.of(self.selection, direction))

    def press(self, state: AbaloneState, cell: int | None) -> Reply:
        """The mouse went down on `cell` (None: off the board), no arrow being under it."""
        if cell is None:
            self.clear()
            return NOTHING
        if self.movable(state, cell):
            self.drag_from = cell
            self.dragged = False
            return NOTHING
        if state.colour_at(cell) in (0, 1, 2) and not self.selection:
            return Reply(refusal=self.rules.check_selection(state, [cell])
                         or _("you cannot move that"))
        if self.selection:
            # a hole (or marble) the selection cannot reach: say why, keep the selection
            reason = self.unreachable_reason(state, cell)
            return Reply(refusal=reason[:1].upper() + reason[1:] + ".")
        self.clear()
        return NOTHING

    def drag_to(self, state: AbaloneState, cell: int | None) -> Reply:
        """The mouse, held down, is over `cell`: the line from the pressed marble to it is the
        selection while it is a group the rules accept."""
        start = self.drag_from
        if start is None or cell is None or cell == start and not self.dragged:
            return NOTHING
        line = B.line_between(start, cell)
        if line is None or self.rules.check_selection(state, line) is not None:
            return NOTHING
        sound = ("click", 0.5) if not self.dragged and len(line) > 1 else None
        self.dragged = self.dragged or len(line) > 1
        self.selection = line
        return Reply(sound=sound)

    def release(self, state: AbaloneState) -> Reply:
        """The mouse came up: after a drag the line stays picked; after a plain click the
        pressed marble is toggled."""
        start, self.drag_from = self.drag_from, None
        if start is None or self.dragged:
            self.dragged = False
            return NOTHING
        return self.toggle(state, start)

    def toggle(self, state: AbaloneState, cell: int) -> Reply:
        """A click on one of the mover's marbles: add it, take it away, or start afresh."""
        check = self.rules.check_selection
        if cell in self.selection:
            rest = [c for c in self.selection if c != cell]
            self.selection = rest if rest and check(state, rest) is None else []
        else:
            grown = [*self.selection, cell]
            if self.selection and check(state, grown) is None:
                self.selection = grown
            elif len(grown) > 1 and len(self.selection) < 3:
                # a gap in between? fill it when the three form a line
                line = B.line_between(min(grown), max(grown)) if len(grown) == 2 else None
                if line and len(line) == 3 and check(state, line) is None:
                    self.selection = line
                else:
                    self.selection = [cell]
            else:
                self.selection = [cell]
        return CLICK

    def pick_at_cursor(self, state: AbaloneState) -> Reply:
        """Space or Enter: show the cursor (on E5), or pick the marble under it."""
        if self.cursor is None:
            self.cursor = B.CENTRE
            return NOTHING
        if self.movable(state, self.cursor):
            return self.toggle(state, self.cursor)
        return Reply(refusal=self.rules.check_selection(state, [self.cursor])
                     or _("there is no marble here"))

    def step_cursor(self, directions: Sequence[int]) -> None:
        """An arrow key: the cursor moves to the first neighbour that exists among
        `directions` (board directions, best first); the first press only shows it."""
        if self.cursor is None:
            self.cursor = self.selection[-1] if self.selection else B.CENTRE
            return
        for di in directions:
            nxt = B.neighbour(self.cursor, di)
            if nxt >= 0:
                self.cursor = nxt
                return


@dataclass
class HandicapChoice:
    """Marbles chosen by hand to be taken away before the first move (rules §7.2), from the
    game's full start (`full`, before any handicap)."""

    full: AbaloneState
    removing: set[int] = field(default_factory=set)

    def toggle(self, cell: int | None) -> str | None:
        """A click on `cell`: take its marble away or put it back; the sound to play (None when
        the cell holds no marble of the start)."""
        if cell is None or not (self.full.black | self.full.white) >> cell & 1:
            return None
        if cell in self.removing:
            self.removing.discard(cell)
            return "place"
        self.removing.add(cell)
        return "slide"

    def counts(self) -> tuple[int, int]:
        """Black and white marbles chosen."""
        black = sum(1 for c in self.removing if self.full.black >> c & 1)
        return black, len(self.removing) - black

    def colour_of(self, cell: int) -> int:
        return 0 if self.full.black >> cell & 1 else 1

    def state(self) -> AbaloneState:
        """The start as it would be with the chosen marbles taken away."""
        gone = sum(1 << c for c in self.removing)
        return replace(self.full, black=self.full.black & ~gone, white=self.full.white & ~gone)
