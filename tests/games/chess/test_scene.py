"""The chess screen with real events under the dummy video driver: castling is played as the
King's two-square move, and the Rook slides to its square with it (both drawn by the move's
animation, not jumping there when it ends)."""

from __future__ import annotations

from game.app import App
from game.games.chess.scene import ChessScene
from game.scenes.catalog import open_scene
from game.ui.board_anim import companions_of
from tests.ui.pointer import click_square as click

CASTLES = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


def test_castling_slides_the_rook_with_the_king(app: App) -> None:
    scene = open_scene(app, "match:chess", position=CASTLES)
    assert isinstance(scene, ChessScene)
    app.step(1 / 60)
    app.draw()
    rook = scene.pieces[scene.square("h1")]
    click(app, scene, "e1")
    click(app, scene, "g1")
    assert scene.match.notation[-1] == "e1-g1"
    anim = scene.anim.current
    assert anim is not None
    assert anim.companions == ((scene.square("h1"), scene.square("f1"), rook),)
    assert scene.anim.hidden() == {scene.square("g1"), scene.square("f1")}
    for _ in range(60):
        app.step(1 / 60)
        app.draw()
    assert scene.anim.current is None
    assert scene.pieces[scene.square("f1")] == rook


def test_an_ordinary_move_and_a_capture_carry_no_other_man(app: App) -> None:
    scene = open_scene(app, "match:chess", position="4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    assert isinstance(scene, ChessScene)
    game, state = scene.game, scene.match.state
    for text in ("e4-e5", "e4xd5"):
        move = scene.rules.parse_move(state, text)
        after = scene.rules.play(state, move)
        option = game.option_of(state, move)
        assert companions_of(option, game.pieces(state), game.pieces(after)) == []
