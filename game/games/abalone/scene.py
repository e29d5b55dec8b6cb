"""The Abalone screen: a wooden hexagon, glossy marbles, selection with direction arrows and push
previews, marbles rolling to their cells, ejected marbles falling into the groove, then their trays.

Everything the screen says about the game comes from the rules: which marbles form a group
(`check_selection`), which directions are legal and what each would push or eject (`previews`),
why a move is refused (`check`, through `submit`). This module composes the screen's parts:
view.py (where cells are), sprites.py (marbles, board, trays), overlays.py (arrows and
previews), input.py (gestures → moves, without pygame), effects.py (rolling and ejected
marbles) and pictures.py (diagrams, menu card).

Drawing is cheap per frame: the board and the trays are painted once per orientation; the
marbles at rest are drawn onto a copy of that only when the position changes, so a quiet frame
is one blit plus the marks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game import registry
from game.engine.match import Match
from game.games.abalone import bitboard as B
from game.games.abalone import pictures
from game.games.abalone.effects import Ejections, Roll, roll_ease, rolling
from game.games.abalone.input import HandicapChoice, Reply, SelectionController
from game.games.abalone.overlays import (
    cross,
    draw_arrows,
    draw_hint,
    draw_last_move,
    draw_start_hint,
)
from game.games.abalone.rules import AbaloneRules, AbaloneState, Move, MovePreview
from game.games.abalone.sprites import (
    KINDS,
    blit_marble,
    board_image,
    draw_marbles,
    ghost_sprite,
    kinds_of,
    marble_kind,
    paint_tray,
    tray_count,
    warm_sprites,
)
from game.games.abalone.starts import cell_name
from game.games.abalone.view import (
    CELL,
    MOVE_TIME,
    HexLayout,
    Point,
    pointed_direction,
    reach,
)
from game.i18n import N_, _, ngettext
from game.scenes.match_base import BOARD_AREA, SIDE, STATUS, MatchScene, open_match
from game.ui import marks, theme
from game.ui.widgets import button, draw_status

if TYPE_CHECKING:
    from game.scenes.base import Host

COLOUR_NAMES = (N_("Black"), N_("White"))
CENTRE = (BOARD_AREA.centerx, BOARD_AREA.y + 334)  # the board's centre on the match screen

# Direction keys, by screen direction (0 = right, then counter-clockwise like board.DIR_NAMES).
DIRECTION_KEYS: dict[int, int] = {
    pygame.K_d: 0, pygame.K_e: 1, pygame.K_q: 2, pygame.K_a: 3, pygame.K_z: 4, pygame.K_c: 5,
    pygame.K_KP6: 0, pygame.K_KP9: 1, pygame.K_KP7: 2, pygame.K_KP4: 3, pygame.K_KP1: 4,
    pygame.K_KP3: 5,
}
#: The cursor's arrow keys, as screen directions to try in turn (up and down zigzag).
CURSOR_KEYS: dict[int, tuple[int, ...]] = {pygame.K_RIGHT: (0,), pygame.K_LEFT: (3,),
                                           pygame.K_UP: (2, 1), pygame.K_DOWN: (5, 4)}
LEGEND = (N_("Click or drag along a line to pick 1–3 marbles, then click an arrow or a hole."),
          N_("Move with Q E A D Z C or numpad 7 9 4 6 1 3 · arrows + Space pick · right-click "
             "clears"))


class AbaloneScene(MatchScene):
    """Play Abalone: pick marbles, choose a direction, watch pushes and ejections."""

    title = N_("Abalone")

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app, match)
        self.ab: AbaloneRules = match.rules
        self.one_colour = self.ab.one_colour_display
        self.view_flipped = self.flipped
        self.layout = HexLayout(CENTRE[0], CENTRE[1], CELL, self.view_flipped)
        self.effects = Ejections(CENTRE, CELL, BOARD_AREA)
        self.trays = self.effects.trays
        self.physics = self.effects.physics
        self.tray_radius = self.effects.tray_radius
        self.radius = self.effects.radius
        self.input = SelectionController(self.ab)
        self.mouse: Point | None = None
        self.roll: Roll | None = None  # the move being animated
        self._backgrounds: dict[tuple[bool, bool], pygame.Surface] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        self._physics_in_layer = False
        #: Handicap editing (before the first move): the marbles to take away, else None.
        self.handicap: HandicapChoice | None = None
        self._full: AbaloneState | None = None
        self.handicap_btn = button(self.ui, (SIDE.x, SIDE.y + 692, SIDE.width, 40),
                                   _("Handicap: take marbles away…"),
                                   _("Before the first move: click marbles to remove them"))
        self.extra_buttons[self.handicap_btn] = self.toggle_handicap
        self._handicap_shown = True
        self._show_handicap_button()
        warm_sprites(self.one_colour, self.radius, self.tray_radius)  # not on the first ejection
        self.sync()
        # The board is painted now, not on the first frame; both ways up if hot-seat flips it.
        coords = app.settings.show_coordinates
        self._background_for(self.layout.flipped, coords)
        humans = sum(1 for p in match.players if p.kind == "human")
        if humans == 2 and app.settings.flip_board:
            self._background_for(not self.layout.flipped, coords)

    # -- the input controller's state, as the rest of the screen reads it ----------------------------
    @property
    def selection(self) -> list[int]:
        return self.input.selection

    @selection.setter
    def selection(self, cells: list[int]) -> None:
        self.input.selection = cells

    @property
    def cursor(self) -> int | None:
        return self.input.cursor

    @property
    def removing(self) -> set[int] | None:
        return None if self.handicap is None else self.handicap.removing

    @property
    def anim_state(self) -> AbaloneState | None:
        return None if self.roll is None else self.roll.before

    @property
    def position(self) -> AbaloneState:
        """The board position the player is picking marbles on (the two-board game's scene
        answers with the board to move)."""
        return self.state

    def board_move(self, move: Move) -> Any:
        """The match's move for a move on the board being played (the two-board game names
        the board)."""
        return move

    # -- hooks -----------------------------------------------------------------------------------
    def sync(self) -> None:
        """Marbles in their holes, the right number in each tray, nothing moving."""
        self.roll = None
        self.effects.sync(self.state)
        self.view_flipped = self.flipped
        self.layout = HexLayout(CENTRE[0], CENTRE[1], CELL, self.view_flipped)

    def clear_selection(self) -> None:
        self.input.clear()

    def animate(self, before: Any, move: Any, after: Any) -> None:
        preview = self.ab.preview(before, move)
        self.selection = []
        if preview is None or self.app.settings.animation_speed <= 0:
            self.sync()
            return
        self.effects.sync(before)
        marbles, hidden = rolling(preview, kinds_of(before, self.one_colour))
        tween = self.tweens.add(MOVE_TIME, roll_ease, tag="move", on_done=self._landed)
        self.roll = Roll(before, marbles, hidden, tween)
        self.app.sounds.play("slide")
        self.effects.launch(preview, self.layout, CELL / MOVE_TIME * 1.25)

    def _landed(self) -> None:
        self.roll = None
        self.app.sounds.play("place", 0.6)

    @property
    def animating(self) -> bool:
        # The computer (and the player) wait while a marble still crosses the field; the
        # results wait for the last marble to reach its tray.
        return (self.tweens.busy() or self.physics.on_board()
                or (self.match.outcome is not None and self.physics.busy()))

    def in_motion(self) -> bool:
        """Marbles rolling to the trays and a breathing selection."""
        return bool(super().in_motion() or self.physics.busy() or self.selection)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._show_handicap_button()
        speed = self.app.settings.animation_speed
        for name, volume in self.effects.advance(dt * (speed if speed > 0 else 8.0)):
            self.app.sounds.play(name, volume)
        if not self.animating and self.view_flipped != self.flipped:
            self.view_flipped = self.flipped
            self.layout = HexLayout(CENTRE[0], CENTRE[1], CELL, self.view_flipped)

    def show_hint(self, move: Any) -> None:
        super().show_hint(move)
        self.selection = list(move.cells)
        self.app.toast(_("Try {move}").format(move=self.move_text(move)), "good", 3)

    def ask_hint(self) -> None:
        if not getattr(self.match.rules, "hints_allowed", True):
            self.refuse(_("No hints in the team game: partners may not consult."))
            return
        super().ask_hint()

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        if not getattr(self.match.rules, "hints_allowed", True):
            states[self.hint_btn] = False
        return states

    def side_info(self, side: int) -> str:
        need = self.ab.need[side]
        # like the trays' counters, it moves when the marble lands, not when it is pushed off
        shown = min(self.ab.ejected_by(self.state, side), self.physics.arrived(1 - side))
        text = ngettext("{n} marble ejected of {need}", "{n} marbles ejected of {need}",
                        shown).format(n=shown, need=need)

        if self.ab.teams:  # §7.9: B1, W1, B2, W2 — which partner plays this team's next turn
            text = _("{player} plays next · {text}").format(
                player=self.ab.next_player_of(self.state, side), text=text)
        return text

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        blit_marble(surface, ("black", "white")[side % 2], centre, 13)

    def status_text(self) -> tuple[str, str]:
        if self.handicap is not None:
            nb, nw = self.handicap.counts()
            return (_("Handicap: click marbles to take them away"),
                    _("{black} black, {white} white · Enter starts · Esc cancels").format(
                        black=nb, white=nw))
        left, right = super().status_text()
        m = self.match
        if m.outcome is None and m.current_spec.kind == "human":
            who = self.ab.player_name(self.state)
            left = _("{player} to move").format(player=who)
            if self.ab.multi_move:
                right = self.ab.turn_stage(self.state)
            elif self.selection:
                right = _("picked {cells}").format(
                    cells=" ".join(cell_name(c) for c in sorted(self.selection)))
            else:
                right = _("pick 1–3 marbles, then a direction")
        return left, right

    def draw_status(self, surface: pygame.Surface) -> None:
        left, right = self.status_text()
        side = self.state.to_move if self.match.outcome is None else self.match.outcome.winner
        colour = KINDS[("black", "white")[side]][0] if side is not None else None
        draw_status(surface, STATUS, left, right, theme.TEXT, colour)
        if side is not None:
            blit_marble(surface, ("black", "white")[side], (STATUS.x + 26, STATUS.centery), 11)

    # -- handicap: marbles taken away by hand before the first move (rules §7.2) ---------------
    def _can_edit_handicap(self) -> bool:
        m = self.match
        return (not m.moves and m.start is None and m.outcome is None and self.human_to_move
                and self.modal is None)

    def _show_handicap_button(self) -> None:
        show = self._can_edit_handicap() or self.handicap is not None
        if show != self._handicap_shown:
            self._handicap_shown = show
            if show:
                self.handicap_btn.show()
            else:
                self.handicap_btn.hide()

    def _full_start(self) -> AbaloneState:
        """This game's start before any handicap is taken off (built once)."""
        if self._full is None:
            options = {**self.match.options, "handicap_cells": [], "handicap_black": 0,
                       "handicap_white": 0}
            rules = cast(AbaloneRules, self.entry.make_rules(self.match.variant, options))
            self._full = rules.initial_state()
        return self._full

    def toggle_handicap(self) -> None:
        """The handicap button: start choosing marbles, or start the game without them."""
        if self.handicap is None:
            if not self._can_edit_handicap():
                self.refuse(_("A handicap is set before the first move."))
                return
            full = self._full_start()
            now = self.state.black | self.state.white
            self.handicap = HandicapChoice(full, set(B.bits((full.black | full.white) & ~now)))
            self.clear_selection()
            self.handicap_btn.set_text(_("Start with this handicap (Enter)"))
            self.app.toast(_("Click marbles to take them away; click again to put them back."),
                           "info", 4)
            return
        self.apply_handicap()

    def apply_handicap(self) -> None:
        m = self.match
        names = sorted(cell_name(c) for c in self.removing or ())
        options = {**m.options, "handicap_cells": names}
        try:
            fresh = Match(m.entry, m.variant, options, m.players)
        except ValueError as exc:
            self.refuse(str(exc))
            return
        self.app.sounds.play("click")
        open_match(self.app, fresh, replace=True)

    def cancel_handicap(self) -> None:
        self.handicap = None
        self.handicap_btn.set_text(_("Handicap: take marbles away…"))

    def _handicap_event(self, event: pygame.event.Event) -> None:
        assert self.handicap is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sound = self.handicap.toggle(self.layout.cell_at(event.pos))
            if sound is not None:
                self.app.sounds.play(sound)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.apply_handicap()

    def process_event(self, event: pygame.event.Event) -> None:
        if self.handicap is not None and self.modal is None:
            self._handicap_event(event)
            return
        super().process_event(event)

    def back(self) -> None:
        if self.handicap is not None and self.modal is None:
            self.cancel_handicap()
            return
        super().back()

    # -- input: pixels and keys to cells and directions, for the controller -------------------------
    def previews(self) -> dict[int, MovePreview]:
        """The legal directions of the current selection with what each does (cached)."""
        return self.input.previews(self.position)

    def candidates(self) -> list[int]:
        """Directions shown as arrows: the legal ones, or all six when legal moves are hidden."""
        return self.input.candidates(self.position, self.app.settings.show_legal)

    def direction_at(self, pos: Point) -> int | None:
        """The direction a click or hover at `pos` means: an arrow, or a target hole."""
        if not self.selection:
            return None
        arrow = pointed_direction(self.layout, self.selection, self.candidates(), pos)
        if arrow is not None:
            return arrow
        cell = self.layout.cell_at(pos)
        if cell is None:
            return None
        return self.input.target_direction(
            self.position, cell, lambda dirs: reach(self.layout, self.selection, dirs, pos))

    def _reply(self, reply: Reply) -> None:
        """Do what the controller asks: a sound, a refusal, a move for the rules."""
        if reply.sound is not None:
            self.app.sounds.play(*reply.sound)
        if reply.refusal is not None:
            self.refuse(reply.refusal)
        if reply.move is not None and self.submit(self.board_move(reply.move)):
            self.clear_selection()

    def move_in(self, direction: int) -> None:
        """Play the selection in board `direction` (refused with the reason if illegal)."""
        self._reply(self.input.move(direction))

    def board_event(self, event: pygame.event.Event) -> None:
        state = self.position
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.input.drag_from is not None and event.buttons and event.buttons[0]:
                self._reply(self.input.drag_to(state, self.layout.cell_at(event.pos)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            di = self.direction_at(event.pos)
            if di is not None:
                self.move_in(di)
            else:
                self._reply(self.input.press(state, self.layout.cell_at(event.pos)))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._reply(self.input.release(state))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in DIRECTION_KEYS:
            self.move_in(self.layout.board_direction(DIRECTION_KEYS[event.key]))
        elif event.key in CURSOR_KEYS:
            self.input.step_cursor([self.layout.board_direction(d) for d in CURSOR_KEYS[event.key]])
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._reply(self.input.pick_at_cursor(self.position))
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.clear_selection()

    # -- drawing -----------------------------------------------------------------------------------
    def paint_background(self, surface: pygame.Surface) -> None:
        self._paint(surface, self.layout.flipped, self.app.settings.show_coordinates)

    def _background_for(self, flipped: bool, coords: bool) -> pygame.Surface:
        """The unchanging picture for one orientation, painted once."""
        bg = self._backgrounds.get((flipped, coords))
        if bg is None:
            bg = pygame.Surface(theme.SIZE).convert()
            self._paint(bg, flipped, coords)
            self._backgrounds[(flipped, coords)] = bg
        return bg

    def _paint(self, surface: pygame.Surface, flipped: bool, coords: bool) -> None:
        super().paint_background(surface)
        for tray in self.trays:
            paint_tray(surface, tray)
        img = board_image(CELL, flipped, coords, pictures.mask_set(self.ab.geo.obstacles),
                          pictures.mask_set(self.ab.geo.holes))
        surface.blit(img, img.get_rect(center=CENTRE))
        for i, line in enumerate(LEGEND):
            theme.blit_text(surface, _(line),
                            (BOARD_AREA.centerx, BOARD_AREA.bottom - 50 + 24 * i),

                            15, theme.TEXT_DIM, anchor="midtop")

    def draw(self, surface: pygame.Surface) -> None:
        """The base blits `_background` and calls draw_board: here the background is a layer
        with the board, the marbles at rest and the settled trays, redrawn only when one of them
        changes, so a quiet frame costs one blit plus the marks."""
        key = (self.layout.flipped, self.app.settings.show_coordinates)
        bg = self._background_for(*key)
        roll = self.roll
        state: AbaloneState = roll.before if roll is not None else self.state
        if self.handicap is not None:
            state = self.handicap.state()
        settled = self.physics.settled()
        layer_key = (key, state.key(), frozenset(roll.hidden) if roll is not None else None,
                     (self.physics.arrived(0), self.physics.arrived(1)),
                     self.physics.snapshot() if settled else None,
                     None if roll is not None or not self.match.moves else len(self.match.moves),
                     None if self.removing is None else frozenset(self.removing))
        if self._layer is None or self._layer_key != layer_key:
            if self._layer is None:
                self._layer = pygame.Surface(theme.SIZE).convert()
            self._layer.blit(bg, (0, 0))
            self._draw_trays_text(self._layer)
            if roll is None:
                self._draw_last_move(self._layer)
            draw_marbles(self._layer, self.layout, state, self.one_colour, self.radius,
                         roll.hidden if roll is not None else ())
            if settled:
                self.effects.draw(self._layer, self.one_colour)
            self._layer_key = layer_key
        self._physics_in_layer = settled
        self._background = self._layer
        super().draw(surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self.roll is not None:
            self.roll.draw(surface, lay, self.radius)
        if not self._physics_in_layer:
            self.effects.draw(surface, self.one_colour)
        if self.handicap is not None:
            for cell in self.handicap.removing:
                p = lay.pixel(cell)
                kind = marble_kind(self.handicap.colour_of(cell), self.one_colour)
                img = ghost_sprite(kind, round(self.radius))
                surface.blit(img, img.get_rect(center=(round(p[0]), round(p[1]))))
                cross(surface, p, self.radius * 0.45, 4)
            return
        if self.roll is None and self.human_to_move:
            self._draw_selection(surface)
        if self.hint_move is not None and self.roll is None:
            self._draw_hint(surface)
        elif self.hint_start is not None and self.roll is None:
            draw_start_hint(surface, self.layout, self.hint_start, self.radius, self.t)
        if self.cursor is not None and self.human_to_move:
            p = lay.pixel(self.cursor)
            pygame.draw.circle(surface, theme.TEXT, p, self.radius + 6, 2)

    def _draw_trays_text(self, surface: pygame.Surface) -> None:
        for colour, tray in enumerate(self.trays):
            # the count moves when the marble lands in the tray, not when it is pushed off
            shown = min(self.state.lost[colour], self.physics.arrived(colour))
            name = _(COLOUR_NAMES[colour]) if not self.one_colour else \
                (_("First"), _("Second"))[colour]
            tray_count(surface, tray, name, shown, self.ab.need[1 - colour])

    def _draw_last_move(self, surface: pygame.Surface) -> None:
        if self.match.moves:
            draw_last_move(surface, self.layout, self.state, self.match.moves[-1], self.radius)

    def _draw_selection(self, surface: pygame.Surface) -> None:
        for cell in self.selection:
            marks.selection(surface, self.layout.pixel(cell), self.radius, self.pulse())
        if self.selection:
            hover = self.direction_at(self.mouse) if self.mouse is not None else None
            draw_arrows(surface, self.layout, self.selection, self.candidates(), self.previews(),
                        hover, self.app.settings.show_legal,
                        kinds_of(self.position, self.one_colour), self.radius)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        move = self.hint_move
        if move is not None and self.ab.check(self.state, move) is None:
            draw_hint(surface, self.layout, move, self.radius, self.t)

    # -- outside a match (pictures.py) ------------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        pictures.draw_diagram(surface, rect, position)

    @classmethod
    def draw_diagram_move(cls, surface: pygame.Surface, rect: pygame.Rect,
                          entry: registry.GameEntry, position: str, move: str) -> None:
        """The review's better move over `draw_diagram`'s picture of `position`."""
        pictures.draw_diagram_move(surface, rect, position, move)

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu card: a Belgian Daisy game under way, a marble dropping into its tray."""
        return pictures.thumbnail(size)

