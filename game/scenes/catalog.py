"""Scene ids → scenes, so tools (screenshots, benchmarks, the smoke test) can open any screen.

Ids: `menu`, `settings`, `about`, `load`, `setup:GAME`, `rules:GAME`, `match:GAME`, `results:GAME`,
`replay:GAME`, `review:GAME` (a timeline for a real-time game), `levels:GAME`, `puzzle:GAME`,
`puzzles` (the tactics packs), `tactics:GAME` (a tactics puzzle of the game's pack: `level` is its
id or its place in the pack, default the first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import registry, resources
from game.engine.match import Match, PlayerSpec
from game.i18n import _
from game.scenes.base import Scene

if TYPE_CHECKING:
    from game.scenes.base import Host


def scene_ids() -> list[str]:
    """Every screen of the app, for the smoke test and the frame benchmark."""
    ids = ["menu", "settings", "about", "load", "puzzles"]
    for e in registry.playable().values():
        ids.append(f"rules:{e.id}")
        if e.kind == "match":
            ids += [f"setup:{e.id}", f"match:{e.id}", f"results:{e.id}", f"replay:{e.id}"]
            if (resources.puzzles_dir() / f"{e.id}.json").is_file():
                ids.append(f"tactics:{e.id}")
        else:
            ids += [f"levels:{e.id}", f"puzzle:{e.id}"]
    return ids


def make_match(entry: registry.GameEntry, variant: str | None = None, position: str | None = None,
               computer: tuple[bool, bool] = (False, False), level: str | None = None,
               moves: int = 0, options: dict[str, Any] | None = None,
               spacing: float = 0.0, played: str | None = None) -> Match:
    """A match for tools: optional start position, computer sides, and `moves` plies, random or,
    when `played` names two levels ("easy,default"; "random" for a side that plays at random),
    chosen by the computer at those levels (a twentieth of a second a move: a match that looks
    played, for the review's pictures); in
    a real-time game `spacing` seconds of play run before each (a timeline's tips)."""
    import random

    players = []
    for i, side in enumerate(entry.side_names[:2]):
        if computer[i]:
            players.append(PlayerSpec("computer", _("Computer {number}").format(number=i + 1),
                                      level or entry.default_level))
        else:
            players.append(PlayerSpec("human", side, ""))
    m = Match(entry, variant or entry.variants[0].id, dict(options or {}), players, start=position)
    rng = random.Random(1)
    ais = [None if level == "random" else entry.make_ai(m.rules, level)
           for level in played.split(",")] if played else []
    for _ply in range(moves):
        if spacing and m.real_time:
            m.advance(spacing)
        if m.outcome is not None:
            break
        legal = m.rules.legal_moves(m.state)
        if not legal:
            break
        ai = ais[m.state.to_move % len(ais)] if ais else None
        if ai is not None:
            m.play(ai.choose(m.state, seconds=0.05, rng=rng))
        else:
            m.play(legal[rng.randrange(len(legal))])
    return m


def open_scene(app: Host, scene_id: str, *, variant: str | None = None, position: str | None = None,
               level: str | None = None, moves: int = 0, computer: tuple[bool, bool] = (False, False),
               options: dict[str, Any] | None = None, **kwargs: Any) -> Scene:
    """Build the screen `scene_id` through the app's scene directory and push it on the stack
    (over the menu)."""
    screens = app.screens
    kind, _colon, game_id = scene_id.partition(":")
    if kind == "menu":
        scene = screens.menu()
    elif kind == "settings":
        scene = screens.settings()
    elif kind == "about":
        scene = screens.about()
    elif kind == "load":
        scene = screens.load(**kwargs)
    elif kind == "puzzles":
        scene = screens.puzzles(**kwargs)
    else:
        entry = registry.get(game_id)
        if kind == "setup":
            scene = screens.setup(entry)
        elif kind == "rules":
            scene = screens.rules(entry, **kwargs)
        elif kind == "replay":
            scene = screens.replay(make_match(entry, variant, position, computer, None,
                                              moves or 12, options))
        elif kind == "review":
            played = kwargs.pop("played", None)
            scene = _review(app, make_match(entry, variant, position, computer, None,
                                            moves or 30, options, spacing=1.5, played=played),
                            **kwargs)
        elif kind in ("match", "results"):
            m = make_match(entry, variant, position, computer, None, moves, options)
            scene = screens.match(m, **kwargs)
            if kind == "results":
                if m.outcome is None:
                    m.resign(m.state.to_move)
                app.push(scene)
                snap = pygame.Surface(app.canvas.get_size())
                scene.draw(snap)
                scene = screens.results(m, snap)
        elif kind == "levels":
            scene = screens.levels(entry)
        elif kind == "tactics":
            from game.scenes.puzzle_play import find_puzzle, open_puzzle

            scene = open_puzzle(app, find_puzzle(app, entry.id, level), push=False, **kwargs)
        elif kind == "puzzle":
            cls = registry.resolve(entry.scene)
            scene = cls.for_level(app, entry, level, variant=variant, position=position, **kwargs)
        else:
            raise KeyError(f"unknown scene id {scene_id!r}")
    app.push(scene)
    return scene


def _review(app: Host, match: Match, *, wait: float = 0.0, ply: int | str | None = None,
            better: bool = False, seconds: float | str | None = None) -> Scene:
    """The review of `match` for tools: `wait` seconds at most for the analysis to finish
    (0: show it as it starts), then the position after move `ply` (None: the end; "worst":
    the biggest swing, its better move shown), its better move shown when `better`;
    `seconds` of thinking a position."""
    kw: dict[str, Any] = {} if seconds is None else {"seconds": float(seconds)}
    scene: Any = app.screens.review(match, **kw)
    job = getattr(scene, "job", None)
    if wait and job is not None:
        job.wait(float(wait))
        scene.update(0.0)
    if ply == "worst" and hasattr(scene, "key_moments"):
        moments = scene.key_moments()
        if moments:
            scene.go(moments[0] + 1, better=True)
    elif ply is not None and hasattr(scene, "go"):
        scene.go(int(ply), better=bool(better))
    result: Scene = scene
    return result
