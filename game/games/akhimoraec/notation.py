"""Akhimoraec position text: one line that states a whole position, written and read back.

    t=12.5 turn=gold@10 | gold: b1>c2 black 190.5/180, e1 ready, h1 wait 300/180 |
    red: b9 ready, e9>e8 colour 150/180, h9 ready

(one line in practice; see the rules module for every field). Reading checks the syntax and
the home order here; the rules then check that the position is sound (`invariants`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.games.akhimoraec.state import (
    ALIVE,
    LINE_SETS,
    OFF,
    READY,
    SIDE_NAMES,
    SIDE_WORDS,
    WAITING,
    AkhState,
    Glass,
    cell_index,
    cell_name,
    fmt_time,
    line_name,
    parse_time,
)
from game.i18n import _


def position_text(state: AkhState) -> str:
    """The one-line text of `state` (events are not part of a position)."""
    head = f"t={fmt_time(state.now)} turn={SIDE_WORDS[state.to_move]}@{fmt_time(state.turn_start)}"
    parts = [head]
    for p in (0, 1):
        items = []
        for g in state.glasses[3 * p:3 * p + 3]:
            h = cell_name(g.home) + (" off" if g.cell == OFF else "")
            if g.status == READY:
                items.append(f"{h} ready")
            elif g.status == WAITING:
                items.append(f"{h} wait {fmt_time(g.until)}/{fmt_time(g.full)}")
            else:
                up = "colour" if g.up else "black"
                items.append(f"{h}>{cell_name(g.cell)} {up} {fmt_time(g.until)}/{fmt_time(g.full)}")
        parts.append(f"{SIDE_WORDS[p]}: " + ", ".join(items))
    if state.over:
        parts.append("draw" if state.winner is None
                     else f"won {SIDE_WORDS[state.winner]} {line_name(state.line)}")
    elif state.pending is not None:
        parts.append(f"pending {SIDE_WORDS[state.pending]}")
    return " | ".join(parts)


def parse_position(text: str, homes: Sequence[Sequence[int]]) -> AkhState:
    """Read a position text; ValueError with a reason when it is not one. `homes` gives each
    side's home circles in order (the option), which the text must list in that order."""
    parts = [p.strip() for p in text.replace("\n", " ").split("|")]
    if len(parts) not in (3, 4):
        raise ValueError(_("a position has a header, Gold's part and Red's part, separated by |"))
    m = re.fullmatch(r"t=(\S+)\s+turn=(gold|red)@(\S+)", parts[0].lower())
    if not m:
        raise ValueError(_("bad header {value}: expected like 't=12.5 turn=gold@10'").format(
            value=repr(parts[0])))
    now, to_move, turn_start = parse_time(m.group(1)), SIDE_WORDS.index(m.group(2)), parse_time(m.group(3))
    glasses: list[Glass] = []
    for p in (0, 1):
        side = parts[1 + p]
        word, colon, rest = side.partition(":")
        if not colon or word.strip().lower() != SIDE_WORDS[p]:
            raise ValueError(_("part {value} must start with '{value2}:'").format(
                value=2 + p, value2=SIDE_WORDS[p]))
        items = [i.strip() for i in rest.split(",")]
        if len(items) != 3:
            raise ValueError(_("{value} must list exactly 3 hourglasses").format(
                value=SIDE_NAMES[p]))
        for home, item in zip(homes[p], items, strict=True):
            glasses.append(_parse_glass(p, home, item))
    over, winner, pending = False, None, None
    line: tuple[int, ...] = ()
    if len(parts) == 4:
        end = parts[3].lower().split()
        if end == ["draw"]:
            over = True
        elif len(end) == 3 and end[0] == "won" and end[1] in SIDE_WORDS:
            over, winner = True, SIDE_WORDS.index(end[1])
            try:
                cells = tuple(cell_index(c) for c in end[2].split("-"))
            except ValueError as exc:
                raise ValueError(_("bad winning line {value}: {exc}").format(
                    value=repr(end[2]), exc=exc)) from None
            if frozenset(cells) not in LINE_SETS:
                raise ValueError(_("{value} is not a line of the orange square").format(
                    value=end[2]))
            line = LINE_SETS[frozenset(cells)]
        elif len(end) == 2 and end[0] == "pending" and end[1] in SIDE_WORDS:
            pending = SIDE_WORDS.index(end[1])
        else:
            raise ValueError(_("bad ending {value}: expected 'draw', 'won gold d4-e5-f6' or "
                               "'pending red'").format(value=repr(parts[3])))
    return AkhState(now, to_move, turn_start, tuple(glasses), over, winner, line, pending)


def _parse_glass(p: int, home: int, item: str) -> Glass:
    words = item.lower().split()
    hname = cell_name(home)
    if not words:
        raise ValueError(_("{value}: an hourglass is missing").format(value=SIDE_NAMES[p]))
    where = words[0]
    src, arrow, dst = where.partition(">")
    if src != hname:
        raise ValueError(_("{value}'s hourglasses must be listed in home order; expected {hname}, "
                           "got {src}").format(value=SIDE_NAMES[p], hname=hname, src=repr(src)))
    if not arrow:
        cell = home
        if words[1:2] == ["off"]:  # waiting off the board for its home circle to be free
            cell = OFF
            words = words[:1] + words[2:]
        if words[1:] == ["ready"]:
            return Glass(p, home, cell, READY, True, 0, 0)
        if len(words) == 3 and words[1] == "wait":
            until, full = _parse_pair(words[2])
            return Glass(p, home, cell, WAITING, True, until, full)
        raise ValueError(_("{item}: expected '{hname} ready', '{hname2} wait UNTIL/FULL' or "
                           "'{hname3}>CELL colour|black UNTIL/FULL'").format(
            item=repr(item), hname=hname, hname2=hname, hname3=hname))
    cell = cell_index(dst)
    if len(words) != 3 or words[1] not in ("colour", "black"):
        raise ValueError(_("{item}: expected '{hname}>CELL colour|black UNTIL/FULL'").format(
            item=repr(item), hname=hname))
    until, full = _parse_pair(words[2])
    return Glass(p, home, cell, ALIVE, words[1] == "colour", until, full)


def _parse_pair(text: str) -> tuple[int, int]:
    a, slash, b = text.partition("/")
    if not slash:
        raise ValueError(_("{text}: expected UNTIL/FULL, like 190.5/180").format(text=repr(text)))
    return parse_time(a), parse_time(b)
