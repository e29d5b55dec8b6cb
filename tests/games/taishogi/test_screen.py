"""The Tai Shogi board adapter and screen: paths of Lion moves, cards, clicks on the real rules."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app import App
from game.engine.storage import Settings
from game.games.taishogi.adapter import TaiShogiBoard, board_square, describe, view_square
from game.games.taishogi.rules import make_rules
from game.games.taishogi.scene import CARD_LINE, TaiShogiScene
from game.pieces.betza import parse
from game.scenes.catalog import open_scene
from game.ui.piece_card import render_card
from game.ui.piece_game import PieceView
from tests.ui.pointer import click_square as click

from .helpers import position, sq

TSA = make_rules()
LION = {"13y": "bE", "13x": "bCP", "12x": "bG", "13a": "wE", "13b": "wCP", "12b": "wG",
        "11o": "bLn", "11n": "wFK", "10m": "wDK", "12n": "wP"}


def test_squares_and_paths() -> None:
    assert view_square(sq("25y")) == (0, 0) and view_square(sq("1a")) == (24, 24)
    assert all(board_square(view_square(s)) == s for s in range(625))
    board = TaiShogiBoard(TSA)
    state = position(LION)
    options = board.options(state)
    assert len(options) == len(TSA.legal_moves(state))
    by_path = {o.path: o for o in options}
    lion, fk, dk = view_square(sq("11o")), view_square(sq("11n")), view_square(sq("10m"))
    assert by_path[(lion, fk, dk)].captures == (fk, dk)      # double capture: three squares
    assert by_path[(lion, fk, lion)].captures == (fk,)       # igui: back to the origin
    assert by_path[(lion, fk)].promotion == "FF"
    passes = [o for o in options if o.frm == lion and o.to == lion and not o.captures]
    assert len(passes) == 1 and len(passes[0].path) == 3


def test_card_words_come_from_the_data() -> None:
    card = TaiShogiBoard(TSA).card(PieceView("SD", 0))
    assert card.name == "She-Devil" and "up to 5 orthogonally" in card.moves
    assert card.promotes_to == ("G",) and "value 11" in card.value
    assert len(card.diagram.marks) == 4 * 5 + 4 * 2
    assert describe(parse("K")) == "Steps 1 in every direction."
    assert describe(parse("vR2 sR B3")) == ("Slides up to 2 forward, back; slides left, right; "
                                             "slides up to 3 diagonally.")


def open_match(app: App, **kw: object) -> TaiShogiScene:
    scene = open_scene(app, "match:taishogi", **kw)  # type: ignore[arg-type]
    assert isinstance(scene, TaiShogiScene)
    app.step(1 / 60)
    app.draw()
    return scene


def test_start_offers_298_moves(app: App) -> None:
    scene = open_match(app)
    assert len(scene.input.options) == 298
    assert scene.pieces[scene.square("13y")] == PieceView("E", 0)
    assert scene.square_name(scene.square("13m")) == "13m"


def test_lion_double_capture_and_igui_by_clicks(app: App) -> None:
    text = TSA.position_text(position(LION))
    scene = open_match(app, position=text)
    scene.view.zoom(4)
    scene.view.centre_on(scene.square("11o"))
    for name in ("11o", "11n", "10m"):
        click(app, scene, name)
    assert scene.match.notation[-1] == "Lnx11nx10m+"
    scene2 = open_match(app, position=text)
    for name in ("11o", "11n", "11o"):
        click(app, scene2, name)
    assert scene2.match.notation[-1] == "Lnx!11n+"


def test_w_switches_to_western_labels_and_is_remembered(app: App) -> None:
    before = TaiShogiScene.western
    try:
        scene = open_match(app)
        assert TaiShogiScene.western is False
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
        assert TaiShogiScene.western is True
        app.draw()
        assert scene.sprites is not None
        stored, problem = Settings.load()
        assert problem is None and stored.setups["taishogi"]["western"] is True
        # a new session starts with kanji, then reads the saved choice when a match opens
        TaiShogiScene.western = False
        app.settings = stored
        open_match(app)
        assert TaiShogiScene.western is True
    finally:
        TaiShogiScene.western = before


def test_the_card_writes_the_kanji_name_romaji_and_english(app: App) -> None:
    scene = open_match(app)
    piece = PieceView("E", 0)
    card = scene.game.card(piece)
    assert card.name == "Emperor" and card.value.startswith("jizai tenn")
    img = scene.cards.image(piece)
    # the second line starts with the kanji 自在天王: ink where the shared card leaves it blank
    bare = render_card(replace(card, value=""), piece, scene.sprites)
    x, y = CARD_LINE
    line = pygame.Rect(x, y, 60, 20)
    assert any(img.get_at(p) != bare.get_at(p)
               for p in ((i, j) for i in range(line.left, line.right)
                         for j in range(line.top, line.bottom)))


def test_kanji_the_font_lacks_are_built_from_their_parts(app: App) -> None:
    """The Howling Dog's first character is not in Noto Sans JP: drawn as is it was the font's
    empty box; built from 口 and 奇 it has ink in both halves, unlike the box."""
    import pygame

    from game.ui.token_sprites import COMPOSED, jp_font, render_kanji

    font = jp_font(48)
    missing = font.render("\U0010fffd", True, (0, 0, 0))  # a code point no font draws
    for ch in COMPOSED:
        plain = font.render(ch, True, (0, 0, 0))
        assert pygame.image.tobytes(plain, "RGBA") == pygame.image.tobytes(missing, "RGBA"), \
            f"{ch!r} is in the font now: take it out of COMPOSED"
        built = render_kanji(font, ch, (0, 0, 0))
        assert pygame.image.tobytes(built, "RGBA") != pygame.image.tobytes(missing, "RGBA")
        w, h = built.get_size()
        for half in (pygame.Rect(0, 0, w // 2, h), pygame.Rect(w // 2, 0, w - w // 2, h)):
            inked = built.subsurface(half)
            assert pygame.transform.average_color(inked)[3] > 10


def test_a_lions_second_step_is_explained_in_the_status_line(app: App) -> None:
    text = TSA.position_text(position(LION))
    scene = open_match(app, position=text)
    scene.view.zoom(4)
    scene.view.centre_on(scene.square("11o"))
    assert "step" not in scene.status_text()[0]
    click(app, scene, "11o")
    assert scene.status_text() == ("Lion: pick a square", "ring: a first step, the move goes on")
    click(app, scene, "11n")  # took the Free King: now the second step
    left, right = scene.status_text()
    assert left == "Lion: 2nd step"
    assert right == "click its end · here again: stop · its start: come back"
    targets = scene.input.targets()
    assert targets[scene.square("11n")] == "stop" and scene.square("11o") in targets
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))
    assert scene.input.via == () and scene.status_text()[0] == "Lion: pick a square"


def test_the_rules_screen_draws_moves_and_promotion(app: App) -> None:
    from game import registry
    from game.games.taishogi.help import DIAGRAMS, HELP

    headings = {h for h, _text in HELP}
    assert set(DIAGRAMS) <= headings and "Ranging men" in headings
    entry = registry.get("taishogi")
    for spec in DIAGRAMS.values():
        surf = pygame.Surface((380, 500), pygame.SRCALPHA)
        TaiShogiScene.draw_diagram(surf, surf.get_rect(), entry, spec)
        assert surf.get_bounding_rect().width > 100, spec
    # the promotion picture: the Rook and, in red, the Gold General it becomes
    assert DIAGRAMS["Promotion by capture"].startswith("promotion:R")
    assert "right-click" in dict(HELP)["Ranging men"]
