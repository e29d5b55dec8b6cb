"""One harness every registered game plugs into, and the test-only Nim and Towers besides.

Two-player games ("match"): seeded random games through a real Match, a few dozen plies each,
where every move drawn from legal_moves passes check, round-trips its notation and is accepted;
after each move an undo must give back the exact earlier position (so play never mutated it)
and a redo the later one; positions round-trip through their text; the outcome is consistent;
and the finished record survives save -> JSON -> load. Each AI level must answer with a legal
move. Puzzles get lighter checks: the entry, random play through the fuzz checks, and their
level files. A game appears here as soon as its entry.py is in the registry.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from game import registry
from game.engine.match import Match
from game.engine.protocol import ExplainsBestMove
from game.registry import GameEntry
from tests.engine.nim import ENTRY as NIM
from tests.engine.nim import NimRules, NimState
from tests.engine.towers import ENTRY as TOWERS
from tools import fuzz, validate_levels

GAMES = 3
PLY_CAP = 40
#: Puzzle plies are dearer (geometry) and their rules have their own deeper tests.
PUZZLE_GAMES, PUZZLE_PLY_CAP = 2, 20

_ENTRIES = list(registry.entries().values())
MATCHES = [NIM, *(e for e in _ENTRIES if e.kind == "match")]
PUZZLES = [TOWERS, *(e for e in _ENTRIES if e.kind == "puzzle")]


def by_id(entries: list[GameEntry]) -> Any:
    return pytest.mark.parametrize("entry", entries, ids=[e.id for e in entries])


def test_the_registry_lists_each_game_once() -> None:
    ids = [e.id for e in _ENTRIES]
    assert len(ids) == len(set(ids))
    assert set(ids) <= set(registry.GAME_PACKAGES)


def fingerprint(rules: Any, state: Any) -> tuple[Any, str]:
    return state.key(), rules.position_text(state)


def no_move_allowed(rules: Any, state: Any) -> bool:
    allows = getattr(rules, "allows_no_moves", None)
    return hasattr(rules, "advance") or bool(allows and allows(state))


def random_match(entry: GameEntry, seed: int) -> Match:
    """Play one random game through a Match, checking each step; return the match."""
    rng = random.Random(seed)
    m = Match(entry)
    rules = m.rules
    time_step = getattr(rules, "random_time_step", None)
    fuzz.check_position(rules, m.state)
    steps = 0
    while m.ply < PLY_CAP and steps < 4 * PLY_CAP:
        steps += 1
        if m.outcome is not None:
            assert m.outcome.winner in (None, 0, 1)
            break
        if time_step is not None and rng.random() < 0.5:
            m.advance(time_step(m.state, rng))
            continue
        state = m.state
        moves = list(rules.legal_moves(state))
        if not moves:
            assert no_move_allowed(rules, state), \
                f"no legal move without an outcome at ply {m.ply}: {rules.position_text(state)}"
            if time_step is None:
                break
            continue
        move = moves[rng.randrange(len(moves))]
        before = fingerprint(rules, state)
        fuzz.check_move(rules, state, move)
        m.play(move)
        after = fingerprint(rules, m.state)
        fuzz.check_position(rules, m.state)
        m.undo()
        assert fingerprint(rules, m.state) == before, "undo did not restore the position"
        assert m.redo()
        assert fingerprint(rules, m.state) == after
    return m


@by_id(MATCHES)
def test_random_games_through_a_match(entry: GameEntry) -> None:
    for seed in range(GAMES):
        m = random_match(entry, seed)
        data = json.loads(json.dumps(m.to_json()))
        back = Match.from_json(data, entry if entry is NIM else registry.get)
        assert back.notation == m.notation
        assert fingerprint(back.rules, back.state) == fingerprint(m.rules, m.state)
        assert back.outcome == m.outcome


@by_id(MATCHES)
def test_entry_is_complete(entry: GameEntry) -> None:
    assert entry.ai and entry.evaluate, "a two-player game needs an AI and evaluate"
    ai_module = registry.resolve(entry.ai.partition(":")[0] + ":LEVELS")
    # at least an easier level and the default; a solved game (the Jeu de pions) has no level
    # above its perfect default, the others have three
    assert tuple(ai_module) == entry.ai_levels and len(entry.ai_levels) >= 2
    assert len(entry.ai_levels) >= 3 or entry.id == "pions"
    default = registry.resolve(entry.ai.partition(":")[0] + ":DEFAULT_LEVEL")
    assert default == entry.default_level in entry.ai_levels
    check_common(entry)
    for variant in entry.variants:
        rules = entry.make_rules(variant.id)
        state = rules.initial_state()
        assert state.to_move in (0, 1)
        assert rules.outcome(state) is None and rules.legal_moves(state)
        assert isinstance(registry.resolve(entry.evaluate)(rules, state), int | float)


def check_common(entry: GameEntry) -> None:
    help_sections = registry.resolve(entry.help)
    assert help_sections and all(isinstance(h, str) and isinstance(b, str) and h and b
                                 for h, b in help_sections)
    assert len({v.id for v in entry.variants}) == len(entry.variants) >= 1
    for option in entry.options:
        assert option.default in [v for v, _ in option.choices], option.id
        json.dumps([v for v, _ in option.choices])  # options go into save files
    module, _, attr = entry.scene.partition(":")
    assert module and attr, "scene should be 'module:Class'"


@by_id(MATCHES)
def test_every_ai_level_answers_with_a_legal_move(entry: GameEntry) -> None:
    rng = random.Random(7)
    rules = entry.make_rules()
    state = rules.initial_state()
    positions = [state]
    for _ in range(6):  # and a position a few random moves later
        moves = rules.legal_moves(state)
        if not moves or rules.outcome(state) is not None:
            break
        state = rules.play(state, moves[rng.randrange(len(moves))])
    if rules.outcome(state) is None and rules.legal_moves(state):
        positions.append(state)
    for level in entry.ai_levels:
        player = entry.make_ai(rules, level)
        for position in positions:
            move = player.choose(position, seconds=0.05, rng=random.Random(1))
            assert rules.check(position, move) is None, (level, move)


@by_id(PUZZLES)
def test_puzzle_entry_and_random_play(entry: GameEntry) -> None:
    check_common(entry)
    assert entry.validate_level and entry.levels_dir
    rules = entry.make_rules()
    for seed in range(PUZZLE_GAMES):
        report = fuzz.fuzz_game(rules, rules.initial_state(), seed, PUZZLE_PLY_CAP)
        assert report.failure is None, f"seed {seed}: {report.failure}"
    solver = entry.capability(ExplainsBestMove, rules)
    if solver is not None:
        out = solver.bestmove_lines(rules, rules.initial_state())
        assert out and all(isinstance(line, str) for line in out)


@by_id([e for e in PUZZLES if e is not TOWERS])
def test_puzzle_levels_validate(entry: GameEntry) -> None:
    lines, ok = validate_levels.validate_entry(entry, validate_levels.resources.levels_dir())
    assert ok, "\n".join(lines)


class StuckNim(NimRules):
    """Broken on purpose: after the first move nobody can move, yet the game goes on."""

    def legal_moves(self, state: NimState) -> list[tuple[int, int]]:
        return super().legal_moves(state) if state.to_move == 0 else []


class SloppyNim(NimRules):
    """Broken on purpose: its notation counts heaps from 0, but parse_move from 1."""

    def to_notation(self, state: NimState, move: tuple[int, int]) -> str:
        return f"{move[0]}-{move[1]}"


def test_the_harness_can_fail() -> None:
    stuck = replace(NIM, rules=StuckNim)
    with pytest.raises(AssertionError, match="no legal move without an outcome at ply 1"):
        random_match(stuck, 0)
    sloppy = replace(NIM, rules=SloppyNim)
    with pytest.raises(fuzz.Failure, match="notation"):
        random_match(sloppy, 0)
