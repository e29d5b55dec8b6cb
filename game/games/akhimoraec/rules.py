"""Akhimoraec rules: hourglasses tipped across a 9x9 board, racing real time to a centre line.

The rules are pure and never read a clock. Time is an argument: `advance(state, dt)` moves the
game clock forward, and every move carries the game time at which it is played, so a saved list
of moves replays to exactly the same game.

Design (the rule set of docs/rules/akhimoraec.md §5 is the default; each alternative is an option)
-------------------------------------------------------------------------------------------------
* **Time is integer milliseconds** in the state and in moves. Every timer is stored as an
  *absolute deadline* (`Glass.until`), never as a count-down, so no rounding accumulates: a
  sand-out, a re-entry or a turn-clock expiry happens at an exact integer instant whether the
  clock got there in one step or in ten thousand frame-sized steps. `advance(state, dt)` takes
  seconds (a float) and rounds the step to the nearest millisecond (a scene should pass whole
  milliseconds, e.g. pygame's `clock.tick()` / 1000, so game time does not drift from the wall
  clock); `advance_to` takes an absolute time in ms. A scene advances its state every frame
  (except while paused) and plays `Move(src, dst, state.now)` when the player drops a glass.
* **Deadlines are inclusive.** At the very instant an hourglass's sand runs out it is dead; a
  move stamped with that instant is too late. The same holds for the turn clock and the game
  limit. Events falling on the same instant are handled in this order: hourglasses (Gold's
  first, in home order), then the turn clock, then the no-move pass, then the game limit.
* **Moves** are `Move(src, dst, at)`: cell indices (`row * 9 + col`) and the game time in ms.
  `play` first advances the state to `at` (a time in the past is refused), then checks and
  applies the tip. `legal_moves(state)` lists the moves available *now* (`at == state.now`).
* **Notation** `"<seconds>:<from>-<to>"`, e.g. `"12.5:b1-c2"` (seconds with at most three
  decimals, trailing zeros dropped; `"0:e1-e2"` at the start). `parse_move` also accepts
  `"b1-c2"` without a time, meaning "now". A flip in place (option) is written `"e5-e5"`.
* **Events.** Every state carries `events`: what happened in the call that produced it (the
  `advance` or `play`), in time order: "move", "death", "ready", "expiry", "pass", "line"
  (hold option: a line waiting to be confirmed), "win", "draw". They are not part of the
  position (`key()`, equality and the position text ignore them); the scene animates and plays
  sounds from them.
* **Turns.** The side to move has `turn_clock` seconds from `turn_start`; if the clock runs out
  the turn passes (event "expiry"). A player with no legal move passes at once (event "pass"),
  unless the opponent has none either: then the turn stays and the clock keeps running.
  With both sides stuck `legal_moves` is empty while the game goes on: advance the time.
* **Death.** An hourglass whose sand runs out goes home own-colour up. It waits a full life if
  it died black side up (all its sand is then in the upper chamber) and is ready at once if it
  died colour up (option `reentry="full"`: it always waits a full life).
* **Timer mode A** (default): every tip gives a full life. **Mode B** (physical): a tip gives
  the sand lying in the lower chamber, i.e. `life - remaining`; a glass leaving home gets a
  full life (its sand all lies in the lower chamber then). A tip that leaves no sand to run
  (possible only in mode B) kills the glass on the spot.
* **Win.** Checked right after a move: the mover's three hourglasses stand on one of the 8
  lines of the orange 3x3 and show the same pole colour up (`win_colour="own"`: all three show
  the player's own colour). Option `win_check="hold"`: the line must still stand when the
  opponent's next turn ends (by a move, an expiry or a pass).
* **Draw** when the game time reaches `game_limit` (0 = no limit).
* **No turns** (`turns="none"`, G9's alternative): both players tip whenever they like;
  `who_may_move` gives both, `legal_moves` lists both sides' tips (`moves_for` one side's),
  there is no turn clock and nobody passes. A tip may come from either side at any time after
  the last one (equal stamps allowed), so a saved list of stamped tips replays exactly.
  `to_move` then only names a point of view: `play` sets it to the player who did not make the
  last tip, and `seen_by(state, p)` gives the state a computer player `p` plans from. With the
  hold option a line must still stand when the opponent next tips.
* **Open home circles** (`home_cells="open"`, G8's alternative): anyone may stand on a home;
  a glass that dies while its home is taken waits off the board (`cell == OFF`, written
  `b1 off ready` / `b1 off wait 300/180`) and lands on its home the instant it is free
  (event "home"); it cannot move before.
* **Entry order 1-2-3** (`entry_order="1-2-3"`, G10's alternative): a glass leaves home only
  while every glass before it (in home order) is on the board.

Position text (one line, `|`-separated; times in seconds as in the notation)::

    t=12.5 turn=gold@10 | gold: b1>c2 black 190.5/180, e1 ready, h1 wait 300/180 |
    red: b9 ready, e9>e8 colour 150/180, h9 ready

(one line in practice). Each side lists its three hourglasses in home order: `HOME ready`,
`HOME wait UNTIL/FULL` (at home, may re-enter at UNTIL), or `HOME>CELL colour|black
UNTIL/FULL` (on CELL with that pole up, sand out at UNTIL, FULL = the life it got when last
tipped). An optional fourth part records the end: `won gold d4-e5-f6`, `draw`, or (hold
option) `pending gold`.

Fuzzing: `random_time_step(state, rng)` returns a step in seconds that often lands exactly on
the next deadline (to exercise the inclusive instants), sometimes just before or after it, and
sometimes jumps far (deaths, re-entries, the game limit).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.games.akhimoraec import checks
from game.games.akhimoraec import notation as _notation
from game.games.akhimoraec.state import (
    ALIVE,
    FILES,
    GOLD,
    HOME_FILES,
    LINE_SETS,
    LINES,
    OFF,
    OPTION_VALUES,
    ORANGE,
    READY,
    RED,
    SIDE_NAMES,
    SIZE,
    STATUS_NAMES,
    WAITING,
    AkhState,
    Event,
    Glass,
    GlassView,
    Move,
    cell_index,
    cell_name,
    cell_of,
    clock_text,
    default_options,
    fmt_time,
    line_name,
    neighbour_table,
    parse_time,
)
from game.i18n import _

#: Names other modules (the AI, the screen, tools, tests) read from the rules module.
__all__ = [
    "ALIVE", "FILES", "OFF", "GOLD", "HOME_FILES", "LINES", "OPTION_VALUES", "ORANGE", "READY", "RED",
    "SIDE_NAMES", "SIZE", "STATUS_NAMES", "WAITING", "AkhState", "AkhimoraecRules", "Event",
    "Glass", "GlassView", "Move", "cell_index", "cell_name", "cell_of", "clock_text",
    "default_options", "fmt_time", "line_name", "make_rules", "neighbour_table", "parse_time",
]

# --------------------------------------------------------------------------------------------
# The working copy used while time runs and a move is applied
# --------------------------------------------------------------------------------------------


class _Work:
    """A mutable scratch copy of a state; the rules edit it and freeze it into a new state."""

    __slots__ = ("now", "to_move", "turn_start", "glasses", "over", "winner", "line", "pending",
                 "events")

    def __init__(self, s: AkhState) -> None:
        self.now = s.now
        self.to_move = s.to_move
        self.turn_start = s.turn_start
        self.glasses = list(s.glasses)
        self.over = s.over
        self.winner = s.winner
        self.line = s.line
        self.pending = s.pending
        self.events: list[Event] = []

    def freeze(self) -> AkhState:
        return AkhState(self.now, self.to_move, self.turn_start, tuple(self.glasses), self.over,
                        self.winner, self.line, self.pending, tuple(self.events))


# --------------------------------------------------------------------------------------------
# The rules
# --------------------------------------------------------------------------------------------


class AkhimoraecRules:
    """Akhimoraec with one set of options; see the module docstring for the design."""

    game_id = "akhimoraec"

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None) -> None:
        opts = default_options()
        for key, value in (options or {}).items():
            if key not in OPTION_VALUES:
                raise ValueError(f"unknown option {key!r}")
            allowed = OPTION_VALUES[key][0]
            if value not in allowed or type(value) is not type(OPTION_VALUES[key][1]):
                raise ValueError(f"option {key!r} must be one of {allowed}, not {value!r}")
            opts[key] = value
        if variant != "standard":
            raise ValueError(f"unknown variant {variant!r}")
        self.variant = variant
        self.options: dict[str, Any] = opts
        self.adjacency: int = opts["adjacency"]
        self.mode_b: bool = opts["timer"] == "B"
        self.life: int = opts["life"] * 1000
        self.clock: int = opts["turn_clock"] * 1000  # 0 = no turn clock
        self.full_wait: bool = opts["reentry"] == "full"
        self.own_colour: bool = opts["win_colour"] == "own"
        self.limit: int = opts["game_limit"] * 1000  # 0 = no limit
        self.flip: bool = opts["flip_in_place"]
        self.hold: bool = opts["win_check"] == "hold"
        #: open home cells: anyone may stand on a home; a dead glass waits off the board
        self.open_homes: bool = opts["home_cells"] == "open"
        #: forced entry order: a glass leaves home only once the lower-numbered ones are out
        self.ordered: bool = opts["entry_order"] == "1-2-3"
        #: no turns: both players tip whenever they like; there is no turn clock then
        self.free: bool = opts["turns"] == "none"
        if self.free:
            self.clock = 0
        files = HOME_FILES[opts["homes"]]
        self.homes: tuple[tuple[int, ...], ...] = (
            tuple(cell_of(FILES.index(f), 0) for f in files),
            tuple(cell_of(FILES.index(f), SIZE - 1) for f in files),
        )
        self.neighbours = neighbour_table(self.adjacency)
        #: home cell -> owner; other players may not enter it.
        self.home_owner: dict[int, int] = {h: p for p in (0, 1) for h in self.homes[p]}

    # ---------------------------------------------------------------- state and time
    def initial_state(self) -> AkhState:
        glasses = tuple(Glass(p, h, h, READY, True, 0, 0) for p in (0, 1) for h in self.homes[p])
        return AkhState(0, GOLD, 0, glasses)

    def advance(self, state: AkhState, dt: float) -> AkhState:
        """The state `dt` seconds later (rounded to the ms); `events` lists what happened."""
        if dt < 0:
            raise ValueError("time cannot run backwards")
        return self.advance_to(state, state.now + round(dt * 1000))

    def advance_to(self, state: AkhState, t: int) -> AkhState:
        """The state at game time `t` (ms, not before `state.now`). A finished game stays put."""
        if t < state.now:
            raise ValueError(f"time {t} ms is before the state's time {state.now} ms")
        w = _Work(state)
        self._run_until(w, t)
        return w.freeze()

    def next_deadline(self, state: AkhState) -> int | None:
        """Game time (ms) of the next thing that will happen if nobody moves, or None."""
        if state.over:
            return None
        return self._next_deadline(state.glasses, state.turn_start)

    def _next_deadline(self, glasses: Sequence[Glass], turn_start: int) -> int | None:
        best: int | None = None
        for g in glasses:
            if g.status != READY and (best is None or g.until < best):
                best = g.until
        if self.clock and (best is None or turn_start + self.clock < best):
            best = turn_start + self.clock
        if self.limit and (best is None or self.limit < best):
            best = self.limit
        return best

    def _run_until(self, w: _Work, t: int) -> None:
        while not w.over:
            nxt = self._next_deadline(w.glasses, w.turn_start)
            if nxt is None or nxt > t:
                break
            w.now = max(w.now, nxt)
            self._fire(w)
        if not w.over:
            w.now = t

    def _fire(self, w: _Work) -> None:
        """Handle everything due at `w.now`, in the documented order."""
        now = w.now
        for i, g in enumerate(w.glasses):
            if g.status == ALIVE and g.until <= now:
                self._kill(w, i)
            elif g.status == WAITING and g.until <= now:
                w.glasses[i] = Glass(g.owner, g.home, g.cell, READY, True, 0, 0)
                w.events.append(Event(now, "ready", g.owner, g.home, g.home))
        self._return_home(w)
        if self.clock and w.turn_start + self.clock <= now:
            w.events.append(Event(now, "expiry", w.to_move))
            self._end_turn(w)
        self._auto_pass(w)
        if self.limit and now >= self.limit and not w.over:
            w.over, w.winner = True, None
            w.events.append(Event(now, "draw", w.to_move))

    def _kill(self, w: _Work, i: int) -> None:
        """Sand out: home, own colour up; it waits while the sand it holds runs back down."""
        g = w.glasses[i]
        wait = self.life if (self.full_wait or not g.up) else 0
        taken = any(o.cell == g.home for o in w.glasses if o is not g)
        at = OFF if taken else g.home  # open home cells: it waits off the board
        if wait:
            w.glasses[i] = Glass(g.owner, g.home, at, WAITING, True, w.now + wait, wait)
        else:
            w.glasses[i] = Glass(g.owner, g.home, at, READY, True, 0, 0)
        w.events.append(Event(w.now, "death", g.owner, g.home, g.cell, wait=wait))

    def _end_turn(self, w: _Work, new_pending: int | None = None) -> None:
        """The side to move's turn is over (move, expiry or pass); the other side starts."""
        ender = w.to_move
        if self.free and w.pending == ender and new_pending is None:
            w.pending = None  # no turns: its own tip broke its pending line
        if self.hold and w.pending is not None and w.pending != ender:
            # The pending line had to survive this (the opponent's) turn.
            line = self.line_of(w.glasses, w.pending)
            if line is not None:
                self._win(w, w.pending, line)
                return
            w.pending = None
        w.to_move = 1 - ender
        w.turn_start = w.now
        if new_pending is not None:
            w.pending = new_pending

    def _return_home(self, w: _Work) -> None:
        """Open home cells: a glass waiting off the board steps onto its home once it is free."""
        for i, g in enumerate(w.glasses):
            if g.cell == OFF and not any(o.cell == g.home for o in w.glasses):
                w.glasses[i] = Glass(g.owner, g.home, g.home, g.status, g.up, g.until, g.full)
                w.events.append(Event(w.now, "home", g.owner, g.home, g.home))

    def _auto_pass(self, w: _Work) -> None:
        if w.over or self.free:
            return
        p = w.to_move
        if not self.has_move(w.glasses, p) and self.has_move(w.glasses, 1 - p):
            w.events.append(Event(w.now, "pass", p))
            self._end_turn(w)

    def _win(self, w: _Work, player: int, line: tuple[int, ...]) -> None:
        w.over, w.winner, w.line, w.pending = True, player, line, None
        w.events.append(Event(w.now, "win", player, line=line))

    # ---------------------------------------------------------------- moves
    def may_enter(self, g: Glass, dst: int) -> bool:
        """A home circle is reserved for the one hourglass that lives there: a dead glass must
        always find its own home free, so no other glass (of either side) may stand on it."""
        return self.open_homes or dst not in self.home_owner or dst == g.home

    def _may_leave(self, glasses: Sequence[Glass], g: Glass) -> bool:
        """May `g` move at all (its owner's turn aside)? Not while it waits (at home or off
        the board) and, with the forced entry order, a glass at home only once every
        lower-numbered glass of its owner is on the board."""
        if g.status == WAITING or g.cell == OFF:
            return False
        if g.status == READY and self.ordered:
            k = self.homes[g.owner].index(g.home)
            return all(o.status == ALIVE for o in glasses
                       if o.owner == g.owner and self.homes[g.owner].index(o.home) < k)
        return True

    def _entry_reason(self, glasses: Sequence[Glass], g: Glass) -> str | None:
        if self._may_leave(glasses, g) or g.status != READY or g.cell == OFF:
            return None
        k = self.homes[g.owner].index(g.home)
        first = next(h for h in self.homes[g.owner][:k]
                     if not any(o.home == h and o.status == ALIVE for o in glasses))
        return _("hourglasses enter play in the order 1-2-3: {first} must be out before "
                 "{cell}").format(first=cell_name(first), cell=cell_name(g.home))

    def _blocked(self, glasses: Sequence[Glass], g: Glass, dst: int) -> str | None:
        if not self.may_enter(g, dst):
            owner = self.home_owner[dst]
            if owner == g.owner:
                return _("{cell} is the home circle of another of your hourglasses").format(
                    cell=cell_name(dst))
            return _("{cell} is the home circle of {side}").format(
                cell=cell_name(dst), side=_(SIDE_NAMES[owner]))
        for g in glasses:
            if g.cell == dst:
                return _("{cell} is occupied").format(cell=cell_name(dst))

        return None

    def has_move(self, glasses: Sequence[Glass], player: int) -> bool:
        occupied = {g.cell for g in glasses}
        for g in glasses:
            if g.owner != player or not self._may_leave(glasses, g):
                continue
            if self.flip and g.status == ALIVE:
                return True
            for d in self.neighbours[g.cell]:
                if d not in occupied and self.may_enter(g, d):
                    return True
        return False

    def legal_moves(self, state: AkhState) -> list[Move]:
        """Moves at the current time (`at == state.now`): the side to move's, or with no turns
        both players' (Gold's first)."""
        out: list[Move] = []
        for p in self.who_may_move(state):
            out += self.moves_for(state, p)
        return out

    def moves_for(self, state: AkhState, player: int) -> list[Move]:
        """`player`'s moves now, if the rules let them move now (else none)."""
        if player not in self.who_may_move(state):
            return []
        now = state.now
        occupied = {g.cell for g in state.glasses}
        out: list[Move] = []
        for g in state.glasses:
            if g.owner != player or not self._may_leave(state.glasses, g):
                continue
            for d in self.neighbours[g.cell]:
                if d not in occupied and self.may_enter(g, d):
                    out.append(Move(g.cell, d, now))
            if self.flip and g.status == ALIVE:
                out.append(Move(g.cell, g.cell, now))
        return out

    def check(self, state: AkhState, move: Move) -> str | None:
        return self._try(state, move)[1]

    def play(self, state: AkhState, move: Move) -> AkhState:
        w, reason = self._try(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return w.freeze()

    def _try(self, state: AkhState, move: Move) -> tuple[_Work, str | None]:
        w = _Work(state)
        if state.over:
            return w, _("the game is over")
        if not isinstance(move, Move):
            return w, _("{move} is not an Akhimoraec move").format(move=repr(move))
        if not (0 <= move.src < SIZE * SIZE and 0 <= move.dst < SIZE * SIZE):
            return w, _("that move leaves the board")
        if move.at < state.now:
            return w, _("that move is stamped {at} s but the clock already shows {now} "
                        "s").format(at=fmt_time(move.at), now=fmt_time(state.now))
        self._run_until(w, move.at)
        if w.over:
            return w, _("the game ended at {time} s, before that move").format(
                time=fmt_time(w.now))
        gi = next((i for i, g in enumerate(w.glasses) if g.cell == move.src), -1)
        if gi < 0:
            before = next((g for g in state.glasses if g.cell == move.src), None)
            if before is not None:
                return w, _("the hourglass on {cell} ran out of sand before {time} s").format(
                    cell=cell_name(move.src), time=fmt_time(move.at))
            return w, _("there is no hourglass on {cell}").format(cell=cell_name(move.src))
        g = w.glasses[gi]
        if self.free:
            w.to_move = g.owner  # no turns: the mover's tip ends "its turn" (hold option)
        p = w.to_move
        if g.owner != p:
            if g.owner == state.to_move:
                return w, _("{side}'s turn clock ran out before {time} s").format(
                    side=_(SIDE_NAMES[g.owner]), time=fmt_time(move.at))
            return w, _("that hourglass is {owner}'s; it is {side}'s turn").format(
                owner=_(SIDE_NAMES[g.owner]), side=_(SIDE_NAMES[p]))
        if g.status == WAITING:
            return w, _("that hourglass is still emptying at home: it may re-enter in {time} "
                        "s").format(time=fmt_time(g.until - w.now))
        why_not = self._entry_reason(w.glasses, g)
        if why_not is not None:
            return w, why_not
        if move.dst == move.src:
            if not self.flip:
                return w, _("an hourglass must tip onto a neighbouring circle")
            if g.status == READY:
                return w, _("an hourglass at home enters play by tipping onto a neighbouring "
                            "circle")
        else:
            if move.dst not in self.neighbours[move.src]:
                text = _("{cell} is not a neighbouring circle of {start}") \
                    if self.adjacency == 8 else \
                    _("{cell} is not an orthogonally neighbouring circle of {start}")
                return w, text.format(cell=cell_name(move.dst), start=cell_name(move.src))
            why = self._blocked(w.glasses, g, move.dst)
            if why is not None:
                return w, why
        self._apply(w, gi, move.dst)
        return w, None

    def _apply(self, w: _Work, gi: int, dst: int) -> None:
        g = w.glasses[gi]
        now = w.now
        if self.mode_b:
            upper = g.until - now if g.status == ALIVE else 0
            life = self.life - upper  # the sand that lay in the lower chamber
        else:
            life = self.life
        w.glasses[gi] = Glass(g.owner, g.home, dst, ALIVE, not g.up, now + life, life)
        w.events.append(Event(now, "move", g.owner, g.home, g.cell, dst))
        if life <= 0:  # mode B: nothing left to run, the glass is dead on arrival
            self._kill(w, gi)
        p = g.owner
        line = self.line_of(w.glasses, p)
        if line is not None and not self.hold:
            self._win(w, p, line)
            return
        if line is not None:
            w.events.append(Event(now, "line", p, line=line))
        self._return_home(w)
        self._end_turn(w, p if line is not None else None)
        self._auto_pass(w)

    def line_of(self, glasses: Sequence[Glass], player: int) -> tuple[int, ...] | None:
        """The winning line `player` stands on now, if any."""
        mine = [g for g in glasses if g.owner == player]
        if any(g.status != ALIVE for g in mine):
            return None
        line = LINE_SETS.get(frozenset(g.cell for g in mine))
        if line is None:
            return None
        ups = {g.up for g in mine}
        if len(ups) != 1 or (self.own_colour and ups != {True}):
            return None
        return line

    def outcome(self, state: AkhState) -> Outcome | None:
        if not state.over:
            return None
        if state.winner is None:
            return Outcome(None, _("the game-time limit ({time} s) was reached").format(
                time=fmt_time(state.now)))
        return Outcome(state.winner, _("{side} holds the line {line}").format(
            side=_(SIDE_NAMES[state.winner]), line=line_name(state.line)))

    # ---------------------------------------------------------------- notation
    def display_move(self, state: AkhState, move: Move) -> str:
        """The move as the move list shows it (files keep `to_notation`, to the millisecond):
        the game time in m:ss, then the tip with an arrow: "0:23 b1→b2"."""
        tip = f"{clock_text(move.at)} {cell_name(move.src)}→{cell_name(move.dst)}"
        if not self.free:
            return tip
        # no turns: moves do not alternate, so each says whose it is ("0:23 Red b9→c8")
        g = next((g for g in state.glasses if g.cell == move.src), None)
        who = SIDE_NAMES[g.owner] if g is not None else "?"
        return tip.replace(" ", f" {who} ", 1)

    def to_notation(self, state: AkhState, move: Move) -> str:
        return f"{fmt_time(move.at)}:{cell_name(move.src)}-{cell_name(move.dst)}"

    def parse_move(self, state: AkhState, text: str) -> Move:
        t = text.strip()
        at = state.now
        if ":" in t:
            stamp, _colon, t = t.partition(":")
            try:
                at = parse_time(stamp)
            except ValueError as exc:
                raise IllegalMove(str(exc)) from None
        a, sep, b = t.strip().partition("-")
        if not sep:
            raise IllegalMove(f"{text!r}: write a move as from-to, like 12.5:b1-c2")
        try:
            move = Move(cell_index(a), cell_index(b), at)
        except ValueError as exc:
            raise IllegalMove(f"{text!r}: {exc}") from None
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return move

    # ---------------------------------------------------------------- position text
    def position_text(self, state: AkhState) -> str:
        return _notation.position_text(state)

    def parse_position(self, text: str) -> AkhState:
        try:
            state = _notation.parse_position(text, self.homes)
        except ValueError as exc:
            raise BadPosition(str(exc)) from None
        problems = self.invariants(state)
        if problems:
            raise BadPosition("; ".join(problems))
        return state

    # ---------------------------------------------------------------- checks for tools
    def invariants(self, state: AkhState) -> list[str]:
        """Problems with a state (empty when sound); the fuzzer calls this after every step."""
        return checks.invariants(self, state)


    # ---------------------------------------------------------------- questions a screen asks
    def who_may_move(self, state: AkhState) -> tuple[int, ...]:
        """The players who may tip an hourglass now: the side to move; nobody once it is over."""
        if state.over:
            return ()
        return (GOLD, RED) if self.free else (state.to_move,)

    def may_move(self, state: AkhState, glass: Glass, player: int | None = None) -> bool:
        """May `glass` be picked up now (by `player`; None: by whoever may move)? Its owner
        may move and it is not waiting at home. It may still have no free circle to go to:
        picking it up then shows why (`check` gives the reason for each circle)."""
        if glass.owner not in self.who_may_move(state):
            return False
        if player is not None and glass.owner != player:
            return False
        return self._may_leave(state.glasses, glass)

    def movable_cells(self, state: AkhState, player: int | None = None) -> list[int]:
        """The circles of the hourglasses that `may_move`, in home order (Gold's first)."""
        return [g.cell for g in state.glasses if self.may_move(state, g, player)]

    def pick_reason(self, state: AkhState, cell: int, player: int | None = None) -> str | None:
        """Why the hourglass on `cell` cannot be picked up now, in words (None: it can)."""
        g = next((x for x in state.glasses if x.cell == cell), None)
        if g is not None and self.may_move(state, g, player):
            return None
        if g is not None and player is not None and g.owner != player:
            return _("that hourglass is {owner}'s; yours are {side}").format(
                owner=_(SIDE_NAMES[g.owner]), side=_(SIDE_NAMES[player]))
        reason = self.check(state, Move(cell, self.neighbours[cell][0], state.now))
        return reason or _("that hourglass cannot move now")


    def may_flip(self, state: AkhState, cell: int) -> bool:
        """Does a tip of the glass on `cell` onto its own circle count (flip option, alive)?"""
        return self.flip and any(g.cell == cell and g.status == ALIVE for g in state.glasses)

    def seen_by(self, state: AkhState, player: int) -> AkhState:
        """No turns: the state with `player` as the side to move, the one a computer player
        plans for (`to_move` then only names whose view it is; `play` sets it to the player
        who did not make the last tip). With turns the state itself."""
        if not self.free or state.to_move == player:
            return state
        return AkhState(state.now, player, state.turn_start, state.glasses, state.over,
                        state.winner, state.line, state.pending, state.events)

    def sand(self, glass: Glass, now: int) -> tuple[float, float]:
        """(upper, lower) sand of `glass` at game time `now`, as fractions of a full life — the
        same amounts as `views` gives in seconds (a glass at home, ready: all sand below)."""
        if glass.status == READY:
            return 0.0, 1.0
        left = max(0, glass.until - now) / self.life
        return left, 1.0 - left

    # ---------------------------------------------------------------- for the scene
    def views(self, state: AkhState) -> tuple[GlassView, ...]:
        """Per hourglass: cell, owner, pole up, life/wait left and full, sand in each chamber."""
        cap = self.life / 1000.0
        out = []
        for g in state.glasses:
            left = max(0, g.until - state.now) / 1000.0 if g.status != READY else 0.0
            where = "off" if g.cell == OFF else cell_name(g.cell)
            out.append(GlassView(g.owner, cell_name(g.home), where, STATUS_NAMES[g.status],
                                 g.up, left, g.full / 1000.0, cap, left, cap - left))
        return tuple(out)

    def turn_clock_left(self, state: AkhState) -> float | None:
        """Seconds left on the side to move's turn clock, or None without a turn clock."""
        if not self.clock:
            return None
        return max(0, state.turn_start + self.clock - state.now) / 1000.0

    def game_time_left(self, state: AkhState) -> float | None:
        """Seconds until the game-time limit (draw), or None without a limit."""
        if not self.limit:
            return None
        return max(0, self.limit - state.now) / 1000.0

    def winning_line(self, state: AkhState) -> tuple[str, ...] | None:
        return tuple(cell_name(c) for c in state.line) if state.line else None

    def random_time_step(self, state: AkhState, rng: random.Random) -> float:
        """A time step (s) for fuzzing: exact deadlines, near misses, small and large steps."""
        nxt = self.next_deadline(state)
        r = rng.random()
        if nxt is not None and r < 0.35:
            gap = nxt - state.now
            return max(0, gap + rng.choice((0, 0, -1, 1))) / 1000.0
        if r < 0.75:
            return rng.randrange(0, 4000) / 1000.0
        if r < 0.95:
            return rng.randrange(0, 20000) / 1000.0
        return rng.randrange(0, 200000) / 1000.0

    def parity_lines(self, player: int) -> dict[str, list[bool]]:
        """4-neighbour play: per line name, which pole colours (True = own) can be shown."""
        return checks.parity_lines(self, player)



def make_rules(variant: str = "standard", options: Mapping[str, Any] | None = None) -> AkhimoraecRules:
    """The registry's factory: Akhimoraec with `options` (missing keys take the v0 defaults)."""
    return AkhimoraecRules(variant, options)
