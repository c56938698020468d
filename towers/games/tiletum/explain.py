"""Why an action is not allowed now, with the rulebook section that forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.core.frames import Frame
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.data import (
    ACTIONS,
    ARCHITECT,
    CAT_CONTRACT,
    CAT_CREST,
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

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

R_ACTION_PHASE = "Playing the Game: Action phase"
R_STOREHOUSE = "Bonus tiles and the Storehouse"
R_TASKS = "Tasks"
R_SECTION = {
    ARCHITECT: "Actions in Detail: Architect Action",
    MERCHANT: "Actions in Detail: Merchant Action",
    CHARACTER: "Actions in Detail: Character Action",
    CONTRACT: "Actions in Detail: Contract Action",
    KING: "Actions in Detail: King Action",
}

TASKS = A.TASKS
FRAME_OPTIONS: dict[int, tuple[type[Action], ...]] = {
    ARCHITECT: (A.MoveArchitect, A.PlacePillar, A.TakeBonusTile),
    MERCHANT: (A.MoveMerchant, A.PlaceHouse, A.TakeBonusTile),
    CHARACTER: (A.TakeCharacter, A.RefreshCharacters, A.PlaceCharacter),
    CONTRACT: (A.TakeContract, A.Exchange),
    KING: (A.AdvanceKing,),
}
"""The options of each action (Actions in Detail)."""


def explain(state: TiletumState, action: int) -> tuple[str, str]:
    value = A.SPACE.decode(action)
    if state.chance_events:
        return (
            "a chance event is being resolved now; only its outcomes are allowed",
            _chance_rule(state),
        )
    if value.CHANCE:
        return "only chance draws tiles, dice and tokens", _chance_rule(state)
    if not state.stack:
        return "nobody decides now", "Playing the Game"
    seat = state.active_player
    top = state.stack[-1]
    if isinstance(top, F.Turn):
        match value:
            case A.TakeDie(value=v, colour=c):
                return (
                    f"no {A.COLOURS[c]} die of value {v + 1} is on the wheel",
                    R_ACTION_PHASE,
                )
            case A.Buy() | A.Fulfil() | A.PlaceCrest() | A.Contribute() | A.UseHelper():
                return _task_why(state, seat, value)
            case A.EndTurn():
                return "a turn starts by taking a die and performing its action", R_ACTION_PHASE
        return "first take a die from the Action Wheel (or do a task)", R_ACTION_PHASE
    if isinstance(top, F.PerformAction):
        action_kind, ap = top.action, top.action_points
        match value:
            case A.Buy() | A.Fulfil() | A.PlaceCrest() | A.Contribute() | A.UseHelper():
                return _task_why(state, seat, value)
            case A.EndTurn():
                return (
                    "finish the action given by a tile or bonus first ('stop action')",
                    R_ACTION_PHASE,
                )
            case A.StopAction():
                return "the die's action ends with the turn ('end turn')", R_ACTION_PHASE
            case A.TakeDie():
                return "you already took this turn's die", R_ACTION_PHASE
        if not isinstance(value, FRAME_OPTIONS[action_kind]):
            return (
                f"you are performing the {ACTIONS[action_kind]} action; that is not one of its options",
                R_SECTION[action_kind],
            )
        return _frame_why(state, seat, action_kind, ap, value)
    return _decision_why(state, seat, top, value)


def _chance_rule(state: TiletumState) -> str:

    if not state.chance_events:
        return "Game Setup"
    event = state.chance_events[0]
    if isinstance(event, F.DieDraw | F.DieRoll):
        return "Playing the Game: Preparation phase"
    if isinstance(event, F.CorruptionReveal):
        return R_ACTION_PHASE
    return "Game Setup"


def _store_why(state: TiletumState, seat: int, kind: int) -> str | None:
    """Why ``kind`` cannot go into the seat's storehouse, or None."""
    g = state.game
    store = state.storehouse[seat]
    if len(store) >= g.data.storehouse_size:
        return "your storehouse is full"
    cat = g.tile_category[kind]
    if cat == CAT_CREST:
        crest = g.tile_crest[kind]
        if crest in state.crests[seat] or any(g.tile_crest[x] == crest for x in store):
            return f"you already have the {g.data.crest_ids[crest]} crest"
    if cat == CAT_CONTRACT:
        stored = sum(1 for x in store if g.tile_category[x] == CAT_CONTRACT)
        if stored >= g.n_contract_spaces - len(state.fulfilled_contracts[seat]):
            return "no open contract space is left for another contract"
    return None


def _store_rule(state: TiletumState, kind: int) -> str:
    cat = state.game.tile_category[kind]
    if cat == CAT_CREST:
        return "Types of Tiles: Crests"
    if cat == CAT_CONTRACT:
        return "Types of Tiles: Contracts"
    return R_STOREHOUSE


def _figure_spot(state: TiletumState, seat: int, figure: int) -> int:
    return state.merchant[seat] if figure == FIG_MERCHANT else state.architect[seat]


def _house_why(state: TiletumState, seat: int, town: int, space: int, at_town: int | None) -> str:
    d = state.game.data
    name = d.towns[town].name
    if space >= len(state.house_spaces[town]):
        return f"{name} has no house space {space + 1}"
    if state.house_spaces[town][space] == -2:
        return (
            f"house space {space + 1} of {name} is not used with {state.game.num_players} players"
        )
    if state.house_spaces[town][space] >= 0:
        return f"house space {space + 1} of {name} is taken"
    if state.houses_in_supply[seat] <= 0:
        return "you have no house in your supply"
    if town in state.houses_on_map[seat]:
        return f"you already have a house in {name}"
    if at_town is not None and at_town != town:
        return f"your merchant is not in {name}"
    return "no house can be placed now"


def _pillar_why(state: TiletumState, seat: int, c: int, at_town: int | None) -> str:
    d = state.game.data
    town = d.cathedrals[c].town
    name = d.towns[town].name
    if state.construction_costs[c] == d.unavailable_cost:
        return f"the cathedral of {name} is unavailable this game"
    if state.pillars_in_supply[seat] <= 0:
        return "you have no pillar in your supply"
    if c in state.pillars_on_map[seat]:
        return f"you already have a pillar at the cathedral of {name}"
    if -1 not in state.pillar_spaces[c]:
        return f"the cathedral of {name} has no empty pillar space"
    if at_town is not None and at_town != town:
        return f"your architect is not in {name}"
    return "no pillar can be placed now"


def _frame_why(
    state: TiletumState, seat: int, action_kind: int, ap: int, value: Action
) -> tuple[str, str]:
    g = state.game
    d = g.data
    rule = R_SECTION[action_kind]
    if ap <= 0:
        return "you have no action points left", rule
    match value:
        case A.MoveMerchant(spot=k) | A.MoveArchitect(spot=k):
            figure = FIG_MERCHANT if isinstance(value, A.MoveMerchant) else FIG_ARCHITECT
            here = _figure_spot(state, seat, figure)
            if k == here:
                return f"your {FIGURES[figure]} is already on {d.spot_names[k]}", rule
            return (
                f"{d.spot_names[k]} is not next to your {FIGURES[figure]} on {d.spot_names[here]}",
                rule,
            )
        case A.PlaceHouse(town=town, space=space):
            at = d.spot_town[state.merchant[seat]]
            return _house_why(state, seat, town, space, at), rule
        case A.PlacePillar(cathedral=c):
            at = d.spot_town[state.architect[seat]]
            return _pillar_why(state, seat, c, at), rule
        case A.TakeBonusTile(town=town, space=space):
            figure = FIG_ARCHITECT if action_kind == ARCHITECT else FIG_MERCHANT
            if d.spot_town[_figure_spot(state, seat, figure)] != town:
                return f"your {FIGURES[figure]} is not in {d.towns[town].name}", rule
            if space >= len(state.map_bonus_tiles[town]) or state.map_bonus_tiles[town][space] < 0:
                return f"no bonus tile lies on that space of {d.towns[town].name}", rule
            tile = state.map_bonus_tiles[town][space]
            return _store_why(state, seat, tile) or "not allowed now", _store_rule(state, tile)
        case A.TakeCharacter(space=k):
            tile = state.character_offer[k]
            if tile < 0:
                return f"character offer space {k + 1} is empty", rule
            return _store_why(state, seat, tile) or "not allowed now", R_STOREHOUSE
        case A.RefreshCharacters():
            return "there are no character tiles to refresh", rule
        case A.PlaceCharacter(character=kind, room=room):
            b, floor = g.room_building[room], g.room_floor[room]
            if kind not in state.storehouse[seat]:
                return f"{d.kinds[kind].id} is not in your storehouse", rule
            if state.rooms[seat][room] >= 0:
                return f"the floor {floor} room of building {b + 1} is taken", rule
            if floor > ap:
                return f"a floor {floor} room costs {floor} AP and you have {ap}", rule
            return (
                f"another building already holds a {d.illustrations[g.tile_illustration[kind]]}: matching "
                "characters must go into the same building",
                rule,
            )
        case A.TakeContract(space=k):
            tile = state.contract_offer[k]
            if tile < 0:
                return f"contract offer space {k + 1} is empty", rule
            cost = d.contract_offer_costs[k]
            if cost > ap:
                return f"that contract costs {cost} AP and you have {ap}", rule
            return _store_why(state, seat, tile) or "not allowed now", _store_rule(state, tile)
        case A.Exchange(give=give):
            return f"you have no {RESOURCES[give]} to exchange", rule
        case A.AdvanceKing():
            return "your marker is on +15, the top of the King track", rule
    return "not allowed now", rule


def _task_why(state: TiletumState, seat: int, value: Action) -> tuple[str, str]:
    g = state.game
    d = g.data
    res = state.resources[seat]
    store = state.storehouse[seat]
    match value:
        case A.Buy():
            return f"buying costs {d.buy_cost} gold and you have {res[GOLD]}", R_TASKS
        case A.Fulfil(tile=kind):
            if kind not in store:
                return f"{d.kinds[kind].id} is not in your storehouse", R_TASKS
            return f"you lack the resources that {d.kinds[kind].id} asks", "Appendix: Contracts"
        case A.PlaceCrest(crest=crest, space=space):
            if d.crest_kind[crest] not in store:
                return f"no {d.crest_ids[crest]} crest is in your storehouse", R_TASKS
            if state.crests[seat][space] >= 0:
                return f"crest space {space + 1} is taken", R_TASKS
            cost = d.buildings[space].crest_cost
            return f"crest space {space + 1} costs {cost} food and you have {res[FOOD]}", (
                "Appendix: Crest placement bonuses"
            )
        case A.Contribute(cathedral=k):
            town = d.towns[d.cathedrals[k].town].name
            if k not in state.pillars_on_map[seat]:
                return f"you have no pillar at the cathedral of {town}", R_TASKS
            if k in state.cathedral_tiles[seat]:
                return f"you have already contributed to the cathedral of {town}", R_TASKS
            if state.cathedral_tiles_left[k] <= 0:
                return f"no cathedral tile is left in {town}", R_TASKS
            cost = d.cost_stone[state.construction_costs[k]]
            return f"it costs {cost} stone and you have {res[STONE]}", R_TASKS
        case A.UseHelper(tile=kind):
            if kind not in store:
                return f"{d.kinds[kind].id} is not in your storehouse", R_TASKS
            fx = g.helper_ability[kind]
            if fx == FX_SUBSTITUTE:
                return "this helper is used when choosing a die, as you take its resources", (
                    "Appendix: Helper abilities"
                )
            if fx == FX_ADD_AP:
                return "extra AP go to the action of your chosen die, which is not open now", (
                    "Appendix: Helper abilities"
                )
            if fx == FX_BUILDING_BONUS:
                return "none of your buildings holds a character yet", "Appendix: Helper abilities"
    return "helpers are used during your turn", "Types of Tiles: Helpers"


WANTED: dict[type[Frame], tuple[str, str]] = {
    F.ChooseDieValue: ("set the chosen die's value first", R_ACTION_PHASE),
    F.ActionBonusTile: ("take the action's bonus tile or skip it first", R_ACTION_PHASE),
    F.KingTile: ("take or discard the King track's bonus tile", "Playing the Game: King phase"),
    F.DieResources: ("take the die's resources first", R_ACTION_PHASE),
    F.ActionOfChoice: ("choose the action to perform first", "Actions in Detail: Joker Action"),
    F.ResourcesOfChoice: ("choose the resource you gain first", R_TASKS),
    F.PayIdentical: ("choose which resource pays the contract first", "Appendix: Contracts"),
    F.Move: ("move the figure or skip first", "Appendix: Character tiles"),
    F.MoveBoth: ("move the figures or skip first", "Appendix: Character tiles"),
    F.MoveAndPlace: ("move, place or skip first", "Appendix: Character tiles"),
    F.PlaceAtFigure: ("place where your figure is first", "Appendix: Character tiles"),
    F.HouseAnywhere: ("place a house in a town first", "Appendix: Crest placement bonuses"),
    F.PillarAnywhere: ("place a pillar at a cathedral first", "Appendix: Crest placement bonuses"),
    F.MoveAnywhere: ("move the figure to a space first", "Appendix: Crest placement bonuses"),
    F.MerchantToAdjacentTown: (
        "move the merchant to an adjacent town first",
        "Appendix: Contracts",
    ),
    F.ChooseBuildingBonus: (
        "choose a building for its character bonuses first",
        "Appendix: Game board",
    ),
    F.BuildingBonuses: (
        "choose a character bonus of the building or stop",
        "Appendix: Game board",
    ),
    F.CompletedBuilding: (
        "choose the action your completed building strengthens",
        "Player Boards — Completed Buildings",
    ),
}
"""What each pending decision asks for first."""


def _decision_why(state: TiletumState, seat: int, top: Frame, value: Action) -> tuple[str, str]:
    d = state.game.data
    why, rule = WANTED[type(top)]
    match value, top:
        case A.SetValue(value=v), F.ChooseDieValue(value=shown):
            cost = d.die_change_cost * min(abs(v + 1 - shown), 6 - abs(v + 1 - shown))
            return (
                f"changing the die from {shown} to {v + 1} costs {cost} gold and you have "
                f"{state.resources[seat][GOLD]}",
                R_ACTION_PHASE,
            )
        case A.Substitute(resource=r), F.DieResources():
            return f"the die already gives {RESOURCES[r]}", "Appendix: Helper abilities"
        case A.Pay(resource=r), F.PayIdentical():
            return f"you cannot pay those resources with {RESOURCES[r]}", "Appendix: Contracts"
        case (
            (A.MoveMerchant(spot=k) | A.MoveArchitect(spot=k)),
            (
                F.Move()
                | F.MoveBoth()
                | F.MoveAndPlace()
                | F.MerchantToAdjacentTown()
                | F.MoveAnywhere()
            ),
        ):
            figure = FIG_MERCHANT if isinstance(value, A.MoveMerchant) else FIG_ARCHITECT
            here = _figure_spot(state, seat, figure)
            match top:
                case F.MerchantToAdjacentTown():
                    mover = FIG_MERCHANT
                case F.MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
                    mover = figure
                    if not (merchant if figure == FIG_MERCHANT else architect):
                        return f"your {FIGURES[figure]} already moved for this bonus", rule
                case (
                    F.Move(figure=mover)
                    | F.MoveAndPlace(figure=mover)
                    | F.MoveAnywhere(figure=mover)
                ):
                    pass
            if figure != mover:
                return (
                    f"this bonus moves your {FIGURES[mover]}, not your {FIGURES[figure]}",
                    rule,
                )
            if isinstance(top, F.MoveAndPlace) and not top.may_move:
                return f"your {FIGURES[figure]} already moved for this bonus", rule
            if k == here:
                return f"your {FIGURES[figure]} is already on {d.spot_names[k]}", rule
            if isinstance(top, F.MerchantToAdjacentTown):
                return (
                    f"{d.spot_names[k]} is not a town next to your merchant on {d.spot_names[here]}",
                    rule,
                )
            return (
                f"{d.spot_names[k]} is not next to your {FIGURES[figure]} on {d.spot_names[here]}",
                rule,
            )
        case A.PlaceHouse(town=town, space=space), (
            F.PlaceAtFigure() | F.HouseAnywhere() | F.MoveAndPlace()
        ):
            at = None if isinstance(top, F.HouseAnywhere) else d.spot_town[state.merchant[seat]]
            return _house_why(state, seat, town, space, at), rule
        case A.PlacePillar(cathedral=c), (
            F.PlaceAtFigure() | F.PillarAnywhere() | F.MoveAndPlace()
        ):
            at = None if isinstance(top, F.PillarAnywhere) else d.spot_town[state.architect[seat]]
            return _pillar_why(state, seat, c, at), rule
        case A.ChooseBuilding(building=b), F.ChooseBuildingBonus():
            return f"building {b + 1} holds no character", rule
        case A.FloorBonus(floor=f), F.BuildingBonuses():
            return f"no unused character bonus on floor {f + 1} of that building", rule
        case A.ChooseAction(action=a), F.CompletedBuilding():
            return f"no character of that building shows the {ACTIONS[a]} action", rule
        case A.TakeTile(), F.KingTile():
            return _store_why(state, seat, state.king_tile) or why, R_STOREHOUSE
    return why, rule
