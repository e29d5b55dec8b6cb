"""Perfect play for the Jeu de pions, from the D list and its nim-sum (docs/rules/pions.md §4–5).

The game is solved, so there is no search: the D list (gaps inside pawn pairs taken from the far
side, plus the cell of a lone last pawn) behaves as Nim heaps, and the player to move loses
exactly when their XOR is 0. Misère changes only two trivial positions (§5): the empty ruler
(the player to move has won) and a single pawn on cell 1 (the player to move must take it and
lose).

Winning moves are found by trying **every** legal move and keeping those that leave a lost
position — not by looking only for a heap that can shrink — because a winning move may also
widen a gap or remove the last pawn and re-pair the others (§4).

From a lost position the computer resists: it plays a move that lowers the total of the
occupied cell numbers by the least (that total is an upper bound on the moves left, so the game
stays as long as it can), and among those the one that leaves the opponent the fewest winning
replies (the easiest for a person to miss); remaining ties are broken with the rng.

Levels:
* ``easy`` — a short sight, now and then: on one move in twenty (``1 - EASY_LOOK``) it looks
  only at positions with at most ``EASY_SIGHT`` pawns (the nim-sum of a few heaps is what a
  beginner adds in their head). Then it plays a move that reaches a position it can see is won
  if there is one, else any move it cannot see losing, at random; so it errs in the opening
  and middle game, never in an endgame within its sight, and never by a move it can see
  handing over the win. Against perfect play it keeps the 23-cell won start about three
  times in ten (the old "a random move 35 % of the time" never did); against a person it
  punishes most mistakes, which is what makes it a real opponent;
* ``default`` — perfect: a winning move whenever one exists, picked at random among them (the
  computer of the original rules page).

There is no level above: the game is solved, so a stronger level cannot exist, and a second
perfect level (there was one, "perfect", that won by the fastest line) only draws level with
``default`` — the start decides — which made a level name that promised nothing a game could
show. Saves that name it load as ``default`` (the entry's ``retired_levels``).

From a lost position every level resists as above.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.protocol import Analysis, IllegalMove
from game.games.pions.rules import REMOVE, PionsMove, PionsRules, PionsState, nim_sum
from game.i18n import N_

LEVELS: tuple[str, ...] = ("easy", "default")
DEFAULT_LEVEL = "default"
#: The setup screen's word for the level that plays perfectly by the theory above (a rating
#: against random cannot show it: it only grows with the games played).
PROVEN_WORDS: dict[str, str] = {"default": N_("perfect")}
#: Most pawns on the ruler for which the easy level knows who wins.
EASY_SIGHT = 3
#: Chance that on a move the easy level takes a good look and sees the whole ruler.
EASY_LOOK = 0.95


def is_lost(variant: str, cells: Sequence[int]) -> bool:
    """True when the player to move loses against best play (the ruler may be empty)."""
    if variant == "misere":
        if not cells:
            return False  # the opponent removed the last pawn
        if len(cells) == 1:
            return cells[0] == 1  # forced to remove the only pawn; any other lone pawn goes to 1
    return nim_sum(cells) == 0


def winning_moves(rules: PionsRules, state: PionsState) -> list[PionsMove]:
    """Every legal move that leaves the opponent in a lost position (empty if none)."""
    return [m for m in rules.legal_moves(state)
            if is_lost(rules.variant, rules.play(state, m).cells)]


def _drop(move: PionsMove) -> int:
    """How much a move lowers the total of the occupied cells."""
    return move.frm if move.to == REMOVE else move.frm - move.to


def resisting_moves(rules: PionsRules, state: PionsState) -> list[PionsMove]:
    """The moves a losing player prefers: least drop of the total, then fewest winning replies."""
    moves = rules.legal_moves(state)
    if not moves:
        return []
    least = min(_drop(m) for m in moves)
    shortest = [m for m in moves if _drop(m) == least]
    replies = {m: len(winning_moves(rules, rules.play(state, m))) for m in shortest}
    fewest = min(replies.values())
    return [m for m in shortest if replies[m] == fewest]


def evaluate(rules: PionsRules, state: PionsState) -> float:
    """+1 if the side to move wins with best play, -1 if it loses (also on an empty ruler)."""
    return -1.0 if is_lost(rules.variant, state.cells) else 1.0


class PionsAI:
    """A computer player; `choose` is instant (no search), so `seconds` is not needed."""

    def __init__(self, rules: PionsRules, level: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.rules = rules
        self.level = level

    def choose(self, state: PionsState, *, seconds: float, rng: random.Random) -> PionsMove:
        moves = self.rules.legal_moves(state)
        if not moves:
            raise IllegalMove("the game is over: there is no move to choose")
        if (self.level == "easy" and len(state.cells) > EASY_SIGHT
                and rng.random() >= EASY_LOOK):
            return self._short_sighted(state, moves, rng)
        wins = winning_moves(self.rules, state)
        if not wins:
            return rng.choice(resisting_moves(self.rules, state))
        return rng.choice(wins)

    def _short_sighted(self, state: PionsState, moves: list[PionsMove],
                       rng: random.Random) -> PionsMove:
        """Beyond its sight: a visible win if a move reaches one, else a move not seen losing."""
        seen_won, unseen = [], []
        for move in moves:
            after = self.rules.play(state, move).cells
            if len(after) > EASY_SIGHT:
                unseen.append(move)
            elif is_lost(self.rules.variant, after):
                seen_won.append(move)
        return rng.choice(seen_won or unseen or moves)


def make_ai(rules: PionsRules, level: str) -> PionsAI:
    return PionsAI(rules, level)


# --------------------------------------------------------------------------- the game review


def analyse(rules: PionsRules, state: PionsState, *, seconds: float) -> Analysis | None:
    """The review's analysis, exact: the side to move wins (1) or loses (0) by the nim-sum;
    the better move is a winning one (from a lost position, a resisting one), and the line
    perfect play after it. `seconds` is not needed (there is no search)."""
    moves = rules.legal_moves(state)
    if not moves or rules.outcome(state) is not None:
        return None
    lost = is_lost(rules.variant, state.cells)
    best = (resisting_moves(rules, state) if lost else winning_moves(rules, state))[0]
    line: list[PionsMove] = []
    after = rules.play(state, best)
    while len(line) < 4 and rules.outcome(after) is None and rules.legal_moves(after):
        reply = (winning_moves(rules, after) or resisting_moves(rules, after))[0]
        line.append(reply)
        after = rules.play(after, reply)
    return Analysis(0.0 if lost else 1.0, best, tuple(line), exact=True)


def explain(rules: PionsRules, state: PionsState, move: PionsMove, after: PionsState,
            analysis: Analysis, reply: Analysis | None) -> tuple[str, dict[str, str]] | None:
    """A move judged bad here always throws a won position away: the nim-sum says so."""
    if analysis.score == 1.0 and not is_lost(rules.variant, after.cells):
        return (N_("hands the win to the opponent (the nim-sum after it is not 0)"), {})
    return None
#: The review needs no thinking time here: the nim-sum answers at once.
REVIEW_SECONDS = 0.0
#: Exact answers need no second look at the better move's position.
REVIEW_RECHECK = False
