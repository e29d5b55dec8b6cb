"""The piece games' computer (the fairy chess player) on chess: a capture that loses material
once the recaptures are played out is not played, even when the search is cut short."""

from __future__ import annotations

import random

import pytest

from game import registry

# d5 is protected by c6: Rook takes Pawn, Pawn takes Rook, Queen takes back loses 3 Pawns' worth.
PROTECTED = "4k3/8/2p5/3p4/8/8/3R4/3QK3 w - - 0 1"


@pytest.mark.parametrize("level", ["easy", "default", "strong"])
def test_no_level_takes_a_protected_pawn_with_its_rook(level: str) -> None:
    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    state = rules.parse_position(PROTECTED)
    for seed in range(3):
        player = entry.make_ai(rules, level)
        # so little time that the search ends a ply after its own capture
        move = player.choose(state, seconds=0.01, rng=random.Random(seed))
        assert rules.to_notation(state, move) != "d2xd5"


def test_a_free_rook_is_still_taken() -> None:
    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    state = rules.parse_position("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1")
    move = entry.make_ai(rules, "default").choose(state, seconds=0.05, rng=random.Random(1))
    assert rules.to_notation(state, move) == "d1xd5"
