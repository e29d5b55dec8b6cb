"""The Abalone input controller, without a screen: clicks, drags and the keyboard cursor at the
level of cells and board directions become selections, moves to submit and refusals carrying the
rules' reasons; hand-picked handicap marbles."""

from __future__ import annotations

from game.games.abalone import bitboard as B
from game.games.abalone.input import HandicapChoice, Reply, SelectionController
from game.games.abalone.rules import Move, make_rules
from game.games.abalone.starts import parse_cell

RULES = make_rules("standard", {})
START = RULES.initial_state()
E, NE, NW, W, SW, SE = range(6)
# D2-D4 black against D5-D6 white; G7 G8 black against a lone white G9 at the edge
PUSHES = RULES.parse_position("5/6/4BBW/8/9/1BBBWW2/7/6/5 b 0 0")


def c(*names: str) -> list[int]:
    return [parse_cell(n) for n in names]


def click(ctl: SelectionController, state: object, name: str) -> Reply:
    ctl.press(state, parse_cell(name))  # type: ignore[arg-type]
    return ctl.release(state)  # type: ignore[arg-type]


def test_clicks_grow_a_line_fill_a_gap_and_start_afresh() -> None:
    ctl = SelectionController(RULES)
    assert click(ctl, START, "B2").sound == ("click", 0.6)
    click(ctl, START, "B4")  # B3 in between is filled
    assert sorted(ctl.selection) == sorted(c("B2", "B3", "B4"))
    click(ctl, START, "B4")
    assert sorted(ctl.selection) == sorted(c("B2", "B3"))
    click(ctl, START, "C4")  # off the line
    assert ctl.selection == c("C4")


def test_a_drag_picks_the_line_and_the_release_keeps_it() -> None:
    ctl = SelectionController(RULES)
    assert ctl.press(START, parse_cell("C3")) == Reply()
    assert ctl.drag_from == parse_cell("C3")
    assert ctl.drag_to(START, parse_cell("C5")).sound == ("click", 0.5)
    assert ctl.drag_to(START, parse_cell("C4")).sound is None  # already dragging: no click
    assert ctl.selection == c("C3", "C4")
    ctl.drag_to(START, parse_cell("D5"))  # not a line from C3: the selection stays
    assert ctl.selection == c("C3", "C4")
    ctl.release(START)
    assert ctl.selection == c("C3", "C4") and ctl.drag_from is None


def test_a_direction_makes_the_move_to_submit() -> None:
    ctl = SelectionController(RULES)
    assert ctl.move(NE).refusal == "Pick one to three of your marbles first."
    click(ctl, START, "C3")
    reply = ctl.move(NE)
    assert reply.move == Move.of(c("C3"), NE) and RULES.check(START, reply.move) is None


def test_refusals_carry_the_rules_reasons() -> None:
    ctl = SelectionController(RULES)
    assert ctl.press(START, parse_cell("I5")).refusal == "that marble is not yours"
    assert ctl.selection == []
    click(ctl, START, "A1")
    far = ctl.press(START, parse_cell("E5"))
    assert far.refusal and far.refusal.startswith("A move is one step") and ctl.selection
    ctl.clear()
    click(ctl, START, "B3")
    # C4 is one of Black's own marbles, one up-right of B3: the rules say why B3 cannot go
    assert ctl.target_direction(START, parse_cell("C4"), lambda ds: dict.fromkeys(ds, 0.0)) \
        is None
    assert ctl.unreachable_reason(START, parse_cell("C4")) == RULES.check(
        START, Move.of(c("B3"), NE))


def test_a_hole_next_to_the_selection_means_its_legal_direction() -> None:
    ctl = SelectionController(RULES)
    click(ctl, START, "C4")
    click(ctl, START, "C5")
    # D5 is reached by C4 up-right (a side-step) and by C5 up-left: both legal, so the click's
    # position on the screen decides
    assert ctl.target_direction(START, parse_cell("D5"), lambda ds: {NE: 1.0, NW: 0.0}) == NE
    assert ctl.target_direction(START, parse_cell("D5"), lambda ds: {NE: 0.0, NW: 1.0}) == NW
    assert ctl.target_direction(START, parse_cell("D6"), lambda ds: dict.fromkeys(ds, 0.0)) == NE
    assert ctl.target_direction(START, parse_cell("E5"), lambda ds: {}) is None


def test_arrows_offered_and_their_previews() -> None:
    ctl = SelectionController(RULES)
    ctl.selection = c("D2", "D3", "D4")
    legal = ctl.candidates(PUSHES, show_legal=True)
    assert E in legal and W in legal
    assert [src for src, _ in ctl.previews(PUSHES)[E].pushed] == c("D6", "D5")
    assert ctl.candidates(PUSHES, show_legal=False) == list(range(6))
    ctl.selection = c("D2", "D5")  # not a group: no arrows at all
    assert ctl.candidates(PUSHES, show_legal=True) == []


def test_the_keyboard_cursor() -> None:
    ctl = SelectionController(RULES)
    ctl.step_cursor([E])  # the first press only shows it
    assert ctl.cursor == B.CENTRE
    ctl.step_cursor([SE, SW])
    ctl.step_cursor([SE, SW])
    assert ctl.cursor == parse_cell("C5")
    assert ctl.pick_at_cursor(START).sound is not None and ctl.selection == c("C5")
    ctl.cursor = parse_cell("A1")
    ctl.step_cursor([SW, SE])  # neither exists below A1: it stays
    assert ctl.cursor == parse_cell("A1")
    ctl.cursor = parse_cell("E5")
    assert ctl.pick_at_cursor(START).refusal == "there is no marble on E5"


def test_multi_move_lets_either_colour_be_picked_on_the_second_move() -> None:
    rules = make_rules("standard", {"multi_move": True})
    ctl = SelectionController(rules)
    s = rules.play(rules.initial_state(), Move.of(c("C3"), NE))
    click(ctl, s, "G5")
    assert ctl.selection == c("G5")


def test_handicap_choice() -> None:
    choice = HandicapChoice(START)
    assert choice.toggle(parse_cell("A1")) == "slide"
    assert choice.toggle(parse_cell("I9")) == "slide"
    assert choice.toggle(parse_cell("I9")) == "place"
    assert choice.toggle(parse_cell("E5")) is None and choice.toggle(None) is None
    assert choice.counts() == (1, 0) and choice.colour_of(parse_cell("A1")) == 0
    assert choice.state().black == START.black & ~(1 << parse_cell("A1"))
    assert choice.state().white == START.white
