"""Orthodox chess on the shared piece engine: the rules.

The pieces, the castlings and the start are data (pieces.py); the engine (game/pieces/)
generates the moves — castling, en passant and the Pawn's choice of promotion included —
tests check and plays them. This module picks the spec and adds the one rule the engine does
not know, insufficient material. Reference: the FIDE Laws of Chess.

Draws: stalemate; the third repetition of a position (same men, side to move, castling rights
and en-passant capture, which counts only while it is legal); fifty moves by each side without
a capture or a Pawn move (a draw at once, as most screens play it, where the Laws let a player
claim it); and a position where neither side can ever mate: no Pawn, Rook or Queen left, and
either a lone Knight or Bishops all on squares of one colour.

Notation: long algebraic (`e2-e4`, `e4xd5`, `e7-e8=Q`, `e5xd6 e.p.`, castling as the King's
move `e1-g1`); positions are FEN.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.protocol import Outcome
from game.i18n import _
from game.pieces.engine import engine_for
from game.pieces.kinds import GameSpec
from game.pieces.notation import parse_position
from game.pieces.rules import PieceRules
from game.pieces.state import State

from . import pieces

GAME_ID = "chess"
SIDE_NAMES = ("White", "Black")
VARIANTS = ("standard",)

SPEC = GameSpec(pieces.SIZE, pieces.SIZE, pieces.kinds(), orientation="mirror",
                legality="check", stalemate="draw", repetition=3, move_rule=50,
                mark_promoted=False, castling=pieces.CASTLING)

START: State = parse_position(engine_for(SPEC), pieces.START_FEN, (0, 1))


class ChessRules(PieceRules):
    """Orthodox chess (see module docstring)."""

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None
                 ) -> None:
        if variant not in VARIANTS:
            raise KeyError(f"chess: unknown variant {variant!r}")
        for key in options or {}:
            raise KeyError(f"chess: unknown option {key!r}")
        super().__init__(GAME_ID, variant, {}, SPEC, START, SIDE_NAMES)
        eng = self.engine
        self._minor = {eng.number["knight"]: "knight", eng.number["bishop"]: "bishop"}

    def insufficient_material(self, state: State) -> bool:
        """True when neither side can ever mate: besides the Kings, no Pawn, Rook or Queen,
        and either at most one Knight and nothing else, or only Bishops, all on squares of
        one colour."""
        knights = 0
        colours = set()
        geo = self.engine.geo
        for sq, v in enumerate(state.board):
            if not v:
                continue
            k = v >> 2
            if self.engine.t.royal[k]:
                continue
            kind = self._minor.get(k)
            if kind is None:
                return False
            if kind == "knight":
                knights += 1
            else:
                colours.add((geo.file_of(sq) + geo.rank_of(sq)) & 1)
        if knights:
            return knights == 1 and not colours
        return len(colours) <= 1

    def _ruled_end(self, state: State) -> Outcome | None:
        ended = super()._ruled_end(state)
        if ended is None and self.insufficient_material(state):
            return Outcome(None, _("neither side has the men left to mate"))
        return ended


def make_rules(variant: str = "standard", options: Mapping[str, Any] | None = None
               ) -> ChessRules:
    return ChessRules(variant, options)

