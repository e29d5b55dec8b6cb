"""The sound effects: read once while the mixer stays as it is, read again after pygame.quit."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.ui import sound


def test_every_sound_is_read_once_and_again_after_pygame_quit() -> None:
    from tests.conftest import release_caches

    pygame.init()
    settings = SimpleNamespace(sound=True, volume=0.5)
    first = sound.Sounds(settings)
    if not pygame.mixer.get_init():  # no audio at all: nothing is read, nothing is kept
        assert first.sounds == {} and sound._LOADED == {}
        return
    assert set(first.sounds) == set(sound.NAMES)
    second = sound.Sounds(settings)
    assert all(second.sounds[n] is first.sounds[n] for n in sound.NAMES)
    second.play("click")
    try:
        pygame.quit()  # closes the mixer: its sounds are not used again
        assert sound._LOADED == {}
        pygame.init()
        third = sound.Sounds(settings)
        assert set(third.sounds) == set(sound.NAMES)
        assert all(third.sounds[n] is not first.sounds[n] for n in sound.NAMES)
        third.play("win")
        pygame.quit()  # and again: pygame calls the emptying at every quit, not the first only
        assert sound._LOADED == {}
    finally:
        pygame.init()
        release_caches()  # pygame.quit() killed the fonts the game's caches keep
