"""Write the Towers of Hanoi challenge levels (levels/hanoi/*.tmx), with par computed by the solver.

The level list below is the source of truth: each par is the exact optimum from
game.games.hanoi.solver, so the files are right by construction. The output imitates what Tiled
1.10 writes (properties sorted by name), so a level opened and saved in Tiled changes little.

Run: python tools/make_hanoi_levels.py [--out levels/hanoi] [--check]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from game.games.hanoi.levels import LAYER, OBJECT_TYPE  # noqa: E402
from game.games.hanoi.solver import distance  # noqa: E402

DEFAULT_OUT = ROOT / "levels" / "hanoi"


@dataclass(frozen=True)
class Spec:
    """One level: pegs, then start and target as peg letters (smallest disk first)."""

    slug: str
    title: str
    pegs: int
    start: str
    target: str
    note: str


# Climbing order: towers on 3 pegs, then the fourth peg (Reve's puzzle), scrambled starts and
# targets that are not a single tower; the longest tower (255 moves) and the ten-disk 4-peg
# problems close the list.
LEVELS: tuple[Spec, ...] = (
    Spec("three-disks", "Three Disks", 3, "AAA", "CCC",
         "Move the tower from peg A to peg C. Only a top disk moves, never onto a smaller one."),
    Spec("four-disks", "Four Disks", 3, "AAAA", "CCCC",
         "One more disk: twice the work, plus one move."),
    Spec("the-swap", "The Swap", 3, "AAB", "BBA",
         "Swap the two towers. The obvious way takes seven moves; there is a shorter one."),
    Spec("five-disks", "Five Disks", 3, "AAAAA", "CCCCC",
         "Five disks: nothing may be wasted."),
    Spec("unfinished", "Unfinished Business", 3, "BACAB", "CCCCC",
         "Someone was here before you and left a mess. Build the tower on C from it."),
    Spec("scattered", "Scattered", 3, "ACBCA", "BABAB",
         "From one scatter to another: settle the largest disk first, then the next."),
    Spec("six-disks", "Six Disks", 3, "AAAAAA", "CCCCCC",
         "Six disks on three pegs."),
    Spec("fourth-peg", "The Fourth Peg", 4, "AAAA", "DDDD",
         "A fourth peg changes everything: this tower crosses in far fewer than fifteen moves."),
    Spec("reve-five", "Reve's Five", 4, "AAAAA", "DDDDD",
         "Park a few small disks out of the way, then move the rest as on three pegs."),
    Spec("stripes", "Stripes", 3, "AAAAAA", "BCBCBC",
         "Rebuild the tower in stripes, alternating between pegs B and C."),
    Spec("big-swap", "The Big Swap", 3, "AAAAAB", "BBBBBA",
         "Swap the towers again, with six disks this time. Remember the trick?"),
    Spec("muddle", "Muddle to Muddle", 3, "AABCCA", "CBAABC",
         "From one muddle to another: settle the largest misplaced disk, then the next."),
    Spec("reve-six", "Reve's Six", 4, "AAAAAA", "DDDDDD",
         "Six disks on four pegs: how many do you park first?"),
    Spec("seven-disks", "Seven Disks", 3, "AAAAAAA", "CCCCCCC",
         "Seven disks: keep the rhythm and the smallest disk always circling the same way."),
    Spec("gathering", "The Gathering", 4, "DCBADCB", "AAAAAAA",
         "Gather the scattered disks into one tower on peg A."),
    Spec("reve-seven", "Reve's Seven", 4, "AAAAAAA", "DDDDDDD",
         "Seven disks on four pegs."),
    Spec("eight-cheeses", "Eight Cheeses", 4, "AAAAAAAA", "DDDDDDDD",
         "Dudeney's Reve moved eight cheeses across four stools. Can you match him?"),
    Spec("eight-disks", "Eight Disks", 3, "AAAAAAAA", "CCCCCCCC",
         "The longest climb on three pegs: patience."),
    Spec("patterns", "Patterns", 4, "CADBCADB", "ABCDABCD",
         "Turn one pattern into another."),
    Spec("grand-shuffle", "Grand Shuffle", 4, "BADCBADCBA", "DCBADCBADC",
         "Ten disks, scrambled, to be scrambled differently."),
    Spec("reve-ten", "Reve's Ten", 4, "AAAAAAAAAA", "DDDDDDDDDD",
         "The full tower of ten on four pegs."),
    Spec("left-behind", "Left Behind", 4, "DDDDDDDDDA", "DDDDDDDDDD",
         "Only the largest disk is out of place. Bringing it home is another matter."),
)


def _pegs_list(letters: str) -> list[int]:
    return ["ABCD".index(ch) for ch in letters]


def _prop(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    return f'    <property name="{name}" value={quoteattr(str(value))}/>'


def render(spec: Spec) -> str:
    """The .tmx text of one level (par computed by the exact solver)."""
    start, target = _pegs_list(spec.start), _pegs_list(spec.target)
    if len(start) != len(target):
        raise ValueError(f"{spec.slug}: start and target differ in length")
    par = distance(spec.pegs, start, target)
    props = {
        "disks": len(start),
        "note": spec.note,
        "par_moves": par,
        "pegs": spec.pegs,
        "start_pegs": ",".join(map(str, start)),
        "target_pegs": ",".join(map(str, target)),
        "title": spec.title,
    }
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        'renderorder="right-down" width="20" height="15" tilewidth="32" tileheight="32" '
        'infinite="0" nextlayerid="2" nextobjectid="2">',
        ' <properties>',
        '  <property name="collection" value="hanoi"/>',
        '  <property name="schema_rev" type="int" value="1"/>',
        ' </properties>',
        f' <objectgroup id="1" name="{LAYER}">',
        f'  <object id="1" name="{spec.slug}" type="{OBJECT_TYPE}" x="32" y="32">',
        '   <properties>',
        *(_prop(k, v) for k, v in sorted(props.items())),
        '   </properties>',
        '   <point/>',
        '  </object>',
        ' </objectgroup>',
        '</map>',
        '',
    ]
    return "\n".join(lines)


def render_all() -> dict[str, str]:
    """File name -> contents, in play order."""
    return {f"{i:02d}-{spec.slug}.tmx": render(spec) for i, spec in enumerate(LEVELS, start=1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    parser.add_argument("--check", action="store_true",
                        help="only compare with the files on disk; exit 1 if any differs")
    args = parser.parse_args(argv)
    files = render_all()
    out: Path = args.out
    stale = sorted(p.name for p in out.glob("*.tmx") if p.name not in files) if out.is_dir() else []
    if args.check:
        differ = [name for name, text in files.items()
                  if not (out / name).is_file() or (out / name).read_text("utf-8") != text]
        for name in differ:
            print(f"out of date: {out / name}")
        for name in stale:
            print(f"not generated: {out / name}")
        return 1 if differ or stale else 0
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
        print(f"wrote {out / name}")
    for name in stale:
        print(f"warning: {out / name} is not in the level list (left alone)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
