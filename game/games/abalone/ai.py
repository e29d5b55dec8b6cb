"""Abalone computer player: alpha-beta (game.engine.search) over the bitboard core, and evaluate().

The search never sees the public Move objects: its adapter hands it raw bitboard moves from
bitboard.generate (ejecting pushes first, then pushes, then quiet moves) and plays them with
rules.play_raw, so a node costs little more than the evaluation.

The multi-move variant (two sub-moves per turn, §7.8) breaks negamax's "the side flips every
ply", so there the adapter searches whole turns: a turn is a pair of sub-moves, the first
chosen among the best few by static score, the second among the best few after it (a beam).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.search import WIN, AlphaBeta, SearchResult

from . import bitboard
from .bitboard import RawMove
from .rules import AbaloneRules, AbaloneState, Move
from .two_boards.rules import BoardMove, TwoBoardRules, TwoBoardState

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"



@dataclass(frozen=True)
class Weights:
    """Evaluation weights, in thousandths of a marble."""

    marble: float = 1000.0
    centre: float = 24.0     # per ring step closer to E5 than the opponent's marbles (summed)
    cohesion: float = 9.0    # per pair of touching own marbles, minus the opponent's
    threat_to_move: float = 380.0  # the side to move can eject at once
    threat_extra: float = 60.0     # each further ejecting push it has
    danger: float = 130.0    # per ejecting push the side not to move has (it may not parry all)
    edge: float = 14.0       # per marble on the rim (ring 4), a standing weakness


#: The weights before the arena tuning (centre and cohesion next to nothing against a marble);
#: kept so that the arena can replay the comparison (game.games.abalone.tuning).
BASELINE = Weights()
#: The weights the computer plays with: centre 2.5 times, cohesion almost 3 times and the rim
#: twice what they were, so that a marble is worth about 17 ring steps towards E5 (it was 42)
#: and position is played for, not only tactics. Self-play, default level, 0.3 s a move,
#: sides alternated: these weights beat BASELINE 10 games to 0 (docs/ai-ladders.md).
WEIGHTS = Weights(centre=60.0, cohesion=25.0, edge=30.0)

# Per level: (seconds cap, max depth).
_LEVEL_SETTINGS: dict[str, tuple[float, int]] = {
    "easy": (0.3, 1),
    "default": (1.0, 64),
    "strong": (3.0, 64),
}
#: Share of the allowed time the search may use (the rest covers the last batch of nodes).
_TIME_SHARE = 0.85


def _score(rules: AbaloneRules, state: AbaloneState, w: Weights = WEIGHTS) -> float:
    """Static score for the side to move (positive = good for it)."""
    me = state.to_move
    own, opp = state.marbles(me), state.marbles(1 - me)
    pivot = state.pivot
    geo = rules.geo
    ejected_by_me, ejected_by_them = state.lost[1 - me], state.lost[me]
    score = w.marble * (ejected_by_me - ejected_by_them)
    score += w.centre * (bitboard.centre_distance(opp) - bitboard.centre_distance(own))
    score += w.cohesion * (bitboard.adjacent_pairs(own) - bitboard.adjacent_pairs(opp))
    score += w.edge * ((opp & bitboard.RINGS[4]).bit_count() - (own & bitboard.RINGS[4]).bit_count())
    mine = bitboard.ejection_threats(own, opp, pivot, geo)
    if mine:
        score += w.threat_to_move + w.threat_extra * (mine - 1)
    theirs = bitboard.ejection_threats(opp, own, pivot, geo)
    score -= w.danger * theirs
    return score


def evaluate(rules: AbaloneRules | TwoBoardRules, state: Any) -> float:
    """Static score of `state` for the side to move (the arena's greedy player uses it); on
    two boards (§7.10), the sum over both boards for the team to move, a won board worth ten
    marbles."""
    if isinstance(rules, TwoBoardRules):
        return _two_board_score(rules, state)
    decided = rules.decided(state)
    if decided is not None:
        if decided.winner is None:
            return 0.0
        return WIN if decided.winner == state.to_move else -WIN
    return _score(rules, state)


class _PlainGame:
    """SearchGame adapter for alternating play: a move is a raw move of the side to move."""

    def __init__(self, rules: AbaloneRules, weights: Weights = WEIGHTS) -> None:
        self.rules = rules
        self.w = weights

    def moves(self, state: AbaloneState) -> Sequence[RawMove]:
        if self.rules.decided(state) is not None:
            return []
        me = state.to_move
        # generate() already orders captures first; measured, sorting the quiet moves by
        # centre gain saved ~2% of the nodes and cost more time than it saved.
        return bitboard.generate(state.marbles(me), state.marbles(1 - me), state.pivot,
                              self.rules.geo)

    def play(self, state: AbaloneState, move: RawMove) -> AbaloneState:
        return self.rules.play_raw(state, state.to_move, move)

    def evaluate(self, state: AbaloneState) -> float:
        return _score(self.rules, state, self.w)

    def terminal(self, state: AbaloneState) -> float | None:
        decided = self.rules.decided(state)
        if decided is None:
            return None
        if decided.winner is None:
            return 0.0
        return WIN if decided.winner == state.to_move else -WIN

    def key(self, state: AbaloneState) -> Hashable:
        return state.key()

    def to_public(self, state: AbaloneState, move: RawMove) -> Move:
        return Move(tuple(bitboard.bits(move[0])), move[1])


class _TurnGame(_PlainGame):
    """Adapter for the multi-move variant: a move is the rest of the current turn.

    A turn has about 90 first sub-moves times 90 second ones, so only a beam is searched:
    the best few first sub-moves by a quick score, and the best few second sub-moves after
    each. The quick score (material, centre, and whether an ejection is still available
    this turn) is much cheaper than the full evaluation, which keeps a node affordable.
    """

    #: Beam widths: first sub-moves kept, second sub-moves kept after each.
    FIRST, SECOND = 6, 4

    def _quick(self, state: AbaloneState, me: int) -> float:
        decided = self.rules.decided(state)
        if decided is not None:
            return 0.0 if decided.winner is None else WIN if decided.winner == me else -WIN
        own, opp = state.marbles(me), state.marbles(1 - me)
        w = self.w
        value = w.marble * (state.lost[1 - me] - state.lost[me]) \
            + w.centre * (bitboard.centre_distance(opp) - bitboard.centre_distance(own))
        if state.to_move == me and bitboard.ejection_threats(own, opp, state.pivot, self.rules.geo):
            value += w.threat_to_move
        return value

    def _best(self, state: AbaloneState, width: int) -> list[tuple[int, RawMove]]:
        rules = self.rules
        me = state.to_move
        scored = [(self._quick(rules.play_raw(state, colour, raw), me), colour, raw)
                  for colour, raw in rules.raw_moves(state)]
        scored.sort(key=lambda t: -t[0])
        return [(c, r) for _, c, r in scored[:width]]

    def __init__(self, rules: AbaloneRules, weights: Weights = WEIGHTS) -> None:
        super().__init__(rules, weights)
        self._cache: dict[Hashable, list[Any]] = {}

    def moves(self, state: AbaloneState) -> Sequence[Any]:
        # Expanding a turn is the dear part; the root is expanded again at each depth.
        key = state.key()
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 256:
                self._cache.clear()
            found = self._cache[key] = self._expand(state)
        return found

    def _expand(self, state: AbaloneState) -> list[Any]:
        rules = self.rules
        if rules.decided(state) is not None:
            return []
        if state.step != 0 or (rules.first_single and state.turn == 0):
            return [((c, r),) for c, r in self._best(state, 10_000)]
        turns: list[Any] = []
        for c1, r1 in self._best(state, self.FIRST):
            mid = rules.play_raw(state, c1, r1)
            if rules.decided(mid) is not None or mid.to_move != state.to_move:
                turns.append(((c1, r1),))
                continue
            for c2, r2 in self._best(mid, self.SECOND):
                turns.append(((c1, r1), (c2, r2)))
        return turns

    def play(self, state: AbaloneState, move: Any) -> AbaloneState:
        for colour, raw in move:
            state = self.rules.play_raw(state, colour, raw)
        return state

    def to_public(self, state: AbaloneState, move: Any) -> Move:
        _, raw = move[0]
        return Move(tuple(bitboard.bits(raw[0])), raw[1])


def _ejections(rules: AbaloneRules, state: AbaloneState) -> list[tuple[RawMove, AbaloneState]]:
    """The side to move's pushes that eject a marble, with the position after each."""
    me = state.to_move
    out = []
    for raw in bitboard.generate(state.marbles(me), state.marbles(1 - me), state.pivot,
                                 rules.geo):
        after = rules.play_raw(state, me, raw)
        if after.lost != state.lost:
            out.append((raw, after))
    return out


def costs_two(rules: AbaloneRules, state: AbaloneState, raw: RawMove) -> bool:
    """Whether the ejecting push `raw` of the side to move gives two marbles for its one: the
    opponent ejects one back (or our sixth), and then meets every move of ours that ejects
    nothing with a second ejection that we cannot answer by one. Proved move by move over
    every answer, so a level of any depth can refuse such a bait (the easy level's one-ply
    search sees only the marble it takes)."""
    me, them, geo = state.to_move, 1 - state.to_move, rules.geo
    after = rules.play_raw(state, me, raw)
    if after.lost == state.lost or rules.decided(after) is not None:
        return False
    for _r, reply in _ejections(rules, after):
        if rules.decided(reply) is not None:
            return True
        refuted = True
        for ours in bitboard.generate(reply.marbles(me), reply.marbles(them), reply.pivot, geo):
            answer = rules.play_raw(reply, me, ours)
            if answer.lost != reply.lost or rules.decided(answer) is not None:
                refuted = False
                break
            if not any(rules.decided(final) is not None
                       or not bitboard.ejection_threats(final.marbles(me), final.marbles(them),
                                                        final.pivot, geo)
                       for _z, final in _ejections(rules, answer)):
                refuted = False
                break
        if refuted:
            return True
    return False


def _can_eject(state: AbaloneState, geo: Any) -> bool:
    """Whether the side to move has a push that ejects a marble."""
    me = state.to_move
    return bool(bitboard.ejection_threats(state.marbles(me), state.marbles(1 - me), state.pivot,
                                          geo))


def free_ejections(rules: AbaloneRules, state: AbaloneState) -> list[RawMove]:
    """The ejecting pushes of the side to move that take a marble for nothing: after one the
    game goes on, the opponent has no ejecting push, and none of its moves leaves every move of
    ours facing an ejection. A search that sees the marble cannot run away may put off taking
    it for a move it scores a little higher, until the opponent saves it; these are taken."""
    geo = rules.geo
    found = []
    for raw, after in _ejections(rules, state):
        if rules.decided(after) is not None or _can_eject(after, geo):
            continue
        them = after.to_move
        forced = False
        for quiet in bitboard.generate(after.marbles(them), after.marbles(1 - them), after.pivot,
                                       geo):
            reply = rules.play_raw(after, them, quiet)
            if all(answer.lost == reply.lost and _can_eject(answer, geo)
                   for answer in (rules.play_raw(reply, 1 - them, ours)
                                  for ours in bitboard.generate(reply.marbles(1 - them),
                                                                reply.marbles(them),
                                                                reply.pivot, geo))):
                forced = True
                break
        if not forced:
            found.append(raw)
    return found


def forced_win(rules: AbaloneRules, state: AbaloneState) -> RawMove | None:
    """A push of the side to move that wins at once, or after which every answer leaves it an
    ejection of the opponent's last needed marble: an exact search two turns deep, cheap
    because it is tried only when the opponent is two marbles from losing (a push ejects at
    most one) and an answer is refuted by counting ejecting pushes (ejection_threats)."""
    me, them, geo = state.to_move, 1 - state.to_move, rules.geo
    need = rules.need[me]
    if state.lost[them] + 2 < need:
        return None
    for raw in bitboard.generate(state.marbles(me), state.marbles(them), state.pivot, geo):
        after = rules.play_raw(state, me, raw)
        decided = rules.decided(after)
        if decided is not None:
            if decided.winner == me:
                return raw
            continue
        if after.lost[them] + 1 < need:
            continue
        for answer in bitboard.generate(after.marbles(them), after.marbles(me), after.pivot, geo):
            reply = rules.play_raw(after, them, answer)
            decided = rules.decided(reply)
            if decided is not None:
                if decided.winner != me:
                    break
                continue
            if not bitboard.ejection_threats(reply.marbles(me), reply.marbles(them),
                                             reply.pivot, geo):
                break
        else:
            return raw
    return None


class AbalonePlayer:
    """A computer player at one level; keeps its search (and transposition table) between moves."""

    def __init__(self, rules: AbaloneRules, level: str, weights: Weights = WEIGHTS) -> None:
        if level not in _LEVEL_SETTINGS:
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        self.cap, self.max_depth = _LEVEL_SETTINGS[level]
        self.game: _PlainGame = _PlainGame(rules, weights)
        if rules.multi_move:
            # A whole turn is one search ply and a node costs milliseconds, while the shared
            # search looks at the clock only every 256 nodes: cap the depth so a move stays
            # within its time.
            self.game = _TurnGame(rules, weights)
            self.max_depth = min(self.max_depth, 2)
        self.search = AlphaBeta(self.game)
        self.last_depth = 0
        #: Multi-move: the second sub-move planned with the first, keyed by the position
        #: it is meant for.
        self._plan: tuple[Hashable, tuple[int, RawMove]] | None = None

    def choose(self, state: AbaloneState, *, seconds: float, rng: random.Random,
               nodes: int | None = None) -> Move:
        """Best move found within about `seconds` (or `nodes`, for deterministic tests)."""
        budget = max(0.01, min(seconds, self.cap) * _TIME_SHARE)
        max_depth = self.max_depth
        if self.rules.multi_move and state.step != 0:
            plan, self._plan = self._plan, None
            if plan is not None and plan[0] == state.key():
                colour, raw = plan[1]
                return Move(tuple(bitboard.bits(raw[0])), raw[1])
            max_depth = 1  # no plan (someone else played the first half): finish greedily
        if self.rules.multi_move and nodes is None and max_depth > 1:
            result = self._turn_search(state, budget, max_depth, rng)
        else:
            if not self.rules.multi_move and self.level != "easy":
                win = forced_win(self.rules, state)
                if win is not None:
                    self.last_depth = 3
                    return self.game.to_public(state, win)
            started = time.perf_counter()
            free = [] if self.rules.multi_move else free_ejections(self.rules, state)
            result = self.search.search(
                state, max_depth=max_depth, nodes=nodes, rng=rng,
                seconds=None if nodes is not None else budget - (time.perf_counter() - started))
            if free and result.move is not None and abs(result.score) < WIN / 2 \
                    and self.rules.play_raw(state, state.to_move, result.move).lost == state.lost:
                # a free marble rather than a quiet move the search only scored higher
                result = SearchResult(max(free, key=lambda m: -self.game.evaluate(
                    self.game.play(state, m))), result.score, result.depth, result.nodes)
            if (not self.rules.multi_move and result.move is not None
                    and costs_two(self.rules, state, result.move)):
                result = self._refuse_bait(state, result, budget - (time.perf_counter() - started),
                                           max_depth, nodes, rng)
        self.last_depth = result.depth
        if self.rules.multi_move and result.move is not None and len(result.move) == 2:
            first, second = result.move
            self._plan = (self.rules.play_raw(state, *first).key(), second)
        if result.move is None:
            moves = self.rules.legal_moves(state)
            if not moves:
                raise ValueError("no legal move in this position")
            return moves[rng.randrange(len(moves))]
        return self.game.to_public(state, result.move)


    def _refuse_bait(self, state: AbaloneState, chosen: SearchResult[Any], left: float,
                     max_depth: int, nodes: int | None,
                     rng: random.Random) -> SearchResult[Any]:
        """The search chose an ejection that gives two marbles for one (costs_two): search
        again among the moves that do not, in the time left (at least one ply); the bait is
        kept only when every other move is proved lost too."""
        others = [m for m in self.game.moves(state) if not costs_two(self.rules, state, m)]
        if not others:
            return chosen
        other = self.search.search(state, max_depth=max_depth,
                                   seconds=None if nodes is not None else max(0.0, left),
                                   nodes=nodes, rng=rng, root=others)
        if other.move is None or other.score <= -WIN / 2 < chosen.score:
            return chosen
        return other

    def _turn_search(self, state: AbaloneState, budget: float, max_depth: int,
                     rng: random.Random) -> SearchResult[Any]:
        """Multi-move: a turn-ply costs milliseconds and the shared search polls the clock
        only every 256 nodes, so deepen by hand: search depth 2 only if depth 1's time,
        scaled by the number of turns to answer, says it fits in what is left."""
        start = time.perf_counter()
        result = self.search.search(state, max_depth=1, rng=rng)
        spent = time.perf_counter() - start
        width = len(self.game.moves(state))
        if max_depth >= 2 and spent * width * 0.6 < budget - spent:
            deeper = self.search.search(state, max_depth=2, seconds=budget - spent, rng=rng)
            if deeper.depth >= 2:
                result = deeper
        return result


def _two_board_score(rules: TwoBoardRules, state: TwoBoardState) -> float:
    team = state.to_move
    total = 0.0
    for board_state in state.boards:
        result = rules.base.outcome(board_state)
        if result is not None:
            total += 0.0 if result.winner is None else (
                10 * WEIGHTS.marble if result.winner == team else -10 * WEIGHTS.marble)
            continue
        score = _score(rules.base, board_state)
        total += score if board_state.to_move == team else -score
    return total


class TwoBoardPlayer:
    """The computer on two boards (§7.10): the boards never touch each other, so the move on
    the board to move is that board's own best move, found by the ordinary search with one
    player (and its transposition table) per board."""

    def __init__(self, rules: TwoBoardRules, level: str) -> None:
        self.rules = rules
        self.players = (AbalonePlayer(rules.base, level), AbalonePlayer(rules.base, level))

    @property
    def last_depth(self) -> int:
        return max(p.last_depth for p in self.players)

    def choose(self, state: TwoBoardState, *, seconds: float, rng: random.Random,
               nodes: int | None = None) -> BoardMove:
        b = state.board
        move = self.players[b].choose(state.boards[b], seconds=seconds, rng=rng, nodes=nodes)
        return BoardMove(b, move)


def make_ai(rules: AbaloneRules | TwoBoardRules, level: str) -> AbalonePlayer | TwoBoardPlayer:
    if isinstance(rules, TwoBoardRules):
        return TwoBoardPlayer(rules, level)
    return AbalonePlayer(rules, level)


# --------------------------------------------------------------------------- the game review

from game.i18n import N_  # noqa: E402  (the reasons below are words to translate)

#: Thousandths of a marble of advantage worth a 73 % expected score in the review's
#: logistic: a marble up is about 70 %, two up 84 %, three up 92 %.
REVIEW_SCALE = 1200.0


def _review_player(rules: Any) -> Any:
    from game.engine.analysis import kept

    return kept(rules, "abalone", lambda: make_ai(rules, "strong"))


def analyse(rules: AbaloneRules | TwoBoardRules, state: Any, *, seconds: float) -> Any:
    """The review's analysis: the strong level's search within `seconds`, its score through
    the logistic of REVIEW_SCALE and its principal variation. Two sub-moves a turn and two
    boards: the strong level's move and the static score (their search plans whole turns)."""
    from game.engine.analysis import score_of, two_depths
    from game.engine.protocol import Analysis

    if rules.outcome(state) is not None or not rules.legal_moves(state):
        return None
    player = _review_player(rules)
    if isinstance(rules, TwoBoardRules) or rules.multi_move:
        move = player.choose(state, seconds=seconds, rng=random.Random(0))
        return Analysis(score_of(evaluate(rules, state), REVIEW_SCALE), move, ())
    result = player.search.search(state, max_depth=player.max_depth,
                                  seconds=max(0.02, seconds * _TIME_SHARE))
    found = two_depths(player.search, state, result, REVIEW_SCALE, seconds * 0.3)
    if found is None:
        return None
    # the search speaks raw bitboard moves: say them as the rules' moves, position by position
    public: list[Move] = []
    s = state
    for raw in (found.best, *found.line):
        public.append(player.game.to_public(s, raw))
        s = player.game.play(s, raw)
    return Analysis(found.score, public[0], tuple(public[1:]))


def explain(rules: AbaloneRules | TwoBoardRules, state: Any, move: Any, after: Any,
            analysis: Any, reply: Any) -> tuple[str, dict[str, str]] | None:
    """Why a move is bad, when simple: the opponent's best answer ejects one of the mover's
    marbles (the sixth: the game) where the better move kept them all."""
    if isinstance(rules, TwoBoardRules) or reply is None or rules.outcome(after) is not None:
        return None
    me = state.to_move
    if after.to_move == me:
        return None  # the turn goes on (two sub-moves): the opponent has no answer yet
    answered = rules.play(after, reply.best)
    if answered.lost[me] <= after.lost[me]:
        return None
    if analysis.best is not None:
        kept_all = rules.play(state, analysis.best)
        if kept_all.to_move != me and analysis.line:
            then = rules.play(kept_all, analysis.line[0])
            if then.lost[me] > kept_all.lost[me]:
                return None  # the better move loses a marble too
    end = rules.outcome(answered)
    if end is not None and end.winner not in (None, me):
        return (N_("lets the opponent eject your sixth marble"), {})
    return (N_("lets the opponent eject a marble"), {})
