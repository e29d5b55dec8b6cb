"""Reference pictures of every game's board at a fixed position, animations settled (see
tests/reference.py; remake them with LUDOTHEQUE_UPDATE_REFERENCES=1 after a deliberate change).

Only the board area is compared: the side panels are shared widgets with their own tests. The
positions come from seeded random plies (tools' `moves`), so they are the same on every run;
a real-time board is paused so its clocks and sand hold still.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.app import App
from game.scenes.catalog import open_scene
from game.scenes.match_base import BOARD_AREA
from tests.reference import assert_image, board_picture

#: scene id, keyword arguments for open_scene, reference name
BOARDS: list[tuple[str, dict[str, Any], str]] = [
    ("match:abalone", {"position": "WW1W1/1W1W2/WW3WW/3W1W1B/B2W5/2B3B1/2B3B/1B4/BBBB1 w 3 2"},
     "abalone-board"),
    ("match:abalone", {"moves": 16}, "abalone-board-midgame"),
    ("match:akhimoraec", {"moves": 10}, "akhimoraec-board"),
    ("match:amazons", {"moves": 14}, "amazons-board"),
    ("match:pions", {"position": "23:23,22,17,16,12,6,2"}, "pions-board"),
    ("puzzle:hanoi", {"level": "3"}, "hanoi-board"),
]


def settle(app: App, scene: Any, n: int = 40) -> None:
    tweens = getattr(scene, "tweens", None)
    for _ in range(n):
        if tweens is not None:
            tweens.finish_all()
        app.step(1 / 60)


@pytest.mark.parametrize("scene_id,kwargs,name", BOARDS, ids=[b[2] for b in BOARDS])
def test_board_matches_its_reference(app: App, scene_id: str, kwargs: dict[str, Any],
                                     name: str) -> None:
    scene = open_scene(app, scene_id, **kwargs)
    if hasattr(scene, "set_paused"):  # Akhimoraec: time stands still for the picture
        scene.set_paused(True, sound=False)
        scene.paused = False  # drawn as a board, but the clocks are not advanced below
        scene.t = 0.0
        assert_image(board_picture(scene, BOARD_AREA), name)
        return
    prep = getattr(scene, "prep", None)
    if prep is not None:
        assert prep.ready.wait(60)
    settle(app, scene)
    if hasattr(scene, "t"):
        scene.t = 0.0  # pulses and glows at a fixed phase
    assert_image(board_picture(scene, BOARD_AREA), name)
