"""The frame every puzzle scene stands in: the level's title, timer, moves against par, undo,
restart, hint, the celebration with stars, progress saved, and the way to the next level.

A puzzle scene subclasses `PuzzleScene` and fills in `draw_board`, `board_event`, `stars`,
`hint` (and `moves_text` for its counter). Levels come from the game's `.tmx` files through
`list_levels`, which reads them with the game's own loader (`load_level` in its
registry entry) and keeps a broken file as an entry with its error, so the level select can
name it while every other level stays playable.

The session (see `PuzzleScene`): a puzzle's moves live in `self.match`, the engine's `Match`
with one player, so undo, redo, restart, the autosave and saves replayed through the rules are
the same code as a two-player match's.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine import progress as progress_file
from game.engine import storage
from game.engine.levels import LevelError, check_level
from game.engine.match import LEVEL_OPTION, Match
from game.i18n import N_, _, ngettext
from game.resources import levels_dir
from game.scenes.frame import BOARD_AREA, SIDE, STATUS, FrameScene, Key
from game.ui import theme
from game.ui.tween import ease_out
from game.ui.widgets import Modal, button, draw_status

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

#: How a session's history changed, as `PuzzleScene.changed` is told.
CHANGES = ("undo", "redo", "restart", "resume")


@dataclass(frozen=True)
class LevelInfo:
    """One level file as the level select sees it: loaded, or refused with the reason."""

    id: str
    index: int
    path: Path
    title: str
    level: Any | None
    error: str | None = None


_LEVELS: dict[str, list[LevelInfo]] = {}


def list_levels(entry: registry.GameEntry, refresh: bool = False) -> list[LevelInfo]:
    """Every level of a puzzle game, in file-name order, each loaded or with its error."""
    if entry.id in _LEVELS and not refresh:
        return _LEVELS[entry.id]
    folder = levels_dir(entry.levels_dir or entry.id)
    out: list[LevelInfo] = []
    for i, path in enumerate(sorted(folder.glob("*.tmx"))):
        try:
            # what tools/validate_levels.py refuses is refused here too
            level = check_level(entry, path, folder.parent)
            title = getattr(level, "title", None) or path.stem.replace("-", " ").strip("0123456789 ")
            out.append(LevelInfo(path.stem, i, path, title, level))
        except (LevelError, ValueError, OSError) as exc:
            log.warning("level refused: %s", exc)
            out.append(LevelInfo(path.stem, i, path, path.stem, None, str(exc)))
        except Exception as exc:  # a loader's bug met by a strange file: logged, level refused
            log.exception("level %s could not be loaded", path)
            out.append(LevelInfo(path.stem, i, path, path.stem, None,
                                 f"{path.name}: {type(exc).__name__}: {exc}"))
    _LEVELS[entry.id] = out
    return out


def level_name(match: Match) -> str:
    """The level a puzzle's match plays, as a list of saves names it ("Four Disks, level 2",
    or "free play")."""
    info = next((lv for lv in list_levels(match.entry)
                 if lv.error is None and lv.id == match.level), None)
    return _("free play") if info is None else _("{title}, level {number}").format(
        title=_(info.title), number=info.index + 1)


def progress(app: Host) -> progress_file.Progress:
    """The app's puzzle progress (see Services.progress), kept as a name for puzzle scenes."""
    return app.services.progress


def draw_star(surface: pygame.Surface, centre: tuple[float, float], r: float, filled: bool,
              colour: theme.Colour = theme.ACCENT) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((centre[0] + rad * math.cos(a), centre[1] + rad * math.sin(a)))
    if filled:
        pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, colour if filled else theme.LINE, pts, 2)


def format_time(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


class PuzzleScene(FrameScene):
    """Base class of the puzzle scenes (challenge levels and free play).

    The session, for a puzzle whose rules have `play`, `to_notation`, `parse_move` and
    `solved` (or `outcome`):

    - `start_match(options)` begins a fresh attempt: `self.match` becomes a one-player `Match`
      of this game with those rules options (the level's id is added under "level", so a
      save names its level; a game that declares a "level" option itself, as Tangram does,
      gets its rules made with it). Call it again for a new set-up (a free-play change).
    - `commit(move)` plays a move the scene has checked (`IllegalMove` if the rules refuse),
      then autosaves; the scene animates it itself. `self.state` is the match's position.
    - `undo()`, `redo()`, `restart()` (buttons, Ctrl+Z, Ctrl+Y, R) go through the match and
      autosave, then call `changed(before, move, how)` with the position before, the move
      taken back or played again (None for "restart" and "resume") and how: the scene puts
      its pieces where `self.state` says, animated or not. Override them to tidy the scene's
      own state first (a lifted piece), then call the base.
    - The autosave is `autosaves/<game>.json` (one per game, as for matches): written after
      every change while the puzzle is under way and on closing, removed once it is solved or
      back at its start. Continue on the menu reloads it (the moves replayed through the
      rules) and `for_match` opens the level it names, then `resume(match)` takes the match
      over; `prepare(match)` is the scene's hook to set itself up for the match's options
      first (Hanoi: the pegs and disks of a free-play puzzle).
    - `notes()` / `read_notes(notes)`: the little kept with the save besides the moves (the
      clock, the hints used; a game adds its own keys and calls the base).

    Hanoi is the worked example (game/games/hanoi/scene.py). A scene that keeps its own history
    (Tangram and Ostomachion until they move: `self.match` stays None) overrides `undo`,
    `restart` and `state` itself; the autosave then does nothing.
    """

    title = N_("Puzzle")

    def __init__(self, app: Host, entry: registry.GameEntry, info: LevelInfo | None,
                 free: bool = False) -> None:
        super().__init__(app)
        self.entry = entry
        self.info = info
        #: Free play: no timer pressure, no stars recorded.
        self.free = free or info is None
        #: The session on the engine (None until `start_match`; see the class text).
        self.match: Match | None = None
        #: Whether this scene wrote (or resumed) the game's autosave, so it may remove it.
        self._owns_autosave = False
        self.elapsed = 0.0
        self.is_solved = False
        self.solved_t = 0.0
        self.hints_used = 0
        self.earned = 0
        bx, by = SIDE.x, SIDE.y + 430
        self.undo_btn = button(self.ui, (bx, by, 172, 44), _("Undo"),
                               _("Take back a move (Ctrl+Z)"))
        self.restart_btn = button(self.ui, (bx + 180, by, 172, 44), _("Restart"),
                                  _("Start the level again (R)"))
        self.hint_btn = button(self.ui, (bx, by + 52, 172, 44), _("Hint"),
                               _("Show a good next step (H)"))
        self.solve_btn = button(self.ui, (bx + 180, by + 52, 172, 44), _("Watch solution"))
        self.rules_btn = button(self.ui, (bx, by + 104, 172, 44), _("Rules"))
        self.levels_btn = button(self.ui, (bx + 180, by + 104, 172, 44), _("Levels"),
                                 _("Back (Esc)"))
        self.next_btn = button(self.ui, (bx, by + 180, 352, 52), _("Next level"),
                               object_id="#primary")
        self.next_btn.hide()
        self.actions = {self.undo_btn: self.undo, self.restart_btn: self.restart,
                        self.hint_btn: self.hint, self.solve_btn: self.watch_solution,
                        self.levels_btn: self.back, self.next_btn: self.go_next,
                        self.rules_btn: lambda: self.open_rules(self.entry)}

    # -- hooks ----------------------------------------------------------------------------
    @classmethod
    def for_level(cls, app: Host, entry: registry.GameEntry, level: str | int | None = None,
                  **kwargs: Any) -> PuzzleScene:
        """The scene for a level given by index or file stem (None: the first level)."""
        levels = [lv for lv in list_levels(entry) if lv.error is None]
        info: LevelInfo | None = None
        if levels:
            if level is None:
                info = levels[0]
            elif isinstance(level, int) or str(level).isdigit():
                info = levels[min(len(levels) - 1, int(level))]
            else:
                info = next((lv for lv in levels if lv.id == level or lv.id.endswith(str(level))),
                            levels[0])
        return cls(app, entry, info, **{k: v for k, v in kwargs.items()
                                        if k not in ("variant", "position")})

    @classmethod
    def for_match(cls, app: Host, match: Match, **kwargs: Any) -> PuzzleScene:
        """The scene that resumes `match` (Continue, a loaded save): its level when the level
        is still there (else the same puzzle as free play), the match taken over by `resume`."""
        if match.entry.kind != "puzzle":
            raise ValueError(f"{match.entry.title} is not a puzzle")
        info = next((lv for lv in list_levels(match.entry)
                     if lv.error is None and lv.id == match.level), None)
        scene = cls(app, match.entry, info, free=bool(match.notes.get("free")), **kwargs)
        scene.resume(match)
        return scene

    def board_event(self, event: pygame.event.Event) -> None: ...

    def solved(self) -> bool:
        """Whether the puzzle is solved now (on the engine: the match has its outcome)."""
        return self.match is not None and self.match.outcome is not None

    def stars(self) -> int:
        """Stars earned right now (called once, when the puzzle is solved)."""
        return 1

    def hint(self) -> None: ...

    # -- the session (see the class text) ---------------------------------------------------
    @property
    def state(self) -> Any:
        """The position on the board: the match's."""
        assert self.match is not None, "start_match first (or override `state`)"
        return self.match.state

    def start_match(self, options: Mapping[str, Any], start: str | None = None) -> Match:
        """Begin a fresh attempt on the engine with these rules options (the level's id is
        added, so the save names its level); the scene's own set-up follows."""
        opts = dict(options)
        if self.info is not None:
            opts[LEVEL_OPTION] = self.info.id
        self.match = Match(self.entry, options=opts, start=start)
        return self.match

    def commit(self, move: Any) -> None:
        """Play a move the scene has checked; IllegalMove if the rules refuse it after all.
        The autosave follows; the scene animates the move itself."""
        assert self.match is not None
        self.match.play(move)
        self.autosave()

    def changed(self, before: Any, move: Any, how: str) -> None:
        """The history changed under the scene (`how` is one of CHANGES): put the pieces
        where `self.state` says, from `before`, animated or not. `move` is the move taken
        back ("undo") or played again ("redo"); None for "restart" and "resume"."""

    def undo(self) -> None:
        """Take back the last move (Ctrl+Z, Undo)."""
        if self.match is None:
            return
        if not self.match.moves:
            self.app.toast(_("Nothing to undo."), "info")
            return
        before, move = self.match.state, self.match.moves[-1]
        self.match.undo()
        self.reset_solved()
        self.autosave()
        self.changed(before, move, "undo")

    def redo(self) -> None:
        """Play again the last move taken back (Ctrl+Y)."""
        if self.match is None:
            return
        if not self.match.can_redo:
            self.app.toast(_("Nothing to redo."), "info")
            return
        before = self.match.state
        self.match.redo()
        self.autosave()
        self.changed(before, self.match.moves[-1], "redo")

    def restart(self) -> None:
        """Start the attempt again (R, Restart): every move taken back, clock and hints
        reset, nothing left to redo."""
        if self.match is None:
            return
        before = self.match.state
        self.match.restart()
        self.elapsed = 0.0
        self.hints_used = 0
        self.reset_solved()
        self.autosave()
        self.changed(before, None, "restart")

    def prepare(self, match: Match) -> None:
        """Set the scene up for `match`'s options before `resume` takes it over (a game whose
        board depends on them lays it out again here)."""

    def resume(self, match: Match) -> None:
        """Take over a loaded match (Continue): its moves, clock and hints."""
        if match.entry.id != self.entry.id:
            raise ValueError(f"a {match.entry.title} match cannot resume {self.entry.title}")
        self.prepare(match)
        before = self.match.state if self.match is not None else match.states[0]
        self.match = match
        self._owns_autosave = True
        self.read_notes(match.notes)
        self.reset_solved()
        self.changed(before, None, "resume")

    def notes(self) -> dict[str, Any]:
        """What the save keeps besides the moves (plain JSON values)."""
        out: dict[str, Any] = {"seconds": round(self.elapsed, 1), "hints": self.hints_used}
        if self.free and self.info is not None:
            out["free"] = True
        return out

    def read_notes(self, notes: Mapping[str, Any]) -> None:
        """Restore what `notes` kept (values of a strange kind are ignored)."""
        seconds, hints = notes.get("seconds"), notes.get("hints")
        if isinstance(seconds, int | float) and not isinstance(seconds, bool) and seconds >= 0:
            self.elapsed = float(seconds)
        if isinstance(hints, int) and not isinstance(hints, bool) and hints >= 0:
            self.hints_used = hints

    def autosave(self) -> None:
        """Keep the attempt in the game's autosave while it is under way; remove the file once
        solved or back at the start (only if this scene wrote it: opening a level must not
        throw away another level's unfinished attempt). A failed write is said, never fatal."""
        match = self.match
        if match is None:
            return
        path = storage.autosave_path(self.entry.id)
        try:
            if match.moves and match.outcome is None:
                match.notes = self.notes()
                match.save(path)
                self._owns_autosave = True
            elif self._owns_autosave:
                path.unlink(missing_ok=True)
                self._owns_autosave = False
        except Exception as exc:  # never lose the puzzle to a failed save: say it, log it
            if not storage.already_told(exc):  # an unwritable folder is said once, at start
                self.app.toast(_("Autosave failed: {error}").format(error=storage.describe(exc)),
                               "bad", 6)
            log.warning("autosave failed: %s", exc, exc_info=not isinstance(exc, OSError))

    def close(self) -> None:
        """Leaving for good (or the window closing): the clock is saved with the moves."""
        self.autosave()

    def watch_solution(self) -> None:
        self.app.toast(_("No solution to show here."), "bad")

    def moves_text(self) -> str:
        return ""

    def button_states(self) -> dict[Any, bool]:
        """Each button and whether its action would do something now: a button is enabled
        exactly then (games fill in what they know: something to undo, a hint left…)."""
        states = {self.hint_btn: not self.is_solved, self.solve_btn: not self.is_solved}
        if self.match is not None:
            states[self.undo_btn] = states[self.restart_btn] = bool(self.match.moves)
        return states

    def has_progress(self) -> bool:
        """Work on the board that leaving would leave unfinished (pieces laid, disks moved)."""
        return self.match is not None and bool(self.match.moves)

    def back(self) -> None:
        """Esc or "Levels": leave, but ask first when the level is under way and unsolved."""
        if self.dismiss_modal():
            return
        if self.is_solved or not self.has_progress():
            self.app.pop()
            return
        text = (_("It is saved: Continue on the main menu resumes it.") if self.match is not None
                else _("The pieces you have placed will be lost: the level starts afresh next "
                       "time."))
        self.modal = Modal(self.ui, _("Leave this level?"), text,
                           [(_("Leave"), lambda: self.app.later(self.app.pop)),
                            (_("Stay"), lambda: None)])

    def par_text(self) -> str:
        return ""

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        return surf

    @classmethod
    def level_thumbnail(cls, info: LevelInfo, size: tuple[int, int]) -> pygame.Surface | None:
        """A small picture of a level for the level select (None: text only)."""
        return None

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        raise NotImplementedError

    # -- flow -------------------------------------------------------------------------------
    def check_solved(self) -> None:
        """Call after every change: records the solve once, with stars and time."""
        if self.is_solved or not self.solved():
            return
        self.is_solved = True
        self.solved_t = self.t
        self.earned = self.stars()
        self.app.sounds.play("win")
        if self.info is not None and not self.free:
            prog = progress(self.app)
            prog.solve(self.entry.id, self.info.id, stars=self.earned,
                       moves=self.move_count(), seconds=self.elapsed)
            try:
                prog.save()
            except (OSError, ValueError) as exc:  # FileLocked: a file this run could not read
                if not storage.already_told(exc):
                    self.app.toast(_("Progress could not be saved: {error}").format(
                        error=storage.describe(exc)), "bad", 6)
                log.warning("progress not saved: %s", exc)
        if self.next_info() is not None:
            self.next_btn.show()
        self.autosave()  # solved: nothing left to resume

    def move_count(self) -> int | None:
        return self.match.ply if self.match is not None else None

    def reset_solved(self) -> None:
        self.is_solved = False
        self.next_btn.hide()

    def next_info(self) -> LevelInfo | None:
        if self.info is None or self.free:
            return None
        levels = list_levels(self.entry)
        for lv in levels[self.info.index + 1:]:
            if lv.error is None:
                return lv
        return None

    def go_next(self) -> None:
        nxt = self.next_info()
        if nxt is None:
            return
        self.app.sounds.play("click")
        self.app.replace(type(self)(self.app, self.entry, nxt))

    # -- frame ------------------------------------------------------------------------------
    def in_motion(self) -> bool:
        """Animations and the celebration; the level's clock shows whole seconds, which the
        app's idle redraws keep up with."""
        return bool(self.tweens.busy() or (self.is_solved and self.t - self.solved_t < 3.0))

    def idle_redraw(self) -> float | None:
        """The level's clock shows whole seconds while it runs: drawn again as the next one
        begins (a few milliseconds past, so it surely shows); else the screen is still."""
        if self.free or self.is_solved or self.modal is not None:
            return None
        return 1.0 - self.elapsed % 1.0 + 0.005

    def idle_region(self) -> pygame.Rect | None:
        """The clock's row of the side panel (see draw_side)."""
        return pygame.Rect(SIDE.x, SIDE.y + 100, SIDE.width, 40)

    def update(self, dt: float) -> None:
        self.tick(dt)
        if not self.is_solved and self.modal is None:
            self.elapsed += dt
        self._refresh_buttons()

    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if self.shortcut(event):
            return
        self.board_event(event)

    def shortcuts(self) -> dict[Key, Callable[[], None]]:
        """The puzzle keys every game shares: Ctrl+Z undo, Ctrl+Y redo, H hint, R restart,
        Enter the next level once solved."""
        keys: dict[Key, Callable[[], None]] = {
            (pygame.K_z, True): self.undo, (pygame.K_y, True): self.redo,
            (pygame.K_h, False): self.hint, (pygame.K_r, False): self.restart}
        if self.is_solved:
            keys[(pygame.K_RETURN, False)] = keys[(pygame.K_KP_ENTER, False)] = self.go_next
        return keys

    # -- drawing ------------------------------------------------------------------------------
    def draw_over(self, surface: pygame.Surface) -> None:
        if self.is_solved:
            self.draw_celebration(surface)

    def draw_side(self, surface: pygame.Surface) -> None:
        theme.blit_text(surface, _(self.entry.title), (SIDE.x + 4, SIDE.y), 26, theme.ACCENT,
                        True)
        title = _(self.info.title) if self.info is not None else _("Free play")
        theme.blit_text(surface, title, (SIDE.x + 4, SIDE.y + 36), 22, theme.TEXT, True)
        theme.blit_text(surface, self.subtitle(), (SIDE.x + 4, SIDE.y + 66), 16, theme.TEXT_DIM)
        box = pygame.Rect(SIDE.x, SIDE.y + 96, SIDE.width, 120)
        theme.panel(surface, box)
        rows = [(_("Time"), format_time(self.elapsed) if not self.free else _("untimed")),
                (_("Moves"), self.moves_text()), (_("Par"), self.par_text())]
        for i, (name, v) in enumerate(rows):
            if not v:
                continue
            y = box.y + 14 + 34 * i
            theme.blit_text(surface, name, (box.x + 16, y), 18, theme.TEXT_DIM)
            theme.blit_text(surface, v, (box.right - 16, y), 20, theme.TEXT, True, "topright")
        if self.info is not None and not self.free:
            rec = progress(self.app).record(self.entry.id, self.info.id)
            theme.blit_text(surface, _("Best"), (SIDE.x + 6, SIDE.y + 236), 16, theme.TEXT_DIM)
            for k in range(3):
                draw_star(surface, (SIDE.x + 80 + 30 * k, SIDE.y + 246), 11, k < rec.stars)
        self.draw_side_extra(surface, pygame.Rect(SIDE.x, SIDE.y + 270, SIDE.width, 150))

    def subtitle(self) -> str:
        """The line under the level's title."""
        if self.info is None:
            return ""
        level = _("Level {number}").format(number=self.info.index + 1)
        return _("{level} · free mode, untimed").format(level=level) if self.free else level

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Room under the counters (Hanoi: the target picture)."""

    def status_text(self) -> tuple[str, str]:
        if self.is_solved:
            return _("Solved!"), _("in {time}").format(time=format_time(self.elapsed))
        return "", ""

    def draw_status(self, surface: pygame.Surface) -> None:
        left, right = self.status_text()
        draw_status(surface, STATUS, left, right)

    def draw_celebration(self, surface: pygame.Surface) -> None:
        t = self.t - self.solved_t
        a = ease_out(min(1.0, t / 0.5))
        box = pygame.Rect(0, 0, 420, 150)
        box.midtop = (BOARD_AREA.centerx, int(BOARD_AREA.y + 20 - 40 * (1 - a)))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.BG_DEEP, 230), panel.get_rect(), border_radius=16)
        pygame.draw.rect(panel, theme.ACCENT, panel.get_rect(), 2, border_radius=16)
        panel.set_alpha(int(255 * a))
        surface.blit(panel, box)
        theme.blit_text(surface, _("Solved!"), (box.centerx, box.y + 14), 32, theme.ACCENT, True,
                        "midtop")
        for n in range(3):
            appear = min(1.0, max(0.0, (t - 0.3 - 0.25 * n) / 0.25))
            radius = 18 * (0.6 + 0.4 * ease_out(appear)) if appear > 0 else 18.0
            draw_star(surface, (box.centerx - 50 + 50 * n, box.y + 84), radius,
                      n < self.earned and appear > 0 and not self.free)
        detail = f"{format_time(self.elapsed)}" + (f" · {self.moves_text()}" if self.moves_text() else "")
        if self.hints_used:
            detail += " · " + ngettext("{n} hint", "{n} hints", self.hints_used).format(
                n=self.hints_used)

        theme.blit_text(surface, detail, (box.centerx, box.bottom - 12), 17, theme.TEXT,
                        anchor="midbottom")
