"""Count, store and export every way to rebuild the Ostomachion square, with our own solver.

    python tools/ostomachion_solutions.py --count        # enumerate every tiling; the last line
                                                         # is "arrangements N, distinct M"
    python tools/ostomachion_solutions.py --write        # regenerate the catalogue file
    python tools/ostomachion_solutions.py --check        # exit 1 if the catalogue is out of date
    python tools/ostomachion_solutions.py --export DIR   # one Tiled level per distinct solution

The solver is game/games/ostomachion/solver.py (exact, integer arithmetic; its docstring says
how and why). `--count` runs the full enumeration, with no symmetry breaking, and groups the
tilings into solutions by their canonical forms, so all the figures printed are measured;
`--write` and `--check` run the symmetry-broken search (one tiling per solution, 8 times
faster). The catalogue (levels/ostomachion/the-536.json) lists the distinct solutions in
number order, each as the compact text of solver.encode.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from game.engine.storage import write_json_atomic  # noqa: E402
from game.games.ostomachion import collection, solver  # noqa: E402


def catalogue_data(solutions: Sequence[solver.Tiling], arrangements: int | None) -> dict:
    """The catalogue file's content for these solutions (already canonical and sorted)."""
    tilings = 8 * len(solutions)
    return {
        "format": collection.CATALOGUE_FORMAT,
        "about": "Every distinct way to rebuild the Ostomachion square, numbered; written by "
                 "tools/ostomachion_solutions.py --write. Each solution: per piece P1..P14 its "
                 "turn (quarter turns), '-' or 'f' (turned over), corner 0's x and y in base 13.",
        "distinct": len(solutions),
        "tilings": tilings,
        "arrangements": arrangements if arrangements is not None
        else tilings * solver.labellings(),
        "solutions": [solver.encode(s) for s in solutions],
    }


def count() -> int:
    stats = solver.SearchStats()
    started = time.perf_counter()
    cen = solver.census(stats)
    seconds = time.perf_counter() - started
    twins = solver.labellings()
    classes = solver.shape_classes()
    groups = [[i + 1 for i in range(len(classes)) if classes[i] == c] for c in sorted(set(classes))]
    pairs = [g for g in groups if len(g) > 1]
    print(f"tilings (twins alike, every symmetric copy): {cen.tilings}")
    print(f"search nodes: {cen.nodes}")
    print(f"solutions up to the square's symmetries: {cen.distinct}; tilings per solution: "
          f"{cen.smallest_orbit} to {cen.largest_orbit}")
    twin_text = ", ".join(" and ".join(map(str, g)) for g in pairs)
    print(f"arrangements per tiling (congruent pieces {twin_text} told apart): {twins}")
    if cen.distinct and cen.largest_orbit == cen.smallest_orbit:
        factors = " x ".join([str(cen.largest_orbit)] + [str(math.factorial(len(g))) for g in pairs])
        print(f"arrangements / distinct = {cen.arrangements // cen.distinct} = {factors} "
              f"(symmetries of the square x twin swaps)")
    print(f"time: {seconds:.1f} s")
    print(f"arrangements {cen.arrangements}, distinct {cen.distinct}")
    return 0


def write(path: Path) -> int:
    started = time.perf_counter()
    sols = solver.distinct_solutions()
    write_json_atomic(path, catalogue_data(sols, None))
    print(f"wrote {path} ({len(sols)} solutions, {time.perf_counter() - started:.1f} s)")
    return 0


def check(path: Path) -> int:
    sols = solver.distinct_solutions()
    stored = collection.load_catalogue(path)
    if stored != sols:
        print(f"out of date: {path} ({len(stored)} stored, {len(sols)} found)", file=sys.stderr)
        return 1
    print(f"{path}: up to date ({len(sols)} solutions)")
    return 0


def level_text(number: int, tiling: solver.Tiling) -> str:
    """Solution `number` as a Tiled level of the square (its reference solution is that one)."""
    from tools.make_tangram_level import Figure, build

    fig = Figure("ostomachion", f"square-{number:03d}", f"Square No. {number}", 3, 600,
                 tuple((f"P{i + 1}", [(float(x), float(y)) for x, y in poly])
                       for i, poly in enumerate(solver.label(tiling))))
    return build(fig)


def export(folder: Path, path: Path) -> int:
    sols = collection.load_catalogue(path)
    folder.mkdir(parents=True, exist_ok=True)
    for n, tiling in enumerate(sols, start=1):
        (folder / f"square-{n:03d}.tmx").write_text(level_text(n, tiling), encoding="utf-8")
    print(f"wrote {len(sols)} level files in {folder}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--count", action="store_true", help="enumerate and count every tiling")
    group.add_argument("--write", action="store_true", help="regenerate the catalogue file")
    group.add_argument("--check", action="store_true", help="fail if the catalogue is stale")
    group.add_argument("--export", type=Path, metavar="DIR",
                       help="write every distinct solution as a .tmx level in DIR")
    parser.add_argument("--catalogue", type=Path, default=collection.catalogue_path(),
                        help="the catalogue file (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.count:
        return count()
    if args.write:
        return write(args.catalogue)
    if args.check:
        return check(args.catalogue)
    return export(args.export, args.catalogue)


if __name__ == "__main__":
    sys.exit(main())
