"""The rules screen and the registry entry: consistent with the rules and the AI."""

from __future__ import annotations

import pytest

from game import registry
from game.engine.protocol import PerfectStrategy, ProvenLevels
from game.games.pions import ai
from game.games.pions import rules as R
from game.games.pions.help import DIAGRAMS, HELP


def test_help_sections_and_diagrams() -> None:
    headings = [h for h, _ in HELP]
    assert len(headings) == len(set(headings)) >= 6
    assert all(body.strip() for _, body in HELP)
    assert set(DIAGRAMS) <= set(headings)
    for text in DIAGRAMS.values():
        R.parse_position(text)  # raises if a diagram is not a valid position


def test_worked_example_text_matches_the_computation() -> None:
    body = dict(HELP)["Worked example"]
    r = R.make_rules("normal", {})
    s = r.parse_position(DIAGRAMS["Worked example"])
    d = ", ".join(str(v) for v in R.heaps(s.cells))
    assert f"D = {d}" in body
    assert "nim-sum of 7" in body and R.nim_sum(s.cells) == 7
    (win,) = ai.winning_moves(r, s)
    assert r.to_notation(s, win) in body
    assert f"{len(r.legal_moves(s))} moves" in body
    after = r.parse_position(DIAGRAMS["After the winning move"])
    assert after == r.play(s, win)


def test_entry_is_registered_and_its_references_resolve() -> None:
    e = registry.get("pions")
    assert e.kind == "match" and e.title == "Jeu de pions"
    assert [v.id for v in e.variants] == list(R.VARIANTS)
    assert e.ai_levels == ai.LEVELS and e.default_level == ai.DEFAULT_LEVEL
    assert e.side_names == R.SIDE_NAMES
    assert e.default_options() == {"length": 23}
    length = next(o for o in e.options if o.id == "length")
    assert [v for v, _ in length.choices] == list(range(R.MIN_LENGTH, R.MAX_LENGTH + 1))
    assert registry.resolve(e.help) is HELP
    assert e.capability(PerfectStrategy) is ai and e.capability(ProvenLevels) is ai
    assert e.scene == "game.games.pions.scene:PionsScene"
    for variant in R.VARIANTS:
        rules = e.make_rules(variant)
        s = rules.initial_state()
        assert rules.position_text(s) == "23:23,22,17,16,12,6,2"
        player = e.make_ai(rules, e.default_level)
        assert registry.resolve(e.evaluate)(rules, s) == 1.0
        assert player is not None
    with pytest.raises(KeyError):
        e.make_rules("normal", {"size": 9})
