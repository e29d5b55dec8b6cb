"""The Tangram's registry entry: titles, the level option, and where its faces live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import PuzzleRules
from game.games.dissection.options import figure_options
from game.i18n import N_
from game.registry import GameEntry

if TYPE_CHECKING:
    from game.games.dissection.rules import Move, PuzzleState


def make_rules(variant: str, options: Mapping[str, Any]) -> PuzzleRules[PuzzleState, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.tangram import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="tangram",
    title=N_("Tangram"),
    tagline=N_("Seven pieces of a square, a thousand shadows."),
    kind="puzzle",
    rules=make_rules,
    scene="game.games.tangram.scene:TangramScene",
    help="game.games.tangram.help:HELP",
    options=figure_options("tangram"),
    side_names=(N_("Player"),),
    validate_level="game.games.tangram.rules:validate_level",
    levels_dir="tangram",
    colour=(214, 120, 64),
    load_level="game.games.tangram.rules:load_level",
)
