"""Playing a dissection figure: the moves played on the attempt — drops, turns, flips, put-backs,
undo, redo, restart, hints, the watched solution — and the pygame events that ask for them. The
decisions are the rules' and the hand's (input.py); the history is the engine's session
(`self.match`, a one-player Match: undo/redo, autosave, saves replayed through the rules, see
game/scenes/puzzle_base.py); this module plays the moves on it and animates them.

`DissectionPlay` is the half of the screen that acts; scene.py's `DissectionScene` builds on it
the half that is shown (set-up, frame, board, side panel).
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game.engine.protocol import IllegalMove
from game.games.dissection.effects import (
    Celebration,
    Motion,
    move_motions,
    restart_motions,
    shortest_spin,
    undo_motions,
)
from game.games.dissection.geometry import PieceSet, Placement
from game.games.dissection.input import Click, Hand, Held, Turned
from game.games.dissection.levels import Level
from game.games.dissection.rules import (
    DissectionRules,
    Flip,
    Hint,
    HintPlan,
    Move,
    PickUp,
    Place,
    PuzzleState,
    Rotate,
)
from game.games.dissection.texts import hint_note, piece_name
from game.games.dissection.view import View
from game.i18n import _
from game.scenes.puzzle_base import BOARD_AREA, PuzzleScene
from game.ui.tween import Tween, ease_in_out, ease_out, lerp, linear

#: Seconds a hint may take before the frames go on without it (it lands when found).
HINT_WAIT = 0.12
#: Arrow keys and the directions the hand knows them by.
ARROWS = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
          pygame.K_DOWN: "down"}


class DissectionPlay(PuzzleScene):
    """The attempt at one figure and the player's actions on it (see the module text)."""

    pieces: PieceSet
    numbered: bool
    level: Level
    view: View
    hand: Hand
    celebration: Celebration
    motions: dict[int, Motion]
    turning: tuple[Held, Turned, Tween] | None
    hint_glow: tuple[int, float] | None
    refused_at: tuple[int, Tween] | None
    watching: bool
    watched: bool
    watch_wait: float
    started: bool
    figure: int
    _hint_job: tuple[threading.Thread, Any] | None

    def set_figure(self, index: int) -> None:
        """Free play: change to another figure (scene.py lays it out)."""

    def piece_name(self, i: int) -> str:
        """How the screen names a piece: "large triangle", or "piece 8" when numbered."""
        return piece_name(self.pieces, i, self.numbered)

    def _reset_attempt(self) -> None:
        self.motions.clear()
        self.tweens.clear()
        self.hand.reset()
        self.celebration.clear()
        self.hint_glow = None
        self.refused_at = None
        self.watching = False
        self.watched = False
        self.started = False
        self.elapsed = 0.0
        self.hints_used = 0
        self.solve_btn.set_text(_("Watch solution"))
        self.reset_solved()

    # -- state -------------------------------------------------------------------------------------
    @property
    def rules(self) -> DissectionRules:
        return self._rules

    @rules.setter
    def rules(self, rules: DissectionRules) -> None:
        """New rules for the same figure (The 536 aims hints at another solution): the session
        plays by them and the hand asks them from now on."""
        self._rules = rules
        if self.match is not None:
            self.match.rules = rules
        if hasattr(self, "hand"):
            self.hand.rules = rules

    @property
    def state(self) -> PuzzleState:
        """The position: the session's."""
        assert self.match is not None
        state: PuzzleState = self.match.state
        return state

    @property
    def held(self) -> Held | None:
        """The piece in the player's hand (input.py)."""
        return self.hand.held

    @property
    def selected(self) -> int | None:
        return self.hand.selected

    @selected.setter
    def selected(self, value: int | None) -> None:
        self.hand.selected = value

    # -- moves -------------------------------------------------------------------------------------
    def _commit(self, move: Move, *, save: bool = True) -> PuzzleState:
        """Play a move the rules accept on the session (no animation) and autosave it (`save`
        False: a position prepared by tools, not the player's); returns the state before."""
        before = self.state
        assert self.match is not None
        self.hints_used = max(self.hints_used, before.hints + isinstance(move, Hint))
        self.started = True
        if save:
            self.commit(move)
        else:
            self.match.play(move)
        return before

    def submit(self, move: Move, shown: dict[int, Placement] | None = None, *,
               sound: str = "place") -> bool:
        """Ask the rules; refuse with their reason or play the move and animate it.

        `shown` gives where pieces are drawn now when that is not their place in the state (the
        piece just dropped from the hand), so the animation starts from what the player sees.
        """
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.refuse(reason[:1].upper() + reason[1:] + ".")
            piece = getattr(move, "piece", None)
            if isinstance(piece, int):
                self.refused_at = (piece, self.tweens.add(0.45, linear, tag="refused"))
            return False
        try:
            before = self._commit(move)
        except IllegalMove as exc:  # check passed but play found nothing to do (a spent hint)
            self.refuse(str(exc)[:1].upper() + str(exc)[1:] + ".")
            return False
        self.hint_glow = None
        glides, hinted = move_motions(before, move, self.state, shown or {},
                                      lambda i: self._shown_placement(i, before),
                                      self.view.scale, self.pieces.steps, self.tweens)
        for i, m in glides.items():
            if m is None:
                self.motions.pop(i, None)
            else:
                self.motions[i] = m
        if hinted is not None:
            self.hint_glow = (hinted, self.t + 0.22)
        self.app.sounds.play(sound)
        self.check_solved()
        return True

    def _shown_placement(self, i: int, state: PuzzleState) -> Placement:
        """Where piece i looks to be now: its motion's target (close enough), or its place."""
        m = self.motions.get(i)
        if m is not None and not m.tween.done:
            u = m.tween.value
            return Placement(lerp(m.a.x, m.b.x, u), lerp(m.a.y, m.b.y, u), m.b.turn, m.b.flipped)
        return state.placements[i]

    def _settle(self) -> None:
        """Finish every motion at once (a quick player never waits for an animation)."""
        for m in self.motions.values():
            m.tween.elapsed = m.tween.delay + m.tween.duration
            m.tween.done = True
        self.motions.clear()
        self.tweens.items = [tw for tw in self.tweens.items if tw.tag != "motion"]

    def _place_solution_piece(self) -> None:
        """Tools: one more piece of the reference solution, placed directly (not a hint, not
        autosaved: a prepared position)."""
        result = self.rules.hint_placements(self.state)
        if result is None:
            return
        new, mover = result
        for j in range(self.pieces.count):
            if j != mover and new[j] != self.state.placements[j]:
                self._commit(PickUp(j), save=False)
        p = new[mover]
        self._commit(Place(mover, p.x, p.y, p.turn, p.flipped), save=False)

    # -- the hand ----------------------------------------------------------------------------------
    def _picked(self) -> None:
        self.started = True
        self.app.sounds.play("click", 0.6)

    def _held_turn(self, steps: int = 0, flip: bool = False) -> None:
        """Turn or flip the piece in the hand (part of the coming drop: one undo step)."""
        turned = self.hand.turn_held(steps, flip)
        if turned is not None and self.held is not None:
            self.turning = (self.held, turned, self.tweens.add(0.16, ease_out, tag="turn"))
            self.app.sounds.play("tick", 0.5)

    def _drop(self) -> None:
        """Let go of the held piece: the rules say what the drop means (rules.drop_move)."""
        released = self.hand.release()
        if released is None:
            return
        h, move = released
        if move is None:
            if (h.ghost or h.raw) != h.start:
                self._put_back(h)  # lifted and laid back in its own place: nothing happened
            return
        sound = "slide" if isinstance(move, PickUp) else "place" if h.ghost is not None else "drop"
        if not self.submit(move, {h.piece: h.raw}, sound=sound):
            self._put_back(h)

    def _put_back(self, h: Held) -> None:
        """The hand lets the piece go back where it lay (Esc, refusals)."""
        if self.hand.held is h:
            self.hand.held = None
        a, b = h.raw, h.start
        if a != b:
            self.motions[h.piece] = Motion(a, b, self.tweens.add(0.22, ease_in_out, tag="motion"),
                                           shortest_spin(a, b, self.pieces.steps))

    def _demo_drag(self, i: int) -> None:
        """Tools: hold piece i just off its place in the solution, as a player would mid-drag."""
        target = self.level.solution[i]
        if self.state.placements[i] == target:
            return
        nudge = self.pieces.side * 0.04
        self.hand.hold_at(i, Placement(target.x + nudge, target.y - nudge * 0.85, target.turn,
                                       target.flipped))

    def turn_piece(self, i: int, steps: int) -> None:
        """Turn a piece at rest one step (positive: counter-clockwise); it snaps if it is near."""
        self._turn_to(i, Rotate(i, steps), steps * 360.0 / self.pieces.steps)

    def flip_piece(self, i: int) -> None:
        """Turn a piece at rest over (mirror left to right); it snaps if it is near."""
        self._turn_to(i, Flip(i), 0.0)

    def _turn_to(self, i: int, plain: Rotate | Flip, spin: float) -> None:
        """Play a turn or flip as the rules settle it (itself in the tray, a snapped drop on the
        board), shown as a turn on the spot."""
        self._settle()
        old = self.state.placements[i]
        if not self.submit(self.rules.settled_move(self.state, plain), sound="tick"):
            return
        m = self.motions.get(i)
        b = self.state.placements[i]
        if m is not None:
            m.a, m.b, m.spin = old, b, spin
        else:
            self.motions[i] = Motion(old, b, self.tweens.add(0.18, ease_out, tag="motion"), spin)

    # -- hooks of the puzzle frame -----------------------------------------------------------------
    def undo(self) -> None:
        """Ctrl+Z: a piece in the hand goes back; else the session takes the last move back."""
        self._stop_watching()
        if self.held is not None:
            self._put_back(self.held)
            return
        self._settle()
        super().undo()

    def redo(self) -> None:
        self._stop_watching()
        if self.held is not None:
            self._put_back(self.held)
        self._settle()
        super().redo()

    def restart(self) -> None:
        self._stop_watching()
        self._settle()
        super().restart()

    def changed(self, before: PuzzleState, move: Move | None, how: str) -> None:
        """The session's history changed (undo, redo, restart, resume): the pieces glide from
        where they lay to where the session's position puts them (a resumed attempt is simply
        laid out)."""
        after, scale, steps = self.state, self.view.scale, self.pieces.steps
        self.hint_glow = None
        if how == "resume":
            assert self.match is not None
            self.rules = self.match.rules
            self.motions.clear()
            self.hand.reset()
            self.hints_used = max(self.hints_used, after.hints)
            self.started = bool(self.match and self.match.moves)
            self.check_solved()
            return
        if how == "restart":
            self._reset_attempt()  # a fresh attempt: clock, hints, a watched solution forgotten
            self.motions.update(restart_motions(before, after, scale, steps, self.tweens))
        elif how == "undo":
            self.celebration.clear()
            self.motions.update(undo_motions(before, after, scale, steps, self.tweens))
        elif move is not None:  # redo: the move played again
            glides, _unused = move_motions(before, move, after, {}, lambda i: before.placements[i],
                                     scale, steps, self.tweens)
            self.motions.update({i: m for i, m in glides.items() if m is not None})
            self.hints_used = max(self.hints_used, after.hints)
            self.check_solved()
        if self.motions or how != "restart":
            self.app.sounds.play("slide")

    def notes(self) -> dict[str, Any]:
        """Kept with the autosave: the clock and hints (the base), whether the solution was
        watched (no stars then), and free play, so Continue resumes it as free play."""
        out = super().notes()
        if self.watched:
            out["watched"] = True
        if self.free:
            out["free"] = True
        return out

    def read_notes(self, notes: Any) -> None:
        super().read_notes(notes)
        self.watched = notes.get("watched") is True

    def hint(self) -> None:
        if self.is_solved:
            self.app.toast(_("Already solved."), "info")
            return
        if self.held is not None:
            self._put_back(self.held)
        self._settle()
        if not self.rules.planned(self.state) and not self.solved():
            # the search round the player's pieces may take a moment (up to about a second on
            # the Ostomachion): it runs beside the frames, and the hint lands when it is found
            if self._hint_job is None:
                job = threading.Thread(target=self.rules.plan_hint, args=(self.state,),
                                       daemon=True)
                self._hint_job = (job, self.state.key())
                job.start()
                job.join(HINT_WAIT)
            if self._hint_job[0].is_alive():
                self.app.toast(_("Looking for a solution around your pieces…"), "info", 2)
                return
            self._hint_job = None
        plan = self.rules.plan_hint(self.state)
        if self.submit(Hint(), sound="tip") and plan is not None:
            self.app.toast(self.hint_note(plan), "good", 3 if plan.kind == "build" else 6)

    def _poll_hint(self) -> None:
        """A hint search finished: give the hint, if the pieces have not moved meanwhile."""
        if self._hint_job is None or self._hint_job[0].is_alive():
            return
        key = self._hint_job[1]
        self._hint_job = None
        if key == self.state.key() and not self.is_solved and self.held is None:
            self.hint()

    def hint_note(self, plan: HintPlan) -> str:
        return hint_note(plan, self.piece_name(plan.piece), self.free)

    def watch_solution(self) -> None:
        if self.watching:
            self._stop_watching()
            return
        if self.is_solved:
            self.app.toast(_("Already solved — R plays it again."), "info")
            return
        if self.held is not None:
            self._put_back(self.held)
        self.watching = True
        self.watch_wait = 0.2
        self.solve_btn.set_text(_("Stop watching"))
        if not self.watched and not self.free:
            self.app.toast(_("Watching a solution: no stars for this attempt (R starts afresh). "
                             "Click or press a key to stop."), "info", 5)
        else:
            self.app.toast(_("Watching a solution. Click or press a key to stop."), "info", 3)
        self.watched = True

    def _stop_watching(self) -> None:
        if self.watching:
            self.watching = False
            self.solve_btn.set_text(_("Watch solution"))

    def back(self) -> None:
        if self.modal is None:
            if self.watching:
                self._stop_watching()
                return
            if self.held is not None:
                self._put_back(self.held)
                return
        super().back()

    # -- events --------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is None and self.watching and event.type in (pygame.KEYDOWN,
                                                                   pygame.MOUSEBUTTONDOWN):
            if not (event.type == pygame.MOUSEBUTTONDOWN
                    and self.solve_btn.rect.collidepoint(event.pos)):
                self._stop_watching()
                self.app.toast(_("Stopped: your turn."), "info", 2)
            return
        if self.modal is None and event.type == pygame.KEYDOWN and self.held is not None and (
                event.key in (pygame.K_h, pygame.K_r)
                or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)):
            self._put_back(self.held)  # hint, restart and undo start from the board at rest
        super().process_event(event)

    def _solved_notice(self) -> None:
        self.app.toast(_("Solved! R plays it again, Enter opens the next level.")
                       if self.next_info() is not None else _("Solved! R plays it again."), "info")

    def board_event(self, event: pygame.event.Event) -> None:
        self.last_input = self.t
        hand = self.hand
        if event.type == pygame.MOUSEMOTION:
            if hand.moved(event.pos):
                self._picked()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not BOARD_AREA.collidepoint(event.pos) or self.ui.get_hovering_any_element():
                return
            self._click(hand.button_down(event.pos, self.t))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if hand.button_up(self.t):
                self._drop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._turn(-1, hand.piece_under(event.pos))
        elif event.type == pygame.MOUSEWHEEL:
            steps = 1 if event.y > 0 else -1 if event.y < 0 else 0
            if steps:
                self._turn(steps, hand.turn_target())
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP and event.key in ARROWS:
            hand.keys.pop(ARROWS[event.key], None)

    def _click(self, click: Click) -> None:
        if click.kind == "drop":
            self._drop()
        elif click.kind == "refuse" and click.piece is not None:
            p = self.state.placements[click.piece]
            self.submit(Place(click.piece, p.x, p.y, p.turn, p.flipped))  # refused, with reason
        elif click.kind == "flip" and click.piece is not None:
            self.flip_piece(click.piece)

    def _turn(self, steps: int, at_rest: int | None) -> None:
        """A turn asked by the mouse: of the piece in the hand, else of `at_rest`."""
        if self.held is not None:
            self._held_turn(steps)
        elif at_rest is not None:
            self.selected = at_rest
            self.turn_piece(at_rest, steps)

    def _key(self, event: pygame.event.Event) -> None:
        key, hand = event.key, self.hand
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.info is None:
            self.set_figure(self.figure + (1 if key == pygame.K_PAGEDOWN else -1))
            return
        if self.is_solved and key not in (pygame.K_q, pygame.K_e, pygame.K_f):
            if key in (pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_DELETE,
                       *ARROWS):
                self._solved_notice()
            return
        if key == pygame.K_TAB:
            if self.held is not None:
                self._drop()
            hand.cycle(backwards=shift)
            self.app.sounds.play("tick", 0.4)
        elif key in ARROWS:
            if hand.arrow(ARROWS[key], shift):
                self._picked()
        elif key in (pygame.K_q, pygame.K_e, pygame.K_f):
            flip = key == pygame.K_f
            steps = 1 if key == pygame.K_q else -1
            if self.held is not None:
                self._held_turn(0 if flip else steps, flip)
            elif self.selected is not None and flip:
                self.flip_piece(self.selected)
            elif self.selected is not None:
                self.turn_piece(self.selected, steps)
            else:
                self.app.toast(_("Tab picks a piece first (or double-click one).") if flip else
                               _("Tab picks a piece first (or point at one and use the wheel)."),
                               "info")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.held is not None:
                self._drop()
            elif self.selected is not None:
                move = self.rules.snap_in_place(self.state, self.selected)
                if move is not None:
                    self.submit(move)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            sent = hand.send_back()
            if sent is None:
                return
            i, move, shown = sent
            if move is None:  # carried out of the tray and sent back before being dropped
                self._put_back(Held(i, self.state.placements[i], shown[i], (0.0, 0.0), False))
            else:
                self.submit(move, shown, sound="slide")  # the rules refuse a piece at home

