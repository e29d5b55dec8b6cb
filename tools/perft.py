"""Count the move sequences of each length from a position (perft): a move generator's fingerprint.

    python tools/perft.py amazons --depth 2
    python tools/perft.py abalone --variant belgian-daisy --depth 3
    python tools/perft.py chess --fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" --depth 5

Prints `depth K: COUNT` for K = 1..N, then `nodes/s: X` (leaves counted per second over all
depths). A game whose turn has several steps counts whole turns through the CountsTurns
capability of its rules, turn_perft(state, depth) (Rithmomachia: depth 1 = the moves of phase 2). Otherwise it
uses the rules' own fast `perft(state, depth)` when they have one, else a generic recursion over
legal_moves/play in which a finished game has no continuation.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/perft.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import outcome_of  # noqa: E402
from game.engine.protocol import CountsTurns, HasPerft  # noqa: E402
from tools._common import add_game_arguments, game_setup, run  # noqa: E402


def generic_perft(rules: Any, state: Any, depth: int) -> int:
    """Number of legal move sequences of length `depth` (games stop when they are over)."""
    if depth == 0:
        return 1
    if outcome_of(rules, state) is not None:
        return 0
    moves = rules.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(generic_perft(rules, rules.play(state, m), depth - 1) for m in moves)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="perft.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--fen", dest="position", help="the same as --position (chess's FEN)")
    parser.add_argument("--depth", type=int, required=True, help="deepest length counted")
    parser.add_argument("--generic", action="store_true",
                        help="use the generic recursion even if the rules have perft()")
    args = parser.parse_args(argv)
    setup = game_setup(args)
    rules, state = setup.rules, setup.initial_state()
    fast = None
    if not args.generic:
        turns = setup.entry.capability(CountsTurns, rules)
        fast = turns.turn_perft if turns is not None else \
            rules.perft if isinstance(rules, HasPerft) else None
    total, elapsed = 0, 0.0
    for depth in range(1, args.depth + 1):
        started = time.perf_counter()
        count = fast(state, depth) if fast is not None else generic_perft(rules, state, depth)
        elapsed += time.perf_counter() - started
        total += count
        print(f"depth {depth}: {count}", flush=True)
    print(f"nodes/s: {round(total / max(elapsed, 1e-9))}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
