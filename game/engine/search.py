"""Game-agnostic search: negamax alpha-beta with iterative deepening, and MCTS (UCT).

A game plugs in through `SearchGame`, a thin adapter over its rules: ordered moves, a
successor function, a static evaluation and a terminal score, all from the point of view of
the side to move. The search never reads a wall clock except through the `Deadline` it is
given, so tests can drive it with a node budget and stay deterministic.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
M = TypeVar("M")

#: Score of a won position; wins found sooner score higher (WIN - ply).
WIN = 1_000_000.0
#: Scores beyond this are wins or losses at a known distance in plies.
_MATE_BOUND = WIN - 1000


class SearchGame(Protocol[S, M]):
    """What the search needs from a game. Scores are always for the side to move."""

    def moves(self, state: S) -> Sequence[M]:
        """Legal moves, best-looking first (the search also reorders by its own tables)."""
        ...

    def play(self, state: S, move: M) -> S: ...

    def evaluate(self, state: S) -> float:
        """Static score of a non-terminal state for the side to move (positive = good)."""
        ...

    def terminal(self, state: S) -> float | None:
        """None while the game goes on; else WIN, -WIN or, for a draw, 0 or a small value the
        player gives it (a contempt) for the side to move."""
        ...

    def key(self, state: S) -> Hashable: ...


class Deadline:
    """A time limit plus an optional node budget; `expired()` is cheap to poll."""

    def __init__(self, seconds: float | None = None, nodes: int | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        # the module's clock, looked up now rather than bound at import, so that a clock put
        # in its place while a move is chosen (tools/virtual_clock.py) is the one read
        self._clock = clock if clock is not None else time.perf_counter
        self._end = None if seconds is None else self._clock() + seconds
        self._nodes_left = nodes
        self.cancelled = False

    def tick(self, count: int = 1) -> bool:
        """Count `count` nodes; True when the search must stop (budget spent or time up)."""
        if self._nodes_left is not None:
            self._nodes_left -= count
            if self._nodes_left <= 0:
                return True
        return self.expired()

    def expired(self) -> bool:
        if self.cancelled:
            return True
        if self._nodes_left is not None and self._nodes_left <= 0:
            return True
        return self._end is not None and self._clock() >= self._end


class _Stop(Exception):
    """The deadline came during a search. `partial` is (score, move) of the best root move
    among those the interrupted depth had finished, once it had finished the first (the last
    depth's best) and then found a better one; None otherwise."""

    def __init__(self, partial: tuple[float, Any] | None = None) -> None:
        super().__init__()
        self.partial = partial


@dataclass
class SearchResult(Generic[M]):
    move: M | None
    score: float
    depth: int
    nodes: int
    pv: list[M] = field(default_factory=list)
    #: True when the move comes from the depth after `depth`, cut short: a root move that
    #: depth had finished scored better than the last depth's best, itself finished there
    partial: bool = False


_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass
class _Entry:
    depth: int
    score: float
    flag: int
    move: Any


class AlphaBeta(Generic[S, M]):
    """Negamax alpha-beta, iterative deepening, transposition table, killer and history ordering.

    The transposition table is kept between calls (the same game, later positions), and is
    cleared when it grows past `tt_size` entries.
    """

    def __init__(self, game: SearchGame[S, M], tt_size: int = 400_000,
                 check_every: int = 256, keep_partial: bool = False) -> None:
        """`check_every` (a power of two): nodes between clock checks; games whose nodes are
        expensive (a whole multi-move turn per node) check more often.

        `keep_partial`: when the deadline cuts a depth short after it has finished the last
        depth's best move and then a root move that scores better, play that move rather than
        throw the depth away. Where one more depth costs several times the last (a node is a
        whole turn), the cut depth is most of the time given; the move it prefers has been
        searched to the full new depth, against the previous best searched as deep."""
        if check_every < 1 or check_every & (check_every - 1):
            raise ValueError("check_every must be a power of two")
        self.game = game
        self.keep_partial = keep_partial
        self._check_mask = check_every - 1
        self._check_every = check_every
        self.tt: dict[Hashable, _Entry] = {}
        self.tt_size = tt_size
        self.history: dict[Any, int] = {}
        self.killers: dict[int, list[Any]] = {}
        self.nodes = 0

    def search(self, state: S, *, max_depth: int = 64, seconds: float | None = None,
               nodes: int | None = None, rng: random.Random | None = None,
               root: Sequence[M] | None = None,
               penalty: Mapping[M, float] | None = None) -> SearchResult[M]:
        """Deepen until the deadline; return the best move of the last completed depth.

        At least depth 1 is always completed so a legal move comes back even with no time.
        `nodes` bounds the nodes of the whole search (depth 1 included; checked every 256
        nodes, so it may be passed by less than 256 — never by depth 1 being unfinished).
        Among equal best root moves `rng` picks, so the computer does not always play alike.
        `root` restricts the moves searched at the root (a game's own tactics may have proved
        that only these parry a threat); None: every move. `penalty` handicaps root moves: such
        a move ranks that many points below what the search finds for it, weighed at the same
        depth as the others (a game that plays a move only when nothing else is better by a
        margin: a second search over the other moves would get less time and depth).
        """
        if len(self.tt) > self.tt_size:
            self.tt.clear()
        self.killers.clear()
        self.nodes = 0
        deadline = Deadline(seconds, nodes)
        root_moves = list(self.game.moves(state)) if root is None else list(root)
        if not root_moves:
            return SearchResult(None, self._terminal_or_eval(state), 0, 0)
        if rng is not None:
            rng.shuffle(root_moves)  # ties are broken at random; ordering below is stable
        best: SearchResult[M] = SearchResult(root_moves[0], -math.inf, 0, 0, [root_moves[0]])
        for depth in range(1, max_depth + 1):
            try:
                score, move = self._root(state, root_moves, depth,
                                         deadline if depth > 1 else None, penalty or {})
            except _Stop as stop:
                if stop.partial is not None:
                    score, move = stop.partial
                    best = SearchResult(move, score, depth - 1, self.nodes,
                                        self._pv(state, move, depth), partial=True)
                break
            best = SearchResult(move, score, depth, self.nodes, self._pv(state, move, depth))
            root_moves.remove(move)
            root_moves.insert(0, move)
            if depth == 1:
                deadline.tick(self.nodes)  # depth 1 ran unchecked: charge its nodes now
            if abs(score) >= _MATE_BOUND or deadline.expired():
                break
        best.nodes = self.nodes
        return best

    def _terminal_or_eval(self, state: S) -> float:
        t = self.game.terminal(state)
        return self.game.evaluate(state) if t is None else t

    def _root(self, state: S, moves: list[M], depth: int, deadline: Deadline | None,
              penalty: Mapping[M, float]) -> tuple[float, M]:
        """The best root move and its score less its handicap; the table keeps the move's own
        score (the handicap belongs to this choice, not to the position)."""
        alpha, beta = -math.inf, math.inf
        best_move, best_own = moves[0], -math.inf
        for move in moves:
            pen = penalty.get(move, 0.0)
            child = self.game.play(state, move)
            try:
                own = -self._negamax(child, depth - 1, -(beta + pen), -(alpha + pen), 1,
                                     deadline)
            except _Stop:
                # moves[0] is the last depth's best; a later move that beat it at this depth
                # was searched exactly (the window was open above alpha)
                if self.keep_partial and best_move is not moves[0]:
                    raise _Stop((alpha, best_move)) from None
                raise
            if own - pen > alpha:
                alpha, best_move, best_own = own - pen, move, own
        self._store(state, depth, best_own, _EXACT, best_move)
        return alpha, best_move

    def _negamax(self, state: S, depth: int, alpha: float, beta: float, ply: int,
                 deadline: Deadline | None) -> float:
        self.nodes += 1
        if (deadline is not None and (self.nodes & self._check_mask) == 0
                and deadline.tick(self._check_every)):
            raise _Stop
        term = self.game.terminal(state)
        if term is not None:
            # a win found sooner scores higher; a draw keeps the game's own value for it
            if term >= _MATE_BOUND:
                return term - ply
            if term <= -_MATE_BOUND:
                return term + ply
            return term
        if depth <= 0:
            return self.game.evaluate(state)
        key = self.game.key(state)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            tt_move = entry.move
            if entry.depth >= depth:
                stored = _from_tt(entry.score, ply)
                if entry.flag == _EXACT:
                    return stored
                if entry.flag == _LOWER and stored >= beta:
                    return stored
                if entry.flag == _UPPER and stored <= alpha:
                    return stored
        moves = self._ordered(state, ply, tt_move)
        if not moves:
            return self.game.evaluate(state)
        alpha0 = alpha
        best = -math.inf
        best_move = moves[0]
        for move in moves:
            score = -self._negamax(self.game.play(state, move), depth - 1, -beta, -alpha,
                                   ply + 1, deadline)
            if score > best:
                best, best_move = score, move
            if score > alpha:
                alpha = score
            if alpha >= beta:
                self._reward(move, depth, ply)
                break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self._store(state, depth, _to_tt(best, ply), flag, best_move)
        return best

    def _ordered(self, state: S, ply: int, tt_move: Any) -> list[M]:
        moves = list(self.game.moves(state))
        killers = self.killers.get(ply, [])
        hist = self.history
        n = len(moves)

        def rank(i_move: tuple[int, M]) -> tuple[int, int, int]:
            i, m = i_move
            if m == tt_move:
                return (0, 0, i)
            if m in killers:
                return (1, 0, i)
            return (2, -hist.get(m, 0), i)

        if n > 1:
            moves = [m for _, m in sorted(enumerate(moves), key=rank)]
        return moves

    def _reward(self, move: Any, depth: int, ply: int) -> None:
        self.history[move] = self.history.get(move, 0) + depth * depth
        ks = self.killers.setdefault(ply, [])
        if move not in ks:
            ks.insert(0, move)
            del ks[2:]

    def _store(self, state: S, depth: int, score: float, flag: int, move: Any) -> None:
        self.tt[self.game.key(state)] = _Entry(depth, score, flag, move)

    def _pv(self, state: S, move: M, depth: int) -> list[M]:
        pv = [move]
        seen = {self.game.key(state)}
        s = self.game.play(state, move)
        for _ in range(depth - 1):
            k = self.game.key(s)
            e = self.tt.get(k)
            if e is None or k in seen or self.game.terminal(s) is not None:
                break
            seen.add(k)
            if e.move not in self.game.moves(s):
                break
            pv.append(e.move)
            s = self.game.play(s, e.move)
        return pv


# A win found at ply p scores WIN - p from the root; the table keeps it as a distance from the
# stored node (WIN - (p - ply)) so that the same position met at another ply scores right.
def _to_tt(score: float, ply: int) -> float:
    if score >= _MATE_BOUND:
        return score + ply
    if score <= -_MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: float, ply: int) -> float:
    if score >= _MATE_BOUND:
        return score - ply
    if score <= -_MATE_BOUND:
        return score + ply
    return score


class _Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "value", "player_just_moved")

    def __init__(self, move: Any, parent: _Node | None, untried: list[Any]) -> None:
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.untried = untried
        self.visits = 0
        self.value = 0.0  # from the view of the player who made `move`


def mcts(game: SearchGame[S, M], state: S, *, seconds: float | None = None,
         iterations: int | None = None, rng: random.Random | None = None,
         rollout_depth: int | None = None, exploration: float = 1.4) -> SearchResult[M]:
    """UCT Monte-Carlo tree search.

    With `rollout_depth=None` playouts run to the end with random moves; with a number, the
    playout stops after that many random plies and the evaluation (squashed to a win
    probability) scores it — the "evaluation cut-off" that makes MCTS work in long games.
    Stops at `iterations` or `seconds`, whichever comes first (at least one iteration).
    """
    rng = rng or random.Random()
    deadline = Deadline(seconds, iterations)
    root = _Node(None, None, list(game.moves(state)))
    if not root.untried:
        return SearchResult(None, 0.0, 0, 0)
    rng.shuffle(root.untried)
    count = 0
    while True:
        count += 1
        node, s = root, state
        # selection
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children,
                       key=lambda c: c.value / c.visits + exploration * math.sqrt(log_n / c.visits))
            s = game.play(s, node.move)
        # expansion
        if node.untried:
            move = node.untried.pop()
            s = game.play(s, move)
            child_moves = list(game.moves(s)) if game.terminal(s) is None else []
            rng.shuffle(child_moves)
            child = _Node(move, node, child_moves)
            node.children.append(child)
            node = child
        # simulation: result is a score in [0, 1] for the side to move in the final `s`
        result, flips = _playout(game, s, rng, rollout_depth)
        # value for the player who made node.move = 1 - value for side to move at node
        v = 1.0 - result if flips % 2 == 0 else result
        while node is not None:
            node.visits += 1
            node.value += v
            v = 1.0 - v
            node = node.parent  # type: ignore[assignment]
        if deadline.tick():
            break
    best = max(root.children, key=lambda c: c.visits)
    return SearchResult(best.move, best.value / max(best.visits, 1), 0, count, [best.move])


def _playout(game: SearchGame[S, M], s: S, rng: random.Random,
             depth: int | None) -> tuple[float, int]:
    """Play random moves; return (score in [0,1] for the side to move at the end, plies played)."""
    plies = 0
    while True:
        t = game.terminal(s)
        if t is not None:
            return (1.0 if t > 0 else 0.0 if t < 0 else 0.5), plies
        if depth is not None and plies >= depth:
            return 1.0 / (1.0 + math.exp(-game.evaluate(s))), plies
        moves = game.moves(s)
        if not moves:
            return 0.5, plies
        s = game.play(s, moves[rng.randrange(len(moves))])
        plies += 1
