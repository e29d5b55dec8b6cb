"""Solving a tactics puzzle through the game's own scene: a wrong move is refuted by the
computer and offers Try again, hints cost stars, the right line is answered move by move and
the stars land in the saved progress; the packs screen and the puzzle of the day."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import resources
from game.app import App
from game.engine.progress import Progress
from game.engine.puzzles import progress_key, read_pack
from game.engine.worker import AIReply
from game.scenes.catalog import open_scene
from game.scenes.puzzle_packs import PuzzlePacksScene
from game.scenes.puzzle_play import PuzzleMode, find_puzzle, move_start


class FakeWorker:
    """Stands in for the computer's process: answers each request with `answer(position)`."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.pending: tuple[int, str] | None = None
        self.requests = 0

    busy = False

    def start(self) -> None:
        pass

    def request(self, game: str, variant: str, options: Any, start: Any, moves: list[str],
                level: str, seconds: float, seed: int = 0) -> int:
        self.requests += 1
        self.pending = (self.requests, self.answer(start, moves))
        return self.requests

    def poll(self) -> AIReply | None:
        if self.pending is None:
            return None
        (rid, move), self.pending = self.pending, None
        return AIReply(rid, move)

    def cancel(self) -> None:
        self.pending = None

    def close(self) -> None:
        self.pending = None


def frames(app: App, n: int = 30) -> None:
    for i in range(n):
        app.step(1 / 20)
        if i % 10 == 0:
            app.draw()


def through_prelude(app: App, scene: Any) -> None:
    """Let the scene play the opponent's mistake (it opens on the position before it)."""
    for _ in range(200):
        if scene.phase != "prelude":
            return
        frames(app, 1)
    raise AssertionError("the opponent's mistake was never played")


def test_a_puzzle_is_solved_through_the_scene(app: App) -> None:
    pack = read_pack(resources.puzzles_dir() / "pions.json", app.services.games)
    puzzle = next(p for p in pack.puzzles if p.difficulty.depth == 2)
    scene: Any = open_scene(app, "tactics:pions", level=puzzle.id)
    assert isinstance(scene, PuzzleMode)
    rules = scene.match.rules

    def text(state: Any) -> str:
        return str(rules.position_text(state))

    def refutation(_start: Any, moves: list[str]) -> str:
        state = rules.parse_position(puzzle.before)
        for m in moves:
            state = rules.play(state, rules.parse_move(state, m))
        return rules.to_notation(state, rules.legal_moves(state)[0])

    app.services.worker = FakeWorker(refutation)

    # the board opens before the opponent's mistake; the scene plays it, then gives the turn
    assert puzzle.before is not None and puzzle.mistake is not None
    assert scene.phase == "prelude" and text(scene.match.state) == puzzle.before
    assert not scene.human_to_move and not scene.submit(rules.legal_moves(scene.match.state)[0])
    goal = scene.puzzle.goal_text(scene.match.entry, scene.attempt.side)
    assert scene.status_text()[0] != goal
    scene.try_again()  # nothing to go back to yet: the mistake is still played
    through_prelude(app, scene)
    assert scene.phase == "play" and scene.human_to_move
    assert list(scene.match.notation) == [puzzle.mistake]  # the last move on the board: the mistake
    start = scene.match.state
    assert text(start) == text(rules.parse_position(puzzle.position))
    assert scene.status_text()[0] == goal

    # a wrong move: the computer answers on the board, then Try again goes back to the start
    right = {s.move for s in puzzle.solution}
    wrong = next(m for m in rules.legal_moves(start) if rules.to_notation(start, m) not in right
                 and rules.play(start, m).cells)
    assert scene.submit(wrong)
    frames(app)
    assert scene.phase == "wrong" and scene.match.ply == 3
    assert "Try again" in scene.feedback
    assert scene.button_states()[scene.try_btn] and scene.button_states()[scene.solution_btn]
    scene.try_again()  # back to the puzzle's position: the mistake stays the last move
    assert list(scene.match.notation) == [puzzle.mistake] and scene.phase == "play"
    assert not scene.button_states()[scene.try_btn]

    # two hints: where the move starts, then the move; each costs a star
    scene.take_hint()
    assert move_start(puzzle.solution[0].move) in scene.feedback
    scene.take_hint()
    first = rules.parse_move(start, puzzle.solution[0].move)
    assert scene.move_text(first) in scene.feedback and scene.attempt.stars == 1
    assert scene.hint_move == first

    # the line: the player's moves, the computer's answers from the puzzle
    line = puzzle.main_line()
    for k in range(0, len(line), 2):
        assert scene.phase == "play"
        assert scene.submit(rules.parse_move(scene.match.state, line[k]))
        frames(app)
        if k + 1 < len(line):
            assert scene.match.notation[-1] == line[k + 1]
    assert scene.phase == "done" and scene.feedback == "Solved!"
    saved, _notice = Progress.load()
    rec = saved.record(progress_key("pions"), puzzle.id)
    assert rec.solved and rec.stars == 1


def test_the_solution_can_be_shown_after_a_failure_and_earns_no_star(app: App) -> None:
    puzzle = find_puzzle(app, "abalone", "1")
    scene: Any = open_scene(app, "tactics:abalone", level=puzzle.id)
    app.services.worker = FakeWorker(lambda start, moves: "")
    through_prelude(app, scene)
    assert not scene.button_states()[scene.solution_btn]  # no solution before trying
    scene.attempt.failed = True
    scene.show_solution()
    frames(app, 60)
    assert scene.phase == "done" and scene.attempt.stars == 0
    assert scene.match.notation[scene.start_ply] == puzzle.solution[0].move
    assert not Progress.load()[0].record(progress_key("abalone"), puzzle.id).solved


def test_the_packs_screen_locks_all_but_the_first_and_opens_the_puzzle_of_the_day(
        app: App) -> None:
    scene = open_scene(app, "puzzles")
    assert isinstance(scene, PuzzlePacksScene)
    assert scene.games and scene.errors == []
    assert scene._unlocked(0) and not scene._unlocked(1)
    app.draw()
    scene.open_daily()
    frames(app, 2)
    top: Any = app.top
    assert isinstance(top, PuzzleMode) and top.daily
    assert top.puzzle is scene.daily_puzzle() or top.puzzle.id == scene.daily_puzzle().id


def test_the_main_menu_opens_the_puzzle_of_the_day_and_shows_the_streak(app: App) -> None:
    import datetime

    menu: Any = open_scene(app, "menu")
    app.services.progress.daily_solved(datetime.date.today())
    frames(app, 2)
    menu.open_daily()
    frames(app, 3)
    top: Any = app.top
    assert isinstance(top, PuzzleMode) and top.daily
    app.pop()
    assert isinstance(app.top, PuzzlePacksScene)
    assert app.services.progress.current_streak(datetime.date.today()) == 1


def test_the_packs_screen_is_played_with_the_keyboard(app: App) -> None:
    import pygame

    scene: Any = open_scene(app, "puzzles")
    first_game = scene.game
    for key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RETURN):
        scene.process_event(pygame.event.Event(pygame.KEYDOWN, key=key))
    frames(app, 2)
    top: Any = app.top
    assert isinstance(top, PuzzleMode) and top.puzzle.id == scene.puzzles[0].id
    app.pop()
    scene.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB))
    assert scene.game != first_game


def test_a_puzzle_turns_off_what_gives_it_away(app: App) -> None:
    scene: Any = open_scene(app, "tactics:pions")
    through_prelude(app, scene)
    assert not scene.analysis_btn.is_enabled and not scene.edit_btn.is_enabled
    scene.toggle_analysis()
    scene.enter_edit()
    assert not scene.show_analysis and not scene.editing and scene.phase == "play"


@pytest.mark.parametrize("game", ["pions", "abalone", "amazons", "fairy16", "rithmomachia",
                                  "taishogi"])
def test_the_first_hint_rings_the_man_on_the_board_and_the_second_draws_the_move(
        app: App, game: str) -> None:
    scene: Any = open_scene(app, f"tactics:{game}")
    through_prelude(app, scene)
    rules = scene.match.rules
    start = scene.match.state
    first = rules.parse_move(start, scene.puzzle.solution[0].move.split()[0])
    frames(app, 60)  # the mistake's own effects (an arrow's landing) have faded

    def board() -> bytes:
        canvas = pygame.Surface((1280, 800))
        scene.draw_board(canvas)
        return pygame.image.tobytes(canvas, "RGB")

    plain = board()
    assert board() == plain  # the picture holds still without a hint: a change is the hint's
    scene.take_hint()
    assert scene.hint_start == first and scene.hint_move is None and scene.attempt.hints == 1
    ringed = board()
    assert ringed != plain, "the first hint draws nothing on the board"
    if hasattr(scene, "marks"):  # the board games' squares: the ring is on the man's square
        assert scene.marks().hint_start == scene.game.option_of(start, first).path[0]
    scene.take_hint()
    assert scene.hint_move == first
    assert board() not in (plain, ringed)
    scene.try_again()
    assert scene.hint_start is None and board() == plain


def test_a_chess_puzzle_opens_on_the_mistake_which_stays_highlighted(app: App) -> None:
    """A puzzle on the piece engine: the opponent's mistake is played as a move, stays the
    highlighted last move, and is still there after a right move and Try again."""
    pack = read_pack(resources.puzzles_dir() / "chess.json", app.services.games)
    puzzle = next(p for p in pack.puzzles if p.goal == "material" and p.mistake)
    scene: Any = open_scene(app, "tactics:chess", level=puzzle.id)
    rules = scene.match.rules
    before = rules.parse_position(puzzle.before)
    mistake = rules.parse_move(before, puzzle.mistake)
    path = tuple(dict.fromkeys(scene.game.option_of(before, mistake).path))
    assert scene.phase == "prelude" and scene.last_path == ()
    through_prelude(app, scene)
    frames(app, 10)
    assert scene.last_path == path and scene.marks().last == path
    assert scene.status_text()[0] == puzzle.goal_text(scene.match.entry, scene.attempt.side)
    assert scene.submit(rules.parse_move(scene.match.state, puzzle.solution[0].move))
    frames(app, 10)
    assert scene.phase == "done" and scene.feedback == "Solved!"
    scene.try_again()
    frames(app, 10)
    assert list(scene.match.notation) == [puzzle.mistake] and scene.last_path == path
