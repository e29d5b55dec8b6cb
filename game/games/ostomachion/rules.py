"""Rules of the Ostomachion: the shared dissection rules (game/games/dissection/rules.py) with
Archimedes' fourteen pieces (pieces.py).

Everything — levels, state, moves, notation, hints, stars — is shared with the Tangram; only the
piece set differs: fourteen pieces of a 12 x 12 square (area 144), turned in steps of 90° and
free to be turned over. Pieces are named P1 … P14 in the numbering of docs/rules/ostomachion.md §1.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.games.dissection.levels import Level, level_for, validate_level_with
from game.games.dissection.levels import load_level as _load_level
from game.games.dissection.rules import (
    DissectionRules,
    Flip,
    Hint,
    Move,
    PickUp,
    Place,
    PuzzleState,
    Rotate,
    stars,
)
from game.games.ostomachion.pieces import OSTOMACHION

__all__ = ["DissectionRules", "Flip", "Hint", "Level", "Move", "PickUp", "Place", "PuzzleState",
           "Rotate", "load_level", "make_rules", "stars", "validate_level", "PIECES"]

PIECES = OSTOMACHION


def load_level(path: Path | str) -> Level:
    """Read an Ostomachion level file; LevelError names the file and the problem."""
    return _load_level(path, OSTOMACHION)


def validate_level(path: Path | str) -> list[str]:
    """Problems with an Ostomachion level file (the registry's validate_level hook)."""
    return validate_level_with(path, OSTOMACHION)


def make_rules(variant: str, options: Mapping[str, Any]) -> DissectionRules:
    """The Ostomachion on the level options["level"] (default: the first); option "snap"."""
    return DissectionRules(OSTOMACHION, level_for(OSTOMACHION, options), variant, options)
