"""The fast move generator: perft counts, §4.5's counting convention, and a naive referee."""

from __future__ import annotations

import random

import pytest

from game.games.abalone import bitboard
from game.games.abalone.rules import AbaloneState, make_rules
from tests.games.abalone import reference

# Depth 1–3 leaf counts. Depth 3 was cross-checked against two independent programs from
# PyPI (abalone-boai 1.0.0 and pyai-abalone 1.0.2's NumpyAbalone), which give the same numbers.
PERFT = {
    "standard": (44, 1936, 98912),
    "belgian-daisy": (52, 2692, 149322),
    "german-daisy": (80, 6244, 493480),
}


@pytest.mark.parametrize("variant", sorted(PERFT))
def test_perft_of_the_three_main_starts(variant: str) -> None:
    """Depths 1 and 2 here; depth 3 (and 4 of the standard start) are stored counts, recomputed
    in the slow step (tests/test_perft_reference.py), which must agree with these."""
    from tests.perft_reference import load

    rules = make_rules(variant, {})
    start = rules.initial_state()
    assert [rules.perft(start, d) for d in (1, 2)] == list(PERFT[variant][:2])
    assert load()["counts"][f"abalone/{variant}"][:3] == list(PERFT[variant])


def test_perft_depth_2_agrees_with_the_generic_recursion() -> None:
    rules = make_rules("belgian-daisy", {})
    s = rules.initial_state()
    generic = sum(len(rules.legal_moves(rules.play(s, m))) for m in rules.legal_moves(s))
    assert generic == rules.perft(s, 2) == 2692


def test_every_move_gives_a_different_position() -> None:
    """§4.5: the number of moves equals the number of distinct successor positions."""
    rng = random.Random(5)
    for variant in ("standard", "german-daisy", "snakes"):
        rules = make_rules(variant, {})
        s = rules.initial_state()
        for _ in range(30):
            moves = rules.legal_moves(s)
            assert len({rules.play(s, m).key() for m in moves}) == len(moves)
            assert len(set(moves)) == len(moves)
            s = rules.play(s, rng.choice(moves))


def _to_rd(mask: int) -> list[tuple[int, int]]:
    return [bitboard.row_number(c) for c in bitboard.bits(mask)]


def _reference_position(state: AbaloneState, geo: bitboard.Geometry) -> reference.Position:
    marbles = {c: "B" for c in _to_rd(state.black)}
    marbles.update({c: "W" for c in _to_rd(state.white)})
    marbles.update({c: "N" for c in _to_rd(state.pivot)})
    return reference.Position(marbles, set(_to_rd(geo.obstacles)), set(_to_rd(geo.holes)),
                              geo.pivot_ejectable, geo.triangles)


def _random_state(rng: random.Random, geo: bitboard.Geometry, with_pivot: bool) -> AbaloneState:
    free = [c for c in bitboard.CELLS if (geo.free_base >> c) & 1]
    rng.shuffle(free)
    nb, nw = rng.randint(6, 14), rng.randint(6, 14)
    black = sum(1 << c for c in free[:nb])
    white = sum(1 << c for c in free[nb:nb + nw])
    pivot = (1 << free[nb + nw]) if with_pivot else 0
    return AbaloneState(black, white, pivot, to_move=rng.randrange(2))


GEOMETRIES = {
    "plain": (bitboard.Geometry(), False),
    "obstacles": (bitboard.Geometry(obstacles=(1 << bitboard.CENTRE) | (1 << bitboard.index(3, 3))),
                  False),
    "holes": (bitboard.Geometry(holes=(1 << bitboard.CENTRE) | (1 << bitboard.index(7, 4))), False),
    "pivot": (bitboard.Geometry(), True),
    "pivot-ejectable": (bitboard.Geometry(pivot_ejectable=True, holes=1 << bitboard.index(6, 6)), True),
    "triangles": (bitboard.Geometry(triangles=True, obstacles=1 << bitboard.index(4, 6)), False),
}


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_generator_and_counter_agree_with_the_naive_referee(name: str) -> None:
    geo, with_pivot = GEOMETRIES[name]
    rng = random.Random(hash(name) % 1000)
    for _ in range(60):
        s = _random_state(rng, geo, with_pivot)
        me = s.to_move
        own, opp = s.marbles(me), s.marbles(1 - me)
        raws = bitboard.generate(own, opp, s.pivot, geo)
        assert bitboard.count_moves(own, opp, s.pivot, geo) == len(raws)
        expected = reference.moves(_reference_position(s, geo), "BW"[me])
        got = {}
        for raw in raws:
            o2, p2, n2, ej, ejp = bitboard.apply(own, opp, s.pivot, raw, geo)
            black, white = (o2, p2) if me == 0 else (p2, o2)
            kind = "BW"[1 - me] if ej else "N" if ejp else None
            got[(frozenset(_to_rd(raw[0])), raw[1])] = (
                frozenset(_to_rd(black)), frozenset(_to_rd(white)), frozenset(_to_rd(n2)), kind)
        assert got == expected
        threats = sum(1 for r in expected.values() if r[3] is not None and r[3] != "N")
        assert bitboard.ejection_threats(own, opp, s.pivot, geo) == threats


def test_generator_puts_ejections_first_then_pushes() -> None:
    rng = random.Random(11)
    geo = bitboard.Geometry()
    seen_eject = False
    for _ in range(200):
        s = _random_state(rng, geo, False)
        own, opp = s.marbles(0), s.marbles(1)
        raws = bitboard.generate(own, opp, 0, geo)
        classes = []
        for raw in raws:
            ej = bitboard.apply(own, opp, 0, raw, geo)[3]
            classes.append(0 if ej else 1 if raw[2] else 2)
        assert classes == sorted(classes)
        seen_eject |= 0 in classes
    assert seen_eject
