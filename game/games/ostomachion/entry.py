"""The Ostomachion's registry entry: titles, the level option, and where its faces live."""

from __future__ import annotations

from game.games.dissection.options import figure_options
from game.i18n import N_
from game.registry import GameEntry

ENTRY = GameEntry(
    id="ostomachion",
    title=N_("Ostomachion"),
    tagline=N_("Archimedes' fourteen pieces: rebuild the square, or make an elephant."),
    kind="puzzle",
    rules="game.games.ostomachion.rules:make_rules",
    scene="game.games.ostomachion.scene:OstomachionScene",
    help="game.games.ostomachion.help:HELP",
    options=figure_options("ostomachion"),
    side_names=(N_("Player"),),
    validate_level="game.games.ostomachion.rules:validate_level",
    levels_dir="ostomachion",
    colour=(170, 140, 96),
    extra={
        "pieces": "game.games.ostomachion.pieces:OSTOMACHION",
        "stars": "game.games.dissection.rules:stars",
        "load_level": "game.games.ostomachion.rules:load_level",
    },
)
