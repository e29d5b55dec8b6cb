"""Tai Shogi computer: material (§5.5 values) plus mobility, and a shallow selective search.

A full-width search is out of reach in Python (300–700 moves a side, three-second budget), so
the computer looks at its moves in a useful order and checks each one against the opponent's
exact replies:

* order: captures by value taken (most valuable victim, cheapest taker first), then moves of our
  men the opponent can take now (evasions, royals first), then quiet moves of the other men by
  value, the Emperor's quiet leaps last (there are hundreds of them and they rarely matter);
* for each candidate, as time allows, the position after it is searched one ply for the
  opponent's captures: what each would win, less the taker's worth when we guard the square
  (a static exchange guess); the best of those is the threat the move leaves;
* score = material won now − that threat + a small mobility term (our men's moves minus the
  opponent's), so a move that leaves a royal en prise scores as losing it, and taking the last
  royal wins at once;
* "strong" then looks one ply deeper at its best few candidates: after each of the opponent's
  most dangerous replies, our best answer by the same measure.

Levels: "easy" (a quarter second, replies checked only for captures, some noise), "default"
(up to about 2.5 s) and "strong" (up to about 3 s, the third ply).
"""

from __future__ import annotations

import random
import time
from typing import Any

from .rules import Move, State, TaiShogiRules

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: Score of a won position (last enemy royal taken).
WIN = 1_000_000.0
#: Weight of one move of mobility against one point of §5.5 material.
MOBILITY = 0.02
#: Weight of one square closer to the nearest enemy royal (a man that is not royal), normally
#: and once we lead by HUNT_LEAD points: the won game must still be finished.
HUNT, HUNT_AHEAD, HUNT_LEAD = 0.05, 0.4, 150
#: Per level: time cap (s), whether quiet moves get the reply check, noise, third-ply width.
_LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"cap": 0.25, "quiet_replies": False, "noise": 2.0, "deep": 0},
    "default": {"cap": 2.5, "quiet_replies": True, "noise": 0.05, "deep": 0},
    "strong": {"cap": 3.0, "quiet_replies": True, "noise": 0.0, "deep": 6},
}


def material(rules: TaiShogiRules, board: tuple[int, ...], side: int) -> float:
    """Sum of §5.5 values of `side`'s men minus the other side's."""
    value = rules.value
    total = 0
    for p in board:
        if p:
            total += value[p] if (p & 1) == side else -value[p]
    return float(total)


def evaluate(rules: TaiShogiRules, state: State) -> float:
    """Material for the side to move (the arena's greedy player uses it)."""
    return material(rules, state.board, state.to_move)


class TaiShogiAI:
    """The computer at one level."""

    def __init__(self, rules: TaiShogiRules, level: str) -> None:
        if level not in _LEVELS:
            raise KeyError(f"unknown Tai Shogi level {level!r} (levels: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        self.shape = _LEVELS[level]
        self.info: dict[str, Any] = {}

    # ---- pieces of the measure ---------------------------------------------------------

    def gain(self, board: tuple[int, ...], move: Move) -> float:
        """Material a move wins at once: the men taken, plus what promotion adds."""
        value = self.rules.value
        g = float(sum(value[board[c]] for c in move.caps))
        if move.promote:
            p = board[move.frm]
            g += value[self.rules.promo[p]] - value[p]
        return g

    def royals_left(self, board: tuple[int, ...], side: int) -> int:
        royal = self.rules.royal
        return sum(1 for p in board if p in royal and (p & 1) == side)

    def wins(self, board: tuple[int, ...], move: Move) -> bool:
        """True when `move` takes the last royal of the side it is played against."""
        royal = self.rules.royal
        taken = sum(1 for c in move.caps if board[c] in royal)
        if not taken:
            return False
        enemy = 1 - (board[move.frm] & 1)
        return self.royals_left(board, enemy) == taken

    def threat(self, after: tuple[int, ...], opponent: int) -> tuple[float, list[Move], int]:
        """The opponent's best capture gain in `after` (we guard: minus its taker's worth).

        Returns (threat, the opponent's captures best first, the opponent's mobility).
        """
        rules = self.rules
        state = State(after, opponent)
        replies = rules.legal_moves(state)
        attacked = rules.engine.attacked  # universal leapers aside, as the guess wants
        guarded: dict[int, bool] = {}
        value, promo = rules.value, rules.promo
        scored: list[tuple[float, Move]] = []
        mobility = 0
        universal = rules.universal
        for r in replies:
            p = after[r.frm]
            if p not in universal:
                mobility += 1
            if not r.caps:
                continue
            if self.wins(after, r):
                scored.append((WIN, r))
                continue
            g = self.gain(after, r)
            guard = guarded.get(r.to)
            if guard is None:
                guard = guarded[r.to] = attacked(after, r.to, 1 - opponent)
            if guard:
                g -= value[promo[p]] if r.promote else value[p]
            scored.append((g, r))
        scored.sort(key=lambda x: -x[0])
        best = max(0.0, scored[0][0]) if scored else 0.0
        return best, [r for _, r in scored], mobility

    def mobility(self, after: tuple[int, ...], side: int) -> int:
        rules = self.rules
        universal = rules.universal
        eng = rules.engine
        mine = [sq for sq, p in enumerate(after) if p and (p & 1) == side and p not in universal]
        return sum(1 for m in eng.pseudo(eng.position_of(after, side), mine) if not m.promo)

    # ---- the choice ----------------------------------------------------------------------

    def ordered(self, state: State, moves: list[Move]) -> list[Move]:
        """Candidates best-looking first (see the module docstring)."""
        board, rules = state.board, self.rules
        value, universal, royal = rules.value, rules.universal, rules.royal
        threatened: set[int] = set()
        now = rules.legal_moves(State(board, 1 - state.to_move))
        for r in now:
            threatened.update(r.caps)

        def key(m: Move) -> tuple[int, float]:
            p = board[m.frm]
            if m.caps:
                return 0, -(self.gain(board, m) * 100 - value[p])
            if m.frm in threatened:
                return 1, -(1000 if p in royal else value[p])
            if p in universal:
                return 3, 0.0
            return 2, -value[p]

        out = sorted(moves, key=key)
        return out

    def choose(self, state: State, *, seconds: float, rng: random.Random) -> Move:
        started = time.perf_counter()
        end = started + max(0.02, min(seconds, self.shape["cap"]))
        rules = self.rules
        board, me = state.board, state.to_move
        moves = rules.legal_moves(state)
        if not moves:
            raise ValueError("no legal move to choose from")
        for m in moves:
            if self.wins(board, m):
                return m
        ordered = self.ordered(state, moves)
        base_mob = self.mobility(board, me)
        targets = [divmod(sq, 25) for sq in rules.royals(state, 1 - me)]
        hunt = HUNT_AHEAD if material(rules, board, me) >= HUNT_LEAD else HUNT

        def nearer(m: Move) -> float:
            if not targets or board[m.frm] in rules.royal:
                return 0.0
            (fr, fc), (tr, tc) = divmod(m.frm, 25), divmod(m.to, 25)
            before = min(max(abs(fr - r), abs(fc - c)) for r, c in targets)
            after = min(max(abs(tr - r), abs(tc - c)) for r, c in targets)
            return hunt * (before - after)

        scored: list[tuple[float, Move]] = []
        examined = 0
        for m in ordered:
            if examined and time.perf_counter() > end:
                break
            after = rules.apply(board, m)
            if not m.caps and not self.shape["quiet_replies"] and examined > 20:
                score = self.gain(board, m) + rng.random() * self.shape["noise"]
                scored.append((score - 1.0, m))  # unchecked: slightly behind the checked ones
                examined += 1
                continue
            threat, _, opp_mob = self.threat(after, 1 - me)
            mob = self.mobility(after, me) if time.perf_counter() < end else base_mob
            score = self.gain(board, m) - threat + MOBILITY * (mob - opp_mob) + nearer(m)
            score += rng.random() * self.shape["noise"]
            scored.append((score, m))
            examined += 1
        scored.sort(key=lambda x: -x[0])
        if self.shape["deep"] and time.perf_counter() < end:
            scored = self.deepen(board, me, scored, end)
        self.info = {"examined": examined, "of": len(moves), "score": scored[0][0],
                     "seconds": round(time.perf_counter() - started, 3)}
        return scored[0][1]

    def deepen(self, board: tuple[int, ...], me: int, scored: list[tuple[float, Move]],
               end: float) -> list[tuple[float, Move]]:
        """Third ply for the best few: after each dangerous reply, our best answer."""
        rules = self.rules
        width = self.shape["deep"]
        better: list[tuple[float, Move]] = []
        for score, m in scored[:width]:
            if time.perf_counter() > end:
                better.append((score, m))
                continue
            after = rules.apply(board, m)
            gained = self.gain(board, m)
            _, replies, _ = self.threat(after, 1 - me)
            worst = gained
            for r in replies[:3]:
                if self.wins(after, r):
                    worst = -WIN
                    break
                after2 = rules.apply(after, r)
                answer, _, _ = self.threat(after2, me)
                worst = min(worst, gained - self.gain(after, r) + answer)
            better.append((min(score, worst) if replies else score, m))
        better.sort(key=lambda x: -x[0])
        return better + scored[width:]


def make_ai(rules: TaiShogiRules, level: str) -> TaiShogiAI:
    return TaiShogiAI(rules, level)
