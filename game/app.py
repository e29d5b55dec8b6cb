"""The window, the clock and the scene stack: the only place that runs the frame loop.

Updates run in fixed steps (1/120 s) so animations and physics behave the same at any frame
rate; drawing happens once per frame on a 1280×800 logical canvas that SDL scales to the window.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import time
from collections.abc import Callable

import pygame

from game.engine import storage
from game.engine.names import clean_typed
from game.scenes.base import Scene
from game.ui import theme
from game.ui.sound import Sounds
from game.ui.widgets import Toasts

log = logging.getLogger("ludotheque")

FIXED_DT = 1 / 120
MAX_STEPS = 12  # after a stall, catch up at most 0.1 s rather than spiral
#: Failures with no good frame between them (the menu itself keeps failing): the app gives up.
MAX_FAILED_FRAMES = 30


class App:
    """Owns the display, settings, sounds, toasts and the stack of scenes."""

    def __init__(self, headless: bool = False) -> None:
        self.started = time.perf_counter()
        pygame.init()
        self.headless = headless
        storage.clean_stale_temps()  # left by a run killed in the middle of a save
        self.settings, notice = storage.Settings.load()
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen and not headless:
            flags |= pygame.FULLSCREEN
        pygame.display.set_caption("Ludothèque")
        self.screen = pygame.display.set_mode(theme.SIZE, flags)
        self.canvas = self.screen
        self.clock = pygame.time.Clock()
        self.sounds = Sounds(self.settings)
        self.toasts = Toasts()
        self.stack: list[Scene] = []
        self.running = True
        self._pending: list[Callable[[], None]] = []
        self._failed_frames = 0
        if notice:
            self.toasts.show(notice, kind="bad", seconds=8)
            log.warning(notice)

    # scene stack -----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.leave()
        self.stack.append(scene)
        scene.enter()
        self._settle_memory()

    def pop(self) -> None:
        if not self.stack:
            return
        scene = self.stack.pop()
        scene.leave()
        scene.close()
        if self.top is not None:
            self.top.enter()
            self._settle_memory()
        else:
            self.quit()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            old = self.stack.pop()
            old.leave()
            old.close()
        self.stack.append(scene)
        scene.enter()
        self._settle_memory()

    def pop_to(self, kind: type[Scene]) -> None:
        """Pop scenes until one of `kind` is on top (e.g. back to the menu)."""
        while len(self.stack) > 1 and not isinstance(self.top, kind):
            self.pop()

    @staticmethod
    def _settle_memory() -> None:
        """Collect the last screen's garbage now, at a screen change, then freeze what is left.

        A full cyclic collection over the ~40 000 objects the app keeps (sprites, fonts, widgets)
        takes ~30 ms: run during play it would be a visible hitch. Done here it hides in the
        screen change, and freezing keeps later collections to the objects made since.
        """
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def later(self, fn: Callable[[], None]) -> None:
        """Run `fn` after the current event/update (safe place to change the stack)."""
        self._pending.append(fn)

    def quit(self) -> None:
        """Close the window: every scene saves what it must (autosave), then the loop ends."""
        for scene in reversed(self.stack):
            try:
                scene.on_quit()
            except Exception:  # never let a failing save keep the window open
                log.exception("error while closing %s", type(scene).__name__)
        self.stack.clear()
        self.running = False

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.headless:
            pygame.display.toggle_fullscreen()
        self.save_settings()

    def save_settings(self) -> bool:
        """Write the settings; a failure (full disk, a folder in the way, a file this run could
        not read) is told to the player, who plays on with the settings in memory."""
        try:
            self.settings.save()
            return True
        except (OSError, ValueError) as exc:
            self.toast(f"Settings not saved: {exc}", "bad", 6)
            log.warning("settings not saved: %s", exc)
            return False

    # the frame's safety net ------------------------------------------------------------
    def guarded(self, fn: Callable[..., None], *args: object) -> bool:
        """Run one piece of the frame; an exception from a scene or a widget is logged and the
        player is taken back to the menu instead of losing the window. False if it failed."""
        try:
            fn(*args)
            return True
        except Exception as exc:  # the safety net itself: logged with the traceback
            self.recover(exc)
            return False

    def recover(self, exc: BaseException) -> None:
        """Log `exc`, tell the player, and return to a fresh or the existing menu; the scenes
        left are closed as usual (a match autosaves), each close guarded."""
        from game.scenes.menu import MenuScene

        log.error("a scene failed; back to the menu", exc_info=exc)
        self._failed_frames += 1
        self._pending.clear()
        if self._failed_frames > MAX_FAILED_FRAMES:
            log.critical("the menu itself keeps failing: closing the app")
            self.quit()
            return
        failed = self.top
        keep = next((i for i, sc in enumerate(self.stack) if isinstance(sc, MenuScene)), None)
        if isinstance(failed, MenuScene) or keep is None:
            keep = -1  # the menu is what failed (or there is none): build a new one
        saved = False
        while len(self.stack) > keep + 1:
            scene = self.stack.pop()
            match = getattr(scene, "match", None)
            saved = saved or bool(getattr(match, "moves", None))  # its close() autosaves
            for step in (scene.leave, scene.close):
                try:
                    step()
                except Exception:  # closing a broken scene may fail too: logged, not raised
                    log.exception("while closing %s", type(scene).__name__)
        try:
            if not self.stack:
                self.stack.append(MenuScene(self))
            self.stack[-1].enter()
        except Exception:  # logged; the next frame tries again, then the app gives up
            log.exception("the menu could not be shown")
        then = " Your match is saved: Continue resumes it." if saved else ""
        self.toast(f"Something went wrong ({type(exc).__name__}: {exc}); you are back at the "
                   f"menu.{then}", "bad", 10)

    def toast(self, message: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.toasts.show(message, kind=kind, seconds=seconds)
        if kind == "bad":
            log.info("refused: %s", message)

    # frame -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.TEXTINPUT:
            # a zero-width character alone stops pygame_gui's text fields: never pass one on
            text = clean_typed(event.text)
            if not text:
                return
            if text != event.text:
                event = pygame.event.Event(pygame.TEXTINPUT, text=text)
        scene = self.top
        if scene is None:
            return
        scene.ui.process_events(event)
        if event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
            scene.on_ui_event(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.back()
            return
        scene.process_event(event)

    def step(self, dt: float) -> None:
        """Advance the top scene by `dt` seconds of real time in fixed steps."""
        scene = self.top
        if scene is None:
            return
        self._acc = getattr(self, "_acc", 0.0) + dt
        steps = 0
        while self._acc >= FIXED_DT and steps < MAX_STEPS:
            scene.update(FIXED_DT)
            self._acc -= FIXED_DT
            steps += 1
        if steps == MAX_STEPS:
            self._acc = 0.0
        scene.ui.update(dt)
        self.toasts.update(dt)
        self._run_pending()

    def _run_pending(self) -> None:
        while self._pending:
            fn = self._pending.pop(0)
            fn()

    def draw(self) -> None:
        scene = self.top
        if scene is None:
            return
        scene.draw(self.canvas)
        scene.draw_ui(self.canvas)
        self.toasts.draw(self.canvas)

    def run(self) -> None:
        from game.scenes.menu import MenuScene

        self.push(MenuScene(self))
        first = True
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            for event in pygame.event.get():
                self.guarded(self.handle_event, event)
                self.guarded(self._run_pending)
                if not self.running:
                    break
            if not self.running:
                break
            ok = self.guarded(self.step, min(dt, 0.1))
            if not self.running:
                break
            if self.guarded(self.draw) and ok:
                self._failed_frames = 0
            pygame.display.flip()
            if first:
                first = False
                log.info("first frame after %.0f ms", (time.perf_counter() - self.started) * 1000)
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the computer's worker process and close the display."""
        worker = getattr(self, "worker", None)
        if worker is not None:
            worker.close()
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m game` and the `ludotheque` command."""
    import multiprocessing

    multiprocessing.freeze_support()  # the AI worker process in the frozen desktop build
    argv = list(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO if "-v" in argv else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if "--smoke" in argv:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.smoke import run_smoke

        return run_smoke()
    App().run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
