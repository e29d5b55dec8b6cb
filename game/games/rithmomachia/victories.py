"""The eight victories: the common ones count captured pieces, the proper ones look for progressions.

Common (captured pieces leave the board): de corpore (N pieces), de bonis (sum S), de lite
(sum S and exactly C digits), de honore (N pieces and sum S), de honore liteque (N, S and C).
Proper (captured pieces change sides): magna (three pieces in one progression), major (four
pieces showing two kinds), praestantissima (four pieces showing all three), formed in the
opponent's half on consecutive squares of one file or rank, values rising or falling along
the line (docs/rules/rithmomachia.md R14-R21, A12-A14, A19).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from game.i18n import N_, _, ngettext

from .pieces import HEIGHT, SIDE_NAMES, WIDTH, Piece, digits, square_name

ARITHMETIC, GEOMETRIC, HARMONIC = "arithmetic", "geometric", "harmonic"
#: The kinds of progression as the screens name them (the ids above stay language-neutral).
KIND_WORDS = {ARITHMETIC: N_("arithmetic"), GEOMETRIC: N_("geometric"), HARMONIC: N_("harmonic")}
PROGRESSIONS = (ARITHMETIC, GEOMETRIC, HARMONIC)


@dataclass(frozen=True)
class Victory:
    """One victory of the table: its id, its Latin name, and which numbers it uses."""

    id: str
    title: str
    proper: bool
    uses: tuple[str, ...] = ()   # "N" pieces, "S" sum, "C" digits
    size: int = 0                # proper: pieces in the formation
    kinds: int = 0               # proper: kinds of progression needed


VICTORIES: tuple[Victory, ...] = (
    Victory("corpore", "Victoria de corpore", False, ("N",)),
    Victory("bonis", "Victoria de bonis", False, ("S",)),
    Victory("lite", "Victoria de lite", False, ("S", "C")),
    Victory("honore", "Victoria de honore", False, ("N", "S")),
    Victory("honore_liteque", "Victoria de honore liteque", False, ("N", "S", "C")),
    Victory("magna", "Victoria magna", True, size=3, kinds=1),
    Victory("major", "Victoria major", True, size=4, kinds=2),
    Victory("praestantissima", "Victoria praestantissima", True, size=4, kinds=3),
)
BY_ID = {v.id: v for v in VICTORIES}


def kind_of(a: int, b: int, c: int) -> str | None:
    """The progression three values form once sorted, or None (equal values never do).

    Three distinct positive values fit at most one kind, so the answer is unique."""
    a, b, c = sorted((a, b, c))
    if a == b or b == c:
        return None
    if a + c == 2 * b:
        return ARITHMETIC
    if b * b == a * c:
        return GEOMETRIC
    if b * (a + c) == 2 * a * c:
        return HARMONIC
    return None


def kinds_in(values: Sequence[int]) -> dict[str, tuple[int, int, int]]:
    """The progression kinds found among the 3-subsets of `values`, each with one example."""
    found: dict[str, tuple[int, int, int]] = {}
    for trio in combinations(sorted(values), 3):
        kind = kind_of(*trio)
        if kind is not None and kind not in found:
            a, b, c = sorted(trio)
            found[kind] = (a, b, c)
    return found


@dataclass(frozen=True)
class Formation:
    """A winning line: its squares (in order along the line), values and the kinds it shows."""

    squares: tuple[int, ...]
    values: tuple[int, ...]
    kinds: dict[str, tuple[int, int, int]]

    def describe(self) -> str:
        where = f"{square_name(self.squares[0])}-{square_name(self.squares[-1])}"
        shown = "; ".join(f"{', '.join(map(str, trio))} {_(KIND_WORDS[kind])}"
                          for kind, trio in sorted(self.kinds.items(),
                                                   key=lambda kv: PROGRESSIONS.index(kv[0])))
        return _("{shown} on {where}").format(shown=shown, where=where)


def _lines(side: int, back_rank_only: bool) -> Iterator[tuple[int, ...]]:
    """Every file and rank segment of the opponent's half (or only its back rank)."""
    ranks = range(HEIGHT // 2, HEIGHT) if side == 0 else range(HEIGHT // 2)
    if back_rank_only:
        ranks = range(HEIGHT - 1, HEIGHT) if side == 0 else range(1)
    for y in ranks:
        yield tuple(y * WIDTH + x for x in range(WIDTH))
    if not back_rank_only:
        for x in range(WIDTH):
            yield tuple(y * WIDTH + x for y in ranks)


def formations(board: Sequence[Piece | None], side: int, size: int, kinds: int, *,
               back_rank_only: bool = False) -> Iterator[Formation]:
    """Lines of `size` pieces of `side`, strictly rising or falling, showing `kinds` kinds."""
    for line in _lines(side, back_rank_only):
        for start in range(len(line) - size + 1):
            squares = line[start:start + size]
            values: list[int] = []
            for sq in squares:
                p = board[sq]
                if p is None or p.owner != side:
                    break
                values.append(p.value)
            else:
                rising = all(a < b for a, b in zip(values, values[1:], strict=False))
                falling = all(a > b for a, b in zip(values, values[1:], strict=False))
                if not (rising or falling):
                    continue
                found = kinds_in(values)
                if len(found) >= kinds:
                    yield Formation(squares, tuple(values), found)


@dataclass(frozen=True)
class Tally:
    """What one side has captured: pieces, sum of values, digits written on them."""

    count: int
    total: int
    digits: int

    @classmethod
    def of(cls, taken: Sequence[Piece]) -> Tally:
        return cls(len(taken), sum(p.value for p in taken), sum(digits(p.value) for p in taken))


def common_won(victory: Victory, tally: Tally, n: int, s: int, c: int) -> bool:
    """True when a side's captures satisfy a common victory with the numbers N, S, C."""
    ok = True
    if "N" in victory.uses:
        ok = ok and tally.count >= n
    if "S" in victory.uses:
        ok = ok and tally.total >= s
    if "C" in victory.uses:
        ok = ok and tally.digits == c
    return ok


def common_reason(victory: Victory, side: int, tally: Tally) -> str:
    parts = []
    if "N" in victory.uses:
        parts.append(ngettext("{n} piece", "{n} pieces", tally.count).format(n=tally.count))
    if "S" in victory.uses:
        parts.append(_("sum {n}").format(n=tally.total))
    if "C" in victory.uses:
        parts.append(ngettext("{n} digit", "{n} digits", tally.digits).format(n=tally.digits))
    return _("{victory}: {side} took {parts}").format(
        victory=victory.title, side=_(SIDE_NAMES[side]), parts=", ".join(parts))
