"""Rules of the Jeu de pions: the ruler, the pawns, legal slides and removals, outcome and notation.

The game (docs/rules/pions.md): a ruler of N cells has a privileged end on
the right. Cells are numbered from that end: cell 1 touches the end, cell N is the farthest.
Each cell holds at most one pawn; pawns belong to nobody. On a turn a player either slides one
pawn at least one cell toward the end without jumping (so it stops before the next pawn, or before
the end), or removes the pawn nearest the end, wherever it stands.

* ``normal`` — whoever removes the last pawn wins (facing an empty ruler, you have lost);
* ``misere`` — whoever removes the last pawn loses.

Option: ``length`` (5..40, default 23) for a fresh ruler. A fresh 23-cell (or longer) ruler
starts from the worked example 23,22,17,16,12,6,2 (docs/rules/pions.md §6); a shorter ruler starts
from a fixed layout drawn for its length, chosen (like the example) so that the first player can win. Any other start
(an edited layout, either side to move) is a position text given to the match as its start
(``Match(..., start=position_text(state))``); it carries its own length.

Position text: ``N:c1,c2,...`` — the ruler length, a colon, the occupied cells in decreasing
order (any order is read), e.g. ``23:23,22,17,16,12,6,2``. ``23:`` is an empty ruler (game
over). An optional suffix ``;1`` or ``;2`` says who is to move (first or second player);
it is written only when the second player is to move.

Move notation: ``12-9`` slides the pawn on cell 12 to cell 9; ``x2`` removes the pawn on cell 2
(the one nearest the end). ``x`` alone is read as "remove the nearest pawn".

The edit helpers at the bottom (`toggle_pawn`, `set_length`, `clear`, `random_position`,
`set_to_move`, `position_text`) are pure too: the scene's edit mode builds a position with them
and starts the match from its text.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import _

GAME_ID = "pions"
VARIANTS: tuple[str, ...] = ("normal", "misere")
MIN_LENGTH, MAX_LENGTH, DEFAULT_LENGTH = 5, 40, 23
#: The worked example of §6: a 23-cell ruler, seven pawns.
EXAMPLE_CELLS: tuple[int, ...] = (23, 22, 17, 16, 12, 6, 2)
SIDE_NAMES: tuple[str, str] = ("First player", "Second player")
#: Destination of a removal: the pawn leaves the ruler past the end, "cell 0".
REMOVE = 0

_NUMBER = re.compile(r"[0-9]+")
_SLIDE = re.compile(r"([0-9]+)[-\u2013>]([0-9]+)")
_REMOVAL = re.compile(r"x([0-9]+)?")


@dataclass(frozen=True, slots=True)
class PionsState:
    """A ruler of `length` cells with pawns on `cells` (strictly decreasing), `to_move` to play."""

    length: int
    cells: tuple[int, ...]
    to_move: int = 0

    def key(self) -> tuple[int, tuple[int, ...], int]:
        return (self.length, self.cells, self.to_move)

    @property
    def nearest(self) -> int | None:
        """Cell of the pawn nearest the end (the only one that may be removed), None if empty."""
        return self.cells[-1] if self.cells else None

    @property
    def total(self) -> int:
        """Sum of the occupied cell numbers: every move lowers it, so it bounds the game length."""
        return sum(self.cells)


@dataclass(frozen=True, slots=True, order=True)
class PionsMove:
    """Slide the pawn on `frm` to cell `to`, or remove it when `to` is REMOVE (0)."""

    frm: int
    to: int

    @property
    def is_removal(self) -> bool:
        return self.to == REMOVE


def _next_toward_end(cells: tuple[int, ...], index: int) -> int:
    """Cell of the pawn just in front of cells[index] (toward the end), 0 for the end itself."""
    return cells[index + 1] if index + 1 < len(cells) else 0


def _check_length(length: object) -> int:
    if isinstance(length, bool) or not isinstance(length, int):
        raise ValueError(_("the ruler length must be a whole number, not {length}").format(
            length=repr(length)))
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise ValueError(_("a ruler has {MIN_LENGTH} to {MAX_LENGTH} cells, not {length}").format(
            MIN_LENGTH=MIN_LENGTH, MAX_LENGTH=MAX_LENGTH, length=length))
    return length


class PionsRules:
    """One variant (normal or misère) of the Jeu de pions with its options fixed."""

    game_id = GAME_ID

    def __init__(self, variant: str, options: Mapping[str, Any]) -> None:
        if variant not in VARIANTS:
            raise ValueError(_("unknown variant {variant} (known: {join})").format(
                variant=repr(variant), join=', '.join(VARIANTS)))
        unknown = set(options) - {"length"}
        if unknown:
            raise ValueError(_("unknown option(s): {join}").format(join=', '.join(sorted(unknown))))
        self.variant = variant
        self.length = _check_length(options.get("length", DEFAULT_LENGTH))
        self.options: dict[str, Any] = {"length": self.length}
        self._start = default_start(self.length)

    @property
    def misere(self) -> bool:
        return self.variant == "misere"

    # --- the game -------------------------------------------------------------------------

    def initial_state(self) -> PionsState:
        return self._start

    def legal_moves(self, state: PionsState) -> list[PionsMove]:
        """Slides (far pawns first, shortest slide first), then the removal; none when empty."""
        cells = state.cells
        moves: list[PionsMove] = []
        for i, p in enumerate(cells):
            q = _next_toward_end(cells, i)
            moves.extend(PionsMove(p, c) for c in range(p - 1, q, -1))
        if cells:
            moves.append(PionsMove(cells[-1], REMOVE))
        return moves

    def check(self, state: PionsState, move: object) -> str | None:
        if not isinstance(move, PionsMove):
            return _("that is not a move of this game")
        cells = state.cells
        if not cells:
            return _("the game is over: there is no pawn left on the ruler")
        p, c = move.frm, move.to
        if not 1 <= p <= state.length:
            return _("cell {cell} is not on the ruler (its cells are 1 to {length})").format(
                cell=p, length=state.length)
        if p not in cells:
            return _("there is no pawn on cell {cell}").format(cell=p)
        if c == REMOVE:
            if p != cells[-1]:
                return _("only the pawn nearest the end can be removed (the pawn on "
                         "{cell})").format(cell=cells[-1])
            return None
        if c == p:
            return _("a pawn must move at least one cell")
        if c > p:
            return _("pawns move toward the end only")
        if c < 0:
            return _("cells are numbered from 1 (write x{cell} to remove a pawn)").format(cell=p)
        q = _next_toward_end(cells, cells.index(p))
        if c == q:
            return _("the pawn on {cell} cannot land on the pawn on {other}").format(
                cell=p, other=q)
        if c < q:
            return _("the pawn on {cell} cannot pass the pawn on {other}").format(cell=p, other=q)
        return None

    def play(self, state: PionsState, move: PionsMove) -> PionsState:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        if move.to == REMOVE:
            cells = state.cells[:-1]
        else:
            # q < to < frm keeps the tuple decreasing, so a plain substitution is enough.
            cells = tuple(move.to if x == move.frm else x for x in state.cells)
        return PionsState(state.length, cells, 1 - state.to_move)

    def outcome(self, state: PionsState) -> Outcome | None:
        if state.cells:
            return None
        last = 1 - state.to_move  # the player who just removed the last pawn
        if self.misere:
            return Outcome(state.to_move, _("{side} removed the last pawn and loses (misère "
                                            "rule).").format(side=_(SIDE_NAMES[last])))
        return Outcome(last, _("{side} removed the last pawn and wins.").format(
            side=_(SIDE_NAMES[last])))

    # --- text -----------------------------------------------------------------------------

    def display_move(self, state: PionsState, move: PionsMove) -> str:
        """The move as the move list shows it: "12→9" for a slide, "3→off" for a pawn taken
        off the ruler (files keep `to_notation`: "12-9", "x3")."""
        return _("{cell}→off").format(cell=move.frm) if move.to == REMOVE \
            else f"{move.frm}→{move.to}"


    def to_notation(self, state: PionsState, move: PionsMove) -> str:
        return f"x{move.frm}" if move.to == REMOVE else f"{move.frm}-{move.to}"

    def parse_move(self, state: PionsState, text: str) -> PionsMove:
        t = re.sub(r"\s+", "", text).lower()
        m = _REMOVAL.fullmatch(t)
        if m:
            if m.group(1) is None:
                if not state.cells:
                    raise IllegalMove(_("the game is over: there is no pawn left on the ruler"))
                move = PionsMove(state.cells[-1], REMOVE)
            else:
                move = PionsMove(int(m.group(1)), REMOVE)
        else:
            m = _SLIDE.fullmatch(t)
            if not m:
                raise IllegalMove(_("cannot read {text}: write 12-9 to slide the pawn on cell 12 "
                                    "to cell 9, or x2 to remove the pawn on cell 2").format(
                    text=repr(text)))
            move = PionsMove(int(m.group(1)), int(m.group(2)))
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def position_text(self, state: PionsState) -> str:
        return position_text(state)

    def parse_position(self, text: str) -> PionsState:
        return parse_position(text)

    # --- tool hooks -----------------------------------------------------------------------

    def perft(self, state: PionsState, depth: int) -> int:
        """Leaf count of the move tree to `depth`, on bare tuples (tools/perft.py)."""
        return _perft(state.cells, depth)

    def invariants(self, state: PionsState) -> list[str]:
        return invariants(state)


def make_rules(variant: str, options: Mapping[str, Any]) -> PionsRules:
    return PionsRules(variant, options)


def parse_position(text: str) -> PionsState:
    """Read ``N:c1,c2,...[;1|;2]``; raise BadPosition saying what is wrong."""
    example = "23:23,22,17,16,12,6,2"
    body, semicolon, side = text.strip().partition(";")
    to_move = 0
    if semicolon:
        side = side.strip()
        if side not in ("1", "2"):
            raise BadPosition(_("after ';' write 1 (first player to move) or 2 (second player to "
                                "move), not {side}").format(side=repr(side)))
        to_move = int(side) - 1
    head, colon, rest = body.partition(":")
    if not colon:
        raise BadPosition(_("{strip} is not a position: write the ruler length, a colon and the "
                            "occupied cells, e.g. {example}").format(
            strip=repr(text.strip()), example=example))
    head = head.strip()
    if not _NUMBER.fullmatch(head):
        raise BadPosition(_("the ruler length {head} is not a whole number (e.g. {example})").format(
            head=repr(head), example=example))
    length = int(head)
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise BadPosition(_("a ruler has {MIN_LENGTH} to {MAX_LENGTH} cells, not {length}").format(
            MIN_LENGTH=MIN_LENGTH, MAX_LENGTH=MAX_LENGTH, length=length))
    cells: list[int] = []
    if rest.strip():
        for item in rest.split(","):
            item = item.strip()
            if not item:
                raise BadPosition(_("an empty entry in the cell list (two commas in a row?)"))
            if not _NUMBER.fullmatch(item):
                raise BadPosition(_("{item} is not a cell number").format(item=repr(item)))
            cell = int(item)
            if cell < 1:
                raise BadPosition(_("cells are numbered from 1 (next to the end) to {length}; "
                                    "there is no cell {cell}").format(length=length, cell=cell))
            if cell > length:
                raise BadPosition(_("cell {cell} is not on a ruler of {length} cells").format(
                    cell=cell, length=length))
            if cell in cells:
                raise BadPosition(_("cell {cell} is listed twice: a cell holds at most one pawn").format(
                    cell=cell))
            cells.append(cell)
    return PionsState(length, tuple(sorted(cells, reverse=True)), to_move)


def heaps(cells: Sequence[int]) -> list[int]:
    """The D list: gaps of the pairs (p1,p2), (p3,p4)…, then the lone last pawn's cell if n is odd.

    A lone pawn counts its full cell number, not one less: removing it is one more option than
    sliding it to cell 1. (The strategy built on it lives in ai.py.)
    """
    d = [cells[i] - cells[i + 1] - 1 for i in range(0, len(cells) - 1, 2)]
    if len(cells) % 2:
        d.append(cells[-1])
    return d


def nim_sum(cells: Sequence[int]) -> int:
    """XOR of the D list; 0 means the player to move loses (normal rule, §4)."""
    x = 0
    for v in heaps(cells):
        x ^= v
    return x


def default_start(length: int) -> PionsState:
    """The fresh start for a ruler: the worked example when it fits, else a fixed layout.

    The fixed layout is drawn with an rng seeded by the length alone (so it never changes) and
    re-drawn until the first player can win, as in the worked example: a person moving first
    against the perfect computer then still has a chance.
    """
    if length >= EXAMPLE_CELLS[0]:
        return PionsState(length, EXAMPLE_CELLS, 0)
    rng = random.Random(length)
    while True:
        state = random_position(length, rng)
        if nim_sum(state.cells) != 0:
            return state


def invariants(state: PionsState) -> list[str]:
    """Problems with a state (tools/fuzz.py calls this after every random move)."""
    problems: list[str] = []
    if not MIN_LENGTH <= state.length <= MAX_LENGTH:
        problems.append(f"ruler length {state.length} out of range")
    if state.to_move not in (0, 1):
        problems.append(f"to_move is {state.to_move}")
    if any(a <= b for a, b in zip(state.cells, state.cells[1:], strict=False)):
        problems.append(f"cells not strictly decreasing: {state.cells}")
    if state.cells and (state.cells[-1] < 1 or state.cells[0] > state.length):
        problems.append(f"a pawn is off the ruler: {state.cells}")
    return problems


def _perft(cells: tuple[int, ...], depth: int) -> int:
    if depth == 0:
        return 1
    if not cells:
        return 0
    if depth == 1:
        # Free cells in front of each pawn, plus the removal (§2).
        return cells[0] - len(cells) + 1
    total = _perft(cells[:-1], depth - 1)
    for i, p in enumerate(cells):
        q = _next_toward_end(cells, i)
        for c in range(p - 1, q, -1):
            total += _perft(cells[:i] + (c,) + cells[i + 1:], depth - 1)
    return total


# --- edit mode helpers (pure: each returns a new state) -----------------------------------------


def toggle_pawn(state: PionsState, cell: int) -> PionsState:
    """Add a pawn on an empty cell, or take away the pawn standing there."""
    if not 1 <= cell <= state.length:
        raise BadPosition(_("cell {cell} is not on a ruler of {length} cells").format(
            cell=cell, length=state.length))
    if cell in state.cells:
        cells = tuple(c for c in state.cells if c != cell)
    else:
        cells = tuple(sorted((*state.cells, cell), reverse=True))
    return PionsState(state.length, cells, state.to_move)


def set_length(state: PionsState, length: int) -> PionsState:
    """Resize the ruler; pawns on cells beyond the new length are dropped."""
    try:
        length = _check_length(length)
    except ValueError as e:
        raise BadPosition(str(e)) from None
    return PionsState(length, tuple(c for c in state.cells if c <= length), state.to_move)


def clear(state: PionsState) -> PionsState:
    """The same ruler with no pawn."""
    return PionsState(state.length, (), state.to_move)


def set_to_move(state: PionsState, player: int) -> PionsState:
    """The same layout with `player` (0 first, 1 second) to move."""
    if player not in (0, 1):
        raise BadPosition(_("the player to move is 0 or 1, not {player}").format(
            player=repr(player)))
    return PionsState(state.length, state.cells, player)


def random_position(length: int, rng: random.Random, to_move: int = 0) -> PionsState:
    """A random layout with roughly one pawn in four or five cells (at least two pawns)."""
    try:
        length = _check_length(length)
    except ValueError as e:
        raise BadPosition(str(e)) from None
    count = rng.randint(max(2, length // 5), max(3, length // 3))
    cells = tuple(sorted(rng.sample(range(1, length + 1), count), reverse=True))
    return PionsState(length, cells, to_move)


def position_text(state: PionsState) -> str:
    """``N:c1,c2,...`` plus ``;2`` when the second player is to move (see the module docstring)."""
    text = f"{state.length}:{','.join(str(c) for c in state.cells)}"
    return text + (";2" if state.to_move == 1 else "")
