"""A pseudo-language for finding text that will not fit: every English message comes back
40 % longer, its letters accented, between brackets.

"Settings" reads "[Šéţţîñĝš ƒļô]": the accents show which text went through the catalog (and
that marks above and below the line are not cut), the brackets show where a text ends (a cut
one loses its "]"), and the padding makes each line as much longer as a longer language would
(French runs about a fifth longer than English, German a third). Placeholders ({n},
{name!r}, %(x)s) and line breaks are kept whole, so the text still formats and wraps.

Chosen with the language code `CODE`, "en-XA" (i18n.set_language, `--lang en-XA` in
tools/screenshot.py, or LUDOTHEQUE_LANGUAGE=en-XA for the tools); it is never offered in
Settings. Pure: no pygame.
"""

from __future__ import annotations

import gettext
import math
import re

#: The language code that chooses it (game.i18n names it PSEUDO).
CODE = "en-XA"
#: How much longer each line gets (counted in characters, placeholders excluded).
GROWTH = 0.4

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçďéƒĝĥîĵķļɱñöƥʠŕšţûṽŵẋýžÁƁÇĎÉƑĜĤÎĴĶĻṀÑÖƤɊŔŠŢÛṼŴẊÝŽ")
#: What stays as it is: format fields, printf fields, and markup pygame_gui reads.
_KEEP = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[sd]|<[^<>]*>")
_PAD = "ƒļô ŵéñ ţŕý ɱûš ĥéĺ ƥôɱ ďéš ûñé ñôš ţéļ"


def _line(text: str) -> str:
    if not text.strip():
        return text
    out, visible, last = [], 0, 0
    for m in _KEEP.finditer(text):
        plain = text[last:m.start()]
        out += [plain.translate(_ACCENTED), m.group(0)]
        visible += len(plain)
        last = m.end()
    plain = text[last:]
    out.append(plain.translate(_ACCENTED))
    visible += len(plain)
    extra = math.ceil(GROWTH * visible) - 3  # the brackets and the space before the pad count
    pad = (_PAD * (extra // len(_PAD) + 1))[:extra] if extra > 0 else ""
    pad = pad[:-1] + "ŕ" if pad.endswith(" ") else pad  # a trailing space would not show
    return "[" + "".join(out) + (" " + pad if pad else "") + "]"


def pseudo(message: str) -> str:
    """`message` in the pseudo-language (each line its own 40 %)."""
    return "\n".join(_line(line) for line in message.split("\n"))


class PseudoTranslations(gettext.NullTranslations):
    """Every message, whether or not a catalog holds it, in the pseudo-language."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
