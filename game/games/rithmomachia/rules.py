"""Rithmomachia rules: the state, the three phases of a turn, legality, the end, notation and text.

A turn has three phases (§R22 of docs/rules/rithmomachia.md) and each choice is one move of the protocol, so the screen,
the AI, saves and tools share one API (the sub-step style of OpenSpiel's Amazons):

* phase 1 (`state.phase == 1`): the side to move may take any captures available, one move
  each (`Capture`), then must move one piece (`Step`); the step also closes phase 1;
* phase 3 (`state.phase == 3`): captures in which the moved piece takes part (or a piece won
  during this phase 3, in the proper victories), one at a time, then `DONE` ends the turn.
  When no such capture is left, the turn ends by itself, so most turns are a single `Step`.

In the common victories captured pieces leave the board; in the proper ones they change sides
on their square and can be used at once (§R23). A side that has no step at the start of its
turn loses (R22, A23). The victory and its numbers are options (see DEFAULT_OPTIONS).

Squares are ints `y * 8 + x` (a1 = 0, h16 = 127). Notation (language-neutral, round-trips):
`a1-a4` a step; `A:d5xd9` a capture: kind letter (A attack, M meeting, E ambush, S siege,
C combination, R ransom), the capturing squares joined by `+`, `x`, the square aimed at, and
for a ransom `=` and the square of the piece taken (`R:c8xd8=h3`); `--` ends phase 3.

Position text: ranks 16 down to 1 separated by `/`, each rank's squares a to h as
comma-separated items: a number for a run of empty squares, or a shape letter (C, T, S, P)
and a value, upper case for the Evens' pieces and lower case for the Odds' (a pyramid by its
full value); then a space and the side to move, `e` or `o`. Extra fields may follow, each
after a space and only when needed: `3:d5` in phase 3, naming the moved piece's square and any
pieces won since (comma-separated); `e:c9,t12` and `o:C4` the pieces each side has captured,
written as they stood when taken (so in lower case for the Evens' captures).

Where things live: state.py (the State, the move types, how pieces step), notation.py
(reading and writing both texts), captures.py (the arithmetic of captures), victories.py (the
eight victories and the progressions); this module puts them together as the game's Rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.protocol import IllegalMove, Outcome
from game.i18n import N_, _

from . import captures as cap
from .captures import Capture
from .notation import (
    DONE_TEXT,
    KIND_LETTERS,
    board_text,
    parse_position,
    piece_text,
    position_text,
    read_move,
    read_piece,
    sorted_taken,
    to_notation,
)
from .pieces import (
    EVENS,
    ODDS,
    PYRAMID,
    PYRAMID_LAYERS,
    SHAPES,
    SIDE_NAMES,
    SQUARES,
    Piece,
    square_name,
)
from .state import (
    DONE,
    Board,
    Done,
    Move,
    State,
    Step,
    all_steps,
    end_turn,
    has_step,
    initial_board,
    step_refusal,
    steps_of,
)
from .victories import BY_ID, VICTORIES, Formation, Tally, common_reason, common_won, formations

GAME_ID = "rithmomachia"

DEFAULT_OPTIONS: dict[str, Any] = {
    "victory": "corpore",   # one of victories.VICTORIES
    "pieces": 4,            # N (Boissiere's number, as quoted by Joyner)
    "sum": 100,             # S (Boissiere's number)
    "digits": 6,            # C (no source gives one; six digits go with a sum of 100)
    "siege_edges": True,    # the board's edge helps a siege (A11)
    "placement": "half",    # proper victories: anywhere in the opponent's half, or "back_rank"
}



# -- the rules object ---------------------------------------------------------------------------


#: Why a capture the player names does not hold, one sentence a kind (French needs each
#: kind's gender).
NOT_MADE = {
    cap.ATTACK: N_("those pieces do not make an attack of {value} on {square}"),
    cap.MEETING: N_("those pieces do not make a meeting of {value} on {square}"),
    cap.AMBUSH: N_("those pieces do not make an ambush of {value} on {square}"),
    cap.SIEGE: N_("those pieces do not make a siege of {value} on {square}"),
    cap.COMBINATION: N_("those pieces do not make a combination of {value} on {square}"),
    cap.RANSOM: N_("those pieces do not make a ransom of {value} on {square}"),
}

class RithmomachiaRules:
    """Rithmomachia with one victory and its numbers (implements protocol.Rules)."""

    game_id = GAME_ID

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None
                 ) -> None:
        if variant != "standard":
            raise KeyError(f"rithmomachia: unknown variant {variant!r} (known: standard)")
        merged = dict(DEFAULT_OPTIONS)
        for key, value in (options or {}).items():
            if key not in merged:
                raise KeyError(f"rithmomachia: unknown option {key!r}")
            merged[key] = value
        if merged["victory"] not in BY_ID:
            raise ValueError(f"rithmomachia: unknown victory {merged['victory']!r} (known: "
                             f"{', '.join(v.id for v in VICTORIES)})")
        for key in ("pieces", "sum", "digits"):
            value = merged[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"rithmomachia: option {key} must be a positive whole number")
        if merged["placement"] not in ("half", "back_rank"):
            raise ValueError("rithmomachia: placement is 'half' or 'back_rank'")
        self.variant = variant
        self.options: dict[str, Any] = merged
        self.victory = BY_ID[merged["victory"]]
        self.proper = self.victory.proper
        self.siege_edges = bool(merged["siege_edges"])
        self.back_rank_only = merged["placement"] == "back_rank"
        self.n, self.s, self.c = merged["pieces"], merged["sum"], merged["digits"]

    # -- what the side to move may do --

    def initial_state(self) -> State:
        return State(initial_board(), EVENS)

    def steps(self, state: State) -> list[Step]:
        """The phase-2 moves of the side to move, on the board as it stands."""
        return all_steps(state.board, state.to_move)

    def captures(self, state: State) -> list[Capture]:
        """The captures the side to move may take now (phase 3: with an active piece)."""
        active = frozenset(state.active) if state.phase == 3 else None
        return cap.find_captures(state.board, state.to_move, siege_edges=self.siege_edges,
                                 active=active)

    def legal_moves(self, state: State) -> list[Move]:
        if self.outcome(state) is not None:
            return []
        moves: list[Move] = list(self.captures(state))
        if state.phase == 1:
            moves.extend(self.steps(state))
        else:
            moves.append(DONE)
        return moves

    def check(self, state: State, move: Any) -> str | None:
        if not isinstance(move, Step | Capture | Done):
            return _("that is not a move of this game")
        if self.outcome(state) is not None:
            return _("the game is over")
        if isinstance(move, Done):
            if state.phase == 1:
                return _("you must move one piece this turn (captures come before and after it)")
            return None
        if isinstance(move, Step):
            if state.phase == 3:
                return _("you have already moved this turn: take a capture or end the turn")
            if not (0 <= move.frm < SQUARES and 0 <= move.to < SQUARES):
                return _("that square is not on the board")
            return step_refusal(state.board, state.to_move, move.frm, move.to)
        return self._capture_refusal(state, move)

    def _capture_refusal(self, state: State, move: Capture) -> str | None:
        if move.kind not in cap.KINDS or not all(0 <= s < SQUARES for s in
                                                 (move.victim, move.take, *move.by)):
            return _("that is not a capture on this board")
        victim = state.board[move.victim]
        if victim is None:
            return _("there is no piece on {square}").format(square=square_name(move.victim))
        if victim.owner == state.to_move:
            return _("you cannot capture your own piece")
        if move in self.captures(state):
            return None
        if state.phase == 3 and move in cap.find_captures(
                state.board, state.to_move, siege_edges=self.siege_edges):
            return _("after the move, only captures the moved piece takes part in are allowed")
        if move.kind == cap.RANSOM and victim.shape != PYRAMID:
            return _("only a pyramid can be ransomed")
        others = cap.captures_on(state.board, state.to_move, move.victim,
                                 siege_edges=self.siege_edges)
        if move.kind == cap.RANSOM and any(c.kind == cap.RANSOM and c.by == move.by
                                           for c in others):
            return _("the ransom must take a piece worth the layer hit (or, if there is none, "
                     "any piece but the pyramid)")
        if others:
            return _(NOT_MADE[move.kind]).format(value=victim.value,
                                                 square=square_name(move.victim))

        return _("{value} on {square} cannot be captured now").format(
            value=victim.value, square=square_name(move.victim))

    def play(self, state: State, move: Move) -> State:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return self.apply(state, move)

    def apply(self, state: State, move: Move) -> State:
        """The state after a legal move (not checked: the AI's path). Phase 3 ends by itself
        when no capture is left for the active pieces."""
        if isinstance(move, Done):
            return end_turn(state)
        board = list(state.board)
        side = state.to_move
        if isinstance(move, Step):
            board[move.to] = board[move.frm]
            board[move.frm] = None
            after = State(tuple(board), side, 3, (move.to,), state.taken)
        else:
            piece = board[move.take]
            assert piece is not None
            board[move.take] = Piece(side, piece.shape, piece.value) if self.proper else None
            taken = list(state.taken)
            taken[side] = sorted_taken((*taken[side], piece))
            active = state.active
            if state.phase == 3 and self.proper:
                active = tuple(sorted({*active, move.take}))
            after = State(tuple(board), side, state.phase, active, (taken[0], taken[1]))
        if after.phase == 3 and not self.captures(after):
            return end_turn(after)
        return after

    # -- the end --

    def tally(self, state: State, side: int) -> Tally:
        return Tally.of(state.taken[side])

    def formation(self, state: State, side: int) -> Formation | None:
        """A formation winning the chosen proper victory for `side`, or None."""
        v = self.victory
        if not v.proper:
            return None
        return next(formations(state.board, side, v.size, v.kinds,
                               back_rank_only=self.back_rank_only), None)

    def outcome(self, state: State) -> Outcome | None:
        v = self.victory
        order = (state.to_move, 1 - state.to_move)
        if v.proper:
            for side in order:
                f = self.formation(state, side)
                if f is not None:
                    return Outcome(side, _("{victory}: {side} formed {line}").format(
                        victory=v.title, side=_(SIDE_NAMES[side]), line=f.describe()))
        else:
            tallies = [self.tally(state, side) for side in (EVENS, ODDS)]
            for side in order:
                if common_won(v, tallies[side], self.n, self.s, self.c):
                    return Outcome(side, common_reason(v, side, tallies[side]))
            if "C" in v.uses and all(t.digits > self.c for t in tallies):
                return Outcome(None, _("both sides have passed {n} digits: neither can win any "
                                       "more").format(n=self.c))
        if state.phase == 1 and not has_step(state.board, state.to_move):
            return Outcome(1 - state.to_move, _("{side} cannot move").format(
                side=_(SIDE_NAMES[state.to_move])))
        return None

    def adjudicate(self, state: State) -> Outcome | None:
        """For tools that cut long games (tools/arena.py): in a common victory, the side ahead
        by what that victory counts (pieces, else the sum); a proper victory is never judged."""
        v = self.victory
        if v.proper:
            return None
        e, o = self.tally(state, EVENS), self.tally(state, ODDS)
        use_count = "N" in v.uses
        a, b = (e.count, o.count) if use_count else (e.total, o.total)
        if a == b:
            return None
        winner = EVENS if a > b else ODDS
        text = _("cut short: {side} ahead, {more} to {fewer} pieces") if use_count else \
            _("cut short: {side} ahead, {more} to {fewer} in value")
        return Outcome(winner, text.format(side=_(SIDE_NAMES[winner]), more=max(a, b),
                                           fewer=min(a, b)))

    # -- tools (the CountsTurns and ListsCaptures capabilities) --

    def turn_perft(self, state: State, depth: int) -> int:
        """Sequences of `depth` whole turns (see the module function `perft`)."""
        return perft(self, state, depth)

    def capture_lines(self, state: State) -> list[str]:
        """The captures open to the side to move, one line each (see `capture_lines`)."""
        return capture_lines(self, state)

    # -- text --

    def to_notation(self, state: State, move: Move) -> str:
        return to_notation(move)

    def parse_move(self, state: State, text: str) -> Move:
        move = read_move(text)
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(f"{text.strip()}: {reason}")
        return move

    def position_text(self, state: State) -> str:
        return position_text(state)

    def parse_position(self, text: str) -> State:
        return parse_position(text)

    # -- for the tools, the scene and the tests --

    def explain(self, state: State, move: Capture) -> str:
        """The arithmetic of a capture available now, e.g. "25 × 2 + 2 + 4 = 56"."""
        return cap.explain(state.board, state.to_move, move, siege_edges=self.siege_edges)

    def invariants(self, state: State) -> list[str]:
        problems = []
        if len(state.board) != SQUARES:
            problems.append(f"the board has {len(state.board)} squares")
        for sq, p in enumerate(state.board):
            if p is None:
                continue
            if p.owner not in (EVENS, ODDS) or p.shape not in SHAPES or p.value < 1:
                problems.append(f"bad piece {p!r} on {square_name(sq)}")
            elif p.shape == PYRAMID and p.value not in PYRAMID_LAYERS:
                problems.append(f"pyramid of value {p.value} on {square_name(sq)}")
        if state.to_move not in (EVENS, ODDS):
            problems.append(f"to_move is {state.to_move}")
        if state.phase not in (1, 3) or (state.phase == 1) != (not state.active):
            problems.append(f"phase {state.phase} with active squares {state.active}")
        for sq in state.active:
            p = state.board[sq]
            if p is None or p.owner != state.to_move:
                problems.append(f"active square {square_name(sq)} holds no piece of the mover")
        for side in (EVENS, ODDS):
            if any(p.owner == side for p in state.taken[side]):
                problems.append(f"{SIDE_NAMES[side]} captured one of its own pieces")
        for side in (EVENS, ODDS):
            if list(state.taken[side]) != list(sorted_taken(state.taken[side])):
                problems.append(f"{SIDE_NAMES[side]}' captures are not kept in order")
        return problems


def perft(rules: RithmomachiaRules, state: State, depth: int) -> int:
    """Sequences of `depth` turns, a turn being its phase-2 move with every capture declined.

    Depth 1 is the number of phase-2 moves of the position as it stands (before any phase-1
    capture, A23); `tools/perft.py` counts these (`RithmomachiaRules.turn_perft`), because the
    sub-step moves of `legal_moves` mix captures in.
    """
    if depth == 0:
        return 1
    if rules.outcome(state) is not None:
        return 0
    steps = all_steps(state.board, state.to_move)
    if depth == 1:
        return len(steps)
    total = 0
    for step in steps:
        after = rules.apply(State(state.board, state.to_move, 1, (), state.taken), step)
        if after.phase == 3:
            after = end_turn(after)
        total += perft(rules, after, depth - 1)
    return total


def capture_lines(rules: RithmomachiaRules, state: State) -> list[str]:
    """Every capture open to the side to move, one line each: `KIND VICTIM by SQ[,SQ...]`
    (a ransom once, whatever piece it then takes, and even when its owner has nothing left to
    give but the pyramid, A20), or `none` (tools/captures.py prints them)."""
    if rules.outcome(state) is not None:
        return ["none"]
    seen: dict[tuple[int, int, tuple[int, ...]], str] = {}
    active = frozenset(state.active) if state.phase == 3 else None
    found = [c for z, p in enumerate(state.board) if p is not None and p.owner != state.to_move
             for c in cap.captures_on(state.board, state.to_move, z, active=active,
                                      siege_edges=rules.siege_edges, vacuous=True)]
    for c in found:
        key = (c.victim, cap.KINDS.index(c.kind), c.by)
        seen[key] = (f"{c.kind} {square_name(c.victim)} by "
                     + ",".join(square_name(s) for s in c.by))
    return [seen[k] for k in sorted(seen)] or ["none"]


def make_rules(variant: str = "standard", options: Mapping[str, Any] | None = None
               ) -> RithmomachiaRules:
    return RithmomachiaRules(variant, options)


#: Names the rest of the package and the tests reach through this module.
__all__ = ["DONE", "DONE_TEXT", "EVENS", "KIND_LETTERS", "ODDS", "VICTORIES", "Board", "Capture",
           "Done", "Move", "RithmomachiaRules", "State", "Step", "board_text", "capture_lines",
           "initial_board", "make_rules", "parse_position", "perft", "piece_text",
           "position_text", "read_move", "read_piece", "steps_of", "to_notation"]
