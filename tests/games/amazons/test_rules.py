"""Amazons rules: start, moves (with the shot through the vacated square), reasons, end, notation."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.amazons import rules as R
from tests.games.amazons import brute

START = "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w"


@pytest.fixture
def rules() -> R.AmazonsRules:
    return R.make_rules()


def sq(name: str, n: int = 10) -> int:
    return R.parse_square(n, name)


def names(squares: tuple[int, ...] | list[int], n: int = 10) -> set[str]:
    return {R.square_name(n, s) for s in squares}


def random_positions(rules: R.AmazonsRules, seed: int, plies: int) -> list[R.State]:
    rng = random.Random(seed)
    state = rules.initial_state()
    out = [state]
    for _ in range(plies):
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.play(state, rng.choice(moves))
        out.append(state)
    return out


# -- start position ------------------------------------------------------------------------


def test_start_position_text_and_squares(rules: R.AmazonsRules) -> None:
    s = rules.initial_state()
    assert rules.position_text(s) == START
    assert names(R.amazons(s, R.WHITE)) == {"a4", "d1", "g1", "j4"}
    assert names(R.amazons(s, R.BLACK)) == {"a7", "d10", "g10", "j7"}
    assert s.to_move == R.WHITE and s.arrows == 0
    assert rules.outcome(s) is None


def test_small_board_starts_are_mirror_images() -> None:
    expected = {
        "5x5": ({"a2", "b1", "d1", "e2"}, {"a4", "b5", "d5", "e4"}),
        "6x6": ({"a2", "b1", "e1", "f2"}, {"a5", "b6", "e6", "f5"}),
        "7x7": ({"a3", "c1", "e1", "g3"}, {"a5", "c7", "e7", "g5"}),
        "8x8": ({"a3", "c1", "f1", "h3"}, {"a6", "c8", "f8", "h6"}),
    }
    for variant, (white, black) in expected.items():
        r = R.make_rules(variant)
        s = r.initial_state()
        assert names(R.amazons(s, 0), r.n) == white
        assert names(R.amazons(s, 1), r.n) == black
        assert r.parse_position(r.position_text(s)) == s


def test_unknown_variant_and_option_are_refused() -> None:
    with pytest.raises(KeyError, match="variant"):
        R.make_rules("9x9")
    with pytest.raises(KeyError, match="option"):
        R.make_rules("standard", {"komi": 1})


# -- moves ---------------------------------------------------------------------------------


def test_start_has_2176_moves_matching_a_naive_generator(rules: R.AmazonsRules) -> None:
    s = rules.initial_state()
    moves = rules.legal_moves(s)
    assert len(moves) == 2176 == len(set(moves))
    assert set(moves) == brute.moves(s)


@pytest.mark.parametrize("variant", list(R.VARIANTS))
def test_legal_moves_match_naive_generator_in_random_positions(variant: str) -> None:
    r = R.make_rules(variant)
    for i, s in enumerate(random_positions(r, seed=len(variant), plies=40)):
        if i % 4:
            continue
        assert set(r.legal_moves(s)) == brute.moves(s), r.position_text(s)


def test_the_example_move_d1_d7_g7(rules: R.AmazonsRules) -> None:
    s = rules.initial_state()
    m = rules.parse_move(s, "d1-d7/g7")
    assert m == R.Move(sq("d1"), sq("d7"), sq("g7"))
    after = rules.play(s, m)
    assert rules.position_text(after) == "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b"
    assert rules.position_text(s) == START  # play returned a new state


def test_arrow_may_land_on_the_square_just_left(rules: R.AmazonsRules) -> None:
    s = rules.initial_state()
    m = R.Move(sq("d1"), sq("d4"), sq("d1"))
    assert rules.check(s, m) is None
    after = rules.play(s, m)
    assert R.cell(after, sq("d1")) == "x" and R.cell(after, sq("d4")) == "W"


def test_arrow_may_fly_through_the_square_just_left() -> None:
    # The white amazon on d2 steps up to d3 and shoots down to d1, through d2 which it has
    # just left.
    r = R.make_rules()
    s = r.parse_position("3B2B3/10/10/B8B/10/10/W8W/10/3W6/6W3 w")
    m = r.parse_move(s, "d2-d3/d1")
    after = r.play(s, m)
    assert R.cell(after, sq("d1")) == "x" and R.cell(after, sq("d2")) == ""
    assert sq("d1") in R.arrow_targets(s, sq("d2"), sq("d3"))
    assert sq("d2") in R.arrow_targets(s, sq("d2"), sq("d3"))


def test_without_the_vacated_square_the_shot_would_be_blocked(rules: R.AmazonsRules) -> None:
    # Through a square that is still occupied the arrow cannot pass: g1 stays, so d1-e1/h1 is
    # refused (e1 -> f1 -> g1 is blocked by the amazon on g1).
    s = rules.initial_state()
    assert rules.check(s, R.Move(sq("d1"), sq("e1"), sq("h1"))) == \
        "the arrow cannot fly there: its path is blocked"


def test_check_reasons(rules: R.AmazonsRules) -> None:
    s = rules.initial_state()

    def reason(text: str) -> str | None:
        return rules.check(s, R.read_move(10, text))

    assert reason("a7-a6/a5") == "that is not your amazon"
    assert reason("e5-e6/e7") == "there is no amazon on e5"
    assert reason("d1-e3/e4") == "an amazon moves in a straight line, like a chess queen"
    assert reason("d1-d1/d2") == "the amazon must move at least one square"
    assert reason("a4-a8/a9") == "the path is blocked"  # a7 holds a black amazon
    assert reason("a4-a7/a6") == "the path is blocked"  # landing on an amazon
    assert reason("d1-h1/h2") == "the path is blocked"  # g1 in the way
    assert reason("d1-d7/e9") == \
        "the arrow cannot fly there: it flies in a straight line, like a chess queen"
    assert reason("d1-d7/d10") == "the arrow cannot fly there: its path is blocked"
    assert reason("d1-d7/d7") == "the arrow cannot fly there: the amazon stands on that square"
    assert rules.check(s, (1, 2)) == "that is not a move on this board"  # type: ignore[arg-type]
    assert rules.check(s, R.Move(3, 63, 100)) == "that is not a move on this board"
    with pytest.raises(IllegalMove, match="not your amazon"):
        rules.play(s, R.read_move(10, "a7-a6/a5"))


def test_explain_answers_each_click_of_a_move(rules: R.AmazonsRules) -> None:
    s = rules.initial_state()
    assert R.explain(s, sq("d1")) is None
    assert R.explain(s, sq("a7")) == "that is not your amazon"
    assert R.explain(s, sq("e4")) == "there is no amazon on e4"
    assert R.explain(s, sq("d1"), sq("d7")) is None
    assert R.explain(s, sq("d1"), sq("h1")) == "the path is blocked"
    assert R.explain(s, sq("d1"), sq("e3")) == \
        "an amazon moves in a straight line, like a chess queen"
    assert R.explain(s, sq("d1"), sq("d7"), sq("g7")) is None
    assert R.explain(s, sq("d1"), sq("d7"), sq("d10")) == \
        "the arrow cannot fly there: its path is blocked"
    # every square the helpers offer is accepted, every other one refused
    for d in range(100):
        ok = R.explain(s, sq("d1"), d) is None
        assert ok == (d in R.destinations(s, sq("d1")))
    for u in range(100):
        ok = R.explain(s, sq("d1"), sq("d4"), u) is None
        assert ok == (u in R.arrow_targets(s, sq("d1"), sq("d4")))


def test_arrows_and_amazons_block_queen_paths() -> None:
    r = R.make_rules()
    # an arrow on d3 stops d1 going up the file beyond d2
    s = r.parse_position("3B2B3/10/10/B8B/10/10/W8W/3x6/10/3W2W3 w")
    assert r.check(s, R.read_move(10, "d1-d5/d6")) == "the path is blocked"
    assert set(R.destinations(s, sq("d1"))) >= {sq("d2")}
    assert sq("d3") not in R.destinations(s, sq("d1"))
    assert sq("d4") not in R.destinations(s, sq("d1"))


def test_destinations_and_arrow_targets_agree_with_legal_moves(rules: R.AmazonsRules) -> None:
    for s in random_positions(rules, seed=3, plies=30)[::6]:
        moves = set(rules.legal_moves(s))
        rebuilt = set()
        for a in R.amazons(s, s.to_move):
            for d in R.destinations(s, a):
                for u in R.arrow_targets(s, a, d):
                    rebuilt.add(R.Move(a, d, u))
        assert rebuilt == moves
        assert set(R.movable(s)) == {m.frm for m in moves}
        other = R.amazons(s, 1 - s.to_move)[0]
        assert R.destinations(s, other) == ()  # not the mover's amazon: nothing highlighted
        assert R.arrow_targets(s, other, other) == ()


# -- end of the game -----------------------------------------------------------------------


def test_no_move_loses() -> None:
    r = R.make_rules()
    s = r.parse_position("Wx6xW/xx6xx/10/10/3B2B3/3B2B3/10/10/xx6xx/Wx6xW w")
    assert r.legal_moves(s) == []
    out = r.outcome(s)
    assert out is not None and out.winner == R.BLACK and "White cannot move" in out.reason
    assert r.check(s, R.Move(0, 1, 2)) == "the game is over"
    assert R.destinations(s, 0) == ()


def test_one_free_neighbour_is_enough_to_move() -> None:
    r = R.make_rules()
    # as above but b1-h1 are empty: only the amazon on a1 can move, e.g. a1-b1/a1
    s = r.parse_position("Wx6xW/xx6xx/10/10/3B2B3/3B2B3/10/10/xx6xx/W7xW w")
    assert r.outcome(s) is None
    moves = r.legal_moves(s)
    assert R.Move(sq("a1"), sq("b1"), sq("a1")) in moves
    assert all(m.frm == sq("a1") for m in moves)


def test_last_move_wins_in_a_played_out_game() -> None:
    r = R.make_rules("5x5")
    rng = random.Random(11)
    s = r.initial_state()
    plies = 0
    while r.outcome(s) is None:
        last_mover = s.to_move
        s = r.play(s, rng.choice(r.legal_moves(s)))
        plies += 1
    out = r.outcome(s)
    assert out is not None and out.winner == last_mover
    assert s.arrows.bit_count() == plies
    assert not R.has_move(s)


# -- random-play invariants ----------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "6x6"])
def test_random_play_invariants(variant: str) -> None:
    r = R.make_rules(variant)
    for seed in range(3):
        rng = random.Random(seed)
        s = r.initial_state()
        while r.outcome(s) is None:
            moves = r.legal_moves(s)
            assert moves
            for m in rng.sample(moves, min(5, len(moves))):
                assert r.check(s, m) is None
            move = rng.choice(moves)
            after = r.play(s, move)
            assert r.invariants(after) == []
            assert len(R.amazons(after, 0)) == 4 and len(R.amazons(after, 1)) == 4
            assert after.arrows & s.arrows == s.arrows  # arrows never go away
            assert after.arrows.bit_count() == s.arrows.bit_count() + 1
            assert R.amazons(after, s.to_move) != R.amazons(s, s.to_move)
            assert R.amazons(after, 1 - s.to_move) == R.amazons(s, 1 - s.to_move)
            assert r.parse_move(s, r.to_notation(s, move)) == move
            assert r.parse_position(r.position_text(after)) == after
            s = after
        assert r.legal_moves(s) == []


# -- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["d1-d7/g7", "d1-d7(g7)", "d1–d7,g7", "d1d7,d7g7", "d1d7g7",
                                  " D1-D7/G7 ", "d1-d7 g7"])
def test_notation_forms_are_understood(rules: R.AmazonsRules, text: str) -> None:
    s = rules.initial_state()
    assert rules.parse_move(s, text) == R.Move(sq("d1"), sq("d7"), sq("g7"))


def test_two_digit_ranks_in_notation(rules: R.AmazonsRules) -> None:
    s = rules.play(rules.initial_state(), rules.parse_move(rules.initial_state(), "d1-d7/g7"))
    m = rules.parse_move(s, "d10-c9/h4")
    assert rules.to_notation(s, m) == "d10-c9/h4"


@pytest.mark.parametrize("text, message", [
    ("", "cannot read"),
    ("hello", "cannot read"),
    ("d1-d7", "names 2 squares"),
    ("d1-d7/g7/h8", "names 4 squares"),
    ("d1-d7/k7", "off the 10x10 board"),
    ("d1-d7/g11", "off the 10x10 board"),
    ("d1-d7?g7", "cannot read"),
    ("a7-a6/a5", "not your amazon"),
])
def test_bad_move_text(rules: R.AmazonsRules, text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        rules.parse_move(rules.initial_state(), text)


# -- position text ---------------------------------------------------------------------------


def test_position_round_trips_through_text(rules: R.AmazonsRules) -> None:
    for s in random_positions(rules, seed=5, plies=50)[::5]:
        text = rules.position_text(s)
        assert rules.parse_position(text) == s
        assert rules.position_text(rules.parse_position(text)) == text


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3", "side to move"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 x", "must be w or b"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/3W2W3 w", "9 ranks"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W4 w", "covers 11 squares"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W2 w", "covers 9 squares"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/10/3Q2W3 w", "'Q' is not W, B, x"),
    ("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W03 w", "not a run"),
    ("3B2B3/10/10/B8B/10/10/W8W/10//3W2W3 w", "rank 2 is empty"),
    ("3B2B3/10/10/B8B/10/10/10/10/10/10 w", "White has no amazon"),
    ("3B2B3/10/10/B8B/10/10/W7WW/10/10/3W2W3 w", "White has 5 amazons"),
    ("10/10/10/10/10/10/W8W/10/10/3W2W3 w", "Black has no amazon"),
])
def test_bad_position_text(rules: R.AmazonsRules, text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        rules.parse_position(text)


def test_positions_with_fewer_amazons_are_accepted(rules: R.AmazonsRules) -> None:
    s = rules.parse_position("10/10/10/4B5/10/10/4W5/10/10/10 b")
    assert s.to_move == R.BLACK and len(R.amazons(s, 0)) == 1
    assert rules.position_text(s) == "10/10/10/4B5/10/10/4W5/10/10/10 b"


def test_walled_in_amazons_are_named_by_the_rules() -> None:
    """White's b2 has only arrows around it; Black's a10 is shut in by arrows and a white
    amazon; the rest can move. The first click on b2 is refused with the rules' reason."""
    st = R.parse_position("Bx8/xW8/10/B8B/10/10/W9/xxx7/xWx7/xxx3W3 w")
    assert [R.square_name(10, s) for s in R.walled_in(st)] == ["b2", "a10"]
    b2 = R.parse_square(10, "b2")
    assert R.explain(st, b2) == "that amazon is walled in: no empty square touches it"
    assert b2 not in R.movable(st)
    assert R.explain(st, R.parse_square(10, "a4")) is None
    assert R.destinations(st, b2) == ()
