"""The player's hand on a dissection board: pick, drag, turn, flip and drop pieces (no pygame).

The scene turns pygame events into calls here (screen points, scene times, direction names) and
plays what comes back: a move for the rules, a piece to put back, a turn to animate. The hand
holds the input state — the piece in the hand, a press that may become a drag, the last click
(for double-clicks), the piece under the pointer, the selected piece, arrow keys held — and asks
the rules for every decision (`snap`, `contacts`, `drop_move`, `piece_at`), so it is tested
directly, without a window.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.games.dissection.geometry import Placement, Point
from game.games.dissection.rules import DissectionRules, Move, PickUp, PuzzleState
from game.games.dissection.view import ScreenPoint, View

#: Seconds between the two clicks of a double-click (measured on the scene's own clock).
DOUBLE_CLICK = 0.4
#: A press becomes a drag once the pointer has moved this many pixels.
DRAG_START = 5
#: Seconds a held arrow key waits before the piece glides on its own.
KEY_REPEAT_DELAY = 0.28
#: Arrow directions: (dx, dy) in the puzzle frame (y up).
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


@dataclass
class Held:
    """The piece in the player's hand: dragged by the mouse or carried with the arrow keys."""

    piece: int
    start: Placement  # where it lay when picked up (Esc puts it back)
    raw: Placement  # where the hand holds it now (turns and flips apply here)
    offset: Point  # centroid minus the pointer, in puzzle units (mouse only)
    mouse: bool
    ghost: Placement | None = None  # where a drop lands once snapped (None: nowhere new)
    contacts: tuple[Point, ...] = ()  # corners that touch after the snap


@dataclass(frozen=True)
class Turned:
    """A turn or flip of the piece in the hand, for the scene to animate: the orientation it had
    and the signed turn on the way (degrees counter-clockwise; 0 for a flip)."""

    turn: int
    flipped: bool
    spin: float


@dataclass(frozen=True)
class Click:
    """What a left click on the board asks for: `drop` (let the carried piece go), `none`
    (on no piece: nothing selected), `refuse` (the figure is solved: the rules say why nothing
    moves), `flip` (a double-click turns the piece over), `press` (may become a drag)."""

    kind: str
    piece: int | None = None


class Hand:
    """Input state of one dissection board and the decisions it asks of the rules."""

    def __init__(self, rules: DissectionRules, state: Callable[[], PuzzleState], view: View,
                 area: tuple[float, float, float, float], locked: Callable[[], bool],
                 before_pick: Callable[[], None] = lambda: None) -> None:
        """`state` gives the current position, `area` (x, y, width, height) is the board on
        screen, `locked` says when the figure is solved (nothing may be picked up then),
        `before_pick` runs as a piece is taken in the hand (the scene ends its glides)."""
        self.rules = rules
        self.state = state
        self.view = view
        self.area = area
        self.locked = locked
        self.before_pick = before_pick
        self.held: Held | None = None
        self.press: tuple[int, ScreenPoint, Point] | None = None  # piece, where, grab offset
        self.last_click: tuple[int, float] | None = None
        self.hover: int | None = None
        self.selected: int | None = None
        self.pointer: ScreenPoint = (0.0, 0.0)
        self.keys: dict[str, float] = {}  # held arrow direction -> seconds held
        self.keys_fine = False  # Shift was down with the last arrow: glide finely

    def reset(self) -> None:
        """A fresh attempt: nothing in the hand, no press pending."""
        self.held = None
        self.press = None

    # -- where ----------------------------------------------------------------------------------
    def on_board(self, pos: ScreenPoint) -> bool:
        x, y, w, h = self.area
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    def piece_under(self, pos: ScreenPoint) -> int | None:
        """The topmost piece under a screen point on the board, or None."""
        if not self.on_board(pos):
            return None
        return self.rules.piece_at(self.state(), self.view.to_frame(pos))

    def clamp(self, p: Placement) -> Placement:
        """The placement with its centroid kept on the board (the rules refuse beyond)."""
        x0, y0, x1, y1 = self.rules.board
        return Placement(min(x1, max(x0, p.x)), min(y1, max(y0, p.y)), p.turn, p.flipped)

    # -- the piece in the hand ------------------------------------------------------------------
    def pick(self, i: int, offset: Point, mouse: bool) -> bool:
        """Take piece i in the hand (False once the figure is solved)."""
        if self.locked():
            return False
        self.before_pick()
        p = self.state().placements[i]
        self.held = Held(i, p, p, offset, mouse)
        self.selected = i
        self.update_ghost()
        return True

    def hold_at(self, i: int, raw: Placement) -> None:
        """Hold piece i at `raw` as if dragged there (tools: a drag shown mid-way)."""
        self.pointer = self.view.to_screen((raw.x, raw.y))
        self.held = Held(i, self.state().placements[i], raw, (0.0, 0.0), True)
        self.selected = i
        self.update_ghost()

    def update_ghost(self) -> None:
        """Where a drop would land now (the rules' snap) and the corners it locks onto."""
        h = self.held
        if h is None:
            return
        state = self.state()
        snapped = self.rules.snap(state, h.piece, h.raw)
        h.ghost = snapped if snapped != h.raw else None
        h.contacts = self.rules.contacts(state, h.piece, snapped) if h.ghost is not None else ()

    def turn_held(self, steps: int = 0, flip: bool = False) -> Turned | None:
        """Turn (steps, counter-clockwise) or flip the piece in the hand; a mouse-held piece
        turns about the pointer, so the grabbed point stays under it."""
        h = self.held
        if h is None:
            return None
        old = h.raw
        pieces = self.rules.pieces
        if flip:
            new = pieces.flipped_in_place(old)
            spin = 0.0
        else:
            new = Placement(old.x, old.y, (old.turn + steps) % pieces.steps, old.flipped)
            spin = steps * 360.0 / pieces.steps
        if h.mouse:
            ox, oy = h.offset
            if flip:
                h.offset = (-ox, oy)
            else:
                a = math.radians(spin)
                h.offset = (ox * math.cos(a) - oy * math.sin(a), ox * math.sin(a) + oy * math.cos(a))
            px, py = self.view.to_frame(self.pointer)
            new = Placement(px + h.offset[0], py + h.offset[1], new.turn, new.flipped)
        h.raw = self.clamp(new)
        self.update_ghost()
        return Turned(old.turn, old.flipped, spin)

    def release(self) -> tuple[Held, Move | None] | None:
        """Let go of the held piece: (the hand, the move its drop means — None when nothing
        changes); None when the hand was empty. The drop lands on the ghost, else where held."""
        h = self.held
        if h is None:
            return None
        self.held = None
        return h, self.rules.drop_move(self.state(), h.piece, h.ghost or h.raw)

    def nudge(self, direction: str, fine: bool, amount: float = 1.0) -> None:
        """Move the carried piece a step (a 32nd of the puzzle's side; Shift: a 128th)."""
        h = self.held
        if h is None or h.mouse:
            return
        step = self.rules.pieces.side / (128 if fine else 32) * amount
        dx, dy = DIRECTIONS[direction]
        h.raw = self.clamp(Placement(h.raw.x + dx * step, h.raw.y + dy * step, h.raw.turn,
                                     h.raw.flipped))
        self.update_ghost()

    def arrow(self, direction: str, fine: bool) -> bool:
        """An arrow key pressed: carry the selected (else the top) piece and move it a step.
        True when this picked the piece up."""
        picked = False
        if self.held is None:
            if self.selected is None:
                self.selected = self.state().order[-1]
            picked = self.pick(self.selected, (0.0, 0.0), mouse=False)
        self.keys[direction] = 0.0
        self.keys_fine = fine
        self.nudge(direction, fine)
        return picked

    def glide(self, dt: float) -> None:
        """Held arrow keys: after a short wait the piece glides a side per second."""
        if self.keys and self.held is not None and not self.held.mouse:
            for direction in list(self.keys):
                self.keys[direction] += dt
                if self.keys[direction] > KEY_REPEAT_DELAY:
                    self.nudge(direction, self.keys_fine, dt * 32)
        elif self.keys and self.held is None:
            self.keys.clear()

    def cycle(self, backwards: bool) -> None:
        """Tab: select the next piece (Shift: the one before)."""
        count = self.rules.pieces.count
        cur = self.selected if self.selected is not None else (-1 if not backwards else 0)
        self.selected = (cur + (-1 if backwards else 1)) % count

    # -- the mouse ------------------------------------------------------------------------------
    def button_down(self, pos: ScreenPoint, t: float) -> Click:
        """The left button went down on the board at scene time t."""
        self.pointer = (float(pos[0]), float(pos[1]))
        i = self.piece_under(pos)
        if self.held is not None and not self.held.mouse:
            return Click("drop")  # a click while carrying with the keys lets the piece go
        if i is None:
            self.selected = None
            return Click("none")
        if self.locked():
            self.selected = i
            return Click("refuse", i)
        if self.last_click is not None and self.last_click[0] == i \
                and t - self.last_click[1] <= DOUBLE_CLICK:
            self.last_click = None
            self.selected = i
            return Click("flip", i)
        p = self.state().placements[i]
        fx, fy = self.view.to_frame(pos)
        self.press = (i, self.pointer, (p.x - fx, p.y - fy))
        return Click("press", i)

    def button_up(self, t: float) -> bool:
        """The left button went up: True when a dragged piece is to be dropped."""
        press, self.press = self.press, None
        if self.held is not None and self.held.mouse:
            self.last_click = None
            return True
        if press is not None:
            self.selected = press[0]
            self.last_click = (press[0], t)
        return False

    def moved(self, pos: ScreenPoint) -> bool:
        """The pointer moved: a press past DRAG_START pixels picks its piece up, a held piece
        follows (snapping as it goes), otherwise the piece under the pointer is hovered. True
        when this started a drag."""
        self.pointer = (float(pos[0]), float(pos[1]))
        picked = False
        if self.press is not None and self.held is None:
            i, where, offset = self.press
            if math.dist(where, self.pointer) > DRAG_START:
                self.press = None
                picked = self.pick(i, offset, mouse=True)
        h = self.held
        if h is not None and h.mouse:
            fx, fy = self.view.to_frame(self.pointer)
            h.raw = self.clamp(Placement(fx + h.offset[0], fy + h.offset[1], h.raw.turn,
                                         h.raw.flipped))
            self.update_ghost()
            self.hover = None
        elif h is None:
            self.hover = self.piece_under(self.pointer)
        return picked

    def turn_target(self) -> int | None:
        """The piece a wheel turn at rest applies to: the one under the pointer."""
        return self.piece_under(self.pointer)

    def put_back_target(self) -> int | None:
        """Backspace applies to the piece in the hand, else the hovered, else the selected."""
        if self.held is not None:
            return self.held.piece
        return self.hover if self.hover is not None else self.selected

    def send_back(self) -> tuple[int, Move | None, dict[int, Placement]] | None:
        """Backspace: (piece, the move — None when a piece carried out of the tray was never
        dropped, so it simply goes back —, where it is shown now); None with no target."""
        i = self.put_back_target()
        if i is None:
            return None
        shown: dict[int, Placement] = {}
        if self.held is not None:
            shown = {i: self.held.raw}
            self.held = None
        if shown and self.rules.at_home(self.state(), i):
            return i, None, shown
        return i, PickUp(i), shown
