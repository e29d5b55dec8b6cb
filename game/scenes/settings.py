"""Settings: language, full screen, sound and volume, legal-move hints, animation speed,
hot-seat flip, coordinates, move pictures on pieces."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import i18n
from game.engine import storage
from game.i18n import N_, _
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import ListCover, button, fitting_size

if TYPE_CHECKING:
    from game.scenes.base import Host

SPEEDS = ((N_("Slow"), 0.5), (N_("Normal"), 1.0), (N_("Fast"), 2.0))
ROW_STEP = 58
LABEL_ROOM = 330  # from the labels' left edge to the controls


def apply_language(app: Host, code: str) -> None:
    """Show the app in `code` ("fr", "en"; "" the system's) from the next frame on, and keep
    the choice: every screen on the stack sets its widgets' labels again (text drawn each
    frame follows by itself), no restart."""
    app.settings.language = code
    i18n.set_language(code)
    for scene in list(app.stack):
        scene.retranslate()
    app.screen_changed()
    app.save_settings()


class SettingsScene(Scene):
    title = "Settings"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        """The widgets, labelled in the current language (built again when it changes)."""
        self.ui.clear_and_reset()
        s = self.app.settings
        x, y, w = 620, 160, 360
        #: (message id of the label, top of its row)
        self.rows: list[tuple[str, int]] = []

        def row(label: str) -> int:
            nonlocal y
            self.rows.append((label, y))
            y += ROW_STEP
            return y - ROW_STEP

        # options are (shown text, id) pairs: the id says what was chosen in any language
        names = dict(i18n.LANGUAGES)
        code = i18n.language() if i18n.language() in names else i18n.SOURCE
        self.language = pygame_gui.elements.UIDropDownMenu(
            [(name, c) for c, name in i18n.LANGUAGES], (names[code], code),
            pygame.Rect(x, row(N_("Language")), w, 44), self.ui)
        self.fullscreen = button(self.ui, (x, row(N_("Full screen (F11)")), w, 44), "")
        self.sound = button(self.ui, (x, row(N_("Sound effects")), w, 44), "")
        vy = row(N_("Volume"))
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x, vy, w, 44), s.volume, (0.0, 1.0), self.ui, click_increment=0.1)
        self.legal = button(self.ui, (x, row(N_("Show legal moves")), w, 44), "")
        speed = min(SPEEDS, key=lambda p: abs(p[1] - s.animation_speed))
        self.speed = pygame_gui.elements.UIDropDownMenu(
            [(_(label), str(value)) for label, value in SPEEDS], (_(speed[0]), str(speed[1])),
            pygame.Rect(x, row(N_("Animation speed")), w, 44), self.ui)
        self.flip = button(self.ui, (x, row(N_("Hot-seat: turn the board")), w, 44), "",
                           _("Turn the board so the player to move sits at the bottom"))
        self.coords = button(self.ui, (x, row(N_("Show coordinates / cell numbers")), w, 44), "")
        self.hints = button(self.ui, (x, row(N_("Moves drawn on pieces")), w, 44), "",
                            _("A small picture of each man's move in its corner, for learners"))
        self.done = button(self.ui, (540, 712, 200, 48), _("Done"), object_id="#primary")
        self.about = button(self.ui, (240, 712, 240, 48), _("About Ludothèque"),
                            _("Version, credits, licences and where the rules come from"))
        self.cover = ListCover()  # a list hides the rows it opens over
        self._sync()

    def retranslate(self) -> None:
        super().retranslate()
        self._build()

    def _sync(self) -> None:
        s = self.app.settings

        def onoff(v: bool) -> str:
            return _("On") if v else _("Off")

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
            if el is self.about:
                self.app.sounds.play("click")
                self.app.push(self.app.screens.about())
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
            else:
                return
            self.app.sounds.play("click")
            self._sync()
            self._save()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            s.volume = round(float(self.volume.get_current_value()), 2)
            self.app.sounds.play("click")
            self._save()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.speed:
            s.animation_speed = float(event.selected_option_id)
            self._save()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.language:
            self.app.sounds.play("click")
            apply_language(self.app, str(event.selected_option_id))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.cover.update([self.language, self.fullscreen, self.sound, self.volume, self.legal,
                           self.speed, self.flip, self.coords, self.hints, self.done,
                           self.about])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Settings"), (640, 50), 44, theme.ACCENT, True, "midtop")
        theme.panel(surface, pygame.Rect(240, 140, 800, 546))
        for label, y in self.rows:
            # a long name a size or more smaller, then on two lines, left of the control
            text = _(label)
            size = fitting_size(text, LABEL_ROOM, 20, False, 16)
            lines = theme.wrap(text, size, LABEL_ROOM)[:2]
            pitch = theme.font(size).get_linesize()
            for k, line in enumerate(lines):
                theme.blit_text(surface, line, (270, y + 22 + pitch * (k - (len(lines) - 1) / 2)),
                                size, theme.TEXT, anchor="midleft")
            if label == "Volume":
                theme.blit_text(surface, f"{round(self.app.settings.volume * 100)} %",
                                (600, y + 22), 18, theme.TEXT_DIM, anchor="midright")
        theme.blit_text(surface, _("Saved in {folder}").format(folder=storage.config_dir()),
                        (640, 778), 14, theme.TEXT_DIM, anchor="midbottom")
