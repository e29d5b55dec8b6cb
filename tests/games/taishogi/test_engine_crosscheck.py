"""The reference generator against the shared piece engine, move for move, for every option.

Every option set of §5.4 (the default, and each of the ten options at each of its other
values, and all of them changed at once) is played from the start by random games that
favour captures (so promotions, promoted victims, double captures and the Emperor's captures
come up); at each position the legal moves must be the same set, and the position after the
chosen move must be the same board (this is where promotion, the Deva rule and the Crown
Prince's promotion act).
"""

from __future__ import annotations

import random

import pytest

from game.games.taishogi.data import ORDER
from game.games.taishogi.engine_spec import spec_of
from game.games.taishogi.movegen import code
from game.games.taishogi.rules import (
    DEFAULT_OPTIONS,
    N_SQUARES,
    OPTION_VALUES,
    State,
    TaiShogiRules,
    kind_number,
    make_rules,
)
from game.pieces.engine import engine_for
from game.pieces.state import Move as EngineMove

OPTION_SETS: list[dict[str, object]] = [{}]
OPTION_SETS += [{key: value} for key, values in OPTION_VALUES.items() for value in values
                if value != DEFAULT_OPTIONS[key]]
OPTION_SETS.append({key: values[-1] for key, values in OPTION_VALUES.items()})


def test_every_value_of_every_option_is_covered() -> None:
    for key, values in OPTION_VALUES.items():
        for value in values:
            assert any(o.get(key, DEFAULT_OPTIONS[key]) == value for o in OPTION_SETS)
    assert len(OPTION_VALUES) == 10


def engine_moves(rules: TaiShogiRules, board: tuple[int, ...], side: int) -> list[EngineMove]:
    eng = engine_for(spec_of(rules.options))
    pos = eng.position_of(board, side)
    return eng.legal(pos)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "tsa")
def test_the_same_moves_as_the_piece_engine(options: dict[str, object]) -> None:
    rules = make_rules(options=options)
    eng = engine_for(spec_of(rules.options))
    rng = random.Random(repr(sorted(options.items())))
    state = rules.initial_state()
    for ply in range(70):
        if rules.outcome(state) is not None:
            break
        ours = {(m.frm, m.to, m.caps, m.promote) for m in rules.legal_moves(state)}
        theirs = {(m.frm, m.to, m.captures, m.promo is not None): m
                  for m in engine_moves(rules, state.board, state.to_move)}
        assert ours == set(theirs), (ply, sorted(ours ^ set(theirs))[:6])
        moves = rules.legal_moves(state)
        caps = [m for m in moves if m.caps]
        move = rng.choice(caps) if caps and rng.random() < 0.8 else rng.choice(moves)
        after = rules.play(state, move)
        pos = eng.position_of(state.board, state.to_move)
        eng.make(pos, theirs[(move.frm, move.to, move.caps, move.promote)])
        assert tuple(pos.board) == after.board, ply
        state = after


def scattered(rng: random.Random, men: int = 90) -> tuple[int, ...]:
    """A crowded random position: every kind may appear (promoted or not), with an Emperor, a
    Crown Prince, a Deva and a Dark Spirit on each side, so that Lion-type double captures,
    promoted victims, the Emperor's captures and the Deva rule all come up."""
    board = [0] * N_SQUARES
    squares = rng.sample(range(N_SQUARES), men)
    must = ["E", "E", "CP", "CP", "DV", "DSp", "DV", "DSp", "Ln", "LD", "HM", "PC"]
    for i, sq in enumerate(squares):
        abbr = must[i] if i < len(must) else rng.choice(ORDER)
        promoted = abbr not in ("E", "CP") and rng.random() < 0.3
        board[sq] = code(kind_number(abbr), i % 2, promoted)
    return tuple(board)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "tsa")
def test_the_same_moves_in_crowded_random_positions(options: dict[str, object]) -> None:
    rules = make_rules(options=options)
    eng = engine_for(spec_of(rules.options))
    rng = random.Random("crowded" + repr(sorted(options.items())))
    for _ in range(4):
        board = scattered(rng)
        for side in (0, 1):
            state = State(board, side)
            ours = {(m.frm, m.to, m.caps, m.promote): m for m in rules.legal_moves(state)}
            theirs = {(m.frm, m.to, m.captures, m.promo is not None): m
                      for m in engine_moves(rules, board, side)}
            assert set(ours) == set(theirs), sorted(set(ours) ^ set(theirs))[:6]
            for key, m in theirs.items():
                if m.captures:
                    pos = eng.position_of(board, side)
                    eng.make(pos, m)
                    assert tuple(pos.board) == rules.apply(board, ours[key]), key
