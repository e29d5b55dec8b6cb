"""Towers of Hanoi rules: 3 or 4 pegs, one top disk moved at a time, never onto a smaller one.

A configuration is the peg of each disk, smallest disk first: with that representation every
assignment is a legal stacking (the order of the disks on a peg is forced by their sizes), so a
state can never be "upside down" and legality is only about moves. The state also carries the
target configuration and the number of pegs, so one Rules object serves every level and any
position text (the tools parse positions without knowing the options).

Notation: pegs are letters A, B, C (and D); a move is `A-C` (top disk of A onto C).
Position text: `K:S>T` — K pegs, then each disk's peg letter from the smallest to the largest,
for the start and the target: `3:AAAA>CCCC` is the classic four-disk tower from A to C.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import _

GAME_ID = "hanoi"
PEG_LETTERS = "ABCD"
PEG_CHOICES = (3, 4)
MIN_DISKS, MAX_DISKS = 1, 10
VARIANTS = ("standard",)


class HanoiMove(NamedTuple):
    """Take the top disk of peg `src` and put it on peg `dst` (pegs numbered from 0)."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class HanoiState:
    """Where each disk is (`disk_pegs`, smallest first) and where each must end (`target_pegs`)."""

    pegs: int
    disk_pegs: tuple[int, ...]
    target_pegs: tuple[int, ...]

    @property
    def to_move(self) -> int:
        return 0  # one player

    @property
    def n_disks(self) -> int:
        return len(self.disk_pegs)

    def key(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        return (self.pegs, self.disk_pegs, self.target_pegs)

    def stack(self, peg: int) -> list[int]:
        """Disks on `peg` from the bottom up (0 is the smallest disk) — what a scene draws."""
        return [d for d in range(len(self.disk_pegs) - 1, -1, -1) if self.disk_pegs[d] == peg]

    def top(self, peg: int) -> int | None:
        """The smallest disk on `peg` (the one that can move), or None if the peg is empty."""
        for d, p in enumerate(self.disk_pegs):
            if p == peg:
                return d
        return None

    def solved(self) -> bool:
        return self.disk_pegs == self.target_pegs


def peg_letter(peg: int) -> str:
    return PEG_LETTERS[peg]


def top_disks(pegs: int, disk_pegs: Sequence[int]) -> list[int]:
    """Smallest disk on each peg; `len(disk_pegs)` (larger than any disk) marks an empty peg."""
    n = len(disk_pegs)
    tops = [n] * pegs
    for d in range(n - 1, -1, -1):
        tops[disk_pegs[d]] = d
    return tops


def move_problem(pegs: int, disk_pegs: Sequence[int], src: int, dst: int) -> str | None:
    """Why moving the top disk of `src` onto `dst` is illegal, in a player's words (None: legal)."""
    for peg in (src, dst):
        if not 0 <= peg < pegs:
            name = PEG_LETTERS[peg] if 0 <= peg < len(PEG_LETTERS) else str(peg)
            return _("there is no peg {peg} (this puzzle has {n} pegs)").format(peg=name, n=pegs)
    if src == dst:
        return _("a disk must move to a different peg")
    tops = top_disks(pegs, disk_pegs)
    if tops[src] == len(disk_pegs):
        return _("that peg is empty")
    if tops[dst] < tops[src]:
        return _("a larger disk cannot go on a smaller one")
    return None


def legal_moves_of(pegs: int, disk_pegs: Sequence[int]) -> list[HanoiMove]:
    """All legal moves, in a fixed order (source peg, then destination peg)."""
    tops = top_disks(pegs, disk_pegs)
    n = len(disk_pegs)
    return [HanoiMove(s, t) for s in range(pegs) if tops[s] < n
            for t in range(pegs) if t != s and tops[s] < tops[t]]


def apply_move(disk_pegs: tuple[int, ...], pegs: int, move: HanoiMove) -> tuple[int, ...]:
    """The configuration after a move already known to be legal."""
    d = top_disks(pegs, disk_pegs)[move.src]
    return disk_pegs[:d] + (move.dst,) + disk_pegs[d + 1:]


def config_text(disk_pegs: Sequence[int]) -> str:
    """Peg letters of the disks, smallest first: (0, 0, 2) -> "AAC"."""
    return "".join(PEG_LETTERS[p] for p in disk_pegs)


def format_position(pegs: int, start: Sequence[int], target: Sequence[int]) -> str:
    return f"{pegs}:{config_text(start)}>{config_text(target)}"


def classic_configs(pegs: int, disks: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The classic puzzle: the whole tower on the first peg, to be rebuilt on the last one."""
    return (0,) * disks, (pegs - 1,) * disks


_POSITION_RE = re.compile(r"^\s*(\d+)\s*:\s*([A-Za-z]*)\s*>\s*([A-Za-z]*)\s*$")
_MOVE_RE = re.compile(r"^\s*([A-Za-z])\s*[-–>]?\s*([A-Za-z])\s*$")


def _read_config(letters: str, pegs: int, what: str) -> tuple[int, ...]:
    allowed = PEG_LETTERS[:pegs]
    out = []
    for ch in letters.upper():
        if ch not in allowed:
            raise BadPosition(_("{what}: '{ch}' is not a peg of a {pegs}-peg puzzle (use "
                                "{value}–{value2})").format(
                what=what, ch=ch, pegs=pegs, value=allowed[0], value2=allowed[-1]))
        out.append(allowed.index(ch))
    return tuple(out)


def parse_position_text(text: str) -> HanoiState:
    """Read `K:S>T` (see the module docstring); raise BadPosition saying what is wrong."""
    m = _POSITION_RE.match(text)
    if m is None:
        raise BadPosition(_("a Hanoi position looks like 3:AAAA>CCCC (pegs:start>target), not "
                            "{text}").format(text=repr(text)))
    pegs = int(m.group(1))
    if pegs not in PEG_CHOICES:
        raise BadPosition(_("the puzzle has 3 or 4 pegs, not {pegs}").format(pegs=pegs))
    start = _read_config(m.group(2), pegs, "start")
    target = _read_config(m.group(3), pegs, "target")
    if not start:
        raise BadPosition(_("the start lists no disk"))
    if len(start) != len(target):
        raise BadPosition(_("the start lists {n} disks but the target {n2}").format(
            n=len(start), n2=len(target)))
    if len(start) > MAX_DISKS:
        raise BadPosition(_("at most {MAX_DISKS} disks, not {n}").format(
            MAX_DISKS=MAX_DISKS, n=len(start)))
    return HanoiState(pegs, start, target)


class HanoiRules:
    """Rules for one puzzle set-up; `play` works on any HanoiState, whatever its pegs and disks.

    Options: `pegs` (3 or 4) and `disks` (1–10) give the classic puzzle (tower from A to the last
    peg); a non-empty `position` text (`K:S>T`) overrides both with any start and target.
    """

    game_id = GAME_ID

    def __init__(self, variant: str, options: Mapping[str, Any]) -> None:
        if variant not in VARIANTS:
            raise ValueError(_("hanoi: unknown variant {variant}").format(variant=repr(variant)))
        self.variant = variant
        self.options = dict(options)
        position = str(self.options.get("position") or "")
        if position:
            self._initial = parse_position_text(position)
        else:
            pegs = self.options.get("pegs", 3)
            disks = self.options.get("disks", 5)
            if pegs not in PEG_CHOICES:
                raise ValueError(_("hanoi: pegs must be 3 or 4, not {pegs}").format(
                    pegs=repr(pegs)))
            if not isinstance(disks, int) or not MIN_DISKS <= disks <= MAX_DISKS:
                raise ValueError(_("hanoi: disks must be {MIN_DISKS}–{MAX_DISKS}, not {disks}").format(
                    MIN_DISKS=MIN_DISKS, MAX_DISKS=MAX_DISKS, disks=repr(disks)))
            self._initial = HanoiState(pegs, *classic_configs(pegs, disks))
        self.pegs = self._initial.pegs
        self.disks = self._initial.n_disks

    # -- the contract ------------------------------------------------------------------------

    def initial_state(self) -> HanoiState:
        return self._initial

    def legal_moves(self, state: HanoiState) -> list[HanoiMove]:
        return legal_moves_of(state.pegs, state.disk_pegs)

    def check(self, state: HanoiState, move: HanoiMove) -> str | None:
        return move_problem(state.pegs, state.disk_pegs, move[0], move[1])

    def play(self, state: HanoiState, move: HanoiMove) -> HanoiState:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        new = apply_move(state.disk_pegs, state.pegs, HanoiMove(move[0], move[1]))
        return HanoiState(state.pegs, new, state.target_pegs)

    def solved(self, state: HanoiState) -> bool:
        return state.solved()

    def outcome(self, state: HanoiState) -> Outcome | None:
        if state.solved():
            return Outcome(0, _("every disk is on its target peg"))
        return None

    def display_move(self, state: HanoiState, move: HanoiMove) -> str:
        """The move as the move list shows it: the disk and its way, "disk 1 A→C"."""
        disk = state.top(move[0])
        way = f"{PEG_LETTERS[move[0]]}→{PEG_LETTERS[move[1]]}"
        return way if disk is None else _("disk {n} {way}").format(n=disk + 1, way=way)

    def to_notation(self, state: HanoiState, move: HanoiMove) -> str:
        return f"{PEG_LETTERS[move[0]]}-{PEG_LETTERS[move[1]]}"

    def parse_move(self, state: HanoiState, text: str) -> HanoiMove:
        m = _MOVE_RE.match(text)
        if m is None:
            raise IllegalMove(_("a move is written like A-C (from peg A to peg C), not {text}").format(
                text=repr(text)))
        letters = PEG_LETTERS[:state.pegs]
        ends = []
        for ch in (m.group(1).upper(), m.group(2).upper()):
            if ch not in letters:
                raise IllegalMove(_("there is no peg {ch} (the pegs are {value}–{value2})").format(
                    ch=ch, value=letters[0], value2=letters[-1]))
            ends.append(letters.index(ch))
        move = HanoiMove(ends[0], ends[1])
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def position_text(self, state: HanoiState) -> str:
        return format_position(state.pegs, state.disk_pegs, state.target_pegs)

    def parse_position(self, text: str) -> HanoiState:
        return parse_position_text(text)

    # -- hooks for the tools -----------------------------------------------------------------

    def invariants(self, state: HanoiState) -> list[str]:
        """Problems with a state (tools/fuzz.py): sizes and peg numbers in range."""
        problems = []
        if state.pegs not in PEG_CHOICES:
            problems.append(f"{state.pegs} pegs")
        if len(state.disk_pegs) != len(state.target_pegs):
            problems.append("start and target list different numbers of disks")
        for name, config in (("disk", state.disk_pegs), ("target", state.target_pegs)):
            if any(not 0 <= p < state.pegs for p in config):
                problems.append(f"{name} peg out of range in {config}")
        return problems


def make_rules(variant: str, options: Mapping[str, Any]) -> HanoiRules:
    return HanoiRules(variant, options)
