"""The one place that relies on pygame_gui beyond its documented interface.

pygame_gui (0.6) offers no public way to do five things the screens need, so each is done here,
once, and `tests/ui/test_gui_adapter.py` pins the library behaviour it relies on — an upgrade that
changes it fails there, not on a player's screen:

- **The pointer in a scaled window.** The app draws on a 1280 × 800 canvas and letterboxes it
  into the window, so a pointer in window pixels must be mapped to canvas pixels (a scale *and*
  an offset). The app maps every event before the manager sees it; the manager also reads the
  pointer itself once a frame, for hovering, through `UIManager._update_mouse_position` — the
  only place it reads the window. `CanvasUIManager` overrides that one method. (The public
  `mouse_pos_scale_factor` scales without an offset, and `calculate_scaled_mouse_position` is
  also applied to event positions, which the app has already mapped.)
- **The widgets of a screen**, to hide them under a dialog: the root container's `elements`.
- **A widget's tooltip silenced and restored**: `set_tooltip` is public, but a tooltip already
  showing lives on in the element's `tool_tip` until killed.
- **A drop-down's open list**: whether it is open, its rectangle, the choice under the pointer,
  and folding it — read from the menu's `current_state`, `menu_states["expanded"]` and the
  expanded state's `options_selection_list`.
- **What the widgets do by themselves**, so the app can sleep while they are still: a tooltip
  coming under a still pointer (a hovered widget's `hover_time` against its `tool_tip_delay`)
  and a text field's caret blinking (`blink_cursor_time`, `cursor_on`).

Two costs of making a manager are also kept once here. Every screen has its own manager, and a
manager parses its theme file (and pygame_gui's default one), loads its fonts and allocates a
4 MB shape cache: some 50 ms of CPU per screen change, and the same again for every screen a
test opens. `CanvasUIManager.create_new_theme` hands every manager the one theme parsed first
(the theme is read-only once loaded; its caches of fonts and drawn shapes are shared, which
only saves work), made anew when pygame has been shut down since (its fonts died with it). And
each manager appends pygame_gui's translation folder to python-i18n's search path, which a long
session would grow by one entry per screen, each searched again for every dotted text:
the path keeps one copy of each folder.

The shared theme (`SharedTheme`) also memoises a widget's theming ids under a plain tuple of its
ids. pygame_gui's own memo key nests `str.join` calls, which interleave every character of one
string with the whole of another: for a row of an open drop-down list the key is a string of
over a megabyte, built again for every widget made, and kept for good by a long-lived theme
(hundreds of megabytes after the setup screens' lists had been opened once each).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import i18n
import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme, UIElement
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.ui import theme

Ids = list[str] | None
OptIds = list[str | None] | None


class SharedTheme(UIAppearanceTheme):
    """pygame_gui's theme, with the memo of combined theming ids keyed by a tuple."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._combined: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(self, element_base_ids: OptIds, element_ids: Ids,
                               class_ids: OptIds, object_ids: OptIds) -> list[str]:
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        found = self._combined.get(key)
        if found is None:
            found = super().build_all_combined_ids(element_base_ids, element_ids, class_ids,
                                                   object_ids)
            self.unique_theming_ids.clear()  # the library's memo, under its huge string keys
            self._combined[key] = found
        return found


#: The theme parsed once, by the path of its file (see the module text).
_THEMES: dict[str, UIAppearanceTheme] = {}


def _alive(ui_theme: UIAppearanceTheme) -> bool:
    """Whether the theme's fonts still work (pygame.quit() invalidates every font made before)."""
    try:
        ui_theme.get_font_dictionary().get_default_font().size("x")
    except pygame.error:
        return False
    return True


def forget_themes() -> None:
    """Drop the shared theme: the next manager parses its file again."""
    _THEMES.clear()


class CanvasUIManager(pygame_gui.UIManager):
    """pygame_gui's manager with the pointer read in canvas pixels (the window may be scaled),
    sharing one parsed theme with every other manager of the same theme file."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        paths = i18n.load_path
        if len(paths) != len(set(paths)):
            paths[:] = list(dict.fromkeys(paths))

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        if not isinstance(theme_path, (str, os.PathLike)):
            return super().create_new_theme(theme_path)
        key = os.fspath(theme_path)
        shared = _THEMES.get(key)
        if shared is None or not _alive(shared):
            shared = SharedTheme(self.resource_loader, self._locale)  # as the library makes one
            shared.load_theme(theme_path)
            _THEMES.clear()
            _THEMES[key] = shared
        else:  # as a new theme would be: in the manager's starting language
            shared.set_locale(self._locale)
            shared.get_font_dictionary().set_locale(self._locale)
        return shared

    def _update_mouse_position(self) -> None:
        self.mouse_position = theme.mouse_pos()


def root_elements(ui: pygame_gui.UIManager) -> list[UIElement]:
    """The widgets placed directly on a screen (not those inside another widget)."""
    return list(getattr(ui.get_root_container(), "elements", ()))


def silence_tooltip(element: UIElement) -> str | None:
    """Take away a widget's tooltip, closing it if it is showing; the text it had (or None)."""
    tip = getattr(element, "tool_tip_text", None)
    if not tip:
        return None
    element.set_tooltip(None)
    showing = getattr(element, "tool_tip", None)
    if showing is not None:
        showing.kill()
        element.tool_tip = None
    return str(tip)


def restore_tooltip(element: UIElement, tip: str) -> None:
    element.set_tooltip(tip)


def is_open(menu: UIDropDownMenu) -> bool:
    """Is the drop-down's list showing?"""
    return menu.current_state is menu.menu_states["expanded"]


def open_list_rect(menu: UIDropDownMenu) -> pygame.Rect | None:
    """Where the open list of a drop-down lies (None when it is folded)."""
    if not is_open(menu):
        return None
    listing = getattr(menu.current_state, "options_selection_list", None)
    return None if listing is None else pygame.Rect(listing.rect)


def hovered_choice(menu: UIDropDownMenu) -> str | None:
    """The text of the choice under the pointer in an open drop-down list, or None."""
    if not is_open(menu):
        return None
    listing = getattr(menu.current_state, "options_selection_list", None)
    for item in getattr(listing, "item_list", []):
        button = item.get("button_element")
        if button is not None and button.hovered:
            return str(item["text"])
    return None


def fold(menu: UIDropDownMenu) -> bool:
    """Fold an open drop-down list on its next update; False if it was not open."""
    state = menu.current_state
    if state is None or not is_open(menu):
        return False
    state.should_transition = True
    return True


def fold_all(elements: Iterable[UIElement]) -> bool:
    """Fold every open drop-down among `elements`; True if one was open."""
    folded = False
    for element in elements:
        if isinstance(element, UIDropDownMenu):
            folded = fold(element) or folded
    return folded


# -- what the widgets do by themselves (the app sleeps while they are still) -------------------


def tooltip_due(ui: pygame_gui.UIManager) -> float | None:
    """Seconds until a tooltip shows under a still pointer (its widget's `hover_time` reaching
    its `tool_tip_delay`), or None when none is coming."""
    due = None
    for element in ui.get_sprite_group().sprites():
        if getattr(element, "hovered", False) and getattr(element, "tool_tip_text", None) \
                and getattr(element, "tool_tip", None) is None:
            wait = max(0.0, float(getattr(element, "tool_tip_delay", 0.0))
                       - float(getattr(element, "hover_time", 0.0)))
            due = wait if due is None else min(due, wait)
    return due


def focused_entries(ui: pygame_gui.UIManager) -> list[UITextEntryLine]:
    """The text fields with the keyboard focus (their caret blinks while the manager updates)."""
    return [e for e in ui.get_focus_set() or () if isinstance(e, UITextEntryLine)]


def blink_period(entry: UITextEntryLine) -> float:
    """Seconds between two blinks of a text field's caret."""
    return float(entry.blink_cursor_time)


def caret_lit(entry: UITextEntryLine) -> bool:
    """Whether a text field's caret shows now (it blinks off and on)."""
    return bool(entry.cursor_on)
