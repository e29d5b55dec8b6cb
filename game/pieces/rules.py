"""A Rules object for any piece game declared as a GameSpec: the protocol on top of the Engine.

A game gives its spec, its start State, side names and, if it wants, its own texts; this class
fills legal_moves / play / check (with reasons) / outcome (mate, stalemate, repetition, N-move
rule, capture of all royals) / perft / invariants, plus the helpers the board view and the
computer use (`piece_at`, `moves_from`, `royals`, `royals_in_check`, `piece_moves`,
`board_after`, `codes`). What a position works out (its legal moves, their set) is kept in a
memo per position, since outcome, check and the AI all ask for them.

A game whose moves and positions are values of its own (Tai Shogi's `Move(frm, to, caps,
promote)`, its positions that carry their memo) fills the few hooks that tie them to the
engine's — `_memo`, `_generate`, `coerce`, `_after`, `explain`, `royals_lost` — and keeps only
its own rules and texts.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import N_, _, ngettext

from . import notation
from .engine import Engine, engine_for
from .kinds import GameSpec, PieceKind
from .state import Move, State, encode
from .tables import orient

_CACHE_SIZE = 20_000


@dataclass(frozen=True)
class CodeTables:
    """Per board code (`state.encode`: kind, promoted flag, side), what the rules and the
    computer read often: `value`, the code of its promoted form (`promo`, 0: none; the first
    target of a choice), and the sets of royal and universal-leaper codes."""

    value: list[int]
    promo: list[int]
    royal: frozenset[int]
    universal: frozenset[int]


def code_tables(spec: GameSpec, engine: Engine) -> CodeTables:
    """The CodeTables of a spec (see CodeTables)."""
    n = len(spec.kinds) + 1
    value, promo = [0] * (n * 4), [0] * (n * 4)
    royal: set[int] = set()
    universal: set[int] = set()
    for kn, kind in enumerate(spec.kinds, start=1):
        target = kind.promotion.targets[0] if kind.promotion else None
        for owner in (0, 1):
            for promoted in (False, True):
                c = encode(kn, owner, promoted)
                value[c] = kind.value
                if target is not None and not promoted:
                    promo[c] = encode(engine.number[target], owner, True)
                if engine.t.universal[kn]:
                    universal.add(c)
                if kind.royal:
                    royal.add(c)
    return CodeTables(value, promo, frozenset(royal), frozenset(universal))


class BoardState(Protocol):
    """What the shared rules read of a game's position: the board codes and the side to move
    (and a key that tells positions apart)."""

    @property
    def board(self) -> tuple[int, ...]: ...

    @property
    def to_move(self) -> int: ...

    def key(self) -> Hashable: ...


class BoardMove(Protocol):
    """What the shared rules read of a game's move: where it starts and ends."""

    @property
    def frm(self) -> int: ...

    @property
    def to(self) -> int: ...


StateT = TypeVar("StateT", bound=BoardState)
MoveT = TypeVar("MoveT", bound=BoardMove)


class PieceGameRules(Generic[StateT, MoveT]):
    """The protocol Rules for a GameSpec, over the game's own position and move values (see
    the module docstring); `PieceRules` below is it with the engine's values and chess-style
    texts, as the fairy chess and chess use it."""

    royal_name = N_("King")
    #: How many positions keep their memo before every memo is dropped (the default memo is
    #: a dictionary by position key; a game may keep its memos elsewhere, see `_memo`).
    memo_size = _CACHE_SIZE

    def __init__(self, game_id: str, variant: str, options: Mapping[str, Any], spec: GameSpec,
                 start: StateT, side_names: tuple[str, str] = ("White", "Black")) -> None:
        self.game_id = game_id
        self.variant = variant
        self.options = dict(options)
        self.spec = spec
        self.engine: Engine = engine_for(spec)
        self.start = start
        self.side_names = side_names
        self._memos: dict[Any, dict[str, Any]] = {}
        self._codes: CodeTables | None = None

    @property
    def codes(self) -> CodeTables:
        """Value, promoted form, royal and universal per board code (made when first asked)."""
        if self._codes is None:
            self._codes = code_tables(self.spec, self.engine)
        return self._codes

    # -- pieces, for the view and the AI --

    def piece_at(self, state: StateT, sq: int) -> tuple[PieceKind, int, bool] | None:
        """(kind, side, promoted) of what stands on `sq`, or None."""
        v = state.board[sq]
        if not v:
            return None
        return self.engine.kind_of(v), v & 1, bool(v & 2)

    def moves_from(self, state: StateT, sq: int) -> list[MoveT]:
        """Legal moves of the piece on `sq` (empty when the game is over or it is not its turn)."""
        return [m for m in self.legal_moves(state) if m.frm == sq]

    def royals_in_check(self, state: StateT) -> list[int]:
        """Squares of the side to move's royals that stand attacked (for the check highlight)."""
        if not self.engine.check_rule:
            return []
        pos = self.engine.position(self._engine_state(state))
        enemy = 1 - state.to_move
        return [r for r in pos.royals[state.to_move]
                if self.engine.attacked(pos.board, r, enemy)]

    def royals(self, state: StateT, side: int) -> list[int]:
        """Squares of `side`'s royal men."""
        royal = self.engine.t.royal
        return [sq for sq, v in enumerate(state.board) if v and (v & 1) == side and royal[v >> 2]]

    def piece_moves(self, board: Sequence[int], sq: int) -> list[tuple[int, tuple[int, ...]]]:
        """Where the man on `sq` can go, check aside, as (to, captures) pairs with promotion
        choices merged (move diagrams, mobility)."""
        eng = self.engine
        moves = eng.pseudo(eng.position_of(tuple(board), board[sq] & 1), (sq,))
        return list(dict.fromkeys((m.to, m.captures) for m in moves))

    def board_after(self, board: Sequence[int], frm: int, to: int, caps: tuple[int, ...],
                    promo: str | None) -> tuple[int, ...]:
        """The board after a move known to be legal, without castling or en passant (no
        checks: a search's fast path); the engine decides what the man becomes (promotion,
        the capturer-becomes rule)."""
        b = list(board)
        new = self.engine.landing(b[frm], Move(frm, to, caps, (), promo),
                                  [(c, b[c]) for c in caps])
        for c in caps:
            b[c] = 0
        b[frm] = 0
        b[to] = new
        return tuple(b)

    def forward(self) -> tuple[int, int]:
        return orient((0, 1), 0, self.spec.orientation)

    # -- protocol --

    def initial_state(self) -> StateT:
        return self.start

    # -- what a position works out, kept --

    def _engine_state(self, state: StateT) -> State:
        """The engine's position for one of the game's (the same object when the game plays
        the engine's positions)."""
        return cast(State, state)

    def _memo(self, state: Any) -> dict[str, Any]:
        """This rules object's memo of what `state` works out (legal moves, their set...),
        made empty the first time; by position key, all dropped past `memo_size` positions."""
        key = state.key()
        memo = self._memos.get(key)
        if memo is None:
            if len(self._memos) > self.memo_size:
                self._memos.clear()
            memo = self._memos[key] = {}
        return memo

    def _peek(self, state: Any) -> dict[str, Any] | None:
        """The memo of `state` if it has one (never makes one)."""
        return self._memos.get(state.key())

    def _generate(self, state: Any) -> list[Any]:
        """The legal moves of a position, as the game's moves."""
        return self.engine.legal(self.engine.position(self._engine_state(state)))

    def _legal(self, state: Any) -> list[Any]:
        memo = self._memo(state)
        got: list[Any] | None = memo.get("moves")
        if got is None:
            got = memo["moves"] = self._generate(state)
        return got

    def _legal_set(self, state: Any) -> frozenset[Any]:
        memo = self._memo(state)
        got: frozenset[Any] | None = memo.get("set")
        if got is None:
            got = memo["set"] = frozenset(self._legal(state))
        return got

    def cached_moves(self, state: Any) -> list[Any] | None:
        """The legal moves of `state` if they were generated already, else None (cheap)."""
        memo = self._peek(state)
        return None if memo is None else memo.get("moves")

    def has_move(self, state: Any) -> bool:
        """Whether the side to move has a legal move (a game may know it without listing)."""
        return bool(self._legal(state))

    def legal_moves(self, state: StateT) -> list[MoveT]:
        if self._ruled_end(state) is not None:
            return []
        return self._legal(state)

    def coerce(self, move: Any) -> Any:
        """The game's move from what was given (a move or its fields), or a string: why it is
        not a move at all."""
        if isinstance(move, Move):
            return move
        if isinstance(move, tuple | list) and len(move) == 6:
            return Move(*move)
        return _("that is not a move")

    def check(self, state: StateT, move: Any) -> str | None:
        if self.outcome(state) is not None:
            return _("the game is over")
        move = self.coerce(move)
        if isinstance(move, str):
            return move
        if move in self._legal_set(state):
            return None
        return self.explain(state, move)

    def explain(self, state: StateT, move: Any) -> str:
        """Why a move that is not legal is refused, in words for the player (each dialect
        says it its own way)."""
        raise NotImplementedError

    def play(self, state: StateT, move: MoveT) -> StateT:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return self._after(state, move)

    def _after(self, state: StateT, move: Any) -> StateT:
        """The position after a legal move."""
        return cast(StateT, self.engine.after(self._engine_state(state), Move(*move)))

    def royals_lost(self, side: int) -> str:
        """Why the game ended when `side` lost its last royal man."""
        return _("{side} has captured every royal piece").format(
            side=_(self.side_names[1 - side]))

    def _ruled_end(self, state: StateT) -> Outcome | None:
        """Ends that need no move generation: lost royals, repetition, the N-move rule."""
        spec = self.spec
        if not self.engine.check_rule:
            pos_royals = [any(self.engine.t.royal[v >> 2] for v in state.board if v and (v & 1) == s)
                          for s in (0, 1)]
            for s in (0, 1):
                if not pos_royals[s] and any(self.engine.t.royal):
                    return Outcome(1 - s, self.royals_lost(s))
        engine_state = self._engine_state(state)
        if spec.repetition and engine_state.history and engine_state.history.count(
                self.engine.repetition_key(engine_state)) >= spec.repetition - 1:
            return Outcome(None, _("the same position came back three times")
                           if spec.repetition == 3 else
                           ngettext("the same position came back {n} time",
                                    "the same position came back {n} times",
                                    spec.repetition).format(n=spec.repetition))

        return None

    def outcome(self, state: StateT) -> Outcome | None:
        ended = self._ruled_end(state)
        if ended is not None and ended.winner is not None:
            return ended
        if not self.has_move(state):
            side = state.to_move
            if self.royals_in_check(state):
                return Outcome(1 - side, _("checkmate: {side} wins").format(
                    side=_(self.side_names[1 - side])))
            if self.spec.stalemate == "draw":
                return Outcome(None, _("stalemate: {side} cannot move").format(
                    side=_(self.side_names[side])))
            return Outcome(1 - side, _("{side} cannot move").format(side=_(self.side_names[side])))
        if ended is not None:
            return ended
        n = self.spec.move_rule
        if n and self._engine_state(state).halfmove >= 2 * n:
            return Outcome(None, ngettext("{n} move without a capture or a pawn move",
                                          "{n} moves without a capture or a pawn move",
                                          n).format(n=n))
        return None

    # -- tools --

    def perft(self, state: StateT, depth: int) -> int:
        return self.engine.perft(self._engine_state(state), depth)


class PieceRules(PieceGameRules[State, Move]):
    """The shared rules with the engine's positions and moves, long algebraic notation, FEN-like
    position texts and chess-style texts (the fairy chess, chess)."""

    def explain(self, state: Any, move: Any) -> str:
        """Why a move that is not legal is refused, in words for the player."""
        geo = self.engine.geo
        if not (0 <= move.frm < geo.size and 0 <= move.to < geo.size):
            return _("that square is off the board")
        here = self.piece_at(state, move.frm)
        if here is None:
            return _("there is no piece on {square}").format(square=geo.name(move.frm))
        kind, side, _promoted = here
        piece = _(kind.name)
        if side != state.to_move:
            return _("the {piece} on {square} is not yours").format(
                piece=piece, square=geo.name(move.frm))
        pos = self.engine.position(state)
        pseudo = self.engine.pseudo(pos, [move.frm])
        same = [m for m in pseudo if m.to == move.to]
        if not same:
            return _("a {piece} cannot move from {start} to {end}").format(
                piece=piece, start=geo.name(move.frm), end=geo.name(move.to))
        if not any(m.promo == move.promo for m in same):
            promos = sorted({m.promo for m in same if m.promo})
            if promos and move.promo is None:
                names = ", ".join(_(self.spec.kind(p).name) for p in promos)
                return _("the {piece} must promote here: choose {names}").format(
                    piece=piece, names=names)
            if move.promo is not None:
                return _("the {piece} cannot become that piece here").format(piece=piece)
        royal = _(self.royal_name)
        if self.engine.in_check(pos):
            return _("your {royal} is in check and that move does not save it").format(
                royal=royal)
        return _("that would leave your {royal} in check").format(royal=royal)

    def to_notation(self, state: Any, move: Any) -> str:
        return notation.move_text(self.engine, Move(*move))

    def parse_move(self, state: Any, text: str) -> Any:
        try:
            squares, letter, ep = notation.read_squares(self.engine, text)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        frm, to, via = squares[0], squares[-1], tuple(squares[1:-1])
        kinds = self.engine.kinds
        promo = None
        if letter is not None:
            found = [k.id for k in kinds if k.letter.upper() == letter.upper()]
            if not found:
                raise IllegalMove(_("{move}: no piece has the letter {letter}").format(
                    move=text.strip(), letter=letter))
            promo = found[0]
        wanted = text.strip().lower().replace(" ", "")
        candidates: list[Move] = [m for m in self._legal(state)
                      if m.frm == frm and m.to == to and m.promo == promo
                      and (not via or m.via == via)]
        exact = [m for m in candidates
                 if self.to_notation(state, m).lower().replace(" ", "") == wanted]
        if len(exact) == 1:
            return exact[0]
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            raise IllegalMove(_("{move} is ambiguous: write it as {choices}").format(
                move=text.strip(),
                choices=_(" or ").join(self.to_notation(state, m) for m in candidates)))
        if self.outcome(state) is not None:
            raise IllegalMove(_("{move}: the game is over").format(move=text.strip()))
        caps = (to,) if state.board[to] else ()
        reason = self.explain(state, Move(frm, to, caps, via, promo))
        raise IllegalMove(f"{text.strip()}: {reason}")

    def position_text(self, state: Any) -> str:
        return notation.position_text(self.engine, state)

    def parse_position(self, text: str) -> Any:
        state = notation.parse_position(self.engine, text, self.forward())
        problems = self.position_problems(state)
        if problems:
            raise BadPosition(problems[0])
        return state

    def position_problems(self, state: State) -> list[str]:
        """What makes a position impossible in this game (empty list: fine)."""
        eng = self.engine
        problems = []
        pos = eng.position(state)
        if eng.check_rule:
            for s in (0, 1):
                if not pos.royals[s]:
                    problems.append(_("{side} has no {royal}").format(
                        side=_(self.side_names[s]), royal=_(self.royal_name)))
            if not problems and eng.in_check(pos, 1 - state.to_move):
                problems.append(_("{side} is in check but it is {other}'s turn").format(
                    side=_(self.side_names[1 - state.to_move]),
                    other=_(self.side_names[state.to_move])))
        for sq, v in enumerate(state.board):
            if not v:
                continue
            kind = eng.kind_of(v)
            promo = kind.promotion
            zone = eng.t.zone[v & 1][v >> 2]
            if (promo is not None and not promo.optional and promo.when == "enter"
                    and zone is not None and zone[sq]):
                problems.append(_("a {piece} cannot stand on {square}: it must promote "
                                  "there").format(piece=_(kind.name), square=eng.geo.name(sq)))

        return problems

    def invariants(self, state: Any) -> list[str]:
        problems = []
        if len(state.board) != self.engine.geo.size:
            problems.append("the board has the wrong number of squares")
        problems += self.position_problems(state)
        return problems

