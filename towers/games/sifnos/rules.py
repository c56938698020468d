"""Towers of Sifnos: the Game and the State, for 2-4 players (solo play: :mod:`.solo`).

Turn order is seat order; seat 0 is the first player (the seats are dealt at random, which is
the rulebook's "randomly determine a first player"). A turn is a stack of frames
(:mod:`.frames`): Prepare, Majors (each major action a ``Column``), Defend, Recoup, EndTurn.

The State holds the state and dispatches each frame to the rules of its rulebook section:

- :mod:`.setup`: Main Board Setup, Player Board Setup, Final Setup Steps
- :mod:`.turn`: Gameplay Overview (the turn's steps, the next turn)
- :mod:`.cards`: Cards, Hand Limits and Shuffling (paying, placing, giving, drawing)
- :mod:`.influence`: Influence Tracks, Scoring Tiles
- :mod:`.major_actions`: Actions, Prepare, Major Actions (the columns' effects)
- :mod:`.invest`: Dice, Invest
- :mod:`.construct`: Construct, Beacons, Tower Networks
- :mod:`.muster`: Soldiers, Muster, Forts, Pushing out opposing Soldiers
- :mod:`.effects`: the Card Effects that trigger, the one-off effects of Forts and Buildings
- :mod:`.defend`: Defend, Resolving an Invasion, Determining Might
- :mod:`.buildings`: Workshop Dice, Buildings
- :mod:`.recoup`: Recoup, Moving Ships, Drawing Ships
- :mod:`.end_of_game`: End of the Game; :mod:`.scoring`: Final Scoring
- :mod:`.solo`: Solo Setup to 2 Player vs Solo Rules (the Scheme-driven opponent)

What may be done is :mod:`.legality`'s, what a seat may see :mod:`.observe`'s; the tables
the rules count with are :mod:`.board`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.compiled import twin
from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack
from towers.core.game import CHANCE, TERMINAL, Disclosure, Game, State
from towers.core.options import Option
from towers.games.sifnos import frames as F
from towers.games.sifnos import legality, observe, solo
from towers.games.sifnos.actions import (
    DATA,
    OLD_WORDS,
    SPACE,
    RollDie,
)
from towers.games.sifnos.board import (
    CENTRAL,
    N_CARDS,
    N_LARGE,
    N_PROVINCES,
    N_REGIONS,
    N_SPACES,
    SETUP,
)
from towers.games.sifnos.buildings import decide_build
from towers.games.sifnos.cards import decide_give, decide_pay, decide_placement, draw, drawn
from towers.games.sifnos.construct import (
    beacon_targets,
    decide_beacon,
    decide_beacon_place,
    tower_drawn,
)
from towers.games.sifnos.data import BEACON
from towers.games.sifnos.defend import defend, invasion, leader, might
from towers.games.sifnos.effects import decide_triggered, trigger
from towers.games.sifnos.end_of_game import MAX_ROUNDS
from towers.games.sifnos.influence import (
    decide_face_up,
    decide_fort_anywhere,
    decide_influence,
    decide_tent,
    decide_tile,
    influence_step,
)
from towers.games.sifnos.invest import decide_adjust, rolled
from towers.games.sifnos.legality import (
    AID_BASE,
    MARKER_BASE,
    N_TILES,
    PIECE_DEALS,
    SHIP_BASE,
    TILE_BASE,
    TOWER_BASE,
)
from towers.games.sifnos.major_actions import (
    decide_column,
    decide_majors,
    decide_prepare,
    decide_recoup,
)
from towers.games.sifnos.muster import decide_fort, decide_soldiers, pieces_left
from towers.games.sifnos.recoup import (
    decide_ship,
    next_with_room,
    recoup,
    sail_away,
    ship_drawn,
)
from towers.games.sifnos.scoring import final_scores, winner
from towers.games.sifnos.setup import (
    aid_dealt,
    begin,
    marker_drawn,
    piece_dealt,
    seat_effects,
    tile_drawn,
)
from towers.games.sifnos.turn import next_turn

# the legal actions of the decisions every turn asks: legality's compiled twin when built, else
# the module (towers.core.compiled; tests/games/sifnos/test_twins.py holds them equal)
legality = twin(legality)
# the Scheme-driven opponent's steps and chances: solo's compiled twin when built, else the module
solo = twin(solo)

__all__ = ["MAX_ROUNDS", "SifnosGame", "SifnosState"]

DECIDE: dict[type, Callable[[Any, Any, Any], None]] = {
    F.Prepare: decide_prepare,
    F.Majors: decide_majors,
    F.Column: decide_column,
    F.RecoupChoice: decide_recoup,
    F.Pay: decide_pay,
    F.GiveCards: decide_give,
    F.Placement: decide_placement,
    F.AdjustDice: decide_adjust,
    F.Soldiers: decide_soldiers,
    F.ShipChoice: decide_ship,
    F.InfluenceChoice: decide_influence,
    F.Triggered: decide_triggered,
    F.BeaconChoice: decide_beacon,
    F.BeaconPlace: decide_beacon_place,
    F.FortChoice: decide_fort,
    F.Workshop: decide_build,
    F.FaceUp: decide_face_up,
    F.TileChoice: decide_tile,
    F.TentChoice: decide_tent,
    F.FortAnywhere: decide_fort_anywhere,
}
"""A player's answer to each decision, by the frame's type (the opponent's: :mod:`.solo`)."""

CHANCES: dict[type, Callable[[Any, Any, Any], None]] = {
    F.Draw: drawn,
    F.Roll: rolled,
    F.TowerDraw: tower_drawn,
    F.ShipDraw: ship_drawn,
    F.TileDraw: tile_drawn,
    F.MarkerDraw: marker_drawn,
    F.AidDeal: aid_dealt,
    F.PieceDeal: piece_dealt,
}
"""Each chance's outcome, by the frame's type (the Schemes' and the opponent's pieces:
:mod:`.solo`)."""

APPLY: dict[type, Callable[[Any, Any, Any], None]] = {**DECIDE, **CHANCES, **solo.CHANCES}
CHANCE_TYPES = frozenset(F.CHANCE_FRAMES)
VALUES = SPACE.values
"""Each action's value, by its int (decoded once for all)."""
PROVINCE_REGIONS = tuple(p.regions for p in DATA.provinces)


# ---- the chances' outcomes, as (action, probability) -----------------------------------------
ROLL_OUTCOMES = tuple((SPACE.base(RollDie) + v, 1 / 6) for v in range(6))


def _tower_outcomes(state: SifnosState, top: F.TowerDraw) -> list[tuple[int, float]]:
    reserve = state.tower_reserve[top.seat]
    total = sum(reserve)
    return [(TOWER_BASE + i, c / total) for i, c in enumerate(reserve) if c]


def _ship_outcomes(state: SifnosState, top: F.ShipDraw) -> list[tuple[int, float]]:
    return [(SHIP_BASE + k, p) for k, p in state.bag.draw_outcomes()]


def _tile_outcomes(state: SifnosState, top: F.TileDraw) -> list[tuple[int, float]]:
    row = state.tile_row
    left = [t for t in range(N_TILES) if t not in row]
    return [(TILE_BASE + t, 1 / len(left)) for t in left]


def _marker_outcomes(state: SifnosState, top: F.MarkerDraw) -> list[tuple[int, float]]:
    markers = state.markers
    left = [2 - markers.count(m) for m in range(3)]
    total = sum(left)
    return [(MARKER_BASE + m, c / total) for m, c in enumerate(left) if c]


def _aid_outcomes(state: SifnosState, top: F.AidDeal) -> list[tuple[int, float]]:
    pool = state.aid_pool
    return [(AID_BASE + a, 1 / len(pool)) for a in pool]


def _piece_outcomes(state: SifnosState, top: F.PieceDeal) -> list[tuple[int, float]]:
    faces, same, base = PIECE_DEALS[top.slot]
    pieces = state.pieces[top.seat]
    left = list(faces)
    for s in same:
        if pieces[s] >= 0:
            left.remove(pieces[s])
    counts = [left.count(f) for f in range(3)]
    return [(base + f, c / len(left)) for f, c in enumerate(counts) if c]


OUTCOMES: dict[type, Callable[[Any, Any], list[tuple[int, float]]]] = {
    # Deck.draw_outcomes with the action ints
    F.Draw: lambda s, top: legality.draw_outcomes(s.deck.counts),
    F.Roll: lambda s, top: list(ROLL_OUTCOMES),
    F.TowerDraw: _tower_outcomes,
    F.ShipDraw: _ship_outcomes,
    F.TileDraw: _tile_outcomes,
    F.MarkerDraw: _marker_outcomes,
    F.AidDeal: _aid_outcomes,
    F.PieceDeal: _piece_outcomes,
    **solo.OUTCOMES,
}
"""Each chance's outcomes, by the frame's type (the opponent's: :mod:`.solo`)."""


# ---- the steps: each returns whether it carried one out (False: a decision waits) --------
def _gain(state: SifnosState, top: F.Gain) -> bool:
    p = state.pending
    if top.n > 1:
        p.replace(F.GAIN(top.seat, top.mineral, top.n - 1))
    else:
        p.pop()
    influence_step(state, top.seat, top.mineral)
    return True


def _trigger(state: SifnosState, top: F.Trigger) -> bool:
    state.pending.pop()
    trigger(state, top.seat, top.event, top.region)
    return True


def _draw_step(state: SifnosState, top: F.Draw) -> bool:
    if state.deck.has_cards():
        return False
    if state.discards:
        state.deck.shuffle_in(state.discards)
        state.discards = []
    else:
        state.pending.pop()  # no card left anywhere: nothing drawn
    return True


def _popped_if(waits: Callable[[SifnosState, Any], Any]) -> Callable[[SifnosState, Any], bool]:
    """A decision or chance dropped when ``waits`` says there is nothing to decide."""

    def step(state: SifnosState, top: Any) -> bool:
        if waits(state, top):
            return False
        state.pending.pop()
        return True

    return step


def _offered(
    choices: Callable[[SifnosState, Any], list[int]], least: int = 1
) -> Callable[[SifnosState, Any], bool]:
    """A decision dropped when ``choices`` (its legal actions, ``done`` first unless ``least``
    is 0) offer nothing more; else its legal actions, found here once, kept for the state to
    hand out (a new sorted list, never changed: a clone may share it)."""

    def step(state: SifnosState, top: Any) -> bool:
        out = choices(state, top)
        if len(out) <= least:
            state.pending.pop()
            return True
        state._legal = legality.sorted_once(out)
        return False

    return step


def _popped_then(run: Callable[[SifnosState, Any], None]) -> Callable[[SifnosState, Any], bool]:
    """A step: popped, then carried out."""

    def step(state: SifnosState, top: Any) -> bool:
        state.pending.pop()
        run(state, top)
        return True

    return step


def _defend_step(state: SifnosState, top: F.Defend) -> bool:
    state.pending.pop()
    defend(state, top.seat)
    return True


def _recoup_step(state: SifnosState, top: F.Recoup) -> bool:
    state.pending.pop()
    recoup(state, top.seat)
    return True


def _end_turn_step(state: SifnosState, top: F.EndTurn) -> bool:
    state.pending.pop()
    next_turn(state, top.seat)
    return True


def _roll_step(state: SifnosState, top: F.Roll) -> bool:
    if state.dice_reserve[top.seat]:
        return False
    state.pending.pop()  # no Die left in the Reserve
    return True


def _game_end(state: SifnosState, top: F.GameEnd) -> bool:
    state.over = True
    return True


STEPS: dict[type, Callable[[Any, Any], bool]] = {
    F.Gain: _gain,
    F.Trigger: _trigger,
    F.Draw: _draw_step,
    F.Roll: _roll_step,
    F.TowerDraw: _popped_if(lambda s, top: any(s.tower_reserve[top.seat])),
    F.Workshop: _offered(legality.CHOICES[F.Workshop], least=0),
    F.BeaconChoice: _popped_if(
        lambda s, top: pieces_left(s, top.seat, BEACON) and beacon_targets(s, top.seat, top.region)
    ),
    F.Triggered: _popped_if(lambda s, top: top.cards),
    F.FaceUp: _popped_if(lambda s, top: s.face_up),
    F.TileChoice: _popped_if(lambda s, top: any(t >= 0 for t in s.tile_row)),
    F.ShipChoice: _offered(legality.CHOICES[F.ShipChoice]),
    F.AdjustDice: _offered(legality.CHOICES[F.AdjustDice]),
    F.Soldiers: _offered(legality.CHOICES[F.Soldiers]),
    F.RecoupChoice: _offered(legality.CHOICES[F.RecoupChoice]),
    F.Defend: _defend_step,
    # a method, so that a copy may watch the invasions it resolves
    F.Invasion: _popped_then(lambda s, top: s._invasion(top.seat, top.province)),
    F.Recoup: _recoup_step,
    F.Sail: _popped_then(lambda s, top: sail_away(s, top.province)),
    F.EndTurn: _end_turn_step,
    F.SeatEffects: _popped_then(lambda s, top: seat_effects(s)),
    F.GameEnd: _game_end,
    **solo.STEPS,
}
"""Each step's rule, by the frame's type; a decision or chance that may have nothing to
decide is dropped here (a frame not named is always decided), and a decision whose choices
were found to see whether any is left keeps them as the legal actions."""


class SifnosGame(Game):
    name = "sifnos"
    min_players = 1
    max_players = 4
    OPTIONS: ClassVar[dict[str, Option]] = {
        "solo_opponent": Option(
            default=False,
            help="two players with the Scheme-driven opponent competing for Might "
            "(2 Player vs Solo Rules); a 1-player game always has it",
            choices=(False, True),
        ),
    }
    ACTIONS = SPACE

    def _setup(self) -> None:
        n = self.num_players
        if self.options["solo_opponent"] and n > 2:
            from towers.core.errors import GameOptionError

            raise GameOptionError(
                "solo_opponent is an option of the 2-player game (2 Player vs Solo Rules), "
                f"not of a {n}-player one; a 1-player game always plays against the Schemes"
            )
        self.solo = n == 1
        """The solo game: one player against the Scheme-driven opponent."""
        self.versus = n == 2 and bool(self.options["solo_opponent"])
        """Two players with the Scheme-driven opponent competing for Might."""
        self.has_opponent = self.solo or self.versus
        self.sides = n + (1 if self.has_opponent else 0)
        self.opponent = n if self.has_opponent else -1
        """The side of the Scheme-driven opponent (-1: none)."""
        table = 2 if self.solo else n
        self.table = table
        """The player count the board is set up for (a solo game as a 2-player one)."""
        self.bag_players = 3 if self.versus else table
        self.ally_space = int(SETUP["ally_track_space"][str(table)])
        self.face_up_count = table
        self.tile_count = table + 1
        self.aids_each = int(SETUP["setup_aids_each"][str(n)])

    def has_hidden_information(self) -> bool:
        return True

    def max_game_length(self) -> int:
        return 4_000 + MAX_ROUNDS * self.sides * 700

    def state_class(self) -> type[State]:
        return SifnosState

    def new_initial_state(self) -> SifnosState:
        return SifnosState.initial(self)


@dataclass(slots=True)
class SifnosState(State):
    game: SifnosGame
    pending: DecisionStack
    deck: Deck
    discards: list[int]
    hands: list[list[int]]
    placed: list[list[int]]
    """The Cards above each Player Board, in the order placed."""
    influence: list[list[int]]
    """Each side's Influence by mineral."""
    ally_on_track: list[bool]
    dice_supply: list[list[int]]
    workshop: list[list[int]]
    dice_reserve: list[int]
    tower_supply: list[list[int]]
    """Counts by image."""
    tower_reserve: list[list[int]]
    barracks: list[int]
    soldier_supply: list[int]
    soldier_at: list[int]
    """The side of each Region's Soldier (-1: none); the central Region's are ``central``."""
    central: list[int]
    die_owner: list[int]
    die_value: list[int]
    fort_at: list[int]
    stacks: list[list[int]]
    """Each Tower space's Towers, bottom first, as side * 8 + image."""
    beacon_at: list[int]
    tents: list[list[int]]
    """Tents placed, by side and Province."""
    pieces: list[list[int]]
    """Each seat's Fort and Beacon spaces: the face there, or -1 once taken."""
    buildings: list[list[int]]
    """Each seat's Buildings' Dice spaces: the value there, or 0."""
    tile_row: list[int]
    """The Scoring Tiles on the Main Board, top first (-1: claimed)."""
    tile_of: list[int]
    face_up: list[int]
    markers: list[int]
    """The mineral of each Mineral Marker space (face-up cards, scoring tiles, invasion,
    ally 1-3)."""
    ships: list[list[int]]
    """Each larger Province's Ships, front first, in clockwise order."""
    bag: Bag
    allies: int
    aids: list[list[int]]
    aid_pool: list[int]
    turn: int
    rounds: int
    invaded: int
    """The large Province invaded this turn (-1: none)."""
    region_ok: int
    """The Regions that may still be the Active Region (a bit each)."""
    majors_done: int
    used: int
    discounts: list[int]
    """Prepare's discounts not yet applied, as mineral * 4 + amount."""
    ignore_image: bool
    use_network: bool
    beacon_placed: bool
    ended_by: int
    over: bool
    solo_marker: int
    """The Scheme-driven opponent's Solo Marker: its space on the track (see :mod:`.solo`)."""
    scheme_left: list[int]
    """Schemes left face down in each of its Decks (their order is unknown)."""
    scheme_allies: list[bool]
    """Whether each Deck still has its Allied Ship on top."""
    active_deck: int
    scheme_discards: list[int]
    solo_forts: list[int]
    """The faces of its Forts not yet placed (face down: one is taken at random)."""
    solo_beacons: list[int]
    solo_stacking: list[int]
    """When each of its Influence markers last moved (the latest sits on top of a tie)."""
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELD_READERS: ClassVar[dict[str, Any]] = {
        "pending": F.FRAMES.stack_from_json,
        "deck": Deck.from_json,
        "bag": Bag.from_json,
    }

    # ---- setup ---------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: SifnosGame) -> SifnosState:
        n, sides = game.num_players, game.sides
        towers = list(DATA.towers_by_image)
        state = cls(
            game=game,
            pending=DecisionStack(),
            deck=Deck.of_counts([1] * N_CARDS),
            discards=[],
            hands=[[] for _ in range(sides)],
            placed=[[] for _ in range(sides)],
            influence=[[0, 0, 0] for _ in range(sides)],
            ally_on_track=[True] * n + [False] * (sides - n),
            dice_supply=[[] for _ in range(sides)],
            workshop=[[] for _ in range(sides)],
            dice_reserve=[int(SETUP["dice"])] * sides,
            tower_supply=[[0] * len(towers) for _ in range(sides)],
            tower_reserve=[towers[:] for _ in range(sides)],
            barracks=[int(SETUP["soldiers"])] * n + [0] * (sides - n),
            soldier_supply=[0] * n + [int(SETUP["soldiers"])] * (sides - n),
            soldier_at=[-1] * N_REGIONS,
            central=[0] * sides,
            die_owner=[-1] * N_REGIONS,
            die_value=[0] * N_REGIONS,
            fort_at=[-1] * N_REGIONS,
            stacks=[[] for _ in range(N_SPACES)],
            beacon_at=[-1] * N_SPACES,
            tents=[[0] * N_PROVINCES for _ in range(sides)],
            pieces=[[-1] * len(DATA.pieces) for _ in range(sides)],
            buildings=[[0] * len(DATA.building_spaces) for _ in range(sides)],
            tile_row=[],
            tile_of=[-1] * sides,
            face_up=[],
            markers=[-1] * 6,
            ships=[[] for _ in range(N_LARGE)],
            bag=Bag([int(v) for v in SETUP["starting_ships"].values()] + [0]),
            allies=0,
            aids=[[] for _ in range(sides)],
            aid_pool=list(range(len(DATA.setup_aids))),
            turn=0,
            rounds=0,
            invaded=-1,
            region_ok=0,
            majors_done=0,
            used=0,
            discounts=[],
            ignore_image=False,
            use_network=False,
            beacon_placed=False,
            ended_by=-1,
            over=False,
            solo_marker=0,
            scheme_left=[],
            scheme_allies=[],
            active_deck=0,
            scheme_discards=[],
            solo_forts=[],
            solo_beacons=[],
            solo_stacking=[0, 1, 2],
        )
        begin(state)
        state._settle()
        return state

    # ---- the contract ----------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        top = self.pending[-1]
        if type(top) in CHANCE_TYPES:
            return CHANCE
        return top.seat  # type: ignore[attr-defined,no-any-return]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        top = self.pending[-1]
        return OUTCOMES[type(top)](self, top)

    # one draw picks the outcome, as towers.core.chance.sample_chance would (legality.py)
    _sample_chance = legality.sample_chance

    def _legal_actions(self) -> list[int]:
        top = self.pending[-1]
        if type(top) in CHANCE_TYPES:
            return [a for a, _ in self._chance_outcomes()]
        return legality.legal_actions(self, top)

    def scores(self) -> list[float]:
        return [float(v) for v in final_scores(self)[: self.game.num_players]]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = winner(self)
        return [] if best >= self.game.num_players else [best]

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; the ids earlier releases wrote in moves are still read
        as the names that replaced them (``place L06``, ``soldier to agia_marina``)."""
        return SPACE.parse_renamed(text, OLD_WORDS)

    # ---- reading the board -------------------------------------------------------------
    def columns_cards(self, side: int, column: int) -> list[int]:
        cards = DATA.cards
        return [c for c in self.placed[side] if cards[c].column == column]

    def top_tower(self, space: int) -> int:
        stack = self.stacks[space]
        return stack[-1] if stack else -1

    def uncovered(self, side: int, space: int) -> bool:
        top = self.top_tower(space)
        return top >= 0 and top >> 3 == side

    def has_tower_on(self, side: int, space: int) -> bool:
        for t in self.stacks[space]:
            if t >> 3 == side:
                return True
        return False

    def dice_in_province(self, province: int) -> int:
        die_owner = self.die_owner
        n = 0
        for r in PROVINCE_REGIONS[province]:
            if die_owner[r] >= 0:
                n += 1
        return n

    def soldiers_of(self, side: int) -> list[int]:
        """The Regions holding ``side``'s Soldiers (the central Region once per Soldier)."""
        out = [r for r in range(N_REGIONS) if self.soldier_at[r] == side]
        return out + [CENTRAL] * self.central[side]

    def network(self, side: int, start: int, extra: int = -1) -> set[int]:
        """The Tower spaces of ``side``'s network through ``start`` (``extra``: a space
        counted as holding its Tower too)."""
        seen = {start}
        todo = [start]
        spaces = DATA.spaces
        while todo:
            s = todo.pop()
            for t in spaces[s].neighbours:
                if t not in seen and (t == extra or self.has_tower_on(side, t)):
                    seen.add(t)
                    todo.append(t)
        return seen

    def might(self, province: int) -> list[int]:
        """Each side's Might in the Province (:func:`.defend.might`)."""
        return might(self, province)

    def leader(self, mineral: int) -> int:
        """The side with the most Influence of ``mineral``; -1 on a tie."""
        return leader(self, mineral)

    def turn_order_from(self, seat: int) -> list[int]:
        """The sides in the order their next turns come, after ``seat``'s (``seat`` last)."""
        sides = self.game.sides
        return [(seat + k) % sides for k in range(1, sides + 1)]

    def can_build(self, seat: int, index: int, value: int) -> bool:
        """Whether a Die of ``value`` may go on the Buildings' space ``index``
        (:func:`.buildings.can_build`)."""
        return legality.can_build(self, seat, index, value)

    # ---- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        top = self.pending[-1]
        value = VALUES[action]
        apply: Callable[[Any, Any, Any], None] = APPLY.get(type(top), solo.apply_decision)
        apply(self, top, value)
        self._settle()

    def _explain(self, action: int) -> tuple[str, str]:
        return legality.explain(self, SPACE.decode(action))

    # ---- the steps ---------------------------------------------------------------------
    def _settle(self) -> None:
        """Carry out the steps on top of the stack until a decision or a chance is there
        (each frame's step, by its type, is :data:`STEPS`'s)."""
        p = self.pending
        steps = STEPS
        while not self.over:
            top = p[-1]
            step = steps.get(type(top))
            if step is None or not step(self, top):
                return  # a decision or a chance

    # ---- named for the modules that call them ---------------------------------------------
    def _draw(self, side: int, n: int) -> None:
        """``side`` draws ``n`` cards (:func:`.cards.draw`)."""
        draw(self, side, n)

    def _defend(self, seat: int) -> None:
        """``seat`` Defends (:func:`.defend.defend`)."""
        defend(self, seat)

    def _invasion(self, seat: int, q: int) -> None:
        """Province ``q`` invaded on ``seat``'s turn (:func:`.defend.invasion`); a method, so
        that a copy may watch the invasions it resolves."""
        invasion(self, seat, q)

    def _next_with_room(self, p: int, own: bool = True) -> int:
        """:func:`.recoup.next_with_room`."""
        return next_with_room(self, p, own)

    # ---- what a seat sees --------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self, seat)

    def disclosure(self, action: int) -> Disclosure:
        """Who may read ``action`` and whether it reveals a card (:func:`.observe.disclosure`)."""
        return observe.disclosure(self, action)

    def reveal_witness(self, action: int, rng: random.Random) -> tuple[int, State] | None:
        """A world proving that using an effect reveals a card
        (:func:`.observe.reveal_witness`)."""
        return observe.reveal_witness(self, action, rng)

    def _determinize(self, seat: int, rng: random.Random) -> SifnosState:
        """Re-deal the other hands and the draw pile from the cards ``seat`` cannot see."""
        return observe.determinize(self, seat, rng)
