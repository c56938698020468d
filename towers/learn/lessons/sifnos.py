"""The Towers of Sifnos tutorial: a turn's shape and Prepare's Card placement, the major
actions Construct, Invest and Muster in their Active Region, an invasion won on Might, the
Workshop Dice built onto Buildings and a Fort that takes a Die of any value, from the
rulebook's sections and worked examples (cited per lesson), then a game against the random
bot.

Every position comes from one opening played through the engine (seed 0, two players): seat 0,
the learner (P1, red), is the first player; seat 1 (P2, blue) invests a 4 in Artemonas on its
first turn, which leaves Kamares Province one Die short of an invasion.

The tutorial's registration is :data:`TUTORIAL`, as the other games' tutorials declare theirs.
"""

from __future__ import annotations

import random
from typing import Any

from towers.core.chance import resolve_chance
from towers.core.game import State
from towers.learn.tutorial import Lesson, Tutorial, Wrong, bout, script

GAME = "sifnos"
SEED = 0

PREPARE = [
    "use Place a Card",
    "place Gold Card: Ship for Gold",
    "discard Lead Card: place a Soldier for Silver",
    "discard Silver Card: Tent in Cheronissos",
    "done",
]
CONSTRUCT = ["construct", "helmet on Kastro north-east", "done"]
INVEST = ["invest", "die 1 in Kastro", "done"]
# the majors end, Defend has nothing to build; Recoup rolls the Die that refills the Supply
TURN1 = [*PREPARE, *CONSTRUCT, *INVEST, "done", "roll 2"]
SEAT1_TURN = ["done", "invest", "die 4 in Artemonas", "done", "done", "build 1 on Gate left 1"]
MUSTER = ["done", "muster", "use Move, place or Fort"]
TURN2 = [*MUSTER, "move barracks to supply", "done", "invest"]
INVASION = ["die 2 in Agia Marina", "done", "done"]
BUILD = ["build 3 on Theatre 1", "build 2 on Theatre 2"]
SEAT1_TURN2 = ["done", "done", "build 4 on Gate left 2"]
FORT = [
    *MUSTER[:2],
    "use Soldiers for Silver",
    "discard Silver Card: discount Silver by 2",
    "soldier to Fykiada",
    "use Move, place or Fort",
]
KAMARES = ("kamares", "agia_marina", "artemonas")
"""The Regions of Kamares Province (observation ids, never shown)."""


def _at(*words: str) -> State:
    return script(GAME, list(words), seed=SEED)


def _obs(state: State) -> dict[str, Any]:
    return state.observation(0)


def _side(state: State) -> dict[str, Any]:
    return dict(_obs(state)["sides"][0])


def _region(state: State, region: str) -> dict[str, Any]:
    return next(dict(r) for r in _obs(state)["regions"] if r["id"] == region)


def _influence(state: State) -> int:
    return sum(_side(state)["influence"].values())


def _words(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def _play(state: State, *words: str) -> State:
    done = state.clone()
    for word in words:
        done.apply_action(done.string_to_action(word))
    return done


# ---- the positions -------------------------------------------------------------------------
def _prepare() -> State:
    return _at("use Place a Card")


def _construct() -> State:
    return _at(*PREPARE, "construct")


def _invest() -> State:
    return _at(*PREPARE, *CONSTRUCT, "invest")


def _muster() -> State:
    return _at(*TURN1, *SEAT1_TURN, *MUSTER)


def _invasion() -> State:
    return _at(*TURN1, *SEAT1_TURN, *TURN2)


def _buildings() -> State:
    return _at(*TURN1, *SEAT1_TURN, *TURN2, *INVASION)


def _fort() -> State:
    return _at(*TURN1, *SEAT1_TURN, *TURN2, *INVASION, *BUILD, *SEAT1_TURN2, *FORT)


def _start_game() -> State:
    return script(GAME, [], seed=7)


# ---- what the moves do ---------------------------------------------------------------------
def _prepare_check(before: State, after: State) -> bool:
    paid = _play(
        after,
        "discard Lead Card: place a Soldier for Silver",
        "discard Silver Card: Tent in Cheronissos",
    )
    b, a = _side(before), _side(paid)
    return (
        a["influence"]["gold"] == b["influence"]["gold"] + 1
        and len(a["placed"]) == len(b["placed"]) + 1
        and a["hand_size"] == b["hand_size"] - 3
    )


def _die_choices(after: State) -> float:
    """How many Dice placements the Invest that follows would offer: the turn is taken on
    from ``after`` (the current action ended with done, any choice it still asks for made
    with its first option) to Invest, and its ``die ...`` moves are counted; 0 when Invest
    cannot follow this turn."""
    then = after.clone()
    rng = random.Random(SEED)
    for _ in range(20):
        while then.is_chance_node():
            resolve_chance(then, rng)
        if then.current_player() != 0 or then.is_terminal():
            return 0.0
        words = _words(then)
        if "invest" in words:
            then = _play(then, "invest")
            return float(sum(1 for w in _words(then) if w.startswith("die ")))
        if any(w.startswith("die ") for w in words):
            return 0.0  # Invest was taken before: no second one this turn
        then = _play(then, "done" if "done" in words else words[0])
    return 0.0


def _opens_invest(state: State, action: int) -> bool:
    words = state.action_to_string(action)
    if " on " not in words or words.startswith("use "):
        return False
    then = state.clone()
    then.apply_action(action)
    return _die_choices(then) > 0


def _towers_placed(state: State) -> int:
    return sum(
        1 for space in _obs(state)["tower_spaces"] for owner, _ in space["towers"] if owner == 0
    )


def _construct_check(before: State, after: State) -> bool:
    return (
        _towers_placed(after) == _towers_placed(before) + 1
        and sum(_side(after)["tower_supply"].values())
        == sum(_side(before)["tower_supply"].values()) - 1
    )


def _invest_check(before: State, after: State) -> bool:
    return (
        _region(before, "kastro")["die"] is None
        and _region(after, "kastro")["die"] == [0, 1]
        and sorted(_side(after)["dice_supply"]) == [6]
        and len(_side(before)["dice_supply"]) == 2
    )


def _muster_check(before: State, after: State) -> bool:
    b, a = _side(before), _side(after)
    return bool(
        a["barracks"] == b["barracks"] - 1 == 4
        and a["soldier_supply"] == b["soldier_supply"] + 1 == 1
    )


def _resolved(state: State) -> State:
    """``state`` once seat 0 has ended its Invest and its major actions: any invasion is
    resolved then."""
    done = state.clone()
    rng = random.Random(SEED)
    for _ in range(2):
        while done.is_chance_node():
            resolve_chance(done, rng)
        if done.current_player() != 0 or "done" not in _words(done):
            break
        done.apply_action(done.string_to_action("done"))
    while done.is_chance_node():
        resolve_chance(done, rng)
    return done


def _invasion_check(before: State, after: State) -> bool:
    done = _resolved(after)
    b, a = _side(before), _side(done)
    return (
        a["influence"]["gold"] == b["influence"]["gold"] + 1
        and a["hand_size"] == b["hand_size"] + 1
        and sorted(a["workshop"]) == [2, 3]
        and all(_region(done, r)["die"] is None for r in KAMARES)
        and sum(1 for r in KAMARES if _region(before, r)["die"] is not None) == 2
    )


def _building_of(words: str) -> str:
    """``build 3 on Lead Column 1`` -> ``Lead Column``."""
    return words.split(" on ", 1)[1].rsplit(" ", 1)[0]


def _followers(state: State, action: int) -> list[str]:
    """The builds of the other Workshop Die on the Building ``action`` starts."""
    then = state.clone()
    then.apply_action(action)
    building = _building_of(state.action_to_string(action))
    if then.current_player() != 0:
        return []
    return [w for w in _words(then) if w.startswith("build ") and _building_of(w) == building]


def _joins(state: State, action: int) -> bool:
    words = state.action_to_string(action)
    return words.startswith("build ") and bool(_followers(state, action))


def _dice_on_buildings(state: State) -> int:
    buildings: Any = state.buildings  # type: ignore[attr-defined]
    return sum(1 for value in buildings[0] if value)


def _buildings_check(before: State, after: State) -> bool:
    return (
        _dice_on_buildings(after) == _dice_on_buildings(before) + 1
        and len(_side(after)["workshop"]) == len(_side(before)["workshop"]) - 1 == 1
    )


def _buildings_measure(state: State) -> float:
    """After a build: 1 when the Die left in the Workshop may join the Building just
    started, else 0."""
    if state.current_player() != 0 or not state.history():
        return 0.0
    building = _building_of(state.action_to_string(state.history()[-1]))
    joins = [w for w in _words(state) if w.startswith("build ") and _building_of(w) == building]
    return 1.0 if joins else 0.0


def _fort_check(before: State, after: State) -> bool:
    chosen = _play(after, "take Fort row 1 column 3")  # its face: draw 1 Card
    b, a = _side(before), _side(chosen)
    fykiada = _region(chosen, "fykiada")
    return (
        _region(before, "fykiada")["soldier"] == 0
        and fykiada["fort"] == 0
        and fykiada["soldier"] is None
        and a["barracks"] == b["barracks"] + 1
        and sorted(b["dice_supply"]) == [4, 6]
        and _die_choices(chosen) == 2.0  # the 4 and the 6 may both go on the Fort
    )


LESSONS = (
    Lesson(
        key="prepare",
        title="A turn, and placing a Card",
        intro=(
            "A turn runs left to right along your Player Board: Prepare, then 2 of the\n"
            "major actions Invest, Construct and Muster, then Defend and Recoup. In\n"
            "Prepare you may place a Card from your hand above the column its effect\n"
            "belongs to, paying its cost in discarded Cards of its mineral; any 2 Cards\n"
            "stand in for 1. You chose the printed effect Place a Card, and you hold a\n"
            "Lead Card and a Silver Card of cost 2 and Ship for Gold, a Gold Card of cost 1."
        ),
        build=_prepare,
        ask="Place the one Card you can pay for above your Player Board.",
        expected=frozenset({"place Gold Card: Ship for Gold"}),
        why=(
            "It costs 1 Gold Card, and your Lead and Silver Cards together stand in for it. "
            "Placing a Card gains 1 Influence of its mineral: 1 Gold Influence."
        ),
        wrong={
            "place Silver Card: Tent in Cheronissos": Wrong(
                "it costs 2 Silver Cards, and your other 2 Cards stand in for only 1.", True
            ),
            "place Lead Card: place a Soldier for Silver": Wrong(
                "it costs 2 Lead Cards, and your other 2 Cards stand in for only 1.", True
            ),
        },
        after=(
            "Discard the Lead and Silver Cards to pay. Ship for Gold now sits above your\n"
            "Muster column: at each Muster, a Gold Card discarded moves a Ship clockwise."
        ),
        rule="Towers of Sifnos, Cards",
        check=_prepare_check,
    ),
    Lesson(
        key="construct",
        title="Construct a Tower",
        intro=(
            "Prepare is over and you chose Construct. Both major actions of a turn act\n"
            "in one Active Region. A Tower stands on a corner between Regions, so after\n"
            "it you may Invest or Muster in any Region around it. A Tower must match the\n"
            "image printed on its space, unless you discard a Lead Card. Your Supply\n"
            "holds a jar and a helmet Tower, and Dice showing 1 and 6."
        ),
        build=_construct,
        ask="Place a Tower beside a free Region whose printed value one of your Dice shows.",
        expected=_opens_invest,
        why=(
            "Your Invest can follow around that Tower: a Die in a Region without a Fort "
            "must show the value printed there."
        ),
        wrong={
            "jar on Kastro north-east": Wrong(
                "that space shows a helmet, and you hold no Lead Card to ignore it.", True
            ),
            "helmet on Troulaki north-east": Wrong(
                "covering P2's Tower there means giving P2 2 Cards, and your hand is empty.",
                True,
            ),
            "jar on Troulaki north-west": Wrong(
                "no free Region around it shows a 1 or a 6, so your Invest would have "
                "nowhere to go."
            ),
        },
        after=(
            "Say done to end Construct, then choose Invest as your second major action.\n"
            "A fourth Tower of yours around one Region also places a Beacon there."
        ),
        rule="Towers of Sifnos, Construct",
        check=_construct_check,
        measure=_die_choices,
    ),
    Lesson(
        key="invest",
        title="Invest a Die",
        intro=(
            "Here your helmet Tower went on Kastro north-east, which leaves Kastro open\n"
            "to your Invest. A Die goes from your Supply into the Active Region, one Die\n"
            "a Region, and without a Fort it must show the value printed in that Region.\n"
            "Kastro shows 1; your Supply holds a 1 and a 6."
        ),
        build=_invest,
        ask="Invest a Die in the Active Region.",
        expected=frozenset({"die 1 in Kastro"}),
        why=(
            "Your 1 matches Kastro's printed 1. Kastro Province now holds 1 of the 3 Dice "
            "that bring the pirates."
        ),
        wrong={
            "die 6 in Kastro": Wrong(
                "Kastro shows 1 and has no Fort, so only a 1 may go there.", True
            ),
            "die 1 in Apokofto": Wrong(
                "Apokofto is not beside your new Tower, so it is not the Active Region.", True
            ),
        },
        after=(
            "When a Province holds 3 Dice, it is invaded after the major actions. Then\n"
            "Defend and Recoup end the turn: you draw 2 Cards and refill your Supply to\n"
            "2 Dice and 2 Towers."
        ),
        rule="Towers of Sifnos, Invest",
        check=_invest_check,
    ),
    Lesson(
        key="muster",
        title="Muster a Soldier",
        intro=(
            "Round 2. P2 invested a 4 in Artemonas, so Kamares Province holds 2 Dice:\n"
            "yours in Kamares and P2's. You chose Muster and its printed effect: move 1\n"
            "Soldier, place 1 Soldier, or remove 1 to place a Fort. Only Soldiers in your\n"
            "Supply may be placed, and all 5 of yours are still in the Barracks."
        ),
        build=_muster,
        ask="Get a Soldier ready to be placed.",
        expected=frozenset({"move barracks to supply"}),
        why=(
            "A move takes a Soldier from the Barracks to your Supply; from there a later "
            "Muster places it, worth 2 Might in an invasion."
        ),
        wrong={
            "soldier to Agia Marina": Wrong("your Supply holds no Soldier yet.", True),
            "fort in Kamares": Wrong(
                "a Fort replaces a Soldier of yours in the Region, and you have none there.",
                True,
            ),
        },
        after=(
            "Say done to end Muster. Your second major action will be Invest, and the\n"
            "Active Region is still open: moving from the Barracks fixes none."
        ),
        rule="Towers of Sifnos, Muster",
        check=_muster_check,
    ),
    Lesson(
        key="invasion",
        title="An invasion",
        intro=(
            "You chose Invest; your Supply holds a 2 and a 6. Kamares Province holds 2\n"
            "Dice, and Agia Marina there is free and shows 2. After the major actions a\n"
            "Province with 3 Dice is invaded: the most Might there (1 for each Die,\n"
            "Tower, Fort or Tent, 2 for a Soldier) gains 1 Influence per Ship of its\n"
            "mineral and the rewards of its empty Ship spaces. Influence is points."
        ),
        build=_invasion,
        ask="Invest where your Die brings an invasion that you win.",
        expected=frozenset({"die 2 in Agia Marina"}),
        why=(
            "Your 2 Dice against P2's 1 give you the most Might in Kamares: its Gold Ship "
            "gives you 1 Gold Influence, and with fewer than 3 Ships you draw 1 Card."
        ),
        wrong={
            "die 6 in Seralia": Wrong(
                "Kastro Province would hold only 2 Dice: no invasion, and no Influence."
            ),
            "die 2 in Troulaki": Wrong(
                "Cheronissos Province would hold only 2 Dice: no invasion, and no Influence."
            ),
            "die 6 in Kamares": Wrong("Kamares already holds a Die: one a Region.", True),
        },
        after=(
            "The Dice of the invaded Province go to their owners' Workshops with their\n"
            "values: your 3 and 2 now wait to be built. At Recoup the Ships there sail\n"
            "on and a new Ship is drawn from the Bag; the third Allied Ship drawn ends\n"
            "the game at once."
        ),
        rule="Towers of Sifnos, Resolving an Invasion",
        check=_invasion_check,
        measure=lambda s: float(_influence(_resolved(s))),
    ),
    Lesson(
        key="buildings",
        title="Build with your Workshop Dice",
        intro=(
            "Defend ends with your Workshop Dice, the 3 and the 2, placed on your\n"
            "Buildings, lower spaces first. Each Building has its rule: the Gate's Dice\n"
            "all differ; each Column's 2 Dice sum to 7; the Obelisk's 5 Dice match; in\n"
            "the Temple lower Dice are higher; on the Theatre neighbours differ by\n"
            "exactly 1. Buildings pay Influence or Cards as they grow and when done."
        ),
        build=_buildings,
        ask="Place a Die on a Building where your other Die can join it.",
        expected=_joins,
        why="Your other Die can go on the same Building next, so it grows by 2 Dice.",
        wrong={
            "build 2 on Lead Column 1": Wrong(
                "a Column needs 2 Dice summing to 7, and 2 and 3 make 5: your 3 cannot finish it."
            ),
            "build 3 on Obelisk 1": Wrong(
                "the Obelisk takes Dice of one value only, so your 2 cannot join the 3."
            ),
        },
        after=(
            "Then Recoup: you draw 2 Cards, refill your Supply to 2 Dice and 2 Towers,\n"
            "and the Ships of Kamares sail on clockwise."
        ),
        rule="Towers of Sifnos, Buildings",
        check=_buildings_check,
        measure=_buildings_measure,
    ),
    Lesson(
        key="fort",
        title="A Fort takes any Die",
        intro=(
            "Round 3. Your Supply holds Dice showing 4 and 6, and you chose Muster. A\n"
            "Silver Card discarded placed your Soldier in Fykiada, which shows 5: that\n"
            "made it the Active Region. The printed Muster effect is still unused: it\n"
            "may remove your Soldier there to place a Fort, which gives its printed\n"
            "effect and lets a Die of any value go into its Region."
        ),
        build=_fort,
        ask="Make Fykiada ready for a Die from your Supply.",
        expected=frozenset({"fort in Fykiada"}),
        why=(
            "The Soldier goes back to the Barracks and a Fort stands in Fykiada: your 4 "
            "or your 6 may now be invested there, though Fykiada shows 5."
        ),
        wrong={
            "move Fykiada to Xeroxylo": Wrong(
                "the Active Region stays Fykiada, which shows 5: neither of your Dice could "
                "go there."
            ),
            "move barracks to supply": Wrong(
                "a Soldier in your Supply does not change Fykiada's 5: no Die could follow."
            ),
            "soldier to Fykiada": Wrong(
                "your Supply's only Soldier already stands in Fykiada, and a Region holds one.",
                True,
            ),
        },
        after=(
            "Take a Fort from your Player Board: its face pays at once (draw 1 Card, any\n"
            "1 Influence or move 1 Soldier). Then Invest a 4 or a 6 in Fykiada. A Fort\n"
            "counts 1 Might, and a Die P2 puts on it would give you 1 of P2's Cards."
        ),
        rule="Towers of Sifnos, Forts",
        check=_fort_check,
        measure=_die_choices,
    ),
    bout(
        title="A game against the random bot",
        intro=(
            "Now play a whole game as P1 against the random bot. Ask for a hint at any\n"
            "time: the strongest bot says what it would play and why. The game ends at\n"
            "once when the third Allied Ship comes out of the Bag."
        ),
        build=_start_game,
        after=(
            "That is the whole game: Influence, emptied rows of Forts and Beacons,\n"
            "Tents, Scoring Tiles and Cards in hand add up; the most points wins."
        ),
        rule="Towers of Sifnos, End of the Game",
    ),
)

TUTORIAL = Tutorial(GAME, LESSONS)
