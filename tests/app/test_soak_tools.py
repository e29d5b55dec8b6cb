"""The two reliability-measuring tools run and report: SIGKILLs during autosave, random input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools import kill_autosave, soak


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_kills_during_autosave_leave_a_valid_file_and_no_temp_after_clean_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert kill_autosave.main(["--kills", "4", "--folder", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "valid autosaves after a kill: 4/4" in out and "left after it: 0" in out


def test_a_short_soak_of_the_real_app_catches_nothing(home: Path) -> None:
    result = soak.soak(frames=120, seed=3, events_per_frame=3)
    assert result["frames"] == 120 and result["apps"] >= 1
    assert result["caught"] == [] and result["escaped"] == []
    assert sum(result["screens"].values()) >= 100
