"""Tai Shogi's table as a spec of the shared piece engine (game/pieces), for the move to it.

The rules in rules.py run on this package's own generator (movegen.py), written before the
engine landed. This module translates the same table (table.py, read by data.py) into engine
atoms, so that the two generators can be checked against each other move for move
(tests/games/taishogi/test_engine_crosscheck.py) and the rules can later stand on the engine.

What the engine's spec cannot say yet (kept by rules.py): promotion compulsory only when a
promoted man is taken (§5.4), the Maka-dai-dai Deva rule (§4.3), and the Ludii reading of the
Emperor's capture test. Engine squares are `rank * 25 + file` from Black's bottom-left corner;
ours are `row * 25 + col` from the top: `engine_square` converts.
"""

from __future__ import annotations

from typing import Any

from game.pieces.atoms import Atom, Hook, Leap, Lion, LionLine, Slide, Universal
from game.pieces.kinds import GameSpec, PieceKind, Promotion

from . import data
from .data import KINDS, ORDER, SIZE
from .rules import TaiShogiRules

#: Owner-relative directions as engine offsets for the side moving up the board.
OFFSETS = {"F": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0),
           "FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}


def engine_square(sq: int) -> int:
    row, col = divmod(sq, SIZE)
    return (SIZE - 1 - row) * SIZE + col


def _atoms(rules: TaiShogiRules, abbr: str) -> tuple[Atom, ...]:
    out: list[Atom] = []
    forward_only = rules.options["peacock"] == "forward" and abbr == "PC"
    for atom in data.parse_move(rules.move_text(abbr)):
        offs = tuple(OFFSETS[d] for d in atom.dirs)
        if atom.name == "step":
            out.append(Leap(offs))
        elif atom.name == "slide":
            out.append(Slide(offs, limit=atom.limit))
        elif atom.name == "jump":
            out.append(Leap(tuple((2 * x, 2 * y) for x, y in offs)))
        elif atom.name == "knight":
            out.append(Leap(((-1, 2), (1, 2))))
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
                    turns = tuple(o for o in turns if o[1] > 0)
                legs.append(((x, y), turns))
            out.append(Hook(tuple(legs)))
        elif atom.name == "universal":
            out.append(Universal())
    return tuple(out)


def spec_of(rules: TaiShogiRules) -> GameSpec:
    """The engine spec of these rules (kinds in table order, so board codes are identical)."""
    o = rules.options
    unsupported = {k: v for k, v in (("promotion_rule", "always"), ("deva_rule", False))
                   if o[k] != v}
    if o["emperor"] == "ludii":
        unsupported["emperor"] = "ludii"
    if unsupported:
        raise ValueError(f"the piece engine cannot play these options yet: {unsupported}")
    kinds = []
    for abbr in ORDER:
        k = KINDS[abbr]
        target = rules.promotes_to(abbr)
        promo = Promotion((target,), when="capture") if target else None
        kinds.append(PieceKind(abbr, abbr, k.name, _atoms(rules, abbr), royal=k.royal,
                               value=k.value, promotion=promo,
                               extra={"kanji": k.kanji, "romaji": k.romaji}))
    return GameSpec(SIZE, SIZE, tuple(kinds), orientation="rotate", legality="royals",
                    stalemate="loss", repetition=0, move_rule=0,
                    emperor_literal=o["emperor"] == "literal", mark_promoted=True)


def engine_board(board: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * (SIZE * SIZE)
    for sq, p in enumerate(board):
        out[engine_square(sq)] = p
    return tuple(out)


def same_codes(spec: GameSpec) -> Any:
    """Kind numbers agree with ours (engine kind index + 1 = our kind number)."""
    return all(k.id == ORDER[i] for i, k in enumerate(spec.kinds))
