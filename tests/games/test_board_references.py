"""Reference pictures of every game's board at a fixed position, animations settled (see
tests/reference.py; remake them with LUDOTHEQUE_UPDATE_REFERENCES=1 after a deliberate change).

The comparison is strict (tests/reference.py: a channel off by more than 24 marks a pixel as
changed, more than 40 changed pixels fail), and a test proves it: a 20-pixel disc fails.

Only the board area is compared: the side panels are shared widgets with their own tests. The
positions come from seeded random plies (tools' `moves`), so they are the same on every run;
a real-time board is paused so its clocks and sand hold still.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.scenes.catalog import open_scene
from game.scenes.match_base import BOARD_AREA
from tests.reference import (
    MAX_CHANGED,
    REFERENCE_DIR,
    UPDATE_ENV,
    assert_image,
    board_picture,
    matches,
)

#: scene id, keyword arguments for open_scene, reference name
BOARDS: list[tuple[str, dict[str, Any], str]] = [
    ("match:abalone", {"position": "WW1W1/1W1W2/WW3WW/3W1W1B/B2W5/2B3B1/2B3B/1B4/BBBB1 w 3 2"},
     "abalone-board"),
    ("match:abalone", {"moves": 16}, "abalone-board-midgame"),
    ("match:akhimoraec", {"moves": 10}, "akhimoraec-board"),
    ("match:amazons", {"moves": 14}, "amazons-board"),
    ("match:pions", {"position": "23:23,22,17,16,12,6,2"}, "pions-board"),
    ("puzzle:hanoi", {"level": "3"}, "hanoi-board"),
    ("match:fairy16", {}, "fairy16-board"),
    ("match:fairy16", {"moves": 24}, "fairy16-board-midgame"),
    ("match:taishogi", {}, "taishogi-board"),
    ("match:taishogi", {"moves": 30}, "taishogi-board-midgame"),
    ("match:rithmomachia", {}, "rithmomachia-board"),
    ("match:rithmomachia", {"moves": 20}, "rithmomachia-board-midgame"),
]


def _board(app: App, scene_id: str, kwargs: dict[str, Any]) -> pygame.Surface:
    scene = open_scene(app, scene_id, **kwargs)
    if hasattr(scene, "set_paused"):  # Akhimoraec: time stands still for the picture
        scene.set_paused(True, sound=False)
        scene.paused = False  # drawn as a board, but the clocks are not advanced below
        scene.t = 0.0
        return board_picture(scene, BOARD_AREA)
    prep = getattr(scene, "prep", None)
    if prep is not None:
        assert prep.ready.wait(60)
    settle(app, scene)
    if hasattr(scene, "t"):
        scene.t = 0.0  # pulses and glows at a fixed phase
    return board_picture(scene, BOARD_AREA)


def settle(app: App, scene: Any, n: int = 40) -> None:
    tweens = getattr(scene, "tweens", None)
    for _ in range(n):
        if tweens is not None:
            tweens.finish_all()
        app.step(1 / 60)


@pytest.mark.parametrize("scene_id,kwargs,name", BOARDS, ids=[b[2] for b in BOARDS])
def test_board_matches_its_reference(app: App, scene_id: str, kwargs: dict[str, Any],
                                     name: str) -> None:
    assert_image(_board(app, scene_id, kwargs), name)


@pytest.mark.parametrize("scene_id,kwargs,name", [BOARDS[0], BOARDS[6], BOARDS[8]],
                         ids=["abalone", "fairy16", "taishogi"])
def test_a_change_a_player_would_see_fails(app: App, scene_id: str, kwargs: dict[str, Any],
                                           name: str, monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    """A 20-pixel disc painted on the board fails the comparison, wherever it lands and
    whatever its colour is near; a few stray pixels (a hinting change) do not. The first
    disc goes through the whole failure (the pictures of it saved, here in tmp_path, not
    among the sources); the others through the same decision, without the pictures (saving
    three PNGs is most of the CPU of a failure)."""
    from tests import reference

    # a run that remakes the references must not take a planted disc for one
    monkeypatch.delenv(UPDATE_ENV, raising=False)
    monkeypatch.setattr(reference, "FAILURE_DIR", tmp_path / "failures")
    board = _board(app, scene_id, kwargs)
    expected = pygame.image.load(str(REFERENCE_DIR / f"{name}.png"))
    assert matches(board, expected)
    w, h = board.get_size()
    for k, (x, y) in enumerate([(w // 2, h // 2), (40, 40), (w - 40, h - 60), (w // 3, 2 * h // 3)]):
        planted = board.copy()
        under = planted.get_at((x, y))
        # a colour a player tells apart from what was there, but only just (30 levels)
        colour = tuple(min(255, c + 30) if c < 200 else c - 30 for c in under[:3])
        pygame.draw.circle(planted, colour, (x, y), 10)  # 20 px across
        assert not matches(planted, expected), f"disc {k} at {(x, y)} passed"
        if k == 0:
            with pytest.raises(AssertionError, match="pixels differ"):
                assert_image(planted, name)
            saved = sorted(p.name for p in (tmp_path / "failures").iterdir())
            assert saved == [f"{name}-{kind}.png" for kind in ("actual", "diff", "expected")]
    stray = board.copy()
    for k in range(MAX_CHANGED):
        stray.set_at((5 + 7 * k, 5), (255, 0, 255))
    assert matches(stray, expected)
