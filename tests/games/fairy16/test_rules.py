"""Fairy Chess 16 x 16: the facts of docs/rules/fairy16.md as tests."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine.protocol import BadPosition, IllegalMove
from game.games.fairy16 import help as fhelp
from game.games.fairy16.pieces import START_FEN
from game.games.fairy16.rules import Fairy16Rules, make_rules
from game.pieces.state import EN_PASSANT

RULES = make_rules()
JOCLY = make_rules(options={"promotion": "jocly"})
GEO = RULES.engine.geo
KING_ONLY = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/8K7"


def sq(name: str) -> int:
    return GEO.parse(name)


def texts(rules, state, frm: str | None = None) -> set[str]:
    return {rules.to_notation(state, m) for m in rules.legal_moves(state)
            if frm is None or m.frm == sq(frm)}


#: §3: destinations from h8 and from a1 on an empty board (hoppers without captures).
MOBILITY = {
    "king": (8, 3), "queen": (59, 45), "rook": (30, 30), "bishop": (29, 15), "knight": (8, 2),
    "pawn": (2, 2), "centurion": (4, 3), "buffoon": (8, 3), "elephant": (8, 2),
    "machine": (8, 4), "lion": (24, 8), "gryphon": (56, 29), "ship": (30, 15), "camel": (8, 2),
    "cannon": (30, 30), "bow": (29, 15), "buffalo": (24, 6), "dragon_woman": (38, 32),
    "diablo": (37, 17), "unicorn": (67, 47), "bull": (8, 2), "antelope": (16, 6),
    "rhinoceros": (52, 28), "star": (59, 45),
}


def test_the_mobility_table_of_section_3() -> None:
    assert {k.id for k in RULES.spec.kinds} == set(MOBILITY)
    got = {kid: (len(fhelp.reach(kid, "h8")[0]), len(fhelp.reach(kid, "a1")[0]))
           for kid in MOBILITY}
    assert got == MOBILITY


def test_hoppers_have_capture_only_squares_for_the_diagrams() -> None:
    moves, captures = fhelp.reach("cannon", "h8")
    assert sq("h10") in captures and sq("h9") not in captures  # one screen needed
    moves, captures = fhelp.reach("pawn", "h8")
    assert set(captures) == {sq("g9"), sq("i9")} and set(moves) == {sq("h9"), sq("h10")}
    card = fhelp.piece_card("centurion")
    assert card["name"] == "Centurion" and "Queen or Lion or Gryphon" in card["promotion"]


def test_start_position_and_its_40_moves() -> None:
    start = RULES.initial_state()
    assert RULES.position_text(start) == START_FEN
    moves = RULES.legal_moves(start)
    assert len(moves) == 40
    by_kind = Counter(RULES.piece_at(start, m.frm)[0].id for m in moves)  # type: ignore[index]
    assert by_kind == {"pawn": 32, "knight": 4, "elephant": 2, "machine": 2}
    assert {m.to for m in moves if m.frm in (sq("a3"), sq("p3"))} == {sq("c5"), sq("n5")}
    assert {m.to for m in moves if m.frm in (sq("b3"), sq("o3"))} == {sq("b5"), sq("o5")}
    black = RULES.parse_position(START_FEN.replace(" w ", " b "))
    assert len(RULES.legal_moves(black)) == 40
    counts = Counter(v for v in start.board if v)
    assert sum(counts.values()) == 128


@pytest.mark.parametrize(("depth", "count"), [(1, 40), (2, 1600), (3, 72908)])
def test_perft_from_the_start(depth: int, count: int) -> None:
    assert RULES.perft(RULES.initial_state(), depth) == count


def test_a_screen_creates_a_cannon_check_and_a_second_screen_removes_it() -> None:
    base = "k15/16/16/16/16/16/8z7/16/16/16/16/16/16/16/4R11/8K7 w - - 0 1"
    state = RULES.parse_position(base)
    king = sq("i1")
    assert not RULES.engine.attacked(state.board, king, 1)
    # the Rook may not become the screen itself
    assert "e2-i2" not in texts(RULES, state)
    reason = RULES.check(state, RULES.engine.pseudo(RULES.engine.position(state),
                                                    [sq("e2")])[0]._replace(to=sq("i2")))
    assert reason == "that would leave your King in check"
    # a black knight lands on i5: now the cannon checks through it
    screened = RULES.parse_position(base.replace("16/16/16/16/4R11", "8n7/16/16/16/4R11"))
    assert RULES.royals_in_check(screened) == [king]
    # a second screen (the Rook on i2) ends the check
    assert "e2-i2" in texts(RULES, screened)
    after = RULES.play(screened, RULES.parse_move(screened, "e2-i2"))
    assert not RULES.engine.attacked(after.board, king, 1)


def test_star_and_bow_check_along_diagonals_only_over_one_screen() -> None:
    fen = "k15/16/16/16/16/16/16/16/16/16/16/16/4s11/2N13/16/1K14 w - - 0 1"
    state = RULES.parse_position(fen)  # the Star on e4 sees b1 with no screen: no check
    assert not RULES.royals_in_check(state)
    fen2 = "k15/16/16/16/16/16/16/16/16/16/16/16/4s11/3N12/16/1K14 w - - 0 1"
    assert RULES.royals_in_check(RULES.parse_position(fen2)) == [sq("b1")]


def test_bent_pieces_are_blocked_on_their_turning_square() -> None:
    open_ = RULES.parse_position("k15/16/16/16/16/16/16/16/7H8/16/16/16/16/16/16/8K7 w - - 0 1")
    assert {"h8-i9", "h8-p9", "h8-i16"} <= texts(RULES, open_, "h8")
    blocked = RULES.parse_position("k15/16/16/16/16/16/16/8N7/7H8/16/16/16/16/16/16/8K7 w - - 0 1")
    got = texts(RULES, blocked, "h8")
    assert not any(t.endswith(("-i9", "-j9", "-i10")) for t in got)
    enemy = RULES.parse_position("k15/16/16/16/16/16/16/8n7/7H8/16/16/16/16/16/16/8K7 w - - 0 1")
    got = texts(RULES, enemy, "h8")
    assert "h8xi9" in got and "h8-j9" not in got and "h8-i10" not in got
    rhino = RULES.parse_position("16/16/16/16/16/16/8n7/16/7U8/16/16/16/16/16/16/k7K7 w - - 0 1")
    got = texts(RULES, rhino, "h8")
    assert "h8xi10" in got and "h8-j11" not in got and "h8-i11" not in got
    assert "h8-k10" in got and "h8-h12" not in got  # via j9; never straight


def test_en_passant_after_a_real_double_step_and_its_notation() -> None:
    state = RULES.parse_position("k15/16/16/16/16/4p11/16/3P12/16/16/16/16/16/16/16/8K7 b - - 0 1")
    state = RULES.play(state, RULES.parse_move(state, "e11-e9"))
    assert RULES.position_text(state).split()[3] == "e10"
    ep = [m for m in RULES.legal_moves(state) if m.flag == EN_PASSANT]
    assert len(ep) == 1 and RULES.to_notation(state, ep[0]) == "d9xe10 e.p."
    assert RULES.parse_move(state, "d9xe10 e.p.") == ep[0]
    assert RULES.parse_move(state, "d9xe10") == ep[0]
    after = RULES.play(state, ep[0])
    assert after.board[sq("e9")] == 0 and after.board[sq("e10")]
    # only on the very next move
    quiet = RULES.play(state, RULES.parse_move(state, "i1-i2"))
    quiet = RULES.play(quiet, RULES.parse_move(quiet, "a16-a15"))
    assert not any(m.flag == EN_PASSANT for m in RULES.legal_moves(quiet))


def test_en_passant_that_would_expose_the_king_and_rule_i20() -> None:
    ok = RULES.parse_position("16/16/16/16/16/16/16/3PoO2K7/16/16/16/16/16/16/16/4k11 w - e10 0 1")
    got = texts(RULES, ok)
    assert {"d9xe10 e.p.", "f9xe10 e.p."} <= got and "f9-e10" not in got
    exposed = RULES.parse_position(
        "16/16/16/16/16/16/16/r3oP2K7/16/16/16/16/16/16/16/4k11 w - e10 0 1")
    assert not any(m.flag == EN_PASSANT for m in RULES.legal_moves(exposed))
    with pytest.raises(IllegalMove, match="leave your King in check"):
        RULES.parse_move(exposed, "f9xe10 e.p.")
    centurion = RULES.parse_position(
        "16/16/16/16/16/16/16/r3oO2K7/16/16/16/16/16/16/16/4k11 w - e10 0 1")
    got = texts(RULES, centurion, "f9")
    assert "f9-e10" not in got and "f9xe10 e.p." not in got and "f9-g10" in got


PROMO = "4k3I7/1O5P7X/16/16/16/16/16/16/16/16/16/16/16/16/o1p9x3/8K7 w - - 0 1"
PROMO_J = "4k11/1O5P1I5X/16/16/16/16/16/16/16/16/16/16/16/16/o1p9x3/8K7 w - - 0 1"


def test_unicorn_promotions() -> None:
    state = RULES.parse_position(PROMO)
    got = texts(RULES, state)
    assert {m for m in got if m.startswith("h15")} == {"h15-h16=A"}
    assert {m for m in got if m.startswith("b15-b16")} == {"b15-b16=Q", "b15-b16=L", "b15-b16=H"}
    assert {"b15-c16=Q", "b15-a16=H"} <= got  # the Centurion's diagonal steps promote too
    # I19: the Buffoon on rank 16 may promote on every move ending on rank 16, sideways too
    assert {"i16-h16", "i16-h16=Q", "i16-j16", "i16-j16=Q", "i16-i15"} <= got
    assert "i16-i15=Q" not in got
    # the Ship promotes (optionally) only on the far corners
    assert {"p15-o16"} <= got and not any(m.startswith("p15-o16=") for m in got)
    with pytest.raises(IllegalMove, match="must promote"):
        RULES.parse_move(state, "h15-h16")
    ship = RULES.parse_position("4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/8K7 w - - 0 1"
                                .replace("4k11/16", "4k11/14X1"))
    got = texts(RULES, ship, "o15")
    assert {"o15-p16", "o15-p16=H", "o15-n16"} <= got and "o15-n16=H" not in got
    black = RULES.parse_position(PROMO.replace(" w ", " b "))
    got = texts(RULES, black)
    assert "c2-c1=A" in got and "a2-b1=Q" in got and {"m2-l1", "m2-n1"} <= got
    assert not any(m.startswith("m2") and "=" in m for m in got)


def test_jocly_promotions() -> None:
    with pytest.raises(BadPosition, match="must promote"):
        JOCLY.parse_position(PROMO)  # a Buffoon on rank 16 is impossible there
    state = JOCLY.parse_position(PROMO_J)
    got = texts(JOCLY, state)
    assert {m for m in got if m.startswith("h15")} == {"h15-h16=Q"}
    assert {m for m in got if m.startswith("b15-b16")} == {"b15-b16=Q"}
    assert {m for m in got if m.startswith("j15-i16")} == {"j15-i16=A"}
    assert {m for m in got if m.startswith("p15-o16")} == {"p15-o16=H"}
    knight = JOCLY.parse_position(KING_ONLY.replace("16/16/16/16/16/16/16/16/16/16/16/16/16/16/",
                                                    "16/16/16/16/16/16/16/16/16/16/16/16/16/"
                                                    "8N7/") + " w - - 0 1")
    assert {m for m in texts(JOCLY, knight, "i2")} >= {"i2-h4", "i2-j4"}
    near = JOCLY.parse_position("k15/16/8N7/16/16/16/16/16/16/16/16/16/16/16/16/8K7 w - - 0 1")
    assert {m for m in texts(JOCLY, near, "i14") if m.endswith(("16=F", "16"))} == \
        {"i14-h16=F", "i14-j16=F"}
    # the Jocly Buffoon double-steps and can be taken en passant for it
    buff = JOCLY.parse_position("k15/16/16/16/16/16/16/16/16/16/16/16/16/4I11/16/8K7 w - - 0 1")
    assert "e3-e5" in texts(JOCLY, buff, "e3")
    assert "e3-e5" not in texts(RULES, RULES.parse_position(
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/4I11/16/8K7 w - - 0 1"), "e3")


def test_stalemate_is_a_draw_and_mate_a_win() -> None:
    stale = RULES.parse_position("k15/16/1Q14/16/16/16/16/16/16/16/16/16/16/16/16/8K7 b - - 0 1")
    out = RULES.outcome(stale)
    assert out is not None and out.winner is None and "stalemate" in out.reason
    mate = RULES.parse_position("k15/1Q14/2K13/16/16/16/16/16/16/16/16/16/16/16/16/16 b - - 0 1")
    out = RULES.outcome(mate)
    assert out is not None and out.winner == 0 and "checkmate" in out.reason
    assert RULES.legal_moves(mate) == []
    assert RULES.check(mate, RULES.legal_moves(RULES.initial_state())[0]) == "the game is over"


def test_threefold_repetition_is_a_draw() -> None:
    state = RULES.initial_state()
    seen = 1
    for text in ["d3-c5", "d14-c12", "c5-d3", "c12-d14"] * 2:
        assert RULES.outcome(state) is None
        state = RULES.play(state, RULES.parse_move(state, text))
    seen += 2
    assert state.key() == RULES.initial_state().key() and seen == 3
    out = RULES.outcome(state)
    assert out is not None and out.winner is None and "three times" in out.reason
    assert RULES.legal_moves(state) == []


def test_the_optional_n_move_rule() -> None:
    fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1R6K7 w - - 99 80"
    assert RULES.outcome(RULES.parse_position(fen)) is None
    fifty = make_rules(options={"move_rule": 50})
    state = fifty.parse_position(fen)
    assert fifty.outcome(state) is None
    state = fifty.play(state, fifty.parse_move(state, "b1-b2"))
    out = fifty.outcome(state)
    assert out is not None and out.winner is None and "50 moves" in out.reason
    pawn = fifty.parse_position(fen.replace("1R6K7", "1P6K7"))
    assert fifty.play(pawn, fifty.parse_move(pawn, "b1-b2")).halfmove == 0


def test_notation_and_position_round_trips_and_errors() -> None:
    state = RULES.parse_position(PROMO)
    for rules, s in ((RULES, RULES.initial_state()), (RULES, state),
                     (JOCLY, JOCLY.parse_position(PROMO_J))):
        for m in rules.legal_moves(s):
            assert rules.parse_move(s, rules.to_notation(s, m)) == m
        assert rules.position_text(rules.parse_position(rules.position_text(s))) == \
            rules.position_text(s)
    start = RULES.initial_state()
    five_fields = START_FEN.replace(" w - - 0 1", " w - 0 1")
    assert RULES.parse_position(five_fields) == start
    with pytest.raises(IllegalMove, match="cannot move from h4 to h9"):
        RULES.parse_move(start, "h4-h9")
    with pytest.raises(IllegalMove, match="cannot read"):
        RULES.parse_move(start, "hello")
    with pytest.raises(IllegalMove, match="off the 16x16 board"):
        RULES.parse_move(start, "h4-h17")
    with pytest.raises(IllegalMove, match="not yours"):
        RULES.parse_move(start, "h13-h12")
    with pytest.raises(IllegalMove, match="no piece on h8"):
        RULES.parse_move(start, "h8-h9")
    for bad, why in [("16/16 w - - 0 1", "2 ranks"),
                     (START_FEN.replace("gjwt", "gjwy"), "not a piece letter"),
                     (START_FEN.replace(" w ", " x "), "w or b"),
                     (KING_ONLY.replace("k15", "16") + " w - - 0 1", "Black has no King"),
                     (START_FEN.replace("w - - 0 1", "w - e12 0 1"), "en-passant"),
                     ("k6P8" + KING_ONLY[3:] + " w - - 0 1", "must promote")]:
        with pytest.raises(BadPosition, match=why):
            RULES.parse_position(bad)


@pytest.mark.parametrize("seed", range(3))
def test_random_play_keeps_its_invariants(seed: int) -> None:
    rng = random.Random(100 + seed)
    for rules in (RULES, JOCLY):
        state = rules.initial_state()
        eng = rules.engine
        for _ in range(150):
            moves = rules.legal_moves(state)
            if not moves:
                break
            m = moves[rng.randrange(len(moves))]
            before = Counter(v for v in state.board if v)
            mover = state.to_move
            after = rules.play(state, m)
            pos = eng.position(after)
            assert not any(eng.attacked(after.board, r, 1 - mover) for r in pos.royals[mover])
            now = Counter(v for v in after.board if v)
            expected = before.copy()
            for c in m.captures:
                expected[state.board[c]] -= 1
            if m.promo is not None:
                expected[state.board[m.frm]] -= 1
                expected[eng.code(m.promo, mover)] += 1
            assert +expected == now
            assert rules.invariants(after) == []
            state = after


@pytest.mark.parametrize("rules", [RULES, JOCLY], ids=("unicorn", "jocly"))
def test_a_double_step_that_promotes_reads_back_with_its_en_passant_square(
        rules: Fairy16Rules) -> None:
    # A Black Pawn double-steps from rank 3 onto rank 1 and promotes there: the square it
    # passed is still the en-passant square, and the text must read back to the same position.
    state = rules.parse_position("k15/16/16/16/16/16/16/16/16/16/16/16/16/p15/16/15K b - - 0 1")
    after = rules.play(state, rules.parse_move(state, "a3-a1=" + ("A" if rules is RULES else "Q")))
    text = rules.position_text(after)
    assert " a2 " in text
    again = rules.parse_position(text)
    assert again.key() == after.key() and rules.position_text(again) == text
