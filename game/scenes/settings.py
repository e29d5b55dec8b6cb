"""Settings: full screen, sound and volume, legal-move hints, animation speed, hot-seat flip."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine import storage
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0))


class SettingsScene(Scene):
    title = "Settings"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        s = app.settings
        x, y, w = 620, 160, 360
        self.rows: list[tuple[str, int]] = []

        def row(label: str) -> int:
            nonlocal y
            self.rows.append((label, y))
            y += 64
            return y - 70

        self.fullscreen = button(self.ui, (x, row("Full screen (F11)"), w, 44), "")
        self.sound = button(self.ui, (x, row("Sound effects"), w, 44), "")
        vy = row("Volume")
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x, vy, w, 44), s.volume, (0.0, 1.0), self.ui, click_increment=0.1)
        self.legal = button(self.ui, (x, row("Show legal moves"), w, 44), "")
        self.speed = pygame_gui.elements.UIDropDownMenu(
            [label for label, _ in SPEEDS], self._speed_label(s.animation_speed),
            pygame.Rect(x, row("Animation speed"), w, 44), self.ui)
        self.flip = button(self.ui, (x, row("Hot-seat: turn the board"), w, 44), "",
                           "Turn the board so the player to move sits at the bottom")
        self.coords = button(self.ui, (x, row("Show coordinates / cell numbers"), w, 44), "")
        self.hints = button(self.ui, (x, row("Moves drawn on pieces"), w, 44), "",
                            "A small picture of each man's move in its corner, for learners")
        self.done = button(self.ui, (540, 700, 200, 48), "Done", object_id="#primary")
        self._sync()

    @staticmethod
    def _speed_label(value: float) -> str:
        return min(SPEEDS, key=lambda p: abs(p[1] - value))[0]

    def _sync(self) -> None:
        s = self.app.settings

        def onoff(v: bool) -> str:
            return "On" if v else "Off"

        self.fullscreen.set_text(onoff(s.fullscreen))
        self.sound.set_text(onoff(s.sound))
        self.legal.set_text(onoff(s.show_legal))
        self.flip.set_text(onoff(s.flip_board))
        self.coords.set_text(onoff(s.show_coordinates))
        self.hints.set_text(onoff(s.piece_hints))

    def _save(self) -> None:
        self.app.save_settings()

    def on_ui_event(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.done:
                self.back()
                return
            if el is self.fullscreen:
                self.app.toggle_fullscreen()
            elif el is self.sound:
                s.sound = not s.sound
            elif el is self.legal:
                s.show_legal = not s.show_legal
            elif el is self.flip:
                s.flip_board = not s.flip_board
            elif el is self.coords:
                s.show_coordinates = not s.show_coordinates
            elif el is self.hints:
                s.piece_hints = not s.piece_hints
            self.app.sounds.play("click")
            self._sync()
            self._save()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            s.volume = round(float(self.volume.get_current_value()), 2)
            self.app.sounds.play("click")
            self._save()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.speed:
            s.animation_speed = dict(SPEEDS)[event.text]
            self._save()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, "Settings", (640, 50), 44, theme.ACCENT, True, "midtop")
        theme.panel(surface, pygame.Rect(240, 140, 800, 546))
        for label, y in self.rows:
            theme.blit_text(surface, label, (270, y + 22), 20, theme.TEXT, anchor="midleft")
            if label == "Volume":
                theme.blit_text(surface, f"{round(self.app.settings.volume * 100)} %",
                                (600, y + 22), 18, theme.TEXT_DIM, anchor="midright")
        theme.blit_text(surface, f"Saved in {storage.config_dir()}", (640, 770), 14,
                        theme.TEXT_DIM, anchor="midbottom")
