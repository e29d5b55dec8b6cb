"""The 16×16 fairy chess screen: the shared piece-match screen with the fairy chess men.

Everything is shared (game/scenes/piece_match.py): zoom and pan for the 256 squares, click or
drag moves, the piece card, the promotion chooser (the Centurion's Queen/Lion/Gryphon; "no
promotion" for the Buffoon and the Ship), trays and animations. This file only names the two
things that are fairy chess: how the board reads the rules (`view.Fairy16Board`) and the men's
silhouettes (`sprites.DESIGNS`).
"""

from __future__ import annotations

from typing import Any

from game.games.fairy16 import sprites
from game.games.fairy16.view import ORDER, Fairy16Board
from game.scenes.piece_match import PieceMatchScene
from game.ui.piece_sprites import SilhouetteDrawer


class Fairy16Scene(PieceMatchScene):
    """Play the 16×16 fairy chess (Cazaux's Terachess)."""

    title = "Fairy Chess 16×16"
    TRAY_ORDER = ORDER
    #: The menu picture centres on the King's wing (i3), where the big pieces stand.
    THUMB_FOCUS = (0.53, 0.12)

    @classmethod
    def make_game(cls, rules: Any) -> Fairy16Board:
        return Fairy16Board(rules)

    @classmethod
    def make_drawer(cls) -> SilhouetteDrawer:
        return sprites.drawer()
