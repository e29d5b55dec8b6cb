"""Property tests (Hypothesis) of what every two-player game promises about its records.

The harness plays a few seeded random games; here Hypothesis chooses the moves itself, from
the empty record to long ones, always the first or the last legal move, and any mix, and
when a property fails it shrinks the record to the shortest one that still fails. The
properties: every move drawn from legal_moves passes the fuzz checks (its notation round-trips
and parses back to the same move) and the record survives save -> JSON -> load with the same
notation, position and outcome.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import registry
from game.engine.match import Match
from game.registry import GameEntry
from tests.engine.nim import ENTRY as NIM
from tests.games.test_harness import MATCHES, SloppyNim, by_id, fingerprint
from tools import fuzz

#: Which legal move to play at each ply (taken modulo the number of legal moves).
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16), max_size=24)


def play_record(entry: GameEntry, choices: list[int]) -> None:
    """Play `choices` through a Match, checking each move; then save, reload and compare."""
    m = Match(entry)
    rules = m.rules
    for choice in choices:
        if m.outcome is not None:
            break
        moves = list(rules.legal_moves(m.state))
        if not moves:
            break
        move = moves[choice % len(moves)]
        fuzz.check_move(rules, m.state, move)
        m.play(move)
    back = Match.from_json(json.loads(json.dumps(m.to_json())),
                           entry if entry is NIM or entry.id not in registry.entries()
                           else registry.get)
    assert back.notation == m.notation
    assert fingerprint(back.rules, back.state) == fingerprint(m.rules, m.state)
    assert back.outcome == m.outcome


@by_id(MATCHES)
@settings(max_examples=12)
@given(choices=CHOICES)
def test_any_record_round_trips_its_moves_and_its_save(entry: GameEntry, choices: list[int]) -> None:
    play_record(entry, choices)


def test_the_property_can_fail_and_shrinks_to_the_first_move() -> None:
    sloppy: Any = replace(NIM, rules=SloppyNim)
    seen: list[list[int]] = []

    @settings(max_examples=50, report_multiple_bugs=False)
    @given(choices=CHOICES)
    def prop(choices: list[int]) -> None:
        seen.append(choices)
        play_record(sloppy, choices)

    with pytest.raises(fuzz.Failure, match="notation"):
        prop()
    assert seen[-1] == [0], "Hypothesis shrinks the failing record to a single first move"
