"""Registry entry for Akhimoraec: titles, the match-setup options and where its faces live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_
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
    title=N_("Akhimoraec"),
    tagline=N_("Tip your three hourglasses into a centre line before their sand runs out."),
    kind="match",
    rules=make_rules,
    scene="game.games.akhimoraec.scene:AkhimoraecScene",
    help="game.games.akhimoraec.help:HELP",
    ai="game.games.akhimoraec.ai:make_ai",
    evaluate="game.games.akhimoraec.ai:evaluate",
    # Values and defaults mirror rules.OPTION_VALUES (the rule set of docs/rules/akhimoraec.md §5 is the
    # default); a test keeps the two equal.
    options=(
        Option("adjacency", N_("Tipping directions"),
               ((8, N_("8 directions (like a king)")), (4, N_("4 directions (orthogonal only)"))), 8,
               help=N_("With 4 directions the pole colour of a glass is fixed by its square's "
                    "colour, and some lines can never be won.")),
        Option("timer", N_("Sand on a tip"),
               (("A", N_("A: full life on every tip")),
                ("B", N_("B: physical (you get back the sand that had run)"))), "A",
               help=N_("A: tipping a glass gives it its whole life again. B: like a real "
                    "hourglass, it gets back only the sand that had run since its last tip.")),
        Option("life", N_("Hourglass life"),
               ((180, N_("3 minutes")), (120, N_("2 minutes")), (60, N_("1 minute"))), 180,
               help=N_("How long a glass's sand runs before it dies and goes home; shorter "
                    "makes a faster, more frantic game.")),
        Option("turn_clock", N_("Turn clock"),
               ((15, N_("15 seconds")), (10, N_("10 seconds")), (30, N_("30 seconds")), (0, N_("off"))), 15,
               help=N_("When it runs out the turn passes to the other player.")),
        Option("reentry", N_("Waiting after a death"),
               (("derived", N_("as the sand says (full life if it died black up, else none)")),
                ("full", N_("always a full life"))), "derived",
               help=N_("A dead glass goes home colour up. As the sand says: it waits a full life "
                    "if it died black up, none if it died colour up. Or: always a full life.")),
        Option("win_colour", N_("Winning poles"),
               (("same", N_("all three the same colour up")), ("own", N_("all three own colour up"))),
               "same",
               help=N_("A line wins when its three glasses show the same pole up (your colour "
                    "or all black), or, strictly, only when all three show your own colour.")),
        Option("game_limit", N_("Game-time limit (draw)"),
               ((1200, N_("20 minutes")), (600, N_("10 minutes")), (1800, N_("30 minutes")), (0, N_("none"))),
               1200, help=N_("If nobody has won when the game clock reaches it, the match is a "
                          "draw.")),
        Option("homes", N_("Home circles"),
               (("b-e-h", "b, e, h"), ("a-e-i", N_("a, e, i (corners and middle)")),
                ("d-e-f", N_("d, e, f (side by side)"))), "b-e-h",
               help=N_("The circles on each player's edge where the glasses start and return "
                    "after dying; only their own glass may enter them.")),
        Option("flip_in_place", N_("Flip in place"),
               ((False, N_("not allowed")), (True, N_("allowed (a turn may flip a glass where it stands)"))),
               False, help=N_("If allowed, a turn may turn a glass over on its own circle, "
                           "refreshing it without moving it.")),
        Option("win_check", N_("When a line wins"),
               (("instant", N_("as soon as it is formed")),
                ("hold", N_("if it still stands (after the opponent's next turn)"))), "instant",
               help=N_("Instantly, or only if the line is still there after the opponent has "
                    "had one turn to break it.")),
        Option("turns", N_("Turns"),
               (("alternate", N_("Alternate (one tip each)")),
                ("none", N_("None (real time, tip at will)"))),
               "alternate",
               help=N_("None: both players tip whenever they like, no turn clock; in hot-seat "
                       "Gold plays with the keyboard, Red with the mouse.")),
        Option("home_cells", N_("Home circles open"),
               (("reserved", N_("No (only their own glass)")),
                ("open", N_("Yes (a dead glass may wait)"))),
               "reserved",
               help=N_("Open: anyone may stand on a home circle; a glass that dies while its "
                       "home is taken waits off the board until it is free.")),
        Option("entry_order", N_("Entry order"),
               (("free", N_("Free (any glass may leave)")), ("1-2-3", N_("1-2-3 (left to right)"))),
               "free",
               help=N_("1-2-3: a glass may leave home only when the glasses left of it are in "
                       "play, so they enter one after another.")),
    ),
    side_colours=((242, 192, 52), (196, 36, 52)),  # the poles (scene.POLE)
    side_names=(N_("Gold"), N_("Red")),
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy;
    # a test keeps them equal.
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(232, 138, 38),  # the orange of the centre circles
)
