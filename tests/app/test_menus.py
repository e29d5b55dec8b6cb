"""Continue (one unfinished match per game), Load a saved match, the setup that remembers each
game's last choices in that game's own names and colours, the results screen and the replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from game import registry
from game.app import App
from game.engine import storage
from game.engine.match import Match
from game.scenes.catalog import make_match, open_scene


def _autosave(game_id: str, moves: int) -> Match:
    m = make_match(registry.get(game_id), moves=moves)
    m.save(storage.autosave_path(game_id))
    return m


def test_each_game_keeps_its_own_unfinished_match(app: App) -> None:
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene

    open_scene(app, "match:akhimoraec", moves=3).close()  # leaving autosaves it
    open_scene(app, "match:abalone", moves=2).close()
    app.stack.clear()
    assert storage.autosave_path("akhimoraec").is_file()
    assert storage.autosave_path("abalone").is_file()  # the second did not replace the first
    menu = MenuScene(app)
    app.push(menu)
    assert sorted(menu.unfinished) == ["Abalone", "Akhimoraec"]
    menu.resume()  # two: the list to choose from
    scene = app.top
    assert isinstance(scene, LoadScene)
    rows = {it.match.entry.id: it for it in scene.items}
    assert set(rows) == {"akhimoraec", "abalone"}
    assert len(rows["akhimoraec"].match.moves) == 3 and rows["akhimoraec"].moves == "3 moves"
    assert rows["abalone"].players == "Black vs White"
    # a date, "1 Dec 2026 21:05": the day has one digit or two (this read its first two
    # characters as digits, and failed on the first nine days of every month)
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d", rows["abalone"].when)
    scene.open(scene.items.index(rows["abalone"]))
    assert app.top.match.entry.id == "abalone" and len(app.top.match.moves) == 2


def test_starting_a_game_with_an_unfinished_match_asks_first(app: App) -> None:
    from game.scenes.match_base import MatchScene
    from game.scenes.setup import SetupScene

    _autosave("amazons", 4)
    scene = open_scene(app, "setup:amazons")
    assert isinstance(scene, SetupScene)
    scene.start()
    assert scene.modal is not None and app.top is scene  # asked, nothing replaced yet
    assert len(Match.load(storage.autosave_path("amazons"), registry.get).moves) == 4
    resume = next(fn for b, fn in scene.modal.actions.items() if b.text == "Resume it")
    resume()
    assert isinstance(app.top, MatchScene) and len(app.top.match.moves) == 4


def test_load_lists_saved_matches_and_sets_a_bad_file_aside(app: App) -> None:
    from game.scenes.load import LoadScene

    good = make_match(registry.get("pions"), moves=5)
    good.save(storage.saves_dir() / "pions-good.json")
    bad = storage.saves_dir() / "amazons-bad.json"
    bad.write_text(json.dumps({"format": 1, "game": "amazons", "variant": "standard",
                               "options": {}, "moves": ["a1-a2/a3"]}))
    scene = LoadScene(app)
    app.push(scene)
    assert [it.path.name for it in scene.items] == ["pions-good.json"]
    assert "amazons-bad.json" in (app.toasts.latest or "")
    assert not bad.exists() and list(storage.saves_dir().glob("amazons-bad.json*.bad"))
    scene.open(0)
    assert app.top.match.notation == good.notation


def test_save_copy_then_load_from_the_menu(app: App) -> None:
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    scene = open_scene(app, "match:amazons", moves=6)
    scene.save_copy()
    app.pop()
    menu.load()
    assert isinstance(app.top, LoadScene)
    assert [len(it.match.moves) for it in app.top.items] == [6]


def test_setup_remembers_each_games_choices_and_names_in_its_own_sides(app: App) -> None:
    from game.scenes.setup import SetupScene, side_colours

    scene = open_scene(app, "setup:akhimoraec")
    assert isinstance(scene, SetupScene)
    scene.side_widgets[1]["kind"].selected_option = ("Human", "Human")
    scene.options["life"] = 60
    scene.start()
    app.stack.clear()
    again = open_scene(app, "setup:akhimoraec")
    assert [p.kind for p in again.players()] == ["human", "human"]  # Human/Human remembered
    assert again.options["life"] == 60
    abalone = open_scene(app, "setup:abalone")
    assert [p.name for p in abalone.players()] == ["Black", "White"]  # never Akhimoraec's Gold
    assert side_colours(registry.get("akhimoraec"))[1][0] > 150  # Red's dot is red, not blue
    dark, light = side_colours(registry.get("abalone"))
    assert sum(dark) < 200 < sum(light)
    stored = json.loads(storage.settings_path().read_text())
    assert stored["setups"]["akhimoraec"]["options"]["life"] == 60


def test_a_remembered_value_the_game_no_longer_offers_is_dropped(app: App) -> None:
    app.settings.setups["amazons"] = {"variant": "11x11", "options": {"territory_end": "maybe"},
                                      "players": [{"kind": "alien", "name": 7}]}
    scene = open_scene(app, "setup:amazons")
    assert scene.variant == registry.get("amazons").variants[0].id
    assert scene.options == registry.get("amazons").default_options()
    assert [p.kind for p in scene.players()][0] == "human"


def test_every_option_row_explains_itself(app: App) -> None:
    from game.scenes.setup import SetupScene

    for entry in registry.playable().values():
        if entry.kind != "match":
            continue
        scene = open_scene(app, f"setup:{entry.id}")
        assert isinstance(scene, SetupScene)
        for _rect, title, _help, dd in scene.opt_rows:
            scene.page = scene.opt_pages[dd]
            scene.explained = dd
            head, body = scene.explanation()
            assert head.startswith(title) and body.strip(), (entry.id, title)
        app.stack.clear()


def test_results_show_the_final_position_and_replay_steps_through_the_match(app: App) -> None:
    from game.scenes.replay import ReplayScene
    from game.scenes.results import ResultsScene

    scene = open_scene(app, "results:amazons", moves=9)
    assert isinstance(scene, ResultsScene) and scene.has_diagram
    app.draw()
    scene.open_replay()
    replay = app.top
    assert isinstance(replay, ReplayScene)
    first = pygame.image.tobytes(replay.board_image(), "RGB")
    replay.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert replay.index == 1
    assert pygame.image.tobytes(replay.board_image(), "RGB") != first  # the move shows
    replay.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    assert replay.index == len(scene.match.moves)
    replay.toggle_play()  # from the end, Play starts over and steps by itself
    assert replay.index == 0 and replay.in_motion()
    for _ in range(int(1.0 * 120)):
        replay.update(1 / 120)
    assert replay.index >= 1


@pytest.mark.parametrize("game", ["pions", "amazons", "abalone", "akhimoraec"])
def test_the_replay_writes_the_moves_as_the_match_screen_does(app: App, game: str) -> None:
    """Not the file's notation ("12-9", "0:b1-c2"): the move list's ("12→9", "0:00 b1→c2")."""
    from game.scenes.replay import ReplayScene

    match_scene = open_scene(app, f"match:{game}", moves=4)
    shown = match_scene.move_texts()  # type: ignore[attr-defined]
    assert shown and shown != list(match_scene.match.notation)  # type: ignore[attr-defined]
    app.push(app.screens.replay(match_scene.match))  # type: ignore[attr-defined]
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.texts == shown
    replay.go(2)
    app.draw()


def test_results_name_the_winner_in_the_games_own_colour(app: App) -> None:
    from game.scenes.results import ResultsScene

    scene = open_scene(app, "results:abalone", moves=2)
    assert isinstance(scene, ResultsScene)
    headline, colour = scene.headline()
    winner = scene.match.outcome.winner
    assert headline == f"{scene.match.players[winner].name} wins"
    assert colour == registry.get("abalone").side_colours[winner]


def test_old_single_autosave_is_still_offered_and_moved(app: App, home: Path) -> None:
    from game.scenes.load import LoadScene

    old = storage.autosave_path()
    make_match(registry.get("pions"), moves=2).save(old)
    scene = LoadScene(app, autosaves=True)
    app.push(scene)
    assert [it.match.entry.id for it in scene.items] == ["pions"]
    scene.open(0)
    assert not old.exists() and storage.autosave_path("pions").is_file()


def test_escape_closes_the_setup_question_and_not_the_screen(app: App) -> None:
    from game.scenes.setup import SetupScene

    _autosave("pions", 3)
    scene = open_scene(app, "setup:pions")
    assert isinstance(scene, SetupScene)
    scene.start()
    assert scene.modal is not None
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                        scancode=0))
    assert scene.modal is None and app.top is scene
    assert storage.autosave_path("pions").is_file()  # nothing replaced


def test_loading_a_copy_over_an_unfinished_match_of_its_game_asks_first(app: App) -> None:
    from game.scenes.load import LoadScene
    from game.scenes.match_base import MatchScene

    _autosave("pions", 3)
    make_match(registry.get("pions"), moves=7).save(storage.saves_dir() / "pions-copy.json")
    scene = LoadScene(app)
    app.push(scene)
    scene.open(0)
    assert scene.modal is not None and app.top is scene
    load = next(fn for b, fn in scene.modal.actions.items() if b.text == "Load it")
    load()
    assert isinstance(app.top, MatchScene) and len(app.top.match.moves) == 7


def test_an_open_list_explains_the_choice_under_the_pointer(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import theme

    scene = open_scene(app, "setup:abalone")
    dd = next(d for d, oid in scene.opt_widgets.items() if oid == "__variant__")
    dd.current_state.should_transition = True
    app.step(1 / 60)
    items = dd.menu_states["expanded"].options_selection_list.item_list
    pyramid = next(it["button_element"] for it in items if it["text"] == "Pyramid")
    monkeypatch.setattr(theme, "mouse_pos", lambda: pyramid.rect.center)
    for _ in range(3):
        app.step(1 / 60)
    head, body = scene.explanation()
    variant = next(v for v in registry.get("abalone").variants if v.title == "Pyramid")
    assert head == "Variant: Pyramid" and body == variant.description


def test_an_open_list_hides_the_controls_it_lies_over(app: App) -> None:
    """The open list is read on a clean ground: the boxes under it are hidden while it is open
    (their edges and arrows showed beside it) and come back, on the same page, when it folds."""
    from game.app import close_open_dropdowns
    from game.scenes.setup import SetupScene

    scene = open_scene(app, "setup:abalone")
    assert isinstance(scene, SetupScene)
    variant = next(dd for dd, oid in scene.opt_widgets.items() if oid == "__variant__")
    on_page = [dd for dd in scene.opt_widgets if scene.opt_pages[dd] == scene.page]
    variant.current_state.should_transition = True
    scene.ui.update(0.01)
    for _ in range(3):
        app.step(1 / 60)
    area = variant.menu_states["expanded"].options_selection_list.rect
    under = [dd for dd in on_page if dd is not variant and dd.rect.colliderect(area)]
    beside = [dd for dd in on_page if dd is not variant and not dd.rect.colliderect(area)]
    assert len(under) >= 5 and beside  # Abalone's ten starts cover the rows below
    assert not any(dd.visible for dd in under)
    assert all(dd.visible for dd in beside) and variant.visible
    close_open_dropdowns(scene.ui)
    for _ in range(3):
        app.step(1 / 60)
    assert all(dd.visible for dd in on_page)
    assert not any(dd.visible for dd in scene.opt_widgets if scene.opt_pages[dd] != scene.page)


def test_lines_stand_apart_when_accents_meet_descenders(app: App) -> None:
    """Two lines a step apart share no ink: plain lines keep the step asked for, a line of
    descenders over one of accented capitals is set further down."""
    from game.ui import theme

    assert theme.line_step(["a line", "a line"], 14, 17) == 17
    low, high = theme.ink_rows("gyp", 14, False), theme.ink_rows("ÉĤÎ", 14, False)
    step = theme.line_step(["gyp", "ÉĤÎ"], 14, 17)
    assert step > 17 and high[0] + step >= low[1]


def test_menu_cards_give_a_long_tagline_room_from_the_picture(app: App) -> None:
    """A tagline too long for the card at TAG_LEAST takes height from every picture alike,
    and then fits; the game's own taglines keep the pictures whole (THUMB_TRIM)."""
    from game.scenes.menu import MORE_TRIM, TAG_LEAST, THUMB_TRIM, card_texts

    short = {"a": ("Title", "A short tagline.")}
    texts, trim = card_texts(short, 196, 110)
    assert trim == THUMB_TRIM and texts["a"].fits and texts["a"].tag_size == 15
    words = "Ţĥé ŕéšţ öƒ á ĝŕéáţ ĺöñĝ ŵĥîţé ţáĝļîñé ŵîţĥ ĵûšţ éñöûĝĥ ŵöŕďš ƒöŕ ñöţĥîñĝ"
    longer = {**short, "b": ("Title", words + " " + words)}
    texts, trim = card_texts(longer, 196, 110)
    assert THUMB_TRIM < trim <= THUMB_TRIM + MORE_TRIM[-1]
    assert all(t.fits and t.tag_size >= TAG_LEAST for t in texts.values())
