"""A waiting screen costs almost nothing: the loop sleeps until input or the next redraw the
screen needs (a puzzle clock's next second, a tooltip, a blinking caret for a while), draws
nothing in between, and wakes at once for input. See game/app.py and game/ui/waiting.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import app as app_module
from game.app import App
from game.scenes.catalog import open_scene
from game.ui import gui_adapter, theme, waiting

ROOT = Path(__file__).resolve().parents[2]


class FakeWait:
    """Stands in for SDL's wait: records each timeout asked for and sleeps it (no input)."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def __call__(self, ms: int) -> bool:
        self.asked.append(ms)
        time.sleep(ms / 1000)
        return False


def still(app: App) -> None:
    """The player has not acted for a while; the screen settles."""
    pygame.event.clear()
    app._last_input -= 60
    for _ in range(3):
        app.frame()


def count_draws(app: App, seconds: float) -> list[float]:
    drawn: list[float] = []
    app.present = lambda: drawn.append(time.perf_counter())  # type: ignore[method-assign]
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        app.frame()
    del app.present
    return drawn


def test_the_loop_sleeps_in_the_wait_until_the_next_redraw_the_screen_needs(app: App) -> None:
    """A still menu sleeps IDLE_POLL at a time; a puzzle until its clock's next second."""
    fake = FakeWait()
    app.wait_for_input.waiter = fake
    open_scene(app, "menu")
    still(app)
    fake.asked.clear()
    app.frame()
    assert fake.asked == [round(app_module.IDLE_POLL * 1000)]
    scene = open_scene(app, "puzzle:hanoi")
    still(app)
    fake.asked.clear()
    shown: list[float] = []
    app.present = lambda: shown.append(scene.elapsed)  # type: ignore[method-assign]
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 2.2:
        app.frame()
    del app.present
    assert 2 <= len(shown) <= 3 and all(ms <= 1006 for ms in fake.asked)
    # each redraw comes just as the clock turns a second (a loaded machine wakes a little late)
    assert all(s % 1.0 < 0.2 for s in shown), shown


def test_a_still_setup_screen_is_not_drawn_again(app: App) -> None:
    """No clock, no focused field: nothing to draw until the player acts (it used to be drawn
    once a second for a caret that was not there)."""
    open_scene(app, "setup:abalone")
    still(app)
    assert count_draws(app, 2.5) == []


def _focus_name(app: App) -> gui_adapter.UITextEntryLine:
    scene = open_scene(app, "setup:abalone")
    entry = scene.side_widgets[0]["name"]  # type: ignore[attr-defined]
    scene.ui.set_focus_set(entry)
    return entry


def test_a_focused_fields_caret_blinks_for_a_while_then_stays_lit(app: App,
                                                                  monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    monkeypatch.setattr(app_module, "CARET_BLINK_FOR", 1.5)
    entry = _focus_name(app)
    pygame.event.clear()
    app._last_input = time.perf_counter() - app_module.LIVELY_AFTER_INPUT
    blinking = count_draws(app, 1.5)
    assert len(blinking) >= 2  # the caret's blinks are drawn
    settled = count_draws(app, 1.0)  # the blinks end with the caret lit
    assert gui_adapter.caret_lit(entry)
    assert count_draws(app, 2.0) == []
    assert gui_adapter.caret_lit(entry) and len(settled) <= 3


def test_a_tooltip_under_a_still_pointer_is_drawn_when_it_comes(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu is otherwise never drawn again while still: the tooltip of the button under
    the pointer brings its own redraw (the widgets are updated only before a draw), then the
    screen is still again."""
    scene = open_scene(app, "menu")
    button = scene.load_btn  # type: ignore[attr-defined]
    monkeypatch.setattr(theme, "mouse_pos", lambda: button.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(1, 0),
                                         buttons=(0, 0, 0)))
    app.frame()
    app._last_input -= app_module.LIVELY_AFTER_INPUT  # the pointer rests before the tooltip
    assert not app.lively() and button.tool_tip is None
    drawn = count_draws(app, 1.6)
    assert button.tool_tip is not None and drawn
    assert count_draws(app, 1.2) == []  # shown: still again


def test_a_wait_that_does_not_wait_is_dropped_for_slices() -> None:
    calls: list[int] = []
    wait = waiting.InputWait(lambda ms: calls.append(ms) is not None)
    pygame.event.clear()
    t0 = time.perf_counter()
    assert wait(0.2) == []
    assert time.perf_counter() - t0 >= 0.19
    assert wait.waiter is None and len(calls) == 3  # three at once, then slices


def test_headless_runs_sleep_in_slices(app: App) -> None:
    """SDL's dummy driver has no wait of its own (it would poll every millisecond)."""
    assert pygame.display.get_driver() == "dummy"
    assert waiting.sdl_waiter() is None and app.wait_for_input.waiter is None


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="no virtual X server (xvfb-run)")
def test_in_a_real_window_the_loop_sleeps_in_sdls_wait_and_wakes_at_once() -> None:
    """Under an X server: SDL's wait is found in pygame's own SDL, sleeps its whole timeout
    without input, and an event posted by another thread wakes it within milliseconds."""
    code = """
import threading, time, pygame
from game.ui import waiting
pygame.init()
pygame.display.set_mode((320, 200))
waiter = waiting.sdl_waiter()
assert waiter is not None, "no SDL wait"
pygame.event.get()
t0 = time.perf_counter(); c0 = time.process_time()
waiter(400)
slept, cpu = time.perf_counter() - t0, time.process_time() - c0
assert slept > 0.35 and cpu < 0.05, (slept, cpu)
sent = []
def post():
    sent.append(time.perf_counter())
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
threading.Timer(0.1, post).start()
got = waiting.InputWait(waiter)(2.0)
woke = time.perf_counter() - sent[0]
assert any(e.type == pygame.USEREVENT for e in got) and woke < 0.1, woke
print("OK", round(woke * 1000, 2))
"""
    env = dict(os.environ, SDL_VIDEODRIVER="x11", PYTHONPATH=str(ROOT))
    out = subprocess.run(["xvfb-run", "-a", sys.executable, "-c", code], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert "OK" in out.stdout, out.stdout + out.stderr


@pytest.mark.parametrize("window", [(1280, 800), (1104, 690)])
def test_a_clocks_second_is_shown_alone_as_the_whole_frame_would_show_it(
        app: App, window: tuple[int, int]) -> None:
    """A puzzle's idle redraw updates the window only in the clock's row, to the pixels a
    whole present would put there, at 1:1 and scaled into a smaller window."""
    pygame.display.set_mode(window)
    app._fit_window()
    scene = open_scene(app, "puzzle:hanoi")
    region = scene.idle_region()
    assert region is not None
    app.draw()
    app.present()
    before = app.window.copy()
    scene.elapsed += 61  # the clock reads another minute and second
    app.draw()
    app.present_only = region
    app.present()
    part = app.window.copy()
    app.present()  # the whole frame, for comparison
    whole = app.window.copy()
    s = app.view_rect.width / theme.SIZE[0]
    shown = pygame.Rect(app.view_rect.x + round(region.x * s), app.view_rect.y + round(region.y * s),
                        round(region.width * s), round(region.height * s)).inflate(-4, -4)
    diff = [(x, y) for x in range(0, window[0], 3) for y in range(0, window[1], 3)
            if part.get_at((x, y)) != before.get_at((x, y))]
    assert diff and all(shown.inflate(12, 12).collidepoint(p) for p in diff)  # only there
    for x in range(shown.left, shown.right, 2):
        for y in range(shown.top, shown.bottom, 2):
            a, b = part.get_at((x, y)), whole.get_at((x, y))
            assert a == b, (x, y, a, b)


def test_a_widgets_own_news_is_not_the_players_input(app: App) -> None:
    """A button that comes to lie under a still pointer says it is hovered: that redraws the
    screen once, not a second at the full frame rate as the player's input does."""
    import pygame_gui

    scene = open_scene(app, "settings")
    still(app)
    button = scene.done  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=button,
                                         ui_object_id="button"))
    drawn = count_draws(app, 0.5)
    assert len(drawn) == 1 and not app.lively()
