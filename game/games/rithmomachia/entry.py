"""Registry entry for Rithmomachia: titles, the victory chosen for the match and its numbers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_, _
from game.registry import GameEntry, Option

if TYPE_CHECKING:
    from game.games.rithmomachia.rules import Move, State


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[State, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.rithmomachia import rules

    return rules.make_rules(variant, options)


#: The victories each number option counts for (the others ignore it).
USED_BY: dict[str, tuple[str, ...]] = {
    "pieces": ("corpore", "honore", "honore_liteque"),
    "sum": ("bonis", "lite", "honore", "honore_liteque"),
    "digits": ("lite", "honore_liteque"),
    "placement": ("magna", "major", "praestantissima"),
}


def _unused(option: str) -> Callable[[Mapping[str, Any]], str]:
    """Why `option` does nothing under the victory chosen ("" when it counts)."""
    def why(options: Mapping[str, Any]) -> str:
        victory = options.get("victory", "corpore")
        if victory in USED_BY[option]:
            return ""
        title = next(label for value, label in VICTORIES if value == victory)
        return _("Not used by the victory chosen ({victory}).").format(victory=_(title))
    return why


VICTORIES = (("corpore", N_("De corpore: take N pieces")),
             ("bonis", N_("De bonis: take pieces worth S")),
             ("lite", N_("De lite: worth S, exactly C digits")),
             ("honore", N_("De honore: N pieces worth S")),
             ("honore_liteque", N_("De honore liteque: N, S and C")),
             ("magna", N_("Magna: a progression of three")),
             ("major", N_("Major (four pieces, two progressions)")),
             ("praestantissima", N_("Praestantissima (all three progressions)")))

ENTRY = GameEntry(
    id="rithmomachia",
    title=N_("Rithmomachia"),
    tagline=N_("The battle of numbers: capture by arithmetic, win by a progression."),
    kind="match",
    rules=make_rules,
    scene="game.games.rithmomachia.scene:RithmomachiaScene",
    help="game.games.rithmomachia.help:HELP",
    ai="game.games.rithmomachia.ai:make_ai",
    evaluate="game.games.rithmomachia.ai:evaluate",
    options=(
        Option("victory", N_("Victory"), VICTORIES, "corpore",
               help=N_("The common victories count what you capture, and captured pieces leave "
                    "the board. In the proper victories (magna, major, praestantissima) a "
                    "captured piece changes sides, and you win by lining up a progression in "
                    "the enemy's half.")),
        Option("pieces", N_("N: pieces to take"),
               ((2, "2"), (3, "3"), (4, "4"), (6, "6"), (8, "8"), (10, "10"), (12, "12"),
                (15, "15")),
               4, help=N_("For de corpore, de honore and de honore liteque."),
               unused=_unused("pieces")),
        Option("sum", N_("S: total value to take"),
               ((50, "50"), (100, "100"), (160, "160"), (200, "200"), (300, "300"),
                (500, "500"), (984, "984"), (1315, "1315")),
               100, help=N_("For de bonis, de lite, de honore and de honore liteque."),
               unused=_unused("sum")),
        Option("digits", N_("C: digits, exactly"),
               ((4, "4"), (5, "5"), (6, "6"), (7, "7"), (8, "8"), (10, "10"), (12, "12"),
                (15, "15")),
               6, help=N_("For de lite and de honore liteque: the digits written on the pieces "
                       "you took must add up to exactly C."), unused=_unused("digits")),
        Option("siege_edges", N_("The board's edge helps a siege"),
               ((True, N_("Yes")), (False, N_("No (four besiegers are needed)"))), True,
               help=N_("A piece is besieged when enemies stand on all four sides; with this on, the "
                    "board's edge counts as a side, so three (or two, in a corner) can do it.")),
        Option("placement", N_("Where a progression counts"),
               (("half", N_("Anywhere in the enemy's half")),
                ("back_rank", N_("Only on the enemy's back rank"))), "half",
               help=N_("For the proper victories: where the pieces of a progression must stand, in "
                    "a straight line of adjacent squares."), unused=_unused("placement")),
    ),
    side_names=(N_("Evens"), N_("Odds")),
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy;
    # a test keeps them equal.
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(176, 132, 74),  # old parchment and brass
)
