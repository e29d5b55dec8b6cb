"""Computer players for the 16 x 16 fairy chess, on the shared alpha-beta (game/engine/search.py).

Evaluation (for the side to move, in Pawns): material from the kinds' values (pieces.py),
plus small piece-square terms — leapers and short-range pieces like the centre, Pawns and
Centurions gain as they advance (more as they near promotion), the King prefers to stay home
behind its men, any other piece counts a little less on its home square (so that the opening
brings out many men, not the same few again and again; chess, which plays with this player,
leaves that out) — and a little for the side to move. All of it is one table per cell code and
square, summed over the board in one pass.

Move ordering: promotions and captures first, most valuable victim / least valuable attacker
(MVV-LVA), then the search's own killer, history and transposition-table moves.
Mate and stalemate are found where the search generates moves: a position whose legal move
list is empty scores as a loss (in check) or a draw. A line drawn by the rules (the position
back a third time, the N-move rule) counts a Pawn below even for the side the player chooses
for (CONTEMPT), so that a level plays on rather than repeat in an even position.

Around the search, exact checks at the root (game/pieces/mates.py): a mate in one is played at
once, and so is a forced mate in two found within a share of the time; when the opponent
threatens mate, only the moves proved to parry it are searched; a move the search chose that
allows a mate in one is replaced by the best-looking one that does not. The strong level
also asks the same mate-in-two test from the opponent's side: it searches only the parries
after which the opponent cannot force a mate in two, and a move of its search that allows
such a mate gives way to the best-looking one that does not (a three-ply search cannot see
the fourth ply, and the default level plays these mates).
A second ply is often out of reach in the crowded middle game, and a first ply cannot see
the mate that follows a careless move.
Root captures that lose material once the recaptures are played out (game/pieces/exchange.py)
are not searched: a search that stops after its own capture would count an Elephant that takes
a protected Pawn as a Pawn won. The easy level leaves them out of its choice too. And since
the search has no capture search at its leaves, the move it chose gives way to a capture that
wins clearly more once the captures that follow are played out (a Pawn more when the search
chose a capture, two when it chose a quiet move) than the search's own line wins, with the
captures at its end played out: a check or a fork it saw keeps its worth, a capture past its
horizon is taken back. A mate the search found is kept.

Levels: "easy" looks one ply and plays one of the moves close to the best at random, one
that does not leave material to be taken once the captures are played out;
"default" deepens within about 0.9 s (depth 2-3 in the middle game); "strong" within about
2.7 s (a ply deeper).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any

from game.engine.protocol import IllegalMove, Outcome
from game.engine.search import WIN, AlphaBeta
from game.pieces.engine import Engine
from game.pieces.exchange import Exchanges
from game.pieces.mates import MateGuard
from game.pieces.state import Move, State

from .rules import Fairy16Rules

LEVELS: tuple[str, ...] = ("easy", "default", "strong")
DEFAULT_LEVEL = "default"

#: level -> (most seconds, deepest ply)
_LEVEL_LIMITS: dict[str, tuple[float, int]] = {
    "easy": (0.3, 1),
    "default": (0.9, 8),
    "strong": (2.7, 10),
}

#: Moves `_safe_move` tries even when its time is up (a few checks of mate in one are cheap).
_SAFE_TRIES = 6
#: A root capture that loses this much (in the kinds' value units, a Pawn is 100) once the
#: recaptures are played out is not searched; share of the time the exchanges may use.
_LOSING_MARGIN = 150
#: How much more (same units) another capture must win to replace the one a one-ply search
#: chose, and to replace any other move (`_better_capture`).
_BETTER_BY, _SURER_BY = 100, 200
_EXCHANGE_SHARE = 0.3
#: Share of the time the exact mate-in-two test may use (it ends early when it finds one; a
#: whole scan took 0.03-0.22 s on middle-game positions: a quiet move must threaten mate first).
_MATE2_SHARE = 0.5
#: Share of the time kept, per level, from the search for asking whether the move it chose
#: lets the opponent force a mate in two (and, if so, for finding a move that does not): a
#: search of three plies cannot see the fourth, and the default level plays such mates. At
#: most _DEFENCE_MOST seconds are kept. A move that allows such a mate is found out in some
#: hundredths of a second, but proving a move safe takes a third of a second where the
#: opponent has an attack: with 15 % of the ladder's 0.75 s (0.11 s) strong played into a
#: mate in two it had the moves to avoid.
_DEFENCE_SHARE: dict[str, float] = {"strong": 0.4}
_DEFENCE_MOST = 0.3

#: Centipawns a piece (not a Pawn, Centurion or King) counts less on its home square (see
#: `_Tables`). Without it, between the default levels at the screen's 0.9 s, with nearly every
#: move scored alike in the opening, the search's history ordering moved the same two or three
#: men again and again: in 20 games one side moved only 4 different men in its first 20 moves
#: (a Bishop 9 times, a Bull 6). Chess, whose player this is too, counts 0.
DEVELOP = 20

#: Pawns a drawn line (the position back a third time, or the N-move rule) counts against the
#: side the player chooses for, and for its opponent (`_Game.root`): a chess engine's
#: contempt. Counted even, a draw was worth more to a level than any move its search scored a
#: little below even, as opening moves of Black often are: strong, Black against default at
#: the screen's times (seed 711, game 8), went back and forth with a Bishop and took the
#: threefold repetition at ply 26, its other moves scored -0.1 to -0.7. On 256 squares with
#: some 200 Pawns of men a side, a Pawn is small; chess, whose player this is too, counts 0.
CONTEMPT = 1.0
_PAWNLIKE = ("pawn", "centurion")
_SHORT = ("buffoon", "elephant", "machine", "lion", "camel", "bull", "knight", "buffalo",
          "antelope", "ship", "gryphon", "rhinoceros")


class _Tables:
    """Per cell code, per square: the value of that piece there, in centipawns, for its owner;
    `develop` less for a piece (not a Pawn, Centurion or royal) on the square where the setup
    `home` put a piece of its kind and side."""

    def __init__(self, eng: Engine, home: tuple[int, ...] = (), develop: int = 0) -> None:
        geo = eng.geo
        n = geo.width
        size = len(eng.kinds) + 1
        self.pst: list[list[int] | None] = [None] * (size << 2)
        for i, kind in enumerate(eng.kinds):
            for side in (0, 1):
                for promoted in (0, 2):
                    code = ((i + 1) << 2) | promoted | side
                    row = []
                    for sq in range(geo.size):
                        f, r = geo.file_of(sq), geo.rank_of(sq)
                        adv = r if side == 0 else n - 1 - r  # ranks ahead of the owner's back rank
                        centre = 15 - (abs(2 * f - (n - 1)) + abs(2 * r - (n - 1))) // 2
                        v = kind.value
                        if kind.id in _PAWNLIKE:
                            v += 4 * max(0, adv - 3) + (60 if adv >= n - 3 else 0)
                            v += 2 * (7 - abs(2 * f - (n - 1)) // 2)
                        elif kind.id in _SHORT:
                            v += 3 * centre
                        elif kind.royal:
                            v += -12 * max(0, adv - 2)
                        else:
                            v += centre
                        row.append(v)
                    self.pst[code] = row
        self.values = [0] * (size << 2)
        for code in range(4, size << 2):
            self.values[code] = eng.kinds[(code >> 2) - 1].value
        for sq, code in enumerate(home):
            if not code:
                continue
            home_kind, home_row = eng.kinds[(code >> 2) - 1], self.pst[code]
            if home_row is not None and not home_kind.royal and home_kind.id not in _PAWNLIKE:
                home_row[sq] -= develop


@lru_cache(maxsize=8)
def _tables_of(eng: Engine, home: tuple[int, ...] = (), develop: int = 0) -> _Tables:
    """The tables of an engine, made once (some 25 ms: a value for each of the 256 squares and
    each cell code) and shared by every player and hint of the game; they are only read."""
    return _Tables(eng, home, develop)


class _Game:
    """The SearchGame adapter (see game/engine/search.py)."""

    def __init__(self, rules: Fairy16Rules, develop: int = 0, contempt: float = 0.0) -> None:
        self.rules = rules
        self.engine = rules.engine
        home = rules.initial_state().board if develop else ()
        self.t = _tables_of(rules.engine, home, develop)
        self.contempt = contempt
        #: the side the player chooses for (None: a neutral value, for the review)
        self.root: int | None = None

    def moves(self, state: State) -> Sequence[Move]:
        moves = self.rules.legal_moves(state)
        board = state.board
        values = self.t.values

        def order(m: Move) -> int:
            score = 0
            if m.captures:
                score = 10 * sum(values[board[s]] for s in m.captures) - values[board[m.frm]] // 10 + 100_000
            if m.promo is not None:
                score += 50_000
            return -score

        return sorted(moves, key=order)

    def play(self, state: State, move: Move) -> State:
        return self.engine.after(state, move)

    def evaluate(self, state: State) -> float:
        cached = self.rules.cached_moves(state)
        if cached is None and sum(1 for v in state.board if v and (v & 1) == state.to_move) <= 4:
            # a side down to a few men: its moves are cheap, and stalemate is near
            cached = self.rules.legal_moves(state)
        if cached is not None and not cached:  # no legal move: mate or stalemate
            return -WIN if self.rules.royals_in_check(state) else 0.0
        return self.static(state)

    def static(self, state: State) -> float:
        pst = self.t.pst
        total = 0
        for sq, v in enumerate(state.board):
            if v:
                row = pst[v]
                assert row is not None
                if v & 1:
                    total -= row[sq]
                else:
                    total += row[sq]
        if state.to_move:
            total = -total
        return (total + 10) / 100.0

    def terminal(self, state: State) -> float | None:
        end = self.rules._ruled_end(state)
        if end is not None:
            return self.draw(state) if end.winner is None else (
                WIN if end.winner == state.to_move else -WIN)
        n = self.rules.spec.move_rule
        if n and state.halfmove >= 2 * n:
            return self.draw(state)
        return None

    def draw(self, state: State) -> float:
        """A drawn line's value for the side to move: CONTEMPT below even for the side the
        player chooses for, above for its opponent."""
        if self.root is None:
            return 0.0
        return -self.contempt if state.to_move == self.root else self.contempt

    def key(self, state: State) -> Hashable:
        return state.key()


class Fairy16AI:
    """A computer player for one level."""

    def __init__(self, rules: Fairy16Rules, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise KeyError(f"fairy16: unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level
        # chess plays with this player too, and keeps its evaluation as it was
        fairy = isinstance(rules, Fairy16Rules)
        self.game = _Game(rules, DEVELOP if fairy else 0, CONTEMPT if fairy else 0.0)
        self.search = AlphaBeta(self.game, tt_size=200_000)
        self.guard = MateGuard(rules.engine)
        self.exchanges = Exchanges(rules.engine)
        self._exchange_values: dict[Move, int] = {}
        self.last_info: dict[str, Any] = {}

    def choose(self, state: State, *, seconds: float, rng: random.Random) -> Move:
        if self.rules.outcome(state) is not None:
            raise IllegalMove("the game is over: there is no move to choose")
        started = time.perf_counter()
        self.take_view(state.to_move)
        cap, depth = _LEVEL_LIMITS[self.level]
        budget = max(0.02, min(cap, seconds * 0.9))
        if self.level == "easy":
            return self._easy(state, rng, started + budget * _EXCHANGE_SHARE)
        guard = self.guard
        mates = guard.mates(state, first=True)
        if mates:
            self.last_info = {"depth": 1, "mate": True}
            return mates[0]
        ordered = list(self.game.moves(state))
        two = guard.mate_in_two(state, ordered, started + budget * _MATE2_SHARE)
        if two is not None:
            self.last_info = {"depth": 3, "mate in two": True}
            return two
        # the exchanges' share of the time starts after the mate-in-two test (which may use
        # half the time: at 0.3 s a move the exchanges would otherwise get none)
        exchanges_from = time.perf_counter()
        root: list[Move] | None = None
        threats = guard.threats(state)
        if threats and len(ordered) > 1:
            # the opponent threatens mate: search only the moves proved to parry it
            # (this may take most of the time: parrying matters more than searching deeper)
            root = guard.parries(state, ordered, threats, started + min(cap, seconds) * 0.8) or None
        parrying = root is not None
        self._exchange_values = {}
        info: dict[str, Any] = {"parries": len(root)} if root is not None else {}
        defence = _DEFENCE_SHARE.get(self.level, 0.0)
        if defence and root is not None and len(root) > 1:
            # few parries: leave out those after which the opponent forces a mate in two
            root = self._without_mates_in_two(state, root, started + budget, info)
            defence = 0.0  # done: the search's choice need not be asked again
        root = self._without_losing_captures(state, root or ordered,
                                             exchanges_from + budget * _EXCHANGE_SHARE, root,
                                             info)
        kept = min(budget * defence, _DEFENCE_MOST)
        left = max(0.02, budget - kept - (time.perf_counter() - started))
        result = self.search.search(state, max_depth=depth, seconds=left, rng=rng, root=root)
        self.last_info = {"depth": result.depth, "nodes": result.nodes,
                          "score": round(result.score, 2), **info}
        assert result.move is not None
        move = result.move
        end = started + min(cap, seconds) * 0.95
        if result.score < WIN - 1000:  # a mate the search found (WIN less its plies) is kept
            move = self._better_capture(state, move, result.pv, root or ordered, end)
        if not parrying and guard.allows_mate(state, move):
            # the search did not look far enough to see the mate its move allows
            safe = self._safe_move(state, ordered, end)
            if safe is not None:
                self.last_info["guard"] = "avoided a mate in one"
                return safe
        if defence and guard.allows_mate_in_two(state, move, end):
            safe = self._safe_move(state, root or ordered, end, two=True)
            if safe is not None:
                self.last_info["guard"] = "avoided a mate in two"
                return safe
        return move

    def take_view(self, side: int | None) -> None:
        """Value drawn lines from `side`'s view (None: neutral, see CONTEMPT). The
        transposition table holds values from the old view, so it is emptied on a change."""
        if side != self.game.root:
            self.game.root = side
            self.search.tt.clear()

    def _without_losing_captures(self, state: State, moves: list[Move], deadline: float,
                                 default: list[Move] | None, info: dict[str, Any]
                                 ) -> list[Move] | None:
        """`moves` less the captures that lose material once the recaptures are played out
        (game/pieces/exchange.py); `default` when none is left out or nothing else is left."""
        self._exchange_values = values = self.exchanges.capture_values(state, moves, deadline)
        bad = {m for m, v in values.items() if v <= -_LOSING_MARGIN}
        if not bad:
            return default
        kept = [m for m in moves if m not in bad]
        if not kept:
            return default
        info["losing captures"] = len(bad)
        return kept

    def _without_mates_in_two(self, state: State, moves: list[Move], deadline: float,
                              info: dict[str, Any]) -> list[Move]:
        """`moves` less those after which the opponent has a forced mate in two (moves not
        tested by the deadline stay); all of `moves` when each of them allows one."""
        kept = [m for m in moves
                if time.perf_counter() > deadline
                or not self.guard.allows_mate_in_two(state, m, deadline)]
        if not kept:
            return moves
        if len(kept) < len(moves):
            info["guard"] = "left out parries that allow a mate in two"
        return kept

    def _better_capture(self, state: State, move: Move, line: list[Move], moves: list[Move],
                        deadline: float) -> Move:
        """`move`, or the capture among `moves` that wins clearly more once every capture
        that follows is played out (game/pieces/exchange.py).

        The search has no capture search at its leaves: it may stop right after a capture of
        its own at its last ply, and count a man won that is then taken back. So what `move`
        wins is read off the search's own line (`line`, from `move` on): the material it
        gains along the line, with the captures at its end played out (`_line_gain`). A check
        or a fork the search saw keeps its worth; a capture past the horizon is taken back.
        Without a line, what `move` wins by the captures alone (for a quiet move, what the
        opponent's captures after it leave us). A capture gives way to one that wins
        _BETTER_BY more, a quiet move to one that wins _SURER_BY more."""
        values = self._exchange_values
        allowed = set(moves)
        best = max((m for m in values if m in allowed), key=values.__getitem__, default=None)
        if best is None or best == move:
            return move
        own = self._line_gain(state, line, deadline) if line and line[0] == move else None
        if own is None:
            own = values.get(move) if move.captures else \
                self.exchanges.outcome(state, move, deadline)
            if own is None:
                return move
        by = _BETTER_BY if move.captures else _SURER_BY
        if values[best] >= max(own, 0) + by and not self.guard.allows_mate(state, best):
            # (the search saw the mate a capture allows; when the opponent threatens mate,
            # `moves` may hold parries not proved yet, and no later check asks again)
            self.last_info["exchange"] = "a capture that wins more once retaken"
            return best
        return move

    def _line_gain(self, state: State, line: list[Move], deadline: float) -> int | None:
        """Material the side to move gains along `line` (moves from `state`), in the kinds'
        values, once the opponent's captures at its end are played out; None when the line
        ends the game or the captures are too many to count by the deadline. A line that ends
        with the opponent's move is read without that move: the search chose it by the static
        score of the leaf, blind to the captures it leaves us, and another answer would have
        saved what they win."""
        me, s, ex = state.to_move, state, self.exchanges
        for m in line[:len(line) - 1 + len(line) % 2]:
            s = self.rules.engine.after(s, m)
        if self.rules.outcome(s) is not None:
            return None
        settle = ex.settle(s, deadline)
        if settle is None:
            return None
        return ex.worth(s.board, me) - ex.worth(state.board, me) - settle

    def _safe_move(self, state: State, ordered: list[Move], deadline: float,
                   two: bool = False) -> Move | None:
        """The best-looking move (static score after it) that allows no mate in one, nor with
        `two` a forced mate in two (found by the deadline); None when none is found in time
        (with `two`, only moves whose test ended before the deadline count)."""
        game = self.game
        guard = self.guard
        ranked = sorted(ordered, key=lambda m: game.static(game.play(state, m)))
        for tried, m in enumerate(ranked):
            if (tried >= _SAFE_TRIES or two) and time.perf_counter() > deadline:
                break
            if guard.allows_mate(state, m):
                continue
            if not two:
                return m
            if not guard.allows_mate_in_two(state, m, deadline) and time.perf_counter() <= deadline:
                return m
        return None

    def _easy(self, state: State, rng: random.Random, deadline: float) -> Move:
        game = self.game
        scored = []
        moves = self.rules.legal_moves(state)
        values = self.exchanges.capture_values(state, moves, deadline)  # the captures'
        bad = {m for m, v in values.items() if v <= -_LOSING_MARGIN}
        for m in moves:
            after = game.play(state, m)
            out = self.rules.outcome(after) if m.captures or self.rules.royals_in_check(after) \
                else None
            if out is not None and out.winner == state.to_move:
                return m
            if m not in bad:
                scored.append((-game.static(after), m))
        if not scored:
            scored = [(-game.static(game.play(state, m)), m) for m in moves]
        best = max(v for v, _ in scored)
        near = [m for v, m in scored if v >= best - 1.0]
        self.last_info = {"depth": 1, "choices": len(near)}
        # One ply sees no reply: a quiet move that leaves a man to be taken looks as good as
        # any. The moves close to the best are tried in a random order, then the others from
        # the best down, and the first that does not lose _LOSING_MARGIN once the opponent's
        # captures are played out is played (a move not judged in time counts as safe).
        rng.shuffle(near)
        tried = set(near)
        rest = [m for _v, m in sorted(scored, key=lambda vm: -vm[0]) if m not in tried]
        for m in near + rest:
            value = values[m] if m in values else self.exchanges.outcome(state, m, deadline)
            if value is None or value > -_LOSING_MARGIN:
                return m
        return near[0]


def make_ai(rules: Fairy16Rules, level: str = DEFAULT_LEVEL) -> Fairy16AI:
    return Fairy16AI(rules, level)


def evaluate(rules: Fairy16Rules, state: State) -> float:
    """Static score in Pawns for the side to move (positive = good), as the search sees it."""
    out = rules.outcome(state)
    if out is not None:
        if out.winner is None:
            return 0.0
        return 1000.0 if out.winner == state.to_move else -1000.0
    return _Game(rules).static(state)


#: Pawns of evaluation by which a side must lead for the arena to call a cut game its win.
ADJUDICATION_MARGIN = 15.0


def adjudicate(rules: Fairy16Rules, state: State) -> Outcome | None:
    """A game the arena cut short: won by a side ahead by ADJUDICATION_MARGIN Pawns of the
    static evaluation (about a Rook and a Knight more); otherwise no verdict (a draw).
    A long game on 256 squares rarely ends inside the moves a ladder can afford."""
    value = evaluate(rules, state)
    if abs(value) < ADJUDICATION_MARGIN:
        return None
    winner = state.to_move if value > 0 else 1 - state.to_move
    names = ("White", "Black")
    return Outcome(winner, f"cut short: {names[winner]} ahead by {abs(value):.0f} Pawns")


# --------------------------------------------------------------------------- the game review

from game.i18n import N_  # noqa: E402  (the reasons below are words to translate)

#: Pawns of advantage worth a 73 % expected score in the review (the logistic's scale): a
#: Knight up is about 67 %, a Rook up 84 %, a Queen up 94 %.
REVIEW_SCALE = 4.0
#: Centipawns a line must cost more than the better one for the review to say "loses the …".
REVIEW_LOSS = 150


def analyse_with(rules: Any, state: State, seconds: float, scale: float) -> Any:
    """The review's analysis of a piece-game position (see game/engine/review.py): a mate in
    one is a won position; a threatened mate limits the search to the parries; otherwise the
    strong level's search within `seconds`, its score in Pawns through the logistic of
    `scale`."""
    from game.engine.analysis import kept, two_depths
    from game.engine.protocol import Analysis

    if rules.outcome(state) is not None:
        return None
    ai = kept(rules, "fairy16", lambda: Fairy16AI(rules, "strong"))
    ai.take_view(None)  # the review weighs a draw as even, for both sides
    started = time.perf_counter()
    mates = ai.guard.mates(state, first=True)
    if mates:
        return Analysis(1.0, mates[0], ())
    root: list[Move] | None = None
    threats = ai.guard.threats(state)
    if threats:
        ordered = list(ai.game.moves(state))
        root = ai.guard.parries(state, ordered, threats, started + seconds * 0.6) or None
    left = max(0.02, seconds - (time.perf_counter() - started))
    result = ai.search.search(state, max_depth=_LEVEL_LIMITS["strong"][1], seconds=left,
                              root=root)
    found = two_depths(ai.search, state, result, scale, seconds * 0.3, root)
    if found is not None and root is None and ai.guard.allows_mate(state, found.best):
        safe = ai._safe_move(state, list(ai.game.moves(state)), time.perf_counter() + 0.2)
        if safe is not None:
            score = -ai.game.static(ai.game.play(state, safe))
            found = Analysis(max(found.score, from_search_score(score, scale)), safe, ())
    return found


def from_search_score(value: float, scale: float) -> float:
    from game.engine.analysis import score_of

    return score_of(value, scale)


def analyse(rules: Fairy16Rules, state: State, *, seconds: float) -> Any:
    """The review's analysis (the `Analyses` capability)."""
    return analyse_with(rules, state, seconds, REVIEW_SCALE)


def _men(rules: Any, state: State, side: int) -> list[tuple[int, str]]:
    out = []
    for sq, v in enumerate(state.board):
        if v and (v & 1) == side:
            found = rules.piece_at(state, sq)
            if found is not None and not found[0].royal:
                out.append((found[0].value, found[0].name))
    return out


def explain(rules: Any, state: State, move: Move, after: State, analysis: Any,
            reply: Any) -> tuple[str, dict[str, str]] | None:
    """Why a move is bad, when simple: it allows a mate in one, misses one, or gives away a
    man (the opponent's best line takes it, the better line keeps it)."""
    if rules.outcome(after) is not None:
        return None
    ai = kept_guard(rules)
    if analysis.best is not None and analysis.best != move:
        best_after = rules.play(state, analysis.best)
        end = rules.outcome(best_after)
        if end is not None and end.winner == state.to_move:
            return (N_("misses mate in one"), {})
    if ai.allows_mate(state, move):
        return (N_("allows mate in one"), {})
    if reply is None or analysis.best is None:
        return None
    from game.engine.analysis import lost_material

    name = lost_material(lambda s, m: rules.play(s, m), lambda s, side: _men(rules, s, side),
                         state.to_move, after, (reply.best, *reply.line),
                         rules.play(state, analysis.best), analysis.line, REVIEW_LOSS)
    return None if name is None else (N_("loses the {piece}"), {"piece": name})


def kept_guard(rules: Any) -> MateGuard:
    from game.engine.analysis import kept

    return kept(rules, "fairy16", lambda: Fairy16AI(rules, "strong")).guard
