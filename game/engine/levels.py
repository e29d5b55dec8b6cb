"""Tiled .tmx level files read with pytmx into plain, validated dataclasses.

Puzzle games read their levels through `read_tmx`, then turn the generic objects into their own
level type. Every problem is raised as a `LevelError` naming the file, the object and what is
wrong, so a bad level is refused with a message a level author can act on — and the app keeps
running. pytmx's `TiledMap` needs no display, so this module stays pygame-free.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_, _

if TYPE_CHECKING:
    from game.engine.entries import GameEntry

log = logging.getLogger(__name__)

SUPPORTED_TMX_VERSIONS = ("1.10", "1.11")
#: Limits checked before a file is parsed: our levels are a few kilobytes with a few hundred
#: points, and a file of a million points would hold the level select for many seconds.
MAX_LEVEL_BYTES = 256 * 1024
MAX_POINTS = 4096
#: Under levels/: the files tools/validate_levels.py found right, by content hash.
MANIFEST = "validated.json"


class LevelError(ValueError):
    """A level file that cannot be used; the message names the file, the object and the problem."""

    def __init__(self, path: Path | str, problem: str, obj: TmxObject | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        self.obj = obj
        where = self.path.name
        if obj is not None:
            label = f"'{obj.name}'" if obj.name else _("object")
            where += _(": {object} (id {id})").format(object=label, id=obj.id)
        super().__init__(_("{where}: {problem}").format(where=where, problem=problem))


@dataclass(frozen=True)
class TmxObject:
    """One Tiled object: polygons have `points` in absolute map pixels (y down), rotation applied."""

    id: int
    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    points: tuple[tuple[float, float], ...] | None
    properties: Mapping[str, Any]
    layer: str


@dataclass(frozen=True)
class TmxLevel:
    """A whole .tmx file: map properties and object layers by name."""

    path: Path
    properties: Mapping[str, Any]
    layers: Mapping[str, tuple[TmxObject, ...]]
    layer_properties: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    version: str = ""

    def objects(self, layer: str | None = None, type: str | None = None) -> list[TmxObject]:
        """Objects of one layer (or all layers), optionally of one Tiled type/class."""
        groups = [self.layers.get(layer, ())] if layer is not None else list(self.layers.values())
        return [o for g in groups for o in g if type is None or o.type == type]

    def prop(self, name: str, kind: type, obj: TmxObject | None = None) -> Any:
        """A required property of the map (or of `obj`), checked for type; LevelError otherwise."""
        props = self.properties if obj is None else obj.properties
        owner = N_("map") if obj is None else N_("object")
        if name not in props or props[name] is None:
            raise LevelError(self.path, _("missing {owner} property '{name}'").format(
                owner=_(owner), name=name), obj)
        value = props[name]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            raise LevelError(
                self.path,
                _("{owner} property '{name}' should be {type}, not {value}").format(
                    owner=_(owner), name=name, type=kind.__name__, value=repr(value)),
                obj,
            )
        return value

    def opt(self, name: str, kind: type, default: Any, obj: TmxObject | None = None) -> Any:
        """An optional property with a default, type-checked when present."""
        props = self.properties if obj is None else obj.properties
        if name not in props or props[name] is None:
            return default
        return self.prop(name, kind, obj)


def _import_pytmx() -> Any:
    """Import pytmx without letting it pull in pygame (it does when pygame is installed):
    level checks in tools, tests and the pure rules stay display-free."""
    import sys

    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    import contextlib
    import io
    import logging

    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    # pytmx prints, and logs an error, when it finds no pygame: neither is news to a player
    quiet = logging.getLogger("pytmx")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.setLevel(level)
    return pytmx


def read_tmx(path: Path | str) -> TmxLevel:
    """Parse a .tmx file; raise LevelError (never a pytmx or XML exception) on any problem."""
    pytmx = _import_pytmx()

    path = Path(path)
    if not path.is_file():
        raise LevelError(path, _("file not found"))
    precheck(path)
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds: XML, KeyError for unknown types, …
        log.info("pytmx refused %s", path, exc_info=True)
        raise LevelError(path, _("not a readable Tiled map ({error}: {reason})").format(
            error=type(exc).__name__, reason=exc)) from None
    layers: dict[str, tuple[TmxObject, ...]] = {}
    layer_props: dict[str, Mapping[str, Any]] = {}
    for group in tmx.objectgroups:
        objs = []
        for o in group:
            points = None
            if getattr(o, "points", None) is not None:
                pts = o.apply_transformations() if getattr(o, "rotation", 0) else o.points
                points = tuple((float(p[0]), float(p[1])) for p in pts)
            obj_type = o.type or getattr(o, "class", None) or ""
            objs.append(TmxObject(
                id=int(o.id), name=o.name or "", type=str(obj_type), x=float(o.x),
                y=float(o.y), width=float(o.width or 0), height=float(o.height or 0),
                points=points, properties=dict(o.properties), layer=group.name or "",
            ))
        layers[group.name or ""] = tuple(objs)
        layer_props[group.name or ""] = dict(group.properties)
    return TmxLevel(path=path, properties=dict(tmx.properties), layers=layers,
                    layer_properties=layer_props, version=str(getattr(tmx, "version", "")))


_POINTS = re.compile(rb"""points\s*=\s*(["'])(.*?)\1""", re.S)


def precheck(path: Path) -> bytes:
    """The file's bytes, if it is small enough and holds few enough polygon points to parse;
    LevelError otherwise. Cheap: a size and a scan, before any XML is built."""
    try:
        size = path.stat().st_size
        if size > MAX_LEVEL_BYTES:
            raise LevelError(path, _("the file is too large ({size} bytes; a level is at most "
                                     "{most})").format(size=size, most=MAX_LEVEL_BYTES))
        raw = path.read_bytes()
    except OSError as exc:
        raise LevelError(path, _("cannot be read ({reason})").format(
            reason=exc.strerror or exc)) from None
    if len(raw) > MAX_LEVEL_BYTES:
        raise LevelError(path, _("the file is too large"))
    points = sum(m.group(2).count(b",") for m in _POINTS.finditer(raw))
    if points > MAX_POINTS:
        raise LevelError(path, _("too many polygon points ({points}; a level has at most "
                                 "{most})").format(points=points, most=MAX_POINTS))
    return raw


def file_hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def manifest_key(path: Path, root: Path) -> str | None:
    """The file's name in the manifest ("hanoi/01-three-disks.tmx"), None outside `root`."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None


def read_manifest(root: Path) -> dict[str, str]:
    """{file: sha256} of the levels the validator passed (empty when absent or unreadable)."""
    try:
        data = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
        files = data["files"]
        if not isinstance(files, dict):
            raise ValueError("'files' is not an object")
        return {str(k): str(v) for k, v in files.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        log.warning("%s ignored (%s): every level is checked in full", root / MANIFEST, exc)
        return {}


def check_level(entry: GameEntry, path: Path | str, root: Path | None = None) -> Any:
    """A puzzle level fit to play: read with the game's loader and refused (LevelError) if the
    game's validator — the one tools/validate_levels.py runs — finds any problem.

    The validator can take a second (Hanoi recomputes the par); a file whose bytes are listed
    in levels/validated.json, written by that tool after a full check, is not checked again.
    """
    from game.engine.entries import resolve
    from game.resources import levels_dir

    path = Path(path)
    root = levels_dir() if root is None else root
    raw = precheck(path)
    level = resolve(entry.load_level)(path) if entry.load_level else None
    if entry.validate_level is None:
        return level
    key = manifest_key(path, root)
    if key is not None and read_manifest(root).get(key) == file_hash(raw):
        return level
    problems = resolve(entry.validate_level)(path)
    if problems:
        prefix = f"{path.name}: "
        raise LevelError(path, "; ".join(p[len(prefix):] if p.startswith(prefix) else p
                                         for p in problems))
    return level


def split_ints(level: TmxLevel, text: Any, what: str, obj: TmxObject | None = None) -> list[int]:
    """Read a comma-separated list of integers property (TMX ≤ 1.11 has no list type)."""
    if not isinstance(text, str):
        raise LevelError(level.path, _("'{what}' should be a comma-separated list, not "
                                       "{text}").format(what=what, text=repr(text)), obj)
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise LevelError(level.path, _("'{what}' is not a list of integers: {text}").format(
            what=what, text=repr(text)), obj) from None

