"""Tiletum explained: how the game goes, what each component does, the rulebook sections the
refusals cite, the log's chapters and words, and a finished game's score by category.

The tiles, towns, fair tiles, buildings, dice and resources are described from their data
(a tile's effects, a town's spaces, a fair tile's condition and VP); the actions, tracks,
figures and parts of the board from ``data/help.toml``. Everything here reads the state and
the data; nothing changes a game.

>>> import towers
>>> game = towers.make("tiletum", players=2)
>>> [t.text for t in glossary(game) if t.name == "Smith (1 iron)"][0][:58]
'Character tile (Smith). Placed in a Room it gives at once:'
>>> chapter(game.new_initial_state())
''
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from towers.core.views import Ending, Topic
from towers.core.words import and_list, plural
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum import legality as L
from towers.games.tiletum.data import (
    ACTIONS,
    CAT_CHARACTER,
    CAT_CONTRACT,
    CAT_CREST,
    CAT_HELPER,
    FAIR_CONDITIONS,
    FAIR_KING,
    FIGURES,
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
    FX_SUBSTITUTE,
    FX_TOWN_MOVE,
    FX_VP,
    JOKER,
    RESOURCES,
    Effect,
    TileKind,
    TiletumData,
    load,
    load_help,
)
from towers.games.tiletum.rules import TiletumState

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumGame

D = load()


# ---- names ------------------------------------------------------------------------------------
SEAT_COLOURS = ("red", "blue", "green", "yellow")
"""Each seat's colour, as the board draws its pieces (the rulebook lets the players choose a
colour each and names none; these are the project's, in seat order)."""


def seat_name(seat: int) -> str:
    """The seat as every screen names it: its colour, capitalised ("Blue")."""
    return SEAT_COLOURS[seat].capitalize()


def action_name(action: int) -> str:
    """An action as printed: "Merchant Action", "King Action"."""
    return f"{ACTIONS[action].capitalize()} Action"


def resource_name(resource: int) -> str:
    return RESOURCES[resource].capitalize()


def figure_name(figure: int) -> str:
    return FIGURES[figure].capitalize()


def tile_label(kind: int) -> str:
    """A tile with what sort it is, where its name alone may not say ("contract 2 iron for 2
    points", "helper +2 action points"); a character's and a crest's names say it."""
    k = D.kinds[kind]
    if k.category == CAT_CONTRACT:
        return f"contract {k.name}"
    if k.category == CAT_HELPER:
        return f"helper {k.name}"
    return k.name


def town_name(town: int) -> str:
    return D.towns[town].name


def cathedral_town(cathedral: int) -> str:
    return D.towns[D.cathedrals[cathedral].town].name


# ---- effects in words -------------------------------------------------------------------------
def _article(words: str) -> str:
    """``words`` after "a" or "an" as it sounds: "an Architect Action", "a King Action"."""
    return f"{'an' if words[0].lower() in 'aeiou' else 'a'} {words}"


def _ap(n: int) -> str:
    return plural(n, "Action Point")


def effect_words(effect: Effect) -> str:
    """One printed effect (a character's bonus, a helper's ability, a contract's benefit, a
    player board bonus) as a clause: "gain 2 Iron", "take a King Action with 2 Action Points"."""
    code, a, b = effect
    if code == FX_VP:
        return f"score {a} VP"
    if code == FX_GAIN:
        return f"gain {b} {resource_name(a)}"
    if code == FX_ANY:
        return f"gain {plural(a, 'Resource')} of your choice"
    if code == FX_ACTION:
        which = "an action of your choice (not the Joker)" if a < 0 else _article(action_name(a))
        return f"take {which} with {_ap(b)}"
    if code == FX_MOVE:
        times = "" if b == 1 else (" twice" if b == 2 else f" {b} times")
        return f"you may move your {figure_name(a)} to an adjacent space{times}"
    if code == FX_MOVE_BOTH:
        return "you may move your Architect and your Merchant to an adjacent space, once each"
    if code == FX_MOVE_PLACE:
        if a == FIGURES.index("merchant"):
            return (
                "you may move your Merchant to an adjacent space and you may place a House "
                "where it stands, in either order"
            )
        return (
            "you may move your Architect to an adjacent space and you may place a Pillar at "
            "the Cathedral where it stands, in either order"
        )
    if code == FX_PLACE:
        if a == FIGURES.index("merchant"):
            return (
                "place a House in the Town where your Merchant stands, if you have none there "
                "and a House space is free"
            )
        return (
            "place a Pillar at the Cathedral of the Town where your Architect stands, if you "
            "have none there and a Pillar space is free"
        )
    if code == FX_KING:
        return f"advance {plural(a, 'space')} on the King track"
    if code == FX_TOWN_MOVE:
        return "you may move your Merchant to an adjacent Town"
    if code == FX_ADD_AP:
        return f"add {_ap(a)} to the action of the die you took this turn"
    if code == FX_SUBSTITUTE:
        return "as you take a die, take its Resources as another type of your choice"
    if code == FX_BUILDING_BONUS:
        return "choose one of your Buildings holding a Character and gain each of its bonuses once"
    if code == FX_HOUSE_ANYWHERE:
        return (
            "place a House from your supply in any Town with a free House space and none of yours"
        )
    if code == FX_PILLAR_ANYWHERE:
        return (
            "place a Pillar from your supply at any Cathedral with a free Pillar space and "
            "none of yours"
        )
    if code == FX_JUMP:
        return f"move your {figure_name(a)} to any space of the map"
    raise ValueError(f"unknown effect {effect!r}")


def effects_words(effects: tuple[Effect, ...]) -> str:
    return and_list(effect_words(e) for e in effects) if effects else "nothing"


def _pay_words(kind: TileKind) -> str:
    parts = [f"{n} {resource_name(r)}" for r, n in enumerate(kind.pay) if n]
    if kind.same == 1:
        parts.insert(0, "1 Resource of any type")
    elif kind.same:
        parts.insert(0, f"{kind.same} identical Resources of one type of your choice")
    return and_list(parts)


# ---- the glossary ------------------------------------------------------------------------------
def _numbers(d: TiletumData) -> dict[str, Any]:
    done = [(n, vp) for n, vp in enumerate(d.completed_buildings_vp) if vp]
    costs = [b.crest_cost for b in d.buildings]
    return {
        "storehouse_size": d.storehouse_size,
        "start_vp": d.start_vp,
        "die_change_cost": d.die_change_cost,
        "buy_cost": d.buy_cost,
        "action_points_base": d.action_points_base,
        "character_take_cost": d.character_take_cost,
        "exchange_cost": d.exchange_cost,
        "king_top": d.king_track[-1],
        "king_bottom": d.king_track[0],
        "king_no_tile_vp": d.king_no_tile_vp,
        "contract_spaces": len(d.contract_space_vp),
        "resources_per_vp": d.resources_per_vp,
        "rounds": d.rounds,
        "turns_per_round": d.turns_per_round,
        "completed_vp": f"{and_list([str(n) for n, _ in done], 'or')} Completed Buildings "
        f"score {and_list([str(vp) for _, vp in done], 'or')} VP",
        "crest_food": f"{min(costs)} to {max(costs)}",
    }


def tile_text(kind: TileKind, players: int = 4) -> str:
    """What a tile does, from its data."""
    if kind.category == CAT_CHARACTER:
        look = D.illustration_names[kind.illustration]
        return (
            f"Character tile ({look}). Placed in a Room it gives at once: "
            f"{effects_words(kind.effects)}. Every {look} goes in the same Building; once that "
            f"Building is Completed, the {action_name(kind.action)} gets its bonus Action Points."
        )
    if kind.category == CAT_CONTRACT:
        extra = f", and {effects_words(kind.effects)}" if kind.effects else ""
        return (
            f"Contract tile. Kept in your Storehouse until, as a task, you pay {_pay_words(kind)} "
            f"to fulfil it: it moves to your next Contract space and you score {kind.vp} VP plus "
            f"that space's VP{extra}. A Pillar on that space joins your supply."
        )
    if kind.category == CAT_CREST:
        crest = D.crest_names[kind.crest]
        return (
            f"Crest tile of the {crest} family. As a task, pay Food to move it from your "
            "Storehouse onto an empty Crest space under one of your Buildings and take that "
            f"space's bonus. You may never have two {crest} crests. A Building full of "
            "Characters with a Crest is Completed."
        )
    if kind.effects and kind.effects[0][0] == FX_SUBSTITUTE:
        return (
            "Helper tile, from the bonus tiles. Used once from your Storehouse as you take a "
            "die's Resources: they come as another type of your choice. Then it leaves the "
            "game."
        )
    use = "at any time in your turn, as a task"
    return (
        f"Helper tile, from the bonus tiles. Used once from your Storehouse {use}: "
        f"{effects_words(kind.effects)}. Then it leaves the game."
    )


def town_text(game: TiletumGame, town: int) -> str:
    d = D
    t = d.towns[town]
    n = game.num_players
    spaces = [k for k, p in enumerate(t.house_players) if p <= n]
    marks = []
    one = "it" if len(spaces) == 1 else "one"
    for k in spaces:
        if t.house_vp[k]:
            marks.append(f"{one} scores {t.house_vp[k]} VP")
        if t.house_building_bonus[k]:
            marks.append(f"{one} gives a Building Bonus")
    words = [f"Town. {plural(len(spaces), 'House space')} with {plural(n, 'player')}"]
    if marks:
        words[0] += f" ({and_list(marks)})"
    tiles = sum(1 for p in t.bonus_players if p <= n)
    if tiles:
        words.append(f"{plural(tiles, 'bonus tile')} laid here at setup")
    if t.cathedral >= 0:
        c = d.cathedrals[t.cathedral]
        pillars = sum(1 for p in c.pillar_players if p <= n)
        words.append(
            f"a Cathedral with {plural(pillars, 'Pillar space')} and tiles worth "
            f"{and_list([str(v) for v in c.tiles])} VP"
        )
    text = "; ".join(words) + "."
    if town == d.first_fair_town:
        text += " Every player starts with a House, the Merchant and the Architect here, and the first fair is held here."
    elif town in d.town_tiles:
        text += " A Town tile may name it for a later fair."
    return text


_CONDITION_WORDS = {
    "house_pillar_sets": "each set of a House and a Pillar they have on the map",
    "contract_cathedral_sets": "each set of a fulfilled Contract and a Cathedral tile they hold",
    "contracts": "each Contract they have fulfilled",
    "contract_crest_sets": "each set of a fulfilled Contract and a Crest on their board",
    "houses": "each House they have on the map",
    "upper_floor_characters": "each Character on floor 2 or 3 of their Buildings",
    "crests": "each Crest on their player board",
    "pillars": "each Pillar they have on the map",
    "full_buildings": "each Building whose Rooms are all filled, Completed or not",
    "cathedral_tiles": "each Cathedral tile they hold",
}


def fair_text(fair: int) -> str:
    cond = D.fair_condition[fair]
    vp = D.fair_vp[fair]
    if cond == FAIR_KING:
        return (
            f"Fair tile. Scored before the King track is reset: each player at the fair scores "
            f"{vp} VP plus the board's VP for the round, once, and then the VP of their King "
            "track space again, which may be a loss."
        )
    return (
        f"Fair tile. Each player with a House in the fair's Town, or their Merchant there, "
        f"scores {vp} VP plus the board's VP for the round for "
        f"{_CONDITION_WORDS[FAIR_CONDITIONS[cond]]}."
    )


def building_text(b: int) -> str:
    bld = D.buildings[b]
    crest = f"Its Crest space costs {bld.crest_cost} Food and then you {effects_words(bld.crest_bonus)}."
    if bld.occupied:
        return (
            "The rightmost Building of your player board, printed as already occupied: it "
            f"counts as filled, so a Crest alone completes it, with no action bonus. {crest}"
        )
    roof = effects_words(bld.roof_bonus)
    floors = "on floor 1" if bld.rooms == 1 else f"on floors 1 to {bld.rooms}"
    filled = "its Room is filled" if bld.rooms == 1 else "all are filled"
    return (
        f"A Building of your player board with {plural(bld.rooms, 'Room')} {floors}. Once "
        f"{filled} its roof House joins your supply and you {roof}. "
        f"{crest} Filled and crested it is Completed: {_ap(bld.rooms)} more on its "
        "Characters' action from then on."
    )


def die_text(colour: int) -> str:
    return (
        f"A {D.colour_names[colour]} die gives {resource_name(colour)}: as many as its value, "
        f"and {D.action_points_base} minus its value in Action Points for the action beside it."
    )


def glossary(game: TiletumGame) -> list[Topic]:
    """Every component of a game with this many players: the help file's, then each die,
    tile (those in this game's piles), Town, fair tile and Building."""
    numbers = _numbers(D)
    topics = [Topic(h.key, h.name, h.kind, h.text.format(**numbers)) for h in load_help()]
    for c, colour in enumerate(D.colour_names):
        topics.append(
            Topic(f"die-{A.COLOURS[c]}", f"{colour.capitalize()} die", "die", die_text(c))
        )
    used = [
        sum(
            counts[k] for counts in (game.bonus_counts, game.contract_counts, game.character_counts)
        )
        for k in range(D.n_kinds)
    ]
    category = ("character tile", "contract tile", "crest tile", "helper tile")
    for k, kind in enumerate(D.kinds):
        if used[k]:
            topics.append(
                Topic(f"tile-{kind.id}", kind.name, category[kind.category], tile_text(kind))
            )
    for t, town in enumerate(D.towns):
        topics.append(Topic(f"town-{town.id}", town.name, "town", town_text(game, t)))
    for f, fid in enumerate(D.fair_ids):
        topics.append(
            Topic(f"fair-{fid}", f"Fair tile: {D.fair_names[f]}", "fair tile", fair_text(f))
        )
    for b in range(len(D.buildings)):
        topics.append(Topic(f"building-{b + 1}", f"Building {b + 1}", "building", building_text(b)))
    return topics


# ---- how the game goes ---------------------------------------------------------------------------
def howto() -> str:
    """The game in short, paragraphs wrapped to 78 columns."""
    d = D
    n = _numbers(d)
    paragraphs = [
        f"Tiletum is played over {d.rounds} rounds. Everyone starts on {d.start_vp} VP; the "
        "most VP at the end wins.",
        "Each round dice are drawn from the bag and rolled onto the Action Wheel. In turn "
        f"order each player takes {d.turns_per_round} turns, a Corruption token moving every "
        "King track marker down 0, 1 or 2 spaces before each round of turns. On your turn "
        "take one die: it "
        "gives Resources of its colour, as many as its value, and "
        f"{d.action_points_base} minus its value in Action Points for the action beside it "
        "(Architect, Merchant, Character, Contract, King or Joker). You may take that "
        "action's bonus tile too.",
        f"Tasks may be done at any time in your turn: buy a Resource for {d.buy_cost} Gold, "
        "fulfil a Contract, place a Crest, contribute Stone to a Cathedral where you have a "
        "Pillar, or use a helper. Tiles wait in your Storehouse of "
        f"{plural(d.storehouse_size, 'space')}.",
        "After the turns the King phase scores each King track marker, gives the King tile "
        "to the highest and sets the new turn order. Then the round's fair is held in its "
        "Town: players with a House there, or their Merchant, score for its fair tile.",
        f"The game ends after the fair of round {d.rounds}. Final scoring: your Houses on the "
        f"map times your Pillars on the map; {n['completed_vp']}; 1 VP for every "
        f"{d.resources_per_vp} Resources left. A tie goes to the first in turn order.",
    ]
    return "\n\n".join(textwrap.fill(p, 78) for p in paragraphs)


# ---- rulebook sections --------------------------------------------------------------------------
RULES: dict[str, str] = {
    L.R_SETUP: (
        "The board is laid out by chance: bonus tiles on the actions, beside the King track and "
        "on the map's bonus spaces, five Contracts and five Characters on offer, a Construction "
        "Cost tile under each Cathedral, the Towns and tiles of the four fairs. Each player has a "
        "House, the Merchant and the Architect in Tiletum and starts on 10 VP. These draws are "
        "random: no player chooses them."
    ),
    L.R_PLAYING: (
        "Four rounds, each with a Preparation, Action, King, fair and Cleanup phase in that "
        "order. The game passes from one phase to the next by itself, with nothing for a player "
        "to choose in between; a score never goes below 0."
    ),
    L.R_PREPARATION: (
        "At the start of each round dice are drawn from the bag (8, 11 or 14 for 2, 3 or 4 "
        "players) and rolled; each lands on the Action Wheel segment of its value."
    ),
    L.R_ACTION_PHASE: (
        "Each player takes three turns a round in turn order, a Corruption token revealed before "
        "each round of turns. A turn: take a die (paying 2 Gold a step to change its value), "
        "optionally the action's bonus tile, the die's Resources, then the action with seven "
        "minus the value in Action Points. Each of these comes in that order, one at a time."
    ),
    L.R_KING_PHASE: (
        "Whoever leads the King track keeps or throws away the King tile (or scores 4 VP "
        "when there is none), every marker scores its space, the turn order follows the track "
        "and markers in the red part go back to 0."
    ),
    L.R_CLEANUP: (
        "Between rounds the actions' bonus tiles and the King tile are replaced, the Corruption "
        "tokens shuffled, the dice put back in the bag and the wheel turned one step. It is "
        "skipped after the last round."
    ),
    L.R_STOREHOUSE: (
        "Every tile you take goes first into your Storehouse, which must have a free space. "
        "Taking a tile is optional and it cannot be discarded afterwards; a helper is used from "
        "there, a Character placed, a Contract fulfilled, a Crest placed."
    ),
    L.R_TASKS: (
        "Tasks may be done at any time in your turn, between the parts of an action too: buy a "
        "Resource for 2 Gold, fulfil a Contract by paying its Resources, place a Crest by paying "
        "its space's Food, contribute Stone once to a Cathedral where you have a Pillar, or use "
        "a helper from your Storehouse. Each needs what it spends."
    ),
    L.R_CRESTS: (
        "Six families' Crests come on bonus and contract tiles. You may hold only one of each "
        "family anywhere on your board or in your Storehouse, and a Crest space takes one Crest."
    ),
    L.R_CONTRACTS: (
        "A Contract waits in your Storehouse until you pay what it shows. You may hold only as "
        "many Contracts as you have open Contract spaces on your player board."
    ),
    L.R_JOKER: (
        "The Joker lets you choose one of the other five actions and spend all the die's Action "
        "Points on it; they cannot be split. Choose the action before anything else."
    ),
    L.R_COMPLETED: (
        "A Building with every Room filled and a Crest is Completed: its Bonus Action Points "
        "marker goes on its Characters' action (you choose when they differ), giving 1, 2 or 3 "
        "more points every time you take that action with a die."
    ),
    L.R_END: (
        "After the fair of the fourth round the game ends: Houses on the map times Pillars on "
        "the map, VP for three or more Completed Buildings, 1 VP per 4 Resources left. Most VP "
        "wins; a tie goes to the first in turn order. No move is made once it is over."
    ),
    L.R_APPENDIX_BOARD: (
        "Towns have House spaces, some used only with more players; a space's VP symbol scores "
        "when built on and its Building Bonus symbol gives the bonuses of the Characters in one "
        "of your Buildings, once each, in the order you choose. Road spaces count for moving but "
        "hold nothing."
    ),
    L.R_APPENDIX_CHARACTERS: (
        "A Character's bonus comes when it is placed: Resources, VP, a smaller action, or moves "
        "of your figures that you may decline; a placement bonus needs your figure in a Town "
        "with a free space and none of yours. An offered move is made or declined before anything "
        "else is done."
    ),
    L.R_APPENDIX_CONTRACTS: (
        "Contracts ask for identical Resources of one type or for Iron and Wool, and pay VP, some "
        "with a King track space, a move of the Merchant to an adjacent Town or a small "
        "Character action. Identical Resources are all of the one type you choose."
    ),
    L.R_APPENDIX_CRESTS: (
        "Each Crest space under a Building has its Food cost and its bonus: a House in any Town, "
        "a Pillar at any Cathedral, the Merchant or the Architect moved anywhere, 2 Resources of "
        "your choice, or 5 VP. The bonus is taken at once."
    ),
    L.R_APPENDIX_HELPERS: (
        "A helper is used once during your turn and then leaves the game: a small action, extra "
        "Action Points for the die's action, Gold, VP or Resources, the bonuses of one Building, "
        "or a die's Resources taken as another type."
    ),
    L.R_SECTION[ACTIONS.index("architect")]: (
        "The Architect Action spends 1 Action Point each to move the Architect one space, put a "
        "Pillar at the Cathedral of its Town (a free space, none of yours there), or take a bonus "
        "tile from its Town."
    ),
    L.R_SECTION[ACTIONS.index("merchant")]: (
        "The Merchant Action spends 1 Action Point each to move the Merchant one space, put a "
        "House in its Town (a free space, none of yours there), or take a bonus tile from its "
        "Town."
    ),
    L.R_SECTION[ACTIONS.index("character")]: (
        "The Character Action takes a Character from the offer or refreshes the offer for 1 "
        "Action Point, or places a Character from your Storehouse in a free Room for the Room's "
        "floor in points; Characters with one picture share one Building."
    ),
    L.R_SECTION[ACTIONS.index("contract")]: (
        "The Contract Action takes a Contract from the offer for the points under its space, or "
        "exchanges a Resource for another for 1 point; the first exchange of a turn adds a "
        "Resource of your choice."
    ),
    L.R_SECTION[ACTIONS.index("king")]: (
        "The King Action moves your marker one space up the King track for each Action Point, "
        "never past the top space."
    ),
}


def rules_section(section: str) -> str | None:
    return RULES.get(section)


def rule_sections() -> list[str]:
    return list(RULES)


# ---- the log -----------------------------------------------------------------------------------
def chapter(state: TiletumState) -> str:
    """The round and its phase; empty while the board is laid out."""
    r = state.round + 1
    if state.phase in (F.S_SETUP, F.S_PREP):
        # the draws after a round's Cleanup happen once the round number has moved on
        return "" if state.round == 0 else f"Round {state.round}, Cleanup phase"
    if state.phase == F.S_OVER:
        return f"Round {r}, game over"
    if state.phase in (F.S_KING, F.S_KING_SCORE):
        return f"Round {r}, King phase"
    if state.phase == F.S_CYCLE and any(
        isinstance(e, F.DieDraw | F.DieRoll) for e in state.chance_events
    ):
        return f"Round {r}, Preparation phase"
    return f"Round {r}, Action phase"


def _laid(state: TiletumState, event: F.TileDraw, kind: int) -> str:
    label = tile_label(kind)
    match event.place:
        case F.LOC_ACTION:
            return f"{action_name(event.index)}'s bonus tile: {label}"
        case F.LOC_KING:
            return f"King tile: {label}"
        case F.LOC_MAP:
            town, space = divmod(event.index, A.MAX_BONUS_SPACES)
            many = sum(1 for p in D.towns[town].bonus_players if p <= state.game.num_players) > 1
            spot = f" {space + 1}" if many else ""
            return f"{town_name(town)}'s bonus tile{spot}: {label}"
        case F.LOC_CONTRACT:
            cost = D.contract_offer_costs[event.index]
            return f"contract offer space {event.index + 1} ({cost} AP): {label}"
    return f"character offer space {event.index + 1}: {label}"


def _chance_words(state: TiletumState, action: int) -> str:
    event = state.chance_events[0]
    value = A.VALUES[action]
    match event, value:
        case F.TileDraw(), A.DrawTile(tile=kind):
            return _laid(state, event, kind)
        case F.DieDraw(), A.DrawDie(colour=c):
            return f"a {D.colour_names[c]} die is drawn from the bag"
        case F.DieRoll(colour=c), A.RollDie(value=v):
            act = state.action_of_value(v + 1) if min(state.wheel_actions) >= 0 else -1
            where = f", beside the {action_name(act)}" if act >= 0 else ""
            return f"the {D.colour_names[c]} die rolls {v + 1}{where}"
        case F.CorruptionReveal(), A.RevealCorruption(value=v):
            moved = (
                f"every King track marker moves {plural(v, 'space')} down"
                if v
                else "no marker moves"
            )
            return f"Corruption token {v} revealed: {moved}"
        case F.CostTileDraw(cathedral=c), A.PlaceCostTile(tile=i):
            if i == D.unavailable_cost:
                return (
                    f"{cathedral_town(c)}'s Cathedral gets the Unavailable Cathedral tile: "
                    "it is not built this game"
                )
            return (
                f"{cathedral_town(c)}'s Cathedral costs {D.cost_stone[i]} Stone for "
                f"{D.cost_vp[i]} VP more"
            )
        case F.TownTileDraw(fair=f), A.PlaceTownTile(tile=i):
            return f"the fair of round {f + 1} will be in {town_name(D.town_tiles[i])}"
        case F.FairTileDraw(fair=f), A.PlaceFairTile(tile=i):
            each = D.fair_board_vp[f] + D.fair_vp[i]
            if D.fair_condition[i] == FAIR_KING:
                what = f"the King track ({each} VP and the King track again)"
            else:
                what = f"{D.fair_names[i]} ({each} VP each)"
            return f"the fair of round {f + 1} scores {what}"
        case F.ActionTileDraw(space=s), A.PlaceActionTile(action=a):
            return f"the {action_name(a)} tile goes beside die value {s + 1} of the wheel"
    return state.action_to_string(action)


def _vp_changes(before: list[int], after: list[int]) -> str:
    moved = [
        f"{seat_name(s)} {after[s] - before[s]:+d} VP"
        for s in range(len(before))
        if after[s] != before[s]
    ]
    return and_list(moved)


def log_words(state: TiletumState, action: int) -> str:
    """``action`` in ``state`` as the log says it: the move's words, what it took or laid out,
    the VP it scored for whom, and the phases it closed. Tiletum hides nothing, so the result
    is what every seat sees next."""
    if state.is_terminal():
        return state.action_to_string(action)
    if state.chance_events:
        return _chance_words(state, action)
    words = state.action_to_string(action)
    seat = state.active_player
    top = state.stack[-1] if state.stack else None
    value = A.VALUES[action]
    extra = ""
    match top, value:
        case F.ChooseDieValue(value=shown, colour=c), A.SetValue(value=v):
            act = state.action_of_value(v + 1)
            points = D.action_points_base - (v + 1)
            if act != JOKER:
                points += state.bonus_action_points[seat][act]
            extra = f": {action_name(act)} with {_ap(points)}, {v + 1} {resource_name(c)}"
            steps = L.die_change_steps(shown, v + 1)
            if steps:
                extra += f", paying {D.die_change_cost * steps} Gold"
        case F.ActionBonusTile(action=a), A.TakeTile():
            extra = f": {tile_label(state.action_bonus_tiles[a])}"
        case F.ActionBonusTile(), A.Skip():
            extra = ": the bonus tile stays"
        case F.KingTile(), A.TakeTile():
            words = f"take the King tile: {tile_label(state.king_tile)}"
        case F.KingTile(), A.Skip():
            words = f"discard the King tile: {tile_label(state.king_tile)}"
        case _, A.TakeCharacter(space=i):
            extra = f": {tile_label(state.character_offer[i])}"
        case _, A.TakeContract(space=i):
            extra = f": {tile_label(state.contract_offer[i])} for {D.contract_offer_costs[i]} AP"
        case _, A.TakeBonusTile(town=t, space=i):
            extra = f": {tile_label(state.map_bonus_tiles[t][i])}"
        case _, A.Contribute(cathedral=c):
            extra = f", paying {D.cost_stone[state.construction_costs[c]]} Stone"
        case _, A.Exchange() if not state.exchanged_this_turn:
            extra = " (the first exchange: a Resource of your choice comes with it)"
    if not state.is_legal(action):
        return words + extra  # only its words: a refused move changes nothing
    after = state.clone()
    assert isinstance(after, TiletumState)
    after.apply_trusted(action)
    extra += _result_words(state, after, seat, top, value)
    tail = []
    changes = _vp_changes(state.vp, after.vp)
    closed = after.round != state.round or after.game_over
    if closed:
        town = town_name(state.fair_towns[state.round])
        tail.append(f"round {state.round + 1} ends with the King phase and the fair in {town}")
    if changes:
        tail.append(changes)
    if after.game_over:
        tail.append("final scoring: the game is over")
    return words + extra + ("; " + "; ".join(tail) if tail else "")


def _result_words(
    state: TiletumState, after: TiletumState, seat: int, top: object, value: object
) -> str:
    """What a move whose words name only a choice did: the action the Joker's or a helper's
    points went to, the King track space reached, the type that paid a Contract's identical
    Resources, the Resource gained, the House space taken, the Building whose bonuses come."""
    match top, value:
        case F.ActionOfChoice(), A.ChooseAction(action=a):
            now = after.stack[-1] if after.stack else None
            if isinstance(now, F.PerformAction) and now.action == a:
                return f": the {action_name(a)} with {_ap(now.action_points)}"
            return f": the {action_name(a)}"
        case F.CompletedBuilding(), A.ChooseAction(action=a):
            return f": its Bonus Action Points marker goes on the {action_name(a)}"
        case _, A.AdvanceKing():
            vp = D.king_track[after.king_track[seat]]
            return f": King track marker up to the {f'{vp:+d}' if vp else '0'} VP space"
        case F.PayIdentical(), A.Pay(resource=r):
            return f": the identical Resources paid in {resource_name(r)}"
        case _, A.Gain(resource=r):
            return f": 1 {resource_name(r)} of the player's choice"
        case _, A.PlaceHouse(town=t, space=i):
            return f": a House on House space {i + 1} of {town_name(t)}"
        case _, A.PlacePillar(cathedral=c):
            return f": a Pillar at the Cathedral of {cathedral_town(c)}"
        case _, A.ChooseBuilding(building=b):
            return f": the bonuses of the Characters in Building {b + 1}"
        case F.BuildingBonuses(building=b), A.FloorBonus(floor=f):
            kind = state.rooms[seat][state.game.rooms[b][f]]
            return f": the bonus of {tile_label(kind)}"
        case F.DieResources(colour=c, amount=n), A.Skip():
            return f": the die's {n} {resource_name(c)} taken as {'it comes' if n == 1 else 'they come'}"
        case F.DieResources(amount=n), A.Substitute(resource=r):
            return f": the die's Resources as {n} {resource_name(r)}"
        case F.Move(figure=fig), A.Skip():
            return f": the {figure_name(fig)} stops where it stands"
        case F.MoveAnywhere(figure=fig), A.Skip():
            return f": the {figure_name(fig)} stays where it stands"
        case F.MerchantToAdjacentTown(), A.Skip():
            return ": the Merchant stays where it stands"
        case F.MoveBoth() | F.MoveAndPlace(), A.Skip():
            return ": the rest of the Character's bonus is declined"
        case F.ChooseBuildingBonus() | F.BuildingBonuses(), A.Skip():
            return ": no more bonuses from the Building"
    return ""


# ---- the ending by category ------------------------------------------------------------------------
CATEGORIES = (
    "Starting points",
    "Contracts",
    "Cathedrals",
    "House spaces",
    "Bonuses",
    "King track",
    "Fairs",
    "Houses × Pillars",
    "Completed Buildings",
    "Resources left",
    "Total",
)
"""Where a score's points came from, as the rulebook names the sources: the start, fulfilled
Contracts (the tile and the space), contributions to Cathedrals (cost and Cathedral tiles), the
VP symbols of House spaces, bonuses (Characters, helpers, roofs and Crest spaces), the King
track (with the King phase's 4 VP), the fairs (the King track fair tile among them), the three
parts of the final scoring, and the total."""
(
    START,
    CONTRACTS,
    CATHEDRALS,
    HOUSE_SPACES,
    BONUSES,
    KING,
    FAIRS,
    HOUSES_PILLARS,
    COMPLETED,
    RESOURCES_LEFT,
    TOTAL,
) = range(len(CATEGORIES))


class _Tally(TiletumState):
    """A state that books every change of a score under the category of the rule that made
    it, for :func:`points_by_category` to replay a game. The state keeps no points per category
    (and its save format stays as it is), so the game is played again from its start: each
    method of the rules that scores is wrapped to name its category, and the score's floor at 0
    is respected by booking the change actually made."""

    __slots__ = ("booked", "heading", "king_calls")

    booked: list[list[int]]
    heading: int
    king_calls: int

    def _vp(self, seat: int, delta: int) -> None:
        before = self.vp[seat]
        TiletumState._vp(self, seat, delta)
        heading = self.heading
        if heading == KING:
            # the King phase scores each marker once, then the King track fair tile, if any
            self.king_calls += 1
            if self.king_calls > self.game.num_players:
                heading = FAIRS
        self.booked[seat][heading] += self.vp[seat] - before

    def _under(self, heading: int, rule: Callable[..., None], *args: Any) -> None:
        outer, self.heading = self.heading, heading
        try:
            rule(self, *args)
        finally:
            self.heading = outer

    def _place_house(self, seat: int, town: int, space: int) -> None:
        self._under(HOUSE_SPACES, TiletumState._place_house, seat, town, space)

    def _fulfil(self, seat: int, kind: int, same_type: int) -> None:
        self._under(CONTRACTS, TiletumState._fulfil, seat, kind, same_type)

    def _effects(self, seat: int, effects: tuple[Effect, ...]) -> None:
        self._under(BONUSES, TiletumState._effects, seat, effects)

    def _task(self, seat: int, value: Any) -> None:
        # a contribution scores in the task itself; contracts and helpers book their own
        self._under(CATHEDRALS, TiletumState._task, seat, value)

    def _king_phase_tile(self) -> None:
        self._under(KING, TiletumState._king_phase_tile)

    def _king_phase_score(self) -> None:
        self.king_calls = 0
        self._under(KING, TiletumState._king_phase_score)

    def _fair_phase(self) -> None:
        self._under(FAIRS, TiletumState._fair_phase)

    def _final_scoring(self) -> None:
        # the three parts one by one: each is at least 0, so the sum is what the rules add
        for seat in range(self.game.num_players):
            for heading, points in zip(
                (HOUSES_PILLARS, COMPLETED, RESOURCES_LEFT), self.final_points(seat), strict=True
            ):
                self.heading = heading
                self._vp(seat, points)


def points_by_category(state: TiletumState) -> list[list[int]] | None:
    """Each seat's points by :data:`CATEGORIES` (the total last), replayed from the game's
    history (scores are public); None if the replay does not reach the state's scores."""
    fresh = state.game.new_initial_state()
    tally = _Tally(**{f.name: getattr(fresh, f.name) for f in fields(fresh)})
    tally.booked = [[0] * len(CATEGORIES) for _ in range(state.game.num_players)]
    tally.heading = BONUSES
    tally.king_calls = 0
    for seat, vp in enumerate(tally.vp):
        tally.booked[seat][START] = vp
    for action in state.history():
        tally.apply_trusted(action)
    for seat, row in enumerate(tally.booked):
        row[TOTAL] = sum(row[:TOTAL])
        if row[TOTAL] != state.vp[seat]:
            return None
    return tally.booked


def ending(state: TiletumState) -> Ending | None:
    if not state.is_terminal():
        return None
    n = state.game.num_players
    winner = state.winners()[0]
    best = state.vp[winner]
    verdict = f"{seat_name(winner)} wins with {plural(best, 'point')}."
    notes = []
    tied = [s for s in state.turn_order if state.vp[s] == best]
    if len(tied) > 1:
        notes.append(
            f"{and_list(seat_name(s) for s in tied)} tie on {plural(best, 'point')}; "
            f"{seat_name(winner)} wins as the first of them in turn order."
        )
    rows = points_by_category(state)
    if rows is None:
        categories = ["Points", "Total"]
        table: list[list[float | int | str]] = [[v, v] for v in state.vp]
    else:
        categories = list(CATEGORIES)
        table = [list(r) for r in rows]
    for seat in range(n):
        houses = len(state.houses_on_map[seat])
        pillars = len(state.pillars_on_map[seat])
        done = bin(state.completed_buildings[seat]).count("1")
        left = sum(state.resources[seat])
        notes.append(
            f"{seat_name(seat)}: {plural(houses, 'House')} × {plural(pillars, 'Pillar')} on the map, "
            f"{plural(done, 'Completed Building')}, {plural(left, 'Resource')} left."
        )
    town = town_name(state.fair_towns[-1])
    reason = (
        f"The fair of round {D.rounds} in {town} closed the last round, and the final scoring "
        "followed (End of the Game and Final Scoring)."
    )
    return Ending(verdict, reason, categories, table, notes)
