"""Choose a match to resume: the unfinished matches (Continue, one per game) or the saved copies
(Load a saved match). Each row says the game, the date, the players and the move count.

Every file is read and replayed through the rules when the list is built, so a damaged or
tampered file never opens half-way: it is named in a notice, set aside as `.bad`, and the
other matches are still listed.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import storage
from game.engine.match import Match, SaveError
from game.i18n import N_, _, ngettext
from game.registry import player_name
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import Modal, button

if TYPE_CHECKING:
    from game.engine.entries import GameLookup
    from game.scenes.base import Host

log = logging.getLogger(__name__)

LIST = pygame.Rect(140, 150, 1000, 530)
ROW_H = 64


@dataclass
class SavedMatch:
    """One resumable match as the list shows it."""

    path: Path
    match: Match
    saved: float  # the file's time (seconds since the epoch)

    @property
    def when(self) -> str:
        return format_date(time.localtime(self.saved))

    @property
    def players(self) -> str:
        if self.match.entry.kind == "puzzle":  # one player: the level says more
            from game.scenes.puzzle_base import level_name

            return level_name(self.match)
        entry = self.match.entry
        names = [player_name(entry, p.name) for p in self.match.players]
        return _(" vs ").join(_("{name} (computer)").format(name=name)
                              if p.kind == "computer" else name
                              for p, name in zip(self.match.players, names, strict=True))

    @property
    def moves(self) -> str:
        n = self.match.turns  # a move is one player's turn, as the results count
        played = ngettext("{n} move", "{n} moves", n).format(n=n)
        if self.match.outcome is not None:
            return _("{moves} · finished").format(moves=played)
        return played


def _same_match(match: Match, slot: Path) -> bool:
    """Whether the autosave `slot` already holds this very match (same game, rules, start,
    players and moves): loading it replaces nothing, so there is nothing to ask."""
    try:
        held = json.loads(slot.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    mine = match.to_json()
    return isinstance(held, dict) and all(
        held.get(k) == mine.get(k) for k in ("game", "variant", "options", "players", "start",
                                             "moves"))


#: Month names written out by us, not by the C library's locale (which the app never sets).
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def format_date(t: time.struct_time) -> str:
    """A save's date and time as the player's language writes it ("3 Mar 2026 14:05")."""
    return _("{day} {month} {year} {hour:02d}:{minute:02d}").format(
        day=t.tm_mday, month=_(MONTHS[t.tm_mon - 1]), year=t.tm_year, hour=t.tm_hour,
        minute=t.tm_min)


def read_matches(paths: list[Path], games: GameLookup) -> tuple[list[SavedMatch], list[str]]:
    """Load every file; a bad one is set aside and described (file name and reason)."""
    found: list[SavedMatch] = []
    problems: list[str] = []
    for path in paths:
        try:
            match = Match.load(path, games)
            found.append(SavedMatch(path, match, path.stat().st_mtime))
        except (SaveError, OSError) as exc:
            log.warning("saved match refused: %s", exc)
            # the sentence names the file once: the reason alone goes in the brackets
            reason = exc.detail if isinstance(exc, SaveError) else storage.describe(exc)
            try:
                kept = storage.set_aside(path).name
            except OSError:
                kept = None
            if kept:
                problems.append(_("{file} could not be loaded ({reason}); it was kept as "
                                  "{kept}.").format(file=path.name, reason=reason, kept=kept))
            else:
                problems.append(_("{file} could not be loaded ({reason}).").format(
                    file=path.name, reason=reason))
    return found, problems


class LoadScene(Scene):
    """The list of resumable matches; a click (or arrows and Enter) opens one."""

    title = "Load"

    def __init__(self, app: Host, autosaves: bool = False) -> None:
        super().__init__(app)
        self.autosaves = autosaves
        paths = storage.autosave_paths() if autosaves else storage.saved_match_paths()
        self.items, problems = read_matches(paths, app.services.games)
        self.items.sort(key=lambda it: it.saved, reverse=True)
        for p in problems:
            app.toast(p, "bad", 8)
        self.focus = 0
        self.top_row = 0
        self.pressed: int | None = None
        self.back_btn = button(self.ui, (530, 712, 220, 48), _("Back"), _("Back to the menu (Esc)"))
        self.actions = {self.back_btn: self.back}
        self.rows_fit = LIST.height // ROW_H
        #: games with a review, asked once per game (building rules to ask is not free)
        self._reviewable: dict[str, bool] = {}

    @property
    def heading(self) -> str:
        return _("Continue a match") if self.autosaves else _("Load a saved match")

    def open(self, index: int) -> None:
        """Open a match; a saved copy whose game has an unfinished match asks first, since
        playing it takes that game's autosave slot."""
        if not 0 <= index < len(self.items):
            return
        item = self.items[index]
        slot = storage.autosave_path(item.match.entry.id)
        if not self.autosaves and slot.is_file() and self.modal is None and \
                not _same_match(item.match, slot):
            title = _(item.match.entry.title)
            self.modal = Modal(self.ui, _("Replace the unfinished {game} match?").format(
                game=title), _("This saved match takes its place (Continue keeps one match "
                               "per game)."), [(_("Load it"), lambda: self._open(item)),
                                              (_("Cancel"), lambda: None)])
            return
        self._open(item)

    def _open(self, item: SavedMatch) -> None:
        from game.scenes.match_base import open_match

        self.app.sounds.play("click")
        match = item.match
        if item.path == storage.autosave_path():  # the single slot of earlier versions: move it
            try:
                match.save(storage.autosave_path(match.entry.id))
                item.path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("old autosave not moved: %s", exc)
        open_match(self.app, match, replace=True, resumed=True)

    def can_review(self, index: int) -> bool:
        if not 0 <= index < len(self.items):
            return False
        match = self.items[index].match
        if match.entry.id not in self._reviewable:
            self._reviewable[match.entry.id] = self.app.screens.can_review(match)
        return self._reviewable[match.entry.id] and bool(match.moves)

    def review(self, index: int) -> None:
        """Open the review of a listed match (its file keeps the finished review beside it)."""
        if self.can_review(index):
            self.app.sounds.play("click")
            item = self.items[index]
            self.app.push(self.app.screens.review(item.match, item.path))

    def _review_rect(self, k: int) -> pygame.Rect:
        """The row's Review button (row `k` of those shown)."""
        r = pygame.Rect(LIST.x, LIST.y + k * ROW_H, LIST.width, ROW_H - 6)
        return pygame.Rect(r.x + 620, r.y + 12, 150, r.height - 24)

    def _review_at(self, pos: tuple[int, int]) -> int | None:
        row = self._row_at(pos)
        if row is None or not self.can_review(row):
            return None
        return row if self._review_rect(row - self.top_row).collidepoint(pos) else None

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not LIST.collidepoint(pos):
            return None
        i = self.top_row + (pos[1] - LIST.y) // ROW_H
        return i if i < len(self.items) else None

    def update(self, dt: float) -> None:
        if self.modal is not None and not self.modal.open:
            self.modal = None

    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if event.type == pygame.MOUSEMOTION:
            row = self._row_at(event.pos)
            if row is not None:
                self.focus = row
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None and row == self.pressed:
                if self._review_at(event.pos) is not None:
                    self.review(row)
                else:
                    self.open(row)
            self.pressed = None
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
        elif event.type == pygame.KEYDOWN and self.items:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus = max(0, min(len(self.items) - 1, self.focus + step))
                if self.focus < self.top_row:
                    self.top_row = self.focus
                elif self.focus >= self.top_row + self.rows_fit:
                    self.top_row = self.focus - self.rows_fit + 1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open(self.focus)
            elif event.key == pygame.K_r:
                self.review(self.focus)

    def _scroll(self, rows: int) -> None:
        self.top_row = max(0, min(max(0, len(self.items) - self.rows_fit), self.top_row + rows))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, self.heading, (640, 40), 44, theme.ACCENT, True, "midtop")
        where = _("one unfinished match per game") if self.autosaves else \
            _("files in {folder}").format(folder=storage.saves_dir())
        theme.blit_text(surface, theme.fit_text(where, 16, 1000), (640, 104), 16,
                        theme.TEXT_DIM, anchor="midtop")
        theme.panel(surface, LIST.inflate(16, 16), theme.BG_DEEP, 14)
        if not self.items:
            msg = _("No unfinished match.") if self.autosaves else \
                _("No saved match yet: \"Save copy\" in a match writes one.")
            theme.blit_text(surface, msg, LIST.center, 22, theme.TEXT_DIM, anchor="center")
        for k in range(self.rows_fit):
            i = self.top_row + k
            if i >= len(self.items):
                break
            item = self.items[i]
            r = pygame.Rect(LIST.x, LIST.y + k * ROW_H, LIST.width, ROW_H - 6)
            hot = i == self.focus
            theme.panel(surface, r, theme.PANEL_LIGHT if hot else theme.PANEL, 10,
                        theme.ACCENT if hot else theme.LINE)
            pygame.draw.rect(surface, item.match.entry.colour, (r.x + 10, r.y + 10, 8, r.h - 20),
                             border_radius=4)
            theme.blit_text(surface, _(item.match.entry.title), (r.x + 32, r.y + 7), 22,
                            theme.TEXT, True)
            theme.blit_text(surface, theme.fit_text(item.players, 17, 560), (r.x + 32, r.y + 34),
                            17, theme.TEXT_DIM)
            if self.can_review(i):
                b = self._review_rect(k)
                over = b.collidepoint(theme.mouse_pos())
                theme.panel(surface, b, theme.ACCENT_DARK if over else theme.PANEL_LIGHT,
                            b.height // 2, theme.ACCENT if hot else theme.LINE)
                theme.blit_text(surface, theme.fit_text(_("Review (R)") if hot else _("Review"),
                                                        17, b.width - 16),
                                b.center, 17, theme.TEXT, True, "center")
            theme.blit_text(surface, item.moves, (r.right - 20, r.y + 7), 19, theme.TEXT,
                            anchor="topright")
            theme.blit_text(surface, item.when, (r.right - 20, r.y + 34), 17, theme.TEXT_DIM,
                            anchor="topright")
        if len(self.items) > self.rows_fit:
            shown = f"{self.top_row + 1}–{min(len(self.items), self.top_row + self.rows_fit)}"
            theme.blit_text(surface, _("{shown} of {total} · wheel or arrows to scroll").format(
                shown=shown, total=len(self.items)),
                            (LIST.right, LIST.bottom + 12), 15, theme.TEXT_DIM,
                            anchor="topright")
