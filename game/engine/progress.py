"""The player's puzzle progress: per game and level, solved or not, stars, best moves and time,
and how the progress file is read (through `storage.load_validated`), merged and written.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from game.engine import storage
from game.engine.settings import is_bool, is_number
from game.engine.storage import FileLocked, Upgrade, load_validated, locked, progress_path, stamp
from game.i18n import _

log = logging.getLogger(__name__)

#: Format number of the progress file written now (see `storage.upgrade`).
PROGRESS_FORMAT = 1
MAX_STARS = 3


@dataclass
class LevelRecord:
    """The player's best on one puzzle level."""

    solved: bool = False
    stars: int = 0
    best_moves: int | None = None
    best_time: float | None = None


def _record_from(data: Any, where: str, problems: list[str]) -> LevelRecord:
    rec = LevelRecord()
    if not isinstance(data, dict):
        problems.append(_("{where} should be an object").format(where=where))
        return rec
    if "solved" in data:
        if is_bool(data["solved"]):
            rec.solved = data["solved"]
        else:
            problems.append(_("{where}.solved should be true or false").format(where=where))
    if "stars" in data:
        s = data["stars"]
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_STARS:
            rec.stars = s
        else:
            problems.append(_("{where}.stars should be 0 to {most}").format(where=where,
                                                                            most=MAX_STARS))
    if data.get("best_moves") is not None:
        m = data["best_moves"]
        if isinstance(m, int) and not isinstance(m, bool) and m >= 0:
            rec.best_moves = m
        else:
            problems.append(_("{where}.best_moves should be a whole number").format(where=where))
    if data.get("best_time") is not None:
        t = data["best_time"]
        if is_number(t) and t >= 0:
            rec.best_time = float(t)
        else:
            problems.append(_("{where}.best_time should be a number of seconds").format(
                where=where))
    return rec


@dataclass
class Progress:
    """Puzzle progress: per game id, per level id, a LevelRecord."""

    games: dict[str, dict[str, LevelRecord]] = field(default_factory=dict)
    #: The puzzle of the day: the last day it was solved (ISO date), the days in a row up to
    #: that day, and the longest such run.
    daily_last: str | None = None
    streak: int = 0
    best_streak: int = 0

    def daily_solved(self, day: datetime.date) -> int:
        """Record the puzzle of `day` solved: the streak goes on from the day before, starts
        again at 1 after a missed day, is unchanged when that day was already counted."""
        iso = day.isoformat()
        if self.daily_last != iso:
            yesterday = (day - datetime.timedelta(days=1)).isoformat()
            self.streak = self.streak + 1 if self.daily_last == yesterday else 1
            self.daily_last = iso
            self.best_streak = max(self.best_streak, self.streak)
        return self.streak

    def current_streak(self, day: datetime.date) -> int:
        """The streak as it stands on `day` (0 once a day was missed)."""
        if self.daily_last is None:
            return 0
        if self.daily_last in (day.isoformat(), (day - datetime.timedelta(days=1)).isoformat()):
            return self.streak
        return 0

    def record(self, game_id: str, level_id: str) -> LevelRecord:
        """The record of a level (a fresh unsolved one if the level was never played)."""
        return self.games.get(game_id, {}).get(level_id, LevelRecord())

    def solve(self, game_id: str, level_id: str, *, stars: int = 0, moves: int | None = None,
              seconds: float | None = None) -> LevelRecord:
        """Record a solve, keeping the best stars, moves and time seen so far."""
        old = self.record(game_id, level_id)
        new = LevelRecord(
            solved=True,
            stars=max(old.stars, max(0, min(MAX_STARS, stars))),
            best_moves=_best(old.best_moves, moves),
            best_time=_best(old.best_time, None if seconds is None else float(seconds)),
        )
        self.games.setdefault(game_id, {})[level_id] = new
        return new

    def unlocked(self, game_id: str, level_ids: Sequence[str], index: int) -> bool:
        """The first level is always open; each next one opens when the one before is solved."""
        if index <= 0:
            return True
        if index >= len(level_ids):
            return False
        return self.record(game_id, level_ids[index - 1]).solved

    def merge(self, other: Progress) -> None:
        """Keep the best of both for every level (a file read late joins what was played)."""
        for game_id, levels in other.games.items():
            for level_id, rec in levels.items():
                mine = self.record(game_id, level_id)
                self.games.setdefault(game_id, {})[level_id] = LevelRecord(
                    solved=mine.solved or rec.solved, stars=max(mine.stars, rec.stars),
                    best_moves=_best(mine.best_moves, rec.best_moves),
                    best_time=_best(mine.best_time, rec.best_time))
        if other.daily_last is not None and (self.daily_last is None
                                             or other.daily_last > self.daily_last):
            self.daily_last, self.streak = other.daily_last, other.streak
        self.best_streak = max(self.best_streak, other.best_streak)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": PROGRESS_FORMAT,
                               "games": {g: {lv: asdict(r) for lv, r in levels.items()}
                                         for g, levels in self.games.items()}}
        if self.daily_last is not None:
            out["daily"] = {"last": self.daily_last, "streak": self.streak,
                            "best": self.best_streak}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Progress, list[str]]:
        progress = cls()
        problems: list[str] = []
        games = data.get("games", {})
        if not isinstance(games, dict):
            return progress, [_("'games' should be an object")]
        for game_id, levels in games.items():
            if not isinstance(levels, dict):
                problems.append(_("{where} should be an object").format(where=game_id))
                continue
            progress.games[game_id] = {
                level_id: _record_from(rec, f"{game_id}.{level_id}", problems)
                for level_id, rec in levels.items()
            }
        daily = data.get("daily")
        if daily is not None:
            _daily_from(daily, progress, problems)
        return progress, problems

    #: Format n -> n + 1 (format 0: a file without a number, same layout as format 1).
    UPGRADES: ClassVar[dict[int, Upgrade]] = {0: stamp(1)}

    @classmethod
    def load(cls, path: Path | str | None = None) -> tuple[Progress, str | None]:
        path = Path(path) if path is not None else progress_path()
        return load_validated(path, cls.from_dict, cls(), lambda p: p.to_dict(),
                               PROGRESS_FORMAT, cls.UPGRADES)

    def save(self, path: Path | str | None = None) -> None:
        """Write the progress; OSError (FileLocked among them) when it cannot be done.

        If the file could not be read when loaded, it is read again first: still unreadable,
        it is left alone (FileLocked); readable now, its records are merged with these, so
        neither what it held nor what was just played is lost.
        """
        path = Path(path) if path is not None else progress_path()
        found = locked(path)
        if found is not None and found[1]:
            earlier, notice = Progress.load(path)
            if locked(path) is not None:
                raise FileLocked(_("{file} is not overwritten: {reason}").format(
                    file=path.name, reason=found[0]))
            if notice:
                log.warning(notice)
            self.merge(earlier)
        storage.write_json_atomic(path, self.to_dict())


def _daily_from(daily: Any, progress: Progress, problems: list[str]) -> None:
    """The puzzle-of-the-day record, checked field by field (a bad one is said and dropped)."""
    def count(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100000

    try:
        ok = (isinstance(daily, dict) and isinstance(daily.get("last"), str)
              and datetime.date.fromisoformat(daily["last"]) is not None
              and count(daily.get("streak")) and count(daily.get("best", 0)))
    except ValueError:
        ok = False
    if not ok:
        problems.append(_("'daily' should give the last day (YYYY-MM-DD) and the streak"))
        return
    progress.daily_last = daily["last"]
    progress.streak = daily["streak"]
    progress.best_streak = max(daily.get("best", 0), daily["streak"])


_N = TypeVar("_N", int, float)


def _best(old: _N | None, new: _N | None) -> _N | None:
    if new is None:
        return old
    if old is None:
        return new
    return min(old, new)
