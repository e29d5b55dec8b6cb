"""One entry per game: ids, titles, kind, variants, options, and lazy references to its faces.

The registry is pure (no pygame): the AI worker process, tools and tests read it too. The scene
and the heavy modules are named by "module:attribute" strings and imported only when used, so
listing the games costs nothing and a child process never drags the display code in.
"""

from __future__ import annotations

import importlib
import importlib.util

from game.engine.entries import (
    LEVEL_TITLES,
    GameEntry,
    GameLookup,
    Kind,
    Option,
    RulesFactory,
    Variant,
    level_title,
    player_name,
    resolve,
)

__all__ = ["GAME_PACKAGES", "GameEntry", "GameLookup", "Kind", "Option", "RulesFactory", "Variant",
           "LEVEL_TITLES", "entries", "get", "has_scene", "level_title", "playable", "player_name",
           "resolve"]


#: Menu order. A package listed here appears once its `entry.py` exists (games land one by one).
GAME_PACKAGES: tuple[str, ...] = (
    "akhimoraec", "abalone", "amazons", "pions", "fairy16", "taishogi", "rithmomachia",
    "hanoi", "tangram", "ostomachion",
    "chess",  # a bonus, last: orthodox chess as a table for the fairy chess's engine
)

_ENTRIES: dict[str, GameEntry] | None = None


def entries() -> dict[str, GameEntry]:
    """All registered games by id, in menu order."""
    global _ENTRIES
    if _ENTRIES is None:
        found: dict[str, GameEntry] = {}
        for pkg in GAME_PACKAGES:
            try:
                if importlib.util.find_spec(f"game.games.{pkg}.entry") is None:
                    continue
            except ModuleNotFoundError:  # the game's package is not there yet
                continue
            entry: GameEntry = importlib.import_module(f"game.games.{pkg}.entry").ENTRY
            found[entry.id] = entry
        _ENTRIES = found
    return _ENTRIES


def has_scene(entry: GameEntry) -> bool:
    """True once the game's scene module exists: only such games are shown in the menu."""
    module = entry.scene.partition(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def playable() -> dict[str, GameEntry]:
    """The games a player can open: registered and with a screen (rules land before scenes)."""
    return {gid: e for gid, e in entries().items() if has_scene(e)}


def get(game_id: str) -> GameEntry:
    try:
        return entries()[game_id]
    except KeyError:
        known = ", ".join(entries())
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None

