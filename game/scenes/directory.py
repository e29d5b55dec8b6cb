"""The app's scene directory: the one place that knows every screen's class.

Scenes open one another through it (`self.app.screens.results(match, snap)`), never by
importing each other, so the import arrows run one way: app -> directory -> scenes -> base.
A game's own scene is named by its registry entry and imported when a match opens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.engine.entries import GameEntry, resolve
from game.engine.match import Match
from game.engine.review import reviewable
from game.scenes.about import AboutScene
from game.scenes.base import Host, Scene
from game.scenes.level_select import LevelSelectScene
from game.scenes.load import LoadScene
from game.scenes.menu import MenuScene
from game.scenes.puzzle_packs import PuzzlePacksScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.timeline import TimelineScene


class SceneDirectory:
    """Builds each screen for `host` (fills the `Screens` protocol of scenes/base.py)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def menu(self) -> Scene:
        return MenuScene(self.host)

    def settings(self) -> Scene:
        return SettingsScene(self.host)

    def about(self) -> Scene:
        return AboutScene(self.host)

    def load(self, autosaves: bool = False) -> Scene:
        return LoadScene(self.host, autosaves=autosaves)

    def setup(self, entry: GameEntry) -> Scene:
        return SetupScene(self.host, entry)

    def rules(self, entry: GameEntry, section: int = 0) -> Scene:
        return RulesScene(self.host, entry, section)

    def levels(self, entry: GameEntry) -> Scene:
        return LevelSelectScene(self.host, entry)

    def puzzles(self, daily: bool = False) -> Scene:
        """The tactics puzzle packs (`daily`: the puzzle of the day opens at once on them)."""
        return PuzzlePacksScene(self.host, daily)

    def match(self, match: Match, **kwargs: Any) -> Scene:
        """The game's scene for `match`; a puzzle's scene finds the level its match names
        (`PuzzleScene.for_match`)."""
        cls = resolve(match.entry.scene)
        scene: Scene = cls.for_match(self.host, match, **kwargs) \
            if match.entry.kind == "puzzle" else cls(self.host, match, **kwargs)
        return scene

    def results(self, match: Match, snapshot: pygame.Surface) -> Scene:
        return ResultsScene(self.host, match, snapshot)

    def replay(self, match: Match) -> Scene:
        return ReplayScene(self.host, match)

    def review(self, match: Match, path: Path | None = None, **kwargs: Any) -> Scene:
        if match.real_time:
            return TimelineScene(self.host, match)
        return ReviewScene(self.host, match, path, **kwargs)

    def can_review(self, match: Match) -> bool:
        entry = match.entry
        if match.real_time:
            return entry.kind == "match" and len(entry.side_names) == 2
        return reviewable(entry)

    def is_menu(self, scene: Scene) -> bool:
        return isinstance(scene, MenuScene)
