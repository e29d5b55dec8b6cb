"""The scene contract: a screen on the app's stack with process_event / update / draw, and the
host it lives in.

Each scene owns a pygame_gui manager (cheap to create, and it makes every widget vanish with
its screen). `back()` is what Esc does; match scenes override it to ask before abandoning.

A scene knows the app only as a `Host` (the stack, notices, sounds, settings, the services)
and opens other screens through `host.screens` (a `Screens`, the app's scene directory), so no
scene imports the app or another scene: the arrows run from the app down to the scenes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game import i18n
from game.ui import theme
from game.ui.gui_adapter import CanvasUIManager

if TYPE_CHECKING:
    from game.engine.entries import GameEntry
    from game.engine.match import Match
    from game.engine.settings import Settings
    from game.services import Services
    from game.ui.sound import Sounds


class Screens(Protocol):
    """Every screen of the app by what it shows; each builds the scene (it does not push it)."""

    def menu(self) -> Scene: ...

    def settings(self) -> Scene: ...

    def about(self) -> Scene: ...

    def load(self, autosaves: bool = False) -> Scene: ...

    def setup(self, entry: GameEntry) -> Scene: ...

    def rules(self, entry: GameEntry, section: int = 0) -> Scene: ...

    def levels(self, entry: GameEntry) -> Scene: ...

    def puzzles(self, daily: bool = False) -> Scene: ...

    def match(self, match: Match, **kwargs: Any) -> Scene:
        """The game's own scene for `match` (named by its registry entry)."""
        ...

    def results(self, match: Match, snapshot: pygame.Surface) -> Scene: ...

    def replay(self, match: Match) -> Scene: ...

    def review(self, match: Match, path: Path | None = None, **kwargs: Any) -> Scene:
        """The review of `match` (a timeline for a real-time game); `path`: its saved file,
        beside which the finished review is kept; `kwargs` go to the review (tools)."""
        ...

    def can_review(self, match: Match) -> bool:
        """Whether `review` has something to show for this match's game."""
        ...

    def is_menu(self, scene: Scene) -> bool: ...


class Host(Protocol):
    """What a scene may use of the app that shows it (the app fills it; tests may fake it)."""

    canvas: pygame.Surface
    settings: Settings
    sounds: Sounds
    stack: list[Scene]

    @property
    def services(self) -> Services: ...

    @property
    def screens(self) -> Screens: ...

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def pop_to_menu(self) -> None: ...

    def later(self, fn: Callable[[], None]) -> None: ...

    def screen_changed(self) -> None: ...

    def toast(self, message: str, kind: str = "info", seconds: float = 3.0) -> None: ...

    def save_settings(self) -> bool: ...

    def toggle_fullscreen(self) -> None: ...

    def quit(self) -> None: ...


class Scene:
    """Base class for every screen. Subclasses build widgets in `__init__` via `self.ui`."""

    #: Shown in the window title and used by tools (screenshot ids).
    title = ""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.ui = CanvasUIManager(theme.SIZE, theme.theme_path(), enable_live_theme_updates=False)
        self.ui.set_locale(i18n.widget_locale())
        #: Button → what it does, for the frame's own buttons; games add theirs to
        #: `extra_buttons`. A dialog in `modal` takes every UI event while it is open.
        self.actions: dict[Any, Callable[[], None]] = {}
        self.extra_buttons: dict[Any, Callable[[], None]] = {}
        self.modal: Any = None

    # lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (first time or after a pop)."""

    def leave(self) -> None:
        """Called when another scene covers this one or it is popped."""

    def retranslate(self) -> None:
        """The language changed (Settings). Text drawn each frame follows by itself; a scene
        whose widgets carry words sets them again here (the menu and Settings rebuild theirs).
        pygame_gui's own words (its dialogs) follow its locale."""
        self.ui.set_locale(i18n.widget_locale())

    def close(self) -> None:
        """Called once when the scene is removed for good: stop workers, autosave."""

    def on_quit(self) -> None:
        """The window is closing: save what must be saved. Default: same as close."""
        self.close()

    # frame -----------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one input event (the UI manager has already seen it)."""

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """A pygame_gui event: an open dialog takes it, else a pressed button runs its action."""
        if self.modal is not None:
            if self.modal.handle_ui(event):
                self.app.screen_changed()  # the closing click must not land on the board
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self.actions.get(event.ui_element) or self.extra_buttons.get(event.ui_element)
            if action is not None:
                action()

    def open_rules(self, entry: GameEntry) -> None:
        """Push the rules screen of a game."""
        self.app.push(self.app.screens.rules(entry))

    def update(self, dt: float) -> None:
        """Advance animations and logic by a fixed step of `dt` seconds."""

    def in_motion(self) -> bool:
        """Whether something on screen moves by itself now (an animation, a clock, a computer
        thinking). The app redraws a screen that says no only a few times a second until the
        player acts, so a scene with motion of its own must say yes while it lasts."""
        return False

    def idle_region(self) -> pygame.Rect | None:
        """The part of the screen that `idle_redraw` redraws for (its clock), shown alone in
        the window then; None: the whole screen."""
        return None

    def idle_redraw(self) -> float | None:
        """While nothing moves and the player does nothing: seconds from now until this screen
        must be drawn again by itself (None: only after input). A clock showing seconds says
        when its next second begins. The widgets' own changes (a caret's blink, a tooltip) are
        the app's to watch; a screen that is still until the player acts keeps this default."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def status_rect(self) -> pygame.Rect | None:
        """The screen's status line, which notices (toasts) must leave readable; None: none."""
        return None

    def draw_ui(self, surface: pygame.Surface) -> None:
        """The widgets over the scene. With a dialog open: the screen's widgets, then the
        dialog (its shade dims them, they stay in view), then the dialog's buttons."""
        modal = self.modal
        if modal is None or not getattr(modal, "open", False):
            self.ui.draw_ui(surface)
            return
        own = modal.widgets()
        shown = [s for s in self.ui.get_sprite_group().sprites()
                 if s.image is not None and s.visible]
        # each sprite as the manager itself blits it (image, rect, area, blend mode)
        data: list[Any] = [(s, s.blit_data) for s in shown]
        surface.blits([d for s, d in data if s not in own])
        modal.draw(surface)
        surface.blits([d for s, d in data if s in own])

    def back(self) -> None:
        """What Esc does: close an open dialog (as its last button would), else leave."""
        if self.modal is not None:
            self.modal.dismiss()
            self.modal = None
            self.app.screen_changed()
            return
        self.app.pop()
