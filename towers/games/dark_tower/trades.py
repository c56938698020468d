"""Making Trades: once a turn, with the heroes on your space, all of whom must agree; warriors,
spirit, items and companions change hands, never virtues or corruptions."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def holds(state: DarkTowerState, seat: int, item: int) -> int:
    """How many of a trade item (actions.ITEM) the hero holds."""
    if item == 0:
        return state.warriors[seat]
    if item == 1:
        return state.spirit[seat]
    if item < A.POTION_ITEM:
        return state.gear[seat][item - A.GEAR_ITEM]
    if item < A.TREASURE_ITEM:
        return state.potions[seat][item - A.POTION_ITEM]
    if item < A.COMPANION_ITEM:
        return state.treasures[seat].count(item - A.TREASURE_ITEM)
    if item == A.AMULET_ITEM:
        return state.amulets[seat]
    if item >= A.QUEST_ITEM:
        return state.quest_items[seat].count(item - A.QUEST_ITEM)
    return state.companions[seat].count(item - A.COMPANION_ITEM)


def move_item(state: DarkTowerState, frm: int, to: int, item: int) -> None:
    if item == 0:
        state.warriors[frm] -= 1
        state.warriors[to] += 1
    elif item == 1:
        state.spirit[frm] -= 1
        state.spirit[to] += 1
    elif item < A.POTION_ITEM:
        state.gear[frm][item - A.GEAR_ITEM] -= 1
        state.gear[to][item - A.GEAR_ITEM] += 1
    elif item < A.TREASURE_ITEM:
        state.potions[frm][item - A.POTION_ITEM] -= 1
        state.potions[to][item - A.POTION_ITEM] += 1
    elif item < A.COMPANION_ITEM:
        state.treasures[frm].remove(item - A.TREASURE_ITEM)
        state.treasures[to].append(item - A.TREASURE_ITEM)
    elif item == A.AMULET_ITEM:
        state.amulets[frm] -= 1
        state.amulets[to] += 1
    elif item >= A.QUEST_ITEM:
        state.quest_items[frm].remove(item - A.QUEST_ITEM)
        state.quest_items[to].append(item - A.QUEST_ITEM)
    else:
        state.companions[frm].remove(item - A.COMPANION_ITEM)
        state.companions[to].append(item - A.COMPANION_ITEM)


def decide_trade(state: DarkTowerState, top: F.Trade, value: Any) -> None:
    """Making Trades: what is offered and asked for, from which hero, then the proposal."""
    p = state.pending
    o = top.partner
    give, take = top.offer, top.ask
    match value:
        case A.Done():
            # designed: a trade closed unproposed gives up the turn's trade, else opening
            # and closing one could go round for ever
            state.traded = True
            p.pop()
        case A.TradeWith(seat=other):
            p[-1] = replace(top, partner=other)
        case A.Offer(item=i):
            p[-1] = replace(top, offer=(*give, o, i))
        case A.OfferAmulet():
            p[-1] = replace(top, offer=(*give, o, A.AMULET_ITEM))
        case A.OfferQuestItem(item=q):
            p[-1] = replace(top, offer=(*give, o, A.QUEST_ITEM + q))
        case A.Ask(item=i):
            p[-1] = replace(top, ask=(*take, o, i))
        case A.AskAmulet():
            p[-1] = replace(top, ask=(*take, o, A.AMULET_ITEM))
        case A.AskQuestItem(item=q):
            p[-1] = replace(top, ask=(*take, o, A.QUEST_ITEM + q))
        case A.Propose():
            first = F.partners(give, take)[0]
            p[-1] = F.TradeAnswer(seat=first, trader=top.seat, offer=give, ask=take)
        case _:
            raise AssertionError((top, value))


def decide_trade_answer(state: DarkTowerState, top: F.TradeAnswer, value: Any) -> None:
    """Making Trades: all must agree; the heroes in it answer in seat order."""
    p = state.pending
    seat, t, give, take = top.seat, top.trader, top.offer, top.ask
    match value:
        case A.Accept():
            later = [o for o in F.partners(give, take) if o > seat]
            if later:
                p[-1] = replace(top, seat=later[0])
            else:
                p.pop()
                state.traded = True
                for o, i in F.pairs(give):
                    move_item(state, t, o, i)
                for o, i in F.pairs(take):
                    move_item(state, o, t, i)
        case A.Decline():
            # a refused proposal is no trade: the turn's trade is not used up
            p.pop()
            state.refused |= 1 << seat
        case _:
            raise AssertionError((top, value))
