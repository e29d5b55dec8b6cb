"""Every optional rule of Abalone (docs/rules/abalone.md §5.1, §7), at least one real fact each."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.abalone import bitboard
from game.games.abalone.rules import DEFAULT_OPTIONS, AbaloneState, Move, make_rules
from game.games.abalone.starts import cell_name, cells_mask, image, parse_cell

E, NE, NW, W, SW, SE = range(6)


def pos(black: str = "", white: str = "", to_move: int = 0, lost: tuple[int, int] = (0, 0),
        pivot: str = "", turn: int = 0, step: int = 0) -> AbaloneState:
    return AbaloneState(cells_mask(black), cells_mask(white), cells_mask(pivot), lost, to_move,
                        turn, step)


def mv(cells: str, direction: int) -> Move:
    return Move.of([parse_cell(c) for c in cells.split()], direction)


def cells(mask: int) -> str:
    return " ".join(cell_name(c) for c in bitboard.bits(mask))


def random_game_is_sound(rules: Any, seed: int, plies: int = 150) -> AbaloneState:
    """Random play with every per-move check; returns the last state."""
    rng = random.Random(seed)
    s = rules.initial_state()
    for _ in range(plies):
        moves = rules.legal_moves(s)
        if not moves:
            assert rules.outcome(s) is not None
            break
        assert rules.perft(s, 1) == len(moves)
        m = rng.choice(moves)
        assert rules.check(s, m) is None
        assert rules.parse_move(s, rules.to_notation(s, m)) == m
        s = rules.play(s, m)
        assert rules.invariants(s) == []
        assert rules.parse_position(rules.position_text(s)) == s
    return s


def test_every_option_is_off_by_default_except_the_target_of_six() -> None:
    on = {k: v for k, v in DEFAULT_OPTIONS.items() if v not in (None, False, 0, [])}
    assert on == {"eject_target": 6, "random_seed": 1}


# ---------------------------------------------------------------- §7.1 eject target


def test_blitz_two_ejections_win() -> None:
    rules = make_rules("standard", {"eject_target": 2})
    s = pos("E7 E8", "E9 A1", lost=(0, 1))
    after = rules.play(s, mv("E7 E8", E))
    out = rules.outcome(after)
    assert out is not None and out.winner == 0
    assert make_rules("standard", {}).outcome(after) is None


def test_per_colour_targets() -> None:
    rules = make_rules("standard", {"eject_target_black": 3})
    assert rules.need == (3, 6)
    assert rules.outcome(pos("A1", "I9", lost=(0, 3))).winner == 0  # type: ignore[union-attr]
    assert rules.outcome(pos("A1", "I9", lost=(5, 0))) is None
    assert rules.outcome(pos("A1", "I9", lost=(6, 0))).winner == 1  # type: ignore[union-attr]


# ---------------------------------------------------------------- §7.2 handicap


def test_material_handicap_follows_the_reference_order() -> None:
    rules = make_rules("standard", {"handicap_black": 2, "handicap_white": 5})
    s = rules.initial_state()
    assert s.black.bit_count() == 12 and s.white.bit_count() == 9
    assert not s.black & cells_mask("A1 A5")
    assert not s.white & cells_mask("I9 I5 I8 I6 I7")
    assert rules.total == (12, 9)
    random_game_is_sound(rules, 1, 60)


def test_handicap_on_another_start_and_by_hand() -> None:
    rules = make_rules("belgian-daisy", {"handicap_white": 1})
    s = rules.initial_state()
    assert s.white.bit_count() == 13 and s.black.bit_count() == 14
    gone = make_rules("belgian-daisy", {}).initial_state().white & ~s.white
    assert bitboard.ring(gone.bit_length() - 1) == 4
    by_hand = make_rules("standard", {"handicap_cells": ["C4", "G6"], "handicap_black": 5})
    s2 = by_hand.initial_state()
    assert cells(make_rules("standard", {}).initial_state().black & ~s2.black) == "C4"
    assert by_hand.total == (13, 13)
    with pytest.raises(ValueError, match="holds no marble"):
        make_rules("standard", {"handicap_cells": ["E5"]})


# ---------------------------------------------------------------- §7.3 sprint


def test_sprint_stops_after_whites_last_move_and_counts_ejections() -> None:
    rules = make_rules("standard", {"sprint_moves": 2})
    s = rules.initial_state()
    for text in ("c3d3", "g5f5", "c4d4"):
        s = rules.play(s, rules.parse_move(s, text))
        assert rules.outcome(s) is None
    s = rules.play(s, rules.parse_move(s, "g6f6"))
    out = rules.outcome(s)
    assert out is not None and out.winner is None and "2 moves each" in out.reason
    assert rules.legal_moves(s) == []
    ahead = AbaloneState(s.black, s.white, 0, (0, 1), 0, 4)
    assert rules.outcome(ahead).winner == 0  # type: ignore[union-attr]


# ---------------------------------------------------------------- §5.1 move limit


def test_move_limit_draws_after_quiet_moves_and_an_ejection_restarts_the_count() -> None:
    rules = make_rules("standard", {"move_limit": 2})
    s = rules.initial_state()
    for text in ("c3d3", "g5f5", "c4d4"):
        s = rules.play(s, rules.parse_move(s, text))
        assert rules.outcome(s) is None
    assert s.quiet == 3 and "quiet=3" in rules.position_text(s)
    assert rules.parse_position(rules.position_text(s)) == s
    s = rules.play(s, rules.parse_move(s, "g6f6"))
    out = rules.outcome(s)
    assert out is not None and out.winner is None
    assert out.reason == "2 moves each without an ejection: a draw"
    assert rules.legal_moves(s) == []
    # an ejection sets the count back to zero: G7 G8 push the white G9 off, and the game goes on
    edge = rules.parse_position("5/6/4BBW/8/9/8/7/6/W4 b 0 0 turn=3 quiet=3")
    after = rules.play(edge, rules.parse_move(edge, "g7g8"))
    assert after.lost == (0, 1) and after.quiet == 0 and rules.outcome(after) is None
    # the same game without the option: no count, and the text refuses one
    plain = make_rules("standard", {})
    s = plain.initial_state()
    for text in ("c3d3", "g5f5", "c4d4", "g6f6"):
        s = plain.play(s, plain.parse_move(s, text))
    assert s.quiet == 0 and plain.outcome(s) is None
    with pytest.raises(BadPosition, match="move limit"):
        plain.parse_position("5/6/4BBW/8/9/8/7/6/W4 b 0 0 quiet=3")


def test_move_limit_is_separate_from_the_sprint() -> None:
    """The sprint counts every move and judges by ejections; the limit counts quiet moves."""
    rules = make_rules("standard", {"move_limit": 3, "sprint_moves": 2})
    s = rules.parse_position("5/6/4BBW/8/9/8/7/6/W4 b 0 0")
    s = rules.play(s, rules.parse_move(s, "g7g8"))  # Black ejects G9
    for text in ("a1a2", "g9h9", "a2a3"):
        s = rules.play(s, rules.parse_move(s, text))
    out = rules.outcome(s)
    assert out is not None and out.winner == 0 and "2 moves each" in out.reason
    with pytest.raises(ValueError, match="move_limit"):
        make_rules("standard", {"move_limit": 0})
    random_game_is_sound(make_rules("belgian-daisy", {"move_limit": 5}), 3, 120)


# ---------------------------------------------------------------- §7.4 obstacles


def test_obstacles_block_moves_pushes_and_lines() -> None:
    rules = make_rules("standard", {"obstacles": ["E5"]})
    s = pos("E3 E4 D5", "E6 A1")
    assert rules.check(s, mv("E4", E)) == "an obstacle blocks the way"
    assert rules.check(s, mv("D5", NW)) == "an obstacle blocks the way"
    assert rules.check(s, mv("E3 E4", NE)) is None
    s2 = pos("E1 E2 E3", "E4")
    assert rules.check(s2, mv("E1 E2 E3", E)) == "an obstacle blocks the push"
    assert rules.check(pos("E4 E6", "A1"), mv("E4 E6", NE)) == "those marbles are not in a line"
    assert "4X4" in rules.position_text(rules.initial_state())
    with pytest.raises(ValueError, match="Pyramid start has a marble on E3"):
        make_rules("pyramid", {"obstacles": ["E3", "E5", "E7"]})
    random_game_is_sound(rules, 2, 80)


# ---------------------------------------------------------------- §7.5 holes


def test_holes_eject_pushed_marbles_and_swallow_no_own_marble() -> None:
    rules = make_rules("standard", {"holes": ["E5"]})
    s = pos("E2 E3", "E4 A1")
    move = mv("E2 E3", E)
    prev = rules.preview(s, move)
    assert prev is not None and prev.ejected == parse_cell("E4") and prev.ejected_into == "hole"
    after = rules.play(s, move)
    assert cells(after.white) == "A1" and after.lost == (0, 1)
    assert cells(after.black) == "E3 E4"
    assert rules.check(pos("E3 E4", "A1"), mv("E3 E4", E)) == \
        "your marble would fall into the hole"
    # three push two: only the front marble drops, the other advances into its place
    s4 = pos("D1 D2 D3", "D4 D5 A1")
    hole_rules = make_rules("standard", {"holes": ["D6"]})
    after4 = hole_rules.play(s4, mv("D1 D2 D3", E))
    assert cells(after4.white) == "A1 D5" and after4.lost == (0, 1)
    random_game_is_sound(make_rules("belgian-daisy", {"holes": ["E3", "E7"]}), 3, 120)


# ---------------------------------------------------------------- §7.6 pivot


def test_pivot_counts_as_an_opponent_and_moves_only_when_pushed() -> None:
    rules = make_rules("standard", {"pivot_start": "E5"})
    assert rules.initial_state().pivot == 1 << bitboard.CENTRE
    s = pos("E3 E4", "I9", pivot="E5")
    after = rules.play(s, mv("E3 E4", E))          # 2 against the pivot alone
    assert after.pivot == 1 << parse_cell("E6")
    s2 = pos("E3 E4", "E6 I9", pivot="E5")          # pivot + white = 2: no push for 2
    assert rules.check(s2, mv("E3 E4", E)) == "a push needs more marbles than the opponent's line"
    s3 = pos("E2 E3 E4", "E6 I9", pivot="E5")       # 3 against pivot + white
    after3 = rules.play(s3, mv("E2 E3 E4", E))
    assert cells(after3.white) == "E7 I9" and after3.pivot == 1 << parse_cell("E6")
    assert rules.check(s, mv("E5", E)) == "nobody may move the neutral marble; it moves only " \
                                          "when pushed"
    s4 = pos("D4 D5", "I9", pivot="E5")
    assert rules.check(s4, mv("D4 D5", NW)) == "a side-step moves only into empty cells; it " \
                                               "never pushes"


def test_pivot_ejection_depends_on_the_option() -> None:
    s = pos("E7 E8", "A1", pivot="E9")
    fixed = make_rules("standard", {"pivot_start": "E5"})
    assert fixed.check(s, mv("E7 E8", E)) == "the neutral marble may not be pushed off"
    loose = make_rules("standard", {"pivot_start": "E5", "pivot_ejectable": True})
    after = loose.play(s, mv("E7 E8", E))
    assert after.pivot == 0 and after.lost == (0, 0)
    assert not [p for p in loose.invariants(after) if "neutral" in p]
    assert [p for p in fixed.invariants(after) if "neutral" in p]
    random_game_is_sound(loose, 4, 120)


# ---------------------------------------------------------------- §7.7 random start


def test_random_start_is_fair_seeded_and_replayable() -> None:
    a = make_rules("standard", {"random_start": True, "random_seed": 7}).initial_state()
    b = make_rules("standard", {"random_start": True, "random_seed": 7}).initial_state()
    c = make_rules("standard", {"random_start": True, "random_seed": 8}).initial_state()
    assert a == b and a != c
    assert a.black.bit_count() == a.white.bit_count() == 14
    assert not (a.black | a.white) & (1 << bitboard.CENTRE)
    assert {image(x) for x in bitboard.bits(a.black)} == set(bitboard.bits(a.white))


def test_safe_random_start_has_no_first_move_ejection_and_avoids_obstacles() -> None:
    for seed in range(1, 30):
        rules = make_rules("standard", {"random_start": True, "random_seed": seed,
                                        "random_start_safe": True, "obstacles": ["E3", "E7"]})
        s = rules.initial_state()
        assert bitboard.ejection_threats(s.black, s.white, 0) == 0
        assert not (s.black | s.white) & cells_mask("E3 E7")
    unsafe = [make_rules("standard", {"random_start": True, "random_seed": seed}).initial_state()
              for seed in range(1, 30)]
    assert any(bitboard.ejection_threats(s.black, s.white, 0) for s in unsafe)


# ---------------------------------------------------------------- §7.8 multi-move


def test_multi_move_turns_have_two_sub_moves_in_the_allowed_patterns() -> None:
    rules = make_rules("standard", {"multi_move": True})
    s = rules.initial_state()
    assert rules.perft(s, 1) == 88                   # own 44 + the opponent's colour 44
    own_first = rules.play(s, rules.parse_move(s, "c3d3"))
    assert own_first.to_move == 0 and own_first.step == 1
    both_ok = rules.play(own_first, rules.parse_move(own_first, "g5f5"))  # then White's colour
    assert both_ok.to_move == 1 and both_ok.step == 0 and both_ok.turn == 1
    opp_first = rules.play(s, rules.parse_move(s, "g5f5"))
    assert opp_first.to_move == 0 and opp_first.step == 2
    with pytest.raises(IllegalMove, match="must move your own"):
        rules.parse_move(opp_first, "g6f6")
    assert len(rules.legal_moves(opp_first)) == rules.perft(opp_first, 1) == 44
    random_game_is_sound(rules, 5, 120)


def test_multi_move_credits_ejections_to_the_colour_that_pushed() -> None:
    rules = make_rules("standard", {"multi_move": True})
    # Black to move uses White's colour to push a black marble off: Black loses it.
    s = pos("E9 A1 A2", "E7 E8", lost=(5, 0))
    after = rules.play(s, mv("E7 E8", E))
    assert after.lost == (6, 0)
    out = rules.outcome(after)
    assert out is not None and out.winner == 1


def test_multi_move_turn_stages() -> None:
    rules = make_rules("standard", {"multi_move": True, "multi_move_first_turn_single": True})
    s = rules.initial_state()
    assert rules.turn_stage(s) == "a single move"
    s = rules.play(s, rules.parse_move(s, "c3d4"))  # Black's single move; White's turn
    assert rules.turn_stage(s) == "first of two moves"
    after_own = rules.play(s, rules.parse_move(s, "g5f5"))
    assert rules.turn_stage(after_own) == "second move: either colour"
    after_theirs = rules.play(s, rules.parse_move(s, "d4e5"))  # White moves a black marble
    assert rules.turn_stage(after_theirs) == "second move: your colour"


def test_multi_move_first_turn_single() -> None:
    rules = make_rules("standard", {"multi_move": True, "multi_move_first_turn_single": True})
    s = rules.initial_state()
    assert rules.perft(s, 1) == 44
    assert rules.check(s, mv("G5", SE)) == "the first turn is a single move with your own colour"
    s = rules.play(s, rules.parse_move(s, "c3d3"))
    assert s.to_move == 1 and s.step == 0
    assert rules.perft(s, 1) > 44


# ---------------------------------------------------------------- §7.11 triangles


def test_triangle_moves() -> None:
    plain = make_rules("standard", {})
    rules = make_rules("standard", {"triangle_moves": True})
    s = pos("D4 D5 E5", "I9")
    tri = mv("D4 D5 E5", E)
    assert plain.check(s, tri) == "those marbles are not in a line"
    assert rules.check(s, tri) is None
    text = rules.to_notation(s, tri)
    assert text == "d4d5e5d5" and rules.parse_move(s, text) == tri
    after = rules.play(s, tri)
    assert cells(after.black) == "D5 D6 E6"
    assert len(rules.legal_moves(s)) == len(plain.legal_moves(s)) + 6
    blocked = pos("D4 D5 E5", "E6 I9")
    assert rules.check(blocked, tri) == "a triangle moves only into empty cells; it never pushes"
    random_game_is_sound(make_rules("german-daisy", {"triangle_moves": True}), 6, 120)


# ---------------------------------------------------------------- §7.9 four players


def test_four_players_in_two_teams() -> None:
    rules = make_rules("standard", {"teams_4x2x1": True})
    assert rules.hints_allowed is False and make_rules("standard", {}).hints_allowed
    assert rules.side_names == ("Team Black", "Team White")
    s = rules.initial_state()
    names = []
    for text in ("c3d3", "g5f5", "c4d4", "g6f6", "c5d5"):
        names.append(rules.player_name(s))
        s = rules.play(s, rules.parse_move(s, text))
    assert names == ["Black 1", "White 1", "Black 2", "White 2", "Black 1"]
    assert rules.perft(rules.initial_state(), 3) == 98912


# ---------------------------------------------------------------- display and draws


def test_one_colour_display_keeps_the_referee() -> None:
    rules = make_rules("standard", {"one_colour_display": True})
    assert rules.one_colour_display
    s = rules.initial_state()
    assert rules.perft(s, 2) == 1936
    assert rules.check(s, mv("G5", SE)) == "that marble is not yours"


def test_threefold_repetition_draws_only_when_asked() -> None:
    rules = make_rules("standard", {"repetition_draw": True})
    plain = make_rules("standard", {})
    s = p = rules.initial_state()
    shuffle = ["c3d3", "g5f5", "d3c3", "f5g5"]
    for i, text in enumerate(shuffle * 2):
        s = rules.play(s, rules.parse_move(s, text))
        p = plain.play(p, plain.parse_move(p, text))
        if i < 7:
            assert rules.outcome(s) is None
    out = rules.outcome(s)
    assert out is not None and out.winner is None and "third time" in out.reason
    assert plain.outcome(p) is None
