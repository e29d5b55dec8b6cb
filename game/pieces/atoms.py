"""Movement atoms: the small vocabulary every piece kind's move is written in.

Offsets and directions are (dx, dy) for the side that moves up the board (side 0); the
engine turns them for the other side (mirror or half-turn, a game option), so "forward" and
"left" stay relative to the owner. Each atom has a mode: "both" (move or capture), "move"
(only onto an empty square) or "capture" (only onto an enemy).

| atom | what it does | examples | written (docs/piece-notation.md) |
| --- | --- | --- | --- |
| Leap | jump to fixed offsets (a step is a leap of 1); `lame` needs the straight path empty | King, Knight, Camel, pawn double step | `K`, `N`, `C`, `fmneD` |
| Slide | ride along directions, optionally at most `limit` squares | Rook, Bishop, Lance, Side Mover | `R`, `B`, `fR`, `vWsR` |
| Hop | capture over exactly one screen (any colour) on a line | Cannon, Bow, Star (capturing half) | `cpR`, `cpB`, `cpQ` |
| Bent | a first leap, then (through an empty square) an outward slide | Gryphon, Ship, Rhinoceros | `t[FR]`, `t[FvR]`, `t[NB]` |
| Hook | a slide, then optionally a second slide at a right angle (turning square empty) | Hook Mover, Capricorn | `hR`, `hB` |
| Lion | Chu/Tai Shogi Lion: 24 squares, double capture, igui, pass | Lion | `L` |
| LionLine | Lion powers along given lines, reach 2 or 3 | Horned Falcon, Soaring Eagle, Lion Dog | `ffL2`, `flfrL2`, `L3` |
| Universal | any square of the board; captures only unprotected pieces | Tai Shogi Emperor | `U` |

The games write their kinds in that notation (game/pieces/betza.py reads it); the helpers below
are for tests and tools that build a spec in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .geometry import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL

Mode = Literal["both", "move", "capture"]
Offset = tuple[int, int]


def symmetric(a: int, b: int) -> tuple[Offset, ...]:
    """The (up to) eight offsets (±a, ±b) and (±b, ±a), without repeats, in a fixed order."""
    out: list[Offset] = []
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                o = (sx * x, sy * y)
                if o not in out:
                    out.append(o)
    return tuple(out)


@dataclass(frozen=True)
class Leap:
    """Jump to each offset. `lame`: every square on the straight line between must be empty
    (only for straight offsets such as (0, 2)). `double`: a move by this atom is a double step
    that the enemy may take en passant. `ep`: this (capturing) atom may capture en passant.
    `from_ranks`: if given, the leap starts only from these ranks, counted from the owner's
    side (0 = its first rank): chess's Pawn double step, `from_ranks=(1,)`. Only for
    non-capturing leaps (attack tests do not look at the rank)."""

    offsets: tuple[Offset, ...]
    mode: Mode = "both"
    lame: bool = False
    double: bool = False
    ep: bool = False
    from_ranks: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.from_ranks and self.mode != "move":
            raise ValueError("a leap limited to some ranks must be a non-capturing move")
        if self.lame:
            for dx, dy in self.offsets:
                if dx and dy and abs(dx) != abs(dy):
                    raise ValueError(f"a lame leap must be straight, not {(dx, dy)}")


@dataclass(frozen=True)
class Slide:
    """Ride along each direction until blocked; at most `limit` squares (0: no limit)."""

    directions: tuple[Offset, ...]
    mode: Mode = "both"
    limit: int = 0


@dataclass(frozen=True)
class Hop:
    """Capture along each direction by jumping exactly one screen (either colour): the first
    piece beyond the screen may be taken if it is an enemy. Never a plain move."""

    directions: tuple[Offset, ...]


@dataclass(frozen=True)
class Bent:
    """Each leg is (first, turns): leap to `first` (a destination, leaping over anything);
    if that square is empty, slide on from it along each direction of `turns`."""

    legs: tuple[tuple[Offset, tuple[Offset, ...]], ...]
    mode: Mode = "both"


@dataclass(frozen=True)
class Hook:
    """Each leg is (direction, turns): slide along `direction`; from any empty square of that
    slide, optionally slide on along each direction of `turns`. A capture ends the move."""

    legs: tuple[tuple[Offset, tuple[Offset, ...]], ...]
    mode: Mode = "both"


@dataclass(frozen=True)
class Lion:
    """The full Lion: any of the 24 squares of its 5 x 5 block; capture on an adjacent square
    then step once more (capturing again, or back home = capture without moving, igui); or
    step to an empty adjacent square and back (a pass)."""


@dataclass(frozen=True)
class LionLine:
    """Lion powers restricted to `directions` with `reach` 2 (Horned Falcon, Soaring Eagle:
    step, jump to the 2nd, capture on the 1st and stop, go on or come back; pass via an empty
    1st) or 3 (the Ludii Lion Dog: step, jump to the 2nd or 3rd, capture passed enemies on the
    way to the 3rd, or capture on the 2nd and come back to an empty 1st)."""

    directions: tuple[Offset, ...]
    reach: int = 2

    def __post_init__(self) -> None:
        if self.reach not in (2, 3):
            raise ValueError("a Lion line reaches 2 or 3 squares")


Protection = Literal["refined", "literal", "ludii"]


@dataclass(frozen=True)
class Universal:
    """Move to any empty square of the board; capture an enemy only where it is not protected
    (the engine's `universal_capture_ok` test on the position after the capture).

    `protection` says what protects: always any enemy piece other than a universal leaper that
    attacks the square; then "refined" — an enemy universal leaper too, unless one of the
    mover's other pieces (or another universal leaper of its side) guards the square (the
    leaper could take back); "literal" — any enemy universal leaper, so no capture at all while
    the enemy has one; "ludii" — nothing more (the enemy's leapers never protect).
    """

    protection: Protection = "refined"

    def __post_init__(self) -> None:
        if self.protection not in ("refined", "literal", "ludii"):
            raise ValueError(f"unknown universal protection {self.protection!r}")


Atom = Leap | Slide | Hop | Bent | Hook | Lion | LionLine | Universal


# -- the usual atoms, named as in Betza notation ----------------------------------------------

def W(mode: Mode = "both") -> Leap:
    return Leap(ORTHOGONAL, mode)


def F(mode: Mode = "both") -> Leap:
    return Leap(DIAGONAL, mode)


def K(mode: Mode = "both") -> Leap:
    return Leap(ALL_DIRECTIONS, mode)


def leaper(a: int, b: int, mode: Mode = "both") -> Leap:
    return Leap(symmetric(a, b), mode)


def R(mode: Mode = "both", limit: int = 0) -> Slide:
    return Slide(ORTHOGONAL, mode, limit)


def B(mode: Mode = "both", limit: int = 0) -> Slide:
    return Slide(DIAGONAL, mode, limit)


def Q(mode: Mode = "both", limit: int = 0) -> Slide:
    return Slide(ALL_DIRECTIONS, mode, limit)


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def gryphon() -> Bent:
    """Diagonal step, then outward orthogonal slide (Betza t[FR])."""
    return Bent(tuple(((dx, dy), ((dx, 0), (0, dy))) for dx, dy in DIAGONAL))


def ship() -> Bent:
    """Diagonal step, then vertical slide away from the start (Betza t[FvR])."""
    return Bent(tuple(((dx, dy), ((0, dy),)) for dx, dy in DIAGONAL))


def rhinoceros() -> Bent:
    """Knight leap, then outward diagonal slide in the knight's direction."""
    return Bent(tuple(((a, b), ((_sign(a), _sign(b)),)) for a, b in symmetric(1, 2)))


def _perpendicular(d: Offset, pool: tuple[Offset, ...]) -> tuple[Offset, ...]:
    return tuple(p for p in pool if p[0] * d[0] + p[1] * d[1] == 0)


def hook(directions: tuple[Offset, ...], turns: tuple[Offset, ...] | None = None) -> Hook:
    """First leg along `directions`, second at a right angle (from `turns`, default the same
    kind of lines: orthogonal for orthogonal legs, diagonal for diagonal ones)."""
    legs = []
    for d in directions:
        pool = turns if turns is not None else (ORTHOGONAL if 0 in d else DIAGONAL)
        legs.append((d, _perpendicular(d, pool)))
    return Hook(tuple(legs))
