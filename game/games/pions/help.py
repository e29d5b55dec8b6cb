"""The rules screen for the Jeu de pions, in our own words, with the worked example."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The game"),
     N_("A ruler is divided into cells, and its right-hand end is special: everything moves toward "
     "it. Some cells hold a pawn, never more than one per cell. The pawns belong to nobody: "
     "both players move the same pawns.\n\n"
     "Cells are numbered from the end: cell 1 touches the end, and the cell farthest to the "
     "left has the largest number. The usual ruler has 23 cells; you may pick 5 to 40.")),
    (N_("Moves"),
     N_("On your turn you must do exactly one of two things.\n\n"
     "Slide one pawn to the right by one or more cells. It may not jump over another pawn or "
     "land on it, so it can only go into the free cells just in front of it (up to the next "
     "pawn, or up to the end).\n\n"
     "Or take off the board the pawn nearest the end, wherever it stands; it does not need to "
     "be on cell 1. No other pawn may be taken, and you may not pass.\n\n"
     "In the picture the pawn on 23 is stuck behind the pawn on 22, the pawn on 22 can go to "
     "21, 20, 19 or 18, and the pawn on 2 can go to cell 1 or be taken off.")),
    (N_("End of the game"),
     N_("Each move lowers the sum of the occupied cell numbers, so every game ends.\n\n"
     "Normal rule: the player who takes off the last pawn wins.\n\n"
     "Misère rule: the player who takes off the last pawn loses.")),
    (N_("Writing moves and positions"),
     N_("12-9 slides the pawn on cell 12 to cell 9; x2 takes off the pawn on cell 2.\n\n"
     "A position is written as the ruler length, a colon and the occupied cells from the "
     "farthest: 23:23,22,17,16,12,6,2. Add ;2 when the second player is to move.")),
    (N_("How to win: the D list"),
     N_("Write down L, the occupied cells from the farthest to the nearest.\n\n"
     "Group them in pairs from the far side: the first with the second, the third with the "
     "fourth, and so on. For each pair count the free cells between its two pawns (the larger "
     "number minus the smaller, minus one). If one pawn is left over at the end of L, it forms "
     "a group of its own and counts its cell number. These numbers make the list D.\n\n"
     "Write the numbers of D in binary and add them without carrying: a column gives 1 when "
     "it holds an odd number of 1s, else 0. The result is the nim-sum.\n\n"
     "If the nim-sum is 0, the player to move will lose against a careful opponent. If it is "
     "not 0, the player to move can win: find a move after which the nim-sum is 0, and keep "
     "doing so. Each number of D works like a heap in the game of Nim.")),
    (N_("Worked example"),
     N_("Pawns on 23, 22, 17, 16, 12, 6 and 2, so L = 23, 22, 17, 16, 12, 6, 2 (seven pawns).\n\n"
     "Pairs: 23 and 22 give 0, 17 and 16 give 0, 12 and 6 give 12 - 6 - 1 = 5, and the lone "
     "pawn on 2 gives 2. So D = 0, 0, 5, 2.\n\n"
     "In binary: 000, 000, 101, 010. Adding without carry gives 111, a nim-sum of 7: the first "
     "player can win.\n\n"
     "The only move that brings the nim-sum to 0 is 12-9: the pair 12, 6 becomes 9, 6 with 2 "
     "free cells, and D = 0, 0, 2, 2 adds up to 0. Taking off the pawn on 2 would leave "
     "D = 0, 0, 5, which is not 0. The position allows 17 moves in all; only that one wins.")),
    (N_("After the winning move"),
     N_("Now the second player faces 23, 22, 17, 16, 9, 6, 2 with a nim-sum of 0. Whatever they "
     "do changes exactly one number of D, so the nim-sum stops being 0, and the first player "
     "can bring it back to 0 again, until the last pawn is gone.")),
    (N_("Look at every move"),
     N_("A winning move does not always shrink a gap. Sliding the second pawn of a pair widens "
     "its gap, and taking off the nearest pawn when their number is even breaks up the last "
     "pair and regroups the rest. Both can be the winning move.\n\n"
     "With pawns on 15, 13, 11, 8, 7, 6, 2 (D = 1, 2, 0, 2, nim-sum 1) both 15-14 and 6-5 "
     "win; 6-5 widens the gap of the pair 7, 6 from 0 to 1.\n\n"
     "With pawns on 6, 3, 2, 1 (D = 2, 0, nim-sum 2) the winning moves are 6-4 and x1: after "
     "x1 the pawns 6, 3, 2 give D = 2, 2.")),
    (N_("Misère"),
     N_("Under the misère rule the same strategy works until the very end; only two small "
     "positions change sides.\n\n"
     "A single pawn on cell 1 is lost for the player to move: it must be taken off. So when a "
     "single pawn is left farther away, do not take it off: slide it to cell 1 and let your "
     "opponent take it.\n\n"
     "With two or more pawns, the winning moves are exactly those of the normal rule.")),
    (N_("Playing on screen"),
     N_("Before the game you can set up any position: click an empty cell to put a pawn there, "
     "click a pawn to take it away, change the length of the ruler, and choose who starts.\n\n"
     "During the game, drag a pawn to the right onto a free cell, or take off the nearest "
     "pawn. The analysis panel shows L, D in binary, the nim-sum and the winning moves.")),
]

#: Headings that get a picture: the position text drawn beside the section.
DIAGRAMS: dict[str, str] = {
    "Moves": "23:23,22,17,16,12,6,2",
    "Worked example": "23:23,22,17,16,12,6,2",
    "After the winning move": "23:23,22,17,16,9,6,2;2",
    "Look at every move": "15:15,13,11,8,7,6,2",
    "Misère": "6:1",
}
