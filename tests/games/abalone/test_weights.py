"""Abalone evaluation weights: position counts next to a marble; the tuning entry plays both sets."""

from __future__ import annotations

import random

from game.games.abalone import ai, bitboard, tuning
from game.games.abalone.rules import make_rules


def test_centre_and_cohesion_weigh_more_than_before() -> None:
    w, old = ai.WEIGHTS, ai.BASELINE
    assert w.marble / w.centre < 20 < old.marble / old.centre  # ring steps worth a marble
    assert w.cohesion > 2 * old.cohesion and w.edge > old.edge


def test_the_score_moves_with_the_centre_weight() -> None:
    rules = make_rules("standard", {})
    s = rules.initial_state()
    me = s.to_move
    gap = bitboard.centre_distance(s.marbles(1 - me)) - bitboard.centre_distance(s.marbles(me))
    plain = ai._score(rules, s, ai.Weights(centre=0.0))
    assert ai._score(rules, s, ai.Weights(centre=10.0)) - plain == 10.0 * gap


def test_tuning_entry_plays_baseline_and_candidate() -> None:
    rules = make_rules("standard", {})
    s = rules.initial_state()
    for level in ("baseline", "try-easy", "easy"):
        player = tuning.make_ai(rules, level)
        move = player.choose(s, seconds=0.05, rng=random.Random(1), nodes=50)
        assert rules.check(s, move) is None
    assert tuning.make_ai(rules, "baseline").game.w == ai.BASELINE
    assert tuning.make_ai(rules, "default").game.w == ai.WEIGHTS
