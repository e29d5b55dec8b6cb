"""The search behind hints: any solution of a figure around pieces already laid (solver.py)."""

from __future__ import annotations

import pytest

from game.games.dissection import levels as D
from game.games.dissection.geometry import PieceSet, Placement, is_tiled
from game.games.dissection.solver import complete, in_place
from game.games.ostomachion import rules as O
from game.games.ostomachion.pieces import OSTOMACHION
from game.games.tangram import rules as T
from game.games.tangram.pieces import TANGRAM
from tests import solver_reference


def level(pieces: PieceSet, stem: str) -> D.Level:
    return D.load_level(D.levels_dir(pieces.name) / f"{stem}.tmx", pieces)


def mirror(pieces: PieceSet, placements: tuple[Placement, ...], axis: float
           ) -> tuple[Placement, ...]:
    """A solution mirrored left to right about x = axis: every piece turned over."""
    return tuple(Placement(2 * axis - p.x, p.y, (-p.turn) % pieces.steps, not p.flipped)
                 for p in placements)


#: The search's stored answers (tests/solver_reference.py says how they are made).
STORED = solver_reference.load()["figures"]


def test_every_figure_has_a_stored_solution_that_tiles_it() -> None:
    assert sorted(STORED) == D.level_ids(TANGRAM)
    for stem, entry in STORED.items():
        placements = tuple(Placement(x, y, turn, flipped)
                           for x, y, turn, flipped in entry["placements"])
        assert is_tiled(TANGRAM, placements, level(TANGRAM, stem).silhouette), stem


@pytest.mark.parametrize("stem", [pytest.param(s, marks=() if e["fast"] else pytest.mark.slow)
                                  for s, e in STORED.items()])
def test_every_tangram_figure_is_solved_from_scratch(stem: str) -> None:
    """The figures the search solves within a few hundred nodes are solved in the fast step,
    the others in the slow one; each answer is the stored one."""
    lv = level(TANGRAM, stem)
    found = complete(TANGRAM, lv.silhouette, {})
    assert found.placements is not None and not found.exhausted
    assert is_tiled(TANGRAM, found.placements, lv.silhouette)
    assert [[p.x, p.y, p.turn, p.flipped] for p in found.placements] == \
        STORED[stem]["placements"]
    quick = solver_reference.solve(stem, solver_reference.FAST_BUDGET)
    assert (quick is not None) == STORED[stem]["fast"]  # the split is still the search's own


def test_the_mirror_of_a_solution_is_a_solution_the_stored_one_is_not() -> None:
    lv = level(TANGRAM, "01-square")
    mirrored = mirror(TANGRAM, lv.solution, 2.0)
    assert is_tiled(TANGRAM, mirrored, lv.silhouette)
    assert all(m != s for m, s in zip(mirrored, lv.solution, strict=True))


@pytest.mark.parametrize("laid", [1, 3, 6])
def test_a_mirrored_square_is_completed_around_the_laid_pieces(laid: int) -> None:
    lv = level(TANGRAM, "01-square")
    mirrored = mirror(TANGRAM, lv.solution, 2.0)
    fixed = {i: mirrored[i] for i in range(laid)}
    found = complete(TANGRAM, lv.silhouette, fixed)
    assert found.placements is not None
    assert all(found.placements[i] == p for i, p in fixed.items())
    assert is_tiled(TANGRAM, found.placements, lv.silhouette)


def test_a_piece_where_no_solution_has_it_is_proved_impossible() -> None:
    lv = level(TANGRAM, "01-square")
    # the square in the very middle of the square figure: nothing fits round it
    found = complete(TANGRAM, lv.silhouette, {5: Placement(2.0, 2.0, 0, False)})
    assert found.placements is None and not found.exhausted


def test_a_budget_too_small_says_the_search_was_cut_short() -> None:
    lv = level(TANGRAM, "05-trapezoid")
    found = complete(TANGRAM, lv.silhouette, {}, budget=20)
    assert found.placements is None and found.exhausted


def test_an_ostomachion_square_mirrored_is_completed_around_ten_pieces() -> None:
    lv = level(OSTOMACHION, "01-square")
    mirrored = mirror(OSTOMACHION, lv.solution, 6.0)
    assert is_tiled(OSTOMACHION, mirrored, lv.silhouette)
    fixed = {i: mirrored[i] for i in range(10)}
    found = complete(OSTOMACHION, lv.silhouette, fixed)
    assert found.placements is not None
    assert is_tiled(OSTOMACHION, found.placements, lv.silhouette)


def test_pieces_kept_are_inside_the_figure_and_do_not_overlap() -> None:
    lv = level(TANGRAM, "01-square")
    sol = list(lv.solution)
    sol[6] = Placement(sol[6].x + 1.0, sol[6].y + 1.0, sol[6].turn, sol[6].flipped)  # sticks out
    sol[4] = Placement(sol[3].x, sol[3].y, sol[3].turn, sol[3].flipped)  # on its twin
    assert in_place(TANGRAM, sol, lv.silhouette) == [0, 1, 2, 3, 5]


def test_ostomachion_hint_keeps_a_mirrored_start() -> None:
    rules = O.make_rules("standard", {"level": "01-square"})
    mirrored = mirror(OSTOMACHION, rules.level.solution, 6.0)
    s = rules.initial_state()
    for i in range(12):
        p = mirrored[i]
        s = rules.play(s, T.Place(i, p.x, p.y, p.turn, p.flipped))
    plan = rules.plan_hint(s)
    assert plan is not None and plan.kind == "build"
    assert all(plan.placements[i] == mirrored[i] for i in range(12))
