"""Akhimoraec panels: the column beside the board (whose turn and its clock, the game clock,
the events feed, the pole key), the pause cover, and the close-up of one hourglass.

Each is drawn from a `PanelInfo` the screen fills every frame, so the panels read the game
and never change it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.games.akhimoraec import rules as R
from game.games.akhimoraec import state as B
from game.games.akhimoraec.effects import NewsItem
from game.games.akhimoraec.rules import AkhimoraecRules, Event
from game.games.akhimoraec.sprites import POLE, WARN, blit_icon, draw_glass
from game.games.akhimoraec.state import AkhState
from game.games.akhimoraec.view import (
    CELL,
    COLUMN,
    FEED_ROWS,
    PLATE,
    WARN_SECONDS,
    mmss,
    short_time,
)
from game.i18n import _, decimal, ngettext
from game.scenes.match_base import STATUS
from game.ui import theme
from game.ui.widgets import status_texts


@dataclass(frozen=True)
class PanelInfo:
    """What the panels show, gathered by the screen for one frame."""

    rules: AkhimoraecRules
    state: AkhState
    names: tuple[str, str]
    over: bool
    winner: int | None
    thinking: bool  # the side to move is the computer
    waiting: bool  # a fresh game waits for the first tip to start the clocks
    paused: bool
    pulse: float
    t: float
    feed: Sequence[NewsItem]
    closeup_rect: pygame.Rect
    closeup: int | None  # the glass drawn large, or None
    flying: frozenset[int]  # glasses in flight (their sand is not shown flowing)
    free: bool = False  # no turns: both tip at will
    controls: tuple[str, str] = ("", "")  # per player, what it tips with ("keyboard", ...)
    flipped: bool = False  # the board is turned (Red at the bottom)

    def name(self, player: int) -> str:
        return self.names[player]


#: A turn with no move in the move list: lost on the clock (or passed), its column keeps a dash.
NO_MOVE = "—"


def turn_columns(rules: AkhimoraecRules, states: Sequence[AkhState], moves: Sequence[R.Move],
                 texts: Sequence[str]) -> list[str]:
    """The move list's entries with turns: each move in its player's column, a dash where a turn
    passed with no move, so the next move is not written under the other player."""
    entries: list[str] = []
    for i, (move, text) in enumerate(zip(moves, texts, strict=True)):
        # the side to move at the instant of the tip (time may have passed turns on)
        mover = rules.advance_to(states[i], move.at).to_move
        if len(entries) % 2 != mover:
            entries.append(NO_MOVE)
        entries.append(text)
    return entries


def draw_column(info: PanelInfo, surface: pygame.Surface) -> None:
    """Beside the board: whose turn and its clock, the game clock, events, the pole key."""
    card = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.width, 200)
    draw_turn_card(info, surface, card)
    gcard = pygame.Rect(COLUMN.x, card.bottom + 12, COLUMN.width, 92)
    draw_game_clock(info, surface, gcard)
    news = pygame.Rect(COLUMN.x, gcard.bottom + 12, COLUMN.width, 34 + 46 * FEED_ROWS)
    draw_news(info, surface, news)
    key = pygame.Rect(COLUMN.x, news.bottom + 12, COLUMN.width, COLUMN.bottom - news.bottom - 12)
    draw_key(info, surface, key)

def draw_turn_card(info: PanelInfo, surface: pygame.Surface, card: pygame.Rect) -> None:
    s = info.state
    if info.over:
        p = info.winner
        colour = POLE[p] if p is not None else theme.TEXT
        theme.panel(surface, card, theme.PANEL, 12, colour)
        head = _("Draw") if p is None else _("{player} wins").format(player=info.name(p))
        size = next((k for k in (22, 18, 15) if theme.font(k, True).size(head)[0] <= card.width - 16),
                    15)
        theme.blit_text(surface, head, (card.centerx, card.y + 16), size, colour, True, "midtop")
        if p is not None:
            blit_icon(surface, (card.centerx, card.y + 96), 64, p, True, 0.0, 1.0)
        theme.blit_text(surface, _("at {time}").format(time=mmss(s.now / 1000)),
                        (card.centerx, card.bottom - 32), 16,
                        theme.TEXT_DIM, anchor="midtop")
        return
    if info.free:
        draw_free_card(info, surface, card)
        return
    p = s.to_move
    colour = POLE[p]
    theme.panel(surface, card, theme.PANEL_LIGHT, 12, colour)
    theme.blit_text(surface, _("TURN"), (card.centerx, card.y + 10), 14, theme.TEXT_DIM, True, "midtop")
    blit_icon(surface, (card.x + 32, card.y + 62), 48, p)
    name = info.name(p)
    size = next((k for k in (22, 18, 15) if theme.font(k, True).size(name)[0] <= card.width - 70), 15)
    theme.blit_text(surface, name, (card.x + 62, card.y + 56), size, colour, True, "midleft")
    theme.blit_text(surface, _("thinking") if info.thinking else _("to tip"),
                    (card.x + 62, card.y + 72), 16, theme.TEXT_DIM)
    left = info.rules.turn_clock_left(s)
    if left is None:
        theme.blit_text(surface, _("no turn clock"), (card.centerx, card.y + 130), 16,
                        theme.TEXT_DIM, anchor="midtop")
        return
    full = info.rules.clock / 1000
    shown = full if info.waiting else left
    low = shown < 5
    theme.blit_text(surface, decimal(f"{shown:.1f} s"), (card.centerx, card.y + 104), 30,
                    WARN if low else theme.TEXT, True, "midtop")
    bar = pygame.Rect(card.x + 14, card.y + 156, card.width - 28, 18)
    pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=9)
    fill = bar.copy()
    fill.width = round(bar.width * shown / full)
    if fill.width > 0:
        c = theme.mix(colour, WARN, info.pulse) if low else colour
        pygame.draw.rect(surface, c, fill, border_radius=9)
    pygame.draw.rect(surface, theme.LINE, bar, 1, border_radius=9)
    for k in range(1, math.ceil(full / 5)):  # a notch every 5 seconds
        tx = bar.x + bar.width * k * 5 / full
        pygame.draw.line(surface, theme.BG_DEEP, (tx, bar.y + 3), (tx, bar.bottom - 4), 1)

def draw_free_card(info: PanelInfo, surface: pygame.Surface, card: pygame.Rect) -> None:
    """No turns: both players at once, each with what they tip with and their next sand-out."""
    s = info.state
    theme.panel(surface, card, theme.PANEL_LIGHT, 12, theme.ACCENT)
    theme.blit_text(surface, _("NO TURNS"), (card.centerx, card.y + 10), 14, theme.TEXT_DIM, True,
                    "midtop")
    for p in (0, 1):
        y = card.y + 40 + 64 * p
        blit_icon(surface, (card.x + 28, y + 24), 44, p)
        name = info.name(p)
        size = next((k for k in (20, 17, 15) if theme.font(k, True).size(name)[0] <= card.width - 64),
                    15)
        theme.blit_text(surface, name, (card.x + 56, y + 6), size, POLE[p], True)
        alive = [g.until for g in s.glasses if g.owner == p and g.status == B.ALIVE]
        line = info.controls[p]
        if alive and not info.waiting:
            line = (line + " · " if line else "") + short_time((min(alive) - s.now) / 1000)
        theme.blit_text(surface, line, (card.x + 56, y + 30), 14, theme.TEXT_DIM)
    theme.blit_text(surface, _("tip at will"), (card.centerx, card.bottom - 26), 15, theme.TEXT,
                    anchor="midtop")


def draw_game_clock(info: PanelInfo, surface: pygame.Surface, card: pygame.Rect) -> None:
    s = info.state
    theme.panel(surface, card, theme.PANEL, 12)
    theme.blit_text(surface, _("GAME TIME"), (card.centerx, card.y + 8), 14, theme.TEXT_DIM, True,
                    "midtop")
    theme.blit_text(surface, mmss(s.now / 1000), (card.centerx, card.y + 26), 24, theme.TEXT,
                    True, "midtop")
    limit = info.rules.limit
    if not limit:
        theme.blit_text(surface, _("no time limit"), (card.centerx, card.y + 64), 14,
                        theme.TEXT_DIM, anchor="midtop")
        return
    bar = pygame.Rect(card.x + 14, card.y + 60, card.width - 28, 8)
    pygame.draw.rect(surface, theme.BG_DEEP, bar, border_radius=4)
    done = bar.copy()
    done.width = round(bar.width * min(1.0, s.now / limit))
    if done.width:
        pygame.draw.rect(surface, theme.TEXT_DIM, done, border_radius=4)
    theme.blit_text(surface, _("draw at {time}").format(
        time=mmss(limit / 1000)), (card.centerx, card.y + 71), 14,
                    theme.TEXT_DIM, anchor="midtop")

def news_words(ev: Event, name: Callable[[int], str]) -> tuple[str, str] | None:
    """What the events panel says of a rules event (headline, detail), None for the events it
    does not list; `name` gives a player's shown name."""
    if ev.kind == "death":
        return (_("sand out on {cell}").format(cell=R.cell_name(ev.cell)),
                _("waits {time}").format(time=mmss(ev.wait / 1000)) if ev.wait
                else _("ready at once"))
    if ev.kind == "ready":
        return _("{cell} is ready").format(cell=R.cell_name(ev.home)), _("may leave home")
    if ev.kind == "expiry":
        return _("turn clock ran out"), _("{player} to tip").format(player=name(1 - ev.player))
    if ev.kind == "home":
        return _("back on {cell}").format(cell=R.cell_name(ev.home)), _("its home is free")
    if ev.kind == "pass":
        return _("no tip possible"), _("turn passes")
    if ev.kind == "line":
        return _("line {line}").format(line=R.line_name(ev.line)), _("must hold a turn")
    return None


def draw_news(info: PanelInfo, surface: pygame.Surface, card: pygame.Rect) -> None:
    theme.panel(surface, card, theme.PANEL, 12)
    theme.blit_text(surface, _("EVENTS"), (card.centerx, card.y + 8), 14, theme.TEXT_DIM, True,
                    "midtop")
    if not info.feed:
        for i, line in enumerate((_("sand running out,"), _("lost turns and"),
                                  _("re-entries show here"))):
            theme.blit_text(surface, line, (card.centerx, card.y + 44 + 18 * i), 13, theme.LINE,
                            anchor="midtop")
        return
    y = card.y + 32
    for item in reversed(info.feed):
        row = pygame.Rect(card.x + 6, y, card.width - 12, 42)
        fresh = max(0.0, 1.0 - (info.t - item.born) / 1.5)
        if fresh > 0:
            pygame.draw.rect(surface, theme.mix(theme.PANEL, POLE[item.player], 0.45 * fresh), row,
                             border_radius=8)
        blit_icon(surface, (row.x + 12, row.centery), 28, item.player, True, 0.4, 0.6)
        theme.blit_text(surface, item.head, (row.x + 28, row.y + 3), 13, theme.TEXT, True)
        theme.blit_text(surface, item.detail, (row.x + 28, row.y + 22), 12, theme.TEXT_DIM)
        theme.blit_text(surface, item.when, (row.right - 6, row.y + 22), 12, theme.TEXT_DIM,
                        anchor="topright")
        y += 46

def draw_key(info: PanelInfo, surface: pygame.Surface, key: pygame.Rect) -> None:
    theme.panel(surface, key, theme.PANEL, 12)
    theme.blit_text(surface, _("POLE UP"), (key.centerx, key.y + 8), 14, theme.TEXT_DIM, True,
                    "midtop")
    half = key.width // 2
    for k, (up, label) in enumerate(((True, _("own colour")), (False, _("black")))):
        cx = key.x + half * k + half / 2
        gy = key.y + 54
        for owner in (0, 1):
            blit_icon(surface, (cx - 14 + owner * 28, gy), 40, owner, up, 0.6, 0.4)
        theme.blit_text(surface, label, (cx, gy + 26), 13, theme.TEXT, anchor="midtop")

def draw_pause(info: PanelInfo, surface: pygame.Surface) -> None:
    """The board hidden: pausing stops the clocks but must not give time to think."""
    panel = PLATE.inflate(0, 0)
    theme.panel(surface, panel, theme.BG_DEEP, 16, theme.ACCENT)
    cx, cy = panel.centerx, panel.centery
    blit_icon(surface, (cx, cy - 130), 120, info.state.to_move)
    theme.blit_text(surface, _("Paused"), (cx, cy - 50), 44, theme.ACCENT, True, "midtop")
    theme.blit_text(surface, _("Every clock is stopped and the board is hidden."), (cx, cy + 12),
                    18, theme.TEXT, anchor="midtop")
    theme.blit_text(surface, _("Space: resume  ·  Esc: leave the match"), (cx, cy + 44), 18,
                    theme.TEXT_DIM, anchor="midtop")


def draw_closeup(info: PanelInfo, surface: pygame.Surface) -> None:
    """One hourglass drawn large beside the board, where its stream and heaps show."""
    card = info.closeup_rect
    theme.panel(surface, card, theme.PANEL, 12)
    gi = info.closeup
    if gi is None or info.paused:
        lines = theme.wrap(_("the hourglass you pick shows here, large"), 14, card.width - 24)
        step = theme.font(14).get_linesize()
        for k, line in enumerate(lines):
            theme.blit_text(surface, line, (card.centerx,
                                            card.centery + step * (k - (len(lines) - 1) / 2)),
                            14, theme.LINE, anchor="center")
        return
    s = info.state
    g = s.glasses[gi]
    upper, lower = info.rules.sand(g, s.now)
    h = card.height - 16
    flowing = g.status != B.READY and not s.over and gi not in info.flying
    clip = surface.get_clip()
    surface.set_clip(card.inflate(-4, -4))
    draw_glass(surface, (card.x + 60, card.centery), h, g.owner, g.up, upper, lower, flowing,
               info.t * 0.9 + gi * 0.17)
    surface.set_clip(clip)
    x = card.x + 120
    where = _("off board") if g.cell == B.OFF else B.cell_name(g.cell)
    theme.blit_text(surface, _("{where} · {player}").format(where=where, player=info.name(g.owner)),
                    (x, card.y + 14), 20, POLE[g.owner], True)
    if g.status == B.READY:
        big, what = _("ready"), _("may be tipped in")
    elif g.status == B.WAITING:
        big, what = short_time((g.until - s.now) / 1000), _("until it may come back")
    else:
        big, what = short_time((g.until - s.now) / 1000), _("of sand left")
    urgent = g.status == B.ALIVE and (g.until - s.now) / 1000 < WARN_SECONDS
    theme.blit_text(surface, big, (x, card.y + 48), 36, WARN if urgent else theme.TEXT, True)
    theme.blit_text(surface, what, (x, card.y + 94), 16, theme.TEXT_DIM)
    pole = _("own colour up") if g.up else _("black up")
    theme.blit_text(surface, pole, (x, card.y + 118), 16, theme.TEXT_DIM)


def draw_turn_edge(info: PanelInfo, surface: pygame.Surface) -> None:
    """A bar along the edge of the side to move, draining with its turn clock (none without
    turns, nor once the game is over)."""
    s = info.state
    if info.over or info.free:
        return
    p = s.to_move
    bottom = (p == 0) != info.flipped
    y = PLATE.bottom + 3 if bottom else PLATE.y - 9
    left = info.rules.turn_clock_left(s)
    frac = 1.0 if left is None or info.waiting else left / (info.rules.clock / 1000)
    full = PLATE.width - 40
    w = max(0, round(full * frac))
    colour = POLE[p] if frac > 0.25 or left is None else theme.mix(POLE[p], WARN, info.pulse)
    pygame.draw.rect(surface, theme.shade(POLE[p], 0.3), (PLATE.x + 20, y, full, 6), border_radius=3)
    if w:
        pygame.draw.rect(surface, colour, (PLATE.centerx - w // 2, y, w, 6), border_radius=3)


def draw_banner(surface: pygame.Surface, text: str) -> None:
    img = theme.text(text, 20, theme.TEXT, True)
    r = img.get_rect(center=(PLATE.centerx, PLATE.centery + CELL * 1.5 + 36))
    theme.panel(surface, r.inflate(32, 16), theme.BG_DEEP, 10, theme.ACCENT)
    surface.blit(img, r)


def side_line(s: AkhState, side: int, prefix: str, room: int) -> str:
    """A player's line under its name: glasses in play, ready, waiting, and when the next
    sand runs out, shortened (never cut) to fit `room` pixels after `prefix`."""
    mine = [g for g in s.glasses if g.owner == side]
    alive_n, ready_n, waiting_n = (sum(g.status == st for g in mine)
                                   for st in (B.ALIVE, B.READY, B.WAITING))
    counts = [(alive_n, ngettext("{n} in play", "{n} in play", alive_n)),
              (ready_n, ngettext("{n} ready", "{n} ready", ready_n)),  # prêt, prêts
              (waiting_n, ngettext("{n} waiting", "{n} waiting", waiting_n))]
    parts = [word.format(n=n) for n, word in counts if n]
    alive = [g.until for g in mine if g.status == B.ALIVE]
    if not alive:
        return " · ".join(parts)
    t = mmss((min(alive) - s.now) / 1000)
    soon, short = _("next out in {time}").format(time=t), _("next out {time}").format(time=t)
    tries = ([*parts, soon], [*parts, short], [*parts[:1], short], [short])
    for words in tries:
        text = " · ".join(words)
        if theme.font(16).size(prefix + text)[0] <= room:
            return text
    return tries[-1][0]


def draw_status(surface: pygame.Surface, texts: tuple[str, str], side: int | None) -> None:
    """The status bar under the board: the side's hourglass (none without turns), the words."""
    left, right = texts
    theme.panel(surface, STATUS, theme.PANEL, 10)
    x = STATUS.x + 16
    if side is not None:
        blit_icon(surface, (x + 12, STATUS.centery), 40, side, True, 0.55, 0.45)
        x += 34
    status_texts(surface, STATUS, x, left, right)


def closeup_of(s: AkhState, picks: Sequence[int | None], human: int | None) -> int | None:
    """The glass the close-up shows: the picked one, else the one under the cursor, else the
    running glass that runs out first of the human player (`human`: against the computer;
    None: of the side to move)."""
    for cell in picks:
        for i, g in enumerate(s.glasses):
            if cell is not None and g.cell == cell:
                return i
    alive = [i for i, g in enumerate(s.glasses) if g.status == B.ALIVE]
    if not alive:
        return None
    side = s.to_move if human is None else human
    mine = [i for i in alive if s.glasses[i].owner == side] or alive
    return min(mine, key=lambda i: s.glasses[i].until)
