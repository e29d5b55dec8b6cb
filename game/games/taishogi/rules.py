"""Tai Shogi rules: what is Tai Shogi's own on top of the shared piece rules.

The rules: docs/rules/taishogi.md. The pieces, their moves and the options' alternatives are
data (pieces.txt, read by pieces.py into a spec of the shared piece engine); legal moves,
playing a move, promotion by capture, the Deva rule, the end by loss of every royal and the
perft count are the shared rules class's (game/pieces/rules.py, as for the fairy chess and
chess). This module keeps what is Tai Shogi's own: its options, its move and position values,
the tie-break of a game cut short, and the TSA notation and position text. The TSA rule set is
the default (§0); each difference of §5.4 is an option (see OPTIONS). There is no check: a side
loses when its last royal (Emperor or Crown Prince, including one made by promotion) is
captured (§4.1); a side with no legal move also loses (no source covers it; it needs a side
walled in by its own men). No drops.

Squares are ints `row * 25 + col`, row 0 = rank a (top, White's back rank), col 0 = file 25
(left as Black sees it), so Black moves toward row 0 (§1.1). A move is `Move(frm, to, caps,
promote)`: `caps` lists the captured squares in the order taken (a Lion may take two and may
stay on its square: igui when `to == frm`, a pass when `to == frm` and nothing is taken).

The TSA notation of moves and the position text are notation.py's; the values (Move, State,
the board codes) are state.py's, and this module hands them on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.protocol import Outcome
from game.i18n import _
from game.pieces.betza import Item
from game.pieces.memo import MemoState, StateMemos
from game.pieces.rules import PieceGameRules
from game.pieces.state import Move as EngineMove
from game.pieces.state import State as EngineState

from . import notation, pieces
from .pieces import KINDS, square_name
from .state import (
    BLACK,
    N_SQUARES,
    SIDE_LETTERS,
    SIDE_NAMES,
    WHITE,
    Move,
    State,
    code,
    kind_number,
    kind_of,
)

__all__ = ["BLACK", "N_SQUARES", "SIDE_LETTERS", "SIDE_NAMES", "WHITE", "Move", "State",
           "TaiShogiRules", "code", "kind_number", "kind_of", "make_rules"]

GAME_ID = "taishogi"

DEFAULT_OPTIONS: dict[str, Any] = {
    "promotion_table": "tsa",      # or "ludii"
    "promotion_rule": "always",    # or "promoted_only": compulsory only when taking a promoted man
    "crown_prince": False,         # True: a Crown Prince that captures becomes an Emperor
    "flying_dragon": "G",          # or "DK" (ShogiVar's help screen)
    "lion_dog": "slider",          # or "lion": linear three-step Lion (Ludii)
    "teaching_king": "free_king",  # or "lion": Free King or three-step Lion (TSA v2, Ludii)
    "emperor": "refined",          # or "literal" (TSA text) or "ludii" (see emperor_moves)
    "peacock": "any",              # or "forward": its second hook leg only on a forward diagonal
    "deva_rule": False,            # True: taking a Deva / Dark Spirit makes TK / BSp (§4.3)
    "turtle_snake": "help",        # or "data": the data file's move (= Vermillion Sparrow)
}
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "promotion_table": ("tsa", "ludii"), "promotion_rule": ("always", "promoted_only"),
    "crown_prince": (False, True), "flying_dragon": ("G", "DK"), "lion_dog": ("slider", "lion"),
    "teaching_king": ("free_king", "lion"), "emperor": ("refined", "literal", "ludii"),
    "peacock": ("any", "forward"), "deva_rule": (False, True), "turtle_snake": ("help", "data"),
}


#: How many positions keep their memo of legal moves and notation (see game/pieces/memo.py).
MEMO_STATES = 64


class TaiShogiRules(PieceGameRules[MemoState, Move]):
    """Tai Shogi with one set of options (§5.4); pure and immutable."""

    memo_size = MEMO_STATES

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None):
        merged = dict(DEFAULT_OPTIONS)
        for key, value in (options or {}).items():
            if key not in merged:
                raise ValueError(_("unknown Tai Shogi option {key}").format(key=repr(key)))
            if value not in OPTION_VALUES[key]:
                raise ValueError(_("option {key}: {value} is not one of {value2}").format(
                    key=key, value=repr(value), value2=OPTION_VALUES[key]))
            merged[key] = value
        spec = pieces.spec_of(merged)
        super().__init__(GAME_ID, variant, merged, spec, self.initial_state(), SIDE_NAMES)
        self.memos = StateMemos(MEMO_STATES)
        codes = self.codes
        #: per board code: value, promoted form (0: none); the royal and universal codes
        self.value, self.promo = codes.value, codes.promo
        self.royal, self.universal = codes.royal, codes.universal
        #: the squares next to each square (a pass goes out to one of them and back)
        self.neighbours: tuple[tuple[int, ...], ...] = self.engine.t.adjacent
        #: kind numbers a capture can turn a man into (the Deva rule, §4.3)
        self.capture_kinds: frozenset[int] = frozenset(b for b in self.engine.t.becomes if b)

    # ---- the hooks of the shared rules: our positions carry their memo, our moves are ours --

    def _engine_state(self, state: State) -> EngineState:
        return EngineState(state.board, state.to_move)

    def _memo(self, state: Any) -> dict[str, Any]:
        return self.memos.of(state)

    def _peek(self, state: Any) -> dict[str, Any] | None:
        return self.memos.peek(state)

    def _generate(self, state: Any) -> list[Move]:
        eng = self.engine
        return [Move(m.frm, m.to, m.captures, m.promo is not None)
                for m in eng.pseudo(eng.position_of(state.board, state.to_move))]

    def engine_move(self, board: Sequence[int], side: int, move: Move) -> EngineMove | None:
        """The piece engine's move for our `move` of `side` on `board` (the inverse of
        `_generate`; None if the engine has no such move)."""
        eng = self.engine
        for m in eng.pseudo(eng.position_of(board, side), (move.frm,)):
            if m.to == move.to and m.captures == move.caps and \
                    (m.promo is not None) == move.promote:
                return m
        return None

    def coerce(self, move: Any) -> Move | str:
        if isinstance(move, Move):
            return move
        try:
            return Move(*move)
        except TypeError:
            return _("not a move: {move}").format(move=repr(move))

    def explain(self, state: Any, move: Move) -> str:
        p = state.board[move.frm] if 0 <= move.frm < N_SQUARES else 0
        if not p or (p & 1) != state.to_move:
            return _("no {side} piece on {square}").format(
                side=_(SIDE_NAMES[state.to_move]),
                square=square_name(move.frm) if 0 <= move.frm < N_SQUARES else move.frm)
        return _("the {piece} on {square} cannot make that move").format(
            piece=_(KINDS[kind_of(p)].name), square=square_name(move.frm))

    def _after(self, state: Any, move: Any) -> State:
        return State(self.apply(state.board, Move(*move)), 1 - state.to_move)

    def royals_lost(self, side: int) -> str:
        return _("{side} has lost every royal piece").format(side=_(SIDE_NAMES[side]))

    def has_move(self, state: Any) -> bool:
        # an Emperor can always leap to an empty square: no need to list every move
        side, board = state.to_move, state.board
        if 0 in board and any(p in self.universal and (p & 1) == side for p in board):
            return True
        return bool(self._legal(state))

    # ---- the pieces under these options --------------------------------------------------------

    def move_text(self, abbr: str) -> str:
        """The move of a kind under these options (its row, or a §5.4 alternative)."""
        return pieces.move_text(self.options, abbr)

    def move_items(self, abbr: str) -> tuple[Item, ...]:
        """The move of a kind under these options, item by item as written (for words)."""
        return pieces.move_items(self.options, abbr)

    def promotes_to(self, abbr: str) -> str | None:
        """What an unpromoted man of this kind becomes when it captures (None: it stays)."""
        return pieces.promotes_to(self.options, abbr)

    # ---- positions and moves -------------------------------------------------------------------

    def initial_state(self) -> State:
        board = [0] * N_SQUARES
        for sq, owner, abbr in pieces.SETUP:
            board[sq] = code(kind_number(abbr), owner)
        return State(tuple(board), BLACK)

    def royals(self, state: Any, side: int) -> list[int]:
        """Squares of `side`'s royals (Emperor, Crown Princes)."""
        royal = self.royal
        return [sq for sq, p in enumerate(state.board) if p in royal and (p & 1) == side]

    def legal_moves(self, state: Any) -> list[Move]:
        """Every move of the side to move (also once the game is over: the computer reads the
        replies to a move that takes the last royal)."""
        return self._legal(state)

    def emperor_moves(self, board: tuple[int, ...], sq: int) -> list[tuple[int, tuple[int, ...]]]:
        """The universal leaper on `sq`: every empty square, and each enemy it may take (§3.4).

        In the position after the capture no enemy man other than an Emperor may attack the
        square; then by option (the engine's `Universal(protection)`)
          refined: the enemy has no Emperor left, or one of our other men attacks it too (else
                   the enemy Emperor could take back);
          literal: the enemy has no Emperor left (every man is protected by its own Emperor);
          ludii:   nothing more (only the enemy's other men count).
        """
        return self.piece_moves(board, sq)

    def apply(self, board: tuple[int, ...], move: Move) -> tuple[int, ...]:
        """The board after a move known to be legal (no checks: the search's fast path); the
        engine decides what the man becomes (promotion, the Deva rule)."""
        promo = kind_of(self.promo[board[move.frm]]) if move.promote else None
        return self.board_after(board, move.frm, move.to, move.caps, promo)

    def outcome(self, state: Any) -> Outcome | None:
        memo = self._memo(state)
        if "outcome" not in memo:
            memo["outcome"] = super().outcome(state)
        result: Outcome | None = memo["outcome"]
        return result

    def adjudicate(self, state: Any) -> Outcome | None:
        """A game cut short (tools/arena.py only; play never ends this way). The game is lost
        with the last royal, so a side with more royals left than the other is ahead whatever
        the rest (an Emperor taken is 999 of §5.5's points, a Crown Prince 150); with as many
        royals, the side ahead by a twentieth of a side's starting material without royals
        (96 of 1 913 points) wins; anything closer is a draw. Games between computer levels
        rarely end within a few hundred plies on 25×25, so the ladder scores a cut game so."""
        totals, royals = [0, 0], [0, 0]
        for p in state.board:
            if p in self.royal:
                royals[p & 1] += 1
            elif p:
                totals[p & 1] += self.value[p]
        if royals[0] != royals[1]:
            winner = BLACK if royals[0] > royals[1] else WHITE
            return Outcome(winner, _("{side} has more royal pieces left ({n} to {m})").format(
                side=_(SIDE_NAMES[winner]), n=royals[winner], m=royals[1 - winner]))
        margin = totals[0] - totals[1]
        if abs(margin) * 20 < 1913:
            return None
        winner = BLACK if margin > 0 else WHITE
        return Outcome(winner, _("{side} is ahead by {n} points of material").format(
            side=_(SIDE_NAMES[winner]), n=abs(margin)))

    def perft(self, state: Any, depth: int) -> int:
        """Move paths of length `depth` (a finished game has none), by the engine's
        make/unmake."""
        if depth == 0:
            return 1
        if self.outcome(state) is not None:
            return 0
        return super().perft(state, depth)

    def invariants(self, state: Any) -> list[str]:
        """Facts every reachable position keeps (the fuzzer runs this)."""
        problems = []
        for side in (BLACK, WHITE):
            men = [p for p in state.board if p and (p & 1) == side]
            if len(men) > 177:
                problems.append(f"{SIDE_NAMES[side]} has {len(men)} men")
            royals = sum(1 for p in men if p in self.royal)
            if royals > 3:
                problems.append(f"{SIDE_NAMES[side]} has {royals} royals")
            for p in men:
                if p & 2 and KINDS[kind_of(p)].source == "setup" and not self._reachable(p):
                    problems.append(f"promoted {kind_of(p)} cannot come from any promotion")
        return problems

    def _reachable(self, p: int) -> bool:
        target = p >> 2
        return any(t >> 2 == target for t in self.promo if t) or target in self.capture_kinds

    # ---- the TSA notation and position text (notation.py) -----------------------------------

    def symbol(self, p: int) -> str:
        return notation.symbol(p)

    def to_notation(self, state: State, move: Move) -> str:
        return notation.to_notation(self, state, move)

    def parse_move(self, state: State, text: str) -> Move:
        return notation.parse_move(self, state, text)

    def position_text(self, state: State) -> str:
        return notation.position_text(state)

    def parse_position(self, text: str) -> State:
        return notation.parse_position(self, text)


def make_rules(variant: str = "standard", options: Mapping[str, Any] | None = None) -> TaiShogiRules:
    return TaiShogiRules(variant, options)
