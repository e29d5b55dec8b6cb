"""The Rithmomachia computer makes progress: it does not take a piece straight back, nor go
back to a position its own turns left, when another step is as good."""

from __future__ import annotations

import json
import random

from game.games.rithmomachia import ai, evaluation
from game.games.rithmomachia.rules import make_rules
from tools import tactics
from tools.tactic_games import ADAPTERS

from .helpers import position


def test_a_step_that_undoes_the_last_one_is_avoided_when_others_are_as_good() -> None:
    rules = make_rules()
    state = rules.initial_state()
    first = ai.make_ai(rules, "default")
    move = first.choose(state, seconds=30.0, rng=random.Random(0), nodes=3000)
    assert move.frm >= 0
    player = ai.make_ai(rules, "default")
    player.steps[state.to_move] = [(move.to, move.frm)]  # as if it had just come the other way
    assert player._returns(state, move)
    other = player.choose(state, seconds=30.0, rng=random.Random(0), nodes=3000)
    assert other != move and player.last.get("returns", 0) >= 1
    assert player.steps[state.to_move][-1] == (other.frm, other.to)  # remembered in turn


def test_the_positions_a_side_left_count_as_returns() -> None:
    rules = make_rules()
    state = rules.initial_state()
    player = ai.make_ai(rules, "default")
    step = rules.steps(state)[0]
    assert not player._returns(state, step)
    player._remember(state, step)
    assert player._returns(state, step)  # the same turn again would end where it ended


def test_the_opponents_waiting_captures_count_against_the_side_to_move() -> None:
    """An Evens piece the Odds could take by ambush at their next turn costs Evens a little (its
    step may save it), a second one much more (one of the two is lost)."""
    rules = make_rules()
    game = evaluation.TurnGame(rules)
    base = {"a1": "S289", "h16": "c81", "a2": "C2", "d8": "C8", "c8": "c3", "d12": "C16",
            "c12": "c7"}
    none = position({**base, "f8": "c5", "f12": "c9"})
    one = position({**base, "e8": "c5", "f12": "c9"})    # 3 + 5 = 8 next to C8
    two = position({**base, "e8": "c5", "e12": "c9"})    # and 7 + 9 = 16 next to C16
    scores = [game.threatened(game.opened(s)) for s in (none, one, two)]
    assert scores[0] == 0.0 < scores[1] < scores[2] - scores[1]
    assert game.evaluate(none) > game.evaluate(one) > game.evaluate(two)


def test_the_easy_level_finds_the_few_steps_that_keep_a_capture_safe() -> None:
    """rithmomachia-badx-017 (published): 43 of the 45 steps after the capture b8xb12 let the
    opponent take two pieces back; the guard checks every step, not only the search's next
    favourites, so even the easy level's noisy search keeps one of the two good ones."""
    data = json.loads((tactics.SUITE_DIR / "rithmomachia-badx.json").read_text("utf-8"))
    case = next(p for p in data["positions"] if p["id"] == "rithmomachia-badx-017")
    rules = make_rules()
    turns = ADAPTERS["rithmomachia"](rules)
    for seed in range(3):
        player = ai.make_ai(rules, "easy")
        rng = random.Random(seed)
        state = rules.parse_position(case["position"])
        label, after = turns.play_turn(
            state, lambda s: player.choose(s, seconds=10.0, rng=rng))  # noqa: B023
        assert tactics.solves(turns, "badx", state, after), label


def test_the_handicap_of_a_step_that_goes_back_is_weighed_within_the_search() -> None:
    """The search ranks a handicapped root step `penalty` points below its own score, at the
    same depth as the other steps: handicapped out of reach, another step is chosen and the
    search's score is that step's; without a handicap the search is as before."""
    rules = make_rules()
    state = rules.initial_state()
    player = ai.make_ai(rules, "strong")
    plain = player.search.search(state, max_depth=2, rng=random.Random(0))
    assert plain.move is not None
    other = player.search.search(state, max_depth=2, rng=random.Random(0),
                                 penalty={plain.move: 1000.0})
    assert other.move != plain.move and other.depth == 2 and other.score <= plain.score
    again = player.search.search(state, max_depth=2, rng=random.Random(0),
                                 penalty={plain.move: 0.0})
    assert again.score == plain.score
