"""The rules screen of chess, in our own words, with its pictures (the start position, then
each kind's moves drawn by the rules' own generator)."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The game"),
     N_("Chess on its board of 8 by 8 squares, 16 men a side: a King, a Queen, two Rooks, two "
        "Bishops, two Knights and eight Pawns. White moves first. It is here as a bonus: the "
        "same engine as the big fairy chess plays it from a table of six pieces.")),
    (N_("Winning"),
     N_("Attack the enemy King so that it cannot escape: checkmate. You may never leave your "
        "own King attacked. A player with no legal move who is not in check is stalemated: a "
        "draw. So is the third time the same position comes back, fifty moves by each side "
        "with no capture and no Pawn move, and a board where neither side has the men left to "
        "mate (Kings alone, a lone Knight or Bishops all on one colour).")),
    (N_("The pieces"),
     N_("King: one step in any direction. Queen: any distance along a rank, file or "
        "diagonal. Rook: any distance along a rank or file. Bishop: any distance diagonally. "
        "Knight: two squares one way and one aside, jumping over anything between.")),
    (N_("Pawns"),
     N_("A Pawn moves one square straight ahead, or two from its starting rank if both are "
        "empty, and captures one square diagonally forward. Right after an enemy Pawn's double "
        "step past one of your Pawns' capturing squares, that Pawn may take it en passant, as "
        "if it had moved one square. On the far rank a Pawn becomes a Queen, Rook, Bishop or "
        "Knight, your choice.")),
    (N_("Castling"),
     N_("Once in a game, the King may move two squares towards a Rook, which jumps to the "
        "square the King crossed. Neither may have moved before, the squares between them "
        "must be empty, and the King may not be in check, cross an attacked square or land on "
        "one. Play it by moving the King two squares (e1-g1 or e1-c1).")),
    (N_("Writing moves and positions"),
     N_("Moves are written from-to, like e2-e4, with x for a capture (e4xd5), =Q and the new "
        "piece's letter for a promotion (e7-e8=Q), and e.p. after an en-passant capture. "
        "Positions are written in FEN: ranks 8 to 1, White's letters in capitals (K Q R B N "
        "P), then the side to move, the castling rights (KQkq or -), the en-passant square and "
        "the two move counters.")),
]

#: Pictures of the rules screen, by section.
DIAGRAMS: dict[str, str] = {
    "The game": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "The pieces": "pieces:king,queen,rook,bishop,knight",
    "Pawns": "pieces:pawn",
    "Castling": "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
}
