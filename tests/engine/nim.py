"""Nim, as a tiny test-only game filling the whole Rules contract, so the engine can be tested alone.

The engine's tests, the worker and the tools run on it through its `ENTRY` (named
"tests.engine.nim:ENTRY"), before and besides the real games. Its theory is known exactly
(Bouton: the side to move loses iff the heaps' xor is 0; misère differs only at the end), so
tests can check searches and tools against facts.

Notation: a move is HEAP-COUNT with heaps counted from 1 ("2-3" takes three from heap 2).
Position text: the heaps then the side to move, e.g. "3,4,5 0".
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.engine.search import WIN, AlphaBeta
from game.registry import GameEntry, Option, Variant

Move = tuple[int, int]  # (heap index from 0, how many taken)


@dataclass(frozen=True)
class NimState:
    heaps: tuple[int, ...]
    to_move: int = 0

    def key(self) -> Hashable:
        return (self.heaps, self.to_move)


def _heaps(text: str) -> tuple[int, ...]:
    return tuple(int(h) for h in text.split(","))


class NimRules:
    game_id = "nim"

    def __init__(self, variant: str, options: Mapping[str, Any]) -> None:
        self.variant = variant
        self.options = dict(options)
        self.misere = variant == "misere"
        self.start = _heaps(str(options["heaps"]))

    def initial_state(self) -> NimState:
        return NimState(self.start, 0)

    def legal_moves(self, state: NimState) -> list[Move]:
        if self.outcome(state) is not None:
            return []
        return [(i, k) for i, h in enumerate(state.heaps) for k in range(1, h + 1)]

    def check(self, state: NimState, move: Move) -> str | None:
        if not (isinstance(move, tuple) and len(move) == 2
                and all(isinstance(x, int) for x in move)):
            return "that is not a move"
        if self.outcome(state) is not None:
            return "the game is over"
        i, k = move
        if not 0 <= i < len(state.heaps):
            return f"there is no heap {i + 1}"
        if k < 1:
            return "take at least one"
        if k > state.heaps[i]:
            return f"heap {i + 1} has only {state.heaps[i]}"
        return None

    def play(self, state: NimState, move: Move) -> NimState:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        i, k = move
        heaps = state.heaps[:i] + (state.heaps[i] - k,) + state.heaps[i + 1:]
        return NimState(heaps, 1 - state.to_move)

    def outcome(self, state: NimState) -> Outcome | None:
        if any(state.heaps):
            return None
        mover = 1 - state.to_move  # took the last one
        if self.misere:
            return Outcome(state.to_move, "the other side took the last one")
        return Outcome(mover, "took the last one")

    def to_notation(self, state: NimState, move: Move) -> str:
        return f"{move[0] + 1}-{move[1]}"

    def parse_move(self, state: NimState, text: str) -> Move:
        m = re.fullmatch(r"\s*(\d+)-(\d+)\s*", text)
        if m is None:
            raise IllegalMove(f"cannot read {text!r}: write HEAP-COUNT, e.g. 2-3")
        move = (int(m.group(1)) - 1, int(m.group(2)))
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def position_text(self, state: NimState) -> str:
        return f"{','.join(map(str, state.heaps))} {state.to_move}"

    def parse_position(self, text: str) -> NimState:
        m = re.fullmatch(r"\s*(\d+(?:,\d+)*) ([01])\s*", text)
        if m is None:
            raise BadPosition(f"cannot read {text!r}: write the heaps then 0 or 1, e.g. 3,4,5 0")
        return NimState(_heaps(m.group(1)), int(m.group(2)))

    # optional hooks the tools use
    def perft(self, state: NimState, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(state, m), depth - 1) for m in moves)

    def invariants(self, state: NimState) -> list[str]:
        return [f"heap {i + 1} is negative" for i, h in enumerate(state.heaps) if h < 0]

    def adjudicate(self, state: NimState) -> Outcome:
        """A cut game goes to whoever the theory says wins from here."""
        if losing(self, state):
            return Outcome(1 - state.to_move, "won position at the cut")
        return Outcome(state.to_move, "won position at the cut")


def make_rules(variant: str, options: Mapping[str, Any]) -> NimRules:
    return NimRules(variant, options)


# ------------------------------------------------------------------ theory and AI


def losing(rules: NimRules, state: NimState) -> bool:
    """True iff the side to move loses with best play (Bouton; misère: the count of 1-heaps)."""
    if rules.misere and all(h <= 1 for h in state.heaps):
        return sum(state.heaps) % 2 == 1
    if not any(state.heaps):
        return not rules.misere  # normal: the mover already lost; misère: already won
    return reduce(xor, state.heaps, 0) == 0


def winning_moves(rules: NimRules, state: NimState) -> list[Move]:
    """Every move that leaves the opponent lost (the `--all` hook of tools/bestmove.py)."""
    return [m for m in rules.legal_moves(state) if losing(rules, rules.play(state, m))]


def evaluate(rules: NimRules, state: NimState) -> float:
    return -1.0 if losing(rules, state) else 1.0


class _SearchAdapter:
    def __init__(self, rules: NimRules) -> None:
        self.rules = rules

    def moves(self, state: NimState) -> Sequence[Move]:
        return self.rules.legal_moves(state)

    def play(self, state: NimState, move: Move) -> NimState:
        return self.rules.play(state, move)

    def evaluate(self, state: NimState) -> float:
        return 0.0  # blind: the search must find wins by itself

    def terminal(self, state: NimState) -> float | None:
        o = self.rules.outcome(state)
        if o is None:
            return None
        return WIN if o.winner == state.to_move else -WIN

    def key(self, state: NimState) -> Hashable:
        return state.key()


LEVELS = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"


class NimAI:
    def __init__(self, rules: NimRules, level: str) -> None:
        self.rules = rules
        self.level = level
        self.search = AlphaBeta(_SearchAdapter(rules))
        self.last_info: dict[str, Any] = {}

    def choose(self, state: NimState, *, seconds: float, rng: random.Random) -> Move:
        moves = self.rules.legal_moves(state)
        if self.level == "ponder":  # test-only: thinks for the whole time, to be cancelled
            time.sleep(seconds)
        if self.level in ("easy", "ponder"):
            return moves[rng.randrange(len(moves))]
        if self.level == "strong":
            best = winning_moves(self.rules, state)
            return rng.choice(best) if best else moves[0]
        result = self.search.search(state, seconds=seconds, nodes=20_000, rng=rng)
        self.last_info = {"depth": result.depth, "nodes": result.nodes, "score": result.score}
        assert result.move is not None
        return result.move


def make_ai(rules: NimRules, level: str) -> NimAI:
    if level not in (*LEVELS, "ponder"):
        raise KeyError(f"nim has no level {level!r}")
    return NimAI(rules, level)


HELP = [("Goal", "Take the last counter (misère: make the other side take it).")]

ENTRY = GameEntry(
    id="nim",
    title="Nim",
    tagline="Take counters; the last one decides.",
    kind="match",
    rules=make_rules,
    scene="tests.engine.nim:NimScene",  # never built: tests have no screen
    help="tests.engine.nim:HELP",
    ai="tests.engine.nim:make_ai",
    evaluate="tests.engine.nim:evaluate",
    variants=(Variant("standard", "Standard"), Variant("misere", "Misère")),
    options=(Option("heaps", "Heaps", (("3,4,5", "3-4-5"), ("1,2", "1-2"),
                                       ("2,3,6,7", "2-3-6-7"), ("9,9,9,9", "four nines")),
                    "3,4,5"),),
    side_names=("First", "Second"),
    ai_levels=LEVELS,
    default_level=DEFAULT_LEVEL,
)
