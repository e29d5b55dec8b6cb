"""Play computer players against each other and count the results.

    python tools/arena.py amazons --a ai:strong --b ai:default --games 10 --seconds 0.5
    python tools/arena.py pions --a greedy --b random --games 100 --jobs 2

Players: `random` (uniform legal moves), `greedy` (one ply: the move after which the game's
evaluate(rules, state) is worst for the opponent; an immediate win first), `ai:LEVEL` (the
game's computer at that level). A and B swap sides every game (A moves first in games 1, 3, …).
One line per game, then exactly `A wins W, draws D, B wins L`.

A game still running after --max-plies moves is scored by the rules' `adjudicate(state) ->
Outcome | None` hook when they have one, else it is a draw. Games whose ai module has
`simulate_match` (real-time Akhimoraec) are played by it, in simulated time.
Game k uses seed --seed + k - 1, so any single game can be replayed; --jobs only spreads the
games over processes and gives the same lines as a single job with random/greedy players.
"""

from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/arena.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import outcome_of  # noqa: E402
from game.engine.protocol import Adjudicates, Outcome, random_move  # noqa: E402
from game.registry import GameEntry, resolve  # noqa: E402
from tools._common import ToolError, add_game_arguments, error_text, game_setup, run  # noqa: E402


class RandomPlayer:
    """Uniformly random legal moves."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def choose(self, state: Any, *, seconds: float, rng: random.Random) -> Any:
        return random_move(self.rules, state, rng)


class GreedyPlayer:
    """One ply: win at once if possible, else leave the opponent the worst evaluation."""

    def __init__(self, rules: Any, evaluate: Any) -> None:
        self.rules = rules
        self.evaluate = evaluate

    def choose(self, state: Any, *, seconds: float, rng: random.Random) -> Any:
        me = state.to_move
        best_score, best = -math.inf, []
        for move in self.rules.legal_moves(state):
            after = self.rules.play(state, move)
            outcome = outcome_of(self.rules, after)
            if outcome is None:
                score = -self.evaluate(self.rules, after)
            elif outcome.winner is None:
                score = 0.0
            else:
                score = math.inf if outcome.winner == me else -math.inf
            if score > best_score:
                best_score, best = score, [move]
            elif score == best_score:
                best.append(move)
        if not best:
            return random_move(self.rules, state, rng)
        return best[rng.randrange(len(best))]


def make_player(entry: GameEntry, rules: Any, spec: str) -> Any:
    if spec == "random":
        return RandomPlayer(rules)
    if spec == "greedy":
        if entry.evaluate is None:
            raise ToolError(f"{entry.id} has no evaluate function for the greedy player")
        return GreedyPlayer(rules, resolve(entry.evaluate))
    if spec.startswith("ai:"):
        try:
            return entry.make_ai(rules, spec[3:])
        except (KeyError, ValueError) as exc:
            raise ToolError(error_text(exc)) from None
    raise ToolError(f"unknown player {spec!r}: use random, greedy or ai:LEVEL")


@dataclass(frozen=True)
class Task:
    """One game, in plain data so that it can go to another process."""

    number: int
    game: str
    variant: str | None
    options: tuple[str, ...]
    position: str | None
    a: str
    b: str
    seconds: float
    max_plies: int
    seed: int


@dataclass(frozen=True)
class GameResult:
    number: int
    score: int  # +1 A won, 0 draw, -1 B won
    line: str


def play_game(task: Task) -> GameResult:
    """Play one game of the arena (A moves first in odd-numbered games)."""
    args = argparse.Namespace(game=task.game, variant=task.variant, option=list(task.options),
                              position=task.position)
    setup = game_setup(args)
    entry, rules = setup.entry, setup.rules
    a_first = task.number % 2 == 1
    a, b = make_player(entry, rules, task.a), make_player(entry, rules, task.b)
    sides = (a, b) if a_first else (b, a)
    rng = random.Random(task.seed)
    simulate = _simulator(entry)
    if simulate is not None and task.position is None:
        record: list[str] = []
        outcome = simulate(rules, sides[0], sides[1], rng, task.max_plies,
                           seconds=task.seconds, record=record)
        plies = len(record)
    else:
        outcome, plies = _play(rules, setup.initial_state(), sides, task, rng)
    a_side = 0 if a_first else 1
    names = entry.side_names
    who = (f"A={task.a} as {names[a_side % len(names)]}, "
           f"B={task.b} as {names[(1 - a_side) % len(names)]}")
    if outcome.winner is None:
        score, verdict = 0, "draw"
    elif outcome.winner == a_side:
        score, verdict = 1, "A wins"
    else:
        score, verdict = -1, "B wins"
    return GameResult(task.number, score, f"game {task.number}: {who}: {verdict} "
                                          f"({outcome.reason}) after {plies} plies")


def _simulator(entry: GameEntry) -> Any | None:
    if entry.ai is None:
        return None
    module = importlib.import_module(entry.ai.partition(":")[0])
    return getattr(module, "simulate_match", None)


def _play(rules: Any, state: Any, sides: tuple[Any, Any], task: Task,
          rng: random.Random) -> tuple[Outcome, int]:
    plies = 0
    while True:
        outcome = outcome_of(rules, state)
        if outcome is not None:
            return outcome, plies
        if plies >= task.max_plies:
            verdict = rules.adjudicate(state) if isinstance(rules, Adjudicates) else None
            return verdict or Outcome(None, f"cut after {plies} plies"), plies
        if not rules.legal_moves(state):
            return Outcome(None, "no legal move and no result"), plies
        move = sides[state.to_move].choose(state, seconds=task.seconds, rng=rng)
        state = rules.play(state, move)
        plies += 1


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="arena.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--a", required=True, help="player A: random, greedy or ai:LEVEL")
    parser.add_argument("--b", required=True, help="player B: random, greedy or ai:LEVEL")
    parser.add_argument("--games", type=int, required=True, help="number of games")
    parser.add_argument("--seconds", type=float, default=0.2, help="AI time per move")
    parser.add_argument("--max-plies", type=int, default=400, help="cut games at this length")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 1 (game k: seed+k-1)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    args = parser.parse_args(argv)
    setup = game_setup(args)  # fail early on a bad game, variant, option or position
    for spec in (args.a, args.b):
        make_player(setup.entry, setup.rules, spec)
    tasks = [Task(k, args.game, args.variant, tuple(args.option), args.position, args.a,
                  args.b, args.seconds, args.max_plies, args.seed + k - 1)
             for k in range(1, args.games + 1)]
    totals = {1: 0, 0: 0, -1: 0}
    if args.jobs > 1 and len(tasks) > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(args.jobs, len(tasks))) as pool:
            results = pool.imap(play_game, tasks)
            for result in results:
                totals[result.score] += 1
                print(result.line, flush=True)
    else:
        for task in tasks:
            result = play_game(task)
            totals[result.score] += 1
            print(result.line, flush=True)
    print(f"A wins {totals[1]}, draws {totals[0]}, B wins {totals[-1]}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
