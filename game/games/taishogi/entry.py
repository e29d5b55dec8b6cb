"""Registry entry for Tai Shogi: titles, the §5.4 rule options, levels, scene helpers."""

from __future__ import annotations

from game.registry import GameEntry, Option, Variant

ENTRY = GameEntry(
    id="taishogi",
    title="Tai Shogi",
    tagline="The grand shogi: 25 x 25 squares, 177 men a side, an Emperor that leaps anywhere.",
    kind="match",
    rules="game.games.taishogi.rules:make_rules",
    scene="game.games.taishogi.scene:TaiShogiScene",
    help="game.games.taishogi.help:HELP",
    ai="game.games.taishogi.ai:make_ai",
    evaluate="game.games.taishogi.ai:evaluate",
    variants=(Variant("standard", "Tai Shogi (TSA)",
                      "The rules of The Shogi Association, as refereed by ShogiVar."),),
    options=(
        Option("promotion_table", "Promotion table",
               (("tsa", "TSA: 36 kinds promote"), ("ludii", "Ludii / Wikipedia: 89 kinds")),
               "tsa"),
        Option("promotion_rule", "Promotion on capture",
               (("always", "Always, once per man"),
                ("promoted_only", "Compulsory only when taking a promoted man")), "always"),
        Option("crown_prince", "Crown Prince promotes to Emperor",
               ((False, "No (TSA data file)"), (True, "Yes (help screen, Ludii)")), False),
        Option("flying_dragon", "Flying Dragon promotes to",
               (("G", "Gold General"), ("DK", "Dragon King (help screen)")), "G"),
        Option("lion_dog", "Lion Dog",
               (("slider", "Up to 3 squares, no jumping (TSA)"),
                ("lion", "Linear three-step Lion (Ludii)")), "slider"),
        Option("teaching_king", "Teaching King",
               (("free_king", "Free King (TSA version 1)"),
                ("lion", "Free King or three-step Lion (TSA v2, Ludii)")), "free_king"),
        Option("emperor", "Emperor's capture test",
               (("refined", "Not protected, nor retaken by the Emperor"),
                ("literal", "Literal TSA: never while the enemy Emperor lives"),
                ("ludii", "Ludii: not capturable there afterwards")), "refined"),
        Option("peacock", "Peacock's second hook leg",
               (("any", "Either perpendicular diagonal"),
                ("forward", "The other forward diagonal only")), "any"),
        Option("deva_rule", "Taking a Deva or Dark Spirit promotes the taker",
               ((False, "No (TSA)"), (True, "Yes (Maka-dai-dai rule)")), False),
        Option("turtle_snake", "Turtle-Snake",
               (("help", "Help-screen move"), ("data", "Data-file move (as Vermillion Sparrow)")),
               "help"),
    ),
    side_names=("Black", "White"),
    # literal copies of ai.LEVELS / ai.DEFAULT_LEVEL (the harness keeps them equal)
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(176, 132, 72),  # boxwood
)
