"""Every fairy chess figure must be told from every other by its shape alone at board size."""

from __future__ import annotations

import itertools

import pygame

from game.games.fairy16.pieces import kinds
from game.games.fairy16.sprites import DESIGNS, drawer
from game.ui.piece_game import PieceView
from game.ui.piece_sprites import PieceSprites

#: A man's size with the whole 16 × 16 board in view on the 1280 × 800 window.
BOARD_SIZE = 40
#: Two figures whose silhouettes above the common base overlap this much look like one.
TOO_ALIKE = 0.79


def silhouette(sprites: PieceSprites, kind: str) -> set[tuple[int, int]]:
    """The opaque pixels of the figure above the base every man stands on."""
    img = sprites(PieceView(kind, 1), BOARD_SIZE)
    top = round(BOARD_SIZE * 0.78)
    return {(x, y) for x in range(BOARD_SIZE) for y in range(top) if img.get_at((x, y))[3] > 128}


def test_every_kind_has_a_figure() -> None:
    assert {k.letter for k in kinds()} == set(DESIGNS)


def test_no_two_figures_are_too_alike() -> None:
    pygame.init()
    sprites = PieceSprites(drawer())
    shapes = {k: silhouette(sprites, k) for k in DESIGNS}
    alike = []
    for a, b in itertools.combinations(DESIGNS, 2):
        overlap = len(shapes[a] & shapes[b]) / len(shapes[a] | shapes[b])
        if overlap >= TOO_ALIKE:
            alike.append((a, b, round(overlap, 2)))
    assert not alike, alike
