"""Abalone evaluation weights against each other in the arena (the weights' tuning, replayable).

    python tools/arena.py game.games.abalone.tuning:ENTRY --a ai:default --b ai:baseline \\
        --games 10 --seconds 0.3

`ai:LEVEL` is the computer with today's weights (ai.WEIGHTS); `ai:baseline` (and
`ai:baseline-LEVEL`) is the same search with the weights before tuning (ai.BASELINE), and
`ai:try-LEVEL` plays the candidate weights `CANDIDATE` (edit it to test another set).
"""

from __future__ import annotations

import dataclasses

from game.games.abalone import ai
from game.games.abalone.entry import ENTRY as _GAME
from game.games.abalone.rules import AbaloneRules

#: A set under test (the arena's `ai:try-LEVEL`).
CANDIDATE = ai.Weights(centre=100.0, cohesion=40.0, edge=50.0)


def make_ai(rules: AbaloneRules, level: str) -> ai.AbalonePlayer:
    """`baseline[-LEVEL]`, `try-LEVEL` or a plain level (the game's own weights)."""
    if level == "baseline":
        return ai.AbalonePlayer(rules, ai.DEFAULT_LEVEL, ai.BASELINE)
    if level.startswith("baseline-"):
        return ai.AbalonePlayer(rules, level.removeprefix("baseline-"), ai.BASELINE)
    if level.startswith("try-"):
        return ai.AbalonePlayer(rules, level.removeprefix("try-"), CANDIDATE)
    return ai.AbalonePlayer(rules, level)


ENTRY = dataclasses.replace(_GAME, ai="game.games.abalone.tuning:make_ai",
                            ai_levels=(*_GAME.ai_levels, "baseline"))
