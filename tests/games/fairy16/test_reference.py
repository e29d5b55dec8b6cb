"""The engine's fairy16 moves against the naive reference generator, position by position."""

from __future__ import annotations

import random

import pytest

from game.games.fairy16.rules import make_rules
from game.pieces.state import DOUBLE_STEP, EN_PASSANT

from . import reference as ref

RULES = make_rules()
GEO = RULES.engine.geo

#: Hand-made positions: open middle game with every long-range kind, promotions (Pawn,
#: Centurion, Buffoon on rank 16, Ship near a corner), an e.p. chance, hopper checks.
POSITIONS = [
    # open middle game: cannons, bows, star, gryphon, rhinoceros, ships in play
    "4k11/16/2z5s7/16/5h4u5/16/3W8w3/8Z7/16/2X6x6/4H6U4/16/7S8/16/16/8K7 w - - 0 1",
    # promotions for both sides, a Ship one step from p16, a Buffoon on rank 16
    "4k3I7/1O5P7X/16/16/16/16/16/16/16/16/16/16/16/16/o1p9x3/8K7 w - - 0 1",
    "4k3I7/1O5P7X/16/16/16/16/16/16/16/16/16/16/16/16/o1p9x3/8K7 b - - 0 1",
    # e.p. just possible for a Pawn and a Centurion; the e.p. capture would expose the King
    "16/16/16/16/16/16/16/3PoO2K7/16/16/16/16/16/16/16/4k11 w - e10 0 1",
    "16/16/16/16/16/16/16/r3oP2K7/16/16/16/16/16/16/16/4k11 w - e10 0 1",
    "16/16/16/16/16/16/16/r3oO2K7/16/16/16/16/16/16/16/4k11 w - e10 0 1",
    # a Cannon aims at the King through one screen; another piece could block or unblock
    "16/16/16/16/16/8z7/16/16/8N7/16/16/3b12/16/16/8K7/3k12 w - - 0 1",
    # Star, Bow and Cannon all around the King with screens
    "16/16/16/1s14/16/16/16/16/16/6w9/16/16/16/3R12/3K5Z1z4/k15 w - - 0 1",
]


def as_ref(move) -> tuple:
    def fr(sq: int) -> tuple[int, int]:
        return (GEO.file_of(sq), GEO.rank_of(sq))

    letter = None if move.promo is None else RULES.spec.kind(move.promo).letter
    cap = fr(move.captures[0]) if move.captures else None
    return (fr(move.frm), fr(move.to), cap, letter, move.flag == EN_PASSANT,
            move.flag == DOUBLE_STEP)


def compare(fen: str) -> int:
    state = RULES.parse_position(fen)
    board, side, ep = ref.parse(fen)
    mine = sorted((as_ref(m) for m in RULES.legal_moves(state)), key=repr)
    theirs = sorted(ref.legal(board, side, ep), key=repr)
    assert len(set(mine)) == len(mine), "the engine produced a move twice"
    assert mine == theirs, (fen, set(mine) ^ set(theirs))
    return len(mine)


@pytest.mark.parametrize("fen", POSITIONS)
def test_hand_made_positions_match_the_reference(fen: str) -> None:
    assert compare(fen) > 0


def test_start_perft_2_matches_the_reference() -> None:
    fen = RULES.position_text(RULES.initial_state())
    board, side, ep = ref.parse(fen)
    assert ref.perft(board, side, ep, 2) == RULES.perft(RULES.initial_state(), 2) == 1600


@pytest.mark.parametrize(("seed", "plies"), [
    (0, 30), *(pytest.param(s, 90, marks=pytest.mark.slow) for s in (0, 1, 2, 3))])
def test_random_games_match_the_reference_at_every_ply(seed: int, plies: int) -> None:
    """Random games from the start (many captures, open lines) compared ply by ply."""
    rng = random.Random(seed)
    state = RULES.initial_state()
    for _ in range(plies):
        moves = RULES.legal_moves(state)
        if not moves:
            break
        compare(RULES.position_text(state))
        # prefer captures so the board opens up
        caps = [m for m in moves if m.captures]
        pool = caps if caps and rng.random() < 0.6 else moves
        state = RULES.play(state, pool[rng.randrange(len(pool))])


@pytest.mark.parametrize("fen", POSITIONS[:1] + POSITIONS[3:7])
def test_perft_2_at_varied_positions_matches_the_reference(fen: str) -> None:
    board, side, ep = ref.parse(fen)
    assert RULES.perft(RULES.parse_position(fen), 2) == ref.perft(board, side, ep, 2)
