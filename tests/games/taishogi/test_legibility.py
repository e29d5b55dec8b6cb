"""Tai Shogi is read at the whole-board zoom: every man's name must be legible at ~25 px a square."""

from __future__ import annotations

import pygame

from game.games.taishogi.pieces import KINDS, SIZE
from game.games.taishogi.scene import KANJI, WESTERN, RoyalWedgeDrawer
from game.scenes.piece_match import BOARD_REGION
from game.ui.board_view import BoardView
from game.ui.piece_game import PieceView
from game.ui.piece_sprites import PieceSprites
from game.ui.token_sprites import WedgeDrawer


def ink_rows(img: pygame.Surface, top: int, bottom: int, red: bool) -> list[int]:
    """Rows of img[top:bottom] holding a pixel of the name's ink (half covered at least)."""
    rows = []
    w = img.get_width()
    for y in range(top, bottom):
        for x in range(3, w - 3):
            r, g, b, a = img.get_at((x, y))
            ink = (r > 120 and r > 1.6 * g and r > 1.6 * b) if red else (r + g + b < 330 and r < 1.9 * b)
            if a > 200 and ink:
                rows.append(y)
                break
    return rows


def whole_board_size() -> int:
    """A man's size with the whole board in view on the 1280 × 800 window."""
    pygame.init()
    return BoardView(SIZE, SIZE, BOARD_REGION).piece_size()


def test_every_name_is_two_characters_at_least_11_px_tall_at_the_whole_board_zoom() -> None:
    size = whole_board_size()
    assert size >= 24
    sprites = PieceSprites(RoyalWedgeDrawer(KANJI))
    short = []
    for kind in KINDS:
        for side in (0, 1):
            for promoted in (False, True):
                img = sprites(PieceView(kind, side, promoted), size)
                half = size // 2
                for a, b in ((0, half), (half, size)):
                    rows = ink_rows(img, a, b, promoted)
                    height = rows[-1] - rows[0] + 1 if rows else 0
                    if height < 11:
                        short.append((kind, side, promoted, height))
    assert not short, short[:10]


def test_promoted_men_differ_by_ink_and_rim_and_sides_by_wood() -> None:
    size = whole_board_size()
    drawer = WedgeDrawer(KANJI)
    plain, promoted = drawer.draw_small(PieceView("DK", 0), size), \
        drawer.draw_small(PieceView("DK", 0, True), size)
    assert not ink_rows(plain, 0, size, True) and len(ink_rows(promoted, 0, size, True)) >= 20
    assert promoted.get_at((1, size // 2))[:3] == WedgeDrawer.RED[:3] or \
        promoted.get_at((2, size // 2))[:3] == WedgeDrawer.RED[:3]
    white = drawer.draw_small(PieceView("DK", 1), size)
    assert plain.get_at((3, size - 3))[:3] == WedgeDrawer.WOOD
    assert white.get_at((3, 3))[:3] == WedgeDrawer.WOOD2


def test_western_labels_are_upright_and_tall_for_both_sides() -> None:
    size = whole_board_size()
    drawer = WedgeDrawer(WESTERN)
    for side in (0, 1):
        img = drawer.draw_small(PieceView("FrBe", side), size)
        rows = ink_rows(img, 0, size, False)
        assert rows[-1] - rows[0] + 1 >= 9  # capitals and lower case of a 4-letter label
    def ink(img: pygame.Surface) -> set[tuple[int, int]]:
        return {(x, y) for x in range(size) for y in range(size)
                if (lambda r, g, b, a: a > 200 and r + g + b < 330 and r < 1.9 * b)(
                    *img.get_at((x, y)))}

    black, white = (ink(drawer.draw_small(PieceView("Ln", side), size)) for side in (0, 1))
    turned = {(size - 1 - x, size - 1 - y) for x, y in black}
    # the same letters in the same place, not turned over for White
    assert len(black & white) > 0.6 * len(black) > len(turned & white)


def test_a_card_draws_the_move_the_way_the_man_goes_on_the_board() -> None:
    """A White Lance goes down the board: its card marks the squares below it (they were
    drawn above, from Black's side); Black's, above; on a turned board, the other way."""
    from game.games.taishogi.adapter import TaiShogiBoard
    from game.games.taishogi.rules import make_rules
    from game.games.taishogi.scene import TaiShogiCards
    from game.ui import theme

    pygame.init()
    board = TaiShogiBoard(make_rules())
    cards = TaiShogiCards(board.card, PieceSprites(RoyalWedgeDrawer(KANJI)))

    def marks_below(img: pygame.Surface) -> tuple[int, int]:
        """Mark pixels above and below the man in the diagram (a square under the title)."""
        w = img.get_width()
        top, side = 74, w - 28  # the card's padding and title; the diagram is square
        centre = top + side // 2
        good = [y for x in range(0, w, 2) for y in range(top, top + side, 2)
                if img.get_at((x, y))[:3] == theme.GOOD]
        return sum(1 for y in good if y < centre), sum(1 for y in good if y > centre)

    up_b, down_b = marks_below(cards.image(PieceView("L", 0)))
    up_w, down_w = marks_below(cards.image(PieceView("L", 1)))
    assert up_b > 3 * down_b and down_w > 3 * up_w
    up_t, down_t = marks_below(cards.image(PieceView("L", 1), down=False))  # a turned board
    assert up_t > 3 * down_t
