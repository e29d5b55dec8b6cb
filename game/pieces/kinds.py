"""Piece kinds as data, and the game specification a generic generator reads.

A game declares a tuple of `PieceKind` rows (id, letter, name, atoms, royal, value,
promotion, free `extra` for display data such as kanji) and a `GameSpec` (board size, how
directions turn for the second side, check or royal capture, draws). Nothing else about a
piece lives in code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .atoms import Atom

Orientation = Literal["mirror", "rotate"]
Legality = Literal["check", "royals"]


@dataclass(frozen=True)
class Promotion:
    """When and into what a kind promotes.

    `when`: "enter" — the move ends in the zone (every such move, sideways ones along the
    zone included); "touch" — it starts or ends there (shogi); "capture" — the move captures.
    The zone is the last `zone` ranks, or, when `squares` is given, exactly those squares
    as (file, rank) for side 0 (turned for side 1 like the moves). `once`: a piece already
    promoted never promotes again. `forced_when`: an optional promotion becomes compulsory on
    a move that "captures_promoted" (takes at least one piece carrying the promoted flag: the
    Tai Shogi option of promoting only by force when a promoted man is taken).
    """

    targets: tuple[str, ...]
    optional: bool = False
    when: Literal["enter", "touch", "capture"] = "enter"
    zone: int = 1
    squares: tuple[tuple[int, int], ...] = ()
    once: bool = True
    forced_when: Literal["never", "captures_promoted"] = "never"


@dataclass(frozen=True)
class Castling:
    """One castling move, as data: the royal `king` and the `rook` partner (kind ids) jump
    together, king `king_from` -> `king_to`, rook `rook_from` -> `rook_to`; squares are
    (file, rank) for side 0 and turned for side 1 like the moves. `letter` is the right's
    letter in a position text (upper case for side 0, lower for side 1: chess's K and Q).

    Allowed while the right is held (lost for good once the king or that rook moves or the
    rook is taken), every square between the outermost of the four squares is empty but for
    the king and the rook themselves, and no square the king stands on, passes or reaches is
    attacked.
    """

    letter: str
    king: str
    rook: str
    king_from: tuple[int, int]
    king_to: tuple[int, int]
    rook_from: tuple[int, int]
    rook_to: tuple[int, int]


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece. `id` is stable (saves, notation, promotion targets); `letter` is the
    one-character (or abbreviation) code of position texts; `value` in centipawns.

    `capturer_becomes`: the id of the kind that a non-royal piece taking one of these turns
    into (marked promoted), whatever it was — Maka-dai-dai's Deva / Dark Spirit rule. When a
    move takes several such pieces, the last one taken decides; a royal capturer is unchanged.
    """

    id: str
    letter: str
    name: str
    atoms: tuple[Atom, ...]
    royal: bool = False
    value: int = 100
    promotion: Promotion | None = None
    capturer_becomes: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class GameSpec:
    """Everything the generic engine needs about a game besides its start position.

    `orientation`: how side 1's directions relate to side 0's — "mirror" (across the middle
    rank: dy flips, as in chess) or "rotate" (half-turn: dx and dy flip, as in shogi).
    `legality`: "check" — a move may not leave a royal attacked, no move = mate or stalemate;
    "royals" — no check rule, a side loses when its last royal is captured.
    `emperor_literal`: universal leapers never capture while the enemy has one (the older
    spelling of `Universal(protection="literal")`; it overrides the atom's reading).
    `mark_promoted`: keep a per-piece "promoted" flag (shogi: a promoted piece never promotes
    again); games whose promoted pieces are simply the new kind (chess) leave it off.
    `castling`: the castling moves the game allows (none: positions write '-' for the rights).
    """

    width: int
    height: int
    kinds: tuple[PieceKind, ...]
    orientation: Orientation = "mirror"
    legality: Legality = "check"
    stalemate: Literal["draw", "loss"] = "draw"
    repetition: int = 3
    move_rule: int = 0
    emperor_literal: bool = False
    mark_promoted: bool = True
    castling: tuple[Castling, ...] = ()

    def kind(self, kind_id: str) -> PieceKind:
        for k in self.kinds:
            if k.id == kind_id:
                return k
        raise KeyError(f"no piece kind {kind_id!r}")
