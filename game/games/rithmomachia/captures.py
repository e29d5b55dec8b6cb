"""Finding captures: attack, meeting, ambush, siege, combination, and the pyramids' ransom.

Pure arithmetic on a board (a tuple of 128 cells, each None or a Piece). Every rule here is the
reading of docs/rules/rithmomachia.md (R7-R13, A6-A11, A17, A20-A22):

* attack: own X on the victim's file or rank with k >= 2 empty squares between: X*k or X/k;
* meeting: own X next to the victim, with an equal value;
* ambush: 2 or 3 own pieces next to the victim, their values added or subtracted;
* combination: one attack term (always added) and 1-3 own neighbours, each added or subtracted;
* siege: each of the victim's four neighbours is an own piece or (option) off the board;
* a pyramid may use its full value or any one layer; aimed at a pyramid, a quantity equal to
  its full value takes it whole, equal to a layer ransoms it: the capturer takes a piece of the
  pyramid's owner worth that layer, anywhere, or failing that any of its pieces but the pyramid.

A capture is a `Capture(kind, victim, by, take)`: `victim` is the square aimed at, `by` the
capturing squares in increasing order, `take` the square of the piece that goes (the victim,
or for a ransom the piece chosen). `explain` writes the arithmetic for the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from game.i18n import N_

from .pieces import NEIGHBOURS, PYRAMID, PYRAMID_LAYERS, RAYS, Piece, square_name, values_of

ATTACK, MEETING, AMBUSH, SIEGE, COMBINATION, RANSOM = (
    "attack", "meeting", "ambush", "siege", "combination", "ransom")
KINDS = (ATTACK, MEETING, AMBUSH, SIEGE, COMBINATION, RANSOM)
#: The kinds as the screens name them (the ids above stay language-neutral, in files too).
KIND_WORDS = {ATTACK: N_("attack"), MEETING: N_("meeting"), AMBUSH: N_("ambush"),
              SIEGE: N_("siege"), COMBINATION: N_("combination"), RANSOM: N_("ransom")}

Board = Sequence[Piece | None]


@dataclass(frozen=True, slots=True)
class Capture:
    """One capture the side to move may make (a move of a capture phase)."""

    kind: str
    victim: int
    by: tuple[int, ...]
    take: int


@dataclass(frozen=True, slots=True)
class Term:
    """One number of a capture's arithmetic: a piece's value, times or over k for an attack."""

    square: int
    value: int
    sign: int = 1      # +1 or -1
    times: int = 0     # attack: the multiplier k
    over: int = 0      # attack: the divisor k

    @property
    def amount(self) -> int:
        if self.times:
            return self.value * self.times
        if self.over:
            return self.value // self.over
        return self.value


@dataclass(frozen=True, slots=True)
class Hit:
    """A way to reach a victim: the method, the squares, the number reached and its terms."""

    method: str
    by: tuple[int, ...]
    reached: int
    terms: tuple[Term, ...]


def _attack_terms(board: Board, side: int, z: int) -> list[Term]:
    """Own pieces on z's lines with k >= 2 empty squares between: each usable X*k and X/k."""
    out: list[Term] = []
    for ray in RAYS[z]:
        k = 0
        for sq in ray:
            piece = board[sq]
            if piece is None:
                k += 1
                continue
            if piece.owner == side and k >= 2:
                for v in values_of(piece):
                    out.append(Term(sq, v, times=k))
                    if v % k == 0:
                        out.append(Term(sq, v, over=k))
            break
    return out


def _signed(pieces: Sequence[tuple[int, Piece]]) -> Iterator[tuple[int, tuple[Term, ...]]]:
    """Every signed sum of one value of each piece (a pyramid offers each of its values)."""
    choices = [[(sq, v) for v in values_of(p)] for sq, p in pieces]
    for picked in product(*choices):
        for signs in product((1, -1), repeat=len(picked)):
            terms = tuple(Term(sq, v, s) for (sq, v), s in zip(picked, signs, strict=True))
            yield sum(s * v for (_, v), s in zip(picked, signs, strict=True)), terms


def hits(board: Board, side: int, z: int, targets: Iterable[int], *,
         siege_edges: bool = True) -> Iterator[Hit]:
    """Every way `side` reaches one of `targets` on the enemy piece at z (siege reaches all)."""
    wanted = set(targets)
    neighbours = NEIGHBOURS[z]
    own = [(sq, board[sq]) for sq in neighbours
           if board[sq] is not None and board[sq].owner == side]  # type: ignore[union-attr]
    own_pieces: list[tuple[int, Piece]] = [(sq, p) for sq, p in own if p is not None]
    # siege: every neighbour on the board is ours, and (unless edges count) there are four
    if own_pieces and len(own_pieces) == len(neighbours) and (siege_edges or len(neighbours) == 4):
        victim = board[z]
        assert victim is not None
        yield Hit(SIEGE, tuple(sorted(sq for sq, _ in own_pieces)), victim.value, ())
    attacks = _attack_terms(board, side, z)
    for term in attacks:
        if term.amount in wanted:
            yield Hit(ATTACK, (term.square,), term.amount, (term,))
    for sq, piece in own_pieces:
        for v in values_of(piece):
            if v in wanted:
                yield Hit(MEETING, (sq,), v, (Term(sq, v),))
    for size in (2, 3):
        for group in combinations(own_pieces, size):
            by = tuple(sorted(sq for sq, _ in group))
            for total, terms in _signed(group):
                if total in wanted:
                    yield Hit(AMBUSH, by, total, terms)
    if attacks:
        for size in (1, 2, 3):
            for group in combinations(own_pieces, size):
                for total, terms in _signed(group):
                    for term in attacks:
                        reached = term.amount + total
                        if reached in wanted:
                            by = tuple(sorted((term.square, *(sq for sq, _ in group))))
                            yield Hit(COMBINATION, by, reached, (term, *terms))


def targets_of(piece: Piece) -> tuple[int, ...]:
    """Numbers that hit a piece: its value, and for a pyramid each layer too (for a ransom)."""
    if piece.shape == PYRAMID:
        return (piece.value, *PYRAMID_LAYERS[piece.value])
    return (piece.value,)


def ransom_choices(board: Board, pyramid_square: int, layer: int) -> list[int]:
    """Squares of the pieces a ransom of `layer` on the pyramid at `pyramid_square` may take."""
    pyramid = board[pyramid_square]
    assert pyramid is not None
    enemy = pyramid.owner
    same = [sq for sq, p in enumerate(board)
            if p is not None and p.owner == enemy and p.value == layer and sq != pyramid_square]
    if same:
        return same
    return [sq for sq, p in enumerate(board)
            if p is not None and p.owner == enemy and sq != pyramid_square]


def captures_on(board: Board, side: int, z: int, *, siege_edges: bool = True,
                active: frozenset[int] | None = None, vacuous: bool = False) -> list[Capture]:
    """The distinct captures of the enemy piece at z (only those using an `active` square, if
    given: phase 3 allows only captures the moved piece, or a piece won then, takes part in).

    A ransom whose owner has no piece but the pyramid takes nothing (A20), so it is no move;
    with `vacuous` it is still listed, taking the pyramid's own square (for the capture list)."""
    victim = board[z]
    if victim is None or victim.owner == side:
        return []
    whole: set[tuple[str, tuple[int, ...]]] = set()
    ransoms: dict[tuple[int, ...], set[int]] = {}
    for hit in hits(board, side, z, targets_of(victim), siege_edges=siege_edges):
        if active is not None and not active.intersection(hit.by):
            continue
        if hit.method == SIEGE or hit.reached == victim.value:
            whole.add((hit.method, hit.by))
        else:
            ransoms.setdefault(hit.by, set()).add(hit.reached)
    out = [Capture(kind, z, by, z) for kind, by in sorted(whole)]
    for by in sorted(ransoms):
        takes: set[int] = set()
        for layer in ransoms[by]:
            takes.update(ransom_choices(board, z, layer))
        if not takes and vacuous:
            takes.add(z)
        out.extend(Capture(RANSOM, z, by, t) for t in sorted(takes))
    return out


def find_captures(board: Board, side: int, *, siege_edges: bool = True,
                  active: frozenset[int] | None = None) -> list[Capture]:
    """Every capture `side` may make now (restricted to `active` squares in phase 3)."""
    out: list[Capture] = []
    if active is not None:
        # only victims the active pieces can reach: on their lines or next to a neighbour
        near: set[int] = set()
        for a in active:
            for ray in RAYS[a]:
                near.update(ray)
        victims: Iterable[int] = sorted(near)
    else:
        victims = range(len(board))
    for z in victims:
        piece = board[z]
        if piece is not None and piece.owner != side:
            out.extend(captures_on(board, side, z, siege_edges=siege_edges, active=active))
    return out


def explain(board: Board, side: int, capture: Capture, *, siege_edges: bool = True) -> str:
    """The arithmetic of a capture for people, e.g. "25 × 2 + 2 + 4 = 56" (names squares for a
    siege). Empty if the capture is not available."""
    victim = board[capture.victim]
    if victim is None:
        return ""
    for hit in hits(board, side, capture.victim, targets_of(victim), siege_edges=siege_edges):
        if hit.by != capture.by:
            continue
        whole = hit.method == SIEGE or hit.reached == victim.value
        if capture.kind == RANSOM and whole or capture.kind != RANSOM and (
                hit.method != capture.kind or not whole):
            continue
        if hit.method == SIEGE:
            return (f"{victim.value} on {square_name(capture.victim)} is besieged by "
                    + ", ".join(square_name(s) for s in hit.by))
        return formula(hit.terms, hit.reached)
    return ""


def formula(terms: Sequence[Term], reached: int) -> str:
    """Terms and result as a sum: the attack term first, then what is added, largest first,
    then what is subtracted."""
    parts: list[str] = []
    for i, t in enumerate(sorted(terms, key=lambda t: (not (t.times or t.over), -t.sign,
                                                       -t.amount))):
        text = str(t.value)
        if t.times:
            text += f" × {t.times}"
        elif t.over:
            text += f" ÷ {t.over}"
        if i == 0:
            parts.append(text if t.sign > 0 else f"−{text}")
        else:
            parts.append(("+ " if t.sign > 0 else "− ") + text)
    return " ".join(parts) + f" = {reached}"
