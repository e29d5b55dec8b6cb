"""Where the player's data lives and how a file of it is written, read, locked and upgraded.

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

from game.engine import userfiles
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
    found = sorted(p for p in folder.glob("*.json") if not is_review(p)) if folder.is_dir() else []
    legacy = autosave_path()
    return found + ([legacy] if legacy.is_file() else [])


def saved_match_paths() -> list[Path]:
    """The matches saved with "Save copy", newest first."""
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    return sorted((p for p in saves_dir().glob("*.json") if not is_review(p)), key=mtime,
                  reverse=True)


#: How a match's review kept beside it ends (`X.json` → `X.review.json`): not a match itself.
REVIEW_SUFFIX = ".review.json"


def is_review(path: Path) -> bool:
    """A review kept beside its match, which the lists of matches leave out."""
    return path.name.endswith(REVIEW_SUFFIX)


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
