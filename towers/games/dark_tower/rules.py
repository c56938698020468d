"""Return to Dark Tower, the cooperative game: the Game (options and tables) and the State.

The state holds small ints and lists; the tower is a :class:`~.tower.Tower` component whose
drops, rotations and seals are chance nodes. Decisions are the frames of :mod:`.frames`; when
each action is allowed is stated once in :mod:`.legality`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from towers.core.components import Deck
from towers.core.errors import GameOptionError
from towers.core.frames import DecisionStack, Frame
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.options import Option
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import legality, observe
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.constants import (
    BUILDING_AT,
    CAPACITY,
    CARD,
    DEAL_TEST,
    DISTANCES,
    DONE,
    DRAW_COMPANION,
    DRAW_CORRUPTION,
    DRAW_POTION,
    DRAW_QUEST,
    DRAW_QUEST_ITEM,
    DRAW_TREASURE,
    DROP,
    EVENT,
    GOAL,
    HAGGLE_ROLL,
    HEROIC_SPIRIT,
    LOSING_CORRUPTIONS,
    MAX_STATUS,
    MONTHS,
    MOVE,
    N_FOES,
    N_GEAR,
    N_LOC,
    N_POTIONS,
    RELEASE,
    ROOM,
    ROOMS,
    SEAL,
    SPAWN,
    START_STATUS,
    TESTS,
    TESTS_OF_KIND,
    TOTAL_SKULLS,
    TOWER_DUNGEON,
    C,
    G,
    flat,
)
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
    SIDES,
    SKULLS,
    STATUSES,
    STEAL,
    WILD,
    DungeonType,
    Effects,
    Gear,
    Perk,
    Quest,
)
from towers.games.dark_tower.tower import BASE, STILL, Tower

__all__ = [
    "BY_KINGDOM",
    "MOST_GAINED",
    "DarkTowerGame",
    "DarkTowerState",
    "check_heroes",
    # kept importable from here for the views, the companion and their tests
    "DONE",
    "DROP",
    "GOAL",
    "HAGGLE_ROLL",
    "MOVE",
    "N_FOES",
    "RELEASE",
]

BY_KINGDOM = "by-kingdom"
HERO_IDS = tuple(h.id for h in DATA.heroes)


def check_heroes(value: Any) -> str:
    """The ``heroes`` option: ``by-kingdom``, or one base hero a seat, distinct, as ids parted
    by commas (a list is taken too); returned as the text of the ids."""
    names = value if isinstance(value, list) else str(value).split(",")
    ids = [str(n).strip().casefold() for n in names]
    if ids == [BY_KINGDOM]:
        return BY_KINGDOM
    allowed = f"{BY_KINGDOM}, or one a seat, distinct, of {', '.join(HERO_IDS)}"
    bad = [i for i in ids if i not in HERO_IDS]
    if bad:
        raise ValueError(f"no base hero {', '.join(bad)}; allowed: {allowed}")
    if len(set(ids)) < len(ids):
        raise ValueError(f"a hero is chosen twice; allowed: {allowed}")
    return ",".join(ids)


def _most_gained() -> int:
    """The most warriors and spirit one action can give one hero, from the data: the largest
    result, banner, Reinforce, event or potion, with every Reinforce bonus, the haggle die,
    and a heroic action's spirit with every bonus to it (a bound for the length of trades)."""
    lists: list[Effects] = [h.banner for h in DATA.heroes]
    lists += [t.free for t in DATA.building_types] + [t.enhanced for t in DATA.building_types]
    lists += [p.effects for p in DATA.potions] + [e.effects for e in DATA.events]
    lists += list(DATA.haggle.values())
    for foe in DATA.foes:
        lists += [result for row in foe.battle for card in row for result in card]
        lists += [*foe.strike, foe.advance]
    for d in DATA.dungeon_types:
        lists += [*d.target] + [result for _, rungs in d.rooms for result in rungs]
    most = max(sum(n for code, n in e if code in (GAIN_WARRIORS, GAIN_SPIRIT)) for e in lists)
    perks = [*DATA.companions, *DATA.kingdom_virtues, *(p.perk for p in DATA.treasures)]
    perks += [q.perk for q in DATA.quest_items]
    for hero in DATA.heroes:
        perks += [*hero.default_virtues, *hero.virtues]
    bonus = sum(max(0, p.reinforce) + max(0, p.heroic) for p in perks)
    haggle = max(sum(n for _, n in e) for e in DATA.haggle.values())
    return most + bonus + haggle + HEROIC_SPIRIT


MOST_GAINED = _most_gained()


class DarkTowerGame(Game):
    name = "dark_tower"
    min_players = 1
    max_players = 4
    COOPERATIVE = True
    OPTIONS: ClassVar[dict[str, Option]] = {
        "mode": Option(
            default="cooperative",
            help="how the heroes play: together against the adversary, or 2-4 of them racing "
            "each other for the relic in the Tower (App Setup, Competitive Game)",
            choices=("cooperative", "competitive"),
            names={"cooperative": "Cooperative", "competitive": "Competitive"},
        ),
        "difficulty": Option(
            default="heroic",
            help="Heroic, or Gritty with fewer turns each month (App Setup)",
            choices=("heroic", "gritty"),
            names={"heroic": "Heroic", "gritty": "Gritty"},
        ),
        "goal": Option(
            default=GOAL.id,
            help="the main goal, with its companion (App Setup; Recover Azkol's Treasures in "
            "the first game)",
            choices=tuple(g.id for g in DATA.main_goals),
            names={g.id: g.name for g in DATA.main_goals},
        ),
        "adversary": Option(
            default=DATA.foes[GOAL.adversary].id,
            help="the adversary in the Tower (App Setup; Ashstrider in the first game)",
            choices=tuple(f.id for f in DATA.foes if f.kind == "adversary"),
            names={f.id: f.name for f in DATA.foes if f.kind == "adversary"},
        ),
        "heroes": Option(
            default=BY_KINGDOM,
            help="the heroes, one a seat in seat order and parted by commas, distinct base "
            "heroes (Hero Setup); by default each seat plays the hero listed for its home "
            "kingdom",
            check=check_heroes,
            names={BY_KINGDOM: "the hero of each seat's kingdom"}
            | {h.id: h.name for h in DATA.heroes},
        ),
        **{
            f"foe{level}": Option(
                default=DATA.foes[GOAL.foes[level - 2]].id,
                help=f"the level-{level} foe (App Setup: one each of level 2, 3 and 4)",
                choices=tuple(f.id for f in DATA.foes if f.kind == "foe" and f.level == level),
                names={f.id: f.name for f in DATA.foes if f.kind == "foe" and f.level == level},
            )
            for level in (2, 3, 4)
        },
    }
    ACTIONS = SPACE
    TEST_VARIANTS: ClassVar[dict[str, dict[str, Any]]] = {"competitive": {"mode": "competitive"}}
    """Option sets with their own perft and golden data (scripts/make_test_data.py)."""

    def _setup(self) -> None:
        n = self.num_players
        self.competitive = self.options["mode"] == "competitive"
        self.COOPERATIVE = not self.competitive
        # End of the Game: the sixth month ending, or everyone out at once, is nobody's win
        self.MAY_END_WITHOUT_WINNER = self.competitive
        if self.competitive and n < int(C["min_players"]):
            raise GameOptionError(
                f"the competitive game is for {C['min_players']} to {self.max_players} heroes, "
                f"not {n} (Competitive Game: heroes race each other); play 1 hero with "
                "mode=cooperative"
            )
        self.kingdoms = tuple(SIDES.index(s) for s in G["seats"]["kingdoms"][str(n)])
        """Each seat's home kingdom (a side)."""
        self.home_of = [-1] * 4
        for seat, k in enumerate(self.kingdoms):
            self.home_of[k] = seat
        self.gritty = self.options["difficulty"] == "gritty"
        gritty = G["gritty"]
        fewer = int(gritty["fewer_turns"]["value"]) if self.gritty else 0
        self.month_turns = int(G["turns_per_month"]["heroic"][str(n)]) - fewer
        self.foe_status = (
            STATUSES.index(gritty["foe_status"]["value"]) if self.gritty else START_STATUS
        )
        """The status a foe enters play with (designed: savage on Gritty, game.toml)."""
        self.setup_skulls = int(G["setup"]["skulls"]) + (
            int(gritty["setup_skulls"]["value"]) if self.gritty else 0
        )
        self.event_counts = tuple(e.gritty if self.gritty else 1 for e in DATA.events)
        """The copies of each event card in the deck (Gritty's is harsher, events.toml)."""
        self.heroes = tuple(DATA.heroes[k] for k in self.kingdoms)
        """Designed: by default the seat facing a kingdom plays the base hero listed for it."""
        chosen = self.options["heroes"]
        if chosen != BY_KINGDOM:
            ids = chosen.split(",")
            if len(ids) != n:
                raise GameOptionError(
                    f"option heroes={chosen} names {len(ids)} heroes for {n} seats; allowed: "
                    f"{BY_KINGDOM}, or one a seat, distinct, of {', '.join(HERO_IDS)}"
                )
            self.heroes = tuple(DATA.heroes[HERO_IDS.index(i)] for i in ids)
        self.building_types = DATA.building_types
        """The building types' Reinforce effects this game plays with (the data's, unless
        the owner of a copy entered its printed numbers: see the companion)."""
        self.gear = DATA.gear
        """The gear this game plays with (the data's, unless printed values were entered)."""
        self.foes = tuple(DATA.foe(self.options[f"foe{level}"]) for level in (2, 3, 4))
        """The foes of this game, by level (2, 3, 4): indices into DATA.foes."""
        self.adversary = DATA.foe(self.options["adversary"])
        self.goal = next(g for g in DATA.main_goals if g.id == self.options["goal"])
        """The main goal (the competitive game has none: it keeps the default's data)."""
        self.adversary_cards = DATA.foes[self.adversary].level
        """The battle cards that defeat the adversary: its level on every difficulty (Starting
        the Battle: "Select a number of battle cards equal to the foe's level")."""

    def has_hidden_information(self) -> bool:
        return True

    def max_game_length(self) -> int:
        n = self.num_players
        turns = n + (MONTHS - 1) * self.month_turns
        # One turn, at most: the start (banner, done) 2; moves 60 (the fastest hero with
        # every move virtue and companion, 9, doubled, and 2 more for each of the 18
        # potions); one heroic action 60 (a battle of 5 cards: reveal and resolve each, 10
        # advantages, a retreat; or 5 rooms: enter, reveal, improve, resolve, and leave; or a
        # quest's discards and companion); Reinforce and the haggle die 4; every
        # item held or gained spent (18 gear, 18 potions, 22 treasures and the turn's gains)
        # 80; choices and draws inside effects (gear, potions, virtues, corruptions) 120; the
        # turn's drops (its own, a stirring tower, the adversary's advance of 2), each at most
        # 24 skulls out and placed and "still", 4 * 50; the event and what it spawns or
        # replaces 20; a month's two quests 2.
        per_turn = 2 + 60 + 60 + 4 + 80 + 120 + 200 + 20 + 2
        # A trade has no cap (Making Trades): it opens, brings in up to n - 1 heroes, offers
        # or asks for one thing at a time, each held by a hero in it, is proposed and answered
        # by each; a turn sees at most n proposals (each hero refuses once, then is not asked
        # again). The team holds at most its start and what every action of the game could
        # have given each hero.
        units = n * (int(G["start"]["warriors"]) + int(G["start"]["spirit"]))
        units += turns * per_turn * n * MOST_GAINED
        items = 3 * N_GEAR + sum(p.count for p in DATA.potions) + len(DATA.treasures)
        items += len(DATA.companions) + len(DATA.quest_items) + n * int(C["amulets"])
        trade = n * (2 + 2 * n + units + items)
        setup = self.setup_skulls * 50 + 10 + 3 + 4 * TESTS
        return setup + turns * (per_turn + trade)

    def state_class(self) -> type[State]:
        return DarkTowerState

    def new_initial_state(self) -> DarkTowerState:
        return DarkTowerState.initial(self)


@dataclass(slots=True)
class DarkTowerState(State):
    game: DarkTowerGame
    pending: DecisionStack
    tower: Tower
    at: list[int]
    """Each hero's location."""
    warriors: list[int]
    spirit: list[int]
    gear: list[list[int]]
    """Each hero's gear by kind."""
    potions: list[list[int]]
    treasures: list[list[int]]
    corruptions: list[list[int]]
    companions: list[list[int]]
    quest_items: list[list[int]]
    """Each hero's quest items (indices of DATA.quest_items)."""
    virtues: list[int]
    """Each hero's activated virtue tiles: bits 0-2 hero virtues, bit 3 the kingdom virtue."""
    foes: list[int]
    """Foe tokens: ``foes[location * 3 + foe]``."""
    status: list[int]
    """Each foe's status (index of STATUSES)."""
    skulls: list[int]
    """Skulls on each building; -1 once destroyed."""
    supply: int
    """Skulls in the supply."""
    out_of_game: int
    in_hand: int
    """Skulls that emerged and wait to be placed."""
    adversary_at: int
    adv_left: int
    adv_card: int
    adv_rung: int
    goal_step: int
    rooms: list[int]
    """The main goal's current dungeon: each room's kind, -1 unrevealed, 12 the target."""
    cleared: int
    market: list[int]
    treasure_deck: Deck
    potion_deck: Deck
    corruption_deck: Deck
    event_deck: Deck
    companions_left: list[int]
    quests_dealt: list[int]
    monthly: list[int]
    """The month's companion and adversary quests (-1: none or completed)."""
    month: int
    turns_left: int
    current: int
    banner_used: bool
    moves_left: int
    """Moves left this turn; below 0 when a modifier was lost after the moves were taken."""
    moved: bool
    doubled: bool
    heroic_done: bool
    reinforced: bool
    haggle: int
    """The haggle die's face this turn (-1: not rolled)."""
    haggle_at: int
    """Where the haggle die was rolled: its Reinforce is taken at that building (-1: none)."""
    base_move: int
    """The move value counted in ``moves_left`` (followed through the turn, see
    ``_follow_move_value``): the value doubling doubles."""
    traded: bool
    """This turn's trade is made (or given up, see ``_decide``)."""
    refused: int
    """Seats that refused a proposed trade this turn, a bit each (not asked again)."""
    result: int
    """0 while playing, 1 won, -1 lost."""
    ending: str
    tests: list[list[int]]
    """Competitive: each hero's heroic test card of each type (-1: not dealt yet)."""
    tests_done: list[int]
    """Competitive: each hero's completed heroic tests, a bit for each type."""
    amulets: list[int]
    """Competitive: each hero's Amulets of Hope."""
    eliminated: list[bool]
    """Competitive: heroes out of the game (Hero Elimination); their kingdoms are dormant."""
    winner: int
    """Competitive: the seat that won (-1: none)."""
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELDS_VERSION: ClassVar[int] = 2
    """2: a trade may involve several heroes (its items are (partner, item) pairs) and a
    refused proposal is no trade (``refused``)."""

    @classmethod
    def upgrade_fields(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        """Version 1 traded with one partner: its items were plain item codes, and opening a
        trade used up the turn's trade, so nobody had refused one."""
        if version < 2:
            fields["refused"] = 0
            frames = []
            for frame in fields["pending"]:
                frame = dict(frame)
                if frame.get("frame") in ("trade", "trade_answer"):
                    other = frame["partner"] if frame["frame"] == "trade" else frame["seat"]
                    for key in ("offer", "ask"):
                        frame[key] = [x for i in frame[key] for x in (other, i)]
                frames.append(frame)
            fields["pending"] = frames
        return fields

    FIELD_READERS: ClassVar[dict[str, Any]] = {
        "pending": F.FRAMES.stack_from_json,
        "tower": Tower.from_json,
        "treasure_deck": Deck.from_json,
        "potion_deck": Deck.from_json,
        "corruption_deck": Deck.from_json,
        "event_deck": Deck.from_json,
    }

    # ---- setup ---------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: DarkTowerGame) -> DarkTowerState:
        n = game.num_players
        start = G["start"]
        citadels = {b.kingdom: b.location for b in DATA.buildings if b.type == 0}
        goal = game.goal
        # treasures a main goal's steps give are not in the deck; the competitive game has none
        found = set() if game.competitive else {t for _, t in goal.steps}
        treasure_counts = [0 if t in found else 1 for t in range(len(DATA.treasures))]
        state = cls(
            game=game,
            pending=DecisionStack(),
            tower=Tower.calibrated(),
            at=[citadels[k] for k in game.kingdoms],
            warriors=[int(start["warriors"])] * n,
            spirit=[int(start["spirit"])] * n,
            gear=[[0] * N_GEAR for _ in range(n)],
            potions=[[0] * N_POTIONS for _ in range(n)],
            treasures=[[] for _ in range(n)],
            corruptions=[[] for _ in range(n)],
            companions=[[] if game.competitive else [goal.companion]] + [[] for _ in range(n - 1)],
            quest_items=[[] for _ in range(n)],
            virtues=[0] * n,
            foes=[0] * (N_LOC * N_FOES),
            status=[game.foe_status] * N_FOES,
            skulls=[0] * len(DATA.buildings),
            supply=TOTAL_SKULLS,
            out_of_game=0,
            in_hand=0,
            adversary_at=-1,
            adv_left=game.adversary_cards,
            adv_card=-1,
            adv_rung=0,
            goal_step=0,
            rooms=[-1] * ROOMS,
            cleared=0,
            market=[-1] * int(G["market"]["size"]),
            treasure_deck=Deck.of_counts(treasure_counts),
            potion_deck=Deck.of_counts(p.count for p in DATA.potions),
            corruption_deck=Deck.of_counts([1] * len(DATA.corruptions)),
            event_deck=Deck.of_counts(game.event_counts),
            companions_left=[
                c for c in range(len(DATA.companions)) if game.competitive or c != goal.companion
            ],
            quests_dealt=[],
            monthly=[-1, -1],
            month=1,
            turns_left=n,
            current=0,
            banner_used=False,
            moves_left=0,
            moved=False,
            doubled=False,
            heroic_done=False,
            reinforced=False,
            haggle=-1,
            haggle_at=-1,
            base_move=0,
            traded=False,
            refused=0,
            result=0,
            ending="",
            tests=[[-1] * TESTS for _ in range(n)],
            tests_done=[0] * n,
            amulets=[int(C["amulets"]) if game.competitive else 0] * n,
            eliminated=[False] * n,
            winner=-1,
        )
        p = state.pending
        p.push(F.StartTurn(seat=0))
        p.push(F.SkullDrops(dropper=0, n=game.setup_skulls))
        for spawn in reversed(G["setup"]["spawns"]):
            p.push(F.Spawn(foe=int(spawn["foe"]), n=int(spawn["count"])))
        for slot in reversed(range(len(state.market))):
            p.push(F.TreasureDraw(seat=-1, n=1, slot=slot))
        if game.competitive:
            # Competitive Game, Setup Changes: four heroic tests each, one of each type
            for seat in reversed(range(n)):
                for kind in reversed(range(TESTS)):
                    p.push(F.DealTest(seat=seat, kind=kind))
        state._begin_turn(0)
        state._settle()
        return state

    # ---- what the rules ask --------------------------------------------------------------
    def building_at(self, location: int) -> int:
        """The standing building on a space, or -1."""
        b = BUILDING_AT[location]
        return b if b >= 0 and self.skulls[b] >= 0 else -1

    def foe_id(self, slot: int) -> int:
        return self.game.adversary if slot == A.ADVERSARY else self.game.foes[slot]

    def perks(self, seat: int) -> list[Perk]:
        """Everything lasting that modifies the hero: virtues, companions, corruptions, and
        the passives of treasures (a terrain condition read on the hero's space)."""
        hero = self.game.heroes[seat]
        out = list(hero.default_virtues)
        bits = self.virtues[seat]
        out += [v for i, v in enumerate(hero.virtues) if bits >> i & 1]
        if bits >> 3 & 1:
            out.append(DATA.kingdom_virtues[self.game.kingdoms[seat]])
        out += [DATA.companions[c] for c in self.companions[seat]]
        out += [DATA.quest_items[q].perk for q in self.quest_items[seat]]
        out += [DATA.corruptions[c] for c in self.corruptions[seat]]
        terrain = DATA.locations[self.at[seat]].terrain
        for t in self.treasures[seat]:
            perk = DATA.treasures[t].perk
            if perk.advantage >= 0 and (not perk.terrain or perk.terrain == terrain):
                out.append(perk)
        return out

    def advantages(self, seat: int, types: tuple[int, ...]) -> int:
        """The hero's automatic advantages that work against ``types`` (Wild always does)."""
        return sum(
            p.advantages for p in self.perks(seat) if p.advantage >= 0 and
            (p.advantage in types or p.advantage == WILD)
        )  # fmt: skip

    def move_value(self, seat: int) -> int:
        """The hero board's move with virtues, companions and corruptions (at least 1)."""
        return max(1, self.game.heroes[seat].move + sum(p.move for p in self.perks(seat)))

    def gear_left(self, g: int) -> int:
        """Copies of a gear left in its stack."""
        return DATA.gear[g].count - sum(row[g] for row in self.gear)

    def dungeon_type(self) -> DungeonType:
        """The dungeon being explored: the main goal's current one, or the Tower dungeon."""
        if self.game.competitive:
            return TOWER_DUNGEON
        loc = self.game.goal.steps[self.goal_step][0]
        return DATA.dungeon_types[DATA.locations[loc].dungeon_type]

    def dungeon_advantage(self) -> int:
        return self.dungeon_type().advantage

    def is_live(self, seat: int) -> bool:
        """Whether the hero is still in the game (Hero Elimination)."""
        return not self.eliminated[seat]

    def is_dormant(self, kingdom: int) -> bool:
        """A kingdom with no player, or whose hero was eliminated (Hero Elimination)."""
        home = self.game.home_of[kingdom]
        return home < 0 or self.eliminated[home]

    def live_seats(self) -> list[int]:
        return [s for s in range(self.game.num_players) if not self.eliminated[s]]

    def tests_completed(self, seat: int) -> int:
        return bin(self.tests_done[seat]).count("1")

    def battle_ladder(self, top: F.Battling) -> tuple[Effects, ...]:
        foe = DATA.foes[self.foe_id(top.foe)]
        row = 0 if top.foe == A.ADVERSARY else self.status[top.foe]
        return foe.battle[row][top.card]

    def holds(self, seat: int, item: int) -> int:
        """How many of a trade item (actions.ITEM) the hero holds."""
        if item == 0:
            return self.warriors[seat]
        if item == 1:
            return self.spirit[seat]
        if item < A.POTION_ITEM:
            return self.gear[seat][item - A.GEAR_ITEM]
        if item < A.TREASURE_ITEM:
            return self.potions[seat][item - A.POTION_ITEM]
        if item < A.COMPANION_ITEM:
            return self.treasures[seat].count(item - A.TREASURE_ITEM)
        if item == A.AMULET_ITEM:
            return self.amulets[seat]
        if item >= A.QUEST_ITEM:
            return self.quest_items[seat].count(item - A.QUEST_ITEM)
        return self.companions[seat].count(item - A.COMPANION_ITEM)

    def active_virtues(self, seat: int) -> int:
        return len(self.game.heroes[seat].default_virtues) + bin(self.virtues[seat]).count("1")

    def automatic_by_type(self, seat: int) -> tuple[list[int], int]:
        """The hero's automatic advantages by type, and the Wild ones."""
        by_type = [0] * WILD
        wild = 0
        for p in self.perks(seat):
            if p.advantage == WILD:
                wild += p.advantages
            elif p.advantage >= 0:
                by_type[p.advantage] += p.advantages
        return by_type, wild

    def quest_advantages(self, seat: int) -> tuple[list[int], int]:
        """For a quest's advantages: per type, automatic and gear together; and Wild ones."""
        by_type, wild = self.automatic_by_type(seat)
        for g, n in enumerate(self.gear[seat]):
            by_type[self.game.gear[g].advantage] += n
        return by_type, wild

    def can_meet(self, seat: int, quest: Quest) -> bool:
        """Whether the hero can meet a monthly quest's requirement (Completing a Quest)."""
        return self.toward(seat, quest) >= quest.amount

    def toward(self, seat: int, quest: Quest) -> int:
        """How much of a quest's requirement the hero holds: warriors, spirit, gear, potions,
        treasures or virtues; advantages of one type (all the same) or of different types."""
        match quest.what:
            case "warriors":
                return self.warriors[seat]
            case "spirit":
                return self.spirit[seat]
            case "gear":
                return sum(self.gear[seat])
            case "potions":
                return sum(self.potions[seat])
            case "treasures":
                return len(self.treasures[seat])
            case "virtues":
                return self.active_virtues(seat)
            case "advantages":
                by_type, wild = self.quest_advantages(seat)
                if quest.qualifier == "all-same":
                    return max(by_type) + wild
                return sum(1 for v in by_type if v) + wild
        raise AssertionError(quest.what)

    def skull_count(self) -> int:
        """Every skull somewhere: supply, tower, buildings, out of the game, being placed."""
        on = sum(s for s in self.skulls if s > 0)
        return self.supply + self.tower.skulls_inside() + on + self.out_of_game + self.in_hand

    # ---- the contract ----------------------------------------------------------------
    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        top = self.pending[-1]
        if isinstance(top, F.CHANCE_FRAMES):
            return CHANCE
        return top.seat  # type: ignore[attr-defined,no-any-return]

    def scores(self) -> list[float]:
        """The team wins together: 1 each on a win, 0 on a loss (and while playing). In the
        competitive game the winner scores 1 and the others 0 (nobody won: all 0)."""
        n = self.game.num_players
        if self.game.competitive:
            return [1.0 if s == self.winner else 0.0 for s in range(n)]
        won = 1.0 if self.result > 0 else 0.0
        return [won] * n

    def winners(self) -> list[int]:
        if self.game.competitive:
            return [self.winner] if self.winner >= 0 else []
        if self.result > 0:
            return list(range(self.game.num_players))
        return []

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        top = self.pending[-1]
        match top:
            case F.Releasing():
                return [(RELEASE + o, p) for o, p in self.tower.release_outcomes()]
            case F.SealGlow():
                return [(SEAL + o, p) for o, p in self.tower.seal_to_break_outcomes()]
            case F.EventDraw():
                return [(EVENT + k, p) for k, p in self.event_deck.draw_outcomes()]
            case F.CardReveal():
                return [(CARD + c, 0.25) for c in range(4)]
            case F.RoomReveal():
                unrevealed = self.rooms.count(-1)
                target = 1.0 / unrevealed
                kinds = len(DATA.dungeon_types[0].rooms)
                if unrevealed == 1:
                    return [(ROOM + A.TARGET, 1.0)]
                rest = (1.0 - target) / kinds
                return [(ROOM + k, rest) for k in range(kinds)] + [(ROOM + A.TARGET, target)]
            case F.Spawn():
                return [(SPAWN + loc, 1.0 / N_LOC) for loc in range(N_LOC)]
            case F.PotionDraw():
                return [(DRAW_POTION + k, p) for k, p in self.potion_deck.draw_outcomes()]
            case F.TreasureDraw():
                return [(DRAW_TREASURE + k, p) for k, p in self.treasure_deck.draw_outcomes()]
            case F.CorruptionDraw():
                return [(DRAW_CORRUPTION + k, p) for k, p in self.corruption_deck.draw_outcomes()]
            case F.CompanionDraw():
                left = self.companions_left
                return [(DRAW_COMPANION + c, 1.0 / len(left)) for c in left]
            case F.QuestDraw():
                left = [q for q in range(len(DATA.quests)) if q not in self.quests_dealt]
                return [(DRAW_QUEST + q, 1.0 / len(left)) for q in left]
            case F.HaggleRoll():
                return [(HAGGLE_ROLL + f, 1.0 / 6) for f in range(6)]
            case F.DealTest(kind=kind):
                left = self.undealt_tests(kind)
                return [(DEAL_TEST + q, 1.0 / len(left)) for q in left]
            case F.QuestItemDraw():
                left = self.quest_items_left()
                return [(DRAW_QUEST_ITEM + q, 1.0 / len(left)) for q in left]
        raise AssertionError(top)

    def undealt_tests(self, kind: int) -> list[int]:
        """The heroic test cards of a type still in the box."""
        dealt = {row[kind] for row in self.tests}
        return [q for q in TESTS_OF_KIND[kind] if q not in dealt]

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; a foe may also be named as earlier releases wrote it
        (``battle foe2`` for ``battle level-2 foe``)."""
        return SPACE.parse_renamed(text, A.OLD_WORDS)

    _legal_actions = legality.legal_actions

    _candidates = legality.candidates

    _explain = legality.explain

    # ---- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        top = self.pending[-1]
        value = SPACE.values[action]
        if isinstance(top, F.CHANCE_FRAMES):
            self._apply_chance(top, value)
        else:
            self._decide(top, value)
        self._settle()
        self._follow_move_value()

    def _follow_move_value(self) -> None:
        """Movement: the hero moves up to its move value, and "modifiers from virtues or gear
        are applied before doubling". A modifier gained or lost during the turn changes the
        moves left by the change, doubled once the move is doubled: the turn's move is the
        value with its modifiers, times two, whenever a modifier comes (a companion traded
        for after doubling adds two moves). Moves a potion gave stay as they are."""
        if self.result:
            return
        now = self.move_value(self.current)
        if now != self.base_move:
            self.moves_left += (now - self.base_move) * (2 if self.doubled else 1)
            self.base_move = now

    def _decide(self, top: Frame, value: Any) -> None:
        p = self.pending
        seat: int = top.seat  # type: ignore[attr-defined]
        match top, value:
            case F.StartTurn(), A.Done():
                p.replace(F.Turn(seat=seat))
            case F.StartTurn(), A.Banner():
                self.banner_used = True
                self._effects(seat, self.game.heroes[seat].banner)
            case _, A.DrinkPotion(potion=k):
                self._drink(seat, k, top)
            case F.Turn(), A.Move(to=to):
                self.at[seat] = to
                self.moves_left -= 1
                self.moved = True
            case F.Turn(), A.DoubleMove():
                self.spirit[seat] -= int(G["move"]["double_cost"])
                # the move value now doubles, with every modifier gained so far this turn
                # (applied before doubling), not the moves a potion added (Movement)
                self.moves_left += self.base_move
                self.doubled = True
            case F.Turn(), A.Cleanse():
                b = self.building_at(self.at[seat])
                self.supply += self.skulls[b]
                self.skulls[b] = 0
                self.heroic_done = True
                p.push(F.HeroicDone(seat=seat, foe=-1, location=-1))
            case F.Turn(), A.Battle(foe=f):
                self._start_battle(seat, f)
            case F.Turn(), A.Quest(quest=k):
                self._complete_quest(seat, k)
            case F.Turn(), A.GoalQuest():
                self._complete_goal_quest(seat)
            case F.Turn(), A.Explore() | A.EnterTower():
                self.heroic_done = True
                pool = self.advantages(seat, (self.dungeon_advantage(),))
                p.push(F.Exploring(seat=seat, room=-1, pool=pool, spent=0, improved=False,
                                   entered=0))  # fmt: skip
            case F.Turn(), A.HeroicTest(kind=kind):
                self._complete_test(seat, kind)
            case F.Turn(), A.Haggle():
                self.haggle_at = self.at[seat]
                p.push(F.HaggleRoll(seat=seat))
            case F.Turn(), A.Reinforce(how=how):
                self._reinforce(seat, how)
            case F.Turn(), A.TradeWith(seat=other):
                # the turn's trade is used once a trade is made, not by opening one
                p.push(F.Trade(seat=seat, partner=other, offer=(), ask=()))
            case F.Turn(), A.DropSkull():
                p.replace(F.EndTurn(seat=seat))
                p.push(F.EventDraw(seat=seat))
                p.push(F.SkullDrops(dropper=seat, n=1))
            case F.Trade(), A.Done():
                # designed: a trade closed unproposed gives up the turn's trade, else opening
                # and closing one could go round for ever
                self.traded = True
                p.pop()
            case F.Trade(), A.TradeWith(seat=other):
                p.replace(replace(top, partner=other))
            case F.Trade(partner=o, offer=give), A.Offer(item=i):
                p.replace(replace(top, offer=(*give, o, i)))
            case F.Trade(partner=o, offer=give), A.OfferAmulet():
                p.replace(replace(top, offer=(*give, o, A.AMULET_ITEM)))
            case F.Trade(partner=o, offer=give), A.OfferQuestItem(item=q):
                p.replace(replace(top, offer=(*give, o, A.QUEST_ITEM + q)))
            case F.Trade(partner=o, ask=take), A.Ask(item=i):
                p.replace(replace(top, ask=(*take, o, i)))
            case F.Trade(partner=o, ask=take), A.AskAmulet():
                p.replace(replace(top, ask=(*take, o, A.AMULET_ITEM)))
            case F.Trade(partner=o, ask=take), A.AskQuestItem(item=q):
                p.replace(replace(top, ask=(*take, o, A.QUEST_ITEM + q)))
            case F.Trade(offer=give, ask=take), A.Propose():
                first = F.partners(give, take)[0]
                p.replace(F.TradeAnswer(seat=first, trader=seat, offer=give, ask=take))
            case F.TradeAnswer(trader=t, offer=give, ask=take), A.Accept():
                # Making Trades: all must agree; the heroes in it answer in seat order
                later = [o for o in F.partners(give, take) if o > seat]
                if later:
                    p.replace(replace(top, seat=later[0]))
                else:
                    p.pop()
                    self.traded = True
                    for o, i in F.pairs(give):
                        self._move_item(t, o, i)
                    for o, i in F.pairs(take):
                        self._move_item(o, t, i)
            case F.TradeAnswer(), A.Decline():
                # a refused proposal is no trade: the turn's trade is not used up
                p.pop()
                self.refused |= 1 << seat
            case F.Battling() | F.Exploring(), A.SpendGear(gear=g):
                self.gear[seat][g] -= 1
                p.replace(_with_pool(top, 1))
            case F.Battling() | F.Exploring(), A.ReadScroll(treasure=t):
                self.treasures[seat].remove(t)
                p.replace(_with_pool(top, DATA.treasures[t].spend))
            case F.Battling(), _:
                self._battle_step(top, value)
            case F.Exploring(), _:
                self._explore_step(top, value)
            case F.PlaceSkull(kingdom=k), A.PlaceSkull(building=b):
                p.pop()
                self._place_skull(b)
            case F.ChooseGear(n=n), A.TakeGear(gear=g):
                self.gear[seat][g] += 1
                self._count_down(F.ChooseGear(seat=seat, n=n - 1), n)
            case F.DiscardGear(n=n), A.LoseGear(gear=g):
                self.gear[seat][g] -= 1
                self._count_down(F.DiscardGear(seat=seat, n=n - 1), n)
            case F.DiscardPotion(n=n), A.LosePotion(potion=k):
                self.potions[seat][k] -= 1
                self._count_down(F.DiscardPotion(seat=seat, n=n - 1), n)
            case F.ChooseVirtue(), A.ActivateVirtue(virtue=v):
                self.virtues[seat] |= 1 << v
                p.pop()
            case F.ChooseMarket(), A.TakeMarket(slot=s):
                self.treasures[seat].append(self.market[s])
                self.market[s] = -1
                p.pop()
                if self.treasure_deck.has_cards():
                    p.push(F.TreasureDraw(seat=-1, n=1, slot=s))
            case F.NewWares(replaced=bits), A.ReplaceWare(slot=s):
                self.market[s] = -1
                p.replace(F.NewWares(seat=seat, replaced=bits | 1 << s))
                p.push(F.TreasureDraw(seat=-1, n=1, slot=s))
            case F.NewWares(), A.Done():
                p.pop()
            case F.ChooseSeal(), A.Done():
                p.pop()
            case F.ChooseSeal(), A.RemoveSeal(opening=o) | A.RestoreSeal(opening=o):
                p.pop()
                if isinstance(value, A.RemoveSeal):
                    self.tower.break_seal(o)
                else:
                    self.tower.restore_seal(o)
                if self.tower.is_releasing():
                    p.push(F.Releasing(dropper=seat))
            case F.PotionFromHero(), A.Done():
                p.pop()
            case F.PotionFromHero(n=n), A.TakePotion(seat=other, potion=k):
                self.potions[other][k] -= 1
                self.potions[seat][k] += 1
                more = any(sum(self.potions[o]) for o in self._others(seat))
                self._count_down(F.PotionFromHero(seat=seat, n=n - 1), n if more else 1)
            case _:
                raise AssertionError((top, value))

    def _count_down(self, frame: Frame, n: int) -> None:
        if n > 1:
            self.pending.replace(frame)
        else:
            self.pending.pop()

    def _move_item(self, frm: int, to: int, item: int) -> None:
        if item == 0:
            self.warriors[frm] -= 1
            self.warriors[to] += 1
        elif item == 1:
            self.spirit[frm] -= 1
            self.spirit[to] += 1
        elif item < A.POTION_ITEM:
            self.gear[frm][item - A.GEAR_ITEM] -= 1
            self.gear[to][item - A.GEAR_ITEM] += 1
        elif item < A.TREASURE_ITEM:
            self.potions[frm][item - A.POTION_ITEM] -= 1
            self.potions[to][item - A.POTION_ITEM] += 1
        elif item < A.COMPANION_ITEM:
            self.treasures[frm].remove(item - A.TREASURE_ITEM)
            self.treasures[to].append(item - A.TREASURE_ITEM)
        elif item == A.AMULET_ITEM:
            self.amulets[frm] -= 1
            self.amulets[to] += 1
        elif item >= A.QUEST_ITEM:
            self.quest_items[frm].remove(item - A.QUEST_ITEM)
            self.quest_items[to].append(item - A.QUEST_ITEM)
        else:
            self.companions[frm].remove(item - A.COMPANION_ITEM)
            self.companions[to].append(item - A.COMPANION_ITEM)

    def _drink(self, seat: int, k: int, top: Frame) -> None:
        potion = DATA.potions[k]
        self.potions[seat][k] -= 1
        at = self.at[seat]
        if potion.advantages:
            self.pending.replace(_with_pool(top, potion.advantages))
        if potion.cleanse:
            b = self.building_at(at)
            self.supply += self.skulls[b]
            self.skulls[b] = 0
        if potion.remove_foe:
            self._remove_foe(at, potion.remove_foe - 2)  # the foes are held by level, from 2
        self.moves_left += potion.moves
        if potion.effects:
            self._effects(seat, potion.effects)

    def _reinforce(self, seat: int, how: int) -> None:
        self.reinforced = True
        building = DATA.buildings[self.building_at(self.at[seat])]
        btype = self.game.building_types[building.type]
        effects = list(btype.enhanced if how else btype.free)
        if how:
            self.spirit[seat] -= btype.enhanced_cost
        bonus = sum(p.reinforce for p in self.perks(seat))
        if bonus:
            gained = sum(n for code, n in effects if code == GAIN_WARRIORS)
            effects = [e for e in effects if e[0] != GAIN_WARRIORS]
            if gained + bonus > 0:
                effects.insert(0, (GAIN_WARRIORS, gained + bonus))
        face = DATA.haggle_faces[self.haggle] if self.haggle >= 0 else "normal"
        if face in DATA.haggle:
            effects += DATA.haggle[face]
        self._effects(seat, tuple(effects))

    def _start_battle(self, seat: int, f: int) -> None:
        self.heroic_done = True
        foe = DATA.foes[self.foe_id(f)]
        at = self.at[seat]
        pool = self.advantages(seat, foe.traits)
        if f == A.ADVERSARY:
            frame = F.Battling(seat=seat, foe=f, location=at, card=self.adv_card,
                               rung=self.adv_rung, left=self.adv_left, pool=pool, spent=0,
                               resolved=0)  # fmt: skip
        else:
            frame = F.Battling(seat=seat, foe=f, location=at, card=-1, rung=0, left=foe.level,
                               pool=pool, spent=0, resolved=0)  # fmt: skip
        self.pending.push(frame)
        if frame.card < 0:
            self.pending.push(F.CardReveal())

    def _battle_step(self, top: F.Battling, value: Any) -> None:
        p = self.pending
        adversary = top.foe == A.ADVERSARY
        match value:
            case A.Improve():
                rung = top.rung + 1
                p.replace(replace(top, rung=rung, pool=top.pool - 1, spent=top.spent + 1))
                if adversary:
                    self.adv_rung = rung
            case A.Retreat():
                p.replace(F.HeroicDone(seat=top.seat, foe=-1, location=-1))
            case A.Resolve():
                result = self.battle_ladder(top)[top.rung]
                left = top.left - 1
                if adversary:
                    self.adv_left, self.adv_card, self.adv_rung = left, -1, 0
                if left <= 0:
                    p.replace(F.HeroicDone(seat=top.seat, foe=top.foe, location=top.location))
                else:
                    p.replace(replace(top, card=-1, rung=0, left=left, resolved=top.resolved + 1))
                    p.push(F.CardReveal())
                self._effects(top.seat, result)

    def _explore_step(self, top: F.Exploring, value: Any) -> None:
        p = self.pending
        match value:
            case A.EnterRoom(room=r):
                p.replace(replace(top, room=r, improved=False, entered=top.entered + 1))
                if self.rooms[r] < 0:
                    p.push(F.RoomReveal(room=r))
            case A.Leave():
                p.replace(F.HeroicDone(seat=top.seat, foe=-1, location=-1))
            case A.Improve():
                p.replace(replace(top, pool=top.pool - 1, spent=top.spent + 1, improved=True))
            case A.Resolve():
                kind = self.rooms[top.room]
                dtype = self.dungeon_type()
                ladder = dtype.target if kind == A.TARGET else dtype.rooms[kind][1]
                result = ladder[1 if top.improved else 0]
                self.cleared |= 1 << top.room
                if kind == A.TARGET and self.game.competitive:
                    # Hero Goals: the hero who finds the relic wins at once
                    p.pop()
                    self._win(top.seat, f"seat {top.seat} found the relic in the Tower")
                    return
                if kind == A.TARGET:
                    self.rooms = [-1] * ROOMS
                    self.cleared = 0
                    p.replace(F.HeroicDone(seat=top.seat, foe=-1, location=-1))
                    self._goal_step_done(top.seat)
                else:
                    p.replace(replace(top, room=-1, improved=False))
                self._effects(top.seat, result)

    def _complete_quest(self, seat: int, k: int) -> None:
        self.heroic_done = True
        quest = DATA.quests[self.monthly[k]]
        self.monthly[k] = -1
        p = self.pending
        p.push(F.HeroicDone(seat=seat, foe=-1, location=-1))
        if k == 0:
            self._reward(seat, quest.reward)
        self._pay_quest(seat, quest)

    def _reward(self, seat: int, reward: str) -> None:
        """Monthly Quests: a companion quest gives a new companion or a quest item, as its
        card says (quests.toml); the other when that one is not to be had. The competitive
        game's quest gives a companion (Competitive Clarifications)."""
        p = self.pending
        items = bool(self.quest_items_left()) and not self.game.competitive
        if reward == "quest item" and items:
            p.push(F.QuestItemDraw(seat=seat))
        elif self.companions_left:
            p.push(F.CompanionDraw(seat=seat))
        elif items:
            p.push(F.QuestItemDraw(seat=seat))

    def quest_items_left(self) -> list[int]:
        """The quest items still in the box whose companion is in play (held by a hero)."""
        in_play = {c for row in self.companions for c in row}
        held = {q for row in self.quest_items for q in row}
        return [
            q
            for q, item in enumerate(DATA.quest_items)
            if item.companion in in_play and q not in held
        ]

    def _complete_goal_quest(self, seat: int) -> None:
        """Completing a Quest: the main goal's quest step, with what it requires."""
        self.heroic_done = True
        quest = self.game.goal.quests[self.goal_step]
        assert quest is not None
        self.pending.push(F.HeroicDone(seat=seat, foe=-1, location=-1))
        self._goal_step_done(seat)
        self._pay_quest(seat, quest)

    def _goal_step_done(self, seat: int) -> None:
        """A step of the main goal done: its treasure to the hero; the last step completes
        the main goal, and the adversary spawns on the board (Completing the Main Goal)."""
        goal = self.game.goal
        treasure = goal.steps[self.goal_step][1]
        if treasure >= 0:
            self.treasures[seat].append(treasure)
        self.goal_step += 1
        if self.goal_step == len(goal.steps):
            self.adversary_at = goal.adversary_spawn

    def _complete_test(self, seat: int, kind: int) -> None:
        """Hero Goals: a heroic test completed by the Quest action with its resources; then
        the hero may remove a seal from, or place one back on, any Tower opening."""
        self.heroic_done = True
        self.tests_done[seat] |= 1 << kind
        p = self.pending
        p.push(F.HeroicDone(seat=seat, foe=-1, location=-1))
        p.push(F.ChooseSeal(seat=seat))
        self._pay_quest(seat, DATA.quests[self.tests[seat][kind]])

    def _pay_quest(self, seat: int, quest: Quest) -> None:
        """Spend what a quest asks (a "have" requirement keeps what it counts)."""
        p = self.pending
        n = quest.amount
        match quest.what:
            case "warriors":
                self.warriors[seat] -= n
            case "spirit":
                self.spirit[seat] -= n
            case "gear":
                p.push(F.DiscardGear(seat=seat, n=n))
            case "potions":
                p.push(F.DiscardPotion(seat=seat, n=n))
            case "advantages":
                self._spend_quest_gear(seat, quest)

    def _win(self, seat: int, why: str) -> None:
        self.winner = seat
        self.result = 1
        self.ending = why

    def _others(self, seat: int) -> list[int]:
        return [o for o in self.live_seats() if o != seat]

    def _spend_quest_gear(self, seat: int, quest: Quest) -> None:
        """Designed: a quest's advantages come first from automatic ones (kept), then Wild
        ones (kept), then gear, which is spent: the fewest gear, lowest kind first."""
        auto, wild = self.automatic_by_type(seat)
        gear = self.gear[seat]
        if quest.qualifier == "all-same":
            best = max(range(WILD), key=lambda t: (auto[t] + _gear_of(self.game.gear, gear, t), -t))
            need = quest.amount - auto[best] - wild
            for g in range(N_GEAR):
                while need > 0 and gear[g] and self.game.gear[g].advantage == best:
                    gear[g] -= 1
                    need -= 1
        else:
            need = quest.amount - sum(1 for v in auto if v) - wild
            for g in range(N_GEAR):
                if need > 0 and gear[g] and not auto[self.game.gear[g].advantage]:
                    gear[g] -= 1
                    auto[self.game.gear[g].advantage] = 1
                    need -= 1

    def _place_skull(self, b: int) -> None:
        """Placing Skulls: up to 3 a building; a 4th destroys it."""
        self.in_hand -= 1
        if self.skulls[b] < CAPACITY:
            self.skulls[b] += 1
            return
        self.out_of_game += self.skulls[b]
        self.skulls[b] = -1
        self.supply += 1
        kingdom = DATA.buildings[b].kingdom
        if not self.is_dormant(kingdom):
            self._effects(self.game.home_of[kingdom], ((CORRUPTION, 1),))

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.banner_used = False
        self.moves_left = self.base_move = self.move_value(seat)
        self.haggle_at = -1
        self.moved = self.doubled = self.heroic_done = self.reinforced = self.traded = False
        self.refused = 0
        self.haggle = -1

    # ---- chance --------------------------------------------------------------------------
    def _apply_chance(self, top: Frame, value: Any) -> None:
        p = self.pending
        match top, value:
            case F.Releasing(dropper=d), A.Release(what=o):
                self.tower.release(o)
                if o == STILL:
                    p.pop()
                    return
                side = o - BASE if o >= BASE else o % 4
                self._emerged(side, d)
            case F.SealGlow(dropper=d), A.SealGlows(opening=o):
                p.pop()
                self.tower.break_seal(o)
                if self.tower.is_releasing():
                    p.push(F.Releasing(dropper=d))
            case F.EventDraw(seat=seat), A.DrawEvent(card=c):
                p.pop()
                self.event_deck.draw(c)
                if not self.event_deck.has_cards():
                    self.event_deck = Deck.of_counts(self.game.event_counts)
                self._event(seat, c)
            case F.CardReveal(), A.RevealCard(card=c):
                p.pop()
                battle = p[-1]
                assert isinstance(battle, F.Battling)
                p.replace(replace(battle, card=c, rung=0))
                if battle.foe == A.ADVERSARY:
                    self.adv_card, self.adv_rung = c, 0
            case F.RoomReveal(room=r), A.RevealRoom(room=k):
                p.pop()
                self.rooms[r] = k
            case F.Spawn(foe=f, n=n), A.SpawnAt(location=loc):
                self.foes[loc * N_FOES + f] += 1
                left = self._tokens_left(f)
                if n > 1 and left:
                    p.replace(F.Spawn(foe=f, n=n - 1))
                else:
                    p.pop()
            case F.PotionDraw(seat=seat, n=n), A.DrawPotion(potion=k):
                self.potion_deck.draw(k)
                self.potions[seat][k] += 1
                if n > 1 and self.potion_deck.has_cards():
                    p.replace(F.PotionDraw(seat=seat, n=n - 1))
                else:
                    p.pop()
            case F.TreasureDraw(seat=seat, n=n, slot=s), A.DrawTreasure(treasure=t):
                self.treasure_deck.draw(t)
                if seat < 0:
                    self.market[s] = t
                else:
                    self.treasures[seat].append(t)
                if n > 1 and self.treasure_deck.has_cards():
                    p.replace(F.TreasureDraw(seat=seat, n=n - 1, slot=s))
                else:
                    p.pop()
            case F.CorruptionDraw(seat=seat), A.DrawCorruption(corruption=k):
                p.pop()
                self.corruption_deck.draw(k)
                self.corruptions[seat].append(k)
            case F.CompanionDraw(seat=seat), A.DrawCompanion(companion=c):
                p.pop()
                self.companions_left.remove(c)
                self.companions[seat].append(c)
            case F.QuestItemDraw(seat=seat), A.DrawQuestItem(item=q):
                p.pop()
                self.quest_items[seat].append(q)
            case F.DealTest(seat=seat, kind=kind), A.DealTest(quest=q):
                p.pop()
                self.tests[seat][kind] = q
            case F.QuestDraw(kind=k), A.DrawQuest(quest=q):
                p.pop()
                self.quests_dealt.append(q)
                self.monthly[k] = q
            case F.HaggleRoll(), A.RollHaggle(face=f):
                p.pop()
                self.haggle = f
                if DATA.haggle_faces[f] == "cancel":
                    self.reinforced = True
            case _:
                raise AssertionError((top, value))

    def _tokens_left(self, f: int) -> int:
        on_board = sum(self.foes[loc * N_FOES + f] for loc in range(N_LOC))
        return DATA.foes[self.game.foes[f]].tokens - on_board

    def _emerged(self, side: int, dropper: int) -> None:
        """A skull emerged facing ``side``: it lands in that kingdom; its player places it,
        or the dropper for a dormant kingdom (Placing Skulls)."""
        if not self._standing(side):
            # designed: a kingdom with no building left sends the skull back to the supply
            self.supply += 1
            return
        self.in_hand += 1
        home = self.game.home_of[side]
        seat = self._placer(dropper) if self.is_dormant(side) else home
        self.pending.push(F.PlaceSkull(seat=seat, kingdom=side))

    # ---- events --------------------------------------------------------------------------
    def _event(self, seat: int, c: int) -> None:
        event = DATA.events[c]
        p = self.pending
        match event.category:
            case "foes_strike":
                self._strike(event.foe)
            case "foes_spawn":
                if self._tokens_left(event.foe):
                    p.push(F.Spawn(foe=event.foe, n=event.count))
            case "foes_grow":
                slots = range(N_FOES) if event.foe < 0 else (event.foe,)
                for f in slots:
                    if self._on_board(f):
                        self.status[f] = min(MAX_STATUS, self.status[f] + 1)
            case "tower_stirs":
                if event.seal:
                    if self.tower.sealed_openings():
                        p.push(F.SealGlow(dropper=seat))
                else:
                    self.tower.rotate(event.level, event.steps)
                    if self.tower.is_releasing():
                        p.push(F.Releasing(dropper=seat))
            case "tower_acts":
                adversary = DATA.foes[self.game.adversary]
                kingdom = self.tower.glyph_sides()["battle"]
                for hero in reversed(self.live_seats()):
                    if DATA.locations[self.at[hero]].kingdom == kingdom:
                        self._effects(hero, adversary.strike[0])
            case "companion":
                if event.calm and any(self.companions):
                    # designed (events.toml): the companions' deeds calm a foe one step
                    for f in range(N_FOES) if event.foe < 0 else (event.foe,):
                        if self._on_board(f):
                            self.status[f] = max(0, self.status[f] - 1)
                for hero in reversed(self.live_seats()):
                    if self.companions[hero]:
                        self._effects(hero, event.effects)
            case "new_wares":
                if any(t >= 0 for t in self.market) and self.treasure_deck.has_cards():
                    p.push(F.NewWares(seat=seat, replaced=0))

    def _remove_foe(self, loc: int, f: int) -> None:
        """A token of foe ``f`` leaves ``loc``; designed (foes.toml): when its last token leaves
        the board, the foe's status is back to the one foes enter with (the next are fresh)."""
        self.foes[loc * N_FOES + f] -= 1
        if not self._on_board(f):
            self.status[f] = self.game.foe_status

    def _on_board(self, f: int) -> bool:
        return any(self.foes[loc * N_FOES + f] for loc in range(N_LOC))

    def _strike(self, f: int) -> None:
        """Foes Strike: each token steps toward the nearest hero (its status says how far),
        then each hero on a space with one of its tokens suffers its strike."""
        if not self._on_board(f):
            return
        foe = DATA.foes[self.game.foes[f]]
        steps = foe.strike_moves[self.status[f]]
        if steps:
            moved = [0] * N_LOC
            for loc in range(N_LOC):
                count = self.foes[loc * N_FOES + f]
                if count:
                    moved[self._toward_hero(loc, steps)] += count
            for loc in range(N_LOC):
                self.foes[loc * N_FOES + f] = moved[loc]
        for hero in reversed(self.live_seats()):
            if self.foes[self.at[hero] * N_FOES + f]:
                self._effects(hero, foe.strike[self.status[f]])

    def _toward_hero(self, loc: int, steps: int) -> int:
        """Designed: a foe steps along a shortest path to the nearest hero; ties go to the
        hero of the lower seat and the space listed first."""
        far = DISTANCES
        for _ in range(steps):
            heroes = [self.at[s] for s in self.live_seats()]
            target = min(heroes, key=lambda h: far[loc][h])
            if far[loc][target] == 0:
                break
            loc = min(DATA.adjacent[loc], key=lambda a: far[a][target])
        return loc

    # ---- effects -------------------------------------------------------------------------
    def _effects(self, seat: int, effects: Effects) -> None:
        if effects and not self.eliminated[seat]:
            self.pending.push(F.Effects(seat=seat, effects=flat(effects), corrupted=False))

    def _settle(self) -> None:
        """Work off the automatic frames until a seat decides, chance acts or the game ends."""
        p = self.pending
        while not self.result:
            top = p[-1]
            match top:
                case F.Effects(seat=seat, effects=effects, corrupted=corrupted):
                    if not effects:
                        p.pop()
                        continue
                    rest = F.Effects(seat=seat, effects=effects[2:], corrupted=corrupted)
                    p.replace(rest)
                    self._effect(rest, effects[0], effects[1])
                case F.SkullDrops(dropper=d, n=n):
                    if n <= 0:
                        p.pop()
                        continue
                    if self.supply <= 0:
                        if self.game.competitive:
                            p.pop()
                            self._eliminate(d, "had to drop a skull with none in the supply")
                            continue
                        self._lose("a skull had to be taken from an empty supply")
                        return
                    p.replace(F.SkullDrops(dropper=d, n=n - 1))
                    self.supply -= 1
                    self.tower.drop()
                    p.push(F.Releasing(dropper=d))
                case F.HeroicDone(seat=seat, foe=f, location=loc):
                    p.pop()
                    if f == A.ADVERSARY:
                        self.adversary_at = -1
                        self.result = 1
                        self.ending = f"{DATA.foes[self.game.adversary].name} is defeated"
                        return
                    if f >= 0:
                        self._remove_foe(loc, f)
                    gain = HEROIC_SPIRIT + sum(perk.heroic for perk in self.perks(seat))
                    self.spirit[seat] += max(0, gain)
                case F.EndTurn(seat=seat):
                    p.pop()
                    if self.game.competitive:
                        # Hero Elimination before the month's end: on the sixth month's last
                        # turn the last hero in still wins
                        self._end_if_decided()
                        if self.result:
                            return
                    self._next_turn(seat)
                case F.CorruptionDraw() if not self.corruption_deck.has_cards():
                    p.pop()
                case _:
                    if self.game.competitive:
                        self._end_if_decided()
                    return

    def _effect(self, frame: F.Effects, code: int, n: int) -> None:
        seat = frame.seat
        p = self.pending
        short = False
        if code == GAIN_WARRIORS:
            self.warriors[seat] += n
        elif code == GAIN_SPIRIT:
            self.spirit[seat] += n
        elif code == LOSE_WARRIORS:
            short = self.warriors[seat] < n
            self.warriors[seat] = max(0, self.warriors[seat] - n)
        elif code == LOSE_SPIRIT:
            short = self.spirit[seat] < n
            self.spirit[seat] = max(0, self.spirit[seat] - n)
        elif code == GAIN_GEAR:
            left = sum(self.gear_left(g) for g in range(N_GEAR))
            if left:
                p.push(F.ChooseGear(seat=seat, n=min(n, left)))
        elif code in (LOSE_GEAR, LOSE_POTION):
            held = self.gear[seat] if code == LOSE_GEAR else self.potions[seat]
            short = self._lose_items(seat, held, n, code == LOSE_GEAR)
        elif code == GAIN_POTION:
            if self.potion_deck.has_cards():
                p.push(F.PotionDraw(seat=seat, n=n))
            elif self.game.competitive and any(sum(self.potions[o]) for o in self._others(seat)):
                # Competitive Clarifications: no potion left in the deck, take another's
                p.push(F.PotionFromHero(seat=seat, n=n))
        elif code == GAIN_TREASURE:
            if self.treasure_deck.has_cards():
                p.push(F.TreasureDraw(seat=seat, n=n, slot=-1))
        elif code == GAIN_VIRTUE:
            if self.virtues[seat] != 0b1111:
                p.push(F.ChooseVirtue(seat=seat))
        elif code == GAIN_MARKET:
            if any(t >= 0 for t in self.market):
                p.push(F.ChooseMarket(seat=seat))
        elif code == CORRUPTION:
            short = True
        elif code == SKULLS:
            p.push(F.SkullDrops(dropper=seat, n=n))
        elif code == STEAL:
            # designed (foes.toml): thieves take potions, then gear, what the hero holds
            for held in (self.potions[seat], self.gear[seat]):
                for k in range(len(held)):
                    take = min(held[k], n)
                    held[k] -= take
                    n -= take
        if short and not frame.corrupted:
            # Spending vs. Losing: one corruption at most from a single effect
            p.replace(F.Effects(seat=seat, effects=frame.effects, corrupted=True))
            self._gain_corruption(seat)

    def _lose_items(self, seat: int, held: list[int], n: int, gear: bool) -> bool:
        """Lose ``n`` gear or potions: the hero chooses which when there is a choice; True
        when the hero holds fewer than ``n`` (the loss cannot be fully resolved)."""
        total = sum(held)
        if total > n and sum(1 for h in held if h) > 1:
            kind = F.DiscardGear if gear else F.DiscardPotion
            self.pending.push(kind(seat=seat, n=n))
            return False
        lost = min(n, total)
        for k in range(len(held)):
            take = min(held[k], lost)
            held[k] -= take
            lost -= take
        return total < n

    def _gain_corruption(self, seat: int) -> None:
        if self.game.competitive:
            if self.amulets[seat]:
                self.amulets[seat] -= 1  # designed: the Amulet of Hope is spent instead
                return
            if len(self.corruptions[seat]) + 1 >= LOSING_CORRUPTIONS:
                self._eliminate(seat, "would gain a third corruption")
                return
        if len(self.corruptions[seat]) + 1 >= LOSING_CORRUPTIONS:
            self._lose(f"seat {seat}'s hero would gain a third corruption")
            return
        self.pending.push(F.CorruptionDraw(seat=seat))

    def _lose(self, why: str) -> None:
        self.result = -1
        self.ending = why

    def _eliminate(self, seat: int, why: str) -> None:
        """Hero Elimination: the hero leaves the game and its home kingdom turns dormant. Its
        pending decisions go (its turn ends); skulls it had to place pass to the dropper."""
        self.eliminated[seat] = True
        self.ending = f"seat {seat} {why}"
        kept: list[Frame] = []
        ended = False
        for frame in self.pending:
            owner = getattr(frame, "seat", None)
            if isinstance(frame, (F.StartTurn, F.Turn)) and owner == seat:
                kept.append(F.EndTurn(seat=seat))
                ended = True
            elif isinstance(frame, F.PlaceSkull) and owner == seat:
                kept.append(F.PlaceSkull(seat=self._placer(seat), kingdom=frame.kingdom))
            elif isinstance(frame, F.SkullDrops) and frame.dropper == seat:
                continue
            elif ended and isinstance(frame, (F.CardReveal, F.RoomReveal)):
                continue
            elif owner != seat or isinstance(frame, F.EndTurn):
                kept.append(frame)
        self.pending[:] = kept  # in place: the loop working off the frames holds the stack

    def _placer(self, dropper: int) -> int:
        """Who places a skull for a dormant kingdom: the dropper, or (eliminated) the hero
        whose turn it is, or the next hero still in the game."""
        if self.is_live(dropper):
            return dropper
        n = self.game.num_players
        for step in range(n):
            seat = (self.current + step) % n
            if self.is_live(seat):
                return seat
        return dropper

    def _end_if_decided(self) -> None:
        """End of the Game, checked once the effects in hand are worked off (so heroes
        eliminated by one effect go out at once): the last hero in wins; none, nobody."""
        live = self.live_seats()
        if len(live) == 1:
            self._win(live[0], f"the other heroes were eliminated ({self.ending})")
        elif not live:
            self._lose(f"every remaining hero was eliminated at once ({self.ending})")

    def _next_turn(self, seat: int) -> None:
        """Sequence of Play: the next seat clockwise; at a month's end the adversary quest
        fails if not completed, and after the sixth month the heroes lose."""
        n = self.game.num_players
        nxt = (seat + 1) % n
        while self.eliminated[nxt] and nxt != seat:
            nxt = (nxt + 1) % n  # Hero Elimination: an eliminated hero takes no turns
        self.turns_left -= 1
        p = self.pending
        if self.turns_left > 0:
            self._begin_turn(nxt)
            p.push(F.StartTurn(seat=nxt))
            return
        if self.month >= MONTHS:
            self._lose("the sixth month ended" + (": nobody wins" if self.game.competitive else ""))
            return
        failed = self.monthly[1] >= 0
        self.month += 1
        self.monthly = [-1, -1]
        self.turns_left = self.game.month_turns
        self._begin_turn(nxt)
        p.push(F.StartTurn(seat=nxt))
        if not self.game.competitive:
            # Competitive Clarifications: one quest a month, for a companion, no penalty
            p.push(F.QuestDraw(kind=1))
        p.push(F.QuestDraw(kind=0))
        if failed:
            self._effects(seat, DATA.foes[self.game.adversary].advance)

    # ---- what a seat sees --------------------------------------------------------------
    observation = observe.observation

    disclosure = observe.disclosure

    _release_disclosure = observe.release_disclosure

    def _standing(self, kingdom: int) -> list[int]:
        """The buildings of ``kingdom`` not destroyed."""
        return [
            b
            for b, bd in enumerate(DATA.buildings)
            if bd.kingdom == kingdom and self.skulls[b] >= 0
        ]

    _unseen_tests = observe.unseen_tests

    _determinize = observe.determinize


def _gear_of(kinds: Sequence[Gear], gear: list[int], t: int) -> int:
    """How many of ``gear`` (counts by kind) give an advantage of type ``t``."""
    return sum(n for g, n in enumerate(gear) if kinds[g].advantage == t)


def _with_pool(top: Frame, extra: int) -> Frame:
    assert isinstance(top, (F.Battling, F.Exploring))
    return replace(top, pool=top.pool + extra)
