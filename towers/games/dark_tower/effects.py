"""Spending vs. Losing, and the effects printed on results, cards and buildings: gains, losses
(a loss that cannot be fully resolved gives one corruption), potions drunk, items spent for
Advantages, and the choices an effect opens (gear, potions, virtues, the market)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.core.frames import Frame
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import LOSING_CORRUPTIONS, N_GEAR
from towers.games.dark_tower.data import (
    CORRUPTION,
    DATA,
    GAIN_GEAR,
    GAIN_MARKET,
    GAIN_POTION,
    GAIN_SPIRIT,
    GAIN_TREASURE,
    GAIN_VIRTUE,
    GAIN_WARRIORS,
    LOSE_GEAR,
    LOSE_POTION,
    LOSE_SPIRIT,
    LOSE_WARRIORS,
    SKULLS,
    STEAL,
    Effects,
)
from towers.games.dark_tower.frames import with_pool

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def effects(state: DarkTowerState, seat: int, effects: Effects) -> None:
    if effects and not state.eliminated[seat]:
        state.pending.append(F.effects_of(seat, effects))


def effect(state: DarkTowerState, frame: F.Effects, code: int, n: int) -> None:
    seat = frame.seat
    p = state.pending
    short = False
    if code == GAIN_WARRIORS:
        state.warriors[seat] += n
    elif code == GAIN_SPIRIT:
        state.spirit[seat] += n
    elif code == LOSE_WARRIORS:
        short = state.warriors[seat] < n
        state.warriors[seat] = max(0, state.warriors[seat] - n)
    elif code == LOSE_SPIRIT:
        short = state.spirit[seat] < n
        state.spirit[seat] = max(0, state.spirit[seat] - n)
    elif code == GAIN_GEAR:
        left = sum(state.gear_left(g) for g in range(N_GEAR))
        if left:
            p.append(F.ChooseGear(seat=seat, n=min(n, left)))
    elif code in (LOSE_GEAR, LOSE_POTION):
        held = state.gear[seat] if code == LOSE_GEAR else state.potions[seat]
        short = state._lose_items(seat, held, n, code == LOSE_GEAR)
    elif code == GAIN_POTION:
        if state.potion_deck.has_cards():
            p.append(F.PotionDraw(seat=seat, n=n))
        elif state.game.competitive and any(sum(state.potions[o]) for o in state._others(seat)):
            # Competitive Clarifications: no potion left in the deck, take another's
            p.append(F.PotionFromHero(seat=seat, n=n))
    elif code == GAIN_TREASURE:
        if state.treasure_deck.has_cards():
            p.append(F.TreasureDraw(seat=seat, n=n, slot=-1))
    elif code == GAIN_VIRTUE:
        if state.virtues[seat] != 0b1111:
            p.append(F.ChooseVirtue(seat=seat))
    elif code == GAIN_MARKET:
        if any(t >= 0 for t in state.market):
            p.append(F.ChooseMarket(seat=seat))
    elif code == CORRUPTION:
        short = True
    elif code == SKULLS:
        p.append(F.SkullDrops(dropper=seat, n=n))
    elif code == STEAL:
        # designed (foes.toml): thieves take potions, then gear, what the hero holds
        for held in (state.potions[seat], state.gear[seat]):
            for k in range(len(held)):
                take = min(held[k], n)
                held[k] -= take
                n -= take
    if short and not frame.corrupted:
        # Spending vs. Losing: one corruption at most from a single effect
        p[-1] = F.effects_frame(seat, frame.effects, True)
        state._gain_corruption(seat)


def lose_items(state: DarkTowerState, seat: int, held: list[int], n: int, gear: bool) -> bool:
    """Lose ``n`` gear or potions: the hero chooses which when there is a choice; True
    when the hero holds fewer than ``n`` (the loss cannot be fully resolved)."""
    total = sum(held)
    if total > n and sum(1 for h in held if h) > 1:
        kind = F.DiscardGear if gear else F.DiscardPotion
        state.pending.append(kind(seat=seat, n=n))
        return False
    lost = min(n, total)
    for k in range(len(held)):
        take = min(held[k], lost)
        held[k] -= take
        lost -= take
    return total < n


def gain_corruption(state: DarkTowerState, seat: int) -> None:
    if state.game.competitive:
        if state.amulets[seat]:
            state.amulets[seat] -= 1  # designed: the Amulet of Hope is spent instead
            return
        if len(state.corruptions[seat]) + 1 >= LOSING_CORRUPTIONS:
            state._eliminate(seat, "would gain a third corruption")
            return
    if len(state.corruptions[seat]) + 1 >= LOSING_CORRUPTIONS:
        state._lose(f"seat {seat}'s hero would gain a third corruption")
        return
    state.pending.append(F.CorruptionDraw(seat=seat))


def drink(state: DarkTowerState, seat: int, k: int, top: Frame) -> None:
    potion = DATA.potions[k]
    state.potions[seat][k] -= 1
    at = state.at[seat]
    if potion.advantages:
        state.pending[-1] = with_pool(top, potion.advantages)
    if potion.cleanse:
        b = state.building_at(at)
        state.supply += state.skulls[b]
        state.skulls[b] = 0
    if potion.remove_foe:
        state._remove_foe(at, potion.remove_foe - 2)  # the foes are held by level, from 2
    state.moves_left += potion.moves
    if potion.effects:
        state._effects(seat, potion.effects)


def count_down(state: DarkTowerState, frame: Frame, n: int) -> None:
    if n > 1:
        state.pending[-1] = frame
    else:
        state.pending.pop()


def spend_for_advantage(state: DarkTowerState, top: Frame, value: Any) -> bool:
    """Spending vs. Losing: gear or a scroll spent for Advantages in a battle or a dungeon
    room (spent for this, it gives nothing else); False when ``value`` spends nothing."""
    seat: int = top.seat  # type: ignore[attr-defined]
    match value:
        case A.SpendGear(gear=g):
            state.gear[seat][g] -= 1
            state.pending[-1] = with_pool(top, 1)
        case A.ReadScroll(treasure=t):
            state.treasures[seat].remove(t)
            state.pending[-1] = with_pool(top, DATA.treasures[t].spend)
        case _:
            return False
    return True


def decide_choose_gear(state: DarkTowerState, top: F.ChooseGear, value: A.TakeGear) -> None:
    """A gear gained: the hero takes one from a stack."""
    state.gear[top.seat][value.gear] += 1
    count_down(state, F.ChooseGear(seat=top.seat, n=top.n - 1), top.n)


def decide_discard_gear(state: DarkTowerState, top: F.DiscardGear, value: A.LoseGear) -> None:
    """A gear lost (or spent for a quest): the hero chooses which."""
    state.gear[top.seat][value.gear] -= 1
    count_down(state, F.DiscardGear(seat=top.seat, n=top.n - 1), top.n)


def decide_discard_potion(state: DarkTowerState, top: F.DiscardPotion, value: A.LosePotion) -> None:
    """A potion lost (or spent for a quest): the hero chooses which."""
    state.potions[top.seat][value.potion] -= 1
    count_down(state, F.DiscardPotion(seat=top.seat, n=top.n - 1), top.n)


def decide_choose_virtue(
    state: DarkTowerState, top: F.ChooseVirtue, value: A.ActivateVirtue
) -> None:
    """A virtue gained: the hero activates one of its inactive virtue tiles."""
    state.virtues[top.seat] |= 1 << value.virtue
    state.pending.pop()


def decide_choose_market(state: DarkTowerState, top: F.ChooseMarket, value: A.TakeMarket) -> None:
    """A treasure of the market gained: the market's slot is refilled from the deck."""
    s = value.slot
    state.treasures[top.seat].append(state.market[s])
    state.market[s] = -1
    p = state.pending
    p.pop()
    if state.treasure_deck.has_cards():
        p.append(F.TreasureDraw(seat=-1, n=1, slot=s))
