"""The Jeu de pions screen driven by real input events: drag, refusal, removal, keys, edit mode."""

from __future__ import annotations

import pygame

from game.app import App
from game.games.pions.scene import PionsScene
from game.scenes.catalog import open_scene
from tests.reference import assert_image

EXAMPLE = "23:23,22,17,16,12,6,2"


def _scene(app: App, position: str = EXAMPLE, **kw: object) -> PionsScene:
    scene = open_scene(app, "match:pions", position=position, **kw)
    assert isinstance(scene, PionsScene)
    return scene


def _settle(app: App, seconds: float = 1.5) -> None:
    for _ in range(int(seconds * 60)):
        app.step(1 / 60)
        app.draw()


def _drag(app: App, scene: PionsScene, cell: int, to_x: float) -> None:
    rl = scene.ruler
    start = (int(rl.x_of(cell)), int(rl.y - rl.cell * 0.3))
    end = (int(to_x), start[1])
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 0), buttons=(1, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def _key(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def test_dragging_a_pawn_to_a_free_cell_plays_the_move(app: App) -> None:
    scene = _scene(app)
    _drag(app, scene, 12, scene.ruler.x_of(9))
    assert scene.match.notation == ("12-9",)
    _settle(app)
    assert scene.state.cells == (23, 22, 17, 16, 9, 6, 2)


def test_dragging_past_the_next_pawn_stops_against_it_and_a_far_drop_is_refused(app: App) -> None:
    scene = _scene(app)
    _drag(app, scene, 12, scene.ruler.x_of(6) - 2)  # onto the pawn on 6: stops on 7
    assert scene.match.notation == ("12-7",)
    _settle(app)
    scene.match.undo()
    scene.sync()
    _drag(app, scene, 12, scene.ruler.x_of(3))  # beyond the pawn on 6: refused
    assert scene.match.notation == ()
    assert "cannot pass" in (app.toasts.latest or "")


def test_dragging_the_nearest_pawn_past_the_end_removes_it(app: App) -> None:
    scene = _scene(app)
    _drag(app, scene, 2, scene.ruler.end_x + 30)
    assert scene.match.notation == ("x2",)
    _settle(app)
    assert scene.state.cells == (23, 22, 17, 16, 12, 6)


def test_keyboard_selects_a_pawn_chooses_a_cell_and_plays(app: App) -> None:
    scene = _scene(app)
    for _ in range(5):  # Tab walks from the far side: 23, 22, 17, 16, 12
        _key(app, pygame.K_TAB)
    assert scene.selected == 12
    for _ in range(3):
        _key(app, pygame.K_RIGHT)
    assert scene.key_target == 9
    _key(app, pygame.K_RETURN)
    assert scene.match.notation == ("12-9",)


def test_x_removes_the_nearest_pawn_and_undo_restores_it(app: App) -> None:
    scene = _scene(app)
    _key(app, pygame.K_x)
    assert scene.match.notation == ("x2",)
    _settle(app)
    _key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.cells == (23, 22, 17, 16, 12, 6, 2)
    _key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.match.notation == ("x2",)


def test_analysis_shows_the_winning_move_of_the_worked_example(app: App) -> None:
    scene = _scene(app)
    a = scene.analysis()
    assert a.winning_notation == ("12-9",)
    assert [h.value for h in a.heaps] == [0, 0, 5, 2]
    assert a.nim_sum_binary == "111"


def test_edit_mode_builds_a_position_and_starts_with_the_second_player(app: App) -> None:
    scene = _scene(app, edit=True)
    assert scene.editing
    scene.edit_clear()
    rl = scene.ruler
    for cell in (9, 4, 3):
        app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                            pos=(int(rl.x_of(cell)), int(rl.y)), button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                        pos=(int(rl.x_of(4)), int(rl.y)), button=1))  # take it away
    assert scene.edit_state.cells == (9, 3)
    scene.start_from_edit(1)
    fresh = app.top
    assert isinstance(fresh, PionsScene) and fresh is not scene
    assert fresh.state.cells == (9, 3) and fresh.state.to_move == 1
    assert fresh.match.start == "23:9,3;2"


def test_the_computer_answers_without_blocking_the_frames(app: App) -> None:
    scene = _scene(app, computer=(False, True))
    _drag(app, scene, 12, scene.ruler.x_of(9))
    frames = 0
    while scene.match.ply < 2 and frames < 60 * 20:
        app.step(1 / 60)
        app.draw()
        frames += 1
    assert scene.match.ply == 2, "the computer did not answer"
    assert scene.rules.check(scene.match.states[1], scene.match.moves[1]) is None


def test_x_pressed_seven_times_quickly_removes_seven_pawns(app: App) -> None:
    """The play-test defect: X pressed seven times (hot-seat) removed four pawns: presses
    during the fall of a pawn were lost. The next input ends the animation at once."""
    scene = _scene(app)
    assert len(scene.state.cells) == 7
    for _ in range(7):
        _key(app, pygame.K_x)
        app.step(1 / 60)  # a frame between presses, far shorter than the animation
    assert scene.state.cells == ()
    assert len(scene.match.moves) == 7


def test_the_analysis_opens_closed_and_keeps_the_winning_move_until_asked(app: App) -> None:
    from game.ui import theme

    scene = _scene(app)
    assert not scene.show_analysis  # closed at the first match
    _key(app, pygame.K_a)
    assert scene.show_analysis
    theme._text_cache.clear()
    app.draw()
    drawn = " ".join(k[0] for k in theme._text_cache)
    assert "12→9" not in drawn and "press W" in drawn
    arrows: list[object] = []
    scene._arrow = lambda *a, **k: arrows.append(a)  # type: ignore[method-assign]
    app.draw()
    assert not arrows  # nor drawn as an arrow on the ruler
    del scene._arrow
    _key(app, pygame.K_w)
    theme._text_cache.clear()
    app.draw()
    drawn = " ".join(k[0] for k in theme._text_cache)
    assert "12→9" in drawn and "12-9" not in drawn  # as the move list writes moves


def test_the_results_follow_the_last_pawn_at_once(app: App) -> None:
    from game.scenes.results import ResultsScene

    scene = _scene(app, position="5:1")
    _key(app, pygame.K_x)
    frames = 0
    while not isinstance(app.top, ResultsScene) and frames < 200:
        app.step(1 / 60)
        frames += 1
    assert isinstance(app.top, ResultsScene)
    assert frames / 60 < 1.3  # the fall (0.95 s) and a short pause, not two seconds
    assert scene.match.outcome is not None


def test_the_rules_diagram_numbers_every_cell_it_talks_about() -> None:
    from game import registry
    from game.games.pions.help import DIAGRAMS
    from game.ui import theme

    pygame.init()
    for position in DIAGRAMS.values():
        theme._text_cache.clear()
        surf = pygame.Surface((380, 380))
        PionsScene.draw_diagram(surf, surf.get_rect(), registry.get("pions"), position)
        length = int(position.split(":")[0])
        drawn = {k[0] for k in theme._text_cache if k[1] >= 15}
        assert {str(c) for c in range(1, length + 1)} <= drawn, position


# -- pictures (tests/reference.py): the screen's states as the player sees them ---------------


def _picture(app: App, scene: PionsScene) -> pygame.Surface:
    _settle(app, 1.0)
    scene.t = 0.0  # glows at a fixed phase
    full = pygame.Surface((1280, 800))
    scene.draw(full)
    return full


def test_the_analysis_panel_matches_its_reference(app: App) -> None:
    """The worked example with the analysis open and its winning move shown: heaps, nim-sum, 12-9."""
    scene = _scene(app, analysis=True, reveal=True)
    assert_image(_picture(app, scene), "pions-analysis")


def test_the_edit_mode_matches_its_reference(app: App) -> None:
    scene = _scene(app, edit=True)
    assert_image(_picture(app, scene), "pions-edit")


def test_a_drag_in_progress_matches_its_reference(app: App) -> None:
    """A pawn held between cells with its legal stretch marked (the pawn follows the pointer)."""
    scene = _scene(app)
    rl = scene.ruler
    start = (int(rl.x_of(12)), int(rl.y - rl.cell * 0.3))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - 70, start[1]),
                                        rel=(-70, 0), buttons=(1, 0, 0)))
    assert_image(_picture(app, scene), "pions-drag")


def test_the_rules_diagram_and_thumbnail_match_their_references() -> None:
    from game import registry

    surf = pygame.Surface((520, 200))
    surf.fill((40, 40, 40))
    PionsScene.draw_diagram(surf, surf.get_rect(), registry.get("pions"), EXAMPLE)
    assert_image(surf, "pions-diagram")
    assert_image(PionsScene.thumbnail((260, 168)), "pions-thumbnail")


def test_after_play_again_the_results_name_the_winner_as_the_reason_does(app: App) -> None:
    from game.engine.match import Match
    from game.games.pions.rules import SIDE_NAMES
    from game.i18n import _
    from game.scenes.results import ResultsScene

    def play_out(m: Match) -> ResultsScene:
        while m.outcome is None:
            m.play(m.rules.legal_moves(m.state)[0])
        results = ResultsScene(app, m, pygame.Surface((1280, 800)))
        app.push(results)
        return results

    first = _scene(app, "5:4,2", computer=(False, True))  # the human moves first
    play_out(first.match).play_again()
    fresh = app.top
    assert isinstance(fresh, PionsScene) and fresh.match is not first.match
    kinds = [p.kind for p in fresh.match.players]
    assert kinds == ["computer", "human"]  # sides swapped: the computer moves first now
    human = fresh.match.players[1]
    assert human.name == SIDE_NAMES[1]  # the human plays second, and is called so
    results = play_out(fresh.match)
    out = fresh.match.outcome
    assert out is not None and out.winner is not None
    headline, _colour = results.headline()
    winner_side = _(SIDE_NAMES[out.winner])
    assert winner_side in headline
    # the reason names who removed the last pawn: the winner, under the normal rule
    assert out.reason.startswith(winner_side), (headline, out.reason)
