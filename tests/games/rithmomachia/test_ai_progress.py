"""The Rithmomachia computer makes progress: it does not take a piece straight back, nor go
back to a position its own turns left, when another step is as good."""

from __future__ import annotations

import random

from game.games.rithmomachia import ai, evaluation
from game.games.rithmomachia.rules import make_rules
from tests.tactic_regressions import regression
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
    assert player._return_times(state, move) > 0
    other = player.choose(state, seconds=30.0, rng=random.Random(0), nodes=3000)
    assert other != move and player.last.get("returns", 0) >= 1
    assert player.steps[state.to_move][-1] == (other.frm, other.to)  # remembered in turn


def test_the_positions_a_side_left_count_as_returns() -> None:
    rules = make_rules()
    state = rules.initial_state()
    player = ai.make_ai(rules, "default")
    step = rules.steps(state)[0]
    assert player._return_times(state, step) == 0
    player._remember(state, step)
    assert player._return_times(state, step) > 0  # the same turn again would end where it ended


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
    """rithmomachia-badx-017 (a regression of the first suites): 43 of the 45 steps after the capture b8xb12 let the
    opponent take two pieces back; the guard checks every step, not only the search's next
    favourites, so even the easy level's noisy search keeps one of the two good ones."""
    case = regression("rithmomachia-badx-017")
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


def test_an_exchange_is_worth_seeking_for_the_side_ahead_and_avoiding_for_the_side_behind(
        ) -> None:
    """De corpore at four pieces: from 2-1, a capture each (3-2) brings the side ahead nearer
    its victory than the other side nearer its own, so the evaluation of the side ahead rises
    and that of the side behind falls. Counted evenly, an exchange was worth nothing to either,
    and the leader of a jammed front had no reason to open it."""
    rules = make_rules()
    game = evaluation.TurnGame(rules)
    board = {"a1": "S289", "h1": "C4", "a16": "c81", "h16": "c3"}

    def score(side: str, evens_took: str, odds_took: str) -> float:
        return game.evaluate(position(board, side, f"e:{evens_took} o:{odds_took}"))

    # by more than a piece on the board is worth (about 1): enough to choose a step for
    assert score("e", "c5,c7,c9", "C2,C6") > score("e", "c5,c7", "C2") + 3.0
    assert score("o", "c5,c7,c9", "C2,C6") < score("o", "c5,c7", "C2") - 3.0
    assert evaluation.race(0.0) == 0.0 and evaluation.race(1.0) == 1.0
    assert evaluation.race(-1.0) == -1.0  # a digits count overshot stays a loss of the goal


def test_the_computer_reckons_an_even_exchange_a_gain_for_the_side_it_plays() -> None:
    """At 0-0 an exchange (1-1) is even for the tools' view of a position, a gain in the view
    of the side the computer plays, and so a loss for that side's opponent within the same
    search (one zero-sum view, as negamax needs)."""
    rules = make_rules()
    game = evaluation.TurnGame(rules)
    board = {"a1": "S289", "h1": "C4", "a16": "c81", "h16": "c3"}

    def gain(side: str) -> float:
        return game.evaluate(position(board, side, "e:c5 o:C2")) - \
            game.evaluate(position(board, side))

    assert game.root is None and abs(gain("e")) < 0.5 and abs(gain("o")) < 0.5
    game.root = 0  # the Evens' player
    assert gain("e") > 2.0 and gain("o") < -2.0
    game.root = 1
    assert gain("o") > 2.0 and gain("e") < -2.0


def test_the_player_forgets_the_scores_of_the_other_sides_view() -> None:
    """A player asked for both sides (the tools' checks, the hint) clears its table when the
    side changes: its scores were taken in the other side's view."""
    rules = make_rules()
    state = rules.initial_state()
    player = ai.make_ai(rules, "default")
    move = player.choose(state, seconds=30.0, rng=random.Random(0), nodes=2000)
    assert player.game.root == state.to_move
    stored = len(player.search.tt)
    after = rules.play(state, move)
    while after.to_move == state.to_move:  # the captures and the end of that turn
        after = rules.play(after, rules.legal_moves(after)[-1])
    player.choose(after, seconds=30.0, rng=random.Random(0), nodes=8)
    assert player.game.root == after.to_move
    assert stored > 60 and len(player.search.tt) < stored / 2


def test_a_pyramid_out_of_its_camp_counts_against_its_side() -> None:
    """Other pieces are pulled forward, the Pyramid held back: a capture that reaches one of its
    layers may be made again and again, a piece each time (four ransoms won a game of de
    corpore in one turn)."""
    rules = make_rules()
    game = evaluation.TurnGame(rules)
    board = {"a1": "S289", "a16": "c81", "h16": "c3"}
    home = game.evaluate(position({**board, "b2": "P91"}))
    out = game.evaluate(position({**board, "b8": "P91"}))
    assert home > out + 1.5
    # a Square as far forward gains (the pull forward), where the Pyramid loses
    assert game.evaluate(position({**board, "b8": "S45"})) > \
        game.evaluate(position({**board, "b2": "S45"}))


def test_the_handicap_of_going_back_grows_with_each_time_the_side_was_there() -> None:
    """A cycle the search keeps choosing (a threat to win and its one parry, both pieces back,
    again and again) is left after a few rounds: each time the side's turns already ended where
    a step ends its turn, its handicap grows fourfold."""
    rules = make_rules()
    state = rules.initial_state()
    player = ai.make_ai(rules, "default")
    steps = rules.steps(state)
    step = steps[0]
    seen = []
    for _ in range(3):
        player._remember(state, step)
        seen.append(player._return_penalties(state, steps)[step])
    assert seen == [ai._RETURN_MARGIN * g for g in (1.0, ai._REPEAT_GROWTH, ai._REPEAT_GROWTH ** 2)]
    assert ai._REPEAT_GROWTH > 1.0
    assert all(m == step or m not in player._return_penalties(state, steps) for m in steps)
    # when every step goes back, the least repeated go free and the others keep the difference
    player._remember(state, steps[1])
    both = player._return_penalties(state, [step, steps[1]])
    assert both == {step: ai._RETURN_MARGIN * (ai._REPEAT_GROWTH ** 2 - 1)}
