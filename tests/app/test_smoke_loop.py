"""The real main loop, `App().run()`, played by the smoke test's script: through the menu, a
setup, a few moves of a match and Quit, in a child process as the desktop build runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from game import smoke
from game.app import App

ROOT = Path(__file__).resolve().parents[2]


def _tagged_processes(tag: str) -> list[int]:
    """Processes whose environment holds `tag` (the child and everything it started)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if tag.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_main_loop_plays_a_match_and_quits_leaving_no_process(tmp_path: Path) -> None:
    tag = f"LUDOTHEQUE_SMOKE_TAG={uuid.uuid4().hex}"
    env = dict(os.environ, LUDOTHEQUE_HOME=str(tmp_path), LUDOTHEQUE_SMOKE_TAG=tag.split("=")[1])
    proc = subprocess.run([sys.executable, "-m", "game", "--smoke-loop"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr
    assert "smoke loop: passed" in out
    for step in ("menu: open the card", "setup: Start", "match: 3 moves", "match: Esc, Leave",
                 "menu: Quit"):
        assert f"ok   loop: {step}" in out
    played = next(line for line in out.splitlines() if "played:" in line).split(":", 1)[1].split()
    assert len(played) >= 5, f"the human's three moves and the computer's answers: {played}"
    assert _tagged_processes(tag) == [], "a process of the app outlived it"
    assert list(tmp_path.iterdir()) == [], "the smoke test left its home behind"


def test_a_step_never_done_fails_the_loop_instead_of_hanging(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(smoke, "STEP_TIMEOUT", 0.3)
    never: smoke.Step = ("a screen that never comes", lambda app: False, lambda app: None)
    monkeypatch.setattr(smoke, "match_steps", lambda game_id, moves: [never])
    assert smoke.run_loop_smoke(lambda: App(headless=True)) == 1
    out = capsys.readouterr().out
    assert "FAIL loop: a screen that never comes: not done" in out


def test_a_loop_that_runs_on_is_stopped_and_fails(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    waiting: smoke.Step = ("waiting", lambda app: False, lambda app: None)
    monkeypatch.setattr(smoke, "match_steps", lambda game_id, moves: [waiting])
    assert smoke.run_loop_smoke(lambda: App(headless=True), limit=0.3) == 1
    assert "the loop still ran after" in capsys.readouterr().out


def test_the_smoke_home_is_made_inside_ludotheque_home_and_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDOTHEQUE_HOME", str(tmp_path))
    with smoke.smoke_home():
        inner = Path(os.environ["LUDOTHEQUE_HOME"])
        assert inner.parent == tmp_path and inner.is_dir()
        (inner / "settings.json").write_text("{}")
    assert os.environ["LUDOTHEQUE_HOME"] == str(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_screens_part_then_the_loop_run_in_one_process(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`ludotheque --smoke` runs both parts in one process: the first must leave pygame (and
    the fonts the screens cached) usable by the second."""
    monkeypatch.setattr(smoke, "scene_ids", lambda: ["menu", "setup:pions"])
    assert smoke.run_smoke(App(headless=True), frames=2) == 0
    assert smoke.run_loop_smoke(lambda: App(headless=True), moves=1) == 0
    assert "smoke loop: passed" in capsys.readouterr().out


def test_the_loop_replaces_an_unfinished_match_of_the_game(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A player's folder may hold an unfinished match of the game: Start asks first, and the
    script answers Start anew."""
    from game import registry
    from game.engine import storage
    from game.scenes.catalog import make_match

    make_match(registry.get("pions"), moves=2).save(storage.autosave_path("pions"))
    assert smoke.run_loop_smoke(lambda: App(headless=True), moves=1) == 0
    assert "smoke loop: passed" in capsys.readouterr().out
