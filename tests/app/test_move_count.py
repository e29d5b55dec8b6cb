"""One way of counting moves on every screen of the piece games: a move is one player's turn.

A match of N whole turns is played, then the four places that count its moves are read as the
player sees them: the status line names move N + 1 (the one to play), the move list's last
numbered line is N, the results say "N moves played" and the Load list "N moves". Rithmomachia
is the game where this can go wrong: its turn is several steps (captures, a move, captures,
the end of the turn), each a move of the match's record."""

from __future__ import annotations

import random
import re

import pytest

from game import i18n, registry
from game.app import App
from game.engine import storage
from game.engine.match import Match
from game.scenes.catalog import make_match
from game.scenes.load import LoadScene
from game.scenes.results import ResultsScene
from game.ui import theme

from .textfit import RecordingCanvas, recording_fonts

GAMES = ["fairy16", "taishogi", "rithmomachia", "chess"]
TURNS = 5


def play_turns(match: Match, turns: int, seed: int = 7, several: bool = False) -> int:
    """Play whole turns of random legal moves (a turn ends when the other side is to move):
    `turns` of them, or with `several` on until one turn took several steps too (a step that
    keeps the turn is preferred); returns how many turns were played."""
    rng = random.Random(seed)
    played = steps = 0
    while played < turns or (several and steps == played and played < 200):
        side = match.state.to_move
        while match.state.to_move == side:
            assert match.outcome is None
            moves = list(match.rules.legal_moves(match.state))
            keep = [m for m in moves if match.rules.play(match.state, m).to_move == side]
            match.play(rng.choice(keep if several and keep else moves))
            steps += 1
        played += 1
    assert not several or steps > played, "no turn of several steps came"
    return played


def _drawn(app: App) -> RecordingCanvas:
    canvas = RecordingCanvas(theme.SIZE)
    app.canvas = canvas
    app.draw()
    return canvas


@pytest.mark.parametrize("game_id", GAMES)
def test_status_move_list_results_and_load_count_the_same_moves(app: App, game_id: str) -> None:
    i18n.set_language("en")
    entry = registry.get(game_id)
    match = make_match(entry)
    turns = play_turns(match, TURNS, several=game_id == "rithmomachia")
    with recording_fonts():
        scene = app.screens.match(match)
        app.push(scene)
        app.step(1 / 60)
        canvas = _drawn(app)
        status = scene.status_text()[0]
        box = scene.movelist.rect
        numbers = [int(d.text[:-1]) for d in canvas.drawn
                   if re.fullmatch(r"\d+\.", d.text) and box.colliderect(d.ink)]
        app.stack.clear()
        results = ResultsScene(app, match)
        app.push(results)
        texts = [d.text for d in _drawn(app).drawn]
        app.stack.clear()
    match.save(storage.saves_dir() / "counted.json")
    load = LoadScene(app)
    assert f"Move {turns + 1} · " in status, status
    assert numbers and max(numbers) == turns, numbers
    assert f"{turns} moves played" in texts, texts
    assert load.items[0].moves == f"{turns} moves"
    if game_id == "rithmomachia":  # its turns are several steps: a step count would differ
        assert len(match.moves) > turns


def test_a_turn_under_way_is_the_move_being_played(app: App) -> None:
    """Rithmomachia mid-turn (a step played, the turn not ended): the status still names the
    turn under way, and the count of moves played counts it once it has begun."""
    match = make_match(registry.get("rithmomachia"))
    turns = play_turns(match, 2, several=True)
    side = match.state.to_move
    for move in match.rules.legal_moves(match.state):  # a step that keeps the turn
        if match.rules.play(match.state, move).to_move == side:
            match.play(move)
            break
    else:
        pytest.skip("no step that keeps the turn here")
    assert match.move_number == turns + 1 and match.turns == turns + 1


def test_french_names_the_count_the_same_way(app: App) -> None:
    i18n.set_language("fr")
    match = make_match(registry.get("fairy16"))
    play_turns(match, TURNS)
    scene = app.screens.match(match)
    app.push(scene)
    assert f"Coup {TURNS + 1} · " in scene.status_text()[0]
    match.save(storage.saves_dir() / "compte.json")
    assert LoadScene(app).items[0].moves == f"{TURNS} coups"
    app.stack.clear()
    i18n.set_language("en")
