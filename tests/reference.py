"""Reference-image checks for screen tests, in the manner of Pygame Zero's screen tests.

A test renders a scene into a Surface and calls `assert_image(surface, "abalone-board")`. The
picture is compared with `tests/reference_images/abalone-board.png` pixel by pixel: a pixel is
*different* when one of its channels differs by more than `channel_tolerance`, and the check
fails when more than `max_share` of the pixels are different (font hinting or a smoothing
change move a few pixels; a wrong sprite, a black box or a missing piece moves thousands).

On failure the actual picture, the expected one and a difference map (different pixels in
red over a dimmed copy of the expected picture) are written to `tests/reference_failures/`
and named in the message, so the change can be looked at before anything is accepted.

To make or remake the references after a deliberate change of the drawing, run the tests with
`LUDOTHEQUE_UPDATE_REFERENCES=1`; a missing reference is an error, never silently created.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pygame

HERE = Path(__file__).resolve().parent
REFERENCE_DIR = HERE / "reference_images"
FAILURE_DIR = HERE / "reference_failures"
UPDATE_ENV = "LUDOTHEQUE_UPDATE_REFERENCES"


def _pixels(surface: pygame.Surface) -> np.ndarray:
    """The RGB pixels as an (h, w, 3) array of ints (alpha is ignored: we compare what shows)."""
    return np.transpose(pygame.surfarray.array3d(surface), (1, 0, 2)).astype(np.int16)


def difference_share(actual: pygame.Surface, expected: pygame.Surface,
                     channel_tolerance: int = 40) -> tuple[float, np.ndarray]:
    """The share of pixels that differ by more than the tolerance, and their mask (h, w)."""
    if actual.get_size() != expected.get_size():
        mask = np.ones((actual.get_height(), actual.get_width()), dtype=bool)
        return 1.0, mask
    delta = np.abs(_pixels(actual) - _pixels(expected)).max(axis=2)
    mask = delta > channel_tolerance
    return float(mask.mean()), mask


def _diff_image(expected: pygame.Surface, mask: np.ndarray) -> pygame.Surface:
    rgb = _pixels(expected) // 3
    rgb[mask] = (255, 40, 40)
    out = pygame.Surface(expected.get_size())
    pygame.surfarray.blit_array(out, np.transpose(rgb, (1, 0, 2)).astype(np.uint8))
    return out


def assert_image(surface: pygame.Surface, name: str, *, max_share: float = 0.002,
                 channel_tolerance: int = 40) -> None:
    """Fail unless `surface` matches the reference picture `name` (see the module text)."""
    path = REFERENCE_DIR / f"{name}.png"
    if os.environ.get(UPDATE_ENV):
        REFERENCE_DIR.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
        return
    if not path.exists():
        raise AssertionError(f"no reference picture {path}: run the test with {UPDATE_ENV}=1 "
                             "to make it, then look at it before committing it")
    expected = pygame.image.load(str(path))
    share, mask = difference_share(surface, expected, channel_tolerance)
    if share <= max_share:
        return
    FAILURE_DIR.mkdir(parents=True, exist_ok=True)
    actual_path = FAILURE_DIR / f"{name}-actual.png"
    expected_path = FAILURE_DIR / f"{name}-expected.png"
    pygame.image.save(surface, str(actual_path))
    pygame.image.save(expected, str(expected_path))
    if surface.get_size() == expected.get_size():
        pygame.image.save(_diff_image(expected, mask), str(FAILURE_DIR / f"{name}-diff.png"))
    raise AssertionError(
        f"{name}: {share:.2%} of the pixels differ from the reference (at most {max_share:.2%} "
        f"allowed); see {actual_path} and {expected_path}. If the change is intended, rerun "
        f"with {UPDATE_ENV}=1.")


def board_picture(scene: object, rect: pygame.Rect, size: tuple[int, int] = (1280, 800)
                  ) -> pygame.Surface:
    """Draw `scene` (its own `draw`, without the app's toasts and widgets) and cut out `rect`."""
    full = pygame.Surface(size)
    scene.draw(full)  # type: ignore[attr-defined]
    return full.subsurface(rect).copy()
