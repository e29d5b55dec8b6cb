"""The Amazons computer against its earlier fixed-depth search in the arena (replayable comparison).

    python tools/arena.py game.games.amazons.tuning:ENTRY --a ai:default --b ai:fixed-default \\
        --games 10 --seconds 0.5

`ai:fixed-LEVEL` stops after the level's own passes and starts every move with an empty
table, as the computer did before it learned to spend its whole time budget; `ai:LEVEL` is
the game's computer.
"""

from __future__ import annotations

import dataclasses

from game.games.amazons import ai
from game.games.amazons.entry import ENTRY as _GAME
from game.games.amazons.rules import AmazonsRules


def make_ai(rules: AmazonsRules, level: str) -> ai.AmazonsAI:
    """`fixed-LEVEL` (the level's passes only, no table across moves) or a plain level."""
    if level.startswith("fixed-"):
        player = ai.AmazonsAI(rules, level.removeprefix("fixed-"))
        player.spend_all = False
        player.keep_table = False
        return player
    return ai.AmazonsAI(rules, level)


ENTRY = dataclasses.replace(_GAME, ai="game.games.amazons.tuning:make_ai",
                            ai_levels=(*_GAME.ai_levels, "fixed-default", "fixed-strong"))
