"""Registry entry for Abalone: the named starts as variants and every seed variant as an option.

Values here are literal copies of rules.DEFAULT_OPTIONS and starts.STARTS so that listing the
games imports nothing but the registry; a test keeps them equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.registry import GameEntry, Option, Variant

_OFF_ON = ((False, "Off"), (True, "On"))

if TYPE_CHECKING:
    from game.games.abalone.rules import AbaloneState, Move


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[AbaloneState, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.abalone import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="abalone",
    title="Abalone",
    tagline="Push six of your rival's marbles off the hexagon.",
    kind="match",
    rules=make_rules,
    scene="game.games.abalone.scene:AbaloneScene",
    help="game.games.abalone.help:HELP",
    ai="game.games.abalone.ai:make_ai",
    evaluate="game.games.abalone.ai:evaluate",
    variants=(
        Variant("standard", "Standard", "The rulebook start: each side fills its two back rows "
                                        "and the middle of the third."),
        Variant("belgian-daisy", "Belgian Daisy", "The usual tournament start: two seven-marble "
                                                  "flowers each, facing each other."),
        Variant("german-daisy", "German Daisy", "Like the Belgian Daisy, with the flowers one "
                                                "row further in."),
        Variant("dutch-daisy", "Dutch Daisy", "The Belgian Daisy with rows B and H alternating "
                                              "colours."),
        Variant("swiss-daisy", "Swiss Daisy", "The German Daisy with the centre marble of each "
                                              "flower swapped."),
        Variant("domination", "Domination", "Two wedges each, not colour-symmetric."),
        Variant("pyramid", "Pyramid", "One big triangle each, on opposite sides of the board."),
        Variant("the-wall", "The Wall", "Two long walls face each other across the middle row."),
        Variant("snakes", "Snakes", "Each side is one long winding line."),
        Variant("alien-attack", "Alien Attack", "Scattered marbles with raiders already in the "
                                                "enemy camp."),
    ),
    options=(
        Option("eject_target", "Marbles to eject to win",
               tuple((n, f"{n} (Blitz)" if n == 2 else str(n)) for n in range(1, 14)), 6,
               help="The first side to push this many opposing marbles off wins."),
        Option("eject_target_black", "Black's own target (handicap)",
               ((None, "Same as above"), *((n, str(n)) for n in range(1, 14))), None,
               help="A different number of ejections for Black only: give the weaker player "
                    "a smaller target."),
        Option("eject_target_white", "White's own target (handicap)",
               ((None, "Same as above"), *((n, str(n)) for n in range(1, 14))), None,
               help="A different number of ejections for White only."),
        Option("handicap_black", "Black starts with fewer marbles",
               tuple((n, "No" if n == 0 else f"{14 - n} marbles") for n in range(6)), 0,
               help="Material handicap for a stronger Black: marbles are taken away before the "
                    "first move (standard start: A1, A5, A2, A4, A3 in that order)."),
        Option("handicap_white", "White starts with fewer marbles",
               tuple((n, "No" if n == 0 else f"{14 - n} marbles") for n in range(6)), 0,
               help="Material handicap for a stronger White (standard start: I9, I5, I8, I6, "
                    "I7 in that order)."),
        Option("handicap_cells", "Marbles removed by hand",
               (([], "None"),), [],
               help="The exact cells to empty before the first move (chosen on the board); "
                    "replaces the two handicap counts above.", free=True),
        Option("sprint_moves", "Sprint (moves each)",
               ((None, "Off"), (20, "20"), (25, "25"), (30, "30"), (50, "50"), (100, "100")),
               None,
               help="The game stops after this many moves by each player; whoever ejected "
                    "more wins, equal is a draw."),
        Option("obstacles", "Obstacles",
               (([], "None"), (["E5"], "Centre"), (["E3", "E5", "E7"], "Three in the middle row")),
               [],
               help="Dead cells: no marble may stand on, enter or be pushed into them."),
        Option("holes", "Holes",
               (([], "None"), (["E5"], "Centre"), (["E3", "E7"], "Two in the middle row")),
               [],
               help="Cells that act like the edge: a marble pushed in is ejected. You may not "
                    "walk your own marbles into one."),
        Option("pivot_start", "Neutral pivot marble",
               ((None, "None"), ("E5", "On the centre")), None,
               help="A marble that belongs to nobody and moves only when pushed; it counts as "
                    "an opposing marble for a push."),
        Option("pivot_ejectable", "The pivot may be pushed off", _OFF_ON, False,
               help="If on, pushing the neutral marble off the board removes it (no one "
                    "scores); if off, such a push is illegal."),
        Option("random_start", "Random start", _OFF_ON, False,
               help="Each side gets 14 random cells, placed point-symmetrically so that the "
                    "position is fair. Replaces the chosen start."),
        Option("random_seed", "Random start number",
               tuple((n, str(n)) for n in range(1, 21)), 1,
               help="Which random start: the same number always gives the same position."),
        Option("random_start_safe", "Random start without a first-move ejection", _OFF_ON, False,
               help="Redraw the random start while Black could eject a marble on move 1."),
        Option("multi_move", "Two moves per turn", _OFF_ON, False,
               help="Each turn is two moves: both with your colour, or one of them with your "
                    "opponent's (never two with theirs)."),
        Option("multi_move_first_turn_single", "Black's first turn is a single move", _OFF_ON,
               False, help="With two moves per turn: offsets the advantage of starting."),
        Option("triangle_moves", "Triangle moves", _OFF_ON, False,
               help="Three marbles touching each other in a small triangle may also move "
                    "together one cell, into empty cells only."),
        Option("teams_4x2x1", "Four players, two teams", _OFF_ON, False,
               help="Black 1, White 1, Black 2, White 2 take turns moving their team's colour. "
                    "Partners may not consult, so hints are off."),
        Option("one_colour_display", "One colour for all marbles", _OFF_ON, False,
               help="Both sides' marbles look the same; remember which are yours. The program "
                    "still refuses illegal moves."),
        Option("repetition_draw", "Draw on threefold repetition", _OFF_ON, False,
               help="The same position with the same side to move for the third time is a "
                    "draw."),
    ),
    side_colours=((34, 34, 40), (236, 232, 222)),  # the marbles
    side_names=("Black", "White"),
    ai_levels=("easy", "default", "strong"),
    default_level="default",
    colour=(70, 96, 150),  # deep blue, like the board's tray
    extra={
        # pure helpers for the scene (all methods of the Rules object as well)
        "cells": "game.games.abalone.rules:CELLS",
        "cell_name": "game.games.abalone.starts:cell_name",
        "row_number": "game.games.abalone.board:row_number",
        "directions": "game.games.abalone.board:DIR_VECTORS",
    },
)
