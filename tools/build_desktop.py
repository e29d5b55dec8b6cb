"""Make the desktop build: a PyInstaller one-folder app in dist/ludotheque/, then (with --smoke)
run its self-test headless — every screen opened, fed input, drawn, closed; then the real main
loop played by a script through the menu, a setup, a few moves of a match and Quit.

Usage: python tools/build_desktop.py [--smoke] [--skip-build]
Needs the `build` extra (pip install -e ".[build]").
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "ludotheque"


def compile_catalogs(target: Path) -> Path:
    """The translations compiled for the bundle: each game/locale/*/LC_MESSAGES/*.po as a .mo
    under `target` (the .mo files are built, never committed)."""
    sys.path.insert(0, str(ROOT))
    from game.i18n import LOCALE_DIR, compile_po

    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(LOCALE_DIR).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        mo.write_bytes(compile_po(po))
    return target


def build() -> Path:
    import PyInstaller.__main__  # noqa: N813 - the package's own module name

    locale = compile_catalogs(ROOT / "build" / "locale")
    launcher = ROOT / "build" / "launcher.py"
    launcher.parent.mkdir(parents=True, exist_ok=True)
    launcher.write_text("from game.app import main\nraise SystemExit(main())\n", encoding="utf-8")
    sep = os.pathsep
    args = [
        str(launcher), "--name", NAME, "--onedir", "--noconfirm", "--clean", "--windowed",
        "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
        "--specpath", str(ROOT / "build"), "--paths", str(ROOT),
        "--add-data", f"{ROOT / 'assets'}{sep}assets",
        "--add-data", f"{ROOT / 'levels'}{sep}levels",
        "--add-data", f"{locale}{sep}game/locale",  # beside game/i18n.py, where it looks
        # games are imported by name from the registry, which PyInstaller cannot see
        "--collect-submodules", "game",
        "--collect-data", "pygame_gui",
        "--collect-all", "pymunk",
        "--hidden-import", "pytmx",
        "--log-level", "WARN",
    ]
    PyInstaller.__main__.run(args)
    exe = ROOT / "dist" / NAME / (NAME + (".exe" if sys.platform == "win32" else ""))
    if not exe.exists():
        raise SystemExit(f"build failed: {exe} not found")
    return exe


def smoke(exe: Path) -> int:
    # the app makes its own throw-away home (inside LUDOTHEQUE_HOME when set) and removes it
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([str(exe), "--smoke"], env=env, timeout=600, text=True,
                          capture_output=True)
    print(proc.stdout[-4000:])
    if proc.returncode != 0:
        print(proc.stderr[-4000:], file=sys.stderr)
    return proc.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="run the built app's self-test")
    ap.add_argument("--skip-build", action="store_true", help="only run the smoke test")
    a = ap.parse_args(argv)
    exe = ROOT / "dist" / NAME / NAME if a.skip_build else build()
    print(f"built {exe}")
    if a.smoke:
        code = smoke(exe)
        print("desktop smoke test:", "passed" if code == 0 else f"FAILED ({code})")
        return code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
