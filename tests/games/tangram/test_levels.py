"""Tangram level files: every reference solution tiles its silhouette, the files are what the
authoring tool makes from its table, they are valid Tiled maps, and broken files are refused
with the file's name and the reason."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import registry
from game.engine.levels import LevelError
from game.games.dissection.geometry import (
    Placement,
    is_tiled,
    overlap_area,
    silhouette_area,
    silhouette_shape,
    tiling_report,
)
from game.games.tangram import rules as T
from game.games.tangram.pieces import TANGRAM
from game.resources import levels_dir
from tools import make_tangram_level as maker

FILES = sorted(levels_dir("tangram").glob("*.tmx"))
CLASSICS = ["square", "rectangle", "triangle", "parallelogram", "trapezoid", "house", "candle",
            "cat", "rabbit", "swan", "boat", "runner", "bird", "fish", "teapot"]


def test_there_are_enough_levels_and_the_classics_are_there() -> None:
    assert len(FILES) >= 30
    stems = [f.stem for f in FILES]
    for name in CLASSICS:
        assert any(name in s for s in stems), name
    titles = [T.load_level(f).title for f in FILES]
    assert len(set(titles)) == len(titles)
    assert [int(s.split("-")[0]) for s in stems] == list(range(1, len(stems) + 1))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_reference_solution_tiles_the_silhouette(path: Path) -> None:
    assert T.validate_level(path) == []
    level = T.load_level(path)
    assert silhouette_area(level.silhouette) == pytest.approx(16.0, abs=1e-6)
    report = tiling_report(TANGRAM, level.solution, level.silhouette, min_area=0.0)
    assert report.wrong_area < 1e-6
    # robust to rounding: nudging every piece by 1e-12 changes nothing
    rng = random.Random(path.stem)
    nudged = [Placement(p.x + rng.uniform(-1e-12, 1e-12), p.y + rng.uniform(-1e-12, 1e-12),
                        p.turn, p.flipped) for p in level.solution]
    assert tiling_report(TANGRAM, nudged, level.silhouette).wrong_area < 1e-6
    assert 1 <= level.difficulty <= 5 and level.par_seconds > 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_level_plays_to_its_solution(path: Path) -> None:
    rules = T.make_rules("standard", {"level": path.stem})
    state = rules.initial_state()
    assert not rules.solved(state)
    # the tray keeps clear of the silhouette and of itself
    sil = silhouette_shape(rules.level.silhouette)
    polys = [TANGRAM.polygon(i, p) for i, p in enumerate(state.placements)]
    for i, poly in enumerate(polys):
        assert poly.distance(sil) > 0.5
        assert all(overlap_area(poly, q) == 0.0 for q in polys[i + 1:])
    for i, p in enumerate(rules.level.solution):
        state = rules.play(state, T.Place(i, p.x, p.y, p.turn, p.flipped))
    assert rules.solved(state)


def test_files_are_what_the_tool_builds_from_the_table() -> None:
    figures = [f for f in maker.load_figures() if f.game == "tangram"]
    assert sorted(f"{f.id}.tmx" for f in figures) == [p.name for p in FILES]
    for fig in figures:
        assert maker.level_path(fig).read_text(encoding="utf-8") == maker.build(fig), fig.id


def test_files_are_tiled_1_10_maps() -> None:
    for path in FILES:
        root = ET.parse(path).getroot()
        assert root.tag == "map" and root.get("version") == "1.10"
        assert root.get("orientation") == "orthogonal"
        ids = [int(o.get("id", "0")) for o in root.iter("object")]
        assert len(set(ids)) == len(ids) and int(root.get("nextobjectid", "0")) > max(ids)
        layers = [g.get("name") for g in root.iter("objectgroup")]
        assert layers == ["tangram", "solution"]


def test_some_levels_have_holes_and_some_several_outlines() -> None:
    levels = [T.load_level(f) for f in FILES]
    assert any(r.holes for lv in levels for r in lv.silhouette)
    assert any(len(lv.silhouette) > 1 for lv in levels)


def test_the_tool_refuses_overlaps_and_loose_pieces() -> None:
    square = next(f for f in maker.load_figures() if f.id == "01-square" and f.game == "tangram")
    pieces = list(square.pieces)
    overlapping = maker.Figure("tangram", "x", "X", 1, 60,
                               tuple([pieces[0], ("LT2", [(0, 0), (4, 0), (2, 2)])] + pieces[2:]))
    with pytest.raises(maker.FigureError, match="LT1 overlaps LT2"):
        maker.build(overlapping)
    loose = maker.Figure("tangram", "x", "X", 1, 60,
                         tuple(pieces[:6] + [("PG", [(10, 4), (11, 3), (13, 3), (12, 4)])]))
    with pytest.raises(maker.FigureError, match="PG do not touch"):
        maker.build(loose)
    missing = maker.Figure("tangram", "x", "X", 1, 60, tuple(pieces[:6]))
    with pytest.raises(maker.FigureError, match="no place given for PG"):
        maker.build(missing)


# -- broken files ---------------------------------------------------------------------------------

GOOD = levels_dir("tangram") / "16-cat.tmx"


def broken(tmp_path: Path, name: str, edit: tuple[str, str] | None = None,
           text: str | None = None) -> Path:
    body = GOOD.read_text(encoding="utf-8") if text is None else text
    if edit is not None:
        old, new = edit
        assert old in body, old
        body = body.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


CASES = [
    ("not-xml.tmx", None, "<map", "not a readable Tiled map"),
    ("wrong-puzzle.tmx", ('value="tangram"/>', 'value="hanoi"/>'), None,
     "this level is for hanoi, not for tangram"),
    ("no-title.tmx", ('name="title"', 'name="heading"'), None, "missing map property 'title'"),
    ("hard.tmx", ('name="difficulty" type="int" value="2"', 'name="difficulty" type="int" value="9"'),
     None, "difficulty should be 1 to 5"),
    ("no-layer.tmx", ('name="tangram" color', 'name="shadow" color'), None,
     "no object layer named 'tangram'"),
    ("no-unit.tmx", ('name="unit_px"', 'name="unit"'), None, "lacks the property 'unit_px'"),
    ("small.tmx", ('points="0,0 128,0 128,-128 64,-128 64,-64"',
                   'points="0,0 128,0 128,-128 64,-64"'), None, "area is 14.0000, it should be 16"),
    ("no-piece.tmx", ('name="PG" type="piece"', 'name="PG" type="decoration"'), None,
     "does not place PG"),
    ("twice.tmx", ('name="ST2" type="piece"', 'name="ST1" type="piece"'), None,
     "ST1 appears twice"),
    ("stranger.tmx", ('name="ST2" type="piece"', 'name="HEX" type="piece"'), None,
     "no piece called 'HEX'"),
    ("bad-turn.tmx", ('<property name="turn" type="int" value="6"/>',
                      '<property name="turn" type="int" value="12"/>'), None,
     "turn should be 0 to 7, not 12"),
    ("wrong-turn.tmx", ('<property name="turn" type="int" value="6"/>',
                        '<property name="turn" type="int" value="5"/>'), None,
     "polygon drawn is not piece ST1"),
    ("text-turn.tmx", ('<property name="turn" type="int" value="6"/>',
                       '<property name="turn" value="six"/>'), None,
     "property 'turn' should be int"),
]


@pytest.mark.parametrize("name,edit,text,message", CASES, ids=[c[0] for c in CASES])
def test_broken_files_are_named_with_the_reason(tmp_path: Path, name: str,
                                                edit: tuple[str, str] | None, text: str | None,
                                                message: str) -> None:
    path = broken(tmp_path, name, edit, text)
    with pytest.raises(LevelError) as err:
        T.load_level(path)
    assert str(err.value).startswith(name)
    assert message in str(err.value)
    problems = T.validate_level(path)
    assert len(problems) == 1 and problems[0].startswith(name) and message in problems[0]


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match="gone.tmx: file not found"):
        T.load_level(tmp_path / "gone.tmx")


def test_a_hole_must_name_its_outline(tmp_path: Path) -> None:
    teapot = next(f for f in FILES if "teapot" in f.stem)
    body = teapot.read_text(encoding="utf-8")
    assert '<property name="of" type="object" value="1"/>' in body
    path = broken(tmp_path, "orphan-hole.tmx",
                  ('<property name="of" type="object" value="1"/>',
                   '<property name="of" type="object" value="99"/>'), body)
    with pytest.raises(LevelError, match="orphan-hole.tmx: 'hole 1.1'.*a hole needs 'of'"):
        T.load_level(path)


def test_a_solution_that_does_not_tile_is_named_with_the_pieces(tmp_path: Path) -> None:
    # move the large triangle LT1 (object x) by one unit: its polygon moves with it
    body = GOOD.read_text(encoding="utf-8")
    m = re.search(r'name="LT1" type="piece" x="([-0-9.]+)"', body)
    assert m
    moved = body.replace(m.group(0), m.group(0).replace(m.group(1), str(float(m.group(1)) + 32)))
    path = broken(tmp_path, "shifted.tmx", text=moved)
    level = T.load_level(path)  # readable ...
    assert not is_tiled(TANGRAM, level.solution, level.silhouette)
    problems = T.validate_level(path)  # ... but wrong, and said so
    assert problems and all(p.startswith("shifted.tmx: reference solution") for p in problems)
    text = " ".join(problems)
    assert "LT1 overlaps LT2" in text and "LT1 sticks out" in text and "uncovered" in text


def test_the_registry_entry() -> None:
    entry = registry.get("tangram")
    assert entry.kind == "puzzle" and entry.levels_dir == "tangram"
    assert registry.resolve(entry.validate_level or "")(GOOD) == []
    level_option = next(o for o in entry.options if o.id == "level")
    assert [v for v, _ in level_option.choices] == [f.stem for f in FILES]
    assert level_option.label_of("16-cat") == "Cat"
    rules = entry.make_rules(options={"level": "16-cat", "snap": False})
    assert rules.level.title == "Cat" and rules.options["snap"] is False
