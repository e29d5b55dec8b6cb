"""Abalone 4×2×2 (rules §7.10): two boards, four players in two teams, in phase or out of phase;
who moves where, the rotation of the players, the end of the match, notation and positions that
round-trip, random play that keeps every invariant, and the computer on the right board."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.engine.protocol import BadPosition, IllegalMove
from game.games.abalone.ai import evaluate, make_ai
from game.games.abalone.entry import make_rules
from game.games.abalone.rules import AbaloneRules, Move
from game.games.abalone.starts import parse_cell
from game.games.abalone.two_boards.rules import BoardMove, TwoBoardRules, TwoBoardState

E, NE, NW, W, SW, SE = range(6)
# one push from ejecting: Black's G7 G8 against White's lone G9 at the edge; White needs 1 too
EDGE = "5/6/4BBW/8/9/8/7/6/W4 b 0 0"


def two(phase: str, **options: object) -> TwoBoardRules:
    rules = make_rules("standard", {"boards_4x2x2": phase, **options})
    assert isinstance(rules, TwoBoardRules)
    return rules


def quiet_moves(rules: TwoBoardRules, state: TwoBoardState, n: int) -> tuple[TwoBoardState,
                                                                               list[str]]:
    """Play `n` moves that eject nothing; the players who made them, in order."""
    who = []
    rng = random.Random(3)
    for _ in range(n):
        moves = [m for m in rules.legal_moves(state)
                 if (p := rules.preview(state, m)) is not None and p.ejected is None]
        who.append(rules.player_name(state))
        state = rules.play(state, rng.choice(moves))
    return state, who


def test_in_phase_both_boards_take_each_turn_and_players_walk_round() -> None:
    rules = two("in-phase")
    _, who = quiet_moves(rules, rules.initial_state(), 8)
    assert who == ["Black 1 on board X", "Black 2 on board Y", "White 1 on board X",
                   "White 2 on board Y", "Black 2 on board X", "Black 1 on board Y",
                   "White 2 on board X", "White 1 on board Y"]


def test_counter_phase_board_y_runs_a_half_move_behind() -> None:
    rules = two("counter-phase")
    state, who = quiet_moves(rules, rules.initial_state(), 9)
    assert who == ["Black 1 on board X",
                   "White 1 on board X", "Black 2 on board Y",
                   "Black 2 on board X", "White 2 on board Y",
                   "White 2 on board X", "Black 1 on board Y",
                   "Black 1 on board X", "White 1 on board Y"]
    # after every step the boards stand a half-move apart: X has made one move more than Y
    assert (state.boards[0].turn, state.boards[1].turn) == (5, 4)
    x, y = state.boards
    assert x.to_move != y.to_move


@pytest.mark.parametrize("phase", ["in-phase", "counter-phase"])
def test_every_player_alternates_boards(phase: str) -> None:
    rules = two(phase)
    _, who = quiet_moves(rules, rules.initial_state(), 24)
    for player in ("Black 1", "Black 2", "White 1", "White 2"):
        boards = [w[-1] for w in who if w.startswith(player)]
        assert len(boards) >= 5
        assert all(a != b for a, b in zip(boards, boards[1:], strict=False)), (player, boards)


def test_a_move_names_its_board_and_only_the_board_to_move_plays() -> None:
    rules = two("in-phase")
    s = rules.initial_state()
    m = rules.parse_move(s, "X:c3d4")
    assert m == BoardMove(0, Move.of([parse_cell("C3")], NE)) and m.cells == (parse_cell("C3"),)
    assert rules.parse_move(s, "c3d4") == m == rules.parse_move(s, "x c3d4")
    assert rules.to_notation(s, m) == "X:c3d4" and rules.display_move(s, m) == "X: c3→d4"
    with pytest.raises(IllegalMove, match="board X's turn"):
        rules.parse_move(s, "Y:c3d4")
    assert rules.check(s, BoardMove(1, m.move)) == "it is board X's turn, not board Y's"
    with pytest.raises(IllegalMove, match="board is X or Y"):
        rules.parse_move(s, "Z:c3d4")
    s = rules.play(s, m)
    assert s.board == 1 and s.to_move == 0  # Black again, on the other board
    assert s.boards[1] == rules.base.initial_state()  # Y untouched by X's move


@pytest.mark.parametrize("phase", ["in-phase", "counter-phase"])
def test_notation_and_positions_round_trip_over_random_matches(phase: str) -> None:
    rules = two(phase, eject_target=2, sprint_moves=50)  # every board ends within 100 moves
    rng = random.Random(7)
    for _ in range(3):
        s = rules.initial_state()
        for _ in range(300):
            moves = rules.legal_moves(s)
            if not moves:
                assert rules.outcome(s) is not None
                break
            assert rules.perft(s, 1) == len(moves)
            m = rng.choice(moves)
            assert rules.parse_move(s, rules.to_notation(s, m)) == m
            s = rules.play(s, m)
            assert rules.invariants(s) == []
            assert rules.parse_position(rules.position_text(s)) == s
        out = rules.outcome(s)
        assert out is not None and rules.legal_moves(s) == []
        won = rules.boards_won(s)
        if out.winner is None:
            assert won[0] == won[1]
        else:
            assert won[out.winner] > won[1 - out.winner]


def test_a_decided_board_stops_and_the_other_plays_on_alone() -> None:
    rules = two("in-phase", eject_target=1)
    s = rules.parse_position(f"{EDGE} | {EDGE} | X")
    s = rules.play(s, rules.parse_move(s, "X:g7g8"))  # Black ejects on X: X is won
    assert rules.base.outcome(s.boards[0]) is not None and rules.outcome(s) is None
    assert s.board == 1 and rules.player_on(s, 0) == ""
    assert rules.player_on(s, 1) == "Black 2"
    s = rules.play(s, rules.parse_move(s, "Y:g7f7"))  # not an ejection: Y goes on
    assert s.board == 1 and s.to_move == 1  # White on Y; X is skipped from now on
    assert rules.player_name(s) == "White 2 on board Y"
    with pytest.raises(IllegalMove, match="board Y's turn"):
        rules.parse_move(s, "X:a1a2")
    s = rules.play(s, rules.parse_move(s, "Y:a1a2"))
    assert rules.outcome(s) is None and s.board == 1 and s.to_move == 0


def test_the_match_goes_to_the_team_with_more_boards() -> None:
    rules = two("in-phase", eject_target=1)
    won_x = "5/6/4BB1/8/9/8/7/6/W4 w 0 1"          # Black has ejected one: board won
    won_y_white = "5/6/4BBW/8/9/8/7/6/5 b 1 0"     # White has ejected one
    open_y = EDGE
    s = rules.parse_position(f"{won_x} | {open_y} | Y")
    assert rules.outcome(s) is None and rules.boards_won(s) == (1, 0)
    both = rules.parse_position(f"{won_x} | {won_x} | X")
    out = rules.outcome(both)
    assert out is not None and out.winner == 0 and out.reason.startswith("Team Black won 2 boards to 0")
    split = rules.parse_position(f"{won_x} | {won_y_white} | X")
    out = rules.outcome(split)
    assert out is not None and out.winner is None and out.reason.startswith("1 board each")
    assert rules.legal_moves(split) == []
    cut = rules.adjudicate(s)
    assert cut is not None and cut.winner == 0  # X won, Y level


def test_options_apply_to_both_boards_and_bad_combinations_are_refused() -> None:
    rules = two("counter-phase", move_limit=1)
    s, _ = quiet_moves(rules, rules.initial_state(), 2)  # X, X: two quiet moves, X is drawn
    assert rules.base.outcome(s.boards[0]) is not None and rules.outcome(s) is None
    s, _ = quiet_moves(rules, s, 2)  # Y, Y: drawn too, and the match with it
    out = rules.outcome(s)
    assert out is not None and out.winner is None and out.reason.startswith("0 boards each")
    with pytest.raises(ValueError, match="two moves per turn"):
        make_rules("standard", {"boards_4x2x2": "in-phase", "multi_move": True})
    with pytest.raises(ValueError, match="one-board team game"):
        make_rules("standard", {"boards_4x2x2": "in-phase", "teams_4x2x1": True})
    with pytest.raises(ValueError, match="boards_4x2x2 must be one of"):
        make_rules("standard", {"boards_4x2x2": "sideways"})
    with pytest.raises(ValueError, match="TwoBoardRules"):
        AbaloneRules("standard", {"boards_4x2x2": "in-phase"})


@pytest.mark.parametrize("text,message", [
    ("5/6/7/8/9/8/7/6/5 b 0 0", "separated by '|'"),
    (f"{EDGE} | {EDGE} | Z", "X or Y"),
    (f"{EDGE} | 5/6/7 b 0 0 | X", "board Y"),
    (f"{EDGE} | {EDGE} | Y", "move 1 is played on board X"),
])
def test_bad_two_board_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        two("in-phase").parse_position(text)


def test_hints_are_off_partners_may_not_consult() -> None:
    assert two("in-phase").hints_allowed is False


def test_the_computer_plays_the_board_to_move_and_takes_a_free_ejection() -> None:
    rules = two("in-phase")
    ai = make_ai(rules, "easy")
    s = rules.parse_position(f"{EDGE} | {EDGE} | X")
    for board in (0, 1):
        m = ai.choose(s, seconds=1.0, rng=random.Random(1), nodes=3000)
        assert isinstance(m, BoardMove) and m.board == board and rules.check(s, m) is None
        preview = rules.preview(s, m)
        assert preview is not None and preview.ejected == parse_cell("G9")
        s = rules.play(s, m)
    # White to move on X, a marble down on both boards: the team to move is behind
    assert s.to_move == 1 and evaluate(rules, s) < 0


def test_a_saved_two_board_match_loads_by_replaying_its_moves(tmp_path: object) -> None:
    from pathlib import Path

    from game.engine.match import Match

    m = Match(registry.get("abalone"), "belgian-daisy", {"boards_4x2x2": "counter-phase"})
    rng = random.Random(5)
    for _ in range(12):
        m.play(rng.choice(m.rules.legal_moves(m.state)))
    path = Path(str(tmp_path)) / "two.json"
    m.save(path)
    back = Match.load(path, registry.get, kind="match")
    assert back.state == m.state and back.notation == m.notation
    assert all(t[0] in "XY" and t[1] == ":" for t in back.notation)
