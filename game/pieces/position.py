"""The mutable position the generic move generator works on: the board as a list of piece codes,
piece sets per side and the royal squares, changed by `Engine.make` and put back by `unmake`
(see game/pieces/engine.py for why generation does not run on the immutable `State`)."""

from __future__ import annotations


class Position:
    """A mutable position for generation (see the module docstring)."""

    __slots__ = ("board", "side", "ep", "ep_victim", "halfmove", "fullmove", "pieces", "royals",
                 "castling")

    def __init__(self, board: list[int], side: int, ep: int, ep_victim: int, halfmove: int,
                 fullmove: int, royal: list[bool], castling: int = 0) -> None:
        self.board = board
        self.castling = castling
        self.side = side
        self.ep = ep
        self.ep_victim = ep_victim
        self.halfmove = halfmove
        self.fullmove = fullmove
        occupied = [sq for sq, v in enumerate(board) if v]
        first = {sq for sq in occupied if not board[sq] & 1}
        self.pieces: list[set[int]] = [first, set(occupied) - first]
        crowned = [sq for sq in occupied if royal[board[sq] >> 2]]
        self.royals: list[list[int]] = [[sq for sq in crowned if not board[sq] & 1],
                                        [sq for sq in crowned if board[sq] & 1]]
