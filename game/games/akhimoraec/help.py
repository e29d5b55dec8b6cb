"""The Akhimoraec rules screen: how to play, in our own words, with diagrams beside some sections."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The idea"),
     N_("Akhimoraec is a race against two opponents at once: the other player, and the sand in "
     "your own hourglasses. Each player has three hourglasses. Walk them, one tip at a time, "
     "into the orange square in the middle of the board and line them up like noughts and "
     "crosses, before the other player does.\n\n"
     "The clocks never stop: while you think, every hourglass in play keeps running, yours and "
     "your opponent's.")),
    (N_("Board and pieces"),
     N_("The board is a grid of 9 by 9 linked circles. Columns are lettered a to i from Gold's "
     "left, rows numbered 1 (Gold's edge) to 9 (Red's edge). The nine orange circles d4 to f6 "
     "form the target square.\n\n"
     "Gold starts with hourglasses on b1, e1 and h1, Red on b9, e9 and h9. These are their home "
     "circles: nobody else may ever stand on them.\n\n"
     "Each hourglass has one end (pole) in its owner's colour and the other end black. At home "
     "it stands own colour up, with its upper chamber empty: it is ready, and its sand does "
     "not run yet. Gold moves first.")),
    (N_("A turn: tip one hourglass"),
     N_("On your turn you tip exactly one of your hourglasses over onto a neighbouring empty "
     "circle: one step in any of the eight directions, like a chess king. You may not jump, "
     "capture, or land on an occupied circle or on one of the other player's home circles.\n\n"
     "Tipping turns the hourglass upside down, so the pole that was up goes down: an "
     "hourglass that has made an odd number of tips since it left home shows black, an even "
     "number shows its own colour.\n\n"
     "You cannot pass on purpose. If you have no legal tip at all, your turn passes at once.")),
    (N_("Sand is life"),
     N_("An hourglass comes alive when it first leaves home: its sand starts to run, giving it a "
     "life of 3 minutes. Every tip starts a fresh life of 3 minutes for the hourglass you "
     "tipped.\n\n"
     "So each of your hourglasses in play must be tipped again before its sand runs out. With "
     "three of them on the board you are juggling three countdowns, and you only get one tip "
     "per turn. An hourglass that has not left home yet does not run: bring it out when you "
     "need it.")),
    (N_("When the sand runs out"),
     N_("An hourglass whose sand runs out dies on the spot, even in the middle of its owner's "
     "turn. It goes straight back to its home circle, own colour up.\n\n"
     "Think of the real sand: if it died with black up, all of its sand now sits in the upper "
     "chamber, so it must wait a full life (3 minutes) at home before it may leave again. If it "
     "died with its own colour up, the upper chamber is already empty and it may leave on your "
     "very next turn.\n\n"
     "While an hourglass waits at home it cannot move, and it does not count for a line.")),
    (N_("The turn clock"),
     N_("Each turn lasts at most 15 seconds. If you have not tipped an hourglass when the turn "
     "clock runs out, your turn is lost and play passes to the other side. There is no "
     "stalling, and no safe moment to think: your sand runs during your opponent's turns too.")),
    (N_("Winning"),
     N_("You win at once when, right after your tip, your three hourglasses stand on one line of "
     "the orange square (any of its three rows, three columns or two diagonals) and all three "
     "show the same pole up: all three your colour, or all three black. All three must be "
     "alive, which they are whenever they are on the board.\n\n"
     "Only a tip can make a line, so check the colours before you commit: an hourglass on the "
     "right circle with the wrong pole up needs more tips (with eight directions it can always "
     "come back showing the other pole).")),
    (N_("Draws"),
     N_("If neither player has won when the game clock reaches 20 minutes, the game is drawn.")),
    (N_("Options"),
     N_("Tipping directions: 4 directions (no diagonal steps) makes the pole colour depend only on "
     "the circle, like the colours of a chessboard. With the standard homes the middle row and "
     "middle column can then only be won own-colour up, the other rows and columns only black "
     "up, and the diagonals never.\n\n"
     "Sand on a tip: in mode B the hourglasses behave like real ones. Tipping one gives it only "
     "the sand that had already run down, so tipping a glass you have just tipped gives it "
     "very little time; a glass leaving home still gets a full life.\n\n"
     "Hourglass life (1, 2 or 3 minutes), turn clock (10, 15 or 30 seconds, or none), the "
     "game-time limit, and the home circles can be changed. Waiting after a death can be made "
     "always a full life. Winning poles can be made strict: all three must show your own "
     "colour. Flip in place lets a turn turn a glass over where it stands (a fresh life without "
     "moving). When a line wins can be set to hold: the line must still stand when your "
     "opponent's next turn ends, and a line of theirs that held through your turn wins first.")),
    (N_("Option: no turns (real time)"),
     N_("With Turns set to none there are no turns at all: both players tip their hourglasses "
     "whenever they like, as often as they like, and the sand runs for all six the whole "
     "time. There is no turn clock and nobody passes; speed of decision is everything.\n\n"
     "You may only tip your own hourglasses. Against the computer, it acts on its own clock: "
     "the easier the level, the slower it reacts. Two players at one screen share it this "
     "way: Gold plays with the keyboard (arrows to move the cursor, Enter to pick up and to "
     "place, Tab to jump between your hourglasses), Red with the mouse; each sees their own "
     "cursor and targets in their colour.\n\n"
     "A line still wins the moment it is formed. With \"when a line wins: hold\", it must "
     "still stand when the opponent next tips.\n\n"
     "Saved games keep the time of every tip, so a game without turns replays exactly, even "
     "when two tips came in the same instant.")),
    (N_("Options: homes and entry"),
     N_("Open home circles. Normally a home circle belongs to its own hourglass: nobody else may "
     "stand on it, so a dead hourglass always finds its way home. With open home circles "
     "anyone may stand on any home circle, even to block it. An hourglass that dies while its "
     "home is taken waits beside the board, own colour up, and steps onto its home the "
     "moment it is free. It cannot move while it waits there, even when its sand has run "
     "down.\n\n"
     "Entry order 1-2-3. The original rules say the three hourglasses enter play one after another. "
     "With this option the order is forced, by file: the b hourglass first, then e, then h "
     "(with the standard homes). An hourglass may leave its home only while every one before "
     "it is on the board. If the first one dies, the others on the board play on, but one "
     "still at home waits until the first has come back into play.")),
    (N_("Writing moves down"),
     N_("Saved games list each tip with the game time at which it was made, in seconds, then the "
     "two circles: 12.5:b1-c2 tips the hourglass on b1 onto c2 at 12.5 seconds. Replaying the "
     "list gives back exactly the same game, deaths and lost turns included.")),
    (N_("Tips"),
     N_("Keep one eye on the sand: the hourglass closest to running out is usually the one to "
     "tip, and tipping it somewhere useful beats a hurried step backwards.\n\n"
     "The centre circle e5 touches every orange circle: a glass parked there can step into "
     "the last gap of almost any line your opponent is building. Moving first gives no "
     "measurable edge: between the strongest computer level and itself, Gold and Red win "
     "about equally often.")),
]

#: Position texts (rules.position_text format) drawn beside some sections.
DIAGRAMS: dict[str, str] = {
    "Board and pieces":
        "t=0 turn=gold@0 | gold: b1 ready, e1 ready, h1 ready | red: b9 ready, e9 ready, h9 ready",
    "A turn: tip one hourglass":
        "t=3 turn=red@3 | gold: b1 ready, e1>e2 black 183/180, h1 ready "
        "| red: b9 ready, e9 ready, h9 ready",
    "When the sand runs out":
        "t=200 turn=gold@195 | gold: b1 wait 350/180, e1>e5 colour 310/180, h1>g3 black 215/180 "
        "| red: b9>c6 black 300/180, e9>e6 black 260/180, h9 ready",
    "Winning":
        "t=29.9 turn=gold@28 | gold: b1>d4 black 201.3/180, e1>e4 black 188.2/180, "
        "h1>f4 black 209.9/180 | red: b9>c7 black 195/180, e9>e6 colour 190/180, "
        "h9>g7 black 205/180 | won gold d4-e4-f4",
}
