"""Mates in one at the root, for piece games won by checkmate (the 16 x 16 fairy chess).

A shallow search on a big board often finishes only its first ply inside the time a move has,
and a first ply cannot see the opponent's mate that follows a careless move. These checks are
exact and cheap next to a second ply, so the computer's player asks them before and after its
search: play a mate when there is one; when the opponent threatens one, search only the moves
proved to parry it; never play a move that allows one when another does not.

Everything works on one engine Position with make/unmake (no State is built per move), and
takes a deadline (`time.perf_counter()` value) so that the player keeps to its time.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .engine import Engine
from .position import Position
from .state import Move, State

#: The mate tests read the clock once every this many moves (a move costs about half a
#: millisecond: some 8 ms between readings, as between two of the search's; tools that replay
#: games on a virtual clock count the readings).
_CLOCK_EVERY = 16


class MateGuard:
    """Mate-in-one tests over an engine (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.eng = engine

    def _mated(self, pos: Position) -> bool:
        """Is the side to move in `pos` checkmated?"""
        return self.eng.in_check(pos) and not self._has_reply(pos)

    def _has_reply(self, pos: Position) -> bool:
        """Has the side to move a legal move? Asked one man at a time, royals first (a King's
        flight answers most checks): a check that is no mate costs a few men's moves, not
        the whole legal list."""
        eng = self.eng
        side = pos.side
        royals = list(pos.royals[side])
        others = [sq for sq in pos.pieces[side] if sq not in royals]
        return any(eng.legal(pos, (sq,)) for sq in royals + others)

    def _mates_in(self, pos: Position, first: bool) -> list[Move]:
        """The mating moves of the side to move in `pos`. Pseudo-legal moves are tried, and
        only one that gives check is asked whether it is legal and leaves no reply (the
        legality filter of every move costs more than the few checks)."""
        eng = self.eng
        me = pos.side
        found = []
        for m in eng.pseudo(pos):
            undo = eng.make(pos, m)
            mate = (eng.in_check(pos) and not eng.in_check(pos, me) and not self._has_reply(pos))
            eng.unmake(pos, undo)
            if mate:
                found.append(m)
                if first:
                    break
        return found

    def mates(self, state: State, first: bool = False) -> list[Move]:
        """The moves that checkmate at once."""
        return self._mates_in(self.eng.position(state), first)

    def threats(self, state: State) -> list[Move]:
        """The opponent's mates in one if it were its turn now (none when we are in check:
        then every move already answers the check, and `allows_mate` judges them)."""
        eng = self.eng
        pos = eng.position(state)
        if eng.in_check(pos):
            return []
        pos.side = 1 - pos.side
        pos.ep = pos.ep_victim = -1
        if eng.in_check(pos):  # our king could be taken: not a real position
            return []
        return self._mates_in(pos, False)

    def allows_mate(self, state: State, move: Move) -> bool:
        """After `move`, can the opponent mate at once?"""
        eng = self.eng
        pos = eng.position(state)
        undo = eng.make(pos, move)
        try:
            return bool(self._mates_in(pos, True))
        finally:
            eng.unmake(pos, undo)

    def allows_mate_in_two(self, state: State, move: Move, deadline: float) -> bool:
        """After `move`, has the opponent a forced mate in two that `mate_in_two` finds by
        `deadline`? (False when the time runs out first: not proved.)"""
        after = self.eng.after(state, move)
        pos = self.eng.position(after)
        return self.mate_in_two(after, self.eng.legal(pos), deadline) is not None

    def mate_in_two(self, state: State, moves: Sequence[Move], deadline: float) -> Move | None:
        """A move among `moves` after which every legal reply allows a mate in one (a forced
        mate in two), or None when none was found by `deadline`. The search's own horizon
        cannot see it: the mate is the fourth ply, found only when that ply's replies are
        generated. Checks are tried first (few replies), then the other moves, nearest the
        enemy royal first; a quiet move is kept only when it threatens a mate in one (the
        opponent passing), which leaves out the rare mate forced by zugzwang."""
        eng = self.eng
        pos = eng.position(state)
        width = eng.geo.width
        royals = pos.royals[1 - pos.side]
        checks: list[Move] = []
        quiet: list[tuple[int, Move]] = []
        for m in moves:
            undo = eng.make(pos, m)
            if eng.in_check(pos):
                checks.append(m)
            else:
                row, col = divmod(m.to, width)
                near = min((max(abs(row - r // width), abs(col - r % width)) for r in royals),
                           default=0)
                quiet.append((near, m))
            eng.unmake(pos, undo)
        quiet.sort(key=lambda item: item[0])
        for tried, m in enumerate(checks + [m for _near, m in quiet]):
            if tried % _CLOCK_EVERY == 0 and time.perf_counter() > deadline:
                return None
            undo = eng.make(pos, m)
            try:
                if self._every_reply_mated(pos, deadline):
                    return m
            finally:
                eng.unmake(pos, undo)
        return None

    def _every_reply_mated(self, pos: Position, deadline: float) -> bool:
        """After our move (the opponent to move in `pos`): does every legal reply leave us a
        mate in one? False when time runs out first."""
        eng = self.eng
        found: list[Move] = []  # the mates found after earlier replies, tried first
        if not eng.in_check(pos):
            side, ep, victim = pos.side, pos.ep, pos.ep_victim
            pos.side, pos.ep, pos.ep_victim = 1 - side, -1, -1
            found = self._mates_in(pos, True)
            pos.side, pos.ep, pos.ep_victim = side, ep, victim
            if not found:
                return False
        replies = eng.legal(pos)
        if not replies:  # stalemate (a mate in one was looked for first)
            return False
        for tried, r in enumerate(replies):
            if tried % _CLOCK_EVERY == 0 and time.perf_counter() > deadline:
                return False
            undo = eng.make(pos, r)
            mated = any(self._still_mates(pos, m) for m in found)
            if not mated:
                more = self._mates_in(pos, True)
                found[:0] = more
                mated = bool(more)
            eng.unmake(pos, undo)
            if not mated:
                return False
        return True

    def _still_mates(self, pos: Position, m: Move) -> bool:
        """Is `m`, a mate after another reply, a mating move in `pos` too? (Most replies leave
        the mating man where it was: one move tried instead of every move.)"""
        eng = self.eng
        if m not in eng.pseudo(pos, (m.frm,)):
            return False
        me = pos.side
        undo = eng.make(pos, m)
        mate = eng.in_check(pos) and not eng.in_check(pos, me) and not self._has_reply(pos)
        eng.unmake(pos, undo)
        return mate

    def parries(self, state: State, moves: Sequence[Move], threats: Sequence[Move],
                deadline: float) -> list[Move]:
        """The moves among `moves` (kept in their order) after which the opponent has no mate
        in one, as many as the time allows. The royals' own moves are tried first (few, and
        the usual answer); then moves after which one of the threatened mates
        still gives check are tried last, those that newly cover a mating square (so that the
        mating man can be taken there) before the others: they seldom parry (a flight square
        made for the King does)."""
        eng = self.eng
        pos = eng.position(state)
        me = pos.side
        landings = {t.to for t in threats}
        guarded = {sq for sq in landings if eng.attacked(pos.board, sq, me)}
        likely: list[Move] = []
        guards: list[Move] = []
        unlikely: list[Move] = []
        royal = eng.t.royal
        flights = [m for m in moves if royal[state.board[m.frm] >> 2]]
        for m in moves:
            if royal[state.board[m.frm] >> 2]:
                continue
            undo = eng.make(pos, m)
            checks = False
            for t in threats:
                if pos.board[t.frm] != state.board[t.frm] or t not in eng.pseudo(pos, (t.frm,)):
                    continue
                u2 = eng.make(pos, t)
                checks = eng.in_check(pos, me)
                eng.unmake(pos, u2)
                if checks:
                    break
            # a move that newly covers a mating square may let us take the mating man there
            covers = checks and any(sq not in guarded and eng.attacked(pos.board, sq, me)
                                    for sq in landings)
            eng.unmake(pos, undo)
            (guards if covers else unlikely if checks else likely).append(m)
        good: list[Move] = []
        tried = 0
        for group in (flights, likely, guards, unlikely):
            for m in group:
                if tried % _CLOCK_EVERY == 0 and time.perf_counter() > deadline:
                    return good
                tried += 1
                if not self.allows_mate(state, m):
                    good.append(m)
        order = {m: i for i, m in enumerate(moves)}
        return sorted(good, key=order.__getitem__)
