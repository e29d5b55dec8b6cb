"""Abalone's values: a position, a move and what a move would do; pure data shared by the rules,
the notation, the computer player and the screen (rules.py re-exports them).

Side 0 is Black (moves first), side 1 is White. Marbles are bit masks over the cells of
bitboard.py; a cell is a bit index (`bitboard.index(row, number)`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from game.i18n import N_

from . import bitboard
from .starts import cell_name

BLACK, WHITE = 0, 1
COLOUR_NAMES = (N_("Black"), N_("White"))


def names(mask: int) -> str:
    """The cells of `mask` by name, "A1, E5", for messages."""
    return ", ".join(cell_name(c) for c in bitboard.bits(mask))


@dataclass(frozen=True, slots=True)
class AbaloneState:
    """A position. Marbles are bit masks (see bitboard.py); `lost[c]` counts colour c's marbles
    ejected. `turn` counts completed turns (both sides); `step` is the multi-move sub-move:
    0 = a turn begins, 1 = second sub-move (any colour), 2 = second sub-move (own colour only).
    `quiet` counts the turns played since the last ejection, kept only under the move limit
    (§5.1; always 0 without it). `history` lists earlier position keys since the last
    ejection, for the repetition draw; it is bookkeeping, not part of the position, so it
    does not take part in equality."""

    black: int
    white: int
    pivot: int = 0
    lost: tuple[int, int] = (0, 0)
    to_move: int = BLACK
    turn: int = 0
    step: int = 0
    quiet: int = 0
    history: tuple[Hashable, ...] = field(default=(), compare=False)

    def marbles(self, colour: int) -> int:
        return self.white if colour else self.black

    def colour_at(self, cell: int) -> int | None:
        """0/1 for a black/white marble, 2 for the pivot, None for an empty cell."""
        bit = 1 << cell
        if self.black & bit:
            return BLACK
        if self.white & bit:
            return WHITE
        if self.pivot & bit:
            return 2
        return None

    def board_key(self) -> tuple[int, ...]:
        """What must be equal for a position to repeat (the turn counter aside)."""
        return (self.black, self.white, self.pivot, self.to_move, self.step)

    def key(self) -> Hashable:
        return (self.black, self.white, self.pivot, self.lost, self.to_move, self.turn, self.step,
                self.quiet)


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """The marbles that move (sorted cell ids) and the direction index (bitboard.DIR_NAMES)."""

    cells: tuple[int, ...]
    direction: int

    @staticmethod
    def of(cells: Sequence[int], direction: int) -> Move:
        return Move(tuple(sorted(cells)), direction)


@dataclass(frozen=True, slots=True)
class MovePreview:
    """What a move will do, for the scene to draw before it is played.

    `kind` is "inline", "side-step" or "triangle"; `steps` pairs (from, to) for every moving
    marble; `pushed` pairs (from, to) for every pushed marble, with to = -1 when it leaves the
    game; `ejected` is the cell the leaving marble starts from, `ejected_colour` its colour
    (0, 1, or 2 for the pivot) and `ejected_into` "edge" or "hole". The ejected marble travels
    in `direction` (bitboard.DIR_VECTORS gives (d_row, d_number)).
    """

    move: Move
    kind: str
    colour: int
    direction: int
    steps: tuple[tuple[int, int], ...]
    pushed: tuple[tuple[int, int], ...]
    ejected: int | None
    ejected_colour: int | None
    ejected_into: str | None
