"""The frame loop as a player meets it: real event sequences posted to pygame's queue and run
through `App.frame` (clicks that change the screen, Esc, Quit, a scaled window, idle frames)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.app import CLICK_GUARD, App, first_window_size
from game.scenes.catalog import open_scene
from game.ui import theme


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        if not app.running:
            return
        app.frame()


def settle(app: App) -> None:
    """Let the click guard of the last screen change run out, as a player's pause does."""
    pygame.event.clear()
    time.sleep(CLICK_GUARD + 0.05)


def menu_app(app: App) -> App:
    from game.scenes.menu import MenuScene

    pygame.event.clear()
    app.push(MenuScene(app))
    return app


def test_the_click_that_leaves_a_match_never_opens_a_card_on_the_menu(app: App) -> None:
    from game.scenes.level_select import LevelSelectScene
    from game.scenes.match_base import MatchScene
    from game.scenes.menu import MenuScene
    from game.scenes.setup import SetupScene

    menu_app(app)
    menu = app.top
    open_scene(app, "match:abalone", moves=2)
    scene = app.top
    assert isinstance(scene, MatchScene)
    settle(app)
    post_key(pygame.K_ESCAPE)
    frames(app, 2)
    assert scene.modal is not None
    leave = next(b for b, fn in scene.modal.actions.items() if b.text == "Leave")
    pos = leave.rect.center
    under = next(e for e in menu.entries if menu.cards[e.id].collidepoint(pos))
    assert under is not None  # a card of the menu lies right under "Leave"
    settle(app)
    # the player clicks "Leave" twice in a row, the way an impatient double click does
    post_click(pos)
    frames(app, 3)
    assert isinstance(app.top, MenuScene)
    post_click(pos)
    frames(app, 3)
    assert isinstance(app.top, MenuScene), "the second click went through to the menu"
    # a deliberate click a moment later does open the card
    settle(app)
    post_click(pos)
    frames(app, 3)
    assert isinstance(app.top, LevelSelectScene | SetupScene)


def test_a_release_without_its_press_does_nothing(app: App) -> None:
    """A press on one screen and its release on the next never make a click there."""
    from game.scenes.menu import MenuScene

    menu_app(app)
    settle(app)
    card = next(iter(app.top.cards.values()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card.center, button=1))
    frames(app, 2)
    assert isinstance(app.top, MenuScene)


def test_escape_on_the_menu_asks_before_quitting(app: App) -> None:
    menu_app(app)
    menu = app.top
    settle(app)
    post_key(pygame.K_ESCAPE)
    frames(app, 2)
    assert app.running and menu.modal is not None
    post_key(pygame.K_ESCAPE)  # Esc again: the question goes, the menu stays
    frames(app, 2)
    assert app.running and menu.modal is None and app.top is menu
    post_key(pygame.K_ESCAPE)
    frames(app, 2)
    quit_btn = next(b for b in menu.modal.actions if b.text == "Quit")
    settle(app)
    post_click(quit_btn.rect.center)
    frames(app, 3)
    assert not app.running


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.is_file() and "zombie" in status.read_text())


def test_quit_ends_the_computer_while_it_thinks(app: App) -> None:
    from game.scenes.match_base import MatchScene, shared_worker

    menu_app(app)
    open_scene(app, "match:amazons", computer=(True, True))
    scene = app.top
    assert isinstance(scene, MatchScene)
    deadline = time.monotonic() + 10
    while scene.request_id is None and time.monotonic() < deadline:
        app.frame()
    pid = shared_worker(app).pid
    assert pid is not None and _alive(pid)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 2)
    assert not app.running
    assert not _alive(pid), "the AI worker outlived the window"


def test_quit_button_on_the_menu_ends_the_worker(app: App) -> None:
    from game.scenes.match_base import shared_worker

    menu_app(app)
    worker = shared_worker(app)
    worker.start()
    pid = worker.pid
    assert pid is not None
    settle(app)
    post_click(app.top.quit_btn.rect.center)
    frames(app, 3)
    assert not app.running and not _alive(pid)


def test_escape_with_a_list_open_folds_the_list_only(app: App) -> None:
    from game.scenes.setup import SetupScene

    menu_app(app)
    scene = open_scene(app, "setup:amazons")
    assert isinstance(scene, SetupScene)
    dd = next(iter(scene.opt_widgets))
    settle(app)
    post_click(dd.rect.center)
    frames(app, 3)
    assert dd.current_state is dd.menu_states["expanded"]
    post_key(pygame.K_ESCAPE)
    frames(app, 3)
    assert app.top is scene and dd.current_state is dd.menu_states["closed"]
    post_key(pygame.K_ESCAPE)
    frames(app, 3)
    assert app.top is not scene


@pytest.mark.parametrize("window", [(800, 600), (1024, 640), (1366, 768), (1920, 1080)])
def test_the_canvas_scales_into_any_window_and_clicks_land_where_they_show(
        app: App, window: tuple[int, int]) -> None:
    from game.scenes.settings import SettingsScene

    menu_app(app)
    pygame.display.set_mode(window, pygame.RESIZABLE)
    app._fit_window()
    r = app.view_rect
    assert r.width <= window[0] and r.height <= window[1]
    assert abs(r.width / r.height - 1.6) < 0.01  # letterboxed, never stretched
    assert r.width == window[0] or r.height == window[1]  # as large as the window allows
    assert abs(r.centerx - window[0] / 2) <= 1 and abs(r.centery - window[1] / 2) <= 1
    frames(app, 1)
    shot = pygame.display.get_surface()
    if r.x > 0:
        assert shot.get_at((r.x // 2, window[1] // 2))[:3] == (0, 0, 0)  # the bar
    # the title's gold shows where the canvas puts it, scaled
    canvas_title = next((x, y) for x in range(560, 720) for y in range(30, 80)
                        if app.canvas.get_at((x, y))[:3] == theme.ACCENT)
    sx = r.x + round(canvas_title[0] * theme.view.scale)
    sy = r.y + round(canvas_title[1] * theme.view.scale)
    near = [shot.get_at((sx + dx, sy + dy))[:3] for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)
            if 0 <= sx + dx < window[0] and 0 <= sy + dy < window[1]]
    assert any(sum(abs(a - b) for a, b in zip(c, theme.ACCENT, strict=True)) < 90 for c in near)
    # a click on the Settings button as the window shows it opens the settings
    b = app.top.settings_btn.rect
    win_pos = (r.x + round(b.centerx * theme.view.scale), r.y + round(b.centery * theme.view.scale))
    settle(app)
    post_click(win_pos)
    frames(app, 3)
    assert isinstance(app.top, SettingsScene)


def test_the_first_window_fits_the_screen_it_opens_on() -> None:
    w, h = first_window_size((1366, 768))
    assert w <= 1366 - 40 and h <= 768 - 100 and abs(w / h - 1.6) < 0.01
    assert first_window_size((1920, 1080)) == theme.SIZE  # room enough: 1:1, sharpest
    assert first_window_size((2560, 1600)) == theme.SIZE


def test_a_screen_where_nothing_moves_sleeps_and_input_wakes_it(app: App) -> None:
    from game import app as app_module

    menu_app(app)
    frames(app, 2)
    app._last_input -= app_module.LIVELY_AFTER_INPUT  # the player has not acted for a while
    assert not app.lively()
    drawn = []
    app.present = lambda: drawn.append(time.perf_counter())  # type: ignore[method-assign]
    t0 = time.perf_counter()
    app.frame()
    slept = time.perf_counter() - t0
    assert slept >= 0.8 * app_module.IDLE_POLL  # waited for input instead of drawing at 60 Hz
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        app.frame()
    assert drawn == []  # the menu is still: nothing to draw again until the player acts
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    t0 = time.perf_counter()
    app.frame()
    assert time.perf_counter() - t0 < 0.5 * app_module.IDLE_POLL  # woken at once
    assert app.lively() and drawn[-1] >= t0  # and the answer is drawn in that frame


def test_a_puzzle_clock_keeps_time_on_an_idle_screen(app: App) -> None:
    """Idle frames are far apart: the time between them still counts in full. The clock is
    compared with the wall clock between two of its own updates, so a busy machine that runs a
    frame late shifts both sides alike."""
    menu_app(app)
    scene = open_scene(app, "puzzle:hanoi")
    app._last_input -= 10
    frames(app, 1)
    updates: list[tuple[float, float]] = []  # (wall clock, the scene's clock) after each update
    real_update = scene.update

    def update(dt: float) -> None:
        real_update(dt)
        updates.append((time.perf_counter(), scene.elapsed))

    scene.update = update  # type: ignore[method-assign]
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.2:
        app.frame()
    assert not app.lively() and len(updates) >= 2
    (wall0, clock0), (wall1, clock1) = updates[0], updates[-1]
    assert wall1 - wall0 > 0.5, "the idle frames came too close together to tell"
    assert abs((clock1 - clock0) - (wall1 - wall0)) < 0.1


def test_a_match_with_a_computer_thinking_stays_lively(app: App) -> None:
    menu_app(app)
    scene = open_scene(app, "match:amazons", computer=(True, True))
    deadline = time.monotonic() + 10
    while scene.request_id is None and time.monotonic() < deadline:
        app.frame()
    app._last_input -= 10
    assert scene.in_motion() and app.lively()


def test_a_dialog_dims_the_screen_behind_it_and_keeps_every_widget_in_view(app: App) -> None:
    """Resign? over a match: the side panel's buttons stay drawn under the shade (not holes
    showing the background), take no click, and the dialog's buttons answer."""
    from game.scenes.match_base import MatchScene

    menu_app(app)
    scene = open_scene(app, "match:pions")
    assert isinstance(scene, MatchScene)
    settle(app)
    frames(app, 3)
    undo = scene.undo_btn
    before = app.canvas.copy()
    spot = (undo.rect.x + 6, undo.rect.centery)  # the button's own face, away from its text
    scene.resign()
    assert scene.modal is not None
    app.draw()
    assert undo.visible and scene.resign_btn.visible  # in view, not hidden
    face, dimmed = before.get_at(spot), app.canvas.get_at(spot)
    shade = 1 - 150 / 255
    for c0, c1 in zip(face[:3], dimmed[:3], strict=True):
        assert abs(c1 - c0 * shade) <= 3, (face, dimmed)  # the button's face, darkened
    settle(app)
    post_click(scene.resign_btn.rect.center)  # under the veil: nothing happens
    frames(app, 3)
    assert scene.modal is not None and scene.match.outcome is None
    cancel = next(b for b in scene.modal.actions if b.text == "Play on")
    settle(app)
    post_click(cancel.rect.center)
    frames(app, 3)
    assert scene.modal is None and scene.match.outcome is None


class FakeWindow:
    """Stands in for SDL's window: records how full screen is entered and left."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.size = (1280, 800)
        self.position = (100, 60)

    def set_fullscreen(self, desktop: bool = False) -> None:
        self.calls.append(f"fullscreen desktop={desktop}")

    def set_windowed(self) -> None:
        self.calls.append("windowed")


def test_f11_and_back_switches_the_same_window_in_place(app: App, monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Full screen and back must not make the window again with set_mode: under a window
    manager SDL then put it back by its inner corner, 20 px lower at every F11 and back."""
    win = FakeWindow()
    made: list[object] = []
    app.headless = False  # the window's own code path (SDL's dummy driver below it)
    monkeypatch.setattr(app, "_sdl_window", lambda: win)
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: made.append(a))
    app.settings.fullscreen = False
    app.windowed_size = (1280, 800)
    for _ in range(2):
        post_key(pygame.K_F11)
        app.frame()
        assert app.settings.fullscreen
        post_key(pygame.K_F11)
        app.frame()
        assert not app.settings.fullscreen
    assert win.calls == ["fullscreen desktop=True", "windowed"] * 2
    assert not made and win.position == (100, 60)


def test_an_idle_screen_sleeps_without_pygames_millisecond_polling(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """pygame's event.wait polls SDL every millisecond (about 2 % of a core by itself): the
    loop sleeps in slices instead, and input coming during the sleep is handled within one."""
    import threading

    from game import app as app_module

    def no_wait(*args: object) -> None:
        raise AssertionError("pygame.event.wait polls every millisecond")

    monkeypatch.setattr(pygame.event, "wait", no_wait)
    menu_app(app)
    frames(app, 2)
    app._last_input -= app_module.LIVELY_AFTER_INPUT
    naps: list[float] = []
    real_sleep = time.sleep
    monkeypatch.setattr(app_module.time, "sleep", lambda s: (naps.append(s), real_sleep(s)))
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        app.frame()
    # a wait's last slice may be cut short by its end; a polling loop would nap ~1 ms every time
    assert naps and sorted(naps)[len(naps) // 2] > 0.01
    assert len(naps) <= 1.2 / app_module.IDLE_SLICE
    got: list[float] = []
    app.top.process_event = lambda e: got.append(time.perf_counter())  # type: ignore[method-assign]
    sent: list[float] = []

    def press_later() -> None:
        real_sleep(0.1)
        sent.append(time.perf_counter())
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                             unicode="a", scancode=0))

    threading.Thread(target=press_later).start()
    app.frame()
    assert sent and got and got[0] - sent[0] < app_module.IDLE_SLICE + 0.02  # at once


def test_a_puzzle_clock_is_redrawn_each_second_and_a_still_match_not_at_all(app: App) -> None:
    from game import app as app_module

    menu_app(app)
    for scene_id, most, least in (("puzzle:hanoi", 3, 1), ("match:pions", 0, 0)):
        open_scene(app, scene_id)
        frames(app, 2)
        app._last_input -= app_module.LIVELY_AFTER_INPUT
        drawn: list[float] = []
        app.present = lambda d=drawn: d.append(time.perf_counter())  # type: ignore[method-assign]
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 2.1:
            app.frame()
        assert least <= len(drawn) <= most, (scene_id, len(drawn))
        del app.present
        app.pop()


def test_akhimoraecs_running_sand_keeps_the_full_frame_rate(app: App) -> None:
    from tests.games.akhimoraec.test_scene import SIX_OUT

    menu_app(app)
    scene = open_scene(app, "match:akhimoraec", position=SIX_OUT)
    frames(app, 2)
    app._last_input -= 10
    assert scene.clock_running and app.lively()  # type: ignore[attr-defined]
    scene.set_paused(True)  # type: ignore[attr-defined]
    assert not app.lively()  # paused: nothing runs, the screen may sleep
