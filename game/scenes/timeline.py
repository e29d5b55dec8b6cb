"""The timeline of a real-time match (Akhimoraec): no move is judged, since both sides play
against the sand rather than in turns; instead every tip stands on a time axis with both
sides' sand levels, and a click anywhere on the axis shows the board at that instant.

The points come from the review module (`timeline`); the board at an instant is the position
after the last tip before it, its clock advanced by the rules to that instant.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.match import Match
from game.engine.review import TimelinePoint, timeline
from game.i18n import _
from game.registry import player_name
from game.scenes.base import Scene
from game.scenes.results import draw_position, side_colour
from game.ui import theme
from game.ui.review_panel import draw_heading
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

BOARD = pygame.Rect(16, 16, 736, 556)
AXIS = pygame.Rect(16, 584, 736, 200)
SIDE = pygame.Rect(768, 16, 496, 768)
LIST = pygame.Rect(SIDE.x, 78, SIDE.width, 560)
ROW_H = 26


def clock(seconds: float) -> str:
    """Game time as the match's clock shows it: 83.4 → "1:23"."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


class TimeAxis:
    """Tips as ticks on a time axis, each side's sand as a line; click → an instant."""

    PAD = 16

    def __init__(self, rect: pygame.Rect, colours: tuple[theme.Colour, theme.Colour]) -> None:
        self.rect = pygame.Rect(rect)
        self.colours = colours
        self._cache: tuple[object, pygame.Surface] | None = None

    @property
    def plot(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.PAD, self.rect.y + 30, self.rect.width - 2 *
                           self.PAD, self.rect.height - 58)

    def x_of(self, t: float, span: float) -> float:
        p = self.plot
        return p.x + p.width * t / max(span, 1e-6)

    def time_at(self, pos: tuple[int, int], span: float) -> float | None:
        if not self.rect.collidepoint(pos):
            return None
        p = self.plot
        return max(0.0, min(span, (pos[0] - p.x) / max(1, p.width) * span))

    def draw(self, surface: pygame.Surface, points: Sequence[TimelinePoint], movers: Sequence[int],
             span: float, now: float) -> None:
        key = (len(points), span, self.rect.size)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._picture(points, movers, span))
        surface.blit(self._cache[1], self.rect)
        x = self.x_of(now, span)
        p = self.plot
        pygame.draw.line(surface, theme.ACCENT, (x, p.top - 6), (x, p.bottom + 6), 3)
        label = theme.text(clock(now), 15, theme.ACCENT, True)  # kept inside the panel
        left = max(self.rect.x + 6, min(self.rect.right - 6 - label.get_width(),
                                        round(x - label.get_width() / 2)))
        surface.blit(label, (left, p.bottom + 8))

    def _picture(self, points: Sequence[TimelinePoint], movers: Sequence[int],
                 span: float) -> pygame.Surface:
        img = pygame.Surface(self.rect.size)
        img.fill(theme.BG)
        theme.panel(img, img.get_rect(), theme.BG_DEEP, 12)
        ox, oy = -self.rect.x, -self.rect.y
        p = self.plot.move(ox, oy)
        pygame.draw.rect(img, theme.PANEL, p)
        theme.blit_text(img, _("Sand in play, each side"), (p.x, 8), 15, theme.TEXT_DIM)
        theme.blit_text(img, clock(span), (p.right, 8), 15, theme.TEXT_DIM, anchor="topright")
        top = max([max(pt.sand) for pt in points] + [1e-6])
        for side in (0, 1):
            pts = [(self.x_of(pt.time, span) + ox, p.bottom - p.height * 0.9 * pt.sand[side] / top)
                   for pt in points]
            if len(pts) >= 2:
                pygame.draw.lines(img, self.colours[side], False, pts, 3)
        for pt, mover in zip(points, movers, strict=False):
            x = self.x_of(pt.time, span) + ox
            colour = self.colours[mover % 2]
            pygame.draw.line(img, colour, (x, p.bottom - 10), (x, p.bottom + 4), 3)
        return img


class TimelineScene(Scene):
    title = "Timeline"

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app)
        self.match = match
        try:
            self.points = timeline(match.to_json(), app.services.games)
        except Exception as exc:  # a timeline is a help: the match is still there to replay
            log.warning("no timeline: %s", exc, exc_info=True)
            app.toast(_("The timeline could not be made: {reason}").format(reason=exc), "bad", 6)
            self.points = []
        #: who tipped at each point (the side whose glass moved)
        self.movers = [int(getattr(match.states[pt.ply], "to_move", 0)) for pt in self.points]
        self.span = max([pt.time for pt in self.points] + [getattr(match.state, "time", 0.0),
                                                           1.0])
        self.now = self.span
        self.colours = (side_colour(match, 0), side_colour(match, 1))
        self.axis = TimeAxis(AXIS, self.colours)
        self.first_row = 0
        self._board: tuple[float, pygame.Surface] | None = None
        w = (SIDE.width - 24) // 4
        by = LIST.bottom + 14
        steps = (("|<", _("The start (Home)")), ("<", _("The tip before (Left)")),
                 (">", _("The next tip (Right)")), (">|", _("The end (End)")))
        self.step_btns = [button(self.ui, (SIDE.x + k * (w + 8), by, w, 40), label, tip)
                          for k, (label, tip) in enumerate(steps)]
        self.back_btn = button(self.ui, (SIDE.x, by + 52, SIDE.width, 44), _("Back"),
                               _("Back (Esc)"))
        first, prev, nxt, last = self.step_btns
        self.actions = {first: lambda: self.show(0.0), prev: lambda: self.step(-1),
                        nxt: lambda: self.step(1), last: lambda: self.show(self.span),
                        self.back_btn: self.back}

    # -- where we are ----------------------------------------------------------------------------
    def tip_index(self) -> int:
        """Index of the last tip at or before the instant shown (-1: before the first)."""
        k = -1
        for i, pt in enumerate(self.points):
            if pt.time <= self.now + 1e-9:
                k = i
        return k

    def show(self, t: float) -> None:
        self.now = max(0.0, min(self.span, t))
        k = self.tip_index()
        rows_fit = (LIST.height - 16) // ROW_H
        if k >= 0 and not self.first_row <= k < self.first_row + rows_fit:
            self.first_row = max(0, min(k - rows_fit // 2, len(self.points) - rows_fit))

    def step(self, by: int) -> None:
        k = self.tip_index() + by
        if k < 0:
            self.show(0.0)
        elif k < len(self.points):
            self.show(self.points[k].time)

    def state_at(self) -> Any:
        """The board at the instant shown: the last tip before it played again from the
        position it was played in, then the clock run on to the instant. (A match keeps the
        waiting after a tip inside the next position, so the stored position after a tip is
        already the moment before the next one.)"""
        k = self.tip_index()
        if k < 0:
            return self.match.states[0]
        pt = self.points[k]
        rules = self.match.rules
        try:
            state = rules.play(self.match.states[pt.ply], self.match.moves[pt.ply])
            since = self.now - float(getattr(state, "time", self.now))
            advance = getattr(rules, "advance", None)
            if advance is not None and since > 1e-6:
                state = advance(state, since)
            return state
        except Exception:  # the stored position is still a true picture of the match
            log.warning("replaying the timeline's tip failed", exc_info=True)
            return self.match.states[pt.ply + 1]

    # -- input -----------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            t = self.axis.time_at(event.pos, self.span)
            if t is not None:
                self.show(t)
                return
            row = self._row_at(event.pos)
            if row is not None:
                self.show(self.points[row].time)
        elif event.type == pygame.MOUSEWHEEL and LIST.collidepoint(theme.mouse_pos()):
            rows_fit = (LIST.height - 16) // ROW_H
            self.first_row = max(0, min(len(self.points) - rows_fit, self.first_row - event.y))
        elif event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.step(-1), pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_HOME: lambda: self.show(0.0), pygame.K_END: lambda: self.show(self.span)}
            action = keys.get(event.key)
            if action is not None:
                action()

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not LIST.collidepoint(pos):
            return None
        i = self.first_row + (pos[1] - LIST.y - 8) // ROW_H
        return i if 0 <= i < len(self.points) else None

    # -- drawing ---------------------------------------------------------------------------------
    def board_image(self) -> pygame.Surface:
        if self._board is None or self._board[0] != self.now:
            img = pygame.Surface(BOARD.inflate(-32, -64).size)
            img.fill(theme.BG_DEEP)
            draw_position(img, img.get_rect(), self.match, self.state_at())
            self._board = (self.now, img)
        return self._board[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.panel(surface, BOARD, theme.BG_DEEP, 14)
        img = self.board_image()
        surface.blit(img, img.get_rect(center=(BOARD.centerx, BOARD.centery + 18)))
        k = self.tip_index()
        where = _("At {time}: after {move}").format(time=clock(self.now),
                                                   move=self.points[k].move) if k >= 0 else \
            _("At {time}: the start").format(time=clock(self.now))
        theme.blit_text(surface, theme.fit_text(where, 20, BOARD.width - 32),
                        (BOARD.x + 16, BOARD.y + 12), 20, theme.TEXT, True)
        self.axis.draw(surface, self.points, self.movers, self.span, self.now)
        m = self.match
        draw_heading(surface, SIDE, _("Timeline · {game}").format(game=_(m.entry.title)),
                     [player_name(m.entry, p.name) for p in m.players])
        self._draw_list(surface, k)

    def _draw_list(self, surface: pygame.Surface, current: int) -> None:
        theme.panel(surface, LIST, theme.PANEL, 12)
        if not self.points:
            theme.blit_text(surface, _("No tip was played."), LIST.center, 18, theme.TEXT_DIM,
                            anchor="center")
            return
        rows_fit = (LIST.height - 16) // ROW_H
        for row in range(self.first_row, min(len(self.points), self.first_row + rows_fit)):
            pt = self.points[row]
            y = LIST.y + 8 + (row - self.first_row) * ROW_H
            r = pygame.Rect(LIST.x + 8, y, LIST.width - 16, ROW_H - 2)
            if row == current:
                pygame.draw.rect(surface, theme.ACCENT_DARK, r, border_radius=5)
            pygame.draw.circle(surface, self.colours[self.movers[row] % 2], (r.x + 12, r.centery), 6)
            # the tip as the match's list writes it (its clock time first)
            theme.blit_text(surface, theme.fit_text(pt.move, 16, r.width - 40),
                            (r.x + 28, r.centery), 16, theme.TEXT, anchor="midleft")
