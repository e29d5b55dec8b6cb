"""The rules screen of the 16 x 16 fairy chess, in our own words, and the data for piece cards.

`reach(kind_id, square)` lists where a piece goes from a square of an empty board (and the
squares it can only reach by capturing), straight from the same tables the rules use, so the
view's diagrams can never disagree with the rules. `piece_card(kind_id)` gives the name,
letter, a one-line summary and the promotion in words.
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.pieces.engine import engine_for

from .rules import spec_for

HELP: list[tuple[str, str]] = [
    (N_("The game"),
     N_("Fairy Chess 16×16 is Jean-Louis Cazaux's Terachess, the 'mother of all battles': chess on "
     "a board of 16 by 16 squares, with 64 men a side of 24 different kinds. White's men fill "
     "ranks 1 to 4 and Black's ranks 13 to 16, so half the board is full, as in ordinary chess. "
     "White moves first.\n\n"
     "Files are a to p from White's left, ranks 1 to 16 from White's side. The King stands on "
     "i3 (Black's on i14), the Queen beside it on h3, the Gryphon behind the King, the Lion "
     "behind the Queen, and the Unicorn at the back behind the King.")),
    (N_("Winning"),
     N_("As in chess: attack the enemy King so that it cannot escape (checkmate). You may never "
     "leave your own King attacked. A player with no legal move who is not in check is "
     "stalemated: the game is a draw. So is a position that comes back for the third time. A "
     "setup option adds a draw after a number of moves without a capture or a Pawn or "
     "Centurion move. There is no castling.")),
    (N_("The familiar pieces"),
     N_("King: one step in any direction. Queen: any distance along a rank, file or diagonal. "
     "Rook: any distance along a rank or file. Bishop: any distance diagonally. Knight: the "
     "usual jump, two squares one way and one square aside, over anything in between. These "
     "move exactly as in chess.")),
    (N_("Pawns and Centurions"),
     N_("A Pawn moves one square straight ahead, or two if both squares are empty — from any "
     "rank, not only the first time. It captures one square diagonally forward.\n\n"
     "A Centurion moves like a Pawn and may also step one square diagonally forward without "
     "capturing.\n\n"
     "En passant: right after an enemy Pawn or Centurion has made a double step, any of your "
     "Pawns or Centurions that could capture on the square it passed over may do so, removing "
     "it. A Centurion stepping onto that square always takes en passant.\n\n"
     "Reaching the far rank, a Pawn becomes a Unicorn and a Centurion a Queen, a Lion or a "
     "Gryphon (your choice).")),
    (N_("Short-range pieces"),
     N_("Buffoon: steps like a King but is an ordinary piece (it can be taken, and may stand "
     "attacked). On the far rank it may become a Queen.\n\n"
     "Elephant: one step diagonally, or a jump of exactly two squares diagonally.\n\n"
     "Machine: one step straight, or a jump of exactly two squares straight.\n\n"
     "Lion: jumps to any of the 24 squares of the 5 by 5 block around it.")),
    (N_("Jumpers"),
     N_("Camel: a longer knight jump, three squares one way and one aside; it always stays on its "
     "colour.\n\n"
     "Bull: jumps three squares one way and two aside; it always changes colour.\n\n"
     "Buffalo: any jump of the Knight, the Camel or the Bull — 24 squares.\n\n"
     "Antelope: jumps exactly two or exactly three squares along a rank, file or diagonal.\n\n"
     "Jumps go over anything between.")),
    (N_("Riders that turn"),
     N_("Gryphon: one step diagonally; from there, if that square was empty, it may go on any "
     "distance straight away from where it started (along the rank or the file that leads "
     "outward). It cannot jump.\n\n"
     "Ship: the same, but it may only go on along the file. It may become a Gryphon on one "
     "of the two far corners.\n\n"
     "Rhinoceros: a knight jump; from there, if that square was empty, it may slide on "
     "diagonally, away from where it started.")),
    (N_("Cannons"),
     N_("Cannon: moves like a Rook without capturing; to capture it must jump over exactly one "
     "piece (of either side) on its line, then take the first piece behind it. Bow: the same "
     "on diagonals. Star: the same on all eight lines.\n\n"
     "Watch for this: putting a piece between a Cannon and a King can give check, and moving "
     "it away can end one.")),
    (N_("The compound pieces"),
     N_("Dragon Woman: Rook or Knight. Diablo: Bishop or Knight. Unicorn: Queen or Knight, the "
     "strongest piece on the board.")),
    (N_("Writing moves and positions"),
     N_("Moves are written from-to, like h4-h6, with x for a capture (e5xd6), =A and the new "
     "piece's letter for a promotion (p15-p16=A), and e.p. after an en-passant capture.\n\n"
     "A position lists ranks 16 to 1 separated by '/', with White's letters in capitals and "
     "Black's in small letters, numbers for runs of empty squares, then the side to move (w or "
     "b), '-', the en-passant square or '-', and the two move counters. The letters: K King, "
     "Q Queen, R Rook, B Bishop, N Knight, P Pawn, O Centurion, I Buffoon, E Elephant, "
     "D Machine, L Lion, H Gryphon, X Ship, J Camel, Z Cannon, W Bow, T Bull, F Buffalo, "
     "U Rhinoceros, S Star, A Unicorn, M Dragon Woman, C Diablo, G Antelope.")),
    (N_("Other promotion rules"),
     N_("The setup offers Jocly's Terachess promotions instead: all compulsory on the far rank — "
     "Pawn and Centurion to Queen, Knight, Camel and Bull to Buffalo, Elephant and Machine to "
     "Lion, Antelope to Star, Ship to Gryphon, Buffoon to Unicorn; the Buffoon then also has "
     "the Pawn's straight double step.")),
]


def reach(kind_id: str, square: str | int = "h8", profile: str = "unicorn"
          ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(squares the kind moves to from `square` on an empty board, squares it reaches only
    by capturing — for hoppers, those beyond a screen on its lines), for White."""
    engine = engine_for(spec_for(profile))
    sq = engine.geo.parse(square) if isinstance(square, str) else square
    return engine.empty_board_reach(kind_id, sq, 0)


def piece_card(kind_id: str, profile: str = "unicorn") -> dict[str, Any]:
    """Name, letter, summary and promotion text of a kind (for the view's piece card)."""
    spec = spec_for(profile)
    kind = spec.kind(kind_id)
    promo = kind.promotion
    if promo is None:
        promotion = "" if not kind.royal else "royal: it must never be left in check"
    else:
        names = " or ".join(spec.kind(t).name for t in promo.targets)
        where = "a far corner" if promo.squares else "the far rank"
        promotion = (f"{'may become' if promo.optional else 'becomes'} {names} on {where}")
    return {"name": kind.name, "letter": kind.letter,
            "summary": kind.extra.get("summary", ""), "promotion": promotion}


#: Pictures of the rules screen, by section: the start position, then each family's moves drawn
#: by the rules' own generator (the same diagrams as the piece cards).
DIAGRAMS: dict[str, str] = {
    "The game": "gjwtzfusamcztwjg/ooooooolhooooooo/edrnbxiqkixbnrde/pppppppppppppppp/16/16/16/16/"
                "16/16/16/16/PPPPPPPPPPPPPPPP/EDRNBXIQKIXBNRDE/OOOOOOOLHOOOOOOO/GJWTZFUSAMCZTWJG "
                "w - - 0 1",
    "The familiar pieces": "pieces:king,queen,rook,bishop,knight",
    "Pawns and Centurions": "pieces:pawn,centurion",
    "Short-range pieces": "pieces:buffoon,elephant,machine,lion",
    "Jumpers": "pieces:camel,bull,buffalo,antelope",
    "Riders that turn": "pieces:gryphon,ship,rhinoceros",
    "Cannons": "pieces:cannon,bow,star",
    "The compound pieces": "pieces:dragon_woman,diablo,unicorn",
}
