"""Hostile and failing files at the level of the whole app: the real App, started headless on each bad file,
keeps running, sets the file aside (or leaves a newer one untouched) and shows a notice; a
failing settings write or autosave is reported, not fatal; an exception from a scene or a
widget brings the player back to the menu with the autosave intact.

`run_app` drives `App.run` itself (the frame loop with its guard), feeding scripted events
instead of the window's and a clock that does not sleep.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game import app as game_app
from game import registry
from game.app import App
from game.engine import storage
from game.engine.match import Match
from game.ui.widgets import Toasts

Script = Callable[[App, int], list[pygame.event.Event]]


class _Clock:
    def tick(self, fps: float = 0) -> int:
        return 16

    def get_fps(self) -> float:
        return 60.0


def run_app(script: Script | None = None, frames: int = 12) -> App:
    """Start the real app (menu first, as `main` does) and run `frames` frames of its loop;
    `script(app, frame)` returns the events of each frame (and may act on the app)."""
    app = App(headless=True)
    app.clock = _Clock()  # type: ignore[assignment]
    # scripted clicks come a few frames after a screen change, far sooner than a hand could:
    # the click guard (tested in test_frame.py) would drop them
    guard, game_app.CLICK_GUARD = game_app.CLICK_GUARD, 0.0
    count = 0
    real_get = pygame.event.get

    def events(*args: Any, **kwargs: Any) -> list[pygame.event.Event]:
        nonlocal count
        posted = list(real_get())  # what the widgets posted themselves comes first
        count += 1
        if count > frames:
            return [pygame.event.Event(pygame.QUIT)]
        return posted + (script(app, count) if script is not None else [])

    pygame.event.get = events  # type: ignore[assignment]
    # pygame.quit() would stale the fonts the theme keeps for the next tests
    app.shutdown = lambda: None  # type: ignore[method-assign]
    try:
        app.run()
    finally:
        pygame.event.get = real_get
        game_app.CLICK_GUARD = guard
        worker = app.services.running_worker
        if worker is not None:
            worker.close()
    return app


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every toast shown, in order (the toast list itself keeps only the last four)."""
    seen: list[str] = []
    real = Toasts.show

    def show(self: Toasts, message: str, kind: str = "info", seconds: float = 3.0) -> None:
        seen.append(message)
        real(self, message, kind, seconds)

    monkeypatch.setattr(Toasts, "show", show)
    yield seen


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def press(button: Any) -> list[pygame.event.Event]:
    """A button pressed, as pygame_gui reports it."""
    return [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)]


def key(k: int, text: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def press_continue(app: App, frame: int) -> list[pygame.event.Event]:
    from game.scenes.menu import MenuScene

    top = app.top
    if frame == 3 and isinstance(top, MenuScene) and top.continue_btn.is_enabled:
        return press(top.continue_btn)
    return []


def open_puzzle(app: App, frame: int) -> list[pygame.event.Event]:
    from game.scenes.menu import MenuScene

    top = app.top
    if frame == 3 and isinstance(top, MenuScene):
        return click(top.cards["hanoi"].center)
    return []


DEEP = "[" * 50_000 + "]" * 50_000
HUGE = "9" * 5000


def _pions(**changes: Any) -> str:
    data = Match(registry.get("pions")).to_json()
    data.update(changes)
    return json.dumps(data)


def _with_option(game: str, option: str, value: Any) -> str:
    data = Match(registry.get(game)).to_json()
    data["options"][option] = value
    return json.dumps(data)


CASES: dict[str, tuple[str, str]] = {
    # name: (which file, content)
    "settings-deep": ("settings", DEEP),
    "settings-huge-int": ("settings", '{"volume": ' + HUGE + "}"),
    "settings-not-json": ("settings", "{volume: 1"),
    "settings-not-utf8": ("settings", "\udcff"),
    "settings-list": ("settings", "[1, 2]"),
    "settings-bad-format": ("settings", '{"format": "one"}'),
    "settings-nan": ("settings", '{"volume": NaN}'),
    "progress-deep": ("progress", DEEP),
    "progress-huge-int": ("progress", '{"format": 1, "games": {"hanoi": {"01": {"stars": '
                                      + HUGE + "}}}}"),
    "progress-not-json": ("progress", '{"games": '),
    "progress-string": ("progress", '"progress"'),
    "autosave-deep": ("autosave", DEEP),
    "autosave-huge-int": ("autosave", '{"format": ' + HUGE + "}"),
    "autosave-not-json": ("autosave", '{"format": 1, "game": "pions",'),
    # a puzzle is resumed like a match now, but not one whose level is a path
    "autosave-puzzle": ("autosave", _with_option("hanoi", "level", "../../levels/x")),
    "autosave-unknown-game": ("autosave", _pions(game="chess")),
    "autosave-bad-option": ("autosave", _with_option("amazons", "territory_end", "x")),
    "autosave-seed-list": ("autosave", _with_option("abalone", "random_seed", [])),
    "autosave-infinity": ("autosave", _with_option("abalone", "random_seed", 1).replace(
        '"random_seed": 1', '"random_seed": Infinity')),
    "autosave-tampered-move": ("autosave", _pions(moves=["22-19", "99-98"])),
    "autosave-tangram-path": ("autosave", _with_option("tangram", "level", "D:evil")),
    "autosave-players": ("autosave", _pions(players={"kind": "human"})),
}


def _path(which: str) -> Path:
    return {"settings": storage.settings_path, "progress": storage.progress_path,
            "autosave": storage.autosave_path}[which]()


@pytest.mark.parametrize("case", list(CASES))
def test_the_app_runs_on_a_bad_file_sets_it_aside_and_says_so(home: Path, notices: list[str],
                                                              case: str) -> None:
    which, content = CASES[case]
    path = _path(which)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    script = {"autosave": press_continue, "progress": open_puzzle}.get(which)
    app = run_app(script, frames=10)
    assert not app.running  # it ran its frames and was closed normally
    assert not path.exists()
    kept = list(path.parent.glob(path.name + "*.bad"))
    assert len(kept) == 1 and kept[0].read_bytes() == content.encode("utf-8", "surrogateescape")
    assert any(path.name in n or "saved match" in n for n in notices), notices
    if which == "autosave" and case != "autosave-deep":
        # the menu is back, Continue is off, and a new match can still be played and saved
        assert not [n for n in notices if "went wrong" in n]


@pytest.mark.parametrize("which", ["settings", "progress"])
def test_a_newer_file_is_left_untouched_with_a_notice(home: Path, notices: list[str],
                                                      which: str) -> None:
    path = _path(which)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": 7, "games": {}, "volume": 0.3})
    path.write_text(text)

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        if frame == 2:
            return [key(pygame.K_F11)]  # a settings write: refused, the file kept
        return open_puzzle(app, frame)

    run_app(script, frames=10)
    assert path.read_text() == text
    assert any("newer version" in n and path.name in n for n in notices), notices


def test_a_failing_settings_write_is_told_and_play_goes_on(
        home: Path, notices: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # a full disk under the settings (a folder in the file's place is moved aside now: see
    # test_a_special_file_in_a_files_place_is_set_aside_unread)
    import errno

    real = storage.write_json_atomic

    def full(path: Path | str, data: Any) -> None:
        if Path(path) == storage.settings_path():
            raise OSError(errno.ENOSPC, "No space left on device",
                          str(Path(path).parent / ".settings.json.1.tmp"))
        real(path, data)

    monkeypatch.setattr(storage, "write_json_atomic", full)
    from game.scenes.menu import MenuScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        top = app.top
        if frame == 2:
            return [key(pygame.K_F11)]
        if frame == 3 and isinstance(top, MenuScene):
            return press(top.settings_btn)
        if frame == 4 and isinstance(top, SettingsScene):
            return press(top.sound)
        if frame == 5 and isinstance(top, SettingsScene):
            return press(top.done)
        if frame == 6 and isinstance(top, MenuScene):
            return click(top.cards["pions"].center)
        if frame == 7 and isinstance(top, SetupScene):
            return press(top.start_btn)
        return []

    seen: list[str] = []

    def spy(app: App, frame: int) -> list[pygame.event.Event]:
        seen.append(type(app.top).__name__)
        return script(app, frame)

    run_app(spy, frames=10)
    assert "SettingsScene" in seen and "SetupScene" in seen and seen[-1] == "PionsScene"
    failures = [n for n in notices if "settings" in n.lower() and "not" in n.lower()]
    assert len(failures) >= 3, notices
    assert all(n == "Settings not saved: the disk is full" for n in failures), failures


def test_an_autosave_failure_of_any_kind_is_reported(app: App, notices: list[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.catalog import open_scene

    scene: Any = open_scene(app, "match:pions")

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ValueError("Out of range float values are not JSON compliant")

    monkeypatch.setattr(storage, "write_json_atomic", broken)
    move = scene.rules.legal_moves(scene.state)[0]
    scene._play(move)
    assert scene.match.ply == 1
    assert any("Autosave failed" in n for n in notices)


def test_stale_temp_files_are_cleaned_when_the_app_starts(home: Path) -> None:
    folder = storage.data_dir()
    folder.mkdir(parents=True)
    stale = folder / ".autosave.json.999.abc.tmp"
    stale.write_text("{")
    old = time.time() - 600
    os.utime(stale, (old, old))
    App(headless=True)
    assert not stale.exists()


def test_two_save_copies_in_one_second_are_two_files(app: App) -> None:
    from game.scenes.catalog import open_scene

    scene: Any = open_scene(app, "match:pions", moves=2)
    scene.save_copy()
    scene.save_copy()
    scene.save_copy()
    assert len(list(storage.saves_dir().glob("pions-*.json"))) == 3


@pytest.mark.parametrize("text", ["\u200b", "\u200d", "\ufeff", "\u00ad", "\u0301", "a\u200bb"])
def test_invisible_characters_typed_in_a_name_do_not_stop_the_app(home: Path,
                                                                   text: str) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.setup import SetupScene

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        top = app.top
        if frame == 2 and isinstance(top, MenuScene):
            return click(top.cards["pions"].center)
        if isinstance(top, SetupScene):
            field = top.side_widgets[0]["name"]
            if frame == 3:
                field.set_text("")
                return click(field.rect.center)
            if frame in (4, 5):
                return [pygame.event.Event(pygame.TEXTINPUT, text=text)]
            if frame == 6:
                return [key(pygame.K_BACKSPACE), key(pygame.K_LEFT),
                        pygame.event.Event(pygame.TEXTINPUT, text=text)]
            if frame == 8:
                return press(top.start_btn)
        return []

    app = run_app(script, frames=14)
    remembered = storage.Settings.load()[0].setups["pions"]["players"]
    names = [p["name"] for p in remembered]
    assert names and all(n == "" or n.isprintable() and "\u200b" not in n for n in names)
    assert [p["name"] for p in app.settings.setups["pions"]["players"]] == names


def test_an_exception_in_a_scene_returns_to_the_menu_with_the_autosave_intact(
        home: Path, notices: list[str], caplog: pytest.LogCaptureFixture) -> None:
    from game.scenes.catalog import open_scene
    from game.scenes.menu import MenuScene

    boom: dict[str, Any] = {}

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        if frame == 2:
            scene: Any = open_scene(app, "match:pions", moves=0)
            for _ in range(3):
                scene._play(scene.rules.legal_moves(scene.state)[0])
            boom["saved"] = storage.autosave_path("pions").read_text()

            def explode(event: pygame.event.Event) -> None:
                raise RuntimeError("a bug in a scene")

            scene.process_event = explode
            boom["scene"] = scene
        if frame == 4:
            return [key(pygame.K_a, "a")]
        if frame == 6:
            boom["top"] = app.top
        return []

    with caplog.at_level(logging.ERROR):
        app = run_app(script, frames=8)
    assert isinstance(boom["top"], MenuScene)
    assert any("went wrong" in n for n in notices), notices
    assert "RuntimeError: a bug in a scene" in caplog.text and "Traceback" in caplog.text
    saved = json.loads(storage.autosave_path("pions").read_text())
    assert saved == json.loads(boom["saved"]) and len(saved["moves"]) == 3
    assert not app.running


def test_an_exception_while_drawing_the_menu_does_not_stop_the_app(
        home: Path, notices: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.menu import MenuScene

    calls = {"n": 0}
    real = MenuScene.draw

    def flaky(self: MenuScene, surface: pygame.Surface) -> None:
        calls["n"] += 1
        if calls["n"] in (2, 3):
            raise ValueError("a drawing bug")
        real(self, surface)

    monkeypatch.setattr(MenuScene, "draw", flaky)
    app = run_app(None, frames=8)
    assert calls["n"] >= 6 and not app.running
    assert any("went wrong" in n for n in notices)


@pytest.mark.parametrize("case", ["autosave-puzzle", "autosave-unknown-game",
                                  "autosave-bad-option", "autosave-tangram-path",
                                  "autosave-infinity"])
def test_a_bad_autosave_is_set_aside_as_soon_as_the_menu_shows(home: Path, notices: list[str],
                                                              case: str) -> None:
    from game.scenes.menu import MenuScene

    _, content = CASES[case]
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    menus: list[MenuScene] = []

    def look(app: App, frame: int) -> list[pygame.event.Event]:
        if isinstance(app.top, MenuScene):
            menus.append(app.top)
        return []

    run_app(look, frames=3)
    assert not path.exists() and len(list(path.parent.glob("autosave.json*.bad"))) == 1
    assert menus and not menus[-1].continue_btn.is_enabled
    assert any("autosave.json" in n or "saved match" in n for n in notices), notices


def test_hanoi_free_play_going_from_four_pegs_to_three_under_the_pointer(app: App) -> None:
    """Found by tools/soak.py: the pointer on the fourth peg, then 3 pegs chosen — the hovered
    peg no longer existed and drawing its label raised IndexError."""
    from game.games.hanoi.scene import HanoiScene

    scene: Any = HanoiScene(app, registry.get("hanoi"), None, free=True)
    app.push(scene)
    scene.set_free(pegs=4)
    x = scene.layout.xs[3]
    y = next(y for y in range(0, 800, 4) if scene._column_at((int(x), y)) == 3)
    scene.board_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), y), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    assert scene.hover_peg == 3
    scene.set_free(pegs=3)
    app.draw()
    assert scene.hover_peg is None or scene.hover_peg < 3


# ---------------------------------------------------------------- special files, the whole app

from tests.engine.test_file_refusals import (  # noqa: E402
    KIND_WORDS,
    SPECIAL_KINDS,
    deadline,  # noqa: F401 (a fixture: a pipe that is waited on fails the test, never hangs it)
    make_special,
)


def open_load(app: App, frame: int) -> list[pygame.event.Event]:
    from game.scenes.menu import MenuScene

    top = app.top
    if frame == 3 and isinstance(top, MenuScene):
        return press(top.load_btn)
    return []


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
@pytest.mark.parametrize("place", ["autosave", "copy"])
@pytest.mark.usefixtures("deadline")
def test_the_app_starts_on_a_special_save_and_sets_it_aside(home: Path, notices: list[str],
                                                            kind: str, place: str) -> None:
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene

    path = storage.autosave_path("pions") if place == "autosave" else \
        storage.saves_dir() / "pions-20260101-120000.json"
    make_special(path, kind)
    seen: list[type] = []

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        seen.append(type(app.top))
        return (open_load if place == "copy" else press_continue)(app, frame)

    started = time.perf_counter()
    app = run_app(script, frames=8)
    assert time.perf_counter() - started < 20 and not app.running
    assert seen[0] is MenuScene and (place == "autosave" or LoadScene in seen)
    assert not os.path.lexists(path) and os.path.lexists(path.parent / f"{path.name}.bad")
    told = [n for n in notices if path.name in n]
    assert told and KIND_WORDS[kind] in told[0] and "not an ordinary file" in told[0], notices
    assert not [n for n in notices if "went wrong" in n], notices
    if place == "copy":  # named once, the reason apart
        assert told[0].count(path.name + " ") + told[0].count(path.name + "(") <= 1
        assert told[0].startswith(f"{path.name} could not be loaded (it is not")


def test_the_load_screen_names_a_refused_file_once(home: Path, notices: list[str]) -> None:
    path = storage.saves_dir() / "X.json"
    path.write_text('{"format": 1, "game": "pions", "moves": ["unterminated]}')
    run_app(open_load, frames=6)
    told = [n for n in notices if "X.json" in n]
    assert told and told[0].count("X.json") == 2, told  # the file, and what it was kept as
    assert told[0].startswith("X.json could not be loaded (not valid JSON, line 1, column")
    assert "X.json:" not in told[0] and "at at" not in told[0]


def test_sigterm_in_the_loop_closes_the_app_as_the_window_does(home: Path) -> None:
    import signal

    from game.scenes.catalog import open_scene

    if not hasattr(signal, "SIGTERM") or os.name != "posix":
        pytest.skip("no SIGTERM here")
    quits: list[str] = []

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        if frame == 2:
            scene: Any = open_scene(app, "match:pions", moves=0)
            scene.on_quit = lambda: quits.append("saved")
        if frame == 4:
            os.kill(os.getpid(), signal.SIGTERM)
        return []

    app = run_app(script, frames=1000)
    app._release_terminate()
    assert quits == ["saved"] and not app.running


STUCK_CHILD = """
import os, sys, time
import pygame
from game.app import App
app = App(headless=True)
real_frame = app.frame
frames = 0
def frame():
    global frames
    real_frame()
    frames += 1
    if frames == 2:
        print("STUCK", flush=True)
        open(sys.argv[1]).read()  # a pipe nobody writes: this frame never ends
app.frame = frame
app.run()
"""


def test_sigterm_ends_the_app_even_in_a_frame_that_never_ends(tmp_path: Path) -> None:
    """The grace: a frame stuck in a call (a pipe opened) cannot keep the process alive."""
    import signal
    import subprocess
    import sys

    if not hasattr(os, "mkfifo") or not hasattr(signal, "setitimer"):
        pytest.skip("no pipes or timers here")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    env = dict(os.environ, LUDOTHEQUE_HOME=str(tmp_path), PYTHONPATH=str(Path.cwd()))
    child = subprocess.Popen([sys.executable, "-c", STUCK_CHILD, str(pipe)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "STUCK"
        time.sleep(0.3)
        sent = time.perf_counter()
        child.send_signal(signal.SIGTERM)
        status = child.wait(game_app.TERMINATE_GRACE + 10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert status == 0 and time.perf_counter() - sent < game_app.TERMINATE_GRACE + 5


@pytest.mark.parametrize("kind, place", [("fifo", "autosave"), ("zero", "copy")])
def test_the_real_app_started_on_a_special_file_reaches_the_menu_and_ends(
        kind: str, place: str) -> None:
    """tools/special_files.py: the app as its own process, ended by SIGTERM at the menu."""
    import tools.special_files as probe

    if os.name != "posix":
        pytest.skip("POSIX only")
    result = probe.probe(kind, place, "sigterm", timeout=60)
    assert result.ok, result.line()
    assert result.to_menu is not None and result.to_menu < 30
    assert result.shown == ("LoadScene" if place == "copy" else "MenuScene")


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import tempfile

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EROFS, "Read-only file system", kwargs.get("dir", ""))

    monkeypatch.setattr(tempfile, "mkstemp", refused)


def test_a_read_only_home_is_said_once_at_start(home: Path, notices: list[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.setup import SetupScene

    _read_only(monkeypatch)

    def script(app: App, frame: int) -> list[pygame.event.Event]:
        top = app.top
        if frame == 3 and isinstance(top, MenuScene):
            return click(top.cards["pions"].center)
        if frame == 5 and isinstance(top, SetupScene):
            return press(top.start_btn)
        if frame in (7, 8, 9):  # moves, each autosaved (and refused)
            scene: Any = app.top
            if hasattr(scene, "match"):
                scene._play(scene.rules.legal_moves(scene.state)[0])
        return []

    app = run_app(script, frames=12)
    assert not app.running
    first = notices[0]
    assert "will not be kept" in first and "read-only" in first and "Errno" not in first
    assert len([n for n in notices if "will not be kept" in n]) == 1
    assert not [n for n in notices if "Autosave failed" in n or "Settings not" in n], notices
    assert not [n for n in notices if "[Errno" in n or ".tmp" in n], notices


def test_a_home_that_is_writable_says_nothing(home: Path, notices: list[str]) -> None:
    run_app(None, frames=3)
    assert not [n for n in notices if "will not be kept" in n]
    assert not list(storage.config_dir().glob(".*.tmp"))  # the check leaves nothing behind


def test_a_read_only_home_is_said_in_french_too(home: Path, notices: list[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    storage.Settings(language="fr").save()
    _read_only(monkeypatch)
    run_app(None, frames=3)
    assert any("ne seront pas gardés" in n and "lecture seule" in n for n in notices), notices


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root writes in a read-only folder anyway")
def test_a_folder_without_write_permission_is_said_at_start(home: Path,
                                                            notices: list[str]) -> None:
    for folder in (storage.config_dir(), storage.data_dir()):
        folder.mkdir(parents=True)
        folder.chmod(0o500)
    try:
        run_app(None, frames=3)
    finally:
        for folder in (storage.config_dir(), storage.data_dir()):
            folder.chmod(0o700)
    assert any("will not be kept" in n for n in notices), notices


@pytest.mark.parametrize("setup, problem", [
    ({"players": "Alice"}, "the players are not a list"),
    ({"options": {"territory_end": "maybe"}}, '"maybe" is not a choice of'),
    ({"variant": "99x99"}, 'there is no variant "99x99"'),
    ({"players": [{"kind": "alien"}]}, '"alien" is not a kind of player'),
    ({"players": [{"kind": "computer", "level": "godlike"}]}, 'no level "godlike"'),
    ({"options": []}, "the options are not a list of choices"),
])
def test_a_remembered_setup_with_garbage_is_reset_and_said(app: App, notices: list[str],
                                                           setup: dict[str, Any],
                                                           problem: str) -> None:
    from game.scenes.catalog import open_scene

    entry = registry.get("amazons")
    app.settings.setups["amazons"] = {"variant": entry.variants[-1].id, **setup}
    scene: Any = open_scene(app, "setup:amazons")
    told = [n for n in notices if "Amazons" in n and "reset" in n]
    assert len(told) == 1 and problem in told[0], notices
    assert scene.variant == entry.variants[0].id and scene.options == entry.default_options()
    assert "amazons" not in app.settings.setups  # said once
    app.stack.clear()
    open_scene(app, "setup:amazons")
    assert len([n for n in notices if "reset" in n]) == 1


def test_a_remembered_setup_in_order_is_used_without_a_word(app: App,
                                                            notices: list[str]) -> None:
    from game.scenes.catalog import open_scene

    entry = registry.get("amazons")
    app.settings.setups["amazons"] = {
        "variant": entry.variants[-1].id, "options": {},
        "players": [{"kind": "human", "name": "Ann", "level": ""},
                    {"kind": "computer", "name": "", "level": entry.default_level}]}
    scene: Any = open_scene(app, "setup:amazons")
    assert scene.variant == entry.variants[-1].id and not [n for n in notices if "reset" in n]
    assert [p.kind for p in scene.players()] == ["human", "computer"]


def test_sigterm_before_the_loop_ends_the_process_at_once(app: App) -> None:
    """Start-up (settings, the window, the menu's first scan) runs before the loop reads any
    event: a SIGTERM then ends the process, with status 0."""
    with pytest.raises(SystemExit) as ended:
        app._on_terminate(15, None)
    assert ended.value.code == 0
    app._release_terminate()


def test_a_failure_in_the_menus_first_scan_is_caught_by_the_safety_net(
        home: Path, notices: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.menu import MenuScene

    real = MenuScene.enter
    calls = {"n": 0}

    def once(self: MenuScene) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise MemoryError("the autosave scan ran out of memory")
        real(self)

    monkeypatch.setattr(MenuScene, "enter", once)
    seen: list[type] = []
    app = run_app(lambda a, f: seen.append(type(a.top)) or [], frames=4)
    assert not app.running and seen and all(s is MenuScene for s in seen)
    assert any("went wrong" in n for n in notices), notices
