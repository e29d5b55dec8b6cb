"""Abalone start positions as data (docs/rules/abalone.md §3), plus the random start and handicap removal.

Each start lists Black's and White's cells in the official notation. The variant id is the
reference's name in lower case with hyphens ("belgian-daisy"). Everything here is pure data or
deterministic functions of a seed, so a start can always be rebuilt from the saved options.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import bitboard


@dataclass(frozen=True)
class Start:
    """One named start: `black` and `white` are space-separated cell names."""

    id: str
    title: str
    black: str
    white: str
    description: str


STARTS: tuple[Start, ...] = (
    Start("standard", "Standard",
          "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5",
          "I5 I6 I7 I8 I9 H4 H5 H6 H7 H8 H9 G5 G6 G7",
          "The rulebook start: each side fills its two back rows and the middle of the third."),
    Start("belgian-daisy", "Belgian Daisy",
          "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
          "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
          "The usual tournament start: two seven-marble flowers each, facing each other."),
    Start("german-daisy", "German Daisy",
          "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
          "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
          "Like the Belgian Daisy, with the flowers one row further in."),
    Start("dutch-daisy", "Dutch Daisy",
          "A1 A2 B1 B3 B5 C2 C3 G7 G8 H5 H7 H9 I8 I9",
          "A4 A5 B2 B4 B6 C5 C6 G4 G5 H4 H6 H8 I5 I6",
          "The Belgian Daisy with rows B and H alternating colours."),
    Start("swiss-daisy", "Swiss Daisy",
          "B1 B2 C1 C3 C6 D2 D3 F7 F8 G4 G7 G9 H8 H9",
          "B5 B6 C2 C5 C7 D6 D7 F3 F4 G3 G5 G8 H4 H5",
          "The German Daisy with the centre marble of each flower swapped."),
    Start("domination", "Domination",
          "B1 C1 C2 D1 D2 D3 E4 E6 F7 F8 F9 G8 G9 H9",
          "B6 C6 C7 D5 D6 D7 D8 F2 F3 F4 F5 G3 G4 H4",
          "Two wedges each, not colour-symmetric."),
    Start("pyramid", "Pyramid",
          "A5 B5 B6 C5 C6 C7 D5 D6 D7 D8 E6 E7 E8 E9",
          "E1 E2 E3 E4 F2 F3 F4 F5 G3 G4 G5 H4 H5 I5",
          "One big triangle each, on opposite sides of the board."),
    Start("the-wall", "The Wall",
          "A3 C2 C3 C4 C5 C6 D1 D2 D3 D4 D5 D6 D7 D8",
          "F2 F3 F4 F5 F6 F7 F8 F9 G4 G5 G6 G7 G8 I7",
          "Two long walls face each other across the middle row."),
    Start("snakes", "Snakes",
          "A1 A2 A3 A4 A5 B6 C7 D8 E8 F4 F5 F6 F7 F8",
          "D2 D3 D4 D5 D6 E2 F2 G3 H4 I5 I6 I7 I8 I9",
          "Each side is one long winding line."),
    Start("alien-attack", "Alien Attack",
          "A1 A3 A5 B2 B5 C2 C4 C6 D4 D5 G5 G7 H6 H7",
          "B3 B4 C3 C5 F5 F6 G4 G6 G8 H5 H8 I5 I7 I9",
          "Scattered marbles with raiders already in the enemy camp."),
)

START_BY_ID: dict[str, Start] = {s.id: s for s in STARTS}

ROW_LETTERS = "ABCDEFGHI"


def cell_name(cell: int) -> str:
    """Official name of a cell, e.g. 'E5' (upper case)."""
    r, d = bitboard.row_number(cell)
    return f"{ROW_LETTERS[r - 1]}{d}"


def parse_cell(text: str) -> int:
    """Bit index of a cell name such as 'e5' or 'E5'; ValueError with a reason otherwise."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in ROW_LETTERS or not t[1].isdigit():
        raise ValueError(f"{text!r} is not a cell name (a row A–I and a number 1–9, like E5)")
    r, d = ROW_LETTERS.index(t[0]) + 1, int(t[1])
    if not bitboard.on_board(r, d):
        raise ValueError(f"{t} is not a cell of the board (row {t[0]} has "
                         f"{max(1, r - 4)}–{min(9, r + 4)})")
    return bitboard.index(r, d)


def cells_mask(names: str | list[str] | tuple[str, ...]) -> int:
    """Mask of cells named in a space-separated string or a list of names."""
    items = names.split() if isinstance(names, str) else list(names)
    mask = 0
    for n in items:
        mask |= 1 << parse_cell(n)
    return mask


def image(cell: int) -> int:
    """The cell's image under the half-turn about E5: (r, d) -> (10 - r, 10 - d)."""
    return 2 * bitboard.CENTRE - cell


def random_start(seed: int, safe: bool = False, blocked: int = 0) -> tuple[int, int]:
    """(black, white) masks of the random start of §7.7 for `seed`.

    14 of the 30 half-turn pairs are drawn; in each, a coin gives one cell to Black and its
    image to White, so the position is fair. With `safe`, draws are repeated (same random
    stream) until Black has no ejecting push on move 1. Pairs touching a `blocked` cell
    (obstacle, hole, pivot) are left out [our choice], so the variants combine.
    """
    rng = random.Random(seed)
    pairs = sorted({min(c, image(c)) for c in bitboard.CELLS
                    if c != bitboard.CENTRE and not (blocked >> c) & 1
                    and not (blocked >> image(c)) & 1})
    if len(pairs) < 14:
        raise ValueError("too many blocked cells for a random start")
    while True:
        black = white = 0
        for c in rng.sample(pairs, 14):
            if rng.random() < 0.5:
                c = image(c)
            black |= 1 << c
            white |= 1 << image(c)
        if not safe or bitboard.ejection_threats(black, white, 0) == 0:
            return black, white


#: §7.2 [reference's choice]: removal order for a material handicap from the standard start.
STANDARD_REMOVAL: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("A1", "A5", "A2", "A4", "A3"),
    ("I9", "I5", "I8", "I6", "I7"),
)


def removal_order(start_id: str, colour: int, marbles: int) -> list[int]:
    """Cells a material handicap removes first for `colour` (0 Black, 1 White).

    Standard start: the reference's order. Other starts [our choice]: the marbles farthest
    from the centre first, Black's in notation order and White's in the reverse order (the
    half-turn image of Black's rule), so the choice is fixed and symmetric.
    """
    if start_id == "standard":
        return [parse_cell(n) for n in STANDARD_REMOVAL[colour]]
    cells = bitboard.bits(marbles)
    if colour == 0:
        return sorted(cells, key=lambda c: (-bitboard.ring(c), c))
    return sorted(cells, key=lambda c: (-bitboard.ring(c), -c))
