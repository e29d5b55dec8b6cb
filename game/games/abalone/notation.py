"""Abalone's texts: move notation (§6.1, Aba-Pro: "a1b2", "c6c7d6"), the readable move of the move
list ("a1–a3→a4 ×") and the one-line position text (see rules.py's docstring for its format).

Functions of a rules object: reading a move needs its legality (`check`, `move_from`), reading
a position its fixed geometry (obstacles, holes, pivot) and its marble counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Protocol

from game.engine.protocol import BadPosition, IllegalMove
from game.i18n import _

from . import bitboard
from .bitboard import Geometry
from .starts import cell_name, parse_cell
from .state import BLACK, COLOUR_NAMES, WHITE, AbaloneState, Move, names


class AbaloneRules(Protocol):
    """What the texts read of the rules (rules.py's AbaloneRules fills it). A protocol, not an
    import: rules.py imports this module, and an arrow back would close a cycle."""

    @property
    def geo(self) -> Geometry: ...
    @property
    def has_pivot(self) -> bool: ...
    @property
    def move_limit(self) -> int | None: ...
    @property
    def multi_move(self) -> bool: ...
    @property
    def total(self) -> tuple[int, int]: ...
    @property
    def check(self) -> Callable[..., Any]: ...
    @property
    def move_from(self) -> Callable[..., Any]: ...
    @property
    def preview(self) -> Callable[..., Any]: ...

#: What each letter of a position's rows stands for.
ROW_LETTERS = {"B": "black marble", "W": "white marble", "N": "neutral marble",
               "X": "obstacle", "H": "hole"}


def read_rows(text: str) -> dict[str, int]:
    """The rows of a position text ("5/6/4BBW/…", row I first) read into one mask per letter of
    ROW_LETTERS; raises BadPosition naming the row that does not read."""
    rows = text.split("/")
    if len(rows) != 9:
        raise BadPosition(_("the board needs 9 rows separated by '/', found {n}").format(
            n=len(rows)))
    found = dict.fromkeys(ROW_LETTERS, 0)
    for i, row_text in enumerate(rows):
        r = 9 - i
        letter = "ABCDEFGHI"[r - 1]
        cells = [bitboard.index(r, d) for d in range(1, 10) if bitboard.on_board(r, d)]
        pos = 0
        for ch in row_text:
            if ch.isdigit():
                pos += int(ch)
                continue
            if pos >= len(cells):
                break
            if ch not in found:
                raise BadPosition(_("row {letter}: {ch} is not B, W, N, X, H or a digit").format(
                    letter=letter, ch=repr(ch)))
            found[ch] |= 1 << cells[pos]
            pos += 1
        if pos != len(cells):
            raise BadPosition(_("row {letter} must describe {n} cells, {row_text} describes a "
                                "different number").format(
                letter=letter, n=len(cells), row_text=repr(row_text)))
    return found


def position_options(text: str) -> dict[str, object]:
    """The options a position text implies by itself: its obstacles (X), holes (H) and the
    neutral marble's cell (N), as the match setup names them. Diagrams use it to build the
    rules that can read them."""
    found = read_rows(text.split()[0] if text.split() else "")
    options: dict[str, object] = {"obstacles": [cell_name(c) for c in bitboard.bits(found["X"])],
                                  "holes": [cell_name(c) for c in bitboard.bits(found["H"])]}
    if found["N"]:
        options["pivot_start"] = cell_name(bitboard.bits(found["N"])[0])
    return options


def display_move(rules: AbaloneRules, state: AbaloneState, move: Move) -> str:
    """The move as the move list shows it (files keep `to_notation`): the marbles and where
    they go with an arrow — "a1→a2", "a1–a3→a4" for a line moving on, "c3–c5→d4–d6" for
    a side-step — and "×" when it ejects a marble."""
    p = rules.preview(state, move)
    if p is None:
        return to_notation(move)
    src = [c for c, _ in p.steps]  # leading marble first
    dst = [t for _, t in p.steps]
    if p.kind == "inline":
        text = (f"{cell_name(src[-1])}→{cell_name(dst[0])}" if len(src) == 1 else
                f"{cell_name(src[-1])}–{cell_name(src[0])}→{cell_name(dst[0])}")
    elif p.kind == "side-step":
        a, b = sorted(src), sorted(dst)
        text = f"{cell_name(a[0])}–{cell_name(a[-1])}→{cell_name(b[0])}–{cell_name(b[-1])}"
    else:
        text = ",".join(cell_name(c) for c in sorted(src)) + "→" + ",".join(
            cell_name(c) for c in sorted(dst))
    text = text.lower()
    return text + " ×" if p.ejected is not None else text


def to_notation(move: Move) -> str:
    """The Aba-Pro text of a move (lower case); it needs no position."""
    cells = list(move.cells)
    step = bitboard.STEPS[move.direction]
    cs = sorted(cells)
    is_line = len(cs) == 1 or any(
        cs[1] - cs[0] == bitboard.STEPS[a] and (len(cs) == 2 or cs[2] - cs[1] == bitboard.STEPS[a])
        for a in bitboard.AXES)
    if is_line and (len(cs) == 1 or abs(cs[1] - cs[0]) == abs(step)):
        trailing = min(cells, key=lambda c: c * step)
        text = cell_name(trailing) + cell_name(trailing + step)
    elif is_line:
        text = cell_name(cs[0]) + cell_name(cs[-1]) + cell_name(cs[0] + step)
    else:
        text = "".join(cell_name(c) for c in cs) + cell_name(cs[0] + step)
    return text.lower()


def parse_move(rules: AbaloneRules, state: AbaloneState, text: str) -> Move:
    """The move a text names in `state`; IllegalMove says what is wrong with it."""
    t = re.sub(r"[\s\-]", "", text).lower()
    if not re.fullmatch(r"([a-i][1-9]){2,4}", t):
        raise IllegalMove(_("cannot read {text}: write a move as cells, like a1b2 (inline) or "
                            "c6c7d6 (side-step)").format(text=repr(text)))
    try:
        cells = [parse_cell(t[i:i + 2]) for i in range(0, len(t), 2)]
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None
    if len(cells) == 2:
        m, target = cells
        di = direction_between(m, target)
        if state.colour_at(m) is None:
            raise IllegalMove(_("{t}: there is no marble on {cell_name}").format(
                t=t, cell_name=cell_name(m)))
        move: Move = rules.move_from(state, m, di)
    elif len(cells) == 3:
        a, b, dest = cells
        diff = b - a
        line = None
        for axis in bitboard.AXES:
            s = bitboard.STEPS[axis]
            if diff in (s, -s):
                line = [a, b]
            elif diff in (2 * s, -2 * s):
                line = [a, a + diff // 2, b]
        if line is None:
            raise IllegalMove(_("{t}: {cell_name} and {cell_name2} are not the ends of a line of "
                                "two or three marbles").format(
                t=t, cell_name=cell_name(a), cell_name2=cell_name(b)))
        di = direction_between(a, dest)
        if abs(bitboard.STEPS[di]) == abs(line[1] - line[0]):
            raise IllegalMove(_("{t}: that is an inline move; write the trailing marble and the "
                                "cell it moves to, like a1b2").format(t=t))
        move = Move.of(line, di)
    else:
        if not rules.geo.triangles:
            raise IllegalMove(_("{t}: triangle moves are not played in this game").format(t=t))
        *tri, dest = cells
        if not bitboard.is_triangle(sorted(tri)):
            raise IllegalMove(_("{t}: those three marbles do not form a triangle").format(t=t))
        di = direction_between(tri[0], dest)
        move = Move.of(tri, di)
    why = rules.check(state, move)
    if why is not None:
        raise IllegalMove(_("{t}: {why}").format(t=t, why=why))
    return move


def direction_between(src: int, dest: int) -> int:
    """The direction from a cell to its neighbour; IllegalMove if they are not neighbours."""
    diff = dest - src
    if diff not in bitboard.STEPS:
        raise IllegalMove(_("{lower} is not next to {lower2}").format(
            lower=cell_name(dest).lower(), lower2=cell_name(src).lower()))
    return bitboard.STEPS.index(diff)

# ----------------------------------------------------------------- position text

def position_text(rules: AbaloneRules, state: AbaloneState) -> str:
    """`state` as one line of text (the format in rules.py's docstring)."""
    rows = []
    for r in range(9, 0, -1):
        out = ""
        run = 0
        for d in range(1, 10):
            if not bitboard.on_board(r, d):
                continue
            bit = 1 << bitboard.index(r, d)
            ch = ("B" if state.black & bit else "W" if state.white & bit else
                  "N" if state.pivot & bit else "X" if rules.geo.obstacles & bit else
                  "H" if rules.geo.holes & bit else "")
            if not ch:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch
        if run:
            out += str(run)
        rows.append(out)
    text = f"{'/'.join(rows)} {'bw'[state.to_move]} {state.lost[0]} {state.lost[1]}"
    if state.turn:
        text += f" turn={state.turn}"
    if state.step:
        text += f" step={state.step}"
    if state.quiet:
        text += f" quiet={state.quiet}"
    return text


def parse_position(rules: AbaloneRules, text: str) -> AbaloneState:
    """The position a text describes, checked against this game's geometry and marbles."""
    parts = text.split()
    if len(parts) < 4:
        raise BadPosition(_("a position needs the rows, the side to move and the two ejection "
                            "counts, like 'WWWWW/WWWWWW/2WWW2/8/9/8/2BBB2/BBBBBB/BBBBB b 0 0'"))
    rows = parts[0]
    found = read_rows(rows)
    black, white, pivot, obstacles, holes = (found[ch] for ch in "BWNXH")
    if obstacles != rules.geo.obstacles:
        raise BadPosition(_("the obstacles of this game are at {value}, the text has them at "
                            "{value2}").format(
            value=names(rules.geo.obstacles) or 'no cell', value2=names(obstacles) or 'no cell'))
    if holes != rules.geo.holes:
        raise BadPosition(_("the holes of this game are at {value}, the text has them at {value2}").format(
            value=names(rules.geo.holes) or 'no cell', value2=names(holes) or 'no cell'))
    if pivot and not rules.has_pivot:
        raise BadPosition(_("this game has no neutral marble (N)"))
    if pivot.bit_count() > 1:
        raise BadPosition(_("there is only one neutral marble"))
    if rules.has_pivot and not pivot and not rules.geo.pivot_ejectable:
        raise BadPosition(_("the neutral marble (N) is missing"))
    side = parts[1].lower()
    if side not in ("b", "w"):
        raise BadPosition(_("the side to move must be b or w, not {value}").format(
            value=repr(parts[1])))
    try:
        lost = (int(parts[2]), int(parts[3]))
    except ValueError:
        raise BadPosition(_("the ejection counts must be whole numbers")) from None
    extra = {"turn": 0, "step": 0, "quiet": 0}
    for item in parts[4:]:
        key, _eq, value = item.partition("=")
        if key not in extra or not value.isdigit():
            raise BadPosition(_("cannot read {item} (expected turn=N, step=N or quiet=N)").format(
                item=repr(item)))
        extra[key] = int(value)
    for colour, mask in ((BLACK, black), (WHITE, white)):
        name = COLOUR_NAMES[colour]
        if lost[colour] < 0:
            raise BadPosition(_("{name}'s ejection count cannot be negative").format(name=name))
        if mask.bit_count() + lost[colour] > rules.total[colour]:
            raise BadPosition(_("{name} has {value} marbles in this game, the text has {bit_count} "
                                "on the board and {value2} ejected").format(
                name=name, value=rules.total[colour], bit_count=mask.bit_count(),
                value2=lost[colour]))
    if extra["step"] > 2 or (extra["step"] and not rules.multi_move):
        raise BadPosition(_("step= is only 1 or 2, during a multi-move turn"))
    if extra["quiet"] and rules.move_limit is None:
        raise BadPosition(_("quiet= counts moves without an ejection, only under the move limit"))
    return AbaloneState(black, white, pivot, lost, "bw".index(side), extra["turn"],
                        extra["step"], extra["quiet"])
