"""The Towers of Hanoi's input controller, driven directly with peg-level events (no pygame, no
screen): what a click, a press that becomes a drag, a right click or a key on a peg means."""

from __future__ import annotations

from game.games.hanoi.input import (
    Lift,
    Lower,
    PegController,
    Play,
    Refuse,
    Settle,
    SolvedAlready,
)
from game.games.hanoi.rules import HanoiMove, parse_position_text
from tests.test_purity import assert_checked

START = parse_position_text("3:AAA>CCC")  # three disks on A
SPLIT = parse_position_text("3:CAA>CCC")  # disk 1 on C, disks 2 and 3 on A


def test_the_controller_needs_no_pygame() -> None:
    assert_checked("game.games.hanoi.input")  # imported without pygame by tests/test_purity.py


def test_a_click_lifts_a_second_click_elsewhere_plays() -> None:
    hands = PegController(3)
    assert hands.pointer_down(0, (10.0, 10.0), START, False) == [Settle(), Lift(0)]
    assert hands.held == 0 and hands.pointer_up(0) == []  # the same click's release
    assert hands.pointer_down(2, (500.0, 10.0), START, False) == [Settle(), Play(HanoiMove(0, 2))]
    assert hands.held == 0  # until the scene says the rules took it
    hands.played()
    assert hands.held is None


def test_a_click_on_the_lifted_disks_own_peg_lowers_it() -> None:
    hands = PegController(3)
    hands.pointer_down(0, (10.0, 10.0), START, False)
    hands.pointer_up(0)
    assert hands.pointer_down(0, (10.0, 12.0), START, False) == []  # pressed: maybe a drag
    assert hands.pointer_up(0) == [Lower(0, None)]
    assert hands.held is None


def test_an_empty_peg_is_refused_and_nothing_is_lifted() -> None:
    hands = PegController(3)
    assert hands.pointer_down(1, (300.0, 10.0), START, False) == [Settle(), Refuse(1)]
    assert hands.held is None and hands.press is None


def test_a_press_that_travels_becomes_a_drag_and_drops_where_released() -> None:
    hands = PegController(3)
    hands.pointer_down(0, (10.0, 10.0), START, False)
    assert hands.pointer_moved(0, (13.0, 10.0)) == []  # not far enough yet
    assert hands.pointer_moved(1, (60.0, 40.0)) == [Settle()]
    assert hands.dragging and hands.drag_pos == (60.0, 40.0) and hands.hover == 1
    hands.pointer_moved(2, (400.0, 50.0))
    assert hands.drag_pos == (400.0, 50.0)
    assert hands.pointer_up(2) == [Play(HanoiMove(0, 2), dragged=True)]
    hands.drag_refused()
    assert hands.held is None and not hands.dragging


def test_a_drag_let_go_outside_the_pegs_goes_home_from_where_it_was() -> None:
    hands = PegController(3)
    hands.pointer_down(0, (10.0, 10.0), START, False)
    hands.pointer_moved(None, (90.0, 90.0))
    assert hands.pointer_up(None) == [Lower(0, (90.0, 90.0))]
    assert hands.held is None and not hands.dragging


def test_right_click_puts_back_and_is_harmless_with_empty_hands() -> None:
    hands = PegController(3)
    assert hands.lower() == []
    hands.key_peg(0, START, False)
    assert hands.lower() == [Lower(0, None)]


def test_keys_name_pegs_and_a_missing_one_is_refused() -> None:
    hands = PegController(3)
    assert hands.key_peg(1, SPLIT, False) == [Settle(), Refuse(1)]  # B is empty
    assert hands.key_peg(0, SPLIT, False) == [Settle(), Lift(0)]
    assert hands.focus == 0
    # onto the smaller disk on C: the controller passes it on, the rules will refuse it
    assert hands.key_peg(2, SPLIT, False) == [Settle(), Play(HanoiMove(0, 2))]
    assert hands.key_peg(3, SPLIT, False) == [Refuse(3)]  # a fourth peg on a 3-peg puzzle


def test_arrows_show_then_move_the_focus_and_select_acts_there() -> None:
    hands = PegController(3)
    hands.key_step(1)
    assert hands.show_focus and hands.focus == 0  # the first press only shows where it is
    hands.key_step(-1)
    assert hands.focus == 2  # round the pegs
    assert hands.key_select(SPLIT, False) == [Settle(), Lift(2)]
    hands.key_step(1)
    assert hands.focus == 0
    assert hands.key_select(SPLIT, False) == [Settle(), Play(HanoiMove(2, 0))]


def test_after_the_solve_a_peg_only_says_how_to_go_on() -> None:
    hands = PegController(3)
    assert hands.pointer_down(0, (1.0, 1.0), START, True) == [SolvedAlready()]
    assert hands.key_select(START, True) == [SolvedAlready()]
    assert hands.held is None


def test_a_new_puzzle_with_fewer_pegs_forgets_the_pointer_on_the_gone_peg() -> None:
    hands = PegController(4)
    hands.pointer_moved(3, (800.0, 10.0))
    hands.key_peg(3, parse_position_text("4:DDD>AAA"), False)
    hands.reset(3)
    assert hands.hover is None and hands.held is None and hands.focus == 2
