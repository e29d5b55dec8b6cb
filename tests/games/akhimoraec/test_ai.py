"""Akhimoraec computer players: wins, blocks, keeps its sand running, thinks within its clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.games.akhimoraec.ai import (
    LEVELS,
    AkhimoraecAI,
    RandomPlayer,
    evaluate,
    make_ai,
    simulate_match,
)
from game.games.akhimoraec.rules import GOLD, RED, Move, cell_index, make_rules


def mv(src: str, dst: str, at: float) -> Move:
    return Move(cell_index(src), cell_index(dst), round(at * 1000))


def test_levels() -> None:
    assert LEVELS == ("easy", "default", "strong")
    with pytest.raises(ValueError):
        make_ai(make_rules(), "grandmaster")


def test_takes_a_win_on_the_spot() -> None:
    r = make_rules()
    s = r.parse_position("t=40 turn=gold@38 | gold: b1>d4 black 200/180, e1>e4 black 210/180, "
                         "h1>g3 colour 190/180 | red: b9>b7 black 195/180, e9>e7 black 205/180, h9 ready")
    for level in LEVELS:
        assert make_ai(r, level).choose(s, seconds=None, rng=random.Random(1)) == mv("g3", "f4", 40)
    assert evaluate(r, s) > 0


def test_blocks_the_opponents_next_move_win() -> None:
    r = make_rules()
    # Gold threatens g3-f4 (three black poles on d4-e4-f4); Red's f5 glass can step in first.
    s = r.parse_position("t=40 turn=red@40 | gold: b1>d4 black 200/180, e1>e4 black 210/180, "
                         "h1>g3 colour 190/180 | red: b9>b7 black 195/180, e9>f5 colour 205/180, "
                         "h9>h7 black 200/180")
    for level in ("default", "strong"):
        m = make_ai(r, level).choose(s, seconds=None, rng=random.Random(2))
        assert m == mv("f5", "f4", 40)  # the only circle that stops the line


def test_tips_an_hourglass_about_to_run_out() -> None:
    r = make_rules()
    # A (c3) has 20 s left, B (e3) 30 s, C (g3) 170 s; a round lasts up to 15 + 2 s.
    # Tipping C now would leave B to die, so the move must tip A or B.
    s = r.parse_position("t=100 turn=gold@100 | gold: b1>c3 black 120/180, e1>e3 black 130/180, "
                         "h1>g3 black 270/180 | red: b9 ready, e9 ready, h9 ready")
    for seed in range(4):
        m = make_ai(r, "default").choose(s, seconds=None, rng=random.Random(seed))
        assert m.src in (cell_index("c3"), cell_index("e3"))
    # With only one glass short of sand, that one is tipped.
    s1 = r.parse_position("t=100 turn=gold@100 | gold: b1>c3 black 105/180, e1>e3 black 250/180, "
                          "h1>g3 black 270/180 | red: b9 ready, e9 ready, h9 ready")
    assert make_ai(r, "strong").choose(s1, seconds=None, rng=random.Random(0)).src == cell_index("c3")


def test_think_time_stays_within_the_turn_clock_and_the_sand() -> None:
    r = make_rules()
    s = r.parse_position("t=100 turn=gold@95 | gold: b1>c3 black 103/180, e1 ready, h1 ready "
                         "| red: b9 ready, e9 ready, h9 ready")
    rng = random.Random(3)
    for level in ("default", "strong"):
        ai = make_ai(r, level)
        for _ in range(50):
            t = ai.think_time(s, rng)
            assert 0 <= t <= 3.0 - 0.25 + 1e-9  # 3 s until c3 runs dry
    start = r.initial_state()
    easy = [make_ai(r, "easy").think_time(start, rng) for _ in range(50)]
    default = [make_ai(r, "default").think_time(start, rng) for _ in range(50)]
    assert all(t < 15 for t in easy)
    assert sum(easy) / 50 > 2 * sum(default) / 50  # the easy player is slower
    rp = RandomPlayer(r)
    assert all(0 <= rp.think_time(start, rng) < 15 for _ in range(50))


def test_default_beats_random_in_simulated_time() -> None:
    r = make_rules()
    wins = 0
    for game in range(4):
        rng = random.Random(100 + game)
        ai: Any = make_ai(r, "default")
        record: list[str] = []
        if game % 2 == 0:
            out = simulate_match(r, ai, RandomPlayer(r), rng, 300, seconds=None, record=record)
            side = GOLD
        else:
            out = simulate_match(r, RandomPlayer(r), ai, rng, 300, seconds=None, record=record)
            side = RED
        wins += out.winner == side
        # the record is a save's move list: it replays to the same end
        s = r.initial_state()
        for note in record:
            s = r.play(s, r.parse_move(s, note))
        if out.winner is not None:
            assert s.over and s.winner == out.winner
    assert wins == 4


@pytest.mark.parametrize("opts", [
    {"adjacency": 4, "timer": "B", "life": 60, "turn_clock": 10},
    {"win_colour": "own", "flip_in_place": True, "win_check": "hold", "homes": "d-e-f"},
])
def test_ai_plays_legal_games_under_other_options(opts: dict[str, Any]) -> None:
    r = make_rules("standard", opts)
    a: AkhimoraecAI = make_ai(r, "default")
    b: AkhimoraecAI = make_ai(r, "easy")
    record: list[str] = []
    out = simulate_match(r, a, b, random.Random(7), 80, seconds=None, record=record)
    # every move was legal (play would have raised); a finished game ends on a line
    assert len(record) > 10
    if out.winner is not None:
        s = r.initial_state()
        for note in record:
            s = r.play(s, r.parse_move(s, note))
        assert s.over and r.invariants(s) == []


def test_sand_rule_keeps_every_glass_schedulable() -> None:
    r = make_rules()
    s = r.parse_position("t=100 turn=gold@100 | gold: b1>c3 black 120/180, e1>e3 black 130/180, "
                         "h1>g3 black 270/180 | red: b9 ready, e9 ready, h9 ready")
    ai = make_ai(r, "default")
    allowed = ai._sand_rule(s, r.legal_moves(s))
    assert {m.src for m in allowed} == {cell_index("c3"), cell_index("e3")}
    # all three short of sand: no move saves them all, so the earliest deadline is tipped
    s2 = r.parse_position("t=100 turn=gold@100 | gold: b1>c3 black 110/180, e1>e3 black 112/180, "
                          "h1>g3 black 114/180 | red: b9 ready, e9 ready, h9 ready")
    assert {m.src for m in ai._sand_rule(s2, r.legal_moves(s2))} == {cell_index("c3")}


def test_parity_distances() -> None:
    from game.games.akhimoraec.ai import _INF, _tables

    e1, e4, d4 = cell_index("e1"), cell_index("e4"), cell_index("d4")
    king = make_rules()
    d8 = _tables(8, False, king.homes)[GOLD]
    assert d8[e4][e1 * 2 + 1] == 3 and d8[e4][e1 * 2] == 4  # odd: straight; even: one detour
    assert d8[d4][d4 * 2] == 0 and d8[d4][d4 * 2 + 1] == 3  # turn over in place: a triangle
    d4_ = _tables(4, False, king.homes)[GOLD]
    assert d4_[e4][e1 * 2 + 1] == 3 and d4_[e4][e1 * 2] == _INF  # bipartite grid
    flip = _tables(8, True, king.homes)[GOLD]
    assert flip[d4][d4 * 2 + 1] == 1  # one flip in place
