"""Random games keep the promises of the rules: pieces are conserved, tallies match, turns alternate."""

from __future__ import annotations

import random

import pytest

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.captures import Capture


@pytest.mark.parametrize("victory", ["corpore", "lite", "magna", "praestantissima"])
def test_random_games_conserve_pieces(victory: str) -> None:
    rules = R.make_rules(options={"victory": victory, "pieces": 15, "sum": 1315,
                                  "digits": 15})
    captured = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.initial_state()
        turns = 0
        for _ply in range(400):
            assert rules.invariants(state) == []
            on_board = [p for p in state.board if p is not None]
            taken = len(state.taken[0]) + len(state.taken[1])
            if rules.proper:
                assert len(on_board) == 48  # captured pieces change sides, none leaves
            else:
                assert len(on_board) + taken == 48
                assert sum(p.value for p in on_board) + sum(
                    p.value for side in state.taken for p in side) == 1312 + 1752
            out = rules.outcome(state)
            moves = rules.legal_moves(state)
            assert (out is None) == bool(moves)
            if out is not None:
                break
            # phase 1 always offers a step; phase 3 always offers the end of the turn
            assert any(isinstance(m, R.Step) for m in moves) == (state.phase == 1)
            assert (R.DONE in moves) == (state.phase == 3)
            move = rng.choice(moves)
            after = rules.play(state, move)
            if isinstance(move, Capture):
                gone = state.board[move.take]
                assert gone is not None and gone.owner != state.to_move
                assert len(after.taken[state.to_move]) == len(state.taken[state.to_move]) + 1
            if after.to_move != state.to_move:
                turns += 1
                assert after.phase == 1 and isinstance(move, R.Step | R.Done | Capture)
            else:
                assert not isinstance(move, R.Done)
            state = after
        assert turns > 20
        captured += len(state.taken[0]) + len(state.taken[1])
    assert captured > 0
