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
#: Two figures alike on this share of their pixels (see `alike`) look like one man.
TOO_ALIKE = 0.75


def figure(sprites: PieceSprites, kind: str) -> dict[tuple[int, int], int]:
    """The figure above the base every man stands on, pixel by pixel: 1 for the body, 2 for
    the light details drawn on it (an ebony man: eyes, mane, horn lines)."""
    img = sprites(PieceView(kind, 1), BOARD_SIZE)
    out = {}
    for x in range(BOARD_SIZE):
        for y in range(round(BOARD_SIZE * 0.78)):
            r, g, b, a = img.get_at((x, y))
            if a > 128:
                out[(x, y)] = 2 if r + g + b > 360 else 1
    return out


def alike(a: dict[tuple[int, int], int], b: dict[tuple[int, int], int]) -> float:
    """The share of the pixels covered by either figure that are the same in both."""
    union = set(a) | set(b)
    return sum(1 for p in union if a.get(p) == b.get(p)) / len(union)


def test_every_kind_has_a_figure() -> None:
    assert {k.letter for k in kinds()} == set(DESIGNS)


def test_no_two_figures_are_too_alike() -> None:
    """The four horse-like heads were 77-79 % alike (Knight, Unicorn, Dragon Woman); every
    pair now differs on more than a quarter of its pixels."""
    pygame.init()
    sprites = PieceSprites(drawer())
    shapes = {k: figure(sprites, k) for k in DESIGNS}
    too = [(a, b, round(alike(shapes[a], shapes[b]), 3))
           for a, b in itertools.combinations(DESIGNS, 2)
           if alike(shapes[a], shapes[b]) >= TOO_ALIKE]
    assert not too, too
