"""Make, list and re-prove the tactics puzzles of the two-player games (data/puzzles/GAME.json).

    python tools/puzzles.py make fairy16 --games 60 --players ai:easy --tick 0.0001 --seed 1
    python tools/puzzles.py list fairy16
    python tools/puzzles.py check                 # re-prove every pack
    python tools/puzzles.py check pions --sample 5

`make` plays seeded games between the players of --players (computer levels `ai:LEVEL`, or the
arena's `greedy` and `random`; --noise adds random moves) and at every position after the
opponent's move asks the prover for a puzzle of each kind the game has (tools/puzzle_making.py).
The games replay the same: the moves and the proofs draw on separate seeded generators, and
with --tick the levels read a virtual clock (--nodes bounds a level that takes a node bound).
A find is kept only when (tools/puzzle_proof.py):

* the side to move has at most three first moves that reach the goal, and every other move
  fails (the proof is over every legal turn: tools/tactics.py's provers for win1, parry,
  win2 and material, an exact game-tree search for the Jeu de pions, an exhaustive two-ply
  search for Abalone's ejection);
* the position comes just after the opponent's mistake: in the position before it, the
  opponent had a turn that left no such puzzle (a parry's position follows the threat
  instead); the position before and the move are written in the puzzle's source;
* the whole line is forced: after each of the player's moves, the opponent's answer is the
  natural one (among the answers that lose slowest, the one the greedy player's evaluation
  likes best) and the player's next accepted moves are every move that keeps the win.

`--suites` also turns the proved positions of data/tactics/GAME-*.json into puzzles (re-proved
here; their mistake is not known). The difficulty is measured: the player's moves in the main
line, the wrong first moves that tempt (captures, ejections, removals and the greedy player's
choice) and the number of legal first moves.

`list` prints one puzzle a line: id, a tab, the position text, a tab, the first move.
`drop GAME --no-mistake` takes out the puzzles without a recorded mistake (the suites'),
`--not-levels` those of games not between computer levels; the others keep their ids, and the
command joins the pack's commands. `reprove GAME --goal G` proves the puzzles of goal G again
and writes their lines and difficulty (after the prover learnt deeper lines), also recorded.
`check` re-proves every puzzle (or --sample N of each pack) and prints what fails.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/puzzles.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry  # noqa: E402
from game.engine import puzzles as fmt  # noqa: E402
from game.engine.match import find_entry  # noqa: E402
from game.registry import GameEntry  # noqa: E402
from tools._common import ToolError, command_line, error_text, parse_options, run  # noqa: E402
from tools.puzzle_making import Maker, _found_from, from_suites, play_games, write_pack  # noqa: E402
from tools.puzzle_proof import (  # noqa: E402, F401  (the names tests and tools use)
    GAME_KINDS,
    PUZZLE_DIR,
    Prover,
    idea,
    pack_path,
    pions_value,
)
from tools.virtual_clock import add_tick_argument  # noqa: E402

# --------------------------------------------------------------------------- checking


def check_pack(path: Path, sample: int | None = None, log: Any = None) -> list[str]:
    """Re-prove a pack (every puzzle, or `sample` of them spread over it): the problems found
    ("<file>: <id>: <reason>"), the file's own refusal included."""
    try:
        pack = fmt.read_pack(path, registry.get)
    except fmt.PuzzleFileError as exc:
        return [str(exc)]
    problems = list(pack.problems)
    entry = registry.get(pack.game)
    prover = Prover(entry, entry.make_rules(pack.variant, pack.options))
    chosen = pack.puzzles
    if sample is not None and sample < len(chosen):
        step = len(chosen) / sample
        chosen = [chosen[int(k * step)] for k in range(sample)]
    for puzzle in chosen:
        found = prover.check(puzzle)
        problems += [f"{path.name}: {puzzle.id}: {p}" for p in found]
        if log is not None:
            print(f"{puzzle.id}: {'; '.join(found) or 'OK'}", file=log, flush=True)
    return problems


# --------------------------------------------------------------------------- command line


def _entry(name: str) -> GameEntry:
    try:
        return find_entry(name, registry.get)
    except KeyError as exc:
        raise ToolError(error_text(exc)) from None


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="puzzles.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("make", help="play seeded games and write the proved puzzles")
    make.add_argument("game")
    make.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    make.add_argument("--kinds", help="comma-separated goals (default: the game's)")
    make.add_argument("--games", type=int, default=40)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--players", default="greedy",
                      help="players taking turns over the games (arena names: random, greedy, "
                           "ai:LEVEL — a level's timed search is not reproducible)")
    make.add_argument("--noise", type=float, default=0.25, help="share of random moves")
    make.add_argument("--skip", type=int, default=4, help="plies before positions are examined")
    make.add_argument("--gap", type=int, default=6, help="plies between two finds of a kind")
    make.add_argument("--max-plies", type=int, default=300)
    make.add_argument("--per-game", type=int, default=2, help="most finds of a kind a game")
    make.add_argument("--want", type=int, default=48, help="puzzles in the pack")
    make.add_argument("--suites", action="store_true",
                      help="first turn the tactic suites' positions into puzzles")
    make.add_argument("--random-starts", action="store_true",
                      help="Jeu de pions: start the games from random rulers of 9 to 23 cells")
    make.add_argument("--checks", type=float, default=0.0,
                      help="share of moves replaced by a random checking move (chess-like games: "
                           "mates become common enough to find)")
    make.add_argument("--keep-going", action="store_true",
                      help="replace a move that would end the game by one that does not")
    make.add_argument("--seconds", type=float, default=0.05,
                      help="the players' time a move (a level cut by depth or --nodes before it "
                           "replays the same game)")
    make.add_argument("--nodes", type=int, help="most nodes of a level's search a move (where "
                                                "the level takes a bound)")
    add_tick_argument(make)
    make.add_argument("--cap", action="append", default=[], metavar="KIND=N",
                      help="most puzzles of a kind (then kinds are not balanced)")
    make.add_argument("--add", action="store_true", help="add to the pack already there")
    make.add_argument("--first-game", type=int, default=1)
    make.add_argument("--out", type=Path, default=PUZZLE_DIR)
    drop = sub.add_parser("drop", help="take puzzles out of a pack (the command is recorded)")
    drop.add_argument("game")
    drop.add_argument("--no-mistake", action="store_true",
                      help="the puzzles without a recorded mistake of the opponent (those of "
                           "the tactic suites)")
    drop.add_argument("--not-levels", action="store_true",
                      help="the puzzles from games not between computer levels (ai:LEVEL), or "
                           "whose players are not recorded")
    drop.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    retire = sub.add_parser("retire", help="never use these ids again: a puzzle that carries "
                                           "one takes the next number (the command is "
                                           "recorded)")
    retire.add_argument("game")
    retire.add_argument("ids", nargs="+", help="ids such as abalone-041")
    retire.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    again = sub.add_parser("reprove", help="prove the lines of a pack's puzzles again and "
                                           "write them (the command is recorded)")
    again.add_argument("game")
    again.add_argument("--goal", required=True, help="only the puzzles of this goal")
    again.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    lister = sub.add_parser("list", help="id, position and first move, one puzzle a line")
    lister.add_argument("game")
    lister.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    check = sub.add_parser("check", help="re-prove the puzzles of packs")
    check.add_argument("games", nargs="*", help="game ids (default: every pack)")
    check.add_argument("--sample", type=int, help="only N puzzles of each pack")
    check.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    args = parser.parse_args(argv)

    if args.command == "list":
        _, pack = _pack_of(args)
        for puzzle in pack.puzzles:
            print(f"{puzzle.id}\t{puzzle.position}\t{puzzle.solution[0].move}")
        for problem in pack.problems:
            print(problem, file=sys.stderr)
        return 0 if not pack.problems else 1

    if args.command == "reprove":
        entry, pack = _pack_of(args)
        prover = Prover(entry, entry.make_rules(pack.variant, pack.options))
        found, changed = _found_from(pack), 0
        for f in found:
            if f["goal"] != args.goal:
                continue
            state = prover.rules.parse_position(f["position"])
            steps = prover.solve(f["goal"], state)
            if steps is None:
                raise ToolError(f"{pack.path.name}: {f['id']}: no longer a {f['goal']} puzzle")
            changed += steps != f["steps"]
            f["steps"], f["difficulty"] = steps, prover.difficulty(state, steps)
        if changed:  # else the pack stands as its commands made it
            _rewrite(pack, entry, argv, found, _retired(pack))
        print(f"{entry.id}: {changed} {args.goal} lines changed -> {pack.path}")
        return 0

    if args.command == "drop":
        entry, pack = _pack_of(args)
        if not (args.no_mistake or args.not_levels):
            raise ToolError("drop what? --no-mistake, --not-levels")

        def dropped(source: dict[str, Any]) -> bool:
            players = source.get("players") or ["?"]
            return (args.no_mistake and not source.get("mistake")) or (
                args.not_levels and not all(str(p).startswith("ai:") for p in players))

        found = _found_from(pack)
        gone = {f["id"] for f in found if dropped(f["source"])}
        kept = [f for f in found if f["id"] not in gone]
        _rewrite(pack, entry, argv, kept, [*_retired(pack), *sorted(gone)])
        print(f"{entry.id}: {len(gone)} dropped, {len(kept)} kept -> {pack.path}")
        return 0

    if args.command == "retire":
        entry, pack = _pack_of(args)
        prefix = f"{entry.id}-"
        bad = [i for i in args.ids if not i.startswith(prefix)
               or not i.removeprefix(prefix).isdigit()]
        if bad:
            raise ToolError(f"not an id of the {entry.id} pack: {', '.join(bad)}")
        found = _found_from(pack)
        moved = 0
        for f in found:
            if f["id"] in args.ids:
                del f["id"]  # write_pack gives it the next number
                moved += 1
        _rewrite(pack, entry, argv, found, [*_retired(pack), *args.ids])
        print(f"{entry.id}: {len(args.ids)} ids retired, {moved} puzzles renumbered -> "
              f"{pack.path}")
        return 0

    if args.command == "check":
        paths = [pack_path(_entry(g).id, args.dir) for g in args.games] if args.games else \
            sorted(args.dir.glob("*.json"))
        bad = 0
        for path in paths:
            started = time.perf_counter()
            problems = check_pack(path, args.sample)
            bad += len(problems)
            print(f"{path.name}: {'OK' if not problems else f'{len(problems)} problems'} "
                  f"({time.perf_counter() - started:.0f} s)")
            for line in problems:
                print("  " + line)
        return 1 if bad else 0

    entry = _entry(args.game)
    if entry.id not in GAME_KINDS:
        raise ToolError(f"{entry.id} has no puzzles (games: {', '.join(GAME_KINDS)})")
    kinds = args.kinds.split(",") if args.kinds else list(GAME_KINDS[entry.id])
    for k in kinds:
        if k not in GAME_KINDS[entry.id]:
            raise ToolError(f"{entry.id} has no {k!r} puzzles (its kinds: "
                            f"{', '.join(GAME_KINDS[entry.id])})")
    variant = entry.variants[0].id
    options = parse_options(args.option)
    rules = entry.make_rules(variant, options)
    prover = Prover(entry, rules)
    caps = {k: int(v) for k, v in (c.split("=", 1) for c in args.cap)}
    maker = Maker(prover, kinds, args.want, args.per_game, args.gap, log=sys.stderr, caps=caps)
    path = pack_path(entry.id, args.out)
    command = command_line("puzzles", argv)
    commands = [command]
    retired: list[str] = []
    if args.add and path.exists():
        pack = fmt.read_pack(path, registry.get)
        maker.found = _found_from(pack)
        maker.texts = [f["position"] for f in maker.found]
        maker.answers = {(f["source"].get("mistake"), f["steps"][0].move) for f in maker.found}
        commands = [*pack.header.get("commands", []), command]
        retired = _retired(pack)

    def save() -> None:
        if maker.found:
            write_pack(path, entry, variant, options, commands, args.seed, maker.found,
                       retired)

    if args.suites:
        from_suites(maker, entry.id, random.Random(f"puzzles {args.seed} suites"))
        save()
    starts = None
    if args.random_starts and entry.id == "pions":
        from game.games.pions.rules import random_position

        def starts(rng: random.Random) -> Any:
            return random_position(rng.randint(9, 23), rng)
    play_games(maker, entry, rules, args.games, args.seed, args.players.split(","), args.noise,
               args.skip, args.max_plies, args.first_game, starts, save, args.checks,
               args.keep_going, args.seconds, args.nodes, args.tick)
    save()
    print(f"{entry.id}: {len(maker.found)} puzzles -> {path} "
          + ", ".join(f"{k} {maker.count(k)}" for k in kinds))
    return 0


def _pack_of(args: argparse.Namespace) -> tuple[GameEntry, fmt.Pack]:
    """The game `args.game` and its pack in `args.dir`, or why it cannot be used as a
    ToolError."""
    entry = _entry(args.game)
    try:
        return entry, fmt.read_pack(pack_path(entry.id, args.dir), registry.get)
    except fmt.PuzzleFileError as exc:
        raise ToolError(str(exc)) from None


def _rewrite(pack: fmt.Pack, entry: GameEntry, argv: Sequence[str] | None,
             found: list[dict[str, Any]], retired: Sequence[str]) -> None:
    """Write `pack` again with `found`, this command added to the commands that made it (so
    that the commands in order make the pack)."""
    command = command_line("puzzles", argv)
    write_pack(pack.path, entry, pack.variant, dict(pack.options),
               [*pack.header.get("commands", []), command], pack.header.get("seed", 1), found,
               retired)


def _retired(pack: fmt.Pack) -> list[str]:
    """The ids this pack has used for puzzles it dropped (never given again)."""
    ids = pack.header.get("retired", [])
    return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
