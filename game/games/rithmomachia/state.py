"""Rithmomachia positions: the State of a turn in progress, the move types, and how pieces step.

Kept apart from rules.py so the notation, the capture finder's callers and the rules object
share one definition of a position. Pure data and small functions, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.i18n import N_, _

from .captures import Capture
from .pieces import RAYS, SETUP, SQUARES, STEP, WIDTH, Piece, parse_square, square_name

#: How far each shape moves, as the refusal says it (one sentence a shape: French needs the
#: shape's gender).
SHAPE_MOVES = {"C": N_("a circle moves exactly 1 square"), "T": N_("a triangle moves exactly 2 squares"),
               "S": N_("a square moves exactly 3 squares"), "P": N_("a pyramid moves exactly 3 squares")}

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
        return _("there is no piece on {square}").format(square=square_name(frm))
    if piece.owner != side:
        return _("that piece is not yours")
    n = STEP[piece.shape]
    dx = to % WIDTH - frm % WIDTH
    dy = to // WIDTH - frm // WIDTH
    if dx and dy:
        return _("pieces move straight along a file or a rank, never diagonally")
    if abs(dx) + abs(dy) != n:
        return _(SHAPE_MOVES[piece.shape])
    if board[to] is not None:
        return _("{square} is not empty").format(square=square_name(to))
    for ray in RAYS[frm]:
        if to in ray:
            for sq in ray[:ray.index(to)]:
                p = board[sq]
                if p is not None and p.owner != side:
                    return _("an enemy piece on {square} blocks the way").format(
                        square=square_name(sq))
    return None


# -- applying moves (trusting legality) -------------------------------------------------------


def end_turn(state: State) -> State:
    """The opponent's phase 1 begins."""
    return State(state.board, 1 - state.to_move, 1, (), state.taken)
