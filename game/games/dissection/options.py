"""The options every dissection puzzle offers in its registry entry: which figure, and snapping."""

from __future__ import annotations

from game.i18n import N_
from game.registry import Option
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
        Option("level", N_("Figure"), levels, levels[0][0] if levels else "",
               help=N_("the silhouette to fill")),
        Option("snap", N_("Snapping"), ((True, N_("On")), (False, N_("Off"))), True,
               help=N_("pieces jump onto nearby corners and edges when dropped")),
    )
