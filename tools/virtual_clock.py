"""A virtual clock for the computer's code: searches cut by time replay the same under any load.

The puzzle generator and the arena (`--tick`) read it. Every reading of the clock advances it
by `tick` seconds, so a search that reads the clock between nodes stops after the same number
of readings (the same work) whatever the machine is doing; `tick` is chosen so that a virtual
second is about a real one on a quiet machine (the arena's docstring gives the calibration).
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class VirtualClock:
    """Stands in for the `time` module of the computer's code while it chooses a move: the
    clock advances `tick` seconds at every reading, so a level cut by its clock stops after
    the same readings (the same work) on any machine and under any load: the game replays."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now

    monotonic = perf_counter
    time = perf_counter

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


@contextmanager
def virtual_time(tick: float) -> Iterator[VirtualClock]:
    """Every loaded module of the game package reads `VirtualClock(tick)` instead of the real
    clock until the block ends (the searches look their clock up when they start, so their
    deadlines read it too)."""
    from game.engine import search  # noqa: F401  (loaded, so that its deadlines are patched)

    clock = VirtualClock(tick)
    patched = [mod for name, mod in list(sys.modules.items())
               if name.startswith("game.") and getattr(mod, "time", None) is time]
    for mod in patched:
        mod.time = clock  # type: ignore[attr-defined]
    try:
        yield clock
    finally:
        for mod in patched:
            mod.time = time  # type: ignore[attr-defined]


def choose_move(player: Any, state: Any, seconds: float, nodes: int | None,
                rng: random.Random, tick: float | None = None) -> Any:
    """The player's move; `nodes` bounds its search where its `choose` takes a bound, and with
    `tick` the player reads the virtual clock (a search cut by nodes or by the virtual clock
    plays the same move on any machine). The tools that replay games or check suites (puzzles,
    tactics, loss in two) all ask for moves this way."""
    kwargs: dict[str, Any] = {"seconds": seconds, "rng": rng}
    if nodes is not None and "nodes" in inspect.signature(player.choose).parameters:
        kwargs["nodes"] = nodes
    if tick is None:
        return player.choose(state, **kwargs)
    with virtual_time(tick):
        return player.choose(state, **kwargs)


def add_tick_argument(parser: argparse.ArgumentParser) -> None:
    """The `--tick SECONDS` option of every tool whose levels may read this clock."""
    parser.add_argument("--tick", type=float, default=None, metavar="SECONDS",
                        help="the computer reads a virtual clock that moves SECONDS at every "
                             "reading: the same moves under any load (the step a game needs: "
                             "tools/arena.py)")
