"""The command line: help, version and mistakes print and exit before any window (without a
display, without importing pygame); the options reach the app; the window is named after the
application and carries its icon."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game import APP_ID, version
from game.cli import Options, parse

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m game ARGS` with no display at all: a window opened here would fail or hang
    (the timeout), and a pygame import would print its banner."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="x11", LANGUAGE="en", LC_ALL="C.UTF-8", PYTHONPATH=str(ROOT))
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=60)


def test_help_prints_every_option_and_exits_without_pygame() -> None:
    res = run_cli("--help")
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("usage: ludotheque")
    for word in ("--version", "--lang", "--windowed", "--fullscreen", "GAME", "abalone"):
        assert word in res.stdout
    assert "pygame" not in res.stdout + res.stderr  # its banner: pygame was never imported


def test_version_prints_the_package_version() -> None:
    res = run_cli("--version")
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == f"Ludothèque {version()}"


@pytest.mark.parametrize(("args", "said"), [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["go"], "unknown game 'go'"),
    (["--lang", "de"], "invalid choice: 'de'"),
    (["--windowed", "--fullscreen"], "not allowed with argument"),
])
def test_a_mistake_says_what_and_exits_2(args: list[str], said: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # in this process, through the parsing `python -m game` starts with (a parse that let the
    # mistake through returns its options instead of opening the app); the process: next test
    with pytest.raises(SystemExit) as exit_:
        parse(args)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert said in err
    assert "ludotheque --help" in err
    assert out == ""


def test_a_mistake_ends_the_process_with_status_2() -> None:
    res = run_cli("--bogus")
    assert res.returncode == 2
    assert "unrecognized arguments: --bogus" in res.stderr and res.stdout == ""


def test_options_are_parsed() -> None:
    assert parse([]) == Options()
    assert parse(["--lang", "fr", "--windowed", "abalone"]) == \
        Options(language="fr", fullscreen=False, game="abalone")
    assert parse(["--fullscreen", "hanoi"]).fullscreen is True


def test_the_version_comes_from_the_package_metadata() -> None:
    """One place: pyproject.toml's version, as installed (or read from it in a checkout)."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        assert version() == tomllib.load(f)["project"]["version"]


def test_lang_and_window_options_reach_the_app(home: Path) -> None:
    from game import i18n
    from game.app import App

    app = App(headless=True, options=Options(language="fr", fullscreen=False))
    try:
        assert i18n.language() == "fr"
        assert app.settings.language == ""  # the saved choice is not changed by one run
        assert app.settings.fullscreen is False
    finally:
        app.stop_worker()  # not shutdown: pygame.quit would spoil the fonts later tests share


@pytest.mark.parametrize(("game", "scene"), [("abalone", "SetupScene"),
                                             ("hanoi", "LevelSelectScene")])
def test_a_game_name_opens_its_setup_over_the_menu(home: Path, game: str, scene: str) -> None:
    from game.app import App

    app = App(headless=True, options=Options(game=game))
    try:
        app.open_first_screens()
        assert [type(s).__name__ for s in app.stack] == ["MenuScene", scene]
        assert app.top.entry.id == game
    finally:
        app.stop_worker()  # not shutdown: pygame.quit would spoil the fonts later tests share


def test_the_window_is_named_after_the_app_and_has_its_icon(home: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game import app as app_module
    from game.ui import window

    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what importing pygame sets
    monkeypatch.delenv("SDL_APP_NAME", raising=False)
    icons: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", icons.append)
    app = app_module.App(headless=True)
    try:
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID
        assert os.environ["SDL_APP_NAME"] == APP_ID
        assert [i.get_size() for i in icons] == [(window.ICON_SIZE, window.ICON_SIZE)]
    finally:
        app.stop_worker()  # not shutdown: pygame.quit would spoil the fonts later tests share


def test_every_icon_size_is_there() -> None:
    import pygame

    for size in (16, 32, 48, 64, 128, 256):
        img = pygame.image.load(str(ROOT / "assets" / "icons" / f"{APP_ID}-{size}.png"))
        assert img.get_size() == (size, size)
