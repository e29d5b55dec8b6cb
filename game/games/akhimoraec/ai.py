"""Akhimoraec computer players: keep the sand running, race to a centre line, block the other's.

How a player works
------------------
* **When** to move: `think_time(state, rng)` says how many simulated seconds the player takes
  before moving (the arena / scene advances the clock by that much, then calls `choose`). The
  careful levels never think past their turn clock or past the death of their most urgent
  hourglass; "easy" is slow and does not look at the sand while it dawdles.
* **Keeping the sand running**: a player gets one move per round, a round lasting at most the
  opponent's turn clock plus its own thinking. With the hourglasses sorted by when their sand
  runs out (earliest deadline first) it checks that every one of them can still be tipped in
  time if this move goes elsewhere; if not, this move must tip the most urgent one (the search
  then picks the most useful tip for it). A win on the spot overrides the rule.
* **What** to play: negamax alpha-beta (game.engine.search) over a thin adapter. Between plies
  the adapter lets the clock run by the assumed thinking time of the side about to move, so
  deaths inside the horizon are seen; a side the rules made pass gets a PASS ply so negamax's
  alternation stays true. The evaluation counts, for each side, the fewest moves that bring
  its three hourglasses onto a line of the orange square with matching poles (an exact
  breadth-first distance on (cell, parity) pairs, so the pole-colour parity is right for both
  adjacencies), plus extra cost for a circle the opponent occupies, for a glass still waiting
  at home, for glasses the earliest-deadline schedule cannot save, and for a line whose empty
  circles an opponent glass can reach before ours (filling them earliest-threat first; the
  charge grows as the interceptor comes close — a glass on e5 touches every orange circle, so
  the fight for the centre emerges from this term). Score = ten times (the opponent's cost
  minus one's own), plus or minus a race bonus for whoever would complete a line first.
* Levels differ by how far and how fast they look: "easy" (one ply, noisy evaluation,
  checks its sand only 40 % of the time, slow: a third to four fifths of the turn clock),
  "default" (two plies: sees and blocks the opponent's next-move win; moves after 1-2.5 s),
  "strong" (iterative deepening to five plies within `seconds`: four plies take about 0.2 s on
  an idle core, five about half a second; moves after 0.6-1.5 s, so its own sand runs less). Every ply of the search
  lets the simulated clock run by the thinking time assumed for the side to move (capped by
  the turn clock), so the sand of every glass and the turn clock are in the plan: a glass
  that would die inside the horizon is seen dying. Arena, 20 games, sides alternated,
  strong at 1.5 s and default at 0.5 s of search a move: strong 15 wins, 3 draws (400 moves),
  2 losses (docs/ai-ladders.md).

Matches in simulated time
-------------------------
`simulate_match(rules, player_a, player_b, rng, max_plies=400, *, seconds=0.25, record=None)
-> Outcome` plays a whole match with player_a as Gold: each turn it asks the side to move for
`think_time` (players without one, like the generic random player, move at a uniformly
random time within their turn clock), advances the clock, and if the turn is still theirs asks
`choose(state, seconds=seconds, rng=rng)` and plays the move (`seconds=None`: searches run
to their level's depth, so a seeded match is exactly reproducible). When neither side can
move it lets time run to the next event. After `max_plies` moves it stops with a draw Outcome whose
reason says so. If `record` is a list, the move notations are appended to it (a save file's
move list: it replays exactly through the rules).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Any

from game.engine.protocol import IllegalMove, Outcome
from game.engine.search import WIN, AlphaBeta

from .rules import (
    ALIVE,
    LINES,
    ORANGE,
    SIZE,
    WAITING,
    AkhimoraecRules,
    AkhState,
    Move,
    neighbour_table,
)

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: Evaluation points per hourglass move of distance to a winning line.
_STEP = 10.0
#: Extra moves charged when a target circle is held by the opponent.
_BLOCKED = 4.0
#: Extra moves charged when the opponent can reach an empty circle of the line first.
_BLOCKABLE = 5.0
#: Moves lost when an hourglass dies colour up (it walks back from home).
_DEATH = 3.0
_INF = 99.0
#: Points for being ahead in the race to a line (see `_Evaluator.score`).
_RACE = 15.0
_PERMS = tuple(permutations(range(3)))
_PASS = (-1, -1)


# --------------------------------------------------------------------------------------------
# Distance tables
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _tables(adjacency: int, flip: bool, homes: tuple[tuple[int, ...], ...]
            ) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """dist[player][target][cell * 2 + odd]: fewest moves from `cell` to `target` with a move
    count of that parity (odd = the pole up at the end is the other one), on an empty board
    where the opponent's home circles cannot be entered."""
    nbrs = neighbour_table(adjacency)
    out = []
    for p in (0, 1):
        forbidden = set(homes[1 - p])
        per_target = []
        for target in range(SIZE * SIZE):
            d = [_INF] * (SIZE * SIZE * 2)
            if target in forbidden:
                per_target.append(tuple(d))
                continue
            d[target * 2] = 0
            q = deque([(target, 0)])
            while q:
                c, par = q.popleft()
                base = d[c * 2 + par]
                steps = [n for n in nbrs[c] if n not in forbidden]
                if flip:
                    steps.append(c)
                for n in steps:
                    k = n * 2 + (1 - par)
                    if d[k] == _INF:
                        d[k] = base + 1
                        q.append((n, 1 - par))
            per_target.append(tuple(d))
        out.append(tuple(per_target))
    return tuple(out)


_ORANGE_LIST = sorted(ORANGE)
_ORANGE_POS = {c: i for i, c in enumerate(_ORANGE_LIST)}
_LINES_IDX = tuple(tuple(_ORANGE_POS[c] for c in line) for line in LINES)


def _centre_distance(cell: int) -> int:
    """King steps from `cell` to the orange square (for move ordering only)."""
    c, r = cell % SIZE, cell // SIZE
    dc = 0 if 3 <= c <= 5 else (3 - c if c < 3 else c - 5)
    dr = 0 if 3 <= r <= 5 else (3 - r if r < 3 else r - 5)
    return max(dc, dr)


_CENTRE_D = tuple(_centre_distance(c) for c in range(SIZE * SIZE))


# --------------------------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------------------------


class _Evaluator:
    """Static judgement of a state for one side; built once per rules object."""

    def __init__(self, rules: AkhimoraecRules) -> None:
        self.rules = rules
        self.dist = _tables(rules.adjacency, rules.flip, rules.homes)
        self.colours: tuple[bool, ...] = (True,) if rules.own_colour else (True, False)
        clock = rules.clock or 15_000
        #: Assumed time between two moves of one side (ms): the other's full clock + ours.
        self.round = clock + 2_000

    def deadline_losses(self, s: AkhState, p: int) -> float:
        """Moves lost to glasses that cannot all be tipped in time (earliest deadline first)."""
        untils = sorted(g.until for g in s.glasses if g.owner == p and g.status == ALIVE)
        if not untils:
            return 0.0
        # the side's next move: now if it is to move, else (at worst) when the other's clock ends
        slot = s.now if s.to_move == p else s.turn_start + (self.rules.clock or 15_000)
        lost = 0.0
        k = 0
        for u in untils:
            if u > slot + k * self.round:
                k += 1  # this glass takes the next free slot
            else:
                lost += _DEATH
        return lost

    def cost(self, s: AkhState, p: int) -> float:
        """Fewest own moves to a winning line (with penalties), for player `p`.

        A line also costs extra when one of its empty circles can be reached by an opponent
        glass before `p`'s glass meant for it gets there (the opponent can block it)."""
        dist = self.dist[p]
        their_dist = self.dist[1 - p]
        mine = [g for g in s.glasses if g.owner == p]
        occupied = {g.cell: g.owner for g in s.glasses}
        rnd = self.round
        # opponent's interception time (own moves) per orange circle, any pole up;
        # an opponent to move next gets there one ply sooner.
        lead = 0 if s.to_move == p else 1
        intercept = []
        for c in _ORANGE_LIST:
            best_e = _INF
            if c not in occupied:
                dd = their_dist[c]
                for g in s.glasses:
                    if g.owner == p:
                        continue
                    e = min(dd[g.cell * 2], dd[g.cell * 2 + 1])
                    if g.status == WAITING:
                        e += (g.until - s.now) / rnd
                    if e < best_e:
                        best_e = e
            intercept.append(best_e - lead)
        # (an arrival strictly before our filling move is a block: arrive - spent < 0)
        # per glass, per orange index, per wanted pole (True = own colour up): moves needed
        table: list[list[tuple[float, float]]] = []
        for g in mine:
            extra = (g.until - s.now) / rnd if g.status == WAITING else 0.0
            row = []
            for c in _ORANGE_LIST:
                dd = dist[c]
                # parity odd when the wanted pole differs from the one up now
                row.append((extra + dd[g.cell * 2 + (0 if g.up else 1)],
                            extra + dd[g.cell * 2 + (1 if g.up else 0)]))
            table.append(row)
        held = [_BLOCKED if occupied.get(c, p) != p else 0.0 for c in _ORANGE_LIST]
        best = _INF * 3
        t0, t1, t2 = table
        for line in _LINES_IDX:
            base = held[line[0]] + held[line[1]] + held[line[2]]
            for ci, colour in enumerate((True, False)):
                if colour not in self.colours:
                    continue
                for a, b, c in _PERMS:
                    x0, x1, x2 = line[a], line[b], line[c]
                    d0, d1, d2 = t0[x0][ci], t1[x1][ci], t2[x2][ci]
                    v = base + d0 + d1 + d2
                    if v >= best:
                        continue
                    v += self._interception(((intercept[x0], d0), (intercept[x1], d1),
                                             (intercept[x2], d2)))
                    if v < best:
                        best = v
        return best + self.deadline_losses(s, p)

    @staticmethod
    def _interception(cells: tuple[tuple[float, float], ...]) -> float:
        """Extra cost of a line whose empty circles the opponent may reach first.

        `cells` holds (opponent's arrival, our moves) per circle. We may fill the circles in
        any order, a circle being filled when the moves spent so far add up to its own.
        Filling them in order of the opponent's arrival (earliest due date first) leaves the
        most slack, so that order decides whether the line can be cut. A threat from far away
        is only potential (the opponent must still spend its moves to carry it out), so the
        charge grows as the interceptor comes closer."""
        spent = 0.0
        charge = 0.0
        for arrive, need in sorted(cells):
            if need == 0:
                continue
            spent += need
            slack = arrive - spent
            if slack < 0:
                near = (4.0 - arrive) / 3.0
                c = _BLOCKABLE * (1.0 if near > 1.0 else near if near > 0.0 else 0.0)
            elif slack < 2:
                c = 0.1 * (2 - slack)
            else:
                continue
            if c > charge:
                charge = c
        return charge

    def score(self, s: AkhState, p: int) -> float:
        """Positive when `p` is closer to its line than the opponent."""
        if s.over:
            if s.winner is None:
                return 0.0
            return WIN if s.winner == p else -WIN
        mine, theirs = self.cost(s, p), self.cost(s, 1 - p)
        # The side to move finishes first on equal costs: who wins the race matters more than
        # by how much, so blocking a line that would arrive first is worth a lot.
        race = _RACE if (mine <= theirs if s.to_move == p else mine < theirs) else -_RACE
        return _STEP * (theirs - mine) + race


def evaluate(rules: AkhimoraecRules, state: AkhState) -> float:
    """Static score for the side to move (the generic greedy arena player uses it)."""
    return _Evaluator(rules).score(state, state.to_move)


# --------------------------------------------------------------------------------------------
# Search adapter: nodes are (state, side whose ply it is)
# --------------------------------------------------------------------------------------------


Node = tuple[AkhState, int]
Step = tuple[int, int]


class _SearchGame:
    """Alternating plies over the real-time rules. A side the rules passed gets a PASS ply, so
    negamax's strict alternation stays true; between plies the clock runs by the assumed
    thinking time of the side about to move."""

    def __init__(self, rules: AkhimoraecRules, ev: _Evaluator, root: int, dt_self: int,
                 dt_opp: int, noise: float = 0.0, rng: random.Random | None = None) -> None:
        self.rules = rules
        self.ev = ev
        self.root = root
        self.dt = (dt_self, dt_opp)
        self.noise = noise
        self.rng = rng or random.Random(0)
        #: The root state and the moves allowed there (the sand rule), if restricted.
        self.root_state: AkhState | None = None
        self.root_allowed: set[Step] = set()

    def moves(self, node: Node) -> Sequence[Step]:
        s, p = node
        if s.over:
            return []
        if s.to_move != p:
            return [_PASS]
        steps = [(m.src, m.dst) for m in self.rules.moves_for(s, p)]
        if s is self.root_state:
            steps = [st for st in steps if st in self.root_allowed]
        steps.sort(key=lambda st: _CENTRE_D[st[1]] - _CENTRE_D[st[0]])
        return steps

    def play(self, node: Node, step: Step) -> Node:
        s, p = node
        if step == _PASS:
            return (s, 1 - p)
        s2 = self.rules.play(s, Move(step[0], step[1], s.now))
        nxt = 1 - p
        if not s2.over:
            dt = self.dt[0] if nxt == self.root else self.dt[1]
            if self.rules.clock:
                dt = min(dt, s2.turn_start + self.rules.clock - s2.now - 1)
            s2 = self.rules.advance_to(s2, s2.now + max(0, dt))
        return (s2, nxt)

    def evaluate(self, node: Node) -> float:
        s, p = node
        v = self.ev.score(s, p)
        if self.noise:
            v += self.rng.uniform(-self.noise, self.noise)
        return v

    def terminal(self, node: Node) -> float | None:
        s, p = node
        if not s.over:
            return None
        if s.winner is None:
            return 0.0
        return WIN if s.winner == p else -WIN

    def key(self, node: Node) -> Hashable:
        return (node[0].key(), node[1])


# --------------------------------------------------------------------------------------------
# Players
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Level:
    depth: int
    think: tuple[float, float]  # seconds, or fractions of the turn clock when `slow`
    slow: bool
    careful: float  # probability of checking the sand before moving
    noise: float


_LEVELS = {
    "easy": _Level(depth=1, think=(0.35, 0.8), slow=True, careful=0.4, noise=12.0),
    "default": _Level(depth=2, think=(1.0, 2.5), slow=False, careful=1.0, noise=0.0),
    "strong": _Level(depth=5, think=(0.6, 1.5), slow=False, careful=1.0, noise=0.0),
}


class AkhimoraecAI:
    """A computer player: `think_time` says when it moves, `choose` what it plays."""

    def __init__(self, rules: AkhimoraecRules, level: str = DEFAULT_LEVEL,
                 nodes: int | None = None) -> None:
        if level not in _LEVELS:
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        self.cfg = _LEVELS[level]
        self.nodes = nodes
        self.ev = _Evaluator(rules)

    # ------------------------------------------------------------ when
    def think_time(self, state: AkhState, rng: random.Random) -> float:
        """Simulated seconds before this player moves in `state` (its side is to move).

        A live scene can hand the same figure to `choose` as its search budget, so the visible
        pause and the real thinking agree ("strong" needs about 1-2 s for its full depth)."""
        lo, hi = self.cfg.think
        if self.cfg.slow:
            base = (self.rules.clock or 12_000) / 1000.0
            t = rng.uniform(lo, hi) * base
        else:
            t = rng.uniform(lo, hi)
        limit = self.rules.turn_clock_left(state)
        if limit is not None:
            t = min(t, max(0.0, limit - 0.25))
        if self.cfg.careful >= 1.0:
            p = state.to_move
            soonest = min((g.until for g in state.glasses if g.owner == p and g.status == ALIVE),
                          default=None)
            if soonest is not None:
                t = min(t, max(0.0, (soonest - state.now) / 1000.0 - 0.25))
        return max(0.0, t)

    # ------------------------------------------------------------ what
    def choose(self, state: AkhState, *, seconds: float | None = 1.0,
               rng: random.Random | None = None) -> Move:
        """The move to play now. `seconds` bounds the search (None: the level's full depth, or
        the node budget given to make_ai — deterministic, for tests and tools)."""
        rng = rng or random.Random()
        rules = self.rules
        legal = rules.moves_for(state, state.to_move)
        if not legal:
            raise IllegalMove("no legal move in this position")
        p = state.to_move
        # A win on the spot comes first.
        for m in legal:
            after = rules.play(state, m)
            if after.over and after.winner == p:
                return m
        candidates = legal
        if rng.random() < self.cfg.careful:
            candidates = self._sand_rule(state, legal)
        if len(candidates) == 1:
            return candidates[0]
        allowed = {(m.src, m.dst) for m in candidates}
        dt_self = int(sum(self.cfg.think) / 2 * (1000 if not self.cfg.slow else rules.clock or 12_000))
        dt_opp = (rules.clock or 15_000) // 2
        game = _SearchGame(rules, self.ev, p, dt_self, dt_opp, self.cfg.noise, rng)
        game.root_state, game.root_allowed = state, allowed
        result = AlphaBeta(game).search((state, p), max_depth=self.cfg.depth,
                               seconds=seconds,
                               nodes=self.nodes, rng=rng)
        step = result.move
        if step is None or step not in allowed:
            return candidates[0]
        return Move(step[0], step[1], state.now)

    def _sand_rule(self, state: AkhState, legal: list[Move]) -> list[Move]:
        """The moves that still let every living hourglass be tipped before its sand runs out.

        If no move does, tip the most urgent glass (earliest deadline first)."""
        p = state.to_move
        alive = [g for g in state.glasses if g.owner == p and g.status == ALIVE]
        if not alive:
            return legal
        rnd = self.ev.round

        def feasible(untils: list[int]) -> bool:
            # this move goes elsewhere: the k-th most urgent glass gets the (k+1)-th next slot
            return all(u > state.now + (k + 1) * rnd for k, u in enumerate(sorted(untils)))

        ok: list[Move] = []
        for m in legal:
            rest = [g.until for g in alive if g.cell != m.src]
            if feasible(rest):
                ok.append(m)
        if ok:
            return ok
        urgent = min(alive, key=lambda g: g.until)
        forced = [m for m in legal if m.src == urgent.cell]
        return forced or legal


class RandomPlayer:
    """Uniformly random legal moves, each at a uniformly random time within the turn clock."""

    def __init__(self, rules: AkhimoraecRules) -> None:
        self.rules = rules

    def think_time(self, state: AkhState, rng: random.Random) -> float:
        return _random_think(self.rules, state, rng)

    def choose(self, state: AkhState, *, seconds: float | None = 0.0,
               rng: random.Random | None = None) -> Move:
        rng = rng or random.Random()
        moves = self.rules.moves_for(state, state.to_move)
        if not moves:
            raise IllegalMove("no legal move in this position")
        return moves[rng.randrange(len(moves))]


def make_ai(rules: AkhimoraecRules, level: str = DEFAULT_LEVEL, *,
            nodes: int | None = None) -> AkhimoraecAI:
    """The registry's factory: a player for `level` ("easy", "default" or "strong")."""
    return AkhimoraecAI(rules, level, nodes)


# --------------------------------------------------------------------------------------------
# Simulated matches
# --------------------------------------------------------------------------------------------


def _random_think(rules: AkhimoraecRules, state: AkhState, rng: random.Random) -> float:
    """A uniformly random moment within the turn clock (within 15 s without a clock)."""
    left = rules.turn_clock_left(state)
    if left is None:
        left = 15.0
    return rng.random() * left * 0.999


def simulate_match(rules: AkhimoraecRules, player_a: Any, player_b: Any, rng: random.Random,
                   max_plies: int = 400, *, seconds: float | None = 0.25,
                   record: list[str] | None = None) -> Outcome:
    """Play a match in simulated time, player_a as Gold; see the module docstring."""
    if rules.free:
        return _simulate_free(rules, (player_a, player_b), rng, max_plies, seconds, record)
    players = (player_a, player_b)
    s = rules.initial_state()
    plies = 0
    while True:
        out = rules.outcome(s)
        if out is not None:
            return out
        if plies >= max_plies:
            return Outcome(None, f"stopped after {max_plies} moves")
        p = s.to_move
        if not rules.legal_moves(s):
            nxt = rules.next_deadline(s)
            if nxt is None:
                return Outcome(None, "neither side can ever move")
            s = rules.advance_to(s, nxt)
            continue
        pl = players[p]
        think = getattr(pl, "think_time", None)
        dt = think(s, rng) if think is not None else _random_think(rules, s, rng)
        s2 = rules.advance(s, max(0.0, dt))
        if s2.over or s2.to_move != p or s2.turn_start != s.turn_start:
            s = s2  # too slow: the turn passed (or time ended the game)
            continue
        move = pl.choose(s2, seconds=seconds, rng=rng)
        if record is not None:
            record.append(rules.to_notation(s2, move))
        s = rules.play(s2, move)
        plies += 1


def _simulate_free(rules: AkhimoraecRules, players: tuple[Any, Any], rng: random.Random,
                   max_plies: int, seconds: float | None, record: list[str] | None) -> Outcome:
    """No turns: each player acts on its own clock. Each plans its next tip `think_time` after
    its last action (or after the last change it could react to); the earlier plan runs first,
    the clock is advanced to it, and the player plays from its own point of view (`seen_by`).
    A player with nothing to tip waits for the next event of the game."""
    s = rules.initial_state()
    plies = 0

    def plan(p: int, state: AkhState) -> int:
        pl = players[p]
        view = rules.seen_by(state, p)
        think = getattr(pl, "think_time", None)
        dt = think(view, rng) if think is not None else _random_think(rules, view, rng)
        return state.now + max(1, round(dt * 1000))

    due = [plan(0, s), plan(1, s)]
    while True:
        out = rules.outcome(s)
        if out is not None:
            return out
        if plies >= max_plies:
            return Outcome(None, f"stopped after {max_plies} moves")
        p = 0 if due[0] <= due[1] else 1
        s = rules.advance_to(s, max(s.now, due[p]))
        if s.over:
            continue
        view = rules.seen_by(s, p)
        if not rules.moves_for(view, p):
            nxt = rules.next_deadline(s)
            if nxt is None and not rules.moves_for(rules.seen_by(s, 1 - p), 1 - p):
                return Outcome(None, "neither side can ever move")
            due[p] = max(s.now + 1, nxt if nxt is not None else due[1 - p])
            continue
        move = players[p].choose(view, seconds=seconds, rng=rng)
        if record is not None:
            record.append(rules.to_notation(s, move))
        s = rules.play(s, move)
        plies += 1
        due[p] = plan(p, s)
        # the other player sees the change and may react sooner than it meant to
        due[1 - p] = min(due[1 - p], plan(1 - p, s))


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "AkhimoraecAI",
    "RandomPlayer",
    "evaluate",
    "make_ai",
    "simulate_match",
]


# --------------------------------------------------------------------------- the review's timeline


def timeline_time(rules: AkhimoraecRules, state: AkhState, move: Any, after: AkhState) -> float:
    """Game time of a tip, in seconds since the start (the move carries it)."""
    return float(move.at) / 1000.0


def timeline_sand(rules: AkhimoraecRules, state: AkhState) -> tuple[float, float]:
    """Each side's sand level at `state`'s instant: the sand left in the upper chambers of its
    hourglasses on the board, as a share of three full lives (0 none left … 1 all full)."""
    levels = [0.0, 0.0]
    counts = [0, 0]
    for glass in state.glasses:
        counts[glass.owner] += 1
        if glass.status == ALIVE:
            levels[glass.owner] += rules.sand(glass, state.now)[0]
    return (levels[0] / max(1, counts[0]), levels[1] / max(1, counts[1]))
