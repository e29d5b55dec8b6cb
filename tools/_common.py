"""Helpers shared by the command-line tools: game arguments, building rules and positions.

Each tool starts with the same two lines so that `python tools/NAME.py` works from a checkout
(the repository root goes on sys.path) and tests can import it as `tools.NAME`.

Every tool names a game the same way: a registry id (`amazons`), or, for tests and
experiments, "package.module:ATTR" naming any GameEntry. Options are `--option key=value`,
where the value is read as JSON when it can be (numbers, true/false) and as text otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game import registry
from game.engine.match import find_entry
from game.registry import GameEntry


class ToolError(Exception):
    """A problem with what the user asked for; printed as `error: …`, exit code 2."""


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id (or package.module:ATTR naming a GameEntry)")
    parser.add_argument("--variant", help="variant id (default: the game's first)")
    parser.add_argument("--position", help="start from this position text")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (repeatable); the value is JSON or plain text")


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ToolError(f"--option wants KEY=VALUE, not {pair!r}")
        try:
            options[key] = json.loads(text)
        except json.JSONDecodeError:
            options[key] = text
    return options


@dataclass
class GameSetup:
    """What a tool's game arguments resolve to."""

    entry: GameEntry
    rules: Any
    start: str | None

    def initial_state(self) -> Any:
        if self.start is None:
            return self.rules.initial_state()
        return self.rules.parse_position(self.start)


def game_setup(args: argparse.Namespace) -> GameSetup:
    """Build the rules (and check the position) that the arguments describe; ToolError if not."""
    try:
        entry = find_entry(args.game, registry.get)
    except KeyError as exc:
        raise ToolError(error_text(exc)) from None
    options = parse_options(args.option)
    variant = args.variant or entry.variants[0].id
    try:
        rules = entry.make_rules(variant, options)
    except (KeyError, ValueError, TypeError) as exc:
        raise ToolError(f"{entry.id} cannot be set up so: {error_text(exc)}") from None
    setup = GameSetup(entry, rules, args.position)
    if setup.start is not None:
        try:
            setup.initial_state()
        except ValueError as exc:
            raise ToolError(f"bad --position: {exc}") from None
    return setup


def error_text(exc: Exception) -> str:
    """The message of an exception (a KeyError's str() would wrap it in quotes)."""
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def command_line(tool: str, argv: Sequence[str] | None) -> str:
    """How the data a tool writes names the command that made it (`tools/NAME.py ARGS`), so
    that the commands recorded in a file, run in order, make the file again."""
    return f"tools/{tool}.py " + " ".join(argv if argv is not None else sys.argv[1:])


def run(main_body: Callable[[Sequence[str] | None], int], argv: Sequence[str] | None) -> int:
    """Call a tool's body, turning ToolError into `error: …` on stderr and exit code 2."""
    try:
        return main_body(argv)
    except ToolError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
