"""Pointer events for the screen tests of the piece games: a click on a named square."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App


def click_square(app: App, scene: Any, name: str) -> None:
    """Move the pointer over the square `name` of the scene's board, press and release."""
    x, y = scene.view.centre(scene.square(name))
    p = (round(x), round(y))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(0, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
