"""Build hook: ship the top-level assets/ and levels/ folders (and the tactics puzzle packs of
data/puzzles/) inside the `game` package of a wheel, and the translations compiled (each game/locale/*/LC_MESSAGES/*.po to its .mo).

In a source checkout (and an editable install) game/resources.py finds them beside the package
and the Makefile compiles the catalogs in place; in a wheel they are copied to game/assets and
game/levels, where it looks first.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        root = Path(__file__).resolve().parent
        for name in ("assets", "levels"):
            target = Path(self.build_lib) / "game" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(root / name, target)
        packs = Path(self.build_lib) / "game" / "data" / "puzzles"
        if packs.exists():
            shutil.rmtree(packs)
        shutil.copytree(root / "data" / "puzzles", packs)
        compile_catalogs(root / "game" / "locale", Path(self.build_lib) / "game" / "locale")


def compile_catalogs(source: Path, target: Path) -> None:
    """Every .po under `source` compiled to a .mo at the same place under `target`."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f)
        with mo.open("wb") as f:
            write_mo(f, catalog)


setup(cmdclass={"build_py": BuildWithData})
