"""Turn cell-level input on a square board (press, release, click, right-click) into moves.

No pygame here: the board view converts pixels to squares, this controller decides what a press
on a square *means* for the move being built, and the scene submits the result to the rules.
It knows nothing of any game's rules either: the game lists its legal moves as `MoveOption`s
(the rules' own move plus the squares it stops on), and the controller only matches clicks
against those paths. That is enough for:

* click-click and drag-and-drop moves, re-selecting another piece, clicking again to drop it;
* multi-step moves (Tai Shogi's Lion: from, first step, second step) played with two clicks,
  the first step's square offering "stop here" when a one-step move ends there too;
* several moves that share a destination (promotion or not, en passant or a plain step,
  a Lion reaching a square by two routes): the result asks the scene for a chooser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from game.i18n import _
from game.ui.piece_game import MoveOption, PieceView, Square

__all__ = ["BoardInput", "MoveOption", "PieceView", "Result", "Square"]

Kind = Literal["none", "select", "step", "play", "choose", "refuse", "cancel"]


@dataclass(frozen=True)
class Result:
    """What an input did: nothing, a (re)selection, a first step, a move to play, a choice to
    offer between `options`, a refusal with its `reason`, or the selection cancelled."""

    kind: Kind
    options: tuple[MoveOption, ...] = ()
    reason: str = ""

    @property
    def option(self) -> MoveOption:
        return self.options[0]


NOTHING = Result("none")

#: reason(origin or None, square) -> a sentence for the player (the game words it).
Explain = Callable[[Square | None, Square], str]


def _default_reason(frm: Square | None, sq: Square) -> str:
    return _("that piece cannot go there") if frm is not None else _("choose one of your pieces")



@dataclass
class BoardInput:
    """The move being built on the board; `reset` it whenever the position changes."""

    explain: Explain = _default_reason
    options: tuple[MoveOption, ...] = ()
    pieces: Mapping[Square, PieceView] = field(default_factory=dict)
    side: int = 0
    frm: Square | None = None
    via: tuple[Square, ...] = ()
    #: The square a mouse button went down on, while it is held (a drag may be starting).
    pressed: Square | None = None
    _was_selected: bool = False
    _by_origin: dict[Square, tuple[MoveOption, ...]] = field(default_factory=dict)

    def reset(self, options: Iterable[MoveOption], pieces: Mapping[Square, PieceView],
              side: int) -> None:
        """A new position: its legal moves, its men, and whose turn it is."""
        self.options = tuple(options)
        self.pieces = pieces
        self.side = side
        by: dict[Square, list[MoveOption]] = {}
        for o in self.options:
            by.setdefault(o.frm, []).append(o)
        self._by_origin = {k: tuple(v) for k, v in by.items()}
        self.cancel()

    def cancel(self) -> None:
        self.frm = None
        self.via = ()
        self.pressed = None
        self._was_selected = False

    # -- queries (for highlights) -----------------------------------------------------------
    def movable(self) -> set[Square]:
        return set(self._by_origin)

    def options_from(self, sq: Square) -> tuple[MoveOption, ...]:
        return self._by_origin.get(sq, ())

    def pending(self) -> tuple[MoveOption, ...]:
        """Options still possible after the clicks made so far."""
        if self.frm is None:
            return ()
        prefix = (self.frm, *self.via)
        n = len(prefix)
        return tuple(o for o in self.options_from(self.frm)
                     if len(o.path) > n and o.path[:n] == prefix
                     or (self.via and o.path == prefix))

    def targets(self) -> dict[Square, str]:
        """Squares the next click may choose → "final" (a move ends there), "step" (only a first
        step of longer moves), or "both"; the square already stepped on offers "stop" when a
        move ends on it."""
        if self.frm is None:
            return {}
        return _next_squares(self.pending(), 1 + len(self.via))

    @staticmethod
    def destinations(options: Iterable[MoveOption]) -> dict[Square, bool]:
        """Final squares of `options` → whether any of those moves captures (hover preview)."""
        out: dict[Square, bool] = {}
        for o in options:
            out[o.to] = out.get(o.to, False) or bool(o.captures)
        return out

    # -- input ----------------------------------------------------------------------------------
    def press(self, sq: Square | None) -> Result:
        """A mouse button went down on `sq` (None: off the board)."""
        self.pressed = sq
        if sq is None:
            return NOTHING
        if self.frm is not None and sq in self.targets():
            self._was_selected = False
            return self._choose(sq)
        if self._own(sq) and not self.via:
            self._was_selected = sq == self.frm
            if self.options_from(sq):
                self.frm, self.via = sq, ()
                return Result("select")
            self.frm, self.via = None, ()
            return Result("refuse", reason=self.explain(None, sq))
        self._was_selected = False
        return self.click(sq)

    def release(self, sq: Square | None) -> Result:
        """The button came up on `sq`: a drop if it went down on the selected piece elsewhere."""
        start, self.pressed = self.pressed, None
        if start is None or self.frm is None or start != self.frm or self.via:
            return NOTHING
        if sq == start:
            if self._was_selected:  # a second click on the selected piece puts it down
                self.cancel()
                return Result("cancel")
            return NOTHING
        if sq is None:
            return NOTHING
        return self.drop(start, sq)

    def click(self, sq: Square) -> Result:
        """A click (press and release on one square, or Enter on the keyboard cursor)."""
        if self.frm is None:
            if self._own(sq):
                if self.options_from(sq):
                    self.frm = sq
                    return Result("select")
                return Result("refuse", reason=self.explain(None, sq))
            if sq in self.pieces:
                return Result("refuse", reason=self.explain(None, sq))
            return NOTHING
        if sq in self.targets():
            return self._choose(sq)
        if sq == self.frm and not self.via:
            self.cancel()
            return Result("cancel")
        if self._own(sq) and sq != self.frm and self.options_from(sq):
            self.frm, self.via = sq, ()
            return Result("select")
        return Result("refuse", reason=self.explain(self.frm, sq))

    def drop(self, frm: Square, to: Square) -> Result:
        """A drag from `frm` released on `to`: every move from there to there, whatever route."""
        found = tuple(o for o in self.options_from(frm) if o.to == to)
        if not found:
            self.frm, self.via = frm, ()
            return Result("refuse", reason=self.explain(frm, to))
        return self._finish(found)

    def back(self) -> Result:
        """Right-click / Backspace: undo the last step of the move being built."""
        if self.via:
            self.via = self.via[:-1]
            return Result("select")
        if self.frm is not None:
            self.cancel()
            return Result("cancel")
        return NOTHING

    # -- internals --------------------------------------------------------------------------------
    def _own(self, sq: Square) -> bool:
        p = self.pieces.get(sq)
        return p is not None and p.side == self.side

    def _choose(self, sq: Square) -> Result:
        pending = self.pending()
        n = 1 + len(self.via)
        if self.via and sq == self.via[-1]:
            ending = tuple(o for o in pending if len(o.path) == n)  # "stop here"
            return self._finish(ending)
        ending = tuple(o for o in pending if len(o.path) == n + 1 and o.path[n] == sq)
        going = tuple(o for o in pending if len(o.path) > n + 1 and o.path[n] == sq)
        if going:
            self.via = (*self.via, sq)
            return Result("step", ending)
        return self._finish(ending)

    def _finish(self, found: Sequence[MoveOption]) -> Result:
        if not found:
            return NOTHING
        if len(found) == 1:
            self.cancel()
            return Result("play", (found[0],))
        return Result("choose", tuple(found))


def _next_squares(pending: Sequence[MoveOption], n: int) -> dict[Square, str]:
    out: dict[Square, str] = {}
    for o in pending:
        if len(o.path) == n:
            out[o.path[-1]] = "stop"
            continue
        sq = o.path[n]
        kind = "final" if len(o.path) == n + 1 else "step"
        prev = out.get(sq)
        out[sq] = kind if prev in (None, kind) else "both"
    return out
