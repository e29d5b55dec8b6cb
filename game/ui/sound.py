"""Sound effects: short WAVs made by tools/make_assets.py, played with the volume and mute settings.

A machine with no audio device (CI, a silent laptop) simply gets no sound: the mixer failing to
start is not an error.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.resources import asset

log = logging.getLogger(__name__)

NAMES = ("click", "place", "slide", "capture", "refuse", "win", "tick", "tip", "crack", "drop")


class Sounds:
    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except pygame.error as exc:
            log.info("no audio: %s", exc)
            return
        for name in NAMES:
            path = asset("sounds", f"{name}.wav")
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("missing sound %s: %s", path, exc)

    def play(self, name: str, volume: float = 1.0) -> None:
        if not self.settings.sound:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        snd.set_volume(max(0.0, min(1.0, self.settings.volume * volume)))
        snd.play()
