"""Test-wide set-up: no window, no sound device, and never the player's real files.

This runs before any test module is imported, so the environment below is in place before
anything imports pygame, and before the storage module looks for the user's folders.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

_SESSION_HOME = Path(tempfile.mkdtemp(prefix="ludotheque-tests-"))
# Every test (and every child process it starts) sees a throw-away home; storage reads it.
os.environ["LUDOTHEQUE_HOME"] = str(_SESSION_HOME)
# The tests read the English text; French is tested where a test chooses it.
os.environ["LANGUAGE"] = "en"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked slow (the whole state tour) run only when asked for: `pytest -m slow`
    (or any -m naming slow), or LUDOTHEQUE_SLOW=1; the everyday run skips them."""
    if "slow" in (config.getoption("-m") or "") or os.environ.get("LUDOTHEQUE_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with pytest -m slow or LUDOTHEQUE_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    shutil.rmtree(_SESSION_HOME, ignore_errors=True)


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test that switches the language leaves the next one in English."""
    yield
    from game import i18n

    i18n.set_language("en")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, empty user home for one test."""
    monkeypatch.setenv("LUDOTHEQUE_HOME", str(tmp_path))
    yield tmp_path


@pytest.fixture
def app(home: Path) -> Iterator[Any]:
    """A headless Ludothèque window in a fresh home; its AI worker is stopped afterwards."""
    from game.app import App

    a = App(headless=True)
    yield a
    worker = a.services.running_worker
    if worker is not None:
        worker.close()
    a.stack.clear()
