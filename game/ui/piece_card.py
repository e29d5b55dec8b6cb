"""The piece card: hover a man (or right-click it) to see its name, its move drawn on a small
board, and what it promotes to. Also the tiny move mnemonic a learner may show on every man.

Both pictures are drawn from the game's `MoveDiagram`, which the game computes with its own
move generator on an empty board — the card can never disagree with the rules. Cards and
mnemonics are static, so each is painted once and cached.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.i18n import N_, _
from game.ui import theme
from game.ui.piece_game import (
    BOTH,
    CAPTURE,
    HOP,
    MOVE,
    MOVEHOP,
    SCREEN,
    CardInfo,
    MoveDiagram,
    PieceView,
)

CARD_W = 300
LIGHT = (226, 206, 170)
DARK = (168, 128, 92)
MARK_COLOURS = {MOVE: theme.GOOD, BOTH: theme.GOOD, CAPTURE: theme.BAD, HOP: theme.BAD,
                MOVEHOP: theme.GOOD}
LEGEND = ((BOTH, N_("moves or captures")), (MOVE, N_("moves only")),
          (CAPTURE, N_("captures only")), (HOP, N_("captures over a screen")),
          (MOVEHOP, N_("moves, or captures over a screen")))


SpriteFn = Callable[[PieceView, int], pygame.Surface]


def draw_mark(surface: pygame.Surface, kind: str, centre: tuple[float, float], cell: float) -> None:
    """One diagram mark; shape tells the kind as much as colour does."""
    colour = MARK_COLOURS.get(kind, theme.GOOD)
    r = max(2.0, cell * 0.3)
    if kind == BOTH:
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, theme.BG_DEEP, centre, r, 1)
    elif kind == MOVE:
        pygame.draw.circle(surface, colour, centre, r, max(1, round(cell * 0.12)))
    elif kind == CAPTURE:
        k = r * 0.9
        w = max(2, round(cell * 0.14))
        x, y = centre
        pygame.draw.line(surface, colour, (x - k, y - k), (x + k, y + k), w)
        pygame.draw.line(surface, colour, (x - k, y + k), (x + k, y - k), w)
    elif kind in (HOP, MOVEHOP):
        x, y = centre
        if kind == MOVEHOP:
            pygame.draw.circle(surface, theme.GOOD, centre, r * 1.15, max(2, round(cell * 0.12)))
            r *= 0.7
            colour = theme.BAD
        pts = [(x, y - r * 1.1), (x + r * 1.1, y), (x, y + r * 1.1), (x - r * 1.1, y)]
        pygame.draw.polygon(surface, colour, pts)
    elif kind == SCREEN:
        pygame.draw.circle(surface, (90, 90, 96), centre, r * 1.2)
        pygame.draw.circle(surface, (30, 30, 34), centre, r * 1.2, 1)


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, diagram: MoveDiagram,
                 piece: PieceView, sprite: SpriteFn, down: bool | None = None) -> None:
    """The man at the centre of a (2·radius+1)² board, its moves marked; its forward is up,
    or down when `down` (by default: the second player's men, as the board shows them)."""
    n = 2 * diagram.radius + 1
    cell = max(3, min(rect.width, rect.height) // n)
    x0 = rect.x + (rect.width - cell * n) // 2
    y0 = rect.y + (rect.height - cell * n) // 2
    for j in range(n):
        for i in range(n):
            surface.fill(LIGHT if (i + j) % 2 else DARK, (x0 + i * cell, y0 + j * cell, cell, cell))
    pygame.draw.rect(surface, theme.BG_DEEP, (x0 - 1, y0 - 1, cell * n + 2, cell * n + 2), 1)
    if down is None:
        down = piece.side == 1
    sign = -1 if down else 1  # dy is forward for the owner
    for (dx, dy), kind in diagram.marks.items():
        i, j = diagram.radius + dx * sign, diagram.radius - dy * sign
        if 0 <= i < n and 0 <= j < n:
            draw_mark(surface, kind, (x0 + (i + 0.5) * cell, y0 + (j + 0.5) * cell), cell)
    img = sprite(piece, max(8, round(cell * 0.96)))
    centre = (x0 + (diagram.radius + 0.5) * cell, y0 + (diagram.radius + 0.5) * cell)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def render_card(info: CardInfo, piece: PieceView, sprite: SpriteFn,
                down: bool | None = None) -> pygame.Surface:
    """The whole card as one image (cached by the caller per man). The diagram is drawn the
    way the man moves on the board: forward up for the player at the bottom, down for the
    other (`down`, by default the second player), and an arrow beside it says so."""
    if down is None:
        down = piece.side == 1
    pad = 14
    inner = CARD_W - 2 * pad
    moves = theme.wrap(info.moves, 15, inner)
    promo = theme.wrap(info.promotion, 15, inner - (34 * len(info.promotes_to) + 4
                                                    if info.promotes_to else 0)) if info.promotion else []
    n = 2 * info.diagram.radius + 1
    board = min(inner, max(150, n * 26))
    legend_kinds = {k for k in info.diagram.marks.values() if k != SCREEN}
    legend = [(k, _(t)) for k, t in LEGEND if k in legend_kinds]
    h = pad + 52 + 8 + board + 8 + 20 * len(legend) + 6 + 20 * len(moves) + pad
    if promo:
        h += 8 + max(20 * len(promo), 34 if info.promotes_to else 0)
    img = pygame.Surface((CARD_W, h), pygame.SRCALPHA)
    theme.panel(img, img.get_rect(), theme.PANEL_LIGHT, 12, theme.ACCENT)
    big = sprite(piece, 48)
    img.blit(big, (pad, pad))
    theme.blit_text(img, info.name, (pad + 58, pad + 4), 22, theme.ACCENT, True)
    if info.value:
        theme.blit_text(img, info.value, (pad + 58, pad + 32), 14, theme.TEXT_DIM)
    y = pad + 60
    box = pygame.Rect(pad + (inner - board) // 2, y, board, board)
    draw_diagram(img, box, info.diagram, piece, sprite, down)
    _forward_arrow(img, box, down)
    y += board + 8
    for i, (kind, text) in enumerate(legend):
        yy = y + i * 20
        draw_mark(img, kind, (pad + 8, yy + 9), 18)
        theme.blit_text(img, text, (pad + 22, yy), 14, theme.TEXT_DIM)
    y += 20 * len(legend) + 6
    for line in moves:
        theme.blit_text(img, line, (pad, y), 15, theme.TEXT)
        y += 20
    if promo:
        y += 8
        x = pad
        for kind in info.promotes_to:
            spr = sprite(PieceView(kind, piece.side), 32)
            img.blit(spr, (x, y))
            x += 34
        for i, line in enumerate(promo):
            theme.blit_text(img, line, (x + 4, y + 20 * i), 15, theme.TEXT_DIM)
    return img


def _forward_arrow(img: pygame.Surface, box: pygame.Rect, down: bool) -> None:
    """An arrow left of the diagram pointing the man's forward, with the word."""
    x = box.left - 7
    top, bottom = box.top + 6, box.top + 40
    tip, tail = (bottom, top) if down else (top, bottom)
    step = 5 if down else -5
    pygame.draw.line(img, theme.ACCENT, (x, tail), (x, tip), 2)
    pygame.draw.polygon(img, theme.ACCENT, [(x, tip + step), (x - 5, tip - step), (x + 5, tip - step)])
    word = theme.text(_("forward"), 11, theme.ACCENT)
    word = pygame.transform.rotate(word, 90)
    img.blit(word, word.get_rect(midtop=(x, bottom + 4)))


class PieceCards:
    """Cards by man, painted once; `place` keeps a card on screen beside the square it explains."""

    def __init__(self, info: Callable[[PieceView], CardInfo], sprite: SpriteFn) -> None:
        self.info = info
        self.sprite = sprite
        self._cache: dict[tuple[PieceView, bool], pygame.Surface] = {}

    def image(self, piece: PieceView, down: bool | None = None) -> pygame.Surface:
        """The card of `piece`, its diagram's forward down when `down` (see render_card)."""
        key = (piece, piece.side == 1 if down is None else down)
        img = self._cache.get(key)
        if img is None:
            img = render_card(self.info(piece), piece, self.sprite, key[1])
            self._cache[key] = img
        return img

    @staticmethod
    def place(size: tuple[int, int], near: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
        """Right of the square if it fits, else left; vertically clamped inside `bounds`."""
        r = pygame.Rect((0, 0), size)
        r.midleft = (near.right + 10, near.centery)
        if r.right > bounds.right:
            r.midright = (near.left - 10, near.centery)
        return r.clamp(bounds)

    def draw(self, surface: pygame.Surface, piece: PieceView, near: pygame.Rect,
             bounds: pygame.Rect, flipped: bool = False) -> pygame.Rect:
        """The card beside `near`; `flipped`: the board is turned (the second player's men
        move up on it)."""
        img = self.image(piece, (piece.side == 1) != flipped)
        r = self.place(img.get_size(), near, bounds)
        surface.blit(img, r)
        return r


@lru_cache(maxsize=256)
def _mnemonic(marks: tuple[tuple[tuple[int, int], str], ...], size: int, side: int) -> pygame.Surface:
    reach = 3
    n = 2 * reach + 1
    px = max(1, size // n)
    w = px * n + 2
    img = pygame.Surface((w, w), pygame.SRCALPHA)
    pygame.draw.rect(img, (16, 22, 27, 200), img.get_rect(), border_radius=max(2, w // 6))
    sign = 1 if side == 0 else -1
    for (dx, dy), kind in marks:
        if kind == SCREEN or max(abs(dx), abs(dy)) > reach:
            continue
        colour = (255, 140, 90) if kind in (CAPTURE, HOP) else (150, 215, 255)
        i, j = reach + dx * sign, reach - dy * sign
        img.fill(colour, (1 + i * px, 1 + j * px, max(1, px - (px > 2)), max(1, px - (px > 2))))
    img.fill((255, 255, 255), (1 + reach * px, 1 + reach * px, px, px))
    return img


def mnemonic(diagram: MoveDiagram, size: int, side: int) -> pygame.Surface:
    """A tiny picture of a man's move (the squares within three of it), for a corner of the man:
    blue where it moves, orange where it only captures, white for the man itself."""
    return _mnemonic(tuple(sorted(diagram.marks.items())), size, side)
