"""Return to Dark Tower: the Game (options and tables) and the State.

The state holds small ints and lists; the tower is a :class:`~.tower.Tower` component whose
drops, rotations and seals are chance nodes. Decisions are the frames of :mod:`.frames`; when
each action is allowed is stated once in :mod:`.legality`.

Where the rules are
-------------------
This module holds the Game (the options App Setup asks for, and the tables built from them)
and the State (its fields, saving and reading back, and the dispatch). The rules are plain
functions over the state, in modules named after the rulebook's sections:

- ``setup``: Game Setup (World Setup, Hero Setup, App Setup's final directions) and the
  competitive game's Setup Changes;
- ``sequence_of_play``: Sequence of Play (the months, Turns Per Month, Monthly Quests);
- ``turn``: Taking Your Turn (1. Start of Turn, 2. Middle of Turn: Movement, Cleanse,
  Reinforce and the haggle die; 3. End of Turn);
- ``battle``: Battle (Starting the Battle, Spending Advantages, Applying Results, Battling
  the Adversary, Removing Foes);
- ``quests``: Quests & Dungeons (Completing a Quest, Exploring a Dungeon, Completing the
  Main Goal);
- ``events``: Events (and how a striking foe moves);
- ``effects``: Spending vs. Losing, and the effects printed on results, cards and buildings;
- ``trades``: Making Trades;
- ``winning``: Winning & Losing;
- ``skulls``: Placing Skulls;
- ``competitive``: Competitive Game (Hero Goals, Hero Elimination, End of the Game,
  Competitive Clarifications);
- ``hero``: the hero board (virtues, companions, items; the move value and Advantages);
- ``draws``: the chance nodes (the Tower, the decks, battle cards, rooms, the haggle die);
- ``legality``: the legal actions and the reasons for a refusal (and the same legal actions
  made directly for the decisions met most); ``observe``: what a seat may see;
  ``constants``: the fixed numbers and the actions' ints.

Each decision is applied by its section (``DECIDE``, by frame kind); the automatic frames are
worked off by ``_settle``. A section calls another's rules through the state, which binds
them as methods (``_effects``, ``_gain_corruption``...), so no section imports another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from towers.core.compiled import twin
from towers.core.components import Deck
from towers.core.errors import GameOptionError
from towers.core.frames import DecisionStack, Frame
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.options import Option
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import (
    battle,
    competitive,
    draws,
    effects,
    events,
    hero,
    legality,
    observe,
    quests,
    sequence_of_play,
    setup,
    trades,
    turn,
    winning,
)
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import skulls as skull_rules
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.constants import (
    BUILDING_AT,
    DONE,
    DROP,
    GOAL,
    HAGGLE_ROLL,
    HEROIC_SPIRIT,
    MONTHS,
    MOVE,
    N_FOES,
    N_GEAR,
    RELEASE,
    START_STATUS,
    TESTS,
    C,
    G,
)
from towers.games.dark_tower.data import DATA, GAIN_SPIRIT, GAIN_WARRIORS, SIDES, STATUSES, Effects
from towers.games.dark_tower.tower import Tower

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
# The hero board and the legal actions: compiled when built (a .pxd beside each, see setup.py),
# else plain Python; the tests hold both to the same answers (tests/.../test_twins.py)
if TYPE_CHECKING:
    HERO = hero
    LEGALITY = legality
else:
    HERO = twin(hero)
    LEGALITY = twin(legality)
    # the chance nodes and the skulls placed, compiled as they are written when built (the
    # turn and the Sequence of Play ran slower compiled: they mostly call the state's Python
    # methods, and a call from C into Python costs more than one from Python)
    draws, skull_rules = twin(draws), twin(skull_rules)
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
    for h in DATA.heroes:
        perks += [*h.default_virtues, *h.virtues]
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
    """This turn's trade is made (or given up, see ``trades.decide_trade``)."""
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

    # ---- Game Setup (setup.py) -----------------------------------------------------------
    @classmethod
    def initial(cls, game: DarkTowerGame) -> DarkTowerState:
        return setup.initial(cls, game)

    # ---- what the rules ask --------------------------------------------------------------
    def building_at(self, location: int) -> int:
        """The standing building on a space, or -1."""
        b = BUILDING_AT[location]
        return b if b >= 0 and self.skulls[b] >= 0 else -1

    def foe_id(self, slot: int) -> int:
        return self.game.adversary if slot == A.ADVERSARY else self.game.foes[slot]

    def is_live(self, seat: int) -> bool:
        """Whether the hero is still in the game (Hero Elimination)."""
        return not self.eliminated[seat]

    def is_dormant(self, kingdom: int) -> bool:
        """A kingdom with no player, or whose hero was eliminated (Hero Elimination)."""
        home = self.game.home_of[kingdom]
        return home < 0 or self.eliminated[home]

    def live_seats(self) -> list[int]:
        return [s for s in range(self.game.num_players) if not self.eliminated[s]]

    def _others(self, seat: int) -> list[int]:
        return [o for o in self.live_seats() if o != seat]

    def tests_completed(self, seat: int) -> int:
        return bin(self.tests_done[seat]).count("1")

    def skull_count(self) -> int:
        """Every skull somewhere: supply, tower, buildings, out of the game, being placed."""
        on = sum(s for s in self.skulls if s > 0)
        return self.supply + self.tower.skulls_inside() + on + self.out_of_game + self.in_hand

    # the hero board (hero.py)
    perks = HERO.perks
    advantages = HERO.advantages
    move_value = HERO.move_value
    gear_left = HERO.gear_left
    active_virtues = HERO.active_virtues
    automatic_by_type = HERO.automatic_by_type
    quest_advantages = HERO.quest_advantages
    # a quest's requirement and the dungeon explored (quests.py); a battle card's results
    # (battle.py); what a hero holds to trade (trades.py); the heroic tests (competitive.py)
    can_meet = quests.can_meet
    toward = quests.toward
    quest_items_left = quests.quest_items_left
    dungeon_type = quests.dungeon_type
    dungeon_advantage = quests.dungeon_advantage
    battle_ladder = battle.battle_ladder
    holds = trades.holds
    undealt_tests = competitive.undealt_tests

    # ---- the contract ----------------------------------------------------------------
    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        top = self.pending[-1]
        if type(top) in CHANCE_KINDS:
            return CHANCE
        return top.seat  # type: ignore[attr-defined,no-any-return]

    def legal_actions(self) -> list[int]:
        """State.legal_actions, asking ``result`` rather than current_player() whether the
        game is over (the same answer, one call fewer an action)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.result else self._legal_actions()
        return legal.copy()

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; a foe may also be named as earlier releases wrote it
        (``battle foe2`` for ``battle level-2 foe``)."""
        return SPACE.parse_renamed(text, A.OLD_WORDS)

    scores = winning.scores
    winners = winning.winners
    _chance_outcomes = draws.chance_outcomes
    # one draw picks the outcome, as towers.core.chance.sample_chance would (draws.py)
    _sample_chance = draws.sample_chance
    _legal_actions = LEGALITY.fast_legal_actions
    _candidates = LEGALITY.candidates
    _explain = LEGALITY.explain

    # ---- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        p = self.pending
        top = p[-1]
        kind = type(top)
        value = VALUES[action]
        keeps = kind in KEEPS_MOVE_VALUE
        chance = APPLY_CHANCE.get(kind)
        if chance is not None:
            chance(self, top, value)
        elif type(value) is A.DrinkPotion:
            # a potion may be drunk in several decisions
            self._drink(top.seat, value.potion, top)  # type: ignore[attr-defined]
            keeps = False
        else:
            decide = DECIDE.get(kind)
            if decide is None:
                raise AssertionError((top, value))
            decide(self, top, value)
        # the automatic frames, worked off when one is on top (or when a competitive game
        # may have ended, a hero being out: it starts with two heroes or more, and the last
        # one in wins only once one is out)
        if (
            self.result
            or type(p[-1]) in AUTOMATIC_KINDS
            or (self.game.competitive and True in self.eliminated)
        ):
            self._settle()
        elif keeps:
            return
        self._follow_move_value()

    # the automatic frames worked off (sequence_of_play.py, compiled when built)
    _settle = sequence_of_play.settle

    # ---- the sections' rules, bound here: a section calls another's through the state ----
    # Taking Your Turn (turn.py)
    _begin_turn = turn.begin_turn
    _follow_move_value = turn.follow_move_value
    _reinforce = turn.reinforce
    # Battle (battle.py)
    _start_battle = battle.start_battle
    _battle_step = battle.battle_step
    _remove_foe = battle.remove_foe
    # Quests & Dungeons (quests.py)
    _start_exploring = quests.start_exploring
    _explore_step = quests.explore_step
    _complete_quest = quests.complete_quest
    _reward = quests.reward
    _complete_goal_quest = quests.complete_goal_quest
    _goal_step_done = quests.goal_step_done
    _pay_quest = quests.pay_quest
    _spend_quest_gear = quests.spend_quest_gear
    # Making Trades (trades.py)
    _move_item = trades.move_item
    # Events (events.py)
    _event = events.event
    _tokens_left = events.tokens_left
    _on_board = events.on_board
    _strike = events.strike
    _toward_hero = events.toward_hero
    # Spending vs. Losing and the effects (effects.py)
    _effects = effects.effects
    _effect = effects.effect
    _lose_items = effects.lose_items
    _gain_corruption = effects.gain_corruption
    _drink = effects.drink
    _spend_for_advantage = effects.spend_for_advantage
    _count_down = effects.count_down
    # Placing Skulls (skulls.py)
    _place_skull = skull_rules.place_skull
    _emerged = skull_rules.emerged
    _placer = skull_rules.placer
    _standing = skull_rules.standing
    # Sequence of Play (sequence_of_play.py)
    _next_turn = sequence_of_play.next_turn
    # Competitive Game (competitive.py)
    _complete_test = competitive.complete_test
    _eliminate = competitive.eliminate
    _end_if_decided = competitive.end_if_decided
    # Winning & Losing (winning.py)
    _win = winning.win
    _lose = winning.lose
    # the chance nodes (draws.py)
    _apply_chance = draws.apply_chance

    # ---- what a seat sees (observe.py) ---------------------------------------------------
    observation = observe.observation
    disclosure = observe.disclosure
    _release_disclosure = observe.release_disclosure
    _unseen_tests = observe.unseen_tests
    _determinize = observe.determinize


VALUES = SPACE.values
"""Each action's value, by its int (the space is built once)."""
CHANCE_KINDS = F.CHANCE_KINDS
AUTOMATIC_KINDS = sequence_of_play.AUTOMATIC_KINDS
"""The frames ``_settle`` works off (a CorruptionDraw only when the deck is empty)."""
KEEPS_MOVE_VALUE = frozenset((F.Releasing, F.Spawn, F.PlaceSkull, F.StartTurn))
"""The frames whose outcome or decision changes nothing the move value reads (the hero's
virtues, companions, quest items, corruptions, treasures and space) unless it leaves frames
to settle: the move value is followed after them only when they do."""
APPLY_CHANCE = draws.APPLY
"""How each kind of chance frame applies its outcome."""

DECIDE: dict[type[Frame], Callable[[DarkTowerState, Any, Any], None]] = {
    F.StartTurn: turn.decide_start_turn,
    F.Turn: turn.decide_turn,
    F.Trade: trades.decide_trade,
    F.TradeAnswer: trades.decide_trade_answer,
    F.Battling: battle.decide_battling,
    F.Exploring: quests.decide_exploring,
    F.PlaceSkull: skull_rules.decide_place_skull,
    F.ChooseGear: effects.decide_choose_gear,
    F.DiscardGear: effects.decide_discard_gear,
    F.DiscardPotion: effects.decide_discard_potion,
    F.ChooseVirtue: effects.decide_choose_virtue,
    F.ChooseMarket: effects.decide_choose_market,
    F.NewWares: events.decide_new_wares,
    F.ChooseSeal: competitive.decide_choose_seal,
    F.PotionFromHero: competitive.decide_potion_from_hero,
}
"""Each decision's rules, by the kind of frame decided (its rulebook section's module)."""
