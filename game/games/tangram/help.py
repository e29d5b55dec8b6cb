"""The Tangram's rules screen, in our own words."""

from __future__ import annotations

from game.i18n import N_

HELP: list[tuple[str, str]] = [
    (N_("The puzzle"),
     N_("Cut a square into seven pieces along a few straight lines and you have the tangram, "
     "known in China as the \"seven boards of skill\". Each level shows a black shadow: a cat, "
     "a boat, a runner, or a plain geometric shape. Your task is to rebuild that shadow from "
     "the seven pieces.\n\n"
     "The shadow gives only the outline. Where one piece ends and the next begins is for you "
     "to find, and that is the whole puzzle.")),
    (N_("The seven pieces"),
     N_("Two large triangles, one medium triangle, two small triangles, one square and one "
     "parallelogram. Every triangle has a right angle and two equal sides.\n\n"
     "Sizes compare simply. The two small triangles together match the medium triangle, the "
     "square and the parallelogram. Two of any of those make a large triangle. The large "
     "triangles cover half the square between them.\n\n"
     "The parallelogram is the only piece that is not its own mirror image. Some shadows need "
     "it turned over.")),
    (N_("The rules"),
     N_("Use all seven pieces, every time.\n\n"
     "Pieces lie flat and must not overlap. Each one touches at least one other.\n\n"
     "You may turn a piece and turn it over. Here a piece turns in steps of an eighth of a "
     "full turn (45 degrees), as in every traditional figure.\n\n"
     "The figure is complete when the pieces cover the shadow exactly: nothing sticks out and "
     "no gap shows. The check allows a hundredth of a unit, where the whole square has a side "
     "of four units, so pieces that snapped into place always count. A piece that is visibly "
     "out of line never does.")),
    (N_("Playing"),
     N_("Drag a piece from the tray onto the shadow. When snapping is on, a dropped piece jumps "
     "onto a nearby corner or edge of the shadow or of another piece, so exact positions come "
     "easily.\n\n"
     "Turn the piece you are holding a step at a time, or turn it over, with the controls "
     "shown on screen. Send a piece back to the tray to clear the way.\n\n"
     "Stuck? A hint lays one piece of the reference solution in its place, largest pieces "
     "first, and moves aside anything in its way. Many shadows have several solutions; any of "
     "them counts.")),
    (N_("Challenge and stars"),
     N_("In a challenge the clock runs from your first move. Finish within the par time for "
     "three stars, within twice the par time for two, and later still for one.\n\n"
     "Each hint costs one star.")),
    (N_("A little history"),
     N_("The tangram appeared in China around 1800 and reached Europe and America in the years "
     "that followed, where it became a craze. Books of hundreds of shadows were printed, some "
     "with a cunning twist. Sam Loyd and Henry Dudeney both enjoyed pairs of figures that look "
     "alike but seem to differ by a small piece, such as two monks, one with a foot and one "
     "without, each made from all seven pieces.\n\n"
     "One legend tells of a dragon who gathered seven black pieces of the broken sky. He "
     "arranged them into every creature the world had lost, and their shadows came back to "
     "life.")),
]

#: The seven pieces drawn slightly apart from the square they cut (position text of rules.py).
DIAGRAMS: dict[str, str] = {
    "The seven pieces": "tangram 01-square\nhints 0\nLT1 2.0 0.373 0 -\nLT2 0.373 2.0 6 -\n"
                        "MT 3.627 3.627 7 -\nST1 4.033 0.78 2 -\nST2 2.0 2.813 4 -\n"
                        "SQ 3.22 2.0 1 -\nPG 1.39 3.83 0 -",
}
