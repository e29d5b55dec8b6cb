"""Abalone's ejection physics, stepped deterministically (no clock): every launched marble runs
round the groove without leaving it and ends at rest inside its own tray, nothing tunnels through a
wall, counts are conserved, holes and the neutral marble behave, and the same inputs give the
same picture. The geometry mirrors the match screen's (cell spacing 50 around (456, 350))."""

from __future__ import annotations

import itertools
import math

import pytest

from game.games.abalone.physics import (
    MAX_SPEED,
    STEP,
    BoardOutline,
    EjectionPhysics,
    Gutter,
    Tray,
    hex_norm,
)

S = 50.0
BOARD = BoardOutline(456.0, 350.0, 4.01 * S * 2 / math.sqrt(3))   # the field
GUTTER = Gutter(456.0, 350.0, 4.01 * S, 4.69 * S)
TRAYS = (Tray(42.0, 442.0, 107.8, 682.0, wall=4, flare=12, hopper=40),
         Tray(804.2, 442.0, 870.0, 682.0, wall=4, flare=12, hopper=40))
R_BOARD, R_TRAY = 21.5, 14.0

# Edge cells (ring 4) of the board around BOARD's centre, and the six directions.
DIRS = [(math.cos(a), -math.sin(a)) for a in (0, math.pi / 3, 2 * math.pi / 3, math.pi,
                                               4 * math.pi / 3, 5 * math.pi / 3)]


def rim_points() -> list[tuple[float, float]]:
    out = []
    for k in range(6):
        a = k * math.pi / 3
        b = (k + 2) * math.pi / 3
        corner = (BOARD.cx + 4 * S * math.cos(a), BOARD.cy - 4 * S * math.sin(a))
        for i in range(4):  # walk along the rim from this corner toward the next
            out.append((corner[0] + i * S * math.cos(b), corner[1] - i * S * math.sin(b)))
    return out


def outward(p: tuple[float, float]) -> tuple[float, float]:
    """The direction among the six that points most away from the centre."""
    dx, dy = p[0] - BOARD.cx, p[1] - BOARD.cy
    return max(DIRS, key=lambda d: d[0] * dx + d[1] * dy)


def make() -> EjectionPhysics:
    return EjectionPhysics(BOARD, GUTTER, TRAYS, R_BOARD, R_TRAY)


def run(ph: EjectionPhysics, steps: int) -> list[tuple[str, int, float]]:
    events = []
    for _ in range(steps):
        ph.step()
        events += ph.pop_events()
    return events


def assert_all_home(ph: EjectionPhysics) -> None:
    for m in ph.marbles:
        assert m.phase == "tray", m.phase
        assert m.tray is not None
        x, y = m.body.position
        assert TRAYS[m.tray].holds(x, y, R_TRAY, 1.5), (m.tray, x, y)


def test_board_outline_corners_and_edges() -> None:
    r = BOARD.radius
    assert BOARD.inside(BOARD.cx, BOARD.cy)
    assert BOARD.inside(BOARD.cx + r - 1, BOARD.cy)          # just inside the right corner
    assert not BOARD.inside(BOARD.cx + r + 1, BOARD.cy)
    apothem = r * math.sqrt(3) / 2
    assert BOARD.inside(BOARD.cx, BOARD.cy - apothem + 1)   # top edge
    assert not BOARD.inside(BOARD.cx, BOARD.cy - apothem - 1)
    assert not BOARD.inside(BOARD.cx + 0.7 * r, BOARD.cy - apothem + 1)  # beyond a slanted edge
    assert hex_norm(-r, 0) == pytest.approx(apothem)


def test_every_rim_marble_pushed_out_lands_in_its_own_tray() -> None:
    ph = make()
    launched = [0, 0]
    for i, p in enumerate(rim_points()):
        colour = i % 2
        ph.launch(colour, colour, p, outward(p))
        launched[colour] += 1
        run(ph, 25)  # the next push comes before this one has settled
    run(ph, 1200)
    assert_all_home(ph)
    assert [ph.count(0), ph.count(1)] == launched
    assert all(m.colour == m.tray for m in ph.marbles)
    assert ph.settled() and not ph.busy()


def test_events_come_in_order_for_one_marble() -> None:
    ph = make()
    ph.launch(1, 1, (BOARD.cx + 4 * S, BOARD.cy), (1.0, 0.0))
    kinds = [e[0] for e in run(ph, 600)]
    assert kinds == ["off", "hop", "land"]


@pytest.mark.parametrize("colour", [0, 1])
@pytest.mark.parametrize("side", [1.0, -1.0])
def test_a_marble_lands_in_the_groove_at_the_edge_it_was_pushed_over(colour: int, side: float
                                                                      ) -> None:
    """The play-test defect: a marble pushed off one side ran round the board to the far tray.
    It must land in the groove where it went over the edge, stay on that side, then be put
    away in its own tray."""
    ph = make()
    m = ph.launch(colour, colour, (BOARD.cx + side * 4 * S, BOARD.cy), (side, 0.0))
    seen_gutter = False
    for _ in range(600):
        ph.step()
        if m.phase == "gutter":
            seen_gutter = True
            x, y = m.body.position
            n = hex_norm(x - GUTTER.cx, y - GUTTER.cy)
            assert GUTTER.inner + R_TRAY - 3 <= n <= GUTTER.outer - R_TRAY + 3  # soft contacts
            assert (x - GUTTER.cx) * side > GUTTER.inner * 0.8  # still by the edge it went over
    assert seen_gutter
    assert_all_home(ph)


@pytest.mark.parametrize("tray", [0, 1])
def test_fourteen_marbles_dropped_fast_all_stay_in(tray: int) -> None:
    """A tray's full load, thrown in one after another at the speed cap and beyond."""
    ph = make()
    mx, my = TRAYS[tray].mouth
    for i in range(14):
        m = ph.launch(tray, tray, (mx, my), (0.0, 1.0))
        ph._set_mode(m, "tray")
        ph._enter(m, "tray")
        m.body.velocity = ((i % 3 - 1) * 900.0, 3 * MAX_SPEED)
        for _ in range(20):
            ph.step()
            for other in ph.marbles:  # the cap holds every step: at most ~9 px per step
                assert other.body.velocity.length <= MAX_SPEED * 1.001
    run(ph, 1500)
    assert ph.count(tray) == 14
    assert_all_home(ph)
    assert ph.settled()


def test_speed_cap_is_less_than_a_wall_per_step() -> None:
    most_per_step = MAX_SPEED * STEP
    assert most_per_step < 2 * TRAYS[0].wall + R_TRAY


def test_fill_places_count_without_overlap_and_stays_put() -> None:
    ph = make()
    ph.fill(0, 0, 14)
    ph.fill(1, 1, 5)
    pos = [(m.body.position.x, m.body.position.y) for m in ph.marbles if m.tray == 0]
    for a, b in itertools.combinations(pos, 2):
        assert math.dist(a, b) >= 2 * R_TRAY - 1e-6
    before = ph.snapshot()
    run(ph, 240)
    assert_all_home(ph)
    after = ph.snapshot()
    moved = max(math.dist(a[1:], b[1:]) for a, b in zip(before, after, strict=True))
    assert moved < 3.0, moved
    assert (ph.count(0), ph.count(1)) == (14, 5)


def test_hole_marble_sinks_then_reaches_the_tray() -> None:
    ph = make()
    hole = (BOARD.cx + S, BOARD.cy)
    ph.launch(0, 0, (BOARD.cx, BOARD.cy), (1.0, 0.0), hole=hole)
    events = run(ph, 12)
    assert ph.marbles[0].phase in ("roll", "sink")
    events += run(ph, 900)
    assert [e[0] for e in events] == ["sink", "land"]
    assert_all_home(ph)


def test_neutral_marble_leaves_for_good() -> None:
    ph = make()
    ph.fill(1, 1, 2)
    ph.launch(2, None, (BOARD.cx - 4 * S, BOARD.cy), (-1.0, 0.0))
    assert ph.busy()
    run(ph, 300)
    assert len(ph.marbles) == 2 and ph.count(1) == 2
    assert not ph.busy()


def test_same_inputs_same_result() -> None:
    snaps = []
    for _ in range(2):
        ph = make()
        for i, p in enumerate(rim_points()[:10]):
            ph.launch(i % 2, i % 2, p, outward(p))
            run(ph, 17)
        run(ph, 400)
        snaps.append(ph.snapshot())
    assert snaps[0] == snaps[1]


def test_advance_runs_whole_fixed_steps() -> None:
    ph = make()
    ph.launch(0, 0, (BOARD.cx + 4 * S, BOARD.cy), (1.0, 0.0))
    ph.advance(STEP * 2.5)
    assert ph.marbles[0].clock == pytest.approx(2 * STEP)
    ph.advance(STEP * 0.6)  # the left-over half step and this make one more
    assert ph.marbles[0].clock == pytest.approx(3 * STEP)


def test_layout_rows_alternate_two_and_one() -> None:
    tray = TRAYS[0]
    pts = tray.layout(5, R_TRAY)
    assert pts[0][1] == pts[1][1] > pts[2][1] > pts[3][1]
    assert pts[2][0] == pytest.approx((tray.x0 + tray.x1) / 2)
    assert all(tray.holds(x, y, R_TRAY) for x, y in tray.layout(14, R_TRAY))


@pytest.mark.parametrize("colour", [0, 1])
def test_a_marble_goes_to_its_far_tray_without_a_jump(colour: int) -> None:
    """Pushed over the edge away from its tray, the marble rests in the groove there, then is
    carried to its tray in one visible movement: it never fades out or vanishes to reappear
    by the tray (a jump across the screen)."""
    ph = make()
    side = 1.0 if colour == 0 else -1.0  # tray 0 is on the left: push off the right edge
    m = ph.launch(colour, colour, (BOARD.cx + side * 4 * S, BOARD.cy), (side, 0.0))
    last = tuple(m.body.position)
    worst = 0.0
    for _ in range(900):
        ph.step()
        x, y = m.body.position
        worst = max(worst, math.dist((x, y), last))
        last = (x, y)
        view = ph.views()[0]
        assert view.alpha == 1.0, view.phase
        if m.phase == "tray" and m.landed:
            break
    assert worst <= 16.0, worst  # px per 1/120 s step: a fast flight, never a leap
    run(ph, 300)
    assert_all_home(ph)


def test_the_tray_counts_a_marble_once_it_has_landed() -> None:
    ph = make()
    m = ph.launch(1, 1, (BOARD.cx + 4 * S, BOARD.cy), (1.0, 0.0))
    for _ in range(900):
        events = [e[0] for e in run(ph, 1)]
        if "land" in events:
            break
        assert ph.arrived(1) == 0, m.phase  # still falling: the counter waits
    assert m.landed and ph.arrived(1) == 1
    ph.fill(0, 0, 3)  # marbles put in place at once (undo, loading) count at once
    assert ph.arrived(0) == 3
