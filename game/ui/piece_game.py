"""What the shared square-board view needs from a piece game, as plain data (no pygame).

A game (fairy chess, Tai Shogi, Rythmomachie) fills in `PieceGame` over its own rules; the board
view, the input controller, the piece card and the trays only ever see these types. Nothing here
decides a rule: legal moves, captures and move diagrams all come from the game's rules.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

#: (file, rank), both from 0; rank 0 is the first player's back rank.
Square = tuple[int, int]


@dataclass(frozen=True)
class PieceView:
    """What the view needs to know of a man: its kind (the game's own key), side, promotion."""

    kind: str
    side: int
    promoted: bool = False


@dataclass(frozen=True)
class MoveOption:
    """One legal move as the board sees it.

    `path` is the origin followed by every square the piece stops on (a Lion's two-step move has
    three squares; capturing without moving returns to the origin). `label` names the move in a
    chooser ("promote to Queen", "en passant"); `promotion` is the kind it becomes, if any, so
    the chooser can show its sprite. `leap` tells the animation to jump rather than slide.
    """

    move: Hashable
    path: tuple[Square, ...]
    label: str = ""
    promotion: str | None = None
    captures: tuple[Square, ...] = ()
    leap: bool = False

    @property
    def frm(self) -> Square:
        return self.path[0]

    @property
    def to(self) -> Square:
        return self.path[-1]


#: Marks of a move diagram, by offset from the man (dx, dy), dy forward for its owner.
MOVE, CAPTURE, BOTH, HOP, SCREEN = "move", "capture", "both", "hop", "screen"


@dataclass(frozen=True)
class MoveDiagram:
    """Where a man on an otherwise empty board may go: `radius` squares around it, each marked
    "move" (only without capturing), "capture" (only capturing), "both", "hop" (a capture over a
    screen), or "screen" (a man placed to show how a hopper captures)."""

    radius: int
    marks: Mapping[tuple[int, int], str] = field(default_factory=dict)


@dataclass(frozen=True)
class CardInfo:
    """The piece card: name, how it moves in words, its diagram, and what it promotes to."""

    name: str
    moves: str
    diagram: MoveDiagram
    promotion: str = ""
    promotes_to: tuple[str, ...] = ()
    value: str = ""


class PieceGame(Protocol):
    """A piece game as the board view sees it (a thin adapter over the game's rules)."""

    files: int
    ranks: int

    def pieces(self, state: Any) -> Mapping[Square, PieceView]: ...

    def options(self, state: Any) -> Sequence[MoveOption]:
        """Every legal move of the side to move."""
        ...

    def option_of(self, state: Any, move: Any) -> MoveOption:
        """The board view of one move (to animate the computer's moves, redo, hints)."""
        ...

    def explain(self, state: Any, frm: Square | None, to: Square) -> str:
        """Why nothing legal goes from `frm` to `to` (or why `to` cannot be picked)."""
        ...

    def in_check(self, state: Any) -> tuple[Square, ...]:
        """Royal men of the side to move that are attacked (highlighted)."""
        ...

    def card(self, piece: PieceView) -> CardInfo: ...

    def captured(self, before: Any, move: Any) -> Sequence[PieceView]:
        """The men `move` removes from the board in `before` (for the trays)."""
        ...
