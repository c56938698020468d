"""Turris's rules: :class:`TurrisGame` (1-5 players, options) and :class:`TurrisState`.

The flow: Setup (chance draws, then each seat chooses a faction and side in turn order from
the random First Player, then a Tactics card each), then rounds of the Player Turn Phase
(Action Step, Complete Mission Step, Trionfi Step, discard to 4, refill the Missions), the
Beast Phase and the Cleanup Phase, until the Endgame's last Beast is removed.

Solo play (Appendix 1: Solo Play), with one player
--------------------------------------------------
The Betrayers are no seat: ``betrayer_at`` holds their two Scouts (Locations 1 and 10 at the
start), ``betrayer_prestige`` their Prestige, ``damaged`` the Damaged tokens on the six
Tower Rooms (the Trionfi tableau's slots). The Stall and, per Errata 4, the Underworld Map
leave the decks; the player is always First Player (no draw). Each round is the Player
Turn Phase, the Betrayer Phase (``P_BETRAYERS``: both Scouts move from the lower number to
the next higher free number, wrapping to the lowest with a Damaged token and 4 Prestige,
from an Excavation Site to the lowest without one; then the d4 and the d12 are rolled as
two chance nodes, 1/4 and 1/12 each, and the d4's Beast moves by the Beast Phase rules
without a Chain Attack; then 1 Prestige), the Beast Phase and the Cleanup Phase. The game
ends at once when either side reaches 40 Prestige, or at the end of a Player Turn Phase with
6 Tower Rooms constructed and none Damaged; ``player_won`` says who won.

The d12 and the Beast Movement deck. The appendix names both: the d12 is rolled in the
Betrayer Phase, and the Beast Phase uses "the Beast Movement card drawn previously in the
Betrayer Phase". The deck (beasts.toml, designed) is one card per Location number, so the
d12 roll is read as the draw of that deck, reshuffled each time: one chance node, uniform
over the 12 numbers, stands for both. Its number stays in ``movement_card`` until the next
Betrayer Phase, and every Beast that targets while none of the player's Scouts are on the
Main Board targets that Location (the d4's Beast in the Betrayer Phase, and the Beasts
still to move in the Beast Phase).

Readings where the appendix is silent:
- The Fruit token keeps its first priority; the d12 Location replaces only the fallback
  when none of the player's Scouts are on the board. With the player's Scouts on the board
  but none targetable (each shares a Location with a Beast), the Abyss stays the target.
- An Excavation Site has no number: a Betrayer Scout there moves first.
- With all six Tower Rooms Damaged, a wrap places no token and gives no Prestige.
- The Betrayers count as a player on the Prestige track for the Excavation Site change.
- The Betrayers' resources are no state: they always count as 1 of each and reset after
  any effect, so a steal from them (action "steal X from 2", the Betrayers' number) takes
  from the supply and leaves them as they were.
- A Future First Player effect is always resolvable in solo (removing a Damaged token is
  optional), so the Spire stays placeable.
- The d4's Beast, if flipped, stands up instead of moving (Move Beast).
- The Chain Attack looks only for the player's Scouts next to the Harrow (it targets
  ignoring the Betrayers' Scouts); a Betrayer Scout is never Devoured, so never starts one.
- A Scout moved by an effect (not a Place) may enter a Location with a Betrayer Scout; the
  Delusion and a pushed Betrayer Scout may too (the Delusion's rules).
- A solo game that the Betrayers win ends with no winner: ``winners()`` is empty and the
  player's return is 0 (``player_won`` is False).

Every compound decision is a frame on ``stack`` (see :mod:`towers.games.turris.frames`).
Draws are chance events queued in ``chance`` and resolved before any decision.

Where the rules are
-------------------
This module holds the Game (options and the tables built from the data) and the State (its
fields, saving and reading back, and the dispatch). The rules are plain functions over the
state, in modules named after the rulebook's sections:

- ``setup``: Setup and Solo Setup (the draws queued, each seat's faction and side);
- ``rounds``: Gameplay: Rounds (the order of the phases);
- ``player_turn``: 1. Player Turn Phase (its steps, discard to 4, the Mission refill);
- ``action_step``: 1) Action Step (PLACE, COLLECT, GATHER ICHOR, FORCE REVIVE, faction
  actions, Additional Action tokens); ``tactics``: the Tactics cards;
- ``missions``: 2) Complete Mission Step (reserved Missions, Ongoing slots);
- ``trionfi``: 3) Trionfi Step, and Trionfi cards and Tower Rooms;
- ``beast_phase``: 2. Beast Phase (Choose Target, Plot Path, Move Beast, Resolve Effects, the
  Chain Attack); ``beast_moves``: a Beast moved by an effect (Easily Missed Rules);
- ``cleanup``: 3. Cleanup Phase; ``endgame``: Endgame; ``prestige``: the Prestige track and
  the Excavation Site change;
- ``council``: Council Track; ``resources``: Artifacts and paying; ``effects``: the effects
  of the data's vocabulary (one branch per kind) and the ongoing effects' triggers;
- ``solo``: Appendix 1: Solo Play (the Betrayers);
- ``board``: the Main Board's queries; ``draws``: the chance events;
- ``legality``: the legal answers to each decision and the reasons for a refusal;
  ``observe``: what a seat may see.

Each decision is applied by its section (``DECIDE``, by frame kind) and a frame that needs
no decision is settled by its section (``SETTLE``). A section calls another's rules through
the state, which binds them as methods (``_score``, ``_check_endgame``...), so a subclass
may wrap one (the ending's ledger counts Prestige by source). The few a turn calls most,
which nothing wraps, are imported instead, so that the compiled twins call them as C
functions (each ``.pxd`` cimports them): the Turn's legal actions read PLACE's nodes, the
faction action, FORCE REVIVE's cost and the playable Tactics cards (``action_step``,
``tactics``), the sections that set off ongoing effects call ``effects.trigger``, and the
Beasts' moves push the Betrayer Scouts (``solo``); none of these imports the other way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import FunctionType
from typing import Any, ClassVar

from towers.core.actions import Action
from towers.core.compiled import twin
from towers.core.components import Deck
from towers.core.frames import DecisionStack, Frame
from towers.core.game import Game, State
from towers.core.options import Option
from towers.games.turris import (
    action_step,
    beast_moves,
    beast_phase,
    board,
    cleanup,
    draws,
    effects,
    frames,
    interned,
    legality,
    observe,
    player_turn,
    rounds,
    setup,
    solo,
    tactics,
    trionfi,
    twins,
)
from towers.games.turris import actions as A
from towers.games.turris import council as council_rules
from towers.games.turris import endgame as endgame_rules
from towers.games.turris import missions as missions_rules
from towers.games.turris import prestige as prestige_rules
from towers.games.turris import resources as resources_rules
from towers.games.turris.data import Bundle, Effect, TurrisData, load
from towers.games.turris.draws import D4, D12
from towers.games.turris.frames import (
    CHANCE_EVENTS,
    DECISIONS,
    P_BEASTS,
    P_BETRAYERS,
    P_OVER,
    P_SETUP,
    P_TURNS,
    BeastEffect,
    BeastPath,
    BeastTurn,
    BetrayerPush,
    CollectPick,
    CouncilReturn,
    CouncilStep,
    DespairChoice,
    DiscardDown,
    DisplaceChoice,
    EndTurn,
    FactionChoice,
    FruitChoice,
    GainChoice,
    MissionStep,
    MoveBeastChoice,
    MoveScoutChoice,
    OngoingChoice,
    PayChoice,
    PlaceFree,
    PlayTacticsChoice,
    RepairChoice,
    ReserveChoice,
    Resolving,
    ReviveChoice,
    Rewards,
    StealChoice,
    TargetChoice,
    TradeGain,
    TradeOffer,
    TrionfiChoice,
    Turn,
)
from towers.games.turris.legality import CHECKED_KINDS
from towers.games.turris.resources import one_resource_less

__all__ = [
    "CHECKED_KINDS",
    "D4",
    "D12",
    "P_BEASTS",
    "P_BETRAYERS",
    "P_OVER",
    "P_SETUP",
    "P_TURNS",
    "TurrisGame",
    "TurrisState",
]
"""The names other modules import from here (the dice and the phases live in ``draws`` and
``frames``, the effect kinds checked in ``legality``)."""


OngoingTable = tuple[tuple[str, str, bool, int], ...]
"""The ongoing effects of one owner: (trigger, where, once_per_turn, source) each."""


def triggered_by(
    game: TurrisGame,
) -> dict[str, tuple[frozenset[tuple[int, int]], frozenset[int], frozenset[int], frozenset[int]]]:
    """For each trigger, the faction sides (faction, side), Missions, Trionfi cards and
    Excavation Sites with an ongoing effect it sets off."""
    sides: tuple[tuple[OngoingTable, ...], ...] = game.ongoing_of_side
    missions: tuple[OngoingTable, ...] = game.ongoing_of_mission
    trionfi: tuple[OngoingTable, ...] = game.ongoing_of_trionfi
    sites: tuple[OngoingTable, ...] = game.ongoing_of_site
    triggers = {
        on
        for table in (*missions, *trionfi, *sites, *(t for f in sides for t in f))
        for on, _, _, _ in table
    }
    return {
        on: (
            frozenset(
                (f, s)
                for f, both in enumerate(sides)
                for s, table in enumerate(both)
                if any(x[0] == on for x in table)
            ),
            frozenset(m for m, table in enumerate(missions) if any(x[0] == on for x in table)),
            frozenset(t for t, table in enumerate(trionfi) if any(x[0] == on for x in table)),
            frozenset(k for k, table in enumerate(sites) if any(x[0] == on for x in table)),
        )
        for on in triggers
    }


def checked_effects(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """The effects whose checks decide whether ``effects`` can be resolved in full: those of
    a checked kind, and the gains before the last payment (a gain only adds to what a later
    payment may use); the others pass every check."""
    paid = [k for k, e in enumerate(effects) if e.kind in ("pay", "revive")]
    last = paid[-1] if paid else -1
    return tuple(
        e
        for k, e in enumerate(effects)
        if e.kind in CHECKED_KINDS or (e.kind == "gain" and k < last)
    )


class TurrisGame(Game):
    """Turris for 1 to 5 players (1: the solo game against the Betrayers, Appendix 1)."""

    name = "turris"
    min_players = 1
    max_players = 5
    OPTIONS = {
        "random_beasts": Option(
            default=False,
            help="randomise the Beasts' starting Excavation spots (Setup step 3, variant)",
            choices=(False, True),
        ),
    }
    ACTIONS = A.SPACE
    __slots__ = rounds.GAME_SLOTS
    """The tables made at setup, as slots: the compiled twins read them as C fields."""

    data: TurrisData

    def _setup(self) -> None:
        d = load()
        self.data = d
        n = self.num_players
        self.random_beasts = bool(self.options["random_beasts"])
        self.nodes = d.locations
        self.n_nodes = len(d.locations)
        self.adjacent = tuple(tuple(d.index[a] for a in loc.adjacent) for loc in d.locations)
        self.spots = tuple(i for i, loc in enumerate(d.locations) if loc.kind == "excavation")
        self.spot_of = tuple(
            self.spots.index(i) if i in self.spots else -1 for i in range(self.n_nodes)
        )
        """Each node's Excavation spot (an index of ``spots``), -1 for any other node."""
        self.scout_places = tuple(
            i for i, loc in enumerate(d.locations) if loc.kind in ("location", "excavation")
        )
        """The nodes a Scout may stand on: Locations, and Excavation spots holding a Site."""
        self.site_limit = tuple(site.limit for site in d.excavation_sites)
        self.site_immediate = tuple(site.immediate for site in d.excavation_sites)
        self.distance_tables: dict[int, dict[int, int]] = {}
        """Breadth-first distances by start node and which Excavation spots exist (the node
        plus ``n_nodes`` times a bit for each spot that exists): the board changes shape only when
        Sites change, so each shape is searched once."""
        self.used_spots = tuple(k for k, i in enumerate(self.spots) if n in d.locations[i].players)
        self.crossroads = frozenset(
            i for i, loc in enumerate(d.locations) if loc.kind == "crossroads"
        )
        self.abyss = d.index[d.default_target]
        self.beast_start = tuple(
            self.spots.index(d.index[b.start]) for b in d.beasts
        )  # spot indices
        self.removal = tuple(
            next(k for k, b in enumerate(d.beasts) if b.id == r)
            for r in d.constants["beast_removal_order"]
        )
        self.altar_beast = tuple(
            next(k for k, b in enumerate(d.beasts) if b.id == a.beast) for a in d.altar
        )
        self.altar_speed = tuple(a.speed for a in d.altar)
        self.tower_need = d.tower_track
        self.council_levels = d.council_levels
        self.c = d.constants
        # solo play (Appendix 1)
        self.solo = n == 1
        self.node_of_number = {
            loc.number: i for i, loc in enumerate(d.locations) if loc.kind == "location"
        }
        self.damage_order = tuple(self.c["solo_damage_order"])
        self.revive_cost = int(self.c["force_revive_cost"])
        self.revive_cost_all_dead = d.revive_cost_all_in_graveyard
        self.revive_bundles = (Bundle(I=self.revive_cost), Bundle(I=self.revive_cost_all_dead))
        """FORCE REVIVE's cost: some Scouts on the board or in reserve, or all in the Graveyard."""
        self.reserved_costs = tuple((m.cost, *one_resource_less(m.cost)) for m in d.missions)
        """Each Mission's cost when reserved: in full, or one resource of any kind less."""
        self.is_location = tuple(loc.kind == "location" for loc in d.locations)
        self.gather_bonus = d.gather_ichor_bonus
        # the table of effect lists that frames refer to by index
        sources: list[tuple[str, tuple[Effect, ...]]] = []

        def add(name: str, effects: tuple[Effect, ...]) -> int:
            sources.append((name, effects))
            return len(sources) - 1

        self.src_location = tuple(add(f"location {loc.id}", loc.effects) for loc in d.locations)
        upgrade_of = {u.location: u for u in d.upgrades}
        self.src_upgrade = tuple(
            add(f"upgrade {loc.id}", upgrade_of[loc.id].effects) if loc.id in upgrade_of else -1
            for loc in d.locations
        )
        self.src_site = tuple(add(f"site {s.id}", s.effects) for s in d.excavation_sites)
        self.src_tactics = tuple(add(f"tactics {c.id}", c.effects) for c in d.tactics)
        self.src_mission = tuple(add(f"mission {m.id}", m.effects) for m in d.missions)
        self.src_trionfi = tuple(add(f"trionfi {t.id}", t.effects) for t in d.trionfi)
        self.src_council = tuple(add(f"council {c.id}", c.effects) for c in d.council)
        self.src_side = tuple(
            tuple(add(f"faction {f.id} {s.side}", s.effects) for s in f.sides) for f in d.factions
        )
        # ongoing effects: (trigger, where, once_per_turn, source) per owner kind
        ongoing: dict[str, tuple[tuple[str, str, bool, int], ...]] = {}
        for m in d.missions:
            ongoing[f"m{m.id}"] = tuple(
                (o.on, o.where, o.once_per_turn, add(f"mission {m.id} ongoing", o.effects))
                for o in m.ongoing
            )
        for site in d.excavation_sites:
            ongoing[f"s{site.id}"] = tuple(
                (o.on, o.where, o.once_per_turn, add(f"site {site.id} ongoing", o.effects))
                for o in site.ongoing
            )
        for t in d.trionfi:
            ongoing[f"t{t.id}"] = tuple(
                (o.on, o.where, o.once_per_turn, add(f"trionfi {t.id} ongoing", o.effects))
                for o in t.ongoing
            )
        for f in d.factions:
            for s in f.sides:
                ongoing[f"f{f.id}{s.side}"] = tuple(
                    (o.on, o.where, o.once_per_turn, add(f"faction {f.id} {s.side}", o.effects))
                    for o in s.ongoing
                )
        self.ongoing = ongoing
        # the same by index, for the triggers' lookups
        self.ongoing_of_mission = tuple(ongoing[f"m{m.id}"] for m in d.missions)
        self.ongoing_of_site = tuple(ongoing[f"s{x.id}"] for x in d.excavation_sites)
        self.ongoing_of_trionfi = tuple(ongoing[f"t{t.id}"] for t in d.trionfi)
        self.ongoing_of_side = tuple(
            tuple(ongoing[f"f{f.id}{s.side}"] for s in f.sides) for f in d.factions
        )
        self.triggered_by = triggered_by(self)
        """Per trigger, the owners with an ongoing effect on it: ``effects.trigger`` skips others."""
        self.sources = tuple(sources)
        self.always_resolvable = tuple(
            not any(e.kind in CHECKED_KINDS for e in effects) for _, effects in sources
        )
        """Sources with no effect :meth:`TurrisState._can_resolve` checks: always resolvable."""
        self.factions_offered = tuple(
            k for k, f in enumerate(d.factions) if not f.fifth_player or n == 5
        )
        self._setup_tables()

    def _setup_tables(self) -> None:
        """The tables the hot paths read in one step, worked out once from the data."""
        d = self.data
        self.n_players = self.num_players
        """The player count, read as a C field by the twins (``num_players`` is a property)."""
        self.numbered_nodes = tuple(sorted(self.node_of_number.items()))
        """(number, node) of each Location, by number (the Betrayer Phase's order)."""
        self.node_number = tuple(loc.number if loc.kind == "location" else 0 for loc in d.locations)
        """Each node's Location number, 0 for a node with none (an Excavation spot)."""
        self.council_next_spots = tuple(
            tuple(k for k, c in enumerate(d.council) if c.level == spot.level + 1)
            for spot in d.council
        )
        """The spots of the Council track's next level, by spot."""
        self.mission_costs = tuple(m.cost for m in d.missions)
        self.node_ids = tuple(loc.id for loc in d.locations)
        self.node_where = tuple(
            "excavation" if loc.kind == "excavation" else "" for loc in d.locations
        )
        """Each node's id and its kind where an ongoing effect may name it (``trigger``'s
        ``node_id`` and ``where``)."""
        self.node_limit = tuple(loc.limit for loc in d.locations)
        self.node_immediate = tuple(loc.immediate for loc in d.locations)
        """Each node's printed limit and Immediate icon (an Excavation Site's own stand for a
        spot's): read by PLACE's nodes without a Location object each."""
        self.faction_actions = tuple(
            tuple(tuple(src for on, _, _, src in table if on == "action") for table in both)
            for both in self.ongoing_of_side
        )
        """Each faction side's sources of a faction action (side B), by faction and side."""
        self.checked_effects = tuple(checked_effects(effects) for _, effects in self.sources)
        """Each source's effects that :meth:`TurrisState._can_resolve` looks at, in order."""
        self.values = VALUES
        self.decide = DECIDE
        self.settle = SETTLE
        """The values of the action ints, and who decides and settles each kind of frame
        (``rounds.apply`` and ``rounds.run``)."""

    def max_game_length(self) -> int:
        if self.solo:
            # The Betrayers score at least 1 Prestige a round and win at 40: 40 rounds at most,
            # each bounded like a round of the multiplayer game, plus a Betrayer Phase.
            rounds = self.c["prestige_end"] // self.c["solo_betrayer_phase_prestige"]
            return rounds * (400 + 400 + 400) + 500
        # The rulebook sets no limit on rounds; this bounds a game of 400 rounds.
        return 400 * (self.num_players * 400 + 400) + 500

    def state_class(self) -> type[State]:
        return TurrisState

    def has_hidden_information(self) -> bool:
        return True  # Tactics hands

    def new_initial_state(self) -> TurrisState:
        d = self.data
        n = self.num_players
        start_ichor = self.c["start_ichor"]
        sites = [1] * len(d.excavation_sites)
        missions = [1] * len(d.missions)
        if self.solo:
            # Solo Setup 1 (with Errata 4): the Stall and the Underworld Map leave the game
            sites[
                [s.id for s in d.excavation_sites].index(self.c["solo_removed_excavation_site"])
            ] = 0
            missions[[m.id for m in d.missions].index(self.c["solo_removed_mission"])] = 0
        state = TurrisState(
            game=self,
            phase=P_SETUP,
            round=0,
            first_player=-1,
            future_first=-1,
            active=-1,
            turn_index=0,
            chance=[],
            stack=DecisionStack(),
            faction=[-1] * n,
            side=[-1] * n,
            scouts=[[0] * n for _ in range(self.n_nodes)],
            reserve=[self.c["scouts_per_player"]] * n,
            graveyard=[0] * n,
            resources=[[start_ichor, 0, 0, 0, 0] for _ in range(n)],
            prestige=[0] * n,
            council=[0] * n,
            rooms=[0] * n,
            trionfi_owned=[[] for _ in range(n)],
            trionfi_tableau=[-1] * self.c["trionfi_tableau"],
            upgraded=[False] * self.n_nodes,
            beast_at=[-1] * len(d.beasts),
            flipped=[False] * len(d.beasts),
            spot_open=[True] * len(self.spots),
            site_at=[-1] * len(self.spots),
            fruit=-1,
            altar=0,
            thresholds_hit=[],
            excavation_due=0,
            endgame=False,
            endgame_in_beasts=False,
            missions=[],
            completed=[[] for _ in range(n)],
            ongoing=[[] for _ in range(n)],
            reserved=[[] for _ in range(n)],
            hands=[[] for _ in range(n)],
            tactics_discard=[],
            action_tokens=[0] * n,
            actions_left=0,
            placed_action=False,
            collected=False,
            gathers=0,
            tactics_played=False,
            grove_room=[0] * n,
            once_used=[],
            tactics_deck=Deck.of_counts([1] * len(d.tactics)),
            mission_deck=Deck.of_counts(missions),
            trionfi_deck=Deck.of_counts([1] * len(d.trionfi)),
            site_deck=Deck.of_counts(sites),
            game_over=False,
            # Solo Setup 6: the Betrayers' two Scouts on Locations 1 and 10
            betrayer_at=[self.node_of_number[k] for k in self.c["solo_betrayer_start_locations"]]
            if self.solo
            else [],
            betrayer_prestige=0,
            damaged=[False] * self.c["trionfi_tableau"],
            beast_die=-1,
            movement_card=0,
            player_won=False,
        )
        state._begin_setup()
        state._run()
        return state


@dataclass(slots=True)
class TurrisState(State):
    game: TurrisGame
    phase: str
    round: int
    first_player: int
    future_first: int
    active: int
    turn_index: int
    chance: list[Frame]
    stack: DecisionStack
    faction: list[int]
    side: list[int]
    scouts: list[list[int]]
    """Scouts by node, then by seat."""
    reserve: list[int]
    graveyard: list[int]
    resources: list[list[int]]
    """I, K, R, W, Artifacts by seat."""
    prestige: list[int]
    council: list[int]
    """Each seat's Council spot (an index of ``data.council``)."""
    rooms: list[int]
    """Tower Rooms constructed by each seat (its Tower track marker)."""
    trionfi_owned: list[list[int]]
    trionfi_tableau: list[int]
    upgraded: list[bool]
    beast_at: list[int]
    """Each Beast's node, -1 once removed in the Endgame."""
    flipped: list[bool]
    spot_open: list[bool]
    """False for an Excavation spot without a Site once its Beast has left (2-3 players)."""
    site_at: list[int]
    fruit: int
    altar: int
    thresholds_hit: list[int]
    excavation_due: int
    """Excavation Site changes still to make: one per threshold first reached."""
    endgame: bool
    endgame_in_beasts: bool
    missions: list[int]
    """The face-up Mission tableau."""
    completed: list[list[int]]
    """Every completed Mission (those in Ongoing slots too)."""
    ongoing: list[list[int]]
    reserved: list[list[int]]
    hands: list[list[int]]
    tactics_discard: list[int]
    action_tokens: list[int]
    actions_left: int
    placed_action: bool
    collected: bool
    gathers: int
    tactics_played: bool
    grove_room: list[int]
    """Prestige of a Tower Room the seat may construct in its Trionfi Step (0: none)."""
    once_used: list[str]
    tactics_deck: Deck
    mission_deck: Deck
    trionfi_deck: Deck
    site_deck: Deck
    game_over: bool
    betrayer_at: list[int]
    """Solo: the nodes of the Betrayers' two Scouts (empty with 2-5 players)."""
    betrayer_prestige: int
    damaged: list[bool]
    """Solo: a Damaged token on each Tower Room (the Trionfi tableau's slots)."""
    beast_die: int
    """Solo: the Beast the d4 named this Betrayer Phase (-1: not rolled)."""
    movement_card: int
    """Solo: the Location number of the Beast Movement card shown (the d12; 0: none yet)."""
    player_won: bool
    """Solo: the game ended in the player's win (Solo Endgame)."""
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELDS_VERSION: ClassVar[int] = 4
    """2: the solo fields (``betrayer_at`` to ``player_won``); 3: ``drawn`` in a pending
    ``play_tactics_choice``; 4: ``excavation_due`` counts the changes due (was a flag)."""

    @classmethod
    def upgrade_fields(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        if version < 4:
            fields["excavation_due"] = int(bool(fields.get("excavation_due", False)))
        if version < 3:
            # a choice of Tactics cards saved before the Stroboscope's "the card drawn"
            fields["stack"] = [
                {**f, "drawn": 0} if f.get("frame") == "play_tactics_choice" else f
                for f in fields.get("stack", [])
            ]
        if version < 2:
            # a game saved before solo play: 2 to 5 players, so no Betrayers
            fields.setdefault("betrayer_at", [])
            fields.setdefault("betrayer_prestige", 0)
            fields.setdefault("damaged", [False] * len(fields.get("trionfi_tableau", [])))
            fields.setdefault("beast_die", -1)
            fields.setdefault("movement_card", 0)
            fields.setdefault("player_won", False)
        return fields

    FIELD_READERS: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "stack": DECISIONS.stack_from_json,
        "chance": lambda data: [CHANCE_EVENTS.from_json(x) for x in data],
        "tactics_deck": Deck.from_json,
        "mission_deck": Deck.from_json,
        "trionfi_deck": Deck.from_json,
        "site_deck": Deck.from_json,
    }

    # ==== the contract ==================================================================
    current_player = rounds.current_player
    legal_actions = rounds.legal_actions
    apply_trusted = rounds.apply_trusted

    def scores(self) -> list[float]:
        return [float(p) for p in self.prestige]

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; a component may also be named by the id earlier
        releases wrote (``play righteous_fury`` for ``play Righteous Fury``), so scripts and
        moves kept in words still read."""
        return A.SPACE.parse_renamed(text, A.OLD_WORDS)

    # ==== applying: the settle loop and the dispatch (rounds.py, which reads DECIDE and
    # SETTLE from the game) ===============================================================
    _run = rounds.run
    _apply = rounds.apply

    # ---- the rules, bound as methods: a section reaches another's through the state, so
    # that none imports another and a subclass may wrap one (the ending's ledger)
    # what a seat may see (observe.py)
    observation = observe.observation
    disclosure = observe.disclosure
    _determinize = observe.determinize
    # the Main Board (board.py)
    _beast_on = board.beast_on
    _is_open = board.is_open
    _is_scout_node = board.is_scout_node
    _reward_source = board.reward_source
    _limit = board.scout_limit
    _immediate = board.is_immediate
    _distances = board.distances
    _search_distances = board.search_distances
    _gives_reward = board.gives_reward
    # resources and Artifacts (resources.py)
    _can_pay = resources_rules.can_pay
    # what may be done (legality.py)
    _legal_actions = legality.legal_actions
    _explain = legality.explain
    _can_resolve = legality.can_resolve
    _can_resolve_source = legality.can_resolve_source
    # chance (draws.py)
    _chance_outcomes = draws.chance_outcomes
    _sample_chance = draws.sample_chance
    _apply_chance = draws.apply_chance
    _queue_draw = draws.queue_draw
    # Setup (setup.py)
    _begin_setup = setup.begin_setup
    # Rounds (rounds.py)
    _next_step = rounds.next_step
    _is_quiet = rounds.is_quiet
    # the Player Turn Phase (player_turn.py)
    _start_turn = player_turn.start_turn
    # the Cleanup Phase (cleanup.py)
    _end_round = cleanup.end_round
    # Prestige (prestige.py)
    _score = prestige_rules.score
    _change_excavation_sites = prestige_rules.change_excavation_sites
    # the Endgame (endgame.py)
    _check_endgame = endgame_rules.check_endgame
    winners = endgame_rules.winners
    # the Action Step (action_step.py)
    _place_nodes = action_step.place_nodes
    _free_place_nodes = action_step.place_nodes
    _revive_cost = action_step.revive_cost
    _faction_action = action_step.faction_action
    # Tactics cards (tactics.py)
    _playable = tactics.playable_cards
    _tactics_choices = tactics.tactics_choices
    _play_tactics = tactics.play_tactics
    # Missions (missions.py)
    _completable = missions_rules.completable
    _complete_mission = missions_rules.complete_mission
    # Tower Rooms (trionfi.py)
    _may_build = trionfi.may_build
    _take_trionfi = trionfi.take_trionfi
    _room_built = trionfi.room_built
    # the Council track (council.py)
    _council_next = council_rules.council_next
    _to_graveyard = council_rules.to_graveyard
    # effects (effects.py)
    _effect = effects.resolve_effect
    _trigger = effects.trigger
    # the Beast Phase (beast_phase.py)
    _beast_phase = beast_phase.begin_beast_phase
    _speed = beast_phase.beast_speed
    _path_options = beast_phase.path_options
    _effect_frame = beast_phase.effect_frame
    _displace_destinations = beast_phase.displace_destinations
    # a Beast moved by an effect (beast_moves.py)
    _movable_beasts = beast_moves.movable_beasts
    _beast_steps = beast_moves.beast_steps
    # solo play (solo.py)
    _end_solo = solo.end_solo
    _check_solo_rooms = solo.check_solo_rooms
    _score_betrayers = solo.score_betrayers
    _solo_rooms = solo.solo_rooms
    _betrayer_phase = solo.betrayer_phase
    _damage_room = solo.damage_room
    _push_betrayers = solo.push_betrayers
    _has_player_scouts = solo.has_player_scouts


# the sections every action runs through: their compiled twins when built, else the modules
# (towers.core.compiled; the tests hold the twins equal to the modules). A twin reads a
# TurrisState's fields as C fields (its .pxd declares the class's slots in their order,
# ``rounds.STATE_SLOTS``), a TurrisGame's tables likewise (``rounds.GAME_SLOTS``, after the
# Game's list of weak references), a Bundle's and an Effect's (``resources.pxd``) and each
# frame's (``interned.FRAME_SLOTS``), so the
# twins are found once the class exists, and only while the classes are laid out so; the
# methods bound above from the plain modules are bound again from them.
_SECTIONS = (
    action_step, beast_moves, beast_phase, board, draws, effects, legality, player_turn,
    rounds, tactics, council_rules, missions_rules, resources_rules, cleanup, solo, trionfi,
    prestige_rules, endgame_rules,
)  # fmt: skip
if (
    resources_rules.laid_out(TurrisState, rounds.STATE_SLOTS)
    and resources_rules.laid_out(TurrisGame, rounds.GAME_SLOTS, before=1)
    and resources_rules.laid_out(Bundle, resources_rules.BUNDLE_SLOTS)
    and resources_rules.laid_out(Effect, resources_rules.EFFECT_SLOTS)
    and all(
        resources_rules.laid_out(getattr(frames, name), slots)
        for name, slots in interned.FRAME_SLOTS.items()
    )
):
    twins.use_twins()
    _TWIN_OF = {section.__name__: twin(section) for section in _SECTIONS}
    for _name, _method in list(vars(TurrisState).items()):
        if isinstance(_method, FunctionType) and _method.__module__ in _TWIN_OF:
            setattr(TurrisState, _name, getattr(_TWIN_OF[_method.__module__], _method.__name__))
    (action_step, beast_moves, beast_phase, board, draws, effects, legality, player_turn, rounds,
     tactics, council_rules, missions_rules, resources_rules, cleanup, solo, trionfi,
     prestige_rules, endgame_rules) = (_TWIN_OF[section.__name__] for section in _SECTIONS)  # fmt: skip


DECIDE: dict[type[Frame], Callable[[TurrisState, Any, Action], None]] = {
    Turn: action_step.decide_turn,
    CouncilStep: council_rules.decide_council_step,
    Rewards: effects.decide_rewards,
    CollectPick: action_step.decide_collect_pick,
    MoveBeastChoice: beast_moves.decide_move_beast_choice,
    BeastPath: beast_phase.decide_beast_path,
    DisplaceChoice: beast_phase.decide_displace_choice,
    TargetChoice: beast_phase.decide_target_choice,
    PayChoice: resources_rules.decide_pay_choice,
    GainChoice: resources_rules.decide_gain_choice,
    MoveScoutChoice: effects.decide_move_scout_choice,
    MissionStep: missions_rules.decide_mission_step,
    ReviveChoice: effects.decide_revive_choice,
    TradeOffer: effects.decide_trade_offer,
    ReserveChoice: missions_rules.decide_reserve_choice,
    CouncilReturn: council_rules.decide_council_return,
    FruitChoice: effects.decide_fruit_choice,
    DespairChoice: beast_phase.decide_despair_choice,
    BeastEffect: beast_phase.decide_beast_effect,
    PlaceFree: action_step.decide_place_free,
    StealChoice: effects.decide_steal_choice,
    TrionfiChoice: trionfi.decide_trionfi_choice,
    OngoingChoice: missions_rules.decide_ongoing_choice,
    FactionChoice: setup.decide_faction_choice,
    PlayTacticsChoice: tactics.decide_play_tactics_choice,
    DiscardDown: player_turn.decide_discard_down,
    BetrayerPush: solo.decide_betrayer_push,
    RepairChoice: solo.decide_repair_choice,
}
"""Who applies the answer to each kind of decision: its section's rules."""

VALUES = A.SPACE.values
"""The action values by int (:meth:`~towers.core.actions.ActionSpace.decode` unchecked)."""

SETTLE: dict[type[Frame], Callable[[TurrisState, Any], bool]] = {
    CouncilStep: council_rules.settle_council_step,
    Rewards: effects.settle_rewards,
    MoveBeastChoice: beast_moves.settle_move_beast_choice,
    BeastPath: beast_phase.settle_path,
    DisplaceChoice: beast_phase.settle_displace_choice,
    TargetChoice: beast_phase.settle_target_choice,
    PayChoice: resources_rules.settle_pay,
    GainChoice: resources_rules.settle_gain_choice,
    MoveScoutChoice: effects.settle_move_scout_choice,
    MissionStep: missions_rules.settle_mission_step,
    ReviveChoice: effects.settle_revive_choice,
    TradeOffer: effects.settle_trade_offer,
    ReserveChoice: missions_rules.settle_reserve_choice,
    DespairChoice: beast_phase.settle_despair_choice,
    BeastEffect: beast_phase.settle_beast_effect,
    PlaceFree: action_step.settle_place_free,
    StealChoice: effects.settle_steal_choice,
    TrionfiChoice: trionfi.settle_trionfi_choice,
    PlayTacticsChoice: tactics.settle_play_tactics_choice,
    DiscardDown: player_turn.settle_discard_down,
    BetrayerPush: solo.settle_betrayer_push,
    RepairChoice: solo.settle_repair_choice,
    Resolving: effects.settle_resolving,
    TradeGain: effects.settle_trade_gain,
    EndTurn: player_turn.settle_end_turn,
    BeastTurn: beast_phase.settle_beast_turn,
}
"""Who settles each kind of frame when it needs no decision (the frames always put to
their seat have no entry)."""
