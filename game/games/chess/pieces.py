"""The six kinds of orthodox chess, the Pawn's promotion, the castlings and the start, read
from the data file `pieces.txt` beside this module — the same format and piece notation as
the fairy chess's (docs/piece-notation.md).
"""

from __future__ import annotations

from pathlib import Path

from game.pieces import datafile
from game.pieces.kinds import Castling, PieceKind, Promotion

SIZE = 8
FILE = datafile.read(Path(__file__).with_name("pieces.txt"))

#: A Pawn on the far rank becomes a Queen, Rook, Bishop or Knight (its owner's choice).
PROMOTIONS: dict[str, Promotion] = datafile.promotions(FILE, FILE.section("promotions"))
#: King side (K: e1-g1, h1-f1) and Queen side (Q: e1-c1, a1-d1).
CASTLING: tuple[Castling, ...] = datafile.castlings(FILE, FILE.section("castling"))
_KINDS = datafile.kinds(FILE, PROMOTIONS)


def kinds() -> tuple[PieceKind, ...]:
    return _KINDS


START_FEN = datafile.start(FILE)
