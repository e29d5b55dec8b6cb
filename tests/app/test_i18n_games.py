"""The games' own words in French: refusals and outcomes read French where the rules produce
them, counts take the French plural, and the piece names are the French ones (the French description's for
the fairy chess, the French shogi usage for Tai Shogi) — while notation stays as it was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n, registry
from game.i18n import _


@pytest.fixture
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_the_fairy_chess_pieces_have_their_french_names(french: None) -> None:
    rules = registry.get("fairy16").make_rules()
    names = {k.id: _(k.name) for k in rules.spec.kinds}
    assert names["unicorn"] == "Licorne"
    assert names["dragon_woman"] == "Femme-Dragon"
    assert names["buffoon"] == "Bouffon"
    assert names["centurion"] == "Centurion"
    assert names["gryphon"] == "Griffon"
    assert all(name != k.name or k.name in ("Lion", "Centurion", "Machine", "Diablo")
               for k in rules.spec.kinds for name in [names[k.id]])


def test_every_tai_shogi_kind_is_named_for_the_catalog_and_in_french(french: None) -> None:
    from pathlib import Path

    from game.games.taishogi.pieces import KINDS
    from game.i18n import extract_pieces

    with Path("game/games/taishogi/pieces.txt").open("rb") as fileobj:
        extracted = [m for _line, _f, m, _c in extract_pieces(fileobj, None, None, None)]
    NAMES = [k.name for k in KINDS.values()]  # noqa: N806 - as the list was named
    assert sorted(extracted) == sorted(NAMES)
    assert _("Gold General") == "Général d'or"
    assert _("Emperor") == "Empereur"
    untranslated = [n for n in NAMES if _(n) == n and n not in ("Lion", "Kirin", "Deva", "Lance")]
    assert not untranslated


def test_refusals_read_french_where_the_rules_make_them(french: None) -> None:
    from game.games.amazons.rules import explain
    from game.games.hanoi.rules import HanoiMove
    from game.games.pions.rules import PionsMove

    pions = registry.get("pions").make_rules()
    start = pions.initial_state()
    far = start.cells[0]
    assert pions.check(start, PionsMove(far, far + 1)) == \
        "les pions n'avancent que vers le bout"

    hanoi = registry.get("hanoi").make_rules()
    s = hanoi.play(hanoi.initial_state(), HanoiMove(0, 1))  # smallest disk onto B
    assert hanoi.check(s, HanoiMove(0, 1)) == "un disque ne peut pas aller sur un plus petit"

    amazons = registry.get("amazons").make_rules()
    assert explain(amazons.initial_state(), 44) == "il n'y a pas d'amazone en e5"

    abalone = registry.get("abalone").make_rules()
    from game.games.abalone.starts import parse_cell
    assert abalone.check_selection(abalone.initial_state(), [parse_cell("E5")]) == \
        "il n'y a pas de bille en E5"

    fairy = registry.get("fairy16").make_rules()
    state = fairy.initial_state()
    with pytest.raises(Exception) as refused:
        fairy.parse_move(state, "a1-a8")
    assert "ne peut pas aller de a1 à a8" in str(refused.value)


def test_outcomes_read_french_and_notation_does_not_change(french: None) -> None:
    pions = registry.get("pions").make_rules()
    state = pions.parse_position("5:1")
    move = pions.parse_move(state, "x1")
    assert pions.to_notation(state, move) == "x1"  # files stay language-neutral
    out = pions.outcome(pions.play(state, move))
    assert out is not None and out.reason == "Premier joueur a retiré le dernier pion et gagne."


@pytest.mark.parametrize(("n", "text"), [(1, "1 bille éjectée sur 6"),
                                         (3, "3 billes éjectées sur 6")])
def test_counts_take_the_french_plural(french: None, n: int, text: str) -> None:
    assert i18n.ngettext("{n} marble ejected of {need}", "{n} marbles ejected of {need}",
                         n).format(n=n, need=6) == text


@pytest.mark.parametrize("game_id", sorted(registry.GAME_PACKAGES))
def test_every_rules_text_is_written_in_french(french: None, game_id: str) -> None:
    """Each section of each game's rules screen has its French text (headings and bodies)."""
    import importlib

    sections = importlib.import_module(f"game.games.{game_id}.help").HELP

    assert sections
    for heading, body in sections:
        assert _(heading) != heading or heading in ("Options", "Misère"), heading
        french = _(body.strip())
        assert french != body.strip(), heading
        assert french.count("\n\n") == body.strip().count("\n\n"), heading  # same paragraphs
