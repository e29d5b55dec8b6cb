"""The state tour: every screen driven through the states a player meets, each one drawn and
checked in English, French and the pseudo-language (see test_tour.py).

A state is a recipe: it builds its screen from nothing (through the scene directory, as the
tools do) and brings it to the state: a match opened, a move made, a hint shown, a piece
chosen, paused, a question asked, each result of the game, Play again, every move taken back;
a puzzle opened, moved, hinted, held, solved, undone, and the level list after the solve.
Hints are shown with the first legal move (the computer's process is never started), so the
tour is deterministic and quick.

With LUDOTHEQUE_TOUR_DIR set, each render is written to <dir>/<language>/<scene>-<state>.png
(for instance out/tour/fr/match-amazons-hint.png), to page through.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from game import i18n, registry
from game.app import App
from game.engine.protocol import Outcome
from game.scenes.catalog import open_scene
from game.ui import theme

from .textfit import RecordingCanvas, problems, ui_texts

TOUR_ENV = "LUDOTHEQUE_TOUR_DIR"

#: Words the French screens may show as they are: names of games, pieces and people, Latin
#: victories, units and keys (everything else a French screen draws must be French).
PROPER: frozenset[str] = frozenset({
    "Akhimoraec", "Abalone", "Tangram", "Ostomachion", "Shogi", "Terachess", "Cazaux",
    "Rithmomachia", "Hanoi", "Reve", "Dudeney", "Archimedes", "Tiled", "Ludothèque",
    "English", "Français", "Blitz", "Sprint", "Belgian", "Daisy", "German", "Margarita",
    "Ctrl", "Shift", "Enter", "Space", "Backspace", "Page", "Home", "Tab", "Esc",
    "corpore", "bonis", "lite", "honore", "liteque", "magna", "major", "praestantissima",
    "victoria", "Victoria", "kanji", "romaji", "Diablo", "Standard", "Misère", "Nim", "XOR",
})


@dataclass(frozen=True)
class State:
    scene: str  # "match-amazons"
    state: str  # "hint"
    run: Callable[[App], Any]

    @property
    def name(self) -> str:
        return f"{self.scene}-{self.state}"


def settle(app: App, frames: int = 4) -> None:
    """Let the screen come to rest: animations finished, a few frames run."""
    for _ in range(frames):
        scene = app.top
        tweens = getattr(scene, "tweens", None)
        if tweens is not None:
            tweens.finish_all()
        app.step(1 / 60)


# -- what each game needs to choose a piece -----------------------------------------------------


def _select(scene: Any) -> None:
    """Choose the piece of the first legal move, as a click would."""
    game = scene.entry.id
    move = scene.rules.legal_moves(scene.state)[0]
    if game == "abalone":
        scene.selection = list(move.cells)
    elif game == "akhimoraec":
        scene.selected = move.src
    elif game == "pions":
        scene.input.selected = move.frm
    elif game == "amazons":
        scene.choose(move.frm)
    else:  # the square-board piece games
        sq = sorted(scene.input.movable())[0]
        scene._handle(scene.input.click(sq), sq)


#: A draw each game can end in, with its rules' own words (None: the game cannot be drawn).
DRAWS: dict[str, str | None] = {
    "abalone": "{moves} moves each without an ejection: a draw",
    "akhimoraec": None, "amazons": None, "pions": None,
    "fairy16": "stalemate: {side} cannot move",
    "taishogi": "the same position came back three times",
    "rithmomachia": None,
}


def _end(app: App, game: str, winner: int | None) -> Any:
    scene = open_scene(app, f"match:{game}", moves=6)
    settle(app)
    m = scene.match
    if winner is None:
        reason = i18n._(DRAWS[game] or "").format(moves=30, side=scene.name_of(0))
        m._outcome = Outcome(None, reason)
    else:
        m.resign(1 - winner)
    scene.results_shown = True
    scene.show_results()
    return app.top


def _undo_all(app: App, game: str) -> None:
    scene = open_scene(app, f"match:{game}", moves=6)
    settle(app)
    while scene.match.can_undo:
        scene.undo()
    settle(app)


def _ask_leave(app: App, game: str) -> None:
    scene = open_scene(app, f"match:{game}", moves=4)
    scene.back()
    if scene.modal is None:  # Akhimoraec: the first Esc pauses, the second asks
        scene.back()
    assert scene.modal is not None


def _play_again(app: App, game: str) -> None:
    results = _end(app, game, 0)
    results.play_again()
    settle(app)


def match_states(game: str) -> list[State]:
    s = f"match-{game}"
    out = [
        State(f"setup-{game}", "opened", lambda app: open_scene(app, f"setup:{game}")),
        State(f"rules-{game}", "opened", lambda app: open_scene(app, f"rules:{game}")),
        State(s, "opened", lambda app: open_scene(app, f"match:{game}")),
        State(s, "moved", lambda app: open_scene(app, f"match:{game}", moves=6)),
        State(s, "hint", lambda app: (lambda sc: sc.show_hint(
            sc.rules.legal_moves(sc.state)[0]))(open_scene(app, f"match:{game}", moves=2))),
        State(s, "selected", lambda app: _select(open_scene(app, f"match:{game}", moves=2))),
        State(s, "leave-dialog", lambda app: _ask_leave(app, game)),
        State(s, "resign-dialog", lambda app: open_scene(app, f"match:{game}", moves=4).resign()),
        State(s, "first-wins", lambda app: _end(app, game, 0)),
        State(s, "second-wins", lambda app: _end(app, game, 1)),
        State(s, "play-again", lambda app: _play_again(app, game)),
        State(s, "undone", lambda app: _undo_all(app, game)),
        State(f"replay-{game}", "opened", lambda app: open_scene(app, f"replay:{game}")),
    ]
    if DRAWS.get(game):
        out.append(State(s, "draw", lambda app: _end(app, game, None)))
    if game == "akhimoraec":
        out.append(State(s, "paused", lambda app: open_scene(
            app, "match:akhimoraec", moves=4).set_paused(True, sound=False)))
    if game == "pions":
        out.append(State(s, "analysis", lambda app: open_scene(
            app, "match:pions", moves=2, analysis=True, reveal=True)))
        out.append(State(s, "edit", lambda app: open_scene(app, "match:pions", edit=True)))
    if game == "amazons":
        out.append(State(s, "territory", lambda app: open_scene(
            app, "match:amazons", moves=8, territory=True)))
    if game in ("fairy16", "taishogi"):
        out.append(State(s, "card", lambda app: _card(app, game)))
    return out


def _card(app: App, game: str) -> None:
    scene = open_scene(app, f"match:{game}", zoom=3)
    sq = sorted(scene.input.movable())[0]
    scene.pinned = sq


# -- puzzles -------------------------------------------------------------------------------------

#: (level to open, keyword arguments for a move made, a piece held, the puzzle solved)
PUZZLES: dict[str, tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]] = {
    "hanoi": ("0", {"play": "A-C A-B"}, {"lift": "A"}, {"solve": 7, "wait": True}),
    "tangram": ("01-square", {"solution": 3}, {"solution": 3, "drag": "PG"}, {"solution": 7}),
    "ostomachion": ("01-square", {"solution": 5}, {"solution": 5, "select": "P1"},
                    {"solution": 14}),
}


def _puzzle(app: App, game: str, **kwargs: Any) -> Any:
    level = PUZZLES[game][0]
    scene = open_scene(app, f"puzzle:{game}", level=level, **kwargs)
    prep = getattr(scene, "prep", None)
    if prep is not None:
        prep.ready.wait(30)
    return scene


def _hint(app: App, game: str) -> None:
    scene = _puzzle(app, game, **({"wait": True} if game == "hanoi" else {}))
    scene.hint()


def _puzzle_undone(app: App, game: str) -> None:
    scene = _puzzle(app, game, **PUZZLES[game][1])
    settle(app)
    while scene.match is not None and scene.match.can_undo:
        scene.undo()


def _levels_after(app: App, game: str) -> None:
    scene = _puzzle(app, game, **PUZZLES[game][3])
    settle(app, 30)
    scene.check_solved()
    app.stack.clear()
    open_scene(app, f"levels:{game}")


def puzzle_states(game: str) -> list[State]:
    s = f"puzzle-{game}"
    _level, moved, held, solved = PUZZLES[game]
    return [
        State(f"levels-{game}", "opened", lambda app: open_scene(app, f"levels:{game}")),
        State(f"rules-{game}", "opened", lambda app: open_scene(app, f"rules:{game}")),
        State(s, "opened", lambda app: _puzzle(app, game)),
        State(s, "moved", lambda app: _puzzle(app, game, **moved)),
        State(s, "hint", lambda app: _hint(app, game)),
        State(s, "selected", lambda app: _puzzle(app, game, **held)),
        State(s, "solved", lambda app: _puzzle(app, game, **solved)),
        State(s, "undone", lambda app: _puzzle_undone(app, game)),
        State(s, "leave-dialog", lambda app: _puzzle(app, game, **moved).back()),
        State(f"levels-{game}", "after-solve", lambda app: _levels_after(app, game)),
    ]


# -- the review -----------------------------------------------------------------------------------


def _review(app: App, game: str, stop_after: int | None = None, **kwargs: Any) -> Any:
    """The review of a 24-move match, its review made in this process (review_fakes)."""
    from game.scenes.catalog import make_match
    from game.scenes.review import ReviewScene

    from .review_fakes import factory

    scene = ReviewScene(app, make_match(registry.get(game), moves=24),
                        job_factory=factory(per_poll=100, stop_after=stop_after))
    app.push(scene)
    settle(app, 2)
    return scene


def _review_blunder(app: App, game: str) -> None:
    scene = _review(app, game)
    worst = next(m for m in scene.review.moves if m.judgement == "blunder" and m.best_code)
    scene.go(worst.ply + 1, better=True)


def _review_moment(app: App, game: str) -> None:
    scene = _review(app, game)
    scene.go(scene.key_moments()[0] + 1)


def review_states(game: str) -> list[State]:
    s = f"review-{game}"
    return [
        State(s, "opened", lambda app: _review(app, game)),
        State(s, "analysing", lambda app: _review(app, game, stop_after=9).go(5)),
        State(s, "stopped", lambda app: _review(app, game, stop_after=9).cancel()),
        State(s, "blunder", lambda app: _review_blunder(app, game)),
        State(s, "key-moment", lambda app: _review_moment(app, game)),
        State(s, "try-again-dialog", lambda app: _review(app, game).ask_try_again()),
    ]


def _timeline(app: App) -> Any:
    """Akhimoraec's timeline: eight tips 1.5 s apart, shown half-way."""
    scene = open_scene(app, "review:akhimoraec", moves=8)
    scene.show(scene.span / 2)
    return scene


def _load_saved(app: App) -> Any:
    """Load with three saved matches, the first (focused) one with its Review button."""
    from game.engine import storage
    from game.scenes.catalog import make_match

    for game, moves in (("abalone", 12), ("akhimoraec", 6), ("pions", 5)):
        path = storage.saves_dir() / f"{game}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        make_match(registry.get(game), moves=moves).save(path)
    return open_scene(app, "load")
def _tactics(app: App, game: str, how: str) -> Any:
    """A tactics puzzle of the game's pack: opened (before the opponent's mistake, when the
    puzzle has one), or, once the mistake is played, after a wrong move refuted (the first legal
    answer stands for the computer's), after two hints, or solved along its main line."""
    scene: Any = open_scene(app, f"tactics:{game}")
    rules, puzzle = scene.match.rules, scene.puzzle
    settle(app)
    if how != "opened":  # "opened" is what the player first sees: the mistake about to come
        for _ in range(100):  # the opponent's mistake is played first: the turn comes after
            if scene.phase != "prelude":
                break
            settle(app)
            app.step(0.1)
        assert scene.phase != "prelude", "the puzzle's opening move was never played"
    if how == "wrong":
        start = scene.match.state
        right = {s.move for s in puzzle.solution}
        wrong = next(m for m in rules.legal_moves(start)
                     if rules.to_notation(start, m) not in right)
        scene.submit(wrong)
        settle(app)
        if scene.phase == "refute":
            scene._play(rules.legal_moves(scene.match.state)[0])
    elif how == "hint":
        scene.take_hint()
        scene.take_hint()
    elif how == "solved":
        line = puzzle.main_line()
        for k in range(0, len(line), 2):
            for part in line[k].split():
                scene.submit(rules.parse_move(scene.match.state, part))
            for _ in range(30):
                app.step(1 / 20)
    return scene


def tactics_states() -> list[State]:
    """The packs screen, and a puzzle of each game with a pack in its four states."""
    out = [State("puzzles", "opened", lambda app: open_scene(app, "puzzles"))]
    from game import resources

    for entry in registry.playable().values():
        if entry.kind != "match" or not (resources.puzzles_dir() / f"{entry.id}.json").is_file():
            continue
        for how in ("opened", "wrong", "hint", "solved"):
            out.append(State(f"tactics-{entry.id}", how,
                             lambda app, g=entry.id, h=how: _tactics(app, g, h)))
    return out


def shell_states() -> list[State]:
    def quit_dialog(app: App) -> None:
        open_scene(app, "menu").back()

    return [
        State("menu", "opened", lambda app: open_scene(app, "menu")),
        State("menu", "quit-dialog", quit_dialog),
        State("settings", "opened", lambda app: open_scene(app, "settings")),
        State("load", "empty", lambda app: open_scene(app, "load")),
        State("load", "saved", _load_saved),
    ]


def all_states() -> list[State]:
    from game.engine.review import reviewable

    out = shell_states() + tactics_states()
    for entry in registry.playable().values():
        out += match_states(entry.id) if entry.kind == "match" else puzzle_states(entry.id)
        if reviewable(entry):
            out += review_states(entry.id)
    out.append(State("timeline-akhimoraec", "opened", _timeline))
    return out


# -- rendering and checking ----------------------------------------------------------------------


def render(app: App) -> RecordingCanvas:
    canvas = RecordingCanvas(theme.SIZE)
    app.canvas = canvas
    app.draw()
    return canvas


def save(canvas: pygame.Surface, language: str, name: str) -> Path | None:
    folder = os.environ.get(TOUR_ENV)
    if not folder:
        return None
    path = Path(folder) / language / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(path))
    return path


def outside_panels(canvas: RecordingCanvas) -> list[str]:
    """Texts that straddle the edge of a panel: partly in it, partly out."""
    found = []
    for d in canvas.drawn:
        for p in canvas.panels:
            inter = d.ink.clip(p)
            if inter.width > 1 and inter.height > 1 and not p.inflate(2, 2).contains(d.ink):
                found.append(f"{d.text!r} {tuple(d.ink)} leaves its panel {tuple(p)}")
                break
    return found


#: Two texts on one line closer than this read as one (the status bar's two halves did).
MIN_GAP = 6


def crowded(canvas: RecordingCanvas) -> list[str]:
    """Texts side by side on one line with less than MIN_GAP pixels between them."""
    found = []
    drawn = canvas.drawn
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            shared = min(a.ink.bottom, b.ink.bottom) - max(a.ink.top, b.ink.top)
            if shared < min(a.ink.height, b.ink.height) / 2:
                continue
            gap = max(b.ink.left - a.ink.right, a.ink.left - b.ink.right)
            if 0 <= gap < MIN_GAP:
                found.append(f"{a.text!r} {tuple(a.ink)} touches {b.text!r} {tuple(b.ink)}")
    return found


@cache
def english_only_words() -> frozenset[str]:
    """Words of the English messages that no French text uses: drawn on a French screen, they
    are English that escaped the catalog (or a message with no French yet)."""
    from babel.messages.pofile import read_po

    po = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    english: set[str] = set()
    french: set[str] = set()
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for t in ids:
            english |= set(re.findall(r"[^\W\d_]{4,}", re.sub(r"\{[^}]*\}", "", t)))
        for t in strings:  # fields and quoted names ('disks', a file's key) are not French
            t = re.sub(r"\{[^}]*\}|'[^'\s]*'", "", t)
            french |= set(re.findall(r"[^\W\d_]{4,}", t))
    return frozenset(english - french - PROPER)


def untranslated(texts: list[str]) -> list[str]:
    words = english_only_words()
    out = []
    for t in texts:
        prose = re.sub(r"\S*[/\\]\S*", "", t)  # a file's path is data, not words
        if any(w in words for w in re.findall(r"[^\W\d_]{4,}", prose)):
            out.append(t)
    return out


def check(app: App, canvas: RecordingCanvas, language: str) -> list[str]:
    top = app.top
    found = problems(canvas, top.ui) if top is not None else []
    found += outside_panels(canvas)
    found += crowded(canvas)
    if language == "fr":
        texts = [d.text for d in canvas.drawn]
        texts += [t.text for t in ui_texts(top.ui)] if top is not None else []
        found += [f"not in French: {t!r}" for t in untranslated(texts)]
    return found
