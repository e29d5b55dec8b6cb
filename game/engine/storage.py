"""Where the player's data lives, how it is written safely, and the settings and progress files.

Everything the app keeps between runs is JSON in the user's folders (platformdirs, app name
"Ludotheque"), or under `$LUDOTHEQUE_HOME` when that variable is set (tests, CI and the
screenshot tool use it so they never touch a real player's files).

Two promises hold for every file here:
- a write is atomic (temp file in the same folder, flush, fsync, `os.replace`), so a crash
  leaves either the old file or the new one, never half of one;
- a file that is damaged or of the wrong shape is never silently dropped: it is kept aside as
  `<name>.bad` (numbered if an earlier one exists), defaults are used, and a notice naming the
  file and the problem is returned for the UI to show.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

APP_NAME = "Ludotheque"
#: When set, every file lives under this folder instead of the platform's user folders.
HOME_ENV = "LUDOTHEQUE_HOME"

SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
AUTOSAVE_FILE = "autosave.json"

ANIMATION_SPEEDS = (0.5, 1.0, 2.0)


# --------------------------------------------------------------------------- locations


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def config_dir() -> Path:
    """Folder of the settings file."""
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs  # imported on use: the worker process never needs it

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Folder of progress and saved matches."""
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


def saves_dir() -> Path:
    """Folder of the player's saved matches (created on demand so a file dialog can open it)."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """The running match, rewritten after every move (a crash loses at most one move)."""
    return data_dir() / AUTOSAVE_FILE


# --------------------------------------------------------------------------- safe files


def write_json_atomic(path: Path | str, data: Any) -> None:
    """Write `data` as JSON so that `path` holds either the old or the new content, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # The rename itself is durable only once the folder is synced (POSIX); best effort elsewhere.
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path | str) -> Path:
    """Move a damaged file to `<name>.bad` (or `<name>.2.bad`, … — an earlier one is kept)."""
    path = Path(path)
    target = path.with_name(path.name + ".bad")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.{n}.bad")
        n += 1
    os.replace(path, target)
    return target


def _notice(path: Path, problem: str, kept: Path | None) -> str:
    if kept is None:
        return f"{path.name}: {problem}; the defaults are used."
    return (f"{path.name} in {path.parent} was damaged ({problem}); it was kept as "
            f"{kept.name} and the defaults are used.")


def read_json(path: Path | str) -> tuple[Any | None, str | None]:
    """Read a JSON file: (data, None); (None, None) if it does not exist;
    (None, notice) if it is unreadable — then it has been set aside as `.bad`."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        # Unreadable (permissions…): leave it where it is, the player may fix it.
        return None, _notice(path, f"cannot be read: {exc.strerror or exc}", None)
    try:
        return json.loads(raw.decode("utf-8")), None
    except UnicodeDecodeError:
        problem = "not UTF-8 text"
    except json.JSONDecodeError as exc:
        problem = f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
    return None, _keep_aside(path, problem)


def _keep_aside(path: Path, problem: str) -> str:
    try:
        kept: Path | None = set_aside(path)
    except OSError:
        kept = None
    return _notice(path, problem, kept)


def _join(notices: Sequence[str | None]) -> str | None:
    found = [n for n in notices if n]
    return "\n".join(found) if found else None


# --------------------------------------------------------------------------- field checks


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _is_name_list(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 8 and all(isinstance(x, str) and len(x) <= 40
                                                        for x in v)


#: field -> (test of a stored value, what it should be in words)
_SETTING_CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "fullscreen": (_is_bool, "true or false"),
    "volume": (lambda v: _is_number(v) and 0.0 <= v <= 1.0, "a number from 0 to 1"),
    "sound": (_is_bool, "true or false"),
    "show_legal": (_is_bool, "true or false"),
    "animation_speed": (lambda v: _is_number(v) and float(v) in ANIMATION_SPEEDS,
                        "one of 0.5, 1 or 2"),
    "flip_board": (_is_bool, "true or false"),
    "show_coordinates": (_is_bool, "true or false"),
    "piece_hints": (_is_bool, "true or false"),
    "player_names": (_is_name_list, "a list of up to 8 names"),
}


# --------------------------------------------------------------------------- settings


@dataclass
class Settings:
    """The player's preferences (settings screen). Unknown keys in the file are ignored."""

    fullscreen: bool = False
    volume: float = 0.7
    sound: bool = True
    show_legal: bool = True
    #: Multiplier of animation speed: 0.5 (slow), 1 or 2 (fast).
    animation_speed: float = 1.0
    #: Hot-seat: turn the board so the player to move sits at the bottom.
    flip_board: bool = False
    show_coordinates: bool = True
    #: Piece games: a small picture of each man's move in its corner, for learners.
    piece_hints: bool = False
    #: Names typed last in the match setup, one per side.
    player_names: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Build from stored data: a field with a wrong value gets its default and a problem line."""
        settings = cls()
        problems: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            test, expected = _SETTING_CHECKS[f.name]
            if not test(value):
                problems.append(f"'{f.name}' should be {expected}, not {json.dumps(value)}")
                continue
            if f.name in ("volume", "animation_speed"):
                value = float(value)
            elif f.name == "player_names":
                value = list(value)
            setattr(settings, f.name, value)
        return settings, problems

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def load(cls, path: Path | str | None = None) -> tuple[Settings, str | None]:
        """The saved settings and a notice for the player (None when all is well)."""
        path = Path(path) if path is not None else settings_path()
        return _load_validated(path, cls.from_dict, cls(), lambda s: s.to_dict())

    def save(self, path: Path | str | None = None) -> None:
        write_json_atomic(path if path is not None else settings_path(), self.to_dict())


def _load_validated(path: Path, build: Callable[[Mapping[str, Any]], tuple[Any, list[str]]],
                    default: Any, dump: Callable[[Any], Any]) -> tuple[Any, str | None]:
    """Shared load path: missing → defaults; corrupt or wrong shape → set aside + defaults;
    some wrong fields → original set aside, the repaired data written back, notice."""
    data, notice = read_json(path)
    if data is None:
        return default, notice
    if not isinstance(data, dict):
        return default, _keep_aside(path, f"expected a JSON object, found {type(data).__name__}")
    value, problems = build(data)
    if not problems:
        return value, None
    problem = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5
                                         else "")
    try:
        kept: Path | None = set_aside(path)
        write_json_atomic(path, dump(value))
    except OSError:
        kept = None
    if kept is None:
        return value, f"{path.name}: {problem}; those values are replaced by the defaults."
    return value, (f"{path.name} in {path.parent} had wrong values ({problem}); the original "
                   f"was kept as {kept.name} and the defaults are used for those values.")


# --------------------------------------------------------------------------- progress

MAX_STARS = 3


@dataclass
class LevelRecord:
    """The player's best on one puzzle level."""

    solved: bool = False
    stars: int = 0
    best_moves: int | None = None
    best_time: float | None = None


def _record_from(data: Any, where: str, problems: list[str]) -> LevelRecord:
    rec = LevelRecord()
    if not isinstance(data, dict):
        problems.append(f"{where} should be an object")
        return rec
    if "solved" in data:
        if _is_bool(data["solved"]):
            rec.solved = data["solved"]
        else:
            problems.append(f"{where}.solved should be true or false")
    if "stars" in data:
        s = data["stars"]
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_STARS:
            rec.stars = s
        else:
            problems.append(f"{where}.stars should be 0 to {MAX_STARS}")
    if data.get("best_moves") is not None:
        m = data["best_moves"]
        if isinstance(m, int) and not isinstance(m, bool) and m >= 0:
            rec.best_moves = m
        else:
            problems.append(f"{where}.best_moves should be a whole number")
    if data.get("best_time") is not None:
        t = data["best_time"]
        if _is_number(t) and t >= 0:
            rec.best_time = float(t)
        else:
            problems.append(f"{where}.best_time should be a number of seconds")
    return rec


@dataclass
class Progress:
    """Puzzle progress: per game id, per level id, a LevelRecord."""

    games: dict[str, dict[str, LevelRecord]] = field(default_factory=dict)

    def record(self, game_id: str, level_id: str) -> LevelRecord:
        """The record of a level (a fresh unsolved one if the level was never played)."""
        return self.games.get(game_id, {}).get(level_id, LevelRecord())

    def solve(self, game_id: str, level_id: str, *, stars: int = 0, moves: int | None = None,
              seconds: float | None = None) -> LevelRecord:
        """Record a solve, keeping the best stars, moves and time seen so far."""
        old = self.record(game_id, level_id)
        new = LevelRecord(
            solved=True,
            stars=max(old.stars, max(0, min(MAX_STARS, stars))),
            best_moves=_best(old.best_moves, moves),
            best_time=_best(old.best_time, None if seconds is None else float(seconds)),
        )
        self.games.setdefault(game_id, {})[level_id] = new
        return new

    def unlocked(self, game_id: str, level_ids: Sequence[str], index: int) -> bool:
        """The first level is always open; each next one opens when the one before is solved."""
        if index <= 0:
            return True
        if index >= len(level_ids):
            return False
        return self.record(game_id, level_ids[index - 1]).solved

    def to_dict(self) -> dict[str, Any]:
        return {"format": 1, "games": {g: {lv: asdict(r) for lv, r in levels.items()}
                                       for g, levels in self.games.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Progress, list[str]]:
        progress = cls()
        problems: list[str] = []
        games = data.get("games", {})
        if not isinstance(games, dict):
            return progress, ["'games' should be an object"]
        for game_id, levels in games.items():
            if not isinstance(levels, dict):
                problems.append(f"{game_id} should be an object")
                continue
            progress.games[game_id] = {
                level_id: _record_from(rec, f"{game_id}.{level_id}", problems)
                for level_id, rec in levels.items()
            }
        return progress, problems

    @classmethod
    def load(cls, path: Path | str | None = None) -> tuple[Progress, str | None]:
        path = Path(path) if path is not None else progress_path()
        return _load_validated(path, cls.from_dict, cls(), lambda p: p.to_dict())

    def save(self, path: Path | str | None = None) -> None:
        write_json_atomic(path if path is not None else progress_path(), self.to_dict())


_N = TypeVar("_N", int, float)


def _best(old: _N | None, new: _N | None) -> _N | None:
    if new is None:
        return old
    if old is None:
        return new
    return min(old, new)
