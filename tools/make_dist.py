"""Make the release artefacts in dist/ (`make dist`): the desktop build (tools/build_desktop.py)
packed as a one-folder tarball and as a Debian package with its menu entry, icons and the
licences of everything bundled, and a wheel whose `ludotheque` command runs the game.

`--check` then tests them as a player gets them: each artefact within the size budget, the
desktop entry valid, the .deb unpacked into a temporary root and its self-test run from there;
`--check-wheel` installs the wheel in a fresh virtualenv and asks its command for the version.

Usage: python tools/make_dist.py [--skip-build] [--check] [--check-wheel]
Needs the `build` extra (pip install -e ".[build]") and, for the .deb, dpkg-deb.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata as md
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_desktop  # noqa: E402 - the tool beside this one

ROOT = build_desktop.ROOT
DIST = build_desktop.DIST
NAME = build_desktop.NAME
#: The most an artefact may weigh (bytes): a player downloads it.
BUDGET = 120 * 1000 * 1000
ICON_SIZES = (16, 32, 48, 64, 128, 256)
MAINTAINER = "Ludothèque project <ludotheque@users.noreply.invalid>"

DESKTOP_ENTRY = """\
[Desktop Entry]
Type=Application
Name=Ludothèque
GenericName=Board games and puzzles
GenericName[fr]=Jeux de plateau et casse-têtes
Comment=Abstract strategy games and puzzles, against the computer or two at one screen
Comment[fr]=Jeux de stratégie abstraits et casse-têtes, contre l'ordinateur ou à deux
Exec=ludotheque
Icon=ludotheque
Terminal=false
Categories=Game;BoardGame;
Keywords=abalone;amazons;shogi;chess;rithmomachia;nim;hanoi;tangram;ostomachion;
StartupWMClass=ludotheque
"""

DESCRIPTION = """\
abstract strategy games and puzzles
 Ludothèque gathers abstract strategy games (Akhimoraec, Abalone, Amazons,
 Jeu de pions, a 16x16 fairy chess, Tai Shogi, Rithmomachia) to play two at
 one screen or against the computer, and puzzles (Towers of Hanoi, Tangram,
 Ostomachion) played level by level. In English and in French."""


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from game import version as game_version

    return game_version()


# licences --------------------------------------------------------------------------------
def bundled_distributions() -> list[md.Distribution]:
    """The installed packages the application runs on: its requirements, theirs, and so on."""
    found: dict[str, md.Distribution] = {}

    def visit(name: str) -> None:
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            return
        key = dist.metadata["Name"].lower()
        if key in found:
            return
        found[key] = dist
        for req in dist.requires or []:
            if "extra ==" not in req:
                visit(re.split(r"[ ;<>=!~\[(]", req, maxsplit=1)[0])

    visit(NAME)
    return [d for k, d in sorted(found.items()) if k != NAME]


def licence_name(dist: md.Distribution) -> str:
    meta = dist.metadata
    text = meta.get("License-Expression") or meta.get("License") or ""
    if not text or len(text) > 60:  # a whole licence pasted into the field
        text = next((c.rpartition(" :: ")[2] for c in meta.get_all("Classifier") or []
                     if c.startswith("License ::")), "see its files")
    return text.strip()


#: The libraries pygame-ce's wheel bundles (pygame_ce.libs): their licence, and the file of
#: packaging/licenses/pygame-ce-libraries/ with its full text (its wheel carries none).
PYGAME_LIBS = (
    ("SDL2", "Zlib", "libsdl2-2.0-0"), ("SDL2_image", "Zlib", "libsdl2-image-2.0-0"),
    ("SDL2_mixer", "Zlib", "libsdl2-mixer-2.0-0"), ("SDL2_ttf", "Zlib", "libsdl2-ttf-2.0-0"),
    ("FreeType", "FTL (FreeType Licence)", "libfreetype6"), ("HarfBuzz", "MIT", "libharfbuzz0b"),
    ("libpng", "libpng", "libpng16-16"),
    ("libjpeg-turbo", "IJG and BSD-3-Clause", "libjpeg62-turbo"),
    ("libtiff", "libtiff (BSD-like)", "libtiff6"), ("libwebp", "BSD-3-Clause", "libwebp7"),
    ("Brotli", "MIT", "libbrotli1"), ("FLAC", "BSD-3-Clause", "libflac12"),
    ("Ogg", "BSD-3-Clause", "libogg0"), ("Vorbis", "BSD-3-Clause", "libvorbis0a"),
    ("Opus", "BSD-3-Clause", "libopus0"), ("opusfile", "BSD-3-Clause", "libopusfile0"),
    ("mpg123", "LGPL-2.1-or-later", "libmpg123-0"),
    ("libsndfile", "LGPL-2.1-or-later", "libsndfile1"),
    ("FluidSynth", "LGPL-2.1-or-later", "libfluidsynth3"),
    ("alsa-lib", "LGPL-2.1-or-later", "libasound2"), ("libxmp", "MIT", "libxmp4"),
    ("WavPack", "BSD-3-Clause", "libwavpack1"), ("PortMidi", "MIT", "libportmidi0"),
)
#: The licence texts kept in the repository for those libraries (see its README.md).
LIBRARY_LICENCES = ROOT / "packaging" / "licenses"


def write_licences(folder: Path) -> Path:
    """Copy every licence of the bundle into `folder`/licenses/, with a summary README.txt."""
    out = folder / "licenses"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    lines = ["Ludothèque and what its desktop build bundles, with their licences.", "",
             f"Ludothèque {version()}: MIT (ludotheque-LICENSE). Its sounds, theme, icon and",
             "menu pictures are generated by its own tools and under the same licence.", ""]
    shutil.copy(ROOT / "LICENSE", out / "ludotheque-LICENSE")
    shutil.copy(ROOT / "assets" / "LICENSE.txt", out / "ludotheque-assets-LICENSE.txt")
    py_licence = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" \
        / "LICENSE.txt"
    if py_licence.exists():
        shutil.copy(py_licence, out / "Python-LICENSE.txt")
    lines.append(f"Python {sys.version.split()[0]}: PSF License (Python-LICENSE.txt)")
    for dist in bundled_distributions():
        name = dist.metadata["Name"]
        target = out / name
        copied = []
        for f in dist.files or []:
            if re.search(r"(LICEN[CS]E|COPYING|NOTICE)", f.name, re.I) and "__pycache__" not in str(f):
                src = Path(str(dist.locate_file(f)))
                if src.is_file():
                    # numpy has several LICENSE.txt (its own, libdivide's…): keep their paths
                    rel = str(f).split("/licenses/", 1)[1] if "/licenses/" in str(f) else f.name
                    (target / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(src, target / rel)
                    copied.append(rel)
        if name.lower() == "pygame-ce":  # its wheel carries no licence file: ours, kept whole
            target.mkdir(exist_ok=True)
            shutil.copy(LIBRARY_LICENCES / "common" / "LGPL-2.1.txt", target / "LGPL-2.1.txt")
            shutil.copytree(LIBRARY_LICENCES / "pygame-ce-libraries", target / "libraries")
            shutil.copytree(LIBRARY_LICENCES / "common", target / "libraries" / "common")
            copied.append("LGPL-2.1.txt")
        lines.append(f"{name} {dist.version}: {licence_name(dist)}"
                     + (f" ({name}/)" if copied else ""))
        if name.lower() == "pygame-ce":
            lines.append("  with the libraries of its wheel:")
            lines += [f"    {lib}: {lic} ({name}/libraries/{deb}.copyright)"
                      for lib, lic, deb in PYGAME_LIBS]
        if name.lower() == "pygame_gui":
            lines.append("  with the fonts Noto Sans, Noto Sans JP and Fira Code: SIL Open Font "
                         "Licence 1.1 (pygame_gui/)")
    shutil.copy(ROOT / "assets" / "fonts" / "NotoSansJP-OFL.txt", out / "pygame_gui")
    (out / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def copyright_file(licences: Path) -> str:
    """Debian's copyright file: who holds what, then every licence text of the bundle."""
    head = ["Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/",
            "Upstream-Name: Ludothèque", "",
            "Files: *", "Copyright: the Ludothèque contributors", "License: MIT", "",
            "Files: usr/lib/ludotheque/_internal/*",
            "Copyright: the authors of each bundled component (listed below)",
            "License: various (listed below; the texts follow and are in",
            " /usr/lib/ludotheque/licenses/)", ""]
    body = [(licences / "README.txt").read_text(encoding="utf-8")]
    for path in sorted(p for p in licences.rglob("*") if p.is_file() and p.name != "README.txt"):
        body.append(f"\n===== {path.relative_to(licences)} =====\n")
        body.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(head) + "\n" + "".join(body)


# the artefacts ---------------------------------------------------------------------------
def prepare_folder(folder: Path) -> None:
    """Put the licences and the icon beside the executable of the built folder."""
    write_licences(folder)
    shutil.copy(ROOT / "assets" / "icons" / f"{NAME}-256.png", folder / f"{NAME}.png")
    (folder / f"{NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")


def make_tarball(folder: Path, ver: str) -> Path:
    out = DIST / f"{NAME}-{ver}-linux-x86_64.tar.gz"
    top = f"{NAME}-{ver}"
    with tarfile.open(out, "w:gz", compresslevel=9) as tar:
        tar.add(folder, arcname=top, filter=_normalise)
    return out


def _normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    return info


def glibc_needed(folder: Path) -> str | None:
    """The newest GLIBC_x.y symbol version any binary of `folder` asks for (objdump)."""
    if shutil.which("objdump") is None:
        return None
    best: tuple[int, ...] = ()
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink() and (".so" in path.name or path.name == NAME):
            out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True).stdout
            for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out):
                best = max(best, tuple(int(x) for x in v.split(".")))
    return ".".join(map(str, best)) if best else None


def make_deb(folder: Path, ver: str) -> Path:
    """A .deb built with dpkg-deb from a staging root: the folder in /usr/lib/ludotheque, a
    command in /usr/bin, the menu entry, the icons in the hicolor theme, the copyright file."""
    stage = ROOT / "build" / "deb"
    if stage.exists():
        shutil.rmtree(stage)
    lib = stage / "usr" / "lib" / NAME
    shutil.copytree(folder, lib, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    (stage / "usr" / "bin" / NAME).symlink_to(f"../lib/{NAME}/{NAME}")
    apps = stage / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / f"{NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    for size in ICON_SIZES:
        d = stage / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        d.mkdir(parents=True)
        shutil.copy(ROOT / "assets" / "icons" / f"{NAME}-{size}.png", d / f"{NAME}.png")
    doc = stage / "usr" / "share" / "doc" / NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_file(lib / "licenses"), encoding="utf-8")
    for path in stage.rglob("*"):  # modes as a package has them, whatever the umask
        if path.is_symlink():
            continue
        executable = path.is_dir() or os.access(path, os.X_OK)
        path.chmod(0o755 if executable else 0o644)
    control = stage / "DEBIAN"
    control.mkdir()
    sums = []
    for path in sorted(p for p in stage.rglob("*") if p.is_file() and not p.is_symlink()
                       and control not in p.parents):
        sums.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {path.relative_to(stage)}")
    (control / "md5sums").write_text("\n".join(sums) + "\n", encoding="utf-8")
    size_kib = sum(p.stat().st_size for p in stage.rglob("*")
                   if p.is_file() and not p.is_symlink()) // 1024
    glibc = glibc_needed(lib)
    fields = {
        "Package": NAME, "Version": ver, "Section": "games", "Priority": "optional",
        "Architecture": "amd64", "Maintainer": MAINTAINER, "Installed-Size": str(size_kib),
        "Depends": f"libc6 (>= {glibc})" if glibc else "libc6",
        "Description": DESCRIPTION,
    }
    (control / "control").write_text("".join(f"{k}: {v}\n" for k, v in fields.items()),
                                      encoding="utf-8")
    out = DIST / f"{NAME}_{ver}_amd64.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "--build", str(stage), str(out)],
                   check=True)
    return out


def make_wheel() -> Path:
    for old in DIST.glob(f"{NAME}-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(DIST), str(ROOT)], check=True)
    return next(DIST.glob(f"{NAME}-*.whl"))


def artefacts(ver: str) -> list[Path]:
    return [DIST / f"{NAME}-{ver}-linux-x86_64.tar.gz", DIST / f"{NAME}_{ver}_amd64.deb",
            DIST / f"{NAME}-{ver}-py3-none-any.whl"]


# the checks ------------------------------------------------------------------------------
def check(ver: str) -> int:
    """The artefacts as a player gets them; the number of problems found (each printed)."""
    problems = 0
    for path in artefacts(ver):
        if not path.exists():
            print(f"MISSING {path.name}")
            problems += 1
            continue
        size = path.stat().st_size
        ok = size <= BUDGET
        problems += not ok
        print(f"{'ok  ' if ok else 'OVER'} {path.name}: {size / 1e6:.1f} MB "
              f"(budget {BUDGET / 1e6:.0f} MB)")
    deb = artefacts(ver)[1]
    if not deb.exists():
        return problems
    with tempfile.TemporaryDirectory(prefix="ludotheque-deb-") as tmp:
        root = Path(tmp)
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
        entry = root / "usr" / "share" / "applications" / f"{NAME}.desktop"
        for size in ICON_SIZES:
            icon = root / f"usr/share/icons/hicolor/{size}x{size}/apps/{NAME}.png"
            if not icon.is_file():
                print(f"MISSING icon {icon.relative_to(root)}")
                problems += 1
        if not (root / "usr" / "share" / "doc" / NAME / "copyright").is_file():
            print("MISSING usr/share/doc/ludotheque/copyright")
            problems += 1
        if shutil.which("desktop-file-validate"):
            res = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True,
                                 text=True)
            print("desktop entry:", "valid" if res.returncode == 0 and not res.stdout.strip()
                  else res.stdout + res.stderr)
            problems += res.returncode != 0
        else:
            print("desktop-file-validate not found: the desktop entry is not validated")
        command = root / "usr" / "bin" / NAME  # the symlink a player's shell finds
        res = subprocess.run([str(command), "--version"], capture_output=True, text=True,
                             timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
        said = res.stdout.strip()
        print(f"{command.relative_to(root)} --version: {said!r}")
        if res.returncode != 0 or said != f"Ludothèque {ver}":
            print(res.stderr[-2000:])
            problems += 1
        code = build_desktop.smoke(command)
        print("smoke test of the unpacked .deb:", "passed" if code == 0 else f"FAILED ({code})")
        problems += code != 0
    return problems


def check_wheel(ver: str) -> int:
    """Install the wheel (and its requirements) in a fresh virtualenv, as pipx does; its
    command must print the version without a display, and pass the self-test (every screen,
    with the assets, levels and translations the wheel carries). 0 if it did."""
    wheel = artefacts(ver)[2]
    with tempfile.TemporaryDirectory(prefix="ludotheque-wheel-") as tmp:
        subprocess.run([sys.executable, "-m", "venv", tmp], check=True)
        subprocess.run([f"{tmp}/bin/pip", "install", "--quiet", str(wheel)], check=True)
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
        res = subprocess.run([f"{tmp}/bin/{NAME}", "--version"], capture_output=True, text=True,
                             timeout=120, env=env)
        print(f"wheel's {NAME} --version: {res.stdout.strip()!r}")
        if res.returncode != 0 or res.stdout.strip() != f"Ludothèque {ver}":
            return 1
        code = build_desktop.smoke(Path(tmp) / "bin" / NAME)
        print("smoke test of the installed wheel:", "passed" if code == 0 else f"FAILED ({code})")
        return 1 if code else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--skip-build", action="store_true",
                    help="pack the folder already in dist/ludotheque/ (no PyInstaller run)")
    ap.add_argument("--check", action="store_true",
                    help="only check the artefacts: sizes, desktop entry, smoke test of the .deb")
    ap.add_argument("--check-wheel", action="store_true",
                    help="only install the wheel in a fresh virtualenv and run its command")
    a = ap.parse_args(argv)
    ver = version()
    if a.check or a.check_wheel:
        problems = check(ver) if a.check else 0
        problems += check_wheel(ver) if a.check_wheel else 0
        print("release check:", "passed" if not problems else f"{problems} problem(s)")
        return 1 if problems else 0
    if not a.skip_build:
        build_desktop.build()
    folder = DIST / NAME
    prepare_folder(folder)
    made = [make_tarball(folder, ver), make_deb(folder, ver), make_wheel()]
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"{'folder ' + folder.name + '/':>40}: {size / 1e6:.1f} MB")
    for path in made:
        print(f"{path.name:>40}: {path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
