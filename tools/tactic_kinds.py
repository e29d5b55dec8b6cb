"""The material kinds of tools/tactics.py, for the games played with the piece engine (fairy
chess, chess, Tai Shogi): `free` (a capture wins material outright) and `badx` (a tempting
capture loses more than it takes).

Both are proved by an exhaustive capture search over the rules' own pseudo-legal moves: from a
position, the side to move may stop (keep the material as it stands) or make any capture, then
the other side likewise, to the end of every capture sequence. Material is the sum of the kinds'
values (the rules' data). Taking the last royal ends the search (in chess-like games, taking a
King answers a move that left it en prise, so such a move is never counted as winning). The
minimax is exact; alpha-beta only skips lines that cannot change its value, and nothing of the
computer players' search, ordering or evaluation is used. A tree larger than NODE_LIMIT is not
proved (the position is left out).

* free — the side to move is not in check, the opponent threatens no win at once, and some
  capture gains at least THRESHOLD pawns' worth (two of the game's cheapest men) once every capture
  sequence is played out. Solved by a move that gains as much.
* badx — no capture gains material, none of our men hangs (the opponent could not win material
  by captures if it moved now), and a capture that takes at least a pawn's worth loses at least
  THRESHOLD pawns' worth. Solved by any move that does not lose that much (the capture, or a
  move that leaves a man hanging, fails).
"""

from __future__ import annotations

from typing import Any

from tools.tactic_games import TooManyTurns, Turns

#: Nodes of one capture search before the position is given up as unproved.
NODE_LIMIT = 40_000
#: The material a `free` capture must win and a `badx` capture must lose, in the game's cheapest
#: men.
THRESHOLD = 2
#: Value of taking the last royal (ends the capture search).
ROYAL = 1_000_000
#: Positions whose captures are kept before the memo starts again (at most some 100 MB, on
#: the 25 x 25 board of Tai Shogi).
MEMO_LIMIT = 20_000


class Material:
    """The capture search on one game's piece engine (see the module docstring)."""

    def __init__(self, turns: Turns) -> None:
        self.turns = turns
        rules = turns.rules
        self.eng = rules.engine
        eng = self.eng
        self.value = [0] * (len(eng.kinds) + 1)
        self.royal = [False] * (len(eng.kinds) + 1)
        for i, kind in enumerate(eng.kinds):
            self.value[i + 1] = kind.value
            self.royal[i + 1] = kind.royal
        self.pawn = min(k.value for k in eng.kinds if not k.royal and k.value > 0)
        self.threshold = THRESHOLD * self.pawn
        self.nodes = 0
        #: The captures of each position met, sorted (see `_captures`).
        self._memo: dict[tuple[Any, ...], list[Any]] = {}

    # -- the engine position of a game state --

    def position(self, state: Any) -> Any:
        if hasattr(state, "ep"):
            return self.eng.position(state)
        return self.eng.position_of(state.board, state.to_move)

    def worth(self, code: int) -> int:
        return self.value[code >> 2] if code else 0

    def _royals(self, b: list[int], side: int) -> int:
        return sum(1 for v in b if v and (v & 1) == side and self.royal[v >> 2])

    def _captures(self, pos: Any) -> list[Any]:
        """The captures of the side to move, the richest first. Kept per position: capture
        sequences played in another order meet the same positions again (in a fairy chess
        puzzle's proof, 29 000 searches met 8 400 positions), and generating every move of
        some forty men to keep the captures is most of a search's cost. The key is all that
        the captures depend on (the men, the side, the en passant square and its victim)."""
        b = pos.board
        key = (tuple(b), pos.side, pos.ep, pos.ep_victim)
        caps = self._memo.get(key)
        if caps is None:
            caps = [m for m in self.eng.pseudo(pos) if m.captures]
            caps.sort(key=lambda m: -sum(self.worth(b[s]) for s in m.captures))
            if len(self._memo) >= MEMO_LIMIT:
                self._memo.clear()
            self._memo[key] = caps
        return caps

    # -- the search --

    def _gain(self, pos: Any, m: Any) -> int | None:
        """Material the mover gains by `m` (captured men and a promotion), or None when `m`
        takes the last royal of the other side."""
        b = pos.board
        enemy = 1 - pos.side
        royals = 0
        gain = 0
        for s in m.captures:
            v = b[s]
            if v and self.royal[v >> 2]:
                royals += 1
            gain += self.worth(v)
        if royals and royals >= self._royals(b, enemy):
            return None
        return gain

    def search(self, pos: Any, alpha: int, beta: int) -> int:
        """Best material change the side to move can force by captures (0: it stops)."""
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            raise TooManyTurns
        best = 0  # stopping is always allowed
        if best >= beta:
            return best
        alpha = max(alpha, best)
        for m in self._captures(pos):
            before = pos.board[m.frm]
            gain = self._gain(pos, m)
            if gain is None:
                return ROYAL
            undo = self.eng.make(pos, m)
            gain += self.worth(pos.board[m.to]) - self.worth(before)
            value = gain - self.search(pos, gain - beta, gain - alpha)
            self.eng.unmake(pos, undo)
            if value > best:
                best = value
                if best >= beta:
                    return best
                alpha = max(alpha, best)
        return best

    def move_gain(self, state: Any, move: Any) -> int:
        """Material the side to move ends with after `move` and every capture sequence that
        follows (negative: it loses material)."""
        self.nodes = 0
        return self._after(state, move, searched=True)

    def move_reaches(self, state: Any, move: Any, bound: int) -> bool:
        """Whether `move_gain(state, move) >= bound`, by a search with a window one unit wide
        around it. Judging the computer's move needs only the side of the target its gain
        falls on, and the narrow window cuts the capture tree far below what the exact gain
        costs (a fairy chess middle game whose exact count passed NODE_LIMIT is judged so)."""
        self.nodes = 0
        return self._after(state, move, searched=True, bound=bound) >= bound

    def taken(self, state: Any, move: Any) -> int:
        """Material the side to move gains by `move` alone (captured men and a promotion;
        ROYAL when it takes the last royal), nothing after it searched."""
        return self._after(state, move, searched=False)

    def _after(self, state: Any, move: Any, *, searched: bool, bound: int | None = None) -> int:
        """What `move` takes (ROYAL for the last royal), less, when `searched`, what the
        opponent's best capture sequence after it takes back. With `bound`, that sequence is
        searched in a window one unit wide, so the result is exact only on which side of
        `bound` it falls (the search is fail-soft: at or above `bound` when the true gain is,
        below it when not)."""
        pos = self.position(state)
        m = self._engine_move(pos, move)
        gain = self._gain(pos, m)
        if gain is None:
            return ROYAL
        before = pos.board[m.frm]
        undo = self.eng.make(pos, m)
        gain += self.worth(pos.board[m.to]) - self.worth(before)
        if searched:
            # gain - answer >= bound  <=>  answer <= gain - bound
            alpha, beta = ((-ROYAL - 1, ROYAL + 1) if bound is None
                           else (gain - bound, gain - bound + 1))
            gain -= self.search(pos, alpha, beta)
        self.eng.unmake(pos, undo)
        return gain

    def hanging(self, state: Any) -> int:
        """What the opponent could win by captures if it were its turn now."""
        pos = self.position(state)
        pos.side = 1 - pos.side
        if hasattr(pos, "ep"):
            pos.ep = pos.ep_victim = -1
        self.nodes = 0
        return self.search(pos, -ROYAL - 1, ROYAL + 1)

    def _engine_move(self, pos: Any, move: Any) -> Any:
        """The engine's move for a rules move (Tai Shogi's rules have their own Move type)."""
        if hasattr(move, "captures"):
            return move
        found = self.turns.rules.engine_move(pos.board, pos.side, move)
        if found is None:
            raise ValueError(f"not a move here: {move!r}")
        return found

    def capture_moves(self, state: Any) -> list[Any]:
        """The legal moves of the side to move that capture."""
        return [m for m in self.turns.moves(state) if _captures_of(m)]


def _captures_of(move: Any) -> tuple[int, ...]:
    return tuple(getattr(move, "captures", None) or getattr(move, "caps", ()))


def _quiet_position(turns: Turns, state: Any) -> bool:
    """Not in check and no win at once for either side (those positions belong to the other
    kinds, and their right move is not about material)."""
    if turns.in_check(state) or turns.winning(state, True):
        return False
    return not turns.threat(state)


def prove_free(turns: Turns, state: Any) -> list[str] | None:
    """The captures that win at least the threshold, or None (see the module docstring)."""
    mat = turns.material()
    caps = mat.capture_moves(state)
    if not caps or not _quiet_position(turns, state):
        return None
    good = [m for m in caps if mat.move_gain(state, m) >= mat.threshold]
    if not good:
        return None
    return sorted(turns.rules.to_notation(state, m) for m in good)


def prove_badx(turns: Turns, state: Any) -> list[str] | None:
    """The tempting captures that lose at least the threshold, or None. (The file lists these
    losing captures as the position's answers: the moves to avoid.)"""
    mat = turns.material()
    caps = mat.capture_moves(state)
    if not caps:
        return None
    pos = mat.position(state)
    b = pos.board
    tempting = [m for m in caps
                if sum(mat.worth(b[s]) for s in _captures_of(m)) >= mat.pawn]
    if not tempting or not _quiet_position(turns, state):
        return None
    if mat.hanging(state) > 0:
        return None
    bad = []
    for m in caps:
        gain = mat.move_gain(state, m)
        if gain > 0:
            return None  # a capture wins material: that is the `free` kind
        if m in tempting and gain <= -mat.threshold:
            bad.append(m)
    if not bad:
        return None
    return sorted(turns.rules.to_notation(state, m) for m in bad)


def solves_material(turns: Turns, kind: str, state: Any, move: Any) -> bool:
    """Whether the computer's `move` does what the material kind asks (judged by the same
    capture search as the proof)."""
    mat = turns.material()
    if kind == "free":
        return mat.move_reaches(state, move, mat.threshold)
    if kind == "badx":  # loses less than the threshold; material counts are whole numbers
        return mat.move_reaches(state, move, 1 - mat.threshold)
    raise ValueError(kind)
