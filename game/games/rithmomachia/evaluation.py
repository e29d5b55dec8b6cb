"""Rithmomachia as the computer's search sees it: whole turns, a greedy capture policy, and
the evaluation.

A turn is several moves of the protocol (captures, a step, captures, end), which would break
the alternation a negamax search relies on. So the search works on whole turns: from the start
of a turn, the side takes the captures its policy wants (phase 1), makes one step, takes the
follow-up captures it wants (phase 3), and the opponent's turn begins. Only the step is
branched on; captures are taken greedily (best gain first), which is nearly always right since
a capture never costs a piece.

The evaluation scores the progress of each side toward the chosen victory (pieces, sum, digits
for the common victories; pieces owned, pieces across the middle and partial progressions for
the proper ones) after the side to move has taken the captures waiting for it, since nothing
can stop those; in the common victories, the captures then waiting for the opponent count
against the side to move (a double threat nearly always costs a piece), and each piece is
pulled forward a little, so that quiet positions are played toward contact and threats. Two
terms make exchanges happen: progress counts more the nearer it is to the goal (`race`: the
side ahead gains by an exchange), and a computer player discounts its opponent's progress a
little (`TurnGame.root`: each player reckons an even exchange a gain for itself).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from game.engine.search import WIN

from .captures import Capture, find_captures
from .pieces import EVENS, HEIGHT, PYRAMID, WIDTH, Piece, digits
from .rules import DONE, RithmomachiaRules, State, Step
from .state import end_turn
from .victories import kind_of

#: Turn starts the opened-turn cache keeps (a state holds a 128-square board: about 1.5 kB an
#: entry), cleared when full.
_CACHE = 30_000

#: Evaluation points per rank a piece stands beyond its side's camp (at most _ADVANCE_RANKS),
#: in the common victories: captures need contact, and without a pull forward the two sides
#: kept their distance and shuffled (games between default levels ran past 300 plies).
_ADVANCE = 0.1
_ADVANCE_RANKS = 6


#: Share of the progress a piece of the side to move that the opponent could take at the start
#: of its next turn counts against that side, in the common victories: of the largest threat
#: (the step it has may save one piece, at the cost of a tempo), and of the second (a double
#: threat: one of the two is usually lost). Without it the evaluation saw captures only within
#: the search's turns, so that a threat made at its last turn counted for nothing and closed
#: fronts stayed 0-0 for hundreds of plies.
_THREAT_FIRST = 0.3
_THREAT_SECOND = 0.8

#: Share of a side's progress toward a common victory that the evaluation counts squared: a
#: capture is then worth more the nearer it brings its side to the goal, so that the side
#: ahead gains by an exchange (at 2-1 of four pieces, 3-2 is better for it) and seeks one, and
#: the side behind avoids them. With progress counted evenly an exchange was worth nothing to
#: either side, and games between default levels stalled with the leader a capture or two
#: short of the goal, the fronts jammed.
_RACE = 0.5


#: Share of the opponent's progress toward a common victory that a computer player leaves out
#: of its evaluation (`TurnGame.root`, the side the player is choosing for): each player then
#: reckons an exchange a small gain for itself, so that it trades rather than waits. Between
#: two such players on a jammed front, each equal exchange brings a victory nearer, where two
#: players that valued both sides' progress alike kept the fronts closed at 0-0 for hundreds
#: of plies. Like a chess engine's contempt, it is a view taken by the player: the position's
#: value for the tools (no root) stays even.
_EAGER = 0.2


def race(progress: float) -> float:
    """Progress as the evaluation counts it (see _RACE); an overshoot (below 0) stays as is."""
    if progress <= 0:
        return progress
    return (1.0 - _RACE) * progress + _RACE * progress * progress


#: Evaluation points per rank a side's Pyramid stands beyond its camp, against that side, in the
#: common victories (where other pieces are pulled forward). A capture that reaches one of a
#: Pyramid's layers ransoms it: a piece of the owner's goes instead, and the Pyramid stays,
#: so the same capture may be made again in the same phase, a piece each time: one Pyramid in
#: reach gave four pieces, the whole of de corpore, in a turn. Both levels used to walk it up
#: the board with the others (strong - default, seed 3501, game 1: the Evens' Pyramid b2-b5 on
#: the first move, then b8, e8, e11, and four ransoms at ply 33).
_PYRAMID_OUT = 0.5


def _beyond_camp(sq: int, side: int) -> int:
    """Ranks the piece on `sq` stands beyond its side's four starting ranks (no cap)."""
    rank = sq // WIDTH if side == EVENS else HEIGHT - 1 - sq // WIDTH
    return max(0, rank - 3)


def _advance(sq: int, side: int) -> int:
    """Ranks the piece on `sq` stands beyond the four ranks its side starts on, at most
    _ADVANCE_RANKS."""
    return min(_beyond_camp(sq, side), _ADVANCE_RANKS)


class Policy:
    """What a side wants from captures and how far it is from winning (per victory)."""

    def __init__(self, rules: RithmomachiaRules) -> None:
        self.rules = rules
        self.v = rules.victory

    def progress(self, taken: tuple[Piece, ...]) -> float:
        """0 at the start, 1 when the captures alone win (common victories); below 0 when a
        digits count has been overshot."""
        v, r = self.v, self.rules
        count = len(taken)
        total = sum(p.value for p in taken)
        if "C" in v.uses:
            dig = sum(digits(p.value) for p in taken)
            if dig > r.c:
                return -1.0
            parts: list[float] = [min(1.0, total / r.s), dig / r.c]
            if "N" in v.uses:
                parts.append(min(1.0, count / r.n))
            return sum(parts) / len(parts)
        parts = []
        if "N" in v.uses:
            parts.append(min(1.0, count / r.n) + 0.001 * total / r.n)
        if "S" in v.uses:
            parts.append(min(1.0, total / r.s))
        return sum(parts) / len(parts)

    def gain(self, state: State, capture: Capture) -> float:
        """How much taking `capture` helps the side to move (<= 0: leave it)."""
        piece = state.board[capture.take]
        assert piece is not None
        if self.v.proper:
            return 1.0 + piece.value / 1000.0
        side = state.to_move
        before = self.progress(state.taken[side])
        after = self.progress((*state.taken[side], piece))
        if after < 0 <= before:
            return -1.0
        # taking a piece also takes it from the enemy: worth a little even past the goal
        return after - before + 0.01

    def best_capture(self, state: State) -> Capture | None:
        best, best_gain = None, 0.0
        for c in self.rules.captures(state):
            g = self.gain(state, c)
            if g > best_gain:
                best, best_gain = c, g
        return best


class TurnGame:
    """The shared search's view of Rithmomachia: states are turn starts, moves are steps."""

    def __init__(self, rules: RithmomachiaRules, noise: float = 0.0,
                 rng: random.Random | None = None) -> None:
        self.rules = rules
        self.policy = Policy(rules)
        self.noise = noise
        self.rng = rng or random.Random()
        self._opened: dict[Hashable, State] = {}
        #: the side the computer is choosing for (see _EAGER), or None for an even view; the
        #: search's stored scores hold for one root side only
        self.root: int | None = None

    def opened(self, state: State) -> State:
        """The turn start after the phase-1 captures the policy takes (cached)."""
        key = state.key()
        got = self._opened.get(key)
        if got is None:
            if len(self._opened) > _CACHE:
                self._opened.clear()
            got = state
            while self.rules.outcome(got) is None:
                c = self.policy.best_capture(got)
                if c is None:
                    break
                got = self.rules.apply(got, c)
            self._opened[key] = got
        return got

    def moves(self, state: State) -> list[Step]:
        opened = self.opened(state)
        if self.rules.outcome(opened) is not None:
            return [Step(-1, -1)]  # the captures already decided the game: one dummy move
        return self.rules.steps(opened)

    def play(self, state: State, move: Step) -> State:
        s = self.opened(state)
        if move.frm < 0 or self.rules.outcome(s) is not None:
            return end_turn(s)
        s = self.rules.apply(s, move)
        while s.phase == 3 and s.to_move == state.to_move:
            c = self.policy.best_capture(s) if self.rules.outcome(s) is None else None
            s = self.rules.apply(s, c if c is not None else DONE)
        return s

    def terminal(self, state: State) -> float | None:
        out = self.rules.outcome(state)
        if out is None:
            return None
        if out.winner is None:
            return 0.0
        return WIN if out.winner == state.to_move else -WIN

    def key(self, state: State) -> Hashable:
        return state.key()

    def evaluate(self, state: State) -> float:
        opened = self.opened(state)
        out = self.rules.outcome(opened)
        if out is not None:
            if out.winner is None:
                return 0.0
            return WIN / 2 if out.winner == state.to_move else -WIN / 2
        me = state.to_move
        score = self.side_score(opened, me) - self.side_score(opened, 1 - me)
        if not self.rules.proper:
            score -= self.threatened(opened)
            if self.root is not None:
                # the root's opponent's progress counts (1 - _EAGER) in the root's view
                other = 1 - self.root
                eager = _EAGER * 100.0 * race(self.policy.progress(opened.taken[other]))
                score += eager if me == self.root else -eager
        if self.noise:
            score += self.rng.uniform(-self.noise, self.noise)
        return score

    def threatened(self, state: State) -> float:
        """What the opponent's waiting captures on the side to move's pieces are worth to it
        (see _THREAT_FIRST): the progress of each distinct piece it could take, the largest
        counted at _THREAT_FIRST and the next at _THREAT_SECOND."""
        them = 1 - state.to_move
        board, taken = state.board, state.taken[them]
        base = race(self.policy.progress(taken))
        gains: dict[int, float] = {}
        for c in find_captures(board, them, siege_edges=self.rules.siege_edges):
            piece = board[c.take]
            if piece is None or c.take in gains:
                continue
            gains[c.take] = race(self.policy.progress((*taken, piece))) - base
        if not gains:
            return 0.0
        best = sorted(gains.values(), reverse=True)
        score = _THREAT_FIRST * max(0.0, best[0])
        if len(best) > 1:
            score += _THREAT_SECOND * max(0.0, best[1])
        return 100.0 * score

    def side_score(self, state: State, side: int) -> float:
        rules = self.rules
        pieces = [(sq, p) for sq, p in enumerate(state.board) if p is not None and p.owner == side]
        material = sum(1.0 + p.value / 400.0 for _, p in pieces)
        if not rules.proper:
            return 100.0 * race(self.policy.progress(state.taken[side])) + 0.5 * material \
                + _ADVANCE * sum(_advance(sq, side) for sq, p in pieces if p.shape != PYRAMID) \
                - _PYRAMID_OUT * sum(_beyond_camp(sq, side) for sq, p in pieces
                                     if p.shape == PYRAMID)
        return material * 2.0 + self.formation_score(state, side, pieces)

    def formation_score(self, state: State, side: int, pieces: list[tuple[int, Piece]]
                        ) -> float:
        """Pieces across the middle, and pairs there that a third own value would complete."""
        half = range(HEIGHT // 2, HEIGHT) if side == EVENS else range(HEIGHT // 2)
        values = sorted({p.value for _, p in pieces})
        advanced = [(sq, p) for sq, p in pieces if sq // WIDTH in half]
        score = 0.0
        for sq, _ in advanced:
            depth = sq // WIDTH - 7 if side == EVENS else 8 - sq // WIDTH
            score += 0.4 + 0.05 * min(depth, 4)
        board = state.board
        for sq, p in advanced:
            for nxt in (sq + 1 if sq % WIDTH < WIDTH - 1 else -1, sq + WIDTH):
                if not 0 <= nxt < len(board):
                    continue
                q = board[nxt]
                if q is None or q.owner != side or nxt // WIDTH not in half or q.value == p.value:
                    continue
                if any(kind_of(p.value, q.value, c) for c in values
                       if c not in (p.value, q.value)):
                    score += 3.0
        return score
