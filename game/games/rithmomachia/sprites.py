"""Rithmomachia's men: white and black tokens (round, triangle, square) with their number, and the
pyramids drawn as stepped stacks of their square layers with the total on a plaque."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.piece_game import PieceView
from game.ui.token_sprites import TokenDrawer

from .board import describe, layers_of


class RithmoDrawer(TokenDrawer):
    """Tokens from the shared drawer; a pyramid is a stack of layers, widest at the bottom."""

    def __init__(self) -> None:
        super().__init__(describe)

    def draw(self, piece: PieceView, size: int) -> pygame.Surface:
        layers = layers_of(piece.kind)
        if not layers:
            return super().draw(piece, size)
        k = 3
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
