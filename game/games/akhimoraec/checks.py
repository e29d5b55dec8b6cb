"""Akhimoraec checks for tools and tests: is a state sound (`invariants`, run by the fuzzer
after every step and on every position read), and which lines 4-neighbour parity allows.

Pure functions of a rules object and a state; they read the rules' questions (`may_enter`,
`line_of`, `has_move`) and decide nothing new.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Protocol

from game.games.akhimoraec.state import (
    ALIVE,
    LINE_SETS,
    LINES,
    OFF,
    READY,
    SIDE_NAMES,
    SIZE,
    WAITING,
    AkhState,
    Glass,
    cell_name,
    line_name,
)


class AkhimoraecRules(Protocol):
    """What the checks read of the rules (the rules module imports this one, not the reverse)."""

    adjacency: int
    clock: int
    flip: bool
    free: bool
    hold: bool
    homes: tuple[tuple[int, ...], ...]
    life: int
    limit: int
    mode_b: bool
    open_homes: bool

    def may_enter(self, g: Glass, dst: int) -> bool: ...

    def line_of(self, glasses: Sequence[Glass], player: int) -> tuple[int, ...] | None: ...

    def has_move(self, glasses: Sequence[Glass], player: int) -> bool: ...


def invariants(rules: AkhimoraecRules, state: AkhState) -> list[str]:
    """Problems with a state (empty when sound); the fuzzer calls this after every step."""
    out: list[str] = []
    gl = state.glasses
    if len(gl) != 6:
        return [f"{len(gl)} hourglasses instead of 6"]
    cells = [g.cell for g in gl if g.cell != OFF]
    if len(set(cells)) != len(cells):
        out.append("two hourglasses share a circle")
    for i, g in enumerate(gl):
        p, k = divmod(i, 3)
        name = f"{SIDE_NAMES[p]} {cell_name(rules.homes[p][k])}"
        if g.owner != p or g.home != rules.homes[p][k]:
            out.append(f"{name}: wrong owner or home")
            continue
        if g.cell == OFF:
            if not rules.open_homes or g.status == ALIVE:
                out.append(f"{name}: off the board")
            elif not any(o.cell == g.home for o in gl):
                out.append(f"{name} waits off the board though its home is free")
            continue
        if not 0 <= g.cell < SIZE * SIZE:
            out.append(f"{name}: off the board")
            continue
        if g.status == ALIVE:
            if not rules.may_enter(g, g.cell):
                out.append(f"{name} stands on another hourglass's home circle")
            if not 0 < g.full <= rules.life:
                out.append(f"{name}: its life {g.full} ms is outside (0, {rules.life}]")
            if not (state.over or state.now < g.until <= state.now + g.full):
                out.append(f"{name}: sand left {g.until - state.now} ms is outside (0, {g.full}]")
            if not rules.mode_b and g.full != rules.life:
                out.append(f"{name}: mode A lives are always full")
            if rules.adjacency == 4 and not rules.flip:
                same = (g.cell // SIZE + g.cell % SIZE) % 2 == (g.home // SIZE + g.home % SIZE) % 2
                if g.up != same:
                    out.append(f"{name}: pole colour breaks the 4-neighbour parity")
        elif g.status in (READY, WAITING):
            if g.cell != g.home or not g.up:
                out.append(f"{name}: not standing at home own colour up")
            if g.status == WAITING:
                if not (0 < g.full <= rules.life and (state.over or state.now < g.until <= state.now + g.full)):
                    out.append(f"{name}: waiting time outside (0, {g.full}]")
            elif g.until or g.full:
                out.append(f"{name}: a ready hourglass keeps no timer")
        else:
            out.append(f"{name}: unknown status {g.status}")
    if state.to_move not in (0, 1):
        out.append("bad side to move")
    if state.turn_start > state.now:
        out.append("the turn starts in the future")
    if not state.over:
        if rules.clock and state.now >= state.turn_start + rules.clock:
            out.append("the turn clock has run out but the turn did not pass")
        if rules.limit and state.now >= rules.limit:
            out.append("the game-time limit has passed but the game goes on")
        if state.winner is not None or state.line:
            out.append("a winner is recorded in a game that goes on")
        if (not rules.free and not rules.has_move(gl, state.to_move)
                and rules.has_move(gl, 1 - state.to_move)):
            out.append("the side to move has no move but did not pass")
        for p in (0, 1):
            if rules.line_of(gl, p) is not None and not rules.hold:
                out.append(f"{SIDE_NAMES[p]} stands on a winning line but has not won")
        if state.pending is not None and not rules.hold:
            out.append("a pending line without the hold option")
    else:
        if state.winner is not None and frozenset(state.line) not in LINE_SETS:
            out.append("a winner without a winning line")
        if state.winner is None and state.line:
            out.append("a draw with a winning line")
    return out


def parity_lines(rules: AkhimoraecRules, player: int) -> dict[str, list[bool]]:
    """For 4-neighbour play: per line name, which pole colours (True = own) are reachable.

    A glass's pole colour is fixed by the checkerboard colour of its cell relative to its
    home, so a line is winnable with colour c only if some assignment of the three glasses
    to its cells gives every glass colour c."""
    out: dict[str, list[bool]] = {}
    homes = rules.homes[player]
    for line in LINES:
        ok = []
        for up in (True, False):
            for perm in permutations(line):
                if all((((c // SIZE + c % SIZE) - (h // SIZE + h % SIZE)) % 2 == 0) == up
                       for c, h in zip(perm, homes, strict=True)):
                    ok.append(up)
                    break
        out[line_name(line)] = ok
    return out
