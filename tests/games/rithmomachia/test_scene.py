"""The Rithmomachia screen, headless: steps and captures by real clicks, the capture list, the End
turn key, the arithmetic drawn for the capture in focus, the winning line, trays and diagrams."""

from __future__ import annotations

import time

import pygame
import pygame_gui
import pytest

from game import registry
from game.app import App
from game.games.rithmomachia import rules as R
from game.games.rithmomachia.adapter import to_view
from game.games.rithmomachia.help import DIAGRAMS
from game.games.rithmomachia.scene import END_BTN, LINE_H, LIST, RithmomachiaScene
from game.scenes.catalog import open_scene

from .helpers import sq, text

COMBO = text({"e10": "t56", "d10": "C2", "f10": "C4", "e5": "T25", "a1": "C8", "h16": "c3"})


def open_match(app: App, **kw: object) -> RithmomachiaScene:
    scene = open_scene(app, "match:rithmomachia", **kw)  # type: ignore[arg-type]
    assert isinstance(scene, RithmomachiaScene)
    return scene


def frames(app: App, n: int = 40) -> None:
    for i in range(n):
        app.step(1 / 60)
        if i % 8 == 0 or i == n - 1:
            app.draw()


def press(app: App, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click(app: App, scene: RithmomachiaScene, name: str) -> None:
    press(app, scene.view.square_rect(to_view(sq(name))).center)


def test_a_step_then_the_combination_by_clicks(app: App) -> None:
    scene = open_match(app, position=COMBO)
    frames(app, 5)
    click(app, scene, "e5")
    click(app, scene, "e7")
    frames(app)
    assert scene.state.phase == 3 and scene.match.notation == ("e5-e7",)
    caps = scene.capture_list()
    assert [c.arithmetic for c in caps] == ["25 × 2 + 4 + 2 = 56"]
    assert scene.focus() is caps[0]
    # select a capturer (the circle 2 on d10), then the victim
    click(app, scene, "d10")
    click(app, scene, "e10")
    frames(app)
    assert scene.match.notation[-1] == "C:e7+d10+f10xe10"
    assert scene.state.to_move == R.ODDS and scene.state.board[sq("e10")] is None
    assert scene.side_info(R.EVENS) == "took 1 piece"
    assert scene.move_entries() == (["Evens e5-e7 C:e7+d10+f10xe10"], False)


def test_capture_list_click_and_end_turn_key(app: App) -> None:
    position = text({"c5": "C4", "d9": "t12", "h1": "C2", "h16": "c3", "a16": "c5"})
    scene = open_match(app, position=position)
    frames(app, 5)
    click(app, scene, "c5")
    click(app, scene, "d5")
    frames(app)
    assert scene.state.phase == 3
    # E ends phase 3 without taking the 12; the capture waits
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
    assert scene.match.notation[-1] == "--" and scene.state.to_move == R.ODDS
    assert scene.move_entries() == (["Evens c5-d5"], False)
    scene.match.undo()
    scene.sync()
    assert scene.state.phase == 3
    # a click on the list's first line takes the capture
    press(app, (LIST.x + 40, LIST.y + 30 + LINE_H // 2))
    frames(app)
    assert scene.match.notation[-1] == "A:d5xd9"
    assert scene.state.to_move == R.ODDS


def test_end_button_only_in_phase_three(app: App) -> None:
    scene = open_match(app, position=COMBO)
    frames(app, 5)
    press(app, END_BTN.center)
    assert scene.match.notation == ()
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))
    assert scene.match.notation == ()


def test_a_refused_step_says_why(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_match(app, position=COMBO)
    said: list[str] = []
    monkeypatch.setattr(scene, "refuse", said.append)
    frames(app, 5)
    click(app, scene, "e5")
    click(app, scene, "e8")
    assert said and "triangle moves exactly 2 squares" in said[-1]
    assert scene.match.notation == ()


def test_the_winning_line_and_every_picture_draw(app: App) -> None:
    won = text({"d10": "C4", "d11": "C6", "d12": "T9", "a1": "C2", "h16": "c3"}, "o")
    scene = open_match(app, position=won, options={"victory": "magna"})
    frames(app)
    found = scene.board.winning_line(scene.state)
    assert found is not None and found[1].values == (4, 6, 9)
    surf = pygame.Surface((380, 380), pygame.SRCALPHA)
    for position in DIAGRAMS.values():
        surf.fill((0, 0, 0, 0))
        RithmomachiaScene.draw_diagram(surf, surf.get_rect(), registry.get("rithmomachia"),
                                       position)
        assert surf.get_bounding_rect().width > 100
    assert RithmomachiaScene.thumbnail((300, 180)).get_size() == (300, 180)


def test_plays_against_the_computer(app: App) -> None:
    scene = open_match(app, computer=(False, True))
    frames(app, 5)
    click(app, scene, "d4")
    click(app, scene, "d5")
    for _ in range(400):
        app.step(1 / 60)
        if scene.match.ply >= 2 and scene.state.to_move == R.EVENS:
            break
        time.sleep(0.01)
    assert scene.match.ply >= 2 and scene.state.to_move == R.EVENS


def test_the_board_reads_counts_and_explains_without_covering(app: App) -> None:
    """Two-digit ranks clear of the camp strips, pyramid layers that can be counted, the
    arithmetic beside the men it explains, and edges that show the zoomed board scrolls."""
    from game.games.rithmomachia.scene import CAMP_MARGIN
    from game.ui import theme
    from game.ui.piece_game import PieceView

    position = text({"c5": "C4", "d9": "t12", "h1": "C2", "h16": "c3", "a16": "c5"})
    scene = open_match(app, position=position)
    frames(app, 5)
    click(app, scene, "c5")
    click(app, scene, "d5")
    frames(app)
    assert scene.bubble_rect is not None
    focus = scene.focus()
    assert focus is not None
    assert not any(scene.bubble_rect.colliderect(r) for r in scene.capture_squares(focus))
    # "16" beside the squares, the camp strip outside it
    v = scene.view.viewport
    label = theme.text("16", max(11, min(16, scene.view.cell // 3 + 4)), theme.TEXT).get_rect(
        center=(v.left - scene.view.margin // 2, 0))
    assert v.x - CAMP_MARGIN + 3 + 4 <= label.left and label.right < v.left
    # a pyramid's six layers are told apart on the board: rows of its left edge change colour
    img = scene.sprites(PieceView("P91", 0), scene.view.piece_size())
    x = 2
    seams = sum(1 for y in range(1, img.get_height())
                if img.get_at((x, y))[:3] != img.get_at((x, y - 1))[:3])
    assert img.get_height() / 6 >= 5 and seams >= 2
    assert scene.view.scroll_edges() == ()
    scene.view.zoom(2)
    assert set(scene.view.scroll_edges()) == {"left", "right", "top", "bottom"}


def test_setup_greys_out_the_numbers_the_victory_does_not_count(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import theme

    # the pointer off the screen: where an earlier test left it, it could point at another
    # option, which the explanation would then be about
    monkeypatch.setattr(theme, "mouse_pos", lambda: (-1, -1))
    scene = open_scene(app, "setup:rithmomachia")
    by_id = {oid: dd for dd, oid in scene.opt_widgets.items()}  # type: ignore[attr-defined]
    assert by_id["pieces"].is_enabled
    assert not by_id["sum"].is_enabled and not by_id["digits"].is_enabled
    assert not by_id["placement"].is_enabled and by_id["siege_edges"].is_enabled
    assert scene.opt_unused[by_id["sum"]].startswith(  # type: ignore[attr-defined]
        "Not used by the victory chosen (De corpore")
    scene.explained = by_id["sum"]  # type: ignore[attr-defined]
    head, body = scene.explanation()  # type: ignore[attr-defined]
    assert body.startswith("Not used by the victory chosen") and "de bonis" in body
    victory = by_id["victory"]
    text = next(t for t, v in scene.opt_values[victory].items()  # type: ignore[attr-defined]
                if v == "lite")
    app.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                        ui_element=victory, text=text))
    assert by_id["sum"].is_enabled and by_id["digits"].is_enabled
    assert not by_id["pieces"].is_enabled
