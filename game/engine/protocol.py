"""The contract every game fills in: Rules make States, States take Moves, Outcomes end matches.

Style chosen for all games: **functional** — `Rules.play(state, move)` returns a *new* state and
never mutates the old one. Undo is then just keeping the previous state, saves replay moves, and
the AI may hold positions without copying. Games that need raw speed (perft, deep search) keep a
private fast path (mutable bitboards, make/unmake) behind the same public contract.

Nothing here imports pygame: rules, AI, tools and tests all share this module.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

#: Player indices. Every two-player game numbers its sides 0 (moves first by default) and 1.
FIRST, SECOND = 0, 1


class IllegalMove(ValueError):
    """A move (or move text) the rules refuse; the message is the reason shown to the player."""


class BadPosition(ValueError):
    """A position text, level or saved state that does not describe a legal position."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: `winner` is a player index, or None for a draw; `reason` is for people."""

    winner: int | None
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@runtime_checkable
class State(Protocol):
    """A position. Immutable by convention; `key()` identifies it for repetition and the TT."""

    @property
    def to_move(self) -> int: ...

    def key(self) -> Hashable: ...


S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


class Rules(Protocol[S, M]):
    """One game with one variant and its options fixed at construction.

    Moves are immutable and hashable (frozen dataclasses or tuples). Notation and position
    text are the game's own (documented in its rules module) and must round-trip:
    `parse_move(s, to_notation(s, m)) == m` and `parse_position(position_text(s))` equals `s`.
    The three names are read-only here (properties), so a class that keeps them as plain
    attributes, class constants or properties all fill the contract.
    """

    @property
    def game_id(self) -> str: ...

    @property
    def variant(self) -> str: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    def initial_state(self) -> S: ...

    def legal_moves(self, state: S) -> Sequence[M]: ...

    def play(self, state: S, move: M) -> S:
        """Return the state after `move`; raise IllegalMove (with the reason) if it is illegal."""
        ...

    def check(self, state: S, move: M) -> str | None:
        """None if `move` is legal in `state`, else the reason in words a player understands."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def to_notation(self, state: S, move: M) -> str: ...

    def parse_move(self, state: S, text: str) -> M:
        """Read move text; raise IllegalMove saying what is wrong (syntax or legality)."""
        ...

    def position_text(self, state: S) -> str: ...

    def parse_position(self, text: str) -> S:
        """Read a position text; raise BadPosition saying what is wrong."""
        ...


class PuzzleRules(Rules[S, M], Protocol):
    """A one-player puzzle: the same contract, and `solved` says the goal is reached (its
    `outcome` is then "solved", with player 0 as the winner)."""

    def solved(self, state: S) -> bool: ...


# --------------------------------------------------------------------------- optional hooks
# What only some games offer, as small runtime-checkable protocols: the one way a screen or a
# tool learns what a game can do. The name and the signature are written once, here, and the
# question is always asked the same way, `GameEntry.capability(Protocol, rules)` (or
# isinstance on the rules object when no entry is at hand). Two faces of a game may answer:
# its rules object (the protocols of the first group) and the pure modules its entry names —
# the computer player's module and a puzzle's solver module — whose functions take the rules
# first (the protocols of the second group).


@runtime_checkable
class RealTime(Protocol):
    """Rules whose time runs between moves: `advance(state, dt)` lets `dt` seconds pass. The
    clock is an argument, never read: tests and replays drive time exactly."""

    def advance(self, state: Any, dt: float) -> Any: ...


@runtime_checkable
class Simultaneous(Protocol):
    """Rules where more than the side to move may act (real time without turns): the players
    who may move in `state`, in any order."""

    def who_may_move(self, state: Any) -> Sequence[int]: ...


@runtime_checkable
class RandomTimeStep(Protocol):
    """Real-time rules that suggest how long to wait in random play (the fuzzer)."""

    def random_time_step(self, state: Any, rng: random.Random) -> float: ...


@runtime_checkable
class HasInvariants(Protocol):
    """Rules that can check a state's own consistency: the problems found, [] when none."""

    def invariants(self, state: Any) -> list[str]: ...


@runtime_checkable
class HasPerft(Protocol):
    """Rules with a fast move-path count to `depth` (checked against the generic count)."""

    def perft(self, state: Any, depth: int) -> int: ...


@runtime_checkable
class Adjudicates(Protocol):
    """Rules that can judge an unfinished game cut at a ply limit (the arena); None: a draw."""

    def adjudicate(self, state: Any) -> Outcome | None: ...


@runtime_checkable
class DisplaysMoves(Protocol):
    """Rules that show a move to people differently from its saved notation."""

    def display_move(self, state: Any, move: Any) -> str: ...


def shown_move(rules: Any, state: Any, move: Any) -> str:
    """A move as people read it: the rules' `display_move` where the game has one, else its
    notation (files, tools and the clipboard always keep the exact notation)."""
    if isinstance(rules, DisplaysMoves):
        return rules.display_move(state, move)
    return str(rules.to_notation(state, move))


@runtime_checkable
class Solvable(Protocol):
    """Puzzle rules: `solved(state)` (the hook form of PuzzleRules, for isinstance)."""

    def solved(self, state: Any) -> bool: ...


@runtime_checkable
class CountsTurns(Protocol):
    """Rules whose turn has several steps: sequences of `depth` whole turns (tools/perft.py
    counts these rather than the steps `legal_moves` mixes together)."""

    def turn_perft(self, state: Any, depth: int) -> int: ...


@runtime_checkable
class ListsCaptures(Protocol):
    """Rules that list, one line each, the captures open to the side to move (tools/captures.py)."""

    def capture_lines(self, state: Any) -> list[str]: ...


# Module faces: a game's computer-player module or solver module (see `GameEntry.capability`).


@runtime_checkable
class PerfectStrategy(Protocol):
    """A module that knows every winning move of a position (empty: the position is lost)."""

    def winning_moves(self, rules: Any, state: Any) -> Sequence[Any]: ...


@runtime_checkable
class ProvenLevels(Protocol):
    """A computer-player module whose levels are proven by theory, not measured: level ->
    the word the ladder shows for it ("perfect")."""

    PROVEN_WORDS: Mapping[str, str]


@runtime_checkable
class SimulatesMatches(Protocol):
    """A real-time game's computer-player module that plays a whole match in simulated time
    (the arena); `record`, when given, receives the move notations."""

    def simulate_match(self, rules: Any, player_a: Any, player_b: Any, rng: random.Random,
                       max_plies: int = 400, *, seconds: float | None = 0.25,
                       record: list[str] | None = None) -> Outcome: ...


@runtime_checkable
class JudgesCutGames(Protocol):
    """A computer-player module that judges a game the arena cut short (rules that can judge
    it themselves are `Adjudicates`); None: a draw."""

    def adjudicate(self, rules: Any, state: Any) -> Outcome | None: ...


@runtime_checkable
class ExplainsBestMove(Protocol):
    """A puzzle's solver module that says the best move of a position in lines of text
    (tools/bestmove.py prints them)."""

    def bestmove_lines(self, rules: Any, state: Any) -> list[str]: ...


@dataclass(frozen=True)
class Analysis:
    """What a computer player's module says of a position for the game review.

    `score` is the expected score of the side to move (0 lost … 0.5 even … 1 won), so every
    game's search speaks one scale; `best` is the move it would play and `line` the moves
    expected after it (its principal variation, `best` excluded). `exact` is True when a
    solver proved the score rather than a search estimating it."""

    score: float
    best: Any
    line: tuple[Any, ...] = ()
    exact: bool = False


@runtime_checkable
class Analyses(Protocol):
    """A computer-player module that judges a position for the review, thinking about
    `seconds` (None when the position has no move)."""

    def analyse(self, rules: Any, state: Any, *, seconds: float) -> Analysis | None: ...


@runtime_checkable
class ExplainsMistakes(Protocol):
    """A computer-player module that says why a move is bad when the reason is simple: a
    (msgid, arguments) pair such as ("loses the {piece}", {"piece": "Elephant"}), or None.
    `after` is `move` played in `state`; `analysis` is the review's analysis of `state` and
    `reply` its analysis of `after` (None when the game ended there). The arguments' values
    are words to translate too (a piece's name)."""

    def explain(self, rules: Any, state: Any, move: Any, after: Any, analysis: Analysis,
                reply: Analysis | None) -> tuple[str, Mapping[str, str]] | None: ...


class AIPlayer(Protocol):
    """A computer player for one game and level. Pure: it is run inside the worker process."""

    def choose(self, state: Any, *, seconds: float, rng: random.Random) -> Any:
        """Return a legal move for `state.to_move` within about `seconds` of thinking."""
        ...


def random_move(rules: Rules[Any, Any], state: Any, rng: random.Random) -> Any:
    """A uniformly random legal move (the `random` arena player and the fuzzers use it)."""
    moves = rules.legal_moves(state)
    if not moves:
        raise IllegalMove("no legal move in this position")
    return moves[rng.randrange(len(moves))]
