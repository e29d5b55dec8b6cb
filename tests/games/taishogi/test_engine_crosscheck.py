"""Our generator against the shared piece engine's, move for move, on the same table."""

from __future__ import annotations

import random

import pytest

from game.games.taishogi.engine_spec import engine_board, engine_square, same_codes, spec_of
from game.games.taishogi.rules import TaiShogiRules, make_rules
from game.pieces.engine import engine_for
from game.pieces.state import State as EngineState


def both(rules: TaiShogiRules, state) -> tuple[set, set]:  # type: ignore[no-untyped-def]
    ours = {(engine_square(m.frm), engine_square(m.to), tuple(engine_square(c) for c in m.caps),
             m.promote) for m in rules.legal_moves(state)}
    eng = engine_for(spec_of(rules))
    pos = eng.position(EngineState(engine_board(state.board), state.to_move))
    theirs = {(m.frm, m.to, tuple(m.captures), m.promo is not None) for m in eng.legal(pos)}
    return ours, theirs


@pytest.mark.parametrize("options", [{}, {"lion_dog": "lion", "teaching_king": "lion"},
                                     {"promotion_table": "ludii", "peacock": "forward",
                                      "emperor": "literal"}])
def test_the_same_moves_as_the_piece_engine(options: dict[str, object]) -> None:
    rules = make_rules(options=options)
    assert same_codes(spec_of(rules))
    rng = random.Random(11)
    state = rules.initial_state()
    for ply in range(160):
        if rules.outcome(state) is not None:
            break
        ours, theirs = both(rules, state)
        assert ours == theirs, (ply, sorted(ours ^ theirs)[:6])
        moves = rules.legal_moves(state)
        caps = [m for m in moves if m.caps]
        state = rules.play(state, rng.choice(caps) if caps and rng.random() < 0.6
                           else rng.choice(moves))
