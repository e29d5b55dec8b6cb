"""The Jeu de pions screen: a wooden ruler, pawns dragged toward the end, edit mode, analysis panel.

Everything the screen shows about the game comes from the rules (legal cells, removal) and from
`analysis.analyse` (L, D, nim-sum, winning moves). This module composes the screen's parts:
`view` (the ruler's geometry), `sprites` (pawn, ruler, arrows, diagrams), `input` (drags and
keys as a pygame-free controller) and `panels` (the analysis and the help under the ruler); it
lays them out and animates the moves.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.engine.match import Match
from game.games.pions import rules as R
from game.games.pions.analysis import Analysis, analyse
from game.games.pions.input import Action, Key, PawnInput
from game.games.pions.panel import draw_analysis, draw_edit_help, draw_play_help
from game.games.pions.rules import PionsMove, PionsState
from game.games.pions.sprites import (
    draw_move_arrow,
    draw_pawn,
    draw_position,
    draw_position_move,
    draw_ruler,
)
from game.games.pions.view import Ruler
from game.i18n import N_, _, ngettext
from game.scenes.match_base import BOARD_AREA, MatchScene, open_match
from game.ui import theme
from game.ui.tween import Tween, ease_in, ease_in_out, lerp
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.scenes.base import Host

RULER_Y = BOARD_AREA.y + 150  # centre line of the ruler
KEYS = {pygame.K_TAB: Key.NEXT, pygame.K_DOWN: Key.NEXT, pygame.K_UP: Key.PREVIOUS,
        pygame.K_RIGHT: Key.NEARER, pygame.K_LEFT: Key.FARTHER, pygame.K_RETURN: Key.CHOOSE,
        pygame.K_KP_ENTER: Key.CHOOSE, pygame.K_SPACE: Key.CHOOSE}


class PionsScene(MatchScene):
    """Play, edit and analyse positions of the Jeu de pions."""

    title = N_("Jeu de pions")
    #: The last pawn's fall already shows the end: the results follow at once.
    result_delay = 0.15

    def __init__(self, app: Host, match: Match, edit: bool = False, analysis: bool = False,
                 reveal: bool = False) -> None:
        """`analysis` opens the analysis panel and `reveal` shows its winning moves (tools)."""
        super().__init__(app, match)
        self.pions_rules: R.PionsRules = match.rules
        self.ruler = Ruler.fit(BOARD_AREA, self.state.length, RULER_Y)
        self.input = PawnInput(self.pions_rules)
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
        self.remove_btn = button(self.ui, (x, y, 220, 40), _("Remove nearest (X)"),
                                 _("Take away the pawn nearest the end"))
        self.analysis_btn = button(self.ui, (x + 230, y, 170, 40), _("Analysis (A)"),
                                   _("Show or hide the nim analysis"))
        self.numbers_btn = button(self.ui, (x + 410, y, 170, 40), _("Numbers (N)"),
                                  _("Number the cells from the end"))
        self.edit_btn = button(self.ui, (x + 590, y, 250, 40), _("Edit position (E)"),
                               _("Place and remove pawns, then start from there"))
        # edit-mode controls
        self.len_minus = button(self.ui, (x, y, 44, 40), "-", _("Shorter ruler (-)"))
        self.len_plus = button(self.ui, (x + 150, y, 44, 40), "+", _("Longer ruler (+)"))
        self.random_btn = button(self.ui, (x + 210, y, 120, 40), _("Random (R)"))
        self.clear_btn = button(self.ui, (x + 340, y, 110, 40), _("Clear (C)"))
        self.cancel_edit_btn = button(self.ui, (x + 560, y, 280, 40), _("Cancel edit (Esc)"))
        self.start1_btn = button(self.ui, (x, y + 52, 410, 44), _("Start: first player to move"),
                                 object_id="#primary")
        self.start2_btn = button(self.ui, (x + 430, y + 52, 410, 44),
                                 _("Start: second player to move"), object_id="#primary")
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

    # -- the pawn held or chosen (kept by the input controller) ----------------------------
    @property
    def drag(self) -> tuple[int, float] | None:
        return self.input.drag

    @property
    def drag_x(self) -> float:
        return self.input.drag_x

    @property
    def selected(self) -> int | None:
        return self.input.selected

    @property
    def key_target(self) -> int | None:
        return self.input.key_target

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
        self.app.toast(_("Edit: click a cell to place or take away a pawn."), "info", 4)

    def leave_edit(self) -> None:
        self.editing = False
        self._show_mode()

    def edit_length(self, delta: int) -> None:
        n = self.edit_state.length + delta
        if not R.MIN_LENGTH <= n <= R.MAX_LENGTH:
            self.refuse(_("A ruler has {low} to {high} cells.").format(low=R.MIN_LENGTH,
                                                                       high=R.MAX_LENGTH))
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
            self.refuse(_("Place at least one pawn before starting."))
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
        return self.input.targets(self.state, cell)

    def remove_nearest(self) -> None:
        near = self.state.nearest
        if near is None:
            self.refuse(_("The ruler is empty."))
            return
        if not self.human_to_move:
            self.refuse(_("Wait for your turn."))
            return
        self.submit(PionsMove(near, R.REMOVE))

    def clear_selection(self) -> None:
        self.input.clear()

    def board_event(self, event: pygame.event.Event) -> None:
        if self.editing:
            self._edit_event(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._act(self.input.press(self.state, self.ruler, event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self.input.motion(event.pos[0])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._act(self.input.release(self.state, self.ruler))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _act(self, action: Action) -> None:
        """What the screen does for each thing the input controller reports."""
        if action.kind in ("picked", "selected"):
            self.app.sounds.play("click")
        elif action.kind == "refused":
            self.refuse(action.reason)
        elif action.kind == "submit" and action.move is not None:
            self.submit(action.move)

    def _key(self, event: pygame.event.Event) -> None:
        commands = {pygame.K_a: self.toggle_analysis, pygame.K_w: self.reveal_winning,
                    pygame.K_n: self.toggle_numbers, pygame.K_e: self.enter_edit,
                    pygame.K_x: self.remove_nearest, pygame.K_DELETE: self.remove_nearest}
        command = commands.get(event.key)
        if command is not None:
            command()
            return
        key = KEYS.get(event.key)
        if key is Key.NEXT and event.mod & pygame.KMOD_SHIFT:
            key = Key.PREVIOUS
        if key is not None:
            self._act(self.input.key(self.state, key))

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
        for _attempt in range(3):
            if not self.tweens.busy():
                break
            self.tweens.finish_all()
        self.sync()

    def back(self) -> None:
        if self.editing and self.modal is None:
            self.leave_edit()
            return
        super().back()

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
        self.app.toast(_("Try {move}").format(move=self.move_text(move)), "good", 3)

    # -- drawing ----------------------------------------------------------------------------
    def analysis(self) -> Analysis:
        key = (self.pions_rules.variant, self.state.key())
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, analyse(self.pions_rules, self.state))
        return self._analysis[1]

    def side_info(self, side: int) -> str:
        return _("moves first") if side == 0 else _("moves second")

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        r = 13
        pygame.draw.circle(surface, theme.SIDE_COLOURS[side], centre, r)
        theme.blit_text(surface, str(side + 1), centre, 16, theme.BG_DEEP, True, "center")

    def draw_board(self, surface: pygame.Surface) -> None:
        state = self.edit_state if self.editing else self.state
        rl = self.ruler
        title = (_("Edit the position") if self.editing else
                 (_("Misère: whoever removes the last pawn loses") if self.pions_rules.misere
                  else _("Whoever removes the last pawn wins")))
        theme.blit_text(surface, title, (BOARD_AREA.x + 24, BOARD_AREA.y + 18), 20, theme.TEXT_DIM)
        if not self.editing:
            count = ngettext("{n} pawn on the ruler · {removed} removed",
                             "{n} pawns on the ruler · {removed} removed",
                             len(state.cells)).format(n=len(state.cells), removed=self.removed)
            # beside the title when both fit, else on the line under it, flush left like the
            # title: on the right it would meet the "end" label over a short ruler's end
            side_by_side = (theme.font(20).size(title)[0] + theme.font(18).size(count)[0] + 32
                            <= BOARD_AREA.width - 48)
            if side_by_side:
                theme.blit_text(surface, count, (BOARD_AREA.right - 24, BOARD_AREA.y + 18),
                                18, theme.TEXT_DIM, anchor="topright")
            else:
                theme.blit_text(surface, count, (BOARD_AREA.x + 24, BOARD_AREA.y + 46),
                                18, theme.TEXT_DIM)
        draw_ruler(surface, rl, self.numbers)
        theme.blit_text(surface, _("end"), (rl.end_x + 8, rl.y - rl.cell * 1.1), 14, theme.ACCENT,
                        anchor="midbottom")
        if self.editing:
            for c in state.cells:
                draw_pawn(surface, rl, rl.x_of(c))
            cells = ngettext("{n} cell", "{n} cells", state.length).format(n=state.length)
            theme.blit_text(surface, cells, (BOARD_AREA.x + 95, BOARD_AREA.y + 256), 18,
                            theme.TEXT, anchor="midleft")
            draw_edit_help(surface, self.pions_rules, self.edit_state)
            return
        hl = self.app.settings.show_legal and self.human_to_move
        # legal targets of the pawn being dragged or selected
        focus = self.input.focus
        if hl and focus is not None and focus in state.cells and not self.animating:
            for t in self.targets(focus):
                x = rl.x_of(t) if t else rl.end_x + rl.cell * 0.6
                pygame.draw.circle(surface, theme.GOOD, (int(x), int(rl.y)), max(4, int(rl.cell * 0.16)))
        if (self.show_analysis and self.revealed == self.state.key() and self.human_to_move
                and not self.animating):
            for m in self.analysis().winning_moves:
                draw_move_arrow(surface, rl, m, theme.GOOD, 2)
        if self.hint_move is not None and not self.animating:
            draw_move_arrow(surface, rl, self.hint_move, theme.ACCENT, 4)
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
            hinted = self.hint_start is not None and self.hint_move is None and \
                c == self.hint_start.frm  # a puzzle's first hint: the pawn, not its move
            outline = theme.ACCENT if c == self.selected or hinted else None
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
            dest = self.input.snap(self.state, rl, cell, self.drag_x)
            if dest is not None and dest != cell:
                gx = rl.x_of(dest) if dest else rl.end_x + rl.cell * 0.8
                draw_pawn(surface, rl, gx, alpha=90)
            draw_pawn(surface, rl, self.drag_x, lift=10, outline=theme.ACCENT)
        if self.key_target is not None and self.selected is not None and self.key_target != self.selected:
            gx = rl.x_of(self.key_target) if self.key_target else rl.end_x + rl.cell * 0.8
            draw_pawn(surface, rl, gx, alpha=110, outline=theme.GOOD)
        if self.show_analysis:
            draw_analysis(surface, self.analysis(), self.revealed == self.state.key())
        else:
            draw_play_help(surface)

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        """A position: one ruler where it fits with readable cells (the menu card), else the
        ruler folded into rows read like lines of text, every cell numbered, as the rules
        text refers to cells by number."""
        draw_position(surface, rect, position)

    @classmethod
    def draw_diagram_move(cls, surface: pygame.Surface, rect: pygame.Rect,
                          entry: registry.GameEntry, position: str, move: str) -> None:
        """A move (file notation) over `draw_diagram`'s picture of `position` (the review's
        better move)."""
        state = R.parse_position(position)
        draw_position_move(surface, rect, position, entry.make_rules().parse_move(state, move))

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        cls.draw_diagram(surf, surf.get_rect().inflate(-8, 0), cls.registry_entry(), "6:6,5,3,1")
        return surf
