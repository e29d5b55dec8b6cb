"""The match screen every square-board piece game shares (fairy chess, Tai Shogi, Rythmomachie).

It composes the shared parts — the board view with its camera, the sprites, the input
controller, the piece card, the move chooser, the trays and the move animation — over the
`MatchScene` frame (players, move list, buttons, computer, undo/redo, autosave). A game's scene
subclasses it and supplies two things: `make_game(rules)`, the adapter that shows its rules as
a `PieceGame`, and `make_drawer()`, its sprite drawer. Nothing here decides a rule.

Mouse: click-click or drag a man; hover shows where it may go and, after a moment, its card;
right-click a man pins its card, right-click elsewhere steps back; wheel zooms, middle-drag
(or a drag on empty squares) pans. Keys: arrows move a cursor, Enter/Space choose, Backspace
steps back, Tab jumps to the next man that can move, F turns the board, +/-/0 zoom,
Shift+arrows pan, C shows the card of the man under the cursor.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.i18n import N_, _, ngettext
from game.scenes.match_base import BOARD_AREA, MatchScene
from game.ui import theme
from game.ui.board_anim import BoardAnimator, companions_of
from game.ui.board_input import BoardInput, Result
from game.ui.board_view import BoardView, Marks, file_letters
from game.ui.move_chooser import MoveChooser
from game.ui.piece_card import PieceCards, mnemonic
from game.ui.piece_card import draw_diagram as draw_move_diagram
from game.ui.piece_gallery import draw_gallery
from game.ui.piece_gallery import height as gallery_height
from game.ui.piece_game import PieceGame, PieceView, Square
from game.ui.piece_sprites import PieceSprites, SpriteDrawer
from game.ui.trays import draw_tray, group

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.base import Host

BOARD_REGION = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, BOARD_AREA.height, BOARD_AREA.height)
TRAY_X = BOARD_REGION.right + 4
TRAY_W = BOARD_AREA.right - TRAY_X - 8
TRAYS = (pygame.Rect(TRAY_X, BOARD_AREA.y + 10, TRAY_W, 280),
         pygame.Rect(TRAY_X, BOARD_AREA.bottom - 290, TRAY_W, 280))
#: Where the map of the whole board goes when zoomed: between the trays.
MINIMAP_AT = (TRAY_X + TRAY_W // 2, (TRAYS[0].bottom + TRAYS[1].top) // 2)
HOVER_CARD_SECONDS = 0.7
DRAG_THRESHOLD = 6


class PieceMatchScene(MatchScene):
    """Base of the piece games' screens: see the module docstring."""

    #: Kinds in the order the trays list them (most valuable first).
    TRAY_ORDER: tuple[str, ...] = ()
    #: Views tools/bench_frames.py measures besides the plain one (scene keyword arguments).
    BENCH_VIEWS: dict[str, dict[str, object]] = {"zoomed": {"zoom": 3}}
    #: What the status line adds while a royal of the side to move is attacked.
    CHECK_NOTE = N_(" — check!")
    #: Whether the move list ends a checking move with "+" and a mating one with "#" (games
    #: with a check rule; Tai Shogi's royals are only "in danger").
    CHECK_MARKS = True
    #: The controls the status line recalls when nothing else is to be said.
    CONTROLS_NOTE = N_("wheel: zoom · right-click: piece card · F: turn board")

    @classmethod
    def make_game(cls, rules: Any) -> PieceGame:
        raise NotImplementedError

    @classmethod
    def make_drawer(cls) -> SpriteDrawer:
        raise NotImplementedError

    def __init__(self, app: Host, match: Match, zoom: int = 0, pick: str = "", card: str = "",
                 flip: bool = False, hint: str = "") -> None:
        """`zoom` steps in about the middle, `pick` clicks squares by name ("h4 h6"), `card`
        pins the card of the man on a square, `flip` turns the board, `hint` shows a move (in
        the game's notation) as the hint: for screenshots and tests."""
        super().__init__(app, match)
        self.game = self.make_game(match.rules)
        g = self.game
        self.view = BoardView(g.files, g.ranks, BOARD_REGION, file_letters(g.files))
        self.sprites = PieceSprites(self.make_drawer(), badge=self._badge)
        self.input = BoardInput(explain=self._explain)
        self.cards = PieceCards(g.card, self.sprites)
        self.anim = BoardAnimator(self.tweens)
        self.chooser: MoveChooser | None = None
        self.user_flip = flip
        self.pinned: Square | None = None
        self.hover: Square | None = None
        self.hover_since = 0.0
        #: The hover card waits for the pointer to move after a move or an Esc: a man that
        #: slid under a still pointer must not pop a card up by itself.
        self.hover_armed = False
        self.cursor: Square | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.press_pos: tuple[int, int] | None = None
        self._pan_press = False
        self._pos_key: Any = None
        self._hint_path: tuple[Any, tuple[Square, ...]] = (None, ())
        self.last_path: tuple[Square, ...] = ()
        self.pieces: Mapping[Square, PieceView] = {}
        #: The men of the position shown, each kind once (what the idle frames draw ahead).
        self._kinds_of: tuple[Any, tuple[PieceView, ...]] = (None, ())
        self._men_of: tuple[Any, tuple[int, int]] = (None, (0, 0))
        self.check: tuple[Square, ...] = ()
        self.mated = False
        self._marks_after: dict[int, tuple[Any, str]] = {}
        self._trays: tuple[list[Any], list[Any]] = ([], [])
        self._trays_key: Any = None
        self._refresh()
        self._apply_flip()
        names = pick.replace("-", " ").split()
        if zoom:
            self.view.zoom(zoom)
            if card or names:
                self.view.centre_on(self.square(card or names[-1]))
        for name in names:
            self._handle(self.input.click(self.square(name)), self.square(name))
        if card:
            self.pinned = self.square(card)
        if hint:
            self.show_hint(self.rules.parse_move(self.state, hint))

    # -- names and facts ---------------------------------------------------------------------
    def square(self, name: str) -> Square:
        """'h4' → (7, 3) on this board (letters for files, numbers for ranks)."""
        name = name.strip().lower()
        f = "abcdefghijklmnopqrstuvwxyz".index(name[0])
        r = int(name[1:]) - 1
        if not (0 <= f < self.game.files and 0 <= r < self.game.ranks):
            raise ValueError(f"no square {name!r} on this board")
        return (f, r)

    def square_name(self, sq: Square) -> str:
        return self.view.file_label(sq[0]) + self.view.rank_label(sq[1])

    def _refresh(self) -> None:
        """Men, legal moves and checks of the position shown, worked out once per position."""
        key = (len(self.match.moves), id(self.state), self.human_to_move)
        if key == self._pos_key:
            return
        self._pos_key = key
        self.hover_armed = False
        st = self.state
        self.pieces = self.game.pieces(st)
        self.check = tuple(self.game.in_check(st))  # a mated royal stays marked
        out = self.match.outcome
        self.mated = bool(self.check) and out is not None and out.winner is not None
        options = self.game.options(st) if self.human_to_move else ()
        self.input.reset(options, self.pieces, st.to_move)
        self.chooser = None
        self.last_path = ()
        if self.match.moves:
            last = self.game.option_of(self.match.states[-2], self.match.moves[-1])
            self.last_path = tuple(dict.fromkeys(last.path))

    def _explain(self, frm: Square | None, to: Square) -> str:
        return self.game.explain(self.state, frm, to)

    def _badge(self, piece: PieceView, size: int) -> pygame.Surface | None:
        if size < 24:
            return None
        return mnemonic(self.game.card(piece).diagram, max(10, size * 2 // 5), piece.side)

    def trays(self) -> tuple[list[Any], list[Any]]:
        """Men taken by each side so far, from the match's own history (undo-safe)."""
        m = self.match
        key = (len(m.moves), id(m.state))
        if key != self._trays_key:
            taken: tuple[list[PieceView], list[PieceView]] = ([], [])
            for before, move in zip(m.states, m.moves, strict=False):
                for p in self.game.captured(before, move):
                    taken[1 - p.side].append(p)
            self._trays = (group(taken[0], self.TRAY_ORDER), group(taken[1], self.TRAY_ORDER))
            self._trays_key = key
        return self._trays

    # -- input ---------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if self.modal is not None:
            return
        if self.chooser is not None:
            self._chooser_event(event)
            return
        if event.type == pygame.MOUSEMOTION:
            sq = self.view.cell_at(event.pos)
            if sq != self.hover or not self.hover_armed:
                self.hover, self.hover_since = sq, self.t
            self.hover_armed = True
            if self.drag_pos is not None:
                self.drag_pos = event.pos
        if self.view.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._right_click(event.pos)
            return
        if event.type == pygame.KEYDOWN and self._view_key(event):
            return
        super().process_event(event)

    def _view_key(self, event: pygame.event.Event) -> bool:
        """Keys that work whoever is to move: turn the board, show a card."""
        if event.mod & pygame.KMOD_CTRL:
            return False
        if event.key == pygame.K_f:
            self.user_flip = not self.user_flip
            self._apply_flip()
            return True
        if event.key == pygame.K_c:
            sq = self.cursor or self.hover
            self.pinned = sq if sq in self.pieces and sq != self.pinned else None
            return True
        return False

    def _right_click(self, pos: tuple[int, int]) -> None:
        sq = self.view.cell_at(pos)
        if sq is not None and sq in self.pieces and sq != self.pinned and self.input.frm is None:
            self.pinned = sq
            return
        self.pinned = None
        if self.human_to_move and not self.animating:
            self.input.back()

    def board_event(self, event: pygame.event.Event) -> None:
        view = self.view
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pinned = None
            sq = view.cell_at(event.pos)
            result = self.input.press(sq)
            self._handle(result, sq)
            if self.input.frm is not None and self.input.pressed == self.input.frm:
                self.press_pos = self.drag_pos = event.pos
            elif result.kind == "none" and view.zoomed and BOARD_REGION.collidepoint(event.pos):
                view.begin_pan(event.pos)  # a drag on empty squares moves the camera
                self._pan_press = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._pan_press:
                self._pan_press = False
                view.handle_event(event)
                return
            moved = (self.press_pos is not None and
                     max(abs(event.pos[0] - self.press_pos[0]),
                         abs(event.pos[1] - self.press_pos[1])) >= DRAG_THRESHOLD)
            sq = view.cell_at(event.pos)
            self.drag_pos = self.press_pos = None
            if not moved and sq is not None and self.input.pressed is not None:
                sq = self.input.pressed  # a shaky click stays a click on its square
            self._handle(self.input.release(sq), sq)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        dirs = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                pygame.K_DOWN: (0, -1)}
        g = self.game
        if k in dirs:
            if self.cursor is None:
                self.cursor = self.input.frm or next(iter(sorted(self.input.movable())), (0, 0))
            else:
                dx, dy = dirs[k]
                if self.view.flipped:
                    dx, dy = -dx, -dy
                self.cursor = (max(0, min(g.files - 1, self.cursor[0] + dx)),
                               max(0, min(g.ranks - 1, self.cursor[1] + dy)))
            self.view.follow(self.cursor)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None:
            self._handle(self.input.click(self.cursor), self.cursor)
        elif k == pygame.K_BACKSPACE:
            self.input.back()
        elif k == pygame.K_TAB:
            order = sorted(self.input.movable(), key=lambda s: (s[1], s[0]))
            if order:
                after = [s for s in order if (s[1], s[0]) > (self.cursor[1], self.cursor[0])] \
                    if self.cursor is not None else []
                self.cursor = after[0] if after else order[0]
                self.view.follow(self.cursor)

    def _handle(self, result: Result, sq: Square | None) -> None:
        kind = result.kind
        if kind in ("select", "step"):
            self.app.sounds.play("click")
        elif kind == "refuse":
            self.refuse(result.reason)
        elif kind == "play":
            self.submit(result.option.move)
        elif kind == "choose" and sq is not None:
            frm = result.options[0].frm
            mover = self.pieces.get(frm)
            if mover is not None:
                title = (_("Promote?") if any(o.promotion for o in result.options)
                         else _("Which move?"))
                self.chooser = MoveChooser(result.options, mover, self.view.square_rect(sq),
                                           pygame.Rect((0, 0), theme.SIZE).inflate(-16, -16),
                                           title)

    def _chooser_event(self, event: pygame.event.Event) -> None:
        assert self.chooser is not None
        got = self.chooser.handle(event)
        if got is None:
            return
        self.chooser = None
        if got is False:
            self.input.cancel()
            self.app.sounds.play("click")
            return
        assert not isinstance(got, bool)
        self.input.cancel()
        self.submit(got.move)

    def back(self) -> None:
        """Esc closes what is open, one thing at a time: the chooser, a piece card, the move
        being built, and only then asks about leaving."""
        if self.modal is None and self.chooser is not None:
            self.chooser = None
            self.input.cancel()
            return
        if self.modal is None and self.card_square() is not None:
            self.pinned = None
            self.hover_armed = False
            return
        if self.modal is None and self.input.back().kind != "none":
            return
        super().back()

    def clear_selection(self) -> None:
        self.input.cancel()
        self.chooser = None
        self.drag_pos = self.press_pos = None

    # -- moves shown -----------------------------------------------------------------------------
    def move_texts(self) -> list[str]:
        """The move list as chess players write it: "+" after a check, "#" after mate (the
        saved notation stays the rules' own)."""
        texts = super().move_texts()
        if not self.CHECK_MARKS:
            return texts
        states = self.match.states
        return [text + self._mark_after(states[i + 1]) for i, text in enumerate(texts)]

    def move_entries(self) -> tuple[list[str], bool]:
        """One move a line, numbered as the results and the Load list count them: a move is
        one player's turn (the list numbered White-and-Black pairs, so "12." was 23 moves)."""
        return list(self.move_texts()), False

    def _mark_after(self, after: Any) -> str:
        got = self._marks_after.get(id(after))
        if got is None or got[0] is not after:  # worked out once per position
            mark = ""
            if self.game.in_check(after):
                out = self.rules.outcome(after)
                mark = "#" if out is not None and out.winner is not None else "+"
            got = (after, mark)
            self._marks_after[id(after)] = got
        return got[1]

    def animate(self, before: Any, move: Any, after: Any) -> None:
        option = self.game.option_of(before, move)
        pieces_before = self.game.pieces(before)
        pieces_after = self.game.pieces(after)
        mover = pieces_before[option.frm]
        landed = pieces_after.get(option.to, mover)
        captured = [(sq, pieces_before[sq]) for sq in option.captures if sq in pieces_before]
        self.clear_selection()
        self._refresh()
        sound = "crack" if captured else "place"
        self.app.sounds.play("slide")
        self.anim.start(option, mover, landed, captured, lambda: self.app.sounds.play(sound),
                        companions_of(option, pieces_before, pieces_after))
        if not self.view.visible(option.to):
            self.view.follow(option.to)

    def sync(self) -> None:
        self.anim.finish()
        self.clear_selection()
        self._refresh()

    def show_hint(self, move: Any) -> None:
        super().show_hint(move)
        path = self.game.option_of(self.state, move).path
        if self.view.zoomed and not all(self.view.visible(sq) for sq in (path[0], path[-1])):
            self.view.centre_on(path[-1])  # a zoomed board brings the suggestion into view
        self.app.toast(_("Try {move}").format(move=self.move_text(move)),
                       "good", 3)

    def _apply_flip(self) -> None:
        self.view.set_flipped(self.flipped != self.user_flip)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._refresh()
        self._apply_flip()
        self.sprites.show_badges = self.app.settings.piece_hints
        if not self.animating:  # idle: draw the men of the next zoom steps ahead of time
            if self._kinds_of[0] is not self.pieces:
                self._kinds_of = (self.pieces, tuple(set(self.pieces.values())))
            self.sprites.warm(self._kinds_of[1], self.view.nearby_piece_sizes(), 1)

    # -- drawing --------------------------------------------------------------------------------
    def marks(self) -> Marks:
        inp = self.input
        playing = self.human_to_move and not self.animating
        m = Marks(check=self.check, mate=self.mated, hover=self.hover if playing else None,
                  cursor=self.cursor if playing else None, focus=self.card_square())
        if self.anim.current is None:
            m.last = self.last_path
        if not playing:
            return m
        if inp.frm is not None:
            m.selected = inp.frm
            m.targets = inp.targets()
            m.path = inp.via
            m.captures = {sq for o in inp.pending() for sq in o.captures
                          if sq in m.targets or o.to in m.targets}
        elif self.hover is not None and self.hover in inp.movable():
            m.preview = inp.destinations(inp.options_from(self.hover))
        if self.hint_move is not None:
            if self._hint_path[0] is not self.hint_move:
                self._hint_path = (self.hint_move,
                                   self.game.option_of(self.state, self.hint_move).path)
            m.hint = self._hint_path[1]
        elif self.hint_start is not None:
            m.hint_start = self.game.option_of(self.state, self.hint_start).path[0]
        return m

    def draw_board(self, surface: pygame.Surface) -> None:
        view = self.view
        view.draw_board(surface, self.app.settings.show_coordinates)
        m = self.marks()
        view.draw_under(surface, m)
        hidden = self.anim.hidden()
        dragging = self._dragging()
        if dragging and self.input.frm is not None:
            hidden = hidden | {self.input.frm}
        view.draw_pieces(surface, self.pieces, self.sprites, hidden)
        if dragging and self.input.frm is not None:
            p = self.pieces[self.input.frm]
            ghost = self.sprites.ghost(p, view.piece_size())
            surface.blit(ghost, ghost.get_rect(center=view.square_rect(self.input.frm).center))
        view.draw_over(surface, m, self.app.settings.show_legal)
        self.anim.draw(surface, view, self.sprites)
        if dragging and self.input.frm is not None and self.drag_pos is not None:
            img = self.sprites(self.pieces[self.input.frm], round(view.piece_size() * 1.1))
            surface.blit(img, img.get_rect(center=self.drag_pos))
        view.draw_scroll_hints(surface)
        self.draw_minimap(surface)
        self._draw_trays(surface)

    def draw_minimap(self, surface: pygame.Surface) -> None:
        """The map of the whole board when zoomed, between the trays (a screen with another
        layout draws it elsewhere)."""
        self.view.draw_zoom_badge(surface, self.pieces, MINIMAP_AT, min(TRAY_W - 8, 112))

    def _dragging(self) -> bool:
        if self.drag_pos is None or self.press_pos is None:
            return False
        return max(abs(self.drag_pos[0] - self.press_pos[0]),
                   abs(self.drag_pos[1] - self.press_pos[1])) >= DRAG_THRESHOLD

    def _draw_trays(self, surface: pygame.Surface) -> None:
        taken = self.trays()
        names = [self.name_of(i) for i in range(2)]
        top_side = 0 if self.view.flipped else 1  # the side sitting at the top took these
        for rect, side in zip(TRAYS, (top_side, 1 - top_side), strict=False):
            draw_tray(surface, rect, _("Taken by {player}").format(player=names[side]),
                      taken[side], self.sprites, 26)

    def card_square(self) -> Square | None:
        """The man whose card is shown: pinned by right-click, or hovered for a moment."""
        if self.pinned is not None:
            return self.pinned if self.pinned in self.pieces else None
        if (self.hover is not None and self.hover in self.pieces and self.input.frm is None
                and self.hover_armed
                and self.drag_pos is None and self.t - self.hover_since >= HOVER_CARD_SECONDS):
            return self.hover
        return None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.modal is not None:
            return
        sq = self.card_square()
        bounds = pygame.Rect((0, 0), theme.SIZE).inflate(-16, -16)
        if sq is not None and self.chooser is None:
            self.cards.draw(surface, self.pieces[sq], self.view.square_rect(sq), bounds,
                            self.view.flipped)
        if self.chooser is not None:
            self.chooser.draw(surface, self.sprites)

    def side_info(self, side: int) -> str:
        if self._men_of[0] is not self.pieces:  # counted once per position, not per frame
            self._men_of = (self.pieces, (sum(1 for p in self.pieces.values() if p.side == 0),
                                          sum(1 for p in self.pieces.values() if p.side == 1)))
        men = self._men_of[1][side % 2]
        taken = sum(n for _kind, n in self.trays()[side])
        text = ngettext("{n} man", "{n} men", men).format(n=men)
        return text + (" · " + _("took {n}").format(n=taken) if taken else "")


    def status_text(self) -> tuple[str, str]:
        left, right = super().status_text()
        if self.match.outcome is None:
            # numbered as the move list numbers its lines: a move is one player's turn
            left = _("Move {n} · {status}").format(n=self.match.move_number, status=left)
        if self.match.outcome is None and self.check:
            left += _(self.CHECK_NOTE)
        guide = self.step_guide()
        if guide:  # while a move of several steps is built, say what the next click does
            left, right = guide
        if not right:
            right = _(self.CONTROLS_NOTE)
        return left, right

    def step_guide(self) -> tuple[str, str] | None:
        """What the next click does in a move of several steps (a Lion, a Falcon…), as the
        status line's two halves; None when the move being built has one step only."""
        inp = self.input
        if not self.human_to_move or inp.frm is None or inp.frm not in self.pieces:
            return None
        targets = inp.targets()
        name = self.game.card(self.pieces[inp.frm]).name
        if not inp.via:
            if any(kind in ("step", "both") for kind in targets.values()):
                return (_("{piece}: pick a square").format(piece=name),
                        _("ring: a first step, the move goes on"))
            return None
        parts = [_("click its end")]
        if "stop" in targets.values():
            parts.append(_("here again: stop"))
        if inp.frm in targets:
            parts.append(_("its start: come back"))
        return (_("{piece}: 2nd step").format(piece=name), " · ".join(parts))

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        royal = next((p for p in self.pieces.values() if p.side == side), None)
        if royal is None:
            super().draw_side_marker(surface, side, centre)
            return
        kind = self.TRAY_ORDER[0] if self.TRAY_ORDER else royal.kind
        img = self.sprites(PieceView(kind, side), 40)
        surface.blit(img, img.get_rect(center=centre))

    # -- diagrams (rules screen, menu card) -------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        rules = entry.make_rules()
        game = cls.make_game(rules)
        if position.startswith("gallery:"):  # many kinds in a grid, taller than the screen
            draw_gallery(surface, pygame.Rect(rect), game,
                         [k for k in position[8:].split(",") if k], _diagram_sprites(cls))
            return
        if position.startswith("pieces:"):  # move diagrams of kinds: "pieces:cannon,bow"
            _draw_piece_moves(surface, pygame.Rect(rect), game, position[7:].split(","),
                              _diagram_sprites(cls))
            return
        state = rules.parse_position(position)
        view = cls.diagram_view(pygame.Rect(rect), game, state)
        view.draw_board(surface, min(rect.width, rect.height) >= 300)
        sprites = _diagram_sprites(cls)
        view.draw_pieces(surface, game.pieces(state), sprites)

    @classmethod
    def diagram_view(cls, rect: pygame.Rect, game: PieceGame, state: Any) -> BoardView:
        """The board's place in a diagram drawn in `rect` (coordinates where there is room)."""
        if min(rect.width, rect.height) >= 300:
            return BoardView(game.files, game.ranks, rect, file_letters(game.files))
        return _bare_view(game, rect)

    @classmethod
    def draw_diagram_move(cls, surface: pygame.Surface, rect: pygame.Rect,
                          entry: registry.GameEntry, position: str, move: str) -> None:
        """Over a diagram of `position` drawn in `rect`: the move `move` (file notation)
        drawn as the hint is in a match, an arrow along its path (the review's better move)."""
        rules = entry.make_rules()
        game = cls.make_game(rules)
        state = rules.parse_position(position)
        view = cls.diagram_view(pygame.Rect(rect), game, state)
        view.draw_hint(surface, game.option_of(state, rules.parse_move(state, move)).path)


    @staticmethod
    def diagram_height(position: str, width: int) -> int | None:
        """The height a diagram needs at `width` when it runs under the text at the body's
        whole width (a gallery); None for a picture beside the text."""
        if position.startswith("gallery:"):
            return gallery_height(width, len([k for k in position[8:].split(",") if k]))
        return None

    #: The square the menu picture centres on, as a fraction of the board (files, ranks).
    THUMB_FOCUS: tuple[float, float] = (0.5, 0.12)

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """A close-up of the start position around the first player's royal rows: a whole large
        board would shrink its men to dots on a menu card."""
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        entry = cls.registry_entry()
        rules = entry.make_rules()
        game = cls.make_game(rules)
        view = BoardView(game.files, game.ranks, surf.get_rect(), margin=0, fill=True)
        view.set_cell(max(view.fit_cell, size[1] // 5))
        fx, fy = cls.THUMB_FOCUS
        view.centre_on((min(game.files - 1, int(game.files * fx)),
                        min(game.ranks - 1, int(game.ranks * fy))))
        view.draw_board(surf, coords=False)
        view.draw_pieces(surf, game.pieces(rules.initial_state()), _diagram_sprites(cls))
        return surf


def _draw_piece_moves(surface: pygame.Surface, rect: pygame.Rect, game: PieceGame,
                      kinds: list[str], sprites: PieceSprites) -> None:
    """The move diagrams of some kinds side by side, named: the rules screen shows the same
    pictures as the piece cards, computed by the rules."""
    kinds = [k.strip() for k in kinds if k.strip()]
    cols = math.ceil(math.sqrt(len(kinds))) if kinds else 1
    rows = math.ceil(len(kinds) / cols) if kinds else 1
    w, h = rect.width // cols, rect.height // rows
    for i, kind in enumerate(kinds):
        cell = pygame.Rect(rect.x + (i % cols) * w, rect.y + (i // cols) * h, w, h)
        info = game.card(PieceView(kind, 0))
        board = cell.inflate(-10, -30)
        board.height = board.width = min(board.width, board.height)
        board.midtop = (cell.centerx, cell.y + 4)
        draw_move_diagram(surface, board, info.diagram, PieceView(kind, 0), sprites)
        theme.blit_text(surface, info.name, (cell.centerx, board.bottom + 4), 15, theme.TEXT,
                        True, "midtop")


def _bare_view(game: PieceGame, rect: pygame.Rect) -> BoardView:
    """A view with no room kept for coordinates (small pictures)."""
    return BoardView(game.files, game.ranks, rect, file_letters(game.files), margin=2)


_DIAGRAM_SPRITES: dict[type, PieceSprites] = {}


def _diagram_sprites(cls: type[PieceMatchScene]) -> PieceSprites:
    sp = _DIAGRAM_SPRITES.get(cls)
    if sp is None:
        sp = PieceSprites(cls.make_drawer())
        _DIAGRAM_SPRITES[cls] = sp
    return sp
