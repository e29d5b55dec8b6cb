"""The Akhimoraec input controller, without pygame: picks, tips, refusals and the cursor, each
answered from the rules."""

from __future__ import annotations

from game.games.akhimoraec import rules as R
from game.games.akhimoraec.input import BoardInput
from game.games.akhimoraec.rules import Move, cell_index, make_rules

SIX_OUT = ("t=100.5 turn=gold@99 | gold: b1>c3 black 115.5/180, e1>d4 colour 250/180, "
           "h1>g3 black 270/180 | red: b9>c7 colour 112.5/180, e9>e6 black 200/180, "
           "h9>f6 colour 260/180")
C = cell_index


def test_pick_then_tip_answers_the_move_at_the_state_time() -> None:
    rules = make_rules()
    s = rules.parse_position(SIX_OUT)
    ctl = BoardInput(rules)
    assert ctl.pick(s, C("d4")).kind == "select" and ctl.selected == C("d4")
    assert set(ctl.targets(s)) >= {C("e5"), C("d5")}
    intent = ctl.pick(s, C("e5"))
    assert intent.kind == "tip" and intent.move == Move(C("d4"), C("e5"), s.now)
    assert rules.check(s, intent.move) is None


def test_an_opponent_glass_is_refused_with_the_rules_reason() -> None:
    rules = make_rules()
    s = rules.parse_position(SIX_OUT)
    ctl = BoardInput(rules)
    intent = ctl.pick(s, C("e6"))
    assert intent.kind == "refuse" and "Red's" in (intent.reason or "")
    assert ctl.selected is None
    assert ctl.pick(s, C("e4")).kind == "none"  # an empty circle with nothing picked up


def test_a_second_own_glass_is_picked_instead_and_a_second_click_puts_it_down() -> None:
    rules = make_rules()
    s = rules.parse_position(SIX_OUT)
    ctl = BoardInput(rules)
    ctl.pick(s, C("d4"))
    assert ctl.pick(s, C("g3")).kind == "select" and ctl.selected == C("g3")
    assert ctl.pick(s, C("g3")).kind == "clear" and ctl.selected is None


def test_a_second_click_flips_in_place_only_with_the_option() -> None:
    rules = make_rules(options={"flip_in_place": True})
    s = rules.parse_position(SIX_OUT)
    ctl = BoardInput(rules)
    ctl.pick(s, C("d4"))
    intent = ctl.pick(s, C("d4"))
    assert intent.kind == "flip" and intent.move == Move(C("d4"), C("d4"), s.now)


def test_a_waiting_glass_cannot_be_picked_and_says_when_it_may() -> None:
    rules = make_rules()
    s = rules.parse_position("t=10 turn=gold@10 | gold: b1 wait 100/180, e1 ready, h1 ready | "
                             "red: b9 ready, e9 ready, h9 ready")
    intent = BoardInput(rules).pick(s, C("b1"))
    assert intent.kind == "refuse" and "re-enter in 90" in (intent.reason or "")


def test_the_cursor_appears_moves_cycles_and_picks() -> None:
    rules = make_rules()
    s = rules.initial_state()
    ctl = BoardInput(rules)
    assert ctl.key(s, "right").kind == "none" and ctl.cursor == C("b1")  # first press shows it
    ctl.key(s, "tab")
    assert ctl.cursor == C("e1")
    assert ctl.key(s, "enter").kind == "select" and ctl.selected == C("e1")
    ctl.key(s, "up")
    ctl.key(s, "right")
    assert ctl.cursor == C("f2")
    assert ctl.key(s, "enter").move == Move(C("e1"), C("f2"), 0)
    ctl.cursor = C("a1")
    ctl.key(s, "left")
    ctl.key(s, "down")
    assert ctl.cursor == C("a1")  # clamped at the corner
    ctl.key(s, "up", flipped=True)  # the board turned for Red: up goes toward row 1
    assert ctl.cursor == C("a1")


def test_time_running_on_puts_down_a_glass_that_may_no_longer_move() -> None:
    rules = make_rules()
    s = rules.parse_position(SIX_OUT)
    ctl = BoardInput(rules)
    ctl.pick(s, C("c3"))
    later = rules.advance(s, 16)  # c3 ran out of sand (and the turn passed)
    ctl.forget_unmovable(later)
    assert ctl.selected is None


def test_a_controller_bound_to_a_player_picks_only_that_players_glasses() -> None:
    rules = make_rules()
    s = rules.parse_position(SIX_OUT)
    red = BoardInput(rules, player=R.RED)
    assert red.pick(s, C("d4")).kind == "refuse"
    assert red.first_own(s) == C("c7")
