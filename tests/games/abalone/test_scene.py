"""The Abalone screen, headless: real clicks, drags and keys make moves through the rules;
refusals carry the rules' reason and change nothing; undo/redo and loaded positions put the right
number of marbles in each tray; an ejection goes through the physics into its owner's tray; the
board flips; every variant feature, the rules diagrams and the menu card draw."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.app import App
from game.games.abalone import bitboard as B
from game.games.abalone.help import DIAGRAMS
from game.games.abalone.pictures import DIAGRAM_MOVES
from game.games.abalone.rules import Move, rules_for_position
from game.games.abalone.scene import AbaloneScene
from game.games.abalone.sprites import kinds_of
from game.games.abalone.starts import parse_cell
from game.games.abalone.view import HexLayout, arrow_points
from game.scenes.catalog import open_scene
from game.scenes.match_base import BOARD_AREA
from tests.reference import assert_image, board_picture, difference_share

ENTRY = registry.get("abalone")
# G7 G8 (black) against a lone white G9 at the edge; D2-D4 against D5-D6: pushes for the tests.
PUSHES = "5/6/4BBW/8/9/1BBBWW2/7/6/5 b 0 0"


def open_match(app: App, **kw: object) -> AbaloneScene:
    scene = open_scene(app, "match:abalone", **kw)  # type: ignore[arg-type]
    assert isinstance(scene, AbaloneScene)
    return scene


def at(scene: AbaloneScene, name: str) -> tuple[int, int]:
    x, y = scene.layout.pixel(parse_cell(name))
    return round(x), round(y)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def drag(app: App, a: tuple[int, int], b: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))


def key(app: App, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def frames(app: App, n: int) -> None:
    for i in range(n):
        app.step(1 / 60)
        if i % 10 == 0 or i == n - 1:
            app.draw()


def arrow_centre(scene: AbaloneScene, direction: int) -> tuple[int, int]:
    a, b = arrow_points(scene.layout, scene.selection, direction)
    return round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)


def test_layout_round_trips_every_cell_both_ways_up() -> None:
    for flipped in (False, True):
        lay = HexLayout(456, 350, 56, flipped)
        for cell in B.CELLS:
            x, y = lay.pixel(cell)
            assert lay.cell_at((x, y)) == cell
            assert lay.cell_at((x + 20, y - 15)) == cell  # anywhere in its hole
        assert lay.cell_at((456 + 56 * 6, 350)) is None
    up = HexLayout(0, 0, 56)
    assert up.pixel(parse_cell("A1"))[1] > up.pixel(parse_cell("I5"))[1]  # row A at the bottom
    down = HexLayout(0, 0, 56, True)
    assert down.pixel(parse_cell("A1"))[1] < down.pixel(parse_cell("I5"))[1]
    assert down.board_direction(0) == 3  # "right" on a flipped board is the board's west


def test_click_a_marble_then_an_arrow_moves_it(app: App) -> None:
    scene = open_match(app)
    click(app, at(scene, "C3"))
    assert scene.selection == [parse_cell("C3")]
    ne = B.DIR_NAMES.index("NE")
    click(app, arrow_centre(scene, ne))
    assert list(scene.match.notation) == ["c3d4"]
    assert scene.state.colour_at(parse_cell("D4")) == 0
    frames(app, 40)
    assert not scene.animating and scene.selection == []


def test_drag_along_a_line_then_a_key_moves_three(app: App) -> None:
    scene = open_match(app)
    drag(app, at(scene, "C3"), at(scene, "C5"))
    assert sorted(scene.selection) == sorted(parse_cell(n) for n in ("C3", "C4", "C5"))
    key(app, pygame.K_e)  # up-right
    assert list(scene.match.notation) == ["c3c5d4"]
    frames(app, 40)
    for n in ("D4", "D5", "D6"):
        assert scene.state.colour_at(parse_cell(n)) == 0


def test_click_on_a_target_hole_moves_there(app: App) -> None:
    scene = open_match(app)
    click(app, at(scene, "C4"))
    click(app, at(scene, "C5"))
    click(app, at(scene, "D6"))  # only the up-right side-step puts a marble on D6
    assert list(scene.match.notation) == ["c4c5d5"]
    assert scene.state.colour_at(parse_cell("D6")) == 0


def test_keyboard_alone_picks_and_moves(app: App) -> None:
    scene = open_match(app)
    key(app, pygame.K_SPACE)  # the cursor appears on E5
    assert scene.cursor == parse_cell("E5")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert scene.cursor == parse_cell("C5")
    key(app, pygame.K_SPACE)
    assert scene.selection == [parse_cell("C5")]
    key(app, pygame.K_KP9)  # numpad 9: up-right
    assert list(scene.match.notation) == ["c5d6"]


def test_handicap_marbles_taken_away_by_hand(app: App) -> None:
    scene = open_match(app)
    scene.toggle_handicap()
    click(app, at(scene, "A1"))
    click(app, at(scene, "I9"))
    click(app, at(scene, "I9"))  # put back
    click(app, at(scene, "E5"))  # an empty hole: nothing to take
    assert scene.removing == {parse_cell("A1")}
    assert scene.status_text()[1].startswith("1 black, 0 white")
    frames(app, 2)
    key(app, pygame.K_RETURN)
    fresh = app.top
    assert isinstance(fresh, AbaloneScene) and fresh is not scene
    assert fresh.match.options["handicap_cells"] == ["A1"]
    assert fresh.state.colour_at(parse_cell("A1")) is None
    assert fresh.state.black.bit_count() == 13 and fresh.ab.total == (13, 14)
    click(app, at(fresh, "C3"))
    key(app, pygame.K_e)
    assert fresh.match.moves and not fresh._can_edit_handicap()


def test_escape_leaves_handicap_editing_first(app: App) -> None:
    scene = open_match(app)
    scene.toggle_handicap()
    click(app, at(scene, "A2"))
    key(app, pygame.K_ESCAPE)
    assert scene.removing is None and app.top is scene
    assert scene.state.colour_at(parse_cell("A2")) == 0


def test_illegal_key_is_refused_with_the_rules_reason(app: App) -> None:
    scene = open_match(app)
    click(app, at(scene, "B3"))
    before = scene.state
    key(app, pygame.K_e)  # B3 → C4: own marble in the way
    assert scene.state is before and not scene.match.moves
    reason = scene.rules.check(before, Move.of([parse_cell("B3")], B.DIR_NAMES.index("NE")))
    assert reason and app.toasts.latest == reason


def test_clicking_an_opponent_marble_says_why(app: App) -> None:
    scene = open_match(app)
    click(app, at(scene, "I5"))
    assert app.toasts.latest == "that marble is not yours"
    assert scene.selection == [] and not scene.match.moves


def test_selection_grows_shrinks_and_rejects_bends(app: App) -> None:
    scene = open_match(app)
    click(app, at(scene, "B2"))
    click(app, at(scene, "B4"))  # the gap B3 is filled: a line of three
    assert sorted(scene.selection) == sorted(parse_cell(n) for n in ("B2", "B3", "B4"))
    click(app, at(scene, "B4"))  # unpick the end
    assert sorted(scene.selection) == sorted(parse_cell(n) for n in ("B2", "B3"))
    click(app, at(scene, "C4"))  # not on the line: starts afresh
    assert scene.selection == [parse_cell("C4")]
    click(app, at(scene, "C4"), button=3)
    assert scene.selection == []


def test_push_preview_shows_the_ghost_the_pushed_rings_and_matches_its_reference(
        app: App) -> None:
    scene = open_match(app, position=PUSHES)
    drag(app, at(scene, "D2"), at(scene, "D4"))
    east = B.DIR_NAMES.index("E")
    legal = scene.previews()
    assert east in legal and [c for c, _ in legal[east].pushed] == [parse_cell("D6"),
                                                                     parse_cell("D5")]
    scene.t = 0.0
    plain = board_picture(scene, BOARD_AREA)  # arrows, no preview yet
    pos = arrow_centre(scene, east)
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                        buttons=(0, 0, 0)))
    assert scene.direction_at(pos) == east
    shown = board_picture(scene, BOARD_AREA)
    # the preview puts a ghost of the front white marble on the empty D7 and rings D5 and D6;
    # the far side of the board is untouched
    _, changed = difference_share(shown, plain, 30)
    ox, oy = BOARD_AREA.topleft

    def near(name: str, r: int = 26) -> bool:
        x, y = at(scene, name)
        return bool(changed[y - oy - r:y - oy + r, x - ox - r:x - ox + r].any())

    assert near("D7") and near("D5") and near("D6")
    assert not near("A1") and not near("I9") and not near("E1")
    ghost = shown.get_at((at(scene, "D7")[0] - ox, at(scene, "D7")[1] - oy))
    hole = plain.get_at((at(scene, "D7")[0] - ox, at(scene, "D7")[1] - oy))
    assert sum(ghost[:3]) > sum(hole[:3])  # a whitish ghost over the dark hole
    assert_image(shown, "abalone-push-preview")


def test_ejection_lands_in_the_owners_tray_and_undo_redo_keep_count(app: App) -> None:
    scene = open_match(app, position=PUSHES)
    click(app, at(scene, "G7"))
    click(app, at(scene, "G8"))
    key(app, pygame.K_d)
    assert scene.state.lost == (0, 1)
    assert scene.physics.count(1) == 1 and scene.animating
    frames(app, 30)
    flying = [m for m in scene.physics.marbles if m.tray == 1]
    assert flying and flying[0].phase in ("drop", "gutter")
    # it lies in the groove by the edge it was pushed over (east): the counter waits for it
    assert flying[0].body.position.x > at(scene, "G8")[0]
    assert scene.physics.arrived(1) == 0
    assert scene.side_info(0).startswith("0 marbles ejected ")  # Black's count waits for it too
    frames(app, 300)
    assert scene.physics.settled() and scene.physics.arrived(1) == 1
    assert scene.side_info(0).startswith("1 marble ejected ")
    home = scene.trays[1]
    m = scene.physics.marbles[0]
    assert m.colour == 1 and home.holds(m.body.position.x, m.body.position.y, scene.tray_radius, 2)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.lost == (0, 0) and scene.physics.count(1) == 0
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.state.lost == (0, 1) and scene.physics.count(1) == 1
    frames(app, 300)
    assert scene.physics.settled()


def test_loaded_position_fills_the_trays_at_once(app: App) -> None:
    scene = open_match(app, position="5/6/7/8/9/3BBB2/7/6/5 w 4 2")
    assert (scene.physics.count(0), scene.physics.count(1)) == (4, 2)
    assert not scene.physics.busy()
    frames(app, 3)


def test_hint_selects_and_points(app: App) -> None:
    scene = open_match(app)
    move = scene.rules.parse_move(scene.state, "a1b2")
    scene.show_hint(move)
    assert sorted(scene.selection) == list(move.cells)
    assert app.toasts.latest == "Try a1–c3→d4"  # the readable form: a1 to c3 moves on to d4
    frames(app, 2)
    key(app, pygame.K_e)  # the hinted group, up-right
    assert list(scene.match.notation) == ["a1b2"]


def test_flipped_board_for_the_second_player(app: App) -> None:
    scene = open_match(app, computer=(True, False), position="5/6/7/8/9/8/7/6/BBW2 w 0 0")
    assert scene.flipped and scene.layout.flipped
    assert scene.layout.pixel(parse_cell("A1"))[1] < scene.layout.pixel(parse_cell("I5"))[1]
    click(app, at(scene, "A3"))
    key(app, pygame.K_a)  # screen-left on a flipped board is the board's east
    assert list(scene.match.notation) == ["a3a4"]


def test_multi_move_lets_the_second_move_use_either_colour(app: App) -> None:
    scene = open_match(app, options={"multi_move": True})
    click(app, at(scene, "C3"))
    key(app, pygame.K_e)
    frames(app, 30)
    assert scene.state.step == 1 and scene.state.to_move == 0
    assert "second move" in scene.status_text()[1]
    click(app, at(scene, "G5"))  # a white marble, moved by Black this time
    assert scene.selection == [parse_cell("G5")]


@pytest.mark.parametrize("options,name", [
    ({"obstacles": ["E3", "E7"], "holes": ["D2", "F8"], "pivot_start": "E5",
      "pivot_ejectable": True}, "abalone-variant-features"),
    ({"teams_4x2x1": True}, "abalone-teams"),
    ({"one_colour_display": True}, "abalone-one-colour"),
], ids=["features", "teams", "one-colour"])
def test_variant_features_draw_as_their_references(app: App, options: dict[str, object],
                                                   name: str) -> None:
    scene = open_match(app, options=options, moves=4)
    frames(app, 5)
    scene.t = 0.0
    assert_image(board_picture(scene, BOARD_AREA), name)
    if options.get("one_colour_display"):
        # the point of the option: every marble on the board is the same sprite
        assert set(kinds_of(scene.state, True).values()) == {"plain"}
    if options.get("obstacles"):
        assert scene.ab.geo.obstacles and scene.ab.geo.holes and scene.state.pivot
    if options.get("teams_4x2x1"):
        # four plies played: Black 1, White 1, Black 2, White 2 — Black 1 again, then White 1
        assert scene.status_text()[0] == "Black 1 to move"
        assert scene.side_info(0).startswith("Black 1 plays next")
        assert scene.side_info(1).startswith("White 1 plays next")
        key(app, pygame.K_h)
        assert app.toasts.latest and "team" in app.toasts.latest
        assert scene.hint_request is None


def test_hole_ejection_goes_through_the_physics(app: App) -> None:
    scene = open_match(app, options={"holes": ["E5"]}, position="4W/6/7/8/4H4/3W4/2B4/1B4/5 b 0 0")
    cells = [parse_cell("B2"), parse_cell("C3")]
    direction = B.DIR_NAMES.index("NE")
    preview = scene.rules.preview(scene.state, Move.of(cells, direction))
    assert preview is not None and preview.ejected_into == "hole"
    scene.selection = cells
    scene.move_in(direction)
    assert scene.state.lost == (0, 1)
    frames(app, 400)
    assert scene.physics.count(1) == 1 and scene.physics.settled()


@pytest.mark.parametrize("index", range(len(DIAGRAMS)))
def test_each_rules_diagram_matches_its_reference(app: App, index: int) -> None:
    heading, position = list(DIAGRAMS.items())[index]
    surf = pygame.Surface((380, 380))
    surf.fill((24, 26, 34))
    AbaloneScene.draw_diagram(surf, surf.get_rect(), ENTRY, position)
    assert_image(surf, f"abalone-diagram-{index}")


def test_every_annotated_diagram_is_shown_and_its_moves_read() -> None:
    assert set(DIAGRAM_MOVES) <= set(DIAGRAMS.values())
    for position, moves in DIAGRAM_MOVES.items():
        rules, state = rules_for_position(position)
        for names, direction in moves:
            assert all(state.colour_at(parse_cell(n)) in (0, 1) for n in names), position
            assert direction in B.DIR_NAMES


def test_the_menu_card_matches_its_reference(app: App) -> None:
    thumb = AbaloneScene.thumbnail((260, 168))
    assert thumb.get_size() == (260, 168)
    assert_image(thumb, "abalone-thumbnail")


def test_hot_seat_flip_waits_for_the_move_to_finish(app: App) -> None:
    app.settings.flip_board = True
    scene = open_match(app)
    assert not scene.layout.flipped
    click(app, at(scene, "C3"))
    key(app, pygame.K_e)
    assert scene.state.to_move == 1 and scene.flipped
    assert not scene.layout.flipped  # the marbles roll on the board as it was
    frames(app, 40)
    assert scene.layout.flipped  # then White sits at the bottom
    x, y = scene.layout.pixel(parse_cell("I5"))
    assert y > scene.layout.pixel(parse_cell("A1"))[1]


def test_hidden_legal_moves_show_six_arrows_and_refuse_with_the_reason(app: App) -> None:
    app.settings.show_legal = False
    scene = open_match(app)
    click(app, at(scene, "A1"))
    assert scene.candidates() == list(range(6))
    west = B.DIR_NAMES.index("W")
    click(app, arrow_centre(scene, west))
    assert not scene.match.moves
    assert app.toasts.latest == "a marble cannot leave the board"


def test_the_keys_shown_in_the_game_and_the_readme_are_the_keys_the_code_reads() -> None:
    """The play-test defect: the game showed Q E A D Z C, the README Q W E / A S D."""
    import re
    from pathlib import Path

    from game.games.abalone.scene import DIRECTION_KEYS, LEGEND

    letters = {chr(k).upper() for k in DIRECTION_KEYS if k < 128 and chr(k).isalpha()}
    assert letters == set("QEADZC")
    shown = set(re.findall(r"\b([A-Z])\b", LEGEND[1].split("or numpad")[0]))
    assert shown == letters
    readme = Path(__file__).resolve().parents[3] / "README.md"
    row = [line for line in readme.read_text().splitlines() if line.startswith("| Abalone |")][-1]
    keys_col = row.split("|")[3]
    assert set(re.findall(r"\b([A-Z])\b", keys_col.split("(")[0])) == letters


def test_a_click_on_a_hole_the_marbles_cannot_reach_says_why(app: App) -> None:
    scene = open_match(app)
    click(app, at(scene, "A1"))
    assert scene.selection
    click(app, at(scene, "E5"))  # far from the marble
    assert scene.selection  # kept
    assert "one step" in (app.toasts.latest or "")


@pytest.mark.parametrize("target,words", [(1, "Black ejected 1 white marble"),
                                          (2, "Black ejected 2 white marbles")])
def test_the_outcome_counts_one_marble_without_a_plural(target: int, words: str) -> None:
    """The play-test defect: "Black ejected 1 white marbles"."""
    from game.games.abalone import rules as AB

    rules = AB.make_rules("standard", {"eject_target": target})
    s = rules.parse_position(f"5/6/7/8/9/3BBB2/7/6/5 w 0 {target}")
    out = rules.decided(s)
    assert out is not None and out.reason == words
