"""Tactics puzzles: the packs re-proved (a fixed sample of each), a planted wrong solution, an
illegal position and hostile files refused by name, the attempt's logic, the puzzle of the day
and its streak, and the Jeu de pions solver against the nim-sum."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path

import pytest

from game import registry
from game.engine import puzzles as fmt
from game.engine.progress import Progress
from game.games.pions.ai import is_lost
from game.games.pions.rules import random_position
from tools import puzzles as tool
from tools import validate_levels
from tools.puzzle_making import _found_from, write_pack

PACKS = sorted(tool.PUZZLE_DIR.glob("*.json"))
#: puzzles re-proved per pack here (the whole packs: `tools/puzzles.py check`)
SAMPLE = 3


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def pack_data(game: str) -> dict:
    return json.loads((tool.PUZZLE_DIR / f"{game}.json").read_text(encoding="utf-8"))


def test_there_are_packs_of_at_least_40_puzzles() -> None:
    counts = {p.stem: len(fmt.read_pack(p, registry.get).puzzles) for p in PACKS}
    for game in ("pions", "abalone", "rithmomachia", "fairy16", "taishogi", "amazons", "chess"):
        assert counts.get(game, 0) >= 40, counts


@pytest.mark.parametrize("path", PACKS, ids=[p.stem for p in PACKS])
def test_a_fixed_sample_of_every_pack_is_proved_again(path: Path) -> None:
    assert tool.check_pack(path, sample=SAMPLE) == []


@pytest.mark.parametrize("path", PACKS, ids=[p.stem for p in PACKS])
def test_every_pack_reads_without_a_problem_and_mixes_its_goals(path: Path) -> None:
    pack = fmt.read_pack(path, registry.get)
    assert pack.problems == []
    assert len(pack.puzzles) == len(json.loads(path.read_text())["puzzles"])
    goals = {p.goal for p in pack.puzzles}
    assert goals <= set(tool.GAME_KINDS[pack.game])
    if pack.game in ("abalone", "amazons", "taishogi"):  # they mix kinds (docs/puzzles.md)
        assert goals == set(tool.GAME_KINDS[pack.game])
    first = [p.solution[0].move for p in pack.puzzles]
    assert all(first)


def test_a_pack_read_again_is_not_checked_again_unless_it_or_the_language_of_its_problems_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import i18n

    checked: list[str] = []
    real = fmt.check_puzzle

    def counting(rules: object, puzzle: fmt.Puzzle) -> list[str]:
        checked.append(puzzle.id)
        return real(rules, puzzle)

    monkeypatch.setattr(fmt, "check_puzzle", counting)
    data = pack_data("pions")
    data["puzzles"] = data["puzzles"][:3] + [dict(data["puzzles"][3], position="nonsense")]
    path = write(tmp_path / "pions.json", data)
    first = fmt.read_pack(path, registry.get)
    assert len(checked) == 4 and len(first.puzzles) == 3 and len(first.problems) == 1
    first.puzzles.clear()  # the caller's copy: the next reader gets the whole pack
    again = fmt.read_pack(path, registry.get)
    assert len(checked) == 4 and len(again.puzzles) == 3 and again.problems == first.problems
    data["puzzles"] = data["puzzles"][:2]  # the file changes: read and checked again
    write(path, data)
    assert len(fmt.read_pack(path, registry.get).puzzles) == 2 and len(checked) == 6
    data["puzzles"].append(dict(data["puzzles"][0], position="nonsense", id="bad"))
    write(path, data)
    english = fmt.read_pack(path, registry.get).problems
    i18n.set_language("fr")  # the problems are said in the player's language
    french = fmt.read_pack(path, registry.get).problems
    assert english != french and len(checked) == 9 + 3
    data["puzzles"].pop()  # back to the two puzzles read in English, without problems:
    write(path, data)  # the same pack in every language, not checked again
    assert len(fmt.read_pack(path, registry.get).puzzles) == 2 and len(checked) == 12


def test_a_planted_wrong_solution_is_refused_with_the_puzzle_named(tmp_path: Path) -> None:
    data = pack_data("pions")
    puzzle = data["puzzles"][0]
    entry = registry.get("pions")
    rules = entry.make_rules("normal", {})
    state = rules.parse_position(puzzle["position"])
    right = {s["move"] for s in puzzle["solution"]}
    wrong = next(rules.to_notation(state, m) for m in rules.legal_moves(state)
                 if rules.to_notation(state, m) not in right)
    puzzle["solution"] = [{"move": wrong}]
    data["puzzles"] = [puzzle]
    path = write(tmp_path / "pions.json", data)
    problems = tool.check_pack(path)
    assert len(problems) == 1 and puzzle["id"] in problems[0] and "first moves" in problems[0]
    assert validate_levels.main(["pions", "--puzzles-dir", str(tmp_path)]) == 1


def test_a_wrong_answer_in_the_line_is_refused(tmp_path: Path) -> None:
    data = pack_data("pions")
    rules = registry.get("pions").make_rules("normal", {})

    def answers(p: dict) -> list[str]:
        after = fmt.play_turn(rules, rules.parse_position(p["position"]), p["solution"][0]["move"])
        return [rules.to_notation(after, m) for m in rules.legal_moves(after)]

    deep = next(p for p in data["puzzles"] if p["solution"][0].get("reply")
                and len(answers(p)) > 1)
    other = next(a for a in answers(deep) if a != deep["solution"][0]["reply"])
    deep["solution"][0]["reply"] = other
    data["puzzles"] = [deep]
    problems = tool.check_pack(write(tmp_path / "pions.json", data))
    assert problems and deep["id"] in problems[0]


def test_a_material_line_is_the_forced_exchange_and_a_cut_or_wrong_one_is_refused(
        tmp_path: Path) -> None:
    """A material puzzle whose exchange goes on plays it out: the opponent's recapture, then
    the player's only captures that keep two pawns' worth; the same puzzle with its line cut
    to the first move, or with another recapture, is refused by name."""
    data = pack_data("chess")
    deep = next(p for p in data["puzzles"]
                if p["goal"] == "material" and p["solution"][0].get("reply"))
    rules = registry.get("chess").make_rules("standard", {})
    prover = tool.Prover(registry.get("chess"), rules)
    mat = prover.turns.material()
    state = rules.parse_position(deep["position"])
    first = deep["solution"][0]
    after = fmt.play_turn(rules, state, first["move"])
    answered = fmt.play_turn(rules, after, first["reply"])
    balance = mat.taken(state, rules.parse_move(state, first["move"])) - \
        mat.taken(after, rules.parse_move(after, first["reply"]))
    keeps = {rules.to_notation(answered, m) for m in rules.legal_moves(answered)
             if balance + mat.move_gain(answered, m) >= mat.threshold}
    assert keeps == {s["move"] for s in first["then"]}
    assert all(mat.taken(answered, rules.parse_move(answered, k)) > 0 for k in keeps)
    cut = dict(deep, solution=[{"move": s["move"]} for s in deep["solution"]])

    def playable(reply: str) -> bool:  # the written captures stay legal after this answer
        there = fmt.play_turn(rules, after, reply)
        legal = {rules.to_notation(there, m) for m in rules.legal_moves(there)}
        return all(s["move"] in legal for s in first["then"])

    other = next(r for r in (rules.to_notation(after, m) for m in rules.legal_moves(after))
                 if r != first["reply"] and playable(r))
    wrong = dict(deep, id=deep["id"] + "b", solution=[dict(first, reply=other)])
    data["puzzles"] = [cut, wrong]
    problems = tool.check_pack(write(tmp_path / "chess.json", data))
    assert len(problems) == 2, problems
    assert all("the line should be" in p for p in problems), problems
    assert deep["id"] + ":" in problems[0] and deep["id"] + "b:" in problems[1]


def test_an_illegal_position_or_move_is_named_and_the_rest_is_kept(tmp_path: Path) -> None:
    data = pack_data("abalone")
    good = data["puzzles"][1]
    data["puzzles"] = [dict(data["puzzles"][0], position="WWWWWWWW/zz b 0 0"),
                       dict(data["puzzles"][2], solution=[{"move": "a1a9"}]), good]
    pack = fmt.read_pack(write(tmp_path / "abalone.json", data), registry.get)
    assert [p.id for p in pack.puzzles] == [good["id"]]
    assert len(pack.problems) == 2
    assert data["puzzles"][0]["id"] in pack.problems[0] and "position" in pack.problems[0]
    assert data["puzzles"][1]["id"] in pack.problems[1] and "a1a9" in pack.problems[1]
    assert all(p.startswith("abalone.json: ") for p in pack.problems)


@pytest.mark.parametrize("content", [
    b"\x00\xff garbage", b"{\"format\": 1, \"game\": \"pions\", \"puzzles\": [", b"[1, 2, 3]",
    b"{\"format\": 1, \"game\": \"nope\", \"puzzles\": []}",
    b"{\"format\": 99, \"game\": \"pions\", \"puzzles\": []}",
    b"{\"format\": 1, \"game\": \"hanoi\", \"puzzles\": []}",
], ids=["binary", "cut-short", "not-a-pack", "unknown-game", "unknown-format", "not-two-player"])
def test_a_hostile_file_is_refused_by_its_name(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "pions.json"
    path.write_bytes(content)
    with pytest.raises(fmt.PuzzleFileError, match="pions.json: "):
        fmt.read_pack(path, registry.get)
    assert tool.check_pack(path)[0].startswith("pions.json: ")


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "pions.json"
    with path.open("wb") as f:
        f.truncate(fmt.MAX_PACK_BYTES + 1)
    with pytest.raises(fmt.PuzzleFileError, match="pions.json"):
        fmt.read_pack(path, registry.get)


def test_hostile_puzzles_inside_a_pack_are_refused_one_by_one(tmp_path: Path) -> None:
    data = pack_data("pions")
    good = data["puzzles"][0]
    deep: dict = {"move": "x1"}
    for _ in range(fmt.MAX_DEPTH + 3):
        deep = {"move": "x1", "reply": "x1", "then": [deep]}
    data["puzzles"] = [7, dict(good, goal="win99"), dict(good, id=""),
                       dict(good, id="deep", solution=[deep]),
                       dict(good, difficulty={"depth": -1}), good, dict(good)]
    pack = fmt.read_pack(write(tmp_path / "pions.json", data), registry.get)
    assert [p.id for p in pack.puzzles] == [good["id"]]
    assert len(pack.problems) == 6  # the last one: its id used twice


def test_the_attempt_judges_by_position_gives_hints_and_counts_stars() -> None:
    pack = fmt.read_pack(tool.PUZZLE_DIR / "pions.json", registry.get)
    puzzle = next(p for p in pack.puzzles if p.solution[0].reply is not None)
    rules = registry.get("pions").make_rules("normal", {})
    attempt = fmt.Attempt(puzzle, rules)
    start = attempt.start
    step = puzzle.solution[0]
    right = fmt.play_turn(rules, start, step.move)
    wrong = next(rules.play(start, m) for m in rules.legal_moves(start)
                 if rules.position_text(rules.play(start, m)) != rules.position_text(right)
                 and all(s.move != rules.to_notation(start, m) for s in puzzle.solution))
    assert attempt.judge(start, wrong) is None
    assert attempt.judge(start, right) is step
    assert attempt.hint() is step and attempt.stars == 2
    assert attempt.accept(step) == step.reply
    attempt.show()
    assert attempt.stars == 0


def test_the_goal_sentence_names_the_side_as_the_game_does() -> None:
    pack = fmt.read_pack(tool.PUZZLE_DIR / "abalone.json", registry.get)
    puzzle = next(p for p in pack.puzzles if p.goal == "eject")
    entry = registry.get("abalone")
    assert puzzle.goal_text(entry, 1) == "White to move: eject a marble without losing one"


def test_the_puzzle_of_the_day_is_the_date_s_and_the_streak_counts_days_in_a_row() -> None:
    day = datetime.date(2026, 11, 27)
    assert fmt.daily_index(day, 500) == fmt.daily_index(datetime.date(2026, 11, 27), 500)
    assert len({fmt.daily_index(day + datetime.timedelta(days=k), 500) for k in range(30)}) > 20
    assert fmt.daily_choice(tool.PUZZLE_DIR, day) == fmt.daily_choice(tool.PUZZLE_DIR, day)
    prog = Progress()
    assert prog.daily_solved(day) == 1 and prog.daily_solved(day) == 1
    assert prog.daily_solved(day + datetime.timedelta(days=1)) == 2
    assert prog.current_streak(day + datetime.timedelta(days=3)) == 0
    assert prog.daily_solved(day + datetime.timedelta(days=3)) == 1 and prog.best_streak == 2
    again, problems = Progress.from_dict(prog.to_dict())
    assert problems == [] and (again.daily_last, again.streak, again.best_streak) == \
        ("2026-11-30", 1, 2)
    _, problems = Progress.from_dict({"games": {}, "daily": {"last": "yesterday", "streak": 2}})
    assert problems


def test_the_jeu_de_pions_solver_agrees_with_the_nim_sum() -> None:
    rng = random.Random(3)
    for _ in range(200):
        state = random_position(rng.randint(5, 14), rng)
        for variant in ("normal", "misere"):
            assert tool.pions_value(variant, state.cells)[0] == \
                (not is_lost(variant, state.cells))


def test_validate_levels_names_a_hostile_pack_and_an_illegal_position(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "amazons.json").write_bytes(b"\x89PNG not a pack")
    data = pack_data("pions")
    data["puzzles"] = [dict(data["puzzles"][0], position="23:99,3")]
    write(tmp_path / "pions.json", data)
    assert validate_levels.main(["amazons", "pions", "--puzzles-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "amazons.json: " in out and "pions.json: " + data["puzzles"][0]["id"] in out
    assert "position" in out


def test_validate_levels_refuses_a_wrong_mistake_by_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The opponent's mistake a puzzle records must be legal in the position before it and
    lead to the puzzle's position: an illegal one, another legal move, an unreadable position
    before, and a source with one of the two are each refused with the puzzle named."""
    data = pack_data("pions")
    rules = registry.get("pions").make_rules("normal", {})
    good = [p for p in data["puzzles"] if p["source"].get("mistake")][:5]
    assert len(good) == 5
    before = rules.parse_position(good[1]["source"]["before"])
    other = next(rules.to_notation(before, m) for m in rules.legal_moves(before)
                 if rules.to_notation(before, m) != good[1]["source"]["mistake"])
    planted = [dict(good[0], source=dict(good[0]["source"], mistake="99-98")),
               dict(good[1], source=dict(good[1]["source"], mistake=other)),
               dict(good[2], source=dict(good[2]["source"], before="23:99,3")),
               dict(good[3], source={"game": 1, "mistake": good[3]["source"]["mistake"]}),
               good[4]]
    data["puzzles"] = planted
    pack = fmt.read_pack(write(tmp_path / "pions.json", data), registry.get)
    assert [p.id for p in pack.puzzles] == [good[4]["id"]]
    reasons = dict(zip([p["id"] for p in good[:4]], pack.problems, strict=True))
    assert "not legal" in reasons[good[0]["id"]] and "99-98" in reasons[good[0]["id"]]
    assert "does not lead to the puzzle's position" in reasons[good[1]["id"]]
    assert "position before the mistake cannot be read" in reasons[good[2]["id"]]
    assert "both" in reasons[good[3]["id"]]
    assert validate_levels.main(["pions", "--puzzles-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert all(f"pions.json: {p['id']}" in out for p in good[:4])


def test_every_recorded_mistake_leads_to_its_puzzle() -> None:
    """Each pack's recorded mistakes (position before, move) replay to the puzzle's position:
    the scene opens on them."""
    for path in PACKS:
        pack = fmt.read_pack(path, registry.get)
        rules = registry.get(pack.game).make_rules(pack.variant, pack.options)
        for puzzle in pack.puzzles:
            if puzzle.mistake is None:
                continue
            start, moves = fmt.prelude(puzzle)
            state = rules.parse_position(start)
            for move in moves:
                state = rules.play(state, rules.parse_move(state, move))
            assert rules.position_text(state) == \
                rules.position_text(rules.parse_position(puzzle.position)), puzzle.id


def test_the_generator_s_games_between_levels_replay_the_same() -> None:
    """The levels read the virtual clock while choosing (tools/puzzle_making.py): a game is
    the same every time it is played, whatever the machine's load, and the real clock is back
    afterwards."""
    import time

    from game.games.taishogi import ai as taishogi_ai
    from tools.arena import make_player
    from tools.virtual_clock import choose_move, virtual_time

    entry = registry.get("taishogi")
    rules = entry.make_rules(entry.variants[0].id, {})

    def line() -> list[str]:
        rng = random.Random("puzzles 1 2")
        sides = [make_player(entry, rules, "ai:easy") for _ in (0, 1)]
        state, out = rules.initial_state(), []
        for _ in range(12):
            move = choose_move(sides[state.to_move], state, 5.0, None, rng, 0.0001)
            out.append(rules.to_notation(state, move))
            state = rules.play(state, move)
        return out

    assert line() == line()
    assert taishogi_ai.time is time
    with virtual_time(0.001) as clock:  # the level did read it
        make_player(entry, rules, "ai:easy").choose(rules.initial_state(), seconds=5.0,
                                                    rng=random.Random(1))
    assert clock.now > 0 and taishogi_ai.time is time


def _write_with_a_suite_puzzle(tmp_path: Path, kept: list[dict], bare: dict) -> dict:
    """Write an Abalone pack of `kept` and `bare` made a puzzle of the tactic suites (no
    recorded mistake, which `drop --no-mistake` takes out); the suite puzzle written."""
    data = pack_data("abalone")
    data.pop("retired", None)
    bare = dict(bare, source={"suite": "abalone-win1-001", "command": "tools/tactics.py make"})
    data["puzzles"] = [*kept, bare]
    write(tmp_path / "abalone.json", data)
    return bare


def test_drop_takes_out_the_puzzles_without_a_mistake_and_the_others_keep_their_ids(
        tmp_path: Path) -> None:
    """`drop --no-mistake` leaves the puzzles after a recorded mistake under their own ids and
    records itself among the pack's commands; a later find would take the next number."""
    puzzles = pack_data("abalone")["puzzles"]
    kept = puzzles[:4]
    _write_with_a_suite_puzzle(tmp_path, kept, dict(puzzles[0], id="abalone-999"))
    assert tool.main(["drop", "abalone", "--no-mistake", "--dir", str(tmp_path)]) == 0
    after = json.loads((tmp_path / "abalone.json").read_text(encoding="utf-8"))
    assert sorted(p["id"] for p in after["puzzles"]) == sorted(p["id"] for p in kept)
    assert after["commands"][-1].endswith("drop abalone --no-mistake --dir " + str(tmp_path))
    assert tool.main(["drop", "abalone", "--dir", str(tmp_path)]) != 0  # drop what?


def test_a_dropped_puzzles_id_is_never_given_again(tmp_path: Path) -> None:
    """A player's stars are saved under a puzzle's id: after `drop`, the dropped id is kept in
    the pack's "retired" list and `write_pack` numbers a new find after it, even when the
    dropped puzzle had the highest number."""
    puzzles = pack_data("abalone")["puzzles"]
    kept = [dict(p, id=f"abalone-{k + 1:03d}") for k, p in enumerate(puzzles[:3])]
    bare = _write_with_a_suite_puzzle(tmp_path, kept, dict(puzzles[3], id="abalone-004"))
    assert tool.main(["drop", "abalone", "--no-mistake", "--dir", str(tmp_path)]) == 0
    after = json.loads((tmp_path / "abalone.json").read_text(encoding="utf-8"))
    assert after["retired"] == ["abalone-004"]
    pack = fmt.read_pack(tmp_path / "abalone.json", registry.get)
    found = _found_from(pack)
    new = {k: v for k, v in found[0].items() if k != "id"}
    new["position"] = bare["position"]
    write_pack(tmp_path / "abalone.json", registry.get("abalone"), pack.variant,
               dict(pack.options), after["commands"], 1, [*found, new], after["retired"])
    ids = sorted(p["id"] for p in json.loads(
        (tmp_path / "abalone.json").read_text(encoding="utf-8"))["puzzles"])
    assert ids == ["abalone-001", "abalone-002", "abalone-003", "abalone-005"]


def test_retire_renumbers_a_puzzle_under_a_retired_id_and_the_reader_refuses_one(
        tmp_path: Path) -> None:
    """`retire` moves a puzzle off an id that once named another one; a pack that still gives
    a retired id to a puzzle is refused for that puzzle, by file and id."""
    data = pack_data("abalone")
    data.pop("retired", None)
    data["puzzles"] = [dict(p, id=f"abalone-{k + 1:03d}")
                       for k, p in enumerate(data["puzzles"][:3])]
    write(tmp_path / "abalone.json", data)
    assert tool.main(["retire", "abalone", "abalone-002", "--dir", str(tmp_path)]) == 0
    after = json.loads((tmp_path / "abalone.json").read_text(encoding="utf-8"))
    assert sorted(p["id"] for p in after["puzzles"]) == ["abalone-001", "abalone-003",
                                                          "abalone-004"]
    assert after["retired"] == ["abalone-002"]
    assert tool.main(["retire", "abalone", "amazons-001", "--dir", str(tmp_path)]) != 0
    after["puzzles"][0]["id"] = "abalone-002"
    write(tmp_path / "abalone.json", after)
    pack = fmt.read_pack(tmp_path / "abalone.json", registry.get)
    assert len(pack.puzzles) == 2
    [problem] = pack.problems
    assert problem.startswith("abalone.json: #")
    assert problem.endswith(": abalone-002: the id belonged to a puzzle taken out of the pack")
