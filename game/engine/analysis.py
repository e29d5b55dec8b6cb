"""What the games' computer-player modules share to answer the review (`Analyses`).

A search speaks in its game's own units (Pawns, points, squares); the review speaks in
expected scores (0..1 for the side to move). `from_search` turns one into the other with the
logistic of game/engine/review.py, a scale per game, and wins and losses at a known distance
into 1 and 0. `kept` keeps one analysing player per rules object, so its transposition table
carries from one position of the match to the next (the review analyses them in order).
`lost_material` finds the piece a move gives away, for the reason "loses the …".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from game.engine.protocol import Analysis
from game.engine.search import WIN, SearchResult

T = TypeVar("T")

#: Search scores beyond this are wins or losses found by the search.
WON = WIN - 1000

_KEPT: dict[tuple[int, str], tuple[Any, Any]] = {}
_KEPT_SIZE = 4


def expected_score(value: float, scale: float) -> float:
    """A search score (the mover's advantage, in the game's units) as an expected score: the
    logistic 1 / (1 + e^(−value / scale)), so `scale` is the advantage worth 73 %."""
    x = max(-60.0, min(60.0, value / scale))
    return 1.0 / (1.0 + math.exp(-x))


def score_of(value: float, scale: float, won: float = WON) -> float:
    """A search score as an expected score; beyond ±`won` it is a proven win (1) or loss (0)."""
    if value >= won:
        return 1.0
    if value <= -won:
        return 0.0
    return expected_score(value, scale)


def from_search(result: SearchResult[Any], scale: float, won: float = WON) -> Analysis | None:
    """The analysis a search gives: its score as an expected score, its move, its line."""
    if result.move is None:
        return None
    line = tuple(result.pv[1:]) if result.pv and result.pv[0] == result.move else ()
    return Analysis(score_of(result.score, scale, won), result.move, line)


def kept(rules: Any, name: str, make: Callable[[], T]) -> T:
    """The analysing player `name` of these rules, made once (a few kept, newest last)."""
    key = (id(rules), name)
    found = _KEPT.get(key)
    if found is not None and found[0] is rules:
        return found[1]  # type: ignore[no-any-return]
    player = make()
    if len(_KEPT) >= _KEPT_SIZE:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = (rules, player)
    return player


def lost_material(play: Callable[[Any, Any], Any], value_of: Callable[[Any, int], list[tuple[int, str]]],
                  mover: int, after: Any, reply: Sequence[Any], best_state: Any,
                  best_line: Sequence[Any], margin: int) -> str | None:
    """The name of the mover's most valuable man taken along the opponent's best `reply` from
    `after`, when that line costs the mover at least `margin` more (in the game's units) than
    the better line (`best_line` from `best_state`) does; None otherwise.

    `value_of(state, side)` lists (value, name) of a side's men; lines are followed as far as
    they go (a few plies: the captures and recaptures the search saw)."""

    def follow(state: Any, line: Sequence[Any]) -> tuple[int, list[tuple[int, str]]]:
        start_mine = value_of(state, mover)
        start_theirs = sum(v for v, _ in value_of(state, 1 - mover))
        for move in line:
            try:
                state = play(state, move)
            except Exception:  # a line the search kept from another position: stop there
                break
        end_mine = value_of(state, mover)
        end_theirs = sum(v for v, _ in value_of(state, 1 - mover))
        lost = sum(v for v, _ in start_mine) - sum(v for v, _ in end_mine)
        gone = _missing(start_mine, end_mine)
        return lost - (start_theirs - end_theirs), gone

    played_cost, gone = follow(after, reply)
    better_cost, _ = follow(best_state, best_line)
    if played_cost - better_cost < margin or not gone:
        return None
    return max(gone)[1]


def _missing(before: list[tuple[int, str]], after: list[tuple[int, str]]) -> list[tuple[int, str]]:
    left = list(after)
    gone = []
    for man in before:
        if man in left:
            left.remove(man)
        else:
            gone.append(man)
    return gone


def two_depths(search: Any, state: Any, result: SearchResult[Any], scale: float,
               seconds: float, root: Sequence[Any] | None = None) -> Analysis | None:
    """The analysis of an iterative-deepening search, its score the mean of the last two
    depths' expected scores. A shallow search's score swings with the parity of its depth
    (the evaluation favours the side to move at the leaves), so alternate positions of a
    match would zigzag on the graph; the mean of an odd and an even depth does not. The
    shallower search is quick: the transposition table still holds the deeper one."""
    found = from_search(result, scale)
    if found is None or result.depth < 2 or found.score in (0.0, 1.0):
        return found
    again = search.search(state, max_depth=result.depth - 1, seconds=max(0.02, seconds),
                          root=root)
    if again.move is None or (result.depth - again.depth) % 2 == 0:
        return found
    mean = (found.score + score_of(again.score, scale)) / 2
    return Analysis(mean, found.best, found.line, found.exact)
