"""The dissection screens' side panel and notes: what each star costs, the free-play figure
chooser, the controls, and the note under the stars of a completed figure."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.scenes.puzzle_base import BOARD_AREA, SIDE, draw_star, format_time
from game.ui import theme
from game.ui.widgets import fitting_size

#: The controls, as (keys, what they do), listed under the buttons while a figure is open.
CONTROLS = ((N_("Drag"), N_("move · drop near a corner to snap")),
            (N_("Wheel · right-click · Q E"), N_("turn")),
            (N_("Double-click · F"), N_("turn over")),
            (N_("Backspace · drag to the tray"), N_("put back")),
            (N_("Tab · arrows · Enter"), N_("keys: pick, move, drop")))


def draw_star_card(surface: pygame.Surface, rect: pygame.Rect, par: int, now: int,
                   hints_used: int) -> None:
    """What each star costs, the row the player is on now (`now` stars) lit."""
    box = rect.inflate(0, -10)
    theme.panel(surface, box, theme.PANEL, 12)
    rows = ((3, _("within {time}").format(time=format_time(par))),
            (2, _("within {time}").format(time=format_time(2 * par))), (1, _("any time")))
    for n, (count, text) in enumerate(rows):
        y = box.y + 20 + 26 * n
        lit = count == now or (n == 2 and now < 1)
        colour = theme.ACCENT if lit else theme.LINE
        for k in range(3):
            draw_star(surface, (box.x + 26 + 22 * k, y), 8, k < count, colour)
        theme.blit_text(surface, text, (box.x + 104, y), 16,
                        theme.TEXT if lit else theme.TEXT_DIM, lit, "midleft")
    note = _("each hint costs a star") + (
        " · " + ngettext("{n} used", "{n} used", hints_used).format(n=hints_used)
        if hints_used else "")
    theme.blit_text(surface, note, (box.x + 16, box.bottom - 14), 15,
                    theme.BAD if hints_used else theme.TEXT_DIM, anchor="midleft")


def draw_chooser(surface: pygame.Surface, rect: pygame.Rect, thumb: pygame.Surface | None,
                 where: str, title: str) -> None:
    """Free play: the figure, small, with its name (the buttons to change it are widgets)."""
    box = rect.inflate(0, -10)
    theme.panel(surface, box, theme.PANEL, 12)
    if thumb is not None:
        surface.blit(thumb, (box.x + 12, box.y + 6))
    x = box.x + 116
    theme.blit_text(surface, where, (x, box.y + 10), 15, theme.TEXT_DIM)
    theme.blit_text(surface, title, (x, box.y + 30), 20, theme.TEXT, True)
    theme.blit_text(surface, _("untimed · no stars"), (x, box.y + 58), 15, theme.TEXT_DIM)


def draw_controls(surface: pygame.Surface) -> None:
    """The controls, under the side panel's buttons, as many lines as fit."""
    box = pygame.Rect(SIDE.x, SIDE.y + 590, SIDE.width, SIDE.bottom - SIDE.y - 590)
    theme.blit_text(surface, _("Controls"), (box.x + 4, box.y), 16, theme.TEXT_DIM, True)
    for n, (keys, what) in enumerate(CONTROLS):
        y = box.y + 26 + 27 * n
        if y + 20 > box.bottom:
            break
        keys_text, what_text = _(keys), _(what)
        # what the keys do, right-aligned in what the keys leave: the row a size smaller if
        # need be (first the words, then both, so the keys never run into the words)
        room = box.width - 8 - 12
        key_size = 15
        while key_size > 11 and theme.font(key_size).size(keys_text)[0] + \
                theme.font(11).size(what_text)[0] > room:
            key_size -= 1
        key_w = theme.font(key_size).size(keys_text)[0]
        theme.blit_text(surface, keys_text, (box.x + 4, y + 15 - key_size), key_size, theme.TEXT)
        what_size = fitting_size(what_text, room - key_w, key_size, False, 11)
        theme.blit_text(surface, what_text, (box.right - 4, y + 15 - what_size), what_size,
                        theme.TEXT_DIM, anchor="topright")


def celebration_centre(tray: pygame.Rect, figure_right: float) -> tuple[float, float]:
    """Where the stars panel goes: over the (now empty) tray, clear of the completed figure."""
    cx = max(figure_right + 220, tray.centerx)
    cx = min(BOARD_AREA.right - 216, max(BOARD_AREA.centerx, cx))
    cy = max(BOARD_AREA.y + 20, min(BOARD_AREA.bottom - 190, tray.centery - 90))
    return cx, cy


def celebration_note(watched: bool, hints_used: int, free: bool) -> str:
    """The line under the stars: why some are missing ("" when nothing is to be said)."""
    if free:
        return ""
    if watched:
        return _("You watched the solution: no stars — R to try it yourself")
    if hints_used:
        return ngettext("{n} hint: −{stars} star", "{n} hints: −{stars} stars",
                        hints_used).format(n=hints_used, stars=min(3, hints_used))

    return ""


def draw_note(surface: pygame.Surface, note: str, centre: tuple[float, float]) -> None:
    """A short note in a dark box, its top centred 160 px below `centre`."""
    img = theme.text(note, 16, theme.TEXT)
    box = img.get_rect(midtop=(centre[0], centre[1] + 160)).inflate(24, 10)
    theme.panel(surface, box, theme.BG_DEEP, 10, theme.LINE)
    surface.blit(img, img.get_rect(center=box.center))
