"""The Towers of Hanoi screen: wooden pegs, numbered disks that lift, fly and land, hints, the
optimal solution played from anywhere, challenge levels and a free-play set-up.

The rules decide every move (`rules.check` gives the reason for a refusal) and the solver gives
hints and the solution; this module only lays the puzzle out, animates it and turns clicks, drags
and keys into moves. The solver imports numpy (0.4 s) and, on four pegs, builds a table of every
configuration (up to 2 s for ten disks), so it is made ready in a background thread when a puzzle
opens; until then the screen says "preparing hints…" and never waits for it.
"""

from __future__ import annotations

import colorsys
import importlib
import logging
import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui

from game import registry
from game.games.hanoi.levels import HanoiLevel
from game.games.hanoi.levels import stars as level_stars
from game.games.hanoi.rules import (
    MAX_DISKS,
    MIN_DISKS,
    PEG_LETTERS,
    HanoiMove,
    HanoiRules,
    HanoiState,
    format_position,
    parse_position_text,
)
from game.scenes.puzzle_base import BOARD_AREA, SIDE, LevelInfo, PuzzleScene
from game.ui import marks, theme
from game.ui.tween import Easing, Tween, ease_in_out, ease_out, lerp, linear, shake
from game.ui.widgets import MoveList, button

if TYPE_CHECKING:
    from game.scenes.base import Host

T = TypeVar("T")
Point = tuple[float, float]

#: Where the pegs stand: under the header (goal, note or free-play set-up), above the labels.
PLAY = pygame.Rect(BOARD_AREA.x + 24, BOARD_AREA.y + 112, BOARD_AREA.width - 48, 468)
LABEL_Y = PLAY.bottom + 26
#: Clicks in this band pick or drop on the peg of the column under the pointer.
COLUMNS = pygame.Rect(
    BOARD_AREA.x, BOARD_AREA.y + 100, BOARD_AREA.width, LABEL_Y + 30 - 100 - BOARD_AREA.y
)

#: Free-play starts and targets: (id, label in the drop-down).
FREE_KINDS: tuple[tuple[str, str], ...] = (
    ("classic", "Tower A to the last peg"),
    ("middle", "Tower A to peg B"),
    ("gather", "Scramble to a tower"),
    ("spread", "Tower to a scramble"),
    ("shuffle", "Scramble to scramble"),
)
SCRAMBLED = {"gather", "spread", "shuffle"}
#: x of each free-play control inside the board (its label sits just left of it).
FP_X = {"pegs": 78, "minus": 248, "plus": 334, "kind": 480, "shuffle": 728}

PEG_KEYS = {
    pygame.K_1: 0,
    pygame.K_2: 1,
    pygame.K_3: 2,
    pygame.K_4: 3,
    pygame.K_KP1: 0,
    pygame.K_KP2: 1,
    pygame.K_KP3: 2,
    pygame.K_KP4: 3,
    pygame.K_a: 0,
    pygame.K_b: 1,
    pygame.K_c: 2,
    pygame.K_d: 3,
}

# -- the solver, made ready off the render loop ---------------------------------------------------

#: The solver's table cache is not thread-safe: whoever calls it holds this lock. The render
#: loop only ever tries it without blocking and shows "preparing hints…" when it is taken.
_SOLVER_LOCK = threading.Lock()
_solver_module: ModuleType | None = None


def _load_solver() -> ModuleType:
    global _solver_module
    if _solver_module is None:
        _solver_module = importlib.import_module("game.games.hanoi.solver")
    return _solver_module


def warm_solver() -> None:
    """Import the solver (and numpy) now, once, if it is not loaded yet.

    Importing numpy holds the interpreter for a few tenths of a second; done in a thread it
    stuttered the frames around it. The level select calls this (through `level_thumbnail`)
    while it is being built, so the cost falls in the screen change, never in an animation.
    """
    if _solver_module is not None:
        return
    with _SOLVER_LOCK:
        _load_solver()


class SolverPrep:
    """Imports the solver and builds the distance table of a puzzle in a background thread.

    numpy releases the GIL in its large array operations, so frames keep coming meanwhile.
    """

    def __init__(self, pegs: int, start: tuple[int, ...], target: tuple[int, ...]) -> None:
        self.pegs, self.start, self.target = pegs, start, target
        self.ready = threading.Event()
        self.cancelled = False
        self.par: int | None = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, name="hanoi-solver", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            with _SOLVER_LOCK:
                solver = _load_solver()
                if self.cancelled:  # the puzzle changed while waiting: skip a useless table
                    return
                if self.pegs == 4:
                    solver.distance_table(4, self.target)
                self.par = int(solver.distance(self.pegs, self.start, self.target))
        except Exception as exc:  # a hint is a help, never a reason to break the screen
            logging.getLogger(__name__).warning("Hanoi solver failed", exc_info=True)
            self.error = str(exc) or type(exc).__name__
        finally:
            self.ready.set()

    def cancel(self) -> None:
        self.cancelled = True

    def ask(self, question: Callable[[ModuleType], T]) -> T | None:
        """The solver's answer if it can be had at once; None while it is still being prepared."""
        if not self.ready.is_set() or self.error is not None or _solver_module is None:
            return None
        if not _SOLVER_LOCK.acquire(blocking=False):  # another puzzle's table is being built
            return None
        try:
            return question(_solver_module)
        finally:
            _SOLVER_LOCK.release()


# -- geometry and sprites -------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where the pegs stand and the disks sit inside a rectangle (main board or a small picture)."""

    pegs: int
    disks: int
    xs: tuple[float, ...]
    base_y: float
    disk_h: float
    widths: tuple[float, ...]
    peg_top: float
    hover_y: float
    col_w: float
    rect: pygame.Rect

    @classmethod
    def fit(
        cls,
        rect: pygame.Rect,
        pegs: int,
        disks: int,
        *,
        hover: bool = False,
        max_h: float = 44.0,
        min_levels: int = 3,
    ) -> Layout:
        col = rect.width / pegs
        levels = max(disks, min_levels) + 1
        extra = 2.7 if hover else 0.0  # room over the pegs to lift a disk and carry it across
        plank = 0.6
        h = min(max_h, rect.height / (levels + extra + plank), col / 3.0)
        base_y = rect.bottom - plank * h
        max_w = col * 0.9 - 2
        min_w = min(max_w, max(max_w * 0.26, h * 1.7))
        if disks == 1:
            widths: tuple[float, ...] = (max(min_w, max_w * 0.55),)
        else:
            widths = tuple(min_w + (max_w - min_w) * d / (disks - 1) for d in range(disks))
        peg_top = base_y - levels * h
        return cls(
            pegs,
            disks,
            tuple(rect.x + col * (i + 0.5) for i in range(pegs)),
            base_y,
            h,
            widths,
            peg_top,
            peg_top - 0.85 * h,
            col,
            pygame.Rect(rect),
        )

    def slot(self, peg: int, level: int) -> Point:
        """Centre of the disk sitting `level` disks above the base on `peg`."""
        return self.xs[peg], self.base_y - (level + 0.5) * self.disk_h

    def hover(self, peg: int) -> Point:
        return self.xs[peg], self.hover_y

    def peg_at(self, x: float) -> int:
        return max(0, min(self.pegs - 1, int((x - self.rect.x) // self.col_w)))

    def sprite_size(self, disk: int) -> tuple[int, int]:
        return max(6, round(self.widths[disk])), max(3, round(self.disk_h * 0.92))


def disk_colour(disk: int, disks: int) -> theme.Colour:
    """Graded colours, smallest disk gold, then orange, red, plum, down to blue for the largest."""
    t = disk / (disks - 1) if disks > 1 else 0.0
    hue = (0.125 - 0.52 * t) % 1.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.6 - 0.14 * t, 0.7)
    return int(r * 255), int(g * 255), int(b * 255)


def _luma(c: theme.Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@cache
def disk_sprite(w: int, h: int, colour: theme.Colour, label: str) -> pygame.Surface:
    """A lacquered disk seen from the side: lit from above, rounded ends, its number on it."""
    surf = pygame.Surface((w + 3, h + 4), pygame.SRCALPHA)
    radius = max(2, int(h * 0.42))
    pygame.draw.rect(surf, (0, 0, 0, 70), (2, 3, w, h), border_radius=radius)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    light, dark = theme.shade(colour, 1.45), theme.shade(colour, 0.6)
    for y in range(h):
        t = y / max(1, h - 1)
        c = (
            theme.mix(light, colour, t / 0.3)
            if t < 0.3
            else theme.mix(colour, dark, (t - 0.3) / 0.7)
        )
        pygame.draw.line(body, c, (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(body, (0, 0))
    pygame.draw.rect(surf, theme.shade(colour, 0.42), (0, 0, w, h), 1, border_radius=radius)
    if h >= 8 and w > 2 * radius + 4:
        pygame.draw.line(surf, (*theme.shade(colour, 1.8), 150), (radius, 2), (w - radius, 2))
    if label and h >= 12:
        size = max(10, min(24, int(h * 0.62)))
        plate = pygame.Rect(0, 0, max(size * 1.5, size * 0.62 * len(label) + 12), h * 0.72)
        plate.center = (w // 2, h // 2)
        pygame.draw.ellipse(surf, (*theme.shade(colour, 0.78), 255), plate)
        pygame.draw.ellipse(surf, theme.shade(colour, 0.5), plate, 1)
        ink = theme.BG_DEEP if _luma(theme.shade(colour, 0.78)) > 120 else (250, 246, 236)
        img = theme.font(size, True).render(label, True, ink)
        surf.blit(img, img.get_rect(center=(w / 2, h / 2 + 0.5)))
    return surf


def draw_disk(
    surface: pygame.Surface,
    layout: Layout,
    disk: int,
    centre: Point,
    numbers: bool = True,
    alpha: int = 255,
) -> pygame.Rect:
    w, h = layout.sprite_size(disk)
    img = disk_sprite(w, h, disk_colour(disk, layout.disks), str(disk + 1) if numbers else "")
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (round(centre[0]), round(centre[1]))
    surface.blit(img, rect.topleft)
    return rect


def draw_rig(surface: pygame.Surface, layout: Layout) -> None:
    """The wooden base and the pegs (drawn once into the board's background)."""
    h = layout.disk_h
    plank_h = max(4, round(0.6 * h))
    plank = pygame.Rect(
        round(layout.rect.x + 2), round(layout.base_y), round(layout.rect.width - 4), plank_h
    )
    radius = max(2, plank_h // 3)
    pygame.draw.rect(
        surface,
        theme.shade(theme.WOOD_DARK, 0.55),
        plank.move(0, max(2, plank_h // 4)),
        border_radius=radius,
    )
    pygame.draw.rect(surface, theme.WOOD, plank, border_radius=radius)
    top = pygame.Rect(plank.x, plank.y, plank.width, max(2, plank_h // 3))
    pygame.draw.rect(
        surface,
        theme.WOOD_LIGHT,
        top,
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    if plank_h >= 10:
        for k in range(2):
            y = plank.y + plank_h * (0.55 + 0.2 * k)
            pygame.draw.line(
                surface, theme.shade(theme.WOOD, 0.88), (plank.x + 8, y), (plank.right - 8, y)
            )
    pygame.draw.rect(surface, theme.WOOD_DARK, plank, 1, border_radius=radius)
    pw = max(3, round(h * 0.3))
    for x in layout.xs:
        rod = pygame.Rect(0, 0, pw, round(layout.base_y - layout.peg_top) + 2)
        rod.midbottom = (round(x), round(layout.base_y) + 1)
        for i in range(pw):
            t = i / max(1, pw - 1)
            c = theme.mix(theme.WOOD_LIGHT, theme.WOOD_DARK, min(1.0, abs(t - 0.3) * 1.6))
            pygame.draw.line(surface, c, (rod.x + i, rod.y + pw // 2), (rod.x + i, rod.bottom))
        pygame.draw.circle(surface, theme.WOOD_LIGHT, (rod.centerx, rod.y + pw // 2), pw / 2)
        pygame.draw.rect(
            surface,
            theme.shade(theme.WOOD_DARK, 0.8),
            rod,
            1,
            border_top_left_radius=pw // 2,
            border_top_right_radius=pw // 2,
        )


def stacks(pegs: int, config: tuple[int, ...]) -> list[list[int]]:
    """Disks on each peg from the bottom up (the order is forced by the sizes)."""
    out: list[list[int]] = [[] for _ in range(pegs)]
    for d in range(len(config) - 1, -1, -1):
        out[config[d]].append(d)
    return out


def draw_config(
    surface: pygame.Surface,
    rect: pygame.Rect,
    pegs: int,
    config: tuple[int, ...],
    *,
    letters: bool = False,
    numbers: bool = True,
    hidden: int | None = None,
) -> Layout:
    """A still picture of a configuration: rules diagrams, the target panel, level cards."""
    area = pygame.Rect(rect)
    if letters:
        area.height -= max(14, rect.height // 9)
    layout = Layout.fit(area, pegs, len(config), max_h=max(4.0, rect.height / 6))
    draw_rig(surface, layout)
    for p, stack in enumerate(stacks(pegs, config)):
        for level, d in enumerate(stack):
            if d != hidden:
                draw_disk(surface, layout, d, layout.slot(p, level), numbers)
    if letters:
        size = max(11, min(20, rect.height // 12))
        for p, x in enumerate(layout.xs):
            theme.blit_text(
                surface,
                PEG_LETTERS[p],
                (x, layout.base_y + layout.disk_h * 0.6 + 3),
                size,
                theme.TEXT_DIM,
                True,
                "midtop",
            )
    return layout


def goal_text(pegs: int, start: tuple[int, ...], target: tuple[int, ...]) -> str:
    if len(set(target)) == 1:
        dst = PEG_LETTERS[target[0]]
        if len(set(start)) == 1:
            return f"Move the tower from peg {PEG_LETTERS[start[0]]} to peg {dst}"
        return f"Gather every disk into one tower on peg {dst}"
    return "Rearrange the disks to match the target picture"


# -- animation ------------------------------------------------------------------------------------


@dataclass
class Segment:
    """One leg of a disk's trip: a lift, a carry across (with an arc) or a drop (with a bounce)."""

    a: Point
    b: Point
    duration: float
    easing: Easing = ease_in_out
    arc: float = 0.0
    wobble: float = 0.0
    drop: bool = False

    def at(self, u: float) -> Point:
        if self.drop:
            fall = 0.74
            if u < fall:
                k = (u / fall) ** 2
                return self.a[0], lerp(self.a[1], self.b[1], k)
            v = (u - fall) / (1 - fall)
            hop = min(9.0, abs(self.b[1] - self.a[1]) * 0.05)
            return self.b[0], self.b[1] - hop * math.sin(math.pi * v)
        k = self.easing(u)
        x = lerp(self.a[0], self.b[0], k) + shake(u) * self.wobble
        y = lerp(self.a[1], self.b[1], k) - self.arc * math.sin(math.pi * k)
        return x, y


@dataclass
class Flight:
    """A disk on its way somewhere; `tween` runs linearly over the sum of the segments."""

    disk: int
    segments: list[Segment]
    tween: Tween

    def pos(self) -> Point:
        total = sum(s.duration for s in self.segments)
        s = self.tween.t * total
        for seg in self.segments:
            if s <= seg.duration or seg is self.segments[-1]:
                return seg.at(min(1.0, s / seg.duration) if seg.duration > 0 else 1.0)
            s -= seg.duration
        return self.segments[-1].b


@dataclass
class Confetto:
    x: float
    y: float
    vx: float
    vy: float
    colour: theme.Colour
    size: float
    spin: float


# -- the scene ------------------------------------------------------------------------------------


class HanoiScene(PuzzleScene):
    """Challenge levels (info given) and free play (info None: pegs, disks, start chosen here)."""

    title = "Towers of Hanoi"

    # set by _new_puzzle, for every new set-up
    rules: HanoiRules
    start_state: HanoiState
    history: list[HanoiState]
    moves: list[HanoiMove]
    layout: Layout
    par: int | None
    prep: SolverPrep
    bg: pygame.Surface
    target_img: pygame.Surface

    def __init__(
        self,
        app: Host,
        entry: registry.GameEntry,
        info: LevelInfo | None,
        free: bool = False,
        *,
        pegs: int = 3,
        disks: int = 5,
        start: str = "classic",
        play: str = "",
        solve: int = 0,
        lift: str = "",
        seed: int | None = None,
        wait: bool = False,
    ) -> None:
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
        self.solve_btn.set_tooltip("Play the optimal solution from here (S) — no stars this time")
        self.hint_btn.set_tooltip("Show an optimal next move (H); press again to play it")
        # interaction state (set properly by _new_puzzle)
        self.held: int | None = None  # peg whose top disk is lifted
        self.press: tuple[int, Point, bool] | None = None  # (peg, where, was already held)
        self.dragging = False
        self.drag_pos: Point = (0.0, 0.0)
        self.hover_peg: int | None = None
        self.focus_peg = 0
        self.show_focus = False
        self.flights: dict[int, Flight] = {}
        self.shake_tw: Tween | None = None
        self.refused: tuple[int, Tween] | None = None
        self.hint_move: HanoiMove | None = None
        self.watching = False
        self.watched = False
        self.watch_speed = 1.0
        self.watch_wait = 0.0
        self.pending: str | None = None
        self.party_t: float | None = None
        self.confetti: list[Confetto] = []
        self.fp_widgets: list[Any] = []
        self.move_list = MoveList(pygame.Rect(SIDE.x, SIDE.y + 592, SIDE.width, 176), "Your moves")
        self.notation: list[str] = []
        if self.level is None:
            self._build_free_widgets()
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
            for _ in range(int(solve)):
                move = self.prep.ask(lambda s: s.best_move(self.state))
                if move is None:
                    break
                self._commit(move)
        if lift and str(lift).upper() in PEG_LETTERS[: self.pegs]:
            self.pick(PEG_LETTERS.index(str(lift).upper()))
        self.tweens.finish_all()  # tools start from a still picture

    @classmethod
    def for_level(
        cls, app: Host, entry: registry.GameEntry, level: str | int | None = None, **kwargs: Any
    ) -> PuzzleScene:
        """As the base, plus `free_play=True` (tools: the free-play set-up without a level)."""
        if kwargs.pop("free_play", False):
            kwargs = {k: v for k, v in kwargs.items() if k not in ("variant", "position")}
            return cls(app, entry, None, free=True, **kwargs)
        return super().for_level(app, entry, level, **kwargs)

    # -- puzzle set-up --------------------------------------------------------------------------
    def _new_puzzle(self, position: str) -> None:
        """Start (or restart with a new set-up) from a position text `pegs:start>target`."""
        rules = self.entry.make_rules(options={"position": position})
        assert isinstance(rules, HanoiRules)
        self.rules = rules
        self.start_state = rules.initial_state()
        self.history = [self.start_state]
        self.moves = []
        self.notation = []
        st = self.start_state
        self.layout = Layout.fit(PLAY, st.pegs, st.n_disks, hover=True, min_levels=5)
        self.par = self.level.par if self.level is not None else None
        old = getattr(self, "prep", None)
        if old is not None:
            old.cancel()
        self.prep = SolverPrep(st.pegs, st.disk_pegs, st.target_pegs)
        self.focus_peg = min(self.focus_peg, st.pegs - 1)
        if self.hover_peg is not None and self.hover_peg >= st.pegs:
            self.hover_peg = None  # the pointer was on a peg this puzzle does not have
        self._reset_attempt()
        self.bg = self._render_background()
        self.target_img = self._render_target(pygame.Rect(0, 0, SIDE.width, 150))
        self._sprites_warm()

    def _reset_attempt(self) -> None:
        self.held = None
        self.press = None
        self.dragging = False
        self.flights.clear()
        self.tweens.clear()
        self.shake_tw = None
        self.refused = None
        self.hint_move = None
        self.watching = False
        self.watched = False
        self.pending = None
        self.party_t = None
        self.confetti.clear()
        self.elapsed = 0.0
        self.hints_used = 0
        self.solve_btn.set_text("Watch solution")
        self.reset_solved()

    def _sprites_warm(self) -> None:
        """Render every disk sprite now, so the first frames of play do not pay for it."""
        for d in range(self.start_state.n_disks):
            w, h = self.layout.sprite_size(d)
            disk_sprite(w, h, disk_colour(d, self.layout.disks), str(d + 1))

    def _free_position(self) -> str:
        p, n = self.fp_pegs, self.fp_disks
        tower_a, tower_end = (0,) * n, (p - 1,) * n

        def scramble() -> tuple[int, ...]:
            return tuple(self.rng.randrange(p) for _ in range(n))

        for _ in range(50):
            start, target = {
                "classic": (tower_a, tower_end),
                "middle": (tower_a, (1,) * n),
                "gather": (scramble(), tower_end),
                "spread": (tower_a, scramble()),
                "shuffle": (scramble(), scramble()),
            }[self.fp_kind]
            if start != target:
                break
        else:  # one disk scrambled onto itself fifty times: take the classic puzzle
            start, target = tower_a, tower_end
        return format_position(p, start, target)

    def _build_free_widgets(self) -> None:
        x, y = BOARD_AREA.x, BOARD_AREA.y + 16
        self.peg_btns = {
            p: button(self.ui, (x + FP_X["pegs"] + 50 * i, y, 44, 40), str(p), f"{p} pegs")
            for i, p in enumerate((3, 4))
        }
        self.minus_btn = button(self.ui, (x + FP_X["minus"], y, 40, 40), "-", "One disk fewer (-)")
        self.plus_btn = button(self.ui, (x + FP_X["plus"], y, 40, 40), "+", "One disk more (+)")
        labels: list[str | tuple[str, str]] = [label for _, label in FREE_KINDS]
        self.kind_dd = pygame_gui.elements.UIDropDownMenu(
            labels,
            dict(FREE_KINDS)[self.fp_kind],
            pygame.Rect(x + FP_X["kind"], y, 236, 40),
            self.ui,
        )
        self.shuffle_btn = button(
            self.ui, (x + FP_X["shuffle"], y, 100, 40), "Shuffle", "A new random start and target"
        )
        self.fp_widgets = [
            *self.peg_btns.values(),
            self.minus_btn,
            self.plus_btn,
            self.kind_dd,
            self.shuffle_btn,
        ]
        self.extra_buttons.update(
            {
                self.peg_btns[3]: lambda: self.set_free(pegs=3),
                self.peg_btns[4]: lambda: self.set_free(pegs=4),
                self.minus_btn: lambda: self.set_free(disks=self.fp_disks - 1),
                self.plus_btn: lambda: self.set_free(disks=self.fp_disks + 1),
                self.shuffle_btn: lambda: self.set_free(),
            }
        )
        self._sync_free_widgets()

    def _sync_free_widgets(self) -> None:
        for p, b in self.peg_btns.items():
            if p == self.fp_pegs:
                b.select()
            else:
                b.unselect()
        for b, ok in (
            (self.minus_btn, self.fp_disks > MIN_DISKS),
            (self.plus_btn, self.fp_disks < MAX_DISKS),
            (self.shuffle_btn, self.fp_kind in SCRAMBLED),
        ):
            if ok:
                b.enable()
            else:
                b.disable()

    def set_free(
        self, *, pegs: int | None = None, disks: int | None = None, kind: str | None = None
    ) -> None:
        """Change the free-play set-up (any change, even none, starts a fresh puzzle)."""
        if self.level is not None:
            return
        if disks is not None and not MIN_DISKS <= disks <= MAX_DISKS:
            self.refuse(f"Free play has {MIN_DISKS} to {MAX_DISKS} disks.")
            return
        self.fp_pegs = pegs or self.fp_pegs
        self.fp_disks = disks or self.fp_disks
        self.fp_kind = kind or self.fp_kind
        self._new_puzzle(self._free_position())
        self._sync_free_widgets()
        self.app.sounds.play("slide")

    def close(self) -> None:
        self.prep.cancel()  # a table still waiting to be built is no longer wanted
        super().close()

    # -- state ------------------------------------------------------------------------------------
    @property
    def state(self) -> HanoiState:
        return self.history[-1]

    @property
    def pegs(self) -> int:
        return self.start_state.pegs

    def solved(self) -> bool:
        return self.state.solved()

    def move_count(self) -> int:
        return len(self.moves)

    def has_progress(self) -> bool:
        return bool(self.moves)

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
        return f"{n} move{'s' if n != 1 else ''}"

    def par_text(self) -> str:
        return f"par {self.par}" if self.par is not None else "par …"

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
        else:
            super().check_solved()
        self._start_party()

    # -- moves ------------------------------------------------------------------------------------
    def _commit(self, move: HanoiMove) -> int:
        """Play a legal move on the history (no animation); returns the disk that moved."""
        before = self.state
        disk = before.top(move.src)
        assert disk is not None
        self.history.append(self.rules.play(before, move))
        self.moves.append(move)
        self.notation.append(self.rules.to_notation(before, move))
        self.hint_move = None
        return disk

    def _slot_of(self, disk: int, state: HanoiState | None = None) -> Point:
        st = state or self.state
        peg = st.disk_pegs[disk]
        level = st.stack(peg).index(disk)
        return self.layout.slot(peg, level)

    def _shown_pos(self, disk: int) -> Point:
        """Where the disk is drawn right now (flying, held, dragged or resting)."""
        fl = self.flights.get(disk)
        if fl is not None:
            return fl.pos()
        if self.held is not None and self.state.top(self.held) == disk:
            if self.dragging:
                return self.drag_pos
            return self.layout.hover(self.held)
        return self._slot_of(disk)

    def _path(self, a: Point, peg_x: float, slot_y: float, speed: float = 1.0) -> list[Segment]:
        """Lift clear of the pegs, carry across in an arc, drop with a small bounce."""
        segs: list[Segment] = []
        ty = min(a[1], self.layout.hover_y)
        x0 = a[0]
        if a[1] > ty + 0.5:
            segs.append(Segment(a, (x0, ty), (0.05 + (a[1] - ty) / 2600) / speed, ease_out))
        dx = abs(peg_x - x0)
        if dx > 0.5:
            arc = min(self.layout.disk_h * 1.3, dx * 0.16)
            segs.append(
                Segment((x0, ty), (peg_x, ty), (0.08 + dx / 2400) / speed, ease_in_out, arc=arc)
            )
        segs.append(
            Segment(
                (peg_x, ty), (peg_x, slot_y), (0.1 + abs(slot_y - ty) / 2400) / speed, drop=True
            )
        )
        return segs

    def _fly(
        self,
        disk: int,
        segments: list[Segment],
        on_land: Callable[[], None] | None = None,
        delay: float = 0.0,
    ) -> None:
        total = sum(s.duration for s in segments)

        def land() -> None:
            if self.flights.get(disk) is flight:
                del self.flights[disk]
            if on_land is not None:
                on_land()

        tw = self.tweens.add(total, linear, delay=delay, on_done=land, tag="flight")
        flight = Flight(disk, segments, tw)
        self.flights[disk] = flight

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
        start = self._shown_pos(disk)
        self.held = None
        self.dragging = False
        self._commit(move)
        end = self._slot_of(disk)
        self._fly(disk, self._path(start, end[0], end[1], speed), self._landed)
        self.app.sounds.play("slide")
        return True

    def _refuse_at(self, peg: int, reason: str) -> None:
        self.refuse(reason[:1].upper() + reason[1:] + ".")
        self.refused = (peg, self.tweens.add(0.7, linear, tag="refused"))
        self.shake_tw = self.tweens.add(0.4, linear, tag="shake")

    def pick(self, peg: int) -> bool:
        """Lift the top disk of `peg` (refused, with the rules' words, when the peg is empty)."""
        if self.state.top(peg) is None:
            other = (peg + 1) % self.pegs
            self._refuse_at(
                peg, self.rules.check(self.state, HanoiMove(peg, other)) or "that peg is empty"
            )
            return False
        disk = self.state.top(peg)
        assert disk is not None
        a = self._slot_of(disk)
        self.held = peg
        self._fly(
            disk,
            [
                Segment(
                    a, self.layout.hover(peg), 0.05 + (a[1] - self.layout.hover_y) / 2600, ease_out
                )
            ],
        )
        self.app.sounds.play("click")
        return True

    def put_back(self) -> None:
        """Lower the lifted disk back onto its own peg."""
        if self.held is None:
            return
        disk = self.state.top(self.held)
        self.press = None
        if disk is None:
            self.held = None
            return
        start = self._shown_pos(disk)
        self.held = None
        self.dragging = False
        end = self._slot_of(disk)
        self._fly(disk, self._path(start, end[0], end[1]), self._landed)

    def peg_action(self, peg: int) -> None:
        """What a click or a key on a peg means: pick up, put back, or drop the lifted disk."""
        if self.is_solved:
            self.app.toast(
                "Solved! R plays it again"
                + (", Enter opens the next level." if self._may_go_on() else "."),
                "info",
            )
            return
        self._settle()
        if self.held is None:
            self.pick(peg)
        elif peg == self.held:
            self.put_back()
        else:
            self.play_move(HanoiMove(self.held, peg))

    def _settle(self) -> None:
        """Finish the disks still in the air, so a quick player never waits for an animation."""
        if self.flights:
            for fl in list(self.flights.values()):
                fl.tween.elapsed = fl.tween.delay + fl.tween.duration
                fl.tween.update(0)
            self.tweens.items = [tw for tw in self.tweens.items if not tw.done]

    # -- hooks of the puzzle frame ----------------------------------------------------------------
    def _may_go_on(self) -> bool:
        return self.next_info() is not None and not (self.watched and not self.free)

    def go_next(self) -> None:
        if self.is_solved and not self._may_go_on() and self.next_info() is not None:
            self.app.toast(
                "Solve this level yourself to open the next one (R starts afresh).", "info", 4
            )
            return
        super().go_next()

    def undo(self) -> None:
        self._stop_watching()
        self._settle()
        if self.held is not None:
            self.held = None
            self.dragging = False
            self.press = None
        if not self.moves:
            self.app.toast("Nothing to undo.", "info")
            return
        move = self.moves.pop()
        self.history.pop()
        self.notation.pop()
        disk = self.state.top(move.src)
        assert disk is not None
        a = self._slot_of(disk)
        # the disk flies from where it was (on top of move.dst) back to its old place
        before = self.layout.slot(move.dst, len(self.state.stack(move.dst)))
        self._fly(disk, self._path(before, a[0], a[1]), self._landed)
        self.hint_move = None
        self.party_t = None
        self.confetti.clear()
        self.reset_solved()
        self.app.sounds.play("slide")

    def restart(self) -> None:
        self._stop_watching()
        self._settle()
        old = self.state
        self.history = [self.start_state]
        self.moves = []
        self.notation = []
        self._reset_attempt()
        n = old.n_disks
        for d in range(n - 1, -1, -1):
            a = self.layout.slot(old.disk_pegs[d], old.stack(old.disk_pegs[d]).index(d))
            b = self._slot_of(d)
            if a != b:
                self._fly(d, self._path(a, b[0], b[1], 1.6), delay=0.03 * (n - 1 - d))
        self.app.sounds.play("slide")

    def hint(self) -> None:
        if self.is_solved:
            self.app.toast("Already solved.", "info")
            return
        if self.watching:
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
                self.app.toast(f"Hints are not available: {self.prep.error}", "bad")
            else:
                self.pending = "hint"
                self.app.toast("Preparing hints… a moment.", "info")
            return
        self.hint_move = best
        self.hints_used += 1
        self.app.sounds.play("tip")
        self.app.toast(
            f"Hint: the top disk of {PEG_LETTERS[best.src]} goes to "
            f"{PEG_LETTERS[best.dst]} — press H again to play it.",
            "good",
            4,
        )

    def watch_solution(self) -> None:
        if self.watching:
            self._stop_watching()
            return
        if self.is_solved:
            self.app.toast("Already solved — R plays it again.", "info")
            return
        if self.prep.error:
            self.app.toast(f"The solution is not available: {self.prep.error}", "bad")
            return
        self._settle()
        self.put_back()
        self.watching = True
        self.watch_wait = 0.25
        self.watch_speed = 0.0  # set by the first step, from the length of the solution
        self.hint_move = None
        self.solve_btn.set_text("Stop watching")
        if not self.watched and not self.free:
            self.app.toast(
                "Watching the optimal solution from here: no stars for this attempt "
                "(R starts a fresh one). Click or press any key to stop.",
                "info",
                6,
            )
        else:
            self.app.toast(
                "Watching the optimal solution. Click or press any key to stop.", "info", 4
            )
        self.watched = True

    def _stop_watching(self) -> None:
        if self.watching:
            self.watching = False
            self.solve_btn.set_text("Watch solution")

    def _watch_step(self) -> None:
        move = self.prep.ask(lambda s: s.best_move(self.state))
        if move is None:
            if self.state.solved():
                self._stop_watching()
            return  # still preparing
        if self.watch_speed <= 0:  # first step: long solutions play faster
            left = self.prep.ask(lambda s: s.moves_to_solve(self.state)) or 1
            self.watch_speed = max(1.0, min(6.0, left / 20))
        self.play_move(move, self.watch_speed)
        self.watch_wait = 0.12 / self.watch_speed

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
        if (
            self.modal is None
            and self.watching
            and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        ):
            # any key or click stops the show (the Stop button does it itself)
            if not (
                event.type == pygame.MOUSEBUTTONDOWN and self.solve_btn.rect.collidepoint(event.pos)
            ):
                self._stop_watching()
                self.app.toast("Stopped: your turn.", "info", 2)
            return
        super().process_event(event)

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if (
            self.modal is None
            and event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and self.fp_widgets
            and event.ui_element is self.kind_dd
        ):
            kind = next((k for k, label in FREE_KINDS if label == event.text), "classic")
            self.set_free(kind=kind)
            return
        super().on_ui_event(event)

    def _column_at(self, pos: tuple[int, int]) -> int | None:
        return self.layout.peg_at(pos[0]) if COLUMNS.collidepoint(pos) else None

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_peg = self._column_at(event.pos)
            if self.press is not None:
                peg, where, _ = self.press
                if not self.dragging and math.dist(where, event.pos) > 6 and self.held == peg:
                    self.dragging = True
                    self._settle()
                if self.dragging:
                    self.drag_pos = (float(event.pos[0]), float(event.pos[1]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            at = self._column_at(event.pos)
            if at is None or self.ui.get_hovering_any_element():
                return
            peg = at
            self.show_focus = False
            was_held = self.held == peg
            if self.held is not None and not was_held:
                self.peg_action(peg)  # drop the lifted disk here
                return
            if not was_held:
                self.peg_action(peg)
                if self.held != peg:
                    return
            self.press = (peg, (float(event.pos[0]), float(event.pos[1])), was_held)
            self.drag_pos = self.press[1]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            peg, _, was_held = self.press
            self.press = None
            if self.held != peg:
                self.dragging = False
                return
            if self.dragging:
                target = self._column_at(event.pos)
                if target is None or target == peg:
                    self.put_back()
                elif not self.play_move(HanoiMove(peg, target)):
                    self._refused_drag(peg)
                self.dragging = False
            elif was_held:
                self.put_back()  # a click on the lifted disk's own peg lowers it
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.put_back()
        elif event.type == pygame.MOUSEWHEEL:
            self.move_list.handle(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _refused_drag(self, peg: int) -> None:
        """A drag let go over a peg that refuses the disk: it shakes there, then goes home."""
        disk = self.state.top(peg)
        if disk is None:
            return
        a = self.drag_pos
        self.held = None
        self.dragging = False
        end = self._slot_of(disk)
        self._fly(
            disk,
            [Segment(a, a, 0.35, linear, wobble=10.0), *self._path(a, end[0], end[1])],
            self._landed,
        )

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return
        if key in PEG_KEYS:
            peg = PEG_KEYS[key]
            if peg >= self.pegs:
                self.refuse(
                    f"There is no peg {PEG_LETTERS[peg]}: this puzzle has {self.pegs} pegs."
                )
                return
            self.focus_peg = peg
            self.peg_action(peg)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            self.focus_peg = (
                (self.focus_peg + step) % self.pegs
                if self.show_focus
                else (self.held if self.held is not None else self.focus_peg)
            )
            self.show_focus = True
        elif key in (
            pygame.K_SPACE,
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.show_focus = True
            self.peg_action(self.focus_peg)
        elif key == pygame.K_s:
            self.watch_solution()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) and self.level is None:
            self.set_free(disks=self.fp_disks + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) and self.level is None:
            self.set_free(disks=self.fp_disks - 1)

    # -- frame ------------------------------------------------------------------------------------
    def in_motion(self) -> bool:
        """Flying disks, a lifted disk bobbing, the solution playing, the confetti."""
        return bool(super().in_motion() or self.flights or self.confetti or self.watching
                    or self.held is not None or self.pending is not None)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.par is None and self.prep.ready.is_set():
            self.par = self.prep.par
        if self.pending == "hint" and self.prep.ask(lambda s: True):  # the solver can answer
            self.pending = None
            self.hint()
        if self.watching and not self.flights:
            speed = self.tweens.speed
            self.watch_wait = self.watch_wait - dt * speed if speed > 0 else 0.0  # 0: instant
            if self.watch_wait <= 0:
                self._watch_step()
        if not self.flights and not self.is_solved:
            self.check_solved()
        if self.confetti:
            for c in self.confetti:
                c.vy += 900 * dt
                c.x += c.vx * dt
                c.y += c.vy * dt
                c.spin += dt * 9
            self.confetti = [c for c in self.confetti if c.y < BOARD_AREA.bottom]

    def _start_party(self) -> None:
        self.party_t = self.t
        rng = random.Random(len(self.moves))
        lay = self.layout
        tops = [
            (lay.xs[p], lay.slot(p, len(s))[1])
            for p, s in enumerate(stacks(self.pegs, self.state.disk_pegs))
            if s
        ]
        colours = [disk_colour(d, lay.disks) for d in range(lay.disks)] + [theme.ACCENT] * 3
        self.confetti = []
        for _ in range(70):
            x, y = rng.choice(tops)
            self.confetti.append(
                Confetto(
                    x + rng.uniform(-30, 30),
                    y,
                    rng.uniform(-220, 220),
                    rng.uniform(-620, -300),
                    rng.choice(colours),
                    rng.uniform(4, 8),
                    rng.uniform(0, 6),
                )
            )

    # -- drawing ----------------------------------------------------------------------------------
    def _render_background(self) -> pygame.Surface:
        """Everything that does not move: the board, its light, the base, the pegs, the labels."""
        surf = pygame.Surface(BOARD_AREA.size)
        surf.fill(theme.BG)
        local = pygame.Rect(0, 0, *BOARD_AREA.size)
        theme.panel(surf, local, theme.BG_DEEP, 14)
        glow = pygame.Surface(local.size, pygame.SRCALPHA)
        cx, cy = local.centerx, PLAY.centery - BOARD_AREA.y + 40
        for k in range(18, 0, -1):
            r = k / 18
            pygame.draw.ellipse(
                glow,
                (*theme.PANEL_LIGHT, int(12 * (1 - r) + 3)),
                pygame.Rect(0, 0, 900 * r, 520 * r).move(cx - 450 * r, cy - 260 * r),
            )
        surf.blit(glow, (0, 0))
        off = (-BOARD_AREA.x, -BOARD_AREA.y)
        lay = self.layout
        shifted = Layout(
            lay.pegs,
            lay.disks,
            tuple(x + off[0] for x in lay.xs),
            lay.base_y + off[1],
            lay.disk_h,
            lay.widths,
            lay.peg_top + off[1],
            lay.hover_y + off[1],
            lay.col_w,
            lay.rect.move(off),
        )
        draw_rig(surf, shifted)
        for p in range(lay.pegs):
            self._draw_label(surf, p, off, hot=False)
        st = self.start_state
        if self.level is not None:
            goal = goal_text(st.pegs, st.disk_pegs, st.target_pegs)
            theme.blit_text(surf, goal, (24, 18), 22, theme.TEXT, True)
            note = self.level.note
            if note.startswith(goal):  # the level's note already says it: keep the rest
                note = note[len(goal) :].lstrip(" .")
            for i, line in enumerate(theme.wrap(note, 17, 830)[:2]):
                theme.blit_text(surf, line, (24, 54 + 24 * i), 17, theme.TEXT_DIM)
        else:
            for name, key in (("Pegs", "pegs"), ("Disks", "minus"), ("Puzzle", "kind")):
                theme.blit_text(
                    surf, name, (FP_X[key] - 10, 36), 18, theme.TEXT_DIM, anchor="midright"
                )
            theme.blit_text(
                surf,
                goal_text(st.pegs, st.disk_pegs, st.target_pegs)
                + " — free play, untimed, no stars",
                (24, 70),
                18,
                theme.TEXT,
            )
        keys = "1–4" if self.pegs == 4 else "1–3"
        theme.blit_text(
            surf,
            f"Click a peg to lift its top disk, then the peg to put it on — or "
            f"drag it · keys {keys} do the same",
            (local.centerx, local.bottom - 47),
            16,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        theme.blit_text(
            surf,
            "H hint (twice: play it) · S watch the solution · R restart · "
            "Ctrl+Z undo · Esc put back / leave",
            (local.centerx, local.bottom - 26),
            16,
            theme.TEXT_DIM,
            anchor="midtop",
        )
        return _fast(surf)

    def _draw_label(
        self, surface: pygame.Surface, peg: int, off: tuple[int, int], hot: bool
    ) -> None:
        """The peg's letter on a plate, with the key that picks it."""
        x = self.layout.xs[peg] + off[0]
        y = LABEL_Y + off[1]
        plate = pygame.Rect(0, 0, 40, 34)
        plate.midtop = (round(x) - 14, round(y))
        theme.panel(
            surface,
            plate,
            theme.PANEL_LIGHT if hot else theme.PANEL,
            8,
            theme.ACCENT if hot else theme.LINE,
        )
        theme.blit_text(
            surface,
            PEG_LETTERS[peg],
            plate.center,
            22,
            theme.ACCENT if hot else theme.TEXT,
            True,
            "center",
        )
        cap = pygame.Rect(0, 0, 22, 22)
        cap.midleft = (plate.right + 6, plate.centery)
        pygame.draw.rect(surface, theme.LINE, cap.move(0, 2), border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, cap, border_radius=4)
        theme.blit_text(surface, str(peg + 1), cap.center, 14, theme.TEXT_DIM, True, "center")

    def _render_target(self, rect: pygame.Rect) -> pygame.Surface:
        surf = pygame.Surface(rect.size)
        surf.fill(theme.BG)  # opaque, on the side panel's own colour: a cheap blit every frame
        theme.panel(surf, surf.get_rect(), theme.PANEL, 12)
        theme.blit_text(surf, "Target", (14, 8), 16, theme.TEXT_DIM, True)
        st = self.start_state
        theme.blit_text(
            surf,
            f"{st.n_disks} disk{'s' if st.n_disks > 1 else ''} · {st.pegs} pegs",
            (rect.width - 14, 9),
            15,
            theme.TEXT_DIM,
            anchor="topright",
        )
        draw_config(
            surf,
            pygame.Rect(20, 32, rect.width - 40, rect.height - 40),
            st.pegs,
            st.target_pegs,
            letters=True,
        )
        return _fast(surf)

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(self.target_img, rect.topleft)

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        # the moves so far, under the buttons (below "Next level" when it shows)
        top = self.next_btn.rect.bottom + 12 if self.next_btn.visible else SIDE.y + 592
        self.move_list.rect = pygame.Rect(SIDE.x, top, SIDE.width, SIDE.bottom - top)
        self.move_list.draw(surface, self.move_texts())

    def move_texts(self) -> list[str]:
        """The moves as the list shows them ("disk 1 A→C"); `notation` keeps the exact text."""
        key = (len(self.moves), tuple(self.notation[-1:]))
        if getattr(self, "_texts", (None, []))[0] != key:
            texts = [self.rules.display_move(self.history[i], m) for i, m in enumerate(self.moves)]
            self._texts = (key, texts)
        return self._texts[1]

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.bg, BOARD_AREA.topleft)
        lay = self.layout
        state = self.state
        if self.is_solved and self.level is not None:
            # the celebration banner takes the header's place
            pygame.draw.rect(
                surface,
                theme.BG_DEEP,
                (BOARD_AREA.x + 4, BOARD_AREA.y + 4, BOARD_AREA.width - 8, 100),
            )
        if self.level is None:
            theme.blit_text(
                surface,
                str(self.fp_disks),
                (BOARD_AREA.x + (FP_X["minus"] + 40 + FP_X["plus"]) / 2, BOARD_AREA.y + 36),
                22,
                theme.TEXT,
                True,
                "center",
            )
        hot = self.hover_peg if not self.is_solved and not self.watching else None
        if hot is not None:
            self._draw_label(surface, hot, (0, 0), hot=True)
        if self.show_focus and not self.is_solved:
            x = lay.xs[self.focus_peg]
            pygame.draw.polygon(
                surface,
                theme.ACCENT,
                [(x - 34, LABEL_Y + 46), (x - 24, LABEL_Y + 40), (x - 14, LABEL_Y + 46)],
            )
            pygame.draw.line(
                surface, theme.ACCENT, (x - 44, LABEL_Y + 48), (x + 26, LABEL_Y + 48), 3
            )
        idle = not self.flights and not self.watching
        held_disk = state.top(self.held) if self.held is not None else None
        if self.hint_move is not None and not self.flights:
            self._draw_hint_ghost(surface, self.hint_move)
        # legal destinations of the lifted disk (asked of the rules)
        if held_disk is not None and self.app.settings.show_legal and not self.is_solved:
            for mv in self.rules.legal_moves(state):
                if mv.src == self.held:
                    x, y = lay.slot(mv.dst, len(state.stack(mv.dst)))
                    marks.target_dot(surface, (x, y), lay.disk_h * 1.6)
        # the disks at rest
        party = self.party_t is not None and self.t - self.party_t < 2.5
        for p, stack in enumerate(stacks(self.pegs, state.disk_pegs)):
            for level, d in enumerate(stack):
                if d in self.flights or d == held_disk:
                    continue
                x, y = lay.slot(p, level)
                if party and self.party_t is not None:
                    u = (self.t - self.party_t - 0.07 * (len(stack) - 1 - level)) / 0.45
                    if 0 < u < 1:
                        y -= lay.disk_h * 0.7 * math.sin(math.pi * u)
                draw_disk(surface, lay, d, (x, y))
        # the last move: brackets round the number of the disk that moved
        if self.moves and idle and self.held is None and not self.is_solved:
            last = self.moves[-1]
            top = state.top(last.dst)
            if top is not None:
                x, y = self._slot_of(top)
                s = lay.disk_h + 6
                marks.last_move(surface, pygame.Rect(x - s / 2, y - s / 2, s, s))
        if self.hint_move is not None and not self.flights:
            self._draw_hint_arrow(surface, self.hint_move)
        if self.refused is not None and not self.refused[1].done:
            peg, tw = self.refused
            x, y = lay.slot(peg, len(state.stack(peg)))
            y -= lay.disk_h * 0.2
            k = 9 + 3 * (1 - tw.t)
            pygame.draw.line(surface, theme.BAD, (x - k, y - k), (x + k, y + k), 4)
            pygame.draw.line(surface, theme.BAD, (x - k, y + k), (x + k, y - k), 4)
        # the moving disks, largest first so a smaller one passes in front
        for d in sorted(self.flights, reverse=True):
            self._draw_lifted(surface, d, self.flights[d].pos())
        if held_disk is not None and held_disk not in self.flights:
            x, y = self._shown_pos(held_disk)
            if not self.dragging:
                y += 3 * math.sin(self.t * 4)
                if self.shake_tw is not None and not self.shake_tw.done:
                    x += shake(self.shake_tw.t) * 12
            self._draw_lifted(surface, held_disk, (x, y))
            s = lay.disk_h * 0.55
            marks.selection(surface, (x, y), s, 0.5 + 0.5 * math.sin(self.t * 5))
        if self.confetti:
            clip = surface.get_clip()
            surface.set_clip(BOARD_AREA.inflate(-4, -4))
            for c in self.confetti:
                w = max(1.0, c.size * abs(math.cos(c.spin)))
                pygame.draw.rect(surface, c.colour, (c.x - w / 2, c.y - c.size / 2, w, c.size))
            surface.set_clip(clip)

    def _draw_lifted(self, surface: pygame.Surface, disk: int, pos: Point) -> None:
        """A disk off its stack, with its shadow on the base so the height reads at a glance."""
        lay = self.layout
        rest = lay.base_y - lay.disk_h * 0.5
        if pos[1] < rest - lay.disk_h * 0.6:
            w = lay.widths[disk]
            lift = min(1.0, (rest - pos[1]) / 400)
            shadow = _shadow(round(w * (1 - 0.35 * lift)), 8, int(90 * (1 - 0.6 * lift)))
            surface.blit(shadow, shadow.get_rect(center=(round(pos[0]), round(lay.base_y + 2))))
        draw_disk(surface, lay, disk, pos)

    def _draw_hint_ghost(self, surface: pygame.Surface, move: HanoiMove) -> None:
        """A see-through copy of the disk where the hint would put it, breathing."""
        disk = self.state.top(move.src)
        if disk is None:
            return
        land = self.layout.slot(move.dst, len(self.state.stack(move.dst)))
        pulse = 0.5 + 0.5 * math.sin(self.t * 5)
        draw_disk(surface, self.layout, disk, land, alpha=int(70 + 60 * pulse))

    def _draw_hint_arrow(self, surface: pygame.Surface, move: HanoiMove) -> None:
        lay = self.layout
        src = (lay.xs[move.src], lay.hover_y - lay.disk_h * 0.2)
        dst = (lay.xs[move.dst], lay.hover_y - lay.disk_h * 0.2)
        arc = min(70.0, abs(dst[0] - src[0]) * 0.25)
        pts = []
        for i in range(17):
            u = i / 16
            pts.append(
                (lerp(src[0], dst[0], u), lerp(src[1], dst[1], u) - arc * math.sin(math.pi * u))
            )
        pygame.draw.lines(surface, theme.ACCENT, False, pts[:-3], 5)
        marks.arrow(surface, pts[-4], (dst[0], dst[1] + 6), theme.ACCENT, 5)

    def draw_celebration(self, surface: pygame.Surface) -> None:
        super().draw_celebration(surface)
        if self.watched and not self.free:
            note = "You watched the solution: no stars this time — R to try again"
        elif self.par is not None and len(self.moves) <= self.par:
            note = "In par — as few moves as possible!"
        elif self.par is not None:
            note = (
                f"Par is {self.par}: {len(self.moves) - self.par} move"
                + ("s" if len(self.moves) - self.par > 1 else "")
                + " to spare — R to try again"
            )
        else:
            return
        img = theme.text(note, 17, theme.TEXT)
        box = img.get_rect(midtop=(BOARD_AREA.centerx, BOARD_AREA.y + 180)).inflate(28, 12)
        theme.panel(surface, box, theme.BG_DEEP, 10, theme.LINE)
        surface.blit(img, img.get_rect(center=box.center))

    def status_text(self) -> tuple[str, str]:
        preparing = "" if self.prep.ready.is_set() else "preparing hints…"
        if self.watching:
            return "Watching the optimal solution…", preparing or "click or press any key to stop"
        if self.is_solved:
            if self.watched and not self.free:
                return f"Solution shown: {self.moves_text()}", "R: now try it yourself"
            if self.next_info() is not None:
                return f"Solved in {self.moves_text()}!", "Enter: next level · R: again"
            return f"Solved in {self.moves_text()}!", "R: play it again"
        if self.held is not None:
            d = self.state.top(self.held)
            n = "" if d is None else f"Disk {d + 1} "
            return (
                f"{n}lifted from {PEG_LETTERS[self.held]} — choose a peg",
                "Esc or its own peg puts it back",
            )
        if self.hint_move is not None:
            src, dst = (PEG_LETTERS[p] for p in self.hint_move)
            return f"Hint: move the top disk of {src} to {dst}", "H again plays it"
        right = preparing
        if self.level is None and not preparing:
            left = self.prep.ask(lambda s: s.moves_to_solve(self.state))
            if left is not None:
                right = f"{left} move{'s' if left != 1 else ''} from the target at best"
        return "Pick up a disk: click a peg or press its number", right

    # -- pictures for other screens ---------------------------------------------------------------
    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        w, h = size
        layout = draw_config(
            surf, pygame.Rect(12, h * 0.3, w - 24, h * 0.66), 3, (2, 1, 0, 0, 0, 0), hidden=0
        )
        # the smallest disk caught mid-flight from C to B, as in play, with its trail
        x0, x1 = layout.xs[2], layout.xs[1]
        y0 = layout.peg_top - layout.disk_h * 0.4
        arc = layout.disk_h * 0.9
        for k in range(1, 6):
            u = k / 12
            pygame.draw.circle(
                surf,
                theme.shade(theme.ACCENT, 0.4 + 0.1 * k),
                (lerp(x0, x1, u), y0 - arc * math.sin(math.pi * u)),
                1.5 + 0.3 * k,
            )
        draw_disk(surf, layout, 0, (lerp(x0, x1, 0.55), y0 - arc * math.sin(math.pi * 0.55)))
        return surf

    @classmethod
    def level_thumbnail(cls, info: LevelInfo, size: tuple[int, int]) -> pygame.Surface | None:
        level = info.level
        if not isinstance(level, HanoiLevel):
            return None
        warm_solver()  # a level is about to be chosen: get the hints' solver ready meanwhile
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)  # (a colour key fades far more slowly)
        half = int(w * 0.42)
        # below the card's number and best time, which sit in its top corners
        draw_config(surf, pygame.Rect(2, 20, half, h - 22), level.pegs, level.start, numbers=False)
        draw_config(
            surf,
            pygame.Rect(w - half - 2, 20, half, h - 22),
            level.pegs,
            level.target,
            numbers=False,
        )
        cx, cy = w / 2, h * 0.55
        marks.arrow(surf, (cx - 8, cy), (cx + 9, cy), theme.ACCENT, 3)
        return surf

    @classmethod
    def draw_diagram(
        cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry, position: str
    ) -> None:
        state = parse_position_text(position)
        r = pygame.Rect(rect)
        big = pygame.Rect(r.x + 10, r.y + 28, r.width - 20, int(r.height * 0.52))
        theme.blit_text(surface, "Start", (big.x, r.y + 2), 17, theme.TEXT_DIM, True)
        draw_config(surface, big, state.pegs, state.disk_pegs, letters=True)
        small = pygame.Rect(r.x + r.width * 0.2, big.bottom + 40, r.width * 0.6, r.height * 0.3)
        theme.blit_text(surface, "Target", (small.x, big.bottom + 12), 16, theme.TEXT_DIM, True)
        draw_config(surface, small, state.pegs, state.target_pegs, letters=True)


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (faster blits), when there is a display."""
    return surf.convert() if pygame.display.get_surface() is not None else surf


@cache
def _shadow(w: int, h: int, alpha: int) -> pygame.Surface:
    surf = pygame.Surface((max(2, w), max(2, h)), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, alpha), surf.get_rect())
    return surf
