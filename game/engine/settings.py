"""The player's preferences (the settings screen): their fields, the check of each stored value,
and how the settings file is read (through `storage.load_validated`) and written.

A wrong value in the file costs only that value: it gets its default and the player is told.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar

from game.engine import storage
from game.engine.names import clean_name
from game.engine.storage import Upgrade, load_validated, settings_path, stamp
from game.i18n import N_, _

ANIMATION_SPEEDS = (0.5, 1.0, 2.0)
#: Format number of the settings file written now (see `storage.upgrade`).
SETTINGS_FORMAT = 1
#: The values of Settings.language: the languages of game/i18n.py, or "" for the system's.
LANGUAGE_CODES = ("", "fr", "en")


# --------------------------------------------------------------------------- field checks


def is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _is_name_list(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= 8 and all(isinstance(x, str) and len(x) <= 40
                                                        for x in v)


def _is_setup_map(v: Any) -> bool:
    # game id -> the last setup chosen for it; the setup screen checks each value it reads
    return isinstance(v, dict) and len(v) <= 64 and all(
        isinstance(k, str) and isinstance(x, dict) for k, x in v.items())


#: field -> (test of a stored value, what it should be in words)
_SETTING_CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "fullscreen": (is_bool, N_("true or false")),
    "volume": (lambda v: is_number(v) and 0.0 <= v <= 1.0, N_("a number from 0 to 1")),
    "sound": (is_bool, N_("true or false")),
    "show_legal": (is_bool, N_("true or false")),
    "animation_speed": (lambda v: is_number(v) and float(v) in ANIMATION_SPEEDS,
                        N_("one of 0.5, 1 or 2")),
    "flip_board": (is_bool, N_("true or false")),
    "show_coordinates": (is_bool, N_("true or false")),
    "piece_hints": (is_bool, N_("true or false")),
    "player_names": (_is_name_list, N_("a list of up to 8 names")),
    "setups": (_is_setup_map, N_("an object of game ids and their last setups")),
    "language": (lambda v: v in LANGUAGE_CODES, N_('"fr", "en" or "" (the system\'s)')),
}


# --------------------------------------------------------------------------- settings


@dataclass
class Settings:
    """The player's preferences (settings screen). Unknown keys in the file are ignored."""

    fullscreen: bool = False
    volume: float = 0.7
    sound: bool = True
    show_legal: bool = True
    #: Multiplier of animation speed: 0.5 (slow), 1 or 2 (fast).
    animation_speed: float = 1.0
    #: Hot-seat: turn the board so the player to move sits at the bottom.
    flip_board: bool = False
    show_coordinates: bool = True
    #: Piece games: a small picture of each man's move in its corner, for learners.
    piece_hints: bool = False
    #: Names typed last in the match setup, one per side.
    player_names: list[str] = field(default_factory=list)
    #: Per game id, the last setup started: players (kind, name, level), variant, options.
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: "fr" or "en"; "" follows the system's language (the first start, and files written
    #: before the choice existed: a new key with a default needs no new format number, and an
    #: older version reading this file simply ignores it).
    language: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Build from stored data: a field with a wrong value gets its default and a problem line."""
        settings = cls()
        problems: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            test, expected = _SETTING_CHECKS[f.name]
            if not test(value):
                problems.append(_("'{field}' should be {expected}, not {value}").format(
                    field=f.name, expected=_(expected), value=json.dumps(value)))
                continue
            if f.name in ("volume", "animation_speed"):
                value = float(value)
            elif f.name == "player_names":
                value = [clean_name(v) for v in value]
            elif f.name == "setups":
                value = {k: dict(x) for k, x in value.items()}
            setattr(settings, f.name, value)
        return settings, problems

    def to_dict(self) -> dict[str, Any]:
        return {"format": SETTINGS_FORMAT, **asdict(self)}

    #: Format n -> n + 1. Format 0: the files written before settings had a number.
    UPGRADES: ClassVar[dict[int, Upgrade]] = {0: stamp(1)}

    @classmethod
    def load(cls, path: Path | str | None = None) -> tuple[Settings, str | None]:
        """The saved settings and a notice for the player (None when all is well)."""
        path = Path(path) if path is not None else settings_path()
        return load_validated(path, cls.from_dict, cls(), lambda s: s.to_dict(),
                               SETTINGS_FORMAT, cls.UPGRADES)

    def save(self, path: Path | str | None = None) -> None:
        """Write the settings; OSError (FileLocked among them) when it cannot be done."""
        storage.write_json_atomic(path if path is not None else settings_path(), self.to_dict())
