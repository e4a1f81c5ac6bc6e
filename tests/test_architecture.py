"""The shape of the package, kept by tests: imports point down the floors, no two modules
import each other round a loop, and no module or class grows past the size where two jobs
usually share a room.

The floors, lowest first: the core (cards, card sets, decks, records, rendering, the search
engine), the games (``tarot``, ``tailor``), the solver front end, the players (``bots``,
``arena``, ``strategies``, ``env``), and the command line (``cli``). A module may import its
own floor or a lower one, and one game never imports another. An import under
``if TYPE_CHECKING:`` is no dependency, and neither is one made inside a method that hands the
caller an object of a higher floor when called (a display hook such as ``_repr_html_`` or
``to_unicode``, or ``state.view(seat)``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import attrs

PACKAGE = Path(__file__).resolve().parent.parent / "cardgames"
MODULE_LIMIT = 800
CLASS_LIMIT = 400
FLOORS = ("core", "game", "solver", "players", "cli")
# Methods whose imports happen only when a caller asks for what they hand over.
HANDING_OVER = ("_repr_", "to_unicode", "to_svg", "to_html", "view")


def floor(module: str) -> str:
    """The floor a dotted module name of the package stands on."""
    parts = module.split(".")
    if len(parts) == 1:
        return "top"
    first, last = parts[1], parts[-1]
    if "cli" in (first, last) or first.startswith("_cli") or first.endswith("_cli"):
        return "cli"
    if first in ("__main__",) or last == "batch_cli":
        return "cli"
    if first in ("tarot", "tailor", "bridge"):
        return "game"
    if first == "solver":
        return "solver"
    if first in ("bots", "arena", "strategies", "env"):
        return "players"
    return "core"


def rank(module: str) -> int:
    name = floor(module)
    return len(FLOORS) if name == "top" else FLOORS.index(name)


@attrs.frozen
class Module:
    name: str
    path: Path
    tree: ast.Module
    lines: int


def modules(root: Path) -> dict[str, Module]:
    """Every module under ``root`` (a package folder) by dotted name."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        text = path.read_text(encoding="utf-8")
        found[".".join(parts)] = Module(
            ".".join(parts), path, ast.parse(text), len(text.splitlines())
        )
    return found


def _free_lines(tree: ast.Module) -> set[int]:
    # Lines whose imports are no dependency: TYPE_CHECKING blocks and handing-over methods.
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            HANDING_OVER
        ):
            lines.update(n.lineno for n in ast.walk(node) if isinstance(n, ast.stmt))
        elif isinstance(node, ast.If):
            test = node.test
            name = getattr(test, "id", None) or getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                lines.update(
                    n.lineno for s in node.body for n in ast.walk(s) if isinstance(n, ast.stmt)
                )
    return lines


def imports(found: Mapping[str, Module]) -> dict[str, set[str]]:
    """Which modules of ``found`` each module imports (at module level or in a function)."""
    graph: dict[str, set[str]] = {}
    for name, module in found.items():
        package = name if module.path.name == "__init__.py" else name.rpartition(".")[0]
        free = _free_lines(module.tree)
        targets: set[str] = set()
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Import | ast.ImportFrom) or node.lineno in free:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
        # A package's __init__ importing its own submodules only re-exports them.
        own = name + "." if module.path.name == "__init__.py" else None
        graph[name] = {
            target
            for target in targets
            if target in found and target != name and not (own and target.startswith(own))
        }
    return graph


def cycles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round a loop (strongly connected sets of
    more than one module), each sorted."""
    order: list[str] = []
    seen: set[str] = set()

    def finish(start: str, edges: Mapping[str, Set[str]], out: list[str]) -> None:
        # Iterative depth-first search, appending each node when all it reaches is done.
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        seen.add(start)
        while stack:
            node, rest = stack[-1]
            for nxt in rest:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, iter(sorted(edges[nxt]))))
                    break
            else:
                stack.pop()
                out.append(node)

    for node in sorted(graph):
        if node not in seen:
            finish(node, graph, order)
    reverse: dict[str, set[str]] = {node: set() for node in graph}
    for node, targets in graph.items():
        for target in targets:
            reverse[target].add(node)
    seen = set()
    groups = []
    for node in reversed(order):
        if node not in seen:
            group: list[str] = []
            finish(node, reverse, group)
            if len(group) > 1:
                groups.append(sorted(group))
    return sorted(groups)


def upward(graph: Mapping[str, Set[str]]) -> list[str]:
    """Imports that point up a floor, or from one game into another."""

    def game(module: str) -> str | None:
        return module.split(".")[1] if floor(module) == "game" else None

    return sorted(
        f"{source} -> {target}"
        for source, targets in graph.items()
        for target in targets
        if (rank(source) < rank(target) and floor(target) != "top")
        or (game(source) is not None and game(target) not in (None, game(source)))
    )


def classes(found: Mapping[str, Module]) -> Iterator[tuple[str, int]]:
    for module in found.values():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                yield f"{module.name}.{node.name}", node.end_lineno - node.lineno + 1


# The package itself.

FOUND = modules(PACKAGE)
GRAPH = imports(FOUND)


def test_no_module_imports_itself_round_a_loop() -> None:
    found = cycles(GRAPH)
    assert not found, "modules that import each other round a loop:\n" + "\n".join(
        " <-> ".join(group) for group in found
    )


def test_every_import_points_down_a_floor_and_no_game_imports_another() -> None:
    found = upward(GRAPH)
    assert not found, "imports against the floors:\n" + "\n".join(found)


def test_no_module_is_over_the_size_limit() -> None:
    over = sorted(f"{m.name}: {m.lines}" for m in FOUND.values() if m.lines > MODULE_LIMIT)
    assert not over, f"modules over {MODULE_LIMIT} lines:\n" + "\n".join(over)


def test_no_class_is_over_the_size_limit() -> None:
    over = sorted(f"{name}: {lines}" for name, lines in classes(FOUND) if lines > CLASS_LIMIT)
    assert not over, f"classes over {CLASS_LIMIT} lines:\n" + "\n".join(over)


GAMES = ("tarot", "tailor", "bridge")


def game_type_checks(found: Mapping[str, Module]) -> list[str]:
    """Every ``isinstance`` outside the game packages whose classes come from a game package
    (``isinstance(x, tarot.State)``, or a class imported from ``cardgames.tarot...``): the
    shared floors reach a game through its descriptor (``cardgames.games``) instead."""
    found_checks: list[str] = []
    for module in found.values():
        if floor(module.name) == "game":
            continue
        game_modules: set[str] = set()
        game_names: set[str] = set()
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                for alias in node.names:
                    bound = alias.asname or alias.name
                    if parts == ["cardgames"] and alias.name in GAMES:
                        game_modules.add(bound)
                    elif len(parts) > 1 and parts[0] == "cardgames" and parts[1] in GAMES:
                        game_names.add(bound)
        for node in ast.walk(module.tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
            ):
                continue
            for part in ast.walk(node.args[1]):
                if (isinstance(part, ast.Name) and part.id in game_names) or (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id in game_modules
                ):
                    found_checks.append(f"{module.name}:{node.lineno}: {ast.unparse(node)}")
                    break
    return sorted(found_checks)


def test_the_shared_floors_check_no_game_type() -> None:
    # Issue 28: the 76 checks of a game's State, View, Rules, Record or Deal in the shared
    # floors became lookups in the registry of games (cardgames.games.of).
    found = game_type_checks(FOUND)
    assert not found, "game-type checks in shared modules:\n" + "\n".join(found)


# The checker, on small made-up packages.


def _package(tmp_path: Path, files: Mapping[str, str]) -> dict[str, Module]:
    root = tmp_path / "cardgames"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return modules(root)


def test_the_checker_finds_a_loop_through_three_modules(tmp_path: Path) -> None:
    found = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from cardgames import b\n",
            "b.py": "import cardgames.c\n",
            "c.py": "def f():\n    from cardgames.a import x\n",
            "d.py": "from cardgames import a\n",
        },
    )
    assert cycles(imports(found)) == [["cardgames.a", "cardgames.b", "cardgames.c"]]


def test_the_checker_ignores_type_checking_and_handing_over_imports(tmp_path: Path) -> None:
    found = _package(
        tmp_path,
        {
            "__init__.py": "",
            "cards.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from cardgames.tarot.state import State\n"
                "class Card:\n    def _repr_svg_(self):\n        from cardgames.tarot import x\n"
            ),
            "tarot/__init__.py": "from cardgames.tarot.state import State\n",
            "tarot/state.py": (
                "from cardgames import cards\n"
                "class State:\n    def view(self):\n        from cardgames.bots import b\n"
            ),
            "bots/__init__.py": "from cardgames.tarot import state\n",
        },
    )
    graph = imports(found)
    assert cycles(graph) == [] and upward(graph) == []
    assert graph["cardgames.tarot.state"] == {"cardgames", "cardgames.cards"}


def test_the_checker_finds_upward_and_cross_game_imports(tmp_path: Path) -> None:
    found = _package(
        tmp_path,
        {
            "__init__.py": "",
            "svg.py": "from cardgames.tarot import render\n",
            "tarot/__init__.py": "",
            "tarot/render.py": "from ..tailor import cards\n",
            "tailor/__init__.py": "",
            "tailor/cards.py": "from cardgames.cli import options\n",
            "cli/__init__.py": "",
            "cli/options.py": "from cardgames import svg\n",
        },
    )
    assert upward(imports(found)) == [
        "cardgames.svg -> cardgames.tarot",
        "cardgames.svg -> cardgames.tarot.render",
        "cardgames.tailor.cards -> cardgames.cli",
        "cardgames.tailor.cards -> cardgames.cli.options",
        "cardgames.tarot.render -> cardgames.tailor",
        "cardgames.tarot.render -> cardgames.tailor.cards",
    ]


def test_the_checker_finds_game_type_checks_however_the_class_is_named(tmp_path: Path) -> None:
    found = _package(
        tmp_path,
        {
            "__init__.py": "",
            "tarot/__init__.py": "",
            "tarot/view.py": "class View: ...\nisinstance(1, View)\n",
            "solver/__init__.py": (
                "from cardgames import tarot\n"
                "from cardgames.tarot.view import View as TarotView\n"
                "isinstance(1, tarot.State)\n"
                "isinstance(1, int | TarotView)\n"
                "isinstance(1, (int, str))\n"
            ),
        },
    )
    assert game_type_checks(found) == [
        "cardgames.solver:3: isinstance(1, tarot.State)",
        "cardgames.solver:4: isinstance(1, int | TarotView)",
    ]
