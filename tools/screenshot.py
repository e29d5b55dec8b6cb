"""Render any screen of Ludothèque headless to a PNG.

Examples:
  python tools/screenshot.py --scene menu --out menu.png
  python tools/screenshot.py --scene match:pions --position "23:23,22,17,16,12,6,2" --out p.png
  python tools/screenshot.py --scene match:pions --arg edit=1 --out edit.png
  python tools/screenshot.py --scene menu --window 800x600 --out small.png   # the scaled window
  python tools/screenshot.py --scene load --saves 4 --out load.png   # with 4 saved matches
  python tools/screenshot.py --scene setup:abalone --lang en-XA --out xa.png   # text 40 % longer
  python tools/screenshot.py --scene review:fairy16 --moves 30 --arg wait=300 --arg seconds=0.3 \
      --arg ply=worst --out review.png   # the review, analysed, at its biggest swing
  python tools/screenshot.py --readme      # every picture the README shows, into docs/screenshots
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("LUDOTHEQUE_HOME", tempfile.mkdtemp(prefix="ludotheque-shot-"))

#: The language of the pictures when --lang does not say: fr, en, or en-XA, the pseudo-language
#: that makes every text 40 % longer (game/pseudolocale.py) to show what would not fit.
LANGUAGE_ENV = "LUDOTHEQUE_LANGUAGE"

#: (file name, scene id, options) for the README's pictures.
README_SHOTS: list[tuple[str, str, dict[str, object]]] = [
    ("menu.png", "menu", {}),
    ("pions-analysis.png", "match:pions", {"position": "23:23,22,17,16,12,6,2",
                                           "args": {"analysis": True, "reveal": True}}),
    ("pions-edit.png", "match:pions", {"args": {"edit": True}}),
    ("amazons-territory.png", "match:amazons", {"moves": 20, "args": {"territory": True}}),
    ("abalone-start.png", "match:abalone", {}),
    # four players on two boards (rules/abalone.md §7.10): Black has won board X, White 1 to move on board Y
    ("abalone-4x2x2.png", "match:abalone",
     {"variant": "belgian-daisy", "options": {"boards_4x2x2": "in-phase"},
      "position": "BB2B/BB1W2/2W2BB/2W1W3/9/2BB4/2BBWWW/B3B1/4W w 1 6 turn=27 | "
                  "WB3/W1BBB1/1WW1BB1/1W1WB3/9/8/1BBW1WW/BB1W2/1BBWB w 0 3 turn=15 | Y"}),
    ("setup.png", "setup:akhimoraec", {}),
    ("load.png", "load", {"saves": 4}),
    ("results.png", "results:amazons", {"moves": 40}),
    ("window-800x600.png", "menu", {"window": (800, 600)}),
    # the combination of rules/rithmomachia.md §R11, 25 x 2 + 4 + 2 = 56, open after e5-e7 (phase 3)
    ("rithmomachia-combination.png", "match:rithmomachia",
     {"position": "1,s121,4,s225,s361/s28,s66,t36,t30,1,t64,s120,p190/"
                  "t16,t12,c9,c25,c49,c81,t90,t100/2,c3,2,c9,2/3,c5,c7,3/8/"
                  "3,C2,t56,C4,2/8/8/4,T25,3/8/8/2,C8,C6,4/"
                  "T81,T72,C64,C36,C16,C4,T6,T9/S153,P91,T49,T42,T20,1,S45,S15/"
                  "S289,S169,4,S81,S25 e 3:e7 e:s49"}),
    # a victoria magna: 4, 6, 9 (geometric) on d10-d12, in the Odds' half
    ("rithmomachia-magna.png", "match:rithmomachia",
     {"options": {"victory": "magna"},
      "position": "s49,s121,4,s225,s361/s28,s66,t36,t30,t56,t64,s120,p190/"
                  "t16,1,c9,c25,c49,c81,t90,t100/2,c3,1,c7,3/3,T9,1,c9,2/"
                  "1,S45,1,C6,4/3,C4,2,C16,1/4,T12,3/8/8/4,c5,3/6,T6,c2/2,C8,5/"
                  "T81,T72,C64,C36,1,C4,2/S153,P91,T49,T42,T20,T25,1,S15/"
                  "S289,S169,4,S81,S25 o e:t12 o:C2"}),
    ("fairy16-start.png", "match:fairy16", {}),
    ("fairy16-card.png", "match:fairy16", {"args": {"card": "e1"}}),
    ("fairy16-promotion.png", "match:fairy16", {
        "position": "16/1O14/16/16/16/16/16/16/8k7/16/16/16/16/16/8K7/16 w - - 0 1",
        "args": {"pick": "b15 b16", "zoom": 2}}),
    ("fairy16-zoom.png", "match:fairy16", {"moves": 12, "args": {"zoom": 3, "pick": "i3"}}),
    ("taishogi-board.png", "match:taishogi", {}),
    ("taishogi-card.png", "match:taishogi", {"args": {"zoom": 3, "card": "24w"}}),
    # the Lion has taken the Free King on 11n (first click) and chooses where to end
    ("taishogi-lion.png", "match:taishogi",
     {"position": "12 wE 12/12 wCP wG 11/25/25/25/25/25/25/25/25/25/25/15 wDK 9/"
                  "13 wP wFK 10/14 bLn 10/25/25/25/25/25/25/25/25/12 bCP bG 11/12 bE 12 b",
      "args": {"zoom": 4, "pick": "11o 11n"}}),
    # the shared screens in French (the games' own screens follow as they are translated)
    ("fr-menu.png", "menu", {"language": "fr"}),
    ("fr-setup.png", "setup:abalone", {"language": "fr"}),
    ("fr-settings.png", "settings", {"language": "fr"}),
    ("about.png", "about", {}),
    ("fr-about.png", "about", {"language": "fr"}),
    ("fr-load.png", "load", {"saves": 4, "language": "fr"}),
    ("fr-rules.png", "rules:rithmomachia", {"language": "fr", "args": {"section": 5}}),
    ("fr-refusal-fairy16.png", "match:fairy16", {"language": "fr", "try_move": "a1-a8",
                                                 "frames": 10}),
    ("fr-refusal-pions.png", "match:pions", {"language": "fr", "try_move": "x23",
                                             "frames": 10}),
    ("fr-refusal-abalone.png", "match:abalone", {"language": "fr", "try_move": "i5h5",
                                                 "frames": 10}),
    ("fr-results.png", "results:amazons", {"language": "fr", "moves": 40}),
    ("fr-akhimoraec.png", "match:akhimoraec", {"language": "fr", "moves": 6}),
    ("fr-taishogi-card.png", "match:taishogi", {"language": "fr",
                                                "args": {"zoom": 3, "card": "24w"}}),
    ("fr-hanoi.png", "puzzle:hanoi", {"language": "fr", "level": "0", "moves": 2}),
    ("fr-tangram.png", "puzzle:tangram", {"language": "fr", "level": "0", "moves": 3}),
    # the game review of a match of a beginner (random moves; the easy computer in the fairy
    # chess) against the default computer, its real analysis (a few seconds a game), at the
    # biggest swing with the better move drawn; and Akhimoraec's timeline
    *[(f"{lang}review-{game}.png", f"review:{game}",
       {"language": lang.rstrip("-") or "en", "moves": 60 if game == "abalone" else 30,
        "args": {"wait": 300, "seconds": 0.3, "ply": "worst",
                 "played": "easy,default" if game == "fairy16" else "random,default"}})
      for game in ("fairy16", "abalone", "pions") for lang in ("", "fr-")],
    ("timeline-akhimoraec.png", "review:akhimoraec", {"moves": 12}),
    # the tactics puzzles: the packs, and a puzzle of three games in both languages, once the
    # opponent's mistake is played (two seconds: its pause and its move)
    *[(f"{lang}puzzles.png", "puzzles", {"language": lang.rstrip("-") or "en"})
      for lang in ("", "fr-")],
    *[(f"{lang}tactics-{game}.png", f"tactics:{game}",
       {"language": lang.rstrip("-") or "en", "frames": 120})
      for game in ("fairy16", "abalone", "amazons") for lang in ("", "fr-")],
]

#: Games and lengths of the example matches saved for the Load screen's picture.
_SAVES = (("akhimoraec", 14), ("abalone", 23), ("amazons", 31), ("pions", 6), ("abalone", 8))


def _value(text: str) -> object:
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def shoot(scene_id: str, out: Path, *, variant: str | None = None, position: str | None = None,
          level: str | None = None, moves: int = 0, frames: int = 30,
          computer: tuple[bool, bool] = (False, False), args: dict[str, object] | None = None,
          options: dict[str, object] | None = None, events: list[object] | None = None,
          saves: int = 0, window: tuple[int, int] | None = None, language: str = "",
          try_move: str = "") -> Path:
    """Render `scene_id` to `out`: the 1280×800 canvas, or with `window` the whole window the
    canvas is scaled into (letterbox included), as a player sees it; in `language` ("fr",
    "en"; "" as the settings say)."""
    import pygame

    from game import registry
    from game.app import App
    from game.engine import storage
    from game.scenes.catalog import make_match, open_scene

    for k, (gid, n) in enumerate(_SAVES[:saves]):
        m = make_match(registry.get(gid), moves=n)
        path = storage.saves_dir() / f"{gid}-example-{k}.json"
        m.save(path)
        os.utime(path, (1_795_000_000 - k * 86_400 * 3,) * 2)  # a few days apart
    app = App(headless=True)
    from game import i18n

    i18n.set_language(language or os.environ.get(LANGUAGE_ENV, "") or app.settings.language)
    if window is not None:
        pygame.display.set_mode(window)
        app._fit_window()
    scene = open_scene(app, scene_id, variant=variant, position=position, level=level, moves=moves,
                       computer=computer, options=options, **(args or {}))
    for ev in events or []:
        app.handle_event(ev)  # type: ignore[arg-type]
    if try_move:
        _try(scene, try_move)
    for _ in range(frames):
        app.step(1 / 60)
    app.draw()
    out.parent.mkdir(parents=True, exist_ok=True)
    if window is not None:
        app.present()
        pygame.image.save(app.window, str(out))
    else:
        pygame.image.save(app.canvas, str(out))
    del scene
    worker = app.services.running_worker
    if worker is not None:
        worker.close()
    app.stack.clear()
    return out


def _try(scene: object, text: str) -> None:
    """Offer the move `text` (the game's notation) as the player would: a legal one is played,
    a refused one shows the rules' reason in the refusal toast (both through the scene)."""
    from game.engine.protocol import IllegalMove

    rules, state = scene.rules, scene.state  # type: ignore[attr-defined]
    try:
        move = rules.parse_move(state, text)
    except (IllegalMove, ValueError) as exc:
        scene.refuse(str(exc))  # type: ignore[attr-defined]
        return
    reason = rules.check(state, move)
    if reason is not None:
        scene.refuse(reason)  # type: ignore[attr-defined]
    else:
        scene.submit(move)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("--scene", help="menu, settings, about, setup:G, rules:G, match:G, results:G, "
                    "review:G, levels:G, puzzle:G")
    ap.add_argument("--game", help="game id (alternative to SCENE:GAME)")
    ap.add_argument("--variant")
    ap.add_argument("--position", help="position text in the game's notation")
    ap.add_argument("--level", help="puzzle level (index or file name)")
    ap.add_argument("--moves", type=int, default=0, help="random plies to play first")
    ap.add_argument("--frames", type=int, default=30, help="frames to run before the picture")
    ap.add_argument("--computer", choices=("none", "a", "b", "both"), default="none")
    ap.add_argument("--arg", action="append", default=[], metavar="KEY=VALUE",
                    help="keyword passed to the scene (e.g. edit=1)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="game option for the match")
    ap.add_argument("--window", help="WIDTHxHEIGHT: picture the whole window, canvas scaled in")
    ap.add_argument("--saves", type=int, default=0, help="example saved matches to make first")
    ap.add_argument("--lang", default="", help="fr, en or en-XA, the 40 %%-longer pseudo-language "
                    f"(default: ${LANGUAGE_ENV}, else the settings' language)")
    ap.add_argument("--try", dest="try_move", default="", metavar="MOVE",
                    help="offer this move (the game's notation) as the player: a refused one "
                         "shows its reason in the refusal toast")
    ap.add_argument("--out", default="screenshot.png")
    ap.add_argument("--readme", action="store_true", help="make every README screenshot")
    ap.add_argument("--only", default="", metavar="TEXT",
                    help="with --readme: only the pictures whose file name holds TEXT")
    a = ap.parse_args(argv)
    if a.readme:
        folder = ROOT / "docs" / "screenshots"
        from game import registry

        for name, sid, kw in README_SHOTS:
            if a.only not in name:
                continue
            game = sid.partition(":")[2]
            if game and game not in registry.playable():
                print(f"skipped {name}: {game} is not playable yet")
                continue
            print(shoot(sid, folder / name, **kw))  # type: ignore[arg-type]
        return 0
    if not a.scene:
        ap.error("--scene is required (or --readme)")
    scene_id = a.scene if ":" in a.scene or not a.game else f"{a.scene}:{a.game}"
    args = dict(kv.split("=", 1) for kv in a.arg)
    options = {k: _value(v) for k, v in (kv.split("=", 1) for kv in a.option)}
    comp = {"none": (False, False), "a": (True, False), "b": (False, True),
            "both": (True, True)}[a.computer]
    out = shoot(scene_id, Path(a.out), variant=a.variant, position=a.position, level=a.level,
                moves=a.moves, frames=a.frames, computer=comp,
                args={k: _value(v) for k, v in args.items()}, options=options or None,
                saves=a.saves, language=a.lang, try_move=a.try_move,
                window=tuple(int(v) for v in a.window.split("x")) if a.window else None)  # type: ignore[arg-type]
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
