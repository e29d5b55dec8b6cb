"""A saved match's shape, checked before anything is replayed: the format and its upgrades, the
game, the variant, each option against the game's declared choices, the players and the notes.

`game/engine/match.py` writes saves (`Match.to_json`) and reads them back (`Match.load`), which
replays the moves through the rules; everything here is what it checks first, so a damaged or
tampered file is refused with a reason the player can read. The menu uses `header_problem` to
check the autosave cheaply, without replaying it.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from typing import Any, Literal

from game.engine import storage
from game.engine.entries import GameEntry, GameLookup, Option, resolve
from game.engine.names import clean_name
from game.i18n import _, ngettext

log = logging.getLogger(__name__)

#: The save format this code writes and reads. Bump it (and add an upgrade step) on any change
#: that an older reader would misread.
FORMAT = 1
#: Format n -> n + 1 (storage.upgrade runs the chain); none yet: format 1 is the first.
UPGRADES: dict[int, storage.Upgrade] = {}

PlayerKind = Literal["human", "computer"]

#: The option that names a puzzle's level in its match and save (puzzles only; not a rules
#: option, so it is kept out of the options the rules are made with).
LEVEL_OPTION = "level"
#: Longest level name and notes a save may carry (a level id is a file stem).
MAX_LEVEL_NAME = 80
MAX_NOTES = 16


class SaveError(ValueError):
    """A saved match that cannot be used; the message says where and why, for the player.

    `ply` is the 1-based number of the refused move (None when the problem is not a move);
    `file` the name of the file it came from, when known.
    """

    def __init__(self, reason: str, *, ply: int | None = None, move: str | None = None,
                 file: str | None = None) -> None:
        self.reason = reason
        self.ply = ply
        self.move = move
        self.file = file
        at = ""
        if ply is not None:
            at = _("move {ply}: ").format(ply=ply) if move is None else \
                _("move {ply} ({move}): ").format(ply=ply, move=move)
        #: What is wrong, without the file's name (for a sentence that names the file itself).
        self.detail = at + reason
        where = "" if file is None else _("{file}: ").format(file=file)
        super().__init__(where + self.detail)


@dataclass(frozen=True)
class PlayerSpec:
    """Who plays a side: a human (by name) or the computer at a level of the game's AI."""

    kind: PlayerKind
    name: str
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level}


def header_problem(data: Any, games: GameLookup, kind: str | None = None) -> str | None:
    """What is wrong with a save's header — format, game, kind, variant, options and players —
    without replaying its moves (cheap enough for the menu to check the autosave); None if
    nothing is."""
    try:
        data, entry = read_header(data, games, kind)
        players_of(data.get("players"), entry)
    except SaveError as exc:
        return str(exc)
    except Exception as exc:  # logged: a header check must never stop the menu
        log.exception("checking a save's header")
        return _("the save could not be read ({error}: {reason})").format(
            error=type(exc).__name__, reason=exc)
    return None


def read_header(data: Any, games: GameLookup | GameEntry,
            kind: str | None) -> tuple[dict[str, Any], GameEntry]:
    """The save's data upgraded to FORMAT and its game, or SaveError."""
    if not isinstance(data, dict):
        raise SaveError(_("not a saved match (expected a JSON object)"))
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise SaveError(_("not a saved match (no format version)"))
    try:
        data = storage.upgrade(data, FORMAT, UPGRADES, missing=None)
    except storage.NewerFormat as exc:
        raise SaveError(str(exc)) from None
    except storage.FormatError as exc:
        raise SaveError(_("unknown save format: {reason}").format(reason=exc)) from None
    entry = _entry_of(data.get("game"), games)
    if kind is not None and entry.kind != kind:
        raise SaveError((_("{game} is not a two-player match") if kind == "match" else
                         _("{game} is not a puzzle")).format(game=_(entry.title)))
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in {v.id for v in entry.variants}:
        raise SaveError(_("{game} has no variant {value}").format(game=_(entry.title),
                                                                  value=json.dumps(variant)))
    options_of(data.get("options"), entry)
    return data, entry


def find_entry(name: str, games: GameLookup) -> GameEntry:
    """A game by id through `games`, or a GameEntry named "package.module:ATTR".

    The second form lets tests and tools run games that are not in the registry; it is for
    names typed by a developer, never for names read from a file.
    """
    if ":" not in name:
        return games(name)
    try:
        found = resolve(name)
    except (ImportError, AttributeError) as exc:
        raise KeyError(f"cannot load game {name!r}: {exc}") from None
    if not isinstance(found, GameEntry):
        raise KeyError(f"{name!r} is not a GameEntry")
    return found


def _entry_of(game: Any, games: GameLookup | GameEntry) -> GameEntry:
    if isinstance(games, GameEntry):
        if game != games.id:
            raise SaveError(_("this is a save of {value}, not of {game}").format(
                value=json.dumps(game), game=games.id))
        return games
    if not isinstance(game, str):
        raise SaveError(_("the save does not say which game it is"))
    try:
        return games(game)
    except KeyError:
        raise SaveError(_("unknown game {value}").format(value=json.dumps(game))) from None


def options_of(options: Any, entry: GameEntry) -> dict[str, Any]:
    """The saved options, each checked against the game's declared choices (an option marked
    `free` takes other values of its default's kind: the rules check those)."""
    if options is None:  # optional: null (or none at all) is the game's defaults
        return {}
    if not isinstance(options, dict):
        raise SaveError(_("the options should be an object"))
    by_id = {o.id: o for o in entry.options}
    options = {key: entry.current_option(key, value) for key, value in options.items()}
    for key, value in options.items():
        if key == LEVEL_OPTION and entry.kind == "puzzle" and key not in by_id:
            if not isinstance(value, str) or not 0 < len(value) <= MAX_LEVEL_NAME \
                    or not value.replace("-", "").replace("_", "").isalnum():
                raise SaveError(_("the level should be a level's name, not {value}").format(
                    value=json.dumps(value)[:40]))
            continue
        option = by_id.get(key)
        if option is None:
            raise SaveError(_("{game} has no option {value}").format(game=_(entry.title),
                                                                 value=json.dumps(key)))
        problem = option_problem(option, value)
        if problem is not None:
            raise SaveError(_("option {key}: {problem}").format(key=key, problem=problem))
    return dict(options)


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same JSON kind: True is not 1, 1.0 is not 1 (a choice is exact)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _plain(value: Any, depth: int = 0) -> bool:
    """Plain JSON data with finite numbers only, not too deep."""
    if value is None or isinstance(value, bool | str | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list | tuple) and depth < 4:
        return all(_plain(v, depth + 1) for v in value)
    return False


def _kind_of(value: Any) -> str:
    return "list" if isinstance(value, list | tuple) else type(value).__name__


def option_problem(option: Option, value: Any) -> str | None:
    """Why `value` is not a value of `option` (None when it is)."""
    if any(_same(value, v) for v, _label in option.choices):
        return None
    shown = json.dumps(value, allow_nan=True, default=repr)[:40]
    names_only = not isinstance(value, list | tuple) or all(isinstance(v, str) for v in value)
    if option.free and _plain(value) and _kind_of(value) == _kind_of(option.default) \
            and names_only:
        return None
    allowed = ", ".join(json.dumps(v) for v, _label in option.choices[:6])
    more = ", …" if len(option.choices) > 6 else ""
    return _("{value} is not one of {allowed}").format(value=shown, allowed=allowed + more)


def players_of(players: Any, entry: GameEntry) -> list[PlayerSpec]:
    sides = len(entry.side_names)
    if not isinstance(players, list) or not players or \
            (entry.kind == "match" and len(players) != sides) or len(players) > sides:
        raise SaveError(ngettext("the save should list {n} player", "the save should list {n} players",
                                 sides).format(n=sides))
    specs = []
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict):
            raise SaveError(_("player {number} is not readable").format(number=i))
        kind, name, level = p.get("kind"), p.get("name", ""), p.get("level")
        if kind not in ("human", "computer"):
            raise SaveError(_("player {number} should be human or computer, not {value}").format(
                number=i, value=json.dumps(kind)))
        if not isinstance(name, str):
            raise SaveError(_("player {number} has no readable name").format(number=i))
        name = clean_name(name) or entry.side_names[i - 1]
        if kind == "computer":
            level = entry.current_level(level)
            if entry.ai is None:
                raise SaveError(_("{game} has no computer player").format(game=_(entry.title)))
            if entry.ai_levels and level not in entry.ai_levels:
                raise SaveError(_("player {number}: the computer has no level {value}").format(
                    number=i, value=json.dumps(level)))
        elif level is not None and not isinstance(level, str):
            raise SaveError(_("player {number} has an unreadable level").format(number=i))
        specs.append(PlayerSpec(kind, name, level))
    return specs


def notes_of(notes: Any) -> dict[str, Any]:
    """The screen's notes of a save: a small object of plain values, or SaveError."""
    if notes is None:  # like the other optional fields: null is "none"
        return {}
    if not isinstance(notes, dict) or len(notes) > MAX_NOTES or \
            not all(isinstance(k, str) and _plain(v) for k, v in notes.items()):
        raise SaveError(_("the notes kept with the save are not readable"))
    return dict(notes)


#: The longest history an origin may carry (moves before the position a match started from).
MAX_ORIGIN_MOVES = 5000


@dataclass(frozen=True)
class Origin:
    """Where a match began when it was not a fresh start: "Try again from here" in a review
    starts a new match at a position of an earlier one. The earlier match is kept as its own
    start and moves up to that position (`ply` of them), so the new match can say, and show,
    where it came from; the rules never read it."""

    moves: tuple[str, ...]
    start: str | None = None

    @property
    def ply(self) -> int:
        return len(self.moves)

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "moves": list(self.moves)}


def origin_of(origin: Any) -> Origin | None:
    """A save's origin (null: a fresh start), or SaveError."""
    if origin is None:
        return None
    if not isinstance(origin, dict):
        raise SaveError(_("the origin of the match is not readable"))
    moves, start = origin.get("moves"), origin.get("start")
    if not isinstance(moves, list) or len(moves) > MAX_ORIGIN_MOVES or \
            not all(isinstance(m, str) for m in moves) or \
            (start is not None and not isinstance(start, str)):
        raise SaveError(_("the origin of the match is not readable"))
    return Origin(tuple(moves), start)


def time_after_of(data: dict[str, Any]) -> float:
    t = data.get("time_after")
    if t is None:
        return 0.0
    if not isinstance(t, int | float) or isinstance(t, bool) or not math.isfinite(t) or t < 0:
        raise SaveError(_("the time since the last move is not readable"))
    return float(t)
