"""The command line: `ludotheque [--lang fr|en] [--windowed|--fullscreen] [GAME]`.

Parsed before pygame is imported, so `--help`, `--version` and a mistake print and exit without
opening a window (nor needing a display). Only what a player types is here: the app reads the
result (`Options`) and decides the rest.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import NoReturn

from game import i18n, registry, version
from game.i18n import _

PROG = "ludotheque"


@dataclass(frozen=True)
class Options:
    """What the command line asked for; None where the settings decide."""

    language: str | None = None
    fullscreen: bool | None = None
    game: str | None = None
    smoke: bool = False
    #: Only the self-test's second part: the real main loop played by a script.
    smoke_loop: bool = False
    verbose: bool = False


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A mistake: what was wrong and where to read the usage, status 2 (as argparse does,
        with a pointer to --help)."""
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n"
                  + _("Try '{prog} --help' for the options.").format(prog=self.prog) + "\n")


def parser() -> argparse.ArgumentParser:
    """The parser, its help in the system's language (the settings are not read yet)."""
    games = registry.playable()
    p = _Parser(
        prog=PROG,
        description=_("Ludothèque: abstract strategy games and puzzles."),
        epilog=_("Games: {games}.").format(games=", ".join(games)) + " "
        + _("Settings, progress and saves live in the user's folders, or in $LUDOTHEQUE_HOME "
            "when it is set."),
        allow_abbrev=False,
        add_help=False,  # added below, its words translated like the others
    )
    p._positionals.title = _("game to open")
    p._optionals.title = _("options")
    p.add_argument("-h", "--help", action="help", help=_("print this help and exit"))
    p.add_argument("game", nargs="?", metavar="GAME",
                   help=_("open this game's setup (or its levels) at once"))
    p.add_argument("--version", action="version", version=f"Ludothèque {version()}",
                   help=_("print the version and exit"))
    p.add_argument("--lang", choices=[code for code, _name in i18n.LANGUAGES],
                   help=_("the language for this run (the settings keep theirs)"))
    window = p.add_mutually_exclusive_group()
    window.add_argument("--windowed", dest="fullscreen", action="store_const", const=False,
                        help=_("open in a window"))
    window.add_argument("--fullscreen", dest="fullscreen", action="store_const", const=True,
                        help=_("open full screen"))
    p.add_argument("-v", "--verbose", action="store_true", help=_("log more (start-up time…)"))
    p.add_argument("--smoke", action="store_true", help=argparse.SUPPRESS)  # the build's self-test
    p.add_argument("--smoke-loop", action="store_true", help=argparse.SUPPRESS)  # its loop alone
    return p


def parse(argv: list[str]) -> Options:
    """The options of `argv`; prints and exits (0, or 2 on a mistake) for help, version and
    anything not understood."""
    i18n.set_language("")  # the help speaks the system's language
    p = parser()
    ns = p.parse_args(argv)
    if ns.game is not None and ns.game not in registry.playable():
        p.error(_("unknown game '{game}' (choose from {games})").format(
            game=ns.game, games=", ".join(registry.playable())))
    return Options(language=ns.lang, fullscreen=ns.fullscreen, game=ns.game, smoke=ns.smoke or ns.smoke_loop,
                   smoke_loop=ns.smoke_loop, verbose=ns.verbose)

