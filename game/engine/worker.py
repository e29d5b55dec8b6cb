"""The computer thinks in a separate process, so the window keeps drawing and answering meanwhile.

`AIWorker` owns one child process (multiprocessing "spawn": a fresh interpreter that never
inherits pygame or the display), started on first use and reused between requests. A request
names the game, its setup and the moves so far as *text*; the child rebuilds the position by
replaying them through the rules, asks the game's AI for a move and answers with the move in
the game's notation. So nothing but plain data crosses the process boundary, and the child
checks the move against the rules before sending it.

`cancel()` kills a search in flight (undo, leaving the match, quitting): the process is ended
at once and started again on the next request, so a stale move can never arrive.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import sys
import time
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

from game.i18n import _

if TYPE_CHECKING:
    from game.engine.entries import GameLookup
    from game.engine.match import Match

#: Child priority (Unix "nice"): when cores are scarce the window should win over the search.
_CHILD_NICENESS = 3


@dataclass(frozen=True)
class AIReply:
    """The answer to one request: a move in the game's notation, or an error text."""

    request_id: int
    move: str | None
    error: str | None = None
    #: Thinking time measured in the child (replaying the moves excluded).
    seconds: float = 0.0
    #: Whatever the AI reports about its search (depth, nodes, score…), or diagnostics.
    info: Mapping[str, Any] = field(default_factory=dict)


class AIWorker:
    """One background process that answers "what would the computer play here?".

    One request is in flight at a time: a new request while busy cancels the old one.
    `games` finds a game by id in the child; it crosses the process boundary by reference,
    so it must be a module-level function (the app passes `game.registry.get`).
    """

    def __init__(self, games: GameLookup) -> None:
        self._games = games
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None
        self._next_id = 1
        self._pending: int | None = None
        #: Wall time of the last process start (spawn) until its first answer, for reports.
        self.last_spawn_seconds: float | None = None
        self._spawned_at: float | None = None

    # ----------------------------------------------------------------- public

    @property
    def busy(self) -> bool:
        """True while a request has not been answered (or cancelled)."""
        return self._pending is not None

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs (tests and diagnostics)."""
        return self._proc.pid if self._proc is not None and self._proc.is_alive() else None

    def start(self) -> None:
        """Start the child now (it is otherwise started by the first request). Returns at once."""
        if self._proc is not None and self._proc.is_alive():
            return
        self._shutdown()
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(child, self._games), name="ludotheque-ai",
                           daemon=True)
        self._spawned_at = time.perf_counter()
        with _main_module_hidden():
            proc.start()
        child.close()  # our copy: the child's end then reports EOF when the child dies
        self._proc, self._conn = proc, parent

    def request(self, game_id: str, variant: str, options: Mapping[str, Any],
                start_text: str | None, moves_notation: Sequence[str], level: str,
                seconds: float, seed: int) -> int:
        """Ask for a move; returns the request id that the reply will carry.

        `game_id` is a registry id (or "module:ATTR" naming a GameEntry, for tests and tools).
        The position is `start_text` (None: the variant's start) after `moves_notation`.
        Real-time games pass their current position text and no moves.
        """
        payload = {"game": game_id, "variant": variant, "options": dict(options),
                   "start": start_text, "moves": list(moves_notation), "level": level,
                   "seconds": float(seconds), "seed": int(seed)}
        return self._send("think", payload)

    def request_for(self, match: Match[Any], *, seconds: float, seed: int, level: str | None = None,
                    game_ref: str | None = None) -> int:
        """Ask for a move for the side to move in `match`, at its computer's level by default.

        Real-time games send their current position text (the clock lives there, not in the
        moves). `game_ref` replaces the entry's id for games outside the registry (tests).
        """
        level = level or match.current_spec.level or match.entry.default_level
        game = game_ref or match.entry.id
        if match.real_time:
            return self.request(game, match.variant, match.options,
                                match.rules.position_text(match.state), [], level, seconds, seed)
        return self.request(game, match.variant, match.options, match.start, match.notation,
                            level, seconds, seed)

    def request_diagnostics(self) -> int:
        """Ask the child about itself (pid, whether pygame is loaded); the reply's info has it."""
        return self._send("diag", {})

    def poll(self) -> AIReply | None:
        """The reply to the current request if it has arrived; never blocks."""
        return self._receive(0.0)

    def wait(self, timeout: float | None = None) -> AIReply | None:
        """Block until the current request is answered (tools and tests; not for the UI)."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        while self._pending is not None:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            reply = self._receive(0.05 if left is None else min(left, 0.05))
            if reply is not None:
                return reply
            if deadline is not None and time.perf_counter() >= deadline:
                return None
        return None

    def cancel(self) -> None:
        """Drop the request in flight: the thinking process is ended now (restarted on demand)."""
        if self._pending is None:
            return
        self._pending = None
        self._shutdown()

    def close(self) -> None:
        """End the child process (leaving the app). A later request starts a new one."""
        self._pending = None
        self._shutdown()

    # ----------------------------------------------------------------- internals

    def _send(self, kind: str, payload: dict[str, Any]) -> int:
        if self._pending is not None:
            self.cancel()
        self.start()
        rid = self._next_id
        self._next_id += 1
        assert self._conn is not None
        try:
            self._conn.send((kind, rid, payload))
        except OSError:  # the child died between requests: start afresh once
            self._shutdown()
            self.start()
            assert self._conn is not None
            self._conn.send((kind, rid, payload))
        self._pending = rid
        return rid

    def _receive(self, timeout: float) -> AIReply | None:
        conn = self._conn
        if conn is None or self._pending is None:
            return None
        try:
            while conn.poll(timeout):
                rid, move, error, seconds, info = conn.recv()
                if self._spawned_at is not None:
                    self.last_spawn_seconds = time.perf_counter() - self._spawned_at
                    self._spawned_at = None
                if rid == self._pending:
                    self._pending = None
                    return AIReply(rid, move, error, seconds, info)
                timeout = 0.0  # an older reply: drop it and look again
        except (EOFError, OSError):
            return self._died()
        if self._proc is not None and not self._proc.is_alive():
            return self._died()
        return None

    def _died(self) -> AIReply:
        rid = self._pending if self._pending is not None else 0
        code = self._proc.exitcode if self._proc is not None else None
        self._pending = None
        self._shutdown()
        return AIReply(rid, None, _("the computer player stopped unexpectedly (exit code "
                                    "{code})").format(code=code))

    def _shutdown(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        self._spawned_at = None
        if conn is not None:
            conn.close()
        if proc is not None:
            if proc.is_alive():
                proc.kill()  # SIGKILL: a search in pure Python ends now, not at its next check
            proc.join(timeout=5)
            with contextlib.suppress(ValueError):
                proc.close()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._shutdown()


@contextlib.contextmanager
def _main_module_hidden() -> Iterator[None]:
    """Start the child without re-running the parent's main script.

    "spawn" normally re-imports the parent's `__main__` in the child. When the app runs from an
    installed launcher script, that script imports the app, and so pygame. The child only
    needs this module (the target is found by its own name), so it is shown an empty main.
    """
    real = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if real is not None:
            sys.modules["__main__"] = real


# --------------------------------------------------------------------------- the child side


def _serve(conn: Connection, games: GameLookup) -> None:
    """Child main loop: answer requests until the pipe closes or the parent kills us."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's business
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(_CHILD_NICENESS)
    cache = _ChildCache(games)
    while True:
        try:
            kind, rid, payload = conn.recv()
        except (EOFError, OSError):
            return
        if kind == "diag":
            conn.send((rid, None, None, 0.0, _diagnostics()))
            continue
        started = time.perf_counter()
        try:
            move, info = cache.think(payload)
            conn.send((rid, move, None, time.perf_counter() - started, info))
        except Exception as exc:  # any failure becomes a reply: the parent shows it, we go on
            logging.getLogger(__name__).error("AI request %s failed", rid, exc_info=True)
            conn.send((rid, None, _describe(exc), time.perf_counter() - started, {}))


def _diagnostics() -> dict[str, Any]:
    return {"pid": os.getpid(), "pygame": "pygame" in sys.modules,
            "main": getattr(sys.modules.get("__main__"), "__file__", None),
            "modules": len(sys.modules)}


def _describe(exc: BaseException) -> str:
    text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    if type(exc).__name__ in ("IllegalMove", "BadPosition", "ValueError", "KeyError"):
        return text
    return f"{type(exc).__name__}: {text}"


class _ChildCache:
    """Rules and AI players kept between requests: the AI's tables then survive the turn."""

    _SIZE = 4

    def __init__(self, games: GameLookup) -> None:
        self._games = games
        self._rules: dict[tuple[str, str, str], Any] = {}
        self._ais: dict[tuple[str, str, str, str], Any] = {}

    def think(self, payload: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        import json
        import random

        from game.engine.match import find_entry
        from game.engine.protocol import IllegalMove

        entry = find_entry(payload["game"], self._games)
        key = (payload["game"], payload["variant"], json.dumps(payload["options"],
                                                                sort_keys=True))
        rules = self._rules.get(key)
        if rules is None:
            rules = entry.make_rules(payload["variant"], payload["options"])
            _remember(self._rules, key, rules, self._SIZE)
        start = payload["start"]
        state = rules.initial_state() if start is None else rules.parse_position(start)
        for ply, text in enumerate(payload["moves"], 1):
            try:
                state = rules.play(state, rules.parse_move(state, text))
            except IllegalMove as exc:
                raise ValueError(f"move {ply} ({text}): {exc}") from None
        level = payload["level"]
        ai_key = (*key, level)
        ai = self._ais.get(ai_key)
        if ai is None:
            ai = entry.make_ai(rules, level)
            _remember(self._ais, ai_key, ai, self._SIZE)
        move = ai.choose(state, seconds=payload["seconds"], rng=random.Random(payload["seed"]))
        reason = rules.check(state, move)
        if reason is not None:
            raise ValueError(f"the computer chose a refused move ({reason})")
        return rules.to_notation(state, move), _plain(getattr(ai, "last_info", None))


def _remember(cache: dict[Any, Any], key: Any, value: Any, size: int) -> None:
    if len(cache) >= size:
        cache.pop(next(iter(cache)))
    cache[key] = value


def _plain(info: Any) -> dict[str, Any]:
    """Keep only simple values of an AI's report (they cross the process boundary)."""
    if not isinstance(info, Mapping):
        return {}
    return {str(k): v for k, v in info.items()
            if isinstance(v, str | int | float | bool) or v is None}


# --------------------------------------------------------------------------- the game review


class ReviewJob:
    """The review of one match, made in a process of its own (the same "spawn" start and
    lowered priority as the computer player's), so the window keeps its frame rate.

    Each judged move crosses the pipe as soon as it is known: `poll()` hands over the new ones
    (never waiting), `review` is what is known so far. `cancel()` ends the process at once
    (SIGKILL: a search in pure Python stops now, not at its next check). When `save_to` is
    given, the child writes the finished review there (atomically) before saying it is done.
    `analyser` ("module:function", tests) replaces the game's own analysis.
    """

    def __init__(self, games: GameLookup, match_json: dict[str, Any], *, seconds_per_move: float,
                 save_to: Any = None, analyser: str | None = None) -> None:
        from game.engine.review import Review, match_key

        self._review = Review(str(match_json.get("game", "")), str(match_json.get("variant", "")),
                              [], len(match_json.get("moves") or []), False,
                              match_key(match_json), seconds_per_move)
        self._error: str | None = None
        self._done = False
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe(duplex=False)
        save = None if save_to is None else str(save_to)
        self._proc: BaseProcess | None = ctx.Process(
            target=_review_serve, args=(child, games, match_json, seconds_per_move, save, analyser),
            name="ludotheque-review", daemon=True)
        with _main_module_hidden():
            self._proc.start()
        child.close()
        self._conn: Connection | None = parent

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs (tests)."""
        return self._proc.pid if self._proc is not None and self._proc.is_alive() else None

    @property
    def done(self) -> bool:
        """True once the review is complete, failed or cancelled."""
        return self._done

    @property
    def review(self) -> Any:
        """The Review known so far (complete once `done` without an error)."""
        return self._review

    @property
    def error(self) -> str | None:
        return self._error

    def poll(self) -> list[Any]:
        """The MoveReviews judged since the last poll (non-blocking)."""
        from game.engine.review import MoveReview, Review

        conn = self._conn
        fresh: list[Any] = []
        if conn is None:
            return fresh
        try:
            while conn.poll(0):
                kind, data = conn.recv()
                if kind == "move":
                    move = MoveReview.from_json(data)
                    self._review.moves.append(move)
                    fresh.append(move)
                elif kind == "done":
                    whole = Review.from_json(data)
                    fresh.extend(whole.moves[len(self._review.moves):])
                    self._review = whole
                    self._finish(None)
                    break
                else:
                    self._finish(str(data))
                    break
        except (EOFError, OSError):
            if not self._done:
                code = self._proc.exitcode if self._proc is not None else None
                self._finish(_("the review stopped unexpectedly (exit code {code})").format(
                    code=code))
        return fresh

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tools and tests); returns `done`."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._done:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            if self._conn is not None:
                self._conn.poll(0.2 if left is None else min(0.2, left))
            self.poll()
        return self._done

    def cancel(self) -> None:
        """Stop the analysis now; what was judged stays in `review` (incomplete)."""
        self.poll()
        self._done = True
        self._shutdown()

    def close(self) -> None:
        self.cancel()

    def _finish(self, error: str | None) -> None:
        self._error = error
        self._done = True
        self._shutdown()

    def _shutdown(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(timeout=5)
            with contextlib.suppress(ValueError):
                proc.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._shutdown()


def _review_serve(conn: Connection, games: GameLookup, match_json: dict[str, Any],
                  seconds: float, save_to: str | None, analyser_ref: str | None) -> None:
    """Child of a ReviewJob: review the match, sending each judged move as it comes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(_CHILD_NICENESS)
    from game.engine import review as review_module
    from game.engine.entries import resolve

    try:
        analyser = resolve(analyser_ref) if analyser_ref else None
        done = review_module.review_match(
            match_json, games, seconds_per_move=seconds,
            progress=lambda m: conn.send(("move", m.to_json())), analyser=analyser)
        if save_to is not None:
            try:
                from pathlib import Path

                from game.engine import storage

                storage.write_json_atomic(Path(save_to), done.to_json())
            except OSError:
                logging.getLogger(__name__).warning("the review could not be kept in %s",
                                                    save_to, exc_info=True)
        conn.send(("done", done.to_json()))
    except Exception as exc:  # any failure is said to the screen, never raised there
        logging.getLogger(__name__).error("the review failed", exc_info=True)
        with contextlib.suppress(OSError):
            conn.send(("error", _describe(exc)))
