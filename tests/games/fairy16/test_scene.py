"""The fairy chess screen with real events under the dummy video driver, on the real rules:
click-click and drag moves, a refusal with its reason, the Centurion's promotion choice, zoom
and pan keeping hit-testing right, the board turned, the piece card naming the man."""

from __future__ import annotations

import pygame
import pytest

pytest.importorskip("game.games.fairy16.rules")
pytest.importorskip("game.games.fairy16.entry")

from game import registry  # noqa: E402
from game.app import App  # noqa: E402
from game.games.fairy16.scene import Fairy16Scene  # noqa: E402
from game.scenes.catalog import open_scene  # noqa: E402
from game.ui.piece_game import PieceView  # noqa: E402

#: White Centurion on b15 about to reach b16; kings far apart.
PROMO = "16/1O14/16/16/16/16/16/16/8k7/16/16/16/16/16/8K7/16 w - - 0 1"


def open_match(app: App, **kw: object) -> Fairy16Scene:
    scene = open_scene(app, "match:fairy16", **kw)  # type: ignore[arg-type]
    assert isinstance(scene, Fairy16Scene)
    app.step(1 / 60)
    app.draw()
    return scene


def pos(scene: Fairy16Scene, name: str) -> tuple[int, int]:
    x, y = scene.view.centre(scene.square(name))
    return (round(x), round(y))


def mouse(app: App, kind: int, p: tuple[int, int], button: int = 1) -> None:
    if kind == pygame.MOUSEMOTION:
        app.handle_event(pygame.event.Event(kind, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
    else:
        app.handle_event(pygame.event.Event(kind, pos=p, button=button))


def click(app: App, scene: Fairy16Scene, name: str, button: int = 1) -> None:
    p = pos(scene, name)
    mouse(app, pygame.MOUSEMOTION, p)
    mouse(app, pygame.MOUSEBUTTONDOWN, p, button)
    mouse(app, pygame.MOUSEBUTTONUP, p, button)


def settle(app: App, n: int = 90) -> None:
    for i in range(n):
        app.step(1 / 60)
        if i % 10 == 0:
            app.draw()
    app.draw()


def test_start_shows_64_men_a_side_and_40_moves(app: App) -> None:
    scene = open_match(app)
    assert sum(1 for p in scene.pieces.values() if p.side == 0) == 64
    assert len(scene.input.options) == 40
    assert scene.pieces[scene.square("i3")] == PieceView("king", 0)


def test_click_click_and_drag_play_moves(app: App) -> None:
    scene = open_match(app)
    click(app, scene, "h4")
    assert set(scene.marks().targets) == {scene.square("h5"), scene.square("h6")}
    click(app, scene, "h6")
    assert scene.match.notation[-1].startswith("h4-h6")
    settle(app)
    a, b = pos(scene, "d14"), pos(scene, "c12")  # Black's Knight, dragged
    mouse(app, pygame.MOUSEBUTTONDOWN, a)
    mouse(app, pygame.MOUSEMOTION, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
    mouse(app, pygame.MOUSEMOTION, b)
    mouse(app, pygame.MOUSEBUTTONUP, b)
    assert scene.match.notation[-1].startswith("d14-c12")


def test_refusal_names_the_man_and_the_squares(app: App) -> None:
    scene = open_match(app)
    click(app, scene, "c3")  # the Rook is walled in
    assert "Rook" in (app.toasts.latest or "")
    click(app, scene, "h4")
    click(app, scene, "h8")
    assert app.toasts.latest == "a Pawn cannot move from h4 to h8"
    assert scene.match.notation == ()


def test_centurion_promotion_offers_queen_lion_gryphon(app: App) -> None:
    scene = open_match(app, position=PROMO)
    click(app, scene, "b15")
    click(app, scene, "b16")
    ch = scene.chooser
    assert ch is not None
    assert {o.promotion for o in ch.options} == {"queen", "lion", "gryphon"}
    app.draw()
    lion = next(i for i, o in enumerate(ch.options) if o.promotion == "lion")
    r = ch.row(lion)
    mouse(app, pygame.MOUSEMOTION, r.center)
    mouse(app, pygame.MOUSEBUTTONDOWN, r.center)
    assert scene.match.notation[-1].startswith("b15-b16=L")
    settle(app)
    assert scene.pieces[scene.square("b16")] == PieceView("lion", 0)


def test_zoomed_and_panned_view_still_hits_the_right_squares(app: App) -> None:
    scene = open_match(app, zoom=3)
    view = scene.view
    assert view.zoomed
    view.centre_on(scene.square("h4"))
    view.pan(-13, 7)
    for sq in view.visible_squares():
        x, y = view.centre(sq)
        if view.viewport.collidepoint(x, y):
            assert view.cell_at((x, y)) == sq
    click(app, scene, "h4")
    click(app, scene, "h5")
    assert scene.match.notation[-1].startswith("h4-h5")


def test_turned_board_and_piece_card(app: App) -> None:
    scene = open_match(app, flip=True)
    assert scene.view.flipped
    a1, p16 = scene.view.centre(scene.square("a1")), scene.view.centre(scene.square("p16"))
    assert a1[0] > p16[0] and a1[1] < p16[1]
    click(app, scene, "h2", button=3)
    assert scene.card_square() == scene.square("h2")
    assert scene.game.card(scene.pieces[scene.square("h2")]).name == "Lion"
    app.draw()


def test_the_entry_names_this_screen() -> None:
    assert registry.get("fairy16").scene == "game.games.fairy16.scene:Fairy16Scene"


def test_the_computer_replies_and_its_move_is_animated(app: App) -> None:
    import time

    scene = open_match(app, computer=(False, True), level="easy")
    click(app, scene, "h4")
    click(app, scene, "h6")
    settle(app, 40)
    deadline = time.monotonic() + 60
    while len(scene.match.moves) < 2 and time.monotonic() < deadline:
        app.step(1 / 60)
        app.draw()
        time.sleep(0.01)
    assert len(scene.match.moves) == 2, "the computer did not answer"
    assert scene.anim.current is not None  # its move glides or leaps into place
    settle(app)
    assert scene.anim.current is None and scene.human_to_move
    assert len(scene.input.options) > 40  # the board is ready for White's next move


MATE_IN_ONE = "k15/16/2K13/16/16/16/16/16/16/16/16/16/16/16/16/1Q14 w - - 0 1"


def test_check_and_mate_are_marked_in_the_list_and_on_the_board(app: App) -> None:
    scene = open_match(app, position=MATE_IN_ONE, pick="b1 a1")
    settle(app)
    assert scene.move_texts()[-1].endswith("+") and not scene.mated
    assert scene.check == (scene.square("a16"),)
    scene.match.undo()
    settle(app)
    scene = open_match(app, position=MATE_IN_ONE, pick="b1 b15")
    settle(app)
    assert scene.match.outcome is not None
    assert scene.move_texts()[-1].endswith("#")
    assert scene.mated and scene.check == (scene.square("a16"),)
    assert scene.marks().mate and scene.marks().check == (scene.square("a16"),)
    # the notation kept in files is the rules' own
    assert not scene.match.notation[-1].endswith("#")


def key(app: App, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=""))


def test_escape_closes_the_piece_card_before_asking_to_leave(app: App) -> None:
    scene = open_match(app, pick="h4 h5")  # a move played: leaving asks first
    settle(app, 20)
    click(app, scene, "a1", button=3)
    assert scene.card_square() == scene.square("a1")
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert scene.card_square() is None and scene.modal is None
    key(app, pygame.K_ESCAPE)
    app.step(1 / 60)
    assert scene.modal is not None


def test_the_hover_card_waits_for_the_pointer_after_a_move(app: App) -> None:
    scene = open_match(app)
    mouse(app, pygame.MOUSEMOTION, pos(scene, "h5"))
    scene.match.play(scene.rules.parse_move(scene.state, "h4-h5"))
    settle(app, 90)  # the Pawn slid under the still pointer; 1.5 s pass
    assert scene.card_square() is None
    mouse(app, pygame.MOUSEMOTION, pos(scene, "h5"))
    settle(app, 60)
    assert scene.card_square() == scene.square("h5")


def test_pressing_a_man_that_cannot_move_says_why(app: App) -> None:
    scene = open_match(app)
    seen: list[str] = []
    scene.refuse = seen.append  # type: ignore[method-assign]
    click(app, scene, "a2")  # the Centurion, boxed in
    assert seen and "no legal move" in seen[-1]
    checked = "k15/16/2K13/16/16/16/16/7p8/16/16/16/16/16/16/16/Q15 b - - 0 1"
    scene = open_match(app, position=checked)
    scene.refuse = seen.append  # type: ignore[method-assign]
    click(app, scene, "h9")
    assert seen[-1] == "your King is in check: the Pawn on h9 cannot parry it"


def test_legal_targets_are_wide_dots(app: App) -> None:
    scene = open_match(app, pick="h4")
    settle(app, 5)
    surf = pygame.Surface((1280, 800))
    surf.fill((0, 0, 0))
    scene.view.draw_over(surf, scene.marks())
    from game.ui import theme

    r = scene.view.square_rect(scene.square("h6"))
    green = sum(1 for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                if surf.get_at((x, y))[:3] == theme.GOOD)
    assert green >= 0.1 * r.width * r.height


def test_loading_the_copy_of_the_match_in_progress_asks_nothing(app: App) -> None:
    """A copy saved from the match under way is the same match as its autosave: loading it
    replaces nothing, so Load does not ask whether to replace it."""
    from game.engine import storage
    from game.scenes.catalog import make_match
    from game.scenes.load import LoadScene
    from game.scenes.match_base import MatchScene

    match = make_match(registry.get("fairy16"), moves=4)
    match.save(storage.autosave_path("fairy16"))
    match.save(storage.saves_dir() / "fairy16-copy.json")
    scene = LoadScene(app)
    app.push(scene)
    scene.open(0)
    assert scene.modal is None
    app.step(1 / 60)
    assert isinstance(app.top, MatchScene) and len(app.top.match.moves) == 4
    # a different match in the slot still asks
    make_match(registry.get("fairy16"), moves=2).save(storage.autosave_path("fairy16"))
    scene = LoadScene(app)
    app.push(scene)
    scene.open(0)
    assert scene.modal is not None


def test_the_move_list_counts_moves_as_the_results_and_load_do(app: App) -> None:
    """One convention: a move is one player's turn. The list numbers each (it numbered White
    and Black pairs, so its last number was half the count the results and Load give)."""
    from game.engine import storage
    from game.scenes.load import LoadScene

    scene = open_match(app, moves=5)
    lines, two_columns = scene.move_entries()
    assert len(lines) == 5 == len(scene.match.moves) and two_columns is False
    scene.match.save(storage.saves_dir() / "five.json")
    load = LoadScene(app)
    assert load.items[0].moves == "5 moves"
