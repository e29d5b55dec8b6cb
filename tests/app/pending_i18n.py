"""The games whose own screens (match or puzzle, rules text, level titles, extra cards) are not
translated yet. A game leaves this list when every word its screens draw goes through the
catalog; from then on the pseudo-language and French text-fit checks hold it to that.

One game a line, so each can leave on its own."""

from __future__ import annotations

PENDING: frozenset[str] = frozenset()


def game_of(scene_id: str) -> str | None:
    """The game a scene id belongs to ("match:amazons" -> "amazons"), None for app screens."""
    return scene_id.split(":", 1)[1] if ":" in scene_id else None


def checked(scene_id: str) -> bool:
    """Whether every word of this screen must already be translated: app screens and the
    shared screens of any game; a game's own match or puzzle screen once it left PENDING."""
    if scene_id.startswith(("match:", "puzzle:")):
        return game_of(scene_id) not in PENDING
    return True


def exempt(scene_id: str) -> bool:
    """Whether the game's own words shown on a shared screen (rules text, level titles, extra
    cards) may still be bare."""
    return game_of(scene_id) in PENDING
