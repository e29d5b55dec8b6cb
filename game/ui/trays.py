"""Captured-pieces trays: the men each side has taken, grouped by kind with a count, so even a
16×16 battle's losses fit in a small box."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.piece_game import PieceView

SpriteFn = Callable[[PieceView, int], pygame.Surface]


def group(pieces: Iterable[PieceView], order: Sequence[str] = ()) -> list[tuple[PieceView, int]]:
    """Men by kind, most valuable first when `order` lists the kinds, with how many of each."""
    counts = Counter(pieces)
    rank = {k: i for i, k in enumerate(order)}
    return sorted(counts.items(), key=lambda kv: (rank.get(kv[0].kind, len(rank)), kv[0].kind,
                                                  kv[0].promoted))


def draw_tray(surface: pygame.Surface, rect: pygame.Rect, title: str,
              men: Sequence[tuple[PieceView, int]], sprite: SpriteFn, size: int = 30) -> None:
    """A panel titled `title` with the taken men in rows, a count under each group of several."""
    theme.panel(surface, rect, theme.PANEL, 10)
    theme.blit_text(surface, title, (rect.x + 10, rect.y + 6), 14, theme.TEXT_DIM)
    if not men:
        theme.blit_text(surface, _("none yet"), (rect.x + 10, rect.y + 28), 13, theme.LINE)

        return
    step_x, step_y = size + 4, size + 12
    cols = max(1, (rect.width - 12) // step_x)
    rows = max(1, (rect.height - 30) // step_y)
    shown = men[: cols * rows]
    for i, (piece, n) in enumerate(shown):
        x = rect.x + 8 + (i % cols) * step_x
        y = rect.y + 26 + (i // cols) * step_y
        surface.blit(sprite(piece, size), (x, y))
        if n > 1:
            theme.blit_text(surface, f"×{n}", (x + size // 2, y + size - 1), 12, theme.TEXT,
                            True, "midtop")
    hidden = sum(n for _, n in men[len(shown):])
    if hidden:
        theme.blit_text(surface, f"+{hidden}", (rect.right - 8, rect.bottom - 6), 13,
                        theme.TEXT_DIM, anchor="bottomright")
