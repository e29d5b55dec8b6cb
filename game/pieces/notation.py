"""Chess-style texts for piece games: long algebraic moves and FEN-like positions.

Moves: `h4-h6`, captures `e5xd6`, promotion `=A` (the target's letter), en passant
`e5xd6 e.p.`; a multi-step (Lion) move lists its path: `e5xe6-e5` (capture without moving),
`e5xe6xe7`, a pass `e5-e6-e5`. Positions: ranks from the top, side 0's letters in upper case,
side 1's in lower case, digits for runs of empty squares; then `w`/`b`, the en-passant square
or `-`, the half-move and full-move counters. As in FEN (and the fairy chess start string of
docs/rules/fairy16.md) a castling field comes before the e.p. square: in a game with castling
(`GameSpec.castling`) the letters of the rights held (`KQkq`, side 0's in upper case) or `-`; in
a game without, always `-`, and reading accepts it or not. One-letter kinds only (a game with
abbreviations writes its own texts).
"""

from __future__ import annotations

import re

from game.engine.protocol import BadPosition
from game.i18n import _

from .engine import Engine
from .state import EN_PASSANT, Move, State

__all__ = ["move_text", "parse_position", "position_text", "read_squares"]

SIDE_LETTERS = ("w", "b")
_SQ = re.compile(r"[a-y]\d{1,2}")


def move_text(engine: Engine, move: Move) -> str:
    name = engine.geo.name
    caps = set(move.captures)
    out = name(move.frm)
    # the path is written only for Lion-type moves (it is what tells them apart); a bent
    # rider's or hook mover's turn is fixed by its start and end
    multi = move.to == move.frm or any(c != move.to for c in caps)
    for s in move.via if multi else ():
        out += ("x" if s in caps else "-") + name(s)
    out += ("x" if move.to in caps and move.to != move.frm else "-") + name(move.to)
    if move.promo is not None:
        out += "=" + engine.kinds[engine.number[move.promo] - 1].letter
    if move.flag == EN_PASSANT:
        out = out.replace("-", "x", 1) if "x" not in out else out
        out += " e.p."
    return out


def read_squares(engine: Engine, text: str) -> tuple[list[int], str | None, bool]:
    """Squares named in a move text, the promotion letter (or None), and the e.p. mark.

    Raises ValueError with what is wrong with the syntax.
    """
    raw = text.strip()
    ep = False
    low = raw.lower()
    if low.endswith("e.p.") or low.endswith("ep"):
        ep = True
        raw = raw[: -4 if low.endswith("e.p.") else -2].strip()
    promo = None
    if "=" in raw:
        raw, _eq, promo = raw.partition("=")
        promo = promo.strip()
        if len(promo) != 1 or not promo.isalpha():
            raise ValueError(_("'={promo}' is not a promotion (write =A with the piece's letter)").format(
                promo=promo))
    body = raw.strip().lower()
    squares = _SQ.findall(body)
    rest = _SQ.sub("", body)
    if len(squares) < 2 or any(ch not in "-x: " for ch in rest):
        raise ValueError(_("cannot read '{strip}' as a move (write it like h4-h6, e5xd6 or "
                           "p15-p16=A)").format(strip=text.strip()))
    try:
        return [engine.geo.parse(s) for s in squares], promo, ep
    except ValueError as exc:
        raise ValueError(_("{strip}: {exc}").format(strip=text.strip(), exc=exc)) from None


def position_text(engine: Engine, state: State) -> str:
    geo = engine.geo
    rows = []
    for r in range(geo.height - 1, -1, -1):
        row = ""
        run = 0
        for f in range(geo.width):
            v = state.board[geo.square(f, r)]
            if not v:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            letter = engine.kind_of(v).letter
            row += letter.upper() if (v & 1) == 0 else letter.lower()
        if run:
            row += str(run)
        rows.append(row)
    ep = geo.name(state.ep) if state.ep >= 0 else "-"
    rights = "".join(letter for letter, bit, *_rest in engine.castle_letters
                     if state.castling & bit) or "-"
    return (f"{'/'.join(rows)} {SIDE_LETTERS[state.to_move]} {rights} {ep} {state.halfmove} "
            f"{state.fullmove}")


def _castling_rights(engine: Engine, text: str, cells: list[int]) -> int:
    """The rights mask a castling field names; BadPosition if a letter is unknown, repeated,
    or names a right whose king or rook is not on its home square."""
    if text == "-":
        return 0
    letters = {letter: (bit, kf, rf, kcode, rcode)
               for letter, bit, kf, rf, kcode, rcode in engine.castle_letters}
    rights = 0
    for ch in text:
        if ch not in letters:
            raise BadPosition(_("'{letter}' is not a castling right (the field holds {letters} "
                                "or '-')").format(letter=ch, letters="".join(letters)))
        bit, kf, rf, kcode, rcode = letters[ch]
        if rights & bit:
            raise BadPosition(_("the castling right '{letter}' is written twice").format(
                letter=ch))
        if cells[kf] != kcode or cells[rf] != rcode:
            raise BadPosition(_("castling right '{letter}': the King and its Rook are not on "
                                "{king} and {rook}").format(
                letter=ch, king=engine.geo.name(kf), rook=engine.geo.name(rf)))
        rights |= bit
    return rights


def _may_land_from_double_step(engine: Engine, kind: int) -> bool:
    """Whether a man of kind number `kind` can stand where a double step just ended: a kind
    with a double step, or one a double stepper promotes to (a Pawn that double-steps onto
    its last rank lands promoted, and the square it passed stays open to en passant)."""
    if engine.t.doubles[kind]:
        return True
    kind_id = engine.kinds[kind - 1].id
    return any(engine.t.doubles[i + 1] and k.promotion is not None
               and kind_id in k.promotion.targets for i, k in enumerate(engine.kinds))


def parse_position(engine: Engine, text: str, forward: tuple[int, int]) -> State:
    """Read a position text (see module docstring). `forward` is side 0's forward step
    (used to find the piece an en-passant square refers to). Checks only the syntax and the
    e.p. square; the rules check the rest (royals, check)."""
    geo = engine.geo
    if not isinstance(text, str) or not text.strip():
        raise BadPosition(_("the position text is empty"))
    parts = text.split()
    castling_text = "-"
    if len(parts) == 6 and engine.castle_letters:
        castling_text = parts.pop(2)
    elif len(parts) == 6:  # the FEN shape with a castling field, which is always '-' here
        if parts[2] != "-":
            raise BadPosition(_("there is no castling: the third field must be '-', not '{value}'").format(
                value=parts[2]))
        del parts[2]
    if len(parts) != 5:
        raise BadPosition(_("a position is the board, the side to move (w or b), '-' (no "
                            "castling), the en-passant square (or -), the half-move and the "
                            "full-move counters, separated by spaces"))
    board_text, side_text, ep_text, half_text, full_text = parts
    if side_text not in SIDE_LETTERS:
        raise BadPosition(_("the side to move must be w or b, not '{side_text}'").format(
            side_text=side_text))
    to_move = SIDE_LETTERS.index(side_text)
    ranks = board_text.split("/")
    if len(ranks) != geo.height:
        raise BadPosition(_("the board has {n} ranks, not {height}").format(
            n=len(ranks), height=geo.height))
    cells = [0] * geo.size
    letters = {}
    for kd in engine.kinds:
        letters[kd.letter.upper()] = (engine.number[kd.id], 0)
        letters[kd.letter.lower()] = (engine.number[kd.id], 1)
    for i, rank_text in enumerate(ranks):
        r = geo.height - 1 - i
        f = 0
        j = 0
        if not rank_text:
            raise BadPosition(_("rank {value} is empty (write {width} for an empty rank)").format(
                value=r + 1, width=geo.width))
        while j < len(rank_text):
            ch = rank_text[j]
            if ch.isdigit():
                k = j
                while k < len(rank_text) and rank_text[k].isdigit():
                    k += 1
                run = int(rank_text[j:k])
                if run == 0 or ch == "0":
                    raise BadPosition(_("rank {value}: '{value2}' is not a run of empty squares").format(
                        value=r + 1, value2=rank_text[j:k]))
                f += run
                j = k
                continue
            if ch not in letters:
                raise BadPosition(_("rank {value}: '{ch}' is not a piece letter").format(
                    value=r + 1, ch=ch))
            if f >= geo.width:
                raise BadPosition(_("rank {value} ('{rank_text}') is longer than {width}").format(
                    value=r + 1, rank_text=rank_text, width=geo.width))
            number, side = letters[ch]
            cells[geo.square(f, r)] = (number << 2) | side
            f += 1
            j += 1
        if f != geo.width:
            raise BadPosition(_("rank {value} ('{rank_text}') covers {f} squares, not {width}").format(
                value=r + 1, rank_text=rank_text, f=f, width=geo.width))
    try:
        halfmove, fullmove = int(half_text), int(full_text)
    except ValueError:
        raise BadPosition(_("the counters must be numbers, not '{half_text} {full_text}'").format(
            half_text=half_text, full_text=full_text)) from None
    if halfmove < 0 or fullmove < 1:
        raise BadPosition(_("the half-move counter is 0 or more and the full-move counter 1 or "
                            "more"))
    ep = victim = -1
    if ep_text != "-":
        try:
            ep = geo.parse(ep_text)
        except ValueError as exc:
            raise BadPosition(_("en-passant square: {exc}").format(exc=exc)) from None
        mover = 1 - to_move
        dy = forward[1] if mover == 0 else -forward[1]
        dx = forward[0] if mover == 0 else -forward[0]
        victim = geo.leap(dx, dy)[ep]
        before = geo.leap(-dx, -dy)[ep]
        v = cells[victim] if victim >= 0 else 0
        if (cells[ep] or victim < 0 or before < 0 or cells[before] or not v or (v & 1) != mover
                or not _may_land_from_double_step(engine, v >> 2)):
            raise BadPosition(_("{ep_text} cannot be the en-passant square: no double step of "
                                "{value} passed over it").format(
                ep_text=ep_text, value='White' if mover == 0 else 'Black'))
    rights = _castling_rights(engine, castling_text, cells)
    return State(tuple(cells), to_move, ep, victim, halfmove, fullmove, castling=rights)
