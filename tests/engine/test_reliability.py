"""Nothing a file contains may stop the application, and nothing a player made is lost.

One test (or a few) per defect found, each failing on the code before its fix:
hostile user files (deep nesting, huge integers, newer formats, unreadable files), saves with
invalid options or of a puzzle, orphan temp files, save copies in the same second, names with
invisible characters, levels the validator refuses, and level ids that are paths.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.engine import storage
from game.engine.levels import LevelError
from game.engine.match import Match, PlayerSpec, SaveError
from game.engine.storage import LevelRecord, Progress, Settings
from game.resources import levels_dir
from tests.engine.hostile_files import DEEP, HUGE_INT, pions_save

# ---------------------------------------------------------------- 1. any failure to read a file


@pytest.mark.parametrize("text", [DEEP, '{"volume": ' + HUGE_INT + "}",
                                  '{"a": ' + DEEP + "}"], ids=["deep", "huge-int", "deep-inside"])
@pytest.mark.parametrize("which", ["settings", "progress"])
def test_unparseable_settings_and_progress_are_set_aside(home: Path, text: str,
                                                         which: str) -> None:
    cls: Any = Settings if which == "settings" else Progress
    path = storage.settings_path() if which == "settings" else storage.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    value, notice = cls.load()
    assert value == cls()
    assert notice is not None and path.name in notice and f"{path.name}.bad" in notice
    assert not path.exists()
    assert (path.parent / f"{path.name}.bad").read_text() == text


@pytest.mark.parametrize("text", [DEEP, '{"format": ' + HUGE_INT + "}"], ids=["deep", "huge-int"])
def test_read_json_sets_aside_what_json_cannot_read(home: Path, text: str) -> None:
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    data, notice = storage.read_json(path)
    assert data is None and notice is not None and "autosave.json.bad" in notice


@pytest.mark.parametrize("text", [DEEP, '{"format": ' + HUGE_INT + "}",
                                  json.dumps(pions_save(moves=[[[[[]]]]] * 3))[:-1] + DEEP[:5]])
def test_match_load_refuses_unparseable_files_with_a_save_error(tmp_path: Path,
                                                                text: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(text)
    with pytest.raises(SaveError, match="x.json"):
        Match.load(path, registry.get)


def test_match_load_turns_any_failure_of_the_rules_into_a_save_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    entry = registry.get("pions")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("a bug in a game's set-up")

    monkeypatch.setattr(type(entry), "make_rules", broken)
    path = tmp_path / "x.json"
    path.write_text(json.dumps(pions_save()))
    with pytest.raises(SaveError, match="ZeroDivisionError"):
        Match.load(path, registry.get)


# ---------------------------------------------------------------- 3. options checked on load


@pytest.mark.parametrize(("game", "option", "value"), [
    ("amazons", "territory_end", "x"), ("amazons", "territory_end", 1),
    ("amazons", "territory_end", []),
    ("tangram", "snap", "x"), ("tangram", "snap", 0), ("ostomachion", "snap", None),
    ("abalone", "random_seed", "x"), ("abalone", "random_seed", []),
    ("abalone", "random_seed", float("inf")), ("abalone", "random_seed", True),
    ("abalone", "random_seed", 1.0), ("abalone", "handicap_cells", "E5"),
    ("abalone", "handicap_cells", [float("nan")]), ("hanoi", "position", 3),
    ("pions", "length", 23.0), ("pions", "length", float("inf")),
])
def test_saved_options_must_be_one_of_the_games_choices(game: str, option: str,
                                                        value: Any) -> None:
    entry = registry.get(game)
    data = Match(entry).to_json()
    data["options"][option] = value
    with pytest.raises(SaveError, match=option):
        Match.from_json(data, registry.get)


def test_saved_options_from_the_choices_are_accepted() -> None:
    for entry in registry.entries().values():
        for o in entry.options:
            for value, _ in o.choices[:3]:
                data = Match(entry).to_json()
                data["options"][o.id] = value
                try:
                    Match.from_json(data, registry.get)
                except SaveError as exc:
                    # a choice may be refused by the rules in combination with the others,
                    # never for not being a choice
                    assert "is not one of" not in str(exc), (entry.id, o.id, value)


def test_a_save_with_infinity_in_its_options_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    text = json.dumps(Match(registry.get("abalone")).to_json())
    path.write_text(text.replace('"random_seed": 1', '"random_seed": Infinity'))
    with pytest.raises(SaveError, match="Infinity"):
        Match.load(path, registry.get)


def test_an_autosave_that_cannot_be_encoded_is_reported_not_raised(tmp_path: Path) -> None:
    match = Match(registry.get("pions"), autosave=tmp_path / "a.json")
    match.options["length"] = float("nan")  # as if a bad value had slipped in
    match.play_notation(match.rules.to_notation(match.state, match.rules.legal_moves(
        match.state)[0]))
    assert match.autosave_error is not None


# ---------------------------------------------------------------- 4. a puzzle is not a match


def test_a_match_save_of_a_puzzle_game_is_refused_when_a_match_is_wanted(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    Match(registry.get("hanoi")).save(path)
    Match.load(path, registry.get)  # a puzzle save is still a save (tools read them)
    with pytest.raises(SaveError, match="not a two-player"):
        Match.load(path, registry.get, kind="match")


# ---------------------------------------------------------------- 5. formats and upgrades


def test_upgrade_chain_runs_every_step_and_refuses_newer() -> None:
    steps = {0: lambda d: {**d, "format": 1, "b": d["a"] * 2},
             1: lambda d: {**d, "format": 2, "c": d["b"] + 1}}
    assert storage.upgrade({"a": 1}, 2, steps) == {"a": 1, "b": 2, "c": 3, "format": 2}
    assert storage.upgrade({"format": 1, "b": 5}, 2, steps) == {"format": 2, "b": 5, "c": 6}
    with pytest.raises(storage.NewerFormat):
        storage.upgrade({"format": 3}, 2, steps)
    with pytest.raises(storage.FormatError):
        storage.upgrade({"format": "2"}, 2, steps)
    with pytest.raises(storage.FormatError):
        storage.upgrade({"format": 2}, 3, steps)  # no step from 2 to 3


def test_settings_carry_a_format_and_old_files_are_upgraded(home: Path) -> None:
    Settings(volume=0.3).save()
    data = json.loads(storage.settings_path().read_text())
    assert data["format"] == storage.SETTINGS_FORMAT
    del data["format"]  # as written before settings had a version
    storage.settings_path().write_text(json.dumps(data))
    assert Settings.load() == (Settings(volume=0.3), None)


@pytest.mark.parametrize("which", ["settings", "progress"])
def test_a_file_from_a_newer_version_is_refused_and_never_touched(home: Path,
                                                                   which: str) -> None:
    cls: Any = Settings if which == "settings" else Progress
    path = storage.settings_path() if which == "settings" else storage.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": 99, "games": {"hanoi": {"01": {"solved": True}}},
                       "volume": 0.1, "a future key": [1, 2]})
    path.write_text(text)
    value, notice = cls.load()
    assert value == cls()
    assert notice is not None and "newer version" in notice and path.name in notice
    if which == "progress":
        value.solve("hanoi", "02", stars=3)
    with pytest.raises(OSError):
        value.save()
    assert path.read_text() == text
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_match_from_a_newer_version_is_refused() -> None:
    with pytest.raises(SaveError, match="newer version"):
        Match.from_json(pions_save(format=2), registry.get)


# ---------------------------------------------------------------- 6. an unread file is kept


def test_progress_that_could_not_be_read_is_not_overwritten_then_merged(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = storage.progress_path()
    old = Progress()
    old.solve("hanoi", "01", stars=3, moves=7, seconds=10.0)
    old.save()
    text = path.read_text()
    real = storage.read_bytes

    def flaky(where: Path | str) -> bytes:
        if Path(where) == path:
            raise OSError(5, "Input/output error")
        return real(where)

    monkeypatch.setattr(storage, "read_bytes", flaky)
    progress, notice = Progress.load()
    assert notice is not None and "progress.json" in notice
    progress.solve("hanoi", "02", stars=2, moves=20, seconds=30.0)
    with pytest.raises(OSError):
        progress.save()  # still unreadable: never overwritten
    assert path.read_text() == text
    monkeypatch.setattr(storage, "read_bytes", real)
    progress.save()  # readable again: what it held is merged, nothing is lost
    merged, notice = Progress.load()
    assert notice is None
    assert merged.record("hanoi", "01") == LevelRecord(True, 3, 7, 10.0)
    assert merged.record("hanoi", "02") == LevelRecord(True, 2, 20, 30.0)


def test_settings_that_could_not_be_read_are_not_overwritten(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Settings(volume=0.2).save()
    path = storage.settings_path()
    text = path.read_text()
    real = storage.read_bytes
    monkeypatch.setattr(storage, "read_bytes", lambda where: (_ for _ in ()).throw(
        PermissionError(13, "Permission denied")) if Path(where) == path else real(where))
    settings, notice = Settings.load()
    assert settings == Settings() and notice is not None
    with pytest.raises(OSError):
        settings.save()
    assert path.read_text() == text


# ---------------------------------------------------------------- 7. temp files, save copies


def test_stale_temp_files_are_removed_and_fresh_ones_kept(home: Path) -> None:
    import subprocess
    import sys

    folder = storage.data_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = [folder / f".autosave.json.{os.getppid()}.abcd.tmp",  # old, writer alive
             folder / ".progress.json.x1y2.tmp"]  # old, no writer named
    killed = folder / f".autosave.json.{dead.pid}.zzzz.tmp"  # fresh, writer gone
    fresh = folder / f".autosave.json.{os.getppid()}.efgh.tmp"  # fresh, writer alive
    other = folder / "notes.tmp"
    for p in (*stale, killed, fresh, other):
        p.write_text("{")
    old = time.time() - 3600
    for p in (*stale, other):
        os.utime(p, (old, old))
    assert storage.clean_stale_temps() == (3 if os.name == "posix" else 2)
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and other.exists()
    assert killed.exists() == (os.name != "posix")


def test_save_copies_in_the_same_second_do_not_overwrite_each_other(home: Path) -> None:
    paths = [storage.new_save_path("pions") for _ in range(3)]
    assert len(set(paths)) == 3
    for i, p in enumerate(paths):
        storage.write_json_atomic(p, {"n": i})
    assert [json.loads(p.read_text())["n"] for p in paths] == [0, 1, 2]


# ---------------------------------------------------------------- 8. names


@pytest.mark.parametrize(("raw", "clean"), [
    ("\u200b", ""), ("\u200d\ufeff\u00ad", ""), ("\u0301", ""), ("\u0301\u0301Ann", "Ann"),
    ("A\u200bnn", "Ann"), ("e\u0301", "é"), ("  Bo \t b  ", "Bo b"), ("Zoë", "Zoë"),
    ("क्षत्रिय", "क्षत्रिय"), ("\x00\x1b", ""), ("x" * 60, "x" * 24),
])
def test_player_names_are_cleaned(raw: str, clean: str) -> None:
    from game.engine.names import clean_name

    assert clean_name(raw) == clean


def test_names_from_saves_and_settings_are_cleaned() -> None:
    data = pions_save(players=[{"kind": "human", "name": "\u200b"},
                                {"kind": "human", "name": "B\u200d"}])
    match = Match.from_json(data, registry.get)
    assert [p.name for p in match.players] == ["First player", "B"]
    settings, _ = Settings.from_dict({"player_names": ["\u200b", "A\ufeff"]})
    assert settings.player_names == ["", "A"]


def test_typed_text_loses_only_invisible_characters() -> None:
    from game.engine.names import clean_typed

    assert clean_typed("\u200b") == ""
    assert clean_typed("a\u200db") == "ab"
    assert clean_typed("\u0301") == "\u0301"  # a combining mark joins the letter before it
    assert clean_typed("é") == "é"


# ---------------------------------------------------------------- 9. levels the validator refuses


def _hanoi_copy(tmp_path: Path, par: int | None = None) -> Path:
    folder = tmp_path / "hanoi"
    folder.mkdir(parents=True, exist_ok=True)
    src = sorted(levels_dir("hanoi").glob("*.tmx"))[0]
    dst = folder / src.name
    text = src.read_text()
    if par is not None:
        text = text.replace('name="par_moves" type="int" value="7"',
                            f'name="par_moves" type="int" value="{par}"')
        assert f'value="{par}"' in text
    dst.write_text(text)
    return dst


def test_the_game_refuses_a_level_with_a_wrong_par(tmp_path: Path) -> None:
    from game.engine.levels import check_level

    entry = registry.get("hanoi")
    good = _hanoi_copy(tmp_path)
    assert check_level(entry, good) is not None
    bad = _hanoi_copy(tmp_path / "b", par=5)
    with pytest.raises(LevelError, match="par_moves"):
        check_level(entry, bad)


def test_the_game_refuses_a_tangram_level_whose_solution_overlaps(tmp_path: Path) -> None:
    from game.engine.levels import check_level
    from game.games.tangram import rules

    entry = registry.get("tangram")
    src = levels_dir("tangram") / "01-square.tmx"
    level = rules.load_level(src)
    dst = tmp_path / "01-square.tmx"
    dst.write_text(src.read_text())
    assert check_level(entry, dst).solution == level.solution
    # LT2 laid exactly on LT1: each polygon still matches its placement (the loader accepts
    # it), but the solution overlaps and leaves part of the square uncovered
    text = src.read_text()
    lt1 = re.search(r'<object id="2" name="LT1".*?</object>', text, re.S)
    lt2 = re.search(r'<object id="3" name="LT2".*?</object>', text, re.S)
    assert lt1 is not None and lt2 is not None
    twin = lt1.group().replace('id="2" name="LT1"', 'id="3" name="LT2"')
    dst.write_text(text.replace(lt2.group(), twin))
    rules.load_level(dst)  # the loader alone lets it through
    with pytest.raises(LevelError):
        check_level(entry, dst)


def test_a_huge_level_is_refused_before_parsing(tmp_path: Path) -> None:
    from game.engine.levels import MAX_LEVEL_BYTES, read_tmx

    src = levels_dir("tangram") / "01-square.tmx"
    text = src.read_text()
    many = " ".join(f"{i % 97},{i % 89}" for i in range(1_000_000))
    path = tmp_path / "big.tmx"
    path.write_text(text.replace('points="', f'points="{many} ', 1))
    assert path.stat().st_size > MAX_LEVEL_BYTES
    t = time.perf_counter()
    with pytest.raises(LevelError, match="too large"):
        read_tmx(path)
    assert time.perf_counter() - t < 0.5


def test_a_level_with_too_many_points_is_refused_before_parsing(tmp_path: Path) -> None:
    from game.engine.levels import MAX_POINTS, read_tmx

    src = levels_dir("tangram") / "01-square.tmx"
    many = " ".join(f"{i % 7},{i % 5}" for i in range(MAX_POINTS + 1))
    path = tmp_path / "many.tmx"
    path.write_text(src.read_text().replace('points="', f'points="{many} ', 1))
    with pytest.raises(LevelError, match="points"):
        read_tmx(path)


def test_every_shipped_level_passes_the_games_own_check() -> None:
    from game.engine.levels import check_level

    for entry in registry.entries().values():
        if entry.levels_dir is None:
            continue
        for path in sorted(levels_dir(entry.levels_dir).glob("*.tmx")):
            assert check_level(entry, path) is not None


# ---------------------------------------------------------------- 10. level ids, not paths


@pytest.mark.parametrize("name", ["D:evil", "../tangram/01-square", "..", "C:\\x", "01-square ",
                                  "nope"])
def test_level_options_accept_only_existing_level_ids(name: str) -> None:
    from game.games.tangram.rules import make_rules

    with pytest.raises(LevelError, match="no level"):
        make_rules("standard", {"level": name})
    data = Match(registry.get("tangram")).to_json()
    data["options"]["level"] = name
    with pytest.raises(SaveError):
        Match.from_json(data, registry.get)


def test_existing_level_ids_still_load() -> None:
    from game.games.tangram.rules import level_ids, make_rules

    ids = level_ids()
    assert make_rules("standard", {"level": ids[-1]}).level.id == ids[-1]


def test_player_spec_names_survive_a_round_trip() -> None:
    m = Match(registry.get("pions"), players=[PlayerSpec("human", "Zoë"),
                                               PlayerSpec("human", "Ann")])
    assert [p.name for p in Match.from_json(m.to_json(), registry.get).players] == ["Zoë", "Ann"]


@pytest.mark.parametrize("name", ["D:evil", "C:evil", "D:", "..", "01-square"])
def test_on_windows_a_level_id_never_names_a_file_outside_the_levels_folder(
        monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Windows path rules on any system: C:\\ludo\\levels\\tangram / "D:evil.tmx" is D:evil.tmx,
    a file relative to the current folder of drive D:, outside the levels."""
    from pathlib import PureWindowsPath

    from game.games.dissection import levels as rules
    from game.games.tangram.pieces import TANGRAM

    folder = PureWindowsPath("C:/ludo/levels/tangram")
    opened: list[PureWindowsPath] = []

    def fake_load(path: Any, pieces: Any = None) -> Any:
        opened.append(path)
        raise LevelError(Path(str(path)), "not opened in this test")

    monkeypatch.setattr(rules, "levels_dir", lambda game=None: folder)
    monkeypatch.setattr(rules, "level_ids", lambda pieces=None, folder=None: ["01-square"])
    monkeypatch.setattr(rules, "load_level", fake_load)
    with pytest.raises(LevelError):
        rules.level_for(TANGRAM, {"level": name})
    assert all(p.parent == folder for p in opened), opened
    assert (name == "01-square") == bool(opened)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree (keys of objects, indexes of lists)."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


JUNK: list[Any] = [None, True, False, 0, -1, 7, 2**70, 1.5, -0.0, float("inf"), float("nan"),
                   "", "x", "D:evil", "\u200b", [], {}, [1, [2]], {"a": 1}, "Infinity",
                   [[[[[[[[]]]]]]]], 10**5000]


@pytest.mark.parametrize("game", ["pions", "amazons", "abalone", "akhimoraec", "hanoi",
                                  "tangram"])
def test_mutated_saves_load_or_are_refused_and_what_loads_can_be_saved(game: str,
                                                                         tmp_path: Path) -> None:
    import copy
    import random

    from game.scenes.catalog import make_match

    rng = random.Random(game)
    entry = registry.get(game)
    base = make_match(entry, moves=6).to_json()
    places = [p for p in _paths(base) if p]
    loaded = refused = 0
    for _ in range(60):
        data = copy.deepcopy(base)
        for _ in range(rng.choice((1, 1, 2))):
            where = rng.choice(places)
            node = data
            try:
                for k in where[:-1]:
                    node = node[k]
                node[where[-1]] = rng.choice(JUNK)
            except (KeyError, IndexError, TypeError):
                continue  # an earlier mutation changed the shape there
        try:
            match = Match.from_json(data, registry.get)
        except SaveError:
            refused += 1
            continue
        loaded += 1
        storage.write_json_atomic(tmp_path / "a.json", match.to_json())  # never a ValueError
        Match.load(tmp_path / "a.json", registry.get)
    assert refused > 10 and loaded + refused == 60


def test_the_manifest_vouches_only_for_files_the_validator_passes() -> None:
    from game.engine.levels import file_hash, read_manifest

    root = levels_dir()
    manifest = read_manifest(root)
    assert manifest, "run tools/validate_levels.py --write-manifest"
    for name, digest in manifest.items():
        path = root / name
        if not path.is_file() or file_hash(path.read_bytes()) != digest:
            continue  # stale entry: that file is checked in full by the game
        entry = next(e for e in registry.entries().values() if e.levels_dir == name.split("/")[0])
        assert registry.resolve(entry.validate_level)(path) == [], name


def test_an_edited_level_is_checked_in_full_whatever_the_manifest_says(tmp_path: Path) -> None:
    from game.engine.levels import MANIFEST, check_level, file_hash

    good = _hanoi_copy(tmp_path)
    (tmp_path / MANIFEST).write_text(json.dumps(
        {"format": 1, "files": {f"hanoi/{good.name}": file_hash(good.read_bytes())}}))
    entry = registry.get("hanoi")
    assert check_level(entry, good, tmp_path) is not None
    good.write_text(good.read_text().replace('name="par_moves" type="int" value="7"',
                                             'name="par_moves" type="int" value="6"'))
    with pytest.raises(LevelError, match="par_moves"):
        check_level(entry, good, tmp_path)


def test_a_huge_user_file_is_set_aside_without_being_read(home: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 1000)
    path = storage.settings_path()
    save = storage.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"volume": 0.5, "pad": "' + "x" * 2000 + '"}')
    real = os.open
    monkeypatch.setattr(os, "open", lambda where, *a: pytest.fail("opened")
                        if Path(where) in (path, save) else real(where, *a))
    settings, notice = Settings.load()
    assert settings == Settings() and notice is not None and "too large" in notice
    assert (path.parent / "settings.json.bad").exists()
    save.parent.mkdir(parents=True)
    save.write_text(json.dumps(pions_save(pad="x" * 2000)))
    with pytest.raises(SaveError, match="too large"):
        Match.load(save, registry.get)


# ---- Tai Shogi start positions without royals


def _taishogi_start(*removed: int) -> str:
    from game.games.taishogi.rules import TaiShogiRules

    rules = TaiShogiRules()
    state = rules.initial_state()
    board = [0 if p in rules.royal and (p & 1) in removed else p for p in state.board]
    return rules.position_text(type(state)(tuple(board), state.to_move))


@pytest.mark.parametrize("removed, side", [((0, 1), "Black"), ((1,), "White"), ((0,), "Black")])
def test_taishogi_refuses_a_start_without_a_sides_royals(removed: tuple[int, ...],
                                                         side: str) -> None:
    from game.engine.protocol import BadPosition
    from game.games.taishogi.rules import TaiShogiRules

    text = _taishogi_start(*removed)
    with pytest.raises(BadPosition, match=f"{side} has no royal piece"):
        TaiShogiRules().parse_position(text)
    data = Match(registry.get("taishogi")).to_json()
    data["start"] = text
    with pytest.raises(SaveError, match=f"start position is not valid: {side} has no royal"):
        Match.from_json(data, registry.get)


def test_taishogi_still_takes_a_start_with_one_royal_a_side() -> None:
    from game.games.taishogi.rules import TaiShogiRules

    rules = TaiShogiRules()
    state = rules.initial_state()
    crown = next(sq for sq, p in enumerate(state.board)
                 if p in rules.royal and p not in rules.universal)
    board = list(state.board)
    board[crown] = 0  # one Crown Prince fewer: the Emperors are still there
    text = rules.position_text(type(state)(tuple(board), 0))
    assert rules.outcome(rules.parse_position(text)) is None


# ---- the memory of a long match


def test_a_long_taishogi_history_keeps_few_memos() -> None:
    """Only the last positions keep their legal moves and notation: a long match's history
    holds plain positions (0.1 MB a ply otherwise)."""
    import random

    from game.games.taishogi import rules as ts

    match = Match(registry.get("taishogi"))
    rng = random.Random(3)
    while match.ply < 150:
        if match.outcome is not None:
            match.undo(2)
        match.play(rng.choice(match.rules.legal_moves(match.state)))
        match.rules.to_notation(match.states[-2], match.moves[-1])
    held = sum(1 for s in match.states if s.memos)
    assert held <= ts.MEMO_STATES and match.states[0].memos == {}
    again = Match.from_json(match.to_json(), registry.get)  # what is dropped comes back
    assert again.notation == match.notation and again.state == match.state


def test_the_memory_of_a_long_taishogi_match_levels_off() -> None:
    """tools/history_memory.py in a process of its own: from ply 100 to ply 400 the resident
    memory grew by ~26 MB before (a memo of every position kept), by ~2 MB now."""
    import subprocess
    import sys

    if not Path("/proc/self/status").exists():
        pytest.skip("no /proc here")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "tools" / "history_memory.py"), "taishogi",
                          "--plies", "400", "--every", "100", "--limit", "10000"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    figures = {int(m.group(1)): float(m.group(2))
               for m in re.finditer(r"ply\s+(\d+):\s+([\d.]+) MB", out)}
    assert figures[400] - figures[100] < 10, out
