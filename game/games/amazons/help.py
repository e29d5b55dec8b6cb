"""The rules screen for the Game of the Amazons, in our own words, with diagrams as position texts."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The game"),
     N_("Two players, White and Black, each command four amazons on a 10 by 10 board. Besides the "
     "amazons you need a pile of markers for arrows; nothing is ever captured.\n\n"
     "White's amazons start on a4, d1, g1 and j4, Black's on a7, d10, g10 and j7, as in the "
     "picture. White moves first, then the players take turns.")),
    (N_("A move: step, then shoot"),
     N_("Every move has two parts, and you must do both.\n\n"
     "First move one of your amazons like a chess queen: any number of squares in a straight "
     "line, across, up and down or diagonally. It may only pass over and stop on empty squares: "
     "no jumping over amazons (yours or the other side's) or arrows, and no capturing.\n\n"
     "Then the same amazon shoots an arrow from the square where it stopped. The arrow also "
     "flies like a queen, over empty squares only, and lands on an empty square. Put a marker "
     "there: that square is blocked for the rest of the game, for amazons and arrows alike.\n\n"
     "The picture shows the board after White's d1-d7/g7: the amazon from d1 went up to d7 and "
     "shot an arrow to g7.")),
    (N_("Shooting back"),
     N_("Once the amazon has left its square, that square is empty. So the arrow may fly back "
        "along "
     "the way the amazon came, over the square it left, or land right on it.\n\n"
     "In the picture White played d1-d4/d1: the amazon stepped from d1 to d4 and shot the arrow "
     "back onto d1.\n\n"
     "This means an amazon that can take one step can always complete a move: it steps and "
     "shoots back where it came from. You are only out of moves when none of your amazons has an "
     "empty square next to it.")),
    (N_("How the game ends"),
     N_("If it is your turn and you cannot move, you lose. There are no draws: every move blocks "
     "one more square, so the game always ends, after at most 92 moves on the full board.\n\n"
     "In the picture White is to move, but all four white amazons are walled in: Black wins.")),
    (N_("Territory: the real aim"),
     N_("Arrows slowly cut the board into separate areas. Once an area belongs to amazons of one "
     "colour only, the other side can never enter it, and each empty square in it is usually "
     "one more move for its owner. So the game is about walling off large areas for your "
     "amazons and squeezing the other side's amazons into small ones.\n\n"
     "Keep your amazons free to move early on: an amazon shut into a tiny space is nearly lost. "
     "Arrows are often best shot close to the opponent's amazons, to take squares away from "
     "them.\n\n"
     "Beware of defective areas, which give fewer moves than they have squares. In the bottom "
     "left corner of the picture the white amazon on b2 has two empty squares, a1 and c1, but "
     "only one move: once it steps to one of them it must shoot back onto b2, and the other "
     "square is out of reach.\n\n"
     "The territory view of the board shows, for each empty square, which side can reach it "
     "first with queen moves.")),
    (N_("Ending early by territory"),
     N_("Players often stop once every area is held by one colour only, because the rest is just "
     "filling in. With the option 'End when the armies are separated' the game does this by "
     "itself: the moves left to each side are counted (a defective area is counted by what it "
     "really allows), and the side to move wins only if it has more moves left than the other. "
     "With equal numbers the side to move runs out first and loses.\n\n"
     "The winner's score is how many moves it still has when the loser gets stuck. When the "
     "count is not yet certain (tangled defective areas), play simply goes on until it is.")),
    (N_("Smaller boards"),
     N_("The 8 by 8, 7 by 7, 6 by 6 and 5 by 5 boards are for quick games and practice; the full "
     "10 by 10 board is the real game. There are still four amazons a side, placed the same "
     "way: a third of the way in from the corners (on 5 by 5: White a2, b1, d1, e2; Black a4, "
     "b5, d5, e4).")),
    (N_("Writing moves and positions"),
     N_("A move is written from-to/arrow: d1-d7/g7 moves the amazon on d1 to d7 and shoots to g7. "
     "The forms d1-d7(g7), d1-d7,g7 and d1d7g7 are understood too.\n\n"
     "A position lists the ranks from the top (10) down to 1, separated by '/': W and B for "
     "amazons, x for arrows, and a number for a run of empty squares (10 for an empty rank). "
     "Then a space and w or b for the side to move. The start is "
     "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w.")),
]

DIAGRAMS: dict[str, str] = {
    "The game": "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w",
    "A move: step, then shoot": "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b",
    "Shooting back": "3B2B3/10/10/B8B/10/10/W2W5W/10/10/3x2W3 b",
    "How the game ends": "Wx6xW/xx6xx/10/10/3B2B3/3B2B3/10/10/xx6xx/Wx6xW w",
    "Territory: the real aim": "3B2B3/10/10/B8B/10/10/W8W/xxx7/xWxx6/1x1x2W3 b",
    "Writing moves and positions": "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w",
}
