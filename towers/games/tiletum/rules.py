"""Tiletum: the game and its state, which holds the position and dispatches each action to
the rule that settles it (see the package docstring).

The flow of a game is a small machine (``phase``) for the parts nobody decides (setup,
preparation, corruption, King, fair and cleanup phases) plus, inside a turn, a ``stack`` of
pending decisions (typed frames, :mod:`towers.games.tiletum.frames`): the top frame says what
the player decides now. Chance events wait in ``chance_events``; while any is there the state
is a chance node. Actions arrive as ints and are decoded to values
(:mod:`towers.games.tiletum.actions`) that the rules match on.

The rules themselves are plain functions over the state, one module per section of the
rulebook, so that a rule is found by its name there:

- ``setup``: Game Setup; ``draws``: every chance event (tiles, dice, tokens);
- ``rounds``: Playing the Game, the phases in order and the turns in turn order;
- ``action_phase``: a turn of the Action phase (the die, its value, tile, resources, action);
- ``architect_merchant``, ``character``, ``contract``, ``king``: Actions in Detail (``king``
  also holds the corruption of the Action phase and the King phase);
- ``tasks``: Tasks; ``buildings``: the Player board's buildings, Completed Buildings;
- ``effects``: the bonuses of the Appendix and the small decisions they ask;
- ``fair``: Fair phase; ``cleanup``: Cleanup phase; ``final_scoring``: End of the Game;
- ``legality``: what may be done, the fast legal actions and the reasons for a refusal;
  ``observe``: what a seat sees.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.compiled import twin
from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack, Frame
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.options import Option
from towers.games.tiletum import actions as A
from towers.games.tiletum import legality
from towers.games.tiletum import rounds as _rounds
from towers.games.tiletum.action_phase import (
    action_of_value,
    choose_action,
    die_resources,
    open_die_action,
    set_value,
    spend,
    take_action_tile,
    take_die,
)
from towers.games.tiletum.architect_merchant import place_house, place_pillar, take_map_tile
from towers.games.tiletum.buildings import award, choose_building, floor_bonus
from towers.games.tiletum.character import place_character, refresh_characters, take_character
from towers.games.tiletum.contract import exchange, take_contract
from towers.games.tiletum.data import (
    CAT_HELPER,
    TiletumData,
    character_counts,
    load,
    pile_counts,
)
from towers.games.tiletum.draws import apply_chance, chance_outcomes
from towers.games.tiletum.effects import apply_effects, decide_bonus, settle_bonus
from towers.games.tiletum.fair import fair_phase
from towers.games.tiletum.final_scoring import final_points, final_scoring, winners
from towers.games.tiletum.frames import (
    CHANCE_EVENTS,
    DECISIONS,
    EMPTY,  # noqa: F401 - the board's marks and the steps, importable from here too
    INACTIVE,  # noqa: F401
    S_KING,  # noqa: F401
    S_KING_SCORE,  # noqa: F401
    ActionBonusTile,
    ActionOfChoice,
    BuildingBonuses,
    ChooseBuildingBonus,
    ChooseDieValue,
    CompletedBuilding,
    DieResources,
    KingTile,
    OpenDieAction,
    PayIdentical,
    PerformAction,
    Turn,
)
from towers.games.tiletum.king import (
    king_advance,
    king_phase_score,
    king_phase_tile,
    take_king_tile,
)
from towers.games.tiletum.legality import substitute_helper
from towers.games.tiletum.observe import observation
from towers.games.tiletum.saved import upgrade_fields
from towers.games.tiletum.setup import starting_fields
from towers.games.tiletum.tasks import fulfil, task

# the flow after every action (rounds.run), a turn's end and the fast generator of the legal
# actions: the compiled twins of rounds.py and legality.py when they are built, else the
# modules (towers.core.compiled; the tests hold the two equal)
ROUNDS = twin(_rounds)
LEGALITY = twin(legality)
run = ROUNDS.run
end_turn = ROUNDS.end_turn


class TiletumGame(Game):
    """Tiletum for 2-4 players, with the action tiles variant as an option."""

    name = "tiletum"
    min_players = 2
    max_players = 4
    OPTIONS = {
        "action_tiles": Option(
            default=False,
            help="shuffle the six action tiles onto the wheel (the variant for experienced players)",
            choices=(False, True),
        ),
    }

    data: TiletumData

    def _setup(self) -> None:
        d = load()
        self.data = d
        n = self.num_players
        self.variant = bool(self.options["action_tiles"])
        self.dice_drawn = d.dice_drawn[n]
        self.bonus_counts = pile_counts(d, d.bonus_pile, n)
        self.contract_counts = pile_counts(d, d.contract_pile, n)
        self.character_counts = character_counts(d, n)
        # The kinds a pile can ever hold lie in one range (draw outcomes scan only that).
        self.pile_range = tuple(
            (
                min(k for k, c in enumerate(counts) if c),
                max(k for k, c in enumerate(counts) if c) + 1,
            )
            for counts in (self.bonus_counts, self.contract_counts, self.character_counts)
        )
        kinds = d.kinds
        self.tile_category = tuple(k.category for k in kinds)
        self.tile_crest = tuple(k.crest for k in kinds)
        self.tile_illustration = tuple(k.illustration for k in kinds)
        self.tile_action = tuple(k.action for k in kinds)
        self.tile_effects = tuple(k.effects for k in kinds)
        self.contract_pay = tuple(k.pay for k in kinds)
        self.contract_identical = tuple(k.same for k in kinds)
        self.tile_vp = tuple(k.vp for k in kinds)
        self.helper_ability = tuple(
            k.effects[0][0] if k.category == CAT_HELPER and k.effects else -1 for k in kinds
        )
        # rooms: a flat list per seat over the buildings that hold character tiles
        rooms: list[tuple[int, ...]] = []
        at = 0
        for bld in d.buildings:
            if bld.occupied:
                rooms.append(())
                continue
            rooms.append(tuple(range(at, at + bld.rooms)))
            at += bld.rooms
        self.rooms = tuple(rooms)
        self.n_rooms = at
        self.room_building = tuple(b for b, rs in enumerate(rooms) for _ in rs)
        self.room_floor = tuple(f + 1 for rs in rooms for f in range(len(rs)))
        if tuple(zip(self.room_building, (f - 1 for f in self.room_floor), strict=True)) != A.ROOMS:
            raise ValueError("room indices of the rules and of the action space differ")
        self.house_active = tuple(tuple(p <= n for p in t.house_players) for t in d.towns)
        self.bonus_active = tuple(tuple(p <= n for p in t.bonus_players) for t in d.towns)
        self.pillar_active = tuple(tuple(p <= n for p in c.pillar_players) for c in d.cathedrals)
        self.corruption_counts = [d.corruption_tokens.count(v) for v in range(3)]
        self.n_contract_spaces = len(d.contract_space_vp)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_game_length(self) -> int:
        # Generous: a turn rarely needs more than 60 actions (each costs AP, gold or a tile),
        # and chance events are at most setup + dice + offers refilled.
        turns = self.data.rounds * self.data.turns_per_round * self.num_players
        return 200 + turns * 400

    def state_class(self) -> type[State]:
        return TiletumState

    def has_hidden_information(self) -> bool:
        # Face-down piles, the bag and the corruption tokens are drawn at the moment they are
        # revealed (same distribution as a shuffle), so the state holds no secret.
        return False

    def new_initial_state(self) -> TiletumState:
        state = TiletumState(game=self, **starting_fields(self))
        state._run()
        return state


@dataclass(slots=True)
class TiletumState(State):
    game: TiletumGame
    phase: int
    round: int
    turn: int
    turn_position: int
    active_player: int
    game_over: bool
    chance_events: list[Frame]
    stack: DecisionStack
    die_value: int
    die_colour: int
    exchanged_this_turn: bool
    turn_order: list[int]
    wheel_actions: list[int]
    wheel_dice: list[list[int]]
    dice_bag: Bag
    action_bonus_tiles: list[int]
    king_tile: int
    piles: list[Deck]
    contract_offer: list[int]
    character_offer: list[int]
    corruption_tokens: Bag
    corruption_revealed: list[int]
    house_spaces: list[list[int]]
    pillar_spaces: list[list[int]]
    cathedral_tiles_left: list[int]
    construction_costs: list[int]
    map_bonus_tiles: list[list[int]]
    fair_towns: list[int]
    fair_tiles: list[int]
    king_track: list[int]
    king_track_stack: list[int]
    vp: list[int]
    resources: list[list[int]]
    storehouse: list[list[int]]
    rooms: list[list[int]]
    crests: list[list[int]]
    fulfilled_contracts: list[list[int]]
    houses_in_supply: list[int]
    pillars_in_supply: list[int]
    houses_on_map: list[list[int]]
    pillars_on_map: list[list[int]]
    bonus_action_points: list[list[int]]
    roof_houses_freed: list[int]
    completed_buildings: list[int]
    cathedral_tiles: list[list[int]]
    merchant: list[int]
    architect: list[int]
    dice_taken: list[list[int]]
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELDS_VERSION: ClassVar[int] = 2
    FIELD_READERS: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "stack": DECISIONS.stack_from_json,
        "chance_events": lambda data: [CHANCE_EVENTS.from_json(x) for x in data],
        "piles": lambda data: [Deck.from_json(x) for x in data],
        "dice_bag": Bag.from_json,
        "corruption_tokens": Bag.from_json,
    }

    @classmethod
    def upgrade_fields(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return upgrade_fields(fields, version)

    # ==== the contract ======================================================================
    # the fast generator (legality.py, its twin when built), called with no layer between
    _legal_actions = LEGALITY.legal_actions
    _chance_outcomes = chance_outcomes  # the draws (draws.py)
    winners = winners  # the most VP, ties to the first in turn order (final_scoring.py)
    # queries the views ask of a state
    action_of_value = action_of_value
    final_points = final_points

    # The rule steps that score are called through the state (``state._fair_phase()``), so
    # that a state that books each score by its source (explain.points_by_category) can
    # watch them; each is a function of its rulebook section's module.
    _place_house = place_house
    _task = task
    _fulfil = fulfil
    _effects = apply_effects
    _king_phase_tile = king_phase_tile
    _king_phase_score = king_phase_score
    _fair_phase = fair_phase
    _final_scoring = final_scoring

    def current_player(self) -> int:
        if self.game_over:
            return TERMINAL
        if self.chance_events:
            return CHANCE
        return self.active_player

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def action_to_string(self, action: int) -> str:
        return A.to_string(action)

    def string_to_action(self, text: str) -> int:
        return A.from_string(text)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return observation(self, seat)

    def _explain(self, action: int) -> tuple[str, str]:
        found = legality.problem(self, action)
        # only asked of refused actions, and the tests hold the generator to these rules
        return found if found is not None else ("not allowed now", legality.R_PLAYING)

    # ==== the flow ==========================================================================
    def _run(self) -> None:
        """Advance through everything nobody decides, up to a decision, a chance node or the end."""
        run(self)

    def _settle(self) -> bool:
        """Resolve the top decision (neither the action performed nor one that never settles
        by itself, which ``rounds.run`` tells first) if it needs none now; True if the stack
        changed."""
        top = self.stack[-1]
        seat = self.active_player
        # by type ahead of the match: a die's action and resources settle at every die taken
        # (a class pattern costs more than a type test)
        if type(top) is OpenDieAction:
            open_die_action(self, seat, top)
            return True
        if type(top) is DieResources:
            if substitute_helper(self, seat) < 0:
                self.stack.pop()
                self.resources[seat][top.colour] += top.amount
                return True
            return False
        return settle_bonus(self, seat, top)

    def _vp(self, seat: int, delta: int) -> None:
        """Points scored or lost; the score never goes below 0 (Playing the Game)."""
        v = self.vp[seat] + delta
        self.vp[seat] = v if v > 0 else 0

    # ==== applying actions ==================================================================
    def _apply(self, action: int) -> None:
        if self.chance_events:
            apply_chance(self, action)
        else:
            self._apply_decision(action)
        run(self)

    def _apply_decision(self, action: int) -> None:
        seat = self.active_player
        top = self.stack[-1]
        if type(top) is PerformAction or type(top) is Turn:
            # Two decisions in three, told apart by the int ranges that the action space
            # declares for their kinds (A.TAKE_DIE...) rather than by a match over decoded
            # values: the hot path stays on ints.
            if action < A.SET_VALUE:  # TakeDie, the first kind
                k = action - A.TAKE_DIE
                take_die(self, k // 5 + 1, k % 5)
            elif action == A.END_TURN:
                end_turn(self)
            elif action == A.STOP:
                self.stack.pop()
            elif A.FIRST_TASK <= action < A.BUILDING:
                self._task(seat, A.VALUES[action])
            else:
                assert isinstance(top, PerformAction)
                self._option(seat, top, action)
            return
        # the decisions of every die taken, by type ahead of the match
        if type(top) is ChooseDieValue:  # SetValue's ints are its values
            set_value(self, seat, top.value, top.colour, action - A.SET_VALUE + 1)
            return
        if type(top) is ActionBonusTile:  # take it, or skip
            take_action_tile(self, seat, top, action == A.TAKE_TILE)
            return
        value = A.VALUES[action]
        match top:
            case KingTile():
                take_king_tile(self, seat, action == A.TAKE_TILE)
            case DieResources():
                die_resources(self, seat, top, value)
            case ActionOfChoice(action_points=ap, from_die=from_die):
                assert isinstance(value, A.ChooseAction)
                choose_action(self, seat, ap, from_die, value.action)
            case PayIdentical(contract=contract):
                assert isinstance(value, A.Pay)
                self.stack.pop()
                self._fulfil(seat, contract, value.resource)
            case ChooseBuildingBonus():
                choose_building(self, seat, value)
            case BuildingBonuses():
                floor_bonus(self, seat, top, value)
            case CompletedBuilding(building=b):
                assert isinstance(value, A.ChooseAction)
                self.stack.pop()
                award(self, seat, b, value.action)
            case _:
                decide_bonus(self, seat, top, action, value)

    def _option(self, seat: int, top: PerformAction, action: int) -> None:
        """An option of the action being performed, paying its AP (Actions in Detail). A
        figure moved (a third of the options) is told by its kinds' int ranges and moved
        here, with no call between; the other kinds are matched, the most played first."""
        g = self.game
        d = g.data
        if A.MOVE_MERCHANT <= action < A.HOUSE:  # MoveMerchant, then MoveArchitect
            spend(self, top, 1)
            if action < A.MOVE_ARCHITECT:
                self.merchant[seat] = action - A.MOVE_MERCHANT
            else:
                self.architect[seat] = action - A.MOVE_ARCHITECT
            return
        match A.VALUES[action]:
            case A.Exchange(give=give, get=get):
                spend(self, top, d.exchange_cost)
                exchange(self, seat, give, get)
            case A.TakeCharacter(space=i):
                spend(self, top, d.character_take_cost)
                take_character(self, seat, i)
            case A.PlaceCharacter(character=kind, room=room):
                spend(self, top, g.room_floor[room])
                place_character(self, seat, kind, room)
            case A.AdvanceKing():
                spend(self, top, 1)
                king_advance(self, seat, 1)
            case A.TakeContract(space=i):
                spend(self, top, d.contract_offer_costs[i])
                take_contract(self, seat, i)
            case A.RefreshCharacters():
                spend(self, top, d.character_take_cost)
                refresh_characters(self)
            case A.PlaceHouse(town=town, space=space):
                spend(self, top, 1)
                self._place_house(seat, town, space)
            case A.TakeBonusTile(town=town, space=space):
                spend(self, top, 1)
                take_map_tile(self, seat, town, space)
            case A.PlacePillar(cathedral=c):
                spend(self, top, 1)
                place_pillar(self, seat, c)
