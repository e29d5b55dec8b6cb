"""Positions and rules the tactic tests share: the fairy chess rules with the tactic tools'
view of them, and a King boxed in by its own Pawns."""

from __future__ import annotations

from game import registry
from tools.tactic_games import ADAPTERS


def fairy() -> tuple[object, object]:
    entry = registry.get("fairy16")
    rules = entry.make_rules("standard", {})
    return rules, ADAPTERS["fairy16"](rules)


# A King boxed in by its own Pawns; Black's Rook threatens h16-h1 mate.
BOXED = "7rk7/16/16/16/16/16/16/16/16/16/16/16/16/15R/PP14/K15 {side} - - 0 1"
