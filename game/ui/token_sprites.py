"""Two more sprite drawers for the shared board view, so games whose men are not figurines need
no drawing code of their own: shogi wedges with their names (Tai Shogi) and flat tokens with a
number in a round, triangle or square (Rythmomachie).

Both draw at any size into a transparent square, like `SilhouetteDrawer`; `PieceSprites` caches
them per size. The wedge of the second player points the other way, as on a shogi board.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path

import pygame

from game.ui import theme
from game.ui.piece_game import PieceView

Colour = theme.Colour


@cache
def _jp_font(size: int, bold: bool = True) -> pygame.font.Font:
    """Noto Sans JP (OFL, shipped with pygame_gui): kanji for shogi men."""
    name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
    path = Path(str(resources.files("pygame_gui") / "data" / name))
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return theme.font(size, bold)


#: The Japanese font for other pictures that write kanji (a piece card's name line).
jp_font = _jp_font

#: Rare kanji the bundled font lacks, written as their two parts side by side (left part,
#: right part, the left part's share of the width): Tai Shogi's Howling Dog 𠵇犬 begins with
#: U+20D47, a 口 beside a 奇, which Noto Sans JP does not draw (it showed as an empty box).
COMPOSED: dict[str, tuple[str, str, float]] = {"\U00020d47": ("口", "奇", 0.4)}


def render_kanji(font: pygame.font.Font, text: str, ink: Colour) -> pygame.Surface:
    """`text` in `font`, each character of COMPOSED built from its parts (the table lists only
    what the bundled font lacks; a test keeps it so)."""
    if not any(ch in COMPOSED for ch in text):
        return font.render(text, True, ink)
    parts = []
    for ch in text:
        if ch in COMPOSED:
            left, right, share = COMPOSED[ch]
            full = font.render("口", True, ink)  # a full-width cell
            w, h = full.get_size()
            cell = pygame.Surface((w, h), pygame.SRCALPHA)
            for part, x, pw in ((left, 0, round(w * share)), (right, round(w * share),
                                                               w - round(w * share))):
                glyph = font.render(part, True, ink)
                cell.blit(pygame.transform.smoothscale(glyph, (pw, h)), (x, 0))
            parts.append(cell)
        else:
            parts.append(font.render(ch, True, ink))
    out = pygame.Surface((sum(p.get_width() for p in parts), max(p.get_height() for p in parts)),
                         pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, 0))
        x += p.get_width()
    return out


class WedgeDrawer:
    """Shogi men: a five-sided wooden wedge with its name written down the middle (one or two
    characters, stacked, upright for both players: a player reads every name without turning
    their head; the wedge's point says whose man it is), red when promoted. `labels` maps a kind to its text; `big` kinds
    (royals, Lions…) get a slightly larger wedge, as on real sets."""

    WOOD: Colour = (236, 206, 150)
    EDGE: Colour = (92, 62, 34)
    INK: Colour = (24, 20, 18)
    RED: Colour = (190, 30, 24)

    def __init__(self, labels: Mapping[str, str], big: frozenset[str] = frozenset(),
                 promoted_labels: Mapping[str, str] | None = None) -> None:
        self.labels = labels
        self.promoted_labels = promoted_labels or {}
        self.big = big

    def draw(self, piece: PieceView, size: int) -> pygame.Surface:
        # a large master is smooth enough drawn once; small ones are supersampled
        k = 3 if size < 100 else 1
        s = size * k
        img = pygame.Surface((s, s), pygame.SRCALPHA)
        scale = 1.0 if piece.kind in self.big else 0.9
        w, h = 0.78 * scale, 0.92 * scale
        x0, y0 = (1 - w) / 2, (1 - h) / 2 + 0.02
        pts = [(0.5, y0), (x0 + w * 0.86, y0 + h * 0.16), (x0 + w, y0 + h),
               (x0, y0 + h), (x0 + w * 0.14, y0 + h * 0.16)]
        poly = [(x * s, y * s) for x, y in pts]
        pygame.draw.polygon(img, (0, 0, 0, 60), [(x + 0.02 * s, y + 0.03 * s) for x, y in poly])
        pygame.draw.polygon(img, self.WOOD, poly)
        pygame.draw.polygon(img, theme.shade(self.WOOD, 1.12),
                            [poly[0], poly[4], poly[3], ((pts[3][0] + 0.08) * s, poly[3][1])])
        pygame.draw.polygon(img, self.EDGE, poly, max(2, round(0.03 * s)))
        if piece.side == 1:  # the wedge points at the opponent; its name stays upright
            img = pygame.transform.rotate(img, 180)
        text = (self.promoted_labels.get(piece.kind) if piece.promoted else None) or \
            self.labels.get(piece.kind, piece.kind)
        ink = self.RED if piece.promoted else self.INK
        chars = list(text)[:2]
        fs = round(s * (0.34 if len(chars) == 2 else 0.46) * scale)
        font = _jp_font(fs)
        cy = (y0 + h * 0.56) * s
        if piece.side == 1:
            cy = s - cy
        step = fs * 0.98
        for i, ch in enumerate(chars):
            glyph = render_kanji(font, ch, ink)
            y = cy + (i - (len(chars) - 1) / 2) * step
            img.blit(glyph, glyph.get_rect(center=(round(s / 2), round(y))))
        return pygame.transform.smoothscale(img, (size, size))

    #: Below this many pixels a man is drawn by `draw_small`, straight at its size.
    SMALL = 56
    #: The second player's wedges are of a darker wood, so sides differ at a glance.
    WOOD2: Colour = (204, 168, 112)

    def draw_small(self, piece: PieceView, size: int) -> pygame.Surface:
        """A man on a crowded board (the whole 25 × 25 board in view, ~24 px a square): the
        wedge fills its square and the name is written with the font hinted at that very size,
        each character as tall as half the square allows (12 px on a 25 px man) — scaled down
        from the large drawing they were 6 px and unreadable. The characters stay upright for
        both players (the wedge's point and its wood tell whose man it is); a promoted man has
        red ink and a red rim."""
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        s = size - 1
        roof = max(2, round(size * 0.08))
        pts = [(s / 2, 0), (s - 1, roof), (s - 1, s), (1, s), (1, roof)]
        if piece.side == 1:
            pts = [(x, s - y) for x, y in pts]
        wood = self.WOOD if piece.side == 0 else self.WOOD2
        pygame.draw.polygon(img, wood, pts)
        edge = self.RED if piece.promoted else self.EDGE
        pygame.draw.polygon(img, edge, pts, 2 if piece.promoted else 1)
        text = (self.promoted_labels.get(piece.kind) if piece.promoted else None) or \
            self.labels.get(piece.kind, piece.kind)
        ink = self.RED if piece.promoted else self.INK
        inner = size - 2 * roof // 2 - 2
        if all(ord(ch) < 0x3000 for ch in text):  # Latin abbreviations: one line
            glyph = _fitted(text, ink, inner, round(size * 0.52), latin=True)
            img.blit(glyph, glyph.get_rect(center=(size // 2, size // 2)))
            return img
        chars = list(text)[:2]
        each = (size - 1) // len(chars)
        top = (size - 1 - each * len(chars)) // 2
        for i, ch in enumerate(chars):
            glyph = _fitted(ch, ink, inner, each)
            img.blit(glyph, glyph.get_rect(center=(size // 2, top + i * each + each // 2)))
        return img


@cache
def _fitted(text: str, ink: Colour, width: int, height: int, latin: bool = False) -> pygame.Surface:
    """`text` cropped to its ink, in the largest font size whose solid ink fits `height` (its
    soft edge may overhang a pixel; hinted at that size: sharper than a large drawing scaled
    down), narrowed only if wider than `width`."""
    glyph = None
    for fs in range(max(6, height + 4), 5, -1):
        font = theme.font(fs, True) if latin else _jp_font(fs)
        img = render_kanji(font, text, ink)
        if img.get_bounding_rect(min_alpha=128).height <= height:  # the solid ink fits
            glyph = img.subsurface(img.get_bounding_rect()).copy()
            break
    if glyph is None:
        glyph = pygame.Surface((1, 1), pygame.SRCALPHA)
    if glyph.get_width() > width:
        glyph = pygame.transform.smoothscale(glyph, (width, glyph.get_height()))
    return glyph


#: Token shapes: the number of corners of each ("round" has none).
SHAPES = {"round": 0, "triangle": 3, "square": 4}


class TokenDrawer:
    """Flat tokens with a number: `describe(kind)` gives (shape, number text); a pyramid kind
    can be drawn as stacked layers by returning shape "pyramid". Sides differ in colour and in
    rim (a solid rim for the first player, a double rim for the second)."""

    FACES: tuple[Colour, Colour] = ((240, 232, 214), (46, 50, 60))
    INKS: tuple[Colour, Colour] = ((30, 26, 24), (236, 230, 216))

    def __init__(self, describe: Callable[[str], tuple[str, str]]) -> None:
        self.describe = describe

    def draw(self, piece: PieceView, size: int) -> pygame.Surface:
        k = 3
        s = size * k
        img = pygame.Surface((s, s), pygame.SRCALPHA)
        shape, label = self.describe(piece.kind)
        face, ink = self.FACES[piece.side % 2], self.INKS[piece.side % 2]
        edge = (20, 18, 18)
        c = (s / 2, s / 2)
        if shape == "pyramid":
            for i, r in enumerate((0.44, 0.34, 0.24)):
                pygame.draw.circle(img, edge, c, r * s)
                pygame.draw.circle(img, theme.shade(face, 1 - 0.08 * i), c, r * s - 0.03 * s)
        else:
            n = SHAPES.get(shape, 0)
            r = 0.43 * s
            if n == 0:
                pygame.draw.circle(img, edge, c, r)
                pygame.draw.circle(img, face, c, r - 0.035 * s)
                if piece.side:
                    pygame.draw.circle(img, ink, c, r - 0.08 * s, max(1, round(0.015 * s)))
            else:
                start = -90 if n == 3 else -45
                rr = r * (1.12 if n == 3 else 1.18)
                pts = [(c[0] + rr * math.cos(math.radians(start + i * 360 / n)),
                        c[1] + rr * math.sin(math.radians(start + i * 360 / n)) + (0.08 * s if n == 3 else 0))
                       for i in range(n)]
                pygame.draw.polygon(img, face, pts)
                pygame.draw.polygon(img, edge, pts, max(2, round(0.035 * s)))
        fs = round(s * (0.36 if len(label) <= 2 else 0.27))
        glyph = theme.font(fs, True).render(label, True, ink)
        dy = 0.07 * s if shape == "triangle" else 0
        img.blit(glyph, glyph.get_rect(center=(round(c[0]), round(c[1] + dy))))
        return pygame.transform.smoothscale(img, (size, size))
