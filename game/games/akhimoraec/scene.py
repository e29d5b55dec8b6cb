"""The Akhimoraec screen: hourglasses with running sand tipped across a board of linked circles.

A real-time game. Every fixed update step (while not paused) lets the game clock run through
`Match.advance`, in whole milliseconds so game time keeps pace with the wall clock; the rules
answer with events (deaths, re-entries, lost turns, passes, the end) that this screen turns into
animations, sounds and notices. Nothing here decides a rule: moves go through `submit` (the
rules' `check`), what may be picked up and why not through the rules (via `input.BoardInput`),
sand amounts from `rules.sand`.

This module composes the parts, each with one job: `view` (layout, cell <-> pixel), `sprites`
(hourglasses and board, cached), `effects` (flights, flashes, the events feed), `input` (the
pygame-free controller for clicks and keys), `panel` (the column, the pause cover, the
close-up). Here: time, turns, the computer's clock, and routing events to those parts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import pygame
import pygame_gui

from game import registry
from game.engine.match import Match
from game.engine.protocol import IllegalMove
from game.games.akhimoraec import panel
from game.games.akhimoraec import rules as R
from game.games.akhimoraec.computer import ComputerClock, ComputerPlan, reply_move
from game.games.akhimoraec.effects import Effects
from game.games.akhimoraec.input import BoardInput, Intent
from game.games.akhimoraec.rules import AkhimoraecRules, AkhState, Event, Glass
from game.games.akhimoraec.sprites import (
    POLE,
    SAND,
    blit_icon,
    board_image,
    diagram,
    draw_live_glasses,
    draw_pick,
    draw_targets,
    draw_win_line,
    glass_geom,
    menu_card,
)
from game.games.akhimoraec.view import CELL, MARGIN, PLATE, WARN_SECONDS, BoardGeom, mmss
from game.i18n import N_, _
from game.scenes.match_base import SIDE, MatchScene, shared_worker
from game.ui import marks, theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

#: pygame keys -> the controller's key names
KEY_NAMES = {pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_UP: "up",
             pygame.K_DOWN: "down", pygame.K_RETURN: "enter", pygame.K_KP_ENTER: "enter",
             pygame.K_TAB: "tab"}
__all__ = ["CELL", "PLATE", "SAND", "AkhimoraecScene", "glass_geom"]


# -- the scene --------------------------------------------------------------------------------


class AkhimoraecScene(MatchScene):
    """Play Akhimoraec hot-seat or against the computer, with every clock running."""

    SIDE_COLOURS = POLE

    title = N_("Akhimoraec")

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app, match)
        self.akh: AkhimoraecRules = match.rules
        self.paused = False
        humans = [i for i, p in enumerate(match.players) if p.kind == "human"]
        if self.akh.free and len(humans) == 2:
            # no turns, two players at one screen: Red has the mouse, Gold the keyboard
            self.input, self.keys = BoardInput(self.akh, R.RED), BoardInput(self.akh, R.GOLD)
        else:
            self.input = BoardInput(self.akh, humans[0] if self.akh.free and humans else None)
            self.keys = self.input
        self.effects = Effects(self.tweens)
        self._ms_acc = 0.0
        self._tick_second = match.state.now // 1000
        self._turn_key = (match.state.to_move, match.state.turn_start)
        self.computers = ComputerClock(self.akh, self._think)
        #: the computer player whose move was asked for (its answer in `_reply`)
        self._asker: int | None = None
        self._reply: str | None = None
        self._rng = random.Random(len(match.moves) * 31 + match.state.now)
        self._ai: dict[str, Any] = {}
        #: the move list's entries by column, and the history they were made for
        self._columns: tuple[object, list[str]] = (None, [])
        bx, by = 912, 16 + 536 + 156
        self.pause_btn = button(self.ui, (bx, by, 352, 44), _("Pause (Space)"),
                                _("Stop every clock and hide the board (Space or Esc)"))
        self.resume_btn = button(self.ui, (PLATE.centerx - 110, PLATE.centery + 90, 220, 50),
                                 _("Resume"), _("Start the clocks again (Space)"), "#primary")
        self.resume_btn.hide()
        # a shorter move list leaves room for the close-up of one hourglass under it
        self.movelist.rect = pygame.Rect(SIDE.x, SIDE.y + 190, SIDE.width, 150)
        self.closeup_rect = pygame.Rect(SIDE.x, self.movelist.rect.bottom + 8, SIDE.width,
                                        SIDE.y + 528 - self.movelist.rect.bottom - 8)
        self.extra_buttons = {self.pause_btn: self.toggle_pause, self.resume_btn: self.resume}
        self._refresh_buttons()
        if any(p.is_computer for p in match.players):
            for p in match.players:
                if p.is_computer:
                    self._player_ai(p.level or self.entry.default_level)
            shared_worker(app).start()  # spawn now, not in the middle of the first turn

    @property
    def selected(self) -> int | None:
        return self.input.selected

    @selected.setter
    def selected(self, cell: int | None) -> None:
        self.input.selected = cell

    @property
    def cursor(self) -> int | None:
        return self.input.cursor

    @cursor.setter
    def cursor(self, cell: int | None) -> None:
        self.input.cursor = cell

    @property
    def controllers(self) -> list[BoardInput]:
        """The mouse's controller, and the keyboard's when it is another player's."""
        return [self.input] if self.keys is self.input else [self.input, self.keys]

    @property
    def human_to_move(self) -> bool:
        """A human may tip now (without turns: whenever the match goes on)."""
        m = self.match
        return any(not m.players[p].is_computer for p in m.movers)

    @property
    def flights(self) -> dict[int, Any]:
        return self.effects.flights

    @property
    def feed(self) -> list[Any]:
        return self.effects.feed

    # -- geometry ------------------------------------------------------------------------------
    @property
    def flipped(self) -> bool:
        """Against the computer the human sits at the bottom. Hot-seat never turns the board:
        both players watch their sand all the time, and turns also change when a clock runs out."""
        humans = [i for i, p in enumerate(self.match.players) if p.kind == "human"]
        return len(humans) == 1 and humans[0] == 1

    @property
    def geo(self) -> BoardGeom:
        return BoardGeom(PLATE.x, PLATE.y, CELL, MARGIN, self.flipped)

    # -- time ------------------------------------------------------------------------------------
    @property
    def waiting_for_first_tip(self) -> bool:
        """A fresh game's clocks start with the first tip when a human plays first."""
        m = self.match
        return m.ply == 0 and m.state.now == 0 and self.human_to_move

    @property
    def clock_running(self) -> bool:
        return (not self.paused and self.modal is None and self.match.outcome is None
                and not self.waiting_for_first_tip)

    def set_paused(self, paused: bool, sound: bool = True) -> None:
        if paused and self.match.outcome is not None:
            paused = False
        if paused == self.paused:
            return
        self.paused = paused
        self.pause_btn.set_text(_("Resume (Space)") if paused else _("Pause (Space)"))
        if paused:
            self.clear_selection()
            self.resume_btn.show()
        else:
            self.resume_btn.hide()
        if sound:
            self.app.sounds.play("click")

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        paused = getattr(self, "paused", False)  # the base asks before our own state exists
        if paused:
            states[self.hint_btn] = False  # a hint while paused would be free thinking time
        elif states[self.hint_btn]:
            states[self.hint_btn] = bool(self.rules.legal_moves(self.state)) and not self.rules.free
        btn = getattr(self, "pause_btn", None)
        if btn is not None:
            states[btn] = self.match.outcome is None
        return states

    def redo(self) -> None:
        if not self.match.can_redo:
            self.refuse(_("Nothing to redo: a tip taken back is gone once the clocks run on "
                          "(pause with Space before undoing to keep it)."))
            return
        super().redo()

    def toggle_pause(self) -> None:
        self.set_paused(not self.paused)

    def resumed(self) -> None:
        """Continue or Load: the clocks and the sand wait behind the pause cover until the
        player presses Resume (a fresh match still starts with its first tip)."""
        if self.match.outcome is None and not self.waiting_for_first_tip:
            self.set_paused(True, sound=False)

    def resume(self) -> None:
        self.set_paused(False)

    def leave(self) -> None:
        # Another screen covers the board (rules, a dialog scene): stop the clocks.
        if self.match.outcome is None and not self.waiting_for_first_tip:
            self.set_paused(True, sound=False)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.modal is not None and not self.modal.open:
            self.modal = None
        if (self.modal is not None and not self.paused and self.match.outcome is None
                and not self.waiting_for_first_tip):
            self.set_paused(True)  # a dialog over a visible board would be free thinking time
        if self.modal is not None and self.resume_btn.visible:
            self.resume_btn.hide()
        elif (self.modal is None and self.paused and not self.resume_btn.visible
              and self.match.outcome is None):
            self.resume_btn.show()
        if not self.paused:
            self.tweens.speed = self.app.settings.animation_speed
            self.tweens.update(dt)
            self.effects.land(self.state, self.akh.sand)
        if self.clock_running:
            self._ms_acc += dt * 1000
            ms = int(self._ms_acc)
            if ms > 0:
                self._ms_acc -= ms
                before = self.state
                self.match.advance(ms / 1000)
                self._after_time(before)
        self._poll_worker()
        if not self.paused and self.modal is None:
            self._computer_step()
        m = self.match
        if m.outcome is not None and self.paused:
            # resigned or lost from the pause panel: the board is shown again, nothing to resume
            self.set_paused(False, sound=False)
        # time kills the redo tail (a redone tip would land at another moment): the Redo
        # button follows at once, like every button, from button_states
        self._refresh_buttons()
        if m.outcome is not None and not self.results_shown and not self.animating:
            self.over_timer += dt
            if self.over_timer >= 0.9:
                self.results_shown = True
                self._refresh_buttons()
                self.show_results()

    def _after_time(self, before: AkhState) -> None:
        s = self.state
        self._react(before, s.events)
        key = (s.to_move, s.turn_start)
        if key != self._turn_key:  # the turn passed (clock, no move): forget the half-made tip
            self._turn_key = key
            self.clear_selection()
            self.hint_move = None
        second = s.now // 1000
        if second != self._tick_second:
            self._tick_second = second
            if any(g.status == R.ALIVE and (g.until - s.now) < WARN_SECONDS * 1000 for g in s.glasses):
                self.app.sounds.play("tick", 0.5)
        for ctl in self.controllers:
            ctl.forget_unmovable(s)

    def in_motion(self) -> bool:
        """Sand runs while the clocks do; a chosen hourglass breathes."""
        return bool(super().in_motion() or self.clock_running or self.tweens.busy()
                    or self.selected is not None or self.match.outcome is not None)

    @property
    def animating(self) -> bool:
        """Only a tip holds the game up (the computer's next move, the results); sand, deaths
        and flashes play on while the clocks run."""
        return self.tweens.busy("tip")

    # -- events from the rules ---------------------------------------------------------------
    def _name(self, player: int) -> str:
        return self.name_of(player) or _(R.SIDE_NAMES[player])

    def _react(self, before: AkhState, events: Sequence[Event]) -> None:
        """Each rules event shown: its effect and sound, and its line in the events panel
        beside the board (toasts would cover the board)."""
        for ev in events:
            if ev.kind == "death":
                gi = next(i for i, g in enumerate(before.glasses) if g.home == ev.home)
                self.effects.death(gi, before.glasses[gi], ev.cell, ev.home)
                self.app.sounds.play("crack")
            elif ev.kind in ("ready", "home"):
                self.effects.flash(ev.cell)
            elif ev.kind == "expiry":
                self.app.sounds.play("refuse", 0.5)
            words = panel.news_words(ev, self._name)
            if words is not None:
                self.effects.news(self.t, ev.player, *words, mmss(ev.at / 1000))

    # -- moves -----------------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> None:
        gi = next((i for i, g in enumerate(before.glasses) if g.cell == move.src), None)
        self._turn_key = (after.to_move, after.turn_start)
        if gi is None:
            self.sync()
            return
        g = before.glasses[gi]
        self.effects.tip(gi, g, self.akh.sand(g, before.now), move, self.geo)
        self.app.sounds.play("tip")
        self._react(before, [e for e in after.events if e.kind != "move"])
        for ctl in self.controllers:  # the tipper's pick is put down; another's stays if it may
            if ctl.player in (None, g.owner):
                ctl.clear()
            else:
                ctl.forget_unmovable(after)

    def sync(self) -> None:
        self.effects.clear()
        self._turn_key = (self.state.to_move, self.state.turn_start)
        self._tick_second = self.state.now // 1000
        self.computers.clear()
        self._asker = None
        self._reply = None

    def clear_selection(self) -> None:
        for ctl in self.controllers:
            ctl.clear()

    def targets(self, src: int) -> list[int]:
        """Where the glass on `src` may be tipped now (from the rules)."""
        return [m.dst for m in self.akh.legal_moves(self.state) if m.src == src]

    def glass_at(self, cell: int) -> Glass | None:
        return next((g for g in self.state.glasses if g.cell == cell), None)

    def _carry_out(self, intent: Intent, ctl: BoardInput) -> None:
        """Do what the controller answered: a sound, a refusal, or the tip through the rules."""
        if intent.kind == "select":
            self.app.sounds.play("click")
        elif intent.kind == "refuse" and intent.reason is not None:
            self.refuse(intent.reason)
        elif intent.kind == "flip" and intent.move is not None:
            self.submit(intent.move)
        elif intent.kind == "tip" and intent.move is not None and self.submit(intent.move):
            ctl.clear()

    def board_event(self, event: pygame.event.Event) -> None:
        ctl = self.input
        if event.type == pygame.MOUSEMOTION and self.keys is not ctl:
            ctl.cursor = self.geo.cell_at(event.pos)  # the mouse player's own highlight
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.geo.cell_at(event.pos)
            if cell is not None:
                self._carry_out(ctl.pick(self.state, cell), ctl)
            else:
                ctl.clear()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            ctl.clear()
        elif event.type == pygame.KEYDOWN and event.key in KEY_NAMES:
            keys = self.keys
            self._carry_out(keys.key(self.state, KEY_NAMES[event.key], self.flipped), keys)

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWFOCUSLOST and self.clock_running:
            self.set_paused(True)
            return
        if self.modal is not None:
            return
        if self.movelist.handle(event):
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
                and not event.mod & pygame.KMOD_CTRL):
            self.toggle_pause()
            return
        if self.shortcut(event):
            return
        if self.paused:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and PLATE.collidepoint(event.pos):
                self.resume()
            return
        if self.human_to_move:
            self.board_event(event)  # tips may start while another glass is still in flight

    def back(self) -> None:
        """Esc pauses a running game; Esc on the pause panel offers to leave."""
        if self.modal is None and self.match.outcome is None and not self.paused \
                and not self.waiting_for_first_tip:
            self.set_paused(True)
            return
        super().back()

    def ask_hint(self) -> None:
        if self.akh.free:
            self.refuse(_("No hints without turns: the other side never waits."))
            return
        if self.paused:
            self.refuse("Resume the game first (Space).")
            return
        if self.human_to_move and not self.akh.legal_moves(self.state):
            self.refuse("No hourglass can be tipped now.")
            return
        super().ask_hint()

    def on_ui_event(self, event: pygame.event.Event) -> None:
        # The Menu button goes straight to the leave dialog (Esc pauses first, then asks).
        if (self.modal is None and event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.menu_btn):
            if self.clock_running:
                self.set_paused(True)
            MatchScene.back(self)
            return
        super().on_ui_event(event)

    def show_hint(self, move: Any) -> None:
        super().show_hint(move)
        self.app.toast(_("Try {move}").format(
            move=f"{R.cell_name(move.src)}→{R.cell_name(move.dst)}"), "good", 3)

    # -- the computer ----------------------------------------------------------------------------
    def _player_ai(self, level: str) -> Any:
        ai = self._ai.get(level)
        if ai is None:
            ai = self.entry.make_ai(self.akh, level)
            self._ai[level] = ai
        return ai

    def _level_of(self, player: int) -> str:
        return self.match.players[player].level or self.entry.default_level

    def _think(self, view: AkhState, player: int) -> float:
        return float(self._player_ai(self._level_of(player)).think_time(view, self._rng))

    @property
    def _plan(self) -> ComputerPlan | None:
        """The plan of the computer player who moves next (tests and the side panel)."""
        plans = self.computers.plans
        return min(plans.values(), key=lambda pl: pl.play_at) if plans else None

    def _request(self, level: str, seconds: float | None = None, player: int | None = None) -> int:
        # Real time: the worker gets the current position text (its clock), not the move list;
        # without turns, the position as `player` sees it (it plans for that side).
        secs = self._level_seconds(level) if seconds is None else seconds
        seed = len(self.match.moves) * 7919 + self.state.now
        if player is None or not self.akh.free:
            return shared_worker(self.app).request_for(self.match, seconds=secs, level=level, seed=seed)
        m = self.match
        view = self.akh.position_text(self.akh.seen_by(self.state, player))
        return shared_worker(self.app).request(m.entry.id, m.variant, dict(m.options), view, [],
                                               level, secs, seed)

    def _cancel_thinking(self) -> None:
        super()._cancel_thinking()
        self.computers.clear()
        self._asker = None
        self._reply = None

    def _drop_request(self) -> None:
        if self.request_id is not None:
            shared_worker(self.app).cancel()
            self.request_id = None
        self._asker, self._reply = None, None

    def _computer_step(self) -> None:
        """Each computer player that may move waits its thinking time, then plays its move
        re-stamped at "now" (see `computer.ComputerClock`)."""
        m, s = self.match, self.state
        comps = [p for p in m.movers if m.players[p].is_computer]
        if m.outcome is not None or not comps or self.waiting_for_first_tip:
            if self.computers.plans and self.request_id is not None:
                self._drop_request()
            self.computers.clear()
            self._asker, self._reply = None, None
            return
        if self._asker in self.computers.update(s, m.ply, comps):
            self._drop_request()
        if self._reply is None and self.request_id is None:
            p = self.computers.next_to_ask(s)
            if p is not None:
                level = self._level_of(p)
                self._asker = p
                self.request_id = self._request(
                    level, self.computers.search_budget(s, p, self._level_seconds(level)), p)
                self.think_started = self.t
        p = self._asker
        if (p is None or self._reply is None or s.now < self.computers.plans[p].play_at
                or self.animating):
            return
        text, self._reply = self._reply, None
        move = reply_move(self.akh, s, p, text)
        if move is None:  # time moved on while it thought: think again
            self.request_id = self._request(self._level_of(p), 0.3, p)
            return
        self._asker = None
        self._play(move)

    def _poll_worker(self) -> None:
        if self.request_id is None and self.hint_request is None:
            return
        reply = shared_worker(self.app).poll()
        if reply is None:
            return
        if reply.error:
            plan = self.computers.plans.get(self._asker) if self._asker is not None else None
            if reply.request_id == self.request_id and plan is not None:
                plan.failed = True  # do not ask again this turn
            self.request_id = self.hint_request = None
            self.app.toast(_("The computer failed: {error}").format(error=reply.error), "bad", 8)
            return
        # The reply carries the time it was asked at; it is played (or shown) as "now".
        text = (reply.move or "").rpartition(":")[2]
        if reply.request_id == self.hint_request:
            self.hint_request = None
            try:
                move = self.akh.parse_move(self.state, text)
            except IllegalMove:
                return
            self.show_hint(move)
            self.app.sounds.play("click")
        elif reply.request_id == self.request_id:
            self.request_id = None
            self._reply = text

    # -- side panel and status -----------------------------------------------------------------
    def side_info(self, side: int) -> str:
        m = self.match
        thinking = self._asker == side if self.akh.free else self.state.to_move == side
        p = m.players[side]
        if m.outcome is None and thinking and p.is_computer:
            return _("thinking") + "." * (1 + int(self.t * 3) % 3)
        # the line shares the player's box with "computer, <level> · ": shorten, never cut
        prefix = _("computer, {level} · {info}").format(
            level=registry.level_title(p.level or "").lower(), info="") if p.is_computer else ""
        return panel.side_line(self.state, side, prefix, SIDE.width - 48 - 12)

    def move_entries(self) -> tuple[Sequence[str], bool]:
        """Without turns moves do not alternate: one to a row, each naming its player. With
        turns each move stands in its player's column: a turn lost on the clock (or passed)
        leaves a dash where its move would be, so the next move is not written under the
        other player."""
        texts = self.move_texts()
        if self.akh.free:
            return texts, False
        m = self.match
        key = (len(m.moves), m.notation[-1:])
        if self._columns[0] != key:
            self._columns = (key, panel.turn_columns(self.akh, m.states, m.moves, texts))
        return self._columns[1], True

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        blit_icon(surface, centre, 40, side, True, 0.55, 0.45)

    def status_text(self) -> tuple[str, str]:
        m = self.match
        s = self.state
        if m.outcome is not None:
            return super().status_text()
        if self.paused:
            return _("Paused: every clock is stopped"), _("Space: resume · Esc: leave")
        who = self._name(s.to_move)
        if self.akh.free:
            return self._free_status()
        if self.waiting_for_first_tip:
            return _("{player} tips first").format(player=who), \
                _("the clocks start with the first tip")
        if m.current_spec.is_computer:
            return (_("{player} is thinking").format(player=who) + "." * (1 + int(self.t * 3) % 3),
                    _("your sand keeps running · Space: pause"))
        clock = self.akh.turn_clock_left(s)
        left = _("{player} to tip").format(player=who) + (
            f" · {clock:.0f} s" if clock is not None else "")
        if self.selected is not None:
            return left, _("click a highlighted circle · right-click: cancel")
        return left, _("click one of your hourglasses · Space: pause")

    def _free_status(self) -> tuple[str, str]:
        """Without turns: nobody's turn; who plays with what, or what the computer is doing."""
        first = _("the clocks start with the first tip")
        start = " · " + first if self.waiting_for_first_tip else ""
        if self.keys is not self.input:
            return (_("No turns: tip at will"), _("{gold}: arrows, Enter · {red}: mouse").format(
                gold=self._name(0), red=self._name(1)) + start)
        if self._asker is not None:
            return (_("{player} is thinking").format(player=self._name(self._asker))
                    + "." * (1 + int(self.t * 3) % 3), _("tip whenever you like · Space: pause"))
        if not start and any(ctl.selected is not None for ctl in self.controllers):
            return _("No turns: tip at will"), \
                _("click a highlighted circle · right-click: cancel")
        return _("No turns: tip at will"), (
            first if start else _("click one of your hourglasses · Space: pause"))

    def draw_status(self, surface: pygame.Surface) -> None:
        m = self.match
        side = self.state.to_move if m.outcome is None else m.outcome.winner
        panel.draw_status(surface, self.status_text(), None if self.akh.free and m.outcome is None
                          else side)

    # -- drawing -----------------------------------------------------------------------------------
    def paint_background(self, surface: pygame.Surface) -> None:
        super().paint_background(surface)
        geo = BoardGeom(PLATE.x, PLATE.y, CELL, MARGIN, False)
        img = board_image(CELL, MARGIN, self.akh.adjacency, tuple(tuple(h) for h in self.akh.homes),
                          False, self.app.settings.show_coordinates)
        surface.blit(img, (geo.x, geo.y))

    def draw_board(self, surface: pygame.Surface) -> None:
        geo = self.geo
        if self.paused:
            info = self.panel_info()
            panel.draw_pause(info, surface)
            panel.draw_column(info, surface)
            return
        if geo.flipped:  # the cached background holds the unturned board
            surface.blit(board_image(CELL, MARGIN, self.akh.adjacency,
                                     tuple(tuple(h) for h in self.akh.homes), True,
                                     self.app.settings.show_coordinates), (geo.x, geo.y))
        s = self.state
        panel.draw_turn_edge(self.panel_info(), surface)
        if s.over and s.winner is not None and s.line:
            draw_win_line(surface, geo, s.line, s.winner, self.pulse())
        if self.match.moves and not self.animating:
            last = self.match.moves[-1]
            for c in {last.src, last.dst}:
                marks.last_move(surface, geo.cell_rect(c).inflate(-6, -6))
        self.effects.draw_flashes(surface, geo)
        human = self.human_to_move
        # without turns at one screen each player's marks are drawn in their own colour
        own = {id(c): POLE[c.player] for c in self.controllers
               if self.keys is not self.input and c.player is not None}
        for ctl in self.controllers:
            if human and self.app.settings.show_legal:
                draw_targets(surface, geo, ctl.targets(s), own.get(id(ctl)))
        fx = self.effects
        draw_live_glasses(surface, geo, self.akh, s, skip=fx.flights, shown_sand=fx.shown_sand,
                          t=self.t, pulse=self.pulse(), running=self.clock_running)
        for gi, queue in fx.flights.items():
            fx.draw_flight(surface, geo, s.glasses[gi].owner, queue[0])
        for ctl in self.controllers:
            if human:
                draw_pick(surface, geo, ctl.selected, None, own.get(id(ctl)), self.pulse())
        if self.hint_move is not None and human:
            hm = self.hint_move
            marks.arrow(surface, geo.centre(hm.src), geo.centre(hm.dst), theme.ACCENT, 4)
            marks.hint_frame(surface, geo.cell_rect(hm.dst))
        for ctl in self.controllers:
            if human:
                draw_pick(surface, geo, None, ctl.cursor, own.get(id(ctl)), self.pulse())
        if self.waiting_for_first_tip:
            who = _("Either player") if self.akh.free else self._name(self.state.to_move)
            panel.draw_banner(surface, _("{player}: tip an hourglass to start the clocks").format(
                player=who))
        panel.draw_column(self.panel_info(), surface)

    def closeup_index(self) -> int | None:
        humans = [k for k, p in enumerate(self.match.players) if p.kind == "human"]
        return panel.closeup_of(self.state, (self.selected, self.cursor),
                                humans[0] if len(humans) == 1 else None)

    def panel_info(self) -> panel.PanelInfo:
        m = self.match
        names = (self._name(0), self._name(1))
        return panel.PanelInfo(
            self.akh, self.state, names, m.outcome is not None,
            m.outcome.winner if m.outcome is not None else None, m.current_spec.is_computer,
            self.waiting_for_first_tip, self.paused, self.pulse(), self.t, self.effects.feed,
            self.closeup_rect, self.closeup_index(), frozenset(self.effects.flights),
            self.akh.free, self._controls(), self.flipped)

    def _controls(self) -> tuple[str, str]:
        """What each player tips with, for the no-turn card."""
        if self.keys is not self.input:
            return ("keyboard", "mouse")
        return tuple("computer" if p.is_computer else "you" for p in self.match.players)  # type: ignore[return-value]

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        panel.draw_closeup(self.panel_info(), surface)

    # -- pictures --------------------------------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        rules = cast(AkhimoraecRules, entry.make_rules())
        diagram(surface, rect, rules, rules.parse_position(position))

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        rules = cast(AkhimoraecRules, cls.registry_entry().make_rules())
        return menu_card(size, rules)
