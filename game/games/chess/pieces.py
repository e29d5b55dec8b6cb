"""The six kinds of orthodox chess, the castlings and the start position — all data, in the
same dialect as the 16 x 16 fairy chess (game/games/fairy16/pieces.py): one row per kind of
(id, letter, name, atoms, value, a few words for cards and help).

Letters are the usual English ones of FEN (K Q R B N P), so positions are plain FEN. Values
are the familiar 1 / 3 / 3.25 / 5 / 9 in hundredths of a Pawn.
"""

from __future__ import annotations

from game.i18n import N_
from game.pieces.atoms import B, K, Leap, Q, R, leaper
from game.pieces.kinds import Castling, PieceKind, Promotion

SIZE = 8

_PAWN_STEPS = (
    Leap(((0, 1),), "move"),
    Leap(((0, 2),), "move", lame=True, double=True, from_ranks=(1,)),
    Leap(((1, 1), (-1, 1)), "capture", ep=True),
)

#: (id, letter, name, atoms, value, move in a few words for cards and help)
_TABLE: tuple[tuple[str, str, str, tuple, int, str], ...] = (
    ("king", "K", N_("King"), (K(),), 0, N_("one step any way; royal; castles with a Rook")),
    ("queen", "Q", N_("Queen"), (Q(),), 900, N_("any distance along lines and diagonals")),
    ("rook", "R", N_("Rook"), (R(),), 500, N_("any distance along lines")),
    ("bishop", "B", N_("Bishop"), (B(),), 330, N_("any distance along diagonals")),
    ("knight", "N", N_("Knight"), (leaper(1, 2),), 320, N_("the knight's jump")),
    ("pawn", "P", N_("Pawn"), _PAWN_STEPS, 100,
     N_("1 straight ahead (2 from its first rank), takes 1 diagonally ahead")),
)

#: A Pawn on the far rank becomes a Queen, Rook, Bishop or Knight (its owner's choice).
PROMOTIONS: dict[str, Promotion] = {"pawn": Promotion(("queen", "rook", "bishop", "knight"))}

#: King side (K: e1-g1, h1-f1) and Queen side (Q: e1-c1, a1-d1), as (file, rank) for White.
CASTLING: tuple[Castling, ...] = (
    Castling("K", "king", "rook", (4, 0), (6, 0), (7, 0), (5, 0)),
    Castling("Q", "king", "rook", (4, 0), (2, 0), (0, 0), (3, 0)),
)


def kinds() -> tuple[PieceKind, ...]:
    return tuple(PieceKind(kid, letter, name, tuple(atoms), royal=kid == "king", value=value,
                           promotion=PROMOTIONS.get(kid), extra={"summary": words})
                 for kid, letter, name, atoms, value, words in _TABLE)


START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
