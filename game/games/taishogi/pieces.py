"""Tai Shogi's pieces as data: the kinds, the royals, the camp, the option alternatives and
the Maka-dai-dai rule, read from the data file `pieces.txt` beside this module (its move
column is the piece notation of docs/piece-notation.md), and what the piece engine makes of
them for a set of options (`spec_of`).

Every fact about a piece is in the file; this module only reads and checks it — an unknown
atom, kind or promotion target is an error naming the file and the line, at import.

Squares: the engine numbers squares `rank * width + file`; we hand it our own numbering,
`row * 25 + col` with row 0 = rank a at the top and col 0 = file 25, so no square is ever
converted. Black therefore moves *down* the engine's ranks: the moves are read with forward
= -1, and the half-turn orientation gives White's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.pieces import betza, datafile
from game.pieces.atoms import Atom
from game.pieces.kinds import GameSpec, PieceKind, Promotion

SIZE = 25
FILE = datafile.read(Path(__file__).with_name("pieces.txt"))
KIND_COLUMNS = ("abbr", "name", "kanji", "romaji", "value", "move", "tsa", "ludii", "source")
SOURCES = ("setup", "tsa", "ludii")


@dataclass(frozen=True, slots=True)
class Kind:
    """One row of the kinds table."""

    abbr: str
    name: str
    kanji: str
    romaji: str
    value: int
    move: str
    promotes_tsa: str | None
    promotes_ludii: str | None
    source: str  # "setup", "tsa" (promoted-only, TSA) or "ludii" (promoted-only, Ludii)
    royal: bool
    line: int


def _read_kinds(file: datafile.PiecesFile) -> dict[str, Kind]:
    royals = tuple(w for _n, text in file.section("royals").lines for w in text.split())
    kinds: dict[str, Kind] = {}
    rows = file.table(file.section("kinds"), KIND_COLUMNS)
    for row in rows:
        abbr = row["abbr"]
        if abbr in kinds:
            raise file.error(row.line, f"kind {abbr} twice in the table")
        if row["source"] not in SOURCES:
            raise file.error(row.line, f"source is one of {', '.join(SOURCES)}")
        file.move(row, forward=-1)
        tsa = row.get("tsa")
        ludii = tsa if row["ludii"] == "same" else row.get("ludii")
        if not row["value"].isdigit():
            raise file.error(row.line, f"value {row['value']!r} is not a whole number")
        kinds[abbr] = Kind(abbr, row["name"], row["kanji"], row["romaji"], int(row["value"]),
                           row["move"], tsa, ludii, row["source"], abbr in royals, row.line)
    for k in kinds.values():
        for target in (k.promotes_tsa, k.promotes_ludii):
            if target is not None and target not in kinds:
                raise file.error(k.line, f"{k.abbr} promotes to unknown kind {target}")
    for royal in royals:
        if royal not in kinds:
            raise file.error(file.section("royals").line, f"royal {royal} is not a kind")
    return kinds


def _read_pairs(file: datafile.PiecesFile, kinds: dict[str, Kind], section: str
                ) -> dict[str, str]:
    out = {}
    for row in file.table(file.section(*section.split()), ("kind", "becomes")):
        for abbr in (row["kind"], row["becomes"]):
            if abbr not in kinds:
                raise file.error(row.line, f"{abbr} is not a kind")
        out[row["kind"]] = row["becomes"]
    return out


@dataclass(frozen=True, slots=True)
class Alternative:
    """Under option `option` = `value`, kind `kind` moves as `move` (None: as its row) and
    promotes to `promotes` (None: as its row; "never": not at all)."""

    option: str
    value: str
    kind: str
    move: str | None
    promotes: str | None


def _read_alternatives(file: datafile.PiecesFile, kinds: dict[str, Kind]
                       ) -> tuple[Alternative, ...]:
    out = []
    rows = file.table(file.section("alternatives"), ("option", "value", "kind", "move", "promotes"))
    for row in rows:
        if row["kind"] not in kinds:
            raise file.error(row.line, f"{row['kind']} is not a kind")
        move = row.get("move")
        if move is not None:
            file.move(row, forward=-1)
        promotes = row.get("promotes")
        if promotes not in (None, "never") and promotes not in kinds:
            raise file.error(row.line, f"{promotes} is not a kind")
        out.append(Alternative(row["option"], row["value"], row["kind"], move, promotes))
    return tuple(out)


def square(file: int, rank: int) -> int:
    """Index of TSA square (file 1–25 counted from Black's right, rank 1–25 = a–y)."""
    return (rank - 1) * SIZE + (SIZE - file)


def square_name(sq: int) -> str:
    """TSA name of a square index: `13y` for Black's Emperor."""
    row, col = divmod(sq, SIZE)
    return f"{SIZE - col}{chr(ord('a') + row)}"


def _read_setup(file: datafile.PiecesFile, kinds: dict[str, Kind]
                ) -> tuple[tuple[int, int, str], ...]:
    """(square, owner, kind) for both camps; owner 0 = Black, 1 = White (point mirror)."""
    placed: list[tuple[int, int, str]] = []
    for line, text in file.section("camp").lines:
        rank_letter, *cells = text.split()
        if len(cells) != SIZE:
            raise file.error(line, f"rank {rank_letter} has {len(cells)} squares")
        rank = ord(rank_letter) - ord("a") + 1
        for col, abbr in enumerate(cells):
            if abbr == ".":
                continue
            if abbr not in kinds:
                raise file.error(line, f"unknown kind {abbr} on rank {rank_letter}")
            sq = square(SIZE - col, rank)
            placed.append((sq, 0, abbr))
            placed.append((SIZE * SIZE - 1 - sq, 1, abbr))
    return tuple(sorted(placed))


@dataclass(frozen=True)
class Table:
    """Everything the pieces file says (see the module docstring)."""

    kinds: dict[str, Kind]
    capturer_becomes: dict[str, str]
    alternatives: tuple[Alternative, ...]
    setup: tuple[tuple[int, int, str], ...]


def read(file: datafile.PiecesFile) -> Table:
    """Read and check a Tai Shogi pieces file (a mistake is a DataError with its line)."""
    kinds = _read_kinds(file)
    return Table(kinds, _read_pairs(file, kinds, "capturer becomes"),
                 _read_alternatives(file, kinds), _read_setup(file, kinds))


TABLE = read(FILE)
KINDS: dict[str, Kind] = TABLE.kinds
#: Kind abbreviations in table order; a kind's number is its index here plus one.
ORDER: tuple[str, ...] = tuple(KINDS)
#: Royal kinds: the side that has none of them left has lost (§4.1).
ROYALS: tuple[str, ...] = tuple(k for k in ORDER if KINDS[k].royal)
#: The Maka-dai-dai rule (§4.3): capturing one of these turns the capturer into the other kind.
CAPTURER_BECOMES: dict[str, str] = TABLE.capturer_becomes
ALTERNATIVES: tuple[Alternative, ...] = TABLE.alternatives
#: (square, owner, kind) of both camps at the start.
SETUP: tuple[tuple[int, int, str], ...] = TABLE.setup


# -- the options applied: what the engine plays -------------------------------------------------

def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _alternative(options: Mapping[str, Any], abbr: str) -> list[Alternative]:
    return [a for a in ALTERNATIVES
            if a.kind == abbr and _option_text(options.get(a.option)) == a.value]


def move_text(options: Mapping[str, Any], abbr: str) -> str:
    """The move of a kind under these options (its row, or a §5.4 alternative)."""
    for alt in _alternative(options, abbr):
        if alt.move is not None:
            return alt.move
    return KINDS[abbr].move


def move_items(options: Mapping[str, Any], abbr: str) -> tuple[betza.Item, ...]:
    """The move of a kind under these options, item by item as written (for words)."""
    return betza.parse(move_text(options, abbr))


def promotes_to(options: Mapping[str, Any], abbr: str) -> str | None:
    """What an unpromoted man of this kind becomes when it captures (None: it stays)."""
    for alt in _alternative(options, abbr):
        if alt.promotes is not None:
            return None if alt.promotes == "never" else alt.promotes
    k = KINDS[abbr]
    return k.promotes_tsa if options["promotion_table"] == "tsa" else k.promotes_ludii


def atoms(options: Mapping[str, Any], abbr: str) -> tuple[Atom, ...]:
    """The engine atoms of a kind under these options (Black's, moving down the ranks)."""
    return betza.atoms(move_text(options, abbr), forward=-1, protection=options["emperor"])


def spec_of(options: Mapping[str, Any]) -> GameSpec:
    """The engine spec of a full set of options (kinds in table order: kind k is code k)."""
    return _spec(tuple(sorted(options.items())))


@lru_cache(maxsize=32)
def _spec(items: tuple[tuple[str, Any], ...]) -> GameSpec:
    o = dict(items)
    promoted_only = o["promotion_rule"] == "promoted_only"
    becomes = CAPTURER_BECOMES if o["deva_rule"] else {}
    kinds = []
    for abbr in ORDER:
        k = KINDS[abbr]
        target = promotes_to(o, abbr)
        promo = Promotion((target,), optional=promoted_only, when="capture",
                          forced_when="captures_promoted" if promoted_only else "never") \
            if target else None
        kinds.append(PieceKind(abbr, abbr, k.name, atoms(o, abbr), royal=k.royal,
                               value=k.value, promotion=promo,
                               capturer_becomes=becomes.get(abbr),
                               extra={"kanji": k.kanji, "romaji": k.romaji}))
    return GameSpec(SIZE, SIZE, tuple(kinds), orientation="rotate", legality="royals",
                    stalemate="loss", repetition=0, move_rule=0, mark_promoted=True)
