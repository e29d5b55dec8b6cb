"""How long the computer takes to answer at each level, at the times the screen gives it.

    python tools/think_times.py fairy16 --positions 12
    python tools/think_times.py taishogi --positions 8 --seed 3

Positions come from one seeded game that the default level plays against itself quickly
(--make-seconds a move); one position is kept every --every plies. Then every level chooses a
move in every kept position with the time its screen gives it (the entry's `think_seconds`),
and the tool prints, per level, the mean and the longest answer and whether the longest stays
within the budget of ARCHITECTURE.md: 1 s at the default level and below, 3 s at the strongest
level, 3 s at every level of Tai Shogi. The figures are the thinking itself: on the screen the
computer's process also replays the game first (a few milliseconds a move).

Exit status 0 whatever the times (they depend on the machine); 2 for a bad request.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/think_times.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import outcome_of  # noqa: E402
from game.registry import GameEntry  # noqa: E402
from tools._common import ToolError, add_game_arguments, error_text, game_setup, run  # noqa: E402

#: Games whose every level may take up to the strongest budget (25×25, 177 men a side).
SLOW_GAMES = frozenset({"taishogi"})
DEFAULT_BUDGET, STRONGEST_BUDGET = 1.0, 3.0


def budget(entry: GameEntry, level: str) -> float:
    """The longest answer ARCHITECTURE.md allows `level` of `entry`."""
    if entry.id in SLOW_GAMES or (entry.ai_levels and level == entry.ai_levels[-1]):
        return STRONGEST_BUDGET
    return DEFAULT_BUDGET


def positions(entry: GameEntry, rules: Any, start: Any, count: int, every: int,
              seconds: float, seed: int) -> list[Any]:
    """Up to `count` positions of one quick game of the default level against itself."""
    rng = random.Random(seed)
    player = entry.make_ai(rules, entry.default_level or entry.ai_levels[0])
    state, kept, ply = start, [], 0
    while len(kept) < count and outcome_of(rules, state) is None:
        if not rules.legal_moves(state):
            break
        if ply % every == 0:
            kept.append(state)
        state = rules.play(state, player.choose(state, seconds=seconds, rng=rng))
        ply += 1
    return kept


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="think_times.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--positions", type=int, default=10, help="positions to time")
    parser.add_argument("--every", type=int, default=6, help="plies between kept positions")
    parser.add_argument("--make-seconds", type=float, default=0.05,
                        help="time a move of the game that makes the positions")
    parser.add_argument("--level", action="append", default=[],
                        help="time only this level (repeatable; default: every level)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.positions < 1 or args.every < 1:
        raise ToolError("--positions and --every must be at least 1")
    setup = game_setup(args)
    entry, rules = setup.entry, setup.rules
    if not entry.ai_levels:
        raise ToolError(f"{entry.id} has no computer levels")
    levels = args.level or list(entry.ai_levels)
    for level in levels:
        if level not in entry.ai_levels:
            raise ToolError(f"{entry.id} has no level {level!r} "
                            f"(levels: {', '.join(entry.ai_levels)})")
    try:
        kept = positions(entry, rules, setup.initial_state(), args.positions, args.every,
                         args.make_seconds, args.seed)
    except (KeyError, ValueError) as exc:
        raise ToolError(error_text(exc)) from None
    print(f"{entry.id}: {len(kept)} positions, one every {args.every} plies (seed {args.seed})")
    for level in levels:
        player = entry.make_ai(rules, level)
        given = entry.think_time(level)
        rng = random.Random(args.seed)
        spent = []
        for state in kept:
            started = time.perf_counter()
            player.choose(state, seconds=given, rng=rng)
            spent.append(time.perf_counter() - started)
        longest, limit = max(spent), budget(entry, level)
        verdict = "within budget" if longest <= limit else "OVER BUDGET"
        print(f"{level}: given {given:.2f} s, mean {sum(spent) / len(spent):.3f} s, "
              f"longest {longest:.3f} s, budget {limit:.0f} s: {verdict}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
