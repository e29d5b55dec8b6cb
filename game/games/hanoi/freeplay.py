"""Free play's set-up: the kinds of puzzle, a random start or target for the scrambled ones,
and the bar of controls over the board (pegs, disks, kind, shuffle).

The bar only shows the choice and reports a change; the scene starts the new puzzle.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pygame_gui

from game.games.hanoi.rules import MAX_DISKS, MIN_DISKS, format_position
from game.games.hanoi.view import FP_X
from game.i18n import N_, _
from game.scenes.frame import BOARD_AREA
from game.ui import theme
from game.ui.widgets import button

#: Free-play starts and targets: (id, label in the drop-down).
FREE_KINDS: tuple[tuple[str, str], ...] = (
    ("classic", N_("Tower A to the last peg")),
    ("middle", N_("Tower A to peg B")),
    ("gather", N_("Scramble to a tower")),
    ("spread", N_("Tower to a scramble")),
    ("shuffle", N_("Scramble to scramble")),
)
SCRAMBLED = {"gather", "spread", "shuffle"}


def free_position(rng: random.Random, pegs: int, disks: int, kind: str) -> str:
    """A position text for a free-play puzzle of this kind (never already solved)."""
    tower_a, tower_end = (0,) * disks, (pegs - 1,) * disks

    def scramble() -> tuple[int, ...]:
        return tuple(rng.randrange(pegs) for _disk in range(disks))

    for _attempt in range(50):
        start, target = {
            "classic": (tower_a, tower_end),
            "middle": (tower_a, (1,) * disks),
            "gather": (scramble(), tower_end),
            "spread": (tower_a, scramble()),
            "shuffle": (scramble(), scramble()),
        }[kind]
        if start != target:
            break
    else:  # one disk scrambled onto itself fifty times: take the classic puzzle
        start, target = tower_a, tower_end
    return format_position(pegs, start, target)


class FreePlayBar:
    """The controls over the board in free play; `change(pegs=, disks=, kind=)` is called
    with what the player chose (nothing for Shuffle: the same set-up, new scrambles)."""

    def __init__(self, ui: pygame_gui.UIManager, kind: str,
                 change: Callable[..., None], disks: Callable[[], int]) -> None:
        x, y = BOARD_AREA.x, BOARD_AREA.y + 16
        self.peg_btns = {
            p: button(ui, (x + FP_X["pegs"] + 50 * i, y, 44, 40), str(p), _("{n} pegs").format(n=p))
            for i, p in enumerate((3, 4))
        }
        self.minus_btn = button(ui, (x + FP_X["minus"], y, 40, 40), "-", _("One disk fewer (-)"))
        self.plus_btn = button(ui, (x + FP_X["plus"], y, 40, 40), "+", _("One disk more (+)"))
        labels: list[str | tuple[str, str]] = [_(label) for _kind, label in FREE_KINDS]
        self.kind_dd = pygame_gui.elements.UIDropDownMenu(
            labels, _(dict(FREE_KINDS)[kind]), pygame.Rect(x + FP_X["kind"], y, 236, 40), ui)
        self.shuffle_btn = button(ui, (x + FP_X["shuffle"], y, 100, 40), _("Shuffle"),
                                  _("A new random start and target"))
        #: Button -> action, for the scene's `extra_buttons`.
        self.actions: dict[object, Callable[[], None]] = {
            self.peg_btns[3]: lambda: change(pegs=3),
            self.peg_btns[4]: lambda: change(pegs=4),
            self.minus_btn: lambda: change(disks=disks() - 1),
            self.plus_btn: lambda: change(disks=disks() + 1),
            self.shuffle_btn: lambda: change(),
        }

    def kind_of(self, event: pygame.event.Event) -> str | None:
        """The kind chosen, if `event` is this bar's drop-down changing."""
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED or event.ui_element is not self.kind_dd:
            return None
        return next((k for k, label in FREE_KINDS if _(label) == event.text), "classic")

    def sync(self, pegs: int, disks: int, kind: str) -> None:
        """Show the set-up: the pegs chosen, +/- and Shuffle only where they do something."""
        for p, b in self.peg_btns.items():
            if p == pegs:
                b.select()
            else:
                b.unselect()
        for b, ok in (
            (self.minus_btn, disks > MIN_DISKS),
            (self.plus_btn, disks < MAX_DISKS),
            (self.shuffle_btn, kind in SCRAMBLED),
        ):
            if ok:
                b.enable()
            else:
                b.disable()

    @staticmethod
    def draw_count(surface: pygame.Surface, disks: int) -> None:
        """The number of disks between - and +."""
        theme.blit_text(surface, str(disks),
                        (BOARD_AREA.x + (FP_X["minus"] + 40 + FP_X["plus"]) / 2, BOARD_AREA.y + 36),
                        22, theme.TEXT, True, "center")
