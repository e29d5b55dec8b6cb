"""Chess against an independent generator: the `chess` package (python-chess, a test-only
dependency) on positions of seeded random games.

At every position of each game both sides must agree on the set of legal moves (ours written
in UCI: from, to, promotion letter; castling as the King's move), on the position's FEN (the
en-passant square written after every double step, as ours does), on check, checkmate,
stalemate and insufficient material, on the fifty-move rule and on threefold repetition. The
games go on past those draws, and start from the opening position and from the test positions
of test_perft.py (full of castling, promotions and en passant).
"""

from __future__ import annotations

import random

import pytest

from game.games.chess.rules import ChessRules, make_rules
from game.pieces.state import Move, State

from .test_perft import KIWIPETE, POSITION_3, POSITION_4, POSITION_5, START

chess = pytest.importorskip("chess")

RULES = make_rules()
STARTS = (START, KIWIPETE, POSITION_3, POSITION_4, POSITION_5)


def uci(rules: ChessRules, move: Move) -> str:
    name = rules.engine.geo.name
    text = name(move.frm) + name(move.to)
    if move.promo is not None:
        text += rules.spec.kind(move.promo).letter.lower()
    return text


def compare_games(games: int, plies: int, seed: int) -> int:
    """Play `games` random games of at most `plies` plies with both generators in step;
    assert they agree at every position; return the number of positions compared."""
    rng = random.Random(seed)
    eng = RULES.engine
    compared = 0
    for g in range(games):
        fen = STARTS[g % len(STARTS)]
        state: State = RULES.parse_position(fen)
        board = chess.Board(fen)
        for _ply in range(plies):
            where = f"game {g}, {board.fen()}"
            assert RULES.position_text(state) == board.fen(en_passant="fen"), where
            moves = eng.legal(eng.position(state))
            ours = {uci(RULES, m): m for m in moves}
            assert len(ours) == len(moves), f"{where}: a move listed twice"
            theirs = {m.uci() for m in board.legal_moves}
            assert set(ours) == theirs, (f"{where}: extra {sorted(set(ours) - theirs)}, "
                                         f"missing {sorted(theirs - set(ours))}")
            assert bool(RULES.royals_in_check(state)) == board.is_check(), where
            insufficient = RULES.insufficient_material(state)
            assert insufficient == board.is_insufficient_material(), where
            outcome = RULES.outcome(state)
            compared += 1
            if board.is_checkmate():
                assert outcome is not None and outcome.winner == 1 - state.to_move, where
                break
            if board.is_stalemate() or insufficient:
                assert outcome is not None and outcome.winner is None, where
                break
            # the draws the game does not stop for in python-chess: the fifty moves and the
            # threefold repetitions agree (both count the e.p. square only while a capture
            # onto it is legal)
            reason = outcome.reason if outcome is not None else ""
            assert ("50 moves" in reason) == board.is_fifty_moves(), where
            assert ("three times" in reason) == board.is_repetition(3), where
            text = rng.choice(sorted(ours))
            state = eng.after(state, ours[text])  # on past a draw: more positions to compare
            board.push_uci(text)
    return compared


def test_random_games_agree_with_python_chess() -> None:
    assert compare_games(games=5, plies=80, seed=1) >= 300


@pytest.mark.slow
def test_many_random_games_agree_with_python_chess() -> None:
    assert compare_games(games=60, plies=250, seed=2) >= 10_000
