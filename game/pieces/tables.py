"""Compile a GameSpec's atoms into per-square tables: what generation and attack tests index.

Forward tables (`compile_moves`): for each side and kind, a list of ops, each an opcode and a
table giving, for every square, the targets or rays that atom reaches from there. Reverse
tables (`compile_attacks`): for each attacking side and target square, which squares a leaper
would come from, which rays a slider, hopper, bent rider or hook mover would come along, each
with a bit mask of the kinds that attack that way. Both are built once per spec and cached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .atoms import Atom, Bent, Hook, Hop, Leap, Lion, LionLine, Offset, Slide, Universal
from .geometry import ALL_DIRECTIONS, Board, board
from .kinds import GameSpec

# opcodes
LEAP, LAME, SLIDE, HOP, BENT, HOOK, LION, LLINE, UNIV = range(9)
# modes
BOTH, MOVE, CAPTURE = 0, 1, 2
_MODES = {"both": BOTH, "move": MOVE, "capture": CAPTURE}

Op = tuple[Any, ...]  # (opcode, table, mode, extra...)


def orient(o: Offset, side: int, orientation: str) -> Offset:
    """The offset `o` of side 0 as side `side` plays it."""
    if side == 0:
        return o
    if orientation == "mirror":
        return (o[0], -o[1])
    return (-o[0], -o[1])


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _between(geo: Board, sq: int, o: Offset) -> tuple[int, ...] | None:
    """Squares strictly between sq and sq+o on a straight line (None if off the board)."""
    dx, dy = o
    n = max(abs(dx), abs(dy))
    ux, uy = _sign(dx), _sign(dy)
    out = []
    for i in range(1, n):
        t = geo.leap(ux * i, uy * i)[sq]
        if t < 0:
            return None
        out.append(t)
    return tuple(out)


@dataclass
class MoveTables:
    """Per side, per kind number: the ops; plus what the generator needs besides."""

    ops: list[list[list[Op]]]
    #: per side, per kind number: per square the en-passant capture targets (None: no e.p.)
    ep: list[list[tuple[tuple[int, ...], ...] | None]]
    #: per side, per kind number: per square 1 if a move ending (or starting) there promotes
    zone: list[list[bytes | None]]
    dedup: list[bool]
    royal: list[bool]
    universal: list[bool]
    resets_clock: list[bool]
    value: list[int]
    #: per kind number: it has a double step (so the enemy may take it en passant)
    doubles: list[bool] = field(default_factory=list)
    adjacent: tuple[tuple[int, ...], ...] = field(default=())
    #: per kind number: the kind number a non-royal capturer of it becomes (0: none)
    becomes: list[int] = field(default_factory=list)


def _leap_table(geo: Board, offsets: list[Offset]) -> tuple[tuple[int, ...], ...]:
    tables = [geo.leap(dx, dy) for dx, dy in offsets]
    return tuple(tuple(t[sq] for t in tables if t[sq] >= 0) for sq in range(geo.size))


def _ray_table(geo: Board, dirs: list[Offset], limit: int = 0) -> tuple[tuple[tuple[int, ...], ...], ...]:
    tables = [geo.ray(dx, dy, limit) for dx, dy in dirs]
    return tuple(tuple(t[sq] for t in tables if t[sq]) for sq in range(geo.size))


def _reach_from_centre(geo: Board, op: Op) -> set[int]:
    """Squares an op reaches on an empty board from the centre (to find overlapping atoms)."""
    sq = geo.square(geo.width // 2, geo.height // 2)
    code, table = op[0], op[1]
    out: set[int] = set()
    if code in (LEAP,):
        out.update(table[sq])
    elif code == LAME:
        out.update(t for t, _ in table[sq])
    elif code in (SLIDE, HOP, LLINE):
        for ray in table[sq]:
            out.update(ray)
    elif code == BENT:
        for first, rays in table[sq]:
            out.add(first)
            for ray in rays:
                out.update(ray)
    else:  # hooks, lions, universal: always deduplicated
        out.add(-1)
    return out


def _only_ranks(geo: Board, table: tuple[Any, ...], ranks: tuple[int, ...],
                side: int) -> tuple[Any, ...]:
    """`table` with every square off `ranks` (counted from `side`'s first rank) left empty."""
    if not ranks:
        return table
    mine = {r if side == 0 else geo.height - 1 - r for r in ranks}
    return tuple(row if geo.rank_of(sq) in mine else () for sq, row in enumerate(table))


def _compile_atom(geo: Board, atom: Atom, o: Callable[[Offset], Offset],
                  emperor_literal: bool, side: int = 0) -> Op:
    """The generator's op for one atom of one side (`o` turns side 0's offsets): opcode,
    per-square table, mode and extras. Kinds share atoms (a King step, a Rook slide) and a
    25 x 25 board has big tables, so compile_moves builds each (atom, side) once, and the
    rays a leg turns onto are looked up once per atom, not once per square."""
    if isinstance(atom, Leap):
        offs = [o(x) for x in atom.offsets]
        mode = _MODES[atom.mode]
        if atom.lame:
            table = tuple(tuple((geo.leap(*x)[sq], b) for x in offs
                                if geo.leap(*x)[sq] >= 0
                                and (b := _between(geo, sq, x)) is not None)
                          for sq in range(geo.size))
            return (LAME, _only_ranks(geo, table, atom.from_ranks, side), mode,
                    1 if atom.double else 0)
        return (LEAP, _only_ranks(geo, _leap_table(geo, offs), atom.from_ranks, side), mode,
                1 if atom.double else 0)
    if isinstance(atom, Slide):
        return (SLIDE, _ray_table(geo, [o(d) for d in atom.directions], atom.limit),
                _MODES[atom.mode])
    if isinstance(atom, Hop):
        return (HOP, _ray_table(geo, [o(d) for d in atom.directions]), CAPTURE)
    if isinstance(atom, Bent):
        legs = [(geo.leap(*o(first)), [geo.ray(*o(u)) for u in turns])
                for first, turns in atom.legs]
        bent_rows: list[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]] = []
        for sq in range(geo.size):
            brow: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
            for leap, rays in legs:
                f = leap[sq]
                if f >= 0:
                    brow.append((f, tuple(ray for r in rays if (ray := r[f]))))
            bent_rows.append(tuple(brow))
        return (BENT, tuple(bent_rows), _MODES[atom.mode])
    if isinstance(atom, Hook):
        hlegs = [(geo.ray(*o(d)), [geo.ray(*o(p)) for p in turns]) for d, turns in atom.legs]
        hook_rows: list[tuple[object, ...]] = []
        for sq in range(geo.size):
            hrow = []
            for leg_rays, turn_rays in hlegs:
                leg = leg_rays[sq]
                if leg:
                    hrow.append((leg, tuple(tuple(pr for r in turn_rays if (pr := r[s]))
                                            for s in leg)))
            hook_rows.append(tuple(hrow))
        return (HOOK, tuple(hook_rows), _MODES[atom.mode])
    if isinstance(atom, Lion):
        offs5 = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]
        return (LION, _leap_table(geo, offs5), BOTH)
    if isinstance(atom, LionLine):
        return (LLINE, _ray_table(geo, [o(d) for d in atom.directions], atom.reach),
                atom.reach)
    if isinstance(atom, Universal):
        return (UNIV, None, BOTH, "literal" if emperor_literal else atom.protection)
    raise TypeError(f"unknown atom {atom!r}")  # pragma: no cover - the Atom union is closed


#: Atom ops kept (a Tai Shogi option set uses some 260, an atom and a side each; the other
#: games far fewer).
ATOM_OPS = 1024


@lru_cache(maxsize=ATOM_OPS)
def atom_op(width: int, height: int, orientation: str, emperor_literal: bool, atom: Atom,
            side: int) -> Op:
    """The op of one atom for one side on a board of this size (see `_compile_atom`). Kept
    apart from the specs: kinds share atoms (a King step, a Rook slide), and the option sets
    of one game share nearly all of them, so a spec made again with one option changed (Tai
    Shogi has a dozen) compiles only what is new, and its tables share the rest (measured:
    a Tai Shogi spec from 0.10 s to 0.004 s once another option set was compiled)."""
    def o(off: Offset) -> Offset:
        return orient(off, side, orientation)

    return _compile_atom(board(width, height), atom, o, emperor_literal, side)


@lru_cache(maxsize=16)
def compile_moves(spec: GameSpec) -> MoveTables:
    geo = board(spec.width, spec.height)
    nk = len(spec.kinds) + 1
    ops: list[list[list[Op]]] = [[[] for _ in range(nk)] for _ in range(2)]
    ep: list[list[tuple[tuple[int, ...], ...] | None]] = [[None] * nk for _ in range(2)]
    zone: list[list[bytes | None]] = [[None] * nk for _ in range(2)]
    dedup = [False] * nk
    royal = [False] * nk
    universal = [False] * nk
    resets = [False] * nk
    doubles = [False] * nk
    value = [0] * nk
    ids = {k.id for k in spec.kinds}
    number = {k.id: i + 1 for i, k in enumerate(spec.kinds)}
    becomes = [0] * nk
    for i, kind in enumerate(spec.kinds):
        k = i + 1
        royal[k] = kind.royal
        value[k] = kind.value
        if kind.capturer_becomes is not None:
            if kind.capturer_becomes not in ids:
                raise ValueError(f"{kind.id}: its capturer becomes unknown kind "
                                 f"{kind.capturer_becomes!r}")
            becomes[k] = number[kind.capturer_becomes]
        if kind.promotion is not None:
            for target in kind.promotion.targets:
                if target not in ids:
                    raise ValueError(f"{kind.id} promotes to unknown kind {target!r}")
        for side in (0, 1):
            kops = ops[side][k]
            ep_offsets: list[Offset] = []

            def o(off: Offset, side: int = side) -> Offset:
                return orient(off, side, spec.orientation)

            for atom in kind.atoms:
                if isinstance(atom, Leap):
                    if atom.double:
                        doubles[k] = True
                    if atom.ep:
                        resets[k] = True
                        ep_offsets += [o(x) for x in atom.offsets]
                elif isinstance(atom, Universal):
                    universal[k] = True
                kops.append(atom_op(spec.width, spec.height, spec.orientation,
                                    spec.emperor_literal, atom, side))
            if ep_offsets:
                ep[side][k] = _leap_table(geo, ep_offsets)
            promo = kind.promotion
            if promo is not None:
                z = bytearray(geo.size)
                if promo.squares:
                    for zf, zr in promo.squares:
                        if side == 1:
                            zr = geo.height - 1 - zr
                            if spec.orientation == "rotate":
                                zf = geo.width - 1 - zf
                        z[geo.square(zf, zr)] = 1
                else:
                    for sq in range(geo.size):
                        rank = geo.rank_of(sq)
                        far = rank if side == 1 else geo.height - 1 - rank
                        if far < promo.zone:
                            z[sq] = 1
                zone[side][k] = bytes(z)
        seen: set[int] = set()
        for reached in [_reach_from_centre(geo, op) for op in ops[0][k]]:
            if -1 in reached or seen & reached:
                dedup[k] = True
            seen |= reached
    adjacent = _leap_table(geo, list(ALL_DIRECTIONS))
    return MoveTables(ops, ep, zone, dedup, royal, universal, resets, value, doubles, adjacent,
                      becomes)


@dataclass
class AttackTables:
    """Reverse tables for one attacking side (see module docstring)."""

    leap: tuple[tuple[tuple[int, int], ...], ...]
    lame: tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]
    #: (reverse ray table, unlimited-slider mask, ((limit, mask), ...), hopper mask)
    lines: list[tuple[tuple[tuple[int, ...], ...], int, tuple[tuple[int, int], ...], int]]
    #: (reverse ray table along -u, per square: ((origin, mask), ...))
    bent: list[tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]]
    #: (reverse ray along -p, reverse ray along -d, mask)
    hook: list[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int]]
    has_lines: bool
    #: the `lines` and `bent` entries again, split by the direction walked from the target
    #: (index into geometry.ALL_DIRECTIONS): what a change on that ray can discover
    lines_dir: list[list[tuple[tuple[tuple[int, ...], ...], int, tuple[tuple[int, int], ...], int]]] = field(default_factory=list)
    bent_dir: list[list[tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]]] = field(default_factory=list)


@lru_cache(maxsize=16)
def compile_attacks(spec: GameSpec) -> tuple[AttackTables, AttackTables]:
    geo = board(spec.width, spec.height)
    out = []
    for side in (0, 1):
        leap: dict[Offset, int] = {}
        lame: dict[Offset, int] = {}
        unl: dict[Offset, int] = {}
        lim: dict[Offset, list[tuple[int, int]]] = {}
        hop: dict[Offset, int] = {}
        bent: dict[tuple[Offset, Offset], int] = {}
        hook: dict[tuple[Offset, Offset], int] = {}

        def o(off: Offset, side: int = side) -> Offset:
            return orient(off, side, spec.orientation)

        for i, kind in enumerate(spec.kinds):
            bit = 1 << (i + 1)
            for atom in kind.atoms:
                if isinstance(atom, Leap):
                    if atom.mode != "move":
                        target = lame if atom.lame else leap
                        for x in atom.offsets:
                            target[o(x)] = target.get(o(x), 0) | bit
                elif isinstance(atom, Slide):
                    if atom.mode != "move":
                        for d in atom.directions:
                            if atom.limit:
                                lim.setdefault(o(d), []).append((atom.limit, bit))
                            else:
                                unl[o(d)] = unl.get(o(d), 0) | bit
                elif isinstance(atom, Hop):
                    for d in atom.directions:
                        hop[o(d)] = hop.get(o(d), 0) | bit
                elif isinstance(atom, Bent):
                    if atom.mode != "move":
                        for first, turns in atom.legs:
                            leap[o(first)] = leap.get(o(first), 0) | bit
                            for u in turns:
                                key = (o(first), o(u))
                                bent[key] = bent.get(key, 0) | bit
                elif isinstance(atom, Hook):
                    if atom.mode != "move":
                        for d, turns in atom.legs:
                            unl[o(d)] = unl.get(o(d), 0) | bit
                            for p in turns:
                                hook[(o(d), o(p))] = hook.get((o(d), o(p)), 0) | bit
                elif isinstance(atom, Lion):
                    for lx in range(-2, 3):
                        for ly in range(-2, 3):
                            if (lx, ly) != (0, 0):
                                leap[(lx, ly)] = leap.get((lx, ly), 0) | bit
                elif isinstance(atom, LionLine):
                    for d in atom.directions:
                        dx, dy = o(d)
                        for n in range(1, atom.reach + 1):
                            leap[(dx * n, dy * n)] = leap.get((dx * n, dy * n), 0) | bit
        rev = {off: geo.leap(-off[0], -off[1]) for off in list(leap) + list(lame)}
        leap_t = tuple(tuple((rev[x][t], m) for x, m in leap.items() if rev[x][t] >= 0)
                       for t in range(geo.size))
        lame_t = tuple(tuple((rev[x][t], m, b) for x, m in lame.items()
                             if rev[x][t] >= 0 and (b := _between(geo, rev[x][t], x)) is not None)
                       for t in range(geo.size))
        lines = []
        lines_dir: list[list[Any]] = [[] for _ in ALL_DIRECTIONS]
        bent_dir: list[list[Any]] = [[] for _ in ALL_DIRECTIONS]
        for d in set(unl) | set(lim) | set(hop):
            entry = (geo.ray(-d[0], -d[1]), unl.get(d, 0), tuple(lim.get(d, ())), hop.get(d, 0))
            lines.append(entry)
            if (-d[0], -d[1]) in ALL_DIRECTIONS:
                lines_dir[ALL_DIRECTIONS.index((-d[0], -d[1]))].append(entry)
        bent_t = []
        by_u: dict[Offset, list[tuple[Offset, int]]] = {}
        for (f, u), m in bent.items():
            by_u.setdefault(u, []).append((f, m))
        for u, fs in by_u.items():
            srcs = tuple(tuple((geo.leap(-f[0], -f[1])[s], m) for f, m in fs
                               if geo.leap(-f[0], -f[1])[s] >= 0) for s in range(geo.size))
            bent_t.append((geo.ray(-u[0], -u[1]), srcs))
            if (-u[0], -u[1]) in ALL_DIRECTIONS:
                bent_dir[ALL_DIRECTIONS.index((-u[0], -u[1]))].append(bent_t[-1])
        hook_t = [(geo.ray(-p[0], -p[1]), geo.ray(-d[0], -d[1]), m) for (d, p), m in hook.items()]
        straight = all(abs(d[0]) <= 1 and abs(d[1]) <= 1
                       for d in list(unl) + list(lim) + list(hop) + [u for _, u in bent])
        out.append(AttackTables(leap_t, lame_t, lines, bent_t, hook_t,
                                bool(lines or bent_t or hook_t or lame),
                                lines_dir if straight else [], bent_dir if straight else []))
    return out[0], out[1]
