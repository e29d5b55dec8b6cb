"""The dissection board as drawn each frame: the table, the tray and the shadow to fill (one
cached background), the pieces at rest (one cached layer), and over them what moves — gliding
pieces, the piece in the hand with its snap ghost, outlines, the hint glow and the faults in red.

A frame is blits: the pieces at rest are redrawn only when that picture changes (a move, the end
of an animation), and the one or two pieces turning use cached turned copies (sprites.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from game.games.dissection.effects import Motion
from game.games.dissection.geometry import Placement, Ring, bounds
from game.games.dissection.input import Held, Turned
from game.games.dissection.levels import Level
from game.games.dissection.rules import DissectionRules, PuzzleState
from game.games.dissection.sprites import (
    SHADOW,
    SHADOW_EDGE,
    TABLE,
    TRAY,
    PieceSprites,
    blit_centred,
    dashed,
    display_format,
    fill_region,
)
from game.games.dissection.view import ScreenPoint, View, tray_box
from game.i18n import _
from game.ui import theme
from game.ui.tween import Tween, lerp, shake

#: How long (seconds) the gold glow stays on a piece a hint just laid.
HINT_GLOW = 2.4


class Painter:
    """The pictures of one figure at one view, drawn into the screen's board `area`."""

    def __init__(self, rules: DissectionRules, level: Level, view: View, area: pygame.Rect,
                 sprites: PieceSprites) -> None:
        self.rules = rules
        self.level = level
        self.view = view
        self.area = area
        self.sprites = sprites
        self.bg = self.render_background()
        self._layer: tuple[Any, pygame.Surface] | None = None
        self._faults: tuple[Any, pygame.Surface] | None = None

    # -- the still pictures ----------------------------------------------------------------------
    def tray_rect(self) -> pygame.Rect:
        """Screen rectangle of the tray (every home place with a margin)."""
        return pygame.Rect(*tray_box(self.rules.pieces, self.rules.homes, self.view))

    def render_background(self) -> pygame.Surface:
        """The table, a soft light on the figure, the tray with each piece's place, the shadow."""
        area, pieces = self.area, self.rules.pieces
        surf = pygame.Surface(area.size)
        surf.fill(theme.BG)
        local = pygame.Rect(0, 0, *area.size)
        theme.panel(surf, local, TABLE, 16, theme.LINE)
        view = self.view.shifted(-area.x, -area.y)
        x0, y0, x1, y1 = bounds(r.outer for r in self.level.silhouette)
        cx, cy = view.to_screen(((x0 + x1) / 2, (y0 + y1) / 2))
        glow = pygame.Surface(local.size, pygame.SRCALPHA)
        reach = max(x1 - x0, y1 - y0) * view.scale * 0.95
        for n in range(14, 0, -1):
            r = reach * n / 14
            pygame.draw.circle(glow, (*theme.PANEL_LIGHT, int(10 * (1 - n / 14)) + 2), (cx, cy), r)
        surf.blit(glow, (0, 0))
        tray = self.tray_rect().move(-area.x, -area.y)
        theme.panel(surf, tray, TRAY, 14, theme.shade(TABLE, 1.12))
        theme.blit_text(surf, _("Tray"), (tray.x + 12, tray.y + 6), 14, theme.TEXT_DIM, True)
        slots = pygame.Surface(local.size, pygame.SRCALPHA)
        for i, p in enumerate(self.rules.homes):
            pts = view.ring(pieces.vertices(i, p))
            pygame.draw.polygon(slots, (0, 0, 0, 40), pts)
            dashed(slots, (*theme.LINE, 200), pts, 1, 6, 5)
        surf.blit(slots, (0, 0))
        fill_region(surf, view, self.level.silhouette, SHADOW, SHADOW_EDGE, edge_width=1.2)
        return display_format(surf, alpha=False)

    def layer(self, state: PuzzleState, moving: frozenset[int]) -> pygame.Surface:
        """The board with every piece at rest on it (all but `moving`), cached until it changes."""
        key = (self.level.id, self.view, state, moving)
        if self._layer is not None and self._layer[0] == key:
            return self._layer[1]
        layer = self.bg.copy()
        ox, oy = self.area.topleft
        rest = [(i, state.placements[i]) for i in state.order if i not in moving]
        for i, p in rest:
            c = self.view.to_screen((p.x, p.y))
            blit_centred(layer, self.sprites.shadow(i, p.turn, p.flipped), (c[0] - ox, c[1] - oy),
                         3, 4)
        for i, p in rest:
            c = self.view.to_screen((p.x, p.y))
            blit_centred(layer, self.sprites.piece(i, p.turn, p.flipped), (c[0] - ox, c[1] - oy))
        self._layer = (key, layer)
        return layer

    def draw_faults(self, surface: pygame.Surface, key: Any, rings: Iterable[Ring]) -> None:
        """Every wrong area in see-through red, so "by how much" shows on the board (the
        picture is made once per position `key`)."""
        if self._faults is None or self._faults[0] != key:
            img = pygame.Surface(self.area.size, pygame.SRCALPHA)
            for ring in rings:
                pts = [(x - self.area.x, y - self.area.y) for x, y in self.view.ring(ring)]
                if len(pts) >= 3:
                    pygame.draw.polygon(img, (235, 45, 45, 170), pts)
                    pygame.draw.polygon(img, (255, 235, 225, 255), pts, 2)
            self._faults = (key, img)
        surface.blit(self._faults[1], self.area.topleft)

    # -- what moves ------------------------------------------------------------------------------
    def draw_piece(self, surface: pygame.Surface, i: int, where: Placement | Motion,
                   shadow_only: bool = False, lift: float = 0.0) -> None:
        """A piece at rest, or on its way (position, turn and side eased along its motion)."""
        if isinstance(where, Placement):
            c = self.view.to_screen((where.x, where.y))
            if shadow_only:
                blit_centred(surface, self.sprites.shadow(i, where.turn, where.flipped), c, 3, 4)
            else:
                blit_centred(surface, self.sprites.piece(i, where.turn, where.flipped), c)
            return
        m = where
        u = m.tween.value
        pos = self.view.to_screen((lerp(m.a.x, m.b.x, u), lerp(m.a.y, m.b.y, u)))
        if m.arc:
            pos = (pos[0], pos[1] - m.arc * math.sin(math.pi * u))
        up = (math.sin(math.pi * u) * 8 if m.lifted else 0.0) + lift
        self.draw_oriented(surface, i, pos, m.a, m.b, u, m.spin, shadow_only, up)

    def draw_oriented(self, surface: pygame.Surface, i: int, pos: ScreenPoint, a: Placement,
                      b: Placement, u: float, spin: float, shadow_only: bool, up: float) -> None:
        """Piece i between orientation a and b at progress u (turning, or squashed to turn over)."""
        sprites = self.sprites
        sx, sy = 3 + up, 4 + up * 1.3
        if a.flipped != b.flipped:
            src = a if u < 0.5 else b
            width = abs(1 - 2 * u)
            img = sprites.shadow(i, src.turn, src.flipped) if shadow_only else \
                sprites.piece(i, src.turn, src.flipped)
            w = max(1, round(img.get_width() * width))
            img = pygame.transform.scale(img, (w, img.get_height()))
        else:
            img = sprites.shadow(i, b.turn, b.flipped) if shadow_only else \
                sprites.piece(i, b.turn, b.flipped)
            rest = -spin * (1 - u)
            if abs(rest) >= 1.5 and (a.turn != b.turn or spin):
                key = sprites.key("shadow" if shadow_only else "piece", i, b.turn, b.flipped)
                img = sprites.turned(key, img, rest)
        if shadow_only:
            blit_centred(surface, img, pos, sx, sy)
        else:
            blit_centred(surface, img, pos)

    def draw_held(self, surface: pygame.Surface, h: Held,
                  turning: tuple[Turned, Tween] | None) -> None:
        """The piece in the hand, lifted, over its snap ghost and the corners it will lock onto."""
        i, sprites = h.piece, self.sprites
        if h.ghost is not None:
            g = h.ghost
            blit_centred(surface, sprites.outline("ghost", i, g.turn, g.flipped),
                         self.view.to_screen((g.x, g.y)))
            for v in h.contacts:
                c = self.view.to_screen(v)
                pygame.draw.circle(surface, theme.BG_DEEP, c, 6)
                pygame.draw.circle(surface, theme.ACCENT, c, 5, 2)
        pos = self.view.to_screen((h.raw.x, h.raw.y))
        r = h.raw
        if turning is not None and not turning[1].done:
            turned, tw = turning
            a = Placement(r.x, r.y, turned.turn, turned.flipped)
            self.draw_oriented(surface, i, pos, a, r, tw.value, turned.spin, True, 9)
            self.draw_oriented(surface, i, pos, a, r, tw.value, turned.spin, False, 9)
        else:
            blit_centred(surface, sprites.shadow(i, r.turn, r.flipped), pos, 12, 16)
            img = sprites.piece(i, r.turn, r.flipped)
            if h.ghost is not None:  # the ghost below shows through a little
                w, hh = img.get_size()
                theme.blit_faded(surface, img, (round(pos[0] - w / 2), round(pos[1] - hh / 2)),
                                 215)
            else:
                blit_centred(surface, img, pos)
            blit_centred(surface, sprites.outline("select", i, r.turn, r.flipped), pos)

    def draw_hint_glow(self, surface: pygame.Surface, p: Placement, i: int, age: float) -> None:
        """The pulsing gold glow round a piece a hint laid `age` seconds ago."""
        img = self.sprites.outline("hint", i, p.turn, p.flipped)
        pulse = 0.5 + 0.5 * math.cos(age * 6)
        alpha = int(255 * min(1.0, (HINT_GLOW - age) / 0.6) * (0.45 + 0.55 * pulse))
        c = self.view.to_screen((p.x, p.y))
        w, h = img.get_size()
        theme.blit_faded(surface, img, (round(c[0] - w / 2), round(c[1] - h / 2)), alpha)

    def draw_marks(self, surface: pygame.Surface, state: PuzzleState,
                   motions: Mapping[int, Motion], hover: int | None, selected: int | None,
                   refused: tuple[int, Tween] | None) -> None:
        """Hover and selection outlines (none on a moving piece); a refused piece shakes."""
        if hover is not None and hover not in motions and hover != selected:
            p = state.placements[hover]
            blit_centred(surface, self.sprites.outline("hover", hover, p.turn, p.flipped),
                         self.view.to_screen((p.x, p.y)))
        if selected is not None and selected not in motions:
            p = state.placements[selected]
            dx = 0.0
            if refused is not None and refused[0] == selected and not refused[1].done:
                dx = shake(refused[1].t) * 8
            blit_centred(surface, self.sprites.outline("select", selected, p.turn, p.flipped),
                         self.view.to_screen((p.x, p.y)), dx)


def moving_pieces(order: Sequence[int], motions: Mapping[int, Motion]) -> list[int]:
    """Pieces on their way (drawn over the layer), in stacking order."""
    return [i for i in order if i in motions and not motions[i].tween.done]
