"""Any game built on the shared piece engine (`game/pieces/`), as the board view sees it.

`PiecesBoard(rules)` fills the `PieceGame` contract from a `PieceRules`: men from the state's
cell codes, targets from `legal_moves`, refusals from the rules' own `explain`, checks from
`royals_in_check`, and each piece card's diagram from the engine's generator run on probe
positions — so the board never disagrees with the rules. Pure: no pygame.

A move's `via` squares are stops the player clicks only when they matter: a square captured on
the way (a Lion taking two) or the squares of a move that comes back to its origin (igui,
pass). A bent rider's turning square is part of the route the animation follows, not a click.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from game.i18n import _, decimal, ngettext
from game.ui.piece_game import (
    BOTH,
    CAPTURE,
    HOP,
    MOVE,
    MOVEHOP,
    CardInfo,
    MoveDiagram,
    MoveOption,
    PieceView,
    Square,
)

RADIUS = 4


class PiecesBoard:
    """`PieceGame` over a `game.pieces.rules.PieceRules` (see the module docstring)."""

    def __init__(self, rules: Any, radius: int = RADIUS) -> None:
        self.rules = rules
        self.spec = rules.spec
        self.engine = rules.engine
        self.geo = rules.engine.geo
        self.files, self.ranks = self.spec.width, self.spec.height
        self.radius = radius
        self.kinds = {k.id: k for k in self.spec.kinds}

    # -- squares --
    def sq(self, n: int) -> Square:
        return (n % self.files, n // self.files)

    def num(self, sq: Square) -> int:
        return sq[1] * self.files + sq[0]

    def name(self, sq: Square) -> str:
        return str(self.geo.name(self.num(sq)))

    def tray_order(self) -> tuple[str, ...]:
        """Kind ids, royals first, then by value: the order of the trays."""
        return tuple(k.id for k in sorted(self.spec.kinds, key=lambda k: (not k.royal, -k.value)))

    # -- the contract --
    def pieces(self, state: Any) -> Mapping[Square, PieceView]:
        out: dict[Square, PieceView] = {}
        kind_of = self.engine.kind_of
        for n, code in enumerate(state.board):
            if code:
                out[(n % self.files, n // self.files)] = PieceView(kind_of(code).id, code & 1,
                                                                   bool(code & 2))
        return out

    def option_of(self, state: Any, move: Any, shared: int = 1) -> MoveOption:
        frm, to = self.sq(move.frm), self.sq(move.to)
        via = tuple(self.sq(v) for v in move.via)
        caps = tuple(self.sq(c) for c in move.captures)
        stops = via if move.to == move.frm else tuple(v for v in via if v in caps)
        path = (frm, *stops, to)
        route = (frm, *via, to)
        parts = []
        if move.promo:
            parts.append(self.kinds[move.promo].name)
        elif shared > 1:
            parts.append("no promotion")
        if len(path) > 2:
            parts.append("via " + ", ".join(self.name(v) for v in stops if v != to))
        if caps:
            parts.append("taking " + " and ".join(self.name(c) for c in caps))
        label = ", ".join(parts)
        code = state.board[move.frm]
        return MoveOption(move, path, label, move.promo, caps,
                          self._leaps(code, move) if code else False, route)

    def options(self, state: Any) -> Sequence[MoveOption]:
        moves = self.rules.legal_moves(state)
        count: dict[tuple[int, int, tuple[int, ...]], int] = {}
        for m in moves:
            k = (m.frm, m.to, m.via)
            count[k] = count.get(k, 0) + 1
        return [self.option_of(state, m, count[(m.frm, m.to, m.via)]) for m in moves]

    def explain(self, state: Any, frm: Square | None, to: Square) -> str:
        here = self.rules.piece_at(state, self.num(to))
        side = _(self.rules.side_names[state.to_move])
        if frm is None:
            if here is None:
                return _("choose one of your men")
            kind, owner, _promoted = here
            if owner != state.to_move:
                return _("that {piece} is not yours: {side} is to move").format(
                    piece=_(kind.name), side=side)
            checked = self.rules.royals_in_check(state)
            if checked:
                royal = self.rules.piece_at(state, checked[0])
                return _("your {royal} is in check: the {piece} on {square} cannot parry it"
                         ).format(royal=_(royal[0].name) if royal else "", piece=_(kind.name),
                                  square=self.name(to))
            return _("the {piece} on {square} has no legal move").format(
                piece=_(kind.name), square=self.name(to))
        if here is not None and here[1] == state.to_move:
            return _("your own {piece} stands on {square}").format(
                piece=_(here[0].name), square=self.name(to))
        from game.pieces.state import Move

        captures = (self.num(to),) if here is not None else ()
        return str(self.rules.explain(state, Move(self.num(frm), self.num(to), captures)))

    def in_check(self, state: Any) -> tuple[Square, ...]:
        return tuple(self.sq(n) for n in self.rules.royals_in_check(state))

    def captured(self, before: Any, move: Any) -> list[PieceView]:
        board = before.board
        kind_of = self.engine.kind_of
        return [PieceView(kind_of(board[c]).id, board[c] & 1, bool(board[c] & 2))
                for c in move.captures if board[c]]

    def card(self, piece: PieceView) -> CardInfo:
        kind = self.kinds[piece.kind]
        promo = kind.promotion
        words, targets = _("Does not promote."), ()
        if kind.royal:
            words = _("Royal: it must never be taken.") if self.spec.legality == "royals" else \
                _("Royal: it must never be left in check.")
        if promo is not None:
            names = _(" or ").join(_(self.kinds[t].name) for t in promo.targets)
            if promo.squares:
                where = _("on a far corner") if len(promo.squares) == 2 else \
                    _("on its promotion squares")
            elif promo.when == "capture":
                where = _("when it captures")
            elif promo.zone > 1:
                where = _("in the last {n} ranks").format(n=promo.zone)
            else:
                where = _("on the far rank")
            if len(promo.targets) > 1:
                text = _("May become {names} {where} (you choose).") if promo.optional else \
                    _("Becomes {names} {where} (you choose).")
            else:
                text = _("May become {names} {where}.") if promo.optional else \
                    _("Becomes {names} {where}.")
            words, targets = text.format(names=names, where=where), promo.targets
        raw = str(kind.extra.get("summary", ""))
        summary = _(raw) if raw else ""

        if summary:
            summary = summary[0].upper() + summary[1:] + ("" if summary.endswith(".") else ".")
        worth = kind.value / 100
        value = ngettext("worth about {n} pawn", "worth about {n} pawns",
                         1 if worth == 1 else 2).format(n=decimal(f"{worth:g}")) if kind.value and \
            not kind.royal else ""
        return CardInfo(_(kind.name), summary, diagram(self.rules, kind.id, self.radius), words,
                        targets, value)


    # -- animation --
    def _leaps(self, code: int, move: Any) -> bool:
        """True when the man jumps (an unblockable leap of more than one square)."""
        if move.via:
            return False
        from game.pieces.atoms import Leap
        from game.pieces.tables import orient

        dx = move.to % self.files - move.frm % self.files
        dy = move.to // self.files - move.frm // self.files
        if max(abs(dx), abs(dy)) < 2:
            return False
        side = code & 1
        for atom in self.engine.kind_of(code).atoms:
            if isinstance(atom, Leap) and not atom.lame and any(
                    orient(o, side, self.spec.orientation) == (dx, dy) for o in atom.offsets):
                return True
        return dx != 0 and dy != 0 and abs(dx) != abs(dy)


@lru_cache(maxsize=256)
def _diagram(rules: Any, kind_id: str, radius: int) -> MoveDiagram:
    from game.pieces.state import State

    engine = rules.engine
    w, h = rules.spec.width, rules.spec.height
    cx, cy = w // 2, h // 2
    centre = cy * w + cx
    me = engine.code(kind_id, 0)
    dummy = engine.code(kind_id, 1)

    def ring(d: int) -> list[int]:
        return [(cy + dy) * w + cx + dx for dx in range(-d, d + 1) for dy in range(-d, d + 1)
                if max(abs(dx), abs(dy)) == d and 0 <= cx + dx < w and 0 <= cy + dy < h]

    def reach(others: list[int]) -> set[tuple[int, int]]:
        b = [0] * (w * h)
        for n in others:
            b[n] = dummy
        b[centre] = me
        pos = engine.position(State(tuple(b), 0))
        return {(m.to % w - cx, m.to // w - cy) for m in engine.pseudo(pos, [centre])
                if m.to != centre}

    def dist(off: tuple[int, int]) -> int:
        return max(abs(off[0]), abs(off[1]))

    moves = {o for o in reach([]) if dist(o) <= radius}
    takes: set[tuple[int, int]] = set()
    hops: set[tuple[int, int]] = set()
    for d in range(1, radius + 1):
        takes |= {o for o in reach(ring(d)) if dist(o) == d}
    for d in range(2, radius + 1):  # a screen next to the man, a target d squares away
        hops |= {o for o in reach(ring(1) + ring(d)) if dist(o) == d and o not in takes}
    marks: dict[tuple[int, int], str] = {}
    for o in moves | takes | hops:
        if o in hops:
            marks[o] = MOVEHOP if o in moves else HOP
        elif o in moves:
            marks[o] = BOTH if o in takes else MOVE
        else:
            marks[o] = CAPTURE
    return MoveDiagram(radius, marks)


def diagram(rules: Any, kind_id: str, radius: int = RADIUS) -> MoveDiagram:
    """Where a man of `kind_id` (the first player's) goes from the middle of an otherwise empty
    board, computed by the engine itself: alone for its moves, with enemies on one ring around
    it at a time for its captures, and with a ring of screens next to it for captures over a
    screen (Cannon, Bow, Star)."""
    return _diagram(rules, kind_id, radius)
