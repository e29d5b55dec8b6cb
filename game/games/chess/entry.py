"""Registry entry for orthodox chess: a bonus game, the proof that a piece game is its table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_
from game.registry import GameEntry, Variant

if TYPE_CHECKING:
    from game.pieces.state import Move, State


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[State, Move]:
    """The rules, typed so mypy checks them against the contract (imported when called:
    listing the games imports no rules)."""
    from game.games.chess import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="chess",
    title=N_("Chess"),
    tagline=N_("Bonus: the orthodox game, written as a table of six pieces for the same engine."),
    kind="match",
    rules=make_rules,
    scene="game.games.chess.scene:ChessScene",
    help="game.games.chess.help:HELP",
    ai="game.games.chess.ai:make_ai",
    evaluate="game.games.chess.ai:evaluate",
    variants=(Variant("standard", N_("Standard"), N_("The FIDE rules.")),),
    side_names=(N_("White"), N_("Black")),
    side_colours=((240, 232, 214), (52, 54, 62)),
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy.
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(96, 120, 150),
    bonus=True,
)
