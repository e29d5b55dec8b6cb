"""Ostomachion: its levels, its rules on Archimedes' pieces (shared code with the Tangram), its entry."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import registry
from game.engine.levels import LevelError
from game.engine.protocol import IllegalMove
from game.games.dissection.geometry import (
    overlap_area,
    silhouette_area,
    silhouette_shape,
    square_solution,
    tiling_report,
)
from game.games.ostomachion import rules as O
from game.games.ostomachion.help import HELP
from game.games.ostomachion.pieces import OSTOMACHION
from game.resources import levels_dir
from tools import make_tangram_level as maker

FILES = sorted(levels_dir("ostomachion").glob("*.tmx"))


def test_enough_levels_and_the_ancient_figures() -> None:
    assert len(FILES) >= 8
    stems = " ".join(f.stem for f in FILES)
    for name in ("square", "elephant", "tower", "sword", "ship", "tree"):
        assert name in stems, name
    titles = [O.load_level(f).title for f in FILES]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_reference_solution_tiles_the_silhouette(path: Path) -> None:
    assert O.validate_level(path) == []
    level = O.load_level(path)
    assert silhouette_area(level.silhouette) == pytest.approx(144.0, abs=1e-6)
    assert tiling_report(OSTOMACHION, level.solution, level.silhouette,
                         min_area=0.0).wrong_area < 1e-6
    rules = O.make_rules("standard", {"level": path.stem})
    state = rules.initial_state()
    assert not rules.solved(state)
    for i, p in enumerate(level.solution):
        state = rules.play(state, O.Place(i, p.x, p.y, p.turn, p.flipped))
    assert rules.solved(state)


def test_the_square_level_is_the_reference_dissection() -> None:
    level = O.load_level(levels_dir("ostomachion") / "01-square.tmx")
    expect = square_solution(OSTOMACHION)
    for got, want in zip(level.solution, expect, strict=True):
        assert (got.turn, got.flipped) == (0, False)
        assert (got.x, got.y) == (pytest.approx(want.x, abs=1e-6), pytest.approx(want.y, abs=1e-6))


def test_files_are_built_from_the_table_and_are_tiled_maps() -> None:
    figures = [f for f in maker.load_figures() if f.game == "ostomachion"]
    assert sorted(f"{f.id}.tmx" for f in figures) == [p.name for p in FILES]
    for fig in figures:
        assert maker.level_path(fig).read_text(encoding="utf-8") == maker.build(fig), fig.id
    for path in FILES:
        root = ET.parse(path).getroot()
        assert root.get("version") == "1.10"
        assert [g.get("name") for g in root.iter("objectgroup")] == ["ostomachion", "solution"]


def test_a_tangram_level_is_refused_by_name(tmp_path: Path) -> None:
    cat = levels_dir("tangram") / "16-cat.tmx"
    with pytest.raises(LevelError, match="16-cat.tmx: this level is for tangram, not for "
                                         "ostomachion"):
        O.load_level(cat)
    broken = tmp_path / "no-p9.tmx"
    text = (levels_dir("ostomachion") / "09-elephant.tmx").read_text(encoding="utf-8")
    broken.write_text(text.replace('name="P9" type="piece"', 'name="P15" type="piece"'),
                      encoding="utf-8")
    problems = O.validate_level(broken)
    assert len(problems) == 1 and problems[0].startswith("no-p9.tmx: 'P15'")
    assert "no piece called 'P15'" in problems[0]


def test_quarter_turns_and_flips() -> None:
    rules = O.make_rules("standard", {"level": "09-elephant"})
    s = rules.initial_state()
    x0, y0, _, _ = rules.board
    assert rules.check(s, O.Place(0, x0, y0, 4)) == "a turn is a whole number from 0 to 3"
    s = rules.play(s, O.Place(11, 0.0, 0.0, 1))
    assert rules.play(s, O.Rotate(11, 3)).placements[11].turn == 0
    flipped = rules.play(s, O.Flip(11))
    assert (flipped.placements[11].turn, flipped.placements[11].flipped) == (3, True)
    assert rules.to_notation(s, O.Place(13, 1.0, 2.0, 3, True)) == "P14@1.0,2.0r3f"
    assert rules.parse_move(s, "p12r-1") == O.Rotate(11, -1)
    with pytest.raises(IllegalMove, match="no piece called 'P15'"):
        rules.parse_move(s, "P15f")


def test_tray_and_hints() -> None:
    rules = O.make_rules("standard", {"level": "08-sword"})
    s = rules.initial_state()
    sil = silhouette_shape(rules.level.silhouette)
    polys = [OSTOMACHION.polygon(i, p) for i, p in enumerate(s.placements)]
    for i, poly in enumerate(polys):
        assert poly.distance(sil) > 0.5
        assert all(overlap_area(poly, q) == 0.0 for q in polys[i + 1:])
    order = []
    for _ in range(14):
        s = rules.play(s, O.Hint())
        order.append(s.order[-1])
    assert rules.solved(s) and s.hints == 14
    assert [OSTOMACHION.areas[i] for i in order] == sorted(OSTOMACHION.areas, reverse=True)


def test_entry_and_help() -> None:
    entry = registry.get("ostomachion")
    assert entry.kind == "puzzle" and entry.levels_dir == "ostomachion"
    level_option = next(o for o in entry.options if o.id == "level")
    assert [v for v, _ in level_option.choices] == [f.stem for f in FILES]
    assert level_option.default == "01-square"
    rules = entry.make_rules(options={"level": "06-ship"})
    assert rules.pieces is OSTOMACHION and rules.level.title == "Ship"
    text = " ".join(body for _, body in HELP)
    assert "536" in text and "17,152" in text and "fourteen" in text
