"""Rules of the Tangram: the shared dissection rules (game/games/dissection/rules.py) with the
seven tangram pieces (pieces.py), turned in steps of 45° and free to be turned over.

This module is the registry's face of the puzzle: it binds the piece set to the level loader, the
level check and the rules factory, and re-exports the move and state types under this name.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.games.dissection.levels import Level, level_for, validate_level_with
from game.games.dissection.levels import level_ids as _level_ids
from game.games.dissection.levels import load_level as _load_level
from game.games.dissection.rules import (
    DissectionRules,
    Flip,
    Hint,
    HintPlan,
    Move,
    PickUp,
    Place,
    PuzzleState,
    Rotate,
    stars,
)
from game.games.tangram.pieces import TANGRAM

__all__ = ["DissectionRules", "Flip", "Hint", "HintPlan", "Level", "Move", "PickUp", "Place",
           "PuzzleState", "Rotate", "level_ids", "load_level", "make_rules", "stars",
           "validate_level", "PIECES"]

#: The pieces of this puzzle.
PIECES = TANGRAM


def load_level(path: Path | str) -> Level:
    """Read a Tangram level file; LevelError names the file and the problem."""
    return _load_level(path, TANGRAM)


def validate_level(path: Path | str) -> list[str]:
    """Problems with a Tangram level file (the registry's validate_level hook)."""
    return validate_level_with(path, TANGRAM)


def level_ids(folder: Path | None = None) -> list[str]:
    """The Tangram's level ids (file stems), in play order."""
    return _level_ids(TANGRAM, folder)


def make_rules(variant: str, options: Mapping[str, Any]) -> DissectionRules:
    """The Tangram on the level options["level"] (default: the first); option "snap" (bool)."""
    return DissectionRules(TANGRAM, level_for(TANGRAM, options), variant, options)
