"""The three phases of a turn (§R22) and the fate of captured pieces (§R23)."""

from __future__ import annotations

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.captures import Capture

from .helpers import lines, position, sq

COMMON = R.make_rules(options={"pieces": 10})
PROPER = R.make_rules(options={"victory": "magna"})


def test_phase_one_captures_then_one_move() -> None:
    state = position({"d5": "C4", "d9": "t12", "a1": "C2", "h16": "c3", "h14": "c5"})
    moves = COMMON.legal_moves(state)
    assert Capture("attack", sq("d9"), (sq("d5"),), sq("d9")) in moves
    assert R.DONE not in moves
    assert COMMON.check(state, R.DONE) == \
        "you must move one piece this turn (captures come before and after it)"
    after = COMMON.play(state, COMMON.parse_move(state, "A:d5xd9"))
    assert after.phase == 1 and after.to_move == R.EVENS  # still the Evens' phase 1
    assert after.board[sq("d9")] is None and lines(COMMON, after) == ["none"]
    moved = COMMON.play(after, COMMON.parse_move(after, "a1-a2"))
    assert moved.to_move == R.ODDS and moved.phase == 1


def test_a_step_may_skip_the_captures() -> None:
    state = position({"d5": "C4", "d9": "t12", "a1": "C2", "h16": "c3"})
    after = COMMON.play(state, COMMON.parse_move(state, "a1-a2"))
    assert after.to_move == R.ODDS
    # the Odds now take the 4 in their own phase 1 (12 / 3 = 4)
    assert lines(COMMON, after) == ["attack d5 by d9"]


def test_phase_three_only_with_the_moved_piece() -> None:
    # the 4 on d5 attacks the 12 on d9 only once the 5 on d7 is gone; a step elsewhere that
    # makes a capture for another piece leaves it for next turn
    state = position({"c5": "C4", "d9": "t12", "h1": "C2", "h16": "c3", "a9": "c7"})
    after = COMMON.play(state, COMMON.parse_move(state, "c5-d5"))
    assert after.phase == 3 and lines(COMMON, after) == ["attack d9 by d5"]
    assert COMMON.check(after, COMMON.parse_move(after, "--")) is None
    assert "already moved" in str(COMMON.check(after, R.Step(sq("h1"), sq("h2"))))
    ended = COMMON.play(after, R.DONE)
    assert ended.to_move == R.ODDS and ended.phase == 1
    # a move that only uncovers a line for another piece: no phase 3
    state = position({"d5": "C4", "d7": "C2", "d9": "t12", "h16": "c3"})
    assert lines(COMMON, state) == ["none"]
    after = COMMON.play(state, COMMON.parse_move(state, "d7-e7"))
    assert after.to_move == R.ODDS  # the 4 x 3 = 12 waits for the Evens' next turn
    back = R.State(after.board, R.EVENS)
    assert lines(COMMON, back) == ["attack d9 by d5"]


def test_phase_three_refuses_a_capture_without_the_moved_piece() -> None:
    state = position({"c5": "C4", "d9": "t12", "a13": "t8", "a8": "C2", "h1": "C6",
                      "h16": "c3"})
    after = COMMON.play(state, COMMON.parse_move(state, "c5-d5"))
    assert after.phase == 3
    other = Capture("attack", sq("a13"), (sq("a8"),), sq("a13"))
    assert COMMON.check(after, other) == \
        "after the move, only captures the moved piece takes part in are allowed"


def test_common_victories_remove_proper_victories_flip() -> None:
    pieces = {"d5": "C4", "d9": "t12", "a1": "C2", "h16": "c3"}
    common = COMMON.play(position(pieces), R.Capture("attack", sq("d9"), (sq("d5"),),
                                                     sq("d9")))
    assert common.board[sq("d9")] is None
    proper = PROPER.play(position(pieces), R.Capture("attack", sq("d9"), (sq("d5"),),
                                                     sq("d9")))
    assert proper.board[sq("d9")] == (R.EVENS, "T", 12)
    assert [p.value for p in proper.taken[R.EVENS]] == [12]
    # won in phase 1, the 12 may be the piece moved in phase 2 (a triangle: two squares)
    moves = {PROPER.to_notation(proper, m) for m in PROPER.legal_moves(proper)}
    assert {"d9-d11", "d9-f9", "d9-b9"} <= moves
    assert R.position_text(proper).endswith(" e e:t12")


def test_a_piece_won_in_phase_three_captures_at_once() -> None:
    # the 4 steps to d5 and takes the 12 (4 x 3); the 12, now the Evens', sees 36 = 12 x 3
    # on d13 and takes it in the same phase 3, but the turn has no second move
    pieces = {"c5": "C4", "d9": "t12", "d13": "t36", "h1": "C2", "a16": "c3"}
    state = PROPER.play(position(pieces), PROPER.parse_move(position(pieces), "c5-d5"))
    assert state.phase == 3 and lines(PROPER, state) == ["attack d9 by d5"]
    state = PROPER.play(state, PROPER.parse_move(state, "A:d5xd9"))
    assert state.phase == 3 and state.active == (sq("d5"), sq("d9"))
    assert lines(PROPER, state) == ["attack d13 by d9"]
    state = PROPER.play(state, PROPER.parse_move(state, "A:d9xd13"))
    assert state.board[sq("d13")] == (R.EVENS, "T", 36)
    assert state.to_move == R.ODDS  # nothing left to take: the turn ended by itself
    # in a common game the 12 is gone, so it takes nothing more
    state = COMMON.play(position(pieces), COMMON.parse_move(position(pieces), "c5-d5"))
    state = COMMON.play(state, COMMON.parse_move(state, "A:d5xd9"))
    assert state.to_move == R.ODDS and state.board[sq("d13")] == (R.ODDS, "T", 36)


def test_no_move_at_the_start_of_the_turn_loses() -> None:
    # the Odds' circle is besieged in the corner but it is their turn: it cannot move
    state = position({"a16": "c3", "a15": "C64", "b16": "C36"}, "o")
    out = COMMON.outcome(state)
    assert out is not None and out.winner == R.EVENS and out.reason == "Odds cannot move"
    assert COMMON.legal_moves(state) == []
    assert COMMON.check(state, R.Step(sq("a16"), sq("a15"))) == "the game is over"


def test_moves_pass_own_pieces_but_not_enemies() -> None:
    state = position({"a1": "S289", "a2": "S153", "a3": "T81", "h16": "c3"})
    assert COMMON.check(state, R.Step(sq("a1"), sq("a4"))) is None
    state = position({"a1": "S289", "a2": "s153", "h16": "c3", "h1": "C2"})
    assert COMMON.check(state, R.Step(sq("a1"), sq("a4"))) == \
        "an enemy piece on a2 blocks the way"
    assert COMMON.check(state, R.Step(sq("a1"), sq("a3"))) == "a square moves exactly 3 squares"
    assert COMMON.check(state, R.Step(sq("a1"), sq("b2"))) == \
        "pieces move straight along a file or a rank, never diagonally"
    assert COMMON.check(state, R.Step(sq("h16"), sq("h15"))) == "that piece is not yours"
    assert COMMON.check(state, R.Step(sq("c3"), sq("c4"))) == "there is no piece on c3"
    assert COMMON.check(state, R.Step(sq("h1"), sq("h2"))) is None
