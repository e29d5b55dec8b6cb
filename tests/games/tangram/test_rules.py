"""Tangram rules: moves are immutable, notation and positions round-trip, hints, stars, options."""

from __future__ import annotations

import math
import random

import pytest

from game.engine.levels import LevelError
from game.engine.protocol import BadPosition, IllegalMove
from game.games.dissection.geometry import Placement, square_solution
from game.games.dissection.solver import in_place
from game.games.tangram import rules as T
from game.games.tangram.pieces import TANGRAM
from game.games.tangram.rules import Flip, Hint, PickUp, Place, PuzzleState, Rotate


@pytest.fixture(scope="module")
def cat() -> T.DissectionRules:
    return T.make_rules("standard", {"level": "16-cat"})


@pytest.fixture(scope="module")
def square() -> T.DissectionRules:
    return T.make_rules("standard", {"level": "01-square"})


def place_all(rules: T.DissectionRules, state: PuzzleState,
              placements: list[Placement] | tuple[Placement, ...]) -> PuzzleState:
    for i, p in enumerate(placements):
        state = rules.play(state, Place(i, p.x, p.y, p.turn, p.flipped))
    return state


def test_initial_state_has_every_piece_in_the_tray(cat: T.DissectionRules) -> None:
    s = cat.initial_state()
    assert s.order == tuple(range(7)) and s.hints == 0 and s.to_move == 0
    assert all(cat.at_home(s, i) for i in range(7))
    assert not cat.solved(s) and cat.outcome(s) is None
    # the tray sits beside the silhouette: no home piece touches it or another home piece
    from game.games.dissection.geometry import overlap_area, silhouette_shape
    sil = silhouette_shape(cat.level.silhouette)
    polys = [TANGRAM.polygon(i, p) for i, p in enumerate(s.placements)]
    for i, poly in enumerate(polys):
        assert poly.distance(sil) > 0.2
        for other in polys[i + 1:]:
            assert overlap_area(poly, other) == 0.0
        x0, y0, x1, y1 = cat.board
        assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in poly.exterior.coords)


def test_the_reference_solution_solves_in_any_order(cat: T.DissectionRules) -> None:
    solution = cat.level.solution
    for seed in range(3):
        order = list(range(7))
        random.Random(seed).shuffle(order)
        s = cat.initial_state()
        for i in order:
            assert not cat.solved(s)
            p = solution[i]
            s = cat.play(s, Place(i, p.x, p.y, p.turn, p.flipped))
        assert cat.solved(s)
        outcome = cat.outcome(s)
        assert outcome is not None and outcome.winner == 0 and "Cat" in outcome.reason
        assert cat.legal_moves(s) == []
        assert cat.check(s, Rotate(0, 1)) == "the figure is already complete"
        assert s.order[-1] == order[-1]  # the last piece moved lies on top


def test_play_never_changes_its_input(cat: T.DissectionRules) -> None:
    s = cat.initial_state()
    text = cat.position_text(s)
    for move in [Place(2, 1.0, 2.0, 3, True), Rotate(2, 1), Flip(6), Hint()]:
        after = cat.play(s, move)
        assert cat.position_text(s) == text and after != s


def test_turning_and_flipping_in_place(cat: T.DissectionRules) -> None:
    s = cat.play(cat.initial_state(), Place(6, 1.0, 2.0, 3, False))
    p = s.placements[6]
    once = cat.play(s, Rotate(6, 1))
    assert once.placements[6] == Placement(1.0, 2.0, 4, False)
    assert cat.play(once, Rotate(6, -1)).placements[6] == p
    assert cat.play(s, Rotate(6, 13)).placements[6] == Placement(1.0, 2.0, 0, False)
    flipped = cat.play(s, Flip(6))
    assert flipped.placements[6] == Placement(1.0, 2.0, 5, True)  # (-3) mod 8, turned over
    assert cat.play(flipped, Flip(6)).placements[6] == p
    back = cat.play(s, PickUp(6))
    assert back.placements[6] == cat.homes[6]


def test_check_explains_refusals(cat: T.DissectionRules) -> None:
    s = cat.initial_state()
    x0, y0, x1, y1 = cat.board
    assert cat.check(s, Place(0, x1 + 1, y0, 0)) == "that would put the piece off the board"
    assert cat.check(s, Place(0, math.nan, 0.0, 0)) == "that position is not a number"
    assert cat.check(s, Place(0, x0, y0, 8)) == "a turn is a whole number from 0 to 7"
    assert cat.check(s, Place(7, x0, y0, 0)) == "there is no piece number 7"
    assert cat.check(s, PickUp(0)) == "that piece is already in the tray"
    with pytest.raises(IllegalMove, match="off the board"):
        cat.play(s, Place(0, x1 + 1, y0, 0))


def test_notation_round_trips(cat: T.DissectionRules) -> None:
    s = cat.play(cat.initial_state(), Place(3, 0.5, 0.5, 0))
    rng = random.Random(5)
    x0, y0, x1, y1 = cat.board
    moves = [Hint(), Rotate(0, 1), Rotate(6, -1), Flip(2), PickUp(3)]
    moves += [Place(rng.randrange(7), rng.uniform(x0, x1), rng.uniform(y0, y1), rng.randrange(8),
                    rng.random() < 0.5) for _ in range(30)]
    for move in moves:
        text = cat.to_notation(s, move)
        assert cat.parse_move(s, text) == move, text
    assert cat.to_notation(s, Place(6, 1.5, -0.25, 3, True)) == "PG@1.5,-0.25r3f"
    assert cat.parse_move(s, "lt1r+1") == Rotate(0, 1)
    for bad, why in [("XX@1,2r0", "no piece called"), ("LT1@1,2", "cannot read"),
                     ("LT1@1e999,2r0", "not a number"), ("ST1^", "already in the tray"),
                     ("LT1@1..2,0r0", "cannot read the position")]:
        with pytest.raises(IllegalMove, match=why):
            cat.parse_move(cat.initial_state(), bad)


def test_position_text_round_trips_and_refuses_nonsense(cat: T.DissectionRules) -> None:
    s = cat.play(cat.play(cat.initial_state(), Hint()), Place(6, 1.25, 2.5, 3, True))
    text = cat.position_text(s)
    assert cat.parse_position(text) == s
    assert text.splitlines()[:2] == ["tangram 16-cat", "hints 1"]
    lines = text.splitlines()
    cases = {
        "tangram 01-square\n" + "\n".join(lines[1:]): "for level 01-square",
        "\n".join(lines[:-1]): "does not place",
        "\n".join(lines + [lines[-1]]): "listed twice",
        "\n".join(lines[:2] + [lines[2].replace(" -", " x").replace(" f", " x")] + lines[3:]):
            "'f' or '-' expected",
        "\n".join(lines[:2] + ["LT1 nan 0 0 -"] + lines[3:]): "no real position",
        "ostomachion 16-cat\nhints 0": "starts with",
        "tangram 16-cat\nhints x": "hints <number>",
    }
    for bad, why in cases.items():
        with pytest.raises(BadPosition, match=why):
            cat.parse_position(bad)


def test_hints_place_the_largest_missing_piece_first(cat: T.DissectionRules) -> None:
    s = cat.initial_state()
    seen = []
    for k in range(7):
        s = cat.play(s, Hint())
        moved = s.order[-1]
        seen.append(moved)
        assert s.placements[moved] == cat.level.solution[moved]
        assert s.hints == k + 1
    assert cat.solved(s)
    assert seen == [0, 1, 2, 5, 6, 3, 4]  # areas 4, 4, 2, 2, 2, 1, 1 (ties by index)


def test_a_hint_moves_the_piece_no_solution_allows_where_it_lies(cat: T.DissectionRules
                                                                  ) -> None:
    lt1 = cat.level.solution[0]
    st = TANGRAM.index("ST1")
    s = cat.play(cat.initial_state(), Place(st, lt1.x, lt1.y, 0))  # on the large triangle's spot
    plan = cat.plan_hint(s)
    assert plan is not None and (plan.piece, plan.kind) == (st, "blocker")
    s = cat.play(s, Hint())
    assert s.placements[st] != Placement(lt1.x, lt1.y, 0)
    # the small triangle now lies where a whole solution has it: the next hints build on it
    plan = cat.plan_hint(s)
    assert plan is not None and plan.kind == "build" and plan.piece != st


def test_a_hint_sends_back_a_piece_sticking_out_across_its_target(cat: T.DissectionRules
                                                                  ) -> None:
    lt1 = cat.level.solution[0]
    st = TANGRAM.index("ST1")
    # a small triangle half over the first target, half off the figure's box: not kept
    far = next(v for v in TANGRAM.vertices(0, lt1) if v[0] == min(
        w[0] for w in TANGRAM.vertices(0, lt1)))
    s = cat.play(cat.initial_state(), Place(st, far[0], far[1], 0))
    assert st not in in_place(TANGRAM, s.placements, cat.level.silhouette)
    s = cat.play(s, Hint())
    assert s.placements[0] == lt1
    assert s.placements[st] == cat.homes[st]


def test_a_hint_counts_a_twin_in_place(cat: T.DissectionRules) -> None:
    lt1, lt2 = cat.level.solution[0], cat.level.solution[1]
    s = cat.play(cat.initial_state(), Place(1, lt1.x, lt1.y, lt1.turn, lt1.flipped))
    s = cat.play(s, Hint())
    assert s.placements[1] == Placement(lt1.x, lt1.y, lt1.turn, lt1.flipped)  # kept
    assert TANGRAM.same_region(TANGRAM.vertices(0, s.placements[0]),
                               TANGRAM.vertices(1, lt2), 1e-9)


def test_a_piece_slightly_off_is_put_right_by_a_hint(cat: T.DissectionRules) -> None:
    s = cat.initial_state()
    for i, p in enumerate(cat.level.solution):  # every piece just inside the tolerance
        s = cat.play(s, Place(i, p.x + 0.009, p.y - 0.004, p.turn, p.flipped))
    assert not cat.solved(s)  # seven small errors add up
    s = cat.play(s, Hint())
    assert s.placements[0] == cat.level.solution[0]


def test_hints_finish_from_any_muddle(cat: T.DissectionRules) -> None:
    """Hints always finish the figure: each places one more piece of a solution, or first moves
    a piece that no solution allows where it lies."""
    x0, y0, x1, y1 = cat.board
    for seed in range(5):
        rng = random.Random(seed)
        s = cat.initial_state()
        for _ in range(10):
            i = rng.randrange(7)
            if rng.random() < 0.3:  # sometimes exactly on some target
                p = cat.level.solution[rng.randrange(7)]
                move: T.Move = Place(i, p.x, p.y, p.turn, p.flipped)
            else:
                move = Place(i, rng.uniform(x0, x1), rng.uniform(y0, y1), rng.randrange(8),
                             rng.random() < 0.5)
            s = cat.play(s, move)
        for _ in range(9):  # one piece each, and at most two moved out of the way
            if cat.solved(s):
                break
            s = cat.play(s, Hint())
        assert cat.solved(s), seed


def test_snapping_follows_the_option(square: T.DissectionRules) -> None:
    s = square.initial_state()
    p = square.level.solution[0]
    near = Placement(p.x + 0.1, p.y + 0.05, p.turn, p.flipped)
    snapped = square.snap(s, 0, near)
    assert (snapped.x, snapped.y, snapped.turn) == (pytest.approx(p.x), pytest.approx(p.y), p.turn)
    off = T.make_rules("standard", {"level": "01-square", "snap": False})
    assert off.snap(off.initial_state(), 0, near) == near


def test_hit_testing_through_the_rules(square: T.DissectionRules) -> None:
    s = place_all(square, square.initial_state(), square.level.solution)
    for i, p in enumerate(s.placements):
        assert square.piece_at(s, (p.x, p.y)) == i
    assert square.piece_at(s, (-5.0, -5.0)) is None


@pytest.mark.parametrize("seconds,par,hints,expect", [
    (10, 60, 0, 3), (60, 60, 0, 3), (61, 60, 0, 2), (120, 60, 0, 2), (121, 60, 0, 1),
    (10, 60, 1, 2), (10, 60, 3, 0), (500, 60, 1, 0), (500, 60, 5, 0),
])
def test_stars(seconds: float, par: float, hints: int, expect: int) -> None:
    assert T.stars(seconds, par, hints) == expect


def test_levels_come_from_the_options() -> None:
    first = T.level_ids()[0]
    assert T.make_rules("standard", {}).level.id == first == "01-square"
    with pytest.raises(LevelError, match="no level 'no-such-level'"):
        T.make_rules("standard", {"level": "no-such-level"})
    with pytest.raises(LevelError, match="no level"):
        T.make_rules("standard", {"level": "../hanoi/01-three-disks"})


def test_random_play_keeps_the_invariants(cat: T.DissectionRules) -> None:
    x0, y0, x1, y1 = cat.board
    rng = random.Random(11)
    s = cat.initial_state()
    for _ in range(150):
        if rng.random() < 0.5:
            move: T.Move = Place(rng.randrange(7), rng.uniform(x0, x1), rng.uniform(y0, y1),
                                 rng.randrange(8), rng.random() < 0.5)
        else:
            moves = cat.legal_moves(s)
            move = moves[rng.randrange(len(moves))]
        s = cat.play(s, move)
        assert cat.invariants(s) == []
        assert cat.parse_position(cat.position_text(s)).key() == s.key()
        if cat.solved(s):
            s = cat.initial_state()


def test_square_solution_matches_the_square_level(square: T.DissectionRules) -> None:
    s = place_all(square, square.initial_state(), square_solution(TANGRAM))
    assert square.solved(s)
