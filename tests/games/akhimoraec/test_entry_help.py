"""Akhimoraec's registry entry, rules screen and diagrams, and the purity of its pure modules."""

from __future__ import annotations

import json

from game.games.akhimoraec import ai, help, rules
from game.games.akhimoraec.entry import ENTRY
from game.registry import get
from tests.test_purity import assert_checked


def test_entry_matches_the_rules_and_ai() -> None:
    assert get("akhimoraec") is not None
    assert ENTRY.ai_levels == ai.LEVELS and ENTRY.default_level == ai.DEFAULT_LEVEL
    assert [o.id for o in ENTRY.options] == list(rules.OPTION_VALUES)
    for o in ENTRY.options:
        allowed, default = rules.OPTION_VALUES[o.id]
        assert set(v for v, _ in o.choices) == set(allowed) and o.default == default
        json.dumps([v for v, _ in o.choices])  # options go into save files
    r = ENTRY.make_rules()
    assert r.options == rules.default_options()
    assert ENTRY.side_names == ("Gold", "Red")


def test_help_sections_and_diagrams() -> None:
    headings = [h for h, _ in help.HELP]
    assert len(headings) == len(set(headings)) >= 8
    assert all(body.strip() for _, body in help.HELP)
    r = rules.make_rules()
    for heading, text in help.DIAGRAMS.items():
        assert heading in headings
        s = r.parse_position(text)
        assert r.position_text(s) == " ".join(text.split())
    won = r.parse_position(help.DIAGRAMS["Winning"])
    assert won.over and won.winner == rules.GOLD


def test_rules_and_ai_do_not_import_pygame() -> None:
    # imported in a fresh interpreter without pygame by tests/test_purity.py
    assert_checked("game.games.akhimoraec.rules", "game.games.akhimoraec.ai",
                   "game.games.akhimoraec.help", "game.games.akhimoraec.entry")
