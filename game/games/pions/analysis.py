"""Data for the analysis panel: the list L, the D list in binary, the nim-sum and the winning moves.

Pure and ready to draw: the scene only lays out the strings and numbers found here. The D list
follows the recipe of docs/rules/pions.md §4 (pairs from the far side, a lone last pawn counts its cell number);
under the misère rule the note explains the two positions where the end rule changes the verdict
(docs/rules/pions.md §5).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.pions.ai import is_lost, winning_moves
from game.games.pions.rules import PionsMove, PionsRules, PionsState, heaps
from game.i18n import _


@dataclass(frozen=True)
class Heap:
    """One value of the D list and where it comes from."""

    #: (p, q) for the pair p > q, or (p,) for the lone last pawn.
    cells: tuple[int, ...]
    value: int
    #: The value in binary, padded to the width shared by the whole panel.
    binary: str

    @property
    def lone(self) -> bool:
        return len(self.cells) == 1

    @property
    def formula(self) -> str:
        """How the value is computed, e.g. ``12 − 6 − 1 = 5`` or ``lone pawn 2 = 2``."""
        if self.lone:
            return _("lone pawn {cell} = {value}").format(cell=self.cells[0], value=self.value)
        p, q = self.cells
        return f"{p} \u2212 {q} \u2212 1 = {self.value}"


@dataclass(frozen=True)
class Analysis:
    """Everything the panel shows for one position."""

    variant: str
    #: L: the occupied cells, farthest from the end first.
    cells: tuple[int, ...]
    heaps: tuple[Heap, ...]
    #: Number of binary digits used for every row (at least 1).
    width: int
    nim_sum: int
    nim_sum_binary: str
    #: True when the player to move wins with best play.
    mover_wins: bool
    winning_moves: tuple[PionsMove, ...]
    winning_notation: tuple[str, ...]
    #: the same moves as the move list writes them ("12→9", "3→off"): what the panel shows
    winning_shown: tuple[str, ...]
    #: One or two sentences explaining the verdict (and the misère exception when it applies).
    note: str
    #: The same note without the winning moves, for a player still looking for them.
    note_unsolved: str


def analyse(rules: PionsRules, state: PionsState) -> Analysis:
    """The analysis of `state` under `rules.variant`."""
    cells = state.cells
    values = heaps(cells)
    x = 0
    for v in values:
        x ^= v
    width = max([1, x.bit_length(), *(v.bit_length() for v in values)])
    rows: list[Heap] = []
    for i, v in enumerate(values):
        pair = cells[2 * i: 2 * i + 2]
        rows.append(Heap(tuple(pair), v, format(v, f"0{width}b")))
    wins = winning_moves(rules, state)
    return Analysis(
        variant=rules.variant,
        cells=cells,
        heaps=tuple(rows),
        width=width,
        nim_sum=x,
        nim_sum_binary=format(x, f"0{width}b"),
        mover_wins=not is_lost(rules.variant, cells),
        winning_moves=tuple(wins),
        winning_notation=tuple(rules.to_notation(state, m) for m in wins),
        winning_shown=tuple(rules.display_move(state, m) for m in wins),
        note=_note(rules, state, x, [rules.display_move(state, m) for m in wins]),
        note_unsolved=_note(rules, state, x, []),
    )


def _note(rules: PionsRules, state: PionsState, x: int, wins: list[str]) -> str:
    cells = state.cells
    misere = rules.variant == "misere"
    if not cells:
        if misere:
            return _("The ruler is empty: under the misère rule the player to move has won "
                     "(the opponent took the last pawn).")
        return _("The ruler is empty: the player to move has lost (the opponent took the last "
                 "pawn).")
    if misere and len(cells) == 1:
        if cells[0] == 1:
            return _("Misère: the last pawn stands on cell 1 and must be removed, so the "
                     "player to move loses although the nim-sum is 1.")
        return _("Misère: with one pawn left, slide it to cell 1 instead of removing it; the "
                 "opponent then has to take it.")
    tail = " " + _("(Misère: same strategy; only the very last move differs.)") if misere else ""
    if x == 0:
        return _("Nim-sum 0: every move leaves a non-zero nim-sum, so the player to move loses "
                 "against best play.") + tail
    if not wins:
        return _("Nim-sum {x}: the player to move wins with a move that makes it 0 (which "
                 "one?).").format(x=x) + tail
    return _("Nim-sum {x}: the player to move wins by making it 0 with {moves}.").format(
        x=x, moves=", ".join(wins)) + tail
