"""Ask the computer for its move in a position and print it in the game's notation.

    python tools/bestmove.py amazons --seconds 2
    python tools/bestmove.py pions --position "…" --all
    python tools/bestmove.py hanoi --option discs=8

The move is on the last line (an `info:` line with the search figures comes first).
`--all`: for games with a perfect strategy (the PerfectStrategy capability), every winning
move, one per line, or `lost`. Puzzles whose solver explains its best move (ExplainsBestMove)
print its lines instead (e.g. the first optimal move, then `optimal: N`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as `python tools/bestmove.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import outcome_of  # noqa: E402
from game.engine.protocol import ExplainsBestMove, PerfectStrategy  # noqa: E402
from tools._common import (  # noqa: E402
    ToolError,
    add_game_arguments,
    error_text,
    game_setup,
    run,
)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="bestmove.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--seconds", type=float, default=1.0, help="thinking time (default 1)")
    parser.add_argument("--level", help="AI level (default: the game's default level)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the AI's random choices")
    parser.add_argument("--all", action="store_true",
                        help="list every winning move (games with a perfect strategy)")
    args = parser.parse_args(argv)
    setup = game_setup(args)
    entry, rules, state = setup.entry, setup.rules, setup.initial_state()

    solver = entry.capability(ExplainsBestMove, rules)
    if solver is not None:
        for line in solver.bestmove_lines(rules, state):
            print(line)
        return 0

    outcome = outcome_of(rules, state)
    if outcome is not None:
        raise ToolError(f"the game is over: {outcome.reason}")

    if args.all:
        perfect = entry.capability(PerfectStrategy, rules)
        if perfect is None:
            raise ToolError(f"{entry.id} has no perfect strategy (no winning_moves)")
        moves = perfect.winning_moves(rules, state)
        for move in moves:
            print(rules.to_notation(state, move))
        if not moves:
            print("lost")
        return 0

    if entry.ai is None:
        raise ToolError(f"{entry.id} has no computer player")
    level = args.level or entry.default_level or (entry.ai_levels[0] if entry.ai_levels else "")
    try:
        player = entry.make_ai(rules, level)
    except KeyError as exc:
        raise ToolError(error_text(exc)) from None
    started = time.perf_counter()
    move = player.choose(state, seconds=args.seconds, rng=random.Random(args.seed))
    used = time.perf_counter() - started
    reason = rules.check(state, move)
    if reason is not None:
        raise ToolError(f"the computer chose a refused move: {reason}")
    info = getattr(player, "last_info", None) or {}
    extra = "".join(f", {k} {v}" for k, v in info.items())
    print(f"info: level {level}, {used:.2f} s{extra}")
    print(rules.to_notation(state, move))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
