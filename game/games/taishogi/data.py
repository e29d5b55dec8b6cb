"""Reads the Tai Shogi tables of `table.py` into kinds, promotion maps and the start position.

Small generic code: every fact about a piece is in the table, this only parses and checks it
(an unknown direction, atom or promotion target is an error at import, not a silent gap).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import table

SIZE = 25
#: Direction names relative to the piece's owner, and the groups the table may use.
DIRECTIONS = ("F", "B", "L", "R", "FL", "FR", "BL", "BR")
DIRECTION_GROUPS = {
    "orth": ("F", "B", "L", "R"),
    "diag": ("FL", "FR", "BL", "BR"),
    "all": DIRECTIONS,
}
#: atom name -> whether it takes directions
ATOMS = {"step": True, "slide": True, "jump": True, "knight": False, "lion": False,
         "lionline": True, "lion3": True, "hook": True, "universal": False}
SLIDE_LIMITS = (2, 3, 5)


@dataclass(frozen=True, slots=True)
class Atom:
    """One way of moving: `name` from ATOMS, owner-relative `dirs`, `limit` for slideN."""

    name: str
    dirs: tuple[str, ...] = ()
    limit: int = 0


@dataclass(frozen=True, slots=True)
class Kind:
    """One row of the table."""

    abbr: str
    name: str
    kanji: str
    romaji: str
    value: int
    move: str
    promotes_tsa: str | None
    promotes_ludii: str | None
    source: str  # "setup", "tsa" (promoted-only, TSA) or "ludii" (promoted-only, Ludii)

    @property
    def royal(self) -> bool:
        return self.abbr in table.ROYALS


def parse_move(text: str) -> tuple[Atom, ...]:
    """Read a move string such as `slide2:F,B slide:L,R step:FL` into atoms."""
    atoms: list[Atom] = []
    for token in text.split():
        name, _, dir_text = token.partition(":")
        limit = 0
        if name.startswith("slide") and name != "slide":
            limit = int(name[5:])
            if limit not in SLIDE_LIMITS:
                raise ValueError(f"slide limit {limit} in {text!r}")
            name = "slide"
        if name not in ATOMS:
            raise ValueError(f"unknown atom {name!r} in {text!r}")
        dirs: list[str] = []
        for d in filter(None, dir_text.split(",")):
            group = DIRECTION_GROUPS.get(d, (d,))
            for g in group:
                if g not in DIRECTIONS:
                    raise ValueError(f"unknown direction {d!r} in {text!r}")
                if g not in dirs:
                    dirs.append(g)
        if ATOMS[name] != bool(dirs):
            raise ValueError(f"atom {name!r} {'needs' if ATOMS[name] else 'takes no'} directions")
        atoms.append(Atom(name, tuple(dirs), limit))
    return tuple(atoms)


def _read_kinds() -> dict[str, Kind]:
    kinds: dict[str, Kind] = {}
    for line in table.KINDS.strip().splitlines():
        cells = [c.strip() for c in line.split("|")]
        abbr, name, kanji, romaji, value, move, tsa, ludii, source = cells
        if abbr in kinds:
            raise ValueError(f"kind {abbr} twice in the table")
        promotes_tsa = None if tsa == "-" else tsa
        promotes_ludii = promotes_tsa if ludii == "same" else (None if ludii == "-" else ludii)
        parse_move(move)
        kinds[abbr] = Kind(abbr, name, kanji, romaji, int(value), move, promotes_tsa,
                           promotes_ludii, source)
    for k in kinds.values():
        for target in (k.promotes_tsa, k.promotes_ludii):
            if target is not None and target not in kinds:
                raise ValueError(f"{k.abbr} promotes to unknown kind {target}")
    return kinds


KINDS: dict[str, Kind] = _read_kinds()
#: Kind abbreviations in table order; a kind's number is its index here plus one.
ORDER: tuple[str, ...] = tuple(KINDS)


def square(file: int, rank: int) -> int:
    """Index of TSA square (file 1–25 counted from Black's right, rank 1–25 = a–y)."""
    return (rank - 1) * SIZE + (SIZE - file)


def square_name(sq: int) -> str:
    """TSA name of a square index: `13y` for Black's Emperor."""
    row, col = divmod(sq, SIZE)
    return f"{SIZE - col}{chr(ord('a') + row)}"


def _read_setup() -> tuple[tuple[int, int, str], ...]:
    """(square, owner, kind) for both camps; owner 0 = Black, 1 = White (point mirror)."""
    placed: list[tuple[int, int, str]] = []
    for line in table.BLACK_CAMP.strip().splitlines():
        rank_letter, *cells = line.split()
        if len(cells) != SIZE:
            raise ValueError(f"rank {rank_letter} has {len(cells)} squares")
        rank = ord(rank_letter) - ord("a") + 1
        for col, abbr in enumerate(cells):
            if abbr == ".":
                continue
            if abbr not in KINDS:
                raise ValueError(f"unknown kind {abbr} on rank {rank_letter}")
            sq = square(SIZE - col, rank)
            placed.append((sq, 0, abbr))
            placed.append((SIZE * SIZE - 1 - sq, 1, abbr))
    return tuple(sorted(placed))


SETUP: tuple[tuple[int, int, str], ...] = _read_setup()
