"""What the dissection screens say in words: a piece's name, what is wrong with a full figure,
what a hint did (no pygame: the sentences are tested as text)."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.dissection.geometry import Fault, PieceSet
from game.games.dissection.rules import HintPlan
from game.i18n import _


def piece_name(pieces: PieceSet, i: int, numbered: bool) -> str:
    """How the screen names a piece, with its article: "the large triangle" ("le grand
    triangle"), or "piece 8" ("la pièce 8") when pieces are numbered; the article travels with
    the name because French needs the piece's gender."""
    return _("piece {n}").format(n=pieces.ids[i].lstrip("P")) if numbered else \
        _(pieces.names[i])


def cap(text: str) -> str:
    """`text` with a capital first letter (a piece's name opening a sentence)."""
    return text[:1].upper() + text[1:]


def fault_text(pieces: PieceSet, numbered: bool, f: Fault, found: Sequence[Fault]
               ) -> tuple[str, str]:
    """The fault `f` (one of `found`) in words for the status bar: which piece is wrong, and by
    how much."""
    pct = f"{max(1, round(100 * f.share))} %"
    if f.kind == "outside":
        return (cap(_("{piece} sticks out of the figure").format(
            piece=piece_name(pieces, f.pieces[0], numbered))),
                _("{share} of it, in red").format(share=pct))
    if f.kind == "overlap":
        # name first the piece caught in most faults: the likeliest one out of place
        a, b = sorted(f.pieces, key=lambda i: (-sum(i in g.pieces for g in found),
                                               pieces.areas[i]))
        small = a if pieces.areas[a] <= pieces.areas[b] else b
        share = _("{share} of it, in red").format(share=pct) if small == a else \
            _("{share} of {piece}, in red").format(share=pct,
                                                   piece=piece_name(pieces, small, numbered))
        return (cap(_("{piece} overlaps {other}").format(
            piece=piece_name(pieces, a, numbered), other=piece_name(pieces, b, numbered))),
                share)
    return _("Part of the figure is still bare"), _("{share} of it, in red").format(share=pct)


def hint_note(plan: HintPlan, name: str, free: bool) -> str:
    """What the hint did, in words: above all when it could not keep every placed piece."""
    cost = "" if free else " " + _("Each hint costs a star.")
    if plan.kind == "blocker":
        return _("No solution keeps all your pieces where they are: {piece} had to move. The "
                 "others stay.").format(piece=name) + cost
    if plan.kind == "stored":
        return _("Your pieces cannot all stay in any solution: {piece} goes to its place in the "
                 "model solution, and pieces in its way went back to the tray.").format(
                     piece=name) + cost
    if plan.kind == "cut":
        return _("No quick way round your pieces was found: {piece} goes to its place in the "
                 "model solution.").format(piece=name) + cost
    return _("Hint: {piece} goes here; your pieces stay.").format(piece=name) + cost
