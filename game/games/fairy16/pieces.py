"""The 24 piece kinds of the 16 x 16 fairy chess (Cazaux's Terachess), the start, and the two
promotion profiles — all data. Reference: shared/rules/fairy-chess-16.md (§2 setup, §3 moves,
§6 promotion).

Names are the seed's (Unicorn, Dragon Woman, Diablo, Gryphon, Centurion, Buffoon …); letters
are Jocly's, so positions can be compared with Jocly. Values are in hundredths of a Pawn,
reasoned from the mobility counts of §3 (destinations from h8 on an empty board) with sliders
weighted up because the board is wide and open, and leapers down because they are slow to
cross 16 ranks.
"""

from __future__ import annotations

from game.pieces.atoms import (
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

#: Seed profile promotions (§6, recommended default).
SEED_PROMOTIONS: dict[str, Promotion] = {
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

#: (id, Jocly letter, seed name, atoms, value, move in a few words for cards and help)
_TABLE: tuple[tuple[str, str, str, tuple, int, str], ...] = (
    ("king", "K", "King", (K(),), 0, "one step any way; royal"),
    ("queen", "Q", "Queen", (Q(),), 1150, "any distance along lines and diagonals"),
    ("rook", "R", "Rook", (R(),), 650, "any distance along lines"),
    ("bishop", "B", "Bishop", (B(),), 450, "any distance along diagonals"),
    ("knight", "N", "Knight", (_N,), 280, "the knight's jump"),
    ("pawn", "P", "Pawn", _PAWN_STEPS, 100, "1 or 2 straight ahead, takes 1 diagonally ahead"),
    ("centurion", "O", "Centurion",
     (*_PAWN_STEPS, Leap(_FORWARD_DIAGONALS, "move")), 130,
     "a Pawn that may also step diagonally ahead without taking"),
    ("buffoon", "I", "Buffoon", (K(),), 300, "one step any way; not royal"),
    ("elephant", "E", "Elephant", (F(), leaper(2, 2)), 250,
     "one diagonal step or a jump two squares diagonally"),
    ("machine", "D", "Machine", (W(), leaper(2, 0)), 250,
     "one straight step or a jump two squares straight"),
    ("lion", "L", "Lion", (K(), _N, leaper(2, 2), leaper(2, 0)), 650,
     "jumps to any square of the 5 x 5 block around it"),
    ("gryphon", "H", "Gryphon", (gryphon(),), 1000,
     "one diagonal step, then on straight outward"),
    ("ship", "X", "Ship", (ship(),), 450, "one diagonal step, then on vertically outward"),
    ("camel", "J", "Camel", (leaper(1, 3),), 200, "jumps (1,3)"),
    ("cannon", "Z", "Cannon", (R("move"), Hop(ORTHOGONAL)), 400,
     "moves like a Rook, takes by jumping one piece"),
    ("bow", "W", "Bow", (B("move"), Hop(DIAGONAL)), 300,
     "moves like a Bishop, takes by jumping one piece"),
    ("bull", "T", "Bull", (leaper(2, 3),), 220, "jumps (2,3)"),
    ("buffalo", "F", "Buffalo", (_N, leaper(1, 3), leaper(2, 3)), 550,
     "jumps (1,2), (1,3) or (2,3)"),
    ("rhinoceros", "U", "Rhinoceros", (rhinoceros(),), 850,
     "a knight's jump, then on diagonally outward"),
    ("star", "S", "Star", (Q("move"), Hop(ALL_DIRECTIONS)), 600,
     "moves like a Queen, takes by jumping one piece"),
    ("unicorn", "A", "Unicorn", (Q(), _N), 1400, "Queen or Knight"),
    ("dragon_woman", "M", "Dragon Woman", (R(), _N), 950, "Rook or Knight"),
    ("diablo", "C", "Diablo", (B(), _N), 800, "Bishop or Knight"),
    ("antelope", "G", "Antelope", (leaper(2, 0), leaper(3, 0), leaper(2, 2), leaper(3, 3)), 400,
     "jumps exactly 2 or 3 squares along a line or diagonal"),
)

#: The Jocly Buffoon (Prince) has a straight double step too, and can be taken e.p. for it.
_JOCLY_BUFFOON_EXTRA = (Leap(((0, 2),), "move", lame=True, double=True),)


def kinds(profile: str = "seed") -> tuple[PieceKind, ...]:
    """The 24 kinds with the promotions of `profile` ("seed" or "jocly")."""
    if profile not in ("seed", "jocly"):
        raise ValueError(f"unknown promotion profile {profile!r} (seed or jocly)")
    promos = SEED_PROMOTIONS if profile == "seed" else JOCLY_PROMOTIONS
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
