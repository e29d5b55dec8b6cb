"""Hanoi challenge levels: reading and validating levels/hanoi/*.tmx, and the stars a solve earns.

A level file is a Tiled 1.10 map with one object of type `hanoi_level` in an object layer named
`hanoi` (docs/rules/hanoi.md §6). Its properties:

    title        string  shown in the level list
    pegs         int     3 or 4
    disks        int     1–10
    start_pegs   string  peg of each disk, smallest first, pegs numbered from 0: "0,0,1"
    target_pegs  string  same for the target
    par_moves    int     the optimal number of moves (the solver recomputes it on validation)
    note         string  optional line shown with the level

The per-disk lists cannot describe a larger disk on a smaller one (the order on a peg follows
from the sizes), so an "illegal configuration" here is a list that is not one: a wrong number
of entries, or a peg number outside 0…pegs−1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.levels import SUPPORTED_TMX_VERSIONS, LevelError, TmxLevel, TmxObject, read_tmx
from game.games.hanoi.rules import (
    MAX_DISKS,
    MIN_DISKS,
    PEG_CHOICES,
    HanoiState,
    format_position,
)
from game.i18n import _

LAYER = "hanoi"
OBJECT_TYPE = "hanoi_level"


@dataclass(frozen=True)
class HanoiLevel:
    """One challenge: the set-up, its par and its place in the list (from the file name)."""

    title: str
    pegs: int
    disks: int
    start: tuple[int, ...]
    target: tuple[int, ...]
    par: int
    index: int
    note: str = ""
    path: Path | None = None

    def position_text(self) -> str:
        return format_position(self.pegs, self.start, self.target)

    def options(self) -> dict[str, Any]:
        """Rules options that start this level (what a saved game records)."""
        return {"pegs": self.pegs, "disks": self.disks, "position": self.position_text()}

    def initial_state(self) -> HanoiState:
        return HanoiState(self.pegs, self.start, self.target)


def stars(moves: int, par: int, solved: bool = True) -> int:
    """Challenge stars: 3 at par (or better), 2 within 1.5 × par, 1 for any solve, 0 unsolved."""
    if not solved:
        return 0
    if moves <= par:
        return 3
    if 2 * moves <= 3 * par:  # integers: no rounding surprises at the boundary
        return 2
    return 1


def _index_of(path: Path) -> int:
    m = re.match(r"\d+", path.stem)
    return int(m.group()) if m else 0


def _record(tmx: TmxLevel) -> TmxObject:
    if LAYER not in tmx.layers:
        raise LevelError(tmx.path, _("no object layer named '{LAYER}'").format(LAYER=LAYER))
    records = tmx.objects(LAYER, OBJECT_TYPE)
    if len(records) != 1:
        raise LevelError(tmx.path, _("layer '{LAYER}' should hold exactly one object of type "
                                     "'{OBJECT_TYPE}', found {n}").format(
            LAYER=LAYER, OBJECT_TYPE=OBJECT_TYPE, n=len(records)))
    return records[0]


def _config(tmx: TmxLevel, obj: TmxObject, name: str, pegs: int, disks: int) -> tuple[int, ...]:
    text = tmx.prop(name, str, obj)
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise LevelError(tmx.path, _("'{name}' should be peg numbers separated by commas (smallest "
                                     "disk first), not {text}").format(
            name=name, text=repr(text)), obj) from None
    if len(values) != disks:
        raise LevelError(tmx.path, _("'{name}' gives {n} disks but 'disks' is {disks}").format(
            name=name, n=len(values), disks=disks),
                         obj)
    for d, p in enumerate(values):
        if not 0 <= p < pegs:
            raise LevelError(tmx.path, _("'{name}': disk {value} is on peg {p}, but with {pegs} "
                                         "pegs they are numbered 0–{value2}").format(
                name=name, value=d + 1, p=p, pegs=pegs, value2=pegs - 1), obj)
    return tuple(values)


def _parse(tmx: TmxLevel, problems: list[str]) -> HanoiLevel | None:
    """Build the level, adding every problem found to `problems` (None if it cannot be built)."""
    try:
        obj = _record(tmx)
    except LevelError as err:
        problems.append(str(err))
        return None

    def field(read: Callable[[], Any]) -> Any:
        try:
            return read()
        except LevelError as err:
            problems.append(str(err))
            return None

    title = field(lambda: tmx.prop("title", str, obj))
    if title is not None and not title.strip():
        problems.append(str(LevelError(tmx.path, "'title' is empty", obj)))
    pegs = field(lambda: tmx.prop("pegs", int, obj))
    if pegs is not None and pegs not in PEG_CHOICES:
        problems.append(str(LevelError(tmx.path, _("'pegs' must be 3 or 4, not {pegs}").format(
            pegs=pegs), obj)))
        pegs = None
    disks = field(lambda: tmx.prop("disks", int, obj))
    if disks is not None and not MIN_DISKS <= disks <= MAX_DISKS:
        problems.append(str(LevelError(
            tmx.path, _("'disks' must be {MIN_DISKS}–{MAX_DISKS}, not {disks}").format(
                MIN_DISKS=MIN_DISKS, MAX_DISKS=MAX_DISKS, disks=disks), obj)))
        disks = None
    par = field(lambda: tmx.prop("par_moves", int, obj))
    note = field(lambda: tmx.opt("note", str, "", obj))
    start: tuple[int, ...] | None = None
    target: tuple[int, ...] | None = None
    if pegs is not None and disks is not None:
        start = field(lambda: _config(tmx, obj, "start_pegs", pegs, disks))
        target = field(lambda: _config(tmx, obj, "target_pegs", pegs, disks))
    else:  # still report the missing ones
        field(lambda: tmx.prop("start_pegs", str, obj))
        field(lambda: tmx.prop("target_pegs", str, obj))
    if start is not None and start == target:
        problems.append(str(LevelError(tmx.path, _("the start is already the target"), obj)))
    if par is not None and par < 1:
        problems.append(str(LevelError(tmx.path, _("'par_moves' must be positive, not {par}").format(
            par=par), obj)))
    if (problems or title is None or pegs is None or disks is None or start is None
            or target is None or par is None):
        return None
    return HanoiLevel(title=title.strip(), pegs=pegs, disks=disks, start=start, target=target,
                      par=par, index=_index_of(tmx.path), note=note or "", path=tmx.path)


def load_level(path: Path | str) -> HanoiLevel:
    """Read one level; raise LevelError (naming the file and the problem) if it is unusable.

    The par is taken as written (recomputing it can take a second for ten disks on four pegs);
    `validate_level` and the tests check it against the solver.
    """
    tmx = read_tmx(path)
    problems: list[str] = []
    level = _parse(tmx, problems)
    if level is None:
        raise LevelError(tmx.path, "; ".join(p.split(": ", 1)[-1] for p in problems)
                         if problems else "unusable level")
    return level


def validate_level(path: Path | str) -> list[str]:
    """Every problem with a level file, each naming the file; [] when the level is right."""
    try:
        tmx = read_tmx(path)
    except LevelError as err:
        return [str(err)]
    problems: list[str] = []
    if tmx.version not in SUPPORTED_TMX_VERSIONS:
        problems.append(str(LevelError(tmx.path, _("TMX format version {version}: save it with "
                                                   "Tiled 1.10 or 1.11").format(
            version=repr(tmx.version)))))
    level = _parse(tmx, problems)
    if level is not None:
        from game.games.hanoi.solver import distance  # numpy: only when validating

        best = distance(level.pegs, level.start, level.target)
        if best != level.par:
            problems.append(str(LevelError(
                tmx.path, _("'par_moves' is {par} but the optimal solution takes {best} moves").format(
                    par=level.par, best=best), _record(tmx))))
    return problems


def level_files(directory: Path | str | None = None) -> list[Path]:
    """The level files in play order (by file name)."""
    if directory is None:
        from game.resources import levels_dir

        directory = levels_dir("hanoi")
    return sorted(Path(directory).glob("*.tmx"))


def load_levels(directory: Path | str | None = None) -> list[HanoiLevel]:
    """All levels in play order; raises LevelError on the first bad file."""
    return [load_level(p) for p in level_files(directory)]
