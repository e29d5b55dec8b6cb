"""Amazons AI: the batched evaluation agrees with the single one, symmetry, wins, legal answers."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import IllegalMove
from game.games.amazons import ai
from game.games.amazons import rules as R
from game.games.amazons.bitboard import geometry
from game.games.amazons.evaluation import evaluator, weights_for
from tests.games.amazons.test_endgame import build, longest_alone


def played(rules: R.AmazonsRules, seed: int, plies: int) -> R.State:
    rng = random.Random(seed)
    s = rules.initial_state()
    for _ in range(plies):
        s = rules.play(s, rng.choice(rules.legal_moves(s)))
    return s


def mirrored(state: R.State) -> R.State:
    """Colours swapped and the board turned upside down: the same game for the other side."""
    n = state.n
    geo = geometry(n)

    def flip(bb: int) -> int:
        return geo.set_of([(n - 1 - s // n) * n + s % n for s in geo.squares_of(bb)])

    return R.State(n, flip(state.black), flip(state.white), flip(state.arrows), 1 - state.to_move)


@pytest.mark.parametrize("variant, plies", [("standard", 0), ("standard", 17), ("7x7", 9)])
def test_batched_scores_equal_one_by_one(variant: str, plies: int) -> None:
    rules = R.make_rules(variant)
    s = played(rules, 3, plies)
    ev = evaluator(rules.n)
    search = ai._Search(rules.n, float("inf"))
    me, other = s.amazon_set(s.to_move), s.amazon_set(1 - s.to_move)
    search.set_weights(me, other, s.arrows)
    moves = search.moves(me, s.occupied)
    sample = random.Random(1).sample(moves, 40)
    batched = search.score_moves(me, other, s.arrows, sample)
    for (fb, tb, ab), value in zip(sample, batched, strict=True):
        child_me = other
        child_other = me ^ fb ^ tb
        empty = ev.geo.board & ~(child_me | child_other | s.arrows | ab)
        single, stuck = ev.score_one(empty, child_me, child_other, search.w)
        assert value == (ai.WIN if stuck else -single)


def test_evaluation_is_colour_symmetric() -> None:
    rules = R.make_rules()
    for plies in (0, 8, 21):
        s = played(rules, plies, plies)
        assert ai.evaluate(rules, s) == pytest.approx(ai.evaluate(rules, mirrored(s)))


def test_evaluation_prefers_more_territory() -> None:
    rules = R.make_rules()
    # same amazons; in the second position Black's corner amazon is boxed in by arrows
    free = rules.parse_position("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w")
    boxed = rules.parse_position("3B2B3/10/xx8/Bx7B/xx8/10/W8W/10/10/3W2W3 w")
    assert ai.evaluate(rules, boxed) > ai.evaluate(rules, free) + 3


def test_phase_falls_as_the_armies_separate() -> None:
    ev = evaluator(10)
    rules = R.make_rules()
    start = rules.initial_state()
    sep = build(10, ["b1", "c1", "h8", "i8"], ["a1"], ["g8"])
    for s, lo, hi in ((start, 1.0, 9.0), (sep, 0.0, 0.0)):
        p = ev.phase(ev.geo.board & ~s.occupied, s.white, s.black)
        assert lo <= p <= hi
    assert weights_for(0.0).c1a == 0 and weights_for(1.0).c1a > 0


def test_levels_and_errors() -> None:
    rules = R.make_rules()
    assert ai.LEVELS == ("easy", "default", "strong") and ai.DEFAULT_LEVEL in ai.LEVELS
    with pytest.raises(KeyError):
        ai.make_ai(rules, "grandmaster")
    lost = rules.parse_position("Wx6xW/xx6xx/10/10/3B2B3/3B2B3/10/10/xx6xx/Wx6xW w")
    with pytest.raises(IllegalMove):
        ai.make_ai(rules, "default").choose(lost, seconds=0.1, rng=random.Random(0))


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("variant", ["standard", "6x6"])
def test_every_level_gives_legal_moves_with_a_node_budget(level: str, variant: str) -> None:
    rules = R.make_rules(variant)
    player = ai.make_ai(rules, level)
    for plies in (0, 12):
        s = played(rules, 5, plies)
        move = player.choose(s, seconds=60.0, rng=random.Random(2), nodes=3)
        assert rules.check(s, move) is None


def test_takes_the_win_when_one_arrow_traps_the_last_black_amazon() -> None:
    rules = R.make_rules()
    # Black's only amazon on j10 has one free neighbour, j9; White can shoot there (a1-j1/j9).
    s = rules.parse_position("xxxxxxxxxB/xxxxxxxxx1/10/10/10/10/10/10/10/W9 w")
    for seed in range(3):
        move = ai.make_ai(rules, "default").choose(s, seconds=60.0, rng=random.Random(seed),
                                                  nodes=5)
        out = rules.outcome(rules.play(s, move))
        assert out is not None and out.winner == R.WHITE


def test_does_not_let_its_only_amazon_be_trapped() -> None:
    rules = R.make_rules()
    # White's only amazon, on a1, lives in the b-file corridor. a1-b1/a1 would leave it one
    # free neighbour (b2) that Black can shoot down the b-file: a loss at once. Safe moves exist.
    s = rules.parse_position("9B/10/10/10/10/10/x1x7/x1x7/x1x7/W1x7 w")
    trap = rules.parse_move(s, "a1-b1/a1")
    assert any(not R.has_move(rules.play(rules.play(s, trap), r))
               for r in rules.legal_moves(rules.play(s, trap)))
    move = ai.make_ai(rules, "default").choose(s, seconds=60.0, rng=random.Random(0), nodes=50)
    after = rules.play(s, move)
    # whatever Black replies, White still has a move
    for reply in rules.legal_moves(after):
        assert R.has_move(rules.play(after, reply))


def test_endgame_play_keeps_the_most_moves() -> None:
    rules = R.make_rules()
    # Separated, small areas: White's amazon on b1 with a1, c1, d1, c2 free; Black in the
    # other corner with two squares. The exact counter must pick a best filling move, while
    # careless moves cut squares off.
    s = build(10, ["a1", "c1", "d1", "c2", "i10", "j9"], ["b1"], ["j10"])
    player = ai.make_ai(rules, "default")
    move = player.choose(s, seconds=60.0, rng=random.Random(0), nodes=5)
    assert player.last["method"] == "endgame"
    best = max(longest_alone(rules.play(s, m), R.WHITE) for m in rules.legal_moves(s))
    assert longest_alone(rules.play(s, move), R.WHITE) == best
    assert min(longest_alone(rules.play(s, m), R.WHITE) for m in rules.legal_moves(s)) < best


def test_easy_level_is_random_but_legal() -> None:
    rules = R.make_rules()
    s = rules.initial_state()
    player = ai.make_ai(rules, "easy")
    moves = {player.choose(s, seconds=0.2, rng=random.Random(seed)) for seed in range(4)}
    assert all(rules.check(s, m) is None for m in moves)
    assert len(moves) > 1


def test_easy_reads_its_handful_of_moves_two_plies_deep() -> None:
    # tunnel vision, not a shallow look: the moves it considers get the two-ply pass (here
    # capped by a node budget instead of the clock), and the one it plays is among them
    rules = R.make_rules()
    s = rules.initial_state()
    player = ai.make_ai(rules, "easy")
    move = player.choose(s, seconds=60.0, rng=random.Random(5), nodes=ai.EASY_SAMPLE)
    assert player.last["depth"] == 2 and player.last["partial"] is None
    search = ai._Search(s.n, float("inf"))
    search.set_weights(s.amazon_set(0), s.amazon_set(1), s.arrows, player.weights_for)
    kids = search.children(s.amazon_set(0), s.amazon_set(1), s.arrows)
    assert len(kids) > ai.EASY_SAMPLE
    sample = random.Random(5).sample(kids, ai.EASY_SAMPLE)
    geo = rules.geometry
    named = {(geo.square_of_index[f.bit_length() - 1], geo.square_of_index[t.bit_length() - 1],
              geo.square_of_index[a.bit_length() - 1]) for _, (f, t, a) in sample}
    assert (move.frm, move.to, move.arrow) in named


def test_passes_go_wider_then_two_plies_deeper_after_the_level_own() -> None:
    shape = {"max_depth": 3, "root_width3": 6, "inner_width": 6}
    plan = ai.passes(shape)
    assert plan[:6] == [(3, 6, 6), (3, 12, 8), (3, 24, 10), (3, 48, 12), (3, 96, 14),
                        (5, 6, 6)]
    assert plan[-1][0] >= ai._DEEPEST - 1
    depths = [d for d, _, _ in plan]
    assert depths == sorted(depths)  # never shallower again: every pass looks as far or further


def test_the_table_is_kept_from_move_to_move_and_orders_the_search() -> None:
    """The best replies found in one move's search are still there for the next (a fixed node
    budget makes both searches the same size, so only the ordering can differ)."""
    rules = R.make_rules("6x6")
    player = ai.make_ai(rules, "strong")
    s = played(rules, 3, 6)
    move = player.choose(s, seconds=60.0, rng=random.Random(1), nodes=4)
    assert rules.check(s, move) is None
    kept = dict(player.table)
    assert kept  # interior nodes stored their best move
    s2 = rules.play(rules.play(s, move), random.Random(4).choice(
        rules.legal_moves(rules.play(s, move))))
    player.choose(s2, seconds=60.0, rng=random.Random(1), nodes=4)
    assert set(kept) <= set(player.table)  # nothing forgotten below the size limit
    fresh = ai.make_ai(rules, "strong")
    fresh.keep_table = False
    fresh.choose(s, seconds=60.0, rng=random.Random(1), nodes=4)
    fresh.choose(s2, seconds=60.0, rng=random.Random(1), nodes=4)
    assert not set(kept) <= set(fresh.table)  # without keep_table the first move's nodes go
