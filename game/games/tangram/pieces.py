"""The seven tangram pieces as data: their shapes, names and the square they make (no pygame)."""

from __future__ import annotations

from game.games.dissection.geometry import SQRT2, PieceSet
from game.i18n import N_

_R = SQRT2

#: The seven tangram pieces (square of side 4, docs/rules/tangram.md §1–§2). Pieces of one kind share
#: one shape, so that twins are interchangeable and "turn 0" looks the same for both. Each shape
#: is written so that vertex 0 -> 1 is a distinctive side: the hypotenuse of the triangles (vertex
#: 2 is the right angle, above it at turn 0) and a long side of the parallelogram, whose
#: unflipped chirality is the one of §2.
TANGRAM = PieceSet(
    name="tangram",
    ids=("LT1", "LT2", "MT", "ST1", "ST2", "SQ", "PG"),
    names=(N_("the large triangle"), N_("the large triangle"), N_("the medium triangle"),
           N_("the small triangle"), N_("the small triangle"), N_("the square"),
           N_("the parallelogram")),
    shapes=(
        ((0.0, 0.0), (4.0, 0.0), (2.0, 2.0)),
        ((0.0, 0.0), (4.0, 0.0), (2.0, 2.0)),
        ((0.0, 0.0), (2.0 * _R, 0.0), (_R, _R)),
        ((0.0, 0.0), (2.0, 0.0), (1.0, 1.0)),
        ((0.0, 0.0), (2.0, 0.0), (1.0, 1.0)),
        ((0.0, 0.0), (_R, 0.0), (_R, _R), (0.0, _R)),
        ((0.0, 0.0), (2.0, 0.0), (1.0, 1.0), (-1.0, 1.0)),
    ),
    square=(
        ((0.0, 0.0), (4.0, 0.0), (2.0, 2.0)),
        ((0.0, 0.0), (2.0, 2.0), (0.0, 4.0)),
        ((4.0, 2.0), (4.0, 4.0), (2.0, 4.0)),
        ((4.0, 0.0), (4.0, 2.0), (3.0, 1.0)),
        ((2.0, 2.0), (3.0, 3.0), (1.0, 3.0)),
        ((2.0, 2.0), (3.0, 1.0), (4.0, 2.0), (3.0, 3.0)),
        ((0.0, 4.0), (1.0, 3.0), (3.0, 3.0), (2.0, 4.0)),
    ),
    steps=8,
    side=4.0,
)
