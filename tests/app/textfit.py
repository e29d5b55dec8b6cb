"""Record what text a screen draws and where, to find text that is cut or overlaps.

Not pixel guessing: the fonts of game/ui are wrapped so every rendered line is known by its
surface, and the canvas is a Surface subclass that notes where each such surface lands (its ink
box, i.e. the pixels that carry glyphs) and whether the clip or the canvas edge cuts it.
pygame_gui draws its own text: its elements are measured with their own fonts against their
own rectangles.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.ui import theme

#: A text ending with an ellipsis is a cut text, except these whole sentences.
WHOLE_WITH_ELLIPSIS: frozenset[str] = frozenset()


@dataclass
class Drawn:
    text: str
    ink: pygame.Rect  # on the canvas
    cut: str | None  # why the text does not show whole, or None


_texts: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()


class _FontProxy:
    """A pygame Font that remembers which surface shows which text."""

    def __init__(self, font: pygame.font.Font) -> None:
        self._font = font

    def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surf = self._font.render(text, *args, **kwargs)
        _texts[surf] = text
        return surf

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


class RecordingCanvas(pygame.Surface):
    """The app's canvas for a test: every blit of a rendered text is noted with its place."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[Drawn] = []
        self.panels: list[pygame.Rect] = []  # theme.panel's rectangles, under the texts

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        if source.get_size() == self.get_size():
            self.drawn.clear()  # a full-screen layer (a dialog's veil): what is under is covered
            self.panels.clear()
        text = _texts.get(source)
        if text is not None and text.strip():
            self._note(source, text, dest, area)
        return super().blit(source, dest, area, special_flags)

    def subsurface(self, *args: Any) -> pygame.Surface:
        """A part of the canvas (a panel drawn through it) records into the same lists, in
        the canvas's coordinates."""
        sub = super().subsurface(*args)
        sub.drawn = self.drawn  # type: ignore[attr-defined]
        sub.panels = self.panels  # type: ignore[attr-defined]
        return sub

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:  # type: ignore[override]
        out = []
        for item in blit_sequence:
            out.append(self.blit(*item))
        return out if doreturn else None

    def _note(self, source: pygame.Surface, text: str, dest: Any, area: Any) -> None:
        pos = pygame.Rect(dest).topleft if not isinstance(dest, tuple | list) else \
            (int(dest[0]), int(dest[1]))
        ink = source.get_bounding_rect()
        if ink.width == 0:
            return
        cut = None
        if area is not None:
            a = pygame.Rect(area)
            if not a.contains(ink):
                cut = "drawn through an area that hides part of it"
            ink = ink.clip(a).move(-a.x, -a.y)
        on_canvas = ink.move(pos)
        visible = self.get_clip().clip(self.get_rect())
        if not visible.contains(on_canvas):
            cut = f"clipped at {visible} (ink {on_canvas})"
        on_canvas = on_canvas.move(self.get_abs_offset())  # a subsurface's place on the canvas
        if text.rstrip().endswith("…") and text not in WHOLE_WITH_ELLIPSIS:
            cut = "cut with an ellipsis"
        self.drawn.append(Drawn(text, on_canvas, cut))


@contextmanager
def recording_fonts() -> Iterator[None]:
    """Route theme.font / theme.mono through the recording proxy (caches emptied around it)."""
    orig_font, orig_mono = theme.font, theme.mono
    proxies: dict[tuple[Any, ...], _FontProxy] = {}

    def font(size: int, bold: bool = False) -> Any:
        key = ("f", size, bold)
        if key not in proxies:
            proxies[key] = _FontProxy(orig_font(size, bold))
        return proxies[key]

    def mono(size: int) -> Any:
        key = ("m", size)
        if key not in proxies:
            proxies[key] = _FontProxy(orig_mono(size))
        return proxies[key]

    orig_panel = theme.panel

    def panel(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        if isinstance(surface, RecordingCanvas):
            surface.panels.append(pygame.Rect(rect).move(surface.get_abs_offset()))
        orig_panel(surface, rect, *args, **kwargs)

    theme._text_cache.clear()
    theme.font = font  # type: ignore[assignment]
    theme.mono = mono  # type: ignore[assignment]
    theme.panel = panel  # type: ignore[assignment]
    try:
        yield
    finally:
        theme.font = orig_font  # type: ignore[assignment]
        theme.mono = orig_mono  # type: ignore[assignment]
        theme.panel = orig_panel  # type: ignore[assignment]
        theme._text_cache.clear()


@dataclass
class UIText:
    text: str
    box: pygame.Rect  # the element
    ink: pygame.Rect  # where its text sits (centred in the element)
    cut: str | None


def _ui_text(el: Any) -> str | None:
    if isinstance(el, pygame_gui.elements.UITextEntryLine):
        return str(el.get_text())
    text = getattr(el, "text", None)
    return text if isinstance(text, str) else None


def ui_texts(ui: pygame_gui.UIManager) -> list[UIText]:
    """Every visible pygame_gui element with a one-line text, measured with its own font."""
    out = []
    for el in ui.get_sprite_group().sprites():
        if not getattr(el, "visible", True) or not el.alive():
            continue
        if isinstance(el, pygame_gui.elements.UITextBox | pygame_gui.elements.UITooltip):
            continue  # wraps by itself
        text = _ui_text(el)
        font = getattr(el, "font", None)
        if not text or font is None:
            continue
        w, h = font.size(text)
        box = pygame.Rect(el.rect)
        room_w = box.width - 8
        cut = None
        if w > room_w:
            cut = f"{w} px of text in a {box.width} px element"
        elif font.get_rect("Tygpq").height > box.height:
            cut = f"descenders cut: {box.height} px row for a {font.get_rect('Tygpq').height} px line"
        ink = pygame.Rect(0, 0, min(w, box.width), min(h, box.height))
        ink.center = box.center
        out.append(UIText(text, box, ink, cut))
    return out


def top_level_widgets(ui: pygame_gui.UIManager) -> list[Any]:
    """The visible widgets on top: with a dialog open, only those above its veil (the screen's
    own stay in view under the dialog's shade, which is drawn over them)."""
    from game.ui.widgets import ModalVeil

    root = ui.get_root_container()
    shown = [el for el in getattr(root, "elements", ()) if el.visible]
    veil = next((el for el in shown if isinstance(el, ModalVeil)), None)
    if veil is None:
        return shown
    return [el for el in shown if el.get_top_layer() > veil.get_top_layer()]


def problems(canvas: RecordingCanvas, ui: pygame_gui.UIManager) -> list[str]:
    """What is wrong with the text of the frame just drawn (empty when all fits)."""
    found = []
    drawn = canvas.drawn
    for d in drawn:
        if d.cut:
            found.append(f"{d.text!r} at {tuple(d.ink)}: {d.cut}")
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if a.text == b.text and a.ink == b.ink:
                continue  # the same line drawn twice (a shadow, a redraw)
            inter = a.ink.clip(b.ink)
            if inter.width > 1 and inter.height > 1:
                found.append(f"{a.text!r} {tuple(a.ink)} overlaps {b.text!r} {tuple(b.ink)}")
    texts = ui_texts(ui)
    for t in texts:
        if t.cut:
            found.append(f"widget {t.text!r} {tuple(t.box)}: {t.cut}")
    widgets = top_level_widgets(ui)
    for d in drawn:
        for el in widgets:
            inter = d.ink.clip(el.rect)
            if inter.width > 1 and inter.height > 1:
                found.append(f"{d.text!r} {tuple(d.ink)} is under a widget {tuple(el.rect)}")
                break
    for i, a in enumerate(widgets):
        for b in widgets[i + 1:]:
            ra, rb = pygame.Rect(a.rect), pygame.Rect(b.rect)
            if ra.contains(rb) or rb.contains(ra):
                continue  # one widget's parts (a slider's container and its rail)
            inter = ra.clip(rb)
            if inter.width > 1 and inter.height > 1:
                found.append(f"widgets overlap: {tuple(a.rect)} and {tuple(b.rect)}")
    return found
