"""Tai Shogi's kinds read from pieces.txt (the piece notation) against the same kinds read from
the table in its old dialect (reference_table.py): for every kind, under every option set, the
engine built on either makes the same moves — a man alone on the board, and men in crowded
random positions with promoted men among them."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.games.taishogi import pieces
from game.games.taishogi.rules import DEFAULT_OPTIONS
from game.pieces.engine import Engine, engine_for
from game.pieces.state import State, encode

from .reference_table import engine_atoms
from .test_engine_crosscheck import OPTION_SETS


def _engines(options: dict[str, object]) -> tuple[Engine, Engine]:
    merged = dict(DEFAULT_OPTIONS, **options)
    spec = pieces.spec_of(merged)
    before = dataclasses.replace(spec, kinds=tuple(
        dataclasses.replace(k, atoms=engine_atoms(merged, k.id)) for k in spec.kinds))
    # the rules' own engine for the options (shared, as the game and the cross-check use it)
    return Engine(before), engine_for(spec)


def _moves(engine: Engine, state: State) -> set[tuple[int, int, tuple[int, ...], str | None]]:
    return {(m.frm, m.to, m.captures, m.promo) for m in engine.pseudo(engine.position(state))}


@pytest.mark.parametrize("options", OPTION_SETS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "tsa")
def test_every_kind_moves_as_the_old_table_said(options: dict[str, object]) -> None:
    before, after = _engines(options)
    for number in range(1, len(pieces.ORDER) + 1):
        board = [0] * 625
        board[12 * 25 + 12] = encode(number, 0)
        board[3 * 25 + 3] = encode(1, 1)  # an enemy Emperor somewhere, for the Emperor's test
        alone = State(tuple(board), 0)
        assert _moves(before, alone) == _moves(after, alone), pieces.ORDER[number - 1]
    rng = random.Random(repr(sorted(options.items())))
    tried = 0
    for n in range(4):
        board = [0] * 625
        for sq in rng.sample(range(625), 160):
            board[sq] = encode(rng.randrange(1, len(pieces.ORDER) + 1), rng.randrange(2),
                               rng.random() < 0.2)
        crowd = State(tuple(board), n % 2)
        moves = _moves(after, crowd)
        assert _moves(before, crowd) == moves
        tried += len(moves)
    assert tried > 2500
