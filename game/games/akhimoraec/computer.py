"""Akhimoraec's computer players on the clock: when each asks for its move and when it plays.

A computer waits its `think_time` of game time after its situation last changed (its turn
began; without turns, anyone's tip), then plays, re-stamped at "now". Its search runs in the
worker during the last part of that wait (`SEARCH_LEAD`), so the move is usually ready when
its moment comes. With turns only the side to move has a plan; without turns every computer
player has its own, and the earliest asks first (one search at a time). No pygame, no worker:
the screen asks this schedule and does the talking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.protocol import IllegalMove
from game.games.akhimoraec.rules import AkhimoraecRules, Move
from game.games.akhimoraec.state import ALIVE, AkhState

#: The computer's search starts this long before the moment it wants to move (s).
SEARCH_LEAD = 0.6


@dataclass
class ComputerPlan:
    """When the computer asks for its move and when it plays it, for one situation (ms)."""

    key: tuple[int, int, int]
    ask_at: int
    play_at: int
    failed: bool = False


class ComputerClock:
    """The plans of the computer players who may move; `think(view, player)` gives seconds."""

    def __init__(self, rules: AkhimoraecRules, think: Callable[[AkhState, int], float]) -> None:
        self.rules = rules
        self.think = think
        self.plans: dict[int, ComputerPlan] = {}

    def clear(self) -> None:
        self.plans.clear()

    def update(self, state: AkhState, ply: int, players: Sequence[int]) -> list[int]:
        """Plan afresh for each of `players` whose situation changed (and drop the others);
        returns the players whose plan changed: an answer asked for them is stale."""
        changed = [p for p in self.plans if p not in players]
        for p in changed:
            del self.plans[p]
        for p in players:
            view = self.rules.seen_by(state, p)
            key = (ply, view.turn_start, p)
            plan = self.plans.get(p)
            if plan is None or plan.key != key:
                delay = round(self.think(view, p) * 1000)
                play_at = max(state.now, view.turn_start + delay)
                ask_at = max(state.now, play_at - round(SEARCH_LEAD * 1000))
                self.plans[p] = ComputerPlan(key, ask_at, play_at)
                changed.append(p)
        return changed

    def next_to_ask(self, state: AkhState) -> int | None:
        """The computer player whose search should start now (earliest move first), if any."""
        ready = [p for p, plan in self.plans.items()
                 if not plan.failed and state.now >= plan.ask_at
                 and self.rules.moves_for(self.rules.seen_by(state, p), p)]
        return min(ready, key=lambda p: self.plans[p].play_at, default=None)

    def search_budget(self, state: AkhState, player: int, level_seconds: float) -> float:
        """Seconds the search may take: the level's, but never past the turn clock or the
        player's most urgent sand (a late answer would find the turn or the glass gone)."""
        rules = self.rules
        play_at = self.plans[player].play_at
        hard = [state.turn_start + rules.clock] if rules.clock else []
        hard += [g.until for g in state.glasses if g.owner == player and g.status == ALIVE]
        budget = level_seconds
        if hard:
            budget = min(budget, (min(hard) - play_at) / 1000 + SEARCH_LEAD - 0.3)
        return max(0.1, budget)


def reply_move(rules: AkhimoraecRules, state: AkhState, player: int, text: str) -> Move | None:
    """The computer's answer as a move `player` may still make now, or None when time moved on
    while it thought (a glass died, a circle filled) and it must think again."""
    view = rules.seen_by(state, player)
    try:
        move = rules.parse_move(view, text)
    except IllegalMove:
        return None
    allowed = rules.moves_for(view, player)
    return None if allowed and move not in allowed else move
