"""The desktop build's self-test (`ludotheque --smoke`): open every screen headless, feed it a few
events, draw frames, close it; then play through the real main loop (`App.run`) as a player
would: the menu, a game's setup, a few moves of a match, back to the menu and Quit
(`ludotheque --smoke-loop` runs only that part). Exit status 0 means every scene works in this
build, the loop ends when the player quits, and no computer's process is left behind."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import pygame

from game.i18n import _
from game.scenes.base import Host
from game.scenes.catalog import open_scene, scene_ids
from game.ui import theme


class SmokeApp(Host, Protocol):
    """The app as the self-test drives it: its host side and one frame's pieces."""

    running: bool

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def step(self, dt: float, fixed: bool = True) -> None: ...

    def draw(self) -> None: ...

    def stop_worker(self) -> None: ...


class LoopApp(Host, Protocol):
    """The app as the scripted player drives it: its main loop and the frame's script hook."""

    running: bool
    script: Callable[[Any], None] | None

    def run(self) -> None: ...


@contextmanager
def smoke_home() -> Iterator[None]:
    """Run in a fresh user folder (enter before the app is made: it reads its settings).

    A folder inside LUDOTHEQUE_HOME when that is set, else one in the temporary directory; it
    is removed at the end either way, so a smoke test leaves nothing behind."""
    parent = os.environ.get("LUDOTHEQUE_HOME") or None
    before = os.environ.get("LUDOTHEQUE_HOME")
    if parent:
        os.makedirs(parent, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="smoke-" if parent else "ludotheque-smoke-", dir=parent)
    os.environ["LUDOTHEQUE_HOME"] = folder
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("LUDOTHEQUE_HOME", None)
        else:
            os.environ["LUDOTHEQUE_HOME"] = before
        shutil.rmtree(folder, ignore_errors=True)


def run_smoke(app: SmokeApp, frames: int = 20) -> int:
    """Open every screen of `app` (made headless) in turn; 0 when every one worked."""
    failures = 0
    ids = scene_ids()
    for sid in ids:
        try:
            open_scene(app, sid)
            for i in range(frames):
                for ev in _events(i):
                    app.handle_event(ev)
                app.step(1 / 60)
                app.draw()
            while len(app.stack) > 0:
                app.pop() if len(app.stack) > 1 else app.stack.pop().close()
            app.running = True
            print(f"ok   {sid}")
        except Exception:
            failures += 1
            print(f"FAIL {sid}")
            traceback.print_exc()
            app.stack.clear()
            app.running = True
    app.stop_worker()
    # pygame stays initialised: the main loop's part runs next in this process, with the fonts
    # the screens cached (they die with pygame.quit, which that part's shutdown calls)
    print(f"smoke: {len(ids) - failures} passed, {failures} failed")
    return 1 if failures else 0


def _events(i: int) -> list[pygame.event.Event]:
    """Harmless input: mouse moves over the board and a click on empty margin."""
    x, y = 100 + (i * 37) % 1000, 100 + (i * 53) % 600
    evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))]
    if i == 5:
        evs.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t",
                                      scancode=0))
    return evs


#: Time between two scripted actions: longer than the app's click guard, as a player's pause is.
PAUSE = 0.45
#: Longest wait for one step (the computer's answer included) before the script gives up.
STEP_TIMEOUT = 60.0


#: One step of a script: its name, whether it is done, and the input that moves it on.
Step = tuple[str, Callable[[LoopApp], bool], Callable[[LoopApp], None]]


class ScriptedPlayer:
    """Plays the app through its real event queue, one step after the other.

    Installed as `App.script`, it is called at the start of each frame. When the current step
    is done it moves on; otherwise, at most every PAUSE seconds, it posts that step's input
    (clicks at the window position of a button, keys) to pygame's queue, and the frame reads it
    exactly as it reads a player's. Input the app drops (a click within its click guard) is
    simply posted again. A step not done within STEP_TIMEOUT, or a loop still running after
    `limit` seconds, fails the script, which then closes the window itself.
    """

    def __init__(self, steps: list[Step], limit: float) -> None:
        self.steps = steps
        self.done: list[str] = []
        self.failure: str | None = None
        self._limit = limit
        self._step_started = self._started = self._next_at = -1.0

    def __call__(self, app: LoopApp) -> None:
        now = time.monotonic()
        if self._started < 0:  # the first frame: the first screen too has its click guard
            self._step_started = self._started = now
            self._next_at = now + PAUSE
        if now - self._started > self._limit:  # a loop that never ends fails, never hangs
            self.failure = self.failure or f"the loop still ran after {self._limit:.0f} s"
            app.quit()
            return
        if self.failure is not None or self.settle(app) or now < self._next_at:
            return
        name, _done, act = self.steps[len(self.done)]
        if now - self._step_started > STEP_TIMEOUT:
            self.failure = f"{name}: not done after {STEP_TIMEOUT:.0f} s (screen {app.top!r})"
            app.quit()
            return
        act(app)
        self._next_at = now + PAUSE

    def settle(self, app: LoopApp) -> bool:
        """Move past the steps now done; True when the whole script is done."""
        while len(self.done) < len(self.steps) and self.steps[len(self.done)][1](app):
            self.done.append(self.steps[len(self.done)][0])
            self._step_started = time.monotonic()
            print(f"ok   loop: {self.done[-1]}")
        return len(self.done) == len(self.steps)


def to_window(pos: tuple[int, int]) -> tuple[int, int]:
    """A canvas pixel → the window pixel that shows it (the inverse of the app's mapping)."""
    view = theme.view
    return (round(view.offset[0] + pos[0] * view.scale),
            round(view.offset[1] + pos[1] * view.scale))


def post_click(canvas_pos: tuple[int, int]) -> None:
    pos = to_window(canvas_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def _top_is(app: LoopApp, name: str) -> bool:
    return any(cls.__name__ == name for cls in type(app.top).__mro__)


def match_steps(game_id: str = "pions", moves: int = 3) -> list[Step]:
    """Menu → the game's card → its setup's Start → `moves` moves of the human (X: Jeu de
    pions' key that takes the nearest pawn; a computer opponent answers in between) → Esc and
    Leave → the menu's Quit."""
    turn: dict[str, int] = {"played": 0, "pressed_at": -1}

    def click_card(app: LoopApp) -> None:
        if _top_is(app, "MenuScene"):
            post_click(app.top.cards[game_id].center)  # type: ignore[union-attr]

    def click_start(app: LoopApp) -> None:
        if not _top_is(app, "SetupScene"):
            return
        modal = getattr(app.top, "modal", None)  # an unfinished match of this game: replace it
        anew = next((b for b in getattr(modal, "actions", {}) if b.text == _("Start anew")), None)
        button = anew or app.top.start_btn  # type: ignore[union-attr]
        post_click(button.rect.center)

    def moves_played(app: LoopApp) -> bool:
        if not _top_is(app, "MatchScene"):
            return False
        match = app.top.match  # type: ignore[union-attr]
        if 0 <= turn["pressed_at"] < match.ply:  # the last key's move is on the board
            turn["played"] += 1
            turn["pressed_at"] = -1
        done = turn["played"] >= moves or match.outcome is not None
        if done:
            print(f"     played: {' '.join(match.notation)}")
        return bool(done)

    def press_move(app: LoopApp) -> None:
        scene = app.top
        if _top_is(app, "MatchScene") and scene.human_to_move and not scene.in_motion():  # type: ignore[union-attr]
            turn["pressed_at"] = scene.match.ply  # type: ignore[union-attr]
            post_key(pygame.K_x)

    def leave(app: LoopApp) -> None:
        modal = getattr(app.top, "modal", None)
        buttons = getattr(modal, "actions", {}) if modal is not None else {}
        leave_btn = next((b for b in buttons if b.text == _("Leave")), None)
        if leave_btn is not None:
            post_click(leave_btn.rect.center)
        else:
            post_key(pygame.K_ESCAPE)

    def click_quit(app: LoopApp) -> None:
        if _top_is(app, "MenuScene"):
            post_click(app.top.quit_btn.rect.center)  # type: ignore[union-attr]

    return [
        ("menu: open the card", lambda app: _top_is(app, "SetupScene"), click_card),
        ("setup: Start", lambda app: _top_is(app, "MatchScene"), click_start),
        (f"match: {moves} moves", moves_played, press_move),
        ("match: Esc, Leave", lambda app: _top_is(app, "MenuScene"), leave),
        ("menu: Quit", lambda app: not app.running, click_quit),
    ]


def run_loop_smoke(make_app: Callable[[], LoopApp], game_id: str = "pions", moves: int = 3,
                   limit: float = 180.0) -> int:
    """Run `make_app().run()` — the real main loop — with a scripted player; 0 when the script
    got to the end, the loop ended by the player's Quit and no worker process is left."""
    app = make_app()
    script = ScriptedPlayer(match_steps(game_id, moves), limit)
    app.script = script
    app.run()
    script.settle(app)
    left = [p.pid for p in multiprocessing.active_children()]
    problems = [script.failure] if script.failure else []
    if len(script.done) < len(script.steps) and not problems:
        problems.append(f"the loop ended after {script.done}")
    if left:
        problems.append(f"processes left behind: {left}")
    for problem in problems:
        print(f"FAIL loop: {problem}")
    print(f"smoke loop: {'passed' if not problems else 'FAILED'}")
    return 1 if problems else 0
