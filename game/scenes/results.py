"""The results screen: who won and why, the final position drawn small, the move count and the
players, then play again, replay the match from the start, look at the board, or the menu."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine.entries import GameEntry
from game.engine.match import Match, PlayerSpec
from game.i18n import _, ngettext
from game.registry import level_title
from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

BOX = pygame.Rect(140, 110, 1000, 600)
DIAGRAM = pygame.Rect(BOX.x + 30, BOX.y + 30, 400, 400)
TEXT_X = DIAGRAM.right + 40
TEXT_W = BOX.right - 30 - TEXT_X


def swapped(entry: GameEntry, players: Sequence[PlayerSpec]) -> list[PlayerSpec]:
    """The players of a return match, sides swapped. A player still called by the side's own
    name ("First player", "White") takes the name of the side now played: the name tells the
    side, and the rules' reasons name sides, so "Second player wins" never stands above
    "First player removed the last pawn". A name of one's own goes with its player."""
    out = []
    for seat, p in enumerate(reversed(players)):
        if p.name in entry.side_names and seat < len(entry.side_names):
            p = replace(p, name=entry.side_names[seat])
        out.append(p)
    return out


def scene_class(match: Match) -> Any:
    return registry.resolve(match.entry.scene)


def side_colour(match: Match, side: int) -> theme.Colour:
    """A side's colour as the game's own screen shows it."""
    cls = scene_class(match)
    colour: theme.Colour = cls.side_colour(side) if hasattr(cls, "side_colour") else \
        theme.SIDE_COLOURS[side % 2]
    return colour


def draw_position(surface: pygame.Surface, rect: pygame.Rect, match: Match, state: Any) -> bool:
    """Draw a position of the match with its game's diagram; False if the game has none."""
    try:
        scene_class(match).draw_diagram(surface, rect, match.entry,
                                        match.rules.position_text(state))
        return True
    except Exception as exc:  # a game without diagrams still gets its results
        log.warning("no diagram for %s: %s", match.entry.id, exc)
        return False


class ResultsScene(Scene):
    title = "Results"

    def __init__(self, app: Host, match: Match, background: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.background = background
        self.t = 0.0
        reviewable = app.screens.can_review(match)
        y = BOX.bottom - (186 if reviewable else 130)  # a third row for the review
        self.again = button(self.ui, (TEXT_X, y, 240, 50), _("Play again"),
                            _("The same setup, sides swapped"), object_id="#primary")
        self.actions = {self.again: self.play_again}
        if reviewable:  # the review replays the match, judged
            self.review_btn = button(self.ui, (TEXT_X + 260, y, 240, 50), _("Review"),
                                     _("Where the match was won and lost, move by move"))
            self.actions[self.review_btn] = self.open_review
            y += 56
            self.replay = button(self.ui, (TEXT_X, y + 8, 240, 46), _("Replay from the start"),
                                 _("Step through the match move by move"))
            spots = [(TEXT_X + 260, y + 8), (TEXT_X, y + 64)]
        else:
            self.replay = button(self.ui, (TEXT_X + 260, y, 240, 50), _("Replay from the start"),
                                 _("Step through the match move by move"))
            spots = [(TEXT_X, y + 64), (TEXT_X + 260, y + 64)]
        self.review = button(self.ui, (*spots[0], 240, 46), _("Back to the board"))
        self.menu = button(self.ui, (*spots[1], 240, 46), _("Main menu"))
        self.actions.update({self.replay: self.open_replay, self.review: self.app.pop,
                             self.menu: self.to_menu})
        self.diagram = pygame.Surface(DIAGRAM.size)
        self.diagram.fill(theme.BG_DEEP)
        self.has_diagram = draw_position(self.diagram, self.diagram.get_rect(), match,
                                         match.state)
        app.sounds.play("win")

    def play_again(self) -> None:
        m = self.match
        fresh = Match(m.entry, m.variant, dict(m.options), swapped(m.entry, m.players),
                      start=m.start)
        from game.scenes.match_base import open_match

        self.app.pop()  # this screen
        open_match(self.app, fresh, replace=True)

    def open_replay(self) -> None:
        self.app.push(self.app.screens.replay(self.match))

    def open_review(self) -> None:
        self.app.push(self.app.screens.review(self.match))

    def to_menu(self) -> None:
        self.app.pop_to_menu()

    def update(self, dt: float) -> None:
        self.t += dt

    def in_motion(self) -> bool:
        return self.t < 0.5  # the veil fading in

    def headline(self) -> tuple[str, theme.Colour | None]:
        out = self.match.outcome
        if out is None:
            return _("Match over"), None
        if out.winner is None:
            return _("Draw"), None
        name = registry.player_name(self.match.entry, self.match.players[out.winner].name)
        return (_("{name} wins").format(name=name),
                side_colour(self.match, out.winner))

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        else:
            surface.fill(theme.BG)
        veil = pygame.Surface(theme.SIZE, pygame.SRCALPHA)
        veil.fill((0, 0, 0, min(170, int(self.t * 500))))
        surface.blit(veil, (0, 0))
        theme.panel(surface, BOX, theme.PANEL, 18, theme.ACCENT)
        m = self.match
        theme.panel(surface, DIAGRAM.inflate(8, 8), theme.BG_DEEP, 10)
        if self.has_diagram:
            surface.blit(self.diagram, DIAGRAM)
        theme.blit_text(surface, _("Final position"), (DIAGRAM.centerx, DIAGRAM.bottom + 14), 16,
                        theme.TEXT_DIM, anchor="midtop")
        headline, colour = self.headline()
        y = BOX.y + 34
        size = 44 if theme.font(44, True).size(headline)[0] <= TEXT_W - 40 else 30
        x = TEXT_X
        if colour is not None:
            marker = theme.sphere(16, colour)
            surface.blit(marker, marker.get_rect(midleft=(x, y + size * 0.7)))
            x += 44
        theme.blit_text(surface, theme.fit_text(headline, size, TEXT_X + TEXT_W - x, True),
                        (x, y), size, theme.ACCENT, True)
        y += int(size * 1.5) + 8
        out = m.outcome
        if out is not None:
            for line in theme.wrap(out.reason, 20, TEXT_W)[:3]:
                theme.blit_text(surface, line, (TEXT_X, y), 20, theme.TEXT)
                y += 28
        y += 14
        n = m.turns  # a move is one player's turn, as the move list and Load count
        variant = next((_(v.title) for v in m.entry.variants if v.id == m.variant), m.variant)
        game = _(m.entry.title)
        facts = [ngettext("{n} move played", "{n} moves played", n).format(n=n),
                 _("{game} · {variant}").format(game=game, variant=variant)
                 if len(m.entry.variants) > 1 else game]
        for i, p in enumerate(m.players):
            name = registry.player_name(m.entry, p.name)
            if p.kind == "computer":
                who = _("{name}: computer, {level}").format(name=name,
                                                            level=level_title(p.level or "").lower())
            else:
                who = _("{name}: human").format(name=name)
            facts.append(_("{player} · moved first").format(player=who) if i == 0 else who)
        for line in facts:
            theme.blit_text(surface, theme.fit_text(line, 18, TEXT_W), (TEXT_X, y), 18,
                            theme.TEXT_DIM)
            y += 26
