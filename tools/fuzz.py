"""Play random legal games and check that the rules keep their promises at every step.

    python tools/fuzz.py amazons --games 50 --max-plies 60
    python tools/fuzz.py akhimoraec --games 200 --seed 7

Checked at every ply: the move drawn from legal_moves passes `check` (so do a few others) and
is accepted by `play`; `play` leaves its input state unchanged (key and position text); the
notation round-trips (parse_move(to_notation(m)) == m); the position text round-trips; a game
without an outcome has a legal move (real-time games, with `advance`, may wait instead; other
rules may say so with `allows_no_moves(state)`); `perft(state, 1)` equals the number of legal
moves when the rules have perft; and the rules' own `invariants(state)` finds nothing.
Real-time rules with `advance` and `random_time_step(state, rng)` also let random time pass
between moves (checked for mutation too).

Game k uses seed --seed + k - 1; each failure prints the command that replays its game.
Exit code 1 when anything failed.
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/fuzz.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import outcome_of  # noqa: E402
from game.engine.protocol import HasInvariants, HasPerft, RandomTimeStep, RealTime  # noqa: E402
from tools._common import add_game_arguments, game_setup, run  # noqa: E402

#: How many other legal moves are also passed through `check` at each ply.
_EXTRA_CHECKS = 6


class Failure(Exception):
    """One broken promise; the message says which."""


@dataclass
class GameReport:
    seed: int
    plies: int = 0
    failure: str | None = None


def _fingerprint(rules: Any, state: Any) -> tuple[Any, str | None]:
    text = rules.position_text(state) if hasattr(rules, "position_text") else None
    return state.key(), text


def _unchanged(rules: Any, state: Any, before: tuple[Any, str | None], what: str) -> None:
    if _fingerprint(rules, state) != before:
        raise Failure(f"{what} changed its input state")


def check_position(rules: Any, state: Any) -> None:
    """Round-trip the position text and run the rules' own invariants."""
    if hasattr(rules, "position_text") and hasattr(rules, "parse_position"):
        text = rules.position_text(state)
        again = rules.parse_position(text)
        if rules.position_text(again) != text:
            raise Failure(f"position text does not round-trip: {text!r} -> "
                          f"{rules.position_text(again)!r}")
        if again.key() != state.key():
            raise Failure(f"position text {text!r} reads back as a different position")
    if isinstance(rules, HasInvariants):
        problems = rules.invariants(state)
        if problems:
            raise Failure("invariants: " + "; ".join(problems))


def check_move(rules: Any, state: Any, move: Any) -> Any:
    """Check one legal move every way; return the state after it."""
    reason = rules.check(state, move)
    if reason is not None:
        raise Failure(f"legal move {move!r} refused by check: {reason}")
    if hasattr(rules, "to_notation"):
        text = rules.to_notation(state, move)
        try:
            back = rules.parse_move(state, text)
        except ValueError as exc:
            raise Failure(f"notation {text!r} of {move!r} is refused when read back: "
                          f"{exc}") from None
        if back != move:
            raise Failure(f"notation {text!r} of {move!r} reads back as {back!r}")
    before = _fingerprint(rules, state)
    after = rules.play(state, move)
    _unchanged(rules, state, before, "play")
    return after


def fuzz_game(rules: Any, start: Any, seed: int, max_plies: int) -> GameReport:
    """One random game from `start`; stops at the first failure."""
    rng = random.Random(seed)
    report = GameReport(seed)
    advance = rules.advance if isinstance(rules, RealTime) else None
    time_step = rules.random_time_step if isinstance(rules, RandomTimeStep) else None
    allows_no_moves = getattr(rules, "allows_no_moves", None)  # test doubles only
    perft = rules.perft if isinstance(rules, HasPerft) else None
    state = start
    steps = 0
    try:
        check_position(rules, state)
        while report.plies < max_plies and steps < 4 * max_plies + 10:
            steps += 1
            if outcome_of(rules, state) is not None:
                break
            moves = list(rules.legal_moves(state))
            if perft is not None and perft(state, 1) != len(moves):
                raise Failure(f"perft(state, 1) = {perft(state, 1)} but there are "
                              f"{len(moves)} legal moves")
            if advance is not None and time_step is not None and \
                    (not moves or rng.random() < 0.5):
                dt = time_step(state, rng)
                before = _fingerprint(rules, state)
                later = advance(state, dt)
                _unchanged(rules, state, before, "advance")
                state = later
                check_position(rules, state)
                continue
            if not moves:
                if advance is None and not (allows_no_moves and allows_no_moves(state)):
                    raise Failure("no legal move, but the game is not over")
                break
            move = moves[rng.randrange(len(moves))]
            for other in rng.sample(moves, min(_EXTRA_CHECKS, len(moves))):
                reason = rules.check(state, other)
                if reason is not None:
                    raise Failure(f"legal move {other!r} refused by check: {reason}")
            state = check_move(rules, state, move)
            report.plies += 1
            check_position(rules, state)
    except Failure as exc:
        report.failure = f"ply {report.plies + 1}: {exc}"
    except Exception as exc:  # a crash in the rules is a failure too, with its place
        report.failure = f"ply {report.plies + 1}: {type(exc).__name__}: {exc}"
    return report


def _replay_command(args: argparse.Namespace, seed: int) -> str:
    parts = ["python", "tools/fuzz.py", args.game, "--games", "1", "--seed", str(seed),
             "--max-plies", str(args.max_plies)]
    if args.variant:
        parts += ["--variant", args.variant]
    if args.position:
        parts += ["--position", args.position]
    for opt in args.option:
        parts += ["--option", opt]
    return shlex.join(parts)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="fuzz.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--games", type=int, default=20, help="number of random games")
    parser.add_argument("--max-plies", type=int, default=200, help="cut each game here")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 1 (game k: seed+k-1)")
    args = parser.parse_args(argv)
    setup = game_setup(args)
    plies = failures = 0
    for k in range(args.games):
        seed = args.seed + k
        report = fuzz_game(setup.rules, setup.initial_state(), seed, args.max_plies)
        plies += report.plies
        if report.failure is not None:
            failures += 1
            print(f"FAIL game {k + 1} (seed {seed}) {report.failure}")
            print(f"  replay: {_replay_command(args, seed)}")
    print(f"games: {args.games}, plies: {plies}, failures: {failures}")
    return 1 if failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
