"""The Tangram's registry entry: titles, the level option, and where its faces live."""

from __future__ import annotations

from game.games.dissection.options import figure_options
from game.i18n import N_
from game.registry import GameEntry

ENTRY = GameEntry(
    id="tangram",
    title=N_("Tangram"),
    tagline=N_("Seven pieces of a square, a thousand shadows."),
    kind="puzzle",
    rules="game.games.tangram.rules:make_rules",
    scene="game.games.tangram.scene:TangramScene",
    help="game.games.tangram.help:HELP",
    options=figure_options("tangram"),
    side_names=(N_("Player"),),
    validate_level="game.games.tangram.rules:validate_level",
    levels_dir="tangram",
    colour=(214, 120, 64),
    extra={
        "pieces": "game.games.tangram.pieces:TANGRAM",
        "stars": "game.games.dissection.rules:stars",
        "load_level": "game.games.tangram.rules:load_level",
    },
)
