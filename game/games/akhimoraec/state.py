"""Akhimoraec data: the 9x9 board of linked circles, the option table, and the values the
rules pass around (moves, hourglasses, events, positions) with the way times are written.

Pure data and small functions, no rule: `rules.py` decides what happens, `notation.py` reads
and writes position text, the screen draws from these values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.i18n import _

# --------------------------------------------------------------------------------------------
# Board geometry
# --------------------------------------------------------------------------------------------

SIZE = 9
FILES = "abcdefghi"
GOLD, RED = 0, 1
SIDE_NAMES = ("Gold", "Red")
SIDE_WORDS = ("gold", "red")

READY, ALIVE, WAITING = 0, 1, 2
#: The `cell` of an hourglass waiting off the board for its home circle (open home cells).
OFF = -1
STATUS_NAMES = ("ready", "alive", "waiting")


def cell_of(col: int, row: int) -> int:
    return row * SIZE + col


def cell_name(cell: int) -> str:
    return f"{FILES[cell % SIZE]}{cell // SIZE + 1}"


_CELL_RE = re.compile(r"^([a-i])([1-9])$")


def cell_index(name: str) -> int:
    """Cell index of a name like "e5"; ValueError if it is not a cell of the 9x9 board."""
    m = _CELL_RE.match(name.strip().lower())
    if not m:
        raise ValueError(_("{name} is not a cell (columns a-i, rows 1-9)").format(name=repr(name)))
    return cell_of(FILES.index(m.group(1)), int(m.group(2)) - 1)


#: The orange 3x3 in the middle: d4..f6.
ORANGE: frozenset[int] = frozenset(cell_of(c, r) for c in range(3, 6) for r in range(3, 6))


def _lines() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(cell_of(c, r) for c in range(3, 6)) for r in range(3, 6)]
    cols = [tuple(cell_of(c, r) for r in range(3, 6)) for c in range(3, 6)]
    diag = [tuple(cell_of(3 + k, 3 + k) for k in range(3)), tuple(cell_of(5 - k, 3 + k) for k in range(3))]
    return tuple((*rows, *cols, *diag))


#: The 8 winning lines of the orange square (rows, columns, diagonals).
LINES: tuple[tuple[int, ...], ...] = _lines()
LINE_SETS = {frozenset(line): line for line in LINES}


def line_name(line: Sequence[int]) -> str:
    return "-".join(cell_name(c) for c in line)



def neighbour_table(adjacency: int) -> tuple[tuple[int, ...], ...]:
    """Per cell, its neighbouring cells: 8 (a king's steps) or 4 (orthogonal) directions."""
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if adjacency == 8:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    out = []
    for cell in range(SIZE * SIZE):
        c, r = cell % SIZE, cell // SIZE
        out.append(tuple(cell_of(c + dc, r + dr) for dc, dr in steps
                         if 0 <= c + dc < SIZE and 0 <= r + dr < SIZE))
    return tuple(out)


#: Home files per `homes` option (Gold on row 1, Red mirrored on row 9).
HOME_FILES = {"b-e-h": "beh", "a-e-i": "aei", "d-e-f": "def"}

# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------

#: Option id -> (allowed values, default). The defaults are the rule set of docs/rules/akhimoraec.md §5.
OPTION_VALUES: dict[str, tuple[tuple[Any, ...], Any]] = {
    "adjacency": ((8, 4), 8),
    "timer": (("A", "B"), "A"),
    "life": ((60, 120, 180), 180),
    "turn_clock": ((10, 15, 30, 0), 15),
    "reentry": (("derived", "full"), "derived"),
    "win_colour": (("same", "own"), "same"),
    "game_limit": ((600, 1200, 1800, 0), 1200),
    "homes": (("b-e-h", "a-e-i", "d-e-f"), "b-e-h"),
    "flip_in_place": ((False, True), False),
    "win_check": (("instant", "hold"), "instant"),
    "turns": (("alternate", "none"), "alternate"),
    "home_cells": (("reserved", "open"), "reserved"),
    "entry_order": (("free", "1-2-3"), "free"),
}


def default_options() -> dict[str, Any]:
    return {k: v[1] for k, v in OPTION_VALUES.items()}


# --------------------------------------------------------------------------------------------
# Values: moves, hourglasses, events, states
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """Tip the hourglass on `src` onto `dst` at game time `at` (ms). `src == dst`: flip in place."""

    src: int
    dst: int
    at: int


@dataclass(frozen=True, slots=True)
class Glass:
    """One hourglass. `up` is True when the owner's colour is up (False: black up).

    `until` is an absolute deadline in ms: when the sand runs out (ALIVE) or when the upper
    chamber is empty again so it may re-enter (WAITING); 0 when READY. `full` is the sand the
    upper chamber held when that run began (the life it got, or the wait it started)."""

    owner: int
    home: int
    cell: int
    status: int
    up: bool
    until: int
    full: int


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at game time `at` (ms), for the scene's animations and sounds.

    kind: "move" (cell -> dst), "death" (sand out on `cell`; `wait` ms before re-entry),
    "ready" (a waiting glass may re-enter), "expiry" (player's turn clock ran out), "pass"
    (player had no legal move), "line" (hold option: player's line awaits confirmation),
    "win" (player won; `line`), "draw" (game-time limit)."""

    at: int
    kind: str
    player: int
    home: int = -1
    cell: int = -1
    dst: int = -1
    wait: int = 0
    line: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AkhState:
    """A position: the game clock, whose turn it is and since when, the six hourglasses.

    `glasses` holds Gold's three (home order) then Red's three. `over` is set when the game has
    ended (then `winner` is a player or None for a draw, and `line` the winning line); `now`
    then stays at the instant it ended. `pending` (hold option) is the player whose line must
    survive the opponent's turn. `events` lists what the producing call did (not compared)."""

    now: int
    to_move: int
    turn_start: int
    glasses: tuple[Glass, ...]
    over: bool = False
    winner: int | None = None
    line: tuple[int, ...] = ()
    pending: int | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)

    def key(self) -> tuple[Any, ...]:
        return (self.now, self.to_move, self.turn_start, self.glasses, self.over, self.winner,
                self.line, self.pending)

    @property
    def time(self) -> float:
        """Game time in seconds."""
        return self.now / 1000.0


@dataclass(frozen=True, slots=True)
class GlassView:
    """Everything the scene draws for one hourglass, in seconds and cell names."""

    owner: int
    home: str
    cell: str
    status: str  # "ready" | "alive" | "waiting"
    colour_up: bool  # True: the owner's colour is up; False: black is up
    remaining: float  # alive: life left; waiting: time until re-entry; ready: 0
    full: float  # the life (or wait) it got when that run began
    capacity: float  # a full life (the `life` option)
    upper: float  # sand in the upper chamber, in seconds of flow
    lower: float  # sand in the lower chamber; upper + lower == capacity


# --------------------------------------------------------------------------------------------
# Time text
# --------------------------------------------------------------------------------------------

_TIME_RE = re.compile(r"^(\d+)(?:\.(\d{1,3}))?$")


def fmt_time(ms: int) -> str:
    """Milliseconds as seconds with up to three decimals, trailing zeros dropped: 12500 -> "12.5"."""
    whole, frac = divmod(ms, 1000)
    return f"{whole}.{frac:03d}".rstrip("0").rstrip(".") if frac else str(whole)


def clock_text(ms: int) -> str:
    """Milliseconds of game time as a clock shows them, whole seconds: 83900 -> "1:23"."""
    m, sec = divmod(max(0, ms) // 1000, 60)
    return f"{m}:{sec:02d}"


def parse_time(text: str) -> int:
    """Seconds text (at most three decimals) to ms; ValueError with a reason otherwise."""
    m = _TIME_RE.match(text.strip())
    if not m:
        raise ValueError(_("{text} is not a time in seconds (like 12.5, at most 3 decimals)").format(
            text=repr(text)))
    return int(m.group(1)) * 1000 + int((m.group(2) or "0").ljust(3, "0"))

