"""Make, list and re-prove the tactics puzzles of the two-player games (data/puzzles/GAME.json).

    python tools/puzzles.py make amazons --games 30 --seed 1
    python tools/puzzles.py list amazons
    python tools/puzzles.py check                 # re-prove every pack
    python tools/puzzles.py check pions --sample 5

`make` plays seeded games between cheap players (the greedy player and random moves with
probability --noise, both reproducible from the seed; `--players` may name computer levels,
whose timed search is not), and at every position asks the prover for a puzzle of each kind the
game has. A find is kept only when:

* the side to move has at most three first moves that reach the goal, and every other move
  fails (the proof is over every legal turn: tools/tactics.py's provers for win1, parry and
  win2, an exact game-tree search for the Jeu de pions, an exhaustive two-ply search for
  Abalone's ejection);
* the position comes just after the opponent's mistake: in the position before it, the
  opponent had a turn that left no such puzzle (a parry's position follows the threat instead);
* the whole line is forced: after each of the player's moves, the opponent's answer is the
  natural one (among the answers that lose slowest, the one the greedy player's evaluation
  likes best) and the player's next accepted moves are every move that keeps the win.

`--suites` also turns the proved positions of data/tactics/GAME-*.json into puzzles (re-proved
here; their mistake is not known). The difficulty is measured: the player's moves in the main
line, the wrong first moves that tempt (captures, ejections, removals and the greedy player's
choice) and the number of legal first moves.

`list` prints one puzzle a line: id, a tab, the position text, a tab, the first move.
`check` re-proves every puzzle (or --sample N of each pack) and prints what fails.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/puzzles.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry  # noqa: E402
from game.engine import puzzles as fmt  # noqa: E402
from game.engine import storage  # noqa: E402
from game.engine.entries import resolve  # noqa: E402
from game.engine.match import find_entry, outcome_of  # noqa: E402
from game.engine.puzzles import Difficulty, Puzzle, Step  # noqa: E402
from game.registry import GameEntry  # noqa: E402
from tools._common import ToolError, error_text, parse_options, run  # noqa: E402
from tools.arena import make_player  # noqa: E402
from tools.tactic_games import ADAPTERS, TaiShogiTurns, TooManyTurns, Turns  # noqa: E402
from tools.tactics import (  # noqa: E402
    _not_ending,
    prove_parry1,
    prove_win1,
    prove_win2,
    threatened,
)

PUZZLE_DIR = Path(__file__).resolve().parents[1] / "data" / "puzzles"
SUITE_DIR = Path(__file__).resolve().parents[1] / "data" / "tactics"
#: Most first moves that reach the goal (else the position is not a puzzle: too many ways).
MOST_FIRST = 3
#: Most accepted moves written for one step (a winning last move is accepted by the rules'
#: verdict, whether written or not).
MOST_LISTED = 12
#: Deepest line for the Jeu de pions (the player's moves): the loser may drag an ending out.
MOST_DEPTH = 8

#: The kinds of puzzle each game is searched for.
GAME_KINDS: dict[str, tuple[str, ...]] = {
    "fairy16": ("win1", "parry", "win2"),
    "chess": ("win1", "parry", "win2"),
    "taishogi": ("win1", "parry"),
    "abalone": ("win1", "eject", "parry"),
    "amazons": ("win1", "win2", "parry"),
    "rithmomachia": ("win1", "parry"),
    "pions": ("last",),
}
#: suite kind -> puzzle goal (`--suites`)
SUITE_KINDS = {"win1": "win1", "parry1": "parry", "win2": "win2"}


def idea(label: str) -> str:
    """What makes two winning turns the same idea: the first move of a Rithmomachia turn (its
    ransoms aside), the Amazon's move before its arrow; otherwise the move itself."""
    return label.split(" ")[0].split("/")[0]


def pack_path(game: str, root: Path = PUZZLE_DIR) -> Path:
    return root / f"{game}.json"


class PionsTurns(Turns):
    """The Jeu de pions: its pawns are the men; the phase is told by how many are left."""

    def men(self, state: Any) -> int:
        return len(state.cells)

    def phase(self, state: Any, ply: int) -> str:
        n = len(state.cells)
        return "opening" if n >= 5 else "ending" if n <= 2 else "middle"


class TaiShogiPlay(TaiShogiTurns):
    """Tai Shogi for the puzzle games: a checking move is one after which, were it our turn
    again, a move of ours would take an enemy royal (so mates come up in random games)."""

    def checking_move(self, state: Any, rng: Any) -> Any | None:
        moves = list(self.moves(state))
        rng.shuffle(moves)
        royal = self.rules.royal
        for m in moves[:12]:
            after = self.after(state, m)
            again = type(after)(after.board, state.to_move)
            if any(after.board[c] in royal for move in self.moves(again) for c in move.caps):
                return m
        return None


class Prover:
    """The proof of one game's puzzles (the rules' moves only, through tools/tactic_games)."""

    def __init__(self, entry: GameEntry, rules: Any) -> None:
        self.entry = entry
        self.rules = rules
        self.turns: Turns = {**ADAPTERS, "pions": PionsTurns,
                             "taishogi": TaiShogiPlay}.get(entry.id, Turns)(rules)
        self.evaluate: Callable[[Any, Any], float] | None = (
            resolve(entry.evaluate) if entry.evaluate is not None else None)

    # -- helpers ------------------------------------------------------------------------
    def won(self, state: Any, side: int) -> bool:
        out = outcome_of(self.rules, state)
        return out is not None and out.winner == side

    def natural(self, replies: Sequence[tuple[str, Any]]) -> tuple[str, Any]:
        """The answer the greedy player's evaluation likes best (ties: the first notation)."""
        if self.evaluate is None or len(replies) == 1:
            return min(replies, key=lambda r: r[0])
        evaluate = self.evaluate
        return min(replies, key=lambda r: (evaluate(self.rules, r[1]), r[0]))

    def greedy_choice(self, state: Any) -> str | None:
        turns = self.turns.turns(state)
        if not turns:
            return None
        return self.natural(turns)[0]

    def _ideas(self, labels: Sequence[str]) -> list[str]:
        """One label per idea (see `idea`)."""
        seen: dict[str, str] = {}
        for label in labels:
            seen.setdefault(idea(label), label)
        return list(seen.values())

    def _all(self, labels: Sequence[str] | None) -> tuple[Step, ...] | None:
        """Every label as an accepted last move, when they are few ideas and few moves."""
        if not labels or len(self._ideas(labels)) > MOST_FIRST or len(labels) > MOST_LISTED:
            return None
        return tuple(Step(g) for g in labels)

    # -- the kinds ----------------------------------------------------------------------
    def solve(self, kind: str, state: Any) -> tuple[Step, ...] | None:
        """The solution tree of a puzzle of `kind` in `state`, or None when it is not one."""
        try:
            return getattr(self, f"_solve_{kind}")(state)  # type: ignore[no-any-return]
        except TooManyTurns:
            return None

    def _solve_win1(self, state: Any) -> tuple[Step, ...] | None:
        """Any winning turn is accepted when played (the rules say it wins): one label is
        written per idea."""
        wins = prove_win1(self.turns, state)
        if not wins:
            return None
        ideas = self._ideas(wins)
        return tuple(Step(w) for w in ideas) if len(ideas) <= MOST_FIRST else None

    def _solve_parry(self, state: Any) -> tuple[Step, ...] | None:
        return self._all(prove_parry1(self.turns, state))

    def _solve_win2(self, state: Any) -> tuple[Step, ...] | None:
        first = prove_win2(self.turns, state)
        if not first or self._all(first) is None:
            return None
        steps = []
        side = state.to_move
        for label in first:
            after = fmt.play_turn(self.rules, state, label)
            replies = [(lab, s) for lab, s in self.turns.turns(after) if not self.won(s, side)]
            if not replies:
                return None
            reply, answered = self.natural(replies)
            wins = self._ideas(self.turns.winning(answered))[:MOST_LISTED]
            steps.append(Step(label, reply, tuple(Step(w) for w in wins)))
        return tuple(steps)

    def _solve_eject(self, state: Any) -> tuple[Step, ...] | None:
        """Abalone: push a marble off so that no answer pushes one of ours off."""
        if self.turns.winning(state, True):
            return None
        side = state.to_move
        good = []
        for label, after in self.turns.turns(state):
            if sum(after.lost) <= sum(state.lost):
                continue
            if outcome_of(self.rules, after) is not None:
                return None
            if any(s.lost[side] > after.lost[side] for _, s in self.turns.turns(after)):
                continue
            good.append(label)
        return self._all(good)

    def _solve_last(self, state: Any) -> tuple[Step, ...] | None:
        """The Jeu de pions: win the game, every move of the line proved by exact search."""
        variant = self.rules.variant
        if len(state.cells) < 2:
            return None  # a lone pawn: no choice worth a puzzle
        won, plies = pions_value(variant, state.cells)
        if not won or (plies + 1) // 2 > MOST_DEPTH:
            return None
        count = [0]
        steps = self._pions_steps(state, count)
        if steps is None or len(steps) > MOST_FIRST or count[0] > fmt.MAX_NODES // 2:
            return None
        return steps

    def _pions_steps(self, state: Any, count: list[int]) -> tuple[Step, ...] | None:
        variant = self.rules.variant
        wins = []
        for move in self.rules.legal_moves(state):
            after = self.rules.play(state, move)
            lost, plies = pions_value(variant, after.cells)
            if not lost:
                wins.append((plies, self.rules.to_notation(state, move), after))
        wins.sort(key=lambda w: (w[0], w[1]))
        steps = []
        for _plies, label, after in wins:
            count[0] += 1
            if count[0] > fmt.MAX_NODES // 2:
                return None
            if outcome_of(self.rules, after) is not None:
                steps.append(Step(label))
                continue
            # the loser's answers that last longest, the stalling one (smallest drop) first
            answers = []
            for move in self.rules.legal_moves(after):
                nxt = self.rules.play(after, move)
                answers.append((-pions_value(variant, nxt.cells)[1], after.total - nxt.total,
                                self.rules.to_notation(after, move), nxt))
            answers.sort(key=lambda a: a[:3])
            _, _, reply, answered = answers[0]
            then = self._pions_steps(answered, count)
            if then is None:
                return None
            steps.append(Step(label, reply, then))
        return tuple(steps)

    # -- the opponent's mistake and the difficulty --------------------------------------
    def after_mistake(self, kind: str, before: Any, rng: random.Random, tries: int = 40) -> bool:
        """Whether the opponent, to move in `before`, had a turn leaving no puzzle of `kind`
        (so the turn it played was the mistake). Parries follow a threat: always True."""
        if kind == "parry":
            return True
        turns = self.turns.turns(before)
        rng.shuffle(turns)
        for _label, after in turns[:tries]:
            if outcome_of(self.rules, after) is not None:
                continue
            if kind == "last":  # the Jeu de pions: the escape leaves the other side lost
                if not pions_value(self.rules.variant, after.cells)[0]:
                    return True
            elif not self.turns.winning(after, True) and (
                    kind == "win1" or self.solve(kind, after) is None):
                return True
        return False

    def difficulty(self, state: Any, steps: Sequence[Step]) -> Difficulty:
        right_ideas = {idea(s.move) for s in steps}
        side = state.to_move
        turns = self.turns.turns(state)
        men = self.turns.men(state)
        tempting = set()
        for label, after in turns:
            if idea(label) in right_ideas or self.won(after, side):
                continue
            if self.entry.id != "amazons" and self.turns.men(after) < men:
                tempting.add(idea(label))
        greedy = self.greedy_choice(state)
        if greedy is not None and idea(greedy) not in right_ideas:
            tempting.add(idea(greedy))
        depth, node = 0, list(steps)
        while node:
            depth += 1
            node = list(node[0].then) if node[0].reply is not None else []
        return Difficulty.measure(depth, len(tempting), len(turns))

    def check(self, puzzle: Puzzle) -> list[str]:
        """Re-prove a puzzle: the same first moves, the same line, all legal."""
        try:
            state = self.rules.parse_position(puzzle.position)
        except Exception as exc:  # the rules' reason
            return [f"the position cannot be read: {exc}"]
        problems = fmt.check_puzzle(self.rules, puzzle)
        if problems:
            return problems
        proved = self.solve(puzzle.goal, state)
        if proved is None:
            return [f"not a {puzzle.goal} puzzle: the proof finds no solution in this position"]
        if puzzle.goal == "win1":  # any winning move is accepted: the ideas must agree
            mine = {idea(s.move) for s in proved}
            theirs = {idea(s.move) for s in puzzle.solution}
        else:  # a parry, an ejection, a first move with a line after it: exactly these
            mine = {s.move for s in proved}
            theirs = {s.move for s in puzzle.solution}
        if mine != theirs:
            return [f"the first moves should be {', '.join(sorted(mine))}, "
                    f"not {', '.join(sorted(theirs))}"]
        return self._verify_line(state, puzzle.solution, puzzle.goal)

    def _verify_line(self, state: Any, steps: Sequence[Step], goal: str,
                     where: str = "") -> list[str]:
        """The line after the first moves, proved again move by move: a last move of a win
        wins at once; each answer is one of those that lose slowest (in a win in two, every
        answer loses at the next turn, so any that does not end the game); after it the
        player's written moves are every move that keeps the win (the Jeu de pions), or a win
        at once exists (a win in two). Which of the slowest answers was chosen is not proved:
        it is the line's choice (module docstring)."""
        problems: list[str] = []
        side = state.to_move
        for step in steps:
            after = fmt.play_turn(self.rules, state, step.move)
            here = f"{where}{step.move}"
            if step.reply is None:
                if goal in fmt.WIN_GOALS and not self.won(after, side):
                    problems.append(f"{here}: does not win at once")
                continue
            answered = fmt.play_turn(self.rules, after, step.reply)
            if outcome_of(self.rules, answered) is not None:
                problems.append(f"{here} {step.reply}: the answer ends the game")
                continue
            if goal == "last":
                variant = self.rules.variant
                longest = max(pions_value(variant, s.cells)[1]
                              for _lab, s in self.turns.turns(after))
                if pions_value(variant, answered.cells) != (True, longest):
                    problems.append(f"{here}: the answer {step.reply} is not one that loses "
                                    "slowest")
                keeps = {lab for lab, s in self.turns.turns(answered)
                         if not pions_value(variant, s.cells)[0]}
                if keeps != {s.move for s in step.then}:
                    problems.append(f"{here} {step.reply}: the moves that keep the win are "
                                    f"{', '.join(sorted(keeps))}")
            elif not self.turns.winning(answered, True):
                problems.append(f"{here} {step.reply}: no win at once after this answer")
            problems += self._verify_line(answered, step.then, goal, f"{here} {step.reply} ")
        return problems


@cache
def pions_value(variant: str, cells: tuple[int, ...]) -> tuple[bool, int]:
    """(the side to move wins, plies to the end with best play: the winner hastens, the loser
    drags on), by plain search over the rules' moves (no nim-sum: it proves the nim-sum)."""
    if not cells:
        return variant == "misere", 0
    best_win: int | None = None
    worst_loss = 0
    for k, cell in enumerate(cells):
        lower = cells[k + 1] if k + 1 < len(cells) else 0
        targets = list(range(lower + 1, cell)) if k + 1 < len(cells) else list(range(1, cell))
        moves = [cells[:k] + (t,) + cells[k + 1:] for t in targets]
        if k == len(cells) - 1:
            moves.append(cells[:k])  # remove the pawn nearest the end
        for nxt in moves:
            won, plies = pions_value(variant, nxt)
            if not won and (best_win is None or plies + 1 < best_win):
                best_win = plies + 1
            elif won:
                worst_loss = max(worst_loss, plies + 1)
    if best_win is not None:
        return True, best_win
    return False, worst_loss


# --------------------------------------------------------------------------- making packs


def _near(text: str, kept: Sequence[str]) -> bool:
    for other in kept:
        if len(other) == len(text) and sum(a != b for a, b in zip(other, text, strict=True)) < 4:
            return True
    return False


class Maker:
    """Collects the finds of one game (see the module docstring)."""

    def __init__(self, prover: Prover, kinds: Sequence[str], want: int, per_game: int,
                 gap: int, log: Any = None) -> None:
        self.prover = prover
        self.kinds = list(kinds)
        self.want = want
        self.per_game = per_game
        self.gap = gap
        self.log = log
        self.found: list[dict[str, Any]] = []
        self.texts: list[str] = []

    def count(self, kind: str) -> int:
        return sum(1 for p in self.found if p["goal"] == kind)

    def full(self) -> bool:
        share = math.ceil(self.want / len(self.kinds))
        return len(self.found) >= self.want and all(
            self.count(k) >= min(share, self.count(k) + 1) for k in self.kinds)

    def examine(self, state: Any, before: Any | None, mistake: str | None, ply: int,
                source: dict[str, Any], rng: random.Random, mine: dict[str, int],
                last: dict[str, int], balance: bool = True) -> None:
        p = self.prover
        text = p.rules.position_text(state)
        if _near(text, self.texts):
            return
        state = p.rules.parse_position(text)  # prove what the file will hold
        share = math.ceil(self.want / len(self.kinds))
        for kind in self.kinds:
            if mine.get(kind, 0) >= self.per_game or ply - last.get(kind, -999) < self.gap:
                continue
            if balance and self.count(kind) >= share and len(self.found) < self.want and any(
                    self.count(k) < share for k in self.kinds):
                continue  # make room for the kinds still short
            if kind == "parry" and not threatened(p.turns, state, rng):
                continue  # the cheap screen of tools/tactics.py before the full proof
            steps = p.solve(kind, state)
            if steps is None:
                continue
            if before is not None and not p.after_mistake(kind, before, rng):
                continue
            diff = p.difficulty(state, steps)
            if diff.moves - len(steps) < 2:
                continue  # hardly a choice: not a puzzle
            where = dict(source, ply=ply)
            if before is not None:
                where.update(before=p.rules.position_text(before), mistake=mistake)
            self.found.append({"goal": kind, "position": text,
                               "phase": p.turns.phase(state, ply), "steps": steps,
                               "difficulty": diff, "source": where})
            self.texts.append(text)
            mine[kind] = mine.get(kind, 0) + 1
            last[kind] = ply
            if self.log is not None:
                print(f"  {kind} at ply {ply} ({len(self.found)} found): "
                      f"{steps[0].move}", file=self.log, flush=True)
            return


def play_games(maker: Maker, entry: GameEntry, rules: Any, games: int, seed: int,
               players: Sequence[str], noise: float, skip: int, max_plies: int,
               first: int = 1, starts: Callable[[random.Random], Any] | None = None,
               save: Callable[[], None] | None = None, checks: float = 0.0,
               keep_going: bool = False) -> None:
    """Play seeded games and hand every position after `skip` plies to the maker."""
    turns = maker.prover.turns
    for g in range(first, first + games):
        if maker.full():
            break
        rng = random.Random(f"puzzles {seed} {g}")
        sides = [make_player(entry, rules, players[(g + i) % len(players)]) for i in (0, 1)]
        state = starts(rng) if starts is not None else rules.initial_state()
        before: Any = None
        mistake: str | None = None
        mine: dict[str, int] = {}
        last: dict[str, int] = {}
        ply = 0
        while ply < max_plies and outcome_of(rules, state) is None and not maker.full():
            if ply >= skip:
                maker.examine(state, before, mistake, ply, {"game": g}, rng, mine, last)
            check = turns.checking_move(state, rng) if checks and rng.random() < checks else None
            if check is not None:
                label, after = rules.to_notation(state, check), rules.play(state, check)
            elif rng.random() < noise:
                label, after = rng.choice(turns.turns(state)) if entry.id == "rithmomachia" \
                    else _random_move(rules, state, rng)
            else:
                def choose(s: Any, sides: list[Any] = sides, rng: random.Random = rng) -> Any:
                    return sides[s.to_move].choose(s, seconds=0.05, rng=rng)

                label, after = turns.play_turn(state, choose)
            if keep_going and outcome_of(rules, after) is not None and entry.id != "rithmomachia":
                other = _not_ending(rules, state, rng)
                if other is not None:
                    label, after = rules.to_notation(state, other), rules.play(state, other)
            before, mistake, state = state, label, after
            ply += 1
        if maker.log is not None:
            print(f"game {g}: {ply} plies; {len(maker.found)} puzzles", file=maker.log, flush=True)
        if save is not None:
            save()


def _random_move(rules: Any, state: Any, rng: random.Random) -> tuple[str, Any]:
    move = rng.choice(list(rules.legal_moves(state)))
    return rules.to_notation(state, move), rules.play(state, move)


def from_suites(maker: Maker, game: str, rng: random.Random) -> None:
    """Re-prove the tactic suites' positions of `game` as puzzles (their mistake unknown)."""
    for path in sorted(SUITE_DIR.glob(f"{game}-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        kind = SUITE_KINDS.get(data.get("kind", ""))
        if kind is None or kind not in maker.kinds:
            continue
        for pos in data["positions"]:
            maker.examine(maker.prover.rules.parse_position(pos["position"]), None, None,
                          pos.get("ply", 0), {"suite": pos["id"], "command": data["command"]},
                          rng, {}, {}, balance=False)


def write_pack(path: Path, entry: GameEntry, variant: str, options: dict[str, Any],
               commands: list[str], seed: int, found: list[dict[str, Any]]) -> int:
    """Write the finds as a pack, easiest first; the number of puzzles written."""
    puzzles = [Puzzle(f"{entry.id}-{k + 1:03d}", entry.id, variant, options, f["position"],
                      f["goal"], f["steps"], f["difficulty"], f["phase"], f["source"])
               for k, f in enumerate(found)]
    ordered = fmt.pack_order(puzzles)
    data = {"format": fmt.FORMAT, "game": entry.id, "variant": variant, "options": options,
            "commands": commands, "seed": seed,
            "kinds": {k: sum(p.goal == k for p in puzzles) for k in GAME_KINDS[entry.id]},
            "phases": {ph: sum(p.phase == ph for p in puzzles) for ph in fmt.PHASES},
            "puzzles": [p.to_dict() for p in ordered]}
    path.parent.mkdir(parents=True, exist_ok=True)
    storage.write_json_atomic(path, data)
    path.chmod(0o644)  # a file of the repository, not a private one
    return len(puzzles)


def _found_from(pack: fmt.Pack) -> list[dict[str, Any]]:
    return [{"goal": p.goal, "position": p.position, "phase": p.phase, "steps": p.solution,
             "difficulty": p.difficulty, "source": dict(p.source)}
            for p in sorted(pack.puzzles, key=lambda p: p.id)]


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
    make.add_argument("--add", action="store_true", help="add to the pack already there")
    make.add_argument("--first-game", type=int, default=1)
    make.add_argument("--out", type=Path, default=PUZZLE_DIR)
    lister = sub.add_parser("list", help="id, position and first move, one puzzle a line")
    lister.add_argument("game")
    lister.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    check = sub.add_parser("check", help="re-prove the puzzles of packs")
    check.add_argument("games", nargs="*", help="game ids (default: every pack)")
    check.add_argument("--sample", type=int, help="only N puzzles of each pack")
    check.add_argument("--dir", type=Path, default=PUZZLE_DIR)
    args = parser.parse_args(argv)

    if args.command == "list":
        path = pack_path(_entry(args.game).id, args.dir)
        try:
            pack = fmt.read_pack(path, registry.get)
        except fmt.PuzzleFileError as exc:
            raise ToolError(str(exc)) from None
        for puzzle in pack.puzzles:
            print(f"{puzzle.id}\t{puzzle.position}\t{puzzle.solution[0].move}")
        for problem in pack.problems:
            print(problem, file=sys.stderr)
        return 0 if not pack.problems else 1

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
    maker = Maker(prover, kinds, args.want, args.per_game, args.gap, log=sys.stderr)
    path = pack_path(entry.id, args.out)
    command = "tools/puzzles.py " + " ".join(argv if argv is not None else sys.argv[1:])
    commands = [command]
    if args.add and path.exists():
        pack = fmt.read_pack(path, registry.get)
        maker.found = _found_from(pack)
        maker.texts = [f["position"] for f in maker.found]
        commands = [*pack.header.get("commands", []), command]

    def save() -> None:
        if maker.found:
            write_pack(path, entry, variant, options, commands, args.seed, maker.found)

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
               args.keep_going)
    save()
    print(f"{entry.id}: {len(maker.found)} puzzles -> {path} "
          + ", ".join(f"{k} {maker.count(k)}" for k in kinds))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
