"""Waiting for the player's input without polling: what lets a still screen cost almost nothing.

pygame's own `event.wait(timeout)` is a loop that looks at SDL's queue every millisecond: a
thousand wake-ups a second, about 1 % of a core spent doing nothing. SDL itself can do better:
`SDL_WaitEventTimeout` sleeps in the video driver (on X11 in `select` on the display's
connection, on Wayland, Windows and macOS in their own waits) and wakes at once when input comes
or another thread posts an event. pygame does not expose it, so it is called here through
ctypes, in the very SDL library pygame loaded — checked to be that one (its video subsystem is
running, its version is pygame's) before it is trusted.

Where SDL has no such wait (the dummy driver of headless runs and tests, the offscreen one) or
the library cannot be found, `wait_for_input` sleeps in short slices instead, looking for input
between them: a few dozen wake-ups a second, and input is seen within one slice.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

#: The fallback's sleep between two looks for input: one frame of a 60 Hz screen, so the first
#: input is shown no later than the full frame rate would show it.
SLICE = 1 / 60
#: Video drivers where SDL's wait is its own millisecond polling loop: there, slices are cheaper.
POLLING_DRIVERS = frozenset({"dummy", "offscreen", "evdev"})
_SDL_INIT_VIDEO = 0x20

#: Blocks until an event is queued or `ms` milliseconds passed; True if one is queued.
Waiter = Callable[[int], bool]


class _Version(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint8), ("minor", ctypes.c_uint8), ("patch", ctypes.c_uint8)]


def _loaded_paths() -> list[str]:
    """Where the running process loaded SDL from (Linux tells; elsewhere the empty list)."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in maps.splitlines():
        path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
        name = Path(path).name
        if ("libSDL2-2" in name or name.startswith("libSDL2.so")) and path not in found:
            found.append(path)
    return found


def _candidates() -> list[str]:
    """SDL libraries pygame may have loaded, the likeliest first."""
    out = _loaded_paths()
    here = Path(pygame.__file__).resolve().parent
    for folder in (here, here / ".dylibs", here.parent / "pygame_ce.libs", here.parent / "pygame.libs"):
        if folder.is_dir():
            for pattern in ("libSDL2-2*.so*", "libSDL2*.dylib", "SDL2.dll"):
                out += [str(p) for p in sorted(folder.glob(pattern))]
    if sys.platform == "win32":
        out.append("SDL2.dll")  # an already loaded module is found by its name
    return out


def sdl_waiter() -> Waiter | None:
    """SDL's blocking wait for the next event, or None where it would poll or cannot be found.
    Call after the window is open."""
    if not pygame.display.get_init() or pygame.display.get_driver() in POLLING_DRIVERS:
        return None
    if os.environ.get("LUDOTHEQUE_POLL"):  # a way out, should a platform's wait misbehave
        return None
    wanted = pygame.get_sdl_version(linked=True)
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
            lib.SDL_WasInit.restype = ctypes.c_uint32
            if not lib.SDL_WasInit(_SDL_INIT_VIDEO):
                continue  # another copy of SDL than the one pygame runs
            version = _Version()
            lib.SDL_GetVersion(ctypes.byref(version))
            if (version.major, version.minor, version.patch) != tuple(wanted):
                continue
            wait = lib.SDL_WaitEventTimeout
            wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
            wait.restype = ctypes.c_int
        except (OSError, AttributeError) as exc:
            log.debug("no SDL wait in %s: %s", path, exc)
            continue
        log.info("waiting for input in SDL (%s)", path)
        return lambda ms: bool(wait(None, ms))  # None: wait, leave the event for pygame
    return None


class InputWait:
    """The loop's wait for input: SDL's blocking wait when there is one (`waiter`), else slices.
    A waiter that turns out not to wait (it keeps returning at once with nothing) is dropped."""

    def __init__(self, waiter: Waiter | None = None) -> None:
        self.waiter = waiter

    def __call__(self, seconds: float) -> list[pygame.event.Event]:
        """The events that came within `seconds` (empty if none), returned as soon as there
        are some."""
        end = time.perf_counter() + seconds
        quick = 0  # waits that came back at once with nothing for pygame
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = end - time.perf_counter()
            if left <= 0:
                return []
            if self.waiter is not None and left > 0.001:
                started = time.perf_counter()
                self.waiter(max(1, round(left * 1000)))
                quick = quick + 1 if time.perf_counter() - started < 0.0005 else 0
                if quick >= 3:
                    log.warning("SDL's wait returns at once: sleeping in slices instead")
                    self.waiter = None
            else:
                time.sleep(min(SLICE, left))


def wait_for_input(seconds: float) -> list[pygame.event.Event]:
    """The events that came within `seconds`, sleeping in slices (no SDL wait)."""
    return InputWait()(seconds)
