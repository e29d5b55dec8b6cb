"""Tactics puzzles of the two-player games: the file format, its checks, and one attempt at a
puzzle (which move is right, what the computer answers, hints and stars).

A pack is one JSON file per game, data/puzzles/<game>.json, written by tools/puzzles.py:

    {"format": 1, "game": "amazons", "variant": "standard", "options": {},
     "command": "tools/puzzles.py make amazons ...", "seed": 1,
     "puzzles": [{"id": "amazons-007", "position": "<the game's position text>",
                  "goal": "win2", "phase": "ending",
                  "solution": [{"move": "d1-d7/g7", "reply": "a4-a5/a6",
                                "then": [{"move": "..."}]}],
                  "difficulty": {"depth": 2, "tempting": 3, "moves": 140, "score": 27},
                  "source": {"game": 3, "ply": 55, "before": "...", "mistake": "..."}}]}

The solution is a tree: the moves the player may play (the main one first; two first moves
that both win are both there), after each the opponent's answer (`reply`, absent when the
player's move reaches the goal), then the player's next accepted moves. A move of a game whose
turn holds several moves (Rithmomachia) is the turn's moves separated by spaces; the player's
turn is judged by the position it leads to, so captures made in another order count the same.

A puzzle made from a game records the position before the opponent's mistake and the mistake
(`source.before`, `source.mistake`): the board opens there and the mistake is played first
(`prelude`); `check_mistake` refuses one that is not legal there or does not lead to the
puzzle's position.

The application checks what it can afford before it shows a puzzle (the fields, the position,
every move of the tree legal in turn); the proof that the moves are the only right ones is
re-run by tools/validate_levels.py. A file that cannot be read is refused by its name with the
reason; a puzzle with a problem is skipped with its id and the reason, the others are kept.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import userfiles
from game.engine.entries import GameEntry, GameLookup, player_name
from game.engine.match import outcome_of
from game.i18n import N_, _, language

FORMAT = 1
#: A pack larger than this is refused unread (a few hundred puzzles take well under 1 MB).
MAX_PACK_BYTES = 4 * 1024 * 1024
#: Most puzzles in a pack, most nodes in one solution tree, deepest line (player moves).
MAX_PUZZLES = 2000
MAX_NODES = 400
MAX_DEPTH = 12

#: The kinds of goal and the sentence the player reads ({side}: the side to move, named as the
#: game names it).
GOALS: dict[str, str] = {
    "win1": N_("{side} to move and win"),
    "win2": N_("{side} to move and win in two"),
    "parry": N_("{side} to move: parry the threat"),
    "eject": N_("{side} to move: eject a marble without losing one"),
    "last": N_("{side} to move: take the last pawn"),
    "material": N_("{side} to move and win material"),
}
PHASES = ("opening", "middle", "ending")
#: Goals reached by winning the game: a last move that wins is right whether written or not
#: (a Rithmomachia win can take its ransoms in many ways; an Amazon may shoot anywhere).
WIN_GOALS = frozenset({"win1", "win2", "last"})


class PuzzleFileError(ValueError):
    """A pack that cannot be used at all (its message names the file and says why)."""


@dataclass(frozen=True)
class Step:
    """One accepted move of the player, the opponent's answer (None: the goal is reached) and
    the player's accepted moves after it (the main one first)."""

    move: str
    reply: str | None = None
    then: tuple[Step, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.move}
        if self.reply is not None:
            out["reply"] = self.reply
            out["then"] = [s.to_dict() for s in self.then]
        return out


@dataclass(frozen=True)
class Difficulty:
    """Measured, not judged: the player's moves in the main line, the wrong first moves that
    tempt (captures, the easy computer's choice), the legal first moves; `score` sorts a pack."""

    depth: int
    tempting: int
    moves: int
    score: int

    @staticmethod
    def measure(depth: int, tempting: int, moves: int) -> Difficulty:
        score = 10 * depth + min(tempting, 8) + min(moves, 400) // 50
        return Difficulty(depth, tempting, moves, score)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a pack (see the module docstring)."""

    id: str
    game: str
    variant: str
    options: Mapping[str, Any]
    position: str
    goal: str
    solution: tuple[Step, ...]
    difficulty: Difficulty
    phase: str = "middle"
    source: Mapping[str, Any] = field(default_factory=dict)

    def goal_text(self, entry: GameEntry, side: int) -> str:
        """The goal in one sentence of the player's language, the side named as the game does."""
        name = player_name(entry, entry.side_names[side % len(entry.side_names)])
        return _(GOALS[self.goal]).format(side=name)

    @property
    def before(self) -> str | None:
        """The position before the opponent's mistake (None when the puzzle records none)."""
        value = self.source.get("before")
        return value if isinstance(value, str) and value.strip() else None

    @property
    def mistake(self) -> str | None:
        """The opponent's move, in the game's notation, that led to the puzzle's position."""
        value = self.source.get("mistake")
        return value if isinstance(value, str) and value.strip() else None

    def main_line(self) -> list[str]:
        """The player's moves and the answers of the main line, in order."""
        out, steps = [], self.solution
        while steps:
            step = steps[0]
            out.append(step.move)
            if step.reply is None:
                break
            out.append(step.reply)
            steps = step.then
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "position": self.position, "goal": self.goal, "phase": self.phase,
                "solution": [s.to_dict() for s in self.solution],
                "difficulty": {"depth": self.difficulty.depth,
                               "tempting": self.difficulty.tempting,
                               "moves": self.difficulty.moves, "score": self.difficulty.score},
                "source": dict(self.source)}


@dataclass
class Pack:
    """The puzzles of one file that passed the checks, and what was wrong with the others."""

    path: Path
    game: str
    variant: str
    options: dict[str, Any]
    puzzles: list[Puzzle]
    problems: list[str]
    header: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- reading


def _steps(data: Any, where: str, depth: int, count: list[int]) -> tuple[Step, ...]:
    if not isinstance(data, list) or not data:
        raise ValueError(_("{where} should be a non-empty list of moves").format(where=where))
    if depth > MAX_DEPTH:
        raise ValueError(_("{where}: the line is deeper than {most} moves").format(
            where=where, most=MAX_DEPTH))
    out = []
    for k, node in enumerate(data):
        count[0] += 1
        if count[0] > MAX_NODES:
            raise ValueError(_("the solution has more than {most} moves").format(most=MAX_NODES))
        here = f"{where}[{k}]"
        if not isinstance(node, dict) or not isinstance(node.get("move"), str) \
                or not node["move"].strip():
            raise ValueError(_("{where} should be an object with a move").format(where=here))
        reply = node.get("reply")
        if reply is None:
            out.append(Step(node["move"]))
            continue
        if not isinstance(reply, str) or not reply.strip():
            raise ValueError(_("{where}.reply should be a move").format(where=here))
        out.append(Step(node["move"], reply, _steps(node.get("then"), f"{here}.then", depth + 1,
                                                    count)))
    return tuple(out)


def puzzle_from(data: Any, game: str, variant: str, options: Mapping[str, Any]) -> Puzzle:
    """Build a puzzle from its JSON object; ValueError with the reason when a field is wrong."""
    if not isinstance(data, dict):
        raise ValueError(_("a puzzle should be an object"))
    pid = data.get("id")
    if not isinstance(pid, str) or not pid or len(pid) > 80:
        raise ValueError(_("a puzzle has no id"))
    position = data.get("position")
    if not isinstance(position, str) or not position.strip() or len(position) > 20000:
        raise ValueError(_("{where}: the position should be the game's position text").format(
            where=pid))
    goal = data.get("goal")
    if goal not in GOALS:
        raise ValueError(_("{where}: unknown goal {goal!r} (known: {known})").format(
            where=pid, goal=str(goal)[:40], known=", ".join(GOALS)))
    phase = data.get("phase", "middle")
    if phase not in PHASES:
        raise ValueError(_("{where}: unknown phase {phase!r}").format(where=pid,
                                                                      phase=str(phase)[:40]))
    try:
        solution = _steps(data.get("solution"), "solution", 1, [0])
    except ValueError as exc:
        raise ValueError(f"{pid}: {exc}") from None
    diff = data.get("difficulty")
    keys = ("depth", "tempting", "moves", "score")
    if not isinstance(diff, dict) or not all(
            isinstance(diff.get(k), int) and not isinstance(diff.get(k), bool) and diff[k] >= 0
            for k in keys):
        raise ValueError(_("{where}: the difficulty should give depth, tempting, moves and "
                           "score as whole numbers").format(where=pid))
    source = data.get("source", {})
    if not isinstance(source, dict):
        raise ValueError(_("{where}: the source should be an object").format(where=pid))
    return Puzzle(pid, game, variant, dict(options), position, goal, solution,
                  Difficulty(*(diff[k] for k in keys)), phase, source)


def read_pack(path: Path | str, games: GameLookup) -> Pack:
    """Read a pack and check every puzzle against the game's rules (`check_puzzle`).

    PuzzleFileError (naming the file) when the file cannot be used at all: missing, too large,
    not JSON, not a pack, an unknown game. A puzzle with a problem is left out and its problem
    is in `Pack.problems` ("<file>: <id>: <reason>").
    """
    path = Path(path)
    name = path.name
    try:
        raw = userfiles.read_limited(path, MAX_PACK_BYTES)
    except (OSError, ValueError) as exc:
        raise _unreadable(name, exc) from None
    try:
        key: tuple[Any, ...] | None = (path, hashlib.blake2b(raw, digest_size=16).digest(),
                                       games)
        hash(key)
    except TypeError:  # a lookup that cannot be a key: read as if for the first time
        key = None
    if key is not None:  # a pack without problems is the same in every language
        known = _READ.get(key) or _READ.get((*key, language()))
        if known is not None:
            return _copy(known)
    try:
        data = userfiles.parse_json(raw, MAX_PACK_BYTES)
    except ValueError as exc:
        raise _unreadable(name, exc) from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise PuzzleFileError(_("{file}: not a puzzle pack (an object with a list of puzzles "
                                "was expected)").format(file=name))
    if data.get("format") != FORMAT:
        raise PuzzleFileError(_("{file}: unknown format {format!r}").format(
            file=name, format=str(data.get("format"))[:20]))
    if len(data["puzzles"]) > MAX_PUZZLES:
        raise PuzzleFileError(_("{file}: more than {most} puzzles").format(file=name,
                                                                           most=MAX_PUZZLES))
    game = data.get("game")
    try:
        entry = games(game) if isinstance(game, str) else None
    except KeyError:
        entry = None
    if entry is None or entry.kind != "match":
        raise PuzzleFileError(_("{file}: unknown two-player game {game!r}").format(
            file=name, game=str(game)[:40]))
    variant = data.get("variant") or entry.variants[0].id
    options = data.get("options") or {}
    if variant not in {v.id for v in entry.variants} or not isinstance(options, dict):
        raise PuzzleFileError(_("{file}: unknown variant or options for {game}").format(
            file=name, game=entry.id))
    try:
        rules = entry.make_rules(variant, options)
    except (ValueError, KeyError, TypeError) as exc:
        raise PuzzleFileError(f"{name}: {exc}") from None
    header = {k: v for k, v in data.items() if k != "puzzles"}
    pack = Pack(path, entry.id, variant, dict(options), [], [], header)
    seen: set[str] = set()
    retired = data.get("retired", [])
    if not isinstance(retired, list):
        raise PuzzleFileError(_("{file}: \"retired\" must be a list of ids").format(file=name))
    for k, raw in enumerate(data["puzzles"]):
        try:
            puzzle = puzzle_from(raw, entry.id, variant, options)
            if puzzle.id in seen:
                raise ValueError(_("{where}: the id is used twice").format(where=puzzle.id))
            if puzzle.id in retired:  # a player's stars saved under it were for another one
                raise ValueError(_("{where}: the id belonged to a puzzle taken out of the "
                                   "pack").format(where=puzzle.id))
            seen.add(puzzle.id)
            problems = check_puzzle(rules, puzzle)
        except ValueError as exc:
            pack.problems.append(f"{name}: #{k + 1}: {exc}")
            continue
        if problems:
            pack.problems.append(f"{name}: {puzzle.id}: " + "; ".join(problems))
        else:
            pack.puzzles.append(puzzle)
    if key is not None:
        while len(_READ) >= _READ_KEPT:
            del _READ[next(iter(_READ))]
        _READ[(*key, language()) if pack.problems else key] = _copy(pack)
    return pack


#: Packs already read and checked, by file, content and lookup of the games, and by language
#: if the pack has problems (said in the player's language; the puzzles themselves are the
#: file's data): the checks play every move of every puzzle, about a second for the packs of
#: the puzzles screen, and the packs do not change while the game runs. A file that changes
#: is read again (its content is the key), so is one with problems in another language. The
#: few last ones are kept.
_READ: dict[tuple[Any, ...], Pack] = {}
_READ_KEPT = 16


def _copy(pack: Pack) -> Pack:
    """A pack the caller may change (its lists and dicts) without changing the one kept."""
    return Pack(pack.path, pack.game, pack.variant, dict(pack.options), list(pack.puzzles),
                list(pack.problems), dict(pack.header))


def _unreadable(name: str, exc: Exception) -> PuzzleFileError:
    reason = userfiles.describe(exc) if isinstance(exc, OSError) else str(exc)
    return PuzzleFileError(_("{file}: {reason}").format(file=name, reason=reason))


# --------------------------------------------------------------------------- the rules' side


def play_turn(rules: Any, state: Any, text: str) -> Any:
    """The position after a whole turn written as its moves separated by spaces (one move in
    most games); IllegalMove or ValueError when a move is not legal or the turn is not whole."""
    side = state.to_move
    for part in text.split():
        if state.to_move != side or outcome_of(rules, state) is not None:
            raise ValueError(_("{move}: the turn is already over").format(move=text))
        state = rules.play(state, rules.parse_move(state, part))
    if state.to_move == side and outcome_of(rules, state) is None:
        raise ValueError(_("{move}: the turn is not finished").format(move=text))
    return state


def check_puzzle(rules: Any, puzzle: Puzzle) -> list[str]:
    """What is wrong with a puzzle that the rules can see at once: a position that does not
    read, a position already over, a recorded mistake that is not legal or does not lead to
    the position (`check_mistake`), a move of the tree that is not legal, a line that does
    not end with the player's move. (That the moves are the only right ones is the proof of
    tools/puzzles.py, run by tools/validate_levels.py.)"""
    try:
        state = rules.parse_position(puzzle.position)
    except Exception as exc:  # the rules' own reason: BadPosition, ValueError…
        return [_("the position cannot be read: {reason}").format(reason=exc)]
    if outcome_of(rules, state) is not None:
        return [_("the game is already over in this position")]
    problems: list[str] = check_mistake(rules, puzzle, state)
    _check_steps(rules, state, puzzle.solution, problems)
    return problems


def check_mistake(rules: Any, puzzle: Puzzle, position: Any) -> list[str]:
    """What is wrong with the opponent's mistake a puzzle records: both the position before it
    and the move, or neither; the move legal there, a whole turn, and leading to `position`
    (the puzzle's position, as check_puzzle read it)."""
    before, mistake = puzzle.source.get("before"), puzzle.source.get("mistake")
    if before is None and mistake is None:
        return []
    if puzzle.before is None or puzzle.mistake is None:
        return [_("the source should give both the position before the mistake and the "
                  "mistake")]
    try:
        state = rules.parse_position(puzzle.before)
    except Exception as exc:  # the rules' own reason
        return [_("the position before the mistake cannot be read: {reason}").format(
            reason=exc)]
    if outcome_of(rules, state) is not None:
        return [_("the game is already over in the position before the mistake")]
    try:
        after = play_turn(rules, state, puzzle.mistake)
    except Exception as exc:  # IllegalMove, ValueError: said, not raised
        return [_("the mistake {move} is not legal in the position before it: {reason}").format(
            move=puzzle.mistake, reason=exc)]
    if rules.position_text(after) != rules.position_text(position):
        return [_("the mistake {move} does not lead to the puzzle's position").format(
            move=puzzle.mistake)]
    return []


def prelude(puzzle: Puzzle) -> tuple[str, tuple[str, ...]]:
    """What the board opens on and the moves played before the player's turn: the position
    before the opponent's mistake and the mistake (one move a part of its turn), as puzzle
    sites show the blunder; the puzzle's own position and nothing when it records none. (A
    pack's puzzles passed `check_mistake` when read.)"""
    if puzzle.before is None or puzzle.mistake is None:
        return puzzle.position, ()
    return puzzle.before, tuple(puzzle.mistake.split())


def _check_steps(rules: Any, state: Any, steps: Sequence[Step], problems: list[str]) -> None:
    for step in steps:
        try:
            after = play_turn(rules, state, step.move)
        except Exception as exc:  # IllegalMove, ValueError: said, not raised
            problems.append(_("move {move} is not legal: {reason}").format(move=step.move,
                                                                          reason=exc))
            continue
        if step.reply is None:
            continue
        if outcome_of(rules, after) is not None:
            problems.append(_("the game is over after {move}, yet an answer follows").format(
                move=step.move))
            continue
        try:
            answered = play_turn(rules, after, step.reply)
        except Exception as exc:
            problems.append(_("answer {move} is not legal: {reason}").format(move=step.reply,
                                                                            reason=exc))
            continue
        if outcome_of(rules, answered) is not None:
            problems.append(_("the game is over after the answer {move}").format(
                move=step.reply))
            continue
        _check_steps(rules, answered, step.then, problems)


# --------------------------------------------------------------------------- one attempt


class Attempt:
    """The player's attempt at a puzzle: which steps are expected now, the hints taken, whether
    the solution was shown. Pure: the scene asks it and shows what it says."""

    def __init__(self, puzzle: Puzzle, rules: Any) -> None:
        self.puzzle = puzzle
        self.rules = rules
        self.start = rules.parse_position(puzzle.position)
        self.side = self.start.to_move
        #: the position the board opens on and the opponent's moves played before the
        #: player's turn (its mistake, when the puzzle records one)
        self.opening, self.prelude = prelude(puzzle)
        self.expected: tuple[Step, ...] = puzzle.solution
        self.hints = 0
        self.failed = False
        self.shown = False
        self.solved = False
        self._targets: dict[int, list[tuple[str, Step]]] = {}

    def reset(self) -> None:
        """Back to the puzzle's position (after a wrong move: "Try again")."""
        self.expected = self.puzzle.solution
        self._targets.clear()

    def targets(self, state: Any) -> list[tuple[str, Step]]:
        """(position text after the step, the step) for every accepted move from `state`."""
        key = id(self.expected)
        if key not in self._targets:
            self._targets[key] = [(self.rules.position_text(play_turn(self.rules, state, s.move)),
                                   s) for s in self.expected]
        return self._targets[key]

    def judge(self, before: Any, after: Any) -> Step | None:
        """The accepted step that leads from `before` (where the player's turn began) to
        `after`, or None for a wrong move."""
        text = self.rules.position_text(after)
        for target, step in self.targets(before):
            if target == text:
                return step
        if self.puzzle.goal in WIN_GOALS:
            out = outcome_of(self.rules, after)
            last = next((s for s in self.expected if s.reply is None), None)
            if last is not None and out is not None and out.winner == self.side:
                return last
        return None

    def accept(self, step: Step) -> str | None:
        """Go on after a right move: the opponent's answer to play, or None when solved."""
        if step.reply is None:
            self.solved = True
            self.expected = ()
            return None
        self.expected = step.then
        return step.reply

    def hint(self) -> Step | None:
        """Take a hint (each costs a star): the step the hint shows."""
        if not self.expected:
            return None
        self.hints += 1
        return self.expected[0]

    def show(self) -> None:
        self.shown = True

    @property
    def stars(self) -> int:
        """3 minus the hints taken; none once the solution was shown."""
        return 0 if self.shown else max(0, 3 - self.hints)


# --------------------------------------------------------------------------- packs and the day


def pack_order(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """A pack's playing order: easiest first (measured score, then depth); puzzles of the same
    difficulty in a fixed shuffle (a hash of the id), so that kinds and phases mix."""
    return sorted(puzzles, key=lambda p: (p.difficulty.score, p.difficulty.depth,
                                          hashlib.sha256(p.id.encode()).hexdigest()))


def daily_index(day: datetime.date, count: int) -> int:
    """Which of `count` puzzles is the puzzle of `day`: the same for everyone on that day."""
    if count <= 0:
        raise ValueError("no puzzle to choose from")
    digest = hashlib.sha256(f"puzzle of the day {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def progress_key(game: str) -> str:
    """The progress file's key of a game's puzzle pack (beside the puzzle games' level keys)."""
    return f"{game}/puzzles"


def pack_files(folder: Path) -> list[Path]:
    """The pack files of a folder, in a fixed order (by name)."""
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def daily_choice(folder: Path, day: datetime.date) -> tuple[Path, str] | None:
    """(pack file, puzzle id) of the puzzle of `day`, chosen among every puzzle id of every
    pack file in `folder` in a fixed order: the same for everyone with the same files. Only
    the ids are read here (cheap enough for the main menu); the chosen pack is checked when
    the puzzle opens. None when there is no puzzle (or no readable pack)."""
    ids: list[tuple[Path, str]] = []
    for path in pack_files(folder):
        try:
            data = userfiles.parse_json(userfiles.read_limited(path, MAX_PACK_BYTES),
                                        MAX_PACK_BYTES)
        except (OSError, ValueError):
            continue
        puzzles = data.get("puzzles") if isinstance(data, dict) else None
        if isinstance(puzzles, list):
            ids += sorted((path, p["id"]) for p in puzzles[:MAX_PUZZLES]
                          if isinstance(p, dict) and isinstance(p.get("id"), str))
    if not ids:
        return None
    return ids[daily_index(day, len(ids))]
