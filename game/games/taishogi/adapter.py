"""Tai Shogi as the shared board view sees it (pure: no pygame).

The board squares of the view are (file index, rank index) from Black's bottom-left corner:
file index 0 is TSA file 25, rank index 0 is TSA rank y. Moves come straight from the rules'
legal moves: a Lion-type move's path is its origin, each man it takes in order, then where it
ends (igui and a pass come back to the origin), so the shared input plays it in two clicks. The
piece card's diagram is drawn from the rules' own moves of the man alone on the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from game.i18n import N_, _
from game.pieces.betza import Item
from game.ui.piece_game import BOTH, CardInfo, MoveDiagram, MoveOption, PieceView, Square

from . import pieces
from .pieces import KINDS, SIZE
from .rules import Move, State, TaiShogiRules, kind_number, kind_of
from .rules import code as piece_code

#: Kinds by §5.5 value, most valuable first (the trays' order).
TRAY_ORDER: tuple[str, ...] = tuple(sorted(KINDS, key=lambda k: -KINDS[k].value))

WORDS = {"F": N_("forward"), "B": N_("back"), "L": N_("left"), "R": N_("right"),
         "FL": N_("forward-left"), "FR": N_("forward-right"), "BL": N_("back-left"),
         "BR": N_("back-right")}
#: Owner-relative offsets (forward = +y, as the piece notation reads them) by direction name,
#: in the order the words list them.
DIRECTIONS: dict[tuple[int, int], str] = {
    (0, 1): "F", (0, -1): "B", (-1, 0): "L", (1, 0): "R",
    (-1, 1): "FL", (1, 1): "FR", (-1, -1): "BL", (1, -1): "BR"}
_ALL = tuple(DIRECTIONS.values())
_GROUPS = (("all", _ALL), (N_("orthogonally"), ("F", "B", "L", "R")),
           (N_("diagonally"), ("FL", "FR", "BL", "BR")))


def view_square(sq: int) -> Square:
    row, col = divmod(sq, SIZE)
    return (col, SIZE - 1 - row)


def board_square(s: Square) -> int:
    return (SIZE - 1 - s[1]) * SIZE + s[0]


def tsa_name(s: Square) -> str:
    return pieces.square_name(board_square(s))


def _dirs_text(dirs: tuple[str, ...]) -> str:
    for name, group in _GROUPS:
        if set(group) <= set(dirs):
            rest = [_(WORDS[d]) for d in dirs if d not in group]
            return _("in every direction") if name == "all" else \
                _(name) + (", " + ", ".join(rest) if rest else "")
    return ", ".join(_(WORDS[d]) for d in dirs)


def _verb(item: Item) -> tuple[str, int]:
    """What an item does, as the key of its phrase (and a slide's range)."""
    if item.kind == "leap":
        if item.letter == "N":
            return "knight", 0
        return ("step", 0) if item.letter in "WFK" else ("jump", 0)
    if item.kind == "lionline":
        return ("lionline" if item.limit == 2 else "lion3"), 0
    return item.kind, item.limit


def describe(items: tuple[Item, ...]) -> str:
    """The move of a kind in words, made from its parsed notation (so it always matches the
    rules). Items of the same sort side by side (`vR sR2 B3`'s slides of one range) make one
    phrase, their directions in the order F B L R FL FR BL BR."""
    phrases: list[tuple[tuple[str, int], list[str]]] = []
    for item in items:
        verb = _verb(item)
        unit = [((x > 0) - (x < 0), (y > 0) - (y < 0)) for x, y in item.offsets]
        dirs = [DIRECTIONS[o] for o in unit if o in DIRECTIONS]
        if phrases and phrases[-1][0] == verb and verb[0] in ("step", "slide", "jump"):
            phrases[-1][1].extend(d for d in dirs if d not in phrases[-1][1])
        else:
            phrases.append((verb, dirs))
    parts = []
    for (what, limit), dirs in phrases:
        d = _dirs_text(tuple(sorted(dirs, key=_ALL.index))) if dirs else ""
        parts.append({
            "step": _("steps 1 {dirs}"),
            "slide": _("slides up to {n} {dirs}") if limit else _("slides {dirs}"),
            "jump": _("jumps to the 2nd square {dirs}"),
            "knight": _("jumps like a shogi knight"),
            "lion": _("moves as a Lion (two steps, igui, double capture)"),
            "lionline": _("has the Lion's power two squares {dirs}"),
            "lion3": _("has a three-step Lion move {dirs}"),
            "hook": _("slides {dirs} and may turn once at a right angle"),
            "universal": _("leaps to any square; takes only unprotected men"),
        }[what].format(dirs=d, n=limit))
    lion = any(v in ("lion", "lion3") for (v, _n), _d in phrases)
    text = _("; or ").join(parts) if lion else "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


class TaiShogiBoard:
    """`PieceGame` over TaiShogiRules (see the module docstring)."""

    files = ranks = SIZE

    def __init__(self, rules: TaiShogiRules) -> None:
        self.rules = rules

    def pieces(self, state: State) -> Mapping[Square, PieceView]:
        return {view_square(sq): PieceView(kind_of(p), p & 1, bool(p & 2))
                for sq, p in enumerate(state.board) if p}

    def option_of(self, state: State, move: Move, label: str = "") -> MoveOption:
        move = Move(*move)
        frm = view_square(move.frm)
        path: list[Square] = [frm]
        for c in move.caps:
            if c != move.frm:
                path.append(view_square(c))
        if move.to == move.frm and not move.caps:  # a pass: out to an empty neighbour and back
            step = next(n for n in self.rules.neighbours[move.frm] if not state.board[n])
            path.append(view_square(step))
        if path[-1] != view_square(move.to):  # also igui and the pass: back to the origin
            path.append(view_square(move.to))
        p = state.board[move.frm]
        promotion = kind_of(self.rules.promo[p]) if move.promote else None
        caps = tuple(view_square(c) for c in move.caps)
        leap = p in self.rules.universal or max(abs(path[-1][0] - frm[0]),
                                                abs(path[-1][1] - frm[1])) == 2
        return MoveOption(move, tuple(path), label, promotion, caps, leap)

    def options(self, state: State) -> Sequence[MoveOption]:
        rules = self.rules
        moves = rules.legal_moves(state)
        twins: dict[tuple[int, int, tuple[int, ...]], int] = {}
        for m in moves:
            twins[(m.frm, m.to, m.caps)] = twins.get((m.frm, m.to, m.caps), 0) + 1
        out = []
        for m in moves:
            label = ""
            if twins[(m.frm, m.to, m.caps)] > 1:
                p = state.board[m.frm]
                label = _("promote to {piece}").format(
                    piece=_(KINDS[kind_of(rules.promo[p])].name)) if m.promote \
                    else _("no promotion")
            out.append(self.option_of(state, m, label))
        return out

    def explain(self, state: State, frm: Square | None, to: Square) -> str:
        board = self.pieces(state)
        side = (_("Black"), _("White"))[state.to_move]
        if frm is None:
            p = board.get(to)
            if p is None:
                return _("choose one of your men")
            if p.side != state.to_move:
                return _("that {piece} is not yours: {side} is to move").format(
                    piece=_(KINDS[p.kind].name), side=side)
            return _("the {piece} on {square} has no legal move").format(
                piece=_(KINDS[p.kind].name), square=tsa_name(to))
        p = board[frm]
        target = board.get(to)
        if target is not None and target.side == p.side:
            return _("your own {piece} stands on {square}").format(
                piece=_(KINDS[target.kind].name), square=tsa_name(to))
        if target is not None and p.kind == "E":
            return _("the Emperor may not take the {piece}: it is protected").format(
                piece=_(KINDS[target.kind].name))
        return _("the {piece} cannot go from {start} to {end}").format(
            piece=_(KINDS[p.kind].name), start=tsa_name(frm), end=tsa_name(to))

    def in_check(self, state: State) -> tuple[Square, ...]:
        """The royals of the side to move that the opponent could take now (marked red)."""
        rules = self.rules
        side = state.to_move
        royals = rules.royals(state, side)
        if not royals:
            return ()
        threats = rules.legal_moves(State(state.board, 1 - side))
        hit = {c for m in threats for c in m.caps}
        return tuple(view_square(sq) for sq in royals if sq in hit)

    def royals(self, state: State) -> tuple[Square, ...]:
        return tuple(view_square(sq) for side in (0, 1) for sq in self.rules.royals(state, side))

    def card(self, piece: PieceView) -> CardInfo:
        k = KINDS[piece.kind]
        target = None if piece.promoted else self.rules.promotes_to(piece.kind)
        if piece.promoted:
            promo = _("Got its rank by promotion: never promotes again.")
        elif target:
            promo = _("Becomes {piece} when it captures.").format(piece=_(KINDS[target].name))
        else:
            promo = _("Never promotes.")
        royal = " " + _("Royal: lose every royal and the game is lost.") if k.royal else ""
        return CardInfo(_(k.name), describe(self.rules.move_items(piece.kind)) + royal,
                        diagram(self.rules, piece.kind), promo, (target,) if target else (),
                        _("{romaji} · value {value}").format(romaji=k.romaji, value=k.value))

    def captured(self, before: State, move: Move) -> list[PieceView]:
        board = before.board
        return [PieceView(kind_of(board[c]), board[c] & 1, bool(board[c] & 2))
                for c in Move(*move).caps]


RADIUS = 5


@lru_cache(maxsize=256)
def _diagram(rules: TaiShogiRules, kind: str) -> MoveDiagram:
    centre = 12 * SIZE + 12
    code = piece_code(kind_number(kind), 0)
    board = [0] * (SIZE * SIZE)
    board[centre] = code
    # every man takes the way it moves, so each square it reaches is "move or capture"
    marks: dict[tuple[int, int], str] = {}
    cf, cr = view_square(centre)
    for t, _kind in rules.piece_moves(board, centre):
        tf, tr = view_square(t)
        off = (tf - cf, tr - cr)
        if t != centre and max(abs(off[0]), abs(off[1])) <= RADIUS:
            marks[off] = BOTH
    return MoveDiagram(RADIUS, marks)


def diagram(rules: TaiShogiRules, kind: str) -> MoveDiagram:
    """Where a Black man of `kind` goes from the centre of an empty board (by the rules)."""
    return _diagram(rules, kind)
