"""Measure frame times of every screen headless, a match while the computer thinks, the cost of
a screen left alone, start-up time and resident memory. Prints `SCENE mean X ms p99 Y ms` per
scene, `idle SCENE cpu X %` per waiting screen, then `startup Z ms`.

Frames are drawn at 1280x800 with software rendering (SDL dummy driver), the same work a real
window does before the flip. The budget is p99 <= 8 ms per scene, <= 20 ms while thinking.

The idle figures depend on how the loop can sleep, which the dummy driver cannot do as a real
window does (SDL's wait for input): measure them in a window, e.g. under a virtual X server,

    xvfb-run -s "-screen 0 1280x800x24" env SDL_VIDEODRIVER=x11 \
        python tools/bench_frames.py --idle-only --latency 5

(the budget: <= 1 % of a core per waiting screen, the first input shown within a frame).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("LUDOTHEQUE_HOME", tempfile.mkdtemp(prefix="ludotheque-bench-"))


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def p99(samples: list[float]) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(len(s) * 0.99))]


#: p99 of the CPU time of the frames of the last `bench_scene` run (ms): on a loaded machine
#: wall-clock spikes are other processes' turns, CPU time is this frame's own work.
last_cpu_p99 = 0.0


def bench_scene(app, scene_id: str, frames: int, **kw) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """(mean wall ms, p99 wall ms, mean CPU ms) per frame; CPU time shows the cost of a frame
    even when other processes share the machine (its p99 is left in `last_cpu_p99`)."""
    global last_cpu_p99
    import pygame

    from game.scenes.catalog import open_scene

    open_scene(app, scene_id, **kw)
    times = []
    cpu_times = []
    cpu = 0.0
    for i in range(frames + 10):
        c0 = time.process_time()
        t0 = time.perf_counter()
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + (i * 13) % 800, 150 + (i * 7) % 500),
                                rel=(1, 1), buttons=(0, 0, 0))
        app.handle_event(ev)
        app.step(1 / 60)
        app.draw()
        if i >= 10:  # skip warm-up (caches, first glyphs)
            times.append((time.perf_counter() - t0) * 1000)
            cpu += time.process_time() - c0
            cpu_times.append((time.process_time() - c0) * 1000)
    while len(app.stack) > 0:
        app.stack.pop().close()
    last_cpu_p99 = p99(cpu_times)
    # The frames above never read the event queue (the real loop does): pygame_gui's events
    # waiting there hold the old screen's widgets, which would count as memory kept.
    pygame.event.clear()
    return statistics.mean(times), p99(times), cpu / frames * 1000


def idle_scenes() -> list[str]:
    """The screens a player leaves waiting: the menu, settings, about, load, and per game its
    rules, then its setup, its match waiting for a human and its results, or its level select
    and a puzzle."""
    from game import registry

    ids = ["menu", "settings", "about", "load"]
    for e in registry.playable().values():
        ids.append(f"rules:{e.id}")
        ids += [f"setup:{e.id}", f"match:{e.id}", f"results:{e.id}"] if e.kind == "match" else \
            [f"levels:{e.id}", f"puzzle:{e.id}"]
    return ids


def idle_cpu(app, scene_id: str, seconds: float) -> float:  # type: ignore[no-untyped-def]
    """Percent of one core the real frame loop (App.frame, presenting included) uses while
    the screen waits for the player: opened, then no input for `seconds`."""
    import pygame

    from game.app import LIVELY_AFTER_INPUT
    from game.scenes.catalog import open_scene

    open_scene(app, scene_id)
    pygame.event.clear()
    t_end = time.perf_counter() + LIVELY_AFTER_INPUT + 0.3
    while time.perf_counter() < t_end:  # the screen settles (hover fades, first frames)
        app.frame()
    c0, t0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        app.frame()
    cpu = (time.process_time() - c0) / (time.perf_counter() - t0) * 100
    while len(app.stack) > 0:
        app.stack.pop().close()
    return cpu


def first_input_ms(app, scene_id: str, trials: int) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    """Milliseconds from an input arriving at a waiting screen to the loop handling it, and to
    the end of the frame that shows it (the window presented), `trials` times. The input is
    posted from another thread at an unforeseen moment of the wait, as the window system's
    would come."""
    import random
    import threading

    import pygame

    from game.app import LIVELY_AFTER_INPUT
    from game.scenes.catalog import open_scene

    open_scene(app, scene_id)
    pygame.event.clear()
    shown: list[float] = []
    real_present = app.present

    def present() -> None:
        real_present()
        shown.append(time.perf_counter())

    app.present = present
    handled: list[float] = []
    real_handle = app.handle_event

    def handle(event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            handled.append(time.perf_counter())
        real_handle(event)

    app.handle_event = handle
    rng = random.Random(7)
    out = []
    try:
        for k in range(trials):
            t_end = time.perf_counter() + LIVELY_AFTER_INPUT + 0.3
            while time.perf_counter() < t_end:  # the screen settles: the loop sleeps
                app.frame()
            posted: list[float] = []

            def post(k: int = k, posted: list[float] = posted) -> None:
                posted.append(time.perf_counter())
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(4 + k % 2, 4),
                                                     rel=(1, 0), buttons=(0, 0, 0)))

            timer = threading.Timer(rng.uniform(0.05, 0.45), post)
            timer.start()
            while not posted or not shown or shown[-1] < posted[0]:
                app.frame()
            timer.join()
            woke = next(h for h in handled if h >= posted[0])
            out.append(((woke - posted[0]) * 1000, (shown[-1] - posted[0]) * 1000))
    finally:
        del app.present, app.handle_event
        while len(app.stack) > 0:
            app.stack.pop().close()
    return out


def scene_memory_mb(scene_id: str, frames: int = 60) -> float:
    """Resident memory of a fresh process that opened one screen and drew `frames` frames."""
    code = ("import sys;sys.path.insert(0,'tools');from bench_frames import bench_scene,rss_mb;"
            "from game.app import App;a=App(headless=True);"
            f"bench_scene(a,{scene_id!r},{frames},**({{'moves':6}} if {scene_id!r}.startswith('match:') else {{}}));"
            "a.stop_worker();print('RSS',rss_mb())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ),
                         capture_output=True, text=True, check=True)
    line = next(x for x in out.stdout.splitlines() if x.startswith("RSS"))
    return float(line.split()[1])


def startup_ms() -> float:
    code = ("import time,os;t=time.perf_counter();"
            "from game.app import App;from game.scenes.menu import MenuScene;"
            "a=App(headless=True);a.push(MenuScene(a));a.step(1/60);a.draw();"
            "import pygame;pygame.display.flip();print('READY')")
    env = dict(os.environ)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    elapsed = (time.perf_counter() - t0) * 1000
    assert "READY" in out.stdout, out.stderr
    return elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--only", help="only scene ids containing this text")
    ap.add_argument("--no-memory", dest="memory", action="store_false",
                    help="skip the per-screen memory measurement (one process per screen)")
    ap.add_argument("--idle-seconds", type=float, default=3.0,
                    help="seconds each waiting screen is left alone for its CPU figure")
    ap.add_argument("--idle-only", action="store_true", help="only the idle CPU figures")
    ap.add_argument("--latency", type=int, default=0, metavar="N",
                    help="also time N first inputs on each waiting screen (ms from the input to "
                         "the frame that shows it)")
    a = ap.parse_args(argv)
    from game import registry
    from game.app import App
    from game.scenes.catalog import scene_ids

    app = App(headless=True)
    for sid in idle_scenes():
        if a.only and a.only not in sid:
            continue
        print(f"idle {sid} cpu {idle_cpu(app, sid, a.idle_seconds):.2f} %", flush=True)
        if a.latency:
            times = first_input_ms(app, sid, a.latency)
            woke, shown = sorted(w for w, _s in times), sorted(s for _w, s in times)
            print(f"first input {sid} handled after median {statistics.median(woke):.1f} ms "
                  f"(max {woke[-1]:.1f}), shown after median {statistics.median(shown):.1f} ms "
                  f"(max {shown[-1]:.1f})", flush=True)
    if a.idle_only:
        worker = app.services.running_worker
        if worker is not None:
            worker.close()
        return 0
    peak = rss_mb()
    for sid in scene_ids():
        if a.only and a.only not in sid:
            continue
        kw = {"moves": 6} if sid.startswith("match:") else {}
        mean, q, cpu = bench_scene(app, sid, a.frames, **kw)
        peak = max(peak, rss_mb())
        print(f"{sid} mean {mean:.2f} ms p99 {q:.2f} ms (cpu {cpu:.2f} ms, cpu p99 {last_cpu_p99:.2f} ms)", flush=True)
    for e in registry.playable().values():
        if e.kind != "match" or (a.only and a.only not in e.id):
            continue
        # extra views a screen asks to be measured in (a zoomed board…): {name: scene kwargs}
        extra = getattr(registry.resolve(e.scene), "BENCH_VIEWS", {})
        for name, args in extra.items():
            mean, q, cpu = bench_scene(app, f"match:{e.id}", a.frames, moves=6, **args)
            print(f"{name}:{e.id} mean {mean:.2f} ms p99 {q:.2f} ms (cpu {cpu:.2f} ms, cpu p99 {last_cpu_p99:.2f} ms)",
                  flush=True)
        if e.ai is None:
            continue
        for name, args in {"thinking": {}, **{f"thinking+{k}": v for k, v in extra.items()}}.items():
            mean, q, cpu = bench_scene(app, f"match:{e.id}", a.frames, computer=(True, True),
                                       moves=4, **args)
            peak = max(peak, rss_mb())
            print(f"{name}:{e.id} mean {mean:.2f} ms p99 {q:.2f} ms (cpu {cpu:.2f} ms, cpu p99 {last_cpu_p99:.2f} ms)",
                  flush=True)
    from game.engine.review import reviewable

    for e in registry.playable().values():
        if e.kind != "match" or (a.only and a.only not in f"review:{e.id}"):
            continue
        # the review screen while its analysis runs in its own process (moves streaming in),
        # then a real-time game's timeline
        if reviewable(e):
            mean, q, cpu = bench_scene(app, f"review:{e.id}", a.frames, moves=40, seconds=0.3)
            name = "reviewing"
        elif e.ai is not None and len(e.side_names) == 2:
            mean, q, cpu = bench_scene(app, f"review:{e.id}", a.frames, moves=12)
            name = "timeline"
        else:
            continue
        peak = max(peak, rss_mb())
        print(f"{name}:{e.id} mean {mean:.2f} ms p99 {q:.2f} ms (cpu {cpu:.2f} ms, cpu p99 {last_cpu_p99:.2f} ms)",
              flush=True)
    worker = app.services.running_worker
    if worker is not None:
        worker.close()
    print(f"memory after visiting every screen in one process {peak:.0f} MB")
    if a.memory:
        per = {sid: scene_memory_mb(sid) for sid in scene_ids()
               if not a.only or a.only in sid}
        worst = max(per, key=lambda k: per[k])
        print(f"memory per screen (fresh process): max {per[worst]:.0f} MB ({worst}), "
              f"min {min(per.values()):.0f} MB")
    runs = [startup_ms() for _ in range(3)]
    print(f"startup {statistics.median(runs):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
