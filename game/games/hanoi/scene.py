"""The Towers of Hanoi screen: wooden pegs, numbered disks that lift, fly and land, hints, the
optimal solution played from anywhere, challenge levels and a free-play set-up.

The rules decide every move (`rules.check` gives the reason for a refusal), the puzzle frame's
session (`PuzzleScene.match`) keeps the history, undo, redo, restart and the autosave, and the
solver gives hints and the solution. This module composes the parts, each in its own module:
`view` (where pegs and disks are), `sprites` (how they look), `input` (what a click, a drag
or a key on a peg means), `effects` (flights, confetti, marks) and `hints` (the solver made
ready in the background; until then the screen says "preparing hints…" and never waits).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine.match import Match
from game.games.hanoi import effects, sprites
from game.games.hanoi.freeplay import FREE_KINDS, FreePlayBar, free_position
from game.games.hanoi.hints import SolutionShow, SolverPrep, warm_solver
from game.games.hanoi.input import Intent, Lift, Lower, PegController, Play, Refuse, Settle
from game.games.hanoi.levels import HanoiLevel
from game.games.hanoi.levels import stars as level_stars
from game.games.hanoi.painter import DiskBoard, Marks, header_mask
from game.games.hanoi.rules import (
    MAX_DISKS,
    MIN_DISKS,
    PEG_LETTERS,
    HanoiMove,
    HanoiRules,
    HanoiState,
    parse_position_text,
)
from game.games.hanoi.view import PLAY, Layout, Point, status_line
from game.i18n import N_, _, ngettext
from game.scenes.puzzle_base import BOARD_AREA, SIDE, LevelInfo, PuzzleScene
from game.ui import theme
from game.ui.widgets import MoveList

if TYPE_CHECKING:
    from game.scenes.base import Host

PEG_KEYS = {
    pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
    pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3,
    pygame.K_a: 0, pygame.K_b: 1, pygame.K_c: 2, pygame.K_d: 3,
}
SELECT_KEYS = (pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER)


class HanoiScene(PuzzleScene):
    """Challenge levels (info given) and free play (info None: pegs, disks, start chosen here)."""

    title = N_("Towers of Hanoi")

    # set by _new_puzzle, for every new set-up
    rules: HanoiRules
    start_state: HanoiState
    par: int | None
    prep: SolverPrep
    bg: pygame.Surface
    target_img: pygame.Surface

    def __init__(self, app: Host, entry: registry.GameEntry, info: LevelInfo | None,
                 free: bool = False, *, pegs: int = 3, disks: int = 5, start: str = "classic",
                 play: str = "", solve: int = 0, lift: str = "", seed: int | None = None,
                 wait: bool = False) -> None:
        """`info` None is free play, set up with `pegs`, `disks` and `start` (a FREE_KINDS id).

        For tools and tests: `play` plays moves in notation ("A-C A-B"), `solve` plays that many
        optimal moves (waiting for the solver), `lift` lifts the top disk of a peg given by its
        letter, `seed` fixes the free-play scrambles, `wait` waits for the solver (hints, par).
        """
        super().__init__(app, entry, info, free)
        self.level: HanoiLevel | None = info.level if info is not None else None
        self.rng = random.Random(seed)  # free-play scrambles (a seed for tests and tools)
        self.fp_pegs = pegs if pegs in (3, 4) else 3
        self.fp_disks = max(MIN_DISKS, min(MAX_DISKS, int(disks)))
        self.fp_kind = start if start in dict(FREE_KINDS) else "classic"
        self.solve_btn.set_tooltip(
            _("Play the optimal solution from here (S) — no stars this time"))
        self.hint_btn.set_tooltip(_("Show an optimal next move (H); press again to play it"))
        self.hands = PegController(3)
        self.hint_move: HanoiMove | None = None
        self.show = SolutionShow()
        self.pending: str | None = None
        self.bar: FreePlayBar | None = None
        self.move_list = MoveList(pygame.Rect(SIDE.x, SIDE.y + 592, SIDE.width, 176), _("Your "
                                                                                        "moves"))
        self._texts: tuple[Any, list[str]] = (None, [])
        if self.level is None:
            self.bar = FreePlayBar(self.ui, self.fp_kind, self.set_free, lambda: self.fp_disks)
            self.extra_buttons.update(self.bar.actions)
            self.bar.sync(self.fp_pegs, self.fp_disks, self.fp_kind)
            position = self._free_position()
        else:
            position = self.level.position_text()
        self._new_puzzle(position)
        if play:
            for text in str(play).replace(",", " ").split():
                self._commit(self.rules.parse_move(self.state, text))
        if solve or wait:
            self.prep.ready.wait()
            self.par = self.par if self.par is not None else self.prep.par
            for _step in range(int(solve)):
                move = self.prep.ask(lambda s: s.best_move(self.state))
                if move is None:
                    break
                self._commit(move)
        if lift and str(lift).upper() in PEG_LETTERS[: self.pegs]:
            self._carry_out(self.hands.choose(PEG_LETTERS.index(str(lift).upper()), self.state,
                                              self.is_solved))
        self.tweens.finish_all()  # tools start from a still picture

    @classmethod
    def for_level(cls, app: Host, entry: registry.GameEntry, level: str | int | None = None,
                  **kwargs: Any) -> PuzzleScene:
        """As the base, plus `free_play=True` (tools: the free-play set-up without a level)."""
        if kwargs.pop("free_play", False):
            kwargs = {k: v for k, v in kwargs.items() if k not in ("variant", "position")}
            return cls(app, entry, None, free=True, **kwargs)
        return super().for_level(app, entry, level, **kwargs)

    @property
    def layout(self) -> Layout:
        return self.board.layout

    @property
    def flights(self) -> effects.Flights:
        """The disks in the air (the board's)."""
        return self.board.flights

    @property
    def held(self) -> int | None:
        """The peg whose top disk is in hand (the controller knows)."""
        return self.hands.held

    @property
    def hover_peg(self) -> int | None:
        return self.hands.hover

    # -- puzzle set-up --------------------------------------------------------------------------
    def _new_puzzle(self, position: str) -> None:
        """Start (or restart with a new set-up) from a position text `pegs:start>target`."""
        match = self.start_match({"position": position})
        assert isinstance(match.rules, HanoiRules)
        self.rules = match.rules
        self.start_state = st = match.states[0]
        self.board = DiskBoard(self.tweens, Layout.fit(PLAY, st.pegs, st.n_disks, hover=True,
                                                       min_levels=5))
        self.par = self.level.par if self.level is not None else None
        old = getattr(self, "prep", None)
        if old is not None:
            old.cancel()
        self.prep = SolverPrep(st.pegs, st.disk_pegs, st.target_pegs)
        self.hands.reset(st.pegs)
        self._reset_attempt()
        self.bg = sprites.render_background(self.layout, st, self.level)
        self.target_img = sprites.render_target(st, pygame.Rect(0, 0, SIDE.width, 150))
        sprites.warm_sprites(self.layout)

    def _reset_attempt(self) -> None:
        self.hands.drop()
        self.board.clear()
        self.tweens.clear()
        self.hint_move = None
        self.show = SolutionShow()
        self.pending = None
        self.elapsed = 0.0
        self.hints_used = 0
        self.solve_btn.set_text(_("Watch solution"))
        self.reset_solved()

    def set_free(
        self, *, pegs: int | None = None, disks: int | None = None, kind: str | None = None
    ) -> None:
        """Change the free-play set-up (any change, even none, starts a fresh puzzle)."""
        if self.level is not None:
            return
        if disks is not None and not MIN_DISKS <= disks <= MAX_DISKS:
            self.refuse(_("Free play has {low} to {high} disks.").format(
                low=MIN_DISKS, high=MAX_DISKS))
            return
        self.fp_pegs = pegs or self.fp_pegs
        self.fp_disks = disks or self.fp_disks
        self.fp_kind = kind or self.fp_kind
        self._new_puzzle(self._free_position())
        if self.bar is not None:
            self.bar.sync(self.fp_pegs, self.fp_disks, self.fp_kind)
        self.app.sounds.play("slide")

    def _free_position(self) -> str:
        return free_position(self.rng, self.fp_pegs, self.fp_disks, self.fp_kind)

    def close(self) -> None:
        self.prep.cancel()  # a table still waiting to be built is no longer wanted
        super().close()

    # -- the session ----------------------------------------------------------------------------
    def prepare(self, match: Match) -> None:
        """A resumed match: set the board up for its puzzle (free play: its pegs and disks)."""
        position = str(match.options.get("position") or "")
        state = match.states[0]
        if self.level is None:
            self.fp_pegs, self.fp_disks = state.pegs, state.n_disks
            kind = match.notes.get("kind")
            self.fp_kind = kind if kind in dict(FREE_KINDS) else self.fp_kind
            if self.bar is not None:
                self.bar.sync(self.fp_pegs, self.fp_disks, self.fp_kind)
        if position and state != self.start_state:
            self._new_puzzle(position)

    def notes(self) -> dict[str, Any]:
        out = super().notes()
        out["watched"] = self.watched
        if self.level is None:
            out["kind"] = self.fp_kind
        return out

    def read_notes(self, notes: Mapping[str, Any]) -> None:
        super().read_notes(notes)
        self.show.seen = notes.get("watched") is True

    def changed(self, before: Any, move: Any, how: str) -> None:
        """Undo, redo and restart fly the disks to their new places; a resume sets them."""
        self.hint_move = None
        self.board.calm()
        if how == "undo":
            disk = self.state.top(move.src)
            assert disk is not None
            a = self._slot_of(disk)
            # the disk flies from where it was (on top of move.dst) back to its old place
            start = self.layout.slot(move.dst, len(self.state.stack(move.dst)))
            self.board.fly_to(disk, start, a, self._landed)
        elif how == "redo":
            disk = before.top(move.src)
            self.board.fly_to(disk, self._slot_of(disk, before), self._slot_of(disk), self._landed)
        elif how == "restart":
            self._reset_attempt()
            for disk, segments, delay in effects.restart_trips(self.layout, before, self.state):
                self.board.fly(disk, segments, delay=delay)
        else:  # resumed: the disks simply are where the match says
            assert self.match is not None and isinstance(self.match.rules, HanoiRules)
            self.rules = self.match.rules
            self.board.clear()
            self.tweens.clear()
            return
        self.app.sounds.play("slide")

    # -- state ------------------------------------------------------------------------------------
    @property
    def state(self) -> HanoiState:
        assert self.match is not None
        state: HanoiState = self.match.state
        return state

    @property
    def moves(self) -> tuple[HanoiMove, ...]:
        assert self.match is not None
        return self.match.moves

    @property
    def notation(self) -> list[str]:
        assert self.match is not None
        return list(self.match.notation)

    @property
    def watching(self) -> bool:
        """The optimal solution is playing."""
        return self.show.on

    @property
    def watched(self) -> bool:
        """The solution was shown during this attempt: no stars for it."""
        return self.show.seen

    @property
    def pegs(self) -> int:
        return self.start_state.pegs

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        states[self.undo_btn] = bool(self.moves) or self.held is not None
        states[self.restart_btn] = bool(self.moves) or self.held is not None
        states[self.hint_btn] = not self.is_solved and not self.watching \
            and self.prep.error is None
        return states

    def stars(self) -> int:
        if self.watched:
            return 0  # the solution was shown: no stars for this attempt
        if self.par is None:
            return 1
        return level_stars(len(self.moves), self.par, self.solved())

    def moves_text(self) -> str:
        n = len(self.moves)
        return ngettext("{n} move", "{n} moves", n).format(n=n)

    def par_text(self) -> str:
        return _("par {n}").format(n=self.par) if self.par is not None else _("par …")


    def check_solved(self) -> None:
        if self.is_solved or not self.solved():
            return
        if self.watched:
            # Shown, not solved by the player: celebrate the tower but record nothing (no
            # stars, no unlock); the next level opens when the player solves this one.
            self.is_solved = True
            self.solved_t = self.t
            self.earned = 0
            self.app.sounds.play("win")
            self.autosave()  # solved: nothing left to resume
        else:
            super().check_solved()
        self.board.celebrate(self.t, self.state, len(self.moves))

    # -- moves ------------------------------------------------------------------------------------
    def _commit(self, move: HanoiMove) -> int:
        """Play a legal move through the session (no animation); returns the disk that moved."""
        disk = self.state.top(move.src)
        assert disk is not None
        self.commit(move)
        self.hint_move = None
        return disk

    def _slot_of(self, disk: int, state: HanoiState | None = None) -> Point:
        return self.board.slot_of(disk, state or self.state)

    def _landed(self) -> None:
        self.app.sounds.play("place")
        if not self.flights:
            self.check_solved()

    def play_move(self, move: HanoiMove, speed: float = 1.0) -> bool:
        """Submit a move: the rules refuse it (with their reason) or the disk flies there."""
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self._refuse_at(move.dst, reason)
            return False
        disk = self.state.top(move.src)
        assert disk is not None
        start = self.board.shown_pos(disk, self.state, self.hands)
        self.hands.played()
        self._commit(move)
        self.board.fly_to(disk, start, self._slot_of(disk), self._landed, speed)
        self.app.sounds.play("slide")
        return True

    def _refuse_at(self, peg: int, reason: str) -> None:
        self.refuse(reason[:1].upper() + reason[1:] + ".")
        self.board.refuse_at(peg)

    def _carry_out(self, intents: list[Intent]) -> None:
        """Do what the controller says the player means, with its animation."""
        for it in intents:
            if isinstance(it, Settle):
                self._settle()
            elif isinstance(it, Lift):
                disk = self.state.top(it.peg)
                assert disk is not None
                a = self._slot_of(disk)
                self.board.fly(disk, effects.lift(self.layout, a, it.peg))
                self.app.sounds.play("click")
            elif isinstance(it, Lower):
                self._lower(it)
            elif isinstance(it, Play):
                if not self.play_move(it.move) and it.dragged:
                    self._refused_drag(it.move.src)
            elif isinstance(it, Refuse):
                if it.peg >= self.pegs:
                    self.refuse(_("There is no peg {peg}: this puzzle has {n} pegs.").format(
                        peg=PEG_LETTERS[it.peg], n=self.pegs))
                else:
                    other = HanoiMove(it.peg, (it.peg + 1) % self.pegs)
                    self._refuse_at(it.peg, self.rules.check(self.state, other)
                                    or _("that peg is empty"))
            else:  # SolvedAlready
                self.app.toast(_("Solved! R plays it again, Enter opens the next level.")
                               if self._may_go_on() else _("Solved! R plays it again."),
                               "info")

    def _lower(self, it: Lower) -> None:
        disk = self.state.top(it.peg)
        if disk is None:
            return
        fl = self.flights.get(disk)
        start = fl.pos() if fl is not None else it.dragged_at or self.layout.hover(it.peg)
        self.board.fly_to(disk, start, self._slot_of(disk), self._landed)

    def put_back(self) -> None:
        """Lower the lifted disk back onto its own peg."""
        self._carry_out(self.hands.lower())

    def _refused_drag(self, peg: int) -> None:
        """A drag let go over a peg that refuses the disk: it shakes there, then goes home."""
        disk = self.state.top(peg)
        if disk is None:
            return
        a = self.hands.drag_pos
        self.hands.drag_refused()
        end = self._slot_of(disk)
        self.board.fly(disk, [effects.shake_there(a), *effects.trip(self.layout, a, end[0], end[1])],
                  self._landed)

    def _settle(self) -> None:
        """Finish the disks still in the air, so a quick player never waits for an animation."""
        self.board.settle()

    # -- hooks of the puzzle frame ----------------------------------------------------------------
    def _may_go_on(self) -> bool:
        return self.next_info() is not None and not (self.watched and not self.free)

    def go_next(self) -> None:
        if self.is_solved and not self._may_go_on() and self.next_info() is not None:
            self.app.toast(
                _("Solve this level yourself to open the next one (R starts afresh)."), "info", 4
            )
            return
        super().go_next()

    def _tidy(self) -> None:
        """Before the history changes: the show stops, disks land, the hand empties."""
        self._stop_watching()
        self._settle()
        self.hands.drop()

    def undo(self) -> None:
        self._tidy()
        super().undo()

    def redo(self) -> None:
        self._tidy()
        super().redo()

    def restart(self) -> None:
        self._tidy()
        super().restart()

    def hint(self) -> None:
        """H: show an optimal next move; pressed again, play it."""
        if self.is_solved or self.watching:
            if self.is_solved:
                self.app.toast(_("Already solved."), "info")
            return
        if self.hint_move is not None:  # second press: play the suggested move, animated
            move = self.hint_move
            self._settle()
            if self.held is not None and self.held != move.src:
                self.put_back()
                self._settle()
            self.play_move(move)
            return
        best = self.prep.ask(lambda s: s.best_move(self.state))
        if best is None:
            if self.prep.error:
                self.app.toast(_("Hints are not available: {error}").format(
                    error=self.prep.error), "bad")
            else:
                self.pending = "hint"
                self.app.toast(_("Preparing hints… a moment."), "info")
            return
        self.hint_move = best
        self.hints_used += 1
        self.app.sounds.play("tip")
        self.app.toast(_("Hint: the top disk of {start} goes to {end} — press H again to play "
                         "it.").format(start=PEG_LETTERS[best.src], end=PEG_LETTERS[best.dst]),
                       "good", 4)

    def watch_solution(self) -> None:
        """S: play the optimal solution from here (no stars for this attempt), or stop it."""
        if self.show.on:
            self._stop_watching()
            return
        if self.is_solved:
            self.app.toast(_("Already solved — R plays it again."), "info")
            return
        if self.prep.error:
            self.app.toast(_("The solution is not available: {error}").format(
                error=self.prep.error),
                           "bad")
            return
        self._settle()
        self.put_back()
        self.hint_move = None
        self.solve_btn.set_text(_("Stop watching"))
        if self.show.start() and not self.free:
            self.app.toast(_("Watching the optimal solution from here: no stars for this attempt "
                             "(R starts a fresh one). Click or press any key to stop."), "info", 6)
        else:
            self.app.toast(_("Watching the optimal solution. Click or press any key to stop."),
                           "info", 4)

    def _stop_watching(self) -> None:
        if self.show.stop():
            self.solve_btn.set_text(_("Watch solution"))

    def _watch_step(self) -> None:
        move = self.show.next_move(self.prep, self.state)
        if move is not None:
            self.play_move(move, self.show.speed)
        elif self.state.solved():
            self._stop_watching()

    # -- events -----------------------------------------------------------------------------------
    def back(self) -> None:
        if self.modal is None:
            if self.watching:
                self._stop_watching()
                return
            if self.held is not None:
                self.put_back()
                return
        super().back()

    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is None and self.watching \
                and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # any key or click stops the show (the Stop button does it itself)
            if not (event.type == pygame.MOUSEBUTTONDOWN
                    and self.solve_btn.rect.collidepoint(event.pos)):
                self._stop_watching()
                self.app.toast(_("Stopped: your turn."), "info", 2)
            return
        super().process_event(event)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        kind = self.bar.kind_of(event) if self.bar is not None and self.modal is None else None
        if kind is not None:
            self.set_free(kind=kind)
            return
        super().on_ui_event(event)

    def _column_at(self, pos: tuple[int, int]) -> int | None:
        return self.layout.column_at(pos)

    def board_event(self, event: pygame.event.Event) -> None:
        hands, intents = self.hands, None
        if event.type == pygame.MOUSEMOTION:
            intents = hands.pointer_moved(self._column_at(event.pos),
                                          (float(event.pos[0]), float(event.pos[1])))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            peg = None if self.ui.get_hovering_any_element() else self._column_at(event.pos)
            intents = hands.pointer_down(peg, (float(event.pos[0]), float(event.pos[1])),
                                         self.state, self.is_solved)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            intents = hands.pointer_up(self._column_at(event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            intents = hands.lower()
        elif event.type == pygame.MOUSEWHEEL:
            self.move_list.handle(event)
        elif event.type == pygame.KEYDOWN:
            intents = self._key(event)
        if intents:
            self._carry_out(intents)

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        key = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return []
        if key in PEG_KEYS:
            return self.hands.key_peg(PEG_KEYS[key], self.state, self.is_solved)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.hands.key_step(1 if key == pygame.K_RIGHT else -1)
        elif key in SELECT_KEYS:
            return self.hands.key_select(self.state, self.is_solved)
        elif key == pygame.K_s:
            self.watch_solution()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) and self.level is None:
            self.set_free(disks=self.fp_disks + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) and self.level is None:
            self.set_free(disks=self.fp_disks - 1)
        return []

    # -- frame ------------------------------------------------------------------------------------
    def in_motion(self) -> bool:
        """Flying disks, a lifted disk bobbing, the solution playing, the confetti."""
        return bool(super().in_motion() or self.board.busy or self.watching
                    or self.held is not None or self.pending is not None)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.par is None and self.prep.ready.is_set():
            self.par = self.prep.par
        if self.pending == "hint" and self.prep.ask(lambda s: True):  # the solver can answer
            self.pending = None
            self.hint()
        if self.watching and not self.flights and self.show.due(dt, self.tweens.speed):
            self._watch_step()
        if not self.flights and not self.is_solved:
            self.check_solved()
        self.board.step(dt)

    # -- drawing ----------------------------------------------------------------------------------
    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(self.target_img, rect.topleft)

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        # the moves so far, under the buttons (below "Next level" when it shows)
        top = self.next_btn.rect.bottom + 12 if self.next_btn.visible else SIDE.y + 592
        self.move_list.rect = pygame.Rect(SIDE.x, top, SIDE.width, SIDE.bottom - top)
        self.move_list.draw(surface, self.move_texts())

    def move_texts(self) -> list[str]:
        """The moves as the list shows them ("disk 1 A→C"); the match keeps the exact text."""
        assert self.match is not None
        key = (self.match.ply, self.match.notation[-1:])
        if self._texts[0] != key:
            states = self.match.states
            self._texts = (key, [self.rules.display_move(states[i], m)
                                 for i, m in enumerate(self.match.moves)])
        return self._texts[1]

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.bg, BOARD_AREA.topleft)
        state, solved, held = self.state, self.is_solved, self.held
        if solved and self.level is not None:  # the celebration banner takes the header's place
            header_mask(surface)
        if self.bar is not None:
            self.bar.draw_count(surface, self.fp_disks)
        legal: tuple[int, ...] = ()
        if held is not None and self.app.settings.show_legal and not solved:
            legal = tuple(m.dst for m in self.rules.legal_moves(state) if m.src == held)
        last = self.moves[-1].dst if self.moves and not self.watching and not solved else None
        self.board.draw(surface, state, self.hands, self.t,
                        Marks(self.hint_move, legal, last, not solved and not self.watching,
                              not solved))

    def draw_celebration(self, surface: pygame.Surface) -> None:
        super().draw_celebration(surface)
        note = effects.celebration_note(self.watched, self.free, self.par, len(self.moves))
        if note is None:
            return
        img = theme.text(note, 17, theme.TEXT)
        box = img.get_rect(midtop=(BOARD_AREA.centerx, BOARD_AREA.y + 180)).inflate(28, 12)
        theme.panel(surface, box, theme.BG_DEEP, 10, theme.LINE)
        surface.blit(img, img.get_rect(center=box.center))

    def status_text(self) -> tuple[str, str]:
        held = self.state.top(self.held) if self.held is not None else None
        free_left = None
        if self.level is None and self.prep.ready.is_set() and not self.watching:
            free_left = self.prep.ask(lambda s: s.moves_to_solve(self.state))
        return status_line(preparing=not self.prep.ready.is_set(), watching=self.watching,
                           solved=self.is_solved, shown=self.watched and not self.free,
                           has_next=self.next_info() is not None, moves=self.moves_text(),
                           held=self.held, held_disk=held, hint=self.hint_move,
                           free_left=free_left)

    # -- pictures for other screens ---------------------------------------------------------------
    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        return sprites.game_thumbnail(size)

    @classmethod
    def level_thumbnail(cls, info: LevelInfo, size: tuple[int, int]) -> pygame.Surface | None:
        level = info.level
        if not isinstance(level, HanoiLevel):
            return None
        warm_solver()  # a level is about to be chosen: get the hints' solver ready meanwhile
        return sprites.level_picture(level, size)

    @classmethod
    def draw_diagram(
        cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry, position: str
    ) -> None:
        sprites.draw_diagram(surface, rect, parse_position_text(position))
