"""Where the player's data lives, how it is written safely, and the settings and progress files.

Everything the app keeps between runs is JSON in the user's folders (platformdirs, app name
"Ludotheque"), or under `$LUDOTHEQUE_HOME` when that variable is set (tests, CI and the
screenshot tool use it so they never touch a real player's files).

These promises hold for every file here:
- a write is atomic (temp file in the same folder, flush, fsync, `os.replace`), so a crash
  leaves either the old file or the new one, never half of one;
- a file that is damaged or of the wrong shape is never silently dropped: it is kept aside as
  `<name>.bad` (numbered if an earlier one exists), defaults are used, and a notice naming the
  file and the problem is returned for the UI to show;
- only an ordinary file is read, never waiting and never past MAX_FILE_BYTES (userfiles.py):
  a named pipe, a device or a folder in a file's place is moved aside unread, with a notice;
- a file that could not be read (a read error, or written by a newer version) is never
  overwritten: it is left as it is, and a later save to it raises `FileLocked` (an OSError, so
  the callers' "could not be saved" path tells the player) until it can be read again.

Every file carries a `format` number. Reading one runs it through `upgrade`, a chain of steps
from each older format to the next; a file from a newer format is refused and left untouched.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from game.engine import userfiles
from game.engine.names import clean_name
from game.i18n import N_, _

log = logging.getLogger(__name__)

APP_NAME = "Ludotheque"
#: When set, every file lives under this folder instead of the platform's user folders.
HOME_ENV = "LUDOTHEQUE_HOME"

SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
AUTOSAVE_FILE = "autosave.json"
AUTOSAVES_DIR = "autosaves"

ANIMATION_SPEEDS = (0.5, 1.0, 2.0)

#: Format numbers of the files written now (see `upgrade`).
SETTINGS_FORMAT = 1
#: The values of Settings.language: the languages of game/i18n.py, or "" for the system's.
LANGUAGE_CODES = ("", "fr", "en")
PROGRESS_FORMAT = 1
#: A user file larger than this is not read at all (a settings file is a few hundred bytes,
#: the autosave of a very long match a few hundred kilobytes).
MAX_FILE_BYTES = 32 * 1024 * 1024
#: A temp file of an atomic write older than this was left by a process that died mid-write.
STALE_TEMP_SECONDS = 60.0


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


def autosave_path(game_id: str | None = None) -> Path:
    """The running match of a game, rewritten after every move (a crash loses at most one move).

    One file per game (`autosaves/<game>.json`), so starting another game never replaces a
    match left unfinished; without a game, the single `autosave.json` of earlier versions.
    """
    if game_id is None:
        return data_dir() / AUTOSAVE_FILE
    return data_dir() / AUTOSAVES_DIR / f"{game_id}.json"


def autosave_paths() -> list[Path]:
    """Every resumable match: one file per game, plus an old single autosave if one is left."""
    folder = data_dir() / AUTOSAVES_DIR
    found = sorted(folder.glob("*.json")) if folder.is_dir() else []
    legacy = autosave_path()
    return found + ([legacy] if legacy.is_file() else [])


def saved_match_paths() -> list[Path]:
    """The matches saved with "Save copy", newest first."""
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(saves_dir().glob("*.json"), key=mtime, reverse=True)


# --------------------------------------------------------------------------- safe files


def write_json_atomic(path: Path | str, data: Any) -> None:
    """Write `data` as JSON so that `path` holds either the old or the new content, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    _check_unlocked(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.",
                               suffix=".tmp")
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
        return _("{file}: {problem}; the defaults are used.").format(file=path.name,
                                                                      problem=problem)
    return _("{file} in {folder} was damaged ({problem}); it was kept as {kept} and the "
             "defaults are used.").format(file=path.name, folder=path.parent, problem=problem,
                                          kept=kept.name)


class FileLocked(OSError):
    """A save to a file this run could not read (or that a newer version wrote): refused, so
    that what the file holds is never lost."""


#: path -> why it must not be overwritten; `retry` when a later read may succeed.
_LOCKED: dict[Path, tuple[str, bool]] = {}


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))


def lock(path: Path | str, reason: str, retry: bool = False) -> None:
    """Never overwrite `path` in this run (see FileLocked)."""
    _LOCKED[_key(Path(path))] = (reason, retry)


def unlock(path: Path | str) -> None:
    _LOCKED.pop(_key(Path(path)), None)


def locked(path: Path | str) -> tuple[str, bool] | None:
    """(reason, may a new read succeed) if `path` must not be overwritten now, else None."""
    return _LOCKED.get(_key(Path(path)))


def _check_unlocked(path: Path) -> None:
    found = locked(path)
    if found is not None:
        raise FileLocked(_("{file} is not overwritten: {reason}").format(
            file=path.name, reason=found[0]))


def parse_json(raw: bytes) -> Any:
    """Decode a user file; ValueError (with a sentence for the player) on any problem (see
    userfiles.parse_json)."""
    return userfiles.parse_json(raw, MAX_FILE_BYTES)


def read_bytes(path: Path | str) -> bytes:
    """The bytes of a user file: an ordinary file only, at most MAX_FILE_BYTES, read without
    waiting (userfiles.read_limited: NotAFile, TooLarge, or the OSError of the system)."""
    return userfiles.read_limited(path, MAX_FILE_BYTES)


#: A failed read or write in words for the player (see userfiles.describe).
describe = userfiles.describe

#: The folder found unwritable by `check_writable` (told once at start), or None.
_unwritable: Path | None = None


def check_writable() -> str | None:
    """Whether the settings and data folders take new files now (made when missing): None if
    they do, else a notice for the player, said once at start (before the first save fails)
    that nothing played will be kept. Later failures of the same kind are `already_told`."""
    global _unwritable
    _unwritable = None
    for folder in (config_dir(), data_dir()):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".write-check.{os.getpid()}.",
                                       suffix=".tmp")
            os.close(fd)
            os.unlink(tmp)
        except OSError as exc:
            _unwritable = folder
            return _("Nothing can be written in {folder} ({reason}): settings, progress and "
                     "matches will not be kept this time.").format(folder=folder,
                                                                  reason=describe(exc))
    return None


def already_told(exc: BaseException) -> bool:
    """A failed write the start-up notice of `check_writable` already announced (so an
    autosave after every move does not say it again)."""
    return _unwritable is not None and isinstance(exc, OSError) and \
        not isinstance(exc, FileLocked)


def read_json(path: Path | str) -> tuple[Any | None, str | None]:
    """Read a JSON file: (data, None); (None, None) if it does not exist;
    (None, notice) if it is unreadable — then it has been set aside as `.bad`, or, when the
    read itself failed (permissions, a disk error), left in place and locked (never
    overwritten in this run). A pipe, a device or a folder in the file's place is set aside
    like a damaged file, never read."""
    path = Path(path)
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return None, None
    except (userfiles.NotAFile, userfiles.TooLarge) as exc:
        return None, _unread_aside(path, str(exc))
    except OSError as exc:
        # Unreadable (permissions…): leave it where it is, the player may fix it.
        problem = _("cannot be read: {reason}").format(reason=userfiles.describe(exc))
        lock(path, problem, retry=True)
        return None, _("{file} in {folder} {problem}; the defaults are used and the file is "
                       "left as it is (changes made now are not saved to it).").format(
            file=path.name, folder=path.parent, problem=problem)
    try:
        return parse_json(raw), None
    except ValueError as exc:
        return None, _keep_aside(path, str(exc))


def _unread_aside(path: Path, problem: str) -> str:
    """A file never read (a pipe, a device, a folder, far too large) moved out of the way."""
    try:
        kept = set_aside(path)
    except OSError:
        lock(path, problem)
        return _("{file} in {folder} was not read: {problem}. It is left where it is and "
                 "never overwritten.").format(file=path.name, folder=path.parent,
                                              problem=problem)
    return _("{file} in {folder} was not read: {problem}. It was moved aside as {kept}.").format(
        file=path.name, folder=path.parent, problem=problem, kept=kept.name)


def _keep_aside(path: Path, problem: str) -> str:
    try:
        kept: Path | None = set_aside(path)
    except OSError:
        kept = None
        lock(path, problem)  # it stays where it is: never overwrite it
    return _notice(path, problem, kept)


# --------------------------------------------------------------------------- formats


class FormatError(ValueError):
    """A file whose format number is not one this version knows how to read."""


class NewerFormat(FormatError):
    """A file written by a newer version of the program (refused, and left untouched)."""


Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


def upgrade(data: dict[str, Any], current: int, steps: Mapping[int, Upgrade],
            missing: int | None = 0) -> dict[str, Any]:
    """Bring a file's data from its `format` up to `current`, one step at a time.

    `steps[n]` turns format n into format n + 1. A file without a `format` key is format
    `missing` (None: such a file is refused). NewerFormat for a file from a newer version,
    FormatError for a number that is not one.
    """
    fmt = data.get("format", missing)
    if fmt is None:
        raise FormatError(_("no format number"))
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 0:
        raise FormatError(_("the format number is not readable ({value})").format(
            value=json.dumps(fmt)[:40]))
    if fmt > current:
        raise NewerFormat(_("written by a newer version of the program (format {format}), this "
                            "version reads format {current}").format(format=fmt, current=current))
    while fmt < current:
        step = steps.get(fmt)
        if step is None:
            raise FormatError(_("format {format} is too old to be read").format(format=fmt))
        data = step(data)
        fmt = data["format"]
    return data


def _stamp(fmt: int) -> Upgrade:
    """The upgrade of a file whose content did not change, only its number."""
    return lambda data: {**data, "format": fmt}


# --------------------------------------------------------------------------- housekeeping


def clean_stale_temps(folders: Sequence[Path] | None = None,
                      max_age: float = STALE_TEMP_SECONDS) -> int:
    """Remove the temp files of atomic writes that a killed process left behind; return how
    many. Only our own pattern (`.<name>.<pid>.<…>.tmp`) is touched: a file whose writing
    process is gone (POSIX), or older than `max_age` seconds — a write in progress in another
    window of the app is left alone."""
    if folders is None:
        folders = [config_dir(), data_dir(), data_dir() / "saves", data_dir() / AUTOSAVES_DIR]
    now = time.time()
    removed = 0
    for folder in folders:
        try:
            candidates = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for path in candidates:
            if path.name.count(".") < 3:
                continue
            try:
                if _writer_gone(path) or now - path.stat().st_mtime >= max_age:
                    path.unlink()
                    removed += 1
            except OSError:
                continue
    if removed:
        log.info("removed %d stale temp file(s)", removed)
    return removed


def _writer_gone(path: Path) -> bool:
    """True if the temp file names its writer's process id and that process has ended."""
    if os.name != "posix":
        return False  # os.kill(pid, 0) would end the process on Windows: age decides there
    parts = path.name.split(".")
    pid = next((int(p) for p in parts[3:-1] if p.isdigit()), None)
    if pid is None or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists but is not ours (EPERM): alive
        return False
    return False


def new_save_path(stem: str, folder: Path | None = None) -> Path:
    """A fresh file name for a saved match, `<stem>-<date>-<time>.json`, numbered when that
    name is taken (two saves in one second must not overwrite each other). The name is
    reserved by creating the empty file, so two writers never get the same one."""
    folder = saves_dir() if folder is None else folder
    base = f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    n = 1
    while True:
        path = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            n += 1
            continue
        os.close(fd)
        return path


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


def _is_setup_map(v: Any) -> bool:
    # game id -> the last setup chosen for it; the setup screen checks each value it reads
    return isinstance(v, dict) and len(v) <= 64 and all(
        isinstance(k, str) and isinstance(x, dict) for k, x in v.items())


#: field -> (test of a stored value, what it should be in words)
_SETTING_CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "fullscreen": (_is_bool, N_("true or false")),
    "volume": (lambda v: _is_number(v) and 0.0 <= v <= 1.0, N_("a number from 0 to 1")),
    "sound": (_is_bool, N_("true or false")),
    "show_legal": (_is_bool, N_("true or false")),
    "animation_speed": (lambda v: _is_number(v) and float(v) in ANIMATION_SPEEDS,
                        N_("one of 0.5, 1 or 2")),
    "flip_board": (_is_bool, N_("true or false")),
    "show_coordinates": (_is_bool, N_("true or false")),
    "piece_hints": (_is_bool, N_("true or false")),
    "player_names": (_is_name_list, N_("a list of up to 8 names")),
    "setups": (_is_setup_map, N_("an object of game ids and their last setups")),
    "language": (lambda v: v in LANGUAGE_CODES, N_('"fr", "en" or "" (the system\'s)')),
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
    #: Per game id, the last setup started: players (kind, name, level), variant, options.
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: "fr" or "en"; "" follows the system's language (the first start, and files written
    #: before the choice existed: a new key with a default needs no new format number, and an
    #: older version reading this file simply ignores it).
    language: str = ""

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
                problems.append(_("'{field}' should be {expected}, not {value}").format(
                    field=f.name, expected=_(expected), value=json.dumps(value)))
                continue
            if f.name in ("volume", "animation_speed"):
                value = float(value)
            elif f.name == "player_names":
                value = [clean_name(v) for v in value]
            elif f.name == "setups":
                value = {k: dict(x) for k, x in value.items()}
            setattr(settings, f.name, value)
        return settings, problems

    def to_dict(self) -> dict[str, Any]:
        return {"format": SETTINGS_FORMAT, **asdict(self)}

    #: Format n -> n + 1. Format 0: the files written before settings had a number.
    UPGRADES: ClassVar[dict[int, Upgrade]] = {0: _stamp(1)}

    @classmethod
    def load(cls, path: Path | str | None = None) -> tuple[Settings, str | None]:
        """The saved settings and a notice for the player (None when all is well)."""
        path = Path(path) if path is not None else settings_path()
        return _load_validated(path, cls.from_dict, cls(), lambda s: s.to_dict(),
                               SETTINGS_FORMAT, cls.UPGRADES)

    def save(self, path: Path | str | None = None) -> None:
        """Write the settings; OSError (FileLocked among them) when it cannot be done."""
        write_json_atomic(path if path is not None else settings_path(), self.to_dict())


def _load_validated(path: Path, build: Callable[[Mapping[str, Any]], tuple[Any, list[str]]],
                    default: Any, dump: Callable[[Any], Any], current: int,
                    steps: Mapping[int, Upgrade]) -> tuple[Any, str | None]:
    """Shared load path: missing → defaults; corrupt or wrong shape → set aside + defaults;
    newer format or a failed read → left untouched, locked, defaults; some wrong fields →
    original set aside, the repaired data written back, notice."""
    unlock(path)
    data, notice = read_json(path)
    if data is None:
        return default, notice
    if not isinstance(data, dict):
        return default, _keep_aside(path, _("expected a JSON object, found {kind}").format(
            kind=type(data).__name__))
    try:
        data = upgrade(data, current, steps)
        value, problems = build(data)
    except NewerFormat as exc:
        lock(path, str(exc))
        return default, _("{file} in {folder} was {reason}. It is left as it is and the "
                          "defaults are used; changes made now are not saved to it.").format(
            file=path.name, folder=path.parent, reason=exc)
    except FormatError as exc:
        return default, _keep_aside(path, str(exc))
    except Exception as exc:  # a shape no check foresaw: the file's fault, logged
        log.exception("reading %s", path)
        return default, _keep_aside(path, _("not readable ({error}: {reason})").format(
            error=type(exc).__name__, reason=exc))
    if not problems:
        return value, None
    problem = "; ".join(problems[:5]) + (_("; and {n} more").format(n=len(problems) - 5)
                                         if len(problems) > 5 else "")
    try:
        kept: Path | None = set_aside(path)
        write_json_atomic(path, dump(value))
    except OSError:
        kept = None
    if kept is None:
        return value, _("{file}: {problem}; those values are replaced by the defaults.").format(
            file=path.name, problem=problem)
    return value, _("{file} in {folder} had wrong values ({problem}); the original was kept as "
                    "{kept} and the defaults are used for those values.").format(
        file=path.name, folder=path.parent, problem=problem, kept=kept.name)


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
        problems.append(_("{where} should be an object").format(where=where))
        return rec
    if "solved" in data:
        if _is_bool(data["solved"]):
            rec.solved = data["solved"]
        else:
            problems.append(_("{where}.solved should be true or false").format(where=where))
    if "stars" in data:
        s = data["stars"]
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_STARS:
            rec.stars = s
        else:
            problems.append(_("{where}.stars should be 0 to {most}").format(where=where,
                                                                            most=MAX_STARS))
    if data.get("best_moves") is not None:
        m = data["best_moves"]
        if isinstance(m, int) and not isinstance(m, bool) and m >= 0:
            rec.best_moves = m
        else:
            problems.append(_("{where}.best_moves should be a whole number").format(where=where))
    if data.get("best_time") is not None:
        t = data["best_time"]
        if _is_number(t) and t >= 0:
            rec.best_time = float(t)
        else:
            problems.append(_("{where}.best_time should be a number of seconds").format(
                where=where))
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

    def merge(self, other: Progress) -> None:
        """Keep the best of both for every level (a file read late joins what was played)."""
        for game_id, levels in other.games.items():
            for level_id, rec in levels.items():
                mine = self.record(game_id, level_id)
                self.games.setdefault(game_id, {})[level_id] = LevelRecord(
                    solved=mine.solved or rec.solved, stars=max(mine.stars, rec.stars),
                    best_moves=_best(mine.best_moves, rec.best_moves),
                    best_time=_best(mine.best_time, rec.best_time))

    def to_dict(self) -> dict[str, Any]:
        return {"format": PROGRESS_FORMAT, "games": {g: {lv: asdict(r) for lv, r in levels.items()}
                                       for g, levels in self.games.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Progress, list[str]]:
        progress = cls()
        problems: list[str] = []
        games = data.get("games", {})
        if not isinstance(games, dict):
            return progress, [_("'games' should be an object")]
        for game_id, levels in games.items():
            if not isinstance(levels, dict):
                problems.append(_("{where} should be an object").format(where=game_id))
                continue
            progress.games[game_id] = {
                level_id: _record_from(rec, f"{game_id}.{level_id}", problems)
                for level_id, rec in levels.items()
            }
        return progress, problems

    #: Format n -> n + 1 (format 0: a file without a number, same layout as format 1).
    UPGRADES: ClassVar[dict[int, Upgrade]] = {0: _stamp(1)}

    @classmethod
    def load(cls, path: Path | str | None = None) -> tuple[Progress, str | None]:
        path = Path(path) if path is not None else progress_path()
        return _load_validated(path, cls.from_dict, cls(), lambda p: p.to_dict(),
                               PROGRESS_FORMAT, cls.UPGRADES)

    def save(self, path: Path | str | None = None) -> None:
        """Write the progress; OSError (FileLocked among them) when it cannot be done.

        If the file could not be read when loaded, it is read again first: still unreadable,
        it is left alone (FileLocked); readable now, its records are merged with these, so
        neither what it held nor what was just played is lost.
        """
        path = Path(path) if path is not None else progress_path()
        found = locked(path)
        if found is not None and found[1]:
            earlier, notice = Progress.load(path)
            if locked(path) is not None:
                raise FileLocked(_("{file} is not overwritten: {reason}").format(
                    file=path.name, reason=found[0]))
            if notice:
                log.warning(notice)
            self.merge(earlier)
        write_json_atomic(path, self.to_dict())


_N = TypeVar("_N", int, float)


def _best(old: _N | None, new: _N | None) -> _N | None:
    if new is None:
        return old
    if old is None:
        return new
    return min(old, new)
