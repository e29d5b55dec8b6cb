"""The main menu: a card per registered game (picture, title, kind), Continue, Settings, Quit."""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import registry
from game.engine import storage
from game.resources import asset
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)

CARD_W, CARD_H = 280, 300
GAP = 24


def game_thumbnail(entry: registry.GameEntry, size: tuple[int, int]) -> pygame.Surface:
    """The game's picture: the pre-rendered PNG made by tools/make_assets.py when it is there
    (the menu then imports no game at all, which keeps start-up short), else drawn live by the
    game's scene class."""
    path = asset("thumbnails", f"{entry.id}.png")
    if path.is_file():
        try:
            img = pygame.image.load(str(path)).convert()
            if img.get_size() != size:
                img = pygame.transform.smoothscale(img, size)
            return img
        except pygame.error as exc:
            log.warning("thumbnail %s unreadable (%s): drawing it instead", path, exc)
    return render_thumbnail(entry, size)


def render_thumbnail(entry: registry.GameEntry, size: tuple[int, int]) -> pygame.Surface:
    """The game's picture drawn by its scene class (tools/make_assets.py saves these)."""
    try:
        cls = registry.resolve(entry.scene)
        surf: pygame.Surface = cls.thumbnail(size)
        return surf
    except Exception as exc:  # a broken game must not take the menu down
        log.warning("no thumbnail for %s: %s", entry.id, exc, exc_info=True)
        surf = pygame.Surface(size)
        surf.fill(theme.shade(entry.colour, 0.5))
        theme.blit_text(surf, entry.title[:1], (size[0] / 2, size[1] / 2), 96, theme.TEXT, True,
                        "center")
        return surf


def thumbnail_size(card_height: int) -> tuple[int, int]:
    return (CARD_W - 20, card_height - 100)


def card_height(n_games: int) -> int:
    """Cards share the height between the title and the buttons."""
    cols = min(4, max(1, n_games))
    rows = math.ceil(n_games / cols)
    return min(CARD_H, (theme.SIZE[1] - 140 - 100 - (rows - 1) * GAP) // rows)


class MenuScene(Scene):
    title = "Menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = list(registry.playable().values())
        self.thumbs: dict[str, pygame.Surface] = {}
        self.hover: str | None = None
        self.focus = 0
        self.t = 0.0
        self.cards: dict[str, pygame.Rect] = {}
        cols = min(4, max(1, len(self.entries)))
        total_w = cols * CARD_W + (cols - 1) * GAP
        x0 = (theme.SIZE[0] - total_w) // 2
        y0 = 140
        card_h = card_height(len(self.entries))
        for i, e in enumerate(self.entries):
            r, c = divmod(i, cols)
            self.cards[e.id] = pygame.Rect(x0 + c * (CARD_W + GAP), y0 + r * (card_h + GAP),
                                           CARD_W, card_h)
        #: Cut to fit once here: measuring text for the ellipsis every frame is wasted work.
        self.taglines = {e.id: self._tagline(e.tagline, CARD_W - 30) for e in self.entries}
        for e in self.entries:
            self.thumbs[e.id] = game_thumbnail(e, thumbnail_size(self.cards[e.id].height))
        y = theme.SIZE[1] - 80
        self.continue_btn = button(self.ui, (theme.SIZE[0] // 2 - 370, y, 220, 48), "Continue",
                                   "Resume the last unfinished match", "#primary")
        self.settings_btn = button(self.ui, (theme.SIZE[0] // 2 - 110, y, 220, 48), "Settings")
        self.quit_btn = button(self.ui, (theme.SIZE[0] // 2 + 150, y, 220, 48), "Quit")
        self.autosave: dict[str, object] | None = None

    def enter(self) -> None:
        data, notice = storage.read_json(storage.autosave_path())
        if notice:
            self.app.toast(notice, "bad", 8)
        if data is not None:
            data = self._check_autosave(data)
        self.autosave = data if isinstance(data, dict) else None
        if self.autosave is None:
            self.continue_btn.disable()
            self.continue_btn.set_text("Continue")
        else:
            self.continue_btn.enable()
            game_id = str(self.autosave.get("game", ""))
            try:
                title = registry.get(game_id).title
            except KeyError:
                title = game_id
            self.continue_btn.set_text(f"Continue {title}")

    def _check_autosave(self, data: object) -> object | None:
        """The autosave if its header is right (its moves are replayed by Continue); else it is
        set aside with a notice and Continue stays off."""
        from game.engine.match import header_problem

        problem = header_problem(data, kind="match")
        if problem is None:
            return data
        path = storage.autosave_path()
        try:
            where = f"it was kept as {storage.set_aside(path).name}"
        except OSError as exc:
            where = f"it could not be set aside ({exc.strerror or exc})"
        self.app.toast(f"The saved match cannot be continued ({problem}); {where}.", "bad", 8)
        log.warning("autosave refused: %s", problem)
        return None

    def open_game(self, entry: registry.GameEntry) -> None:
        self.app.sounds.play("click")
        if entry.kind == "puzzle":
            from game.scenes.level_select import LevelSelectScene

            self.app.push(LevelSelectScene(self.app, entry))
        else:
            from game.scenes.setup import SetupScene

            self.app.push(SetupScene(self.app, entry))

    def resume(self) -> None:
        from game.scenes.match_base import resume_autosave

        resume_autosave(self.app)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.continue_btn:
            self.resume()
        elif event.ui_element is self.settings_btn:
            from game.scenes.settings import SettingsScene

            self.app.push(SettingsScene(self.app))
        elif event.ui_element is self.quit_btn:
            self.app.quit()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((gid for gid, r in self.cards.items() if r.collidepoint(event.pos)),
                              None)
            if self.hover is not None:
                self.focus = [e.id for e in self.entries].index(self.hover)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for e in self.entries:
                if self.cards[e.id].collidepoint(event.pos):
                    self.open_game(e)
                    return
        elif event.type == pygame.KEYDOWN and self.entries:
            cols = min(4, len(self.entries))
            moves = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: cols, pygame.K_UP: -cols}
            if event.key in moves:
                self.focus = max(0, min(len(self.entries) - 1, self.focus + moves[event.key]))
                self.hover = self.entries[self.focus].id
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_game(self.entries[self.focus])

    def back(self) -> None:
        self.app.quit()

    @staticmethod
    def _tagline(text: str, width: int) -> list[str]:
        """At most two lines; a cut line ends with an ellipsis."""
        lines = theme.wrap(text, 16, width)
        if len(lines) <= 2:
            return lines
        last = lines[1]
        while last and theme.font(16).size(last + "…")[0] > width:
            last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
        return [lines[0], last + "…"]

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        # a quiet pattern of board squares behind the title
        for i in range(0, theme.SIZE[0], 40):
            for j in range(0, 120, 40):
                if (i // 40 + j // 40) % 2 == 0:
                    pygame.draw.rect(surface, theme.BG_DEEP, (i, j, 40, 40))
        theme.blit_text(surface, "Ludothèque", (theme.SIZE[0] // 2, 22), 56, theme.ACCENT, True,
                        "midtop")
        theme.blit_text(surface, "abstract strategy games and puzzles", (theme.SIZE[0] // 2, 96),
                        20, theme.TEXT_DIM, anchor="midtop")
        if not self.entries:
            theme.blit_text(surface, "No games are installed.", (640, 400), 26, theme.BAD,
                            anchor="center")
        for e in self.entries:
            r = self.cards[e.id]
            hot = self.hover == e.id
            lift = -4 if hot else 0
            rr = r.move(0, lift)
            theme.panel(surface, rr, theme.PANEL_LIGHT if hot else theme.PANEL, 14,
                        theme.ACCENT if hot else theme.LINE)
            thumb = self.thumbs[e.id]
            surface.blit(thumb, (rr.x + 10, rr.y + 10))
            pygame.draw.rect(surface, theme.shade(e.colour, 0.8),
                             (rr.x + 10, rr.y + 10, thumb.get_width(), thumb.get_height()), 1,
                             border_radius=4)
            ty = rr.y + 16 + thumb.get_height()
            theme.blit_text(surface, e.title, (rr.x + 16, ty), 24, theme.TEXT, True)
            kind = "Two players" if e.kind == "match" else "Puzzle"
            badge = theme.text(kind, 15, theme.BG_DEEP, True)
            br = badge.get_rect(topright=(rr.right - 18, rr.y + 16)).inflate(14, 4)
            pygame.draw.rect(surface, e.colour if e.kind == "match" else theme.GOOD, br,
                             border_radius=8)
            surface.blit(badge, badge.get_rect(center=br.center))
            for k, line in enumerate(self.taglines[e.id]):
                theme.blit_text(surface, line, (rr.x + 16, ty + 36 + 20 * k), 16, theme.TEXT_DIM)
        theme.blit_text(surface, "F11 full screen · Esc back · arrows + Enter to choose",
                        (theme.SIZE[0] - 16, theme.SIZE[1] - 14), 14, theme.TEXT_DIM,
                        anchor="bottomright")
