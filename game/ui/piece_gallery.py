"""A gallery of move diagrams for the rules screen: many kinds in a grid, each the same picture
as its piece card (computed by the rules), with the kind's glyph and name beside it. The grid is
taller than the screen; the rules screen scrolls it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import theme
from game.ui.piece_card import draw_diagram
from game.ui.piece_game import PieceGame, PieceView

#: A gallery cell: the diagram's square, then the glyph and up to NAME_LINES lines of name.
CELL_W = 140
BOARD = 122
GLYPH = 30
NAME_SIZE = 13
NAME_LINES = 3
ROW_H = BOARD + 8 + max(GLYPH, NAME_LINES * 16) + 12

SpriteFn = Callable[[PieceView, int], pygame.Surface]


def columns(width: int) -> int:
    return max(1, width // CELL_W)


def height(width: int, count: int) -> int:
    """Pixels the gallery of `count` kinds takes at `width`."""
    return -(-count // columns(width)) * ROW_H


def board_rect(rect: pygame.Rect, index: int) -> pygame.Rect:
    """Where the diagram of the `index`-th kind is drawn (a test reads its marks there)."""
    cols = columns(rect.width)
    w = rect.width // cols
    col, row = index % cols, index // cols
    cell = pygame.Rect(rect.x + col * w, rect.y + row * ROW_H, w, ROW_H)
    board = pygame.Rect(0, 0, BOARD, BOARD)
    board.midtop = (cell.centerx, cell.y + 4)
    return board


def draw_gallery(surface: pygame.Surface, rect: pygame.Rect, game: PieceGame,
                 kinds: Sequence[str], sprite: SpriteFn) -> None:
    for i, kind in enumerate(kinds):
        piece = PieceView(kind, 0)
        info = game.card(piece)
        board = board_rect(rect, i)
        draw_diagram(surface, board, info.diagram, piece, sprite, down=False)
        img = sprite(piece, GLYPH)
        glyph = img.get_rect(topleft=(board.x, board.bottom + 8))
        surface.blit(img, glyph)
        # the name beside the glyph, wrapped (a French name runs longer), never cut
        text_w = board.right - glyph.right - 4
        size = NAME_SIZE
        lines = _name_lines(info.name, size, text_w)
        while size > 9 and (len(lines) > NAME_LINES or any(
                theme.font(size, True).size(line)[0] > text_w for line in lines)):
            size -= 1
            lines = _name_lines(info.name, size, text_w)
        y = glyph.y
        for line in lines:
            theme.blit_text(surface, line, (glyph.right + 4, y), size, theme.TEXT, True)
            y += size + 3


def _name_lines(name: str, size: int, width: int) -> list[str]:
    """The name wrapped at spaces, and a line still too wide broken after its hyphens
    (Cheval-|dragon): a narrow cell takes a compound name on two lines."""
    out: list[str] = []
    for line in theme.wrap(name, size, width, True):
        if "-" in line and theme.font(size, True).size(line)[0] > width:
            parts = line.split("-")
            out.extend(p + "-" for p in parts[:-1])
            out.append(parts[-1])
        else:
            out.append(line)
    return out
