"""Run a command and report the peak memory of its whole process tree.

`/usr/bin/time -v` reports the largest single process; with parallel test workers the
machine pays for all of them at once, so this samples the memory of the command and every
descendant (read from /proc, Linux only) and prints, at the end, the peak of their sum, the
peak of the largest single process and the wall time. The sum counts each process's
proportional share (PSS): a page two processes share (a forked child) is counted once, where
a sum of resident sizes would count it twice. With --trace FILE it also
writes one line per sample (seconds, total MB, process count), to see whether memory grows
through a run or stays flat.

    PYTHONPATH=. .venv/bin/python tools/rss_tree.py [--interval 0.5] [--trace F] -- make test
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

_PAGE = os.sysconf("SC_PAGE_SIZE")


def _children_map() -> dict[int, list[int]]:
    """Parent pid -> child pids, for every process visible in /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        # the command name may hold spaces and parentheses: the fields start after the last ')'
        fields = stat[stat.rfind(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def _memory(pid: int) -> tuple[int, int]:
    """(resident, proportional) bytes of one process; zeros once it is gone."""
    try:
        resident = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0, 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return resident, int(line.split()[1]) * 1024
    except (OSError, IndexError, ValueError):
        pass
    return resident, resident


def tree_memory(root: int) -> tuple[int, int, int]:
    """(sum of PSS, largest single RSS, process count) over root and its descendants."""
    children = _children_map()
    total = largest = count = 0
    todo = [root]
    while todo:
        pid = todo.pop()
        rss, pss = _memory(pid)
        total += pss
        largest = max(largest, rss)
        count += 1
        todo.extend(children.get(pid, ()))
    return total, largest, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between samples")
    parser.add_argument("--trace", type=Path, help="write one line per sample to this file")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    start = time.monotonic()
    proc = subprocess.Popen(command)
    peak_total = peak_single = 0
    trace = args.trace.open("w") if args.trace else None
    try:
        while proc.poll() is None:
            total, largest, count = tree_memory(proc.pid)
            peak_total = max(peak_total, total)
            peak_single = max(peak_single, largest)
            if trace:
                trace.write(f"{time.monotonic() - start:.1f} {total / 2**20:.0f} {count}\n")
                trace.flush()
            time.sleep(args.interval)
    finally:
        if trace:
            trace.close()
    wall = time.monotonic() - start
    print(
        f"rss_tree: exit {proc.returncode}, wall {wall:.0f} s, "
        f"peak tree PSS {peak_total / 2**20:.0f} MB, peak single process {peak_single / 2**20:.0f} MB",
        file=sys.stderr,
    )
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
