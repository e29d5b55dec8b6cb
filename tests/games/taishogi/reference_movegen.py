"""The reference generator of the Tai Shogi tests: the package's own move generation from before
the rules stood on the shared piece engine (game/pieces), kept only so that the engine can be
cross-checked against an independent implementation (test_engine_crosscheck.py). Nothing in
`game/` imports it.

Move generation for Tai Shogi's movement atoms on a square board (pure, no rules of play).

The board is a flat tuple of ints, one per square (row-major, row 0 = rank a at the top),
0 for empty, else a piece code `kind * 4 + promoted * 2 + owner` (see `code`). Atoms come from
`reference_table.Atom` (the table's moves in the old dialect); `compile_kind` turns a kind's owner-relative atoms into absolute ray directions
for each owner once. `piece_moves` lists where one piece can go as (to, captures) pairs with
identical results merged (§6.2); `attacked` lists every square a side could capture on, used by
the Emperor's protection test (§3.4).

`Reference` at the end adds what the rules did on top: promotion by capture under each
§5.4 option, the Emperor's capture test (three readings) and the Deva rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .reference_table import Atom, move_text, parse_move

#: Absolute directions: N S W E NW NE SW SE as (drow, dcol). Black's forward is N.
DELTAS = ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
_BLACK = {"F": 0, "B": 1, "L": 2, "R": 3, "FL": 4, "FR": 5, "BL": 6, "BR": 7}
#: The same direction seen by the other player (rotated 180°).
OPPOSITE = (1, 0, 3, 2, 7, 6, 5, 4)
#: The two directions at a right angle to each direction (a hook's second legs).
PERPENDICULAR = ((2, 3), (2, 3), (0, 1), (0, 1), (5, 6), (4, 7), (4, 7), (5, 6))
ORTH = (0, 1, 2, 3)
DIAG = (4, 5, 6, 7)

STEP, SLIDE, JUMP, KNIGHT, LION, LIONLINE, LION3, HOOK, UNIVERSAL = range(9)
_ATOM_CODES = {"step": STEP, "slide": SLIDE, "jump": JUMP, "knight": KNIGHT, "lion": LION,
               "lionline": LIONLINE, "lion3": LION3, "hook": HOOK, "universal": UNIVERSAL}


def code(kind: int, owner: int, promoted: bool = False) -> int:
    """The board integer of a piece: kind number (from 1), promotion flag, owner (0 or 1)."""
    return kind * 4 + (2 if promoted else 0) + owner


def absolute(direction: str, owner: int) -> int:
    d = _BLACK[direction]
    return d if owner == 0 else OPPOSITE[d]


@dataclass(frozen=True, slots=True)
class Geometry:
    """Precomputed rays for a rows x cols board."""

    rows: int
    cols: int
    rays: tuple[tuple[tuple[int, ...], ...], ...]   # rays[sq][dir] -> squares outward
    knight: tuple[tuple[tuple[int, ...], ...], ...]  # knight[owner][sq] -> landing squares
    ring2: tuple[tuple[int, ...], ...]               # every square within two king steps
    neighbours: tuple[tuple[int, ...], ...]

    @property
    def squares(self) -> int:
        return self.rows * self.cols


def geometry(rows: int, cols: int) -> Geometry:
    rays, ring2, neigh = [], [], []
    knights: list[list[tuple[int, ...]]] = [[], []]
    for sq in range(rows * cols):
        r, c = divmod(sq, cols)
        per_dir = []
        for dr, dc in DELTAS:
            out, rr, cc = [], r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols:
                out.append(rr * cols + cc)
                rr, cc = rr + dr, cc + dc
            per_dir.append(tuple(out))
        rays.append(tuple(per_dir))
        ring2.append(tuple((r + dr) * cols + c + dc for dr in range(-2, 3) for dc in range(-2, 3)
                           if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols))
        neigh.append(tuple((r + dr) * cols + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                           if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols))
        for owner, fwd in ((0, -2), (1, 2)):
            knights[owner].append(tuple((r + fwd) * cols + c + dc for dc in (-1, 1)
                                        if 0 <= r + fwd < rows and 0 <= c + dc < cols))
    return Geometry(rows, cols, tuple(rays), (tuple(knights[0]), tuple(knights[1])),
                    tuple(ring2), tuple(neigh))


#: A compiled atom: (atom code, absolute directions, slide limit, hook second legs per dir).
Compiled = tuple[int, tuple[int, ...], int, tuple[tuple[int, ...], ...]]


def compile_kind(atoms: Iterable[Atom], owner: int,
                 hook_second: dict[str, tuple[str, ...]] | None = None) -> tuple[Compiled, ...]:
    """Atoms with owner-relative directions -> absolute ones for `owner`.

    `hook_second` restricts a hook's second leg per first-leg direction (the Peacock option);
    by default a second leg may take either direction at a right angle.
    """
    out: list[Compiled] = []
    for atom in atoms:
        dirs = tuple(absolute(d, owner) for d in atom.dirs)
        seconds: list[tuple[int, ...]] = [()] * 8
        if atom.name == "hook":
            for rel, d in zip(atom.dirs, dirs, strict=True):
                if hook_second and rel in hook_second:
                    seconds[d] = tuple(absolute(x, owner) for x in hook_second[rel])
                else:
                    seconds[d] = PERPENDICULAR[d]
        out.append((_ATOM_CODES[atom.name], dirs, atom.limit or 99, tuple(seconds)))
    return tuple(out)


Result = tuple[int, tuple[int, ...]]  # (destination, ordered captured squares)


def piece_moves(board: tuple[int, ...] | list[int], sq: int, owner: int,
                compiled: tuple[Compiled, ...], geo: Geometry) -> list[Result]:
    """Every (to, captures) the piece on `sq` can make, identical results merged.

    The Emperor's universal move is not listed here (it needs the protection test): the rules
    add it. `captures` lists victims in the order taken; a pass is (sq, ()).
    """
    out: list[Result] = []
    rays = geo.rays[sq]
    for atom, dirs, limit, seconds in compiled:
        if atom in (SLIDE, STEP):
            n = 1 if atom == STEP else limit
            for d in dirs:
                for i, t in enumerate(rays[d]):
                    if i >= n:
                        break
                    p = board[t]
                    if p:
                        if (p & 1) != owner:
                            out.append((t, (t,)))
                        break
                    out.append((t, ()))
        elif atom == JUMP:
            for d in dirs:
                ray = rays[d]
                if len(ray) > 1:
                    _land(board, ray[1], owner, out)
        elif atom == KNIGHT:
            for t in geo.knight[owner][sq]:
                _land(board, t, owner, out)
        elif atom == LION:
            _lion(board, sq, owner, geo, out)
        elif atom == LIONLINE:
            for d in dirs:
                _lion_line(board, sq, owner, rays[d][:2], 2, out)
        elif atom == LION3:
            for d in dirs:
                _lion_line(board, sq, owner, rays[d][:3], 3, out)
        elif atom == HOOK:
            for d in dirs:
                _hook(board, owner, geo, rays[d], seconds[d], out)
    if len(compiled) > 1 or any(a[0] in (LION, LIONLINE, LION3, HOOK) for a in compiled):
        out = list(dict.fromkeys(out))
    return out


def _land(board: tuple[int, ...] | list[int], t: int, owner: int, out: list[Result]) -> None:
    p = board[t]
    if not p:
        out.append((t, ()))
    elif (p & 1) != owner:
        out.append((t, (t,)))


def _lion(board: tuple[int, ...] | list[int], sq: int, owner: int, geo: Geometry,
          out: list[Result]) -> None:
    """The Lion of §3.4: 24 direct squares, igui, double capture, pass over an empty square."""
    for t in geo.ring2[sq]:
        _land(board, t, owner, out)
    can_pass = False
    for a in geo.neighbours[sq]:
        p = board[a]
        if not p:
            can_pass = True
            continue
        if (p & 1) == owner:
            continue
        out.append((sq, (a,)))  # igui (also: capture, then step back)
        for n in geo.neighbours[a]:
            if n == sq:
                continue
            q = board[n]
            if not q:
                out.append((n, (a,)))
            elif (q & 1) != owner:
                out.append((n, (a, n)))
    if can_pass:
        out.append((sq, ()))


def _lion_line(board: tuple[int, ...] | list[int], sq: int, owner: int, line: tuple[int, ...],
               reach: int, out: list[Result]) -> None:
    """Lion powers along one line of 2 (Horned Falcon, Soaring Eagle) or 3 squares (Lion Dog).

    Any square of the line can be reached, leaping; each enemy on a passed square may be taken
    or left; an enemy on the destination is taken. On the 2-square line the Lion extras hold:
    igui on the 1st square and stepping out to it and back (a pass). On the 3-square line a
    piece may also take on the 2nd square and come back to the 1st (§3.4). `line` is cut
    short by the board's edge, so `reach` says which line it is.
    """
    enemy = [bool(board[t]) and (board[t] & 1) != owner for t in line]
    for i, t in enumerate(line):
        p = board[t]
        if p and not enemy[i]:
            continue
        last = (t,) if enemy[i] else ()
        passed = [line[j] for j in range(i) if enemy[j]]
        # every subset of the enemies passed, in path order
        for mask in range(1 << len(passed)):
            taken = tuple(v for k, v in enumerate(passed) if mask >> k & 1)
            out.append((t, taken + last))
    if not line:
        return
    first = line[0]
    if reach == 2:
        if enemy[0]:
            out.append((sq, (first,)))
        elif not board[first]:
            out.append((sq, ()))
    elif len(line) >= 2 and not board[first] and enemy[1]:
        out.append((first, (line[1],)))


def _hook(board: tuple[int, ...] | list[int], owner: int, geo: Geometry, ray: tuple[int, ...],
          seconds: tuple[int, ...], out: list[Result]) -> None:
    """A slide, then optionally a second slide at a right angle from any empty square passed."""
    for t in ray:
        p = board[t]
        if p:
            if (p & 1) != owner:
                out.append((t, (t,)))
            return
        out.append((t, ()))
        for d2 in seconds:
            for u in geo.rays[t][d2]:
                q = board[u]
                if q:
                    if (q & 1) != owner:
                        out.append((u, (u,)))
                    break
                out.append((u, ()))


def attacked(board: tuple[int, ...] | list[int], owner: int,
             compiled_of: dict[int, tuple[Compiled, ...]], geo: Geometry,
             skip: frozenset[int] = frozenset()) -> bytearray:
    """1 on every square a piece of `owner` could capture on if an enemy stood there.

    Pieces whose code is in `skip` (the Emperors, handled apart) are left out. Occupied squares
    count whoever stands there: this is protection as well as attack.
    """
    hit = bytearray(geo.squares)
    for sq, p in enumerate(board):
        if not p or (p & 1) != owner or p in skip:
            continue
        rays = geo.rays[sq]
        for atom, dirs, limit, seconds in compiled_of[p]:
            if atom in (SLIDE, STEP):
                n = 1 if atom == STEP else limit
                for d in dirs:
                    for i, t in enumerate(rays[d]):
                        if i >= n:
                            break
                        hit[t] = 1
                        if board[t]:
                            break
            elif atom == JUMP:
                for d in dirs:
                    if len(rays[d]) > 1:
                        hit[rays[d][1]] = 1
            elif atom == KNIGHT:
                for t in geo.knight[owner][sq]:
                    hit[t] = 1
            elif atom == LION:
                for t in geo.ring2[sq]:
                    hit[t] = 1
            elif atom in (LIONLINE, LION3):
                n = 2 if atom == LIONLINE else 3
                for d in dirs:
                    for t in rays[d][:n]:
                        hit[t] = 1
            elif atom == HOOK:
                for d in dirs:
                    for t in rays[d]:
                        hit[t] = 1
                        if board[t]:
                            break
                        for d2 in seconds[d]:
                            for u in geo.rays[t][d2]:
                                hit[u] = 1
                                if board[u]:
                                    break
    return hit


# ---- the rules' own generation before the move to the engine: the cross-check's reference ----

class Reference:
    """Legal moves and the board after one, for a set of §5.4 options, computed the way the
    Tai Shogi rules did before they stood on the piece engine (this module's generator plus
    the promotion, Emperor and Deva rules written out by hand). Only the tests use it."""

    def __init__(self, rules: Any) -> None:
        from game.games.taishogi import pieces
        from game.games.taishogi.pieces import KINDS, ORDER, SIZE

        def number(abbr: str) -> int:
            return ORDER.index(abbr) + 1

        self.options = rules.options
        self.geo = geometry(SIZE, SIZE)
        second: dict[str, tuple[str, ...]] | None = \
            {"FL": ("FR",), "FR": ("FL",)} if self.options["peacock"] == "forward" else None
        self.compiled: dict[int, tuple[Compiled, ...]] = {}
        self.promo = [0] * ((len(ORDER) + 1) * 4)
        universal: set[int] = set()
        royal: set[int] = set()
        for abbr in ORDER:
            kn = number(abbr)
            atoms = parse_move(move_text(self.options, abbr))
            target = rules.promotes_to(abbr)
            for owner in (0, 1):
                comp = compile_kind(atoms, owner, second if abbr == "PC" else None)
                for promoted in (False, True):
                    c = code(kn, owner, promoted)
                    self.compiled[c] = comp
                    if target is not None and not promoted:
                        self.promo[c] = code(number(target), owner, True)
                    if any(a.name == "universal" for a in atoms):
                        universal.add(c)
                    if KINDS[abbr].royal:
                        royal.add(c)
        self.universal = frozenset(universal)
        self.royal = frozenset(royal)
        self.capture_turns: dict[int, int] = {}
        if self.options["deva_rule"]:
            for victim, becomes in pieces.CAPTURER_BECOMES.items():
                self.capture_turns[number(victim)] = number(becomes)

    def moves(self, board: tuple[int, ...], side: int) -> list[tuple[int, int, tuple[int, ...], bool]]:
        out: list[tuple[int, int, tuple[int, ...], bool]] = []
        optional = self.options["promotion_rule"] == "promoted_only"
        for sq, p in enumerate(board):
            if not p or (p & 1) != side:
                continue
            if p in self.universal:
                out.extend((sq, t, caps, False) for t, caps in self.emperor_moves(board, sq))
                continue
            target = self.promo[p]
            for t, caps in piece_moves(board, sq, side, self.compiled[p], self.geo):
                if not caps or not target:
                    out.append((sq, t, caps, False))
                elif optional and not any(board[c] & 2 for c in caps):
                    out.append((sq, t, caps, False))
                    out.append((sq, t, caps, True))
                else:
                    out.append((sq, t, caps, True))
        return out

    def emperor_moves(self, board: tuple[int, ...], sq: int) -> list[Result]:
        side = board[sq] & 1
        enemy = 1 - side
        out: list[Result] = [(t, ()) for t, p in enumerate(board) if not p]
        targets = [t for t, p in enumerate(board) if p and (p & 1) == enemy]
        if not targets:
            return out
        without = list(board)
        without[sq] = 0
        universal = self.universal
        enemy_cover = attacked(without, enemy, self.compiled, self.geo, universal)
        targets = [t for t in targets if not enemy_cover[t]]
        mode = self.options["emperor"]
        enemy_emperors = sum(1 for p in board if p in universal and (p & 1) == enemy)
        own_cover: bytearray | None = None
        other_own_emperor = sum(1 for p in board if p in universal and (p & 1) == side) > 1
        for t in targets:
            left = enemy_emperors - (1 if board[t] in universal else 0)
            if mode == "ludii" or left == 0:
                out.append((t, (t,)))
            elif mode == "refined":
                if other_own_emperor:
                    out.append((t, (t,)))
                    continue
                if own_cover is None:
                    own_cover = attacked(without, side, self.compiled, self.geo, universal)
                if own_cover[t]:
                    out.append((t, (t,)))
        return out

    def apply(self, board: tuple[int, ...], frm: int, to: int, caps: tuple[int, ...],
              promote: bool) -> tuple[int, ...]:
        b = list(board)
        p = b[frm]
        turns = self.capture_turns
        becomes = 0
        for c in caps:
            if turns and (b[c] >> 2) in turns and p not in self.royal:
                becomes = turns[b[c] >> 2]
            b[c] = 0
        b[frm] = 0
        if promote:
            p = self.promo[p]
        if becomes:
            p = code(becomes, p & 1, True)
        b[to] = p
        return tuple(b)
