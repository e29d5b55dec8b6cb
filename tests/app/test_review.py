"""The review screen: opened from the results and from Load, driven by the graph, the move list,
the keys and the key moments; Cancel, the cache, Try again from here; Akhimoraec's timeline.

The review itself is made in the test's process (tests/app/review_fakes.py): the screen is what
is tested here, the analysis has its own tests.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import registry
from game.app import App
from game.engine import review as rv
from game.engine import storage
from game.engine.match import Match
from game.scenes.catalog import make_match, open_scene
from game.scenes.review import GRAPH, ReviewScene

from . import review_fakes as rf


@pytest.fixture(autouse=True)
def _fake_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every review screen gets its review from the test's process, three moves a frame."""
    rf.FakeJob.instances.clear()
    monkeypatch.setattr(ReviewScene, "_default_job",
                        lambda self, match_json, save_to: rf.FakeJob(match_json, save_to))


def run(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    run(app)


def key(app: App, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    run(app)


def review_of(app: App, game: str = "fairy16", moves: int = 16) -> ReviewScene:
    scene = ReviewScene(app, make_match(registry.get(game), moves=moves))
    app.push(scene)
    return scene


def test_the_review_opens_from_the_results(app: App) -> None:
    results = open_scene(app, "results:fairy16", moves=12)
    assert results.review_btn is not None
    results.open_review()
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.match is results.match
    assert scene.analysing and scene.index == 12  # the final position first
    run(app, 6)
    assert scene.review.complete and not scene.analysing
    app.draw()


def test_a_real_time_game_gets_its_timeline_and_puzzles_no_review(app: App) -> None:
    from game.scenes.timeline import TimelineScene

    results = open_scene(app, "results:akhimoraec", moves=6)
    results.open_review()
    assert isinstance(app.top, TimelineScene)
    assert not app.screens.can_review(make_match(registry.get("hanoi")))


def saved_match(game: str = "abalone", moves: int = 10) -> tuple[Path, Match]:
    m = make_match(registry.get(game), moves=moves)
    path = storage.saves_dir() / f"{game}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    m.save(path)
    return path, m


def test_the_review_opens_from_load_and_a_second_opening_is_instant(app: App, home: Path) -> None:
    path, m = saved_match()
    load = open_scene(app, "load")
    run(app)
    button = load._review_rect(0)
    click(app, button.center)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.match.notation == m.notation
    run(app, 6)
    assert scene.review.complete
    cached = rv.cache_path(path)
    assert cached.is_file()  # kept beside the match…
    assert [p.name for p in storage.saved_match_paths()] == [path.name]  # …not listed as one
    app.stack.pop()
    again = app.screens.review(load.items[0].match, path)
    assert isinstance(again, ReviewScene)
    assert again.review.complete and not again.analysing  # read from the cache, no job
    assert len(rf.FakeJob.instances) == 1
    assert again.review.to_json() == scene.review.to_json()


def test_the_r_key_on_load_opens_the_focused_match_s_review(app: App, home: Path) -> None:
    saved_match("pions", 6)
    open_scene(app, "load")
    key(app, pygame.K_r)
    assert isinstance(app.top, ReviewScene)


def test_clicking_the_graph_shows_that_position(app: App) -> None:
    scene = review_of(app)
    run(app, 8)
    before = scene.board_image().copy()
    x = round(scene.graph.x_of(5, scene.total))
    click(app, (x, GRAPH.centery))
    assert scene.index == 5
    after = scene.board_image()
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
    assert scene.graph.index_at((GRAPH.x + 2, GRAPH.centery), scene.total) == 0
    assert scene.graph.index_at((GRAPH.right - 2, GRAPH.centery), scene.total) == scene.total


def test_a_move_in_the_list_and_the_keys_move_through_the_match(app: App) -> None:
    scene = review_of(app)
    run(app, 8)
    scene.go(0)
    cell = scene.moves_view._cell(3)  # the fourth move: the position after it
    click(app, cell.center)
    assert scene.index == 4
    key(app, pygame.K_RIGHT)
    assert scene.index == 5
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.index == 3
    key(app, pygame.K_END)
    assert scene.index == scene.total
    key(app, pygame.K_HOME)
    assert scene.index == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_a_blunder_shows_its_better_move_and_a_key_moment_goes_there(app: App) -> None:
    scene = review_of(app)
    run(app, 8)
    blunder = next(m for m in scene.review.moves if m.judgement == "blunder" and m.best_code)
    scene.go(blunder.ply + 1)
    assert scene.can_show_better and not scene.better
    played = pygame.image.tobytes(scene.board_image(), "RGB")
    key(app, pygame.K_b)
    assert scene.better and scene.shown_ply == blunder.ply
    verdict = scene.verdict()
    assert verdict.judgement == "blunder" and blunder.best in verdict.better
    assert pygame.image.tobytes(scene.board_image(), "RGB") != played
    app.draw()
    rect, ply = scene._chips[0]
    click(app, rect.center)
    assert scene.index == ply + 1
    assert scene.better == (scene.review.moves[ply].judgement in ("mistake", "blunder"))


def test_cancel_stops_the_analysis_and_keeps_what_was_judged(app: App) -> None:
    scene = review_of(app, moves=30)
    run(app, 2)
    job = scene.job
    assert job is not None and 0 < len(scene.review.moves) < 30
    scene.cancel()
    assert job.cancelled and job.closed and not scene.analysing
    judged = len(scene.review.moves)
    polls = job.polls
    run(app, 5)
    assert job.polls == polls and len(scene.review.moves) == judged  # nothing more asked
    assert not scene.review.complete and not rv.cache_path_for(scene.match_json).exists()
    app.draw()
    scene.cancel()  # the same button now says Resume
    assert scene.analysing
    run(app, 12)
    assert scene.review.complete


def test_leaving_stops_the_analysis(app: App) -> None:
    scene = review_of(app, moves=30)
    run(app)
    job = scene.job
    key(app, pygame.K_ESCAPE)
    app.later(lambda: None)
    run(app)
    assert job.closed


@pytest.mark.parametrize("computer", [True, False])
def test_try_again_starts_a_match_at_the_position_shown_with_its_origin(
        app: App, home: Path, computer: bool) -> None:
    scene = review_of(app, "amazons", moves=10)
    run(app, 5)
    scene.go(7)
    fresh = scene.try_again(computer)
    top: Any = app.top
    assert top.match is fresh
    assert fresh.state == scene.states[7] and fresh.moves == ()
    assert fresh.origin is not None and fresh.origin.moves == scene.match.notation[:7]
    mover = fresh.state.to_move
    assert not fresh.players[mover].is_computer
    assert fresh.players[1 - mover].is_computer == computer
    data = json.loads(json.dumps(fresh.to_json()))
    assert data["origin"]["moves"] == list(scene.match.notation[:7])
    assert Match.from_json(data, registry.get).origin == fresh.origin


def test_try_again_asks_against_whom_first(app: App) -> None:
    scene = review_of(app, "pions", moves=4)
    run(app, 3)
    scene.ask_try_again()
    assert scene.modal is not None
    app.draw()
    labels = {el.text: fn for el, fn in scene.modal.actions.items()}
    assert set(labels) == {"The computer", "Two players", "Cancel"}
    labels["Two players"]()
    top: Any = app.top
    assert top is not scene and top.match.origin is not None
    assert not any(p.is_computer for p in top.match.players)


def test_the_timeline_shows_the_board_at_the_instant_clicked(app: App) -> None:
    from game.scenes.timeline import AXIS, TimelineScene

    m = make_match(registry.get("akhimoraec"))
    for k in range(6):
        m.advance(2.0)
        m.play(m.rules.legal_moves(m.state)[k % 3])
    scene = app.screens.review(m)
    assert isinstance(scene, TimelineScene)
    app.push(scene)
    times = [p.time for p in scene.points]
    assert times == sorted(times) and times[0] > 0 and times[-1] == pytest.approx(m.state.time)
    assert any(max(p.sand) > 0 for p in scene.points)  # the sand levels are there
    x = round(scene.axis.x_of(times[2] + 0.5, scene.span))
    click(app, (x, AXIS.centery))
    assert scene.tip_index() == 2
    state = scene.state_at()
    assert state.time == pytest.approx(times[2] + 0.5, abs=0.01)  # the clock run on to there
    key(app, pygame.K_LEFT)
    assert scene.tip_index() == 1
    key(app, pygame.K_HOME)
    assert scene.tip_index() == -1 and scene.state_at() == m.states[0]
    app.draw()


def test_the_rules_screen_states_the_thresholds(app: App) -> None:
    from game.engine.review import THRESHOLDS
    from game.scenes.rules import RulesScene

    scene = RulesScene(app, registry.get("abalone"))
    heading, body = scene.sections[-1]
    assert heading == "Game review"
    for word in ("inaccuracy", "mistake", "blunder"):
        assert f"{round(100 * THRESHOLDS[word])} points" in body
    assert not any(h == "Game review" for h, _b in RulesScene(app, registry.get("hanoi")).sections)


def test_a_failed_analysis_is_said_and_can_be_resumed(app: App) -> None:
    class Failing(rf.FakeJob):
        @property
        def done(self) -> bool:
            return self.polls >= 1

        @property
        def error(self) -> str | None:
            return "the computer's process ended"

    scene = ReviewScene(app, make_match(registry.get("pions"), moves=8),
                        job_factory=lambda mj, st: Failing(mj, st))
    app.push(scene)
    run(app, 2)
    assert not scene.analysing and scene.cancelled
    assert "the computer's process ended" in (app.toasts.latest or "")
    assert scene.cancel_btn.visible


def test_the_better_move_button_appears_when_the_move_shown_is_judged(app: App) -> None:
    scene = ReviewScene(app, make_match(registry.get("fairy16"), moves=16),
                        job_factory=rf.factory(per_poll=1))
    app.push(scene)
    whole = scene.job.whole
    blunder = next(m for m in whole.moves if m.judgement == "blunder" and m.best_code)
    scene.go(blunder.ply + 1)
    assert not scene.better_btn.visible  # not judged yet
    run(app, blunder.ply + 2)
    assert scene.current == blunder and scene.better_btn.visible


def test_with_the_real_worker_the_review_streams_in_is_kept_and_cancel_ends_the_process(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen with the real ReviewJob (its own process): Jeu de pions, judged exactly."""
    import os
    import time

    monkeypatch.undo()  # the review's own process this time
    m = make_match(registry.get("pions"), moves=6)
    scene = ReviewScene(app, m, seconds=0.05)
    app.push(scene)
    deadline = time.monotonic() + 60
    while scene.analysing and time.monotonic() < deadline:
        run(app)
        time.sleep(0.02)
    assert scene.review.complete and all(mv.exact for mv in scene.review.moves)
    assert rv.cache_path_for(scene.match_json).is_file()
    again = ReviewScene(app, m)
    assert again.review.complete and not again.analysing
    longer = ReviewScene(app, make_match(registry.get("fairy16"), moves=30), seconds=0.5)
    app.push(longer)
    pid = longer.job.pid
    assert pid is not None
    longer.cancel()
    assert not longer.analysing and not longer.review.complete
    with pytest.raises(ProcessLookupError):
        for _ in range(50):  # killed at once; reaped by the job
            os.kill(pid, 0)
            time.sleep(0.05)


def test_a_move_is_numbered_as_the_move_list_numbers_it(app: App) -> None:
    """The list pairs the moves two a row: the 35th move is on row 18, and the panel, the board's
    caption and the key moments call it move 18 too (not 35)."""
    scene = review_of(app, "abalone", moves=40)
    run(app, 20)
    assert scene.review.complete
    scene.go(35)
    verdict = scene.verdict()
    assert verdict.heading.startswith("Move 18 · "), verdict.heading
    scene.go(36)
    assert scene.verdict().heading.startswith("Move 18 · ")
    scene.go(37)
    assert scene.verdict().heading.startswith("Move 19 · ")
