"""The Jeu de pions input controller without a window: drags measured on the ruler's geometry,
keys, and refusals in the rules' words."""

from __future__ import annotations

from game.games.pions import rules as R
from game.games.pions.input import Action, Key, PawnInput, pawn_at
from game.games.pions.rules import PionsMove
from game.games.pions.view import Ruler

EXAMPLE = "23:23,22,17,16,12,6,2"
RULES = R.make_rules("normal", {"length": 23})
STATE = RULES.parse_position(EXAMPLE)
RULER = Ruler(left=100.0, end_x=100.0 + 23 * 30.0, y=200.0, cell=30.0, length=23)


def pawn_pos(cell: int) -> tuple[float, float]:
    return (RULER.x_of(cell), RULER.y - RULER.cell * 0.3)


def drag(inp: PawnInput, cell: int, to_x: float) -> Action:
    assert inp.press(STATE, RULER, pawn_pos(cell)).kind == "picked"
    inp.motion(to_x)
    return inp.release(STATE, RULER)


def test_the_ruler_turns_x_into_cells_and_back() -> None:
    for c in range(1, 24):
        assert RULER.cell_at(RULER.x_of(c)) == c
    assert RULER.cell_at(RULER.end_x + 1) == 0
    assert pawn_at(STATE, RULER, pawn_pos(12)) == 12
    assert pawn_at(STATE, RULER, pawn_pos(13)) is None
    assert pawn_at(STATE, RULER, (RULER.x_of(12), RULER.y + 100)) is None


def test_a_drag_to_a_free_cell_submits_that_move() -> None:
    action = drag(PawnInput(RULES), 12, RULER.x_of(9))
    assert action.kind == "submit" and action.move == PionsMove(12, 9)


def test_a_drag_past_the_next_pawn_stops_against_it_and_the_nearest_leaves_past_the_end() -> None:
    # from 12 onto the pawn on 6: the pawn stops on 7, the last free cell before it
    assert drag(PawnInput(RULES), 12, RULER.x_of(6) - 2).move == PionsMove(12, 7)
    assert drag(PawnInput(RULES), 2, RULER.end_x + 20).move == PionsMove(2, R.REMOVE)


def test_a_far_drop_is_refused_with_the_rules_reason() -> None:
    inp = PawnInput(RULES)
    action = drag(inp, 17, RULER.x_of(2) + 1)  # far past the pawns on 16 and 12
    assert action.kind == "refused"
    assert action.reason == RULES.check(STATE, PionsMove(17, 2))
    assert inp.drag is None


def test_a_short_wiggle_is_no_move_and_no_refusal() -> None:
    assert drag(PawnInput(RULES), 12, RULER.x_of(12) + 5).kind == "none"


def test_keys_choose_a_pawn_then_a_cell_then_play() -> None:
    inp = PawnInput(RULES)
    assert inp.key(STATE, Key.NEXT).kind == "selected" and inp.selected == STATE.cells[0]
    inp.key(STATE, Key.PREVIOUS)
    assert inp.selected == STATE.cells[-1]  # wraps to the nearest pawn, on 2
    inp.key(STATE, Key.NEARER)
    assert inp.key_target == 1  # the only free cell between 2 and the end
    inp.key(STATE, Key.NEARER)
    assert inp.key_target == R.REMOVE
    action = inp.key(STATE, Key.CHOOSE)
    assert action.kind == "submit" and action.move == PionsMove(2, R.REMOVE)
    assert inp.selected is None and inp.key_target is None


def test_a_blocked_pawn_refuses_with_the_rules_reason() -> None:
    inp = PawnInput(RULES)
    inp.selected = 23  # 22 is taken: the pawn on 23 cannot move
    action = inp.key(STATE, Key.NEARER)
    assert action.kind == "refused"
    assert action.reason == RULES.check(STATE, PionsMove(23, 22))
