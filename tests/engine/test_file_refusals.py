"""Special files and the words of a refusal: a pipe, a device or a folder where a file should
be is set aside unread, a file's claimed size is not trusted, and what the player is told
(JSON errors, huge numbers, memory, system errors) is said in words, in English and French.
The app-level runs are in tests/app/test_corrupt_files.py."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.engine import storage
from game.engine.match import Match, SaveError
from game.engine.storage import Settings
from tests.engine.hostile_files import HUGE_INT, pions_save

SPECIAL_KINDS = ("fifo", "zero", "urandom", "folder")
#: what the player is told each kind is
KIND_WORDS = {"fifo": "named pipe", "zero": "device", "urandom": "device", "folder": "folder"}


def make_special(path: Path, kind: str) -> None:
    """A special file of `kind` at `path`; the test is skipped where the system has none."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(path)
    elif kind in ("zero", "urandom"):
        if not Path(f"/dev/{kind}").exists():
            pytest.skip(f"no /dev/{kind} here")
        try:
            os.symlink(f"/dev/{kind}", path)
        except (OSError, NotImplementedError):
            pytest.skip("no symbolic links here")
    else:
        path.mkdir()


@pytest.fixture
def deadline() -> Any:
    """Fail (instead of hanging the run) when the test body takes more than 10 s: a read
    that waits on a pipe is interrupted by the alarm."""
    import signal

    if not hasattr(signal, "setitimer"):
        yield
        return

    def late(signum: int, frame: Any) -> None:
        raise TimeoutError("the read waited: a pipe was opened or read")

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, 10.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
@pytest.mark.parametrize("which", ["settings", "autosave"])
def test_a_special_file_in_a_files_place_is_set_aside_unread(home: Path, deadline: Any,
                                                             kind: str, which: str) -> None:
    path = storage.settings_path() if which == "settings" else storage.autosave_path("pions")
    make_special(path, kind)
    started = time.perf_counter()
    data, notice = storage.read_json(path)
    assert time.perf_counter() - started < 2
    assert data is None and notice is not None
    assert f"{path.name} in " in notice and KIND_WORDS[kind] in notice, notice
    assert "not an ordinary file" in notice and f"{path.name}.bad" in notice
    assert not os.path.lexists(path) and os.path.lexists(path.parent / f"{path.name}.bad")
    if which == "settings":
        settings, again = Settings.load()
        assert settings == Settings() and again is None  # the place is free: defaults
        Settings(volume=0.3).save()
        assert Settings.load()[0].volume == 0.3


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_match_load_refuses_a_special_file_without_reading_it(tmp_path: Path, deadline: Any,
                                                              kind: str) -> None:
    path = tmp_path / "copy.json"
    make_special(path, kind)
    with pytest.raises(SaveError) as caught:
        Match.load(path, registry.get)
    assert str(caught.value) == f"copy.json: {caught.value.detail}"
    assert "not an ordinary file" in caught.value.detail
    assert KIND_WORDS[kind] in caught.value.detail and "copy.json" not in caught.value.detail


def test_the_size_a_file_claims_is_not_trusted(tmp_path: Path) -> None:
    """/proc files say they hold 0 bytes: at most the limit plus one byte is read."""
    from game.engine import userfiles

    status = Path("/proc/self/status")
    if not status.is_file() or status.stat().st_size != 0:
        pytest.skip("no /proc file that lies about its size here")
    with pytest.raises(userfiles.TooLarge, match="more than 10 bytes"):
        userfiles.read_limited(status, 10)
    assert userfiles.read_limited(status, 1 << 20).startswith(b"Name:")


def test_a_file_growing_past_the_limit_while_read_is_cut(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import userfiles

    path = tmp_path / "grows.json"
    path.write_bytes(b"[]")
    calls: list[int] = []
    real_read = os.read

    def endless(fd: int, n: int) -> bytes:  # a file that never ends, whatever stat said
        calls.append(n)
        return b" " * n if len(calls) < 1000 else real_read(fd, n)

    monkeypatch.setattr(os, "read", endless)
    with pytest.raises(userfiles.TooLarge):
        userfiles.read_limited(path, 5000)
    assert sum(calls) == 5001


def _json_notice(text: str) -> str:
    with pytest.raises(ValueError) as caught:
        storage.parse_json(text.encode("utf-8"))
    return str(caught.value)


@pytest.mark.parametrize("text, words", [
    ('{"a": "never closed}', "a text in quotes is never closed"),
    ('{"a": 1,}', "a name in double quotes is missing"),
    ('{"a" 1}', "a colon is missing"),
    ('[1 2]', "a comma or a closing bracket is missing"),
    ('{"a": tru}', "a value is missing"),
    ('{} {}', "something follows the end of the data"),
    ('{"a": "\\q"}', "backslash"),
])
def test_json_errors_are_said_in_words_once(text: str, words: str) -> None:
    notice = _json_notice(text)
    assert words in notice and "line 1, column" in notice, notice
    assert "at at" not in notice and "Expecting" not in notice and "Unterminated" not in notice


def test_json_errors_are_said_in_french_too() -> None:
    from game import i18n

    i18n.set_language("fr")
    notice = _json_notice('{"a": "never closed}')
    assert "ligne 1, colonne 7" in notice and "jamais fermé" in notice, notice


def test_a_huge_number_is_said_in_words_not_in_pythons() -> None:
    notice = _json_notice('{"volume": ' + HUGE_INT + "}")
    assert "too many digits" in notice
    assert "sys." not in notice and "4300" not in notice and "Exceeds" not in notice


def test_running_out_of_memory_is_said_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_room(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(json, "loads", no_room)
    notice = _json_notice("{}")
    assert "too large to hold in memory" in notice and "MemoryError" not in notice


def test_system_errors_are_said_in_words_without_number_or_temp_path() -> None:
    import errno

    from game import i18n

    failure = OSError(errno.EROFS, "Read-only file system", "/home/x/.settings.json.16163.tmp")
    words = storage.describe(failure)
    assert words == "the disk or folder is read-only"
    assert "Errno" not in words and ".tmp" not in words
    assert storage.describe(OSError(errno.ENOSPC, "No space left")) == "the disk is full"
    assert storage.describe(storage.FileLocked("progress.json is not overwritten: x")) == \
        "progress.json is not overwritten: x"
    i18n.set_language("fr")
    assert storage.describe(failure) == "le disque ou le dossier est en lecture seule"


def test_a_failed_read_is_said_in_words(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Settings(volume=0.2).save()
    monkeypatch.setattr(storage, "read_bytes", lambda where: (_ for _ in ()).throw(
        PermissionError(13, "Permission denied", str(where))))
    _settings, notice = Settings.load()
    assert notice is not None and "permission is refused" in notice and "Errno" not in notice


@pytest.mark.parametrize("which", ["settings", "save"])
def test_a_byte_order_mark_is_accepted(home: Path, which: str) -> None:
    if which == "settings":
        path = storage.settings_path()
        path.parent.mkdir(parents=True)
        path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"format": 1, "volume": 0.25}).encode())
        settings, notice = Settings.load()
        assert notice is None and settings.volume == 0.25
    else:
        path = home / "bom.json"
        path.write_bytes(b"\xef\xbb\xbf" + json.dumps(pions_save(moves=["22-19"])).encode())
        assert Match.load(path, registry.get).ply == 1


@pytest.mark.parametrize("field", ["notes", "options", "start", "result", "time_after"])
def test_every_optional_save_field_takes_null(tmp_path: Path, field: str) -> None:
    path = tmp_path / "nulls.json"
    path.write_text(json.dumps(pions_save(moves=["22-19"], **{field: None})))
    match = Match.load(path, registry.get)
    assert match.ply == 1 and match.notes == {} and match.options == \
        registry.get("pions").default_options()


def test_a_refusal_names_the_file_once_and_keeps_the_reason_apart(tmp_path: Path) -> None:
    path = tmp_path / "X.json"
    path.write_text(json.dumps(pions_save(moves=["22-19", "99-98"])))
    with pytest.raises(SaveError) as caught:
        Match.load(path, registry.get)
    assert str(caught.value).count("X.json") == 1
    assert caught.value.detail.startswith("move 2 (99-98): ") and "X.json" not in \
        caught.value.detail
