"""README.md and its French twin README.fr.md are kept in step: the same sections in the same
order, every tool and every command-line option named in both, and the window sizes they state
are the ones the app opens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READMES = {"en": ROOT / "README.md", "fr": ROOT / "README.fr.md"}


def _prose(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def headings(path: Path) -> list[tuple[int, str]]:
    return [(len(m.group(1)), m.group(2).strip())
            for line in _prose(path.read_text(encoding="utf-8"))
            if (m := re.match(r"(#{1,6})\s+(.*)", line))]


def test_the_french_readme_has_the_same_sections_in_the_same_order() -> None:
    en, fr = headings(READMES["en"]), headings(READMES["fr"])
    assert len(en) >= 8, en
    assert [level for level, _t in en] == [level for level, _t in fr], \
        "\n".join(f"{a!r:50} {b!r}" for a, b in zip(en, fr, strict=False))
    # sections that keep their name in both languages sit at the same place
    for (_l1, a), (_l2, b) in zip(en, fr, strict=True):
        if a in ("Ludothèque", "Licence"):
            assert a == b


def test_the_heading_check_sees_a_missing_section(tmp_path: Path) -> None:
    short = tmp_path / "README.fr.md"
    short.write_text("\n".join(line for line in READMES["fr"].read_text(encoding="utf-8")
                               .splitlines() if not line.startswith("## Licence")),
                     encoding="utf-8")
    assert len(headings(short)) == len(headings(READMES["en"])) - 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_tool_is_in_the_tools_table(lang: str) -> None:
    text = READMES[lang].read_text(encoding="utf-8")
    tools = sorted(p.name for p in (ROOT / "tools").glob("*.py") if not p.name.startswith("_"))
    missing = [t for t in tools if f"| `tools/{t}` |" not in text]
    assert not missing, f"README ({lang}) tools table lacks {missing}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_command_line_option_is_described(lang: str) -> None:
    from game.cli import parser

    text = READMES[lang].read_text(encoding="utf-8")
    options = [s for a in parser()._actions if a.help != "==SUPPRESS==" for s in a.option_strings
               if s.startswith("--") and s != "--help"] + ["--help"]
    assert [o for o in options if f"`{o}" not in text] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_first_window_sizes_stated_are_the_app_s(lang: str) -> None:
    from game.app import first_window_size

    text = READMES[lang].read_text(encoding="utf-8")
    for screen in ((1366, 768), (1280, 800)):
        w, h = first_window_size(screen)
        assert f"{screen[0]}×{screen[1]}" in text and f"{w}×{h}" in text, (screen, (w, h))
    assert first_window_size((1320, 910)) == (1280, 800)
    assert first_window_size((1319, 910)) < (1280, 800)
    assert "1320×910" in text


def test_french_typography_in_the_french_readme() -> None:
    """A French reader's spaces: none plain before : ; ! ? or inside « » (code aside)."""
    bad = []
    for n, line in enumerate(_prose(READMES["fr"].read_text(encoding="utf-8")), 1):
        prose = re.sub(r"`[^`]*`", "", line)
        if re.search(r" [:;!?]|« | »", prose):
            bad.append(f"{n}: {line}")
    assert not bad, "\n".join(bad)
