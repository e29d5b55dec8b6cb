"""The Towers of Hanoi rules screen: how to play, why 2ⁿ − 1, the fourth peg, and the challenges."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The puzzle"),
     N_("A few disks of different sizes sit on pegs, each disk resting on a larger one. Your job "
     "is to rebuild them in the target arrangement — in the classic puzzle, the whole tower "
     "moved from the first peg to the last — in as few moves as you can.\n\n"
     "The French mathematician Édouard Lucas published the puzzle in 1883, with a tale of "
     "priests moving a tower of 64 golden disks: when they finish, the world ends. At one "
     "move a second they would need almost 585 billion years.")),
    (N_("Moving"),
     N_("A move takes the top disk of one peg and puts it on another peg.\n\n"
     "Only one disk moves at a time, and only a top disk can move.\n\n"
     "A disk may go on an empty peg or on a larger disk — never on a smaller one.\n\n"
     "Pick up the top disk of a peg, then choose the peg to put it on. Moves are written "
     "with the peg letters: A-C takes the top disk of A to C.")),
    (N_("Why 2ⁿ − 1 moves"),
     N_("Think about the largest disk. It has to move at least once, and when it does, every "
     "other disk must be out of its way — all piled on the one remaining peg. Moving those "
     "n − 1 disks there is the same puzzle with one disk fewer; after the big move they must "
     "come back on top of it: the smaller puzzle again.\n\n"
     "So the best count for n disks is twice the count for n − 1, plus one: 1, 3, 7, 15, 31, "
     "63, 127, 255… which is 2ⁿ − 1. Each extra disk doubles the work. The method that "
     "reaches it is the same reasoning used as a recipe: move the smaller tower aside, move "
     "the big disk, move the smaller tower back.")),
    (N_("A rhythm to follow"),
     N_("On three pegs, the best solution of a tower also follows a simple rhythm, no planning "
     "needed: "
     "every other move is made by the smallest disk, which always travels round the pegs in "
     "the same direction (A, C, B, A… when the number of disks is odd; A, B, C, A… when it is even). "
     "In between, there is exactly one legal move that does not touch the smallest disk: "
     "make it.")),
    (N_("Four pegs: Reve's puzzle"),
     N_("With a fourth peg the puzzle becomes much shorter — and much harder to think about. "
     "Henry Dudeney posed it in 1907 as the Reve's puzzle, with cheeses on stools.\n\n"
     "A good plan: park some of the small disks on one spare peg using all four pegs, move "
     "the remaining large disks with the three-peg method (one peg is now taken), then bring "
     "the parked disks back on top. Choosing how many to park is the whole art. This "
     "Frame–Stewart plan needs 1, 3, 5, 9, 13, 17, 25, 33, 41, 49 moves for 1 to 10 disks, "
     "and Thierry Bousch proved in 2014 that nothing shorter exists.")),
    (N_("Scrambled starts and targets"),
     N_("Many challenges start from disks already spread over the pegs, or ask for a target "
     "that is not a single tower. Any arrangement is allowed, since the order on each peg "
     "follows from the sizes.\n\n"
     "Work from the largest disk that is not yet where it belongs: the larger disks that are "
     "already home never need to move. Beware: sometimes the shortest route moves that "
     "largest misplaced disk twice — first to the spare peg, later to its target — because "
     "the smaller disks then travel as neat towers.")),
    (N_("Challenges and stars"),
     N_("Each challenge has a par: the fewest moves that solve it, computed by the game's "
     "solver.\n\n"
     "Solve it in par moves for three stars, in at most one and a half times par for two, "
     "and in any number of moves for one.\n\n"
     "Stuck? The hint shows an optimal next move from wherever you are, and you can watch "
     "the whole optimal solution.")),
    (N_("Position text"),
     N_("A position is written pegs:start>target, each disk's peg letter listed from the "
     "smallest disk to the largest. 3:AAAA>CCCC is the classic four-disk tower from A to C; "
     "3:AAB>BBA has the two small disks on A and the largest on B, to be swapped.")),
]

#: Position texts drawn beside a section (the start arrangement is what matters to the eye).
DIAGRAMS: dict[str, str] = {
    "The puzzle": "3:AAAA>CCCC",
    "Why 2ⁿ − 1 moves": "3:BBBA>CCCC",
    "Four pegs: Reve's puzzle": "4:AAAAA>DDDDD",
    "Scrambled starts and targets": "3:AAB>BBA",
}
