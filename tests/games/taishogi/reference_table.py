"""The Tai Shogi moves as the table wrote them before the piece notation, in its own dialect
(`step:F,B slide2:L,R ...`), with the reader of that dialect: the independent side of the
cross-checks (reference_movegen.py reads these, the game reads pieces.txt).

Atoms: step, slide, slideN (N = 2, 3, 5), jump (to the 2nd square), knight, lion, lionline
(the Lion's power on lines, 2 deep), lion3 (the three-step linear Lion), hook (a slide, then
one at a right angle), universal. Directions are the owner's: F B L R FL FR BL BR, or the
groups orth, diag, all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MOVES: dict[str, str] = {
    "E": "universal",
    "CP": "step:all",
    "P": "step:F",
    "L": "slide:F",
    "S": "step:F,diag",
    "G": "step:orth,FL,FR",
    "C": "step:F,B,FL,FR",
    "B": "slide:diag",
    "R": "slide:orth",
    "AB": "step:orth",
    "DH": "slide:diag step:orth",
    "DK": "slide:orth step:diag",
    "BB": "step:diag slide:B",
    "FL": "step:F,B,diag",
    "FK": "slide:all",
    "BT": "step:B,L,R,diag",
    "Ky": "step:diag jump:orth",
    "Ph": "step:orth jump:diag",
    "Ln": "lion",
    "RC": "slide:F,B",
    "SM": "step:F,B slide:L,R",
    "VM": "step:L,R slide:F,B",
    "BDe": "slide3:FL,FR step:B,L,R",
    "CSw": "step:diag",
    "Ca": "hook:diag",
    "CC": "step:FL,FR,L,R,B",
    "CS": "step:F,B,BL,BR",
    "DSp": "step:FL,FR,R,BL",
    "EW": "step:F,FL,FR,L,R",
    "DV": "step:FL,FR,L,BR",
    "FD": "slide2:diag",
    "Do": "step:L,R jump:F,B",
    "DE": "step:F,L,R,diag",
    "Ea": "step:F,B",
    "GB": "step:F,B",
    "GG": "slide3:orth step:FL,FR",
    "N": "knight",
    "HM": "hook:orth",
    "OM": "step:B,diag",
    "I": "step:F,FL,FR",
    "LCh": "slide:F,FL,BR step:B",
    "RD": "step:orth,BL,BR",
    "LD": "slide3:all",
    "BD": "slide2:F,B slide:L,R,FR step:FL",
    "T": "step:FL,FR,B",
    "Wr": "slide3:diag step:L,R",
    "RCh": "slide:F,FR,BL step:B",
    "SD": "slide5:orth slide2:diag",
    "St": "step:FL,FR",
    "VO": "slide2:orth",
    "OR": "slide2:B,FL,FR",
    "BM": "step:L,R,diag",
    "D": "slide2:orth slide5:diag",
    "EB": "slide2:F,B step:L,R,FL,FR",
    "EBa": "slide2:F,L,R",
    "FH": "step:orth slide2:FL,FR",
    "FDe": "slide5:F,B slide:L,R,diag",
    "FTp": "slide:F,B,diag slide5:L,R",
    "GBd": "slide:F,B slide2:L,R slide3:diag",
    "GD": "slide2:F,B slide:L,R slide3:diag",
    "HD": "slide:F step:B",
    "LG": "step:diag,F,B,R",
    "RG": "step:diag,F,B,L",
    "LGn": "step:orth hook:diag",
    "NK": "step:F,L,R,diag",
    "NB": "slide2:FL,FR step:L,R,BL,BR",
    "OK": "slide2:orth step:FL,FR",
    "RB": "slide:F,L,R,diag",
    "SB": "slide2:BL,BR step:L,R,FL,FR",
    "SBr": "slide:F,FL,FR slide2:B,L,R,BL,BR",
    "WBf": "slide2:F,B slide:L,R,diag",
    "WB": "slide2:L,R step:F,B,FL,FR",
    "W": "slide:F,B,BL,BR",
    "WE": "slide2:orth,FL,FR slide:BL,BR",
    "WH": "slide:F,B,FL,FR",
    "WT": "slide:F,B,FL slide2:L,R step:FR",
    "Wo": "slide2:FL,FR",
    "FE": "step:L,R slide2:diag",
    "FO": "slide:F,B,diag",
    "GDe": "slide:FL,FR slide2:BL,BR",
    "HF": "slide:B,L,R,diag lionline:F",
    "PC": "hook:FL,FR slide2:BL,BR",
    "PS": "step:L,R jump:F,BL,BR",
    "PSt": "step:F,diag slide2:L,R",
    "RS": "slide:FL,FR",
    "SDr": "slide:F,L,R step:B",
    "SCh": "slide:orth step:BL,BR",
    "SDe": "slide:BL,BR slide2:FL,FR",
    "SE": "slide:orth,BL,BR lionline:FL,FR",
    "So": "slide:orth,BL,BR",
    "TS": "step:F slide:FL,FR,B slide2:BL,BR",
    "VS": "slide:F,FL,FR step:B slide2:BL,BR",
    "VBe": "step:L,R slide2:FL,FR",
    "BSp": "lion slide:all",
    "FEl": "slide:FL,FR slide2:F,B,L,R,BL,BR",
    "FF": "lion slide3:all",
    "GE": "slide3:F,B,FL,FR slide5:L,R,BL,BR",
    "MW": "step:F slide:B,diag",
    "SMo": "slide:orth step:FL,FR",
    "TK": "slide:all",
    "WS": "slide:F,diag step:B",
    "Bat": "slide:F,BL,BR",
    "FrBe": "slide:L,R,diag knight",
    "FrBo": "slide:L,R,diag",
    "FrTi": "slide:B,L,R,diag",
    "FrLe": "slide:F,B,diag",
    "FrDr": "slide:orth,BL,BR",
    "FrWo": "slide:F,L,R,FL,FR",
    "FrCa": "slide:diag",
    "FrSe": "slide:F,B,BL,BR",
    "FrG": "slide:orth,FL,FR",
    "FrS": "slide:F,diag",
    "FrC": "slide:F,B,FL,FR",
    "FrT": "slide:FL,FR,B",
    "FrI": "slide:F,FL,FR",
    "FrSt": "slide:FL,FR",
    "FrEa": "slide:F,B",
}

#: The §5.4 alternatives of a kind's move (option, value) -> (kind, move).
ALTERNATIVE_MOVES: dict[tuple[str, object], tuple[str, str]] = {
    ("lion_dog", "lion"): ("LD", "lion3:all"),
    ("teaching_king", "lion"): ("TK", "slide:all lion3:all"),
    ("turtle_snake", "data"): ("TS", "slide:F,FL,FR step:B slide2:BL,BR"),
}

DIRECTIONS = ("F", "B", "L", "R", "FL", "FR", "BL", "BR")
DIRECTION_GROUPS = {
    "orth": ("F", "B", "L", "R"),
    "diag": ("FL", "FR", "BL", "BR"),
    "all": DIRECTIONS,
}
#: atom name -> whether it takes directions
ATOMS = {"step": True, "slide": True, "jump": True, "knight": False, "lion": False,
         "lionline": True, "lion3": True, "hook": True, "universal": False}


@dataclass(frozen=True, slots=True)
class Atom:
    """One way of moving: `name` from ATOMS, owner-relative `dirs`, `limit` for slideN."""

    name: str
    dirs: tuple[str, ...] = ()
    limit: int = 0


def move_text(options: Mapping[str, Any], abbr: str) -> str:
    """The old dialect's move of a kind under these options."""
    for (option, value), (kind, text) in ALTERNATIVE_MOVES.items():
        if kind == abbr and options[option] == value:
            return text
    return MOVES[abbr]


def parse_move(text: str) -> tuple[Atom, ...]:
    """Read a move string such as `slide2:F,B slide:L,R step:FL` into atoms."""
    atoms: list[Atom] = []
    for token in text.split():
        name, _, dir_text = token.partition(":")
        limit = 0
        if name.startswith("slide") and name != "slide":
            limit = int(name[5:])
            assert limit in (2, 3, 5), text
            name = "slide"
        assert name in ATOMS, text
        dirs: list[str] = []
        for d in filter(None, dir_text.split(",")):
            for g in DIRECTION_GROUPS.get(d, (d,)):
                assert g in DIRECTIONS, text
                if g not in dirs:
                    dirs.append(g)
        assert ATOMS[name] == bool(dirs), text
        atoms.append(Atom(name, tuple(dirs), limit))
    return tuple(atoms)


#: The old dialect's directions as engine offsets (Black's forward is toward row 0).
OFFSETS = {"F": (0, -1), "B": (0, 1), "L": (-1, 0), "R": (1, 0),
           "FL": (-1, -1), "FR": (1, -1), "BL": (-1, 1), "BR": (1, 1)}


def engine_atoms(options: Mapping[str, Any], abbr: str) -> tuple[Any, ...]:
    """A kind's engine atoms as the game built them from this dialect before the piece
    notation (the Peacock's forward option filtered its hook's turns in code)."""
    from game.pieces.atoms import Hook, Leap, Lion, LionLine, Slide, Universal

    forward = {OFFSETS["FL"], OFFSETS["FR"]}
    only_forward = options["peacock"] == "forward" and abbr == "PC"
    out: list[Any] = []
    for atom in parse_move(move_text(options, abbr)):
        offs = tuple(OFFSETS[d] for d in atom.dirs)
        if atom.name == "step":
            out.append(Leap(offs))
        elif atom.name == "slide":
            out.append(Slide(offs, limit=atom.limit))
        elif atom.name == "jump":
            out.append(Leap(tuple((2 * x, 2 * y) for x, y in offs)))
        elif atom.name == "knight":
            out.append(Leap(((-1, -2), (1, -2))))
        elif atom.name == "lion":
            out.append(Lion())
        elif atom.name in ("lionline", "lion3"):
            out.append(LionLine(offs, 2 if atom.name == "lionline" else 3))
        elif atom.name == "hook":
            legs = []
            for x, y in offs:
                turns = tuple(o for o in OFFSETS.values() if o[0] * x + o[1] * y == 0
                              and (abs(o[0]) == abs(o[1])) == (abs(x) == abs(y)))
                if only_forward:
                    turns = tuple(o for o in turns if o in forward)
                legs.append(((x, y), turns))
            out.append(Hook(tuple(legs)))
        else:
            out.append(Universal(options["emperor"]))
    return tuple(out)
