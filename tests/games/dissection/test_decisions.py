"""Decisions the screens used to take themselves, now the rules' and the geometry's: what a drop
near the tray means, how a turn on the board settles, what Enter snaps, which corners touch."""

from __future__ import annotations

import pytest

from game.games.dissection.geometry import Placement, contacts, on_segment, silhouette_rings
from game.games.dissection.rules import Flip, PickUp, Place, Rotate
from game.games.ostomachion import rules as ostomachion
from game.games.tangram import rules as tangram


def square() -> tangram.DissectionRules:
    return tangram.make_rules("standard", {"level": "01-square"})


def test_on_segment_knows_ends_middles_and_misses() -> None:
    assert on_segment((0.0, 0.0), (0.0, 0.0), (2.0, 0.0))
    assert on_segment((1.0, 0.0), (0.0, 0.0), (2.0, 0.0))
    assert not on_segment((1.0, 1e-3), (0.0, 0.0), (2.0, 0.0))
    assert not on_segment((2.5, 0.0), (0.0, 0.0), (2.0, 0.0))  # beyond the end


def test_the_large_triangle_along_the_bottom_touches_the_outline_at_its_two_base_corners() -> None:
    rules = square()
    sol = rules.level.solution
    found = contacts(rules.pieces, 0, sol[0], rules.level.silhouette, [])
    # its corners are (0, 0), (4, 0) and the square's centre (2, 2), which is not on the edge
    assert sorted((round(x, 6), round(y, 6)) for x, y in found) == [(0.0, 0.0), (4.0, 0.0)]
    # moved a little inside, no corner rests on an edge any more
    inside = Placement(sol[0].x + 0.1, sol[0].y + 0.2, sol[0].turn, sol[0].flipped)
    assert contacts(rules.pieces, 0, inside, rules.level.silhouette, []) == ()


def test_contacts_with_laid_pieces_count_only_pieces_out_of_the_tray() -> None:
    rules = square()
    sol = rules.level.solution
    state = rules.initial_state()
    # the square (SQ) alone floating above the figure: its corners touch nothing
    up = Placement(sol[5].x, sol[5].y + 10.0, sol[5].turn, sol[5].flipped)
    assert rules.contacts(state, 5, up) == ()
    # the medium triangle laid: the square at its place touches it and the outline
    state = rules.play(state, Place(2, sol[2].x, sol[2].y, sol[2].turn, sol[2].flipped))
    found = rules.contacts(state, 5, sol[5])
    mt = rules.pieces.vertices(2, sol[2])
    rings = [*silhouette_rings(rules.level.silhouette), mt]
    assert found and all(any(on_segment(v, r[k], r[(k + 1) % len(r)]) for r in rings
                             for k in range(len(r))) for v in found)


def test_a_drop_means_a_place_a_return_to_the_tray_or_nothing() -> None:
    rules = square()
    state = rules.initial_state()
    home, sol = rules.homes[4], rules.level.solution[4]
    near = Placement(home.x + rules.pieces.side / 10, home.y, home.turn, home.flipped)
    assert rules.near_home(4, near)
    assert not rules.near_home(4, Placement(home.x + rules.pieces.side / 7, home.y))
    assert not rules.near_home(4, Placement(home.x, home.y, (home.turn + 1) % 8))
    assert rules.drop_move(state, 4, home) is None  # laid back where it lay
    assert rules.drop_move(state, 4, near) is None  # lifted out of the tray and put back
    move = rules.drop_move(state, 4, sol)
    assert move == Place(4, sol.x, sol.y, sol.turn, sol.flipped)
    state = rules.play(state, move)
    assert rules.drop_move(state, 4, near) == PickUp(4)  # from the board onto its tray place


def test_a_turn_settles_as_a_snapped_drop_on_the_board_and_as_itself_in_the_tray() -> None:
    rules = square()
    state = rules.initial_state()
    assert rules.settled_move(state, Rotate(0, 1)) == Rotate(0, 1)  # in the tray
    sol = rules.level.solution[0]
    # a quarter-step off its place, turned one step back: turning it snaps it home
    off = Placement(sol.x + 0.04, sol.y - 0.03, (sol.turn - 1) % 8, sol.flipped)
    state = rules.play(state, Place(0, off.x, off.y, off.turn, off.flipped))
    move = rules.settled_move(state, Rotate(0, 1))
    assert isinstance(move, Place) and move.turn == sol.turn
    assert (move.x, move.y) == pytest.approx((sol.x, sol.y), abs=1e-9)
    # far from anything, the turn is played as itself
    state = rules.play(state, Place(0, sol.x + 5.5, sol.y + 2.5, 0, False))
    assert rules.settled_move(state, Flip(0)) == Flip(0)


def test_enter_snaps_a_piece_at_rest_where_it_lies_and_nothing_else() -> None:
    rules = ostomachion.make_rules("standard", {"level": "01-square"})
    state = rules.initial_state()
    assert rules.snap_in_place(state, 0) is None  # in the tray
    sol = rules.level.solution[0]
    state = rules.play(state, Place(0, sol.x + 0.2, sol.y - 0.15, sol.turn, sol.flipped))
    move = rules.snap_in_place(state, 0)
    assert isinstance(move, Place) and (move.x, move.y) == pytest.approx((sol.x, sol.y))
    state = rules.play(state, move)
    assert rules.snap_in_place(state, 0) is None  # already snapped


def test_faults_are_named_only_once_every_piece_is_out_and_the_figure_is_not_solved() -> None:
    rules = square()
    sol = rules.level.solution
    state = rules.initial_state()
    for i in range(6):
        state = rules.play(state, Place(i, sol[i].x, sol[i].y, sol[i].turn, sol[i].flipped))
    assert rules.faults(state) == []  # the parallelogram still waits in the tray
    assert rules.placed(state) == [True] * 6 + [False]
    wrong = rules.pieces.flipped_in_place(sol[6])  # turned over: it does not fit
    state = rules.play(state, Place(6, wrong.x, wrong.y, wrong.turn, wrong.flipped))
    found = rules.faults(state)
    assert [f.kind for f in found] == ["overlap", "overlap", "gap"]
    assert all(6 in f.pieces for f in found[:2])
    state = rules.play(state, Place(6, sol[6].x, sol[6].y, sol[6].turn, sol[6].flipped))
    assert rules.solved(state) and rules.faults(state) == [] and all(rules.placed(state))
