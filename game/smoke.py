"""The desktop build's self-test (`ludotheque --smoke`): open every screen headless, feed it a few
events, draw frames, close it. Exit status 0 means every scene works in this build."""

from __future__ import annotations

import os
import tempfile
import traceback
from typing import Protocol

import pygame

from game.scenes.base import Host
from game.scenes.catalog import open_scene, scene_ids


class SmokeApp(Host, Protocol):
    """The app as the self-test drives it: its host side and one frame's pieces."""

    running: bool

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def step(self, dt: float, fixed: bool = True) -> None: ...

    def draw(self) -> None: ...

    def stop_worker(self) -> None: ...


def smoke_home() -> None:
    """Run in a fresh user folder (call before the app is made: it reads its settings)."""
    os.environ.setdefault("LUDOTHEQUE_HOME", tempfile.mkdtemp(prefix="ludotheque-smoke-"))


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
    pygame.quit()
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
