"""The Tai Shogi evaluation: what a move wins and leaves, measured on the real legal moves;
the pieces the computer's choice (ai.py) is built from.

* `gain`: the men a move takes, plus what its promotion adds (§5.5 values);
* `captures`: a side's captures in a position, each with a static exchange guess (what it
  takes, less the taker's worth when the square is guarded), and its mobility;
* `exchange`: the captures on one square played out, each side taking back with its cheapest
  man while it pays (chess engines' swap list, here with screens, Lion moves and the Emperor's
  protection rule, since the moves are the rules' own);
* `capture_threat`: the capture search of game/pieces/exchange.py after one of our captures;
* `threat_bonus`: what a position threatens, a second threat on another square (a fork)
  worth more than the first alone.
"""

from __future__ import annotations

from game.pieces.exchange import Exchanges

from .rules import Move, State, TaiShogiRules

#: Score of a won position (last enemy royal taken).
WIN = 1_000_000.0
#: Longest exchange played out on one square, and what losing a royal in it counts for.
EXCHANGE_PLIES, ROYAL_LOSS = 8, 500.0
#: Nodes the capture search after one of our captures may use (a node lists some 400 moves,
#: about half a millisecond; the searches of a middle-game position's captures use 5 to 30).
EXCHANGE_NODES = 400
#: Weights of the threats a move makes (strong): the best capture it prepares, and the second
#: one on another square, which the opponent cannot parry with the same move (a fork).
THREAT_FIRST, THREAT_SECOND = 0.1, 0.5
#: A threat to take a royal counts as this many points (the last royal would end the game).
ROYAL_THREAT = 60.0


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


class Measure:
    """The measures of moves that every level uses, on one set of rules."""

    def __init__(self, rules: TaiShogiRules) -> None:
        self.rules = rules
        self.exchanges = Exchanges(rules.engine, nodes=EXCHANGE_NODES)

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

    def captures(self, after: tuple[int, ...], side: int
                 ) -> tuple[list[tuple[float, Move]], int]:
        """`side`'s captures in `after`, best first, each with its gain guessed by a static
        exchange (what it takes, less the taker's worth when the square is guarded), and
        `side`'s mobility there (universal leapers aside)."""
        rules = self.rules
        replies = rules.legal_moves(State(after, side))
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
                guard = guarded[r.to] = attacked(after, r.to, 1 - side)
            if guard:
                g -= value[promo[p]] if r.promote else value[p]
            scored.append((g, r))
        scored.sort(key=lambda x: -x[0])
        return scored, mobility

    def exchange(self, board: tuple[int, ...], move: Move) -> float:
        """Net material `move` wins for its side once the captures on its square are played
        out: each side in turn takes back with its cheapest man and stops when going on would
        cost it (the swap list of chess engines' static exchange evaluation, here on the real
        legal moves, so screens, Lion moves and the Emperor's protection rule all count)."""
        rules, value = self.rules, self.rules.value
        sq = move.to
        swap = [self.gain(board, move)]
        b = rules.apply(board, move)
        side = 1 - (board[move.frm] & 1)
        for _ in range(EXCHANGE_PLIES):
            takers = [r for r in rules.legal_moves(State(b, side)) if sq in r.caps]
            if not takers:
                break
            r = min(takers, key=lambda r: (value[b[r.frm]], len(r.caps)))
            taken = ROYAL_LOSS if any(b[c] in rules.royal for c in r.caps) else self.gain(b, r)
            swap.append(taken - swap[-1])
            if taken >= ROYAL_LOSS:
                break
            b = rules.apply(b, r)
            side = 1 - side
        for d in range(len(swap) - 1, 0, -1):
            swap[d - 1] = -max(-swap[d - 1], swap[d])
        return swap[0]

    def capture_threat(self, board: tuple[int, ...], me: int, move: Move, gain: float,
                       end: float) -> float | None:
        """What the opponent takes back after our capture `move`, by the capture search of
        game/pieces/exchange.py: every capture of either side, anywhere, until both stop.
        The static guess of `captures` misses a guard that goes when its man takes back (an
        Emperor may then take what it guarded) and counts a take-back that loses the taker.
        None past the search's node budget or `end` (the guess stands)."""
        em = self.rules.engine_move(board, me, move)
        own = None if em is None else self.exchanges.outcome_of(board, me, em, end)
        return None if own is None else max(0.0, gain - own)

    def threat_bonus(self, after: tuple[int, ...], scored: list[tuple[float, Move]]) -> float:
        """What `after` threatens for the side whose captures `scored` are (`captures`), if
        the opponent did nothing.

        The opponent parries one threat with one move, so the second-best capture on another
        square is worth much more than the best alone: that is how forks are found. Gains are
        the static-exchange guesses of `captures`; a threat on a royal counts ROYAL_THREAT."""
        by_square: dict[int, float] = {}
        for g, r in scored:
            if g >= WIN or any(after[c] in self.rules.royal for c in r.caps):
                g = ROYAL_THREAT
            if g > 0 and g > by_square.get(r.to, 0.0):
                by_square[r.to] = g
        gains = sorted(by_square.values(), reverse=True)
        first = gains[0] if gains else 0.0
        second = gains[1] if len(gains) > 1 else 0.0
        return THREAT_FIRST * first + THREAT_SECOND * second

    def mobility(self, after: tuple[int, ...], side: int) -> int:
        rules = self.rules
        universal = rules.universal
        eng = rules.engine
        mine = [sq for sq, p in enumerate(after) if p and (p & 1) == side and p not in universal]
        return sum(1 for m in eng.pseudo(eng.position_of(after, side), mine) if not m.promo)
