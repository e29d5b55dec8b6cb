"""Build hook: ship the top-level assets/ and levels/ folders inside the `game` package of a wheel.

In a source checkout (and an editable install) game/resources.py finds them beside the package;
in a wheel they are copied to game/assets and game/levels, where it looks first.
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


setup(cmdclass={"build_py": BuildWithData})
