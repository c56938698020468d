"""Return to Dark Tower's fixed numbers, read once from the data (game.toml and the rest):
the board's counts, the skulls (Placing Skulls), the heroic action's spirit (Heroic Actions),
the months (Sequence of Play), the competitive game's tests (Competitive Game); and the ints
of the actions that the rules and the legal-action generator build by arithmetic
(``MOVE + location``), so the hot path adds no encoding."""

from __future__ import annotations

from towers.core.graphs import distance_table
from towers.games.dark_tower import actions as A
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.data import DATA, Effects

G = DATA.game
GOAL = DATA.main_goal
N_LOC = len(DATA.locations)
N_FOES = 3
"""The foes of a game: one of level 2, 3 and 4 (App Setup)."""
ROOMS = int(G["dungeon"]["rooms"])
START_STATUS = 2
"""Designed: a foe enters play ready (foes.toml)."""
MAX_STATUS = 4
TOTAL_SKULLS = int(G["skulls"]["total"])
CAPACITY = int(G["skulls"]["building_capacity"])
HEROIC_SPIRIT = int(G["heroic_action"]["spirit"])
LOSING_CORRUPTIONS = int(G["corruption"]["losing"])
MONTHS = int(G["months"]["count"])
BUILDING_AT = [-1] * N_LOC
for _b, _building in enumerate(DATA.buildings):
    BUILDING_AT[_building.location] = _b
C = G["competitive"]
TESTS = int(C["tests_dealt"])
TESTS_TO_ENTER = int(C["tests_to_enter"])
TOWER_DUNGEON = next(d for d in DATA.dungeon_types if d.type == C["tower_dungeon"])
"""Designed: the Tower dungeon of the competitive game (game.toml [competitive])."""
TOWER_SPACES = frozenset(i for i, loc in enumerate(DATA.locations) if loc.borders_tower)
TESTS_OF_KIND = tuple(
    tuple(q for q, quest in enumerate(DATA.quests) if quest.kingdom == k) for k in range(4)
)
"""The heroic test cards of each type (a kingdom's four quests, typed by its virtue)."""

ENC = SPACE.encode
DONE, BANNER, DOUBLE, DROP = ENC(A.Done()), ENC(A.Banner()), ENC(A.DoubleMove()), ENC(A.DropSkull())
CLEANSE, EXPLORE, HAGGLE = ENC(A.Cleanse()), ENC(A.Explore()), ENC(A.Haggle())
IMPROVE, RESOLVE, RETREAT, LEAVE = (
    ENC(A.Improve()),
    ENC(A.Resolve()),
    ENC(A.Retreat()),
    ENC(A.Leave()),
)
PROPOSE, ACCEPT, DECLINE = ENC(A.Propose()), ENC(A.Accept()), ENC(A.Decline())
MOVE, BATTLE, QUEST = SPACE.base(A.Move), SPACE.base(A.Battle), SPACE.base(A.Quest)
REINFORCE, POTION, TRADE = (
    SPACE.base(A.Reinforce),
    SPACE.base(A.DrinkPotion),
    SPACE.base(A.TradeWith),
)
OFFER, ASK, GEAR, SCROLL = (
    SPACE.base(A.Offer),
    SPACE.base(A.Ask),
    SPACE.base(A.SpendGear),
    SPACE.base(A.ReadScroll),
)
ENTER, PLACE, TAKE_GEAR = SPACE.base(A.EnterRoom), SPACE.base(A.PlaceSkull), SPACE.base(A.TakeGear)
LOSE_G, LOSE_P, VIRTUE = (
    SPACE.base(A.LoseGear),
    SPACE.base(A.LosePotion),
    SPACE.base(A.ActivateVirtue),
)
MARKET, WARES = SPACE.base(A.TakeMarket), SPACE.base(A.ReplaceWare)
TEST, ENTER_TOWER = SPACE.base(A.HeroicTest), ENC(A.EnterTower())
UNSEAL, RESEAL, TAKE_POTION = (
    SPACE.base(A.RemoveSeal),
    SPACE.base(A.RestoreSeal),
    SPACE.base(A.TakePotion),
)
GOAL_QUEST = ENC(A.GoalQuest())
DRAW_QUEST_ITEM, OFFER_QUEST_ITEM, ASK_QUEST_ITEM = (
    SPACE.base(A.DrawQuestItem),
    SPACE.base(A.OfferQuestItem),
    SPACE.base(A.AskQuestItem),
)
OFFER_AMULET, ASK_AMULET, DEAL_TEST = (
    ENC(A.OfferAmulet()),
    ENC(A.AskAmulet()),
    SPACE.base(A.DealTest),
)
RELEASE, SEAL, EVENT = SPACE.base(A.Release), SPACE.base(A.SealGlows), SPACE.base(A.DrawEvent)
CARD, ROOM, SPAWN = SPACE.base(A.RevealCard), SPACE.base(A.RevealRoom), SPACE.base(A.SpawnAt)
DRAW_POTION, DRAW_TREASURE = SPACE.base(A.DrawPotion), SPACE.base(A.DrawTreasure)
DRAW_CORRUPTION, DRAW_COMPANION = SPACE.base(A.DrawCorruption), SPACE.base(A.DrawCompanion)
DRAW_QUEST, HAGGLE_ROLL = SPACE.base(A.DrawQuest), SPACE.base(A.RollHaggle)
N_GEAR, N_POTIONS = len(DATA.gear), len(DATA.potions)
SCROLLS = [t for t, tr in enumerate(DATA.treasures) if tr.spend]


def flat(effects: Effects) -> tuple[int, ...]:
    """Effects as one flat tuple (code, n, code, n, ...), as an Effects frame holds them."""
    return tuple(x for pair in effects for x in pair)


DISTANCES = distance_table(DATA.adjacent)
"""Moves between any two spaces (a foe steps toward the nearest hero, Foes Strike)."""
