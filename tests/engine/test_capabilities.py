"""What a game can do beyond the contract is asked one way: `GameEntry.capability(Protocol)`.

The protocols live in game/engine/protocol.py; the faces that may answer are the rules object,
the computer player's module and a puzzle's solver module. Every optional protocol is offered
by at least one game (a capability nobody offers is dead weight, like the unused entry keys
this mechanism replaced).
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

from game import registry
from game.engine import protocol
from game.engine.entries import GameEntry
from game.engine.protocol import (
    CountsTurns,
    ExplainsBestMove,
    ListsCaptures,
    PerfectStrategy,
    ProvenLevels,
    RealTime,
    SimulatesMatches,
)

#: The optional protocols: everything after the contract in protocol.py that is runtime-checkable.
OPTIONAL = [obj for name, obj in vars(protocol).items()
            if inspect.isclass(obj) and getattr(obj, "_is_runtime_protocol", False)
            and name not in ("State",)]


def test_the_entry_has_no_free_form_extras() -> None:
    names = {f.name for f in dataclasses.fields(GameEntry)}
    assert "extra" not in names and "solver" in names


def test_the_rules_answer_first_then_the_ai_module_then_the_solver() -> None:
    rithmo = registry.get("rithmomachia")
    rules = rithmo.make_rules()
    assert rithmo.capability(CountsTurns, rules) is rules
    assert rithmo.capability(ListsCaptures, rules) is rules
    assert rithmo.capability(ListsCaptures) is None  # not asked of the rules: no other face has it
    pions = registry.get("pions")
    found = pions.capability(PerfectStrategy, pions.make_rules())
    assert found is not None and inspect.ismodule(found)
    assert dict(pions.capability(ProvenLevels).PROVEN_WORDS) == {"default": "perfect"}  # type: ignore[union-attr]
    hanoi = registry.get("hanoi")
    assert hanoi.capability(ExplainsBestMove) is not None
    assert registry.get("akhimoraec").capability(SimulatesMatches) is not None
    assert registry.get("amazons").capability(SimulatesMatches) is None
    assert registry.get("amazons").capability(RealTime, registry.get("amazons").make_rules()) is None


def test_every_optional_capability_is_offered_by_some_game() -> None:
    assert len(OPTIONAL) >= 10
    offered: set[Any] = set()
    for entry in registry.entries().values():
        rules = entry.make_rules()
        offered |= {cap for cap in OPTIONAL if entry.capability(cap, rules) is not None}
    assert [c.__name__ for c in OPTIONAL if c not in offered] == []
