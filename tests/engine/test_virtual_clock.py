"""The levels that search until their time is up read the clock the tools can replace.

The tactic suites, the puzzle generator and the arena's `--tick` replay a game the same under
any load only if every searching level reads its time through the module's `time` at the
moment it chooses. Amazons' search once took `time.perf_counter` as a default argument, bound
when the module loaded: under the virtual clock it still read the real one, so its games did
not replay.
"""

from __future__ import annotations

import random

import pytest

from game import registry
from tools.arena import make_player
from tools.tactic_games import ADAPTERS
from tools.virtual_clock import virtual_time


@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
@pytest.mark.parametrize("level", ["default", "strong"])
def test_a_searching_level_spends_its_time_on_the_virtual_clock(game_id: str,
                                                                level: str) -> None:
    entry = registry.get(game_id)
    rules = entry.make_rules(entry.variants[0].id, {})
    state, rng = rules.initial_state(), random.Random(3)
    for _ in range(10):  # out of any opening shortcut
        state = rules.play(state, rng.choice(list(rules.legal_moves(state))))
    player = make_player(entry, rules, f"ai:{level}")  # as the tools do: before the clock
    with virtual_time(0.02) as clock:  # 25 readings make the half second
        player.choose(state, seconds=0.5, rng=random.Random(1))
    assert clock.now >= 0.25, f"{game_id} {level} read the virtual clock {clock.now / 0.02:.0f} times"
