"""When each action is allowed: one statement of each rule, asked both for the legal actions
and for the refusals, which name the rulebook section.

``why_not(state, action)`` is None when the action is allowed now, else (why, section).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from towers.core.actions import Action
from towers.core.frames import Frame
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.constants import (
    ACCEPT,
    ASK,
    ASK_AMULET,
    ASK_QUEST_ITEM,
    BANNER,
    BATTLE,
    BUILDING_AT,
    CLEANSE,
    DECLINE,
    DONE,
    DOUBLE,
    DROP,
    ENTER,
    ENTER_TOWER,
    EXPLORE,
    GEAR,
    GOAL_QUEST,
    HAGGLE,
    IMPROVE,
    LEAVE,
    LOSE_G,
    LOSE_P,
    MARKET,
    MOVE,
    N_GEAR,
    N_POTIONS,
    OFFER,
    OFFER_AMULET,
    OFFER_QUEST_ITEM,
    PLACE,
    POTION,
    PROPOSE,
    QUEST,
    REINFORCE,
    RESEAL,
    RESOLVE,
    RETREAT,
    ROOMS,
    SCROLL,
    SCROLLS,
    TAKE_GEAR,
    TAKE_POTION,
    TEST,
    TESTS,
    TESTS_TO_ENTER,
    TRADE,
    UNSEAL,
    VIRTUE,
    WARES,
)
from towers.games.dark_tower.data import DATA, Quest
from towers.games.dark_tower.skulls import KINGDOM_BUILDINGS

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState

Why = tuple[str, str] | None

OPEN = {
    F.StartTurn: ("take your Banner action, drink a potion, or say done", "Start of Turn"),
    F.Turn: ("move, take a heroic action, Reinforce, trade, use items, or drop a skull",
             "Middle of Turn"),
    F.Trade: ("offer or ask for items, bring in another hero on your space, propose the trade, "
              "or say done", "Making Trades"),
    F.TradeAnswer: ("accept or decline the trade", "Making Trades"),
    F.Battling: ("spend advantages on the revealed card, then resolve it", "Battle"),
    F.Exploring: ("enter a room, improve it once, resolve it, or leave", "Exploring a Dungeon"),
    F.PlaceSkull: ("place the skull on a building of the kingdom where it emerged",
                   "Placing Skulls"),
    F.ChooseGear: ("take a gear from its stack", "Reinforce"),
    F.DiscardGear: ("choose a gear to lose", "Spending vs. Losing"),
    F.DiscardPotion: ("choose a potion to lose", "Spending vs. Losing"),
    F.ChooseVirtue: ("activate one of your inactive virtues", "Hero Setup"),
    F.ChooseMarket: ("take a treasure of the market", "World Setup"),
    F.NewWares: ("replace treasures of the market, or say done", "Events"),
    F.ChooseSeal: ("remove a seal from, or place one back on, a Tower opening, or say done",
                   "Hero Goals"),
    F.PotionFromHero: ("take a potion from another hero, or say done",
                       "Competitive Clarifications"),
}  # fmt: skip


def why_not(state: DarkTowerState, action: Action) -> Why:
    """None if ``action`` is allowed now; else why not, and the rulebook section."""
    top = state.pending[-1]
    rule = _RULES.get(type(top))
    if rule is None:
        return "chance decides this, not a player", ""
    return rule(state, top, action)


def _start(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.StartTurn)
    match action:
        case A.Done():
            return None
        case A.Banner():
            if state.banner_used:
                return "the Banner action is taken once, at the start of the turn", "Start of Turn"
            return None
        case A.DrinkPotion(potion=p):
            return _potion(state, top.seat, p, battle=False)
    return _wrong(top)


def _turn(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.Turn)
    seat = top.seat
    at = state.at[seat]
    match action:
        case A.DropSkull():
            return None
        case A.Move(to=to):
            if to not in DATA.adjacent[at]:
                return (f"{DATA.locations[to].name} is not adjacent to "
                        f"{DATA.locations[at].name}", "Movement")  # fmt: skip
            if state.moves_left < 1:
                return "no move is left this turn", "Movement"
            return None
        case A.DoubleMove():
            if state.moved or state.doubled:
                return "the move is doubled before starting to move, once", "Movement"
            if state.spirit[seat] < 1:
                return "doubling the move costs 1 spirit", "Movement"
            return None
        case (
            A.Cleanse() | A.Battle() | A.Quest() | A.Explore() | A.HeroicTest() | A.EnterTower()
            | A.GoalQuest()
        ):  # fmt: skip
            if state.heroic_done:
                return "one heroic action a turn", "Heroic Actions"
            return _heroic(state, seat, action)
        case A.Haggle():
            if state.reinforced or state.haggle >= 0:
                return "the haggle die is rolled once, before Reinforcing", "Reinforce"
            return _building_here(state, seat)
        case A.Reinforce(how=how):
            if state.haggle >= 0 and DATA.haggle_faces[state.haggle] == "cancel":
                return "the haggle die canceled this turn's Reinforce", "Reinforce"
            if state.reinforced:
                return "once per turn you may Reinforce", "Reinforce"
            if state.haggle >= 0 and state.haggle_at != at:
                return (f"the haggle die was rolled for the Reinforce at "
                        f"{DATA.locations[state.haggle_at].name}", "Reinforce")  # fmt: skip
            why = _building_here(state, seat)
            if why:
                return why
            btype = state.game.building_types[DATA.buildings[state.building_at(at)].type]
            if how == 1 and state.spirit[seat] < btype.enhanced_cost:
                return (f"the enhanced effect of the {btype.type} costs {btype.enhanced_cost} "
                        "spirit", "Reinforce")  # fmt: skip
            return None
        case A.DrinkPotion(potion=p):
            return _potion(state, seat, p, battle=False)
        case A.TradeWith(seat=other):
            if state.traded:
                return "once per turn you may trade", "Making Trades"
            return _partner(state, seat, other)
    return _wrong(top)


def _partner(state: DarkTowerState, seat: int, other: int) -> Why:
    """Whether ``seat`` may bring the hero of seat ``other`` into its trade."""
    if other == seat or other >= state.game.num_players or state.at[other] != state.at[seat]:
        return "you trade with heroes on your space", "Making Trades"
    if state.eliminated[other]:
        return "that hero was eliminated", "Hero Elimination"
    if state.refused >> other & 1:
        # designed: a hero who refused this turn is not asked again, so that proposals and
        # refusals cannot go round for ever; the others may still agree to a trade
        return (f"seat {other} refused a trade this turn and is not asked again until your "
                "next turn", "Making Trades")  # fmt: skip
    return None


def _heroic(state: DarkTowerState, seat: int, action: Action) -> Why:
    at = state.at[seat]
    match action:
        case A.Cleanse():
            b = state.building_at(at)
            if b < 0 or state.skulls[b] <= 0:
                return "cleansing needs a building with skulls on your space", "Heroic Actions"
            return None
        case A.Battle(foe=f):
            if f == A.ADVERSARY:
                if state.adversary_at != at:
                    return "the adversary is not on your space", "Battling the Adversary"
                return None
            if state.foes[at * 3 + f] <= 0:
                return "that foe is not on your space", "Battle"
            return None
        case A.Quest(quest=k):
            q = state.monthly[k]
            if q < 0:
                return "there is no such monthly quest now", "Monthly Quests"
            quest = DATA.quests[q]
            if at != quest.location:
                return (f"{quest.name} is completed at {DATA.locations[quest.location].name}",
                        "Completing a Quest")  # fmt: skip
            if not state.can_meet(seat, quest):
                return _needs(quest), "Completing a Quest"
            return None
        case A.HeroicTest(kind=kind):
            return _test(state, seat, kind)
        case A.EnterTower():
            if not state.game.competitive:
                return "the Tower dungeon is the competitive game's", "Competitive Game"
            if state.tests_completed(seat) < TESTS_TO_ENTER:
                return (f"the Tower dungeon opens after {TESTS_TO_ENTER} heroic tests "
                        f"(you have {state.tests_completed(seat)})", "Hero Goals")  # fmt: skip
            if not DATA.locations[at].borders_tower:
                return "you enter the Tower dungeon from a space next to the Tower", "Hero Goals"
            return None
        case A.Explore():
            if state.game.competitive:
                return ("the competitive game has no main goal: its dungeon is the Tower's",
                        "Competitive Game")  # fmt: skip
            goal = state.game.goal
            if state.goal_step >= len(goal.steps):
                return "the main goal is complete", "Exploring a Dungeon"
            loc = goal.steps[state.goal_step][0]
            if not goal.is_dungeon(state.goal_step):
                return (f"the main goal's step now is a quest at {DATA.locations[loc].name}",
                        "Exploring a Dungeon")  # fmt: skip
            if at != loc:
                return (f"the main goal's dungeon now is at {DATA.locations[loc].name}",
                        "Exploring a Dungeon")  # fmt: skip
            return None
        case A.GoalQuest():
            if state.game.competitive:
                return "the competitive game has no main goal", "Competitive Game"
            goal = state.game.goal
            if state.goal_step >= len(goal.steps):
                return "the main goal is complete", "Completing the Main Goal"
            loc = goal.steps[state.goal_step][0]
            step = goal.quests[state.goal_step]
            if step is None:
                return (f"the main goal's step now is the dungeon at {DATA.locations[loc].name}",
                        "Completing a Quest")  # fmt: skip
            if at != loc:
                return (f"the main goal's quest now is at {DATA.locations[loc].name}",
                        "Completing a Quest")  # fmt: skip
            if not state.can_meet(seat, step):
                return _needs(step), "Completing a Quest"
            return None
    return "not a heroic action", "Heroic Actions"


def _test(state: DarkTowerState, seat: int, kind: int) -> Why:
    if not state.game.competitive:
        return "heroic tests are the competitive game's", "Competitive Game"
    if state.tests_done[seat] >> kind & 1:
        return "you completed that heroic test already", "Hero Goals"
    if state.tests_completed(seat) >= TESTS_TO_ENTER:
        return f"{TESTS_TO_ENTER} heroic tests are all you need", "Hero Goals"
    quest = DATA.quests[state.tests[seat][kind]]
    if state.at[seat] != quest.location:
        return (f"{quest.name} is completed at {DATA.locations[quest.location].name}",
                "Hero Goals")  # fmt: skip
    if not state.can_meet(seat, quest):
        return _needs(quest), "Hero Goals"
    return None


def _needs(quest: Quest) -> str:
    return f"{quest.name} needs you to {quest.action} {quest.amount} {quest.what}" + (
        f" ({quest.qualifier})" if quest.qualifier else ""
    )


def _building_here(state: DarkTowerState, seat: int) -> Why:
    b = state.building_at(state.at[seat])
    if b < 0:
        return "you Reinforce at a space with a building", "Reinforce"
    return None


def _potion(state: DarkTowerState, seat: int, p: int, battle: bool) -> Why:
    if state.potions[seat][p] <= 0:
        return f"you hold no {DATA.potions[p].name}", "Spending vs. Losing"
    potion = DATA.potions[p]
    if potion.advantages and not battle:
        return f"the {potion.name} gives advantages in a battle or a dungeon", "Battle"
    if battle and not (potion.advantages or potion.effects):
        return f"the {potion.name} is not used in a battle or a dungeon", "Battle"
    at = state.at[seat]
    if potion.cleanse:
        b = state.building_at(at)
        if b < 0 or state.skulls[b] <= 0:
            return "it cleanses a building with skulls on your space", "Heroic Actions"
    if potion.remove_foe:
        slot = potion.remove_foe - 2  # the foes are held by level, from 2
        if state.foes[at * 3 + slot] <= 0:
            return f"no level-{potion.remove_foe} foe is on your space", "Removing Foes"
    if potion.moves and not isinstance(state.pending[-1], F.Turn):
        return "its moves are taken in the middle of the turn", "Movement"
    return None


def _trade(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.Trade)
    match action:
        case A.Done():
            return None
        case A.Propose():
            if not top.offer and not top.ask:
                return "a trade moves at least one item", "Making Trades"
            return None
        case A.TradeWith(seat=other):
            if other == top.partner or other in F.partners(top.offer, top.ask):
                return (f"seat {other} is in this trade already; bring in another hero on "
                        "your space", "Making Trades")  # fmt: skip
            return _partner(state, top.seat, other)
        case A.Offer(item=i):
            return _offer(state, top, i)
        case A.OfferQuestItem(item=q):
            return _offer(state, top, A.QUEST_ITEM + q)
        case A.OfferAmulet():
            return _offer(state, top, A.AMULET_ITEM)
        case A.Ask(item=i):
            return _ask(state, top, i)
        case A.AskQuestItem(item=q):
            return _ask(state, top, A.QUEST_ITEM + q)
        case A.AskAmulet():
            return _ask(state, top, A.AMULET_ITEM)
    return _wrong(top)


def _offer(state: DarkTowerState, top: F.Trade, item: int) -> Why:
    given = sum(1 for _, i in F.pairs(top.offer) if i == item)
    if state.holds(top.seat, item) <= given:
        return "you hold no more of that to offer", "Making Trades"
    return None


def _ask(state: DarkTowerState, top: F.Trade, item: int) -> Why:
    asked = sum(1 for p, i in F.pairs(top.ask) if (p, i) == (top.partner, item))
    if state.holds(top.partner, item) <= asked:
        return (f"seat {top.partner} holds no more of that to ask for", "Making Trades")
    return None


def _answer(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    if isinstance(action, (A.Accept, A.Decline)):
        return None
    return _wrong(top)


def _battle(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.Battling)
    cap = int(DATA.game["heroic_action"]["max_advantages"])
    match action:
        case A.Improve():
            if top.pool < 1:
                return "you have no advantage left to spend", "Spending Advantages"
            if top.spent >= cap:
                return f"at most {cap} advantages a heroic action", "Spending Advantages"
            if top.rung >= len(state.battle_ladder(top)) - 1:
                return "this card already shows its best result", "Spending Advantages"
            return None
        case A.Resolve():
            return None
        case A.Retreat():
            if top.foe != A.ADVERSARY or top.resolved < 1:
                return ("you may retreat only from the adversary, after resolving a card",
                        "Battling the Adversary")  # fmt: skip
            return None
        case A.SpendGear(gear=g):
            traits = DATA.foes[state.foe_id(top.foe)].traits
            return _gear(state, top.seat, g, traits)
        case A.ReadScroll(treasure=t):
            return _scroll(state, top.seat, t)
        case A.DrinkPotion(potion=p):
            return _potion(state, top.seat, p, battle=True)
    return _wrong(top)


def _gear(state: DarkTowerState, seat: int, g: int, types: tuple[int, ...]) -> Why:
    if state.gear[seat][g] <= 0:
        return f"you hold no {DATA.gear[g].name}", "Spending vs. Losing"
    if state.game.gear[g].advantage not in types:
        return f"the {DATA.gear[g].name}'s advantage does not work here", "Spending Advantages"
    return None


def _scroll(state: DarkTowerState, seat: int, t: int) -> Why:
    if t not in state.treasures[seat] or not DATA.treasures[t].spend:
        return "you hold no such scroll", "Spending vs. Losing"
    return None


def _explore(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.Exploring)
    cap = int(DATA.game["heroic_action"]["max_advantages"])
    if top.room < 0:
        match action:
            case A.EnterRoom(room=r):
                if state.cleared >> r & 1:
                    return "that room is cleared already", "Exploring a Dungeon"
                return None
            case A.Leave():
                if top.entered < 1:
                    return "exploring is entering a room first", "Exploring a Dungeon"
                return None
        return "choose a room to enter, or leave", "Exploring a Dungeon"
    match action:
        case A.Improve():
            if top.improved:
                return "each room can be improved once", "Exploring a Dungeon"
            if top.pool < 1:
                return "you have no advantage left to spend", "Exploring a Dungeon"
            if top.spent >= cap:
                return f"at most {cap} advantages a heroic action", "Spending Advantages"
            return None
        case A.Resolve():
            return None
        case A.SpendGear(gear=g):
            return _gear(state, top.seat, g, (state.dungeon_advantage(),))
        case A.ReadScroll(treasure=t):
            return _scroll(state, top.seat, t)
        case A.DrinkPotion(potion=p):
            return _potion(state, top.seat, p, battle=True)
    return _wrong(top)


def _place(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.PlaceSkull)
    if isinstance(action, A.PlaceSkull):
        b = action.building
        if DATA.buildings[b].kingdom != top.kingdom:
            return "a skull is placed in the kingdom where it emerged", "Placing Skulls"
        if state.skulls[b] < 0:
            return "that building is destroyed", "Placing Skulls"
        return None
    return _wrong(top)


def _choose_gear(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    if isinstance(action, A.TakeGear):
        if state.gear_left(action.gear) <= 0:
            return "that gear's stack is empty", "World Setup"
        return None
    return _wrong(top)


def _discard(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, (F.DiscardGear, F.DiscardPotion))
    match top, action:
        case F.DiscardGear(), A.LoseGear(gear=k):
            held = state.gear[top.seat][k]
        case F.DiscardPotion(), A.LosePotion(potion=k):
            held = state.potions[top.seat][k]
        case _:
            return _wrong(top)
    if held <= 0:
        return "you hold no such item", "Spending vs. Losing"
    return None


def _virtue(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.ChooseVirtue)
    if isinstance(action, A.ActivateVirtue):
        if state.virtues[top.seat] >> action.virtue & 1:
            return "that virtue is active already", "Hero Setup"
        return None
    return _wrong(top)


def _market(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    if isinstance(action, A.TakeMarket):
        if state.market[action.slot] < 0:
            return "that market slot is empty", "World Setup"
        return None
    return _wrong(top)


def _wares(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.NewWares)
    match action:
        case A.Done():
            return None
        case A.ReplaceWare(slot=s):
            if top.replaced >> s & 1 or state.market[s] < 0:
                return "that treasure was replaced already, or the slot is empty", "Events"
            if not state.treasure_deck.has_cards():
                return "the treasure deck is empty", "Events"
            return None
    return _wrong(top)


def _seal(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    match action:
        case A.Done():
            return None
        case A.RemoveSeal(opening=o):
            if not state.tower.is_sealed(o):
                return "that opening has no seal to remove", "Hero Goals"
            return None
        case A.RestoreSeal(opening=o):
            if state.tower.is_sealed(o):
                return "that opening is sealed already", "Hero Goals"
            return None
    return _wrong(top)


def _potion_from_hero(state: DarkTowerState, top: F.Frame, action: Action) -> Why:
    assert isinstance(top, F.PotionFromHero)
    match action:
        case A.Done():
            return None
        case A.TakePotion(seat=other, potion=k):
            if other == top.seat or other >= state.game.num_players or state.eliminated[other]:
                return "take the potion from another hero in the game", (
                    "Competitive Clarifications"
                )
            if state.potions[other][k] <= 0:
                return f"that hero holds no {DATA.potions[k].name}", "Competitive Clarifications"
            return None
    return _wrong(top)


def _wrong(top: F.Frame) -> Why:
    why, section = OPEN[type(top)]
    return f"now {why}", section


_RULES = {
    F.StartTurn: _start,
    F.Turn: _turn,
    F.Trade: _trade,
    F.TradeAnswer: _answer,
    F.Battling: _battle,
    F.Exploring: _explore,
    F.PlaceSkull: _place,
    F.ChooseGear: _choose_gear,
    F.DiscardGear: _discard,
    F.DiscardPotion: _discard,
    F.ChooseVirtue: _virtue,
    F.ChooseMarket: _market,
    F.NewWares: _wares,
    F.ChooseSeal: _seal,
    F.PotionFromHero: _potion_from_hero,
}


def legal_actions(state: DarkTowerState) -> list[int]:
    top = state.pending[-1]
    if isinstance(top, F.CHANCE_FRAMES):
        return sorted(a for a, _ in state._chance_outcomes())
    values = SPACE.values
    return sorted(a for a in state._candidates(top) if why_not(state, values[a]) is None)


def candidates(state: DarkTowerState, top: Frame) -> list[int]:
    """The actions worth asking the rules about in this decision."""
    seat: int = top.seat  # type: ignore[attr-defined]
    held_potions = [POTION + p for p in range(N_POTIONS) if state.potions[seat][p]]
    items = held_potions + [GEAR + g for g in range(N_GEAR) if state.gear[seat][g]]
    items += [SCROLL + t for t in state.treasures[seat] if t in SCROLLS]
    match top:
        case F.StartTurn():
            return [DONE, BANNER, *held_potions]
        case F.Turn():
            at = state.at[seat]
            out = [
                DROP, DOUBLE, CLEANSE, EXPLORE, HAGGLE, REINFORCE, REINFORCE + 1, QUEST,
                QUEST + 1, *[MOVE + to for to in DATA.adjacent[at]],
                *[BATTLE + f for f in range(4)], *held_potions,
                *[TRADE + s for s in range(state.game.num_players)],
            ]  # fmt: skip
            if state.game.competitive:
                out += [ENTER_TOWER, *[TEST + k for k in range(TESTS)]]
            else:
                out.append(GOAL_QUEST)
            return out
        case F.Trade(partner=partner):
            n = len(A.ITEM_WORDS)
            heroes = [TRADE + s for s in range(state.game.num_players)]
            mine = [OFFER + i for i in range(n) if state.holds(seat, i)]
            theirs = [ASK + i for i in range(n) if state.holds(partner, i)]
            if state.amulets[seat]:
                mine.append(OFFER_AMULET)
            if state.amulets[partner]:
                theirs.append(ASK_AMULET)
            mine += [OFFER_QUEST_ITEM + q for q in state.quest_items[seat]]
            theirs += [ASK_QUEST_ITEM + q for q in state.quest_items[partner]]
            return [DONE, PROPOSE, *mine, *theirs, *heroes]
        case F.ChooseSeal():
            return [DONE, *[UNSEAL + o for o in range(12)], *[RESEAL + o for o in range(12)]]
        case F.PotionFromHero():
            return [DONE] + [
                TAKE_POTION + other * N_POTIONS + k
                for other in range(state.game.num_players)
                for k in range(N_POTIONS)
                if state.potions[other][k]
            ]
        case F.TradeAnswer():
            return [ACCEPT, DECLINE]
        case F.Battling():
            return [IMPROVE, RESOLVE, RETREAT, *items]
        case F.Exploring():
            return [IMPROVE, RESOLVE, LEAVE, *[ENTER + r for r in range(ROOMS)], *items]
        case F.PlaceSkull(kingdom=k):
            return [PLACE + b for b, bd in enumerate(DATA.buildings) if bd.kingdom == k]
        case F.ChooseGear():
            return [TAKE_GEAR + g for g in range(N_GEAR)]
        case F.DiscardGear():
            return [LOSE_G + g for g in range(N_GEAR)]
        case F.DiscardPotion():
            return [LOSE_P + p for p in range(N_POTIONS)]
        case F.ChooseVirtue():
            return [VIRTUE + v for v in range(4)]
        case F.ChooseMarket():
            return [MARKET + s for s in range(len(state.market))]
        case F.NewWares():
            return [DONE, *[WARES + s for s in range(len(state.market))]]
    raise AssertionError(top)


def explain(state: DarkTowerState, action: int) -> tuple[str, str]:
    why = why_not(state, SPACE.values[action])
    if why is None:
        return "it is not allowed now", ""
    text, section = why
    return text, f"rulebook: {section}" if section else ""


# ---- the same legal actions, made directly ---------------------------------------------------
# The decisions random playouts meet most (the Middle of Turn, the Start of Turn, Placing
# Skulls) have their legal actions made here: each rule above asked as a yes or no, without
# building the words of a refusal nobody reads. The rules above stay the one statement of
# each rule: a test holds ``fast_legal_actions`` to ``legal_actions`` at every state of many
# playouts, and the rare heroic actions tied to a space (a monthly quest, a heroic test, the
# main goal's step, the Tower dungeon) are asked of ``_heroic`` once the hero stands there.

MOVES = tuple(tuple(MOVE + to for to in DATA.adjacent[at]) for at in range(len(DATA.locations)))
"""The moves out of each space, as action ints."""
CANCEL = frozenset(f for f, face in enumerate(DATA.haggle_faces) if face == "cancel")
"""The haggle die's faces that cancel the turn's Reinforce."""
NO_ADVANTAGES = tuple(not DATA.potions[p].advantages for p in range(N_POTIONS))
"""The potions drunk outside a battle or a dungeon (those that give no advantages)."""
BORDERS_TOWER = tuple(loc.borders_tower for loc in DATA.locations)
VALUES = SPACE.values
QUEST_AT = tuple(q.location for q in DATA.quests)
"""Where each quest is completed."""
BUILDING_TYPE = tuple(b.type for b in DATA.buildings)
"""Each building's type (an index of the game's building types)."""
MAX_ADVANTAGES = int(DATA.game["heroic_action"]["max_advantages"])
"""The most advantages spent in one heroic action (Spending Advantages)."""
SCROLL_SET = frozenset(SCROLLS)
N_ITEMS = len(A.ITEM_WORDS)
"""The items traded by kind (warriors, spirit, each gear, potion, treasure, companion)."""


def fast_start_turn(state: DarkTowerState, top: F.StartTurn) -> list[int]:
    """Start of Turn: done, the Banner action once, a potion."""
    seat = top.seat
    out = [DONE] if state.banner_used else [DONE, BANNER]
    held = state.potions[seat]
    for p in range(N_POTIONS):
        if held[p] and NO_ADVANTAGES[p] and _potion(state, seat, p, False) is None:
            out.append(POTION + p)
    out.sort()
    return out


def fast_turn(state: DarkTowerState, top: F.Turn) -> list[int]:
    """Middle of Turn: the skull drop, moves, the doubling, one heroic action, the haggle die
    and Reinforce, potions and a trade (``_turn``, rule by rule)."""
    seat = top.seat
    where = state.at
    at = where[seat]
    out = [DROP]
    if state.moves_left >= 1:
        out += MOVES[at]
    spirit = state.spirit[seat]
    if not state.moved and not state.doubled and spirit >= 1:
        out.append(DOUBLE)
    b = BUILDING_AT[at]
    if b >= 0 and state.skulls[b] < 0:
        b = -1  # destroyed
    if not state.heroic_done:
        _fast_heroic(state, seat, at, b, out)
    haggle = state.haggle
    if b >= 0 and not state.reinforced:
        if haggle < 0:
            out.append(HAGGLE)
        if not (haggle >= 0 and (haggle in CANCEL or state.haggle_at != at)):
            out.append(REINFORCE)
            if spirit >= state.game.building_types[BUILDING_TYPE[b]].enhanced_cost:
                out.append(REINFORCE + 1)
    held = state.potions[seat]
    for p in range(N_POTIONS):
        if held[p] and NO_ADVANTAGES[p] and _potion(state, seat, p, False) is None:
            out.append(POTION + p)
    if not state.traded:
        eliminated = state.eliminated
        refused = state.refused
        for other in range(len(eliminated)):  # a seat each
            if (
                other != seat
                and where[other] == at
                and not eliminated[other]
                and not refused >> other & 1
            ):
                out.append(TRADE + other)
    out.sort()
    return out


def _fast_heroic(state: DarkTowerState, seat: int, at: int, b: int, out: list[int]) -> None:
    """The heroic actions open to the hero at ``at`` (``b``: its standing building or -1)."""
    if b >= 0 and state.skulls[b] > 0:
        out.append(CLEANSE)
    foes = state.foes
    for f in range(3):
        if foes[at * 3 + f] > 0:
            out.append(BATTLE + f)
    if state.adversary_at == at:
        out.append(BATTLE + A.ADVERSARY)
    monthly = state.monthly
    for k in range(2):
        q = monthly[k]
        if q >= 0 and QUEST_AT[q] == at:
            if _heroic(state, seat, VALUES[QUEST + k]) is None:
                out.append(QUEST + k)
    game = state.game
    if game.competitive:
        tests = state.tests[seat]
        for kind in range(TESTS):
            if QUEST_AT[tests[kind]] == at and _test(state, seat, kind) is None:
                out.append(TEST + kind)
        if BORDERS_TOWER[at] and _heroic(state, seat, VALUES[ENTER_TOWER]) is None:
            out.append(ENTER_TOWER)
        return
    goal = game.goal
    step = state.goal_step
    if step < len(goal.steps) and goal.steps[step][0] == at:
        if goal.is_dungeon(step):
            out.append(EXPLORE)
        elif _heroic(state, seat, VALUES[GOAL_QUEST]) is None:
            out.append(GOAL_QUEST)  # a step is a dungeon or a quest (MainGoal.is_dungeon)


def fast_place_skull(state: DarkTowerState, top: F.PlaceSkull) -> list[int]:
    """Placing Skulls: a standing building of the kingdom where the skull emerged."""
    skulls = state.skulls
    return [PLACE + b for b in KINGDOM_BUILDINGS[top.kingdom] if skulls[b] >= 0]


def fast_battling(state: DarkTowerState, top: F.Battling) -> list[int]:
    """A battle (``_battle``): resolve the card; improve it while advantages are at hand, under
    the cap, and a better result is left; retreat from the adversary after a card; items."""
    out = [RESOLVE]
    if (
        top.pool >= 1
        and top.spent < MAX_ADVANTAGES
        and top.rung < len(state.battle_ladder(top)) - 1
    ):
        out.append(IMPROVE)
    if top.foe == A.ADVERSARY and top.resolved >= 1:
        out.append(RETREAT)
    _fast_items(state, top.seat, DATA.foes[state.foe_id(top.foe)].traits, out)
    out.sort()
    return out


def fast_exploring(state: DarkTowerState, top: F.Exploring) -> list[int]:
    """A dungeon (``_explore``): a room not cleared, or leaving once one was entered; in a
    room, resolving it, improving it once under the cap, and items."""
    if top.room < 0:
        cleared = state.cleared
        out = [ENTER + r for r in range(ROOMS) if not cleared >> r & 1]
        if top.entered >= 1:
            out.append(LEAVE)
        out.sort()
        return out
    out = [RESOLVE]
    if not top.improved and top.pool >= 1 and top.spent < MAX_ADVANTAGES:
        out.append(IMPROVE)
    _fast_items(state, top.seat, (state.dungeon_advantage(),), out)
    out.sort()
    return out


def _fast_items(state: DarkTowerState, seat: int, types: tuple[int, ...], out: list[int]) -> None:
    """The items spent in a battle or a dungeon room: a potion (``_potion``), a gear whose
    advantage works against ``types`` (``_gear``) and each scroll held (``_scroll``), one
    action for each copy held, as the candidates list them."""
    held = state.potions[seat]
    for p in range(N_POTIONS):
        if held[p] and _potion(state, seat, p, True) is None:
            out.append(POTION + p)
    held = state.gear[seat]
    kinds = state.game.gear
    for g in range(N_GEAR):
        if held[g] > 0 and kinds[g].advantage in types:
            out.append(GEAR + g)
    for t in state.treasures[seat]:
        if t in SCROLL_SET:
            out.append(SCROLL + t)


def fast_new_wares(state: DarkTowerState, top: F.NewWares) -> list[int]:
    """New Wares (``_wares``): done, or a market slot not replaced yet while the deck lasts."""
    out = [DONE]
    if state.treasure_deck.has_cards():
        market = state.market
        replaced = top.replaced
        for s in range(len(market)):
            if not replaced >> s & 1 and market[s] >= 0:
                out.append(WARES + s)
    out.sort()
    return out


def fast_choose_gear(state: DarkTowerState, top: F.ChooseGear) -> list[int]:
    """A gear gained (``_choose_gear``): a stack with a copy left."""
    return [TAKE_GEAR + g for g in range(N_GEAR) if state.gear_left(g) > 0]


def fast_discard_gear(state: DarkTowerState, top: F.DiscardGear) -> list[int]:
    """A gear lost (``_discard``): one the hero holds."""
    held = state.gear[top.seat]
    return [LOSE_G + g for g in range(N_GEAR) if held[g] > 0]


def fast_discard_potion(state: DarkTowerState, top: F.DiscardPotion) -> list[int]:
    """A potion lost (``_discard``): one the hero holds."""
    held = state.potions[top.seat]
    return [LOSE_P + p for p in range(N_POTIONS) if held[p] > 0]


def fast_choose_virtue(state: DarkTowerState, top: F.ChooseVirtue) -> list[int]:
    """A virtue gained (``_virtue``): an inactive one."""
    bits = state.virtues[top.seat]
    return [VIRTUE + v for v in range(4) if not bits >> v & 1]


def fast_choose_market(state: DarkTowerState, top: F.ChooseMarket) -> list[int]:
    """A treasure of the market (``_market``): a slot not empty."""
    market = state.market
    return [MARKET + s for s in range(len(market)) if market[s] >= 0]


def fast_trade_answer(state: DarkTowerState, top: F.TradeAnswer) -> list[int]:
    """A proposed trade (``_answer``): accept or decline."""
    return sorted([ACCEPT, DECLINE])


def fast_trade(state: DarkTowerState, top: F.Trade) -> list[int]:
    """A trade being put together (``_trade``): done; the proposal once it moves an item;
    an item the hero holds more of than it offers (``_offer``), or the partner holds more
    of than is asked of it (``_ask``), one action for each quest item held as the candidates
    list them; another hero on the space not in the trade yet (``_partner``)."""
    seat = top.seat
    partner = top.partner
    offer = top.offer
    ask = top.ask
    given = list(offer[1::2])
    asked = [ask[k + 1] for k in range(0, len(ask), 2) if ask[k] == partner]
    out = [DONE]
    if offer or ask:
        out.append(PROPOSE)
    for i in range(N_ITEMS):
        if state.holds(seat, i) > given.count(i):
            out.append(OFFER + i)
        if state.holds(partner, i) > asked.count(i):
            out.append(ASK + i)
    if state.amulets[seat] > given.count(A.AMULET_ITEM):
        out.append(OFFER_AMULET)
    if state.amulets[partner] > asked.count(A.AMULET_ITEM):
        out.append(ASK_AMULET)
    held = state.quest_items[seat]
    for q in held:
        if held.count(q) > given.count(A.QUEST_ITEM + q):
            out.append(OFFER_QUEST_ITEM + q)
    held = state.quest_items[partner]
    for q in held:
        if held.count(q) > asked.count(A.QUEST_ITEM + q):
            out.append(ASK_QUEST_ITEM + q)
    inside = {partner, *offer[0::2], *ask[0::2]}
    for other in range(len(state.at)):  # a seat each
        if other not in inside and _partner(state, seat, other) is None:
            out.append(TRADE + other)
    out.sort()
    return out


FAST: dict[type[F.Frame], Callable[[DarkTowerState, Any], list[int]]] = {
    F.StartTurn: fast_start_turn,
    F.Turn: fast_turn,
    F.PlaceSkull: fast_place_skull,
    F.Battling: fast_battling,
    F.Exploring: fast_exploring,
    F.NewWares: fast_new_wares,
    F.ChooseGear: fast_choose_gear,
    F.DiscardGear: fast_discard_gear,
    F.DiscardPotion: fast_discard_potion,
    F.ChooseVirtue: fast_choose_virtue,
    F.ChooseMarket: fast_choose_market,
    F.TradeAnswer: fast_trade_answer,
    F.Trade: fast_trade,
}
"""The decisions whose legal actions this module makes, by the kind of frame."""


def fast_legal_actions(state: DarkTowerState) -> list[int]:
    """The sorted legal actions now, as ``legal_actions`` gives them: made directly for the
    decisions of ``FAST``, else by asking ``why_not`` of each candidate."""
    top = state.pending[-1]
    fast = FAST.get(type(top))
    if fast is None:
        return legal_actions(state)
    return fast(state, top)
