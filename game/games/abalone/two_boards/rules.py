"""Abalone 4×2×2 (rules §7.10): four players in two teams on two boards at once.

Team Black (players Black 1 and Black 2) and team White (White 1 and White 2) play two ordinary
games on boards X and Y from the same start; players keep their colour and, after each of
their own moves, walk to the other board. Black 1 starts on X, Black 2 on Y (White likewise).
The match is won by the team that wins more boards; equal is a draw.

[our choice] for what the traditional rule leaves open (it gives only the outline):
* One move at a time. "In phase" the two boards take their turns together; the app plays them
  one after the other, X then Y: Black on X, Black on Y, White on X, White on Y, and so on.
  "Counter-phase" board Y runs one half-move behind X: Black opens on X alone, then each step
  has one move on each board, X first (White on X, Black on Y, Black on X, White on Y, …).
* Who moves: on board X a colour's 1st, 3rd, 5th … moves are by its player 1 and its 2nd, 4th
  … by player 2; on board Y the other way round. So every player alternates boards move by
  move, as the rotation of players wants, in both phases.
* A board that is decided (six ejected, or a board's own limit) stops; the other plays on
  alone. When both are decided the match ends: boards won by each team, a drawn board counts
  for neither.
* Options apply to both boards (targets, handicaps, sprint, move limit, obstacles …). Two
  moves per turn and the one-board team game do not combine with it.
* Move notation: the board letter, a colon and the board's own notation, "X:a1b2". A position
  is the two boards' texts and the board to move: "<X> | <Y> | X" (see parse_position below).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.protocol import BadPosition, IllegalMove, Outcome
from game.i18n import _, ngettext

from ..rules import AbaloneRules
from ..state import BLACK, COLOUR_NAMES, WHITE, AbaloneState, Move, MovePreview

BOARD_NAMES = ("X", "Y")
PHASES = ("in-phase", "counter-phase")


@dataclass(frozen=True, slots=True)
class TwoBoardState:
    """Both boards, the board whose turn it is and the number of moves played on both."""

    boards: tuple[AbaloneState, AbaloneState]
    board: int = 0
    ply: int = 0

    @property
    def to_move(self) -> int:
        """The team (colour) to move: the engine's side."""
        return self.boards[self.board].to_move

    @property
    def current(self) -> AbaloneState:
        """The position of the board to move."""
        return self.boards[self.board]

    def key(self) -> Hashable:
        return (self.boards[0].key(), self.boards[1].key(), self.board, self.ply)


@dataclass(frozen=True, slots=True, order=True)
class BoardMove:
    """A move on one board: its index (0 = X, 1 = Y) and the ordinary Abalone move."""

    board: int
    move: Move

    @property
    def cells(self) -> tuple[int, ...]:
        return self.move.cells

    @property
    def direction(self) -> int:
        return self.move.direction


def scheduled_board(phase: str, ply: int) -> int:
    """The board the `ply`-th move of the match (from 0) is played on while both are live."""
    if phase == "counter-phase":
        return 0 if ply == 0 else (ply - 1) % 2
    return ply % 2


def player_number(board: int, state: AbaloneState) -> int:
    """Which player of the colour to move on this board moves now (1 or 2): on X the colour's
    moves go 1, 2, 1, …; on Y 2, 1, 2, …, so every player alternates boards."""
    nth = state.turn // 2  # the colour's own moves already made on this board
    return (nth + board) % 2 + 1


class TwoBoardRules:
    """Two Abalone games, one rules object for both boards (`base`), played in turn."""

    game_id = "abalone"
    teams = True
    hints_allowed = False  # partners may not consult (the seed), so no hints and no analysis
    multi_move = False

    def __init__(self, variant: str = "standard", options: Mapping[str, Any] | None = None):
        opts = dict(options or {})
        phase = opts.pop("boards_4x2x2", "in-phase")
        if phase not in PHASES:
            raise ValueError(f"option boards_4x2x2 must be one of {', '.join(PHASES)}, "
                             f"not {phase!r}")
        for clash, what in (("teams_4x2x1", "the one-board team game"),
                            ("multi_move", "two moves per turn")):
            if opts.get(clash):
                raise ValueError(f"four players on two boards cannot be combined with {what}")
        self.phase: str = phase
        self.base = AbaloneRules(variant, opts)
        self.variant = variant
        self.options = {**self.base.options, "boards_4x2x2": phase}
        self.need = self.base.need
        self.geo = self.base.geo
        self.one_colour_display = self.base.one_colour_display
        self.side_names: tuple[str, str] = ("Team Black", "Team White")
        self.start = TwoBoardState((self.base.start, self.base.start))

    # ----------------------------------------------------------------- contract
    def initial_state(self) -> TwoBoardState:
        return self.start

    def board_decided(self, state: TwoBoardState, board: int) -> Outcome | None:
        """One board's own result (None while it is being played)."""
        return self.base.outcome(state.boards[board])

    def legal_moves(self, state: TwoBoardState) -> list[BoardMove]:
        if self.outcome(state) is not None:
            return []
        b = state.board
        return [BoardMove(b, m) for m in self.base.legal_moves(state.boards[b])]

    def _resolve(self, state: TwoBoardState, move: object) -> str | None:
        if not isinstance(move, BoardMove):
            return _("that is not a move on one of the two boards")
        if self.outcome(state) is not None:
            return _("the match is over")
        if move.board != state.board:
            name = BOARD_NAMES[move.board] if move.board in (0, 1) else repr(move.board)
            return _("it is board {board}'s turn, not board {other}'s").format(
                board=BOARD_NAMES[state.board], other=name)
        return self.base.check(state.current, move.move)

    def check(self, state: TwoBoardState, move: BoardMove) -> str | None:
        return self._resolve(state, move)

    def play(self, state: TwoBoardState, move: BoardMove) -> TwoBoardState:
        why = self._resolve(state, move)
        if why is not None:
            raise IllegalMove(why)
        boards = list(state.boards)
        boards[move.board] = self.base.play(state.current, move.move)
        after = TwoBoardState((boards[0], boards[1]), state.board, state.ply + 1)
        return TwoBoardState(after.boards, self._next_board(after), after.ply)

    def _next_board(self, state: TwoBoardState) -> int:
        """The board of the next move: the schedule's, unless that board is decided."""
        b = scheduled_board(self.phase, state.ply)
        if self.base.outcome(state.boards[b]) is not None:
            other = 1 - b
            if self.base.outcome(state.boards[other]) is None:
                return other
        return b

    def outcome(self, state: TwoBoardState) -> Outcome | None:
        done = [r for r in (self.base.outcome(s) for s in state.boards) if r is not None]
        return self._verdict(done, "") if len(done) == 2 else None

    def decided(self, state: TwoBoardState) -> Outcome | None:
        """The outcome without move generation (the search's cheap test)."""
        done = [r for r in (self.base.decided(s) for s in state.boards) if r is not None]
        return self._verdict(done, "") if len(done) == 2 else None

    def _verdict(self, results: list[Outcome], prefix: str) -> Outcome:
        won = self.boards_won_from(results)
        detail = "; ".join(_("board {board}: {reason}").format(board=BOARD_NAMES[i],
                                                               reason=r.reason)
                           for i, r in enumerate(results))
        if won[BLACK] == won[WHITE]:
            return Outcome(None, prefix + ngettext("{n} board each ({detail})",
                                                   "{n} boards each ({detail})",
                                                   won[BLACK]).format(n=won[BLACK], detail=detail))
        win = BLACK if won[BLACK] > won[WHITE] else WHITE
        return Outcome(win, prefix + ngettext("{side} won {n} board to {other} ({detail})",
                                              "{side} won {n} boards to {other} ({detail})",
                                              won[win]).format(
            side=_(self.side_names[win]), n=won[win], other=won[1 - win], detail=detail))

    @staticmethod
    def boards_won_from(results: Sequence[Outcome | None]) -> tuple[int, int]:
        won = [0, 0]
        for r in results:
            if r is not None and r.winner is not None:
                won[r.winner] += 1
        return won[0], won[1]

    def boards_won(self, state: TwoBoardState) -> tuple[int, int]:
        """Boards won so far by Black and by White (the match score)."""
        return self.boards_won_from([self.base.outcome(s) for s in state.boards])

    def adjudicate(self, state: TwoBoardState) -> Outcome | None:
        """A match cut short: every undecided board goes to whoever ejected more on it."""
        done = [r for r in (self.base.outcome(s) or self.base.adjudicate(s) for s in state.boards)
                if r is not None]
        return self._verdict(done, _("cut short: "))

    # ----------------------------------------------------------------- who plays
    def player_name(self, state: TwoBoardState) -> str:
        """Who moves now and where: "Black 2 on board Y"."""
        return _("{player} on board {board}").format(
            player=f"{_(COLOUR_NAMES[state.to_move])} "
                   f"{player_number(state.board, state.current)}",
            board=BOARD_NAMES[state.board])


    def player_on(self, state: TwoBoardState, board: int) -> str:
        """Who moves next on `board` ("White 1"), or "" once that board is decided."""
        s = state.boards[board]
        if self.base.outcome(s) is not None:
            return ""
        return f"{_(COLOUR_NAMES[s.to_move])} {player_number(board, s)}"

    def ejected_by(self, state: TwoBoardState, side: int) -> int:
        """Opposing marbles team `side` has ejected on both boards together."""
        return sum(s.lost[1 - side] for s in state.boards)

    def preview(self, state: TwoBoardState, move: BoardMove) -> MovePreview | None:
        if self._resolve(state, move) is not None:
            return None
        return self.base.preview(state.boards[move.board], move.move)

    # ----------------------------------------------------------------- notation
    def to_notation(self, state: TwoBoardState, move: BoardMove) -> str:
        return f"{BOARD_NAMES[move.board]}:{self.base.to_notation(state.current, move.move)}"

    def display_move(self, state: TwoBoardState, move: BoardMove) -> str:
        board = state.boards[move.board]
        return f"{BOARD_NAMES[move.board]}: {self.base.display_move(board, move.move)}"

    def parse_move(self, state: TwoBoardState, text: str) -> BoardMove:
        """"X:a1b2" (or "y c3d4"); without a board letter, the board to move."""
        head, sep, rest = text.strip().partition(":")
        if not sep and len(text.split()) == 2:
            head, rest, sep = text.split()[0], text.split()[1], " "
        if sep:
            letter = head.strip().upper()
            if letter not in BOARD_NAMES:
                raise IllegalMove(f"cannot read {text!r}: a board is X or Y, like X:a1b2")
            board = BOARD_NAMES.index(letter)
        else:
            board, rest = state.board, text
        if board != state.board:
            raise IllegalMove(f"{text.strip()}: it is board {BOARD_NAMES[state.board]}'s turn")
        return BoardMove(board, self.base.parse_move(state.boards[board], rest))

    def position_text(self, state: TwoBoardState) -> str:
        x, y = (self.base.position_text(s) for s in state.boards)
        return f"{x} | {y} | {BOARD_NAMES[state.board]}"  # the ply is the boards' turns

    def parse_position(self, text: str) -> TwoBoardState:
        parts = [p.strip() for p in text.split("|")]
        if len(parts) != 3:
            raise BadPosition("a two-board position is board X's text, board Y's text and the "
                              "board to move, separated by '|'")
        boards = []
        for name, part in zip(BOARD_NAMES, parts[:2], strict=True):
            try:
                boards.append(self.base.parse_position(part))
            except BadPosition as exc:
                raise BadPosition(f"board {name}: {exc}") from None
        if parts[2].upper() not in BOARD_NAMES:
            raise BadPosition(f"the board to move must be X or Y, not {parts[2]!r}")
        state = TwoBoardState((boards[0], boards[1]), BOARD_NAMES.index(parts[2].upper()),
                              boards[0].turn + boards[1].turn)
        wrong = self._turn_problem(state)
        if wrong is not None:
            raise BadPosition(wrong)
        return state

    # ----------------------------------------------------------------- tool hooks
    def perft(self, state: TwoBoardState, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(state, m), depth - 1) for m in moves)

    def _turn_problem(self, state: TwoBoardState) -> str | None:
        """Why `state.board` cannot be the board to move (None if it can)."""
        if state.board not in (0, 1):
            return f"bad board to move {state.board}"
        live = [self.base.outcome(s) is None for s in state.boards]
        if any(live) and not live[state.board]:
            return f"board {BOARD_NAMES[state.board]} is over but still to move"
        due = scheduled_board(self.phase, state.ply)
        if all(live) and state.board != due:
            return f"move {state.ply + 1} is played on board {BOARD_NAMES[due]}"
        return None

    def invariants(self, state: TwoBoardState) -> list[str]:
        problems = [f"board {BOARD_NAMES[i]}: {p}" for i, s in enumerate(state.boards)
                    for p in self.base.invariants(s)]
        if state.ply != state.boards[0].turn + state.boards[1].turn:
            problems.append(f"{state.ply} moves played, but the boards count "
                            f"{state.boards[0].turn} and {state.boards[1].turn}")
        wrong = self._turn_problem(state)
        if wrong is not None:
            problems.append(wrong)
        for i, s in enumerate(state.boards):
            if s.turn > state.ply:
                problems.append(f"board {BOARD_NAMES[i]} has more moves than the match")
        return problems
