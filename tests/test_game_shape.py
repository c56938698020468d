"""Every game has the same shape, and the architecture page names only what exists.

- Each game that ships with towers has the role modules (``rules``, ``actions``, ``legality``,
  ``observe``, ``data``, ``render``, ``svg``, ``bots``, ``tensor``, ``views``), and every
  module of a game package says in its docstring what it holds.
- No class in ``towers/`` is over 800 lines and no function over 120, except a literal table
  of data clearer as one piece, named in ``ALLOWED`` with why (none today).
- ``docs/architecture.md`` names only modules, paths and functions that exist.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import towers
from towers.core.registry import game_path, list_games

PACKAGE = Path(towers.__file__).parent
ROOT = PACKAGE.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"

ROLES = (
    "rules",
    "actions",
    "legality",
    "observe",
    "data",
    "render",
    "svg",
    "bots",
    "tensor",
    "views",
)

MAX_CLASS = 800
MAX_FUNCTION = 120

# A long definition that is a literal table of data, clearer as one piece than cut in parts:
# (path from the project's root, qualified name) -> why.
ALLOWED: dict[tuple[str, str], str] = {}


def shipped_games() -> list[str]:
    """The registered games that live in ``towers.games`` (not plugins from elsewhere)."""
    return [name for name in list_games() if game_path(name).startswith("towers.games.")]


def package_of(game: str) -> str:
    """The dotted name of a game's package: where the registry finds its plugin declaration
    (``towers.games.torres:PLUGIN``)."""
    module = game_path(game).partition(":")[0]
    return ".".join(module.split(".")[:3])


def test_the_five_games_are_checked() -> None:
    assert {"torres", "tiletum", "turris", "sifnos", "dark_tower"} <= set(shipped_games())


@pytest.mark.parametrize("game", shipped_games())
@pytest.mark.parametrize("role", ROLES)
def test_each_game_has_each_role_module(game: str, role: str) -> None:
    name = f"{package_of(game)}.{role}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        pytest.fail(f"{game} has no {role} module ({name})")
    assert (module.__doc__ or "").strip(), f"{name} has no docstring"


@pytest.mark.parametrize("game", shipped_games())
def test_each_module_of_a_game_has_a_docstring(game: str) -> None:
    folder = ROOT.joinpath(*package_of(game).split("."))
    missing = [
        str(path.relative_to(ROOT))
        for path in sorted(folder.rglob("*.py"))
        if not ast.get_docstring(ast.parse(path.read_text(), str(path)))
    ]
    assert not missing, f"modules of {game} with no docstring: {', '.join(missing)}"


def definitions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.AST, int]]:
    """Each class and function under ``tree`` at any depth: its qualified name, node and
    length in lines (from ``def`` or ``class`` to its last line)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            name = f"{prefix}{node.name}"
            assert node.end_lineno is not None
            yield name, node, node.end_lineno - node.lineno + 1
            yield from definitions(node, f"{name}.")
        else:
            yield from definitions(node, prefix)


def long_definitions() -> dict[tuple[str, str], int]:
    """Every class over ``MAX_CLASS`` lines and function over ``MAX_FUNCTION`` in towers/."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        where = str(path.relative_to(ROOT))
        for name, node, lines in definitions(tree):
            limit = MAX_CLASS if isinstance(node, ast.ClassDef) else MAX_FUNCTION
            if lines > limit:
                found[where, name] = lines
    return found


def test_definitions_are_found_by_qualified_name() -> None:
    tree = ast.parse("class A:\n    def f(self):\n        def g():\n            pass\n")
    assert [(name, lines) for name, _, lines in definitions(tree)] == [
        ("A", 4),
        ("A.f", 3),
        ("A.f.g", 2),
    ]


def test_no_long_class_or_function() -> None:
    long = {key: lines for key, lines in long_definitions().items() if key not in ALLOWED}
    assert not long, f"over {MAX_CLASS} lines a class or {MAX_FUNCTION} a function:\n" + "\n".join(
        f"{path}: {name} ({lines} lines)" for (path, name), lines in long.items()
    )


def test_each_allowed_long_definition_is_still_long_and_says_why() -> None:
    long = long_definitions()
    for key, why in ALLOWED.items():
        assert key in long, f"{key} is no longer long: strike it from ALLOWED"
        assert why.strip(), f"{key} is allowed without a reason"


# ---- the layers import downwards only, as docs/architecture.md draws them -----------------

# Each layer of towers to the layers it may import (besides itself), as the page's table says.
LAYERS: dict[str, set[str]] = {
    "core": set(),
    "games": {"core"},
    "agents": {"core"},
    "learn": {"agents", "core"},
    "sim": {"agents", "core"},
    "adapters": {"agents", "core"},
    "env": {"adapters"},
    "bench": {"core"},
    "terminal": {"learn", "agents", "core"},
    "companion": {"terminal", "core", "games.dark_tower"},
    "server": {"companion", "learn", "agents", "core", "games.dark_tower"},
    "cli": {"*"},
    "towers": {"core"},
}


def layer_of(module: str) -> str:
    """The layer of a dotted module name: ``towers.games.torres.rules`` is in ``games``."""
    parts = module.split(".")[1:]
    return parts[0] if parts else "towers"


def is_allowed(source: str, target: str) -> bool:
    """Whether module ``source`` may import module ``target`` by ``LAYERS``: a layer named
    with its game (``games.dark_tower``) allows that game's package alone."""
    mine, theirs = layer_of(source), layer_of(target)
    if mine == theirs or "*" in LAYERS[mine]:
        return True
    game = ".".join(target.split(".")[1:3])
    return theirs in LAYERS[mine] or game in LAYERS[mine]


def test_every_layer_is_named() -> None:
    from tests.test_architecture import import_graph

    assert {layer_of(m) for m in import_graph()} <= set(LAYERS)


def test_is_allowed_reads_the_layers() -> None:
    assert is_allowed("towers.server.app", "towers.core.game")
    assert is_allowed("towers.companion.session", "towers.games.dark_tower.rules")
    assert not is_allowed("towers.companion.session", "towers.games.torres.rules")
    assert not is_allowed("towers.core.game", "towers.games.torres.rules")
    assert not is_allowed("towers.games.torres.rules", "towers.agents.mcts")


def test_imports_go_down_the_layers() -> None:
    from tests.test_architecture import import_graph

    wrong = [
        f"{source} -> {target}"
        for source, targets in sorted(import_graph().items())
        for target in sorted(targets)
        if not is_allowed(source, target)
    ]
    assert not wrong, "imports that docs/architecture.md's layers do not allow:\n" + "\n".join(
        wrong
    )


# ---- docs/architecture.md names only what exists ------------------------------------------

PATH = re.compile(r"\btowers/[\w/.-]*[\w/]")
DOTTED = re.compile(r"\btowers(?:\.\w+)+")
JS_FUNCTION = re.compile(r"\b(towers/web/[\w-]+\.js):(\w+)")


def resolves(dotted: str) -> bool:
    """Whether a dotted name is a module of towers, or a name defined in one (a class, a
    function, a method, a constant), found by importing the longest module it begins with."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            if not hasattr(found, attr):
                return False
            found = getattr(found, attr)
        return True
    return False


def test_resolves_tells_real_names_from_others() -> None:
    assert resolves("towers.core.game.State.apply_action")
    assert resolves("towers.games.torres")
    assert not resolves("towers.core.game.State.no_such_method")
    assert not resolves("towers.core.no_such_module")


def test_the_architecture_page_names_only_what_exists() -> None:
    text = ARCHITECTURE.read_text()
    paths = set(PATH.findall(text))
    names = set(DOTTED.findall(text))
    assert len(paths) >= 20 and len(names) >= 10, "docs/architecture.md lost its names"
    missing = [p for p in sorted(paths) if not (ROOT / p).exists()]
    missing += [n for n in sorted(names) if not resolves(n)]
    for path, function in sorted(set(JS_FUNCTION.findall(text))):
        if not re.search(rf"^(?:async )?function {function}\(", (ROOT / path).read_text(), re.M):
            missing.append(f"{path}:{function}")
    assert not missing, "docs/architecture.md names what does not exist: " + ", ".join(missing)


@pytest.mark.parametrize("game", shipped_games())
def test_the_architecture_page_names_every_module_of_each_game(game: str) -> None:
    """A module of a game is named on the page: a role module in the roles' table, any other
    (a rulebook section, or a room the game adds) by its path, in the game's table."""
    text = ARCHITECTURE.read_text()
    roles = set(re.findall(r"^\| `(\w+)` \|", text, re.M))
    assert set(ROLES) <= roles, "the page's table of role modules lacks some"
    folder = ROOT.joinpath(*package_of(game).split("."))
    unnamed = [
        str(path.relative_to(ROOT))
        for path in sorted(folder.glob("*.py"))
        if path.stem != "__init__"
        and path.stem not in roles
        and str(path.relative_to(ROOT)) not in text
    ]
    assert not unnamed, f"docs/architecture.md does not name {', '.join(unnamed)}"
