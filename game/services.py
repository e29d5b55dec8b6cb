"""What the app lends every screen besides the window: the games, the computer's process and the
puzzle progress — one typed object, each service made on first use.

Scenes reach it as `app.services`; nothing is patched onto the app. The worker is a separate
process (started by its first request), so a screen that never asks the computer costs none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.progress import Progress

if TYPE_CHECKING:
    from game.engine.entries import GameLookup
    from game.engine.worker import AIWorker


class Services:
    """The games by id, the computer's worker and the challenge progress.

    `notify(message)` tells the player something went wrong on loading (a damaged progress
    file set aside); the app passes its toast.
    """

    def __init__(self, games: GameLookup, notify: Callable[[str], None]) -> None:
        self.games = games
        self._notify = notify
        self._worker: AIWorker | None = None
        self._progress: Progress | None = None

    @property
    def worker(self) -> AIWorker:
        """One worker process for the whole app: made on first use, reused by every match."""
        if self._worker is None:
            from game.engine.worker import AIWorker

            self._worker = AIWorker(self.games)
        return self._worker

    @worker.setter
    def worker(self, worker: AIWorker) -> None:
        """Use this worker instead (tests give a fake one); the old one is closed."""
        if self._worker is not None and self._worker is not worker:
            self._worker.close()
        self._worker = worker

    @property
    def running_worker(self) -> AIWorker | None:
        """The worker if one was made (closing the app need not make one to close it)."""
        return self._worker

    @property
    def progress(self) -> Progress:
        """The puzzle progress, loaded once; a damaged file is set aside with a notice."""
        if self._progress is None:
            self._progress, notice = Progress.load()
            if notice:
                self._notify(notice)
        return self._progress

    def close(self) -> None:
        """End the worker's process now: quitting must leave no process behind."""
        if self._worker is not None:
            self._worker.close()
