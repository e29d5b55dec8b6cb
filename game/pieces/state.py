"""Moves, states and the cell code: the values that cross between engine, rules, AI and view.

A cell of the board is 0 (empty) or `(kind_number << 2) | (promoted << 1) | side`, where
`kind_number` is 1 + the kind's index in its GameSpec. The board is a flat tuple indexed by
square (see geometry.py), so a State is small, immutable and cheap to hash.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import NamedTuple

#: Move flags.
NORMAL, DOUBLE_STEP, EN_PASSANT, CASTLE = 0, 1, 2, 3


class Move(NamedTuple):
    """One move. `captures` lists captured squares in the order they are taken (a normal
    capture is `(to,)`; en passant names the passed pawn's square; a Lion may take two, or
    take one without moving: then `to == frm`). `via` lists the squares a multi-step move
    passes through (Lion moves), for the view's animation and for notation. `promo` is the
    kind id the piece becomes, or None. A castling move is the king's (`frm` -> `to`, flag
    CASTLE); its rook partner moves as the game's castling table says."""

    frm: int
    to: int
    captures: tuple[int, ...] = ()
    via: tuple[int, ...] = ()
    promo: str | None = None
    flag: int = NORMAL

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)


def encode(kind_number: int, side: int, promoted: bool = False) -> int:
    return (kind_number << 2) | (2 if promoted else 0) | side


def side_of(code: int) -> int:
    return code & 1


def kind_number(code: int) -> int:
    return code >> 2


def is_promoted(code: int) -> bool:
    return bool(code & 2)


@dataclass(frozen=True, slots=True)
class State:
    """A position. `ep` is the square an en-passant capture would land on (-1: none) and
    `ep_victim` the square of the piece it would remove. `halfmove` counts plies since the
    last capture or pawn-like move (for the N-move rule); `history` holds the keys of the
    earlier positions since then (for repetition; not part of equality or of `key()`).
    `castling` is a bit mask of the castling rights still held (bit i: the game's i-th
    `Castling`; always 0 in games without castling)."""

    board: tuple[int, ...]
    to_move: int
    ep: int = -1
    ep_victim: int = -1
    halfmove: int = 0
    fullmove: int = 1
    history: tuple[Hashable, ...] = field(default=(), compare=False)
    castling: int = 0

    def key(self) -> tuple[tuple[int, ...], int, int, int]:
        return (self.board, self.to_move, self.ep, self.castling)

    def key_without_ep(self) -> tuple[tuple[int, ...], int, int, int]:
        """`key()` with no en-passant square (for a position where no capture onto it is
        legal: the repetition rule sees it as the same men reached without the double step)."""
        return (self.board, self.to_move, -1, self.castling)

    def copy(self) -> State:
        return self
