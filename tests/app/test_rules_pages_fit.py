"""Every page of the piece games' rules screens, in English, French and the pseudo-language that
makes each text 40 % longer, draws its text whole:
no line cut by the panel's edge or an ellipsis, none on another, none under the page's picture.
The rules screen is drawn on the fixed canvas and the window only scales it, so a page that
fits here fits a 1280 x 800 window and a 1366 x 768 one alike (tools/screenshot.py --window
shows both)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, registry
from game.app import App
from game.scenes.rules import BODY, RulesScene

from .textfit import RecordingCanvas, problems, recording_fonts

GAMES = ["fairy16", "taishogi", "rithmomachia", "chess"]


def _pages(game_id: str) -> list[tuple[str, int]]:
    """Every page of the game's rules screen: its own help, then the review's page."""
    from game.engine.review import reviewable

    entry = registry.get(game_id)
    extra = 1 if reviewable(entry) else 0
    return [(game_id, i) for i in range(len(registry.resolve(entry.help)) + extra)]


def page_problems(app: App, game_id: str, section: int) -> list[str]:
    """What is cut or overlapping on one page of a rules screen, scrolled down to its end."""
    from game.ui import theme

    scene = RulesScene(app, registry.get(game_id), section)
    app.push(scene)
    found: list[str] = []
    whole: set[tuple[str, int, int]] = set()  # lines some screenful shows whole, on the page
    lines: dict[tuple[str, int, int], str] = {}  # every line met, with why it was cut
    try:
        scroll, end = 0, _max_scroll(scene)
        while True:  # the page seen a screenful at a time, as the wheel shows it
            scene.scroll = scroll
            canvas = RecordingCanvas(theme.SIZE)
            app.canvas = canvas
            app.draw()
            assert canvas.drawn, f"{game_id} {section}: the recorder saw no text"
            heading = scene.sections[scene.index][0]
            picture = None
            if heading in scene.diagrams and scene._gallery_height(BODY.width - 60) is None:
                picture = pygame.Rect(BODY.right - 410, BODY.y + 80 - scene.scroll, 380, 380)
            kept = []
            for d in canvas.drawn:
                if picture is not None and d.ink.colliderect(picture.clip(BODY)):
                    found.append(f"{d.text!r} {tuple(d.ink)} under the picture {tuple(picture)}")
                if BODY.colliderect(d.ink) or (d.cut and BODY.x <= d.ink.x < BODY.right):
                    # a line of the page: cut at this screenful's edge is fine if another
                    # screenful shows it whole; a line no screenful shows whole is cut
                    key = (d.text, d.ink.x, d.ink.y + scene.scroll)
                    if d.cut is None:
                        whole.add(key)
                    else:
                        lines[key] = d.cut
                    d.cut = None
                    if not BODY.contains(d.ink):
                        continue  # not on this screenful: it cannot overlap what is
                kept.append(d)
            canvas.drawn[:] = kept
            if end:  # a page longer than the panel says so: a scroll bar at its edge
                thumb = scene.scroll_thumb
                if thumb is None or canvas.get_at(thumb.center)[:3] != theme.ACCENT[:3]:
                    found.append(f"a page {end} px longer than the panel shows no scroll bar")
            found += problems(canvas, scene.ui)
            if scene.scroll >= end:
                break
            scroll = min(end, scene.scroll + (BODY.height - 60) // 2)
        found += [f"{t!r} at x={x}, page y={y}: {cut}" for (t, x, y), cut in lines.items()
                  if (t, x, y) not in whole]
    finally:
        app.stack.clear()
    return found


def _max_scroll(scene: RulesScene) -> int:
    """How far the wheel goes on this page (the scene learns it when it draws the page)."""
    scene.draw(pygame.Surface((1280, 800)))
    return scene.scroll_end


@pytest.mark.parametrize("language", ["en", "fr", i18n.PSEUDO])
@pytest.mark.parametrize("game_id,section", [p for g in GAMES for p in _pages(g)])
def test_rules_page_fits(app: App, game_id: str, section: int, language: str) -> None:
    i18n.set_language(language)
    with recording_fonts():
        found = page_problems(app, game_id, section)
    assert not found, f"{game_id} page {section} ({language}):\n  " + "\n  ".join(found)


def test_the_page_check_sees_text_under_the_picture(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: the text column widened over the picture is reported."""
    import game.scenes.rules as rules

    i18n.set_language("en")
    monkeypatch.setattr(rules, "BODY", pygame.Rect(350, 100, 900, 600))
    original = RulesScene.draw

    def wide(self: RulesScene, surface: pygame.Surface) -> None:
        self.diagrams = {}
        original(self, surface)
        self.diagrams = dict(registry.resolve(registry.get("fairy16").help.rsplit(":", 1)[0]
                                              + ":DIAGRAMS"))
        self._diagram_cache.clear()

    monkeypatch.setattr(RulesScene, "draw", wide)
    with recording_fonts():
        found = page_problems(app, "fairy16", 3)
    assert any("under the picture" in f for f in found)
