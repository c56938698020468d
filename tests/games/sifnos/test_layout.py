"""A rule is found by its rulebook name: each rules module of Towers of Sifnos names the
rulebook's sections it holds, and every section of the game's play is held by one."""

from __future__ import annotations

import importlib
import re

CONTENTS = (
    "Aim of the Game", "General Components", "Player Components", "Solo Components",
    "Main Board Setup", "Player Board Setup", "Final Setup Steps", "Gameplay Overview", "Dice",
    "Influence Tracks", "Cards", "Hand Limits and Shuffling", "The Map", "Soldiers", "Actions",
    "Prepare", "Major Actions", "Invest", "Construct", "Beacons", "Tower Networks", "Muster",
    "Forts", "Pushing out opposing Soldiers", "Defend", "Resolving an Invasion",
    "Determining Might", "Workshop Dice", "Buildings", "Recoup", "Moving Ships", "Drawing Ships",
    "End of the Game", "Final Scoring", "Solo Setup", "Solo Gameplay Overview",
    "Solo Marker and Influence", "2 Player vs Solo Rules", "Scoring Tiles",
)  # fmt: skip
"""The rulebook's table of contents (its sections of components and the solo steps' parts
left out)."""

RULES_MODULES = (
    "setup", "turn", "cards", "influence", "major_actions", "invest", "construct", "muster",
    "effects", "defend", "buildings", "recoup", "end_of_game", "scoring", "solo", "board",
)  # fmt: skip
ROLES = ("rules", "actions", "legality", "observe", "data", "render", "svg", "bots", "tensor")
COMPONENTS = {"Aim of the Game", "General Components", "Player Components", "Solo Components"}


def _named(module: str) -> list[str]:
    """The sections the module's docstring names: ``(rulebook: A; B)``, ``A to B`` for a run
    of sections, ``solo: A of the solo rules`` for the solo game's."""
    doc = importlib.import_module(f"towers.games.sifnos.{module}").__doc__ or ""
    found = re.search(r"\(rulebook: ([^)]*(?:\([^)]*\)[^)]*)*)\)", doc)
    assert found, f"{module}'s docstring names no rulebook section"
    out = []
    for part in found.group(1).replace("\n", " ").split(";"):
        part = " ".join(part.split())
        if " to " in part and part.split(" to ")[0] in CONTENTS:
            first, last = part.split(" to ")
            out += CONTENTS[CONTENTS.index(first) : CONTENTS.index(last) + 1]
        elif part.startswith("solo: "):
            out.append(part.removeprefix("solo: ").removesuffix(" of the solo rules"))
        elif part.startswith("the Card Effects of"):
            out.append("Card Effects")
        else:
            out.append(part)
    return out


def test_each_rules_module_names_sections_of_the_rulebook() -> None:
    for module in RULES_MODULES:
        named = _named(module)
        unknown = [s for s in named if s not in CONTENTS and s != "Card Effects"]
        assert not unknown, f"{module} names {unknown}, not sections of the rulebook"


def test_every_section_of_play_is_held_by_a_rules_module() -> None:
    held = {s for module in RULES_MODULES for s in _named(module)}
    missing = [s for s in CONTENTS if s not in held and s not in COMPONENTS]
    assert not missing, f"no rules module names {missing}"


def test_the_package_has_the_role_modules() -> None:
    for role in ROLES:
        importlib.import_module(f"towers.games.sifnos.{role}")
    importlib.import_module("towers.games.sifnos.views")
