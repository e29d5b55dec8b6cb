"""The project's text speaks of the project: no issue numbers, no folder of one machine in the
documents, and no "seed" in what the player reads (the word meant the original design texts,
which are not part of the project; a random generator's seed is another matter and stays)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ISSUE = re.compile(r"\b(?:issues?|tickets?|pull requests?|PR)\s*#?\d+|\bpre-issue", re.IGNORECASE)
MACHINE_FOLDER = re.compile(r"(?<![\w.])/(?:work|home|Users|tmp)/[\w.-]+")
TRANSLATED = {"_", "N_", "ngettext", "pgettext", "plural_label"}


def texts() -> list[Path]:
    found = [p for top in ("game", "tools", "tests") for p in (ROOT / top).rglob("*.py")
             if "__pycache__" not in p.parts and p != Path(__file__).resolve()]
    return sorted(found) + sorted((ROOT / "docs").rglob("*.md")) + sorted(ROOT.glob("README*.md"))


def test_no_issue_numbers() -> None:
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in texts()
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if ISSUE.search(line)]
    assert hits == []


def test_no_folder_of_one_machine_in_the_documents() -> None:
    docs = sorted((ROOT / "docs").rglob("*.md")) + sorted(ROOT.glob("README*.md"))
    hits = [f"{p.relative_to(ROOT)}:{n}" for p in docs
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if MACHINE_FOLDER.search(line)]
    assert hits == []


def _translated_strings(source: str) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in TRANSLATED:
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.append((node.lineno, arg.value))
    return found


def test_no_seed_in_what_the_player_reads() -> None:
    hits = [f"{p.relative_to(ROOT)}:{n}: {text[:60]}" for p in sorted((ROOT / "game").rglob("*.py"))
            for n, text in _translated_strings(p.read_text(encoding="utf-8"))
            if "seed" in text.lower()]
    assert hits == []


def test_the_checks_see_what_they_look_for() -> None:
    assert ISSUE.search("as issue 19 says") and ISSUE.search("before Issue #7")
    assert not ISSUE.search("colour #a0b0c0") and not ISSUE.search("an issue of timing")
    assert MACHINE_FOLDER.search("they live in /work/harness/amazons") and \
        not MACHINE_FOLDER.search("docs/rules/abalone.md")
    assert _translated_strings('x = N_("The seed says")\ny = _("Play")') == \
        [(1, "The seed says"), (2, "Play")]
