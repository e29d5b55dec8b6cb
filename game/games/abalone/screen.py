"""The screen the registry names for every Abalone match: the one-board scene, or, for the
four-player game on two boards (§7.10), two_boards/scene.py's. A module of its own because the
two-board scene builds on the one-board scene: choosing between them there would be an import
cycle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.match import Match
from game.games.abalone.scene import AbaloneScene
from game.games.abalone.two_boards.scene import TwoBoardScene

if TYPE_CHECKING:
    from game.scenes.base import Host


class AbaloneScreen(AbaloneScene):
    """AbaloneScene, or a finished TwoBoardScene when the match is played on two boards (an
    object that is not an AbaloneScreen is returned as built: Python does not run __init__
    on it again)."""

    def __new__(cls, app: Host, match: Match, **kwargs: Any) -> Any:
        if hasattr(match.rules, "base"):
            return TwoBoardScene(app, match, **kwargs)
        return super().__new__(cls)
