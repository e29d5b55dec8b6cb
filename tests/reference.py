"""Reference-image checks for screen tests, in the manner of Pygame Zero's screen tests.

A test renders a scene into a Surface and calls `assert_image(surface, "abalone-board")`. The
picture is compared with `tests/reference_images/abalone-board.png` pixel by pixel:

- a pixel has *changed* when one of its channels (R, G or B) differs by more than
  `CHANNEL_TOLERANCE` = 24 levels out of 255 (about 10 %: less than a player can tell apart
  on a board, more than the rounding a smoothing change leaves);
- the check fails when more than `MAX_CHANGED` = 40 pixels have changed, in the whole picture
  (a 7×7-pixel spot; a 20-pixel disc is 314 pixels, a missing piece thousands).

The renders are deterministic (pygame-ce ships its own FreeType and SDL), so a reference
matches exactly on any machine; the budget only absorbs a few edge pixels. A test may pass a
larger `max_changed` where a picture is known to vary, and says why.

On failure the actual picture, the expected one and a difference map (changed pixels in
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
#: A channel difference above this marks a pixel as changed (see the module text).
CHANNEL_TOLERANCE = 24
#: More changed pixels than this fail the check (see the module text).
MAX_CHANGED = 40


def _pixels(surface: pygame.Surface) -> np.ndarray:
    """The RGB pixels as an (h, w, 3) array of ints (alpha is ignored: we compare what shows)."""
    return np.transpose(pygame.surfarray.array3d(surface), (1, 0, 2)).astype(np.int16)


def changed_pixels(actual: pygame.Surface, expected: pygame.Surface,
                   channel_tolerance: int = CHANNEL_TOLERANCE) -> np.ndarray:
    """The (h, w) mask of the pixels where a channel differs by more than the tolerance
    (every pixel when the sizes differ)."""
    if actual.get_size() != expected.get_size():
        return np.ones((actual.get_height(), actual.get_width()), dtype=bool)
    delta = np.abs(_pixels(actual) - _pixels(expected)).max(axis=2)
    return np.asarray(delta > channel_tolerance)


def difference_share(actual: pygame.Surface, expected: pygame.Surface,
                     channel_tolerance: int = CHANNEL_TOLERANCE) -> tuple[float, np.ndarray]:
    """The share of pixels that differ by more than the tolerance, and their mask (h, w)."""
    mask = changed_pixels(actual, expected, channel_tolerance)
    return float(mask.mean()), mask


def matches(actual: pygame.Surface, expected: pygame.Surface,
            max_changed: int = MAX_CHANGED) -> bool:
    """Whether `actual` passes for `expected` under the module's rule."""
    return int(changed_pixels(actual, expected).sum()) <= max_changed


def _diff_image(expected: pygame.Surface, mask: np.ndarray) -> pygame.Surface:
    rgb = _pixels(expected) // 3
    rgb[mask] = (255, 40, 40)
    out = pygame.Surface(expected.get_size())
    pygame.surfarray.blit_array(out, np.transpose(rgb, (1, 0, 2)).astype(np.uint8))
    return out


def assert_image(surface: pygame.Surface, name: str, *,
                 max_changed: int = MAX_CHANGED) -> None:
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
    mask = changed_pixels(surface, expected)
    changed = int(mask.sum())
    if changed <= max_changed:
        return
    FAILURE_DIR.mkdir(parents=True, exist_ok=True)
    actual_path = FAILURE_DIR / f"{name}-actual.png"
    expected_path = FAILURE_DIR / f"{name}-expected.png"
    pygame.image.save(surface, str(actual_path))
    pygame.image.save(expected, str(expected_path))
    where = ""
    if surface.get_size() == expected.get_size():
        pygame.image.save(_diff_image(expected, mask), str(FAILURE_DIR / f"{name}-diff.png"))
        ys, xs = np.nonzero(mask)
        where = f" in x {xs.min()}-{xs.max()}, y {ys.min()}-{ys.max()}"
    raise AssertionError(
        f"{name}: {changed} pixels differ from the reference by more than "
        f"{CHANNEL_TOLERANCE} in a channel{where} (at most {max_changed} allowed); see "
        f"{actual_path} and {expected_path}. If the change is intended, rerun with "
        f"{UPDATE_ENV}=1.")


def board_picture(scene: object, rect: pygame.Rect, size: tuple[int, int] = (1280, 800)
                  ) -> pygame.Surface:
    """Draw `scene` (its own `draw`, without the app's toasts and widgets) and cut out `rect`."""
    full = pygame.Surface(size)
    scene.draw(full)  # type: ignore[attr-defined]
    return full.subsurface(rect).copy()
