"""Drawn widgets shared by every screen: toasts, the move list, the status bar, modal dialogs.

Buttons, dropdowns and text entries come from pygame_gui (themed by assets/theme.json); the
widgets here are the ones a board game needs that pygame_gui does not have.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.i18n import N_, _
from game.ui import gui_adapter, theme
from game.ui.gui_adapter import CanvasUIManager  # noqa: F401 - its home before the adapter
from game.ui.tween import ease_out, shake


@dataclass
class _Toast:
    message: str
    kind: str
    seconds: float
    age: float = 0.0


class Toasts:
    """Short messages at the bottom of the screen: refusals (with the reason), notices, saves."""

    def __init__(self) -> None:
        self.items: list[_Toast] = []
        #: Where the last frame drew them (tests check they leave the status line alone).
        self.last_rects: list[pygame.Rect] = []

    def show(self, message: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.items = [t for t in self.items if t.message != message]
        self.items.append(_Toast(message, kind, seconds))
        del self.items[:-4]

    def update(self, dt: float) -> None:
        for t in self.items:
            t.age += dt
        self.items = [t for t in self.items if t.age < t.seconds]

    @property
    def latest(self) -> str | None:
        return self.items[-1].message if self.items else None

    def draw(self, surface: pygame.Surface, above: pygame.Rect | None = None) -> None:
        """Stacked from the bottom of the screen, or just above `above` (a status line, which
        must stay readable) and centred on it."""
        y = theme.SIZE[1] - 24 if above is None else above.top - 8
        cx = theme.SIZE[0] / 2 if above is None else above.centerx
        width = 760 if above is None else min(760, above.width - 90)
        self.last_rects = []
        for t in reversed(self.items):
            colour = {"bad": theme.BAD, "good": theme.GOOD}.get(t.kind, theme.ACCENT)
            lines = theme.wrap(t.message, 20, width)
            h = 16 + 26 * len(lines)
            w = max(theme.font(20).size(line)[0] for line in lines) + 62
            appear = ease_out(min(1.0, t.age / 0.2))
            fade = min(1.0, (t.seconds - t.age) / 0.4)
            dx = shake(min(1.0, t.age / 0.45)) * 10 if t.kind == "bad" else 0.0
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (int(cx + dx), int(y + (1 - appear) * 20))
            if above is not None:
                rect.bottom = min(rect.bottom, above.top - 4)
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (*theme.BG_DEEP, 235), box.get_rect(), border_radius=10)
            pygame.draw.rect(box, colour, box.get_rect(), 2, border_radius=10)
            _icon(box, t.kind, colour, (24, 8 + 13))
            for i, line in enumerate(lines):
                box.blit(theme.text(line, 20, theme.TEXT), (44, 8 + 26 * i))
            box.set_alpha(int(255 * max(0.0, fade)))
            surface.blit(box, rect)
            self.last_rects.append(rect)
            y = rect.top - 8


def _icon(surface: pygame.Surface, kind: str, colour: theme.Colour, c: tuple[int, int]) -> None:
    """A cross for refusals, a tick for success, a dot for news: the kind reads without colour."""
    x, y = c
    if kind == "bad":
        pygame.draw.line(surface, colour, (x - 6, y - 6), (x + 6, y + 6), 3)
        pygame.draw.line(surface, colour, (x - 6, y + 6), (x + 6, y - 6), 3)
    elif kind == "good":
        pygame.draw.lines(surface, colour, False, [(x - 7, y), (x - 2, y + 6), (x + 7, y - 6)], 3)
    else:
        pygame.draw.circle(surface, colour, (x, y), 5)


class MoveList:
    """A scrollable two-column list of moves in notation, the last one highlighted."""

    def __init__(self, rect: pygame.Rect, title: str = N_("Moves")) -> None:
        self.rect = rect
        self.title = title
        self.scroll = 0  # rows scrolled up from the end

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(theme.mouse_pos()):
            self.scroll = max(0, self.scroll + event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface, moves: Sequence[str], current: int | None = None,
             two_columns: bool = True) -> None:
        """`current` = number of moves played (moves after it are the redo tail, dimmed)."""
        theme.panel(surface, self.rect)
        theme.blit_text(surface, _(self.title), (self.rect.x + 14, self.rect.y + 8), 18,
                        theme.TEXT_DIM)
        row_h = 24
        top = self.rect.y + 36
        rows_fit = max(1, (self.rect.height - 44) // row_h)
        per = 2 if two_columns else 1
        n_rows = (len(moves) + per - 1) // per
        self.scroll = min(self.scroll, max(0, n_rows - rows_fit))
        first = max(0, n_rows - rows_fit - self.scroll)
        played = len(moves) if current is None else current
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        for row in range(first, min(n_rows, first + rows_fit)):
            y = top + (row - first) * row_h
            theme.blit_text(surface, f"{row + 1}.", (self.rect.x + 14, y), 17, theme.TEXT_DIM)
            for k in range(per):
                i = row * per + k
                if i >= len(moves):
                    break
                x = self.rect.x + 60 + k * ((self.rect.width - 70) // per)
                colour = theme.TEXT if i < played else theme.LINE
                if i == played - 1:
                    w = (self.rect.width - 76) // per
                    pygame.draw.rect(surface, theme.ACCENT_DARK, (x - 6, y - 1, w, row_h - 2),
                                     border_radius=5)
                theme.blit_text(surface, moves[i], (x, y), 17, colour)
        surface.set_clip(clip)


#: pygame_gui layer of a dialog's veil; its buttons sit just above. The screen's own widgets
#: (and an open drop-down list) stay below it.
MODAL_LAYER = 40


class ModalVeil(pygame_gui.core.UIElement):
    """What a dialog lays over the whole screen, between the screen's widgets and its own
    buttons. It has no picture (the dialog draws the dimming itself, see `Scene.draw_ui`):
    it only takes the pointer, so the widgets under it stay in view, dimmed, but are neither
    hovered nor clicked."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(pygame.Rect((0, 0), theme.SIZE), ui, None,
                         starting_height=MODAL_LAYER, layer_thickness=1,
                         element_id=["modal_veil"])

    def process_event(self, event: pygame.event.Event) -> bool:
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


class Modal:
    """A centred dialog with a message and buttons; while open the scene ignores board input.

    The screen stays in view behind it, every widget included, dimmed: the scene draws its
    widgets, then the dialog's shade and box, then the dialog's buttons (`Scene.draw_ui`).
    """

    def __init__(self, ui: pygame_gui.UIManager, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None]]]) -> None:
        self.ui = ui
        # as wide as the title needs (a game's name can make it long), within the screen
        w = min(theme.SIZE[0] - 80, max(600, theme.font(28, True).size(title)[0] + 80))
        lines = theme.wrap(message, 20, w - 80)
        h = 150 + 26 * len(lines)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (theme.SIZE[0] // 2, theme.SIZE[1] // 2)
        self.title = title
        self.lines = lines
        self.actions: dict[pygame_gui.core.UIElement, Callable[[], None]] = {}
        # The screen's tooltips would pop up over the dialog: silence them while it is open
        # (the veil already keeps the pointer from the widgets), and let no text field keep
        # the keyboard.
        self._tips: dict[pygame_gui.core.UIElement, str] = {}
        for el in gui_adapter.root_elements(ui):
            tip = gui_adapter.silence_tooltip(el)
            if tip:
                self._tips[el] = tip
        ui.set_focus_set(None)
        self.veil = ModalVeil(ui)
        bw = 170
        gap = 14
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = self.rect.centerx - total // 2
        for label, fn in buttons:
            b = pygame_gui.elements.UIButton(pygame.Rect(x, self.rect.bottom - 64, bw, 44), label,
                                             ui, object_id="#modal_button",
                                             starting_height=MODAL_LAYER + 1)
            self.actions[b] = fn
            x += bw + gap
        self.open = True

    def widgets(self) -> set[pygame_gui.core.UIElement]:
        """The dialog's own widgets, drawn over its shade."""
        return set(self.actions)

    def handle_ui(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            fn = self.actions[event.ui_element]
            self.dismiss()
            fn()
            return True
        return False

    def dismiss(self) -> None:
        for b in self.actions:
            b.kill()
        self.actions.clear()
        self.veil.kill()
        for el, tip in self._tips.items():
            gui_adapter.restore_tooltip(el, tip)
        self._tips.clear()
        self.open = False

    def draw(self, surface: pygame.Surface) -> None:
        """The shade over the screen (its widgets included) and the dialog's box and text."""
        shade = pygame.Surface(theme.SIZE, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.rect, theme.PANEL_LIGHT, 16, theme.ACCENT)
        theme.blit_text(surface, self.title, (self.rect.centerx, self.rect.y + 22), 28,
                        theme.ACCENT, True, "midtop")
        for i, line in enumerate(self.lines):
            theme.blit_text(surface, line, (self.rect.centerx, self.rect.y + 72 + 26 * i), 20,
                            theme.TEXT, anchor="midtop")


def draw_status(surface: pygame.Surface, rect: pygame.Rect, left: str, right: str = "",
                colour: theme.Colour = theme.TEXT, marker: theme.Colour | None = None) -> None:
    """The status bar: whose turn (with the side's colour and mark), clocks, short messages.

    The two texts share one line when they fit side by side with room between; when they do
    not (a longer language, a long refusal), the right one goes under the left one, and each
    is drawn a size smaller until it fits its line, so neither is ever drawn over the other."""
    theme.panel(surface, rect, theme.PANEL, 10)
    x = rect.x + 16
    if marker is not None:
        pygame.draw.circle(surface, marker, (x + 10, rect.centery), 10)
        pygame.draw.circle(surface, theme.TEXT, (x + 10, rect.centery), 10, 2)
        x += 30
    status_texts(surface, rect, x, left, right, colour)


def status_texts(surface: pygame.Surface, rect: pygame.Rect, x: int, left: str, right: str,
                 colour: theme.Colour = theme.TEXT) -> None:
    """The words of a status bar from `x` (after its mark): see draw_status."""
    room = rect.right - 16 - x
    left_w = theme.font(22, True).size(left)[0]
    right_w = theme.font(20).size(right)[0] if right else 0
    if left_w + right_w + 32 <= room:
        theme.blit_text(surface, left, (x, rect.centery), 22, colour, True, "midleft")
        if right:
            theme.blit_text(surface, right, (rect.right - 16, rect.centery), 20, theme.TEXT_DIM,
                            anchor="midright")
        return
    top = rect.y + rect.height * 0.3 if right else rect.centery
    size = fitting_size(left, room, 20 if right else 22, True)
    theme.blit_text(surface, left, (x, top), size, colour, True, "midleft")
    if right:
        size = fitting_size(right, rect.width - 32, 16, False)
        theme.blit_text(surface, right, (rect.right - 16, rect.y + rect.height * 0.74), size,
                        theme.TEXT_DIM, anchor="midright")


def fitting_size(text: str, width: int, size: int, bold: bool, smallest: int = 12) -> int:
    """The largest font size from `size` down to `smallest` at which `text` fits `width`."""
    while size > smallest and theme.font(size, bold).size(text)[0] > width:
        size -= 1
    return size


#: The font sizes a control's label may shrink to (assets/theme.json has a "#fitN" block for
#: each, and "#fitN_bold" for the bold buttons), largest first.
FIT_SIZES = (17, 16, 15, 14)
#: What a pygame_gui control keeps around its label (border, rounded corners, a little air).
LABEL_PAD = 14


def fitted_id(label: str, width: int, object_id: str | None = None,
              size: int = 18, bold: bool = False) -> str | ObjectID | None:
    """The theme id that draws `label` whole in a control `width` wide: its own style when the
    label fits at the theme's `size`, else the largest smaller font that holds it (a longer
    language shrinks the label a little rather than cutting it). The control's own style stays
    as the class id, so its colours are kept."""
    room = width - LABEL_PAD
    if theme.font(size, bold).size(label)[0] <= room:
        return object_id
    fit = next((s for s in FIT_SIZES if s < size and theme.font(s, bold).size(label)[0] <= room),
               FIT_SIZES[-1])
    return ObjectID(object_id=f"#fit{fit}{'_bold' if bold else ''}", class_id=object_id)


def draw_paragraphs(surface: pygame.Surface, paragraphs: Sequence[str], rect: pygame.Rect,
                    size: int, colour: theme.Colour, smallest: int = 14, gap: int = 6) -> int:
    """Lines of help in `rect`: each wrapped to its width, a size smaller (down to `smallest`)
    until all of them fit its height, a line apart so accents never touch the line above.
    Returns the bottom of the last line."""
    def layout(sz: int) -> list[list[str]]:
        return [theme.wrap(p, sz, rect.width) for p in paragraphs]

    while size > smallest:
        step = theme.font(size).get_linesize()
        blocks = layout(size)
        if sum(len(b) for b in blocks) * step + gap * (len(blocks) - 1) <= rect.height:
            break
        size -= 1
    step = theme.font(size).get_linesize()
    y = rect.y
    for block in layout(size):
        for line in block:
            theme.blit_text(surface, line, (rect.x, y), size, colour)
            y += step
        y += gap
    return y - gap


def button(ui: pygame_gui.UIManager, rect: tuple[int, int, int, int], label: str,
           tooltip: str | None = None, object_id: str | None = None) -> pygame_gui.elements.UIButton:
    """A themed pygame_gui button (one call so every screen's buttons look alike), its label in a
    smaller font when the theme's does not fit the button's width."""
    bold, size = {"#primary": (True, 20), "#modal_button": (True, 18)}.get(object_id or "",
                                                                           (False, 18))
    return pygame_gui.elements.UIButton(pygame.Rect(rect), label, ui, tool_tip_text=tooltip,
                                        object_id=fitted_id(label, rect[2], object_id, size, bold))


class ListCover:
    """Hides the controls an open drop-down list lies over, and shows them again as it folds.

    A pygame_gui list is narrower than its box and drawn over whatever is below, so the edges
    and arrows of the covered boxes showed beside it and the list read as a jumble. Each frame,
    `update` looks for the open list among `controls` and hides exactly what it covers.
    `may_show(control)` says whether a control should come back (not if its page turned).
    """

    def __init__(self) -> None:
        self.covered: set[pygame_gui.core.UIElement] = set()

    def update(self, controls: Sequence[pygame_gui.core.UIElement],
               may_show: Callable[[pygame_gui.core.UIElement], bool] = lambda c: True) -> None:
        open_list = next((c for c in controls if isinstance(c, pygame_gui.elements.UIDropDownMenu)
                          and gui_adapter.is_open(c)), None)
        covered: set[pygame_gui.core.UIElement] = set()
        area = None if open_list is None else gui_adapter.open_list_rect(open_list)
        if area is not None:
            covered = {c for c in controls if c is not open_list and
                       (c.visible or c in self.covered) and c.rect.colliderect(area)}
        for c in self.covered - covered:
            if may_show(c):
                c.show()
        for c in covered - self.covered:
            c.hide()
        self.covered = covered
