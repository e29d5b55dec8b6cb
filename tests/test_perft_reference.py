"""The stored perft counts (tests/data/perft.json, see tests/perft_reference.py): the fast step
checks the file and recomputes its small entries, the slow step recomputes every entry."""

from __future__ import annotations

from typing import Any

import pytest

from tests import perft_reference as ref

STORED = ref.load()


def test_the_file_holds_every_case_and_only_those() -> None:
    assert STORED["made_by"] == ref.COMMAND
    counts = STORED["counts"]
    assert set(counts) == {ref.key(g, v, o) for g, v, o, _ in ref.CASES}
    for game, variant, options, deepest in ref.CASES:
        row = counts[ref.key(game, variant, options)]
        assert len(row) == deepest and all(isinstance(n, int) and n > 0 for n in row)
        assert row == sorted(row)  # no start of these games ends within a few moves


def _entries(slow: bool) -> list[Any]:
    out = []
    for game, variant, options, _deepest in ref.CASES:
        name = ref.key(game, variant, options)
        for depth, n in enumerate(STORED["counts"][name], start=1):
            if (n > ref.FAST_NODES) == slow:
                out.append(pytest.param(game, variant, options, depth, n, id=f"{name}-{depth}"))
    return out


@pytest.mark.parametrize(("game", "variant", "options", "depth", "expected"), _entries(False))
def test_the_small_counts_are_recomputed(game: str, variant: str, options: dict[str, Any],
                                         depth: int, expected: int) -> None:
    assert ref.count(game, variant, options, depth) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("game", "variant", "options", "depth", "expected"), _entries(True))
def test_the_deep_counts_are_recomputed(game: str, variant: str, options: dict[str, Any],
                                        depth: int, expected: int) -> None:
    assert ref.count(game, variant, options, depth) == expected


def test_the_tool_writes_what_it_computes(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(ref, "DATA", tmp_path / "perft.json")
    monkeypatch.setattr(ref, "CASES", [("abalone", "standard", {}, 2)])
    assert ref.main([]) == 2  # says how to use it, writes nothing
    assert ref.main(["--write"]) == 0
    assert ref.load(ref.DATA) == {"made_by": ref.COMMAND,
                                  "counts": {"abalone/standard": [44, 1936]}}
    assert "abalone/standard: None -> [44, 1936]" in capsys.readouterr().out
