"""The Ostomachion's rules screen, in our own words."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The puzzle"),
     N_("The Ostomachion (also Stomachion, or Archimedes' box) is a square cut into fourteen "
     "pieces: eleven triangles, two quadrilaterals and one pentagon. Each level shows a "
     "shadow: the square itself, or a figure such as an elephant, a tower, a sword, a ship or "
     "a tree. Rebuild it from all fourteen pieces.")),
    (N_("The pieces"),
     N_("Laid on a grid of 12 by 12, every corner of every piece falls on a grid point, and "
     "every area is a whole number of grid squares, from 3 to 24. So each piece is an exact "
     "fraction of the square, from a forty-eighth to a sixth.\n\n"
     "Two pairs of triangles are exact twins (pieces 3 and 10, and pieces 4 and 11), so "
     "there are twelve different shapes among the fourteen pieces.")),
    (N_("The rules"),
     N_("Use all fourteen pieces, without overlapping, to cover the shadow exactly.\n\n"
     "Here a piece turns in quarter turns, which keeps every corner on the grid, and any "
     "piece may be turned over.\n\n"
     "The figure is complete when nothing sticks out and no gap shows. The check allows a "
     "hundredth of a grid unit, so pieces that snapped into place always count, and a piece "
     "visibly out of line never does.")),
    (N_("Playing"),
     N_("Drag pieces from the tray onto the shadow. With snapping on, a dropped piece jumps onto "
     "a nearby corner or edge. Turn and flip pieces with the controls shown on screen, or send "
     "them back to the tray.\n\n"
     "A hint lays one piece of the reference solution in its place, largest first, and moves "
     "aside whatever is in the way. In a challenge, finish within the par time for three "
     "stars, within twice the par time for two, else one. Each hint costs a star.")),
    (N_("Archimedes' puzzle"),
     N_("The Greek name is usually read as \"the battle of bones\" or \"what drives you mad\". "
     "It names a puzzle of fourteen pieces, often made of bone, that children used to make "
     "all sorts of figures. Ancient writers mention an elephant, a barking dog, a ship, a "
     "sword, a tower and a tree.\n\n"
     "A treatise by Archimedes on the puzzle survives, in part, in a famous palimpsest: a "
     "tenth-century copy of his works that was scraped and written over by a monk in the "
     "thirteenth century. The few pages left show Archimedes working out the areas of the "
     "pieces. Some historians think he was asking something new: in how many ways can the "
     "pieces be put back together into the square?")),
    (N_("How many squares?"),
     N_("In 2003 Bill Cutler had a computer count every way to rebuild the square. There are "
     "17,152 of them. Count two solutions as the same when one is the other rotated or "
     "reflected, or differs only by swapping pieces that cannot be told apart, and 536 "
     "distinct solutions remain. The reference solution in this game is just one of them.\n\n"
     "This game's own solver finds them all again: 17,152 = 536 × 8 × 2 × 2. Each solution "
     "can be turned four ways and reflected (8 squares), and the twins 3 and 10, and 4 and "
     "11, can trade places (2 × 2).")),
    (N_("The 536"),
     N_("The last card of the level list. Build the square any way you like: each new way is "
     "recognised, numbered and added to your collection, and a square you built before says "
     "which number it is. Turned or reflected, it is the same square. A hint lays one piece "
     "of a square you have not found yet, keeping the pieces you have laid when it can; "
     "watching a solution shows one you have not found, but a square you watched is not "
     "added. G opens the gallery of your squares.")),
]

#: The fourteen pieces drawn slightly apart from the square they cut.
DIAGRAMS: dict[str, str] = {
    "The pieces": "ostomachion 01-square\nhints 0\nP1 4.453 12.187 0 -\nP2 6.0 10.64 0 -\n"
                  "P3 0.587 9.093 0 -\nP4 2.907 6.773 0 -\nP5 4.453 4.647 0 -\nP6 1.747 1.94 0 -\n"
                  "P7 5.227 0.2 0 -\nP8 8.32 0.2 0 -\nP9 9.093 1.747 0 -\nP10 11.413 2.907 0 -\n"
                  "P11 9.093 5.227 0 -\nP12 8.872 7.768 0 -\nP13 9.093 9.867 0 -\n"
                  "P14 11.413 11.027 0 -",
}
