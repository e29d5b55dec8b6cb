"""The hint solver's answers for every Tangram figure, stored in tests/data/tangram-solutions.json.

Solving all 31 figures from scratch costs some five seconds of CPU; most of it goes to a third
of them. The file keeps, for each figure, the solution the search finds (it is deterministic)
and whether it finds it within `FAST_BUDGET` search nodes. The fast tests solve those again and
compare, and check that every stored solution tiles its figure; the slow step solves every
figure again (tests/games/tangram/test_solver.py).

After a deliberate change of the solver or of a figure, regenerate the file and look at what
changed before committing it:

    PYTHONPATH=. .venv/bin/python -m tests.solver_reference --write
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "tangram-solutions.json"
COMMAND = "PYTHONPATH=. .venv/bin/python -m tests.solver_reference --write"
#: A figure the search solves within this many nodes is solved again by the fast tests.
FAST_BUDGET = 300


def solve(stem: str, budget: int | None = None) -> list[list[Any]] | None:
    """The search's solution of a figure from scratch, as [x, y, turn, flipped] rows."""
    from game.games.dissection import levels as D
    from game.games.dissection.solver import BUDGET, complete
    from game.games.tangram.pieces import TANGRAM

    lv = D.load_level(D.levels_dir(TANGRAM.name) / f"{stem}.tmx", TANGRAM)
    found = complete(TANGRAM, lv.silhouette, {}, budget=BUDGET if budget is None else budget)
    if found.placements is None:
        return None
    return [[p.x, p.y, p.turn, p.flipped] for p in found.placements]


def compute() -> dict[str, Any]:
    from game.games.dissection import levels as D
    from game.games.tangram.pieces import TANGRAM

    figures = {}
    for stem in D.level_ids(TANGRAM):
        figures[stem] = {"fast": solve(stem, FAST_BUDGET) is not None, "placements": solve(stem)}
    return {"made_by": COMMAND, "fast_budget": FAST_BUDGET, "figures": figures}


def dumps(data: dict[str, Any]) -> str:
    """One line per figure, so a changed answer shows as one changed line."""
    rows = [f"  {json.dumps(stem)}: {json.dumps(entry)}" for stem, entry in data["figures"].items()]
    return (f'{{\n "made_by": {json.dumps(data["made_by"])},\n'
            f' "fast_budget": {data["fast_budget"]},\n "figures": {{\n'
            + ",\n".join(rows) + "\n }\n}\n")


def load(path: Path | None = None) -> dict[str, Any]:
    return dict(json.loads((path or DATA).read_text(encoding="utf-8")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"solve every figure into {DATA}")
    if not parser.parse_args(argv).write:
        parser.print_help()
        return 2
    fresh = compute()
    old = load() if DATA.is_file() else {"figures": {}}
    changed = [s for s, e in fresh["figures"].items() if old["figures"].get(s) != e]
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(dumps(fresh), encoding="utf-8")
    print(f"wrote {DATA}; changed: {', '.join(changed) or 'nothing'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
