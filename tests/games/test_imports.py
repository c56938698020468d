"""How the game packages hang together: no import cycle in any of them, and rules that import
none of their game's views or heuristic (the views and bots depend on the rules)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "towers" / "games"
VIEWS = {"views", "svg", "render"}
"""The modules that show a game; ``bots`` holds its heuristic."""


def imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports, at its top or inside a function,
    but not under ``if TYPE_CHECKING:`` (those are for the type checker only)."""
    tree = ast.parse(path.read_text())
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for n in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found |= {alias.name for alias in node.names}
            elif node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1 :].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name[len(package) + 1 :].split(".")[0])
    return found


def graph(game: Path) -> dict[str, set[str]]:
    package = f"towers.games.{game.name}"
    modules = {p.stem for p in game.glob("*.py") if p.stem != "__init__"}
    return {m: imports(game / f"{m}.py", package) & modules for m in sorted(modules)}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``edges``, as the modules along it, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(edges):
        if m not in state and (found := visit(m)):
            return found
    return None


PACKAGES = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


@pytest.mark.parametrize("game", PACKAGES, ids=lambda p: p.name)
def test_no_import_cycle_in_a_game_package(game: Path) -> None:
    found = cycle(graph(game))
    assert found is None, f"{game.name}: import cycle {' -> '.join(found)}"


@pytest.mark.parametrize("game", PACKAGES, ids=lambda p: p.name)
def test_the_rules_import_no_view_and_no_heuristic(game: Path) -> None:
    edges = graph(game)

    def reach(m: str, seen: set[str]) -> set[str]:
        for n in edges.get(m, ()):
            if n not in seen:
                seen.add(n)
                reach(n, seen)
        return seen

    reached = reach("rules", set())
    assert not reached & (VIEWS | {"bots"}), (
        f"{game.name} rules reach {reached & (VIEWS | {'bots'})}"
    )
