"""The game review: a replay with the computer's judgement of every move.

The board shows a position of the match with the game's own diagram (as the replay does); the
evaluation graph below it follows the first player's expected score move by move; the move
list gives each move its sign; the panel says what the shown move was worth, the better move
and why; the key moments and each side's summary sit beside. At a mistake or a blunder "Show
the better move" turns the board back to the position before it with the better move drawn
by the game itself (an inaccuracy's too). "Try again from here" starts a new match at the position shown.

Everything judged comes from the review (`game/engine/review.py`), made by a `ReviewJob` in a
process of its own; this screen only polls it each frame and draws what has come. A review
already made is read from its cache at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import review as rv
from game.engine import storage
from game.engine.match import Match, from_position, players_from
from game.engine.protocol import shown_move
from game.i18n import _
from game.registry import player_name
from game.scenes.base import Scene
from game.scenes.results import draw_position, scene_class, side_colour
from game.ui import theme
from game.ui.eval_graph import EvalGraph, ReviewMoveList, percent
from game.ui.review_panel import (
    Verdict,
    chip_rects,
    draw_chips,
    draw_heading,
    draw_progress,
    draw_summary,
    draw_verdict,
)
from game.ui.widgets import Modal, button

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

BOARD = pygame.Rect(16, 16, 736, 556)
GRAPH = pygame.Rect(16, 584, 736, 156)
MOMENTS = pygame.Rect(16, 750, 736, 34)
SIDE = pygame.Rect(768, 16, 496, 768)
PROGRESS = pygame.Rect(SIDE.x, 78, SIDE.width - 132, 38)
MOVES = pygame.Rect(SIDE.x, 126, SIDE.width, 198)
DETAIL = pygame.Rect(SIDE.x, 334, SIDE.width, 238)
SUMMARY = pygame.Rect(SIDE.x, 582, SIDE.width, 96)

#: Makes the job that reviews a match: (match as JSON, where to keep the finished review).
JobFactory = Callable[[dict[str, Any], Path | None], Any]


class ReviewScene(Scene):
    title = "Review"

    def __init__(self, app: Host, match: Match, path: Path | None = None,
                 job_factory: JobFactory | None = None,
                 seconds: float | None = None) -> None:
        super().__init__(app)
        #: seconds of thinking a position gets: the game's own review pace (a 200-move Tai
        #: Shogi match in minutes) unless a caller asks for another
        self.seconds = rv.review_seconds(match.entry) if seconds is None else seconds
        self.match = match
        self.states = match.states
        self.total = len(match.moves)
        self.index = self.total  # the final position first, as the results left it
        self.better = False  # showing the position before the move, with the better move
        #: every move as people read it (as the match screen's list shows it)
        self.texts = [shown_move(match.rules, self.states[i], mv) for i, mv in enumerate(match.moves)]
        self._job_factory = job_factory or self._default_job
        self.match_json = match.to_json()
        self.cache = rv.cache_path(path) if path is not None else rv.cache_path_for(self.match_json)
        cached = rv.load_cached(path, self.match_json) if path is not None else \
            rv.load_cached_for(self.match_json)
        self.job: Any = None
        self.cancelled = False
        self.review: rv.Review = cached if cached is not None else \
            rv.Review(match.entry.id, match.variant, [], self.total, self.total == 0)
        if cached is None and self.total:
            self.start_analysis()
        self.colours = (side_colour(match, 0), side_colour(match, 1))
        self.graph = EvalGraph(GRAPH, self.colours)
        self.moves_view = ReviewMoveList(MOVES)
        self._board: tuple[tuple[int, bool], pygame.Surface] | None = None
        self._chips: list[tuple[pygame.Rect, int]] = []
        self._hover_chip: int | None = None
        self.cancel_btn = button(self.ui, (PROGRESS.right + 12, PROGRESS.y, 120, PROGRESS.h),
                                 _("Cancel"), _("Stop the analysis (what is judged stays)"))
        self.better_btn = button(self.ui, (DETAIL.x + 14, DETAIL.bottom - 50, DETAIL.width - 28,
                                           40), _("Show the better move (B)"),
                                 _("The position before the move, with the better move drawn"))
        by = SUMMARY.bottom + 12
        w = (SIDE.width - 24) // 4
        steps = (("|<", _("The start (Home)")), ("<", _("One move back (Left)")),
                 (">", _("One move on (Right)")), (">|", _("The end (End)")))
        self.step_btns = [button(self.ui, (SIDE.x + k * (w + 8), by, w, 40), label, tip)
                          for k, (label, tip) in enumerate(steps)]
        half = (SIDE.width - 12) // 2
        self.again_btn = button(self.ui, (SIDE.x, by + 50, half + 60, 44),
                                _("Try again from here"),
                                _("A new match from the position shown"), "#primary")
        self.back_btn = button(self.ui, (SIDE.x + half + 72, by + 50, half - 60, 44), _("Back"),
                               _("Back (Esc)"))
        first, prev, nxt, last = self.step_btns
        self.actions = {first: lambda: self.go(0), prev: lambda: self.go(self.index - 1),
                        nxt: lambda: self.go(self.index + 1), last: lambda: self.go(self.total),
                        self.cancel_btn: self.cancel, self.better_btn: self.toggle_better,
                        self.again_btn: self.ask_try_again, self.back_btn: self.back}
        self._refresh()

    # -- the analysis --------------------------------------------------------------------------
    def _default_job(self, match_json: dict[str, Any], save_to: Path | None) -> Any:
        from game.engine.worker import ReviewJob

        return ReviewJob(self.app.services.games, match_json, seconds_per_move=self.seconds,
                         save_to=save_to)

    def start_analysis(self) -> None:
        """Start (or start again after Cancel) the review of the match in its own process."""
        self.cancelled = False
        try:
            self.job = self._job_factory(self.match_json, self.cache)
        except Exception as exc:  # no process: say it, the replay still works
            log.warning("the review could not start: %s", exc, exc_info=True)
            self.app.toast(_("The review could not start: {reason}").format(reason=exc), "bad", 6)
            self.job = None
            return
        self.review = self.job.review

    @property
    def analysing(self) -> bool:
        return self.job is not None

    def cancel(self) -> None:
        """Stop the analysis at once; the moves judged so far stay on screen."""
        if self.job is None:
            if self.cancelled:  # the same button says Resume
                self.start_analysis()
                self._refresh()
            return
        self.job.cancel()
        self.review = self.job.review
        self.job.close()
        self.job = None
        self.cancelled = True
        self._refresh()

    def update(self, dt: float) -> None:
        if self.modal is not None and not self.modal.open:
            self.modal = None
        job = self.job
        if job is None:
            return
        if job.poll():  # the move shown may just have been judged: its button follows
            self.review = job.review
            self._refresh()
        if job.done:
            self.review = job.review
            if job.error:  # said, and the Resume button offers another try
                self.app.toast(_("The review stopped: {reason}").format(reason=job.error),
                               "bad", 8)
                self.cancelled = True
            job.close()
            self.job = None
            self._refresh()

    def in_motion(self) -> bool:
        return self.job is not None  # the progress bar and the graph fill as moves come

    def close(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None

    # -- moving through the match --------------------------------------------------------------
    def judged(self, ply: int) -> rv.MoveReview | None:
        moves = self.review.moves
        return moves[ply] if 0 <= ply < len(moves) else None

    @property
    def current(self) -> rv.MoveReview | None:
        """The judged move that led to the position shown (None at the start or unjudged)."""
        return self.judged(self.index - 1)

    @property
    def can_show_better(self) -> bool:
        m = self.current
        return m is not None and m.best_code is not None and m.judgement in (
            "inaccuracy", "mistake", "blunder")

    @property
    def shown_ply(self) -> int:
        """The position on the board: before the move in the better move's view."""
        return self.index - 1 if self.better else self.index

    def go(self, index: int, better: bool = False) -> None:
        self.index = max(0, min(self.total, index))
        self.better = better and self.can_show_better
        self.moves_view.follow(self.index, self.total)
        self._refresh()

    def toggle_better(self) -> None:
        if self.can_show_better:
            self.better = not self.better
            self._refresh()

    def _refresh(self) -> None:
        self.better_btn.set_text(_("Show the move played (B)") if self.better else
                                 _("Show the better move (B)"))
        if self.can_show_better:
            self.better_btn.show()
        else:
            self.better_btn.hide()
        if self.analysing:
            self.cancel_btn.set_text(_("Cancel"))
            self.cancel_btn.show()
        elif self.cancelled:
            self.cancel_btn.set_text(_("Resume"))
            self.cancel_btn.show()
        else:
            self.cancel_btn.hide()
        first, prev, nxt, last = self.step_btns
        for b, on in ((first, self.index > 0), (prev, self.index > 0),
                      (nxt, self.index < self.total), (last, self.index < self.total)):
            if on:
                b.enable()
            else:
                b.disable()

    def key_moments(self) -> list[int]:
        return self.review.key_moments(5) if self.review.moves else []

    # -- Try again -----------------------------------------------------------------------------
    def ask_try_again(self) -> None:
        """Against the computer or hot-seat: a small choice, then the new match."""
        m = self.match
        ply = self.shown_ply
        if m.rules.outcome(self.states[ply]) is not None:
            self.app.toast(_("The game is over in this position: choose an earlier one."),
                           "bad", 4)
            return
        message = _("A new match from the position shown, against the computer or between "
                    "two players. The match reviewed stays as it is.")
        if storage.autosave_path(m.entry.id).is_file():
            message += " " + _("It takes the place of the unfinished {game} match.").format(
                game=_(m.entry.title))
        buttons: list[tuple[str, Callable[[], None]]] = []
        if m.entry.ai is not None:
            buttons.append((_("The computer"), self._against_computer))
        buttons += [(_("Two players"), self._two_players), (_("Cancel"), lambda: None)]
        self.modal = Modal(self.ui, _("Try again from here"), message, buttons)

    def _against_computer(self) -> None:
        self.try_again(True)

    def _two_players(self) -> None:
        self.try_again(False)

    def try_again(self, computer: bool) -> Match:
        """Open the new match over this screen (leaving it comes back to the review)."""
        from game.scenes.match_base import open_match

        ply = self.shown_ply
        fresh = from_position(self.match, ply, players_from(self.match, ply, computer))
        self.app.sounds.play("click")
        open_match(self.app, fresh)
        return fresh

    # -- input ---------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover_chip = next((i for i, (r, _p) in enumerate(self._chips)
                                     if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and MOVES.collidepoint(theme.mouse_pos()):
            self.moves_view.scroll(-event.y, self.total)
        elif event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.go(self.index - 1),
                pygame.K_RIGHT: lambda: self.go(self.index + 1),
                pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.total),
                pygame.K_b: self.toggle_better}
            action = keys.get(event.key)
            if action is not None:
                action()

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the graph, a move or a key moment shows that position."""
        at = self.graph.index_at(pos, self.total)
        if at is None:
            at = self.moves_view.index_at(pos, self.total)
        if at is not None:
            self.go(at)
            return
        for rect, ply in self._chips:
            if rect.collidepoint(pos):
                self.go(ply + 1, better=True)
                return

    # -- drawing -------------------------------------------------------------------------------
    def board_image(self) -> pygame.Surface:
        """The position shown, drawn once per position (diagrams are not cheap), with the
        better move drawn by the game when asked."""
        key = (self.shown_ply, self.better)
        if self._board is None or self._board[0] != key:
            img = pygame.Surface(BOARD.inflate(-32, -64).size)
            img.fill(theme.BG_DEEP)
            state = self.states[self.shown_ply]
            draw_position(img, img.get_rect(), self.match, state)
            move = self.current
            if self.better and move is not None and move.best_code is not None:
                draw_move = getattr(scene_class(self.match), "draw_diagram_move", None)
                if draw_move is not None:
                    try:
                        draw_move(img, img.get_rect(), self.match.entry,
                                  self.match.rules.position_text(state), move.best_code)
                    except Exception:  # an arrow is a help: the words still say the move
                        log.warning("the better move could not be drawn", exc_info=True)
            self._board = (key, img)
        return self._board[1]

    @staticmethod
    def turn(ply: int) -> int:
        """The number a move has in the move list, whose rows pair the moves two by two."""
        return ply // 2 + 1

    def heading(self, ply: int, move: str) -> str:
        """"Move 18 · d5–f5→g5?!": numbered as the move list numbers it (whose column says the
        side)."""
        return _("Move {n} · {move}").format(n=self.turn(ply), move=move)

    def verdict(self) -> Verdict:
        """What the panel says about the move shown."""
        if self.index == 0:
            return Verdict(_("Start position"), None, note=_(
                "Click the graph or a move, or step with the arrow keys."))
        text = self.texts[self.index - 1] if self.index - 1 < len(self.texts) else ""
        m = self.current
        if m is None:
            return Verdict(self.heading(self.index - 1, text), None, note=_("Not analysed yet."))
        heading = self.heading(self.index - 1, m.move + rv.SYMBOLS.get(m.judgement, ""))
        first = player_name(self.match.entry, self.match.players[0].name)
        chances = _("Chances ({name}): {before} → {after}").format(
            name=first, before=percent(m.score_before), after=percent(m.score_after))
        better = line = reason = ""
        if m.best is not None:
            better = _("Better: {move}").format(move=m.best)
            if m.line:
                line = _("Then: {moves}").format(moves=" ".join(m.line))
        if m.reason is not None:
            words = _(m.reason.key).format(**{k: _(v) for k, v in m.reason.args.items()})
            reason = _("Why: {reason}").format(reason=words)
        if m.exact:
            chances = _("Solved exactly: {verdict}").format(
                verdict=_("the win thrown away") if m.judgement == "blunder" else
                _("nothing thrown away"))
        return Verdict(heading, m.judgement, chances, better, line, reason)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self._draw_board(surface)
        scores = self.review.scores()
        marks = [(m.ply + 1, m.judgement) for m in self.review.moves
                 if m.judgement in ("mistake", "blunder")]
        self.graph.draw(surface, scores, self.total, self.shown_ply if self.better else
                        self.index, marks)
        self._draw_moments(surface)
        self._draw_side(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        theme.panel(surface, BOARD, theme.BG_DEEP, 14)
        img = self.board_image()
        surface.blit(img, img.get_rect(center=(BOARD.centerx, BOARD.centery + 18)))
        if self.index == 0:
            where = _("Start position")
        elif self.better and self.current is not None:
            where = _("Before move {index}: the better move, {move}").format(
                index=self.turn(self.index - 1), move=self.current.best)
        else:
            where = _("After move {index} of {total}: {move}").format(
                index=self.turn(self.index - 1), total=self.turn(self.total - 1),
                move=self.texts[self.index - 1])
        theme.blit_text(surface, theme.fit_text(where, 20, BOARD.width - 32),
                        (BOARD.x + 16, BOARD.y + 12), 20, theme.TEXT, True)

    def _draw_moments(self, surface: pygame.Surface) -> None:
        label = _("Key moments")
        r = theme.blit_text(surface, label, (MOMENTS.x + 4, MOMENTS.centery), 17,
                            theme.TEXT_DIM, True, "midleft")
        plies = self.key_moments()
        if not plies:
            self._chips = []
            note = _("found as the analysis goes") if self.analysing else _("none")
            theme.blit_text(surface, note, (r.right + 14, MOMENTS.centery), 16, theme.TEXT_DIM,
                            anchor="midleft")
            return
        plies = sorted(plies)
        labels = [_("move {n}").format(n=self.turn(p)) + rv.SYMBOLS.get(self.review.moves[p].judgement, "")
                  for p in plies]
        rects = chip_rects(MOMENTS, labels, r.right + 14)
        self._chips = list(zip(rects, plies, strict=False))
        current = next((i for i, p in enumerate(plies) if p == self.index - 1), None)
        draw_chips(surface, rects, labels, [self.review.moves[p].judgement for p in plies],
                   self._hover_chip, current)

    def _draw_side(self, surface: pygame.Surface) -> None:
        m = self.match
        names = [player_name(m.entry, p.name) for p in m.players]
        draw_heading(surface, SIDE, _("Review · {game}").format(game=_(m.entry.title)), names)
        done = len(self.review.moves)
        if self.analysing:
            draw_progress(surface, PROGRESS, done, self.total,
                          _("Analysing: move {n} of {total}").format(n=done, total=self.total))
        elif self.cancelled:
            draw_progress(surface, PROGRESS, done, self.total,
                          _("Stopped after {n} of {total} moves").format(n=done,
                                                                         total=self.total))
        else:
            theme.blit_text(surface, theme.fit_text(_("Every move judged by the computer."), 17,
                                                    SIDE.width - 8),
                            (SIDE.x + 4, PROGRESS.centery), 17, theme.TEXT_DIM, anchor="midleft")
        judgements = [mv.judgement for mv in self.review.moves]
        self.moves_view.draw(surface, self.texts, judgements, rv.SYMBOLS, self.index)
        draw_verdict(surface, DETAIL, self.verdict(), 48 if self.can_show_better else 0)
        summaries = [self.review.summary(p) if self.review.moves else None for p in (0, 1)]
        draw_summary(surface, SUMMARY, names, self.colours,
                     [s.accuracy if s is not None else None for s in summaries],
                     [s.counts if s is not None else {} for s in summaries], rv.SYMBOLS)

