"""Rules of every dissection puzzle (Tangram, Ostomachion): levels, moves, solved, hints.

The rules take the piece set as data (game/games/<puzzle>/pieces.py); each puzzle's own rules.py
binds its pieces and is the registry's face.

A level (a Tiled .tmx file) holds a silhouette and a reference solution. The state is where every
piece lies (centroid, turn, flip), their stacking order and how many hints were used. Moves put a
piece somewhere (the result of a drag, already snapped by the scene), turn it a step, flip it,
send it back to the tray, or ask for a hint. The puzzle is solved when the pieces cover the
silhouette with no gap and no overlap, within the tolerance documented in geometry.PieceSet.

Levels (the .tmx files and their format) are read by levels.py.

Move notation: `LT1@1.5,2.25r3` (place, `f` at the end when turned over), `LT1r+1` (turn one step
counter-clockwise, `r-1` clockwise), `LT1f` (flip in place), `LT1^` (back to the tray), `hint`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.games.dissection.geometry import (
    Fault,
    PieceSet,
    Placement,
    Point,
    Ring,
    board_bounds,
    contacts,
    faults,
    inside_figure,
    is_tiled,
    overlap_area,
    pieces_at,
    snap,
    tray_homes,
)
from game.games.dissection.levels import Level
from game.games.dissection.solver import complete, in_place
from game.i18n import _

#: A piece is exactly on a hint's target when every corner is this close (rounding only).
EXACT_DISTANCE = 1e-6


# --------------------------------------------------------------------------------------------
# State and moves


@dataclass(frozen=True, slots=True)
class Place:
    """Put a piece at a placement (the end of a drag)."""

    piece: int
    x: float
    y: float
    turn: int
    flipped: bool = False


@dataclass(frozen=True, slots=True)
class Rotate:
    """Turn a piece in place by `steps` rotation steps (positive = counter-clockwise)."""

    piece: int
    steps: int


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn a piece over in place (mirror left to right)."""

    piece: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """Send a piece back to its place in the tray."""

    piece: int


@dataclass(frozen=True, slots=True)
class Hint:
    """Place one more piece of the reference solution (costs a star in challenge mode)."""


Move = Place | Rotate | Flip | PickUp | Hint


@dataclass(frozen=True, slots=True)
class PuzzleState:
    """Where every piece lies, which is on top (`order`, bottom first) and hints used so far."""

    level_id: str
    placements: tuple[Placement, ...]
    order: tuple[int, ...]
    hints: int = 0

    @property
    def to_move(self) -> int:
        return 0

    def key(self) -> tuple[Any, ...]:
        return (self.level_id, self.placements, self.order)


def stars(seconds: float, par_seconds: float, hints: int) -> int:
    """Challenge-mode stars for a solved figure: 3 within par time, 2 within twice par, else 1;
    each hint used costs one star, never going below 0."""
    earned = 3 if seconds <= par_seconds else 2 if seconds <= 2 * par_seconds else 1
    return max(0, earned - max(0, hints))


_PLACE = re.compile(r"^([A-Za-z]+\d*)@([-+0-9.eE]+),([-+0-9.eE]+)r(\d+)(f?)$")
_ROTATE = re.compile(r"^([A-Za-z]+\d*)r([-+]\d+)$")
_FLIP = re.compile(r"^([A-Za-z]+\d*)f$")
_PICKUP = re.compile(r"^([A-Za-z]+\d*)\^$")


@dataclass(frozen=True)
class HintPlan:
    """What a hint does: every piece's placement after it, the piece it moves, and why.

    `kind`: "build" (one more piece of a solution that keeps all the player's pieces),
    "blocker" (no solution keeps them all: `piece` is the one in the way, moved to its place in
    a solution that keeps the others), "stored" (none keeps them even then: the level's stored
    solution is followed), "cut" (the search for a solution keeping them ran out of time).
    """

    placements: tuple[Placement, ...]
    piece: int
    kind: str


class DissectionRules:
    """A dissection puzzle on one level: the Tangram, or the Ostomachion with its own pieces."""

    #: Piece trials a hint may spend searching for a solution around the player's pieces
    #: (deterministic, so replayed hints land the same; the tangram never needs half of it).
    SEARCH_BUDGET = 4000

    def __init__(self, pieces: PieceSet, level: Level, variant: str = "standard",
                 options: Mapping[str, Any] | None = None) -> None:
        if level.puzzle != pieces.name:
            raise ValueError(f"level {level.id} is a {level.puzzle} level, not {pieces.name}")
        self.pieces = pieces
        self.level = level
        self.game_id = pieces.name
        self.variant = variant
        self.options: Mapping[str, Any] = dict(options or {})
        #: Where each piece waits before it is used (and goes back to when picked up).
        self.homes = tray_homes(pieces, level.silhouette)
        #: (min x, min y, max x, max y) of the playing area; centroids must stay inside.
        self.board = board_bounds(pieces, level.silhouette, self.homes)
        self._plans: dict[Any, HintPlan] = {}

    # -- state --------------------------------------------------------------------------------

    def initial_state(self) -> PuzzleState:
        return PuzzleState(self.level.id, self.homes, tuple(range(self.pieces.count)))

    def solved(self, state: PuzzleState) -> bool:
        return is_tiled(self.pieces, state.placements, self.level.silhouette)

    def outcome(self, state: PuzzleState) -> Outcome | None:
        if self.solved(state):
            return Outcome(0, f"{self.level.title} is complete")
        return None

    def polygons(self, state: PuzzleState) -> list[Ring]:
        """Every piece's vertices as placed (index order), for drawing."""
        return [self.pieces.vertices(i, p) for i, p in enumerate(state.placements)]

    def at_home(self, state: PuzzleState, i: int) -> bool:
        return state.placements[i] == self.homes[i]

    # -- moves --------------------------------------------------------------------------------

    def legal_moves(self, state: PuzzleState) -> list[Move]:
        """The finite moves: turns, flips, pick-ups and a hint. `Place` moves are continuous
        (any point of the board) and so are not listed; `check` judges them."""
        if self.solved(state):
            return []
        moves: list[Move] = []
        for i in range(self.pieces.count):
            moves += [Rotate(i, 1), Rotate(i, -1), Flip(i)]
            if not self.at_home(state, i):
                moves.append(PickUp(i))
        moves.append(Hint())
        return moves

    def check(self, state: PuzzleState, move: Move) -> str | None:
        if isinstance(move, Hint):
            if self.solved(state):
                return _("the figure is already complete")
            return None
        if not isinstance(move, Place | Rotate | Flip | PickUp):
            return _("not a move of this puzzle: {move}").format(move=repr(move))
        if isinstance(move.piece, bool) or not isinstance(move.piece, int) \
                or not 0 <= move.piece < self.pieces.count:
            return _("there is no piece number {n}").format(n=move.piece)
        if self.solved(state):
            return _("the figure is already complete")
        if isinstance(move, Place):
            if not (math.isfinite(move.x) and math.isfinite(move.y)):
                return _("that position is not a number")
            x0, y0, x1, y1 = self.board
            if not (x0 <= move.x <= x1 and y0 <= move.y <= y1):
                return _("that would put the piece off the board")
            if isinstance(move.turn, bool) or not isinstance(move.turn, int) \
                    or not 0 <= move.turn < self.pieces.steps:
                return _("a turn is a whole number from 0 to {n}").format(n=self.pieces.steps - 1)
        if isinstance(move, Rotate) and (isinstance(move.steps, bool)
                                         or not isinstance(move.steps, int)):
            return _("a rotation is a whole number of steps")
        if isinstance(move, PickUp) and self.at_home(state, move.piece):
            return _("that piece is already in the tray")
        return None

    def play(self, state: PuzzleState, move: Move) -> PuzzleState:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        placements = list(state.placements)
        hints = state.hints
        if isinstance(move, Hint):
            plan = self.plan_hint(state)
            if plan is None:
                raise IllegalMove(_("every piece is already where the solution puts it"))
            new, moved = plan.placements, plan.piece
            return PuzzleState(state.level_id, new, _to_top(state.order, moved), hints + 1)
        i = move.piece
        old = placements[i]
        if isinstance(move, Place):
            placements[i] = Placement(float(move.x), float(move.y), move.turn, bool(move.flipped))
        elif isinstance(move, Rotate):
            placements[i] = Placement(old.x, old.y, (old.turn + move.steps) % self.pieces.steps,
                                      old.flipped)
        elif isinstance(move, Flip):
            placements[i] = self.pieces.flipped_in_place(old)
        else:
            placements[i] = self.homes[i]
        return PuzzleState(state.level_id, tuple(placements), _to_top(state.order, i), hints)

    # -- help for the scene ---------------------------------------------------------------------

    def snap(self, state: PuzzleState, i: int, placement: Placement,
             radius: float | None = None) -> Placement:
        """Snap piece i dragged to `placement` onto the silhouette or the pieces already out of
        the tray (see geometry.snap); unchanged when the level option `snap` is off."""
        if not self.options.get("snap", True):
            return placement
        others = [self.pieces.vertices(j, p) for j, p in enumerate(state.placements)
                  if j != i and p != self.homes[j]]
        return snap(self.pieces, i, placement, self.level.silhouette, others, radius)

    def contacts(self, state: PuzzleState, i: int, placement: Placement) -> tuple[Point, ...]:
        """Corners of piece i at `placement` resting on the silhouette's edge or on a piece out
        of the tray (the points a snapped drop locks onto, marked while it is held)."""
        others = [self.pieces.vertices(j, p) for j, p in enumerate(state.placements)
                  if j != i and p != self.homes[j]]
        return contacts(self.pieces, i, placement, self.level.silhouette, others)

    def placed(self, state: PuzzleState) -> list[bool]:
        """For each piece, whether it lies inside the figure (a piece sticking out of it is not
        placed, wherever its centre lies): the side panel's "n/7 placed"."""
        return inside_figure(self.pieces, state.placements, self.level.silhouette)

    def faults(self, state: PuzzleState) -> list[Fault]:
        """What keeps a figure with every piece out of the tray from being solved (worst first):
        pieces sticking out, overlapping, the area left bare. Empty while a piece is still in the
        tray (the figure is not finished: nothing is wrong yet) or once solved."""
        out = [i for i in range(self.pieces.count) if not self.at_home(state, i)]
        if len(out) < self.pieces.count or self.solved(state):
            return []
        return faults(self.pieces, state.placements, self.level.silhouette, out)

    def near_home(self, i: int, placement: Placement) -> bool:
        """True when piece i at `placement` is laid back on its own place in the tray: within an
        eighth of the puzzle's side of it, in the tray's orientation."""
        home = self.homes[i]
        return (math.hypot(placement.x - home.x, placement.y - home.y) < self.pieces.side / 8
                and placement.turn == home.turn and placement.flipped == home.flipped)

    def drop_move(self, state: PuzzleState, i: int, target: Placement) -> Move | None:
        """The move a drop of piece i at `target` (already snapped) means: back to the tray when
        it lands on its own place there, else put there; None when nothing changes (laid back
        where it lay, or lifted out of the tray and laid back in it)."""
        if target == state.placements[i]:
            return None
        if self.near_home(i, target):
            return None if self.at_home(state, i) else PickUp(i)
        return Place(i, target.x, target.y, target.turn, target.flipped)

    def settled_move(self, state: PuzzleState, move: Rotate | Flip) -> Move:
        """A turn or flip as played: in the tray (or once solved) the move itself; on the board,
        the snapped drop it leads to when the turned piece lies near an edge or a corner."""
        i = move.piece
        if self.at_home(state, i) or self.solved(state):
            return move
        p = state.placements[i]
        if isinstance(move, Rotate):
            new = Placement(p.x, p.y, (p.turn + move.steps) % self.pieces.steps, p.flipped)
        else:
            new = self.pieces.flipped_in_place(p)
        snapped = self.snap(state, i, new)
        if snapped == new:
            return move
        return Place(i, snapped.x, snapped.y, snapped.turn, snapped.flipped)

    def snap_in_place(self, state: PuzzleState, i: int) -> Move | None:
        """Piece i, at rest on the board, snapped where it lies; None in the tray or when the
        snap would not move it."""
        if self.at_home(state, i):
            return None
        p = state.placements[i]
        s = self.snap(state, i, p)
        return None if s == p else Place(i, s.x, s.y, s.turn, s.flipped)

    def pieces_at(self, state: PuzzleState, point: Point) -> list[int]:
        """Pieces under a point, topmost first."""
        return pieces_at(self.pieces, state.placements, state.order, point)

    def piece_at(self, state: PuzzleState, point: Point) -> int | None:
        """The topmost piece under a point, or None."""
        hits = self.pieces_at(state, point)
        return hits[0] if hits else None

    def hint_placements(self, state: PuzzleState) -> tuple[tuple[Placement, ...], int] | None:
        """One more piece put in place: (new placements, the piece); None when solved.
        See `plan_hint` for how the piece and its place are chosen."""
        plan = self.plan_hint(state)
        return None if plan is None else (plan.placements, plan.piece)

    def plan_hint(self, state: PuzzleState) -> HintPlan | None:
        """What a hint does, building on the player's work wherever a solution allows it.

        The pieces lying inside the figure without overlapping (solver.in_place) are kept.
        If they all sit where the level's stored solution has them, its next piece (largest
        first) goes to its place. Otherwise any solution keeping them all is searched for
        (solver.complete) and its largest missing piece placed. When none exists, the kept
        piece that blocks (the one whose removal lets a solution exist, latest laid first)
        moves to its place in that solution. Only when that fails too does the hint follow
        the stored solution, and pieces in its way go back to the tray. None when solved.
        """
        if self.solved(state):
            return None
        cached = self._plans.get(state.key())
        if cached is not None:
            return cached
        plan = self._plan_hint(state)
        if len(self._plans) > 32:
            self._plans.clear()
        self._plans[state.key()] = plan
        return plan

    def planned(self, state: PuzzleState) -> bool:
        """Is the hint for `state` already worked out (so `plan_hint` answers at once)?"""
        return state.key() in self._plans

    def _plan_hint(self, state: PuzzleState) -> HintPlan:
        ps = self.pieces
        kept = [i for i in in_place(ps, state.placements, self.level.silhouette, state.order)
                if not self.at_home(state, i)]
        stored = self._stored_plan(state, kept)
        if stored is not None:
            return stored
        fixed = {i: state.placements[i] for i in kept}
        found = complete(ps, self.level.silhouette, fixed, budget=self.SEARCH_BUDGET)
        if found.placements is not None:
            free = [i for i in range(ps.count) if i not in fixed]
            return self._towards(state, found.placements, free, set(kept), "build")
        if not found.exhausted:
            # no solution keeps them all: find the piece in the way, latest laid first
            spent = 0
            for k in reversed([i for i in state.order if i in fixed]):
                if spent > self.SEARCH_BUDGET:
                    break
                rest = {i: p for i, p in fixed.items() if i != k}
                other = complete(ps, self.level.silhouette, rest, budget=self.SEARCH_BUDGET // 3)
                spent += other.nodes
                if other.placements is not None:
                    return self._towards(state, other.placements, [k], set(rest), "blocker")
        plan = self._stored_plan(state, [])
        assert plan is not None  # not solved: the stored solution has a piece left to place
        return HintPlan(plan.placements, plan.piece, "cut" if found.exhausted else "stored")

    def _towards(self, state: PuzzleState, solution: Sequence[Placement], candidates: list[int],
                 keep: set[int], kind: str) -> HintPlan:
        """Move the largest candidate to its place in `solution`; pieces in its way (never
        those in `keep`) go back to the tray."""
        ps = self.pieces
        todo = [i for i in candidates
                if not ps.same_region(ps.vertices(i, state.placements[i]),
                                      ps.vertices(i, solution[i]), EXACT_DISTANCE)]
        mover = min(todo or candidates, key=lambda i: (-ps.areas[i], i))
        return HintPlan(self._cleared(state, mover, solution[mover], keep), mover, kind)

    def _cleared(self, state: PuzzleState, mover: int, placement: Placement,
                 keep: set[int]) -> tuple[Placement, ...]:
        new = list(state.placements)
        new[mover] = placement
        target = self.pieces.polygon(mover, placement)
        for k in range(self.pieces.count):
            if k != mover and k not in keep \
                    and overlap_area(target, self.pieces.polygon(k, new[k])) > 1e-9:
                new[k] = self.homes[k]
        return tuple(new)

    def _stored_plan(self, state: PuzzleState, kept: list[int]) -> HintPlan | None:
        """The next piece of the stored solution, if every kept piece is one of its pieces.

        Targets already covered exactly by a matching piece (a twin counts) are kept. The first
        uncovered target, largest first, gets its own piece if that piece is free, else a free
        congruent piece; pieces lying across the target go back to the tray.
        """
        ps = self.pieces
        targets = [ps.vertices(i, p) for i, p in enumerate(self.level.solution)]
        current = [ps.vertices(i, p) for i, p in enumerate(state.placements)]
        busy: set[int] = set()
        covered: set[int] = set()
        for t in range(ps.count):
            for j in ([t] + [k for k in range(ps.count) if k != t]):
                # exact match only: pieces each just inside the tolerance could add up to a
                # figure that is not solved, and then no hint would be left to fix it
                if j not in busy and ps.same_region(current[j], targets[t], EXACT_DISTANCE):
                    busy.add(j)
                    covered.add(t)
                    break
        if any(k not in busy for k in kept):
            return None
        todo = [t for t in sorted(range(ps.count), key=lambda t: (-ps.areas[t], t))
                if t not in covered]
        if not todo:
            return None
        t = todo[0]
        for j in ([t] + [k for k in range(ps.count) if k != t]):
            if j in busy:
                continue
            placement = self.level.solution[t] if j == t else ps.find_placement(j, targets[t])
            if placement is not None:
                return HintPlan(self._cleared(state, j, placement, busy), j, "build")
        return None  # cannot happen: the target's own piece is free or covers it

    # -- text -----------------------------------------------------------------------------------

    def to_notation(self, state: PuzzleState, move: Move) -> str:
        if isinstance(move, Hint):
            return "hint"
        pid = self.pieces.ids[move.piece]
        if isinstance(move, Place):
            return f"{pid}@{move.x!r},{move.y!r}r{move.turn}{'f' if move.flipped else ''}"
        if isinstance(move, Rotate):
            return f"{pid}r{move.steps:+d}"
        if isinstance(move, Flip):
            return f"{pid}f"
        return f"{pid}^"

    def parse_move(self, state: PuzzleState, text: str) -> Move:
        t = text.strip()
        move: Move
        if t.lower() == "hint":
            move = Hint()
        elif m := _PLACE.match(t):
            try:
                x, y = float(m.group(2)), float(m.group(3))
            except ValueError:
                raise IllegalMove(f"cannot read the position in {text!r}") from None
            move = Place(self._piece(m.group(1), text), x, y, int(m.group(4)), m.group(5) == "f")
        elif m := _ROTATE.match(t):
            move = Rotate(self._piece(m.group(1), text), int(m.group(2)))
        elif m := _FLIP.match(t):
            move = Flip(self._piece(m.group(1), text))
        elif m := _PICKUP.match(t):
            move = PickUp(self._piece(m.group(1), text))
        else:
            raise IllegalMove(f"cannot read the move {text!r} (examples: LT1@1.5,2r3, LT1r+1, "
                              f"LT1f, LT1^, hint)")
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    def _piece(self, name: str, text: str) -> int:
        try:
            return self.pieces.index(name)
        except ValueError as exc:
            raise IllegalMove(f"{exc} in {text!r}") from None

    def position_text(self, state: PuzzleState) -> str:
        """`<puzzle> <level>`, `hints <n>`, then one line per piece, bottom of the pile first:
        `<id> <x> <y> <turn> <f or ->`."""
        lines = [f"{self.pieces.name} {state.level_id}", f"hints {state.hints}"]
        for i in state.order:
            p = state.placements[i]
            lines.append(f"{self.pieces.ids[i]} {p.x!r} {p.y!r} {p.turn} {'f' if p.flipped else '-'}")
        return "\n".join(lines)

    def parse_position(self, text: str) -> PuzzleState:
        lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
        if len(lines) < 2 or len(lines[0]) != 2 or lines[0][0] != self.pieces.name:
            raise BadPosition(f"a {self.pieces.name} position starts with "
                              f"'{self.pieces.name} <level>'")
        if lines[0][1] != self.level.id:
            raise BadPosition(f"this position is for level {lines[0][1]}, not {self.level.id}")
        if len(lines[1]) != 2 or lines[1][0] != "hints" or not lines[1][1].isdigit():
            raise BadPosition("the second line should be 'hints <number>'")
        placements: dict[int, Placement] = {}
        order: list[int] = []
        for row in lines[2:]:
            if len(row) != 5:
                raise BadPosition(f"cannot read the piece line {' '.join(row)!r}")
            try:
                i = self.pieces.index(row[0])
                x, y, turn = float(row[1]), float(row[2]), int(row[3])
            except ValueError as exc:
                raise BadPosition(f"cannot read the piece line {' '.join(row)!r}: {exc}") from None
            if i in placements:
                raise BadPosition(f"piece {row[0]} is listed twice")
            if not (math.isfinite(x) and math.isfinite(y)):
                raise BadPosition(f"piece {row[0]} has no real position")
            if not 0 <= turn < self.pieces.steps or row[4] not in ("f", "-"):
                raise BadPosition(f"piece {row[0]}: turn 0 to {self.pieces.steps - 1} and "
                                  f"'f' or '-' expected")
            placements[i] = Placement(x, y, turn, row[4] == "f")
            order.append(i)
        missing = [self.pieces.ids[i] for i in range(self.pieces.count) if i not in placements]
        if missing:
            raise BadPosition(f"the position does not place {', '.join(missing)}")
        return PuzzleState(self.level.id, tuple(placements[i] for i in range(self.pieces.count)),
                           tuple(order), int(lines[1][1]))

    # -- tools hook -------------------------------------------------------------------------------

    def invariants(self, state: PuzzleState) -> list[str]:
        problems = []
        if sorted(state.order) != list(range(self.pieces.count)):
            problems.append(f"order is not a permutation: {state.order}")
        x0, y0, x1, y1 = self.board
        for i, p in enumerate(state.placements):
            if not 0 <= p.turn < self.pieces.steps:
                problems.append(f"{self.pieces.ids[i]} has turn {p.turn}")
            if not (x0 <= p.x <= x1 and y0 <= p.y <= y1):
                problems.append(f"{self.pieces.ids[i]} is off the board at ({p.x}, {p.y})")
        return problems


def _to_top(order: Sequence[int], i: int) -> tuple[int, ...]:
    return tuple(k for k in order if k != i) + (i,)
