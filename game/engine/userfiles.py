"""Reading a player's file without trusting it, and saying in words what went wrong.

A file in the player's folders may be anything: a named pipe (reading it waits for a writer
that never comes), a device (`/dev/zero` never ends), a folder, a file far too large, text
that is not JSON. `read_limited` reads only an ordinary file, never waits, and never reads
more than its limit; `parse_json` turns whatever the JSON reader says into a sentence for the
player; `describe` does the same for a failed read or write (no `[Errno 30]`, no temp file's
full path). Every sentence is translated: refusals are shown to players.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
from pathlib import Path
from typing import Any

from game.i18n import N_, _

log = logging.getLogger(__name__)


class NotAFile(ValueError):
    """Something in a file's place that is not an ordinary file (a pipe, a device, a folder)."""


class TooLarge(ValueError):
    """A file larger than any file of ours."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a file")


def _not_a_file(mode: int) -> NotAFile:
    return NotAFile(_("it is not an ordinary file but {kind}").format(kind=_kind(mode)))


def _too_large(size: int | None, limit: int) -> TooLarge:
    if size is None:
        return TooLarge(_("it is too large (more than {limit} bytes)").format(limit=limit))
    return TooLarge(_("it is too large ({size} bytes, at most {limit} are read)").format(
        size=size, limit=limit))


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the ordinary file at `path` (a link to one is followed).

    FileNotFoundError when nothing is there; NotAFile for a pipe, a device, a folder or a
    socket (checked before opening, and again on what was opened, so nothing swapped in
    between is read either); TooLarge past `limit` bytes (at most `limit + 1` are read, so a
    file that grows or lies about its size costs no more); any other OSError as raised.
    The file is opened without waiting (O_NONBLOCK where the system has it).
    """
    path = Path(path)
    before = os.stat(path)
    if not stat.S_ISREG(before.st_mode):
        raise _not_a_file(before.st_mode)
    if before.st_size > limit:
        raise _too_large(before.st_size, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):
            raise _not_a_file(opened.st_mode)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limit:
        raise _too_large(None, limit)
    return b"".join(chunks)


# --------------------------------------------------------------------------- JSON in words

#: The JSON reader's own messages (English, for programmers) -> what they mean for a player.
_JSON_WORDS: tuple[tuple[str, str], ...] = (
    ("Expecting value", N_("a value is missing or is not one JSON knows")),
    ("Expecting property name", N_("a name in double quotes is missing")),
    ("Expecting ':'", N_("a colon is missing")),
    ("Expecting ','", N_("a comma or a closing bracket is missing")),
    ("Unterminated string", N_("a text in quotes is never closed")),
    ("Invalid control character", N_("a text in quotes holds a line break or a control "
                                      "character")),
    ("Invalid \\uXXXX", N_("a text in quotes holds a broken \\u code")),
    ("Invalid \\escape", N_("a text in quotes holds a backslash that means nothing")),
    ("Extra data", N_("something follows the end of the data")),
    ("Illegal trailing comma", N_("a comma comes before a closing bracket")),
)


class _Constant(ValueError):
    """NaN or Infinity: numbers JSON does not have (ours, not the reader's)."""


def _no_constant(name: str) -> Any:
    raise _Constant(_("{name} is not a number JSON allows").format(name=name))


def json_problem(exc: json.JSONDecodeError) -> str:
    """A JSON syntax error as a sentence, with where it is."""
    what = next((_(words) for start, words in _JSON_WORDS if exc.msg.startswith(start)),
                _("the text does not follow the rules of JSON"))
    return _("not valid JSON, line {line}, column {column}: {what}").format(
        line=exc.lineno, column=exc.colno, what=what)


def parse_json(raw: bytes, limit: int) -> Any:
    """Decode a user file; ValueError with a sentence for the player on any problem.

    Everything the parser can raise on hostile input is turned into ValueError: a deeply nested
    file (RecursionError), an integer of thousands of digits, NaN or Infinity (which JSON does
    not have), text that is not UTF-8, a file too large to hold in memory. A byte-order mark
    at the start (some editors write one) is skipped.
    """
    if len(raw) > limit:
        raise _too_large(len(raw), limit)
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise ValueError(_("not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise ValueError(json_problem(exc)) from None
    except RecursionError:
        raise ValueError(_("not readable: nested too deeply")) from None
    except _Constant as exc:
        raise ValueError(_("not readable: {reason}").format(reason=exc)) from None
    except ValueError:  # the only other one: an integer past Python's digit limit
        raise ValueError(_("not readable: a number has far too many digits")) from None
    except MemoryError:
        raise ValueError(_("not readable: too large to hold in memory")) from None
    except Exception:  # still the file's fault, never the app's end
        log.exception("reading a user file failed")
        raise ValueError(_("not readable: its content is not what a file of ours holds")) \
            from None


# --------------------------------------------------------------------------- failures in words

#: errno -> what it means for the player.
_ERRNO_WORDS: dict[int, str] = {
    errno.EROFS: N_("the disk or folder is read-only"),
    errno.EACCES: N_("permission is refused"),
    errno.EPERM: N_("permission is refused"),
    errno.ENOSPC: N_("the disk is full"),
    errno.ENOENT: N_("the folder does not exist"),
    errno.EISDIR: N_("a folder stands where the file should be"),
    errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EIO: N_("the disk reported an error"),
    errno.EMFILE: N_("too many files are open"),
}
if hasattr(errno, "EDQUOT"):
    _ERRNO_WORDS[errno.EDQUOT] = N_("the disk quota is used up")


def describe(exc: BaseException) -> str:
    """A failed read or write in words for the player: what went wrong, without the system's
    error number or a temp file's path."""
    if type(exc) is not OSError and isinstance(exc, OSError) and \
            type(exc).__module__.startswith("game."):
        return str(exc)  # our own (FileLocked): already a sentence
    if isinstance(exc, OSError):
        words = _ERRNO_WORDS.get(exc.errno or 0)
        if words is not None:
            return _(words)
        return exc.strerror or _("the system refused it")
    if isinstance(exc, NotAFile | TooLarge):
        return str(exc)
    if isinstance(exc, ValueError | TypeError):
        return _("it holds a value that cannot be written")
    return _("an unexpected error ({error})").format(error=type(exc).__name__)
