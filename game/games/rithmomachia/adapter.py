"""Rithmomachia as the shared square-board view sees it (a `PieceGame` adapter), and the facts
the screen shows beside the board: captures with their arithmetic, tallies, the phase, the
winning line. Pure: no pygame; every answer comes from the rules.

A capture is offered from each of its capturing pieces: select one of them, then click the
victim; when several captures share that pair, the screen's chooser shows their arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import N_, _, labelled, ngettext
from game.ui.piece_game import MOVE, CardInfo, MoveDiagram, MoveOption, PieceView

from . import captures as cap
from .captures import Capture
from .pieces import (
    PYRAMID,
    PYRAMID_LAYERS,
    SIDE_NAMES,
    STEP,
    WIDTH,
    Piece,
    square_name,
)
from .rules import RithmomachiaRules
from .state import State, Step
from .victories import Formation, Tally

Square = tuple[int, int]


def to_view(sq: int) -> Square:
    return (sq % WIDTH, sq // WIDTH)


def from_view(sq: Square) -> int:
    return sq[1] * WIDTH + sq[0]


def kind_of(piece: Piece) -> str:
    """The view's kind key: shape letter and value ("T25", "P91")."""
    return f"{piece.shape}{piece.value}"


def describe(kind: str) -> tuple[str, str]:
    """(token shape, number) for the sprite drawer."""
    shape = {"C": "round", "T": "triangle", "S": "square", "P": "pyramid"}[kind[0]]
    return shape, kind[1:]


def layers_of(kind: str) -> tuple[int, ...]:
    """A pyramid kind's layers from the bottom up (empty for other pieces)."""
    return PYRAMID_LAYERS.get(int(kind[1:]), ()) if kind[0] == PYRAMID else ()


@dataclass(frozen=True)
class CaptureInfo:
    """One capture open now, for the list beside the board: what, by whom, and the sums."""

    move: Capture
    text: str          # "combination of 56 on e10"
    arithmetic: str    # "25 × 2 + 4 + 2 = 56"
    victim: int
    by: tuple[int, ...]
    take: int


PHASE_TEXT = {
    1: (N_("Phase 1: captures before the move"),
        N_("Take any capture already possible (click a capturing piece, then the victim, or a "
           "line of the list), or move a piece: the move ends this phase.")),
    3: (N_("Phase 3: captures with the moved piece"),
        N_("Take the captures the moved piece takes part in, or end the turn (E).")),
}
#: The shapes as a card names them ("Circle 16").
SHAPE_TITLES = {"C": N_("Circle {value}"), "T": N_("Triangle {value}"),
                "S": N_("Square {value}"), "P": N_("Pyramid {value}")}


class RithmoBoard:
    """The `PieceGame` of Rithmomachia over its rules."""

    files, ranks = 8, 16

    def __init__(self, rules: RithmomachiaRules) -> None:
        self.rules = rules

    # -- PieceGame -----------------------------------------------------------------------------
    def pieces(self, state: State) -> Mapping[Square, PieceView]:
        return {to_view(sq): PieceView(kind_of(p), p.owner)
                for sq, p in enumerate(state.board) if p is not None}

    def options(self, state: State) -> Sequence[MoveOption]:
        out: list[MoveOption] = []
        for move in self.rules.legal_moves(state):
            if isinstance(move, Step):
                out.append(self.option_of(state, move))
            elif isinstance(move, Capture):
                label = self.label(state, move)
                for sq in move.by:
                    out.append(MoveOption(move, (to_view(sq), to_view(move.victim)), label,
                                          captures=(to_view(move.take),)))
        return out

    def option_of(self, state: State, move: Any) -> MoveOption:
        if isinstance(move, Step):
            return MoveOption(move, (to_view(move.frm), to_view(move.to)))
        if isinstance(move, Capture):
            main = move.by[0]
            return MoveOption(move, (to_view(main), to_view(move.victim)),
                              self.label(state, move), captures=(to_view(move.take),))
        square = state.active[0] if state.active else 0
        return MoveOption(move, (to_view(square),))

    def explain(self, state: State, frm: Square | None, to: Square) -> str:
        board = state.board
        target = board[from_view(to)]
        if frm is None:
            if self.rules.outcome(state) is not None:
                return _("the game is over")
            if target is not None and target.owner != state.to_move:
                return _("choose one of your pieces first, then the piece to capture")
            if target is not None and state.phase == 3:
                return _("only captures are left this turn: choose a capturing piece or end the "
                         "turn")
            return _("that piece can neither move nor capture now")
        if target is not None and target.owner != state.to_move:
            return _("the piece on {square} cannot capture the {value} on {target} now").format(
                square=square_name(from_view(frm)), value=target.value,
                target=square_name(from_view(to)))
        reason = self.rules.check(state, Step(from_view(frm), from_view(to)))
        return reason or _("that piece cannot go there")

    def in_check(self, state: State) -> tuple[Square, ...]:
        return ()

    def card(self, piece: PieceView) -> CardInfo:
        shape = piece.kind[0]
        n = STEP[shape]
        marks = {(dx * n, dy * n): MOVE for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        name = _(SHAPE_TITLES[shape]).format(value=piece.kind[1:])
        moves = ngettext("Moves exactly {n} square along a file or a rank, over empty squares "
                         "or its own side's pieces, never onto a piece.",
                         "Moves exactly {n} squares along a file or a rank, over empty squares "
                         "or its own side's pieces, never onto a piece.", n).format(n=n)
        layers = layers_of(piece.kind)
        value = piece.kind[1:]
        if layers:
            moves += " " + _("Its layers, {layers}, each capture on their own; a layer hit "
                             "ransoms it, its whole value takes it.").format(
                                 layers=", ".join(map(str, layers)))
            value = " + ".join(map(str, layers)) + f" = {piece.kind[1:]}"
        return CardInfo(name, moves, MoveDiagram(3, marks), value=value)

    def captured(self, before: State, move: Any) -> Sequence[PieceView]:
        if isinstance(move, Capture):
            p = before.board[move.take]
            if p is not None:
                return [PieceView(kind_of(p), p.owner)]
        return []

    # -- what the screen shows beside the board -----------------------------------------------
    def label(self, state: State, move: Capture) -> str:
        arithmetic = self.rules.explain(state, move)
        if move.kind == cap.RANSOM:
            p = state.board[move.take]
            taken = _("{value} on {square}").format(value=p.value, square=square_name(move.take)) \
                if p is not None else _("nothing")
            return _("ransom: {arithmetic}, take {taken}").format(arithmetic=arithmetic,
                                                                  taken=taken)
        return labelled(_(cap.KIND_WORDS[move.kind]), arithmetic)

    def capture_list(self, state: State) -> list[CaptureInfo]:
        """The captures open to the side to move, with their arithmetic (ransom choices once
        per piece taken)."""
        if self.rules.outcome(state) is not None:
            return []
        out = []
        for c in self.rules.captures(state):
            victim = state.board[c.victim]
            assert victim is not None
            text = _("{kind} of {value} on {square}").format(
                kind=_(cap.KIND_WORDS[c.kind]), value=victim.value, square=square_name(c.victim))
            if c.kind == cap.RANSOM:
                taken = state.board[c.take]
                assert taken is not None
                text = _("ransom of the {value}: take {taken} on {square}").format(
                    value=victim.value, taken=taken.value, square=square_name(c.take))
            out.append(CaptureInfo(c, text, self.rules.explain(state, c), c.victim, c.by,
                                   c.take))
        return out

    def tallies(self, state: State) -> tuple[Tally, Tally]:
        return self.rules.tally(state, 0), self.rules.tally(state, 1)

    def winning_line(self, state: State) -> tuple[int, Formation] | None:
        """The side and formation of a proper victory on the board, if there is one."""
        for side in (state.to_move, 1 - state.to_move):
            f = self.rules.formation(state, side)
            if f is not None:
                return side, f
        return None

    def goal_text(self) -> str:
        """The chosen victory and its numbers, in words."""
        r = self.rules
        v = r.victory
        if v.proper:
            need = {"magna": _("three pieces in a progression"),
                    "major": _("four pieces showing two kinds of progression"),
                    "praestantissima": _("four pieces showing all three kinds")}[v.id]
            text = _("{victory}: {need}, in a line on the enemy's back rank") \
                if r.back_rank_only else _("{victory}: {need}, in a line in the enemy's half")
            return text.format(victory=v.title, need=need)
        parts = []
        if "N" in v.uses:
            parts.append(ngettext("{n} piece", "{n} pieces", r.n).format(n=r.n))
        if "S" in v.uses:
            parts.append(_("worth {n} or more").format(n=r.s))
        if "C" in v.uses:
            parts.append(ngettext("exactly {n} digit", "exactly {n} digits", r.c).format(n=r.c))
        return _("{victory}: take {parts}").format(victory=v.title, parts=", ".join(parts))

    def tally_text(self, tally: Tally) -> str:
        v = self.rules.victory
        parts = [ngettext("{n} piece", "{n} pieces", tally.count).format(n=tally.count)]
        if "S" in v.uses:
            parts.append(_("sum {n}").format(n=tally.total))
        if "C" in v.uses:
            parts.append(ngettext("{n} digit", "{n} digits", tally.digits).format(
                n=tally.digits))
        return " · ".join(parts)

    def phase(self, state: State) -> tuple[str, str]:
        head, text = PHASE_TEXT[state.phase]
        return _(head), _(text)

    @staticmethod
    def side_name(side: int) -> str:
        return _(SIDE_NAMES[side])
