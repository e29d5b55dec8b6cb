"""The Towers of Hanoi solver, made ready off the render loop for hints and the solution.

The solver imports numpy (0.4 s) and, on four pegs, builds a table of every configuration (up
to 2 s for ten disks), so `SolverPrep` does it in a background thread when a puzzle opens;
until then the screen says "preparing hints…" and never waits for it.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from game.games.hanoi.rules import HanoiMove, HanoiState

T = TypeVar("T")

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


class SolutionShow:
    """The optimal solution played move by move from wherever the player is, faster when it
    is long; `seen` stays set for the attempt (a shown solution earns no stars)."""

    def __init__(self) -> None:
        self.on = False
        self.seen = False
        self.speed = 1.0
        self.wait = 0.0

    def start(self) -> bool:
        """Begin the show; True if this attempt had not seen the solution yet."""
        first = not self.seen
        self.on, self.seen = True, True
        self.wait = 0.25
        self.speed = 0.0  # set by the first step, from the length of the solution
        return first

    def stop(self) -> bool:
        """End the show; True if it was playing."""
        was, self.on = self.on, False
        return was

    def due(self, dt: float, anim_speed: float) -> bool:
        """Time for the next move, after `dt` seconds at the player's animation speed (0:
        instant)."""
        self.wait = self.wait - dt * anim_speed if anim_speed > 0 else 0.0
        return self.wait <= 0

    def next_move(self, prep: SolverPrep, state: HanoiState) -> HanoiMove | None:
        """The next move of the solution (None: solved, or the solver still preparing)."""
        move: HanoiMove | None = prep.ask(lambda s: s.best_move(state))
        if move is None:
            return None
        if self.speed <= 0:  # first step: long solutions play faster
            left = prep.ask(lambda s: s.moves_to_solve(state)) or 1
            self.speed = max(1.0, min(6.0, left / 20))
        self.wait = 0.12 / self.speed
        return move
