"""Amazons help text, its diagrams (each a real position making its point) and the registry entry."""

from __future__ import annotations

from game import registry
from game.games.amazons import ai, help
from game.games.amazons import rules as R


def test_help_sections_and_diagrams_parse() -> None:
    headings = [h for h, _ in help.HELP]
    assert len(headings) == len(set(headings)) >= 6
    assert all(body.strip() for _, body in help.HELP)
    rules = R.make_rules()
    for heading, text in help.DIAGRAMS.items():
        assert heading in headings
        state = rules.parse_position(text)
        assert rules.position_text(state) == text


def test_diagrams_show_what_their_text_says() -> None:
    rules = R.make_rules()
    start = rules.initial_state()
    d = help.DIAGRAMS
    assert d["The game"] == rules.position_text(start)
    assert d["A move: step, then shoot"] == rules.position_text(
        rules.play(start, rules.parse_move(start, "d1-d7/g7")))
    assert d["Shooting back"] == rules.position_text(
        rules.play(start, rules.parse_move(start, "d1-d4/d1")))
    over = rules.parse_position(d["How the game ends"])
    out = rules.outcome(over)
    assert out is not None and out.winner == R.BLACK
    corner = rules.parse_position(d["Territory: the real aim"])
    b2 = R.parse_square(10, "b2")
    assert {R.square_name(10, s) for s in R.destinations(
        R.State(10, corner.white, corner.black, corner.arrows, R.WHITE), b2)} == {"a1", "c1"}
    for text in ("d1-d7/g7", "d1-d7(g7)", "d1-d7,g7", "d1d7g7"):
        assert text in dict(help.HELP)["Writing moves and positions"]


def test_entry_matches_the_modules() -> None:
    entry = registry.get("amazons")
    assert entry.ai_levels == ai.LEVELS and entry.default_level == ai.DEFAULT_LEVEL
    assert [v.id for v in entry.variants] == list(R.VARIANTS)
    assert entry.default_options() == R.DEFAULT_OPTIONS
    for variant in R.VARIANTS:
        for option in (False, True):
            rules = entry.make_rules(variant, {"territory_end": option})
            assert rules.n == R.VARIANTS[variant] and rules.territory_end is option
    assert isinstance(entry.rules("standard", {}), R.AmazonsRules)
