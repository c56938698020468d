"""Tiletum: the game, its state and every transition (see the package docstring).

The flow of a game is a small machine (``phase``) for the parts nobody decides (setup,
preparation, corruption, King, fair and cleanup phases) plus, inside a turn, a ``stack`` of
pending decisions (typed frames, :mod:`towers.games.tiletum.frames`): the top frame says what
the player decides now. Chance events wait in ``chance_events``; while any is there the state
is a chance node. Actions arrive as ints and are decoded to values
(:mod:`towers.games.tiletum.actions`) that the rules match on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.actions import Action
from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack, Frame
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.options import Option
from towers.games.tiletum import actions as A
from towers.games.tiletum import legality
from towers.games.tiletum.data import (
    CAT_HELPER,
    FOOD,
    FX_ACTION,
    FX_ADD_AP,
    FX_ANY,
    FX_BUILDING_BONUS,
    FX_GAIN,
    FX_HOUSE_ANYWHERE,
    FX_JUMP,
    FX_KING,
    FX_MOVE,
    FX_MOVE_BOTH,
    FX_MOVE_PLACE,
    FX_PILLAR_ANYWHERE,
    FX_PLACE,
    FX_TOWN_MOVE,
    FX_VP,
    GOLD,
    JOKER,
    STONE,
    Effect,
    TiletumData,
    character_counts,
    load,
    pile_counts,
)
from towers.games.tiletum.draws import apply_chance, chance_outcomes, draw_ready
from towers.games.tiletum.fair import fair_phase
from towers.games.tiletum.final_scoring import final_points, final_scoring, winners
from towers.games.tiletum.frames import (  # noqa: F401 - the rules' vocabulary, for their readers
    CHANCE_EVENTS,
    DECISIONS,
    EMPTY,
    INACTIVE,
    LOC_ACTION,
    LOC_CHARACTER,
    LOC_CONTRACT,
    LOC_KING,
    LOC_MAP,
    PILE_BONUS,
    PILE_CHARACTER,
    PILE_CONTRACT,
    PILE_NAMES,
    S_CYCLE,
    S_KING,
    S_KING_SCORE,
    S_OVER,
    S_PREP,
    S_SETUP,
    S_TURN,
    ActionBonusTile,
    ActionOfChoice,
    ActionTileDraw,
    BuildingBonuses,
    ChooseBuildingBonus,
    ChooseDieValue,
    CompletedBuilding,
    CorruptionReveal,
    CostTileDraw,
    DieDraw,
    DieResources,
    DieRoll,
    FairTileDraw,
    HouseAnywhere,
    KingTile,
    MerchantToAdjacentTown,
    Move,
    MoveAndPlace,
    MoveAnywhere,
    MoveBoth,
    OpenDieAction,
    PayIdentical,
    PerformAction,
    PillarAnywhere,
    PlaceAtFigure,
    ResourcesOfChoice,
    TileDraw,
    TownTileDraw,
    Turn,
    new_action_bonus_tile,
    new_action_of_choice,
    new_choose_die_value,
    new_corruption_reveal,
    new_die_draw,
    new_die_resources,
    new_die_roll,
    new_move,
    new_open_die_action,
    new_perform_action,
    new_resources_of_choice,
    new_tile_draw,
    new_turn,
)
from towers.games.tiletum.king import king_advance, king_phase_score, king_phase_tile
from towers.games.tiletum.legality import (
    building_mask,
    can_house,
    can_pillar,
    can_place_here,
    can_store,
    die_change_steps,
    die_frame,
    is_full,
    legal_actions,
    substitute_helper,
)
from towers.games.tiletum.observe import observation
from towers.games.tiletum.rounds import end_turn, next_step
from towers.games.tiletum.saved import upgrade_fields
from towers.games.tiletum.setup import starting_fields

_NEVER_SETTLED = frozenset(
    {
        Turn,
        ChooseDieValue,
        ActionBonusTile,
        ActionOfChoice,
        PayIdentical,
        MoveAnywhere,
        MerchantToAdjacentTown,
        CompletedBuilding,
        KingTile,
    }
)
"""Decisions that wait for the player whatever the state (``_settle`` passes them by)."""


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
    _legal_actions = legal_actions  # the fast generator (legality.py), called with no layer between
    _chance_outcomes = chance_outcomes  # the draws (draws.py)
    winners = winners  # the most VP, ties to the first in turn order (final_scoring.py)
    final_points = final_points

    # The rule steps that score are called through the state (``state._fair_phase()``), so
    # that a state that books each score by its source (explain.points_by_category) can
    # watch them; each is a function of its rulebook section's module.
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
        while not self.game_over:
            if self.chance_events:
                if draw_ready(self):
                    return
                continue
            if self.stack:
                if self._settle():
                    continue
                return
            next_step(self)

    def _settle(self) -> bool:
        """Resolve the top decision if it needs none now; True if the stack changed."""
        top = self.stack[-1]
        seat = self.active_player
        # by type ahead of the match: the action performed and the decisions that never
        # settle by themselves are on top at most states, and a die's action and resources
        # settle at every die taken (a class pattern costs more than a type test)
        if type(top) is PerformAction:
            if not top.from_die and top.action_points <= 0:
                self.stack.pop()
                return True
            return False
        if type(top) in _NEVER_SETTLED:
            return False
        if type(top) is OpenDieAction:
            action, ap = top.action, top.action_points
            if action == JOKER:
                self.stack[-1] = new_action_of_choice(ap, True)
            else:
                self.stack[-1] = new_perform_action(
                    action, ap + self.bonus_action_points[seat][action], True
                )
            return True
        if type(top) is DieResources:
            if substitute_helper(self, seat) < 0:
                self.stack.pop()
                self.resources[seat][top.colour] += top.amount
                return True
            return False
        match top:
            case ResourcesOfChoice(count=n) | Move(steps_left=n):
                if n <= 0:
                    self.stack.pop()
                    return True
            case MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
                if not architect and not merchant:
                    self.stack.pop()
                    return True
            case MoveAndPlace(figure=figure, may_move=may_move, may_place=may_place):
                if not may_move and (not may_place or not can_place_here(self, seat, figure)):
                    self.stack.pop()
                    return True
            case PlaceAtFigure(figure=figure):
                if not can_place_here(self, seat, figure):
                    self.stack.pop()
                    return True
            case HouseAnywhere():
                if not any(can_house(self, seat, t) for t in range(A.N_TOWNS)):
                    self.stack.pop()
                    return True
            case PillarAnywhere():
                if not any(can_pillar(self, seat, c) for c in range(A.N_CATHEDRALS)):
                    self.stack.pop()
                    return True
            case ChooseBuildingBonus():
                if not any(building_mask(self, seat, b) for b in range(5)):
                    self.stack.pop()
                    return True
            case BuildingBonuses(building=b, floors_left=floors):
                mask = building_mask(self, seat, b)
                if not any(mask >> f & 1 for f in floors):
                    self.stack.pop()
                    return True
        return False

    # ==== small rules =======================================================================
    def action_of_value(self, value: int) -> int:
        """The action beside the wheel segment of die value ``value`` this round."""
        d = self.game.data
        return self.wheel_actions[(value - 1 + self.round * d.wheel_rotation) % 6]

    def _vp(self, seat: int, delta: int) -> None:
        v = self.vp[seat] + delta
        self.vp[seat] = v if v > 0 else 0

    def _add_die_points(self, points: int, only_for: int = -1) -> None:
        """Action points added to the die's action (if it is ``only_for``, when given)."""
        i = die_frame(self)
        if i >= 0:
            frame = self.stack[i]
            assert isinstance(frame, PerformAction)
            if only_for < 0 or frame.action == only_for:
                self.stack[i] = new_perform_action(frame.action, frame.action_points + points, True)

    # ==== applying actions ==================================================================
    def _apply(self, action: int) -> None:
        if self.chance_events:
            apply_chance(self, action)
        else:
            self._apply_decision(action)
        self._run()

    def _apply_decision(self, action: int) -> None:
        seat = self.active_player
        top = self.stack[-1]
        g = self.game
        if type(top) is PerformAction or type(top) is Turn:
            # Two decisions in three, told apart by the int ranges that the action space
            # declares for their kinds (A.TAKE_DIE...) rather than by a match over decoded
            # values: the hot path stays on ints.
            if action < A.SET_VALUE:  # TakeDie, the first kind
                k = action - A.TAKE_DIE
                self._take_die(k // 5 + 1, k % 5)
            elif action == A.END_TURN:
                end_turn(self)
            elif action == A.STOP:
                self.stack.pop()
            elif A.FIRST_TASK <= action < A.BUILDING:
                self._task(seat, A.VALUES[action])
            else:
                assert isinstance(top, PerformAction)
                self._frame_option(seat, top, action)
            return
        # the decisions of every die taken, by type ahead of the match
        if type(top) is ChooseDieValue:  # SetValue's ints are its values
            self._set_value(seat, top.value, top.colour, action - A.SET_VALUE + 1)
            return
        if type(top) is ActionBonusTile:  # take it, or skip
            self.stack.pop()
            if action == A.TAKE_TILE:
                self.storehouse[seat].append(self.action_bonus_tiles[top.action])
                self.action_bonus_tiles[top.action] = EMPTY
            return
        value = A.VALUES[action]
        match top:
            case KingTile():
                self.stack.pop()
                if action == A.TAKE_TILE:
                    self.storehouse[seat].append(self.king_tile)
                self.king_tile = EMPTY
            case DieResources(colour=colour, amount=amount):
                self.stack.pop()
                match value:
                    case A.Substitute(resource=r):
                        self.storehouse[seat].remove(substitute_helper(self, seat))
                        self.resources[seat][r] += amount
                    case _:
                        self.resources[seat][colour] += amount
            case ActionOfChoice(action_points=ap, from_die=from_die):
                assert isinstance(value, A.ChooseAction)
                a = value.action
                if from_die:
                    ap += self.bonus_action_points[seat][a]
                self.stack[-1] = new_perform_action(a, ap, from_die)
            case ResourcesOfChoice(count=n):
                assert isinstance(value, A.Gain)
                self.resources[seat][value.resource] += 1
                self.stack[-1] = new_resources_of_choice(n - 1)
            case PayIdentical(contract=contract):
                assert isinstance(value, A.Pay)
                self.stack.pop()
                self._fulfil(seat, contract, value.resource)
            case Move(figure=figure, steps_left=steps):
                if action == A.SKIP:
                    self.stack.pop()
                else:
                    self.stack[-1] = new_move(figure, steps - 1)
                    self._move_figure(seat, value)
            case MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
                match value:
                    case A.Skip():
                        self.stack.pop()
                    case A.MoveArchitect():
                        self.stack[-1] = MoveBoth(False, merchant)
                        self._move_figure(seat, value)
                    case _:
                        self.stack[-1] = MoveBoth(architect, False)
                        self._move_figure(seat, value)
            case MoveAndPlace(figure=figure, may_move=may_move, may_place=may_place):
                match value:
                    case A.Skip():
                        self.stack.pop()
                    case A.MoveMerchant() | A.MoveArchitect():
                        self.stack[-1] = MoveAndPlace(figure, False, may_place)
                        self._move_figure(seat, value)
                    case _:
                        self.stack[-1] = MoveAndPlace(figure, may_move, False)
                        self._place(seat, value)
            case PlaceAtFigure() | HouseAnywhere() | PillarAnywhere():
                self.stack.pop()
                self._place(seat, value)
            case MoveAnywhere() | MerchantToAdjacentTown():
                self.stack.pop()
                if action != A.SKIP:
                    self._move_figure(seat, value)
            case ChooseBuildingBonus():
                match value:
                    case A.ChooseBuilding(building=b):
                        mask = building_mask(self, seat, b)
                        floors = tuple(f for f in range(3) if mask >> f & 1)
                        self.stack[-1] = BuildingBonuses(b, floors)
                    case _:
                        self.stack.pop()
            case BuildingBonuses(building=b, floors_left=floors):
                match value:
                    case A.FloorBonus(floor=f):
                        self.stack[-1] = BuildingBonuses(b, tuple(x for x in floors if x != f))
                        kind = self.rooms[seat][g.rooms[b][f]]
                        self._effects(seat, g.tile_effects[kind])
                    case _:
                        self.stack.pop()
            case CompletedBuilding(building=b):
                assert isinstance(value, A.ChooseAction)
                self.stack.pop()
                self._award(seat, b, value.action)

    def _take_die(self, value: int, colour: int) -> None:
        self.wheel_dice[value - 1][colour] -= 1
        self.stack.append(new_choose_die_value(value, colour))

    def _set_value(self, seat: int, shown: int, colour: int, value: int) -> None:
        d = self.game.data
        self.resources[seat][GOLD] -= d.die_change_cost * die_change_steps(shown, value)
        self.stack.pop()
        self.die_value = value
        self.die_colour = colour
        self.dice_taken[seat].append(colour)
        action = self.action_of_value(value)
        self.stack.append(new_open_die_action(action, d.action_points_base - value))
        self.stack.append(new_die_resources(colour, value))
        tile = self.action_bonus_tiles[action]
        if tile >= 0 and can_store(self, seat, tile):
            self.stack.append(new_action_bonus_tile(action))

    def _move_figure(self, seat: int, value: Action) -> None:
        match value:
            case A.MoveMerchant(spot=spot):
                self.merchant[seat] = spot
            case A.MoveArchitect(spot=spot):
                self.architect[seat] = spot

    def _place(self, seat: int, value: Action) -> None:
        match value:
            case A.PlaceHouse(town=town, space=space):
                self._place_house(seat, town, space)
            case A.PlacePillar(cathedral=c):
                self._place_pillar(seat, c)

    def _place_house(self, seat: int, town: int, space: int) -> None:
        t = self.game.data.towns[town]
        self.house_spaces[town][space] = seat
        self.houses_in_supply[seat] -= 1
        self.houses_on_map[seat].append(town)
        if t.house_vp[space]:
            self._vp(seat, t.house_vp[space])
        if t.house_building_bonus[space]:
            self.stack.append(ChooseBuildingBonus())

    def _place_pillar(self, seat: int, c: int) -> None:
        spaces = self.pillar_spaces[c]
        spaces[spaces.index(EMPTY)] = seat
        self.pillars_in_supply[seat] -= 1
        self.pillars_on_map[seat].append(c)

    def _frame_option(self, seat: int, top: PerformAction, action: int) -> None:
        """An option of the action being performed, paying its AP. A figure moved (a third
        of the options) is told by its kinds' int ranges; the other kinds are matched, the
        most played first."""
        g = self.game
        d = g.data
        if A.MOVE_MERCHANT <= action < A.HOUSE:  # MoveMerchant, then MoveArchitect
            self._spend(top, 1)
            if action < A.MOVE_ARCHITECT:
                self.merchant[seat] = action - A.MOVE_MERCHANT
            else:
                self.architect[seat] = action - A.MOVE_ARCHITECT
            return
        match A.VALUES[action]:
            case A.Exchange(give=give, get=get):
                self._spend(top, d.exchange_cost)
                res = self.resources[seat]
                res[give] -= 1
                res[get] += 1
                if not self.exchanged_this_turn:
                    self.exchanged_this_turn = True
                    self.stack.append(new_resources_of_choice(1))
            case A.TakeCharacter(space=i):
                self._spend(top, d.character_take_cost)
                self.storehouse[seat].append(self.character_offer[i])
                self.character_offer[i] = EMPTY
                self.chance_events.append(new_tile_draw(PILE_CHARACTER, LOC_CHARACTER, i))
            case A.PlaceCharacter(character=kind, room=room):
                self._spend(top, g.room_floor[room])
                self.storehouse[seat].remove(kind)
                self.rooms[seat][room] = kind
                self._effects(seat, g.tile_effects[kind])
                self._check_building(seat, g.room_building[room])
            case A.AdvanceKing():
                self._spend(top, 1)
                king_advance(self, seat, 1)
            case A.TakeContract(space=i):
                self._spend(top, d.contract_offer_costs[i])
                self.storehouse[seat].append(self.contract_offer[i])
                self.contract_offer[i] = EMPTY
            case A.RefreshCharacters():
                self._spend(top, d.character_take_cost)
                offer = self.character_offer
                self.piles[PILE_CHARACTER].shuffle_in(k for k in offer if k >= 0)
                for i in range(len(offer)):
                    offer[i] = EMPTY
                    self.chance_events.append(new_tile_draw(PILE_CHARACTER, LOC_CHARACTER, i))
            case A.PlaceHouse(town=town, space=space):
                self._spend(top, 1)
                self._place_house(seat, town, space)
            case A.TakeBonusTile(town=town, space=space):
                self._spend(top, 1)
                self.storehouse[seat].append(self.map_bonus_tiles[town][space])
                self.map_bonus_tiles[town][space] = EMPTY
            case A.PlacePillar(cathedral=c):
                self._spend(top, 1)
                self._place_pillar(seat, c)

    def _spend(self, top: PerformAction, points: int) -> None:
        """The action being performed (on top) pays ``points`` action points."""
        self.stack[-1] = new_perform_action(top.action, top.action_points - points, top.from_die)

    def _task(self, seat: int, value: Action) -> None:
        g = self.game
        d = g.data
        res = self.resources[seat]
        match value:
            case A.Buy(resource=r):
                res[GOLD] -= d.buy_cost
                res[r] += 1
            case A.Fulfil(tile=kind):
                if g.contract_identical[kind]:
                    self.stack.append(PayIdentical(kind))
                else:
                    self._fulfil(seat, kind, -1)
            case A.PlaceCrest(crest=crest, space=space):
                self.storehouse[seat].remove(d.crest_kind[crest])
                bld = d.buildings[space]
                res[FOOD] -= bld.crest_cost
                self.crests[seat][space] = crest
                self._effects(seat, bld.crest_bonus)
                self._check_building(seat, space)
            case A.Contribute(cathedral=c):
                cost = self.construction_costs[c]
                res[STONE] -= d.cost_stone[cost]
                left = self.cathedral_tiles_left[c] - 1
                self.cathedral_tiles_left[c] = left
                self.cathedral_tiles[seat].append(c)
                self._vp(seat, d.cost_vp[cost] + d.cathedrals[c].tiles[left])
            case A.UseHelper(tile=kind):
                self.storehouse[seat].remove(kind)
                self._effects(seat, g.tile_effects[kind])

    def _fulfil(self, seat: int, kind: int, same_type: int) -> None:
        g = self.game
        d = g.data
        res = self.resources[seat]
        pay = g.contract_pay[kind]
        for r in range(5):
            res[r] -= pay[r]
        if same_type >= 0:
            res[same_type] -= g.contract_identical[kind]
        self.storehouse[seat].remove(kind)
        space = len(self.fulfilled_contracts[seat])
        self.fulfilled_contracts[seat].append(kind)
        if d.contract_space_pillar[space]:
            self.pillars_in_supply[seat] += 1
        self._vp(seat, g.tile_vp[kind] + d.contract_space_vp[space])
        self._effects(seat, g.tile_effects[kind])

    def _effects(self, seat: int, effects: tuple[Effect, ...]) -> None:
        """Apply what needs no decision now; push the rest so they resolve in listed order."""
        pushes: list[Frame] = []
        for code, a, b in effects:
            if code == FX_VP:
                self._vp(seat, a)
            elif code == FX_GAIN:
                self.resources[seat][a] += b
            elif code == FX_ANY:
                pushes.append(new_resources_of_choice(a))
            elif code == FX_ACTION:
                pushes.append(
                    new_action_of_choice(b, False) if a < 0 else new_perform_action(a, b, False)
                )
            elif code == FX_MOVE:
                pushes.append(new_move(a, b))
            elif code == FX_MOVE_BOTH:
                pushes.append(MoveBoth(True, True))
            elif code == FX_MOVE_PLACE:
                pushes.append(MoveAndPlace(a, True, True))
            elif code == FX_PLACE:
                pushes.append(PlaceAtFigure(a))
            elif code == FX_KING:
                king_advance(self, seat, a)
            elif code == FX_TOWN_MOVE:
                pushes.append(MerchantToAdjacentTown())
            elif code == FX_ADD_AP:
                self._add_die_points(a)
            elif code == FX_BUILDING_BONUS:
                pushes.append(ChooseBuildingBonus())
            elif code == FX_HOUSE_ANYWHERE:
                pushes.append(HouseAnywhere())
            elif code == FX_PILLAR_ANYWHERE:
                pushes.append(PillarAnywhere())
            elif code == FX_JUMP:
                pushes.append(MoveAnywhere(a))
        if pushes:
            pushes.reverse()
            self.stack.extend(pushes)

    def _check_building(self, seat: int, b: int) -> None:
        """A full building frees its roof house; full with a crest it is Completed."""
        g = self.game
        d = g.data
        if not is_full(self, seat, b):
            return
        bit = 1 << b
        bld = d.buildings[b]
        if not bld.occupied and not self.roof_houses_freed[seat] & bit:
            self.roof_houses_freed[seat] |= bit
            self.houses_in_supply[seat] += 1
            self._effects(seat, bld.roof_bonus)
        if self.crests[seat][b] >= 0 and not self.completed_buildings[seat] & bit:
            self.completed_buildings[seat] |= bit
            if bld.occupied:
                return
            actions = sorted({g.tile_action[self.rooms[seat][i]] for i in g.rooms[b]})
            if len(actions) > 1:
                self.stack.append(CompletedBuilding(b, tuple(actions)))
            else:
                self._award(seat, b, actions[0])

    def _award(self, seat: int, b: int, action: int) -> None:
        """The building's bonus AP marker goes on its action, the current one included."""
        rooms = self.game.data.buildings[b].rooms
        self.bonus_action_points[seat][action] += rooms
        self._add_die_points(rooms, only_for=action)
