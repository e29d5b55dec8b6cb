"""Archimedes' fourteen Ostomachion pieces as data: the 12 x 12 square they cut (no pygame)."""

from __future__ import annotations

from game.games.dissection.geometry import PieceSet, Ring

_OSTOMACHION_SQUARE: tuple[Ring, ...] = (
    ((0.0, 12.0), (2.0, 10.0), (12.0, 12.0)),
    ((2.0, 10.0), (4.0, 8.0), (12.0, 12.0)),
    ((0.0, 12.0), (0.0, 6.0), (4.0, 8.0)),
    ((0.0, 6.0), (6.0, 6.0), (4.0, 8.0)),
    ((0.0, 6.0), (6.0, 3.0), (8.0, 4.0), (6.0, 6.0)),
    ((0.0, 6.0), (0.0, 0.0), (4.0, 0.0), (6.0, 3.0)),
    ((4.0, 0.0), (6.0, 0.0), (6.0, 3.0)),
    ((6.0, 3.0), (6.0, 0.0), (12.0, 0.0)),
    ((6.0, 3.0), (12.0, 0.0), (8.0, 4.0)),
    ((8.0, 4.0), (12.0, 0.0), (12.0, 6.0)),
    ((6.0, 6.0), (8.0, 4.0), (12.0, 6.0)),
    ((12.0, 9.0), (6.0, 9.0), (4.0, 8.0), (6.0, 6.0), (12.0, 6.0)),
    ((6.0, 9.0), (12.0, 9.0), (8.0, 10.0)),
    ((8.0, 10.0), (12.0, 9.0), (12.0, 12.0)),
)

#: The fourteen Ostomachion pieces on the 12 x 12 square (docs/rules/ostomachion.md §1, Burkardt's
#: numbering); each piece's own shape is the way it lies in that square.
OSTOMACHION = PieceSet(
    name="ostomachion",
    ids=tuple(f"P{n}" for n in range(1, 15)),
    names=("triangle", "triangle", "triangle", "triangle", "quadrilateral", "quadrilateral",
           "triangle", "triangle", "triangle", "triangle", "triangle", "pentagon", "triangle",
           "triangle"),
    shapes=_OSTOMACHION_SQUARE,
    square=_OSTOMACHION_SQUARE,
    steps=4,
    side=12.0,
)
