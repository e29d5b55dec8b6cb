"""The dissection puzzle screen: a shadow to fill, bright patterned pieces to drag, turn and flip
onto it. The Tangram and the Ostomachion are this screen with their own pieces (their scene.py).

The rules decide everything (`rules.check` refuses with a reason, `rules.snap` says where a
dropped piece lands, `rules.drop_move` what a drop means, `Hint()` is an ordinary move whose
target the rules choose, `rules.solved` says when the figure is complete). This module is the
half of the screen that is shown — set-up of a figure, the frame, the board, the side panel —
built on play.py (the attempt and the player's actions) and composing the jobs done elsewhere in
this package: the hand that turns input into moves (input.py), the board's pictures (painter.py,
sprites.py), the glides and the celebration (effects.py), the panel (panel.py), the words
(texts.py) and the still pictures for other screens (pictures.py).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame

from game import registry
from game.games.dissection import pictures
from game.games.dissection.effects import (
    Celebration,
    Motion,
    Particle,
)
from game.games.dissection.geometry import Fault, PieceSet, bounds
from game.games.dissection.input import Hand, Held, Turned
from game.games.dissection.levels import Level
from game.games.dissection.painter import HINT_GLOW, Painter, moving_pieces
from game.games.dissection.panel import (
    celebration_centre,
    celebration_note,
    draw_chooser,
    draw_controls,
    draw_note,
    draw_star_card,
)
from game.games.dissection.play import DissectionPlay
from game.games.dissection.rules import Hint
from game.games.dissection.rules import stars as stars_earned
from game.games.dissection.sprites import PieceSprites, Style
from game.games.dissection.texts import cap, fault_text
from game.games.dissection.view import View
from game.i18n import _, ngettext
from game.scenes.puzzle_base import BOARD_AREA, SIDE, LevelInfo, PuzzleScene, list_levels
from game.ui.tween import Tween
from game.ui.widgets import button

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.scenes.base import Host

class DissectionScene(DissectionPlay):
    """Challenge levels (info given) and free play (info None: any figure, chosen here).

    A puzzle's scene is a subclass that names its pieces, their looks and its menu picture.
    """

    #: The pieces and their looks (set by each puzzle's subclass).
    pieces: PieceSet
    styles: tuple[Style, ...]
    #: Print each piece's number on it (the Ostomachion's pieces are known by number).
    numbered = False
    #: Figure drawn on the menu card, from its reference solution.
    thumb_level = ""
    #: The piece lifted off its place on the menu card (it hovers over its dashed ghost).
    thumb_lifted = 0

    level: Level
    view: View
    painter: Painter
    hand: Hand
    celebration: Celebration

    def __init__(self, app: Host, entry: registry.GameEntry, info: LevelInfo | None,
                 free: bool = False, *, figure: int | str = 0, solution: int = 0,
                 play: str = "", drag: str = "", select: str = "", clock: float = 0.0) -> None:
        """`info` None is free play on any figure (`figure`: index or file stem).

        For tools and tests: `solution` puts that many pieces where the reference solution has
        them (largest first, as hints do, but not counted as hints), `play` plays moves in the
        rules' notation (separated by spaces or semicolons), `drag` picks up a piece (by id) and
        holds it just off its place in the solution, showing the snap ghost, `select` selects a
        piece, `clock` sets the time taken.
        """
        super().__init__(app, entry, info, free)
        self.figures = [lv for lv in list_levels(entry) if lv.error is None and lv.level is not None]
        self.figure = 0
        if info is None:
            if isinstance(figure, int) or str(figure).isdigit():
                self.figure = max(0, min(len(self.figures) - 1, int(figure)))
            else:
                self.figure = next((n for n, lv in enumerate(self.figures)
                                    if lv.id == figure or lv.id.endswith(str(figure))), 0)
        self.solve_btn.set_tooltip(
            _("Let the pieces go to a solution one by one — no stars this time"))
        self.hint_btn.set_tooltip(_("One piece glides to its place (H) — costs a star"))
        self.motions: dict[int, Motion] = {}
        #: The piece in the hand turning (the hand, the turn, its animation).
        self.turning: tuple[Held, Turned, Tween] | None = None
        self.last_input = 0.0  # scene time of the last mouse or key event on the board
        self.hint_glow: tuple[int, float] | None = None  # piece, since
        self.refused_at: tuple[int, Tween] | None = None
        self.watching = False
        self.watched = False
        self.watch_wait = 0.0
        self.started = False
        self.chooser: dict[str, Any] = {}
        #: A hint being worked out beside the frames: the thread and the position it is for.
        self._hint_job: tuple[threading.Thread, Any] | None = None
        #: (position key, inside figure per piece, faults): see _assessment
        self._assessed: tuple[Any, list[bool], list[Fault]] | None = None
        if info is None:
            self._build_chooser()
            level = self.figures[self.figure].level if self.figures else None
        else:
            level = info.level
        if not isinstance(level, Level):
            raise ValueError(f"no {self.pieces.name} level to play")
        self._setup(level)
        # tools and tests: start from a prepared position, still (no animation)
        if clock:
            self.elapsed = float(clock)
            self.started = True
        for _piece in range(max(0, int(solution))):
            self._place_solution_piece()
        if play:
            for text in str(play).replace(";", " ").split():  # a place move holds a comma
                self._commit(self.rules.parse_move(self.state, text), save=False)
        if select:
            self.selected = self.pieces.index(str(select))
        self.tweens.finish_all()
        self.motions.clear()
        self.check_solved()
        if drag and not self.is_solved:
            self._demo_drag(self.pieces.index(str(drag)))

    @classmethod
    def for_level(cls, app: Host, entry: registry.GameEntry, level: str | int | None = None,
                  **kwargs: Any) -> PuzzleScene:
        """As the base, plus `free_play=True` (tools: free play, `figure` picks the figure)."""
        if kwargs.pop("free_play", False):
            kwargs = {k: v for k, v in kwargs.items() if k not in ("variant", "position")}
            return cls(app, entry, None, free=True, **kwargs)
        return super().for_level(app, entry, level, **kwargs)

    def prepare(self, match: Match) -> None:
        """Continue: lay out the figure the saved attempt is on, when it is not this one (free
        play may have moved on to another figure)."""
        if match.level is None or match.level == self.level.id:
            return
        index = next((n for n, lv in enumerate(self.figures) if lv.id == match.level), None)
        if index is not None and isinstance(self.figures[index].level, Level):
            self.figure = index
            self._setup(self.figures[index].level)  # type: ignore[arg-type]

    # -- set-up ------------------------------------------------------------------------------------
    def _setup(self, level: Level) -> None:
        """Lay out a figure and start a fresh attempt at it."""
        self.level = level
        self.start_match({"level": level.id, "snap": True})
        assert self.match is not None
        self.rules = self.match.rules
        self.view = View.fit(self.rules.board, BOARD_AREA.inflate(-24, -24))
        self.sprites = PieceSprites(self.pieces, self.styles, self.numbered, self.view.scale)
        area = (BOARD_AREA.x, BOARD_AREA.y, BOARD_AREA.width, BOARD_AREA.height)
        self.hand = Hand(self.rules, lambda: self.state, self.view, area,
                         lambda: self.is_solved, self._settle)
        self.celebration = Celebration.render(self.view, level.silhouette)
        self._reset_attempt()
        self.painter = Painter(self.rules, level, self.view, BOARD_AREA, self.sprites)
        # orientations to render ahead of need, the likeliest (one turn either way) popped first
        n = self.pieces.steps
        first = [1, n - 1]
        turns = first + [t for t in range(1, n) if t not in first]
        self._warm: list[tuple[int, int, bool]] = [
            (i, t, f) for f in (True, False) for t in reversed(turns if not f else range(n))
            for i in range(self.pieces.count)]
        for i in range(self.pieces.count):  # the pictures the first frame needs
            self.sprites.piece(i, 0, False)
            self.sprites.shadow(i, 0, False)

    def _build_chooser(self) -> None:
        r = pygame.Rect(SIDE.x, SIDE.y + 270, SIDE.width, 150)
        prev = button(self.ui, (r.x + 12, r.bottom - 52, 150, 40), _("‹ Previous"),
                      _("The figure before (Page Up)"))
        nxt = button(self.ui, (r.right - 162, r.bottom - 52, 150, 40), _("Next ›"),
                     _("The next figure (Page Down)"))
        self.chooser = {"prev": prev, "next": nxt}
        self.extra_buttons[prev] = lambda: self.set_figure(self.figure - 1)
        self.extra_buttons[nxt] = lambda: self.set_figure(self.figure + 1)

    def set_figure(self, index: int) -> None:
        """Free play: change to another figure (wrapping round)."""
        if self.info is not None or not self.figures:
            return
        self.figure = index % len(self.figures)
        level = self.figures[self.figure].level
        assert isinstance(level, Level)
        self._setup(level)
        self.app.sounds.play("slide")

    @property
    def particles(self) -> list[Particle]:
        return self.celebration.particles

    @property
    def fill_t0(self) -> float | None:
        """Scene time the celebration's fill began (None: not celebrating)."""
        return self.celebration.start

    def solved(self) -> bool:
        return self.rules.solved(self.state)

    def placed_count(self) -> int:
        """Pieces lying inside the figure (the side panel's counter): one sticking out of it is
        not placed, wherever its centre lies."""
        return sum(self._assessment()[0])

    def _assessment(self) -> tuple[list[bool], list[Fault]]:
        """The rules' word on the position (rules.placed, rules.faults), asked once per
        position: the side panel, the status line and the red areas all read it each frame."""
        key = self.state.key()
        if self._assessed is None or self._assessed[0] != key:
            self._assessed = (key, self.rules.placed(self.state), self.rules.faults(self.state))
        return self._assessed[1], self._assessed[2]

    def fault(self) -> Fault | None:
        """The worst thing wrong with a figure that has every piece out and is not solved."""
        found = self._assessment()[1]
        return found[0] if found and not self.is_solved else None

    def fault_text(self, f: Fault) -> tuple[str, str]:
        """The fault in words for the status bar: which piece is wrong, and by how much."""
        return fault_text(self.pieces, self.numbered, f, self._assessment()[1])

    def moves_text(self) -> str:
        placed = self.placed_count()
        return ngettext("{placed}/{total} placed", "{placed}/{total} placed", placed).format(
            placed=placed, total=self.pieces.count)

    def has_progress(self) -> bool:
        return any(not self.rules.at_home(self.state, i) for i in range(self.pieces.count))

    def button_states(self) -> dict[Any, bool]:
        states = super().button_states()
        moves = self.match is not None and bool(self.match.moves)
        states[self.undo_btn] = moves or self.held is not None
        return states

    def par_text(self) -> str:
        if self.free:
            return ""
        m, s = divmod(self.level.par_seconds, 60)
        return _("par {n}").format(n=f"{m}:{s:02d}")


    def move_count(self) -> int | None:
        return None  # every drag is a move here: a count would measure nothing useful

    def stars(self) -> int:
        if self.watched and not self.free:
            return 0
        return stars_earned(self.elapsed, float(self.level.par_seconds), self.hints_used)

    def check_solved(self) -> None:
        if self.is_solved or not self.solved():
            return
        self.hand.reset()
        if self.watched and not self.free:
            # shown, not solved: celebrate the figure but record nothing (no stars, no unlock)
            self.is_solved = True
            self.solved_t = self.t
            self.earned = 0
            self.app.sounds.play("win")
            self.autosave()  # solved: nothing left to resume
        else:
            super().check_solved()
        self.watching = False
        self.solve_btn.set_text(_("Watch solution"))

    # -- frame ---------------------------------------------------------------------------------------
    def in_motion(self) -> bool:
        """Pieces gliding, one in hand, the solution playing, the fill and sparkles."""
        return bool(super().in_motion() or self.motions or self.held is not None or self.watching
                    or self.particles or self.hand.keys
                    or (self.hint_glow is not None and self.t < self.hint_glow[1] + 2.0))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll_hint()
        if not self.started:
            self.elapsed = 0.0  # the clock starts with the first move
        for i in [i for i, m in self.motions.items() if m.tween.done]:
            del self.motions[i]
        self.hand.glide(dt)
        if self.watching and not self.motions:
            self.watch_wait -= dt * max(self.tweens.speed, 0.01)
            if self.watch_wait <= 0:
                self.watch_wait = 0.25
                if not self.submit(Hint(), sound="slide"):
                    self._stop_watching()
        if self.is_solved and self.celebration.start is None and not self.motions:
            self.celebration.start = self.t
            self._spawn_party()
        self.celebration.update(dt)

    def _spawn_party(self) -> None:
        """Sparkles and confetti over the completed figure (a subclass may hold them back)."""
        self.celebration.spawn(self.view, self.level.silhouette, self.level.id,
                               [s.colour for s in self.styles], BOARD_AREA.y)

    def draw_board(self, surface: pygame.Surface) -> None:
        painter, state, held = self.painter, self.state, self.held
        moving = moving_pieces(state.order, self.motions)
        lifted = moving + ([held.piece] if held is not None else [])
        surface.blit(painter.layer(state, frozenset(lifted)), BOARD_AREA.topleft)
        for i in moving:
            painter.draw_piece(surface, i, self.motions[i], shadow_only=True)
        for i in moving:
            painter.draw_piece(surface, i, self.motions[i])
        if not self.is_solved:
            self._draw_marks(surface)
        if held is None and not moving and self.fault() is not None:
            painter.draw_faults(surface, self.state.key(),
                              (r for f in self._assessment()[1] for r in f.rings))
        if held is not None:
            turning = self.turning
            painter.draw_held(surface, held, turning[1:] if turning and turning[0] is held else None)
        start = self.celebration.start
        if start is not None:
            speed = self.tweens.speed
            self.celebration.draw_fill(surface, (self.t - start) * speed if speed > 0 else 99.0)
        if self.particles:
            self.celebration.draw_particles(surface, BOARD_AREA.inflate(-4, -4))
        if self._warm and not moving and held is None and not self.is_solved \
                and self.t - self.last_input > 0.5:
            # the player is thinking: render one more orientation ahead of need
            i, t, f = self._warm.pop()
            self.sprites.piece(i, t, f)
            self.sprites.shadow(i, t, f)

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """The hint glow, then (nothing in the hand) hover and selection outlines."""
        if self.hint_glow is not None:
            i, since = self.hint_glow
            age = self.t - since
            if i in self.motions or age < 0:
                pass
            elif age < HINT_GLOW:
                self.painter.draw_hint_glow(surface, self.state.placements[i], i, age)
            else:
                self.hint_glow = None
        if self.held is None:
            self.painter.draw_marks(surface, self.state, self.motions, self.hand.hover,
                                  self.selected, self.refused_at)

    def draw_celebration(self, surface: pygame.Surface) -> None:
        """The stars panel over the (now empty) tray, clear of the completed figure."""
        x0, y0, x1, y1 = bounds(r.outer for r in self.level.silhouette)
        cx, cy = celebration_centre(self.painter.tray_rect(), self.view.to_screen((x1, y0))[0])
        dx, dy = int(cx - BOARD_AREA.centerx), int(cy - BOARD_AREA.y - 20)
        area = pygame.Rect(dx, dy, surface.get_width() - dx, surface.get_height() - dy)
        super().draw_celebration(surface.subsurface(area))
        note = celebration_note(self.watched, self.hints_used, self.free)
        if note:
            draw_note(surface, note, (cx, cy))

    def draw_side_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.free:
            draw_star_card(surface, rect, self.level.par_seconds, self.stars(), self.hints_used)
            return
        thumb = getattr(self, "_fig_thumb", None)
        if thumb is None or thumb[0] != self.level.id:
            info = self.info or self.figures[self.figure]
            self._fig_thumb = (self.level.id, self.level_thumbnail(info, (90, 62)))
            thumb = self._fig_thumb
        where = _("Figure {n} of {total}").format(n=self.figure + 1, total=len(self.figures)) \
            if self.info is None else _("Level {number} · free mode").format(
                number=self.info.index + 1)
        draw_chooser(surface, rect, thumb[1], where, _(self.level.title))

    def draw_side(self, surface: pygame.Surface) -> None:
        super().draw_side(surface)
        if not self.is_solved:
            draw_controls(surface)

    def status_text(self) -> tuple[str, str]:
        if self.is_solved:
            if self.watched and not self.free:
                return _("{level}: solution shown").format(level=_(self.level.title)), \
                    _("R: now try it yourself")
            if self.info is None:
                right = _("Page Down: next figure · R: again")
            elif self.next_info() is not None:
                right = _("Enter: next level · R: again")
            else:
                right = _("R: again")
            return _("{level} complete!").format(level=_(self.level.title)), right
        if self.watching:
            return _("Watching a solution…"), _("click or press any key to stop")
        if self.held is not None:
            what = cap(self.piece_name(self.held.piece))
            right = _("Q/E turn · F flip · Esc put back")
            if self.held.ghost is not None:
                return _("{piece}: let go to snap it in").format(piece=what), right
            return _("{piece}: drop it on the shadow").format(piece=what), right
        if self.selected is not None:
            return (_("{piece} selected").format(piece=cap(self.piece_name(self.selected))),
                    _("arrows move · Q/E turn · F flip · Tab next"))
        f = self.fault()
        if f is not None:
            return self.fault_text(f)
        hints = ngettext("{n} hint used", "{n} hints used", self.hints_used).format(
            n=self.hints_used) if self.hints_used else _("H: hint")
        return _("Fill the shadow with all the pieces"), hints

    # -- pictures for other screens (pictures.py) ----------------------------------------------------
    @classmethod
    def thumbnail(cls, size: tuple[int, int]) -> pygame.Surface:
        """The menu card: a figure built from the pieces, one of them being laid in place."""
        return pictures.menu_card(size, cls.pieces, cls.styles, cls.numbered, cls.thumb_level,
                                  cls.thumb_lifted)

    @classmethod
    def level_thumbnail(cls, info: LevelInfo, size: tuple[int, int]) -> pygame.Surface | None:
        level = info.level
        return pictures.level_card(level, size) if isinstance(level, Level) else None

    @classmethod
    def draw_diagram(cls, surface: pygame.Surface, rect: pygame.Rect, entry: registry.GameEntry,
                     position: str) -> None:
        pictures.draw_diagram(surface, rect, cls.pieces, cls.styles, cls.numbered, position)
