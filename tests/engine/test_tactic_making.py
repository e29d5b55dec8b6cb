"""tools/tactics.py make and merge: the screen before a parry proof, the cache of failed
proofs, the positions examined before and after a game's end, the phases, and how merge joins,
orders and thins the runs' suites."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from game import registry
from tests.engine.tactic_positions import BOXED, fairy
from tools import tactic_proofs as proofs
from tools import tactics


def test_the_share_screen_passes_a_threat_most_turns_allow_and_not_the_start() -> None:
    rules, turns = fairy()
    boxed = rules.parse_position(BOXED.format(side="w"))  # most of White's moves allow h16-h1
    rng = random.Random(1)
    assert proofs.threatened(turns, boxed, rng, proofs.SHARE_TRIES, proofs.SHARE_NEED)
    assert not proofs.threatened(turns, rules.initial_state(), rng, proofs.SHARE_TRIES,
                                  proofs.SHARE_NEED)


def test_a_position_met_again_is_not_proved_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = registry.get("fairy16")
    rules, turns = fairy()
    state = rules.initial_state()  # no win in one: the proof fails
    calls: list[object] = []

    def counting(t: object, s: object) -> None:
        calls.append(s)

    monkeypatch.setitem(proofs.PROVERS, "win1", counting)
    failed: set[tuple[str, str]] = set()
    found: dict[str, list[dict[str, object]]] = {"win1": []}
    for ply in (10, 20):  # the same position twice, far enough apart for the gap
        tactics._examine(entry, rules, turns, state, ply, 0, ["win1"], found, {}, {},  # type: ignore[arg-type]
                         random.Random(1), 4, 64, failed=failed)
    assert len(calls) == 1 and found["win1"] == []
    assert failed == {("win1", rules.position_text(state))}  # type: ignore[attr-defined]


def _small_suite(path: Path, positions: list[dict[str, object]], command: str,
                 kind: str = "win1") -> None:
    entry = registry.get("chess")
    tactics.write_suite(path, entry, entry.variants[0].id, {}, kind, 1, [command],
                        [dict(p) for p in positions])


def test_merge_joins_runs_keeps_their_commands_and_leaves_near_copies_out(
        tmp_path: Path) -> None:
    data = json.loads((tactics.SUITE_DIR / "chess-win1.json").read_text(encoding="utf-8"))
    first, second = data["positions"][:3], data["positions"][3:5]
    _small_suite(tmp_path / "a.json", first, "tools/tactics.py make chess --games 1")
    _small_suite(tmp_path / "b.json", [*second, first[0]],  # one copy of a kept position
                 "tools/tactics.py make chess --games 1 --first-game 101")
    out = tmp_path / "chess-win1.json"
    assert tactics.merge_suites(out, [tmp_path / "a.json", tmp_path / "b.json"],
                                "tools/tactics.py merge") == 5
    merged = json.loads(out.read_text(encoding="utf-8"))
    assert [p["position"] for p in merged["positions"]] == [
        p["position"] for p in [*first, *second]]
    assert merged["commands"] == ["tools/tactics.py make chess --games 1",
                                  "tools/tactics.py make chess --games 1 --first-game 101",
                                  "tools/tactics.py merge"]
    assert [p["id"] for p in merged["positions"]] == [f"chess-win1-00{i}" for i in range(1, 6)]
    assert [p["published"] for p in merged["positions"]] == [True, False, True, False, True]
    assert tactics.merge_suites(out, [tmp_path / "b.json", tmp_path / "a.json"], "merge",
                                most=3) == 3  # the first file's first
    assert [p["position"] for p in json.loads(out.read_text(encoding="utf-8"))["positions"]] == [
        p["position"] for p in [*second, first[0]]]
    _small_suite(tmp_path / "c.json", second, "tools/tactics.py make chess", kind="parry1")
    with pytest.raises(tactics.ToolError):
        tactics.merge_suites(out, [tmp_path / "a.json", tmp_path / "c.json"], "merge")


def _six_positions(games: Sequence[int], replaced: Sequence[int]) -> list[dict[str, Any]]:
    """Six chess positions said to come from `games`, after `replaced` replaced ends each."""
    data = json.loads((tactics.SUITE_DIR / "chess-win1.json").read_text(encoding="utf-8"))
    six = [dict(p) for p in data["positions"][:6]]
    for p, game, ends in zip(six, games, replaced, strict=True):
        p["game"] = game
        p.pop("replaced", None)
        if ends:
            p["replaced"] = ends
    return six


def test_merge_can_keep_the_players_own_positions_first_and_few_of_one_game(
        tmp_path: Path) -> None:
    """`--replaced-last` puts the positions found after a replaced game-ending move after all
    the others (the files' order kept within each part); `--per-game` keeps at most so many of
    one game, so one long hunt does not fill a suite."""
    six = _six_positions((1, 1, 1, 2, 2, 3), (0, 1, 0, 0, 2, 0))
    _small_suite(tmp_path / "a.json", six[:3], "make a")
    _small_suite(tmp_path / "b.json", six[3:], "make b")
    out = tmp_path / "chess-win1.json"
    paths = [tmp_path / "a.json", tmp_path / "b.json"]

    def kept() -> list[str]:
        return [p["position"] for p in json.loads(out.read_text(encoding="utf-8"))["positions"]]

    assert tactics.merge_suites(out, paths, "merge", replaced_last=True) == 6
    assert kept() == [six[i]["position"] for i in (0, 2, 3, 5, 1, 4)]
    assert [p.get("replaced", 0) for p in json.loads(out.read_text(
        encoding="utf-8"))["positions"]] == [0, 0, 0, 0, 1, 2]
    assert tactics.merge_suites(out, paths, "merge", per_game=1) == 3
    assert kept() == [six[i]["position"] for i in (0, 3, 5)]
    assert tactics.merge_suites(out, paths, "merge", most=4, per_game=2,
                                replaced_last=True) == 4
    assert kept() == [six[i]["position"] for i in (0, 2, 3, 5)]
    assert tactics._main(["merge", str(out), *map(str, paths), "--per-game", "1",
                          "--replaced-last"]) == 0
    assert kept() == [six[i]["position"] for i in (0, 3, 5)]


def test_merge_can_put_the_games_with_random_moves_after_the_players_own(
        tmp_path: Path) -> None:
    """`--random-last` reads the runs' commands: a game of a run whose moves were replaced at
    random (--noise, --checks, --captures; a run without --noise has the default 0.25), or of
    no run recorded, comes after the players' own games; with `--replaced-last` too, the
    players' own positions after a replaced end come between the two."""
    six = _six_positions((1, 5, 2, 20, 6, 30), (0, 0, 1, 0, 0, 0))
    make = "tools/tactics.py make chess --seed 1"
    _small_suite(tmp_path / "a.json", six[:3],
                 f"{make} --games 3 --first-game 1 --noise 0 --out /tmp/x")
    _small_suite(tmp_path / "b.json", six[3:], f"{make} --games 1 --first-game 5 --noise 0.05")
    out = tmp_path / "chess-win1.json"
    with (tmp_path / "b.json").open("r+", encoding="utf-8") as f:  # two more runs of that file
        b = json.load(f)
        b["commands"] += [f"{make} --games 5 --first-game 20 --noise 0 --checks 0.1",
                          f"{make} --games 5 --first-game 30 --noise 0",
                          f"tools/tactics.py merge {out} a.json"]
        f.seek(0)
        json.dump(b, f)
        f.truncate()
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    assert tactics.own_games([*b["commands"], f"{make} --games 1 --first-game 5 --noise 0",
                              f"{make} --games 2 --first-game 40 --noise 0"]) == {
        (1, n) for n in (30, 31, 32, 33, 34, 40, 41)}  # game 5 is also in a run with noise
    assert tactics.own_games(["tools/tactics.py make chess --games 2 --seed 3"]) == set()
    assert tactics.own_games([f"{make} --games 2 --noise 0 --players ai:easy,random"]) == set()

    def kept() -> list[int]:
        return [p["game"] for p in json.loads(out.read_text(encoding="utf-8"))["positions"]]

    assert tactics.merge_suites(out, paths, "merge", random_last=True) == 6
    assert kept() == [1, 2, 30, 5, 20, 6]  # no run covers game 6
    assert tactics._main(["merge", str(out), *map(str, paths), "--random-last",
                          "--replaced-last"]) == 0
    assert kept() == [1, 30, 2, 5, 20, 6]
    assert tactics.merge_suites(out, paths, "merge", replaced_last=True) == 6
    assert kept() == [1, 5, 20, 6, 30, 2]  # without --random-last the files' order
    with pytest.raises(tactics.ToolError, match="cannot read the command"):
        tactics.own_games(["tools/tactics.py make chess --games many"])


def test_merge_keeps_the_seed_of_a_position_from_a_run_of_another_seed(tmp_path: Path) -> None:
    """Games between the levels first, then a cheaper run of another seed: each position of
    the second run keeps its seed, so its game number still names the game it came from."""
    data = json.loads((tactics.SUITE_DIR / "chess-win1.json").read_text(encoding="utf-8"))
    levels, cheap = data["positions"][:2], data["positions"][2:4]
    _small_suite(tmp_path / "a.json", levels, "tools/tactics.py make chess --seed 1")
    entry = registry.get("chess")
    tactics.write_suite(tmp_path / "b.json", entry, entry.variants[0].id, {}, "win1", 7,
                        ["tools/tactics.py make chess --seed 7"], [dict(p) for p in cheap])
    out = tmp_path / "chess-win1.json"
    assert tactics.merge_suites(out, [tmp_path / "a.json", tmp_path / "b.json"], "merge") == 4
    merged = json.loads(out.read_text(encoding="utf-8"))
    assert merged["seed"] == 1
    assert [p.get("seed") for p in merged["positions"]] == [None, None, 7, 7]
    assert [p["game"] for p in merged["positions"]] == [p["game"] for p in [*levels, *cheap]]


def test_after_end_examines_the_winners_next_turns_once_the_end_is_replaced(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game-ending move at ply 10, replaced (keep_going): with after_end (2, 4) only plies 12
    and 14 are examined, the winner's next two turns."""
    from game.engine.protocol import Outcome

    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    ended: list[int] = []

    def outcome(r: object, state: object) -> object:
        ply = 2 * (state.fullmove - 1) + state.to_move  # type: ignore[attr-defined]
        if ply == 11 and not ended:  # the move at ply 10 would end the game, once
            ended.append(ply)
            return Outcome(0, "test")
        return None

    examined: list[int] = []
    monkeypatch.setattr(tactics, "outcome_of", outcome)
    monkeypatch.setattr(tactics, "_examine", lambda *a, **k: examined.append(a[4]))
    tactics.make_suites(entry, rules, ["win2"], 1, 1, ["random", "random"], 0.0, 0, 4, 20, 64,
                        keep_going=True, after_end=(2, 4))
    assert ended == [11] and examined == [12, 14]


def test_end_kinds_examine_their_kinds_before_the_end_and_the_others_at_every_ply(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With end_kinds (win2) and before_end (3): win1 at every ply from skip on, win2 only at
    the position 3 plies before the game-ending move; without end_kinds, before_end leaves
    every other ply unexamined, as before. The games are the same either way."""
    from game.engine.protocol import Outcome

    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})

    def outcome(r: object, state: object) -> object:
        ply = 2 * (state.fullmove - 1) + state.to_move  # type: ignore[attr-defined]
        return Outcome(0, "test") if ply == 11 else None  # the move at ply 10 ends it

    def run(**extra: object) -> list[tuple[int, tuple[str, ...]]]:
        examined: list[tuple[int, tuple[str, ...]]] = []
        monkeypatch.setattr(tactics, "_examine",
                            lambda *a, **k: examined.append((a[4], tuple(a[6]))))
        tactics.make_suites(entry, rules, ["win1", "win2"], 1, 1, ["random", "random"], 0.0, 2,
                            4, 30, 64, before_end=(3,), **extra)  # type: ignore[arg-type]
        return examined

    monkeypatch.setattr(tactics, "outcome_of", outcome)
    both = run(end_kinds=("win2",))
    assert both == [*((n, ("win1",)) for n in range(2, 11)), (8, ("win2",))]
    assert run() == [(8, ("win1", "win2"))]
    with pytest.raises(tactics.ToolError):
        tactics._main(["make", "chess", "--kinds", "win1", "--end-kinds", "win2",
                       "--before-end", "3"])
    with pytest.raises(tactics.ToolError):
        tactics._main(["make", "chess", "--kinds", "win1,win2", "--end-kinds", "win2"])


def test_finds_after_a_replaced_end_say_how_many_ends_were_replaced(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With keep_going a game goes on past its end by a random move: the positions after it
    are no longer wholly the players' own, so each find says how many ends came before it
    (`replaced`), and the file keeps it; the finds before the first end have no such field."""
    from game.engine.protocol import Outcome

    entry = registry.get("chess")
    rules = entry.make_rules(entry.variants[0].id, {})
    ended: list[int] = []

    def outcome(r: object, state: object) -> object:
        ply = 2 * (state.fullmove - 1) + state.to_move  # type: ignore[attr-defined]
        if ply in (7, 13) and ply not in ended:  # the moves at plies 6 and 12 end it, once
            ended.append(ply)
            return Outcome(0, "test")
        return None

    def examine(*a: object, **k: object) -> None:
        found = a[7]
        found["win1"].append({"position": f"p{a[4]}", "ply": a[4], "game": 1,  # type: ignore[index]
                              "phase": "opening", "answers": ["x"],
                              **({"replaced": a[-1]} if a[-1] else {})})

    monkeypatch.setattr(tactics, "outcome_of", outcome)
    monkeypatch.setattr(tactics, "_examine", examine)
    found = tactics.make_suites(entry, rules, ["win1"], 1, 1, ["random", "random"], 0.0, 0, 4,
                                16, 64, keep_going=True)
    by_ply = {p["ply"]: p.get("replaced", 0) for p in found["win1"]}
    assert [by_ply[n] for n in (5, 6, 7, 12, 13, 15)] == [0, 0, 1, 1, 2, 2]
    path = tmp_path / "chess-win1.json"
    tactics.write_suite(path, entry, entry.variants[0].id, {}, "win1", 1, ["make"],
                        found["win1"])
    kept = json.loads(path.read_text(encoding="utf-8"))["positions"]
    assert [p.get("replaced", 0) for p in kept] == [by_ply[p["ply"]] for p in kept]


def test_phases_leave_the_positions_of_other_phases_unproved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that tops up the endings proves nothing in the opening: the fairy chess start is
    an opening position (ply 0), so with phases ["ending"] no proof is asked for it."""
    entry = registry.get("fairy16")
    rules, turns = fairy()
    state = rules.initial_state()
    calls: list[object] = []
    monkeypatch.setitem(proofs.PROVERS, "win1", lambda t, s: calls.append(s))
    found: dict[str, list[dict[str, object]]] = {"win1": []}
    tactics._examine(entry, rules, turns, state, 0, 0, ["win1"], found, {}, {},  # type: ignore[arg-type]
                     random.Random(1), 4, 64, phases=["ending"])
    assert calls == []
    tactics._examine(entry, rules, turns, state, 0, 0, ["win1"], found, {}, {},  # type: ignore[arg-type]
                     random.Random(1), 4, 64, phases=["opening"])
    assert len(calls) == 1


def test_an_unknown_phase_is_refused_with_the_phases_there_are(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert tactics.main(["make", "chess", "--games", "1", "--phases", "endgame"]) != 0
    assert "unknown phase 'endgame' (phases: opening, middle, ending)" in capsys.readouterr().err
