"""Abalone's standard rules: moves, every push rule with its reason, outcome, notation, positions."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.abalone import bitboard
from game.games.abalone.rules import AbaloneRules, AbaloneState, Move, make_rules
from game.games.abalone.starts import STARTS, Start, cell_name, cells_mask, parse_cell

RULES = make_rules("standard", {})
E, NE, NW, W, SW, SE = range(6)


def pos(black: str = "", white: str = "", to_move: int = 0, lost: tuple[int, int] = (0, 0),
        pivot: str = "") -> AbaloneState:
    return AbaloneState(cells_mask(black), cells_mask(white), cells_mask(pivot), lost, to_move)


def mv(cells: str, direction: int) -> Move:
    return Move.of([parse_cell(c) for c in cells.split()], direction)


def cells(mask: int) -> str:
    return " ".join(cell_name(c) for c in bitboard.bits(mask))


# ---------------------------------------------------------------- starts


@pytest.mark.parametrize("start", STARTS, ids=[s.id for s in STARTS])
def test_every_start_has_fourteen_marbles_each_and_black_to_move(start: Start) -> None:
    rules = make_rules(start.id, {})
    s = rules.initial_state()
    assert s.black.bit_count() == 14 and s.white.bit_count() == 14
    assert not s.black & s.white
    assert s.to_move == 0
    assert rules.invariants(s) == []


def test_standard_start_cells() -> None:
    s = RULES.initial_state()
    assert cells(s.black) == "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5"
    assert cells(s.white) == "G5 G6 G7 H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9"
    assert RULES.position_text(s) == "WWWWW/WWWWWW/2WWW2/8/9/8/2BBB2/BBBBBB/BBBBB b 0 0"


def test_belgian_daisy_orientation_replays_the_2015_final_opening() -> None:
    """§3.2: the recorded world-championship final begins 1.a1b2 i5h5 2.a2b3 i6h6."""
    rules = make_rules("belgian-daisy", {})
    s = rules.initial_state()
    for text in ("a1b2", "i5h5", "a2b3", "i6h6"):
        s = rules.play(s, rules.parse_move(s, text))
    assert rules.invariants(s) == []


def test_board_geometry() -> None:
    assert len(bitboard.CELLS) == 61
    assert [cell_name(c) for c in bitboard.CELLS[:5]] == ["A1", "A2", "A3", "A4", "A5"]
    assert cell_name(bitboard.CENTRE) == "E5"
    assert [bitboard.ring(parse_cell(n)) for n in ("E5", "D4", "C3", "B2", "A1", "E9")] == \
        [0, 1, 2, 3, 4, 4]
    names = {d: cell_name(bitboard.NEIGHBOURS[bitboard.CENTRE][i])
             for i, d in enumerate(bitboard.DIR_NAMES)}
    assert names == {"E": "E6", "W": "E4", "NE": "F6", "SW": "D4", "NW": "F5", "SE": "D5"}
    assert bitboard.NEIGHBOURS[parse_cell("A1")][SW] == -1


# ---------------------------------------------------------------- simple moves


def test_single_marble_moves_into_any_empty_neighbour() -> None:
    s = pos("E5", "A1")
    moves = RULES.legal_moves(s)
    assert sorted(m.direction for m in moves) == list(range(6))
    after = RULES.play(s, mv("E5", NE))
    assert cells(after.black) == "F6" and after.to_move == 1


def test_inline_group_moves_like_a_train() -> None:
    s = pos("D3 D4 D5", "A1")
    after = RULES.play(s, mv("D3 D4 D5", E))
    assert cells(after.black) == "D4 D5 D6"
    assert RULES.check(s, mv("D3", E)) == \
        "your own marble is in the way (choose it too to move the line)"


def test_four_in_a_row_cannot_move_together() -> None:
    s = pos("D2 D3 D4 D5", "A1")
    assert RULES.check(s, Move.of([parse_cell(c) for c in ["D2", "D3", "D4", "D5"]], E)) == \
        "three marbles at most"
    assert RULES.check(s, mv("D2 D3 D4", E)) == "three marbles at most"
    assert RULES.check(s, mv("D3 D4 D5", E)) is None


def test_broadside_moves_need_every_cell_empty_and_never_push() -> None:
    s = pos("C3 C4 C5", "D5", to_move=0)
    assert RULES.check(s, mv("C3 C4 C5", SE)) is None
    assert RULES.check(s, mv("C3 C4 C5", SW)) is None
    reason = "a side-step moves only into empty cells; it never pushes"
    assert RULES.check(s, mv("C3 C4 C5", NW)) == reason
    assert RULES.check(s, mv("C3 C4 C5", NE)) == reason
    after = RULES.play(s, mv("C3 C4 C5", SE))
    assert cells(after.black) == "B3 B4 B5" and cells(after.white) == "D5"


def test_broadside_even_of_three_against_one_never_pushes() -> None:
    s = pos("D3 D4 D5", "E5")
    assert RULES.check(s, mv("D3 D4 D5", NW)) is not None
    assert not any(m.cells == tuple(sorted(parse_cell(c) for c in ["D3", "D4", "D5"]))
                   and m.direction == NW for m in RULES.legal_moves(s))


def test_own_marbles_never_leave_the_board() -> None:
    s = pos("A1 A2", "I9")
    assert RULES.check(s, mv("A1", SW)) == "a marble cannot leave the board"
    assert RULES.check(s, mv("A1 A2", SE)) == "a marble cannot leave the board"
    assert RULES.check(s, mv("A1 A2", W)) == "a marble cannot leave the board"


def test_selection_reasons() -> None:
    s = pos("C3 C5 D4 E5", "G5")
    assert RULES.check(s, mv("C3 C5", E)) == "those marbles are not in a line"
    assert RULES.check(s, mv("C3 D4 C5", E)) == "those marbles are not in a line"
    assert RULES.check(s, mv("G5", E)) == "that marble is not yours"
    assert RULES.check(s, mv("C4", E)) == "there is no marble on C4"
    assert RULES.check(s, mv("C3 G5", E)) == "those marbles are not all the same colour"
    assert RULES.check(s, Move.of([parse_cell(c) for c in ["C3", "C5", "D4", "E5"]], E)) == \
        "three marbles at most"
    assert RULES.check_selection(s, [parse_cell("C3"), parse_cell("D4"), parse_cell("E5")]) \
        is None
    assert RULES.check_selection(s, [parse_cell("C3"), parse_cell("C5")]) == \
        "those marbles are not in a line"


# ---------------------------------------------------------------- sumito


@pytest.mark.parametrize(("black", "white", "n_push"), [
    ("D2 D3", "D4", "2v1"),
    ("D1 D2 D3", "D4", "3v1"),
    ("D1 D2 D3", "D4 D5", "3v2"),
])
def test_each_sumito_ratio_pushes(black: str, white: str, n_push: str) -> None:
    s = pos(black, white)
    move = mv(black, E)
    assert RULES.check(s, move) is None, n_push
    after = RULES.play(s, move)
    shifted = " ".join(cell_name(parse_cell(c) + 1) for c in white.split())
    assert cells(after.white) == shifted
    assert after.lost == (0, 0)
    preview = RULES.preview(s, move)
    assert preview is not None and preview.kind == "inline"
    assert [p[0] for p in preview.pushed] == sorted(parse_cell(c) for c in white.split())[::-1]
    assert preview.ejected is None


@pytest.mark.parametrize(("black", "white"), [
    ("D3", "D4"),            # a single marble never pushes
    ("D2 D3", "D4 D5"),      # 2 v 2
    ("D1 D2 D3", "D4 D5 D6"),  # 3 v 3
    ("D2 D3", "D4 D5 D6"),   # 2 v 3
])
def test_equal_or_weaker_lines_cannot_push(black: str, white: str) -> None:
    s = pos(black, white)
    reason = RULES.check(s, mv(black, E))
    if len(black.split()) == 1:
        assert reason == "a single marble cannot push"
    else:
        assert reason == "a push needs more marbles than the opponent's line"


def test_own_marble_behind_blocks_the_push() -> None:
    s = pos("D1 D2 D3 D5", "D4")
    assert RULES.check(s, mv("D1 D2 D3", E)) == "your own marble blocks the push"
    assert RULES.check(s, mv("D2 D3", E)) == "your own marble blocks the push"


def test_no_contact_no_push() -> None:
    s = pos("D1 D2", "D4")
    after = RULES.play(s, mv("D1 D2", E))
    assert cells(after.black) == "D2 D3" and cells(after.white) == "D4"


def test_push_off_the_board_ejects_and_counts() -> None:
    s = pos("E7 E8", "E9 A1", lost=(0, 2))
    move = mv("E7 E8", E)
    preview = RULES.preview(s, move)
    assert preview is not None
    assert preview.ejected == parse_cell("E9") and preview.ejected_colour == 1
    assert preview.ejected_into == "edge" and preview.direction == E
    after = RULES.play(s, move)
    assert cells(after.white) == "A1" and cells(after.black) == "E8 E9"
    assert after.lost == (0, 3)
    assert RULES.ejected_by(after, 0) == 3


def test_three_push_two_off_the_board_ejects_only_the_front_one() -> None:
    s = pos("E5 E6 E7", "E8 E9")
    after = RULES.play(s, mv("E5 E6 E7", E))
    assert cells(after.white) == "E9" and after.lost == (0, 1)


def test_sixth_ejection_wins_at_once() -> None:
    s2 = pos("G7 G8", "G9 A1", lost=(3, 5))
    assert RULES.outcome(s2) is None
    after = RULES.play(s2, mv("G7 G8", E))
    out = RULES.outcome(after)
    assert out is not None and out.winner == 0 and "6" in out.reason
    assert RULES.legal_moves(after) == []
    assert RULES.check(after, mv("A1", E)) == "the game is over"


def test_a_cut_game_is_judged_by_ejections() -> None:
    ahead = RULES.adjudicate(pos("A1", "I9", lost=(1, 3)))
    assert ahead is not None and ahead.winner == 0 and "3 to 1" in ahead.reason
    level = RULES.adjudicate(pos("A1", "I9", lost=(2, 2)))
    assert level is not None and level.winner is None


def test_no_legal_move_loses() -> None:
    # White's two marbles are boxed in the corner: every way out is a black marble, and the
    # only push (A1-B1 up-left) meets two black marbles, C1 and D1.
    s = pos("A2 B2 C1 C2 D1", "A1 B1", to_move=1)
    assert RULES.legal_moves(s) == []
    out = RULES.outcome(s)
    assert out is not None and out.winner == 0


def test_previews_for_a_selection() -> None:
    s = pos("D1 D2", "D3 F5")
    sel = [parse_cell("D1"), parse_cell("D2")]
    prev = RULES.previews(s, sel)
    reasons = RULES.direction_reasons(s, sel)
    assert set(prev) | set(reasons) == set(range(6)) and not set(prev) & set(reasons)
    assert prev[E].pushed == ((parse_cell("D3"), parse_cell("D4")),)
    assert prev[NE].kind == "side-step" and prev[NE].pushed == ()
    assert sorted(prev[NE].steps) == [(parse_cell("D1"), parse_cell("E2")),
                                      (parse_cell("D2"), parse_cell("E3"))]
    assert reasons == {W: "a marble cannot leave the board", SW: "a marble cannot leave the board"}


def test_a_drag_from_the_trailing_marble_moves_the_whole_line() -> None:
    s = pos("D2 D3 D4", "D5 A1")
    move = RULES.move_from(s, parse_cell("D2"), E)
    assert move == mv("D2 D3 D4", E)
    after = RULES.play(s, move)
    assert cells(after.white) == "A1 D6"
    assert RULES.move_from(s, parse_cell("D4"), W) == mv("D2 D3 D4", W)
    assert RULES.move_from(s, parse_cell("D3"), E) == mv("D3 D4", E)
    assert RULES.check(s, RULES.move_from(s, parse_cell("D4"), E)) == \
        "a single marble cannot push"


# ---------------------------------------------------------------- notation


def test_notation_examples_of_the_reference() -> None:
    s = pos("G7 G8 G9 C6 C7", "A1")
    assert RULES.parse_move(s, "g7g9f7") == mv("G7 G8 G9", SE)
    assert RULES.parse_move(s, "G9G7F9") == mv("G7 G8 G9", SE)
    assert RULES.parse_move(s, "c6c7d6") == mv("C6 C7", NW)
    assert RULES.to_notation(s, mv("G7 G8 G9", SE)) == "g7g9f7"
    s2 = pos("A1 B2", "I9")
    assert RULES.parse_move(s2, "a1b2") == mv("A1 B2", NE)
    assert RULES.to_notation(s2, mv("A1 B2", NE)) == "a1b2"
    assert RULES.to_notation(s2, mv("B2", NE)) == "b2c3"


@pytest.mark.parametrize(("text", "message"), [
    ("hello", "cannot read"),
    ("a1", "cannot read"),
    ("a9b9", "not a cell of the board"),
    ("a1c3", "c3 is not next to a1"),
    ("e5e6", "there is no marble on E5"),
    ("i9h9", "that marble is not yours"),
    ("a1a4b1", "not the ends of a line"),
    ("a2a3a1", "that is an inline move"),
    ("b1b2c3", "c3 is not next to b1"),
    ("a1a2b1b2", "triangle moves are not played"),
    ("a1a2", "three marbles at most"),
])
def test_parse_errors_are_clear(text: str, message: str) -> None:
    s = RULES.initial_state()
    with pytest.raises(IllegalMove, match=message):
        RULES.parse_move(s, text)


def test_notation_round_trips_over_random_games() -> None:
    rng = random.Random(2)
    for variant in ("standard", "belgian-daisy", "the-wall"):
        rules = make_rules(variant, {})
        s = rules.initial_state()
        for _ in range(40):
            moves = rules.legal_moves(s)
            for m in moves:
                assert rules.parse_move(s, rules.to_notation(s, m)) == m
            s = rules.play(s, rng.choice(moves))


# ---------------------------------------------------------------- positions


def test_position_text_round_trips() -> None:
    rng = random.Random(4)
    rules = make_rules("german-daisy", {})
    s = rules.initial_state()
    for _ in range(80):
        text = rules.position_text(s)
        assert rules.parse_position(text) == s
        assert rules.position_text(rules.parse_position(text)) == text
        s = rules.play(s, rng.choice(rules.legal_moves(s)))
    assert "turn=80" in rules.position_text(s)


@pytest.mark.parametrize(("text", "message"), [
    ("", "needs the rows"),
    ("5/6/7/8/9/8/7/6 b 0 0", "9 rows"),
    ("5/6/7/8/9/8/7/6/4 b 0 0", "row A must describe 5 cells"),
    ("5/6/7/8/9/8/7/6/4Q b 0 0", "'Q' is not"),
    ("5/6/7/8/9/8/7/6/5 x 0 0", "side to move"),
    ("5/6/7/8/9/8/7/6/5 b a 0", "whole numbers"),
    ("5/6/7/8/9/8/7/6/5 b 15 0", "Black has 14 marbles"),
    ("5/6/7/8/4N4/8/7/6/5 b 0 0", "no neutral marble"),
    ("5/6/7/8/4X4/8/7/6/5 b 0 0", "obstacles"),
    ("5/6/7/8/9/8/7/6/5 b 0 0 step=1", "step="),
    ("5/6/7/8/9/8/7/6/5 b 0 0 foo=1", "cannot read 'foo=1'"),
])
def test_bad_positions_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        RULES.parse_position(text)


def test_invariants_catch_a_lost_marble() -> None:
    s = RULES.initial_state()
    broken = AbaloneState(s.black & ~(1 << parse_cell("A1")), s.white)
    assert any("Black" in p for p in RULES.invariants(broken))
    overlap = AbaloneState(s.black | (1 << parse_cell("I9")), s.white)
    assert RULES.invariants(overlap)


@pytest.mark.parametrize("variant", ["standard", "belgian-daisy", "german-daisy", "domination"])
def test_random_play_conserves_marbles(variant: str) -> None:
    rules = make_rules(variant, {})
    rng = random.Random(variant)
    for _game in range(2):
        s = rules.initial_state()
        for _ in range(300):
            moves = rules.legal_moves(s)
            if not moves:
                break
            s = rules.play(s, rng.choice(moves))
            assert rules.invariants(s) == []
            assert rules.perft(s, 1) == len(rules.legal_moves(s))


def test_make_rules_refuses_bad_setups() -> None:
    with pytest.raises(ValueError, match="unknown start"):
        AbaloneRules("nonsense", {})
    with pytest.raises(ValueError, match="unknown option"):
        AbaloneRules("standard", {"colour": 3})
    with pytest.raises(ValueError, match="eject_target"):
        AbaloneRules("standard", {"eject_target": 0})
    with pytest.raises(ValueError, match="must be true or false"):
        AbaloneRules("standard", {"multi_move": "yes"})
