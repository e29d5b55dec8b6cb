"""Hanoi levels: every shipped file loads and validates, broken files are named with the problem."""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game import registry
from game.engine.levels import LevelError
from game.games.hanoi import solver
from game.games.hanoi.levels import (
    HanoiLevel,
    level_files,
    load_level,
    load_levels,
    stars,
    validate_level,
)

ROOT = Path(__file__).resolve().parents[3]
LEVEL_DIR = ROOT / "levels" / "hanoi"


@functools.cache
def generator() -> ModuleType:
    """tools/make_hanoi_levels.py as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_hanoi_levels",
                                                  ROOT / "tools" / "make_hanoi_levels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def levels() -> list[HanoiLevel]:
    return load_levels(LEVEL_DIR)


def test_level_list_is_long_numbered_and_in_order(levels: list[HanoiLevel]) -> None:
    files = level_files(LEVEL_DIR)
    assert len(files) >= 18
    assert [lv.index for lv in levels] == list(range(1, len(files) + 1))
    assert all(re.fullmatch(r"\d\d-[a-z0-9-]+\.tmx", f.name) for f in files)
    assert len({lv.title for lv in levels}) == len(levels)
    assert level_files() == files  # the default folder is the shipped one


def test_every_shipped_level_validates() -> None:
    for path in level_files(LEVEL_DIR):
        assert validate_level(path) == [], path.name


def test_every_level_is_a_tiled_1_10_map(levels: list[HanoiLevel]) -> None:
    for path in level_files(LEVEL_DIR):
        head = path.read_text("utf-8").splitlines()[:2]
        assert head[0] == '<?xml version="1.0" encoding="UTF-8"?>'
        assert head[1].startswith('<map version="1.10" tiledversion="1.10.2" orientation=')


def test_levels_cover_the_brief(levels: list[HanoiLevel]) -> None:
    three = [lv for lv in levels if lv.pegs == 3]
    four = [lv for lv in levels if lv.pegs == 4]
    assert {lv.disks for lv in three} == set(range(3, 9))
    assert len(four) >= 6 and max(lv.disks for lv in four) == 10
    assert any(len(set(lv.start)) > 1 for lv in three)  # scrambled starts
    assert any(len(set(lv.start)) > 1 for lv in four)
    assert any(len(set(lv.target)) > 1 for lv in three)  # targets that are not one tower
    assert any(len(set(lv.target)) > 1 for lv in four)
    assert levels[0].pegs == 3 and levels[0].disks == 3  # starts easy


def test_classic_levels_have_the_known_par(levels: list[HanoiLevel]) -> None:
    fs = [0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49]
    for lv in levels:
        if lv.start == (0,) * lv.disks and lv.target == (lv.pegs - 1,) * lv.disks:
            assert lv.par == (2 ** lv.disks - 1 if lv.pegs == 3 else fs[lv.disks]), lv.title
    swap = next(lv for lv in levels if lv.position_text() == "3:AAB>BBA")
    assert swap.par == 5  # rules/hanoi.md §5 and §6


def test_shipped_files_match_the_generator() -> None:
    for name, text in generator().render_all().items():
        assert (LEVEL_DIR / name).read_text("utf-8") == text, name


def test_level_starts_a_game_through_the_registry(levels: list[HanoiLevel]) -> None:
    entry = registry.get("hanoi")
    for lv in levels:
        rules = entry.make_rules(options=lv.options())
        state = rules.initial_state()
        assert state == lv.initial_state()
        assert rules.position_text(state) == lv.position_text()
    lv = levels[0]
    rules = entry.make_rules(options=lv.options())
    state = rules.initial_state()
    for move in solver.solution_path(state):
        state = rules.play(state, move)
    assert rules.solved(state)


def test_stars() -> None:
    assert [stars(m, 10) for m in (9, 10, 11, 15, 16, 100)] == [3, 3, 2, 2, 1, 1]
    assert [stars(m, 5) for m in (5, 7, 8)] == [3, 2, 1]  # 7 ≤ 7.5 < 8
    assert stars(5, 5, solved=False) == 0


# -- broken files ---------------------------------------------------------------------------

GOOD = generator().render(generator().Spec("swap", "Swap", 3, "AAB", "BBA", "A test level."))


def write(tmp_path: Path, text: str, name: str = "07-broken.tmx") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_good_template_is_good(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    assert validate_level(path) == []
    lv = load_level(path)
    assert (lv.title, lv.pegs, lv.disks, lv.start, lv.target, lv.par, lv.index, lv.note) == \
        ("Swap", 3, 3, (0, 0, 1), (1, 1, 0), 5, 7, "A test level.")


@pytest.mark.parametrize(("old", "new", "message"), [
    ('value="5"', 'value="7"', "'par_moves' is 7 but the optimal solution takes 5 moves"),
    ('    <property name="pegs" type="int" value="3"/>\n', "", "missing object property 'pegs'"),
    ('    <property name="title" value="Swap"/>\n', "", "missing object property 'title'"),
    ('value="0,0,1"', 'value="0,0,3"',
     "'start_pegs': disk 3 is on peg 3, but with 3 pegs they are numbered 0–2"),
    ('value="1,1,0"', 'value="1,1"', "'target_pegs' gives 2 disks but 'disks' is 3"),
    ('value="1,1,0"', 'value="1,x,0"', "'target_pegs' should be peg numbers separated by commas"),
    ('value="1,1,0"', 'value="0,0,1"', "the start is already the target"),
    ('name="pegs" type="int" value="3"', 'name="pegs" type="int" value="5"',
     "'pegs' must be 3 or 4, not 5"),
    ('name="disks" type="int" value="3"', 'name="disks" type="int" value="12"',
     "'disks' must be 1–10, not 12"),
    ('name="pegs" type="int" value="3"', 'name="pegs" value="three"',
     "object property 'pegs' should be int"),
    ('version="1.10"', 'version="1.9"', "TMX format version '1.9'"),
    ('name="hanoi"', 'name="puzzles"', "no object layer named 'hanoi'"),
    ('type="hanoi_level"', 'type="silhouette"', "exactly one object of type 'hanoi_level'"),
    ("</map>", "", "not a readable Tiled map"),
])
def test_broken_level_names_the_file_and_the_problem(
        tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    problems = validate_level(path)
    assert problems, "the broken file passed validation"
    assert all(p.startswith("07-broken.tmx") for p in problems), problems
    assert any(message in p for p in problems), problems


def test_several_problems_are_all_reported(tmp_path: Path) -> None:
    text = GOOD.replace('    <property name="title" value="Swap"/>\n', "")
    text = text.replace('value="0,0,1"', 'value="0,0,9"')
    problems = validate_level(write(tmp_path, text))
    assert len(problems) == 2 and "'title'" in problems[0] and "peg 9" in problems[1]


def test_load_level_raises_level_error_naming_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace('name="disks"', 'name="disk_count"'))
    with pytest.raises(LevelError, match=r"07-broken\.tmx.*missing object property 'disks'"):
        load_level(path)
    with pytest.raises(LevelError, match="file not found"):
        load_level(tmp_path / "nope.tmx")
    assert validate_level(tmp_path / "nope.tmx") == ["nope.tmx: file not found"]
