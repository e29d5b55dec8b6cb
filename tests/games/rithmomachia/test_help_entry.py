"""The registry entry, the rules screen's text and diagrams, and the command-line tools."""

from __future__ import annotations

import pytest

from game import registry
from game.engine.protocol import CountsTurns, ListsCaptures
from game.games.rithmomachia import ai, help
from game.games.rithmomachia import rules as R
from tools import captures as captures_tool
from tools import perft as perft_tool

from .helpers import text


def test_entry_matches_the_modules() -> None:
    entry = registry.get("rithmomachia")
    assert entry.ai_levels == ai.LEVELS and entry.default_level == ai.DEFAULT_LEVEL
    assert entry.default_options() == R.DEFAULT_OPTIONS
    victories = [v for v, _ in next(o for o in entry.options if o.id == "victory").choices]
    assert victories == [v.id for v in R.VICTORIES]
    for victory in victories:
        rules = entry.make_rules(options={"victory": victory})
        assert rules.victory.id == victory and rules.outcome(rules.initial_state()) is None
    rules = entry.rules("standard", {})
    assert isinstance(rules, R.RithmomachiaRules)
    assert entry.capability(CountsTurns, rules) is rules
    assert entry.capability(ListsCaptures, rules) is rules
    with pytest.raises(ValueError, match="unknown victory"):
        R.make_rules(options={"victory": "minor"})


def test_help_sections_and_diagrams() -> None:
    headings = [h for h, _ in help.HELP]
    assert len(headings) == len(set(headings)) and 8 <= len(headings) <= 13
    rules = R.make_rules()
    sections = dict(help.HELP)
    for heading, position in help.DIAGRAMS.items():
        assert heading in sections
        state = rules.parse_position(position)
        assert rules.position_text(state) == position
    assert help.DIAGRAMS["The game"] == rules.position_text(rules.initial_state())
    # each example diagram shows the capture its text describes
    expect = {"Attack": "attack d9 by d5", "Meeting": "meeting e9 by e8",
              "Ambush": "ambush d9 by c9,e9", "Combination": "combination e10 by e7,d10,f10",
              "Siege": "siege a9 by a8,b9,a10", "Ransom and the pyramids": "ransom d8 by d9"}
    for heading, line in expect.items():
        assert R.capture_lines(rules, rules.parse_position(help.DIAGRAMS[heading])) == [line]
    out = R.make_rules(options={"victory": "magna"}).outcome(
        rules.parse_position(help.DIAGRAMS["Victories"]))
    assert out is not None and out.winner == R.EVENS
    for number in ("1312", "1752", "36 + 25 + 16 + 9 + 4 + 1", "64 + 49 + 36 + 25 + 16"):
        assert number in sections["The numbers"] + sections["Pyramids"]
    assert "25 × 2 + 4 + 2 = 56" in sections["Combination"]


def test_captures_tool(capsys: pytest.CaptureFixture[str]) -> None:
    position = text({"e10": "t56", "d10": "C2", "f10": "C4", "e7": "T25"})
    assert captures_tool.main(["rithmomachia", "--position", position]) == 0
    assert capsys.readouterr().out == "combination e10 by e7,d10,f10\n"
    assert captures_tool.main(["rithmomachia"]) == 0
    assert capsys.readouterr().out == "none\n"
    assert captures_tool.main(["rithmomachia", "--position", "8/8 e"]) == 2
    assert "bad --position" in capsys.readouterr().err


def test_perft_tool_counts_phase_two_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft_tool.main(["rithmomachia", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1: 22\ndepth 2: 484\n" in out
    # a capture waiting does not count: only the two steps of the circle on d5 and the 2 on a1
    position = text({"d5": "C4", "d9": "t12", "a1": "C2", "h16": "c3"})
    assert perft_tool.main(["rithmomachia", "--position", position, "--depth", "1"]) == 0
    assert capsys.readouterr().out.startswith("depth 1: 6\n")
