"""The Jeu de pions screen: a wooden ruler, pawns dragged toward the end, edit mode, analysis panel.

Everything the screen shows about the game comes from the rules (legal cells, removal) and from
`analysis.analyse` (L, D, nim-sum, winning moves); this module only lays it out and animates it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine.match import Match
from game.games.pions import rules as R
from game.games.pions.analysis import Analysis, analyse
from game.games.pions.rules import PionsMove, PionsState
from game.scenes.match_base import BOARD_AREA, MatchScene, open_match
from game.ui import theme
from game.ui.tween import Tween, ease_in, ease_in_out, lerp
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

RULER_Y = BOARD_AREA.y + 150  # centre line of the ruler
PAWN_COLOUR = (236, 222, 196)


@dataclass
class Ruler:
    """Geometry of the ruler inside an area: cell N on the left, the end on the right."""

    left: float
    end_x: float
    y: float
    cell: float
    length: int

    @classmethod
    def fit(cls, area: pygame.Rect, length: int, y: float | None = None) -> Ruler:
        cell = min(64.0, (area.width * 0.92 - 30) / length)
        width = cell * length
        left = area.x + (area.width - width - 40) / 2
        return cls(left, left + width, area.centery if y is None else y, cell, length)

    def x_of(self, cell: float) -> float:
        """Centre x of a cell (1 = next to the end); 0 is just past the end."""
        return self.end_x - (cell - 0.5) * self.cell

    def cell_at(self, x: float) -> int:
        """Cell under x; 0 when x is past the end, clamped to the ruler's far side."""
        if x >= self.end_x:
            return 0
        c = int((self.end_x - x) // self.cell) + 1
        return max(1, min(self.length, c))


@cache
def pawn_sprite(size: int, colour: tuple[int, int, int] = PAWN_COLOUR) -> pygame.Surface:
    """A turned-wood pawn: round head, waisted body, wide foot, lit from the upper left."""
    w, h = size, int(size * 1.35)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    dark = theme.shade(colour, 0.55)
    pygame.draw.ellipse(surf, (0, 0, 0, 60), (w * 0.1, h * 0.84, w * 0.86, h * 0.15))
    pygame.draw.ellipse(surf, dark, (w * 0.08, h * 0.74, w * 0.84, h * 0.2))
    pygame.draw.ellipse(surf, colour, (w * 0.1, h * 0.72, w * 0.8, h * 0.17))
    body = [(w * 0.3, h * 0.8), (w * 0.38, h * 0.42), (w * 0.62, h * 0.42), (w * 0.7, h * 0.8)]
    pygame.draw.polygon(surf, colour, body)
    pygame.draw.polygon(surf, dark, body, 1)
    pygame.draw.ellipse(surf, theme.shade(colour, 0.8), (w * 0.24, h * 0.38, w * 0.52, h * 0.1))
    head = (w * 0.5, h * 0.25)
    r = w * 0.22
    pygame.draw.circle(surf, dark, head, r + 1)
    pygame.draw.circle(surf, colour, head, r)
    pygame.draw.circle(surf, theme.shade(colour, 1.5), (head[0] - r * 0.35, head[1] - r * 0.35),
                       max(2, r * 0.35))
    pygame.draw.line(surf, theme.shade(colour, 1.3), (w * 0.42, h * 0.48), (w * 0.37, h * 0.76), 2)
    return surf


def draw_ruler(surface: pygame.Surface, ruler: Ruler, numbers: bool = True) -> None:
    """The ruler, drawn once per geometry into a cached image and blitted every frame."""
    img, origin = _ruler_image(ruler.left, ruler.end_x, ruler.y, ruler.cell, ruler.length, numbers)
    surface.blit(img, origin)


@cache
def _ruler_image(left: float, end_x: float, y: float, cell: float, length: int,
                 numbers: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    h = max(18.0, cell * 0.9)
    ox, oy = int(left - 12), int(y - h * 0.9 - 2)
    img = pygame.Surface((int(end_x - left + 40), int(h * 1.8 + 40)), pygame.SRCALPHA)
    _paint_ruler(img, Ruler(left - ox, end_x - ox, y - oy, cell, length), numbers)
    return img, (ox, oy)


def _paint_ruler(surface: pygame.Surface, ruler: Ruler, numbers: bool) -> None:
    """The wooden rule with its cells, the brass end stop, and the cell numbers from the end."""
    h = max(18.0, ruler.cell * 0.9)
    body = pygame.Rect(int(ruler.left - 10), int(ruler.y - h / 2), int(ruler.end_x - ruler.left + 10),
                       int(h))
    pygame.draw.rect(surface, theme.WOOD_DARK, body.move(0, 5), border_radius=6)
    pygame.draw.rect(surface, theme.WOOD, body, border_radius=6)
    # grain
    for k in range(3):
        yy = body.y + (k + 1) * body.height / 4
        pygame.draw.line(surface, theme.shade(theme.WOOD, 0.9), (body.x + 6, yy), (body.right - 6, yy))
    for c in range(1, ruler.length + 1):
        x = ruler.x_of(c)
        cell = pygame.Rect(0, 0, ruler.cell - 4, h - 8)
        cell.center = (int(x), int(ruler.y))
        pygame.draw.rect(surface, theme.WOOD_LIGHT, cell, border_radius=3)
        pygame.draw.rect(surface, theme.shade(theme.WOOD, 0.75), cell, 1, border_radius=3)
        if numbers and (ruler.cell >= 22 or c % 2 == 1 or c == ruler.length):
            theme.blit_text(surface, str(c), (x, body.bottom + 8), 13 if ruler.cell < 30 else 15,
                            theme.TEXT_DIM, anchor="midtop")
    stop = pygame.Rect(int(ruler.end_x), int(ruler.y - h * 0.9), 14, int(h * 1.8))
    pygame.draw.rect(surface, (150, 120, 40), stop, border_radius=4)
    pygame.draw.rect(surface, (230, 200, 110), stop.inflate(-8, -6), border_radius=3)


#: Smallest cell of a rules diagram, in pixels: room for its number and a visible pawn.
DIAGRAM_CELL = 30


def _paint_row(surface: pygame.Surface, seg: Ruler, lo: int, last: bool) -> None:
    """One row of a folded ruler: cells `seg.length` down to `lo`, each numbered; the last row
    ends at the brass end stop, the others with an arrow to the next row."""
    per = seg.length - lo + 1
    h = max(18.0, seg.cell * 0.9)
    left = seg.end_x - per * seg.cell
    body = pygame.Rect(int(left - 6), int(seg.y - h / 2), int(per * seg.cell + 6), int(h))
    pygame.draw.rect(surface, theme.WOOD_DARK, body.move(0, 4), border_radius=6)
    pygame.draw.rect(surface, theme.WOOD, body, border_radius=6)
    for k in range(per):
        c = seg.length - k
        x = left + (k + 0.5) * seg.cell
        r = pygame.Rect(0, 0, seg.cell - 4, h - 8)
        r.center = (int(x), int(seg.y))
        pygame.draw.rect(surface, theme.WOOD_LIGHT, r, border_radius=3)
        pygame.draw.rect(surface, theme.shade(theme.WOOD, 0.75), r, 1, border_radius=3)
        theme.blit_text(surface, str(c), (x, body.bottom + 6), 15, theme.TEXT, anchor="midtop")
    if last:
        stop = pygame.Rect(int(seg.end_x), int(seg.y - h * 0.9), 12, int(h * 1.8))
        pygame.draw.rect(surface, (150, 120, 40), stop, border_radius=4)
        pygame.draw.rect(surface, (230, 200, 110), stop.inflate(-6, -6), border_radius=3)
    else:
        theme.blit_text(surface, "→", (seg.end_x + 6, seg.y), 22, theme.TEXT_DIM, anchor="midleft")


def draw_pawn(surface: pygame.Surface, ruler: Ruler, x: float, lift: float = 0.0,
              alpha: int = 255, outline: tuple[int, int, int] | None = None) -> None:
    size = max(14, int(ruler.cell * 0.95))
    img = pawn_sprite(size)
    rect = img.get_rect(midbottom=(int(x), int(ruler.y + ruler.cell * 0.28 - lift)))
    if outline is not None:
        pygame.draw.ellipse(surface, outline, rect.inflate(8, 4), 3)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, rect)


class PionsScene(MatchScene):
    """Play, edit and analyse positions of the Jeu de pions."""

    title = "Jeu de pions"
    #: The last pawn's fall already shows the end: the results follow at once.
    result_delay = 0.15

    def __init__(self, app: Host, match: Match, edit: bool = False, analysis: bool = False,
                 reveal: bool = False) -> None:
        """`analysis` opens the analysis panel and `reveal` shows its winning moves (tools)."""
        super().__init__(app, match)
        self.pions_rules: R.PionsRules = match.rules
        self.ruler = Ruler.fit(BOARD_AREA, self.state.length, RULER_Y)
        self.drag: tuple[int, float] | None = None  # (pawn cell, mouse x offset)
        self.drag_x = 0.0
        self.selected: int | None = None  # keyboard selection (pawn cell)
        self.key_target: int | None = None
        self.moving: tuple[int, int, Tween] | None = None  # (from cell, to cell, tween)
        self.falling: list[tuple[int, Tween]] = []
        #: Closed at first: it tells the winning move, which a new player should look for.
        self.show_analysis = bool(analysis)
        #: The position (key) whose winning moves the player asked to see (W).
        self.revealed: Any = self.state.key() if reveal else None
        self.numbers = app.settings.show_coordinates
        self.editing = edit
        self.edit_state: PionsState = self.state
        self.rng = random.Random()
        self._analysis: tuple[Any, Analysis] | None = None
        y = BOARD_AREA.y + 236
        x = BOARD_AREA.x + 20
        self.remove_btn = button(self.ui, (x, y, 190, 40), "Remove nearest (X)",
                                 "Take away the pawn nearest the end")
        self.analysis_btn = button(self.ui, (x + 200, y, 150, 40), "Analysis (A)",
                                   "Show or hide the nim analysis")
        self.numbers_btn = button(self.ui, (x + 360, y, 150, 40), "Numbers (N)",
                                  "Number the cells from the end")
        self.edit_btn = button(self.ui, (x + 520, y, 170, 40), "Edit position (E)",
                               "Place and remove pawns, then start from there")
        # edit-mode controls
        self.len_minus = button(self.ui, (x, y, 44, 40), "-", "Shorter ruler (-)")
        self.len_plus = button(self.ui, (x + 150, y, 44, 40), "+", "Longer ruler (+)")
        self.random_btn = button(self.ui, (x + 210, y, 120, 40), "Random (R)")
        self.clear_btn = button(self.ui, (x + 340, y, 110, 40), "Clear (C)")
        self.cancel_edit_btn = button(self.ui, (x + 660, y, 180, 40), "Cancel edit (Esc)")
        self.start1_btn = button(self.ui, (x, y + 52, 300, 44), "Start: first player to move",
                                 object_id="#primary")
        self.start2_btn = button(self.ui, (x + 320, y + 52, 300, 44),
                                 "Start: second player to move", object_id="#primary")
        self.extra_buttons = {
            self.remove_btn: self.remove_nearest,
            self.analysis_btn: self.toggle_analysis,
            self.numbers_btn: self.toggle_numbers,
            self.edit_btn: self.enter_edit,
            self.len_minus: lambda: self.edit_length(-1),
            self.len_plus: lambda: self.edit_length(+1),
            self.random_btn: self.edit_random,
            self.clear_btn: self.edit_clear,
            self.start1_btn: lambda: self.start_from_edit(0),
            self.start2_btn: lambda: self.start_from_edit(1),
            self.cancel_edit_btn: self.leave_edit,
        }
        self._show_mode()

    # -- modes --------------------------------------------------------------------------
    def _show_mode(self) -> None:
        play = (self.remove_btn, self.analysis_btn, self.numbers_btn, self.edit_btn)
        edit = (self.len_minus, self.len_plus, self.random_btn, self.clear_btn, self.start1_btn,
                self.start2_btn, self.cancel_edit_btn)
        for b in play:
            b.visible = not self.editing
            if self.editing:
                b.hide()
            else:
                b.show()
        for b in edit:
            if self.editing:
                b.show()
            else:
                b.hide()
        shown = self.edit_state if self.editing else self.state
        self.ruler = Ruler.fit(BOARD_AREA, shown.length, RULER_Y)

    def enter_edit(self) -> None:
        self._cancel_thinking()
        self.tweens.finish_all()
        self.editing = True
        self.edit_state = R.set_to_move(self.state, 0)
        self.clear_selection()
        self._show_mode()
        self.app.toast("Edit: click a cell to place or take away a pawn.", "info", 4)

    def leave_edit(self) -> None:
        self.editing = False
        self._show_mode()

    def edit_length(self, delta: int) -> None:
        n = self.edit_state.length + delta
        if not R.MIN_LENGTH <= n <= R.MAX_LENGTH:
            self.refuse(f"A ruler has {R.MIN_LENGTH} to {R.MAX_LENGTH} cells.")
            return
        self.edit_state = R.set_length(self.edit_state, n)
        self.ruler = Ruler.fit(BOARD_AREA, n, RULER_Y)
        self.app.sounds.play("click")

    def edit_random(self) -> None:
        self.edit_state = R.random_position(self.edit_state.length, self.rng)
        self.app.sounds.play("place")

    def edit_clear(self) -> None:
        self.edit_state = R.clear(self.edit_state)
        self.app.sounds.play("slide")

    def start_from_edit(self, to_move: int) -> None:
        if not self.edit_state.cells:
            self.refuse("Place at least one pawn before starting.")
            return
        start = R.set_to_move(self.edit_state, to_move)
        m = self.match
        fresh = Match(m.entry, m.variant, {**m.options, "length": start.length}, m.players,
                      start=R.position_text(start))
        self.app.sounds.play("click")
        open_match(self.app, fresh, replace=True)

    def toggle_analysis(self) -> None:
        self.show_analysis = not self.show_analysis
        self.app.sounds.play("click")

    def reveal_winning(self) -> None:
        """Show (or hide again) the winning moves of this position in the analysis panel."""
        if not self.show_analysis:
            self.show_analysis = True
        self.revealed = None if self.revealed == self.state.key() else self.state.key()
        self.app.sounds.play("click")

    def toggle_numbers(self) -> None:
        self.numbers = not self.numbers
        self.app.sounds.play("click")

    # -- moves ----------------------------------------------------------------------------
    def targets(self, cell: int) -> list[int]:
        """Legal destinations of the pawn on `cell` (0 = removal), from the rules."""
        return [m.to for m in self.rules.legal_moves(self.state) if m.frm == cell]

    def remove_nearest(self) -> None:
        near = self.state.nearest
        if near is None:
            self.refuse("The ruler is empty.")
            return
        if not self.human_to_move:
            self.refuse("Wait for your turn.")
            return
        self.submit(PionsMove(near, R.REMOVE))

    def clear_selection(self) -> None:
        self.drag = None
        self.selected = None
        self.key_target = None

    def board_event(self, event: pygame.event.Event) -> None:
        if self.editing:
            self._edit_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self._pawn_at(event.pos)
            if cell is not None:
                self.drag = (cell, event.pos[0] - self.ruler.x_of(cell))
                self.drag_x = self.ruler.x_of(cell)
                self.selected = cell
                self.app.sounds.play("click")
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            cell, off = self.drag
            self.drag_x = event.pos[0] - off
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            cell, _ = self.drag
            dest = self._snap(cell, self.drag_x)
            self.drag = None
            if dest is None:
                if abs(self.drag_x - self.ruler.x_of(cell)) > self.ruler.cell * 0.5:
                    self._refuse_drag(cell, self.ruler.cell_at(self.drag_x))
                return
            if dest == cell:
                return
            self.selected = None
            self.submit(PionsMove(cell, dest))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _refuse_drag(self, cell: int, dest: int) -> None:
        reason = self.rules.check(self.state, PionsMove(cell, dest))
        self.refuse(reason or "That pawn cannot go there.")

    def _key(self, event: pygame.event.Event) -> None:
        cells = self.state.cells
        if event.key == pygame.K_a:
            self.toggle_analysis()
        elif event.key == pygame.K_w:
            self.reveal_winning()
        elif event.key == pygame.K_n:
            self.toggle_numbers()
        elif event.key == pygame.K_e:
            self.enter_edit()
        elif event.key in (pygame.K_x, pygame.K_DELETE):
            self.remove_nearest()
        elif not cells:
            return
        elif event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            order = list(cells)
            i = order.index(self.selected) if self.selected in order else -1
            step = -1 if event.key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1
            self.selected = order[(i + step) % len(order)]
            self.key_target = None
            self.app.sounds.play("click")
        elif event.key in (pygame.K_RIGHT, pygame.K_LEFT) and self.selected is not None:
            options = sorted(self.targets(self.selected), reverse=True)  # far → near the end
            if not options:
                self.refuse(self.rules.check(self.state, PionsMove(self.selected,
                                                                   self.selected - 1))
                            or "That pawn cannot move.")
                return
            seq = [self.selected, *options]
            cur = self.key_target if self.key_target in seq else self.selected
            i = seq.index(cur) + (1 if event.key == pygame.K_RIGHT else -1)
            self.key_target = seq[max(0, min(len(seq) - 1, i))]
        elif (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
              and self.selected is not None and self.key_target not in (None, self.selected)):
                move = PionsMove(self.selected, int(self.key_target or 0))
                self.clear_selection()
                self.submit(move)

    def _edit_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            x, y = event.pos
            if abs(y - self.ruler.y) > self.ruler.cell * 1.2 or not (
                    self.ruler.left <= x < self.ruler.end_x):
                return
            cell = self.ruler.cell_at(x)
            had = cell in self.edit_state.cells
            self.edit_state = R.toggle_pawn(self.edit_state, cell)
            self.app.sounds.play("slide" if had else "place")
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r:
                self.edit_random()
            elif event.key == pygame.K_c:
                self.edit_clear()
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.edit_length(1)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.edit_length(-1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_from_edit(0)

    def process_event(self, event: pygame.event.Event) -> None:
        # Edit mode works whoever is to move (and even after the game ended).
        if self.editing and self.modal is None:
            self._edit_event(event)
            return
        if (event.type == pygame.KEYDOWN and self.modal is None
                and event.key in (pygame.K_a, pygame.K_n, pygame.K_e, pygame.K_w)):
            self._key(event)
            return
        if (self.modal is None and self.animating and self.human_to_move
                and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)):
            # a quick player never loses a key or a click to an animation: it ends at once
            self.finish_animation()
        super().process_event(event)

    def finish_animation(self) -> None:
        """Jump every running animation to its end (a slide's landing may start a fall)."""
        for _ in range(3):
            if not self.tweens.busy():
                break
            self.tweens.finish_all()
        self.sync()

    def back(self) -> None:
        if self.editing and self.modal is None:
            self.leave_edit()
            return
        super().back()

    def _pawn_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos
        if abs(y - (self.ruler.y - self.ruler.cell * 0.3)) > self.ruler.cell * 0.9:
            return None
        for c in self.state.cells:
            if abs(x - self.ruler.x_of(c)) <= self.ruler.cell / 2:
                return c
        return None

    def _snap(self, cell: int, x: float) -> int | None:
        """Nearest legal destination to the dragged x (0 = removal when dragged past the end)."""
        legal = self.targets(cell)
        if not legal:
            return None
        if x >= self.ruler.end_x and R.REMOVE in legal:
            return R.REMOVE
        want = self.ruler.cell_at(x)
        if want == cell:
            return cell
        slides = [t for t in legal if t != R.REMOVE]
        if want in slides:
            return want
        if want < cell and slides and abs(x - self.ruler.x_of(min(slides))) < self.ruler.cell:
            return min(slides)  # dragged too far: stop against the next pawn
        return None

    # -- animation --------------------------------------------------------------------------
    @property
    def removed(self) -> int:
        """Pawns taken off since the start of the match."""
        return len(self.match.states[0].cells) - len(self.state.cells)

    def animate(self, before: Any, move: Any, after: Any) -> None:
        if move.is_removal:
            slide = self.tweens.add(0.35, ease_in_out, tag="move")
            self.moving = (move.frm, R.REMOVE, slide)

            def fall() -> None:
                self.falling.append((move.frm, self.tweens.add(0.6, ease_in, tag="fall")))
                self.app.sounds.play("drop")

            slide.on_done = fall
            self.app.sounds.play("slide")
        else:
            tw = self.tweens.add(0.1 + 0.04 * (move.frm - move.to), ease_in_out, tag="move")
            self.moving = (move.frm, move.to, tw)
            self.app.sounds.play("slide")

            def land() -> None:
                self.app.sounds.play("place")

            tw.on_done = land

    def sync(self) -> None:
        self.moving = None
        self.falling.clear()
        self.ruler = Ruler.fit(BOARD_AREA, self.state.length, RULER_Y)

    def show_hint(self, move: Any) -> None:
        super().show_hint(move)
        self.app.toast(f"Try {self.move_text(move)}", "good", 3)

    # -- drawing ----------------------------------------------------------------------------
    def analysis(self) -> Analysis:
        key = (self.pions_rules.variant, self.state.key())
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, analyse(self.pions_rules, self.state))
        return self._analysis[1]

    def side_info(self, side: int) -> str:
        return "moves first" if side == 0 else "moves second"

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        r = 13
        pygame.draw.circle(surface, theme.SIDE_COLOURS[side], centre, r)
        theme.blit_text(surface, str(side + 1), centre, 16, theme.BG_DEEP, True, "center")

    def draw_board(self, surface: pygame.Surface) -> None:
        state = self.edit_state if self.editing else self.state
        rl = self.ruler
        title = ("Edit the position" if self.editing else
                 ("Misère: whoever removes the last pawn loses" if self.pions_rules.misere
                  else "Whoever removes the last pawn wins"))
        theme.blit_text(surface, title, (BOARD_AREA.x + 24, BOARD_AREA.y + 18), 20, theme.TEXT_DIM)
        if not self.editing:
            theme.blit_text(surface, f"{len(state.cells)} pawns on the ruler · {self.removed} removed",
                            (BOARD_AREA.right - 24, BOARD_AREA.y + 18), 18, theme.TEXT_DIM,
                            anchor="topright")
        draw_ruler(surface, rl, self.numbers)
        theme.blit_text(surface, "end", (rl.end_x + 8, rl.y - rl.cell * 1.1), 14, theme.ACCENT,
                        anchor="midbottom")
        if self.editing:
            for c in state.cells:
                draw_pawn(surface, rl, rl.x_of(c))
            theme.blit_text(surface, f"{state.length} cells", (BOARD_AREA.x + 95, BOARD_AREA.y + 256),
                            18, theme.TEXT, anchor="midleft")
            self._draw_edit_help(surface)
            return
        hl = self.app.settings.show_legal and self.human_to_move
        # legal targets of the pawn being dragged or selected
        focus = self.drag[0] if self.drag is not None else self.selected
        if hl and focus is not None and focus in state.cells and not self.animating:
            for t in self.targets(focus):
                x = rl.x_of(t) if t else rl.end_x + rl.cell * 0.6
                pygame.draw.circle(surface, theme.GOOD, (int(x), int(rl.y)), max(4, int(rl.cell * 0.16)))
        if (self.show_analysis and self.revealed == self.state.key() and self.human_to_move
                and not self.animating):
            for m in self.analysis().winning_moves:
                self._arrow(surface, m, theme.GOOD, 2)
        if self.hint_move is not None and not self.animating:
            self._arrow(surface, self.hint_move, theme.ACCENT, 4)
        # last move marker
        if self.match.moves and not self.animating:
            last = self.match.moves[-1]
            if not last.is_removal:
                x = rl.x_of(last.to)
                pygame.draw.line(surface, theme.ACCENT, (x - rl.cell * 0.4, rl.y + rl.cell * 0.45),
                                 (x + rl.cell * 0.4, rl.y + rl.cell * 0.45), 3)
        moving_to = self.moving[1] if self.moving and not self.moving[2].done else None
        for c in state.cells:
            if self.drag is not None and c == self.drag[0]:
                continue
            if moving_to is not None and c == moving_to:
                continue
            outline = theme.ACCENT if c == self.selected else None
            draw_pawn(surface, rl, rl.x_of(c), outline=outline)
        if self.moving and not self.moving[2].done:
            frm, to, tw = self.moving
            end = rl.x_of(to) if to else rl.end_x + rl.cell * 0.8
            x = lerp(rl.x_of(frm), end, tw.value)
            draw_pawn(surface, rl, x, lift=6 * (1 - abs(2 * tw.t - 1)))
        for _frm, tw in self.falling:
            if tw.done:
                continue
            x = rl.end_x + rl.cell * 0.8 + 30 * tw.t
            draw_pawn(surface, rl, x, lift=-260 * tw.value, alpha=int(255 * (1 - tw.t)))
        self.falling = [(f, tw) for f, tw in self.falling if not tw.done]
        if self.drag is not None:
            cell = self.drag[0]
            dest = self._snap(cell, self.drag_x)
            if dest is not None and dest != cell:
                gx = rl.x_of(dest) if dest else rl.end_x + rl.cell * 0.8
                draw_pawn(surface, rl, gx, alpha=90)
            draw_pawn(surface, rl, self.drag_x, lift=10, outline=theme.ACCENT)
        if self.key_target is not None and self.selected is not None and self.key_target != self.selected:
            gx = rl.x_of(self.key_target) if self.key_target else rl.end_x + rl.cell * 0.8
            draw_pawn(surface, rl, gx, alpha=110, outline=theme.GOOD)
        if self.show_analysis:
            self._draw_analysis(surface)
        else:
            self._draw_play_help(surface)

    def _arrow(self, surface: pygame.Surface, move: PionsMove, colour: tuple[int, int, int],
               width: int) -> None:
        rl = self.ruler
        x0 = rl.x_of(move.frm)
        x1 = rl.x_of(move.to) if move.to else rl.end_x + rl.cell * 0.8
        y = rl.y - rl.cell * 1.35
        pygame.draw.line(surface, colour, (x0, y), (x1, y), width)
        pygame.draw.line(surface, colour, (x0, y - 6), (x0, y + 6), width)
        pygame.draw.polygon(surface, colour, [(x1, y), (x1 - 10, y - 6), (x1 - 10, y + 6)])

    def _draw_analysis(self, surface: pygame.Surface) -> None:
        a = self.analysis()
        box = pygame.Rect(BOARD_AREA.x + 20, BOARD_AREA.y + 290, BOARD_AREA.width - 40, 390)
        theme.panel(surface, box, theme.PANEL)
        x, y = box.x + 20, box.y + 14
        theme.blit_text(surface, "Analysis", (x, y), 22, theme.ACCENT, True)
        rule = "misère rule" if a.variant == "misere" else "normal rule"
        theme.blit_text(surface, rule, (box.right - 20, y + 4), 16, theme.TEXT_DIM, anchor="topright")
        y += 36
        theme.blit_text(surface, "L (occupied cells, far side first):", (x, y), 17, theme.TEXT_DIM)
        theme.blit_text(surface, ", ".join(map(str, a.cells)) or "—", (x + 300, y), 17, theme.TEXT)
        y += 30
        theme.blit_text(surface, "D (pairs from the far side; a lone last pawn counts its cell):",
                        (x, y), 17, theme.TEXT_DIM)
        y += 28
        col = [x + 10, x + 230, x + 330]
        f = theme.mono(18)
        for h in a.heaps[:8]:
            theme.blit_text(surface, h.formula, (col[0], y), 17, theme.TEXT)
            theme.blit_text(surface, str(h.value), (col[1], y), 17, theme.TEXT)
            surface.blit(f.render(h.binary, True, theme.GOOD if h.lone else theme.TEXT), (col[2], y))
            y += 25
        if len(a.heaps) > 8:
            theme.blit_text(surface, f"… {len(a.heaps) - 8} more", (col[0], y), 15, theme.TEXT_DIM)
            y += 22
        pygame.draw.line(surface, theme.LINE, (col[0], y + 2), (col[2] + 120, y + 2))
        y += 8
        theme.blit_text(surface, "nim-sum (XOR)", (col[0], y), 17, theme.ACCENT, True)
        theme.blit_text(surface, str(a.nim_sum), (col[1], y), 17, theme.ACCENT, True)
        surface.blit(f.render(a.nim_sum_binary, True, theme.ACCENT), (col[2], y))
        # verdict on the right
        vx = box.x + 520
        vy = box.y + 100
        verdict = "The player to move wins" if a.mover_wins else "The player to move loses"
        theme.blit_text(surface, verdict, (vx, vy), 20, theme.GOOD if a.mover_wins else theme.BAD,
                        True)
        vy += 34
        if a.winning_notation and self.revealed != self.state.key():
            theme.blit_text(surface, "Look for the winning move yourself,", (vx, vy), 17,
                            theme.TEXT_DIM)
            theme.blit_text(surface, "or press W to see it.", (vx, vy + 24), 17, theme.TEXT_DIM)
            vy += 60
        elif a.winning_notation:
            theme.blit_text(surface, "Winning move" + ("s" if len(a.winning_notation) > 1 else "")
                            + ":", (vx, vy), 17, theme.TEXT_DIM)
            theme.blit_text(surface, ", ".join(a.winning_notation), (vx, vy + 24), 20, theme.GOOD,
                            True)
            vy += 60
        note = a.note if self.revealed == self.state.key() else a.note_unsolved
        for line in theme.wrap(note, 16, box.right - vx - 20)[:8]:
            theme.blit_text(surface, line, (vx, vy), 16, theme.TEXT)
            vy += 22

    def _draw_play_help(self, surface: pygame.Surface) -> None:
        lines = [
            "Drag a pawn to the right: it stops only on free cells before the next pawn.",
            "Drag the pawn nearest the end past the end (or press X) to remove it.",
            "Keyboard: Tab or Up/Down choose a pawn, Left/Right choose a cell, Enter plays.",
            "A analysis · W its winning move · N numbers · E edit · H hint · Ctrl+Z undo",
        ]
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (BOARD_AREA.x + 30, BOARD_AREA.y + 320 + 30 * i), 18,
                            theme.TEXT_DIM)

    def _draw_edit_help(self, surface: pygame.Surface) -> None:
        lines = [
            "Click an empty cell to place a pawn, click a pawn to take it away.",
            "−/+ change the ruler length · R random · C clear",
            "Then start with the first or the second player to move.",
        ]
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, (BOARD_AREA.x + 30, BOARD_AREA.y + 360 + 30 * i), 18,
                            theme.TEXT)
        a = analyse(self.pions_rules, R.set_to_move(self.edit_state, 0))
        verdict = ("the player to move first would win" if a.mover_wins else
                   "the player to move first would lose")
        theme.blit_text(surface, f"D = {', '.join(str(h.value) for h in a.heaps) or '—'} · nim-sum "
                        f"{a.nim_sum}: {verdict}", (BOARD_AREA.x + 30, BOARD_AREA.y + 470), 18,
                        theme.ACCENT)

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        """A position: one ruler where it fits with readable cells (the menu card), else the
        ruler folded into rows read like lines of text, every cell numbered, as the rules
        text refers to cells by number."""
        state = R.parse_position(position)
        area = pygame.Rect(rect).inflate(-10, -10)
        rl = Ruler.fit(area, state.length, area.centery + 6)
        if rl.cell >= 26 or area.height < 4 * DIAGRAM_CELL:
            draw_ruler(surface, rl, numbers=rl.cell >= 14)
            for c in state.cells:
                draw_pawn(surface, rl, rl.x_of(c))
            return
        n = state.length
        per = max(1, int((area.width - 40) // DIAGRAM_CELL))
        rows = math.ceil(n / per)
        per = math.ceil(n / rows)  # even rows
        cell = min(48.0, (area.width - 40) / per)
        row_h = min(area.height / rows, cell * 3.2)
        top = area.centery - row_h * rows / 2
        for k in range(rows):
            hi = n - k * per
            lo = max(1, hi - per + 1)
            y = top + row_h * (k + 0.45)
            # each row is a piece of the same ruler: cell `lo` sits where cell 1 would
            end_x = area.x + 8 + per * cell
            seg = Ruler(end_x - hi * cell + (lo - 1) * cell, end_x, y, cell, hi)
            _paint_row(surface, seg, lo, last=lo == 1)
            for c in state.cells:
                if lo <= c <= hi:
                    draw_pawn(surface, seg, seg.x_of(c - lo + 1))

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        cls.draw_diagram(surf, surf.get_rect().inflate(-8, 0), cls.registry_entry(), "6:6,5,3,1")
        return surf
