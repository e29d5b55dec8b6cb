"""Attack tests of the generic move generator: whether a side attacks a square (checks, the
castling king's path, the protection a Universal leaper's capture needs), a mixin of `Engine`.

Kept apart from generation: these read the attack tables only (`att`, compiled per side from the
pieces' atoms) and the board, never the move tables' generation order.
"""

from __future__ import annotations

from .position import Position
from .tables import AttackTables, MoveTables


class Attacks:
    """The attack tests; `Engine` provides the tables."""

    t: MoveTables
    att: tuple[AttackTables, AttackTables]
    #: per kind number: the protection reading of its Universal atom ("" if none)
    protection: list[str]


    def attacked(self, b: list[int] | tuple[int, ...], t: int, by: int) -> bool:
        """True if a piece of side `by` attacks square `t` (could capture a piece there).

        Universal leapers do not count (their captures depend on protection, see
        `universal_capture_ok`); hoppers do, with every interposed piece a possible screen.
        """
        a = self.att[by]
        for src, mask in a.leap[t]:
            v = b[src]
            if v and (v & 1) == by and (mask >> (v >> 2)) & 1:
                return True
        if not a.has_lines:
            return False
        for src, mask, between in a.lame[t]:
            v = b[src]
            if v and (v & 1) == by and (mask >> (v >> 2)) & 1:
                for s in between:
                    if b[s]:
                        break
                else:
                    return True
        for rays, unl, lim, hop in a.lines:
            screen = False
            dist = 0
            for s in rays[t]:
                dist += 1
                v = b[s]
                if not v:
                    continue
                if screen:
                    if (v & 1) == by and (hop >> (v >> 2)) & 1:
                        return True
                    break
                if (v & 1) == by:
                    k = v >> 2
                    if (unl >> k) & 1:
                        return True
                    for limit, m in lim:
                        if dist <= limit and (m >> k) & 1:
                            return True
                if not hop:
                    break
                screen = True
        for rays, srcs in a.bent:
            for s in rays[t]:
                if b[s]:
                    break
                for g, mask in srcs[s]:
                    v = b[g]
                    if v and (v & 1) == by and (mask >> (v >> 2)) & 1:
                        return True
        for prays, drays, mask in a.hook:
            for s in prays[t]:
                if b[s]:
                    break
                for q in drays[s]:
                    v = b[q]
                    if v:
                        if (v & 1) == by and (mask >> (v >> 2)) & 1:
                            return True
                        break
        return False

    def attacked_along(self, b: list[int], t: int, by: int, e: int) -> bool:
        """Like `attacked`, but only the line attacks that come along direction `e` from `t`
        (index into ALL_DIRECTIONS), plus lame leaps: all that a change of occupancy on that
        ray can switch on."""
        a = self.att[by]
        for src, mask, between in a.lame[t]:
            v = b[src]
            if v and (v & 1) == by and (mask >> (v >> 2)) & 1:
                for s in between:
                    if b[s]:
                        break
                else:
                    return True
        for rays, unl, lim, hop in a.lines_dir[e]:
            screen = False
            dist = 0
            for s in rays[t]:
                dist += 1
                v = b[s]
                if not v:
                    continue
                if screen:
                    if (v & 1) == by and (hop >> (v >> 2)) & 1:
                        return True
                    break
                if (v & 1) == by:
                    k = v >> 2
                    if (unl >> k) & 1:
                        return True
                    for limit, m in lim:
                        if dist <= limit and (m >> k) & 1:
                            return True
                if not hop:
                    break
                screen = True
        for rays, srcs in a.bent_dir[e]:
            for s in rays[t]:
                if b[s]:
                    break
                for g, mask in srcs[s]:
                    v = b[g]
                    if v and (v & 1) == by and (mask >> (v >> 2)) & 1:
                        return True
        return False

    def universal_capture_ok(self, pos: Position, frm: int, to: int) -> bool:
        """May the universal leaper on `frm` capture on `to`? On the position after the
        capture: no enemy piece (universal leapers aside) attacks `to`; then by the atom's
        `protection`: "ludii" — yes; otherwise yes if the enemy has no universal leaper left,
        else "literal" — no, "refined" — only if the mover's side guards `to` with another
        piece (another universal leaper of its own counts: it could take back too).
        """
        b = pos.board
        side = b[frm] & 1
        uni = self.t.universal
        enemy_leapers = [s for s in pos.pieces[1 - side] if uni[b[s] >> 2]]
        other_own = any(uni[b[s] >> 2] for s in pos.pieces[side] if s != frm)
        return self._universal_takes(b, frm, to, enemy_leapers, other_own)

    def _universal_takes(self, b: list[int], frm: int, to: int, enemy_leapers: list[int],
                         other_own: bool) -> bool:
        """`universal_capture_ok` with the universal leapers of both sides already found
        (the generator finds them once for all the leaper's targets)."""
        side = b[frm] & 1
        victim, mover = b[to], b[frm]
        protection = self.protection[mover >> 2]
        b[to], b[frm] = mover, 0
        try:
            if self.attacked(b, to, 1 - side):
                return False
            if protection == "ludii" or not any(s != to for s in enemy_leapers):
                return True
            if protection == "literal":
                return False
            return other_own or self.attacked(b, to, side)
        finally:
            b[frm], b[to] = mover, victim

    def in_check(self, pos: Position, side: int | None = None) -> bool:
        side = pos.side if side is None else side
        return any(self.attacked(pos.board, r, 1 - side) for r in pos.royals[side])
