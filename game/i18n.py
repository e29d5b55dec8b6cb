"""The language of every word a player reads: gettext catalogs, the current language, plurals.

The English text in the code is the message id; `game/locale/<code>/LC_MESSAGES/ludotheque.po`
holds the translations (managed with Babel: `make catalogs`), compiled to `.mo` when the app is
installed or built. A source checkout without the compiled file still works: the `.po` is then
compiled in memory once (Babel is a dependency), so the language never silently falls back.

Pure (no pygame): rules-side messages and the engine may use it. Text is translated when it is
shown, never when a module is imported, so switching the language takes effect on the next
frame: module-level constants are marked with `N_` and passed through `_` where they are drawn.
"""

from __future__ import annotations

import contextlib
import gettext
import html
import io
import locale
import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

# the pseudo-language: English 40 % longer and accented, to find text that will not fit (chosen
# by code in tests and tools, never offered in Settings)
from game.pseudolocale import CODE as PSEUDO
from game.pseudolocale import PseudoTranslations

log = logging.getLogger(__name__)

DOMAIN = "ludotheque"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages offered in Settings, each named in its own language.
LANGUAGES: tuple[tuple[str, str], ...] = (("fr", "Français"), ("en", "English"))
#: The language the message ids are written in.
SOURCE = "en"

_catalogs: dict[str, gettext.NullTranslations] = {}
_current: gettext.NullTranslations = gettext.NullTranslations()
_code = SOURCE


def system_language(environ: dict[str, str] | None = None) -> str:
    """French when the system speaks French, else English (the first start's choice)."""
    env = os.environ if environ is None else environ
    candidates = [env.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        with contextlib.suppress(ValueError):  # an unparsable locale name in the environment
            candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):
            if not part or part in ("C", "POSIX") or part.startswith("C."):
                continue
            return "fr" if part.lower().startswith("fr") else SOURCE
    return SOURCE


def _load(code: str) -> gettext.NullTranslations:
    """The catalog of `code`: the compiled .mo, else the .po compiled in memory, else none."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    po = folder / f"{DOMAIN}.po"
    try:
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with mo.open("rb") as f:
                return gettext.GNUTranslations(f)
        if po.is_file():
            return gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    except (OSError, ValueError) as exc:
        log.warning("the %s catalog cannot be read (%s): English is shown", code, exc)
    return gettext.NullTranslations()


def compile_po(po: Path) -> bytes:
    """A .po file compiled to .mo bytes (what `pybabel compile` writes)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def register(code: str, translations: gettext.NullTranslations) -> None:
    """Offer a catalog made in code (tests build a pseudo-locale this way)."""
    _catalogs[code] = translations


def set_language(code: str) -> str:
    """Make `code` the language of every string translated from now on; returns the code
    used (an unknown one falls back to English)."""
    global _current, _code
    if not code:
        code = system_language()
    if code not in _catalogs and code == PSEUDO:
        _catalogs[code] = PseudoTranslations()
    if code not in _catalogs:
        known = {c for c, _name in LANGUAGES}
        if code not in known:
            log.warning("unknown language %r: English is shown", code)
            code = SOURCE
        if code not in _catalogs:
            _catalogs[code] = _load(code)
    _current = _catalogs[code]
    _code = code
    return code


def language() -> str:
    """The code of the language shown now ("fr", "en")."""
    return _code


def widget_locale() -> str:
    """The locale for pygame_gui's own words (its dialogs' buttons): ours when it has it."""
    return _code if _code in {c for c, _name in LANGUAGES} else SOURCE


def _(message: str) -> str:
    """`message` (English) in the current language (a `plural_label` with its count, a `C_`
    constant in its context)."""
    if isinstance(message, PluralLabel):
        return message.translated()
    if isinstance(message, ContextLabel):
        return _current.pgettext(message.context, message)
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` ("1 move", "3 moves"; French counts 0 and 1 as singular)."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in a context, for an English word that reads two ways in French."""
    return _current.pgettext(context, message)


def decimal(text: str) -> str:
    """A number already written ("2.5", "15.0") with the decimal mark of the language: French
    writes 2,5. The decimal mark is a message, so the catalog decides."""
    return text.replace(".", pgettext("decimal mark", "."))


def labelled(label: str, text: str) -> str:
    """"label: text" with the colon as the language writes it (French puts a no-break space
    before it): never join words and a colon in code."""
    return _("{label}: {text}").format(label=label, text=text)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a constant for extraction without translating it: it is translated with `_`
    where it is shown, in the language of that moment."""
    return message


class PluralLabel(str):
    """A count in a constant ("13 marbles"): reads as its English text, and `_` shows it in
    the current language with the right plural. Made by `plural_label`."""

    forms: tuple[str, str, int]

    def __new__(cls, singular: str, plural: str, n: int) -> PluralLabel:
        obj = super().__new__(cls, (singular if n == 1 else plural).format(n=n))
        obj.forms = (singular, plural, n)
        return obj

    def __getnewargs__(self) -> tuple[str, str, int]:  # type: ignore[override]
        return self.forms  # pickled whole (a copy, a process) as what it was made from

    def translated(self) -> str:
        singular, plural, n = self.forms
        return _current.ngettext(singular, plural, n).format(n=n)


class ContextLabel(str):
    """A constant that reads two ways in French ("None" is "Aucun" for obstacles and
    "Aucune" for a marble): its English text, with the context `_` translates it in."""

    context: str

    def __new__(cls, context: str, message: str) -> ContextLabel:
        obj = super().__new__(cls, message)
        obj.context = context
        return obj

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (self.context, str(self))


def C_(context: str, message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a constant with a context for extraction (`pybabel extract -k C_:1c,2`), as `N_`
    does for a plain one: translated in that context where it is shown."""
    return ContextLabel(context, message)


def plural_label(singular: str, plural: str, n: int) -> str:
    """Mark a counted constant ("{n} marble", "{n} marbles") for extraction, as `N_` does for
    a plain one: translated with its count where it is shown."""
    return PluralLabel(singular, plural, n)


#: The properties of a Tiled level that a player reads: its title (on the level select) and its
#: note (under the board while it is played).
_TMX_TEXT = re.compile(rb'<property name="(title|note)" value="([^"]*)"')


def extract_tmx(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for Tiled levels (babel.cfg): each level's `title` and
    `note` properties are messages, shown translated where the level is drawn."""
    for lineno, line in enumerate(fileobj, 1):
        for m in _TMX_TEXT.finditer(line):
            yield (lineno, None, html.unescape(m.group(2).decode("utf-8")),
                   [f"a level's {m.group(1).decode()}"])


#: The columns of a pieces file's `[kinds]` table that a player reads (docs/piece-notation.md).
PIECES_TEXT_COLUMNS = ("name", "summary")


def extract_pieces(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for the games' pieces files (babel.cfg): in each `[kinds]`
    table, every kind's name and the few words of its move are messages, shown translated on
    the cards and the rules screen."""
    columns: list[str] = []
    section = ""
    for lineno, raw in enumerate(fileobj, 1):
        line = raw.decode("utf-8").strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section, columns = line[1:-1].split()[0], []
            continue
        if section != "kinds":
            continue
        cells = [c.strip() for c in line.split("|")]
        if not columns:
            columns = cells
            continue
        for name, cell in zip(columns, cells, strict=False):
            if name in PIECES_TEXT_COLUMNS and cell not in ("", "-"):
                yield lineno, None, cell, [f"a piece's {name}"]
