"""Rules, AI and engine modules never import pygame, directly or through anything they import.

Each group is imported in a fresh interpreter (the test process itself may have pygame loaded),
and the first module that brings pygame in is named together with the import chain.
Modules allowed to use pygame by design are named below; everything else under game/games/
and game/engine/ must stay pure, because the AI worker, the tools and the tests load them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

#: File names inside a game's package that draw or simulate on screen, and so may use pygame
#: (a screen split by job, issue 14: its view, sprites, effects, panels; a game's `input.py`
#: turns events into moves without pygame and stays checked).
PYGAME_ALLOWED = {"scene.py", "physics.py", "sprites.py", "collection_scene.py", "gallery.py",
                  "view.py", "effects.py", "panel.py"}
#: Screen modules with a name of their own, allowed in their package only (Akhimoraec's
#: `board.py` is pure data and stays checked).
PYGAME_ALLOWED_IN = {"hanoi": {"board.py", "freeplay.py"},
                     "dissection": {"painter.py", "pictures.py", "play.py"},
                     "abalone": {"overlays.py", "pictures.py"}}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pure_modules(folder: Path) -> list[str]:
    allowed = PYGAME_ALLOWED | PYGAME_ALLOWED_IN.get(folder.name, set())
    return sorted(module_name(p) for p in folder.rglob("*.py")
                  if p.name not in allowed and "__pycache__" not in p.parts)


GROUPS = {"engine": ["game", "game.registry", "game.resources", *pure_modules(GAME / "engine")]}
for _pkg in sorted(p for p in (GAME / "games").iterdir() if p.is_dir() and
                   not p.name.startswith("_")):
    GROUPS[_pkg.name] = pure_modules(_pkg)

CHILD = r"""
import importlib, json, sys, traceback

class Spy:
    # Notes who asks for pygame first; the import itself goes on as usual.
    chain = None
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pygame", "pygame_gui") and Spy.chain is None:
            Spy.chain = [f"{f.filename}:{f.lineno}" for f in traceback.extract_stack()
                         if "/importlib/" not in f.filename and "<frozen" not in f.filename][:-1]
        return None

sys.meta_path.insert(0, Spy())
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    if "pygame" in sys.modules or "pygame_gui" in sys.modules:
        print(json.dumps({"module": name, "chain": Spy.chain}))
        sys.exit(0)
if sys.argv[2] == "entries":
    from game import registry
    for entry in registry.entries().values():
        refs = [entry.rules, entry.help, entry.ai, entry.evaluate, entry.validate_level]
        refs += [v for v in entry.extra.values() if isinstance(v, str) and ":" in v]
        for ref in refs:
            if ref:
                registry.resolve(ref)
                if "pygame" in sys.modules:
                    print(json.dumps({"module": ref, "chain": Spy.chain}))
                    sys.exit(0)
print(json.dumps(None))
"""


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_group_does_not_import_pygame(group: str) -> None:
    modules = GROUPS[group]
    if not modules:
        pytest.skip(f"{group} has no pure modules yet")
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(modules),
         "entries" if group == "engine" else "-"],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found is None, (f"{found['module']} imports pygame; import chain:\n  "
                           + "\n  ".join(found["chain"] or ["?"]))


def test_the_allow_list_is_not_a_loophole() -> None:
    """Only files named in PYGAME_ALLOWED are skipped: rules.py and ai.py are always checked."""
    for modules in GROUPS.values():
        assert not any(m.endswith(tuple("." + name[:-3] for name in PYGAME_ALLOWED))
                       for m in modules)
    for pkg, modules in GROUPS.items():
        for face in ("rules", "ai"):
            if (GAME / "games" / pkg / f"{face}.py").exists():
                assert f"game.games.{pkg}.{face}" in modules
