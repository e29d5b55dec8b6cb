"""The rules screen for Tai Shogi, in our own words (the rules written down: docs/rules/taishogi.md)."""

from __future__ import annotations

from game.i18n import N_

from . import pieces
from .rules import DEFAULT_OPTIONS

HELP: list[tuple[str, str]] = [
    (N_("The game"),
     N_("Tai Shogi, the grand shogi, is the largest chess game known to have been played: a board "
     "of 25 by 25 squares and 177 men a side, of 93 kinds. Black sits at the bottom and moves "
     "first; the men are wedges that point at the enemy, so the owner of a man is shown by the "
     "way it points. Captured men leave the game for good: there are no drops.")),
    (N_("Winning"),
     N_("There is no check and no mate. A side loses when its last royal man is captured: the "
     "Emperor and every Crown Prince it owns (a Drunk Elephant that captures becomes a second "
     "Crown Prince). Royals may stand on attacked squares; watching over them is your job. A "
     "side that cannot move at all also loses.")),
    (N_("Promotion by capture"),
     N_("There are no promotion zones. Under the rules of The Shogi Association (the default), a "
     "man of one of the 36 kinds that can promote turns over the moment it captures: a Rook "
     "becomes a Gold General, an Eastern Barbarian a Lion, a Lion a Furious Fiend. A man that "
     "got its rank by promotion never promotes again, and Pawns, Lances and the generals never "
     "promote at all. Promoted men are drawn in red.")),
    (N_("The Emperor"),
     N_("The Emperor leaps to any square of the board in one move, over anything. It may capture "
     "only a man that no other enemy man protects; by default it also needs one of your own men "
     "to cover the square, since otherwise the enemy Emperor could take it back.")),
    (N_("The Lion and its kin"),
     N_("The Lion moves to any square within two king steps, leaping. It may capture a man next to "
     "it and then step once more, capturing again; capture next to it without moving (igui); or "
     "step to an empty neighbour and back, which passes the turn. The Furious Fiend and the "
     "Buddhist Spirit have the Lion's move as well; the Horned Falcon has it on its forward line "
     "and the Soaring Eagle on its two forward diagonals, two squares deep.")),
    (N_("Hook movers"),
     N_("The Hook Mover slides like a rook and may then turn once at a right angle from any empty "
     "square it passed, so it reaches every square of an empty board. The Capricorn does the "
     "same with bishop legs; the Long-Nosed Goblin adds one orthogonal step; the Peacock hooks "
     "only from its forward diagonals and also steps back up to two squares diagonally.")),
    (N_("Ranging men"),
     N_("Most men step or slide along lines: a slider goes any distance until it meets a man, "
     "which it may capture; some slide only two, three or five squares, or only in some "
     "directions. Every man's card shows its move drawn by the rules themselves: right-click a "
     "man (or rest the pointer on it) to open it, and Esc closes it. On the card, forward is the "
     "way the man faces on the board, shown by an arrow.")),
    (N_("Move diagrams"),
     N_("Below, drawn by the rules themselves, is the move of every man that ranges (slides any "
     "distance, or three or five squares), jumps, hooks, moves as a Lion or is royal: the man "
     "stands at the centre of an empty board, facing up, and a mark shows each square it can go "
     "to, moving or capturing. Men that only step one or two squares are left out; their cards "
     "show them. Scroll with the mouse wheel; in a game, right-click a man to open its card.")),
    (N_("Writing moves"),
     N_("Squares are numbered as Tai game records do: files 1 to 25 from Black's right, ranks a "
     "to y from the top. A move is the man's symbol (+ first for a promoted man), the start "
     "square when needed, - or x and the square: P-13r, Rx7c+ (the Rook captured and "
     "promoted). A Lion's double capture lists both victims: Lnx3hx2i; igui is Lnx!9d; a pass "
     "names the Lion's square twice: Ln13v-13v.")),
    (N_("Rule options"),
     N_("The old sources disagree on many points; the setup lets you pick the other readings: the "
     "Ludii / Wikipedia promotion table, promotion compulsory only when taking a promoted man, a "
     "Crown Prince that promotes to Emperor, the Flying Dragon's promotion, the Lion Dog as a "
     "three-step Lion, the Teaching King's Lion power, the Emperor's capture test, the Peacock's "
     "second leg, the Deva and Dark Spirit rule and the Turtle-Snake's move.")),
]



def _in_gallery(abbr: str) -> bool:
    """Whether a kind's move needs a picture: a slide of any length or longer than two squares,
    a jump, a hook, a Lion power or the Emperor's leap, or a royal man."""
    if pieces.KINDS[abbr].royal:
        return True
    for item in pieces.move_items(DEFAULT_OPTIONS, abbr):
        if item.kind == "slide" and (item.limit == 0 or item.limit > 2):
            return True
        if item.kind != "slide" and not (item.kind == "leap" and item.letter in "WFK"):
            return True
    return False


#: The kinds drawn in the move diagrams gallery, in the table's order.
GALLERY: tuple[str, ...] = tuple(k for k in pieces.ORDER if _in_gallery(k))

#: Pictures beside the sections (the rules screen): the same move diagrams as the piece cards,
#: computed by the rules, so they cannot disagree with the game.
DIAGRAMS: dict[str, str] = {
    "Winning": "pieces:E,CP",
    "Promotion by capture": "promotion:R,EB,Ln,DE",
    "The Emperor": "pieces:E",
    "The Lion and its kin": "pieces:Ln,FF,BSp,HF,SE,LD",
    "Hook movers": "pieces:HM,Ca,LGn,PC",
    "Ranging men": "pieces:L,R,B,FK,DK,SM,VM,RC,DH",
    "Move diagrams": "gallery:" + ",".join(GALLERY),
}
