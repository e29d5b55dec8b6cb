"""A small chooser beside the board when several moves share a destination: promotion choices
(with "no promotion" when it is optional), en passant or a plain step, a Lion's routes.

Each entry shows the man the move leaves on the square and the game's label for it. Keys 1–9
pick, Esc cancels, a click outside cancels; the scene then keeps the man selected.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.piece_game import MoveOption, PieceView

ROW_H = 50
WIDTH = 260

SpriteFn = Callable[[PieceView, int], pygame.Surface]


class MoveChooser:
    """The open chooser: its options, where it stands, and which row the pointer is on."""

    def __init__(self, options: Sequence[MoveOption], mover: PieceView, near: pygame.Rect,
                 bounds: pygame.Rect, title: str = "") -> None:
        self.options = tuple(options)
        self.mover = mover
        self.title = title or _("Choose the move")

        h = 40 + ROW_H * len(self.options) + 8
        self.rect = pygame.Rect(0, 0, WIDTH, h)
        self.rect.midleft = (near.right + 12, near.centery)
        if self.rect.right > bounds.right:
            self.rect.midright = (near.left - 12, near.centery)
        self.rect = self.rect.clamp(bounds)
        self.hover: int | None = None

    def row(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 8, self.rect.y + 40 + i * ROW_H, self.rect.width - 16,
                           ROW_H - 4)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.options)):
            if self.row(i).collidepoint(pos):
                return i
        return None

    def handle(self, event: pygame.event.Event) -> MoveOption | None | bool:
        """The chosen option, False when cancelled, None while still open."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.index_at(event.pos)
            if i is not None:
                return self.options[i]
            if not self.rect.collidepoint(event.pos):
                return False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return False
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return False
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.options):
                return self.options[event.key - pygame.K_1]
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.hover = ((self.hover if self.hover is not None else -step) + step) % len(
                    self.options)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hover is not None:
                return self.options[self.hover]
        return None

    def draw(self, surface: pygame.Surface, sprite: SpriteFn) -> None:
        shadow = self.rect.move(4, 6)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=12)
        theme.panel(surface, self.rect, theme.PANEL_LIGHT, 12, theme.ACCENT)
        theme.blit_text(surface, self.title, (self.rect.x + 14, self.rect.y + 10), 17,
                        theme.ACCENT, True)
        for i, o in enumerate(self.options):
            r = self.row(i)
            if i == self.hover:
                theme.panel(surface, r, theme.ACCENT_DARK, 8)
            kind = o.promotion or self.mover.kind
            img = sprite(PieceView(kind, self.mover.side, o.promotion is not None
                                   or self.mover.promoted), 42)
            surface.blit(img, img.get_rect(midleft=(r.x + 4, r.centery)))
            theme.blit_text(surface, str(i + 1), (r.right - 10, r.centery), 14, theme.TEXT_DIM,
                            anchor="midright")
            theme.blit_text(surface, o.label or "move", (r.x + 54, r.centery), 17, theme.TEXT,
                            anchor="midleft")
