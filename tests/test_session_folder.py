"""The test session's own temporary folder: everything goes in it, and leftovers are caught."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from tests.conftest import SESSION_TMP, leftovers


def test_temporary_files_and_the_home_go_into_the_session_folder(tmp_path: Path) -> None:
    assert Path(tempfile.gettempdir()) == SESSION_TMP
    assert Path(os.environ["TMPDIR"]) == SESSION_TMP  # and so in every child process
    assert SESSION_TMP in tmp_path.parents
    assert SESSION_TMP in Path(os.environ["LUDOTHEQUE_HOME"]).parents


def test_a_leftover_is_named_and_the_session_own_entries_are_not(tmp_path: Path) -> None:
    (tmp_path / "home-gw0").mkdir()
    (tmp_path / "pytest-of-someone").mkdir()
    assert leftovers(tmp_path) == []
    (tmp_path / "ludotheque-smoke-x1y2").mkdir()
    (tmp_path / "stray.json").write_text("{}")
    assert leftovers(tmp_path) == ["ludotheque-smoke-x1y2", "stray.json"]


def test_hypothesis_keeps_its_caches_in_the_session_folder() -> None:
    """Hypothesis writes the constants it mines and its Unicode tables to a storage folder
    (by default .hypothesis in the checkout): here it is the session's, removed at the end."""
    from hypothesis.configuration import storage_directory

    assert SESSION_TMP in storage_directory("constants", intent_to_write=False).path.parents
