"""The gallery of the 536: the squares the player has found, as thumbnails in a scrolling grid.

Also the thumbnail painter the collection screen and the level select share: a solution drawn
flat, each piece in its own colour (the Ostomachion screen's styles) with a dark outline.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import registry
from game.games.ostomachion.collection import Catalogue, Collection
from game.games.ostomachion.scene import OSTOMACHION_STYLES
from game.games.ostomachion.solver import SIDE, Poly
from game.i18n import N_, _
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

COLS = 6
CARD = (182, 206)
GAP = 14
TOP = 120
BOTTOM = 712  # the grid's clip ends here; the buttons sit below
THUMB = 150

_THUMBS: dict[tuple[int, int], pygame.Surface] = {}


def solution_thumbnail(cat: Catalogue, number: int, size: int) -> pygame.Surface:
    """Solution `number` drawn in a size x size square, turned like every other card
    (`Catalogue.shown`; cached, a few hundred at most)."""
    key = (number, size)
    img = _THUMBS.get(key)
    if img is None:
        img = pieces_thumbnail(cat.shown(number), size)
        _THUMBS[key] = img
    return img


def pieces_thumbnail(polys: Sequence[Poly], size: int) -> pygame.Surface:
    """A square drawn from its pieces' polygons (piece index order, grid units), each in its
    piece's colour: a solution in number order, or a square as the player laid it."""
    img = pygame.Surface((size, size))
    img.fill(theme.BG_DEEP)
    scale = (size - 2) / SIDE
    for i, poly in enumerate(polys):
        pts = [(1 + x * scale, size - 1 - y * scale) for x, y in poly]
        pygame.draw.polygon(img, OSTOMACHION_STYLES[i].colour, pts)
        pygame.draw.polygon(img, theme.BG_DEEP, pts, max(1, size // 90))
    pygame.draw.rect(img, theme.LINE, img.get_rect(), 1)
    return img


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, found: int, total: int) -> None:
    """A bar filled in proportion, with "n / total" on it."""
    theme.panel(surface, rect, theme.BG_DEEP, rect.height // 2, theme.LINE)
    if found:
        w = max(rect.height, round(rect.width * found / total))
        pygame.draw.rect(surface, theme.ACCENT_DARK, (rect.x, rect.y, w, rect.height),
                         border_radius=rect.height // 2)
    theme.blit_text(surface, f"{found} / {total}", rect.center, max(12, rect.height - 8),
                    theme.TEXT, True, "center")


class GalleryScene(Scene):
    """Every solution found so far, by number, with the day it was first found."""

    title = N_("The 536 — gallery")

    def __init__(self, app: Host, entry: registry.GameEntry, cat: Catalogue,
                 coll: Collection, highlight: int | None = None) -> None:
        super().__init__(app)
        self.entry = entry
        self.cat = cat
        self.coll = coll
        self.numbers = sorted(coll.found)
        self.scroll = 0
        self.hover: int | None = None
        self.focus = 0
        if highlight in self.numbers:
            self.focus = self.numbers.index(highlight)
            self.hover = self.focus  # the square just found, framed
            self._show(self.focus)
        self.back_btn = button(self.ui, (540, 730, 200, 48), _("Back"), _("Back to the square (Esc)"),
                               object_id="#primary")
        self.actions[self.back_btn] = self.back

    # -- layout ------------------------------------------------------------------------------
    def _rect(self, k: int) -> pygame.Rect:
        total = COLS * CARD[0] + (COLS - 1) * GAP
        x0 = (theme.SIZE[0] - total) // 2
        r, c = divmod(k, COLS)
        return pygame.Rect(x0 + c * (CARD[0] + GAP), TOP + r * (CARD[1] + GAP) - self.scroll,
                           *CARD)

    def _max_scroll(self) -> int:
        rows = (len(self.numbers) + COLS - 1) // COLS
        return max(0, TOP + rows * (CARD[1] + GAP) - BOTTOM)

    def _show(self, k: int) -> None:
        """Scroll so card k is in view."""
        r = self._rect(k)
        if r.top < TOP:
            self.scroll -= TOP - r.top
        elif r.bottom > BOTTOM:
            self.scroll += r.bottom - BOTTOM
        self.scroll = max(0, min(self._max_scroll(), self.scroll))

    # -- input -------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((k for k in range(len(self.numbers))
                               if self._rect(k).collidepoint(event.pos)
                               and TOP <= event.pos[1] < BOTTOM), None)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * 60))
        elif event.type == pygame.KEYDOWN and self.numbers:
            step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_DOWN: COLS,
                    pygame.K_UP: -COLS}
            if event.key in step:
                self.focus = max(0, min(len(self.numbers) - 1, self.focus + step[event.key]))
                self.hover = self.focus
                self._show(self.focus)
            elif event.key == pygame.K_PAGEDOWN:
                self.scroll = min(self._max_scroll(), self.scroll + 3 * (CARD[1] + GAP))
            elif event.key == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - 3 * (CARD[1] + GAP))

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_btn:
            self.back()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("The 536 — your squares"), (640, 22), 38, theme.ACCENT, True,
                        "midtop")
        draw_progress(surface, pygame.Rect(440, 78, 400, 24), len(self.numbers), len(self.cat))
        if not self.numbers:
            theme.blit_text(surface, _("No square found yet: every different way to rebuild it "
                                       "joins the gallery."), (640, 300), 20, theme.TEXT_DIM, anchor="center")
            return
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, TOP - 8, theme.SIZE[0], BOTTOM - TOP + 8))
        for k, n in enumerate(self.numbers):
            r = self._rect(k)
            if r.bottom < TOP - 8 or r.top > BOTTOM:
                continue
            hot = k == self.hover
            theme.panel(surface, r, theme.PANEL_LIGHT if hot else theme.PANEL, 12,
                        theme.ACCENT if hot else theme.LINE)
            img = solution_thumbnail(self.cat, n, THUMB)
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + 10)))
            theme.blit_text(surface, _("No. {n}").format(
                n=n), (r.x + 14, r.bottom - 40), 17, theme.TEXT, True)
            if n in self.coll.helped:  # built with hints, not yet without: marked so
                theme.blit_text(surface, _("with hints"), (r.right - 14, r.bottom - 38), 14,
                                theme.BAD, anchor="topright")
            theme.blit_text(surface, _("found on {date}").format(
                date=self.coll.found[n]), (r.x + 14, r.bottom - 20),
                            14, theme.TEXT_DIM)
        surface.set_clip(clip)
        if self._max_scroll():
            # a scroll bar: where the view is in the whole grid
            track = pygame.Rect(1250, TOP, 6, BOTTOM - TOP)
            pygame.draw.rect(surface, theme.PANEL, track, border_radius=3)
            span = track.height * (BOTTOM - TOP) / (BOTTOM - TOP + self._max_scroll())
            y = track.y + (track.height - span) * self.scroll / self._max_scroll()
            pygame.draw.rect(surface, theme.LINE, (track.x, y, 6, span), border_radius=3)
