"""The Akhimoraec screen, headless: clicks and keys tip hourglasses through the rules, refusals
carry the rules' reason, the game clock runs with the frames (and stops while paused, with the
board hidden), deaths and lost turns are animated and listed, the computer waits its thinking
time and plays its move re-stamped at "now", and every picture draws."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui
import pytest

from game import registry
from game.app import App
from game.engine.match import Match, PlayerSpec
from game.engine.worker import AIReply
from game.games.akhimoraec import rules as R
from game.games.akhimoraec.help import DIAGRAMS
from game.games.akhimoraec.rules import Move
from game.games.akhimoraec.scene import (
    CELL,
    PLATE,
    SAND,
    AkhimoraecScene,
    glass_geom,
)
from game.scenes.catalog import open_scene
from game.scenes.match_base import open_match
from game.ui import theme
from tests.reference import assert_image

ENTRY = registry.get("akhimoraec")

#: Six glasses out, all flowing; Gold's c3 has 15 s of sand left, Red's c7 12 s.
SIX_OUT = ("t=100.5 turn=gold@99 | gold: b1>c3 black 115.5/180, e1>d4 colour 250/180, "
           "h1>g3 black 270/180 | red: b9>c7 colour 112.5/180, e9>e6 black 200/180, "
           "h9>f6 colour 260/180")
#: Gold tips e3 onto e4 and wins on d4-e4-f4, all black up.
GOLD_WINS_NEXT = ("t=29.9 turn=gold@28 | gold: b1>d4 black 201.3/180, e1>e3 colour 188.2/180, "
                  "h1>f4 black 209.9/180 | red: b9>c7 black 195/180, e9>e6 colour 190/180, "
                  "h9>g7 black 205/180")


class FakeWorker:
    """Stands in for the AI worker process: records requests, answers what the test says."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.answer: str | None = None
        self.pending: int | None = None
        self.cancelled = 0

    @property
    def busy(self) -> bool:
        return self.pending is not None

    def start(self) -> None:
        pass

    def request_for(self, match: Match, *, seconds: float, seed: int, level: str | None = None,
                    game_ref: str | None = None) -> int:
        self.requests.append({"now": match.state.now, "seconds": seconds, "level": level,
                              "position": match.rules.position_text(match.state)})
        self.pending = len(self.requests)
        return self.pending

    def poll(self) -> AIReply | None:
        if self.pending is None or self.answer is None:
            return None
        rid, self.pending = self.pending, None
        return AIReply(rid, self.answer)

    def cancel(self) -> None:
        self.cancelled += 1
        self.pending = None

    def close(self) -> None:
        self.pending = None


def open_match_scene(app: App, position: str | None = None, moves: int = 0,
                     computer: tuple[bool, bool] = (False, False),
                     options: dict[str, Any] | None = None) -> AkhimoraecScene:
    scene = open_scene(app, "match:akhimoraec", position=position, moves=moves, computer=computer,
                       options=options)
    assert isinstance(scene, AkhimoraecScene)
    return scene


def frames(app: App, n: int = 30, draw_every: int = 10) -> None:
    for i in range(n):
        app.step(1 / 60)
        if i % draw_every == 0 or i == n - 1:
            app.draw()


def at(scene: AkhimoraecScene, name: str) -> tuple[int, int]:
    x, y = scene.geo.centre(R.cell_index(name))
    return round(x), round(y)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def press(app: App, key: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def glass_on(scene: AkhimoraecScene, name: str) -> R.Glass | None:
    return scene.glass_at(R.cell_index(name))


# -- tipping ---------------------------------------------------------------------------------------


def test_click_a_glass_then_a_circle_tips_it_at_the_current_time(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 12)
    now = scene.state.now
    assert now > 100_500  # the clock runs with the frames
    click(app, at(scene, "d4"))
    assert scene.selected == R.cell_index("d4")
    assert set(scene.targets(R.cell_index("d4"))) >= {R.cell_index("e5"), R.cell_index("d5")}
    app.draw()
    click(app, at(scene, "e5"))
    m = scene.match
    assert m.ply == 1
    assert m.moves[0] == Move(R.cell_index("d4"), R.cell_index("e5"), now)
    assert m.notation[0] == f"{R.fmt_time(now)}:d4-e5"
    g = glass_on(scene, "e5")
    assert g is not None and g.owner == R.GOLD and g.up is False  # it turned over
    assert scene.state.to_move == R.RED
    assert scene.flights and scene.animating  # the tip is in flight
    frames(app, 40)
    assert not scene.flights and not scene.animating


def test_a_refused_click_says_the_rules_reason_and_changes_nothing(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 3)
    before = scene.state.key()
    click(app, at(scene, "e6"))  # Red's glass on Gold's turn
    assert app.toasts.latest is not None and "Red's" in app.toasts.latest
    assert scene.selected is None
    click(app, at(scene, "d4"))
    click(app, at(scene, "d6"))  # two steps away
    assert app.toasts.latest == "d6 is not a neighbouring circle of d4"
    assert scene.selected == R.cell_index("d4")  # a refused tip keeps the glass picked up
    click(app, at(scene, "e6"))  # a Red glass: the tip is refused, it does not select it
    assert app.toasts.latest == "e6 is not a neighbouring circle of d4"
    assert scene.selected == R.cell_index("d4")
    assert scene.match.ply == 0
    assert scene.state.key()[1:] == before[1:]  # only the clock moved


def test_the_keyboard_moves_a_cursor_and_enter_picks_and_places(app: App) -> None:
    scene = open_match_scene(app)
    press(app, pygame.K_RIGHT)  # first press shows the cursor on a glass of the side to move
    assert scene.cursor == R.cell_index("b1")
    press(app, pygame.K_TAB)
    assert scene.cursor == R.cell_index("e1")
    press(app, pygame.K_RETURN)
    assert scene.selected == R.cell_index("e1")
    press(app, pygame.K_UP)
    press(app, pygame.K_RIGHT)
    assert scene.cursor == R.cell_index("f2")
    app.draw()
    press(app, pygame.K_RETURN)
    assert scene.match.notation == ("0:e1-f2",)


def test_clicks_land_on_the_right_circles_when_the_human_plays_red(app: App) -> None:
    app.services.worker = FakeWorker()
    scene = open_match_scene(app, computer=(True, False))
    assert scene.flipped
    x, y = at(scene, "e9")
    assert y < PLATE.bottom and y > PLATE.bottom - CELL * 1.5  # Red's home row at the bottom
    assert scene.geo.cell_at((x, y)) == R.cell_index("e9")


# -- the clocks ---------------------------------------------------------------------------------


def test_the_clocks_start_with_the_first_tip_then_follow_the_frames(app: App) -> None:
    scene = open_match_scene(app)
    frames(app, 60)
    assert scene.state.now == 0  # a fresh hot-seat game waits for Gold's first tip
    click(app, at(scene, "e1"))
    click(app, at(scene, "e2"))
    frames(app, 60)  # one second of frames
    assert 990 <= scene.state.now <= 1010
    assert scene.rules.turn_clock_left(scene.state) == pytest.approx(15 - scene.state.now / 1000)


def test_space_pauses_every_clock_and_hides_the_board(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 6)
    press(app, pygame.K_SPACE)
    assert scene.paused
    now = scene.state.now
    frames(app, 120)
    assert scene.state.now == now
    app.draw()
    # the circles of the corners are covered by the pause panel
    for name in ("a1", "i1", "a9", "i9", "c3"):
        assert tuple(app.canvas.get_at(at(scene, name)))[:3] == theme.BG_DEEP
    click(app, at(scene, "d4"))  # clicking the panel resumes, it does not select
    assert not scene.paused and scene.selected is None
    frames(app, 6)
    assert scene.state.now > now


def test_escape_pauses_then_offers_to_leave(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 3)
    click(app, at(scene, "d4"))
    click(app, at(scene, "d5"))
    press(app, pygame.K_ESCAPE)
    assert scene.paused and scene.modal is None
    press(app, pygame.K_ESCAPE)
    assert scene.modal is not None and scene.modal.title == "Leave the match?"
    now = scene.state.now
    frames(app, 30)
    assert scene.state.now == now
    press(app, pygame.K_ESCAPE)  # Esc closes the dialog; still paused
    assert scene.modal is None and scene.paused


def test_undo_takes_back_the_move_and_its_time_and_redo_needs_the_clock_stopped(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 6)
    click(app, at(scene, "d4"))
    click(app, at(scene, "d5"))
    played_at = scene.match.moves[0].at
    frames(app, 30)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.match.ply == 0
    assert scene.state.now == played_at and glass_on(scene, "d4") is not None
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.match.ply == 1 and glass_on(scene, "d5") is not None
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    press(app, pygame.K_SPACE)
    frames(app, 3)  # time runs on: the taken-back move cannot come back at its old moment
    assert not scene.match.can_redo


def test_the_redo_button_is_enabled_exactly_when_redo_will_do_something(app: App) -> None:
    """The play-test defect: hot-seat, tips, Ctrl+Z while the clocks run, then Redo said
    "Nothing to redo." while its button stayed enabled."""
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 6)
    for src, dst in (("d4", "d5"),):
        click(app, at(scene, src))
        click(app, at(scene, dst))
        frames(app, 20)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.match.ply == 0
    frames(app, 3)  # the clocks run on: the redo tail is gone, and so is the button
    assert not scene.match.can_redo
    assert not scene.redo_btn.is_enabled
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert "clocks run on" in (app.toasts.latest or "")
    # paused before the undo: redo stays possible and its button says so
    click(app, at(scene, "d4"))
    click(app, at(scene, "d5"))
    frames(app, 20)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 10)
    assert scene.match.can_redo and scene.redo_btn.is_enabled
    assert not scene.hint_btn.is_enabled  # no hint while the board is hidden


def test_resigning_from_the_pause_panel_shows_the_board_again(app: App) -> None:
    """The play-test defect: Space, Resign, Resign, "Back to the board" left the board hidden
    under "Paused" with a live Resume button."""
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 6)
    press(app, pygame.K_SPACE)
    assert scene.paused
    scene.resign()
    confirm = next(b for b in scene.modal.actions if b.text == "Resign")
    app.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=confirm))
    frames(app, 90)
    assert scene.match.outcome is not None
    if app.top is not scene:  # the results screen: back to the board
        app.pop()
    frames(app, 5)
    assert not scene.paused and not scene.resume_btn.visible
    app.draw()
    assert tuple(app.canvas.get_at(at(scene, "c3")))[:3] != theme.BG_DEEP  # the board shows


def test_a_glass_below_twenty_seconds_ticks_once_a_second(app: App,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_match_scene(app, SIX_OUT)
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name, volume=1.0: played.append(name))
    frames(app, 180)  # three seconds: 100.5 s -> 103.5 s
    assert 103_490 <= scene.state.now <= 103_510
    assert played.count("tick") == 3


def test_a_death_cracks_the_glass_carries_it_home_and_is_listed(app: App,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_match_scene(app, SIX_OUT)
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name, volume=1.0: played.append(name))
    gi = next(i for i, g in enumerate(scene.state.glasses) if g.cell == R.cell_index("c7"))
    scene.match.advance(11.9)  # Red's c7 runs out at 112.5 s
    frames(app, 12)
    g = scene.state.glasses[gi]
    assert g.status == R.READY and g.cell == R.cell_index("b9")  # died colour up: ready at once
    assert "crack" in played
    assert [f.kind for f in scene.flights[gi]] in (["crack", "carry"], ["carry"])
    assert scene.feed and scene.feed[-1].head == "sand out on c7"
    assert scene.feed[-1].detail == "ready at once"
    frames(app, 80)
    assert gi not in scene.flights


def test_a_lost_turn_is_listed_and_drops_the_selection(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 2)
    click(app, at(scene, "d4"))
    assert scene.selected is not None
    left = scene.rules.turn_clock_left(scene.state)
    assert left is not None
    frames(app, round(left * 60) + 3)
    assert scene.state.to_move == R.RED
    assert scene.selected is None
    assert any(item.head == "turn clock ran out" for item in scene.feed)


def test_the_drawn_sand_is_what_the_rules_say(app: App) -> None:
    rules = ENTRY.make_rules()
    for text in (SIX_OUT, *DIAGRAMS.values()):
        state = rules.parse_position(text)
        for g, view in zip(state.glasses, rules.views(state), strict=True):
            upper, lower = rules.sand(g, state.now)
            assert upper == pytest.approx(view.upper / view.capacity)
            assert lower == pytest.approx(view.lower / view.capacity)


def test_more_sand_sits_higher_in_the_lower_chamber_and_lower_in_the_upper() -> None:
    g = glass_geom(64)
    lows = [g.level(g.lower_level, k / 10) for k in range(11)]
    ups = [g.level(g.upper_level, k / 10) for k in range(11)]
    assert all(a > b for a, b in zip(lows, lows[1:], strict=False))  # y shrinks as it fills
    assert all(a > b for a, b in zip(ups, ups[1:], strict=False))
    assert g.y0 < ups[-1] and ups[0] == pytest.approx(g.ym)
    assert lows[0] == pytest.approx(g.y1) and lows[-1] > g.ym


# -- the end ------------------------------------------------------------------------------------


def test_a_winning_tip_ends_the_match_and_shows_the_results(app: App) -> None:
    scene = open_match_scene(app, GOLD_WINS_NEXT)
    frames(app, 2)
    click(app, at(scene, "e3"))
    click(app, at(scene, "e4"))
    out = scene.match.outcome
    assert out is not None and out.winner == R.GOLD
    assert scene.state.line == tuple(R.cell_index(c) for c in ("d4", "e4", "f4"))
    now = scene.state.now
    frames(app, 30)
    assert scene.state.now == now  # the clock stops with the game
    assert not scene.pause_btn.is_enabled
    frames(app, 60)
    assert app.top is not scene  # the results screen came up


# -- the computer --------------------------------------------------------------------------------


def test_the_computer_waits_its_thinking_time_then_plays_its_move_as_now(app: App) -> None:
    worker = FakeWorker()
    app.services.worker = worker
    scene = open_match_scene(app, SIX_OUT, computer=(True, False))
    frames(app, 1)
    plan = scene._plan
    assert plan is not None and plan.play_at >= scene.state.turn_start
    worker.answer = "0.5:d4-d5"  # stamped when it was asked; played without the stamp
    while scene.state.now < plan.ask_at:
        assert not worker.requests
        frames(app, 1, 100)
    frames(app, 2)
    assert worker.requests and worker.requests[0]["level"] == ENTRY.default_level
    assert worker.requests[0]["position"].startswith("t=")  # the position, with its clock
    while scene.state.now < plan.play_at - 20:
        assert scene.match.ply == 0
        frames(app, 1, 100)
    frames(app, 4)
    assert scene.match.ply == 1
    move = scene.match.moves[0]
    assert (move.src, move.dst) == (R.cell_index("d4"), R.cell_index("d5"))
    assert move.at >= plan.play_at


def test_a_reply_made_stale_by_time_is_asked_again(app: App) -> None:
    worker = FakeWorker()
    app.services.worker = worker
    scene = open_match_scene(app, SIX_OUT, computer=(True, False))
    worker.answer = "100:d4-d6"  # not a legal tip now
    for _ in range(600):
        frames(app, 1, 100)
        if len(worker.requests) >= 2:
            break
    assert len(worker.requests) >= 2 and scene.match.ply == 0


def test_the_hint_asks_with_the_clock_and_shows_the_move_now(app: App) -> None:
    worker = FakeWorker()
    app.services.worker = worker
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 2)
    worker.answer = "100.5:g3-f4"
    press(app, pygame.K_h)
    frames(app, 2)
    assert worker.requests and scene.hint_move is not None
    assert (scene.hint_move.src, scene.hint_move.dst) == (R.cell_index("g3"), R.cell_index("f4"))
    app.draw()


def test_two_computers_play_through_the_real_worker(app: App) -> None:
    m = Match(ENTRY, players=[PlayerSpec("computer", "A", "easy"), PlayerSpec("computer", "B", "easy")],
              start=SIX_OUT)
    scene = open_match(app, m)
    assert isinstance(scene, AkhimoraecScene)
    deadline = time.monotonic() + 90  # a generous bound against a hung worker, not a timing test
    while m.ply < 2 and m.outcome is None and time.monotonic() < deadline:
        app.step(0.05)
        time.sleep(0.01)
    assert m.ply >= 2 or m.outcome is not None
    # the moves carry their game time: the saved record replays to exactly this position
    again = Match.from_json(m.to_json(), registry.get)
    assert again.state.key() == m.state.key()
    assert all(a.at < b.at for a, b in zip(m.moves, m.moves[1:], strict=False))


# -- pictures ----------------------------------------------------------------------------------


def _still(scene: AkhimoraecScene) -> None:
    """Time stands still for a picture: clocks and pulses at a fixed phase."""
    scene.set_paused(True, sound=False)
    scene.paused = False
    scene.t = 0.0


def test_every_rules_diagram_and_the_menu_card_match_their_references(app: App) -> None:
    for i, text in enumerate(DIAGRAMS.values()):
        surf = pygame.Surface((380, 380))
        surf.fill(theme.BG_DEEP)
        AkhimoraecScene.draw_diagram(surf, surf.get_rect(), ENTRY, text)
        assert_image(surf, f"akhimoraec-diagram-{i}")
    thumb = AkhimoraecScene.thumbnail((260, 168))
    assert thumb.get_size() == (260, 168)
    assert_image(thumb, "akhimoraec-menu-card")


def test_a_picked_glass_shows_its_targets_and_its_close_up(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    _still(scene)
    scene.selected = R.cell_index("d4")
    full = pygame.Surface((1280, 800))
    scene.draw(full)
    assert_image(full.subsurface(PLATE).copy(), "akhimoraec-picked")
    assert_image(full.subsurface(scene.closeup_rect).copy(), "akhimoraec-closeup")
    # every legal target of d4 carries a dot, and an occupied neighbour (e5 is free, c3 is not)
    # none: the dot is drawn in the centre of the empty circle
    for t in scene.targets(R.cell_index("d4")):
        x, y = at(scene, R.cell_name(t))
        assert tuple(full.get_at((x, y)))[:3] != tuple(full.get_at((x + 18, y)))[:3], R.cell_name(t)


def test_the_pause_hides_every_hourglass(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    scene.set_paused(True, sound=False)
    scene.t = 0.0
    full = pygame.Surface((1280, 800))
    scene.draw(full)
    board = full.subsurface(PLATE).copy()
    assert_image(board, "akhimoraec-paused")
    # where hourglasses stood (away from the cover's own picture and words) is plain cover
    for name in ("c3", "g3", "c7", "b1", "h9"):
        x, y = at(scene, name)
        block = {tuple(full.get_at((x + dx, y + dy)))[:3] for dx in range(-20, 21, 4)
                 for dy in range(-30, 31, 5)}
        assert block == {theme.BG_DEEP}, name


@pytest.mark.parametrize("options", [{"adjacency": 4}, {"timer": "B", "flip_in_place": True},
                                     {"turn_clock": 0, "game_limit": 0}])
def test_options_draw_and_play(app: App, options: dict[str, Any]) -> None:
    scene = open_match_scene(app, options=options)
    click(app, at(scene, "e1"))
    click(app, at(scene, "e2"))
    assert scene.match.ply == 1
    frames(app, 40)
    if options.get("flip_in_place"):
        press(app, pygame.K_SPACE)
        press(app, pygame.K_SPACE)
    assert scene.state.to_move == R.RED


def test_the_players_lines_fit_their_boxes_against_the_computer(app: App) -> None:
    """The play-test defect: "computer, default · 2 in play · 1 ready · next out in 2:4" cut."""
    from game.scenes.match_base import SIDE

    scene = open_match_scene(app, SIX_OUT, computer=(False, True))
    frames(app, 6)
    for side in (0, 1):
        info = scene.side_info(side)
        p = scene.match.players[side]
        line = (f"computer, {p.level} · " if p.kind == "computer" else "") + info
        assert "next out" in info or "thinking" in info
        assert theme.font(16).size(line)[0] <= SIDE.width - 48 - 12, line


def test_the_close_up_shows_the_selected_glass_large(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)
    frames(app, 6)
    click(app, at(scene, "d4"))
    gi = scene.closeup_index()
    assert gi is not None and scene.state.glasses[gi].cell == R.cell_index("d4")
    app.draw()
    card = scene.closeup_rect
    # the big glass's sand (the owner's sand colour) fills many pixels of the card
    sand = SAND[scene.state.glasses[gi].owner]
    hits = sum(1 for x in range(card.x, card.x + 120, 2) for y in range(card.y, card.bottom, 2)
               if tuple(app.canvas.get_at((x, y)))[:3] == sand)
    assert hits > 150


# -- a match resumed from a save, the move list after a lost turn ------------------------------


def test_a_match_resumed_from_its_autosave_opens_paused(app: App) -> None:
    from game.engine import storage
    from game.scenes.match_base import resume_autosave

    scene = open_match_scene(app, SIX_OUT)
    frames(app, 2)
    scene.match.play(scene.rules.legal_moves(scene.state)[0])
    scene.match.save(storage.autosave_path("akhimoraec"))
    app.pop()
    resume_autosave(app, storage.autosave_path("akhimoraec"))
    resumed = app.top
    assert isinstance(resumed, AkhimoraecScene)
    now = resumed.state.now
    assert resumed.paused and resumed.resume_btn.visible
    frames(app, 60)
    assert resumed.state.now == now  # neither the clocks nor the sand ran while away
    click(app, resumed.resume_btn.rect.center)
    app.step(1 / 60)
    frames(app, 60)
    assert not resumed.paused and resumed.state.now > now


def test_a_fresh_match_is_not_paused_by_opening(app: App) -> None:
    scene = open_match_scene(app, computer=(False, True))
    assert not scene.paused


def test_after_a_lost_turn_the_next_move_is_written_in_its_players_column(app: App) -> None:
    scene = open_match_scene(app, SIX_OUT)  # Gold to move
    m = scene.match
    assert scene.state.to_move == R.GOLD
    m.play(scene.rules.legal_moves(scene.state)[0])  # Gold tips, Red to move
    assert scene.state.to_move == R.RED
    left = scene.rules.turn_clock_left(scene.state)
    assert left is not None
    m.advance(left + 0.01)  # Red's turn clock runs out: Gold again
    assert scene.state.to_move == R.GOLD
    m.play(scene.rules.legal_moves(scene.state)[0])
    entries, two_columns = scene.move_entries()
    assert two_columns
    texts = scene.move_texts()
    assert (R.GOLD, R.RED) == (0, 1)  # Gold's column is the first
    assert list(entries) == [texts[0], "—", texts[1]]  # Red's turn was lost on the clock
    frames(app, 2)
