"""The setup screen names each computer level with its strength from the committed ladder."""

from __future__ import annotations

from game.app import App
from game.engine import ladder
from game.scenes.catalog import open_scene
from game.scenes.setup import SetupScene, level_label


def test_levels_carry_their_ladder_word_and_map_back_to_the_level(app: App) -> None:
    words = ladder.level_words("pions", ("easy", "default"))
    assert words["default"] == "perfect"  # proven by the theory, written into pions/ladder.json
    scene = open_scene(app, "setup:pions")
    assert isinstance(scene, SetupScene)
    w = scene.side_widgets[1]
    shown = dict(w["level"].options_list)  # shown text -> level id
    assert shown == {level_label(lv, words): lv for lv in ("easy", "default")}
    assert shown["Default · perfect"] == "default"
    w["kind"].selected_option = ("Computer", "computer")
    players = scene.players()
    assert players[1].kind == "computer" and players[1].level == "default"


def test_a_level_without_data_is_shown_by_its_name() -> None:
    assert level_label("strong", {}) == "Strong"
    assert level_label("easy", {"easy": "casual"}) == "Easy · casual"
