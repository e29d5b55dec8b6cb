"""Amazons computer players: territory evaluation and a selective alpha-beta over batched children.

The branching factor is about 2000 early on, so a full-width search stops at one ply in Python.
What makes deeper search affordable here is evaluation.py: all the children of a position are
scored together, lane by lane in big ints, for a few microseconds each. On top of that:

* every node first scores all its children at once (that is the one-ply value, and the order);
* at the last ply, replies that refuted earlier moves (killers) are tried first in a small batch,
  so most bad moves are cut off without scoring all 2000 replies;
* interior nodes below the root look only at their best few children (selective search);
* iterative deepening keeps the best move of the deepest finished (or partly finished) pass,
  and the clock is checked between batches of a few hundred positions.

Levels: "easy" has tunnel vision: it considers only a random handful of its moves
(`EASY_SAMPLE` of the hundreds to thousands there are) but reads those as deeply as the others
read theirs; "default" searches two plies (all our moves in order, each against all replies)
and, once that pass completes in time (as the board fills), a narrow third; "strong" goes one
ply further and wider. Whatever time is left after the level's own passes goes to further
passes, each wider or one ply deeper (`passes`), so every move of every level spends its whole
budget; the best move of every position searched
is kept from move to move (a transposition table for move ordering: the previous search's
line is tried first).
Once the armies are separated and the areas are small, the exact endgame counter picks the
move that keeps the most moves for us.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from game.engine.protocol import IllegalMove

from . import endgame
from .bitboard import Geometry
from .evaluation import SCALE, LaneEvaluator, Weights, evaluator, weights_for
from .rules import AmazonsRules, Move, State, apply

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: A won position (fixed point); wins found sooner score higher.
WIN = 1 << 30
_CHUNK = 384
#: Exact endgame play when every area of ours has at most this many empty squares.
_SOLVE_AREA = 14

BitMove = tuple[int, int, int]  # (from bit, to bit, arrow bit), padded layout

#: Search shape per level: deepest pass, how many root moves passes deeper than two plies
#: look at, and how many replies an inner node below the root searches. The two-ply pass
#: always takes every root move (best first, as time allows); deeper passes start only when it
#: finished, which happens as the board fills (self-play at 0.4 s a move: 8 wins in 10 for
#: the third ply against stopping at two).
_SHAPES: dict[str, dict[str, int]] = {
    "easy": {"max_depth": 2, "root_width3": 6, "inner_width": 4},
    "default": {"max_depth": 3, "root_width3": 6, "inner_width": 6},
    "strong": {"max_depth": 4, "root_width3": 10, "inner_width": 8},
}
#: How many of its moves (drawn at random each turn) the easy level considers: it misses the
#: best move most of the time but never blunders among those it reads.
EASY_SAMPLE = 24
#: Deepest pass of all: the search goes on deepening (and widening) while time is left.
_DEEPEST = 10
#: Nodes remembered across moves (their best reply, for move ordering) before a fresh start.
_TT_SIZE = 200_000


def passes(shape: dict[str, int]) -> list[tuple[int, int, int]]:
    """(depth, root width, inner width) of the passes after the full two-ply one.

    First the level's own shape, each depth up to its max_depth; then, while the clock
    allows, passes at that depth that widen (twice the root moves, two more replies each
    time), and only then two plies deeper (an even step keeps the side that moves last at
    the horizon, which the territory evaluation is sensitive to). So time left over is spent
    looking wider and further, and a move takes its whole budget."""
    out = [(d, shape["root_width3"], shape["inner_width"])
           for d in range(3, shape["max_depth"] + 1)]
    for depth in range(shape["max_depth"], _DEEPEST + 1, 2):
        if depth > shape["max_depth"]:
            out.append((depth, shape["root_width3"], shape["inner_width"]))
        out += [(depth, shape["root_width3"] << k, shape["inner_width"] + 2 * k)
                for k in range(1, 5)]
    return out


class _Timeout(Exception):
    pass


class _Search:
    """One `choose` call: the clock, the evaluator and the caches of this search."""

    def __init__(self, n: int, deadline: float, clock: Callable[[], float] | None = None,
                 table: dict[tuple[int, int, int], BitMove] | None = None) -> None:
        self.ev: LaneEvaluator = evaluator(n)
        #: position -> its best move found so far, shared across moves (move ordering)
        self.table: dict[tuple[int, int, int], BitMove] = {} if table is None else table
        self.geo: Geometry = self.ev.geo
        self.deadline = deadline
        # looked up now, not when the module loaded: the tools' virtual clock replaces the
        # module's `time` while a move is chosen, and a default bound at import would miss it
        self.clock = clock if clock is not None else time.perf_counter
        self.batches = 0
        self.positions = 0
        self.killers: list[BitMove] = []
        self._children: dict[tuple[int, int, int], list[tuple[int, BitMove]]] = {}
        self.w: Weights = weights_for(1.0)
        #: (depth, root moves finished) of an interrupted pass
        self.partial: tuple[int, int] | None = None

    def check_clock(self) -> None:
        if self.clock() >= self.deadline:
            raise _Timeout

    # -- move generation -------------------------------------------------------------------

    def moves(self, s_set: int, occupied: int) -> list[BitMove]:
        geo = self.geo
        bit = geo.bit
        rays = geo.rays
        sq_of = geo.square_of_index
        out: list[BitMove] = []
        rest = s_set
        while rest:
            fb = rest & -rest
            rest ^= fb
            a = sq_of[fb.bit_length() - 1]
            occ = occupied & ~fb
            for ray in rays[a]:
                for d in ray:
                    tb = bit[d]
                    if occ & tb:
                        break
                    for ray2 in rays[d]:
                        for u in ray2:
                            ab = bit[u]
                            if occ & ab:
                                break
                            out.append((fb, tb, ab))
        return out

    # -- batched scoring -------------------------------------------------------------------

    def set_weights(self, s_set: int, t_set: int, arrows: int,
                    table: Callable[[float], Weights] = weights_for) -> None:
        """Fix the phase weights from the root: all leaves of one search share one scale."""
        empty = self.geo.board & ~(s_set | t_set | arrows)
        self.w = table(self.ev.phase(empty, s_set, t_set))

    def score_moves(self, s_set: int, t_set: int, arrows: int, moves: list[BitMove]
                    ) -> list[int]:
        """Values for S (the mover) of the positions after each move (T to move there)."""
        self.check_clock()
        ev = self.ev
        lb = ev.lane_bytes
        empty = self.geo.board & ~(s_set | t_set | arrows)
        k = len(moves)
        e_parts = []
        s_parts = []
        for fb, tb, ab in moves:
            e_parts.append((((empty | fb) & ~tb) & ~ab).to_bytes(lb, "little"))
            s_parts.append((s_set ^ fb ^ tb).to_bytes(lb, "little"))
        lanes_e = int.from_bytes(b"".join(e_parts), "little")
        lanes_s = int.from_bytes(b"".join(s_parts), "little")
        lanes_t = int.from_bytes(t_set.to_bytes(lb, "little") * k, "little")
        scores, dead = ev.score(lanes_e, lanes_t, lanes_s, k, self.w)
        self.batches += 1
        self.positions += k
        t_count = t_set.bit_count()
        return [WIN if dead[i] >= t_count else -scores[i] for i in range(k)]

    def children(self, s_set: int, t_set: int, arrows: int) -> list[tuple[int, BitMove]]:
        """All moves of S with their one-ply values, best first (cached for this search)."""
        key = (s_set, t_set, arrows)
        got = self._children.get(key)
        if got is not None:
            return got
        moves = self.moves(s_set, s_set | t_set | arrows)
        values: list[int] = []
        for i in range(0, len(moves), _CHUNK):
            values += self.score_moves(s_set, t_set, arrows, moves[i:i + _CHUNK])
        order = sorted(range(len(moves)), key=values.__getitem__, reverse=True)
        result = [(values[i], moves[i]) for i in order]
        self._children[key] = result
        return result

    def best_reply(self, s_set: int, t_set: int, arrows: int, beta: int) -> int:
        """One-ply value for S, stopping as soon as some move reaches `beta` (a cut-off)."""
        moves = self.moves(s_set, s_set | t_set | arrows)
        if not moves:
            return -WIN
        best = -WIN - 1
        legal = set(moves)
        tried = [m for m in self.killers if m in legal]
        if tried:
            vals = self.score_moves(s_set, t_set, arrows, tried)
            i = max(range(len(vals)), key=vals.__getitem__)
            best = vals[i]
            if best >= beta:
                self._killer(tried[i])
                return best
        done = set(tried)
        rest = [m for m in moves if m not in done]
        for i in range(0, len(rest), _CHUNK):
            part = rest[i:i + _CHUNK]
            vals = self.score_moves(s_set, t_set, arrows, part)
            j = max(range(len(vals)), key=vals.__getitem__)
            if vals[j] > best:
                best = vals[j]
                if best >= beta:
                    self._killer(part[j])
                    return best
        return best

    def _killer(self, move: BitMove) -> None:
        if move in self.killers:
            self.killers.remove(move)
        self.killers.insert(0, move)
        del self.killers[24:]

    # -- alpha-beta --------------------------------------------------------------------------

    def negamax(self, s_set: int, t_set: int, arrows: int, depth: int, alpha: int, beta: int,
                width: int) -> int:
        if depth <= 1:
            return self.best_reply(s_set, t_set, arrows, beta)
        kids = self.children(s_set, t_set, arrows)
        if not kids:
            return -WIN
        if kids[0][0] >= WIN:
            return WIN
        key = (s_set, t_set, arrows)
        tried = [m for _, m in kids[:width]]
        known = self.table.get(key)
        if known is not None:  # the best move of an earlier pass or move goes first
            if known in tried:
                tried.remove(known)
            else:
                tried.pop()
            tried.insert(0, known)
        best = -WIN - 1
        best_move = tried[0]
        for move in tried:
            fb, tb, ab = move
            v = -self.negamax(t_set, s_set ^ fb ^ tb, arrows | ab, depth - 1, -beta,
                              -max(alpha, best), width)
            if v > best:
                best, best_move = v, move
                if best >= beta:
                    break
        self.table[key] = best_move
        return best


class AmazonsAI:
    """A computer player for one level (see the module docstring)."""

    def __init__(self, rules: AmazonsRules, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise KeyError(f"amazons: unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        #: statistics of the last choice, for tools and tests
        self.last: dict[str, Any] = {}
        #: phase -> feature weights (swappable to compare evaluations in self-play)
        self.weights_for: Callable[[float], Weights] = weights_for
        self.shape: dict[str, int] = dict(_SHAPES.get(level, _SHAPES[DEFAULT_LEVEL]))
        #: the transposition table kept from move to move (best move per position)
        self.table: dict[tuple[int, int, int], BitMove] = {}
        #: spend time left after the level's own passes on further ones (False: stop, as
        #: the search did before; kept so that the arena can compare, see amazons.tuning)
        self.spend_all = True
        #: keep the table from move to move (False: a fresh one each move)
        self.keep_table = True

    def choose(self, state: State, *, seconds: float, rng: random.Random,
               nodes: int | None = None) -> Move:
        """A legal move within about `seconds` (`nodes` caps the depth-2 root moves instead)."""
        start = time.perf_counter()
        if self.rules.outcome(state) is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        # the clock is read between batches of a few hundred positions (a few milliseconds
        # each): 5 % of the time and 10 ms are margin enough
        budget = max(0.05, seconds * 0.95 - 0.01)
        geo = self.rules.geometry
        s_set = state.amazon_set(state.to_move)
        t_set = state.amazon_set(1 - state.to_move)
        arrows = state.arrows

        solved = self._endgame(state, start + budget / 2 if nodes is None else None)
        if solved is not None:
            self.last = {"depth": 0, "method": "endgame", "time": time.perf_counter() - start}
            return solved

        if len(self.table) > _TT_SIZE or not self.keep_table:
            self.table.clear()
        search = _Search(state.n, math.inf, table=self.table)  # the first ply always completes
        search.set_weights(s_set, t_set, arrows, self.weights_for)
        kids = search.children(s_set, t_set, arrows)
        if self.level == "easy" and len(kids) > EASY_SAMPLE:
            kids = rng.sample(kids, EASY_SAMPLE)
        if nodes is None:
            search.deadline = start + budget
        moves = [m for _, m in kids]
        values = {m: v for v, m in kids}
        # Equal values are broken at random so games differ; the sort is stable.
        rng.shuffle(moves)
        moves.sort(key=values.__getitem__, reverse=True)
        best = moves[0]
        depth_done = 1
        if values[best] >= WIN:
            return self._to_move(geo, best, start, search, 1)
        plan = [(2, len(moves), self.shape["inner_width"])]
        own = passes(self.shape)
        plan += own if nodes is None and self.spend_all else own[:self.shape["max_depth"] - 2]
        for depth, width, inner_width in plan:
            width = min(width, len(moves))
            try:
                best_here, scored = self._root(search, s_set, t_set, arrows, moves,
                                               depth, width, inner_width, nodes)
            except _Timeout as stop:
                partial = stop.args[0] if stop.args else None
                if partial is not None:
                    best = partial
                    search.partial = (depth, stop.args[1])
                break
            best = best_here
            depth_done = depth
            # searched moves first, in their new order; the rest keep the depth-1 order
            seen = set(scored)
            moves = sorted(scored, key=scored.__getitem__, reverse=True) + [
                m for m in moves if m not in seen]
        return self._to_move(geo, best, start, search, depth_done)

    def _root(self, search: _Search, s_set: int, t_set: int, arrows: int,
              moves: list[BitMove], depth: int, width: int, inner_width: int,
              nodes: int | None) -> tuple[BitMove, dict[BitMove, int]]:
        alpha = -WIN - 1
        best: BitMove | None = None
        scored: dict[BitMove, int] = {}
        limit = min(width, len(moves)) if nodes is None else min(width, len(moves), nodes)
        try:
            for move in moves[:limit]:
                fb, tb, ab = move
                v = -search.negamax(t_set, s_set ^ fb ^ tb, arrows | ab, depth - 1, -WIN - 1,
                                    -alpha, inner_width)
                scored[move] = v
                if v > alpha:
                    alpha, best = v, move
                    if v >= WIN:
                        break
        except _Timeout:
            raise _Timeout(best, len(scored)) from None
        assert best is not None
        return best, scored

    def _endgame(self, state: State, deadline: float | None) -> Move | None:
        """Separated and small areas: the move after which we keep the most moves, exactly."""
        geo = self.rules.geometry
        if not endgame.separated(geo, state.white, state.black, state.arrows):
            return None
        me = state.to_move
        mine = state.amazon_set(me)
        empty = geo.board & ~state.occupied
        for comp in endgame.areas(geo, state.white, state.black, state.arrows):
            if comp & mine and (comp & empty).bit_count() > _SOLVE_AREA:
                return None
        solver = endgame.Solver(geo, budget=50_000, deadline=deadline)
        best: Move | None = None
        best_v = -1
        try:
            for move in self.rules.legal_moves(state):
                child = apply(state, move)
                c_mine = child.amazon_set(me)
                v = solver.total(geo.board & ~child.occupied, c_mine)
                if v > best_v:
                    best, best_v = move, v
        except endgame.OutOfBudget:
            return None
        return best

    def _to_move(self, geo: Geometry, move: BitMove, start: float, search: _Search,
                 depth: int) -> Move:
        sq = geo.square_of_index
        fb, tb, ab = move
        self.last = {"depth": depth, "partial": search.partial, "method": "search",
                     "batches": search.batches,
                     "positions": search.positions, "time": time.perf_counter() - start}
        return Move(sq[fb.bit_length() - 1], sq[tb.bit_length() - 1], sq[ab.bit_length() - 1])


def make_ai(rules: AmazonsRules, level: str = DEFAULT_LEVEL) -> AmazonsAI:
    return AmazonsAI(rules, level)


def evaluate(rules: AmazonsRules, state: State) -> float:
    """Static score in squares for the side to move (positive = good), as the search sees it."""
    out = rules.outcome(state)
    if out is not None:
        return 1000.0 if out.winner == state.to_move else -1000.0
    ev = evaluator(state.n)
    s_set = state.amazon_set(state.to_move)
    t_set = state.amazon_set(1 - state.to_move)
    empty = ev.geo.board & ~state.occupied
    w = weights_for(ev.phase(empty, s_set, t_set))
    value, _ = ev.score_one(empty, s_set, t_set, w)
    return value / SCALE


# --------------------------------------------------------------------------- the game review

#: Squares of territory (the evaluation's unit) worth a 73 % expected score in the review's
#: logistic; the evaluation counts the side to move's tempo too (about 14 at the start).
REVIEW_SCALE = 20.0


def analyse(rules: AmazonsRules, state: State, *, seconds: float) -> Any:
    """The review's analysis: the strong level's move within `seconds`; the score is the
    static evaluation (territory, in squares) of the position and of the one that move
    leaves, for the mover, each through the logistic of REVIEW_SCALE, averaged (the search
    keeps no score of its own)."""
    from game.engine.analysis import kept, score_of
    from game.engine.protocol import Analysis

    if rules.outcome(state) is not None or not rules.legal_moves(state):
        return None
    ai = kept(rules, "amazons", lambda: AmazonsAI(rules, "strong"))
    move = ai.choose(state, seconds=seconds, rng=random.Random(0))
    after = apply(state, move)
    end = rules.outcome(after)
    if end is not None:
        return Analysis(1.0 if end.winner == state.to_move else 0.0, move, ())
    # the position as it is and as the move leaves it, one scored for each side to move:
    # their mean leaves out the tempo the evaluation gives the side to move
    now = score_of(evaluate(rules, state), REVIEW_SCALE, 999.0)
    then = score_of(-evaluate(rules, after), REVIEW_SCALE, 999.0)
    return Analysis((now + then) / 2, move, ())
