"""A rule of Torres is found by its rulebook name: each rules module names the rulebook's
sections it holds, every section of play is held by one, the package has the role modules
every game has, and no rule is a long function."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import towers.games.torres as package

CONTENTS = (
    "Preparation", "Counting levels", "Playing the Game", "Tower block distribution",
    "Starting player", "A player's turn", "Add a knight", "Move a knight",
    "Place a tower block", "Acquire action cards", "Play an action card",
    "Move along the scoring track", "Scoring", "The castle positions", "The king's bonus",
    "After the scoring", "Move the king", "Game End", "Rule Variant, Common action deck",
    "The Action Cards", "Master Version", "Initial placement of the castles", "Action cards",
    "The master cards", "Turn order",
)  # fmt: skip
"""The rulebook's table of contents (Components and Overview and Goal left out)."""

SECTIONS = {
    "setup": ("Preparation", "Master Version", "Initial placement of the castles"),
    "turn": ("Playing the Game", "Tower block distribution", "Starting player",
             "A player's turn", "Turn order"),
    "cards": ("Acquire action cards", "Play an action card", "The Action Cards",
              "Rule Variant, Common action deck", "Action cards"),
    "scoring": ("Scoring", "The castle positions", "The king's bonus", "After the scoring",
                "Move along the scoring track", "Game End"),
    "king": ("Move the king",),
    "master": ("The master cards",),
}  # fmt: skip
"""Each rules module and the sections its docstring names."""

ROLES = (
    "rules", "actions", "legality", "observe", "data", "render", "svg", "bots", "tensor",
    "views",
)  # fmt: skip
HERE = Path(package.__file__).parent


def _doc(module: str) -> str:
    doc = importlib.import_module(f"towers.games.torres.{module}").__doc__ or ""
    return " ".join(doc.split())


def test_each_rules_module_names_its_sections() -> None:
    for module, sections in SECTIONS.items():
        doc = _doc(module)
        assert doc.startswith("The eight master cards") or doc.startswith("Torres,"), module
        for section in sections:
            assert section in CONTENTS, f"{section!r} is not a section of the rulebook"
            assert section in doc, f"{module}'s docstring does not name {section!r}"


def test_every_section_of_play_is_held_by_a_module() -> None:
    held = {s for sections in SECTIONS.values() for s in sections}
    # how a knight moves and where a block goes are the turn's fast paths and the move
    # generator's; counting levels is what the heights are
    by_state = {"Add a knight", "Move a knight", "Place a tower block", "Counting levels"}
    assert set(CONTENTS) - held == by_state


def test_the_state_names_where_each_section_lives() -> None:
    doc = _doc("rules")
    for module in SECTIONS:
        assert f":mod:`.{module}`" in doc, module


def test_the_package_has_the_role_modules() -> None:
    for role in ROLES:
        assert (HERE / f"{role}.py").is_file(), role


def test_rules_modules_need_the_state_only_for_annotations() -> None:
    for module in (*SECTIONS, "legality", "observe"):
        tree = ast.parse((HERE / f"{module}.py").read_text())
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert node.module != "towers.games.torres.rules", module


def test_no_long_function_or_class() -> None:
    for path in sorted(HERE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                limit = 120 if isinstance(node, ast.FunctionDef) else 800
                assert size <= limit, f"{path.name}: {node.name} is {size} lines"
