"""The Abalone 4×2×2 screen (rules §7.10): both boards side by side, the one to move lit and the
other dimmed, who plays next on each board written under it, each board's ejections and result.

It is the one-board screen (AbaloneScene) with two layouts: picking marbles, arrows, previews,
keys and refusals all work on the board to move exactly as in the ordinary game, and the move
sent to the rules names its board. A click on the other board says whose turn it is there. An
ejected marble rolls off its board and fades (there are no trays on this screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.match import Match
from game.games.abalone.effects import Roll, roll_ease, rolling
from game.games.abalone.input import SelectionController
from game.games.abalone.pictures import mask_set
from game.games.abalone.scene import LEGEND, AbaloneScene
from game.games.abalone.sprites import (
    blit_marble,
    board_image,
    draw_marbles,
    kinds_of,
    marble_kind,
    marble_sprite,
)
from game.games.abalone.state import AbaloneState, Move
from game.games.abalone.two_boards.rules import BOARD_NAMES, BoardMove, TwoBoardRules
from game.games.abalone.view import COMPACT_R, MARBLE, MOVE_TIME, SQ3, HexLayout, Point, hexagon
from game.i18n import N_, _
from game.scenes.match_base import BOARD_AREA, MatchScene
from game.ui import theme
from game.ui.tween import lerp2

if TYPE_CHECKING:
    from game.scenes.base import Host

CELL2 = 36  # cell spacing of each board: two compact boards fill the board area side by side
CENTRES: tuple[tuple[int, int], tuple[int, int]] = (
    (BOARD_AREA.x + BOARD_AREA.width // 4, BOARD_AREA.y + 262),
    (BOARD_AREA.x + 3 * BOARD_AREA.width // 4, BOARD_AREA.y + 262))
PHASE_TEXT = {"in-phase": N_("Four players, two boards, in phase: both boards take each turn "
                             "together"),
              "counter-phase": N_("Four players, two boards, out of phase: board Y runs a "
                                  "half-move behind X")}


class TwoBoardScene(AbaloneScene):
    """Four players, two boards: AbaloneScene's input on the board to move, both boards drawn."""

    def __init__(self, app: Host, match: Match) -> None:
        MatchScene.__init__(self, app, match)
        self.two: TwoBoardRules = match.rules
        self.ab = self.two.base
        self.one_colour = self.ab.one_colour_display
        self.radius = MARBLE * CELL2
        self.layouts = tuple(HexLayout(x, y, CELL2) for x, y in CENTRES)
        self.layout = self.layouts[0]
        self.input = SelectionController(self.ab)
        self.mouse: Point | None = None
        self.roll: Roll | None = None
        self.roll_board = 0
        self.leaving: tuple[str, Point, Point] | None = None  # an ejected marble rolling off
        self.handicap = None
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        for kind in ("black", "white", "pivot", "plain"):
            marble_sprite(kind, round(self.radius))
        self.sync()

    # -- the board being played --------------------------------------------------------------
    @property
    def flipped(self) -> bool:
        return False  # four players round two boards: the boards stay as they are

    @property
    def position(self) -> AbaloneState:
        return self.state.current

    def board_move(self, move: Move) -> BoardMove:
        return BoardMove(self.state.board, move)

    def _can_edit_handicap(self) -> bool:
        return False

    def _show_handicap_button(self) -> None:
        pass

    def sync(self) -> None:
        self.roll = None
        self.leaving = None
        self.layout = self.layouts[self.state.board]

    def animate(self, before: Any, move: Any, after: Any) -> None:
        board = move.board
        preview = self.ab.preview(before.boards[board], move.move)
        self.selection = []
        if preview is None or self.app.settings.animation_speed <= 0:
            self.sync()
            return
        lay = self.layouts[board]
        kinds = kinds_of(before.boards[board], self.one_colour)
        marbles, hidden = rolling(preview, kinds)
        tween = self.tweens.add(MOVE_TIME, roll_ease, tag="move", on_done=self._landed)
        self.roll = Roll(before.boards[board], marbles, hidden, tween)
        self.roll_board = board
        if preview.ejected is not None:
            ux, uy = lay.unit(preview.direction)
            start = lay.pixel(preview.ejected)
            end = (start[0] + ux * CELL2 * 1.6, start[1] + uy * CELL2 * 1.6)
            self.leaving = (kinds[preview.ejected], start, end)
        self.app.sounds.play("slide")

    def _landed(self) -> None:
        if self.leaving is not None:
            self.app.sounds.play("capture")
        self.sync()
        self.app.sounds.play("place", 0.6)

    @property
    def animating(self) -> bool:
        return self.tweens.busy()

    def in_motion(self) -> bool:
        return bool(MatchScene.in_motion(self) or self.selection)

    def update(self, dt: float) -> None:
        MatchScene.update(self, dt)
        if self.roll is None:
            self.layout = self.layouts[self.state.board]

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            other = 1 - self.state.board
            if self.layouts[other].cell_at(event.pos) is not None:
                self.refuse(self._elsewhere())
                return
        super().board_event(event)

    def _elsewhere(self) -> str:
        """The refusal for a click on the board not to move."""
        s = self.state
        return _("It is {player}'s turn, on board {board}.").format(
            player=self.two.player_on(s, s.board), board=BOARD_NAMES[s.board])

    # -- words -------------------------------------------------------------------------------
    def side_info(self, side: int) -> str:
        won = self.two.boards_won(self.state)[side]
        return _("boards won {won} · ejected {ejected} (X {x}, Y {y})").format(
            won=won, ejected=self.two.ejected_by(self.state, side),
            x=self.state.boards[0].lost[1 - side], y=self.state.boards[1].lost[1 - side])

    def status_text(self) -> tuple[str, str]:
        left, right = MatchScene.status_text(self)
        m = self.match
        if m.outcome is None:
            s = self.state
            left = _("{player} to move on board {board}").format(
                player=self.two.player_on(s, s.board), board=BOARD_NAMES[s.board])
            if self.selection:
                right = "picked " + " ".join(self._names(self.selection))
            elif m.current_spec.kind == "human":
                right = _("pick 1–3 marbles on the lit board")
        return left, right

    @staticmethod
    def _names(cells: list[int]) -> list[str]:
        from game.games.abalone.starts import cell_name

        return [cell_name(c) for c in sorted(cells)]

    def move_entries(self) -> tuple[list[str], bool]:
        """One move a line (the boards interleave), each with who played it: "B2 Y: c3→c2"."""
        states = self.match.states
        out = []
        for i, text in enumerate(self.move_texts()):
            who = self.two.player_on(states[i], states[i].board).split()
            out.append(f"{who[0][0]}{who[1]} {text}" if len(who) == 2 else text)
        return out, False

    # -- drawing -----------------------------------------------------------------------------
    def paint_background(self, surface: pygame.Surface) -> None:
        MatchScene.paint_background(self, surface)
        coords = self.app.settings.show_coordinates
        img = board_image(CELL2, False, coords, mask_set(self.ab.geo.obstacles),
                          mask_set(self.ab.geo.holes), groove=False)
        for i, (x, y) in enumerate(CENTRES):
            surface.blit(img, img.get_rect(center=(x, y)))
            theme.blit_text(surface, _("Board {board}").format(board=BOARD_NAMES[i]),
                            (x, BOARD_AREA.y + 14), 22,
                            theme.TEXT, True, "midtop")
        theme.blit_text(surface, _(PHASE_TEXT[self.two.phase]),
                        (BOARD_AREA.centerx, BOARD_AREA.bottom - 74), 15, theme.TEXT_DIM,
                        anchor="midtop")
        for i, line in enumerate(LEGEND):
            theme.blit_text(surface, _(line),
                            (BOARD_AREA.centerx, BOARD_AREA.bottom - 50 + 24 * i),
                            15, theme.TEXT_DIM, anchor="midtop")

    def draw(self, surface: pygame.Surface) -> None:
        """A layer with both boards' marbles at rest, the lit and dimmed boards and the words
        under them, redrawn only when the position changes; then the moving parts."""
        if self._background is None:
            self._background = pygame.Surface(theme.SIZE).convert()
            self.paint_background(self._background)
        roll = self.roll
        state = self.state
        key = (state.key(), None if roll is None else (self.roll_board, frozenset(roll.hidden)),
               self.match.outcome is not None)
        if self._layer is None or self._layer_key != key:
            if self._layer is None:
                self._layer = pygame.Surface(theme.SIZE).convert()
            self._layer.blit(self._background, (0, 0))
            for b in (0, 1):
                board_state = state.boards[b]
                hidden: Any = ()
                if roll is not None and b == self.roll_board:
                    board_state, hidden = roll.before, roll.hidden
                draw_marbles(self._layer, self.layouts[b], board_state, self.one_colour,
                             self.radius, hidden)
                self._draw_board_words(self._layer, b)
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        self.draw_board(surface)
        self.draw_side(surface)
        self.draw_status(surface)

    def _draw_board_words(self, surface: pygame.Surface, b: int) -> None:
        """Lit or dimmed board, who plays next there, its ejections, its result."""
        s = self.state
        x, y = CENTRES[b]
        rim = hexagon(x, y, (COMPACT_R + 0.18) * CELL2)
        result = self.two.board_decided(s, b)
        active = self.match.outcome is None and s.board == b and result is None
        if active:
            pygame.draw.polygon(surface, theme.ACCENT, rim, 4)
        else:
            shade = pygame.Surface(theme.SIZE, pygame.SRCALPHA)
            pygame.draw.polygon(shade, (10, 12, 18, 130), rim)
            surface.blit(shade, (0, 0))
        top = y + int(SQ3 * COMPACT_R * CELL2 / 2) + 22
        board_state = s.boards[b]
        if result is not None:
            text = _("Board {board} drawn").format(board=BOARD_NAMES[b]) \
                if result.winner is None else _("Board {board} won by {side}").format(
                    board=BOARD_NAMES[b], side=_(self.two.side_names[result.winner]))
            theme.blit_text(surface, text, (x, top), 20,
                            theme.GOOD if result.winner is not None else theme.TEXT, True,
                            "midtop")
            theme.blit_text(surface, theme.fit_text(result.reason, 14, 400), (x, top + 28), 14,
                            theme.TEXT_DIM, anchor="midtop")
        else:
            nxt = self.two.player_on(s, b)
            text = _("{player} to move").format(player=nxt) if active else \
                _("next here: {player}").format(player=nxt)
            theme.blit_text(surface, text, (x, top), 20,
                            theme.ACCENT if active else theme.TEXT_DIM, active, "midtop")
            for colour in (0, 1):
                lost = board_state.lost[colour]
                need = self.ab.need[1 - colour]
                cx = x - 100 + 200 * colour
                theme.blit_text(surface, _("{side} out {lost}/{need}").format(
                    side=(_("Black"), _("White"))[colour], lost=lost, need=need),

                                (cx, top + 30), 15, theme.TEXT_DIM, anchor="midtop")
                for k in range(lost):
                    blit_marble(surface, marble_kind(colour, self.one_colour),
                                (cx - 9 * (lost - 1) + 18 * k, top + 62), 8)

    def draw_board(self, surface: pygame.Surface) -> None:
        roll = self.roll
        if roll is not None:
            lay = self.layouts[self.roll_board]
            roll.draw(surface, lay, self.radius)
            if self.leaving is not None:
                kind, a, b = self.leaving
                t = roll.tween.value
                blit_marble(surface, kind, lerp2(a, b, t), self.radius, 1 - t)
            return
        if self.human_to_move:
            self._draw_selection(surface)
            if self.cursor is not None:
                p = self.layout.pixel(self.cursor)
                pygame.draw.circle(surface, theme.TEXT, p, self.radius + 5, 2)
