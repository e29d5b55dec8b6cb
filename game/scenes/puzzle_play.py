"""Playing a tactics puzzle in the game's own match scene.

`open_puzzle` builds the game's scene class with `PuzzleMode` in front of it, on a match with
two human sides (the scene moves nobody by itself). A puzzle that records the opponent's mistake
opens on the position before it and plays the mistake as a move, as puzzle sites show the
blunder (the attempt's `prelude` says what to play); then the goal shows and the turn is the
player's, the mistake staying on the board as the last move. The player's moves go through
the game's own input and drawing; `PuzzleMode` asks the pure `Attempt` (game/engine/puzzles.py)
whether each finished turn is right, plays the opponent's answer of the line, or, after a wrong
move, lets the computer find the refutation and offers "Try again". Hints cost a star (first the man the move starts from, ringed by the game's own
`show_start_hint`, then the move shown by its `show_hint`); "Show solution" plays the main
line after a failure. Stars go to the challenge progress.
"""

from __future__ import annotations

import datetime
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import registry, resources
from game.engine import storage
from game.engine.match import Match, outcome_of
from game.engine.puzzles import (
    Attempt,
    Puzzle,
    pack_order,
    play_turn,
    prelude,
    progress_key,
    read_pack,
)
from game.engine.saves import PlayerSpec
from game.i18n import _
from game.scenes.frame import SIDE
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host, Scene

log = logging.getLogger(__name__)

#: Seconds before the line's answer is played (the player sees their move land first).
REPLY_DELAY = 0.5
#: Seconds the position before the opponent's mistake is shown before the mistake is played.
PRELUDE_DELAY = 0.8
_START = re.compile(r"[A-Za-z]*?([a-z]{1,2}[0-9]{1,2}|[0-9]{1,2}[a-z]{1,2}|[0-9]+)")


def move_start(move: str) -> str:
    """Where a move in notation starts (its first square or cell), for the first hint."""
    found = _START.match(move.split(" ")[0])
    return found.group(1) if found else move.split(" ")[0]


class PuzzleMode:
    """Put in front of a game's MatchScene class: the match is a puzzle (module docstring)."""

    match: Match
    app: Host
    attempt: Attempt
    puzzle: Puzzle
    #: "prelude" (the opponent's mistake is about to be played), "play" (the player's turn),
    #: "reply" (the line's answer is coming), "refute" (the
    #: computer answers a wrong move), "wrong" (Try again), "show" (the solution is played),
    #: "done" (solved, or the solution shown)
    phase: str
    feedback: str
    on_solved: Callable[[Puzzle, int], None] | None

    def __init__(self, app: Host, match: Match, puzzle: Puzzle,
                 on_solved: Callable[[Puzzle, int], None] | None = None,
                 daily: bool = False) -> None:
        self.puzzle = puzzle
        self.attempt = Attempt(puzzle, match.rules)
        self.on_solved = on_solved
        self.daily = daily
        self.phase = "play"
        self.feedback = ""
        self.queue: list[str] = []
        self.wait = 0.0
        self.turn_start = match.state
        #: the opponent's mistake, played on the board before the player's turn (the
        #: attempt says which moves; the match starts where they start)
        self.start_ply = len(self.attempt.prelude)
        if self.attempt.prelude:
            self.phase = "prelude"
            self.queue = list(self.attempt.prelude)
            self.wait = PRELUDE_DELAY
        self.next_puzzle_fn: Callable[[], None] | None = None
        super().__init__(app, match)  # type: ignore[call-arg]
        self.results_shown = True  # the game's results screen is not a puzzle's
        s: Any = self
        for b in (s.undo_btn, s.redo_btn, s.hint_btn, s.save_btn, s.resign_btn):
            b.hide()
        x, y = s.undo_btn.rect.x, s.undo_btn.rect.y
        self.try_btn = button(s.ui, (x, y, 172, 44), _("Try again"),
                              _("Back to the puzzle's position (Ctrl+Z)"))
        self.solution_btn = button(s.ui, (x + 180, y, 172, 44), _("Solution"),
                                   _("Show the solution (after a failure; no star)"))
        self.clue_btn = button(s.ui, (x, y + 52, 172, 44), _("Hint"),
                               _("First where the move starts, then the move; each costs a "
                                 "star (H)"))
        self.next_btn = button(s.ui, (x + 180, y + 52, 172, 44), _("Next puzzle"))
        s.actions.update({self.try_btn: self.try_again, self.solution_btn: self.show_solution,
                          self.clue_btn: self.take_hint, self.next_btn: self.next_puzzle})
        for name in ("analysis_btn", "edit_btn"):  # a game's own giveaways (see above)
            if hasattr(s, name):
                getattr(s, name).disable()
        s.movelist.rect = pygame.Rect(SIDE.x, SIDE.y + 320, SIDE.width, 200)
        s._refresh_buttons()

    # -- what would give the puzzle away ------------------------------------------------
    def _not_in_a_puzzle(self) -> None:
        s: Any = self
        s.refuse(_("Not in a puzzle: it would give the answer away."))

    def toggle_analysis(self) -> None:
        """The Jeu de pions's analysis shows the winning moves: not in a puzzle."""
        self._not_in_a_puzzle()

    def reveal_winning(self) -> None:
        self._not_in_a_puzzle()

    def enter_edit(self) -> None:
        """Editing the position would leave the puzzle."""
        self._not_in_a_puzzle()

    # -- the match's hooks ------------------------------------------------------------
    @property
    def human_to_move(self) -> bool:
        return (self.match.outcome is None and self.phase == "play"
                and self.match.state.to_move == self.attempt.side)

    @property
    def flipped(self) -> bool:
        return bool(self.attempt.side == 1)

    def autosave(self) -> None:
        """A puzzle is not resumed: nothing is written."""

    def close(self) -> None:
        s: Any = self
        s._cancel_thinking()

    def back(self) -> None:
        s: Any = self
        if s.dismiss_modal():
            return
        self.app.pop()

    def show_results(self) -> None:
        """The game's results screen is not shown for a puzzle."""

    def ask_hint(self) -> None:
        self.take_hint()

    def _play(self, move: Any) -> None:
        s: Any = self
        super()._play(move)  # type: ignore[misc]
        state = self.match.state
        mover_done = state.to_move != self.turn_start.to_move or outcome_of(
            self.match.rules, state) is not None
        if not mover_done:
            return
        if self.phase == "play":
            self._judge(self.turn_start, state)
        elif self.phase == "refute":
            s.request_id = None
            self.phase = "wrong"
            self.feedback = _("That move fails: the answer is {move}. Try again.").format(
                move=s.move_texts()[-1])
            self.app.sounds.play("refuse")
        self.turn_start = state

    def _judge(self, before: Any, after: Any) -> None:
        step = self.attempt.judge(before, after)
        if step is None:
            self.attempt.failed = True
            if outcome_of(self.match.rules, after) is not None:
                self.phase = "wrong"
                self.feedback = _("That move fails. Try again.")
            else:
                self.phase = "refute"
                self.feedback = _("Not that one… the computer answers.")
            return
        reply = self.attempt.accept(step)
        if reply is None:
            self._solved()
            return
        self.feedback = _("Right! Go on.")
        self.queue = reply.split()
        self.phase = "reply"
        self.wait = REPLY_DELAY

    def _solved(self) -> None:
        self.phase = "done"
        stars = self.attempt.stars
        if self.attempt.shown:
            self.feedback = _("That is the solution.")
            return
        self.feedback = _("Solved!")
        self.app.sounds.play("win")
        prog = self.app.services.progress
        prog.solve(progress_key(self.puzzle.game), self.puzzle.id, stars=stars)
        if self.daily:
            prog.daily_solved(datetime.date.today())
        try:
            prog.save()
        except (OSError, ValueError) as exc:
            if not storage.already_told(exc):
                self.app.toast(_("Progress could not be saved: {error}").format(
                    error=storage.describe(exc)), "bad", 6)
            log.warning("progress not saved: %s", exc)
        if self.on_solved is not None:
            self.on_solved(self.puzzle, stars)

    def update(self, dt: float) -> None:
        s: Any = self
        super().update(dt)  # type: ignore[misc]
        if s.animating or s.modal is not None:
            return
        if self.phase in ("prelude", "reply", "show") and self.queue:
            self.wait -= dt
            if self.wait <= 0:
                self._play_queued()
        elif self.phase == "prelude":  # the mistake has landed: the goal, and the player's turn
            self.phase = "play"
            s._refresh_buttons()
        elif self.phase == "refute" and s.request_id is None and self.match.outcome is None:
            level = self.match.entry.default_level or self.match.entry.ai_levels[0]
            s.request_id = s._request(level)

    def _play_queued(self) -> None:
        s: Any = self
        text = self.queue.pop(0)
        try:
            move = self.match.rules.parse_move(self.match.state, text)
        except Exception as exc:  # the pack was checked on loading: say it, stop the line
            self.app.toast(str(exc), "bad", 6)
            self.queue.clear()
            self.phase = "wrong"
            return
        phase = self.phase
        self.phase = "line"  # not judged: the line's own move
        super()._play(move)  # type: ignore[misc]
        self.phase = phase
        self.wait = REPLY_DELAY
        if self.queue:
            return
        self.turn_start = self.match.state
        if phase == "reply":
            self.phase = "play"
        elif phase == "show":
            self.phase = "done"
            self.feedback = _("That is the solution.")
        s._refresh_buttons()

    # -- the puzzle's buttons -----------------------------------------------------------
    def try_again(self) -> None:
        if self.phase == "prelude":  # the opponent's mistake is still to be played
            return
        s: Any = self
        s._cancel_thinking()
        s.tweens.finish_all()
        if self.match.ply > self.start_ply:  # the opponent's mistake stays on the board
            self.match.undo(self.match.ply - self.start_ply)
        self.attempt.reset()
        self.queue.clear()
        self.turn_start = self.match.state
        self.phase = "play"
        self.feedback = ""
        s.hint_move = None
        s.hint_start = None
        s.clear_selection()
        s.sync()
        self.app.sounds.play("slide")

    def take_hint(self) -> None:
        """First the man the move starts from, ringed on the board by the game's own
        `show_start_hint` (and named), then the move itself (each costs a star)."""
        if self.phase != "play":
            return
        step = self.attempt.expected[0] if self.attempt.expected else None
        if step is None:
            return
        level = 1 if self.attempt.hints == 0 else 2
        self.attempt.hint()
        s: Any = self
        if level == 1:
            self.feedback = _("Hint: the move starts from {square}.").format(
                square=move_start(step.move))
            try:
                s.show_start_hint(self.match.rules.parse_move(self.match.state,
                                                              step.move.split()[0]))
            except Exception as exc:  # a hint is help only: the sentence says it
                log.warning("hint not drawn: %s", exc)
            return
        try:
            first = self.match.rules.parse_move(self.match.state, step.move.split()[0])
            shown = s.move_text(first)
            s.show_hint(first)
        except Exception as exc:  # a hint is help only: the notation is said instead
            log.warning("hint not shown: %s", exc)
            shown = step.move
        self.feedback = _("Hint: play {move}.").format(move=shown)

    def show_solution(self) -> None:
        """After a failure: back to the start and the main line played (no stars)."""
        if self.phase == "prelude" or (not self.attempt.failed and self.attempt.hints < 2):
            return
        self.try_again()
        self.attempt.show()
        self.queue = [part for move in self.puzzle.main_line() for part in move.split()]
        self.phase = "show"
        self.wait = REPLY_DELAY
        self.feedback = _("The solution:")

    def next_puzzle(self) -> None:
        if self.next_puzzle_fn is not None:
            self.next_puzzle_fn()

    def button_states(self) -> dict[Any, bool]:
        if not hasattr(self, "next_btn"):  # the game's scene is still being built
            return {}
        return {self.try_btn: self.phase in ("wrong", "done") or (
                    self.phase == "play" and self.match.ply > self.start_ply),
                self.solution_btn: self.phase in ("wrong", "play", "done") and (
                    self.attempt.failed or self.attempt.hints >= 2) and not self.attempt.shown,
                self.clue_btn: self.phase == "play" and self.attempt.hints < 2,
                self.next_btn: self.next_puzzle_fn is not None and self.phase == "done"}

    def undo(self) -> None:
        """Ctrl+Z: back to the puzzle's position."""
        self.try_again()

    def redo(self) -> None:
        """Nothing to redo in a puzzle."""

    # -- drawing ------------------------------------------------------------------------
    def goal_line(self) -> str:
        """The goal, once the opponent's mistake is on the board (before: what is coming)."""
        if self.phase == "prelude":
            return _("Watch the opponent's move")
        return self.puzzle.goal_text(self.match.entry, self.attempt.side)

    def status_text(self) -> tuple[str, str]:
        return self.goal_line(), self.feedback

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)  # type: ignore[misc]
        r = pygame.Rect(SIDE.x, SIDE.y + 190, SIDE.width, 122)
        theme.panel(surface, r, theme.PANEL_LIGHT, 10, theme.ACCENT)
        goal = self.goal_line()
        y = r.y + 8
        for line in theme.wrap(goal, 18, r.width - 24, True)[:2]:
            theme.blit_text(surface, line, (r.x + 12, y), 18, theme.ACCENT, True)
            y += 24
        for line in theme.wrap(self.feedback, 15, r.width - 24)[:2]:
            theme.blit_text(surface, line, (r.x + 12, y), 15, theme.TEXT)
            y += 20
        from game.scenes.puzzle_base import draw_star

        stars = 0 if self.attempt.shown else max(0, 3 - self.attempt.hints)
        for k in range(3):
            draw_star(surface, (r.right - 80 + 26 * k, r.bottom - 16), 9, k < stars)
        number = self.puzzle.id.rsplit("-", 1)[-1].lstrip("0") or "0"
        theme.blit_text(surface, _("Puzzle {id}").format(id=number), (r.x + 12, r.bottom - 24),
                        14, theme.TEXT_DIM)


def find_puzzle(app: Host, game: str, which: str | None = None) -> Puzzle:
    """A puzzle of a game's pack, in playing order: by id, or by its place (from 1), default the
    first (tools and the state tour open puzzles this way). KeyError when there is none."""
    pack = read_pack(resources.puzzles_dir() / f"{game}.json", app.services.games)
    ordered = pack_order(pack.puzzles)
    if not ordered:
        raise KeyError(f"no puzzle for {game}")
    if which is None:
        return ordered[0]
    found = next((p for p in ordered if p.id == which), None)
    if found is not None:
        return found
    if which.isdigit() and 1 <= int(which) <= len(ordered):
        return ordered[int(which) - 1]
    raise KeyError(f"no puzzle {which!r} for {game}")


def puzzle_match(entry: registry.GameEntry, puzzle: Puzzle) -> Match:
    """A match from where the puzzle opens (the position before the opponent's mistake, when it
    records one) with two human sides (the puzzle moves the other)."""
    players = [PlayerSpec("human", name) for name in entry.side_names]
    return Match(entry, puzzle.variant, dict(puzzle.options), players,
                 start=prelude(puzzle)[0])


def open_puzzle(app: Host, puzzle: Puzzle, on_solved: Callable[[Puzzle, int], None] | None = None,
                daily: bool = False, push: bool = True) -> Scene:
    """The game's scene in puzzle mode for `puzzle` (pushed unless `push` is False)."""
    entry = registry.get(puzzle.game)
    base = registry.resolve(entry.scene)
    while "__new__" in vars(base):  # a factory class (Abalone's screen): the scene it builds
        base = base.__mro__[1]
    cls = type(f"Puzzle{base.__name__}", (PuzzleMode, base),
               {"registry_entry": classmethod(lambda c: entry)})
    match = puzzle_match(entry, puzzle)
    play_turn(match.rules, match.rules.parse_position(puzzle.position),
              puzzle.solution[0].move)  # fails early on a bad line
    scene = cls(app, match, puzzle, on_solved, daily)
    if push:
        app.push(scene)
    return scene
