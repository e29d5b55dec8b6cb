"""Rithmomachia's data: sides, shapes and their steps, the value table, the pyramids, the setup.

Everything here is a table read by small code elsewhere (rules, captures, help, scene). The
values follow the generating rule for the base numbers n of each side (docs/rules/
rithmomachia.md §R2); the setup is Claude de Boissière's (1556) as given in §2.1.
"""

from __future__ import annotations

from typing import NamedTuple

EVENS, ODDS = 0, 1
SIDE_NAMES = ("Evens", "Odds")
#: The letter of each side in position texts (`e` / `o` for the side to move).
SIDE_LETTERS = ("e", "o")

FILES = "abcdefgh"
WIDTH, HEIGHT = 8, 16
SQUARES = WIDTH * HEIGHT

CIRCLE, TRIANGLE, SQUARE, PYRAMID = "C", "T", "S", "P"
SHAPES = (CIRCLE, TRIANGLE, SQUARE, PYRAMID)
SHAPE_NAMES = {CIRCLE: "circle", TRIANGLE: "triangle", SQUARE: "square", PYRAMID: "pyramid"}
#: Exact length of a move, in squares, orthogonally (R5; a pyramid moves like a square, A10).
STEP = {CIRCLE: 1, TRIANGLE: 2, SQUARE: 3, PYRAMID: 3}

#: The base numbers n from which each side's values are generated (A18).
BASES = ((2, 4, 6, 8), (3, 5, 7, 9))

#: A pyramid's full value -> its layers from the bottom up (R3). Every layer is a square number.
PYRAMID_LAYERS: dict[int, tuple[int, ...]] = {
    91: (36, 25, 16, 9, 4, 1),
    190: (64, 49, 36, 25, 16),
}
#: The base number that builds each side's pyramid: Evens' S(6) = 91, Odds' S(9) = 190.
PYRAMID_BASE = (6, 9)


class Piece(NamedTuple):
    """A piece as it stands: who owns it now, its shape letter and its value."""

    owner: int
    shape: str
    value: int


def values_of(piece: Piece) -> tuple[int, ...]:
    """Every value a piece may use when it captures: its own, and for a pyramid each layer (R12)."""
    if piece.shape == PYRAMID:
        return (piece.value, *PYRAMID_LAYERS[piece.value])
    return (piece.value,)


def digits(value: int) -> int:
    """How many digits are written on a piece (de lite counts them)."""
    return len(str(value))


def generated(n: int) -> dict[str, tuple[int, int]]:
    """The two values of each shape built from the base number n (the six-row table of §R2)."""
    return {
        CIRCLE: (n, n * n),
        TRIANGLE: (n + n * n, (n + 1) ** 2),
        SQUARE: (n + n * n + (n + 1) ** 2, (2 * n + 1) ** 2),
    }


def army_values(side: int) -> dict[str, list[int]]:
    """The 8 values of each shape of a side, from the generating table (pyramid among squares)."""
    out: dict[str, list[int]] = {CIRCLE: [], TRIANGLE: [], SQUARE: []}
    for row in (0, 1):
        for n in BASES[side]:
            for shape, pair in generated(n).items():
                out[shape].append(pair[row])
    return out


#: Boissière's setup (§2.1): square name -> (side, shape, value). Ranks 5-12 are empty.
SETUP: dict[str, tuple[int, str, int]] = {
    "a1": (EVENS, SQUARE, 289), "b1": (EVENS, SQUARE, 169),
    "g1": (EVENS, SQUARE, 81), "h1": (EVENS, SQUARE, 25),
    "a2": (EVENS, SQUARE, 153), "b2": (EVENS, PYRAMID, 91), "c2": (EVENS, TRIANGLE, 49),
    "d2": (EVENS, TRIANGLE, 42), "e2": (EVENS, TRIANGLE, 20), "f2": (EVENS, TRIANGLE, 25),
    "g2": (EVENS, SQUARE, 45), "h2": (EVENS, SQUARE, 15),
    "a3": (EVENS, TRIANGLE, 81), "b3": (EVENS, TRIANGLE, 72), "c3": (EVENS, CIRCLE, 64),
    "d3": (EVENS, CIRCLE, 36), "e3": (EVENS, CIRCLE, 16), "f3": (EVENS, CIRCLE, 4),
    "g3": (EVENS, TRIANGLE, 6), "h3": (EVENS, TRIANGLE, 9),
    "c4": (EVENS, CIRCLE, 8), "d4": (EVENS, CIRCLE, 6), "e4": (EVENS, CIRCLE, 4),
    "f4": (EVENS, CIRCLE, 2),
    "c13": (ODDS, CIRCLE, 3), "d13": (ODDS, CIRCLE, 5), "e13": (ODDS, CIRCLE, 7),
    "f13": (ODDS, CIRCLE, 9),
    "a14": (ODDS, TRIANGLE, 16), "b14": (ODDS, TRIANGLE, 12), "c14": (ODDS, CIRCLE, 9),
    "d14": (ODDS, CIRCLE, 25), "e14": (ODDS, CIRCLE, 49), "f14": (ODDS, CIRCLE, 81),
    "g14": (ODDS, TRIANGLE, 90), "h14": (ODDS, TRIANGLE, 100),
    "a15": (ODDS, SQUARE, 28), "b15": (ODDS, SQUARE, 66), "c15": (ODDS, TRIANGLE, 36),
    "d15": (ODDS, TRIANGLE, 30), "e15": (ODDS, TRIANGLE, 56), "f15": (ODDS, TRIANGLE, 64),
    "g15": (ODDS, SQUARE, 120), "h15": (ODDS, PYRAMID, 190),
    "a16": (ODDS, SQUARE, 49), "b16": (ODDS, SQUARE, 121), "g16": (ODDS, SQUARE, 225),
    "h16": (ODDS, SQUARE, 361),
}


def camp_of(square: int) -> int:
    """Whose camp a square lies in: Evens hold ranks 1-8, Odds ranks 9-16 (A1)."""
    return EVENS if square // WIDTH < HEIGHT // 2 else ODDS


def square_name(square: int) -> str:
    return f"{FILES[square % WIDTH]}{square // WIDTH + 1}"


def parse_square(text: str) -> int | None:
    """Square number of a name like `d13`, or None if it is not a square of the board."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit() or text[1] == "0":
        return None
    rank = int(text[1:])
    if not 1 <= rank <= HEIGHT:
        return None
    return (rank - 1) * WIDTH + FILES.index(text[0])


def _neighbours(square: int) -> tuple[int, ...]:
    x, y = square % WIDTH, square // WIDTH
    out = []
    for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT:
            out.append((y + dy) * WIDTH + x + dx)
    return tuple(out)


def _rays(square: int) -> tuple[tuple[int, ...], ...]:
    x, y = square % WIDTH, square // WIDTH
    out = []
    for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        ray = []
        cx, cy = x + dx, y + dy
        while 0 <= cx < WIDTH and 0 <= cy < HEIGHT:
            ray.append(cy * WIDTH + cx)
            cx, cy = cx + dx, cy + dy
        out.append(tuple(ray))
    return tuple(out)


#: Orthogonal neighbours of each square (on the board only).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in range(SQUARES))
#: The four straight lines leaving each square (up, right, down, left), nearest square first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_rays(s) for s in range(SQUARES))
