"""The 24 piece kinds of the 16 x 16 fairy chess (Cazaux's Terachess), the start, and the two
promotion profiles — all data. The rules: docs/rules/fairy16.md (§2 setup, §3 moves,
§6 promotion).

Names are the French description's (Unicorn, Dragon Woman, Diablo, Gryphon, Centurion, Buffoon …); letters
are Jocly's, so positions can be compared with Jocly. Values are in hundredths of a Pawn,
reasoned from the mobility counts of §3 (destinations from h8 on an empty board) with sliders
weighted up because the board is wide and open, and leapers down because they are slow to
cross 16 ranks.
"""

from __future__ import annotations

from game.i18n import N_
from game.pieces.atoms import (
    Atom,
    B,
    F,
    Hop,
    K,
    Leap,
    Q,
    R,
    W,
    gryphon,
    leaper,
    rhinoceros,
    ship,
)
from game.pieces.geometry import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL
from game.pieces.kinds import PieceKind, Promotion

SIZE = 16

_FORWARD_DIAGONALS = ((1, 1), (-1, 1))
_PAWN_STEPS = (
    Leap(((0, 1),), "move"),
    Leap(((0, 2),), "move", lame=True, double=True),
    Leap(_FORWARD_DIAGONALS, "capture", ep=True),
)
_N = leaper(1, 2)

#: The default promotions, "unicorn" (§6): Pawns become Unicorns.
UNICORN_PROMOTIONS: dict[str, Promotion] = {
    "pawn": Promotion(("unicorn",)),
    "centurion": Promotion(("queen", "lion", "gryphon")),
    "buffoon": Promotion(("queen",), optional=True),
    "ship": Promotion(("gryphon",), optional=True, squares=((0, SIZE - 1), (SIZE - 1, SIZE - 1))),
}

#: Jocly Terachess profile (§6): every promotion compulsory on the last rank.
JOCLY_PROMOTIONS: dict[str, Promotion] = {
    "pawn": Promotion(("queen",)),
    "centurion": Promotion(("queen",)),
    "buffoon": Promotion(("unicorn",)),
    "ship": Promotion(("gryphon",)),
    "knight": Promotion(("buffalo",)),
    "camel": Promotion(("buffalo",)),
    "bull": Promotion(("buffalo",)),
    "elephant": Promotion(("lion",)),
    "machine": Promotion(("lion",)),
    "antelope": Promotion(("star",)),
}

#: The promotion profiles by the name the `promotion` option gives them.
PROFILES: dict[str, dict[str, Promotion]] = {"unicorn": UNICORN_PROMOTIONS, "jocly": JOCLY_PROMOTIONS}

#: (id, Jocly letter, name, atoms, value, move in a few words for cards and help)
_TABLE: tuple[tuple[str, str, str, tuple[Atom, ...], int, str], ...] = (
    ("king", "K", N_("King"), (K(),), 0, N_("one step any way; royal")),
    ("queen", "Q", N_("Queen"), (Q(),), 1150, N_("any distance along lines and diagonals")),
    ("rook", "R", N_("Rook"), (R(),), 650, N_("any distance along lines")),
    ("bishop", "B", N_("Bishop"), (B(),), 450, N_("any distance along diagonals")),
    ("knight", "N", N_("Knight"), (_N,), 280, N_("the knight's jump")),
    ("pawn", "P", N_("Pawn"), _PAWN_STEPS, 100, N_("1 or 2 straight ahead, takes 1 diagonally ahead")),
    ("centurion", "O", N_("Centurion"),
     (*_PAWN_STEPS, Leap(_FORWARD_DIAGONALS, "move")), 130,
     N_("a Pawn that may also step diagonally ahead without taking")),
    ("buffoon", "I", N_("Buffoon"), (K(),), 300, N_("one step any way; not royal")),
    ("elephant", "E", N_("Elephant"), (F(), leaper(2, 2)), 250,
     N_("one diagonal step or a jump two squares diagonally")),
    ("machine", "D", N_("Machine"), (W(), leaper(2, 0)), 250,
     N_("one straight step or a jump two squares straight")),
    ("lion", "L", N_("Lion"), (K(), _N, leaper(2, 2), leaper(2, 0)), 650,
     N_("jumps to any square of the 5 x 5 block around it")),
    ("gryphon", "H", N_("Gryphon"), (gryphon(),), 1000,
     N_("one diagonal step, then on straight outward")),
    ("ship", "X", N_("Ship"), (ship(),), 450, N_("one diagonal step, then on vertically outward")),
    ("camel", "J", N_("Camel"), (leaper(1, 3),), 200, N_("jumps (1,3)")),
    ("cannon", "Z", N_("Cannon"), (R("move"), Hop(ORTHOGONAL)), 400,
     N_("moves like a Rook, takes by jumping one piece")),
    ("bow", "W", N_("Bow"), (B("move"), Hop(DIAGONAL)), 300,
     N_("moves like a Bishop, takes by jumping one piece")),
    ("bull", "T", N_("Bull"), (leaper(2, 3),), 220, N_("jumps (2,3)")),
    ("buffalo", "F", N_("Buffalo"), (_N, leaper(1, 3), leaper(2, 3)), 550,
     N_("jumps (1,2), (1,3) or (2,3)")),
    ("rhinoceros", "U", N_("Rhinoceros"), (rhinoceros(),), 850,
     N_("a knight's jump, then on diagonally outward")),
    ("star", "S", N_("Star"), (Q("move"), Hop(ALL_DIRECTIONS)), 600,
     N_("moves like a Queen, takes by jumping one piece")),
    ("unicorn", "A", N_("Unicorn"), (Q(), _N), 1400, N_("Queen or Knight")),
    ("dragon_woman", "M", N_("Dragon Woman"), (R(), _N), 950, N_("Rook or Knight")),
    ("diablo", "C", N_("Diablo"), (B(), _N), 800, N_("Bishop or Knight")),
    ("antelope", "G", N_("Antelope"), (leaper(2, 0), leaper(3, 0), leaper(2, 2), leaper(3, 3)), 400,
     N_("jumps exactly 2 or 3 squares along a line or diagonal")),
)

#: The Jocly Buffoon (Prince) has a straight double step too, and can be taken e.p. for it.
_JOCLY_BUFFOON_EXTRA = (Leap(((0, 2),), "move", lame=True, double=True),)


def kinds(profile: str = "unicorn") -> tuple[PieceKind, ...]:
    """The 24 kinds with the promotions of `profile` ("unicorn" or "jocly")."""
    if profile not in PROFILES:
        raise ValueError(f"unknown promotion profile {profile!r} (unicorn or jocly)")
    promos = PROFILES[profile]
    out = []
    for kid, letter, name, atoms, value, words in _TABLE:
        if kid == "buffoon" and profile == "jocly":
            atoms = (*atoms, *_JOCLY_BUFFOON_EXTRA)
        out.append(PieceKind(kid, letter, name, tuple(atoms), royal=kid == "king", value=value,
                             promotion=promos.get(kid), extra={"summary": words}))
    return tuple(out)


#: White's ranks 1 to 4, files a to p (§2); Black mirrors them on ranks 16 to 13.
START_RANKS = (
    "GJWTZFUSAMCZTWJG",
    "OOOOOOOLHOOOOOOO",
    "EDRNBXIQKIXBNRDE",
    "PPPPPPPPPPPPPPPP",
)

START_FEN = (
    "gjwtzfusamcztwjg/ooooooolhooooooo/edrnbxiqkixbnrde/pppppppppppppppp/"
    "16/16/16/16/16/16/16/16/"
    "PPPPPPPPPPPPPPPP/EDRNBXIQKIXBNRDE/OOOOOOOLHOOOOOOO/GJWTZFUSAMCZTWJG w - - 0 1"
)
