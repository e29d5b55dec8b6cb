"""Registry entry for Tai Shogi: titles, the §5.4 rule options, levels, scene helpers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.registry import GameEntry, Option, Variant

if TYPE_CHECKING:
    from game.games.taishogi.rules import Move, State


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[State, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.taishogi import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="taishogi",
    title="Tai Shogi",
    tagline="The grand shogi: 25 x 25 squares, 177 men a side, an Emperor that leaps anywhere.",
    kind="match",
    rules=make_rules,
    scene="game.games.taishogi.scene:TaiShogiScene",
    help="game.games.taishogi.help:HELP",
    ai="game.games.taishogi.ai:make_ai",
    evaluate="game.games.taishogi.ai:evaluate",
    variants=(Variant("standard", "Tai Shogi (TSA)",
                      "The rules of The Shogi Association, as refereed by ShogiVar."),),
    options=(
        Option("promotion_table", "Promotion table",
               (("tsa", "TSA (36 kinds promote)"), ("ludii", "Ludii (Wikipedia's map: 89 kinds promote)")),
               "tsa",
               help="Which kinds promote when they capture: the TSA table (36 kinds) or the map that Ludii takes from Wikipedia (89 kinds)."),
        Option("promotion_rule", "Promotion on capture",
               (("always", "Always (once per man)"),
                ("promoted_only", "Taking a promoted man (only then compulsory)")), "always",
               help="TSA: every man that can promote does so on its first capture. The alternative promotes only on taking a man that is itself promoted."),
        Option("crown_prince", "Crown Prince promotes to Emperor",
               ((False, "No (TSA data file)"), (True, "Yes (help screen, Ludii)")), False,
               help="The TSA data file gives the Crown Prince no promotion; its help screen and Ludii let it become a second Emperor."),
        Option("flying_dragon", "Flying Dragon promotes to",
               (("G", "Gold General"), ("DK", "Dragon King (help screen)")), "G",
               help="The sources disagree on what a Flying Dragon becomes when it promotes."),
        Option("lion_dog", "Lion Dog",
               (("slider", "Slider (TSA: up to 3 squares, no jumping)"),
                ("lion", "Lion (Ludii: a three-step Lion on each line)")), "slider",
               help="TSA: the Lion Dog slides up to three squares. Ludii: it moves like a Lion along each line, up to three squares, taking on the way."),
        Option("teaching_king", "Teaching King",
               (("free_king", "Free King (TSA version 1)"),
                ("lion", "Free King or Lion (TSA v2, Ludii: three-step Lion)")), "free_king",
               help="Whether the Teaching King may also make three-step Lion moves, as in the second TSA help screen and Ludii."),
        Option("emperor", "Emperor's capture test",
               (("refined", "Refined (not protected, nor retaken by the Emperor)"),
                ("literal", "Literal TSA (never while the enemy Emperor lives)"),
                ("ludii", "Ludii (not capturable there afterwards)")), "refined",
               help="The Emperor leaps anywhere but may take only an unprotected man; the three readings differ on what counts as protected."),
        Option("peacock", "Peacock's second hook leg",
               (("any", "Either way (either perpendicular diagonal)"),
                ("forward", "Forward only (the other forward diagonal)")), "any",
               help="After its first forward diagonal leg, may the Peacock turn onto either perpendicular diagonal, or only onto the other forward one?"),
        Option("deva_rule", "Taking a Deva or Dark Spirit promotes the taker",
               ((False, "No (TSA)"), (True, "Yes (Maka-dai-dai rule)")), False,
               help="A rule found only for Maka-dai-dai shogi: the man that takes a Deva or a Dark Spirit is promoted by it."),
        Option("turtle_snake", "Turtle-Snake",
               (("help", "Help screen (its move as the help screen gives it)"), ("data", "Data file (moves as a Vermillion Sparrow)")),
               "help",
               help="TSA's help screen and its data file give the Turtle-Snake different moves."),
    ),
    side_names=("Black", "White"),
    # literal copies of ai.LEVELS / ai.DEFAULT_LEVEL (the harness keeps them equal)
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(176, 132, 72),  # boxwood
)
