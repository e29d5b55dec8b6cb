"""The 536: the catalogue of distinct Ostomachion squares and the player's collection of them.

Pure (no pygame). The catalogue is levels/ostomachion/the-536.json, written by
tools/ostomachion_solutions.py from the solver (game/games/ostomachion/solver.py): every
distinct solution in number order. This module reads it, recognises a square the player has
built (up to the square's symmetries and the twins, exactly: corners are snapped to the grid
and the tiling is checked in integers), keeps the collection of solutions found with the date
of each, and picks hints that lead toward a solution not found yet.

The collection is its own small file beside the puzzle progress (`ostomachion-536.json` in the
data folder), read and written with the same safe functions as the progress: atomic writes; a
damaged file is set aside as `.bad` with a notice, and the numbers that can be read are kept.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.engine import storage
from game.games.ostomachion import solver
from game.games.ostomachion.solver import Poly, Tiling, Vec
from game.i18n import _
from game.resources import levels_dir

CATALOGUE_FORMAT = 1
COLLECTION_FORMAT = 1
COLLECTION_FILE = "ostomachion-536.json"
#: A placed corner counts as on the grid point within this distance (snapping leaves ~1e-15;
#: a piece visibly off the grid never passes: the nearest other lattice point is 1 away).
SNAP = 0.05


class CatalogueError(ValueError):
    """The catalogue file is missing or wrong; the message names the file and the problem."""


def catalogue_path() -> Path:
    return levels_dir("ostomachion") / "the-536.json"


def parse_catalogue(data: Any, where: str = "the catalogue") -> tuple[Tiling, ...]:
    """The solutions of a catalogue's JSON data, checked: each decodes to a tiling in canonical
    form, and they are in strictly increasing order (which is their numbering)."""
    return tuple(t for t, _ in _parse(data, where))


def _parse(data: Any, where: str) -> list[tuple[Tiling, tuple[Tiling, ...]]]:
    """parse_catalogue's work: each solution with its eight images (symmetry o = item o)."""
    if not isinstance(data, dict) or data.get("format") != CATALOGUE_FORMAT:
        raise CatalogueError(f"{where}: not a catalogue of format {CATALOGUE_FORMAT}")
    codes = data.get("solutions")
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise CatalogueError(f"{where}: 'solutions' should be a list of texts")
    out: list[tuple[Tiling, tuple[Tiling, ...]]] = []
    for n, code in enumerate(codes, start=1):
        try:
            tiling = solver.decode(code)
        except ValueError as exc:
            raise CatalogueError(f"{where}: solution {n}: {exc}") from None
        images = tuple(solver.transformed(tiling, o) for o in range(8))
        if min(images) != tiling:
            raise CatalogueError(f"{where}: solution {n} is not in canonical form")
        if out and not out[-1][0] < tiling:
            raise CatalogueError(f"{where}: solution {n} is out of order")
        out.append((tiling, images))
    if data.get("distinct") != len(out):
        raise CatalogueError(f"{where}: says {data.get('distinct')} solutions, lists {len(out)}")
    return out


def load_catalogue(path: Path | None = None) -> tuple[Tiling, ...]:
    """The distinct solutions in number order (solution n is item n - 1)."""
    return tuple(t for t, _ in _load(path))


@cache
def _load(path: Path | None) -> list[tuple[Tiling, tuple[Tiling, ...]]]:
    path = path if path is not None else catalogue_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CatalogueError(f"{path}: cannot be read ({exc})") from None
    return _parse(data, str(path))


@dataclass(frozen=True)
class Catalogue:
    """The numbered solutions with what recognising and hinting need, computed once.

    `images[n - 1][o]` is solution n under symmetry o, as a set of (shape, corners) spots;
    `numbers` maps every one of the 8 x 536 images to its number, so recognising a square is a
    look-up.
    """

    solutions: tuple[Tiling, ...]
    images: tuple[tuple[frozenset[tuple[int, Poly]], ...], ...]
    numbers: dict[Tiling, int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", {
            tuple(sorted(img)): n for n, imgs in enumerate(self.images, 1) for img in imgs})

    def __len__(self) -> int:
        return len(self.solutions)

    def number(self, tiling: Tiling) -> int | None:
        """The number of a tiling's solution (any of its symmetric copies), None if unknown."""
        return self.numbers.get(tuple(sorted(tiling)))

    def pieces(self, number: int) -> tuple[Poly, ...]:
        """Solution `number` as one polygon per piece (index order), in its catalogue
        position (the canonical form)."""
        return solver.label(self.solutions[number - 1])

    def shown(self, number: int) -> tuple[Poly, ...]:
        """Solution `number` turned the way every picture of a solution stands (`upright`), as
        one polygon per piece, for drawing side by side."""
        upright = min(self.images[number - 1], key=_upright_key)
        return solver.label(tuple(sorted(upright)))


def _upright_key(image: frozenset[tuple[int, Poly]]) -> tuple[object, ...]:
    """Orders a solution's eight positions: first those whose long thin triangle (the piece
    as long as the square's side) stands upright, furthest left, its third corner low; then
    the canonical order. Canonical forms alone lay that triangle upright on the left edge in
    some solutions and across the middle in others, so cards side by side looked turned."""
    poly = next(p for c, p in image if c == 0)  # shape class 0: piece 1, that triangle
    for a, b in ((0, 1), (1, 2), (0, 2)):
        if poly[a][0] == poly[b][0] and abs(poly[a][1] - poly[b][1]) == solver.SIDE:
            third = poly[3 - a - b]
            return (0, poly[a][0], third[1], tuple(sorted(image)))
    return (1, 0, 0, tuple(sorted(image)))


@cache
def catalogue(path: Path | None = None) -> Catalogue:
    """The catalogue file read and indexed once (CatalogueError if it is missing or wrong)."""
    entries = _load(path)
    return Catalogue(tuple(t for t, _ in entries),
                     tuple(tuple(frozenset(img) for img in imgs) for _, imgs in entries))


# --------------------------------------------------------------------------------------------
# Recognising the player's square


def snapped(ring: Sequence[tuple[float, float]], origin: tuple[float, float] = (0.0, 0.0)
            ) -> Poly | None:
    """A placed piece's corners as grid points (relative to `origin`), None if one is off."""
    out: list[Vec] = []
    for x, y in ring:
        gx, gy = round(x - origin[0]), round(y - origin[1])
        if abs(x - origin[0] - gx) > SNAP or abs(y - origin[1] - gy) > SNAP:
            return None
        out.append((int(gx), int(gy)))
    return tuple(out)


def on_grid(rings: Sequence[Sequence[tuple[float, float]]],
            origin: tuple[float, float] = (0.0, 0.0)) -> dict[int, Poly]:
    """The pieces (by index) lying on the grid inside the square, corners snapped."""
    out: dict[int, Poly] = {}
    for i, ring in enumerate(rings):
        poly = snapped(ring, origin)
        if poly is not None and all(0 <= x <= solver.SIDE and 0 <= y <= solver.SIDE
                                    for x, y in poly):
            out[i] = poly
    return out


def as_tiling(polys: Mapping[int, Poly]) -> Tiling | None:
    """The tiling made by all fourteen pieces (by index), if they rebuild the square exactly."""
    if sorted(polys) != list(range(len(solver.PIECES))):
        return None
    classes = solver.shape_classes()
    tiling = tuple(sorted((classes[i], solver.key(p)) for i, p in polys.items()))
    return tiling if solver.is_tiling(tiling) else None


def recognise(cat: Catalogue, rings: Sequence[Sequence[tuple[float, float]]],
              origin: tuple[float, float] = (0.0, 0.0)) -> int | None:
    """The number of the solution the player's pieces make, None if they make no square."""
    tiling = as_tiling(on_grid(rings, origin))
    return None if tiling is None else cat.number(tiling)


# --------------------------------------------------------------------------------------------
# Hints


@dataclass(frozen=True)
class Hint:
    """Lay piece `piece` on `poly` toward solution `number` (not found yet).

    `solution` is that solution, in the position chosen, as one polygon per piece (index order,
    corners in the piece's own order): the pieces in `keep` are already where it wants them
    and keep their places (a twin keeps its own), the hinted piece is given `poly`.
    """

    number: int
    piece: int
    poly: Poly
    keep: frozenset[int]
    solution: tuple[Poly, ...]


def hint(cat: Catalogue, found: Sequence[int] | set[int],
         placed: Mapping[int, Poly]) -> Hint | None:
    """One more piece of a solution not found yet, agreeing with the player's pieces if any
    unfound solution (in one of its eight positions) does, else with as many as possible.

    Ties go to the lowest number, then the first position; the piece laid is the largest
    one missing (then the first in sorted order). None when every solution is found or the
    player's pieces already make the one chosen.
    """
    classes = solver.shape_classes()
    mine = {i: (classes[i], solver.key(p)) for i, p in placed.items()}
    best: tuple[int, int, int, int] | None = None
    for n in range(1, len(cat) + 1):
        if n in found:
            continue
        for o, image in enumerate(cat.images[n - 1]):
            hits = sum(1 for spot in mine.values() if spot in image)
            score = (len(mine) - hits, -hits, n, o)
            if best is None or score < best:
                best = score
    if best is None:
        return None
    n, o = best[2], best[3]
    image = cat.images[n - 1][o]
    keep = frozenset(i for i, spot in mine.items() if spot in image)
    taken = {mine[i] for i in keep}
    missing = sorted((spot for spot in image if spot not in taken),
                     key=lambda s: (-solver.twice_area(solver.ccw(solver.PIECES[s[0]])), s))
    if not missing:
        return None
    free = [i for i in range(len(classes)) if i not in keep]
    labels: dict[int, Poly] = {i: mine[i][1] for i in keep}
    for spot in missing:  # each missing spot to the first free piece of its shape
        i = next(j for j in free if classes[j] == spot[0])
        free.remove(i)
        labels[i] = spot[1]
    solution = tuple(solver.placed(i, *solver.orientation_of(i, labels[i]))
                     for i in range(len(classes)))
    piece = next(i for i in range(len(classes)) if i not in keep and labels[i] == missing[0][1])
    return Hint(n, piece, solution[piece], keep, solution)


# --------------------------------------------------------------------------------------------
# The player's collection


def today() -> str:
    return _dt.date.today().isoformat()


def _is_date(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    try:
        _dt.date.fromisoformat(v)
    except ValueError:
        return False
    return True


@dataclass
class Collection:
    """The solutions the player has found: number -> the date it was first found (ISO), in the
    order they were found; `helped` the ones built with hints (and never yet without)."""

    found: dict[int, str] = field(default_factory=dict)
    size: int = 536
    helped: set[int] = field(default_factory=set)

    def add(self, number: int, on: str | None = None, helped: bool = False) -> bool:
        """Record a find; True if it is new (a solution found again keeps its first date).

        `helped`: hints laid some of its pieces, so it joins the collection marked. Built
        again without hints, the mark goes (`helped` then changes while `add` says False).
        """
        if not 1 <= number <= self.size:
            raise ValueError(f"there is no solution number {number}")
        if number in self.found:
            if not helped:
                self.helped.discard(number)
            return False
        self.found[number] = on or today()
        if helped:
            self.helped.add(number)
        return True

    def numbers(self) -> list[int]:
        """Found solutions, in the order they were found: by date, and within a day in the
        order they were added (the last one is the latest find, whatever its number)."""
        return sorted(self.found, key=lambda n: self.found[n])

    def to_dict(self) -> dict[str, Any]:
        # written in the order found: a day's finds keep their order when read back
        out: dict[str, Any] = {"format": COLLECTION_FORMAT,
                               "found": {str(n): self.found[n] for n in self.numbers()}}
        if self.helped:
            out["helped"] = sorted(self.helped)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], size: int = 536
                  ) -> tuple[Collection, list[str]]:
        """Build from stored data; entries that cannot be right are dropped with a problem."""
        out = cls(size=size)
        problems: list[str] = []
        if data.get("format", COLLECTION_FORMAT) != COLLECTION_FORMAT:
            return out, [f"'format' should be {COLLECTION_FORMAT}"]
        found = data.get("found", {})
        if not isinstance(found, dict):
            return out, ["'found' should be an object"]
        for k, v in found.items():
            if not (isinstance(k, str) and k.isdigit() and 1 <= int(k) <= size):
                problems.append(f"{json.dumps(k)} is not a solution number")
            elif not _is_date(v):
                problems.append(f"solution {k}: {json.dumps(v)} is not a date")
            else:
                out.found[int(k)] = v
        helped = data.get("helped", [])  # absent from files written before hints were marked
        if not isinstance(helped, list):
            problems.append("'helped' should be a list")
            helped = []
        for n in helped:
            if isinstance(n, int) and not isinstance(n, bool) and n in out.found:
                out.helped.add(n)
            else:
                problems.append(f"'helped': {json.dumps(n)} is not a solution found")
        return out, problems

    @classmethod
    def load(cls, path: Path | None = None, size: int = 536) -> tuple[Collection, str | None]:
        """The saved collection and a notice for the player (None when all is well).

        Missing: empty. Not JSON (read_json sets it aside) or not an object: set aside, empty.
        Some entries wrong: the original set aside, the good entries kept and written back.
        """
        path = path if path is not None else collection_path()
        data, notice = storage.read_json(path)
        if data is None:
            return cls(size=size), notice
        if not isinstance(data, dict):
            return cls(size=size), _aside(path, "expected a JSON object")
        coll, problems = cls.from_dict(data, size)
        if not problems:
            return coll, None
        text = "; ".join(problems[:3]) + ("; …" if len(problems) > 3 else "")
        notice = _aside(path, text)
        with contextlib.suppress(OSError):
            coll.save(path)
        return coll, notice

    def save(self, path: Path | None = None) -> None:
        storage.write_json_atomic(path if path is not None else collection_path(),
                                  self.to_dict())


def collection_path() -> Path:
    return storage.data_dir() / COLLECTION_FILE


def _aside(path: Path, problem: str) -> str:
    try:
        kept = storage.set_aside(path)
    except OSError:
        return _("{file}: {problem}; it could not be set aside.").format(file=path.name,
                                                                          problem=problem)
    return _("{file} in {folder} was damaged ({problem}); it was kept as {kept} and what could "
             "be read is used.").format(file=path.name, folder=path.parent, problem=problem,
                                        kept=kept.name)

