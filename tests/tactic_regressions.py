"""The tactic positions tests keep as regressions (tests/data/tactic_regressions.json).

Each is a position of an earlier suite that a level once got wrong; the suites themselves are
made again from other games, so the cases live here, with the command that found them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).resolve().parent / "data" / "tactic_regressions.json"


@cache
def _all() -> dict[str, dict[str, Any]]:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    return {p["id"]: p for p in data["positions"]}


def regression(name: str) -> dict[str, Any]:
    """The kept position `name` (its id in the suite it came from)."""
    return dict(_all()[name])


def every_regression() -> list[dict[str, Any]]:
    return [dict(p) for p in _all().values()]
