"""The setup of the piece games reads whole: every option's explanation fits the two lines the
setup screen shows (the promotions one was cut), no level reads "Strong · strong", and the
match names its rule set rather than an unexplained "Standard"."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, registry
from game.i18n import _
from game.scenes.setup import level_label
from game.ui import theme


@pytest.mark.parametrize("language", ["en", "fr"])
def test_option_explanations_fit_the_setup_screen(language: str) -> None:
    pygame.init()
    i18n.set_language(language)
    long = []
    for gid in ("fairy16", "taishogi", "rithmomachia"):
        for o in registry.get(gid).options:
            if o.help and len(theme.wrap(_(o.help), 15, 1130)) > 2:
                long.append((gid, o.id))
            reason = o.unused({"victory": "magna"}) if o.unused else ""
            if reason and len(theme.wrap(f"{reason} {_(o.help)}", 15, 1130)) > 2:
                long.append((gid, o.id, "greyed"))
    assert not long, long


def test_a_level_word_equal_to_its_title_is_not_repeated() -> None:
    assert level_label("strong", {"strong": "strong"}) == "Strong"
    assert level_label("default", {"default": "club"}) == "Default · club"


def test_fairy_chess_names_its_rule_set() -> None:
    assert [v.title for v in registry.get("fairy16").variants] == ["Terachess (Cazaux)"]
