"""The Tangram screen, headless: real drags, clicks, wheel turns and keys make moves through the
rules; drops snap onto the silhouette; undo, restart, hints and the watched solution; solving a
level records its stars and celebrates; free play changes figures; every picture draws."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from game import registry
from game.app import App
from game.games.dissection.geometry import Placement
from game.games.dissection.scene import View
from game.games.tangram.rules import Place
from game.games.tangram.rules import stars as rule_stars
from game.games.tangram.scene import TangramScene
from game.scenes.catalog import open_scene
from game.scenes.puzzle_base import BOARD_AREA, list_levels, progress
from tests.games.dissection import scene_helpers as helpers
from tests.games.dissection.scene_helpers import centre, frames, screen

ENTRY = registry.get("tangram")


def open_level(app: App, stem: str, **kwargs: Any) -> TangramScene:
    scene = helpers.open_level(app, "tangram", stem, **kwargs)
    assert isinstance(scene, TangramScene)
    return scene


def mouse(app: App, kind: int, pos: tuple[int, int], button: int = 1) -> None:
    if kind == pygame.MOUSEMOTION:
        app.handle_event(pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
    else:
        app.handle_event(pygame.event.Event(kind, pos=pos, button=button))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    mouse(app, pygame.MOUSEBUTTONDOWN, pos, button)
    mouse(app, pygame.MOUSEBUTTONUP, pos, button)


def press(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def wheel(app: App, y: int) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                        precise_x=0.0, precise_y=float(y)))


def drag_to(app: App, scene: TangramScene, i: int, target: Placement,
            nudge: tuple[float, float] = (0.05, -0.04)) -> None:
    """Grab piece i at its centre, turn and flip it in the hand to the target's orientation,
    and let go a little off the target (the snap must bring it home)."""
    start = centre(scene, i)
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, (start[0] + 12, start[1] + 9))
    assert scene.held is not None and scene.held.piece == i
    if scene.held.raw.flipped != target.flipped:
        press(app, pygame.K_f)
    while scene.held.raw.turn != target.turn:
        wheel(app, 1)
    end = screen(scene, target.x + nudge[0], target.y + nudge[1])
    mouse(app, pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
    mouse(app, pygame.MOUSEMOTION, end)
    mouse(app, pygame.MOUSEBUTTONUP, end)
    assert scene.held is None


def mirror_x(placements: tuple[Placement, ...], axis: float) -> tuple[Placement, ...]:
    """A tangram solution mirrored left to right about x = axis (each piece turned over)."""
    return tuple(Placement(2 * axis - p.x, p.y, (-p.turn) % 8, not p.flipped) for p in placements)


def near(a: Placement, b: Placement, tol: float = 1e-6) -> bool:
    return (abs(a.x - b.x) < tol and abs(a.y - b.y) < tol and a.turn == b.turn
            and a.flipped == b.flipped)


# -- dragging, snapping ----------------------------------------------------------------------------

def test_a_drag_that_ends_near_the_target_snaps_exactly_onto_it(app: App) -> None:
    scene = open_level(app, "01-square")
    target = scene.level.solution[0]
    drag_to(app, scene, 0, target)
    assert near(scene.state.placements[0], target)
    assert len(scene.match.states) == 2  # one drop is one move, turns in the hand included
    assert scene.state.order[-1] == 0  # the dropped piece lies on top
    frames(app, 20)
    assert not scene.motions


def test_while_dragging_the_ghost_shows_the_snapped_place_and_the_touching_corners(app: App
                                                                                   ) -> None:
    scene = open_level(app, "01-square")
    target = scene.level.solution[2]
    start = centre(scene, 2)
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, (start[0] + 20, start[1]))
    held = scene.held
    assert held is not None
    while held.raw.turn != target.turn:
        wheel(app, 1)
    mouse(app, pygame.MOUSEMOTION, screen(scene, target.x + 0.06, target.y + 0.05))
    assert held.ghost is not None and near(held.ghost, target)
    assert len(held.contacts) == 3  # every corner of the triangle lands on the square's outline
    mouse(app, pygame.MOUSEMOTION, screen(scene, target.x + 1.5, target.y + 1.5))
    assert held.ghost is None  # far from everything: no snap
    app.draw()
    assert len(scene.match.states) == 1  # nothing is played before the drop


def test_a_click_without_moving_selects_and_plays_nothing(app: App) -> None:
    scene = open_level(app, "01-square")
    click(app, centre(scene, 6))
    assert scene.selected == 6 and len(scene.match.states) == 1


def test_a_click_on_empty_table_selects_nothing(app: App) -> None:
    scene = open_level(app, "01-square")
    click(app, centre(scene, 6))
    click(app, (BOARD_AREA.x + 6, BOARD_AREA.bottom - 6))
    assert scene.selected is None


def test_escape_puts_the_dragged_piece_back(app: App) -> None:
    scene = open_level(app, "01-square")
    start = centre(scene, 3)
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    mouse(app, pygame.MOUSEMOTION, (start[0] - 200, start[1] - 50))
    assert scene.held is not None
    press(app, pygame.K_ESCAPE)
    assert scene.held is None and len(scene.match.states) == 1
    frames(app, 30)
    assert not scene.motions
    assert app.top is scene  # Esc put the piece back; it did not leave the screen


def test_dragging_a_piece_back_to_its_tray_place_picks_it_up(app: App) -> None:
    scene = open_level(app, "01-square")
    drag_to(app, scene, 4, scene.level.solution[4])
    home = scene.rules.homes[4]
    drag_to(app, scene, 4, home, nudge=(0.1, 0.1))
    assert scene.rules.at_home(scene.state, 4)
    assert len(scene.match.states) == 3


def test_a_piece_lifted_and_laid_back_in_its_tray_place_plays_nothing(app: App) -> None:
    scene = open_level(app, "01-square")
    drag_to(app, scene, 3, scene.rules.homes[3], nudge=(0.08, 0.05))
    assert len(scene.match.states) == 1 and app.toasts.latest is None
    frames(app, 20)
    assert scene.rules.at_home(scene.state, 3) and not scene.motions


# -- turning and flipping ----------------------------------------------------------------------------

def test_right_click_turns_a_step_clockwise_and_the_wheel_counter_clockwise(app: App) -> None:
    scene = open_level(app, "01-square")
    c = centre(scene, 6)
    click(app, c, button=3)
    assert scene.state.placements[6].turn == 7
    frames(app, 20)
    mouse(app, pygame.MOUSEMOTION, c)
    wheel(app, 1)
    wheel(app, 1)
    assert scene.state.placements[6].turn == 1
    assert len(scene.match.states) == 4  # each turn is one move, so one undo step
    frames(app, 20)


def test_a_double_click_turns_the_piece_over(app: App) -> None:
    scene = open_level(app, "01-square")
    c = centre(scene, 6)
    click(app, c)
    click(app, c)  # within the double-click time (the scene's clock has not moved)
    p = scene.state.placements[6]
    assert p.flipped and len(scene.match.states) == 2
    frames(app, 40)  # a slow second click is a plain click again
    click(app, c)
    assert len(scene.match.states) == 2


def test_a_turn_near_the_silhouette_snaps_into_place(app: App) -> None:
    scene = open_level(app, "01-square")
    target = scene.level.solution[0]
    # lay LT1 exactly in place but turned one step too far, then turn it back with the wheel
    wrong = Placement(target.x, target.y, (target.turn + 1) % 8, target.flipped)
    scene.submit(scene.rules.parse_move(scene.state, f"LT1@{wrong.x!r},{wrong.y!r}r{wrong.turn}"))
    frames(app, 20)
    mouse(app, pygame.MOUSEMOTION, centre(scene, 0))
    wheel(app, -1)
    assert near(scene.state.placements[0], target)


# -- keyboard ------------------------------------------------------------------------------------------

def test_keyboard_tab_arrows_and_enter_move_a_piece(app: App) -> None:
    scene = open_level(app, "01-square")
    home = scene.rules.homes[0]
    press(app, pygame.K_TAB)
    assert scene.selected == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert scene.held is not None and len(scene.match.states) == 1
    press(app, pygame.K_q)
    press(app, pygame.K_RETURN)
    p = scene.state.placements[0]
    assert abs(p.x - (home.x + 2 * 4 / 32)) < 1e-9
    assert abs(p.y - (home.y - 4 / 128)) < 1e-9
    assert p.turn == 1 and len(scene.match.states) == 2
    press(app, pygame.K_TAB)
    assert scene.selected == 1
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.selected == 0


def test_a_held_arrow_key_glides_the_piece(app: App) -> None:
    scene = open_level(app, "01-square")
    home = scene.rules.homes[6]
    for _ in range(7):  # the first Tab picks piece 0
        press(app, pygame.K_TAB)
    assert scene.selected == 6
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="",
                                        scancode=0))
    frames(app, 60)  # a second with the key down
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0, unicode="",
                                        scancode=0))
    assert scene.held is not None
    moved = home.x - scene.held.raw.x
    assert 2.0 < moved < 4.5  # about a side (4 units) a second after a short wait
    x = scene.held.raw.x
    frames(app, 10)
    assert scene.held.raw.x == x  # the key is up: it stops


def test_keys_turn_flip_and_send_back_a_selected_piece(app: App) -> None:
    scene = open_level(app, "01-square")
    click(app, centre(scene, 6))
    press(app, pygame.K_e)
    assert scene.state.placements[6].turn == 7
    press(app, pygame.K_f)
    assert scene.state.placements[6].flipped
    drag_to(app, scene, 5, scene.level.solution[5])
    click(app, centre(scene, 5))
    press(app, pygame.K_BACKSPACE)
    assert scene.rules.at_home(scene.state, 5)
    frames(app, 10)
    press(app, pygame.K_BACKSPACE)  # already in the tray: the rules refuse, nothing changes
    assert app.toasts.latest == "That piece is already in the tray."
    assert scene.rules.at_home(scene.state, 5)


# -- undo, restart, hints ---------------------------------------------------------------------------------

def test_undo_takes_back_one_drop_turn_or_flip_at_a_time(app: App) -> None:
    scene = open_level(app, "01-square")
    start = scene.state
    drag_to(app, scene, 0, scene.level.solution[0])
    after_drop = scene.state
    c = centre(scene, 6)
    click(app, c, button=3)
    frames(app, 30)
    click(app, c)
    click(app, c)
    assert len(scene.match.states) == 4
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state == after_drop
    scene.undo()
    assert scene.state == start
    frames(app, 40)
    assert not scene.motions
    scene.undo()
    assert app.toasts.latest == "Nothing to undo."


def test_restart_sends_every_piece_home_and_resets_the_clock(app: App) -> None:
    scene = open_level(app, "01-square")
    drag_to(app, scene, 1, scene.level.solution[1])
    frames(app, 90)
    assert scene.elapsed > 1.0
    press(app, pygame.K_r)
    assert scene.state == scene.rules.initial_state() and len(scene.match.states) == 1
    assert scene.elapsed == 0.0 and scene.motions
    frames(app, 90)
    assert not scene.motions and scene.elapsed == 0.0  # the clock waits for the first move


def test_a_hint_glides_one_piece_to_the_solution_and_costs_a_star(app: App) -> None:
    scene = open_level(app, "01-square")
    press(app, pygame.K_h)
    assert scene.state.hints == 1 and scene.hints_used == 1
    moved = scene.state.order[-1]
    assert scene.pieces.names[moved] == "the large triangle"  # largest first
    assert moved in scene.motions  # it glides there
    frames(app, 80)
    assert not scene.motions
    assert near(scene.state.placements[moved], scene.level.solution[moved])
    scene.undo()  # taking the hint back does not give the star back
    assert scene.state.hints == 0 and scene.hints_used == 1
    for i in range(7):
        if not near(scene.state.placements[i], scene.level.solution[i]):
            drag_to(app, scene, i, scene.level.solution[i])
    assert scene.is_solved
    assert scene.earned == rule_stars(scene.elapsed, scene.level.par_seconds, 1) == 2
    assert progress(app).record("tangram", "01-square").stars == 2


def test_a_hint_moves_a_piece_no_solution_allows_and_says_so(app: App) -> None:
    scene = open_level(app, "01-square")
    # the square put where the first large triangle belongs: no solution has it there
    lt = scene.level.solution[0]
    scene.submit(scene.rules.parse_move(scene.state, f"SQ@{lt.x!r},{lt.y!r}r0"))
    frames(app, 20)
    press(app, pygame.K_h)
    # on a busy machine the search may outlast HINT_WAIT: it then lands a few frames later
    deadline = time.perf_counter() + 10
    while scene.state.placements[5] == Placement(lt.x, lt.y, 0) \
            and time.perf_counter() < deadline:
        app.step(1 / 60)
    assert scene.state.placements[5] != Placement(lt.x, lt.y, 0)
    assert 5 in scene.motions  # it glides to a place where a solution has it
    assert "had to move" in (app.toasts.latest or "")
    frames(app, 80)


def test_a_hint_keeps_six_pieces_of_a_mirrored_square_and_completes_it(app: App) -> None:
    """The play-test defect: the classic square built by hand in mirror image, six pieces laid;
    H used to move a correct piece and send others back (6/7 -> 4/7). It must lay the seventh."""
    scene = open_level(app, "01-square")
    mirrored = mirror_x(scene.level.solution, 2.0)
    for i in range(6):
        p = mirrored[i]
        scene.submit(Place(i, p.x, p.y, p.turn, p.flipped))
    frames(app, 20)
    assert scene.placed_count() == 6
    press(app, pygame.K_h)
    for i in range(6):
        assert near(scene.state.placements[i], mirrored[i])  # nobody moved
    frames(app, 90)
    assert scene.is_solved


# -- solving ------------------------------------------------------------------------------------------------

def test_solving_by_hand_celebrates_records_three_stars_and_opens_the_next_level(app: App) -> None:
    scene = open_level(app, "01-square")
    assert scene.elapsed == 0.0
    frames(app, 30)
    assert scene.elapsed == 0.0  # the clock starts with the first move
    for i in range(7):
        assert not scene.is_solved
        drag_to(app, scene, i, scene.level.solution[i])
        frames(app, 3)
    assert scene.is_solved and scene.moves_text() == "7/7 placed"
    assert scene.earned == 3
    rec = progress(app).record("tangram", "01-square")
    assert rec.solved and rec.stars == 3
    assert scene.next_btn.visible
    frames(app, 30)
    assert scene.fill_t0 is not None and scene.particles
    frames(app, 240)
    assert not scene.particles  # the celebration is short
    # the figure is complete: the rules refuse any further move, with their reason
    click(app, centre(scene, 2), button=3)
    assert app.toasts.latest == "The figure is already complete."
    press(app, pygame.K_RETURN)  # Enter: the next level
    nxt = app.top
    assert isinstance(nxt, TangramScene) and nxt.level.id == "02-rectangle"


def test_watching_the_solution_solves_it_without_stars(app: App) -> None:
    scene = open_level(app, "03-triangle")
    scene.watch_solution()
    for _ in range(20):
        frames(app, 30)
        if scene.is_solved:
            break
    assert scene.is_solved and scene.watched and scene.earned == 0
    assert not progress(app).record("tangram", "03-triangle").solved
    frames(app, 10)


def test_a_click_stops_the_solution_being_shown(app: App) -> None:
    scene = open_level(app, "03-triangle")
    scene.watch_solution()
    frames(app, 40)
    click(app, (BOARD_AREA.x + 6, BOARD_AREA.bottom - 6))
    assert not scene.watching
    n = len(scene.match.states)
    frames(app, 60)
    assert len(scene.match.states) == n


def test_free_mode_records_nothing(app: App) -> None:
    levels = list_levels(ENTRY)
    scene = TangramScene(app, ENTRY, levels[0], free=True)
    app.push(scene)
    for i in range(7):
        drag_to(app, scene, i, scene.level.solution[i])
    assert scene.is_solved and scene.par_text() == ""
    assert not progress(app).record("tangram", levels[0].id).solved
    frames(app, 20)


# -- free play ----------------------------------------------------------------------------------------------

def test_free_play_opens_the_first_figure_and_pages_through_them(app: App) -> None:
    scene = open_scene(app, "puzzle:tangram", free_play=True)
    assert isinstance(scene, TangramScene) and scene.info is None and scene.free
    assert scene.level.id == "01-square"
    frames(app, 5)
    press(app, pygame.K_PAGEDOWN)
    assert scene.level.id == "02-rectangle" and len(scene.match.states) == 1
    scene.set_figure(-1)
    assert scene.level.id == list_levels(ENTRY)[-1].id
    nxt = scene.chooser["next"]
    scene.extra_buttons[nxt]()
    assert scene.level.id == "01-square"
    frames(app, 5)


# -- pictures ---------------------------------------------------------------------------------------------------

def test_pictures_for_the_menu_the_level_select_and_the_rules_draw(app: App) -> None:
    """What the pictures show is compared with references in test_reference.py; here: every
    picture is made at the size asked, and the screens that show them open."""
    assert TangramScene.thumbnail((260, 190)).get_size() == (260, 190)
    for info in list_levels(ENTRY):
        small = TangramScene.level_thumbnail(info, (170, 70))
        assert small is not None and small.get_size() == (170, 70)
    levels = open_scene(app, "levels:tangram")
    frames(app, 3)
    assert app.top is levels
    rules = open_scene(app, "rules:tangram", section=1)
    frames(app, 3)
    assert app.top is rules


def test_every_level_lays_out_inside_the_board(app: App) -> None:
    for info in list_levels(ENTRY):
        assert info.error is None
        scene = TangramScene(app, ENTRY, info)
        x0, y0, x1, y1 = scene.rules.board
        a, b = scene.view.to_screen((x0, y1)), scene.view.to_screen((x1, y0))
        assert BOARD_AREA.collidepoint(a) and BOARD_AREA.collidepoint(b)
        assert scene.view.scale > 35  # pieces stay big enough to handle


def test_view_round_trips_between_frame_and_screen() -> None:
    view = View.fit((-1.0, -2.0, 13.0, 6.0), pygame.Rect(16, 16, 880, 700), 12)
    for p in ((0.0, 0.0), (4.5, -1.25), (12.0, 5.5)):
        back = view.to_frame(view.to_screen(p))
        assert abs(back[0] - p[0]) < 1e-9 and abs(back[1] - p[1]) < 1e-9
    top = view.to_screen((0.0, 6.0))
    bottom = view.to_screen((0.0, -2.0))
    assert top[1] < bottom[1]  # the frame's y points up, the screen's down


# -- what is wrong with a full figure ---------------------------------------------------------

def test_a_full_figure_that_is_not_solved_says_which_piece_is_wrong(app: App) -> None:
    """The play-test defect: the classic square by hand with the parallelogram turned over
    showed "7/7 placed" and no word why."""
    scene = open_level(app, "01-square")
    for i, p in enumerate(scene.level.solution):
        if i == 6:
            p = scene.pieces.flipped_in_place(p)
        scene.submit(Place(i, p.x, p.y, p.turn, p.flipped))
    frames(app, 30)
    assert not scene.is_solved
    left, right = scene.status_text()
    assert left.startswith("The parallelogram overlaps the")
    assert "%" in right
    fault = scene.fault()
    assert fault is not None and 6 in fault.pieces
    # the wrong area is drawn in red where the two pieces overlap
    x, y = fault.rings[0][0]
    cx = sum(p[0] for p in fault.rings[0]) / len(fault.rings[0])
    cy = sum(p[1] for p in fault.rings[0]) / len(fault.rings[0])
    shot = pygame.Surface((1280, 800))
    scene.draw(shot)
    r, g, b, _ = shot.get_at(screen(scene, cx, cy))
    assert r > g + 40 and r > b + 40


def test_a_piece_sticking_out_of_the_figure_is_not_counted_as_placed(app: App) -> None:
    scene = open_level(app, "01-square")
    p = scene.level.solution[0]
    scene.submit(Place(0, p.x, p.y, p.turn, p.flipped))
    assert scene.placed_count() == 1
    # its centre still on the figure, a third of it hanging over the edge
    scene.submit(Place(0, p.x, p.y - 1.0, p.turn, p.flipped))
    assert scene.placed_count() == 0
    assert scene.moves_text() == "0/7 placed"


# -- leaving --------------------------------------------------------------------------------------

def test_escape_with_pieces_placed_asks_before_leaving(app: App) -> None:
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    scene = open_level(app, "01-square")
    press(app, pygame.K_ESCAPE)
    assert app.top is not scene  # nothing placed: nothing to lose, it leaves at once
    scene = open_level(app, "01-square")
    p = scene.level.solution[0]
    scene.submit(Place(0, p.x, p.y, p.turn, p.flipped))
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.modal is not None
    press(app, pygame.K_ESCAPE)  # Esc again: stay
    assert app.top is scene and scene.modal is None
    assert not scene.rules.at_home(scene.state, 0)
    press(app, pygame.K_ESCAPE)
    leave = next(b for b in scene.modal.actions if b.text == "Leave")
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=leave))
    app.step(1 / 60)
    assert app.top is not scene


def test_a_slow_hint_search_runs_beside_the_frames_and_lands_when_found(app: App) -> None:
    scene = open_level(app, "01-square")
    slow_plan = scene.rules.plan_hint

    def slow(state: Any) -> Any:
        time.sleep(0.4)
        return slow_plan(state)

    scene.rules.plan_hint = slow  # type: ignore[method-assign]
    press(app, pygame.K_h)
    assert len(scene.match.states) == 1  # not yet: the frames go on
    assert "Looking for a solution" in (app.toasts.latest or "")
    start = time.perf_counter()
    while len(scene.match.states) == 1 and time.perf_counter() - start < 5:
        app.step(1 / 60)
    assert len(scene.match.states) == 2 and scene.state.hints == 1
