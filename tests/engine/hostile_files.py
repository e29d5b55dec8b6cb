"""What the reliability tests feed the application: nesting and integers too big for a
plain reader, and a small Jeu de pions save to change one field of."""

from __future__ import annotations

from typing import Any

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = "1" * 5000


def pions_save(**changes: Any) -> dict[str, Any]:
    """A valid save of a two-human Jeu de pions match, with `changes` made to it."""
    data: dict[str, Any] = {"format": 1, "game": "pions", "variant": "normal", "options": {},
                            "players": [{"kind": "human", "name": "A"},
                                        {"kind": "human", "name": "B"}], "moves": []}
    data.update(changes)
    return data
