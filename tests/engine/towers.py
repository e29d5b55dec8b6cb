"""A three-peg Towers puzzle, test-only: the puzzle paths of the engine and tools run on it.

Its `ENTRY` ("tests.engine.towers:ENTRY") has a levels folder, a level validator and the
`bestmove` hook that tools/bestmove.py prints for puzzles.
Notation: FROM-TO with pegs a, b, c ("a-c"). Position text: the three pegs bottom to top,
separated by "/", e.g. "321//" (all three discs on peg a).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.levels import LevelError, read_tmx
from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.registry import GameEntry, Option

PEGS = "abc"
Move = tuple[int, int]


@dataclass(frozen=True)
class TowersState:
    pegs: tuple[tuple[int, ...], ...]
    to_move: int = 0

    def key(self) -> Hashable:
        return self.pegs


class TowersRules:
    game_id = "towers"

    def __init__(self, variant: str, options: Mapping[str, Any]) -> None:
        self.variant = variant
        self.options = dict(options)
        self.discs = int(options["discs"])

    def initial_state(self) -> TowersState:
        return TowersState((tuple(range(self.discs, 0, -1)), (), ()))

    def legal_moves(self, state: TowersState) -> list[Move]:
        return [(a, b) for a in range(3) for b in range(3) if self.check(state, (a, b)) is None]

    def check(self, state: TowersState, move: Move) -> str | None:
        a, b = move
        if a == b or not (0 <= a < 3 and 0 <= b < 3):
            return "move a disc to another peg"
        if not state.pegs[a]:
            return f"peg {PEGS[a]} is empty"
        if state.pegs[b] and state.pegs[b][-1] < state.pegs[a][-1]:
            return "a disc never goes on a smaller one"
        return None

    def play(self, state: TowersState, move: Move) -> TowersState:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        a, b = move
        pegs = list(state.pegs)
        pegs[b] = pegs[b] + (pegs[a][-1],)
        pegs[a] = pegs[a][:-1]
        return TowersState(tuple(pegs))

    def solved(self, state: TowersState) -> bool:
        return len(state.pegs[2]) == self.discs

    def outcome(self, state: TowersState) -> Outcome | None:
        """The contract's outcome: a puzzle has one only once solved."""
        return Outcome(0, "solved") if self.solved(state) else None

    def to_notation(self, state: TowersState, move: Move) -> str:
        return f"{PEGS[move[0]]}-{PEGS[move[1]]}"

    def parse_move(self, state: TowersState, text: str) -> Move:
        m = re.fullmatch(r"([abc])-([abc])", text.strip())
        if m is None:
            raise IllegalMove(f"cannot read {text!r}: write FROM-TO, e.g. a-c")
        move = (PEGS.index(m.group(1)), PEGS.index(m.group(2)))
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def position_text(self, state: TowersState) -> str:
        return "/".join("".join(map(str, p)) for p in state.pegs)

    def parse_position(self, text: str) -> TowersState:
        parts = text.strip().split("/")
        if len(parts) != 3 or not all(p.isdigit() or p == "" for p in parts):
            raise BadPosition(f"cannot read {text!r}: write three pegs like 321//")
        pegs = tuple(tuple(int(c) for c in p) for p in parts)
        if sorted(d for p in pegs for d in p) != list(range(1, self.discs + 1)):
            raise BadPosition(f"the discs should be 1 to {self.discs}, once each")
        if any(list(p) != sorted(p, reverse=True) for p in pegs):
            raise BadPosition("a disc lies on a smaller one")
        return TowersState(pegs)


def make_rules(variant: str, options: Mapping[str, Any]) -> TowersRules:
    return TowersRules(variant, options)


def _solve(n: int, src: int, dst: int, via: int, out: list[Move]) -> None:
    if n:
        _solve(n - 1, src, via, dst, out)
        out.append((src, dst))
        _solve(n - 1, via, dst, src, out)


def bestmove_lines(rules: TowersRules, state: TowersState) -> list[str]:
    """The first optimal move from the start, then the optimal length (start position only)."""
    plan: list[Move] = []
    _solve(rules.discs, 0, 2, 1, plan)
    if state != rules.initial_state():
        return ["unknown: only the start position is solved"]
    return [rules.to_notation(state, plan[0]), f"optimal: {len(plan)}"]


def validate_level(path: Path) -> list[str]:
    """A level is a .tmx map with an int property `discs` from 1 to 8."""
    try:
        level = read_tmx(path)
        discs = level.prop("discs", int)
    except LevelError as exc:
        return [str(exc)]
    return [] if 1 <= discs <= 8 else [f"discs should be 1 to 8, not {discs}"]


ENTRY = GameEntry(
    id="towers",
    title="Towers",
    tagline="Move the tower.",
    kind="puzzle",
    rules=make_rules,
    scene="tests.engine.towers:TowersScene",
    help="tests.engine.towers:HELP",
    options=(Option("discs", "Discs", ((3, "3"), (4, "4")), 3),),
    side_names=("Player",),
    validate_level="tests.engine.towers:validate_level",
    levels_dir="towers",
    solver="tests.engine.towers",  # its bestmove_lines: the ExplainsBestMove capability
)

HELP = [("Goal", "Move every disc to peg c, one at a time, never on a smaller one.")]
