"""Test-only brute-force solver for the Jeu de pions: a memoised full game-tree search.

It shares no code with the game package (cells are bits of an int, moves are (from, to) pairs with
to == 0 for a removal), so agreeing with `ai.winning_moves` is a real cross-check of the D-list
theory, including the misère exceptions.
"""

from __future__ import annotations

from functools import cache


def cells_of(mask: int) -> list[int]:
    """Occupied cells, nearest the end first (bit c-1 is cell c)."""
    return [i + 1 for i in range(mask.bit_length()) if mask >> i & 1]


def mask_of(cells: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << (c - 1)
    return m


def moves(mask: int) -> list[tuple[int, int]]:
    """Every legal move straight from the rules' wording."""
    cells = cells_of(mask)
    if not cells:
        return []
    result = [(cells[0], 0)]  # take off the pawn nearest the end
    ahead = 0  # the end, or the pawn in front
    for c in cells:
        result.extend((c, d) for d in range(ahead + 1, c))
        ahead = c
    return result


def apply(mask: int, move: tuple[int, int]) -> int:
    frm, to = move
    mask &= ~(1 << (frm - 1))
    if to:
        mask |= 1 << (to - 1)
    return mask


@cache
def mover_wins(mask: int, misere: bool) -> bool:
    """True when the player to move wins with best play."""
    if mask == 0:
        return misere  # the opponent took the last pawn
    return any(not mover_wins(apply(mask, m), misere) for m in moves(mask))


def winning(mask: int, misere: bool) -> set[tuple[int, int]]:
    return {m for m in moves(mask) if not mover_wins(apply(mask, m), misere)}
