"""The piece notation: how a kind moves, written as a short text, read into movement atoms.

A Betza-style notation as the chess-variant community writes it (W, F, N, R, B, Q, K with the
modifiers f b l r v s, m c, n, e, i, p), extended for what our games need that plain Betza
cannot say: hook movers, Lion moves on lines, the universal leaper. docs/piece-notation.md
writes it down with examples; this module is its only reader, so a piece's card, its rules
diagram and its moves in play all come from the same parsed text.

`parse(text)` gives the items as written (for the words of a card); `atoms(text)` gives the
engine's atoms. Offsets are owner-relative with forward = +y; `forward=-1` turns them for a
game whose first player moves down the engine's ranks (Tai Shogi numbers its rows from the
top). A text that cannot be read raises `NotationError`, which says where and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .atoms import (
    Atom,
    Bent,
    Hook,
    Hop,
    Leap,
    Lion,
    LionLine,
    Mode,
    Offset,
    Protection,
    Slide,
    Universal,
    symmetric,
)
from .geometry import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL

#: The leapers: letter -> its offsets, in the order the engine generates them.
LEAPERS: dict[str, tuple[Offset, ...]] = {
    "W": ORTHOGONAL, "F": DIAGONAL, "K": ALL_DIRECTIONS,
    "D": symmetric(2, 0), "N": symmetric(1, 2), "A": symmetric(2, 2), "H": symmetric(3, 0),
    "C": symmetric(1, 3), "Z": symmetric(2, 3), "G": symmetric(3, 3),
}
#: The riders: letter -> its directions. A doubled one-step leaper is the same rider (WW = R).
RIDERS: dict[str, tuple[Offset, ...]] = {"R": ORTHOGONAL, "B": DIAGONAL, "Q": ALL_DIRECTIONS}
_DOUBLED = {"W": "R", "F": "B", "K": "Q"}
#: Our own atoms: L the Lion (L2, L3: its powers on lines only), U the universal leaper.
OWN = ("L", "U")
#: Reserved: written in docs/piece-notation.md, but no game of ours has such a piece and the
#: engine has no atom for them, so a text using them is refused rather than half-read.
RESERVED = {"a": "an area move", "j": "a ranging jump"}
DIRECTION_LETTERS = "fblrvs"
MODIFIERS = DIRECTION_LETTERS + "mcneip"

ItemKind = Literal["leap", "slide", "hop", "bent", "hook", "lion", "lionline", "universal"]


class NotationError(ValueError):
    """A move text that cannot be read: `column` (from 0) is where, `reason` says why."""

    def __init__(self, text: str, column: int, reason: str) -> None:
        super().__init__(f"{reason} (in {text!r}, at column {column + 1})")
        self.text = text
        self.column = column
        self.reason = reason


@dataclass(frozen=True)
class Item:
    """One way of moving, as written: `letter` the atom, `offsets` the chosen ones
    (owner-relative, forward = +y), `limit` a rider's range or a Lion line's reach (0: none),
    `legs` the two-leg moves' (first, turns), `source` the text it was read from."""

    kind: ItemKind
    letter: str
    offsets: tuple[Offset, ...]
    mode: Mode = "both"
    limit: int = 0
    lame: bool = False
    double: bool = False
    ep: bool = False
    first_ranks: tuple[int, ...] = ()
    legs: tuple[tuple[Offset, tuple[Offset, ...]], ...] = ()
    source: str = ""


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _half(letter: str, o: Offset) -> bool:
    dx, dy = o
    return {"f": dy > 0, "b": dy < 0, "l": dx < 0, "r": dx > 0,
            "v": abs(dy) > abs(dx), "s": abs(dx) > abs(dy)}[letter]


def _pair(first: str, second: str) -> bool:
    """Two direction letters that name one direction together (fl = forward-left, ff = the
    narrow forward ones of an oblique leaper), read only on atoms that are not orthogonal."""
    if first not in "fblr":
        return False
    if second == first or second in "vs":
        return True
    return (first in "fb") != (second in "fb") and second in "fblr"


def select(directions: str, base: tuple[Offset, ...]) -> tuple[Offset, ...]:
    """The offsets of `base` that the direction letters choose (all of them when none),
    in `base`'s order. Letters add up; on an atom with oblique or diagonal offsets a pair
    such as `fl` or `ff` names one direction (their intersection)."""
    if not directions:
        return base
    orthogonal = all(dx == 0 or dy == 0 for dx, dy in base)
    tests: list[tuple[str, ...]] = []
    i = 0
    while i < len(directions):
        a = directions[i]
        b = directions[i + 1] if i + 1 < len(directions) else ""
        if not orthogonal and b and _pair(a, b):
            tests.append((a, b))
            i += 2
        else:
            tests.append((a,))
            i += 1
    out = []
    for o in base:
        for t in tests:
            if len(t) == 1:
                ok = _half(t[0], o)
            elif t[0] == t[1]:
                ok = _half(t[0], o) and _half("v" if t[0] in "fb" else "s", o)
            else:
                ok = _half(t[0], o) and _half(t[1], o)
            if ok:
                out.append(o)
                break
    return tuple(out)


def _outward(first: Offset, turn: Offset) -> bool:
    """A bent rider's second leg goes on away from the start: each of its components is 0 or
    has the sign of the first leg's."""
    return all(u == 0 or _sign(u) == _sign(f) for f, u in zip(first, turn, strict=True))


class _Reader:
    """One pass over a move text (see `parse`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def fail(self, reason: str, column: int | None = None) -> NotationError:
        return NotationError(self.text, self.i if column is None else column, reason)

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def modifiers(self) -> str:
        start = self.i
        while self.peek() and (self.peek() in MODIFIERS or self.peek() in "th"
                               or self.peek() in RESERVED):
            c = self.peek()
            if c in RESERVED:
                raise self.fail(f"{c!r} writes {RESERVED[c]}, which no piece engine atom "
                                f"does yet")
            self.i += 1
        return self.text[start:self.i]

    def number(self) -> int:
        start = self.i
        while self.peek().isdigit():
            self.i += 1
        return int(self.text[start:self.i]) if self.i > start else 0

    def letter(self) -> str:
        c = self.peek()
        if not c:
            raise self.fail("the move ends where an atom letter (W, F, N, R, ...) should be")
        if not c.isupper():
            raise self.fail(f"{c!r} is neither a modifier nor an atom letter")
        if c not in LEAPERS and c not in RIDERS and c not in OWN:
            raise self.fail(f"no atom is written {c!r}")
        self.i += 1
        return c

    def rider(self, directions: str) -> tuple[tuple[Offset, ...], int]:
        """A rider leg of a two-leg move: its directions and range."""
        column = self.i
        letter = self.letter()
        if letter in _DOUBLED and self.peek() == letter:
            self.i += 1
            letter = _DOUBLED[letter]
        elif letter in _DOUBLED:
            letter = _DOUBLED[letter]
            if not self.peek().isdigit():
                raise self.fail(f"{self.text[column]} is one step: a leg that rides is "
                                f"{letter} (or {self.text[column] * 2})", column)
        if letter not in RIDERS:
            raise self.fail(f"{letter} does not ride: this leg must be R, B or Q", column)
        limit = self.number()
        dirs = select(directions, RIDERS[letter])
        if not dirs:
            raise self.fail(f"{directions!r} chooses no direction of {letter}", column)
        return dirs, limit

    def item(self) -> Item:
        start = self.i
        mods = self.modifiers()
        directions = "".join(c for c in mods if c in DIRECTION_LETTERS)
        flags = set(mods) - set(DIRECTION_LETTERS)
        for c in flags:
            if mods.count(c) > 1:
                raise self.fail(f"{c!r} written twice", start)
        if "m" in flags and "c" in flags:
            raise self.fail("m (move only) and c (capture only) together: write neither", start)
        mode: Mode = "move" if "m" in flags else "capture" if "c" in flags else "both"
        if self.peek() == "[":
            return self.two_legs(start, mods, directions, flags, mode)
        if "t" in flags:
            raise self.fail("t (then) needs its two legs in brackets: t[FR]")
        column = self.i
        letter = self.letter()
        if letter in _DOUBLED and self.peek() == letter:
            self.i += 1
            letter = _DOUBLED[letter]
        elif letter in _DOUBLED and self.peek().isdigit():
            letter = _DOUBLED[letter]
        limit = self.number()
        if "h" in flags:
            return self.hook(start, column, letter, directions, flags, mode, limit)
        if letter in OWN:
            return self.own(start, column, letter, directions, flags, mode, limit)
        base = RIDERS.get(letter) or LEAPERS[letter]
        dirs = select(directions, base)
        if not dirs:
            raise self.fail(f"{directions!r} chooses no direction of {letter}", column)
        source = self.text[start:self.i]
        if letter in RIDERS:
            for c in "neip":
                if c in flags and c != "p":
                    raise self.fail(f"{c!r} is for leaps, not for the rider {letter}", start)
            if "p" in flags:
                if mode != "capture" or limit:
                    raise self.fail("a hop (p) only captures, over one screen, at any "
                                    "distance: write it cpR, cpB or cpQ", start)
                return Item("hop", letter, dirs, "capture", source=source)
            return Item("slide", letter, dirs, mode, limit, source=source)
        if limit:
            raise self.fail(f"{letter} is a leap: only W, F, K and the riders take a range",
                            column)
        if "p" in flags:
            raise self.fail("a hop (p) is made along a rider's lines: cpR, cpB or cpQ", start)
        double = ep = False
        if "e" in flags:
            if mode == "move":
                double = True
            elif mode == "capture":
                ep = True
            else:
                raise self.fail("e (en passant) marks a move-only double step (me) or a "
                                "capture-only taker (ce)", start)
        if "i" in flags and mode != "move":
            raise self.fail("i (from the second rank only) is for a move that does not "
                            "capture (mi)", start)
        lame = "n" in flags
        if lame and any(dx and dy and abs(dx) != abs(dy) for dx, dy in dirs):
            raise self.fail(f"n (lame) needs a straight leap, and {letter} is oblique", start)
        return Item("leap", letter, dirs, mode, lame=lame, double=double, ep=ep,
                    first_ranks=(1,) if "i" in flags else (), source=source)

    def own(self, start: int, column: int, letter: str, directions: str, flags: set[str],
            mode: Mode, limit: int) -> Item:
        if flags:
            raise self.fail(f"{letter} takes no m, c, n, e, i or p", start)
        source = self.text[start:self.i]
        if letter == "U":
            if directions or limit:
                raise self.fail("U (to any square) takes no direction and no range", start)
            return Item("universal", "U", (), source=source)
        if not limit:
            if directions:
                raise self.fail("the Lion's powers on some lines reach 2 or 3 squares: "
                                "write a reach, as in fL2", column)
            return Item("lion", "L", (), source=source)
        if limit not in (2, 3):
            raise self.fail(f"a Lion line reaches 2 or 3 squares, not {limit}", column + 1)
        dirs = select(directions, ALL_DIRECTIONS)
        if not dirs:
            raise self.fail(f"{directions!r} chooses no line of L{limit}", column)
        return Item("lionline", "L", dirs, limit=limit, source=source)

    def hook(self, start: int, column: int, letter: str, directions: str, flags: set[str],
             mode: Mode, limit: int) -> Item:
        if letter not in RIDERS or limit:
            raise self.fail("a hook (h) turns from a full slide: hR, hB, hQ, or h[RsR]",
                            column)
        if flags - {"h", "m", "c"}:
            raise self.fail("a hook takes no n, e, i or p", start)
        legs = []
        for d in select(directions, RIDERS[letter]):
            pool = ORTHOGONAL if 0 in d else DIAGONAL
            legs.append((d, tuple(p for p in pool if p[0] * d[0] + p[1] * d[1] == 0)))
        if not legs:
            raise self.fail(f"{directions!r} chooses no direction of {letter}", column)
        return Item("hook", letter, tuple(d for d, _ in legs), mode, legs=tuple(legs),
                    source=self.text[start:self.i])

    def two_legs(self, start: int, mods: str, directions: str, flags: set[str],
                 mode: Mode) -> Item:
        """`t[XY]` (leap X, then ride Y outward) or `h[XY]` (ride X, then ride Y at a right
        angle from any empty square of X)."""
        shape = "t" if "t" in flags else "h" if "h" in flags else ""
        if not shape or ("t" in flags and "h" in flags):
            raise self.fail("brackets hold the two legs of t[..] (then) or h[..] (hook)")
        if directions or flags - {shape, "m", "c"}:
            raise self.fail("write the directions inside the brackets, on each leg", start)
        self.i += 1  # the bracket
        legs: list[tuple[Offset, tuple[Offset, ...]]] = []
        first_column = self.i
        if shape == "t":
            first_dirs = self.modifiers()
            if set(first_dirs) - set(DIRECTION_LETTERS):
                raise self.fail("only directions inside t[..]", first_column)
            letter = self.letter()
            if letter not in LEAPERS:
                raise self.fail("the first leg of t[..] is a leap (W, F, N, ...)",
                                first_column)
            firsts = select(first_dirs, LEAPERS[letter])
        else:
            first_dirs = self.modifiers()
            if set(first_dirs) - set(DIRECTION_LETTERS):
                raise self.fail("only directions inside h[..]", first_column)
            firsts, limit = self.rider(first_dirs)
            if limit:
                raise self.fail("a hook's first leg is a full slide", first_column)
            letter = "h"
        second_column = self.i
        second_dirs = self.modifiers()
        if set(second_dirs) - set(DIRECTION_LETTERS):
            raise self.fail("only directions inside the brackets", second_column)
        turns, limit = self.rider(second_dirs)
        if limit:
            raise self.fail("the second leg is a full slide", second_column)
        if self.peek() != "]":
            raise self.fail("the two legs end with ]")
        self.i += 1
        for f in firsts:
            if shape == "t":
                on = tuple(u for u in turns if _outward(f, u))
            else:
                on = tuple(u for u in turns if u[0] * f[0] + u[1] * f[1] == 0)
            if on:
                legs.append((f, on))
        if not legs:
            raise self.fail("the second leg never turns the way this move needs", second_column)
        kind: ItemKind = "bent" if shape == "t" else "hook"
        return Item(kind, mods + "[", tuple(f for f, _ in legs), mode, legs=tuple(legs),
                    source=self.text[start:self.i])


def parse(text: str) -> tuple[Item, ...]:
    """The items of a move text, in the order written. Items may stand side by side (`KNAD`)
    or be spaced for reading (`fmW fmneD fceF`); each is one way the piece may move."""
    reader = _Reader(text)
    items: list[Item] = []
    while True:
        while reader.peek().isspace():
            reader.i += 1
        if not reader.peek():
            break
        items.append(reader.item())
    if not items:
        raise NotationError(text, 0, "an empty move: every piece moves somehow")
    return tuple(items)


def _turn(o: Offset, forward: int) -> Offset:
    return (o[0], o[1] * forward)


def atom_of(item: Item, forward: int = 1, protection: Protection = "refined") -> Atom:
    """The engine atom of one item (see `atoms`)."""
    offs = tuple(_turn(o, forward) for o in item.offsets)
    legs = tuple((_turn(f, forward), tuple(_turn(u, forward) for u in turns))
                 for f, turns in item.legs)
    if item.kind == "leap":
        return Leap(offs, item.mode, lame=item.lame, double=item.double, ep=item.ep,
                    from_ranks=item.first_ranks)
    if item.kind == "slide":
        return Slide(offs, item.mode, item.limit)
    if item.kind == "hop":
        return Hop(offs)
    if item.kind == "bent":
        return Bent(legs, item.mode)
    if item.kind == "hook":
        return Hook(legs, item.mode)
    if item.kind == "lion":
        return Lion()
    if item.kind == "lionline":
        return LionLine(offs, item.limit)
    return Universal(protection)


def atoms(text: str, forward: int = 1, protection: Protection = "refined"
          ) -> tuple[Atom, ...]:
    """The engine atoms of a move text: one per item, in the order written. `forward` is +1
    when the first player moves up the engine's ranks, -1 when down; `protection` is the
    universal leaper's reading (a game option)."""
    if forward not in (1, -1):
        raise ValueError("forward is +1 or -1")
    return tuple(atom_of(item, forward, protection) for item in parse(text))
