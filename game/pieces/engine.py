"""The generic move generator: pseudo-legal moves from the compiled tables, attacks, legality,
make/unmake on a mutable Position, and perft.

One `Engine` per GameSpec (`engine_for(spec)` caches it). The public face of a game stays
functional (`State` in, new `State` out); inside, generation runs on a `Position` — a mutable
copy with piece lists per side and the royal squares — changed by `make` and put back by
`unmake`, which is what keeps perft and search affordable in Python.

Legality "check": a move may not leave one of the mover's royals attacked. When the side is
not in check and a non-royal piece moves, only a change on a queen line through a royal can
expose it (sliders, hoppers, bent riders and lame leaps all attack along such lines), so the
other moves skip the make/test/unmake — unless the game has hook movers, whose first leg
runs off those lines.

Castling (a game's `GameSpec.castling` rows) is generated with the king's moves while the
right is held, and `make`/`after` move the rook partner and drop the rights a move touches.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from typing import Any

from .attacks import Attacks
from .geometry import Board, board
from .kinds import GameSpec, PieceKind
from .position import Position
from .state import CASTLE, DOUBLE_STEP, EN_PASSANT, NORMAL, Move, State, encode
from .tables import (
    BENT,
    CAPTURE,
    HOOK,
    HOP,
    LAME,
    LEAP,
    LION,
    LLINE,
    MOVE,
    SLIDE,
    UNIV,
    AttackTables,
    MoveTables,
    compile_attacks,
    compile_moves,
)


class Engine(Attacks):
    """Move generation and attack tests for one GameSpec (the attack tests are `Attacks`)."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.geo: Board = board(spec.width, spec.height)
        self.t: MoveTables = compile_moves(spec)
        self.att: tuple[AttackTables, AttackTables] = compile_attacks(spec)
        self.kinds: tuple[PieceKind, ...] = spec.kinds
        self.number: dict[str, int] = {k.id: i + 1 for i, k in enumerate(spec.kinds)}
        self.by_letter: dict[str, int] = {k.letter: i + 1 for i, k in enumerate(spec.kinds)}
        self.check_rule = spec.legality == "check"
        self.has_hooks = any(op[0] == HOOK for side in self.t.ops for ops in side for op in ops)
        self.aligned = self.geo.aligned()
        #: per kind number: the protection reading of its Universal atom ("" if none)
        self.protection: list[str] = [""] * (len(spec.kinds) + 1)
        for k, ops in enumerate(self.t.ops[0]):
            for op in ops:
                if op[0] == UNIV:
                    self.protection[k] = op[3]
        self.becomes = self.t.becomes
        self.has_becomes = any(self.becomes)
        #: per side: en-passant square -> the (square, kind number) of the men of that side
        #: that could take onto it from there (for the repetition key, below)
        self.ep_from: list[dict[int, list[tuple[int, int]]]] = [{}, {}]
        for side in (0, 1):
            for k, table in enumerate(self.t.ep[side]):
                for frm, targets in enumerate(table or ()):
                    for to in targets:
                        self.ep_from[side].setdefault(to, []).append((frm, k))
        self._compile_castling()

    def _compile_castling(self) -> None:
        """Square tables of the spec's castling rows: per side, the king's home square ->
        its castlings (bit, king from/to, rook from/to, squares that must be empty, squares
        that must not be attacked, king code, rook code); per (king from, king to) the rook's
        (from, to); per square the rights a move from, to or capturing on it drops; the
        rights' letters in the order a position text writes them (side 0's first)."""
        geo = self.geo
        spec = self.spec
        self.castle_at: list[dict[int, list[tuple[Any, ...]]]] = [{}, {}]
        self.castle_rook: dict[tuple[int, int], tuple[int, int]] = {}
        self.castle_clear: list[int] = [0] * geo.size
        #: (letter as written, bit, king square, rook square, king code, rook code)
        self.castle_letters: list[tuple[str, int, int, int, int, int]] = []
        for side in (0, 1):
            def sq(fr: tuple[int, int], side: int = side) -> int:
                f, r = fr
                if side == 1:
                    r = geo.height - 1 - r
                    if spec.orientation == "rotate":
                        f = geo.width - 1 - f
                return geo.square(f, r)

            for i, c in enumerate(spec.castling):
                bit = 1 << (2 * i + side)
                kf, kt, rf, rt = sq(c.king_from), sq(c.king_to), sq(c.rook_from), sq(c.rook_to)
                if not geo.rank_of(kf) == geo.rank_of(kt) == geo.rank_of(rf) == geo.rank_of(rt):
                    raise ValueError(f"castling {c.letter}: the king and rook stay on one rank")
                row = geo.rank_of(kf)
                files = [geo.file_of(x) for x in (kf, kt, rf, rt)]
                empty = tuple(geo.square(f, row) for f in range(min(files), max(files) + 1)
                              if geo.square(f, row) not in (kf, rf))
                step = 1 if kt >= kf else -1
                safe = tuple(range(kf, kt + step, step))
                kcode, rcode = self.code(c.king, side), self.code(c.rook, side)
                self.castle_at[side].setdefault(kf, []).append(
                    (bit, kf, kt, rf, rt, empty, safe, kcode, rcode))
                self.castle_rook[(kf, kt)] = (rf, rt)
                self.castle_clear[kf] |= bit
                self.castle_clear[rf] |= bit
                letter = c.letter.upper() if side == 0 else c.letter.lower()
                self.castle_letters.append((letter, bit, kf, rf, kcode, rcode))

    # -- conversions --

    def kind_of(self, code: int) -> PieceKind:
        return self.kinds[(code >> 2) - 1]

    def code(self, kind_id: str, side: int, promoted: bool = False) -> int:
        return encode(self.number[kind_id], side, promoted and self.spec.mark_promoted)

    def position(self, state: State) -> Position:
        return Position(list(state.board), state.to_move, state.ep, state.ep_victim,
                        state.halfmove, state.fullmove, self.t.royal, state.castling)

    def position_of(self, cells: Iterable[int], side: int) -> Position:
        """A Position from bare board codes and the side to move (no en passant, clocks at
        rest): what games without those rules (Tai Shogi) keep in their own states."""
        return Position(list(cells), side, -1, -1, 0, 1, self.t.royal)

    # -- generation --

    def pseudo(self, pos: Position, squares: Iterable[int] | None = None) -> list[Move]:
        """Moves of the side to move (from `squares` only, if given) ignoring check."""
        side = pos.side
        b = pos.board
        out: list[Move] = []
        for sq in sorted(pos.pieces[side]) if squares is None else squares:
            code = b[sq]
            if code and (code & 1) == side:
                self._piece(pos, sq, code, out)
        return out

    def _piece(self, pos: Position, sq: int, code: int, out: list[Move]) -> None:
        t = self.t
        k = code >> 2
        side = code & 1
        b = pos.board
        zone = t.zone[side][k]
        promo_here = zone is not None and not (code & 2 and self.kinds[k - 1].promotion.once)  # type: ignore[union-attr]
        dedup = t.dedup[k]
        res: list[Move] = [] if (promo_here or dedup) else out
        if pos.castling and sq in self.castle_at[side]:
            self._castles(pos, sq, side, out)
        add = res.append
        skip = -1
        ept = t.ep[side][k]
        if ept is not None and pos.ep >= 0 and pos.ep in ept[sq] and not b[pos.ep]:
            victim = b[pos.ep_victim] if pos.ep_victim >= 0 else 0
            if victim and (victim & 1) != side:
                add(Move(sq, pos.ep, (pos.ep_victim,), (), None, EN_PASSANT))
                skip = pos.ep  # I20: no plain move onto the e.p. square for this piece
        for op in t.ops[side][k]:
            opc = op[0]
            table = op[1]
            mode = op[2]
            if opc == LEAP:
                flag = DOUBLE_STEP if op[3] else NORMAL
                for to in table[sq]:
                    v = b[to]
                    if not v:
                        if mode != CAPTURE and to != skip:
                            add(Move(sq, to, (), (), None, flag))
                    elif (v & 1) != side and mode != MOVE:
                        add(Move(sq, to, (to,)))
            elif opc == SLIDE:
                for ray in table[sq]:
                    for to in ray:
                        v = b[to]
                        if not v:
                            if mode != CAPTURE:
                                add(Move(sq, to))
                        else:
                            if (v & 1) != side and mode != MOVE:
                                add(Move(sq, to, (to,)))
                            break
            elif opc == HOP:
                for ray in table[sq]:
                    screen = False
                    for to in ray:
                        v = b[to]
                        if v:
                            if screen:
                                if (v & 1) != side:
                                    add(Move(sq, to, (to,)))
                                break
                            screen = True
            elif opc == LAME:
                flag = DOUBLE_STEP if op[3] else NORMAL
                for to, between in table[sq]:
                    if any(b[s] for s in between):
                        continue
                    v = b[to]
                    if not v:
                        if mode != CAPTURE and to != skip:
                            add(Move(sq, to, (), (), None, flag))
                    elif (v & 1) != side and mode != MOVE:
                        add(Move(sq, to, (to,)))
            elif opc == BENT:
                for first, rays in table[sq]:
                    v = b[first]
                    if v:
                        if (v & 1) != side and mode != MOVE:
                            add(Move(sq, first, (first,)))
                        continue
                    if mode != CAPTURE:
                        add(Move(sq, first))
                    for ray in rays:
                        for to in ray:
                            v = b[to]
                            if not v:
                                if mode != CAPTURE:
                                    add(Move(sq, to, (), (first,)))
                            else:
                                if (v & 1) != side and mode != MOVE:
                                    add(Move(sq, to, (to,), (first,)))
                                break
            elif opc == HOOK:
                for ray, turns in table[sq]:
                    for i, s in enumerate(ray):
                        v = b[s]
                        if v:
                            if (v & 1) != side and mode != MOVE:
                                add(Move(sq, s, (s,)))
                            break
                        if mode != CAPTURE:
                            add(Move(sq, s))
                        for pray in turns[i]:
                            for to in pray:
                                w = b[to]
                                if not w:
                                    if mode != CAPTURE:
                                        add(Move(sq, to, (), (s,)))
                                else:
                                    if (w & 1) != side and mode != MOVE:
                                        add(Move(sq, to, (to,), (s,)))
                                    break
            elif opc == LION:
                self._lion(b, sq, side, table, add)
            elif opc == LLINE:
                self._lion_lines(b, sq, side, table, mode, add)
            elif opc == UNIV:
                uni = t.universal
                enemy_leapers = [s for s in pos.pieces[1 - side] if uni[b[s] >> 2]]
                other_own = any(uni[b[s] >> 2] for s in pos.pieces[side] if s != sq)
                takes = self._universal_takes
                for to in range(self.geo.size):
                    v = b[to]
                    if not v:
                        if to != sq:
                            add(Move(sq, to))
                    elif (v & 1) != side and takes(b, sq, to, enemy_leapers, other_own):
                        add(Move(sq, to, (to,)))
        if res is out:
            return
        if dedup:
            seen: set[tuple[int, tuple[int, ...]]] = set()
            unique = []
            for m in res:
                key = (m.to, m.captures)
                if key not in seen:
                    seen.add(key)
                    unique.append(m)
            res = unique
        if not promo_here:
            out.extend(res)
            return
        promo = self.kinds[k - 1].promotion
        assert promo is not None and zone is not None
        forced_by_promoted = promo.optional and promo.forced_when == "captures_promoted"
        for m in res:
            if promo.when == "capture":
                hit = bool(m.captures)
            elif promo.when == "touch":
                hit = bool(zone[m.to] or zone[m.frm])
            else:
                hit = bool(zone[m.to])
            if not hit:
                out.append(m)
                continue
            if promo.optional and not (forced_by_promoted and
                                       any(b[c] & 2 for c in m.captures)):
                out.append(m)
            for target in promo.targets:
                out.append(m._replace(promo=target))

    def _castles(self, pos: Position, sq: int, side: int, out: list[Move]) -> None:
        """The castlings of the king on `sq` that the position allows (see kinds.Castling)."""
        b = pos.board
        enemy = 1 - side
        for bit, kf, kt, rf, _rt, empty, safe, kcode, rcode in self.castle_at[side][sq]:
            if not pos.castling & bit or b[kf] != kcode or b[rf] != rcode:
                continue
            if any(b[s] for s in empty):
                continue
            if any(self.attacked(b, s, enemy) for s in safe):
                continue
            out.append(Move(kf, kt, (), (), None, CASTLE))

    def _lion(self, b: list[int], sq: int, side: int, direct: tuple[tuple[int, ...], ...],
              add: Callable[[Move], None]) -> None:
        push = add
        for to in direct[sq]:
            v = b[to]
            if not v:
                push(Move(sq, to))
            elif (v & 1) != side:
                push(Move(sq, to, (to,)))
        adjacent = self.t.adjacent
        passed = False
        for a in adjacent[sq]:
            v = b[a]
            if not v:
                if not passed:
                    push(Move(sq, sq, (), (a,)))
                    passed = True
            elif (v & 1) != side:
                push(Move(sq, sq, (a,), (a,)))  # igui
                for c in adjacent[a]:
                    if c == sq:
                        continue
                    w = b[c]
                    if not w:
                        push(Move(sq, c, (a,), (a,)))
                    elif (w & 1) != side:
                        push(Move(sq, c, (a, c), (a,)))

    def _lion_lines(self, b: list[int], sq: int, side: int,
                    table: tuple[tuple[tuple[int, ...], ...], ...], reach: int,
                    add: Callable[[Move], None]) -> None:
        push = add

        def free(s: int) -> bool:  # empty or enemy: somewhere the piece may land
            v = b[s]
            return not v or (v & 1) != side

        def enemy(s: int) -> bool:
            v = b[s]
            return bool(v) and (v & 1) != side

        passed = False
        for ray in table[sq]:
            a = ray[0]
            if free(a):
                push(Move(sq, a, (a,) if b[a] else ()))
            if reach == 2:
                if not b[a] and not passed:
                    push(Move(sq, sq, (), (a,)))  # pass
                    passed = True
                if enemy(a):
                    push(Move(sq, sq, (a,), (a,)))  # igui
            if len(ray) < 2:
                continue
            c = ray[1]
            if free(c):
                push(Move(sq, c, (c,) if b[c] else ()))
                if enemy(a):
                    push(Move(sq, c, (a, c) if b[c] else (a,), (a,)))
            if reach == 3:
                if enemy(c) and not b[a]:
                    push(Move(sq, a, (c,), (c,)))
                if len(ray) < 3 or not free(ray[2]):
                    continue
                d = ray[2]
                last = (d,) if b[d] else ()
                push(Move(sq, d, last))
                passed_enemies = [s for s in (a, c) if enemy(s)]
                subsets = [(a,), (c,), (a, c)] if len(passed_enemies) == 2 else \
                    [tuple(passed_enemies)] if passed_enemies else []
                for sub in subsets:
                    push(Move(sq, d, sub + last, sub))

    # -- legality --

    def legal(self, pos: Position, squares: Iterable[int] | None = None) -> list[Move]:
        """Legal moves of the side to move (from `squares` only, if given)."""
        moves = self.pseudo(pos, squares)
        side = pos.side
        roy = pos.royals[side]
        if not self.check_rule or not roy:
            return moves
        enemy = 1 - side
        b = pos.board
        attacked = self.attacked
        in_check = any(attacked(b, r, enemy) for r in roy)
        fast = not in_check and not self.has_hooks and bool(self.att[enemy].lines_dir)
        royal = self.t.royal
        aligned = [(r, self.aligned[r]) for r in roy]
        along = self.attacked_along
        out = []
        for m in moves:
            if fast and not royal[b[m.frm] >> 2]:
                rays = set()
                for r, al in aligned:
                    d = al[m.frm]
                    if d:
                        rays.add((r, d - 1))
                    d = al[m.to]
                    if d:
                        rays.add((r, d - 1))
                    for c in m.captures:
                        d = al[c]
                        if d:
                            rays.add((r, d - 1))
                if rays:
                    undo = self.make(pos, m)
                    ok = not any(along(b, r, enemy, e) for r, e in rays)
                    self.unmake(pos, undo)
                    if ok:
                        out.append(m)
                    continue
                out.append(m)
                continue
            undo = self.make(pos, m)
            ok = not any(attacked(b, r, enemy) for r in pos.royals[side])
            self.unmake(pos, undo)
            if ok:
                out.append(m)
        return out

    def leaves_royal_attacked(self, pos: Position, m: Move) -> bool:
        if not self.check_rule:
            return False
        side = pos.side
        undo = self.make(pos, m)
        bad = any(self.attacked(pos.board, r, 1 - side) for r in pos.royals[side])
        self.unmake(pos, undo)
        return bad

    # -- make / unmake --

    def make(self, pos: Position, m: Move) -> tuple[Any, ...]:
        b = pos.board
        frm, to = m.frm, m.to
        code = b[frm]
        side = code & 1
        enemy = 1 - side
        t = self.t
        royal = t.royal
        caps = []
        royal_change = royal[code >> 2]
        for s in m.captures:
            v = b[s]
            caps.append((s, v))
            b[s] = 0
            pos.pieces[enemy].discard(s)
            if royal[v >> 2]:
                royal_change = True
        new = self.landing(code, m, caps)
        if new != code:
            royal_change = royal_change or royal[new >> 2]
        mine = pos.pieces[side]
        rights = pos.castling
        rook = rt = 0
        if rights and m.flag == CASTLE:  # lift the rook first: it may stand where the king lands
            rf, rt = self.castle_rook[(frm, to)]
            rook = b[rf]
            b[rf] = 0
            mine.discard(rf)
        b[frm] = 0
        b[to] = new
        mine.discard(frm)
        mine.add(to)
        if rook:
            b[rt] = rook
            mine.add(rt)
        old_royals = None
        if royal_change:
            old_royals = pos.royals
            pos.royals = [[s for s in sorted(pos.pieces[x]) if royal[b[s] >> 2]] for x in (0, 1)]
        undo = (m, code, caps, pos.ep, pos.ep_victim, pos.halfmove, old_royals, rights)
        if rights:
            clear = self.castle_clear
            lost = clear[frm] | clear[to]
            for s, _v in caps:
                lost |= clear[s]
            pos.castling = rights & ~lost
        if m.flag == DOUBLE_STEP:
            pos.ep = (frm + to) // 2
            pos.ep_victim = to
        else:
            pos.ep = pos.ep_victim = -1
        pos.halfmove = 0 if (caps or t.resets_clock[code >> 2]) else pos.halfmove + 1
        if side == 1:
            pos.fullmove += 1
        pos.side = enemy
        return undo

    def landing(self, code: int, m: Move, caps: Iterable[tuple[int, int]]) -> int:
        """The code of the moving piece once `m` is made (caps: (square, victim code) pairs):
        its promotion, then the kind its last victim with `capturer_becomes` turns it into."""
        side = code & 1
        new = code
        if m.promo is not None:
            new = encode(self.number[m.promo], side, self.spec.mark_promoted)
        if self.has_becomes and not self.t.royal[code >> 2]:
            becomes = self.becomes
            for _, v in caps:
                if becomes[v >> 2]:
                    new = encode(becomes[v >> 2], side, self.spec.mark_promoted)
        return new

    def unmake(self, pos: Position, undo: tuple[Any, ...]) -> None:
        m, code, caps, ep, ep_victim, halfmove, old_royals, castling = undo
        b = pos.board
        side = code & 1
        mine = pos.pieces[side]
        rook = rf = 0
        if castling and m.flag == CASTLE:  # the rook leaves first: it may stand where the king was
            rf, rt = self.castle_rook[(m.frm, m.to)]
            rook = b[rt]
            b[rt] = 0
            mine.discard(rt)
        b[m.to] = 0
        mine.discard(m.to)
        b[m.frm] = code
        mine.add(m.frm)
        theirs = pos.pieces[1 - side]
        for s, v in caps:
            b[s] = v
            theirs.add(s)
        if rook:
            b[rf] = rook
            mine.add(rf)
        if castling:  # rights only ever shrink: none before, none now
            pos.castling = castling
        if old_royals is not None:
            pos.royals = old_royals
        pos.ep, pos.ep_victim, pos.halfmove = ep, ep_victim, halfmove
        if side == 1:
            pos.fullmove -= 1
        pos.side = side

    def after(self, state: State, m: Move) -> State:
        """The State after `m` (trusted legal), with the repetition history carried on.

        Works on a plain copy of the board, not a Position: the AI calls it for every node.
        """
        b = list(state.board)
        code = b[m.frm]
        side = code & 1
        new = self.landing(code, m, [(s, b[s]) for s in m.captures])
        for s in m.captures:
            b[s] = 0
        rights = state.castling
        rook = rt = 0
        if rights and m.flag == CASTLE:
            rf, rt = self.castle_rook[(m.frm, m.to)]
            rook = b[rf]
            b[rf] = 0
        b[m.frm] = 0
        b[m.to] = new
        if rook:
            b[rt] = rook
        if rights:
            clear = self.castle_clear
            lost = clear[m.frm] | clear[m.to]
            for s in m.captures:
                lost |= clear[s]
            rights &= ~lost
        if m.flag == DOUBLE_STEP:
            ep, victim = (m.frm + m.to) // 2, m.to
        else:
            ep = victim = -1
        history: tuple[Hashable, ...] = ()
        halfmove = 0
        if not (m.captures or self.t.resets_clock[code >> 2]):
            halfmove, history = state.halfmove + 1, (*state.history, self.repetition_key(state))
        return State(tuple(b), 1 - side, ep, victim, halfmove, state.fullmove + side, history,
                     rights)

    def repetition_key(self, state: State) -> Hashable:
        """What makes two positions the same for the repetition rule: the men, the side to
        move, the castling rights, and the en-passant square only while some en-passant
        capture onto it is legal (the FIDE Laws: the same position is one where the same moves
        are possible). After most double steps no enemy man stands to take, and the position
        then repeats one reached without the double step."""
        if state.ep < 0 or self.ep_capture_legal(state):
            return state.key()
        return state.key_without_ep()

    def ep_capture_legal(self, state: State) -> bool:
        """Whether the side to move has a legal en-passant capture (checked only on the men
        placed to make one, so it costs nothing after most moves)."""
        side = state.to_move
        board_ = state.board
        movers = [frm for frm, k in self.ep_from[side].get(state.ep, ())
                  if board_[frm] and (board_[frm] & 1) == side and board_[frm] >> 2 == k]
        if not movers:
            return False
        return any(m.flag == EN_PASSANT for m in self.legal(self.position(state), movers))

    # -- perft --

    def perft(self, state: State, depth: int) -> int:
        """Leaf count `depth` plies below `state` (check/mate only; no draw rules)."""
        if depth <= 0:
            return 1
        return self._perft(self.position(state), depth)

    def _perft(self, pos: Position, depth: int) -> int:
        if not self.check_rule and not pos.royals[pos.side] and any(self.t.royal):
            return 0
        moves = self.legal(pos)
        if depth == 1:
            return len(moves)
        total = 0
        make, unmake = self.make, self.unmake
        for m in moves:
            undo = make(pos, m)
            total += self._perft(pos, depth - 1)
            unmake(pos, undo)
        return total

    # -- diagrams --

    def empty_board_reach(self, kind_id: str, sq: int, side: int = 0
                          ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(squares the kind moves to from `sq` on an empty board, squares where it captures
        in a way its plain moves do not show): the second lists squares it could take a lone
        enemy on but not move to (a pawn's diagonals), and for hoppers every square of their
        lines from the second on (taken over one screen; these overlap the moves)."""
        code = self.code(kind_id, side)
        size = self.geo.size
        b = [0] * size
        b[sq] = code
        pos = Position(b, side, -1, -1, 0, 1, self.t.royal)
        moves = {m.to for m in self.pseudo(pos) if m.to != sq}
        captures: set[int] = set()
        dummy = encode(self.number[kind_id], 1 - side)
        for t in range(size):
            if t == sq or t in moves:
                continue
            b[t] = dummy
            pos.pieces[1 - side] = {t}
            if any(m.to == t for m in self.pseudo(pos)):
                captures.add(t)
            b[t] = 0
        k = self.number[kind_id]
        for op in self.t.ops[side][k]:
            if op[0] == HOP:
                for ray in op[1][sq]:
                    captures.update(ray[1:])
        return tuple(sorted(moves)), tuple(sorted(captures))


@lru_cache(maxsize=16)
def engine_for(spec: GameSpec) -> Engine:
    """The (cached) Engine of a spec."""
    return Engine(spec)
