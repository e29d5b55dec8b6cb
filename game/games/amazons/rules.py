"""Game of the Amazons rules: positions, moves, legality, the end, notation and position text.

A move is one queen move of one of your amazons followed by an arrow shot, also a queen move,
from where it landed; the square it left counts as empty for the arrow. Arrows stay for good.
The player who cannot move loses. The rules: docs/rules/amazons.md.

Variants are board sizes (10 x 10 is the standard; smaller boards are sandboxes with the four
amazons per side placed proportionally). The option `territory_end` ends the game as soon as
the armies are separated and the moves left to each side are known (see endgame.py).

Squares are ints `y * n + x`; a move is `Move(frm, to, arrow)` of squares and is written
`d1-d7/g7`. Position text lists ranks from the top (rank n) down to rank 1, separated by `/`:
`W` and `B` amazons, `x` arrows, a number for a run of empty squares; then ` w` or ` b` for
the side to move. The 10 x 10 start is `3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w`.

Pure helpers for the scene (all take a State): `cell` (what stands on a square), `amazons`,
`movable` / `destinations` / `arrow_targets` (the three clicks of a move, each step's legal
squares) and `explain` (why a click is refused), `territory` (the queen- and king-distance overlay with counts), `is_separated` and
`race` (moves left to each side once the armies are apart).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import _

from . import endgame
from .bitboard import Geometry, geometry
from .perft import perft as _fast_perft

GAME_ID = "amazons"
WHITE, BLACK = 0, 1
SIDE_NAMES = ("White", "Black")
AMAZONS_PER_SIDE = 4

#: variant id -> board size
VARIANTS: dict[str, int] = {"standard": 10, "8x8": 8, "7x7": 7, "6x6": 6, "5x5": 5}
DEFAULT_OPTIONS: dict[str, Any] = {"territory_end": False}

FILES = "abcdefghijklmnop"


class Move(NamedTuple):
    """One complete move: the amazon on `frm` goes to `to` and shoots onto `arrow` (squares)."""

    frm: int
    to: int
    arrow: int


@dataclass(frozen=True, slots=True)
class State:
    """A position. Sets of squares are ints in the padded bit layout of bitboard.Geometry."""

    n: int
    white: int
    black: int
    arrows: int
    to_move: int

    def key(self) -> tuple[int, int, int, int]:
        return (self.white, self.black, self.arrows, self.to_move)

    def amazon_set(self, side: int) -> int:
        return self.black if side else self.white

    @property
    def occupied(self) -> int:
        return self.white | self.black | self.arrows


# -- squares --------------------------------------------------------------------------------


def square_name(n: int, sq: int) -> str:
    """`a1`-style name of square `sq` on an n x n board."""
    return f"{FILES[sq % n]}{sq // n + 1}"


_SQUARE_RE = re.compile(r"([a-pA-P])(\d{1,2})")


def parse_square(n: int, text: str) -> int:
    """Square number of a name like `d7`; raises IllegalMove with the reason."""
    m = _SQUARE_RE.fullmatch(text.strip())
    if not m:
        raise IllegalMove(_("'{text}' is not a square name (like d7)").format(text=text))
    x = ord(m.group(1).lower()) - ord("a")
    y = int(m.group(2)) - 1
    if not (0 <= x < n and 0 <= y < n):
        raise IllegalMove(_("{text} is off the {n}x{n2} board").format(text=text, n=n, n2=n))
    return y * n + x


def start_squares(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Start squares of White and Black on an n x n board.

    10 x 10 is a4 d1 g1 j4 / a7 d10 g10 j7: amazons a third of the way in. Other sizes keep
    that shape with f = (n - 1) // 3 (for 5 x 5: a2 b1 d1 e2 / a4 b5 d5 e4).
    """
    f = (n - 1) // 3
    white = (f * n, f, n - 1 - f, f * n + n - 1)
    top = n - 1 - f
    black = (top * n, (n - 1) * n + f, (n - 1) * n + n - 1 - f, top * n + n - 1)
    return tuple(sorted(white)), tuple(sorted(black))


# -- pure helpers the scene and the AI share ----------------------------------------------


def amazons(state: State, side: int) -> tuple[int, ...]:
    """Squares of `side`'s amazons, in increasing order."""
    return tuple(geometry(state.n).squares_of(state.amazon_set(side)))


def cell(state: State, sq: int) -> str:
    """What stands on a square: "W", "B", "x" (arrow) or "" (empty)."""
    b = geometry(state.n).bit[sq]
    if state.white & b:
        return "W"
    if state.black & b:
        return "B"
    if state.arrows & b:
        return "x"
    return ""


def _slide(geo: Geometry, start: int, occupied: int) -> list[int]:
    """Squares a queen on `start` reaches over `occupied` (start's own bit is ignored)."""
    bit = geo.bit
    out = []
    for ray in geo.rays[start]:
        for t in ray:
            if occupied & bit[t]:
                break
            out.append(t)
    return out


def has_move(state: State, side: int | None = None) -> bool:
    """True if `side` (default: the side to move) can make a move.

    An amazon with an empty neighbour can always step there and shoot back onto the square it
    left, so this is a neighbour test, not a move generation.
    """
    geo = geometry(state.n)
    mine = state.amazon_set(state.to_move if side is None else side)
    return bool(geo.neighbours(mine) & ~state.occupied)


def movable(state: State) -> tuple[int, ...]:
    """The mover's amazons that can move now (the first click of a move picks one of them)."""
    geo = geometry(state.n)
    free = ~state.occupied
    return tuple(a for a in geo.squares_of(state.amazon_set(state.to_move))
                 if geo.neighbours(geo.bit[a]) & free)


def walled_in(state: State) -> tuple[int, ...]:
    """Squares of the amazons, of either side, that no empty square touches: they cannot move
    again unless the game ends first (the board marks them; the player's count shows them)."""
    geo = geometry(state.n)
    free = geo.board & ~state.occupied
    return tuple(a for side in (WHITE, BLACK) for a in amazons(state, side)
                 if not geo.neighbours(geo.bit[a]) & free)


def destinations(state: State, frm: int) -> tuple[int, ...]:
    """Squares the amazon on `frm` may move to (empty if it is not the mover's amazon)."""
    geo = geometry(state.n)
    if not 0 <= frm < geo.squares or not state.amazon_set(state.to_move) & geo.bit[frm]:
        return ()
    return tuple(sorted(_slide(geo, frm, state.occupied)))


def arrow_targets(state: State, frm: int, to: int) -> tuple[int, ...]:
    """Squares the arrow may fly to after the amazon went `frm` -> `to` (frm counts as empty)."""
    geo = geometry(state.n)
    if to not in destinations(state, frm):
        return ()
    occupied = (state.occupied & ~geo.bit[frm]) | geo.bit[to]
    return tuple(sorted(_slide(geo, to, occupied)))


def _path(geo: Geometry, a: int, b: int) -> tuple[int, ...] | None:
    """Squares from a (excluded) to b (included) if they are on one queen line, else None."""
    for ray in geo.rays[a]:
        if b in ray:
            return ray[: ray.index(b) + 1]
    return None


def explain(state: State, frm: int, to: int | None = None, arrow: int | None = None
            ) -> str | None:
    """Why the (possibly partial) move frm[-to[/arrow]] is refused, or None if fine so far.

    The scene asks this at each of its three clicks; `Rules.check` asks it for whole moves
    (after the end-of-game test, which this does not repeat).
    """
    n = state.n
    geo = geometry(n)
    bit = geo.bit
    if not state.amazon_set(state.to_move) & bit[frm]:
        if state.amazon_set(1 - state.to_move) & bit[frm]:
            return _("that is not your amazon")
        return _("there is no amazon on {square}").format(square=square_name(n, frm))
    if to is None:
        if not geo.neighbours(bit[frm]) & ~state.occupied & geo.board:
            return _("that amazon is walled in: no empty square touches it")
        return None
    if to == frm:
        return _("the amazon must move at least one square")
    path = _path(geo, frm, to)
    if path is None:
        return _("an amazon moves in a straight line, like a chess queen")
    occ = state.occupied
    if any(occ & bit[s] for s in path):
        return _("the path is blocked")
    if arrow is None:
        return None
    if arrow == to:
        return _("the arrow cannot fly there: the amazon stands on that square")
    shot = _path(geo, to, arrow)
    if shot is None:
        return _("the arrow cannot fly there: it flies in a straight line, like a chess queen")
    occ = occ & ~bit[frm]
    if any(occ & bit[s] for s in shot):
        return _("the arrow cannot fly there: its path is blocked")
    return None


def generate(state: State) -> list[Move]:
    """Every legal move in the position (the side to move), without the end-of-game test."""
    geo = geometry(state.n)
    bit = geo.bit
    rays = geo.rays
    occ = state.occupied
    out: list[Move] = []
    for a in geo.squares_of(state.amazon_set(state.to_move)):
        occ_a = occ & ~bit[a]
        for ray in rays[a]:
            for d in ray:
                if occ_a & bit[d]:
                    break
                for ray2 in rays[d]:
                    for u in ray2:
                        if occ_a & bit[u]:
                            break
                        out.append(Move(a, d, u))
    return out


def apply(state: State, move: Move) -> State:
    """The position after a move, trusting that it is legal (the AI's and perft's path)."""
    bit = geometry(state.n).bit
    frm, to, arrow = move
    if state.to_move == WHITE:
        return State(state.n, state.white ^ bit[frm] ^ bit[to], state.black,
                     state.arrows | bit[arrow], BLACK)
    return State(state.n, state.white, state.black ^ bit[frm] ^ bit[to],
                 state.arrows | bit[arrow], WHITE)


# -- territory (for the scene's overlay and the AI) ------------------------------------------


@dataclass(frozen=True, slots=True)
class Territory:
    """Who reaches each empty square first, by queen moves and by king steps.

    `queen_distance[side][sq]` / `king_distance[side][sq]`: fewest moves for one of `side`'s
    amazons to get there (None if never, or if the square is not empty). `queen_owner[sq]` /
    `king_owner[sq]`: the side that is strictly closer, or None (a tie, nobody, or not empty).
    The counts are the number of squares owned by each side.
    """

    queen_distance: tuple[tuple[int | None, ...], tuple[int | None, ...]]
    king_distance: tuple[tuple[int | None, ...], tuple[int | None, ...]]
    queen_owner: tuple[int | None, ...]
    king_owner: tuple[int | None, ...]
    queen_counts: tuple[int, int]
    king_counts: tuple[int, int]


def _distances(geo: Geometry, layers: list[int]) -> tuple[int | None, ...]:
    dist: list[int | None] = [None] * geo.squares
    for k, layer in enumerate(layers, start=1):
        for sq in geo.squares_of(layer):
            dist[sq] = k
    return tuple(dist)


def _owners(d0: tuple[int | None, ...], d1: tuple[int | None, ...]
            ) -> tuple[tuple[int | None, ...], tuple[int, int]]:
    owner: list[int | None] = []
    counts = [0, 0]
    for a, b in zip(d0, d1, strict=True):
        if a is not None and (b is None or a < b):
            owner.append(WHITE)
            counts[WHITE] += 1
        elif b is not None and (a is None or b < a):
            owner.append(BLACK)
            counts[BLACK] += 1
        else:
            owner.append(None)
    return tuple(owner), (counts[0], counts[1])


def territory(state: State) -> Territory:
    """The queen-distance and king-distance territory map of a position (see `Territory`)."""
    geo = geometry(state.n)
    empty = geo.board & ~state.occupied
    masks = geo.fill_masks(empty)
    qd = (_distances(geo, geo.queen_layers(state.white, masks)),
          _distances(geo, geo.queen_layers(state.black, masks)))
    kd = (_distances(geo, geo.king_layers(state.white, empty)),
          _distances(geo, geo.king_layers(state.black, empty)))
    q_owner, q_counts = _owners(*qd)
    k_owner, k_counts = _owners(*kd)
    return Territory(qd, kd, q_owner, k_owner, q_counts, k_counts)


def is_separated(state: State) -> bool:
    """True when no connected area of empty and amazon squares holds both colours."""
    return endgame.separated(geometry(state.n), state.white, state.black, state.arrows)


def race(state: State) -> endgame.Race | None:
    """Moves left to each side once separated (bounds; exact as a rule), else None."""
    return endgame.race(state.n, state.white, state.black, state.arrows)


# -- position text --------------------------------------------------------------------------


def position_text(state: State) -> str:
    """Ranks from the top, `/`-separated: W, B, x and digit runs of empty squares; then w/b."""
    n = state.n
    rows = []
    for y in range(n - 1, -1, -1):
        row = ""
        run = 0
        for x in range(n):
            c = cell(state, y * n + x)
            if not c:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += c
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows) + (" w" if state.to_move == WHITE else " b")


def parse_position(text: str, n: int | None = None) -> State:
    """Read a position text; `n` (if given) is the board size it must have."""
    if not isinstance(text, str) or not text.strip():
        raise BadPosition(_("the position text is empty"))
    parts = text.split()
    if len(parts) != 2:
        raise BadPosition(_("a position is the board, a space, then w or b for the side to move "
                            "(like 3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w)"))
    board_text, side_text = parts
    if side_text not in ("w", "b"):
        raise BadPosition(_("the side to move must be w or b, not '{side_text}'").format(
            side_text=side_text))
    ranks = board_text.split("/")
    size = len(ranks)
    if n is not None and size != n:
        raise BadPosition(_("the board has {size} ranks but this game is played on {n}x{n2}").format(
            size=size, n=n, n2=n))
    if not 3 <= size <= 15:
        raise BadPosition(_("a board of {size} ranks is not supported (3 to 15)").format(size=size))
    geo = geometry(size)
    sets = {"W": 0, "B": 0, "x": 0}
    for i, rank_text in enumerate(ranks):
        y = size - 1 - i
        x = 0
        j = 0
        if not rank_text:
            raise BadPosition(_("rank {value} is empty (write {size} for an empty rank)").format(
                value=y + 1, size=size))
        while j < len(rank_text):
            ch = rank_text[j]
            if ch.isdigit():
                k = j
                while k < len(rank_text) and rank_text[k].isdigit():
                    k += 1
                run = int(rank_text[j:k])
                if run == 0 or rank_text[j] == "0":
                    raise BadPosition(_("rank {value}: '{value2}' is not a run of empty squares").format(
                        value=y + 1, value2=rank_text[j:k]))
                x += run
                j = k
            elif ch in sets:
                if x < size:
                    sets[ch] |= geo.bit[y * size + x]
                x += 1
                j += 1
            else:
                raise BadPosition(_("rank {value}: '{ch}' is not W, B, x or a number").format(
                    value=y + 1, ch=ch))
        if x != size:
            raise BadPosition(_("rank {value} ('{rank_text}') covers {x} squares, not {size}").format(
                value=y + 1, rank_text=rank_text, x=x, size=size))
    for letter, name in (("W", "White"), ("B", "Black")):
        count = sets[letter].bit_count()
        if count == 0:
            raise BadPosition(_("{name} has no amazon").format(name=name))
        if count > AMAZONS_PER_SIDE:
            raise BadPosition(_("{name} has {count} amazons (at most {AMAZONS_PER_SIDE})").format(
                name=name, count=count, AMAZONS_PER_SIDE=AMAZONS_PER_SIDE))
    return State(size, sets["W"], sets["B"], sets["x"], WHITE if side_text == "w" else BLACK)


# -- notation -------------------------------------------------------------------------------


def to_notation(state: State, move: Move) -> str:
    n = state.n
    return f"{square_name(n, move.frm)}-{square_name(n, move.to)}/{square_name(n, move.arrow)}"


_MOVE_SEPARATORS = set("-–—/(),x: ")


def read_move(n: int, text: str) -> Move:
    """Parse move text without checking legality.

    Accepts `d1-d7/g7` (ours), `d1-d7(g7)`, `d1–d7,g7` and the engine styles `d1d7,d7g7` and
    `d1d7g7`.
    """
    hint = "write a move like d1-d7/g7 (amazon from, to, then the arrow)"
    if not isinstance(text, str):
        raise IllegalMove(_("cannot read a move from {text}: {hint}").format(
            text=repr(text), hint=hint))
    raw = text.strip()
    tokens = _SQUARE_RE.findall(raw)
    rest = _SQUARE_RE.sub("", raw)
    if not tokens or any(ch not in _MOVE_SEPARATORS for ch in rest):
        raise IllegalMove(_("cannot read '{text}' as a move: {hint}").format(text=text, hint=hint))
    squares = [parse_square(n, f + r) for f, r in tokens]
    if len(squares) == 4 and squares[1] == squares[2]:
        squares = [squares[0], squares[1], squares[3]]
    if len(squares) != 3:
        raise IllegalMove(_("'{text}' names {n} squares; {hint}").format(
            text=text, n=len(squares), hint=hint))
    return Move(*squares)


# -- the rules object -----------------------------------------------------------------------


class AmazonsRules:
    """Amazons for one board size and option set (implements protocol.Rules)."""

    game_id = GAME_ID

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None
                 ) -> None:
        if variant not in VARIANTS:
            raise KeyError(f"amazons: unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
        merged = dict(DEFAULT_OPTIONS)
        for key, value in (options or {}).items():
            if key not in merged:
                raise KeyError(f"amazons: unknown option {key!r}")
            merged[key] = value
        self.variant = variant
        self.options: dict[str, Any] = merged
        self.n = VARIANTS[variant]
        self.geometry = geometry(self.n)
        self.territory_end = bool(merged["territory_end"])

    # -- protocol --

    def initial_state(self) -> State:
        white, black = start_squares(self.n)
        geo = self.geometry
        return State(self.n, geo.set_of(white), geo.set_of(black), 0, WHITE)

    def legal_moves(self, state: State) -> list[Move]:
        if self.territory_end and self._race_outcome(state) is not None:
            return []
        return generate(state)

    def check(self, state: State, move: Any) -> str | None:
        n = self.n
        if state.n != n:
            return _("this position is for a {size}x{size} board, not {n}x{n}").format(
                size=state.n, n=n)
        if (not isinstance(move, tuple) or len(move) != 3
                or not all(isinstance(s, int) and 0 <= s < n * n for s in move)):
            return _("that is not a move on this board")
        if self.outcome(state) is not None:
            return _("the game is over")
        return explain(state, *move)

    def play(self, state: State, move: Move) -> State:
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return apply(state, Move(*move))

    def outcome(self, state: State) -> Outcome | None:
        if self.territory_end:
            decided = self._race_outcome(state)
            if decided is not None:
                return decided
        if not has_move(state):
            loser = state.to_move
            return Outcome(1 - loser, _("{side} cannot move").format(side=_(SIDE_NAMES[loser])))
        return None

    def _race_outcome(self, state: State) -> Outcome | None:
        """The early end by territory: decided once the move counts settle who runs out first."""
        r = race(state)
        if r is None:
            return None
        me, other = state.to_move, 1 - state.to_move
        if r.low[me] > r.high[other]:
            winner = me
        elif r.high[me] <= r.low[other]:
            winner = other
        else:
            return None  # defective areas not settled yet: play on, it settles as they shrink
        loser = 1 - winner

        def moves(side: int) -> str:
            lo, hi = r.low[side], r.high[side]
            return str(lo) if lo == hi else _("{low} to {high}").format(low=lo, high=hi)

        return Outcome(winner, _("territory: {side} has {moves} moves left, {other} "
                                 "{other_moves}").format(
            side=_(SIDE_NAMES[winner]), moves=moves(winner), other=_(SIDE_NAMES[loser]),
            other_moves=moves(loser)))

    def display_move(self, state: State, move: Move) -> str:
        """The move as the move list shows it: the amazon's way with an arrow, then the square
        its arrow burns, as players write it (d1-d7/g7): "d1→d7/g7"."""
        n = state.n
        m = Move(*move)
        return f"{square_name(n, m.frm)}→{square_name(n, m.to)}/{square_name(n, m.arrow)}"

    def to_notation(self, state: State, move: Move) -> str:
        return to_notation(state, Move(*move))

    def parse_move(self, state: State, text: str) -> Move:
        move = read_move(self.n, text)
        reason = self.check(state, move)
        if reason is not None:
            raise IllegalMove(_("{strip}: {reason}").format(strip=text.strip(), reason=reason))
        return move

    def position_text(self, state: State) -> str:
        return position_text(state)

    def parse_position(self, text: str) -> State:
        return parse_position(text, self.n)

    # -- hooks for the tools --

    def perft(self, state: State, depth: int) -> int:
        """Leaf nodes `depth` plies below `state` (bulk-counted; see perft.py)."""
        if self.territory_end:
            return self._slow_perft(state, depth)
        geo = geometry(state.n)
        return _fast_perft(state.n, geo.squares_of(state.white), geo.squares_of(state.black),
                           geo.squares_of(state.arrows), state.to_move, depth)

    def _slow_perft(self, state: State, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self._slow_perft(apply(state, m), depth - 1) for m in moves)

    def invariants(self, state: State) -> list[str]:
        problems = []
        geo = self.geometry
        if state.n != self.n:
            problems.append(f"board size {state.n} in a {self.n}x{self.n} game")
        for name, bb in (("white", state.white), ("black", state.black),
                         ("arrows", state.arrows)):
            if bb & ~geo.board:
                problems.append(f"{name} has bits off the board")
        if state.white & state.black or state.arrows & (state.white | state.black):
            problems.append("two things share a square")
        for side in (WHITE, BLACK):
            count = state.amazon_set(side).bit_count()
            if not 1 <= count <= AMAZONS_PER_SIDE:
                problems.append(f"{SIDE_NAMES[side]} has {count} amazons")
        if state.to_move not in (WHITE, BLACK):
            problems.append(f"to_move is {state.to_move}")
        return problems

    # -- helpers for the scene --

    def destinations(self, state: State, frm: int) -> tuple[int, ...]:
        return () if self.outcome(state) is not None else destinations(state, frm)

    def arrow_targets(self, state: State, frm: int, to: int) -> tuple[int, ...]:
        return () if self.outcome(state) is not None else arrow_targets(state, frm, to)

    def territory(self, state: State) -> Territory:
        return territory(state)


def make_rules(variant: str = "standard", options: Mapping[str, Any] | None = None
               ) -> AmazonsRules:
    return AmazonsRules(variant, options)
