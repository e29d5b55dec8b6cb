"""The scene contract: a screen on the app's stack with process_event / update / draw.

Each scene owns a pygame_gui manager (cheap to create, and it makes every widget vanish with
its screen). `back()` is what Esc does; match scenes override it to ask before abandoning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui import theme

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """Base class for every screen. Subclasses build widgets in `__init__` via `self.ui`."""

    #: Shown in the window title and used by tools (screenshot ids).
    title = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui = pygame_gui.UIManager(theme.SIZE, theme.theme_path(), enable_live_theme_updates=False)

    # lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (first time or after a pop)."""

    def leave(self) -> None:
        """Called when another scene covers this one or it is popped."""

    def close(self) -> None:
        """Called once when the scene is removed for good: stop workers, autosave."""

    def on_quit(self) -> None:
        """The window is closing: save what must be saved. Default: same as close."""
        self.close()

    # frame -----------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one input event (the UI manager has already seen it)."""

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """A pygame_gui event (button pressed, dropdown changed…)."""

    def update(self, dt: float) -> None:
        """Advance animations and logic by a fixed step of `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def draw_ui(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)

    def back(self) -> None:
        """What Esc does: leave this screen."""
        self.app.pop()
