"""Castling as table data, away from chess: a 10 x 8 board whose sides are turned by a
half-turn (so Black's squares are turned in file as well as rank), with one castling that
starts off the corner. make/unmake must put everything back, and the engine's perft (on
make/unmake) must agree with a recursion on `after` (the functional path the AI uses)."""

from __future__ import annotations

from game.pieces.atoms import K, R, leaper
from game.pieces.engine import Engine
from game.pieces.kinds import Castling, GameSpec, PieceKind
from game.pieces.notation import parse_position, position_text
from game.pieces.state import CASTLE, State

KINDS = (
    PieceKind("king", "K", "King", (K(),), royal=True),
    PieceKind("rook", "R", "Rook", (R(),)),
    PieceKind("knight", "N", "Knight", (leaper(1, 2),)),
)
#: King f1 -> h1 with the Rook j1 -> g1 ("O"); King f1 -> c1 with the Rook a1 -> d1 ("L").
SPEC = GameSpec(10, 8, KINDS, orientation="rotate", legality="check", repetition=0,
                castling=(Castling("O", "king", "rook", (5, 0), (7, 0), (9, 0), (6, 0)),
                          Castling("L", "king", "rook", (5, 0), (2, 0), (0, 0), (3, 0))))
ENGINE = Engine(SPEC)
START = "r3k4r/10/10/10/10/10/10/R4K3R w OLol - 0 1"


def start() -> State:
    return parse_position(ENGINE, START, (0, 1))


def test_the_castling_field_reads_and_writes_with_the_games_letters() -> None:
    s = start()
    assert s.castling == 0b1111
    assert position_text(ENGINE, s) == START


def test_both_sides_castle_on_their_own_turned_squares() -> None:
    s = start()
    name = ENGINE.geo.name
    white = {(name(m.frm), name(m.to)) for m in ENGINE.legal(ENGINE.position(s))
             if m.flag == CASTLE}
    assert white == {("f1", "h1"), ("f1", "c1")}
    move = next(m for m in ENGINE.legal(ENGINE.position(s)) if (name(m.frm), name(m.to)) ==
                ("f1", "h1"))
    after = ENGINE.after(s, move)
    assert position_text(ENGINE, after) == "r3k4r/10/10/10/10/10/10/R5RK2 b ol - 1 1"
    def black(state: State) -> set[tuple[str, str]]:
        return {(name(m.frm), name(m.to)) for m in ENGINE.legal(ENGINE.position(state))
                if m.flag == CASTLE}

    # half-turn: Black's King e8 goes to c8 with the a8 Rook, and to h8 with the j8 Rook
    assert black(parse_position(ENGINE, START.replace(" w ", " b "), (0, 1))) == {
        ("e8", "c8"), ("e8", "h8")}
    # once White's Rook stands on g1 it watches g8, which the King would cross to h8
    assert black(after) == {("e8", "c8")}


def test_make_unmake_restore_and_agree_with_after() -> None:
    s = start()
    pos = ENGINE.position(s)
    for m in ENGINE.legal(pos):
        before = (list(pos.board), pos.castling, [set(p) for p in pos.pieces], pos.royals)
        undo = ENGINE.make(pos, m)
        made = ENGINE.after(s, m)
        assert tuple(pos.board) == made.board and pos.castling == made.castling
        ENGINE.unmake(pos, undo)
        assert (list(pos.board), pos.castling, [set(p) for p in pos.pieces], pos.royals) == before

    def walk(state: State, depth: int) -> int:
        moves = ENGINE.legal(ENGINE.position(state))
        if depth == 1:
            return len(moves)
        return sum(walk(ENGINE.after(state, m), depth - 1) for m in moves)

    assert ENGINE.perft(s, 3) == walk(s, 3)
