"""Every registered screen opens headless, takes input, draws frames and closes; app-level
behaviour (Esc, F11, quit with autosave, corrupt settings notice) works without a display."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import registry
from game.app import App
from game.engine import storage
from game.scenes.catalog import open_scene, scene_ids

#: A colour no screen uses, painted before a frame to find what the frame leaves unpainted.
LEFTOVER = (255, 0, 254)


def _events(i: int) -> list[pygame.event.Event]:
    x, y = 60 + (i * 97) % 820, 60 + (i * 61) % 640
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1),
    ]


@pytest.mark.parametrize("scene_id", scene_ids())
def test_scene_opens_takes_input_and_draws(app: App, scene_id: str) -> None:
    open_scene(app, scene_id)
    top = app.top
    assert top is not None and top.title
    for i in range(8):
        for ev in _events(i):
            if app.top is not top:
                break
            app.handle_event(ev)
        app.step(1 / 60)
        app.draw()
    # A screen paints the whole canvas: nothing of what was there before shows through.
    canvas = app.canvas
    canvas.fill(LEFTOVER)
    app.draw()
    pixels = pygame.surfarray.pixels3d(canvas)
    leftover = (pixels == LEFTOVER).all(axis=2)
    assert not leftover.any(), f"{int(leftover.sum())} pixels not painted by {scene_id}"
    # and it shows something beyond its background: text, a board, buttons
    background = (pixels == pixels[2, 2]).all(axis=2)
    del pixels
    assert background.mean() < 0.95, f"{scene_id} is {background.mean():.0%} one colour"


def test_every_game_has_rules_text() -> None:
    for entry in registry.entries().values():
        sections = registry.resolve(entry.help)
        assert sections, entry.id
        assert all(h.strip() and b.strip() for h, b in sections), entry.id


def test_escape_in_a_started_match_asks_before_leaving(app: App) -> None:
    from game.scenes.match_base import MatchScene

    open_scene(app, "match:pions", moves=2)
    scene = app.top
    assert isinstance(scene, MatchScene)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                        scancode=0))
    assert scene.modal is not None and app.top is scene  # asked, not left


def test_closing_the_window_autosaves_the_match(app: App) -> None:
    open_scene(app, "match:pions", moves=3)
    path = storage.autosave_path("pions")
    path.unlink(missing_ok=True)
    app.handle_event(pygame.event.Event(pygame.QUIT))
    assert not app.running
    data = json.loads(path.read_text())
    assert data["game"] == "pions" and len(data["moves"]) == 3


def test_corrupt_settings_are_named_kept_and_defaults_used(home: Path) -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    app = App(headless=True)
    assert app.settings == storage.Settings()
    assert app.toasts.latest is not None and "settings.json" in app.toasts.latest
    assert (path.parent / "settings.json.bad").read_text() == "{not json"


def test_continue_resumes_the_autosaved_match(app: App) -> None:
    from game.scenes.menu import MenuScene

    open_scene(app, "match:pions", moves=4)
    app.top.close()  # autosaves
    app.stack.clear()
    menu = MenuScene(app)
    app.push(menu)
    assert menu.autosave is not None
    menu.resume()
    assert len(app.top.match.moves) == 4


def test_tampered_autosave_is_refused_with_move_number(app: App) -> None:
    from game.scenes.menu import MenuScene

    path = storage.autosave_path("pions")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "game": "pions", "variant": "normal", "options": {},
                                "players": [{"kind": "human", "name": "A"},
                                            {"kind": "human", "name": "B"}],
                                "moves": ["22-19", "23-24"]}))
    menu = MenuScene(app)
    app.push(menu)
    menu.resume()
    assert app.top is menu
    msg = app.toasts.latest or ""
    assert "move 2" in msg
    assert list(path.parent.glob("pions.json*.bad"))


def test_a_broken_level_is_named_and_the_others_stay_playable(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from game.resources import levels_dir
    from game.scenes import puzzle_base
    from game.scenes.level_select import LevelSelectScene

    folder = tmp_path / "hanoi"
    folder.mkdir()
    good = sorted(levels_dir("hanoi").glob("*.tmx"))[0]
    shutil.copy(good, folder / "01-good.tmx")
    broken = folder / "02-broken.tmx"
    broken.write_text("<map version='1.10'><objectgroup name='hanoi'>")  # cut short
    monkeypatch.setattr(puzzle_base, "levels_dir", lambda game=None: tmp_path / (game or ""))
    puzzle_base.list_levels(registry.get("hanoi"), refresh=True)
    try:
        scene = LevelSelectScene(app, registry.get("hanoi"))
        app.push(scene)
        assert "02-broken.tmx" in (app.toasts.latest or "")
        assert [lv.error is None for lv in scene.levels] == [True, False]
        scene._open(1)  # refused with the reason, nothing opened
        assert app.top is scene
        scene._open(0)
        assert app.top is not scene
        assert broken.read_text() == "<map version='1.10'><objectgroup name='hanoi'>"
    finally:
        puzzle_base._LEVELS.pop("hanoi", None)  # the next test reads the real folder again


def test_every_game_has_a_pre_rendered_menu_picture_of_the_card_size() -> None:
    from game.resources import asset
    from game.scenes.menu import thumbnail_size

    games = [gid for gid, e in registry.playable().items() if not e.bonus]  # a card each
    size = thumbnail_size(len(games))
    for gid in games:
        path = asset("thumbnails", f"{gid}.png")
        assert path.is_file(), f"run tools/make_assets.py --thumbnails ({gid} has no picture)"
        assert pygame.image.load(str(path)).get_size() == size


def test_rules_texts_use_only_characters_the_font_can_draw() -> None:
    from game.ui import theme

    pygame.font.init()
    regular, bold = theme.font(19), theme.font(19, True)
    missing = regular.metrics("\uffff")  # what the font answers for a glyph it lacks
    for entry in registry.entries().values():
        text = " ".join(h + " " + b for h, b in registry.resolve(entry.help))
        bad = {c for c in set(text) if ord(c) > 127
               and (regular.metrics(c) == missing or bold.metrics(c) == missing)}
        assert not bad, f"{entry.id} rules text has characters the font lacks: {bad}"


def test_setup_pages_a_long_option_list_and_starts_with_the_chosen_options(app: App) -> None:
    from game.scenes.setup import SetupScene

    scene = open_scene(app, "setup:abalone")
    assert isinstance(scene, SetupScene) and scene.pages == 2
    shown = {dd for dd, page in scene.opt_pages.items() if dd.visible}
    scene.next_page()
    assert shown.isdisjoint({dd for dd, page in scene.opt_pages.items() if dd.visible})
    scene.options["eject_target"] = 4
    scene.start()
    assert app.top.match.options["eject_target"] == 4
