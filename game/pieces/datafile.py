"""The pieces files: a game's kinds, promotions and start written as text (`pieces.txt`).

One format for every piece game (docs/piece-notation.md):

    # a comment line
    [kinds]
    id   | letter | name | value | move
    king | K      | King | 0     | K

A `[section]` (with optional words after its name: `[promotions jocly]`) holds either a table
— a header of column names, then one row per line, cells separated by `|` — or free lines
(a start position) that its game reads itself. Every cell is stripped; `-` is an empty cell.
The move column is the piece notation of betza.py.

Anything wrong is a `DataError` naming the file, the line and the reason, raised while the
game's module is imported: a bad file never yields a half-read game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from . import betza
from .atoms import Atom, Protection
from .kinds import Castling, PieceKind, Promotion


class DataError(ValueError):
    """A pieces file that cannot be read: `path:line: reason`."""

    def __init__(self, path: str | Path, line: int, reason: str) -> None:
        super().__init__(f"{path}:{line}: {reason}")
        self.path = str(path)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class Row:
    """One table row: its line in the file and its cells by column name."""

    line: int
    cells: dict[str, str]

    def __getitem__(self, column: str) -> str:
        return self.cells[column]

    def get(self, column: str) -> str | None:
        """The cell, or None when it is `-` or empty."""
        value = self.cells.get(column, "")
        return None if value in ("", "-") else value


@dataclass
class Section:
    """A `[name words...]` section: its raw lines (number, text) as written."""

    name: str
    words: tuple[str, ...]
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class PiecesFile:
    """A read pieces file: its sections in order (see the module docstring)."""

    path: Path
    sections: list[Section]

    def error(self, line: int, reason: str) -> DataError:
        return DataError(self.path, line, reason)

    def section(self, name: str, *words: str) -> Section:
        for s in self.sections:
            if s.name == name and s.words == words:
                return s
        raise DataError(self.path, 0, f"no section [{' '.join((name, *words))}]")

    def has(self, name: str, *words: str) -> bool:
        return any(s.name == name and s.words == words for s in self.sections)

    def sections_named(self, name: str) -> Iterator[Section]:
        return (s for s in self.sections if s.name == name)

    def table(self, section: Section, columns: tuple[str, ...]) -> list[Row]:
        """The rows of a table section whose header must be exactly `columns`."""
        if not section.lines:
            raise self.error(section.line, f"[{section.name}] is empty: it needs a header")
        header_line, header = section.lines[0]
        names = tuple(c.strip() for c in header.split("|"))
        if names != columns:
            raise self.error(header_line, f"the columns of [{section.name}] are "
                                          f"{' | '.join(columns)}, not {' | '.join(names)}")
        rows = []
        for number, text in section.lines[1:]:
            cells = [c.strip() for c in text.split("|")]
            if len(cells) != len(columns):
                raise self.error(number, f"{len(cells)} cells, the header has {len(columns)}")
            rows.append(Row(number, dict(zip(columns, cells, strict=True))))
        return rows

    def move(self, row: Row | tuple[int, str], column: str = "move", forward: int = 1,
             protection: Protection = "refined") -> tuple[Atom, ...]:
        """A move cell read by the piece notation; a wrong one is this file's error."""
        line, text = (row.line, row[column]) if isinstance(row, Row) else row
        try:
            return betza.atoms(text, forward, protection)
        except betza.NotationError as exc:
            raise self.error(line, f"{column} {text!r}: {exc.reason} (column {exc.column + 1} "
                                   f"of the move)") from None

    def items(self, row: Row, column: str = "move") -> tuple[betza.Item, ...]:
        """A move cell's items as written (for a card's words)."""
        try:
            return betza.parse(row[column])
        except betza.NotationError as exc:
            raise self.error(row.line, f"{column} {row[column]!r}: {exc.reason}") from None


def parse(text: str, path: str | Path = "<text>") -> PiecesFile:
    """Read a pieces file's text (see the module docstring)."""
    sections: list[Section] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if not line.endswith("]") or len(line) < 3:
                raise DataError(path, number, f"a section starts as [name], not {line!r}")
            name, *words = line[1:-1].split()
            if any(s.name == name and s.words == tuple(words) for s in sections):
                raise DataError(path, number, f"section [{line[1:-1]}] twice")
            sections.append(Section(name, tuple(words), number))
            continue
        if not sections:
            raise DataError(path, number, "a line before the first [section]")
        sections[-1].lines.append((number, line))
    return PiecesFile(Path(path), sections)


def read(path: str | Path) -> PiecesFile:
    """Read the pieces file at `path` (UTF-8)."""
    p = Path(path)
    return parse(p.read_text(encoding="utf-8"), p)


# -- what the square-board games' files share: kinds, promotions, castlings -------------------

KIND_COLUMNS = ("id", "letter", "name", "value", "move", "summary")
PROMOTION_COLUMNS = ("kind", "becomes", "optional", "squares")
CASTLING_COLUMNS = ("letter", "king", "rook", "king from", "king to", "rook from", "rook to")


def square(file: PiecesFile, line: int, name: str) -> tuple[int, int]:
    """(file, rank) from 0 of a square name such as `e1` or `p16` (White's side)."""
    letter, digits = name[:1], name[1:]
    if not ("a" <= letter <= "z") or not digits.isdigit() or int(digits) < 1:
        raise file.error(line, f"{name!r} is not a square (a letter and a rank: e1, p16)")
    return ord(letter) - ord("a"), int(digits) - 1


def _yes(file: PiecesFile, row: Row, column: str) -> bool:
    value = row[column]
    if value not in ("yes", "no"):
        raise file.error(row.line, f"{column} is yes or no, not {value!r}")
    return value == "yes"


def promotions(file: PiecesFile, section: Section) -> dict[str, Promotion]:
    """A `[promotions ...]` table: kind id -> its Promotion (on the last rank, or on the
    squares listed)."""
    out: dict[str, Promotion] = {}
    ids = {row["id"] for row in file.table(file.section("kinds"), KIND_COLUMNS)}
    for row in file.table(section, PROMOTION_COLUMNS):
        for kid in (row["kind"], *row["becomes"].split()):
            if kid not in ids:
                raise file.error(row.line, f"{kid!r} is not a kind of [kinds]")
        if row["kind"] in out:
            raise file.error(row.line, f"{row['kind']!r} promotes twice")
        squares = tuple(square(file, row.line, s) for s in (row.get("squares") or "").split())
        out[row["kind"]] = Promotion(tuple(row["becomes"].split()), _yes(file, row, "optional"),
                                     squares=squares)
    return out


def castlings(file: PiecesFile, section: Section) -> tuple[Castling, ...]:
    """A `[castling]` table as Castling rows."""
    out = []
    for row in file.table(section, CASTLING_COLUMNS):
        at = [square(file, row.line, row[c]) for c in CASTLING_COLUMNS[3:]]
        out.append(Castling(row["letter"], row["king"], row["rook"], *at))
    return tuple(out)


def kinds(file: PiecesFile, promotion: dict[str, Promotion],
          adds: Section | None = None) -> tuple[PieceKind, ...]:
    """The `[kinds]` table of a square-board game as PieceKinds: the `king` is royal, the
    promotions are `promotion`'s, `adds` (a table kind | adds) appends moves to some kinds,
    and each kind's `summary` (its move in a few words) rides along for cards and help."""
    rows = file.table(file.section("kinds"), KIND_COLUMNS)
    ids = [row["id"] for row in rows]
    extra: dict[str, tuple[Atom, ...]] = {}
    if adds is not None:
        for row in file.table(adds, ("kind", "adds")):
            if row["kind"] not in ids:
                raise file.error(row.line, f"no kind {row['kind']!r} in [kinds]")
            extra[row["kind"]] = file.move(row, "adds")
    out: list[PieceKind] = []
    for row in rows:
        if any(k.id == row["id"] for k in out):
            raise file.error(row.line, f"kind {row['id']!r} twice")
        try:
            value = int(row["value"])
        except ValueError:
            raise file.error(row.line, f"value {row['value']!r} is not a whole number") from None
        atoms = file.move(row) + extra.get(row["id"], ())
        out.append(PieceKind(row["id"], row["letter"], row["name"], atoms,
                             royal=row["id"] == "king", value=value,
                             promotion=promotion.get(row["id"]),
                             extra={"summary": row["summary"]}))
    return tuple(out)


def start(file: PiecesFile) -> str:
    """The one line of the `[start]` section (a position text)."""
    lines = file.section("start").lines
    if len(lines) != 1:
        raise file.error(file.section("start").line, "[start] holds one position, on one line")
    return lines[0][1]
