"""Computer players for chess: the 16 x 16 fairy chess's alpha-beta player, unchanged.

That player (game/games/fairy16/ai.py) reads only what every piece game's rules offer — the
kinds' values, Pawn advance, short-range pieces liking the centre, the King staying home,
MVV-LVA ordering, mate and stalemate where the search finds no move — so it plays chess as
it is. The levels are its own: "easy" one ply with a little chance, "default" within about
0.9 s, "strong" within about 2.7 s.
"""

from __future__ import annotations

from typing import Any, cast

from game.games.fairy16 import ai as fairy
from game.pieces.state import State

from .rules import ChessRules

LEVELS: tuple[str, ...] = fairy.LEVELS
DEFAULT_LEVEL = fairy.DEFAULT_LEVEL


def make_ai(rules: ChessRules, level: str = DEFAULT_LEVEL) -> fairy.Fairy16AI:
    # The fairy chess player is typed for its own rules class; it uses only PieceRules.
    return fairy.Fairy16AI(cast(Any, rules), level)


def evaluate(rules: ChessRules, state: State) -> float:
    """Static score in Pawns for the side to move (positive = good), as the search sees it."""
    return fairy.evaluate(cast(Any, rules), state)


# --------------------------------------------------------------------------- the game review

#: Pawns of advantage worth a 73 % expected score in the review: a Knight up is about 72 %,
#: a Rook up 85 %, a Queen up 95 %.
REVIEW_SCALE = 3.0


def analyse(rules: ChessRules, state: State, *, seconds: float) -> Any:
    """The review's analysis: the fairy chess player's (game/games/fairy16/ai.py), on the
    chess scale."""
    return fairy.analyse_with(rules, state, seconds, REVIEW_SCALE)


def explain(rules: ChessRules, state: State, move: Any, after: State, analysis: Any,
            reply: Any) -> Any:
    """Why a move is bad, when simple (as the fairy chess says it)."""
    return fairy.explain(rules, state, move, after, analysis, reply)
