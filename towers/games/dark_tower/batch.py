"""Many games of Return to Dark Tower stepped together: the batch engine (see
:mod:`towers.core.batch`).

The games live in one flat array of ints, a slice of ``W`` a game at the offsets below: the
state's lists at fixed places (a list that grows with its count before it), the decks'
counts, the tower's drums, seals and skulls, and the pending frames as records of ``FW``
ints (a kind, then the frame's fields; a tuple field as the int of the tuple in ``TUPLES``).
The compiled twin of this file, ``batch_c`` (built from it with the C types of
``batch.pxd``, see :mod:`towers.core.compiled`), steps them in C; the plain-Python text is
its reference and the fallback where it is not built. ``load`` writes a one-game state into
a game's slice and ``state`` reads one back, field for field.

Every option is played (1-4 heroes, Heroic and Gritty, cooperative and competitive, any
main goal, adversary, foes and heroes). The rules of :class:`~.rules.DarkTowerState` are
written again over the arrays for what a game meets all but rarely: the Start of Turn (the
Banner action, potions), the Middle of Turn (moves and the doubling, cleansing, battles
and their cards, the main goal's dungeons and the Tower dungeon's rooms, Reinforce and the
haggle die, potions, trades; which monthly quests, heroic tests and goal quests may be
taken), the End of Turn's drop, the tower's releases and glowing seals, skulls placed, the
events, the effects and the choices they open, the deck draws, the months. The rest is
played by the one-game rules on a state read from the arrays and written back once a seat
decides: completing a quest (a monthly one, the main goal's, a heroic test), entering the
Tower dungeon, the companions and quest items drawn, the heroic tests dealt, the seals a
test moves, a potion taken from another hero, and a hero's elimination; the same rules, so
the same games whichever way an action goes. ``heuristics`` (``bots.evaluate_all`` written
again over the arrays) and ``observation_tensor`` (a seat's own heroic tests shown, the
others' hidden until completed) read the arrays, no state made, and give the state's floats.
The tests hold every action of many games to the one-game engine, field by field, in both
texts.

Randomness: each game keeps its own ``random.Random``; a chance node takes one float of it
and picks the outcome as :func:`towers.core.chance.sample_chance` does (the walk of
``draws.sample_chance``, the same float additions in the same order), a random playout picks
``legal[int(r * len(legal))]`` as :func:`towers.bench.play_random_game` does.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Sequence
from dataclasses import fields as dataclass_fields
from typing import Any

from towers.core.batch import check_state, checked_choosers, chooser_list, generator
from towers.core.compiled import twin
from towers.core.components import Deck
from towers.core.frames import DecisionStack
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import bots as _bots
from towers.games.dark_tower import constants as _constants
from towers.games.dark_tower import data as _data
from towers.games.dark_tower import draws as _draws
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import hero as _hero
from towers.games.dark_tower import legality as _legality
from towers.games.dark_tower import skulls as _skulls
from towers.games.dark_tower import tensor as _tensor
from towers.games.dark_tower import tower as _tower
from towers.games.dark_tower.constants import G, flat
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.tower import Tower

DRAWS = twin(_draws)
DECK_SIZES = (len(_tensor.TREASURES), 18, len(DATA.corruptions), len(DATA.events))
"""What the tensor divides each deck's cards left by."""

# the ints of the rules, copied here so that the compiled twin holds them as C longs
BANNER = _constants.BANNER
BATTLE = _constants.BATTLE
CAPACITY = _constants.CAPACITY
CLEANSE = _constants.CLEANSE
DONE = _constants.DONE
DOUBLE = _constants.DOUBLE
DROP = _constants.DROP
EXPLORE = _constants.EXPLORE
HEROIC_SPIRIT = _constants.HEROIC_SPIRIT
LOSING_CORRUPTIONS = _constants.LOSING_CORRUPTIONS
MAX_STATUS = _constants.MAX_STATUS
MONTHS = _constants.MONTHS
MOVE = _constants.MOVE
N_FOES = _constants.N_FOES
N_GEAR = _constants.N_GEAR
N_LOC = _constants.N_LOC
N_POTIONS = _constants.N_POTIONS
PLACE = _constants.PLACE
POTION = _constants.POTION
REINFORCE = _constants.REINFORCE
ROOMS = _constants.ROOMS
TESTS = _constants.TESTS
TRADE = _constants.TRADE
CORRUPTION = _data.CORRUPTION
GAIN_GEAR = _data.GAIN_GEAR
GAIN_MARKET = _data.GAIN_MARKET
GAIN_POTION = _data.GAIN_POTION
GAIN_SPIRIT = _data.GAIN_SPIRIT
GAIN_TREASURE = _data.GAIN_TREASURE
GAIN_VIRTUE = _data.GAIN_VIRTUE
GAIN_WARRIORS = _data.GAIN_WARRIORS
LOSE_GEAR = _data.LOSE_GEAR
LOSE_POTION = _data.LOSE_POTION
LOSE_SPIRIT = _data.LOSE_SPIRIT
LOSE_WARRIORS = _data.LOSE_WARRIORS
STEAL = _data.STEAL
WILD = _data.WILD
SKULL_EFFECT = _data.SKULLS
BASE = _tower.BASE
STILL = _tower.STILL
BUILDING_AT = tuple(_constants.BUILDING_AT)
DISTANCES = tuple(tuple(row) for row in _constants.DISTANCES)
SEATS = 4
N_TREASURES = len(DATA.treasures)
N_CORRUPTIONS = len(DATA.corruptions)
N_COMPANIONS = len(DATA.companions)
N_QUEST_ITEMS = len(DATA.quest_items)
N_QUESTS = len(DATA.quests)
N_BUILDINGS = len(DATA.buildings)
N_EVENTS = len(DATA.events)
MARKET = 3
HELD = 24  # room for a hero's treasures, corruptions, companions or quest items
FW = 10  # a pending frame: its kind, then up to nine fields
STACK = 64  # frames on the pending stack at most

# ---- the ints of a game: offsets in its slice of S -----------------------------------------
SCALARS = (
    "supply", "out_of_game", "in_hand", "adversary_at", "adv_left", "adv_card", "adv_rung",
    "goal_step", "cleared", "month", "turns_left", "current", "banner_used", "moves_left",
    "moved", "doubled", "heroic_done", "reinforced", "haggle", "haggle_at", "base_move",
    "traded", "refused", "result", "winner",
)  # fmt: skip
BOOLS = frozenset(
    ("banner_used", "moved", "doubled", "heroic_done", "reinforced", "traded", "eliminated")
)
(
    SUPPLY, OUT, IN_HAND, ADV_AT, ADV_LEFT, ADV_CARD, ADV_RUNG, GOAL_STEP, CLEARED, MONTH,
    TURNS_LEFT, CURRENT, BANNER_USED, MOVES_LEFT, MOVED, DOUBLED, HEROIC_DONE, REINFORCED,
    HAGGLE, HAGGLE_AT, BASE_MOVE, TRADED, REFUSED, RESULT, WINNER,
) = range(len(SCALARS))  # fmt: skip
PER_SEAT = ("at", "warriors", "spirit", "virtues", "tests_done", "amulets", "eliminated")
AT = len(SCALARS)
WARRIORS = AT + SEATS
SPIRIT = WARRIORS + SEATS
VIRTUES = SPIRIT + SEATS
TESTS_DONE = VIRTUES + SEATS
AMULETS = TESTS_DONE + SEATS
ELIMINATED = AMULETS + SEATS
GEAR = ELIMINATED + SEATS  # each seat's gear by kind
POTIONS = GEAR + SEATS * N_GEAR
TESTS_DEALT = POTIONS + SEATS * N_POTIONS  # each seat's heroic test of each type
HELD_LISTS = ("treasures", "corruptions", "companions", "quest_items")
LISTS = TESTS_DEALT + SEATS * TESTS  # each seat's held lists: a count, then HELD items
LW = 1 + HELD
FOES = LISTS + len(HELD_LISTS) * SEATS * LW
STATUS = FOES + N_LOC * N_FOES
SKULLS = STATUS + N_FOES
ROOMS_AT = SKULLS + N_BUILDINGS
MARKET_AT = ROOMS_AT + ROOMS
MONTHLY = MARKET_AT + MARKET
COMPANIONS_LEFT = MONTHLY + 2  # a count, then the companions
QUESTS_DEALT = COMPANIONS_LEFT + 1 + N_COMPANIONS  # a count, then the quests
DECKS = ("treasure_deck", "potion_deck", "corruption_deck", "event_deck")
DECK_KINDS = (N_TREASURES, N_POTIONS, N_CORRUPTIONS, N_EVENTS)
TREASURE_DECK = QUESTS_DEALT + 1 + N_QUESTS
POTION_DECK = TREASURE_DECK + N_TREASURES
CORRUPTION_DECK = POTION_DECK + N_POTIONS
EVENT_DECK = CORRUPTION_DECK + N_CORRUPTIONS
DECK_AT = (TREASURE_DECK, POTION_DECK, CORRUPTION_DECK, EVENT_DECK)
DRUMS = EVENT_DECK + N_EVENTS  # the tower: each drum's turn
SEALS = DRUMS + 3  # seals[level * 4 + slot], 1 while on
RESTING = SEALS + 12
LOOSE = RESTING + 3
RELEASING = LOOSE + 3
DROPPED = RELEASING + 1
EMERGED = DROPPED + 1
LENGTH = EMERGED + 1  # actions played since the reset, chance included
DEC = LENGTH + 1  # decisions each seat took
DEPTH = DEC + SEATS  # frames pending
PENDING = DEPTH + 1  # the frames, the top last, FW ints each
W = PENDING + STACK * FW

# ---- the rules' tables ---------------------------------------------------------------------
ADVERSARY = A.ADVERSARY
QUEST_WHAT = ("warriors", "spirit", "gear", "potions", "treasures", "virtues", "advantages")
Q_WARRIORS, Q_SPIRIT, Q_GEAR, Q_POTIONS, Q_TREASURES, Q_VIRTUES, Q_ADVANTAGES = range(7)
TESTS_TO_ENTER = _constants.TESTS_TO_ENTER
TEST = _constants.TEST
ENTER_TOWER = _constants.ENTER_TOWER
GOAL_QUEST = _constants.GOAL_QUEST
QUEST = _constants.QUEST
PROPOSE = _constants.PROPOSE
ACCEPT = _constants.ACCEPT
ANSWERS = tuple(sorted([ACCEPT, _constants.DECLINE]))
OFFER = _constants.OFFER
ASK = _constants.ASK
OFFER_AMULET = _constants.OFFER_AMULET
ASK_AMULET = _constants.ASK_AMULET
OFFER_QUEST_ITEM = _constants.OFFER_QUEST_ITEM
ASK_QUEST_ITEM = _constants.ASK_QUEST_ITEM
N_ITEMS = len(A.ITEM_WORDS)
GEAR_ITEM = A.GEAR_ITEM
POTION_ITEM = A.POTION_ITEM
TREASURE_ITEM = A.TREASURE_ITEM
COMPANION_ITEM = A.COMPANION_ITEM
AMULET_ITEM = A.AMULET_ITEM
QUEST_ITEM = A.QUEST_ITEM
ENTER = _constants.ENTER
TARGET = A.TARGET
ROOM_KINDS = len(DATA.dungeon_types[0].rooms)
DUNGEONS = tuple(DATA.dungeon_types)
TOWER_DUNGEON = DUNGEONS.index(_constants.TOWER_DUNGEON)
DUNGEON_AT = tuple(loc.dungeon_type for loc in DATA.locations)
DUNGEON_ADVANTAGE = tuple(d.advantage for d in DUNGEONS)
AUTOMATIC_KINDS = frozenset((*F.AUTOMATIC, F.CorruptionDraw))
HAGGLE_ACTION = _constants.HAGGLE
GEAR_ACTION = _constants.GEAR
SCROLL = _constants.SCROLL
IMPROVE = _constants.IMPROVE
RESOLVE = _constants.RESOLVE
RETREAT = _constants.RETREAT
LEAVE = _constants.LEAVE
MAX_ADVANTAGES = _legality.MAX_ADVANTAGES
BUILDING_TYPE = _legality.BUILDING_TYPE
SCROLL_SPEND = tuple(t.spend for t in DATA.treasures)
P_ADVANTAGES = tuple(p.advantages for p in DATA.potions)
P_HAS_EFFECTS = tuple(bool(p.effects) for p in DATA.potions)
LADDER = 1 + max(len(card) for foe in DATA.foes for row in foe.battle for card in row)
"""A battle card's ladder in ``ladders``: its length, then each rung's effects."""
MARKET_ACTION = _constants.MARKET
TAKE_GEAR = _constants.TAKE_GEAR
LOSE_G = _constants.LOSE_G
LOSE_P = _constants.LOSE_P
VIRTUE = _constants.VIRTUE
WARES = _constants.WARES
DOUBLE_COST = int(G["move"]["double_cost"])
MOVES = _legality.MOVES
CANCEL = _legality.CANCEL
NO_ADVANTAGES = _legality.NO_ADVANTAGES
QUEST_AT = _legality.QUEST_AT
BORDERS_TOWER = _legality.BORDERS_TOWER
P_CLEANSE = tuple(bool(p.cleanse) for p in DATA.potions)
P_REMOVE_FOE = tuple(p.remove_foe for p in DATA.potions)
P_MOVES = tuple(p.moves for p in DATA.potions)
KINGDOM_BUILDINGS = _skulls.KINGDOM_BUILDINGS
BUILDING_KINGDOM = tuple(x.kingdom for x in DATA.buildings)
TERRAINS = sorted(
    {loc.terrain for loc in DATA.locations} | {t.perk.terrain for t in DATA.treasures}
)
LOC_TERRAIN = tuple(TERRAINS.index(loc.terrain) for loc in DATA.locations)
T_TERRAIN = tuple(TERRAINS.index(t.perk.terrain) if t.perk.terrain else -1 for t in DATA.treasures)
T_ADVANTAGE = tuple(t.perk.advantage for t in DATA.treasures)
T_MOVE = tuple(t.perk.move for t in DATA.treasures)
T_HEROIC = tuple(t.perk.heroic for t in DATA.treasures)
TREASURE_MOVE = _hero._TREASURE_MOVE
HELD_PERKS = (
    DATA.corruptions,
    DATA.companions,
    tuple(q.perk for q in DATA.quest_items),
)
"""The perks of what a hero holds, in the order of HELD_LISTS after the treasures."""
ITEM_PERKS = (tuple(t.perk for t in DATA.treasures), *HELD_PERKS)
PERK_FIRST = tuple(sum(len(p) for p in ITEM_PERKS[:k]) for k in range(4))
"""Where each held list's perks start in a game's perk tables (``pa_*``)."""
PERK_MOVE = tuple(tuple(p.move for p in perks) for perks in HELD_PERKS)
PERK_HEROIC = tuple(tuple(p.heroic for p in perks) for perks in HELD_PERKS)
_TOWER = Tower.calibrated().data
CAPACITIES = tuple(ledge.capacity for ledge in _TOWER.ledges)
SPILL_AT = tuple(ledge.spill_at for ledge in _TOWER.ledges)
KNOCK = tuple(ledge.knock for ledge in _TOWER.ledges)
CATCH = tuple(ledge.catch for ledge in _TOWER.ledges)
ESCAPE = tuple(ledge.escape for ledge in _TOWER.ledges)
DOOR_WEIGHTS = tuple(_TOWER.door_weights)
DOOR_TOTAL = sum(_TOWER.door_weights)

# ---- the frames, as records ----------------------------------------------------------------
KINDS = tuple(dict.fromkeys((*F.DECISIONS, *F.CHANCE_FRAMES, *F.AUTOMATIC)))
KIND_OF = {kind: k for k, kind in enumerate(KINDS)}
FIELDS = tuple(tuple(f.name for f in dataclass_fields(kind)) for kind in KINDS)
TUPLE_FIELDS = frozenset(("offer", "ask", "effects"))
K_START_TURN = KIND_OF[F.StartTurn]
K_TURN = KIND_OF[F.Turn]
K_PLACE_SKULL = KIND_OF[F.PlaceSkull]
K_RELEASING = KIND_OF[F.Releasing]
K_SKULL_DROPS = KIND_OF[F.SkullDrops]
K_END_TURN = KIND_OF[F.EndTurn]
K_EVENT_DRAW = KIND_OF[F.EventDraw]
K_EFFECTS = KIND_OF[F.Effects]
K_SPAWN = KIND_OF[F.Spawn]
K_BATTLING = KIND_OF[F.Battling]
K_EXPLORING = KIND_OF[F.Exploring]
K_TRADE = KIND_OF[F.Trade]
K_TRADE_ANSWER = KIND_OF[F.TradeAnswer]
K_ROOM_REVEAL = KIND_OF[F.RoomReveal]
K_CHOOSE_GEAR = KIND_OF[F.ChooseGear]
K_DISCARD_GEAR = KIND_OF[F.DiscardGear]
K_DISCARD_POTION = KIND_OF[F.DiscardPotion]
K_CHOOSE_VIRTUE = KIND_OF[F.ChooseVirtue]
K_CHOOSE_MARKET = KIND_OF[F.ChooseMarket]
K_TREASURE_DRAW = KIND_OF[F.TreasureDraw]
K_POTION_DRAW = KIND_OF[F.PotionDraw]
K_CARD_REVEAL = KIND_OF[F.CardReveal]
K_HAGGLE_ROLL = KIND_OF[F.HaggleRoll]
K_SEAL_GLOW = KIND_OF[F.SealGlow]
K_NEW_WARES = KIND_OF[F.NewWares]
K_HEROIC_DONE = KIND_OF[F.HeroicDone]
K_CORRUPTION_DRAW = KIND_OF[F.CorruptionDraw]
K_QUEST_DRAW = KIND_OF[F.QuestDraw]
IS_CHANCE = tuple(kind in F.CHANCE_KINDS for kind in KINDS)
IS_AUTOMATIC = tuple(kind in F.AUTOMATIC or kind is F.CorruptionDraw for kind in KINDS)
TUPLES: list[tuple[int, ...]] = []
"""The tuples frames hold (effects, a trade's items), by the int a record holds for each."""
TUPLE_ID: dict[tuple[int, ...], int] = {}


def tuple_id(value: tuple[int, ...]) -> int:
    """The int a frame record holds for a tuple (made once for each tuple met)."""
    found = TUPLE_ID.get(value)
    if found is None:
        found = TUPLE_ID[value] = len(TUPLES)
        TUPLES.append(value)
    return found


REST: list[int] = []
"""The int of each tuple's rest after its first effect (its first two ints)."""


def rest_of(t: int) -> int:
    """The int of the tuple ``t`` without its first effect."""
    while len(REST) <= t:
        REST.append(-1)
    found = REST[t]
    if found < 0:
        found = REST[t] = tuple_id(TUPLES[t][2:])
    return found


ONE_CORRUPTION = tuple_id((CORRUPTION, 1))
EMPTY = tuple_id(())


def pick_uniform(n: int, r: float) -> int:
    """The index the draw ``r`` picks among ``n`` outcomes of probability ``1.0 / n`` each,
    walked as sample_chance walks them."""
    p = 1.0 / n
    acc = 0.0
    for i in range(n):
        acc += p
        if r < acc:
            return i
    return n - 1


EV_CATEGORIES = ("foes_strike", "foes_spawn", "foes_grow", "tower_stirs", "tower_acts",
                 "companion", "new_wares", "calm")  # fmt: skip
EV_STRIKE, EV_SPAWN, EV_GROW, EV_STIRS, EV_ACTS, EV_COMPANION, EV_NEW_WARES, EV_CALM_ONLY = range(8)
"""The categories of events.event (a "calm" card does nothing there)."""
EV_CATEGORY = tuple(
    EV_CATEGORIES.index(e.category) if e.category in EV_CATEGORIES else -1 for e in DATA.events
)
EV_FOE = tuple(e.foe for e in DATA.events)
EV_COUNT = tuple(e.count for e in DATA.events)
EV_SEAL = tuple(bool(e.seal) for e in DATA.events)
EV_LEVEL = tuple(e.level for e in DATA.events)
EV_STEPS = tuple(e.steps for e in DATA.events)
EV_CALM = tuple(bool(e.calm) for e in DATA.events)
P_EFFECTS = tuple(tuple_id(flat(p.effects)) for p in DATA.potions)
DUNGEON_TARGET = tuple(tuple_id(flat(d.target[rung])) for d in DUNGEONS for rung in (0, 1))
DUNGEON_ROOMS = tuple(
    tuple_id(flat(d.rooms[k][1][rung]))
    for d in DUNGEONS
    for k in range(ROOM_KINDS)
    for rung in (0, 1)
)
EV_EFFECTS = tuple(tuple_id(flat(e.effects)) for e in DATA.events)
LOOSENS_ROTATE = _TOWER.loosens("rotate") != "none"
LOOSENS_BREAK = _TOWER.loosens("break_seal") != "none"
GLOW = tuple(_TOWER.glow_weights)
_BATTLE_GLYPH = next(glyph for glyph in _TOWER.glyphs if glyph.id == "battle")
BATTLE_GLYPH_LEVEL = _BATTLE_GLYPH.level
BATTLE_GLYPH_SIDE = _BATTLE_GLYPH.side_at_calibration
LOC_KINGDOM = tuple(loc.kingdom for loc in DATA.locations)
ADJACENT = tuple(tuple(a) for a in DATA.adjacent)


def engine_for(game: Any, size: int) -> DarkTowerBatch | None:
    """The batch engine of ``size`` games of ``game``: every option is played (what the
    arrays do not cover is played by the one-game rules, see the module docstring)."""
    return DarkTowerBatch(game, size)


class DarkTowerBatch:
    """``size`` games of Return to Dark Tower in one array (see the module docstring)."""

    def __init__(self, game: Any, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.players = game.num_players
        self.S = array("i", bytes(4 * W * size))
        self.rngs = [random.Random(0)] * size
        self.draws = [r.random for r in self.rngs]
        self.choosers = [None] * size
        self.endings = [""] * size
        self.live = [None] * size  # each game as a state while one mirrors its arrays
        self.tower_data = _TOWER
        self.tensor = None  # the observation tensor and its tables, made at its first use
        self.tensor_size = 0
        self.V = array("d", [0.0])
        self.kind_place = self.kind_seat = self.loc_place = self.gear_place = array("i", [0])
        self.potion_place = self.treasure_place = self.companion_place = self.item_place = (
            self.kind_place
        )
        self.status_place = self.haggle_place = self.n_default = self.n_virtues = self.kind_place
        self.glyph_level = self.glyph_side = self.quest_place = self.test_slot = self.kind_place
        self.test_kinds = self.kind_place
        self.far = None  # the heuristic's tables, made at its first use
        self.competitive = bool(game.competitive)
        self.month_turns = game.month_turns
        self.foe_status = game.foe_status
        self.home_of = list(game.home_of)
        self.adversary_defeated = f"{DATA.foes[game.adversary].name} is defeated"
        heroes = game.heroes
        self.banner = [tuple_id(flat(h.banner)) for h in heroes]
        self.board_move = [h.move + sum(v.move for v in h.default_virtues) for h in heroes]
        self.virtue_move = [0] * (3 * SEATS)
        self.kingdom_move = [0] * SEATS
        for seat, h in enumerate(heroes):
            for i, v in enumerate(h.virtues):
                self.virtue_move[seat * 3 + i] = v.move
            self.kingdom_move[seat] = DATA.kingdom_virtues[game.kingdoms[seat]].move
        self.enhanced_cost = [game.building_types[x.type].enhanced_cost for x in DATA.buildings]
        perks = [p for row in ITEM_PERKS for p in row]
        self.board_perks = []
        self.virtue_perks = [0] * (3 * SEATS)
        self.kingdom_perk = [0] * SEATS
        for seat, h in enumerate(heroes):
            self.board_perks.append(list(range(len(perks), len(perks) + len(h.default_virtues))))
            perks += h.default_virtues
            for i, v in enumerate(h.virtues):
                self.virtue_perks[seat * 3 + i] = len(perks)
                perks.append(v)
            self.kingdom_perk[seat] = len(perks)
            perks.append(DATA.kingdom_virtues[game.kingdoms[seat]])
        self.pa_advantage = [p.advantage for p in perks]
        self.pa_advantages = [p.advantages for p in perks]
        self.pa_reinforce = [p.reinforce for p in perks]
        self.pa_heroic = [p.heroic for p in perks]
        self.reinforcements = {}
        slots = [DATA.foes[f] for f in game.foes] + [DATA.foes[game.adversary]]
        self.traits = [sum(1 << t for t in set(foe.traits)) for foe in slots]
        self.foe_level = [foe.level for foe in slots]
        self.gear_advantage = [x.advantage for x in game.gear]
        self.ladders = [0] * (4 * 5 * 4 * LADDER)
        for f, foe in enumerate(slots):
            for row in range(len(foe.battle)):
                for card in range(len(foe.battle[row])):
                    at = ((f * 5 + row) * 4 + card) * LADDER
                    rungs = foe.battle[row][card]
                    self.ladders[at] = len(rungs)
                    for i, result in enumerate(rungs):
                        self.ladders[at + 1 + i] = tuple_id(flat(result))
        self.event_counts = list(game.event_counts)
        foes = [DATA.foes[f] for f in game.foes]
        self.foe_tokens = [foe.tokens for foe in foes]
        self.strike_moves = [foe.strike_moves[k] for foe in foes for k in range(5)]
        self.strikes = [tuple_id(flat(foe.strike[k])) for foe in foes for k in range(5)]
        self.adversary_advance = tuple_id(flat(DATA.foes[game.adversary].advance))
        self.gear_count = [x.count for x in DATA.gear]
        self.adversary_strike = tuple_id(flat(DATA.foes[game.adversary].strike[0]))
        quests = [*DATA.quests, *game.goal.quests]
        self.quest_what = [-1 if q is None else QUEST_WHAT.index(q.what) for q in quests]
        self.quest_amount = [0 if q is None else q.amount for q in quests]
        self.quest_same = [q is not None and q.qualifier == "all-same" for q in quests]
        self.goal_treasures = [step[1] for step in game.goal.steps]
        self.adversary_spawn = game.goal.adversary_spawn
        goal = game.goal
        self.goal_steps = [step[0] for step in goal.steps]
        self.goal_dungeon = [goal.is_dungeon(i) for i in range(len(goal.steps))]

    # ---- the protocol --------------------------------------------------------------------
    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Any] | None] | None = None,
    ) -> None:
        self.choosers = checked_choosers(self.size, seeds, choosers)
        self.rngs = [generator(s) for s in seeds]
        self.draws = [r.random for r in self.rngs]
        first = self.game.new_initial_state()
        for g in range(self.size):
            _write(self, g, first)
            _resolve(self, g)

    def load(
        self,
        g: int,
        state: Any,
        rng: int | random.Random | None = None,
        choosers: Sequence[Any] | None = None,
    ) -> None:
        check_state(self.game, state)
        self.rngs[g] = generator(rng)
        self.draws[g] = self.rngs[g].random
        self.choosers[g] = chooser_list(choosers)
        _write(self, g, state)
        _resolve(self, g)

    def current_player(self, g: int) -> int:
        return _current(self, g)

    def is_terminal(self, g: int) -> bool:
        return self.S[g * W + RESULT] != 0

    def length(self, g: int) -> int:
        return self.S[g * W + LENGTH]

    def decisions(self, g: int) -> list[int]:
        b = g * W + DEC
        return [self.S[b + p] for p in range(self.players)]

    def returns(self, g: int) -> list[float]:
        return self.state(g).returns()  # type: ignore[no-any-return]

    def heuristics(self, g: int) -> list[float]:
        """Every seat's heuristic: the floats of ``bots.evaluate_all`` of its state, read
        from the arrays."""
        if self.far is None:
            heuristic_tables(self)
        return heuristics_of(self, g)

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """The seat's tensor: the floats of ``tensor.encode(state.observation(seat))``, read
        from the arrays (from a state read from them if the tensor's parts are not those
        :func:`write_observation` writes)."""
        if self.tensor is None:
            tensor_tables(self)
        if not self.tensor_size:
            out[:] = self.tensor.encode(self.state(g).observation(seat))
            return
        write_observation(self, g, seat)
        out[:] = self.V

    def legal_actions(self, g: int) -> list[int]:
        return _legal(self, g)

    def legal_mask(self, g: int, mask: Any) -> None:
        for a in _legal(self, g):
            mask[a] = 1

    def apply(self, g: int, action: int) -> None:
        _apply(self, g, action)

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        _play_out(self, g, decisions, until)

    def play_random(self) -> list[int]:
        for g in range(self.size):
            _play_out(self, g, -1, -1)
        return [self.S[g * W + LENGTH] for g in range(self.size)]

    def write(self, g: int, state: Any) -> None:
        """Game g set to ``state`` (its history and decisions counted from 0)."""
        _write(self, g, state)

    def state(self, g: int) -> Any:
        """Game ``g`` as a one-game state (an empty history)."""
        return _read(self, g)


# ---- the observation tensor, read from the arrays ------------------------------------------
TENSOR_PARTS = (
    "decision", "time", "turn", "heroes", "foes", "adversary", "buildings", "skulls", "tower",
    "goal", "table",
)  # fmt: skip
"""The parts of ``tensor.dark_tower_tensor`` that :func:`write_observation` writes, in order
(and "race" in the competitive game)."""
T_MONTHS = _tensor.MONTHS
T_GOAL_STEPS = _tensor.GOAL_STEPS
T_ROOM_KINDS = _tensor.ROOM_KINDS
T_SKULLS = _tensor.SKULLS
T_FRAMES = len(_tensor.FRAME_NAMES)
T_TREASURES = len(_tensor.TREASURES)
T_COMPANIONS = len(_tensor.COMPANIONS)
T_ITEMS = len(_tensor.QUEST_ITEMS)
T_QUESTS = len(_tensor.QUESTS)
T_GEAR = len(_tensor.GEAR)
T_POTIONS = len(_tensor.POTIONS)
T_GLYPHS = len(_tensor.GLYPHS)
T_VIRTUES = len(_tensor.VIRTUES)
T_STATUSES = len(_data.STATUSES)
WARRIOR_SCALE = _tensor.WARRIOR_SCALE
SPIRIT_SCALE = _tensor.SPIRIT_SCALE
MOVE_SCALE = _tensor.MOVE_SCALE
TOKEN_SCALE = _tensor.TOKEN_SCALE


def tensor_tables(e: DarkTowerBatch) -> None:
    """The tensor of e's game and what :func:`write_observation` reads besides the arrays:
    the place of each thing the arrays name by its index among the tensor's names."""
    from towers.core.registry import tensor_of

    game = e.game
    tensor = tensor_of(game)
    t = _tensor
    names = tuple(p.name for p in tensor.parts)
    same = names == TENSOR_PARTS + (("race",) if e.competitive else ())
    same = same and len(set(t.GEAR)) == len(t.GEAR) and len(set(t.POTIONS)) == len(t.POTIONS)
    same = same and len(set(t.BUILDINGS)) == len(t.BUILDINGS) and len(game.foes) == N_FOES
    same = same and len(set(t.VIRTUES)) == len(t.VIRTUES) == TESTS
    glyphs = {x.id: x for x in e.tower_data.glyphs}
    same = same and all(name in glyphs for name in t.GLYPHS)
    if same:
        faces = DATA.haggle_faces
        e.kind_place = ints(t.FRAME_NAMES.index(kind.frame_name()) for kind in KINDS)
        e.kind_seat = ints(1 + f.index("seat") if "seat" in f else 0 for f in FIELDS)
        e.loc_place = ints(t.LOCATIONS[x.name] for x in DATA.locations)
        e.gear_place = ints(t.GEAR.index(x.name) for x in DATA.gear)
        e.potion_place = ints(t.POTIONS.index(x.name) for x in DATA.potions)
        e.treasure_place = ints(t.TREASURES[x.name] for x in DATA.treasures)
        e.companion_place = ints(t.COMPANIONS[x.name] for x in DATA.companions)
        e.item_place = ints(t.QUEST_ITEMS[x.name] for x in DATA.quest_items)
        e.status_place = ints(_data.STATUSES.index(x) for x in _data.STATUSES)
        e.haggle_place = ints(faces.index(x) for x in faces)
        e.n_default = ints(len(h.default_virtues) for h in game.heroes)
        e.n_virtues = ints(len(h.virtues) for h in game.heroes)
        e.glyph_level = ints(glyphs[name].level for name in t.GLYPHS)
        e.glyph_side = ints(glyphs[name].side_at_calibration for name in t.GLYPHS)
        e.quest_place = ints(t.QUESTS[x.name] for x in DATA.quests)
        e.test_slot = ints(t.TEST_SLOT.get(x.name, -1) for x in DATA.quests)
        e.test_kinds = ints(len(names) for names in t.TESTS_OF_KIND)
        e.V = array("d", [0.0]) * tensor.size
    e.tensor_size = tensor.size if same else 0
    e.tensor = tensor


def ints(values: Any) -> Any:
    return array("i", [int(v) for v in values])


def capped(value: float, scale: float) -> float:
    """``tensor.capped``: value / scale, within 0..1."""
    v = value / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def write_observation(e: DarkTowerBatch, g: int, seat: int) -> None:
    """``e.V`` set to the observation tensor of ``seat`` in game ``g``: the parts of
    ``tensor.dark_tower_tensor`` in order, each float the same division of the same ints."""
    V = e.V
    S = e.S
    b = g * W
    n = e.players
    for i in range(e.tensor_size):
        V[i] = 0.0
    result = S[b + RESULT]
    depth = S[b + DEPTH]
    if depth and result != 1 and result != -1:  # the decision or draw now, and who decides
        top = b + PENDING + (depth - 1) * FW
        k = S[top]
        V[e.kind_place[k]] = 1.0
        x = e.kind_seat[k]
        if x and 0 <= S[top + x] < n:
            V[T_FRAMES + S[top + x]] = 1.0
    at = T_FRAMES + n
    x = S[b + MONTH] - 1  # the month and the turn
    if 0 <= x < T_MONTHS:
        V[at + x] = 1.0
    at += T_MONTHS
    V[at] = capped(S[b + TURNS_LEFT], 9)
    x = S[b + CURRENT]
    if 0 <= x < n:
        V[at + 1 + x] = 1.0
    at += 1 + n
    V[at] = 1.0 if result == 1 else 0.0
    V[at + 1] = 1.0 if result == -1 else 0.0
    at += 2
    V[at] = 1.0 if S[b + BANNER_USED] else 0.0
    x = S[b + MOVES_LEFT]
    V[at + 1] = capped(x if x > 0 else 0, MOVE_SCALE)
    V[at + 2] = 1.0 if S[b + MOVED] else 0.0
    V[at + 3] = 1.0 if S[b + DOUBLED] else 0.0
    V[at + 4] = 1.0 if S[b + HEROIC_DONE] else 0.0
    V[at + 5] = 1.0 if S[b + REINFORCED] else 0.0
    V[at + 6] = 1.0 if S[b + TRADED] else 0.0
    if S[b + HAGGLE] >= 0:
        V[at + 7 + e.haggle_place[S[b + HAGGLE]]] = 1.0
    at = write_heroes(e, b, at + 13)
    for f in range(N_FOES):  # the foes
        V[at + e.status_place[S[b + STATUS + f]]] = 1.0
        at += T_STATUSES
        for loc in range(N_LOC):
            x = S[b + FOES + loc * N_FOES + f]
            if x:
                V[at + e.loc_place[loc]] = capped(x, TOKEN_SCALE)
        at += N_LOC
    if S[b + ADV_AT] >= 0:  # the adversary
        V[at + e.loc_place[S[b + ADV_AT]]] = 1.0
    at += N_LOC
    V[at] = capped(S[b + ADV_LEFT], 5)
    if 0 <= S[b + ADV_CARD] < 4:
        V[at + 1 + S[b + ADV_CARD]] = 1.0
    V[at + 5] = capped(S[b + ADV_RUNG], 8)
    at += 6
    for i in range(N_BUILDINGS):
        x = S[b + SKULLS + i]
        if x < 0:
            V[at + 1] = 1.0
        else:
            V[at] = x / 3
        at += 2
    at = write_tower(e, b, at)
    write_table(e, b, at, seat)


def write_heroes(e: DarkTowerBatch, b: int, at: int) -> int:
    """The heroes part (every seat's the same); the place after it."""
    V = e.V
    S = e.S
    for s in range(e.players):
        V[at + e.loc_place[S[b + AT + s]]] = 1.0
        at += N_LOC
        V[at] = capped(S[b + WARRIORS + s], WARRIOR_SCALE)
        V[at + 1] = capped(S[b + SPIRIT + s], SPIRIT_SCALE)
        at += 2
        for k in range(N_GEAR):
            x = S[b + GEAR + s * N_GEAR + k]
            if x:
                V[at + e.gear_place[k]] = capped(x, 3)
        at += T_GEAR
        for k in range(N_POTIONS):
            x = S[b + POTIONS + s * N_POTIONS + k]
            if x:
                V[at + e.potion_place[k]] = capped(x, 3)
        at += T_POTIONS
        held = b + LISTS + s * LW  # the treasures, then the companions and the quest items
        for i in range(S[held]):
            V[at + e.treasure_place[S[held + 1 + i]]] = 1.0
        at += T_TREASURES
        held = b + LISTS + (2 * SEATS + s) * LW
        for i in range(S[held]):
            V[at + e.companion_place[S[held + 1 + i]]] = 1.0
        at += T_COMPANIONS
        held = b + LISTS + (3 * SEATS + s) * LW
        for i in range(S[held]):
            V[at + e.item_place[S[held + 1 + i]]] = 1.0
        at += T_ITEMS
        V[at] = capped(S[b + LISTS + (SEATS + s) * LW], 3)
        bits = S[b + VIRTUES + s]
        count = e.n_default[s] + (bits >> 3 & 1)
        for i in range(e.n_virtues[s]):
            count += bits >> i & 1
        V[at + 1] = capped(count, 6)
        at += 2
    return at


def write_tower(e: DarkTowerBatch, b: int, at: int) -> int:
    """The skulls, tower and goal parts; the place after them."""
    V = e.V
    S = e.S
    V[at] = capped(S[b + SUPPLY], T_SKULLS)
    inside = 0
    for i in range(3):
        inside += S[b + RESTING + i] + S[b + LOOSE + i]
    V[at + 1] = capped(inside, T_SKULLS)
    V[at + 2] = capped(S[b + OUT], T_SKULLS)
    V[at + 3] = capped(S[b + IN_HAND], T_SKULLS)
    at += 4
    for level in range(3):  # each drum's turn, then each opening sealed
        x = S[b + DRUMS + level]
        if 0 <= x < 4:
            V[at + 4 * level + x] = 1.0
    at += 12
    for level in range(3):
        for side in range(4):
            slot = (side - S[b + DRUMS + level] + 4) % 4
            V[at + 4 * level + side] = 1.0 if S[b + SEALS + 4 * level + slot] == 1 else 0.0
    at += 12
    for i in range(T_GLYPHS):  # the side each glyph faces
        side = (e.glyph_side[i] + S[b + DRUMS + e.glyph_level[i]]) % 4
        V[at + 4 * i + side] = 1.0
    at += 4 * T_GLYPHS
    V[at] = 1.0 if S[b + RELEASING] == 1 else 0.0
    at += 1
    x = S[b + GOAL_STEP]  # the main goal, and the rooms of the dungeon
    if 0 <= x <= T_GOAL_STEPS:
        V[at + x] = 1.0
    at += T_GOAL_STEPS + 1
    for r in range(ROOMS):
        x = S[b + ROOMS_AT + r]
        if 0 <= x < T_ROOM_KINDS:
            V[at + x] = 1.0
        V[at + T_ROOM_KINDS] = 1.0 if S[b + CLEARED] >> r & 1 else 0.0
        at += T_ROOM_KINDS + 1
    return at


def write_table(e: DarkTowerBatch, b: int, at: int, seat: int) -> None:
    """The table part, and the race part in the competitive game (the heroic tests that
    ``seat`` may see)."""
    V = e.V
    S = e.S
    n = e.players
    for i in range(MARKET):
        x = S[b + MARKET_AT + i]
        if x >= 0:
            V[at + e.treasure_place[x]] = 1.0
        at += T_TREASURES
    for k in range(4):  # the cards left in each deck
        total = 0
        for i in range(DECK_KINDS[k]):
            total += S[b + DECK_AT[k] + i]
        V[at + k] = capped(total, DECK_SIZES[k])
    at += 4
    for i in range(2):
        x = S[b + MONTHLY + i]
        if x >= 0:
            V[at + e.quest_place[x]] = 1.0
        at += T_QUESTS
    for i in range(S[b + QUESTS_DEALT]):
        V[at + e.quest_place[S[b + QUESTS_DEALT + 1 + i]]] = 1.0
    at += T_QUESTS
    if not e.competitive:
        return
    for s in range(n):
        done = S[b + TESTS_DONE + s]
        for kind in range(TESTS):
            q = S[b + TESTS_DEALT + s * TESTS + kind]
            if q >= 0 and (done >> kind & 1 or seat == s) and e.test_slot[q] >= 0:
                V[at + e.test_slot[q]] = 1.0
            at += e.test_kinds[kind]
        for kind in range(TESTS):
            V[at + kind] = 1.0 if done >> kind & 1 else 0.0
        at += T_VIRTUES
        V[at] = capped(S[b + AMULETS + s], 4)
        V[at + 1] = 1.0 if S[b + ELIMINATED + s] else 0.0
        at += 2
    x = S[b + WINNER]
    if 0 <= x < n:
        V[at + x] = 1.0


# ---- the heuristic, read from the arrays ----------------------------------------------------
# bots.evaluate_all written again over the arrays: the same terms, the same float operations
# in the same order (see towers/games/dark_tower/bots.py for what each term means).
H_MONTHS = _bots.MONTHS
H_ROOMS = _bots.ROOMS
TOTAL_SKULLS = _bots.TOTAL_SKULLS
FULL = _bots.FULL
REACH = _bots.REACH
GOAL_PULL = _bots.GOAL_PULL
CLEANSE_PULL = _bots.CLEANSE_PULL
FOE_PULL = _bots.FOE_PULL
BEATS = _bots.BEATS
DOOM = _bots.DOOM
DOOM_REACH = _bots.DOOM_REACH
RACE_FLOOR = _bots.RACE_FLOOR
BRINK = _bots.BRINK
READY = _bots.READY
STEP_READY = _bots.STEP_READY
SUPPLY_PULL = _bots.SUPPLY_PULL
TRADE_SHARE = _bots.TRADE_SHARE
TRADE_HOPE = _bots.TRADE_HOPE
EDGE = _bots.EDGE
BUILDING_LOC = _bots.BUILDING_AT
"""Each building's location."""
# what each frame kind is to the heuristic, bits of e.kind_is
IS_TRADE, IS_ANSWER, IS_DROPS, IS_TURN = 1, 2, 4, 8
IS_COMING = 16  # << the place of what it gives in QUEST_WHAT


def field_slot(name: str) -> Any:
    """Per frame kind, the place of its field ``name`` in its record (0: none)."""
    return ints(1 + f.index(name) if name in f else 0 for f in FIELDS)


def heuristic_tables(e: DarkTowerBatch) -> None:
    """The heuristic's tables as flat arrays: distances, what each frame kind is and where
    its fields are, the buildings that supply each requirement, the quests' places."""
    game = e.game
    kind_is = []
    for kind in KINDS:
        bits = IS_TRADE * issubclass(kind, F.Trade) + IS_ANSWER * issubclass(kind, F.TradeAnswer)
        bits += IS_DROPS * issubclass(kind, F.SkullDrops)
        bits += IS_TURN * issubclass(kind, (F.StartTurn, F.Turn))
        for w, what in enumerate(QUEST_WHAT):
            if issubclass(kind, _bots.COMING.get(what, ())):
                bits += IS_COMING << w
        kind_is.append(bits)
    e.kind_is = ints(kind_is)
    e.slot_seat = field_slot("seat")
    e.slot_n = field_slot("n")
    e.slot_trader = field_slot("trader")
    e.slot_partner = field_slot("partner")
    e.slot_offer = field_slot("offer")
    e.slot_ask = field_slot("ask")
    e.slot_dropper = field_slot("dropper")
    e.item_low = ints(_bots.ITEM_RANGE.get(what, (0, 0))[0] for what in QUEST_WHAT)
    e.item_high = ints(_bots.ITEM_RANGE.get(what, (0, 0))[1] for what in QUEST_WHAT)
    e.is_traded = ints(what in _bots.TRADED for what in QUEST_WHAT)
    suppliers = [_bots.SUPPLIERS[what] for what in QUEST_WHAT]
    e.supplier_at = ints([sum(len(x) for x in suppliers[:w]) for w in range(len(QUEST_WHAT) + 1)])
    e.supplier = ints(v for pairs in suppliers for pair in pairs for v in pair)
    e.quest_location = ints(q.location for q in DATA.quests)
    e.tower_spaces = ints(_bots.TOWER_SPACES)
    e.kingdom_of = ints(game.kingdoms)
    e.n_goal_quests = len(game.goal.quests)
    e.adversary_cards = game.adversary_cards
    e.HS = array("d", [0.0]) * (2 * SEATS + TESTS)
    e.far = ints(v for row in _bots.FAR for v in row)


def heuristics_of(e: DarkTowerBatch, g: int) -> list[float]:
    """``bots.evaluate_all`` of game g."""
    n = e.players
    if e.competitive:
        return [competitor(e, g, seat) for seat in range(n)]
    return [cooperative(e, g)] * n


def cooperative(e: DarkTowerBatch, g: int) -> float:
    """``bots.evaluate`` of the cooperative game: the team's standing."""
    S = e.S
    b = g * W
    H = e.HS
    if S[b + RESULT]:
        return 1.0 if S[b + RESULT] > 0 else 0.0
    n = e.players
    strength = 0.0
    for h in range(n):
        strength += hero_strength(e, b, h)
    strength /= n
    month_turns = e.month_turns if e.month_turns > 1 else 1
    time_left = (H_MONTHS - S[b + MONTH] + S[b + TURNS_LEFT] / month_turns) / H_MONTHS
    urgency = 1 + 2 * (1 - S[b + SUPPLY] / TOTAL_SKULLS)
    step = S[b + GOAL_STEP]
    target = e.goal_steps[step] if step < len(e.goal_steps) else S[b + ADV_AT]
    q = N_QUESTS + step
    what = e.quest_what[q] if step < e.n_goal_quests else -1
    place = 0.0
    if what < 0:
        for h in range(n):
            place += errand(e, b, h, target, urgency, 1.0, 0.0, -1)
        place /= n
    else:
        amount = e.quest_amount[q]
        total = 0
        for h in range(n):  # the shares in H, then the needs from SEATS on
            got = held(e, g, h, q, True)
            total += got
            x = got / amount
            H[h] = x if x < 1.0 else 1.0
        for h in range(n):
            if e.is_traded[what]:
                x = amount - total
                H[SEATS + h] = (x if x < 1.0 else 1.0) if x > 0 else 0.0
            else:
                x = amount * (1 - H[h])
                H[SEATS + h] = x if x < 1.0 else 1.0
        for h in range(n):
            place += errand(e, b, h, target, urgency, H[h] ** 2, H[SEATS + h], what)
        place /= n
    x = strength / 2
    value = 0.55 * progress(e, g) + place + 0.15 * (-1.0 if x < -1.0 else 1.0 if x > 1.0 else x)
    value += 0.1 * time_left - 0.1 * danger(e, b)
    return within(0.3 + value)


def within(value: float) -> float:
    """``bots.within``: a standing bent toward 0 or 1 beyond EDGE of them."""
    if value < EDGE:
        return EDGE * math.exp((value - EDGE) / EDGE)
    if value > 1 - EDGE:
        return 1 - EDGE * math.exp((1 - EDGE - value) / EDGE)
    return value


def progress(e: DarkTowerBatch, g: int) -> float:
    """``bots.progress``: the share of the way to victory."""
    S = e.S
    b = g * W
    steps = len(e.goal_steps)
    step = S[b + GOAL_STEP]
    done = float(step)
    if step < steps:
        q = N_QUESTS + step
        if step >= e.n_goal_quests or e.quest_what[q] < 0:
            done += _bits(S[b + CLEARED]) / (H_ROOMS * 2)
        else:
            done += STEP_READY * team_readiness(e, g, q)
    cards = e.adversary_cards
    adversary = (cards - S[b + ADV_LEFT]) / cards
    return 0.6 * done / steps + 0.4 * adversary


def held(e: DarkTowerBatch, g: int, h: int, q: int, coming: bool) -> int:
    """``bots.held``: how much of quest q's requirement hero h holds (with ``coming``, what
    it is about to take and what a trade being made would move)."""
    S = e.S
    b = g * W
    count = _toward(e, g, h, q)
    if not coming:
        return count
    what = e.quest_what[q]
    low = e.item_low[what]
    high = e.item_high[what]
    for i in range(S[b + DEPTH]):
        at = b + PENDING + i * FW
        kind = S[at]
        bits = e.kind_is[kind]
        if bits >> what & IS_COMING and S[at + e.slot_seat[kind]] == h:
            count += S[at + e.slot_n[kind]] if e.slot_n[kind] else 1
        elif bits & (IS_TRADE | IS_ANSWER):
            trader = S[at + (e.slot_seat[kind] if bits & IS_TRADE else e.slot_trader[kind])]
            offer = TUPLES[S[at + e.slot_offer[kind]]]
            for j in range(0, len(offer), 2):
                if low <= offer[j + 1] < high:
                    count += (h == offer[j]) - (h == trader)
            ask = TUPLES[S[at + e.slot_ask[kind]]]
            for j in range(0, len(ask), 2):
                if low <= ask[j + 1] < high:
                    count += (h == trader) - (h == ask[j])
    return count


def team_readiness(e: DarkTowerBatch, g: int, q: int) -> float:
    """``bots.team_readiness``: the share of quest q's requirement the team holds."""
    S = e.S
    b = g * W
    H = e.HS
    n = e.players
    amount = e.quest_amount[q]
    best = 0
    total = 0
    for h in range(n):  # the counts in H
        got = held(e, g, h, q, True)
        H[h] = got
        if h == 0 or got > best:
            best = got
        total += got
    if not e.is_traded[e.quest_what[q]]:
        x = best / amount
        return x if x < 1.0 else 1.0
    share = (best + TRADE_SHARE * (total - best)) / amount
    depth = S[b + DEPTH]
    if depth:
        top = b + PENDING + (depth - 1) * FW
        kind = S[top]
        if e.kind_is[kind] & IS_TRADE:
            seat = S[top + e.slot_seat[kind]]
            partner = S[top + e.slot_partner[kind]]
            seat = seat + n if seat < 0 else seat  # a list's index from its end
            partner = partner + n if partner < 0 else partner
            a, c = (seat, partner) if H[seat] >= H[partner] else (partner, seat)
            for h in range(n):
                H[SEATS + h] = H[h]
            H[SEATS + a] = H[a] + H[c]
            H[SEATS + c] = 0
            best = total = 0
            for h in range(n):
                got = int(H[SEATS + h])
                if h == 0 or got > best:
                    best = got
                total += got
            hope = (best + TRADE_SHARE * (total - best)) / amount
            if hope > share:
                share += TRADE_HOPE * (hope - share)
    return share if share < 1.0 else 1.0


def closeness(distance: int) -> float:
    """``bots.closeness``: 1 on the space, falling to 0 at REACH spaces."""
    return 1 - (distance if distance < REACH else REACH) / REACH


def hero_strength(e: DarkTowerBatch, b: int, h: int) -> float:
    """``bots.hero_strength``: a hero's means for battles and dungeons."""
    S = e.S
    warriors = S[b + WARRIORS + h]
    spirit = S[b + SPIRIT + h]
    value = (warriors if warriors < 20 else 20) / 20 + (spirit if spirit < 10 else 10) / 10
    gear = 0
    for k in range(N_GEAR):
        gear += S[b + GEAR + h * N_GEAR + k]
    potions = 0
    for k in range(N_POTIONS):
        potions += S[b + POTIONS + h * N_POTIONS + k]
    value += 0.1 * gear + 0.1 * potions + 0.1 * S[b + LISTS + h * LW]
    corruptions = S[b + LISTS + (SEATS + h) * LW]
    return value - 0.6 * corruptions**2


def errand(
    e: DarkTowerBatch,
    b: int,
    h: int,
    target: int,
    urgency: float,
    drawn: float,
    need: float,
    what: int,
) -> float:
    """``bots.errand``: the worth of where hero h stands (the buildings supplying ``what``,
    a place in QUEST_WHAT, drawing it as much as ``need``)."""
    S = e.S
    here = N_LOC * S[b + AT + h]
    goal = GOAL_PULL * drawn * closeness(e.far[here + target]) if target >= 0 else 0.0
    best = 0.0
    if need:
        spirit = S[b + SPIRIT + h]
        for i in range(e.supplier_at[what], e.supplier_at[what + 1]):
            bb = e.supplier[2 * i]
            cost = e.supplier[2 * i + 1]
            if S[b + SKULLS + bb] >= 0:
                worth = SUPPLY_PULL * need * closeness(e.far[here + BUILDING_LOC[bb]])
                if spirit < cost:
                    worth *= (spirit + 1) / (cost + 1)
                if worth > best:
                    best = worth
    for bb in range(N_BUILDINGS):
        k = S[b + SKULLS + bb]
        if k > 0:
            worth = CLEANSE_PULL * k * urgency * closeness(e.far[here + BUILDING_LOC[bb]])
            if worth > best:
                best = worth
    might = S[b + WARRIORS + h] + S[b + SPIRIT + h]
    if not S[b + LISTS + (SEATS + h) * LW]:
        for f in range(N_FOES):
            level = e.foe_level[f]
            if might < BEATS * level:
                continue
            for loc in range(N_LOC):
                if S[b + FOES + loc * N_FOES + f]:
                    worth = FOE_PULL * level * closeness(e.far[here + loc])
                    if worth > best:
                        best = worth
    return goal + best


def danger(e: DarkTowerBatch, b: int) -> float:
    """``bots.danger``: what threatens the team."""
    S = e.S
    squares = total = destroyed = full = 0
    for i in range(N_BUILDINGS):
        k = S[b + SKULLS + i]
        if k > 0:
            squares += k * k
            total += k
        if k < 0:
            destroyed += 1
        if k >= FULL:
            full += 1
    load = squares / (FULL * FULL) / N_BUILDINGS
    load += 3 * total / TOTAL_SKULLS
    load += 0.15 * destroyed
    load += 0.1 * full
    load += 2 * (1 - S[b + SUPPLY] / TOTAL_SKULLS) ** 2
    tokens = 0
    for i in range(N_LOC * N_FOES):
        tokens += S[b + FOES + i]
    most = S[b + STATUS]
    for i in range(1, N_FOES):
        if S[b + STATUS + i] > most:
            most = S[b + STATUS + i]
    foes = tokens * (1 + 0.25 * most)
    return load + 0.02 * foes


def competitor(e: DarkTowerBatch, g: int, seat: int) -> float:
    """``bots.competitor``: a hero's standing in the race for the relic."""
    S = e.S
    b = g * W
    H = e.HS
    if S[b + RESULT] or S[b + WINNER] >= 0:
        return 1.0 if S[b + WINNER] == seat else 0.0
    if S[b + ELIMINATED + seat]:
        return 0.0
    done = _bits(S[b + TESTS_DONE + seat])
    here = N_LOC * S[b + AT + seat]
    ready = 0.0
    if done >= TESTS_TO_ENTER:
        near = e.far[here + e.tower_spaces[0]]
        for i in range(1, len(e.tower_spaces)):
            if e.far[here + e.tower_spaces[i]] < near:
                near = e.far[here + e.tower_spaces[i]]
        pull = closeness(near)
        rooms = _bits(S[b + CLEARED]) / (ROOMS if ROOMS > 1 else 1)
    else:
        pull = 0.0
        count = 0
        for kind in range(TESTS):
            q = S[b + TESTS_DEALT + seat * TESTS + kind]
            if q >= 0 and not S[b + TESTS_DONE + seat] >> kind & 1:
                x = held(e, g, seat, q, False) / e.quest_amount[q]
                share = x if x < 1.0 else 1.0
                at = count  # the shares in H, the greatest first
                while at > 0 and H[at - 1] < share:
                    H[at] = H[at - 1]
                    at -= 1
                H[at] = share
                count += 1
                x = share * share * closeness(e.far[here + e.quest_location[q]])
                if x > pull:
                    pull = x
        for i in range(min(count, TESTS_TO_ENTER - done)):
            ready += H[i]
        rooms = 0.0
    race = 0.12 * done + READY * ready + 0.15 * rooms + 0.04 * pull
    x = hero_strength(e, b, seat) / 2
    race += 0.1 * (-1.0 if x < -1.0 else 1.0 if x > 1.0 else x) + 0.05 * S[b + AMULETS + seat]
    month_turns = e.month_turns if e.month_turns > 1 else 1
    time_left = (H_MONTHS - S[b + MONTH] + S[b + TURNS_LEFT] / month_turns) / H_MONTHS
    x = danger(e, b)
    value = race * (RACE_FLOOR + (1 - RACE_FLOOR) * time_left) - 0.05 * (x if x < 3.0 else 3.0)
    value -= doom_of(e, g, seat)
    value -= BRINK * brink(e, b, seat)
    x = 0.3 + value
    return 0.01 if x < 0.01 else 0.99 if x > 0.99 else x


def doom_of(e: DarkTowerBatch, g: int, seat: int) -> float:
    """DOOM times how sure it is that ``seat`` is ``bots.doomed``: the hero whose drop
    would find the supply empty."""
    S = e.S
    b = g * W
    n = e.players
    live = 0
    for s in range(n):
        if not S[b + ELIMINATED + s]:
            live += 1
    if not live:
        return 0.0
    left = S[b + SUPPLY]
    depth = S[b + DEPTH]
    for i in range(depth - 1, -1, -1):
        at = b + PENDING + i * FW
        kind = S[at]
        if e.kind_is[kind] & IS_DROPS and S[at + e.slot_n[kind]] > 0:
            if left < S[at + e.slot_n[kind]]:
                return DOOM * 1.0 if S[at + e.slot_dropper[kind]] == seat else 0.0
            left -= S[at + e.slot_n[kind]]
    current = S[b + CURRENT]
    turn_open = False
    for i in range(depth):
        at = b + PENDING + i * FW
        kind = S[at]
        if e.kind_is[kind] & IS_TURN and S[at + e.slot_seat[kind]] == current:
            turn_open = True
            break
    drops = S[b + TURNS_LEFT] - (0 if turn_open else 1)
    drops += (H_MONTHS - S[b + MONTH]) * e.month_turns
    if left >= drops:
        return 0.0
    first = current if turn_open else (current + 1) % n
    place = left % live
    for step in range(n):
        s = (first + step) % n
        if not S[b + ELIMINATED + s]:
            if place == 0:
                if s != seat:
                    return 0.0
                x = 1 - left / (DOOM_REACH * live)
                return DOOM * (x if x > 0.0 else 0.0)
            place -= 1
    return 0.0


def brink(e: DarkTowerBatch, b: int, seat: int) -> int:
    """``bots.brink``: buildings of the hero's home kingdom a fourth skull would destroy,
    when a corruption more would eliminate it."""
    S = e.S
    if S[b + LISTS + (SEATS + seat) * LW] + 1 < LOSING_CORRUPTIONS or S[b + AMULETS + seat]:
        return 0
    count = 0
    for i in range(N_BUILDINGS):
        if S[b + SKULLS + i] >= FULL and BUILDING_KINGDOM[i] == e.kingdom_of[seat]:
            count += 1
    return count


# ---- playing: the fast rules where they reach, else the one-game rules ---------------------
def _current(e: DarkTowerBatch, g: int) -> int:
    """Who decides in game g (TERMINAL at the end; chance is resolved between actions)."""
    b = g * W
    S = e.S
    if S[b + RESULT]:
        return TERMINAL
    top = b + PENDING + (S[b + DEPTH] - 1) * FW
    if IS_CHANCE[S[top]]:
        return CHANCE
    return S[top + 1]  # every decision's first field is its seat


def _legal(e: DarkTowerBatch, g: int) -> list[int]:
    if e.S[g * W + RESULT]:
        return []
    fast = _fast_legal(e, g)
    if fast is not None:
        return fast  # type: ignore[no-any-return]
    return _state_live(e, g)._legal_actions()  # type: ignore[no-any-return]


def _apply(e: DarkTowerBatch, g: int, action: int) -> None:
    S = e.S
    b = g * W
    S[b + DEC + _current(e, g)] += 1
    S[b + LENGTH] += 1
    live = e.live[g]
    e.live[g] = None
    if _fast_apply(e, g, action):
        state = e.live[g]  # set when the fast rules handed over part of the way
        if state is None:
            _resolve(e, g)
        else:
            _resolve_on(e, g, state)
        return
    state = live if live is not None else _read(e, g)
    state._apply(action)
    _resolve_on(e, g, state)


def _play_out(e: DarkTowerBatch, g: int, decisions: int, until: int) -> None:
    """Game g played on: at most ``decisions`` decisions (no limit if negative), stopping
    before a decision of seat ``until``."""
    draw = e.draws[g]
    picks = e.choosers[g]
    while True:
        player = _current(e, g)
        if player == TERMINAL or decisions == 0 or player == until:
            return
        decisions -= 1
        legal = _legal(e, g)
        pick = int(draw() * len(legal)) if picks is None else picks[player](len(legal))
        _apply(e, g, legal[pick])


def _resolve(e: DarkTowerBatch, g: int) -> None:
    """Game g's chance nodes resolved, in the arrays while the fast rules cover them."""
    S = e.S
    b = g * W
    while not S[b + RESULT]:
        kind = S[b + PENDING + (S[b + DEPTH] - 1) * FW]
        if not IS_CHANCE[kind]:
            return
        r = e.draws[g]()
        S[b + LENGTH] += 1
        if not _fast_chance(e, g, kind, r):
            state = _read(e, g)
            state._apply(DRAWS.sample_chance(state, r))
            _resolve_on(e, g, state)
            return
        state = e.live[g]
        if state is not None:
            _resolve_on(e, g, state)
            return


def _resolve_on(e: DarkTowerBatch, g: int, state: Any) -> None:
    """Game g's chance nodes resolved on its one-game state ``state``, then written back."""
    draw = e.draws[g]
    S = e.S
    b = g * W
    n = 0
    while not state.result and type(state.pending[-1]) in F.CHANCE_KINDS:
        state._apply(DRAWS.sample_chance(state, draw()))
        n += 1
    length = S[b + LENGTH] + n
    dec = [S[b + DEC + p] for p in range(SEATS)]
    _write(e, g, state)
    S[b + LENGTH] = length
    for p in range(SEATS):
        S[b + DEC + p] = dec[p]
    e.live[g] = state


def _state_live(e: DarkTowerBatch, g: int) -> Any:
    state = e.live[g]
    if state is None:
        state = e.live[g] = _read(e, g)
    return state


# ---- a one-game state written and read -----------------------------------------------------
def _write(e: DarkTowerBatch, g: int, state: Any) -> None:
    """Game g set to ``state`` (its history and decisions counted from 0)."""
    S = e.S
    b = g * W
    for i in range(W):
        S[b + i] = 0
    n = e.players
    for i, name in enumerate(SCALARS):
        S[b + i] = int(getattr(state, name))
    for k, name in enumerate(PER_SEAT):
        values = getattr(state, name)
        for p in range(n):
            S[b + AT + k * SEATS + p] = int(values[p])
    for p in range(n):
        put(S, b + GEAR + p * N_GEAR, state.gear[p])
        put(S, b + POTIONS + p * N_POTIONS, state.potions[p])
        put(S, b + TESTS_DEALT + p * TESTS, state.tests[p])
        for k, name in enumerate(HELD_LISTS):
            held = getattr(state, name)[p]
            at = b + LISTS + (k * SEATS + p) * LW
            S[at] = len(held)
            put(S, at + 1, held)
    put(S, b + FOES, state.foes)
    put(S, b + STATUS, state.status)
    put(S, b + SKULLS, state.skulls)
    put(S, b + ROOMS_AT, state.rooms)
    put(S, b + MARKET_AT, state.market)
    put(S, b + MONTHLY, state.monthly)
    S[b + COMPANIONS_LEFT] = len(state.companions_left)
    put(S, b + COMPANIONS_LEFT + 1, state.companions_left)
    S[b + QUESTS_DEALT] = len(state.quests_dealt)
    put(S, b + QUESTS_DEALT + 1, state.quests_dealt)
    for k, name in enumerate(DECKS):
        deck = getattr(state, name)
        if deck.top or deck.bottom:
            raise ValueError("a deck with known cards is not held in the batch")
        put(S, b + DECK_AT[k], deck.counts)
    tower = state.tower
    put(S, b + DRUMS, tower.drums)
    for level in range(3):
        put(S, b + SEALS + 4 * level, [int(s) for s in tower.seals[level]])
    put(S, b + RESTING, tower.resting)
    put(S, b + LOOSE, tower.loose)
    S[b + RELEASING] = int(tower.releasing)
    S[b + DROPPED] = tower.dropped
    S[b + EMERGED] = tower.emerged
    pending = state.pending
    if len(pending) > STACK:
        raise ValueError(f"more than {STACK} frames pending")
    S[b + DEPTH] = len(pending)
    for i, frame in enumerate(pending):
        at = b + PENDING + i * FW
        k = KIND_OF[type(frame)]
        S[at] = k
        for j, name in enumerate(FIELDS[k]):
            value = getattr(frame, name)
            S[at + 1 + j] = tuple_id(value) if name in TUPLE_FIELDS else int(value)
    e.endings[g] = state.ending
    e.live[g] = None


def _read(e: DarkTowerBatch, g: int) -> Any:
    """Game ``g`` as a one-game state (an empty history)."""
    S = e.S
    b = g * W
    n = e.players
    cls = e.game.state_class()
    state = cls.__new__(cls)
    state.game = e.game
    for i, name in enumerate(SCALARS):
        setattr(state, name, bool(S[b + i]) if name in BOOLS else S[b + i])
    for k, name in enumerate(PER_SEAT):
        at = b + AT + k * SEATS
        values = [S[at + p] for p in range(n)]
        setattr(state, name, [bool(v) for v in values] if name in BOOLS else values)
    state.gear = [seq(S, b + GEAR + p * N_GEAR, N_GEAR) for p in range(n)]
    state.potions = [seq(S, b + POTIONS + p * N_POTIONS, N_POTIONS) for p in range(n)]
    state.tests = [seq(S, b + TESTS_DEALT + p * TESTS, TESTS) for p in range(n)]
    for k, name in enumerate(HELD_LISTS):
        rows = []
        for p in range(n):
            at = b + LISTS + (k * SEATS + p) * LW
            rows.append(seq(S, at + 1, S[at]))
        setattr(state, name, rows)
    state.foes = seq(S, b + FOES, N_LOC * N_FOES)
    state.status = seq(S, b + STATUS, N_FOES)
    state.skulls = seq(S, b + SKULLS, N_BUILDINGS)
    state.rooms = seq(S, b + ROOMS_AT, ROOMS)
    state.market = seq(S, b + MARKET_AT, MARKET)
    state.monthly = seq(S, b + MONTHLY, 2)
    state.companions_left = seq(S, b + COMPANIONS_LEFT + 1, S[b + COMPANIONS_LEFT])
    state.quests_dealt = seq(S, b + QUESTS_DEALT + 1, S[b + QUESTS_DEALT])
    for k, name in enumerate(DECKS):
        setattr(state, name, Deck([], seq(S, b + DECK_AT[k], DECK_KINDS[k]), []))
    seals = [[S[b + SEALS + 4 * lv + s] == 1 for s in range(4)] for lv in range(3)]
    state.tower = Tower(
        e.tower_data,
        seq(S, b + DRUMS, 3),
        seals,
        seq(S, b + RESTING, 3),
        seq(S, b + LOOSE, 3),
        S[b + RELEASING] == 1,
        S[b + DROPPED],
        S[b + EMERGED],
    )
    pending = DecisionStack()
    for i in range(S[b + DEPTH]):
        at = b + PENDING + i * FW
        k = S[at]
        values = {}
        for j, name in enumerate(FIELDS[k]):
            v = S[at + 1 + j]
            values[name] = TUPLES[v] if name in TUPLE_FIELDS else v
        if "corrupted" in values:
            values["corrupted"] = values["corrupted"] == 1
        if "improved" in values:
            values["improved"] = values["improved"] == 1
        pending.append(KINDS[k](**values))
    state.pending = pending
    state.ending = e.endings[g]
    state._history = []
    state._legal = None
    state._legal_set = None
    return state


# ---- the pending frames ----------------------------------------------------------------
def _top(e: DarkTowerBatch, g: int) -> int:
    """The offset of game g's top frame."""
    b = g * W
    return b + PENDING + (e.S[b + DEPTH] - 1) * FW


def _push(e: DarkTowerBatch, g: int, kind: int, a: int = 0, c: int = 0, d: int = 0) -> None:
    S = e.S
    b = g * W
    depth = S[b + DEPTH]
    if depth >= STACK:
        raise ValueError(f"more than {STACK} frames pending")
    at = b + PENDING + depth * FW
    S[at] = kind
    S[at + 1] = a
    S[at + 2] = c
    S[at + 3] = d
    for j in range(4, FW):
        S[at + j] = 0
    S[b + DEPTH] = depth + 1


def _pop(e: DarkTowerBatch, g: int) -> None:
    e.S[g * W + DEPTH] -= 1


def _hand_over(e: DarkTowerBatch, g: int) -> Any:
    """Game g as a state, which the one-game rules play on from here (written back once
    a seat decides)."""
    state = e.live[g] = e.state(g)
    return state


# ---- the hero board --------------------------------------------------------------------
def _move_value(e: DarkTowerBatch, g: int, seat: int) -> int:
    """hero.move_value over the arrays."""
    S = e.S
    b = g * W
    move = e.board_move[seat]
    bits = S[b + VIRTUES + seat]
    if bits:
        for i in range(3):
            if bits >> i & 1:
                move += e.virtue_move[seat * 3 + i]
        if bits >> 3 & 1:
            move += e.kingdom_move[seat]
    for k in range(3):
        at = b + LISTS + (k + 1) * SEATS * LW + seat * LW
        table = PERK_MOVE[k]
        for i in range(S[at]):
            move += table[S[at + 1 + i]]
    if TREASURE_MOVE:
        at = b + LISTS + seat * LW
        terrain = LOC_TERRAIN[S[b + AT + seat]]
        for i in range(S[at]):
            t = S[at + 1 + i]
            if T_ADVANTAGE[t] >= 0 and (T_TERRAIN[t] < 0 or T_TERRAIN[t] == terrain):
                move += T_MOVE[t]
    return move if move > 1 else 1


def _follow_move_value(e: DarkTowerBatch, g: int) -> None:
    S = e.S
    b = g * W
    if S[b + RESULT]:
        return
    now = _move_value(e, g, S[b + CURRENT])
    base = S[b + BASE_MOVE]
    if now != base:
        S[b + MOVES_LEFT] += (now - base) * (2 if S[b + DOUBLED] else 1)
        S[b + BASE_MOVE] = now


def _begin_turn(e: DarkTowerBatch, g: int, seat: int) -> None:
    S = e.S
    b = g * W
    S[b + CURRENT] = seat
    S[b + BANNER_USED] = 0
    S[b + MOVES_LEFT] = S[b + BASE_MOVE] = _move_value(e, g, seat)
    S[b + HAGGLE_AT] = -1
    S[b + MOVED] = S[b + DOUBLED] = S[b + HEROIC_DONE] = S[b + REINFORCED] = 0
    S[b + TRADED] = S[b + REFUSED] = 0
    S[b + HAGGLE] = -1


# ---- after a decision or an outcome: the automatic frames (sequence_of_play.settle) -----
def _tail(e: DarkTowerBatch, g: int, keeps: bool) -> None:
    """What DarkTowerState._apply does after the decision's rules."""
    S = e.S
    b = g * W
    if S[b + RESULT] or IS_AUTOMATIC[S[_top(e, g)]] or _anyone_out(e, g):
        if not _settle(e, g):
            state = _hand_over(e, g)
            state._settle()
            state._follow_move_value()
            return
    elif keeps:
        return
    _follow_move_value(e, g)


def _anyone_out(e: DarkTowerBatch, g: int) -> bool:
    if not e.competitive:
        return False
    b = g * W + ELIMINATED
    for p in range(e.players):
        if e.S[b + p]:
            return True
    return False


def _settle(e: DarkTowerBatch, g: int) -> bool:
    """The automatic frames worked off; False when one needs the one-game rules (left on
    top, untouched)."""
    S = e.S
    b = g * W
    while not S[b + RESULT]:
        top = _top(e, g)
        kind = S[top]
        if kind == K_EFFECTS:
            if not _effect(e, g, top):
                return False
        elif kind == K_SKULL_DROPS:
            d = S[top + 1]
            n = S[top + 2]
            if n <= 0:
                _pop(e, g)
                continue
            if S[b + SUPPLY] <= 0:
                if e.competitive:
                    return False
                S[b + RESULT] = -1
                e.endings[g] = "a skull had to be taken from an empty supply"
                return True
            S[top + 2] = n - 1
            S[b + SUPPLY] -= 1
            S[b + DROPPED] += 1
            S[b + LOOSE] += 1
            S[b + RELEASING] = 1
            _push(e, g, K_RELEASING, d)
        elif kind == K_HEROIC_DONE:
            seat = S[top + 1]
            f = S[top + 2]
            location = S[top + 3]
            _pop(e, g)
            if f == ADVERSARY:
                S[b + ADV_AT] = -1
                S[b + RESULT] = 1
                e.endings[g] = e.adversary_defeated
                return True
            if f >= 0:
                _remove_foe(e, g, location, f)
            gain = HEROIC_SPIRIT + _perk_sum(e, g, seat, e.pa_heroic, -1)
            if gain > 0:
                S[b + SPIRIT + seat] += gain
        elif kind == K_END_TURN:
            if _anyone_out(e, g):
                return False
            seat = S[top + 1]
            _next_turn(e, g, seat)
        elif kind == K_CORRUPTION_DRAW and not _has_cards(e, g, CORRUPTION_DECK, N_CORRUPTIONS):
            _pop(e, g)
        else:
            return not _anyone_out(e, g)
    return True


def _remove_foe(e: DarkTowerBatch, g: int, location: int, f: int) -> None:
    """battle.remove_foe: a token leaves; the foe's last one leaving readies the foe."""
    S = e.S
    b = g * W
    S[b + FOES + location * N_FOES + f] -= 1
    for loc in range(N_LOC):
        if S[b + FOES + loc * N_FOES + f]:
            return
    S[b + STATUS + f] = e.foe_status


def _next_turn(e: DarkTowerBatch, g: int, seat: int) -> bool:
    """sequence_of_play.next_turn, the EndTurn frame on top."""
    S = e.S
    b = g * W
    n = e.players
    nxt = (seat + 1) % n
    while S[b + ELIMINATED + nxt] and nxt != seat:
        nxt = (nxt + 1) % n
    if S[b + TURNS_LEFT] - 1 > 0:
        _pop(e, g)
        S[b + TURNS_LEFT] -= 1
        _begin_turn(e, g, nxt)
        _push(e, g, K_START_TURN, nxt)
        return True
    _pop(e, g)
    S[b + TURNS_LEFT] -= 1
    if S[b + MONTH] >= MONTHS:
        S[b + RESULT] = -1
        e.endings[g] = "the sixth month ended" + (": nobody wins" if e.competitive else "")
        return True
    failed = S[b + MONTHLY + 1] >= 0
    S[b + MONTH] += 1
    S[b + MONTHLY] = S[b + MONTHLY + 1] = -1
    S[b + TURNS_LEFT] = e.month_turns
    _begin_turn(e, g, nxt)
    _push(e, g, K_START_TURN, nxt)
    if not e.competitive:
        _push(e, g, K_QUEST_DRAW, 1)
    _push(e, g, K_QUEST_DRAW, 0)
    if failed:
        _effects(e, g, seat, e.adversary_advance)
    return True


def _has_cards(e: DarkTowerBatch, g: int, deck: int, kinds: int) -> bool:
    at = g * W + deck
    for k in range(kinds):
        if e.S[at + k]:
            return True
    return False


def _effect(e: DarkTowerBatch, g: int, top: int) -> bool:
    """One effect of the Effects frame at ``top`` (effects.effect), or its end; False
    (nothing done) for the effects left to the one-game rules."""
    S = e.S
    b = g * W
    codes = TUPLES[S[top + 2]]
    if not codes:
        _pop(e, g)
        return True
    code = codes[0]
    n = codes[1]
    seat = S[top + 1]
    short = False
    if code == GAIN_WARRIORS:
        S[b + WARRIORS + seat] += n
    elif code == GAIN_SPIRIT:
        S[b + SPIRIT + seat] += n
    elif code == LOSE_WARRIORS:
        had = S[b + WARRIORS + seat]
        short = had < n
        S[b + WARRIORS + seat] = had - n if had > n else 0
    elif code == LOSE_SPIRIT:
        had = S[b + SPIRIT + seat]
        short = had < n
        S[b + SPIRIT + seat] = had - n if had > n else 0
    elif code == CORRUPTION:
        short = True
    elif code == GAIN_POTION:
        if not _has_cards(e, g, POTION_DECK, N_POTIONS) and e.competitive:
            return False
    elif code == LOSE_GEAR:
        short = _lose_items(e, g, seat, GEAR + seat * N_GEAR, N_GEAR, n, K_DISCARD_GEAR)
    elif code == LOSE_POTION:
        held = POTIONS + seat * N_POTIONS
        short = _lose_items(e, g, seat, held, N_POTIONS, n, K_DISCARD_POTION)
    elif code == STEAL:
        for held, kinds in (
            (POTIONS + seat * N_POTIONS, N_POTIONS),
            (GEAR + seat * N_GEAR, N_GEAR),
        ):
            for k in range(kinds):
                take = S[b + held + k]
                if take > n:
                    take = n
                S[b + held + k] -= take
                n -= take
    elif code > STEAL:
        return False
    if short and not S[top + 3] and not _can_corrupt(e, g, seat):
        return False
    S[top + 2] = rest_of(S[top + 2])
    if code == SKULL_EFFECT:
        _push(e, g, K_SKULL_DROPS, seat, n)
    elif code == GAIN_GEAR:
        left = 0
        for k in range(N_GEAR):
            left += _gear_left(e, g, k)
        if left:
            _push(e, g, K_CHOOSE_GEAR, seat, n if n < left else left)
    elif code == GAIN_POTION:
        if _has_cards(e, g, POTION_DECK, N_POTIONS):
            _push(e, g, K_POTION_DRAW, seat, n)
    elif code == GAIN_TREASURE:
        if _has_cards(e, g, TREASURE_DECK, N_TREASURES):
            _push(e, g, K_TREASURE_DRAW, seat, n, -1)
    elif code == GAIN_VIRTUE:
        if S[b + VIRTUES + seat] != 0b1111:
            _push(e, g, K_CHOOSE_VIRTUE, seat)
    elif code == GAIN_MARKET:
        for k in range(MARKET):
            if S[b + MARKET_AT + k] >= 0:
                _push(e, g, K_CHOOSE_MARKET, seat)
                break
    if short and not S[top + 3]:
        S[top + 3] = 1
        _gain_corruption(e, g, seat)
    return True


def _lose_items(
    e: DarkTowerBatch, g: int, seat: int, held: int, kinds: int, n: int, kind: int
) -> bool:
    """effects.lose_items: the hero chooses which when there is a choice; True when the
    loss cannot be fully resolved. ``held``: the offset of the hero's counts."""
    S = e.S
    at = g * W + held
    total = 0
    different = 0
    for k in range(kinds):
        total += S[at + k]
        if S[at + k]:
            different += 1
    if total > n and different > 1:
        _push(e, g, kind, seat, n)
        return False
    lost = n if n < total else total
    for k in range(kinds):
        take = S[at + k]
        if take > lost:
            take = lost
        S[at + k] -= take
        lost -= take
    return total < n


def _gear_left(e: DarkTowerBatch, g: int, k: int) -> int:
    """hero.gear_left: copies of gear ``k`` left in its stack."""
    S = e.S
    at = g * W + GEAR + k
    left = e.gear_count[k]
    for p in range(e.players):
        left -= S[at + p * N_GEAR]
    return left


def _can_corrupt(e: DarkTowerBatch, g: int, seat: int) -> bool:
    """Whether effects.gain_corruption is written here (not the competitive game's)."""
    return not e.competitive


def _gain_corruption(e: DarkTowerBatch, g: int, seat: int) -> None:
    S = e.S
    b = g * W
    if S[b + LISTS + (1 * SEATS + seat) * LW] + 1 >= LOSING_CORRUPTIONS:
        S[b + RESULT] = -1
        e.endings[g] = f"seat {seat}'s hero would gain a third corruption"
        return
    _push(e, g, K_CORRUPTION_DRAW, seat)


# ---- the decisions written here ---------------------------------------------------------
def _fast_legal(e: DarkTowerBatch, g: int) -> list[int] | None:
    """The legal actions of the decisions met most (legality.FAST's), or None for the
    one-game rules to list."""
    S = e.S
    b = g * W
    top = _top(e, g)
    kind = S[top]
    seat = S[top + 1]
    if kind == K_TURN:
        return _turn_legal(e, g, seat)
    if kind == K_PLACE_SKULL:
        return [PLACE + x for x in KINGDOM_BUILDINGS[S[top + 2]] if S[b + SKULLS + x] >= 0]
    if kind == K_BATTLING:
        return _battling_legal(e, g, top)
    if kind == K_EXPLORING:
        return _exploring_legal(e, g, top)
    if kind == K_TRADE:
        return _trade_legal(e, g, top)
    if kind == K_TRADE_ANSWER:
        return list(ANSWERS)
    if kind == K_CHOOSE_GEAR:
        return [TAKE_GEAR + k for k in range(N_GEAR) if _gear_left(e, g, k) > 0]
    if kind == K_DISCARD_GEAR:
        at = b + GEAR + seat * N_GEAR
        return [LOSE_G + k for k in range(N_GEAR) if S[at + k] > 0]
    if kind == K_DISCARD_POTION:
        at = b + POTIONS + seat * N_POTIONS
        return [LOSE_P + k for k in range(N_POTIONS) if S[at + k] > 0]
    if kind == K_CHOOSE_VIRTUE:
        bits = S[b + VIRTUES + seat]
        return [VIRTUE + v for v in range(4) if not bits >> v & 1]
    if kind == K_CHOOSE_MARKET:
        return [MARKET_ACTION + k for k in range(MARKET) if S[b + MARKET_AT + k] >= 0]
    if kind == K_NEW_WARES:
        out = [DONE]
        if _has_cards(e, g, TREASURE_DECK, N_TREASURES):
            replaced = S[top + 2]
            for k in range(MARKET):
                if not replaced >> k & 1 and S[b + MARKET_AT + k] >= 0:
                    out.append(WARES + k)
        return out
    if kind == K_START_TURN:
        out = [DONE] if S[b + BANNER_USED] else [DONE, BANNER]
        if not _potions_legal(e, g, seat, False, out):
            return None
        return out
    return None


def _potions_legal(e: DarkTowerBatch, g: int, seat: int, turn: bool, out: list[int]) -> bool:
    """The potions drunk outside a battle appended, in order."""
    b = g * W + POTIONS + seat * N_POTIONS
    for k in range(N_POTIONS):
        if e.S[b + k] and _can_drink(e, g, seat, k, False, turn):
            out.append(POTION + k)
    return True


def _can_drink(e: DarkTowerBatch, g: int, seat: int, k: int, battle: bool, turn: bool) -> bool:
    """legality._potion for a potion the hero holds: in a battle or a dungeon room
    (``battle``), or else in the Middle of Turn (``turn``) or not."""
    S = e.S
    b = g * W
    if battle:
        if not (P_ADVANTAGES[k] or P_HAS_EFFECTS[k]):
            return False
    elif not NO_ADVANTAGES[k]:
        return False
    at = S[b + AT + seat]
    if P_CLEANSE[k]:
        x = BUILDING_AT[at]
        if x < 0 or S[b + SKULLS + x] <= 0:
            return False
    removes = P_REMOVE_FOE[k]
    if removes and S[b + FOES + at * N_FOES + removes - 2] <= 0:
        return False
    return not (P_MOVES[k] and not turn)


def _turn_legal(e: DarkTowerBatch, g: int, seat: int) -> list[int] | None:
    """legality.fast_turn over the arrays; None where a heroic action needs a quest's,
    a test's or the Tower's rules."""
    S = e.S
    b = g * W
    at = S[b + AT + seat]
    out = [DROP]
    if S[b + MOVES_LEFT] >= 1:
        out += MOVES[at]
    spirit = S[b + SPIRIT + seat]
    if not S[b + MOVED] and not S[b + DOUBLED] and spirit >= 1:
        out.append(DOUBLE)
    x = BUILDING_AT[at]
    if x >= 0 and S[b + SKULLS + x] < 0:
        x = -1
    if not S[b + HEROIC_DONE]:
        if x >= 0 and S[b + SKULLS + x] > 0:
            out.append(CLEANSE)
        for f in range(3):
            if S[b + FOES + at * 3 + f] > 0:
                out.append(BATTLE + f)
        if S[b + ADV_AT] == at:
            out.append(BATTLE + ADVERSARY)
        for k in range(2):
            q = S[b + MONTHLY + k]
            if q >= 0 and QUEST_AT[q] == at and _can_meet(e, g, seat, q):
                out.append(QUEST + k)
        if e.competitive:
            done = S[b + TESTS_DONE + seat]
            count = _bits(done)
            for kind in range(TESTS):
                q = S[b + TESTS_DEALT + seat * TESTS + kind]
                q = q if q >= 0 else N_QUESTS - 1  # as Python reads [-1]
                if (
                    QUEST_AT[q] == at
                    and not done >> kind & 1
                    and count < TESTS_TO_ENTER
                    and _can_meet(e, g, seat, q)
                ):
                    out.append(TEST + kind)
            if BORDERS_TOWER[at] and count >= TESTS_TO_ENTER:
                out.append(ENTER_TOWER)
        else:
            step = S[b + GOAL_STEP]
            if step < len(e.goal_steps) and e.goal_steps[step] == at:
                if e.goal_dungeon[step]:
                    out.append(EXPLORE)
                elif _can_meet(e, g, seat, N_QUESTS + step):
                    out.append(GOAL_QUEST)
    haggle = S[b + HAGGLE]
    if x >= 0 and not S[b + REINFORCED]:
        if haggle < 0:
            out.append(HAGGLE_ACTION)
        if not (haggle >= 0 and (haggle in CANCEL or S[b + HAGGLE_AT] != at)):
            out.append(REINFORCE)
            if spirit >= e.enhanced_cost[x]:
                out.append(REINFORCE + 1)
    _potions_legal(e, g, seat, True, out)
    if not S[b + TRADED]:
        _add_trade_partners(e, g, seat, 0, out)
    out.sort()
    return out


def _bits(n: int) -> int:
    """How many bits of ``n`` are set."""
    count = 0
    while n:
        count += n & 1
        n >>= 1
    return count


def _can_meet(e: DarkTowerBatch, g: int, seat: int, q: int) -> bool:
    """quests.can_meet of quest ``q`` (DATA.quests', then the main goal's steps')."""
    return _toward(e, g, seat, q) >= e.quest_amount[q]


def _toward(e: DarkTowerBatch, g: int, seat: int, q: int) -> int:
    """quests.toward: how much of the quest's requirement the hero holds."""
    S = e.S
    b = g * W
    what = e.quest_what[q]
    if what == Q_WARRIORS:
        return S[b + WARRIORS + seat]
    if what == Q_SPIRIT:
        return S[b + SPIRIT + seat]
    total = 0
    if what == Q_GEAR:
        for k in range(N_GEAR):
            total += S[b + GEAR + seat * N_GEAR + k]
        return total
    if what == Q_POTIONS:
        for k in range(N_POTIONS):
            total += S[b + POTIONS + seat * N_POTIONS + k]
        return total
    if what == Q_TREASURES:
        return S[b + LISTS + seat * LW]
    if what == Q_VIRTUES:
        return len(e.board_perks[seat]) + _bits(S[b + VIRTUES + seat])
    # advantages: automatic by type with the gear of each type; Wild ones
    wild = _perk_sum(e, g, seat, e.pa_advantages, -2 - WILD)
    best = 0
    for t in range(WILD):
        n = _perk_sum(e, g, seat, e.pa_advantages, -2 - t)
        for k in range(N_GEAR):
            if e.gear_advantage[k] == t:
                n += S[b + GEAR + seat * N_GEAR + k]
        if e.quest_same[q]:
            if n > best:
                best = n
        elif n:
            best += 1
    return best + wild


def _fast_apply(e: DarkTowerBatch, g: int, action: int) -> bool:
    """A decision applied over the arrays (then the automatic frames); False, with
    nothing done, for the decisions left to the one-game rules."""
    S = e.S
    b = g * W
    top = _top(e, g)
    kind = S[top]
    seat = S[top + 1]
    if kind == K_TURN:
        if MOVE <= action < MOVE + N_LOC:
            S[b + AT + seat] = action - MOVE
            S[b + MOVES_LEFT] -= 1
            S[b + MOVED] = 1
        elif action == DROP:
            S[top] = K_END_TURN
            _push(e, g, K_EVENT_DRAW, seat)
            _push(e, g, K_SKULL_DROPS, seat, 1)
        elif action == DOUBLE:
            S[b + SPIRIT + seat] -= DOUBLE_COST
            S[b + MOVES_LEFT] += S[b + BASE_MOVE]
            S[b + DOUBLED] = 1
        elif action == CLEANSE:
            x = BUILDING_AT[S[b + AT + seat]]
            S[b + SUPPLY] += S[b + SKULLS + x]
            S[b + SKULLS + x] = 0
            S[b + HEROIC_DONE] = 1
            _push(e, g, K_HEROIC_DONE, seat, -1, -1)
        else:
            return _fast_apply_more(e, g, action)
        _tail(e, g, False)
        return True
    if kind == K_PLACE_SKULL:
        _pop(e, g)
        _place_skull(e, g, action - PLACE)
        _tail(e, g, True)
        return True
    if kind == K_START_TURN:
        if action == DONE:
            S[top] = K_TURN
        elif action == BANNER:
            S[b + BANNER_USED] = 1
            _effects(e, g, seat, e.banner[seat])
        else:
            return _fast_apply_more(e, g, action)
        _tail(e, g, True)
        return True
    if kind == K_CHOOSE_GEAR:
        S[b + GEAR + seat * N_GEAR + action - TAKE_GEAR] += 1
        _count_down(e, g, top)
    elif kind == K_DISCARD_GEAR:
        S[b + GEAR + seat * N_GEAR + action - LOSE_G] -= 1
        _count_down(e, g, top)
    elif kind == K_DISCARD_POTION:
        S[b + POTIONS + seat * N_POTIONS + action - LOSE_P] -= 1
        _count_down(e, g, top)
    elif kind == K_CHOOSE_VIRTUE:
        S[b + VIRTUES + seat] |= 1 << (action - VIRTUE)
        _pop(e, g)
    elif kind == K_CHOOSE_MARKET:
        k = action - MARKET_ACTION
        _append(e, g, 0, seat, S[b + MARKET_AT + k])
        S[b + MARKET_AT + k] = -1
        _pop(e, g)
        if _has_cards(e, g, TREASURE_DECK, N_TREASURES):
            _push(e, g, K_TREASURE_DRAW, -1, 1, k)
    elif kind == K_NEW_WARES:
        if action == DONE:
            _pop(e, g)
        else:
            k = action - WARES
            S[b + MARKET_AT + k] = -1
            S[top + 2] |= 1 << k
            _push(e, g, K_TREASURE_DRAW, -1, 1, k)
    else:
        return _fast_apply_more(e, g, action)
    _tail(e, g, False)
    return True


def _fast_apply_more(e: DarkTowerBatch, g: int, action: int) -> bool:
    """The decisions of the Middle of Turn's heroic actions, Reinforce and potions, and
    of a battle; False (nothing done) for those left to the one-game rules."""
    S = e.S
    b = g * W
    top = _top(e, g)
    kind = S[top]
    seat = S[top + 1]
    if POTION <= action < POTION + N_POTIONS:
        if kind != K_TURN and kind != K_START_TURN and kind != K_BATTLING and kind != K_EXPLORING:
            return False
        _drink(e, g, seat, action - POTION, top, kind)
        _tail(e, g, False)
        return True
    if kind == K_TURN:
        if action == HAGGLE_ACTION:
            S[b + HAGGLE_AT] = S[b + AT + seat]
            _push(e, g, K_HAGGLE_ROLL, seat)
        elif action == REINFORCE or action == REINFORCE + 1:
            _reinforce(e, g, seat, action - REINFORCE)
        elif BATTLE <= action < BATTLE + 4:
            _start_battle(e, g, seat, action - BATTLE)
        elif TRADE <= action < TRADE + SEATS:
            _push(e, g, K_TRADE, seat, action - TRADE, EMPTY)
            S[_top(e, g) + 4] = EMPTY
        elif action == EXPLORE:
            S[b + HEROIC_DONE] = 1
            pool = _perk_sum(e, g, seat, e.pa_advantages, 1 << _dungeon_advantage(e, g))
            _push(e, g, K_EXPLORING, seat, -1, pool)
        else:
            return False
    elif kind == K_BATTLING:
        if action == RESOLVE:
            _resolve_card(e, g, top)
        elif action == IMPROVE:
            rung = S[top + 5] + 1
            S[top + 5] = rung
            S[top + 7] -= 1
            S[top + 8] += 1
            if S[top + 2] == ADVERSARY:
                S[b + ADV_RUNG] = rung
        elif action == RETREAT:
            S[top] = K_HEROIC_DONE
            S[top + 2] = -1
            S[top + 3] = -1
        elif not _spend_for_advantage(e, g, seat, action, top + 7):
            return False
    elif kind == K_EXPLORING:
        if not _explore_step(e, g, top, action):
            return False
    elif kind == K_TRADE:
        _decide_trade(e, g, top, action)
    elif kind == K_TRADE_ANSWER:
        _answer_trade(e, g, top, action)
    else:
        return False
    _tail(e, g, False)
    return True


def _dungeon(e: DarkTowerBatch, g: int) -> int:
    """quests.dungeon_type: the dungeon explored, as an index of DUNGEONS."""
    if e.competitive:
        return TOWER_DUNGEON
    return DUNGEON_AT[e.goal_steps[e.S[g * W + GOAL_STEP]]]  # type: ignore[no-any-return]


def _dungeon_advantage(e: DarkTowerBatch, g: int) -> int:
    return DUNGEON_ADVANTAGE[_dungeon(e, g)]  # type: ignore[no-any-return]


def _explore_step(e: DarkTowerBatch, g: int, top: int, action: int) -> bool:
    """quests.explore_step and the items spent in a room (the Exploring frame at ``top``:
    seat, room, pool, spent, improved, entered); False for the others."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    if ENTER <= action < ENTER + ROOMS:
        room = action - ENTER
        S[top + 2] = room
        S[top + 5] = 0
        S[top + 6] += 1
        if S[b + ROOMS_AT + room] < 0:
            _push(e, g, K_ROOM_REVEAL, room)
    elif action == LEAVE:
        S[top] = K_HEROIC_DONE
        S[top + 2] = -1
        S[top + 3] = -1
    elif action == IMPROVE:
        S[top + 3] -= 1
        S[top + 4] += 1
        S[top + 5] = 1
    elif action == RESOLVE:
        room = S[top + 2]
        kind = S[b + ROOMS_AT + room]
        d = _dungeon(e, g)
        rung = 1 if S[top + 5] else 0
        if kind == TARGET:
            result = DUNGEON_TARGET[d * 2 + rung]
        else:
            result = DUNGEON_ROOMS[(d * ROOM_KINDS + kind) * 2 + rung]
        S[b + CLEARED] |= 1 << room
        if kind == TARGET and e.competitive:
            _pop(e, g)
            S[b + WINNER] = seat
            S[b + RESULT] = 1
            e.endings[g] = f"seat {seat} found the relic in the Tower"
            return True
        if kind == TARGET:
            for r in range(ROOMS):
                S[b + ROOMS_AT + r] = -1
            S[b + CLEARED] = 0
            S[top] = K_HEROIC_DONE
            S[top + 2] = -1
            S[top + 3] = -1
            _goal_step_done(e, g, seat)
        else:
            S[top + 2] = -1
            S[top + 5] = 0
        _effects(e, g, seat, result)
    else:
        return _spend_for_advantage(e, g, seat, action, top + 3)
    return True


def _spend_for_advantage(e: DarkTowerBatch, g: int, seat: int, action: int, pool: int) -> bool:
    """effects.spend_for_advantage: a gear or a scroll spent for Advantages added to the
    pool at offset ``pool``; False when ``action`` spends nothing."""
    S = e.S
    if GEAR_ACTION <= action < GEAR_ACTION + N_GEAR:
        S[g * W + GEAR + seat * N_GEAR + action - GEAR_ACTION] -= 1
        S[pool] += 1
    elif SCROLL <= action < SCROLL + N_TREASURES:
        t = action - SCROLL
        _remove_held(e, g, 0, seat, t)
        S[pool] += SCROLL_SPEND[t]
    else:
        return False
    return True


def _goal_step_done(e: DarkTowerBatch, g: int, seat: int) -> None:
    """quests.goal_step_done: the step's treasure to the hero; the last step spawns the
    adversary."""
    S = e.S
    b = g * W
    step = S[b + GOAL_STEP]
    treasure = e.goal_treasures[step]
    if treasure >= 0:
        _append(e, g, 0, seat, treasure)
    S[b + GOAL_STEP] = step + 1
    if step + 1 == len(e.goal_steps):
        S[b + ADV_AT] = e.adversary_spawn


def _exploring_legal(e: DarkTowerBatch, g: int, top: int) -> list[int]:
    """legality.fast_exploring over the arrays."""
    S = e.S
    b = g * W
    if S[top + 2] < 0:
        cleared = S[b + CLEARED]
        out = [ENTER + r for r in range(ROOMS) if not cleared >> r & 1]
        if S[top + 6] >= 1:
            out.append(LEAVE)
        out.sort()
        return out
    out = [RESOLVE]
    if not S[top + 5] and S[top + 3] >= 1 and S[top + 4] < MAX_ADVANTAGES:
        out.append(IMPROVE)
    _items_legal(e, g, S[top + 1], 1 << _dungeon_advantage(e, g), out)
    out.sort()
    return out


def _holds(e: DarkTowerBatch, g: int, seat: int, item: int) -> int:
    """trades.holds: how many of a trade item (actions.ITEM) the hero holds."""
    S = e.S
    b = g * W
    if item == 0:
        return S[b + WARRIORS + seat]
    if item == 1:
        return S[b + SPIRIT + seat]
    if item < POTION_ITEM:
        return S[b + GEAR + seat * N_GEAR + item - GEAR_ITEM]
    if item < TREASURE_ITEM:
        return S[b + POTIONS + seat * N_POTIONS + item - POTION_ITEM]
    if item < COMPANION_ITEM:
        return _count_held(e, g, 0, seat, item - TREASURE_ITEM)
    if item == AMULET_ITEM:
        return S[b + AMULETS + seat]
    if item >= QUEST_ITEM:
        return _count_held(e, g, 3, seat, item - QUEST_ITEM)
    return _count_held(e, g, 2, seat, item - COMPANION_ITEM)


def _count_held(e: DarkTowerBatch, g: int, k: int, seat: int, item: int) -> int:
    """How many times ``item`` is in the seat's held list ``k``."""
    S = e.S
    at = g * W + LISTS + (k * SEATS + seat) * LW
    n = 0
    for i in range(S[at]):
        if S[at + 1 + i] == item:
            n += 1
    return n


def _trade_legal(e: DarkTowerBatch, g: int, top: int) -> list[int]:
    """legality.fast_trade over the arrays (the trade's items as tuples)."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    partner = S[top + 2]
    offer = TUPLES[S[top + 3]]
    ask = TUPLES[S[top + 4]]
    given = list(offer[1::2])
    asked = [ask[k + 1] for k in range(0, len(ask), 2) if ask[k] == partner]
    out = [DONE]
    if offer or ask:
        out.append(PROPOSE)
    for i in range(N_ITEMS):
        if _holds(e, g, seat, i) > given.count(i):
            out.append(OFFER + i)
        if _holds(e, g, partner, i) > asked.count(i):
            out.append(ASK + i)
    if S[b + AMULETS + seat] > given.count(AMULET_ITEM):
        out.append(OFFER_AMULET)
    if S[b + AMULETS + partner] > asked.count(AMULET_ITEM):
        out.append(ASK_AMULET)
    for who, base, counted in ((seat, OFFER_QUEST_ITEM, given), (partner, ASK_QUEST_ITEM, asked)):
        at = b + LISTS + (3 * SEATS + who) * LW
        for i in range(S[at]):
            q = S[at + 1 + i]
            if _count_held(e, g, 3, who, q) > counted.count(QUEST_ITEM + q):
                out.append(base + q)
    inside = 1 << partner  # the heroes in the trade, a bit a seat
    for other in offer[0::2] + ask[0::2]:
        inside |= 1 << other
    _add_trade_partners(e, g, seat, inside, out)
    out.sort()
    return out


def _add_trade_partners(e: DarkTowerBatch, g: int, seat: int, inside: int, out: list[int]) -> None:
    """``TRADE + other`` onto ``out`` for each hero ``seat`` may trade with: on its space, not
    eliminated, not one who refused this turn, and not one of the bits of ``inside`` (already
    in the trade)."""
    S = e.S
    b = g * W
    at = S[b + AT + seat]
    refused = S[b + REFUSED]
    for other in range(e.players):
        if (
            not inside >> other & 1
            and other != seat
            and S[b + AT + other] == at
            and not S[b + ELIMINATED + other]
            and not refused >> other & 1
        ):
            out.append(TRADE + other)


def _decide_trade(e: DarkTowerBatch, g: int, top: int, action: int) -> None:
    """trades.decide_trade over the arrays."""
    S = e.S
    b = g * W
    o = S[top + 2]
    if action == DONE:
        S[b + TRADED] = 1
        _pop(e, g)
    elif action == PROPOSE:
        give = TUPLES[S[top + 3]]
        take = TUPLES[S[top + 4]]
        first = min(give[0::2] + take[0::2])
        S[top] = K_TRADE_ANSWER
        S[top + 2] = S[top + 1]  # the trader
        S[top + 1] = first
    elif TRADE <= action < TRADE + SEATS:
        S[top + 2] = action - TRADE
    elif action == OFFER_AMULET:
        S[top + 3] = tuple_id(TUPLES[S[top + 3]] + (o, AMULET_ITEM))
    elif action == ASK_AMULET:
        S[top + 4] = tuple_id(TUPLES[S[top + 4]] + (o, AMULET_ITEM))
    elif OFFER <= action < OFFER + N_ITEMS:
        S[top + 3] = tuple_id(TUPLES[S[top + 3]] + (o, action - OFFER))
    elif ASK <= action < ASK + N_ITEMS:
        S[top + 4] = tuple_id(TUPLES[S[top + 4]] + (o, action - ASK))
    elif OFFER_QUEST_ITEM <= action < OFFER_QUEST_ITEM + N_QUEST_ITEMS:
        S[top + 3] = tuple_id(TUPLES[S[top + 3]] + (o, QUEST_ITEM + action - OFFER_QUEST_ITEM))
    else:
        S[top + 4] = tuple_id(TUPLES[S[top + 4]] + (o, QUEST_ITEM + action - ASK_QUEST_ITEM))


def _answer_trade(e: DarkTowerBatch, g: int, top: int, action: int) -> None:
    """trades.decide_trade_answer over the arrays: all agree in seat order, or no trade."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    if action != ACCEPT:
        _pop(e, g)
        S[b + REFUSED] |= 1 << seat
        return
    t = S[top + 2]
    give = TUPLES[S[top + 3]]
    take = TUPLES[S[top + 4]]
    later = [o for o in sorted(set(give[0::2] + take[0::2])) if o > seat]
    if later:
        S[top + 1] = later[0]
        return
    _pop(e, g)
    S[b + TRADED] = 1
    for k in range(0, len(give), 2):
        _move_item(e, g, t, give[k], give[k + 1])
    for k in range(0, len(take), 2):
        _move_item(e, g, take[k], t, take[k + 1])


def _move_item(e: DarkTowerBatch, g: int, frm: int, to: int, item: int) -> None:
    """trades.move_item over the arrays."""
    S = e.S
    b = g * W
    if item < TREASURE_ITEM:
        if item == 0:
            at = b + WARRIORS
        elif item == 1:
            at = b + SPIRIT
        elif item < POTION_ITEM:
            at = b + GEAR + item - GEAR_ITEM
            frm *= N_GEAR
            to *= N_GEAR
        else:
            at = b + POTIONS + item - POTION_ITEM
            frm *= N_POTIONS
            to *= N_POTIONS
        S[at + frm] -= 1
        S[at + to] += 1
    elif item < COMPANION_ITEM:
        _remove_held(e, g, 0, frm, item - TREASURE_ITEM)
        _append(e, g, 0, to, item - TREASURE_ITEM)
    elif item == AMULET_ITEM:
        S[b + AMULETS + frm] -= 1
        S[b + AMULETS + to] += 1
    elif item >= QUEST_ITEM:
        _remove_held(e, g, 3, frm, item - QUEST_ITEM)
        _append(e, g, 3, to, item - QUEST_ITEM)
    else:
        _remove_held(e, g, 2, frm, item - COMPANION_ITEM)
        _append(e, g, 2, to, item - COMPANION_ITEM)


def _remove_held(e: DarkTowerBatch, g: int, k: int, seat: int, item: int) -> None:
    """The first ``item`` of the seat's held list ``k`` removed (list.remove)."""
    S = e.S
    at = g * W + LISTS + (k * SEATS + seat) * LW
    n = S[at]
    i = 0
    while S[at + 1 + i] != item:
        i += 1
    while i < n - 1:
        S[at + 1 + i] = S[at + 2 + i]
        i += 1
    S[at] = n - 1


def _drink(e: DarkTowerBatch, g: int, seat: int, k: int, top: int, kind: int) -> None:
    """effects.drink: a potion drunk (its advantages to the battle's pool)."""
    S = e.S
    b = g * W
    S[b + POTIONS + seat * N_POTIONS + k] -= 1
    at = S[b + AT + seat]
    if P_ADVANTAGES[k]:
        S[top + (3 if kind == K_EXPLORING else 7)] += P_ADVANTAGES[k]  # the pool
    if P_CLEANSE[k]:  # drunk only on a standing building with skulls
        x = BUILDING_AT[at]
        S[b + SUPPLY] += S[b + SKULLS + x]
        S[b + SKULLS + x] = 0
    if P_REMOVE_FOE[k]:
        _remove_foe(e, g, at, P_REMOVE_FOE[k] - 2)
    S[b + MOVES_LEFT] += P_MOVES[k]
    _effects(e, g, seat, P_EFFECTS[k])


def _reinforce(e: DarkTowerBatch, g: int, seat: int, how: int) -> None:
    """turn.reinforce: the building's free or enhanced effect, the perks' bonus as
    warriors, the haggle die's gain."""
    S = e.S
    b = g * W
    S[b + REINFORCED] = 1
    x = BUILDING_AT[S[b + AT + seat]]
    if how:
        S[b + SPIRIT + seat] -= e.enhanced_cost[x]
    bonus = _perk_sum(e, g, seat, e.pa_reinforce, -1)
    key = (BUILDING_TYPE[x], how, bonus, S[b + HAGGLE])
    codes = e.reinforcements.get(key)
    if codes is None:
        codes = e.reinforcements[key] = _reinforcement(e, key)
    _effects(e, g, seat, codes)


def _reinforcement(e: DarkTowerBatch, key: tuple[int, int, int, int]) -> int:
    """The effects of a Reinforce, as turn.reinforce makes them, as a tuple's int."""
    btype = e.game.building_types[key[0]]
    effects = list(btype.enhanced if key[1] else btype.free)
    bonus = key[2]
    if bonus:
        gained = sum(n for code, n in effects if code == GAIN_WARRIORS)
        effects = [e for e in effects if e[0] != GAIN_WARRIORS]
        if gained + bonus > 0:
            effects.insert(0, (GAIN_WARRIORS, gained + bonus))
    face = DATA.haggle_faces[key[3]] if key[3] >= 0 else "normal"
    if face in DATA.haggle:
        effects += DATA.haggle[face]
    return tuple_id(flat(tuple(effects)))


def _start_battle(e: DarkTowerBatch, g: int, seat: int, f: int) -> None:
    """battle.start_battle: the cards, the automatic advantages against the foe."""
    S = e.S
    b = g * W
    S[b + HEROIC_DONE] = 1
    at = S[b + AT + seat]
    pool = _perk_sum(e, g, seat, e.pa_advantages, e.traits[f])
    _push(e, g, K_BATTLING, seat, f, at)
    rec = _top(e, g)
    if f == ADVERSARY:
        card = S[b + ADV_CARD]
        S[rec + 4] = card
        S[rec + 5] = S[b + ADV_RUNG]
        S[rec + 6] = S[b + ADV_LEFT]
    else:
        card = -1
        S[rec + 4] = -1
        S[rec + 5] = 0
        S[rec + 6] = e.foe_level[f]
    S[rec + 7] = pool
    S[rec + 8] = 0
    S[rec + 9] = 0
    if card < 0:
        _push(e, g, K_CARD_REVEAL)


def _ladder(e: DarkTowerBatch, g: int, top: int) -> int:
    """The offset in e.ladders of the battle's card (battle.battle_ladder)."""
    f = e.S[top + 2]
    row = 0 if f == ADVERSARY else e.S[g * W + STATUS + f]
    return ((f * 5 + row) * 4 + e.S[top + 4]) * LADDER


def _resolve_card(e: DarkTowerBatch, g: int, top: int) -> None:
    """battle.battle_step's Resolve: the card's result, the next card or the end."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    f = S[top + 2]
    result = e.ladders[_ladder(e, g, top) + 1 + S[top + 5]]
    left = S[top + 6] - 1
    if f == ADVERSARY:
        S[b + ADV_LEFT] = left
        S[b + ADV_CARD] = -1
        S[b + ADV_RUNG] = 0
    if left <= 0:
        S[top] = K_HEROIC_DONE  # seat, foe and location kept
    else:
        S[top + 4] = -1
        S[top + 5] = 0
        S[top + 6] = left
        S[top + 9] += 1
        _push(e, g, K_CARD_REVEAL)
    _effects(e, g, seat, result)


def _battling_legal(e: DarkTowerBatch, g: int, top: int) -> list[int]:
    """legality.fast_battling over the arrays."""
    S = e.S
    seat = S[top + 1]
    f = S[top + 2]
    out = [RESOLVE]
    if (
        S[top + 7] >= 1
        and S[top + 8] < MAX_ADVANTAGES
        and S[top + 5] < e.ladders[_ladder(e, g, top)] - 1
    ):
        out.append(IMPROVE)
    if f == ADVERSARY and S[top + 9] >= 1:
        out.append(RETREAT)
    _items_legal(e, g, seat, e.traits[f], out)
    out.sort()
    return out


def _items_legal(e: DarkTowerBatch, g: int, seat: int, traits: int, out: list[int]) -> None:
    """legality._fast_items: the potions, gear against ``traits`` (a bit a type) and scrolls
    spent in a battle or a dungeon room."""
    S = e.S
    b = g * W
    for k in range(N_POTIONS):
        if S[b + POTIONS + seat * N_POTIONS + k] and _can_drink(e, g, seat, k, True, False):
            out.append(POTION + k)
    for k in range(N_GEAR):
        if S[b + GEAR + seat * N_GEAR + k] > 0 and traits >> e.gear_advantage[k] & 1:
            out.append(GEAR_ACTION + k)
    at = b + LISTS + seat * LW
    for i in range(S[at]):
        t = S[at + 1 + i]
        if SCROLL_SPEND[t]:
            out.append(SCROLL + t)


def _perk_sum(e: DarkTowerBatch, g: int, seat: int, table: Any, types: int) -> int:
    """The sum of ``table`` over the hero's perks (hero.perks); with ``types`` (a bit an
    advantage type, else -1) only over those giving advantages against them or Wild."""
    S = e.S
    b = g * W
    total = 0
    bits = S[b + VIRTUES + seat]
    for i in e.board_perks[seat]:
        total += _perk(e, i, table, types)
    for v in range(3):
        if bits >> v & 1:
            total += _perk(e, e.virtue_perks[seat * 3 + v], table, types)
    if bits >> 3 & 1:
        total += _perk(e, e.kingdom_perk[seat], table, types)
    for k in range(1, 4):
        at = b + LISTS + (k * SEATS + seat) * LW
        first = PERK_FIRST[k]
        for i in range(S[at]):
            total += _perk(e, first + S[at + 1 + i], table, types)
    at = b + LISTS + seat * LW
    terrain = LOC_TERRAIN[S[b + AT + seat]]
    first = PERK_FIRST[0]
    for i in range(S[at]):
        t = S[at + 1 + i]
        if T_ADVANTAGE[t] >= 0 and (T_TERRAIN[t] < 0 or T_TERRAIN[t] == terrain):
            total += _perk(e, first + t, table, types)
    return total


def _perk(e: DarkTowerBatch, i: int, table: Any, types: int) -> int:
    """``table[i]`` for the perk i: every perk (types -1), those of the advantage type t
    alone (types -2 - t), or those giving advantages against ``types`` (a bit a type) or
    Wild ones."""
    if types == -1:
        return table[i]  # type: ignore[no-any-return]
    if types < -1:
        return table[i] if e.pa_advantage[i] == -2 - types else 0  # type: ignore[no-any-return]
    kind = e.pa_advantage[i]
    if kind >= 0 and (types >> kind & 1 or kind == WILD):
        return table[i]  # type: ignore[no-any-return]
    return 0


def _count_down(e: DarkTowerBatch, g: int, top: int) -> None:
    """effects.count_down: the frame's ``n`` down by one, or the frame done."""
    S = e.S
    if S[top + 2] > 1:
        S[top + 2] -= 1
    else:
        _pop(e, g)


def _effects(e: DarkTowerBatch, g: int, seat: int, codes: int) -> None:
    """effects.effects: the Effects frame of ``codes`` (a tuple's int) pushed."""
    if TUPLES[codes] and not e.S[g * W + ELIMINATED + seat]:
        _push(e, g, K_EFFECTS, seat, codes, 0)


def _place_skull(e: DarkTowerBatch, g: int, x: int) -> None:
    """skulls.place_skull: up to 3 a building; a 4th destroys it."""
    S = e.S
    b = g * W
    S[b + IN_HAND] -= 1
    if S[b + SKULLS + x] < CAPACITY:
        S[b + SKULLS + x] += 1
        return
    S[b + OUT] += S[b + SKULLS + x]
    S[b + SKULLS + x] = -1
    S[b + SUPPLY] += 1
    kingdom = BUILDING_KINGDOM[x]
    home = e.home_of[kingdom]
    if home >= 0 and not S[b + ELIMINATED + home]:
        _effects(e, g, home, ONE_CORRUPTION)


# ---- the chance nodes written here ------------------------------------------------------
def _fast_chance(e: DarkTowerBatch, g: int, kind: int, r: float) -> bool:
    """The outcome the draw ``r`` picks, applied over the arrays; False (nothing done)
    for the chance nodes left to the one-game rules."""
    S = e.S
    b = g * W
    top = _top(e, g)
    if kind == K_RELEASING:
        _release(e, g, _release_pick(e, g, r))
        _tail(e, g, True)
        return True
    if kind == K_EVENT_DRAW:
        c = _deck_pick(e, g, EVENT_DECK, N_EVENTS, r)
        seat = S[top + 1]
        _pop(e, g)
        S[b + EVENT_DECK + c] -= 1
        if not _has_cards(e, g, EVENT_DECK, N_EVENTS):
            for k in range(N_EVENTS):
                S[b + EVENT_DECK + k] = e.event_counts[k]
        if not _event(e, g, seat, c):
            state = _hand_over(e, g)
            state._event(seat, c)
            _state_tail(e, state, False)
            return True
    elif kind == K_SPAWN:
        loc = pick_uniform(N_LOC, r)
        f = S[top + 1]
        n = S[top + 2]
        S[b + FOES + loc * N_FOES + f] += 1
        if n > 1 and _tokens_left(e, g, f):
            S[top + 2] = n - 1
        else:
            _pop(e, g)
        _tail(e, g, True)
        return True
    elif kind == K_QUEST_DRAW:
        n = N_QUESTS - S[b + QUESTS_DEALT]
        i = pick_uniform(n, r)
        q = -1
        for k in range(N_QUESTS):
            if not _dealt(e, g, k):
                if i == 0:
                    q = k
                    break
                i -= 1
        _pop(e, g)
        S[b + QUESTS_DEALT + 1 + S[b + QUESTS_DEALT]] = q
        S[b + QUESTS_DEALT] += 1
        S[b + MONTHLY + S[top + 1]] = q
    elif kind == K_TREASURE_DRAW or kind == K_POTION_DRAW or kind == K_CORRUPTION_DRAW:
        _deck_draw(e, g, kind, top, r)
    elif kind == K_CARD_REVEAL:
        c = pick_uniform(4, r)
        _pop(e, g)
        battle = _top(e, g)
        S[battle + 4] = c  # card
        S[battle + 5] = 0  # rung
        if S[battle + 2] == ADVERSARY:
            S[b + ADV_CARD] = c
            S[b + ADV_RUNG] = 0
    elif kind == K_ROOM_REVEAL:
        room = S[top + 1]
        unrevealed = 0
        for k in range(ROOMS):
            if S[b + ROOMS_AT + k] == -1:
                unrevealed += 1
        if unrevealed == 1:
            c = TARGET
        else:
            target = 1.0 / unrevealed
            rest = (1.0 - target) / ROOM_KINDS
            c = -1
            acc = 0.0
            for k in range(ROOM_KINDS):
                acc += rest
                if r < acc:
                    c = k
                    break
            if c < 0:
                c = TARGET  # the last outcome, whether or not the walk reaches it
        _pop(e, g)
        S[b + ROOMS_AT + room] = c
    elif kind == K_HAGGLE_ROLL:
        face = pick_uniform(6, r)
        _pop(e, g)
        S[b + HAGGLE] = face
        if face in CANCEL:
            S[b + REINFORCED] = 1
    elif kind == K_SEAL_GLOW:
        o = _seal_pick(e, g, r)
        dropper = S[top + 1]
        _pop(e, g)
        drum = S[b + DRUMS + o // 4]
        S[b + SEALS + o // 4 * 4 + (o % 4 - drum) % 4] = 0
        _loosen(e, g, o // 4, LOOSENS_BREAK)
        if S[b + RELEASING]:
            _push(e, g, K_RELEASING, dropper)
    else:
        return False
    _tail(e, g, False)
    return True


def _deck_draw(e: DarkTowerBatch, g: int, kind: int, top: int, r: float) -> None:
    """A treasure, potion or corruption drawn (draws._treasure, _potion, _corruption): the
    card the draw ``r`` picks from the deck's counts."""
    S = e.S
    b = g * W
    if kind == K_TREASURE_DRAW:
        t = _deck_pick(e, g, TREASURE_DECK, N_TREASURES, r)
        seat = S[top + 1]
        n = S[top + 2]
        S[b + TREASURE_DECK + t] -= 1
        if seat < 0:
            S[b + MARKET_AT + S[top + 3]] = t
        else:
            _append(e, g, 0, seat, t)
        if n > 1 and _has_cards(e, g, TREASURE_DECK, N_TREASURES):
            S[top + 2] = n - 1
        else:
            _pop(e, g)
    elif kind == K_POTION_DRAW:
        k = _deck_pick(e, g, POTION_DECK, N_POTIONS, r)
        seat = S[top + 1]
        n = S[top + 2]
        S[b + POTION_DECK + k] -= 1
        S[b + POTIONS + seat * N_POTIONS + k] += 1
        if n > 1 and _has_cards(e, g, POTION_DECK, N_POTIONS):
            S[top + 2] = n - 1
        else:
            _pop(e, g)
    elif kind == K_CORRUPTION_DRAW:
        c = _deck_pick(e, g, CORRUPTION_DECK, N_CORRUPTIONS, r)
        _pop(e, g)
        S[b + CORRUPTION_DECK + c] -= 1
        _append(e, g, 1, S[top + 1], c)


def _state_tail(e: DarkTowerBatch, state: Any, keeps: bool) -> None:
    """DarkTowerState._apply's end, on a state the rules were handed over to."""
    if (
        state.result
        or type(state.pending[-1]) in AUTOMATIC_KINDS
        or (e.competitive and True in state.eliminated)
    ):
        state._settle()
    elif keeps:
        return
    state._follow_move_value()


def _append(e: DarkTowerBatch, g: int, k: int, seat: int, item: int) -> None:
    """An item added to the end of the seat's held list ``k`` (HELD_LISTS)."""
    at = g * W + LISTS + (k * SEATS + seat) * LW
    n = e.S[at]
    if n >= HELD:
        raise ValueError(f"a hero holds more than {HELD} of {HELD_LISTS[k]}")
    e.S[at + 1 + n] = item
    e.S[at] = n + 1


def _dealt(e: DarkTowerBatch, g: int, q: int) -> bool:
    at = g * W + QUESTS_DEALT
    for i in range(e.S[at]):
        if e.S[at + 1 + i] == q:
            return True
    return False


def _deck_pick(e: DarkTowerBatch, g: int, deck: int, kinds: int, r: float) -> int:
    """draws._deck_pick over the deck's counts: the kind the draw ``r`` picks."""
    S = e.S
    at = g * W + deck
    total = 0
    for k in range(kinds):
        total += S[at + k]
    acc = 0.0
    last = -1
    for k in range(kinds):
        n = S[at + k]
        if n:
            acc += n / total
            if r < acc:
                return k
            last = k
    return last


def _seal_pick(e: DarkTowerBatch, g: int, r: float) -> int:
    """The glowing seal: Tower.seal_to_break_outcomes walked (the same floats)."""
    total = 0.0
    for o in range(12):
        if _is_sealed(e, g, o):
            total += GLOW[o // 4]
    acc = 0.0
    last = -1
    for o in range(12):
        if _is_sealed(e, g, o) and GLOW[o // 4] > 0:
            acc += GLOW[o // 4] / total
            if r < acc:
                return o
            last = o
    return last


def _is_sealed(e: DarkTowerBatch, g: int, o: int) -> bool:
    b = g * W
    level = o // 4
    return e.S[b + SEALS + level * 4 + (o % 4 - e.S[b + DRUMS + level]) % 4] == 1


def _loosen(e: DarkTowerBatch, g: int, level: int, loosens: bool) -> None:
    """Tower._loosen: the drum's resting skulls loose, a release opened when any are in."""
    if not loosens:
        return
    S = e.S
    b = g * W
    S[b + LOOSE + level] += S[b + RESTING + level]
    S[b + RESTING + level] = 0
    inside = 0
    for lv in range(3):
        inside += S[b + RESTING + lv] + S[b + LOOSE + lv]
    S[b + RELEASING] = 1 if inside > 0 else 0


def _tokens_left(e: DarkTowerBatch, g: int, f: int) -> int:
    S = e.S
    b = g * W + FOES + f
    on = 0
    for loc in range(N_LOC):
        on += S[b + loc * N_FOES]
    return e.foe_tokens[f] - on


def _on_board(e: DarkTowerBatch, g: int, f: int) -> bool:
    S = e.S
    b = g * W + FOES + f
    for loc in range(N_LOC):
        if S[b + loc * N_FOES]:
            return True
    return False


def _event(e: DarkTowerBatch, g: int, seat: int, c: int) -> bool:
    """events.event over the arrays; False (nothing done) for the events left to the
    one-game rules."""
    S = e.S
    b = g * W
    cat = EV_CATEGORY[c]
    f = EV_FOE[c]
    if cat == EV_SPAWN:
        if _tokens_left(e, g, f):
            _push(e, g, K_SPAWN, f, EV_COUNT[c])
    elif cat == EV_GROW:
        for slot in range(N_FOES):
            if (f < 0 or slot == f) and _on_board(e, g, slot):
                if S[b + STATUS + slot] < MAX_STATUS:
                    S[b + STATUS + slot] += 1
    elif cat == EV_STIRS:
        if EV_SEAL[c]:
            for o in range(12):
                if _is_sealed(e, g, o):
                    _push(e, g, K_SEAL_GLOW, seat)
                    break
        else:
            level = EV_LEVEL[c]
            S[b + DRUMS + level] = (S[b + DRUMS + level] + EV_STEPS[c]) % 4
            _loosen(e, g, level, LOOSENS_ROTATE)
            if S[b + RELEASING]:
                _push(e, g, K_RELEASING, seat)
    elif cat == EV_NEW_WARES:
        if _has_cards(e, g, TREASURE_DECK, N_TREASURES):
            for s in range(MARKET):
                if S[b + MARKET_AT + s] >= 0:
                    _push(e, g, K_NEW_WARES, seat, 0)
                    break
    elif cat == EV_COMPANION:
        anyone = False
        for p in range(e.players):
            if S[b + LISTS + (2 * SEATS + p) * LW]:
                anyone = True
        if EV_CALM[c] and anyone:
            for slot in range(N_FOES):
                if (f < 0 or slot == f) and _on_board(e, g, slot):
                    if S[b + STATUS + slot] > 0:
                        S[b + STATUS + slot] -= 1
        for p in range(e.players - 1, -1, -1):
            if not S[b + ELIMINATED + p] and S[b + LISTS + (2 * SEATS + p) * LW]:
                _effects(e, g, p, EV_EFFECTS[c])
    elif cat == EV_ACTS:
        kingdom = (BATTLE_GLYPH_SIDE + S[b + DRUMS + BATTLE_GLYPH_LEVEL]) % 4
        for p in range(e.players - 1, -1, -1):
            if not S[b + ELIMINATED + p] and LOC_KINGDOM[S[b + AT + p]] == kingdom:
                _effects(e, g, p, e.adversary_strike)
    elif cat == EV_STRIKE:
        _strike(e, g, f)
    elif cat != EV_CALM_ONLY:
        return False
    return True


def _strike(e: DarkTowerBatch, g: int, f: int) -> None:
    """events.strike: the foe's tokens step toward the nearest hero, then strike."""
    S = e.S
    b = g * W
    if not _on_board(e, g, f):
        return
    status = S[b + STATUS + f]
    steps = e.strike_moves[f * 5 + status]
    if steps:
        moved = [0] * N_LOC
        for loc in range(N_LOC):
            count = S[b + FOES + loc * N_FOES + f]
            if count:
                moved[_toward_hero(e, g, loc, steps)] += count
        for loc in range(N_LOC):
            S[b + FOES + loc * N_FOES + f] = moved[loc]
    for p in range(e.players - 1, -1, -1):
        if not S[b + ELIMINATED + p] and S[b + FOES + S[b + AT + p] * N_FOES + f]:
            _effects(e, g, p, e.strikes[f * 5 + S[b + STATUS + f]])


def _toward_hero(e: DarkTowerBatch, g: int, loc: int, steps: int) -> int:
    """events.toward_hero: along a shortest path to the nearest hero (ties: the lower
    seat, the space listed first)."""
    S = e.S
    b = g * W
    for _ in range(steps):
        target = -1
        best = 0
        for p in range(e.players):
            if not S[b + ELIMINATED + p]:
                h = S[b + AT + p]
                d = DISTANCES[loc][h]
                if target < 0 or d < best:
                    target = h
                    best = d
        if best == 0:
            break
        row = -1
        best = 0
        for a in ADJACENT[loc]:
            d = DISTANCES[a][target]
            if row < 0 or d < best:
                row = a
                best = d
        loc = row
    return loc


def _release_pick(e: DarkTowerBatch, g: int, r: float) -> int:
    """Tower._release_outcomes walked as sample_chance walks them: the openings, the doors,
    then STILL, each chance the same product of floats."""
    S = e.S
    b = g * W
    head = -1
    for level in range(2, -1, -1):
        if S[b + LOOSE + level]:
            head = level
            break
    if head < 0:
        return STILL
    catch_level = _settle_plan(e, g, True)
    still = 0.0
    reach = 1.0
    r0 = r1 = r2 = 0.0  # the reach at each level once past its catch
    for level in range(head, 3):
        if level == catch_level:
            still = reach * CATCH[level]
            reach *= 1 - CATCH[level]
        if level == 0:
            r0 = reach
        elif level == 1:
            r1 = reach
        else:
            r2 = reach
        drum = S[b + DRUMS + level]
        opened = 0
        for side in range(4):
            if not S[b + SEALS + level * 4 + (side - drum) % 4]:
                opened += 1
        reach *= 1 - ESCAPE[level] * opened / 4
    acc = 0.0
    last = -1
    for level in range(head, 3):
        at = r0 if level == 0 else (r1 if level == 1 else r2)
        drum = S[b + DRUMS + level]
        for side in range(4):
            if not S[b + SEALS + level * 4 + (side - drum) % 4]:
                p = at * ESCAPE[level] / 4
                if p > 0:
                    acc += p
                    if r < acc:
                        return level * 4 + side
                    last = level * 4 + side
    for side in range(4):
        p = reach * DOOR_WEIGHTS[side] / DOOR_TOTAL
        if p > 0:
            acc += p
            if r < acc:
                return BASE + side
            last = BASE + side
    if still > 0:
        acc += still
        if r < acc:
            return STILL
        last = STILL
    return last


def _settle_plan(e: DarkTowerBatch, g: int, first: bool) -> int:
    """Tower._settle: where the loose skulls come to rest, the lowest first; with
    ``first``, only the first's level (-1 when they cannot all fit), else applied to
    the ledges (returns 0; -1, nothing done, when they cannot all fit)."""
    S = e.S
    b = g * W
    after = [S[b + RESTING], S[b + RESTING + 1], S[b + RESTING + 2]]
    plan = []
    for level in range(2, -1, -1):
        for _ in range(S[b + LOOSE + level]):
            best = -1
            fewest = 0
            for lv in range(level, 3):
                n = after[lv]
                if n < CAPACITIES[lv] and (best < 0 or n < fewest):
                    best = lv
                    fewest = n
            if best < 0:
                return -1
            after[best] += 1
            plan.append(best)
    if first:
        return plan[0] if plan else -1
    for lv in plan:
        S[b + RESTING + lv] += 1
    return 0


def _release(e: DarkTowerBatch, g: int, o: int) -> None:
    """draws._release: the tower's release_offered, then where the skull lands."""
    S = e.S
    b = g * W
    top = _top(e, g)
    dropper = S[top + 1]
    if o == STILL:
        _settle_plan(e, g, False)
        S[b + LOOSE] = S[b + LOOSE + 1] = S[b + LOOSE + 2] = 0
        S[b + RELEASING] = 0
        _pop(e, g)
        return
    head = 2
    while not S[b + LOOSE + head]:
        head -= 1
    S[b + LOOSE + head] -= 1
    S[b + EMERGED] += 1
    last = o // 4 if o < BASE else 2
    for level in range(head, last + 1):
        resting = S[b + RESTING + level]
        if resting >= SPILL_AT[level]:
            knocked = KNOCK[level] or resting
            if knocked > resting:
                knocked = resting
            S[b + LOOSE + level] += knocked
            S[b + RESTING + level] -= knocked
    side = o - BASE if o >= BASE else o % 4
    # skulls.emerged: placed on a standing building of that kingdom, else back to the supply
    standing = False
    for x in KINGDOM_BUILDINGS[side]:
        if S[b + SKULLS + x] >= 0:
            standing = True
            break
    if not standing:
        S[b + SUPPLY] += 1
        return
    S[b + IN_HAND] += 1
    home = e.home_of[side]
    if home < 0 or S[b + ELIMINATED + home]:
        seat = _placer(e, g, dropper)
    else:
        seat = home
    _push(e, g, K_PLACE_SKULL, seat, side)


def _placer(e: DarkTowerBatch, g: int, dropper: int) -> int:
    S = e.S
    b = g * W
    if not S[b + ELIMINATED + dropper]:
        return dropper
    n = e.players
    for step in range(n):
        seat = (S[b + CURRENT] + step) % n
        if not S[b + ELIMINATED + seat]:
            return seat
    return dropper


def put(S: Any, at: int, values: Sequence[int]) -> None:
    for i, v in enumerate(values):
        S[at + i] = int(v)


def seq(S: Any, at: int, n: int) -> list[int]:
    return [S[at + i] for i in range(n)]
