"""Registry entry for Tai Shogi: titles, the §5.4 rule options, levels, scene helpers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_
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
    title=N_("Tai Shogi"),
    tagline=N_("The grand shogi: 25 x 25 squares, 177 men a side, an Emperor that leaps anywhere."),
    kind="match",
    rules=make_rules,
    scene="game.games.taishogi.scene:TaiShogiScene",
    help="game.games.taishogi.help:HELP",
    ai="game.games.taishogi.ai:make_ai",
    evaluate="game.games.taishogi.evaluation:evaluate",
    variants=(Variant("standard", N_("Tai Shogi (TSA)"),
                      N_("The rules of The Shogi Association, as refereed by ShogiVar.")),),
    options=(
        Option("promotion_table", N_("Promotion table"),
               (("tsa", N_("TSA (36 kinds promote)")), ("ludii", N_("Ludii (Wikipedia's map: 89 kinds promote)"))),
               "tsa",
               help=N_("Which kinds promote when they capture: the TSA table (36 kinds) or the map that Ludii takes from Wikipedia (89 kinds).")),
        Option("promotion_rule", N_("Promotion on capture"),
               (("always", N_("Always (once per man)")),
                ("promoted_only", N_("Taking a promoted man (only then compulsory)"))), "always",
               help=N_("TSA: every man that can promote does so on its first capture. The alternative promotes only on taking a man that is itself promoted.")),
        Option("crown_prince", N_("Crown Prince promotes to Emperor"),
               ((False, N_("No (TSA data file)")), (True, N_("Yes (help screen, Ludii)"))), False,
               help=N_("The TSA data file gives the Crown Prince no promotion; its help screen and Ludii let it become a second Emperor.")),
        Option("flying_dragon", N_("Flying Dragon promotes to"),
               (("G", N_("Gold General")), ("DK", N_("Dragon King (help screen)"))), "G",
               help=N_("The sources disagree on what a Flying Dragon becomes when it promotes.")),
        Option("lion_dog", N_("Lion Dog"),
               (("slider", N_("Slider (TSA: up to 3 squares, no jumping)")),
                ("lion", N_("Lion (Ludii: a three-step Lion on each line)"))), "slider",
               help=N_("TSA: the Lion Dog slides up to three squares. Ludii: it moves like a Lion along each line, up to three squares, taking on the way.")),
        Option("teaching_king", N_("Teaching King"),
               (("free_king", N_("Free King (TSA version 1)")),
                ("lion", N_("Free King or Lion (TSA v2, Ludii: three-step Lion)"))), "free_king",
               help=N_("Whether the Teaching King may also make three-step Lion moves, as in the second TSA help screen and Ludii.")),
        Option("emperor", N_("Emperor's capture test"),
               (("refined", N_("Refined (not protected, nor retaken by the Emperor)")),
                ("literal", N_("Literal TSA (never while the enemy Emperor lives)")),
                ("ludii", N_("Ludii (not capturable there afterwards)"))), "refined",
               help=N_("The Emperor leaps anywhere but may take only an unprotected man; the three readings differ on what counts as protected.")),
        Option("peacock", N_("Peacock's second hook leg"),
               (("any", N_("Either way (either perpendicular diagonal)")),
                ("forward", N_("Forward only (the other forward diagonal)"))), "any",
               help=N_("After its first forward diagonal leg, may the Peacock turn onto either perpendicular diagonal, or only onto the other forward one?")),
        Option("deva_rule", N_("Taking a Deva or Dark Spirit promotes the taker"),
               ((False, N_("No (TSA)")), (True, N_("Yes (Maka-dai-dai rule)"))), False,
               help=N_("A rule found only for Maka-dai-dai shogi: the man that takes a Deva or a Dark Spirit is promoted by it.")),
        Option("turtle_snake", N_("Turtle-Snake"),
               (("help", N_("Help screen (its move as the help screen gives it)")), ("data", N_("Data file (moves as a Vermillion Sparrow)"))),
               "help",
               help=N_("TSA's help screen and its data file give the Turtle-Snake different moves.")),
    ),
    side_names=(N_("Black"), N_("White")),
    # literal copies of ai.LEVELS / ai.DEFAULT_LEVEL (the harness keeps them equal)
    ai_levels=("easy", "default", "strong"),
    # Tai Shogi's budget is 3 s a move, and the computer's process first replays the game
    # (about 5 ms a ply) before it thinks.
    think_seconds={"easy": 0.4, "default": 2.0, "strong": 2.5},
    default_level="default",
    colour=(176, 132, 72),  # boxwood
)
