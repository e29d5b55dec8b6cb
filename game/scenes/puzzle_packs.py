"""The tactics puzzle packs: a tab per game, its puzzles easiest first with stars and locks,
and the puzzle of the day (chosen by the date, the same for everyone that day) with its streak.

The packs are read through game/engine/puzzles.py: a file that cannot be used is named with
its reason, a puzzle with a problem is left out and said; the rest can be played.
"""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import registry, resources
from game.engine.puzzles import (
    Pack,
    Puzzle,
    PuzzleFileError,
    daily_choice,
    pack_files,
    pack_order,
    progress_key,
    read_pack,
)
from game.i18n import _, ngettext
from game.scenes.base import Scene
from game.scenes.puzzle_base import draw_star
from game.scenes.puzzle_play import open_puzzle
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

COLS = 8
CARD = (140, 96)
GAP = 10
TOP = 170
VIEW = pygame.Rect(0, TOP - 6, 1280, 530)

def _short(goal: str) -> str:
    """The goal in a word or two, for a card."""
    return {"win1": _("Win"), "win2": _("Win in two"), "parry": _("Parry"),
            "eject": _("Eject"), "last": _("Last pawn"), "material": _("Material")}.get(goal, goal)


class PuzzlePacksScene(Scene):
    """A tab per game with a pack, the pack's puzzles as cards, the puzzle of the day."""

    title = "Puzzles"

    def __init__(self, app: Host, daily: bool = False) -> None:
        super().__init__(app)
        self.packs: dict[str, Pack] = {}
        self.errors: list[str] = []
        for path in pack_files(resources.puzzles_dir()):
            try:
                pack = read_pack(path, app.services.games)
            except PuzzleFileError as exc:
                self.errors.append(str(exc))
                log.warning("puzzle pack refused: %s", exc)
                continue
            self.errors += pack.problems
            pack.puzzles = pack_order(pack.puzzles)
            if pack.puzzles:
                self.packs[pack.game] = pack
        order = list(registry.entries())
        self.games = sorted(self.packs, key=lambda g: order.index(g) if g in order else 99)
        self.game = self.games[0] if self.games else None
        self.scroll = 0
        self.hover: int | None = None
        self.daily_wanted = daily
        self.today = datetime.date.today()
        self._build()
        if self.errors:
            app.toast(ngettext("{n} puzzle problem: {reason}", "{n} puzzle problems: {reason}",
                               len(self.errors)).format(n=len(self.errors),
                                                        reason=self.errors[0]), "bad", 8)

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.tabs: dict[Any, str] = {}
        n = max(1, len(self.games))
        width = min(190, (1240 - (n - 1) * 8) // n)
        x0 = (theme.SIZE[0] - (n * width + (n - 1) * 8)) // 2
        for k, game in enumerate(self.games):
            b = button(self.ui, (x0 + k * (width + 8), 104, width, 44),
                       _(registry.get(game).title))
            self.tabs[b] = game
        self.daily_btn = button(self.ui, (390, 730, 260, 48), _("Puzzle of the day"),
                                _("The same puzzle for everyone today"), "#primary")
        self.back_btn = button(self.ui, (670, 730, 200, 48), _("Back"))
        if not self.games:
            self.daily_btn.disable()

    def retranslate(self) -> None:
        super().retranslate()
        self._build()

    def enter(self) -> None:
        if self.daily_wanted:
            self.daily_wanted = False
            self.app.later(self.open_daily)

    # -- the puzzles ----------------------------------------------------------------------
    @property
    def puzzles(self) -> list[Puzzle]:
        return self.packs[self.game].puzzles if self.game is not None else []

    def _unlocked(self, i: int) -> bool:
        ids = [p.id for p in self.puzzles]
        assert self.game is not None
        return self.app.services.progress.unlocked(progress_key(self.game), ids, i)

    def open_index(self, i: int) -> None:
        if not self._unlocked(i):
            self.app.toast(_("Solve the puzzle before it to unlock this one."), "bad", 4)
            self.app.sounds.play("refuse")
            return
        self.app.sounds.play("click")
        self._open(self.puzzles[i], i)

    def _open(self, puzzle: Puzzle, index: int | None, daily: bool = False,
              replace: bool = False) -> None:
        try:
            scene: Any = open_puzzle(self.app, puzzle, daily=daily, push=False)
        except Exception as exc:  # a bad line found late: said, and the pack stays
            self.app.toast(_("This puzzle cannot be played: {reason}").format(reason=exc),
                           "bad", 8)
            log.warning("puzzle %s refused: %s", puzzle.id, exc)
            return
        if index is not None and index + 1 < len(self.puzzles):
            scene.next_puzzle_fn = lambda: self._open(self.puzzles[index + 1], index + 1,
                                                      replace=True)
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def daily_puzzle(self) -> Puzzle | None:
        """The puzzle of today (see engine/puzzles.daily_choice)."""
        found = daily_choice(resources.puzzles_dir(), self.today)
        if found is None:
            return None
        path, pid = found
        pack = next((p for p in self.packs.values() if p.path == path), None)
        return next((p for p in pack.puzzles if p.id == pid), None) if pack else None

    def open_daily(self) -> None:
        puzzle = self.daily_puzzle()
        if puzzle is None:
            self.app.toast(_("Today's puzzle cannot be played (its pack has a problem)."),
                           "bad", 6)
            return
        self._open(puzzle, None, daily=True)

    # -- events ---------------------------------------------------------------------------
    def _rect(self, i: int) -> pygame.Rect:
        total = COLS * CARD[0] + (COLS - 1) * GAP
        x0 = (theme.SIZE[0] - total) // 2
        r, c = divmod(i, COLS)
        return pygame.Rect(x0 + c * (CARD[0] + GAP), TOP + r * (CARD[1] + GAP) - self.scroll,
                           *CARD)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element in self.tabs:
            self.game = self.tabs[event.ui_element]
            self.scroll = 0
            self.app.sounds.play("click")
        elif event.ui_element is self.daily_btn:
            self.open_daily()
        elif event.ui_element is self.back_btn:
            self.back()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i in range(len(self.puzzles))
                               if self._rect(i).collidepoint(event.pos)
                               and VIEW.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.puzzles)):
                if self._rect(i).collidepoint(event.pos) and VIEW.collidepoint(event.pos):
                    self.open_index(i)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 60)
        elif event.type == pygame.KEYDOWN and self.puzzles:
            step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: COLS,
                    pygame.K_UP: -COLS}
            if event.key in step:
                self.hover = max(0, min(len(self.puzzles) - 1,
                                        (self.hover or 0) + step[event.key]))
                r = self._rect(self.hover)
                if r.bottom > VIEW.bottom:
                    self._scroll_by(r.bottom - VIEW.bottom + GAP)
                elif r.top < VIEW.top:
                    self._scroll_by(r.top - VIEW.top - GAP)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_index(self.hover or 0)
            elif event.key == pygame.K_TAB and self.games:
                assert self.game is not None
                self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
                self.scroll, self.hover = 0, None

    def _scroll_by(self, dy: int) -> None:
        rows = (len(self.puzzles) + COLS - 1) // COLS
        most = max(0, rows * (CARD[1] + GAP) - VIEW.height + 10)
        self.scroll = max(0, min(most, self.scroll + dy))

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Tactics puzzles"), (640, 18), 40, theme.ACCENT, True,
                        "midtop")
        prog = self.app.services.progress
        streak = prog.current_streak(self.today)
        line = ngettext("Puzzle of the day: a streak of {n} day",
                        "Puzzle of the day: a streak of {n} days", streak).format(n=streak) \
            if streak else _("Solve the puzzle of the day, day after day, for a streak")
        theme.blit_text(surface, line, (640, 70), 17, theme.TEXT_DIM, anchor="midtop")
        for b, game in self.tabs.items():
            if game == self.game:
                pygame.draw.rect(surface, theme.ACCENT, b.rect.inflate(6, 6), 3, border_radius=8)
        if self.game is None:
            theme.blit_text(surface, _("No puzzle pack could be read."), (640, 400), 24,
                            theme.BAD, anchor="center")
            return
        key = progress_key(self.game)
        solved = sum(prog.record(key, p.id).solved for p in self.puzzles)
        stars = sum(prog.record(key, p.id).stars for p in self.puzzles)
        summary = _("{solved}/{total} solved · {stars}/{most} stars").format(
            solved=solved, total=len(self.puzzles), stars=stars, most=3 * len(self.puzzles))
        theme.blit_text(surface, summary, (640, 700), 15, theme.TEXT_DIM, anchor="midtop")
        clip = surface.get_clip()
        surface.set_clip(VIEW)
        for i, puzzle in enumerate(self.puzzles):
            self._draw_card(surface, i, puzzle, key)
        surface.set_clip(clip)

    def _draw_card(self, surface: pygame.Surface, i: int, puzzle: Puzzle, key: str) -> None:
        r = self._rect(i)
        if r.bottom < VIEW.top or r.top > VIEW.bottom:
            return
        rec = self.app.services.progress.record(key, puzzle.id)
        open_ = self._unlocked(i)
        hot = self.hover == i
        theme.panel(surface, r, theme.PANEL_LIGHT if hot and open_ else theme.PANEL, 10,
                    theme.ACCENT if hot else theme.LINE)
        colour = theme.TEXT if open_ else theme.TEXT_DIM
        theme.blit_text(surface, str(i + 1), (r.x + 10, r.y + 6), 16, theme.TEXT_DIM, True)
        theme.blit_text(surface, theme.fit_text(_short(puzzle.goal), 16, r.width - 16, True),
                        (r.centerx, r.y + 30), 16, colour, True, "midtop")
        d = puzzle.difficulty
        info = ngettext("{n} move", "{n} moves", d.depth).format(n=d.depth)
        theme.blit_text(surface, theme.fit_text(info, 14, r.width - 16), (r.centerx, r.y + 52),
                        14, theme.TEXT_DIM, anchor="midtop")
        if not open_:
            cx, cy = r.right - 20, r.y + 16
            pygame.draw.rect(surface, theme.TEXT_DIM, (cx - 7, cy - 2, 14, 11), border_radius=3)
            pygame.draw.arc(surface, theme.TEXT_DIM, (cx - 5, cy - 10, 10, 14), 0, 3.1416, 2)
        for k in range(3):
            draw_star(surface, (r.centerx - 22 + 22 * k, r.bottom - 14), 8, k < rec.stars)

