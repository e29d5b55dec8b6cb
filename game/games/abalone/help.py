"""Abalone's rules screen: the sections a new player reads, in our own words, with diagrams.

DIAGRAMS maps a heading to a position text (rules.py's format, standard rules) that the help
scene draws beside that section.
"""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The aim"),
     N_("Two players, Black and White, each start with fourteen marbles on a hexagonal board of "
     "61 holes. You win by pushing six of your opponent's marbles over the edge of the board.\n\n"
     "Black moves first; then the players take turns. Every turn you must move: there is no "
     "passing.")),
    (N_("The board"),
     N_("The rows are lettered A (bottom, Black's side) to I (top). The slanting lines that run "
     "from lower right to upper left are numbered 1 to 9, so every hole has a name such as E5, "
     "the centre. The corners are A1, A5, E9, I9, I5 and E1.\n\n"
     "Each hole touches up to six others, so a marble can move in six directions along three "
     "lines: left–right and the two diagonals.")),
    (N_("What may move"),
     N_("On your turn you move one, two or three of your own marbles, one step, all in the same "
     "direction. Two or three marbles move together only if they touch each other in a straight "
     "line. Never more than three of your marbles move at once.\n\n"
     "A group moves in one of two ways: along its own line (inline) or sideways (broadside).")),
    (N_("Inline moves"),
     N_("In an inline move the group slides one step along its own line, like a train: the front "
     "marble steps into the next hole and the others follow. A single marble always moves this "
     "way, into any empty neighbouring hole.\n\n"
     "Only the hole in front of the group needs to be free. If it holds one of your own "
     "marbles, that marble is part of the line: choose it too (three at most). If it holds "
     "your opponent's marbles, you may be able to push them — see Sumito.\n\n"
     "In the diagram, the black line D3-D4-D5 can move right as one, or any single marble or "
     "pair at its front can step ahead.")),
    (N_("Broadside moves"),
     N_("In a broadside (side-step) move a line of two or three marbles steps sideways, each "
     "marble into the neighbouring hole in the same direction. Of the six directions, the four "
     "that leave the line's own axis are broadside.\n\n"
     "Every hole the marbles step into must be empty. A broadside move never pushes anything: "
     "if any one of the holes is taken, by either colour, the move is not allowed.\n\n"
     "In the diagram, C3-C4-C5 can side-step down-left or down-right, but not up: the white "
     "marble on D5 is in the way, and a side-step never pushes it.")),
    (N_("Sumito: pushing"),
     N_("Only an inline move can push. When the front of your line meets your opponent's marbles "
     "on the same line, you may push them one step if you have more marbles in the push than "
     "they have in the row you push. The possible pushes are three against two, three against "
     "one and two against one.\n\n"
     "The pushed marbles must have somewhere to go: the hole behind them must be empty — or "
     "there must be no hole at all, because they are at the edge. A marble pushed over the edge "
     "is out of the game and counts towards your six.\n\n"
     "In the diagram, D2-D3-D4 pushes the two white marbles D5-D6 one step right (three "
     "against two), and G7-G8 pushes the white marble on G9 off the board (two against one).")),
    (N_("What cannot be pushed"),
     N_("Equal numbers never push: one against one, two against two and three against three are "
     "stand-offs. A row of three marbles can never be pushed at all, since you may move no "
     "more than three.\n\n"
     "A single marble cannot push. A push is also blocked when one of your own marbles stands "
     "right behind the opponent's row: your own marble is in the way, and you may never push "
     "your own marbles. And you may never move your own marbles off the board.\n\n"
     "In the diagram, the three black marbles on C2-C4 cannot push the three white ones on "
     "C5-C7, and the black marble on F5 cannot push F6 and F7 alone.")),
    (N_("Winning"),
     N_("The first player to push six opposing marbles off the board wins at once. Pushing is "
     "never compulsory. A player who has no legal move at all loses (this hardly ever "
     "happens).\n\n"
     "Marbles that touch each other support each other: a compact group near the centre is "
     "hard to push, while marbles strung along the edge are easy prey.")),
    (N_("Writing moves"),
     N_("Moves are written with hole names. An inline move gives the trailing marble and the hole "
     "it moves into: a1b2 moves the marble on A1 (and the own marbles ahead of it on that "
     "line) up-right. A broadside move gives the two end marbles and where the first one goes: "
     "g7g9f7 moves G7, G8 and G9 down to F7, F8 and F9.")),
    (N_("Starting positions"),
     N_("Standard is the start of the rulebook. The Belgian and German Daisies put the marbles "
     "in flowers that face each other, which leads to fighting from the first moves; "
     "tournaments prefer them. Dutch and Swiss Daisy, Domination, Pyramid, The Wall, Snakes "
     "and Alien Attack are other starts players have published.")),
    (N_("Variants"),
     N_("Options in the match setup change the rules. Marbles to eject: win with fewer or more "
     "ejections (two is the quick Blitz game); each colour can get its own target as a "
     "handicap, and a stronger player can also start with fewer marbles. Sprint: each side has "
     "a fixed number of moves and whoever ejected more wins. Move limit: the game is drawn once "
     "each side has made that many moves in a row without pushing a marble off.\n\n"
     "Obstacles are dead holes nothing may enter; holes are trapdoors that eject a marble "
     "pushed into them like the edge does. The pivot is a neutral marble nobody owns: it "
     "moves only when pushed and counts as an opponent's marble for the push; the players "
     "decide whether it may be pushed off.\n\n"
     "Random start deals fair random positions. Two moves per turn lets you move twice, once "
     "possibly with your opponent's colour. Triangle moves let three touching marbles in a "
     "small triangle move together into empty holes. In the four-player team game, Black 1, "
     "White 1, Black 2 and White 2 take turns with their team's colour, without consulting. "
     "One colour draws every marble alike: remember which are yours.")),
    (N_("Four players, two boards"),
     N_("Two teams of two play two games at once, on boards X and Y, from the same start: team "
     "Black has Black 1 and Black 2, team White has White 1 and White 2. Everyone keeps their "
     "colour and, after each of their own moves, walks to the other board; Black 1 and White 1 "
     "begin on X, their partners on Y. Partners may not consult, so there are no hints.\n\n"
     "In phase, both boards take each turn together: Black moves on X and on Y, then White on "
     "X and on Y. Out of phase, board Y runs a half-move behind: Black opens on X alone, then "
     "every step has one move on each board. The screen lights the board to move and writes "
     "who plays next on each.\n\n"
     "A board is won as usual, and stops; the other plays on. When both are over, the team "
     "that won more boards wins the match; one board each, or two draws, is a draw.")),
]

DIAGRAMS: dict[str, str] = {
    "Inline moves": "5/6/3W3/4W3/9/2BBB3/7/6/5 b 0 0",
    "Broadside moves": "5/6/7/8/9/4W3/2BBB2/6/5 b 0 0",
    "Sumito: pushing": "5/6/4BBW/8/9/1BBBWW2/7/6/5 b 0 0",
    "What cannot be pushed": "5/6/7/3BWW2/9/8/1BBBWWW/6/5 b 0 0",
    "The aim": "WWWWW/WWWWWW/2WWW2/8/9/8/2BBB2/BBBBBB/BBBBB b 0 0",
}
