"""Check every level file of the puzzles and every tactics puzzle pack, and say which ones are
wrong, and why.

    python tools/validate_levels.py            # every puzzle with levels, every puzzle pack
    python tools/validate_levels.py hanoi tangram
    python tools/validate_levels.py pions --sample 10   # a pack: 10 of its puzzles re-proved
    python tools/validate_levels.py --write-manifest   # then record the files found right

For each puzzle entry with a `levels_dir` and a `validate_level` function, every `.tmx` file in
levels/<levels_dir>/ is passed to that function. One line per file, `OK` or its problems;
exit code 1 when any file (or a puzzle without level files) has a problem.

A tactics puzzle pack (data/puzzles/GAME.json, for a two-player game) is read as the game reads
it (a file that cannot be used is refused by its name with the reason; a puzzle with a wrong
field, an illegal position or an illegal move is named with its problem, and so is one whose
recorded mistake of the opponent is not legal in the position before it or does not lead to
the puzzle's position), then every puzzle (or --sample N of them) is proved again by
tools/puzzles.py: a wrong solution is named too.

The game runs the same function before it lets a level be played (engine/levels.check_level).
Some checks take a second (Hanoi's par is solved again), so `--write-manifest` records the
content hash of every file found right in levels/validated.json: the game skips the full check
for exactly those bytes, and checks any other file (edited, added) in full.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as `python tools/validate_levels.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry, resources  # noqa: E402
from game.engine import storage  # noqa: E402
from game.engine.levels import MANIFEST, file_hash, manifest_key  # noqa: E402
from game.engine.match import find_entry  # noqa: E402
from game.registry import GameEntry  # noqa: E402
from tools._common import ToolError, error_text, run  # noqa: E402
from tools.puzzles import PUZZLE_DIR, check_pack  # noqa: E402


def level_files(entry: GameEntry, root: Path) -> list[Path]:
    assert entry.levels_dir is not None
    return sorted((root / entry.levels_dir).glob("*.tmx"))


def validate_entry(entry: GameEntry, root: Path,
                   passed: dict[str, str] | None = None) -> tuple[list[str], bool]:
    """(report lines, True if all is well) for one puzzle; the files found right are added to
    `passed` ({name under root: sha256})."""
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
            key = manifest_key(path, root)
            if passed is not None and key is not None:
                passed[key] = file_hash(path.read_bytes())
    return lines, ok


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="validate_levels.py",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="puzzle ids (default: every puzzle with levels)")
    parser.add_argument("--levels-root", type=Path, default=None,
                        help="folder holding the games' level folders (default: levels/)")
    parser.add_argument("--write-manifest", action="store_true",
                        help=f"record the files found right in <levels-root>/{MANIFEST} "
                             "(the game then skips their slow checks)")
    parser.add_argument("--puzzles-dir", type=Path, default=PUZZLE_DIR,
                        help="folder of the tactics puzzle packs (default: data/puzzles/)")
    parser.add_argument("--sample", type=int, default=None,
                        help="re-prove only N puzzles of each pack (default: all)")
    args = parser.parse_args(argv)
    root = args.levels_root or resources.levels_dir()
    if args.games:
        try:
            chosen = [find_entry(g, registry.get) for g in args.games]
        except KeyError as exc:
            raise ToolError(error_text(exc)) from None
        # a two-player game is checked through its puzzle pack; one without a pack falls to
        # the level check, which says it has nothing to validate
        with_pack = {e.id for e in chosen
                     if e.kind == "match" and (args.puzzles_dir / f"{e.id}.json").exists()}
        entries = [e for e in chosen if e.id not in with_pack]
        packs = [args.puzzles_dir / f"{e.id}.json" for e in chosen if e.id in with_pack]
    else:
        entries = [e for e in registry.entries().values()
                   if e.validate_level is not None and e.levels_dir is not None]
        packs = sorted(args.puzzles_dir.glob("*.json"))
    all_ok = True
    for pack in packs:
        problems = check_pack(pack, args.sample)
        all_ok = all_ok and not problems
        print(f"puzzles/{pack.name}: OK" if not problems else "\n".join(problems))
    passed: dict[str, str] = {}
    for entry in entries:
        lines, ok = validate_entry(entry, root, passed)
        all_ok = all_ok and ok
        for line in lines:
            print(line)
    if not entries and not packs:
        print("no puzzle has levels yet")
    if args.write_manifest:
        manifest = root / MANIFEST
        if args.games and manifest.is_file():  # keep the other puzzles' entries
            from game.engine.levels import read_manifest

            checked = {e.levels_dir for e in entries}
            kept = {k: v for k, v in read_manifest(root).items()
                    if k.split("/", 1)[0] not in checked}
            passed = {**kept, **passed}
        storage.write_json_atomic(manifest, {"format": 1, "files": dict(sorted(passed.items()))})
        print(f"{len(passed)} level files recorded in {manifest}")
    return 0 if all_ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
