"""The Rithmomachia computer makes progress: it does not take a piece straight back, nor go
back to a position its own turns left, when another step is as good."""

from __future__ import annotations

import random

from game.games.rithmomachia import ai
from game.games.rithmomachia.rules import make_rules


def test_a_step_that_undoes_the_last_one_is_avoided_when_others_are_as_good() -> None:
    rules = make_rules()
    state = rules.initial_state()
    first = ai.make_ai(rules, "default")
    move = first.choose(state, seconds=5.0, rng=random.Random(0), nodes=3000)
    assert move.frm >= 0
    player = ai.make_ai(rules, "default")
    player.steps[state.to_move] = [(move.to, move.frm)]  # as if it had just come the other way
    assert player._returns(state, move)
    other = player.choose(state, seconds=5.0, rng=random.Random(0), nodes=3000)
    assert other != move and player.last.get("avoided") == "return"
    assert player.steps[state.to_move][-1] == (other.frm, other.to)  # remembered in turn


def test_the_positions_a_side_left_count_as_returns() -> None:
    rules = make_rules()
    state = rules.initial_state()
    player = ai.make_ai(rules, "default")
    step = rules.steps(state)[0]
    assert not player._returns(state, step)
    player._remember(state, step)
    assert player._returns(state, step)  # the same turn again would end where it ended
