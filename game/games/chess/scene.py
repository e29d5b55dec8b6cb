"""The chess screen: the shared piece-match screen (game/scenes/piece_match.py) with the six
chessmen. Moves by click or drag, the promotion chooser, trays and animations are all shared;
castling is played as the King's two-square move and the Rook follows."""

from __future__ import annotations

from typing import Any

from game.games.chess import pieces, sprites
from game.i18n import N_
from game.scenes.piece_match import PieceMatchScene
from game.ui.piece_sprites import SilhouetteDrawer
from game.ui.pieces_board import PiecesBoard


class ChessScene(PieceMatchScene):
    """Play orthodox chess."""

    title = N_("Chess")
    TRAY_ORDER = tuple(k.id for k in sorted(pieces.kinds(), key=lambda k: (not k.royal, -k.value)))

    @classmethod
    def make_game(cls, rules: Any) -> PiecesBoard:
        return PiecesBoard(rules)

    @classmethod
    def make_drawer(cls) -> SilhouetteDrawer:
        return sprites.drawer()
