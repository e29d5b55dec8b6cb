"""Storage: where files go, atomic writes, and damaged settings/progress files kept aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.engine import storage
from game.engine.storage import LevelRecord, Progress, Settings


def test_home_variable_moves_every_file(home: Path) -> None:
    for path in (storage.settings_path(), storage.progress_path(), storage.autosave_path(),
                 storage.saves_dir()):
        assert home in path.parents
    assert storage.saves_dir().is_dir()


def test_platform_folders_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(storage.HOME_ENV, raising=False)
    assert storage.config_dir().name == storage.APP_NAME
    assert storage.data_dir().name == storage.APP_NAME


def test_conftest_keeps_tests_away_from_real_folders() -> None:
    home = os.environ[storage.HOME_ENV]
    assert Path(home) in storage.settings_path().parents


def test_write_json_atomic_replaces_and_leaves_no_temp(home: Path) -> None:
    path = home / "deep" / "x.json"
    storage.write_json_atomic(path, {"a": 1})
    storage.write_json_atomic(path, {"a": 2, "é": "ü"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 2, "é": "ü"}
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_failed_write_keeps_the_old_file(home: Path) -> None:
    path = home / "x.json"
    storage.write_json_atomic(path, {"old": True})
    with pytest.raises(ValueError):
        storage.write_json_atomic(path, {"bad": float("nan")})  # JSON has no NaN
    with pytest.raises(TypeError):
        storage.write_json_atomic(path, {"bad": object()})
    assert json.loads(path.read_text()) == {"old": True}
    assert [p.name for p in home.iterdir()] == ["x.json"]


def test_interrupted_replace_keeps_the_old_file(home: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = home / "x.json"
    storage.write_json_atomic(path, {"old": True})

    def crash(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        storage.write_json_atomic(path, {"new": True})
    assert json.loads(path.read_text()) == {"old": True}
    assert [p.name for p in home.iterdir()] == ["x.json"]  # the temp file is cleaned up


def test_settings_round_trip(home: Path) -> None:
    s = Settings(fullscreen=True, volume=0.25, animation_speed=2.0, player_names=["Ann", "Bo"])
    s.save()
    loaded, notice = Settings.load()
    assert notice is None
    assert loaded == s


def test_missing_settings_are_defaults_without_notice(home: Path) -> None:
    assert Settings.load() == (Settings(), None)


def test_corrupt_settings_kept_as_bad_with_notice(home: Path) -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"volume": 0.5,,}', encoding="utf-8")
    settings, notice = Settings.load()
    assert settings == Settings()
    assert notice is not None
    assert "settings.json" in notice and "not valid JSON" in notice and "settings.json.bad" in notice
    assert not path.exists()
    assert (path.parent / "settings.json.bad").read_text() == '{"volume": 0.5,,}'


def test_earlier_bad_file_is_never_overwritten(home: Path) -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    for text in ("first", "second", "third"):
        path.write_text(text)
        _, notice = Settings.load()
        assert notice is not None
    kept = sorted(p.name for p in path.parent.iterdir())
    assert kept == ["settings.json.2.bad", "settings.json.3.bad", "settings.json.bad"]
    assert (path.parent / "settings.json.bad").read_text() == "first"
    assert (path.parent / "settings.json.3.bad").read_text() == "third"


def test_settings_of_the_wrong_shape(home: Path) -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2]")
    settings, notice = Settings.load()
    assert settings == Settings()
    assert notice is not None and "expected a JSON object" in notice
    assert (path.parent / "settings.json.bad").exists()


def test_wrong_fields_get_defaults_others_kept(home: Path) -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    original = {"volume": 3, "sound": "yes", "fullscreen": True, "animation_speed": 0.5,
                "future_key": 1}
    path.write_text(json.dumps(original))
    settings, notice = Settings.load()
    assert settings.fullscreen is True and settings.animation_speed == 0.5
    assert settings.volume == 0.7 and settings.sound is True
    assert notice is not None and "'volume'" in notice and "'sound'" in notice
    assert "fullscreen" not in notice and "future_key" not in notice
    # the original is kept, the repaired file written: the next load is clean
    assert json.loads((path.parent / "settings.json.bad").read_text()) == original
    assert Settings.load() == (settings, None)


@pytest.mark.parametrize("value", [True, "1", 0.75, None])
def test_animation_speed_must_be_a_choice(home: Path, value: object) -> None:
    settings, problems = Settings.from_dict({"animation_speed": value})
    assert settings.animation_speed == 1.0
    assert len(problems) == 1


def test_progress_best_values_and_unlocking(home: Path) -> None:
    p = Progress()
    ids = ["a", "b", "c"]
    assert p.unlocked("hanoi", ids, 0)
    assert not p.unlocked("hanoi", ids, 1)
    p.solve("hanoi", "a", stars=2, moves=9, seconds=30.0)
    p.solve("hanoi", "a", stars=1, moves=7, seconds=45.0)
    assert p.record("hanoi", "a") == LevelRecord(True, 2, 7, 30.0)
    assert p.unlocked("hanoi", ids, 1)
    assert not p.unlocked("hanoi", ids, 2)
    assert not p.unlocked("hanoi", ids, 3)
    assert not p.unlocked("tangram", ids, 1)  # per game
    p.save()
    loaded, notice = Progress.load()
    assert notice is None and loaded == p


def test_corrupt_progress_kept_as_bad(home: Path) -> None:
    path = storage.progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe garbage")
    progress, notice = Progress.load()
    assert progress == Progress()
    assert notice is not None and "progress.json" in notice and "progress.json.bad" in notice
    assert (path.parent / "progress.json.bad").read_bytes() == b"\xff\xfe garbage"


def test_progress_with_bad_records(home: Path) -> None:
    path = storage.progress_path()
    path.parent.mkdir(parents=True)
    data = {"format": 1, "games": {"hanoi": {
        "01": {"solved": True, "stars": 9, "best_moves": 7},
        "02": "nonsense",
        "03": {"solved": True, "stars": 3, "best_moves": 15, "best_time": 12.5}}}}
    path.write_text(json.dumps(data))
    progress, notice = Progress.load()
    assert progress.record("hanoi", "01") == LevelRecord(True, 0, 7, None)
    assert progress.record("hanoi", "02") == LevelRecord()
    assert progress.record("hanoi", "03") == LevelRecord(True, 3, 15, 12.5)
    assert notice is not None and "hanoi.01.stars" in notice and "hanoi.02" in notice
    assert json.loads((path.parent / "progress.json.bad").read_text()) == data


def test_a_review_kept_beside_a_match_is_not_listed_as_a_match(home: Path) -> None:
    saves = storage.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "a.json").write_text("{}")
    (saves / "a.review.json").write_text("{}")
    assert [p.name for p in storage.saved_match_paths()] == ["a.json"]
    slots = storage.data_dir() / storage.AUTOSAVES_DIR
    slots.mkdir(parents=True, exist_ok=True)
    (slots / "pions.json").write_text("{}")
    (slots / "pions.review.json").write_text("{}")
    assert [p.name for p in storage.autosave_paths()] == ["pions.json"]
