"""Replay a finished (or any) match from its start, one move at a time: the position drawn by
the game's own diagram, the move list with the current move marked, step buttons and keys.

Every position comes from the match's own history (`Match.states`), so the replay shows
exactly what was played; nothing is recomputed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.match import Match
from game.engine.protocol import shown_move
from game.i18n import _
from game.registry import player_name
from game.scenes.base import Scene
from game.scenes.results import draw_position
from game.ui import theme
from game.ui.widgets import MoveList, button, fitting_size

if TYPE_CHECKING:
    from game.scenes.base import Host

BOARD = pygame.Rect(16, 16, 880, 700)
SIDE = pygame.Rect(912, 16, 352, 768)
#: Seconds between moves when the replay plays by itself (at normal animation speed).
STEP_SECONDS = 0.8


class ReplayScene(Scene):
    title = "Replay"

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.states = match.states
        self.index = 0  # moves shown played: 0 is the start
        self.playing = False
        self.wait = STEP_SECONDS
        self._shown: tuple[int, pygame.Surface] | None = None
        #: every move as people read it (the move list of the match screen), not the file's
        self.texts = [shown_move(match.rules, self.states[i], mv)
                      for i, mv in enumerate(match.moves)]
        self.movelist = MoveList(pygame.Rect(SIDE.x, SIDE.y + 80, SIDE.width, 430))
        bx, by = SIDE.x, SIDE.y + 530
        w = (SIDE.width - 24) // 4
        self.first_btn = button(self.ui, (bx, by, w, 44), "|<", _("The start (Home)"))
        self.prev_btn = button(self.ui, (bx + w + 8, by, w, 44), "<", _("One move back (Left)"))
        self.next_btn = button(self.ui, (bx + 2 * (w + 8), by, w, 44), ">",
                               _("One move on (Right)"))
        self.last_btn = button(self.ui, (bx + 3 * (w + 8), by, w, 44), ">|", _("The end (End)"))
        self.play_btn = button(self.ui, (bx, by + 56, SIDE.width, 48), _("Play"),
                               _("Play the moves one after another (Space)"), "#primary")
        self.back_btn = button(self.ui, (bx, by + 116, SIDE.width, 44), _("Back"),
                               _("Back (Esc)"))
        self.actions = {self.first_btn: lambda: self.go(0), self.prev_btn: lambda: self.go(self.index - 1),
                        self.next_btn: lambda: self.go(self.index + 1),
                        self.last_btn: lambda: self.go(len(self.states) - 1),
                        self.play_btn: self.toggle_play, self.back_btn: self.back}

    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.states) - 1, index))
        if self.index == len(self.states) - 1:
            self.playing = False
        self._refresh()

    def toggle_play(self) -> None:
        if not self.playing and self.index == len(self.states) - 1:
            self.index = 0  # from the end, Play starts over
        self.playing = not self.playing
        self.wait = STEP_SECONDS
        self._refresh()

    def _refresh(self) -> None:
        self.play_btn.set_text(_("Pause") if self.playing else _("Play"))

    def process_event(self, event: pygame.event.Event) -> None:
        if self.movelist.handle(event) or event.type != pygame.KEYDOWN:
            return
        keys = {pygame.K_LEFT: lambda: self.go(self.index - 1),
                pygame.K_RIGHT: lambda: self.go(self.index + 1),
                pygame.K_HOME: lambda: self.go(0),
                pygame.K_END: lambda: self.go(len(self.states) - 1),
                pygame.K_SPACE: self.toggle_play}
        action = keys.get(event.key)
        if action is not None:
            action()

    def in_motion(self) -> bool:
        return self.playing

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        speed = self.app.settings.animation_speed or 1.0
        self.wait -= dt * speed
        if self.wait <= 0:
            self.wait = STEP_SECONDS
            self.go(self.index + 1)

    def board_image(self) -> pygame.Surface:
        """The current position, drawn once per position (diagrams are not cheap)."""
        if self._shown is None or self._shown[0] != self.index:
            img = pygame.Surface(BOARD.inflate(-40, -80).size)
            img.fill(theme.BG_DEEP)
            draw_position(img, img.get_rect(), self.match, self.states[self.index])
            self._shown = (self.index, img)
        return self._shown[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.panel(surface, BOARD, theme.BG_DEEP, 14)
        img = self.board_image()
        surface.blit(img, img.get_rect(center=(BOARD.centerx, BOARD.centery + 20)))
        n = len(self.states) - 1
        if self.index == 0:
            where = _("Start position")
        else:
            where = _("After move {index} of {total}: {move}").format(
                index=self.index, total=n, move=self.texts[self.index - 1])
        theme.blit_text(surface, theme.fit_text(where, 22, BOARD.width - 40),
                        (BOARD.x + 20, BOARD.y + 14), 22, theme.TEXT, True)
        m = self.match
        heading = _("Replay · {game}").format(game=_(m.entry.title))
        size = fitting_size(heading, SIDE.width - 8, 26, True, 18)  # a long name: smaller
        theme.blit_text(surface, theme.fit_text(heading, size, SIDE.width - 8, True),
                        (SIDE.x + 4, SIDE.y + (26 - size) // 2), size, theme.ACCENT, True)
        names = _(" vs ").join(player_name(m.entry, p.name) for p in m.players)
        theme.blit_text(surface, theme.fit_text(names, 16, SIDE.width - 8),
                        (SIDE.x + 4, SIDE.y + 40), 16, theme.TEXT_DIM)
        # keep the current move in view (the list otherwise follows the last move)
        rows_fit = max(1, (self.movelist.rect.height - 44) // 24)
        n_rows = (len(self.texts) + 1) // 2
        row = max(0, (self.index - 1) // 2)
        first = max(0, min(row - rows_fit // 2, n_rows - rows_fit))
        self.movelist.scroll = max(0, n_rows - rows_fit - first)
        self.movelist.draw(surface, self.texts, self.index)
