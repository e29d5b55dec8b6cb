"""The 16×16 fairy chess screen: the shared piece-match screen with the fairy chess men.

Everything is shared (game/scenes/piece_match.py): zoom and pan for the 256 squares, click or
drag moves, the piece card, the promotion chooser (the Centurion's Queen/Lion/Gryphon; "no
promotion" for the Buffoon and the Ship), trays and animations, all reading the rules through
`game.ui.pieces_board.PiecesBoard`. This file only names what is fairy chess: the men's
silhouettes (`sprites.DESIGNS`, by the rules' letters).
"""

from __future__ import annotations

from typing import Any

from game.games.fairy16 import pieces, sprites
from game.i18n import N_
from game.scenes.piece_match import PieceMatchScene
from game.ui.piece_sprites import SilhouetteDrawer
from game.ui.pieces_board import PiecesBoard

#: Kind id → Jocly letter, from the rules' own table (both promotion profiles share them).
LETTERS = {k.id: k.letter for k in pieces.kinds()}


class Fairy16Scene(PieceMatchScene):
    """Play the 16×16 fairy chess (Cazaux's Terachess)."""

    title = N_("Fairy Chess 16×16")
    TRAY_ORDER = tuple(k.id for k in sorted(pieces.kinds(), key=lambda k: (not k.royal, -k.value)))
    #: The menu picture centres on the King's wing, where the big pieces stand.
    THUMB_FOCUS = (0.53, 0.12)

    @classmethod
    def make_game(cls, rules: Any) -> PiecesBoard:
        return PiecesBoard(rules)

    @classmethod
    def make_drawer(cls) -> SilhouetteDrawer:
        return SilhouetteDrawer({kid: sprites.DESIGNS[letter] for kid, letter in LETTERS.items()},
                                sprites.BASE)
