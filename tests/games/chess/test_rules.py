"""Chess rules on the shared engine: castling, en passant, promotion, the draws, the texts, the
entry and the computer player."""

from __future__ import annotations

import random
import time

import pytest

from game import registry
from game.engine.protocol import BadPosition, IllegalMove
from game.games.chess import ai
from game.games.chess import help as chelp
from game.games.chess.rules import make_rules
from game.pieces.atoms import Leap
from game.pieces.state import CASTLE, EN_PASSANT

RULES = make_rules()
GEO = RULES.engine.geo


def sq(name: str) -> int:
    return GEO.parse(name)


def texts(fen: str, frm: str | None = None) -> set[str]:
    state = RULES.parse_position(fen)
    return {RULES.to_notation(state, m) for m in RULES.legal_moves(state)
            if frm is None or m.frm == sq(frm)}


def play(fen: str, *moves: str):
    state = RULES.parse_position(fen)
    for text in moves:
        state = RULES.play(state, RULES.parse_move(state, text))
    return state


CASTLES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def test_both_castlings_move_the_rook() -> None:
    assert {"e1-g1", "e1-c1"} <= texts(CASTLES, "e1")
    short = play(CASTLES, "e1-g1")
    assert RULES.position_text(short) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    long = play(CASTLES, "e1-c1", "e8-g8")
    assert RULES.position_text(long) == "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2"
    # the Rook on d1 now watches d8: Black may not cross it
    assert "e8-c8" not in texts("r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", "e8")
    move = RULES.parse_move(RULES.parse_position(CASTLES), "e1-g1")
    assert move.flag == CASTLE


@pytest.mark.parametrize(("fen", "barred"), [
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", set()),
    ("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", {"e1-g1", "e1-c1"}),  # pieces between
    ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", {"e1-g1"}),  # f2 watches f1
    ("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", {"e1-g1", "e1-c1"}),  # no rights
    ("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1", {"e1-g1"}),
    ("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1", {"e1-c1"}),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1", set()),
    ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", set()),
    ("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", {"e1-g1", "e1-c1"}),  # in check
    ("4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1", {"e1-g1"}),  # f1 crossed under attack
    ("4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", {"e1-g1"}),  # g1 reached under attack
    ("4k3/8/8/8/3r4/8/8/R3K2R w KQ - 0 1", {"e1-c1"}),
    ("4k3/8/8/8/1r6/8/8/R3K2R w KQ - 0 1", set()),  # b1 attacked: the King does not cross it
])
def test_castling_conditions(fen: str, barred: set[str]) -> None:
    state = RULES.parse_position(fen)
    castles = {RULES.to_notation(state, m) for m in RULES.legal_moves(state)
               if m.flag == CASTLE}
    allowed = {"e1-g1", "e1-c1"} - barred
    if state.castling & 0b0001 == 0:
        allowed.discard("e1-g1")
    if state.castling & 0b0100 == 0:
        allowed.discard("e1-c1")
    assert castles == allowed


def test_rights_are_lost_by_moving_and_by_losing_the_rook() -> None:
    assert play(CASTLES, "h1-h2").castling == RULES.parse_position(
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1").castling
    assert RULES.position_text(play(CASTLES, "e1-e2", "e8-d8")).split()[2] == "-"
    taken = play(CASTLES, "a1xa8")  # White's Rook takes Black's: both queen-side rights go
    assert RULES.position_text(taken).split()[2] == "Kk"
    # the Rook coming back home does not bring the right back
    back = play(CASTLES, "h1-h2", "a8-b8", "h2-h1", "b8-a8")
    assert "e1-g1" not in {RULES.to_notation(back, m) for m in RULES.legal_moves(back)}


def test_castling_rights_in_the_fen_are_checked() -> None:
    with pytest.raises(BadPosition, match="not on e1 and h1"):
        RULES.parse_position("r3k2r/8/8/8/8/8/8/R3K1R1 w K - 0 1")
    with pytest.raises(BadPosition, match="not a castling right"):
        RULES.parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1")
    with pytest.raises(BadPosition, match="twice"):
        RULES.parse_position("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1")
    # the five-field shape of the engine's other games: no rights
    assert RULES.parse_position("4k3/8/8/8/8/8/8/R3K2R w - 0 1").castling == 0


def test_fairy_chess_keeps_its_castling_field() -> None:
    fairy = registry.get("fairy16").make_rules()
    start = fairy.initial_state()
    assert fairy.position_text(start).split()[2] == "-"
    with pytest.raises(BadPosition, match="no castling"):
        fairy.parse_position(fairy.position_text(start).replace(" w - ", " w KQ ", 1))


def test_pawn_double_step_only_from_its_first_rank_and_en_passant() -> None:
    assert texts("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3") == {"e3-e4"}
    assert texts("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2") == {"e2-e3", "e2-e4"}
    assert texts("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1", "e7") == {"e7-e6", "e7-e5"}
    state = play("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7-d5")
    assert RULES.position_text(state).split()[3] == "d6"
    ep = [m for m in RULES.legal_moves(state) if m.flag == EN_PASSANT]
    assert [RULES.to_notation(state, m) for m in ep] == ["e5xd6 e.p."]
    with pytest.raises(ValueError, match="non-capturing"):
        Leap(((1, 1),), "capture", from_ranks=(1,))


def test_promotion_offers_the_four_pieces() -> None:
    assert texts("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7") == {
        "e7-e8=Q", "e7-e8=R", "e7-e8=B", "e7-e8=N"}
    with pytest.raises(IllegalMove, match="must promote"):
        RULES.parse_move(RULES.parse_position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), "e7-e8")


@pytest.mark.parametrize(("fen", "dead"), [
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", True),
    ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", True),
    ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", True),
    ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", True),  # both Bishops on light squares
    ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", False),  # one light, one dark
    ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", False),
    ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", False),
    ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", False),
    ("4k3/8/8/8/8/8/8/4KR2 w - - 0 1", False),
])
def test_insufficient_material(fen: str, dead: bool) -> None:
    state = RULES.parse_position(fen)
    outcome = RULES.outcome(state)
    assert (outcome is not None and outcome.winner is None) == dead
    assert (RULES.legal_moves(state) == []) == dead


def test_mate_stalemate_and_the_fifty_moves() -> None:
    mate = play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "f2-f3", "e7-e5", "g2-g4", "d8-h4")
    outcome = RULES.outcome(mate)
    assert outcome is not None and outcome.winner == 1 and "checkmate" in outcome.reason
    stale = RULES.outcome(RULES.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
    assert stale is not None and stale.winner is None and "stalemate" in stale.reason
    fifty = RULES.outcome(RULES.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"))
    assert fifty is not None and fifty.winner is None and "50" in fifty.reason
    assert RULES.outcome(RULES.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")) is None


def test_threefold_repetition() -> None:
    start = RULES.initial_state()
    knights = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"]
    state = start
    for text in knights * 2:
        assert RULES.outcome(state) is None
        state = RULES.play(state, RULES.parse_move(state, text))
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winner is None


def test_repetition_counts_the_en_passant_square_only_while_a_capture_onto_it_is_legal() -> None:
    """The Laws call two positions the same when the same moves are possible. After 1.e4 no
    Black Pawn can take en passant, so the position after 1.e4 comes back when the Knights
    go out and home again, and its third time is a draw."""
    state = RULES.play(RULES.initial_state(), RULES.parse_move(RULES.initial_state(), "e2-e4"))
    for text in ["g8-f6", "g1-f3", "f6-g8", "f3-g1"] * 2:
        assert RULES.outcome(state) is None
        state = RULES.play(state, RULES.parse_move(state, text))
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winner is None and "three times" in outcome.reason


def test_a_position_where_en_passant_is_possible_differs_from_the_same_men_later() -> None:
    """After ...d7-d5 with a White Pawn on e5, e5xd6 is possible: that position is not the
    one the Knights come back to. Its men come back twice with White to move and no draw;
    the draw comes one move later, at the third time of the position after g1-f3."""
    state = RULES.initial_state()
    for text in ("e2-e4", "a7-a6", "e4-e5", "d7-d5"):
        state = RULES.play(state, RULES.parse_move(state, text))
    assert RULES.engine.ep_capture_legal(state)
    knights = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"]
    for text in knights * 2:
        assert RULES.outcome(state) is None
        state = RULES.play(state, RULES.parse_move(state, text))
    assert RULES.outcome(state) is None
    state = RULES.play(state, RULES.parse_move(state, "g1-f3"))
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winner is None


def test_a_pinned_pawn_makes_no_en_passant_square() -> None:
    """En passant counts only when legal: d4xe3 would take both Pawns off the fourth rank and
    open it from the Rook on h4 to the Black King on a4."""
    state = RULES.parse_position("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1")
    after = RULES.play(state, RULES.parse_move(state, "e2-e4"))
    assert after.ep >= 0  # written in the FEN, as python-chess writes it with en_passant="fen"
    assert not RULES.engine.ep_capture_legal(after)


def test_entry_is_listed_last_with_both_modes() -> None:
    games = registry.playable()
    assert list(games)[-1] == "chess"
    entry = games["chess"]
    assert entry.kind == "match" and entry.ai_levels == ai.LEVELS
    assert entry.default_level == ai.DEFAULT_LEVEL
    assert entry.think_time("default") <= 1.0
    rules = entry.make_rules()
    assert rules.perft(rules.initial_state(), 2) == 400


def test_help_sections_have_their_pictures() -> None:
    headings = {heading for heading, _body in chelp.HELP}
    assert set(chelp.DIAGRAMS) <= headings
    for picture in chelp.DIAGRAMS.values():
        if not picture.startswith("pieces:"):
            RULES.parse_position(picture)


def test_the_computer_takes_a_mate_in_one_within_its_time() -> None:
    state = RULES.parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    player = ai.make_ai(RULES, "default")
    started = time.perf_counter()
    move = player.choose(state, seconds=0.9, rng=random.Random(1))
    assert time.perf_counter() - started < 2.0
    assert RULES.to_notation(state, move) == "a1-a8"
    easy = ai.make_ai(RULES, "easy").choose(state, seconds=0.4, rng=random.Random(1))
    assert RULES.to_notation(state, easy) == "a1-a8"
