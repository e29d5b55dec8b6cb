"""The modules of `game/` import one another without a cycle, and the engine knows no game.

The graph is read from the source with `ast`, not by importing: every `import` counts, at module
level, inside functions (the usual way a cycle is hidden) and under `if TYPE_CHECKING:` (a type
that points back up is an arrow the wrong way too). Only static imports are seen: the registry
names game packages by "module:attr" text on purpose, so listing games imports none of them.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_of(p): p for p in sorted(GAME.rglob("*.py")) if "__pycache__" not in p.parts}


def imported(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """(module of `game` that `name` imports, line) for every import statement in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # "from game.ui import theme" imports the module game.ui.theme
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                       for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


@functools.cache  # four tests read it: the source is parsed once (a second of CPU each)
def graph() -> dict[str, dict[str, int]]:
    found = modules()
    known = set(found)
    return {name: dict(imported(name, path, known)) for name, path in found.items()}


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # recursion depth is bounded by the module count (~250)
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_reader_sees_the_kinds_of_import() -> None:
    """The graph reader itself: absolute, relative, in a function, and "from package import
    module" all give an arrow (a reader that saw none would pass the cycle test below)."""
    edges = graph()
    assert "game.engine.storage" in edges["game.app"]           # from game.engine import storage
    assert "game.ui.theme" in edges["game.app"]                 # from game.ui import theme
    assert "game.engine.protocol" in edges["game.engine.match"]  # from ... import names
    assert len(edges) > 100


def test_a_cycle_is_found() -> None:
    """Tarjan on a small made-up graph: a -> b -> c -> a is one cycle, d hangs off it."""
    edges = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}, "e": {"e": 1}}
    assert cycles(edges) == [["a", "b", "c"]]


#: Cycles left on purpose, each with who removes it. Never add to this set to make the test
#: pass (none is left: Ostomachion's "The 536" card is named by its entry, `level_cards`).
KNOWN: list[list[str]] = []


def test_no_import_cycle_in_game() -> None:
    edges = graph()
    found = [c for c in cycles(edges) if c not in KNOWN]
    lines = []
    for component in found:
        members = set(component)
        lines.append(" <-> ".join(component))
        for v in component:
            lines += [f"    {v} -> {w} (line {n})" for w, n in sorted(edges[v].items())
                      if w in members]
    assert not found, "import cycles among game/ modules:\n" + "\n".join(lines)


def test_known_cycles_are_still_real() -> None:
    """An entry of KNOWN that is gone must be struck off, so the list cannot hide a new cycle."""
    found = cycles(graph())
    assert [c for c in KNOWN if c not in found] == []


def test_the_engine_names_no_game() -> None:
    """game/engine is game-agnostic: it imports neither the registry nor any game's package,
    the scenes, the ui or the app (games are passed to it as a lookup)."""
    edges = graph()
    wrong = {f"{v} -> {w}" for v, targets in edges.items() if v.startswith("game.engine.")
             for w in targets
             if w == "game.registry" or w == "game.app" or
             w.startswith(("game.games", "game.scenes", "game.ui"))}
    assert not wrong, sorted(wrong)
