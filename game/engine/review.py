"""The game review: every move of a finished (or saved) match judged by the computer player.

Each position of the match is analysed once by the game's computer-player module (the
`Analyses` capability, see game/engine/protocol.py): the expected score of the side to move,
its best move and the line that follows. A move is then judged by its **drop**: the mover's
expected score before it (best play) minus the mover's expected score after it. The drop
is the same measure in every game, so the thresholds are too (`THRESHOLDS`). A move equal to
the computer's best is "best" whatever the noise of two searches says. A move that looks an
inaccuracy or worse is looked at again: the position the better move leaves is analysed too,
and the two moves are compared on positions with the same side to move (a shallow search
favours the side to move, so a position and its child do not compare fairly). A mistake or a
blunder gets the better move, a line of LINE_PLIES after it and, when simple, the reason.

Accuracy of a side (the summary): the mean over its moves of 100 · e^(−4 · drop). A move
that loses nothing scores 100, a drop of 0.05 (an inaccuracy) about 82, of 0.10 about 67,
of 0.20 (a blunder) about 45, and throwing away a won game (drop 1) about 2.

Games solved exactly (Jeu de pions) answer with `exact=True`: their scores are 0 or 1, so a
move either keeps the win (best) or throws it away (blunder).

Everything here is pure data and runs in the worker process; the screens read `Review`.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import storage
from game.engine.analysis import expected_score  # noqa: F401  (the review's scale, for screens and tools)
from game.engine.entries import GameEntry, GameLookup
from game.engine.protocol import (
    Analyses,
    Analysis,
    ExplainsMistakes,
    RealTime,
    shown_move,
)
from game.i18n import N_

log = logging.getLogger(__name__)

JUDGEMENTS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Drop of the mover's expected score (0..1) at which each judgement starts; the same for
#: every game. Below "good" a move is as good as the best.
THRESHOLDS: Mapping[str, float] = {"best": 0.0, "good": 0.02, "inaccuracy": 0.05,
                                   "mistake": 0.10, "blunder": 0.20}
#: The sign written after a judged move in move lists.
SYMBOLS: Mapping[str, str] = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?",
                              "blunder": "??"}
#: Plies of the better line shown after the better move.
LINE_PLIES = 4
#: Seconds of each short analysis that lengthens the better line of a mistake or a blunder
#: when the search's own line is shorter (a few a match: the time stays the positions').
LINE_SECONDS = 0.2
#: Version of the review file (`Review.to_json`).
FORMAT = 1
#: Accuracy of one move: 100 · e^(−ACCURACY_STEEPNESS · drop).
ACCURACY_STEEPNESS = 4.0


@dataclass(frozen=True)
class Reason:
    """Why a move is bad, when simple; the screen translates `key` with gettext and fills it
    with `args` ("loses the {piece}" with {"piece": "Elephant"})."""

    key: str
    args: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class MoveReview:
    """One judged move. Scores are expected scores for player 0 (0..1)."""

    ply: int
    mover: int
    move: str
    move_code: str
    score_before: float
    score_after: float
    judgement: str
    best: str | None
    best_code: str | None
    line: tuple[str, ...]
    reason: Reason | None
    exact: bool = False

    @property
    def drop(self) -> float:
        """How much the move lowered its mover's expected score (never below 0)."""
        before, after = self.score_before, self.score_after
        if self.mover != 0:
            before, after = 1.0 - before, 1.0 - after
        return max(0.0, before - after)

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "mover": self.mover, "move": self.move,
                "move_code": self.move_code, "score_before": self.score_before,
                "score_after": self.score_after, "judgement": self.judgement,
                "best": self.best, "best_code": self.best_code, "line": list(self.line),
                "reason": None if self.reason is None else
                {"key": self.reason.key, "args": dict(self.reason.args)},
                "exact": self.exact}

    @classmethod
    def from_json(cls, data: Any) -> MoveReview:
        if not isinstance(data, dict):
            raise ValueError("a reviewed move should be an object")
        try:
            reason_data = data.get("reason")
            reason = None
            if reason_data is not None:
                reason = Reason(str(reason_data["key"]),
                                {str(k): str(v) for k, v in dict(reason_data["args"]).items()})
            judgement = data["judgement"]
            if judgement not in JUDGEMENTS:
                raise ValueError(f"unknown judgement {judgement!r}")
            return cls(ply=int(data["ply"]), mover=int(data["mover"]), move=str(data["move"]),
                       move_code=str(data["move_code"]),
                       score_before=_unit(data["score_before"]),
                       score_after=_unit(data["score_after"]), judgement=judgement,
                       best=_text_or_none(data["best"]), best_code=_text_or_none(data["best_code"]),
                       line=tuple(str(m) for m in data["line"]), reason=reason,
                       exact=bool(data.get("exact", False)))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"a reviewed move is incomplete ({exc})") from None


@dataclass(frozen=True)
class SideSummary:
    accuracy: float
    counts: Mapping[str, int]


@dataclass
class Review:
    """The review of one match; `moves` may be partial while the analysis runs."""

    game_id: str
    variant: str
    moves: list[MoveReview]
    total: int
    complete: bool
    #: Identity of the match reviewed (`match_key`): a cached review of other moves is stale.
    match_key: str = ""
    #: Seconds of thinking a position the review was made with.
    seconds: float = 0.0

    def scores(self) -> list[float]:
        """Expected score for player 0, one per position reached so far (len(moves)+1 once a
        move is known; [] before)."""
        if not self.moves:
            return []
        return [m.score_before for m in self.moves] + [self.moves[-1].score_after]

    def key_moments(self, n: int = 5) -> list[int]:
        """Plies of the biggest swings, biggest first: up to `n` moves that dropped at least
        an inaccuracy's worth, topped up to 3 with the next biggest when fewer did."""
        ranked = sorted((m for m in self.moves if m.drop > 0), key=lambda m: (-m.drop, m.ply))
        big = [m.ply for m in ranked if m.drop >= THRESHOLDS["inaccuracy"]][:n]
        if len(big) < min(3, n):
            big = [m.ply for m in ranked[:min(3, n)]]
        return big

    def summary(self, player: int) -> SideSummary:
        """Accuracy (mean of 100 · e^(−4 · drop) over the side's moves) and judgement counts."""
        mine = [m for m in self.moves if m.mover == player]
        counts = {j: sum(1 for m in mine if m.judgement == j) for j in JUDGEMENTS}
        if not mine:
            return SideSummary(100.0, counts)
        accuracy = sum(move_accuracy(m.drop) for m in mine) / len(mine)
        return SideSummary(round(accuracy, 1), counts)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "kind": "review", "game": self.game_id,
                "variant": self.variant, "total": self.total, "complete": self.complete,
                "match_key": self.match_key, "seconds": self.seconds,
                "moves": [m.to_json() for m in self.moves]}

    @classmethod
    def from_json(cls, data: Any) -> Review:
        """Rebuild a review; ValueError saying what is wrong with a bad file."""
        if not isinstance(data, dict) or data.get("kind") != "review":
            raise ValueError("not a review file")
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown review format {data.get('format')!r}")
        try:
            moves = data["moves"]
            if not isinstance(moves, list):
                raise ValueError("the reviewed moves should be a list")
            review = cls(game_id=str(data["game"]), variant=str(data["variant"]),
                         moves=[MoveReview.from_json(m) for m in moves],
                         total=int(data["total"]), complete=bool(data["complete"]),
                         match_key=str(data.get("match_key", "")),
                         seconds=float(data.get("seconds", 0.0)))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the review is incomplete ({exc})") from None
        if [m.ply for m in review.moves] != list(range(len(review.moves))):
            raise ValueError("the reviewed moves are out of order")
        if len(review.moves) > review.total or (review.complete and
                                                len(review.moves) != review.total):
            raise ValueError("the review's move count does not add up")
        return review


def move_accuracy(drop: float) -> float:
    """Accuracy of one move, 0..100, from its drop (see the module's docstring)."""
    return 100.0 * math.exp(-ACCURACY_STEEPNESS * max(0.0, drop))


def judge(drop: float) -> str:
    """The judgement of a drop of the mover's expected score."""
    found = JUDGEMENTS[0]
    for word in JUDGEMENTS:
        if drop >= THRESHOLDS[word]:
            found = word
    return found


# --------------------------------------------------------------------------- analysing


Analyser = Callable[[Any, Any, float], Analysis | None]


def flat_analysis(rules: Any, state: Any, seconds: float) -> Analysis | None:
    """A stand-in analysis that knows nothing (every position even, the first legal move best):
    for tests of the review's plumbing and screens."""
    moves = rules.legal_moves(state)
    if not moves:
        return None
    return Analysis(0.5, moves[0], ())


_REVIEWABLE: dict[str, bool] = {}


def reviewable(entry: GameEntry) -> bool:
    """Whether a game offers a review: a two-player turn game whose computer player analyses
    (asked once a game: the answer is the game's code, not its state)."""
    known = _REVIEWABLE.get(entry.id)
    if known is None:
        known = _REVIEWABLE[entry.id] = _reviewable(entry)
    return known


def _reviewable(entry: GameEntry) -> bool:
    if entry.kind != "match" or entry.ai is None or len(entry.side_names) != 2:
        return False
    try:
        rules = entry.make_rules()
    except Exception:  # a game that cannot even be built has no review
        log.warning("%s: rules could not be built", entry.id, exc_info=True)
        return False
    if isinstance(rules, RealTime):
        return False
    return _face(entry, Analyses) is not None


#: Seconds a position when a game says nothing (its module's REVIEW_SECONDS otherwise).
DEFAULT_SECONDS = 1.0


def review_seconds(entry: GameEntry) -> float:
    """Seconds the review thinks about each position of this game: its computer-player
    module's REVIEW_SECONDS (chosen so that a long match is reviewed in minutes), else
    DEFAULT_SECONDS."""
    if entry.ai is None:
        return DEFAULT_SECONDS
    module = importlib.import_module(entry.ai.partition(":")[0])
    return float(getattr(module, "REVIEW_SECONDS", DEFAULT_SECONDS))


def _face(entry: GameEntry, protocol: Any) -> Any:
    """The module of the game that offers `protocol` (a protocol class: mypy wants a concrete
    class for `capability`'s type parameter, hence Any here)."""
    return entry.capability(protocol)


def match_key(match_json: Mapping[str, Any]) -> str:
    """A hash of what the review depends on: game, variant, options, start and moves."""
    keep = {k: match_json.get(k) for k in ("game", "variant", "options", "start", "moves")}
    text = json.dumps(keep, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _player_zero(score: float, to_move: int) -> float:
    return score if to_move == 0 else 1.0 - score


def _terminal_score(rules: Any, state: Any) -> float | None:
    """Expected score of the side to move in an ended position (None: not ended)."""
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == state.to_move else 0.0


def review_match(match_json: dict[str, Any], games: GameLookup, *, seconds_per_move: float,
                 progress: Callable[[MoveReview], None] | None = None,
                 cancelled: Callable[[], bool] | None = None,
                 analyser: Analyser | None = None) -> Review:
    """Judge every move of a saved match (its `to_json` form). Each MoveReview is passed to
    `progress` as soon as known; `cancelled` is asked between positions (a cancelled review
    comes back incomplete). `analyser` replaces the game's own analysis (tests)."""
    from game.engine.match import Match  # the match module pulls in the save checks

    match = Match.from_json(match_json, games)
    entry, rules = match.entry, match.rules
    module: Any = None
    if analyser is None:
        module = _face(entry, Analyses)
        if module is None:
            raise ValueError(f"{entry.id} has no review")

        def analyser(r: Any, s: Any, sec: float) -> Analysis | None:
            found: Analysis | None = module.analyse(r, s, seconds=sec)
            return found
    explainer = _face(entry, ExplainsMistakes)
    recheck = bool(getattr(module, "REVIEW_RECHECK", True))
    line_seconds = min(LINE_SECONDS, seconds_per_move)

    def quick(s: Any) -> Any:
        found = analyser(rules, s, line_seconds)
        return None if found is None else found.best

    states, moves = match.states, match.moves
    review = Review(entry.id, match.variant, [], len(moves), False, match_key(match_json),
                    seconds_per_move)
    if not moves:
        review.complete = True
        return review
    current = _analyse(rules, states[0], analyser, seconds_per_move)
    for ply, move in enumerate(moves):
        if cancelled is not None and cancelled():
            return review
        state, after = states[ply], states[ply + 1]
        following = _analyse(rules, after, analyser, seconds_per_move)
        better = None
        if recheck and _doubtful(state, move, after, current, following):
            assert current.analysis is not None
            better = _analyse(rules, rules.play(state, current.analysis.best), analyser,
                              seconds_per_move)
        judged = _judge_move(rules, ply, state, move, after, current, following, explainer,
                             better, quick)
        review.moves.append(judged)
        if progress is not None:
            progress(judged)
        current = following
    review.complete = True
    return review


@dataclass(frozen=True)
class _Known:
    """One analysed position: the mover's expected score and what the analysis said."""

    score: float          # for the side to move in that position
    analysis: Analysis | None


def _analyse(rules: Any, state: Any, analyser: Analyser, seconds: float) -> _Known:
    ended = _terminal_score(rules, state)
    if ended is not None:
        return _Known(ended, None)
    analysis = analyser(rules, state, seconds)
    if analysis is None:
        return _Known(0.5, None)
    return _Known(min(1.0, max(0.0, float(analysis.score))), analysis)


def _mover_score(known: _Known, state: Any, mover: int) -> float:
    return known.score if state.to_move == mover else 1.0 - known.score


def _doubtful(state: Any, move: Any, after: Any, current: _Known, following: _Known) -> bool:
    """Whether a move looks like an inaccuracy or worse on the two positions' analyses alone:
    then the better move's position is analysed too, so that the two moves are compared on
    positions with the same side to move (a shallow search favours the side to move, and an
    odd or even depth more or less: comparing a position with its child would judge every
    move by that bias)."""
    analysis = current.analysis
    if analysis is None or analysis.exact or analysis.best is None or analysis.best == move:
        return False
    drop = current.score - _mover_score(following, after, state.to_move)
    return drop >= THRESHOLDS["inaccuracy"]


def _judge_move(rules: Any, ply: int, state: Any, move: Any, after: Any, current: _Known,
                following: _Known, explainer: Any, better: _Known | None = None,
                quick: Callable[[Any], Any] | None = None) -> MoveReview:
    """One move judged (see the module docstring); `quick(state)` is a short analysis's best
    move, to lengthen the better line of a mistake or a blunder when the search's own line is
    shorter than LINE_PLIES."""
    mover = state.to_move
    before_p0 = _player_zero(current.score, mover)
    after_p0 = _player_zero(following.score, after.to_move)
    analysis = current.analysis
    exact = bool(analysis is not None and analysis.exact and
                 (following.analysis is None or following.analysis.exact))
    mover_before = current.score
    if better is not None and analysis is not None:
        # the better move's own position, analysed like the one the move played reached
        mover_before = _mover_score(better, rules.play(state, analysis.best), mover)
        before_p0 = _player_zero(mover_before, mover)
    mover_after = after_p0 if mover == 0 else 1.0 - after_p0
    played_best = analysis is not None and analysis.best == move
    drop = 0.0 if played_best else max(0.0, mover_before - mover_after)
    if played_best:
        # two searches disagree a little; the move the computer would play loses nothing
        before_p0 = after_p0
    judgement = judge(drop)
    best = best_code = None
    line: tuple[str, ...] = ()
    reason: Reason | None = None
    if judgement != "best" and analysis is not None and analysis.best is not None:
        best = shown_move(rules, state, analysis.best)
        best_code = rules.to_notation(state, analysis.best)
        follow: Sequence[Any] = analysis.line
        if better is not None and better.analysis is not None and \
                len(better.analysis.line) + 1 > len(follow):
            follow = (better.analysis.best, *better.analysis.line)  # searched from there
        serious = judgement in ("mistake", "blunder")
        line = _shown_line(rules, rules.play(state, analysis.best), follow,
                           quick if serious else None)
        if serious:
            reason = _reason(rules, state, move, after, analysis, following.analysis,
                             explainer)
    return MoveReview(ply, mover, shown_move(rules, state, move), rules.to_notation(state, move),
                      before_p0, after_p0, judgement, best, best_code, line, reason, exact)


def _shown_line(rules: Any, state: Any, line: Sequence[Any],
                quick: Callable[[Any], Any] | None = None) -> tuple[str, ...]:
    """The line after the better move for people, LINE_PLIES at most: the search's own, then
    (with `quick`) the best move of a short analysis of each position after it."""
    shown: list[str] = []
    moves = list(line)[:LINE_PLIES]
    while len(shown) < LINE_PLIES and rules.outcome(state) is None:
        if len(shown) < len(moves):
            move = moves[len(shown)]
            if rules.check(state, move) is not None:
                break
        elif quick is not None:
            move = quick(state)
            if move is None:
                break
        else:
            break
        shown.append(shown_move(rules, state, move))
        state = rules.play(state, move)
    return tuple(shown)


def _reason(rules: Any, state: Any, move: Any, after: Any, analysis: Analysis,
            reply: Analysis | None, explainer: Any) -> Reason | None:
    try:
        if explainer is not None:
            said = explainer.explain(rules, state, move, after, analysis, reply)
            if said is not None:
                key, args = said
                return Reason(key, dict(args))
        return generic_reason(rules, state, move, after, analysis)
    except Exception:  # a reason is a courtesy: a failure to find one never stops the review
        log.warning("finding the reason of a move failed", exc_info=True)
        return None


#: Most replies looked at for "lets the opponent win at once" (games with huge move lists
#: are spared the search).
GENERIC_REPLY_LIMIT = 400


def wins_at_once(rules: Any, state: Any, limit: int = GENERIC_REPLY_LIMIT) -> Any | None:
    """A move of the side to move that ends the game in its favour, or None (also when the
    position has more than `limit` moves)."""
    if rules.outcome(state) is not None:
        return None
    moves = rules.legal_moves(state)
    if len(moves) > limit:
        return None
    side = state.to_move
    for move in moves:
        result = rules.outcome(rules.play(state, move))
        if result is not None and result.winner == side:
            return move
    return None


def generic_reason(rules: Any, state: Any, move: Any, after: Any,
                   analysis: Analysis) -> Reason | None:
    """The reasons every game shares: a win in one missed, or a win in one allowed."""
    result = rules.outcome(after)
    if result is not None:
        return None
    if analysis.best is not None:
        best_result = rules.outcome(rules.play(state, analysis.best))
        if best_result is not None and best_result.winner == state.to_move:
            return Reason(N_("misses a win in one"))
    if after.to_move != state.to_move and wins_at_once(rules, after) is not None:
        return Reason(N_("lets the opponent win at once"))
    return None


# --------------------------------------------------------------------------- cache


def cache_path(match_path: Path) -> Path:
    """Where the review of a saved match is kept: beside it, `X.json` → `X.review.json`."""
    match_path = Path(match_path)
    return match_path.with_name(match_path.stem + ".review.json")


def cache_path_for(match_json: Mapping[str, Any]) -> Path:
    """Where the review of a match without a file (finished in the app) is kept: in the
    user's data folder, named by the match's hash."""
    return storage.data_dir() / "reviews" / f"{match_key(match_json)}.review.json"


def _read_match(match_path: Path) -> dict[str, Any] | None:
    try:
        data = storage.parse_json(storage.read_bytes(match_path))
    except (OSError, ValueError) as exc:
        log.info("no review cache: the match %s cannot be read (%s)", match_path, exc)
        return None
    return data if isinstance(data, dict) else None


def load_cached(match_path: Path, match_json: Mapping[str, Any] | None = None) -> Review | None:
    """The cached review of a saved match, or None when absent, stale (the match changed) or
    damaged (said in the log; it is then made again and rewritten). `match_json` spares
    reading the match file when the caller holds it."""
    if match_json is None:
        match_json = _read_match(Path(match_path))
        if match_json is None:
            return None
    return _load(cache_path(Path(match_path)), match_json)


def load_cached_for(match_json: Mapping[str, Any]) -> Review | None:
    """The cached review of a match without a file (see `cache_path_for`)."""
    return _load(cache_path_for(match_json), match_json)


def _load(path: Path, match_json: Mapping[str, Any]) -> Review | None:
    try:
        raw = storage.read_bytes(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("the review cache %s cannot be read (%s); the review is made again", path, exc)
        return None
    try:
        review = Review.from_json(storage.parse_json(raw))
    except ValueError as exc:
        log.warning("the review cache %s is damaged (%s); the review is made again", path, exc)
        return None
    if review.match_key != match_key(match_json) or not review.complete:
        log.info("the review cache %s belongs to other moves; the review is made again", path)
        return None
    return review


def cached_review(match_json: Mapping[str, Any], match_path: Path | None = None) -> Review | None:
    """The cached review of a match: beside its file when it has one, else in the data
    folder (see `cache_path_for`); None when there is none to trust."""
    if match_path is not None:
        return load_cached(Path(match_path), match_json)
    return load_cached_for(match_json)


def cache_target(match_json: Mapping[str, Any], match_path: Path | None = None) -> Path:
    """Where the review of this match is kept (give it to ReviewJob's `save_to`)."""
    return cache_path(Path(match_path)) if match_path is not None else cache_path_for(match_json)


def save_cached(match_path: Path, review: Review) -> None:
    """Keep a finished review beside its match (atomic: old or new content, never a mix)."""
    storage.write_json_atomic(cache_path(Path(match_path)), review.to_json())


def save_cached_for(match_json: Mapping[str, Any], review: Review) -> None:
    """Keep a finished review of a match without a file in the user's data folder."""
    storage.write_json_atomic(cache_path_for(match_json), review.to_json())


# --------------------------------------------------------------------------- real time


@dataclass(frozen=True)
class TimelinePoint:
    """One move of a real-time match: when (seconds since the start), which ply, the move for
    people, and both sides' sand levels just after it."""

    time: float
    ply: int
    move: str
    sand: tuple[float, float]


def timeline(match_json: dict[str, Any], games: GameLookup) -> list[TimelinePoint]:
    """The tips of a real-time match on a time axis (Akhimoraec's review). The game's
    computer-player module says when each tip happened (`timeline_time(rules, state, move,
    after)`) and both sides' sand levels after it (`timeline_sand(rules, state)`, 0..1); a
    game without them gets times from the states' `time` and no sand."""
    from game.engine.match import Match

    match = Match.from_json(match_json, games)
    rules = match.rules
    face = importlib.import_module(match.entry.ai.partition(":")[0]) if match.entry.ai else None
    sand_of = getattr(face, "timeline_sand", None)
    time_of = getattr(face, "timeline_time", None)
    points: list[TimelinePoint] = []
    for ply, move in enumerate(match.moves):
        before, after = match.states[ply], match.states[ply + 1]
        when = float(time_of(rules, before, move, after)) if time_of else \
            float(getattr(after, "time", 0.0))
        sand = tuple(sand_of(rules, after)) if sand_of else (0.0, 0.0)
        points.append(TimelinePoint(when, ply, shown_move(rules, before, move),
                                    (float(sand[0]), float(sand[1]))))
    return points


def _unit(value: Any) -> float:
    number = float(value)
    if not 0.0 <= number <= 1.0 or math.isnan(number):
        raise ValueError(f"a score should be between 0 and 1, not {value!r}")
    return number


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)
