"""The numbers printed on the owner's components, where towers' own are designed.

The rulebook does not print the heroes' move values and banner actions, the buildings'
Reinforce effects, or what each gear gives, so towers' data files hold designed values for
them (each item's ``source`` says ``designed: ...``), and they may differ from the hero
boards and cards in the box. An owner writes the printed values in a TOML file (by default
``$XDG_DATA_HOME/towers/companion/printed.toml``, ``~/.local/share/...``)::

    [heroes.brutal-warlord]
    move = 4
    banner = "gain 3 warriors"

    [buildings.citadel]
    free = "gain 4 warriors"
    enhanced = "gain 6 warriors"
    enhanced_cost = 2

    [gear.leather-armor]
    advantage = "Melee"

Every item, field and value is checked; a bad one is refused with a one-line
:class:`PrintedError` that names the item, the field and what is allowed, and nothing is
used. A session takes the file's values when it starts and keeps them in its save, so a
resumed session plays on with the numbers it began with.

They are applied to the session's own game (its ``heroes``, ``building_types`` and
``gear``, which the rules read), so no other game in the same process sees them. A game
object without such a copy has them checked, kept, and said to be not in use.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from towers.core.errors import TowersError
from towers.games.dark_tower.data import (
    ADVANTAGES,
    BUILDING_TYPES,
    DATA,
    EFFECTS,
    DataError,
    effects_text,
    item_sources,
    parse_effects,
)

FILE_NAME = "printed.toml"
MOVES = range(1, 7)
"""A hero's move value: 1 to 6."""
COSTS = range(0, 6)
"""An enhanced Reinforce costs 0 to 5 spirit."""
MOST = 7
"""The most warriors and spirit a banner or a Reinforce may give in all (the designed
citadel's enhanced Reinforce): the engine's bounds on a game's length rest on it."""
BANNER_EFFECTS = ("gain warriors", "gain spirit", "gain gear", "gain potion", "gain treasure")
REINFORCE_EFFECTS = (*BANNER_EFFECTS, "gain virtue", "gain market")
GEAR_ADVANTAGES = ADVANTAGES[:-1]
"""A gear gives one advantage of an attack or creature type (not Wild)."""

KINDS = {
    "heroes": "the heroes' move values and banner actions",
    "buildings": "the buildings' Reinforce effects (free and enhanced) and the enhanced cost",
    "gear": "what each gear gives (its advantage)",
}
"""The kinds of designed values an owner may replace, in words."""
SINGULAR = {"heroes": "hero", "buildings": "building", "gear": "gear"}
FIELDS = {
    "heroes": ("move", "banner"),
    "buildings": ("free", "enhanced", "enhanced_cost"),
    "gear": ("advantage",),
}


class PrintedError(TowersError, ValueError):
    """A printed-values file that cannot be used; the message names the item, the field and
    what is allowed, in one line."""


def default_path() -> Path:
    """Where the printed values are kept unless told otherwise: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "towers" / "companion" / FILE_NAME


def items(kind: str) -> dict[str, str]:
    """The ids an owner may name for ``kind``, with their printed names."""
    if kind == "heroes":
        return {h.id: h.name for h in DATA.heroes}
    if kind == "buildings":
        return {t.lower(): t for t in BUILDING_TYPES}
    return {g.id: g.name for g in DATA.gear}


def designed_kinds() -> list[str]:
    """The kinds whose values towers' data marks as designed (read from the data files'
    ``source``), in the order of ``KINDS``."""
    sources = item_sources()
    return [k for k in KINDS if any("designed:" in s for s in sources[k])]


def _effects(value: object, where: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str):
        raise PrintedError(f'{where} must be text such as "gain 2 warriors", not {value!r}')
    try:
        effects = parse_effects(value, where)
    except DataError as exc:
        raise PrintedError(str(exc)) from None
    for code, _ in effects:
        if EFFECTS[code] not in allowed:
            raise PrintedError(
                f"{where}: {EFFECTS[code]!r} cannot be printed there; allowed: "
                f'{", ".join(allowed)} (e.g. "gain 2 warriors, gain 1 spirit")'
            )
        if EFFECTS[code] in ("gain virtue", "gain market") and dict(effects)[code] != 1:
            raise PrintedError(f"{where}: {EFFECTS[code]} is always 1")
    given = sum(n for code, n in effects if EFFECTS[code] in ("gain warriors", "gain spirit"))
    if given > MOST:
        raise PrintedError(f"{where}: at most {MOST} warriors and spirit in all, not {given}")
    return effects_text(effects)


def _whole(value: object, where: str, allowed: range) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        raise PrintedError(
            f"{where} must be a whole number from {allowed.start} to {allowed.stop - 1}, "
            f"not {value!r}"
        )
    return value


def check(raw: Mapping[str, Any], origin: str = FILE_NAME) -> dict[str, dict[str, dict[str, Any]]]:
    """The printed values of a parsed file, checked and written as towers writes them (a
    :class:`PrintedError` names the first thing wrong)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for kind, table in raw.items():
        if kind not in KINDS:
            raise PrintedError(
                f"{origin}: [{kind}] is not a kind of printed values; the kinds are "
                f"{', '.join(KINDS)}"
            )
        if not isinstance(table, Mapping):
            raise PrintedError(f"{origin}: {kind} must be tables such as [{kind}.ID]")
        known = items(kind)
        for item, fields in table.items():
            if item not in known:
                raise PrintedError(
                    f"{origin}: [{kind}.{item}] names no {SINGULAR[kind]}; the ids are "
                    f"{', '.join(known)}"
                )
            if not isinstance(fields, Mapping):
                raise PrintedError(f"{origin}: [{kind}.{item}] must be a table of fields")
            checked: dict[str, Any] = {}
            for field, value in fields.items():
                where = f"{origin}: {known[item]} ({kind}.{item}) {field}"
                if field not in FIELDS[kind]:
                    raise PrintedError(
                        f"{origin}: {known[item]} ({kind}.{item}) has no field {field!r}; "
                        f"the fields are {', '.join(FIELDS[kind])}"
                    )
                if field == "move":
                    checked[field] = _whole(value, where, MOVES)
                elif field == "banner":
                    checked[field] = _effects(value, where, BANNER_EFFECTS)
                elif field in ("free", "enhanced"):
                    checked[field] = _effects(value, where, REINFORCE_EFFECTS)
                elif field == "enhanced_cost":
                    checked[field] = _whole(value, where, COSTS)
                else:  # advantage
                    if value not in GEAR_ADVANTAGES:
                        raise PrintedError(
                            f"{where} must be one of {', '.join(GEAR_ADVANTAGES)}, not {value!r}"
                        )
                    checked[field] = value
            if checked:
                out.setdefault(kind, {})[item] = checked
    return out


def load(path: Path | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """The printed values in ``path`` (default: :func:`default_path`), checked; none when
    there is no such file."""
    path = path or default_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise PrintedError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PrintedError(f"{path} is not TOML: {exc}") from None
    return check(raw, str(path))


def apply(game: Any, printed: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> list[str]:
    """Put the printed values into ``game`` (its own heroes; its own building types and gear
    where it carries them); the kinds it could not take, in words."""
    heroes = printed.get("heroes", {})
    if heroes:
        game.heroes = tuple(
            dataclasses.replace(
                hero,
                move=heroes[hero.id].get("move", hero.move),
                banner=parse_effects(heroes[hero.id]["banner"])
                if "banner" in heroes[hero.id]
                else hero.banner,
            )
            if hero.id in heroes
            else hero
            for hero in game.heroes
        )
    unused = []
    buildings = printed.get("buildings", {})
    if buildings:
        if hasattr(game, "building_types"):
            game.building_types = tuple(
                _building(t, buildings.get(t.type.lower(), {})) for t in game.building_types
            )
        else:
            unused.append("buildings")
    gear = printed.get("gear", {})
    if gear:
        if hasattr(game, "gear"):
            game.gear = tuple(
                dataclasses.replace(g, advantage=ADVANTAGES.index(gear[g.id]["advantage"]))
                if g.id in gear
                else g
                for g in game.gear
            )
        else:
            unused.append("gear")
    return unused


def _building(t: Any, fields: Mapping[str, Any]) -> Any:
    changes: dict[str, Any] = {}
    for field in ("free", "enhanced"):
        if field in fields:
            changes[field] = parse_effects(fields[field])
    if "enhanced_cost" in fields:
        changes["enhanced_cost"] = fields["enhanced_cost"]
    return dataclasses.replace(t, **changes)


def warning(printed: Mapping[str, Any], unused: list[str], path: Path | None) -> list[str]:
    """What the app says at set-up about designed values: which kinds towers designed, which
    the owner's printed values replace, and where to write them."""
    designed = designed_kinds()
    replaced = [k for k in designed if k in printed and k not in unused]
    left = [KINDS[k] for k in designed if k not in replaced]
    where = str(path) if path is not None else "the printed-values file"
    lines = []
    if left:
        lines.append(
            "Designed values: the rulebook does not print "
            + "; ".join(left)
            + ", so towers uses its own, which may differ from your hero boards and cards. "
            f"To play with your printed values, write them in {where} "
            "(docs/games/dark_tower_companion.md, Printed values)."
        )
    if replaced:
        lines.append(
            "Your printed values are used for " + "; ".join(KINDS[k] for k in replaced) + "."
        )
    if unused:
        lines.append(
            "Printed values for "
            + " and ".join(unused)
            + " were read and checked, but this game takes them from the shared data, so "
            "they are not used."
        )
    return lines
