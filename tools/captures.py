"""List every capture open to the side to move in a position (games with capture rules).

    python tools/captures.py rithmomachia --position "8/8/…/8 e"

One capture per line as the game writes it (Rithmomachia: `KIND VICTIM_SQUARE by SQUARE[,…]`,
KIND one of attack, meeting, ambush, siege, combination, ransom), or `none`. The game provides
the lines through the ListsCaptures capability of its rules: capture_lines(state) -> list[str].
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as `python tools/captures.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.protocol import ListsCaptures  # noqa: E402
from tools._common import ToolError, add_game_arguments, game_setup, run  # noqa: E402


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="captures.py", description=__doc__.splitlines()[0])
    add_game_arguments(parser)
    args = parser.parse_args(argv)
    setup = game_setup(args)
    lister = setup.entry.capability(ListsCaptures, setup.rules)
    if lister is None:
        raise ToolError(f"{setup.entry.id} has no capture list")
    for line in lister.capture_lines(setup.initial_state()):
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
