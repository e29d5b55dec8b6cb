"""The Rithmomachia screen: the 8 x 16 board on the shared piece-match scene, with the phase of the
turn, the captures open now with their arithmetic, the chosen victory, and the captured pieces
with the totals that victory counts.

Moving: select a piece and click a destination (or drag). Capturing: select one of the capturing
pieces and click the victim, or click a line of the capture list; when several captures share
that pair a chooser shows their arithmetic. E (or the button) ends phase 3. The capture under
the mouse (or the first one open) is drawn on the board: the capturers, the victim and the sum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.i18n import _, labelled
from game.scenes.match_base import BOARD_AREA
from game.scenes.piece_match import PieceMatchScene
from game.ui import theme
from game.ui.board_view import BoardView, file_letters
from game.ui.piece_game import PieceGame, PieceView
from game.ui.piece_sprites import PieceSprites, SpriteDrawer
from game.ui.trays import draw_tray, group
from game.ui.widgets import fitting_size

from .adapter import CaptureInfo, RithmoBoard, kind_of, to_view
from .captures import KIND_WORDS, Capture
from .pieces import HEIGHT, WIDTH, square_name
from .rules import DONE, DONE_TEXT, Step
from .sprites import RithmoDrawer

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.base import Host

BOARD = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, 392, BOARD_AREA.height)
PANEL_X = BOARD.right + 8
PANEL_W = BOARD_AREA.right - PANEL_X - 8
GOAL = pygame.Rect(PANEL_X, BOARD_AREA.y + 8, PANEL_W, 64)
PHASE = pygame.Rect(PANEL_X, GOAL.bottom + 8, PANEL_W, 92)
END_BTN = pygame.Rect(PHASE.right - 130, PHASE.bottom - 40, 120, 32)
LIST = pygame.Rect(PANEL_X, PHASE.bottom + 8, PANEL_W, 262)
LINE_H = 40
TRAY_TOP = LIST.bottom + 8
TRAY_RECTS = (pygame.Rect(PANEL_X, TRAY_TOP, PANEL_W // 2 - 4, BOARD_AREA.bottom - TRAY_TOP - 8),
              pygame.Rect(PANEL_X + PANEL_W // 2 + 4, TRAY_TOP, PANEL_W // 2 - 4,
                          BOARD_AREA.bottom - TRAY_TOP - 8))
#: The board's frame: wide enough for "16" beside the squares and a camp strip outside it.
CAMP_MARGIN = 32
VICTIM = (213, 94, 0)
CAPTURER = (86, 180, 233)
GOLD = (240, 196, 80)
EVENS_STRIP = (240, 232, 214)
_DIAGRAM_SPRITES: PieceSprites | None = None
ODDS_STRIP = (30, 34, 42)


class RithmomachiaScene(PieceMatchScene):
    """See the module docstring."""

    BENCH_VIEWS: dict[str, dict[str, object]] = {"zoomed": {"zoom": 2}}
    THUMB_FOCUS = (0.5, 0.2)

    @classmethod
    def make_game(cls, rules: Any) -> PieceGame:
        return RithmoBoard(rules)

    @classmethod
    def make_drawer(cls) -> SpriteDrawer:
        return RithmoDrawer()

    def __init__(self, app: Host, match: Match, **kwargs: Any) -> None:
        self.list_hover: int | None = None
        self.bubble_rect: pygame.Rect | None = None
        self._list_key: Any = None
        self._list: list[CaptureInfo] = []
        super().__init__(app, match, **kwargs)
        zoom = int(kwargs.get("zoom", 0) or 0)
        # room for two-digit rank numbers between the camp strips and the squares
        self.view = BoardView(WIDTH, HEIGHT, BOARD, file_letters(WIDTH), margin=CAMP_MARGIN)
        if zoom:
            self.view.zoom(zoom)
        self._apply_flip()

    @property
    def board(self) -> RithmoBoard:
        """The game as the board sees it, with the facts shown beside it."""
        assert isinstance(self.game, RithmoBoard)
        return self.game

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        """The rules screen's pictures: a few pieces are shown close up (the ranks around them),
        a full army on the whole board."""
        rules = entry.make_rules()
        state = rules.parse_position(position)
        game = cls.make_game(rules)
        view = cls.diagram_view(pygame.Rect(rect), game, state)
        view.draw_board(surface, True)
        global _DIAGRAM_SPRITES
        if _DIAGRAM_SPRITES is None:
            _DIAGRAM_SPRITES = PieceSprites(cls.make_drawer())
        view.draw_pieces(surface, game.pieces(state), _DIAGRAM_SPRITES)

    @classmethod
    def diagram_view(cls, rect: pygame.Rect, game: PieceGame, state: Any) -> BoardView:
        """A few pieces are shown close up (the ranks around them), a full army whole."""
        ranks = [r for _, r in game.pieces(state)]
        close = bool(ranks) and max(ranks) - min(ranks) <= 7
        view = BoardView(WIDTH, HEIGHT, rect, file_letters(WIDTH), fill=close)
        if close:
            view.set_cell((rect.width - 2 * view.margin) // WIDTH)
            view.centre_on((3, (max(ranks) + min(ranks)) // 2))
        return view

    # -- facts of the position shown ----------------------------------------------------------
    def capture_list(self) -> list[CaptureInfo]:
        key = (len(self.match.moves), id(self.state))
        if key != self._list_key:
            self._list_key = key
            self._list = self.board.capture_list(self.state)
        return self._list

    def focus(self) -> CaptureInfo | None:
        """The capture drawn on the board: under the mouse in the list, on the hovered victim,
        or the first one open."""
        caps = self.capture_list()
        if not caps:
            return None
        if self.list_hover is not None and self.list_hover < len(caps):
            return caps[self.list_hover]
        if self.hover is not None:
            for c in caps:
                if to_view(c.victim) == self.hover:
                    return c
        return caps[0]

    # -- input ----------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.list_hover = self._list_index(event.pos)
        super().process_event(event)

    def _list_index(self, pos: tuple[int, int]) -> int | None:
        if not LIST.collidepoint(pos):
            return None
        i = (pos[1] - LIST.y - 30) // LINE_H
        return i if 0 <= i < min(len(self.capture_list()), self._list_rows()) else None

    @staticmethod
    def _list_rows() -> int:
        return (LIST.height - 34) // LINE_H

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if END_BTN.collidepoint(event.pos) and self.state.phase == 3:
                self.submit(DONE)
                return
            i = self._list_index(event.pos)
            if i is not None:
                self.submit(self.capture_list()[i].move)
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_e and \
                not event.mod & pygame.KMOD_CTRL:
            if self.state.phase == 3:
                self.submit(DONE)
            else:
                self.refuse(_("The turn ends after your move and its captures."))
            return
        super().board_event(event)

    # -- moves shown -------------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> None:
        if isinstance(move, Step):
            super().animate(before, move, after)
            return
        self.sync()
        self.app.sounds.play("crack" if isinstance(move, Capture) else "click")
        if isinstance(move, Capture):  # say what was taken and how, for either player
            taken = before.board[move.take]
            what = _("the {value} on {square}").format(
                value=taken.value, square=square_name(move.take)) if taken else _("a piece")
            self.app.toast(_("{side} take {what}: {kind}, {how}").format(
                side=self.board.side_name(before.to_move), what=what,
                kind=_(KIND_WORDS[move.kind]), how=self.rules.explain(before, move)), "info", 3)

    def move_entries(self) -> tuple[list[str], bool]:
        """One line per turn: the side, then its captures and its move ("--" left out)."""
        m = self.match
        lines: list[str] = []
        side = None
        for before, text in zip(m.states, m.notation, strict=False):
            if before.to_move != side:
                side = before.to_move
                lines.append(self.board.side_name(side))
            if text != DONE_TEXT:
                lines[-1] += f" {text}"
        return lines, False

    def side_info(self, side: int) -> str:
        return _("took {tally}").format(
            tally=self.board.tally_text(self.board.tallies(self.state)[side]))


    def status_text(self) -> tuple[str, str]:
        left, right = super().status_text()
        if self.match.outcome is None:
            left = f"{left} · " + _("phase {n}").format(n=self.state.phase)
            right = _("E: end the turn (phase 3) · wheel: zoom · F: turn board")
        return left, right

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        img = self.sprites(PieceView("P91" if side == 0 else "P190", side), 40)
        surface.blit(img, img.get_rect(center=centre))

    # -- drawing -------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        super().draw_board(surface)
        self._draw_camps(surface)
        if self.match.outcome is not None:
            self._draw_winning_line(surface)
        elif not self.animating:
            focus = self.focus()
            if focus is not None:
                self._draw_capture(surface, focus)
        self._draw_panel(surface)
        # the shared map of the whole board would sit under the panel: in the board's corner
        self.view.draw_zoom_badge(surface, self.pieces, None, 90)

    def draw_minimap(self, surface: pygame.Surface) -> None:
        """Drawn by `draw_board`, over the panel, in the board's corner."""
    def _draw_camps(self, surface: pygame.Surface) -> None:
        """The two camps: a strip in each camp's colour down both sides of its half, and the
        middle line between them."""
        view = self.view
        v = view.viewport
        mid = round(view.oy + HEIGHT // 2 * view.cell)
        top, bottom = round(view.oy), round(view.oy + HEIGHT * view.cell)
        evens_top, odds_bottom = (top, mid) if view.flipped else (mid, mid)
        camps = ((EVENS_STRIP, (evens_top, bottom) if not view.flipped else (top, mid)),
                 (ODDS_STRIP, (top, odds_bottom) if not view.flipped else (mid, bottom)))
        for colour, (y0, y1) in camps:
            y0, y1 = max(y0, v.top), min(y1, v.bottom)
            if y1 > y0:  # on the frame's outer edge, clear of the rank numbers
                for x in (v.x - CAMP_MARGIN + 3, v.right + CAMP_MARGIN - 7):
                    pygame.draw.rect(surface, colour, (x, y0 + 2, 4, y1 - y0 - 4), border_radius=2)
        if v.top < mid < v.bottom:
            pygame.draw.line(surface, (58, 44, 34), (v.x, mid), (v.right - 1, mid), 3)

    def _draw_capture(self, surface: pygame.Surface, c: CaptureInfo) -> None:
        view = self.view
        victim = view.square_rect(to_view(c.victim))
        reach = view.cell * 0.42
        for sq in c.by:
            x0, y0 = view.square_rect(to_view(sq)).center
            x1, y1 = victim.center
            d = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
            if d > 2 * reach:  # from edge to edge, so the numbers stay readable
                ux, uy = (x1 - x0) / d, (y1 - y0) / d
                pygame.draw.line(surface, CAPTURER, (x0 + ux * reach, y0 + uy * reach),
                                 (x1 - ux * reach, y1 - uy * reach), 3)
        for sq in c.by:
            pygame.draw.rect(surface, CAPTURER, view.square_rect(to_view(sq)), 3,
                             border_radius=4)
        pygame.draw.rect(surface, VICTIM, victim, 4, border_radius=4)
        if c.take != c.victim:
            pygame.draw.rect(surface, VICTIM, view.square_rect(to_view(c.take)), 4,
                             border_radius=4)
        self.bubble_rect = self._bubble(surface, c.arithmetic, self.capture_squares(c))

    def capture_squares(self, c: CaptureInfo) -> list[pygame.Rect]:
        """The squares a capture's picture marks: its capturers, its victim, the man taken."""
        return [self.view.square_rect(to_view(sq)) for sq in (*c.by, c.victim, c.take)]

    def _bubble(self, surface: pygame.Surface, text: str, near: list[pygame.Rect],
                beside: bool = True) -> pygame.Rect:
        """A label beside the squares it explains, never over them: right or left of them on
        the board, else above or below (`beside=False`: above or below first), else wherever
        it covers none."""
        img = theme.text(text, 18, (24, 20, 18), True)
        box = img.get_rect().inflate(16, 8)
        whole = near[0].unionall(near[1:])
        inside = self.view.viewport
        spots = [("midleft", (whole.right + 8, whole.centery)),
                 ("midright", (whole.left - 8, whole.centery)),
                 ("midbottom", (whole.centerx, whole.top - 6)),
                 ("midtop", (whole.centerx, whole.bottom + 6))]
        if beside is False:  # a short, wide line (a winning formation): above and below
            spots = spots[2:] + spots[:2]
        chosen = None
        for anchor, at in spots:
            setattr(box, anchor, at)
            box.clamp_ip(inside)
            if not any(box.colliderect(r) for r in near):
                chosen = box.copy()
                break
        if chosen is None:  # crowded: the nearest place in the board area that covers none
            setattr(box, spots[0][0], spots[0][1])
            area = pygame.Rect(BOARD_AREA)
            box.clamp_ip(area)
            chosen = box
        box = chosen
        pygame.draw.rect(surface, (250, 238, 200), box, border_radius=8)
        pygame.draw.rect(surface, VICTIM, box, 2, border_radius=8)
        surface.blit(img, img.get_rect(center=box.center))
        return box

    def _draw_winning_line(self, surface: pygame.Surface) -> None:
        found = self.board.winning_line(self.state)
        if found is None:
            return
        _side, formation = found
        rects = [self.view.square_rect(to_view(sq)) for sq in formation.squares]
        whole = rects[0].unionall(rects[1:])
        pulse = 0.5 + 0.5 * self.pulse()
        glow = pygame.Surface(whole.size, pygame.SRCALPHA)
        glow.fill((*GOLD, round(50 + 60 * pulse)))
        surface.blit(glow, whole)
        pygame.draw.rect(surface, GOLD, whole.inflate(6, 6), 4, border_radius=6)
        kinds = " + ".join(formation.kinds)
        self._bubble(surface, labelled(kinds, ", ".join(map(str, formation.values))), rects,
                     beside=whole.height > whole.width)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        board, st = self.board, self.state
        theme.panel(surface, GOAL, theme.PANEL, 10)
        theme.blit_text(surface, _("Victory"), (GOAL.x + 10, GOAL.y + 6), 13, theme.TEXT_DIM)
        for i, line in enumerate(theme.wrap(board.goal_text(), 15, GOAL.width - 20)[:2]):
            theme.blit_text(surface, line, (GOAL.x + 10, GOAL.y + 22 + i * 19), 15, theme.TEXT)
        theme.panel(surface, PHASE, theme.PANEL, 10)
        out = self.match.outcome
        if out is not None:
            who = _("Draw") if out.winner is None else _("{player} wins").format(
                player=self.name_of(out.winner))
            theme.blit_text(surface, who, (PHASE.x + 10, PHASE.y + 8), 18, GOLD, True)
            for i, line in enumerate(theme.wrap(out.reason, 15, PHASE.width - 20)[:3]):
                theme.blit_text(surface, line, (PHASE.x + 10, PHASE.y + 34 + i * 18), 15,
                                theme.TEXT)
        else:
            title, guide = board.phase(st)
            side = board.side_name(st.to_move)
            heading = labelled(side, title)
            size = fitting_size(heading, PHASE.width - 20, 17, True, 12)  # long: a size smaller
            theme.blit_text(surface, heading, (PHASE.x + 10, PHASE.y + 8 + (17 - size) // 2),
                            size, theme.ACCENT, True)
            width = PHASE.width - 20 - (END_BTN.width + 10 if st.phase == 3 else 0)
            for i, line in enumerate(theme.wrap(guide, 14, width)[:3]):
                theme.blit_text(surface, line, (PHASE.x + 10, PHASE.y + 34 + i * 18), 14,
                                theme.TEXT_DIM)
            if st.phase == 3 and self.human_to_move:
                theme.panel(surface, END_BTN, theme.ACCENT_DARK, 8, theme.ACCENT)
                theme.blit_text(surface, _("End turn (E)"), END_BTN.center, 15, theme.TEXT, True,
                                "center")
        self._draw_list(surface)

    def _draw_list(self, surface: pygame.Surface) -> None:
        theme.panel(surface, LIST, theme.PANEL, 10)
        caps = self.capture_list()
        theme.blit_text(surface, _("Captures open now") if caps else _("No capture open now"),
                        (LIST.x + 10, LIST.y + 6), 14, theme.TEXT_DIM)
        focus = self.focus()
        rows = self._list_rows()
        for i, c in enumerate(caps[:rows]):
            r = pygame.Rect(LIST.x + 6, LIST.y + 30 + i * LINE_H, LIST.width - 12, LINE_H - 2)
            if c is focus:
                theme.panel(surface, r, theme.PANEL_LIGHT, 6, CAPTURER)
            by = ", ".join(square_name(s) for s in c.by)
            theme.blit_text(surface, _("{capture} by {squares}").format(capture=c.text, squares=by),
                            (r.x + 8, r.y + 1), 14, theme.TEXT)
            theme.blit_text(surface, c.arithmetic, (r.x + 8, r.y + 19), 14, GOLD, True)
        if len(caps) > rows:
            theme.blit_text(surface, _("+{n} more").format(n=len(caps) - rows), (LIST.right - 10,
                            LIST.bottom - 6), 13, theme.TEXT_DIM, anchor="bottomright")

    def _draw_trays(self, surface: pygame.Surface) -> None:
        st = self.state
        tallies = self.board.tallies(st)
        for side, rect in enumerate(TRAY_RECTS):
            men = group([PieceView(kind_of(p), p.owner) for p in st.taken[side]])
            draw_tray(surface, rect, _("Taken by {player}").format(player=self.name_of(side)),
                      men, self.sprites, 30)
            theme.blit_text(surface, self.board.tally_text(tallies[side]),
                            (rect.x + 10, rect.bottom - 8), 14, GOLD, True, "bottomleft")
