"""Ludothèque: a desktop compendium of abstract strategy games and puzzles."""

from __future__ import annotations

from pathlib import Path

#: The application's name as the desktop knows it: the window's class, the desktop entry,
#: the command, the package.
APP_ID = "ludotheque"


def version() -> str:
    """The version, from one place: the package metadata (written from pyproject.toml when the
    package is installed, copied into the desktop build). A source checkout that was never
    installed reads the same field from pyproject.toml."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(APP_ID)
    except PackageNotFoundError:
        pass
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, ValueError):
        return "unknown"
