"""Rithmomachia computer players: a search over whole turns with a greedy capture policy.

A turn is several moves of the protocol (captures, a step, captures, end), which would break
the alternation a negamax search relies on. So the search works on whole turns: from the start
of a turn, the side takes the captures its policy wants (phase 1), makes one step, takes the
follow-up captures it wants (phase 3), and the opponent's turn begins. Only the step is
branched on; captures are taken greedily (best gain first), which is nearly always right since
a capture never costs a piece. `choose` replays the same policy one sub-step at a time.

The evaluation scores the progress of each side toward the chosen victory (pieces, sum, digits
for the common victories; pieces owned, pieces across the middle and partial progressions for
the proper ones) after the side to move has taken the captures waiting for it, since nothing
can stop those; in the common victories, the captures then waiting for the opponent count
against the side to move (a double threat nearly always costs a piece), and each piece is
pulled forward a little, so that quiet positions are played toward contact and threats.
Levels: "easy" looks one turn ahead with some noise; "default" deepens within its time up to
three turns (at four, which it reached at the screen's 0.9 s, it played like strong);
"strong" deepens over turns within the time given (2.5 s on the screen: four or more).

Before searching, default and strong look for a win within the turn (every capture, step and
capture after it), then strong for a forced win in two (`_forced_win`: a whole turn after which
every turn of the opponent leaves a win at once, all of them tried exactly, within a third of
the time; 0.06 s of CPU a turn on average over a game between default levels, 0.17 s at most;
even a side that has taken nothing may have one, by several captures in its second turn); a
turn found so is then played move by move (_FORCED_WIN_LEVELS says why not default). Both also
ask whether the opponent would win on its next turn if it were its turn now; if so, only the
steps proved to stop it (every answer of the opponent tried) are searched. A step that takes a
piece straight back to where the side's previous step took it from, or ends the turn in a
position the side's own turns already left, is played only when the search finds every other
step worse by _RETURN_MARGIN: shuffling gets nowhere, and the games used to stall on it. Each
player remembers its own last steps for that.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from game.engine.protocol import IllegalMove
from game.engine.search import WIN, AlphaBeta

from .captures import Capture, find_captures
from .pieces import EVENS, HEIGHT, WIDTH, Piece, digits
from .rules import DONE, Move, RithmomachiaRules, State, Step
from .state import end_turn
from .victories import kind_of

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: Positions kept by the transposition table and the opened-turn cache: a state holds a
#: 128-square board, so these bound the worker's memory (about 1.5 kB an entry).
_TT_SIZE = 60_000
_CACHE = 30_000

#: Share of the time given that each level uses, and its deepest search (in turns).
_SHAPES: dict[str, tuple[float, int]] = {"easy": (0.3, 1), "default": (0.8, 3),
                                         "strong": (0.95, 12)}

#: Evaluation points a step that undoes one of the side's last steps, or brings back a position
#: it left, must be better by than the best other step to be played (a piece is worth about 1).
_RETURN_MARGIN = 0.75
#: Positions the search for a win within the turn looks at, at most, and how many between two
#: readings of the clock: a position costs some 30 microseconds, and the tools' virtual clock
#: (tools/virtual_clock.py) charges a reading as eight nodes of the alpha-beta search, so a
#: reading at every position had that search charged fifty times its work.
_WIN_NODES = 3000
_WIN_CLOCK = 32
#: Turn-end positions each side remembers (to avoid going round in circles).
_MEMORY = 12
#: Share of the time given that a level of _FORCED_WIN_LEVELS may spend looking for a forced
#: win in two (`_forced_win`) before it searches.
_WIN2_SHARE = 0.35
#: The levels that make that search. Not default: with it, default solved all 64 wins in two
#: of data/tactics/rithmomachia-win2.json (44 without), but the one turn of search strong has
#: over it stopped showing: strong - default went 2-1-5 over eight games (screen times,
#: virtual clock), where the ladder asks 70 % (docs/ai-ladders.md).
_FORCED_WIN_LEVELS = ("strong",)


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


def _advance(sq: int, side: int) -> int:
    """Ranks the piece on `sq` stands beyond the four ranks its side starts on."""
    rank = sq // WIDTH if side == EVENS else HEIGHT - 1 - sq // WIDTH
    return min(max(0, rank - 3), _ADVANCE_RANKS)


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
        if self.noise:
            score += self.rng.uniform(-self.noise, self.noise)
        return score

    def threatened(self, state: State) -> float:
        """What the opponent's waiting captures on the side to move's pieces are worth to it
        (see _THREAT_FIRST): the progress of each distinct piece it could take, the largest
        counted at _THREAT_FIRST and the next at _THREAT_SECOND."""
        them = 1 - state.to_move
        board, taken = state.board, state.taken[them]
        base = self.policy.progress(taken)
        gains: dict[int, float] = {}
        for c in find_captures(board, them, siege_edges=self.rules.siege_edges):
            piece = board[c.take]
            if piece is None or c.take in gains:
                continue
            gains[c.take] = self.policy.progress((*taken, piece)) - base
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
            return 100.0 * self.policy.progress(state.taken[side]) + 0.5 * material \
                + _ADVANCE * sum(_advance(sq, side) for sq, _ in pieces)
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


class RithmomachiaAI:
    """A computer player for one level (see the module docstring)."""

    def __init__(self, rules: RithmomachiaRules, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise KeyError(f"rithmomachia: unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        self.share, self.max_depth = _SHAPES[level]
        self.game = TurnGame(rules, noise=3.0 if level == "easy" else 0.0)
        self.search: AlphaBeta[State, Step] = AlphaBeta(self.game, tt_size=_TT_SIZE,
                                                        check_every=8)
        self.last: dict[str, Any] = {}
        #: per side: its last steps (from, to) and the positions its turns left, newest last
        self.steps: dict[int, list[tuple[int, int]]] = {0: [], 1: []}
        self.left: dict[int, list[Hashable]] = {0: [], 1: []}
        #: per side: the pieces it had taken when its current turn began (captures made
        #: before the step count in what the turn takes), and whether a turn is under way
        self._turn_start: dict[int, int] = {}
        self._in_turn = False
        #: the rest of a turn chosen whole (a forced win in two): (state key, move), in order
        self._plan: list[tuple[Hashable, Move]] = []

    def _returns(self, state: State, step: Step) -> bool:
        """Does `step` take a piece straight back where it came from on the side's last step,
        or end the turn in a position the side's own turns already produced?"""
        me = state.to_move
        mine = self.steps[me]
        if mine and (step.to, step.frm) == mine[-1]:
            return True
        return self.game.play(state, step).key() in self.left[me]

    def _winning_move(self, state: State, deadline: float) -> Move | None:
        """The first move of a way to win within this turn, found by trying every capture,
        step and capture after it (not only those the policy would take: a win may need a
        ransom where the policy prefers a siege), or None; gives up after _WIN_NODES
        positions or at `deadline` (read every _WIN_CLOCK positions)."""
        rules, me = self.rules, state.to_move
        seen: set[Hashable] = set()
        late = False

        def walk(s: State) -> bool:
            nonlocal late
            out = rules.outcome(s)
            if out is not None:
                return out.winner == me
            if s.to_move != me or len(seen) > _WIN_NODES or late:
                return False
            if len(seen) % _WIN_CLOCK == 0 and time.perf_counter() > deadline:
                late = True
                return False
            key = s.key()
            if key in seen:
                return False
            seen.add(key)
            return any(walk(rules.apply(s, m)) for m in rules.legal_moves(s))

        for move in rules.legal_moves(state):
            if walk(rules.apply(state, move)):
                return move
        return None

    def _wins_now(self, state: State, first: Sequence[Step] = ()) -> Step | None:
        """The step with which the side to move in `state` (a turn start) wins this turn (its
        captures as the policy takes them; the steps in `first` are tried first), else None;
        Step(-1, -1) when its captures alone win."""
        game, rules, me = self.game, self.rules, state.to_move
        opened = game.opened(state)
        out = rules.outcome(opened)
        if out is not None:
            return Step(-1, -1) if out.winner == me else None
        steps = rules.steps(opened)
        if first:
            known = set(steps)
            steps = [*(m for m in first if m in known), *steps]
        for step in steps:
            out = rules.outcome(game.play(opened, step))
            if out is not None and out.winner == me:
                return step
        return None

    def _turn_paths(self, state: State, first: frozenset[int] = frozenset()
                    ) -> Iterator[tuple[list[tuple[Hashable, Move]], State]]:
        """Every whole turn of the side to move, as it is found: the moves of one path to
        each different turn end (each with the key of the state it is played in) and that
        end. Every capture is tried, not only those the policy takes; the captures come
        first, then the steps of the pieces on `first`, then the others."""
        rules, me = self.rules, state.to_move
        ends: set[Hashable] = set()
        seen: set[Hashable] = set()

        def walk(s: State, path: list[tuple[Hashable, Move]]
                 ) -> Iterator[tuple[list[tuple[Hashable, Move]], State]]:
            key = s.key()
            if s.to_move != me or rules.outcome(s) is not None:
                if key not in ends:
                    ends.add(key)
                    yield path, s
                return
            if key in seen:
                return
            seen.add(key)
            moves = rules.legal_moves(s)
            if first:
                moves.sort(key=lambda m: (isinstance(m, Step), not isinstance(m, Step)
                                          or m.frm not in first))
            for m in moves:
                yield from walk(rules.apply(s, m), [*path, (key, m)])

        return walk(state, [])

    def _forced_win(self, state: State, deadline: float) -> list[tuple[Hashable, Move]] | None:
        """A whole turn (its moves, as `_turn_paths` gives them) after which every turn of the
        opponent leaves us a win at once, found before `deadline`, else None. Only the turns
        after which we could win at once if we moved again are tried (a turn that threatens
        nothing is almost never a forced win, and most turns are such); each is refuted by
        the first defence that leaves us no win, the defences likeliest to do so first
        (captures, then the steps of the pieces we threaten). Every defence and every win is
        tried exactly (`_winning_move`: every capture, step and capture after it), so what
        is found is sure; what is not found in time is left to the search. The clock is read
        once a turn tried, not at each position of those searches (each is bounded by
        _WIN_NODES, a few milliseconds): the tools' virtual clock (tools/virtual_clock.py)
        charges every reading as the alpha-beta search's eight nodes, some fifty times the
        work of one position here, so the ladders would have seen this search starved."""
        rules, me = self.rules, state.to_move
        unbounded = float("inf")
        for path, after in self._turn_paths(state):
            if time.perf_counter() > deadline:
                return None
            if rules.outcome(after) is not None:
                continue
            again = replace(after, to_move=me)
            if self._winning_move(again, unbounded) is None:
                continue  # threatens nothing
            aimed = frozenset(c.victim for c in find_captures(
                after.board, me, siege_edges=rules.siege_edges))
            escaped = answered = False
            for _, then in self._turn_paths(after, aimed):
                answered = True
                out = rules.outcome(then)
                if out is not None and out.winner == me:
                    continue
                if out is not None or time.perf_counter() > deadline or \
                        self._winning_move(then, unbounded) is None:
                    escaped = True
                    break
            if answered and not escaped:
                return path
        return None

    def _hanging_first(self, state: State) -> list[Step]:
        """The steps of a turn start, those of the pieces the opponent could take first: the
        guards that try every step (_parries, _refuse_bad_exchange) stop at their deadline,
        and the step that saves a threatened piece is the one they most often look for (on
        a loaded machine the list's end was not reached)."""
        opened = self.game.opened(state)
        hanging = {c.take for c in find_captures(opened.board, 1 - state.to_move,
                                                 siege_edges=self.rules.siege_edges)}
        return sorted(self.game.moves(state), key=lambda m: m.frm not in hanging)

    def _parries(self, state: State, threat: Step, deadline: float) -> list[Step]:
        """The steps after which the opponent cannot win at once (as many as time allows);
        the opponent's `threat` is tried first after each, as it usually still wins."""
        game, good = self.game, []
        for step in self._hanging_first(state):
            if time.perf_counter() > deadline:
                break
            after = game.play(state, step)
            out = self.rules.outcome(after)
            if out is not None or self._wins_now(after, (threat,)) is None:
                good.append(step)
        return good

    def _loses_more(self, state: State, step: Step) -> bool:
        """Whether the turn `step` completes (with the captures the policy takes after it) took
        pieces and leaves the opponent a turn (its captures, any step, the captures after it)
        that takes more, or wins: a bad exchange, refused at every level (the easy level looks
        one turn ahead and sees only what it takes)."""
        game, rules, me = self.game, self.rules, state.to_move
        after = game.play(state, step)
        if rules.outcome(after) is not None:
            return False
        took = len(after.taken[me]) - self._turn_start.get(me, len(state.taken[me]))
        if took <= 0:
            return False
        them = 1 - me
        before = len(after.taken[them])
        for reply in game.moves(after):
            s = game.play(after, reply)
            out = rules.outcome(s)
            if out is not None:
                if out.winner == them:
                    return True
                continue
            if len(s.taken[them]) - before > took:
                return True
        return False

    def _refuse_bad_exchange(self, state: State, move: Step, score: float, left: float,
                             nodes: int | None, rng: random.Random) -> Step:
        """The best step whose turn is not a bad exchange (_loses_more), among those checked
        within the time `left`, unless there is none or every one is proved lost. Every step
        is checked, not only the next ones the search prefers: after a capture that nearly
        every step spoils (the easy level's noisy one-turn search kept picking one), the few
        good steps are found all the same."""
        if not self._loses_more(state, move):
            return move
        deadline = time.perf_counter() + max(0.01, left) * 0.7
        others: list[Step] = []
        for m in self._hanging_first(state):
            if time.perf_counter() > deadline:
                break
            if m != move and m.frm >= 0 and not self._loses_more(state, m):
                others.append(m)
        if not others:
            return move
        left = max(0.01, deadline - time.perf_counter() + max(0.01, left) * 0.3)
        other = self.search.search(state, max_depth=self.max_depth, seconds=left, nodes=nodes,
                                   rng=rng, root=others)
        if other.move is None or other.move.frm < 0 or other.score <= -WIN / 2 < score:
            return move
        return other.move

    def _remember(self, state: State, step: Step) -> None:
        me = state.to_move
        self.steps[me] = [*self.steps[me][-_MEMORY:], (step.frm, step.to)]
        self.left[me] = [*self.left[me][-_MEMORY:], self.game.play(state, step).key()]

    def choose(self, state: State, *, seconds: float, rng: random.Random,
               nodes: int | None = None) -> Move:
        if self.rules.outcome(state) is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        # the time given counts from here: the searches for a win (at once, in two) come out
        # of the same budget as the search that follows them
        started = time.perf_counter()
        if self._plan and self._plan[0][0] == state.key():
            planned = self._plan.pop(0)[1]  # the turn of a forced win in two, move by move
            if isinstance(planned, Step):
                self._remember(state, planned)
            self.last = {"kind": "win2"}
            return planned
        self._plan = []
        if self.level != "easy":
            win = self._winning_move(state, started + seconds * 0.3)
            if win is not None:
                self.last = {"kind": "win"}
                return win
            if self.level in _FORCED_WIN_LEVELS and state.phase == 1 and not self._in_turn:
                plan = self._forced_win(state, started + seconds * _WIN2_SHARE)
                if plan:
                    self._plan = plan
                    return self.choose(state, seconds=seconds, rng=rng, nodes=nodes)
        if state.phase == 1 and not self._in_turn:
            self._turn_start[state.to_move] = len(state.taken[state.to_move])
        capture = self.game.policy.best_capture(state)
        if capture is not None:
            self.last = {"kind": "capture"}
            self._in_turn = state.phase == 1
            return capture
        self._in_turn = False
        if state.phase == 3:
            self.last = {"kind": "end"}
            return DONE
        self.game.rng = rng
        budget = max(0.02, seconds * self.share)
        root = None
        threat = None if self.level == "easy" else \
            self._wins_now(replace(state, to_move=1 - state.to_move))
        if threat is not None:
            # the opponent would win on its next turn: search only the steps that stop it
            # (this may take most of the time: parrying matters more than searching deeper)
            root = self._parries(state, threat, started + seconds * 0.85) or None
        returns: set[Step] = set()
        if root is None and self.level != "easy":
            # going back and forth gets nowhere: such a step is played only when the search
            # finds every other step worse by _RETURN_MARGIN
            steps = self.game.moves(state)
            returns = {m for m in steps if m.frm >= 0 and self._returns(state, m)}
            if len(returns) == len(steps):
                returns = set()
        left = max(0.02, budget * 0.85 - (time.perf_counter() - started))
        result = self.search.search(state, max_depth=self.max_depth, seconds=left, nodes=nodes,
                                    rng=rng, root=root,
                                    penalty=dict.fromkeys(returns, _RETURN_MARGIN))
        self.last = {"kind": "step", "depth": result.depth, "nodes": result.nodes,
                     "score": result.score}
        if returns:
            self.last["returns"] = len(returns)  # steps that went back, handicapped
        move = result.move
        if move is None or move.frm < 0:
            return self.rules.steps(state)[0]
        if root is None:
            # the guard may use what is left of the whole time given, not only of the
            # level's share: the easy level's share (30 %) left it too little to check
            # every step
            refused = self._refuse_bad_exchange(
                state, move, result.score,
                max(budget, seconds * 0.9) - (time.perf_counter() - started), nodes, rng)
            if refused != move:
                self.last.update(avoided="bad exchange")
                move = refused
        if root is not None:
            self.last["parries"] = len(root)
        self._remember(state, move)
        return move


def make_ai(rules: RithmomachiaRules, level: str = DEFAULT_LEVEL) -> RithmomachiaAI:
    return RithmomachiaAI(rules, level)


def evaluate(rules: RithmomachiaRules, state: State) -> float:
    """Static score for the side to move (positive = good), after its waiting captures."""
    out = rules.outcome(state)
    if out is not None:
        if out.winner is None:
            return 0.0
        return 1000.0 if out.winner == state.to_move else -1000.0
    return TurnGame(rules).evaluate(state) / 10.0


# --------------------------------------------------------------------------- the game review

from game.i18n import N_  # noqa: E402  (the reasons below are words to translate)

#: Evaluation units (a whole piece is about 2, full progress to the victory 100) worth a
#: 73 % expected score in the review's logistic.
REVIEW_SCALE = 15.0


def analyse(rules: RithmomachiaRules, state: State, *, seconds: float) -> Any:
    """The review's analysis of a position, whatever step of a turn it is at: the strong
    level's move (a win found in the turn, the capture its policy takes, the end of the turn,
    or the step its search over whole turns chose), and the score of that search, or of the
    evaluation when no search was needed, through the logistic of REVIEW_SCALE."""
    from game.engine.analysis import kept, score_of
    from game.engine.protocol import Analysis

    if rules.outcome(state) is not None or not rules.legal_moves(state):
        return None
    ai = kept(rules, "rithmomachia", lambda: RithmomachiaAI(rules, "strong"))
    ai.last = {}
    move = ai.choose(state, seconds=seconds, rng=random.Random(0))
    if ai.last.get("kind") == "win":
        return Analysis(1.0, move, ())
    if "score" in ai.last:
        value = float(ai.last["score"])
    else:
        value = TurnGame(rules).evaluate(rules.apply(state, move))
        if rules.apply(state, move).to_move != state.to_move:
            value = -value
    return Analysis(score_of(value, REVIEW_SCALE, WIN / 4), move, ())


def explain(rules: RithmomachiaRules, state: State, move: Any, after: State, analysis: Any,
            reply: Any) -> tuple[str, dict[str, str]] | None:
    """Why a move is bad, when simple: a victory this turn was there and is let go, or the
    opponent can now win on its turn (the analysis scores exactly 1 only a victory found
    within the turn)."""
    me = state.to_move
    if analysis.score >= 1.0 and analysis.best != move and \
            (reply is None or after.to_move != me or reply.score < 1.0):
        return (N_("misses a victory this turn"), {})
    if reply is not None and reply.score >= 1.0 and after.to_move != me:
        return (N_("lets the opponent win at once"), {})
    return None
