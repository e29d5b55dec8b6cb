"""Piece sprites for square-board games: a cache by kind, side and size over a game's own drawer,
and a drawer for silhouette sets described as data (polygons, circles, strokes).

Why drawn at start-up rather than shipped as PNGs: the board view zooms, so a man is shown from
~20 to ~110 pixels; each kind and side is drawn once as a large supersampled master, then scaled
down (smoothly) and cached per size — crisp at every zoom step, no image files to keep in sync
with the data, and a new game only supplies its drawer (Tai Shogi: wedges with kanji; Rythmomachie:
numbered rounds, triangles and squares).

A silhouette design is a list of shapes in a unit square (x right, y down). Filled shapes make one
silhouette that gets a single outline of the same width on every piece (the set's common stroke);
detail shapes, whose name starts with "-", are drawn on top in the detail colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.ui import theme
from game.ui.board_input import PieceView

Colour = theme.Colour
Shape = tuple[Any, ...]
Design = Sequence[Shape]


class SpriteDrawer(Protocol):
    """What a game supplies: draw one man at `size` pixels (with transparency)."""

    def draw(self, piece: PieceView, size: int) -> pygame.Surface: ...


class PieceSprites:
    """Sprites by (kind, side, promoted) and size: a master drawn once, scaled per size."""

    def __init__(self, drawer: SpriteDrawer, master: int = 160,
                 badge: Callable[[PieceView, int], pygame.Surface | None] | None = None) -> None:
        self.drawer = drawer
        self.master_size = master
        #: An optional small picture added to each man (the move mnemonic for learners).
        self.badge = badge
        self._masters: dict[PieceView, pygame.Surface] = {}
        self._sized: dict[tuple[PieceView, int, bool], pygame.Surface] = {}
        self.show_badges = False

    def master(self, piece: PieceView) -> pygame.Surface:
        img = self._masters.get(piece)
        if img is None:
            img = self.drawer.draw(piece, self.master_size)
            self._masters[piece] = img
        return img

    def get(self, piece: PieceView, size: int) -> pygame.Surface:
        badge = self.show_badges and self.badge is not None
        key = (piece, size, badge)
        img = self._sized.get(key)
        if img is None:
            if len(self._sized) > 600:  # many zoom levels visited: forget the old sizes
                self._sized.clear()
            small = getattr(self.drawer, "draw_small", None)
            img = None
            if small is not None and size < getattr(self.drawer, "SMALL", 0):
                img = small(piece, size)  # a drawer's own design for small squares, if any
            if img is not None:
                pass
            elif size == self.master_size:
                img = self.master(piece).copy()
            else:
                img = pygame.transform.smoothscale(self.master(piece), (size, size))
            if badge and self.badge is not None:
                mark = self.badge(piece, size)
                if mark is not None:
                    img.blit(mark, mark.get_rect(bottomright=(size, size)))
            self._sized[key] = img
        return img

    __call__ = get

    def warm(self, pieces: Iterable[PieceView], sizes: Iterable[int], budget: int = 2) -> int:
        """Draw up to `budget` missing sprites of `pieces` at `sizes` (idle frames call this so
        a zoom step finds its sprites ready instead of drawing 48 at once); returns how many."""
        badge = self.show_badges and self.badge is not None
        done = 0
        for size in sizes:
            for p in pieces:
                if (p, size, badge) not in self._sized:
                    self.get(p, size)
                    done += 1
                    if done >= budget:
                        return done
        return done

    def ghost(self, piece: PieceView, size: int, alpha: int = 90) -> pygame.Surface:
        """A faded copy (the square a dragged man came from)."""
        key = (piece, -size - alpha * 10000, False)
        img = self._sized.get(key)
        if img is None:
            img = self.get(piece, size).copy()
            img.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            self._sized[key] = img
        return img


@dataclass(frozen=True)
class Palette:
    """The colours of one side of a silhouette set."""

    body: Colour
    shade: Colour
    edge: Colour
    detail: Colour


#: Ivory men with dark details, ebony men with ivory details; both outlined in near-black so
#: they stand out on light and dark squares alike.
IVORY = Palette((246, 238, 220), (206, 190, 160), (28, 24, 22), (40, 32, 28))
EBONY = Palette((58, 60, 70), (34, 35, 42), (16, 16, 18), (232, 224, 206))


class SilhouetteDrawer:
    """Draws designs (kind → shapes) for two sides; `base` is added under every design."""

    def __init__(self, designs: Mapping[str, Design], base: Design = (),
                 palettes: tuple[Palette, Palette] = (IVORY, EBONY), stroke: float = 0.035,
                 supersample: int = 2) -> None:
        self.designs = designs
        self.base = base
        self.palettes = palettes
        self.stroke = stroke
        self.k = supersample

    def draw(self, piece: PieceView, size: int) -> pygame.Surface:
        design = self.designs.get(piece.kind)
        if design is None:
            raise KeyError(f"no sprite design for piece kind {piece.kind!r}")
        # a large master (scaled down for every board size) needs no supersampling: drawing
        # it 2x took 7 ms a man, felt as a stutter when idle frames prepared the next zoom
        k = self.k if size < 100 else 1
        return render(list(self.base) + list(design), size, self.palettes[piece.side % 2],
                      self.stroke, k, promoted=piece.promoted)


def render(design: Design, size: int, pal: Palette, stroke: float = 0.035, k: int = 3,
           promoted: bool = False) -> pygame.Surface:
    """One man: silhouette filled and shaded, one outline around it all, then the details."""
    s = size * k
    fill = [sh for sh in design if not str(sh[0]).startswith("-")]
    details = [sh for sh in design if str(sh[0]).startswith("-")]
    shape = pygame.Surface((s, s), pygame.SRCALPHA)
    for sh in fill:
        _shape(shape, sh, s, (255, 255, 255))
    out = pygame.Surface((s, s), pygame.SRCALPHA)
    # soft shadow under the base
    pygame.draw.ellipse(out, (0, 0, 0, 70), (0.16 * s, 0.86 * s, 0.72 * s, 0.1 * s))
    w = max(1.0, stroke * s)
    # the white silhouette tinted: the outline, stamped around the figure in 12 directions
    edge = shape.copy()
    edge.fill((*pal.edge, 255), special_flags=pygame.BLEND_RGBA_MULT)
    for i in range(12):
        a = i * math.pi / 6
        out.blit(edge, (round(math.cos(a) * w), round(math.sin(a) * w)))
    body = _gradient(s, pal).copy()
    body.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)  # cut to the silhouette
    out.blit(body, (0, 0))
    dw = max(1.0, stroke * 0.8 * s)
    for sh in details:
        _shape(out, (sh[0][1:], *sh[1:]), s, pal.detail, dw)
    if promoted:  # a small red star on the shoulder: this man was promoted
        _shape(out, ("star", (0.8, 0.2), 0.11, 0.05, 5, -90), s, (200, 40, 30))
    return pygame.transform.smoothscale(out, (size, size))


_GRADIENTS: dict[tuple[int, Palette], pygame.Surface] = {}


def _gradient(s: int, pal: Palette) -> pygame.Surface:
    """Body colour lit from the upper left, darkening to the right: a rounded, solid look."""
    key = (s, pal)
    img = _GRADIENTS.get(key)
    if img is None:
        img = pygame.Surface((s, s), pygame.SRCALPHA)
        for x in range(0, s, 2):
            t = x / s
            light = max(0.0, 1 - abs(t - 0.36) * 2.6)
            colour = theme.mix(pal.shade, pal.body, min(1.0, 0.35 + 0.65 * (1 - t) + 0.2 * light))
            colour = theme.mix(colour, (255, 255, 255), 0.18 * light)
            img.fill((*colour, 255), (x, 0, 2, s))
        _GRADIENTS[key] = img
    return img


def _pts(points: Sequence[tuple[float, float]], s: int) -> list[tuple[float, float]]:
    return [(x * s, y * s) for x, y in points]


def _shape(surf: pygame.Surface, sh: Shape, s: int, colour: Colour, line: float = 0.0) -> None:
    """Draw one shape of the design language at scale `s`."""
    kind = sh[0]
    if kind == "poly":
        pygame.draw.polygon(surf, colour, _pts(sh[1], s))
    elif kind == "circle":
        pygame.draw.circle(surf, colour, (sh[1][0] * s, sh[1][1] * s), sh[2] * s)
    elif kind == "ring":  # ("ring", centre, r, width)
        pygame.draw.circle(surf, colour, (sh[1][0] * s, sh[1][1] * s), sh[2] * s,
                           max(1, round(sh[3] * s)))
    elif kind == "ellipse":
        x, y, w, h = sh[1]
        pygame.draw.ellipse(surf, colour, (x * s, y * s, w * s, h * s))
    elif kind == "rect":
        x, y, w, h = sh[1]
        pygame.draw.rect(surf, colour, (x * s, y * s, w * s, h * s))
    elif kind in ("stroke", "line"):  # ("stroke", points, width or None for the detail width)
        width = sh[2] * s if len(sh) > 2 and sh[2] else max(1.0, line)
        _thick(surf, colour, _pts(sh[1], s), width)
    elif kind == "arc":  # ("arc", centre, r, from°, to°, width)
        (cx, cy), r, a0, a1 = sh[1], sh[2], sh[3], sh[4]
        n = max(6, int(abs(a1 - a0) / 6))
        pts = [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
                cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]
        width = sh[5] * s if len(sh) > 5 and sh[5] else max(1.0, line)
        _thick(surf, colour, _pts(pts, s), width)
    elif kind == "star":  # ("star", centre, r_out, r_in, points, rotation°)
        (cx, cy), ro, ri, n, rot = sh[1], sh[2], sh[3], sh[4], sh[5]
        pts = []
        for i in range(2 * n):
            r = ro if i % 2 == 0 else ri
            a = math.radians(rot + i * 180 / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        pygame.draw.polygon(surf, colour, _pts(pts, s))
    elif kind == "dot":
        pygame.draw.circle(surf, colour, (sh[1][0] * s, sh[1][1] * s), sh[2] * s)
    else:
        raise ValueError(f"unknown sprite shape {kind!r}")


def _thick(surf: pygame.Surface, colour: Colour, pts: list[tuple[float, float]],
           width: float) -> None:
    """A polyline of even width with round joints and ends (pygame's wide lines leave gaps)."""
    r = width / 2
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d * r, dx / d * r
        pygame.draw.polygon(surf, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                           (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    for x, y in pts:
        pygame.draw.circle(surf, colour, (x, y), r)


def sheet(sprites: PieceSprites, kinds: Sequence[str], size: int, names: Mapping[str, str],
          columns: int = 6) -> pygame.Surface:
    """Every kind of both sides at one size on light and dark squares, named (for review)."""
    cell = size + 8
    rows = (len(kinds) + columns - 1) // columns
    w = columns * (2 * cell + 8) + 8
    h = rows * (cell + 22) + 8
    img = pygame.Surface((w, h))
    img.fill(theme.BG)
    for i, kind in enumerate(kinds):
        x = 8 + (i % columns) * (2 * cell + 8)
        y = 8 + (i // columns) * (cell + 22)
        for side in (0, 1):
            sq = pygame.Rect(x + side * cell, y, cell, cell)
            img.fill((226, 206, 170) if (i + side) % 2 == 0 else (168, 128, 92), sq)
            spr = sprites.get(PieceView(kind, side), size)
            img.blit(spr, spr.get_rect(center=sq.center))
        theme.blit_text(img, names.get(kind, kind), (x + cell, y + cell + 2), 13, theme.TEXT,
                        anchor="midtop")
    return img
