"""Every `§` in the code, the tools, the tests and the documents points at a heading that exists.

The rules the games follow are written down in `docs/rules/<game>.md`, with numbered headings
(`## 4. Moves`, `### 4.5 …`, `### R22 A turn`). A citation names its document on the same line
(`docs/rules/hanoi.md §5`, `rules/abalone.md §7.10`, `tangram.md §3`); without a name it points
into the rules of the game whose package or tests it is in (`game/games/abalone/…` →
`docs/rules/abalone.md`), or, inside a document, into that document. A citation that resolves to no
heading, or to no document, fails here with its file and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"

#: A section id: `4`, `4.2`, `R22`.
_ID = r"[A-Z]?\d+(?:\.\d+)*"
#: `§4.2`, `§4–5`, `§3-§6`, `§ 4`: the id, and the end of a range if there is one.
CITATION = re.compile(rf"§\s?({_ID})(?:\s?[–-]\s?§?({_ID}))?")
#: A document named before a citation on the same line.
DOCUMENT = re.compile(r"([A-Za-z0-9_-]+)\.md\b")
#: A heading's section id, and the end of a range (`### R14–R18 …`).
HEADING = re.compile(rf"^#{{1,6}}\s+({_ID})\.?(?:\s?[–-]\s?({_ID}))?(?=[\s.]|$)")

GAMES = sorted(p.name for p in (ROOT / "game" / "games").iterdir()
               if p.is_dir() and (p / "__init__.py").exists())


def sources() -> list[Path]:
    """The files whose citations are checked."""
    found = [p for top in ("game", "tools", "tests") for p in (ROOT / top).rglob("*.py")
             if "__pycache__" not in p.parts and p != Path(__file__).resolve()]
    found += sorted((ROOT / "docs").rglob("*.md")) + sorted(ROOT.glob("README*.md"))
    return sorted(found)


def sections(doc: Path) -> set[str]:
    """The section ids of a document's headings (a range heading gives every id in it)."""
    ids: set[str] = set()
    for line in doc.read_text(encoding="utf-8").splitlines():
        m = HEADING.match(line)
        if not m:
            continue
        first, last = m.group(1), m.group(2)
        ids.add(first)
        if last:
            prefix = first.rstrip("0123456789")
            lo, hi = int(first[len(prefix):]), int(last.lstrip(prefix))
            ids.update(f"{prefix}{n}" for n in range(lo, hi + 1))
    return ids


def document_named(name: str) -> Path | None:
    for candidate in (RULES / f"{name}.md", ROOT / "docs" / f"{name}.md"):
        if candidate.exists():
            return candidate
    return None


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def implicit_document(path: Path) -> Path | None:
    """The rules a citation without a document name points into, by where it is written."""
    if not path.is_relative_to(ROOT):
        return None
    rel = path.relative_to(ROOT).parts
    if rel[0] == "docs" and path.suffix == ".md":
        return path
    for i, part in enumerate(rel[:-1]):
        if part == "games" and i + 1 < len(rel) - 1 and rel[i + 1] in GAMES:
            return document_named(rel[i + 1])
    return None


def dangling(paths: list[Path]) -> list[str]:
    problems: list[str] = []
    cache: dict[Path, set[str]] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            for m in CITATION.finditer(line):
                named = DOCUMENT.findall(line[: m.start()])
                doc = document_named(named[-1]) if named else implicit_document(path)
                where = f"{shown(path)}:{number}"
                if doc is None:
                    problems.append(f"{where}: {m.group(0)} names no document of docs/ "
                                    f"({named[-1] + '.md' if named else 'no document named'})")
                    continue
                ids = cache.setdefault(doc, sections(doc))
                for cited in filter(None, m.groups()):
                    if cited not in ids:
                        problems.append(f"{where}: §{cited} is no heading of "
                                        f"{shown(doc)}")
    return problems


def test_every_game_has_its_rules_in_the_repository() -> None:
    shared = {"dissection"}  # Tangram's and Ostomachion's common code: their own docs say it all
    missing = [g for g in GAMES if g not in shared and not (RULES / f"{g}.md").exists()]
    assert missing == []


def test_every_section_citation_points_at_a_heading() -> None:
    assert dangling(sources()) == []


@pytest.mark.parametrize(("line", "ok"), [
    ("see docs/rules/hanoi.md §5", True),
    ("see docs/rules/hanoi.md §9", False),
    ("rules/rithmomachia.md §R22 and §R23", True),
    ("rules/rithmomachia.md §R16", True),  # inside the heading range R14–R18
    ("rules/nowhere.md §1", False),
])
def test_the_checker_itself(tmp_path: Path, line: str, ok: bool) -> None:
    cited = tmp_path / "cited.py"
    cited.write_text(f"# {line}\n", encoding="utf-8")
    assert (dangling([cited]) == []) is ok


def test_a_citation_with_no_document_fails(tmp_path: Path) -> None:
    cited = tmp_path / "cited.py"
    cited.write_text("# as said in §4.2\n", encoding="utf-8")
    assert dangling([cited]) != []
