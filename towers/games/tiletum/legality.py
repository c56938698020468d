"""Each rule of Tiletum written once: whether an action is allowed now and, when it is not,
why, with the rulebook section that says so.

:func:`problem` answers for any action: None when the rules allow it, else ``(why,
section)``; the state's explanations of refused actions are its answers. :func:`legal_by_rules`
is the legal-action generation these rules give (every action of the space whose problem is
None). The rules hand out their legal actions from a faster generator, :func:`legal_actions`
(the state's ``_legal_actions``), which lists only the candidates of the decision on top; the
tests hold it to :func:`legal_by_rules` on many random states, so that what is legal and why
not cannot drift apart. The queries both read (may a tile be stored, a house placed, a
contract fulfilled...) are here too, and the rules' sections ask them before they act.

The checks read the state as the rules keep it: the decision on top of the stack (the typed
frames of :mod:`towers.games.tiletum.frames`), the pending chance events, the seat deciding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.core.frames import Frame
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.data import (
    ACTIONS,
    ARCHITECT,
    CAT_CHARACTER,
    CAT_CONTRACT,
    CAT_CREST,
    CAT_HELPER,
    CHARACTER,
    CONTRACT,
    FIG_ARCHITECT,
    FIG_MERCHANT,
    FIGURES,
    FOOD,
    FX_ADD_AP,
    FX_BUILDING_BONUS,
    FX_SUBSTITUTE,
    GOLD,
    KING,
    MERCHANT,
    RESOURCES,
    STONE,
)
from towers.games.tiletum.frames import (
    EMPTY,
    PILE_CHARACTER,
    ActionBonusTile,
    ActionOfChoice,
    BuildingBonuses,
    ChooseBuildingBonus,
    ChooseDieValue,
    CompletedBuilding,
    DieResources,
    HouseAnywhere,
    KingTile,
    MerchantToAdjacentTown,
    Move,
    MoveAndPlace,
    MoveAnywhere,
    MoveBoth,
    PayIdentical,
    PerformAction,
    PillarAnywhere,
    PlaceAtFigure,
    ResourcesOfChoice,
    TileDraw,
    Turn,
)

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

Problem = tuple[str, str] | None
"""None when an action is allowed, else (why, rulebook section)."""

R_SETUP = "Game Setup"
R_PLAYING = "Playing the Game"
R_PREPARATION = "Playing the Game: Preparation phase"
R_ACTION_PHASE = "Playing the Game: Action phase"
R_KING_PHASE = "Playing the Game: King phase"
R_CLEANUP = "Playing the Game: Cleanup phase"
R_STOREHOUSE = "Bonus tiles and the Storehouse"
R_TASKS = "Tasks"
R_CRESTS = "Types of Tiles: Crests"
R_CONTRACTS = "Types of Tiles: Contracts"
R_JOKER = "Actions in Detail: Joker Action"
R_COMPLETED = "Player Boards — Completed Buildings"
R_END = "End of the Game and Final Scoring"
R_APPENDIX_BOARD = "Appendix: Game board"
R_APPENDIX_CHARACTERS = "Appendix: Character tiles"
R_APPENDIX_CONTRACTS = "Appendix: Contracts"
R_APPENDIX_CRESTS = "Appendix: Crest placement bonuses"
R_APPENDIX_HELPERS = "Appendix: Helper abilities"
R_SECTION = {
    ARCHITECT: "Actions in Detail: Architect Action",
    MERCHANT: "Actions in Detail: Merchant Action",
    CHARACTER: "Actions in Detail: Character Action",
    CONTRACT: "Actions in Detail: Contract Action",
    KING: "Actions in Detail: King Action",
}

OPTIONS: dict[int, tuple[type[Action], ...]] = {
    ARCHITECT: (A.MoveArchitect, A.PlacePillar, A.TakeBonusTile),
    MERCHANT: (A.MoveMerchant, A.PlaceHouse, A.TakeBonusTile),
    CHARACTER: (A.TakeCharacter, A.RefreshCharacters, A.PlaceCharacter),
    CONTRACT: (A.TakeContract, A.Exchange),
    KING: (A.AdvanceKing,),
}
"""The options of each action (Actions in Detail)."""

WANTED: dict[type[Frame], tuple[str, str]] = {
    F.ChooseDieValue: ("set the chosen die's value first", R_ACTION_PHASE),
    F.ActionBonusTile: ("take the action's bonus tile or skip it first", R_ACTION_PHASE),
    F.KingTile: ("take or discard the King track's bonus tile", R_KING_PHASE),
    F.DieResources: ("take the die's resources first", R_ACTION_PHASE),
    F.OpenDieAction: ("the die's action opens first", R_ACTION_PHASE),
    F.ActionOfChoice: ("choose the action to perform first", R_JOKER),
    F.ResourcesOfChoice: ("choose the resource you gain first", R_TASKS),
    F.PayIdentical: ("choose which resource pays the contract first", R_APPENDIX_CONTRACTS),
    F.Move: ("move the figure or skip first", R_APPENDIX_CHARACTERS),
    F.MoveBoth: ("move the figures or skip first", R_APPENDIX_CHARACTERS),
    F.MoveAndPlace: ("move, place or skip first", R_APPENDIX_CHARACTERS),
    F.PlaceAtFigure: ("place where your figure is first", R_APPENDIX_CHARACTERS),
    F.HouseAnywhere: ("place a house in a town first", R_APPENDIX_CRESTS),
    F.PillarAnywhere: ("place a pillar at a cathedral first", R_APPENDIX_CRESTS),
    F.MoveAnywhere: ("move the figure to a space first", R_APPENDIX_CRESTS),
    F.MerchantToAdjacentTown: ("move the merchant to an adjacent town first", R_APPENDIX_CONTRACTS),
    F.ChooseBuildingBonus: ("choose a building for its character bonuses first", R_APPENDIX_BOARD),
    F.BuildingBonuses: ("choose a character bonus of the building or stop", R_APPENDIX_BOARD),
    F.CompletedBuilding: ("choose the action your completed building strengthens", R_COMPLETED),
}
"""What each pending decision asks for first, and the section that asks it."""


def problem(state: TiletumState, action: int) -> Problem:
    """Why ``action`` is not allowed in ``state`` (why, rulebook section), or None if it is."""
    value = A.VALUES[action]
    if state.game_over:
        return "the game is over", R_END
    if state.chance_events:
        return _chance_problem(state, state.chance_events[0], value)
    if value.CHANCE:
        return "only chance draws tiles, dice and tokens", R_SETUP
    if not state.stack:
        return "nobody decides now", R_PLAYING
    seat = state.active_player
    top = state.stack[-1]
    if type(top) is F.Turn:
        return _turn_problem(state, seat, value)
    if type(top) is F.PerformAction:
        return _perform_problem(state, seat, top, value)
    return _decision_problem(state, seat, top, value)


def legal_by_rules(state: TiletumState) -> list[int]:
    """Every action :func:`problem` allows, in increasing order: the legal actions as the
    rules state them (slow: every action of the space is asked)."""
    if state.game_over:
        return []
    return [a for a in range(A.NUM_ACTIONS) if problem(state, a) is None]


def die_change_steps(shown: int, value: int) -> int:
    """Steps from ``shown`` to ``value``, each costing gold; 6 is next to 1 (Action phase)."""
    d = abs(shown - value)
    return min(d, 6 - d)


_DIE_STEPS = tuple(tuple(die_change_steps(v, w) for w in range(7)) for v in range(7))
"""``_DIE_STEPS[shown][value]``: die_change_steps as a table, for the generator."""


# ---- chance ------------------------------------------------------------------------------
def _chance_problem(state: TiletumState, event: Frame, value: Action) -> Problem:
    rule = _chance_rule(state, event)
    if not value.CHANCE:
        return "a chance event is being resolved now; only its outcomes are allowed", rule
    d = state.game.data
    match event, value:
        case F.TileDraw(pile=pile), A.DrawTile(tile=kind):
            if state.piles[pile].counts[kind] <= 0:
                return (
                    f"no '{d.kinds[kind].name}' tile is left in the {F.PILE_NAMES[pile]} pile",
                    rule,
                )
            return None
        case F.DieDraw(), A.DrawDie(colour=c):
            if state.dice_bag.counts[c] <= 0:
                return f"no {A.COLOUR_NAMES[c]} die is left in the bag", rule
            return None
        case F.DieRoll(), A.RollDie():
            return None
        case F.CorruptionReveal(), A.RevealCorruption(value=v):
            if state.corruption_tokens.counts[v] <= 0:
                return f"no face-down corruption token of value {v} is left", rule
            return None
        case F.CostTileDraw(), A.PlaceCostTile(tile=i):
            if i >= len(state.construction_costs) or i in state.construction_costs:
                return "that construction cost tile is already under a cathedral", rule
            return None
        case F.TownTileDraw(), A.PlaceTownTile(tile=i):
            if d.town_tiles[i] in state.fair_towns:
                return f"the {d.towns[d.town_tiles[i]].name} town tile is already placed", rule
            return None
        case F.FairTileDraw(), A.PlaceFairTile(tile=i):
            if i in state.fair_tiles:
                return "that fair tile is already placed", rule
            return None
        case F.ActionTileDraw(), A.PlaceActionTile(action=a):
            if a in state.wheel_actions:
                return f"the {ACTIONS[a]} action tile is already beside the wheel", rule
            return None
    return f"the chance event now is {_chance_event_name(event)}", rule


def _chance_event_name(event: Frame) -> str:
    match event:
        case F.TileDraw(pile=pile, place=place):
            return f"a {F.PILE_NAMES[pile]} tile drawn onto the {F.PLACE_NAMES[place]}"
        case F.DieDraw():
            return "a die drawn from the bag"
        case F.DieRoll():
            return "the roll of the die drawn"
        case F.CorruptionReveal():
            return "a corruption token revealed"
        case F.CostTileDraw():
            return "a construction cost tile placed under a cathedral"
        case F.TownTileDraw():
            return "a town tile placed for a fair"
        case F.FairTileDraw():
            return "a fair tile placed"
    return "an action tile placed beside the wheel"


def _chance_rule(state: TiletumState, event: Frame) -> str:
    match event:
        case F.DieDraw() | F.DieRoll():
            return R_PREPARATION
        case F.CorruptionReveal():
            return R_ACTION_PHASE
        case F.TileDraw(place=place):
            if state.round == 0 and state.phase == F.S_PREP:
                return R_SETUP
            if place == F.LOC_CONTRACT:
                return R_SECTION[CONTRACT]
            if place == F.LOC_CHARACTER:
                return R_SECTION[CHARACTER]
            return R_CLEANUP
    return R_SETUP


# ---- a turn: the die, the action performed, the tasks ---------------------------------------
def _turn_problem(state: TiletumState, seat: int, value: Action) -> Problem:
    """Before the die is taken: take a die (or do a task)."""
    match value:
        case A.TakeDie(value=v, colour=c):
            if state.wheel_dice[v][c] <= 0:
                return (
                    f"no {A.COLOUR_NAMES[c]} die of value {v + 1} is on the wheel",
                    R_ACTION_PHASE,
                )
            return None
        case A.EndTurn():
            return "a turn starts by taking a die and performing its action", R_ACTION_PHASE
    if isinstance(value, A.TASKS):
        return _task_problem(state, seat, value)
    return "first take a die from the Action Wheel (or do a task)", R_ACTION_PHASE


def _perform_problem(
    state: TiletumState, seat: int, top: F.PerformAction, value: Action
) -> Problem:
    """An action being performed: its options, tasks, and stopping it (the die's action
    stays open until the turn ends)."""
    if isinstance(value, A.TASKS):
        return _task_problem(state, seat, value)
    match value:
        case A.EndTurn():
            if top.from_die:
                return None
            return (
                "finish the action given by a tile or bonus first ('stop action')",
                R_ACTION_PHASE,
            )
        case A.StopAction():
            if not top.from_die:
                return None
            return "the die's action ends with the turn ('end turn')", R_ACTION_PHASE
        case A.TakeDie():
            if die_frame(state) >= 0:
                return "you already took this turn's die", R_ACTION_PHASE
            return (
                "finish the action given by a tile or bonus first ('stop action')",
                R_ACTION_PHASE,
            )
    kind = top.action
    rule = R_SECTION[kind]
    if not isinstance(value, OPTIONS[kind]):
        return (
            f"you are performing the {ACTIONS[kind]} action; that is not one of its options",
            rule,
        )
    ap = top.action_points
    if ap <= 0:
        return "you have no action points left", rule
    return _option_problem(state, seat, kind, ap, value)


def _option_problem(state: TiletumState, seat: int, kind: int, ap: int, value: Action) -> Problem:
    """An option of the action ``kind`` with ``ap`` action points left (Actions in Detail)."""
    g = state.game
    d = g.data
    rule = R_SECTION[kind]
    why: str | None = None
    match value:
        case A.MoveMerchant(spot=k):
            why = _step_problem(state, seat, FIG_MERCHANT, k)
        case A.MoveArchitect(spot=k):
            why = _step_problem(state, seat, FIG_ARCHITECT, k)
        case A.PlaceHouse(town=town, space=space):
            why = _house_problem(state, seat, town, space, d.spot_town[state.merchant[seat]])
        case A.PlacePillar(cathedral=c):
            why = _pillar_problem(state, seat, c, d.spot_town[state.architect[seat]])
        case A.TakeBonusTile(town=town, space=space):
            figure = FIG_ARCHITECT if kind == ARCHITECT else FIG_MERCHANT
            name = d.towns[town].name
            if d.spot_town[_figure_spot(state, seat, figure)] != town:
                return f"your {FIGURES[figure]} is not in {name}", rule
            tiles = state.map_bonus_tiles[town]
            if space >= len(tiles) or tiles[space] < 0:
                return f"no bonus tile lies on that space of {name}", rule
            return _store_problem(state, seat, tiles[space])
        case A.TakeCharacter(space=i):
            cost = d.character_take_cost
            if ap < cost:
                return f"taking a character costs {cost} AP and you have {ap}", rule
            tile = state.character_offer[i]
            if tile < 0:
                return f"character offer space {i + 1} is empty", rule
            return _store_problem(state, seat, tile)
        case A.RefreshCharacters():
            cost = d.character_take_cost
            if ap < cost:
                return f"refreshing the characters costs {cost} AP and you have {ap}", rule
            pile = state.piles[F.PILE_CHARACTER]
            if all(k < 0 for k in state.character_offer) and not any(pile.counts):
                why = "there are no character tiles to refresh"
        case A.PlaceCharacter(character=character, room=room):
            why = _character_problem(state, seat, character, room, ap)
        case A.TakeContract(space=i):
            tile = state.contract_offer[i]
            if tile < 0:
                return f"contract offer space {i + 1} is empty", rule
            cost = d.contract_offer_costs[i]
            if cost > ap:
                return f"that contract costs {cost} AP and you have {ap}", rule
            return _store_problem(state, seat, tile)
        case A.Exchange(give=give):
            cost = d.exchange_cost
            if ap < cost:
                why = f"an exchange costs {cost} AP and you have {ap}"
            elif state.resources[seat][give] <= 0:
                why = f"you have no {RESOURCES[give]} to exchange"
        case A.AdvanceKing():
            if state.king_track[seat] >= len(d.king_track) - 1:
                why = "your marker is on +15, the top of the King track"
    return None if why is None else (why, rule)


def _task_problem(state: TiletumState, seat: int, value: Action) -> Problem:
    """A task, done in the turn or inside an action (Tasks)."""
    g = state.game
    d = g.data
    res = state.resources[seat]
    store = state.storehouse[seat]
    match value:
        case A.Buy():
            if res[GOLD] < d.buy_cost:
                return f"buying costs {d.buy_cost} gold and you have {res[GOLD]}", R_TASKS
        case A.Fulfil(tile=kind):
            name = d.kinds[kind].name
            if kind not in store:
                return f"the contract '{name}' is not in your storehouse", R_TASKS
            if len(state.fulfilled_contracts[seat]) >= g.n_contract_spaces:
                return "every contract space of your player board is filled", R_CONTRACTS
            pay = g.contract_pay[kind]
            same = g.contract_identical[kind]
            if any(res[r] < pay[r] for r in range(5)) or (
                same and not any(res[r] >= same + pay[r] for r in range(5))
            ):
                return f"you lack the resources the contract '{name}' asks", R_APPENDIX_CONTRACTS
        case A.PlaceCrest(crest=crest, space=space):
            if not any(g.tile_category[k] == CAT_CREST and g.tile_crest[k] == crest for k in store):
                return f"no {d.crest_names[crest]} crest is in your storehouse", R_TASKS
            if state.crests[seat][space] >= 0:
                return f"crest space {space + 1} is taken", R_TASKS
            cost = d.buildings[space].crest_cost
            if res[FOOD] < cost:
                return (
                    f"crest space {space + 1} costs {cost} food and you have {res[FOOD]}",
                    R_APPENDIX_CRESTS,
                )
        case A.Contribute(cathedral=c):
            town = d.towns[d.cathedrals[c].town].name
            if c not in state.pillars_on_map[seat]:
                return f"you have no pillar at the cathedral of {town}", R_TASKS
            if c in state.cathedral_tiles[seat]:
                return f"you have already contributed to the cathedral of {town}", R_TASKS
            if state.cathedral_tiles_left[c] <= 0:
                return f"no cathedral tile is left in {town}", R_TASKS
            cost = d.cost_stone[state.construction_costs[c]]
            if res[STONE] < cost:
                return f"it costs {cost} stone and you have {res[STONE]}", R_TASKS
        case A.UseHelper(tile=kind):
            if kind not in store:
                return f"the helper '{d.kinds[kind].name}' is not in your storehouse", R_TASKS
            fx = g.helper_ability[kind]
            if fx == FX_SUBSTITUTE:
                return (
                    "this helper is used when choosing a die, as you take its resources",
                    R_APPENDIX_HELPERS,
                )
            if fx == FX_ADD_AP and die_frame(state) < 0:
                return (
                    "extra AP go to the action of your chosen die, which is not open now",
                    R_APPENDIX_HELPERS,
                )
            if fx == FX_BUILDING_BONUS and not any(
                building_mask(state, seat, b) for b in range(len(g.rooms))
            ):
                return "none of your buildings holds a character yet", R_APPENDIX_HELPERS
    return None


# ---- the other decisions -------------------------------------------------------------------
def _decision_problem(state: TiletumState, seat: int, top: Frame, value: Action) -> Problem:
    """A decision inside a turn (or the King phase's tile) other than the turn and the action
    performed: each accepts its own kinds of action only."""
    d = state.game.data
    res = state.resources[seat]
    why, rule = WANTED[type(top)]
    match top, value:
        case F.ChooseDieValue(value=shown), A.SetValue(value=v):
            cost = d.die_change_cost * die_change_steps(shown, v + 1)
            if cost > res[GOLD]:
                return (
                    f"changing the die from {shown} to {v + 1} costs {cost} gold and you have "
                    f"{res[GOLD]}",
                    R_ACTION_PHASE,
                )
            return None
        case ((F.ActionBonusTile() | F.KingTile()), (A.TakeTile() | A.Skip())):
            return None
        case F.DieResources(), A.Skip():
            return None
        case F.DieResources(colour=colour), A.Substitute(resource=r):
            if r == colour:
                return f"the die already gives {RESOURCES[r]}", R_APPENDIX_HELPERS
            if substitute_helper(state, seat) < 0:
                return "you have no helper that changes the die's resources", R_APPENDIX_HELPERS
            return None
        case F.ActionOfChoice(), A.ChooseAction():
            return None
        case F.ResourcesOfChoice(), A.Gain():
            return None
        case F.PayIdentical(contract=kind), A.Pay(resource=r):
            g = state.game
            need = g.contract_identical[kind] + g.contract_pay[kind][r]
            if res[r] < need:
                return (
                    f"paying with {RESOURCES[r]} takes {need} {RESOURCES[r]} and you have {res[r]}",
                    R_APPENDIX_CONTRACTS,
                )
            return None
        case (
            (
                F.Move()
                | F.MoveBoth()
                | F.MoveAndPlace()
                | F.MoveAnywhere()
                | F.MerchantToAdjacentTown()
            ),
            A.Skip(),
        ):
            return None
        case (
            (
                F.Move()
                | F.MoveBoth()
                | F.MoveAndPlace()
                | F.MoveAnywhere()
                | F.MerchantToAdjacentTown()
            ),
            (A.MoveMerchant(spot=k) | A.MoveArchitect(spot=k)),
        ):
            figure = FIG_MERCHANT if isinstance(value, A.MoveMerchant) else FIG_ARCHITECT
            found = _bonus_move_problem(state, seat, top, figure, k)
            return None if found is None else (found, rule)
        case (
            (F.MoveAndPlace() | F.PlaceAtFigure() | F.HouseAnywhere() | F.PillarAnywhere()),
            (A.PlaceHouse() | A.PlacePillar()),
        ):
            found = _bonus_place_problem(state, seat, top, value)
            return None if found is None else (found, rule)
        case F.ChooseBuildingBonus(), A.Skip():
            return None
        case F.ChooseBuildingBonus(), A.ChooseBuilding(building=b):
            if not building_mask(state, seat, b):
                return f"building {b + 1} holds no character", rule
            return None
        case F.BuildingBonuses(), A.Skip():
            return None
        case F.BuildingBonuses(building=b, floors_left=floors), A.FloorBonus(floor=f):
            if f not in floors:
                return f"you already received the bonus of floor {f + 1} of that building", rule
            if not building_mask(state, seat, b) >> f & 1:
                return f"no character is on floor {f + 1} of building {b + 1}", rule
            return None
        case F.CompletedBuilding(actions=actions), A.ChooseAction(action=a):
            if a not in actions:
                return f"no character of that building shows the {ACTIONS[a]} action", rule
            return None
    return why, rule


def _bonus_move_problem(
    state: TiletumState, seat: int, top: Frame, figure: int, k: int
) -> str | None:
    """A figure moved by a bonus: the figure the bonus names, once, to where it allows
    (Appendix: Character tiles, Contracts, Crest placement bonuses)."""
    d = state.game.data
    mover = figure
    match top:
        case F.MerchantToAdjacentTown():
            mover = FIG_MERCHANT
        case F.MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
            if not (merchant if figure == FIG_MERCHANT else architect):
                return f"your {FIGURES[figure]} already moved for this bonus"
        case F.Move(figure=mover) | F.MoveAndPlace(figure=mover) | F.MoveAnywhere(figure=mover):
            pass
    if figure != mover:
        return f"this bonus moves your {FIGURES[mover]}, not your {FIGURES[figure]}"
    if isinstance(top, F.MoveAndPlace) and not top.may_move:
        return f"your {FIGURES[figure]} already moved for this bonus"
    here = _figure_spot(state, seat, figure)
    if k == here:
        return f"your {FIGURES[figure]} is already on {d.spot_names[k]}"
    if isinstance(top, F.MoveAnywhere):
        return None
    if isinstance(top, F.MerchantToAdjacentTown):
        if k not in d.adjacent_towns[here]:
            return f"{d.spot_names[k]} is not a town next to your merchant on {d.spot_names[here]}"
        return None
    if k not in d.adjacent[here]:
        return f"{d.spot_names[k]} is not next to your {FIGURES[figure]} on {d.spot_names[here]}"
    return None


def _bonus_place_problem(state: TiletumState, seat: int, top: Frame, value: Action) -> str | None:
    """A house or a pillar placed by a bonus: where the figure stands, or anywhere."""
    d = state.game.data
    is_house = isinstance(value, A.PlaceHouse)
    figure = FIG_MERCHANT if is_house else FIG_ARCHITECT
    anywhere = False
    match top:
        case F.HouseAnywhere():
            if not is_house:
                return "this bonus places a house, not a pillar"
            anywhere = True
        case F.PillarAnywhere():
            if is_house:
                return "this bonus places a pillar, not a house"
            anywhere = True
        case F.PlaceAtFigure(figure=wanted) | F.MoveAndPlace(figure=wanted):
            if wanted != figure:
                piece = "a house" if wanted == FIG_MERCHANT else "a pillar"
                return f"this bonus places {piece} where your {FIGURES[wanted]} is"
            if isinstance(top, F.MoveAndPlace) and not top.may_place:
                return "you already placed for this bonus"
    at = None if anywhere else d.spot_town[_figure_spot(state, seat, figure)]
    match value:
        case A.PlaceHouse(town=town, space=space):
            return _house_problem(state, seat, town, space, at)
        case A.PlacePillar(cathedral=c):
            return _pillar_problem(state, seat, c, at)
    return None


# ---- the rules of the map, the storehouse and the player board ------------------------------
def _figure_spot(state: TiletumState, seat: int, figure: int) -> int:
    return state.merchant[seat] if figure == FIG_MERCHANT else state.architect[seat]


def _step_problem(state: TiletumState, seat: int, figure: int, k: int) -> str | None:
    """One step of a figure, along a road to the next space (Architect, Merchant Action)."""
    d = state.game.data
    here = _figure_spot(state, seat, figure)
    if k == here:
        return f"your {FIGURES[figure]} is already on {d.spot_names[k]}"
    if k not in d.adjacent[here]:
        return f"{d.spot_names[k]} is not next to your {FIGURES[figure]} on {d.spot_names[here]}"
    return None


def _house_problem(
    state: TiletumState, seat: int, town: int, space: int, at_town: int | None
) -> str | None:
    """A house from the supply on a free house space used with this many players, one per
    town, in the merchant's town (``at_town``) unless a bonus places it anywhere (None)."""
    name = state.game.data.towns[town].name
    spaces = state.house_spaces[town]
    if space >= len(spaces):
        return f"{name} has no house space {space + 1}"
    if spaces[space] == F.INACTIVE:
        return (
            f"house space {space + 1} of {name} is not used with {state.game.num_players} players"
        )
    if spaces[space] != F.EMPTY:
        return f"house space {space + 1} of {name} is taken"
    if state.houses_in_supply[seat] <= 0:
        return "you have no house in your supply"
    if town in state.houses_on_map[seat]:
        return f"you already have a house in {name}"
    if at_town is not None and at_town != town:
        return f"your merchant is not in {name}"
    return None


def _pillar_problem(state: TiletumState, seat: int, c: int, at_town: int | None) -> str | None:
    """A pillar from the supply at an available cathedral with a free pillar space, one per
    cathedral, in the architect's town (``at_town``) unless a bonus places it anywhere."""
    d = state.game.data
    town = d.cathedrals[c].town
    name = d.towns[town].name
    if state.construction_costs[c] == d.unavailable_cost:
        return f"the cathedral of {name} is unavailable this game"
    if state.pillars_in_supply[seat] <= 0:
        return "you have no pillar in your supply"
    if c in state.pillars_on_map[seat]:
        return f"you already have a pillar at the cathedral of {name}"
    if F.EMPTY not in state.pillar_spaces[c]:
        return f"the cathedral of {name} has no empty pillar space"
    if at_town is not None and at_town != town:
        return f"your architect is not in {name}"
    return None


def _store_problem(state: TiletumState, seat: int, kind: int) -> Problem:
    """A tile taken goes into the storehouse: a free space; never a crest you have; a contract
    only with a contract space open for it (Bonus tiles and the Storehouse, Types of Tiles)."""
    g = state.game
    store = state.storehouse[seat]
    if len(store) >= g.data.storehouse_size:
        return "your storehouse is full", R_STOREHOUSE
    category = g.tile_category[kind]
    if category == CAT_CREST:
        crest = g.tile_crest[kind]
        if crest in state.crests[seat] or any(g.tile_crest[k] == crest for k in store):
            return f"you already have the {g.data.crest_names[crest]} crest", R_CRESTS
    elif category == CAT_CONTRACT:
        stored = sum(1 for k in store if g.tile_category[k] == CAT_CONTRACT)
        if stored >= g.n_contract_spaces - len(state.fulfilled_contracts[seat]):
            return "no open contract space is left for another contract", R_CONTRACTS
    return None


def _character_problem(state: TiletumState, seat: int, kind: int, room: int, ap: int) -> str | None:
    """A character from the storehouse into a free room, paying the room's floor in AP;
    characters of one illustration share a building (Character Action)."""
    g = state.game
    d = g.data
    if kind not in state.storehouse[seat]:
        return f"{d.kinds[kind].name} is not in your storehouse"
    rooms = state.rooms[seat]
    b, floor = g.room_building[room], g.room_floor[room]
    if rooms[room] >= 0:
        return f"the floor {floor} room of building {b + 1} is taken"
    if floor > ap:
        return f"a floor {floor} room costs {floor} AP and you have {ap}"
    illustration = g.tile_illustration[kind]
    for i, k in enumerate(rooms):
        if k >= 0 and g.tile_illustration[k] == illustration and g.room_building[i] != b:
            return (
                f"building {g.room_building[i] + 1} already holds a "
                f"{d.illustration_names[illustration]}: matching characters go into the same "
                "building"
            )
    return None


# ---- the queries the rules ask too --------------------------------------------------------
def can_store(state: TiletumState, seat: int, kind: int) -> bool:
    """Storehouse rules: a free space; never a crest you have; a contract needs a space."""
    g = state.game
    store = state.storehouse[seat]
    if len(store) >= g.data.storehouse_size:
        return False
    cat = g.tile_category[kind]
    if cat == CAT_CREST:
        crest = g.tile_crest[kind]
        if crest in state.crests[seat]:
            return False
        for k in store:
            if g.tile_crest[k] == crest:
                return False
    elif cat == CAT_CONTRACT:
        stored = 0
        for k in store:
            if g.tile_category[k] == CAT_CONTRACT:
                stored += 1
        if stored >= g.n_contract_spaces - len(state.fulfilled_contracts[seat]):
            return False
    return True


def can_house(state: TiletumState, seat: int, town: int) -> bool:
    if state.houses_in_supply[seat] <= 0 or town in state.houses_on_map[seat]:
        return False
    return EMPTY in state.house_spaces[town]


def can_pillar(state: TiletumState, seat: int, cathedral: int) -> bool:
    if state.pillars_in_supply[seat] <= 0 or cathedral in state.pillars_on_map[seat]:
        return False
    return EMPTY in state.pillar_spaces[cathedral]


def can_place_here(state: TiletumState, seat: int, figure: int) -> bool:
    d = state.game.data
    if figure == FIG_MERCHANT:
        town = d.spot_town[state.merchant[seat]]
        return town >= 0 and can_house(state, seat, town)
    town = d.spot_town[state.architect[seat]]
    if town < 0:
        return False
    c = d.towns[town].cathedral
    return c >= 0 and can_pillar(state, seat, c)


def building_mask(state: TiletumState, seat: int, b: int) -> int:
    """Floors (bit f-1) of building ``b`` that hold a character."""
    rooms = state.rooms[seat]
    mask = 0
    for f, i in enumerate(state.game.rooms[b]):
        if rooms[i] >= 0:
            mask |= 1 << f
    return mask


def is_full(state: TiletumState, seat: int, b: int) -> bool:
    rooms = state.rooms[seat]
    for i in state.game.rooms[b]:
        if rooms[i] < 0:
            return False
    return True


def character_rooms(state: TiletumState, seat: int, kind: int) -> list[int]:
    """The rooms a character may go into: free, and in the building that holds its
    illustration if one does, never another (Character Action); any floor, paying that
    floor in AP."""
    g = state.game
    illustration = g.tile_illustration
    rb = g.room_building
    rooms = state.rooms[seat]
    mine = illustration[kind]
    held = -1  # the building holding the illustration
    for i, k in enumerate(rooms):
        if k >= 0 and illustration[k] == mine:
            if held >= 0 and rb[i] != held:
                return []
            held = rb[i]
    if held < 0:
        return [r for r, k in enumerate(rooms) if k < 0]
    return [r for r in g.rooms[held] if rooms[r] < 0]


def can_fulfil(state: TiletumState, seat: int, kind: int) -> bool:
    """An open contract space and the resources the contract asks (Tasks)."""
    g = state.game
    if len(state.fulfilled_contracts[seat]) >= g.n_contract_spaces:
        return False
    res = state.resources[seat]
    pay = g.contract_pay[kind]
    for r in range(5):
        if res[r] < pay[r]:
            return False
    same = g.contract_identical[kind]
    return not same or any(res[r] >= same + pay[r] for r in range(5))


def pay_choices(state: TiletumState, seat: int, kind: int) -> list[int]:
    """Resource types that can pay a contract's identical resources "of your choice"
    (Appendix: Contracts): any type, the contract's fixed type too if enough is left."""
    g = state.game
    pay = g.contract_pay[kind]
    same = g.contract_identical[kind]
    res = state.resources[seat]
    return [r for r in range(5) if res[r] >= same + pay[r]]


def can_use_helper(state: TiletumState, seat: int, kind: int) -> bool:
    fx = state.game.helper_ability[kind]
    if fx == FX_SUBSTITUTE:
        return False
    if fx == FX_ADD_AP:
        return die_frame(state) >= 0
    if fx == FX_BUILDING_BONUS:
        return any(building_mask(state, seat, b) for b in range(5))
    return True


def can_contribute(state: TiletumState, seat: int, c: int) -> bool:
    if c not in state.pillars_on_map[seat] or c in state.cathedral_tiles[seat]:
        return False
    if state.cathedral_tiles_left[c] <= 0:
        return False
    return state.resources[seat][STONE] >= state.game.data.cost_stone[state.construction_costs[c]]


def substitute_helper(state: TiletumState, seat: int) -> int:
    fx = state.game.helper_ability
    for k in state.storehouse[seat]:
        if fx[k] == FX_SUBSTITUTE:
            return k
    return -1


def die_frame(state: TiletumState) -> int:
    """Where on the stack the die's action is being performed (-1: it is not)."""
    for i, frame in enumerate(state.stack):
        if type(frame) is PerformAction and frame.from_die:
            return i
    return -1


# ---- the fast generator ----------------------------------------------------------------------
def legal_actions(state: TiletumState) -> list[int]:
    """The fast path: only the candidates of the chance event or decision on top. The
    rules are stated once in :mod:`towers.games.tiletum.legality`, and the tests hold this
    generator to its ``legal_by_rules`` on random games."""
    if state.chance_events:
        event = state.chance_events[0]
        if type(event) is TileDraw:
            counts = state.piles[event.pile].counts
            lo, hi = state.game.pile_range[event.pile]
            return [A.DRAW + k for k in range(lo, hi) if counts[k]]
        out = [a for a, _ in state._chance_outcomes()]
        out.sort()
        return out
    top = state.stack[-1]
    seat = state.active_player
    out = []
    # the two decisions of most states first, by type, ahead of the match below
    if type(top) is PerformAction:
        _gen_frame(state, seat, top, out)
        _gen_tasks(state, seat, out)
        out.append(A.END_TURN if top.from_die else A.STOP)
        out.sort()
        return out
    if type(top) is Turn:
        for v in range(6):
            row = state.wheel_dice[v]
            for c in range(5):
                if row[c]:
                    out.append(A.TAKE_DIE + v * 5 + c)
        _gen_tasks(state, seat, out)
        out.sort()
        return out
    if type(top) is ChooseDieValue:  # at every die taken
        steps = _DIE_STEPS[top.value]
        gold = state.resources[seat][GOLD]
        cost = state.game.data.die_change_cost
        for w in range(1, 7):
            if cost * steps[w] <= gold:
                out.append(A.SET_VALUE + w - 1)
        return out
    match top:
        case ActionBonusTile() | KingTile():
            out.append(A.TAKE_TILE)
            out.append(A.SKIP)
        case DieResources(colour=colour):
            out.extend([A.SUBSTITUTE + r for r in range(5) if r != colour])
            out.append(A.SKIP)
        case ActionOfChoice():
            out.extend([A.CHOOSE_ACTION + a for a in range(5)])
        case ResourcesOfChoice():
            out.extend([A.GAIN + r for r in range(5)])
        case PayIdentical(contract=contract):
            out.extend([A.PAY + r for r in pay_choices(state, seat, contract)])
        case Move(figure=figure):
            _gen_moves(state, seat, figure, out)
            out.append(A.SKIP)
        case MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
            if architect:
                _gen_moves(state, seat, FIG_ARCHITECT, out)
            if merchant:
                _gen_moves(state, seat, FIG_MERCHANT, out)
            out.append(A.SKIP)
        case MoveAndPlace(figure=figure, may_move=may_move, may_place=may_place):
            if may_move:
                _gen_moves(state, seat, figure, out)
            if may_place:
                _gen_place_here(state, seat, figure, out)
            out.append(A.SKIP)
        case PlaceAtFigure(figure=figure):
            _gen_place_here(state, seat, figure, out)
        case HouseAnywhere():
            for t in range(A.N_TOWNS):
                if can_house(state, seat, t):
                    _gen_house_spaces(state, t, out)
        case PillarAnywhere():
            out.extend([A.PILLAR + c for c in range(A.N_CATHEDRALS) if can_pillar(state, seat, c)])
        case MoveAnywhere(figure=figure):
            here = state.merchant[seat] if figure == FIG_MERCHANT else state.architect[seat]
            base = A.MOVE_MERCHANT if figure == FIG_MERCHANT else A.MOVE_ARCHITECT
            out.extend([base + s for s in range(A.N_SPOTS) if s != here])
            out.append(A.SKIP)
        case MerchantToAdjacentTown():
            spots = state.game.data.adjacent_towns[state.merchant[seat]]
            out.extend([A.MOVE_MERCHANT + t for t in spots])
            out.append(A.SKIP)
        case ChooseBuildingBonus():
            out.extend([A.BUILDING + b for b in range(5) if building_mask(state, seat, b)])
            out.append(A.SKIP)
        case BuildingBonuses(building=b, floors_left=floors):
            mask = building_mask(state, seat, b)
            out.extend([A.FLOOR_BONUS + f for f in floors if mask >> f & 1])
            out.append(A.SKIP)
        case CompletedBuilding(actions=actions):
            out.extend([A.CHOOSE_ACTION + a for a in actions])
    out.sort()
    return out


def _gen_moves(state: TiletumState, seat: int, figure: int, out: list[int]) -> None:
    adj = state.game.data.adjacent
    if figure == FIG_MERCHANT:
        out.extend([A.MOVE_MERCHANT + s for s in adj[state.merchant[seat]]])
    else:
        out.extend([A.MOVE_ARCHITECT + s for s in adj[state.architect[seat]]])


def _gen_house_spaces(state: TiletumState, town: int, out: list[int]) -> None:
    base = A.HOUSE + town * A.MAX_HOUSE_SPACES
    for k, owner in enumerate(state.house_spaces[town]):
        if owner == EMPTY:
            out.append(base + k)


def _gen_place_here(state: TiletumState, seat: int, figure: int, out: list[int]) -> None:
    d = state.game.data
    if figure == FIG_MERCHANT:
        town = d.spot_town[state.merchant[seat]]
        if town >= 0 and can_house(state, seat, town):
            _gen_house_spaces(state, town, out)
    else:
        town = d.spot_town[state.architect[seat]]
        if town >= 0:
            c = d.towns[town].cathedral
            if c >= 0 and can_pillar(state, seat, c):
                out.append(A.PILLAR + c)


def _gen_map_tiles(state: TiletumState, seat: int, town: int, out: list[int]) -> None:
    base = A.MAP_TILE + town * A.MAX_BONUS_SPACES
    for k, tile in enumerate(state.map_bonus_tiles[town]):
        if tile >= 0 and can_store(state, seat, tile):
            out.append(base + k)


def _gen_frame(state: TiletumState, seat: int, top: PerformAction, out: list[int]) -> None:
    action, ap = top.action, top.action_points
    if ap <= 0:
        return
    g = state.game
    d = g.data
    if action == ARCHITECT or action == MERCHANT:
        figure = FIG_ARCHITECT if action == ARCHITECT else FIG_MERCHANT
        _gen_moves(state, seat, figure, out)
        _gen_place_here(state, seat, figure, out)
        spot = state.architect[seat] if action == ARCHITECT else state.merchant[seat]
        town = d.spot_town[spot]
        if town >= 0:
            _gen_map_tiles(state, seat, town, out)
    elif action == CHARACTER:
        offer = state.character_offer
        if ap >= d.character_take_cost:
            for i, k in enumerate(offer):
                if k >= 0 and can_store(state, seat, k):
                    out.append(A.TAKE_CHARACTER + i)
            # a character on offer, or one left in the pile (no generator: the twin compiles)
            can_refresh = False
            for k in offer:
                if k >= 0:
                    can_refresh = True
                    break
            if can_refresh or any(state.piles[PILE_CHARACTER].counts):
                out.append(A.REFRESH)
        seen = set()
        floor = g.room_floor
        n_rooms = g.n_rooms
        for k in state.storehouse[seat]:
            if g.tile_category[k] != CAT_CHARACTER or k in seen:
                continue
            seen.add(k)
            base = A.PLACE_CHARACTER + k * n_rooms
            for r in character_rooms(state, seat, k):
                if floor[r] <= ap:
                    out.append(base + r)
    elif action == CONTRACT:
        costs = d.contract_offer_costs
        for i, k in enumerate(state.contract_offer):
            if k >= 0 and costs[i] <= ap and can_store(state, seat, k):
                out.append(A.TAKE_CONTRACT + i)
        if ap >= d.exchange_cost:
            res = state.resources[seat]
            for give in range(5):
                if res[give]:
                    base = A.EXCHANGE + give * 4
                    out.extend(range(base, base + 4))
    elif action == KING:
        if state.king_track[seat] < len(d.king_track) - 1:
            out.append(A.ADVANCE)


def _gen_tasks(state: TiletumState, seat: int, out: list[int]) -> None:
    """The tasks of the turn (appended in any order: the callers sort); the rules of each are
    can_fulfil, the crest's rooms, can_use_helper and can_contribute, inlined."""
    g = state.game
    d = g.data
    res = state.resources[seat]
    if res[GOLD] >= d.buy_cost:
        out.extend(range(A.BUY, A.BUY + 4))
    store = state.storehouse[seat]
    if store:
        category = g.tile_category
        # a kind stored twice gives its tasks once
        for k in set(store) if len(store) > 1 else store:
            cat = category[k]
            if cat == CAT_CONTRACT:
                if len(state.fulfilled_contracts[seat]) >= g.n_contract_spaces:
                    continue
                pay = g.contract_pay[k]
                if (
                    res[0] >= pay[0]
                    and res[1] >= pay[1]
                    and res[2] >= pay[2]
                    and res[3] >= pay[3]
                    and res[4] >= pay[4]
                ):
                    same = g.contract_identical[k]
                    if not same:
                        out.append(A.fulfil(k))
                        continue
                    for r in range(5):
                        if res[r] >= same + pay[r]:
                            out.append(A.fulfil(k))
                            break
            elif cat == CAT_CREST:
                crests = state.crests[seat]
                food = res[FOOD]
                base = A.CREST + g.tile_crest[k] * A.N_BUILDINGS
                for s, bld in enumerate(d.buildings):
                    if crests[s] < 0 and food >= bld.crest_cost:
                        out.append(base + s)
            elif cat == CAT_HELPER:
                if can_use_helper(state, seat, k):
                    out.append(A.use_helper(k))
    pillars = state.pillars_on_map[seat]
    if pillars:
        taken = state.cathedral_tiles[seat]
        left = state.cathedral_tiles_left
        stone = res[STONE]
        cost_stone = d.cost_stone
        costs = state.construction_costs
        for c in pillars:
            if c not in taken and left[c] > 0 and stone >= cost_stone[costs[c]]:
                out.append(A.CONTRIBUTE + c)
