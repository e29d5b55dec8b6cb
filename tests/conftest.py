"""Test-wide set-up: no window, no sound device, never the player's real files, nothing left
behind, and memory that stays flat through a run.

Conventions for whoever adds a test:

- **Slow checks** (long perft counts, soaks, whole tactic suites, arena games, a fresh
  computation of stored reference data) are marked `@pytest.mark.slow`. `make test` skips them;
  `make test-all` (and CI, after `make test`) runs them. A slow test needs a fast sibling that
  covers the same code with a smaller input or with the stored reference data.
- **Apps**: take the `app` fixture, or call `App(...)` yourself: every App made during a test is
  closed after it (worker stopped, scenes closed, pygame's event queue emptied) by
  `_close_apps` below, so nothing you make is kept alive by the next test.
- **Files**: write only under `tmp_path` or the `home` fixture. The whole session (tmp_path,
  tempfile, every child process) runs inside one private temporary folder, under
  LUDOTHEQUE_HOME when that is set; at the end the session checks that the tests left nothing
  else there, then removes it.

This runs before any test module is imported, so the environment below is in place before
anything imports pygame, and before the storage module looks for the user's folders.
"""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import tempfile
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# The tests read the English text; French is tested where a test chooses it.
os.environ["LANGUAGE"] = "en"

#: The session's private temporary folder. Parallel workers (pytest-xdist) inherit it from the
#: process that started them through the environment; only that first process makes it.
_INHERITED = "LUDOTHEQUE_TEST_TMP"
_OWNER = _INHERITED not in os.environ
if _OWNER:
    _parent = os.environ.get("LUDOTHEQUE_HOME") or None
    if _parent:
        os.makedirs(_parent, exist_ok=True)
    os.environ[_INHERITED] = tempfile.mkdtemp(
        prefix="tests-" if _parent else "ludotheque-tests-", dir=_parent)
SESSION_TMP = Path(os.environ[_INHERITED])
# tempfile, pytest's tmp_path and every child process (tools, the smoke test) write in here
os.environ["TMPDIR"] = str(SESSION_TMP)
tempfile.tempdir = str(SESSION_TMP)

# Hypothesis's own caches (the constants it mines from the code, its Unicode tables) go in
# there too, not in a .hypothesis folder of the checkout.
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(SESSION_TMP / "hypothesis")
#: Folders of the checkout that a test run must not make (checked at the end by the first
#: process, if they were not there before it).
_CHECKOUT_FOLDERS = (".hypothesis",)
_CHECKOUT = Path(__file__).resolve().parents[1]
_THERE_BEFORE = {name for name in _CHECKOUT_FOLDERS if (_CHECKOUT / name).exists()}

#: Every test (and every child process it starts) sees a throw-away home; storage reads it.
#: One per parallel worker, so two workers never write the same settings file.
_SESSION_HOME = SESSION_TMP / f"home-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
_SESSION_HOME.mkdir(exist_ok=True)
os.environ["LUDOTHEQUE_HOME"] = str(_SESSION_HOME)


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis keeps no example database (a .hypothesis folder would be left behind) and
    sets no deadline (a loaded machine is slow, not wrong). In CI its examples are derived from
    each test (the same on every run, so a red build can be replayed); on a contributor's
    machine they are new on each run, so running the suite keeps exploring. Not in the
    process that only hands the tests to parallel workers (importing Hypothesis costs half a
    second of CPU there for nothing)."""
    if getattr(config, "workerinput", None) is None and config.getoption("numprocesses", None):
        return
    import hypothesis

    hypothesis.settings.register_profile("ludotheque", database=None, deadline=None,
                                         derandomize=bool(os.environ.get("CI")))
    hypothesis.settings.load_profile("ludotheque")
    _no_mined_constants()


def _no_mined_constants() -> None:
    """Hypothesis mixes into what its strategies draw the literal constants it mines from the
    code under test: it parses the source of every module of the game (some 250), a second of
    CPU in each worker at collection and more each time a test imports further modules. Our
    strategies draw from ranges and alphabets of their own (board sizes, disk counts, file
    texts), which the mined constants (piece codes, pixel sizes, colours) do not sharpen.
    The miner is a private function of Hypothesis: if it is gone, nothing is changed."""
    from hypothesis.internal.conjecture import providers

    mined = getattr(providers, "_local_constants", None)
    if mined is not None and callable(getattr(providers, "_get_local_constants", None)):
        providers._get_local_constants = lambda *_args: mined  # type: ignore[assignment]


#: Entries of the session's folder that the session itself makes (the others are leftovers).
_EXPECTED = ("home-", "pytest-of-", "hypothesis")


def leftovers(folder: Path) -> list[str]:
    """What tests left in the session's temporary folder besides its own homes and tmp_path."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(_EXPECTED))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked slow run only when asked for: any `-m` chooses for itself (`make test-slow`
    runs `-m slow`), and LUDOTHEQUE_SLOW=1 runs them too; the everyday run skips them."""
    if config.getoption("markexpr") or os.environ.get("LUDOTHEQUE_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with pytest -m slow or LUDOTHEQUE_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _OWNER:  # a parallel worker: the first process checks and cleans up
        return
    left = leftovers(SESSION_TMP) if SESSION_TMP.is_dir() else []
    left += [str(_CHECKOUT / name) for name in _CHECKOUT_FOLDERS
             if name not in _THERE_BEFORE and (_CHECKOUT / name).exists()]
    shutil.rmtree(SESSION_TMP, ignore_errors=True)
    if left:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"FAILED the tests left files behind: {left}",
                                red=True)


# -- caches: what one test module filled is released before the next --------------------------


#: Modules whose caches `release_caches` keeps: tables made of plain data, the same for every
#: test, small beside what they cost to make again, and made again by nearly every module that
#: plays a game (measured: the move tables of the three chess-like games, 23 MB, 0.5 s of CPU;
#: the Ostomachion catalogue, 25 MB, 1 s). A cache of theirs holding more than KEPT_AT_MOST
#: entries is emptied all the same: a module that went through the Tai Shogi option sets
#: leaves the tables of each (some hundred megabytes a worker, kept to the end otherwise).
KEPT_CACHES = ("game.pieces.", "game.games.taishogi.pieces", "game.games.ostomachion.collection")
KEPT_AT_MOST = 4
#: Kept caches bounded by themselves, whatever their size: the compiled atoms of the piece
#: engine are shared by every spec that uses them (some 20 MB for all of Tai Shogi's option
#: sets), and they make compiling a spec again cheap.
KEPT_WHOLE = ("atom_op",)


def release_caches() -> None:
    """Empty the game's memo caches (fonts, texts, sprites, solver tables, layouts) and give the
    freed memory back to the system. The app keeps them for a whole run, which is right for a
    player; a test run visits every game once and would otherwise keep them all to the end.
    The tables of KEPT_CACHES stay."""
    import functools
    import sys

    for name, module in list(sys.modules.items()):
        if not (name == "game" or name.startswith("game.")) or module is None:
            continue
        kept = name.startswith(KEPT_CACHES)
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper) and \
                    (not kept or (value.cache_info().currsize > KEPT_AT_MOST
                                  and value.__name__ not in KEPT_WHOLE)):
                value.cache_clear()
    theme = sys.modules.get("game.ui.theme")
    if theme is not None:
        theme._text_cache.clear()
    _RELEASES["count"] += 1
    rss = _resident_bytes()
    full = _RELEASES["count"] % FULL_EVERY == 0 or rss - _RELEASES["rss"] > FULL_GROWTH
    settle_collector(full)
    _trim_malloc()
    if full:
        _RELEASES["rss"] = _resident_bytes()


#: A full round of the collector (`settle_collector(full=True)`) when the worker's resident
#: memory grew by FULL_GROWTH since the last one, or after FULL_EVERY test modules (where the
#: resident memory cannot be read, the count alone decides). A full round walks every object
#: of the worker, about 0.15 s once every game is loaded: after each of the 160 modules it was
#: an eighth of the suite's CPU; after every sixth, 4 s of the collector's 9 s. The growth
#: alone keeps the peak where it was (1.07 GB for the process tree with or without the count).
FULL_EVERY = 40
FULL_GROWTH = 64 * 2**20
_RELEASES = {"count": 0, "rss": 0}


def _resident_bytes() -> int:
    """This process's resident memory (Linux; elsewhere 0, and the count alone decides)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def settle_collector(full: bool = True) -> None:
    """A collection, then everything left over frozen (kept out of the collector's later
    rounds). A test worker holds the modules of every game, their tables and the test modules,
    some hundreds of megabytes of objects that live to the end: without the freeze, every full
    round of the collector (the app's screen changes, the collector's own rounds) walks all of
    them again, a tenth of the CPU of the screen tests. Called after the collection of the tests
    and after each test module. `full`: everything frozen before is collected again too (an
    object that dies after being frozen waits until then, if a cycle holds it: anything else
    is freed at once, frozen or not); otherwise only what was made since the last call is
    walked, which is all a module leaves in most cases (its caches are emptied before)."""
    if full:
        gc.unfreeze()
    gc.collect()
    gc.freeze()


def pytest_collection_finish(session: pytest.Session) -> None:
    settle_collector()


def _trim_malloc() -> None:
    """Return the C allocator's free memory to the system (glibc only; elsewhere nothing)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if name is None:
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(name).malloc_trim(0)


@pytest.fixture(autouse=True, scope="module")
def _release_caches() -> Iterator[None]:
    """After each test module, release the caches it filled (see `release_caches`)."""
    yield
    release_caches()


# -- apps: every one made in a test is closed after it ----------------------------------------

_APPS: weakref.WeakSet[Any] = weakref.WeakSet()


class _QuietGc:
    """What the app's screen changes see of the collector in tests: one full collection in
    `EVERY` screen changes, and no freezing. A player's app collects at each screen change and
    freezes what is left (see `App._settle_memory`); a test suite changes screens thousands of
    times, where every collection would cost more CPU than most tests, while a screen's
    garbage (its surfaces) must not wait for the collector's rare full rounds. The real
    collector runs in the smoke test's main loop (tests/app/test_smoke_loop.py)."""

    EVERY = 4

    def __init__(self) -> None:
        self.calls = 0

    def collect(self, generation: int = 2) -> int:
        self.calls += 1
        return gc.collect() if self.calls % self.EVERY == 0 else 0

    def freeze(self) -> None:
        pass

    def unfreeze(self) -> None:
        pass


_QUIET_GC = _QuietGc()


def _track_apps() -> None:
    """Note every App made from now on, so `_close_apps` finds it (even one a test made
    itself, without the fixture)."""
    import game.app
    from game.app import App

    if getattr(App.__init__, "_tracked", False):
        return
    game.app.gc = _QUIET_GC  # type: ignore[assignment]
    made = App.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        _APPS.add(self)
        made(self, *args, **kwargs)

    init._tracked = True  # type: ignore[attr-defined]
    App.__init__ = init  # type: ignore[method-assign]


def close_app(app: Any) -> None:
    """Leave nothing of `app` alive: its worker process, its scenes (closed as on Quit), the
    events its widgets posted to pygame's queue (each one holds its widget, and through it the
    whole screen and the app), and pygame_gui's default manager."""
    import pygame
    import pygame_gui

    services = getattr(app, "services", None)
    if services is not None:
        services.close()
    for scene in reversed(getattr(app, "stack", [])):
        # a test may leave a scene half made: it is dropped all the same
        with contextlib.suppress(Exception):
            scene.close()
    if hasattr(app, "stack"):
        app.stack.clear()
    app.__dict__.clear()
    if pygame.get_init():
        pygame.event.get()  # not clear(): that drops the events but keeps their data
    pygame_gui.core.utility.set_default_manager(None)
    import game.app

    if game.app.gc is not _QUIET_GC:  # (never gc.get_freeze_count(): it walks every frozen object)
        gc.unfreeze()  # the real collector froze what the app held: let it see it again


@pytest.fixture(autouse=True)
def _close_apps() -> Iterator[None]:
    """Close, after each test, every App made during it."""
    _track_apps()
    yield
    apps = list(_APPS)
    _APPS.clear()
    for a in apps:
        close_app(a)
    import pygame

    if apps and not pygame.font.get_init():  # an app ran to its end: pygame.quit() killed the
        release_caches()  # fonts the screens cached, which the next test must not draw with


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
    """A headless Ludothèque window in a fresh home; it is closed after the test."""
    from game.app import App

    yield App(headless=True)
