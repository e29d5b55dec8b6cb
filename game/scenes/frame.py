"""The frame both kinds of game screen stand in: the board area on the left, the side panel
on the right, the status line under the board, and the handling they share.

`MatchScene` (two players) and `PuzzleScene` (one player, levels) differ in what their side
panel shows and which buttons it has; where the board is, how a refusal is said, how buttons
follow what their action would do now, how the shared keys are read, and how the animation
clock runs are the same, and live here once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.tween import Tweens

if TYPE_CHECKING:
    from game.scenes.base import Host

#: Where the board is drawn, the side panel stands and the status line runs (1280x800 canvas).
BOARD_AREA = pygame.Rect(16, 16, 880, 700)
SIDE = pygame.Rect(912, 16, 352, 768)
STATUS = pygame.Rect(16, 728, 880, 56)

#: A shared key: (pygame key, Ctrl held).
Key = tuple[int, bool]


class FrameScene(Scene):
    """Base of the game screens: animation clock, buttons in step with their actions, the
    refusal notice and the shared keys. Subclasses fill in `button_states` and `shortcuts`."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.tweens = Tweens(speed=app.settings.animation_speed)
        #: Seconds since the screen opened (animations, pulses, the celebration).
        self.t = 0.0

    def status_rect(self) -> pygame.Rect | None:
        return STATUS

    def tick(self, dt: float) -> None:
        """The part of `update` every game screen shares: the clock, the tweens at the
        player's animation speed, and forgetting a dialog once it has closed."""
        self.t += dt
        self.tweens.speed = self.app.settings.animation_speed
        self.tweens.update(dt)
        if self.modal is not None and not self.modal.open:
            self.modal = None

    def button_states(self) -> dict[Any, bool]:
        """Each button and whether its action would do something now: a button is enabled
        exactly then."""
        return {}

    def _refresh_buttons(self) -> None:
        """Bring the buttons in line with `button_states` (called every frame: cheap)."""
        for b, ok in self.button_states().items():
            if ok != b.is_enabled:
                if ok:
                    b.enable()
                else:
                    b.disable()

    def refuse(self, reason: str) -> None:
        """Say why an action was refused (the rules' words) with the refusal sound."""
        self.app.toast(reason, "bad")
        self.app.sounds.play("refuse")

    def shortcuts(self) -> dict[Key, Callable[[], None]]:
        """The keys this kind of screen shares, (key, Ctrl held) -> action."""
        return {}

    def dismiss_modal(self) -> bool:
        """Esc with a dialog open closes it (as its last button would); True if one was."""
        if self.modal is None:
            return False
        self.modal.dismiss()
        self.modal = None
        return True

    # -- drawing: the same order on every game screen ------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_board(surface)
        self.draw_side(surface)
        self.draw_status(surface)
        self.draw_over(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """What is under everything (a match paints it once and blits it)."""
        surface.fill(theme.BG)

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game's board, in BOARD_AREA."""

    def draw_side(self, surface: pygame.Surface) -> None:
        """The side panel, in SIDE."""

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line, in STATUS."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the board and panels, under a dialog (a puzzle's celebration)."""

    def shortcut(self, event: pygame.event.Event) -> bool:
        """Run the shared key's action; True if the event was one."""
        if event.type != pygame.KEYDOWN:
            return False
        action = self.shortcuts().get((event.key, bool(event.mod & pygame.KMOD_CTRL)))
        if action is None:
            return False
        action()
        return True
