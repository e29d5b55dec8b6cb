"""Registry entry for Akhimoraec: titles, the match-setup options and where its faces live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.registry import GameEntry, Option

if TYPE_CHECKING:
    from game.games.akhimoraec.rules import AkhState, Move


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[AkhState, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.akhimoraec import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="akhimoraec",
    title="Akhimoraec",
    tagline="Tip your three hourglasses into a centre line before their sand runs out.",
    kind="match",
    rules=make_rules,
    scene="game.games.akhimoraec.scene:AkhimoraecScene",
    help="game.games.akhimoraec.help:HELP",
    ai="game.games.akhimoraec.ai:make_ai",
    evaluate="game.games.akhimoraec.ai:evaluate",
    # Values and defaults mirror rules.OPTION_VALUES (the reference's §5 "v0" ruleset is the
    # default); a test keeps the two equal.
    options=(
        Option("adjacency", "Tipping directions",
               ((8, "8 directions (like a king)"), (4, "4 directions (orthogonal only)")), 8,
               help="With 4 directions the pole colour of a glass is fixed by its square's "
                    "colour, and some lines can never be won."),
        Option("timer", "Sand on a tip",
               (("A", "A: full life on every tip"),
                ("B", "B: physical (you get back the sand that had run)")), "A",
               help="A: tipping a glass gives it its whole life again. B: like a real "
                    "hourglass, it gets back only the sand that had run since its last tip."),
        Option("life", "Hourglass life",
               ((180, "3 minutes"), (120, "2 minutes"), (60, "1 minute")), 180,
               help="How long a glass's sand runs before it dies and goes home; shorter "
                    "makes a faster, more frantic game."),
        Option("turn_clock", "Turn clock",
               ((15, "15 seconds"), (10, "10 seconds"), (30, "30 seconds"), (0, "off")), 15,
               help="When it runs out the turn passes to the other player."),
        Option("reentry", "Waiting after a death",
               (("derived", "as the sand says (full life if it died black up, else none)"),
                ("full", "always a full life")), "derived",
               help="A dead glass goes home colour up. As the sand says: it waits a full life "
                    "if it died black up, none if it died colour up. Or: always a full life."),
        Option("win_colour", "Winning poles",
               (("same", "all three the same colour up"), ("own", "all three own colour up")),
               "same",
               help="A line wins when its three glasses show the same pole up (your colour "
                    "or all black), or, strictly, only when all three show your own colour."),
        Option("game_limit", "Game-time limit (draw)",
               ((1200, "20 minutes"), (600, "10 minutes"), (1800, "30 minutes"), (0, "none")),
               1200, help="If nobody has won when the game clock reaches it, the match is a "
                          "draw."),
        Option("homes", "Home circles",
               (("b-e-h", "b, e, h"), ("a-e-i", "a, e, i (corners and middle)"),
                ("d-e-f", "d, e, f (side by side)")), "b-e-h",
               help="The circles on each player's edge where the glasses start and return "
                    "after dying; only their own glass may enter them."),
        Option("flip_in_place", "Flip in place",
               ((False, "not allowed"), (True, "allowed (a turn may flip a glass where it stands)")),
               False, help="If allowed, a turn may turn a glass over on its own circle, "
                           "refreshing it without moving it."),
        Option("win_check", "When a line wins",
               (("instant", "as soon as it is formed"),
                ("hold", "if it still stands (after the opponent's next turn)")), "instant",
               help="Instantly, or only if the line is still there after the opponent has "
                    "had one turn to break it."),
    ),
    side_colours=((242, 192, 52), (196, 36, 52)),  # the poles (scene.POLE)
    side_names=("Gold", "Red"),
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy;
    # a test keeps them equal.
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(232, 138, 38),  # the orange of the centre circles
    extra={
        # A real-time game: tools drive time with rules.advance and play whole matches here.
        "realtime": True,
        "simulate_match": "game.games.akhimoraec.ai:simulate_match",
        "random_player": "game.games.akhimoraec.ai:RandomPlayer",
    },
)
