"""Hero Setup and the hero board: the virtues (hero and kingdom), the companions, quest items,
corruptions and treasures a hero holds, and what they add up to: the move value (Movement),
the automatic Advantages (Starting the Battle, Exploring a Dungeon, Completing a Quest) and
the gear left in its stacks (World Setup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.dark_tower.data import DATA, WILD, Hero, Perk

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def perks(state: DarkTowerState, seat: int) -> list[Perk]:
    """Everything lasting that modifies the hero: virtues, companions, corruptions, and
    the passives of treasures (a terrain condition read on the hero's space)."""
    hero = state.game.heroes[seat]
    out = list(hero.default_virtues)
    bits = state.virtues[seat]
    out += [v for i, v in enumerate(hero.virtues) if bits >> i & 1]
    if bits >> 3 & 1:
        out.append(DATA.kingdom_virtues[state.game.kingdoms[seat]])
    out += [DATA.companions[c] for c in state.companions[seat]]
    out += [DATA.quest_items[q].perk for q in state.quest_items[seat]]
    out += [DATA.corruptions[c] for c in state.corruptions[seat]]
    terrain = DATA.locations[state.at[seat]].terrain
    for t in state.treasures[seat]:
        perk = DATA.treasures[t].perk
        if perk.advantage >= 0 and (not perk.terrain or perk.terrain == terrain):
            out.append(perk)
    return out


def advantages(state: DarkTowerState, seat: int, types: tuple[int, ...]) -> int:
    """The hero's automatic advantages that work against ``types`` (Wild always does)."""
    return sum(
        p.advantages for p in state.perks(seat) if p.advantage >= 0 and
        (p.advantage in types or p.advantage == WILD)
    )  # fmt: skip


def move_value(state: DarkTowerState, seat: int) -> int:
    """The hero board's move with virtues, companions and corruptions (at least 1): the
    moves of ``perks``, added up without listing them (the rules ask it after every action)."""
    hero = state.game.heroes[seat]
    kept = _BOARD_MOVE.get(id(hero))
    if kept is None or kept[0] is not hero:
        kept = _BOARD_MOVE[id(hero)] = (hero, _board_move(hero))
    move = kept[1]
    bits = state.virtues[seat]
    if bits:
        i = 0
        for v in hero.virtues:
            if bits >> i & 1:
                move += v.move
            i += 1
        if bits >> 3 & 1:
            move += DATA.kingdom_virtues[state.game.kingdoms[seat]].move
    for c in state.companions[seat]:
        move += _COMPANION_MOVE[c]
    for q in state.quest_items[seat]:
        move += _QUEST_ITEM_MOVE[q]
    for c in state.corruptions[seat]:
        move += _CORRUPTION_MOVE[c]
    treasures = state.treasures[seat]
    if treasures and _TREASURE_MOVE:
        terrain = DATA.locations[state.at[seat]].terrain
        for t in treasures:
            perk = DATA.treasures[t].perk
            if perk.advantage >= 0 and (not perk.terrain or perk.terrain == terrain):
                move += perk.move
    return max(1, move)


def _board_move(hero: Hero) -> int:
    """The hero board's move with its default virtues."""
    return hero.move + sum(v.move for v in hero.default_virtues)


_BOARD_MOVE: dict[int, tuple[Hero, int]] = {}
"""Each hero board's move with its default virtues, by the board's id (the board kept with
it, so that the id stays its own): a game's boards may be replaced by printed values."""
_COMPANION_MOVE = tuple(p.move for p in DATA.companions)
_QUEST_ITEM_MOVE = tuple(q.perk.move for q in DATA.quest_items)
_CORRUPTION_MOVE = tuple(p.move for p in DATA.corruptions)
_TREASURE_MOVE = any(t.perk.move for t in DATA.treasures)
"""Whether any treasure's passive changes the move (none does in the shipped data)."""


def active_virtues(state: DarkTowerState, seat: int) -> int:
    return len(state.game.heroes[seat].default_virtues) + bin(state.virtues[seat]).count("1")


def automatic_by_type(state: DarkTowerState, seat: int) -> tuple[list[int], int]:
    """The hero's automatic advantages by type, and the Wild ones."""
    by_type = [0] * WILD
    wild = 0
    for p in state.perks(seat):
        if p.advantage == WILD:
            wild += p.advantages
        elif p.advantage >= 0:
            by_type[p.advantage] += p.advantages
    return by_type, wild


def quest_advantages(state: DarkTowerState, seat: int) -> tuple[list[int], int]:
    """For a quest's advantages: per type, automatic and gear together; and Wild ones."""
    by_type, wild = state.automatic_by_type(seat)
    for g, n in enumerate(state.gear[seat]):
        by_type[state.game.gear[g].advantage] += n
    return by_type, wild


def gear_left(state: DarkTowerState, g: int) -> int:
    """Copies of a gear left in its stack."""
    return DATA.gear[g].count - sum(row[g] for row in state.gear)
