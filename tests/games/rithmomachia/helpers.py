"""Positions for the Rithmomachia tests, written as a few pieces on an empty board."""

from __future__ import annotations

from game.games.rithmomachia import rules as R
from game.games.rithmomachia.pieces import HEIGHT, WIDTH, parse_square


def text(pieces: dict[str, str], side: str = "e", extra: str = "") -> str:
    """Position text with `pieces` (square -> piece text like "T25" or "c9") and the rest empty."""
    ranks = []
    for y in range(HEIGHT - 1, -1, -1):
        items: list[str] = []
        run = 0
        for x in range(WIDTH):
            name = f"{'abcdefgh'[x]}{y + 1}"
            if name in pieces:
                if run:
                    items.append(str(run))
                    run = 0
                items.append(pieces[name])
            else:
                run += 1
        if run:
            items.append(str(run))
        ranks.append(",".join(items))
    return "/".join(ranks) + f" {side}" + (f" {extra}" if extra else "")


def position(pieces: dict[str, str], side: str = "e", extra: str = "") -> R.State:
    return R.parse_position(text(pieces, side, extra))


def sq(name: str) -> int:
    got = parse_square(name)
    assert got is not None
    return got


def lines(rules: R.RithmomachiaRules, state: R.State) -> list[str]:
    return R.capture_lines(rules, state)
