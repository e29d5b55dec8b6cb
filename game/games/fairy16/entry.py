"""Registry entry for the 16 x 16 fairy chess: titles, the promotion profile and N-move options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_
from game.registry import GameEntry, Option, Variant

if TYPE_CHECKING:
    from game.pieces.state import Move, State


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[State, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.fairy16 import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="fairy16",
    title=N_("Fairy Chess 16×16"),
    tagline=N_("Sixty-four men a side, twenty-four kinds of piece: Cazaux's mother of all battles."),
    kind="match",
    rules=make_rules,
    scene="game.games.fairy16.scene:Fairy16Scene",
    help="game.games.fairy16.help:HELP",
    ai="game.games.fairy16.ai:make_ai",
    evaluate="game.games.fairy16.ai:evaluate",
    variants=(Variant("standard", N_("Terachess (Cazaux)"),
                      N_("Terachess as the original French text describes it.")),),
    options=(
        Option("promotion", N_("Promotions"),
               (("unicorn", N_("Unicorn (Pawn to Unicorn, Centurion to Queen, Lion or Gryphon)")),
                ("jocly", N_("Jocly Terachess (all compulsory on the last rank)"))),
               "unicorn",
               help=N_("Unicorn: Pawn to Unicorn, Centurion to Queen, Lion or Gryphon, Buffoon "
                    "(may) to Queen, Ship (may) to Gryphon on a far corner. Jocly: nine kinds "
                    "promote, all on the last rank: the rules screen lists them.")),
        Option("move_rule", N_("Draw without captures or pawn moves"),
               ((0, N_("Never")), (50, N_("After 50 moves")), (75, N_("After 75 moves")),
                (100, N_("After 100 moves"))),
               0,
               help=N_("A draw once each side has made this many moves with no capture and no "
                    "Pawn or Centurion move.")),
    ),
    side_names=(N_("White"), N_("Black")),
    side_colours=((240, 232, 214), (52, 54, 62)),  # the ivory and ebony men
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy.
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(150, 96, 70),
    # the default promotions were called "seed" once: saves and setups naming it still open
    retired_choices={"promotion": {"seed": "unicorn"}},
)
