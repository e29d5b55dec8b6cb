"""Where bundled assets and levels live: a source checkout, an installed wheel, or the desktop build.

- desktop build (PyInstaller): next to the executable's unpacked data, `sys._MEIPASS/assets`;
- installed wheel: setuptools maps the top-level folders into the package as `game/assets`,
  `game/levels`;
- source checkout: the top-level `assets/` and `levels/` beside the `game/` package.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def _root(name: str) -> Path:
    candidates: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.append(Path(frozen) / name)
    here = Path(__file__).resolve().parent
    candidates += [here / name, here.parent / name]
    for c in candidates:
        if c.is_dir():
            return c
    return candidates[-1]


def assets_dir() -> Path:
    return _root("assets")


def levels_dir(game: str | None = None) -> Path:
    root = _root("levels")
    return root / game if game else root


def puzzles_dir() -> Path:
    """The tactics puzzle packs of the two-player games (data/puzzles in a checkout)."""
    return _root("data") / "puzzles"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
