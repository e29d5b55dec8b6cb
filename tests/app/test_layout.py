"""Board layouts: every cell's centre maps back to that cell, flipped or not, and flipping turns
the board half a turn."""

from __future__ import annotations

import pytest

from game.ui.layout import HexGrid, SquareGrid, hex_round


@pytest.mark.parametrize("flipped", [False, True])
def test_square_grid_round_trips_and_flips(flipped: bool) -> None:
    g = SquareGrid(16, 16, 10, 8, 60, flipped)
    for col in range(10):
        for row in range(8):
            x, y = g.to_pixel(col, row)
            assert g.from_pixel(x, y) == (col, row)
            assert g.from_pixel(x + 29, y - 29) == (col, row)  # anywhere inside the cell
    assert g.from_pixel(15, 100) is None and g.from_pixel(100, 16 + 8 * 60) is None
    a1 = g.to_pixel(0, 0)
    assert (a1[1] > g.to_pixel(0, 7)[1]) != flipped  # row 0 at the bottom unless flipped
    assert (a1[0] < g.to_pixel(9, 0)[0]) != flipped


@pytest.mark.parametrize("flipped", [False, True])
def test_hex_grid_round_trips_and_flips(flipped: bool) -> None:
    g = HexGrid(400, 300, 20, flipped)
    for q in range(-4, 5):
        for r in range(-4, 5):
            x, y = g.to_pixel(q, r)
            assert g.from_pixel(x, y) == (q, r)
            for cx, cy in g.corners(q, r, 0.8):  # well inside the hexagon
                assert g.from_pixel(cx, cy) == (q, r)
    x, y = g.to_pixel(1, 0)
    assert (x > 400) != flipped and y == pytest.approx(300)


def test_hex_round_picks_the_nearest_hex() -> None:
    assert hex_round(0.1, -0.1) == (0, 0)
    assert hex_round(0.6, 0.1) == (1, 0)
    assert hex_round(0.45, 0.45) == (0, 1)  # cube rounding: the largest error is fixed
