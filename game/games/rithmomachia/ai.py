"""Rithmomachia computer players: a search over whole turns with a greedy capture policy.

The search works on whole turns: only the step is branched on, the captures are taken greedily
by a policy (.evaluation holds that view of the game and the evaluation); `choose` replays the
same policy one sub-step at a time.

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
step worse by _RETURN_MARGIN, four times more for each time the side has been there already
(_REPEAT_GROWTH), parries included: shuffling gets nowhere, and the games used to stall on it.
Each player remembers its own last steps for that. Last, strong refuses a step after which the
opponent has a forced win in two (`_avoid_forced_loss`, the same exact search for the other
side), when another step is not proved to allow one.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from game.engine.protocol import IllegalMove
from game.engine.search import WIN, AlphaBeta

from .captures import Capture, find_captures
from .evaluation import TurnGame
from .rules import DONE, Move, RithmomachiaRules, State, Step

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: Positions kept by the transposition table (the opened-turn cache of .evaluation holds as many
#: again at most): a state holds a 128-square board, so this bounds the worker's memory
#: (about 1.5 kB an entry).
_TT_SIZE = 60_000

#: Share of the time given that each level uses, and its deepest search (in turns).
_SHAPES: dict[str, tuple[float, int]] = {"easy": (0.3, 1), "default": (0.8, 3),
                                         "strong": (0.95, 12)}

#: Evaluation points a step that undoes one of the side's last steps, or brings back a position
#: it left, must be better by than the best other step to be played (a piece is worth about 1).
_RETURN_MARGIN = 0.75
#: Factor the handicap grows by with each time the side's remembered turns already ended where
#: a step would end its turn: 0.75, 3, 12, 48. A threat to win at once and its one parry, then
#: both pieces back, went round for 150 plies between default levels (seed 13: a Circle one
#: square forward and back, the Odds' Pyramid out to parry and home again), each side's cycle
#: scoring more than any other step by more than one handicap.
_REPEAT_GROWTH = 4.0
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
#: The levels whose search keeps a move from a turn it could not finish (AlphaBeta's
#: `keep_partial`): strong finishes three or four turns in its 2.5 s and spends the rest on a
#: turn it cannot finish, whose better step, when it finds one, is now played. It seldom does
#: (never on twelve middle-game positions: the first step takes most of the cut turn), and it
#: only adds what was searched. Not default: it stops at three turns.
_KEEP_PARTIAL_LEVELS = ("strong",)
#: The levels that refuse a step after which the opponent has a forced win in two, when
#: another step is not proved to allow one (`_avoid_forced_loss`). Strong's search sees a
#: forced win in two of the opponent only when it finishes four turns, which it does in the
#: opening alone; against default on the tools' virtual clock it lost games so
#: (docs/tactics.md, "Rithmomachia: walking into a forced loss in two").
_SAFE_LEVELS = ("strong",)
#: Share of the time given by which the guard against a forced loss in two must be done:
#: past the time given when it finds one (a proof that a step loses takes 0.1 to 0.3 s, and
#: a step that saves the game is worth the wait), within the strongest level's 3 s budget.
_SAFE_UNTIL = 1.1


class RithmomachiaAI:
    """A computer player for one level (see the module docstring)."""

    def __init__(self, rules: RithmomachiaRules, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise KeyError(f"rithmomachia: unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        self.share, self.max_depth = _SHAPES[level]
        self.game = TurnGame(rules, noise=3.0 if level == "easy" else 0.0)
        self.search: AlphaBeta[State, Step] = AlphaBeta(
            self.game, tt_size=_TT_SIZE, check_every=8,
            keep_partial=level in _KEEP_PARTIAL_LEVELS)
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

    def _return_times(self, state: State, step: Step) -> int:
        """How often the side has been here before with `step`: the times its remembered turns
        ended in the position this turn ends in, and at least once for a step that takes a
        piece straight back where its last step took it from."""
        me = state.to_move
        mine = self.steps[me]
        times = self.left[me].count(self.game.play(state, step).key())
        if mine and (step.to, step.frm) == mine[-1]:
            times = max(times, 1)
        return times

    def _return_penalties(self, state: State, steps: Sequence[Step]) -> dict[Step, float]:
        """The handicap of each step that goes back (see _RETURN_MARGIN), growing by
        _REPEAT_GROWTH with each time the side has already been there, so that a cycle the
        search keeps choosing (a threat and its parry, again and again) is left after a few
        rounds; when every step goes back, the least repeated go free."""
        times = {m: self._return_times(state, m) for m in steps if m.frm >= 0}
        penalty = {m: _RETURN_MARGIN * _REPEAT_GROWTH ** (t - 1) for m, t in times.items() if t}
        if penalty and len(penalty) == len(steps):
            least = min(penalty.values())
            penalty = {m: p - least for m, p in penalty.items() if p > least}
        return penalty

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

    def _avoid_forced_loss(self, state: State, move: Step, candidates: Sequence[Step],
                           deadline: float) -> Step:
        """`move`, unless the opponent has a forced win in two after its turn (the exact
        search of `_forced_win`, for the opponent): then the first of the other `candidates`
        not proved to allow one, or `move` if every one is proved to or time runs out first.
        A proof that a step loses takes 0.1 to 0.3 s and most steps do lose, so the order
        matters: first the steps of the pieces the opponent's win would take (its winning turn
        after that first turn, were we to pass), then those onto or off the squares of either
        turn, then the others as the search scored them (its table keeps the score of each
        turn's end it searched); on the win-in-two suite with the other side to move, a step
        that saves the game is among the first ten in 57 positions of 62. A check cut by
        `deadline` proves nothing, so such a step is taken: it is at least not known to
        lose."""
        game, rules, tt = self.game, self.rules, self.search.tt
        ends: dict[Step, State] = {}  # each step's turn end, made once (ordering, then proof)

        def end(step: Step) -> State:
            if step not in ends:
                ends[step] = game.play(state, step)
            return ends[step]

        def line(step: Step) -> list[tuple[Hashable, Move]] | None:
            after = end(step)
            return None if rules.outcome(after) is not None else \
                self._forced_win(after, deadline)

        plan = line(move)
        if plan is None:
            return move
        self.last["avoided"] = "forced loss in two"
        taken, touched = self._winning_line(end(move), plan, deadline)

        def order(step: Step) -> tuple[bool, bool, float]:
            entry = tt.get(end(step).key())
            return (step.frm not in taken, step.frm not in touched and step.to not in touched,
                    entry.score if entry is not None else math.inf)

        for other in sorted((m for m in candidates if m != move and m.frm >= 0), key=order):
            if time.perf_counter() > deadline:
                break
            if line(other) is None:
                return other
        return move

    def _winning_line(self, after: State, plan: Sequence[tuple[Hashable, Move]],
                      deadline: float) -> tuple[set[int], set[int]]:
        """The squares of our pieces the opponent's win takes, and the other squares its two
        turns use: its first turn `plan` from `after` (the opponent to move), then the turn
        that wins if we pass, move by move as `_winning_move` finds it."""
        rules, them = self.rules, after.to_move
        taken: set[int] = set()
        touched: set[int] = set()
        s = after
        for _, m in plan:
            s = rules.apply(s, m)
        s = replace(s, to_move=them)
        moves: list[Move] = [m for _, m in plan]
        while rules.outcome(s) is None and s.to_move == them:
            nxt = self._winning_move(s, deadline)
            if nxt is None:
                break
            moves.append(nxt)
            s = rules.apply(s, nxt)
        for m in moves:
            if isinstance(m, Step):
                touched.update((m.frm, m.to))
            elif isinstance(m, Capture):
                taken.update((m.victim, m.take))
                touched.update(m.by)
        return taken, touched

    def _remember(self, state: State, step: Step) -> None:
        me = state.to_move
        self.steps[me] = [*self.steps[me][-_MEMORY:], (step.frm, step.to)]
        self.left[me] = [*self.left[me][-_MEMORY:], self.game.play(state, step).key()]

    def choose(self, state: State, *, seconds: float, rng: random.Random,
               nodes: int | None = None) -> Move:
        if self.rules.outcome(state) is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        if self.game.root != state.to_move:
            # the evaluation takes the side of the player (evaluation._EAGER): scores stored
            # for the other side's view would mislead
            self.game.root = state.to_move
            self.search.tt.clear()
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
        returns: dict[Step, float] = {}
        if self.level != "easy":
            # going back and forth gets nowhere: such a step is played only when the search
            # finds every other step worse by its handicap (parries too: of the steps that
            # stop a threat, one that goes back is the last choice)
            returns = self._return_penalties(state, root or self.game.moves(state))
        left = max(0.02, budget * 0.85 - (time.perf_counter() - started))
        result = self.search.search(state, max_depth=self.max_depth, seconds=left, nodes=nodes,
                                    rng=rng, root=root,
                                    penalty=returns)
        self.last = {"kind": "step", "depth": result.depth, "nodes": result.nodes,
                     "score": result.score}
        if result.partial:
            self.last["partial"] = True  # the move of the next turn's search, cut short
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
        if self.level in _SAFE_LEVELS:
            move = self._avoid_forced_loss(state, move, root or self.game.moves(state),
                                           started + seconds * _SAFE_UNTIL)
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
