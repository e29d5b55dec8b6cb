"""The review's evaluation graph: the first player's expected score (0–100 %) over the match,
one point a position, and the review's move list with each move's judgement sign.

Both are drawn from plain numbers and strings handed over by the review screen; they judge
nothing. The graph's curve is drawn once per change of the analysis (a cached picture), so a
frame only adds the marker of the position shown: the frame stays cheap while an analysis
streams in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from game.i18n import _
from game.ui import theme

#: A colour per judgement (Okabe–Ito hues, told apart by their signs too, never by colour alone).
JUDGEMENT_COLOURS: Mapping[str, theme.Colour] = {
    "best": (86, 180, 233), "good": (0, 158, 115), "inaccuracy": (240, 228, 66),
    "mistake": (230, 159, 0), "blunder": (213, 94, 0)}


def judgement_colour(judgement: str | None) -> theme.Colour:
    return JUDGEMENT_COLOURS.get(judgement or "", theme.TEXT)


def percent(score: float) -> str:
    """An expected score (0..1) as people read it: "62%" ("62 %" in French)."""
    return _("{n} %").format(n=round(100 * score))


class EvalGraph:
    """The curve of the first player's expected score, clickable: `index_at` turns a click into
    the position (0 = the start, `total` = after the last move)."""

    PAD_X = 14
    PAD_Y = 12

    def __init__(self, rect: pygame.Rect, colours: tuple[theme.Colour, theme.Colour]) -> None:
        self.rect = pygame.Rect(rect)
        self.colours = colours
        self._cache: tuple[object, pygame.Surface] | None = None

    @property
    def plot(self) -> pygame.Rect:
        """Where the curve lives inside the panel."""
        return self.rect.inflate(-2 * self.PAD_X, -2 * self.PAD_Y)

    def x_of(self, index: int, total: int) -> float:
        p = self.plot
        return p.x + p.width * index / max(1, total)

    def y_of(self, score: float) -> float:
        p = self.plot
        return p.bottom - p.height * max(0.0, min(1.0, score))

    def index_at(self, pos: tuple[int, int], total: int) -> int | None:
        """The position under a click, or None outside the graph."""
        if not self.rect.collidepoint(pos):
            return None
        p = self.plot
        t = (pos[0] - p.x) / max(1, p.width)
        return max(0, min(total, round(t * max(1, total))))

    def draw(self, surface: pygame.Surface, scores: Sequence[float], total: int, current: int,
             marks: Sequence[tuple[int, str]] = ()) -> None:
        """`scores`: one per position analysed so far; `marks`: (position, judgement) of the
        moves worth a dot (mistakes and blunders); `current`: the position shown."""
        key = (tuple(scores), total, tuple(marks), self.rect.size, self.colours)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._picture(scores, total, marks))
        surface.blit(self._cache[1], self.rect)
        x = self.x_of(current, total)
        p = self.plot
        pygame.draw.line(surface, theme.ACCENT, (x, p.top - 4), (x, p.bottom + 4), 3)
        if current < len(scores):
            c = (x, self.y_of(scores[current]))
            pygame.draw.circle(surface, theme.BG_DEEP, c, 8)
            pygame.draw.circle(surface, theme.ACCENT, c, 6)

    def _picture(self, scores: Sequence[float], total: int,
                 marks: Sequence[tuple[int, str]]) -> pygame.Surface:
        img = pygame.Surface(self.rect.size)
        img.fill(theme.BG)
        local = self.rect.move(-self.rect.x, -self.rect.y)
        theme.panel(img, local, theme.BG_DEEP, 12)
        p = self.plot.move(-self.rect.x, -self.rect.y)
        first, second = self.colours
        # the second player's share is the plot's ground, the first player's rises from below
        pygame.draw.rect(img, theme.shade(second, 0.35), p)
        ox, oy = -self.rect.x, -self.rect.y
        known = len(scores)
        if known >= 1:
            pts = [(self.x_of(i, total) + ox, self.y_of(s) + oy) for i, s in enumerate(scores)]
            if known == 1:
                pts.append((pts[0][0] + 2, pts[0][1]))
            area = [(pts[0][0], p.bottom), *pts, (pts[-1][0], p.bottom)]
            pygame.draw.polygon(img, theme.shade(first, 0.55), area)
            pygame.draw.lines(img, theme.TEXT, False, pts, 2)
        # what is not analysed yet: a hatched band, its edge dashed
        start = self.x_of(max(0, known - 1), total) + ox if known else p.x
        if known < total + 1 and start < p.right:
            band = pygame.Rect(round(start), p.y, p.right - round(start), p.height)
            pygame.draw.rect(img, theme.PANEL, band)
            for x in range(band.x - band.height, band.right, 12):
                a = (max(band.x, x), band.bottom - max(0, band.x - x))
                b = (min(band.right, x + band.height), band.y + max(0, x + band.height - band.right))
                pygame.draw.line(img, theme.PANEL_LIGHT, a, b, 2)
            theme.blit_text(img, theme.fit_text(_("not analysed yet"), 15, band.width - 8),
                            band.center, 15, theme.TEXT_DIM, anchor="center")
        mid = p.centery
        for x in range(p.x, p.right, 10):  # 50 %: an even game
            pygame.draw.line(img, theme.LINE, (x, mid), (min(x + 5, p.right), mid), 1)
        for index, judgement in marks:
            if index < known:
                c = (self.x_of(index, total) + ox, self.y_of(scores[index]) + oy)
                pygame.draw.circle(img, theme.BG_DEEP, c, 7)
                pygame.draw.circle(img, judgement_colour(judgement), c, 5)
        theme.blit_text(img, percent(1.0), (p.x + 4, p.y + 2), 13, theme.TEXT_DIM)
        theme.blit_text(img, percent(0.0), (p.x + 4, p.bottom - 2), 13, theme.TEXT_DIM,
                        anchor="bottomleft")
        return img


class ReviewMoveList:
    """The moves two a row (a turn), each with its judgement sign in its colour; a click on a
    move returns the position after it. The row of the shown move is kept in view."""

    ROW_H = 26

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.first_row = 0

    @property
    def rows_fit(self) -> int:
        return max(1, (self.rect.height - 16) // self.ROW_H)

    def _cell(self, i: int) -> pygame.Rect:
        row, col = divmod(i, 2)
        w = (self.rect.width - 64) // 2
        return pygame.Rect(self.rect.x + 54 + col * w, self.rect.y + 8 +
                           (row - self.first_row) * self.ROW_H, w - 6, self.ROW_H - 2)

    def follow(self, current: int, count: int) -> None:
        """Scroll so the move shown (position `current`) sits in view."""
        rows = (count + 1) // 2
        row = max(0, current - 1) // 2
        if row < self.first_row or row >= self.first_row + self.rows_fit:
            self.first_row = row - self.rows_fit // 2
        self.first_row = max(0, min(self.first_row, rows - self.rows_fit))

    def scroll(self, rows: int, count: int) -> None:
        self.first_row = max(0, min((count + 1) // 2 - self.rows_fit, self.first_row + rows))

    def index_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The position after the move under `pos` (1..count), or None."""
        if not self.rect.collidepoint(pos):
            return None
        for row in range(self.first_row, self.first_row + self.rows_fit):
            for col in (0, 1):
                i = row * 2 + col
                if i < count and self._cell(i).collidepoint(pos):
                    return i + 1
        return None

    def draw(self, surface: pygame.Surface, moves: Sequence[str],
             judgements: Sequence[str | None], signs: Mapping[str, str], current: int) -> None:
        """`judgements[i]` is None while move i waits for the analysis."""
        theme.panel(surface, self.rect, theme.PANEL, 12)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        for row in range(self.first_row, min((len(moves) + 1) // 2,
                                             self.first_row + self.rows_fit)):
            y = self.rect.y + 8 + (row - self.first_row) * self.ROW_H
            theme.blit_text(surface, f"{row + 1}.", (self.rect.x + 14, y + 3), 16, theme.TEXT_DIM)
            for col in (0, 1):
                i = row * 2 + col
                if i >= len(moves):
                    break
                cell = self._cell(i)
                judgement = judgements[i] if i < len(judgements) else None
                if i == current - 1:  # framed, not filled: the signs keep their colours
                    pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=5)
                    pygame.draw.rect(surface, theme.ACCENT, cell, 2, border_radius=5)
                sign = signs.get(judgement or "", "")
                colour = theme.TEXT if judgement is not None else theme.TEXT_DIM
                width = cell.width - 12 - (theme.font(16, True).size(sign)[0] + 8 if sign else 0)
                r = theme.blit_text(surface, theme.fit_text(moves[i], 16, width),
                                    (cell.x + 6, cell.y + 3), 16, colour)
                if sign:
                    theme.blit_text(surface, sign, (r.right + 7, cell.y + 3), 16,
                                    judgement_colour(judgement), True)
        surface.set_clip(clip)
