"""The Ostomachion's registry entry: titles, the level option, and where its faces live."""

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
    from game.games.ostomachion import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="ostomachion",
    title=N_("Ostomachion"),
    tagline=N_("Archimedes' fourteen pieces: rebuild the square, or make an elephant."),
    kind="puzzle",
    rules=make_rules,
    scene="game.games.ostomachion.scene:OstomachionScene",
    help="game.games.ostomachion.help:HELP",
    options=figure_options("ostomachion"),
    side_names=(N_("Player"),),
    validate_level="game.games.ostomachion.rules:validate_level",
    levels_dir="ostomachion",
    colour=(170, 140, 96),
    load_level="game.games.ostomachion.rules:load_level",
    level_cards="game.games.ostomachion.collection_scene:level_select_cards",
)
