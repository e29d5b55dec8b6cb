"""The hand (game/games/dissection/input.py), driven directly without a window: presses become
drags past a few pixels, drops become the rules' moves, turns keep the grabbed point under the
pointer, double-clicks flip, arrows carry and glide, and nothing is picked up once solved."""

from __future__ import annotations

import math

import pytest

from game.games.dissection.geometry import Placement
from game.games.dissection.input import DOUBLE_CLICK, DRAG_START, KEY_REPEAT_DELAY, Hand
from game.games.dissection.rules import DissectionRules, PickUp, Place, PuzzleState
from game.games.dissection.view import View
from game.games.tangram import rules as tangram
from tests.test_purity import assert_checked

AREA = (16.0, 16.0, 880.0, 700.0)


class Board:
    """A position the hand reads, changed by playing moves (as the scene's session does)."""

    def __init__(self, level: str = "01-square") -> None:
        self.rules: DissectionRules = tangram.make_rules("standard", {"level": level})
        self.state: PuzzleState = self.rules.initial_state()
        self.solved = False

    def play(self, move: object) -> None:
        self.state = self.rules.play(self.state, move)  # type: ignore[arg-type]


class _Rect:
    width, height, centerx, centery = 856, 676, 456, 366


def make_hand(board: Board) -> Hand:
    view = View.fit(board.rules.board, _Rect())
    return Hand(board.rules, lambda: board.state, view, AREA, lambda: board.solved)


def at(hand: Hand, p: Placement) -> tuple[float, float]:
    return hand.view.to_screen((p.x, p.y))


def test_the_hand_never_imports_pygame() -> None:
    # imported in a fresh interpreter without pygame by tests/test_purity.py
    assert_checked("game.games.dissection.input", "game.games.dissection.view")


def test_a_press_becomes_a_drag_only_past_the_threshold() -> None:
    board = Board()
    hand = make_hand(board)
    x, y = at(hand, board.state.placements[0])
    assert hand.button_down((x, y), 0.0).kind == "press"
    assert not hand.moved((x + DRAG_START - 1, y)) and hand.held is None
    assert hand.moved((x + DRAG_START + 1, y)) and hand.held is not None
    assert hand.held.piece == 0 and hand.held.mouse and hand.selected == 0
    # the piece follows the pointer, keeping the grabbed point under it
    hand.moved((x + 100, y + 50))
    fx, fy = hand.view.to_frame((x + 100, y + 50))
    assert hand.held.raw.x == pytest.approx(fx) and hand.held.raw.y == pytest.approx(fy)


def test_a_drop_near_its_place_snaps_there_and_means_a_place_move() -> None:
    board = Board()
    hand = make_hand(board)
    target = board.rules.level.solution[0]
    hand.pick(0, (0.0, 0.0), mouse=True)
    assert hand.held is not None
    hand.moved(hand.view.to_screen((target.x + 0.05, target.y - 0.04)))
    hand.held.raw = Placement(target.x + 0.05, target.y - 0.04, target.turn, target.flipped)
    hand.update_ghost()
    assert hand.held.ghost is not None and len(hand.held.contacts) >= 2
    released = hand.release()
    assert released is not None and hand.held is None
    _, move = released
    assert isinstance(move, Place)
    assert (move.x, move.y) == pytest.approx((target.x, target.y), abs=1e-9)


def test_laying_a_piece_back_in_its_own_tray_place_is_no_move_but_from_the_board_it_is() -> None:
    board = Board()
    hand = make_hand(board)
    home = board.rules.homes[3]
    hand.pick(3, (0.0, 0.0), mouse=True)
    assert hand.held is not None
    hand.held.raw = Placement(home.x + 0.1, home.y, home.turn, home.flipped)
    hand.held.ghost = None
    released = hand.release()
    assert released is not None and released[1] is None  # lifted and laid back: nothing
    target = board.rules.level.solution[3]
    board.play(Place(3, target.x, target.y, target.turn, target.flipped))
    hand.pick(3, (0.0, 0.0), mouse=True)
    assert hand.held is not None
    hand.held.raw = Placement(home.x - 0.1, home.y + 0.1, home.turn, home.flipped)
    hand.held.ghost = None
    released = hand.release()
    assert released is not None and released[1] == PickUp(3)


def test_turning_the_held_piece_turns_it_about_the_pointer() -> None:
    board = Board()
    hand = make_hand(board)
    p = board.state.placements[1]
    x, y = at(hand, p)
    hand.button_down((x + 30, y + 10), 0.0)
    hand.moved((x + 60, y + 10))
    h = hand.held
    assert h is not None
    pointer = hand.view.to_frame(hand.pointer)
    before = (h.raw.x - pointer[0], h.raw.y - pointer[1])
    turned = hand.turn_held(1)
    assert turned is not None and turned.spin == pytest.approx(45.0) and turned.turn == 0
    after = (h.raw.x - pointer[0], h.raw.y - pointer[1])
    a = math.radians(45)
    assert after[0] == pytest.approx(before[0] * math.cos(a) - before[1] * math.sin(a))
    assert after[1] == pytest.approx(before[0] * math.sin(a) + before[1] * math.cos(a))
    assert h.raw.turn == 1
    flipped = hand.turn_held(flip=True)
    assert flipped is not None and flipped.spin == 0.0 and h.raw.flipped


def test_a_second_click_soon_enough_flips_and_a_late_one_presses_again() -> None:
    board = Board()
    hand = make_hand(board)
    pos = at(hand, board.state.placements[5])
    assert hand.button_down(pos, 1.0).kind == "press"
    assert not hand.button_up(1.05)
    click = hand.button_down(pos, 1.05 + DOUBLE_CLICK - 0.01)
    assert click.kind == "flip" and click.piece == 5 and hand.selected == 5
    hand.button_up(1.5)
    assert hand.button_down(pos, 3.0).kind == "press"
    hand.button_up(3.0)
    assert hand.button_down(pos, 3.0 + DOUBLE_CLICK + 0.1).kind == "press"  # too late
    off = (AREA[0] + 2, AREA[1] + 2)  # the board's corner: no piece there
    assert hand.button_down(off, 9.0).kind == "none" and hand.selected is None


def test_arrows_carry_the_top_piece_a_step_and_a_held_key_glides() -> None:
    board = Board()
    hand = make_hand(board)
    top = board.state.order[-1]
    start = board.state.placements[top]
    assert hand.arrow("right", fine=False)
    assert hand.held is not None and hand.held.piece == top and not hand.held.mouse
    step = board.rules.pieces.side / 32
    assert hand.held.raw.x == pytest.approx(start.x + step)
    hand.glide(KEY_REPEAT_DELAY / 2)
    assert hand.held.raw.x == pytest.approx(start.x + step)  # not yet: a key press is a step
    hand.glide(KEY_REPEAT_DELAY)
    assert hand.held.raw.x > start.x + step
    assert not hand.arrow("up", fine=True)  # already in the hand
    assert hand.keys_fine
    assert hand.button_down((500.0, 500.0), 3.0).kind == "drop"  # a click lets it go


def test_nothing_is_picked_up_once_the_figure_is_solved() -> None:
    board = Board()
    hand = make_hand(board)
    board.solved = True
    assert not hand.pick(0, (0.0, 0.0), mouse=True) and hand.held is None
    click = hand.button_down(at(hand, board.state.placements[0]), 0.0)
    assert click.kind == "refuse" and click.piece == 0


def test_backspace_sends_back_what_the_hand_holds_or_points_at() -> None:
    board = Board()
    hand = make_hand(board)
    assert hand.send_back() is None  # nothing held, hovered or selected
    hand.pick(2, (0.0, 0.0), mouse=False)
    sent = hand.send_back()
    assert sent is not None and sent[0] == 2 and sent[1] is None  # never left the tray
    assert hand.held is None and 2 in sent[2]
    target = board.rules.level.solution[2]
    board.play(Place(2, target.x, target.y, target.turn, target.flipped))
    hand.selected = 2
    assert hand.send_back() == (2, PickUp(2), {})


def test_tab_cycles_through_the_pieces_both_ways() -> None:
    hand = make_hand(Board())
    hand.cycle(backwards=False)
    assert hand.selected == 0
    hand.cycle(backwards=True)
    assert hand.selected == 6
    for _ in range(7):
        hand.cycle(backwards=False)
    assert hand.selected == 6
