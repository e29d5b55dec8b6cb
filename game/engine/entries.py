"""What the engine knows of a game: its entry (ids, titles, variants, options, factories).

The engine never names a game. Whoever runs it (the app, a tool, a test) passes a `GameLookup`
— a function from a game id to its `GameEntry` — and the engine builds rules and computer
players through the entry. `game/registry.py` is the app's lookup: it lists the game packages.
The faces a game may not need (scene, help, AI) are "module:attribute" references, imported
only when used, so a child process never drags the display code in.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from game.engine.protocol import Rules
from game.i18n import N_, _

Kind = Literal["match", "puzzle"]
#: A capability protocol asked of a game (`GameEntry.capability`).
C = TypeVar("C")


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
    #: Given the other options chosen, "" when this one takes effect, else why it does not
    #: (in the player's language): the setup screen greys it out and says so.
    unused: Callable[[Mapping[str, Any]], str] | None = None

    def label_of(self, value: Any) -> str:
        for v, label in self.choices:
            if v == value:
                return label
        return str(value)


#: The computer's time a move per level unless a game says otherwise (budgets in
#: ARCHITECTURE.md: 1 s at the default level, 3 s at the strongest).
THINK_SECONDS: Mapping[str, float] = {"easy": 0.4, "default": 0.9, "strong": 2.5}
#: Longest time the Hint button waits for its move.
HINT_SECONDS = 2.0


@dataclass(frozen=True)
class GameEntry:
    """Everything the menus and tools need to know about one game, without importing it."""

    id: str
    title: str
    tagline: str
    kind: Kind
    #: make_rules(variant, options) -> the game's Rules (PuzzleRules for puzzles). A typed
    #: function of the game's entry module that imports its rules when called: mypy checks the
    #: game's rules class against the contract there, and listing games stays cheap.
    rules: RulesFactory
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
    #: Levels a game no longer offers -> the level that replaces them, so a save that names one
    #: still opens (the Jeu de pions' second perfect level became its default).
    retired_levels: Mapping[str, str] = field(default_factory=dict)
    #: Option values a game no longer names so: option id -> {former value: its value now}, so a
    #: save or a remembered setup written with the former name still opens (the fairy chess's
    #: default promotions were once called "seed").
    retired_choices: Mapping[str, Mapping[Any, Any]] = field(default_factory=dict)
    #: Seconds the computer thinks at each level on the screen (the worker passes them to the
    #: rules' AI); tools/arena.py --screen-times plays the ladder at these times.
    think_seconds: Mapping[str, float] = field(default_factory=lambda: dict(THINK_SECONDS))
    #: Puzzle games: "module:callable" validate_level(path) -> list[str] of problems.
    validate_level: str | None = None
    #: Puzzle games: "module:callable" load_level(path) -> the level as the rules read it
    #: (the level select shows its title; None: the file is only validated).
    load_level: str | None = None
    #: Puzzle games: "module:callable" level_cards(app, entry) -> cards the level select shows
    #: after the levels, each opening a mode of its own (Ostomachion's "The 536"): objects with
    #: `title`, `subtitle()`, `thumbnail(size)` and `open()`. A reference, not a scene method:
    #: the mode's screen builds on the game's scene, which must not import it back.
    level_cards: str | None = None
    #: Folder under levels/ holding this game's .tmx files (puzzles).
    levels_dir: str | None = None
    #: Puzzles: the module of the game's exact solver (pure), a face the tools may ask for a
    #: capability (see `capability`), e.g. "game.games.hanoi.solver".
    solver: str | None = None
    #: Accent colour for the menu card, (r, g, b).
    colour: tuple[int, int, int] = (180, 140, 90)
    #: A bonus game, outside the collection the menu's cards show (orthodox chess, there to
    #: prove that a piece game is its table): the menu offers it as a button under the cards.
    bonus: bool = False

    def current_level(self, level: Any) -> Any:
        """`level` as the game names it now: a retired level becomes its successor (anything
        else, even unreadable, is returned as it is for the caller to judge)."""
        return self.retired_levels.get(level, level) if isinstance(level, str) else level

    def current_option(self, option_id: str, value: Any) -> Any:
        """`value` of option `option_id` as the game names it now (a retired value becomes its
        successor; anything else, even unreadable, is returned as it is for the caller to judge)."""
        renamed = self.retired_choices.get(option_id, {})
        try:
            return renamed.get(value, value)
        except TypeError:  # an unhashable value (a list) is never a retired one
            return value

    def think_time(self, level: str) -> float:
        """Seconds the computer may think at `level` (1 s for a level the table lacks)."""
        return float(self.think_seconds.get(level, 1.0))

    def hint_level(self) -> tuple[str, float]:
        """(level, seconds) of the Hint button: the strongest level, for at most HINT_SECONDS
        (a hint is worth waiting a little for, not the strongest level's whole time)."""
        level = self.ai_levels[-1] if self.ai_levels else (self.default_level or "")
        return level, min(HINT_SECONDS, self.think_time(level))

    def default_options(self) -> dict[str, Any]:
        return {o.id: o.default for o in self.options}

    def make_rules(self, variant: str | None = None,
                   options: Mapping[str, Any] | None = None) -> Rules[Any, Any]:
        """Build the Rules for a variant and options (unknown option keys are an error)."""
        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in merged:
                raise KeyError(f"{self.id}: unknown option {key!r}")
            merged[key] = value
        variant = variant or self.variants[0].id
        if variant not in {v.id for v in self.variants}:
            raise KeyError(f"{self.id}: unknown variant {variant!r}")
        return self.rules(variant, merged)

    def capability(self, cap: type[C], rules: object | None = None) -> C | None:
        """The face of this game that offers `cap` (a protocol of game/engine/protocol.py), or
        None: `rules` when given and it answers, else the computer player's module, else the
        solver's module. The one question screens and tools ask about what a game can do."""
        faces: list[object] = [] if rules is None else [rules]
        faces += [importlib.import_module(ref.partition(":")[0])
                  for ref in (self.ai, self.solver) if ref]
        for face in faces:
            if isinstance(face, cap):
                return face
        return None

    def make_ai(self, rules: Any, level: str) -> Any:
        if self.ai is None:
            raise KeyError(f"{self.id} has no computer player")
        return resolve(self.ai)(rules, level)


def resolve(ref: str) -> Any:
    """Import "package.module:attr" and return the attribute."""
    module, _sep, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


#: A game's rules factory: (variant, options) -> its rules.
RulesFactory = Callable[[str, Mapping[str, Any]], Rules[Any, Any]]
#: Game id -> its entry; raises KeyError naming the known games for an unknown id.
GameLookup = Callable[[str], "GameEntry"]


#: The computer's levels as the games name them, and how the screens show them. Words that
#: several games share are marked here once; a game's own words are marked in its entry and,
#: like these, translated where they are shown (`_(entry.title)`), never when listed.
LEVEL_TITLES = {"easy": N_("Easy"), "default": N_("Default"), "strong": N_("Strong")}
SHARED_WORDS = (N_("Player"), N_("White"), N_("Black"))


def player_name(entry: GameEntry, name: str) -> str:
    """A player's name as shown: a side's own name (the default, stored as its English id so
    files stay language-neutral) in the current language; a name the player typed as it is."""
    return _(name) if name in entry.side_names else name


def level_title(level: str) -> str:
    """A computer level as the screens show it, in the current language ("Easy", "Facile")."""
    return _(LEVEL_TITLES.get(level, level.capitalize()))
