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


def build_in_position(scene: CollectionScene, number: int, o: int) -> None:
    """Lay solution `number` turned by symmetry `o`, as a player may build it, and finish."""
    cat = collection.catalogue()
    turned = collection.solver.transformed(cat.solutions[number - 1], o)
    scene._aim_at(number, collection.solver.label(turned))
    for _piece in range(scene.pieces.count):
        scene._place_solution_piece()
    scene.tweens.finish_all()
    scene.motions.clear()
    scene.check_solved()


def test_the_card_of_a_new_find_shows_the_square_the_way_it_was_built(app: App) -> None:
    from game.games.ostomachion.gallery import pieces_thumbnail, solution_thumbnail

    scene = open_536(app)
    build_in_position(scene, 5, 1)  # a quarter turn from the catalogue's position
    f = scene.found_now
    assert f is not None and f.number == 5 and f.new
    laid = collection.on_grid(scene.rules.polygons(scene.state))
    assert f.pieces == tuple(laid[i] for i in sorted(laid))
    frames(app, 40)
    app.draw()
    card = pieces_thumbnail(f.pieces, 150)
    canonical = solution_thumbnail(collection.catalogue(), 5, 150)
    assert pygame.image.tobytes(card, "RGB") != pygame.image.tobytes(canonical, "RGB")
    # the celebration shows the built square: find the card's picture on the screen
    shown = app.canvas
    box = next(r for r in (pygame.Rect(x, y, 150, 150) for x in range(0, 1280 - 150, 1)
                           for y in (scene_card_top(scene),)) if
               pygame.image.tobytes(shown.subsurface(r), "RGB")
               == pygame.image.tobytes(card, "RGB"))
    assert box is not None


def scene_card_top(scene: CollectionScene) -> int:
    from game.scenes.puzzle_base import BOARD_AREA

    return BOARD_AREA.centery - 170 + 58  # the celebration box's picture, once settled


def test_a_square_built_with_hints_is_collected_marked(app: App) -> None:
    scene = open_536(app)
    key(app, pygame.K_h)  # one piece laid by a hint
    frames(app, 60)
    target = scene.target
    assert target is not None and scene.hints_used == 1
    for _piece in range(scene.pieces.count):
        scene._place_solution_piece()
    scene.tweens.finish_all()
    scene.motions.clear()
    scene.check_solved()
    f = scene.found_now
    assert f is not None and f.number == target and f.new and f.helped
    assert scene.coll.helped == {target}
    saved = json.loads(collection.collection_path().read_text(encoding="utf-8"))
    assert saved["helped"] == [target]
    assert "with hints" in scene.status_text()[0]
    gallery = GalleryScene(app, ENTRY, collection.catalogue(), scene.coll, highlight=target)
    app.push(gallery)
    frames(app, 2)


def test_the_latest_marker_names_the_last_find(app: App) -> None:
    coll = collection.Collection()
    coll.add(300, collection.today())
    coll.save()
    scene = open_536(app)
    build_in_position(scene, 12, 0)
    assert scene.coll.numbers()[-1] == 12
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    assert scene.coll.found[12] == collection.today()
