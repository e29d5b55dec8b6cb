"""The frame every puzzle scene stands in: the level's title, timer, moves against par, undo,
restart, hint, the celebration with stars, progress saved, and the way to the next level.

A puzzle scene subclasses `PuzzleScene` and fills in `draw_board`, `board_event`, `solved`,
`stars`, `restart`, `undo`, `hint` (and `moves_text` for its counter). Levels come from the
game's `.tmx` files through `list_levels`, which reads them with the game's own loader
(`load_level` in its registry entry) and keeps a broken file as an entry with its
error, so the level select can name it while every other level stays playable.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine import storage
from game.engine.levels import LevelError, check_level
from game.resources import levels_dir
from game.scenes.base import Scene
from game.ui import theme
from game.ui.tween import Tweens, ease_out
from game.ui.widgets import Modal, button, draw_status

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

BOARD_AREA = pygame.Rect(16, 16, 880, 700)
SIDE = pygame.Rect(912, 16, 352, 768)
STATUS = pygame.Rect(16, 728, 880, 56)


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


def progress(app: Host) -> storage.Progress:
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


class PuzzleScene(Scene):
    """Base class of the puzzle scenes (challenge levels and free play)."""

    title = "Puzzle"

    def __init__(self, app: Host, entry: registry.GameEntry, info: LevelInfo | None,
                 free: bool = False) -> None:
        super().__init__(app)
        self.entry = entry
        self.info = info
        #: Free play: no timer pressure, no stars recorded.
        self.free = free or info is None
        self.tweens = Tweens(speed=app.settings.animation_speed)
        self.elapsed = 0.0
        self.t = 0.0
        self.is_solved = False
        self.solved_t = 0.0
        self.hints_used = 0
        self.earned = 0
        bx, by = SIDE.x, SIDE.y + 430
        self.undo_btn = button(self.ui, (bx, by, 172, 44), "Undo", "Take back a move (Ctrl+Z)")
        self.restart_btn = button(self.ui, (bx + 180, by, 172, 44), "Restart", "Start the level again (R)")
        self.hint_btn = button(self.ui, (bx, by + 52, 172, 44), "Hint", "Show a good next step (H)")
        self.solve_btn = button(self.ui, (bx + 180, by + 52, 172, 44), "Watch solution")
        self.rules_btn = button(self.ui, (bx, by + 104, 172, 44), "Rules")
        self.levels_btn = button(self.ui, (bx + 180, by + 104, 172, 44), "Levels", "Back (Esc)")
        self.next_btn = button(self.ui, (bx, by + 180, 352, 52), "Next level", object_id="#primary")
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

    def draw_board(self, surface: pygame.Surface) -> None: ...

    def board_event(self, event: pygame.event.Event) -> None: ...

    def solved(self) -> bool:
        return False

    def stars(self) -> int:
        """Stars earned right now (called once, when the puzzle is solved)."""
        return 1

    def restart(self) -> None: ...

    def undo(self) -> None: ...

    def hint(self) -> None: ...

    def watch_solution(self) -> None:
        self.app.toast("No solution to show here.", "bad")

    def moves_text(self) -> str:
        return ""

    def button_states(self) -> dict[Any, bool]:
        """Each button and whether its action would do something now: a button is enabled
        exactly then (games fill in what they know: something to undo, a hint left…)."""
        return {self.hint_btn: not self.is_solved, self.solve_btn: not self.is_solved}

    def _refresh_buttons(self) -> None:
        for b, ok in self.button_states().items():
            if ok != b.is_enabled:
                if ok:
                    b.enable()
                else:
                    b.disable()

    def has_progress(self) -> bool:
        """Work on the board that leaving would throw away (pieces laid, disks moved)."""
        return False

    def back(self) -> None:
        """Esc or "Levels": leave, but ask first when the level is under way and unsolved."""
        if self.modal is not None:
            self.modal.dismiss()
            self.modal = None
            return
        if self.is_solved or not self.has_progress():
            self.app.pop()
            return
        self.modal = Modal(self.ui, "Leave this level?",
                           "The pieces you have placed will be lost: the level starts afresh "
                           "next time.", [("Leave", lambda: self.app.later(self.app.pop)),
                                          ("Stay", lambda: None)])

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
    def extra_cards(cls, app: Host, entry: registry.GameEntry) -> list[Any]:
        """Cards the level select shows after the levels, each opening a mode of its own: objects
        with `title`, `subtitle()`, `thumbnail(size)` and `open()` (Ostomachion: "The 536")."""
        return []

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
                self.app.toast(f"Progress could not be saved: {exc}", "bad", 6)
                log.warning("progress not saved: %s", exc)
        if self.next_info() is not None:
            self.next_btn.show()

    def move_count(self) -> int | None:
        return None

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

    def status_rect(self) -> pygame.Rect | None:
        return STATUS

    def update(self, dt: float) -> None:
        self.t += dt
        self.tweens.speed = self.app.settings.animation_speed
        self.tweens.update(dt)
        if self.modal is not None and not self.modal.open:
            self.modal = None
        if not self.is_solved and self.modal is None:
            self.elapsed += dt
        self._refresh_buttons()

    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if self.shortcut(event):
            return
        self.board_event(event)

    def shortcut(self, event: pygame.event.Event) -> bool:
        """The puzzle keys every game shares: Ctrl+Z undo, H hint, R restart, Enter next."""
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.is_solved:
            self.go_next()
            return True
        action = {(pygame.K_z, True): self.undo, (pygame.K_h, False): self.hint,
                  (pygame.K_r, False): self.restart}.get((event.key, ctrl))
        if action is None:
            return False
        action()
        return True

    def refuse(self, reason: str) -> None:
        self.app.toast(reason, "bad")
        self.app.sounds.play("refuse")

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_board(surface)
        self.draw_side(surface)
        self.draw_status(surface)
        if self.is_solved:
            self.draw_celebration(surface)
        if self.modal is not None:
            self.modal.draw(surface)

    def draw_side(self, surface: pygame.Surface) -> None:
        theme.blit_text(surface, self.entry.title, (SIDE.x + 4, SIDE.y), 26, theme.ACCENT, True)
        title = self.info.title if self.info is not None else "Free play"
        theme.blit_text(surface, title, (SIDE.x + 4, SIDE.y + 36), 22, theme.TEXT, True)
        theme.blit_text(surface, self.subtitle(), (SIDE.x + 4, SIDE.y + 66), 16, theme.TEXT_DIM)
        box = pygame.Rect(SIDE.x, SIDE.y + 96, SIDE.width, 120)
        theme.panel(surface, box)
        rows = [("Time", format_time(self.elapsed) if not self.free else "untimed"),
                ("Moves", self.moves_text()), ("Par", self.par_text())]
        for i, (name, v) in enumerate(rows):
            if not v:
                continue
            y = box.y + 14 + 34 * i
            theme.blit_text(surface, name, (box.x + 16, y), 18, theme.TEXT_DIM)
            theme.blit_text(surface, v, (box.right - 16, y), 20, theme.TEXT, True, "topright")
        if self.info is not None and not self.free:
            rec = progress(self.app).record(self.entry.id, self.info.id)
            theme.blit_text(surface, "Best", (SIDE.x + 6, SIDE.y + 236), 16, theme.TEXT_DIM)
            for k in range(3):
                draw_star(surface, (SIDE.x + 80 + 30 * k, SIDE.y + 246), 11, k < rec.stars)
        self.draw_side_extra(surface, pygame.Rect(SIDE.x, SIDE.y + 270, SIDE.width, 150))

    def subtitle(self) -> str:
        """The line under the level's title."""
        return (f"Level {self.info.index + 1}" if self.info is not None else "") + (
            " · free mode, untimed" if self.free and self.info is not None else "")

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Room under the counters (Hanoi: the target picture)."""

    def status_text(self) -> tuple[str, str]:
        if self.is_solved:
            return "Solved!", f"in {format_time(self.elapsed)}"
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
        theme.blit_text(surface, "Solved!", (box.centerx, box.y + 14), 32, theme.ACCENT, True,
                        "midtop")
        for n in range(3):
            appear = min(1.0, max(0.0, (t - 0.3 - 0.25 * n) / 0.25))
            radius = 18 * (0.6 + 0.4 * ease_out(appear)) if appear > 0 else 18.0
            draw_star(surface, (box.centerx - 50 + 50 * n, box.y + 84), radius,
                      n < self.earned and appear > 0 and not self.free)
        detail = f"{format_time(self.elapsed)}" + (f" · {self.moves_text()}" if self.moves_text() else "")
        if self.hints_used:
            detail += f" · {self.hints_used} hint{'s' if self.hints_used > 1 else ''}"
        theme.blit_text(surface, detail, (box.centerx, box.bottom - 12), 17, theme.TEXT,
                        anchor="midbottom")
