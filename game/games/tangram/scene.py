"""The Tangram screen: the shared dissection screen (game/games/dissection/scene.py) with the
seven tangram pieces, each in a colour and a pattern of its own.

Everything — dragging, turning in eighth turns, turning over, snapping, hints, the celebration —
comes from the shared screen; this module only says which pieces are played, how each one looks
and which figure the menu card shows.
"""

from __future__ import annotations

from game.games.dissection.geometry import PieceSet
from game.games.dissection.scene import DissectionScene, Style
from game.games.tangram.pieces import TANGRAM
from game.i18n import N_

#: Okabe–Ito colours, one per tangram piece; the twins (two large, two small triangles) differ
#: in colour *and* pattern, so every piece is told apart without relying on hue.
TANGRAM_STYLES: tuple[Style, ...] = (
    Style((230, 159, 0), "stripes", 45.0, 14.0),     # LT1 orange, diagonal stripes
    Style((0, 114, 178), "dots", 0.0, 15.0),          # LT2 blue, dots
    Style((0, 158, 115), "hatch", 45.0, 15.0),        # MT green, cross-hatch
    Style((213, 94, 0), "rings", 0.0, 9.0),           # ST1 vermillion, rings
    Style((86, 180, 233), "stripes", 0.0, 10.0),      # ST2 sky blue, level stripes
    Style((240, 228, 66), "inset", 0.0, 0.0),         # SQ yellow, nested frames
    Style((204, 121, 167), "zigzag", 0.0, 13.0),      # PG purple, zigzag
)



class TangramScene(DissectionScene):
    """Challenge levels and free play of the Tangram (eighth turns, seven pieces)."""

    title = N_("Tangram")
    pieces: PieceSet = TANGRAM
    styles: tuple[Style, ...] = TANGRAM_STYLES
    thumb_level = "16-cat"
    thumb_lifted = 5  # the square
