"""Build and check proven tactic suites: positions where the right move is known for certain.

    python tools/tactics.py make amazons --games 40 --seed 1
    python tools/tactics.py check data/tactics/amazons-win1.json --level default --seconds 0.9

Kinds (each proved by plain exhaustive search over the rules' legal moves and outcome, which
shares nothing with the computer players' search or evaluation):

* win1  — the side to move has a turn that wins at once; any such turn solves it.
* parry1 — the side to move cannot win at once, the opponent would win on its next turn after
  most of our turns, and some turns (listed) leave it no immediate win; one of those solves it.
* win2  — no win at once, but a turn after which every answer of the opponent leaves us a win
  at once (a forced win in two); the check plays the computer's turn, then every defence, and
  asks the computer again for its second turn.
* free  — a capture wins material outright; badx — a tempting capture loses more than it
  takes (its answers are the captures to avoid). Both are proved by an exhaustive capture
  search, for the games on the piece engine (tools/tactic_kinds.py).

`make` plays seeded games between the players given (`--players`: the computer levels with
`--noise 0`, or cheaper ones, random, greedy and the easy level, each move replaced by a
random one with probability --noise so that mistakes and threats appear), looks
at every position after --skip plies (a parry proof only after a screen: a few random turns
must allow a win at once, --screen share three of eight, or with --screen exact the game's
exact test; a position whose proof failed is not proved again), proves what it can and
thins the finds: at most --per-game positions of a kind per game (2), --gap plies apart, none
a near copy of one kept (position texts differing in fewer than 4 characters). Each file holds
the command, the seed and the positions (position text in the game's own notation, the ply,
opening/middle/ending, the proved answers); every other position is `published` (the tests
run those), the rest are held out for the tool.

`merge OUT FILE...` joins suites of one game and kind made by runs over different game numbers
(two processes side by side) or with other players and seeds (a position keeps its run's seed
when it is not the first file's), in the order given, near copies left out, every run's
command kept; `--replaced-last` and `--random-last` put the positions found after a replaced
game-ending move, and those of games with random moves, after the players' own.

`check` asks the computer for its turn in each position of a file at a level and a time, and
prints one `KIND solved/total` line, then each failure with the move played and the moves that
were needed. `--part published|held|all` picks the positions (default all); `--level hint`
asks what the Hint button asks (its level and time, GameEntry.hint_level).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/tactics.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry  # noqa: E402
from game.engine.match import find_entry, outcome_of  # noqa: E402
from game.registry import GameEntry  # noqa: E402
from tools._common import ToolError, command_line, error_text, parse_options, run  # noqa: E402
from tools.arena import make_player  # noqa: E402
from tools.tactic_games import (  # noqa: E402
    ADAPTERS,
    PHASES,
    TooManyTurns,
    Turns,
)
from tools.tactic_kinds import solves_material  # noqa: E402
from tools.tactic_proofs import (  # noqa: E402
    PROVERS,
    SHARE_NEED,
    SHARE_TRIES,
    is_free,
    loses_exchange,
    threatened,
)
from tools.virtual_clock import add_tick_argument, choose_move  # noqa: E402

KINDS = ("win1", "parry1", "win2", "free", "badx")
#: The material kinds: on the piece engine (tools/tactic_kinds.py) judged on the move itself by
#: a capture search; in the games whose Turns count what a turn takes (`material_by_turns`:
#: Abalone, Rithmomachia) by whole turns, below.
MATERIAL_KINDS = ("free", "badx")
#: Answers written per position (the check judges a turn by the proof, not by this list).
ANSWERS_KEPT = 20
SUITE_DIR = Path(__file__).resolve().parents[1] / "data" / "tactics"


def suite_path(game: str, kind: str) -> Path:
    return SUITE_DIR / f"{game}-{kind}.json"


# --------------------------------------------------------------------------- making suites


def _near(text: str, kept: Sequence[str]) -> bool:
    for other in kept:
        if len(other) == len(text) and sum(a != b for a, b in zip(other, text, strict=True)) < 4:
            return True
    return False


def make_suites(entry: GameEntry, rules: Any, kinds: Sequence[str], games: int, seed: int,
                players: Sequence[str], noise: float, skip: int, gap: int, max_plies: int,
                want: int, keep_going: bool = False, checks: float = 0.0,
                per_game_most: int = 2, log: Any = None, captures: float = 0.0,
                save: Any = None, first: int = 1,
                earlier: dict[str, list[dict[str, Any]]] | None = None,
                screen: str = "sample", seconds: float = 0.05, tick: float | None = None,
                before_end: Sequence[int] = (), after_end: Sequence[int] = (),
                win2_limit: int | None = None,
                phases: Sequence[str] = (),
                end_kinds: Sequence[str] = ()) -> dict[str, list[dict[str, Any]]]:
    """Play the games and return the proved positions per kind (see the module docstring).

    With `phases` (e.g. "ending"), only the positions of those phases are examined: a run
    that tops up the phase a first run hardly reached spends no proof on the others.

    With `before_end` (plies, e.g. 3 and 5), only the positions that many plies before a
    game-ending move are examined: a game that ends in a win is most likely to hold a forced
    win a few moves before it, and a proof costs too much to spend on every position (a
    fairy-chess win in two, 0.4-1 s). With `after_end` (with `keep_going`), only the positions
    that many plies after a game-ending move that was replaced: 2 is the winner's next turn,
    after the loser's answer (in a Tai Shogi hunt the hunters are still around the royal
    there). With `tick` the players read the virtual clock of
    tools/virtual_clock.py, so a game replays the same on any machine and under any load.

    With `end_kinds` (e.g. win2), `before_end` applies to those kinds only, and the others are
    examined at every ply as without it: one run of costly games then gives a Tai Shogi hunt's
    wins and parries in one and the win in two that ended it. A win-in-two proof draws no
    random number, so the games are the same as those of the run without it."""

    turns = ADAPTERS[entry.id](rules)
    if win2_limit is not None:
        turns.win2_limit = win2_limit
    found: dict[str, list[dict[str, Any]]] = {k: list((earlier or {}).get(k, [])) for k in kinds}
    failed: set[tuple[str, str]] = set()  # proofs that failed, by kind and position text
    # the kinds examined before an end (before_end: all of them, or end_kinds), and those
    # examined at every ply (the rest, unless only the plies after an end are: after_end)
    at_end = list(end_kinds or kinds) if before_end else []
    every_ply = [] if after_end else [k for k in kinds if k not in at_end]
    for g in range(first - 1, first - 1 + games):
        if all(len(found[k]) >= want for k in kinds):
            break
        rng = random.Random(f"tactics {seed} {g}")
        sides = [make_player(entry, rules, players[(g + i) % len(players)]) for i in (0, 1)]
        state = rules.initial_state()
        last: dict[str, int] = {}
        per_game: dict[str, int] = {}
        ply = 0
        history: list[Any] = []  # the positions so far, when the ones before an end are sought
        pending: set[int] = set()  # the plies after an end to examine (after_end)
        replaced = 0  # game-ending moves replaced so far (keep_going): the finds record it
        while ply < max_plies and outcome_of(rules, state) is None:
            if before_end:
                history.append(state)
            if ply in pending:
                pending.discard(ply)
                if ply >= skip:
                    _examine(entry, rules, turns, state, ply, g, kinds, found, last, per_game,
                             rng, gap, want, per_game_most, screen, failed, phases, replaced)
            elif every_ply and ply >= skip:
                _examine(entry, rules, turns, state, ply, g, every_ply, found, last, per_game,
                         rng, gap, want, per_game_most, screen, failed, phases, replaced)
            move = None
            if checks and rng.random() < checks:
                move = turns.checking_move(state, rng)
            if move is None and captures and rng.random() < captures:
                takes = [m for m in rules.legal_moves(state)
                         if getattr(m, "captures", None) or getattr(m, "caps", None)]
                move = rng.choice(takes) if takes else None
            if move is not None:
                pass
            elif rng.random() < noise:
                move = rng.choice(list(rules.legal_moves(state)))
            else:
                move = choose_move(sides[state.to_move], state, seconds, None, rng, tick)
            after = rules.play(state, move)
            if before_end and outcome_of(rules, after) is not None:
                for back in before_end:  # the positions `back` plies before the end
                    at = ply + 1 - back
                    if skip <= at < len(history):
                        _examine(entry, rules, turns, history[at], at, g, at_end, found,
                                 last, per_game, rng, gap, want, per_game_most, screen, failed,
                                 phases, replaced)
            if keep_going and outcome_of(rules, after) is not None:
                pending.update(ply + k for k in after_end)
                replaced += 1
                move = _not_ending(rules, state, rng) or move
                after = rules.play(state, move)
            state = after
            ply += 1
        if log is not None:
            print(f"game {g + 1}: {ply} plies; " +
                  ", ".join(f"{k} {len(v)}" for k, v in found.items()), file=log, flush=True)
        if save is not None:
            save(found)
    return found


def _not_ending(rules: Any, state: Any, rng: random.Random) -> Any | None:
    """A move after which the game goes on (a few random tries), or None."""
    moves = list(rules.legal_moves(state))
    for move in rng.sample(moves, min(12, len(moves))):
        if outcome_of(rules, rules.play(state, move)) is None:
            return move
    return None


def _examine(entry: GameEntry, rules: Any, turns: Turns, state: Any, ply: int, game: int,
             kinds: Sequence[str], found: dict[str, list[dict[str, Any]]], last: dict[str, int],
             per_game: dict[str, int], rng: random.Random, gap: int, want: int,
             per_game_most: int = 2, screen: str = "sample",
             failed: set[tuple[str, str]] | None = None, phases: Sequence[str] = (),
             replaced: int = 0) -> None:
    """Prove what `state` is of each kind and keep it when it is one and passes the thinning.
    `replaced` is how many game-ending moves of the game were replaced before `state`
    (`keep_going`): a find after one is no longer wholly from the players' own moves, and the
    file says so (`replaced`, left out when none).
    `failed` (kind, position text) are the proofs that failed before in the run: a position
    met again (a repetition, common in a long royal hunt) is not proved twice; the screen is
    still drawn, so the games' random numbers, and so the finds, are the same as without it."""
    if failed is None:
        failed = set()
    text = rules.position_text(state)
    try:
        proved_state = rules.parse_position(text)  # prove what the file will hold
    except ValueError as exc:  # the game's text does not read back: report, leave it out
        print(f"position text does not read back ({exc}): {text}", file=sys.stderr)
        return
    phase = turns.phase(proved_state, ply)
    if phases and phase not in phases:
        return
    for kind in kinds:
        if len(found[kind]) >= want or per_game.get(kind, 0) >= per_game_most:
            continue
        if ply - last.get(kind, -gap) < gap:
            continue
        try:
            if kind == "parry1" and not (
                    turns.may_be_threatened(proved_state) if screen == "exact"
                    else threatened(turns, proved_state, rng, SHARE_TRIES, SHARE_NEED)
                    if screen == "share" else threatened(turns, proved_state, rng)):
                continue
            if (kind, text) in failed:  # a position met again (a repetition): proved before
                continue
            if hasattr(turns, "start_proof"):  # games whose proofs are bounded by work
                turns.start_proof(kind)
            answers = PROVERS[kind](turns, proved_state)
        except TooManyTurns:
            continue
        if answers is None:
            failed.add((kind, text))
            continue
        if _near(text, [p["position"] for p in found[kind]]):
            continue
        record: dict[str, Any] = {"position": text, "ply": ply, "game": game + 1,
                                  "phase": phase, "answers": answers}
        if replaced:
            record["replaced"] = replaced
        found[kind].append(record)
        last[kind] = ply
        per_game[kind] = per_game.get(kind, 0) + 1


def write_suite(path: Path, entry: GameEntry, variant: str, options: dict[str, Any], kind: str,
                seed: int, commands: Sequence[str], positions: list[dict[str, Any]]) -> None:
    """Write one suite; `commands` are the runs that made it (the first, then any --add)."""
    for i, p in enumerate(positions):
        p["id"] = f"{entry.id}-{kind}-{i + 1:03d}"
        p["published"] = i % 2 == 0
        if len(p["answers"]) > ANSWERS_KEPT:  # Rithmomachia wins can be reached many ways
            p["answers_total"] = p.get("answers_total", len(p["answers"]))
            p["answers"] = p["answers"][:ANSWERS_KEPT]
    fields = ("id", "published", "phase", "ply", "game", "seed", "replaced", "position",
              "answers", "answers_total")
    data = {"game": entry.id, "variant": variant, "options": options, "kind": kind,
            "seed": seed, "command": commands[0], "commands": list(commands),
            "phases": {ph: sum(p["phase"] == ph for p in positions)
                       for ph in ("opening", "middle", "ending")},
            "positions": [{k: p[k] for k in fields if k in p} for p in positions]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def own_games(commands: Sequence[str]) -> set[tuple[int, int]]:
    """The games (seed, game number) played by the players alone: covered by a `make` run
    among `commands` with no move replaced at random, and by none with (`--noise`,
    `--checks` or `--captures` above 0, the defaults counted, or the random player among
    `--players`). A game no run covers, or that two runs of one seed cover in different
    ways, is not counted as the players' own."""
    parser = _parser()
    clean: set[tuple[int, int]] = set()
    chance: set[tuple[int, int]] = set()
    for text in commands:
        words = shlex.split(text)
        if len(words) < 2 or words[1] != "make":
            continue
        try:
            args, _ = parser.parse_known_args(words[1:])
        except SystemExit:
            raise ToolError(f"merge: cannot read the command {text!r}") from None
        games = {(args.seed, n) for n in range(args.first_game, args.first_game + args.games)}
        random_player = "random" in args.players.split(",")
        by_chance = args.noise > 0 or args.checks > 0 or args.captures > 0 or random_player
        (chance if by_chance else clean).update(games)
    return clean - chance


def merge_suites(out: Path, paths: Sequence[Path], command: str, most: int | None = None,
                 per_game: int | None = None, replaced_last: bool = False,
                 random_last: bool = False) -> int:
    """Write to `out` the positions of the suites `paths` (one game, kind, variant and
    options; made by runs over different game numbers, e.g. two processes side by side, or
    with other players and seeds), in the order given, less any near copy of one kept, at
    most `most` of them (the first files' first: e.g. games between the levels before games
    of cheaper players); the file's commands are theirs, then this one. A position from a run
    of another seed than the first file's keeps its own (`seed`): with its game number it
    names the game it came from. Ids and the published half are given again.

    `per_game` keeps at most that many positions of one game (by seed and game number), so
    that a long royal hunt does not fill the suite; with `replaced_last` the positions found
    after a replaced game-ending move (`replaced`) come after all the others, so the players'
    own positions are kept first; with `random_last` the positions of games in which moves
    were replaced at random, or not known to be the players' own (`own_games`, read from
    the files' commands), come after the rest. Returns the positions written."""
    suites = [load_suite(path) for path in paths]
    same = ("game", "kind", "variant", "options")
    first = suites[0]
    for path, data in zip(paths, suites, strict=True):
        if any(data.get(k) != first.get(k) for k in same):
            raise ToolError(f"merge: {path} differs from {paths[0]} in game, kind, variant "
                            "or options")
    try:
        entry = find_entry(first["game"], registry.get)
    except KeyError as exc:
        raise ToolError(error_text(exc)) from None
    commands: list[str] = []
    offered: list[dict[str, Any]] = []
    for data in suites:
        commands += data.get("commands", [data["command"]])
        for p in data["positions"]:
            seed = p.get("seed", data["seed"])
            offered.append({**p, "seed": seed} if seed != first["seed"] else dict(p))
    own = own_games(commands) if random_last else set()

    def game_of(p: dict[str, Any]) -> tuple[int, int]:
        return p.get("seed", first["seed"]), p["game"]

    def part(p: dict[str, Any]) -> tuple[bool, bool]:
        return (random_last and game_of(p) not in own,
                replaced_last and bool(p.get("replaced")))

    offered.sort(key=part)  # a stable sort: the files' order is kept within each part
    positions: list[dict[str, Any]] = []
    games: dict[tuple[int, int], int] = {}
    for p in offered:
        game = game_of(p)
        if most is not None and len(positions) >= most:
            break
        if per_game is not None and games.get(game, 0) >= per_game:
            continue
        if not _near(p["position"], [q["position"] for q in positions]):
            positions.append(p)
            games[game] = games.get(game, 0) + 1
    write_suite(out, entry, first["variant"], first["options"], first["kind"], first["seed"],
                [*commands, command], positions)
    return len(positions)


# --------------------------------------------------------------------------- checking


def load_suite(path: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ToolError(f"cannot read {path}: {exc}") from None
    return data


def solves(turns: Turns, kind: str, state: Any, after: Any) -> bool:
    """Whether the turn that led from `state` to `after` does what the kind asks (the same
    exhaustive test as the proof, applied to the turn played)."""
    side = state.to_move
    out = outcome_of(turns.rules, after)
    if kind == "win1":
        return out is not None and out.winner == side
    if kind == "parry1":
        return out is not None or not turns.winning(after, True)
    if kind == "free":
        return (out is not None and out.winner == side) or (
            turns.taken(state, after) > 0 and is_free(turns, after))
    if kind == "badx":
        gain = turns.taken(state, after)
        return gain == 0 or not loses_exchange(turns, after, gain)
    raise ValueError(kind)


def check_position(entry: GameEntry, rules: Any, turns: Turns, player: Any, kind: str,
                   text: str, seconds: float, rng: random.Random,
                   tick: float | None = None) -> tuple[bool, str]:
    """(solved, the turn the computer played) for one position; with `tick` the computer reads
    the virtual clock (tools/virtual_clock.py), so the check gives the same answer under any
    load."""
    state = rules.parse_position(text)

    def choose(s: Any) -> Any:
        return choose_move(player, s, seconds, None, rng, tick)

    if kind in MATERIAL_KINDS and not getattr(turns, "material_by_turns", False):
        move = choose(state)
        return solves_material(turns, kind, state, move), rules.to_notation(state, move)
    label, after = turns.play_turn(state, choose)
    if kind != "win2":
        return solves(turns, kind, state, after), label
    if outcome_of(rules, after) is not None:
        out = outcome_of(rules, after)
        return out is not None and out.winner == state.to_move, label
    # every defence, then the computer's second turn must win at once
    for reply_label, reply in turns.turns(after):
        if outcome_of(rules, reply) is not None:
            out = outcome_of(rules, reply)
            if out is None or out.winner != state.to_move:
                return False, label
            continue
        second, final = turns.play_turn(reply, choose)
        if not solves(turns, "win1", reply, final):
            return False, f"{label}, after {reply_label}: {second}"
    return True, label


def suite_game(data: dict[str, Any]) -> tuple[GameEntry, Any, Turns]:
    """The game entry, its rules (the suite's variant and options) and its turns, for a loaded
    suite; ToolError when the suite names no game we have."""
    try:
        entry = find_entry(data["game"], registry.get)
    except KeyError as exc:
        raise ToolError(error_text(exc)) from None
    rules = entry.make_rules(data.get("variant"), data.get("options") or {})
    return entry, rules, ADAPTERS[entry.id](rules)


def check_suite(path: Path, level: str | None, seconds: float, part: str, limit: int | None,
                seed: int, start: int = 0, tick: float | None = None) -> list[str]:
    """Check the positions of one part of a suite, from the `start`-th (0: the first) on, at
    most `limit` of them; the first line is the score, the others the failures."""
    data = load_suite(path)
    entry, rules, turns = suite_game(data)
    level = level or entry.default_level or entry.ai_levels[0]
    player = entry.make_ai(rules, level)
    kind = data["kind"]
    chosen = [p for p in data["positions"]
              if part == "all" or (p["published"] == (part == "published"))]
    chosen = chosen[start:] if limit is None else chosen[start:start + limit]
    failures, solved = [], 0
    started = time.perf_counter()
    for p in chosen:
        ok, played = check_position(entry, rules, turns, player, kind, p["position"], seconds,
                                    random.Random(seed), tick)
        if ok:
            solved += 1
        else:
            needed = ", ".join(p["answers"][:6]) + (" …" if len(p["answers"]) > 6 else "")
            what = "to avoid" if kind == "badx" else "needed"  # badx lists the losing captures
            failures.append(f"  FAIL {p['id']} ({p['phase']}): played {played}; "
                            f"{what} {needed}")
    used = time.perf_counter() - started
    clock = "" if tick is None else f" on the virtual clock (tick {tick:g})"
    return [f"{kind} {solved}/{len(chosen)}  ({entry.id}, level {level}, {seconds:g} s{clock}, "
            f"{part}, {used:.0f} s)", *failures]


# --------------------------------------------------------------------------- command line


def _parser() -> argparse.ArgumentParser:
    """The command line; `own_games` reads the suites' recorded commands with it."""
    parser = argparse.ArgumentParser(prog="tactics.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("make", help="play seeded games and write proved suites")
    make.add_argument("game")
    make.add_argument("--variant")
    make.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    make.add_argument("--kinds", default="win1,parry1", help="comma-separated kinds")
    make.add_argument("--games", type=int, default=40)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--players", default="ai:easy,greedy",
                      help="players taking turns over the games (arena names)")
    make.add_argument("--noise", type=float, default=0.25, help="share of random moves")
    make.add_argument("--skip", type=int, default=4, help="plies before positions are examined")
    make.add_argument("--gap", type=int, default=6, help="plies between two finds of a kind")
    make.add_argument("--max-plies", type=int, default=300)
    make.add_argument("--per-game", type=int, default=2, help="most finds of a kind a game")
    make.add_argument("--want", type=int, default=64, help="positions per kind")
    make.add_argument("--out", type=Path, default=SUITE_DIR)
    make.add_argument("--first-game", type=int, default=1,
                      help="number of the first game (with --add: go on where a run stopped)")
    make.add_argument("--add", action="store_true",
                      help="add the finds to the suite files already there (same seed)")
    make.add_argument("--checks", type=float, default=0.0,
                      help="share of moves replaced by a random checking move (chess-like "
                           "games: attacks on the King make mates common enough to find)")
    make.add_argument("--captures", type=float, default=0.0,
                      help="share of moves replaced by a random capture (Tai Shogi: the armies "
                           "thin out and the royals come in reach within affordable games)")
    make.add_argument("--screen", choices=("sample", "share", "exact"), default="sample",
                      help="before a parry proof: one of three random turns must allow a win "
                           "at once (sample; draws from the game's random numbers), three of "
                           "eight (share: fewer proofs where most turns parry), or only the "
                           "game's exact screen (exact: no position that qualifies is passed "
                           "over)")
    make.add_argument("--seconds", type=float, default=0.05,
                      help="time a move of the players (with --tick: of the virtual clock)")
    add_tick_argument(make)
    make.add_argument("--before-end", default="",
                      help="comma-separated plies: examine only the positions that many plies "
                           "before a game-ending move (e.g. 3,5 for wins in two)")
    make.add_argument("--after-end", default="",
                      help="with --keep-going, comma-separated plies: examine only the "
                           "positions that many plies after a game-ending move that was "
                           "replaced (e.g. 2,4: the winner's next turns)")
    make.add_argument("--end-kinds", default="",
                      help="comma-separated kinds that --before-end applies to; the others are "
                           "examined at every ply (e.g. win1,parry1 everywhere, win2 before "
                           "the end)")
    make.add_argument("--win2-limit", type=int,
                      help="most turns a side may have in a win-in-two proof (default: the "
                           "game's; fairy chess needs 300)")
    make.add_argument("--phases", default="",
                      help="comma-separated phases (opening, middle, ending): examine only "
                           "the positions of these (a run that tops up a phase)")
    make.add_argument("--keep-going", action="store_true",
                      help="replace a move that would end the game by one that does not (a "
                           "game then yields more than its last positions)")
    merge = sub.add_parser("merge", help="join suites made by runs over other game numbers")
    merge.add_argument("out", type=Path)
    merge.add_argument("file", type=Path, nargs="+")
    merge.add_argument("--most", type=int, help="keep at most N positions, the first files' "
                       "first")
    merge.add_argument("--per-game", type=int, help="keep at most N positions of one game")
    merge.add_argument("--replaced-last", action="store_true",
                       help="the positions found after a replaced game-ending move after all "
                            "the others")
    merge.add_argument("--random-last", action="store_true",
                       help="the positions of games with moves replaced at random (--noise, "
                            "--checks, --captures), or of no run recorded, after the others")
    check = sub.add_parser("check", help="how many positions of a suite the computer solves")
    check.add_argument("file", type=Path, nargs="+")
    check.add_argument("--level", help="a level, or `hint`: the Hint button's level and time "
                       "(the strongest level, at most 2 s)")
    check.add_argument("--seconds", type=float, default=None,
                       help="time per move (default: the level's time on the screen)")
    check.add_argument("--part", choices=("all", "published", "held"), default="all")
    check.add_argument("--limit", type=int, help="only the first N positions")
    check.add_argument("--seed", type=int, default=0)
    add_tick_argument(check)
    return parser


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)

    if args.command == "merge":
        command = command_line("tactics", argv)
        count = merge_suites(args.out, args.file, command, args.most, args.per_game,
                             args.replaced_last, args.random_last)
        print(f"{count} positions -> {args.out}")
        return 0
    if args.command == "check":
        for path in args.file:
            data = load_suite(path)
            entry = find_entry(data["game"], registry.get)
            level = args.level or entry.default_level
            if level == "hint":
                level, screen = entry.hint_level()
            else:
                screen = entry.think_time(level)
            seconds = args.seconds if args.seconds is not None else screen
            for line in check_suite(path, level, seconds, args.part, args.limit, args.seed,
                                    tick=args.tick):
                print(line, flush=True)
        return 0

    try:
        entry = find_entry(args.game, registry.get)
    except KeyError as exc:
        raise ToolError(error_text(exc)) from None
    if entry.id not in ADAPTERS:
        raise ToolError(f"{entry.id} has no tactic suites (games: {', '.join(ADAPTERS)})")
    kinds = [k for k in args.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            raise ToolError(f"unknown kind {k!r} (kinds: {', '.join(KINDS)})")
    end_kinds = [k for k in args.end_kinds.split(",") if k]
    if any(k not in kinds for k in end_kinds):
        raise ToolError(f"--end-kinds {args.end_kinds}: not among --kinds {args.kinds}")
    if end_kinds and not args.before_end:
        raise ToolError("--end-kinds needs --before-end (the plies before an end to examine)")
    phases = [p for p in args.phases.split(",") if p]
    for phase in phases:
        if phase not in PHASES:
            raise ToolError(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})")
    variant = args.variant or entry.variants[0].id
    options = parse_options(args.option)
    rules = entry.make_rules(variant, options)
    command = command_line("tactics", argv)
    earlier: dict[str, list[dict[str, Any]]] = {}
    commands: dict[str, list[str]] = {k: [command] for k in kinds}
    if args.add:
        for kind in kinds:
            path = args.out / f"{entry.id}-{kind}.json"
            if path.exists():
                data = load_suite(path)
                if data.get("seed") != args.seed or data.get("options") != options:
                    raise ToolError(f"--add: {path} was made with another seed or options")
                earlier[kind] = data["positions"]
                commands[kind] = [*data.get("commands", [data["command"]]), command]

    def save(found: dict[str, list[dict[str, Any]]]) -> None:
        for kind, positions in found.items():
            if not positions:
                continue
            path = args.out / f"{entry.id}-{kind}.json"
            write_suite(path, entry, variant, options, kind, args.seed, commands[kind],
                        [dict(p) for p in positions])

    found = make_suites(entry, rules, kinds, args.games, args.seed, args.players.split(","),
                        args.noise, args.skip, args.gap, args.max_plies, args.want,
                        args.keep_going, args.checks, args.per_game, log=sys.stderr,
                        captures=args.captures,
                        save=save, first=args.first_game, earlier=earlier,
                        screen=args.screen, seconds=args.seconds, tick=args.tick,
                        before_end=[int(n) for n in args.before_end.split(",") if n],
                        after_end=[int(n) for n in args.after_end.split(",") if n],
                        win2_limit=args.win2_limit,
                        phases=phases, end_kinds=end_kinds)
    save(found)
    for kind, positions in found.items():
        print(f"{kind}: {len(positions)} positions -> {args.out / f'{entry.id}-{kind}.json'}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
