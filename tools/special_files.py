"""Start the real app with a special file where a save should be, and time it to the menu.

    python tools/special_files.py                  # every kind, as autosave and as saved copy
    python tools/special_files.py --kind fifo --place copy --end sigterm

Each run makes a fresh home folder (LUDOTHEQUE_HOME) holding one special file — a named pipe,
a link to /dev/zero or /dev/urandom, or a folder — as an autosave (read by the menu at start)
or as a saved copy (read by the Load screen, which the run then opens). The app is started as
its own process, headless (SDL's dummy drivers), and ended once the menu (and the Load screen)
has been drawn: by a QUIT event, as the window's close button sends, or by SIGTERM. A run that
does not end within --timeout seconds is counted as hung, sent SIGTERM, and killed if that
does not end it within 5 seconds.

Printed per run: the seconds to the first menu frame, the exit status, whether the file was
set aside (`.bad`) and the notice the player got. Exit code 1 when any run hung, ended with a
status other than 0, or left the special file in place. POSIX only (pipes, devices, signals).
"""

from __future__ import annotations

import argparse
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/special_files.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("fifo", "zero", "urandom", "folder")
PLACES = ("autosave", "copy")
ENDS = ("quit", "sigterm")

#: The child: the real App and its real loop; after the first frame it says so, opens the
#: Load screen when asked (as the menu's Load button does), and then waits to be ended.
CHILD = """
import os, sys, time
import pygame
from game.app import App
load, end = sys.argv[1] == "1", sys.argv[2]
app = App(headless=True)
frames = 0
real_frame = app.frame
def frame():
    global frames
    real_frame()
    frames += 1
    if frames == 1:
        print("MENU", flush=True)
        if load:
            app.guarded(app.top.load)
    if frames == 3:
        print("SHOWN", type(app.top).__name__, flush=True)
        for toast in app.toasts.items:
            print("NOTICE", getattr(toast, "message", toast), flush=True)
        if end == "quit":
            pygame.event.post(pygame.event.Event(pygame.QUIT))
app.frame = frame
app.run()
print("ENDED", flush=True)
"""


@dataclass
class Result:
    kind: str
    place: str
    end: str
    to_menu: float | None
    status: int | None
    hung: bool
    set_aside: bool
    shown: str
    notices: list[str]
    #: hung, then ended by the SIGTERM sent at the timeout (else it had to be killed)
    term_heard: bool = False

    @property
    def ok(self) -> bool:
        return not self.hung and self.status == 0 and self.set_aside

    def line(self) -> str:
        menu = f"{self.to_menu:5.2f} s" if self.to_menu is not None else "  never"
        status = f"exit {self.status}"
        if self.hung:
            status = "hung, then ended by SIGTERM" if self.term_heard else \
                "hung, SIGTERM ignored (killed)"
        aside = "set aside" if self.set_aside else "LEFT IN PLACE"
        return (f"{self.kind:8s} as {self.place:8s} ended by {self.end:7s}: menu after {menu}, "
                f"{status}, {aside}, last screen {self.shown or '-'}")


def make_special(path: Path, kind: str) -> None:
    """Put a special file of `kind` at `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind in ("zero", "urandom"):
        os.symlink(f"/dev/{kind}", path)
    elif kind == "folder":
        path.mkdir()
    else:
        raise ValueError(f"unknown kind {kind!r}")


def probe(kind: str, place: str, end: str, timeout: float = 60.0) -> Result:
    """One run of the app on one special file (see the module docstring)."""
    with tempfile.TemporaryDirectory(prefix="ludotheque-special-") as home:
        data = Path(home) / "data"
        path = data / "autosaves" / "pions.json" if place == "autosave" else \
            data / "saves" / "pions-20260101-120000.json"
        make_special(path, kind)
        env = dict(os.environ, LUDOTHEQUE_HOME=home, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", LANGUAGE="en",
                   PYTHONPATH=str(ROOT))
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", CHILD, "1" if place == "copy" else "0",
                                  end], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True)
        assert child.stdout is not None
        to_menu: float | None = None
        shown = ""
        notices: list[str] = []
        deadline = start + timeout
        hung = term_heard = False
        lines: queue.Queue[str | None] = queue.Queue()

        def read(stream: Any = child.stdout) -> None:
            for line in stream:
                lines.put(line.rstrip("\n"))
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:  # hung: does SIGTERM still end it?
                hung = True
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(5)
                    term_heard = True
                except subprocess.TimeoutExpired:
                    child.kill()
                break
            if line is None:
                break
            if line == "MENU":
                to_menu = time.perf_counter() - start
            elif line.startswith("SHOWN "):
                shown = line.split(" ", 1)[1]
                if end == "sigterm":
                    child.send_signal(signal.SIGTERM)
            elif line.startswith("NOTICE "):
                notices.append(line.split(" ", 1)[1])
        status = child.wait()
        aside = not (path.exists() or path.is_symlink()) and \
            any(p.name.endswith(".bad") for p in path.parent.iterdir())
        return Result(kind, place, end, to_menu, None if hung else status, hung, aside, shown,
                      notices, term_heard)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=KINDS, action="append",
                        help="special file to try (repeatable; default every kind)")
    parser.add_argument("--place", choices=PLACES, action="append",
                        help="autosave or saved copy (repeatable; default both)")
    parser.add_argument("--end", choices=ENDS, action="append",
                        help="how the app is ended (repeatable; default both)")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--notices", action="store_true", help="print the notices shown")
    args = parser.parse_args(argv)
    if os.name != "posix":
        print("special files and signals need a POSIX system")
        return 2
    bad = 0
    for kind in args.kind or KINDS:
        for place in args.place or PLACES:
            for end in args.end or ENDS:
                result = probe(kind, place, end, args.timeout)
                print(result.line(), flush=True)
                if args.notices:
                    for n in result.notices:
                        print("    notice:", n)
                bad += not result.ok
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
