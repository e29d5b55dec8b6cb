"""Abalone's ejected marbles in pymunk: off the edge they were pushed over, into the groove there,
then into their tray.

Physics here is decoration only: the rules have already decided which marble left the game;
this module shows it going. It knows nothing of pygame. The scene gives it the board's field,
the gutter around it and the trays in screen pixels (y grows downward, so gravity is +y),
launches a marble when a move ejects one, steps the space at a fixed 1/120 s and reads back
where to draw each marble.

Like a real Abalone board, ours has a groove all round the field. A marble's life, in phases:

* ``roll``   — it carries the push's momentum across its cell to the field's edge (the board is
  seen from above, so it rolls in the board's plane, with no gravity);
* ``drop``   — over the edge it drops into the groove (the scene draws it shrinking: lower);
* ``gutter`` — a pymunk body between the groove's walls (static segments), landed where it fell:
  it rolls on a little along the groove, slowing, so the player sees which edge it went over;
* ``fly``    — after a moment there it is lifted out of the groove and carried to its owner's
  tray in one arc, drawn higher (larger, its shadow further) in the middle of the flight, as a
  hand would put it away: it never vanishes to reappear by the tray;
* ``tray``   — ordinary gravity and collisions: it bounces off the tray's walls (segments the
  scene draws too) and the marbles already there, and settles;
* ``sink``   — a marble pushed into a hole vanishes into it and drops into its tray from above;
* ``vanish`` — the neutral marble has no tray: it drops into the groove and fades away.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pymunk

STEP = 1 / 120            # fixed physics step (s)
GRAVITY = 1500.0          # px/s², toward the bottom of the screen (into the trays)
ROLL_SPEED = 330.0        # px/s: a pushed marble leaves its cell at about this speed
DROP_TIME = 0.14          # s at most spent dropping into the groove
GROOVE_OUT = 320.0        # px/s² outward: the marble runs along the groove's outer wall
GROOVE_DRAG = 0.94        # its speed along the groove kept per step: it soon comes to rest
GROOVE_REST = 0.55        # s a marble lies in the groove where it fell before it is put away
SINK_TIME = 0.3           # s a marble takes to vanish into a hole
VANISH_TIME = 0.45        # s the neutral marble takes to fade out
ENTRY_SPEED = 200.0       # px/s downward when a hopping marble reaches the tray's mouth
MAX_SPEED = 1100.0        # px/s cap: at most ~9 px a step, less than a wall and a marble
SETTLED_SPEED = 6.0       # px/s: slower than this counts as at rest
CREEP_SPEED = 60.0        # px/s: slower than this, rolling resistance brings a marble to rest

_WALL_CAT = 0b0001        # trays' walls
_MARBLE_CAT = 0b0010      # marbles in a tray
_FREE_CAT = 0b0100        # marbles that collide with nothing (rolling, dropping, hopping)
_GROOVE_CAT = 0b1000      # the groove's walls
_GUTTER_CAT = 0b10000     # marbles running in the groove
WALL_TYPE = 1
MARBLE_TYPE = 2

Point = tuple[float, float]


def hex_norm(dx: float, dy: float) -> float:
    """Apothem of the board-shaped hexagon (corners left and right) through (dx, dy)."""
    ax, ay = abs(dx), abs(dy)
    return max(ay, ax * math.sqrt(3) / 2 + ay / 2)


def _hexagon(cx: float, cy: float, apothem: float) -> list[Point]:
    r = apothem * 2 / math.sqrt(3)
    return [(cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k))
            for k in range(6)]


@dataclass(frozen=True)
class BoardOutline:
    """The playing field: a hexagon with corners left and right (like the rows), centre
    (cx, cy), circumradius `radius`. A rolling marble whose centre leaves it drops."""

    cx: float
    cy: float
    radius: float

    def inside(self, x: float, y: float) -> bool:
        return hex_norm(x - self.cx, y - self.cy) <= self.radius * math.sqrt(3) / 2


@dataclass(frozen=True)
class Gutter:
    """The groove round the field: hexagonal walls at apothems `inner` and `outer` about
    (cx, cy). A marble pushed off the field lands in it where it went over the edge."""

    cx: float
    cy: float
    inner: float
    outer: float
    wall: float = 2.0

    @property
    def middle(self) -> float:
        return (self.inner + self.outer) / 2

    def segments(self) -> list[tuple[Point, Point]]:
        """Both walls, each a closed hexagon of six segments."""
        out = []
        for apothem in (self.inner - self.wall, self.outer + self.wall):
            pts = _hexagon(self.cx, self.cy, apothem)
            out += [(pts[k], pts[(k + 1) % 6]) for k in range(6)]
        return out


@dataclass(frozen=True)
class Tray:
    """A tray standing beside the board: inside it is x0..x1 wide, its walls rise from the floor
    at y1 up to y0, and a hopper above flares out by `flare` over `hopper` pixels so falling
    marbles are caught. `wall` is the segments' radius (half their thickness)."""

    x0: float
    y0: float
    x1: float
    y1: float
    wall: float = 4.0
    flare: float = 14.0
    hopper: float = 46.0

    @property
    def mouth(self) -> Point:
        """Centre of the hopper's opening, where hopping marbles are steered to."""
        return ((self.x0 + self.x1) / 2, self.y0 - self.hopper)

    def segments(self) -> list[tuple[Point, Point]]:
        """The walls as (a, b) segments: floor, two sides, two hopper lips."""
        w = self.wall
        lx, rx = self.x0 - w, self.x1 + w
        top = self.y0 - self.hopper
        return [
            ((lx, self.y1 + w), (rx, self.y1 + w)),
            ((lx, self.y1 + w), (lx, self.y0)),
            ((rx, self.y1 + w), (rx, self.y0)),
            ((lx, self.y0), (lx - self.flare, top)),
            ((rx, self.y0), (rx + self.flare, top)),
        ]

    def holds(self, x: float, y: float, r: float, slack: float = 0.5) -> bool:
        """True if a marble of radius r centred at (x, y) is inside the walls (hopper included),
        allowing it to sink `slack` pixels into a wall (contacts are soft by a pixel or so)."""
        if y > self.y1 - r + slack:
            return False
        if y >= self.y0:
            return self.x0 + r - slack <= x <= self.x1 - r + slack
        if y < self.y0 - self.hopper - 2 * r:
            return False
        # in the hopper the opening widens linearly with height
        f = min(1.0, (self.y0 - y) / self.hopper) * self.flare
        return self.x0 - f - slack <= x <= self.x1 + f + slack

    def layout(self, n: int, r: float) -> list[Point]:
        """Resting places for n marbles stacked neatly: two against the walls, one in the notch
        between them, and so on upward (where `sync` puts marbles after undo or loading)."""
        width = self.x1 - self.x0
        side = width / 2 - r          # horizontal offset of a wall marble from the middle
        d = 2 * r + 0.4               # a hair apart, so nothing starts overlapping
        dy = math.sqrt(max(d * d - side * side, (d / 2) ** 2))
        mid = (self.x0 + self.x1) / 2
        out: list[Point] = []
        y = self.y1 - r - 0.2
        row = 0
        while len(out) < n:
            if row % 2 == 0:
                out.append((self.x0 + r + 0.2, y))
                if len(out) < n:
                    out.append((self.x1 - r - 0.2, y))
            else:
                out.append((mid, y))
            y -= dy
            row += 1
        return out


@dataclass
class Marble:
    """One marble the physics is showing: its body and shape, its colour (0, 1, or 2 for the
    neutral marble), its tray (None: it leaves for good), its phase and the phase's clock."""

    body: pymunk.Body
    shape: pymunk.Circle
    colour: int
    tray: int | None
    phase: str
    clock: float = 0.0
    flight: float = 0.0
    arc: float = 0.0          # peak height of the hop into the tray (0..1)
    target: Point = (0.0, 0.0)
    hole: Point | None = None
    landed: bool = False
    serial: int = 0


@dataclass(frozen=True)
class MarbleView:
    """What the scene draws for one marble: centre, radius, opacity (0..1), colour, how high it
    is above the ground (0..1, for the shadow's offset) and its phase."""

    x: float
    y: float
    radius: float
    alpha: float
    colour: int
    height: float
    phase: str


def _no_gravity(body: pymunk.Body, gravity: tuple[float, float], damping: float,
                dt: float) -> None:
    """Velocity update for free marbles: only the steering in `_fly` changes their course."""
    pymunk.Body.update_velocity(body, (0.0, 0.0), 1.0, dt)


def _capped(body: pymunk.Body, gravity: tuple[float, float], damping: float,
            dt: float) -> None:
    """Velocity update inside a tray: gravity and damping, speed capped so nothing tunnels."""
    pymunk.Body.update_velocity(body, gravity, damping, dt)
    v = body.velocity
    speed = v.length
    if speed > MAX_SPEED:
        body.velocity = v * (MAX_SPEED / speed)


VelocityFunc = Callable[[pymunk.Body, tuple[float, float], float, float], None]


@dataclass
class EjectionPhysics:
    """The space with the groove's and trays' walls and every marble leaving or at rest."""

    field_edge: BoardOutline
    gutter: Gutter
    trays: Sequence[Tray]
    board_radius: float       # a marble's radius on the board
    tray_radius: float        # its radius once dropped (in the groove and the trays)
    space: pymunk.Space = field(init=False)
    marbles: list[Marble] = field(init=False, default_factory=list)
    events: list[tuple[str, int, float]] = field(init=False, default_factory=list)
    _acc: float = field(init=False, default=0.0)
    _serial: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        space = pymunk.Space()
        space.gravity = (0.0, GRAVITY)
        space.damping = 0.75
        space.iterations = 20
        space.sleep_time_threshold = 0.4
        space.idle_speed_threshold = SETTLED_SPEED
        walls = [(a, b, tray.wall, _WALL_CAT) for tray in self.trays for a, b in tray.segments()]
        walls += [(a, b, self.gutter.wall, _GROOVE_CAT) for a, b in self.gutter.segments()]
        for a, b, radius, category in walls:
            seg = pymunk.Segment(space.static_body, a, b, radius)
            seg.elasticity = 0.45
            seg.friction = 0.6
            seg.collision_type = WALL_TYPE
            seg.filter = pymunk.ShapeFilter(categories=category)
            space.add(seg)
        space.on_collision(MARBLE_TYPE, None, begin=self._begin)
        self.space = space

    # -- launching and placing ------------------------------------------------------------
    def _new(self, colour: int, tray: int | None, pos: Point, phase: str) -> Marble:
        radius = self.tray_radius
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, radius))
        body.position = pos
        shape = pymunk.Circle(body, radius)
        shape.elasticity = 0.5
        shape.friction = 0.5
        shape.collision_type = MARBLE_TYPE
        self._serial += 1
        marble = Marble(body, shape, colour, tray, phase, serial=self._serial)
        self._set_mode(marble, "tray" if phase == "tray" else "free")
        self.space.add(body, shape)
        self.marbles.append(marble)
        return marble

    def _set_mode(self, marble: Marble, mode: str) -> None:
        """What a marble collides with and which forces move it: "free" (nothing; steered),
        "gutter" (the groove's walls and other marbles there) or "tray" (walls, marbles)."""
        if mode == "free":
            marble.shape.filter = pymunk.ShapeFilter(categories=_FREE_CAT, mask=0)
            marble.body.velocity_func = _no_gravity
        elif mode == "gutter":
            marble.shape.filter = pymunk.ShapeFilter(categories=_GUTTER_CAT,
                                                     mask=_GROOVE_CAT | _GUTTER_CAT)
            marble.body.velocity_func = self._groove_slope(marble)
        else:
            marble.shape.filter = pymunk.ShapeFilter(categories=_MARBLE_CAT,
                                                     mask=_WALL_CAT | _MARBLE_CAT)
            marble.body.velocity_func = _capped

    def _groove_slope(self, marble: Marble) -> VelocityFunc:
        """The groove's feel for one marble: pressed against the outer wall, and slowing down
        (it rolls on a little from where it fell, never round to another side)."""
        g = self.gutter

        def update(body: pymunk.Body, gravity: tuple[float, float], damping: float,
                   dt: float) -> None:
            dx, dy = body.position.x - g.cx, body.position.y - g.cy
            d = math.hypot(dx, dy) or 1.0
            body.velocity = body.velocity * GROOVE_DRAG
            _capped(body, (dx / d * GROOVE_OUT, dy / d * GROOVE_OUT), damping, dt)

        return update

    def launch(self, colour: int, tray: int | None, start: Point, direction: Point,
               hole: Point | None = None, speed: float = ROLL_SPEED) -> Marble:
        """A marble pushed out from `start` along the unit vector `direction`: over the edge,
        or into the hole at `hole`. `tray` None: it leaves for good (the neutral marble)."""
        marble = self._new(colour, tray, start, "roll")
        marble.body.velocity = (direction[0] * speed, direction[1] * speed)
        marble.hole = hole
        return marble

    def fill(self, tray: int, colour: int, count: int) -> None:
        """Put `count` marbles of `colour` at rest in `tray` at once (after undo or loading)."""
        placed = [self._new(colour, tray, (x, y), "tray")
                  for x, y in self.trays[tray].layout(count, self.tray_radius)]
        # Asleep, they stay exactly where placed until a newcomer knocks into them (otherwise a
        # tall stack visibly sinks a few pixels as the solver's contacts take up the load).
        for m in placed:
            m.landed = True  # already in: the counter shows them at once
            m.body.sleep()

    def remove(self, marble: Marble) -> None:
        self.space.remove(marble.body, marble.shape)
        self.marbles.remove(marble)

    def clear(self) -> None:
        """Remove every marble (the walls stay)."""
        for m in list(self.marbles):
            self.remove(m)
        self.events.clear()
        self._acc = 0.0

    # -- stepping ---------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        """Run as many fixed steps as `dt` seconds hold (the remainder waits for next time)."""
        self._acc += dt
        steps = 0
        while self._acc >= STEP and steps < 24:
            self.step()
            self._acc -= STEP
            steps += 1
        if steps == 24:
            self._acc = 0.0

    def step(self) -> None:
        """One fixed step: move every marble through its phase, then step the space."""
        for m in list(self.marbles):
            m.clock += STEP
            getattr(self, "_" + m.phase)(m)
        self.space.step(STEP)

    def _roll(self, m: Marble) -> None:
        x, y = m.body.position
        if m.hole is not None:
            hx, hy = m.hole
            vx, vy = m.body.velocity
            # past the hole's centre (the velocity points away from it now)?
            if (hx - x) * vx + (hy - y) * vy <= 0:
                m.body.position = m.hole
                m.body.velocity = (0.0, 0.0)
                self._enter(m, "sink")
                self.events.append(("sink", m.colour, 0.0))
            return
        if not self.field_edge.inside(x, y):
            self._enter(m, "drop")
            self.events.append(("off", m.colour, 0.0))

    def _drop(self, m: Marble) -> None:
        g = self.gutter
        x, y = m.body.position
        dx, dy = x - g.cx, y - g.cy
        if hex_norm(dx, dy) < g.middle and m.clock < DROP_TIME:
            return
        if m.tray is None:
            self._enter(m, "vanish")
            return
        # settle onto the groove's middle line, keeping only the run along the groove
        k = g.middle / (hex_norm(dx, dy) or 1.0)
        m.body.position = (g.cx + dx * k, g.cy + dy * k)
        d = math.hypot(dx, dy) or 1.0
        tx, ty = -dy / d, dx / d
        vx, vy = m.body.velocity
        along = vx * tx + vy * ty
        m.body.velocity = (tx * along, ty * along)
        self._set_mode(m, "gutter")
        self._enter(m, "gutter")

    def _gutter(self, m: Marble) -> None:
        if m.clock >= GROOVE_REST:
            self._set_mode(m, "free")
            m.body.velocity = (0.0, 0.0)
            self._plan_flight(m)  # lifted out and carried over: the "hop" event

    def _plan_flight(self, m: Marble, seconds: float | None = None) -> None:
        tray = self.trays[m.tray or 0]
        mx, my = tray.mouth
        # a little to one side or the other, so the stack does not grow as a perfect tower
        offset = ((m.serial * 37) % 9 - 4) * (tray.x1 - tray.x0) / 40
        m.target = (mx + offset, my)
        x, y = m.body.position
        dist = math.hypot(mx - x, my - y)
        # long enough that even the far tray is reached at a visible speed (no leap)
        m.flight = seconds if seconds is not None else min(1.0, max(0.3, 0.16 + dist / 900))
        m.arc = min(1.0, max(0.25, dist / 300))
        self._enter(m, "fly")
        self.events.append(("hop", m.colour, 0.0))

    def _fly(self, m: Marble) -> None:
        tgo = m.flight - m.clock
        body = m.body
        if tgo <= 1.5 * STEP:
            body.position = m.target
            body.velocity = (body.velocity.x * 0.2, ENTRY_SPEED)
            self._set_mode(m, "tray")
            self._enter(m, "tray")
            return
        # Minimum-effort guidance: the acceleration that brings the marble to the target at
        # the planned time with the planned final velocity (straight down into the hopper).
        px, py = body.position
        vx, vy = body.velocity
        tx, ty = m.target
        fvx, fvy = 0.0, ENTRY_SPEED
        ax = (6 * (tx - px) - 2 * tgo * (2 * vx + fvx)) / (tgo * tgo)
        ay = (6 * (ty - py) - 2 * tgo * (2 * vy + fvy)) / (tgo * tgo)
        body.velocity = (vx + ax * STEP, vy + ay * STEP)

    def _tray(self, m: Marble) -> None:
        tray = self.trays[m.tray or 0]
        body = m.body
        if not body.is_sleeping and body.velocity.length < CREEP_SPEED:
            # rolling resistance (pymunk has none): a slow marble comes to rest instead of
            # rolling to and fro along the floor for ever
            body.velocity = body.velocity * 0.96
            body.angular_velocity *= 0.96
        x, y = body.position
        # the slack is far more than a contact's give but less than a wall's thickness
        if not tray.holds(x, y, self.tray_radius, 1.5 * tray.wall):
            # Knocked out of the tray (it should not happen): hop back in rather than be lost.
            self._set_mode(m, "free")
            self._plan_flight(m, 0.4)

    def _sink(self, m: Marble) -> None:
        if m.clock >= SINK_TIME:
            self._drop_in_tray(m)

    def _drop_in_tray(self, m: Marble) -> None:
        """Gone from the board (into a hole, or out of the groove): it falls into its tray
        from just above the hopper (the neutral marble has none and is gone)."""
        if m.tray is None:
            self.remove(m)
            return
        tray = self.trays[m.tray]
        mx, my = tray.mouth
        offset = ((m.serial * 37) % 9 - 4) * (tray.x1 - tray.x0) / 40
        m.body.position = (mx + offset, my - 2 * self.tray_radius)
        m.body.velocity = (0.0, ENTRY_SPEED)
        self._set_mode(m, "tray")
        self._enter(m, "tray")

    def _vanish(self, m: Marble) -> None:
        m.body.velocity = m.body.velocity * 0.9
        if m.clock >= VANISH_TIME:
            self.remove(m)

    @staticmethod
    def _enter(m: Marble, phase: str) -> None:
        m.phase = phase
        m.clock = 0.0

    def _begin(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """First touch of a marble in a tray: the scene plays the landing sound."""
        for shape in arbiter.shapes:
            if shape.collision_type != MARBLE_TYPE:
                continue
            m = next((m for m in self.marbles if m.shape is shape), None)
            if m is not None and not m.landed and m.phase == "tray":
                m.landed = True
                self.events.append(("land", m.colour, float(m.body.velocity.length)))

    # -- reading back -------------------------------------------------------------------------
    def pop_events(self) -> list[tuple[str, int, float]]:
        """(what, colour, speed) since the last call: "off" (over the field's edge), "sink"
        (into a hole), "hop" (out of the groove toward its tray), "land" (first touch there)."""
        out, self.events = self.events, []
        return out

    def count(self, tray: int) -> int:
        """Marbles in or on their way to `tray`."""
        return sum(1 for m in self.marbles if m.tray == tray)

    def arrived(self, tray: int) -> int:
        """Marbles that have landed in `tray` (the counter beside it shows these): one falling
        into it counts from its first touch of the tray or the marbles already there."""
        return sum(1 for m in self.marbles if m.tray == tray and m.phase == "tray" and m.landed)

    def on_board(self) -> bool:
        """True while some marble is still rolling over the field or sinking into a hole."""
        return any(m.phase in ("roll", "sink") for m in self.marbles)

    def busy(self) -> bool:
        """True while some marble has not reached its tray (or is still fading away)."""
        return any(m.phase != "tray" for m in self.marbles)

    def settled(self) -> bool:
        """True when every marble rests in its tray."""
        return all(m.phase == "tray" and m.body.velocity.length < SETTLED_SPEED
                   for m in self.marbles)

    def snapshot(self) -> tuple[tuple[int, int, int], ...]:
        """Where the marbles are, to the pixel: equal snapshots draw the same picture."""
        return tuple((m.colour, round(m.body.position.x), round(m.body.position.y))
                     for m in self.marbles)

    def views(self) -> list[MarbleView]:
        """Where and how to draw every marble, in drawing order (trays first, movers on top)."""
        out: list[MarbleView] = []
        big, small = self.board_radius, self.tray_radius
        for m in sorted(self.marbles, key=lambda m: m.phase != "tray"):
            x, y = m.body.position
            r, alpha, height = small, 1.0, 0.0
            if m.phase == "roll":
                r = big
            elif m.phase == "drop":
                t = min(1.0, m.clock / DROP_TIME)
                r = big + (small - big) * t
            elif m.phase == "fly":
                t = min(1.0, m.clock / m.flight) if m.flight else 1.0
                height = m.arc * math.sin(math.pi * t)
                r = small * (1 + 0.3 * height)
            elif m.phase == "sink":
                t = min(1.0, m.clock / SINK_TIME)
                r = big * (1 - 0.55 * t)
                alpha = 1 - t
            elif m.phase == "vanish":
                t = min(1.0, m.clock / VANISH_TIME)
                r = small * (1 - 0.4 * t)
                alpha = 1 - t
            out.append(MarbleView(float(x), float(y), r, alpha, m.colour, height, m.phase))
        return out
