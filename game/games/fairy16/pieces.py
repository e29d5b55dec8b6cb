"""The 24 piece kinds of the 16 x 16 fairy chess (Cazaux's Terachess), the start and the two
promotion profiles, read from the data file `pieces.txt` beside this module (its move column
is the piece notation of docs/piece-notation.md). The rules: docs/rules/fairy16.md (§2 setup,
§3 moves, §6 promotion).
"""

from __future__ import annotations

from pathlib import Path

from game.pieces import datafile
from game.pieces.kinds import PieceKind, Promotion

SIZE = 16
FILE = datafile.read(Path(__file__).with_name("pieces.txt"))

#: The promotion profiles by the name the `promotion` option gives them (§6): "unicorn" (the
#: default: Pawns become Unicorns) and "jocly" (every promotion compulsory on the last rank).
PROFILES: dict[str, dict[str, Promotion]] = {
    s.words[0]: datafile.promotions(FILE, s) for s in FILE.sections_named("promotions")}
UNICORN_PROMOTIONS = PROFILES["unicorn"]
JOCLY_PROMOTIONS = PROFILES["jocly"]

_KINDS: dict[str, tuple[PieceKind, ...]] = {
    name: datafile.kinds(FILE, promos,
                         FILE.section("moves", name) if FILE.has("moves", name) else None)
    for name, promos in PROFILES.items()}


def kinds(profile: str = "unicorn") -> tuple[PieceKind, ...]:
    """The 24 kinds with the promotions of `profile` ("unicorn" or "jocly")."""
    if profile not in PROFILES:
        raise ValueError(f"unknown promotion profile {profile!r} (unicorn or jocly)")
    return _KINDS[profile]


#: The start (§2), as a position text: White's ranks 1 to 4, Black mirrored on 16 to 13.
START_FEN = datafile.start(FILE)
#: White's ranks 1 to 4, files a to p.
START_RANKS = tuple(reversed(START_FEN.split()[0].split("/")[-4:]))
