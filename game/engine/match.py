"""A running match: the move history with undo/redo, the players, the outcome, and saved games.

The match is the one place that keeps a game's history, so the scene, the AI worker, the
autosave and the save files all agree on it. Rules are functional (`play` returns a new
state), so the history is simply the list of states, and undo is taking one back.

Saved matches are plain, versioned JSON (see `to_json`); loading *replays* every move through
the rules, so a damaged or tampered file is refused with the move number and the reason
instead of producing an impossible position. What a save must look like before its moves are
replayed (format, game, options, players) is checked in `game/engine/saves.py`.

A puzzle is a match of one player: the same history, undo/redo, autosave and replayed saves.
Its level travels in the options under `LEVEL_OPTION` ("level": the level file's stem), so a
save names the level it belongs to; the rules never see that key (the level's position is in
the game's own options). `restart` takes every move back, and `notes` keeps the little the
screen wants back on resuming (a puzzle's clock and hints): plain data, saved, never replayed.

Real-time games (rules with `advance(state, dt)`) let time pass between moves with
`Match.advance`. Their move notation must carry the game time of the move (Akhimoraec's
"12.5:b1-c2" does), so replaying the moves replays the clock exactly; the time run since the
last move is saved as "time_after" and run again, in one step, on loading.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from game.engine import storage, userfiles
from game.engine.entries import GameEntry, GameLookup, player_name
from game.engine.protocol import (
    BadPosition,
    CountsTurns,
    IllegalMove,
    Outcome,
    RealTime,
    Rules,
    Simultaneous,
    Solvable,
)
from game.engine.saves import (  # the save's checks; these names are imported from here too
    FORMAT,
    LEVEL_OPTION,
    UPGRADES,
    Origin,
    PlayerKind,
    PlayerSpec,
    SaveError,
    find_entry,
    header_problem,
    notes_of,
    option_problem,
    options_of,
    origin_of,
    players_of,
    read_header,
    time_after_of,
)
from game.i18n import _

log = logging.getLogger(__name__)

#: The rules of a match: the engine uses them only through the contract (Rules); a scene that
#: knows its game may name the class (`Match[AmazonsRules]`), plain `Match` leaves it open.
R = TypeVar("R", bound=Rules[Any, Any])


@dataclass(frozen=True)
class _Undone:
    """One taken-back ply, kept so `redo` restores it exactly (clock included)."""

    move: Any
    text: str
    wait: float      # time advanced before the move
    state: Any       # the state as it was when taken back
    pending: float   # time advanced after the move, already inside `state`


class Match(Generic[R]):
    """One game being played: rules, history, players and result.

    `states[i]` is the position in which `moves[i]` was played, and `states[-1]` (== `state`)
    is the current position. Playing a new move after an undo drops the redo list.
    If `autosave` is a path, the match is written there (atomically) after every change of
    history; a failed write does not stop the game, its message is in `autosave_error`.
    """

    def __init__(self: Match[Any], entry: GameEntry, variant: str | None = None,
                 options: Mapping[str, Any] | None = None,
                 players: Sequence[PlayerSpec] | None = None, start: str | None = None, *,
                 autosave: Path | str | None = None) -> None:
        self.entry = entry
        self.variant = variant or entry.variants[0].id
        merged = entry.default_options()
        merged.update(options or {})
        self.options: dict[str, Any] = merged
        # the level is the match's own unless the game declares it as a rules option
        # (Tangram's rules read their figure from it)
        declared = any(o.id == LEVEL_OPTION for o in entry.options)
        rules_options = {k: v for k, v in merged.items() if declared or k != LEVEL_OPTION}
        self.rules: R = cast(R, entry.make_rules(self.variant, rules_options))
        if players is None:
            players = [PlayerSpec("human", name) for name in entry.side_names]
        if not players:
            raise ValueError("a match needs at least one player")
        self.players: tuple[PlayerSpec, ...] = tuple(players)
        #: The position text the match started from (None: the variant's usual start).
        self.start = start
        first = self.rules.initial_state() if start is None else self.rules.parse_position(start)
        self._states: list[Any] = [first]
        self._moves: list[Any] = []
        self._notation: list[str] = []
        self._waits: list[float] = []
        self._pending = 0.0
        self._redo: list[_Undone] = []
        self._resigned: int | None = None
        self._outcome: Outcome | None = None
        self.autosave_path: Path | None = Path(autosave) if autosave is not None else None
        self.autosave_error: str | None = None
        #: Plain JSON data the screen keeps with the save (a puzzle's seconds and hints):
        #: written by `to_json`, given back by `from_json`, never used by the rules.
        self.notes: dict[str, Any] = {}
        #: Where the match came from when it began at a position of another match (a
        #: review's "Try again from here"); None for a fresh start. Saved, never played.
        self.origin: Origin | None = None
        self._refresh(save=False)

    # ----------------------------------------------------------------- reading

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def states(self) -> tuple[Any, ...]:
        return tuple(self._states)

    @property
    def moves(self) -> tuple[Any, ...]:
        return tuple(self._moves)

    @property
    def notation(self) -> tuple[str, ...]:
        return tuple(self._notation)

    @property
    def ply(self) -> int:
        """Number of moves played so far."""
        return len(self._moves)

    @property
    def turns(self) -> int:
        """Moves played as players count them, the one count every screen shows: a move is
        one player's turn. Where a turn has several steps (rules that count turns: captures,
        a move, more captures) the steps of one turn make one move; elsewhere every move
        recorded is a turn."""
        if not isinstance(self.rules, CountsTurns):
            return len(self._moves)
        return _runs(s.to_move for s in self._states[:len(self._moves)])

    @property
    def move_number(self) -> int:
        """The number of the move being played now: the next one, or the turn under way when
        a turn of several steps has begun (its side still to move)."""
        if not isinstance(self.rules, CountsTurns):
            return len(self._moves) + 1
        return _runs(s.to_move for s in self._states)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def level(self) -> str | None:
        """The puzzle level this match plays (None: free play, or a two-player match)."""
        level = self.options.get(LEVEL_OPTION)
        return level if isinstance(level, str) else None

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def current_player(self) -> int:
        """Index of the side to move (puzzles without `to_move` count as player 0)."""
        return int(getattr(self.state, "to_move", 0))

    @property
    def movers(self) -> tuple[int, ...]:
        """The players who may move now. Rules may say so with a `who_may_move(state)` hook
        (real time without turns: both at once); otherwise the side to move, and nobody once
        the match is over."""
        if self._outcome is not None:
            return ()
        if isinstance(self.rules, Simultaneous):
            return tuple(self.rules.who_may_move(self.state))
        return (self.current_player,)

    @property
    def real_time(self) -> bool:
        """Whether time runs between moves (the rules have `advance`, see RealTime)."""
        return isinstance(self.rules, RealTime)

    @property
    def current_spec(self) -> PlayerSpec:
        return self.players[self.current_player % len(self.players)]

    @property
    def is_computer_turn(self) -> bool:
        return self._outcome is None and self.current_spec.is_computer

    @property
    def can_undo(self) -> bool:
        return bool(self._moves) or self._resigned is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self._resigned is None

    # ----------------------------------------------------------------- changing

    def play(self, move: Any) -> None:
        """Play a move for the side to move; raise IllegalMove (with the reason) if refused."""
        if self._outcome is not None:
            raise IllegalMove(_("the game is over"))
        before = self.state
        after = self.rules.play(before, move)  # raises IllegalMove with the reason
        text = self.rules.to_notation(before, move)
        self._states.append(after)
        self._moves.append(move)
        self._notation.append(text)
        self._waits.append(self._pending)
        self._pending = 0.0
        self._redo.clear()
        self._refresh()

    def play_notation(self, text: str) -> Any:
        """Read a move in the game's notation and play it; return the move."""
        if self._outcome is not None:
            raise IllegalMove(_("the game is over"))
        move = self.rules.parse_move(self.state, text)
        self.play(move)
        return move

    def undo(self, plies: int = 1) -> int:
        """Take back up to `plies` moves; return how many were taken back.

        After a resignation, the first undo only withdraws the resignation.
        """
        if self._resigned is not None:
            self._resigned = None
            self._refresh()
            return 0
        done = 0
        while done < plies and self._moves:
            self._redo.append(_Undone(self._moves.pop(), self._notation.pop(),
                                      self._waits[-1], self._states.pop(), self._pending))
            self._pending = self._waits.pop()
            done += 1
        if done:
            self._refresh()
        return done

    def undo_turn(self) -> int:
        """Take back at least one move, then more until a human is to move (vs the computer)."""
        if self._resigned is not None:
            return self.undo()
        done = self.undo(1)
        while self._moves and self.current_spec.is_computer:
            done += self.undo(1)
        return done

    def redo(self) -> bool:
        """Play again the last move taken back; False if there is none."""
        if not self.can_redo:
            return False
        step = self._redo.pop()
        self._states.append(step.state)
        self._moves.append(step.move)
        self._notation.append(step.text)
        self._waits.append(step.wait)
        self._pending = step.pending
        self._refresh()
        return True

    def restart(self) -> int:
        """Back to the start: every move taken back, none kept to redo (a fresh attempt);
        return how many were taken back."""
        if self._resigned is not None:
            self._resigned = None
        done = self.undo(len(self._moves))
        self._redo.clear()
        self._refresh()
        return done

    def resign(self, player: int) -> Outcome:
        """`player` gives up; the other side wins (a puzzle's player just stops)."""
        if self._outcome is not None:
            raise IllegalMove(_("the game is already over"))
        if not 0 <= player < len(self.players):
            raise ValueError(f"no player {player}")
        self._resigned = player
        self._redo.clear()
        self._refresh()
        assert self._outcome is not None
        return self._outcome

    def advance(self, dt: float) -> None:
        """Real-time games: let `dt` seconds pass on the current position (not a move)."""
        rules = self.rules
        if not isinstance(rules, RealTime):
            raise TypeError(f"{self.entry.id} is not a real-time game")
        if dt <= 0 or self._outcome is not None:
            return
        self._states[-1] = rules.advance(self._states[-1], dt)
        self._pending += dt
        self._redo.clear()  # a redone move would now land in the wrong moment
        self._outcome = outcome_of(self.rules, self.state)

    # ----------------------------------------------------------------- internals

    def _refresh(self, save: bool = True) -> None:
        if self._resigned is not None:
            loser = self._resigned
            winner = 1 - loser if len(self.players) == 2 else None
            name = player_name(self.entry, self.players[loser].name) or \
                _("player {number}").format(number=loser + 1)
            self._outcome = Outcome(winner, _("{name} resigned").format(name=name))
        else:
            self._outcome = outcome_of(self.rules, self.state)
        if save and self.autosave_path is not None:
            self.autosave()

    def autosave(self) -> None:
        """Write the match to its autosave path now (errors are kept, not raised)."""
        if self.autosave_path is None:
            return
        try:
            storage.write_json_atomic(self.autosave_path, self.to_json())
            self.autosave_error = None
        except Exception as exc:  # a failed save never stops the game; it is said and logged
            self.autosave_error = _("the game could not be autosaved to {path}: {reason}").format(
                path=self.autosave_path.name, reason=storage.describe(exc))
            log.warning("%s", self.autosave_error, exc_info=not isinstance(exc, OSError))

    # ----------------------------------------------------------------- saving

    def to_json(self) -> dict[str, Any]:
        """The save-file form: versioned, human-readable, replayable."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.entry.id,
            "variant": self.variant,
            "options": dict(self.options),
            "players": [p.to_json() for p in self.players],
            "start": self.start,
            "moves": list(self._notation),
        }
        if self.real_time:
            data["time_after"] = self._pending
        if self.notes:
            data["notes"] = dict(self.notes)
        if self.origin is not None:
            data["origin"] = self.origin.to_json()
        if self._outcome is not None:
            result: dict[str, Any] = {"winner": self._outcome.winner,
                                      "reason": self._outcome.reason}
            if self._resigned is not None:
                result["resigned"] = self._resigned
            data["result"] = result
        return data

    def save(self, path: Path | str) -> None:
        storage.write_json_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: Path | str, games: GameLookup | GameEntry,
             kind: str | None = None) -> Match[Any]:
        """Read and replay a saved match; SaveError names the file and what is wrong.

        `games` finds the game the file names (the app passes its registry's lookup); a single
        GameEntry accepts saves of that game only (tests of games outside the registry).

        `kind` ("match" or "puzzle") refuses a save of the other kind of game (None: either;
        Continue resumes matches and puzzles alike). Nothing in the file can raise
        anything but SaveError: an unexpected failure is logged and refused like the rest.
        """
        path = Path(path)
        try:
            raw = storage.read_bytes(path)  # an ordinary file only, never waiting, limited
        except FileNotFoundError:
            raise SaveError(_("the file does not exist"), file=path.name) from None
        except (userfiles.NotAFile, userfiles.TooLarge) as exc:
            raise SaveError(str(exc), file=path.name) from None
        except OSError as exc:
            raise SaveError(_("the file cannot be read: {reason}").format(
                reason=userfiles.describe(exc)), file=path.name) from None
        try:
            data = storage.parse_json(raw)
        except ValueError as exc:
            raise SaveError(str(exc), file=path.name) from None
        try:
            return cls.from_json(data, games, kind=kind)
        except SaveError as exc:
            raise SaveError(exc.reason, ply=exc.ply, move=exc.move, file=path.name) from None

    @classmethod
    def from_json(cls, data: Any, games: GameLookup | GameEntry,
                  kind: str | None = None) -> Match[Any]:
        """Rebuild a match from `to_json` data by replaying its moves through the rules.

        `games` finds the saved game by id (see `load`); a save never chooses code.
        """
        try:
            return cls._from_json(data, games, kind)
        except SaveError:
            raise
        except RecursionError:
            raise SaveError(_("the save is nested too deeply")) from None
        except Exception as exc:  # a bug shown up by a strange file: logged, and refused
            log.exception("a saved match could not be read")
            raise SaveError(_("the save could not be read ({error}: {reason})").format(
                error=type(exc).__name__, reason=exc)) from None

    @classmethod
    def _from_json(cls, data: Any, games: GameLookup | GameEntry, kind: str | None) -> Match[Any]:
        data, entry = read_header(data, games, kind)
        variant = data["variant"]
        options = options_of(data.get("options"), entry)
        players = players_of(data.get("players"), entry)
        start = data.get("start")
        if start is not None and not isinstance(start, str):
            raise SaveError(_("the start position should be text or null"))
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise SaveError(_("the list of moves is missing"))
        time_after = time_after_of(data)
        try:
            match = cls(entry, variant, options, players, start)
        except BadPosition as exc:
            raise SaveError(_("the start position is not valid: {reason}").format(reason=exc)) from None
        except (KeyError, ValueError, TypeError) as exc:
            reason = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
            raise SaveError(_("the game could not be set up: {reason}").format(reason=reason)) from None
        except Exception as exc:  # the rules' own bug, met by a strange save: logged
            log.exception("setting up a saved match")
            raise SaveError(_("the game could not be set up ({error}: {reason})").format(
                error=type(exc).__name__, reason=exc)) from None
        if time_after and not match.real_time:
            raise SaveError(_("{game} has no clock, but the save has a time").format(
                game=_(entry.title)))
        match._replay(moves, time_after)
        match._check_result(data.get("result"))
        match.notes = notes_of(data.get("notes"))
        match.origin = origin_of(data.get("origin"))
        return match

    def _replay(self, moves: list[Any], time_after: float) -> None:
        for ply, text in enumerate(moves, 1):
            if not isinstance(text, str):
                raise SaveError(_("should be move text, not {value}").format(value=json.dumps(text)),
                                ply=ply)
            if self._outcome is not None:
                raise SaveError(_("the game was already over"), ply=ply, move=text)
            try:
                self.play_notation(text)
            except IllegalMove as exc:
                raise SaveError(str(exc), ply=ply, move=text) from None
            except Exception as exc:  # a tampered file must never crash the app; a rules bug
                log.warning("replaying move %d (%s) raised", ply, text, exc_info=True)
                raise SaveError(f"{type(exc).__name__}: {exc}", ply=ply, move=text) from None
        if time_after > 0:
            self.advance(time_after)
        self._redo.clear()

    def _check_result(self, result: Any) -> None:
        if result is None:
            return
        if not isinstance(result, dict) or "winner" not in result:
            raise SaveError(_("the saved result is not readable"))
        winner = result["winner"]
        if "resigned" in result:
            loser = result["resigned"]
            if self._outcome is not None:
                raise SaveError(_("the saved resignation comes after the end of the game"))
            if not isinstance(loser, int) or isinstance(loser, bool) or \
                    not 0 <= loser < len(self.players):
                raise SaveError(_("the saved resignation names no player ({value})").format(
                    value=json.dumps(loser)))
            self.resign(loser)
        if self._outcome is None:
            if self.real_time:
                return  # a real-time game may have ended on the clock, which is not replayed
            raise SaveError(_("the saved result says the game ended, but the moves do not end it"))
        if self._outcome.winner != winner:
            raise SaveError(_("the saved result does not match the moves"))


def from_position(match: Match[Any], ply: int, players: Sequence[PlayerSpec]) -> Match[Any]:
    """A new match of the same game, variant and options that starts where `match` stood
    before its move `ply` (0: its start), with `players`; it keeps that history as its origin
    ("Try again from here" in a review). The position is passed as the rules' position text,
    so the new match saves, loads and replays like any match with a start of its own."""
    if not 0 <= ply <= len(match.moves):
        raise ValueError(f"no position before move {ply} in a match of {len(match.moves)} moves")
    fresh: Match[Any] = Match(match.entry, match.variant, dict(match.options), players,
                              start=match.rules.position_text(match.states[ply]))
    fresh.origin = Origin(tuple(match.notation[:ply]), match.start)
    return fresh


def players_from(match: Match[Any], ply: int, computer: bool) -> list[PlayerSpec]:
    """Who plays a match begun before move `ply` of `match`: the side to move there is a
    person (its player's own name if a person played it), and the other side the computer
    (`computer`, at the level a computer of the match played, else the game's default) or a
    second person (hot-seat)."""
    mover = int(getattr(match.states[ply], "to_move", 0))
    levels = [p.level for p in match.players if p.is_computer and p.level]
    out = []
    for seat, (old, side) in enumerate(zip(match.players, match.entry.side_names, strict=False)):
        name = old.name if not old.is_computer else side
        if computer and seat != mover:
            level = levels[0] if levels else match.entry.default_level
            out.append(PlayerSpec("computer", old.name if old.is_computer else side, level))
        else:
            out.append(PlayerSpec("human", name))
    return out


def outcome_of(rules: Rules[Any, Any], state: Any) -> Outcome | None:
    """The result of `state`: the rules' outcome, or for a puzzle whose outcome says nothing,
    "solved" once `solved` says so."""
    result = rules.outcome(state)
    if result is None and isinstance(rules, Solvable) and rules.solved(state):
        return Outcome(0, "solved")
    return result


__all__ = ["FORMAT", "LEVEL_OPTION", "UPGRADES", "Match", "Origin", "PlayerKind", "PlayerSpec",
           "SaveError", "find_entry", "from_position", "header_problem", "players_from", "option_problem",
           "outcome_of"]


def _runs(sides: Any) -> int:
    """How many runs of one side moving follow each other in `sides` (a turn is one run)."""
    count, last = 0, object()
    for side in sides:
        if side != last:
            count, last = count + 1, side
    return count
