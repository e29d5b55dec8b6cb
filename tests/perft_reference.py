"""Perft counts of the games' starting positions, stored in tests/data/perft.json.

A perft count (the number of move sequences of a given length from a position) pins a move
generator: one missing or extra move anywhere in the tree changes it. The deep counts cost
seconds to minutes of CPU, so they are computed once, stored, and read by the fast tests, which
recompute only the entries of at most `FAST_NODES` (a few milliseconds each); the slow step
recomputes every entry and compares (tests/test_perft_reference.py).

After a deliberate change of a game's rules, regenerate the file and read the difference
before committing it:

    PYTHONPATH=. .venv/bin/python -m tests.perft_reference --write

`CASES` says what is counted: (game, variant, options, deepest depth).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "perft.json"
COMMAND = "PYTHONPATH=. .venv/bin/python -m tests.perft_reference --write"
#: Entries up to this many nodes are recomputed by the fast tests.
FAST_NODES = 10_000

#: (game, variant, options, deepest depth counted from the variant's start).
CASES: list[tuple[str, str, dict[str, Any], int]] = [
    ("abalone", "standard", {}, 4),
    ("abalone", "belgian-daisy", {}, 3),
    ("abalone", "german-daisy", {}, 3),
    ("fairy16", "", {}, 3),
    ("amazons", "", {}, 2),
]


def key(game: str, variant: str, options: dict[str, Any]) -> str:
    """The entry's name in the file: game, variant and options, readable and unique."""
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return "/".join(part for part in (game, variant, opts) if part)


def rules_for(game: str, variant: str, options: dict[str, Any]) -> Any:
    from game import registry

    return registry.get(game).make_rules(variant or None, options)


def count(game: str, variant: str, options: dict[str, Any], depth: int) -> int:
    rules = rules_for(game, variant, options)
    return int(rules.perft(rules.initial_state(), depth))


def compute() -> dict[str, Any]:
    """Every count of CASES, freshly (minutes of CPU for the deepest)."""
    counts: dict[str, list[int]] = {}
    for game, variant, options, deepest in CASES:
        counts[key(game, variant, options)] = [count(game, variant, options, d)
                                               for d in range(1, deepest + 1)]
    return {"made_by": COMMAND, "counts": counts}


def dumps(data: dict[str, Any]) -> str:
    """The file's text: one line per entry, so a changed count shows as one changed line."""
    rows = [f"  {json.dumps(name)}: {json.dumps(counts)}" for name, counts in data["counts"].items()]
    return (f'{{\n "made_by": {json.dumps(data["made_by"])},\n "counts": {{\n'
            + ",\n".join(rows) + "\n }\n}\n")


def load(path: Path = DATA) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"recompute every count into {DATA}")
    args = parser.parse_args(argv)
    if not args.write:
        parser.print_help()
        return 2
    start = time.process_time()
    fresh = compute()
    old = load() if DATA.is_file() else {"counts": {}}
    for name, counts in fresh["counts"].items():
        before = old["counts"].get(name)
        if before != counts:
            print(f"{name}: {before} -> {counts}")
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(dumps(fresh), encoding="utf-8")
    print(f"wrote {DATA} ({time.process_time() - start:.0f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
