"""Kill a process again and again in the middle of its autosaves, and count what is left.

    python tools/kill_autosave.py --kills 200
    python tools/kill_autosave.py --kills 50 --game abalone --seed 3

Each round starts a child process that plays random moves of a match (autosaving after every
move, as the app does) into one folder, lets it run a few milliseconds, and SIGKILLs it — most
kills land inside a write. After each kill the autosave must still load (`Match.load`: parsed
and replayed through the rules). At the end the tool reports how many autosaves were valid,
how many temp files the kills left behind, and how many of those the app's start-up clean-up
(`storage.clean_stale_temps`) removes once they are older than its threshold.
Exit code 1 when any autosave was unreadable or any temp file survived the clean-up.
POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

if not __package__:  # run as `python tools/kill_autosave.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import registry  # noqa: E402
from game.engine import storage  # noqa: E402
from game.engine.match import Match, SaveError  # noqa: E402
from tools._common import ToolError, run  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

#: The child: random moves, autosaved after each, forever (until killed).
CHILD = """
import random, sys
from game import registry
from game.engine.match import Match
entry = registry.get(sys.argv[1])
rng = random.Random(int(sys.argv[3]))
print("ready", flush=True)
while True:
    m = Match(entry, autosave=sys.argv[2])
    while m.outcome is None and m.ply < 200:
        legal = m.rules.legal_moves(m.state)
        if not legal:
            break
        m.play(legal[rng.randrange(len(legal))])
"""


def one_round(folder: Path, game: str, seed: int, rng: random.Random) -> tuple[bool, str]:
    """Start, kill, check: (autosave valid, what was found)."""
    path = folder / storage.AUTOSAVE_FILE
    child = subprocess.Popen([sys.executable, "-c", CHILD, game, str(path), str(seed)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    child.stdout.readline()  # "ready": imports done, moves begin
    time.sleep(rng.uniform(0.002, 0.060))
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    if not path.exists():
        return True, "no autosave yet"
    try:
        m = Match.load(path, registry.get)
    except SaveError as exc:
        return False, str(exc)
    return True, f"{m.ply} moves"


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="kill_autosave.py", description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100, help="rounds (default 100)")
    parser.add_argument("--game", default="pions", help="match game id (default pions)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", type=Path, default=None,
                        help="where the autosave goes (default: a fresh temp folder)")
    args = parser.parse_args(argv)
    if os.name != "posix":
        raise ToolError("SIGKILL needs a POSIX system")
    if args.kills < 1:
        raise ToolError("--kills must be at least 1")
    # default: a throw-away folder (inside LUDOTHEQUE_HOME when set), removed at the end
    made = args.folder is None
    folder = args.folder or Path(tempfile.mkdtemp(prefix="ludotheque-kill-", dir=_home_or_temp()))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        rng = random.Random(args.seed)
        valid = invalid = 0
        started = time.perf_counter()
        for k in range(args.kills):
            ok, what = one_round(folder, args.game, args.seed + k, rng)
            if ok:
                valid += 1
            else:
                invalid += 1
                print(f"kill {k + 1}: autosave unreadable: {what}")
        pattern = f".{storage.AUTOSAVE_FILE}.*.tmp"
        orphans = list(folder.glob(pattern))
        fresh_removed = storage.clean_stale_temps([folder])  # as at start, right after the kills
        old = time.time() - 2 * storage.STALE_TEMP_SECONDS
        for p in folder.glob(pattern):
            os.utime(p, (old, old))
        aged_removed = storage.clean_stale_temps([folder])  # as at a start a minute later
        left = list(folder.glob(pattern))
        print(f"{args.kills} SIGKILLs during {args.game} autosaves in "
              f"{time.perf_counter() - started:.1f} s")
        print(f"valid autosaves after a kill: {valid}/{args.kills}; unreadable: {invalid}")
        print(f"temp files left by the kills: {len(orphans)}; removed by the start-up clean-up: "
              f"{fresh_removed} while fresh (< {storage.STALE_TEMP_SECONDS:.0f} s), "
              f"{aged_removed} once older; left after it: {len(left)}")
        return 0 if invalid == 0 and not left else 1
    finally:
        if made:
            shutil.rmtree(folder, ignore_errors=True)


def _home_or_temp() -> str | None:
    """LUDOTHEQUE_HOME (made if missing) when it is set; else None, the temporary directory."""
    home = os.environ.get("LUDOTHEQUE_HOME")
    if home:
        os.makedirs(home, exist_ok=True)
    return home or None


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
