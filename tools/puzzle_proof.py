"""The proof of the tactics puzzles (tools/puzzles.py): what each kind of puzzle asks, solved
over every legal turn by the provers of tools/tactics.py and tools/tactic_kinds.py, the
opponent's mistake before a puzzle, the measured difficulty, and the re-proof of a written
puzzle (its first moves and its whole line)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from game.engine import puzzles as fmt
from game.engine.entries import resolve
from game.engine.match import outcome_of
from game.engine.puzzles import Difficulty, Puzzle, Step
from game.registry import GameEntry
from tools.tactic_games import ADAPTERS, TaiShogiTurns, TooManyTurns, Turns
from tools.tactic_proofs import PROVERS, prove_parry1, prove_win1, prove_win2

PUZZLE_DIR = Path(__file__).resolve().parents[1] / "data" / "puzzles"
SUITE_DIR = Path(__file__).resolve().parents[1] / "data" / "tactics"
#: Most first moves that reach the goal (else the position is not a puzzle: too many ways).
MOST_FIRST = 3
#: Most accepted moves written for one step (a winning last move is accepted by the rules'
#: verdict, whether written or not).
MOST_LISTED = 12
#: Deepest material line (the player's moves).
MATERIAL_DEPTH = 3
#: Deepest line for the Jeu de pions (the player's moves): the loser may drag an ending out.
MOST_DEPTH = 8

#: The kinds of puzzle each game is searched for.
GAME_KINDS: dict[str, tuple[str, ...]] = {
    "fairy16": ("win1", "parry", "win2", "material"),
    "chess": ("win1", "parry", "win2", "material"),
    "taishogi": ("win1", "parry", "material"),
    "abalone": ("win1", "eject", "parry"),
    "amazons": ("win1", "win2", "parry"),
    "rithmomachia": ("win1", "parry", "material"),
    "pions": ("last",),
}
#: suite kind -> puzzle goal (`--suites`)
SUITE_KINDS = {"win1": "win1", "parry1": "parry", "win2": "win2"}


def idea(label: str) -> str:
    """What makes two winning turns the same idea: the first move of a Rithmomachia turn (its
    ransoms aside), the Amazon's move before its arrow; otherwise the move itself."""
    return label.split(" ")[0].split("/")[0]


def pack_path(game: str, root: Path = PUZZLE_DIR) -> Path:
    return root / f"{game}.json"


class PionsTurns(Turns):
    """The Jeu de pions: its pawns are the men; the phase is told by how many are left."""

    def men(self, state: Any) -> int:
        return len(state.cells)

    def phase(self, state: Any, ply: int) -> str:
        n = len(state.cells)
        return "opening" if n >= 5 else "ending" if n <= 2 else "middle"


class TaiShogiPlay(TaiShogiTurns):
    """Tai Shogi for the puzzle games: a checking move is one after which, were it our turn
    again, a move of ours would take an enemy royal (so mates come up in random games)."""

    def checking_move(self, state: Any, rng: Any) -> Any | None:
        moves = list(self.moves(state))
        rng.shuffle(moves)
        royal = self.rules.royal
        for m in moves[:12]:
            after = self.after(state, m)
            again = type(after)(after.board, state.to_move)
            if any(after.board[c] in royal for move in self.moves(again) for c in move.caps):
                return m
        return None


class Prover:
    """The proof of one game's puzzles (the rules' moves only, through tools/tactic_games)."""

    def __init__(self, entry: GameEntry, rules: Any) -> None:
        self.entry = entry
        self.rules = rules
        self.turns: Turns = {**ADAPTERS, "pions": PionsTurns,
                             "taishogi": TaiShogiPlay}.get(entry.id, Turns)(rules)
        self.evaluate: Callable[[Any, Any], float] | None = (
            resolve(entry.evaluate) if entry.evaluate is not None else None)

    # -- helpers ------------------------------------------------------------------------
    def won(self, state: Any, side: int) -> bool:
        out = outcome_of(self.rules, state)
        return out is not None and out.winner == side

    def natural(self, replies: Sequence[tuple[str, Any]]) -> tuple[str, Any]:
        """The answer the greedy player's evaluation likes best (ties: the first notation)."""
        if self.evaluate is None or len(replies) == 1:
            return min(replies, key=lambda r: r[0])
        evaluate = self.evaluate
        return min(replies, key=lambda r: (evaluate(self.rules, r[1]), r[0]))

    def greedy_choice(self, state: Any) -> str | None:
        turns = self.turns.turns(state)
        if not turns:
            return None
        return self.natural(turns)[0]

    def _ideas(self, labels: Sequence[str]) -> list[str]:
        """One label per idea (see `idea`)."""
        seen: dict[str, str] = {}
        for label in labels:
            seen.setdefault(idea(label), label)
        return list(seen.values())

    def _all(self, labels: Sequence[str] | None) -> tuple[Step, ...] | None:
        """Every label as an accepted last move, when they are few ideas and few moves."""
        if not labels or len(self._ideas(labels)) > MOST_FIRST or len(labels) > MOST_LISTED:
            return None
        return tuple(Step(g) for g in labels)

    # -- the kinds ----------------------------------------------------------------------
    def solve(self, kind: str, state: Any) -> tuple[Step, ...] | None:
        """The solution tree of a puzzle of `kind` in `state`, or None when it is not one."""
        try:
            return getattr(self, f"_solve_{kind}")(state)  # type: ignore[no-any-return]
        except TooManyTurns:
            return None

    def _solve_win1(self, state: Any) -> tuple[Step, ...] | None:
        """Any winning turn is accepted when played (the rules say it wins): one label is
        written per idea."""
        wins = prove_win1(self.turns, state)
        if not wins:
            return None
        ideas = self._ideas(wins)
        return tuple(Step(w) for w in ideas) if len(ideas) <= MOST_FIRST else None

    def _solve_parry(self, state: Any) -> tuple[Step, ...] | None:
        return self._all(prove_parry1(self.turns, state))

    def _solve_material(self, state: Any) -> tuple[Step, ...] | None:
        """Win material: tools/tactics.py's `free` proof. On the piece engine (fairy chess,
        chess, Tai Shogi) the moves whose exhaustive capture search ends at least two of the
        cheapest men up, every other move ending lower, in a quiet position (no check, no win
        at once, no threat of one); in Rithmomachia the captures after which no answer of the
        opponent takes anything (the puzzle is that capture). On the piece engine the line
        then plays the forced exchange out (`_material_line`)."""
        first = self._material_first(state)
        if first is None or self.turns.material_by_turns:
            return first
        mat = self.turns.material()
        return tuple(self._material_line(state, s.move, mat, 0, 1) for s in first)

    def _material_first(self, state: Any) -> tuple[Step, ...] | None:
        """The first moves of a material puzzle (None: not one), without the line."""
        return self._all(PROVERS["free"](self.turns, state))

    def _material_line(self, state: Any, label: str, mat: Any, balance: int,
                       depth: int) -> Step:
        """The step of the player's `label` in a material line, `balance` men's worth already
        won before it. The opponent answers with its best capture by the capture search (the
        first in notation among equal ones) when that capture gains it something; after the
        answer the player's next moves are every legal move that keeps the gain (at least
        the threshold once every capture sequence is played out, and no win at once left to
        the opponent), written when they are all captures (the exchange goes on: a quiet move
        that keeps the men, such as saving a loose pawn, is no part of the tactic), at most
        three ideas, no win at once is there instead, and the line is at most MATERIAL_DEPTH
        deep; else the line ends with `label` (the rest is the capture search's, as for a
        one-move puzzle)."""
        move = self.rules.parse_move(state, label)
        after = self.rules.play(state, move)
        balance += mat.taken(state, move)
        if depth >= MATERIAL_DEPTH or outcome_of(self.rules, after) is not None:
            return Step(label)
        try:
            answers = sorted(((-mat.move_gain(after, m), self.rules.to_notation(after, m), m)
                              for m in mat.capture_moves(after)), key=lambda a: a[:2])
            if not answers or answers[0][0] >= 0:
                return Step(label)  # the opponent's best is to take nothing
            _loss, reply, rmove = answers[0]
            answered = self.rules.play(after, rmove)
            if outcome_of(self.rules, answered) is not None or self.turns.winning(answered, True):
                return Step(label)  # a win at once is another kind of puzzle
            balance -= mat.taken(after, rmove)
            keep, quiet = [], False
            for m in self.turns.moves(answered):
                if balance + mat.move_gain(answered, m) < mat.threshold:
                    continue
                quiet = quiet or mat.taken(answered, m) <= 0
                nxt = self.rules.play(answered, m)
                if outcome_of(self.rules, nxt) is None and self.turns.winning(nxt, True):
                    continue  # keeps the men but leaves a win at once
                keep.append(self.rules.to_notation(answered, m))
        except TooManyTurns:
            return Step(label)
        keep.sort()
        if not keep or quiet or self._all(keep) is None:
            return Step(label)  # no forced way on, or the exchange is over
        return Step(label, reply, tuple(self._material_line(answered, k, mat, balance,
                                                            depth + 1) for k in keep))

    def _solve_win2(self, state: Any) -> tuple[Step, ...] | None:
        first = prove_win2(self.turns, state)
        if not first or self._all(first) is None:
            return None
        steps = []
        side = state.to_move
        for label in first:
            after = fmt.play_turn(self.rules, state, label)
            replies = [(lab, s) for lab, s in self.turns.turns(after) if not self.won(s, side)]
            if not replies:
                return None
            reply, answered = self.natural(replies)
            wins = self._ideas(self.turns.winning(answered))[:MOST_LISTED]
            steps.append(Step(label, reply, tuple(Step(w) for w in wins)))
        return tuple(steps)

    def _solve_eject(self, state: Any) -> tuple[Step, ...] | None:
        """Abalone: push a marble off so that no answer pushes one of ours off."""
        if self.turns.winning(state, True):
            return None
        side = state.to_move
        good = []
        for label, after in self.turns.turns(state):
            if sum(after.lost) <= sum(state.lost):
                continue
            if outcome_of(self.rules, after) is not None:
                return None
            if any(s.lost[side] > after.lost[side] for _, s in self.turns.turns(after)):
                continue
            good.append(label)
        return self._all(good)

    def _solve_last(self, state: Any) -> tuple[Step, ...] | None:
        """The Jeu de pions: win the game, every move of the line proved by exact search."""
        variant = self.rules.variant
        if len(state.cells) < 2:
            return None  # a lone pawn: no choice worth a puzzle
        won, plies = pions_value(variant, state.cells)
        if not won or (plies + 1) // 2 > MOST_DEPTH:
            return None
        count = [0]
        steps = self._pions_steps(state, count)
        if steps is None or len(steps) > MOST_FIRST or count[0] > fmt.MAX_NODES // 2:
            return None
        return steps

    def _pions_steps(self, state: Any, count: list[int]) -> tuple[Step, ...] | None:
        variant = self.rules.variant
        wins = []
        for move in self.rules.legal_moves(state):
            after = self.rules.play(state, move)
            lost, plies = pions_value(variant, after.cells)
            if not lost:
                wins.append((plies, self.rules.to_notation(state, move), after))
        wins.sort(key=lambda w: (w[0], w[1]))
        steps = []
        for _plies, label, after in wins:
            count[0] += 1
            if count[0] > fmt.MAX_NODES // 2:
                return None
            if outcome_of(self.rules, after) is not None:
                steps.append(Step(label))
                continue
            # the loser's answers that last longest, the stalling one (smallest drop) first
            answers = []
            for move in self.rules.legal_moves(after):
                nxt = self.rules.play(after, move)
                answers.append((-pions_value(variant, nxt.cells)[1], after.total - nxt.total,
                                self.rules.to_notation(after, move), nxt))
            answers.sort(key=lambda a: a[:3])
            _, _, reply, answered = answers[0]
            then = self._pions_steps(answered, count)
            if then is None:
                return None
            steps.append(Step(label, reply, then))
        return tuple(steps)

    # -- the opponent's mistake and the difficulty --------------------------------------
    def after_mistake(self, kind: str, before: Any, rng: random.Random, tries: int = 40) -> bool:
        """Whether the opponent, to move in `before`, had a turn leaving no puzzle of `kind`
        (so the turn it played was the mistake). Parries follow a threat: always True."""
        if kind == "parry":
            return True
        try:
            turns = self.turns.turns(before)
        except TooManyTurns:
            return False
        rng.shuffle(turns)
        for _label, after in turns[:tries]:
            if outcome_of(self.rules, after) is not None:
                continue
            if kind == "last":  # the Jeu de pions: the escape leaves the other side lost
                if not pions_value(self.rules.variant, after.cells)[0]:
                    return True
                continue
            try:
                # (a material puzzle is settled by its first moves: its line is not needed)
                solve = self._material_first if kind == "material" else \
                    lambda s: self.solve(kind, s)
                if not self.turns.winning(after, True) and (
                        kind == "win1" or solve(after) is None):
                    return True
            except TooManyTurns:  # too many turns to prove this escape: try another
                continue
        return False

    def difficulty(self, state: Any, steps: Sequence[Step]) -> Difficulty:
        right_ideas = {idea(s.move) for s in steps}
        side = state.to_move
        turns = self.turns.turns(state)
        men = self.turns.men(state)
        tempting = set()
        for label, after in turns:
            if idea(label) in right_ideas or self.won(after, side):
                continue
            if self.entry.id != "amazons" and self.turns.men(after) < men:
                tempting.add(idea(label))
        greedy = self.greedy_choice(state)
        if greedy is not None and idea(greedy) not in right_ideas:
            tempting.add(idea(greedy))
        depth, node = 0, list(steps)
        while node:
            depth += 1
            node = list(node[0].then) if node[0].reply is not None else []
        return Difficulty.measure(depth, len(tempting), len(turns))

    def check(self, puzzle: Puzzle) -> list[str]:
        """Re-prove a puzzle: the same first moves, the same line, all legal."""
        try:
            state = self.rules.parse_position(puzzle.position)
        except Exception as exc:  # the rules' reason
            return [f"the position cannot be read: {exc}"]
        problems = fmt.check_puzzle(self.rules, puzzle)
        if problems:
            return problems
        proved = self.solve(puzzle.goal, state)
        if proved is None:
            return [f"not a {puzzle.goal} puzzle: the proof finds no solution in this position"]
        if puzzle.goal == "win1":  # any winning move is accepted: the ideas must agree
            mine = {idea(s.move) for s in proved}
            theirs = {idea(s.move) for s in puzzle.solution}
        else:  # a parry, an ejection, a first move with a line after it: exactly these
            mine = {s.move for s in proved}
            theirs = {s.move for s in puzzle.solution}
        if mine != theirs:
            return [f"the first moves should be {', '.join(sorted(mine))}, "
                    f"not {', '.join(sorted(theirs))}"]
        if puzzle.goal == "material":  # the line is the proof's, answer for answer
            if proved != puzzle.solution:
                want = fmt.Puzzle(puzzle.id, puzzle.game, puzzle.variant, puzzle.options,
                                  puzzle.position, puzzle.goal, proved, puzzle.difficulty)
                return [f"the line should be {' '.join(want.main_line())} (every branch as "
                        "the proof finds it), not " + " ".join(puzzle.main_line())]
            return []
        return self._verify_line(state, puzzle.solution, puzzle.goal)

    def _verify_line(self, state: Any, steps: Sequence[Step], goal: str,
                     where: str = "") -> list[str]:
        """The line after the first moves, proved again move by move: a last move of a win
        wins at once; each answer is one of those that lose slowest (in a win in two, every
        answer loses at the next turn, so any that does not end the game); after it the
        player's written moves are every move that keeps the win (the Jeu de pions), or a win
        at once exists (a win in two). Which of the slowest answers was chosen is not proved:
        it is the line's choice (module docstring)."""
        problems: list[str] = []
        side = state.to_move
        for step in steps:
            after = fmt.play_turn(self.rules, state, step.move)
            here = f"{where}{step.move}"
            if step.reply is None:
                if goal in fmt.WIN_GOALS and not self.won(after, side):
                    problems.append(f"{here}: does not win at once")
                continue
            answered = fmt.play_turn(self.rules, after, step.reply)
            if outcome_of(self.rules, answered) is not None:
                problems.append(f"{here} {step.reply}: the answer ends the game")
                continue
            if goal == "last":
                variant = self.rules.variant
                longest = max(pions_value(variant, s.cells)[1]
                              for _lab, s in self.turns.turns(after))
                if pions_value(variant, answered.cells) != (True, longest):
                    problems.append(f"{here}: the answer {step.reply} is not one that loses "
                                    "slowest")
                keeps = {lab for lab, s in self.turns.turns(answered)
                         if not pions_value(variant, s.cells)[0]}
                if keeps != {s.move for s in step.then}:
                    problems.append(f"{here} {step.reply}: the moves that keep the win are "
                                    f"{', '.join(sorted(keeps))}")
            elif not self.turns.winning(answered, True):
                problems.append(f"{here} {step.reply}: no win at once after this answer")
            problems += self._verify_line(answered, step.then, goal, f"{here} {step.reply} ")
        return problems


@cache
def pions_value(variant: str, cells: tuple[int, ...]) -> tuple[bool, int]:
    """(the side to move wins, plies to the end with best play: the winner hastens, the loser
    drags on), by plain search over the rules' moves (no nim-sum: it proves the nim-sum)."""
    if not cells:
        return variant == "misere", 0
    best_win: int | None = None
    worst_loss = 0
    for k, cell in enumerate(cells):
        lower = cells[k + 1] if k + 1 < len(cells) else 0
        targets = list(range(lower + 1, cell)) if k + 1 < len(cells) else list(range(1, cell))
        moves = [cells[:k] + (t,) + cells[k + 1:] for t in targets]
        if k == len(cells) - 1:
            moves.append(cells[:k])  # remove the pawn nearest the end
        for nxt in moves:
            won, plies = pions_value(variant, nxt)
            if not won and (best_win is None or plies + 1 < best_win):
                best_win = plies + 1
            elif won:
                worst_loss = max(worst_loss, plies + 1)
    if best_win is not None:
        return True, best_win
    return False, worst_loss
