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

`hits` and `captures_on` spell every way out (`Hit`, `Term`) for the screens; `find_captures`,
the computer's hot spot, takes a fast path that gives the same list without them.
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
    return _listed(board, z, whole, ransoms, vacuous=vacuous)


def _listed(board: Board, z: int, whole: set[tuple[str, tuple[int, ...]]],
            ransoms: dict[tuple[int, ...], set[int]], *, vacuous: bool = False) -> list[Capture]:
    """The captures of the piece at z, in their one order: the whole takings sorted by (kind,
    squares), then each ransom's squares with the pieces it may take (shared by `captures_on`
    and the fast `find_captures`, so both list the same moves the same way)."""
    out = [Capture(kind, z, by, z) for kind, by in sorted(whole)]
    for by in sorted(ransoms):
        takes: set[int] = set()
        for layer in ransoms[by]:
            takes.update(ransom_choices(board, z, layer))
        if not takes and vacuous:
            takes.add(z)
        out.extend(Capture(RANSOM, z, by, t) for t in sorted(takes))
    return out


def _find_captures_reference(board: Board, side: int, *, siege_edges: bool = True,
                             active: frozenset[int] | None = None) -> list[Capture]:
    """`find_captures` the slow, plain way: `captures_on` (every `Hit`) on each victim. Kept as
    the reference the fast path is tested against (tests/games/rithmomachia)."""
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


# -- the fast path ----------------------------------------------------------------------------
# The computer's search spends most of its time here (a few calls per turn searched), and most
# enemy pieces have no own piece beside them nor on a line to them: the fast path looks at
# each victim's surroundings with plain ints and tuples, stops there when nothing is near, and
# otherwise computes only which (kind, squares) reach a target, no `Hit` or `Term` built. It
# must give exactly `_find_captures_reference`'s list (tests/games/rithmomachia/
# test_captures_fast.py compares them on many positions).

#: For each square, its lines as (the square next to it, ((k, square), ...) further on), k
#: being the number of squares between: the ray walk of an attack without counting.
_LINES: tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...] = tuple(
    tuple((ray[0], tuple(enumerate(ray[1:], 1))) for ray in rays if ray) for rays in RAYS)
#: Index groups of 1, 2 and 3 among n neighbours (n <= 4), in `combinations` order.
_GROUPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(g for size in (1, 2, 3) for g in combinations(range(n), size)) for n in range(5))
#: A way to reach a victim, as the fast path finds it: (kind, squares in order, number reached).
Way = tuple[str, tuple[int, ...], int]


def find_captures(board: Board, side: int, *, siege_edges: bool = True,
                  active: frozenset[int] | None = None) -> list[Capture]:
    """Every capture `side` may make now (restricted to `active` squares in phase 3), victim by
    victim in square order: the same list as `captures_on` over every enemy piece gives.

    The look around each victim (its neighbours, the first piece on each of its lines) is
    written out in the loop: it is most of the work, and for most victims it finds nothing."""
    victims: Iterable[int]
    if active is not None:
        victims = _victims_of_active(board, side, active)
    else:
        victims = [z for z, p in enumerate(board) if p is not None and p.owner != side]
    out: list[Capture] = []
    # z's own neighbours as (square, piece), its attackers as (square, piece, k): most victims
    # leave them empty, so they are only made anew once used
    own: list[tuple[int, Piece]] = []
    attackers: list[tuple[int, Piece, int]] = []
    for z in victims:
        for near, beyond in _LINES[z]:
            first = board[near]
            if first is None:
                for k, sq in beyond:
                    piece = board[sq]
                    if piece is not None:
                        if k >= 2 and piece.owner == side:
                            attackers.append((sq, piece, k))
                        break
            elif first.owner == side:
                own.append((near, first))
        if not own and not attackers:
            continue
        victim = board[z]
        assert victim is not None
        if own or _attack_reaches(attackers, victim):
            # besieged: every neighbour is own (and there are four, unless edges count)
            besieged = len(own) == len(_LINES[z]) and (siege_edges or len(own) == 4)
            out.extend(_captures_near(board, z, victim, own, attackers, besieged, active))
        own, attackers = [], []
    return out


def _victims_of_active(board: Board, side: int, active: frozenset[int]) -> list[int]:
    """Enemy pieces an active piece may take part in capturing, in square order: a capture's
    squares are the victim's neighbours and attackers, so the victim is the first piece on a
    line from an active square, next to it or with k >= 2 empty squares between."""
    found: set[int] = set()
    for a in active:
        for near, beyond in _LINES[a]:
            piece = board[near]
            if piece is None:
                for k, sq in beyond:
                    piece = board[sq]
                    if piece is not None:
                        if k >= 2 and piece.owner != side:
                            found.add(sq)
                        break
            elif piece.owner != side:
                found.add(near)
    return sorted(found)


def _attack_reaches(attackers: list[tuple[int, Piece, int]], victim: Piece) -> bool:
    """Whether an attack (X, k) of `attackers` reaches a number t of the victim: X * k = t or
    X / k = t, i.e. X = t * k (most attacks reach nothing, and alone they make no other way)."""
    wanted = targets_of(victim)
    for _, piece, k in attackers:
        values = values_of(piece)
        for t in wanted:
            if t * k in values or t % k == 0 and t // k in values:
                return True
    return False


def _captures_near(board: Board, z: int, victim: Piece, own: list[tuple[int, Piece]],
                   attackers: list[tuple[int, Piece, int]], besieged: bool,
                   active: frozenset[int] | None) -> list[Capture]:
    """`captures_on` for the enemy `victim` at z, given its own neighbours (square, piece), its
    attackers (square, piece, k) and whether it is besieged, without building the `Hit`s: only
    the sums that reach a target are looked for."""
    value = victim.value
    wanted = targets_of(victim)
    attacks: list[tuple[int, int]] = []  # (attacker's square, X*k or X/k)
    for sq, piece, k in attackers:
        for v in values_of(piece):
            attacks.append((sq, v * k))
            if v % k == 0:
                attacks.append((sq, v // k))
    ways: list[Way] = [(ATTACK, (sq,), amount) for sq, amount in attacks if amount in wanted]
    if own:
        own.sort()  # by square (squares differ: pieces are never compared)
        squares = [sq for sq, _ in own]
        if besieged:
            ways.append((SIEGE, tuple(squares), value))
        ways.extend(_neighbour_ways(squares, [values_of(p) for _, p in own], attacks, wanted))
    if not ways:
        return []
    whole: set[tuple[str, tuple[int, ...]]] = set()
    ransoms: dict[tuple[int, ...], set[int]] = {}
    for kind, by, reached in ways:
        if active is not None and active.isdisjoint(by):
            continue
        if reached == value:
            whole.add((kind, by))
        else:
            ransoms.setdefault(by, set()).add(reached)
    return _listed(board, z, whole, ransoms)


def _neighbour_ways(own: list[int], values: list[tuple[int, ...]],
                    attacks: list[tuple[int, int]], wanted: tuple[int, ...]) -> list[Way]:
    """The meetings, ambushes and combinations of the own neighbours on the squares `own` (in
    increasing order; `values`: the values each may use) and the attack amounts (square,
    amount) that reach one of `wanted` (a siege and a bare attack are apart)."""
    out: list[Way] = [(MEETING, (sq,), v) for sq, vals in zip(own, values, strict=True)
                      for v in vals if v in wanted]
    for group in _GROUPS[len(own)]:
        if len(group) == 1 and not attacks:
            continue  # a lone neighbour only meets (signs matter only added to an attack)
        sums = _signed_sums([values[i] for i in group])
        if len(group) > 1:
            for t in wanted:
                if t in sums:
                    out.append((AMBUSH, tuple(own[i] for i in group), t))
        for sq, amount in attacks:
            for t in wanted:
                if t - amount in sums:
                    out.append((COMBINATION, tuple(sorted((sq, *(own[i] for i in group)))), t))
    return out


def _signed_sums(values: Sequence[tuple[int, ...]]) -> set[int]:
    """Every signed sum of one value of each piece (a pyramid offers each of its values): the
    numbers `_signed` reaches, without its terms."""
    sums = {0}
    for choice in values:
        sums = {s + sign * v for s in sums for v in choice for sign in (1, -1)}
    return sums


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
