"""Tai Shogi's values: the move, the position and the board codes the rules, the computer and
the screens pass around.

Squares are ints `row * 25 + col`, row 0 = rank a (top, White's back rank), col 0 = file 25
(left as Black sees it), so Black moves toward row 0 (§1.1). A move is `Move(frm, to, caps,
promote)`: `caps` lists the captured squares in the order taken (a Lion may take two and may
stay on its square: igui when `to == frm`, a pass when `to == frm` and nothing is taken).
"""

from __future__ import annotations

from typing import NamedTuple

from game.pieces.memo import MemoState
from game.pieces.state import encode

from .pieces import ORDER, SIZE

BLACK, WHITE = 0, 1
SIDE_NAMES = ("Black", "White")
SIDE_LETTERS = ("b", "w")
N_SQUARES = SIZE * SIZE


def kind_number(abbr: str) -> int:
    return ORDER.index(abbr) + 1


def code(kind: int, owner: int, promoted: bool = False) -> int:
    """The board integer of a piece: kind number (from 1), promotion flag, owner (0 or 1);
    the piece engine's own encoding, so boards go to it unchanged."""
    return encode(kind, owner, promoted)


def kind_of(p: int) -> str:
    """Abbreviation of the kind of a board code."""
    return ORDER[(p >> 2) - 1]


class Move(NamedTuple):
    """One move: from, to, the captured squares in order, and whether the piece promotes."""

    frm: int
    to: int
    caps: tuple[int, ...] = ()
    promote: bool = False


#: A position: 625 board codes (0 = empty, see `code`) and the side to move; it carries the
#: rules objects' memos of its legal moves and their notation (game/pieces/memo.py).
State = MemoState
