"""What a capture really wins once the recaptures are played out, for the computer players of
the piece games (the 16 x 16 fairy chess, chess, Tai Shogi).

A shallow search that stops right after its own capture sees an Elephant take a Pawn and
counts a Pawn won; the recapture lies past its horizon. Before the search, the player asks
this of each capture at the root: play it, then let both sides take and retake (each may stop
instead) until no capture is left or the time is up, counting material only. A capture that
loses a clear amount this way is left out of the root moves, unless every move is such a
capture; and when the search saw no further than its own capture and one reply, the capture
it chose gives way to one that wins clearly more once the recaptures are counted.

The capture search works on one engine Position with make/unmake, tries the captures most
valuable victim first, and gives up (counting the capture as it first looked) past a node
budget or a deadline, so that it can only ever keep a move the search would have had.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .engine import Engine
from .position import Position
from .state import Move, State

#: Nodes one capture's exchange may use before it is given up.
NODES = 400
#: The clock is read once every this many nodes (a power of two). A node costs about 0.05 ms,
#: a hundred times less than a node of the search, which reads the clock every 256 of its own:
#: read at every node, the clock would cost more than the nodes, and a virtual clock that moves
#: at every reading (tools/virtual_clock.py) would give the exchanges a hundredth of their time.
_CLOCK_EVERY = 128
_KING = 1_000_000


class _OutOfTime(Exception):
    pass


class Exchanges:
    """The exchange value of captures (see the module docstring)."""

    def __init__(self, engine: Engine, nodes: int = NODES) -> None:
        self.eng = engine
        #: the node budget of one capture's exchange (a Tai Shogi node lists some 400 moves)
        self.nodes = nodes
        self.values = [0] + [k.value for k in engine.kinds]
        self.royal = [False] + [k.royal for k in engine.kinds]
        self._nodes = 0
        self._deadline = 0.0
        self._seen = 0  # nodes since the clock was last read, counted over every capture
        self._late = False

    def _start_clock(self, deadline: float) -> None:
        """Count nodes towards `deadline` from now (already late if it has passed)."""
        self._deadline, self._seen = deadline, 0
        self._late = time.perf_counter() > deadline

    def _out_of_time(self) -> bool:
        """Count a node; True once the deadline has passed (the clock is read every
        _CLOCK_EVERY nodes)."""
        self._seen += 1
        if not self._late and self._seen >= _CLOCK_EVERY:
            self._seen = 0
            self._late = time.perf_counter() > self._deadline
        return self._late

    def _worth(self, code: int) -> int:
        return self.values[code >> 2] if code else 0

    def _royals(self, b: Sequence[int], side: int) -> int:
        """How many royals `side` has on board `b` (asked only when a capture takes one: in
        chess that is the King, in Tai Shogi one of an Emperor and Crown Princes)."""
        royal = self.royal
        return sum(1 for v in b if v and (v & 1) == side and royal[v >> 2])

    def _resolve(self, pos: Position, alpha: int, beta: int) -> int:
        """Material the side to move can win by captures from here (0: it stops)."""
        self._nodes -= 1
        if self._nodes < 0 or self._out_of_time():
            raise _OutOfTime
        best = 0
        if best >= beta:
            return best
        alpha = max(alpha, best)
        b = pos.board
        caps = [m for m in self.eng.pseudo(pos) if m.captures]
        caps.sort(key=lambda m: -sum(self._worth(b[s]) for s in m.captures))
        for m in caps:
            royals = sum(1 for s in m.captures if b[s] and self.royal[b[s] >> 2])
            if royals and royals >= self._royals(b, 1 - pos.side):
                return _KING  # the last move left the last royal en prise
            gain = sum(self._worth(b[s]) for s in m.captures) - self._worth(b[m.frm])
            undo = self.eng.make(pos, m)
            gain += self._worth(pos.board[m.to])
            value = gain - self._resolve(pos, gain - beta, gain - alpha)
            self.eng.unmake(pos, undo)
            if value > best:
                best = value
                if best >= beta:
                    return best
                alpha = max(alpha, best)
        return best

    def outcome(self, state: State, move: Move, deadline: float) -> int | None:
        """Material the side to move ends with after `move` and the capture sequences that
        follow, in the kinds' value units; None when out of nodes or time."""
        self._start_clock(deadline)
        return None if self._late else self._outcome(state, move)

    def settle(self, state: State, deadline: float) -> int | None:
        """Material the side to move can win by captures from `state` (0: it makes none), the
        other side answering each; None when out of nodes or time."""
        self._start_clock(deadline)
        if self._late:
            return None
        self._nodes = self.nodes
        try:
            return self._resolve(self.eng.position(state), -_KING - 1, _KING + 1)
        except _OutOfTime:
            return None

    def worth(self, board: Sequence[int], side: int) -> int:
        """The men of `side` on `board` less the other side's, in the kinds' values."""
        total = 0
        for v in board:
            if v:
                total += self._worth(v) if (v & 1) == side else -self._worth(v)
        return total

    def outcome_of(self, board: Sequence[int], side: int, move: Move, deadline: float
                   ) -> int | None:
        """`outcome` for a game whose positions are a board and the side to move (Tai Shogi:
        no en passant, no castling); `move` is the engine's."""
        self._start_clock(deadline)
        if self._late:
            return None
        return self._outcome_at(self.eng.position_of(board, side), move)

    def _outcome(self, state: State, move: Move) -> int | None:
        """`outcome` within the deadline already set (the clock's count goes on)."""
        return self._outcome_at(self.eng.position(state), move)

    def _outcome_at(self, pos: Position, move: Move) -> int | None:
        b = pos.board
        gain = sum(self._worth(b[s]) for s in move.captures) - self._worth(b[move.frm])
        undo = self.eng.make(pos, move)
        gain += self._worth(pos.board[move.to])
        self._nodes = self.nodes
        try:
            return gain - self._resolve(pos, -_KING - 1, _KING + 1)
        except _OutOfTime:
            return None
        finally:
            self.eng.unmake(pos, undo)

    def capture_values(self, state: State, moves: Sequence[Move], deadline: float) -> dict[Move, int]:
        """The exchange value (`outcome`) of each capture among `moves`, as many as the time
        allows, most valuable victim first."""
        b = state.board
        caps = sorted((m for m in moves if m.captures),
                      key=lambda m: -sum(self._worth(b[s]) for s in m.captures))
        out: dict[Move, int] = {}
        self._start_clock(deadline)
        for m in caps:
            if self._late:
                break
            value = self._outcome(state, m)
            if value is not None:
                out[m] = value
        return out
