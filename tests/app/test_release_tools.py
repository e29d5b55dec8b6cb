"""The release tools' own rules, checked without building: the desktop build keeps every font
and language the code uses and drops the rest; the desktop entry names the app as its window
does; every bundled library's licence is found."""

from __future__ import annotations

import re
from pathlib import Path

from game import APP_ID, i18n
from tools import build_desktop, make_dist

ROOT = Path(__file__).resolve().parents[2]


def test_every_font_the_code_names_is_kept_and_the_others_are_dropped() -> None:
    named = set()
    for path in (ROOT / "game").rglob("*.py"):
        named |= set(re.findall(r'"([\w-]+\.(?:ttf|otf))"', path.read_text(encoding="utf-8")))
    assert {"NotoSans-Regular.ttf", "FiraCode-Regular.ttf", "NotoSansJP-Bold.otf"} <= named
    for name in named:
        assert build_desktop.keep_file(f"pygame_gui/data/{name}"), name
    for unused in ("NotoSansSC-Bold.otf", "NotoSansKR-Regular.ttf", "NotoSansArabic-Bold.ttf"):
        assert not build_desktop.keep_file(f"pygame_gui/data/{unused}")
    assert build_desktop.keep_file("pygame_gui/data/licenses/NotoSans-LICENSE.txt")


def test_locale_data_is_kept_for_the_app_s_languages_only() -> None:
    assert {code for code, _name in i18n.LANGUAGES} == build_desktop.LANGUAGES
    keep = build_desktop.keep_file
    for kept in ("root", "en", "fr", "fr_CA", "en_GB"):
        assert keep(f"babel/locale-data/{kept}.dat"), kept
    for dropped in ("de", "ja", "zh_Hant_HK"):
        assert not keep(f"babel/locale-data/{dropped}.dat"), dropped
    assert keep("babel/global.dat")
    assert keep("pygame_gui/data/translations/pygame-gui.fr.json")
    assert not keep("pygame_gui/data/translations/pygame-gui.ja.json")
    assert keep("game/locale/fr/LC_MESSAGES/ludotheque.mo")


def test_the_desktop_entry_matches_the_window_and_the_menu() -> None:
    entry = dict(line.split("=", 1) for line in make_dist.DESKTOP_ENTRY.splitlines()
                 if "=" in line)
    assert entry["StartupWMClass"] == APP_ID  # the class game/app.py gives the window
    assert entry["Icon"] == APP_ID and entry["Exec"] == APP_ID
    assert entry["Categories"] == "Game;BoardGame;"
    assert entry["Name"] == "Ludothèque"


def test_every_bundled_library_has_a_licence(tmp_path: Path) -> None:
    names = {d.metadata["Name"].lower() for d in make_dist.bundled_distributions()}
    assert {"pygame-ce", "pygame_gui", "numpy", "shapely", "babel", "pytmx"} <= names
    out = make_dist.write_licences(tmp_path)
    summary = (out / "README.txt").read_text(encoding="utf-8")
    for name in names:
        assert name in summary.lower(), name
    assert (out / "ludotheque-LICENSE").is_file()
    assert (out / "pygame_gui" / "NotoSansJP-OFL.txt").is_file()
    assert "SIL Open Font" in summary


#: A library file of pygame-ce's wheel (its name before the version and hash) -> the library
#: of make_dist.PYGAME_LIBS whose licence covers it.
_LIBRARY_OF = {
    "libSDL2": "SDL2", "libSDL2_image": "SDL2_image", "libSDL2_mixer": "SDL2_mixer",
    "libSDL2_ttf": "SDL2_ttf", "libfreetype": "FreeType", "libharfbuzz": "HarfBuzz",
    "libpng16": "libpng", "libjpeg": "libjpeg-turbo", "libtiff": "libtiff", "libwebp": "libwebp",
    "libwebpdemux": "libwebp", "libsharpyuv": "libwebp", "libbrotlicommon": "Brotli",
    "libbrotlidec": "Brotli", "libFLAC": "FLAC", "libogg": "Ogg", "libvorbis": "Vorbis",
    "libvorbisenc": "Vorbis", "libvorbisfile": "Vorbis", "libopus": "Opus",
    "libopusfile": "opusfile", "libmpg123": "mpg123", "libsndfile": "libsndfile",
    "libfluidsynth": "FluidSynth", "libasound": "alsa-lib", "libxmp": "libxmp",
    "libwavpack": "WavPack", "libportmidi": "PortMidi",
}


def test_every_library_of_pygame_ce_has_its_licence_text() -> None:
    """Each C library in pygame-ce's wheel is named with a licence whose full text the packages
    carry, and every shared licence such a text points to is there too."""
    import pygame

    libs = Path(pygame.__file__).resolve().parents[1] / "pygame_ce.libs"
    names = {lib for lib, _licence, _deb in make_dist.PYGAME_LIBS}
    for so in sorted(libs.glob("*.so*")) if libs.is_dir() else []:
        found = re.match(r"(lib\w+?)(?:-\d+)?-[0-9a-f]{8}\.", so.name)  # auditwheel's hash
        stem = found.group(1) if found else so.name
        assert _LIBRARY_OF.get(stem) in names, f"{so.name}: no licence named for it"
    folder = make_dist.LIBRARY_LICENCES
    for _lib, _licence, deb in make_dist.PYGAME_LIBS:
        text = (folder / "pygame-ce-libraries" / f"{deb}.copyright").read_text(encoding="utf-8")
        for common in set(re.findall(r"common-licenses/([A-Za-z0-9.+-]*[A-Za-z0-9])", text)):
            assert (folder / "common" / f"{common}.txt").is_file(), f"{deb}: {common}"
