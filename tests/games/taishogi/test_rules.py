"""Tai Shogi play: promotion by capture (§4.2, §6.4), the end, notation and position text."""

from __future__ import annotations

import random

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.taishogi.rules import Move, State, kind_of, make_rules

from .helpers import position, sq

TSA = make_rules()


def after(rules, state: State, text: str) -> State:  # type: ignore[no-untyped-def]
    return rules.play(state, rules.parse_move(state, text))


def man(state: State, name: str) -> str:
    p = state.board[sq(name)]
    return ("bw"[p & 1] + ("+" if p & 2 else "") + kind_of(p)) if p else ""


BASE = {"13y": "bE", "13a": "wE", "1a": "wCP", "1y": "bCP"}


def test_pawn_stays_rook_becomes_gold() -> None:
    state = position({**BASE, "5m": "bP", "5l": "wG", "20m": "bR", "20c": "wP"})
    s1 = after(TSA, state, "Px5l")
    assert man(s1, "5l") == "bP"
    s2 = after(TSA, position({**BASE, "20m": "bR", "20c": "wP"}), "Rx20c+")
    assert man(s2, "20c") == "b+G"


def test_eastern_barbarian_lion_never_becomes_a_furious_fiend() -> None:
    state = position({**BASE, "5m": "bEB", "5l": "wP", "5k": "wP", "6j": "wG"})
    s1 = after(TSA, state, "EBx5l+")
    assert man(s1, "5l") == "b+Ln"
    s2 = after(TSA, s1, "CP-1b")
    moves = [m for m in TSA.legal_moves(s2) if m.frm == sq("5l") and m.caps]
    assert moves and not any(m.promote for m in moves)
    s3 = TSA.play(s2, Move(sq("5l"), sq("6j"), (sq("5k"), sq("6j"))))
    assert man(s3, "6j") == "b+Ln" and man(s3, "5k") == ""
    # an original Lion does promote, on a double capture too
    s4 = TSA.play(position({**BASE, "5m": "bLn", "5l": "wP", "5k": "wP"}),
                  Move(sq("5m"), sq("5k"), (sq("5l"), sq("5k")), True))
    assert man(s4, "5k") == "b+FF"


def test_promotion_never_twice_and_the_option_table() -> None:
    ludii = make_rules(options={"promotion_table": "ludii"})
    state = position({**BASE, "5m": "bP", "5l": "wP", "5k": "wP"})
    s1 = after(ludii, state, "Px5l+")
    assert man(s1, "5l") == "b+G"
    s2 = after(ludii, after(ludii, s1, "CP-2b"), "+Gx5k")
    assert man(s2, "5k") == "b+G"


def test_optional_promotion_unless_taking_a_promoted_man() -> None:
    rules = make_rules(options={"promotion_rule": "promoted_only"})
    state = position({**BASE, "20m": "bR", "20c": "wP", "5m": "bR", "5c": "w+G"})
    names = {rules.to_notation(state, m) for m in rules.legal_moves(state) if m.caps}
    assert {"Rx20c+", "Rx20c="} <= names
    assert "Rx5c+" in names and "Rx5c=" not in names


def test_drunk_elephant_prince_is_royal() -> None:
    state = position({"13y": "bE", "13x": "bCP", "10m": "bDE", "10l": "wP",
                      "13a": "wE", "13w": "wFK"})
    s1 = after(TSA, state, "DEx10l+")
    assert man(s1, "10l") == "b+CP"
    assert TSA.royals(s1, 0) == sorted([sq("13y"), sq("13x"), sq("10l")])
    s2 = after(TSA, s1, "FKx13x")           # the original Crown Prince falls
    s3 = after(TSA, after(TSA, s2, "+CP-10k"), "FKx13y")  # and then the Emperor
    assert TSA.outcome(s3) is None           # the promoted Drunk Elephant still reigns
    assert TSA.royals(s3, 0) == [sq("10k")]
    s4 = after(TSA, s3, "+CP-10j")
    s5 = TSA.play(s4, next(m for m in TSA.legal_moves(s4) if m.to == sq("10j")))
    outcome = TSA.outcome(s5)
    assert outcome is not None and outcome.winner == 1


def test_crown_prince_to_emperor_option() -> None:
    state = position({**BASE, "5m": "bCP", "5l": "wP"})
    assert man(after(TSA, state, "CPx5l"), "5l") == "bCP"
    rules = make_rules(options={"crown_prince": True})
    assert man(after(rules, state, "CPx5l+"), "5l") == "b+E"


def test_flying_dragon_and_deva_options() -> None:
    state = position({**BASE, "5m": "bFD", "4l": "wDV"})
    assert man(after(TSA, state, "FDx4l+"), "4l") == "b+G"
    dk = make_rules(options={"flying_dragon": "DK"})
    assert man(after(dk, state, "FDx4l+"), "4l") == "b+DK"
    deva = make_rules(options={"deva_rule": True})
    assert man(after(deva, state, "FDx4l+"), "4l") == "b+TK"
    pawn = position({**BASE, "5m": "bP", "5l": "wDSp"})
    assert man(after(deva, pawn, "Px5l"), "5l") == "b+BSp"


def test_taking_the_last_royal_ends_the_game() -> None:
    state = position({"13y": "bE", "13a": "wE", "13b": "bG"})
    end = after(TSA, state, "Gx13a")
    outcome = TSA.outcome(end)
    assert outcome is not None and outcome.winner == 0
    assert TSA.legal_moves(end) == [] or TSA.check(end, TSA.legal_moves(end)[0]) is not None


def test_position_text_of_the_start() -> None:
    text = TSA.position_text(TSA.initial_state())
    ranks, side = text.rsplit(" ", 1)
    rows = ranks.split("/")
    assert side == "b" and len(rows) == 25
    assert rows[12] == "25" and rows[7] == "7 wGB 9 wGB 7" and rows[17] == "7 bGB 9 bGB 7"
    assert rows[24].split()[12] == "bE" and rows[0].split()[12] == "wE"
    assert rows[24].split()[:2] == ["bL", "bTS"] and rows[0].split()[-2:] == ["wTS", "wL"]
    assert TSA.parse_position(text) == TSA.initial_state()


@pytest.mark.parametrize("bad", [
    "", "25 b", "/".join(["25"] * 25) + " x", "/".join(["25"] * 24 + ["24"]) + " b",
    "/".join(["bZZ 24"] + ["25"] * 24) + " b", "/".join(["xP 24"] + ["25"] * 24) + " w"])
def test_bad_position_texts_are_refused(bad: str) -> None:
    with pytest.raises(BadPosition):
        TSA.parse_position(bad)


def test_bad_moves_are_refused_with_a_reason() -> None:
    state = TSA.initial_state()
    for text, words in (("Q-5e", "no piece is called Q"), ("13r-P", "cannot read"), ("P-13q", "not a legal move"),
                        ("Lnx3hx2i", "not a legal move")):
        with pytest.raises(IllegalMove, match=words):
            TSA.parse_move(state, text)
    assert TSA.check(state, Move(sq("13v"), sq("13t"))) is not None
    assert "no Black piece" in (TSA.check(state, Move(sq("13m"), sq("13l"))) or "")
    assert TSA.parse_move(state, "P13s-13r") == TSA.parse_move(state, "P-13r")


def test_disambiguation_names_the_start_square() -> None:
    state = position({**BASE, "5m": "bG", "3m": "bG"})
    names = {TSA.to_notation(state, m) for m in TSA.legal_moves(state)}
    assert "G5m-4m" in names and "G3m-4m" in names and "G-5l" in names


def test_random_play_invariants_and_round_trips() -> None:
    rng = random.Random(3)
    for game in range(3):
        state = TSA.initial_state()
        for _ in range(120):
            if TSA.outcome(state) is not None:
                break
            moves = TSA.legal_moves(state)
            # prefer captures so that promotions and the Lion's moves turn up
            caps = [m for m in moves if m.caps]
            move = rng.choice(caps) if caps and rng.random() < 0.7 else rng.choice(moves)
            text = TSA.to_notation(state, move)
            assert TSA.parse_move(state, text) == move
            nxt = TSA.play(state, move)
            before = [p for p in state.board if p]
            now = [p for p in nxt.board if p]
            assert len(now) == len(before) - len(move.caps)
            mover, moved = state.board[move.frm], nxt.board[move.to]
            if mover & 2:
                assert moved == mover  # a promoted man never changes again
            assert (moved != mover) == move.promote
            assert all(nxt.board[c] == 0 for c in move.caps if c != move.to)
            assert TSA.parse_position(TSA.position_text(nxt)) == nxt
            assert not TSA.invariants(nxt)
            state = nxt
        assert game >= 0


def test_a_cut_game_goes_to_more_royals_then_to_a_material_lead() -> None:
    # (tools/arena.py only) with as many royals, 96 points of the other men decide, 95 do not
    rules = make_rules()
    even = {"25y": "bE", "25x": "bCP", "1a": "wE", "1b": "wCP"}
    assert rules.adjudicate(rules.initial_state()) is None
    assert rules.adjudicate(position(even)) is None
    near = rules.adjudicate(position({**even, "10a": "bLGn", "10b": "bLn"}))  # 64 + 32
    assert near is not None and near.winner == 0
    assert rules.adjudicate(position({**even, "10a": "bLGn", "10b": "bHM", "10c": "wG"})) is None
    # a royal taken outweighs any lead of the other men: the game is lost with the last royal
    lead = {"10a": "bLGn", "10b": "bLn", "10c": "bPS"}
    emperor_taken = rules.adjudicate(position({**even, **lead, "25y": "bP", "1c": "wP"}))
    assert emperor_taken is not None and emperor_taken.winner == 1
    assert "1" in emperor_taken.reason and "2" in emperor_taken.reason
