"""The proofs of the tactic suites: plain exhaustive search over a game's rules (its Turns),
sharing no evaluation, ordering or pruning with the computer players. tools/tactics.py makes
and checks the suites with them; tools/puzzle_proof.py proves the puzzles by the same code.

Each prover takes a game's Turns and a position and returns the turns that answer the kind
(sorted labels), or None when the position is not of that kind.
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.match import outcome_of
from tools.tactic_games import Turns, every_defence_loses
from tools.tactic_kinds import prove_badx, prove_free


def prove_win1(turns: Turns, state: Any) -> list[str] | None:
    """The winning turns, or None when there is none."""
    found = turns.winning(state)
    return sorted(found) if found else None


def parry_split(turns: Turns, state: Any) -> tuple[list[str], int]:
    """(the turns after which the opponent has no win at once, how many turns there are)."""
    good, total = [], 0
    for label, after in turns.turns(state):
        total += 1
        if outcome_of(turns.rules, after) is not None or not turns.winning(after, True):
            good.append(label)
    return sorted(good), total


def prove_parry1(turns: Turns, state: Any) -> list[str] | None:
    """The parrying turns when the position is a parry-in-one: no win at once for us, and at
    most half of our turns (those listed) leave the opponent no win at once."""
    if turns.winning(state, True):
        return None
    good, total = parry_split(turns, state)
    if not good or 2 * len(good) > total:
        return None
    return good


def threatened(turns: Turns, state: Any, rng: random.Random, tries: int = 3,
               need: int = 1) -> bool:
    """A cheap screen before the parry proof: do at least `need` of `tries` random turns allow
    a win at once? (`--screen share`: 3 of 8, since a parry-in-one needs half of all turns to
    allow one; a position where a threat is parried by most turns then seldom costs a proof.)"""
    moves = list(turns.moves(state))
    if not moves:
        return False
    hits = 0
    for move in rng.sample(moves, min(tries, len(moves))):
        after = turns.after(state, move)
        if outcome_of(turns.rules, after) is None and turns.winning(after, True):
            hits += 1
            if hits >= need:
                return True
    return False


#: The random turns of `--screen share`, and how many of them must allow a win at once.
SHARE_TRIES, SHARE_NEED = 8, 3


#: Most turns a side may have in a position whose win in two is sought (the proof costs the
#: cube of it).
WIN2_LIMIT = 60


def prove_win2(turns: Turns, state: Any, limit: int | None = None) -> list[str] | None:
    """The turns that force a win on the next turn (no win at once exists), or None. Positions
    with more than `limit` turns on either side (default: the game's win2_limit, else
    WIN2_LIMIT) are not tried (the proof would be too long)."""
    own = getattr(turns, "prove_win2", None)
    if own is not None:  # a game's own (same proof, cheaper order: Tai Shogi)
        return own(state)  # type: ignore[no-any-return]
    side = state.to_move
    limit = limit or getattr(turns, "win2_limit", WIN2_LIMIT)
    if not getattr(turns, "may_win_in_two", lambda s: True)(state):
        return None
    if len(turns.moves(state)) > limit or turns.winning(state, True):
        return None
    mine = turns.turns(state)
    if len(mine) > limit:
        return None
    found = []
    for label, after in mine:
        if outcome_of(turns.rules, after) is not None:
            continue
        replies = turns.turns(after)
        if len(replies) > limit:
            continue
        if every_defence_loses(turns, (reply for _, reply in replies), side):
            found.append(label)
    return sorted(found) if found else None


# ----- material by whole turns: free and badx where Turns say what a turn takes


def is_free(turns: Turns, after: Any) -> bool:
    """After a capture: the game goes on and no answer of the opponent takes anything."""
    return outcome_of(turns.rules, after) is None and not turns.captures(after, True)


def prove_free_turns(turns: Turns, state: Any) -> list[str] | None:
    """Free material: no win at once, and some capture leaves the opponent no capture at all
    (every answer looked at); those captures, or None."""
    if turns.winning(state, True):
        return None
    found = [label for label, after, _gain in turns.captures(state) if is_free(turns, after)]
    return sorted(found) if found else None


def loses_exchange(turns: Turns, after: Any, gain: int) -> bool:
    """Whether the capture that took `gain` and led to `after` loses more than it took: the
    opponent has a capture after which every turn of ours (all of them, quiet or not) meets a
    further capture that leaves us behind even after our best capture in answer (or a capture
    that wins the game). Only the opponent's captures are followed: the loss must be taken."""
    rules = turns.rules
    if outcome_of(rules, after) is not None:
        return False
    for _r, reply, took in turns.captures(after):
        if outcome_of(rules, reply) is not None:  # the capture won the game
            return True
        if all(_punished(turns, answer, gain - took + turns.taken(reply, answer))
               for _a, answer in turns.turns(reply)):
            return True
    return False


def _punished(turns: Turns, answer: Any, balance: int) -> bool:
    """After our turn `answer`, `balance` material ahead: the opponent has a capture that wins,
    or that leaves us behind after our best capture in return."""
    rules = turns.rules
    if outcome_of(rules, answer) is not None:
        return False
    for _z, final, more in turns.captures(answer):
        if outcome_of(rules, final) is not None:
            return True
        back = turns.captures(final)
        if any(turns.won_by(after, final.to_move) for _l, after, _g in back):
            continue
        if balance - more + max((g for _l, _a, g in back), default=0) < 0:
            return True
    return False


def quiet_and_safe(turns: Turns, state: Any) -> bool:
    """Some turn takes nothing and leaves the opponent no capture (the material kept)."""
    for _label, after in turns.turns(state):
        if turns.taken(state, after) == 0 and is_free(turns, after):
            return True
    return False


def prove_badx_turns(turns: Turns, state: Any) -> list[str] | None:
    """Bad exchange: no win at once, a quiet turn keeps the material, and some captures lose
    more than they take (loses_exchange); those captures, or None. The computer solves the
    position when its turn is not one of them."""
    if turns.winning(state, True):
        return None
    bad = [label for label, after, gain in turns.captures(state)
           if loses_exchange(turns, after, gain)]
    if not bad or not quiet_and_safe(turns, state):
        return None
    return sorted(bad)


def _material(by_turns: Any, by_engine: Any) -> Any:
    """The prover of a material kind for the game of `turns` (see MATERIAL_KINDS)."""
    def prove(turns: Turns, state: Any) -> list[str] | None:
        prover = by_turns if getattr(turns, "material_by_turns", False) else by_engine
        return prover(turns, state)  # type: ignore[no-any-return]
    return prove


PROVERS = {"win1": prove_win1, "parry1": prove_parry1, "win2": prove_win2,
           "free": _material(prove_free_turns, prove_free),
           "badx": _material(prove_badx_turns, prove_badx)}
