"""The piece engine on a tiny shogi-like table: the Tai Shogi atoms before Tai Shogi exists.

Lion (double capture, igui, pass, no duplicates), hook movers, Lion lines of reach 2 and 3,
the universal leaper's protection test, the end by capture of every royal, promotion by
capture (once), and the half-turn orientation.
"""

from __future__ import annotations

import pytest

from game.pieces.atoms import (
    DIAGONAL,
    ORTHOGONAL,
    Leap,
    Lion,
    LionLine,
    Slide,
    Universal,
    W,
    hook,
)
from game.pieces.engine import Engine
from game.pieces.geometry import ALL_DIRECTIONS, board
from game.pieces.kinds import GameSpec, PieceKind, Promotion
from game.pieces.position import Position
from game.pieces.rules import PieceRules
from game.pieces.state import Move, State

GOLD_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1))
KINDS = (
    PieceKind("king", "K", "Prince", (Leap(ALL_DIRECTIONS),), royal=True),
    PieceKind("emperor", "E", "Emperor", (Universal(),), royal=True),
    PieceKind("lion", "L", "Lion", (Lion(),)),
    PieceKind("hook", "H", "Hook Mover", (hook(ORTHOGONAL),)),
    PieceKind("capricorn", "C", "Capricorn", (hook(DIAGONAL),)),
    PieceKind("falcon", "F", "Horned Falcon",
              (Slide(tuple(d for d in ALL_DIRECTIONS if d != (0, 1))), LionLine(((0, 1),), 2))),
    PieceKind("dog", "D", "Lion Dog", (LionLine(ALL_DIRECTIONS, 3),)),
    PieceKind("pawn", "P", "Pawn", (Leap(((0, 1),)),), promotion=Promotion(("gold",), when="capture")),
    PieceKind("gold", "G", "Gold", (Leap(GOLD_STEPS),),
              promotion=Promotion(("rook",), when="capture")),
    PieceKind("rook", "R", "Rook", (Slide(ORTHOGONAL),)),
    PieceKind("stone", "S", "Stone", (W("move"),)),
)
SPEC = GameSpec(7, 7, KINDS, orientation="rotate", legality="royals", repetition=0)
LITERAL = GameSpec(7, 7, KINDS, orientation="rotate", legality="royals", repetition=0,
                   emperor_literal=True)
GEO = board(7)
ENGINE = Engine(SPEC)


def sq(name: str) -> int:
    return GEO.parse(name)


def state(pieces: dict[str, tuple[str, int]], to_move: int = 0, spec: GameSpec = SPEC) -> State:
    eng = Engine(spec)
    cells = [0] * GEO.size
    for name, (kid, side) in pieces.items():
        cells[sq(name)] = eng.code(kid, side)
    return State(tuple(cells), to_move)


def moves_of(s: State, frm: str, spec: GameSpec = SPEC) -> list[Move]:
    eng = ENGINE if spec is SPEC else Engine(spec)
    return [m for m in eng.legal(eng.position(s)) if m.frm == sq(frm)]


def test_lion_alone_has_24_squares_and_one_pass() -> None:
    ms = moves_of(state({"d4": ("lion", 0)}), "d4")
    assert len({m.to for m in ms if m.to != sq("d4")}) == 24
    passes = [m for m in ms if m.to == sq("d4")]
    assert len(passes) == 1 and passes[0].captures == () and len(passes[0].via) == 1
    assert len(ms) == 25


def test_lion_double_capture_igui_and_no_duplicates() -> None:
    s = state({"d4": ("lion", 0), "d5": ("stone", 1), "d6": ("stone", 1), "e5": ("stone", 0)})
    ms = moves_of(s, "d4")
    keys = [(m.to, m.captures) for m in ms]
    assert len(keys) == len(set(keys))
    d4, d5, d6, e5 = sq("d4"), sq("d5"), sq("d6"), sq("e5")
    assert (d4, (d5,)) in keys                       # igui: capture without moving
    assert (d6, (d5, d6)) in keys                    # capture on d5, then on d6
    assert (d6, (d6,)) in keys                       # jump straight to d6
    assert (sq("c6"), (d5,)) in keys                 # capture d5, step on to empty c6
    assert (e5, (d5, e5)) not in keys and all(m.to != e5 for m in ms)  # own piece
    assert sum(1 for m in ms if m.to == d4 and not m.captures) == 1    # one pass
    igui = next(m for m in ms if m.to == d4 and m.captures)
    after = ENGINE.after(s, igui)
    assert after.board[d4] == s.board[d4] and after.board[d5] == 0


def test_hook_mover_reaches_everything_and_turns_only_on_empty_squares() -> None:
    ms = moves_of(state({"d4": ("hook", 0)}), "d4")
    assert {m.to for m in ms} == set(range(GEO.size)) - {sq("d4")}
    assert len(ms) == GEO.size - 1
    boxed = state({"a1": ("hook", 0), "a2": ("stone", 0), "b1": ("stone", 0)})
    assert moves_of(boxed, "a1") == []
    s = state({"a1": ("hook", 0), "a2": ("stone", 0), "d1": ("stone", 1)})
    targets = {m.to for m in moves_of(s, "a1")}
    assert sq("d1") in targets and sq("e1") not in targets and sq("d5") not in targets
    assert sq("b5") in targets and sq("a5") not in targets  # b1 up to b5; no third leg
    # a hook attacks round its corner
    assert ENGINE.attacked(s.board, sq("c5"), 0) and not ENGINE.attacked(s.board, sq("a5"), 0)
    assert not ENGINE.attacked(s.board, sq("e1"), 0)


def test_capricorn_keeps_its_colour() -> None:
    ms = moves_of(state({"d4": ("capricorn", 0)}), "d4")
    colour = (3 + 3) % 2
    assert ms and all((GEO.file_of(m.to) + GEO.rank_of(m.to)) % 2 == colour for m in ms)
    assert len({m.to for m in ms}) == 24  # every other square of its colour


def test_horned_falcon_lion_line_forward_and_slides_elsewhere() -> None:
    s = state({"d4": ("falcon", 0), "d5": ("stone", 1), "d6": ("stone", 1), "d2": ("stone", 1)})
    keys = {(m.to, m.captures) for m in moves_of(s, "d4")}
    d4, d5, d6 = sq("d4"), sq("d5"), sq("d6")
    assert {(d5, (d5,)), (d4, (d5,)), (d6, (d6,)), (d6, (d5, d6))} <= keys
    assert (sq("d7"), ()) not in keys                  # reach 2 only
    assert (sq("d2"), (sq("d2"),)) in keys and (sq("d1"), ()) not in keys  # a plain slide back
    assert (sq("a4"), ()) in keys and (sq("g7"), ()) in keys
    open_ = state({"d4": ("falcon", 0)})
    assert sum(1 for m in moves_of(open_, "d4") if m.to == d4) == 1  # the pass
    # side 1 plays the half-turned piece: its Lion line points down
    black = state({"d4": ("falcon", 1), "d3": ("stone", 0)}, to_move=1)
    keys = {(m.to, m.captures) for m in moves_of(black, "d4")}
    assert (sq("d4"), (sq("d3"),)) in keys and (sq("d2"), (sq("d3"),)) in keys


def test_lion_dog_reach_three() -> None:
    s = state({"a1": ("dog", 0), "a2": ("stone", 1), "a3": ("stone", 1), "b2": ("stone", 0)})
    keys = {(m.to, m.captures) for m in moves_of(s, "a1")}
    a2, a3, a4 = sq("a2"), sq("a3"), sq("a4")
    assert {(a4, ()), (a4, (a2,)), (a4, (a3,)), (a4, (a2, a3)), (a3, (a3,)), (a3, (a2, a3)),
            (a2, (a2,))} <= keys
    assert (sq("c3"), ()) in keys and (sq("d4"), ()) in keys and (sq("e5"), ()) not in keys
    back = state({"a1": ("dog", 0), "a3": ("stone", 1)})
    assert (sq("a2"), (a3,)) in {(m.to, m.captures) for m in moves_of(back, "a1")}


def test_universal_leaper_captures_only_unprotected_pieces() -> None:
    pieces = {"a1": ("emperor", 0), "g7": ("emperor", 1), "d4": ("stone", 1),
              "f6": ("stone", 1), "f5": ("rook", 1), "b6": ("rook", 0)}
    s = state(pieces)
    targets = {m.to for m in moves_of(s, "a1")}
    assert sq("a1") not in targets
    assert sq("f6") not in targets            # guarded by the rook on f5
    assert sq("d4") not in targets            # unguarded, but nothing of ours guards it
    assert sq("c3") in targets                # empty squares: anywhere
    pieces["d6"] = ("stone", 1)
    s = state(pieces)
    assert sq("d6") in {m.to for m in moves_of(s, "a1")}  # our rook on b6 guards d6
    assert sq("d6") not in {m.to for m in moves_of(state(pieces, spec=LITERAL), "a1",
                                                   LITERAL)}
    no_emperor = dict(pieces)
    del no_emperor["g7"]
    no_emperor["g7"] = ("king", 1)
    assert sq("d4") in {m.to for m in moves_of(state(no_emperor), "a1")}


def test_capturing_every_royal_ends_the_game_without_check() -> None:
    s = state({"a1": ("king", 0), "a2": ("rook", 1), "g7": ("king", 1), "g1": ("rook", 0)})
    rules = PieceRules("tiny", "standard", {}, SPEC, s)
    assert rules.outcome(s) is None
    # no check rule: the King may stay attacked, any move is legal
    assert len(rules.legal_moves(s)) == len(ENGINE.pseudo(ENGINE.position(s)))
    take = next(m for m in rules.legal_moves(s) if m.to == sq("g7"))
    after = rules.play(s, take)
    out = rules.outcome(after)
    assert out is not None and out.winner == 0
    assert rules.legal_moves(after) == []
    assert rules.perft(s, 2) == sum(0 if m.to == sq("g7") else
                                    len(rules.legal_moves(rules.play(s, m)))
                                    for m in rules.legal_moves(s))


def test_promotion_by_capture_happens_once() -> None:
    s = state({"d4": ("pawn", 0), "d5": ("stone", 1), "a1": ("gold", 0), "a2": ("stone", 1)})
    ms = moves_of(s, "d4")
    assert [(m.to, m.promo) for m in ms] == [(sq("d5"), "gold")]  # compulsory
    quiet = moves_of(state({"d4": ("pawn", 0)}), "d4")
    assert [(m.to, m.promo) for m in quiet] == [(sq("d5"), None)]
    after = ENGINE.after(s, ms[0])
    assert after.board[sq("d5")] & 2  # marked promoted
    assert ENGINE.kind_of(after.board[sq("d5")]).id == "gold"
    # an original Gold promotes on capture, a promoted one does not
    assert {m.promo for m in moves_of(s, "a1") if m.captures} == {"rook"}
    again = ENGINE.position(after)
    again.side = 0
    again.board[sq("d6")] = ENGINE.code("stone", 1)
    again.pieces[1].add(sq("d6"))
    caps = [m for m in ENGINE.legal(again) if m.frm == sq("d5") and m.captures]
    assert caps and all(m.promo is None for m in caps)


def test_a_position_knows_its_royals_through_make_and_unmake() -> None:
    s = state({"a1": ("king", 0), "a3": ("rook", 1), "g7": ("king", 1)}, to_move=1)
    pos: Position = ENGINE.position(s)
    take = next(m for m in ENGINE.legal(pos) if m.to == sq("a1"))
    undo = ENGINE.make(pos, take)
    assert pos.royals == [[], [sq("g7")]]
    ENGINE.unmake(pos, undo)
    assert pos.royals == [[sq("a1")], [sq("g7")]] and pos.board == list(s.board)


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="lame leap must be straight"):
        Leap(((1, 2),), lame=True)
    with pytest.raises(ValueError, match="unknown kind"):
        Engine(GameSpec(5, 5, (PieceKind("p", "P", "P", (W(),), promotion=Promotion(("x",))),)))
    with pytest.raises(ValueError, match="1 to 25"):
        board(26)


def test_promotion_by_touching_the_zone_is_optional_when_asked() -> None:
    kinds = (PieceKind("king", "K", "King", (Leap(ALL_DIRECTIONS),), royal=True),
             PieceKind("silver", "S", "Silver", (Leap(((0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1))),),
                       promotion=Promotion(("gold",), optional=True, when="touch", zone=2)),
             PieceKind("gold", "G", "Gold", (Leap(GOLD_STEPS),)))
    spec = GameSpec(7, 7, kinds, orientation="rotate")
    eng = Engine(spec)
    cells = [0] * 49
    cells[sq("a1")] = eng.code("king", 0)
    cells[sq("g1")] = eng.code("king", 1)
    cells[sq("d6")] = eng.code("silver", 0)   # inside the zone (ranks 6-7 for side 0)
    cells[sq("d4")] = eng.code("silver", 1)   # side 1's zone is ranks 1-2
    s = State(tuple(cells), 0)
    got = {(m.to, m.promo) for m in eng.legal(eng.position(s)) if m.frm == sq("d6")}
    # leaving the zone (d6 -> c5) still promotes, optionally
    assert {(sq("c5"), None), (sq("c5"), "gold"), (sq("d7"), None), (sq("d7"), "gold")} <= got
    black = State(tuple(cells), 1)
    got = {(m.to, m.promo) for m in eng.legal(eng.position(black)) if m.frm == sq("d4")}
    assert (sq("d3"), None) in got and (sq("d3"), "gold") not in got  # rank 3: outside
    assert (sq("c5"), None) in got  # a half-turned Silver steps back up the board


# -- the three Tai Shogi options the engine says as data -----------------------------------

def _spec_with(*extra: PieceKind, emperor: str = "refined", pawn: Promotion | None = None
               ) -> GameSpec:
    kinds = []
    for k in KINDS:
        if k.id == "emperor":
            k = PieceKind("emperor", "E", "Emperor", (Universal(emperor),), royal=True)  # type: ignore[arg-type]
        if k.id == "pawn" and pawn is not None:
            k = PieceKind("pawn", "P", "Pawn", k.atoms, promotion=pawn)
        kinds.append(k)
    return GameSpec(7, 7, (*kinds, *extra), orientation="rotate", legality="royals",
                    repetition=0)


def test_optional_promotion_forced_when_a_promoted_piece_is_taken() -> None:
    spec = _spec_with(pawn=Promotion(("gold",), optional=True, when="capture",
                                     forced_when="captures_promoted"))
    eng = Engine(spec)
    cells = [0] * GEO.size
    cells[sq("d4")] = eng.code("pawn", 0)
    cells[sq("d5")] = eng.code("stone", 1)
    s = State(tuple(cells), 0)
    assert sorted((m.to, str(m.promo)) for m in moves_of(s, "d4", spec)) == \
        [(sq("d5"), "None"), (sq("d5"), "gold")]          # plain victim: the mover's choice
    cells[sq("d5")] = eng.code("stone", 1, promoted=True)
    s = State(tuple(cells), 0)
    assert [(m.to, m.promo) for m in moves_of(s, "d4", spec)] == [(sq("d5"), "gold")]  # forced
    cells[sq("d5")] = 0
    quiet = State(tuple(cells), 0)
    assert [(m.to, m.promo) for m in moves_of(quiet, "d4", spec)] == [(sq("d5"), None)]


def test_taking_a_deva_turns_the_capturer_and_unmake_restores_it() -> None:
    deva = PieceKind("deva", "V", "Deva", (W(),), capturer_becomes="lion")
    spec = _spec_with(deva)
    eng = Engine(spec)
    s = state({"d4": ("rook", 0), "d6": ("deva", 1), "a1": ("king", 0), "a2": ("deva", 1),
               "g7": ("king", 1)}, spec=spec)
    pos = eng.position(s)
    take = next(m for m in eng.legal(pos) if m.frm == sq("d4") and m.to == sq("d6"))
    after = eng.after(s, take)
    assert after.board[sq("d6")] == eng.code("lion", 0, promoted=True)
    undo = eng.make(pos, take)
    assert pos.board[sq("d6")] == eng.code("lion", 0, promoted=True)
    eng.unmake(pos, undo)
    assert pos.board == list(s.board)
    royal_take = next(m for m in eng.legal(pos) if m.frm == sq("a1") and m.to == sq("a2"))
    assert eng.after(s, royal_take).board[sq("a2")] == eng.code("king", 0)  # royals stay
    with pytest.raises(ValueError, match="capturer becomes unknown kind"):
        Engine(_spec_with(PieceKind("x", "X", "X", (W(),), capturer_becomes="nothing")))


@pytest.mark.parametrize(("reading", "guarded", "unguarded", "second"),
                         [("refined", True, False, True), ("literal", False, False, False),
                          ("ludii", True, True, True)])
def test_the_readings_of_the_universal_leapers_protection(reading: str, guarded: bool,
                                                          unguarded: bool, second: bool) -> None:
    spec = _spec_with(emperor=reading)
    # White's stone on d5 is guarded only by White's Emperor (g7); a Black rook guards d5
    base = {"a1": ("emperor", 0), "g7": ("emperor", 1), "d5": ("stone", 1)}

    def can_take(pieces: dict[str, tuple[str, int]]) -> bool:
        return any(m.to == sq("d5") for m in moves_of(state(pieces, spec=spec), "a1", spec))

    assert can_take({**base, "d1": ("rook", 0)}) is guarded
    assert can_take(base) is unguarded
    assert can_take({**base, "b1": ("emperor", 0)}) is second  # our other leaper guards
    # a square an ordinary enemy piece attacks is never taken, whatever the reading
    assert not can_take({**base, "d1": ("rook", 0), "d7": ("rook", 1)})
    with pytest.raises(ValueError, match="unknown universal protection"):
        Universal("loose")  # type: ignore[arg-type]
