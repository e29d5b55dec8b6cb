"""The Towers of Hanoi screen, headless: real clicks, drags and keys make moves through the rules;
refusals carry the rules' reason; hints and the watched solution come from the solver; solving a
level records its stars and unlocks the next; free play sets itself up; every picture draws."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import registry
from game.app import App
from game.games.hanoi import solver
from game.games.hanoi.help import DIAGRAMS
from game.games.hanoi.levels import HanoiLevel
from game.games.hanoi.rules import PEG_LETTERS, parse_position_text
from game.games.hanoi.scene import FREE_KINDS, HanoiScene
from game.games.hanoi.sprites import disk_colour
from game.scenes.catalog import open_scene
from game.scenes.puzzle_base import BOARD_AREA, list_levels, progress
from tests.reference import assert_image, board_picture

ENTRY = registry.get("hanoi")


def level_index(title: str) -> int:
    return next(i for i, lv in enumerate(list_levels(ENTRY)) if lv.title == title)


def open_level(app: App, title: str) -> HanoiScene:
    scene = open_scene(app, "puzzle:hanoi", level=str(level_index(title)))
    assert isinstance(scene, HanoiScene)
    assert scene.prep.ready.wait(60)  # the solver is made ready in a background thread
    return scene


def frames(app: App, n: int = 90) -> None:
    """Run n frames of 1/60 s, drawing some of them (drawing every one only costs time)."""
    for i in range(n):
        app.step(1 / 60)
        if i % 8 == 0 or i == n - 1:
            app.draw()


def peg_point(scene: HanoiScene, peg: int) -> tuple[int, int]:
    """A point on the peg's column, a little above the base (where a player would click)."""
    return int(scene.layout.xs[peg]), int(scene.layout.base_y - 2 * scene.layout.disk_h)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def press(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def peg_key(peg: int) -> int:
    return [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4][peg]


def play_keys(app: App, moves: list[tuple[int, int]]) -> None:
    for src, dst in moves:
        press(app, peg_key(src))
        press(app, peg_key(dst))
        frames(app, 2)


# -- moving --------------------------------------------------------------------------------------


def test_click_on_a_peg_then_another_moves_the_top_disk(app: App) -> None:
    scene = open_level(app, "Three Disks")
    assert scene.state.disk_pegs == (0, 0, 0)
    click(app, peg_point(scene, 0))
    assert scene.held == 0  # lifted, still on A in the rules' eyes
    assert scene.state.disk_pegs == (0, 0, 0)
    click(app, peg_point(scene, 2))
    assert scene.state.disk_pegs == (2, 0, 0)
    assert scene.move_count() == 1 and scene.notation == ["A-C"]
    assert scene.moves_text() == "1 move"
    frames(app)
    assert not scene.flights  # landed


def test_an_illegal_drop_is_refused_with_the_rules_reason(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2)])
    click(app, peg_point(scene, 0))  # lift disk 2
    click(app, peg_point(scene, 2))  # onto disk 1: refused
    assert app.toasts.latest == "A larger disk cannot go on a smaller one."
    assert scene.state.disk_pegs == (2, 0, 0) and scene.move_count() == 1
    assert scene.held == 0  # still in hand: another peg may be chosen
    assert scene.board.shake_tw is not None and not scene.board.shake_tw.done
    click(app, peg_point(scene, 1))
    assert scene.state.disk_pegs == (2, 1, 0)


def test_picking_from_an_empty_peg_is_refused(app: App) -> None:
    scene = open_level(app, "Three Disks")
    click(app, peg_point(scene, 1))
    assert app.toasts.latest == "That peg is empty."
    assert scene.held is None and scene.move_count() == 0


def test_number_keys_pick_and_drop_and_a_missing_peg_is_named(app: App) -> None:
    scene = open_level(app, "Three Disks")
    press(app, pygame.K_1)
    assert scene.held == 0
    press(app, pygame.K_2)
    assert scene.state.disk_pegs == (1, 0, 0)
    press(app, pygame.K_4)
    assert app.toasts.latest == "There is no peg D: this puzzle has 3 pegs."
    # the same peg twice puts the disk back without a move
    press(app, pygame.K_1)
    press(app, pygame.K_1)
    assert scene.held is None and scene.move_count() == 1


def test_arrow_keys_and_space_play_too(app: App) -> None:
    scene = open_level(app, "Three Disks")
    press(app, pygame.K_RIGHT)  # shows the focus on A
    press(app, pygame.K_SPACE)
    assert scene.held == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_SPACE)
    assert scene.state.disk_pegs == (2, 0, 0)


def test_drag_and_drop(app: App) -> None:
    scene = open_level(app, "Three Disks")
    a, c = peg_point(scene, 0), peg_point(scene, 2)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    for k in range(1, 6):
        pos = (a[0] + (c[0] - a[0]) * k // 5, a[1] - 120)
        app.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        )
        frames(app, 1)
    assert scene.hands.dragging and scene.hands.drag_pos[0] == pytest.approx(c[0])
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(c[0], a[1] - 120), button=1))
    assert scene.state.disk_pegs == (2, 0, 0) and not scene.hands.dragging


def test_a_drag_let_go_over_a_smaller_disk_goes_home(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2)])
    frames(app)
    a, c = peg_point(scene, 0), peg_point(scene, 2)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(c[0], c[1] - 150), rel=(1, 1), buttons=(1, 0, 0)
        )
    )
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(c[0], c[1] - 150), button=1))
    assert app.toasts.latest == "A larger disk cannot go on a smaller one."
    assert scene.state.disk_pegs == (2, 0, 0) and scene.held is None
    assert 1 in scene.flights  # shaking, then flying home
    frames(app, 120)
    assert not scene.flights


def test_undo_and_restart(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2), (0, 1)])
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.disk_pegs == (2, 0, 0) and scene.notation == ["A-C"]
    frames(app)
    press(app, pygame.K_r)
    assert scene.state == scene.start_state and scene.move_count() == 0
    assert scene.elapsed == 0.0
    frames(app)
    assert not scene.flights
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.toasts.latest == "Nothing to undo."


def test_escape_first_puts_a_lifted_disk_back_then_leaves(app: App) -> None:
    scene = open_level(app, "Three Disks")
    press(app, pygame.K_1)
    press(app, pygame.K_ESCAPE)
    assert scene.held is None and app.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.top is not scene


# -- solving, stars, progress ---------------------------------------------------------------------


def test_an_optimal_solve_earns_three_stars_and_unlocks_the_next_level(app: App) -> None:
    scene = open_level(app, "Three Disks")
    assert scene.info is not None
    moves = solver.solution(3, (0, 0, 0), (2, 2, 2))
    play_keys(app, [(m.src, m.dst) for m in moves])
    frames(app)
    assert scene.is_solved and scene.earned == 3 and scene.move_count() == 7
    levels = list_levels(ENTRY)
    prog = progress(app)
    record = prog.record("hanoi", scene.info.id)
    assert record.solved and record.stars == 3 and record.best_moves == 7
    assert prog.unlocked("hanoi", [lv.id for lv in levels], 1)
    # a solved puzzle takes no more moves; Enter opens the next level
    press(app, pygame.K_1)
    assert scene.move_count() == 7
    press(app, pygame.K_RETURN)
    nxt = app.top
    assert isinstance(nxt, HanoiScene) and nxt.info is not None and nxt.info.index == 1


def test_the_obvious_swap_earns_two_stars(app: App) -> None:
    # 3:AAB>BBA has par 5; moving the small tower away and back takes 7 (≤ 1.5 × 5)
    scene = open_level(app, "The Swap")
    assert scene.par == 5
    play_keys(app, [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1), (0, 1)])
    frames(app)
    assert scene.is_solved and scene.move_count() == 7 and scene.earned == 2


def test_a_long_solve_earns_one_star(app: App) -> None:
    scene = open_level(app, "Three Disks")
    wasted = [(0, 1), (1, 0), (0, 1), (1, 0)]
    best = [(m.src, m.dst) for m in solver.solution(3, (0, 0, 0), (2, 2, 2))]
    play_keys(app, wasted + best)
    frames(app)
    assert scene.is_solved and scene.move_count() == 11 and scene.earned == 1


# -- hints and the solution --------------------------------------------------------------------


def test_hint_shows_an_optimal_move_and_a_second_press_plays_it(app: App) -> None:
    scene = open_level(app, "The Fourth Peg")  # four pegs: the solver's table
    play_keys(app, [(0, 1)])
    frames(app)
    before = scene.state
    left = solver.moves_to_solve(before)
    press(app, pygame.K_h)
    hint = scene.hint_move
    assert hint is not None and scene.hints_used == 1
    after = scene.rules.play(before, hint)
    assert solver.moves_to_solve(after) == left - 1
    assert PEG_LETTERS[hint.src] in (app.toasts.latest or "")
    assert scene.state == before  # only shown
    press(app, pygame.K_h)
    assert scene.state == after and scene.hint_move is None and scene.hints_used == 1


def test_watching_the_solution_solves_it_without_stars(app: App) -> None:
    scene = open_level(app, "The Swap")
    assert scene.info is not None
    play_keys(app, [(0, 2)])  # from wherever the player is
    frames(app)
    left = solver.moves_to_solve(scene.state)
    press(app, pygame.K_s)
    assert scene.watching and "no stars" in (app.toasts.latest or "")
    for _ in range(600):
        if scene.is_solved:
            break
        frames(app, 10)
    assert scene.is_solved and scene.move_count() == 1 + left
    assert scene.earned == 0 and scene.stars() == 0
    assert not progress(app).record("hanoi", scene.info.id).solved
    # the next level opens only when the player solves this one
    assert not scene.next_btn.visible
    press(app, pygame.K_RETURN)
    assert app.top is scene and "yourself" in (app.toasts.latest or "")


def test_any_key_or_click_stops_the_solution(app: App) -> None:
    scene = open_level(app, "Four Disks")
    press(app, pygame.K_s)
    frames(app, 60)
    played = scene.move_count()
    assert played >= 1
    press(app, pygame.K_h)  # stops, and is not taken as a hint
    assert not scene.watching and scene.hint_move is None
    frames(app, 120)
    assert scene.move_count() == played
    press(app, pygame.K_s)
    frames(app, 10)
    click(app, peg_point(scene, 1))
    assert not scene.watching
    # restarting is a fresh attempt: stars are possible again
    press(app, pygame.K_r)
    assert not scene.watched


# -- free play ------------------------------------------------------------------------------------


def test_free_play_offers_pegs_disks_and_starts(app: App) -> None:
    scene = open_scene(app, "puzzle:hanoi", free_play=True, seed=7)
    assert isinstance(scene, HanoiScene) and scene.info is None and scene.free
    assert scene.rules.position_text(scene.start_state) == "3:AAAAA>CCCCC"
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.bar.peg_btns[4]))
    assert scene.rules.position_text(scene.start_state) == "4:AAAAA>DDDDD"
    press(app, pygame.K_EQUALS)
    assert scene.start_state.n_disks == 6
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.bar.minus_btn))
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.bar.minus_btn))
    assert scene.start_state.n_disks == 4
    label = dict(FREE_KINDS)["gather"]
    app.handle_event(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.bar.kind_dd, text=label
        )
    )
    st = scene.start_state
    assert st.target_pegs == (3, 3, 3, 3) and st.disk_pegs != st.target_pegs
    assert scene.prep.ready.wait(60)
    frames(app, 2)
    assert scene.par == solver.distance(4, st.disk_pegs, st.target_pegs)
    # playing then changing the set-up starts afresh
    first = scene.rules.legal_moves(st)[0]
    play_keys(app, [(first.src, first.dst)])
    assert scene.move_count() == 1
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.bar.peg_btns[3]))
    assert scene.move_count() == 0 and scene.pegs == 3


def test_free_play_stays_within_one_to_ten_disks(app: App) -> None:
    scene = open_scene(app, "puzzle:hanoi", free_play=True, disks=10)
    assert isinstance(scene, HanoiScene)
    press(app, pygame.K_EQUALS)
    assert scene.start_state.n_disks == 10 and "1 to 10 disks" in (app.toasts.latest or "")


# -- drawing ---------------------------------------------------------------------------------------


def _has_colour(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
                tolerance: int = 24) -> bool:
    """Some pixel inside `rect` is within `tolerance` of `colour` on every channel."""
    px = pygame.surfarray.pixels3d(surf)[rect.left:rect.right, rect.top:rect.bottom]
    near = (abs(px.astype(int) - colour) <= tolerance).all(axis=2)
    return bool(near.any())


def _level_cards(size: tuple[int, int] = (170, 70)) -> list[tuple[HanoiLevel, pygame.Surface]]:
    out = []
    for lv in list_levels(ENTRY):
        assert lv.error is None, lv.error
        thumb = HanoiScene.level_thumbnail(lv, size)
        assert thumb is not None and isinstance(lv.level, HanoiLevel)
        out.append((lv.level, thumb))
    return out


def test_a_level_card_shows_every_disk_at_the_start_and_at_the_target() -> None:
    """The card is there to tell the levels apart: the start on the left, the target on the
    right, each with all of its disks in their own colours."""
    pygame.init()
    for level, thumb in _level_cards():
        w, h = thumb.get_size()
        halves = (pygame.Rect(0, 0, int(w * 0.42) + 2, h), pygame.Rect(w - int(w * 0.42) - 2, 0,
                                                                      int(w * 0.42) + 2, h))
        for d in range(len(level.start)):
            for half in halves:
                assert _has_colour(thumb, half, disk_colour(d, len(level.start))), \
                    (level.title, d, half)
        # and the two sides are not the same picture when the start is not the target
        left = pygame.surfarray.array3d(thumb.subsurface(halves[0]))
        right = pygame.surfarray.array3d(thumb.subsurface(halves[1]))
        assert (left != right).any(), level.title


def test_the_pictures_match_their_references() -> None:
    """The menu card, the level cards and the rules diagrams, against reviewed pictures."""
    pygame.init()
    assert_image(HanoiScene.thumbnail((260, 190)), "hanoi-card")
    cards = _level_cards()
    sheet = pygame.Surface((4 * 174, ((len(cards) + 3) // 4) * 74))
    sheet.fill((30, 34, 40))
    for k, (_, thumb) in enumerate(cards):
        sheet.blit(thumb, (174 * (k % 4), 74 * (k // 4)))
    assert_image(sheet, "hanoi-level-cards")
    diagrams = pygame.Surface((380 * len(DIAGRAMS), 380), pygame.SRCALPHA)
    for k, position in enumerate(DIAGRAMS.values()):
        HanoiScene.draw_diagram(diagrams, pygame.Rect(380 * k, 0, 380, 380), ENTRY, position)
    flat = pygame.Surface(diagrams.get_size())
    flat.fill((30, 34, 40))
    flat.blit(diagrams, (0, 0))
    assert_image(flat, "hanoi-diagrams")


def test_a_rules_diagram_shows_the_start_over_the_target() -> None:
    pygame.init()
    for position in DIAGRAMS.values():
        state = parse_position_text(position)
        surf = pygame.Surface((380, 380))
        HanoiScene.draw_diagram(surf, surf.get_rect(), ENTRY, position)
        start, target = pygame.Rect(0, 0, 380, 230), pygame.Rect(0, 240, 380, 140)
        for d in range(state.n_disks):
            colour = disk_colour(d, state.n_disks)
            assert _has_colour(surf, start, colour) and _has_colour(surf, target, colour)
        # every disk of the start stands on its peg: the largest disk's colour is found in
        # the column of its peg and not in the others
        lay_x = [380 * (2 * p + 1) / (2 * state.pegs) for p in range(state.pegs)]
        big = state.n_disks - 1
        for p, x in enumerate(lay_x):
            column = pygame.Rect(int(x) - 30, 28, 6, 200)  # beside the number plate
            found = _has_colour(surf, column, disk_colour(big, state.n_disks), 12)
            assert found == (state.disk_pegs[big] == p), (position, p)


def _board(app: App, scene: HanoiScene) -> pygame.Surface:
    scene.tweens.finish_all()
    app.step(1 / 60)
    scene.t = 0.0  # bobbing and pulses at a fixed phase
    scene.elapsed = 42.0
    return board_picture(scene, BOARD_AREA)


def test_a_lifted_disk_shows_where_it_may_go(app: App) -> None:
    """The screen's job with a disk in hand: the disk over its peg, a dot on each peg the rules
    allow, the peg's label lit under the pointer."""
    scene = open_level(app, "Four Disks")
    play_keys(app, [(0, 1)])
    frames(app, 40)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=peg_point(scene, 0), rel=(0, 0),
                                        buttons=(0, 0, 0)))
    press(app, pygame.K_1)
    assert_image(_board(app, scene), "hanoi-lifted")
    assert [m.dst for m in scene.rules.legal_moves(scene.state) if m.src == 0] == [2]


def test_a_solved_level_celebrates_on_the_board(app: App) -> None:
    scene = open_level(app, "Three Disks")
    play_keys(app, [(0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2)])
    frames(app, 200)  # the confetti has fallen
    assert scene.is_solved and not scene.board.confetti
    scene.solved_t = -5.0  # the banner fully in
    assert_image(_board(app, scene), "hanoi-solved")


def test_frames_in_flight_stay_on_the_board(app: App) -> None:
    scene = open_level(app, "Reve's Ten")
    press(app, pygame.K_s)
    seen = 0
    for _ in range(240):
        frames(app, 1)
        for fl in scene.flights.values():
            x, y = fl.pos()
            assert scene.layout.rect.left <= x <= scene.layout.rect.right
            assert 16 <= y <= scene.layout.base_y
            seen += 1
    assert seen > 0 and scene.move_count() > 2


def test_a_hint_asked_while_the_solver_is_busy_comes_when_it_is_ready(app: App) -> None:
    from game.games.hanoi import hints

    with hints._SOLVER_LOCK:  # as if another puzzle's table were being built
        scene = open_scene(app, "puzzle:hanoi", level=str(level_index("The Fourth Peg")))
        assert isinstance(scene, HanoiScene)
        press(app, pygame.K_h)
        assert scene.hint_move is None and app.toasts.latest == "Preparing hints… a moment."
        assert scene.status_text()[1] == "preparing hints…"
        frames(app, 3)  # the frames keep coming meanwhile
        assert scene.hint_move is None
    assert scene.prep.ready.wait(60)
    frames(app, 2)
    assert scene.hint_move is not None and scene.hints_used == 1


def test_instant_animations_still_play_the_whole_solution(app: App) -> None:
    app.settings.animation_speed = 0.0
    scene = open_level(app, "Four Disks")
    press(app, pygame.K_s)
    frames(app, 100)
    assert scene.is_solved and scene.move_count() == 15


def test_escape_after_moves_asks_before_leaving(app: App) -> None:
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    scene = open_level(app, list_levels(ENTRY)[0].title)
    play_keys(app, [(0, 2)])
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.modal is not None  # the moves would be lost: it asks
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.modal is None and len(scene.moves) == 1
