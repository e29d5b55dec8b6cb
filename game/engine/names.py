"""Player names and typed text made safe to store and to draw.

Some characters have no width at all: zero-width spaces and joiners, the byte-order mark, soft
hyphens, control characters. The font renderer refuses a text made only of them ("Text has zero
width"), so one of them typed in a name field, or read from a save, would stop the app. A
combining accent with no letter before it draws nothing either. Names are cleaned wherever they
enter (typed, read from settings or a save); typed text loses its invisible characters before
a text field ever sees it.
"""

from __future__ import annotations

import unicodedata

#: The longest name kept (the setup screen's text fields take as many).
MAX_NAME = 24

#: Unicode categories that draw nothing: controls, format characters (zero-width space and
#: joiners, BOM, soft hyphen, direction marks), surrogates, private use, unassigned, and line or
#: paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _visible(ch: str) -> bool:
    return unicodedata.category(ch) not in _INVISIBLE


def clean_typed(text: str) -> str:
    """Typed text without the characters that draw nothing (a combining mark is kept: it joins
    the letter already in the field)."""
    return "".join(ch for ch in text if _visible(ch))


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """A name fit to show: composed (NFC), invisible characters and marks with no letter to sit
    on removed, runs of spaces made one, trimmed, at most `limit` characters. May be empty:
    the caller then uses the side's own name."""
    text = unicodedata.normalize("NFC", text)
    out: list[str] = []
    for ch in text:
        if not _visible(ch):
            continue
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if unicodedata.category(ch).startswith("M") and (not out or out[-1] == " "):
            continue  # a mark with nothing under it
        out.append(ch)
    name = "".join(out).strip()[:limit].rstrip()
    # a cut may leave a mark whose letter is gone, or text that draws nothing at all
    if not any(not unicodedata.category(ch).startswith("M") for ch in name):
        return ""
    return name
