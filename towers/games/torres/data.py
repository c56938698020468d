"""Reads ``data/torres.toml``: every component and number the engine uses; and
``data/help.toml``: what the views say of each component and rulebook section."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from towers.core.datafile import DataFileError, Schema, Source, Text, read

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


class _Layout(Schema):
    name: str
    castles: list[tuple[int, int]]
    source: Source


class _Board(Schema):
    size: int
    layouts: list[_Layout]
    source: Source


class _Supply(Schema):
    tower_blocks: int
    knights_per_player: int
    source: Source


class _Turn(Schema):
    action_points: int
    max_blocks_per_turn: int
    max_stack_height: int
    max_acquisitions_per_turn: int
    max_cards_played_per_turn: int
    acquire_draw: int
    source: Source


class _Costs(Schema):
    add_knight: int
    move_knight: int
    place_block: int
    acquire_card: int
    play_card: int
    move_scoring_marker: int
    source: Source


class _KingBonus(Schema):
    points: list[int]
    source: Source


class _Phases(Schema):
    players: int
    rounds: list[int]
    stacks: list[list[int]]
    source: Source


class _Card(Schema):
    key: str
    name: Text
    effect: Text
    source: Source


class _Deck(Schema):
    copies_per_color: int
    colors: int
    min_castles_after_move_block: int
    source: Source


class _MasterCard(_Card):
    points: tuple[int, int, int]
    most: tuple[int, int, int] | None = None
    castles: tuple[int, int, int] | None = None


class _MasterSetup(Schema):
    min_orthogonal_distance: int
    source: Source


class _TorresFile(Schema):
    """``data/torres.toml``."""

    board: _Board
    supply: _Supply
    turn: _Turn
    costs: _Costs
    king_bonus: _KingBonus
    phases: list[_Phases]
    cards: list[_Card]
    deck: _Deck
    master_cards: list[_MasterCard]
    master_setup: _MasterSetup


class DataError(DataFileError):
    """A Torres data file that is not as its schema says."""


@cache
def load(path: Path = DATA_FILE) -> TorresData:
    raw = read(path, _TorresFile, DataError)
    masters = raw.master_cards
    castle_card = next((m for m in masters if m.key == "castle_count"), None)
    if castle_card is None or castle_card.castles is None:
        raise DataError(f"{path.name}: master_cards: the castle_count card needs its castles")
    turn = raw.turn
    return TorresData(
        size=raw.board.size,
        layouts={lay.name: tuple(lay.castles) for lay in raw.board.layouts},
        tower_blocks=raw.supply.tower_blocks,
        knights_per_player=raw.supply.knights_per_player,
        action_points=turn.action_points,
        max_blocks_per_turn=turn.max_blocks_per_turn,
        max_stack_height=turn.max_stack_height,
        max_acquisitions=turn.max_acquisitions_per_turn,
        acquire_draw=turn.acquire_draw,
        cost_add_knight=raw.costs.add_knight,
        king_bonus=tuple(raw.king_bonus.points),
        phases={
            p.players: PhasesCard(tuple(p.rounds), tuple(map(tuple, p.stacks)), p.source)
            for p in raw.phases
        },
        card_keys=tuple(c.key for c in raw.cards),
        card_names=tuple(c.name for c in raw.cards),
        card_effects=tuple(c.effect for c in raw.cards),
        colors=raw.deck.colors,
        copies_per_color=raw.deck.copies_per_color,
        min_castles=raw.deck.min_castles_after_move_block,
        master_keys=tuple(m.key for m in masters),
        master_names=tuple(m.name for m in masters),
        master_effects=tuple(m.effect for m in masters),
        master_points=tuple(m.points for m in masters),
        master_most={m.key: m.most for m in masters if m.most is not None},
        master_castles=castle_card.castles,
        master_min_distance=raw.master_setup.min_orthogonal_distance,
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


class _HelpTopic(Schema):
    key: str
    name: Text
    kind: str
    text: Text
    variants: list[str] = []
    source: Source


class _Section(Schema):
    section: str
    text: Text
    source: Source


class _HelpFile(Schema):
    """``data/help.toml``."""

    topics: list[_HelpTopic]
    sections: list[_Section]


@cache
def load_help(path: Path = HELP_FILE) -> HelpData:
    raw = read(path, _HelpFile, DataError)
    topics = tuple(
        HelpTopic(t.key, t.name, t.kind, " ".join(t.text.split()), tuple(t.variants))
        for t in raw.topics
    )
    return HelpData(topics, {s.section: " ".join(s.text.split()) for s in raw.sections})
