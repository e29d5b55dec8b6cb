"""Hanoi rules: legal moves and their reasons, notation, position text, options, purity."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.hanoi.rules import HanoiMove, HanoiState, make_rules
from tests.games.hanoi.brute import neighbours
from tests.test_purity import assert_checked


def test_classic_start_from_options() -> None:
    r = make_rules("standard", {"pegs": 3, "disks": 4})
    s = r.initial_state()
    assert s == HanoiState(3, (0, 0, 0, 0), (2, 2, 2, 2))
    assert r.position_text(s) == "3:AAAA>CCCC"
    assert s.stack(0) == [3, 2, 1, 0] and s.stack(2) == []  # bottom up
    assert s.top(0) == 0 and s.top(1) is None
    assert s.to_move == 0 and not r.solved(s) and r.outcome(s) is None
    r4 = make_rules("standard", {"pegs": 4, "disks": 10})
    assert r4.position_text(r4.initial_state()) == "4:AAAAAAAAAA>DDDDDDDDDD"


def test_position_option_overrides_pegs_and_disks() -> None:
    r = make_rules("standard", {"pegs": 3, "disks": 5, "position": "4:ABCA>DDDD"})
    assert r.pegs == 4 and r.disks == 4
    assert r.initial_state() == HanoiState(4, (0, 1, 2, 0), (3, 3, 3, 3))


@pytest.mark.parametrize("options", [{"pegs": 5}, {"disks": 0}, {"disks": 11},
                                     {"disks": "3"}, {"pegs": 2}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        make_rules("standard", options)


def test_bad_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        make_rules("chess", {})


def test_moves_and_reasons() -> None:
    r = make_rules("standard", {})
    s = r.parse_position("3:ABA>CCC")  # disk 1 and disk 3 on A, disk 2 on B, C empty
    assert r.legal_moves(s) == [(0, 1), (0, 2), (1, 2)]
    assert r.check(s, HanoiMove(1, 0)) == "a larger disk cannot go on a smaller one"
    assert r.check(s, HanoiMove(2, 0)) == "that peg is empty"
    assert r.check(s, HanoiMove(0, 0)) == "a disk must move to a different peg"
    assert r.check(s, HanoiMove(0, 3)) == "there is no peg D (this puzzle has 3 pegs)"
    with pytest.raises(IllegalMove, match="larger disk"):
        r.play(s, HanoiMove(1, 0))
    after = r.play(s, HanoiMove(0, 2))
    assert r.position_text(after) == "3:CBA>CCC"
    assert r.position_text(s) == "3:ABA>CCC"  # play returned a new state


def test_legal_moves_agree_with_brute_force_and_check() -> None:
    rng = random.Random(1)
    r = make_rules("standard", {})
    for _ in range(300):
        pegs = rng.choice((3, 4))
        n = rng.randint(1, 7)
        config = tuple(rng.randrange(pegs) for _ in range(n))
        s = HanoiState(pegs, config, config)
        brute = {m: after for m, after in neighbours(pegs, config)}
        assert set(r.legal_moves(s)) == set(brute)
        for src in range(pegs):
            for dst in range(pegs):
                legal = (src, dst) in brute
                assert (r.check(s, HanoiMove(src, dst)) is None) == legal
                if legal:
                    assert r.play(s, HanoiMove(src, dst)).disk_pegs == brute[(src, dst)]


def test_random_play_keeps_invariants_and_solves_when_target_reached() -> None:
    rng = random.Random(2)
    r = make_rules("standard", {"pegs": 4, "disks": 3})
    s = r.initial_state()
    for _ in range(2000):
        move = rng.choice(r.legal_moves(s))
        assert r.parse_move(s, r.to_notation(s, move)) == move
        s = r.play(s, move)
        assert r.invariants(s) == []
        if r.solved(s):
            outcome = r.outcome(s)
            assert outcome is not None and outcome.winner == 0
            break
    else:
        pytest.fail("a 3-disk random walk on 4 pegs should reach the target within 2000 moves")


def test_notation_round_trip_and_forms() -> None:
    r = make_rules("standard", {"pegs": 4, "disks": 3})
    s = r.initial_state()
    for move in r.legal_moves(s):
        text = r.to_notation(s, move)
        assert r.parse_move(s, text) == move
    assert r.to_notation(s, HanoiMove(0, 3)) == "A-D"
    assert r.parse_move(s, "a-d") == (0, 3)
    assert r.parse_move(s, " AD ") == (0, 3)
    assert r.parse_move(s, "A>B") == (0, 1)


@pytest.mark.parametrize(("text", "message"), [
    ("A-E", "no peg E"),
    ("B-C", "that peg is empty"),
    ("A-A", "different peg"),
    ("A", "written like A-C"),
    ("1-3", "written like A-C"),
])
def test_parse_move_errors(text: str, message: str) -> None:
    r = make_rules("standard", {"pegs": 4, "disks": 3})
    with pytest.raises(IllegalMove, match=message):
        r.parse_move(r.initial_state(), text)


def test_parse_move_refuses_a_larger_disk_on_a_smaller() -> None:
    r = make_rules("standard", {})
    s = r.parse_position("3:AB>CC")
    with pytest.raises(IllegalMove, match="larger disk cannot go on a smaller"):
        r.parse_move(s, "B-A")


def test_position_round_trip() -> None:
    rng = random.Random(3)
    r = make_rules("standard", {})
    for _ in range(200):
        pegs = rng.choice((3, 4))
        n = rng.randint(1, 10)
        s = HanoiState(pegs, tuple(rng.randrange(pegs) for _ in range(n)),
                       tuple(rng.randrange(pegs) for _ in range(n)))
        assert r.parse_position(r.position_text(s)) == s
    assert r.parse_position(" 3 : abca > cccc ") == HanoiState(3, (0, 1, 2, 0), (2, 2, 2, 2))


@pytest.mark.parametrize(("text", "message"), [
    ("AAAA>CCCC", "looks like 3:AAAA>CCCC"),
    ("3:AAAA", "looks like"),
    ("5:AAAA>EEEE", "3 or 4 pegs"),
    ("3:AADA>CCCC", "'D' is not a peg of a 3-peg puzzle"),
    ("4:AAE>DDD", "'E' is not a peg"),
    ("3:AAA>CC", "start lists 3 disks but the target 2"),
    ("3:>", "no disk"),
    ("3:AAAAAAAAAAA>CCCCCCCCCCC", "at most 10 disks"),
])
def test_parse_position_errors(text: str, message: str) -> None:
    r = make_rules("standard", {})
    with pytest.raises(BadPosition, match=message):
        r.parse_position(text)


def test_state_is_immutable_and_hashable() -> None:
    s = make_rules("standard", {}).initial_state()
    with pytest.raises(AttributeError):
        s.disk_pegs = (1,)  # type: ignore[misc]
    assert {s.key(): 1}[HanoiState(3, (0,) * 5, (2,) * 5).key()] == 1


def test_rules_and_solver_do_not_import_pygame() -> None:
    # imported in a fresh interpreter without pygame by tests/test_purity.py
    assert_checked("game.games.hanoi.rules", "game.games.hanoi.solver")
