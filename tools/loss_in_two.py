"""How often a computer level walks into a forced loss in two, on proved positions.

    python tools/loss_in_two.py data/tactics/rithmomachia-win2.json --level strong

A win-in-two suite holds positions where the side to move has a forced win in two (a turn
after which every defence leaves it a win at once). Give the move to the other side instead,
as if the winner had passed: most of that side's turns leave the forced win standing, a few
break it. The tool proves which (every turn of the defender, then the suite's own win-in-two
proof after it, independent of the computer players), keeps the positions where some turns
save the game and some lose it, and has the level play a whole turn in each at its screen
time (or --seconds). Solved: its turn wins at once, or leaves the opponent no forced win in
two (proved on the end of the turn it played). It prints `loss2 solved/total`, then each
failure with the turn played and the turns that save; with --limit, only the first positions of the suite are looked at.

Only for games whose state is a dataclass with a `to_move` field and whose turns begin
afresh when the side changes (Rithmomachia's turn starts): a position in the middle of a turn
is left out. Exit status 0 whatever the score; 2 for a bad request.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/loss_in_two.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import outcome_of  # noqa: E402
from tools._common import ToolError, run  # noqa: E402
from tools.tactic_proofs import prove_win2  # noqa: E402
from tools.tactics import load_suite, suite_game  # noqa: E402
from tools.virtual_clock import add_tick_argument, choose_move  # noqa: E402


def passed(state: Any) -> Any | None:
    """`state` with the other side to move, or None where that is no position to play from
    (not a dataclass with `to_move`, or a turn under way)."""
    if not dataclasses.is_dataclass(state) or not hasattr(state, "to_move"):
        return None
    if getattr(state, "phase", 1) != 1:
        return None
    return dataclasses.replace(state, to_move=1 - state.to_move)  # type: ignore[type-var]


def saves(turns: Any, side: int, after: Any) -> bool:
    """Whether the turn of `side` that ended in `after` won, or left the opponent no forced
    win in two (the suite's own proof)."""
    out = outcome_of(turns.rules, after)
    if out is not None:
        return out.winner == side
    return prove_win2(turns, after) is None


def saving_turns(turns: Any, state: Any) -> tuple[list[str], int]:
    """The turns of the side to move after which the opponent has no forced win in two (or
    that win at once), and how many turns leave it one (a turn that ends the game otherwise
    is neither)."""
    side, saving, losing = state.to_move, [], 0
    for label, after in turns.turns(state):
        if saves(turns, side, after):
            saving.append(label)
        elif outcome_of(turns.rules, after) is None:
            losing += 1
    return saving, losing


def chooser(player: Any, seconds: float, rng: random.Random, tick: float | None = None) -> Any:
    """The level's choice of a move, as `Turns.play_turn` asks for one; with `tick` the level
    reads the virtual clock (tools/virtual_clock.py: the same choice under any load)."""
    return lambda state: choose_move(player, state, seconds, None, rng, tick)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="loss_in_two.py", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a win-in-two suite (data/tactics/GAME-win2.json)")
    parser.add_argument("--level", help="the computer level (default: the game's default)")
    parser.add_argument("--seconds", type=float, help="time a move (default: the screen's)")
    parser.add_argument("--limit", type=int, help="only the first N positions of the suite")
    parser.add_argument("--seed", type=int, default=1)
    add_tick_argument(parser)
    args = parser.parse_args(argv)
    data = load_suite(Path(args.file))
    if data["kind"] != "win2":
        raise ToolError(f"{args.file} is a {data['kind']} suite: this tool reads win2 suites")
    entry, rules, turns = suite_game(data)
    level = args.level or entry.default_level or entry.ai_levels[0]
    if level not in entry.ai_levels:
        raise ToolError(f"{entry.id} has no level {level!r} (levels: {', '.join(entry.ai_levels)})")
    seconds = args.seconds if args.seconds is not None else entry.think_time(level)
    solved = total = left_out = 0
    failures: list[str] = []
    started = time.perf_counter()
    for p in data["positions"][:args.limit]:
        state = passed(rules.parse_position(p["position"]))
        if state is None or outcome_of(rules, state) is not None:
            left_out += 1
            continue
        saving, losing = saving_turns(turns, state)
        if not saving or not losing:
            left_out += 1  # nothing to choose between: every turn saves, or none does
            continue
        label, after = turns.play_turn(state, chooser(entry.make_ai(rules, level), seconds,
                                                      random.Random(args.seed), args.tick))
        total += 1
        if saves(turns, state.to_move, after):
            solved += 1  # proved on the end of the turn played, whatever its path
        else:
            shown = ", ".join(saving[:6]) + (" …" if len(saving) > 6 else "")
            failures.append(f"  FAIL {p['id']}: played {label}; saving {shown}")
    used = time.perf_counter() - started
    clock = "" if args.tick is None else f" on the virtual clock (tick {args.tick:g})"
    print(f"loss2 {solved}/{total}  ({entry.id}, level {level}, {seconds:g} s{clock}, "
          f"{left_out} left out, {used:.0f} s)")
    for line in failures:
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
