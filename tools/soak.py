"""Run the real app on random input for thousands of frames and count what went wrong.

    python tools/soak.py --frames 5000
    python tools/soak.py --frames 20000 --seed 7 --events 4

The app runs headless (SDL dummy drivers) in a throw-away user folder, through its own frame
loop (`App.run`, with the loop's safety net), fed random input instead of the window's: keys
(letters, arrows, Enter, Esc, Tab, Backspace, F11, Ctrl+Z/Y, H, R), mouse moves, clicks and
wheel turns anywhere, and text typed into whatever has focus — including zero-width
characters, combining marks alone, right-to-left and emoji. The clock does not sleep, so a
frame lasts as long as its work. When the app closes itself (Quit, Esc on the menu) a new one
starts, as a player would.

Reported: frames run, apps started, screens visited, exceptions the frame loop's safety net
had to catch (each one a bug: its type and message are listed), and exceptions that escaped
it (the app stopped). Exit code 1 when anything was caught or escaped.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if not __package__:  # run as `python tools/soak.py`: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools._common import ToolError, run  # noqa: E402

TEXTS = ("a", "Z", "é", "e\u0301", "\u0301", "\u0301\u0301", "\u200b", "\u200d", "\ufeff",
         "\u00ad", "\u2028", "x\u200by", "\u202e", "שלום", "مرحبا", "😀", "👩\u200d👩\u200d👧",
         "漢字", " ", "\t", "0", "-", "%s", "{}", "\\", "a" * 30)


#: Characters that draw nothing or need a letter before them: typed alone into an empty field.
INVISIBLE = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u0301", "\u20dd",
             "\u200e", "\u202e")


class _Clock:
    """The frame clock, without the sleep: a soak runs as fast as the frames allow."""

    def tick(self, fps: float = 0) -> int:
        return 16

    def get_fps(self) -> float:
        return 60.0


#: A click is split over two frames: the pointer moves (pygame_gui marks the widget under it
#: hovered in its update), and the button goes down and up at the next frame, as with a hand.
_PRESS_NEXT: list[tuple[tuple[int, int], int]] = []


def _widget_spot(rng: random.Random, app: Any) -> tuple[int, int] | None:
    """The centre of a random visible widget of the top screen (buttons, fields, lists): random
    points alone would seldom hit Start, and most screens would never be seen."""
    top = getattr(app, "top", None)
    if top is None:
        return None
    try:
        widgets = [w for w in top.ui.get_root_container().elements if w.visible]
    except AttributeError:
        return None
    if not widgets:
        return None
    rect = rng.choice(widgets).rect
    return (int(rect.centerx), int(rect.centery))


def random_events(rng: random.Random, pygame: Any, n: int, app: Any = None) -> list[Any]:
    """Up to `n` random input events of one frame (some aimed at the top screen's widgets)."""
    out: list[Any] = []
    for pos, button in _PRESS_NEXT:
        out.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    _PRESS_NEXT.clear()
    keys = [pygame.K_a, pygame.K_h, pygame.K_r, pygame.K_z, pygame.K_y, pygame.K_RETURN,
            pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT,
            pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_F11,
            pygame.K_HOME, pygame.K_END, pygame.K_1, pygame.K_PAGEUP]
    for _ in range(rng.randint(0, n)):
        pos = (rng.randrange(1280), rng.randrange(800))
        r = rng.random()
        if r < 0.30:
            pygame.mouse.set_pos(pos)
            out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                          buttons=(0, 0, 0)))
        elif r < 0.55:
            if rng.random() < 0.4:
                pos = _widget_spot(rng, app) or pos
            pygame.mouse.set_pos(pos)
            out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                          buttons=(0, 0, 0)))
            _PRESS_NEXT.append((pos, rng.choice((1, 1, 1, 3))))
        elif r < 0.60:
            out.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                          flipped=False, precise_x=0.0, precise_y=1.0))
        elif r < 0.80:
            k = rng.choice(keys)
            if k == pygame.K_ESCAPE and rng.random() < 0.7:
                k = pygame.K_TAB  # Esc leaves the screen: a player presses it less often
            # rarely Ctrl (undo/redo): Esc/Ctrl+Q and the like must not end every soak at once
            mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
            out.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                          scancode=0))
            out.append(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        elif r < 0.90:
            # select all and delete (a player retyping a name): text then lands in an empty field
            for k, mod in ((pygame.K_a, pygame.KMOD_CTRL), (pygame.K_BACKSPACE, 0)):
                out.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                              scancode=0))
            typed = rng.choice(INVISIBLE) if rng.random() < 0.5 else rng.choice(TEXTS)
            out.append(pygame.event.Event(pygame.TEXTINPUT, text=typed))
        else:
            out.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS)))
    return out


def soak(frames: int, seed: int, events_per_frame: int) -> dict[str, Any]:
    """Run the app for `frames` frames of random input; the figures of the run."""
    import pygame

    from game.app import App

    rng = random.Random(seed)
    caught: list[str] = []
    places: dict[str, str] = {}  # error -> where it was raised (innermost frames first)
    escaped: list[str] = []
    screens: collections.Counter[str] = collections.Counter()
    done = 0
    apps = 0
    real_get = pygame.event.get
    real_recover = getattr(App, "recover", None)  # None: an app without the safety net

    def recover(self: App, exc: BaseException) -> None:
        import traceback

        caught.append(f"{type(exc).__name__}: {exc}")
        where = traceback.extract_tb(exc.__traceback__)[-3:]
        places.setdefault(caught[-1], " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}"
                                                  for f in reversed(where)))
        assert real_recover is not None
        real_recover(self, exc)

    if real_recover is not None:
        App.recover = recover  # type: ignore[method-assign]
    started = time.perf_counter()
    try:
        while done < frames:
            app = App(headless=True)
            apps += 1
            app.clock = _Clock()  # type: ignore[assignment]
            app.shutdown = lambda: None  # type: ignore[method-assign]  # keep fonts for the next

            def events(*args: Any, app: App = app, **kwargs: Any) -> list[Any]:
                nonlocal done
                posted = real_get()  # what the widgets posted (button presses…) comes first
                done += 1
                if app.top is not None:
                    screens[type(app.top).__name__] += 1
                if done >= frames:
                    return [pygame.event.Event(pygame.QUIT)]
                return list(posted) + random_events(rng, pygame, events_per_frame, app)

            pygame.event.get = events  # type: ignore[assignment]
            try:
                app.run()
            except Exception as exc:  # the very thing measured: an exception the loop let out
                escaped.append(f"{type(exc).__name__}: {exc}")
                import traceback

                traceback.print_exc()
            finally:
                pygame.event.get = real_get
                worker = app.services.running_worker
                if worker is not None:
                    worker.close()
    finally:
        if real_recover is not None:
            App.recover = real_recover  # type: ignore[method-assign]
    return {"frames": done, "apps": apps, "seconds": time.perf_counter() - started,
            "caught": caught, "places": places, "escaped": escaped, "screens": screens}


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="soak.py", description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=3000, help="frames to run (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--events", type=int, default=3,
                        help="at most this many random inputs per frame (default 3)")
    parser.add_argument("--home", type=Path, default=None,
                        help="user folder to run in (default: a fresh temp folder, removed after)")
    args = parser.parse_args(argv)
    if args.frames < 1:
        raise ToolError("--frames must be at least 1")
    # default: a throw-away folder (inside LUDOTHEQUE_HOME when set), removed at the end
    parent = os.environ.get("LUDOTHEQUE_HOME") or None
    if parent:
        os.makedirs(parent, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ludotheque-soak-", dir=parent) as scratch:
        os.environ["LUDOTHEQUE_HOME"] = str(args.home or scratch)
        result = soak(args.frames, args.seed, args.events)
    print(f"{result['frames']} frames of random input in {result['seconds']:.1f} s, "
          f"{result['apps']} app start(s), seed {args.seed}")
    print("screens (frames): " + ", ".join(f"{k} {v}" for k, v in
                                           result["screens"].most_common()))
    print(f"exceptions caught by the frame loop's safety net: {len(result['caught'])}")
    for text, n in collections.Counter(result["caught"]).most_common():
        print(f"  {n} x {text[:200]}\n      at {result['places'].get(text, '?')}")
    print(f"exceptions that stopped the app: {len(result['escaped'])}")
    for text in result["escaped"]:
        print(f"  {text[:200]}")
    return 1 if result["caught"] or result["escaped"] else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
