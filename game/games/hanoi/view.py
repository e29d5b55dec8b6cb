"""Where things are on the Towers of Hanoi screen: the playing area, the peg columns that take
clicks, the free-play controls, and `Layout`, the geometry of pegs and disks in a rectangle
(the main board, the target panel, a level card or a rules diagram alike).

Nothing here draws: `sprites.py` paints at these coordinates, `input.py` reads pegs from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.games.hanoi.rules import PEG_LETTERS, HanoiMove
from game.i18n import _, ngettext
from game.scenes.frame import BOARD_AREA

Point = tuple[float, float]

#: Where the pegs stand: under the header (goal, note or free-play set-up), above the labels.
PLAY = pygame.Rect(BOARD_AREA.x + 24, BOARD_AREA.y + 112, BOARD_AREA.width - 48, 468)
LABEL_Y = PLAY.bottom + 26
#: Clicks in this band pick or drop on the peg of the column under the pointer.
COLUMNS = pygame.Rect(
    BOARD_AREA.x, BOARD_AREA.y + 100, BOARD_AREA.width, LABEL_Y + 30 - 100 - BOARD_AREA.y
)
#: x of each free-play control inside the board (its label sits just left of it).
FP_X = {"pegs": 78, "minus": 248, "plus": 334, "kind": 480, "shuffle": 728}


@dataclass(frozen=True)
class Layout:
    """Where the pegs stand and the disks sit inside a rectangle (main board or a small picture)."""

    pegs: int
    disks: int
    xs: tuple[float, ...]
    base_y: float
    disk_h: float
    widths: tuple[float, ...]
    peg_top: float
    hover_y: float
    col_w: float
    rect: pygame.Rect

    @classmethod
    def fit(
        cls,
        rect: pygame.Rect,
        pegs: int,
        disks: int,
        *,
        hover: bool = False,
        max_h: float = 44.0,
        min_levels: int = 3,
    ) -> Layout:
        col = rect.width / pegs
        levels = max(disks, min_levels) + 1
        extra = 2.7 if hover else 0.0  # room over the pegs to lift a disk and carry it across
        plank = 0.6
        h = min(max_h, rect.height / (levels + extra + plank), col / 3.0)
        base_y = rect.bottom - plank * h
        max_w = col * 0.9 - 2
        min_w = min(max_w, max(max_w * 0.26, h * 1.7))
        if disks == 1:
            widths: tuple[float, ...] = (max(min_w, max_w * 0.55),)
        else:
            widths = tuple(min_w + (max_w - min_w) * d / (disks - 1) for d in range(disks))
        peg_top = base_y - levels * h
        return cls(
            pegs,
            disks,
            tuple(rect.x + col * (i + 0.5) for i in range(pegs)),
            base_y,
            h,
            widths,
            peg_top,
            peg_top - 0.85 * h,
            col,
            pygame.Rect(rect),
        )

    def moved(self, dx: float, dy: float) -> Layout:
        """The same layout shifted (drawn into a surface that starts at the board's corner)."""
        return Layout(
            self.pegs,
            self.disks,
            tuple(x + dx for x in self.xs),
            self.base_y + dy,
            self.disk_h,
            self.widths,
            self.peg_top + dy,
            self.hover_y + dy,
            self.col_w,
            self.rect.move(round(dx), round(dy)),
        )

    def slot(self, peg: int, level: int) -> Point:
        """Centre of the disk sitting `level` disks above the base on `peg`."""
        return self.xs[peg], self.base_y - (level + 0.5) * self.disk_h

    def hover(self, peg: int) -> Point:
        return self.xs[peg], self.hover_y

    def peg_at(self, x: float) -> int:
        return max(0, min(self.pegs - 1, int((x - self.rect.x) // self.col_w)))

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The peg whose column takes a click at `pos` on the main board (None: outside)."""
        return self.peg_at(pos[0]) if COLUMNS.collidepoint(pos) else None

    def sprite_size(self, disk: int) -> tuple[int, int]:
        return max(6, round(self.widths[disk])), max(3, round(self.disk_h * 0.92))


def stacks(pegs: int, config: Sequence[int]) -> list[list[int]]:
    """Disks on each peg from the bottom up (the order is forced by the sizes)."""
    out: list[list[int]] = [[] for _ in range(pegs)]
    for d in range(len(config) - 1, -1, -1):
        out[config[d]].append(d)
    return out


def goal_text(pegs: int, start: Sequence[int], target: Sequence[int]) -> str:
    """The puzzle's goal in a sentence, from its start and target."""
    if len(set(target)) == 1:
        dst = PEG_LETTERS[target[0]]
        if len(set(start)) == 1:
            return _("Move the tower from peg {start} to peg {end}").format(
                start=PEG_LETTERS[start[0]], end=dst)
        return _("Gather every disk into one tower on peg {peg}").format(peg=dst)
    return _("Rearrange the disks to match the target picture")


def status_line(*, preparing: bool, watching: bool, solved: bool, shown: bool, has_next: bool,
                moves: str, held: int | None, held_disk: int | None, hint: HanoiMove | None,
                free_left: int | None) -> tuple[str, str]:
    """The status line under the board (left, right) for what is going on: the solution
    playing, the solve (`shown`: the solution did it), a disk in hand, a hint, or the
    invitation to play (with, in free play, the distance to the target)."""
    wait = _("preparing hints…") if preparing else ""
    if watching:
        return _("Watching the optimal solution…"), wait or _("click or press any key to stop")
    if solved:
        if shown:
            return _("Solution shown: {moves}").format(moves=moves), _("R: now try it yourself")
        if has_next:
            return _("Solved in {moves}!").format(moves=moves), _("Enter: next level · R: again")
        return _("Solved in {moves}!").format(moves=moves), _("R: play it again")
    if held is not None:
        text = _("lifted from {peg} — choose a peg") if held_disk is None else \
            _("Disk {disk} lifted from {peg} — choose a peg")
        disk = 0 if held_disk is None else held_disk + 1
        return text.format(disk=disk, peg=PEG_LETTERS[held]), _("Esc or its own peg puts it back")
    if hint is not None:
        return (_("Hint: move the top disk of {start} to {end}").format(
            start=PEG_LETTERS[hint.src], end=PEG_LETTERS[hint.dst]), _("H again plays it"))
    right = wait
    if free_left is not None:
        right = ngettext("{n} move from the target at best", "{n} moves from the target at best",
                         free_left).format(n=free_left)
    return _("Pick up a disk: click a peg or press its number"), right
