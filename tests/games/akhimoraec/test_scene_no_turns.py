"""The Akhimoraec screen without turns: at one screen Gold tips with the keyboard and Red with
the mouse, at any moment and each only their own hourglasses; against the computer, it plays
on its own clock while the human tips too."""

from __future__ import annotations

from typing import Any

import pygame

from game import registry
from game.app import App
from game.engine.match import Match
from game.games.akhimoraec import rules as R
from game.games.akhimoraec.scene import AkhimoraecScene
from game.scenes.catalog import open_scene
from tests.games.akhimoraec.test_scene import SIX_OUT, FakeWorker, at, click, frames, press
from tests.reference import assert_image

NO_TURNS = {"turns": "none"}
C = R.cell_index


def open_free(app: App, position: str | None = SIX_OUT,
              computer: tuple[bool, bool] = (False, False)) -> AkhimoraecScene:
    scene = open_scene(app, "match:akhimoraec", position=position, computer=computer,
                       options=NO_TURNS)
    assert isinstance(scene, AkhimoraecScene)
    return scene


def test_gold_on_the_keyboard_and_red_on_the_mouse_tip_in_any_order(app: App) -> None:
    scene = open_free(app)
    frames(app, 3)
    assert scene.keys is not scene.input
    assert (scene.keys.player, scene.input.player) == (R.GOLD, R.RED)
    click(app, at(scene, "e6"))  # Red picks up e6 with the mouse
    press(app, pygame.K_RIGHT)  # Gold's cursor appears on its first glass
    assert scene.keys.cursor == C("c3") and scene.input.selected == C("e6")
    click(app, at(scene, "e5"))  # Red tips e6 -> e5
    assert scene.match.notation[-1].endswith(":e6-e5")
    click(app, at(scene, "c7"))
    click(app, at(scene, "d7"))  # and again, no turn to wait for
    assert scene.match.notation[-1].endswith(":c7-d7") and scene.match.ply == 2
    press(app, pygame.K_RETURN)  # Gold picks c3 ...
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)  # ... and tips it onto c4
    assert scene.match.notation[-1].endswith(":c3-c4")
    owners = [next(g.owner for g in st.glasses if g.cell == mv.dst)
              for st, mv in zip(scene.match.states[1:], scene.match.moves, strict=True)]
    assert owners == [R.RED, R.RED, R.GOLD]


def test_neither_player_can_touch_the_others_hourglasses(app: App) -> None:
    scene = open_free(app)
    frames(app, 3)
    click(app, at(scene, "d4"))  # a Gold glass under the mouse (Red's)
    assert scene.input.selected is None and app.toasts.latest is not None
    assert "Gold's" in app.toasts.latest
    press(app, pygame.K_RIGHT)
    for _ in range(5):  # Tab cycles through Gold's glasses only
        press(app, pygame.K_TAB)
        g = next(g for g in scene.state.glasses if g.cell == scene.keys.cursor)
        assert g.owner == R.GOLD
    assert scene.match.ply == 0


def test_a_tip_by_one_player_keeps_the_others_pick(app: App) -> None:
    scene = open_free(app)
    frames(app, 3)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)  # Gold holds c3
    click(app, at(scene, "e6"))
    click(app, at(scene, "e5"))  # Red tips meanwhile
    assert scene.match.ply == 1 and scene.keys.selected == C("c3")


def test_the_computer_plays_on_its_own_clock_while_the_human_tips(app: App) -> None:
    class Worker(FakeWorker):
        def request(self, game: str, variant: str, options: Any, start: str | None,
                    notation: Any, level: str, seconds: float, seed: int) -> int:
            self.requests.append({"position": start, "level": level, "seconds": seconds})
            self.pending = len(self.requests)
            return self.pending

    worker = Worker()
    app.services.worker = worker
    scene = open_free(app, computer=(False, True))
    assert scene.input is scene.keys and scene.input.player == R.GOLD
    frames(app, 2)
    click(app, at(scene, "d4"))
    click(app, at(scene, "d5"))  # the human tips whenever it likes
    assert scene.match.ply == 1
    worker.answer = "0:c7-c6"
    for _ in range(600):
        frames(app, 1, 100)
        if scene.match.ply >= 2:
            break
    assert scene.match.ply == 2 and scene.match.notation[-1].endswith(":c7-c6")
    # it was asked from Red's point of view, with the clock
    assert worker.requests[0]["position"].startswith("t=") and "turn=red" in worker.requests[0]["position"]
    click(app, at(scene, "d5"))
    click(app, at(scene, "d4"))  # and the human again, right after
    assert scene.match.ply == 3
    again = Match.from_json(scene.match.to_json(), registry.get)
    assert again.state.key() == scene.match.state.key()


def test_the_no_turn_board_matches_its_reference(app: App) -> None:
    scene = open_free(app)
    scene.set_paused(True, sound=False)
    scene.paused = False
    scene.t = 0.0
    scene.keys.selected, scene.keys.cursor = C("d4"), C("d5")
    scene.input.selected, scene.input.cursor = C("e6"), C("f5")
    full = pygame.Surface((1280, 800))
    scene.draw(full)
    assert_image(full.subsurface(pygame.Rect(16, 16, 880, 700)).copy(), "akhimoraec-no-turns")
    # Gold's targets in gold, Red's in red: d5 is only Gold's, d7 only Red's
    x, y = at(scene, "d5")
    gold = tuple(full.get_at((x, y)))[:3]
    x, y = at(scene, "d7")
    red = tuple(full.get_at((x, y)))[:3]
    assert gold[0] > 200 and gold[1] > 150 and red[0] > 150 and red[1] < 80
