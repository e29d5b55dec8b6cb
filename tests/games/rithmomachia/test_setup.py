"""Values and the start position, checked against docs/rules/rithmomachia.md §4.1 and §4.2."""

from __future__ import annotations

from collections import Counter

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.pieces import (
    BASES,
    CIRCLE,
    EVENS,
    ODDS,
    PYRAMID,
    PYRAMID_LAYERS,
    SQUARE,
    TRIANGLE,
    WIDTH,
    army_values,
    digits,
    generated,
    parse_square,
    square_name,
)

from .helpers import sq

# The table of §R2, row by row (Evens left, Odds right).
VALUE_TABLE = [
    ((2, 4, 6, 8), (3, 5, 7, 9)),
    ((4, 16, 36, 64), (9, 25, 49, 81)),
    ((6, 20, 42, 72), (12, 30, 56, 90)),
    ((9, 25, 49, 81), (16, 36, 64, 100)),
    ((15, 45, 91, 153), (28, 66, 120, 190)),
    ((25, 81, 169, 289), (49, 121, 225, 361)),
]


def test_values_follow_the_value_table() -> None:
    for row, (evens, odds) in enumerate(VALUE_TABLE):
        shape = (CIRCLE, TRIANGLE, SQUARE)[row // 2]
        for side, expected in ((EVENS, evens), (ODDS, odds)):
            got = tuple(generated(n)[shape][row % 2] for n in BASES[side])
            assert got == expected
    for n in range(1, 20):
        assert n + n * n + (n + 1) ** 2 == (n + 1) * (2 * n + 1)


def test_totals_digits_and_shared_values() -> None:
    totals = {}
    for side, (c, t, s, total, dig) in ((EVENS, (140, 304, 868, 1312, 44)),
                                       (ODDS, (188, 404, 1160, 1752, 49))):
        values = army_values(side)
        assert (sum(values[CIRCLE]), sum(values[TRIANGLE]), sum(values[SQUARE])) == (c, t, s)
        every = [v for vs in values.values() for v in vs]
        assert len(every) == 24 and sum(every) == total
        assert sum(digits(v) for v in every) == dig
        totals[side] = Counter(every)
    assert len(totals[EVENS]) == 20 and len(totals[ODDS]) == 22
    assert sorted(v for v, k in totals[EVENS].items() if k == 2) == [4, 6, 25, 81]
    assert sorted(v for v, k in totals[ODDS].items() if k == 2) == [9, 49]
    assert sorted(set(totals[EVENS]) & set(totals[ODDS])) == [9, 16, 25, 36, 49, 64, 81]
    assert sum(PYRAMID_LAYERS[91]) == 91 and len(PYRAMID_LAYERS[91]) == 6
    assert sum(PYRAMID_LAYERS[190]) == 190 and len(PYRAMID_LAYERS[190]) == 5
    assert all(int(v ** 0.5) ** 2 == v for layers in PYRAMID_LAYERS.values() for v in layers)
    assert (1312 * 3 // 4, 1752 * 3 // 4) == (984, 1314)


def test_setup_matches_the_armies_and_the_ranks() -> None:
    state = R.make_rules().initial_state()
    board = state.board
    for side in (EVENS, ODDS):
        mine = [p for p in board if p is not None and p.owner == side]
        assert len(mine) == 24
        by_shape = Counter((p.shape if p.shape != PYRAMID else SQUARE) for p in mine)
        assert by_shape == {CIRCLE: 8, TRIANGLE: 8, SQUARE: 8}
        assert sorted(p.value for p in mine) == sorted(
            v for vs in army_values(side).values() for v in vs)
    per_rank = Counter(i // WIDTH + 1 for i, p in enumerate(board) if p is not None)
    assert per_rank == {1: 4, 2: 8, 3: 8, 4: 4, 13: 4, 14: 8, 15: 8, 16: 4}
    assert board[sq("b2")] == (EVENS, PYRAMID, 91)
    assert board[sq("h15")] == (ODDS, PYRAMID, 190)
    assert R.capture_lines(R.make_rules(), state) == ["none"]
    odds_state = R.State(board, ODDS)
    assert R.capture_lines(R.make_rules(), odds_state) == ["none"]


def test_the_armies_mirror_each_other() -> None:
    """(x, y) -> (9 - x, 17 - y) maps each piece to an enemy piece of the same shape."""
    state = R.make_rules().initial_state()
    for i, p in enumerate(state.board):
        if p is None:
            continue
        x, y = i % WIDTH, i // WIDTH
        mirror = state.board[(15 - y) * WIDTH + (7 - x)]
        assert mirror is not None and mirror.owner != p.owner
        assert {mirror.shape, p.shape} <= {SQUARE, PYRAMID} or mirror.shape == p.shape


EVENS_FIRST = ["a1-a4", "a1-d1", "a2-a5", "a3-a5", "b1-b4", "b1-e1", "b2-b5", "b3-b5", "c4-b4", "c4-c5", "d4-d5", "e4-e5", "f4-f5", "f4-g4", "g1-d1", "g1-g4", "g2-g5", "g3-g5", "h1-e1", "h1-h4", "h2-h5", "h3-h5"]


def _mirror(move: str) -> str:
    def flip(name: str) -> str:
        s = parse_square(name)
        assert s is not None
        x, y = s % WIDTH, s // WIDTH
        return square_name((15 - y) * WIDTH + (7 - x))
    a, b = move.split("-")
    return f"{flip(a)}-{flip(b)}"


def test_twenty_two_first_moves_a_side() -> None:
    rules = R.make_rules()
    start = rules.initial_state()
    evens = sorted(rules.to_notation(start, m) for m in rules.legal_moves(start))
    assert evens == sorted(EVENS_FIRST)
    odds_start = R.State(start.board, ODDS)
    odds = sorted(rules.to_notation(odds_start, m) for m in rules.legal_moves(odds_start))
    assert len(odds) == 22
    assert odds == sorted(_mirror(m) for m in EVENS_FIRST)
    assert R.perft(rules, start, 1) == 22 and R.perft(rules, odds_start, 1) == 22
    # after any first move the Odds still have their 22 (no first move reaches them)
    assert R.perft(rules, start, 2) == 22 * 22
