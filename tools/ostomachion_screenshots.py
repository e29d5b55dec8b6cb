"""Render the pictures of the Ostomachion's "The 536" mode, headless, into docs/screenshots.

    python tools/ostomachion_screenshots.py            # ostomachion-found.png, ostomachion-gallery.png
    python tools/ostomachion_screenshots.py --out DIR

The player's collection is made up for the pictures (a fixed draw of solutions and dates) in a
throw-away home folder; no real player's files are touched.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LUDOTHEQUE_HOME"] = tempfile.mkdtemp(prefix="ludotheque-536-")

#: The square shown just found, and how many were found before it.
FOUND = 217
BEFORE = 40


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)

    import pygame

    from game import registry
    from game.app import App
    from game.games.ostomachion import collection
    from game.games.ostomachion.collection_scene import CollectionScene

    rng = random.Random(536)
    coll = collection.Collection()
    for k, n in enumerate(sorted(rng.sample([n for n in range(1, 537) if n != FOUND], BEFORE))):
        coll.add(n, f"2026-10-{1 + k * 30 // BEFORE:02d}")
    coll.save()

    app = App(headless=True)
    entry = registry.get("ostomachion")
    scene = CollectionScene(app, entry, build=FOUND)
    app.push(scene)

    def frames(n: int) -> None:
        for _ in range(n):
            app.step(1 / 60)
        app.draw()

    args.out.mkdir(parents=True, exist_ok=True)
    frames(50)
    pygame.image.save(app.canvas, str(args.out / "ostomachion-found.png"))
    scene.open_gallery()
    frames(10)
    pygame.image.save(app.canvas, str(args.out / "ostomachion-gallery.png"))
    app.stack.clear()
    print(f"wrote ostomachion-found.png and ostomachion-gallery.png in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
