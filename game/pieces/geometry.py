"""Square boards of any size up to 25 x 25: square numbers, names, and cached ray/leap tables.

A square is the int `rank * width + file` (file 0 = `a`, rank 0 = the first rank, White's or
the bottom player's side). Every table a move generator needs (the square an offset leads to,
the ray in a direction, limited or not) is computed once per board size and direction and
cached, so generation is list indexing and never bounds arithmetic.
"""

from __future__ import annotations

import re
from functools import cache

from game.i18n import _

MAX_SIZE = 25
FILES = "abcdefghijklmnopqrstuvwxy"

#: The eight queen directions, orthogonal first.
ORTHOGONAL: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[tuple[int, int], ...] = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL

_SQUARE_RE = re.compile(r"([a-yA-Y])(\d{1,2})")


class Board:
    """Geometry of one board size. Get one with `board(width, height)` (cached)."""

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
            raise ValueError(_("a board is 1 to {MAX_SIZE} squares a side, not {width}x{height}").format(
                MAX_SIZE=MAX_SIZE, width=width, height=height))
        self.width = width
        self.height = height
        self.size = width * height
        self._leaps: dict[tuple[int, int], tuple[int, ...]] = {}
        self._rays: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}
        self._aligned: tuple[bytes, ...] | None = None

    # -- squares --

    def square(self, file: int, rank: int) -> int:
        return rank * self.width + file

    def file_of(self, sq: int) -> int:
        return sq % self.width

    def rank_of(self, sq: int) -> int:
        return sq // self.width

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.width and 0 <= rank < self.height

    def name(self, sq: int) -> str:
        """`a1`-style name; ranks have no padding (`p16`)."""
        return f"{FILES[sq % self.width]}{sq // self.width + 1}"

    def parse(self, text: str) -> int:
        """Square of a name like `h4` or `p16`; ValueError saying why if it is not one."""
        m = _SQUARE_RE.fullmatch(text.strip())
        if not m:
            raise ValueError(_("'{text}' is not a square name (like h4)").format(text=text))
        f = ord(m.group(1).lower()) - ord("a")
        r = int(m.group(2)) - 1
        if not self.on_board(f, r):
            raise ValueError(_("{text} is off the {width}x{height} board").format(
                text=text, width=self.width, height=self.height))
        return self.square(f, r)

    # -- tables --

    def leap(self, dx: int, dy: int) -> tuple[int, ...]:
        """For each square, the square at offset (dx, dy), or -1 off the board."""
        key = (dx, dy)
        table = self._leaps.get(key)
        if table is None:
            w, h = self.width, self.height
            table = tuple((r + dy) * w + f + dx if 0 <= f + dx < w and 0 <= r + dy < h else -1
                          for r in range(h) for f in range(w))
            self._leaps[key] = table
        return table

    def ray(self, dx: int, dy: int, limit: int = 0) -> tuple[tuple[int, ...], ...]:
        """For each square, the squares met going (dx, dy) repeatedly (at most `limit`; 0 = all)."""
        key = (dx, dy, limit)
        table = self._rays.get(key)
        if table is None:
            step = self.leap(dx, dy)
            out = []
            for sq in range(self.size):
                ray: list[int] = []
                t = step[sq]
                while t >= 0 and (limit == 0 or len(ray) < limit):
                    ray.append(t)
                    t = step[t]
                out.append(tuple(ray))
            table = tuple(out)
            self._rays[key] = table
        return table

    def aligned(self) -> tuple[bytes, ...]:
        """aligned()[a][b] is 1 + the index in ALL_DIRECTIONS of the direction from a to b
        when b is on one of the eight queen lines through a, else 0."""
        if self._aligned is None:
            rows = []
            for a in range(self.size):
                row = bytearray(self.size)
                for i, (dx, dy) in enumerate(ALL_DIRECTIONS):
                    for t in self.ray(dx, dy)[a]:
                        row[t] = i + 1
                rows.append(bytes(row))
            self._aligned = tuple(rows)
        return self._aligned


@cache
def board(width: int, height: int | None = None) -> Board:
    """The (shared, cached) geometry of a width x height board (square if height is omitted)."""
    return Board(width, width if height is None else height)
