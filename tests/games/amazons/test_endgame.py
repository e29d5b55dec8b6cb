"""Amazons separation, exact move counts (defective areas), and the early end by territory."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.games.amazons import endgame
from game.games.amazons import rules as R
from game.games.amazons.bitboard import geometry


def build(n: int, empty: list[str], white: list[str], black: list[str], to_move: int = 0
          ) -> R.State:
    """A position where every square not listed holds an arrow."""
    geo = geometry(n)

    def bits(names: list[str]) -> int:
        return geo.set_of([R.parse_square(n, s) for s in names])

    w, b, e = bits(white), bits(black), bits(empty)
    return R.State(n, w, b, geo.board & ~(w | b | e), to_move)


def longest_alone(state: R.State, side: int) -> int:
    """Brute force: the most moves `side` can make in a row if the other side never moved."""

    @cache
    def go(white: int, black: int, arrows: int) -> int:
        s = R.State(state.n, white, black, arrows, side)
        best = 0
        for m in R.generate(s):
            c = R.apply(s, m)
            best = max(best, 1 + go(c.white, c.black, c.arrows))
        return best

    return go(state.white, state.black, state.arrows)


# the help screen's defective corner: amazon on b2, empty a1 and c1 -> two squares, one move
DEFECTIVE = dict(empty=["a1", "c1", "g8"], white=["b2"], black=["h8"])


def test_defective_area_counts_one_move_for_two_squares() -> None:
    s = build(10, **DEFECTIVE)  # type: ignore[arg-type]
    assert R.is_separated(s)
    race = R.race(s)
    assert race is not None and race.exact
    assert race.low == (1, 1)
    assert longest_alone(s, R.WHITE) == 1 and longest_alone(s, R.BLACK) == 1


def test_territory_end_uses_real_move_counts() -> None:
    s = build(10, **DEFECTIVE)  # type: ignore[arg-type]
    early = R.make_rules("standard", {"territory_end": True})
    out = early.outcome(s)
    # 1 move each and White to move: White runs out first, although it has more empty squares
    assert out is not None and out.winner == R.BLACK
    assert "Black has 1 moves left, White 1" in out.reason
    assert early.legal_moves(s) == []
    # playing it out under the plain rules gives the same winner
    plain = R.make_rules()
    while plain.outcome(s) is None:
        s = plain.play(s, plain.legal_moves(s)[0])
    assert plain.outcome(s).winner == R.BLACK  # type: ignore[union-attr]


@pytest.mark.parametrize("white_area, black_area, to_move, winner", [
    (["b1", "c1", "d1"], ["h8", "i8"], R.WHITE, R.WHITE),  # 3 > 2: the side to move wins
    (["b1", "c1"], ["h8", "i8"], R.WHITE, R.BLACK),  # 2 = 2: the side to move loses
    (["b1", "c1"], ["h8", "i8"], R.BLACK, R.WHITE),
    (["b1"], ["h8", "i8", "j8"], R.BLACK, R.BLACK),
])
def test_race_winner(white_area: list[str], black_area: list[str], to_move: int,
                     winner: int) -> None:
    s = build(10, white_area + black_area, ["a1"], ["g8"], to_move)
    early = R.make_rules("standard", {"territory_end": True})
    out = early.outcome(s)
    assert out is not None and out.winner == winner
    assert R.make_rules().outcome(s) is None  # without the option the game goes on
    # the rule itself, from brute-force counts: the side to move wins only with more moves
    me, other = longest_alone(s, to_move), longest_alone(s, 1 - to_move)
    assert winner == (to_move if me > other else 1 - to_move)


def test_enemy_amazons_side_by_side_are_not_separated() -> None:
    # No empty square touches both colours, but the amazons on b2 and c3 touch each other:
    # if Black goes c3-e5 and shoots d4, c3 is free for White.
    s = build(10, ["a1", "d4", "e5"], ["b2"], ["c3"], R.BLACK)
    assert not R.is_separated(s)
    assert R.race(s) is None
    early = R.make_rules("standard", {"territory_end": True})
    assert early.outcome(s) is None
    m = early.parse_move(s, "c3-e5/d4")
    after = early.play(s, m)
    assert R.parse_square(10, "c3") in R.destinations(after, R.parse_square(10, "b2"))


def test_start_is_not_separated() -> None:
    r = R.make_rules("standard", {"territory_end": True})
    s = r.initial_state()
    assert not R.is_separated(s) and r.outcome(s) is None


def test_undecided_bounds_let_play_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    s = build(10, **DEFECTIVE)  # type: ignore[arg-type]
    geo = geometry(10)
    # with no search budget only the greedy fill and the square count are known
    race = endgame.race(10, s.white, s.black, s.arrows, budget=0)
    assert race is not None and not race.exact
    assert race.low == (1, 1) and race.high == (2, 1)
    monkeypatch.setattr(R, "race", lambda state: race)
    early = R.make_rules("standard", {"territory_end": True})
    assert early.outcome(s) is None  # 1..2 against 1: not settled, so the game goes on
    assert early.legal_moves(s)
    assert endgame.area_bounds(geo, geo.set_of([0, 2]), geo.bit[11]) == (1, 1)


@pytest.mark.parametrize("seed", range(12))
def test_exact_counts_match_brute_force_on_small_areas(seed: int) -> None:
    rng = random.Random(seed)
    n = 5
    geo = geometry(n)
    # grow a random 8-connected blob of 5..8 squares, put 1 or 2 white amazons in it
    cells = {rng.randrange(n * n)}
    size = rng.randint(5, 8)
    while len(cells) < size:
        c = rng.choice(sorted(cells))
        x, y = c % n, c // n
        nx, ny = x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1))
        if 0 <= nx < n and 0 <= ny < n:
            cells.add(ny * n + nx)
    ordered = sorted(cells)
    rng.shuffle(ordered)
    amz = ordered[: rng.choice((1, 2))]
    empty = [c for c in cells if c not in amz]
    # Black is not needed: only White's count is under test.
    s = build(n, [R.square_name(n, c) for c in empty], [R.square_name(n, c) for c in amz], [])
    expected = longest_alone(s, R.WHITE)
    e_bits = geo.set_of(empty)
    a_bits = geo.set_of(amz)
    solver = endgame.Solver(geo, budget=10**6)
    assert solver.total(e_bits, a_bits) == expected
    assert len(geo.regions(e_bits | a_bits)) == 1
    assert endgame.area_bounds(geo, e_bits, a_bits) == (expected, expected)
