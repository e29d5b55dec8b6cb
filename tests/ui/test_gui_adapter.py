"""What game/ui/gui_adapter.py relies on in pygame_gui, pinned: an upgrade of the library that
changes any of it fails here first."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pygame_gui
import pytest

from game.ui import gui_adapter, theme
from game.ui.gui_adapter import CanvasUIManager


@pytest.fixture
def ui() -> Iterator[CanvasUIManager]:
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield CanvasUIManager(theme.SIZE, theme.theme_path(), enable_live_theme_updates=False)


@pytest.fixture
def letterboxed() -> Iterator[theme.View]:
    """The canvas scaled by 1.5 into a window wider than it: an offset and a scale."""
    old = theme.view.offset, theme.view.scale
    theme.view.fit((2400, 1200))
    yield theme.view
    theme.view.offset, theme.view.scale = old


def test_the_manager_reads_the_pointer_once_a_frame_through_the_one_overridden_method(
        ui: CanvasUIManager, letterboxed: theme.View, monkeypatch: pytest.MonkeyPatch) -> None:
    assert letterboxed.offset[0] > 0 and letterboxed.scale == 1.5
    window_point = (letterboxed.offset[0] + 300, letterboxed.offset[1] + 150)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: window_point)
    calls: list[int] = []
    original = CanvasUIManager._update_mouse_position

    def counted(self: CanvasUIManager) -> None:
        calls.append(1)
        original(self)

    monkeypatch.setattr(CanvasUIManager, "_update_mouse_position", counted)
    ui.update(0.01)
    assert calls == [1]
    assert ui.get_mouse_position() == (200, 100)  # canvas pixels: (300, 150) / 1.5


def test_a_plain_manager_would_miss_the_letterbox(letterboxed: theme.View,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    pygame.display.set_mode((64, 64))
    plain = pygame_gui.UIManager(theme.SIZE)
    window_point = (letterboxed.offset[0] + 300, letterboxed.offset[1] + 150)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: window_point)
    plain.update(0.01)
    assert plain.get_mouse_position() != (200, 100)


def test_event_positions_the_app_has_mapped_are_not_mapped_again(ui: CanvasUIManager) -> None:
    assert ui.calculate_scaled_mouse_position((1000, 700)) == (1000, 700)


def test_a_button_is_among_the_screen_widgets_and_its_tooltip_can_be_silenced(
        ui: CanvasUIManager) -> None:
    b = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 40), "Play", ui,
                                     tool_tip_text="Start a game")
    inner = pygame_gui.elements.UIPanel(pygame.Rect(200, 10, 200, 200), manager=ui)
    nested = pygame_gui.elements.UIButton(pygame.Rect(5, 5, 50, 30), "x", ui, container=inner)
    found = gui_adapter.root_elements(ui)
    assert b in found and inner in found and nested not in found
    b.tool_tip = ui.create_tool_tip("Start a game", (10, 10), (0, 0), None, None)
    showing = b.tool_tip
    assert gui_adapter.silence_tooltip(b) == "Start a game"
    assert b.tool_tip_text is None and b.tool_tip is None and not showing.alive()
    assert gui_adapter.silence_tooltip(b) is None  # nothing left to silence
    gui_adapter.restore_tooltip(b, "Start a game")
    assert b.tool_tip_text == "Start a game"


def test_a_drop_down_opens_shows_its_list_and_folds(ui: CanvasUIManager) -> None:
    dd = pygame_gui.elements.UIDropDownMenu(["One", "Two", "Three"], "One",
                                            pygame.Rect(100, 100, 200, 40), ui)
    ui.update(0.01)
    assert not gui_adapter.is_open(dd) and gui_adapter.open_list_rect(dd) is None
    assert gui_adapter.hovered_choice(dd) is None and not gui_adapter.fold(dd)
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        ui.process_events(pygame.event.Event(kind, pos=(200, 120), button=1))
    for posted in pygame.event.get():  # the button's press reaches the menu through the queue
        ui.process_events(posted)
    ui.update(0.01)
    assert gui_adapter.is_open(dd)
    area = gui_adapter.open_list_rect(dd)
    assert area is not None and area.top >= 120 and area.height > 40
    assert gui_adapter.fold_all([dd]) is True
    ui.update(0.01)
    assert not gui_adapter.is_open(dd)


def test_managers_of_one_theme_file_share_the_parsed_theme_and_add_no_search_path(
        ui: CanvasUIManager) -> None:
    import i18n

    paths = len(i18n.load_path)
    other = CanvasUIManager(theme.SIZE, theme.theme_path(), enable_live_theme_updates=False)
    assert other.get_theme() is ui.get_theme()
    assert len(i18n.load_path) == paths == len(set(i18n.load_path))
    plain = pygame_gui.UIManager(theme.SIZE, theme.theme_path())  # the library alone: its own
    assert plain.get_theme() is not ui.get_theme()


def test_a_shared_theme_follows_the_language_of_the_manager_using_it(ui: CanvasUIManager) -> None:
    ui.set_locale("fr")
    other = CanvasUIManager(theme.SIZE, theme.theme_path(), enable_live_theme_updates=False)
    assert other.get_theme()._locale == "en"  # a new manager starts in English, as it would


def test_after_pygame_restarts_its_fonts_the_theme_is_parsed_again(ui: CanvasUIManager) -> None:
    from tests.conftest import release_caches

    before = ui.get_theme()
    pygame.font.quit()  # what pygame.quit() does to every font made until then
    pygame.font.init()
    try:
        again = CanvasUIManager(theme.SIZE, theme.theme_path(), enable_live_theme_updates=False)
        assert again.get_theme() is not before
        button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 40), "Play", again)
        again.draw_ui(pygame.Surface(theme.SIZE))  # its fonts work
        assert button.alive()
    finally:
        release_caches()  # the game's own font caches died too


def test_the_shared_theme_keys_its_memo_of_theming_ids_by_a_tuple_not_a_huge_string(
        ui: CanvasUIManager) -> None:
    """pygame_gui's own memo key interleaves the characters of the id strings (nested
    str.join): for a row of an open drop-down list it is over a megabyte, kept for good by a
    shared theme. The shared theme answers the same ids and keeps none of those strings."""
    shared = ui.get_theme()
    assert isinstance(shared, gui_adapter.SharedTheme)
    plain = pygame_gui.core.UIAppearanceTheme(ui.resource_loader, "en")
    deep = (["drop_down_menu", "selection_list", "button"],
            ["drop_down_menu", "drop_down_menu.selection_list",
             "drop_down_menu.selection_list.button"],
            [None, None, "@selection_list_item"], ["#options", None, "#item"])
    expected = plain.build_all_combined_ids(*deep)
    huge = max(len(k) for k in plain.unique_theming_ids)
    assert huge > 10_000  # the library's key, for three levels of widgets
    assert shared.build_all_combined_ids(*deep) == expected
    assert shared.build_all_combined_ids(*deep) is shared.build_all_combined_ids(*deep)
    assert not shared.unique_theming_ids
    dd = pygame_gui.elements.UIDropDownMenu(["One", "Two"], "One", pygame.Rect(0, 0, 200, 40), ui)
    dd.current_state.should_transition = True
    ui.update(0.01)
    assert gui_adapter.is_open(dd) and not shared.unique_theming_ids
