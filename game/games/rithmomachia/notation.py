"""Rithmomachia text: the position text and the move notation (both round-trip).

Position text: ranks 16 down to 1 separated by `/`, each rank's squares a to h as
comma-separated items: a number for a run of empty squares, or a shape letter (C, T, S, P) and
a value, upper case for the Evens' pieces and lower case for the Odds' (a pyramid by its full
value); then a space and the side to move, `e` or `o`; then, only when needed, `3:SQUARES`
(phase 3: the moved piece and any pieces won since) and `e:PIECES` / `o:PIECES` (the pieces
each side has captured, as they stood when taken).

Moves: `a1-a4` a step; `A:d5xd9` a capture (kind letter A attack, M meeting, E ambush,
S siege, C combination, R ransom; the capturing squares joined by `+`; `x`; the square aimed
at; for a ransom `=` and the square of the piece taken); `--` ends phase 3.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.engine.protocol import BadPosition, IllegalMove
from game.i18n import _

from . import captures as cap
from .captures import Capture
from .pieces import (
    EVENS,
    HEIGHT,
    ODDS,
    PYRAMID,
    PYRAMID_LAYERS,
    SHAPES,
    SIDE_LETTERS,
    SIDE_NAMES,
    SQUARES,
    WIDTH,
    Piece,
    parse_square,
    square_name,
)
from .state import DONE, Board, Move, State, Step


def piece_text(piece: Piece) -> str:
    letter = piece.shape if piece.owner == EVENS else piece.shape.lower()
    return f"{letter}{piece.value}"


_PIECE_RE = re.compile(r"([CTSPctsp])([1-9]\d{0,5})")


def read_piece(text: str, where: str) -> Piece:
    m = _PIECE_RE.fullmatch(text)
    if not m:
        raise BadPosition(_("{where}: '{text}' is not a piece (a shape letter C, T, S or P and a "
                            "value, like T25 or c9)").format(where=where, text=text))
    letter, value = m.group(1), int(m.group(2))
    shape = letter.upper()
    if shape == PYRAMID and value not in PYRAMID_LAYERS:
        raise BadPosition(_("{where}: there is no pyramid worth {value} (pyramids are {join})").format(
            where=where, value=value, join=' and '.join(map(str, PYRAMID_LAYERS))))
    return Piece(EVENS if letter.isupper() else ODDS, shape, value)


def board_text(board: Board) -> str:
    ranks = []
    for y in range(HEIGHT - 1, -1, -1):
        items: list[str] = []
        run = 0
        for x in range(WIDTH):
            p = board[y * WIDTH + x]
            if p is None:
                run += 1
                continue
            if run:
                items.append(str(run))
                run = 0
            items.append(piece_text(p))
        if run:
            items.append(str(run))
        ranks.append(",".join(items))
    return "/".join(ranks)


def position_text(state: State) -> str:
    parts = [board_text(state.board), SIDE_LETTERS[state.to_move]]
    if state.phase == 3:
        parts.append("3:" + ",".join(square_name(s) for s in state.active))
    for side in (EVENS, ODDS):
        if state.taken[side]:
            parts.append(SIDE_LETTERS[side] + ":" + ",".join(piece_text(p)
                                                             for p in state.taken[side]))
    return " ".join(parts)


def sorted_taken(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    return tuple(sorted(pieces, key=lambda p: (p.value, SHAPES.index(p.shape), p.owner)))


def parse_position(text: str) -> State:
    """Read a position text (see the module docstring); BadPosition says what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise BadPosition(_("the position text is empty"))
    fields = text.split()
    if len(fields) < 2:
        raise BadPosition(_("a position is the board, a space, then e or o for the side to move"))
    board_part, side_part, extras = fields[0], fields[1], fields[2:]
    if side_part not in SIDE_LETTERS:
        raise BadPosition(_("the side to move must be e (Evens) or o (Odds), not '{side_part}'").format(
            side_part=side_part))
    to_move = SIDE_LETTERS.index(side_part)
    ranks = board_part.split("/")
    if len(ranks) != HEIGHT:
        raise BadPosition(_("the board has {n} ranks, not {HEIGHT}").format(
            n=len(ranks), HEIGHT=HEIGHT))
    board: list[Piece | None] = [None] * SQUARES
    for i, rank_text in enumerate(ranks):
        y = HEIGHT - 1 - i
        where = f"rank {y + 1}"
        x = 0
        if not rank_text:
            raise BadPosition(_("{where} is empty (write 8 for a rank without pieces)").format(
                where=where))
        for item in rank_text.split(","):
            if item.isdigit():
                run = int(item)
                if run == 0 or item[0] == "0":
                    raise BadPosition(_("{where}: '{item}' is not a run of empty squares").format(
                        where=where, item=item))
                x += run
            else:
                piece = read_piece(item, where)
                if x < WIDTH:
                    board[y * WIDTH + x] = piece
                x += 1
        if x != WIDTH:
            raise BadPosition(_("{where} ('{rank_text}') covers {x} squares, not {WIDTH}").format(
                where=where, rank_text=rank_text, x=x, WIDTH=WIDTH))
    phase = 1
    active: tuple[int, ...] = ()
    taken: list[tuple[Piece, ...]] = [(), ()]
    seen: set[str] = set()
    for field in extras:
        head, sep, body = field.partition(":")
        if not sep or head in seen or head not in ("3", "e", "o"):
            raise BadPosition(_("'{field}' is not understood after the side to move (expected "
                                "3:SQUARES for phase 3, e:PIECES or o:PIECES for captured pieces, "
                                "each at most once)").format(field=field))
        seen.add(head)
        if head == "3":
            squares = []
            for name in body.split(","):
                sq = parse_square(name)
                if sq is None:
                    raise BadPosition(_("phase 3: '{name}' is not a square").format(name=name))
                p = board[sq]
                if p is None or p.owner != to_move:
                    raise BadPosition(_("phase 3: {name} does not hold a piece of the side to move").format(
                        name=name))
                squares.append(sq)
            phase, active = 3, tuple(sorted(set(squares)))
        else:
            side = SIDE_LETTERS.index(head)
            got = [read_piece(item, f"{SIDE_NAMES[side]}' captures") for item in body.split(",")]
            if any(p.owner == side for p in got):
                raise BadPosition(_("{value}' captures must be written as the enemy's pieces they "
                                    "were (in the other case)").format(value=SIDE_NAMES[side]))
            taken[side] = sorted_taken(got)
    return State(tuple(board), to_move, phase, active, (taken[0], taken[1]))


# -- notation -----------------------------------------------------------------------------------

KIND_LETTERS = {cap.ATTACK: "A", cap.MEETING: "M", cap.AMBUSH: "E", cap.SIEGE: "S",
                cap.COMBINATION: "C", cap.RANSOM: "R"}
LETTER_KINDS = {v: k for k, v in KIND_LETTERS.items()}
DONE_TEXT = "--"


def to_notation(move: Move) -> str:
    if isinstance(move, Step):
        return f"{square_name(move.frm)}-{square_name(move.to)}"
    if isinstance(move, Capture):
        text = (f"{KIND_LETTERS[move.kind]}:{'+'.join(square_name(s) for s in move.by)}"
                f"x{square_name(move.victim)}")
        if move.kind == cap.RANSOM:
            text += f"={square_name(move.take)}"
        return text
    return DONE_TEXT


_SQ = r"[a-hA-H]\d{1,2}"
_STEP_RE = re.compile(rf"({_SQ})\s*[-–]\s*({_SQ})")
_CAPTURE_RE = re.compile(rf"([AMESCRamescr])\s*:\s*({_SQ}(?:\s*\+\s*{_SQ})*)\s*[xX]\s*({_SQ})"
                         rf"(?:\s*=\s*({_SQ}))?")


def _square(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise IllegalMove(_("'{text}' is not a square of the board (a1 to h16)").format(text=text))
    return sq


def read_move(text: str) -> Move:
    """Parse move text without checking legality; IllegalMove says what is wrong."""
    if not isinstance(text, str):
        raise IllegalMove(_("cannot read a move from {text}").format(text=repr(text)))
    raw = text.strip()
    if raw in (DONE_TEXT, "—", "–"):
        return DONE
    m = _STEP_RE.fullmatch(raw)
    if m:
        return Step(_square(m.group(1)), _square(m.group(2)))
    m = _CAPTURE_RE.fullmatch(raw)
    if m:
        kind = LETTER_KINDS[m.group(1).upper()]
        by = tuple(sorted(_square(s) for s in m.group(2).split("+")))
        victim = _square(m.group(3))
        if kind == cap.RANSOM:
            if m.group(4) is None:
                raise IllegalMove(_("'{raw}': a ransom names the piece taken after '='").format(
                    raw=raw))
            take = _square(m.group(4))
        else:
            if m.group(4) is not None:
                raise IllegalMove(_("'{raw}': only a ransom names a piece after '='").format(
                    raw=raw))
            take = victim
        return Capture(kind, victim, by, take)
    raise IllegalMove(_("cannot read '{raw}' as a move: write a step like a1-a4, a capture like "
                        "A:d5xd9 (R:c8xd8=h3 for a ransom), or -- to end the turn").format(raw=raw))
