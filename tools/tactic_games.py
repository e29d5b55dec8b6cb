"""How tools/tactics.py sees each two-player game: whole turns, and whether a turn wins.

The prover must not share the computer's heuristics, so everything here is the rules' own
functions (legal_moves, play, outcome, and the rules' cheap tests that rule a move out of
winning: a mate needs a check, an Abalone win needs an ejection). A "turn" is what one side
does before the other moves: one move in most games, and in Rithmomachia the captures, the
step and the follow-up captures, enumerated exhaustively (a position with more turns than
TURN_LIMIT is left out of the suites rather than half-proved).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from game.engine.match import outcome_of
from game.games.rithmomachia.state import Step

#: Most turns the Rithmomachia enumeration follows from one position (else: not proved).
TURN_LIMIT = 3000

#: The phases a position is counted in (`Turns.phase`; puzzle games name the same three).
PHASES = ("opening", "middle", "ending")


def every_defence_loses(turns: Turns, defences: Iterable[Any], side: int) -> bool:
    """After each of the opponent's answers (the positions `defences`, made as they are asked
    for, so that the first that escapes ends the walk), `side` has won by the rules or wins
    at once: the second half of a win in two. False when there is no answer at all."""
    answered = False
    for then in defences:
        answered = True
        out = outcome_of(turns.rules, then)
        if out is not None:
            if out.winner != side:
                return False
            continue
        if not turns.winning(then, True):
            return False
    return answered


class TooManyTurns(Exception):
    """The position has more turns than the prover enumerates."""


class Turns:
    """The default: a turn is one legal move, played by the rules."""

    #: plies before which a position counts as the opening, and share of the starting men
    #: (or, for Amazons, of the free squares) below which it is an ending
    opening_plies = 20
    ending_share = 0.5

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.start_men = self.men(rules.initial_state())

    # -- to be refined per game --

    def moves(self, state: Any) -> Sequence[Any]:
        return self.rules.legal_moves(state)  # type: ignore[no-any-return]

    def after(self, state: Any, move: Any) -> Any:
        return self.rules.play(state, move)

    def may_win(self, state: Any, move: Any, after: Any) -> bool:
        """False only when the rules say `move` cannot end the game (a cheap exact filter)."""
        return True

    def men(self, state: Any) -> int:
        """Men on the board (for the phase label)."""
        text = self.rules.position_text(state).split(" ")[0]
        return sum(ch.isalpha() for ch in text)

    # -- shared --

    def turns(self, state: Any) -> list[tuple[str, Any]]:
        """Every turn of the side to move: (its notation, the position after it)."""
        return [(self.rules.to_notation(state, m), self.after(state, m)) for m in self.moves(state)]

    def won_by(self, after: Any, side: int) -> bool:
        out = outcome_of(self.rules, after)
        return out is not None and out.winner == side

    def winning(self, state: Any, first_only: bool = False) -> list[str]:
        """Notations of the turns that win at once for the side to move."""
        side = state.to_move
        found = []
        for move in self.moves(state):
            after = self.after(state, move)
            if self.may_win(state, move, after) and self.won_by(after, side):
                found.append(self.rules.to_notation(state, move))
                if first_only:
                    break
        return found

    def phase(self, state: Any, ply: int) -> str:
        """One of PHASES."""
        if ply < self.opening_plies:
            return "opening"
        if self.men(state) < self.ending_share * self.start_men:
            return "ending"
        return "middle"

    def checking_move(self, state: Any, rng: Any) -> Any | None:
        """A random move that attacks the enemy royal (None: the game has no checks)."""
        return None

    def may_be_threatened(self, state: Any) -> bool:
        """False only when the rules say no turn of the side to move can leave the opponent a
        win at once (an exact screen before a parry proof; `make --screen exact`)."""
        return True

    # -- material by whole turns (tools/tactics.py free and badx where material_by_turns) --

    #: True: the material kinds are proved by whole turns from `taken` and `captures` (games
    #: off the piece engine); False: by the piece engine's capture search (tactic_kinds.py)
    material_by_turns = False

    #: Most turns a side may have in a position whose win in two is sought (the proof costs
    #: the cube of it)
    win2_limit = 60

    def may_win_in_two(self, state: Any) -> bool:
        """False only when the rules say the side to move cannot win within two turns."""
        return True

    def taken(self, state: Any, after: Any) -> int:
        """Material the side to move at `state` took from the other over the turn to `after`."""
        return 0

    def captures(self, state: Any, first_only: bool = False) -> list[tuple[str, Any, int]]:
        """The turns that take material: (notation, position after, material taken)."""
        found = []
        for label, after in self.turns(state):
            gain = self.taken(state, after)
            if gain > 0:
                found.append((label, after, gain))
                if first_only:
                    break
        return found

    # -- the material kinds (tools/tactic_kinds.py), for the games on the piece engine --

    def in_check(self, state: Any) -> bool:
        """Is the side to move's royal attacked (no check rule: False)?"""
        return False

    def passed(self, state: Any) -> Any | None:
        """The position with the other side to move and nothing else changed (the "null
        move" that asks what the opponent threatens), or None when the game has none."""
        return None

    def threat(self, state: Any) -> bool:
        """Would the opponent win at once if it were its turn now?"""
        other = self.passed(state)
        return other is not None and bool(self.winning(other, True))

    def material(self) -> Any:
        """The capture search of tools/tactic_kinds.py for this game (made once)."""
        mat = self.__dict__.get("_material")
        if mat is None:
            from tools.tactic_kinds import Material
            mat = self.__dict__["_material"] = Material(self)
        return mat

    def play_turn(self, state: Any, choose: Callable[[Any], Any]) -> tuple[str, Any]:
        """Let `choose(state) -> move` play one whole turn: (its notation, the position after)."""
        move = choose(state)
        return self.rules.to_notation(state, move), self.rules.play(state, move)


class PieceTurns(Turns):
    """Fairy chess: a win is a mate, so only a move that gives check can win."""

    opening_plies = 30

    def after(self, state: Any, move: Any) -> Any:
        return self.rules.engine.after(state, move)

    def may_win(self, state: Any, move: Any, after: Any) -> bool:
        return bool(self.rules.royals_in_check(after))

    def winning(self, state: Any, first_only: bool = False) -> list[str]:
        """The mates in one: each legal move is made on one engine position and asked whether
        it gives check and leaves no legal reply (no State is built per move; the draws by
        rule cannot be a mate's outcome)."""
        rules = self.rules
        if rules._ruled_end(state) is not None:  # a draw by rule: the game is over
            return []
        eng = rules.engine
        pos = eng.position(state)
        found = []
        for m in self.moves(state):
            undo = eng.make(pos, m)
            mate = eng.in_check(pos) and not self._any_reply(eng, pos)
            eng.unmake(pos, undo)
            if mate:
                found.append(rules.to_notation(state, m))
                if first_only:
                    break
        return found

    @staticmethod
    def _any_reply(eng: Any, pos: Any) -> bool:
        """Has the side to move a legal move? Asked one man at a time, royals first (a King's
        flight answers most checks), so a check that is no mate costs a few men's moves."""
        side = pos.side
        royals = list(pos.royals[side])
        others = [sq for sq in pos.pieces[side] if sq not in royals]
        return any(eng.legal(pos, (sq,)) for sq in royals + others)

    def in_check(self, state: Any) -> bool:
        return bool(self.rules.royals_in_check(state))

    def passed(self, state: Any) -> Any | None:
        if self.in_check(state):
            return None
        return type(state)(state.board, 1 - state.to_move, -1, -1, state.halfmove,
                           state.fullmove, (), state.castling)

    def checking_move(self, state: Any, rng: Any) -> Any | None:
        moves = list(self.moves(state))
        rng.shuffle(moves)
        for m in moves:
            if self.rules.royals_in_check(self.after(state, m)):
                return m
        return None


class TaiShogiTurns(Turns):
    """Tai Shogi: a side loses with its last royal (or with no move); the rules' fast apply.

    A move wins when its captures include every enemy royal, or when it leaves the enemy no
    move. The second is asked of the engine one enemy man at a time (the first man that can
    move settles it), and not at all while the enemy keeps a universal leaper and the board
    an empty square (it can always leap there). Both tests are exact and need no position
    built per move, which makes the proofs affordable with Tai Shogi's hundreds of moves."""

    opening_plies = 40

    def after(self, state: Any, move: Any) -> Any:
        return type(state)(self.rules.apply(state.board, move), 1 - state.to_move)

    def may_win(self, state: Any, move: Any, after: Any) -> bool:
        royal = self.rules.royal
        return any(state.board[c] in royal for c in move.caps) or not self.rules._can_move(after)

    def winning(self, state: Any, first_only: bool = False) -> list[str]:
        rules, board, side = self.rules, state.board, state.to_move
        enemy = 1 - side
        royal, universal = rules.royal, rules.universal
        royals = {sq for sq, p in enumerate(board) if p in royal and (p & 1) == enemy}
        leapers = {sq for sq, p in enumerate(board) if p in universal and (p & 1) == enemy}
        men = [sq for sq, p in enumerate(board) if p and (p & 1) == enemy]
        steps = self._steps(board, enemy) if not leapers else []
        found = []
        for move in self.moves(state):
            caps = set(move.caps)
            if royals <= caps or (
                    not any(f not in caps and t != move.to for f, t in steps)
                    and self._stuck(board, move, caps, leapers, men, enemy)):
                found.append(rules.to_notation(state, move))
                if first_only:
                    break
        return found

    def _steps(self, board: Any, side: int) -> list[tuple[int, int]]:
        """`side`'s plain one-square moves (from, to): nothing can block one, so after any
        move of the other side that neither takes the man nor lands on its target square,
        the man can still make it (the cheap answer to "has the enemy a move left?")."""
        eng = self.rules.engine
        return [(m.frm, m.to) for m in eng.pseudo(eng.position_of(board, side))
                if not m.captures and not m.via
                and max(abs(m.frm // 25 - m.to // 25), abs(m.frm % 25 - m.to % 25)) == 1]

    def _stuck(self, board: Any, move: Any, caps: set[int], leapers: set[int], men: list[int],
               enemy: int) -> bool:
        """After `move`, has the enemy no move at all?"""
        if leapers - caps:  # the move vacates a square, and a leaper can always go there
            return False
        b = self.rules.apply(board, move)
        eng = self.rules.engine
        pos = eng.position_of(b, enemy)
        return not any(b[sq] and (b[sq] & 1) == enemy and eng.pseudo(pos, (sq,)) for sq in men)

    def passed(self, state: Any) -> Any | None:
        return type(state)(state.board, 1 - state.to_move)

    def prove_win2(self, state: Any) -> list[str] | None:
        """The same proof as tools/tactics.py `prove_win2` (every first move, every defence, a
        win at once after each), made affordable with Tai Shogi's 300-600 moves a side: the
        positions are built one at a time, and the defences most likely to refute come first
        (the royals' own moves, then captures), so a first move that threatens nothing is
        refuted by the first defence tried, about 5 ms. The order changes the cost only; the
        generic proof over every turn would take minutes a position. No answers when the side
        to move wins at once (that is a win in one)."""
        rules = self.rules
        if self.winning(state, True):
            return None
        side = state.to_move
        royal = rules.royal
        found = []
        for move in self.moves(state):
            after = self.after(state, move)
            if outcome_of(rules, after) is not None:
                continue
            board = after.board
            replies = sorted(self.moves(after), key=lambda r: (
                board[r.frm] not in royal, not r.caps))
            if every_defence_loses(self, (self.after(after, r) for r in replies), side):
                found.append(rules.to_notation(state, move))
        return sorted(found) if found else None

    #: Moves tried by `checking_move` (each costs a move generation).
    checking_tries = 60

    def checking_move(self, state: Any, rng: Any) -> Any | None:
        """A random move after which we could take the last enemy royal if we moved again
        (Tai Shogi's royals are seldom in reach between cheap players)."""
        board, enemy = state.board, 1 - state.to_move
        royals = [sq for sq, p in enumerate(board) if p in self.rules.royal and (p & 1) == enemy]
        if not royals:
            return None

        def near(m: Any) -> tuple[int, float]:  # landing nearer an enemy royal first
            return (min(max(abs(m.to // 25 - r // 25), abs(m.to % 25 - r % 25))
                        for r in royals), rng.random())

        for m in sorted(self.moves(state), key=near)[:self.checking_tries]:
            after = self.after(state, m)
            if self.winning(type(state)(after.board, state.to_move), True):
                return m
        return None

    def men(self, state: Any) -> int:
        return sum(1 for p in state.board if p)


class AbaloneTurns(Turns):
    """Abalone: only a push that ejects a marble can win; material is marbles ejected. Turns
    go through the rules' raw moves (`raw_moves`, `play_raw`: the same moves, without the
    checks a player's move needs), named only when reported."""

    opening_plies = 16
    #: a side has 40 to 90 moves in the middle game; a win in two needs five marbles out
    #: already, so few positions are tried
    win2_limit = 120
    material_by_turns = True

    def may_win(self, state: Any, move: Any, after: Any) -> bool:
        return sum(after.lost) > sum(state.lost)

    def may_win_in_two(self, state: Any) -> bool:
        # each push ejects at most one marble
        side = state.to_move
        return bool(state.lost[1 - side] + 2 >= self.rules.need[side])

    def men(self, state: Any) -> int:
        return 28 - sum(state.lost)

    def _name(self, colour: int, raw: Any) -> str:
        from game.games.abalone import bitboard
        from game.games.abalone.state import Move
        return str(self.rules.to_notation(None, Move(tuple(bitboard.bits(raw[0])), raw[1])))

    def turns(self, state: Any) -> list[tuple[str, Any]]:
        rules = self.rules
        return [(self._name(c, raw), rules.play_raw(state, c, raw))
                for c, raw in rules.raw_moves(state)]

    def winning(self, state: Any, first_only: bool = False) -> list[str]:
        side, found = state.to_move, []
        for label, after, _gain in self.captures(state):
            if self.won_by(after, side):
                found.append(label)
                if first_only:
                    break
        return found

    def taken(self, state: Any, after: Any) -> int:
        other = 1 - state.to_move
        return int(after.lost[other] - state.lost[other])

    def captures(self, state: Any, first_only: bool = False) -> list[tuple[str, Any, int]]:
        rules, other = self.rules, 1 - state.to_move
        found = []
        for c, raw in rules.raw_moves(state):
            after = rules.play_raw(state, c, raw)
            gain = after.lost[other] - state.lost[other]
            if gain > 0:
                found.append((self._name(c, raw), after, gain))
                if first_only:
                    break
        return found


class AmazonsTurns(Turns):
    """Amazons: squares still free count as the men (they only ever get fewer).

    A side loses when none of its amazons has an empty neighbour (an amazon with one can step
    there and shoot back). One move fills two squares (where the amazon lands, where its arrow
    falls), so a move can win at once only when the loser's amazons have at most two empty
    neighbours and the move fills them all: `winning` plays only those moves, on the rules'
    trusting `apply` (the moves come from the rules' own generator). Both tests are exact, and
    without them a parry proof played every answer to every turn."""

    opening_plies = 12

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        #: the exact filters hold for the game that ends when a side cannot move (not for the
        #: option that ends it early by counting territory)
        self.fast = not getattr(rules, "territory_end", False)

    def after(self, state: Any, move: Any) -> Any:
        if not self.fast:
            return super().after(state, move)
        from game.games.amazons.rules import apply
        return apply(state, move)

    def _free_around(self, state: Any, amazons: int) -> int:
        """The empty squares next to the amazons of the set `amazons` (a bit set)."""
        return int(self.rules.geometry.neighbours(amazons) & ~state.occupied)

    def winning(self, state: Any, first_only: bool = False) -> list[str]:
        if not self.fast:
            return super().winning(state, first_only)
        geo = self.rules.geometry
        side = state.to_move
        free = self._free_around(state, state.amazon_set(1 - side))
        if bin(free).count("1") > 2:
            return []
        bit, found = geo.bit, []
        for move in self.moves(state):
            if free & ~(bit[move.to] | bit[move.arrow]):
                continue  # a neighbour stays empty: the opponent can still move
            if self.won_by(self.after(state, move), side):
                found.append(self.rules.to_notation(state, move))
                if first_only:
                    break
        return found

    def may_be_threatened(self, state: Any) -> bool:
        """False only when no turn of the side to move can leave the opponent a win at once.
        After our turn the amazons we did not move keep their empty neighbours, less the two
        squares the turn filled; the opponent's win needs at most two left. So some amazon's
        partners must have at most four empty neighbours now."""
        if not self.fast:
            return True
        geo = self.rules.geometry
        ours = state.amazon_set(state.to_move)
        return any(bin(self._free_around(state, ours & ~geo.bit[a])).count("1") <= 4
                   for a in geo.squares_of(ours))

    def men(self, state: Any) -> int:
        text = self.rules.position_text(state).split(" ")[0]
        return sum(int(tok) for tok in _numbers(text))


def _numbers(text: str) -> list[str]:
    out, cur = [], ""
    for ch in text:
        if ch.isdigit():
            cur += ch
        elif cur:
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


class RithmoTurns(Turns):
    """Rithmomachia: a turn is the captures, the step and the captures after it."""

    opening_plies = 16
    material_by_turns = True
    #: Turn ends a material proof (free, badx) may enumerate in all before the position is
    #: left out: a badx proof follows every turn of ours after each capture in answer.
    material_walk = 40_000

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.walk_left: int | None = None

    def start_proof(self, kind: str) -> None:
        """Bound the enumeration of one proof (the material kinds only; the others are
        bounded by TURN_LIMIT per position, as the suites were made)."""
        self.walk_left = self.material_walk if kind in ("free", "badx") else None

    def men(self, state: Any) -> int:
        return sum(1 for p in state.board if p is not None)

    def turns(self, state: Any) -> list[tuple[str, Any]]:
        return list(self.ends(state))

    def ends(self, state: Any, labels: bool = True,
             first_steps: Any = frozenset()) -> Iterator[tuple[str, Any]]:
        """The turns of the side to move as they are found: (notation, or "" without
        `labels`, the position after). Each end once, by the first path to it; the captures
        before the steps (the rules' order), and among the steps those from the squares
        `first_steps` first. More than TURN_LIMIT ends raises TooManyTurns."""
        rules, side = self.rules, state.to_move
        ends: set[Any] = set()
        seen: set[Any] = set()

        def walk(s: Any, path: list[str]) -> Iterator[tuple[str, Any]]:
            if self.walk_left is not None:
                self.walk_left -= 1
                if self.walk_left < 0:
                    raise TooManyTurns
            key = s.key()
            if s.to_move != side or rules.outcome(s) is not None:
                if key not in ends:
                    if len(ends) >= TURN_LIMIT:
                        raise TooManyTurns
                    ends.add(key)
                    yield " ".join(path), s
                return
            if key in seen:
                return
            seen.add(key)
            moves = rules.legal_moves(s)
            if first_steps:  # captures still first, then the steps from first_steps
                moves.sort(key=lambda m: (isinstance(m, Step),
                                          not (isinstance(m, Step) and m.frm in first_steps)))
            for m in moves:
                yield from walk(rules.apply(s, m),
                                [*path, rules.to_notation(s, m)] if labels else path)

        return walk(state, [])

    def taken(self, state: Any, after: Any) -> int:
        # the pieces taken: what de corpore, the suites' victory, counts
        side = state.to_move
        return len(after.taken[side]) - len(state.taken[side])

    def winning(self, state: Any, first_only: bool = False) -> list[str]:
        side = state.to_move
        found = []
        for label, after in self.ends(state, labels=not first_only):
            if self.won_by(after, side):
                found.append(label)
                if first_only:
                    break
        return found

    def prove_win2(self, state: Any) -> list[str] | None:
        """The same proof as tools/tactics.py `prove_win2` (every turn of ours; after it,
        every defence; a win at once after each), the turns walked as they are needed: a
        turn of ours is refuted by the first defence after which we cannot win, and the
        defences most likely to be that come first (the captures, then the steps of the men
        we could take if we moved again). The plain proof builds every turn of both sides
        first: turns cubed, up to 10 s a position and more (docs/tactics.md); the order
        changes the cost only. No answers when the side to move wins at once (that is a win in one), nor in a
        turn in progress (phase 3): its first turn would be only the captures left, which the
        win-in-one suite already tests."""
        rules, side = self.rules, state.to_move
        if state.phase != 1 or self.winning(state, True):
            return None
        found = []
        for label, after in self.ends(state):
            if rules.outcome(after) is not None:
                continue
            again = type(after)(after.board, side, taken=after.taken)
            aimed = {c.victim for c in rules.captures(again)}
            if every_defence_loses(self, (then for _, then in self.ends(
                    after, labels=False, first_steps=aimed)), side):
                found.append(label)
        return sorted(found) if found else None

    def play_turn(self, state: Any, choose: Callable[[Any], Any]) -> tuple[str, Any]:
        side, path = state.to_move, []
        while state.to_move == side and self.rules.outcome(state) is None:
            move = choose(state)
            path.append(self.rules.to_notation(state, move))
            state = self.rules.play(state, move)
        return " ".join(path), state


#: game id -> its Turns class (the games with computer opponents and a win to find)
ADAPTERS: dict[str, type[Turns]] = {
    "fairy16": PieceTurns,
    "chess": PieceTurns,
    "taishogi": TaiShogiTurns,
    "abalone": AbaloneTurns,
    "amazons": AmazonsTurns,
    "rithmomachia": RithmoTurns,
}
