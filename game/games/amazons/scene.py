"""The Amazons screen: a felt board, crowned amazons, arrows that fly and burn, a territory map.

It composes the screen's parts: `view` (where things go), `sprites` (what is drawn), `input`
(the three-step move as a pygame-free controller), `effects` (glide, flight and burn) and
`column` (the panel beside the board). A move takes three choices; the legal squares of each
step and every refusal come from the rules. The territory overlay shows which side reaches each
empty square first by queen moves; it is computed once per position and painted into a cached
layer with the board and the burnt squares.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.games.amazons import rules as R
from game.games.amazons.bitboard import geometry
from game.games.amazons.effects import (
    BURN_SECONDS,
    Burn,
    Flight,
    burn_at,
    draw_burn_tile,
    draw_embers,
    draw_flight,
)
from game.games.amazons.input import Action, Key, MoveInput
from game.games.amazons.overlays import draw_hint, draw_start_hint
from game.games.amazons.panel import MoveSteps, PositionInfo, draw_column
from game.games.amazons.rules import AmazonsRules, Move, State
from game.games.amazons.sprites import (
    EQUAL,
    amazon_sprite,
    burnt_tile,
    dotted,
    draw_pieces,
    ghost,
    hover_tile,
    opaque_board,
    paint_board,
    territory_tile,
    walled_badge,
)
from game.games.amazons.view import (
    BOARD_REGION,
    COLUMN,
    TERRITORY_BOX,
    cell_rect,
    centre,
    fit_board,
    square_at,
)
from game.i18n import N_, _, ngettext
from game.scenes.match_base import MatchScene
from game.ui import marks, theme
from game.ui.layout import SquareGrid
from game.ui.tween import Tweens, ease_in_out, lerp2, linear
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.base import Host

STEP_TEXT = (N_("Step 1 of 3: pick one of your amazons"),
             N_("Step 2 of 3: move it to a marked square"),
             N_("Step 3 of 3: shoot the arrow to a marked square"))
PREVIEW_SECONDS = 0.14
KEYS = {pygame.K_LEFT: Key.LEFT, pygame.K_RIGHT: Key.RIGHT, pygame.K_UP: Key.UP,
        pygame.K_DOWN: Key.DOWN, pygame.K_RETURN: Key.CHOOSE, pygame.K_KP_ENTER: Key.CHOOSE,
        pygame.K_SPACE: Key.CHOOSE, pygame.K_BACKSPACE: Key.BACK}


class AmazonsScene(MatchScene):
    """Play the Game of the Amazons: three clicks a move, a territory map, animated arrows."""

    title = N_("Amazons")

    def __init__(self, app: Host, match: Match, territory: bool = False, pick: str = "") -> None:
        """`territory` starts with the overlay on; `pick` (like "d1" or "d1-d7") makes those
        clicks at once, for screenshots and tests of a move in progress ("d1-d7-g7" plays the
        move, to picture its animation)."""
        super().__init__(app, match)
        self.az: AmazonsRules = match.rules
        self.n = self.az.n
        self.input = MoveInput(self.az)
        self.preview = 1.0  # progress of the chosen amazon's short glide to its destination
        self.hover: int | None = None
        self.flight: Flight | None = None
        self.burn: Burn | None = None
        self.effects = Tweens(speed=app.settings.animation_speed)
        self.show_territory = False
        self._info: dict[Any, PositionInfo] = {}
        self._layer: pygame.Surface | None = None
        self._layer_key: Any = None
        self.layer_builds = 0  # how often the board layer was repainted (tests check it is rare)
        self._grid_key: Any = None
        self._grid: tuple[SquareGrid, int] | None = None
        self.territory_btn = button(self.ui, (COLUMN.x + 10, TERRITORY_BOX.y + 40,
                                              COLUMN.width - 20, 34), _("Show map (T)"),
                                    _("Shade the empty squares each side reaches first"))
        self.extra_buttons = {self.territory_btn: self.toggle_territory}
        if territory:
            self.toggle_territory()
        for name in filter(None, pick.replace("-", " ").split()):
            self.choose(R.parse_square(self.n, name))

    # -- the move being made (kept by the input controller) -------------------------------------
    @property
    def frm(self) -> int | None:
        return self.input.frm

    @property
    def to(self) -> int | None:
        return self.input.to

    @property
    def choices(self) -> tuple[int, ...]:
        return self.input.choices

    @property
    def step(self) -> int:
        return self.input.step

    @property
    def cursor(self) -> int:
        return self.input.cursor

    @property
    def cursor_shown(self) -> bool:
        return self.input.cursor_shown

    def step_choices(self) -> tuple[int, ...]:
        """The squares the current step may pick (amazons that can move, then the rules' lists)."""
        return self.input.step_choices(self.state)

    # -- layout and cached facts ---------------------------------------------------------------
    @property
    def grid(self) -> SquareGrid:
        return self.layout()[0]

    def layout(self) -> tuple[SquareGrid, int]:
        key = (self.flipped, self.n)
        if self._grid is None or self._grid_key != key:
            self._grid = fit_board(BOARD_REGION, self.n, self.flipped, True)
            self._grid_key = key
        return self._grid

    def info(self, state: State | None = None) -> PositionInfo:
        """Territory, walled-in amazons and separation of a position, computed once per position."""
        st = self.state if state is None else state
        key = st.key()
        found = self._info.get(key)
        if found is None:
            if len(self._info) > 16:
                self._info.clear()
            found = PositionInfo.of(st)
            self._info[key] = found
        return found

    # -- input ---------------------------------------------------------------------------------
    def toggle_territory(self) -> None:
        self.show_territory = not self.show_territory
        self.territory_btn.set_text(_("Hide map (T)") if self.show_territory else _("Show map (T)"))
        self.app.sounds.play("click")

    def process_event(self, event: pygame.event.Event) -> None:
        # T works whoever is to move, even while the computer thinks or a move is shown.
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_t and self.modal is None
                and not event.mod & pygame.KMOD_CTRL):
            self.toggle_territory()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = square_at(self.grid, event.pos)
        super().process_event(event)

    def board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                sq = square_at(self.grid, event.pos)
                if sq is not None:
                    self._act(self.input.click(self.state, sq))
            elif event.button == 3:
                self.step_back()
        elif event.type == pygame.KEYDOWN:
            key = KEYS.get(event.key)
            if event.key == pygame.K_TAB:
                key = Key.PREVIOUS if event.mod & pygame.KMOD_SHIFT else Key.NEXT
            if key is not None:
                self._act(self.input.key(self.state, key, self.flipped))

    def choose(self, sq: int) -> None:
        """One click (or Enter) on square `sq`, at whichever step the move has reached."""
        self._act(self.input.choose(self.state, sq))

    def _act(self, action: Action) -> None:
        """What the screen does for each thing the input controller reports."""
        if action.kind == "picked":
            self.app.sounds.play("click")
        elif action.kind == "moved_to":
            self.preview = 0.0 if self.tweens.speed > 0 else 1.0
            self.app.sounds.play("slide")
        elif action.kind == "stepped_back":
            self.preview = 1.0
            self.app.sounds.play("click")
        elif action.kind == "refused":
            self.refuse(action.reason)
        elif action.kind == "submit" and action.move is not None:
            self.submit(action.move)

    def step_back(self) -> bool:
        """Undo one step of the move being made; False if there was none."""
        if not self.input.step_back(self.state):
            return False
        self.preview = 1.0
        self.app.sounds.play("click")
        return True

    def back(self) -> None:
        if self.modal is None and self.step_back():
            return
        super().back()

    def clear_selection(self) -> None:
        self.input.clear()
        self.preview = 1.0

    # -- animation -----------------------------------------------------------------------------
    def animate(self, before: Any, move: Any, after: Any) -> None:
        move = Move(*move)
        # A human's amazon already stands (or is gliding) on its destination: carry on from there.
        head_start = (ease_in_out(self.preview) if self.frm == move.frm and self.to == move.to
                      else 0.0)
        self.clear_selection()
        n = self.n
        dist = max(abs(move.frm % n - move.to % n), abs(move.frm // n - move.to // n))
        shot_dist = max(abs(move.to % n - move.arrow % n), abs(move.to // n - move.arrow // n))
        glide_s = (0.14 + 0.035 * dist) * (1 - head_start)
        pause = 0.06
        shot_s = 0.1 + 0.03 * shot_dist
        if head_start == 0:
            self.app.sounds.play("slide")
        glide = self.tweens.add(glide_s, ease_in_out, tag="glide",
                                on_done=lambda: self.app.sounds.play("place"))
        shot = self.tweens.add(shot_s, linear, delay=glide_s + pause, tag="arrow",
                               on_done=lambda: self._land(move))
        self.flight = Flight(move, before, glide, shot, head_start)

    def _land(self, move: Move) -> None:
        self.app.sounds.play("crack")
        self.flight = None
        self.burn = burn_at(move, self.effects.add(BURN_SECONDS, linear, tag="burn"))

    def sync(self) -> None:
        self.flight = None
        self.burn = None
        self.effects.clear()
        self.clear_selection()

    def in_motion(self) -> bool:
        """The arrow's flight and fire, the territory preview, a breathing chosen amazon."""
        return bool(super().in_motion() or self.effects.busy() or self.burn is not None
                    or self.preview < 1.0 or self.frm is not None)

    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.animation_speed
        self.effects.speed = speed
        self.effects.update(dt)
        if self.burn is not None and self.burn.tween.done:
            self.burn = None
        if self.preview < 1.0:
            self.preview = 1.0 if speed <= 0 else min(1.0, self.preview + dt * speed / PREVIEW_SECONDS)

    def show_hint(self, move: Any) -> None:
        super().show_hint(Move(*move))
        self.app.toast(_("Try {move}").format(move=self.move_text(move)), "good", 3)

    # -- side panel and status -----------------------------------------------------------------
    def side_info(self, side: int) -> str:
        info = self.info()
        text = _("territory {n}").format(n=info.territory.queen_counts[side])
        walled = info.walled_count(side, self.state)
        if walled:
            text += " · " + ngettext("{n} walled in", "{n} walled in", walled).format(n=walled)
        return text

    def draw_side_marker(self, surface: pygame.Surface, side: int, centre: tuple[int, int]) -> None:
        img = amazon_sprite(36, side)
        surface.blit(img, img.get_rect(center=(centre[0], centre[1] - 2)))

    def status_text(self) -> tuple[str, str]:
        left, right = super().status_text()
        if self.human_to_move and not right:
            right = _(STEP_TEXT[self.step])
        return left, right

    # -- drawing -------------------------------------------------------------------------------
    def _board_layer(self, grid: SquareGrid, margin: int, arrows: int,
                     overlay: State | None) -> pygame.Surface:
        """Board, burnt squares and territory overlay in one opaque image, rebuilt only when one
        of them changes (a move, a flip, the overlay switched)."""
        coords = self.app.settings.show_coordinates
        key = (grid.cell, grid.flipped, coords, arrows, None if overlay is None else overlay.key())
        if self._layer is not None and self._layer_key == key:
            return self._layer
        cell = int(grid.cell)
        base = opaque_board(cell, self.n, margin, grid.flipped, coords)
        layer = self._layer
        if layer is None or layer.get_size() != base.get_size():
            layer = pygame.Surface(base.get_size()).convert()
        layer.blit(base, (0, 0))
        local = SquareGrid(margin, margin, self.n, self.n, cell, grid.flipped)
        tile = burnt_tile(cell)
        geo = geometry(self.n)
        layer.blits([(tile, cell_rect(local, sq)) for sq in geo.squares_of(arrows)], False)
        if overlay is not None:
            terr = self.info(overlay).territory
            tiles = []
            for sq in range(self.n * self.n):
                owner = terr.queen_owner[sq]
                if owner is None and terr.queen_distance[0][sq] is not None:
                    owner = EQUAL
                if owner is not None:
                    tiles.append((territory_tile(cell, owner), cell_rect(local, sq)))
            layer.blits(tiles, False)
        self._layer, self._layer_key = layer, key
        self.layer_builds += 1
        return layer

    def draw_board(self, surface: pygame.Surface) -> None:
        grid, margin = self.layout()
        cell = int(grid.cell)
        state: State = self.state
        fl = self.flight
        if fl is not None:
            arrows = fl.before.arrows
        elif self.burn is not None:
            arrows = state.arrows & ~geometry(self.n).bit[self.burn.square]
        else:
            arrows = state.arrows
        overlay = (fl.before if fl is not None else state) if self.show_territory else None
        surface.blit(self._board_layer(grid, margin, arrows, overlay),
                     (round(grid.x) - margin, round(grid.y) - margin))
        if self.burn is not None:
            draw_burn_tile(surface, grid, self.burn)
        if fl is None and self.match.moves:
            self._draw_last_move(surface, grid, Move(*self.match.moves[-1]))
        playing = self.human_to_move and fl is None
        choices = self.step_choices() if playing else ()
        show_legal = self.app.settings.show_legal
        if playing and self.hover is not None and self.hover in choices:
            surface.blit(hover_tile(cell), cell_rect(grid, self.hover))
            origin = self.to if self.to is not None else self.frm
            if origin is not None:  # the line the amazon or the arrow would take
                dotted(surface, centre(grid, origin), centre(grid, self.hover), cell,
                        theme.TEXT)
        self._draw_amazons(surface, grid, state, fl)
        if fl is None:
            for sq in self.info().walled:
                walled_badge(surface, cell_rect(grid, sq))
        if playing and show_legal and self.frm is not None:
            occupied = self.frm if self.to is not None else None
            for sq in choices:
                marks.target_dot(surface, centre(grid, sq), cell, capture=sq == occupied)
        if self.frm is not None and playing:
            held = self.to if self.to is not None else self.frm
            marks.selection(surface, self._amazon_pos(grid, held), cell * 0.44, self.pulse())
        if fl is not None:
            draw_flight(surface, grid, fl)
        if self.burn is not None:
            draw_embers(surface, grid, self.burn)
        if self.hint_move is not None and fl is None:
            self._draw_hint(surface, grid, Move(*self.hint_move))
        elif self.hint_start is not None and fl is None:
            draw_start_hint(surface, grid, Move(*self.hint_start))
        if self.cursor_shown and playing:
            r = cell_rect(grid, self.cursor).inflate(-4, -4)
            pygame.draw.rect(surface, theme.BG_DEEP, r.inflate(2, 2), 5, border_radius=6)
            pygame.draw.rect(surface, theme.TEXT, r, 3, border_radius=6)
        self._draw_column(surface)

    def _amazon_pos(self, grid: SquareGrid, sq: int) -> tuple[float, float]:
        if sq == self.to and self.frm is not None and self.preview < 1.0:
            return lerp2(centre(grid, self.frm), centre(grid, sq), ease_in_out(self.preview))
        return centre(grid, sq)

    def _draw_amazons(self, surface: pygame.Surface, grid: SquareGrid, state: State,
                      fl: Flight | None) -> None:
        cell = int(grid.cell)
        size = round(cell * 0.96)
        for side in (R.WHITE, R.BLACK):
            img = amazon_sprite(size, side)
            for sq in R.amazons(state, side):
                pos = centre(grid, sq)
                if fl is not None and sq == fl.move.to and not fl.glide.done:
                    t = fl.head_start + (1 - fl.head_start) * fl.glide.value
                    pos = lerp2(centre(grid, fl.move.frm), pos, t)
                    pos = (pos[0], pos[1] - cell * 0.12 * math.sin(math.pi * fl.glide.t))
                elif sq == self.frm and self.to is not None:
                    faded = ghost(size, side)
                    surface.blit(faded, faded.get_rect(center=pos))
                    continue
                surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        if self.frm is not None and self.to is not None and fl is None:
            side = state.to_move
            img = amazon_sprite(size, side)
            pos = self._amazon_pos(grid, self.to)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_last_move(self, surface: pygame.Surface, grid: SquareGrid, move: Move) -> None:
        for sq in (move.frm, move.to, move.arrow):
            marks.last_move(surface, cell_rect(grid, sq).inflate(-2, -2))
        dotted(surface, centre(grid, move.to), centre(grid, move.arrow), grid.cell, theme.ACCENT)

    def _draw_hint(self, surface: pygame.Surface, grid: SquareGrid, move: Move) -> None:
        draw_hint(surface, grid, move, self.state.to_move)

    def _draw_column(self, surface: pygame.Surface) -> None:
        human = self.human_to_move
        if human:
            footer = _("Right-click: step back")
        else:
            # nobody thinking (a finished match, a solved puzzle): no footer, not a lone "…"
            footer = _("thinking") + "." * (1 + int(self.t * 3) % 3) if self.request_id else ""
        steps = MoveSteps(self.name_of(self.state.to_move), self.step if human else -1,
                          self.frm, self.to, footer)
        draw_column(surface, self.match, self.n, steps, self.info())

    # -- diagrams ------------------------------------------------------------------------------
    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        state = R.parse_position(position)
        area = pygame.Rect(rect)
        coords = min(area.width, area.height) >= 200
        grid, margin = fit_board(area, state.n, False, coords)
        paint_board(surface, grid, margin, coords)
        draw_pieces(surface, grid, state)

    @classmethod
    def draw_diagram_move(cls, surface: pygame.Surface, rect: pygame.Rect,
                          entry: registry.GameEntry, position: str, move: str) -> None:
        """A move (file notation) over `draw_diagram`'s picture of `position`, drawn as the
        match's hint (the review's better move)."""
        state = R.parse_position(position)
        area = pygame.Rect(rect)
        grid, _margin = fit_board(area, state.n, False, min(area.width, area.height) >= 200)
        draw_hint(surface, grid, Move(*entry.make_rules().parse_move(state, move)),
                  state.to_move)

    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The start position with its territory map, flanked by a large amazon of each side: on
        a small card the board's own pieces are tiny, the big pair says "Amazons" at a glance."""
        w, h = size
        surf = pygame.Surface(size)
        surf.fill(theme.BG_DEEP)
        entry = cls.registry_entry()
        rules = entry.make_rules()
        side = min(h - 8, w - 8)
        board = pygame.Rect((w - side) // 2, (h - side) // 2, side, side)
        start = rules.initial_state()
        cls.draw_diagram(surf, board, entry, rules.position_text(start))
        # the territory map of the start: the colours and patterns the game is about
        grid, _ = fit_board(board, start.n, False, side >= 200)
        terr = R.territory(start)
        cell = int(grid.cell)
        for sq, owner in enumerate(terr.queen_owner):
            if owner is not None:
                surf.blit(territory_tile(cell, owner), cell_rect(grid, sq))
        room = (w - side) // 2
        if room >= 24:
            big = min(round(h * 0.62) if h > 120 else h - 6, round(room * 1.35))
            for s, x in ((R.WHITE, room / 2), (R.BLACK, w - room / 2)):
                img = amazon_sprite(big, s)
                surf.blit(img, img.get_rect(midbottom=(round(x), h - 2)))
        return surf
