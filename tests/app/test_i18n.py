"""French and English: the catalogs are complete and compile, the language is chosen, kept and
applied at once, and no text of any screen bypasses the catalog (a pseudo-language
marks every message the catalog holds; anything drawn unmarked either skipped `_` or was never
marked for extraction, and no translator would ever see it)."""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game import i18n, registry
from game.app import App
from game.engine import storage
from game.scenes.catalog import make_match, open_scene, scene_ids

from .textfit import RecordingCanvas, recording_fonts, ui_texts

ROOT = Path(__file__).resolve().parents[2]
FR_PO = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


Key = tuple[str | None, str | tuple[str, ...]]  # (context, message id or its two forms)


def _extracted() -> dict[Key, list[str]]:
    """Every message `make catalogs` would extract (babel.cfg: the code in game/ and the
    levels' titles in levels/), with where it is used."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {"_": None, "N_": None, "C_": ((1, "c"), 2), "ngettext": (1, 2),
                "pgettext": ((1, "c"), 2),
                "plural_label": (1, 2)}
    found: dict[Key, list[str]] = {}
    for folder in ("game", "levels"):
        for filename, lineno, message, _comments, context in extract_from_dir(
                str(ROOT / folder), method_map=method_map, options_map=options_map,
                keywords=keywords):
            key = (context, message if isinstance(message, str) else tuple(message))
            found.setdefault(key, []).append(f"{folder}/{filename}:{lineno}")
    return found


@functools.cache  # read for every screen of the pseudo-language test: parse the file once
def _french() -> dict[Key, Any]:
    from babel.messages.pofile import read_po

    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m
            for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)[^}]*\}", text))


def test_every_message_in_the_code_has_a_french_translation() -> None:
    extracted = _extracted()
    french = _french()
    assert len(extracted) > 500  # the extraction sees the code (a blind one finds nothing)
    assert "Cat" in {m for _c, m in extracted}  # and the levels' titles
    missing = [f"{msg!r} ({where[0]})" for msg, where in extracted.items() if msg not in french]
    assert not missing, "not in fr/ludotheque.po (run make catalogs):\n" + "\n".join(missing)
    untranslated, fuzzy, wrong_fields = [], [], []
    for msg in extracted:
        entry = french[msg]
        strings = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        if not all(strings):
            untranslated.append(repr(msg))
        if entry.fuzzy:
            fuzzy.append(repr(msg))
        ids = [msg[1]] if isinstance(msg[1], str) else list(msg[1])
        if any(_fields(s) != _fields(ids[-1]) for s in strings if s):
            wrong_fields.append(f"{msg!r} -> {entry.string!r}")
    assert not untranslated, "no French yet:\n" + "\n".join(untranslated)
    assert not fuzzy, "fuzzy (to check) in French:\n" + "\n".join(fuzzy)
    assert not wrong_fields, "placeholders differ:\n" + "\n".join(wrong_fields)


def test_the_catalogs_compile_and_french_counts_like_french() -> None:
    for code, _name in i18n.LANGUAGES:
        po = i18n.LOCALE_DIR / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
        t = gettext.GNUTranslations(__import__("io").BytesIO(i18n.compile_po(po)))
        assert t.gettext("Settings") == {"fr": "Réglages", "en": "Settings"}[code]
    i18n.set_language("fr")
    assert i18n.language() == "fr"
    forms = {n: i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (0, 1, 2, 17)}
    assert forms == {0: "0 coup", 1: "1 coup", 2: "2 coups", 17: "17 coups"}  # 0 is singular
    i18n.set_language("en")
    assert i18n.ngettext("{n} move", "{n} moves", 0).format(n=0) == "0 moves"
    assert i18n._("Settings") == "Settings"


def test_the_first_start_follows_the_system_language() -> None:
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert i18n.system_language({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert i18n.system_language({"LANGUAGE": "fr:en", "LANG": "en_GB.UTF-8"}) == "fr"
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.system_language({"LC_ALL": "C", "LANG": "fr_BE.UTF-8"}) == "fr"
    assert i18n.system_language({}) == "en"
    assert i18n.set_language("de") == "en"  # a language we do not have: English


def test_the_language_setting_round_trips_and_a_bad_one_is_named(home: Path) -> None:
    path = home / "settings.json"
    s = storage.Settings(language="fr")
    s.save(path)
    loaded, notice = storage.Settings.load(path)
    assert notice is None and loaded.language == "fr"
    # a file from before the choice existed follows the system (and keeps its other values)
    path.write_text('{"format": 1, "volume": 0.3}', encoding="utf-8")
    loaded, notice = storage.Settings.load(path)
    assert notice is None and loaded.language == "" and loaded.volume == 0.3
    path.write_text('{"format": 1, "language": "klingon"}', encoding="utf-8")
    loaded, notice = storage.Settings.load(path)
    assert loaded.language == "" and notice is not None and "'language'" in notice


def _drawn_texts(app: App) -> list[str]:
    canvas = RecordingCanvas((1280, 800))
    app.canvas = canvas
    app.draw()
    return [d.text for d in canvas.drawn] + [t.text for t in ui_texts(app.top.ui)]


def test_choosing_french_in_settings_applies_at_once_and_is_saved(app: App) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.settings import SettingsScene

    menu = open_scene(app, "menu")
    assert isinstance(menu, MenuScene)
    settings = open_scene(app, "settings")
    assert isinstance(settings, SettingsScene)
    with recording_fonts():
        assert "Settings" in _drawn_texts(app)
        settings.on_ui_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "ui_element": settings.language, "text": "Français", "selected_option_id": "fr"}))
        texts = _drawn_texts(app)
        assert "Réglages" in texts and "Langue" in texts and "Terminé" in texts
        assert "Settings" not in texts
        app.pop()
        assert app.top is menu
        texts = _drawn_texts(app)
    assert {"Reprendre", "Ouvrir", "Réglages", "Quitter"} <= set(texts)
    assert "jeux de stratégie abstraits et casse-têtes" in texts
    assert menu.ui.get_locale() == "fr"  # pygame_gui's own words too
    assert storage.Settings.load()[0].language == "fr"
    # the next start is in French without asking
    i18n.set_language("en")
    App(headless=True)
    assert i18n.language() == "fr"


# --------------------------------------------------------------------------- pseudo-language


class Pseudo(gettext.NullTranslations):
    """Every word of a translated message marked with ⟦ (placeholders left whole), the end
    with ⟧: however a screen wraps a line, each piece of it still shows the mark. Only the
    messages the catalog holds are marked: text passed to `_` that no one marked for
    extraction (so no translator will ever see it) shows bare too."""

    def __init__(self) -> None:
        super().__init__()
        self.known = {m.id if isinstance(m.id, str) else m.id[0]: m for m in
                      (e for e in _french().values())}

    @staticmethod
    def mark(message: str) -> str:
        words = re.split(r"( |\n)", message)
        return "".join(w if w in (" ", "\n", "") or w.startswith("{") else "⟦" + w
                       for w in words) + "⟧"

    def gettext(self, message: str) -> str:
        return self.mark(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return self.mark(chosen) if msgid1 in self.known else chosen

    def pgettext(self, context: str, message: str) -> str:
        return self.mark(message)


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.register("xx", Pseudo())
    i18n.set_language("xx")
    yield
    i18n.set_language("en")


def _neutral(text: str) -> bool:
    """Text with no word in it: numbers, move notation's symbols, arrows."""
    return not re.search(r"[^\W\d_]{2,}", text)


@pytest.mark.parametrize("scene_id", scene_ids())
def test_no_text_of_the_screens_bypasses_the_catalog(app: App, pseudo: None,
                                                            scene_id: str) -> None:
    if scene_id == "load":
        for k, gid in enumerate(("amazons", "abalone")):
            make_match(registry.get(gid), moves=5 + k).save(storage.saves_dir() / f"{k}.json")
    with recording_fonts():
        scene = open_scene(app, scene_id, moves=6 if scene_id.startswith("results:") else 0)
        for _ in range(3):
            app.step(1 / 60)
        texts = _drawn_texts(app)
    assert texts, "nothing recorded: the check is blind"
    # what the player or the game wrote, not our words: move notation
    data = set(getattr(getattr(scene, "match", None), "notation", ()))
    data |= {"Ludothèque"} | {name for _code, name in i18n.LANGUAGES}  # names, in their own tongue
    bare = [t for t in texts if "⟦" not in t and "⟧" not in t and not _neutral(t)
            and t not in data]
    assert not bare, f"{scene_id}: drawn without the catalog: {bare}"


def test_the_pseudo_check_sees_a_bare_string(app: App, pseudo: None) -> None:
    """The check can fail: English typed straight into a screen shows unmarked."""
    from game.ui import theme

    with recording_fonts():
        scene = open_scene(app, "settings")
        canvas = RecordingCanvas((1280, 800))
        app.canvas = canvas
        app.draw()
        theme.blit_text(canvas, "Sound effects", (10, 10), 20)
        texts = [d.text for d in canvas.drawn]
    assert "⟦Sound ⟦effects⟧" in texts and "Sound effects" in texts
    assert scene.rows


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_settings_lists_open_in_either_language(app: App, language: str) -> None:
    """Each list opens on its current choice (a list given a choice it does not hold fails
    only when opened), and choosing a speed keeps its value whatever the words."""
    i18n.set_language(language)
    scene = open_scene(app, "settings")
    for dd in (scene.language, scene.speed):
        dd.current_state.should_transition = True
        scene.ui.update(0.01)
        assert dd.current_state is dd.menu_states["expanded"]
        dd.current_state.should_transition = True
        scene.ui.update(0.01)
    scene.on_ui_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "ui_element": scene.speed, "text": "", "selected_option_id": "2.0"}))
    assert app.settings.animation_speed == 2.0


def test_a_counted_label_reads_english_and_shows_with_its_plural() -> None:
    """Option labels with a count ("13 marbles") are constants of the game entries: English
    text as data, the right plural form where they are shown, and whole through a pickle."""
    import pickle

    hanoi = dict(registry.get("hanoi").options[1].choices)
    assert (hanoi[1], hanoi[5]) == ("1 disk", "5 disks")
    assert pickle.loads(pickle.dumps(hanoi[5])) == "5 disks"
    i18n.set_language("fr")
    assert (i18n._(hanoi[1]), i18n._(hanoi[5])) == ("1 disque", "5 disques")
    assert i18n._(pickle.loads(pickle.dumps(hanoi[5]))) == "5 disques"
    cells = dict(registry.get("pions").options[0].choices)
    assert i18n._(cells[23]) == "23 cases"
