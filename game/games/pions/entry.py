"""Registry entry for the Jeu de pions: titles, variants, options and where its faces live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import Rules
from game.i18n import N_, plural_label
from game.registry import GameEntry, Option, Variant

if TYPE_CHECKING:
    from game.games.pions.rules import PionsMove, PionsState


def make_rules(variant: str, options: Mapping[str, Any]) -> Rules[PionsState, PionsMove]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.pions import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="pions",
    title=N_("Jeu de pions"),
    tagline=N_("Slide pawns toward the end of a ruler; the last pawn decides."),
    kind="match",
    rules=make_rules,
    scene="game.games.pions.scene:PionsScene",
    help="game.games.pions.help:HELP",
    ai="game.games.pions.ai:make_ai",
    evaluate="game.games.pions.ai:evaluate",
    variants=(
        Variant("normal", N_("Normal"), N_("Whoever removes the last pawn wins.")),
        Variant("misere", N_("Misère"), N_("Whoever removes the last pawn loses.")),
    ),
    options=(
        Option("length", N_("Ruler length"),
               tuple((n, plural_label("{n} cell", "{n} cells", n)) for n in range(5, 41)), 23,
               help=N_("Cells on a fresh ruler; 23 starts from the worked example of the rules.")),
    ),
    side_colours=((230, 159, 0), (0, 114, 178)),  # the numbered side discs
    side_names=(N_("First player"), N_("Second player")),
    # Literal copies of ai.LEVELS / ai.DEFAULT_LEVEL so listing games imports nothing heavy;
    # a test keeps them equal.
    ai_levels=("easy", "default"),
    default_level="default",
    retired_levels={"perfect": "default"},
    colour=(176, 124, 74),  # boxwood-brown, like an old wooden ruler
)
