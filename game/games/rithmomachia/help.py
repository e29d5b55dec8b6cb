"""The rules screen for Rithmomachia, in our own words, with diagrams given as position texts."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The game"),
     N_("Rithmomachia, the battle of numbers, was played in European schools for five centuries to "
     "practise arithmetic. Two armies of numbered pieces face each other on a board of 8 files "
     "(a to h) and 16 ranks (1 to 16).\n\n"
     "The Evens play the white pieces and sit at ranks 1 to 8, their camp; the Odds play the "
     "black pieces in the camp of ranks 9 to 16. Each side has 24 pieces: eight circles, eight "
     "triangles and eight squares, one of which is a pyramid. The Evens move first.\n\n"
     "You capture by arithmetic: a product, a quotient, a sum or a difference of your pieces "
     "must equal the enemy's number. You win by the victory chosen before the game: taking "
     "enough pieces, or lining up numbers in a progression in the enemy's half.")),
    (N_("The numbers"),
     N_("Every value comes from the side's four base numbers: 2, 4, 6, 8 for the Evens and 3, 5, 7, 9 "
     "for the Odds. Each base number n gives six pieces:\n\n"
     "  circles: n and n × n\n\n"
     "  triangles: n + n × n, and (n + 1) × (n + 1)\n\n"
     "  squares: n + n × n + (n + 1) × (n + 1), and (2n + 1) × (2n + 1)\n\n"
     "Evens. Circles 2 4 6 8 and 4 16 36 64. Triangles 6 20 42 72 and 9 25 49 81. "
     "Squares 15 45 91 153 and 25 81 169 289 (91 is the pyramid). Total 1312.\n\n"
     "Odds. Circles 3 5 7 9 and 9 25 49 81. Triangles 12 30 56 90 and 16 36 64 100. "
     "Squares 28 66 120 190 and 49 121 225 361 (190 is the pyramid). Total 1752.\n\n"
     "Only 9, 16, 25, 36, 49, 64 and 81 appear on both sides.")),
    (N_("Pyramids"),
     N_("A pyramid is a stack of square layers on one board square. The Evens' pyramid, 91, is "
     "perfect: 36 + 25 + 16 + 9 + 4 + 1. The Odds' pyramid, 190, has lost its three top "
     "layers: 64 + 49 + 36 + 25 + 16.\n\n"
     "A pyramid moves like a square and counts as one piece. When it captures it may use its "
     "whole value or any single layer (never two layers added). How a pyramid is taken or "
     "ransomed is told under 'Ransom and the pyramids'.")),
    (N_("Moving"),
     N_("Pieces move straight forward, back, left or right, never diagonally, and always the exact "
     "distance of their shape: a circle one square, a triangle two, a square or a pyramid three.\n\n"
     "The square where the piece stops must be empty: moving never captures. The squares it "
     "passes over must be empty or hold pieces of its own side; an enemy piece in the way "
     "blocks it.\n\n"
     "From the start each side has 22 moves, for instance the Evens' a1-a4, which jumps the "
     "square 289 over its own 153 and 81.")),
    (N_("A turn in three phases"),
     N_("1. First you may make any captures that are already possible, as many as you like, one "
     "at a time.\n\n"
     "2. Then you must move one piece. If you cannot move at all at the start of your turn, "
     "you lose.\n\n"
     "3. After the move you may make the captures in which the piece you moved takes part. "
     "Captures that the move merely opened for other pieces wait for your next turn's first "
     "phase. Then you end your turn.\n\n"
     "Captures are never compulsory, and capturing pieces stay where they are. In the common "
     "victories a captured piece leaves the board; in the proper victories it is turned over "
     "on its square and joins your army at once: won in phase 1 it may be the piece you move, "
     "won in phase 3 it may capture in turn.")),
    (N_("Attack"),
     N_("Count the squares between your piece and an enemy piece on the same file or rank; they "
     "must all be empty and there must be at least two. If your value times that count, or "
     "divided by it, equals the enemy's value, you take it.\n\n"
     "In the picture the Evens' circle 4 on d5 and the Odds' triangle 12 on d9 have three empty "
     "squares between them: 4 × 3 = 12, so the Evens may take the 12. It works both ways: on "
     "their turn the Odds may take the 4, since 12 ÷ 3 = 4.")),
    (N_("Meeting"),
     N_("When your piece stands right next to an enemy piece of the same value (on a file or a "
     "rank, not diagonally), you take it.\n\n"
     "In the picture the Evens' square 25 on e8 meets the Odds' circle 25 on e9: whoever has "
     "the turn may take the other.")),
    (N_("Ambush"),
     N_("When two or three of your pieces stand next to an enemy piece, and adding or subtracting "
     "their values gives the enemy's value, you take it.\n\n"
     "In the picture the Evens' circles 36 and 6 stand on each side of the Odds' triangle 30: "
     "36 − 6 = 30. Three pieces work the same way: 45 + 15 + 6 = 66 takes a square 66 that "
     "has the 45, the 15 and the 6 around it.")),
    (N_("Combination"),
     N_("An attack and an ambush can join forces: one attacking piece on the line (its value times "
     "or divided by the empty squares between) plus one to three pieces next to the victim, "
     "added or subtracted.\n\n"
     "In the picture the Odds' triangle 56 on e10 has the Evens' circles 2 and 4 beside it. "
     "The Evens move their triangle 25 to e7, leaving two empty squares between it and the 56: "
     "25 × 2 + 4 + 2 = 56, and the 56 is taken in phase 3.")),
    (N_("Siege"),
     N_("An enemy piece whose four neighbours (above, below, left, right) are all your pieces "
     "cannot move: it is taken. The edge of the board counts as a wall, so a piece on the edge "
     "needs only three besiegers and one in a corner two (a setup option turns this off).\n\n"
     "In the picture the Odds' circle 3 on a9 is shut in by 64, 36 and 16 and the edge.")),
    (N_("Ransom and the pyramids"),
     N_("A product, sum or meeting aimed at a pyramid that equals its whole value (91 or 190) "
     "takes the whole pyramid. A siege takes it whole too.\n\n"
     "If the number equals one of its layers instead, the pyramid is ransomed: it stays on the "
     "board, complete, and you take instead any enemy piece of your choice worth that layer, "
     "wherever it stands; if the enemy has none, you take any piece you like except the "
     "pyramid.\n\n"
     "In the picture the Odds' circle 9 meets layer 9 of the Evens' pyramid, so the Odds may "
     "take the Evens' triangle 9 on h3. The pyramid in turn may use its layer 9 to meet and "
     "take the circle 9.")),
    (N_("Victories"),
     N_("Before the game, choose one victory and its numbers. The common victories count what "
     "you have taken (captured pieces leave the board):\n\n"
     "  de corpore: N pieces. de bonis: pieces worth S or more in all. de lite: worth S or "
     "more, with exactly C digits written on them. de honore: N pieces worth S or more. "
     "de honore liteque: N pieces, S and exactly C digits.\n\n"
     "The proper victories are won by lining up pieces in the enemy's half (captured pieces "
     "change sides there). The pieces must stand on squares next to each other along one file "
     "or rank, their values rising or falling along the line:\n\n"
     "  magna: three pieces in a progression. major: four pieces in which two kinds of "
     "progression can be found (taking three of them at a time). praestantissima: four pieces "
     "showing all three kinds.\n\n"
     "In the picture the Evens have two lines in the Odds' half: 2, 4, 8 (geometric) on "
     "c9-c11 and 9, 15, 45 (harmonic) on e9-e11; either wins the victoria magna.\n\n"
     "The progressions: arithmetic, equal steps (2, 4, 6); geometric, equal ratios (2, 4, 8); "
     "harmonic, where the reciprocals step equally (3, 4, 6: the middle is to the ends as "
     "6 − 4 is to 4 − 3, that is as 6 to 3). The four values 3, 4, 6, 9 show all three.")),
    (N_("Writing moves and positions"),
     N_("A move is written from-to: a1-a4. A capture is a letter for its kind (A attack, M "
     "meeting, E ambush, C combination, S siege, R ransom), a colon, the capturing squares "
     "joined by +, x and the square taken: C:d10+e7+f10xe10. A ransom adds = and the piece "
     "taken: R:d9xd8=h3. -- ends the turn after the move.\n\n"
     "A position lists the ranks from 16 down to 1, separated by /, each rank's squares from a "
     "to h separated by commas: a number for empty squares, or a piece as its shape (C, T, S, "
     "P) and value, in capitals for the Evens and small letters for the Odds. Then e or o for "
     "the side to move, 3:square while captures after the move are being made, and e: and o: "
     "followed by the pieces each side has taken.")),
]

DIAGRAMS: dict[str, str] = {
    "The game": "s49,s121,4,s225,s361/s28,s66,t36,t30,t56,t64,s120,p190/"
                "t16,t12,c9,c25,c49,c81,t90,t100/2,c3,c5,c7,c9,2/8/8/8/8/8/8/8/8/"
                "2,C8,C6,C4,C2,2/T81,T72,C64,C36,C16,C4,T6,T9/"
                "S153,P91,T49,T42,T20,T25,S45,S15/S289,S169,4,S81,S25 e",
    "Attack": "8/8/8/8/8/8/8/3,t12,4/8/8/8/3,C4,4/8/8/8/8 e",
    "Meeting": "8/8/8/8/8/8/8/4,c25,3/4,S25,3/8/8/8/8/8/8/8 e",
    "Ambush": "8/8/8/8/8/8/8/2,C36,t30,C6,3/8/8/8/8/8/8/8/8 e",
    "Combination": "8/8/8/8/8/8/3,C2,t56,C4,2/8/8/4,T25,3/8/8/8/8/8/8 e",
    "Siege": "8/8/8/8/8/8/C36,7/c3,C16,6/C64,7/8/8/8/8/8/8/8 e",
    "Ransom and the pyramids": "8/8/8/8/8/8/8/3,c9,4/3,P91,4/8/8/8/8/7,T9/8/8 o",
    "Victories": "8/8/8/8/8/2,C2,1,T9,3/2,C4,1,S15,3/2,C8,1,S45,3/8/8/8/8/8/8/8/8 o",
}
