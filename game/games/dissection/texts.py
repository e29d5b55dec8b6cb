"""What the dissection screens say in words: a piece's name, what is wrong with a full figure,
what a hint did (no pygame: the sentences are tested as text)."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.dissection.geometry import Fault, PieceSet
from game.games.dissection.rules import HintPlan


def piece_name(pieces: PieceSet, i: int, numbered: bool) -> str:
    """How the screen names a piece: "large triangle", or "piece 8" when pieces are numbered."""
    return f"piece {pieces.ids[i].lstrip('P')}" if numbered else pieces.names[i]


def fault_text(pieces: PieceSet, numbered: bool, f: Fault, found: Sequence[Fault]
               ) -> tuple[str, str]:
    """The fault `f` (one of `found`) in words for the status bar: which piece is wrong, and by
    how much."""
    pct = f"{max(1, round(100 * f.share))} %"
    if f.kind == "outside":
        return (f"The {piece_name(pieces, f.pieces[0], numbered)} sticks out of the figure",
                f"{pct} of it, in red")
    if f.kind == "overlap":
        # name first the piece caught in most faults: the likeliest one out of place
        a, b = sorted(f.pieces, key=lambda i: (-sum(i in g.pieces for g in found),
                                               pieces.areas[i]))
        small = a if pieces.areas[a] <= pieces.areas[b] else b
        whose = "it" if small == a else f"the {piece_name(pieces, small, numbered)}"
        return (f"The {piece_name(pieces, a, numbered)} overlaps the "
                f"{piece_name(pieces, b, numbered)}", f"{pct} of {whose}, in red")
    return "Part of the figure is still bare", f"{pct} of it, in red"


def hint_note(plan: HintPlan, name: str, free: bool) -> str:
    """What the hint did, in words: above all when it could not keep every placed piece."""
    cost = "" if free else " Each hint costs a star."
    if plan.kind == "blocker":
        return (f"No solution keeps all your pieces where they are: the {name} had to move. "
                f"The others stay.{cost}")
    if plan.kind == "stored":
        return (f"Your pieces cannot all stay in any solution: the {name} goes to its place in "
                f"the model solution, and pieces in its way went back to the tray.{cost}")
    if plan.kind == "cut":
        return (f"No quick way round your pieces was found: the {name} goes to its place in "
                f"the model solution.{cost}")
    return f"Hint: the {name} goes here; your pieces stay.{cost}"
