"""A tiny piece game for testing the shared board view without any real game: 12×12, a King,
Rooks, Knights, Pawns that promote with a choice (Queen, Rook, or none on the last-but-one
rank), and a Lion that may take two steps through an enemy. The rules are deliberately small;
what matters is that the screen sees them only through `PieceGame`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.protocol import IllegalMove, Outcome
from game.games.fairy16.sprites import BASE, DESIGNS
from game.registry import GameEntry
from game.scenes.piece_match import PieceMatchScene
from game.ui.piece_game import BOTH, CAPTURE, MOVE, CardInfo, MoveDiagram, MoveOption, PieceView
from game.ui.piece_sprites import SilhouetteDrawer

N = 12
Sq = tuple[int, int]
NAMES = {"K": "King", "R": "Rook", "N": "Knight", "P": "Pawn", "L": "Lion", "Q": "Queen"}
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
KNIGHT = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]


@dataclass(frozen=True)
class State:
    board: tuple[tuple[Sq, str, int], ...]  # (square, kind, side)
    to_move: int = 0

    def key(self) -> Any:
        return (self.board, self.to_move)

    def at(self) -> dict[Sq, tuple[str, int]]:
        return {sq: (k, s) for sq, k, s in self.board}


#: (path, promotion): the path is the origin and each square stopped on.
Move = tuple[tuple[Sq, ...], str]

START = {(5, 0): ("K", 0), (0, 0): ("R", 0), (11, 0): ("R", 0), (2, 0): ("N", 0),
         (6, 1): ("L", 0), (3, 9): ("P", 0), (4, 1): ("P", 0),
         (5, 11): ("K", 1), (0, 11): ("R", 1), (7, 10): ("N", 1), (6, 6): ("P", 1),
         (2, 10): ("N", 1)}


def name(sq: Sq) -> str:
    return "abcdefghijkl"[sq[0]] + str(sq[1] + 1)


def parse_sq(text: str) -> Sq:
    return ("abcdefghijkl".index(text[0]), int(text[1:]) - 1)


class FakeRules:
    game_id = "fake"
    variant = "standard"
    options: Mapping[str, Any] = {}

    def initial_state(self) -> State:
        return State(tuple(sorted((sq, k, s) for sq, (k, s) in START.items())))

    def moves_from(self, st: State, frm: Sq) -> list[Move]:
        at = st.at()
        kind, side = at[frm]
        fwd = 1 if side == 0 else -1
        out: list[Move] = []

        def free(sq: Sq) -> bool:
            return 0 <= sq[0] < N and 0 <= sq[1] < N and (sq not in at or at[sq][1] != side)

        if kind in ("K", "N", "L"):
            for dx, dy in KING if kind != "N" else KNIGHT:
                to = (frm[0] + dx, frm[1] + dy)
                if free(to):
                    out.append(((frm, to), ""))
                    if kind == "L" and to in at:  # two steps through an enemy
                        for ex, ey in KING:
                            t2 = (to[0] + ex, to[1] + ey)
                            if t2 == frm or free(t2):
                                out.append(((frm, to, t2), ""))
        elif kind in ("R", "Q"):
            for dx, dy in ROOK if kind == "R" else KING:
                to = (frm[0] + dx, frm[1] + dy)
                while free(to):
                    out.append(((frm, to), ""))
                    if to in at:
                        break
                    to = (to[0] + dx, to[1] + dy)
        elif kind == "P":
            steps = [((frm[0], frm[1] + fwd), False)]
            steps += [((frm[0] + d, frm[1] + fwd), True) for d in (-1, 1)]
            for to, cap in steps:
                if free(to) and (to in at) == cap:
                    last = to[1] == (N - 1 if side == 0 else 0)
                    near = to[1] == (N - 2 if side == 0 else 1)
                    if last:
                        out += [((frm, to), "Q"), ((frm, to), "R")]
                    elif near:
                        out += [((frm, to), ""), ((frm, to), "Q")]
                    else:
                        out.append(((frm, to), ""))
        return out

    def legal_moves(self, st: State) -> list[Move]:
        return [m for sq, _, s in st.board if s == st.to_move for m in self.moves_from(st, sq)]

    def check(self, st: State, move: Move) -> str | None:
        if self.outcome(st) is not None:
            return "the game is over"
        return None if move in self.legal_moves(st) else "that man cannot go there"

    def play(self, st: State, move: Move) -> State:
        reason = self.check(st, move)
        if reason:
            raise IllegalMove(reason)
        path, promo = move
        at = st.at()
        kind, side = at.pop(path[0])
        for sq in path[1:]:
            at.pop(sq, None)
        at[path[-1]] = (promo or kind, side)
        return State(tuple(sorted((sq, k, s) for sq, (k, s) in at.items())), 1 - st.to_move)

    def outcome(self, st: State) -> Outcome | None:
        kings = {s for _, k, s in st.board if k == "K"}
        if len(kings) < 2:
            return Outcome(kings.pop() if kings else None, "the king was taken")
        return None

    def to_notation(self, st: State, move: Move) -> str:
        path, promo = move
        return "-".join(name(sq) for sq in path) + (f"={promo}" if promo else "")

    def parse_move(self, st: State, text: str) -> Move:
        body, _, promo = text.partition("=")
        move = (tuple(parse_sq(p) for p in body.split("-")), promo)
        if move not in self.legal_moves(st):
            raise IllegalMove(f"{text} is not a legal move")
        return move

    def position_text(self, st: State) -> str:
        return ",".join(f"{k if s == 0 else k.lower()}{name(sq)}" for sq, k, s in st.board) + \
            f" {'wb'[st.to_move]}"

    def parse_position(self, text: str) -> State:
        men, side = text.split()
        board = tuple(sorted((parse_sq(m[1:]), m[0].upper(), 0 if m[0].isupper() else 1)
                             for m in men.split(",")))
        return State(board, "wb".index(side))


def make_rules(variant: str, options: Mapping[str, Any]) -> FakeRules:
    return FakeRules()


class FakeGame:
    """The adapter: the fake rules seen as a PieceGame."""

    files = ranks = N

    def __init__(self, rules: FakeRules) -> None:
        self.rules = rules

    def pieces(self, st: State) -> dict[Sq, PieceView]:
        return {sq: PieceView(k, s) for sq, k, s in st.board}

    def option_of(self, st: State, move: Move) -> MoveOption:
        path, promo = move
        at = st.at()
        caps = tuple(sq for sq in path[1:] if sq in at and sq != path[0])
        choices = [m for m in self.rules.moves_from(st, path[0]) if m[0] == path]
        label = ""
        if len(choices) > 1:
            label = f"promote to {NAMES[promo]}" if promo else "no promotion"
        return MoveOption(move, path, label, promo or None, caps)

    def options(self, st: State) -> Sequence[MoveOption]:
        return [self.option_of(st, m) for m in self.rules.legal_moves(st)]

    def explain(self, st: State, frm: Sq | None, to: Sq) -> str:
        at = st.at()
        if frm is None:
            if to in at and at[to][1] != st.to_move:
                return "that man is not yours"
            return f"the {NAMES[at[to][0]]} on {name(to)} has no move"
        return f"the {NAMES[at[frm][0]]} cannot go from {name(frm)} to {name(to)}"

    def in_check(self, st: State) -> tuple[Sq, ...]:
        other = State(st.board, 1 - st.to_move)
        hits = {m[0][-1] for m in self.rules.legal_moves(other)}
        return tuple(sq for sq, k, s in st.board if k == "K" and s == st.to_move and sq in hits)

    def card(self, piece: PieceView) -> CardInfo:
        marks: dict[tuple[int, int], str] = {}
        if piece.kind == "P":
            marks = {(0, 1): MOVE, (-1, 1): CAPTURE, (1, 1): CAPTURE}
        elif piece.kind in ("R", "Q"):
            for dx, dy in ROOK if piece.kind == "R" else KING:
                for k in range(1, 5):
                    marks[(dx * k, dy * k)] = BOTH
        else:
            for off in KNIGHT if piece.kind == "N" else KING:
                marks[off] = BOTH
        return CardInfo(NAMES[piece.kind], f"The {NAMES[piece.kind]} of the test game.",
                        MoveDiagram(4, marks), "Promotes to Queen or Rook." if piece.kind == "P"
                        else "", ("Q", "R") if piece.kind == "P" else ())

    def captured(self, before: State, move: Move) -> list[PieceView]:
        at = before.at()
        return [PieceView(*at[sq]) for sq in self.option_of(before, move).captures]


ENTRY = GameEntry(id="fake", title="Fake piece game", tagline="test", kind="match",
                  rules=make_rules, scene="tests.ui.fake_game:FakeScene",
                  help="tests.ui.fake_game:HELP")
HELP = [("Test", "A test game.")]


class FakeScene(PieceMatchScene):
    TRAY_ORDER = ("K", "Q", "L", "R", "N", "P")

    @classmethod
    def make_game(cls, rules: Any) -> FakeGame:
        return FakeGame(rules)

    @classmethod
    def make_drawer(cls) -> SilhouetteDrawer:
        return SilhouetteDrawer({k: DESIGNS[k] for k in ("K", "R", "N", "P", "L", "Q")}, BASE)
