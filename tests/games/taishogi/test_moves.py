"""Tai Shogi move generation against §6.2–§6.4 and the special movers of §3.4."""

from __future__ import annotations

from collections import Counter

import pytest

from game.games.taishogi.rules import Move, kind_of, make_rules

from .helpers import destinations, moves_from, position, sq, texts

TSA = make_rules()


def test_298_moves_for_black_at_the_start() -> None:
    state = TSA.initial_state()
    moves = TSA.legal_moves(state)
    assert len(moves) == 298 == len(set(moves))
    by_kind = Counter(kind_of(state.board[m.frm]) for m in moves)
    assert by_kind == {"E": 271, "P": 23, "GB": 2, "Do": 2}
    assert not any(m.caps for m in moves)
    donkeys = {TSA.to_notation(state, m) for m in moves if kind_of(state.board[m.frm]) == "Do"}
    assert donkeys == {"Do-22r", "Do-4r"}


def test_the_mirrored_position_gives_white_298_too() -> None:
    text = TSA.position_text(TSA.initial_state())
    white = TSA.parse_position(text[:-1] + "w")
    assert len(TSA.legal_moves(white)) == 298


def test_304_with_the_lion_dog_as_a_lion() -> None:
    rules = make_rules(options={"lion_dog": "lion"})
    state = rules.initial_state()
    assert len(rules.legal_moves(state)) == 304
    assert {n[3:] for n in texts(rules, state, "13t")} == {"13r", "13q", "11r", "10q", "15r", "16q"}


def test_perft_2_from_the_start() -> None:
    # every reply of White is its own 298, plus its Emperor taking Black's Emperor wherever it
    # landed on one of the 246 empty squares no other Black man covers (271 - 23 on rank r - 2)
    assert TSA.perft(TSA.initial_state(), 2) == 298 * 298 + 246 == 89050


@pytest.mark.parametrize(("kind", "count"), [
    ("Ln", 24), ("FK", 96), ("SD", 28), ("D", 28), ("GE", 32), ("HM", 624), ("Ca", 312),
    ("E", 624)])
def test_single_pieces_on_an_empty_board(kind: str, count: int) -> None:
    assert len(destinations(TSA, position({"13m": "b" + kind}), "13m")) == count


def test_hook_movers_from_a_corner() -> None:
    assert len(destinations(TSA, position({"25y": "bHM"}), "25y")) == 624
    assert len(destinations(TSA, position({"25y": "bCa"}), "25y")) == 312


def test_emperor_may_take_only_unprotected_men() -> None:
    men = {"13y": "bE", "13a": "wE", "5e": "wG", "20e": "wG", "20f": "wP", "5f": "bR"}
    # 5e: covered by Black's Rook, no White guard -> refined takes it; 20e: guarded by nothing
    # White, but no Black man covers it either -> the White Emperor could take back
    state = position(men)
    refined = destinations(TSA, state, "13y")
    assert sq("5e") in refined and sq("20e") not in refined
    assert sq("13a") in refined  # nothing guards White's Emperor: it is the last it has
    assert sq("20f") not in refined  # the Pawn is guarded by the Gold on 20e
    literal = destinations(make_rules(options={"emperor": "literal"}), state, "13y")
    assert sq("5e") not in literal and sq("20e") not in literal
    ludii = destinations(make_rules(options={"emperor": "ludii"}), state, "13y")
    assert sq("5e") in ludii and sq("20e") in ludii and sq("20f") not in ludii
    # the enemy Emperor alone and unguarded may be taken under every reading
    lone = position({"13y": "bE", "13a": "wE", "1a": "wP"})
    for mode in ("refined", "literal", "ludii"):
        rules = make_rules(options={"emperor": mode})
        assert sq("13a") in destinations(rules, lone, "13y"), mode


def test_a_protected_emperor_is_safe_from_the_other() -> None:
    state = position({"13y": "bE", "13a": "wE", "13b": "wCP"})
    assert sq("13a") not in destinations(TSA, state, "13y")


def test_lion_igui_double_capture_and_pass() -> None:
    # a Lion made by promotion, so that its captures do not promote it
    state = position({"13m": "b+Ln", "13l": "wP", "13k": "wP", "12l": "bP", "1a": "wE", "1y": "bE"})
    moves = moves_from(TSA, state, "13m")
    assert len(moves) == len(set(moves))
    assert Move(sq("13m"), sq("13m"), (sq("13l"),)) in moves            # igui
    assert Move(sq("13m"), sq("13k"), (sq("13l"), sq("13k"))) in moves  # double capture
    assert Move(sq("13m"), sq("14k"), (sq("13l"),)) in moves            # capture, step on
    assert Move(sq("13m"), sq("13m"), ()) in moves                      # pass
    assert Move(sq("13m"), sq("12l")) not in moves
    # 24 squares - own Pawn = 23 direct, igui, pass, and after 13l: 7 squares onward (not back
    # to 13m, not the own Pawn on 12l; 13k counted as the double capture)
    assert len(moves) == 23 + 1 + 1 + 6
    names = texts(TSA, state, "13m")
    assert {"+Lnx!13l", "+Lnx13lx13k", "+Ln13m-13m"} <= names
    unpromoted = position({"13m": "bLn", "13l": "wP", "13k": "wP", "12l": "bP"})
    names = texts(TSA, unpromoted, "13m")
    assert all(n.endswith("+") for n in names if "x" in n)
    assert {"Lnx!13l+", "Lnx13lx13k+", "Lnx13l-14k+", "Ln13m-13m", "Lnx13l+", "Lnx13k+"} <= names
    assert {n[:-1] for n in names if n.endswith("+")} == {n[1:] for n in
                                                         texts(TSA, state, "13m") if "x" in n}


def test_lion_pass_needs_an_empty_neighbour() -> None:
    men = {"13m": "bLn", **{n: "bP" for n in ("12l", "13l", "14l", "12m", "14m", "12n", "13n",
                                             "14n")}}
    assert Move(sq("13m"), sq("13m"), ()) not in moves_from(TSA, position(men), "13m")


def test_horned_falcon_and_soaring_eagle() -> None:
    hf = position({"13m": "bHF", "13l": "wP", "13k": "wP"})
    moves = set(moves_from(TSA, hf, "13m"))
    f1, f2, start = sq("13l"), sq("13k"), sq("13m")
    assert {Move(start, start, (f1,)), Move(start, f2, (f1, f2)), Move(start, f2, (f2,)),
            Move(start, f1, (f1,))} <= moves
    assert not any(m.to == sq("13j") for m in moves)
    # 7 slides on an empty line: B 12, L 12, R 12, diagonals 12+12+12+12 -> 84, plus 4 Lion
    assert len(moves) == 84 + 4
    empty = set(moves_from(TSA, position({"13m": "bHF"}), "13m"))
    assert Move(start, start, ()) in empty and Move(start, f2) in empty
    se = position({"13m": "bSE", "12l": "wP", "11k": "wG"})
    moves = set(moves_from(TSA, se, "13m"))
    assert Move(start, sq("11k"), (sq("12l"), sq("11k"))) in moves
    assert Move(start, start, (sq("12l"),)) in moves
    assert not any(m.to == sq("10j") for m in moves)


def test_lion_dog_both_readings() -> None:
    state = position({"13m": "b+LD", "13l": "wP", "13k": "wP", "13j": "wG"})
    slider = set(moves_from(TSA, state, "13m"))
    start = sq("13m")
    assert [m for m in slider if m.to in (sq("13k"), sq("13j"))] == []
    assert Move(start, sq("13l"), (sq("13l"),)) in slider
    lion = set(moves_from(make_rules(options={"lion_dog": "lion"}), state, "13m"))
    line = {m for m in lion if m.to in (sq("13l"), sq("13k"), sq("13j"))}
    l1, l2, l3 = sq("13l"), sq("13k"), sq("13j")
    assert line == {Move(start, l1, (l1,)), Move(start, l2, (l2,)), Move(start, l2, (l1, l2)),
                    Move(start, l3, (l3,)), Move(start, l3, (l1, l3)), Move(start, l3, (l2, l3)),
                    Move(start, l3, (l1, l2, l3))}
    back = position({"13m": "b+LD", "13k": "wP"})
    assert Move(start, l1, (l2,)) in moves_from(make_rules(options={"lion_dog": "lion"}), back,
                                                 "13m")


def test_peacock_hooks_and_its_option() -> None:
    state = position({"13m": "bPC"})
    anyleg = destinations(TSA, state, "13m")
    forward = destinations(make_rules(options={"peacock": "forward"}), state, "13m")
    assert forward < anyleg
    # a FL leg then BL: 13m -> 15k -> 17m is reached only when any perpendicular leg may be taken
    assert sq("17m") in anyleg and sq("17m") not in forward
    # forward legs only keep it in front, except its own two back diagonal steps
    assert all(t // 25 <= sq("13m") // 25 or t in (sq("12n"), sq("11o"), sq("14n"), sq("15o"))
               for t in forward)


def test_hook_mover_turns_only_on_empty_squares() -> None:
    state = position({"13m": "bHM", "13j": "wP", "13k": "bP"})
    dests = destinations(TSA, state, "13m")
    assert sq("13l") in dests and sq("13k") not in dests and sq("13j") not in dests
    assert sq("1l") in dests and sq("12j") in dests and sq("13i") not in dests


def test_furious_fiend_and_teaching_king() -> None:
    ff = position({"13m": "b+FF", "13l": "wP"})
    moves = set(moves_from(TSA, ff, "13m"))
    start = sq("13m")
    assert Move(start, start, (sq("13l"),)) in moves
    assert sq("13j") not in {m.to for m in moves}  # Lion power ends at 2, slides at 3 (blocked)
    assert sq("10m") in {m.to for m in moves} and sq("9m") not in {m.to for m in moves}
    tk = position({"13m": "b+TK", "13l": "wP", "13k": "wP"})
    v1 = set(moves_from(TSA, tk, "13m"))
    v2 = set(moves_from(make_rules(options={"teaching_king": "lion"}), tk, "13m"))
    assert v1 < v2 and Move(start, sq("13k"), (sq("13l"), sq("13k"))) in v2 - v1


def test_turtle_snake_option() -> None:
    state = position({"13m": "bTS"})
    help_screen = destinations(TSA, state, "13m")
    data_file = destinations(make_rules(options={"turtle_snake": "data"}), state, "13m")
    assert sq("13a") not in help_screen and sq("13a") in data_file
    assert sq("13y") in help_screen and sq("13y") not in data_file


def test_kirin_phoenix_knight_jumps() -> None:
    state = position({"13m": "bKy", "13l": "wP", "13k": "bP", "10m": "bN", "9l": "bP"})
    assert destinations(TSA, state, "13m") == {sq(n) for n in
                                               ("12l", "14l", "12n", "14n", "13o", "11m", "15m")}
    assert destinations(TSA, state, "10m") == {sq("11k"), sq("9k")}


def test_lion_line_powers_at_the_board_edge() -> None:
    # the Soaring Eagle's forward-right line on file 2 has one square before the edge: it may
    # still pass through it and back (found by the cross-check with the piece engine)
    state = position({"2m": "bSE", "1l": "wP"})
    moves = set(moves_from(TSA, state, "2m"))
    assert Move(sq("2m"), sq("2m"), (sq("1l"),)) in moves  # igui
    edge = position({"2m": "bSE"})
    assert Move(sq("2m"), sq("2m"), ()) in set(moves_from(TSA, edge, "2m"))
