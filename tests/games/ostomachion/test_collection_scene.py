"""The 536 on screen, headless: a finished square is numbered and collected (once), hints lead
to an unfound square, the gallery and the level select card."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game import registry
from game.app import App
from game.games.ostomachion import collection
from game.games.ostomachion.collection_scene import CollectionScene
from game.games.ostomachion.gallery import BOTTOM, TOP, GalleryScene
from game.scenes.level_select import LevelSelectScene
from tests.games.dissection.scene_helpers import frames

ENTRY = registry.get("ostomachion")


def key(app: App, k: int, **kw: Any) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0,
                                        **kw))


def open_536(app: App, **kwargs: Any) -> CollectionScene:
    scene = CollectionScene(app, ENTRY, **kwargs)
    app.push(scene)
    return scene


def test_a_finished_square_is_numbered_collected_and_saved(app: App) -> None:
    scene = open_536(app, solution=14)  # the reference square, built
    frames(app, 40)
    assert scene.is_solved
    assert scene.found_now is not None and scene.found_now.number == 138
    assert scene.found_now.new
    saved = json.loads(collection.collection_path().read_text(encoding="utf-8"))
    assert list(saved["found"]) == ["138"]
    assert "New: solution No. 138" in scene.status_text()[0]


def test_the_same_square_again_says_which_it_is(app: App) -> None:
    coll = collection.Collection()
    coll.add(138, "2026-11-01")
    coll.save()
    scene = open_536(app, solution=14)
    assert scene.found_now is not None and not scene.found_now.new
    assert "found on 2026-11-01" in scene.status_text()[0]
    assert scene.coll.found == {138: "2026-11-01"}


def test_build_another_starts_afresh(app: App) -> None:
    scene = open_536(app, solution=14)
    key(app, pygame.K_RETURN)
    frames(app, 30)
    assert not scene.is_solved and scene.found_now is None
    assert scene.state.placements == scene.rules.initial_state().placements


def test_a_hint_lays_a_piece_of_an_unfound_square(app: App) -> None:
    coll = collection.Collection()
    coll.add(1, "2026-11-01")
    coll.save()
    scene = open_536(app)
    key(app, pygame.K_h)
    frames(app, 60)
    assert scene.target == 2  # the lowest unfound
    moved = scene.state.order[-1]
    ring = scene.rules.polygons(scene.state)[moved]
    spot = collection.snapped(ring)
    assert spot is not None
    sol = collection.catalogue().images[1]  # solution 2 in its eight positions
    classes = collection.solver.shape_classes()
    assert any((classes[moved], collection.solver.key(spot)) in img for img in sol)


def test_watching_shows_an_unfound_square_without_collecting_it(app: App) -> None:
    scene = open_536(app)
    scene.watch_solution()
    for _ in range(40):
        frames(app, 30)
        if scene.is_solved:
            break
    assert scene.is_solved
    assert scene.found_now is not None and scene.found_now.number == 1
    assert scene.found_now.watched and not scene.found_now.new
    assert scene.coll.found == {}


def test_g_opens_the_gallery_of_found_squares(app: App) -> None:
    scene = open_536(app, solution=14)
    key(app, pygame.K_g)
    top = app.stack[-1]
    assert isinstance(top, GalleryScene) and top.numbers == [138]
    frames(app, 5)
    key(app, pygame.K_ESCAPE)
    assert app.stack[-1] is scene


def test_the_level_select_has_a_card_for_the_536(app: App) -> None:
    select = LevelSelectScene(app, ENTRY)
    app.push(select)
    frames(app, 3)
    assert [c.title for c in select.extras] == ["The 536"]
    assert select.extras[0].subtitle() == "0 / 536 found"
    select._open(len(select.levels))
    assert isinstance(app.stack[-1], CollectionScene)


def test_a_damaged_collection_file_is_named_and_set_aside(app: App) -> None:
    path = collection.collection_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"found": {"3": ', encoding="utf-8")
    scene = open_536(app)
    assert scene.coll.found == {}
    assert "ostomachion-536.json" in (app.toasts.latest or "")
    assert path.with_name(path.name + ".bad").exists()


def test_the_gallery_scrolls_within_its_grid_and_frames_the_new_find(app: App) -> None:
    coll = collection.Collection()
    for n in range(1, 100, 2):
        coll.add(n, "2026-11-01")
    gallery = GalleryScene(app, ENTRY, collection.catalogue(), coll, highlight=99)
    app.push(gallery)
    frames(app, 3)
    assert gallery.hover == gallery.numbers.index(99)
    card = gallery._rect(gallery.numbers.index(99))
    assert gallery.scroll > 0 and card.top >= TOP and card.bottom <= BOTTOM  # scrolled into view
    for _ in range(30):
        app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                            precise_x=0.0, precise_y=1.0, which=0,
                                            touch=False))
    assert gallery.scroll == 0
    key(app, pygame.K_LEFT)
    assert gallery.focus == gallery.numbers.index(97)
    frames(app, 2)


def test_an_empty_gallery_says_so(app: App) -> None:
    gallery = GalleryScene(app, ENTRY, collection.catalogue(), collection.Collection())
    app.push(gallery)
    frames(app, 2)
    assert gallery.numbers == [] and gallery._max_scroll() == 0
