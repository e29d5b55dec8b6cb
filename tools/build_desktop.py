"""Make the desktop build: a PyInstaller one-folder app in dist/ludotheque/, trimmed to what the
application uses, then (with --smoke) run its self-test headless — every screen opened, fed
input, drawn, closed; then the real main loop played by a script through the menu, a setup, a
few moves of a match and Quit. `tools/make_dist.py` packs that folder into a tarball and a .deb.

Usage: python tools/build_desktop.py [--smoke] [--skip-build] [--exe PATH]
Needs the `build` extra (pip install -e ".[build]").
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
NAME = "ludotheque"
DIST = ROOT / "dist"

#: The fonts the application draws with (its theme's Noto Sans, Fira Code for the arrows of
#: move lists, Noto Sans JP for Tai Shogi's kanji); pygame_gui ships more families (Chinese,
#: Korean, Arabic, Hebrew, Georgian: 37 MB) that no screen uses.
KEEP_FONTS = frozenset({"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                        "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf", "NotoSansJP-Bold.otf",
                        "NotoSansJP-Regular.otf"})
#: The languages the application speaks (game/i18n.py LANGUAGES): Babel's locale data and
#: pygame_gui's own strings are kept for these (and Babel's root locale) only.
LANGUAGES = frozenset({"en", "fr"})
#: Modules nothing in the application imports at run time, kept out even if a hook pulls them in.
EXCLUDES = ["tkinter", "_tkinter", "IPython", "matplotlib", "PIL", "scipy", "pytest",
            "hypothesis", "setuptools", "pip", "PyInstaller", "mypy", "ruff", "pydoc_data",
            "readline"]


def keep_file(dest: str) -> bool:
    """Whether the bundle keeps the file it would place at `dest` (a path in the bundle)."""
    p = PurePosixPath(dest.replace("\\", "/"))
    parts = p.parts
    if parts[:2] == ("pygame_gui", "data") and len(parts) >= 3:
        if len(parts) == 3 and p.suffix in (".ttf", ".otf"):
            return p.name in KEEP_FONTS
        if parts[2] == "translations" and p.suffix == ".json":  # pygame-gui.fr.json
            return p.stem.rpartition(".")[2] in LANGUAGES
        return True
    if parts[:2] == ("babel", "locale-data") and p.suffix == ".dat":
        return p.stem == "root" or p.stem.partition("_")[0] in LANGUAGES  # fr, fr_CA, …
    return True


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
    """Run PyInstaller on tools/ludotheque.spec; the executable of dist/ludotheque/."""
    import PyInstaller.__main__  # noqa: N813 - the package's own module name

    compile_catalogs(ROOT / "build" / "locale")
    launcher = ROOT / "build" / "launcher.py"
    launcher.parent.mkdir(parents=True, exist_ok=True)
    launcher.write_text("from game.launcher import main\nraise SystemExit(main())\n", encoding="utf-8")
    PyInstaller.__main__.run([
        str(ROOT / "tools" / f"{NAME}.spec"), "--noconfirm", "--clean",
        "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller"),
        "--log-level", "WARN",
    ])
    exe = executable(DIST / NAME)
    if not exe.exists():
        raise SystemExit(f"build failed: {exe} not found")
    strip_python(DIST / NAME)
    return exe


def strip_python(folder: Path) -> int:
    """Drop the debug symbols of the interpreter's own libraries (libpython alone carries
    17 MB of them); the bytes saved. The libraries that came in wheels (numpy.libs,
    pygame_ce.libs…) are left alone: they were rewritten by auditwheel, and `strip` makes
    them unloadable ("ELF load command address/offset not page-aligned")."""
    if sys.platform != "linux" or shutil.which("strip") is None:
        return 0
    internal = folder / "_internal"
    targets = [*internal.glob("libpython3*.so*"), *internal.glob("python3*/lib-dynload/*.so")]
    saved = 0
    for path in targets:
        if path.is_symlink() or not path.is_file():
            continue
        before = path.stat().st_size
        subprocess.run(["strip", "--strip-debug", str(path)], check=True)
        saved += before - path.stat().st_size
    print(f"stripped {len(targets)} interpreter libraries: {saved / 1e6:.1f} MB less")
    return saved


def executable(folder: Path) -> Path:
    return folder / (NAME + (".exe" if sys.platform == "win32" else ""))


def smoke(exe: Path) -> int:
    """Run `exe --smoke` headless; its exit status. The app makes its own throw-away home
    (inside LUDOTHEQUE_HOME when set) and removes it."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([str(exe), "--smoke"], env=env, timeout=900, text=True,
                          capture_output=True)
    print(proc.stdout[-4000:])
    if proc.returncode != 0:
        print(proc.stderr[-4000:], file=sys.stderr)
    return proc.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="run the built app's self-test")
    ap.add_argument("--skip-build", action="store_true", help="only run the smoke test")
    ap.add_argument("--exe", type=Path, help="the executable to smoke-test (default: the build's)")
    a = ap.parse_args(argv)
    exe = a.exe or (executable(DIST / NAME) if a.skip_build else build())
    print(f"built {exe}")
    if a.smoke:
        code = smoke(exe)
        print("desktop smoke test:", "passed" if code == 0 else f"FAILED ({code})")
        return code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
