"""The frame every two-player game scene stands in: board area, players, move list, buttons,
the computer thinking in its worker process, undo/redo, autosave, hints and the end of the match.

A game scene subclasses `MatchScene` and fills in four things: `draw_board`, `board_event`
(turning clicks into moves and calling `submit`), `animate(before, move, after)` and `sync()`
(put sprites where the state says, without animation). It never decides legality: `submit`
asks the rules and refuses with their reason.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine import storage
from game.engine.match import Match, SaveError
from game.engine.protocol import DisplaysMoves, IllegalMove, shown_move
from game.i18n import N_, _
from game.scenes.base import Scene
from game.scenes.frame import BOARD_AREA, SIDE, STATUS, FrameScene, Key
from game.ui import theme
from game.ui.widgets import Modal, MoveList, button, draw_status

if TYPE_CHECKING:
    from game.engine.worker import AIWorker
    from game.scenes.base import Host

log = logging.getLogger(__name__)

RESULT_DELAY = 0.9


def open_match(app: Host, match: Match, replace: bool = False, resumed: bool = False,
               **kwargs: Any) -> Scene:
    """Build the game's scene for `match` and put it on the stack (a puzzle's scene finds the
    level its match names: see the scene directory). `resumed`: the match comes from a save
    (Continue, Load), so a game whose clocks run on their own waits for the player."""
    scene = app.screens.match(match, **kwargs)
    if resumed and isinstance(scene, MatchScene):
        scene.resumed()
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    return scene


def resume_autosave(app: Host, path: Path | None = None) -> None:
    """Continue an autosaved match or puzzle; a bad file is set aside and named in a notice."""
    path = path if path is not None else storage.autosave_path()
    try:
        match = Match.load(path, app.services.games)
    except SaveError as exc:
        try:
            where = _("The file was kept as {name}.").format(name=storage.set_aside(path).name)
        except OSError as err:
            where = _("It could not be set aside ({reason}).").format(reason=storage.describe(err))
        app.toast(_("The saved match could not be loaded: {error}. {where}").format(
            error=exc, where=where), "bad", 8)
        app.sounds.play("refuse")
        log.warning("autosave refused: %s", exc)
        return
    open_match(app, match, resumed=True)


def shared_worker(app: Host) -> AIWorker:
    """The app's one worker process (see Services.worker), kept as a name for game scenes."""
    return app.services.worker


class MatchScene(FrameScene):
    """Base class of two-player game scenes."""

    title = N_("Match")
    #: Seconds between the end of the last animation and the results (a game whose last move
    #: already shows the end, like a pawn falling off, waits less).
    result_delay = RESULT_DELAY

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.entry = match.entry
        self.rules = match.rules
        self.request_id: int | None = None
        self.hint_request: int | None = None
        self.over_timer = 0.0
        self.results_shown = match.outcome is not None
        self.hint_move: Any = None
        #: a move whose man (or men) alone is ringed: a puzzle's first hint (show_start_hint)
        self.hint_start: Any = None
        self.think_started = 0.0
        self.movelist = MoveList(pygame.Rect(SIDE.x, SIDE.y + 190, SIDE.width, 330))
        bx, by = SIDE.x, SIDE.y + 536
        self.undo_btn = button(self.ui, (bx, by, 112, 44), _("Undo"),
                               _("Take back a move (Ctrl+Z)"))
        self.redo_btn = button(self.ui, (bx + 120, by, 112, 44), _("Redo"),
                               _("Replay it (Ctrl+Y)"))
        self.hint_btn = button(self.ui, (bx + 240, by, 112, 44), _("Hint"),
                               _("Suggest a move (H)"))
        self.save_btn = button(self.ui, (bx, by + 52, 172, 44), _("Save copy"),
                               _("Save this match to a file you can load later"))
        self.resign_btn = button(self.ui, (bx + 180, by + 52, 172, 44), _("Resign"))
        self.rules_btn = button(self.ui, (bx, by + 104, 172, 44), _("Rules"))
        self.menu_btn = button(self.ui, (bx + 180, by + 104, 172, 44), _("Menu"),
                               _("Leave (Esc)"))
        if self.entry.ai is None:
            self.hint_btn.disable()
        self.actions = {self.undo_btn: self.undo, self.redo_btn: self.redo,
                        self.hint_btn: self.ask_hint, self.save_btn: self.save_copy,
                        self.resign_btn: self.resign, self.menu_btn: self.back,
                        self.rules_btn: lambda: self.open_rules(self.entry)}
        self._background: pygame.Surface | None = None
        self._move_texts: tuple[Any, list[str]] = (None, [])
        self._refresh_buttons()

    # -- hooks for subclasses ----------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the board and pieces inside BOARD_AREA."""

    def board_event(self, event: pygame.event.Event) -> None:
        """Turn input into moves; call `self.submit(move)`."""

    def animate(self, before: Any, move: Any, after: Any) -> None:
        """Start the animation of `move`; default: none (sync at once)."""
        self.sync()

    def sync(self) -> None:
        """Place everything as `self.state` says (after undo, redo, load)."""

    def resumed(self) -> None:
        """The match was just read from a save: a game with running clocks opens paused, so
        no time passes before the player is back (turn-based games have nothing to do)."""

    def side_info(self, side: int) -> str:
        """A short line under a player's name (captures, pieces left…)."""
        return ""

    def move_entries(self) -> tuple[Sequence[str], bool]:
        """The move list's lines and whether they go two to a row (one move per side); games
        whose turn has several moves group them by turn."""
        return self.move_texts(), True

    def show_hint(self, move: Any) -> None:
        """Highlight a suggested move; default keeps it for draw_board to show."""
        self.hint_move = move

    def show_start_hint(self, move: Any) -> None:
        """Ring only the man (or men) a suggested move starts from, not where it goes: a
        puzzle's first hint, which must leave the move itself to find. Each game's draw_board
        draws `hint_start` its own way (while no whole move is hinted)."""
        self.hint_start = move

    def clear_selection(self) -> None:
        """Forget a half-made move (on undo, on the computer's turn)."""

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu picture: default is the diagram of the start position."""
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        entry = cls.registry_entry()
        rules = entry.make_rules()
        cls.draw_diagram(surf, surf.get_rect(), entry, rules.position_text(rules.initial_state()))
        return surf

    #: The colours that stand for the two sides in panels and on the results screen.
    SIDE_COLOURS: tuple[theme.Colour, theme.Colour] = theme.SIDE_COLOURS

    @classmethod
    def side_colour(cls, side: int) -> theme.Colour:
        """A scene's own SIDE_COLOURS, else its game entry's side_colours, else the theme's."""
        if cls.SIDE_COLOURS is theme.SIDE_COLOURS:
            try:
                own = cls.registry_entry().side_colours
            except KeyError:
                own = ()
            if own:
                r, g, b = own[side % len(own)]
                return (r, g, b)
        return cls.SIDE_COLOURS[side % 2]

    @classmethod
    def registry_entry(cls) -> registry.GameEntry:
        for e in registry.entries().values():
            if e.scene.endswith(":" + cls.__name__) and e.scene.startswith(cls.__module__):
                return e
        raise KeyError(cls.__name__)

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        """Draw a static position (rules screen, menu card)."""
        raise NotImplementedError

    # -- state ---------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def human_to_move(self) -> bool:
        return self.match.outcome is None and not self.match.is_computer_turn

    @property
    def flipped(self) -> bool:
        """Turn the board so the human to move sits at the bottom (setting, hot-seat)."""
        humans = [i for i, p in enumerate(self.match.players) if p.kind == "human"]
        if len(humans) == 1:
            return humans[0] == 1
        if len(humans) == 2 and self.app.settings.flip_board:
            return bool(self.state.to_move == 1)
        return False

    @property
    def animating(self) -> bool:
        return self.tweens.busy()

    def idle_redraw(self) -> float | None:
        """A match waiting for its player is still: what moves by itself says `in_motion`."""
        return None

    def in_motion(self) -> bool:
        """Animations, the computer thinking (its dots), the pause before the results."""
        return bool(self.tweens.busy() or self.animating or self.request_id is not None
                    or self.hint_request is not None
                    or (self.match.outcome is not None and not self.results_shown))

    # -- moves -----------------------------------------------------------------------------
    def submit(self, move: Any) -> bool:
        """A human's move: refused with the rules' reason, or played and animated."""
        if self.modal is not None or not self.human_to_move:
            return False
        reason = self.rules.check(self.state, move)
        if reason is not None:
            self.refuse(reason)
            return False
        self._play(move)
        return True

    def _play(self, move: Any) -> None:
        before = self.state
        try:
            self.match.play(move)
        except IllegalMove as exc:
            self.refuse(str(exc))
            return
        self.hint_move = None
        self.hint_start = None
        self._cancel_hint()
        self.autosave()
        self.animate(before, move, self.state)
        self._refresh_buttons()

    def autosave(self) -> None:
        path = storage.autosave_path(self.entry.id)
        try:
            if self.match.outcome is None:
                self.match.save(path)
            else:
                path.unlink(missing_ok=True)
        except Exception as exc:  # never lose the game to a failed save: say it, log it
            if not storage.already_told(exc):  # an unwritable folder is said once, at start
                self.app.toast(_("Autosave failed: {error}").format(error=storage.describe(exc)),
                               "bad", 6)
            log.warning("autosave failed: %s", exc, exc_info=not isinstance(exc, OSError))

    def undo(self) -> None:
        if not self.match.can_undo:
            self.refuse(_("Nothing to undo."))
            return
        self._cancel_thinking()
        self.tweens.finish_all()
        self.match.undo_turn()  # against the computer: back to the human's last turn
        self.results_shown = self.match.outcome is not None
        self.over_timer = 0.0
        self.hint_move = None
        self.hint_start = None
        self.clear_selection()
        self.sync()
        self.autosave()
        self.app.sounds.play("slide")
        self._refresh_buttons()

    def redo(self) -> None:
        if not self.match.can_redo:
            self.refuse(_("Nothing to redo."))
            return
        self._cancel_thinking()
        self.tweens.finish_all()
        before = self.state
        self.match.redo()
        self.clear_selection()
        self.animate(before, self.match.moves[-1], self.state)
        self.autosave()
        self._refresh_buttons()

    def resign(self) -> None:
        to_move = self.state.to_move  # the human who resigns: the one to move, else the first
        side = to_move if self.match.players[to_move].kind == "human" else next(
            (i for i, p in enumerate(self.match.players) if p.kind == "human"), self.state.to_move)

        def confirmed() -> None:
            self._cancel_thinking()
            self.match.resign(side)
            self.autosave()
            self._refresh_buttons()

        self.modal = Modal(self.ui, _("Resign?"), _("{player} resigns and loses this match.").format(
            player=self.name_of(side)),
            [(_("Resign"), confirmed), (_("Play on"), lambda: None)])

    # -- computer -------------------------------------------------------------------------
    def _level_seconds(self, level: str) -> float:
        return self.entry.think_time(level)

    def _request(self, level: str, seconds: float | None = None) -> int:
        m = self.match
        secs = self._level_seconds(level) if seconds is None else seconds
        return shared_worker(self.app).request(
            m.entry.id, m.variant, dict(m.options), m.start, list(m.notation), level,
            secs, seed=len(m.moves) * 7919 + int(self.t * 1000))

    def _cancel_thinking(self) -> None:
        if self.request_id is not None or self.hint_request is not None:
            shared_worker(self.app).cancel()
        self.request_id = None
        self.hint_request = None

    def _cancel_hint(self) -> None:
        if self.hint_request is not None:
            shared_worker(self.app).cancel()
            self.hint_request = None

    def ask_hint(self) -> None:
        if self.entry.ai is None or not self.human_to_move or self.hint_request is not None:
            return
        level, seconds = self.entry.hint_level()
        self.hint_request = self._request(level, seconds)
        self.app.toast(_("Thinking of a good move…"), "info", 1.5)

    def _poll_worker(self) -> None:
        if self.request_id is None and self.hint_request is None:
            return
        reply = shared_worker(self.app).poll()
        if reply is None:
            return
        if reply.error or reply.move is None:
            self.request_id = self.hint_request = None
            self.app.toast(_("The computer failed: {error}").format(
                error=reply.error or _("no move")), "bad", 8)
            log.error("AI error: %s", reply.error)
            return
        try:
            move = self.rules.parse_move(self.state, reply.move)
        except IllegalMove as exc:
            self.request_id = self.hint_request = None
            self.app.toast(_("The computer suggested an illegal move ({reason})").format(
                reason=exc), "bad", 8)
            return
        if reply.request_id == self.hint_request:
            self.hint_request = None
            self.show_hint(move)
            self.app.sounds.play("click")
        elif reply.request_id == self.request_id:
            self.request_id = None
            self._play(move)

    # -- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tick(dt)
        self._poll_worker()
        m = self.match
        if (m.outcome is None and m.is_computer_turn and self.request_id is None
                and not self.animating and self.modal is None):
            level = m.current_spec.level or self.entry.default_level
            self.request_id = self._request(level)
            self.think_started = self.t
        if m.outcome is not None and not self.results_shown and not self.animating:
            self.over_timer += dt
            if self.over_timer >= self.result_delay:
                self.results_shown = True
                self._refresh_buttons()
                self.show_results()
        self._refresh_buttons()

    def show_results(self) -> None:
        snap = pygame.Surface(theme.SIZE)
        self.draw(snap)
        self.app.push(self.app.screens.results(self.match, snap))

    def button_states(self) -> dict[Any, bool]:
        """Each button and whether its action would do something now: a button is enabled
        exactly then (games add theirs, or narrow these: no hint while paused…)."""
        m = self.match
        return {self.undo_btn: m.can_undo, self.redo_btn: m.can_redo,
                self.resign_btn: m.outcome is None,
                self.hint_btn: (self.entry.ai is not None and self.human_to_move
                                and self.hint_request is None)}

    def save_copy(self) -> None:
        try:
            path = storage.new_save_path(self.entry.id)
            self.match.save(path)
        except Exception as exc:  # a full disk or a bad value: told and logged, play goes on
            self.app.toast(_("Could not save: {error}").format(error=storage.describe(exc)),
                           "bad", 6)
            log.warning("save copy failed: %s", exc, exc_info=not isinstance(exc, OSError))
            return
        self.app.toast(_("Saved as {path}").format(path=path), "good", 5)

    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if self.movelist.handle(event) or self.shortcut(event):
            return
        if self.human_to_move and not self.animating:
            self.board_event(event)

    def shortcuts(self) -> dict[Key, Callable[[], None]]:
        """The match keys every game shares: Ctrl+Z undo, Ctrl+Y redo, H hint."""
        return {(pygame.K_z, True): self.undo, (pygame.K_y, True): self.redo,
                (pygame.K_h, False): self.ask_hint}

    def back(self) -> None:
        if self.dismiss_modal():
            return
        if self.match.outcome is not None or not self.match.moves:
            self.leave_match()
            return
        self.modal = Modal(self.ui, _("Leave the match?"),
                           _("It is saved: Continue on the main menu resumes it."),
                           [(_("Leave"), self.leave_match), (_("Stay"), lambda: None)])

    def leave_match(self) -> None:
        self.app.later(self.app.pop_to_menu)

    def close(self) -> None:
        self._cancel_thinking()
        if self.match.moves:
            self.autosave()

    # -- drawing -----------------------------------------------------------------------
    def paint_background(self, surface: pygame.Surface) -> None:
        """The unchanging part of the screen, painted once (override to add a board's wood)."""
        surface.fill(theme.BG)
        theme.panel(surface, BOARD_AREA, theme.BG_DEEP, 14)

    def draw_background(self, surface: pygame.Surface) -> None:
        if self._background is None:
            self._background = pygame.Surface(theme.SIZE).convert()
            self.paint_background(self._background)
        surface.blit(self._background, (0, 0))

    def draw_side(self, surface: pygame.Surface) -> None:
        m = self.match
        theme.blit_text(surface, _(self.entry.title), (SIDE.x + 4, SIDE.y), 26, theme.ACCENT,
                        True)
        variant = next((_(v.title) for v in self.entry.variants if v.id == m.variant), m.variant)
        theme.blit_text(surface, variant, (SIDE.x + 4, SIDE.y + 34), 16, theme.TEXT_DIM)
        for i, p in enumerate(m.players[:2]):
            r = pygame.Rect(SIDE.x, SIDE.y + 60 + i * 62, SIDE.width, 56)
            active = i in m.movers  # the side to move (both, in real time without turns)
            theme.panel(surface, r, theme.PANEL_LIGHT if active else theme.PANEL, 10,
                        theme.ACCENT if active else theme.LINE)
            self.draw_side_marker(surface, i, (r.x + 24, r.centery))
            shown = self.name_of(i)
            name = shown if len(shown) <= 22 else shown[:21] + "…"
            theme.blit_text(surface, name, (r.x + 48, r.y + 8), 19, theme.TEXT, active)
            info = self.side_info(i)
            if p.kind == "computer":
                level = registry.level_title(p.level or "").lower()
                info = (_("computer, {level} · {info}").format(level=level, info=info) if info
                        else _("computer, {level}").format(level=level))
            if active and p.kind == "computer" and self.request_id is not None:
                dots = "." * (1 + int(self.t * 3) % 3)
                info = _("thinking") + dots

            theme.blit_text(surface, info, (r.x + 48, r.y + 31), 16, theme.TEXT_DIM)
        entries, two_columns = self.move_entries()
        self.movelist.draw(surface, entries, len(entries), two_columns)

    def move_text(self, move: Any, state: Any = None) -> str:
        """A move as players read it: the rules' `display_move` where the game has one, else
        its notation (files and tools always keep the exact notation)."""
        return shown_move(self.rules, self.state if state is None else state, move)

    def move_texts(self) -> list[str]:
        """Every move played, as `move_text` writes it (worked out again only after a change)."""
        m = self.match
        key = (len(m.moves), m.notation[-1:])
        if self._move_texts[0] != key:
            if not isinstance(self.rules, DisplaysMoves):
                # move_text is the notation the match keeps: no position is asked again
                self._move_texts = (key, list(m.notation))
                return self._move_texts[1]
            states = m.states
            self._move_texts = (key, [self.move_text(mv, states[i])
                                      for i, mv in enumerate(m.moves)])
        return self._move_texts[1]

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        """The little piece shown beside a player's name; games override with their own piece."""
        colour = self.side_colour(side)
        surface.blit(theme.sphere(13, colour, ("dot", "ring")[side % 2]),
                     theme.sphere(13, colour).get_rect(center=centre))

    def status_text(self) -> tuple[str, str]:
        m = self.match
        if m.outcome is not None:
            out = m.outcome
            if out.winner is None:
                return _("Draw"), out.reason
            return _("{player} wins").format(player=self.name_of(out.winner)), out.reason
        p = m.current_spec
        name = registry.player_name(self.entry, p.name)
        if p.kind == "computer":
            dots = "." * (1 + int(self.t * 3) % 3)
            return _("{player} is thinking").format(player=name) + dots, ""
        return _("{player} to move").format(player=name), ""

    def name_of(self, side: int) -> str:
        """A player's name as shown: a side's own name in the current language."""
        return registry.player_name(self.entry, self.match.players[side].name)


    def draw_status(self, surface: pygame.Surface) -> None:
        left, right = self.status_text()
        side = self.state.to_move if self.match.outcome is None else self.match.outcome.winner
        marker = self.side_colour(side) if side is not None else None
        draw_status(surface, STATUS, left, right, theme.TEXT, marker)

    def pulse(self) -> float:
        """0..1 breathing value for highlights."""
        return 0.5 + 0.5 * math.sin(self.t * 4)
