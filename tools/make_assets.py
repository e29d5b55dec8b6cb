"""Generate Ludothèque's own assets: the sound effects (WAV), the pygame_gui theme file, the
application icon (PNG at the desktop's usual sizes) and, with --thumbnails, the menu pictures
drawn by each game's screen.

Everything here is synthesised or drawn by our own code, so the assets are ours to bundle.
Run: python tools/make_assets.py [--out assets] [--thumbnails]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050


def _env(t: float, attack: float, decay: float) -> float:
    """A percussive envelope: quick rise, exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _render(seconds: float, fn: Callable[[float], float]) -> bytes:
    frames = bytearray()
    for i in range(int(seconds * RATE)):
        v = max(-1.0, min(1.0, fn(i / RATE)))
        frames += struct.pack("<h", int(v * 30000))
    return bytes(frames)


def _wood(freq: float, decay: float = 0.05) -> Callable[[float], float]:
    """A wooden knock: two inharmonic partials and a click of noise."""
    rnd = random.Random(int(freq))
    return lambda t: _env(t, 0.002, decay) * (
        0.6 * math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(2 * math.pi * freq * 2.76 * t)
        + (0.3 * (rnd.random() * 2 - 1) if t < 0.004 else 0.0))


def sounds() -> dict[str, tuple[float, Callable[[float], float]]]:
    rnd = random.Random(7)

    def slide(t: float) -> float:
        return 0.25 * _env(t, 0.03, 0.08) * (rnd.random() * 2 - 1) * (0.6 + 0.4 * math.sin(t * 90))

    def refuse(t: float) -> float:
        return 0.5 * _env(t, 0.005, 0.12) * (math.sin(2 * math.pi * 140 * t)
                                              + 0.5 * math.sin(2 * math.pi * 147 * t))

    def win(t: float) -> float:
        notes = (523.25, 659.25, 783.99, 1046.5)
        k = min(3, int(t / 0.12))
        tt = t - k * 0.12
        return 0.45 * _env(tt, 0.005, 0.25) * math.sin(2 * math.pi * notes[k] * t)

    def tip(t: float) -> float:
        f = 300 + 500 * t
        return 0.3 * _env(t, 0.04, 0.1) * (rnd.random() * 2 - 1) * 0.5 + 0.3 * _env(
            t, 0.01, 0.08) * math.sin(2 * math.pi * f * t)

    def crack(t: float) -> float:
        return 0.7 * _env(t, 0.001, 0.03) * (rnd.random() * 2 - 1) + 0.2 * _env(
            t, 0.001, 0.2) * math.sin(2 * math.pi * 2300 * t)

    def drop(t: float) -> float:
        bounces = (0.0, 0.16, 0.27, 0.34)
        v = 0.0
        for i, b in enumerate(bounces):
            if t >= b:
                v += (0.7 ** i) * _wood(330, 0.04)(t - b)
        return v

    return {
        "click": (0.08, _wood(880, 0.015)),
        "place": (0.25, _wood(420, 0.05)),
        "slide": (0.3, slide),
        "capture": (0.35, lambda t: _wood(520, 0.06)(t) + 0.6 * _wood(610, 0.06)(max(0, t - 0.05))),
        "refuse": (0.3, refuse),
        "win": (0.9, win),
        "tick": (0.05, _wood(1500, 0.008)),
        "tip": (0.3, tip),
        "crack": (0.4, crack),
        "drop": (0.6, drop),
    }


def theme() -> dict[str, object]:
    """The pygame_gui theme: colours match game/ui/theme.py, font is pygame_gui's Noto Sans."""
    colours = {
        "normal_bg": "#30404A", "hovered_bg": "#3E5562", "disabled_bg": "#252F36",
        "selected_bg": "#8C6A2D", "active_bg": "#E6B254",
        "normal_text": "#EEE6D6", "hovered_text": "#FFFFFF", "selected_text": "#FFFFFF",
        "disabled_text": "#6E7A80", "active_text": "#10161B",
        "normal_border": "#48606A", "hovered_border": "#E6B254", "disabled_border": "#2E3A40",
        "selected_border": "#E6B254", "active_border": "#E6B254",
        "dark_bg": "#182026", "text_cursor": "#E6B254", "filled_bar": "#E6B254",
        "unfilled_bar": "#30404A",
    }
    base = {"colours": colours,
            "font": {"name": "noto_sans", "size": "18", "bold": "0"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8",
                     "border_width": "1", "shadow_width": "0", "tool_tip_delay": "0.6"}}
    return {
        "defaults": base,
        "button": base,
        "#modal_button": {"font": {"name": "noto_sans", "size": "18", "bold": "1"}},
        "#primary": {"colours": {**colours, "normal_bg": "#8C6A2D", "hovered_bg": "#B0863A",
                                 "normal_border": "#E6B254"},
                     "font": {"name": "noto_sans", "size": "20", "bold": "1"}},
        "label": {"colours": {**colours, "normal_text": "#EEE6D6", "dark_bg": "#00000000"},
                  "font": {"name": "noto_sans", "size": "18"}},
        # rows tall enough for descenders (g, y, p) at 18 px; "#list_up" opens upwards
        "drop_down_menu": {**base, "misc": {**base["misc"], "list_item_height": "30"}},
        "#list_up": {"misc": {**base["misc"], "list_item_height": "30", "expand_direction": "up"}},
        # the open list of a drop-down is a selection list: its rows are themed here
        "selection_list": {**base, "misc": {**base["misc"], "list_item_height": "30"}},
        "text_entry_line": base,
        "horizontal_slider": base,
        "tool_tip": {"colours": {"dark_bg": "#10161B", "normal_text": "#EEE6D6",
                                 "normal_border": "#E6B254"}},
    }


def thumbnails(out: Path) -> int:
    """Pre-render every game's menu picture, so the menu opens without importing the games."""
    import os
    import sys

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import pygame

    from game import registry
    from game.scenes.menu import render_thumbnail, thumbnail_size

    pygame.init()
    pygame.display.set_mode((64, 64))
    games = {gid: e for gid, e in registry.playable().items() if not e.bonus}  # the menu's cards
    size = thumbnail_size(len(games))
    (out / "thumbnails").mkdir(parents=True, exist_ok=True)
    for gid, entry in games.items():
        pygame.image.save(render_thumbnail(entry, size), str(out / "thumbnails" / f"{gid}.png"))
    return len(games)


#: The icon sizes desktops look for (the hicolor theme's folders, the window's own icon).
ICON_SIZES = (16, 32, 48, 64, 128, 256)


def icons(out: Path) -> list[Path]:
    """The application icon: a 2×2 board of light and dark wood holding a gold and a dark
    marble, on a rounded tile. Drawn large, then scaled down smoothly to each size, so the
    16-pixel one is still two squares and two marbles."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    big = 1024
    art = pygame.Surface((big, big), pygame.SRCALPHA)
    tile = pygame.Rect(0, 0, big, big)
    pygame.draw.rect(art, (48, 64, 74), tile, border_radius=180)  # the theme's slate
    pygame.draw.rect(art, (230, 178, 84), tile, width=40, border_radius=180)  # its gold
    board = tile.inflate(-200, -200)
    half = board.width // 2
    light, dark = (222, 184, 122), (140, 96, 52)
    for cx, cy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        square = pygame.Rect(board.x + cx * half, board.y + cy * half, half, half)
        pygame.draw.rect(art, light if (cx + cy) % 2 == 0 else dark, square)
    pygame.draw.rect(art, (24, 32, 38), board, width=16)
    r = half * 36 // 100
    for (cx, cy), colour, shine in (((1, 0), (240, 190, 70), (255, 236, 170)),
                                    ((0, 1), (28, 34, 40), (110, 124, 134))):
        centre = (board.x + cx * half + half // 2, board.y + cy * half + half // 2)
        pygame.draw.circle(art, (16, 22, 27), (centre[0] + 14, centre[1] + 18), r)  # shadow
        pygame.draw.circle(art, colour, centre, r)
        pygame.draw.circle(art, shine, (centre[0] - r // 3, centre[1] - r // 3), r // 4)
    folder = out / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for size in ICON_SIZES:
        path = folder / f"ludotheque-{size}.png"
        pygame.image.save(pygame.transform.smoothscale(art, (size, size)), str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "assets"))
    ap.add_argument("--thumbnails", action="store_true",
                    help="also (re)draw the menu pictures of every game (after a scene changes)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    (out / "sounds").mkdir(parents=True, exist_ok=True)
    for name, (seconds, fn) in sounds().items():
        with wave.open(str(out / "sounds" / f"{name}.wav"), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(_render(seconds, fn))
    (out / "theme.json").write_text(json.dumps(theme(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(sounds())} sounds and theme.json to {out}")
    print(f"wrote {len(icons(out))} icons to {out / 'icons'}")
    if args.thumbnails:
        print(f"wrote {thumbnails(out)} menu pictures to {out / 'thumbnails'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
