"""The Tangram's registry entry: titles, the level option, and where its faces live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.protocol import PuzzleRules
from game.registry import GameEntry, Option
from game.resources import levels_dir


def level_choices(folder: str) -> tuple[tuple[str, str], ...]:
    """(level id, label) for every level file of a puzzle, in play order.

    Only file names are read (no parsing), so building the menu stays instant; the label is the
    file name without its number: "08-cat" -> "Cat".
    """
    files = sorted(levels_dir(folder).glob("*.tmx"))
    return tuple((f.stem, f.stem.split("-", 1)[-1].replace("-", " ").capitalize()) for f in files)


def figure_options(puzzle: str) -> tuple[Option, ...]:
    """The options both silhouette puzzles share: which figure, and snapping."""
    levels = level_choices(puzzle)
    return (
        Option("level", "Figure", levels, levels[0][0] if levels else "",
               help="the silhouette to fill"),
        Option("snap", "Snapping", ((True, "On"), (False, "Off")), True,
               help="pieces jump onto nearby corners and edges when dropped"),
    )


if TYPE_CHECKING:
    from game.games.tangram.rules import Move, PuzzleState


def make_rules(variant: str, options: Mapping[str, Any]) -> PuzzleRules[PuzzleState, Move]:
    """The rules for `variant` and `options`, typed so mypy checks them against the contract
    (imported when called: listing the games imports no rules)."""
    from game.games.tangram import rules

    return rules.make_rules(variant, options)


ENTRY = GameEntry(
    id="tangram",
    title="Tangram",
    tagline="Seven pieces of a square, a thousand shadows.",
    kind="puzzle",
    rules=make_rules,
    scene="game.games.tangram.scene:TangramScene",
    help="game.games.tangram.help:HELP",
    options=figure_options("tangram"),
    side_names=("Player",),
    validate_level="game.games.tangram.rules:validate_level",
    levels_dir="tangram",
    colour=(214, 120, 64),
    load_level="game.games.tangram.rules:load_level",
    extra={
        "pieces": "game.games.tangram.geometry:TANGRAM",
        "stars": "game.games.tangram.rules:stars",
    },
)
