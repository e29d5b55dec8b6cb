"""Level select for a puzzle: a grid of levels with stars and locks, free mode, free play."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import registry
from game.i18n import _, ngettext
from game.scenes.base import Scene
from game.scenes.puzzle_base import LevelInfo, draw_star, format_time, list_levels, progress
from game.ui import theme
from game.ui.widgets import button, fitting_size

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

COLS = 6
CARD = (190, 150)
GAP = 14
TOP = 120
#: The scrolling area of the cards: a card half out of it shows its frame, not half a title.
VIEW = pygame.Rect(0, TOP - 10, 1280, 605)


class LevelSelectScene(Scene):
    title = "Levels"

    def __init__(self, app: Host, entry: registry.GameEntry) -> None:
        super().__init__(app)
        self.entry = entry
        self.levels = list_levels(entry)
        self.cls: Any = registry.resolve(entry.scene)
        self.free_mode = False
        self.hover: int | None = None
        self.focus = 0
        self.scroll = 0
        self.thumbs: dict[str, pygame.Surface | None] = {}
        self._dim_cache: dict[str, pygame.Surface] = {}
        for lv in self.levels:
            if lv.error is None:
                try:
                    self.thumbs[lv.id] = self.cls.level_thumbnail(lv, (CARD[0] - 20, 70))
                except Exception as exc:  # a thumbnail is decoration only
                    log.warning("thumbnail of %s: %s", lv.path.name, exc, exc_info=True)
                    self.thumbs[lv.id] = None
        # cards after the levels that open a mode of their own (Ostomachion: "The 536"); each
        # has title, subtitle(), thumbnail(size) and open() (GameEntry.level_cards)
        self.extras: list[Any] = [] if entry.level_cards is None else \
            list(registry.resolve(entry.level_cards)(app, entry))
        bad = [lv for lv in self.levels if lv.error]
        if bad:
            app.toast(ngettext("{n} level file could not be read: {reason}",
                               "{n} level files could not be read: {reason}",
                               len(bad)).format(n=len(bad), reason=bad[0].error), "bad", 8)
        self.free_btn = button(self.ui, (250, 730, 240, 48), _("Free mode: off"),
                               _("Play any level, untimed, without stars"))
        self.play_btn = button(self.ui, (520, 730, 240, 48), _("Free play"),
                               _("Set up your own puzzle"), object_id="#primary")
        self.rules_btn = button(self.ui, (790, 730, 120, 48), _("Rules"))
        self.back_btn = button(self.ui, (930, 730, 120, 48), _("Back"))

    def _dimmed(self, level_id: str, thumb: pygame.Surface) -> pygame.Surface:
        """The faded thumbnail of a locked level, made once."""
        img = self._dim_cache.get(level_id)
        if img is None:
            img = thumb.copy()
            img.set_alpha(70)
            self._dim_cache[level_id] = img
        return img

    def _rect(self, i: int) -> pygame.Rect:
        cols = COLS
        total = cols * CARD[0] + (cols - 1) * GAP
        x0 = (theme.SIZE[0] - total) // 2
        r, c = divmod(i, cols)
        return pygame.Rect(x0 + c * (CARD[0] + GAP), TOP + r * (CARD[1] + GAP) - self.scroll,
                           *CARD)

    def _open(self, i: int) -> None:
        if i >= len(self.levels):
            self.app.sounds.play("click")
            self.extras[i - len(self.levels)].open()
            return
        lv = self.levels[i]
        if lv.error is not None:
            self.app.toast(lv.error, "bad", 8)
            self.app.sounds.play("refuse")
            return
        if not self.free_mode and not self._unlocked(i):
            self.app.toast(_("Solve the level before it to unlock this one (or use free mode)."),
                           "bad", 4)
            self.app.sounds.play("refuse")
            return
        self.app.sounds.play("click")
        self.app.push(self.cls(self.app, self.entry, lv, free=self.free_mode))

    def _unlocked(self, i: int) -> bool:
        ids = [lv.id for lv in self.levels]
        return progress(self.app).unlocked(self.entry.id, ids, i)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.free_btn:
            self.free_mode = not self.free_mode
            self.free_btn.set_text(_("Free mode: on") if self.free_mode else _("Free mode: off"))
            self.app.sounds.play("click")
        elif event.ui_element is self.play_btn:
            self.app.sounds.play("click")
            self.app.push(self.cls(self.app, self.entry, None, free=True))
        elif event.ui_element is self.rules_btn:
            self.app.push(self.app.screens.rules(self.entry))
        elif event.ui_element is self.back_btn:
            self.back()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i in range(self._cards())
                               if self._rect(i).collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self._cards()):
                if self._rect(i).collidepoint(event.pos) and event.pos[1] < 715:
                    self._open(i)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            rows = (self._cards() + COLS - 1) // COLS
            max_scroll = max(0, TOP + rows * (CARD[1] + GAP) - 700)
            self.scroll = max(0, min(max_scroll, self.scroll - event.y * 50))
        elif event.type == pygame.KEYDOWN and self._cards():
            step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: COLS, pygame.K_UP: -COLS}
            if event.key in step:
                self.focus = max(0, min(self._cards() - 1, self.focus + step[event.key]))
                self.hover = self.focus
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._open(self.focus)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("{game} — levels").format(game=_(self.entry.title)), (640, 24),
                        40, theme.ACCENT, True, "midtop")
        prog = progress(self.app)
        solved = sum(prog.record(self.entry.id, lv.id).solved for lv in self.levels)
        stars = sum(prog.record(self.entry.id, lv.id).stars for lv in self.levels)
        summary = ngettext("{solved}/{levels} solved · {stars}/{most} stars",
                           "{solved}/{levels} solved · {stars}/{most} stars", solved).format(
            solved=solved, levels=len(self.levels), stars=stars, most=3 * len(self.levels))
        theme.blit_text(surface, summary, (640, 76), 18, theme.TEXT_DIM, anchor="midtop")
        clip = surface.get_clip()
        surface.set_clip(VIEW)
        for i, lv in enumerate(self.levels):
            self._draw_card(surface, i, lv)
        for k, card in enumerate(self.extras):
            self._draw_extra(surface, len(self.levels) + k, card)
        surface.set_clip(clip)

    def _cards(self) -> int:
        return len(self.levels) + len(self.extras)

    def _draw_extra(self, surface: pygame.Surface, i: int, card: Any) -> None:
        """A card opening a mode of its own: picture, title and progress, no stars."""
        r = self._rect(i)
        if r.bottom < TOP - 10 or r.top > 720:
            return
        hot = self.hover == i
        theme.panel(surface, r, theme.PANEL_LIGHT if hot else theme.PANEL, 12,
                    theme.ACCENT if hot else theme.LINE)
        key = f"extra:{card.title}:{card.subtitle()}"  # a new picture when progress changes
        if key not in self.thumbs:
            try:
                self.thumbs[key] = card.thumbnail((CARD[0] - 20, 64))
            except Exception as exc:  # a thumbnail is decoration only
                log.warning("thumbnail of %s: %s", card.title, exc)
                self.thumbs[key] = None
        thumb = self.thumbs[key]
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(midtop=(r.centerx, r.y + 12)))
        _draw_title(surface, _(card.title), r, theme.TEXT)
        theme.blit_text(surface, card.subtitle(), (r.centerx, r.bottom - 32), 15,
                        theme.ACCENT, anchor="midtop")

    def _draw_card(self, surface: pygame.Surface, i: int, lv: LevelInfo) -> None:
        r = self._rect(i)
        if r.bottom < TOP - 10 or r.top > 720:
            return
        rec = progress(self.app).record(self.entry.id, lv.id)
        open_ = lv.error is None and (self.free_mode or self._unlocked(i))
        hot = self.hover == i
        theme.panel(surface, r, theme.PANEL_LIGHT if hot and open_ else theme.PANEL, 12,
                    theme.BAD if lv.error else theme.ACCENT if hot else theme.LINE)
        theme.blit_text(surface, str(i + 1), (r.x + 12, r.y + 8), 18, theme.TEXT_DIM, True)
        _draw_title(surface, _(lv.title) if lv.title else "", r,
                    theme.TEXT if open_ else theme.TEXT_DIM)
        thumb = self.thumbs.get(lv.id)
        if lv.error:
            theme.blit_text(surface, _("cannot be read"), (r.centerx, r.y + 40), 15, theme.BAD,
                            anchor="midtop")
        elif thumb is not None:
            img = thumb if open_ else self._dimmed(lv.id, thumb)
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + 10)))
        if lv.error is None and not open_:
            # a padlock: shape as well as dimming, so "locked" never relies on colour
            cx, cy = r.centerx, r.y + 45
            pygame.draw.rect(surface, theme.TEXT_DIM, (cx - 12, cy - 4, 24, 20), border_radius=4)
            pygame.draw.arc(surface, theme.TEXT_DIM, (cx - 9, cy - 18, 18, 24), 0, 3.1416, 3)
        for k in range(3):
            draw_star(surface, (r.centerx - 28 + 28 * k, r.bottom - 22), 10, k < rec.stars)
        if rec.best_time is not None:
            theme.blit_text(surface, format_time(rec.best_time), (r.right - 10, r.y + 10), 14,
                            theme.TEXT_DIM, anchor="topright")


def _draw_title(surface: pygame.Surface, title: str, r: pygame.Rect,
                colour: theme.Colour) -> None:
    """A card's title under its picture: a size or more smaller when long, then on two lines
    (a longer language), never cut; left out while the card is half out of the view."""
    room = r.width - 16
    size = fitting_size(title, room, 16, True, 13)
    lines = [title] if theme.font(size, True).size(title)[0] <= room else \
        theme.wrap(title, 13, room, True)[:2]
    pitch = theme.font(size, True).get_linesize() - 1
    top = r.y + (84 if len(lines) == 1 else 79)
    if top < VIEW.top or top + pitch * len(lines) > VIEW.bottom:
        return
    for k, line in enumerate(lines):
        theme.blit_text(surface, theme.fit_text(line, size, room, True), (r.centerx, top + pitch * k),
                        size, colour, True, "midtop")
