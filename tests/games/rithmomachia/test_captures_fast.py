"""The fast `find_captures` lists exactly the captures of the plain one (`captures_on` over
every victim, kept as `_find_captures_reference`): same captures, same order, ransoms included,
for both sides, both siege options and the phase-3 `active` squares."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.captures import (
    AMBUSH,
    ATTACK,
    KINDS,
    MEETING,
    RANSOM,
    Board,
    _find_captures_reference,
    find_captures,
)
from game.games.rithmomachia.pieces import EVENS, ODDS, PYRAMID, SETUP, SQUARES, Piece, square_name
from game.games.rithmomachia.state import State, Step, all_steps

from .helpers import position, sq


def same(board: Board, side: int, seen: Counter[str],
         active: frozenset[int] | None = None) -> None:
    """Fast and reference agree on `board` for `side`, edges counting or not (kinds seen are
    counted, so a test can tell it met every kind)."""
    for edges in (True, False):
        fast = find_captures(board, side, siege_edges=edges, active=active)
        reference = _find_captures_reference(board, side, siege_edges=edges, active=active)
        assert fast == reference, (
            f"{R.position_text(State(tuple(board), side))} side {side} edges {edges} "
            f"active {sorted(square_name(a) for a in active or ())}")
        seen.update(c.kind for c in fast)


def played(victory: str, seed: int, plies: int = 250) -> list[State]:
    """The states of a random game (seeded), every sub-step of every turn."""
    rules = R.make_rules(options={"victory": victory, "pieces": 15, "sum": 1315, "digits": 15})
    rng = random.Random(seed)
    state = rules.initial_state()
    out = []
    for _ in range(plies):
        out.append(state)
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.apply(state, rng.choice(moves))
    return out


@pytest.mark.parametrize("victory", ["corpore", "magna"])  # magna: captured pieces change side
def test_the_fast_finder_agrees_on_every_position_of_random_games(victory: str) -> None:
    seen: Counter[str] = Counter()
    rng = random.Random(7)
    for seed in range(3):
        for state in played(victory, seed):
            me = state.to_move
            same(state.board, me, seen)
            same(state.board, 1 - me, seen)
            if state.phase == 3:
                same(state.board, me, seen, frozenset(state.active))
            else:
                # phase 3 as the search meets it: a step made, the moved piece active
                steps = all_steps(state.board, me)
                for step in rng.sample(steps, min(2, len(steps))):
                    same(moved(state.board, step), me, seen, frozenset((step.to,)))
    assert seen[ATTACK] and seen[MEETING] and seen[AMBUSH], seen


def moved(board: Board, step: Step) -> Board:
    after = list(board)
    after[step.to], after[step.frm] = after[step.frm], None
    return tuple(after)


def test_the_fast_finder_agrees_on_crowded_random_boards() -> None:
    """Boards packed with pieces of both armies (pyramids of either owner among them), so that
    every kind, ransoms and edge sieges come up by the hundred."""
    values = [(shape, value) for shape, value in
              sorted({(s, v) for _side, s, v in SETUP.values()})]
    pyramids = [(PYRAMID, 91), (PYRAMID, 190)]
    rng = random.Random(2024)
    seen: Counter[str] = Counter()
    for _ in range(250):
        board: list[Piece | None] = [None] * SQUARES
        for z in rng.sample(range(SQUARES), rng.randint(20, 75)):
            shape, value = rng.choice(pyramids) if rng.random() < 0.06 else rng.choice(values)
            board[z] = Piece(rng.choice((EVENS, ODDS)), shape, value)
        for side in (EVENS, ODDS):
            same(board, side, seen)
            mine = [z for z, p in enumerate(board) if p is not None and p.owner == side]
            for size in (1, 2, 3):
                same(board, side, seen, frozenset(rng.sample(mine, min(size, len(mine)))))
        same(board, EVENS, seen, frozenset())
    assert all(seen[kind] >= 20 for kind in KINDS), seen


# hand-made: pyramids (whole, ransom, the owner with nothing else), attackers using a layer,
# sieges on an edge and in a corner, combinations with three neighbours
HANDMADE = [
    {"d8": "P91", "c8": "s66", "e8": "c25", "h3": "T9", "a1": "C25"},
    {"d8": "P91", "d9": "c9", "h3": "T6", "a1": "C2"},
    {"d8": "P91", "d9": "c9"},  # a ransom with nothing to take is no move
    {"d4": "P91", "d8": "c3", "a1": "C2"},
    {"d4": "P91", "d8": "t48"},
    {"d10": "p190", "c10": "S169", "e10": "T25", "d9": "C4", "d6": "C16", "a1": "C64"},
    {"d10": "p190", "c10": "C49", "e10": "C64", "d11": "C36", "d9": "C16", "a2": "C25"},
    {"h16": "p190", "g16": "S225", "h15": "C9", "a1": "C36"},  # a besieged pyramid, corner
    {"a9": "c3", "a8": "C64", "a10": "C36", "b9": "C16"},       # siege on the edge
    {"a16": "c3", "a15": "C64", "b16": "C36"},                  # in the corner
    {"d9": "c3", "d8": "C64", "d10": "C36", "c9": "C16", "e9": "C6"},
    {"e10": "t56", "d10": "C2", "f10": "C4", "e7": "T25", "e11": "C9", "e14": "S2"},
    {"d9": "s66", "c9": "S45", "e9": "S15", "d8": "T6", "d10": "C9", "d5": "P91"},
    {"e8": "P91", "e9": "p190", "e7": "C64", "d9": "C36", "f9": "S25", "e12": "c9"},
]


@pytest.mark.parametrize("pieces", HANDMADE)
def test_the_fast_finder_agrees_on_hand_made_captures(pieces: dict[str, str]) -> None:
    seen: Counter[str] = Counter()
    board = position(pieces).board
    for side in (EVENS, ODDS):
        same(board, side, seen)
        for name in pieces:
            piece = board[sq(name)]
            assert piece is not None
            if piece.owner == side:
                same(board, side, seen, frozenset((sq(name),)))


def test_the_hand_made_positions_hold_every_kind_of_capture() -> None:
    seen: Counter[str] = Counter()
    for pieces in HANDMADE:
        for side in (EVENS, ODDS):
            same(position(pieces).board, side, seen)
    assert set(seen) == set(KINDS)
    board = position(HANDMADE[1], "o").board
    ransoms = [c for c in find_captures(board, ODDS) if c.kind == RANSOM]
    assert sorted(c.take for c in ransoms) == [sq("a1"), sq("h3")]
    assert not find_captures(position(HANDMADE[2], "o").board, ODDS)
