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

#: The sounds read so far, for the mixer as it was set up then (`pygame.mixer.get_init()`).
#: Reading the ten files takes longer than the rest of an app's start (an app is made
#: again after a language change, and a test run makes thousands); they are never changed
#: while the game runs. pygame.quit() closes the mixer and empties this (`_forget`).
_LOADED: dict[tuple[str, Any], pygame.mixer.Sound] = {}


def _forget() -> None:
    _LOADED.clear()


def _load(name: str, mixer: Any) -> pygame.mixer.Sound:
    """One sound, read once for a given set-up of the mixer."""
    key = (name, mixer)
    snd = _LOADED.get(key)
    if snd is None:
        if not _LOADED:  # pygame forgets its quit functions once it has called them
            pygame.register_quit(_forget)
        snd = _LOADED[key] = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
    return snd


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
        mixer = pygame.mixer.get_init()
        for name in NAMES:
            try:
                self.sounds[name] = _load(name, mixer)
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("missing sound %s: %s", asset("sounds", f"{name}.wav"), exc)

    def play(self, name: str, volume: float = 1.0) -> None:
        if not self.settings.sound:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        snd.set_volume(max(0.0, min(1.0, self.settings.volume * volume)))
        snd.play()
