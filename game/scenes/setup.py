"""Match setup: each side human or computer (with a level), names, the variant and the game's options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import registry
from game.engine.match import Match, PlayerSpec
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.app import App

KINDS = ("Human", "Computer")


class SetupScene(Scene):
    title = "Setup"

    def __init__(self, app: App, entry: registry.GameEntry) -> None:
        super().__init__(app)
        self.entry = entry
        self.variant = entry.variants[0].id
        self.options: dict[str, Any] = entry.default_options()
        remembered = app.settings.player_names
        # sides ----------------------------------------------------------------------
        self.side_widgets: list[dict[str, Any]] = []
        for i, side in enumerate(entry.side_names):
            x = 90 + i * 560
            y = 150
            name = remembered[i] if i < len(remembered) and remembered[i] else side
            kind = "Human" if i == 0 or not entry.ai_levels else "Computer"
            w: dict[str, Any] = {"label": (side, x, y)}
            w["name"] = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 140, y + 44, 360, 42),
                                                            self.ui, initial_text=name)
            w["name"].set_text_length_limit(24)
            kinds: list[str | tuple[str, str]] = list(KINDS) if entry.ai_levels else ["Human"]
            w["kind"] = pygame_gui.elements.UIDropDownMenu(kinds, kind,
                                                           pygame.Rect(x + 140, y + 94, 170, 42),
                                                           self.ui)
            if entry.ai_levels:
                levels: list[str | tuple[str, str]] = [lv.capitalize() for lv in entry.ai_levels]
                w["level"] = pygame_gui.elements.UIDropDownMenu(
                    levels,
                    entry.default_level.capitalize(),
                    pygame.Rect(x + 330, y + 94, 170, 42), self.ui)
                if kind == "Human":
                    w["level"].disable()
            self.side_widgets.append(w)
        # variant and options --------------------------------------------------------
        self.opt_widgets: dict[pygame_gui.core.UIElement, str] = {}
        self.opt_labels: list[tuple[str, int, int]] = []
        slots = []
        if len(entry.variants) > 1:
            slots.append(("__variant__", "Variant", [v.title for v in entry.variants],
                          entry.variants[0].title))
        for o in entry.options:
            if len(o.choices) < 2:
                continue  # not a choice (e.g. a value set by a game's own editor)
            slots.append((o.id, o.title, [label for _, label in o.choices], o.label_of(o.default)))
        cols = 2 if len(slots) > 4 else 1
        per_col = (len(slots) + cols - 1) // cols
        row_h = 50 if len(slots) <= 10 else 44
        for k, (oid, title, names, current) in enumerate(slots):
            labels: list[str | tuple[str, str]] = list(names)
            c, r = divmod(k, per_col) if cols > 1 else (0, k)
            x = 90 + c * 560
            y = 330 + r * row_h
            dd = pygame_gui.elements.UIDropDownMenu(labels, current,
                                                    pygame.Rect(x + 250, y, 250, row_h - 8),
                                                    self.ui, expand_on_option_click=True)
            self.opt_widgets[dd] = oid
            self.opt_labels.append((title, x, y + (row_h - 8) // 2))
        # buttons --------------------------------------------------------------------
        self.rules_btn = button(self.ui, (330, 720, 180, 50), "Rules")
        self.back_btn = button(self.ui, (530, 720, 180, 50), "Back")
        self.start_btn = button(self.ui, (730, 720, 220, 50), "Start", object_id="#primary")
        self.error: str | None = None

    # ------------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for w in self.side_widgets:
                if event.ui_element is w["kind"] and "level" in w:
                    if event.text == "Computer":
                        w["level"].enable()
                    else:
                        w["level"].disable()
            oid = self.opt_widgets.get(event.ui_element)
            if oid == "__variant__":
                self.variant = next(v.id for v in self.entry.variants if v.title == event.text)
            elif oid is not None:
                opt = next(o for o in self.entry.options if o.id == oid)
                self.options[oid] = next(v for v, label in opt.choices if label == event.text)
            self.app.sounds.play("click")
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_btn:
                self.start()
            elif event.ui_element is self.back_btn:
                self.back()
            elif event.ui_element is self.rules_btn:
                from game.scenes.rules import RulesScene

                self.app.push(RulesScene(self.app, self.entry))

    def players(self) -> list[PlayerSpec]:
        out = []
        for i, w in enumerate(self.side_widgets):
            name = w["name"].get_text().strip() or self.entry.side_names[i]
            kind = w["kind"].selected_option
            kind = kind[0] if isinstance(kind, tuple) else kind
            if kind == "Computer":
                level = w["level"].selected_option
                level = level[0] if isinstance(level, tuple) else level
                out.append(PlayerSpec("computer", name, str(level).lower()))
            else:
                out.append(PlayerSpec("human", name, ""))
        return out

    def start(self) -> None:
        players = self.players()
        try:
            match = Match(self.entry, self.variant, dict(self.options), players)
        except Exception as exc:  # an option combination the rules refuse
            self.app.toast(f"Cannot start: {exc}", "bad", 5)
            self.app.sounds.play("refuse")
            return
        self.app.settings.player_names = [p.name if p.kind == "human" else "" for p in players]
        self.app.settings.save()
        from game.scenes.match_base import open_match

        self.app.sounds.play("click")
        open_match(self.app, match, replace=True)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        e = self.entry
        theme.blit_text(surface, e.title, (640, 24), 44, theme.ACCENT, True, "midtop")
        theme.blit_text(surface, e.tagline, (640, 84), 18, theme.TEXT_DIM, anchor="midtop")
        for i, w in enumerate(self.side_widgets):
            side, x, y = w["label"]
            box = pygame.Rect(x - 20, y - 10, 540, 160)
            theme.panel(surface, box)
            col = theme.SIDE_COLOURS[i % 2]
            pygame.draw.circle(surface, col, (x + 12, y + 18), 11)
            pygame.draw.circle(surface, theme.TEXT, (x + 12, y + 18), 11, 2)
            first = " · moves first" if i == 0 else ""
            theme.blit_text(surface, side + first, (x + 34, y + 18), 22, theme.TEXT, True,
                            "midleft")
            theme.blit_text(surface, "Name", (x, y + 65), 18, theme.TEXT_DIM, anchor="midleft")
            theme.blit_text(surface, "Player", (x, y + 115), 18, theme.TEXT_DIM, anchor="midleft")
        if self.opt_labels:
            theme.blit_text(surface, "Rules and options", (70, 300), 20, theme.TEXT_DIM, True,
                            "midleft")
        for title, x, y in self.opt_labels:
            theme.blit_text(surface, title, (x, y), 18, theme.TEXT, anchor="midleft")
