"""Amazons position evaluation, vectorised: many positions scored by the same big-int operations.

The score follows the territory-and-mobility family of evaluations from the Amazons literature
(Lieberum; Hensgens): for every empty square, compare how many queen moves (and king steps)
each side needs to reach it, then mix

* t1 — squares each side reaches first by queen moves (ties count a little for the side to move),
* t2 — the same with king steps (slower to change, good in the opening),
* c1 — closeness by queen moves: a square reached in 1 move counts more than in 2 or 3,
* c2 — squares where one side is at least two king steps ahead (safe territory),
* m  — mobility: amazons with no or one free neighbour are in trouble,

with weights that move from the positional terms toward plain territory (t1) as the board
fills up — the "phase" is how many squares both sides can still reach at nearly equal distance.

Why vectorised: CPython pays mostly per operation, not per bit. A position here is a set of
padded bitboards (see bitboard.py); K positions are laid side by side in one int, each in its
own lane, with a gap of never-empty bits between lanes so slides cannot leak across. One pass
of the breadth-first fills then advances all K positions at once, and the per-lane square
counts are done with SWAR bit counting, so the cost per position falls several times over.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .bitboard import Geometry, geometry

#: Weights are applied in fixed point: score units are 1/SCALE of a square.
SCALE = 64
#: Tie squares (both sides equally far) count this much for the side to move.
TEMPO = 0.25
_BIAS = 1 << 40


@dataclass(frozen=True, slots=True)
class Weights:
    """Integer (fixed-point) weights of the features for one game phase."""

    t1: int
    tie1: int
    t2: int
    tie2: int
    c1a: int  # squares 1 queen move away
    c1b: int  # 2 moves away
    c1c: int  # 3 or more
    c2: int
    dead: int  # amazon without a free neighbour
    weak: int  # amazon with exactly one free neighbour


def weights_for(phase: float) -> Weights:
    """Feature weights for a phase between 0 (separated) and 1 (open board)."""
    p = min(1.0, max(0.0, phase))

    def fx(v: float) -> int:
        return round(v * SCALE)

    return Weights(
        t1=fx(1.0), tie1=fx(TEMPO), t2=fx(0.45 * p), tie2=fx(TEMPO * 0.45 * p),
        c1a=fx(0.5 * p), c1b=fx(0.25 * p), c1c=fx(0.12 * p),
        c2=fx(0.35 * p), dead=fx(6.0 * p), weak=fx(2.0 * p),
    )


class LaneEvaluator:
    """Scores positions of one board size, K at a time (see the module docstring)."""

    def __init__(self, n: int) -> None:
        geo = geometry(n)
        self.geo: Geometry = geo
        self.n = n
        board_bits = n * geo.width
        # A gap wider than the longest one-step shift (n + 2) keeps lanes apart; lanes are a
        # power-of-two number of bytes so the SWAR sums stay inside one lane.
        need = (board_bits + n + 3 + 7) // 8
        lb = 1
        while lb < need:
            lb *= 2
        self.lane_bytes = lb
        self.lane_bits = lb * 8

    # -- lanes ---------------------------------------------------------------------------

    @cache  # noqa: B019 - one evaluator per board size lives for the whole process
    def _consts(self, k: int) -> tuple[int, int, int, int, int, int]:
        lb = self.lane_bytes
        nbytes = k * lb
        rep = ((1 << (k * self.lane_bits)) - 1) // ((1 << self.lane_bits) - 1)
        m55 = int.from_bytes(b"\x55" * nbytes, "little")
        m33 = int.from_bytes(b"\x33" * nbytes, "little")
        m0f = int.from_bytes(b"\x0f" * nbytes, "little")
        low = rep * 0xFF
        return rep, m55, m33, m0f, low, rep * _BIAS

    def _counts(self, x: int, k: int) -> int:
        """Per-lane popcount of x, left in the low byte of each lane (other bytes zero)."""
        _, m55, m33, m0f, low, _ = self._consts(k)
        x = x - ((x >> 1) & m55)
        x = (x & m33) + ((x >> 2) & m33)
        x = (x + (x >> 4)) & m0f
        shift = 8
        while shift < self.lane_bits:
            x += x >> shift
            shift *= 2
        return x & low

    # -- the evaluation --------------------------------------------------------------------

    def score(self, empty: int, s_set: int, t_set: int, k: int, w: Weights
              ) -> tuple[list[int], bytes]:
        """Scores (fixed point, for side S to move) of K positions laid out in lanes.

        `empty`, `s_set` (side to move) and `t_set` (the other side) hold K lanes each. Returns
        the scores and, per lane, how many of S's amazons have no free neighbour (S has no
        move when that equals its amazon count).
        """
        geo = self.geo
        masks = geo.fill_masks(empty)
        qs = geo.queen_layers(s_set, masks)
        qt = geo.queen_layers(t_set, masks)
        ks = geo.king_layers(s_set, empty)
        kt = geo.king_layers(t_set, empty)
        cnt = self._counts

        q_first_s, q_first_t, q_tie = _firsts(qs, qt)
        k_first_s, k_first_t, k_tie = _firsts(ks, kt)
        k_ahead_s = _ahead2(ks, kt)
        k_ahead_t = _ahead2(kt, ks)

        q1s = qs[0] if qs else 0
        q1t = qt[0] if qt else 0
        q2s = qs[1] if len(qs) > 1 else 0
        q2t = qt[1] if len(qt) > 1 else 0
        rest_s = _union(qs[2:])
        rest_t = _union(qt[2:])

        dead_s, weak_s, dead_t, weak_t = self._liberties(empty, s_set, t_set)

        plus = (
            w.t1 * cnt(q_first_s, k) + w.tie1 * cnt(q_tie, k)
            + w.t2 * cnt(k_first_s, k) + w.tie2 * cnt(k_tie, k)
            + w.c1a * cnt(q1s, k) + w.c1b * cnt(q2s, k) + w.c1c * cnt(rest_s, k)
            + w.c2 * cnt(k_ahead_s, k)
            + w.dead * cnt(dead_t, k) + w.weak * cnt(weak_t, k)
        )
        dead_count = cnt(dead_s, k)
        minus = (
            w.t1 * cnt(q_first_t, k) + w.t2 * cnt(k_first_t, k)
            + w.c1a * cnt(q1t, k) + w.c1b * cnt(q2t, k) + w.c1c * cnt(rest_t, k)
            + w.c2 * cnt(k_ahead_t, k)
            + w.dead * dead_count + w.weak * cnt(weak_s, k)
        )
        acc = self._consts(k)[5] + plus - minus
        lb = self.lane_bytes
        buf = acc.to_bytes(k * lb, "little")
        scores = [int.from_bytes(buf[i:i + 6], "little") - _BIAS for i in range(0, k * lb, lb)]
        dead = dead_count.to_bytes(k * lb, "little")[::lb]
        return scores, dead

    def _liberties(self, empty: int, s_set: int, t_set: int) -> tuple[int, int, int, int]:
        """Amazons of each side with no free neighbour, and with exactly one."""
        amz = s_set | t_set
        ones = 0
        twos = 0
        for sh in self.geo.shifts:
            for free in (amz & (empty >> sh), amz & (empty << sh)):
                twos |= ones & free
                ones |= free
        return (s_set & ~ones, s_set & ones & ~twos, t_set & ~ones, t_set & ones & ~twos)

    def phase(self, empty: int, a: int, b: int) -> float:
        """How open one position is: squares both sides reach at nearly equal queen distance.

        Sum over squares both reach of 2^-|d_a - d_b| (Lieberum's w), scaled so an open board
        is 1 and a separated one is 0.
        """
        geo = self.geo
        masks = geo.fill_masks(empty)
        la = geo.queen_layers(a, masks)
        lb = geo.queen_layers(b, masks)
        total = 0.0
        for i, x in enumerate(la):
            for j, y in enumerate(lb):
                c = (x & y).bit_count()
                if c:
                    total += c / (1 << abs(i - j))
        return total / (0.5 * geo.squares)

    # -- convenience -------------------------------------------------------------------------

    def score_one(self, empty: int, s_set: int, t_set: int, w: Weights) -> tuple[int, bool]:
        """Score of one position for the side to move, and whether that side has no move."""
        scores, dead = self.score(empty, s_set, t_set, 1, w)
        return scores[0], dead[0] >= s_set.bit_count()


def _union(sets: list[int]) -> int:
    u = 0
    for s in sets:
        u |= s
    return u


def _firsts(a_layers: list[int], b_layers: list[int]) -> tuple[int, int, int]:
    """Squares A reaches strictly first, B strictly first, and both at the same distance."""
    first_a = first_b = tie = 0
    ra = rb = 0
    for i in range(max(len(a_layers), len(b_layers))):
        a = a_layers[i] if i < len(a_layers) else 0
        b = b_layers[i] if i < len(b_layers) else 0
        ra |= a
        rb |= b
        first_a |= a & ~rb
        first_b |= b & ~ra
        tie |= a & b
    return first_a, first_b, tie


def _ahead2(a_layers: list[int], b_layers: list[int]) -> int:
    """Squares A reaches at least two steps before B (or that B never reaches)."""
    out = 0
    rb = 0  # B's squares within distance i + 2
    cum = [0]
    for b in b_layers:
        cum.append(cum[-1] | b)
    for i, a in enumerate(a_layers):
        rb = cum[min(i + 2, len(cum) - 1)]
        out |= a & ~rb
    return out


@cache
def evaluator(n: int) -> LaneEvaluator:
    return LaneEvaluator(n)
