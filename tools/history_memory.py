"""How much memory a long match's history keeps: play random legal moves through the same
Match the app uses, and print the process's resident memory (VmRSS) as the plies go by.

    python tools/history_memory.py taishogi --plies 1000
    python tools/history_memory.py taishogi --plies 1000 --scene   # through the match screen

Without `--scene` the moves go through `Match.play` (with an autosave after each, as in the
app) and, after each, the history is read the way the match screen reads it (the notation of
every move, every position, the last move played again on the position before it). With `--scene` the real match screen is opened
headless and each move is played by it, drawn once in a while, as a computer-against-computer
match would be (random moves instead of the computer's search, so 1 000 plies take minutes,
not hours). Linux only (it reads /proc/self/status); exit code 1 when the last figure is over
--limit megabytes.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/history_memory.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def rss_mb() -> float:
    """The resident memory of this process in megabytes (0 where /proc is not there)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _play_match(game: str, plies: int, seed: int, every: int) -> list[tuple[int, float]]:
    from game import registry
    from game.engine import storage
    from game.engine.match import Match, PlayerSpec

    entry = registry.get(game)
    players = [PlayerSpec("computer", n, None) for n in entry.side_names]
    match: Match[Any] = Match(entry, players=players,
                              autosave=storage.autosave_path(entry.id))
    rng = random.Random(seed)
    return _loop(match, plies, rng, every, lambda mv: match.play(mv), _read_history)


def _read_history(match: Any) -> None:
    """What the match screen asks of the history after each move: the notation of every
    move, every position, and the last move again on the position before it."""
    assert len(match.notation) == len(match.states) - 1
    if match.moves:
        before, move = match.states[-2], match.moves[-1]
        match.rules.play(before, move)
        match.rules.to_notation(before, move)


def _play_scene(game: str, plies: int, seed: int, every: int) -> list[tuple[int, float]]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game import registry
    from game.app import App
    from game.engine.match import Match, PlayerSpec
    from game.scenes.match_base import open_match

    app = App(headless=True)
    app.push(app.screens.menu())
    entry = registry.get(game)
    match: Match[Any] = Match(entry, players=[PlayerSpec("human", n) for n in entry.side_names])
    open_match(app, match)
    scene: Any = app.top
    rng = random.Random(seed)

    def play(move: Any) -> None:
        scene._play(move)

    def look(_match: Any) -> None:
        scene.update(1 / 60)
        app.draw()

    try:
        return _loop(scene.match, plies, rng, every, play, look)
    finally:
        app.quit()


def _loop(match: Any, plies: int, rng: random.Random, every: int, play: Any,
          after: Any) -> list[tuple[int, float]]:
    figures = [(0, rss_mb())]
    while match.ply < plies:
        if match.outcome is not None:  # a random game that ended: take the last move back
            match.undo(2)
        moves = match.rules.legal_moves(match.state)
        play(rng.choice(moves))
        after(match)
        if match.ply % every == 0:
            figures.append((match.ply, rss_mb()))
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="taishogi")
    parser.add_argument("--plies", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=100, help="print a figure every N plies")
    parser.add_argument("--scene", action="store_true", help="play through the match screen")
    parser.add_argument("--limit", type=float, default=200.0, help="megabytes allowed at the end")
    args = parser.parse_args(argv)
    if not os.environ.get("LUDOTHEQUE_HOME"):
        os.environ["LUDOTHEQUE_HOME"] = tempfile.mkdtemp(prefix="ludotheque-memory-")
    start = time.perf_counter()
    run = _play_scene if args.scene else _play_match
    figures = run(args.game, args.plies, args.seed, args.every)
    for ply, mb in figures:
        print(f"ply {ply:5d}: {mb:7.1f} MB")
    last = figures[-1][1]
    print(f"{args.game}: {figures[0][1]:.1f} MB at the start, {last:.1f} MB after "
          f"{figures[-1][0]} plies ({time.perf_counter() - start:.0f} s)")
    return 1 if last > args.limit else 0


if __name__ == "__main__":
    raise SystemExit(main())
