"""The window, the clock and the scene stack: the only place that runs the frame loop.

Updates run in fixed steps (1/120 s) so animations and physics behave the same at any frame
rate. Every screen draws on a 1280×800 canvas; the app scales it smoothly into the window,
letterboxed, at any size, and maps the pointer back to canvas pixels before anyone sees it.

Two promises of the loop:
- a click that changes the screen (or closes a dialog) never reaches the screen underneath:
  the rest of that click, and any click starting within `CLICK_GUARD` seconds, is dropped;
- a screen where nothing moves costs almost nothing (well under 1 % of a core): when the top
  scene says it is not in motion and no input came for `LIVELY_AFTER_INPUT` seconds, the loop
  sleeps until input comes (in SDL's own wait, see ui/waiting.py: the first input is handled
  the moment it arrives) or until the next redraw the screen needs — `Scene.idle_redraw` (a
  puzzle clock's next second), a tooltip coming under a still pointer, a text field's caret
  blinking for `CARET_BLINK_FOR` seconds after the last input before it stays lit — and at
  the latest after `IDLE_POLL` seconds, when the scene is updated so its clocks keep time. A
  screen is drawn again only then: after input, when the screen or a dialog changes, or when
  that redraw is due; never just because time passed.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import time
import warnings
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game import i18n, registry
from game.cli import Options
from game.engine import storage
from game.engine.names import clean_typed
from game.engine.settings import Settings
from game.i18n import _
from game.scenes.base import Scene
from game.scenes.directory import SceneDirectory
from game.services import Services
from game.ui import gui_adapter, theme, waiting
from game.ui.sound import Sounds
from game.ui.widgets import Toasts
from game.ui.window import (
    first_window_size,
    native_framebuffer,
    set_window_icon,
    window_identity,
)

log = logging.getLogger("ludotheque")

FIXED_DT = 1 / 120
MAX_STEPS = 12  # after a stall, catch up at most 0.1 s rather than spiral
FPS = 60
#: A screen where nothing moves: the longest the loop sleeps before it updates the scene.
IDLE_POLL = 1.0
#: Where SDL cannot wait for input (headless), the sleep between two looks for it.
IDLE_SLICE = waiting.SLICE
#: A text field's caret blinks this long after the last input, then stays lit (no redraws).
CARET_BLINK_FOR = 5.0
#: Full frame rate this long after the last input (hover fades, a tooltip appearing).
LIVELY_AFTER_INPUT = 1.0
#: A mouse press this soon after the screen changed is the rest of the click that changed it
#: (or a double click's second half): it belongs to the screen that is gone.
CLICK_GUARD = 0.35
_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
#: Seconds a SIGTERM waits for the loop to close the app before the process ends anyway.
TERMINATE_GRACE = 5.0


#: Failures with no good frame between them (the menu itself keeps failing): the app gives up.
MAX_FAILED_FRAMES = 30


class App:
    """Owns the display, settings, sounds, toasts and the stack of scenes; lends the scenes its
    services (games, worker, progress) and its scene directory (it fills scenes.base.Host)."""

    def __init__(self, headless: bool = False, options: Options | None = None) -> None:
        self.started = time.perf_counter()
        self.options = options or Options()
        window_identity()
        pygame.init()
        self.headless = headless
        storage.clean_stale_temps()  # left by a run killed in the middle of a save
        self.settings, notice = Settings.load()
        if self.options.fullscreen is not None:  # --windowed/--fullscreen: kept only if the
            # settings are saved later in the run, like an F11 press
            self.settings.fullscreen = self.options.fullscreen
        i18n.set_language(self.options.language or self.settings.language)  # "": the system's
        pygame.display.set_caption("Ludothèque")
        set_window_icon()
        native_framebuffer()
        desktop = None
        if not headless:
            sizes = pygame.display.get_desktop_sizes()
            desktop = sizes[0] if sizes else None
        self.windowed_size = first_window_size(desktop)
        self.window = self._open_window()
        #: Every scene draws here; `present` scales it into the window.
        self.canvas = pygame.Surface(theme.SIZE).convert()
        self._scaled: pygame.Surface | None = None
        #: The part of the canvas the next `present` shows (None: all of it).
        self.present_only: pygame.Rect | None = None
        self._fit_window()
        self.clock = pygame.time.Clock()
        self._last_input = time.perf_counter()
        self._drawn_at = 0.0
        #: When a still screen must be drawn again by itself (None: only after input).
        self._redraw_at: float | None = None
        self._redraw_asked = False
        #: Seconds a still screen's widgets have not been updated for (see `step`).
        self._widgets_dt = 0.0
        #: Sleeps until input: SDL's own wait where the video driver has one.
        self.wait_for_input = waiting.InputWait(waiting.sdl_waiter())
        self._changed_at = -1.0
        self._batch = 0
        self._changed_batch = -1
        self._press_owner: Scene | None = None
        self._dropped_press: set[int] = set()
        self.sounds = Sounds(self.settings)
        self.toasts = Toasts()
        self.services = Services(registry.get, lambda notice: self.toast(notice, "bad", 8))
        self.screens = SceneDirectory(self)
        self.stack: list[Scene] = []
        self.running = True
        self._pending: list[Callable[[], None]] = []
        self._failed_frames = 0
        #: A scripted player (the smoke test's): called at the start of every frame, it posts
        #: the input of that frame to pygame's queue, which the frame then reads as usual.
        self.script: Callable[[App], None] | None = None
        if notice:
            self.toasts.show(notice, kind="bad", seconds=8)
            log.warning(notice)
        unwritable = storage.check_writable()  # said now, not at the first failed save
        if unwritable:
            self.toasts.show(unwritable, kind="bad", seconds=10)
            log.warning(unwritable)
        self._looping = False
        self._catch_terminate()

    # window ----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen and not self.headless:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def _fit_window(self) -> None:
        """Place the canvas in the window (after opening or resizing it)."""
        self.window = pygame.display.get_surface() or self.window
        self.view_rect = theme.view.fit(self.window.get_size())
        self._scaled = None
        self.window.fill((0, 0, 0))

    def present(self) -> None:
        """Show the canvas: a plain copy at 1:1, else smoothly scaled into the letterbox (only
        the `present_only` part of it when that is set: a still screen's clock)."""
        r = self.view_rect
        part, self.present_only = self.present_only, None
        if part is not None:
            self._present_part(part)
            return
        if r.size == theme.SIZE:
            self.window.blit(self.canvas, r)
        else:
            if self._scaled is None or self._scaled.get_size() != r.size:
                self._scaled = pygame.Surface(r.size).convert()
            pygame.transform.smoothscale(self.canvas, r.size, self._scaled)
            self.window.blit(self._scaled, r)
        pygame.display.flip()

    def _present_part(self, part: pygame.Rect) -> None:
        """Show one part of the canvas, as the whole frame would show it there: at 1:1 that
        part alone; scaled, the whole canvas is scaled (a part scaled alone would sample its
        edges otherwise) and that part of it shown."""
        r = self.view_rect
        if r.size == theme.SIZE:
            shown = part.move(r.topleft)
            self.window.blit(self.canvas, shown, part)
        else:
            if self._scaled is None or self._scaled.get_size() != r.size:
                self._scaled = pygame.Surface(r.size).convert()
            pygame.transform.smoothscale(self.canvas, r.size, self._scaled)
            s = r.width / theme.SIZE[0]
            inside = pygame.Rect(int(part.x * s), int(part.y * s), int(part.width * s) + 3,
                                 int(part.height * s) + 3).clip(self._scaled.get_rect())
            shown = inside.move(r.topleft)
            self.window.blit(self._scaled, shown, inside)
        pygame.display.update(shown)

    def to_canvas(self, event: pygame.event.Event) -> pygame.event.Event:
        """A window event with its pointer position mapped to canvas pixels."""
        if event.type not in _MOUSE_EVENTS:
            return event
        data = dict(event.dict)
        data["pos"] = theme.view.to_canvas(event.pos)
        if "rel" in data:
            s = theme.view.scale
            data["rel"] = (round(event.rel[0] / s), round(event.rel[1] / s))
        return pygame.event.Event(event.type, data)

    # scene stack -----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def screen_changed(self) -> None:
        """The screen under the pointer is not the one the current click started on (a new
        scene, a dialog closed): the rest of that click must not reach what is now shown."""
        self._changed_at = time.perf_counter()
        self._changed_batch = self._batch

    def push(self, scene: Scene) -> None:
        self.screen_changed()
        if self.top is not None:
            self.top.leave()
        self.stack.append(scene)
        scene.enter()
        self._settle_memory()

    def pop(self) -> None:
        if not self.stack:
            return
        self.screen_changed()
        scene = self.stack.pop()
        scene.leave()
        scene.close()
        if self.top is not None:
            self.top.enter()
            self._settle_memory()
        else:
            self.quit()

    def replace(self, scene: Scene) -> None:
        self.screen_changed()
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

    def pop_to_menu(self) -> None:
        """Pop scenes until the menu is on top (or only one scene is left)."""
        while len(self.stack) > 1 and not (self.top and self.screens.is_menu(self.top)):
            self.pop()

    def _settle_memory(self) -> None:
        """Collect the last screen's garbage now, at a screen change, then freeze what is left.

        A full cyclic collection over the ~40 000 objects the app keeps (sprites, fonts, widgets)
        takes ~30 ms: run during play it would be a visible hitch. Done here it hides in the
        screen change, and freezing keeps later collections to the objects made since. The
        click guard then counts from the end of it: the new screen is only shown after it, so
        a slow collection must not use up the time that protects it.
        """
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        if self._changed_batch == self._batch:
            self._changed_at = time.perf_counter()

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
        self.stop_worker()

    def stop_worker(self) -> None:
        """End the computer's process now: quitting must leave no process behind."""
        self.services.close()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.headless:
            self._switch_fullscreen()
        self.save_settings()

    def _sdl_window(self) -> pygame.Window | None:
        """The display's SDL window, or None where this pygame has no Window for it."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def _switch_fullscreen(self) -> None:
        """Put the same window in or out of full screen (the desktop's, no mode change).

        Opening the window again with `set_mode` also works, but under a window manager SDL
        then places the window by its inner corner, which the manager takes for its frame's:
        the window crept down by the title bar's height at every F11 and back. The window
        switched in place comes back where it was (SDL keeps its windowed place meanwhile)."""
        win = self._sdl_window()
        if win is None:
            self.window = self._open_window()
        elif self.settings.fullscreen:
            win.set_fullscreen(True)
        else:
            win.set_windowed()
            if tuple(win.size) != tuple(self.windowed_size):
                win.size = self.windowed_size
        self._fit_window()

    def save_settings(self) -> bool:
        """Write the settings; a failure (full disk, a folder in the way, a file this run could
        not read) is told to the player, who plays on with the settings in memory."""
        try:
            self.settings.save()
            return True
        except (OSError, ValueError) as exc:
            if not storage.already_told(exc):  # an unwritable folder is said once, at start
                self.toast(_("Settings not saved: {error}").format(error=storage.describe(exc)),
                           "bad", 6)

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
        log.error("a scene failed; back to the menu", exc_info=exc)
        self._failed_frames += 1
        self._pending.clear()
        if self._failed_frames > MAX_FAILED_FRAMES:
            log.critical("the menu itself keeps failing: closing the app")
            self.quit()
            return
        failed = self.top
        is_menu = self.screens.is_menu
        keep = next((i for i, sc in enumerate(self.stack) if is_menu(sc)), None)
        if (failed is not None and is_menu(failed)) or keep is None:
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
                self.stack.append(self.screens.menu())
            self.stack[-1].enter()
        except Exception:  # logged; the next frame tries again, then the app gives up
            log.exception("the menu could not be shown")
        text = _("Something went wrong ({error}); you are back at the menu.").format(
            error=f"{type(exc).__name__}: {exc}")
        if saved:
            text += " " + _("Your match is saved: Continue resumes it.")
        self.toast(text, "bad", 10)

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
            if not close_open_dropdowns(scene.ui):  # Esc folds an open list, nothing more
                scene.back()
            return
        scene.process_event(event)

    def step(self, dt: float, fixed: bool = True) -> None:
        """Advance the top scene by `dt` seconds of real time in fixed steps (or, on a screen
        where nothing moves, in one step: its clocks keep time without any catching up)."""
        scene = self.top
        if scene is None:
            return
        if not fixed:
            self._acc = 0.0
            scene.update(dt)
            # the widgets' time runs on, but they are updated only before they are drawn
            # (frame): a still screen's caret is not blinked off unseen, nor anything rebuilt
            self._widgets_dt += dt
            self.toasts.update(dt)
            self._run_pending()
            return
        self._acc = getattr(self, "_acc", 0.0) + dt
        steps = 0
        while self._acc >= FIXED_DT and steps < MAX_STEPS:
            scene.update(FIXED_DT)
            self._acc -= FIXED_DT
            steps += 1
        if steps == MAX_STEPS:
            self._acc = 0.0
        scene.ui.update(self._widgets_dt + dt)
        self._widgets_dt = 0.0
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
        self.toasts.draw(self.canvas, above=scene.status_rect())

    def lively(self) -> bool:
        """Whether this frame runs at the full rate: something moves or the player just acted."""
        scene = self.top
        return bool((scene is not None and scene.in_motion()) or self.toasts.items or self._pending
                    or time.perf_counter() - self._last_input < LIVELY_AFTER_INPUT)

    def _dropped(self, event: pygame.event.Event) -> bool:
        """The click guard: True for a press (and its release) that belongs to a screen that
        has just gone, and for a release whose press another screen received."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            recent = (self._changed_batch == self._batch
                      or time.perf_counter() - self._changed_at < CLICK_GUARD)
            if recent:
                self._dropped_press.add(event.button)
                return True
            self._dropped_press.discard(event.button)
            self._press_owner = self.top
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in self._dropped_press:
                self._dropped_press.discard(event.button)
                return True
            return self._press_owner is not self.top
        return False

    def frame(self) -> None:
        """One turn of the loop: input, fixed-step updates, drawing, presenting."""
        if self.script is not None:
            self.script(self)
        lively = self.lively()
        if lively:
            dt = self.clock.tick(FPS) / 1000.0
            events = pygame.event.get()
        else:
            events = self.wait_for_input(self._idle_wait())
            dt = self.clock.tick() / 1000.0
        self._batch += 1
        for raw in events:
            if raw.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
                self._fit_window()
                if not self.settings.fullscreen:  # leaving full screen comes back to it
                    self.windowed_size = self.window.get_size()
            if raw.type not in (pygame.WINDOWMOVED, pygame.ACTIVEEVENT) \
                    and not hasattr(raw, "ui_element"):  # a widget's own news is not input
                self._last_input = time.perf_counter()
            event = self.to_canvas(raw)
            if self._dropped(event):
                continue
            self.guarded(self.handle_event, event)
            self.guarded(self._run_pending)
            if not self.running:
                return
        if lively:
            ok = self.guarded(self.step, min(dt, 0.1))
        else:
            ok = self.guarded(self.step, min(dt, 2 * IDLE_POLL), False)
        if not self.running:
            return
        now = time.perf_counter()
        due = self._redraw_at is not None and now >= self._redraw_at - 0.002
        asked = lively or events or self._changed_at >= self._drawn_at or self.lively()
        if asked or due:
            self._drawn_at = now
            scene = self.top
            if not lively and scene is not None:
                ok = self.guarded(self._update_widgets, scene) and ok
            if self.guarded(self.draw) and ok:
                self._failed_frames = 0
            if not asked and scene is not None and self._widgets_due(scene) is None:
                self.present_only = scene.idle_region()  # the clock's next second alone
            self.present()
            self._redraw_asked = False  # asked when the loop next sleeps (not at 60 Hz)

    def _update_widgets(self, scene: Scene) -> None:
        """A still screen's widgets brought up to date, just before they are drawn."""
        scene.ui.update(self._widgets_dt)
        self._widgets_dt = 0.0

    def _idle_wait(self) -> float:
        """Seconds a still screen may sleep: until its next redraw, at most IDLE_POLL."""
        now = time.perf_counter()
        if not self._redraw_asked:
            self._redraw_at = self._next_redraw(now)
            self._redraw_asked = True
        if self._redraw_at is None:
            return IDLE_POLL
        return min(IDLE_POLL, max(0.0, self._redraw_at - now))

    def _next_redraw(self, now: float) -> float | None:
        """When the screen just drawn must be drawn again if nothing happens (None: never)."""
        scene = self.top
        if scene is None:
            return None
        waits = [w for w in (scene.idle_redraw(), self._widgets_due(scene)) if w is not None]
        return now + min(waits) if waits else None

    def _widgets_due(self, scene: Scene) -> float | None:
        """Seconds until the screen's widgets change by themselves: a tooltip coming under a
        still pointer; a focused text field's caret blinking (for CARET_BLINK_FOR seconds after
        the last input, then until it is lit); None while they are still."""
        due = gui_adapter.tooltip_due(scene.ui)
        blinking = time.perf_counter() - self._last_input < CARET_BLINK_FOR
        for entry in gui_adapter.focused_entries(scene.ui):
            if blinking or not gui_adapter.caret_lit(entry):
                blink = gui_adapter.blink_period(entry)
                due = blink if due is None else min(due, blink)
        return due

    def open_first_screens(self) -> None:
        """The menu, and over it the game the command line named: `ludotheque abalone` opens
        Abalone's setup (a puzzle's level list), Esc goes back to the menu."""
        self.push(self.screens.menu())
        if self.options.game:
            entry = registry.get(self.options.game)
            self.push(self.screens.setup(entry) if entry.kind == "match"
                      else self.screens.levels(entry))

    def run(self) -> None:
        self._looping = True
        try:
            # the menu reads the autosaves: inside the safety net like every other screen
            self.guarded(self.open_first_screens)
            self.frame()
            log.info("first frame after %.0f ms", (time.perf_counter() - self.started) * 1000)
            while self.running:
                self.frame()
        finally:
            self._looping = False
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the computer's worker process and close the display."""
        self.stop_worker()
        self._release_terminate()
        pygame.quit()

    # ending on a signal -----------------------------------------------------------------
    def _catch_terminate(self) -> None:
        """SIGTERM (a session ending, `kill`) closes the app as the window's close button
        does: in the loop it becomes a QUIT event (every scene saves, the worker stops); before
        or after the loop it ends the process at once with status 0, nothing being open yet
        (so does a second one, or the first after TERMINATE_GRACE seconds, while a frame is
        still busy: a call that never returns cannot keep the process alive).
        SDL's own handler, which only queues an event, is replaced: an event nobody reads (a
        start-up that never reaches the loop) would leave the process running."""
        self._previous_terminate: Any = None
        self._terminating = False
        if not hasattr(signal, "SIGTERM"):
            return
        try:
            self._previous_terminate = signal.signal(signal.SIGTERM, self._on_terminate)
        except ValueError:  # not the main thread (a test's helper thread): leave it as it is
            return

    def _release_terminate(self) -> None:
        if hasattr(signal, "setitimer") and getattr(self, "_terminating", False):
            with contextlib.suppress(ValueError):
                signal.setitimer(signal.ITIMER_REAL, 0)  # ended in time: no forced end
        previous = getattr(self, "_previous_terminate", None)
        if previous is None:
            return
        self._previous_terminate = None
        with contextlib.suppress(ValueError):
            signal.signal(signal.SIGTERM, previous)

    def _on_terminate(self, signum: int, frame: object) -> None:
        log.info("signal %d: closing", signum)
        if self._looping and self.running and not self._terminating:
            self._terminating = True  # a second one, while a frame is still busy, ends it now
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            # a frame stuck in a call that never returns would never read that event
            if hasattr(signal, "setitimer"):
                with contextlib.suppress(ValueError):
                    signal.signal(signal.SIGALRM, self._on_stuck)
                    signal.setitimer(signal.ITIMER_REAL, TERMINATE_GRACE)
            return
        self._end_now()

    def _on_stuck(self, signum: int, frame: object) -> None:
        log.warning("still busy %.0f s after SIGTERM: ending now", TERMINATE_GRACE)
        self._end_now()

    def _end_now(self) -> None:
        """End the process from a signal: the worker stopped, no scene asked to save (the
        autosave after each move is on disk already; a save from the middle of a busy frame
        could write a half-changed match)."""
        with contextlib.suppress(Exception):
            self.stop_worker()
        raise SystemExit(0)


def close_open_dropdowns(ui: pygame_gui.UIManager) -> bool:
    """Fold every open drop-down list of a screen; True if one was open (Esc did its job)."""
    from game.ui import gui_adapter

    return gui_adapter.fold_all(gui_adapter.root_elements(ui))


def start(options: Options) -> int:
    """Run what the parsed command line asks: the game, or the build's self-test."""
    if options.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.smoke import run_loop_smoke, run_smoke, smoke_home

        with smoke_home():
            code = 0 if options.smoke_loop else run_smoke(App(headless=True, options=options))
            return run_loop_smoke(App) or code
    App(options=options).run()
    return 0

