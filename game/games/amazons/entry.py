"""Registry entry for the Game of the Amazons: titles, board-size variants, the territory option."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_
from game.registry import GameEntry, Option, Variant

if TYPE_CHECKING:
    from game.games.amazons.rules import Move, State


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[State, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.amazons import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="amazons",
    title=N_("Amazons"),
    tagline=N_("Move like a queen, shoot an arrow, wall in your rival."),
    kind="match",
    rules=make_rules,
    scene="game.games.amazons.scene:AmazonsScene",
    help="game.games.amazons.help:HELP",
    ai="game.games.amazons.ai:make_ai",
    evaluate="game.games.amazons.ai:evaluate",
    variants=(
        Variant("standard", "10 x 10", N_("The real game: four amazons a side on 100 squares.")),
        Variant("8x8", "8 x 8", N_("A shorter game on a chessboard.")),
        Variant("7x7", "7 x 7", N_("A quick game on a small board.")),
        Variant("6x6", "6 x 6", N_("A very quick game; a sandbox for practice.")),
        Variant("5x5", "5 x 5", N_("The smallest board; boards this small have been solved by computer.")),
    ),
    options=(
        Option("territory_end", N_("End when the armies are separated"),
               ((False, N_("No: play until a side cannot move")),
                (True, N_("Yes: count the moves left and stop"))),
               False,
               help=N_("Once no area holds amazons of both colours, the moves left to each side are "
                    "counted and the game ends: the side to move wins only with more moves left.")),
    ),
    side_colours=((244, 236, 216), (50, 55, 66)),  # the amazons (scene.BODY)
    side_names=(N_("White"), N_("Black")),
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy;
    # a test keeps them equal.
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(96, 142, 112),  # sage green, like a felt board
)
