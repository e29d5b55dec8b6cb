"""One entry per game: ids, titles, kind, variants, options, and lazy references to its faces.

The registry is pure (no pygame): the AI worker process, tools and tests read it too. The scene
and the heavy modules are named by "module:attribute" strings and imported only when used, so
listing the games costs nothing and a child process never drags the display code in.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from game.i18n import N_, _

Kind = Literal["match", "puzzle"]


@dataclass(frozen=True)
class Variant:
    """A named rule set or start (e.g. Abalone's `belgian-daisy`)."""

    id: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class Option:
    """A match-setup choice. `choices` are (value, label) pairs; the value goes in the options dict.

    A saved match may hold only one of the choices, unless the option is `free`: then the
    choices are only the usual values, and any other of the default's kind (text, a list of
    names) is passed to the rules, which check it (Hanoi's position text, Abalone's cells).
    """

    id: str
    title: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""
    free: bool = False

    def label_of(self, value: Any) -> str:
        for v, label in self.choices:
            if v == value:
                return label
        return str(value)


@dataclass(frozen=True)
class GameEntry:
    """Everything the menus and tools need to know about one game, without importing it."""

    id: str
    title: str
    tagline: str
    kind: Kind
    #: "module:callable" — make_rules(variant: str, options: dict) -> Rules (or PuzzleRules).
    rules: str
    #: "module:Class" — the pygame scene class; constructed as Class(app, setup).
    scene: str
    #: "module:NAME" — the rules screen text (our own words), a list of (heading, body) pairs.
    help: str
    #: "module:callable" — make_ai(rules, level: str) -> AIPlayer; None for puzzles.
    ai: str | None = None
    #: "module:callable" — evaluate(rules, state) -> float for the side to move (greedy player).
    evaluate: str | None = None
    variants: tuple[Variant, ...] = (Variant("standard", N_("Standard")),)
    options: tuple[Option, ...] = ()
    side_names: tuple[str, ...] = (N_("White"), N_("Black"))
    #: The colour of each side as its board shows it (setup dots, results); () = the theme's.
    side_colours: tuple[tuple[int, int, int], ...] = ()
    ai_levels: tuple[str, ...] = ()
    default_level: str = ""
    #: Puzzle games: "module:callable" validate_level(path) -> list[str] of problems.
    validate_level: str | None = None
    #: Folder under levels/ holding this game's .tmx files (puzzles).
    levels_dir: str | None = None
    #: Accent colour for the menu card, (r, g, b).
    colour: tuple[int, int, int] = (180, 140, 90)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def default_options(self) -> dict[str, Any]:
        return {o.id: o.default for o in self.options}

    def make_rules(self, variant: str | None = None, options: Mapping[str, Any] | None = None) -> Any:
        """Build the Rules for a variant and options (unknown option keys are an error)."""
        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in merged:
                raise KeyError(f"{self.id}: unknown option {key!r}")
            merged[key] = value
        variant = variant or self.variants[0].id
        if variant not in {v.id for v in self.variants}:
            raise KeyError(f"{self.id}: unknown variant {variant!r}")
        return resolve(self.rules)(variant, merged)

    def make_ai(self, rules: Any, level: str) -> Any:
        if self.ai is None:
            raise KeyError(f"{self.id} has no computer player")
        return resolve(self.ai)(rules, level)


#: The computer's levels as the games name them, and how the screens show them. Words that
#: several games share are marked here once; a game's own words are marked in its entry and,
#: like these, translated where they are shown (`_(entry.title)`), never when listed.
LEVEL_TITLES = {"easy": N_("Easy"), "default": N_("Default"), "strong": N_("Strong"),
                "perfect": N_("Perfect")}
SHARED_WORDS = (N_("Player"), N_("White"), N_("Black"))


def player_name(entry: GameEntry, name: str) -> str:
    """A player's name as shown: a side's own name (the default, stored as its English id so
    files stay language-neutral) in the current language; a name the player typed as it is."""
    return _(name) if name in entry.side_names else name


def level_title(level: str) -> str:
    """A computer level as the screens show it, in the current language ("Easy", "Facile")."""
    return _(LEVEL_TITLES.get(level, level.capitalize()))


def resolve(ref: str) -> Any:
    """Import "package.module:attr" and return the attribute."""
    module, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


#: Menu order. A package listed here appears once its `entry.py` exists (games land one by one).
GAME_PACKAGES: tuple[str, ...] = (
    "akhimoraec", "abalone", "amazons", "pions", "fairy16", "taishogi", "rithmomachia",
    "hanoi", "tangram", "ostomachion",
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
