"""Where the player's data lives and how a file of it is written, read, locked and upgraded.

Everything the app keeps between runs is JSON in the user's folders (platformdirs, app name
"Ludotheque"), or under `$LUDOTHEQUE_HOME` when that variable is set (tests, CI and the
screenshot tool use it so they never touch a real player's files).

Two promises hold for every file here:
- a write is atomic (temp file in the same folder, flush, fsync, `os.replace`), so a crash
  leaves either the old file or the new one, never half of one;
- a file that is damaged or of the wrong shape is never silently dropped: it is kept aside as
  `<name>.bad` (numbered if an earlier one exists), defaults are used, and a notice naming the
  file and the problem is returned for the UI to show;
- a file that could not be read (a read error, or written by a newer version) is never
  overwritten: it is left as it is, and a later save to it raises `FileLocked` (an OSError, so
  the callers' "could not be saved" path tells the player) until it can be read again.

Every file carries a `format` number. Reading one runs it through `upgrade`, a chain of steps
from each older format to the next; a file from a newer format is refused and left untouched.

The files themselves are described next door: the preferences in `game/engine/settings.py`,
the puzzle progress in `game/engine/progress.py` (both still importable from here).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.i18n import _

log = logging.getLogger(__name__)

APP_NAME = "Ludotheque"
#: When set, every file lives under this folder instead of the platform's user folders.
HOME_ENV = "LUDOTHEQUE_HOME"

SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "progress.json"
AUTOSAVE_FILE = "autosave.json"
AUTOSAVES_DIR = "autosaves"

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


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number JSON allows").format(name=name))


def parse_json(raw: bytes) -> Any:
    """Decode a user file; ValueError (with a message for the player) on any problem.

    Everything the parser can raise on hostile input is turned into ValueError: a deeply nested
    file (RecursionError), an integer of thousands of digits (ValueError), NaN or Infinity
    (which JSON does not have), text that is not UTF-8.
    """
    if len(raw) > MAX_FILE_BYTES:
        raise ValueError(_("too large ({size} bytes)").format(size=len(raw)))
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise ValueError(_("not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise ValueError(_("not valid JSON: {error} at line {line} column {column}").format(
            error=exc.msg, line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise ValueError(_("not readable: nested too deeply")) from None
    except ValueError as exc:
        raise ValueError(_("not readable: {reason}").format(reason=exc)) from None
    except Exception as exc:  # e.g. MemoryError: still the file's fault, never the app's end
        log.exception("reading a user file failed")
        raise ValueError(_("not readable ({error}: {reason})").format(
            error=type(exc).__name__, reason=exc)) from None


def read_json(path: Path | str) -> tuple[Any | None, str | None]:
    """Read a JSON file: (data, None); (None, None) if it does not exist;
    (None, notice) if it is unreadable — then it has been set aside as `.bad`, or, when the
    read itself failed (permissions, a disk error), left in place and locked (never
    overwritten in this run)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        raw = path.read_bytes() if size <= MAX_FILE_BYTES else b""
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        # Unreadable (permissions…): leave it where it is, the player may fix it.
        problem = _("cannot be read: {reason}").format(reason=exc.strerror or exc)
        lock(path, problem, retry=True)
        return None, _("{file} in {folder} {problem}; the defaults are used and the file is "
                       "left as it is (changes made now are not saved to it).").format(
            file=path.name, folder=path.parent, problem=problem)
    if size > MAX_FILE_BYTES:  # not even read: a file this big is not one of ours
        return None, _keep_aside(path, _("too large ({size} bytes)").format(size=size))
    try:
        return parse_json(raw), None
    except ValueError as exc:
        return None, _keep_aside(path, str(exc))


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


def stamp(fmt: int) -> Upgrade:
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


# --------------------------------------------------------------------------- validated load


def load_validated(path: Path, build: Callable[[Mapping[str, Any]], tuple[Any, list[str]]],
                    default: Any, dump: Callable[[Any], Any], current: int,
                    steps: Mapping[int, Upgrade]) -> tuple[Any, str | None]:
    """The load path of the settings and progress files: missing → defaults; corrupt or wrong
    shape → set aside + defaults;
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


def __getattr__(name: str) -> Any:
    """The settings and progress names, from the modules they moved to (older imports work)."""
    if name in _MOVED:
        import importlib
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_MOVED = {
    **dict.fromkeys(("Settings", "ANIMATION_SPEEDS", "LANGUAGE_CODES", "SETTINGS_FORMAT"),
                    "game.engine.settings"),
    **dict.fromkeys(("Progress", "LevelRecord", "MAX_STARS", "PROGRESS_FORMAT"),
                    "game.engine.progress"),
}
