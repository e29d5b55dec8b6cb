"""Ladder ratings: the Elo-scale Bradley-Terry fit on results whose answer is known by hand."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.engine.ladder import Pairing, expected, fit, level_words, strength_word

C = math.log(10) / 400


def test_three_wins_in_four_is_the_elo_gap_of_odds_three() -> None:
    r = fit([Pairing("a", "random", 3, 0, 1)], prior_draws=0)
    assert r["random"].elo == 0.0
    assert r["a"].elo == pytest.approx(400 * math.log10(3), abs=1e-6)  # 190.85
    # one pairing: variance 1 / (n p q c^2) with n = 4, p = 3/4
    assert r["a"].error == pytest.approx(1 / math.sqrt(4 * 0.75 * 0.25) / C, rel=1e-6)


def test_draws_count_half_and_the_prior_adds_one_drawn_game() -> None:
    plain = fit([Pairing("a", "random", 2, 2, 0)], prior_draws=0)
    assert plain["a"].elo == pytest.approx(400 * math.log10(3), abs=1e-6)  # 3 points of 4
    swept = fit([Pairing("a", "random", 4, 0, 0)])  # 4.5 of 5 with the virtual draw
    assert swept["a"].elo == pytest.approx(400 * math.log10(9), abs=1e-6)


def test_gaps_add_along_a_chain() -> None:
    r = fit([Pairing("b", "random", 3, 0, 1), Pairing("a", "b", 1, 0, 3)], prior_draws=0)
    assert r["b"].elo == pytest.approx(190.85, abs=0.01)
    assert r["a"].elo == pytest.approx(0.0, abs=1e-6)
    assert r["a"].error > r["b"].error  # two links of uncertainty against one


def test_fit_matches_the_mean_scores_it_implies() -> None:
    games = [Pairing("x", "y", 7, 2, 3), Pairing("y", "random", 9, 1, 2),
             Pairing("x", "random", 10, 0, 2)]
    r = fit(games, prior_draws=0)
    # at the maximum, each player's expected points equal its actual points
    for name in ("x", "y"):
        actual = expect = 0.0
        for p in games:
            if name in (p.a, p.b):
                mine = p.wins + 0.5 * p.draws if p.a == name else p.losses + 0.5 * p.draws
                other = p.b if p.a == name else p.a
                actual += mine
                expect += p.games * expected(r[name].elo - r[other].elo)
        assert expect == pytest.approx(actual, abs=1e-6)


def test_unlinked_players_and_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="not linked"):
        fit([Pairing("a", "random", 1, 0, 1), Pairing("b", "c", 1, 0, 0)])
    with pytest.raises(ValueError, match="negative"):
        fit([Pairing("a", "random", -1, 0, 1)])


def test_words_and_the_ladder_file(tmp_path: Path) -> None:
    assert [strength_word(e) for e in (-10, 0, 200, 500, 900)] == \
        ["beginner", "casual", "club", "strong", "expert"]
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"ratings": {"ai:easy": {"elo": 320.0}, "ai:strong": {"elo": 1200},
                                            "greedy": {"elo": 400.0}}}))
    # words from the rating above greedy: -80 and +800
    assert level_words("x", ["easy", "default", "strong"], path) == {"easy": "beginner",
                                                                     "strong": "expert"}
    path.write_text(json.dumps({"ratings": {"ai:easy": {"elo": 320.0}, "greedy": {"elo": -90}}}))
    assert level_words("x", ["easy"], path) == {"easy": "club"}  # from random, not from greedy
    path.write_text("{not json")
    assert level_words("x", ["easy"], path) == {}


def test_proven_words_win_over_the_rating(tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"ratings": {"ai:easy": {"elo": 320.0}, "ai:perfect": {"elo": 700}},
                                "words": {"ai:perfect": "perfect"}}))
    # no greedy in this file: the words are read from the rating above random
    assert level_words("x", ["easy", "perfect"], path) == {"easy": "club", "perfect": "perfect"}
