"""Positions that carry their own memo, for games whose legal moves are costly to list.

On a large board (Tai Shogi: 25 x 25, hundreds of legal moves) the rules work out a position's
legal moves, their set and their notation once and keep them *on the position object*: a
lookup by identity, with no 625-square key to hash. Each rules object keeps its own memo (other
options give other moves), and only on the last `limit` positions it worked on: a memo on every
position of a long match's history would grow the program by its size (about 0.1 MB) a ply. A
position asked again after its memo was dropped simply works it out again.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field
from typing import Any

_SERIALS = itertools.count()


@dataclass(frozen=True, slots=True, eq=False)
class MemoState:
    """A position: the board codes (0 = empty, see state.encode) and the side to move, plus the
    memos the rules objects keep on it (not part of the position: equality and hash ignore
    them)."""

    board: tuple[int, ...]
    to_move: int
    memos: dict[int, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)

    def key(self) -> tuple[tuple[int, ...], int]:
        return self.board, self.to_move

    def copy(self) -> MemoState:
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MemoState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


class StateMemos:
    """One rules object's memos on the positions it works on (see the module docstring)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.serial = next(_SERIALS)
        #: the positions holding a memo of this owner, oldest first
        self.held: deque[MemoState] = deque()

    def of(self, state: MemoState) -> dict[str, Any]:
        """The memo on `state`, made empty the first time (and the oldest one dropped when more
        than `limit` positions hold one)."""
        memo = state.memos.get(self.serial)
        if memo is None:
            memo = state.memos[self.serial] = {}
            held = self.held
            held.append(state)
            if len(held) > self.limit:
                held.popleft().memos.pop(self.serial, None)
        return memo

    def peek(self, state: MemoState) -> dict[str, Any] | None:
        """The memo on `state` if there is one (never makes one)."""
        return state.memos.get(self.serial)
