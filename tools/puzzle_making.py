"""Making the tactics puzzle packs (tools/puzzles.py make): seeded games between the computer
levels, every position after the opponent's move handed to the prover, and the pack written
easiest first."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.engine import puzzles as fmt
from game.engine import storage
from game.engine.match import outcome_of
from game.engine.puzzles import Puzzle
from game.registry import GameEntry
from tools.arena import make_player
from tools.puzzle_proof import GAME_KINDS, SUITE_DIR, SUITE_KINDS, Prover
from tools.tactic_proofs import threatened
from tools.tactics import _not_ending
from tools.virtual_clock import choose_move


def _near(text: str, kept: Sequence[str]) -> bool:
    for other in kept:
        if len(other) == len(text) and sum(a != b for a, b in zip(other, text, strict=True)) < 4:
            return True
    return False


class Maker:
    """Collects the finds of one game (see the module docstring)."""

    def __init__(self, prover: Prover, kinds: Sequence[str], want: int, per_game: int,
                 gap: int, log: Any = None, caps: dict[str, int] | None = None) -> None:
        self.prover = prover
        #: most puzzles of a kind (given: the pack is full at `want`, kinds are not balanced)
        self.caps = dict(caps or {})
        self.kinds = list(kinds)
        self.want = want
        self.per_game = per_game
        self.gap = gap
        self.log = log
        self.found: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.answers: set[tuple[str | None, str]] = set()

    def count(self, kind: str) -> int:
        return sum(1 for p in self.found if p["goal"] == kind)

    def full(self) -> bool:
        if self.caps:
            return len(self.found) >= self.want
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
            if kind in self.caps and self.count(kind) >= self.caps[kind]:
                continue
            if balance and not self.caps and self.count(kind) >= share and len(self.found) < self.want and any(
                    self.count(k) < share for k in self.kinds):
                continue  # make room for the kinds still short
            if kind == "parry" and not threatened(p.turns, state, rng):
                continue  # the cheap screen of tools/tactics.py before the full proof
            steps = p.solve(kind, state)
            if steps is None or f"first {steps[0].move}" in mine or (
                    mistake, steps[0].move) in self.answers:
                continue  # none, or the same move as a find of this game a few plies back, or
                # the same mistake and answer as a find of another game (the same opening)
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
            mine[f"first {steps[0].move}"] = 1
            self.answers.add((mistake, steps[0].move))
            last[kind] = ply
            if self.log is not None:
                print(f"  {kind} at ply {ply} ({len(self.found)} found): "
                      f"{steps[0].move}", file=self.log, flush=True)
            return


def play_games(maker: Maker, entry: GameEntry, rules: Any, games: int, seed: int,
               players: Sequence[str], noise: float, skip: int, max_plies: int,
               first: int = 1, starts: Callable[[random.Random], Any] | None = None,
               save: Callable[[], None] | None = None, checks: float = 0.0,
               keep_going: bool = False, seconds: float = 0.05,
               nodes: int | None = None, tick: float | None = None) -> None:
    """Play seeded games and hand every position after `skip` plies to the maker.

    Game `g` replays the same from (seed, g, players, noise, nodes, tick) when its players'
    searches end by their depth, by `nodes` or by the virtual clock (`tick`: see
    `virtual_time`), not by the real one: the moves draw on a random generator of their own,
    and the proofs on another, so what the prover finds never changes the game."""
    turns = maker.prover.turns
    for g in range(first, first + games):
        if maker.full():
            break
        rng = random.Random(f"puzzles {seed} {g}")
        look = random.Random(f"puzzles {seed} {g} proof")
        names = [players[(g + i) % len(players)] for i in (0, 1)]
        sides = [make_player(entry, rules, name) for name in names]
        state = starts(rng) if starts is not None else rules.initial_state()
        before: Any = None
        mistake: str | None = None
        mine: dict[str, int] = {}
        last: dict[str, int] = {}
        ply = 0
        where = {"game": g, "players": names}
        while ply < max_plies and outcome_of(rules, state) is None and not maker.full():
            if ply >= skip:
                maker.examine(state, before, mistake, ply, where, look, mine, last)
            check = turns.checking_move(state, rng) if checks and rng.random() < checks else None
            if check is not None:
                label, after = rules.to_notation(state, check), rules.play(state, check)
            elif rng.random() < noise:
                label, after = rng.choice(turns.turns(state)) if entry.id == "rithmomachia" \
                    else _random_move(rules, state, rng)
            else:
                def choose(s: Any, sides: list[Any] = sides, rng: random.Random = rng) -> Any:
                    return choose_move(sides[s.to_move], s, seconds, nodes, rng, tick)

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
               commands: list[str], seed: int, found: list[dict[str, Any]],
               retired: Sequence[str] = ()) -> int:
    """Write the finds as a pack, easiest first; the number of puzzles written. A find read
    from the pack keeps its id (the progress saved and the puzzle of the day name puzzles by
    id, and a dropped puzzle must not shift the others); a new one takes the next number
    after every id the pack has used, the `retired` ones (dropped puzzles) included: a
    player's stars saved under a dropped puzzle's id must not attach to another puzzle."""
    taken = [int(f["id"].rsplit("-", 1)[1]) for f in found if "id" in f]
    taken += [int(r.rsplit("-", 1)[1]) for r in retired]
    fresh = iter(range(max(taken, default=0) + 1, 10**6))
    puzzles = [Puzzle(f.get("id") or f"{entry.id}-{next(fresh):03d}", entry.id, variant,
                      options, f["position"], f["goal"], f["steps"], f["difficulty"],
                      f["phase"], f["source"])
               for f in found]
    ordered = fmt.pack_order(puzzles)
    data = {"format": fmt.FORMAT, "game": entry.id, "variant": variant, "options": options,
            "commands": commands, "seed": seed,
            **({"retired": sorted(set(retired))} if retired else {}),
            "kinds": {k: sum(p.goal == k for p in puzzles) for k in GAME_KINDS[entry.id]},
            "phases": {ph: sum(p.phase == ph for p in puzzles) for ph in fmt.PHASES},
            "puzzles": [p.to_dict() for p in ordered]}
    path.parent.mkdir(parents=True, exist_ok=True)
    storage.write_json_atomic(path, data)
    path.chmod(0o644)  # a file of the repository, not a private one
    return len(puzzles)


def _found_from(pack: fmt.Pack) -> list[dict[str, Any]]:
    return [{"id": p.id, "goal": p.goal, "position": p.position, "phase": p.phase,
             "steps": p.solution, "difficulty": p.difficulty, "source": dict(p.source)}
            for p in sorted(pack.puzzles, key=lambda p: p.id)]
