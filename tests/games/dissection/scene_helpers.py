"""Helpers shared by the Tangram and Ostomachion screen tests (one screen class, dissection/scene.py, serves both)."""

from __future__ import annotations

from typing import Any

from game import registry
from game.app import App
from game.games.dissection.scene import DissectionScene
from game.scenes.catalog import open_scene
from game.scenes.puzzle_base import list_levels


def open_level(app: App, game: str, stem: str, **kwargs: Any) -> DissectionScene:
    """Open the level with file stem `stem` of puzzle `game`."""
    index = next(i for i, lv in enumerate(list_levels(registry.get(game))) if lv.id == stem)
    scene = open_scene(app, f"puzzle:{game}", level=str(index), **kwargs)
    assert isinstance(scene, DissectionScene)
    return scene


def frames(app: App, n: int = 30) -> None:
    """Run n frames of 1/60 s, drawing some of them (drawing every one only costs time)."""
    for k in range(n):
        app.step(1 / 60)
        if k % 6 == 0 or k == n - 1:
            app.draw()


def screen(scene: DissectionScene, x: float, y: float) -> tuple[int, int]:
    """Screen pixel of a point in the puzzle's frame."""
    sx, sy = scene.view.to_screen((x, y))
    return round(sx), round(sy)


def centre(scene: DissectionScene, i: int) -> tuple[int, int]:
    """Screen pixel of piece i's centroid."""
    p = scene.state.placements[i]
    return screen(scene, p.x, p.y)
