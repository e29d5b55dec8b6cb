"""The text under the Jeu de pions ruler: the analysis panel, and the help lines of play and of
edit mode."""

from __future__ import annotations

import pygame

from game.games.pions import rules as R
from game.games.pions.analysis import Analysis, analyse
from game.games.pions.rules import PionsRules, PionsState
from game.i18n import _, ngettext
from game.scenes.match_base import BOARD_AREA
from game.ui import theme
from game.ui.widgets import draw_paragraphs


def draw_analysis(surface: pygame.Surface, a: Analysis, revealed: bool) -> None:
    """The nim analysis of a position: L, the heaps D with their binary digits, the nim-sum,
    the verdict, and the winning moves once the player asked for them (`revealed`)."""
    box = pygame.Rect(BOARD_AREA.x + 20, BOARD_AREA.y + 290, BOARD_AREA.width - 40, 390)
    theme.panel(surface, box, theme.PANEL)
    x, y = box.x + 20, box.y + 14
    theme.blit_text(surface, _("Analysis"), (x, y), 22, theme.ACCENT, True)
    rule = _("misère rule") if a.variant == "misere" else _("normal rule")
    theme.blit_text(surface, rule, (box.right - 20, y + 4), 16, theme.TEXT_DIM, anchor="topright")
    y += 36
    vx = box.x + 520  # the verdict's column, on the right
    label = _("L (occupied cells, far side first):")
    theme.blit_text(surface, label, (x, y), 17, theme.TEXT_DIM)
    # the cells after their label, however long the label reads in the language
    theme.blit_text(surface, ", ".join(map(str, a.cells)) or "—",
                    (max(x + 300, x + theme.font(17).size(label)[0] + 12), y), 17, theme.TEXT)
    y += 30
    d_lines = theme.wrap(_("D (pairs from the far side; a lone last pawn counts its cell):"),
                         17, box.right - 20 - x)
    #: the verdict waits under the labels only when they run into its column
    clear_top = box.y + 100
    if len(d_lines) > 1 or theme.font(17).size(d_lines[0])[0] > vx - 20 - x:
        clear_top = y + len(d_lines) * theme.font(17).get_linesize() + 3
    for line in d_lines:
        theme.blit_text(surface, line, (x, y), 17, theme.TEXT_DIM)
        y += theme.font(17).get_linesize()
    y += 28 - theme.font(17).get_linesize()
    col = [x + 10, x + 230, x + 330]
    f = theme.mono(18)
    for h in a.heaps[:8]:
        theme.blit_text(surface, h.formula, (col[0], y), 17, theme.TEXT)
        theme.blit_text(surface, str(h.value), (col[1], y), 17, theme.TEXT)
        surface.blit(f.render(h.binary, True, theme.GOOD if h.lone else theme.TEXT), (col[2], y))
        y += 25
    if len(a.heaps) > 8:
        theme.blit_text(surface, _("… {n} more").format(
            n=len(a.heaps) - 8), (col[0], y), 15, theme.TEXT_DIM)
        y += 22
    pygame.draw.line(surface, theme.LINE, (col[0], y + 2), (col[2] + 120, y + 2))
    y += 8
    theme.blit_text(surface, _("nim-sum (XOR)"), (col[0], y), 17, theme.ACCENT, True)
    theme.blit_text(surface, str(a.nim_sum), (col[1], y), 17, theme.ACCENT, True)
    surface.blit(f.render(a.nim_sum_binary, True, theme.ACCENT), (col[2], y))
    # verdict on the right
    vy = max(box.y + 100, clear_top)
    verdict = _("The player to move wins") if a.mover_wins else _("The player to move loses")
    for line in theme.wrap(verdict, 20, box.right - 20 - vx, True):
        theme.blit_text(surface, line, (vx, vy), 20, theme.GOOD if a.mover_wins else theme.BAD,
                        True)
        vy += 28
    vy += 6
    if a.winning_notation and not revealed:
        theme.blit_text(surface, _("Look for the winning move yourself,"), (vx, vy), 17,
                        theme.TEXT_DIM)
        theme.blit_text(surface, _("or press W to see it."), (vx, vy + 24), 17, theme.TEXT_DIM)
        vy += 60
    elif a.winning_notation:
        theme.blit_text(surface, ngettext("Winning move:", "Winning moves:",
                                          len(a.winning_notation)), (vx, vy), 17, theme.TEXT_DIM)
        theme.blit_text(surface, ", ".join(a.winning_shown), (vx, vy + 24), 20, theme.GOOD,
                        True)
        vy += 60
    note = a.note if revealed else a.note_unsolved
    for line in theme.wrap(note, 16, box.right - vx - 20)[:8]:
        theme.blit_text(surface, line, (vx, vy), 16, theme.TEXT)
        vy += 22

def draw_play_help(surface: pygame.Surface) -> None:
    lines = [
        _("Drag a pawn to the right: it stops only on free cells before the next pawn."),
        _("Drag the pawn nearest the end past the end (or press X) to remove it."),
        _("Keyboard: Tab or Up/Down choose a pawn, Left/Right choose a cell, Enter plays."),
        _("A analysis · W its winning move · N numbers · E edit · H hint · Ctrl+Z undo"),
    ]
    draw_paragraphs(surface, lines, pygame.Rect(BOARD_AREA.x + 30, BOARD_AREA.y + 320,
                                                BOARD_AREA.width - 60, BOARD_AREA.height - 340),
                    18, theme.TEXT_DIM, gap=5)

def draw_edit_help(surface: pygame.Surface, rules: PionsRules, edit_state: PionsState) -> None:
    """How edit mode works, and the verdict on the position being built."""
    lines = [
        _("Click an empty cell to place a pawn, click a pawn to take it away."),
        _("−/+ change the ruler length · R random · C clear"),
        _("Then start with the first or the second player to move."),
    ]
    draw_paragraphs(surface, lines, pygame.Rect(BOARD_AREA.x + 30, BOARD_AREA.y + 360,
                                                BOARD_AREA.width - 60, 96), 18, theme.TEXT, gap=5)
    a = analyse(rules, R.set_to_move(edit_state, 0))
    verdict = (_("the player to move first would win") if a.mover_wins else
               _("the player to move first would lose"))
    theme.blit_text(surface, _("D = {heaps} · nim-sum {x}: {verdict}").format(
                        heaps=", ".join(str(h.value) for h in a.heaps) or "—", x=a.nim_sum,
                        verdict=verdict), (BOARD_AREA.x + 30, BOARD_AREA.y + 470), 18,
                    theme.ACCENT)
