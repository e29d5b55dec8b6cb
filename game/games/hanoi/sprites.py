"""How the Towers of Hanoi look: lacquered disks (each size and colour rendered once and
cached), the wooden rig, the peg labels, the still background of a puzzle, the target panel,
and the small pictures other screens show (menu card, level cards, rules diagrams).

Everything is drawn at the coordinates a `view.Layout` gives; nothing here knows about
moves, animations or input.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Callable
from functools import cache

import pygame

from game.games.hanoi.levels import HanoiLevel
from game.games.hanoi.rules import PEG_LETTERS, HanoiState
from game.games.hanoi.view import FP_X, LABEL_Y, PLAY, Layout, Point, goal_text, stacks
from game.i18n import _, ngettext
from game.scenes.frame import BOARD_AREA
from game.ui import marks, theme
from game.ui.tween import lerp
from game.ui.widgets import fitting_size

#: Light ink for the number on a dark disk (a dark disk takes the board's own deep colour).
LIGHT_INK = (250, 246, 236)


def disk_colour(disk: int, disks: int) -> theme.Colour:
    """Graded colours, smallest disk gold, then orange, red, plum, down to blue for the largest."""
    t = disk / (disks - 1) if disks > 1 else 0.0
    hue = (0.125 - 0.52 * t) % 1.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.6 - 0.14 * t, 0.7)
    return int(r * 255), int(g * 255), int(b * 255)


@cache
def disk_sprite(w: int, h: int, colour: theme.Colour, label: str) -> pygame.Surface:
    """A lacquered disk seen from the side: lit from above, rounded ends, its number on it."""
    surf = pygame.Surface((w + 3, h + 4), pygame.SRCALPHA)
    radius = max(2, int(h * 0.42))
    pygame.draw.rect(surf, (0, 0, 0, 70), (2, 3, w, h), border_radius=radius)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    light, dark = theme.shade(colour, 1.45), theme.shade(colour, 0.6)
    for y in range(h):
        t = y / max(1, h - 1)
        c = (
            theme.mix(light, colour, t / 0.3)
            if t < 0.3
            else theme.mix(colour, dark, (t - 0.3) / 0.7)
        )
        pygame.draw.line(body, c, (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(body, (0, 0))
    pygame.draw.rect(surf, theme.shade(colour, 0.42), (0, 0, w, h), 1, border_radius=radius)
    if h >= 8 and w > 2 * radius + 4:
        pygame.draw.line(surf, (*theme.shade(colour, 1.8), 150), (radius, 2), (w - radius, 2))
    if label and h >= 12:
        size = max(10, min(24, int(h * 0.62)))
        plate = pygame.Rect(0, 0, max(size * 1.5, size * 0.62 * len(label) + 12), h * 0.72)
        plate.center = (w // 2, h // 2)
        plate_colour = theme.shade(colour, 0.78)
        pygame.draw.ellipse(surf, (*plate_colour, 255), plate)
        pygame.draw.ellipse(surf, theme.shade(colour, 0.5), plate, 1)
        # the lacquer is bright: dark ink from a lower brightness than theme.ink_on's
        ink = theme.BG_DEEP if theme.luma(plate_colour) > 120 else LIGHT_INK
        img = theme.font(size, True).render(label, True, ink)
        surf.blit(img, img.get_rect(center=(w / 2, h / 2 + 0.5)))
    return surf


def warm_sprites(layout: Layout) -> None:
    """Render every disk sprite of a layout now, so the first frames of play do not pay."""
    for d in range(layout.disks):
        w, h = layout.sprite_size(d)
        disk_sprite(w, h, disk_colour(d, layout.disks), str(d + 1))


def draw_disk(
    surface: pygame.Surface,
    layout: Layout,
    disk: int,
    centre: Point,
    numbers: bool = True,
    alpha: int = 255,
) -> pygame.Rect:
    w, h = layout.sprite_size(disk)
    img = disk_sprite(w, h, disk_colour(disk, layout.disks), str(disk + 1) if numbers else "")
    if alpha < 255:
        img = theme.faded_copy(img, alpha)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (round(centre[0]), round(centre[1]))
    surface.blit(img, rect.topleft)
    return rect


def draw_lifted(surface: pygame.Surface, layout: Layout, disk: int, pos: Point) -> None:
    """A disk off its stack, with its shadow on the base so the height reads at a glance."""
    rest = layout.base_y - layout.disk_h * 0.5
    if pos[1] < rest - layout.disk_h * 0.6:
        w = layout.widths[disk]
        lift = min(1.0, (rest - pos[1]) / 400)
        img = shadow(round(w * (1 - 0.35 * lift)), 8, int(90 * (1 - 0.6 * lift)))
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(layout.base_y + 2))))
    draw_disk(surface, layout, disk, pos)


def draw_rig(surface: pygame.Surface, layout: Layout) -> None:
    """The wooden base and the pegs (drawn once into the board's background)."""
    h = layout.disk_h
    plank_h = max(4, round(0.6 * h))
    plank = pygame.Rect(
        round(layout.rect.x + 2), round(layout.base_y), round(layout.rect.width - 4), plank_h
    )
    radius = max(2, plank_h // 3)
    pygame.draw.rect(
        surface,
        theme.shade(theme.WOOD_DARK, 0.55),
        plank.move(0, max(2, plank_h // 4)),
        border_radius=radius,
    )
    pygame.draw.rect(surface, theme.WOOD, plank, border_radius=radius)
    top = pygame.Rect(plank.x, plank.y, plank.width, max(2, plank_h // 3))
    pygame.draw.rect(
        surface,
        theme.WOOD_LIGHT,
        top,
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    if plank_h >= 10:
        for k in range(2):
            y = plank.y + plank_h * (0.55 + 0.2 * k)
            pygame.draw.line(
                surface, theme.shade(theme.WOOD, 0.88), (plank.x + 8, y), (plank.right - 8, y)
            )
    pygame.draw.rect(surface, theme.WOOD_DARK, plank, 1, border_radius=radius)
    pw = max(3, round(h * 0.3))
    for x in layout.xs:
        rod = pygame.Rect(0, 0, pw, round(layout.base_y - layout.peg_top) + 2)
        rod.midbottom = (round(x), round(layout.base_y) + 1)
        for i in range(pw):
            t = i / max(1, pw - 1)
            c = theme.mix(theme.WOOD_LIGHT, theme.WOOD_DARK, min(1.0, abs(t - 0.3) * 1.6))
            pygame.draw.line(surface, c, (rod.x + i, rod.y + pw // 2), (rod.x + i, rod.bottom))
        pygame.draw.circle(surface, theme.WOOD_LIGHT, (rod.centerx, rod.y + pw // 2), pw / 2)
        pygame.draw.rect(
            surface,
            theme.shade(theme.WOOD_DARK, 0.8),
            rod,
            1,
            border_top_left_radius=pw // 2,
            border_top_right_radius=pw // 2,
        )


def draw_config(
    surface: pygame.Surface,
    rect: pygame.Rect,
    pegs: int,
    config: tuple[int, ...],
    *,
    letters: bool = False,
    numbers: bool = True,
    hidden: int | None = None,
) -> Layout:
    """A still picture of a configuration: rules diagrams, the target panel, level cards."""
    area = pygame.Rect(rect)
    if letters:
        area.height -= max(14, rect.height // 9)
    layout = Layout.fit(area, pegs, len(config), max_h=max(4.0, rect.height / 6))
    draw_rig(surface, layout)
    for p, stack in enumerate(stacks(pegs, config)):
        for level, d in enumerate(stack):
            if d != hidden:
                draw_disk(surface, layout, d, layout.slot(p, level), numbers)
    if letters:
        size = max(11, min(20, rect.height // 12))
        for p, x in enumerate(layout.xs):
            theme.blit_text(
                surface,
                PEG_LETTERS[p],
                (x, layout.base_y + layout.disk_h * 0.6 + 3),
                size,
                theme.TEXT_DIM,
                True,
                "midtop",
            )
    return layout


def draw_label(
    surface: pygame.Surface, layout: Layout, peg: int, off: tuple[int, int], hot: bool
) -> None:
    """The peg's letter on a plate, with the key that picks it."""
    x = layout.xs[peg] + off[0]
    y = LABEL_Y + off[1]
    plate = pygame.Rect(0, 0, 40, 34)
    plate.midtop = (round(x) - 14, round(y))
    theme.panel(
        surface,
        plate,
        theme.PANEL_LIGHT if hot else theme.PANEL,
        8,
        theme.ACCENT if hot else theme.LINE,
    )
    theme.blit_text(
        surface,
        PEG_LETTERS[peg],
        plate.center,
        22,
        theme.ACCENT if hot else theme.TEXT,
        True,
        "center",
    )
    cap = pygame.Rect(0, 0, 22, 22)
    cap.midleft = (plate.right + 6, plate.centery)
    pygame.draw.rect(surface, theme.LINE, cap.move(0, 2), border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, cap, border_radius=4)
    theme.blit_text(surface, str(peg + 1), cap.center, 14, theme.TEXT_DIM, True, "center")


def render_background(layout: Layout, start: HanoiState, level: HanoiLevel | None) -> pygame.Surface:
    """Everything that does not move: the board, its light, the base, the pegs, the labels, the
    goal (a level's note, or free play's control labels) and the keys."""
    surf = pygame.Surface(BOARD_AREA.size)
    surf.fill(theme.BG)
    local = pygame.Rect(0, 0, *BOARD_AREA.size)
    theme.panel(surf, local, theme.BG_DEEP, 14)
    glow = pygame.Surface(local.size, pygame.SRCALPHA)
    cx, cy = local.centerx, PLAY.centery - BOARD_AREA.y + 40
    for k in range(18, 0, -1):
        r = k / 18
        pygame.draw.ellipse(
            glow,
            (*theme.PANEL_LIGHT, int(12 * (1 - r) + 3)),
            pygame.Rect(0, 0, 900 * r, 520 * r).move(cx - 450 * r, cy - 260 * r),
        )
    surf.blit(glow, (0, 0))
    off = (-BOARD_AREA.x, -BOARD_AREA.y)
    draw_rig(surf, layout.moved(*off))
    for p in range(layout.pegs):
        draw_label(surf, layout, p, off, hot=False)
    goal = goal_text(start.pegs, start.disk_pegs, start.target_pegs)
    if level is not None:
        theme.blit_text(surf, goal, (24, 18), 22, theme.TEXT, True)
        note = _(level.note)  # the level file's English, in the player's language
        if note.startswith(goal):  # the level's note already says it: keep the rest
            note = note[len(goal) :].lstrip(" .")
        for i, line in enumerate(theme.wrap(note, 17, 830)[:2]):
            theme.blit_text(surf, line, (24, 54 + 24 * i), 17, theme.TEXT_DIM)
    else:
        for name, key in ((_("Pegs"), "pegs"), (_("Disks"), "minus"), (_("Puzzle"), "kind")):
            theme.blit_text(surf, name, (FP_X[key] - 10, 36), 18, theme.TEXT_DIM, anchor="midright")
        theme.blit_text(surf, _("{goal} — free play, untimed, no stars").format(
            goal=goal), (24, 70),
                        18, theme.TEXT)
    keys = "1–4" if layout.pegs == 4 else "1–3"
    how = _("Click a peg to lift its top disk, then the peg to put it on — or drag it · keys "
            "{keys} do the same").format(keys=keys)
    theme.blit_text(
        surf,
        how,
        (local.centerx, local.bottom - 47),
        fitting_size(how, local.width - 24, 16, False),  # a longer language: a size smaller
        theme.TEXT_DIM,
        anchor="midtop",
    )
    keys_line = _("H hint (twice: play it) · S watch the solution · R restart · Ctrl+Z undo · "
                  "Esc put back / leave")
    theme.blit_text(
        surf,
        keys_line,
        (local.centerx, local.bottom - 26),
        fitting_size(keys_line, local.width - 24, 16, False),
        theme.TEXT_DIM,
        anchor="midtop",
    )
    return fast(surf)


def render_target(start: HanoiState, rect: pygame.Rect) -> pygame.Surface:
    """The side panel's picture of the target, with the puzzle's size."""
    surf = pygame.Surface(rect.size)
    surf.fill(theme.BG)  # opaque, on the side panel's own colour: a cheap blit every frame
    theme.panel(surf, surf.get_rect(), theme.PANEL, 12)
    theme.blit_text(surf, _("Target"), (14, 8), 16, theme.TEXT_DIM, True)
    theme.blit_text(
        surf,
        ngettext("{n} disk · {pegs} pegs", "{n} disks · {pegs} pegs", start.n_disks).format(
            n=start.n_disks, pegs=start.pegs),
        (rect.width - 14, 9),
        15,
        theme.TEXT_DIM,
        anchor="topright",
    )
    draw_config(
        surf,
        pygame.Rect(20, 32, rect.width - 40, rect.height - 40),
        start.pegs,
        start.target_pegs,
        letters=True,
    )
    return fast(surf)


# -- pictures for other screens ---------------------------------------------------------------


def game_thumbnail(size: tuple[int, int]) -> pygame.Surface:
    """The menu card: a small tower, its smallest disk caught mid-flight from C to B."""
    surf = pygame.Surface(size)
    surf.fill(theme.BG_DEEP)
    w, h = size
    layout = draw_config(
        surf, pygame.Rect(12, h * 0.3, w - 24, h * 0.66), 3, (2, 1, 0, 0, 0, 0), hidden=0
    )
    x0, x1 = layout.xs[2], layout.xs[1]
    y0 = layout.peg_top - layout.disk_h * 0.4
    arc = layout.disk_h * 0.9
    for k in range(1, 6):  # its trail
        u = k / 12
        pygame.draw.circle(
            surf,
            theme.shade(theme.ACCENT, 0.4 + 0.1 * k),
            (lerp(x0, x1, u), y0 - arc * math.sin(math.pi * u)),
            1.5 + 0.3 * k,
        )
    draw_disk(surf, layout, 0, (lerp(x0, x1, 0.55), y0 - arc * math.sin(math.pi * 0.55)))
    return surf


def level_picture(level: HanoiLevel, size: tuple[int, int]) -> pygame.Surface:
    """A level card's picture: the start, an arrow, the target."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)  # (a colour key fades far more slowly)
    half = int(w * 0.42)
    # below the card's number and best time, which sit in its top corners
    draw_config(surf, pygame.Rect(2, 20, half, h - 22), level.pegs, level.start, numbers=False)
    draw_config(
        surf, pygame.Rect(w - half - 2, 20, half, h - 22), level.pegs, level.target, numbers=False
    )
    cx, cy = w / 2, h * 0.55
    marks.arrow(surf, (cx - 8, cy), (cx + 9, cy), theme.ACCENT, 3)
    return surf


def draw_diagram(surface: pygame.Surface, rect: pygame.Rect, state: HanoiState) -> None:
    """A rules diagram: the start large, the target under it."""
    r = pygame.Rect(rect)
    big = pygame.Rect(r.x + 10, r.y + 28, r.width - 20, int(r.height * 0.52))
    theme.blit_text(surface, _("Start"), (big.x, r.y + 2), 17, theme.TEXT_DIM, True)
    draw_config(surface, big, state.pegs, state.disk_pegs, letters=True)
    small = pygame.Rect(r.x + r.width * 0.2, big.bottom + 40, r.width * 0.6, r.height * 0.3)
    theme.blit_text(surface, _("Target"), (small.x, big.bottom + 12), 16, theme.TEXT_DIM, True)
    draw_config(surface, small, state.pegs, state.target_pegs, letters=True)


def fast(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (faster blits), when there is a display."""
    return surf.convert() if pygame.display.get_surface() is not None else surf


@cache
def shadow(w: int, h: int, alpha: int) -> pygame.Surface:
    """A soft oval shadow (cached per size and darkness)."""
    surf = pygame.Surface((max(2, w), max(2, h)), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, alpha), surf.get_rect())
    return surf


# -- the board in play -------------------------------------------------------------------------


def draw_focus(surface: pygame.Surface, layout: Layout, peg: int) -> None:
    """The keyboard's peg: a caret and a bar under its label."""
    x = layout.xs[peg]
    pygame.draw.polygon(surface, theme.ACCENT,
                        [(x - 34, LABEL_Y + 46), (x - 24, LABEL_Y + 40), (x - 14, LABEL_Y + 46)])
    pygame.draw.line(surface, theme.ACCENT, (x - 44, LABEL_Y + 48), (x + 26, LABEL_Y + 48), 3)


def draw_targets(surface: pygame.Surface, layout: Layout, state: HanoiState,
                 dsts: list[int]) -> None:
    """A dot where the lifted disk may land on each peg of `dsts` (the rules' legal moves)."""
    for dst in dsts:
        marks.target_dot(surface, layout.slot(dst, len(state.stack(dst))), layout.disk_h * 1.6)


def draw_resting(surface: pygame.Surface, layout: Layout, state: HanoiState,
                 away: set[int], lift: Callable[[float, int], float] | None = None) -> None:
    """The disks on their pegs but those `away` (flying or in hand); `lift(y, from_top)`
    raises a disk for the solve's wave."""
    for p, stack in enumerate(stacks(state.pegs, state.disk_pegs)):
        for level, d in enumerate(stack):
            if d in away:
                continue
            x, y = layout.slot(p, level)
            if lift is not None:
                y = lift(y, len(stack) - 1 - level)
            draw_disk(surface, layout, d, (x, y))


def draw_last_move(surface: pygame.Surface, layout: Layout, state: HanoiState, dst: int) -> None:
    """Brackets round the number of the disk the last move put on `dst`."""
    top = state.top(dst)
    if top is None:
        return
    x, y = layout.slot(dst, state.stack(dst).index(top))
    s = layout.disk_h + 6
    marks.last_move(surface, pygame.Rect(x - s / 2, y - s / 2, s, s))


def draw_in_hand(surface: pygame.Surface, layout: Layout, disk: int, pos: Point,
                 pulse: float) -> None:
    """The lifted disk with the ring that says it is in hand."""
    draw_lifted(surface, layout, disk, pos)
    marks.selection(surface, pos, layout.disk_h * 0.55, pulse)
