"""An independent, deliberately naive Amazons move generator for cross-checking the rules.

It works on a dict of (x, y) -> "W" / "B" / "x" and walks coordinates one step at a time,
sharing nothing with the rules' rays, bitboards or line tables.
"""

from __future__ import annotations

from game.games.amazons import rules as R

STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def board_of(state: R.State) -> dict[tuple[int, int], str]:
    n = state.n
    out = {}
    for sq in range(n * n):
        c = R.cell(state, sq)
        if c:
            out[(sq % n, sq // n)] = c
    return out


def slide(n: int, board: dict[tuple[int, int], str], x: int, y: int) -> list[tuple[int, int]]:
    out = []
    for dx, dy in STEPS:
        cx, cy = x + dx, y + dy
        while 0 <= cx < n and 0 <= cy < n and (cx, cy) not in board:
            out.append((cx, cy))
            cx, cy = cx + dx, cy + dy
    return out


def moves(state: R.State) -> set[tuple[int, int, int]]:
    n = state.n
    board = board_of(state)
    me = "W" if state.to_move == 0 else "B"
    out = set()
    for (x, y), c in list(board.items()):
        if c != me:
            continue
        del board[(x, y)]
        for tx, ty in slide(n, board, x, y):
            board[(tx, ty)] = me
            for ax, ay in slide(n, board, tx, ty):
                out.add((y * n + x, ty * n + tx, ay * n + ax))
            del board[(tx, ty)]
        board[(x, y)] = me
    return out
