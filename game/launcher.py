"""Entry point of `python -m game` and of the `ludotheque` command: the command line first
(game/cli.py, which needs neither pygame nor a display), then, only when a window is wanted,
pygame and the app."""

from __future__ import annotations

import logging
import sys

from game import cli


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the AI worker process in the frozen desktop build
    options = cli.parse(list(sys.argv[1:] if argv is None else argv))  # may print and exit
    logging.basicConfig(level=logging.INFO if options.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    from game.app import start

    return start(options)
