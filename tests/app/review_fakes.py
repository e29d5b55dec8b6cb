"""A review made in the test's own process, for the review screen's tests and the state tour.

`PlantedAnalysis` swings the first player's chances along a sine, so a short match gets every
judgement (blunders included) without a search; `FakeJob` hands its moves over a few per poll,
as the worker's job does, and can be cancelled half-way.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from game import registry
from game.engine import review as rv
from game.engine import storage
from game.engine.protocol import Analysis


class PlantedAnalysis:
    """Position n (in the order the review asks) scores 0.5 + 0.4·sin(0.9·n) for the first
    player; the better move is the last legal one, followed by the next two."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, rules: Any, state: Any, seconds: float) -> Analysis | None:
        n, self.asked = self.asked, self.asked + 1
        moves = rules.legal_moves(state)
        if not moves:
            return None
        first = 0.5 + 0.4 * math.sin(0.9 * n)
        score = first if state.to_move == 0 else 1.0 - first
        best = moves[-1]
        after = rules.play(state, best)
        line: tuple[Any, ...] = ()
        if rules.outcome(after) is None:
            reply = rules.legal_moves(after)
            line = (reply[0],) if reply else ()
        return Analysis(score, best, line)


def planted_review(match_json: dict[str, Any]) -> rv.Review:
    return rv.review_match(match_json, registry.get, seconds_per_move=0.0,
                           analyser=PlantedAnalysis())


class FakeJob:
    """The ReviewJob's face, in process: `per_poll` moves come at each poll."""

    instances: list[FakeJob] = []

    def __init__(self, match_json: dict[str, Any], save_to: Path | None, per_poll: int = 3,
                 stop_after: int | None = None) -> None:
        self.whole = planted_review(match_json)
        self.save_to = save_to
        self.per_poll = per_poll
        self.stop_after = stop_after  # hold there (the tour's "analysing" state)
        self._review = rv.Review(self.whole.game_id, self.whole.variant, [], self.whole.total,
                                 False, self.whole.match_key, 0.0)
        self.cancelled = False
        self.closed = False
        self.polls = 0
        FakeJob.instances.append(self)

    @property
    def review(self) -> rv.Review:
        return self._review

    @property
    def done(self) -> bool:
        return self.cancelled or self._review.complete

    @property
    def error(self) -> str | None:
        return None

    def poll(self) -> list[rv.MoveReview]:
        if self.done:
            return []
        self.polls += 1
        have = len(self._review.moves)
        limit = len(self.whole.moves) if self.stop_after is None else self.stop_after
        fresh = self.whole.moves[have:min(limit, have + self.per_poll)]
        self._review.moves.extend(fresh)
        if len(self._review.moves) == len(self.whole.moves):
            self._review.complete = True
            if self.save_to is not None:
                storage.write_json_atomic(self.save_to, self._review.to_json())
        return list(fresh)

    def cancel(self) -> None:
        self.cancelled = True

    def close(self) -> None:
        self.closed = True
        self.cancel()


def factory(per_poll: int = 3, stop_after: int | None = None) -> Any:
    """A job factory for ReviewScene(job_factory=…)."""
    return lambda match_json, save_to: FakeJob(match_json, save_to, per_poll, stop_after)
