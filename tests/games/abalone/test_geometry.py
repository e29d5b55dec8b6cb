"""The named geometry the screen asks instead of working it out itself: lines of up to three
cells, neighbour steps, where a step takes a group and which steps reach a hole; and the options
a position text implies (the rules screen's diagrams)."""

from __future__ import annotations

import pytest

from game.engine.protocol import BadPosition
from game.games.abalone import bitboard
from game.games.abalone.notation import position_options
from game.games.abalone.rules import make_rules, rules_for_position
from game.games.abalone.starts import cell_name, parse_cell

E, NE, NW, W, SW, SE = range(6)


def c(name: str) -> int:
    return parse_cell(name)


def names(cells: list[int] | None) -> list[str] | None:
    return None if cells is None else [cell_name(x) for x in cells]


@pytest.mark.parametrize("a,b,line", [
    ("C3", "C3", ["C3"]),
    ("C3", "C5", ["C3", "C4", "C5"]),
    ("C5", "C3", ["C5", "C4", "C3"]),
    ("A1", "C3", ["A1", "B2", "C3"]),     # NE diagonal
    ("E5", "G5", ["E5", "F5", "G5"]),     # NW diagonal (same number)
    ("D4", "D5", ["D4", "D5"]),
    ("C3", "C6", None),                   # four long
    ("C3", "D5", None),                   # not on one line
])
def test_line_between(a: str, b: str, line: list[str] | None) -> None:
    assert names(bitboard.line_between(c(a), c(b))) == line


def test_neighbours_stop_at_the_edge() -> None:
    assert cell_name(bitboard.neighbour(c("E5"), NE)) == "F6"
    assert cell_name(bitboard.neighbour(c("E5"), SE)) == "D5"
    assert bitboard.neighbour(c("A1"), W) == -1 and bitboard.neighbour(c("A1"), SW) == -1
    assert bitboard.neighbour(c("I9"), NE) == -1
    # every neighbour relation is symmetric
    for cell in bitboard.CELLS:
        for di in range(6):
            n = bitboard.neighbour(cell, di)
            if n >= 0:
                assert bitboard.neighbour(n, (di + 3) % 6) == cell


def test_destinations_and_the_steps_that_reach_a_hole() -> None:
    group = [c("C3"), c("C4")]
    assert {cell_name(x) for x in bitboard.destinations(group, NE)} == {"D4", "D5"}
    assert bitboard.directions_onto(group, c("C5")) == [E]      # the inline step
    assert bitboard.directions_onto(group, c("D4")) == [NE, NW]  # C3 up-right or C4 up-left
    assert bitboard.directions_onto(group, c("E5")) == []        # two steps away
    assert bitboard.directions_onto([c("E5")], c("E5")) == []


def test_position_options_read_obstacles_holes_and_the_pivot() -> None:
    opts = position_options("5/6/7/8/2X1N1H2/8/7/6/5 b 0 0")
    assert opts == {"obstacles": ["E3"], "holes": ["E7"], "pivot_start": "E5"}
    assert position_options("5/6/7/8/9/8/7/6/5 b 0 0") == {"obstacles": [], "holes": []}
    with pytest.raises(BadPosition, match="row E"):
        position_options("5/6/7/8/4Q4/8/7/6/5 b 0 0")


def test_rules_for_position_builds_the_game_a_diagram_shows() -> None:
    text = "5/6/7/8/2X1N1H2/3BB3/7/6/5 b 0 0"
    rules, state = rules_for_position(text)
    assert rules.geo.obstacles == 1 << c("E3") and rules.geo.holes == 1 << c("E7")
    assert state.pivot == 1 << c("E5") and rules.position_text(state) == text
    plain, _ = rules_for_position("5/6/7/8/9/3BB3/7/6/5 b 0 0")
    assert plain.geo.obstacles == 0 and not plain.has_pivot
    with pytest.raises(BadPosition):
        rules_for_position("5/6/7/8/9/3BB3/7/6 b 0 0")


def test_next_player_of_a_team() -> None:
    teams = make_rules("standard", {"teams_4x2x1": True})
    s = teams.initial_state()
    assert (teams.next_player_of(s, 0), teams.next_player_of(s, 1)) == ("Black 1", "White 1")
    s = teams.play(s, teams.parse_move(s, "c3d4"))  # Black 1 played: White 1, then Black 2
    assert (teams.next_player_of(s, 0), teams.next_player_of(s, 1)) == ("Black 2", "White 1")
    plain = make_rules("standard", {})
    assert plain.next_player_of(plain.initial_state(), 1) == "White"
