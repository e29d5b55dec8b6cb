"""The command-line tools, run through their main(argv) on the test-only Nim and Towers games."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.nim import NimRules, NimState
from tools import arena, bestmove, fuzz, perft, think_times, validate_levels

NIM = "tests.engine.nim:ENTRY"
TOWERS = "tests.engine.towers:ENTRY"
ROOT = Path(__file__).resolve().parents[2]


def lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().out.splitlines()


# ------------------------------------------------------------------ perft


@pytest.mark.parametrize("generic", [False, True])
def test_perft_counts(capsys: pytest.CaptureFixture[str], generic: bool) -> None:
    # depth 2 from 3,4,5: sum over moves of the counters left = 30 + 38 + 45 = 113
    assert perft.main([NIM, "--depth", "3", *(["--generic"] if generic else [])]) == 0
    out = lines(capsys)
    assert out[:3] == ["depth 1: 12", "depth 2: 113", "depth 3: 810"]
    assert re.fullmatch(r"nodes/s: \d+", out[3]) and len(out) == 4


def test_generic_perft_stops_at_the_end_of_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft.main([NIM, "--position", "1,2 1", "--depth", "3", "--generic"]) == 0
    assert lines(capsys)[:3] == ["depth 1: 3", "depth 2: 5", "depth 3: 3"]
    rules = NimRules("standard", {"heaps": "2,3,6,7"})
    for depth in range(4):
        assert perft.generic_perft(rules, rules.initial_state(), depth) == \
            rules.perft(rules.initial_state(), depth)


def test_perft_options_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft.main([NIM, "--option", "heaps=1,2", "--depth", "1"]) == 0
    assert lines(capsys)[0] == "depth 1: 3"
    assert perft.main(["no-such-game", "--depth", "1"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert perft.main([NIM, "--option", "size=3", "--depth", "1"]) == 2
    assert "unknown option" in capsys.readouterr().err
    assert perft.main([NIM, "--position", "3,4", "--depth", "1"]) == 2
    assert "bad --position" in capsys.readouterr().err


def test_tools_run_as_scripts_from_a_checkout() -> None:
    for tool in ("perft", "bestmove", "arena", "fuzz", "validate_levels", "soak", "kill_autosave",
                 "think_times"):
        done = subprocess.run([sys.executable, str(ROOT / "tools" / f"{tool}.py"), "--help"],
                              capture_output=True, text=True, timeout=120, cwd="/")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"usage: {tool}.py")


# ------------------------------------------------------------------ bestmove


def test_bestmove_prints_the_move_last(capsys: pytest.CaptureFixture[str]) -> None:
    assert bestmove.main([NIM, "--level", "strong"]) == 0
    out = lines(capsys)
    assert out[0].startswith("info: level strong")
    assert out[-1] == "1-2"  # 3^4^5 = 2: heap 1 goes from 3 to 1
    assert bestmove.main([NIM, "--seconds", "0.05", "--seed", "3"]) == 0
    last = lines(capsys)[-1]
    rules = NimRules("standard", {"heaps": "3,4,5"})
    assert rules.parse_move(rules.initial_state(), last) in rules.legal_moves(
        rules.initial_state())


def test_bestmove_all_lists_every_winning_move(capsys: pytest.CaptureFixture[str]) -> None:
    # 1,2,3,4: xor 4; winning moves make it 0: 4 -> 0 only (1^2^3 = 0)
    assert bestmove.main([NIM, "--position", "1,2,3,4 0", "--all"]) == 0
    assert lines(capsys) == ["4-4"]
    # 3,5,6: xor 0 is lost; 1,2,5,6: xor 0 too
    assert bestmove.main([NIM, "--position", "3,5,6 1", "--all"]) == 0
    assert lines(capsys) == ["lost"]
    # misère with only single counters: take one so that an odd number is left
    assert bestmove.main([NIM, "--variant", "misere", "--position", "1,1,0,1,1 0",
                          "--all"]) == 0
    assert lines(capsys) == ["1-1", "2-1", "4-1", "5-1"]
    assert bestmove.main([NIM, "--position", "0,0 0"]) == 2
    assert "the game is over" in capsys.readouterr().err


def test_bestmove_puzzle_hook(capsys: pytest.CaptureFixture[str]) -> None:
    assert bestmove.main([TOWERS]) == 0
    assert lines(capsys) == ["a-c", "optimal: 7"]
    assert bestmove.main([TOWERS, "--option", "discs=4"]) == 0
    assert lines(capsys) == ["a-b", "optimal: 15"]


# ------------------------------------------------------------------ arena

SUMMARY = re.compile(r"A wins (\d+), draws (\d+), B wins (\d+)")


def test_arena_greedy_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main([NIM, "--a", "greedy", "--b", "random", "--games", "6",
                       "--seed", "5"]) == 0
    out = lines(capsys)
    assert len(out) == 10
    assert re.fullmatch(r"A=greedy: \d+ moves, mean [0-9.]+ s, longest [0-9.]+ s a move", out[6])
    assert out[7].startswith("B=random: ")
    for k, line in enumerate(out[:6], 1):
        assert line.startswith(f"game {k}: ")
        if k % 2 == 1:  # A (greedy: perfect at normal Nim) moves first from a won start
            assert "A=greedy as First" in line and ": A wins (took the last one)" in line
    # every game of Nim ends (Nim has no men on a board: its "captures" are not seen)
    assert re.fullmatch(r"progress: 6/6 games reached a result before ply 400; longest stretch "
                        r"without a capture \d+ plies \(mean of the games' longest \d+\); "
                        r"back-and-forth moves 0\.0 per 100 plies", out[8]), out[8]
    m = SUMMARY.fullmatch(out[9])
    assert m is not None
    assert sum(map(int, m.groups())) == 6 and int(m.group(1)) >= 3


def test_arena_is_the_same_with_parallel_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = [NIM, "--a", "random", "--b", "greedy", "--games", "4", "--seed", "11",
            "--option", "heaps=2,3,6,7"]
    assert arena.main(args) == 0
    single = [line for line in lines(capsys) if not line.endswith(" s a move")]  # timings vary
    assert arena.main([*args, "--jobs", "2"]) == 0
    assert [line for line in lines(capsys) if not line.endswith(" s a move")] == single


def test_arena_opening_is_shared_by_a_pair_and_differs_between_pairs(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.engine.nim import make_rules

    rules = make_rules("standard", {"heaps": "5,6,7,9"})
    start = rules.initial_state()
    first, played = arena.opening(rules, start, 3, 40)
    assert played == 3 and first != start
    assert arena.opening(rules, start, 3, 40) == (first, 3)  # drawn from the seed alone
    assert {arena.opening(rules, start, 3, seed)[0] for seed in range(40, 50)} != {first}
    # games 1 and 2 (sides swapped) draw their opening from game 1's seed, 3 and 4 from 3's
    drawn: list[tuple[int, int]] = []

    def recording(rules_: object, state: object, plies: int, seed: int) -> tuple[object, int]:
        drawn.append((plies, seed))
        return real(rules_, state, plies, seed)

    real = arena.opening
    monkeypatch.setattr(arena, "opening", recording)
    assert arena.main([NIM, "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3",
                       "--opening", "2"]) == 0
    assert sorted(drawn) == [(2, 3), (2, 3), (2, 5), (2, 5)]
    assert len([line for line in lines(capsys) if line.startswith("game ")]) == 4
    path = tmp_path / "ladder.json"
    assert arena.main([NIM, "--ladder", "--games", "2", "--opening", "1", "--write",
                       str(path)]) == 0
    assert json.loads(path.read_text())["opening_plies"] == 1
    assert arena.main([NIM, "--ladder", "--games", "2", "--seed", "9", "--write", str(path),
                       "--add"]) == 2  # games from another opening do not add up


def test_arena_cut_games_use_the_rules_adjudication(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main([NIM, "--a", "random", "--b", "random", "--games", "2",
                       "--max-plies", "0"]) == 0
    out = lines(capsys)
    # from 3,4,5 the side to move wins in theory: A moves first in game 1, B in game 2
    assert out[0].endswith("A wins (won position at the cut) after 0 plies")
    assert out[1].endswith("B wins (won position at the cut) after 0 plies")
    assert out[2:4] == ["A=random: 0 moves, mean 0.000 s, longest 0.000 s a move",
                        "B=random: 0 moves, mean 0.000 s, longest 0.000 s a move"]
    assert out[4].startswith("progress: 0/2 games reached a result before ply 0;")  # both cut
    assert out[5] == "A wins 1, draws 0, B wins 1"


def test_arena_ai_players_and_bad_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main([NIM, "--a", "ai:strong", "--b", "ai:easy", "--games", "2",
                       "--option", "heaps=1,2"]) == 0
    out = lines(capsys)
    assert out[0].endswith("A wins (took the last one) after 3 plies")  # 1,2: take 1 from 2
    assert arena.main([NIM, "--a", "smart", "--b", "random", "--games", "1"]) == 2
    assert "unknown player 'smart'" in capsys.readouterr().err
    assert arena.main([NIM, "--a", "ai:godlike", "--b", "random", "--games", "1"]) == 2
    assert "no level" in capsys.readouterr().err


# ------------------------------------------------------------------ fuzz


class BrokenNim(NimRules):
    """Nim whose notation names the wrong heap once a heap is empty: fuzz must say so."""

    def to_notation(self, state: NimState, move: tuple[int, int]) -> str:
        if 0 in state.heaps:
            return f"{move[0] + 2}-{move[1]}"
        return super().to_notation(state, move)


def test_fuzz_passes_a_sound_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz.main([NIM, "--games", "20", "--option", "heaps=2,3,6,7"]) == 0
    out = lines(capsys)
    m = re.fullmatch(r"games: 20, plies: (\d+), failures: 0", out[-1])
    assert m is not None and int(m.group(1)) >= 20 * 4  # every game needs at least 4 plies


def test_fuzz_reports_a_broken_game_with_a_replay_seed(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import tests.engine.nim as nim_module

    monkeypatch.setattr(nim_module, "ENTRY", dataclasses.replace(nim_module.ENTRY, rules=BrokenNim))
    assert fuzz.main([NIM, "--games", "3", "--seed", "40"]) == 1
    out = lines(capsys)
    fails = [line for line in out if line.startswith("FAIL")]
    assert fails and re.match(r"FAIL game 1 \(seed 40\) ply \d+: notation '\d-\d' of \(\d, \d\) "
                              r"(is refused when read back|reads back as)", fails[0])
    assert out[1] == ("  replay: python tools/fuzz.py tests.engine.nim:ENTRY --games 1 --seed 40 "
                      "--max-plies 200")
    assert re.fullmatch(r"games: 3, plies: \d+, failures: [1-3]", out[-1])
    # the printed command replays the very same failure
    assert fuzz.main([NIM, "--games", "1", "--seed", "40", "--max-plies", "200"]) == 1
    assert lines(capsys)[0] == fails[0]


def test_fuzz_finds_a_mutating_play() -> None:
    class Mutable:
        def __init__(self) -> None:
            self.n = 3
            self.to_move = 0

        def key(self) -> int:
            return self.n

    class MutatingRules:
        def legal_moves(self, s: Mutable) -> list[int]:
            return [1] if s.n else []

        def check(self, s: Mutable, m: int) -> None:
            return None

        def play(self, s: Mutable, m: int) -> Mutable:
            s.n -= m  # the bug: the input state changes
            return s

        def solved(self, s: Mutable) -> bool:
            return s.n == 0

        def outcome(self, s: Mutable) -> None:
            return None  # the contract's outcome; "solved" comes from `solved`

    report = fuzz.fuzz_game(MutatingRules(), Mutable(), seed=1, max_plies=10)
    assert report.failure == "ply 1: play changed its input state"


# ------------------------------------------------------------------ validate_levels

LEVEL = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
     width="4" height="4" tilewidth="32" tileheight="32" infinite="0" nextlayerid="2"
     nextobjectid="1">
 <properties>
  <property name="discs" type="int" value="{discs}"/>
 </properties>
 <objectgroup id="1" name="pegs"/>
</map>
"""


def test_validate_levels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "towers"
    folder.mkdir()
    (folder / "01-easy.tmx").write_text(LEVEL.format(discs=3))
    (folder / "02-huge.tmx").write_text(LEVEL.format(discs=12))
    (folder / "03-broken.tmx").write_text("<map")
    (folder / "notes.txt").write_text("not a level")
    assert validate_levels.main([TOWERS, "--levels-root", str(tmp_path)]) == 1
    out = lines(capsys)
    assert out[0] == "towers/01-easy.tmx: OK"
    assert out[1] == "towers/02-huge.tmx: discs should be 1 to 8, not 12"
    assert out[2].startswith("towers/03-broken.tmx: 03-broken.tmx: not a readable Tiled map")
    assert len(out) == 3
    (folder / "02-huge.tmx").unlink()
    (folder / "03-broken.tmx").unlink()
    assert validate_levels.main([TOWERS, "--levels-root", str(tmp_path)]) == 0
    assert lines(capsys) == ["towers/01-easy.tmx: OK"]


def test_validate_levels_needs_level_files(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert validate_levels.main([TOWERS, "--levels-root", str(tmp_path)]) == 1
    assert lines(capsys) == [f"towers: no level files in {tmp_path / 'towers'}"]
    assert validate_levels.main([NIM]) == 1
    assert lines(capsys) == ["nim: has no levels to validate"]


def test_arena_ladder_rates_levels_and_writes_the_table(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    assert arena.main([NIM, "--ladder", "--games", "4", "--write", str(path),
                       "--level-seconds", "easy=0.05"]) == 0
    out = lines(capsys)
    assert out[-1] == f"written {path}"
    data = json.loads(path.read_text())
    pairs = [(p["a"], p["b"]) for p in data["pairings"]]
    assert pairs == arena.ladder_pairs(["easy", "default", "strong"])
    assert ("ai:default", "ai:easy") in pairs and ("greedy", "random") in pairs
    assert all(p["wins"] + p["draws"] + p["losses"] == 4 for p in data["pairings"])
    assert data["ratings"]["random"] == {"elo": 0.0, "error": 0.0}
    assert data["seconds_per_move"]["ai:easy"] == 0.05
    assert data["seconds_per_move"]["ai:strong"] == 0.2
    # greedy is perfect at normal Nim: it scores every game against random, so it rates above
    assert data["ratings"]["greedy"]["elo"] > 200
    assert any(line.startswith("ai:default") and "% of 4" in line for line in out)
    # a second run adds its games to the file's
    assert arena.main([NIM, "--ladder", "--games", "2", "--seed", "50", "--write", str(path),
                       "--level-seconds", "easy=0.05", "--add"]) == 0
    more = json.loads(path.read_text())
    assert all(p["wins"] + p["draws"] + p["losses"] == 6 for p in more["pairings"])
    assert more["games_per_pairing"] == 6 and len(more["commands"]) == 2
    capsys.readouterr()
    assert arena.main([NIM, "--ladder", "--games", "2", "--write", str(path), "--add"]) == 2
    assert "other times per move" in capsys.readouterr().err


def test_arena_screen_times_give_each_level_its_screen_time(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    assert arena.main([NIM, "--ladder", "--games", "2", "--screen-times", "--level-seconds",
                       "strong=0.3", "--write", str(path)]) == 0
    capsys.readouterr()
    seconds = json.loads(path.read_text())["seconds_per_move"]
    # the entry's think_seconds (the shared table: 0.4 / 0.9 / 2.5), one level overridden
    assert seconds == {"ai:easy": 0.4, "ai:default": 0.9, "ai:strong": 0.3}


def test_think_times_reports_each_level_against_its_budget(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert think_times.main([NIM, "--positions", "3", "--every", "1"]) == 0
    out = lines(capsys)
    assert out[0] == "nim: 3 positions, one every 1 plies (seed 1)"
    assert [line.split(":")[0] for line in out[1:]] == ["easy", "default", "strong"]
    assert "given 0.90 s" in out[2] and "budget 1 s: within budget" in out[2]
    assert "given 2.50 s" in out[3] and "budget 3 s" in out[3]
    assert think_times.main([NIM, "--level", "godly"]) == 2
    assert "no level 'godly'" in capsys.readouterr().err


def test_arena_ladder_refuses_named_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main([NIM, "--ladder", "--a", "random", "--games", "1"]) == 2
    assert "leave out --a and --b" in capsys.readouterr().err
    assert arena.main([NIM, "--games", "1"]) == 2
    assert arena.main([NIM, "--a", "random", "--b", "random", "--games", "1",
                       "--level-seconds", "easy"]) == 2


def test_arena_progress_counts_returns_captures_and_men_moved() -> None:
    from collections import namedtuple

    step = namedtuple("step", "frm to")
    p = arena.Progress()
    p.record(0, step(1, 2), 10, 10)   # White's man from 1 to 2
    p.record(1, step(50, 51), 10, 10)
    p.record(0, step(2, 1), 10, 10)   # straight back: one back-and-forth
    p.record(1, step(51, 52), 10, 9)  # a capture ends the quiet stretch of 3 plies
    p.record(0, step(3, 4), 9, 9)
    assert (p.plies, p.back_and_forth, p.longest_quiet) == (5, 1, 3)
    assert p.men_moved == (2, 1)  # the man from 1 counts once; Black moved one man twice


def test_arena_names_each_games_men_moved(capsys: pytest.CaptureFixture[str]) -> None:
    """Each game's line says how many men each side moved in its first 20 moves, so that a game
    under the target can be found and replayed alone (`--first-game K --games 1`)."""
    assert arena.main(["chess", "--a", "random", "--b", "random", "--games", "1",
                       "--max-plies", "6", "--seed", "3"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("game 1:"))
    moved = line.split("first 20 moves: ")[1]
    white, black = (int(part.split()[-1]) for part in moved.split(", "))
    assert moved.startswith("White ") and 1 <= white <= 3 and 1 <= black <= 3


def test_arena_counts_the_men_of_every_game_that_takes_them() -> None:
    """A capture must make the count fall in every game; Tai Shogi's position text spells each
    man between spaces, so its men are counted on the board."""
    from game import registry

    for game, men in (("taishogi", 354), ("fairy16", 128), ("chess", 32), ("abalone", 28),
                      ("rithmomachia", 48)):
        entry = registry.get(game)
        rules = entry.make_rules(entry.variants[0].id, {})
        assert arena.men_on_board(rules, rules.initial_state()) == men, game
    rules = registry.get("taishogi").make_rules("standard", {})
    state = rules.initial_state()
    for _ in range(200):  # random play until the first capture
        move = next((m for m in rules.legal_moves(state) if m.caps), None)
        if move is not None:
            after = rules.play(state, move)
            assert arena.men_on_board(rules, after) == 354 - len(move.caps)
            break
        state = rules.play(state, rules.legal_moves(state)[0])
    else:
        pytest.fail("no capture in 200 plies")


def test_arena_first_game_plays_the_later_games_of_a_run_alike(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Games 2 and 3 of a run, played alone with --first-game 2: the same seeds, the same
    sides, the same games."""
    args = ["rithmomachia", "--a", "ai:default", "--b", "ai:easy", "--seconds", "0.2",
            "--max-plies", "6", "--seed", "7", "--tick", "0.01"]
    assert arena.main([*args, "--games", "3"]) == 0
    whole = [line for line in lines(capsys) if line.startswith("game ")]
    assert arena.main([*args, "--games", "2", "--first-game", "2"]) == 0
    later = [line for line in lines(capsys) if line.startswith("game ")]
    assert len(whole) == 3 and later == whole[1:]
    assert arena.main(["rithmomachia", "--ladder", "--games", "1", "--first-game", "2"]) == 2


def test_arena_tick_replays_games_and_their_times_under_any_load(
        capsys: pytest.CaptureFixture[str]) -> None:
    """With --tick the computer reads the virtual clock: its searches, cut by that clock, do
    the same work whatever the load, so the games and even the times printed (virtual
    seconds) come out the same twice; and the real clock is back afterwards."""
    import time

    from game.games.rithmomachia import ai as rithmo_ai

    args = ["rithmomachia", "--a", "ai:default", "--b", "ai:easy", "--games", "2",
            "--seconds", "0.3", "--max-plies", "8", "--seed", "7", "--tick", "0.01"]
    assert arena.main(args) == 0
    first = lines(capsys)
    assert arena.main(args) == 0
    assert lines(capsys) == first
    mean = re.search(r"A=ai:default: \d+ moves, mean ([0-9.]+) s", "\n".join(first))
    assert mean is not None and float(mean.group(1)) > 0
    assert rithmo_ai.time is time
