"""Names the project no longer uses still open: a save or a remembered setup written when the fairy
chess's default promotions were called "seed" loads with them under their name now, "unicorn".

The save below is a real file of that time (format 1, the promotion option spelt the old way, two
moves played), kept as text so the test does not depend on today's writer.
"""

from __future__ import annotations

import json
from pathlib import Path

from game import registry
from game.engine.match import Match
from game.engine.saves import header_problem
from game.engine.settings import Settings

OLD_SAVE = """{
  "format": 1,
  "game": "fairy16",
  "variant": "standard",
  "options": {"promotion": "seed", "move_rule": 0},
  "players": [{"kind": "human", "name": "White", "level": null},
              {"kind": "computer", "name": "Black", "level": "easy"}],
  "start": null,
  "moves": ["h4-h6", "h13-h11"]
}"""


def test_an_old_save_naming_the_seed_promotions_loads_with_the_unicorn_ones(tmp_path: Path) -> None:
    path = tmp_path / "fairy16-old.json"
    path.write_text(OLD_SAVE, encoding="utf-8")
    assert header_problem(json.loads(OLD_SAVE), registry.get) is None
    match = Match.load(path, registry.get)
    assert match.options["promotion"] == "unicorn"
    assert match.rules.options["promotion"] == "unicorn"
    assert match.notation == ("h4-h6", "h13-h11")
    match.save(path)  # written again, it carries the name used now
    assert json.loads(path.read_text(encoding="utf-8"))["options"]["promotion"] == "unicorn"


def test_a_name_that_was_never_used_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "fairy16-bad.json"
    path.write_text(OLD_SAVE.replace('"seed"', '"sapling"'), encoding="utf-8")
    problem = header_problem(json.loads(path.read_text(encoding="utf-8")), registry.get)
    assert problem is not None and "sapling" in problem


def test_a_remembered_setup_with_the_old_name_keeps_its_choice() -> None:
    from game.scenes.setup import remembered_setup

    settings = Settings(setups={"fairy16": {"variant": "standard",
                                            "options": {"promotion": "seed", "move_rule": 50}}})
    setup = remembered_setup(settings, registry.get("fairy16"))
    assert setup["options"] == {"promotion": "unicorn", "move_rule": 50}


def test_an_unhashable_value_is_judged_as_it_is() -> None:
    entry = registry.get("fairy16")
    assert entry.current_option("promotion", ["seed"]) == ["seed"]
    assert entry.current_option("move_rule", "seed") == "seed"  # retired only for its option
