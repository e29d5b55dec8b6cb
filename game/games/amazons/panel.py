"""The column beside the Amazons board: the move being made step by step (or the result), the
territory count with its bar, and the keys."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.entries import player_name
from game.engine.match import Match
from game.games.amazons import rules as R
from game.games.amazons.rules import State, Territory
from game.games.amazons.sprites import EQUAL, SQUARE_LIGHT, territory_tile
from game.games.amazons.view import COLUMN, KEYS_BOX, STEPS_BOX, TERRITORY_BOX
from game.i18n import N_, _
from game.ui import theme
from game.ui.widgets import fitting_size

STEP_NAMES = (N_("Amazon"), N_("Move to"), N_("Arrow"))
KEYS = ((N_("Arrows"), N_("cursor")), (N_("Enter"), N_("choose")), (N_("Tab"), N_("next choice")),
        (N_("Backspace"), N_("step back")), ("T", N_("territory")), ("H", N_("hint")))


@dataclass(frozen=True)
class PositionInfo:
    """What the screen shows about a position beyond its pieces, worked out once per position."""

    territory: Territory
    walled: tuple[int, ...]  # squares of amazons (either side) with no empty neighbour
    separated: bool

    @classmethod
    def of(cls, state: State) -> PositionInfo:
        return cls(R.territory(state), R.walled_in(state), R.is_separated(state))

    def walled_count(self, side: int, state: State) -> int:
        mine = set(R.amazons(state, side))
        return sum(1 for sq in self.walled if sq in mine)


@dataclass(frozen=True)
class MoveSteps:
    """The move as the column lists it: whose it is, the current step (-1: not a human's
    turn), the squares chosen so far, and the line under the steps."""

    name: str
    step: int
    frm: int | None
    to: int | None
    footer: str


def draw_column(surface: pygame.Surface, match: Match, n: int, steps: MoveSteps,
                info: PositionInfo) -> None:
    theme.panel(surface, STEPS_BOX, theme.PANEL)
    if match.outcome is not None:
        _draw_result(surface, match, STEPS_BOX)
    else:
        _draw_steps(surface, n, steps, STEPS_BOX)
    _draw_territory(surface, match, info, TERRITORY_BOX)
    _draw_keys(surface, KEYS_BOX)


def _draw_result(surface: pygame.Surface, match: Match, box: pygame.Rect) -> None:
    x, w = box.x, box.width
    theme.blit_text(surface, _("Game over"), (x + 12, box.y + 10), 18, theme.ACCENT, True)
    out = match.outcome
    assert out is not None
    lines = [_("{player} wins").format(
        player=player_name(match.entry, match.players[out.winner].name))
             if out.winner is not None else _("Draw")]
    for i, line in enumerate(lines + theme.wrap(out.reason, 15, w - 24)[:5]):
        theme.blit_text(surface, line, (x + 12, box.y + 46 + 24 * i), 17 if i == 0 else 15,
                        theme.TEXT, i == 0)


def _draw_steps(surface: pygame.Surface, n: int, steps: MoveSteps, box: pygame.Rect) -> None:
    """The three parts of the move, the current one lit, the chosen squares named."""
    x, w = box.x, box.width
    theme.blit_text(surface, theme.fit_text(_("{player}'s move").format(
        player=steps.name), 18, w - 24, True),
                    (x + 12, box.y + 10), 18, theme.ACCENT, True)
    values = (steps.frm, steps.to, None)
    step = steps.step
    for i, label in enumerate(STEP_NAMES):
        row = pygame.Rect(x + 8, box.y + 42 + 42 * i, w - 16, 38)
        current = i == step
        if current:
            theme.panel(surface, row, theme.PANEL_LIGHT, 8, theme.ACCENT)
        c = (row.x + 20, row.centery)
        done = values[i] is not None and step > i
        if current:
            pygame.draw.circle(surface, theme.ACCENT, c, 12)
            theme.blit_text(surface, str(i + 1), c, 15, theme.BG_DEEP, True, "center")
        else:
            pygame.draw.circle(surface, theme.GOOD if done else theme.LINE, c, 12, 2)
            theme.blit_text(surface, str(i + 1), c, 15, theme.TEXT if done else theme.TEXT_DIM,
                            True, "center")
        theme.blit_text(surface, _(label), (row.x + 42, row.centery), 16,
                        theme.TEXT if current or done else theme.TEXT_DIM, anchor="midleft")
        sq = values[i]
        if sq is not None:
            theme.blit_text(surface, R.square_name(n, sq), (row.right - 10, row.centery),
                            17, theme.TEXT, True, "midright")
    theme.blit_text(surface, steps.footer, (x + 12, box.bottom - 28),
                    fitting_size(steps.footer, box.right - 8 - (x + 12), 14, False), theme.TEXT_DIM)


def _draw_territory(surface: pygame.Surface, match: Match, info: PositionInfo,
                    tb: pygame.Rect) -> None:
    """Each side's count and the squares both reach equally fast, with a bar of the shares."""
    x, w = COLUMN.x, COLUMN.width
    theme.panel(surface, tb, theme.PANEL)
    theme.blit_text(surface, _("Territory"), (x + 12, tb.y + 12), 18, theme.ACCENT, True)
    counts = info.territory.queen_counts
    owners = info.territory.queen_owner
    dist0 = info.territory.queen_distance[0]
    equal = sum(1 for sq, o in enumerate(owners) if o is None and dist0[sq] is not None)
    rows = ((0, player_name(match.entry, match.players[0].name), counts[0]),
            (1, player_name(match.entry, match.players[1].name), counts[1]),
            (EQUAL, _("Equal"), equal))
    for i, (kind, name, count) in enumerate(rows):
        y = tb.y + 86 + 30 * i
        sw = pygame.Rect(x + 12, y, 24, 24)
        pygame.draw.rect(surface, SQUARE_LIGHT, sw)
        surface.blit(territory_tile(24, kind), sw)
        theme.blit_text(surface, theme.fit_text(name, 16, w - 96), (x + 46, y + 12), 16,
                        theme.TEXT, anchor="midleft")
        theme.blit_text(surface, str(count), (tb.right - 12, y + 12), 17, theme.TEXT, True,
                        "midright")
    total = max(1, counts[0] + counts[1] + equal)
    bar = pygame.Rect(x + 12, tb.y + 180, w - 24, 8)
    w0 = round(bar.width * counts[0] / total)
    we = round(bar.width * equal / total)
    pygame.draw.rect(surface, theme.SIDE_COLOURS[0], (bar.x, bar.y, w0, bar.height))
    pygame.draw.rect(surface, theme.LINE, (bar.x + w0, bar.y, we, bar.height))
    pygame.draw.rect(surface, theme.SIDE_COLOURS[1],
                     (bar.x + w0 + we, bar.y, bar.width - w0 - we, bar.height))
    note = (_("The armies are apart: each side fills its own area") if info.separated
            else _("Empty squares each side reaches first by queen moves"))
    for i, line in enumerate(theme.wrap(note, 13, w - 24)[:3]):
        theme.blit_text(surface, line, (x + 12, tb.y + 194 + 16 * i), 13,
                        theme.ACCENT if info.separated else theme.TEXT_DIM)


def _draw_keys(surface: pygame.Surface, kb: pygame.Rect) -> None:
    x = COLUMN.x
    theme.panel(surface, kb, theme.PANEL)
    theme.blit_text(surface, _("Keys"), (x + 12, kb.y + 12), 18, theme.ACCENT, True)
    keys = [(_(key), _(what)) for key, what in KEYS]
    # the words start after the widest key name (Backspace, Entrée), and fit what is left; a
    # longer language sets the key names a size smaller, then the words, then wraps the words
    # that still do not fit onto a second line (the rows closing up to keep every key in view)
    widest_what = max(theme.font(11).size(what)[0] for _key, what in keys)
    key_size = 14
    while key_size > 11 and x + 12 + max(theme.font(key_size, True).size(key)[0]
                                         for key, _what in keys) + 10 + widest_what > kb.right - 8:
        key_size -= 1
    wx = x + 12 + max(theme.font(key_size, True).size(key)[0] for key, _what in keys) + 10
    room = kb.right - 8 - wx
    rows = []
    for key, what in keys:
        size = fitting_size(what, room, 14, False, 11)
        lines = [what] if theme.font(size).size(what)[0] <= room else theme.wrap(what, size, room)
        rows.append((key, size, lines))
    extra = sum(len(lines) - 1 for _k, _s, lines in rows)
    pitch = min(22.0, (kb.height - 42 - 6 - 14 * extra) / len(rows))
    y = float(kb.y + 42)
    for key, size, lines in rows:
        theme.blit_text(surface, key, (x + 12, y + 14 - key_size), key_size, theme.TEXT, True)
        for k, line in enumerate(lines):
            theme.blit_text(surface, line, (wx, y + 14 * k), size, theme.TEXT_DIM)
        y += pitch + 14 * (len(lines) - 1)
