"""The application's window as the desktop sees it: its first size on the screen it opens on,
its name for the window manager, its icon, and how its frames reach the screen. Kept apart from
the frame loop (game/app.py), which only calls these before and after the window opens."""

from __future__ import annotations

import logging
import os

import pygame

from game import APP_ID
from game.resources import asset
from game.ui import theme

log = logging.getLogger(__name__)

#: Room left around the first window for the title bar and the desktop's panels.
_SCREEN_MARGIN = (40, 110)
#: The window icon's size in pixels (of assets/icons/).
ICON_SIZE = 64


def first_window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The canvas size, shrunk (never grown) to fit the screen the window opens on."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return theme.SIZE
    room_w, room_h = desktop[0] - _SCREEN_MARGIN[0], desktop[1] - _SCREEN_MARGIN[1]
    s = min(1.0, room_w / theme.SIZE[0], room_h / theme.SIZE[1])
    s = max(s, 0.3)
    return (round(theme.SIZE[0] * s), round(theme.SIZE[1] * s))


def window_identity() -> None:
    """Name the window after the application before SDL opens the display: the window
    manager's class (X11's WM_CLASS, Wayland's app id) is what the desktop entry's
    StartupWMClass matches, so the dock shows Ludothèque's icon and name, not the script's.
    Set, not defaulted: importing pygame already put the script's name (`__main__.py`) there,
    and SDL reads these when the window opens."""
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        os.environ[hint] = APP_ID


def native_framebuffer() -> None:
    """Present frames through the window system's own framebuffer where SDL has one (X11's
    shared memory, Windows' GDI), not through an OpenGL texture. The app draws every frame in
    software; SDL's default on these systems uploads the whole window to a texture at every
    flip, however small the change (some 8 ms of a core per frame without a GPU driver, in a
    virtual X server), where the native path hands the pixels over in shared memory. Called
    before the window opens; an SDL_FRAMEBUFFER_ACCELERATION set by the user is kept. Elsewhere
    (Wayland, macOS) the window system has no such framebuffer and SDL's default stays."""
    if "SDL_FRAMEBUFFER_ACCELERATION" in os.environ or not pygame.display.get_init():
        return
    if pygame.display.get_driver() in ("x11", "windows"):
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"


def set_window_icon() -> None:
    """The window's icon, made by tools/make_assets.py (the desktop entry uses the same)."""
    path = asset("icons", f"{APP_ID}-{ICON_SIZE}.png")
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, FileNotFoundError, OSError) as exc:  # a missing icon is no reason to stop
        log.warning("no window icon: %s", exc)
