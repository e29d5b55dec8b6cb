"""A deliberately naive Abalone move generator, written straight from the rules text, for tests.

It shares nothing with bitboard.py: cells are (row, number) pairs, the board is a dict, and every
candidate group is tried in every direction with the rules of §4 (plus the obstacle, hole,
pivot and triangle variants of §7). Slow and obvious, so it can referee the fast generator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

Cell = tuple[int, int]
DIRS: tuple[Cell, ...] = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))


def on_board(c: Cell) -> bool:
    r, d = c
    return 1 <= r <= 9 and 1 <= d <= 9 and abs(r - d) <= 4


def add(c: Cell, v: Cell, k: int = 1) -> Cell:
    return (c[0] + k * v[0], c[1] + k * v[1])


@dataclass
class Position:
    """`marbles` maps a cell to "B", "W" or "N" (the pivot)."""

    marbles: dict[Cell, str]
    obstacles: set[Cell] = field(default_factory=set)
    holes: set[Cell] = field(default_factory=set)
    pivot_ejectable: bool = False
    triangles: bool = False


Result = tuple[frozenset[Cell], frozenset[Cell], frozenset[Cell], str | None]


def _groups(pos: Position, colour: str) -> list[tuple[tuple[Cell, ...], str]]:
    own = sorted(c for c, m in pos.marbles.items() if m == colour)
    out: list[tuple[tuple[Cell, ...], str]] = [((c,), "line") for c in own]
    for size in (2, 3):
        for combo in combinations(own, size):
            for v in DIRS[:3]:
                start = combo[0]
                if sorted(add(start, v, k) for k in range(size)) == list(combo):
                    out.append((combo, "line"))
                    break
            else:
                if size == 3 and pos.triangles and all(
                        any(add(a, v) == b for v in DIRS) for a, b in combinations(combo, 2)):
                    out.append((combo, "triangle"))
    return out


def _is_free(pos: Position, c: Cell) -> bool:
    return on_board(c) and c not in pos.obstacles and c not in pos.holes and c not in pos.marbles


def moves(pos: Position, colour: str) -> dict[tuple[frozenset[Cell], int], Result]:
    """Every legal move of `colour` -> (black cells, white cells, pivot cells, ejected)."""
    out = {}
    for group, shape in _groups(pos, colour):
        for di, v in enumerate(DIRS):
            res = _try(pos, colour, group, shape, v)
            if res is not None:
                out[(frozenset(group), di)] = res
    return out


def _try(pos: Position, colour: str, group: tuple[Cell, ...], shape: str,
         v: Cell) -> Result | None:
    g = set(group)
    inline = len(group) == 1 or (shape == "line" and (add(group[0], v) in g or
                                                      add(group[0], v, -1) in g))
    board = dict(pos.marbles)
    if not inline:
        for c in group:
            t = add(c, v)
            if t in g:
                continue
            if not _is_free(pos, t):
                return None
        for c in group:
            del board[c]
        for c in group:
            board[add(c, v)] = colour
        return _result(board, None)
    front = next(c for c in group if add(c, v) not in g)
    t = add(front, v)
    if not on_board(t) or t in pos.obstacles or t in pos.holes:
        return None
    if board.get(t) == colour:
        return None
    pushed: list[Cell] = []
    if t in board:
        c = t
        while c in board and board[c] != colour:
            pushed.append(c)
            c = add(c, v)
        if len(pushed) >= len(group):
            return None
        if c in board or c in pos.obstacles:
            return None
        falls = not on_board(c) or c in pos.holes
        if falls and board[pushed[-1]] == "N" and not pos.pivot_ejectable:
            return None
    ejected = None
    kinds = [board.pop(c) for c in pushed]
    for c in group:
        del board[c]
    for c in group:
        board[add(c, v)] = colour
    for c, kind in zip(pushed, kinds, strict=True):
        dest = add(c, v)
        if on_board(dest) and dest not in pos.holes:
            board[dest] = kind
        else:
            ejected = kind
    return _result(board, ejected)


def _result(board: dict[Cell, str], ejected: str | None) -> Result:
    return (frozenset(c for c, m in board.items() if m == "B"),
            frozenset(c for c, m in board.items() if m == "W"),
            frozenset(c for c, m in board.items() if m == "N"), ejected)
