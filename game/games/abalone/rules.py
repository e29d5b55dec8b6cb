"""Abalone rules: state, moves, legality with reasons, outcome, notation and every optional rule.

The rules are written down in docs/rules/abalone.md; section numbers below point into it. The heavy lifting
(counting and generating moves, applying them) is the bitboard core in bitboard.py; this module
wraps it in the public Rules contract and in player-facing reasons.

Conventions
* Side 0 is Black (moves first), side 1 is White. A cell is a bit index from bitboard.py
  (`bitboard.index(row, number)`); `cell_name`/`parse_cell` convert to and from "E5".
* A move is (the marbles that move, direction): §4.5's identity. Directions are indices into
  bitboard.DIR_NAMES (E, NE, NW, W, SW, SE).
* Move notation (§6.1, Aba-Pro): inline "a1b2" (trailing marble, the cell it moves into);
  side-step "c6c7d6" (the two end marbles, then where the first one goes); triangle moves
  (variant) "a1a2b2b1" (the three marbles, then where the first one goes).
* Position text, one line, FEN-like [our format]: the rows from I (top) down to A separated
  by "/", each row left to right with B = black, W = white, N = neutral pivot, X = obstacle,
  H = hole and a digit for a run of empty cells; then the side to move (b/w), the number of
  black marbles ejected and the number of white marbles ejected; then `turn=N`, `step=N`
  and `quiet=N` (turns since the last ejection, under the move limit) when not zero. The standard start is
  "WWWWW/WWWWWW/2WWW2/8/9/8/2BBB2/BBBBBB/BBBBB b 0 0".
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import N_, _, ngettext

from . import bitboard, notation
from .bitboard import STEPS, Geometry, RawMove
from .starts import START_BY_ID, cell_name, cells_mask, parse_cell, random_start, removal_order
from .state import BLACK, COLOUR_NAMES, WHITE, AbaloneState, Move, MovePreview
from .state import names as _names

__all__ = ["BLACK", "CELLS", "COLOUR_NAMES", "DEFAULT_OPTIONS", "WHITE", "AbaloneRules",
           "AbaloneState", "Move", "MovePreview", "make_rules", "rules_for_position"]

CELLS = bitboard.CELLS  # every cell id, A1 … I9, for the scene

#: Every option with its default (entry.py builds the match-setup choices from these).
DEFAULT_OPTIONS: dict[str, Any] = {
    "eject_target": 6,                  # §7.1; 2 is "Blitz"
    "eject_target_black": None,         # §7.1/7.2 per-colour target (None = eject_target)
    "eject_target_white": None,
    "handicap_black": 0,                # §7.2 material handicap: Black starts with 14 - h
    "handicap_white": 0,
    "handicap_cells": [],               # §7.2 explicit cells to empty instead of the order
    "sprint_moves": None,               # §7.3 moves per player, then most ejected wins
    "move_limit": None,                 # §5.1 moves each without an ejection, then a draw
    "obstacles": [],                    # §7.4 dead cells
    "holes": [],                        # §7.5 cells that eject
    "pivot_start": None,                # §7.6 cell of the neutral marble (None = no pivot)
    "pivot_ejectable": False,           # §7.6
    "random_start": False,              # §7.7
    "random_seed": 1,
    "random_start_safe": False,
    "multi_move": False,                # §7.8 two sub-moves per turn
    "multi_move_first_turn_single": False,
    "triangle_moves": False,            # §7.11
    "teams_4x2x1": False,               # §7.9 four players, two teams, one board
    "boards_4x2x2": None,               # §7.10 four players on two boards: None, "in-phase"
                                        # or "counter-phase" (two_boards/rules.py)
    "one_colour_display": False,        # §7.11 both colours drawn alike (the scene's business)
    "repetition_draw": False,           # §5.1 third repetition draws
}


def _opt_int(options: Mapping[str, Any], key: str, lo: int, hi: int,
             allow_none: bool = False) -> int | None:
    value = options[key]
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"option {key} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _opt_cells(options: Mapping[str, Any], key: str) -> int:
    value = options[key]
    if value is None:
        return 0
    if isinstance(value, str):  # "E3,E7" from a command line
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple):
        raise ValueError(f"option {key} must be a list of cell names like ['E5']")
    try:
        return cells_mask([str(v) for v in value])
    except ValueError as exc:
        raise ValueError(f"option {key}: {exc}") from None


class AbaloneRules:
    """Abalone with one start (the variant) and the options of DEFAULT_OPTIONS fixed."""

    game_id = "abalone"

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None):
        opts = dict(DEFAULT_OPTIONS)
        for key, value in (options or {}).items():
            if key not in opts:
                raise ValueError(f"abalone: unknown option {key!r}")
            opts[key] = value
        if variant not in START_BY_ID:
            raise ValueError(f"abalone: unknown start {variant!r} "
                             f"(known: {', '.join(START_BY_ID)})")
        self.variant = variant
        self.options: dict[str, Any] = opts
        if opts["boards_4x2x2"] is not None:
            raise ValueError("four players on two boards are played by "
                             "two_boards.rules.TwoBoardRules (the entry's make_rules chooses it)")
        for flag in ("pivot_ejectable", "random_start", "random_start_safe", "multi_move",
                     "multi_move_first_turn_single", "triangle_moves", "teams_4x2x1",
                     "one_colour_display", "repetition_draw"):
            if not isinstance(opts[flag], bool):
                raise ValueError(f"option {flag} must be true or false, not {opts[flag]!r}")

        target = _opt_int(opts, "eject_target", 1, 13)
        assert target is not None
        tb = _opt_int(opts, "eject_target_black", 1, 13, allow_none=True)
        tw = _opt_int(opts, "eject_target_white", 1, 13, allow_none=True)
        #: need[c] = how many opposing marbles colour c must eject to win.
        self.need: tuple[int, int] = (tb or target, tw or target)
        self.sprint = _opt_int(opts, "sprint_moves", 1, 1000, allow_none=True)
        #: §5.1 [our choice]: a draw once both sides have made this many
        #: moves in a row without an ejection. Separate from the sprint, which counts every move.
        self.move_limit = _opt_int(opts, "move_limit", 1, 1000, allow_none=True)

        obstacles = _opt_cells(opts, "obstacles")
        holes = _opt_cells(opts, "holes")
        if obstacles & holes:
            raise ValueError(f"{_names(obstacles & holes)} cannot be both an obstacle and a hole")
        self.multi_move: bool = opts["multi_move"]
        self.first_single: bool = opts["multi_move_first_turn_single"]
        self.teams: bool = opts["teams_4x2x1"]
        self.repetition: bool = opts["repetition_draw"]
        self.one_colour_display: bool = opts["one_colour_display"]
        #: Analysis and hints are off in the team game: partners may not consult (§7.9).
        self.hints_allowed = not self.teams
        self.geo = Geometry(obstacles=obstacles, holes=holes,
                            pivot_ejectable=opts["pivot_ejectable"],
                            triangles=opts["triangle_moves"])

        pivot = 0
        if opts["pivot_start"] is not None:
            try:
                pivot = 1 << parse_cell(str(opts["pivot_start"]))
            except ValueError as exc:
                raise ValueError(f"option pivot_start: {exc}") from None
            if pivot & (obstacles | holes):
                raise ValueError("the neutral marble cannot start on an obstacle or a hole")
        self.has_pivot = bool(pivot)

        blocked = obstacles | holes | pivot
        if opts["random_start"]:
            seed = opts["random_seed"]
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise ValueError(f"option random_seed must be a whole number, not {seed!r}")
            black, white = random_start(seed, opts["random_start_safe"], blocked)
            start_id = "random"
        else:
            start = START_BY_ID[variant]
            black, white = cells_mask(start.black), cells_mask(start.white)
            start_id = variant
            clash = (black | white) & blocked
            if clash:
                raise ValueError(f"the {start.title} start has a marble on {_names(clash)}, "
                                 "which is an obstacle, a hole or the neutral marble's cell")

        removed = _opt_cells(opts, "handicap_cells")
        if removed:
            if removed & ~(black | white):
                raise ValueError(f"handicap_cells: {_names(removed & ~(black | white))} "
                                 "holds no marble in this start")
        else:
            hb = _opt_int(opts, "handicap_black", 0, 5)
            hw = _opt_int(opts, "handicap_white", 0, 5)
            for colour, h, mask in ((BLACK, hb, black), (WHITE, hw, white)):
                for c in removal_order(start_id, colour, mask)[:h]:
                    removed |= 1 << c
        black &= ~removed
        white &= ~removed
        self.start = AbaloneState(black, white, pivot)
        #: Marbles each colour has at the start (conservation: on board + ejected = this).
        self.total: tuple[int, int] = (black.bit_count(), white.bit_count())
        self.side_names: tuple[str, str] = ((N_("Team Black"), N_("Team White")) if self.teams
                                            else COLOUR_NAMES)

    # ----------------------------------------------------------------- contract
    def initial_state(self) -> AbaloneState:
        return self.start

    def movable_colours(self, state: AbaloneState) -> tuple[int, ...]:
        """Colours the side to move may move now (both during a multi-move turn, §7.8)."""
        me = state.to_move
        if not self.multi_move or state.step == 2:
            return (me,)
        if self.first_single and state.turn == 0 and state.step == 0:
            return (me,)
        return (me, 1 - me)

    def legal_moves(self, state: AbaloneState) -> list[Move]:
        if self.decided(state) is not None:
            return []
        out: list[Move] = []
        for colour in self.movable_colours(state):
            for raw in bitboard.generate(state.marbles(colour), state.marbles(1 - colour),
                                      state.pivot, self.geo):
                out.append(Move(tuple(bitboard.bits(raw[0])), raw[1]))
        return out

    def raw_moves(self, state: AbaloneState) -> list[tuple[int, RawMove]]:
        """(colour, raw move) pairs, captures first: the AI's fast path."""
        if self.decided(state) is not None:
            return []
        return [(colour, raw) for colour in self.movable_colours(state)
                for raw in bitboard.generate(state.marbles(colour), state.marbles(1 - colour),
                                          state.pivot, self.geo)]

    def play(self, state: AbaloneState, move: Move) -> AbaloneState:
        resolved = self._resolve(state, move)
        if isinstance(resolved, str):
            raise IllegalMove(resolved)
        return self.play_raw(state, *resolved)

    def check(self, state: AbaloneState, move: Move) -> str | None:
        resolved = self._resolve(state, move)
        return resolved if isinstance(resolved, str) else None

    def play_raw(self, state: AbaloneState, colour: int, raw: RawMove) -> AbaloneState:
        """Apply a move known to be legal (from `raw_moves` or `_resolve`)."""
        own, opp, pivot, ej, ej_pivot = bitboard.apply(state.marbles(colour),
                                                    state.marbles(1 - colour), state.pivot,
                                                    raw, self.geo)
        black, white = (own, opp) if colour == BLACK else (opp, own)
        lost = state.lost
        if ej:
            lost = (lost[0] + ej, lost[1]) if colour == WHITE else (lost[0], lost[1] + ej)
        to_move, turn, step = state.to_move, state.turn, state.step
        if self.multi_move and step == 0 and not (self.first_single and turn == 0):
            step = 1 if colour == to_move else 2
        else:
            to_move, turn, step = 1 - to_move, turn + 1, 0
        history: tuple[Hashable, ...] = ()
        if self.repetition and not ej and not ej_pivot:
            # an ejection can never be undone, so earlier positions cannot come back
            history = (*state.history, state.board_key())
        quiet = 0
        if self.move_limit is not None and not ej and not ej_pivot:
            quiet = state.quiet + (turn - state.turn)
        return AbaloneState(black, white, pivot, lost, to_move, turn, step, quiet, history)

    def decided(self, state: AbaloneState) -> Outcome | None:
        """The outcome as far as it needs no move generation (targets, repetition, sprint):
        `outcome` without the rare "no legal move" check, cheap enough for the search."""
        lost = state.lost
        for colour in (BLACK, WHITE):
            if lost[1 - colour] >= self.need[colour]:
                n = lost[1 - colour]
                return Outcome(colour, f"{self.side_names[colour]} ejected {n} "
                                       f"{COLOUR_NAMES[1 - colour].lower()} "
                                       f"marble{'' if n == 1 else 's'}")
        if self.repetition and state.history.count(state.board_key()) >= 2:
            return Outcome(None, _("the same position came up for the third time"))
        if self.sprint is not None and state.turn >= 2 * self.sprint:
            by_black, by_white = lost[WHITE], lost[BLACK]
            if by_black == by_white:
                return Outcome(None, _("after {moves} moves each, both sides ejected "
                                       "{n}").format(moves=self.sprint, n=by_black))

            win = BLACK if by_black > by_white else WHITE
            return Outcome(win, _("after {moves} moves each, {side} ejected more ({more} to "
                                  "{fewer})").format(
                moves=self.sprint, side=_(self.side_names[win]),
                more=max(by_black, by_white), fewer=min(by_black, by_white)))
        if self.move_limit is not None and state.quiet >= 2 * self.move_limit:
            return Outcome(None, _("{moves} moves each without an ejection: a draw").format(
                moves=self.move_limit))
        return None

    def outcome(self, state: AbaloneState) -> Outcome | None:
        decided = self.decided(state)
        if decided is not None:
            return decided
        # §6.3 [reference's choice]: a side with no legal move loses.
        for colour in self.movable_colours(state):
            if bitboard.count_moves(state.marbles(colour), state.marbles(1 - colour), state.pivot,
                                 self.geo):
                return None
        me = state.to_move
        return Outcome(1 - me, _("{side} has no legal move").format(side=_(self.side_names[me])))

    # ----------------------------------------------------------------- legality with reasons
    def _selection(self, state: AbaloneState, cells: Sequence[int]) -> tuple[int, str, int] | str:
        """Check a selection of marbles; return (colour, shape, axis) or the reason it cannot
        move. shape is "single", "line" or "triangle"; axis is the line's positive direction."""
        if self.decided(state) is not None:
            return _("the game is over")
        if not cells:
            return _("choose one to three marbles")
        if len(set(cells)) != len(cells):
            return _("a marble is chosen twice")
        if len(cells) > 3:
            return _("three marbles at most")
        for c in cells:
            if not isinstance(c, int) or c not in bitboard.NEIGHBOURS:
                return _("that cell is not on the board")
        colours = {state.colour_at(c) for c in cells}
        if 2 in colours:
            return _("nobody may move the neutral marble; it moves only when pushed")
        if None in colours:
            empty = next(c for c in cells if state.colour_at(c) is None)
            return _("there is no marble on {cell}").format(cell=cell_name(empty))
        if len(colours) > 1:
            return _("those marbles are not all the same colour")
        colour = colours.pop()
        assert colour is not None
        if colour not in self.movable_colours(state):
            if not self.multi_move:
                return _("that marble is not yours")
            if state.step == 2:
                return _("after moving your opponent's colour you must move your own")
            return _("the first turn is a single move with your own colour")
        cs = sorted(cells)
        if len(cs) == 1:
            return colour, "single", -1
        diff = cs[1] - cs[0]
        for axis in bitboard.AXES:
            if diff == STEPS[axis] and (len(cs) == 2 or cs[2] - cs[1] == diff):
                return colour, "line", axis
        if len(cs) == 3 and bitboard.is_triangle(cs) and self.geo.triangles:
            return colour, "triangle", -1
        return _("those marbles are not in a line")

    def _resolve(self, state: AbaloneState, move: Move) -> tuple[int, RawMove] | str:
        """(colour, raw move) if `move` is legal in `state`, else the reason in a player's words."""
        if not isinstance(move, Move):
            return _("that is not an Abalone move")
        sel = self._selection(state, move.cells)
        if isinstance(sel, str):
            return sel
        colour, shape, axis = sel
        di = move.direction
        if not isinstance(di, int) or not 0 <= di < 6:
            return _("that is not a direction")
        step = STEPS[di]
        own = state.marbles(colour)
        opp = state.marbles(1 - colour)
        pivot = state.pivot
        mask = sum(1 << c for c in move.cells)

        def blocked_reason(target: int) -> str | None:
            """Why a moving marble may not enter `target` (None if it is empty)."""
            bit = 1 << target
            if not bitboard.BOARD & bit:
                return _("a marble cannot leave the board")
            if self.geo.obstacles & bit:
                return _("an obstacle blocks the way")
            if self.geo.holes & bit:
                return _("your marble would fall into the hole")
            return None

        if shape == "triangle":
            for c in move.cells:
                t = c + step
                if (mask >> t) & 1:
                    continue
                why = blocked_reason(t)
                if why:
                    return why
                if (own | opp | pivot) >> t & 1:
                    return _("a triangle moves only into empty cells; it never pushes")
            return colour, (mask, di, 0)

        if shape == "line" and di not in (axis, axis + 3):
            for c in move.cells:
                t = c + step
                why = blocked_reason(t)
                if why:
                    return why
                if (own | opp | pivot) >> t & 1:
                    return _("a side-step moves only into empty cells; it never pushes")
            return colour, (mask, di, 0)

        # inline (a single marble always moves inline)
        n = len(move.cells)
        front = max(move.cells, key=lambda c: c * step)  # the marble furthest along `step`
        t = front + step
        why = blocked_reason(t)
        if why:
            return why
        bit = 1 << t
        if own & bit:
            return _("three marbles at most") if n == 3 else \
                _("your own marble is in the way (choose it too to move the line)")
        if not (opp | pivot) & bit:
            return colour, (mask, di, 0)
        if n == 1:
            return _("a single marble cannot push")
        pushed = 0
        k = 0
        c = t
        while (opp | pivot) >> c & 1 and bitboard.BOARD >> c & 1:
            pushed |= 1 << c
            k += 1
            c += step
        if k >= n:
            return _("a push needs more marbles than the opponent's line")
        beyond = 1 << c
        if own & beyond:
            return _("your own marble blocks the push")
        if self.geo.obstacles & beyond:
            return _("an obstacle blocks the push")
        if (self.geo.holes | bitboard.OUTSIDE) & beyond and pivot >> (c - step) & 1 \
                and not self.geo.pivot_ejectable:
            return _("the neutral marble may not be pushed off")
        return colour, (mask, di, pushed)

    # ----------------------------------------------------------------- for the scene
    def check_selection(self, state: AbaloneState, cells: Sequence[int]) -> str | None:
        """Why these 1–3 marbles cannot move together (None if they form a group)."""
        sel = self._selection(state, list(cells))
        return sel if isinstance(sel, str) else None

    def previews(self, state: AbaloneState, cells: Sequence[int]) -> dict[int, MovePreview]:
        """For a selection, every legal direction with what the move would do."""
        out: dict[int, MovePreview] = {}
        for di in range(6):
            p = self.preview(state, Move.of(cells, di))
            if p is not None:
                out[di] = p
        return out

    def direction_reasons(self, state: AbaloneState, cells: Sequence[int]) -> dict[int, str]:
        """For a selection, why each illegal direction is refused."""
        out: dict[int, str] = {}
        for di in range(6):
            why = self.check(state, Move.of(cells, di))
            if why is not None:
                out[di] = why
        return out

    def move_from(self, state: AbaloneState, cell: int, direction: int) -> Move:
        """The inline move a drag from `cell` toward `direction` means: that marble plus the
        marbles of its colour straight ahead of it (as the notation "a1b2" reads). It may be
        illegal; `check` says why."""
        colour = state.colour_at(cell)
        group = [cell]
        if colour in (BLACK, WHITE):
            nxt = cell + STEPS[direction]
            while len(group) < 4 and nxt in bitboard.NEIGHBOURS and state.colour_at(nxt) == colour:
                group.append(nxt)
                nxt += STEPS[direction]
        return Move.of(group, direction)

    def preview(self, state: AbaloneState, move: Move) -> MovePreview | None:
        """What `move` would do, or None if it is illegal."""
        resolved = self._resolve(state, move)
        if isinstance(resolved, str):
            return None
        colour, (mask, di, pushed) = resolved
        step = STEPS[di]
        sel = self._selection(state, move.cells)
        assert not isinstance(sel, str)
        shape, axis = sel[1], sel[2]
        kind = ("triangle" if shape == "triangle" else
                "side-step" if shape == "line" and di not in (axis, axis + 3) else "inline")
        stay = self.geo.free_base
        pushed_steps = []
        ejected = ejected_colour = None
        ejected_into = None
        for c in sorted(bitboard.bits(pushed), key=lambda c: -c * step):
            t = c + step
            if stay >> t & 1:
                pushed_steps.append((c, t))
            else:
                pushed_steps.append((c, -1))
                ejected, ejected_colour = c, state.colour_at(c)
                ejected_into = "hole" if self.geo.holes >> t & 1 else "edge"
        return MovePreview(
            move=move, kind=kind, colour=colour, direction=di,
            steps=tuple((c, c + step) for c in sorted(bitboard.bits(mask), key=lambda c: -c * step)),
            pushed=tuple(pushed_steps), ejected=ejected, ejected_colour=ejected_colour,
            ejected_into=ejected_into)

    def adjudicate(self, state: AbaloneState) -> Outcome | None:
        """Verdict for a game cut short by a tool (the arena's ply cap): more ejections wins."""
        by_black, by_white = state.lost[WHITE], state.lost[BLACK]
        if by_black == by_white:
            return Outcome(None, ngettext("cut short with {n} ejected each",
                                          "cut short with {n} ejected each", by_black
                                          ).format(n=by_black))
        win = BLACK if by_black > by_white else WHITE
        return Outcome(win, _("cut short; {side} ejected more ({more} to {fewer})").format(
            side=_(self.side_names[win]), more=max(by_black, by_white),
            fewer=min(by_black, by_white)))


    def player_name(self, state: AbaloneState) -> str:
        """Who plays now: "Black" — or, in the team game, "Black 1" … "White 2" (§7.9:
        B1, W1, B2, W2)."""
        name = _(COLOUR_NAMES[state.to_move])
        if self.teams:
            return f"{name} {(state.turn // 2) % 2 + 1}"
        return name

    def turn_stage(self, state: AbaloneState) -> str:
        """Where the side to move stands in its turn (§7.8): "first of two moves", "a single
        move", "second move: either colour" or "second move: your colour"."""
        both = len(self.movable_colours(state)) > 1
        if state.step == 0:
            return _("first of two moves") if both else _("a single move")
        return _("second move: either colour") if both else _("second move: your colour")

    def next_player_of(self, state: AbaloneState, side: int) -> str:
        """Who plays side `side`'s next turn: in the team game (§7.9: B1, W1, B2, W2) the
        partner whose turn comes next, "White 1"; else just the colour."""
        if not self.teams:
            return _(COLOUR_NAMES[side])
        turn = state.turn + (0 if side == state.to_move else 1)
        return f"{_(COLOUR_NAMES[side])} {turn // 2 % 2 + 1}"


    def ejected_by(self, state: AbaloneState, side: int) -> int:
        """Opposing marbles side `side` has ejected (its score)."""
        return state.lost[1 - side]

    # ----------------------------------------------------------------- notation (notation.py)
    def display_move(self, state: AbaloneState, move: Move) -> str:
        """The move as the move list shows it: "a1→a2", "a1–a3→a4", "c3–c5→d4–d6", "… ×"."""
        return notation.display_move(self, state, move)

    def to_notation(self, state: AbaloneState, move: Move) -> str:
        return notation.to_notation(move)

    def parse_move(self, state: AbaloneState, text: str) -> Move:
        return notation.parse_move(self, state, text)

    def position_text(self, state: AbaloneState) -> str:
        return notation.position_text(self, state)

    def parse_position(self, text: str) -> AbaloneState:
        return notation.parse_position(self, text)

    # ----------------------------------------------------------------- tool hooks
    def perft(self, state: AbaloneState, depth: int) -> int:
        """Leaf count at `depth` plies (sub-moves in the multi-move game). Plain alternating
        play uses the bitboard counter; the other variants recurse through play()."""
        if not (self.multi_move or self.repetition or self.sprint is not None
                or self.move_limit is not None) and state.step == 0:
            me = state.to_move
            return bitboard.perft(state.marbles(me), state.marbles(1 - me), state.pivot,
                               state.lost[me], state.lost[1 - me], self.need[me],
                               self.need[1 - me], depth, self.geo)
        return self._perft_slow(state, depth)

    def _perft_slow(self, state: AbaloneState, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.raw_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self._perft_slow(self.play_raw(state, c, raw), depth - 1) for c, raw in moves)

    def invariants(self, state: AbaloneState) -> list[str]:
        """Problems with `state` (the fuzzer calls this after every move)."""
        problems = []
        if state.black & state.white or (state.black | state.white) & state.pivot:
            problems.append("two marbles share a cell")
        everything = state.black | state.white | state.pivot
        if everything & ~self.geo.free_base:
            problems.append(f"marbles off the playing cells: {_names(everything & ~bitboard.BOARD)}"
                            f" {_names(everything & (self.geo.obstacles | self.geo.holes))}")
        for colour in (BLACK, WHITE):
            on = state.marbles(colour).bit_count()
            if on + state.lost[colour] != self.total[colour]:
                problems.append(f"{COLOUR_NAMES[colour]}: {on} on the board + {state.lost[colour]}"
                                f" ejected != {self.total[colour]}")
        if self.has_pivot:
            if state.pivot.bit_count() > 1 or (not state.pivot and not self.geo.pivot_ejectable):
                problems.append("the neutral marble is missing or doubled")
        elif state.pivot:
            problems.append("a neutral marble in a game without one")
        if state.to_move not in (BLACK, WHITE):
            problems.append(f"bad side to move {state.to_move}")
        if state.step not in (0, 1, 2) or (state.step and not self.multi_move):
            problems.append(f"bad sub-move step {state.step}")
        if state.quiet < 0 or (state.quiet and self.move_limit is None):
            problems.append(f"bad count of moves without an ejection {state.quiet}")
        return problems


def make_rules(variant: str, options: Mapping[str, Any]) -> AbaloneRules:
    """Abalone on one board with start `variant` and `options` (DEFAULT_OPTIONS). The registry's
    factory (entry.py) sends `boards_4x2x2` to the two-board game of two_boards/rules.py
    (§7.10), which builds on this module."""
    return AbaloneRules(variant, options)


def rules_for_position(text: str, variant: str = "standard") -> tuple[AbaloneRules, AbaloneState]:
    """Rules that can read the position `text`, and the position: the plain game if it reads
    it, else the game with the obstacles, holes and neutral marble the text itself shows (how
    the rules screen's diagrams are set up). Raises BadPosition if neither reads it."""
    rules = AbaloneRules(variant)
    try:
        return rules, rules.parse_position(text)
    except BadPosition:
        pass
    rules = AbaloneRules(variant, notation.position_options(text))
    return rules, rules.parse_position(text)
