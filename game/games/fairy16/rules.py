"""Fairy Chess 16 x 16 (Cazaux's Terachess, "the Mother of All Battles"): the rules.

Everything about the pieces is data in pieces.py; the shared engine (game/pieces/) generates
the moves, tests check and plays them. This module picks the spec for the chosen options and
fills the Rules protocol. The rules: docs/rules/fairy16.md.

Options: `promotion` — "unicorn" (default: Pawn → Unicorn, Centurion → Queen/Lion/Gryphon,
Buffoon → Queen optional on rank 16, Ship → Gryphon optional on the far corners) or "jocly"
(every promotion compulsory on the last rank, Jocly's targets, Buffoon with a double step);
`move_rule` — 0 (off) or N: a draw after N moves by each side without a capture or a Pawn or
Centurion move. Stalemate is a draw, so is the third repetition; no castling.

Notation: long algebraic, `h4-h6`, `e5xd6`, `p15-p16=A`, `e13xd12 e.p.`; positions as in §2
(Jocly letters, ranks 16 to 1, then side, e.p. square, half-move and full-move counters).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.pieces.kinds import GameSpec
from game.pieces.notation import parse_position
from game.pieces.rules import PieceRules
from game.pieces.state import State

from . import pieces

GAME_ID = "fairy16"
SIDE_NAMES = ("White", "Black")
DEFAULT_OPTIONS: dict[str, Any] = {"promotion": "unicorn", "move_rule": 0}
VARIANTS = ("standard",)


def spec_for(promotion: str = "unicorn", move_rule: int = 0) -> GameSpec:
    return GameSpec(pieces.SIZE, pieces.SIZE, pieces.kinds(promotion), orientation="mirror",
                    legality="check", stalemate="draw", repetition=3, move_rule=move_rule,
                    mark_promoted=False)


class Fairy16Rules(PieceRules):
    """The rules for one option set (see module docstring)."""

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None
                 ) -> None:
        if variant not in VARIANTS:
            raise KeyError(f"fairy16: unknown variant {variant!r}")
        merged = dict(DEFAULT_OPTIONS)
        for key, value in (options or {}).items():
            if key not in merged:
                raise KeyError(f"fairy16: unknown option {key!r}")
            merged[key] = value
        if merged["promotion"] not in pieces.PROFILES:
            raise ValueError(f"promotion profile must be unicorn or jocly, not "
                             f"{merged['promotion']!r}")
        move_rule = merged["move_rule"]
        if not isinstance(move_rule, int) or move_rule < 0:
            raise ValueError(f"move_rule must be 0 (off) or a number of moves, not {move_rule!r}")
        spec = spec_for(merged["promotion"], move_rule)
        super().__init__(GAME_ID, variant, merged, spec, _start(spec), SIDE_NAMES)


_STARTS: dict[GameSpec, State] = {}


def _start(spec: GameSpec) -> State:
    if spec not in _STARTS:
        from game.pieces.engine import engine_for
        _STARTS[spec] = parse_position(engine_for(spec), pieces.START_FEN, (0, 1))
    return _STARTS[spec]


def make_rules(variant: str = "standard", options: Mapping[str, Any] | None = None
               ) -> Fairy16Rules:
    return Fairy16Rules(variant, options)

