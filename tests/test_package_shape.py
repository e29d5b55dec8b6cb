"""Every game package has the shape docs/architecture.md §3 writes down: each module's name is one
of the names of its table (one job per name), or one of the exceptions listed under "Not yet in
shape" — and those exceptions are exactly the modules that still have them.

A new module with a name of its own fails here until the table says what its job is; a module
renamed into shape fails here until its exception is struck from the list.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "game" / "games"
MAP = ROOT / "docs" / "architecture.md"


def _section(title: str) -> str:
    text = MAP.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n#", start + len(title))
    return text[start:] if end < 0 else text[start:end]


def documented_names() -> dict[str, str]:
    """File (or `<variant>/` folder) name -> its job, from the table of architecture.md §3.1."""
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+) \|", _section("### 3.1 Names and jobs"), re.M)
    return {name: job.strip() for name, job in rows}


def drawing_names() -> set[str]:
    """Names whose job draws on screen (the table's pygame column says "yes" or "may")."""
    rows = re.findall(r"^\| `([^`]+)` \| [^|]+ \| (yes|may) \|", _section("### 3.1 Names and jobs"),
                      re.M)
    return {name for name, _draws in rows}


def exceptions() -> set[str]:
    """`game/module.py` entries of architecture.md §3.2."""
    return set(re.findall(r"^\| `([a-z0-9_]+/[a-z0-9_]+\.py)` \|", _section("### 3.2 Not yet in shape"),
                          re.M))


def modules() -> dict[str, list[str]]:
    """Per game package, its modules and sub-packages (`two_boards/`), without `__init__.py`."""
    found: dict[str, list[str]] = {}
    for package in sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists()):
        names = [f.name for f in package.glob("*.py") if f.name != "__init__.py"]
        names += [f"{d.name}/" for d in package.iterdir() if (d / "__init__.py").exists()]
        found[package.name] = sorted(names)
    return found


def test_the_table_has_one_job_per_name() -> None:
    names = documented_names()
    assert len(names) >= 30 and "rules.py" in names and "scene.py" in names
    rows = re.findall(r"^\| `([^`]+)` \|", _section("### 3.1 Names and jobs"), re.M)
    assert len(rows) == len(set(rows)), "a name is listed twice"


def test_every_module_has_a_documented_name() -> None:
    names, excepted = documented_names(), exceptions()
    unknown = []
    for game, found in modules().items():
        for name in found:
            key = "<variant>/" if name.endswith("/") else name
            if f"{game}/{name}" not in excepted and key not in names:
                unknown.append(f"game/games/{game}/{name}")
    assert unknown == [], "name these after a job of docs/architecture.md §3.1, or add the job"


def test_the_exceptions_are_exactly_the_modules_not_yet_in_shape() -> None:
    present = {f"{game}/{name}" for game, found in modules().items() for name in found}
    assert exceptions() <= present, "an exception that no longer exists: strike it from architecture.md §3.2"
    names = documented_names()
    # an exception whose name is in the table is one whose job differs from the table's
    misnamed = {e for e in exceptions() if e.split("/")[1] in names}
    assert misnamed == set()


def test_every_documented_name_is_used() -> None:
    used = {("<variant>/" if n.endswith("/") else n) for found in modules().values() for n in found}
    assert sorted(set(documented_names()) - used) == []
