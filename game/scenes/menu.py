"""The main menu: a card per registered game (picture, title, kind), Continue (the unfinished
match of each game), Load a saved match, Settings, Quit. Esc asks before quitting."""

from __future__ import annotations

import datetime
import functools
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine import storage
from game.i18n import _, ngettext
from game.resources import asset
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import Modal, button, fitting_size

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

CARD_W, CARD_H = 280, 300
GAP = 24
#: Taglines: up to three lines under the title, whole (a card never cuts its words).
TAG_SIZE, TAG_STEP = 15, 18
#: Pixels of each picture left out (half at the top, half at the bottom) to make that room.
THUMB_TRIM = 12
#: The smallest tagline before the pictures give up more of their height (MORE_TRIM, pixels, in
#: steps); past the last step the taglines go down to TAG_SMALLEST.
TAG_LEAST, TAG_SMALLEST = 13, 11
MORE_TRIM = (0, 8, 16, 24, 32)
#: The puzzle-of-the-day button, at the right of the title band.
DAILY = (1040, 34, 220, 44)


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


def grid(n_games: int) -> tuple[int, int, int]:
    """Columns, card width and card height: up to eight games in rows of four wide cards; more
    in two rows of narrower cards, so every picture keeps a real height."""
    n = max(1, n_games)
    cols = min(4, n) if n <= 8 else math.ceil(n / 2)
    width = min(CARD_W, (theme.SIZE[0] - 64 - (cols - 1) * GAP) // cols)
    rows = math.ceil(n / cols)
    height = min(CARD_H, (theme.SIZE[1] - 140 - 100 - (rows - 1) * GAP) // rows)
    return cols, width, height


def text_room(card_width: int) -> int:
    """Pixels under the picture for the title and the tagline (a narrow card wraps to four)."""
    return 100 if card_width >= CARD_W else 100 + TAG_STEP


@dataclass(frozen=True)
class CardText:
    """A card's title and tagline laid out under its picture."""

    title: list[str]
    title_size: int
    title_step: int
    tagline: list[str]
    tag_size: int
    #: Between the tops of two tagline lines, and from the title's top to the tagline's.
    tag_step: int
    tag_y: int
    #: Whether it fits the room it was laid out for (else it is the smallest tried).
    fits: bool


def card_text(title: str, tagline: str, width: int, room: int,
              smallest: int = TAG_LEAST) -> CardText:
    """The title a size or more smaller when long, then on two lines; the tagline whole, a size
    smaller (down to `smallest`) until it fits the `room` pixels left under the picture (a longer
    language). Lines stand far enough apart that accents never touch the line above."""
    size = fitting_size(title, width, 22, True, 16)
    lines = [title] if theme.font(size, True).size(title)[0] <= width else \
        theme.wrap(title, size, width, True)[:2]
    step = theme.font(size, True).get_linesize() - 1
    last_title = step * (len(lines) - 1) + theme.ink_rows(lines[-1], size, True)[1]
    tag_size = TAG_SIZE
    while True:
        tag = theme.wrap(tagline, tag_size, width)
        tag_step = theme.line_step(tag, tag_size, tag_size + 3)
        tag_y = max(step * len(lines), last_title - theme.ink_rows(tag[0], tag_size, False)[0])
        fits = tag_y + tag_step * len(tag) <= room
        if fits or tag_size <= smallest:
            return CardText(lines, size, step, tag, tag_size, tag_step, tag_y, fits)
        tag_size -= 1


def card_texts(cards: dict[str, tuple[str, str]], width: int,
               room: int) -> tuple[dict[str, CardText], int]:
    """Every card's text, and the pixels of picture (top and bottom) left out to give it room:
    THUMB_TRIM, or more when a language runs so long that a tagline would need a size smaller
    than TAG_LEAST (every picture loses the same, so the row stays even)."""
    for more in MORE_TRIM:
        texts = {k: card_text(title, tag, width, room + more) for k, (title, tag) in cards.items()}
        if all(t.fits for t in texts.values()):
            return texts, THUMB_TRIM + more
    more = MORE_TRIM[-1]
    return {k: card_text(title, tag, width, room + more, TAG_SMALLEST)
            for k, (title, tag) in cards.items()}, THUMB_TRIM + more


def thumbnail_size(n_games: int) -> tuple[int, int]:
    """The menu picture of each card when `n_games` are shown (tools pre-render at this size)."""
    _cols, width, height = grid(n_games)
    return (width - 20, height - text_room(width))


class MenuScene(Scene):
    title = "Menu"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        games = list(registry.playable().values())
        #: The collection, a card each; bonus games get a button under the cards instead.
        self.entries = [e for e in games if not e.bonus]
        self.bonus = [e for e in games if e.bonus]
        self.thumbs: dict[str, pygame.Surface] = {}
        self.hover: str | None = None
        self.focus = 0
        self.t = 0.0
        self.cards: dict[str, pygame.Rect] = {}
        self.cols, card_w, card_h = grid(len(self.entries))
        total_w = self.cols * card_w + (self.cols - 1) * GAP
        x0 = (theme.SIZE[0] - total_w) // 2
        y0 = 140
        for i, e in enumerate(self.entries):
            r, c = divmod(i, self.cols)
            self.cards[e.id] = pygame.Rect(x0 + c * (card_w + GAP), y0 + r * (card_h + GAP),
                                           card_w, card_h)
        #: Wrapped once here: measuring text every frame is wasted work.
        self.card_w = card_w
        size = thumbnail_size(len(self.entries))
        for e in self.entries:
            self.thumbs[e.id] = game_thumbnail(e, size)
        #: Games with an unfinished match (their titles under the Continue button).
        self.unfinished: list[str] = []
        self.pressed: str | None = None
        self._build()

    def _build(self) -> None:
        """The buttons and the wrapped taglines, in the current language (again when it changes)."""
        #: Wrapped once here: measuring text every frame is wasted work.
        room = text_room(self.card_w) + THUMB_TRIM - 20
        self.texts, self.trim = card_texts({e.id: (_(e.title), _(e.tagline)) for e in self.entries},
                                           self.card_w - 28, room)
        self.ui.clear_and_reset()
        y = theme.SIZE[1] - 86
        count = 5 + len(self.bonus)
        w = min(210, (theme.SIZE[0] - 40 - (count - 1) * 16) // count)
        x0 = theme.SIZE[0] // 2 - (count * w + (count - 1) * 16) // 2
        xs = [x0 + k * (w + 16) for k in range(count)]
        self.continue_btn = button(self.ui, (xs[0], y, w, 48), _("Continue"),
                                   _("Resume an unfinished match (one is kept per game)"),
                                   "#primary")
        self.load_btn = button(self.ui, (xs[1], y, w, 48), _("Load"),
                               _("Load a saved match (Save copy in a match writes one)"))
        self.puzzles_btn = button(self.ui, (xs[2], y, w, 48), _("Puzzles"),
                                  _("Tactics puzzles from real games, and the puzzle of the day"))
        self.settings_btn = button(self.ui, (xs[3], y, w, 48), _("Settings"))
        self.actions: dict[Any, Callable[[], None]] = {
            self.continue_btn: self.resume, self.load_btn: self.load,
            self.puzzles_btn: self.open_puzzles, self.settings_btn: self.open_settings}
        for k, entry in enumerate(self.bonus):
            bonus_btn = button(self.ui, (xs[4 + k], y, w, 48),
                               _("Bonus: {game}").format(game=_(entry.title)), _(entry.tagline))
            self.actions[bonus_btn] = functools.partial(self.open_game, entry)
        self.quit_btn = button(self.ui, (xs[-1], y, w, 48), _("Quit"))
        self.actions[self.quit_btn] = self.app.quit
        self.daily_btn = button(self.ui, DAILY, _("Puzzle of the day"),
                                _("The same puzzle for everyone today; solve one a day for a "
                                  "streak"))
        self.actions[self.daily_btn] = self.open_daily
        if not self.unfinished:
            self.continue_btn.disable()

    def retranslate(self) -> None:
        super().retranslate()
        self._build()

    def enter(self) -> None:
        self.unfinished = []
        for path in storage.autosave_paths():
            data, notice = storage.read_json(path)
            if notice:
                self.app.toast(notice, "bad", 8)
            if data is None or self._check_autosave(data, path) is None:
                continue
            gid = str(data.get("game", "")) if isinstance(data, dict) else ""
            try:
                self.unfinished.append(registry.get(gid).title)
            except KeyError:
                self.unfinished.append("")
        if self.unfinished:
            self.continue_btn.enable()
        else:
            self.continue_btn.disable()

    @property
    def autosave(self) -> list[str] | None:
        """The unfinished matches' games, or None (tests and tools read this)."""
        return self.unfinished or None

    def open_settings(self) -> None:
        self.app.push(self.app.screens.settings())

    def open_puzzles(self) -> None:
        self.app.push(self.app.screens.puzzles())

    def open_daily(self) -> None:
        self.app.push(self.app.screens.puzzles(daily=True))

    def load(self) -> None:
        self.app.push(self.app.screens.load())

    def _check_autosave(self, data: object, path: Path) -> object | None:
        """The autosave if its header is right (its moves are replayed by Continue); else it is
        set aside with a notice and left out of Continue."""
        from game.engine.match import header_problem

        problem = header_problem(data, self.app.services.games)  # a match or a puzzle: Continue resumes both
        if problem is None:
            return data
        try:
            where = _("it was kept as {file}").format(file=storage.set_aside(path).name)
        except OSError as exc:
            where = _("it could not be set aside ({reason})").format(reason=storage.describe(exc))
        self.app.toast(_("The saved match cannot be continued ({problem}); {where}.").format(
            problem=problem, where=where), "bad", 8)
        log.warning("autosave refused: %s", problem)
        return None

    def open_game(self, entry: registry.GameEntry) -> None:
        self.app.sounds.play("click")
        if entry.kind == "puzzle":
            self.app.push(self.app.screens.levels(entry))
        else:
            self.app.push(self.app.screens.setup(entry))

    def resume(self) -> None:
        """One unfinished match: resume it; several: the list to choose from."""
        paths = storage.autosave_paths()
        if len(paths) == 1:
            from game.scenes.match_base import resume_autosave

            resume_autosave(self.app, paths[0])
            if self.app.top is self:  # refused: the list of the rest stays right
                self.enter()
        elif paths:
            self.app.push(self.app.screens.load(autosaves=True))

    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((gid for gid, r in self.cards.items() if r.collidepoint(event.pos)),
                              None)
            if self.hover is not None:
                self.focus = [e.id for e in self.entries].index(self.hover)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = next((gid for gid, r in self.cards.items() if r.collidepoint(event.pos)),
                                None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # a card opens on a whole click: pressed and released on it, both seen here
            pressed, self.pressed = self.pressed, None
            for e in self.entries:
                if e.id == pressed and self.cards[e.id].collidepoint(event.pos):
                    self.open_game(e)
                    return
        elif event.type == pygame.KEYDOWN and self.entries:
            cols = self.cols
            moves = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: cols, pygame.K_UP: -cols}
            if event.key in moves:
                self.focus = max(0, min(len(self.entries) - 1, self.focus + moves[event.key]))
                self.hover = self.entries[self.focus].id
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_game(self.entries[self.focus])

    def back(self) -> None:
        """Esc asks first: quitting by a stray key press is not what a player wants."""
        if self.modal is not None:
            super().back()  # Esc again: the question goes
            return
        self.modal = Modal(self.ui, _("Quit Ludothèque?"),
                           _("Unfinished matches are kept: Continue resumes them next time."),
                           [(_("Quit"), self.app.quit), (_("Stay"), lambda: None)])

    def idle_redraw(self) -> float | None:
        """The menu is still until the player acts."""
        return None

    def update(self, dt: float) -> None:
        self.t += dt
        if self.modal is not None and not self.modal.open:
            self.modal = None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        # a quiet pattern of board squares behind the title
        for i in range(0, theme.SIZE[0], 40):
            for j in range(0, 120, 40):
                if (i // 40 + j // 40) % 2 == 0:
                    pygame.draw.rect(surface, theme.BG_DEEP, (i, j, 40, 40))
        theme.blit_text(surface, "Ludothèque", (theme.SIZE[0] // 2, 22), 56, theme.ACCENT, True,
                        "midtop")
        theme.blit_text(surface, _("abstract strategy games and puzzles"), (theme.SIZE[0] // 2, 96),
                        20, theme.TEXT_DIM, anchor="midtop")
        if not self.entries:
            theme.blit_text(surface, _("No games are installed."), (640, 400), 26, theme.BAD,
                            anchor="center")
        for e in self.entries:
            r = self.cards[e.id]
            hot = self.hover == e.id
            lift = -4 if hot else 0
            rr = r.move(0, lift)
            theme.panel(surface, rr, theme.PANEL_LIGHT if hot else theme.PANEL, 14,
                        theme.ACCENT if hot else theme.LINE)
            thumb = self.thumbs[e.id]
            # the picture's middle: a strip off its top and bottom leaves the tagline room
            shown = pygame.Rect(0, self.trim // 2, thumb.get_width(),
                                thumb.get_height() - self.trim)
            surface.blit(thumb, (rr.x + 10, rr.y + 10), shown)
            pygame.draw.rect(surface, theme.shade(e.colour, 0.8),
                             (rr.x + 10, rr.y + 10, shown.width, shown.height), 1,
                             border_radius=4)
            ty = rr.y + 14 + shown.height
            text = self.texts[e.id]
            for k, line in enumerate(text.title):
                theme.blit_text(surface, line, (rr.x + 16, ty + text.title_step * k),
                                text.title_size, theme.TEXT, True)
            kind = _("Two players") if e.kind == "match" else _("Puzzle")
            badge = theme.text(kind, 15, theme.BG_DEEP, True)
            br = badge.get_rect(topright=(rr.right - 18, rr.y + 16)).inflate(14, 4)
            pygame.draw.rect(surface, e.colour if e.kind == "match" else theme.GOOD, br,
                             border_radius=8)
            surface.blit(badge, badge.get_rect(center=br.center))
            tag_y = ty + text.tag_y
            for k, line in enumerate(text.tagline):
                theme.blit_text(surface, line, (rr.x + 16, tag_y + text.tag_step * k),
                                text.tag_size, theme.TEXT_DIM)
        streak = self.app.services.progress.current_streak(datetime.date.today())
        if streak:
            theme.blit_text(surface, ngettext("streak: {n} day", "streak: {n} days", streak).format(
                n=streak), (self.daily_btn.rect.centerx, self.daily_btn.rect.bottom + 4), 14,
                theme.TEXT_DIM, anchor="midtop")
        if self.unfinished:
            names = ", ".join(_(t) if t else _("a match") for t in self.unfinished)
            theme.blit_text(surface, theme.fit_text(names, 14, 300),
                            (self.continue_btn.rect.centerx, self.continue_btn.rect.bottom + 4),
                            14, theme.TEXT_DIM, anchor="midtop")
        theme.blit_text(surface, _("F11 full screen · Esc quit · arrows + Enter to choose"),
                        (theme.SIZE[0] - 16, theme.SIZE[1] - 8), 14, theme.TEXT_DIM,
                        anchor="bottomright")
