"""The six chessmen: the fairy chess's King, Queen, Rook, Bishop, Knight and Pawn silhouettes
(game/games/fairy16/sprites.py), on the same base: crown, coronet, tower, mitre, horse, ball."""

from __future__ import annotations

from game.games.fairy16.sprites import BASE
from game.games.fairy16.sprites import DESIGNS as FAIRY
from game.ui.piece_sprites import Design, SilhouetteDrawer

from .pieces import kinds

#: Kind id -> silhouette, by the rules' letters.
DESIGNS: dict[str, Design] = {k.id: FAIRY[k.letter] for k in kinds()}


def drawer() -> SilhouetteDrawer:
    return SilhouetteDrawer(DESIGNS, BASE)
