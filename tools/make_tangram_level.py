"""Build Tangram and Ostomachion level files (.tmx) from their reference solutions.

A level is authored as a *solution*: where each piece lies (tools/tangram_figures.py holds the
table). This tool places the pieces, refuses overlaps and pieces that touch nothing, computes
the silhouette as the union of the pieces (holes and separate parts included), and writes a Tiled
1.10 map with the silhouette and the solution — so every level is right by construction.

    python tools/make_tangram_level.py                 # rebuild every level
    python tools/make_tangram_level.py --only 08-cat   # one level
    python tools/make_tangram_level.py --check         # exit 1 if a .tmx differs from the table

Piece specs in the table take one of two forms:

    ("LT1", turn, flipped, vertex, anchor)   vertex number `vertex` of the piece, turned `turn`
                                              steps and maybe flipped, lies on `anchor`
    ("LT1", [(x, y), ...])                   the piece covers exactly this polygon

An anchor is a point (x, y), "MT.2" (vertex 2 of a piece placed earlier in the list), or
("MT.2", dx, dy) (that vertex moved by dx, dy).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from game.games.dissection.geometry import (  # noqa: E402
    PieceSet,
    Placement,
    Point,
    Region,
    bounds,
    outline_of,
    overlap_area,
    silhouette_area,
)
from game.games.ostomachion.pieces import OSTOMACHION  # noqa: E402
from game.games.tangram.pieces import TANGRAM  # noqa: E402

FIGURES_FILE = Path(__file__).with_name("tangram_figures.py")
PIECE_SETS = {"tangram": TANGRAM, "ostomachion": OSTOMACHION}
#: Pixels per puzzle unit in the written maps (Tiled shows them at a comfortable size).
UNIT_PX = {"tangram": 32, "ostomachion": 16}
TILE_PX = 32


@dataclass(frozen=True)
class Figure:
    """One level's source: identity, display data and the reference solution."""

    game: str
    id: str
    title: str
    difficulty: int
    par_seconds: int
    pieces: tuple[Any, ...]


class FigureError(ValueError):
    """A figure in the table that does not make a valid level; the message says why."""


def load_figures(path: Path = FIGURES_FILE) -> list[Figure]:
    """Read the table module (plain data: FIGURES = {game: [dict, ...]})."""
    spec = importlib.util.spec_from_file_location("tangram_figures", path)
    if spec is None or spec.loader is None:
        raise FigureError(f"cannot read {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = []
    for game, rows in module.FIGURES.items():
        for row in rows:
            out.append(Figure(game, row["id"], row["title"], int(row["difficulty"]),
                              int(row["par"]), tuple(row["pieces"])))
    return out


def solve_figure(fig: Figure) -> tuple[Placement, ...]:
    """Turn a figure's piece specs into placements, checking every piece is given once."""
    pieces = PIECE_SETS[fig.game]
    placed: dict[int, Placement] = {}
    for spec in fig.pieces:
        i = pieces.index(spec[0])
        if i in placed:
            raise FigureError(f"{fig.id}: {spec[0]} is placed twice")
        if len(spec) == 2:
            p = pieces.find_placement(i, [(float(x), float(y)) for x, y in spec[1]])
            if p is None:
                raise FigureError(f"{fig.id}: {spec[0]} cannot cover the polygon {spec[1]}")
        else:
            _, turn, flipped, vertex, anchor = spec
            at = _anchor(fig, pieces, placed, anchor)
            p = pieces.placement_for(i, int(turn), bool(flipped), int(vertex), at)
        placed[i] = p
    missing = [pieces.ids[i] for i in range(pieces.count) if i not in placed]
    if missing:
        raise FigureError(f"{fig.id}: no place given for {', '.join(missing)}")
    return tuple(placed[i] for i in range(pieces.count))


def _anchor(fig: Figure, pieces: PieceSet, placed: dict[int, Placement], anchor: Any) -> Point:
    dx = dy = 0.0
    if isinstance(anchor, tuple) and len(anchor) == 3 and isinstance(anchor[0], str):
        anchor, dx, dy = anchor
    if isinstance(anchor, str):
        name, _, k = anchor.partition(".")
        j = pieces.index(name)
        if j not in placed:
            raise FigureError(f"{fig.id}: anchor {anchor!r} names a piece not placed yet")
        x, y = pieces.vertices(j, placed[j])[int(k)]
        return (x + float(dx), y + float(dy))
    x, y = anchor
    return (float(x), float(y))


def check_solution(fig: Figure, placements: Sequence[Placement]) -> None:
    """Refuse overlaps and loose pieces (classic rule: every piece touches another)."""
    pieces = PIECE_SETS[fig.game]
    polys = [pieces.polygon(i, p) for i, p in enumerate(placements)]
    touching: dict[int, set[int]] = {i: set() for i in range(len(polys))}
    for i in range(len(polys)):
        for j in range(i + 1, len(polys)):
            overlap = overlap_area(polys[i], polys[j])
            if overlap > 1e-9:
                raise FigureError(f"{fig.id}: {pieces.ids[i]} overlaps {pieces.ids[j]} "
                                  f"({overlap:.4f} square units)")
            if polys[i].distance(polys[j]) < 1e-7:
                touching[i].add(j)
                touching[j].add(i)
    seen = {0}
    todo = [0]
    while todo:
        for j in touching[todo.pop()] - seen:
            seen.add(j)
            todo.append(j)
    if len(seen) != len(polys):
        loose = ", ".join(pieces.ids[i] for i in range(len(polys)) if i not in seen)
        raise FigureError(f"{fig.id}: {loose} do not touch the rest of the figure")


def tmx_text(fig: Figure, placements: Sequence[Placement]) -> str:
    """The .tmx file of a level: map properties, silhouette layer, solution layer."""
    pieces = PIECE_SETS[fig.game]
    silhouette = outline_of(pieces, placements)
    area = silhouette_area(silhouette)
    if abs(area - pieces.total_area) > 1e-6:
        raise FigureError(f"{fig.id}: silhouette area {area} is not {pieces.total_area}")
    unit = UNIT_PX[fig.game]
    x0, y0, x1, y1 = bounds(r.outer for r in silhouette)
    margin = 1.0 * unit
    # Frame (0, 0) sits at origin pixels; Tiled's y points down, the frame's up.
    ox = round(margin - x0 * unit, 9)
    oy = round(margin + y1 * unit, 9)
    width = math.ceil(((x1 - x0) * unit + 2 * margin) / TILE_PX)
    height = math.ceil(((y1 - y0) * unit + 2 * margin) / TILE_PX)

    def px(p: Point) -> tuple[float, float]:
        return (round(ox + p[0] * unit, 9), round(oy - p[1] * unit, 9))

    def num(v: float) -> str:
        # nine decimals of a pixel: far below the tolerance of the exact-tiling check
        text = f"{v:.9f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text

    def points(ring: Sequence[Point], origin: tuple[float, float]) -> str:
        return " ".join(f"{num(px(p)[0] - origin[0])},{num(px(p)[1] - origin[1])}" for p in ring)

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{TILE_PX}" '
        f'tileheight="{TILE_PX}" infinite="0" nextlayerid="3" nextobjectid="@NEXT@">',
        " <properties>",
        f'  <property name="puzzle" value="{fig.game}"/>',
        f"  <property name=\"title\" value={quoteattr(fig.title)}/>",
        f'  <property name="difficulty" type="int" value="{fig.difficulty}"/>',
        f'  <property name="par_seconds" type="int" value="{fig.par_seconds}"/>',
        '  <property name="schema_rev" type="int" value="1"/>',
        " </properties>",
        f' <objectgroup id="1" name="{fig.game}" color="#404040">',
        "  <properties>",
        f'   <property name="unit_px" type="int" value="{unit}"/>',
        f'   <property name="origin_x_px" type="float" value="{num(ox)}"/>',
        f'   <property name="origin_y_px" type="float" value="{num(oy)}"/>',
        "  </properties>",
    ]
    next_id = 1

    def ring_object(name: str, ring: Sequence[Point], extra: list[str]) -> None:
        nonlocal next_id
        at = px(ring[0])
        lines.append(f'  <object id="{next_id}" name="{name}" type="silhouette" '
                     f'x="{num(at[0])}" y="{num(at[1])}">')
        if extra:
            lines.append("   <properties>")
            lines.extend(f"    {e}" for e in extra)
            lines.append("   </properties>")
        lines.append(f'   <polygon points="{points(ring, at)}"/>')
        lines.append("  </object>")
        next_id += 1

    region: Region
    for k, region in enumerate(silhouette, start=1):
        outer_id = next_id
        ring_object(f"outline {k}", region.outer, [])
        for h, hole in enumerate(region.holes, start=1):
            ring_object(f"hole {k}.{h}", hole, [
                '<property name="hole" type="bool" value="true"/>',
                f'<property name="of" type="object" value="{outer_id}"/>',
            ])
    lines.append(" </objectgroup>")
    lines.append(' <objectgroup id="2" name="solution" color="#3070c0" opacity="0.6">')
    for i, p in enumerate(placements):
        at = px((p.x, p.y))
        lines.append(f'  <object id="{next_id}" name="{pieces.ids[i]}" type="piece" '
                     f'x="{num(at[0])}" y="{num(at[1])}">')
        lines.append("   <properties>")
        lines.append(f'    <property name="flipped" type="bool" '
                     f'value="{"true" if p.flipped else "false"}"/>')
        lines.append(f'    <property name="turn" type="int" value="{p.turn}"/>')
        lines.append("   </properties>")
        lines.append(f'   <polygon points="{points(pieces.vertices(i, p), at)}"/>')
        lines.append("  </object>")
        next_id += 1
    lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines).replace("@NEXT@", str(next_id)) + "\n"


def build(fig: Figure) -> str:
    placements = solve_figure(fig)
    check_solution(fig, placements)
    return tmx_text(fig, placements)


def level_path(fig: Figure, levels: Path = ROOT / "levels") -> Path:
    return levels / fig.game / f"{fig.id}.tmx"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], metavar="ID",
                        help="build only this level id (repeatable)")
    parser.add_argument("--game", choices=sorted(PIECE_SETS), help="only this puzzle's levels")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail if a level file differs from the table")
    parser.add_argument("--figures", type=Path, default=FIGURES_FILE, help="the solutions table")
    args = parser.parse_args(argv)
    figures = load_figures(args.figures)
    if args.game:
        figures = [f for f in figures if f.game == args.game]
    if args.only:
        figures = [f for f in figures if f.id in args.only]
    problems = 0
    for fig in figures:
        path = level_path(fig)
        try:
            text = build(fig)
        except FigureError as exc:
            print(f"error: {exc}", file=sys.stderr)
            problems += 1
            continue
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                print(f"out of date: {path.relative_to(ROOT)}", file=sys.stderr)
                problems += 1
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
