"""The Amazons screen, headless: real clicks and keys make three-step moves through the rules,
refusals carry the rules' reasons, steps go back with right-click/Esc/Backspace, the territory
map is computed once per position, moves animate to the end, and every picture draws."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.app import App
from game.games.amazons import rules as R
from game.games.amazons.help import DIAGRAMS
from game.games.amazons.scene import AmazonsScene
from game.games.amazons.sprites import SQUARE_DARK, SQUARE_LIGHT
from game.games.amazons.view import BOARD_REGION, cell_rect, centre, fit_board
from game.scenes.catalog import open_scene
from game.scenes.match_base import BOARD_AREA
from game.ui import theme
from tests.reference import assert_image, board_picture

ENTRY = registry.get("amazons")


def open_match(app: App, **kw: object) -> AmazonsScene:
    scene = open_scene(app, "match:amazons", **kw)  # type: ignore[arg-type]
    assert isinstance(scene, AmazonsScene)
    return scene


def frames(app: App, n: int = 90) -> None:
    for i in range(n):
        app.step(1 / 60)
        if i % 6 == 0 or i == n - 1:
            app.draw()


def sq(scene: AmazonsScene, name: str) -> int:
    return R.parse_square(scene.n, name)


def click(app: App, scene: AmazonsScene, name: str, button: int = 1) -> None:
    x, y = centre(scene.grid, sq(scene, name))
    pos = (round(x), round(y))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def press(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


# -- the three steps ----------------------------------------------------------------------------


def test_three_clicks_make_a_move_that_glides_flies_and_burns(app: App) -> None:
    scene = open_match(app)
    start = scene.state
    click(app, scene, "d1")
    assert scene.step == 1 and scene.state is start
    click(app, scene, "d7")
    assert scene.step == 2 and scene.state is start
    frames(app, 12)  # the amazon glides to d7 while the arrow is being aimed
    click(app, scene, "g7")
    assert scene.match.notation == ("d1-d7/g7",)
    assert R.cell(scene.state, sq(scene, "g7")) == "x"
    assert scene.step == 0 and scene.animating
    # the amazon was already shown on d7 (the step-2 preview), so only the arrow flies
    assert scene.flight is not None and scene.flight.glide.duration == 0
    frames(app, 20)
    assert scene.flight is None and scene.burn is not None  # landed: the square burns
    assert scene.burn.square == sq(scene, "g7")
    frames(app, 60)
    assert scene.burn is None and not scene.animating


def test_each_step_offers_exactly_the_rules_squares(app: App) -> None:
    scene = open_match(app)
    st = scene.state
    assert set(scene.step_choices()) == set(R.movable(st))
    click(app, scene, "d1")
    assert scene.step_choices() == R.destinations(st, sq(scene, "d1"))
    assert "Step 2 of 3" in scene.status_text()[1]
    click(app, scene, "d7")
    targets = scene.step_choices()
    assert targets == R.arrow_targets(st, sq(scene, "d1"), sq(scene, "d7"))
    assert sq(scene, "d1") in targets  # shooting back onto the square it left
    assert "Step 3 of 3" in scene.status_text()[1]
    frames(app, 3)


def test_a_computer_move_glides_before_its_arrow_flies(app: App) -> None:
    scene = open_match(app)
    move = R.Move(sq(scene, "g1"), sq(scene, "g5"), sq(scene, "c1"))
    scene.submit(move)
    fl = scene.flight
    assert fl is not None and fl.glide.duration > 0 and fl.shot.delay >= fl.glide.duration
    app.step(fl.glide.duration / 2)
    app.draw()
    assert not fl.glide.done and fl.shot.t == 0
    frames(app, 120)
    assert scene.flight is None and not scene.animating


def test_illegal_clicks_are_refused_with_the_rules_reason(app: App) -> None:
    scene = open_match(app)
    start = scene.state
    click(app, scene, "e5")
    assert app.toasts.latest == "there is no amazon on e5"
    click(app, scene, "d10")
    assert app.toasts.latest == "that is not your amazon"
    assert scene.step == 0
    click(app, scene, "d1")
    click(app, scene, "e3")  # not on a queen line from d1
    assert app.toasts.latest == R.explain(start, sq(scene, "d1"), sq(scene, "e3"))
    assert app.toasts.latest == "an amazon moves in a straight line, like a chess queen"
    assert scene.step == 1 and scene.frm == sq(scene, "d1")
    click(app, scene, "d7")
    click(app, scene, "a7")  # black amazon on the arrow's line, behind b7 and c7
    assert app.toasts.latest == "the arrow cannot fly there: its path is blocked"
    click(app, scene, "e9")
    assert app.toasts.latest == ("the arrow cannot fly there: it flies in a straight line, like "
                                 "a chess queen")
    assert scene.step == 2 and scene.state is start and not scene.match.moves
    frames(app, 3)


def test_a_walled_in_amazon_cannot_be_picked(app: App) -> None:
    scene = open_match(app, position="3B2B3/10/10/B8B/10/10/W8W/xxx7/xWx7/xxx3W3 w")
    click(app, scene, "b2")
    assert app.toasts.latest is not None and "walled in" in app.toasts.latest
    assert scene.step == 0
    assert "1 walled in" in scene.side_info(R.WHITE)
    frames(app, 3)


def test_clicking_another_own_amazon_switches_and_the_held_one_steps_back(app: App) -> None:
    scene = open_match(app)
    click(app, scene, "d1")
    click(app, scene, "g1")
    assert scene.frm == sq(scene, "g1") and scene.step == 1
    click(app, scene, "g1")
    assert scene.step == 0
    click(app, scene, "g1")
    click(app, scene, "g5")
    click(app, scene, "g5")  # the amazon being moved: back to choosing its square
    assert scene.step == 1 and scene.frm == sq(scene, "g1")


def test_right_click_and_escape_step_back_before_leaving(app: App) -> None:
    scene = open_match(app)
    click(app, scene, "d1")
    click(app, scene, "d7")
    click(app, scene, "a1", button=3)  # right-click anywhere on the board
    assert scene.step == 1 and scene.frm == sq(scene, "d1")
    press(app, pygame.K_ESCAPE)
    assert scene.step == 0 and scene.modal is None
    click(app, scene, "g1")
    click(app, scene, "g5")
    click(app, scene, "c1")
    frames(app, 90)
    click(app, scene, "d10")
    press(app, pygame.K_ESCAPE)
    assert scene.step == 0 and scene.modal is None
    press(app, pygame.K_ESCAPE)  # nothing left to step back: the base asks about leaving
    assert scene.modal is not None


def test_the_keyboard_alone_makes_a_move(app: App) -> None:
    scene = open_match(app)
    press(app, pygame.K_RIGHT)  # first press shows the cursor on a movable amazon
    assert scene.cursor_shown and scene.cursor == sq(scene, "d1")
    press(app, pygame.K_RETURN)
    assert scene.frm == sq(scene, "d1")
    for _ in range(6):
        press(app, pygame.K_UP)
    assert scene.cursor == sq(scene, "d7")
    press(app, pygame.K_SPACE)
    assert scene.to == sq(scene, "d7")
    press(app, pygame.K_BACKSPACE)
    assert scene.step == 1
    press(app, pygame.K_RETURN)
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    app.draw()
    press(app, pygame.K_RETURN)
    assert scene.match.notation == ("d1-d7/g7",)
    frames(app, 60)


def test_tab_walks_through_the_current_steps_choices(app: App) -> None:
    scene = open_match(app)
    seen = []
    for _ in range(4):
        press(app, pygame.K_TAB)
        seen.append(scene.cursor)
    assert seen == sorted(R.movable(scene.state))
    press(app, pygame.K_TAB)
    assert scene.cursor == seen[0]  # wraps around
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.cursor == seen[-1]


def test_undo_and_redo(app: App) -> None:
    scene = open_match(app)
    for name in ("d1", "d7", "g7"):
        click(app, scene, name)
    frames(app, 90)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.match.moves and scene.state == scene.match.states[0]
    assert scene.flight is None and scene.burn is None
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.match.notation == ("d1-d7/g7",) and scene.animating
    frames(app, 90)
    assert not scene.animating


def test_the_board_turns_for_black_in_hot_seat_and_clicks_follow(app: App) -> None:
    app.settings.flip_board = True
    scene = open_match(app)
    assert not scene.flipped
    for name in ("d1", "d7", "g7"):
        click(app, scene, name)
    frames(app, 90)
    assert scene.flipped
    grid = scene.grid
    assert centre(grid, sq(scene, "d10"))[1] > centre(grid, sq(scene, "d1"))[1]  # d10 at bottom
    for name in ("d10", "d8", "h8"):
        click(app, scene, name)
    assert scene.match.notation[-1] == "d10-d8/h8"
    frames(app, 60)


# -- territory --------------------------------------------------------------------------------


def test_territory_is_toggled_by_t_and_computed_once_per_position(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_match(app, moves=12)
    calls: list[R.State] = []
    real = R.territory

    def counting(state: R.State) -> R.Territory:
        calls.append(state)
        return real(state)

    monkeypatch.setattr(R, "territory", counting)
    scene._info.clear()
    press(app, pygame.K_t)
    assert scene.show_territory
    frames(app, 30)
    assert len(calls) == 1
    expected = real(scene.state)
    assert scene.side_info(R.WHITE).startswith(f"territory {expected.queen_counts[0]}")
    assert scene.side_info(R.BLACK).startswith(f"territory {expected.queen_counts[1]}")
    move = scene.rules.legal_moves(scene.state)[0]
    scene.submit(move)
    frames(app, 120)
    assert len(calls) == 2  # the new position, once; the old one stayed cached
    builds = scene.layer_builds
    frames(app, 10)
    assert scene.layer_builds == builds  # nothing repainted while the position stands still
    press(app, pygame.K_t)
    app.draw()
    assert scene.layer_builds == builds + 1
    assert not scene.show_territory


def test_overlay_shades_owned_squares_and_leaves_blocked_ones(app: App) -> None:
    scene = open_match(app, moves=16, territory=True)
    frames(app, 2)
    terr = R.territory(scene.state)
    grid = scene.grid
    owned = [s for s in range(100) if terr.queen_owner[s] is not None]
    assert owned
    for s in owned[:5]:
        r = cell_rect(grid, s)
        pixel = app.canvas.get_at((r.x + 3, r.y + r.height // 2))[:3]
        assert pixel not in (SQUARE_LIGHT, SQUARE_DARK)  # tinted
    press(app, pygame.K_t)
    frames(app, 2)
    empty_plain = [s for s in owned if R.cell(scene.state, s) == ""][:5]
    for s in empty_plain:
        r = cell_rect(grid, s)
        pixel = app.canvas.get_at((r.x + 3, r.y + 3))[:3]
        assert pixel in (SQUARE_LIGHT, SQUARE_DARK)  # overlay gone


# -- hints, variants, pictures ------------------------------------------------------------------


def test_hint_marks_the_suggested_move_until_a_move_is_made(app: App) -> None:
    scene = open_match(app)
    move = R.Move(sq(scene, "g1"), sq(scene, "g5"), sq(scene, "c1"))
    scene.show_hint(move)
    assert scene.hint_move == move and app.toasts.latest == "Try g1→g5/c1"
    app.draw()
    for name in ("g1", "g5"):  # a dashed gold frame on the amazon's two squares
        inner = cell_rect(scene.grid, sq(scene, name)).inflate(-6, -6)
        assert app.canvas.get_at((inner.left + 2, inner.top))[:3] == theme.ACCENT
    # the arrow's square: a white target, not a gold frame
    from game.games.amazons.overlays import SHOT

    target = cell_rect(scene.grid, sq(scene, "c1"))
    colours = {tuple(app.canvas.get_at((x, target.centery)))[:3]
               for x in range(target.left, target.right)}
    assert SHOT in colours and theme.ACCENT not in colours
    for name in ("g1", "g5", "c1"):
        click(app, scene, name)
    assert scene.hint_move is None
    frames(app, 60)


@pytest.mark.parametrize("variant", [v.id for v in ENTRY.variants])
def test_every_board_size_fits_and_plays_by_clicks(app: App, variant: str) -> None:
    scene = open_match(app, variant=variant)
    grid = scene.grid
    board = pygame.Rect(round(grid.x), round(grid.y), round(grid.width), round(grid.height))
    assert BOARD_REGION.contains(board)
    assert grid.cell >= 60
    move = scene.rules.legal_moves(scene.state)[0]
    for s in move:
        click(app, scene, R.square_name(scene.n, s))
    assert scene.match.moves == (move,)
    frames(app, 60)


def test_diagrams_show_burnt_squares_and_empty_squares(app: App) -> None:
    for position in set(DIAGRAMS.values()):
        surf = pygame.Surface((380, 380), pygame.SRCALPHA)
        AmazonsScene.draw_diagram(surf, surf.get_rect(), ENTRY, position)
        state = R.parse_position(position)
        grid, _ = fit_board(surf.get_rect(), state.n)
        for s in range(state.n * state.n):
            r = cell_rect(grid, s)
            corner = surf.get_at((r.x + r.width // 5, r.y + r.height // 5))[:3]
            kind = R.cell(state, s)
            if kind == "x":
                assert sum(corner) < 300, (position, s)  # charred
            elif kind == "":
                assert corner in (SQUARE_LIGHT, SQUARE_DARK), (position, s)


@pytest.mark.parametrize("size", [(260, 168), (260, 70), (120, 120)])
def test_thumbnails_draw_at_menu_sizes(app: App, size: tuple[int, int]) -> None:
    img = AmazonsScene.thumbnail(size)
    assert img.get_size() == size
    assert_image(img, f"amazons-thumbnail-{size[0]}x{size[1]}")


def settled_board(app: App, scene: AmazonsScene) -> pygame.Surface:
    frames(app, 90)
    scene.t = 0.0  # glows at a fixed phase
    return board_picture(scene, BOARD_AREA)


def test_the_territory_map_matches_its_reference(app: App) -> None:
    """Owned squares shaded in their side's colour, contested ones left plain."""
    scene = open_match(app, moves=20, territory=True)
    assert_image(settled_board(app, scene), "amazons-territory")


def test_a_picked_amazon_and_its_arrow_targets_match_the_reference(app: App) -> None:
    """After queen and landing square are chosen: the held amazon on d7, the arrow's squares
    marked (the rules' `arrow_targets`), the rest of the board as it was."""
    scene = open_match(app, pick="d1-d7")
    assert_image(settled_board(app, scene), "amazons-arrow-step")


def test_the_rules_diagram_matches_its_reference() -> None:
    position = sorted(set(DIAGRAMS.values()))[0]
    surf = pygame.Surface((380, 380))
    surf.fill(theme.BG)
    AmazonsScene.draw_diagram(surf, surf.get_rect(), ENTRY, position)
    assert_image(surf, "amazons-diagram")


def test_pick_argument_starts_a_move_for_screenshots(app: App) -> None:
    scene = open_match(app, pick="d1-d7")
    assert (scene.frm, scene.to) == (sq(scene, "d1"), sq(scene, "d7"))
    frames(app, 5)


def _lum(c: tuple[int, ...]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def test_a_hint_stands_out_on_squares_tinted_by_the_territory_map(app: App) -> None:
    """d1 and its neighbours are White's on the map (gold): the hint's marks must contrast."""
    scene = open_match(app, territory=True)
    frames(app, 5)
    plain = app.canvas.copy()
    move = scene.rules.parse_move(scene.state, "d1-d5/d2")
    scene.show_hint(move)
    app.draw()
    shown = app.canvas
    for name in ("d1", "d2"):
        r = cell_rect(scene.grid, sq(scene, name))
        best = max(abs(_lum(tuple(shown.get_at((x, y)))) - _lum(tuple(plain.get_at((x, y)))))
                   for x in range(r.left, r.right) for y in range(r.top, r.bottom))
        assert best >= 100, (name, best)


def test_the_arrow_of_a_hint_is_drawn_beside_the_amazons_path_on_one_line(app: App) -> None:
    from game.games.amazons.overlays import hint_segments

    scene = open_match(app)
    grid, cell = scene.grid, scene.grid.cell
    for text in ("d1-d5/d2", "d1-d5/d8", "d1-d5/d1"):
        (q0, q1), (s0, s1) = hint_segments(grid, scene.rules.parse_move(scene.state, text))
        # the queen's line runs along a file (x fixed): the arrow's keeps its distance
        assert abs(q0[0] - q1[0]) < 1e-6
        assert min(abs(s0[0] - q0[0]), abs(s1[0] - q0[0])) >= 0.15 * cell, text
    (q0, q1), (s0, s1) = hint_segments(grid, scene.rules.parse_move(scene.state, "d1-d5/h5"))
    x, y = centre(grid, sq(scene, "d5"))
    assert abs(s0[1] - y) < 1e-6  # off the queen's line: the arrow flies from her square
