"""The results screen: who won and why, the move count, then play again or back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine.match import Match
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.app import App


def _side_colour(match: Match, side: int) -> theme.Colour:
    """The winner's colour as the game's own screen shows it."""
    from game import registry

    cls = registry.resolve(match.entry.scene)
    colour: theme.Colour = cls.side_colour(side) if hasattr(cls, "side_colour") else \
        theme.SIDE_COLOURS[side % 2]
    return colour


class ResultsScene(Scene):
    title = "Results"

    def __init__(self, app: App, match: Match, background: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.background = background
        self.t = 0.0
        self.again = button(self.ui, (380, 560, 240, 52), "Play again", object_id="#primary")
        self.review = button(self.ui, (640, 560, 240, 52), "Back to the board")
        self.menu = button(self.ui, (520, 630, 240, 48), "Main menu")
        app.sounds.play("win")

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.again:
            m = self.match
            fresh = Match(m.entry, m.variant, dict(m.options), list(reversed(m.players)),
                          start=m.start)
            from game.scenes.match_base import open_match

            self.app.pop()  # this screen
            open_match(self.app, fresh, replace=True)
        elif event.ui_element is self.review:
            self.app.pop()
        elif event.ui_element is self.menu:
            from game.scenes.menu import MenuScene

            self.app.pop_to(MenuScene)

    def update(self, dt: float) -> None:
        self.t += dt

    def moving(self) -> bool:
        return self.t < 0.5  # the veil fading in

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        else:
            surface.fill(theme.BG)
        veil = pygame.Surface(theme.SIZE, pygame.SRCALPHA)
        veil.fill((0, 0, 0, min(170, int(self.t * 500))))
        surface.blit(veil, (0, 0))
        box = pygame.Rect(300, 200, 680, 520)
        theme.panel(surface, box, theme.PANEL, 18, theme.ACCENT)
        out = self.match.outcome
        if out is None:
            headline, colour = "Match over", theme.TEXT
        elif out.winner is None:
            headline, colour = "Draw", theme.TEXT
        else:
            headline = f"{self.match.players[out.winner].name} wins"
            colour = _side_colour(self.match, out.winner)
        theme.blit_text(surface, headline, (640, 240), 48, colour, True, "midtop")
        if out is not None:
            for k, line in enumerate(theme.wrap(out.reason, 22, 600)):
                theme.blit_text(surface, line, (640, 320 + 30 * k), 22, theme.TEXT,
                                anchor="midtop")
        n = len(self.match.moves)
        theme.blit_text(surface, f"{n} move{'s' if n != 1 else ''} played · {self.match.entry.title}",
                        (640, 440), 20, theme.TEXT_DIM, anchor="midtop")
