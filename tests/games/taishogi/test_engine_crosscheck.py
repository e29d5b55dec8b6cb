"""The rules (on the shared piece engine) against the reference generator, move for move.

reference_movegen.py is the package's own generator from before the switch to game/pieces,
with the promotion, Emperor and Deva rules as the rules then wrote them: an independent
implementation of the same table.

Every option set of §5.4 (the default, and each of the ten options at each of its other
values, and all of them changed at once) is played from the start by random games that
favour captures (so promotions, promoted victims, double captures and the Emperor's captures
come up); at each position the legal moves must be the same set, and the position after the
chosen move must be the same board (this is where promotion, the Deva rule and the Crown
Prince's promotion act).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.games.taishogi.pieces import ORDER
from game.games.taishogi.rules import (
    DEFAULT_OPTIONS,
    N_SQUARES,
    OPTION_VALUES,
    State,
    code,
    kind_number,
    make_rules,
)

from .reference_movegen import Reference

OPTION_SETS: list[dict[str, object]] = [{}]
OPTION_SETS += [{key: value} for key, values in OPTION_VALUES.items() for value in values
                if value != DEFAULT_OPTIONS[key]]
OPTION_SETS.append({key: values[-1] for key, values in OPTION_VALUES.items()})


def test_every_value_of_every_option_is_covered() -> None:
    for key, values in OPTION_VALUES.items():
        for value in values:
            assert any(o.get(key, DEFAULT_OPTIONS[key]) == value for o in OPTION_SETS)
    assert len(OPTION_VALUES) == 10


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "tsa")
def test_the_same_moves_as_the_reference(options: dict[str, object]) -> None:
    rules = make_rules(options=options)
    ref = Reference(rules)
    rng = random.Random(repr(sorted(options.items())))
    state = rules.initial_state()
    for ply in range(70):
        if rules.outcome(state) is not None:
            break
        ours = {(m.frm, m.to, m.caps, m.promote) for m in rules.legal_moves(state)}
        theirs = set(ref.moves(state.board, state.to_move))
        assert ours == theirs, (ply, sorted(ours ^ theirs)[:6])
        moves = rules.legal_moves(state)
        caps = [m for m in moves if m.caps]
        move = rng.choice(caps) if caps and rng.random() < 0.8 else rng.choice(moves)
        after = rules.play(state, move)
        assert after.board == ref.apply(state.board, *move), ply
        state = after


def scattered(rng: random.Random, men: int = 90) -> tuple[int, ...]:
    """A crowded random position: every kind may appear (promoted or not), with an Emperor, a
    Crown Prince, a Deva and a Dark Spirit on each side, so that Lion-type double captures,
    promoted victims, the Emperor's captures and the Deva rule all come up."""
    board = [0] * N_SQUARES
    squares = rng.sample(range(N_SQUARES), men)
    must = ["E", "E", "CP", "CP", "DV", "DSp", "DV", "DSp", "Ln", "LD", "HM", "PC"]
    for i, sq in enumerate(squares):
        abbr = must[i] if i < len(must) else rng.choice(ORDER)
        promoted = abbr not in ("E", "CP") and rng.random() < 0.3
        board[sq] = code(kind_number(abbr), i % 2, promoted)
    return tuple(board)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "tsa")
def test_the_same_moves_in_crowded_random_positions(options: dict[str, object]) -> None:
    rules = make_rules(options=options)
    ref = Reference(rules)
    rng = random.Random("crowded" + repr(sorted(options.items())))
    for _ in range(4):
        board = scattered(rng)
        for side in (0, 1):
            ours = rules.legal_moves(State(board, side))
            theirs = ref.moves(board, side)
            assert len(ours) == len(theirs)  # no move twice
            assert {tuple(m) for m in ours} == set(theirs), \
                sorted({tuple(m) for m in ours} ^ set(theirs))[:6]
            for m in ours:
                if m.caps:
                    assert rules.apply(board, m) == ref.apply(board, *m), m


@pytest.mark.slow  # the same generators are compared move by move, one ply, in the fast tests
def test_the_engine_counts_as_the_reference_two_plies_deep() -> None:
    """perft(2) of a crowded position: the engine's make/unmake against replaying boards."""
    rules = make_rules()
    ref = Reference(rules)
    board = scattered(random.Random(5), 60)
    expected = sum(len(ref.moves(ref.apply(board, *m), 1)) for m in ref.moves(board, 0))
    assert rules.perft(State(board, 0), 2) == expected


def test_the_game_itself_never_uses_the_reference() -> None:
    package = Path(__file__).resolve().parents[3] / "game"
    assert (package / "games" / "taishogi").is_dir()
    users = [p for p in package.rglob("*.py")
             if re.search(r"reference_movegen|import movegen|\.movegen import",
                          p.read_text(encoding="utf-8"))]
    assert users == []
