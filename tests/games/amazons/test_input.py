"""The three-step move controller, without a window: squares and keys in, actions out, every
legal square and refusal straight from the rules."""

from __future__ import annotations

from game.games.amazons import rules as R
from game.games.amazons.input import Key, MoveInput
from tests.test_purity import assert_checked

RULES = R.make_rules("standard")


def sq(name: str) -> int:
    return R.parse_square(10, name)


def test_the_controller_needs_no_pygame() -> None:
    assert_checked("game.games.amazons.input")  # imported without pygame by tests/test_purity.py


def test_three_choices_make_the_move_with_the_rules_lists_at_each_step() -> None:
    st = RULES.initial_state()
    inp = MoveInput(RULES)
    assert inp.step == 0 and set(inp.step_choices(st)) == set(R.movable(st))
    assert inp.choose(st, sq("d1")).kind == "picked"
    assert inp.step == 1 and inp.choices == RULES.destinations(st, sq("d1"))
    assert inp.choose(st, sq("d7")).kind == "moved_to"
    assert inp.step == 2 and inp.choices == RULES.arrow_targets(st, sq("d1"), sq("d7"))
    action = inp.choose(st, sq("g7"))
    assert action.kind == "submit" and action.move == R.Move(sq("d1"), sq("d7"), sq("g7"))
    assert RULES.check(st, action.move) is None


def test_refusals_carry_the_rules_reasons() -> None:
    st = RULES.initial_state()
    inp = MoveInput(RULES)
    assert inp.choose(st, sq("d10")).reason == "that is not your amazon"
    assert inp.choose(st, sq("e5")).reason == "there is no amazon on e5"
    inp.choose(st, sq("d1"))
    refused = inp.choose(st, sq("e3"))
    assert refused.kind == "refused"
    assert refused.reason == R.explain(st, sq("d1"), sq("e3"))
    walled = R.parse_position("3B2B3/10/10/B8B/10/10/W8W/xxx7/xWx7/xxx3W3 w")
    fresh = MoveInput(RULES)
    assert fresh.choose(walled, sq("b2")).reason == R.explain(walled, sq("b2"))
    assert fresh.step == 0


def test_steps_go_back_one_at_a_time_and_another_amazon_switches() -> None:
    st = RULES.initial_state()
    inp = MoveInput(RULES)
    inp.choose(st, sq("d1"))
    assert inp.choose(st, sq("g1")).kind == "picked" and inp.frm == sq("g1")
    inp.choose(st, sq("g4"))
    assert inp.choose(st, sq("g4")).kind == "stepped_back"  # the amazon being moved
    assert inp.step == 1 and inp.choices == RULES.destinations(st, sq("g1"))
    assert inp.step_back(st) and inp.step == 0
    assert not inp.step_back(st)


def test_keys_show_the_cursor_walk_the_choices_and_choose() -> None:
    st = RULES.initial_state()
    inp = MoveInput(RULES)
    assert inp.key(st, Key.RIGHT).kind == "none" and inp.cursor_shown
    first = R.movable(st)[0]
    assert inp.cursor == first  # the cursor appears on the first amazon that can move
    inp.key(st, Key.NEXT)  # Tab: the next amazon that can move, in square order
    assert inp.cursor == min(s for s in R.movable(st) if s > first)
    inp.cursor = sq("d1")
    assert inp.key(st, Key.CHOOSE).kind == "picked"
    inp.key(st, Key.UP)
    assert inp.cursor == sq("d2")
    inp.key(st, Key.UP, flipped=True)  # on a turned board "up" on screen is down the files
    assert inp.cursor == sq("d1")
    inp.key(st, Key.PREVIOUS)  # Shift+Tab from d1: the destination just before it, c1
    assert inp.cursor == sq("c1")
    inp.cursor = sq("a1")
    inp.key(st, Key.PREVIOUS)  # nothing before a1: round to the last one
    assert inp.cursor == max(inp.choices)
    assert inp.key(st, Key.BACK).kind == "stepped_back" and inp.step == 0


def test_a_finished_game_offers_nothing() -> None:
    # White to move with all four amazons walled in (the rules' help picture): Black has won
    st = R.parse_position("Wx6xW/xx6xx/10/10/3B2B3/3B2B3/10/10/xx6xx/Wx6xW w")
    assert RULES.outcome(st) is not None
    inp = MoveInput(RULES)
    assert inp.step_choices(st) == ()
    assert inp.choose(st, sq("a1")).kind == "refused" and inp.step == 0
