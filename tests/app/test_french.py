"""French as a French reader expects it: the catalog's typography, elision and words.

The rule (written at the top of the French .po): a no-break space U+00A0 before ":", a narrow
no-break space U+202F before ";", "!", "?" and inside « »; never a plain space there, so the
sign stays with its word and no line of a wrapped text starts with it. The wrapping and the
fonts must then keep those spaces whole.
"""

from __future__ import annotations

import re
from functools import cache

import pygame

from game import i18n, registry
from game.ui import theme

FR_PO = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
NBSP, NNBSP = "\u00a0", "\u202f"

#: Placeholders that receive a name (a game, a side, a player, a piece): French cannot write
#: "de {name}", since a name that starts with a vowel wants "d'" (d'Akhimoraec, d'Ordinateur).
NAME_FIELDS = {"game", "title", "name", "player", "side", "winner", "loser", "owner", "royal",
               "piece", "mover", "who", "other"}


@cache
def _french() -> list[tuple[str, str]]:
    """(message id, translated form) for every form of every entry."""
    from babel.messages.pofile import read_po

    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        out += [(ids[min(k, len(ids) - 1)], s) for k, s in enumerate(strings) if s]
    return out


def typography_faults(text: str) -> list[str]:
    """What breaks the rule in one French text (empty when it is right)."""
    faults = []
    for m in re.finditer(r" ([:;!?])", text):
        faults.append(f"plain space before {m.group(1)!r}")
    for m in re.finditer(r"[^\W\d_]{2,}([;!?])(?=\s|$)", text):
        faults.append(f"no space before {m.group(1)!r} in {m.group(0)!r}")
    for m in re.finditer(r"[^\W\d_]{2,}:(?=\s|$)", text):
        faults.append(f"no space before ':' in {m.group(0)!r}")
    if "« " in text or " »" in text:
        faults.append("plain space inside « »")
    for m in re.finditer(r"(?:^|\n) *([:;!?»])", text):  # a fragment may start with its space
        faults.append(f"a line starts with {m.group(1)!r}")
    if re.search(f"{NNBSP}:|{NBSP}[;!?]", text):
        faults.append("the wrong one of the two no-break spaces")
    return faults


def test_the_checker_sees_each_fault() -> None:
    assert typography_faults(f"Réglages{NBSP}: son, langue{NNBSP}; «{NNBSP}Doré{NNBSP}»{NNBSP}?") == []
    assert typography_faults("Abandonner ?")
    assert typography_faults("Abandonner?")
    assert typography_faults("Erreur : disque")
    assert typography_faults("Erreur: disque")
    assert typography_faults("« Reprendre »")
    assert typography_faults("une ligne\n? puis")
    assert typography_faults(f"Erreur{NNBSP}: disque")
    # notation is not prose: a sign inside a word, a time, a position
    assert typography_faults("Lnx!9d, 12.5:b1-c2, 23:23,22 ;2") == ["plain space before ';'"]


def test_every_french_text_follows_the_typography_rule() -> None:
    entries = _french()
    assert len(entries) > 1000
    bad = [f"{mid[:60]!r}: {', '.join(typography_faults(s))}" for mid, s in entries
           if typography_faults(s)]
    assert not bad, f"{len(bad)} French texts break the typography rule:\n" + "\n".join(bad)


def test_no_name_follows_an_unelided_article() -> None:
    """"de {game}" would read "de Akhimoraec": say it another way. Plain words too."""
    bad = []
    for mid, s in _french():
        for m in re.finditer(r"\b(de|De|que|Que|le|la|ne|je|se) \{(\w+)", s):
            if m.group(2) in NAME_FIELDS:
                bad.append(f"{mid[:50]!r}: {m.group(0)}…")
        # a vowel word after "de"/"que" (not a square like a4, not an imperative like "-la")
        for m in re.finditer(r"(?<![-\w])(de|De|que|Que|je|se|ne) ([AEIOUÉÈÊaeiouéèêœ]\w+)", s):
            if not re.fullmatch(r"[A-Za-z]\d*", m.group(2)):
                bad.append(f"{mid[:50]!r}: {m.group(0)}")
    assert not bad, "\n".join(bad)


def test_names_that_start_with_a_vowel_read_right_where_they_are_used() -> None:
    i18n.set_language("fr")
    titles = {i18n._(e.title) for e in registry.playable().values()}
    assert "Akhimoraec" in titles
    for title in titles:
        text = i18n._("Replace the unfinished {game} match?").format(game=title)
        assert not re.search(r"\bde [AEIOUÉaeioué]", text), text
    assert i18n._("{name} wins").format(name="Impairs") == f"Victoire{NBSP}: Impairs"


def test_redo_is_retablir_and_undo_annuler() -> None:
    i18n.set_language("fr")
    assert (i18n._("Undo"), i18n._("Redo")) == ("Annuler", "Rétablir")
    assert i18n._("Nothing to redo.") == "Rien à rétablir."


def test_one_french_word_for_the_board() -> None:
    """The board is the "plateau" in every game (the old "tablier" read as an apron)."""
    assert not [s for _mid, s in _french() if "tablier" in s]


def test_wrapping_never_breaks_at_a_no_break_space() -> None:
    pygame.font.init()
    text = (f"Rien à rétablir{NBSP}: une bascule annulée est perdue dès que les horloges "
            f"repartent{NNBSP}! Vraiment{NNBSP}? Oui{NNBSP}; «{NNBSP}Doré{NNBSP}»")
    for width in range(60, 500, 7):
        for line in theme.wrap(text, 19, width):
            assert not line.startswith((":", ";", "!", "?", "»", NBSP, NNBSP)), (width, line)
            assert not line.endswith(("«", NBSP, NNBSP)), (width, line)
    # the rules screen folds its paragraphs onto one line first: the no-break spaces stay
    assert theme.reflow(f"Tour{NBSP}:\n  un  coup{NNBSP}!") == f"Tour{NBSP}: un coup{NNBSP}!"


def test_the_fonts_draw_both_no_break_spaces_as_spaces() -> None:
    """Noto Sans (every translated text) has both; a font without the narrow one (Fira Code
    draws a box) gets the wide one instead."""
    pygame.font.init()
    for bold in (False, True):
        f = theme.font(20, bold)
        assert theme.draws_blank(f, NBSP) and theme.draws_blank(f, NNBSP)
        assert 0 < f.size(f"a{NNBSP}b")[0] - f.size("ab")[0] < f.size("a b")[0] - f.size("ab")[0] + 1
    assert not theme.draws_blank(theme.mono(20), NNBSP)  # the check can say no
    assert not theme.draws_blank(theme.font(20), "x")


def test_french_counts_take_their_plural() -> None:
    """A count that a word agrees with goes through ngettext: French says 1 case, 2 cases,
    and 0 and 1 are both singular (plural=(n > 1))."""
    from game.games.ostomachion.collection_scene import collected

    i18n.set_language("fr")
    assert i18n.ngettext("{n} cell", "{n} cells", 23).format(n=23) == "23 cases"
    assert i18n.ngettext("{n} cell", "{n} cells", 1).format(n=1) == "1 case"
    assert (collected(1, 536), collected(2, 536)) == ("1 sur 536 collectionnée",
                                                      "2 sur 536 collectionnées")
    solved = "{solved}/{levels} solved · {stars}/{most} stars"
    assert i18n.ngettext(solved, solved, 0).startswith("{solved}/{levels} résolu ")
    assert i18n.ngettext(solved, solved, 5).startswith("{solved}/{levels} résolus ")
    assert i18n.ngettext("{n} ready", "{n} ready", 2).format(n=2) == "2 prêts"


def test_no_french_text_dodges_its_plural_with_parentheses() -> None:
    """"retiré(s)" is what ngettext is for (an English "(s)" listing names stays)."""
    bad = [s for mid, s in _french() if re.search(r"\w\((s|e|es)\)", s) and "(s)" not in mid]
    assert not bad, bad


def test_every_level_note_is_extracted_and_read_in_french() -> None:
    """The `note` under a Hanoi board comes from its Tiled file: extracted like the title."""
    from game.games.hanoi.levels import load_levels

    root = i18n.LOCALE_DIR.parents[1] / "levels"
    found: dict[str, list[str]] = {"a level's note": [], "a level's title": []}
    for tmx in sorted(root.glob("*/*.tmx")):
        with tmx.open("rb") as f:
            for _line, _ctx, message, comments in i18n.extract_tmx(f, None, None, {}):
                found[comments[0]].append(message)
    assert len(found["a level's note"]) == 22
    i18n.set_language("fr")
    english = [n for n in found["a level's note"] if i18n._(n) == n]
    assert not english, english
    levels = load_levels()
    assert levels and all(lv.note in found["a level's note"] for lv in levels if lv.note)
    assert i18n._(levels[0].note).startswith("Déplacez la tour")


def test_the_pseudo_language_is_two_fifths_longer_and_keeps_its_fields() -> None:
    from game.pseudolocale import pseudo

    for message in ("Settings", "Replace the unfinished {game} match?",
                    "Settings not saved: {error}", "%(name)s took {n!r} marbles"):
        shown = pseudo(message)
        visible = len(re.sub(r"\{[^}]*\}|%\(\w+\)s", "", message))
        assert len(shown) - len(message) >= 0.4 * visible, shown
        assert re.findall(r"\{[^}]*\}|%\(\w+\)s", shown) == re.findall(
            r"\{[^}]*\}|%\(\w+\)s", message)
        assert shown.startswith("[") and shown.endswith("]") and not shown.isascii()
    assert pseudo("one\ntwo").count("\n") == 1
    i18n.set_language(i18n.PSEUDO)
    assert i18n._("Settings").startswith("[Šéţţîñĝš")
    assert i18n.ngettext("{n} move", "{n} moves", 3).format(n=3).startswith("[3 ɱöṽéš")
    assert i18n.language() == i18n.PSEUDO


def test_a_word_that_agrees_is_translated_in_its_context() -> None:
    """"None" agrees with what it is none of: Aucun obstacle, aucune bille."""
    import pickle

    options = {o.id: o for o in registry.get("abalone").options}
    i18n.set_language("fr")
    none = {key: i18n._(options[key].choices[0][1]) for key in ("obstacles", "holes",
                                                                  "pivot_start")}
    assert none == {"obstacles": "Aucun", "holes": "Aucun", "pivot_start": "Aucune"}
    label = pickle.loads(pickle.dumps(options["holes"].choices[0][1]))
    assert label == "None" and i18n._(label) == "Aucun"


def test_french_numbers_take_a_decimal_comma() -> None:
    i18n.set_language("fr")
    assert i18n.decimal("2.5") == "2,5" and i18n.decimal("15.0 s") == "15,0 s"
    i18n.set_language("en")
    assert i18n.decimal("2.5") == "2.5"


def repeated_sentences(english: str, french: str) -> list[str]:
    """Sentences (40 characters or more) a translation says twice where the English says
    them once: a paragraph pasted twice when entries were merged."""
    def sentences(text: str) -> list[str]:
        return [s.strip() for s in re.split(r"(?<=[.:;])\s+|\n", text) if len(s.strip()) >= 40]

    fr, en = sentences(french), sentences(english)
    return sorted({s for s in fr if fr.count(s) > 1}) if not any(en.count(s) > 1 for s in en) \
        else []


def test_no_french_text_says_a_sentence_twice() -> None:
    assert repeated_sentences("One long sentence that the player reads only once.",
                              "Une longue phrase que le joueur ne lit qu'une fois.\n"
                              "Une longue phrase que le joueur ne lit qu'une fois.")
    bad = [(msgid[:50], r) for msgid, text in _french() for r in repeated_sentences(msgid, text)]
    assert not bad, bad
