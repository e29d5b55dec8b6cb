"""The fairy chess's and chess's kinds as they were written before the piece notation: Python
calls of game/pieces/atoms.py, kept here only as the before of the notation's tests."""

from __future__ import annotations

from game.pieces.atoms import (
    Atom,
    B,
    F,
    Hop,
    K,
    Leap,
    Q,
    R,
    W,
    gryphon,
    leaper,
    rhinoceros,
    ship,
)
from game.pieces.geometry import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL

_FORWARD_DIAGONALS = ((1, 1), (-1, 1))
_PAWN = (
    Leap(((0, 1),), "move"),
    Leap(((0, 2),), "move", lame=True, double=True),
    Leap(_FORWARD_DIAGONALS, "capture", ep=True),
)
_N = leaper(1, 2)

FAIRY16: dict[str, tuple[Atom, ...]] = {
    "king": (K(),), "queen": (Q(),), "rook": (R(),), "bishop": (B(),), "knight": (_N,),
    "pawn": _PAWN, "centurion": (*_PAWN, Leap(_FORWARD_DIAGONALS, "move")),
    "buffoon": (K(),), "elephant": (F(), leaper(2, 2)), "machine": (W(), leaper(2, 0)),
    "lion": (K(), _N, leaper(2, 2), leaper(2, 0)), "gryphon": (gryphon(),), "ship": (ship(),),
    "camel": (leaper(1, 3),), "cannon": (R("move"), Hop(ORTHOGONAL)),
    "bow": (B("move"), Hop(DIAGONAL)), "bull": (leaper(2, 3),),
    "buffalo": (_N, leaper(1, 3), leaper(2, 3)), "rhinoceros": (rhinoceros(),),
    "star": (Q("move"), Hop(ALL_DIRECTIONS)), "unicorn": (Q(), _N), "dragon_woman": (R(), _N),
    "diablo": (B(), _N),
    "antelope": (leaper(2, 0), leaper(3, 0), leaper(2, 2), leaper(3, 3)),
}
#: What the Jocly profile added to its Buffoon.
JOCLY_BUFFOON: tuple[Atom, ...] = (Leap(((0, 2),), "move", lame=True, double=True),)

CHESS: dict[str, tuple[Atom, ...]] = {
    "king": (K(),), "queen": (Q(),), "rook": (R(),), "bishop": (B(),), "knight": (_N,),
    "pawn": (Leap(((0, 1),), "move"),
             Leap(((0, 2),), "move", lame=True, double=True, from_ranks=(1,)),
             Leap(((1, 1), (-1, 1)), "capture", ep=True)),
}
