"""Akhimoraec rules with time driven exactly: tips, sand, deaths, waiting, clocks, wins, options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.akhimoraec.rules import (
    ALIVE,
    GOLD,
    LINES,
    READY,
    RED,
    WAITING,
    AkhimoraecRules,
    AkhState,
    Move,
    cell_index,
    fmt_time,
    line_name,
    make_rules,
    parse_time,
)

RED_HOME = "red: b9 ready, e9 ready, h9 ready"
GOLD_HOME = "gold: b1 ready, e1 ready, h1 ready"


def mv(src: str, dst: str, at: float) -> Move:
    return Move(cell_index(src), cell_index(dst), round(at * 1000))


def glass(state: AkhState, home: str) -> Any:
    h = cell_index(home)
    return next(g for g in state.glasses if g.home == h)


def kinds(state: AkhState) -> list[tuple[str, int]]:
    return [(e.kind, e.at) for e in state.events]


# ------------------------------------------------------------------------------ basics


def test_start_position_and_first_moves() -> None:
    r = make_rules()
    s = r.initial_state()
    assert r.position_text(s) == f"t=0 turn=gold@0 | {GOLD_HOME} | {RED_HOME}"
    assert s.to_move == GOLD and s.now == 0
    # each home has 5 king neighbours on the edge row
    assert len(r.legal_moves(s)) == 15
    assert len(make_rules("standard", {"adjacency": 4}).legal_moves(s)) == 9
    assert all(g.status == READY and g.up for g in s.glasses)
    assert r.outcome(s) is None and r.invariants(s) == []


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        make_rules("standard", {"life": 90})
    with pytest.raises(ValueError):
        make_rules("standard", {"nonsense": 1})
    with pytest.raises(ValueError):
        make_rules("standard", {"flip_in_place": 1})  # must be a bool
    with pytest.raises(ValueError):
        make_rules("blitz", {})


def test_tip_turns_the_glass_over_and_starts_its_life() -> None:
    r = make_rules()
    s = r.play(r.initial_state(), mv("e1", "e2", 2.5))
    g = glass(s, "e1")
    assert (g.cell, g.status, g.up, g.until, g.full) == (cell_index("e2"), ALIVE, False, 182_500, 180_000)
    assert s.to_move == RED and s.turn_start == 2500 and s.now == 2500
    assert [e.kind for e in s.events] == ["move"]
    assert r.position_text(s) == ("t=2.5 turn=red@2.5 | gold: b1 ready, e1>e2 black 182.5/180, "
                                  f"h1 ready | {RED_HOME}")


def test_pole_colour_is_the_parity_of_tips_since_home() -> None:
    r = make_rules("standard", {"turn_clock": 0})
    rng = random.Random(5)
    s = r.initial_state()
    for tips in range(1, 41):
        # Gold walks the e1 glass at random; Red wanders with its b9 glass.
        g = glass(s, "e1")
        mine = [m for m in r.legal_moves(s) if m.src == g.cell]
        s = r.play(s, rng.choice(mine))
        assert glass(s, "e1").up == (tips % 2 == 0)
        red = [m for m in r.legal_moves(s) if m.src == glass(s, "b9").cell]
        s = r.play(s, Move(red[0].src, red[0].dst, s.now + 1000 + tips))
        assert not s.over


# ------------------------------------------------------------------------------ time


def test_death_happens_at_the_exact_instant() -> None:
    r = make_rules("standard", {"turn_clock": 0})
    s = r.parse_position("t=0 turn=gold@0 | gold: b1>c2 black 180/180, e1 ready, h1 ready | "
                         + RED_HOME)
    before = r.advance_to(s, 179_999)
    assert glass(before, "b1").status == ALIVE and before.events == ()
    assert r.check(before, mv("c2", "d3", 179.999)) is None
    at = r.advance_to(s, 180_000)
    g = glass(at, "b1")
    assert (g.cell, g.status, g.up) == (cell_index("b1"), WAITING, True)
    assert kinds(at) == [("death", 180_000)]
    assert at.events[0].cell == cell_index("c2") and at.events[0].wait == 180_000
    reason = r.check(s, mv("c2", "d3", 180.0))
    assert reason is not None and "ran out of sand" in reason


def test_death_during_the_owners_own_turn() -> None:
    r = make_rules()
    s = r.parse_position("t=100 turn=gold@98 | gold: b1>c2 colour 105/180, e1>e3 colour 250/180, "
                         f"h1 ready | {RED_HOME}")
    s2 = r.advance(s, 7.0)  # 105 s: Gold's turn clock (until 113 s) is still running
    assert s2.to_move == GOLD and s2.turn_start == 98_000
    g = glass(s2, "b1")
    assert g.status == READY and g.cell == g.home  # died colour up: no wait
    assert kinds(s2) == [("death", 105_000)]
    # Gold may bring it straight out again in the same turn.
    s3 = r.play(s2, mv("b1", "c2", 107.0))
    assert glass(s3, "b1").status == ALIVE


def test_waiting_and_re_entry() -> None:
    r = make_rules("standard", {"turn_clock": 0})
    s = r.parse_position("t=0 turn=red@0 | gold: b1>c2 black 10/180, e1>e2 black 150/180, "
                         f"h1 ready | {RED_HOME}")
    s = r.advance_to(s, 10_000)  # dies black up: all its sand is on top, it waits a full life
    g = glass(s, "b1")
    assert (g.status, g.until, g.full) == (WAITING, 190_000, 180_000)
    s = r.play(s, mv("e9", "e8", 20))  # Red moves; now Gold's turn
    reason = r.check(s, mv("b1", "c2", 189.999))
    assert reason is not None and "re-enter" in reason
    s189 = r.advance_to(s, 189_999)
    assert glass(s189, "b1").status == WAITING
    s190 = r.advance_to(s, 190_000)
    assert glass(s190, "b1").status == READY
    assert ("ready", 190_000) in kinds(s190)
    assert r.check(s, mv("b1", "c2", 190.0)) is None  # play advances to 190 s first


def test_reentry_option_full_always_waits() -> None:
    derived = make_rules("standard", {"turn_clock": 0})
    full = make_rules("standard", {"turn_clock": 0, "reentry": "full"})
    text = f"t=0 turn=red@0 | gold: b1>c3 colour 10/180, e1 ready, h1 ready | {RED_HOME}"
    assert glass(derived.advance(derived.parse_position(text), 10), "b1").status == READY
    g = glass(full.advance(full.parse_position(text), 10), "b1")
    assert (g.status, g.until) == (WAITING, 190_000)


def test_turn_clock_expiry_passes_the_turn() -> None:
    r = make_rules()
    s = r.initial_state()
    assert r.check(s, mv("e1", "e2", 14.999)) is None
    reason = r.check(s, mv("e1", "e2", 15.0))
    assert reason is not None and "turn clock ran out" in reason
    s15 = r.advance(s, 15.0)
    assert s15.to_move == RED and s15.turn_start == 15_000
    assert kinds(s15) == [("expiry", 15_000)] and s15.events[0].player == GOLD
    s45 = r.advance(s, 45.0)  # three expiries (Gold, Red, Gold): Red's turn from 45 s
    assert kinds(s45) == [("expiry", 15_000), ("expiry", 30_000), ("expiry", 45_000)]
    assert s45.to_move == RED and r.turn_clock_left(s45) == 15.0
    assert [e.player for e in s45.events] == [GOLD, RED, GOLD]
    # clocks that differ per option
    assert make_rules("standard", {"turn_clock": 10}).advance(s, 10).to_move == RED
    off = make_rules("standard", {"turn_clock": 0})
    assert off.advance(s, 1000).to_move == GOLD and off.turn_clock_left(s) is None


def test_a_player_without_moves_passes_at_once() -> None:
    r = make_rules()
    s = r.parse_position("t=50 turn=red@45 | gold: b1 wait 200/180, e1 wait 210/180, h1 wait 220/180 "
                         f"| {RED_HOME}")
    s2 = r.play(s, mv("e9", "e8", 51))
    assert s2.to_move == RED and s2.turn_start == 51_000
    assert [e.kind for e in s2.events] == ["move", "pass"]
    # everybody stuck: the turn stays, the clock keeps passing it, nothing can be played
    all_wait = r.parse_position("t=50 turn=red@45 | gold: b1 wait 200/180, e1 wait 210/180, "
                                "h1 wait 220/180 | red: b9 wait 199/180, e9 wait 201/180, h9 wait 202/180")
    assert r.legal_moves(all_wait) == []
    later = r.advance_to(all_wait, 199_000)
    assert glass(later, "b9").status == READY
    assert r.legal_moves(later) and later.to_move == RED


def test_game_time_limit_draws() -> None:
    r = make_rules("standard", {"turn_clock": 0})
    s = r.initial_state()
    assert r.advance_to(s, 1_199_999).over is False
    end = r.advance(s, 1500)
    assert end.over and end.winner is None and end.now == 1_200_000
    assert kinds(end)[-1] == ("draw", 1_200_000)
    outcome = r.outcome(end)
    assert outcome is not None and outcome.is_draw
    assert r.legal_moves(end) == [] and r.check(end, mv("e1", "e2", 1200)) == "the game is over"
    assert r.advance(end, 10) == end
    reason = r.check(s, mv("e1", "e2", 1200))
    assert reason is not None and "ended" in reason
    assert make_rules("standard", {"game_limit": 600}).advance(s, 600).over
    assert not make_rules("standard", {"game_limit": 0, "turn_clock": 0}).advance(s, 10_000).over


def test_events_come_in_time_order_with_documented_ties() -> None:
    r = make_rules()
    s = r.parse_position("t=0 turn=gold@0 | gold: b1>c2 black 15/180, e1>e2 colour 3/180, h1 ready | "
                         "red: b9>b8 black 15/180, e9 ready, h9 ready")
    s2 = r.advance(s, 20)
    assert [(e.kind, e.at, e.player) for e in s2.events] == [
        ("death", 3000, GOLD), ("death", 15_000, GOLD), ("death", 15_000, RED), ("expiry", 15_000, GOLD)]


def test_small_steps_equal_one_big_step() -> None:
    r = make_rules()
    s = r.parse_position("t=0 turn=gold@0 | gold: b1>c2 black 15/180, e1>e2 colour 3.3/180, h1 ready | "
                         "red: b9>b8 black 41.7/180, e9 ready, h9 ready")
    small = s
    for _ in range(3000):
        small = r.advance(small, 1 / 60)  # frame-sized steps (rounded to 17 ms each)
    assert small.now == 51_000
    assert small == r.advance_to(s, 51_000)


def test_time_cannot_go_back() -> None:
    r = make_rules()
    s = r.advance(r.initial_state(), 5)
    reason = r.check(s, mv("e1", "e2", 4.999))
    assert reason is not None and "already shows 5 s" in reason
    with pytest.raises(ValueError):
        r.advance(s, -1)
    with pytest.raises(ValueError):
        r.advance_to(s, 4000)


# ------------------------------------------------------------------------------ moves refused


@pytest.mark.parametrize(("text", "why"), [
    ("e9-e8", "Red's"),
    ("e1-e3", "not a neighbouring"),
    ("c2-c3", "no hourglass"),
    ("e1-e1", "must tip onto a neighbouring"),
    ("x1-e2", "not a cell"),
    ("e1e2", "from-to"),
    ("1.23456:e1-e2", "at most 3 decimals"),
])
def test_parse_move_explains_the_problem(text: str, why: str) -> None:
    r = make_rules()
    with pytest.raises(IllegalMove, match=why):
        r.parse_move(r.initial_state(), text)


def test_occupied_and_foreign_home_circles_are_refused() -> None:
    r = make_rules()
    s = r.parse_position("t=10 turn=gold@10 | gold: b1>a8 black 150/180, e1>e2 black 160/180, "
                         f"h1>f2 black 170/180 | {RED_HOME}")
    assert r.check(s, mv("a8", "b9", 10)) == "b9 is the home circle of Red"
    assert r.check(s, mv("f2", "e2", 10)) == "e2 is occupied"
    assert r.check(s, mv("e2", "e1", 10)) is None  # its own home is allowed
    assert r.check(s, mv("e2", "f2", 10)) == "f2 is occupied"


def test_a_home_circle_is_reserved_for_its_own_hourglass() -> None:
    # Found by tools/fuzz.py (seed 4): Gold's e1 glass stood on h1, then h1's glass died and
    # went home onto it. A home circle is kept free for the one glass that lives there.
    r = make_rules()
    s = r.parse_position("t=10 turn=gold@10 | gold: b1 ready, e1>g2 black 150/180, "
                         f"h1>h2 black 20/180 | {RED_HOME}")
    assert r.check(s, mv("g2", "h1", 10)) == "h1 is the home circle of another of your hourglasses"
    h1, h2 = mv("h2", "h1", 10).dst, mv("h2", "h1", 10).src
    assert {m.src for m in r.legal_moves(s) if m.dst == h1} == {h2}  # only its own glass
    later = r.advance(s, 30)  # h2's glass dies and goes home to h1, which is free
    cells = [g.cell for g in later.glasses]
    assert len(cells) == len(set(cells))
    assert r.invariants(later) == []


def test_notation_round_trips_with_the_time() -> None:
    r = make_rules()
    s = r.advance(r.initial_state(), 12.5)
    m = mv("b1", "c2", 12.5)
    assert r.to_notation(s, m) == "12.5:b1-c2"
    assert r.parse_move(s, "12.5:b1-c2") == m
    assert r.parse_move(s, "b1-c2") == m  # no time: now
    assert r.parse_move(s, "13.020:b1-c2").at == 13_020
    assert fmt_time(0) == "0" and fmt_time(13_020) == "13.02" and parse_time("7") == 7000


# ------------------------------------------------------------------------------ winning


WIN_SETUP = ("t=40 turn=gold@38 | gold: b1>d4 black 200/180, e1>e4 black 210/180, h1>g3 colour 190/180 "
             "| red: b9>b7 black 195/180, e9>e7 black 205/180, h9 ready")


def test_a_line_of_equal_poles_wins_right_after_the_move() -> None:
    r = make_rules()
    s = r.parse_position(WIN_SETUP)
    s2 = r.play(s, mv("g3", "f4", 41))  # colour -> black: three black poles on d4-e4-f4
    assert s2.over and s2.winner == GOLD and r.winning_line(s2) == ("d4", "e4", "f4")
    assert [e.kind for e in s2.events] == ["move", "win"]
    out = r.outcome(s2)
    assert out is not None and out.winner == GOLD and "d4-e4-f4" in out.reason
    assert r.position_text(s2).endswith("| won gold d4-e4-f4")
    assert r.parse_position(r.position_text(s2)) == s2


def test_wrong_pole_or_no_line_does_not_win() -> None:
    r = make_rules()
    s = r.parse_position(WIN_SETUP.replace("h1>g3 colour", "h1>g3 black"))
    s2 = r.play(s, mv("g3", "f4", 41))  # lands colour up next to two black ones
    assert not s2.over and s2.to_move == RED
    s3 = r.play(r.parse_position(WIN_SETUP), mv("g3", "g4", 41))
    assert not s3.over


def test_win_colour_own_needs_the_players_colour() -> None:
    own = make_rules("standard", {"win_colour": "own"})
    s = own.parse_position(WIN_SETUP)
    assert not own.play(s, mv("g3", "f4", 41)).over  # three black poles are not enough
    colour = ("t=40 turn=gold@38 | gold: b1>d5 colour 200/180, e1>e5 colour 210/180, h1>g5 black 190/180 "
              "| red: b9>b7 black 195/180, e9>e7 black 205/180, h9 ready")
    s2 = own.play(own.parse_position(colour), mv("g5", "f5", 41))
    assert s2.over and s2.winner == GOLD and own.winning_line(s2) == ("d5", "e5", "f5")


def test_every_line_wins_in_both_colours_with_eight_directions() -> None:
    r = make_rules()
    wins = 0
    for line in LINES:
        a, b, c = (line_name([x]) for x in line)
        # the third glass steps in from a neighbour of the last circle outside the line
        src = next(n for n in r.neighbours[line[2]] if n not in line)
        for word, other in (("colour", "black"), ("black", "colour")):
            text = (f"t=5 turn=gold@5 | gold: b1>{a} {word} 150/180, e1>{b} {word} 150/180, "
                    f"h1>{line_name([src])} {other} 150/180 | {RED_HOME}")
            s2 = r.play(r.parse_position(text), Move(src, line[2], 5000))
            assert s2.over and s2.winner == GOLD and s2.line == line
            wins += 1
    assert wins == 16


def test_four_direction_parity_table_matches_the_reference() -> None:
    r = make_rules("standard", {"adjacency": 4})
    table = r.parity_lines(GOLD)
    assert table["d5-e5-f5"] == [True] and table["e4-e5-e6"] == [True]
    for name in ("d4-e4-f4", "d6-e6-f6", "d4-d5-d6", "f4-f5-f6"):
        assert table[name] == [False]
    assert table["d4-e5-f6"] == [] and table["f4-e5-d6"] == []
    assert make_rules().parity_lines(GOLD)  # the helper works for any rules


def test_four_directions_refuse_diagonals() -> None:
    r = make_rules("standard", {"adjacency": 4})
    s = r.initial_state()
    assert r.check(s, mv("e1", "f2", 0)) == "f2 is not an orthogonally neighbouring circle of e1"
    assert r.check(s, mv("e1", "e2", 0)) is None


# ------------------------------------------------------------------------------ sand modes


def test_mode_a_refills_and_mode_b_returns_the_sand_that_ran() -> None:
    a = make_rules("standard", {"turn_clock": 0})
    b = make_rules("standard", {"turn_clock": 0, "timer": "B"})
    for r in (a, b):
        s = r.play(r.initial_state(), mv("e1", "e2", 0))
        assert glass(s, "e1").full == 180_000  # leaving home: a full life in both modes
        s = r.play(s, mv("e9", "e8", 4))
        s = r.play(s, mv("e2", "e3", 10))  # 170 s left, 10 s had run
        g = glass(s, "e1")
        if r is a:
            assert (g.until, g.full) == (190_000, 180_000)
        else:
            assert (g.until, g.full) == (20_000, 10_000)
            v = r.views(s)[1]
            assert (v.upper, v.lower, v.full, v.capacity) == (10.0, 170.0, 10.0, 180.0)
            dead = r.advance_to(s, 20_000)
            assert glass(dead, "e1").status == READY  # colour up again after two tips


def test_mode_b_tip_with_all_sand_on_top_dies_on_arrival() -> None:
    b = make_rules("standard", {"turn_clock": 0, "timer": "B"})
    s = b.play(b.initial_state(), mv("e1", "e2", 0))
    s = b.play(s, mv("e9", "e8", 0))  # Red answers at once
    s2 = b.play(s, mv("e2", "e3", 0))  # upper chamber still full: nothing left to run
    g = glass(s2, "e1")
    assert g.status == READY and g.cell == g.home
    assert [e.kind for e in s2.events] == ["move", "death"]
    assert b.invariants(s2) == []


# ------------------------------------------------------------------------------ other options


def test_flip_in_place_option() -> None:
    text = f"t=5 turn=gold@5 | gold: b1>c3 black 100/180, e1 ready, h1 ready | {RED_HOME}"
    plain = make_rules()
    flip = make_rules("standard", {"flip_in_place": True})
    m = mv("c3", "c3", 5)
    assert plain.check(plain.parse_position(text), m) is not None
    assert m not in plain.legal_moves(plain.parse_position(text))
    s = flip.parse_position(text)
    assert m in flip.legal_moves(s)
    g = glass(flip.play(s, m), "b1")
    assert (g.cell, g.up, g.until) == (cell_index("c3"), True, 185_000)
    assert flip.parse_move(s, "5:c3-c3") == m
    reason = flip.check(s, mv("e1", "e1", 5))
    assert reason is not None and "at home" in reason


def test_homes_option_moves_the_start() -> None:
    r = make_rules("standard", {"homes": "a-e-i"})
    s = r.initial_state()
    assert r.position_text(s) == ("t=0 turn=gold@0 | gold: a1 ready, e1 ready, i1 ready | "
                                  "red: a9 ready, e9 ready, i9 ready")
    assert len(r.legal_moves(s)) == 3 + 5 + 3
    with pytest.raises(BadPosition, match="home order"):
        r.parse_position(f"t=0 turn=gold@0 | {GOLD_HOME} | {RED_HOME}")


def test_hold_option_needs_the_line_to_survive_a_turn() -> None:
    r = make_rules("standard", {"win_check": "hold"})
    s = r.play(r.parse_position(WIN_SETUP), mv("g3", "f4", 41))
    assert not s.over and s.pending == GOLD and [e.kind for e in s.events] == ["move", "line"]
    assert r.position_text(s).endswith("| pending gold")
    assert r.parse_position(r.position_text(s)) == s
    won = r.play(s, mv("e7", "e6", 45))  # Red's turn ends with its move: the line held
    assert won.over and won.winner == GOLD
    expired = r.advance(s, 15)  # or with Red's turn clock
    assert expired.over and expired.winner == GOLD and ("expiry", 56_000) in kinds(expired)
    # a glass of the line dies during Red's turn: no win
    fragile = r.parse_position(WIN_SETUP.replace("b1>d4 black 200/180", "b1>d4 black 50/180"))
    s = r.play(fragile, mv("g3", "f4", 41))
    after = r.play(s, mv("e7", "e6", 52))
    assert not after.over and after.pending is None and after.to_move == GOLD


def test_hold_option_a_line_that_held_wins_before_the_answering_line() -> None:
    r = make_rules("standard", {"win_check": "hold"})
    text = ("t=40 turn=gold@38 | gold: b1>d4 black 200/180, e1>e4 black 210/180, h1>g3 colour 190/180 "
            "| red: b9>d6 black 195/180, e9>e6 black 205/180, h9>g7 colour 200/180")
    s = r.play(r.parse_position(text), mv("g3", "f4", 41))
    assert s.pending == GOLD
    s2 = r.play(s, mv("g7", "f6", 42))  # Red completes d6-e6-f6 too, but Gold's line held first
    assert s2.over and s2.winner == GOLD and s2.line == tuple(cell_index(c) for c in ("d4", "e4", "f4"))
    assert [e.kind for e in s2.events] == ["move", "line", "win"]


# ------------------------------------------------------------------------------ positions and views


@pytest.mark.parametrize(("text", "why"), [
    ("t=0 turn=gold@0", "separated by"),
    ("t=0 turn=blue@0 | gold: b1 ready, e1 ready, h1 ready | " + RED_HOME, "bad header"),
    ("t=0 turn=gold@0 | gold: b1 ready, e1 ready | " + RED_HOME, "exactly 3"),
    ("t=0 turn=gold@0 | gold: b1>b9 black 100/180, e1 ready, h1 ready | " + RED_HOME, "occupied|share"),
    ("t=0 turn=gold@0 | gold: b1>c2 black 200/180, e1 ready, h1 ready | " + RED_HOME, "sand left"),
    ("t=0 turn=gold@0 | gold: b1>c2 black 100/180, e1>c2 black 100/180, h1 ready | " + RED_HOME, "share"),
    ("t=20 turn=gold@0 | gold: b1 ready, e1 ready, h1 ready | " + RED_HOME, "turn clock"),
    ("t=0 turn=gold@0 | gold: b1 ready, e1 ready, h1 ready | " + RED_HOME + " | won gold d4-e5-f5", "not a line"),
    ("t=0 turn=gold@0 | gold: b1 ready, e1 nap, h1 ready | " + RED_HOME, "expected"),
])
def test_bad_positions_are_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(BadPosition, match=why):
        make_rules().parse_position(text)


def test_views_give_what_the_scene_draws() -> None:
    r = make_rules()
    s = r.parse_position("t=100 turn=red@95 | gold: b1 wait 200/180, e1>e5 colour 250/180, h1 ready "
                         f"| {RED_HOME}")
    v = r.views(s)
    assert (v[0].status, v[0].cell, v[0].remaining, v[0].upper, v[0].lower) == ("waiting", "b1", 100.0, 100.0, 80.0)
    assert (v[1].status, v[1].cell, v[1].colour_up, v[1].remaining, v[1].full) == ("alive", "e5", True, 150.0, 180.0)
    assert (v[2].status, v[2].upper, v[2].lower) == ("ready", 0.0, 180.0)
    assert r.turn_clock_left(s) == 10.0 and r.game_time_left(s) == 1100.0 and s.time == 100.0
    assert r.winning_line(s) is None and r.next_deadline(s) == 110_000


# ------------------------------------------------------------------------------ random play


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"adjacency": 4, "timer": "B", "life": 60, "turn_clock": 10},
    {"reentry": "full", "win_colour": "own", "game_limit": 600, "homes": "d-e-f"},
    {"flip_in_place": True, "win_check": "hold", "life": 60, "turn_clock": 0, "homes": "a-e-i"},
]


def _random_game(r: AkhimoraecRules, seed: int, steps: int) -> tuple[AkhState, list[str]]:
    rng = random.Random(seed)
    s = r.initial_state()
    notes: list[str] = []
    for _ in range(steps):
        if s.over:
            break
        moves = r.legal_moves(s)
        if moves and rng.random() < 0.55:
            m = rng.choice(moves)
            notes.append(r.to_notation(s, m))
            s = r.play(s, m)
        else:
            s = r.advance(s, r.random_time_step(s, rng))
        problems = r.invariants(s)
        assert problems == [], (problems, r.position_text(s))
        assert r.parse_position(r.position_text(s)) == s
        assert all(a.at <= b.at for a, b in zip(s.events, s.events[1:], strict=False))
    return s, notes


@pytest.mark.parametrize("opts", OPTION_SETS)
def test_random_play_keeps_invariants_and_replays_exactly(opts: dict[str, Any]) -> None:
    r = make_rules("standard", opts)
    for seed in range(3):
        final, notes = _random_game(r, seed, 700)
        # A save holds only the moves: replaying them (each advancing to its own time) must
        # give back exactly the same game.
        s = r.initial_state()
        for n in notes:
            s = r.play(s, r.parse_move(s, n))
        assert r.advance_to(s, final.now).key() == final.key()


def test_key_ignores_events() -> None:
    r = make_rules()
    s = r.advance(r.initial_state(), 15)
    assert s.events and s == r.parse_position(r.position_text(s)) and hash(s.key())


# -- questions the screen asks --------------------------------------------------------------------

_SIX = ("t=100.5 turn=gold@99 | gold: b1>c3 black 115.5/180, e1>d4 colour 250/180, "
        "h1 wait 270/180 | red: b9>c7 colour 112.5/180, e9>e6 black 200/180, h9 ready")


def test_may_move_is_the_side_to_move_and_not_a_waiting_glass() -> None:
    rules = make_rules()
    s = rules.parse_position(_SIX)
    movable = rules.movable_cells(s)
    assert movable == [cell_index("c3"), cell_index("d4")]  # h1 waits at home
    assert rules.movable_cells(s, RED) == []  # not Red's turn
    assert rules.who_may_move(s) == (GOLD,)
    assert rules.pick_reason(s, cell_index("d4")) is None
    assert "re-enter" in (rules.pick_reason(s, cell_index("h1")) or "")
    assert "Red's" in (rules.pick_reason(s, cell_index("e6")) or "")


def test_may_flip_needs_the_option_and_a_living_glass() -> None:
    s = make_rules().parse_position(_SIX)
    assert not make_rules().may_flip(s, cell_index("d4"))
    flip = make_rules(options={"flip_in_place": True})
    assert flip.may_flip(s, cell_index("d4")) and not flip.may_flip(s, cell_index("h9"))


def test_sand_matches_the_views_in_fractions_of_a_life() -> None:
    rules = make_rules()
    s = rules.parse_position(_SIX)
    for g, v in zip(s.glasses, rules.views(s), strict=True):
        up, low = rules.sand(g, s.now)
        assert abs(up * v.capacity - v.upper) < 1e-9 and abs(low * v.capacity - v.lower) < 1e-9
    assert rules.sand(s.glasses[0], s.now) == (15 / 180, 1 - 15 / 180)
