"""Move animation on the board view: a man slides along lines, arcs over the board when it leaps,
follows each leg of a multi-step move, and the men it takes fade out as it arrives. Men that the
move carries along (the Rook of a castling) slide to their squares at the same time.

The match has already played the move when the animation starts: the scene draws the position
after the move with the destination hidden, and this draws the travelling man and the fading
captures on top. Durations scale with distance and with the animation-speed setting (Tweens).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.ui.board_view import BoardView
from game.ui.piece_game import MoveOption, PieceView, Square
from game.ui.tween import Tween, Tweens, ease_in_out, lerp2

SpriteFn = Callable[[PieceView, int], pygame.Surface]


@dataclass(frozen=True)
class Leg:
    frm: Square
    to: Square
    leap: bool
    start: float  # share of the whole animation where this leg begins
    end: float


def legs_of(option: MoveOption) -> list[Leg]:
    """The legs of a move, each given a share of the time by its length. A leg that is not a
    straight line (a Knight's jump) or that the game marks as a leap arcs instead of sliding."""
    path = option.route or option.path
    pairs = list(zip(path, path[1:], strict=False)) or [(path[0], path[0])]
    lengths = [max(1.0, math.dist(a, b)) for a, b in pairs]
    total = sum(lengths)
    out, t = [], 0.0
    for (a, b), n in zip(pairs, lengths, strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        straight = dx == 0 or dy == 0 or abs(dx) == abs(dy)
        leap = option.leap or not straight
        out.append(Leg(a, b, leap, t / total, (t + n) / total))
        t += n
    return out


def companions_of(option: MoveOption, before: Mapping[Square, PieceView],
                  after: Mapping[Square, PieceView]) -> list[tuple[Square, Square, PieceView]]:
    """The men other than the mover that a move shifts (from, to, man): a square that gains a
    man it did not hold, paired with a square that lost the same man and was neither the
    mover's start nor a capture. Castling's Rook is the one the games have."""
    left = [sq for sq, man in before.items()
            if sq != option.frm and sq not in option.captures and after.get(sq) != man]
    out = []
    for sq, man in after.items():
        if sq == option.to or before.get(sq) == man:
            continue
        frm = next((f for f in left if before[f] == man), None)
        if frm is not None:
            left.remove(frm)
            out.append((frm, sq, man))
    return out


@dataclass
class MoveAnimation:
    option: MoveOption
    mover: PieceView
    after: PieceView
    captured: tuple[tuple[Square, PieceView], ...]
    legs: list[Leg]
    tween: Tween
    companions: tuple[tuple[Square, Square, PieceView], ...] = ()

    def hidden(self) -> set[Square]:
        return {self.option.to} | {to for _frm, to, _man in self.companions}


class BoardAnimator:
    """Runs at most one move animation at a time on the scene's `Tweens` group."""

    TAG = "board-move"

    def __init__(self, tweens: Tweens) -> None:
        self.tweens = tweens
        self.current: MoveAnimation | None = None

    def start(self, option: MoveOption, mover: PieceView, after: PieceView,
              captured: Sequence[tuple[Square, PieceView]],
              on_done: Callable[[], None] | None = None,
              companions: Sequence[tuple[Square, Square, PieceView]] = ()) -> MoveAnimation:
        legs = legs_of(option)
        dist = sum(math.dist(leg.frm, leg.to) for leg in legs)
        seconds = min(0.55, 0.16 + 0.035 * dist) + (0.12 if captured else 0.0)

        def done() -> None:
            self.current = None
            if on_done is not None:
                on_done()

        tw = self.tweens.add(seconds, ease_in_out if len(legs) == 1 else _linear, tag=self.TAG,
                             on_done=done)
        anim = MoveAnimation(option, mover, after, tuple(captured), legs, tw, tuple(companions))
        self.current = anim if not tw.done else None
        return anim

    def finish(self) -> None:
        self.current = None

    def hidden(self) -> set[Square]:
        return self.current.hidden() if self.current is not None else set()

    def draw(self, surface: pygame.Surface, view: BoardView, sprite: SpriteFn) -> None:
        a = self.current
        if a is None:
            return
        t = a.tween.value
        size = view.piece_size()
        clip = surface.get_clip()
        surface.set_clip(view.viewport)
        arrive = a.legs[-1].start if a.legs else 0.0
        for sq, piece in a.captured:  # taken men fade and shrink as the mover arrives
            k = 1.0 if t < arrive else max(0.0, 1 - (t - arrive) / max(0.05, 1 - arrive))
            if k <= 0:
                continue
            s = max(4, round(size * (0.7 + 0.3 * k)))
            img = sprite(piece, s).copy()
            img.fill((255, 255, 255, int(255 * k)), special_flags=pygame.BLEND_RGBA_MULT)
            x, y = view.centre(sq)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        for frm, to, man in a.companions:  # carried along: a plain slide over the same time
            x, y = lerp2(view.centre(frm), view.centre(to), min(1.0, t))
            img = sprite(man, size)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        pos, lift = self.position(view, t)
        piece = a.after if t >= 1.0 else a.mover
        s = round(size * (1 + 0.12 * lift))
        img = sprite(piece, s)
        if lift > 0.05:  # a shadow on the board under a leaping man
            shadow = pygame.Surface((s, s // 3), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
            ground = self.position(view, t, ground=True)[0]
            surface.blit(shadow, shadow.get_rect(center=(round(ground[0]), round(ground[1] + s * 0.35))))
        surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        surface.set_clip(clip)

    def position(self, view: BoardView, t: float, ground: bool = False
                 ) -> tuple[tuple[float, float], float]:
        """Where the mover is at progress `t`, and how high it is (0..1) on a leap."""
        a = self.current
        assert a is not None
        leg = next((g for g in a.legs if t <= g.end), a.legs[-1])
        span = max(1e-6, leg.end - leg.start)
        u = min(1.0, max(0.0, (t - leg.start) / span))
        p0, p1 = view.centre(leg.frm), view.centre(leg.to)
        pos = lerp2(p0, p1, u)
        if not leg.leap or ground:
            return pos, 0.0
        lift = math.sin(math.pi * u)
        height = min(view.cell * 1.4, math.dist(p0, p1) * 0.35)
        return (pos[0], pos[1] - height * lift), lift


def _linear(t: float) -> float:
    return t
