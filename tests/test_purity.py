"""Rules, AI and engine modules never import pygame, directly or through anything they import.

Each group is imported in a fresh interpreter (the test process itself may have pygame loaded),
and the first module that brings pygame in is named together with the import chain.
Modules allowed to use pygame by design are named below; everything else under game/games/
and game/engine/ must stay pure, because the AI worker, the tools and the tests load them.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_package_shape import drawing_names

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

#: File names inside a game's package that draw or simulate on screen, and so may use pygame: the
#: jobs docs/architecture.md §3.1 marks as drawing. A file so named is left out of the check only
#: if it does reach pygame (see `draws`): a pure file with a drawing name is checked like the rest.
PYGAME_ALLOWED = drawing_names()
#: Screen modules allowed in their package only (and, like the others, only if they do draw).
PYGAME_ALLOWED_IN: dict[str, set[str]] = {}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache  # `draws` walks the same files again and again, at collection: parse each once
def _runtime_imports(path: Path) -> tuple[str, ...]:
    """Every module name the file imports when it runs (imports under TYPE_CHECKING skipped;
    relative imports made absolute)."""
    package = module_name(path) if path.name == "__init__.py" else \
        module_name(path).rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names += [base] + [f"{base}.{a.name}" for a in node.names]
    return tuple(names)


def _statements(body: list[ast.AST]) -> Iterator[ast.AST]:
    """The statements of a block and of every block inside it (an import is a statement: the
    expressions, most of a file's tree, need no walk), except under `if TYPE_CHECKING`."""
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        yield node
        for block in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, block, None)
            if isinstance(inner, list):
                yield from _statements(inner)


@functools.cache
def _game_files() -> dict[str, Path]:
    """The game's modules by name (read once: `draws` is asked for every module)."""
    return {module_name(p): p for p in GAME.rglob("*.py") if "__pycache__" not in p.parts}


def draws(path: Path) -> bool:
    """Whether running the file can import pygame: it, or a `game` module it imports (at any
    depth), imports pygame or pygame_gui."""
    files = _game_files()
    seen: set[str] = set()
    todo = [module_name(path)]
    while todo:
        name = todo.pop()
        if name in seen or name not in files:
            continue
        seen.add(name)
        for target in _runtime_imports(files[name]):
            if target.split(".")[0] in ("pygame", "pygame_gui"):
                return True
            todo.append(target)
    return False


def pure_modules(folder: Path) -> list[str]:
    allowed = PYGAME_ALLOWED | PYGAME_ALLOWED_IN.get(folder.name, set())
    return sorted(module_name(p) for p in folder.rglob("*.py") if "__pycache__" not in p.parts
                  and not (p.name in allowed and draws(p)))


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

def found(group, module):
    print(json.dumps({"group": group, "module": module, "chain": Spy.chain}))
    sys.exit(0)

sys.meta_path.insert(0, Spy())
# groups in turn: [group, its modules, whether to resolve every entry's faces too]
for group, names, entries in json.loads(sys.argv[1]):
    for name in names:
        importlib.import_module(name)
        if "pygame" in sys.modules or "pygame_gui" in sys.modules:
            found(group, name)
    if entries:
        from game import registry
        for entry in registry.entries().values():
            entry.make_rules()  # the entry's typed factory imports the rules module
            if "pygame" in sys.modules:
                found(group, entry.id + " rules")
            refs = [entry.help, entry.ai, entry.evaluate, entry.validate_level, entry.load_level]
            refs += [entry.solver + ":__name__" if entry.solver else None]
            for ref in refs:
                if ref:
                    registry.resolve(ref)
                    if "pygame" in sys.modules:
                        found(group, ref)
print(json.dumps(None))
"""


def _child(groups: list[tuple[str, list[str], bool]]) -> dict[str, Any] | None:
    """Run CHILD on `groups` in a fresh interpreter: where pygame first came in, or None."""
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(groups)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] | None = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@functools.cache
def _first_pygame() -> dict[str, Any] | None:
    """Every group checked in one interpreter, the engine's first (a new interpreter costs more
    than the imports of a group): pygame in `sys.modules` after a group's imports is that
    group's fault, since none came in before. Once one group brought it in, the later ones
    cannot be told apart and fail with it."""
    return _child([(group, GROUPS[group], group == "engine") for group in
                   sorted(GROUPS, key=lambda g: (g != "engine", g)) if GROUPS[group]])


def assert_checked(*modules: str) -> None:
    """That `modules` are among those the groups' test imports in a fresh interpreter without
    pygame: what a game's own tests say of their pure modules (without a child of their own)."""
    checked = {m for group in GROUPS.values() for m in group}
    missing = [m for m in modules if m not in checked]
    assert not missing, f"not checked for pygame (allowed to draw?): {missing}"


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_group_does_not_import_pygame(group: str) -> None:
    modules = GROUPS[group]
    if not modules:
        pytest.skip(f"{group} has no pure modules yet")
    found = _first_pygame()
    assert found is None, (f"{found['module']} (group {found['group']}) imports pygame; "
                           "import chain:\n  " + "\n  ".join(found["chain"] or ["?"]))


def test_the_allow_list_is_not_a_loophole() -> None:
    """Only drawing files escape the check: the allow list names no pure face, `draws` tells a
    drawing file (directly or through the base scene it imports) from a pure one, and a game's
    rules and ai are always among the checked modules."""
    assert not PYGAME_ALLOWED & {"rules.py", "ai.py", "entry.py", "help.py", "input.py"}
    amazons = GAME / "games" / "amazons"
    assert draws(amazons / "scene.py")
    assert draws(GAME / "games" / "fairy16" / "scene.py")  # only through PieceMatchScene
    assert not draws(amazons / "rules.py") and not draws(GAME / "registry.py")
    for pkg, modules in GROUPS.items():
        for face in ("rules", "ai"):
            if (GAME / "games" / pkg / f"{face}.py").exists():
                assert f"game.games.{pkg}.{face}" in modules


def test_the_spy_sees_pygame() -> None:
    """The child process reports a module that brings pygame in, with its chain (a spy that
    never fired would let every group pass)."""
    found = _child([("pure", ["json", "game.engine.match"], False),
                    ("drawing", ["json", "game.ui.theme"], False)])
    assert found is not None and found["module"] == "game.ui.theme"
    assert found["group"] == "drawing", "a later group's import was blamed on an earlier one"
    assert found["chain"], "the import chain is missing"
