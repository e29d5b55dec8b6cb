"""The 16×16 fairy chess as the shared board view sees it (pure: no pygame).

It reads the rules only through their public contract — the position text (the FEN of the
rules reference §2), the long algebraic notation of the issue (`h4-h6`, `e5xd6`, `=A`), and
`legal_moves` — so the board can never disagree with the rules: the men shown are the parsed
position, the targets are the legal moves, and a man's card is drawn from the legal moves of
that man alone on an empty board (and on a board full of enemies, for its captures).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from game.ui.piece_game import (
    BOTH,
    CAPTURE,
    HOP,
    MOVE,
    CardInfo,
    MoveDiagram,
    MoveOption,
    PieceView,
    Square,
)

FILES = "abcdefghijklmnop"
N = 16

#: Seed names by Jocly letter (rules reference §2).
NAMES = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight", "P": "Pawn",
         "O": "Centurion", "I": "Buffoon", "E": "Elephant", "D": "Machine", "L": "Lion",
         "H": "Gryphon", "X": "Ship", "J": "Camel", "Z": "Cannon", "W": "Bow", "T": "Bull",
         "F": "Buffalo", "U": "Rhinoceros", "S": "Star", "A": "Unicorn", "M": "Dragon Woman",
         "C": "Diablo", "G": "Antelope"}

#: Most valuable first: the order of the trays.
ORDER = ("K", "A", "Q", "M", "C", "S", "L", "H", "U", "R", "Z", "B", "W", "X", "F", "G", "T",
         "J", "N", "E", "D", "I", "O", "P")

#: How each man moves, in our words (the diagram on the card shows the same from the rules).
WORDS = {
    "K": "One step in any direction; may never move into check.",
    "Q": "Any distance along a line: rank, file or diagonal.",
    "R": "Any distance along a rank or a file.",
    "B": "Any distance along a diagonal.",
    "N": "Leaps two squares one way and one the other; jumps over anything.",
    "P": "Steps forward one square, or two if both are empty, from any rank; takes one square "
         "diagonally forward; may take en passant.",
    "O": "Steps forward one or two like a Pawn, and one square diagonally forward, moving or "
         "taking; may take en passant.",
    "I": "One step in any direction, like a King, but may be taken like any man.",
    "E": "One diagonal step, or a leap of exactly two diagonally.",
    "D": "One straight step, or a leap of exactly two straight.",
    "L": "Leaps to any square of the 5×5 block around it.",
    "H": "One diagonal step; from there, if it was empty, slides outward along the rank or the "
         "file.",
    "X": "One diagonal step; from there, if it was empty, slides on along the file.",
    "J": "Leaps three squares one way and one the other.",
    "Z": "Moves like a Rook; takes only by jumping over exactly one man on its line.",
    "W": "Moves like a Bishop; takes only by jumping over exactly one man on its diagonal.",
    "T": "Leaps three squares one way and two the other.",
    "F": "Leaps like a Knight, a Camel or a Bull.",
    "U": "Leaps like a Knight; from there, if it was empty, slides outward diagonally.",
    "S": "Moves like a Queen; takes only by jumping over exactly one man on its line.",
    "A": "Moves like a Queen or leaps like a Knight.",
    "M": "Moves like a Rook or leaps like a Knight.",
    "C": "Moves like a Bishop or leaps like a Knight.",
    "G": "Leaps exactly two or three squares along any line.",
}

PROMOTION = {
    "P": ("Becomes a Unicorn on the last rank.", ("A",)),
    "O": ("Becomes a Queen, a Lion or a Gryphon on the last rank (you choose).",
          ("Q", "L", "H")),
    "I": ("May become a Queen on the last rank.", ("Q",)),
    "X": ("May become a Gryphon on one of the far corners.", ("H",)),
}

_MOVE = re.compile(r"^([a-p])(\d{1,2})([-x])([a-p])(\d{1,2})(?:=([A-Z]))?")


def square_name(sq: Square) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def parse_board(position: str) -> dict[Square, PieceView]:
    """The men of a position text: ranks 16 → 1 separated by '/', digits for empty runs."""
    board: dict[Square, PieceView] = {}
    rows = position.split()[0].split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        f = 0
        for num, letter in re.findall(r"(\d+)|([A-Za-z])", row):
            if num:
                f += int(num)
                continue
            board[(f, rank)] = PieceView(letter.upper(), 0 if letter.isupper() else 1)
            f += 1
    return board


def parse_notation(text: str) -> tuple[Square, Square, bool, str | None]:
    """(from, to, capture, promotion letter) of a move in long algebraic notation."""
    m = _MOVE.match(text)
    if m is None:
        raise ValueError(f"cannot read the move {text!r}")
    frm = (FILES.index(m.group(1)), int(m.group(2)) - 1)
    to = (FILES.index(m.group(4)), int(m.group(5)) - 1)
    return frm, to, m.group(3) == "x", m.group(6)


class Fairy16Board:
    """`PieceGame` over the fairy chess rules (see the module docstring)."""

    files = ranks = N

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def pieces(self, state: Any) -> Mapping[Square, PieceView]:
        return parse_board(self.rules.position_text(state))

    def option_of(self, state: Any, move: Any, board: Mapping[Square, PieceView] | None = None,
                  same_path: int = 1) -> MoveOption:
        board = self.pieces(state) if board is None else board
        frm, to, capture, promo = parse_notation(self.rules.to_notation(state, move))
        captures: tuple[Square, ...] = ()
        if capture:
            # en passant: the square is empty, the man taken stands beside the mover
            captures = (to,) if to in board else ((to[0], frm[1]),)
        label = ""
        if same_path > 1:
            label = f"promote to {NAMES.get(promo, promo)}" if promo else "no promotion"
        dx, dy = abs(to[0] - frm[0]), abs(to[1] - frm[1])
        kind = board[frm].kind if frm in board else ""
        leap = kind in LEAPERS or (dx != dy and dx and dy) or (kind in ("E", "D") and max(dx, dy) == 2)
        return MoveOption(move, (frm, to), label, promo, captures, bool(leap))

    def options(self, state: Any) -> Sequence[MoveOption]:
        board = self.pieces(state)
        moves = list(self.rules.legal_moves(state))
        texts = [parse_notation(self.rules.to_notation(state, m)) for m in moves]
        paths: dict[tuple[Square, Square], int] = {}
        for frm, to, _, _ in texts:
            paths[(frm, to)] = paths.get((frm, to), 0) + 1
        return [self.option_of(state, m, board, paths[(t[0], t[1])])
                for m, t in zip(moves, texts, strict=True)]

    def explain(self, state: Any, frm: Square | None, to: Square) -> str:
        board = self.pieces(state)
        side = ("White", "Black")[state.to_move]
        if frm is None:
            p = board.get(to)
            if p is None:
                return "choose one of your men"
            if p.side != state.to_move:
                return f"that {NAMES[p.kind]} is not yours: {side} is to move"
            if self.in_check(state):
                return f"the {NAMES[p.kind]} on {square_name(to)} cannot answer the check"
            return f"the {NAMES[p.kind]} on {square_name(to)} has no legal move"
        p = board[frm]
        name = NAMES[p.kind]
        target = board.get(to)
        if target is not None and target.side == p.side:
            return f"your own {NAMES[target.kind]} stands on {square_name(to)}"
        if self.in_check(state):
            return f"you are in check: the {name} cannot go to {square_name(to)}"
        return f"the {name} cannot go from {square_name(frm)} to {square_name(to)}"

    def in_check(self, state: Any) -> tuple[Square, ...]:
        probe = getattr(self.rules, "in_check", None)
        if probe is None:
            return ()
        if not probe(state):
            return ()
        board = self.pieces(state)
        return tuple(sq for sq, p in board.items() if p.kind == "K" and p.side == state.to_move)

    def card(self, piece: PieceView) -> CardInfo:
        promo, targets = PROMOTION.get(piece.kind, ("Does not promote.", ()))
        return CardInfo(NAMES[piece.kind], WORDS[piece.kind],
                        diagram_of(self.rules, piece.kind), promo, targets)

    def captured(self, before: Any, move: Any) -> list[PieceView]:
        board = self.pieces(before)
        return [board[sq] for sq in self.option_of(before, move, board).captures if sq in board]


#: Kinds that always jump (their moves arc in the animation).
LEAPERS = frozenset("NLJTFGA") - {"A"}

RADIUS = 4
CENTRE = (7, 7)  # h8


def _fen(men: Mapping[Square, str], to_move: str = "w") -> str:
    rows = []
    for rank in range(N - 1, -1, -1):
        row, run = "", 0
        for f in range(N):
            ch = men.get((f, rank))
            if ch is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += ch
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + f" {to_move} - 0 1"


@lru_cache(maxsize=64)
def _diagram(rules: Any, kind: str) -> MoveDiagram:
    kings = {(0, 0): "K", (15, 15): "k"} if kind != "K" else {(15, 15): "k"}

    def ring(d: int) -> set[Square]:
        return {(CENTRE[0] + dx, CENTRE[1] + dy) for dx in range(-d, d + 1)
                for dy in range(-d, d + 1) if max(abs(dx), abs(dy)) == d}

    def reach(enemies: set[Square]) -> set[tuple[int, int]]:
        men = {**kings, **{sq: "j" for sq in enemies}, CENTRE: kind}
        state = rules.parse_position(_fen(men))
        out = set()
        for m in rules.legal_moves(state):
            frm, to, _, _ = parse_notation(rules.to_notation(state, m))
            if frm == CENTRE:
                out.add((to[0] - CENTRE[0], to[1] - CENTRE[1]))
        return out

    # Enemy Camels as targets: no two of them, nor any of them and the King, attack each other
    # within a ring, so every capture a man can make at that distance shows.
    empty = reach(set())
    takes = set()
    for d in range(1, RADIUS + 1):
        takes |= {off for off in reach(ring(d)) if max(abs(off[0]), abs(off[1])) == d}
    hops = {off for off in reach(set().union(*(ring(d) for d in range(1, RADIUS + 1))))
            if off not in takes}
    marks: dict[tuple[int, int], str] = {}
    for off in empty | takes | hops:
        if max(abs(off[0]), abs(off[1])) > RADIUS:
            continue
        if off in hops:
            marks[off] = HOP
        elif off in empty:
            marks[off] = BOTH if off in takes else MOVE
        else:
            marks[off] = CAPTURE
    return MoveDiagram(RADIUS, marks)


def diagram_of(rules: Any, kind: str) -> MoveDiagram:
    """Where a man of `kind` (White's) goes from h8, computed by the rules themselves: alone on
    the board for its moves; with enemies on one ring of squares around it at a time for its
    captures; with every square around it taken for captures over a screen (Cannon, Bow, Star)."""
    try:
        return _diagram(rules, kind)
    except Exception:  # a position the rules refuse must not break the card
        return MoveDiagram(RADIUS, {})


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)
