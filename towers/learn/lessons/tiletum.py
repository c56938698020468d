"""The Tiletum tutorial: a turn's shape (take a die, its resources, its action), the Merchant,
Architect and Character actions, a die's value changed with Gold, the Place a Crest task, the
Contract action and the Fulfil a Contract task, the King action, from the rulebook's "Playing
the Game", "Actions in Detail", "Tasks" and "Appendix" (sections cited per lesson), then a
game against the random bot.

Every position comes from one seeded setup of a 2-player game (seed 8): the wheel shows dice
on every value, seat 0, the learner, moves first with 1 Gold, and the Corruption token of the
first turn has moved both markers to -2 on the King track. Each lesson is seat 0's first turn
with a different die taken, so it shows that die's action from its first Action Point; the
lesson on a die's value is seat 0's second turn, after the Mason lesson's first.
"""

from __future__ import annotations

from typing import Any

from towers.core.game import State
from towers.learn.tutorial import Lesson, Tutorial, Wrong, bout, script

GAME = "tiletum"
SEED = 8

MERCHANT = ["die 2 pink", "value 2", "skip"]
ARCHITECT = ["die 3 pink", "value 3", "skip"]
CHARACTER = ["die 4 yellow", "value 4", "skip"]
CONTRACT = ["die 5 light gray", "value 5", "skip"]
KING = ["die 1 blue", "value 1", "skip"]

MASON = "Mason (3 gold)"
WOOL_7 = "7 wool for 11 points and the merchant to an adjacent town"


def _at(words: list[str]) -> State:
    return script(GAME, words, seed=SEED)


def _me(state: State) -> dict[str, Any]:
    player: dict[str, Any] = state.observation(0)["players"][0]
    return player


def _total(state: State) -> int:
    return sum(_me(state)["resources"].values())


def _ap_left(state: State) -> int:
    """The Action Points seat 0 has left for the action under way (0 when none is)."""
    decisions = state.observation(0)["decisions"]
    for decision in reversed(decisions):
        if "action_points" in decision:  # the action under way, or the Joker's choice
            return int(decision["action_points"])
    return 0


def _settle_die(state: State) -> State:
    """``state`` after seat 0 has kept the value of the die it took and left the action's
    bonus tile: the die's resources are in hand and its action begins."""
    done = state.clone()
    while done.current_player() == 0:
        pending = done.observation(0)["pending"]
        if pending.startswith("set the die's value"):
            word = "value " + pending.split("now ")[1].split(";")[0]
        elif pending.startswith("take the action's bonus tile"):
            word = "skip"
        else:
            break
        done.apply_action(done.string_to_action(word))
    return done


def _merchant_points(state: State) -> int:
    """The Action Points of the Merchant action seat 0 is about to take (0 for another)."""
    for decision in _settle_die(state).observation(0)["decisions"]:
        if decision.get("action") == "merchant":
            return int(decision["action_points"])
    return 0


def _placed(state: State) -> int:
    """How many Characters seat 0 has in the Rooms of its board."""
    rooms = [room for b in _me(state)["buildings"] for room in b["rooms"]]
    return sum(1 for room in rooms if room not in (None, "occupied"))


# ---- positions ------------------------------------------------------------------------------
def _first_turn() -> State:
    return _at([])


def _merchant_in_london() -> State:
    return _at([*MERCHANT, "merchant to Tiletum-London road", "merchant to London"])


def _architect_in_london() -> State:
    return _at([*ARCHITECT, "architect to Tiletum-London road", "architect to London"])


def _mason_taken() -> State:
    return _at([*CHARACTER, "take character 5"])


def _second_turn_die() -> State:
    """Seat 0's second turn: it placed the Mason in Building 3 in its first, and seat 1
    has taken the only die on the Merchant's 2; seat 0 has taken the pink 3."""
    mason = [*CHARACTER, "take character 5", f"place {MASON} in building 3 floor 1", "end turn"]
    return _at([*mason, "die 2 pink", "value 2", "skip", "end turn", "die 3 pink"])


def _crest_taken() -> State:
    return _at([*ARCHITECT[:2], "take tile"])


def _contract_taken() -> State:
    return _at([*CONTRACT, "take contract 4"])


def _wool_in_hand() -> State:
    return _at([*CONTRACT, "take contract 4", "exchange iron for wool", "gain wool"])


def _king_action() -> State:
    return _at(KING)


def _start_game() -> State:
    return _at([])


# ---- what each expected move does -------------------------------------------------------------
def _die_check(before: State, after: State) -> bool:
    done = _settle_die(after)
    b, a = _me(before)["resources"], _me(done)["resources"]
    return bool(a["iron"] == b["iron"] + 6 and _total(done) == _total(before) + 6)


def _house_check(before: State, after: State) -> bool:
    b, a = _me(before), _me(after)
    return bool(
        a["houses_on_map"] == [*b["houses_on_map"], "london"]
        and a["houses_in_supply"] == b["houses_in_supply"] - 1
        and a["vp"] == b["vp"] + 2
        and _ap_left(after) == _ap_left(before) - 1
    )


def _pillar_check(before: State, after: State) -> bool:
    b, a = _me(before), _me(after)
    return bool(
        a["pillars_on_map"] == ["london"]
        and not b["pillars_on_map"]
        and a["pillars_in_supply"] == b["pillars_in_supply"] - 1
    )


def _mason_check(before: State, after: State) -> bool:
    b, a = _me(before), _me(after)
    return bool(
        a["resources"]["gold"] == b["resources"]["gold"] + 3 + 1
        and a["houses_in_supply"] == b["houses_in_supply"] + 1
        and a["buildings"][2]["rooms"] == ["mason-3"]
        and not a["storehouse"]
        and _ap_left(after) == _ap_left(before) - 1 == 1
        and _placed(after) == 1
    )


def _value_check(before: State, after: State) -> bool:
    b, a = _me(before)["resources"], _me(_settle_die(after))["resources"]
    return bool(
        a["gold"] == b["gold"] - 2
        and a["food"] == b["food"] + 2
        and _merchant_points(after) == 5
        and _ap_left(_settle_die(after)) == 5
    )


def _crest_check(before: State, after: State) -> bool:
    b, a = _me(before), _me(after)
    return bool(
        a["vp"] == b["vp"] + 5
        and a["resources"]["food"] == b["resources"]["food"] - 2
        and b["storehouse"] == ["lion"]
        and not a["storehouse"]
        and a["buildings"][5]["crest"] == "lion"
        and a["buildings"][5]["completed"]
        and not b["buildings"][5]["completed"]
    )


def _exchange_check(before: State, after: State) -> bool:
    b, a = _me(before)["resources"], _me(after)["resources"]
    pending = after.observation(0)["pending"]
    return bool(
        a["wool"] == b["wool"] + 1 == 7
        and _total(after) == _total(before)
        and pending.startswith("gain 1 resource")
    )


def _fulfil_check(before: State, after: State) -> bool:
    b, a = _me(before), _me(after)
    return bool(
        a["vp"] == b["vp"] + 12
        and a["resources"]["wool"] == b["resources"]["wool"] - 7
        and len(a["contracts"]) == len(b["contracts"]) + 1
        and not a["storehouse"]
        and a["pillars_in_supply"] == b["pillars_in_supply"] + 1
    )


def _king_check(before: State, after: State) -> bool:
    return bool(
        _me(after)["king_track"] == _me(before)["king_track"] + 1
        and _ap_left(after) == _ap_left(before) - 1
    )


def _into_wool(state: State, action: int) -> bool:
    words = state.action_to_string(action)
    return words.startswith("exchange ") and words.endswith(" for wool")


LESSONS = (
    Lesson(
        key="die",
        title="Your turn: take a die",
        intro=(
            "Tiletum lasts 4 rounds; in each you take 3 turns. A turn is: take one die\n"
            "from the Action Wheel, take the die's resources (its colour: yellow Gold,\n"
            "pink Food, light gray Wool, dark gray Stone, blue Iron, as many as its value),\n"
            "then perform the action of the wheel's segment with 7 minus its value in\n"
            "Action Points. A low die is a strong action, a high die many resources. This\n"
            "round the wheel reads 1 King, 2 Merchant, 3 Architect, 4 Character,\n"
            "5 Contract, 6 Joker."
        ),
        build=_first_turn,
        ask="Take the die that brings you the most resources.",
        expected=frozenset({"die 6 blue"}),
        why=(
            "The blue die of value 6 brings 6 Iron; its segment is the Joker, any one "
            "action, with only 1 Action Point."
        ),
        wrong={
            "die 1 blue": Wrong(
                "the blue 1 brings a single Iron, though it gives the King action 6 Action Points."
            ),
            "die 5 light gray": Wrong("the light gray 5 brings 5 Wool, one fewer than 6 Iron."),
            "die 3 yellow": Wrong("the wheel's 3 holds only a pink die.", True),
        },
        after=(
            "Before you take a die you may pay 2 Gold a step to turn it up or down by 1\n"
            "(6 and 1 are next to each other): its resources and its action change with\n"
            "it. Then you may take the bonus tile of its segment into your Storehouse."
        ),
        rule="Tiletum, Playing the Game: Action phase",
        check=_die_check,
        measure=lambda s: float(_total(_settle_die(s))),
    ),
    Lesson(
        key="merchant",
        title="The Merchant action: build a House",
        intro=(
            "You took the pink 2: 2 Food and the Merchant action with 5 Action Points.\n"
            "Each step of your Merchant along a road costs 1, and you have walked it from\n"
            "Tiletum over the road to London. 3 Action Points are left. London's first\n"
            "House space shows 2 VP, and a Town where you have a House lets you take part\n"
            "in its Fair."
        ),
        build=_merchant_in_london,
        ask="Use 1 Action Point to claim London.",
        expected=frozenset({"house London 1"}),
        why=(
            "A House from your supply on London's first space: 2 VP at once, a House on "
            "the map for the final scoring, and a seat at London's Fair."
        ),
        wrong={
            "house Tiletum 2": Wrong(
                "your Merchant stands in London, and you already have a House in Tiletum.",
                True,
            ),
            "merchant to London-Bordeaux road 1": Wrong(
                "walking on leaves London without a House and the 2 VP behind."
            ),
            "end turn": Wrong("ending the turn now wastes 3 Action Points and the 2 VP."),
        },
        after=(
            "With 1 of the 2 Action Points left you may take London's bonus tile. At the end\n"
            "of the game each House on the map counts once for each Pillar you have on the\n"
            "map: the Architect builds those."
        ),
        rule="Tiletum, Actions in Detail: Merchant Action",
        check=_house_check,
        measure=lambda s: float(_me(s)["vp"] + len(_me(s)["houses_on_map"])),
    ),
    Lesson(
        key="architect",
        title="The Architect action: raise a Pillar",
        intro=(
            "You took the pink 3: 3 Food and the Architect action with 4 Action Points.\n"
            "The Architect walks like the Merchant; yours has reached London, whose\n"
            "Cathedral has empty Pillar spaces. 2 Action Points are left."
        ),
        build=_architect_in_london,
        ask="Put one of your Pillars at London's Cathedral.",
        expected=frozenset({"pillar London"}),
        why=(
            "A Pillar at London's Cathedral: it counts for the final scoring (Houses times "
            "Pillars) and lets you later pay Stone to help build that Cathedral for VP."
        ),
        wrong={
            "house London 1": Wrong(
                "Houses are the Merchant's; this is the Architect action.", True
            ),
            "bonus tile London 1": Wrong(
                "the bonus tile can wait; a Pillar on the map is what the Architect came for."
            ),
            "architect to Tiletum-London road": Wrong(
                "walking back wastes the trip: no Pillar this turn."
            ),
        },
        after=(
            "Contribute is a task, done at any time of your turn: pay the Stone on the\n"
            "Cathedral's Construction Cost tile and take its top Cathedral tile; both\n"
            "show VP. You may do it once for each Cathedral where you have a Pillar."
        ),
        rule="Tiletum, Actions in Detail: Architect Action",
        check=_pillar_check,
        measure=lambda s: float(len(_me(s)["pillars_on_map"])),
    ),
    Lesson(
        key="character",
        title="The Character action: fill a Room",
        intro=(
            "You took the yellow 4: 4 Gold and the Character action with 3 Action Points.\n"
            "You have spent 1 to take the Mason from the offer into your Storehouse; its\n"
            "bonus is 3 Gold. Moving a Character into a Room costs the Room's floor in\n"
            "Action Points (1, 2 or 3) and pays its bonus at once. A Building whose Rooms\n"
            "are all filled frees the House on its roof, with that roof's bonus. 2 Action\n"
            "Points are left."
        ),
        build=_mason_taken,
        ask="Place the Mason where it gives you the most.",
        expected=frozenset({f"place {MASON} in building 3 floor 1"}),
        why=(
            "Building 3 has a single Room: the Mason fills it for 1 Action Point, pays "
            "3 Gold, and frees the roof's House into your supply with 1 Gold more."
        ),
        wrong={
            f"place {MASON} in building 1 floor 1": Wrong(
                "the same 3 Gold, but Building 1 keeps an empty Room, so its House stays on "
                "the roof."
            ),
            f"place {MASON} in building 2 floor 2": Wrong(
                "floor 2 costs both your Action Points, and Building 2 is far from full."
            ),
            "take contract 2": Wrong("Contracts belong to the Contract action.", True),
        },
        after=(
            "The freed House is for the Merchant to build. With a Crest placed below it too,\n"
            "a full Building is Completed: the action on its Characters' tiles gains 1, 2\n"
            "or 3 Action Points each time you take it by a die."
        ),
        rule="Tiletum, Actions in Detail: Character Action",
        check=_mason_check,
        measure=lambda s: float(
            _me(s)["resources"]["gold"] + _me(s)["houses_in_supply"] + _ap_left(s)
        ),
    ),
    Lesson(
        key="value",
        title="Change a die's value with Gold",
        intro=(
            "Your second turn. Last turn the Mason filled Building 3 (9 Gold now, and its\n"
            "roof's House in your supply), and seat 1 took the pink 2, the only die on the\n"
            "Merchant's segment. You have taken the pink 3. Before its resources and action,\n"
            "you may pay 2 Gold for each step you turn it up or down (6 and 1 are next to\n"
            "each other): the new value sets both the resources and the action."
        ),
        build=_second_turn_die,
        ask="Turn the pink die into a Merchant's die for the least Gold.",
        expected=frozenset({"value 2"}),
        why=(
            "One step down costs 2 Gold: a 2 gives 2 Food and the Merchant action with "
            "5 Action Points, enough to walk to London and build your new House."
        ),
        wrong={
            "value 3": Wrong("a 3 stays the Architect's die: no Merchant action this turn."),
            "value 1": Wrong("a 1 costs 4 Gold and is the King's die, not the Merchant's."),
            "die 6 blue": Wrong("you have taken the pink 3; its value comes next.", True),
        },
        after=(
            "A die's value can be changed only as you take it, and only by Gold. Helpers\n"
            "among the bonus tiles give Action Points or resources in other ways."
        ),
        rule="Tiletum, Playing the Game: Action phase",
        check=_value_check,
        measure=lambda s: float(_merchant_points(s)),
    ),
    Lesson(
        key="crest",
        title="Tasks: place a Crest",
        intro=(
            "You took the pink 3 (3 Food, 4 in all) and the Architect's bonus tile, the\n"
            "Lion crest, into your Storehouse. Placing a Crest is a task: pay the Food of\n"
            "a Crest space below a Building and take that space's bonus at once. Spaces 1\n"
            "to 6 cost 6, 6, 5, 4, 3 and 2 Food; space 6 gives 5 VP. A full Building with\n"
            "its Crest is Completed."
        ),
        build=_crest_taken,
        ask="Place the Lion crest where it scores the most now.",
        expected=frozenset({"crest Lion on space 6"}),
        why=(
            "Space 6 costs 2 Food and gives 5 VP; Building 6 is occupied from the start, "
            "so the Crest completes it for the final scoring."
        ),
        wrong={
            "crest Lion on space 1": Wrong("space 1 costs 6 Food and you have 4.", True),
            "crest Lion on space 5": Wrong("space 5 costs 3 Food for any 2 resources, and no VP."),
            "crest Eagle on space 6": Wrong("the Lion is the only Crest you hold.", True),
        },
        after=(
            "You may never hold two Crests of one family. At the end, 3, 4, 5 or 6\n"
            "Completed Buildings score 5, 10, 20 or 30 VP; fewer score nothing."
        ),
        rule="Tiletum, Appendix: Crest placement bonuses",
        check=_crest_check,
        measure=lambda s: float(_me(s)["vp"]),
    ),
    Lesson(
        key="contract",
        title="The Contract action: take and trade",
        intro=(
            "You took the light gray 5: 5 Wool (6 in all) and the Contract action with 2\n"
            "Action Points. You spent 1 to take the Contract asking 7 Wool (11 VP and a\n"
            "Merchant step). Exchanging one resource for another costs 1 Action Point, and\n"
            "the first exchange of the turn gives a resource of your choice besides."
        ),
        build=_contract_taken,
        ask="Use your last Action Point to reach 7 Wool.",
        expected=_into_wool,
        why=(
            "One exchange makes a resource into Wool: 7 Wool, and the bonus resource of the "
            "first exchange may be Wool too."
        ),
        wrong={
            "take contract 5": Wrong(
                "a second Contract (8 identical resources) leaves you 1 Wool short of the first."
            ),
            "exchange wool for iron": Wrong("giving Wool away takes you further from 7."),
            "take contract 1": Wrong("the first space of the offer costs 3 Action Points.", True),
        },
        after="Choose Wool as the bonus resource: 8 Wool, one to spare.",
        rule="Tiletum, Actions in Detail: Contract Action",
        check=_exchange_check,
        measure=lambda s: float(_me(s)["resources"]["wool"]),
    ),
    Lesson(
        key="fulfil",
        title="Tasks: fulfil a Contract",
        intro=(
            "No Action Points are left, but tasks cost none: you may do them at any time of\n"
            "your turn. You hold 8 Wool and the Contract asking 7. Fulfilling it moves the\n"
            "tile to the leftmost open Contract space of your board; that space's Pillar\n"
            "goes to your supply and its VP adds to the Contract's."
        ),
        build=_wool_in_hand,
        ask="Score the Contract before your turn ends.",
        expected=frozenset({f"fulfil {WOOL_7}"}),
        why=(
            "7 Wool pay for 11 VP and the space's 1 VP: 12 VP, a Pillar for the Architect "
            "and a free Merchant step to a neighbouring Town."
        ),
        wrong={
            "end turn": Wrong("the Contract stays unfulfilled and the 12 VP wait."),
            "fulfil 3 wool for 4 points": Wrong(
                "that Contract is still in the offer, not in your Storehouse.", True
            ),
        },
        after=(
            "The other tasks: buy a resource for 2 Gold, place a Crest from your Storehouse\n"
            "for Food (each Crest space has its bonus), contribute to a Cathedral, and use\n"
            "a Helper tile once."
        ),
        rule="Tiletum, Tasks",
        check=_fulfil_check,
        measure=lambda s: float(_me(s)["vp"]),
    ),
    Lesson(
        key="king",
        title="The King action and the King phase",
        intro=(
            "You took the blue 1: 1 Iron and the King action with 6 Action Points. The\n"
            "Corruption token of this turn moved both markers to -2 on the King track.\n"
            "After the 3 turns, the King phase scores each marker's space (red spaces lose\n"
            "VP) and orders the next round's turns from the top."
        ),
        build=_king_action,
        ask="Spend an Action Point on the King track.",
        expected=frozenset({"advance king"}),
        why=(
            "Each Action Point moves your marker one space up: from -2 to -1 here, and "
            "the 5 left can lift it into the blue part."
        ),
        wrong={
            "end turn": Wrong("your marker stays at -2 for now, 2 VP to lose in the King phase."),
            "take character 1": Wrong("Characters belong to the Character action.", True),
        },
        after=(
            "In the King phase the highest marker takes the King's bonus tile. Then the\n"
            "round's Fair scores in its Town for players with a House or the Merchant\n"
            "there. After round 4 come Houses times Pillars, Completed Buildings and\n"
            "1 VP per 4 resources left."
        ),
        rule="Tiletum, Actions in Detail: King Action",
        check=_king_check,
        measure=lambda s: float(_me(s)["king_track"]),
    ),
    bout(
        title="A game against the random bot",
        intro=(
            "Now play a whole game as seat 0 against the random bot: 4 rounds of 3 turns.\n"
            "You move first: type `board` to see the position and `moves` for your moves.\n"
            "Ask for a hint at any time: the strongest bot says what it would play and why."
        ),
        build=_start_game,
        after=(
            "That is the whole game: the most VP wins; a tie goes to the player first in\n"
            "turn order."
        ),
        rule="Tiletum, End of the Game and Final Scoring",
    ),
)

TUTORIAL = Tutorial(GAME, LESSONS)
