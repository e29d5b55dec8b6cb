"""Tai Shogi's texts: the TSA notation of moves and the position text, written and read back.

Notation (TSA, §1.1): symbol (`+` first when the piece got its rank by promotion, then the
abbreviation of what it is now), the start square only when needed to tell moves apart, then
`-dest` or `xdest`; a Lion-type move lists its captures in order (`Lnx3hx2i`, `Lnx3h-2i`),
igui is `Lnx!9d`, a pass names the square twice (`Ln13v-13v`); a final `+` says the piece
promoted, `=` that it could (promotion optional by option) and did not.

Position text: ranks a → y separated by `/`; each rank from file 25 to file 1 as
space-separated items, a number for that many empty squares or a piece written owner (`b`/`w`),
`+` if promoted, abbreviation (case matters); then a space and the side to move (`b`/`w`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.engine.protocol import BadPosition, IllegalMove
from game.i18n import _

from . import pieces
from .pieces import KINDS, SIZE, square_name
from .state import BLACK, SIDE_LETTERS, SIDE_NAMES, WHITE, Move, State, code, kind_number, kind_of


class TaiShogiRules(Protocol):
    """What the texts ask of the rules (rules.py's TaiShogiRules; named here, not imported,
    since the rules hand their texts to this module)."""

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def promo(self) -> Sequence[int]: ...

    def _memo(self, state: Any) -> dict[str, Any]: ...

    def legal_moves(self, state: State) -> list[Move]: ...

    def outcome(self, state: State) -> Any: ...

    def royals(self, state: State, side: int) -> list[int]: ...

_LAST_SQUARE = re.compile(r"(\d{1,2})([a-y])[+=]?$")
_MOVE_SYNTAX = re.compile(r"^\+?[A-Z][A-Za-z]{0,3}(\d{1,2}[a-y])?([-x]!?\d{1,2}[a-y])+[+=]?$")


def symbol(p: int) -> str:
    """A man's symbol: `+` when it got its rank by promotion, then its kind."""
    return ("+" if p & 2 else "") + kind_of(p)


def _body(move: Move) -> str:
    frm, to, caps = move.frm, move.to, move.caps
    if to == frm:
        if caps:
            return "".join("x!" + square_name(c) for c in caps)
        return "-" + square_name(frm)
    parts = ["x" + square_name(c) for c in caps]
    if not caps or caps[-1] != to:
        parts.append("-" + square_name(to))
    return "".join(parts)


def _suffix(rules: TaiShogiRules, state: State, move: Move) -> str:
    if move.promote:
        return "+"
    if move.caps and rules.promo[state.board[move.frm]] and \
            rules.options["promotion_rule"] == "promoted_only":
        return "="
    return ""


def _index(rules: TaiShogiRules, state: State) -> dict[Move, str]:
    """The notation of every legal move, with start squares only where needed."""
    index: dict[Move, str] | None = rules._memo(state).get("notation")
    if index is None:
        index = _texts(rules, state, rules.legal_moves(state))
        rules._memo(state)["notation"] = index
    return index


def _texts(rules: TaiShogiRules, state: State, moves: list[Move]) -> dict[Move, str]:
    """Notation of `moves`; two moves can only read alike if both are in `moves` (the same
    last square written), so the start square is added by looking at these alone."""
    board = state.board
    plain: dict[str, set[int]] = {}
    texts: dict[Move, tuple[str, str, str]] = {}
    for m in moves:
        sym, body = symbol(board[m.frm]), _body(m) + _suffix(rules, state, m)
        texts[m] = (sym, body, square_name(m.frm))
        plain.setdefault(sym + body, set()).add(m.frm)
    index = {}
    for m, (sym, body, origin) in texts.items():
        short = sym + body
        passing = m.to == m.frm and not m.caps
        index[m] = sym + origin + body if passing or len(plain[short]) > 1 else short
    return index


def to_notation(rules: TaiShogiRules, state: State, move: Move) -> str:
    """The TSA text of a legal move."""
    move = Move(*move)
    text = _index(rules, state).get(move)
    if text is None:
        raise IllegalMove(_("not a legal move here: {move}").format(move=repr(move)))
    return text


def parse_move(rules: TaiShogiRules, state: State, text: str) -> Move:
    """The legal move a TSA text names (with or without its start square)."""
    text = text.strip()
    # only the moves whose text ends on the same square can match: replaying a long game
    # (saves, the computer's process) then never writes out every move of every position
    last = _LAST_SQUARE.search(text)
    lookup: dict[str, Move] = {}
    if last is not None:
        t = pieces.square(int(last.group(1)), ord(last.group(2)) - ord("a") + 1) \
            if 1 <= int(last.group(1)) <= SIZE else -1
        near = [m for m in rules.legal_moves(state)
                if m.to == t or (m.to == m.frm and m.caps and m.caps[-1] == t)]
        for m, written in _texts(rules, state, near).items():
            lookup[written] = m
            sym = symbol(state.board[m.frm])
            rest = written[len(sym):]
            full = written if rest[:1].isdigit() else sym + square_name(m.frm) + rest
            lookup.setdefault(full, m)
    move = lookup.get(text)
    if move is not None:
        return move
    if not _MOVE_SYNTAX.match(text):
        raise IllegalMove(_("cannot read {text}: write a move like P-13r, Lnx3hx2i or Lnx!9d").format(
            text=repr(text)))
    named = re.match(r"\+?([A-Z][A-Za-wyz]*)", text)
    if named and named.group(1) not in KINDS:
        raise IllegalMove(_("no piece is called {group} (symbols as in the tables: P, Ln, FK, "
                            "+G ...)").format(group=named.group(1)))
    if rules.outcome(state) is not None:
        raise IllegalMove(_("the game is over"))
    raise IllegalMove(_("{move} is not a legal move for {side} here").format(
        move=text, side=_(SIDE_NAMES[state.to_move])))

# ---- position text ----------------------------------------------------------------------


def position_text(state: State) -> str:
    """The position text of a position (see the module docstring)."""
    ranks = []
    for row in range(SIZE):
        items: list[str] = []
        empty = 0
        for col in range(SIZE):
            p = state.board[row * SIZE + col]
            if not p:
                empty += 1
                continue
            if empty:
                items.append(str(empty))
                empty = 0
            items.append(SIDE_LETTERS[p & 1] + symbol(p))
        if empty:
            items.append(str(empty))
        ranks.append(" ".join(items))
    return "/".join(ranks) + " " + SIDE_LETTERS[state.to_move]


def parse_position(rules: TaiShogiRules, text: str) -> State:
    """The position a position text writes (refused: one where a side has no royal)."""
    body, _space, side = text.strip().rpartition(" ")
    if side not in SIDE_LETTERS:
        raise BadPosition(_("the position must end with the side to move, b or w, not {side}").format(
            side=repr(side)))
    ranks = body.split("/")
    if len(ranks) != SIZE:
        raise BadPosition(_("{n} ranks, expected {SIZE} (a to y, separated by /)").format(
            n=len(ranks), SIZE=SIZE))
    board: list[int] = []
    for row, rank in enumerate(ranks):
        letter = chr(ord("a") + row)
        count = 0
        for item in rank.split():
            if item.isdigit():
                count += int(item)
                board.extend([0] * int(item))
                continue
            owner = SIDE_LETTERS.index(item[0]) if item[0] in SIDE_LETTERS else -1
            promoted = item[1:2] == "+"
            abbr = item[2:] if promoted else item[1:]
            if owner < 0 or abbr not in KINDS:
                raise BadPosition(_("rank {letter}: cannot read {item} (write e.g. bLn or w+G)").format(
                    letter=letter, item=repr(item)))
            board.append(code(kind_number(abbr), owner, promoted))
            count += 1
        if count != SIZE:
            raise BadPosition(_("rank {letter} has {count} squares, expected {SIZE}").format(
                letter=letter, count=count, SIZE=SIZE))
    state = State(tuple(board), SIDE_LETTERS.index(side))
    for owner in (BLACK, WHITE):
        # a side without royals has already lost: not a position to start from
        if not rules.royals(state, owner):
            raise BadPosition(_("{side} has no royal piece (no Emperor and no Crown "
                                "Prince)").format(side=_(SIDE_NAMES[owner])))
    return state
