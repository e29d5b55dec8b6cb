"""The dissection puzzle screen: a shadow to fill, bright patterned pieces to drag, turn and flip
onto it. The Tangram and the Ostomachion are this screen with their own pieces (their scene.py).

The rules decide everything (`rules.check` refuses with a reason, `rules.snap` says where a
dropped piece lands, `rules.drop_move` what a drop means, `Hint()` is an ordinary move whose
target the rules choose, `rules.solved` says when the figure is complete). This module composes
the jobs done elsewhere in this package — the hand that turns input into moves (input.py), the
board's pictures (board.py, sprites.py), the glides and the celebration (effects.py), the side
panel (panel.py) and the words (texts.py) — around the history of the attempt.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine.protocol import IllegalMove
from game.games.dissection import pictures
from game.games.dissection.board import HINT_GLOW, Board, moving_pieces
from game.games.dissection.effects import (
    Celebration,
    Motion,
    Particle,
    move_motions,
    restart_motions,
    shortest_spin,
    undo_motions,
)
from game.games.dissection.geometry import Fault, PieceSet, Placement, bounds, faults, inside_figure
from game.games.dissection.input import Click, Hand, Held, Turned
from game.games.dissection.levels import Level
from game.games.dissection.panel import (
    celebration_centre,
    celebration_note,
    draw_chooser,
    draw_controls,
    draw_note,
    draw_star_card,
)
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
from game.games.dissection.sprites import PieceSprites, Style
from game.games.dissection.texts import fault_text, hint_note, piece_name
from game.games.dissection.view import View
from game.scenes.puzzle_base import BOARD_AREA, SIDE, LevelInfo, PuzzleScene, list_levels
from game.ui.tween import Tween, ease_in_out, ease_out, lerp, linear
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.app import App

#: Seconds a hint may take before the frames go on without it (it lands when found).
HINT_WAIT = 0.12
#: Arrow keys and the directions the hand knows them by.
ARROWS = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
          pygame.K_DOWN: "down"}


class DissectionScene(PuzzleScene):
    """Challenge levels (info given) and free play (info None: any figure, chosen here).

    A puzzle's scene is a subclass that names its pieces, their looks and its menu picture.
    """

    #: The pieces and their looks (set by each puzzle's subclass).
    pieces: PieceSet
    styles: tuple[Style, ...]
    #: Print each piece's number on it (the Ostomachion's pieces are known by number).
    numbered = False
    #: Figure drawn on the menu card, from its reference solution.
    thumb_level = ""
    #: The piece lifted off its place on the menu card (it hovers over its dashed ghost).
    thumb_lifted = 0

    level: Level
    history: list[PuzzleState]
    view: View
    board: Board
    hand: Hand
    celebration: Celebration

    def __init__(self, app: App, entry: registry.GameEntry, info: LevelInfo | None,
                 free: bool = False, *, figure: int | str = 0, solution: int = 0,
                 play: str = "", drag: str = "", select: str = "", clock: float = 0.0) -> None:
        """`info` None is free play on any figure (`figure`: index or file stem).

        For tools and tests: `solution` puts that many pieces where the reference solution has
        them (largest first, as hints do, but not counted as hints), `play` plays moves in the
        rules' notation (separated by spaces or semicolons), `drag` picks up a piece (by id) and
        holds it just off its place in the solution, showing the snap ghost, `select` selects a
        piece, `clock` sets the time taken.
        """
        super().__init__(app, entry, info, free)
        self.figures = [lv for lv in list_levels(entry) if lv.error is None and lv.level is not None]
        self.figure = 0
        if info is None:
            if isinstance(figure, int) or str(figure).isdigit():
                self.figure = max(0, min(len(self.figures) - 1, int(figure)))
            else:
                self.figure = next((n for n, lv in enumerate(self.figures)
                                    if lv.id == figure or lv.id.endswith(str(figure))), 0)
        self.stars_fn: Callable[[float, float, int], int] = registry.resolve(
            entry.extra.get("stars", "game.games.dissection.rules:stars"))
        self.solve_btn.set_tooltip("Let the pieces go to a solution one by one — no stars this time")
        self.hint_btn.set_tooltip("One piece glides to its place (H) — costs a star")
        self.motions: dict[int, Motion] = {}
        #: The piece in the hand turning (the hand, the turn, its animation).
        self.turning: tuple[Held, Turned, Tween] | None = None
        self.last_input = 0.0  # scene time of the last mouse or key event on the board
        self.hint_glow: tuple[int, float] | None = None  # piece, since
        self.refused_at: tuple[int, Tween] | None = None
        self.watching = False
        self.watched = False
        self.watch_wait = 0.0
        self.started = False
        self.chooser: dict[str, Any] = {}
        #: A hint being worked out beside the frames: the thread and the position it is for.
        self._hint_job: tuple[threading.Thread, Any] | None = None
        #: (position key, inside figure per piece, faults): see _assessment
        self._assessed: tuple[Any, list[bool], list[Fault]] | None = None
        if info is None:
            self._build_chooser()
            level = self.figures[self.figure].level if self.figures else None
        else:
            level = info.level
        if not isinstance(level, Level):
            raise ValueError(f"no {self.pieces.name} level to play")
        self._setup(level)
        # tools and tests: start from a prepared position, still (no animation)
        if clock:
            self.elapsed = float(clock)
            self.started = True
        for _ in range(max(0, int(solution))):
            self._place_solution_piece()
        if play:
            for text in str(play).replace(";", " ").split():  # a place move holds a comma
                self._commit(self.rules.parse_move(self.state, text))
        if select:
            self.selected = self.pieces.index(str(select))
        self.tweens.finish_all()
        self.motions.clear()
        self.check_solved()
        if drag and not self.is_solved:
            self._demo_drag(self.pieces.index(str(drag)))

    @classmethod
    def for_level(cls, app: App, entry: registry.GameEntry, level: str | int | None = None,
                  **kwargs: Any) -> PuzzleScene:
        """As the base, plus `free_play=True` (tools: free play, `figure` picks the figure)."""
        if kwargs.pop("free_play", False):
            kwargs = {k: v for k, v in kwargs.items() if k not in ("variant", "position")}
            return cls(app, entry, None, free=True, **kwargs)
        return super().for_level(app, entry, level, **kwargs)

    # -- set-up ------------------------------------------------------------------------------------
    def _setup(self, level: Level) -> None:
        """Lay out a figure and start a fresh attempt at it."""
        self.level = level
        self.rules = DissectionRules(self.pieces, level, options={"snap": True})
        self.history = [self.rules.initial_state()]
        self.view = View.fit(self.rules.board, BOARD_AREA.inflate(-24, -24))
        self.sprites = PieceSprites(self.pieces, self.styles, self.numbered, self.view.scale)
        area = (BOARD_AREA.x, BOARD_AREA.y, BOARD_AREA.width, BOARD_AREA.height)
        self.hand = Hand(self.rules, lambda: self.state, self.view, area,
                         lambda: self.is_solved, self._settle)
        self.celebration = Celebration.render(self.view, level.silhouette)
        self._reset_attempt()
        self.board = Board(self.rules, level, self.view, BOARD_AREA, self.sprites)
        # orientations to render ahead of need, the likeliest (one turn either way) popped first
        n = self.pieces.steps
        first = [1, n - 1]
        turns = first + [t for t in range(1, n) if t not in first]
        self._warm: list[tuple[int, int, bool]] = [
            (i, t, f) for f in (True, False) for t in reversed(turns if not f else range(n))
            for i in range(self.pieces.count)]
        for i in range(self.pieces.count):  # the pictures the first frame needs
            self.sprites.piece(i, 0, False)
            self.sprites.shadow(i, 0, False)

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
        self.solve_btn.set_text("Watch solution")
        self.reset_solved()

    def _build_chooser(self) -> None:
        r = pygame.Rect(SIDE.x, SIDE.y + 270, SIDE.width, 150)
        prev = button(self.ui, (r.x + 12, r.bottom - 52, 150, 40), "‹ Previous",
                      "The figure before (Page Up)")
        nxt = button(self.ui, (r.right - 162, r.bottom - 52, 150, 40), "Next ›",
                     "The next figure (Page Down)")
        self.chooser = {"prev": prev, "next": nxt}
        self.extra_buttons[prev] = lambda: self.set_figure(self.figure - 1)
        self.extra_buttons[nxt] = lambda: self.set_figure(self.figure + 1)

    def set_figure(self, index: int) -> None:
        """Free play: change to another figure (wrapping round)."""
        if self.info is not None or not self.figures:
            return
        self.figure = index % len(self.figures)
        level = self.figures[self.figure].level
        assert isinstance(level, Level)
        self._setup(level)
        self.app.sounds.play("slide")

    # -- state -------------------------------------------------------------------------------------
    @property
    def rules(self) -> DissectionRules:
        return self._rules

    @rules.setter
    def rules(self, rules: DissectionRules) -> None:
        """New rules for the same figure (The 536 aims hints at another solution): the hand
        asks them from now on."""
        self._rules = rules
        if hasattr(self, "hand"):
            self.hand.rules = rules

    @property
    def state(self) -> PuzzleState:
        return self.history[-1]

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

    @property
    def particles(self) -> list[Particle]:
        return self.celebration.particles

    @property
    def fill_t0(self) -> float | None:
        """Scene time the celebration's fill began (None: not celebrating)."""
        return self.celebration.start

    def solved(self) -> bool:
        return self.rules.solved(self.state)

    def placed_count(self) -> int:
        """Pieces lying inside the figure (the side panel's counter): one sticking out of it is
        not placed, wherever its centre lies."""
        return sum(self._assessment()[0])

    def _assessment(self) -> tuple[list[bool], list[Fault]]:
        """Which pieces lie inside the figure and, once every piece is out of the tray, what
        keeps them from solving it (worst first); computed once per position."""
        key = self.state.key()
        if self._assessed is None or self._assessed[0] != key:
            state = self.state
            inside = inside_figure(self.pieces, state.placements, self.level.silhouette)
            out = [i for i in range(self.pieces.count) if not self.rules.at_home(state, i)]
            found: list[Fault] = []
            if len(out) == self.pieces.count and not self.rules.solved(state):
                found = faults(self.pieces, state.placements, self.level.silhouette, out)
            self._assessed = (key, inside, found)
        return self._assessed[1], self._assessed[2]

    def fault(self) -> Fault | None:
        """The worst thing wrong with a figure that has every piece out and is not solved."""
        found = self._assessment()[1]
        return found[0] if found and not self.is_solved else None

    def fault_text(self, f: Fault) -> tuple[str, str]:
        """The fault in words for the status bar: which piece is wrong, and by how much."""
        return fault_text(self.pieces, self.numbered, f, self._assessment()[1])

    def piece_name(self, i: int) -> str:
        return piece_name(self.pieces, i, self.numbered)

    def moves_text(self) -> str:
        return f"{self.placed_count()}/{self.pieces.count} placed"

    def has_progress(self) -> bool:
        return any(not self.rules.at_home(self.state, i) for i in range(self.pieces.count))

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        states[self.undo_btn] = len(self.history) > 1 or self.held is not None
        states[self.restart_btn] = len(self.history) > 1
        return states

    def par_text(self) -> str:
        if self.free:
            return ""
        m, s = divmod(self.level.par_seconds, 60)
        return f"par {m}:{s:02d}"

    def move_count(self) -> int | None:
        return None  # every drag is a move here: a count would measure nothing useful

    def stars(self) -> int:
        if self.watched and not self.free:
            return 0
        return int(self.stars_fn(self.elapsed, float(self.level.par_seconds), self.hints_used))

    def check_solved(self) -> None:
        if self.is_solved or not self.solved():
            return
        self.hand.reset()
        if self.watched and not self.free:
            # shown, not solved: celebrate the figure but record nothing (no stars, no unlock)
            self.is_solved = True
            self.solved_t = self.t
            self.earned = 0
            self.app.sounds.play("win")
        else:
            super().check_solved()
        self.watching = False
        self.solve_btn.set_text("Watch solution")

    # -- moves -------------------------------------------------------------------------------------
    def _commit(self, move: Move) -> PuzzleState:
        """Play a move the rules accept on the history (no animation); returns the state before."""
        before = self.state
        after = self.rules.play(before, move)
        self.history.append(after)
        self.hints_used = max(self.hints_used, after.hints)
        self.started = True
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
        """Tools: one more piece of the reference solution, placed directly (not a hint)."""
        result = self.rules.hint_placements(self.state)
        if result is None:
            return
        new, mover = result
        for j in range(self.pieces.count):
            if j != mover and new[j] != self.state.placements[j]:
                self._commit(PickUp(j))
        p = new[mover]
        self._commit(Place(mover, p.x, p.y, p.turn, p.flipped))

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
        self._stop_watching()
        if self.held is not None:
            self._put_back(self.held)
            return
        if len(self.history) <= 1:
            self.app.toast("Nothing to undo.", "info")
            return
        self._settle()
        after = self.history.pop()
        self.motions.update(undo_motions(after, self.state, self.view.scale, self.pieces.steps,
                                         self.tweens))
        self.hint_glow = None
        if self.is_solved:
            self.reset_solved()
            self.celebration.clear()
        self.app.sounds.play("slide")

    def restart(self) -> None:
        self._stop_watching()
        self._settle()
        old = self.state
        self.history = [self.rules.initial_state()]
        self._reset_attempt()
        self.motions.update(restart_motions(old, self.state, self.view.scale, self.pieces.steps,
                                            self.tweens))
        if self.motions:
            self.app.sounds.play("slide")

    def hint(self) -> None:
        if self.is_solved:
            self.app.toast("Already solved.", "info")
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
                self.app.toast("Looking for a solution around your pieces…", "info", 2)
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
            self.app.toast("Already solved — R plays it again.", "info")
            return
        if self.held is not None:
            self._put_back(self.held)
        self.watching = True
        self.watch_wait = 0.2
        self.solve_btn.set_text("Stop watching")
        if not self.watched and not self.free:
            self.app.toast("Watching a solution: no stars for this attempt (R starts afresh). "
                           "Click or press a key to stop.", "info", 5)
        else:
            self.app.toast("Watching a solution. Click or press a key to stop.", "info", 3)
        self.watched = True

    def _stop_watching(self) -> None:
        if self.watching:
            self.watching = False
            self.solve_btn.set_text("Watch solution")

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
                self.app.toast("Stopped: your turn.", "info", 2)
            return
        if self.modal is None and event.type == pygame.KEYDOWN and self.held is not None and (
                event.key in (pygame.K_h, pygame.K_r)
                or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)):
            self._put_back(self.held)  # hint, restart and undo start from the board at rest
        super().process_event(event)

    def _solved_notice(self) -> None:
        more = ", Enter opens the next level" if self.next_info() is not None else ""
        self.app.toast(f"Solved! R plays it again{more}.", "info")

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
                self.app.toast("Tab picks a piece first (or double-click one)." if flip else
                               "Tab picks a piece first (or point at one and use the wheel).",
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

    # -- frame ---------------------------------------------------------------------------------------
    def in_motion(self) -> bool:
        """Pieces gliding, one in hand, the solution playing, the fill and sparkles."""
        return bool(super().in_motion() or self.motions or self.held is not None or self.watching
                    or self.particles or self.hand.keys
                    or (self.hint_glow is not None and self.t < self.hint_glow[1] + 2.0))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll_hint()
        if not self.started:
            self.elapsed = 0.0  # the clock starts with the first move
        for i in [i for i, m in self.motions.items() if m.tween.done]:
            del self.motions[i]
        self.hand.glide(dt)
        if self.watching and not self.motions:
            self.watch_wait -= dt * max(self.tweens.speed, 0.01)
            if self.watch_wait <= 0:
                self.watch_wait = 0.25
                if not self.submit(Hint(), sound="slide"):
                    self._stop_watching()
        if self.is_solved and self.celebration.start is None and not self.motions:
            self.celebration.start = self.t
            self._spawn_party()
        self.celebration.update(dt)

    def _spawn_party(self) -> None:
        """Sparkles and confetti over the completed figure (a subclass may hold them back)."""
        self.celebration.spawn(self.view, self.level.silhouette, self.level.id,
                               [s.colour for s in self.styles], BOARD_AREA.y)

    def draw_board(self, surface: pygame.Surface) -> None:
        board, state, held = self.board, self.state, self.held
        moving = moving_pieces(state.order, self.motions)
        lifted = moving + ([held.piece] if held is not None else [])
        surface.blit(board.layer(state, frozenset(lifted)), BOARD_AREA.topleft)
        for i in moving:
            board.draw_piece(surface, i, self.motions[i], shadow_only=True)
        for i in moving:
            board.draw_piece(surface, i, self.motions[i])
        if not self.is_solved:
            self._draw_marks(surface)
        if held is None and not moving and self.fault() is not None:
            board.draw_faults(surface, self.state.key(),
                              (r for f in self._assessment()[1] for r in f.rings))
        if held is not None:
            turning = self.turning
            board.draw_held(surface, held, turning[1:] if turning and turning[0] is held else None)
        start = self.celebration.start
        if start is not None:
            speed = self.tweens.speed
            self.celebration.draw_fill(surface, (self.t - start) * speed if speed > 0 else 99.0)
        if self.particles:
            self.celebration.draw_particles(surface, BOARD_AREA.inflate(-4, -4))
        if self._warm and not moving and held is None and not self.is_solved \
                and self.t - self.last_input > 0.5:
            # the player is thinking: render one more orientation ahead of need
            i, t, f = self._warm.pop()
            self.sprites.piece(i, t, f)
            self.sprites.shadow(i, t, f)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """The hint glow, then (nothing in the hand) hover and selection outlines."""
        if self.hint_glow is not None:
            i, since = self.hint_glow
            age = self.t - since
            if i in self.motions or age < 0:
                pass
            elif age < HINT_GLOW:
                self.board.draw_hint_glow(surface, self.state.placements[i], i, age)
            else:
                self.hint_glow = None
        if self.held is None:
            self.board.draw_marks(surface, self.state, self.motions, self.hand.hover,
                                  self.selected, self.refused_at)

    def draw_celebration(self, surface: pygame.Surface) -> None:
        """The stars panel over the (now empty) tray, clear of the completed figure."""
        x0, y0, x1, y1 = bounds(r.outer for r in self.level.silhouette)
        cx, cy = celebration_centre(self.board.tray_rect(), self.view.to_screen((x1, y0))[0])
        dx, dy = int(cx - BOARD_AREA.centerx), int(cy - BOARD_AREA.y - 20)
        area = pygame.Rect(dx, dy, surface.get_width() - dx, surface.get_height() - dy)
        super().draw_celebration(surface.subsurface(area))
        note = celebration_note(self.watched, self.hints_used, self.free)
        if note:
            draw_note(surface, note, (cx, cy))

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.free:
            draw_star_card(surface, rect, self.level.par_seconds, self.stars(), self.hints_used)
            return
        thumb = getattr(self, "_fig_thumb", None)
        if thumb is None or thumb[0] != self.level.id:
            info = self.info or self.figures[self.figure]
            self._fig_thumb = (self.level.id, self.level_thumbnail(info, (90, 62)))
            thumb = self._fig_thumb
        where = f"Figure {self.figure + 1} of {len(self.figures)}" if self.info is None \
            else f"Level {self.info.index + 1} · free mode"
        draw_chooser(surface, rect, thumb[1], where, self.level.title)

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        if not self.is_solved:
            draw_controls(surface)

    def status_text(self) -> tuple[str, str]:
        if self.is_solved:
            if self.watched and not self.free:
                return f"{self.level.title}: solution shown", "R: now try it yourself"
            nxt = "Enter: next level · " if self.next_info() is not None else ""
            if self.info is None:
                nxt = "Page Down: next figure · "
            return f"{self.level.title} complete!", f"{nxt}R: again"
        if self.watching:
            return "Watching a solution…", "click or press any key to stop"
        if self.held is not None:
            what = self.piece_name(self.held.piece).capitalize()
            right = "Q/E turn · F flip · Esc put back"
            if self.held.ghost is not None:
                return f"{what}: let go to snap it in", right
            return f"{what}: drop it on the shadow", right
        if self.selected is not None:
            return (f"{self.piece_name(self.selected).capitalize()} selected",
                    "arrows move · Q/E turn · F flip · Tab next")
        f = self.fault()
        if f is not None:
            return self.fault_text(f)
        hints = f"{self.hints_used} hint{'s' if self.hints_used != 1 else ''} used" \
            if self.hints_used else "H: hint"
        return "Fill the shadow with all the pieces", hints

    # -- pictures for other screens (pictures.py) ----------------------------------------------------
    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu card: a figure built from the pieces, one of them being laid in place."""
        return pictures.menu_card(size, cls.pieces, cls.styles, cls.numbered, cls.thumb_level,
                                  cls.thumb_lifted)

    @classmethod
    def level_thumbnail(cls, info: LevelInfo, size: tuple[int, int]) -> pygame.Surface | None:
        level = info.level
        return pictures.level_card(level, size) if isinstance(level, Level) else None

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        pictures.draw_diagram(surface, rect, cls.pieces, cls.styles, cls.numbered, position)
