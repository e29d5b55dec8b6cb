"""The piece games' computer (the fairy chess player) on chess: a capture that loses material
once the recaptures are played out is not played, even when the search is cut short."""

from __future__ import annotations

import random

import pytest

from game import registry

# d5 is protected by c6: Rook takes Pawn, Pawn takes Rook, Queen takes back loses 3 Pawns' worth.
PROTECTED = "4k3/8/2p5/3p4/8/8/3R4/3QK3 w - - 0 1"


@pytest.mark.parametrize("level", ["easy", "default", "strong"])
def test_no_level_takes_a_protected_pawn_with_its_rook(level: str) -> None:
    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    state = rules.parse_position(PROTECTED)
    for seed in range(3):
        player = entry.make_ai(rules, level)
        # so little time that the search ends a ply after its own capture
        move = player.choose(state, seconds=0.01, rng=random.Random(seed))
        assert rules.to_notation(state, move) != "d2xd5"


def test_a_free_rook_is_still_taken() -> None:
    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    state = rules.parse_position("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1")
    move = entry.make_ai(rules, "default").choose(state, seconds=0.05, rng=random.Random(1))
    assert rules.to_notation(state, move) == "d1xd5"


#: Published bad-exchange positions (data/tactics/chess-badx.json) where the easy level, one
#: ply deep, played a quiet move that left a man to be taken: f2-f5 (003), g8-f8 (041), g4-e6
#: (059), before it judged its candidates' exchanges.
HANGING = ["r1b1k2r/pppp1ppp/8/2B5/8/P6q/1P1K1R2/8 w kq - 0 22",
           "rnb3r1/p2p3p/2pQpk2/Rp2Np1p/3P4/8/2P1PPPP/4KBR1 b - - 6 18",
           "2k2b1N/3p2pp/8/4P3/1p4B1/8/1PP2PPP/2Q1K1R1 w - - 1 18"]


@pytest.mark.parametrize("text", HANGING)
def test_the_easy_level_leaves_no_man_to_be_taken(text: str) -> None:
    from tools import tactics
    from tools.tactic_games import ADAPTERS

    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    turns = ADAPTERS["chess"](rules)
    state = rules.parse_position(text)
    for seed in range(6):  # before, seed 0 left a man to be taken in each of the three
        move = entry.make_ai(rules, "easy").choose(state, seconds=0.4, rng=random.Random(seed))
        assert tactics.solves_material(turns, "badx", state, move), (
            seed, rules.to_notation(state, move))


def _line(rules, state, texts):  # type: ignore[no-untyped-def]
    line, s = [], state
    for text in texts:
        move = rules.parse_move(s, text)
        line.append(move)
        s = rules.engine.after(s, move)
    return line


@pytest.mark.parametrize(("text", "line", "kept"), [
    ("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", ["e1-e2"], False),  # a Rook for nothing
    ("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", ["e1-e2"], True),  # a Pawn a Pawn retakes
    ("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", ["e1-e2"], True),  # a Pawn alone: less than two
    # the search's line forks King and Queen: worth more than the free Rook
    ("q3k3/8/8/1N6/7r/8/5B2/4K3 w - - 0 1", ["b5-c7", "e8-d7", "c7xa8"], True),
    # the same move with a line that stops at once: the Rook is surer
    ("q3k3/8/8/1N6/7r/8/5B2/4K3 w - - 0 1", ["b5-c7"], False),
    # the free Rook on d5 takes White's Rook off the first rank: Re8-e1 mates
    ("4r1k1/5ppp/8/3r4/8/8/5PPP/3R2K1 w - - 0 1", ["h2-h3"], True),
])
def test_the_search_move_gives_way_to_a_capture_that_wins_clearly_more(
        text: str, line: list[str], kept: bool) -> None:
    # The search has no capture search at its leaves: a quiet move can look best because
    # of a capture at its last ply that is then taken back. What its move wins is read off
    # its line, with the captures at the end played out; a capture that wins two Pawns more
    # than that is played instead.
    import time

    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    state = rules.parse_position(text)
    player = entry.make_ai(rules, "default")
    moves = rules.legal_moves(state)
    deadline = time.perf_counter() + 60
    player._exchange_values = player.exchanges.capture_values(state, moves, deadline)
    searched = _line(rules, state, line)
    chosen = player._better_capture(state, searched[0], searched, moves, deadline)
    assert (chosen == searched[0]) == kept, rules.to_notation(state, chosen)
