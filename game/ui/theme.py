"""The look of Ludothèque: one palette, the fonts, and small drawing helpers every screen shares.

The palette is built around the Okabe–Ito colours so the two sides of any game stay apart for
colour-blind players; no screen relies on colour alone (pieces also carry marks or shapes).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

import pygame

from game.resources import asset

Colour = tuple[int, int, int]

SIZE = (1280, 800)

BG = (24, 32, 38)
BG_DEEP = (16, 22, 27)
PANEL = (36, 48, 56)
PANEL_LIGHT = (48, 63, 72)
LINE = (72, 90, 100)
TEXT = (238, 230, 214)
TEXT_DIM = (160, 164, 160)
ACCENT = (230, 178, 84)  # warm gold: focus, selection
ACCENT_DARK = (150, 110, 45)
GOOD = (86, 180, 233)  # sky blue (Okabe–Ito): legal targets, success
BAD = (213, 94, 0)  # vermillion (Okabe–Ito): refusals, danger
WOOD_LIGHT = (222, 184, 135)
WOOD = (190, 140, 90)
WOOD_DARK = (120, 80, 45)

#: The two sides of a match, distinct in hue and in lightness (Okabe–Ito orange and blue).
SIDE_COLOURS: tuple[Colour, Colour] = ((230, 159, 0), (0, 114, 178))


class View:
    """Where the 1280×800 canvas sits in the window: its top-left corner and its scale.

    The app draws every screen on a canvas of `SIZE` and scales it into the window, letterboxed;
    mouse positions from the window are mapped back here, so scenes only ever see canvas pixels.
    """

    def __init__(self) -> None:
        self.offset = (0, 0)
        self.scale = 1.0

    def fit(self, window: tuple[int, int]) -> pygame.Rect:
        """Centre the largest canvas that fits `window` (any scale, not only whole multiples)."""
        s = min(window[0] / SIZE[0], window[1] / SIZE[1])
        if s <= 0:
            s = 1.0
        w, h = max(1, round(SIZE[0] * s)), max(1, round(SIZE[1] * s))
        self.scale = s
        self.offset = ((window[0] - w) // 2, (window[1] - h) // 2)
        return pygame.Rect(self.offset, (w, h))

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window pixel → the canvas pixel under it (clamped to the canvas)."""
        x = int((pos[0] - self.offset[0]) / self.scale)
        y = int((pos[1] - self.offset[1]) / self.scale)
        return (min(max(x, 0), SIZE[0] - 1), min(max(y, 0), SIZE[1] - 1))


#: The one mapping between window and canvas (set by the app when the window changes size).
view = View()


def mouse_pos() -> tuple[int, int]:
    """The pointer in canvas pixels: use this, never pygame.mouse.get_pos(), in scenes."""
    return view.to_canvas(pygame.mouse.get_pos())


def _font_dir() -> Path:
    return Path(str(resources.files("pygame_gui") / "data"))


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (OFL, shipped with pygame_gui) in a given pixel size, cached."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = _font_dir() / name
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


@cache
def mono(size: int) -> pygame.font.Font:
    path = _font_dir() / "FiraCode-Regular.ttf"
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError):
        return pygame.font.Font(None, size)


_text_cache: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}


#: The spaces French typography puts before : ; ! ? and inside « »: they join the sign to its
#: word, so a line never starts with the sign (wrap splits at plain spaces only).
NBSP, NNBSP = "\u00a0", "\u202f"


def draws_blank(f: pygame.font.Font, ch: str) -> bool:
    """Whether `f` has `ch` as a space: an advance and no ink (a missing glyph shows a box)."""
    metrics = f.metrics(ch)
    if not metrics or metrics[0] is None:
        return False
    minx, maxx, miny, maxy, advance = metrics[0]
    return advance > 0 and maxx - minx <= 0 and maxy - miny <= 0


def text(s: str, size: int = 20, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: screens redraw every frame and text rarely changes."""
    key = (s, size, bold, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        if NNBSP in s and not draws_blank(font(size, bold), NNBSP):
            s = s.replace(NNBSP, NBSP)  # a font without the narrow one: the wide one, unbroken
        surf = _render_runs(s, size, colour, bold) if _SYMBOLS.intersection(s) else \
            font(size, bold).render(s, True, colour)
        _text_cache[key] = surf
    return surf


#: Arrows Noto Sans lacks (it draws a box): move lists write moves with them, so they are drawn
#: from Fira Code, which pygame_gui ships too, in the same size and on the same baseline.
_SYMBOLS = frozenset("→←↑↓")


def _render_runs(s: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
    main, alt = font(size, bold), mono(size)
    runs: list[tuple[pygame.font.Font, str]] = []
    for ch in s:
        f = alt if ch in _SYMBOLS else main
        if runs and runs[-1][0] is f:
            runs[-1] = (f, runs[-1][1] + ch)
        else:
            runs.append((f, ch))
    imgs = [(f, f.render(t, True, colour)) for f, t in runs]
    ascent = max(f.get_ascent() for f, _ in imgs)
    height = max(ascent - f.get_ascent() + img.get_height() for f, img in imgs)
    out = pygame.Surface((sum(img.get_width() for _, img in imgs), height), pygame.SRCALPHA)
    x = 0
    for f, img in imgs:
        out.blit(img, (x, ascent - f.get_ascent()))
        x += img.get_width()
    return out


def blit_text(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int = 20,
              colour: Colour = TEXT, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    img = text(s, size, colour, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def fit_text(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s` cut with an ellipsis to fit `width` pixels: a last resort for text of unknown
    length (a file path); laid-out text should wrap or get room instead."""
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"


def reflow(s: str) -> str:
    """`s` on one line: runs of plain spaces, tabs and newlines become one space, while the
    no-break spaces stay (str.split() would take them for breaks)."""
    return re.sub(r"[ \t\r\n]+", " ", s).strip(" ")


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels; blank lines separate paragraphs. Lines
    break at plain spaces only: a no-break space (before a French : ; ! ?) holds."""
    return list(_wrap(s, size, width, bold))


@cache
def _wrap(s: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width:
                line = trial
            else:
                if line:
                    lines.append(line)
                line = w
        lines.append(line)
    return tuple(lines)


def line_step(lines: Sequence[str], size: int, least: int, bold: bool = False) -> int:
    """The distance between the tops of `lines` drawn one under another: `least`, or more when a
    line's low marks (descenders) would touch the high marks of the next (accents on capitals,
    as a longer language writes), so no two lines ever share a pixel of ink."""
    step = least
    for above, below in zip(lines, lines[1:], strict=False):
        step = max(step, ink_rows(above, size, bold)[1] - ink_rows(below, size, bold)[0])
    return step


@lru_cache(maxsize=4096)
def ink_rows(s: str, size: int, bold: bool) -> tuple[int, int]:
    """The first and one past the last row of `s`'s ink, drawn at the top of its line."""
    ink = text(s, size, TEXT, bold).get_bounding_rect()
    return (ink.top, ink.bottom) if ink.height else (0, 0)


_KEY = (255, 0, 255)


@cache
def _panel_image(size: tuple[int, int], colour: Colour, radius: int,
                 border: Colour | None) -> pygame.Surface:
    """A rounded panel drawn once; corners are a colour key (cheaper to blit than alpha)."""
    img = pygame.Surface(size)
    img.fill(_KEY)
    r = img.get_rect()
    pygame.draw.rect(img, colour, r, border_radius=radius)
    if border is not None:
        pygame.draw.rect(img, border, r, 1, border_radius=radius)
    img.set_colorkey(_KEY)
    return img


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = PANEL,
          radius: int = 12, border: Colour | None = LINE) -> None:
    """A rounded panel; cached per size and colours because screens redraw them every frame."""
    r = pygame.Rect(rect)
    if r.width <= 0 or r.height <= 0:
        return
    surface.blit(_panel_image((r.width, r.height), tuple(colour), radius,
                              None if border is None else tuple(border)), r)


def shade(colour: Colour, factor: float) -> Colour:
    """Lighter (factor > 1) or darker (< 1) version of a colour."""
    if factor >= 1:
        f = factor - 1
        return tuple(min(255, int(c + (255 - c) * f)) for c in colour)  # type: ignore[return-value]
    return tuple(max(0, int(c * factor)) for c in colour)  # type: ignore[return-value]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def luma(colour: Colour) -> float:
    """Perceived brightness 0-255 (Rec. 601 weights): decides dark or light ink on a colour."""
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def ink_on(colour: Colour, dark: Colour = (20, 20, 24), light: Colour = (245, 245, 240)) -> Colour:
    """The text colour that reads on a background of `colour`."""
    return dark if luma(colour) > 140 else light


def faded_copy(img: pygame.Surface, alpha: int) -> pygame.Surface:
    """A see-through copy of a cached sprite (a ghost), leaving the shared sprite untouched.

    See `blit_faded` for why the alpha must never be set on the cached surface itself.
    """
    ghost = img.copy()
    ghost.set_alpha(max(0, min(255, int(alpha))))
    return ghost


@cache
def sphere(radius: int, colour: Colour, mark: str = "") -> pygame.Surface:
    """A shaded marble/pawn sprite with a soft highlight; `mark` ("dot", "ring", "cross") for
    colour-blind players. Cached: drawn once per size and colour."""
    d = radius * 2 + 4
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    c = (d // 2, d // 2)
    pygame.draw.circle(surf, (0, 0, 0, 70), (c[0] + 2, c[1] + 3), radius)
    steps = max(6, radius // 2)
    for i in range(steps):
        t = i / steps
        r = int(radius * (1 - t * 0.85))
        col = mix(shade(colour, 0.6), shade(colour, 1.35), t)
        off = int(radius * 0.3 * t)
        pygame.draw.circle(surf, col, (c[0] - off, c[1] - off), r)
    pygame.draw.circle(surf, (255, 255, 255, 150),
                       (c[0] - radius * 0.38, c[1] - radius * 0.42), max(2, radius // 5))
    pygame.draw.circle(surf, shade(colour, 0.45), c, radius, 1)
    mc = shade(colour, 0.35) if sum(colour) > 380 else shade(colour, 1.8)
    if mark == "dot":
        pygame.draw.circle(surf, mc, c, max(2, radius // 4))
    elif mark == "ring":
        pygame.draw.circle(surf, mc, c, max(3, radius // 2), max(2, radius // 9))
    elif mark == "cross":
        k = radius // 3
        w = max(2, radius // 8)
        pygame.draw.line(surf, mc, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), w)
        pygame.draw.line(surf, mc, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), w)
    return surf


def theme_path() -> str:
    return str(asset("theme.json"))


def blit_faded(surface: pygame.Surface, img: pygame.Surface, dest: tuple[float, float],
               alpha: int, area: pygame.Rect | None = None) -> pygame.Rect:
    """Blit `img` (or its `area`) see-through at `alpha` (0-255) without changing `img`.

    Sprites are cached and shared, so a fade must never be set on them: and on a per-pixel-alpha
    surface `set_alpha(None)` switches blending off for good, which turned every cached piece
    into an opaque black box. The copy costs little next to the blit itself.
    """
    faded = img.subsurface(area).copy() if area is not None else img.copy()
    faded.set_alpha(max(0, min(255, int(alpha))))
    return surface.blit(faded, dest)
