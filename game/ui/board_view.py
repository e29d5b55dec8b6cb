"""The shared square-board view of piece games: a camera (zoom and pan), coordinates on all four
sides, board flip, square marks, and the men drawn by a game's own sprite drawer.

Large boards (16×16 fairy chess, 25×25 Tai Shogi) do not fit a laptop screen at a readable size,
so the view is a window onto the board: the wheel zooms about the pointer, the middle button (or
a drag on empty squares) pans, `+`/`-`/`0` and Shift+arrows do the same from the keyboard.
Pixels ↔ squares always go through `cell_at` / `centre`, so hit-testing follows the camera.
The checkered board is painted once per cell size into an opaque image and blitted through the
viewport; marks and men are drawn only for squares in view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

import pygame

from game.ui import marks as mk
from game.ui import theme
from game.ui.board_input import PieceView, Square

Colour = theme.Colour

SQUARE_LIGHT: Colour = (226, 206, 170)
SQUARE_DARK: Colour = (168, 128, 92)
FRAME: Colour = (58, 44, 34)
COORD: Colour = (220, 204, 176)
#: Each zoom step multiplies the cell size by this much.
ZOOM_STEP = 1.25
MAX_CELL = 112


def file_letters(files: int) -> Callable[[int], str]:
    """Files named a, b, c… as in chess (enough letters for 26 files)."""
    return lambda f: "abcdefghijklmnopqrstuvwxyz"[f] if f < 26 else str(f + 1)


def rank_numbers(r: int) -> str:
    return str(r + 1)


@dataclass
class Marks:
    """What to highlight this frame, in squares (the view turns them into pixels)."""

    last: tuple[Square, ...] = ()
    selected: Square | None = None
    #: next-click squares → "final" / "step" / "both" / "stop" (see BoardInput.targets)
    targets: Mapping[Square, str] = field(default_factory=dict)
    #: the squares of `targets` or `preview` that capture
    captures: frozenset[Square] | set[Square] = frozenset()
    #: destinations shown while hovering a man (lighter than the selection's)
    preview: Mapping[Square, bool] = field(default_factory=dict)
    path: tuple[Square, ...] = ()  # the squares stepped on so far (a Lion's first step)
    check: tuple[Square, ...] = ()
    mate: bool = False  # the royals of `check` are mated: the match is over
    hint: tuple[Square, ...] = ()
    #: the man a hint points at, without its move (a puzzle's first hint)
    hint_start: Square | None = None
    hover: Square | None = None
    cursor: Square | None = None
    focus: Square | None = None  # the man whose card is open


SpriteFn = Callable[[PieceView, int], pygame.Surface]


class BoardView:
    """A `files` × `ranks` board shown inside `region` (coordinates take its outer strip)."""

    def __init__(self, files: int, ranks: int, region: pygame.Rect,
                 file_label: Callable[[int], str] | None = None,
                 rank_label: Callable[[int], str] = rank_numbers,
                 light: Colour = SQUARE_LIGHT, dark: Colour = SQUARE_DARK, margin: int = 22,
                 fill: bool = False) -> None:
        """`fill` keeps the whole region as the viewport (a close-up picture) instead of
        shrinking it to the board fitted inside."""
        self.files, self.ranks = files, ranks
        self.region = pygame.Rect(region)
        self.file_label = file_label or file_letters(files)
        self.rank_label = rank_label
        self.light, self.dark = light, dark
        self.flipped = False
        self.margin = margin
        self.viewport = self.region.inflate(-2 * self.margin, -2 * self.margin)
        self.fit_cell = max(4, min(self.viewport.width // files, self.viewport.height // ranks))
        side_w, side_h = self.fit_cell * files, self.fit_cell * ranks
        if not fill:  # shrink the viewport to the fitted board so the coordinates hug it
            self.viewport = pygame.Rect(0, 0, side_w, side_h)
            self.viewport.center = self.region.center
        self.cell = self.fit_cell
        self.ox = float(self.viewport.x)
        self.oy = float(self.viewport.y)
        self.mouse: tuple[int, int] = self.viewport.center
        self._panning: tuple[int, int] | None = None
        self._board: pygame.Surface | None = None
        self._board_key: tuple[int, bool] | None = None
        self._map: pygame.Surface | None = None
        self._map_key: tuple[int, int, bool] | None = None
        self._map_pieces: object = None  # kept so the id in the key is not reused

    # -- camera ---------------------------------------------------------------------------------
    @property
    def zoomed(self) -> bool:
        return self.cell > self.fit_cell

    def zoom_levels(self) -> list[int]:
        return list(_zoom_levels(self.fit_cell))

    def set_cell(self, cell: int, anchor: tuple[float, float] | None = None) -> None:
        """Zoom to `cell` pixels a square, keeping the board point under `anchor` still."""
        cell = max(self.fit_cell, min(MAX_CELL, int(cell)))
        ax, ay = anchor if anchor is not None else self.viewport.center
        bx, by = (ax - self.ox) / self.cell, (ay - self.oy) / self.cell
        self.cell = cell
        self.ox, self.oy = ax - bx * cell, ay - by * cell
        self._clamp()

    def zoom(self, steps: int, anchor: tuple[float, float] | None = None) -> None:
        levels = self.zoom_levels()
        i = max((k for k, c in enumerate(levels) if c <= self.cell), default=0)
        self.set_cell(levels[max(0, min(len(levels) - 1, i + steps))], anchor)

    def reset_zoom(self) -> None:
        self.cell = self.fit_cell
        self.ox, self.oy = float(self.viewport.x), float(self.viewport.y)
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self._clamp()

    def _clamp(self) -> None:
        v = self.viewport
        w, h = self.cell * self.files, self.cell * self.ranks
        self.ox = min(v.x, max(v.right - w, self.ox)) if w > v.width else v.x + (v.width - w) / 2
        self.oy = min(v.y, max(v.bottom - h, self.oy)) if h > v.height else v.y + (v.height - h) / 2

    def follow(self, sq: Square) -> None:
        """Pan just enough to bring `sq` fully into view (keyboard cursor, computer's move)."""
        r = self.square_rect(sq)
        v = self.viewport
        dx = max(0, v.left - r.left) - max(0, r.right - v.right)
        dy = max(0, v.top - r.top) - max(0, r.bottom - v.bottom)
        if dx or dy:
            self.pan(dx, dy)

    def centre_on(self, sq: Square) -> None:
        """Pan so `sq` is in the middle of the viewport (as far as the board edges allow)."""
        x, y = self.centre(sq)
        self.pan(self.viewport.centerx - x, self.viewport.centery - y)

    def set_flipped(self, flipped: bool) -> None:
        if flipped != self.flipped:
            # keep the same squares in view: mirror the offset inside the board
            v = self.viewport
            w, h = self.cell * self.files, self.cell * self.ranks
            self.ox = v.x + v.width - w - (self.ox - v.x)
            self.oy = v.y + v.height - h - (self.oy - v.y)
            self.flipped = flipped
            self._clamp()

    # -- squares ↔ pixels -----------------------------------------------------------------------
    def _grid_xy(self, sq: Square) -> tuple[int, int]:
        f, r = sq
        if self.flipped:
            return self.files - 1 - f, r
        return f, self.ranks - 1 - r

    def square_rect(self, sq: Square) -> pygame.Rect:
        c, r = self._grid_xy(sq)
        return pygame.Rect(round(self.ox + c * self.cell), round(self.oy + r * self.cell),
                           self.cell, self.cell)

    def centre(self, sq: Square) -> tuple[float, float]:
        c, r = self._grid_xy(sq)
        return (self.ox + (c + 0.5) * self.cell, self.oy + (r + 0.5) * self.cell)

    def cell_at(self, pos: tuple[float, float]) -> Square | None:
        """The square under a screen point, or None outside the viewport or the board."""
        if not self.viewport.collidepoint(pos):
            return None
        c = math.floor((pos[0] - self.ox) / self.cell)
        r = math.floor((pos[1] - self.oy) / self.cell)
        if not (0 <= c < self.files and 0 <= r < self.ranks):
            return None
        if self.flipped:
            return (self.files - 1 - c, r)
        return (c, self.ranks - 1 - r)

    def visible(self, sq: Square) -> bool:
        return self.viewport.colliderect(self.square_rect(sq))

    def visible_squares(self) -> Iterable[Square]:
        v = self.viewport
        c0 = max(0, math.floor((v.x - self.ox) / self.cell))
        c1 = min(self.files, math.ceil((v.right - self.ox) / self.cell))
        r0 = max(0, math.floor((v.y - self.oy) / self.cell))
        r1 = min(self.ranks, math.ceil((v.bottom - self.oy) / self.cell))
        for r in range(r0, r1):
            for c in range(c0, c1):
                yield (self.files - 1 - c, r) if self.flipped else (c, self.ranks - 1 - r)

    # -- camera input ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel zoom, middle-button pan, and the zoom/pan keys; True if the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._panning is not None:
                self.pan(event.pos[0] - self._panning[0], event.pos[1] - self._panning[1])
                self._panning = event.pos
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.region.collidepoint(self.mouse) and event.y:
                self.zoom(1 if event.y > 0 else -1, self.mouse)
                return True
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 2
                and self.region.collidepoint(event.pos)):
            self.begin_pan(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._panning is not None:
            self._panning = None
            return event.button == 2
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def begin_pan(self, pos: tuple[int, int]) -> None:
        self._panning = pos

    @property
    def panning(self) -> bool:
        return self._panning is not None

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(-1)
        elif k in (pygame.K_0, pygame.K_KP0):
            self.reset_zoom()
        elif event.mod & pygame.KMOD_SHIFT and k in _PAN_KEYS:
            dx, dy = _PAN_KEYS[k]
            self.pan(-dx * self.cell * 2, -dy * self.cell * 2)
        else:
            return False
        return True

    # -- drawing --------------------------------------------------------------------------------
    def board_image(self) -> pygame.Surface:
        """The squares at the current size, painted once per size and orientation."""
        key = (self.cell, self.flipped)
        if self._board is None or self._board_key != key:
            cell = self.cell
            img = pygame.Surface((cell * self.files, cell * self.ranks)).convert()
            img.fill(self.light)
            for r in range(self.ranks):
                for f in range(self.files):
                    if (f + r) % 2 == 0:  # a1 dark, as in chess
                        c, rr = self._grid_xy((f, r))
                        img.fill(self.dark, (c * cell, rr * cell, cell, cell))
            self._board, self._board_key = img, key
        return self._board

    def draw_board(self, surface: pygame.Surface, coords: bool = True) -> None:
        """Frame, squares in view, and the names of the files and ranks in view on four sides."""
        v = self.viewport
        frame = v.inflate(2 * self.margin - 4, 2 * self.margin - 4)
        theme.panel(surface, frame, FRAME, 8, theme.shade(FRAME, 1.6))
        img = self.board_image()
        area = pygame.Rect(v.x - round(self.ox), v.y - round(self.oy), v.width, v.height)
        surface.blit(img, v.topleft, area)
        pygame.draw.rect(surface, theme.shade(FRAME, 0.5), v.inflate(2, 2), 1)
        if coords:
            self._draw_coords(surface)

    def _draw_coords(self, surface: pygame.Surface) -> None:
        v = self.viewport
        size = max(11, min(16, self.cell // 3 + 4))
        half = self.margin // 2 - 1
        for f in range(self.files):
            x, _ = self.centre((f, 0))
            if v.left <= x <= v.right:
                name = self.file_label(f)
                theme.blit_text(surface, name, (x, v.top - half), size, COORD, anchor="center")
                theme.blit_text(surface, name, (x, v.bottom + half), size, COORD, anchor="center")
        for r in range(self.ranks):
            _, y = self.centre((0, r))
            if v.top <= y <= v.bottom:
                name = self.rank_label(r)
                theme.blit_text(surface, name, (v.left - half - 1, y), size, COORD,
                                anchor="center")
                theme.blit_text(surface, name, (v.right + half + 1, y), size, COORD,
                                anchor="center")

    def draw_under(self, surface: pygame.Surface, m: Marks) -> None:
        """Marks that sit on the squares, under the men: last move, check, selection, path."""
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        cell = self.cell
        for sq in m.last:
            surface.blit(_tint(cell, (240, 196, 60, 125)), self.square_rect(sq))
        for sq in m.check:
            surface.blit(_check_glow(cell), self.square_rect(sq))
        if m.selected is not None:
            surface.blit(_tint(cell, (86, 180, 233, 110)), self.square_rect(m.selected))
        for sq in m.path:
            surface.blit(_tint(cell, (86, 180, 233, 70)), self.square_rect(sq))
        if m.hover is not None and (m.hover in m.targets or m.hover == m.selected):
            surface.blit(_hover(cell), self.square_rect(m.hover))
        surface.set_clip(clip)

    def draw_pieces(self, surface: pygame.Surface, pieces: Mapping[Square, PieceView],
                    sprite: SpriteFn, hidden: Iterable[Square] = ()) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        skip = set(hidden)
        size = self.piece_size()
        cell = self.cell
        # zoomed in, walk the squares in view rather than every man on the board
        squares: Iterable[Square] = pieces
        if self.zoomed:
            squares = [sq for sq in self.visible_squares() if sq in pieces]
        v = self.viewport.inflate(cell * 2, cell * 2)
        half = size / 2
        blits = []
        for sq in squares:
            if sq in skip:
                continue
            c, r = self._grid_xy(sq)
            x, y = self.ox + (c + 0.5) * cell, self.oy + (r + 0.5) * cell
            if v.collidepoint(x, y):
                blits.append((sprite(pieces[sq], size), (round(x - half), round(y - half))))
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def piece_size(self, cell: int | None = None) -> int:
        """A man's size in a square: a little air around it, none to spare on small squares
        (a whole 25 × 25 board in view), where every pixel goes to the man's name."""
        cell = self.cell if cell is None else cell
        return max(8, cell - 1 if cell < 40 else round(cell * 0.94))

    def nearby_piece_sizes(self) -> list[int]:
        """Man sizes of the zoom steps next to the current one (to draw them ahead of time)."""
        levels = self.zoom_levels()
        i = max((k for k, c in enumerate(levels) if c <= self.cell), default=0)
        return [self.piece_size(levels[j]) for j in (i + 1, i - 1) if 0 <= j < len(levels)]

    def draw_over(self, surface: pygame.Surface, m: Marks, show_targets: bool = True) -> None:
        """Marks over the men: legal targets (selection and hover), hint, keyboard cursor."""
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        cell = self.cell
        if show_targets:
            for sq, cap in m.preview.items():
                if sq not in m.targets:
                    surface.blit(_preview_dot(cell, cap), self.square_rect(sq))
            for sq, kind in m.targets.items():
                c = self.centre(sq)
                if kind == "stop":
                    mk.last_move(surface, self.square_rect(sq).inflate(-4, -4), theme.GOOD)
                elif kind == "step":
                    pygame.draw.circle(surface, theme.BG_DEEP, c, max(6, cell * 0.3), 6)
                    pygame.draw.circle(surface, theme.GOOD, c, max(5, cell * 0.3), 3)
                elif sq == m.selected:  # come back to where it started (igui, a pass)
                    pygame.draw.circle(surface, theme.BG_DEEP, c, cell * 0.46, 6)
                    pygame.draw.circle(surface, theme.ACCENT, c, cell * 0.45, 3)
                    pygame.draw.polygon(surface, theme.ACCENT, [
                        (c[0] + cell * 0.45 - 5, c[1] - 2), (c[0] + cell * 0.45 + 5, c[1] - 2),
                        (c[0] + cell * 0.45, c[1] + 6)])
                else:
                    surface.blit(_target_dot(cell, sq in m.captures), self.square_rect(sq))
                    if kind == "both":
                        pygame.draw.circle(surface, theme.TEXT, c, max(3, cell * 0.07))
        if m.hint:
            self._draw_hint(surface, m.hint)
        elif m.hint_start is not None:
            self.draw_start_hint(surface, m.hint_start)
        if m.mate:
            for sq in m.check:
                self._draw_mate(surface, sq)
        if m.focus is not None:
            pygame.draw.rect(surface, theme.ACCENT, self.square_rect(m.focus), 3, border_radius=4)
        if m.cursor is not None:
            r = self.square_rect(m.cursor).inflate(-3, -3)
            pygame.draw.rect(surface, theme.BG_DEEP, r.inflate(2, 2), 4, border_radius=5)
            pygame.draw.rect(surface, theme.TEXT, r, 2, border_radius=5)
        surface.set_clip(clip)

    def _draw_mate(self, surface: pygame.Surface, sq: Square) -> None:
        """A mated royal: a heavy red frame and a "#" badge on its corner, over the glow."""
        r = self.square_rect(sq)
        pygame.draw.rect(surface, (200, 30, 20), r, max(3, self.cell // 8))
        d = max(14, self.cell // 2)
        badge = pygame.Rect(0, 0, d, d)
        badge.center = (r.right - d // 3, r.top + d // 3)
        pygame.draw.circle(surface, theme.BG_DEEP, badge.center, d // 2 + 2)
        pygame.draw.circle(surface, (200, 30, 20), badge.center, d // 2)
        theme.blit_text(surface, "#", badge.center, max(11, d - 4), (255, 255, 255), True,
                        "center")

    def draw_hint(self, surface: pygame.Surface, path: tuple[Square, ...]) -> None:
        """A move drawn as a suggestion over a board already drawn (a diagram's better move)."""
        self._draw_hint(surface, path)

    def draw_start_hint(self, surface: pygame.Surface, sq: Square) -> None:
        """The man a hint points at, found at a glance like the hint's: a glow and a ring
        wider than its square, and no arrow (where it goes is left to find)."""
        width = max(4, round(self.cell * 0.16))
        ring = max(self.cell * 0.75, 14)
        c = self.centre(sq)
        glow = _hint_glow(round(ring * 2))
        surface.blit(glow, glow.get_rect(center=(round(c[0]), round(c[1]))))
        pygame.draw.circle(surface, theme.BG_DEEP, c, ring + 2, width + 4)
        pygame.draw.circle(surface, theme.ACCENT, c, ring, width)

    def _draw_hint(self, surface: pygame.Surface, path: tuple[Square, ...]) -> None:
        """The suggested move, found at a glance even on 25 px squares: a thick arrow along
        its path over the men, and rings wider than a square around the man and where it ends
        (a frame inside one small square was lost among 350 men)."""
        cell = self.cell
        pts = [self.centre(sq) for sq in dict.fromkeys(path)]
        if len(path) > 1 and path[-1] == path[0]:  # igui / pass: out and back
            pts = [self.centre(sq) for sq in path]
        width = max(4, round(cell * 0.16))
        ring = max(cell * 0.75, 14)
        for i, (a, b) in enumerate(zip(pts, pts[1:], strict=False)):
            last = i == len(pts) - 2
            end = _short(a, b, ring * 0.8) if last else b
            mk.arrow(surface, a, end, theme.BG_DEEP, width + 4)
            mk.arrow(surface, a, end, theme.ACCENT, width)
        end = self.centre(path[-1])
        glow = _hint_glow(round(ring * 2))
        surface.blit(glow, glow.get_rect(center=(round(end[0]), round(end[1]))))
        for sq in (path[0], path[-1]):
            c = self.centre(sq)
            pygame.draw.circle(surface, theme.BG_DEEP, c, ring + 2, width + 4)
            pygame.draw.circle(surface, theme.ACCENT, c, ring, width)
        for sq in path:
            mk.hint_frame(surface, self.square_rect(sq))

    def scroll_edges(self) -> tuple[str, ...]:
        """The sides of the viewport beyond which more of the board lies ("left", "right",
        "top", "bottom")."""
        v = self.viewport
        w, h = self.cell * self.files, self.cell * self.ranks
        out = []
        if self.ox < v.x - 1:
            out.append("left")
        if self.ox + w > v.right + 1:
            out.append("right")
        if self.oy < v.y - 1:
            out.append("top")
        if self.oy + h > v.bottom + 1:
            out.append("bottom")
        return tuple(out)

    def draw_scroll_hints(self, surface: pygame.Surface) -> None:
        """A shaded band with a chevron on each edge the board goes on past: the board
        scrolls (drag the empty squares, middle-drag, Shift+arrows)."""
        v = self.viewport
        for side in self.scroll_edges():
            band = _edge_band(side, v.height if side in ("left", "right") else v.width)
            r = band.get_rect()
            setattr(r, {"left": "midleft", "right": "midright", "top": "midtop",
                        "bottom": "midbottom"}[side], getattr(v, {"left": "midleft",
                        "right": "midright", "top": "midtop", "bottom": "midbottom"}[side]))
            surface.blit(band, r)

    def draw_zoom_badge(self, surface: pygame.Surface,
                        pieces: Mapping[Square, PieceView] | None = None,
                        centre: tuple[int, int] | None = None, size: int = 104) -> None:
        """When zoomed, a small map of the whole board (men as dots, in their side's colour)
        with the part in view framed; at `centre`, or in the viewport's lower right corner."""
        if not self.zoomed:
            return
        k = max(2, size // max(self.files, self.ranks))
        w, h = k * self.files, k * self.ranks
        box = pygame.Rect(self.viewport.right - w - 10, self.viewport.bottom - h - 10, w, h)
        if centre is not None:
            box.center = centre
        key = (id(pieces), k, self.flipped)
        if self._map_key != key or self._map is None:  # men as dots: once per position
            img = _minimap(self.files, self.ranks, k, self.light, self.dark).copy()
            for sq, p in (pieces or {}).items():
                c, r = self._grid_xy(sq)
                img.fill(_DOT[p.side % 2], (2 + c * k + 1, 2 + r * k + 1,
                                            max(1, k - 2), max(1, k - 2)))
            self._map, self._map_key, self._map_pieces = img, key, pieces
        surface.blit(self._map, box.move(-2, -2))
        scale = w / (self.cell * self.files)
        v = self.viewport
        frame = pygame.Rect(box.x + round((v.x - self.ox) * scale),
                            box.y + round((v.y - self.oy) * scale),
                            max(4, round(v.width * scale)), max(4, round(v.height * scale)))
        pygame.draw.rect(surface, theme.BG_DEEP, frame.clip(box).inflate(2, 2), 3)
        pygame.draw.rect(surface, theme.ACCENT, frame.clip(box), 2)


def _short(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """The point `by` pixels before `b` on the way from `a` (an arrow stopping at a ring)."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d <= by * 1.5:
        return b
    k = (d - by) / d
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


_DOT: tuple[Colour, Colour] = ((250, 246, 236), (30, 30, 36))
_PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
             pygame.K_DOWN: (0, 1)}


@cache
def _zoom_levels(fit: int) -> tuple[int, ...]:
    """The cell sizes of the zoom steps from the fitted board up (asked every frame)."""
    levels = [fit]
    while levels[-1] < MAX_CELL:
        levels.append(min(MAX_CELL, max(levels[-1] + 1, round(levels[-1] * ZOOM_STEP))))
    return tuple(levels)


@cache
def _edge_band(side: str, length: int) -> pygame.Surface:
    """A band fading into the board along one edge, with chevrons pointing out of it."""
    depth = 16
    horizontal = side in ("top", "bottom")
    w, h = (length, depth) if horizontal else (depth, length)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(depth):  # darkest at the edge
        a = round(150 * (1 - i / depth))
        k = i if side in ("left", "top") else depth - 1 - i
        if horizontal:
            img.fill((16, 22, 27, a), (0, k, w, 1))
        else:
            img.fill((16, 22, 27, a), (k, 0, 1, h))
    out = {"left": (-1, 0), "right": (1, 0), "top": (0, -1), "bottom": (0, 1)}[side]
    for t in (0.25, 0.5, 0.75):
        cx, cy = (length * t, depth / 2) if horizontal else (depth / 2, length * t)
        dx, dy = out
        tip = (cx + dx * 5, cy + dy * 5)
        p = (cx - dx * 3 + dy * 6, cy - dy * 3 + dx * 6)
        q = (cx - dx * 3 - dy * 6, cy - dy * 3 - dx * 6)
        pygame.draw.lines(img, (250, 246, 236, 230), False, [p, tip, q], 3)
    return img


@cache
def _hint_glow(d: int) -> pygame.Surface:
    """The suggested destination's disc: the accent, see-through so its man stays readable."""
    img = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(img, (*theme.ACCENT, 90), (d / 2, d / 2), d / 2)
    return img


@cache
def _tint(cell: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    img.fill(rgba)
    return img


@cache
def _hover(cell: int) -> pygame.Surface:
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    img.fill((255, 255, 255, 50))
    pygame.draw.rect(img, (255, 255, 255, 190), img.get_rect(), 2)
    return img


@cache
def _check_glow(cell: int) -> pygame.Surface:
    """A red glow under a royal in check: strongest at the centre, so the man stays readable."""
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    img.fill((*theme.BAD, 70))
    steps = 8
    for i in range(steps):
        t = i / steps
        pygame.draw.circle(img, (235, 40, 20, int(60 + 160 * t)), (cell / 2, cell / 2),
                           cell * 0.6 * (1 - t))
    pygame.draw.rect(img, (200, 30, 20, 240), img.get_rect(), max(2, cell // 12))
    return img


@cache
def _target_dot(cell: int, capture: bool) -> pygame.Surface:
    """A legal destination, seen at once on a crowded board: a wide dot with a dark rim on an
    empty square (a fifth of the square across, 4 px before on 26 px squares), a thick ring with
    corner wedges around a man it takes."""
    img = pygame.Surface((cell, cell), pygame.SRCALPHA)
    c = (cell / 2, cell / 2)
    if capture:
        w = max(3, round(cell * 0.09))
        pygame.draw.circle(img, (*theme.BG_DEEP, 200), c, cell * 0.47, w + 2)
        pygame.draw.circle(img, theme.GOOD, c, cell * 0.46, w)
        k = max(4, cell // 4)
        for x, y, dx, dy in ((0, 0, 1, 1), (cell, 0, -1, 1), (0, cell, 1, -1),
                             (cell, cell, -1, -1)):
            pygame.draw.polygon(img, theme.GOOD, [(x, y), (x + dx * k, y), (x, y + dy * k)])
    else:
        r = max(5, cell * 0.2)
        pygame.draw.circle(img, (*theme.BG_DEEP, 220), c, r + 2)
        pygame.draw.circle(img, theme.GOOD, c, r)
    return img


@cache
def _preview_dot(cell: int, capture: bool) -> pygame.Surface:
    """Where a hovered man could go: the target marks, fainter."""
    img = _target_dot(cell, capture).copy()
    img.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    return img


@cache
def _minimap(files: int, ranks: int, k: int, light: Colour, dark: Colour) -> pygame.Surface:
    img = pygame.Surface((files * k + 4, ranks * k + 4))
    img.fill(theme.BG_DEEP)
    for r in range(ranks):
        for f in range(files):
            img.fill(dark if (f + r) % 2 else light, (2 + f * k, 2 + r * k, k, k))
    return img
