"""The arena's verdict on a cut fairy-chess game: only a clear lead in the evaluation wins."""

from __future__ import annotations

import dataclasses

from game.games.fairy16 import ai
from game.games.fairy16.rules import make_rules


def test_even_start_has_no_verdict_and_a_stripped_side_loses() -> None:
    rules = make_rules()
    start = rules.initial_state()
    assert ai.adjudicate(rules, start) is None
    royal = {k for k, kind in enumerate(rules.engine.kinds, 1) if kind.royal}
    # Black (cell codes with bit 0 set) loses every man but its royals
    board = tuple(0 if v and v & 1 and (v >> 2) not in royal else v for v in start.board)
    for to_move in (0, 1):  # the verdict does not depend on who is to move
        verdict = ai.adjudicate(rules, dataclasses.replace(start, board=board, to_move=to_move))
        assert verdict is not None and verdict.winner == 0
