"""Akhimoraec's alternatives of docs/rules/akhimoraec.md (G8, G9, G10): open home circles, the forced
entry order 1-2-3, and real time without turns, each a setup option with its own rules."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.engine.match import Match, PlayerSpec
from game.engine.protocol import BadPosition, IllegalMove
from game.games.akhimoraec.ai import RandomPlayer, make_ai, simulate_match
from game.games.akhimoraec.rules import (
    GOLD,
    OFF,
    RED,
    WAITING,
    Move,
    cell_index,
    make_rules,
)

C = cell_index
ENTRY = registry.get("akhimoraec")


def moves(rules, state):  # type: ignore[no-untyped-def]
    return {(m.src, m.dst) for m in rules.legal_moves(state)}


# -- open home circles (G8 alternative) -----------------------------------------------------------


def test_reserved_homes_refuse_and_open_homes_allow_standing_on_a_home() -> None:
    text = ("t=10 turn=red@9 | gold: b1>b2 black 150/180, e1 ready, h1 ready | "
            "red: b9 ready, e9 ready, h9>a2 black 160/180")
    reserved = make_rules()
    s = reserved.parse_position(text)
    assert "home circle of Gold" in (reserved.check(s, Move(C("a2"), C("b1"), s.now)) or "")
    open_ = make_rules(options={"home_cells": "open"})
    s = open_.parse_position(text)
    assert (C("a2"), C("b1")) in moves(open_, s)
    s = open_.play(s, Move(C("a2"), C("b1"), s.now))
    assert s.glasses[5].cell == C("b1") and not open_.invariants(s)


def test_a_glass_whose_home_is_taken_waits_off_the_board_then_comes_home() -> None:
    rules = make_rules(options={"home_cells": "open"})
    # Gold's b1 glass runs out at 20 s (black up: it must wait a full life); Red stands on b1.
    s = rules.parse_position("t=10 turn=red@9 | gold: b1>c3 black 20/180, e1 ready, h1 ready | "
                             "red: b9>b1 black 100/180, e9 ready, h9 ready")
    s = rules.advance(s, 10)
    g = s.glasses[0]
    assert (g.cell, g.status, g.until) == (OFF, WAITING, 200_000)
    assert [e.kind for e in s.events][:1] == ["death"]
    assert "b1 off wait 200/180" in rules.position_text(s)
    assert rules.parse_position(rules.position_text(s)).key() == s.key()
    assert not rules.invariants(s)
    assert all(m.src != OFF for m in rules.legal_moves(s))
    # Red steps off b1: the Gold glass is back home at that instant, still waiting
    s = rules.play(s, Move(C("b1"), C("b2"), s.now))
    g = s.glasses[0]
    assert (g.cell, g.status) == (C("b1"), WAITING)
    assert "home" in [e.kind for e in s.events]


def test_a_ready_glass_off_the_board_cannot_move_until_home() -> None:
    rules = make_rules(options={"home_cells": "open"})
    s = rules.parse_position("t=10 turn=gold@9 | gold: b1 off ready, e1 ready, h1 ready | "
                             "red: b9>b1 black 100/180, e9 ready, h9 ready")
    assert rules.movable_cells(s) == [C("e1"), C("h1")]
    assert "Red's" in (rules.check(s, Move(C("b1"), C("b2"), s.now)) or "")  # Red's glass on b1
    bad = "t=10 turn=gold@9 | gold: b1 off ready, e1 ready, h1 ready | red: b9 ready, e9 ready, h9 ready"
    with pytest.raises(BadPosition, match="home is free"):
        rules.parse_position(bad)
    with pytest.raises(BadPosition, match="off the board"):
        make_rules().parse_position(bad.replace("b1 off ready", "b1 off ready").replace(
            "red: b9 ready", "red: b9>b1 black 100/180"))


# -- forced entry order 1-2-3 (G10 alternative) ---------------------------------------------------


def test_glasses_enter_in_the_order_1_2_3() -> None:
    rules = make_rules(options={"entry_order": "1-2-3"})
    s = rules.initial_state()
    assert {src for src, _ in moves(rules, s)} == {C("b1")}
    reason = rules.check(s, Move(C("e1"), C("e2"), 0))
    assert reason is not None and "order 1-2-3" in reason and "b1" in reason
    assert rules.pick_reason(s, C("h1")) is not None
    s = rules.play(s, Move(C("b1"), C("b2"), 0))
    s = rules.play(s, Move(C("b9"), C("b8"), 1000))
    assert {src for src, _ in moves(rules, s)} == {C("b2"), C("e1")}


def test_a_dead_first_glass_must_re_enter_before_the_next_leaves() -> None:
    rules = make_rules(options={"entry_order": "1-2-3"})
    s = rules.parse_position("t=10 turn=gold@9 | gold: b1 ready, e1 ready, h1>h3 black 100/180 | "
                             "red: b9 ready, e9 ready, h9 ready")
    assert {src for src, _ in moves(rules, s)} == {C("b1"), C("h3")}  # h1 is out already
    free = make_rules()
    assert {src for src, _ in moves(free, free.parse_position(rules.position_text(s)))} == \
        {C("b1"), C("e1"), C("h3")}


# -- real time without turns (G9 alternative) -----------------------------------------------------

NO_TURNS = {"turns": "none"}


def test_without_turns_both_sides_may_tip_and_there_is_no_turn_clock() -> None:
    rules = make_rules(options=NO_TURNS)
    s = rules.initial_state()
    assert rules.who_may_move(s) == (GOLD, RED)
    assert {g.owner for m in rules.legal_moves(s) for g in s.glasses if g.cell == m.src} == {GOLD, RED}
    assert rules.turn_clock_left(s) is None
    s = rules.play(s, Move(C("e9"), C("e8"), 500))  # Red first
    s = rules.play(s, Move(C("e8"), C("e7"), 900))  # and again
    s = rules.play(s, Move(C("b1"), C("c2"), 900))  # Gold at the same instant
    assert s.glasses[4].cell == C("e7") and s.glasses[0].cell == C("c2")
    assert not rules.invariants(s)
    assert rules.movable_cells(s, RED) == [C("b9"), C("e7"), C("h9")]
    s = rules.advance(s, 60)  # a minute with nobody tipping: no pass, no expiry
    assert not any(e.kind in ("pass", "expiry") for e in s.events)
    assert rules.seen_by(s, RED).to_move == RED and rules.seen_by(s, RED).key()[2:] == s.key()[2:]


def test_a_replayed_simultaneous_game_with_interleaved_time_stamps() -> None:
    notation = ["0.4:e9-e8", "0.4:e1-e2", "1.25:e2-e3", "1.3:e8-e7", "1.301:e7-e6",
                "2:b1-c2", "2:h9-g8", "2.5:c2-d3", "3:e3-e4", "3.2:d3-d4", "4:h1-g2",
                "4.4:g2-f3", "5:f3-f4"]
    m = Match(ENTRY, options=NO_TURNS, players=[PlayerSpec("human", "A"), PlayerSpec("human", "B")])
    for text in notation:
        m.play_notation(text)
    assert m.outcome is not None and m.outcome.winner == GOLD  # d4-e4-f4, all black up
    assert tuple(m.notation) == tuple(notation)
    again = Match.from_json(m.to_json(), registry.get)
    assert again.state.key() == m.state.key()
    assert [again.rules.position_text(x) for x in again.states] == \
        [m.rules.position_text(x) for x in m.states]
    # the same tips stamped out of order are refused: time never runs backwards
    m2 = Match(ENTRY, options=NO_TURNS)
    m2.play_notation("1:e1-e2")
    with pytest.raises(IllegalMove):
        m2.play_notation("0.5:e9-e8")


def test_without_turns_a_held_line_is_confirmed_by_the_opponents_next_tip() -> None:
    rules = make_rules(options={**NO_TURNS, "win_check": "hold"})
    s = rules.parse_position("t=29.9 turn=gold@28 | gold: b1>d4 black 201.3/180, e1>e3 colour 188.2/180, "
                             "h1>f4 black 209.9/180 | red: b9>c7 black 195/180, e9>e6 colour 190/180, "
                             "h9>g7 black 205/180")
    s = rules.play(s, Move(C("e3"), C("e4"), s.now))
    assert not s.over and s.pending == GOLD
    s = rules.play(s, Move(C("c7"), C("c6"), s.now + 500))  # Red's tip does not break it
    assert s.over and s.winner == GOLD


@pytest.mark.parametrize("options", [NO_TURNS, {"home_cells": "open"}, {"entry_order": "1-2-3"},
                                     {**NO_TURNS, "home_cells": "open", "entry_order": "1-2-3",
                                      "timer": "B", "flip_in_place": True}])
def test_random_matches_keep_every_invariant_and_replay(options: dict[str, object]) -> None:
    rules = make_rules(options=options)
    for seed in range(3):
        rng = random.Random(seed)
        record: list[str] = []
        simulate_match(rules, RandomPlayer(rules), RandomPlayer(rules), rng, 150, seconds=None,
                       record=record)
        m = Match(ENTRY, options=dict(options))
        for text in record:
            m.play_notation(text)
            assert not rules.invariants(m.state), text


def test_the_computer_beats_random_without_turns() -> None:
    rules = make_rules(options=NO_TURNS)
    wins = 0
    for seed in range(4):
        out = simulate_match(rules, make_ai(rules, "default"), RandomPlayer(rules),
                             random.Random(seed), 200, seconds=None)
        wins += out.winner == GOLD
    assert wins >= 3


def test_without_turns_the_move_list_names_whose_tip_it_was() -> None:
    rules = make_rules(options=NO_TURNS)
    s = rules.initial_state()
    assert rules.display_move(s, Move(C("e9"), C("e8"), 83_900)) == "1:23 Red e9→e8"
    assert make_rules().display_move(s, Move(C("e1"), C("e2"), 83_900)) == "1:23 e1→e2"


def test_the_match_asks_the_rules_who_may_move() -> None:
    free = Match(ENTRY, options=NO_TURNS)
    assert free.movers == (GOLD, RED)
    turns = Match(ENTRY)
    assert turns.movers == (GOLD,)
    turns.play_notation("0:e1-e2")
    assert turns.movers == (RED,)
    other = Match(registry.get("pions"))  # rules without the hook: the side to move
    assert other.movers == (other.current_player,)
    turns.resign(RED)
    assert turns.movers == ()
