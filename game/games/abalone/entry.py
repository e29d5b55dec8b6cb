"""Registry entry for Abalone: the named starts as variants and every optional rule as an option.

Values here are literal copies of rules.DEFAULT_OPTIONS and starts.STARTS so that listing the
games imports nothing but the registry; a test keeps them equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import C_, N_, plural_label
from game.registry import GameEntry, Option, Variant

_OFF_ON = ((False, N_("Off")), (True, N_("On")))

if TYPE_CHECKING:
    from game.games.abalone.rules import AbaloneState, Move
    from game.games.abalone.two_boards.rules import BoardMove, TwoBoardState


def make_rules(variant: str, options: Mapping[str, Any]
               ) -> Rules[AbaloneState, Move] | Rules[TwoBoardState, BoardMove]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.abalone import rules

    if options.get("boards_4x2x2") is not None:  # four players on two boards (§7.10)
        from game.games.abalone.two_boards.rules import TwoBoardRules

        return TwoBoardRules(variant, options)
    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="abalone",
    title=N_("Abalone"),
    tagline=N_("Push six of your rival's marbles off the hexagon."),
    kind="match",
    rules=make_rules,
    scene="game.games.abalone.screen:AbaloneScreen",
    help="game.games.abalone.help:HELP",
    ai="game.games.abalone.ai:make_ai",
    evaluate="game.games.abalone.ai:evaluate",
    variants=(
        Variant("standard", N_("Standard"), N_("The rulebook start: each side fills its two back rows "
                                        "and the middle of the third.")),
        Variant("belgian-daisy", N_("Belgian Daisy"), N_("The usual tournament start: two seven-marble "
                                                  "flowers each, facing each other.")),
        Variant("german-daisy", N_("German Daisy"), N_("Like the Belgian Daisy, with the flowers one "
                                                "row further in.")),
        Variant("dutch-daisy", N_("Dutch Daisy"), N_("The Belgian Daisy with rows B and H alternating "
                                              "colours.")),
        Variant("swiss-daisy", N_("Swiss Daisy"), N_("The German Daisy with the centre marble of each "
                                              "flower swapped.")),
        Variant("domination", N_("Domination"), N_("Two wedges each, not colour-symmetric.")),
        Variant("pyramid", N_("Pyramid"), N_("One big triangle each, on opposite sides of the board.")),
        Variant("the-wall", N_("The Wall"), N_("Two long walls face each other across the middle row.")),
        Variant("snakes", N_("Snakes"), N_("Each side is one long winding line.")),
        Variant("alien-attack", N_("Alien Attack"), N_("Scattered marbles with raiders already in the "
                                                "enemy camp.")),
    ),
    options=(
        Option("eject_target", N_("Marbles to eject to win"),
               tuple((n, f"{n} (Blitz)" if n == 2 else str(n)) for n in range(1, 14)), 6,
               help=N_("The first side to push this many opposing marbles off wins.")),
        Option("eject_target_black", N_("Black's own target (handicap)"),
               ((None, N_("Same as above")), *((n, str(n)) for n in range(1, 14))), None,
               help=N_("A different number of ejections for Black only: give the weaker player "
                    "a smaller target.")),
        Option("eject_target_white", N_("White's own target (handicap)"),
               ((None, N_("Same as above")), *((n, str(n)) for n in range(1, 14))), None,
               help=N_("A different number of ejections for White only.")),
        Option("handicap_black", N_("Black starts with fewer marbles"),
               tuple((n, N_("No") if n == 0 else
                         plural_label("{n} marble", "{n} marbles", 14 - n)) for n in range(6)), 0,
               help=N_("Material handicap for a stronger Black: marbles are taken away before the "
                    "first move (standard start: A1, A5, A2, A4, A3 in that order).")),
        Option("handicap_white", N_("White starts with fewer marbles"),
               tuple((n, N_("No") if n == 0 else
                         plural_label("{n} marble", "{n} marbles", 14 - n)) for n in range(6)), 0,
               help=N_("Material handicap for a stronger White (standard start: I9, I5, I8, I6, "
                    "I7 in that order).")),
        Option("handicap_cells", N_("Marbles removed by hand"),
               (([], N_("None")),), [],
               help=N_("The exact cells to empty before the first move (chosen on the board); "
                    "replaces the two handicap counts above."), free=True),
        Option("sprint_moves", N_("Sprint (moves each)"),
               ((None, N_("Off")), (20, "20"), (25, "25"), (30, "30"), (50, "50"), (100, "100")),
               None,
               help=N_("The game stops after this many moves by each player; whoever ejected "
                    "more wins, equal is a draw.")),
        Option("move_limit", N_("Move limit (draw)"),
               ((None, N_("Off")), (25, N_("25 quiet moves")), (50, N_("50 quiet moves")),
                (100, N_("100 quiet moves"))), None,
               help=N_("A draw once each side has made this many moves in a row without an "
                       "ejection.")),
        Option("obstacles", N_("Obstacles"),
               (([], C_("obstacles", "None")), (["E5"], N_("Centre")),
                (["E3", "E5", "E7"], N_("Three in the middle row"))),
               [],
               help=N_("Dead cells: no marble may stand on, enter or be pushed into them.")),
        Option("holes", N_("Holes"),
               (([], C_("holes", "None")), (["E5"], N_("Centre")),
                (["E3", "E7"], N_("Two in the middle row"))),
               [],
               help=N_("Cells that act like the edge: a marble pushed in is ejected. You may not "
                    "walk your own marbles into one.")),
        Option("pivot_start", N_("Neutral pivot marble"),
               ((None, N_("None")), ("E5", N_("On the centre"))), None,
               help=N_("A marble that belongs to nobody and moves only when pushed; it counts as "
                    "an opposing marble for a push.")),
        Option("pivot_ejectable", N_("The pivot may be pushed off"), _OFF_ON, False,
               help=N_("If on, pushing the neutral marble off the board removes it (no one "
                    "scores); if off, such a push is illegal.")),
        Option("random_start", N_("Random start"), _OFF_ON, False,
               help=N_("Each side gets 14 random cells, placed point-symmetrically so that the "
                    "position is fair. Replaces the chosen start.")),
        Option("random_seed", N_("Random start number"),
               tuple((n, str(n)) for n in range(1, 21)), 1,
               help=N_("Which random start: the same number always gives the same position.")),
        Option("random_start_safe", N_("Random start without a first-move ejection"), _OFF_ON, False,
               help=N_("Redraw the random start while Black could eject a marble on move 1.")),
        Option("multi_move", N_("Two moves per turn"), _OFF_ON, False,
               help=N_("Each turn is two moves: both with your colour, or one of them with your "
                    "opponent's (never two with theirs).")),
        Option("multi_move_first_turn_single", N_("Black's first turn is a single move"), _OFF_ON,
               False, help=N_("With two moves per turn: offsets the advantage of starting.")),
        Option("triangle_moves", N_("Triangle moves"), _OFF_ON, False,
               help=N_("Three marbles touching each other in a small triangle may also move "
                    "together one cell, into empty cells only.")),
        Option("teams_4x2x1", N_("Four players, two teams"), _OFF_ON, False,
               help=N_("Black 1, White 1, Black 2, White 2 take turns moving their team's colour. "
                    "Partners may not consult, so hints are off.")),
        Option("boards_4x2x2", N_("Four players, two boards"),
               ((None, N_("Off")), ("in-phase", N_("In phase")),
                ("counter-phase", N_("Out of phase"))),
               None,
               help=N_("Two teams play two boards at once; after each move a player walks to "
                       "the other board. Out of phase, board Y runs a half-move behind X.")),
        Option("one_colour_display", N_("One colour for all marbles"), _OFF_ON, False,
               help=N_("Both sides' marbles look the same; remember which are yours. The program "
                    "still refuses illegal moves.")),
        Option("repetition_draw", N_("Draw on threefold repetition"), _OFF_ON, False,
               help=N_("The same position with the same side to move for the third time is a "
                    "draw.")),
    ),
    side_colours=((34, 34, 40), (236, 232, 222)),  # the marbles
    side_names=(N_("Black"), N_("White")),
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(70, 96, 150),  # deep blue, like the board's tray
)
