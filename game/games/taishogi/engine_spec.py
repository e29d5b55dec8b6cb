"""Tai Shogi's table and options (§5.4) as a spec of the shared piece engine (game/pieces).

Every rule of the game is data here: the table rows (table.py, read by data.py) become engine
atoms, the options pick a row's alternative move or promotion, the promotion rule becomes
`Promotion(optional, forced_when)`, the Deva rule `PieceKind.capturer_becomes`, the Emperor
reading `Universal(protection)`. rules.py plays on the engine built from this spec.

Squares: the engine numbers squares `rank * width + file`; we hand it our own numbering,
`row * 25 + col` with row 0 = rank a at the top and col 0 = file 25, so no square is ever
converted. For that the owner-relative directions below are written for Black moving *down*
the engine's ranks (forward = dy -1); the half-turn orientation then gives White's.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from game.pieces.atoms import Atom, Hook, Leap, Lion, LionLine, Slide, Universal
from game.pieces.kinds import GameSpec, PieceKind, Promotion

from . import data, table
from .data import KINDS, ORDER, SIZE

#: Owner-relative directions as engine offsets (Black's forward is toward row 0).
OFFSETS = {"F": (0, -1), "B": (0, 1), "L": (-1, 0), "R": (1, 0),
           "FL": (-1, -1), "FR": (1, -1), "BL": (-1, 1), "BR": (1, 1)}
_FORWARD = {OFFSETS[d] for d in ("FL", "FR")}


def move_text(options: Mapping[str, Any], abbr: str) -> str:
    """The move of a kind under these options (table row, or a §5.4 alternative)."""
    if abbr == "LD" and options["lion_dog"] == "lion":
        return table.LION_DOG_LION
    if abbr == "TK" and options["teaching_king"] == "lion":
        return table.TEACHING_KING_LION
    if abbr == "TS" and options["turtle_snake"] == "data":
        return table.TURTLE_SNAKE_DATA_FILE
    return KINDS[abbr].move


def promotes_to(options: Mapping[str, Any], abbr: str) -> str | None:
    """What an unpromoted man of this kind becomes when it captures (None: it stays)."""
    if abbr == "CP":
        return "E" if options["crown_prince"] else None
    if abbr == "FD" and options["flying_dragon"] == "DK":
        return table.FLYING_DRAGON_HELP_SCREEN
    k = KINDS[abbr]
    return k.promotes_tsa if options["promotion_table"] == "tsa" else k.promotes_ludii


def _atoms(options: Mapping[str, Any], abbr: str) -> tuple[Atom, ...]:
    out: list[Atom] = []
    forward_only = options["peacock"] == "forward" and abbr == "PC"
    for atom in data.parse_move(move_text(options, abbr)):
        offs = tuple(OFFSETS[d] for d in atom.dirs)
        if atom.name == "step":
            out.append(Leap(offs))
        elif atom.name == "slide":
            out.append(Slide(offs, limit=atom.limit))
        elif atom.name == "jump":
            out.append(Leap(tuple((2 * x, 2 * y) for x, y in offs)))
        elif atom.name == "knight":
            fy = OFFSETS["F"][1]
            out.append(Leap(((-1, 2 * fy), (1, 2 * fy))))
        elif atom.name == "lion":
            out.append(Lion())
        elif atom.name in ("lionline", "lion3"):
            out.append(LionLine(offs, 2 if atom.name == "lionline" else 3))
        elif atom.name == "hook":
            legs = []
            for x, y in offs:
                turns = tuple(o for o in OFFSETS.values() if o[0] * x + o[1] * y == 0 and
                              (abs(o[0]) == abs(o[1])) == (abs(x) == abs(y)))
                if forward_only:
                    turns = tuple(o for o in turns if o in _FORWARD)
                legs.append(((x, y), turns))
            out.append(Hook(tuple(legs)))
        elif atom.name == "universal":
            out.append(Universal(options["emperor"]))
        else:  # pragma: no cover - data.parse_move refuses unknown atoms
            raise ValueError(f"unknown atom {atom.name!r}")
    return tuple(out)


def spec_of(options: Mapping[str, Any]) -> GameSpec:
    """The engine spec of a full set of options (kinds in table order: kind k is code k)."""
    return _spec(tuple(sorted(options.items())))


@lru_cache(maxsize=32)
def _spec(items: tuple[tuple[str, Any], ...]) -> GameSpec:
    o = dict(items)
    promoted_only = o["promotion_rule"] == "promoted_only"
    becomes = table.CAPTURER_BECOMES if o["deva_rule"] else {}
    kinds = []
    for abbr in ORDER:
        k = KINDS[abbr]
        target = promotes_to(o, abbr)
        promo = Promotion((target,), optional=promoted_only, when="capture",
                          forced_when="captures_promoted" if promoted_only else "never") \
            if target else None
        kinds.append(PieceKind(abbr, abbr, k.name, _atoms(o, abbr), royal=k.royal,
                               value=k.value, promotion=promo,
                               capturer_becomes=becomes.get(abbr),
                               extra={"kanji": k.kanji, "romaji": k.romaji}))
    return GameSpec(SIZE, SIZE, tuple(kinds), orientation="rotate", legality="royals",
                    stalemate="loss", repetition=0, move_rule=0, mark_promoted=True)
