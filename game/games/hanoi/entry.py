"""Registry entry for the Towers of Hanoi: free play on 3 or 4 pegs, and the challenge levels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import PuzzleRules
from game.i18n import N_, plural_label
from game.registry import GameEntry, Option, Variant

if TYPE_CHECKING:
    from game.games.hanoi.rules import HanoiMove, HanoiState


def make_rules(variant: str, options: Mapping[str, Any]) -> PuzzleRules[HanoiState, HanoiMove]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.hanoi import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="hanoi",
    title=N_("Towers of Hanoi"),
    tagline=N_("Move the tower one disk at a time — never a larger disk on a smaller one."),
    kind="puzzle",
    rules=make_rules,
    scene="game.games.hanoi.scene:HanoiScene",
    help="game.games.hanoi.help:HELP",
    variants=(Variant("standard", N_("Standard"),
                      N_("Lucas's puzzle on 3 pegs, or Reve's puzzle on 4.")),),
    options=(
        Option("pegs", N_("Pegs"), ((3, N_("3 pegs (Lucas)")), (4, N_("4 pegs (Reve's puzzle)"))), 3,
               N_("A fourth peg makes the puzzle much shorter and much harder to reason about.")),
        Option("disks", N_("Disks"), tuple((n, plural_label("{n} disk", "{n} disks", n))
                                          for n in range(1, 11)), 5,
               N_("The classic tower needs 2ⁿ − 1 moves on 3 pegs.")),
        # Levels and saved games put their start and target here as a position text
        # ("3:AAB>BBA"); when it is set, `pegs` and `disks` are ignored.
        Option("position", N_("Start"), (("", N_("The whole tower on A")),), "",
               N_("A position text pegs:start>target; empty for the classic tower."), free=True),
    ),
    side_names=(N_("Player"),),
    validate_level="game.games.hanoi.levels:validate_level",
    levels_dir="hanoi",
    solver="game.games.hanoi.solver",
    colour=(196, 112, 64),
    load_level="game.games.hanoi.levels:load_level",
)
