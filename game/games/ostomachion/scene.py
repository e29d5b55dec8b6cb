"""The Ostomachion screen: the shared dissection screen with Archimedes' fourteen numbered pieces.

Everything — dragging, turning (here in quarter turns), turning over, snapping, hints, the
celebration — comes from game/games/dissection/scene.py; this module only says which pieces are
played and how each one looks. Each piece carries its number (the rules screen names pieces by
number), a colour and a pattern of its own, so no two are told apart by colour alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games.dissection.geometry import PieceSet
from game.games.dissection.scene import DissectionScene, Style
from game.games.ostomachion.pieces import OSTOMACHION
from game.i18n import N_

if TYPE_CHECKING:
    pass

#: Fourteen colours spread round the wheel and in lightness; twins (3 and 10, 4 and 11) differ
#: in colour and pattern.
OSTOMACHION_STYLES: tuple[Style, ...] = (
    Style((230, 159, 0), "stripes", 45.0, 11.0),      # 1 orange
    Style((0, 114, 178), "dots", 0.0, 12.0),           # 2 blue
    Style((0, 158, 115), "hatch", 0.0, 12.0),          # 3 green
    Style((213, 94, 0), "rings", 0.0, 8.0),            # 4 vermillion
    Style((86, 180, 233), "zigzag", 0.0, 11.0),        # 5 sky blue
    Style((240, 228, 66), "inset", 0.0, 0.0),          # 6 yellow
    Style((204, 121, 167), "stripes", -45.0, 9.0),     # 7 reddish purple
    Style((150, 120, 210), "dots", 45.0, 9.0),         # 8 violet
    Style((128, 196, 96), "stripes", 0.0, 9.0),        # 9 leaf green
    Style((244, 196, 150), "rings", 0.0, 11.0),        # 10 sand
    Style((52, 150, 160), "inset", 0.0, 0.0),          # 11 teal
    Style((186, 76, 88), "hatch", 45.0, 13.0),         # 12 brick red
    Style((170, 176, 70), "zigzag", 90.0, 10.0),       # 13 olive
    Style((240, 140, 120), "stripes", 90.0, 10.0),     # 14 salmon
)


class OstomachionScene(DissectionScene):
    """Challenge levels and free play of the Ostomachion (quarter turns, fourteen pieces)."""

    title = N_("Ostomachion")
    pieces: PieceSet = OSTOMACHION
    styles: tuple[Style, ...] = OSTOMACHION_STYLES
    numbered = True
    thumb_level = "09-elephant"
    thumb_lifted = 11  # the pentagon, P12
