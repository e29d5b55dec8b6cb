"""Play computer players against each other and count the results.

    python tools/arena.py amazons --a ai:strong --b ai:default --games 10 --seconds 0.5
    python tools/arena.py pions --a greedy --b random --games 100 --jobs 2

Players: `random` (uniform legal moves), `greedy` (one ply: the move after which the game's
evaluate(rules, state) is worst for the opponent; an immediate win first), `ai:LEVEL` (the
game's computer at that level). A and B swap sides every game (A moves first in games 1, 3, …).
One line per game, then exactly `A wins W, draws D, B wins L`.

A game still running after --max-plies moves is scored by the rules' `adjudicate(state) ->
Outcome | None` hook when they have one, else by the ai module's `adjudicate(rules, state)`,
else it is a draw. Games whose ai module has
`simulate_match` (real-time Akhimoraec) are played by it, in simulated time.
Before that last line, games between two players print their progress figures: how many reached
a result before --max-plies, the longest stretch without a capture, moves that take a man
straight back where it came from (per 100 plies), and how many different men each side moved
in its first 20 moves. Game k uses seed --seed + k - 1, so any single game can be replayed; --jobs only spreads the
games over processes and gives the same lines as a single job with random/greedy players.
`--level-seconds LEVEL=S` gives one level its own time per move (the others get --seconds);
`--screen-times` gives every level the time it has on the screen (the entry's think_seconds).
`--opening N` starts every game after N random plies, the same ones for both games of a pair
(games 1 and 2, 3 and 4, …, which swap sides): computer levels that break ties alike play
the same game again and again from the start (Amazons' strong–default ladder was nearly two
games, each played six times), and an opening drawn per pair makes the games differ while each
side gets each opening once.
`--tick S` lets the computer read a virtual clock that moves S seconds at every reading
(tools/virtual_clock.py): a level cut by its clock then does the same work, and a game replays
the same, under any load, so two arenas can share the cores under `nice`. The times printed
are then virtual seconds. For Rithmomachia, 0.0007 makes a virtual second about a second of
a quiet machine's processor (its search reads the clock every 8 nodes: 1.4-1.5 ms of CPU a
reading over the positions of a game on 2026-11-29, hence 0.0015 then; the capture finder's
fast path halved it: 2.54 -> 1.22 ms a reading over 160 plies of a default - default game, at
load 3, 2026-12-01); for the fairy chess 0.008 (its search reads it every 256 nodes, its mate
tests every 16 moves: 6.5-8.7 ms of CPU a reading, 2026-11-29).

    python tools/arena.py abalone --ladder --games 4 --seconds 0.3 --write

`--ladder` plays every level against the next one up and against `greedy` and `random` (and
greedy against random), --games games a pairing, then prints each player's Elo-scale rating
with its standard error (game.engine.ladder: a Bradley-Terry fit anchored on random = 0) and
each level's score against the one below it. `--write` stores the table, the date, the games
and the time per move as the game's ladder.json, which the setup screen reads.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/arena.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry  # noqa: E402
from game.engine.ladder import (  # noqa: E402
    YARDSTICK,
    Pairing,
    Rating,
    fit,
    ladder_path,
    load,
    strength_word,
)
from game.engine.match import find_entry, outcome_of  # noqa: E402
from game.engine.protocol import (  # noqa: E402
    Adjudicates,
    JudgesCutGames,
    Outcome,
    ProvenLevels,
    SimulatesMatches,
    random_move,
)
from game.registry import GameEntry, resolve  # noqa: E402
from tools._common import ToolError, add_game_arguments, error_text, game_setup, run  # noqa: E402
from tools.virtual_clock import add_tick_argument, virtual_time  # noqa: E402


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


class Timed:
    """A player that thinks for its own time per move whatever the arena passes (the ladder
    gives each level its own); everything else (Akhimoraec's think_time) is the player's."""

    def __init__(self, player: Any, seconds: float | None, tick: float | None = None) -> None:
        self.player = player
        self.seconds = seconds
        self.tick = tick
        #: seconds of each choice (the time per move the arena reports): by the wall clock,
        #: or by the virtual clock the player read when there is a `tick`
        self.spent: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)

    def choose(self, state: Any, *, seconds: float | None, rng: random.Random) -> Any:
        own = self.seconds if self.seconds is not None else seconds
        if self.tick is not None:
            with virtual_time(self.tick) as clock:
                move = self.player.choose(state, seconds=own, rng=rng)
            self.spent.append(clock.now)
            return move
        started = time.perf_counter()
        move = self.player.choose(state, seconds=own, rng=rng)
        self.spent.append(time.perf_counter() - started)
        return move


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
    a_seconds: float | None = None  # own time per move of A (None: `seconds`)
    b_seconds: float | None = None
    opening: int = 0  # random plies before the players take over, the same for a pair
    tick: float | None = None  # the players read a virtual clock (seconds a reading)


@dataclass(frozen=True)
class GameResult:
    number: int
    score: int  # +1 A won, 0 draw, -1 B won
    line: str
    #: (total seconds, moves, longest) of A's and of B's choices
    a_time: tuple[float, int, float] = (0.0, 0, 0.0)
    b_time: tuple[float, int, float] = (0.0, 0, 0.0)
    progress: Progress | None = None


@dataclass
class Progress:
    """Whether a game went somewhere: a result by the rules before the cut, the longest stretch
    of plies without a capture (men on the board falling), the moves that took a man straight
    back to the square it left on its side's previous move, and how many different men each
    side moved in its first 20 moves (games whose moves have `frm` and `to` squares)."""

    decided: bool = False
    plies: int = 0
    longest_quiet: int = 0
    back_and_forth: int = 0
    men_moved: tuple[int, int] = (0, 0)
    _quiet: int = 0
    _last: dict[int, tuple[int, int]] = field(default_factory=dict)
    _where: dict[int, int] = field(default_factory=dict)
    _moved: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    _moves: list[int] = field(default_factory=lambda: [0, 0])

    def record(self, side: int, move: Any, men_before: int, men_after: int) -> None:
        self.plies += 1
        self._quiet = 0 if men_after < men_before else self._quiet + 1
        self.longest_quiet = max(self.longest_quiet, self._quiet)
        frm, to = getattr(move, "frm", None), getattr(move, "to", None)
        if not isinstance(frm, int) or not isinstance(to, int) or frm < 0 or frm == to:
            return
        if self._last.get(side) == (to, frm):
            self.back_and_forth += 1
        self._last[side] = (frm, to)
        man = self._where.pop(frm, frm)
        self._where[to] = man
        self._moves[side] += 1
        if self._moves[side] <= 20:
            self._moved[side].add(man)
        self.men_moved = (len(self._moved[0]), len(self._moved[1]))


def men_on_board(rules: Any, state: Any) -> int:
    """Men on the board (a capture makes it fall; Amazons' arrows only ever add): the occupied
    squares of a board of codes (0 empty), else the letters of the position text's first
    field. Tai Shogi needs the board: its text spells each man with its own letters between
    spaces, so the first field is one man."""
    board = getattr(state, "board", None)
    if isinstance(board, tuple) and board and all(isinstance(p, int) for p in board):
        return sum(1 for p in board if p)
    return sum(ch.isalpha() for ch in rules.position_text(state).split(" ")[0])


def progress_summary(results: Sequence[GameResult], max_plies: int) -> list[str]:
    """The progress figures of some games (see Progress)."""
    ps = [r.progress for r in results if r.progress is not None]
    if not ps:
        return []
    plies = sum(p.plies for p in ps)
    decided = sum(p.decided for p in ps)
    lines = [f"progress: {decided}/{len(ps)} games reached a result before ply {max_plies}; "
             f"longest stretch without a capture {max(p.longest_quiet for p in ps)} plies "
             f"(mean of the games' longest {sum(p.longest_quiet for p in ps) / len(ps):.0f}); "
             f"back-and-forth moves {100 * sum(p.back_and_forth for p in ps) / max(plies, 1):.1f}"
             f" per 100 plies"]
    moved = [m for p in ps for m in p.men_moved]
    if any(moved):
        lines.append(f"men moved in a side's first 20 moves: fewest {min(moved)}, "
                     f"mean {sum(moved) / len(moved):.1f}")
    return lines


def play_game(task: Task) -> GameResult:
    """Play one game of the arena (A moves first in odd-numbered games)."""
    args = argparse.Namespace(game=task.game, variant=task.variant, option=list(task.options),
                              position=task.position)
    setup = game_setup(args)
    entry, rules = setup.entry, setup.rules
    a_first = task.number % 2 == 1
    a = Timed(make_player(entry, rules, task.a), task.a_seconds, task.tick)
    b = Timed(make_player(entry, rules, task.b), task.b_seconds, task.tick)
    sides = (a, b) if a_first else (b, a)
    rng = random.Random(task.seed)
    simulate = _simulator(entry)
    progress: Progress | None = None
    if simulate is not None and task.position is None:
        record: list[str] = []
        outcome = simulate(rules, sides[0], sides[1], rng, task.max_plies,
                           seconds=task.seconds, record=record)
        plies = len(record)
    else:
        state = setup.initial_state()
        # both games of a pair (k odd and k + 1) draw the same opening from the odd one's seed
        opened, plies = opening(rules, state, task.opening, task.seed - (1 - task.number % 2))
        progress = Progress()
        outcome, plies = _play(rules, opened, sides, task, rng, plies, progress)
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
    line = f"game {task.number}: {who}: {verdict} ({outcome.reason}) after {plies} plies"
    if progress is not None and any(progress.men_moved):
        # the game's own figure, so a game under the target can be found and replayed
        line += ("; men moved in a side's first 20 moves: " + ", ".join(
            f"{names[side % len(names)]} {n}" for side, n in enumerate(progress.men_moved)))
    return GameResult(task.number, score, line,
                      _times(a.spent), _times(b.spent), progress)


def _times(spent: list[float]) -> tuple[float, int, float]:
    return (sum(spent), len(spent), max(spent, default=0.0))


def time_summary(name: str, times: Sequence[tuple[float, int, float]]) -> str:
    """`name: N moves, mean X s, longest Y s` over some games' (total, moves, longest)."""
    total = sum(t[0] for t in times)
    moves = sum(t[1] for t in times)
    longest = max((t[2] for t in times), default=0.0)
    mean = total / moves if moves else 0.0
    return f"{name}: {moves} moves, mean {mean:.3f} s, longest {longest:.3f} s a move"


def _simulator(entry: GameEntry) -> Any | None:
    found = entry.capability(SimulatesMatches)
    return None if found is None else found.simulate_match


def opening(rules: Any, state: Any, plies: int, seed: int) -> tuple[Any, int]:
    """`state` after `plies` uniform random legal moves drawn from `seed` (fewer if the game
    ends first), and how many were played."""
    rng = random.Random(f"opening {seed}")
    played = 0
    while played < plies and outcome_of(rules, state) is None:
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.play(state, rng.choice(moves))
        played += 1
    return state, played


def _play(rules: Any, state: Any, sides: tuple[Any, Any], task: Task,
          rng: random.Random, plies: int = 0,
          progress: Progress | None = None) -> tuple[Outcome, int]:
    men = men_on_board(rules, state)
    while True:
        outcome = outcome_of(rules, state)
        if outcome is not None:
            if progress is not None:
                progress.decided = True
            return outcome, plies
        if plies >= task.max_plies:
            verdict = _adjudicate(task.game, rules, state)
            return verdict or Outcome(None, f"cut after {plies} plies"), plies
        if not rules.legal_moves(state):
            return Outcome(None, "no legal move and no result"), plies
        side = state.to_move
        move = sides[side].choose(state, seconds=task.seconds, rng=rng)
        state = rules.play(state, move)
        plies += 1
        if progress is not None:
            before, men = men, men_on_board(rules, state)
            progress.record(side, move, before, men)


def _adjudicate(game: str, rules: Any, state: Any) -> Outcome | None:
    """The rules' verdict on a cut game, else the ai module's `adjudicate(rules, state)`."""
    if isinstance(rules, Adjudicates):
        return rules.adjudicate(state)
    judge = find_entry(game, registry.get).capability(JudgesCutGames)
    return None if judge is None else judge.adjudicate(rules, state)


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="arena.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    parser.add_argument("--a", help="player A: random, greedy or ai:LEVEL")
    parser.add_argument("--b", help="player B: random, greedy or ai:LEVEL")
    parser.add_argument("--ladder", action="store_true",
                        help="play the level ladder and print ratings (no --a/--b)")
    parser.add_argument("--write", nargs="?", const="", default=None, metavar="PATH",
                        help="with --ladder: store the table (default: the game's ladder.json)")
    parser.add_argument("--add", action="store_true",
                        help="with --ladder --write: add these games to those already in the "
                             "file (same pairings; use another --seed) and rate them all")
    parser.add_argument("--games", type=int, required=True,
                        help="number of games (with --ladder: per pairing)")
    parser.add_argument("--seconds", type=float, default=0.2, help="AI time per move")
    parser.add_argument("--level-seconds", action="append", default=[], metavar="LEVEL=S",
                        help="own time per move of one level (repeatable)")
    parser.add_argument("--screen-times", action="store_true",
                        help="each level thinks as long as on the screen (the entry's "
                             "think_seconds); --level-seconds still overrides one level")
    parser.add_argument("--max-plies", type=int, default=400, help="cut games at this length")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 1 (game k: seed+k-1)")
    parser.add_argument("--first-game", type=int, default=1, metavar="K",
                        help="play games K to K+GAMES-1 (to finish a run stopped after game "
                             "K-1: the same seeds and sides); not with --ladder")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--opening", type=int, default=0, metavar="N",
                        help="start each pair of games after the same N random plies")
    add_tick_argument(parser)
    args = parser.parse_args(argv)
    setup = game_setup(args)  # fail early on a bad game, variant, option or position
    if args.opening and _simulator(setup.entry) is not None and args.position is None:
        raise ToolError(f"{setup.entry.id} is played in simulated time: --opening is not "
                        "available")
    own = _level_seconds(args.level_seconds)
    if args.screen_times:
        own = {lv: setup.entry.think_time(lv) for lv in setup.entry.ai_levels} | own
    if args.first_game < 1:
        raise ToolError("--first-game counts from 1")
    if args.ladder:
        if args.first_game != 1:
            raise ToolError("--ladder plays every game of its pairings: leave out --first-game")
        if args.a or args.b:
            raise ToolError("--ladder plays its own pairings: leave out --a and --b")
        if not setup.entry.ai_levels:
            raise ToolError(f"{setup.entry.id} has no computer levels to rank")
        pairs = ladder_pairs(setup.entry.ai_levels, with_greedy=setup.entry.evaluate is not None)
    else:
        if not (args.a and args.b):
            raise ToolError("name both players with --a and --b (or ask for --ladder)")
        pairs = [(args.a, args.b)]
    for spec in {x for pair in pairs for x in pair}:
        make_player(setup.entry, setup.rules, spec)
    seconds = {f"ai:{lv}": own.get(lv, args.seconds) for lv in setup.entry.ai_levels}
    earlier: dict[str, Any] | None = None
    path = Path(args.write) if args.write else ladder_path(setup.entry.id)
    if args.add:
        if args.write is None:
            raise ToolError("--add adds to the ladder file: give --write too")
        earlier = load(setup.entry.id, path)
        if earlier is None:
            raise ToolError(f"--add: no readable ladder in {path}")
        if earlier.get("seconds_per_move") != seconds:
            raise ToolError("--add: the file's games were played at other times per move")
        if earlier.get("opening_plies", 0) != args.opening:
            raise ToolError("--add: the file's games started after another --opening")
        _merged([Pairing(a, b, 0, 0, 0) for a, b in pairs], earlier)  # same pairings?
    tasks = [Task(k, args.game, args.variant, tuple(args.option), args.position, a, b,
                  args.seconds, args.max_plies, args.seed + k - 1,
                  own.get(a.removeprefix("ai:")), own.get(b.removeprefix("ai:")), args.opening,
                  args.tick)
             for a, b in pairs for k in range(args.first_game, args.first_game + args.games)]
    results = _run_tasks(tasks, args.jobs)
    if not args.ladder:
        totals = {1: 0, 0: 0, -1: 0}
        for result in results:
            totals[result.score] += 1
        print(time_summary(f"A={args.a}", [r.a_time for r in results]))
        print(time_summary(f"B={args.b}", [r.b_time for r in results]))
        for line in progress_summary(results, args.max_plies):
            print(line)
        print(f"A wins {totals[1]}, draws {totals[0]}, B wins {totals[-1]}")
        return 0
    pairings = []
    for i, (a, b) in enumerate(pairs):
        scores = [r.score for r in results[i * args.games:(i + 1) * args.games]]
        pairings.append(Pairing(a, b, scores.count(1), scores.count(0), scores.count(-1)))
    if earlier is not None:
        pairings = _merged(pairings, earlier)
    ratings = fit(pairings)
    spent: dict[str, list[tuple[float, int, float]]] = {}
    for task, result in zip(tasks, results, strict=True):
        spent.setdefault(task.a, []).append(result.a_time)
        spent.setdefault(task.b, []).append(result.b_time)
    for name in (f"ai:{lv}" for lv in setup.entry.ai_levels):
        print(time_summary(name, spent.get(name, [])))
    for line in ladder_table(setup.entry.ai_levels, pairings, ratings,
                             proven_words(setup.entry)):
        print(line)
    if args.write is not None:
        data = _ladder_data(setup.entry, args, seconds, pairings, ratings,
                            argv if argv is not None else sys.argv[1:])
        data["time_per_move"] = {name: _time_row(spent.get(name, []))
                                 for name in (f"ai:{lv}" for lv in setup.entry.ai_levels)}
        if earlier is not None:
            data["commands"] = [*earlier.get("commands", [earlier.get("command")]),
                                data["command"]]
            data["games_per_pairing"] = pairings[0].games
        else:
            data["commands"] = [data["command"]]
        del data["command"]
        write_ladder(path, data)
        print(f"written {path}")
    return 0


def _time_row(times: Sequence[tuple[float, int, float]]) -> dict[str, float]:
    moves = sum(t[1] for t in times)
    return {"moves": moves, "mean": round(sum(t[0] for t in times) / moves, 3) if moves else 0.0,
            "longest": round(max((t[2] for t in times), default=0.0), 3)}


def _merged(pairings: list[Pairing], earlier: dict[str, Any]) -> list[Pairing]:
    """These results plus the file's, pairing by pairing (the same pairings in the same order)."""
    try:
        old = [Pairing(str(p["a"]), str(p["b"]), int(p["wins"]), int(p["draws"]),
                       int(p["losses"])) for p in earlier.get("pairings", [])]
    except (KeyError, TypeError, ValueError):
        raise ToolError("--add: the ladder file's pairings are damaged") from None
    if [(p.a, p.b) for p in old] != [(p.a, p.b) for p in pairings]:
        raise ToolError("--add: the ladder file holds other pairings")
    return [Pairing(p.a, p.b, p.wins + q.wins, p.draws + q.draws, p.losses + q.losses)
            for p, q in zip(pairings, old, strict=True)]


def _level_seconds(pairs: Sequence[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for pair in pairs:
        level, sep, text = pair.partition("=")
        try:
            out[level] = float(text)
        except ValueError:
            sep = ""
        if not sep or not level or out[level] < 0:
            raise ToolError(f"--level-seconds wants LEVEL=SECONDS, not {pair!r}")
    return out


def _run_tasks(tasks: list[Task], jobs: int) -> list[GameResult]:
    """Play the games, printing each line as it ends; results in task order."""
    results: list[GameResult] = []
    if jobs > 1 and len(tasks) > 1:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(jobs, len(tasks))) as pool:
            for result in pool.imap(play_game, tasks):
                results.append(result)
                print(result.line, flush=True)
    else:
        for task in tasks:
            result = play_game(task)
            results.append(result)
            print(result.line, flush=True)
    return results


def ladder_pairs(levels: Sequence[str], *, with_greedy: bool = True) -> list[tuple[str, str]]:
    """Each level against the next one down (the stronger as A), against greedy and random,
    and greedy against random: every player is linked to the anchor and to its neighbours."""
    specs = [f"ai:{lv}" for lv in levels]
    pairs = [(specs[i + 1], specs[i]) for i in range(len(specs) - 1)]
    bases = ["greedy", "random"] if with_greedy else ["random"]
    pairs += [(s, base) for s in specs for base in bases]
    if with_greedy:
        pairs.append(("greedy", "random"))
    return pairs


def ladder_table(levels: Sequence[str], pairings: Sequence[Pairing],
                 ratings: dict[str, Rating], words: dict[str, str] | None = None) -> list[str]:
    """The printed ladder: results of every pairing, then ratings from the top down."""
    lines = ["pairing                        A wins draws B wins  A score"]
    for p in pairings:
        lines.append(f"{p.a + ' - ' + p.b:<30} {p.wins:>6} {p.draws:>5} {p.losses:>6}"
                     f"  {100 * p.score:5.1f} %")
    lines.append("player         Elo   error  word      against the level below")
    below = {f"ai:{levels[i + 1]}": f"ai:{levels[i]}" for i in range(len(levels) - 1)}
    for name, r in sorted(ratings.items(), key=lambda kv: -kv[1].elo):
        vs = ""
        if name in below:
            match = next(p for p in pairings if p.a == name and p.b == below[name])
            verdict = "ok" if match.score >= 0.7 else "BELOW 70 %"
            vs = f"{100 * match.score:5.1f} % of {match.games} ({verdict})"
        zero = max(ratings[YARDSTICK].elo, 0.0) if YARDSTICK in ratings else 0.0
        word = strength_word(r.elo - zero) if name.startswith("ai:") else ""
        word = (words or {}).get(name, word)
        lines.append(f"{name:<12} {r.elo:6.0f} {'±' + format(r.error, '.0f'):>6}  {word:<9} {vs}")
    return lines


def _ladder_data(entry: GameEntry, args: argparse.Namespace, seconds: dict[str, float],
                 pairings: Sequence[Pairing], ratings: dict[str, Rating],
                 argv: Sequence[str]) -> dict[str, Any]:
    return {
        "game": entry.id,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": "tools/arena.py " + " ".join(argv),
        "games_per_pairing": args.games,
        "seconds_per_move": seconds,
        "max_plies": args.max_plies,
        "seed": args.seed,
        "opening_plies": args.opening,
        "words": proven_words(entry),
        "pairings": [{"a": p.a, "b": p.b, "wins": p.wins, "draws": p.draws,
                      "losses": p.losses} for p in pairings],
        "ratings": {name: {"elo": round(r.elo, 1), "error": round(r.error, 1)}
                    for name, r in sorted(ratings.items(), key=lambda kv: -kv[1].elo)},
    }


def proven_words(entry: GameEntry) -> dict[str, str]:
    """Words the game's ai module states by theory (PROVEN_WORDS: level -> word)."""
    proven = entry.capability(ProvenLevels)
    return {} if proven is None else {f"ai:{lv}": str(w) for lv, w in proven.PROVEN_WORDS.items()}


def write_ladder(path: Path, data: dict[str, Any]) -> None:
    """Write the ladder file atomically (a temporary file beside it, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
