"""Rules of the Jeu de pions: moves, reasons, outcome, notation, positions, edit helpers, random play."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.pions import rules as R
from game.games.pions.rules import REMOVE, PionsMove, PionsState, make_rules
from tests.test_purity import assert_checked

from .brute import mask_of, moves

EXAMPLE = "23:23,22,17,16,12,6,2"


@pytest.fixture(params=R.VARIANTS)
def rules(request: pytest.FixtureRequest) -> R.PionsRules:
    return make_rules(request.param, {})


def random_state(rng: random.Random) -> PionsState:
    length = rng.randint(R.MIN_LENGTH, R.MAX_LENGTH)
    count = rng.randint(0, length)
    cells = tuple(sorted(rng.sample(range(1, length + 1), count), reverse=True))
    return PionsState(length, cells, rng.randint(0, 1))


# --- start and move generation ----------------------------------------------------------------


def test_default_start_is_the_worked_example(rules: R.PionsRules) -> None:
    s = rules.initial_state()
    assert rules.position_text(s) == EXAMPLE
    assert s.to_move == 0
    assert rules.options == {"length": 23}


def test_worked_example_has_17_moves_as_counted_in_the_reference() -> None:
    r = make_rules("normal", {})
    s = r.initial_state()
    notes = [r.to_notation(s, m) for m in r.legal_moves(s)]
    assert len(notes) == 17
    # 23 is stuck; 22 goes to 21..18; 17 is stuck; 16 to 15..13; 12 to 11..7; 6 to 5..3; 2 to 1.
    assert notes == ["22-21", "22-20", "22-19", "22-18", "16-15", "16-14", "16-13",
                     "12-11", "12-10", "12-9", "12-8", "12-7", "6-5", "6-4", "6-3", "2-1", "x2"]
    assert r.perft(s, 1) == 17


def test_legal_moves_match_the_rules_wording_and_the_count_formula() -> None:
    r = make_rules("normal", {})
    rng = random.Random(5)
    for _ in range(300):
        s = random_state(rng)
        got = {(m.frm, m.to) for m in r.legal_moves(s)}
        assert got == set(moves(mask_of(s.cells)))
        # Reference §2: free cells in front of each pawn, plus one removal.
        expected = s.cells[0] - len(s.cells) + 1 if s.cells else 0
        assert len(got) == expected == r.perft(s, 1)
        assert all(r.check(s, m) is None for m in r.legal_moves(s))


def _generic_perft(r: R.PionsRules, s: PionsState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(_generic_perft(r, r.play(s, m), depth - 1) for m in r.legal_moves(s))


def test_perft_hook_agrees_with_playing_the_moves() -> None:
    r = make_rules("normal", {})
    s = r.initial_state()
    counts = [r.perft(s, d) for d in range(4)]
    assert counts == [_generic_perft(r, s, d) for d in range(4)]
    assert counts[:2] == [1, 17]
    small = r.parse_position("6:6,3,2,1")
    assert [r.perft(small, d) for d in range(1, 6)] == [
        _generic_perft(r, small, d) for d in range(1, 6)]


def test_fresh_rulers_of_every_length_are_valid_deterministic_and_first_player_wins() -> None:
    for n in range(R.MIN_LENGTH, R.MAX_LENGTH + 1):
        s = make_rules("normal", {"length": n}).initial_state()
        assert s == make_rules("misere", {"length": n}).initial_state()
        assert s.length == n and len(s.cells) >= 2 and R.invariants(s) == []
        assert R.nim_sum(s.cells) != 0
        if n >= 23:
            assert s.cells == R.EXAMPLE_CELLS


# --- check reasons and play -------------------------------------------------------------------


@pytest.mark.parametrize(("move", "reason"), [
    (PionsMove(12, 5), "the pawn on 12 cannot pass the pawn on 6"),
    (PionsMove(12, 6), "the pawn on 12 cannot land on the pawn on 6"),
    (PionsMove(23, 22), "the pawn on 23 cannot land on the pawn on 22"),
    (PionsMove(6, REMOVE), "only the pawn nearest the end can be removed (the pawn on 2)"),
    (PionsMove(12, 14), "pawns move toward the end only"),
    (PionsMove(12, 12), "a pawn must move at least one cell"),
    (PionsMove(11, 9), "there is no pawn on cell 11"),
    (PionsMove(30, 9), "cell 30 is not on the ruler (its cells are 1 to 23)"),
    (PionsMove(2, -1), "cells are numbered from 1 (write x2 to remove a pawn)"),
    ((12, 9), "that is not a move of this game"),
])
def test_check_gives_the_reason(move: PionsMove, reason: str) -> None:
    r = make_rules("normal", {})
    s = r.initial_state()
    assert r.check(s, move) == reason
    with pytest.raises(IllegalMove, match=reason.replace("(", r"\(").replace(")", r"\)")):
        r.play(s, move)


def test_play_returns_a_new_state_and_leaves_the_old_one_alone() -> None:
    r = make_rules("normal", {})
    s = r.initial_state()
    t = r.play(s, PionsMove(12, 9))
    assert r.position_text(s) == EXAMPLE
    assert r.position_text(t) == "23:23,22,17,16,9,6,2;2"
    u = r.play(t, PionsMove(2, REMOVE))
    assert u.cells == (23, 22, 17, 16, 9, 6) and u.to_move == 0
    assert r.check(r.parse_position("23:"), PionsMove(2, REMOVE)) == (
        "the game is over: there is no pawn left on the ruler")


def test_outcome_normal_and_misere() -> None:
    normal, misere = make_rules("normal", {}), make_rules("misere", {})
    s = normal.parse_position("9:3")
    assert normal.outcome(s) is None and misere.outcome(s) is None
    after = normal.play(s, PionsMove(3, REMOVE))  # first player takes the last pawn
    assert after.to_move == 1
    won = normal.outcome(after)
    assert won is not None and won.winner == 0
    assert won.reason == "First player removed the last pawn and wins."
    lost = misere.outcome(after)
    assert lost is not None and lost.winner == 1
    assert lost.reason == "First player removed the last pawn and loses (misère rule)."
    assert normal.legal_moves(after) == []


# --- notation ---------------------------------------------------------------------------------


def test_move_notation_round_trips_on_random_positions(rules: R.PionsRules) -> None:
    rng = random.Random(11)
    for _ in range(200):
        s = random_state(rng)
        for m in rules.legal_moves(s):
            text = rules.to_notation(s, m)
            assert rules.parse_move(s, text) == m
    s = rules.initial_state()
    assert rules.to_notation(s, PionsMove(12, 9)) == "12-9"
    assert rules.to_notation(s, PionsMove(2, REMOVE)) == "x2"


def test_parse_move_accepts_spaces_capitals_and_bare_x() -> None:
    r = make_rules("normal", {})
    s = r.initial_state()
    assert r.parse_move(s, " 12 - 9 ") == PionsMove(12, 9)
    assert r.parse_move(s, "X2") == PionsMove(2, REMOVE)
    assert r.parse_move(s, "x") == PionsMove(2, REMOVE)


@pytest.mark.parametrize(("text", "message"), [
    ("hello", "cannot read 'hello'"),
    ("12-", "cannot read '12-'"),
    ("12-5", "cannot pass the pawn on 6"),
    ("x6", "only the pawn nearest the end can be removed"),
    ("9-8", "there is no pawn on cell 9"),
    ("2-3", "pawns move toward the end only"),
])
def test_parse_move_errors(text: str, message: str) -> None:
    r = make_rules("normal", {})
    with pytest.raises(IllegalMove, match=message):
        r.parse_move(r.initial_state(), text)


def test_parse_move_on_an_empty_ruler() -> None:
    r = make_rules("normal", {})
    with pytest.raises(IllegalMove, match="the game is over"):
        r.parse_move(r.parse_position("23:"), "x")


# --- positions --------------------------------------------------------------------------------


def test_position_round_trips(rules: R.PionsRules) -> None:
    rng = random.Random(3)
    for _ in range(300):
        s = random_state(rng)
        text = rules.position_text(s)
        assert rules.parse_position(text) == s
    empty = rules.parse_position("23:")
    assert empty.cells == () and rules.outcome(empty) is not None
    assert rules.position_text(empty) == "23:"


def test_position_side_to_move_suffix_and_lenient_reading() -> None:
    assert R.parse_position("23:23,22;2").to_move == 1
    assert R.parse_position("23:23,22;1").to_move == 0
    assert R.parse_position("23:23,22").to_move == 0
    assert R.parse_position(" 10 : 2, 9 ,5 ; 2 ") == PionsState(10, (9, 5, 2), 1)


@pytest.mark.parametrize(("text", "message"), [
    ("23", "is not a position: write the ruler length, a colon"),
    ("abc:1", "the ruler length 'abc' is not a whole number"),
    ("4:1", "a ruler has 5 to 40 cells, not 4"),
    ("41:1", "a ruler has 5 to 40 cells, not 41"),
    ("23:24", "cell 24 is not on a ruler of 23 cells"),
    ("23:0", "there is no cell 0"),
    ("23:5,5", "cell 5 is listed twice"),
    ("23:5,,3", "an empty entry in the cell list"),
    ("23:5,a", "'a' is not a cell number"),
    ("23:-3", "'-3' is not a cell number"),
    ("23:5;3", "after ';' write 1"),
])
def test_parse_position_errors(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        R.parse_position(text)


# --- options ----------------------------------------------------------------------------------


def test_only_the_length_option_exists_and_it_sets_the_fresh_ruler() -> None:
    r = make_rules("misere", {"length": 30})
    assert r.options == {"length": 30}
    assert r.initial_state() == PionsState(30, R.EXAMPLE_CELLS, 0)


@pytest.mark.parametrize(("variant", "options", "message"), [
    ("classic", {}, "unknown variant 'classic'"),
    ("normal", {"length": 4}, "a ruler has 5 to 40 cells, not 4"),
    ("normal", {"length": True}, "whole number"),
    ("normal", {"colour": 1}, "unknown option"),
    ("normal", {"position": "23:9"}, "unknown option"),
])
def test_bad_variant_or_options(variant: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_rules(variant, options)


# --- edit helpers -----------------------------------------------------------------------------


def test_edit_helpers_return_new_states() -> None:
    s = R.parse_position(EXAMPLE + ";2")
    t = R.toggle_pawn(s, 12)
    assert t.cells == (23, 22, 17, 16, 6, 2) and t.to_move == 1
    assert R.toggle_pawn(t, 12) == s
    assert R.toggle_pawn(s, 1).cells == (*R.EXAMPLE_CELLS, 1)
    with pytest.raises(BadPosition, match="cell 24 is not on a ruler of 23 cells"):
        R.toggle_pawn(s, 24)
    assert R.set_length(s, 16).cells == (16, 12, 6, 2)
    assert R.set_length(s, 30).cells == s.cells
    with pytest.raises(BadPosition, match="5 to 40"):
        R.set_length(s, 41)
    assert R.clear(s) == PionsState(23, (), 1)
    assert R.set_to_move(s, 0).to_move == 0
    with pytest.raises(BadPosition):
        R.set_to_move(s, 2)
    assert s == R.parse_position(EXAMPLE + ";2")  # untouched throughout
    # An edited position starts a match through its text, which carries length and side.
    text = R.position_text(R.set_length(t, 17))
    assert text == "17:17,16,6,2;2"
    assert make_rules("normal", {}).parse_position(text) == PionsState(17, (17, 16, 6, 2), 1)


def test_random_position_is_valid_and_follows_the_rng() -> None:
    for n in range(R.MIN_LENGTH, R.MAX_LENGTH + 1):
        a = R.random_position(n, random.Random(n), to_move=1)
        assert a == R.random_position(n, random.Random(n), to_move=1)
        assert R.invariants(a) == [] and a.length == n and a.to_move == 1 and len(a.cells) >= 2
    assert len({R.random_position(23, random.Random(i)).cells for i in range(20)}) > 10


def test_invariants_hook_spots_broken_states() -> None:
    assert R.invariants(PionsState(23, (5, 7), 0)) != []
    assert R.invariants(PionsState(23, (24, 3), 0)) != []
    assert R.invariants(PionsState(23, (3, 0), 0)) != []
    assert R.invariants(PionsState(23, (3,), 2)) != []
    assert R.invariants(PionsState(23, (3,), 0)) == []


# --- random play ------------------------------------------------------------------------------


def test_random_play_invariants(rules: R.PionsRules) -> None:
    rng = random.Random(2024)
    for _ in range(150):
        s = R.random_position(rng.randint(R.MIN_LENGTH, R.MAX_LENGTH), rng, rng.randint(0, 1))
        budget = s.total  # each move lowers the total by at least one
        plies = 0
        while rules.outcome(s) is None:
            m = rules.legal_moves(s)[rng.randrange(len(rules.legal_moves(s)))]
            t = rules.play(s, m)
            assert R.invariants(t) == []
            assert t.to_move == 1 - s.to_move and t.length == s.length
            assert len(t.cells) <= len(s.cells)
            assert t.total < s.total
            gone, came = set(s.cells) - set(t.cells), set(t.cells) - set(s.cells)
            assert len(gone) == 1 and len(came) <= 1
            if came:  # a slide: one pawn moved toward the end, nothing jumped
                (p,), (c,) = gone, came
                assert c < p and not any(c < x < p for x in t.cells)
            else:  # a removal: the pawn nearest the end went
                assert gone == {s.cells[-1]}
            s, plies = t, plies + 1
        assert plies <= budget
        result = rules.outcome(s)
        assert result is not None
        last = 1 - s.to_move
        assert result.winner == (s.to_move if rules.variant == "misere" else last)


def test_pure_modules_do_not_import_pygame() -> None:
    # imported in a fresh interpreter without pygame by tests/test_purity.py
    assert_checked("game.games.pions.rules", "game.games.pions.ai", "game.games.pions.analysis",
                   "game.games.pions.help", "game.games.pions.entry")
