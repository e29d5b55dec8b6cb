"""The shared view's adapter and input controller on the piece engine's real Lion (Tai Shogi's):
two-step captures, capture without moving (igui) and the pass are played with two clicks,
a direct jump with one, and the first square offers "stop here" — no pygame needed."""

from __future__ import annotations

from game.pieces.atoms import K, Lion
from game.pieces.engine import engine_for
from game.pieces.kinds import GameSpec, PieceKind
from game.pieces.rules import PieceRules
from game.pieces.state import State
from game.ui.board_input import BoardInput
from game.ui.pieces_board import PiecesBoard

SPEC = GameSpec(9, 9, (PieceKind("king", "K", "King", (K(),), royal=True, value=0),
                       PieceKind("lion", "L", "Lion", (Lion(),), value=1000),
                       PieceKind("pawn", "P", "Pawn", (K(),), value=100)),
                orientation="rotate", legality="royals", mark_promoted=True)


def setup() -> tuple[PiecesBoard, State, BoardInput]:
    eng = engine_for(SPEC)
    b = [0] * 81
    for (f, r), kid, side in (((4, 0), "king", 0), ((4, 8), "king", 1), ((4, 4), "lion", 0),
                              ((5, 5), "pawn", 1), ((5, 6), "pawn", 1)):
        b[r * 9 + f] = eng.code(kid, side)
    st = State(tuple(b), 0)
    board = PiecesBoard(PieceRules("lion-test", "standard", {}, SPEC, st))
    ctl = BoardInput()
    ctl.reset(board.options(st), board.pieces(st), 0)
    return board, st, ctl


LION, NEAR, FAR = (4, 4), (5, 5), (5, 6)


def test_a_jump_is_one_click_and_the_first_square_offers_both() -> None:
    _, _, ctl = setup()
    ctl.click(LION)
    t = ctl.targets()
    assert t[FAR] == "final"  # jump to the second square, taking what stands there
    assert t[NEAR] == "both"  # take and stop, or take and go on
    r = ctl.click(FAR)
    assert r.kind == "play" and r.option.move.captures == (FAR[1] * 9 + FAR[0],)


def test_two_captures_in_two_clicks() -> None:
    _, _, ctl = setup()
    ctl.click(LION)
    assert ctl.click(NEAR).kind == "step"
    r = ctl.click(FAR)
    assert r.kind == "play"
    assert r.option.move.captures == (5 * 9 + 5, 6 * 9 + 5) and r.option.path == (LION, NEAR, FAR)


def test_capture_without_moving_and_stop_on_the_first_square() -> None:
    _, _, ctl = setup()
    ctl.click(LION)
    ctl.click(NEAR)
    assert ctl.targets()[NEAR] == "stop" and ctl.targets()[LION] == "final"
    r = ctl.click(LION)  # back home: igui
    assert r.option.move.to == r.option.move.frm and r.option.move.captures == (5 * 9 + 5,)
    ctl.click(LION)
    ctl.click(NEAR)
    r = ctl.click(NEAR)  # the same square again: take and stop there
    assert r.option.move.to == 5 * 9 + 5 and r.option.move.via == ()


def test_a_pass_goes_out_to_an_empty_square_and_back() -> None:
    board, st, ctl = setup()
    passes = [o for o in board.options(st) if o.move.to == o.move.frm and not o.captures]
    assert len(passes) == 1
    out = passes[0].path[1]
    ctl.click(LION)
    assert ctl.click(out).kind == "step"
    r = ctl.click(LION)
    assert r.kind == "play" and r.option == passes[0]


def test_the_card_shows_all_24_squares() -> None:
    board, _, _ = setup()
    from game.ui.piece_game import BOTH, PieceView

    marks = board.card(PieceView("lion", 0)).diagram.marks
    assert sum(1 for k in marks.values() if k == BOTH) == 24


def test_dropping_two_squares_away_asks_jump_or_double_capture_in_words() -> None:
    _, _, ctl = setup()
    ctl.press(LION)
    r = ctl.release(FAR)
    assert r.kind == "choose"
    assert sorted(o.label for o in r.options) == ["taking f7", "via f6, taking f6 and f7"]
