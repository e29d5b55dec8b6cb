"""Rithmomachia positions: the State of a turn in progress, the move types, and how pieces step.

Kept apart from rules.py so the notation, the capture finder's callers and the rules object
share one definition of a position. Pure data and small functions, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .captures import Capture
from .pieces import RAYS, SETUP, SHAPE_NAMES, SQUARES, STEP, WIDTH, Piece, parse_square, square_name


@dataclass(frozen=True, slots=True)
class Step:
    """Phase 2: the piece on `frm` moves to `to`."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Done:
    """Phase 3: take no more captures; the turn ends."""


DONE = Done()
Move = Step | Capture | Done
Board = tuple[Piece | None, ...]


@dataclass(frozen=True, slots=True)
class State:
    """A position inside a turn. `active` (phase 3): squares whose pieces may still capture.
    `taken[side]`: the pieces `side` has captured, as they stood, sorted (for the tallies)."""

    board: Board
    to_move: int
    phase: int = 1
    active: tuple[int, ...] = ()
    taken: tuple[tuple[Piece, ...], tuple[Piece, ...]] = ((), ())

    def key(self) -> tuple[Any, ...]:
        return (self.board, self.to_move, self.phase, self.active, self.taken)


def initial_board() -> Board:
    board: list[Piece | None] = [None] * SQUARES
    for name, (side, shape, value) in SETUP.items():
        sq = parse_square(name)
        assert sq is not None
        board[sq] = Piece(side, shape, value)
    return tuple(board)


# -- steps ------------------------------------------------------------------------------------


def steps_of(board: Board, frm: int) -> list[Step]:
    """The moves of the piece on `frm`: exact length, orthogonal, to an empty square, passing
    only over empty squares or its own side's pieces (R5, R6)."""
    piece = board[frm]
    if piece is None:
        return []
    n = STEP[piece.shape]
    out = []
    for ray in RAYS[frm]:
        if len(ray) < n:
            continue
        if board[ray[n - 1]] is not None:
            continue
        for sq in ray[:n - 1]:
            p = board[sq]
            if p is not None and p.owner != piece.owner:
                break
        else:
            out.append(Step(frm, ray[n - 1]))
    return out


def all_steps(board: Board, side: int) -> list[Step]:
    out: list[Step] = []
    for sq, p in enumerate(board):
        if p is not None and p.owner == side:
            out.extend(steps_of(board, sq))
    return out


def has_step(board: Board, side: int) -> bool:
    return any(p is not None and p.owner == side and steps_of(board, sq)
               for sq, p in enumerate(board))


def step_refusal(board: Board, side: int, frm: int, to: int) -> str | None:
    """Why the step frm -> to is refused, in words, or None if it is legal."""
    piece = board[frm]
    if piece is None:
        return f"there is no piece on {square_name(frm)}"
    if piece.owner != side:
        return "that piece is not yours"
    shape = SHAPE_NAMES[piece.shape]
    n = STEP[piece.shape]
    dx = to % WIDTH - frm % WIDTH
    dy = to // WIDTH - frm // WIDTH
    if dx and dy:
        return "pieces move straight along a file or a rank, never diagonally"
    if abs(dx) + abs(dy) != n:
        return f"a {shape} moves exactly {n} square{'s' if n > 1 else ''}"
    if board[to] is not None:
        return f"{square_name(to)} is not empty"
    for ray in RAYS[frm]:
        if to in ray:
            for sq in ray[:ray.index(to)]:
                p = board[sq]
                if p is not None and p.owner != side:
                    return f"an enemy piece on {square_name(sq)} blocks the way"
    return None


# -- applying moves (trusting legality) -------------------------------------------------------


def end_turn(state: State) -> State:
    """The opponent's phase 1 begins."""
    return State(state.board, 1 - state.to_move, 1, (), state.taken)
