"""Check every level file of the puzzles and say which ones are wrong, and why.

    python tools/validate_levels.py            # every puzzle with levels
    python tools/validate_levels.py hanoi tangram

For each puzzle entry with a `levels_dir` and a `validate_level` function, every `.tmx` file in
levels/<levels_dir>/ is passed to that function. One line per file, `OK` or its problems;
exit code 1 when any file (or a puzzle without level files) has a problem.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as `python tools/validate_levels.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry, resources  # noqa: E402
from game.engine.match import find_entry  # noqa: E402
from game.registry import GameEntry  # noqa: E402
from tools._common import ToolError, error_text, run  # noqa: E402


def level_files(entry: GameEntry, root: Path) -> list[Path]:
    assert entry.levels_dir is not None
    return sorted((root / entry.levels_dir).glob("*.tmx"))


def validate_entry(entry: GameEntry, root: Path) -> tuple[list[str], bool]:
    """(report lines, True if all is well) for one puzzle."""
    if entry.validate_level is None or entry.levels_dir is None:
        return [f"{entry.id}: has no levels to validate"], False
    validate = registry.resolve(entry.validate_level)
    files = level_files(entry, root)
    if not files:
        return [f"{entry.id}: no level files in {root / entry.levels_dir}"], False
    lines, ok = [], True
    for path in files:
        name = f"{entry.levels_dir}/{path.name}"
        try:
            problems = list(validate(path))
        except Exception as exc:  # a validator that crashes is a problem to report, not hide
            problems = [f"the validator failed: {type(exc).__name__}: {exc}"]
        if problems:
            ok = False
            lines.append(f"{name}: " + "; ".join(problems))
        else:
            lines.append(f"{name}: OK")
    return lines, ok


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="validate_levels.py",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="puzzle ids (default: every puzzle with levels)")
    parser.add_argument("--levels-root", type=Path, default=None,
                        help="folder holding the games' level folders (default: levels/)")
    args = parser.parse_args(argv)
    root = args.levels_root or resources.levels_dir()
    if args.games:
        try:
            entries = [find_entry(g) for g in args.games]
        except KeyError as exc:
            raise ToolError(error_text(exc)) from None
    else:
        entries = [e for e in registry.entries().values()
                   if e.validate_level is not None and e.levels_dir is not None]
    all_ok = True
    for entry in entries:
        lines, ok = validate_entry(entry, root)
        all_ok = all_ok and ok
        for line in lines:
            print(line)
    if not entries:
        print("no puzzle has levels yet")
    return 0 if all_ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
