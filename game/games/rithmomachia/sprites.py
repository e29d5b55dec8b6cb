"""Rithmomachia's men: white and black tokens (round, triangle, square) with their number, and the
pyramids drawn as stepped stacks of their square layers with the total on a plaque.

On the board (a man under 72 px) a pyramid is drawn at its own size: its layers fill the whole
square, each at least 5 px with a dark seam, so they can be counted, and the total is written
across the stack — the large drawing scaled down gave 3 px layers and unreadable numbers."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.piece_game import PieceView
from game.ui.token_sprites import TokenDrawer

from .adapter import describe, layers_of


class RithmoDrawer(TokenDrawer):
    """Tokens from the shared drawer; a pyramid is a stack of layers, widest at the bottom."""

    def __init__(self) -> None:
        super().__init__(describe)

    SMALL = 72

    def draw_small(self, piece: PieceView, size: int) -> pygame.Surface | None:
        """A pyramid on the board (see the module docstring); other men: the large drawing."""
        layers = layers_of(piece.kind)
        if not layers:
            return None
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        face, ink = self.FACES[piece.side % 2], self.INKS[piece.side % 2]
        edge = (20, 18, 18)
        n = len(layers)
        top, bottom = 1, size - 1
        band = (bottom - top) / n
        widest, narrowest = size - 2, size * 0.46
        for i in range(n):  # bottom layer first, light and dark in turn
            w = widest - (widest - narrowest) * i / max(1, n - 1)
            y0, y1 = round(bottom - (i + 1) * band), round(bottom - i * band)
            r = pygame.Rect(round((size - w) / 2), y0, round(w), y1 - y0)
            pygame.draw.rect(img, edge, r)
            other = theme.shade(face, 0.8 if piece.side % 2 == 0 else 1.6)
            pygame.draw.rect(img, face if i % 2 == 0 else other, r.inflate(-2, -2))
        total = piece.kind[1:]
        fs = max(8, round(size * 0.36))
        glyph = theme.font(fs, True).render(total, True, ink)
        if glyph.get_width() > size * 0.7:
            glyph = pygame.transform.smoothscale(
                glyph, (round(size * 0.7), glyph.get_height()))
        # on the widest layers, whose ends still show on both sides of it
        plate = glyph.get_rect(midbottom=(size // 2, size)).inflate(4, -2)
        pygame.draw.rect(img, face, plate, border_radius=3)
        pygame.draw.rect(img, edge, plate, 1, border_radius=3)
        img.blit(glyph, glyph.get_rect(center=plate.center))
        return img

    def draw(self, piece: PieceView, size: int) -> pygame.Surface:
        layers = layers_of(piece.kind)
        if not layers:
            return super().draw(piece, size)
        k = 3 if size < 100 else 1  # a large master needs no supersampling
        s = size * k
        img = pygame.Surface((s, s), pygame.SRCALPHA)
        face, ink = self.FACES[piece.side % 2], self.INKS[piece.side % 2]
        edge = (20, 18, 18)
        n = len(layers)
        top, bottom = 0.30 * s, 0.94 * s
        band = (bottom - top) / n
        widest, narrowest = 0.92 * s, 0.38 * s
        for i, value in enumerate(layers):  # bottom layer first
            w = widest - (widest - narrowest) * i / max(1, n - 1)
            y = bottom - (i + 1) * band
            r = pygame.Rect(round((s - w) / 2), round(y), round(w), round(band) + 1)
            pygame.draw.rect(img, theme.shade(face, 1 - 0.05 * i), r)
            pygame.draw.rect(img, edge, r, max(2, round(0.018 * s)))
            glyph = theme.font(max(8, round(band * 0.78)), True).render(str(value), True, ink)
            img.blit(glyph, glyph.get_rect(center=r.center))
        # the total on a plaque above the stack
        plaque = pygame.Rect(0, 0, round(0.62 * s), round(0.27 * s))
        plaque.midtop = (s // 2, round(0.01 * s))
        pygame.draw.rect(img, face, plaque, border_radius=round(0.06 * s))
        pygame.draw.rect(img, edge, plaque, max(2, round(0.025 * s)),
                         border_radius=round(0.06 * s))
        glyph = theme.font(round(0.22 * s), True).render(piece.kind[1:], True, ink)
        img.blit(glyph, glyph.get_rect(center=plaque.center))
        return pygame.transform.smoothscale(img, (size, size))
