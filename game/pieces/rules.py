"""A Rules object for any piece game declared as a GameSpec: the protocol on top of the Engine.

A game gives its spec, its start State, side names and, if it wants, its own texts; this class
fills legal_moves / play / check (with reasons) / outcome (mate, stalemate, repetition, N-move
rule, capture of all royals) / perft / invariants, plus the helpers the board view uses
(`piece_at`, `moves_from`, `royals_in_check`). Legal move lists are cached per position key,
since outcome, check and the AI all ask for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import N_, _, ngettext

from . import notation
from .engine import Engine, engine_for
from .kinds import GameSpec, PieceKind
from .state import Move, State
from .tables import orient

_CACHE_SIZE = 20_000


class PieceRules:
    """The protocol Rules for a GameSpec (chess-style texts by default; override for others)."""

    royal_name = N_("King")

    def __init__(self, game_id: str, variant: str, options: Mapping[str, Any], spec: GameSpec,
                 start: State, side_names: tuple[str, str] = ("White", "Black")) -> None:
        self.game_id = game_id
        self.variant = variant
        self.options = dict(options)
        self.spec = spec
        self.engine: Engine = engine_for(spec)
        self.start = start
        self.side_names = side_names
        self._cache: dict[Any, list[Move]] = {}

    # -- pieces, for the view and the AI --

    def piece_at(self, state: State, sq: int) -> tuple[PieceKind, int, bool] | None:
        """(kind, side, promoted) of what stands on `sq`, or None."""
        v = state.board[sq]
        if not v:
            return None
        return self.engine.kind_of(v), v & 1, bool(v & 2)

    def moves_from(self, state: State, sq: int) -> list[Move]:
        """Legal moves of the piece on `sq` (empty when the game is over or it is not its turn)."""
        return [m for m in self.legal_moves(state) if m.frm == sq]

    def royals_in_check(self, state: State) -> list[int]:
        """Squares of the side to move's royals that stand attacked (for the check highlight)."""
        if not self.engine.check_rule:
            return []
        pos = self.engine.position(state)
        enemy = 1 - state.to_move
        return [r for r in pos.royals[state.to_move]
                if self.engine.attacked(pos.board, r, enemy)]

    def forward(self) -> tuple[int, int]:
        return orient((0, 1), 0, self.spec.orientation)

    # -- protocol --

    def initial_state(self) -> State:
        return self.start

    def _legal(self, state: State) -> list[Move]:
        key = state.key()
        got = self._cache.get(key)
        if got is None:
            if len(self._cache) > _CACHE_SIZE:
                self._cache.clear()
            got = self.engine.legal(self.engine.position(state))
            self._cache[key] = got
        return got

    def cached_moves(self, state: State) -> list[Move] | None:
        """The legal moves of `state` if they were generated already, else None (cheap)."""
        return self._cache.get(state.key())

    def legal_moves(self, state: State) -> list[Move]:
        if self._ruled_end(state) is not None:
            return []
        return self._legal(state)

    def check(self, state: State, move: Any) -> str | None:
        if self.outcome(state) is not None:
            return _("the game is over")
        if not isinstance(move, Move):
            if isinstance(move, tuple | list) and len(move) == 6:
                move = Move(*move)
            else:
                return _("that is not a move")
        if move in self._legal(state):
            return None
        return self.explain(state, move)

    def explain(self, state: State, move: Move) -> str:
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

    def play(self, state: State, move: Move) -> State:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return self.engine.after(state, Move(*move))

    def _ruled_end(self, state: State) -> Outcome | None:
        """Ends that need no move generation: lost royals, repetition, the N-move rule."""
        spec = self.spec
        if not self.engine.check_rule:
            pos_royals = [any(self.engine.t.royal[v >> 2] for v in state.board if v and (v & 1) == s)
                          for s in (0, 1)]
            for s in (0, 1):
                if not pos_royals[s] and any(self.engine.t.royal):
                    return Outcome(1 - s, _("{side} has captured every royal piece").format(
                        side=_(self.side_names[1 - s])))
        if spec.repetition and state.history.count(state.key()) >= spec.repetition - 1:
            return Outcome(None, _("the same position came back three times")
                           if spec.repetition == 3 else
                           ngettext("the same position came back {n} time",
                                    "the same position came back {n} times",
                                    spec.repetition).format(n=spec.repetition))

        return None

    def outcome(self, state: State) -> Outcome | None:
        ended = self._ruled_end(state)
        if ended is not None and ended.winner is not None:
            return ended
        moves = self._legal(state)
        if not moves:
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
        if n and state.halfmove >= 2 * n:
            return Outcome(None, ngettext("{n} move without a capture or a pawn move",
                                          "{n} moves without a capture or a pawn move",
                                          n).format(n=n))
        return None

    def to_notation(self, state: State, move: Move) -> str:
        return notation.move_text(self.engine, Move(*move))

    def parse_move(self, state: State, text: str) -> Move:
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
        candidates = [m for m in self._legal(state)
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

    def position_text(self, state: State) -> str:
        return notation.position_text(self.engine, state)

    def parse_position(self, text: str) -> State:
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

    # -- tools --

    def perft(self, state: State, depth: int) -> int:
        return self.engine.perft(state, depth)

    def invariants(self, state: State) -> list[str]:
        problems = []
        if len(state.board) != self.engine.geo.size:
            problems.append("the board has the wrong number of squares")
        problems += self.position_problems(state)
        return problems

