"""The French catalogue of the piece games: one name per Tai Shogi piece wherever it is written,
"plateau" for Rithmomachia's board, and no plain space before a colon (a line could end on it)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from game.games.taishogi.pieces import KINDS

CATALOGUE = Path(__file__).resolve().parents[3] / "game/locale/fr/LC_MESSAGES/ludotheque.po"
PIECE_GAMES = ("game/games/taishogi/", "game/games/fairy16/", "game/games/rithmomachia/")


def entries(where: tuple[str, ...]) -> list[tuple[str, str]]:
    with CATALOGUE.open("rb") as f:
        cat = read_po(f)
    return [(m.id, m.string) for m in cat if isinstance(m.id, str) and m.id and m.string
            and any(loc.startswith(where) for loc, _line in m.locations)]


def test_a_tai_shogi_piece_has_one_french_name_everywhere() -> None:
    names = {k.name for k in KINDS.values()}
    texts = entries(("game/games/taishogi/",))
    french = {en: fr for en, fr in texts if en in names}
    wrong = [(en, fr, msgid[:50]) for msgid, text in texts if msgid not in names
             for en, fr in french.items()
             if re.search(rf"\b{re.escape(en)}\b", msgid) and fr.lower() not in text.lower()]
    assert not wrong, wrong


def test_rithmomachia_says_plateau() -> None:
    assert not [en for en, fr in entries(("game/games/rithmomachia/",)) if "tableau" in fr]


def test_no_plain_space_before_a_colon_in_the_piece_games() -> None:
    assert not [fr for _en, fr in entries(PIECE_GAMES) if re.search(r" [:;!?]", fr)]
