"""Reads ``data/torres.toml``: every component and number the engine uses; and
``data/help.toml``: what the views say of each component and rulebook section."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent / "data" / "torres.toml"
HELP_FILE = Path(__file__).parent / "data" / "help.toml"


@dataclass(frozen=True)
class PhasesCard:
    rounds: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    source: str


@dataclass(frozen=True)
class TorresData:
    size: int
    layouts: dict[str, tuple[tuple[int, int], ...]]
    tower_blocks: int
    knights_per_player: int
    action_points: int
    max_blocks_per_turn: int
    max_stack_height: int
    max_acquisitions: int
    acquire_draw: int
    cost_add_knight: int
    king_bonus: tuple[int, ...]
    phases: dict[int, PhasesCard]
    card_keys: tuple[str, ...]
    card_names: tuple[str, ...]
    card_effects: tuple[str, ...]
    colors: int
    copies_per_color: int
    min_castles: int
    master_keys: tuple[str, ...]
    master_names: tuple[str, ...]
    master_effects: tuple[str, ...]
    master_points: tuple[tuple[int, ...], ...]
    master_most: dict[str, tuple[int, ...]]
    master_castles: tuple[int, ...]
    master_min_distance: int


@cache
def load(path: Path = DATA_FILE) -> TorresData:
    raw: dict[str, Any] = tomllib.loads(path.read_text())
    layouts = {
        lay["name"]: tuple((int(x), int(y)) for x, y in lay["castles"])
        for lay in raw["board"]["layouts"]
    }
    phases = {
        int(p["players"]): PhasesCard(
            tuple(p["rounds"]), tuple(tuple(s) for s in p["stacks"]), p["source"]
        )
        for p in raw["phases"]
    }
    masters = raw["master_cards"]
    castle_card = next(m for m in masters if m["key"] == "castle_count")
    return TorresData(
        size=raw["board"]["size"],
        layouts=layouts,
        tower_blocks=raw["supply"]["tower_blocks"],
        knights_per_player=raw["supply"]["knights_per_player"],
        action_points=raw["turn"]["action_points"],
        max_blocks_per_turn=raw["turn"]["max_blocks_per_turn"],
        max_stack_height=raw["turn"]["max_stack_height"],
        max_acquisitions=raw["turn"]["max_acquisitions_per_turn"],
        acquire_draw=raw["turn"]["acquire_draw"],
        cost_add_knight=raw["costs"]["add_knight"],
        king_bonus=tuple(raw["king_bonus"]["points"]),
        phases=phases,
        card_keys=tuple(c["key"] for c in raw["cards"]),
        card_names=tuple(c["name"] for c in raw["cards"]),
        card_effects=tuple(c["effect"] for c in raw["cards"]),
        colors=raw["deck"]["colors"],
        copies_per_color=raw["deck"]["copies_per_color"],
        min_castles=raw["deck"]["min_castles_after_move_block"],
        master_keys=tuple(m["key"] for m in masters),
        master_names=tuple(m["name"] for m in masters),
        master_effects=tuple(m["effect"] for m in masters),
        master_points=tuple(tuple(m["points"]) for m in masters),
        master_most={m["key"]: tuple(m["most"]) for m in masters if "most" in m},
        master_castles=tuple(castle_card["castles"]),
        master_min_distance=raw["master_setup"]["min_orthogonal_distance"],
    )


@dataclass(frozen=True)
class HelpTopic:
    """A component or term a player may ask about; ``text`` may name the game's numbers as
    ``{action_points}`` and the like (see :mod:`towers.games.torres.explain`)."""

    key: str
    name: str
    kind: str
    text: str
    variants: tuple[str, ...]
    """The variants that have it; empty: every variant."""


@dataclass(frozen=True)
class HelpData:
    topics: tuple[HelpTopic, ...]
    sections: dict[str, str]
    """A rulebook section, as refusals cite it, to its summary; in the rulebook's order."""


@cache
def load_help(path: Path = HELP_FILE) -> HelpData:
    raw: dict[str, Any] = tomllib.loads(path.read_text())
    topics = tuple(
        HelpTopic(
            t["key"],
            t["name"],
            t["kind"],
            " ".join(t["text"].split()),
            tuple(t.get("variants", ())),
        )
        for t in raw["topics"]
    )
    sections = {s["section"]: " ".join(s["text"].split()) for s in raw["sections"]}
    return HelpData(topics, sections)
