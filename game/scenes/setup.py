"""Match setup: each side human or computer (with a level), names, the variant and the game's options."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import registry
from game.engine.match import Match, PlayerSpec
from game.engine.names import clean_name
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)

KINDS = ("Human", "Computer")
ROWS = 8  # options per column
ROW_H = 44


def _fit(text: str, width: int, size: int = 18) -> str:
    """Cut a label with an ellipsis so it never runs under its dropdown (the hint line below
    the options shows it in full)."""
    if theme.font(size).size(text)[0] <= width:
        return text
    while text and theme.font(size).size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
        self.opt_labels: list[tuple[str, int, int, int]] = []
        slots = []
        if len(entry.variants) > 1:
            slots.append(("__variant__", "Variant", [v.title for v in entry.variants],
                          entry.variants[0].title))
        for o in entry.options:
            if len(o.choices) < 2:
                continue  # not a choice (e.g. a value set by a game's own editor)
            slots.append((o.id, o.title, [label for _, label in o.choices], o.label_of(o.default)))
        # Two columns of up to ROWS options; a game with more gets pages ("More options").
        per_page = 2 * ROWS if len(slots) > 4 else ROWS
        self.pages = max(1, (len(slots) + per_page - 1) // per_page)
        self.page = 0
        self.opt_pages: dict[pygame_gui.core.UIElement, int] = {}
        self.opt_help: list[tuple[pygame.Rect, str]] = []
        helps = {o.id: o.help for o in entry.options}
        for k, (oid, title, names, current) in enumerate(slots):
            labels: list[str | tuple[str, str]] = list(names)
            page, i = divmod(k, per_page)
            c, r = divmod(i, ROWS) if per_page > ROWS else (0, i)
            x = 90 + c * 560
            y = 340 + r * ROW_H
            dd = pygame_gui.elements.UIDropDownMenu(labels, current,
                                                    pygame.Rect(x + 290, y, 220, ROW_H - 8),
                                                    self.ui, expand_on_option_click=True)
            self.opt_widgets[dd] = oid
            self.opt_pages[dd] = page
            self.opt_labels.append((_fit(title, 280), x, y + (ROW_H - 8) // 2, page))
            text = title + (f": {helps[oid]}" if helps.get(oid) else "")
            self.opt_help.append((pygame.Rect(x, y, 510, ROW_H - 8), text))
        self.more_btn = button(self.ui, (950, 306, 220, 30), "More options", None)
        if self.pages == 1:
            self.more_btn.hide()
        self.actions = {self.more_btn: self.next_page}
        self._show_page()
        # buttons --------------------------------------------------------------------
        self.rules_btn = button(self.ui, (330, 720, 180, 50), "Rules")
        self.back_btn = button(self.ui, (530, 720, 180, 50), "Back")
        self.start_btn = button(self.ui, (730, 720, 220, 50), "Start", object_id="#primary")

    # ------------------------------------------------------------------------------
    def next_page(self) -> None:
        self.page = (self.page + 1) % self.pages
        self.app.sounds.play("click")
        self._show_page()

    def _show_page(self) -> None:
        for dd, page in self.opt_pages.items():
            if page == self.page:
                dd.show()
            else:
                dd.hide()
        self.more_btn.set_text(f"More options ({self.page + 1}/{self.pages})")

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
                self.open_rules(self.entry)
            elif event.ui_element is self.more_btn:
                self.next_page()

    def players(self) -> list[PlayerSpec]:
        out = []
        for i, w in enumerate(self.side_widgets):
            name = clean_name(w["name"].get_text()) or self.entry.side_names[i]
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
            log.info("cannot start %s: %s", self.entry.id, exc, exc_info=True)
            self.app.toast(f"Cannot start: {exc}", "bad", 5)
            self.app.sounds.play("refuse")
            return
        self.app.settings.player_names = [p.name if p.kind == "human" else "" for p in players]
        self.app.save_settings()
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
            theme.blit_text(surface, "Rules and options", (70, 321), 20, theme.TEXT_DIM, True,
                            "midleft")
        for title, x, y, page in self.opt_labels:
            if page == self.page:
                theme.blit_text(surface, title, (x, y), 18, theme.TEXT, anchor="midleft")
        mouse = pygame.mouse.get_pos()
        tip = next((t for r, t in self.opt_help if r.collidepoint(mouse)), "")
        if tip:
            theme.blit_text(surface, tip[:150], (640, 706), 15, theme.TEXT_DIM, anchor="midbottom")
