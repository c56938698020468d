"""Every Return to Dark Tower action, declared once: the heroes' choices and the chance
outcomes (the tower, the event deck, battle cards, rooms, decks and the haggle die).

>>> SPACE.name(SPACE.encode(Move(to=DATA.location("Anza"))))
'move to Anza'
>>> SPACE.decode(SPACE.parse("battle adversary"))
Battle(foe=3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from towers.core.actions import Action, ActionSpace, Domain
from towers.games.dark_tower.data import BUILDING_TYPES, CARD_NAMES, DATA, EFFECTS, SIDES, Event

LEVEL_WORDS = ("top", "middle", "bottom")
LOCATION = Domain.of("location", [loc.name for loc in DATA.locations])
BUILDING = Domain.of(
    "building",
    [f"{BUILDING_TYPES[b.type]} of {DATA.locations[b.location].name}" for b in DATA.buildings],
)
FOE = Domain.of("foe", ["level-2 foe", "level-3 foe", "level-4 foe", "adversary"])
"""The foes chosen at setup by level (one of level 2, 3 and 4), and the adversary."""
OLD_WORDS = {"foe2": "level-2 foe", "foe3": "level-3 foe", "foe4": "level-4 foe"}
"""The words earlier releases wrote for the foes (``battle foe2``), still read."""
ADVERSARY = 3
GEAR = Domain.of("gear", [g.name for g in DATA.gear])
POTION = Domain.of("potion", [p.name for p in DATA.potions])
TREASURE = Domain.of("treasure", [t.name for t in DATA.treasures])
COMPANION = Domain.of("companion", [DATA.companions[i].name for i in range(len(DATA.companions))])
SEAT = Domain.numbered("seat", 4, first=0)
"""Seats are numbered from 0, as everywhere in towers (the terminal's "seat 0 (human)")."""
ROOM = Domain.numbered("room", int(DATA.game["dungeon"]["rooms"]))
MARKET = Domain.numbered("slot", int(DATA.game["market"]["size"]))
VIRTUE = Domain.of("virtue", ["hero virtue 1", "hero virtue 2", "hero virtue 3", "kingdom virtue"])
MONTHLY = Domain.of("quest", ["companion quest", "adversary quest"])
HOW = Domain.of("how", ["free", "enhanced"])

N_GEAR, N_POTIONS, N_TREASURES = len(DATA.gear), len(DATA.potions), len(DATA.treasures)
ITEM_WORDS = (
    ["warrior", "spirit"]
    + [g.name for g in DATA.gear]
    + [p.name for p in DATA.potions]
    + [t.name for t in DATA.treasures]
    + [f"companion {c.name}" for c in DATA.companions]
)
ITEM = Domain.of("item", ITEM_WORDS)
"""What a trade moves: a warrior, a spirit, a gear, a potion, a treasure or a companion."""
GEAR_ITEM, POTION_ITEM = 2, 2 + N_GEAR
TREASURE_ITEM = POTION_ITEM + N_POTIONS
COMPANION_ITEM = TREASURE_ITEM + N_TREASURES

OPENINGS = [f"{LEVEL_WORDS[i // 4]} {SIDES[i % 4]}" for i in range(12)]
RELEASE = Domain.of("release", OPENINGS + [f"door {s}" for s in SIDES] + ["still"])
OPENING = Domain.of("opening", OPENINGS)


def event_text(e: Event) -> str:
    """What an event card does, its foe named by its level (the same in every game; the
    observation names the game's foe)."""
    foe = f"the level-{e.foe + 2} foe" if e.foe >= 0 else "every foe"
    match e.category:
        case "foes_strike":
            return f"{foe} strikes"
        case "foes_spawn":
            return f"{e.count} {'token' if e.count == 1 else 'tokens'} of {foe} " + (
                "appears" if e.count == 1 else "appear"
            )
        case "foes_grow":
            return f"{foe} grows bolder"
        case "tower_stirs" if e.seal:
            return "the tower stirs: a glowing seal breaks"
        case "tower_stirs":
            return f"the tower stirs: the {LEVEL_WORDS[e.level]} drum turns {e.steps} " + (
                "step" if e.steps == 1 else "steps"
            )
        case "tower_acts":
            return "the adversary strikes"
        case "companion":
            gains = [
                f"{EFFECTS[code].split()[0]} {n} {' '.join(EFFECTS[code].split()[1:])}"
                for code, n in e.effects
            ]
            calm = [f"calm {foe}"] if e.calm else []
            return "companions help: " + ", ".join(gains + calm)
        case "new_wares":
            return "new wares at the market"
    return "all is calm"


EVENT = Domain.of("event", [f"{k + 1}: {event_text(e)}" for k, e in enumerate(DATA.events)])
"""The event cards by number and what each does (Events)."""
CARD = Domain.of("card", CARD_NAMES)
ROOM_KIND = Domain.of("room", [f"room {i + 1}" for i in range(12)] + ["the target room"])
TARGET = 12
HAGGLE = Domain.numbered("face", 6)
QUEST = Domain.of("quest", [q.name for q in DATA.quests])
CORRUPTION = Domain.of("corruption", [c.name for c in DATA.corruptions])
TEST_KIND = Domain.of("test", [k.virtue for k in DATA.kingdoms])
"""The four types of heroic test (Competitive Game): a kingdom's virtue, four cards each."""
AMULET_ITEM = len(ITEM_WORDS)
"""The Amulet of Hope in a trade (competitive game; after the items of ITEM)."""
QUEST_ITEM_DOMAIN = Domain.of("quest item", [q.name for q in DATA.quest_items])
QUEST_ITEM = AMULET_ITEM + 1
"""The first quest item in a trade (the quest items follow the Amulet of Hope)."""


# ---- the turn ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the step being decided (the start of the turn, a trade, new wares)."""

    TEXT = "done"


@dataclass(frozen=True, slots=True)
class Banner(Action):
    """Take the Banner action of your hero board (Start of Turn)."""

    TEXT = "banner"


@dataclass(frozen=True, slots=True)
class DoubleMove(Action):
    """Spend 1 spirit to double your move, before starting to move (Movement)."""

    TEXT = "double move"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move to an adjacent space for 1 move (Movement)."""

    TEXT = "move to {to}"
    to: Annotated[int, LOCATION]


@dataclass(frozen=True, slots=True)
class Cleanse(Action):
    """Heroic action: remove all skulls from the building on your space."""

    TEXT = "cleanse"


@dataclass(frozen=True, slots=True)
class Battle(Action):
    """Heroic action: battle a foe (or the adversary) on your space."""

    TEXT = "battle {foe}"
    foe: Annotated[int, FOE]


@dataclass(frozen=True, slots=True)
class Quest(Action):
    """Heroic action: complete a monthly quest at its location."""

    TEXT = "complete the {quest}"
    quest: Annotated[int, MONTHLY]


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Heroic action: explore the dungeon of the main goal on your space."""

    TEXT = "explore"


@dataclass(frozen=True, slots=True)
class Haggle(Action):
    """Roll the haggle die before Reinforcing."""

    TEXT = "haggle"


@dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """Reinforce at the building on your space: its free or its enhanced effect."""

    TEXT = "reinforce {how}"
    how: Annotated[int, HOW]


@dataclass(frozen=True, slots=True)
class DrinkPotion(Action):
    """Use a potion (items may be used until the skull is dropped)."""

    TEXT = "drink {potion}"
    potion: Annotated[int, POTION]


@dataclass(frozen=True, slots=True)
class TradeWith(Action):
    """Open this turn's trade with a hero on your space."""

    TEXT = "trade with seat {seat}"
    seat: Annotated[int, SEAT]


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Put one of your items into the trade."""

    TEXT = "offer {item}"
    item: Annotated[int, ITEM]


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """Ask for one of the other hero's items in the trade."""

    TEXT = "ask for {item}"
    item: Annotated[int, ITEM]


@dataclass(frozen=True, slots=True)
class Propose(Action):
    TEXT = "propose the trade"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    TEXT = "accept the trade"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    TEXT = "decline the trade"


@dataclass(frozen=True, slots=True)
class DropSkull(Action):
    """End of Turn: take a skull from the supply and drop it into the Tower."""

    TEXT = "drop a skull"


# ---- battles and dungeons ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Improve(Action):
    """Spend an Advantage on the revealed battle card or room."""

    TEXT = "spend an advantage"


@dataclass(frozen=True, slots=True)
class SpendGear(Action):
    """Spend a gear for one advantage of its type."""

    TEXT = "spend {gear}"
    gear: Annotated[int, GEAR]


@dataclass(frozen=True, slots=True)
class ReadScroll(Action):
    """Discard a scroll for its advantages."""

    TEXT = "read {treasure}"
    treasure: Annotated[int, TREASURE]


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Apply the result of the revealed battle card or room."""

    TEXT = "resolve"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Leave a battle with the adversary after resolving a card."""

    TEXT = "retreat"


@dataclass(frozen=True, slots=True)
class EnterRoom(Action):
    TEXT = "enter room {room}"
    room: Annotated[int, ROOM]


@dataclass(frozen=True, slots=True)
class Leave(Action):
    TEXT = "leave the dungeon"


# ---- choices inside effects --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlaceSkull(Action):
    """Place an emerged skull on a building of the kingdom where it emerged."""

    TEXT = "place the skull on {building}"
    building: Annotated[int, BUILDING]


@dataclass(frozen=True, slots=True)
class TakeGear(Action):
    TEXT = "take {gear}"
    gear: Annotated[int, GEAR]


@dataclass(frozen=True, slots=True)
class LoseGear(Action):
    TEXT = "lose {gear}"
    gear: Annotated[int, GEAR]


@dataclass(frozen=True, slots=True)
class LosePotion(Action):
    TEXT = "lose {potion}"
    potion: Annotated[int, POTION]


@dataclass(frozen=True, slots=True)
class ActivateVirtue(Action):
    TEXT = "activate {virtue}"
    virtue: Annotated[int, VIRTUE]


@dataclass(frozen=True, slots=True)
class TakeMarket(Action):
    TEXT = "take market {slot}"
    slot: Annotated[int, MARKET]


@dataclass(frozen=True, slots=True)
class ReplaceWare(Action):
    """New Wares: replace a treasure of the market."""

    TEXT = "replace market {slot}"
    slot: Annotated[int, MARKET]


# ---- chance ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Release(Action):
    """What the tower lets out next: a skull at an opening or a door, or nothing more."""

    CHANCE = True
    TEXT = "tower: {what}"
    what: Annotated[int, RELEASE]


@dataclass(frozen=True, slots=True)
class SealGlows(Action):
    CHANCE = True
    TEXT = "the seal at {opening} glows"
    opening: Annotated[int, OPENING]


@dataclass(frozen=True, slots=True)
class DrawEvent(Action):
    CHANCE = True
    TEXT = "event {card}"
    card: Annotated[int, EVENT]


@dataclass(frozen=True, slots=True)
class RevealCard(Action):
    CHANCE = True
    TEXT = "battle card {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class RevealRoom(Action):
    CHANCE = True
    TEXT = "revealed: {room}"
    room: Annotated[int, ROOM_KIND]


@dataclass(frozen=True, slots=True)
class SpawnAt(Action):
    CHANCE = True
    TEXT = "spawn at {location}"
    location: Annotated[int, LOCATION]


@dataclass(frozen=True, slots=True)
class DrawPotion(Action):
    CHANCE = True
    TEXT = "draw {potion}"
    potion: Annotated[int, POTION]


@dataclass(frozen=True, slots=True)
class DrawTreasure(Action):
    CHANCE = True
    TEXT = "draw {treasure}"
    treasure: Annotated[int, TREASURE]


@dataclass(frozen=True, slots=True)
class DrawCorruption(Action):
    CHANCE = True
    TEXT = "corruption {corruption}"
    corruption: Annotated[int, CORRUPTION]


@dataclass(frozen=True, slots=True)
class DrawCompanion(Action):
    CHANCE = True
    TEXT = "new companion {companion}"
    companion: Annotated[int, COMPANION]


@dataclass(frozen=True, slots=True)
class DrawQuest(Action):
    CHANCE = True
    TEXT = "monthly quest {quest}"
    quest: Annotated[int, QUEST]


@dataclass(frozen=True, slots=True)
class RollHaggle(Action):
    CHANCE = True
    TEXT = "haggle die {face}"
    face: Annotated[int, HAGGLE]


# ---- the competitive game ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HeroicTest(Action):
    """Heroic action (Quest): complete your heroic test of this type at its location."""

    TEXT = "complete the heroic test of {kind}"
    kind: Annotated[int, TEST_KIND]


@dataclass(frozen=True, slots=True)
class EnterTower(Action):
    """Heroic action (Quest): enter the Tower dungeon from a space next to the Tower."""

    TEXT = "enter the tower dungeon"


@dataclass(frozen=True, slots=True)
class RemoveSeal(Action):
    """After a heroic test: remove the seal from a Tower opening."""

    TEXT = "remove the seal at {opening}"
    opening: Annotated[int, OPENING]


@dataclass(frozen=True, slots=True)
class RestoreSeal(Action):
    """After a heroic test: place a seal back on a Tower opening."""

    TEXT = "restore the seal at {opening}"
    opening: Annotated[int, OPENING]


@dataclass(frozen=True, slots=True)
class TakePotion(Action):
    """No potion left in the deck: take one from another hero instead."""

    TEXT = "take {potion} from seat {seat}"
    seat: Annotated[int, SEAT]
    potion: Annotated[int, POTION]


@dataclass(frozen=True, slots=True)
class OfferAmulet(Action):
    """Put your Amulet of Hope into the trade."""

    TEXT = "offer the amulet of hope"


@dataclass(frozen=True, slots=True)
class AskAmulet(Action):
    """Ask for the other hero's Amulet of Hope in the trade."""

    TEXT = "ask for the amulet of hope"


@dataclass(frozen=True, slots=True)
class DealTest(Action):
    CHANCE = True
    TEXT = "heroic test dealt: {quest}"
    quest: Annotated[int, QUEST]


# ---- main goals (after the rest, so the actions before keep their numbers) -----------------
@dataclass(frozen=True, slots=True)
class GoalQuest(Action):
    """Heroic action (Quest): complete the main goal's quest step on your space."""

    TEXT = "complete the main goal's quest"


# ---- quest items (after the rest, so the actions before keep their numbers) ---------------
@dataclass(frozen=True, slots=True)
class DrawQuestItem(Action):
    CHANCE = True
    TEXT = "quest item {item}"
    item: Annotated[int, QUEST_ITEM_DOMAIN]


@dataclass(frozen=True, slots=True)
class OfferQuestItem(Action):
    """Put one of your quest items into the trade."""

    TEXT = "offer quest item {item}"
    item: Annotated[int, QUEST_ITEM_DOMAIN]


@dataclass(frozen=True, slots=True)
class AskQuestItem(Action):
    """Ask for one of the other hero's quest items in the trade."""

    TEXT = "ask for quest item {item}"
    item: Annotated[int, QUEST_ITEM_DOMAIN]


SPACE = ActionSpace(
    "dark_tower",
    [
        Done, Banner, DoubleMove, Move, Cleanse, Battle, Quest, Explore, Haggle, Reinforce,
        DrinkPotion, TradeWith, Offer, Ask, Propose, Accept, Decline, DropSkull, Improve,
        SpendGear, ReadScroll, Resolve, Retreat, EnterRoom, Leave, PlaceSkull, TakeGear,
        LoseGear, LosePotion, ActivateVirtue, TakeMarket, ReplaceWare, Release, SealGlows,
        DrawEvent, RevealCard, RevealRoom, SpawnAt, DrawPotion, DrawTreasure, DrawCorruption,
        DrawCompanion, DrawQuest, RollHaggle, HeroicTest, EnterTower, RemoveSeal, RestoreSeal,
        TakePotion, OfferAmulet, AskAmulet, DealTest, GoalQuest, DrawQuestItem,
        OfferQuestItem, AskQuestItem,
    ],
    examples=["move to Anza", "battle level-2 foe", "drop a skull"],
)  # fmt: skip
