"""Hanoi level files written by Hypothesis: a valid level is read back with exactly its values,
and any damage to a file (a property dropped, a value or a type changed, the text cut short,
bytes inserted, the layer renamed) is either harmless or refused with a LevelError naming the
file — the reader (game/engine/levels.py and the game's levels.py) never fails otherwise."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.levels import LevelError
from game.games.hanoi.levels import HanoiLevel, load_level, validate_level
from game.games.hanoi.rules import MAX_DISKS, MIN_DISKS, PEG_CHOICES

#: Few examples, the same on every run (no database, no deadline: see tests/conftest.py).
FAST = settings(max_examples=80, derandomize=True)

#: The alphabets are named by Unicode categories, never by a codec: a codec (and `st.text()`
#: without an alphabet uses UTF-8's) makes Hypothesis build its table of the codec's
#: characters, a second of CPU in the worker, for an alphabet the categories give as well.
#: Any text UTF-8 can write (everything but lone surrogates), as `st.text()` would draw.
ANY = st.characters(exclude_categories=("Cs",))
#: Text XML can hold (no control characters either).
CHARS = st.characters(exclude_categories=("Cs", "Cc"))
TITLE = st.text(CHARS, min_size=1, max_size=20).filter(lambda s: s.strip())


@st.composite
def levels(draw: st.DrawFn, most_disks: int = MAX_DISKS) -> dict[str, object]:
    pegs = draw(st.sampled_from(PEG_CHOICES))
    disks = draw(st.integers(MIN_DISKS, most_disks))
    config = st.lists(st.integers(0, pegs - 1), min_size=disks, max_size=disks)
    start = draw(config)
    target = draw(config.filter(lambda t: t != start))
    return {"title": draw(TITLE), "pegs": pegs, "disks": disks,
            "start_pegs": ",".join(map(str, start)), "target_pegs": ",".join(map(str, target)),
            "par_moves": draw(st.integers(1, 10_000)), "note": draw(st.text(CHARS, max_size=30))}


def tmx(props: dict[str, object], layer: str = "hanoi", version: str = "1.10") -> str:
    rows = "\n".join(
        f'    <property name="{k}"{" type=" + chr(34) + "int" + chr(34) if isinstance(v, int) else ""}'
        f" value={quoteattr(str(v))}/>" for k, v in props.items())
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="{version}" orientation="orthogonal" renderorder="right-down" width="20" height="15"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="2">
 <objectgroup id="1" name="{layer}">
  <object id="1" name="level" type="hanoi_level" x="32" y="32">
   <properties>
{rows}
   </properties>
   <point/>
  </object>
 </objectgroup>
</map>
"""


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:  # one for every example (tmp_path is per test)
        yield Path(name)


@FAST
@given(levels())
def test_a_valid_level_reads_back_with_its_values(folder: Path, level: dict[str, object]) -> None:
    path = folder / "07-written.tmx"
    path.write_text(tmx(level), encoding="utf-8")
    read = load_level(path)
    assert isinstance(read, HanoiLevel)
    assert (read.title, read.pegs, read.disks, read.par, read.index) == (
        str(level["title"]).strip(), level["pegs"], level["disks"], level["par_moves"], 7)
    assert ",".join(map(str, read.start)) == level["start_pegs"]
    assert ",".join(map(str, read.target)) == level["target_pegs"]
    assert read.note == level["note"]


@settings(max_examples=30, derandomize=True)
@given(levels(most_disks=6))
def test_the_validator_agrees_with_the_solver_on_the_par(folder: Path,
                                                         level: dict[str, object]) -> None:
    from game.games.hanoi.solver import distance

    best = distance(int(level["pegs"]), *(tuple(int(p) for p in str(level[k]).split(","))  # type: ignore[call-overload]
                                          for k in ("start_pegs", "target_pegs")))
    path = folder / "par.tmx"
    path.write_text(tmx(level), encoding="utf-8")
    problems = validate_level(path)
    if level["par_moves"] == best:
        assert problems == []
    else:
        assert len(problems) == 1 and "par_moves" in problems[0] and "par.tmx" in problems[0]


MUTATIONS = ("drop", "value", "type", "cut", "insert", "layer", "version")


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, str]:
    level = draw(levels())
    kind = draw(st.sampled_from(MUTATIONS))
    name = draw(st.sampled_from(sorted(level)))
    layer, version = "hanoi", "1.10"
    if kind == "drop":
        del level[name]
    elif kind == "value":
        level[name] = draw(st.one_of(st.text(ANY, max_size=8), st.integers(-5, 50)))
    elif kind == "type":
        value = level[name]
        level[name] = str(value) if isinstance(value, int) else draw(st.integers(-5, 50))
    elif kind == "layer":
        layer = draw(st.sampled_from(["", "Hanoi", "levels"]))
    elif kind == "version":
        version = draw(st.sampled_from(["1.9", "2.0", "x"]))
    text = tmx(level, layer, version)
    if kind == "cut":
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif kind == "insert":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(ANY, min_size=1, max_size=5)) + text[at:]
    return kind, text


@FAST
@given(damaged())
def test_a_damaged_level_is_read_or_refused_with_its_name(folder: Path, case: tuple[str, str]
                                                          ) -> None:
    kind, text = case
    path = folder / "damaged.tmx"
    path.write_text(text, encoding="utf-8")
    try:
        read = load_level(path)
    except LevelError as err:
        assert str(err).startswith("damaged.tmx") and err.problem
    else:
        assert isinstance(read, HanoiLevel) and 1 <= read.disks <= MAX_DISKS
        assert len(read.start) == len(read.target) == read.disks and read.start != read.target
    if kind == "version":  # read as it is, but not vouched for
        assert any("version" in p for p in validate_level(path)) or "version" not in text
