"""Levels of the dissection puzzles: reading, checking and finding the Tiled .tmx figures.

Level file format (levels/<puzzle>/*.tmx, written by tools/make_tangram_level.py):
- map properties: `puzzle` ("tangram" / "ostomachion"), `title`, `difficulty` (1-5),
  `par_seconds` (target time for three stars), `schema_rev`;
- object layer named after the puzzle, with properties `unit_px` (pixels per unit) and
  `origin_x_px`, `origin_y_px` (where the puzzle frame's (0, 0) sits; the frame's y points up,
  Tiled's down). Its polygon objects of type `silhouette` are the outlines; a hole is one more
  such object with `hole` = true and `of` = the outline object;
- object layer `solution`: one polygon object of type `piece` per piece, named by the piece id
  (LT1 … PG, P1 … P14), placed at the piece's centroid, with `turn` (int) and `flipped` (bool);
  its polygon must be that piece at that placement.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.levels import LevelError, TmxLevel, TmxObject, read_tmx
from game.games.dissection.geometry import (
    PieceSet,
    Placement,
    Point,
    Ring,
    Silhouette,
    normalise_region,
    silhouette_area,
    tiling_report,
)
from game.i18n import _
from game.resources import levels_dir

#: Level files this code reads; bump when the format changes incompatibly.
SCHEMA_REV = 1
#: A reference solution must tile its silhouette to this share of the total area (rounding).
EXACT_SHARE = 1e-7


@dataclass(frozen=True)
class Level:
    """One puzzle figure: what the player sees (silhouette, title) and the reference solution."""

    id: str
    puzzle: str
    title: str
    difficulty: int
    par_seconds: int
    silhouette: Silhouette
    solution: tuple[Placement, ...]
    path: Path | None = field(default=None, compare=False)


def _layer_prop(level: TmxLevel, layer: str, name: str, kind: type) -> Any:
    props = level.layer_properties.get(layer, {})
    value = props.get(name)
    if value is None:
        raise LevelError(level.path, _("layer '{layer}' lacks the property '{name}'").format(
            layer=layer, name=name))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise LevelError(level.path,
                         _("layer '{layer}' property '{name}' should be {name2}, not {value}").format(
                             layer=layer, name=name, name2=kind.__name__, value=repr(value)))
    return value


def load_level(path: Path | str, pieces: PieceSet) -> Level:
    """Read and check a level file; LevelError names the file, the object and the problem."""
    tmx = read_tmx(path)
    p = tmx.path
    puzzle = tmx.prop("puzzle", str)
    if puzzle != pieces.name:
        raise LevelError(p, _("this level is for {puzzle}, not for {name}").format(
            puzzle=puzzle, name=pieces.name))
    rev = tmx.opt("schema_rev", int, SCHEMA_REV)
    if rev > SCHEMA_REV:
        raise LevelError(p, _("written for a newer version of the game (schema {rev})").format(
            rev=rev))
    title = tmx.prop("title", str).strip()
    if not title:
        raise LevelError(p, _("the title is empty"))
    difficulty = tmx.prop("difficulty", int)
    if not 1 <= difficulty <= 5:
        raise LevelError(p, _("difficulty should be 1 to 5, not {difficulty}").format(
            difficulty=difficulty))
    par = tmx.prop("par_seconds", int)
    if par <= 0:
        raise LevelError(p, _("par_seconds should be positive, not {par}").format(par=par))

    layer = pieces.name
    if layer not in tmx.layers:
        raise LevelError(p, _("no object layer named '{layer}' (it holds the silhouette)").format(
            layer=layer))
    unit = _layer_prop(tmx, layer, "unit_px", int)
    if unit <= 0:
        raise LevelError(p, _("unit_px should be positive, not {unit}").format(unit=unit))
    ox = _layer_prop(tmx, layer, "origin_x_px", float)
    oy = _layer_prop(tmx, layer, "origin_y_px", float)

    def frame(pt: tuple[float, float]) -> Point:
        return ((pt[0] - ox) / unit, (oy - pt[1]) / unit)

    def ring_of(obj: TmxObject) -> Ring:
        if obj.points is None or len(obj.points) < 3:
            raise LevelError(p, _("a silhouette must be a polygon with at least 3 points"), obj)
        return tuple(frame(q) for q in obj.points)

    outlines: dict[int, Ring] = {}
    holes: dict[int, list[Ring]] = {}
    pending: list[tuple[TmxObject, Ring]] = []
    shapes = tmx.objects(layer, "silhouette")
    if not shapes:
        raise LevelError(p, _("layer '{layer}' has no object of type 'silhouette'").format(
            layer=layer))
    for obj in shapes:
        ring = ring_of(obj)
        if obj.properties.get("hole") is True:
            pending.append((obj, ring))
        else:
            outlines[obj.id] = ring
            holes[obj.id] = []
    for obj, ring in pending:
        of = obj.properties.get("of")
        if not isinstance(of, int) or isinstance(of, bool) or of not in outlines:
            raise LevelError(p, _("a hole needs 'of' naming an outline of layer '{layer}', not "
                                  "{of}").format(
                layer=layer, of=repr(of)), obj)
        holes[of].append(ring)
    silhouette = tuple(normalise_region(outlines[k], holes[k]) for k in sorted(outlines))
    area = silhouette_area(silhouette)
    if abs(area - pieces.total_area) > 1e-3:
        raise LevelError(p, _("the silhouette's area is {area:.4f}, it should be {total_area:g} "
                              "(the area of all the pieces)").format(
            area=area, total_area=pieces.total_area))

    if "solution" not in tmx.layers:
        raise LevelError(p, _("no object layer named 'solution' (the reference solution)"))
    found: dict[int, Placement] = {}
    for obj in tmx.objects("solution", "piece"):
        try:
            i = pieces.index(obj.name)
        except ValueError as exc:
            raise LevelError(p, str(exc), obj) from None
        if i in found:
            raise LevelError(p, _("piece {value} appears twice in the solution").format(
                value=pieces.ids[i]), obj)
        turn = tmx.prop("turn", int, obj)
        if not 0 <= turn < pieces.steps:
            raise LevelError(p, _("turn should be 0 to {value}, not {turn}").format(
                value=pieces.steps - 1, turn=turn), obj)
        flipped = tmx.prop("flipped", bool, obj)
        x, y = frame((obj.x, obj.y))
        placement = Placement(x, y, turn, flipped)
        if obj.points is not None:
            drawn = tuple(frame(q) for q in obj.points)
            if not pieces.same_region(pieces.vertices(i, placement), drawn, 1e-3):
                raise LevelError(p, _("the polygon drawn is not piece {value} at its position with "
                                      "turn {turn}, flipped {flipped}").format(
                    value=pieces.ids[i], turn=turn, flipped=flipped), obj)
        found[i] = placement
    missing = [pieces.ids[i] for i in range(pieces.count) if i not in found]
    if missing:
        raise LevelError(p, _("the solution does not place {join}").format(join=', '.join(missing)))
    return Level(id=p.stem, puzzle=pieces.name, title=title, difficulty=difficulty,
                 par_seconds=par, silhouette=silhouette,
                 solution=tuple(found[i] for i in range(pieces.count)), path=p)


def validate_level_with(path: Path | str, pieces: PieceSet) -> list[str]:
    """Every problem with a level file: unreadable, or a reference solution that does not tile."""
    try:
        level = load_level(path, pieces)
    except LevelError as exc:
        return [str(exc)]
    name = Path(path).name
    exact = EXACT_SHARE * pieces.total_area
    report = tiling_report(pieces, level.solution, level.silhouette, min_area=exact)
    problems = [f"{name}: reference solution: {pieces.ids[i]} overlaps {pieces.ids[j]} "
                f"({a:.6f} square units)" for i, j, a in report.overlaps]
    problems += [f"{name}: reference solution: {pieces.ids[i]} sticks out of the silhouette "
                 f"({a:.6f} square units)" for i, a in report.outside]
    if report.uncovered:
        problems.append(f"{name}: reference solution leaves {report.uncovered:.6f} square "
                        f"units of the silhouette uncovered")
    return problems


def level_ids(pieces: PieceSet, folder: Path | None = None) -> list[str]:
    """The level ids (file stems) of a puzzle, in play order (the files' numeric prefixes)."""
    folder = levels_dir(pieces.name) if folder is None else folder
    return sorted(f.stem for f in folder.glob("*.tmx"))



def level_for(pieces: PieceSet, options: Mapping[str, Any]) -> Level:
    """The level named by options["level"] (a file stem), or the first level."""
    wanted = options.get("level")
    ids = level_ids(pieces)
    if wanted is None or wanted == "":
        if not ids:
            raise LevelError(levels_dir(pieces.name), _("no level files found"))
        wanted = ids[0]
    # only a name from the folder's own list: never a path ("../x", or "D:x" on Windows)
    if not isinstance(wanted, str) or wanted not in ids:
        raise LevelError(levels_dir(pieces.name), _("there is no level {wanted}").format(
            wanted=repr(wanted)))
    return load_level(levels_dir(pieces.name) / f"{wanted}.tmx", pieces)
