"""The rules screen: a game's help sections (its own text) with diagrams drawn by its scene class."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n, registry
from game.engine.review import SYMBOLS, THRESHOLDS, reviewable
from game.i18n import _
from game.scenes.base import Scene
from game.ui import theme
from game.ui.review_panel import REVIEW_HEADING, review_help
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

NAV = pygame.Rect(30, 100, 300, 600)
BODY = pygame.Rect(350, 100, 900, 600)


#: The body text's sizes: the first, or a smaller one when it lets a section stand unscrolled.
BODY_SIZES = (19, 18, 17)
#: Where a picture beside the text stands on the page, and how wide the column left of it is.
SIDE_PICTURE = (BODY.width - 410, 80)
SIDE_PICTURE_SIZE = 380


@dataclass(frozen=True)
class Line:
    """A line of a page: its text, its top on the page (from BODY's top), its size."""

    text: str
    y: int
    size: int
    bold: bool = False


@dataclass(frozen=True)
class Page:
    """A section laid out: its lines, its picture and where it stands, its height (from BODY's
    top to the end of its last line or picture)."""

    lines: tuple[Line, ...]
    diagram: pygame.Surface | None
    diagram_at: tuple[int, int]
    height: int


def lay_out(heading: str, body: str, size: int, text_w: int, full_w: int,
            diagram: pygame.Surface | None, side: bool) -> Page:
    """A section's heading and paragraphs wrapped at `size`: beside a `side` picture the lines
    are `text_w` wide, past its foot they take the whole width `full_w` (a long section beside a
    picture is not a long thin column running off the panel); a picture that is not beside the
    text (a gallery) follows the text. A paragraph indented with two spaces keeps its lines."""
    lines = [Line(heading, 20, 28, True)]
    step = size + 8
    y = 70
    wide_from = SIDE_PICTURE[1] + SIDE_PICTURE_SIZE + 8 if side else y
    # the whole section is one message: a translator writes it as a whole, not by lines
    for para in body.split("\n\n"):
        text = theme.reflow(para) if not para.startswith("  ") else para
        while text:
            width = full_w if y >= wide_from else text_w
            wrapped = theme.wrap(text, size, width)
            for n, line in enumerate(wrapped):
                if width < full_w and y >= wide_from:  # the rest, at the whole width
                    text = " ".join(wrapped[n:]) if not para.startswith("  ") \
                        else "\n".join(wrapped[n:])
                    break
                lines.append(Line(line, y, size))
                y += step
            else:
                text = ""
        y += 12
    at = SIDE_PICTURE if side else (30, y)
    if diagram is not None and not side:
        y += diagram.get_height()
    return Page(tuple(lines), diagram, at, y)


class RulesScene(Scene):
    title = "Rules"

    def __init__(self, app: Host, entry: registry.GameEntry, section: int = 0) -> None:
        super().__init__(app)
        self.entry = entry
        self.sections: list[tuple[str, str]] = list(registry.resolve(entry.help))
        try:
            self.diagrams: dict[str, str] = dict(
                registry.resolve(entry.help.rsplit(":", 1)[0] + ":DIAGRAMS"))
        except AttributeError:
            self.diagrams = {}
        if reviewable(entry):  # the review's thresholds, the same for every game
            self.sections.append((REVIEW_HEADING, review_help(THRESHOLDS, SYMBOLS)))
        self.index = max(0, min(section, len(self.sections) - 1))
        #: the headings' spacing: closer when a game has many sections, so all stay in view
        self.row_h = min(44, (NAV.height - 20) // max(1, len(self.sections)))
        self.scroll = 0
        #: how far the wheel goes on this page: its end at the panel's bottom (set when drawn)
        self.scroll_end = 10 ** 6
        self.scroll_thumb: pygame.Rect | None = None  # the scroll bar's thumb, when drawn
        self.back_btn = button(self.ui, (540, 730, 200, 46), _("Back"), object_id="#primary")
        self._diagram_cache: dict[int, pygame.Surface | None] = {}
        self._pages: dict[tuple[int, str], Page] = {}

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_btn:
            self.back()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and NAV.collidepoint(event.pos):
            i = (event.pos[1] - NAV.y - 12) // self.row_h
            if 0 <= i < len(self.sections):
                self.index, self.scroll = i, 0
                self.app.sounds.play("click")
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll_end, self.scroll - event.y * 40))
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_RIGHT):
                self.index = min(len(self.sections) - 1, self.index + 1)
                self.scroll = 0
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP, pygame.K_LEFT):
                self.index = max(0, self.index - 1)
                self.scroll = 0

    def _gallery_height(self, width: int) -> int | None:
        """The height of this section's picture when it runs under the text at the body's whole
        width (a gallery of many diagrams), None for a picture beside the text."""
        position = self.diagrams.get(self.sections[self.index][0]) if self.sections else None
        if position is None:
            return None
        try:
            cls: Any = registry.resolve(self.entry.scene)
        except Exception:  # a broken scene path: the picture is simply left out
            return None
        size = getattr(cls, "diagram_height", None)
        return size(position, width) if size is not None else None

    def _diagram(self, width: int, height: int) -> pygame.Surface | None:
        if self.index in self._diagram_cache:
            return self._diagram_cache[self.index]
        heading = self.sections[self.index][0]
        surf = None
        position = self.diagrams.get(heading)
        if position is not None:
            try:
                cls: Any = registry.resolve(self.entry.scene)
                surf = pygame.Surface((width, height), pygame.SRCALPHA)
                cls.draw_diagram(surf, surf.get_rect(), self.entry, position)
            except Exception as exc:
                log.warning("diagram %r of %s failed: %s", heading, self.entry.id, exc,
                            exc_info=True)
                surf = None
        self._diagram_cache[self.index] = surf
        return surf

    def _page(self) -> Page:
        """This section laid out, once per section and language: the body text at BODY_SIZES[0],
        or a size smaller when that lets the whole section stand in the panel unscrolled."""
        key = (self.index, i18n.language())
        page = self._pages.get(key)
        if page is None:
            heading, body = self.sections[self.index]
            gallery_w = BODY.width - 60
            gallery_h = self._gallery_height(gallery_w)
            if gallery_h is not None:
                diagram = self._diagram(gallery_w, gallery_h)
            else:
                diagram = self._diagram(380, 380) if heading in self.diagrams else None
            side = diagram is not None and gallery_h is None
            text_w = gallery_w - (400 if side else 0)
            pages = (lay_out(_(heading), _(body.strip()), size, text_w, gallery_w, diagram, side)
                     for size in BODY_SIZES)
            page = next((p for p in pages if p.height <= BODY.height - 20), None) or \
                lay_out(_(heading), _(body.strip()), BODY_SIZES[0], text_w, gallery_w, diagram,
                        side)
            self._pages[key] = page
        return page

    def _draw_scrollbar(self, surface: pygame.Surface, page_h: int) -> None:
        """A page longer than the panel shows a bar at its right edge: where the view is on
        the page, and that the wheel brings the rest."""
        track = pygame.Rect(BODY.right - 14, BODY.y + 12, 6, BODY.height - 24)
        pygame.draw.rect(surface, theme.BG_DEEP, track, border_radius=3)
        shown = BODY.height / max(BODY.height, page_h + 20)
        thumb = pygame.Rect(track.x, 0, track.width, max(24, round(track.height * shown)))
        thumb.y = track.y + round((track.height - thumb.height) * self.scroll
                                  / max(1, self.scroll_end))
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=3)
        self.scroll_thumb = thumb

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.blit_text(surface, _("{game} — rules").format(game=_(self.entry.title)), (640, 30),
                        40, theme.ACCENT, True, "midtop")
        theme.panel(surface, NAV)
        for i, (heading, _body) in enumerate(self.sections):
            r = pygame.Rect(NAV.x + 8, NAV.y + 10 + self.row_h * i, NAV.width - 16,
                            self.row_h - 4)
            if i == self.index:
                pygame.draw.rect(surface, theme.ACCENT_DARK, r, border_radius=8)
            title = _(heading)
            size = 18  # a long heading (French runs longer) is set smaller, never cut
            while size > 13 and theme.font(size, True).size(title)[0] > r.width - 20:
                size -= 1
            colour = theme.TEXT if i == self.index else theme.TEXT_DIM
            lines = [title]
            if theme.font(size, True).size(title)[0] > r.width - 20:
                # still too wide at the smallest size: two lines, else an ellipsis
                size = 14
                lines = theme.wrap(title, size, r.width - 20, True)
                if len(lines) > 2:
                    lines = [lines[0], theme.fit_text(" ".join(lines[1:]), size, r.width - 20,
                                                      True)]
            step = theme.font(size, True).get_linesize() - 2
            top = r.centery - step * (len(lines) - 1) / 2
            for k, line in enumerate(lines):
                theme.blit_text(surface, theme.fit_text(line, size, r.width - 20, True),
                                (r.x + 12, top + step * k), size, colour, i == self.index,
                                "midleft")

        theme.panel(surface, BODY)
        if not self.sections:
            return
        page = self._page()
        view = BODY.inflate(-6, -6)
        clip = surface.get_clip()
        surface.set_clip(view)
        top = BODY.y - self.scroll
        for row in page.lines:
            y = top + row.y
            # a page that scrolls shows its lines whole: one half out of the view waits for
            # the wheel instead of being cut at the panel's edge
            if view.top <= y and y + theme.font(row.size, row.bold).get_height() <= view.bottom:
                theme.blit_text(surface, row.text, (BODY.x + 30, y), row.size, theme.TEXT,
                                row.bold)
        if page.diagram is not None:
            surface.blit(page.diagram, (BODY.x + page.diagram_at[0], top + page.diagram_at[1]))
        surface.set_clip(clip)
        # the wheel stops where the section's end reaches the bottom of the panel
        self.scroll_end = max(0, page.height - BODY.height + 20)
        self.scroll = min(self.scroll, self.scroll_end)
        self.scroll_thumb = None
        if self.scroll_end:
            self._draw_scrollbar(surface, page.height)
        theme.blit_text(surface, _("Up/Down: sections · mouse wheel: scroll · Esc: back"),
                        (640, 722), 14, theme.TEXT_DIM, anchor="midbottom")  # under BODY
