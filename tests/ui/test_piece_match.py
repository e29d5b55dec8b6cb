"""The shared piece-match screen with real events under the dummy video driver, on a small test
game (tests/ui/fake_game.py) so the view is proven independent of any one game: click-click and
drag moves, refusals with the reason, the chooser, two-click Lion moves, zoom and pan keeping
hit-testing right, the board turned, the piece card, trays and animations."""

from __future__ import annotations

import pygame

from game.app import App
from game.engine.match import Match
from game.ui.piece_game import PieceView
from tests.ui.fake_game import ENTRY, FakeScene, parse_sq


def open_fake(app: App, start: str | None = None, **kw: object) -> FakeScene:
    scene = FakeScene(app, Match(ENTRY, start=start), **kw)  # type: ignore[arg-type]
    app.push(scene)
    app.step(1 / 60)
    app.draw()
    return scene


def pos_of(scene: FakeScene, name: str) -> tuple[int, int]:
    x, y = scene.view.centre(parse_sq(name))
    return (round(x), round(y))


def mouse(app: App, kind: int, pos: tuple[int, int], button: int = 1) -> None:
    if kind == pygame.MOUSEMOTION:
        app.handle_event(pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
    else:
        app.handle_event(pygame.event.Event(kind, pos=pos, button=button))


def click(app: App, scene: FakeScene, name: str, button: int = 1) -> None:
    p = pos_of(scene, name)
    mouse(app, pygame.MOUSEMOTION, p)
    mouse(app, pygame.MOUSEBUTTONDOWN, p, button)
    mouse(app, pygame.MOUSEBUTTONUP, p, button)


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def settle(app: App, n: int = 90) -> None:
    for i in range(n):
        app.step(1 / 60)
        if i % 10 == 0:
            app.draw()
    app.draw()


def test_click_click_plays_a_move_that_animates_to_its_square(app: App) -> None:
    scene = open_fake(app)
    click(app, scene, "a1")
    assert scene.input.frm == parse_sq("a1")
    assert parse_sq("a11") in scene.marks().targets
    click(app, scene, "a5")
    assert scene.match.notation == ("a1-a5",)
    assert scene.anim.current is not None and scene.anim.hidden() == {parse_sq("a5")}
    settle(app)
    assert scene.anim.current is None
    assert scene.pieces[parse_sq("a5")] == PieceView("R", 0)


def test_drag_and_drop_plays_and_shows_the_man_under_the_pointer(app: App) -> None:
    scene = open_fake(app)
    a, b = pos_of(scene, "c1"), pos_of(scene, "d3")
    mouse(app, pygame.MOUSEBUTTONDOWN, a)
    mouse(app, pygame.MOUSEMOTION, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
    assert scene._dragging()
    app.draw()
    mouse(app, pygame.MOUSEMOTION, b)
    mouse(app, pygame.MOUSEBUTTONUP, b)
    assert scene.match.notation == ("c1-d3",)


def test_a_refused_move_shows_the_games_reason_and_keeps_the_selection(app: App) -> None:
    scene = open_fake(app)
    click(app, scene, "a1")
    click(app, scene, "b2")
    assert app.toasts.latest == "the Rook cannot go from a1 to b2"
    assert scene.match.notation == () and scene.input.frm == parse_sq("a1")
    click(app, scene, "a1")  # put the Rook down
    assert scene.input.frm is None
    click(app, scene, "f12")  # the other side's man
    assert app.toasts.latest == "that man is not yours"


def test_promotion_chooser_offers_no_promotion_and_plays_the_choice(app: App) -> None:
    scene = open_fake(app)
    click(app, scene, "d10")
    click(app, scene, "d11")
    ch = scene.chooser
    assert ch is not None and [o.label for o in ch.options] == ["no promotion", "promote to Queen"]
    app.draw()
    r = ch.row(1)
    mouse(app, pygame.MOUSEMOTION, r.center)
    mouse(app, pygame.MOUSEBUTTONDOWN, r.center)
    assert scene.chooser is None
    assert scene.match.notation == ("d10-d11=Q",)
    settle(app)
    assert scene.pieces[parse_sq("d11")] == PieceView("Q", 0)


def test_escape_closes_the_chooser_without_playing(app: App) -> None:
    scene = open_fake(app)
    click(app, scene, "d10")
    click(app, scene, "d11")
    key(app, pygame.K_ESCAPE)
    assert scene.chooser is None and scene.match.notation == () and scene.modal is None


def test_lion_two_clicks_capture_and_go_on(app: App) -> None:
    scene = open_fake(app, "Kf1,Lg2,kf12,ph3,pi4 w")
    click(app, scene, "g2")
    click(app, scene, "h3")  # an enemy: one-step capture ends here, two-step moves go on
    assert scene.input.via == (parse_sq("h3"),) and scene.match.notation == ()
    assert scene.marks().targets[parse_sq("h3")] == "stop"
    click(app, scene, "i4")
    assert scene.match.notation == ("g2-h3-i4",)
    settle(app)
    assert parse_sq("h3") not in scene.pieces and scene.pieces[parse_sq("i4")].kind == "L"
    taken = scene.trays()[0]
    assert sum(n for _, n in taken) == 2


def test_zoom_and_pan_keep_hit_testing_right(app: App) -> None:
    scene = open_fake(app)
    view = scene.view
    fit = view.cell
    mouse(app, pygame.MOUSEMOTION, pos_of(scene, "c3"))
    for _ in range(3):
        app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert view.cell > fit and view.zoomed
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)  # pan with the keyboard
    for sq in view.visible_squares():
        x, y = view.centre(sq)
        if view.viewport.collidepoint(x, y):
            assert view.cell_at((x, y)) == sq
    # a middle-button drag pans and is not a move
    before = (view.ox, view.oy)
    mid = view.viewport.center
    mouse(app, pygame.MOUSEBUTTONDOWN, mid, 2)
    mouse(app, pygame.MOUSEMOTION, (mid[0] + 40, mid[1] - 30))
    mouse(app, pygame.MOUSEBUTTONUP, (mid[0] + 40, mid[1] - 30), 2)
    assert (view.ox, view.oy) != before
    view.follow(parse_sq("a1"))
    view.follow(parse_sq("a5"))
    click(app, scene, "a1")
    click(app, scene, "a4")
    assert scene.match.notation == ("a1-a4",)
    key(app, pygame.K_0)
    assert view.cell == fit


def test_turned_board_puts_a1_top_right_and_still_plays(app: App) -> None:
    scene = open_fake(app)
    a1 = scene.view.centre(parse_sq("a1"))
    key(app, pygame.K_f)
    assert scene.view.flipped
    b = scene.view.centre(parse_sq("a1"))
    assert b[0] > a1[0] and b[1] < a1[1]
    click(app, scene, "a1")
    click(app, scene, "a3")
    assert scene.match.notation == ("a1-a3",)


def test_piece_card_by_right_click_and_by_hover(app: App) -> None:
    scene = open_fake(app)
    click(app, scene, "c1", button=3)
    assert scene.card_square() == parse_sq("c1")
    assert scene.game.card(scene.pieces[parse_sq("c1")]).name == "Knight"
    app.draw()
    click(app, scene, "c1", button=3)  # again: unpinned
    assert scene.card_square() is None
    mouse(app, pygame.MOUSEMOTION, pos_of(scene, "a1"))
    settle(app, 10)
    assert scene.card_square() is None  # not yet
    settle(app, 60)
    assert scene.card_square() == parse_sq("a1")


def test_keyboard_cursor_plays_a_move(app: App) -> None:
    scene = open_fake(app)
    key(app, pygame.K_TAB)
    assert scene.cursor in scene.input.movable()
    scene.cursor = parse_sq("a1")
    key(app, pygame.K_RETURN)
    for _ in range(2):
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert scene.match.notation == ("a1-a3",)


def test_undo_restores_the_men_and_the_trays(app: App) -> None:
    scene = open_fake(app, "Kf1,Ra1,kf12,ra5 w")
    click(app, scene, "a1")
    click(app, scene, "a5")
    settle(app)
    assert len(scene.trays()[0]) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.match.notation == () and scene.trays() == ([], [])
    assert scene.pieces[parse_sq("a5")] == PieceView("R", 1)


def test_the_learners_setting_draws_each_mans_move_on_it(app: App) -> None:
    scene = open_fake(app)
    size = scene.view.piece_size()
    knight = scene.pieces[parse_sq("c1")]
    plain = scene.sprites(knight, size)
    app.settings.piece_hints = True
    settle(app, 2)
    marked = scene.sprites(knight, size)
    assert marked is not plain
    corner = (size - 4, size - 4)
    assert marked.get_at(corner) != plain.get_at(corner)


def test_chooser_by_keyboard(app: App) -> None:
    scene = open_fake(app)
    click(app, scene, "d10")
    click(app, scene, "d11")
    key(app, pygame.K_2)
    assert scene.match.notation == ("d10-d11=Q",)


def test_rules_screen_diagrams_of_positions_and_of_piece_moves(app: App) -> None:
    for position in ("Kf1,Ra1,kf12 w", "pieces:N,R"):
        surf = pygame.Surface((380, 380))
        surf.fill((0, 0, 0))
        FakeScene.draw_diagram(surf, surf.get_rect(), ENTRY, position)
        colours = {tuple(surf.get_at((x, y))) for x in range(0, 380, 19) for y in range(0, 380, 19)}
        assert len(colours) > 4, position
