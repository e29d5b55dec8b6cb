"""The game review: judgements, planted blunders found, Jeu de pions judged exactly, the JSON
form, the cache beside the match, the worker process and its Cancel, tools/review.py.

Reviews with a real analysis think a fraction of a second a position on a few positions; the
plumbing (cache, worker, tool) runs on the flat stand-in analysis or on the Jeu de pions,
whose exact analysis needs no time.
"""

from __future__ import annotations

import io
import json
import logging
import os
import random
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.engine import review
from game.engine.match import Match
from game.engine.review import MoveReview, Reason, Review
from game.engine.worker import ReviewJob
from game.games.pions import ai as pions_ai
from tools import review as review_tool

FLAT = "game.engine.review:flat_analysis"


def _sq(name: str) -> tuple[int, int]:
    return ord(name[0]) - 97, int(name[1:]) - 1


def fairy_position(men: dict[str, str], side: str = "w") -> str:
    """A 16 x 16 position text from {square: letter} (uppercase: White)."""
    board = {_sq(k): v for k, v in men.items()}
    rows = []
    for r in range(15, -1, -1):
        row, run = "", 0
        for f in range(16):
            if (f, r) in board:
                row += (str(run) if run else "") + board[(f, r)]
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + f" {side} - - 0 1"


#: White could mate at once (the Rook to h16, or the Queen to d16: the Black King is shut in
#: by its own Pawns) and plays its King instead; then gives its Queen to the Pawn on h8.
PLANTED_START = fairy_position({"p1": "K", "h1": "R", "d4": "Q", "a16": "k", "a15": "p",
                                "b15": "p", "h8": "p", "p10": "p", "p12": "q", "n11": "r"})
PLANTED_MOVES = ["p1-o1", "b15-b14", "d4-g7"]


def planted_match() -> dict[str, Any]:
    match = Match(registry.get("fairy16"), start=PLANTED_START)
    for text in PLANTED_MOVES:
        match.play_notation(text)
    return match.to_json()


def random_match(game: str, plies: int, seed: int, **options: Any) -> dict[str, Any]:
    match = Match(registry.get(game), options=options or None)
    rng = random.Random(seed)
    while match.ply < plies and not match.is_over:
        moves = match.rules.legal_moves(match.state)
        match.play(moves[rng.randrange(len(moves))])
    return match.to_json()


def fake_review(drops: list[float]) -> Review:
    """A complete review whose moves alternate sides and lose `drops` for their mover."""
    moves, p0 = [], 0.5
    for ply, drop in enumerate(drops):
        mover = ply % 2
        after = p0 - drop if mover == 0 else p0 + drop
        moves.append(MoveReview(ply, mover, f"m{ply}", f"c{ply}", p0, after,
                                review.judge(drop), None if drop < 0.02 else "b", None, (),
                                Reason("loses the {piece}", {"piece": "Queen"}) if drop > 0.3
                                else None))
        p0 = after
    return Review("fairy16", "standard", moves, len(moves), True, "key", 0.5)


# --------------------------------------------------------------------------- judging


def test_judgements_start_at_the_thresholds() -> None:
    assert [review.judge(d) for d in (0.0, 0.019, 0.02, 0.05, 0.1, 0.2, 1.0)] == \
        ["best", "best", "good", "inaccuracy", "mistake", "blunder", "blunder"]
    assert set(review.SYMBOLS) == set(review.JUDGEMENTS) == set(review.THRESHOLDS)


def test_summary_counts_and_accuracy() -> None:
    done = fake_review([0.0, 0.0, 0.06, 0.0, 0.5, 0.12])
    white, black = done.summary(0), done.summary(1)
    assert white.counts == {"best": 1, "good": 0, "inaccuracy": 1, "mistake": 0, "blunder": 1}
    assert black.counts == {"best": 2, "good": 0, "inaccuracy": 0, "mistake": 1, "blunder": 0}
    # the mean of 100·e^(−4·drop): a blunder costs more than a mistake
    assert white.accuracy == pytest.approx(
        (100 + review.move_accuracy(0.06) + review.move_accuracy(0.5)) / 3, abs=0.1)
    assert black.accuracy > white.accuracy


def test_key_moments_are_the_biggest_drops_first() -> None:
    done = fake_review([0.0, 0.3, 0.01, 0.07, 0.0, 0.5, 0.2, 0.0, 0.15, 0.06, 0.09])
    assert done.key_moments() == [5, 1, 6, 8, 10]
    assert done.key_moments(3) == [5, 1, 6]
    # a quiet match still offers three moments, its biggest
    assert fake_review([0.0, 0.01, 0.03, 0.02]).key_moments() == [2, 3, 1]


def test_scores_follow_the_positions() -> None:
    done = fake_review([0.0, 0.1, 0.2])
    assert done.scores() == pytest.approx([0.5, 0.5, 0.6, 0.4])
    assert Review("x", "y", [], 0, False).scores() == []


def test_json_round_trip_and_bad_files() -> None:
    done = fake_review([0.0, 0.4, 0.06])
    again = Review.from_json(json.loads(json.dumps(done.to_json())))
    assert again == done
    assert again.moves[1].reason == Reason("loses the {piece}", {"piece": "Queen"})
    data = done.to_json()
    for broken, words in [({**data, "kind": "match"}, "not a review"),
                          ({**data, "format": 99}, "format"),
                          ({**data, "moves": "x"}, "list"),
                          ({**data, "total": 2}, "count"),
                          ({**data, "moves": [data["moves"][1]]}, "order")]:
        with pytest.raises(ValueError, match=words):
            Review.from_json(broken)
    bad_move = json.loads(json.dumps(data))
    bad_move["moves"][0]["judgement"] = "brilliant"
    with pytest.raises(ValueError, match="judgement"):
        Review.from_json(bad_move)


def test_reviewable_games() -> None:
    for game in ("abalone", "amazons", "fairy16", "taishogi", "rithmomachia", "pions", "chess"):
        assert review.reviewable(registry.get(game)), game
    for game in ("akhimoraec", "hanoi"):
        assert not review.reviewable(registry.get(game)), game


def test_flat_analysis_judges_every_move_best() -> None:
    data = random_match("amazons", 4, 1)
    seen: list[MoveReview] = []
    done = review.review_match(data, registry.get, seconds_per_move=0.0, progress=seen.append,
                               analyser=review.flat_analysis)
    assert done.complete and done.total == 4 and seen == done.moves
    assert [m.judgement for m in done.moves] == ["best"] * 4
    assert [m.move_code for m in done.moves] == data["moves"]


def test_a_cancelled_review_comes_back_incomplete() -> None:
    data = random_match("amazons", 6, 2)
    asked = iter(range(100))
    done = review.review_match(data, registry.get, seconds_per_move=0.0,
                               analyser=review.flat_analysis,
                               cancelled=lambda: next(asked) >= 3)
    assert not done.complete and len(done.moves) == 3 and done.total == 6


# --------------------------------------------------------------------------- real analyses


def test_planted_blunders_in_fairy_chess_are_found() -> None:
    """The missed mate in one and the Queen given away are flagged, with the better move
    (a mate) and the reasons."""
    data = planted_match()
    done = review.review_match(data, registry.get, seconds_per_move=0.3)
    missed, _reply, given = done.moves
    assert missed.move == "p1-o1" and missed.judgement == "blunder"
    assert missed.best_code in ("h1-h16", "d4-d16")  # both mate at once
    assert missed.reason == Reason("misses mate in one")
    assert missed.score_before == 1.0
    assert given.move == "d4-g7" and given.judgement in ("mistake", "blunder")
    assert given.best is not None and given.best_code != "d4-g7"
    assert given.reason == Reason("loses the {piece}", {"piece": "Queen"})
    assert done.key_moments()[:2] == [0, 2]
    assert done.summary(0).counts["blunder"] == 2


def test_a_move_allowing_mate_in_one_says_so() -> None:
    # Black to move; its Rook shuts the h-file, and stepping aside lets Rh1-h16 mate
    start = fairy_position({"p1": "K", "h1": "R", "a16": "k", "a15": "p", "b15": "p",
                            "h14": "r", "m12": "q"}, "b")
    match = Match(registry.get("fairy16"), start=start)
    match.play_notation("h14-k14")
    done = review.review_match(match.to_json(), registry.get, seconds_per_move=0.3)
    move = done.moves[0]
    assert move.judgement == "blunder"
    assert move.reason == Reason("allows mate in one")


def test_abalone_says_when_a_move_lets_a_marble_be_ejected() -> None:
    # Black's d8-e9 leaves a marble the White line can push off; d8-d7 does not
    start = "W4/W2W1W/2WWWWW/W1BW3W/2W4W1/B2B1B1B/1BBB3/3BBB/B2BB b 0 0 turn=46"
    match = Match(registry.get("abalone"), start=start)
    match.play_notation("d8e9")
    move = review.review_match(match.to_json(), registry.get, seconds_per_move=0.3).moves[0]
    assert move.judgement in ("mistake", "blunder")
    assert move.reason == Reason("lets the opponent eject a marble")
    assert move.best_code is not None and move.best_code != "d8e9"


def test_tai_shogi_says_which_man_is_given_away() -> None:
    data = random_match("taishogi", 1, 3)  # the Emperor steps where it can be taken
    move = review.review_match(data, registry.get, seconds_per_move=0.3).moves[0]
    assert move.judgement == "blunder"
    assert move.reason == Reason("loses the {piece}", {"piece": "Emperor"})


@pytest.mark.parametrize("seed", range(6))
def test_every_pions_judgement_is_the_exact_solvers(seed: int) -> None:
    """Jeu de pions: a move is best when it keeps a win (or when the position was lost
    anyway), a blunder when it throws the win away — exactly the nim-sum's verdict."""
    variant = "misere" if seed % 2 else "normal"
    match = Match(registry.get("pions"), variant, {"length": 9 + seed})
    rng = random.Random(seed)
    while not match.is_over:
        moves = match.rules.legal_moves(match.state)
        match.play(moves[rng.randrange(len(moves))])
    done = review.review_match(match.to_json(), registry.get, seconds_per_move=0.0)
    assert done.complete and len(done.moves) == match.ply
    rules = match.rules
    for judged, state, move in zip(done.moves, match.states[:-1], match.moves, strict=True):
        wins = pions_ai.winning_moves(rules, state)
        expected = "blunder" if wins and move not in wins else "best"
        assert judged.judgement == expected, (judged, wins)
        assert judged.exact
        if expected == "blunder":
            assert rules.parse_move(state, judged.best_code or "") in wins
            assert judged.reason is not None
        else:
            assert judged.best is None


@pytest.mark.parametrize("game", ["abalone", "amazons", "rithmomachia", "taishogi", "chess"])
def test_each_game_analyses_a_short_match(game: str) -> None:
    data = random_match(game, 3, 7)
    # the shape of a review, not its depth: the search's time is the test's CPU
    done = review.review_match(data, registry.get, seconds_per_move=0.05)
    assert done.complete and len(done.moves) == len(data["moves"])
    match = Match.from_json(data, registry.get)
    for m, state in zip(done.moves, match.states, strict=False):
        assert m.judgement in review.JUDGEMENTS
        assert 0.0 <= m.score_before <= 1.0 and 0.0 <= m.score_after <= 1.0
        assert (m.best is None) == (m.judgement == "best")
        if m.best_code is not None:  # the better move and its line are legal there
            after = match.rules.play(state, match.rules.parse_move(state, m.best_code))
            assert len(m.line) <= review.LINE_PLIES and after is not None


# --------------------------------------------------------------------------- cache


def test_cache_round_trip_survives_a_restart(tmp_path: Path) -> None:
    data = random_match("pions", 5, 3)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert review.cache_path(path) == tmp_path / "match.review.json"
    assert review.load_cached(path) is None
    done = review.review_match(data, registry.get, seconds_per_move=0.0)
    review.save_cached(path, done)
    started = time.perf_counter()
    again = review.load_cached(Path(str(path)))  # new objects, as after a restart
    assert time.perf_counter() - started < 0.5
    assert again == done and again is not done


def test_a_changed_match_makes_the_cache_stale(tmp_path: Path) -> None:
    data = random_match("pions", 6, 4)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    review.save_cached(path, review.review_match(data, registry.get, seconds_per_move=0.0))
    data["moves"] = data["moves"][:-1]
    data.pop("result", None)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert review.load_cached(path) is None


def test_a_corrupt_cache_is_ignored_and_said(tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    data = random_match("pions", 4, 5)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    review.cache_path(path).write_text("{ not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="game.engine.review"):
        assert review.load_cached(path) is None
    assert "damaged" in caplog.text
    review.cache_path(path).write_text(json.dumps({"kind": "review", "format": 1}),
                                       encoding="utf-8")
    assert review.load_cached(path) is None


def test_a_match_without_a_file_is_cached_in_the_data_folder(home: Path) -> None:
    data = random_match("pions", 4, 6)
    done = review.review_match(data, registry.get, seconds_per_move=0.0)
    assert review.cached_review(data) is None
    review.save_cached_for(data, done)
    target = review.cache_target(data)
    assert target.is_file() and home in target.parents
    assert review.cached_review(data) == done


# --------------------------------------------------------------------------- worker


def test_review_job_streams_and_keeps_the_review(tmp_path: Path) -> None:
    data = random_match("amazons", 5, 8)
    target = tmp_path / "kept.review.json"
    job = ReviewJob(registry.get, data, seconds_per_move=0.0, save_to=target, analyser=FLAT)
    try:
        assert job.wait(60)
        assert job.error is None and job.review.complete
        assert [m.ply for m in job.review.moves] == list(range(5))
        assert Review.from_json(json.loads(target.read_text(encoding="utf-8"))) == job.review
    finally:
        job.close()


def test_cancel_stops_the_review_at_once() -> None:
    data = random_match("chess", 12, 9)
    job = ReviewJob(registry.get, data, seconds_per_move=3.0)
    try:
        deadline = time.monotonic() + 60
        while job.pid is None and time.monotonic() < deadline:
            time.sleep(0.05)
        pid = job.pid
        assert pid is not None
        time.sleep(0.5)  # the child is thinking about its first position
        started = time.monotonic()
        job.cancel()
        assert time.monotonic() - started < 0.5
        assert job.done and job.pid is None and not job.review.complete
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
        known = len(job.review.moves)
        time.sleep(0.5)
        assert job.poll() == [] and len(job.review.moves) == known
    finally:
        job.close()


def test_a_failed_review_reports_its_error() -> None:
    data = random_match("amazons", 2, 1)
    data["moves"] = ["z9-z9"]
    job = ReviewJob(registry.get, data, seconds_per_move=0.0, analyser=FLAT)
    try:
        assert job.wait(60)
        assert job.error and not job.review.complete
    finally:
        job.close()


# --------------------------------------------------------------------------- timeline


def test_akhimoraec_timeline_has_times_and_sand() -> None:
    from game.games.akhimoraec import ai as akh

    entry = registry.get("akhimoraec")
    rules = entry.make_rules()
    record: list[str] = []
    akh.simulate_match(rules, akh.make_ai(rules, "easy"), akh.make_ai(rules, "easy"),
                       random.Random(1), max_plies=12, record=record)
    data = Match(entry).to_json()
    data["moves"] = record
    points = review.timeline(data, registry.get)
    assert [p.ply for p in points] == list(range(len(record)))
    times = [p.time for p in points]
    assert times == sorted(times) and times[0] > 0
    assert times[0] == pytest.approx(float(record[0].split(":")[0]))
    for p in points:
        assert all(0.0 <= s <= 1.0 for s in p.sand)
    assert any(p.sand != (0.0, 0.0) for p in points)


# --------------------------------------------------------------------------- the tool


def test_tool_json_has_one_object_a_move(tmp_path: Path) -> None:
    data = random_match("pions", 30, 11)
    path = tmp_path / "pions.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert review_tool.main([str(path), "--json", "--quiet"]) == 0
    moves = json.loads(out.getvalue())
    assert len(moves) == len(data["moves"])
    for obj, code in zip(moves, data["moves"], strict=True):
        assert obj["move_code"] == code
        assert obj["judgement"] in review.JUDGEMENTS
        assert {"move", "best", "line", "reason"} <= set(obj)
        assert (obj["best"] is None) == (obj["judgement"] == "best")
    assert review.cache_path(path).is_file()
    text = io.StringIO()
    with redirect_stdout(text):
        assert review_tool.main([str(path)]) == 0
    lines = text.getvalue().splitlines()
    assert lines[0].strip().startswith("1.")
    sides = registry.get("pions").side_names
    assert sum(line.startswith(tuple(f"{s}: accuracy" for s in sides)) for line in lines) == 2


@pytest.mark.slow
def test_a_200_ply_tai_shogi_match_is_reviewed_within_five_minutes() -> None:
    """The time the review promises: each position is thought about for REVIEW_SECONDS (the
    searches keep to their time, so a loaded machine reviews less deeply, not longer)."""
    entry = registry.get("taishogi")
    match = Match(entry)
    rng = random.Random(0)
    players = (entry.make_ai(match.rules, "default"), entry.make_ai(match.rules, "easy"))
    while match.ply < 200 and not match.is_over:
        match.play(players[match.current_player].choose(match.state, seconds=0.1, rng=rng))
    started = time.perf_counter()
    done = review.review_match(match.to_json(), registry.get,
                               seconds_per_move=review.review_seconds(entry))
    assert done.complete and len(done.moves) == match.ply
    assert time.perf_counter() - started < 300 * match.ply / 200
