"""The Turris tutorial: the Action Step's Place, Gather Ichor and Collect, and the Complete
Mission Step, from the rulebook's worked examples of Alice and Bob (sections cited per
lesson), then a game against the random bot.

Every position comes from one opening played through the engine: the five face-up Missions
fixed, seat 1 the First Player, who takes the Spire (limited to one Scout) and the Shrine;
seat 0, the learner, plays the Ministers. The Beast Phase lesson starts again with seat 0
the First Player, its Scout in the Forge and seat 1's in the Nest.
"""

from __future__ import annotations

from typing import Any

from towers.core.game import State
from towers.learn.tutorial import Lesson, Tutorial, Wrong, bout, script

GAME = "turris"

OPENING = [
    "draw mission Forced Cooperation",
    "draw mission Offer of Protection",
    "draw mission Veteran Scouts",
    "draw mission Forgotten Rites",
    "draw mission Offering of Blood",
    "first player 2",
    "faction Ministers side A",
    "faction Tinkerers side A",
    "place Spire",
    "place Shrine",
    "pass",
]
ROUND1 = [
    "place Nest",
    "place Guild",
    "pass",
    "pass",
    # the Beast Phase: the Pain devours seat 1's Scout in the Shrine, the Delusion pushes
    # seat 0's Scout out of the Nest into the Forge; then seat 1 opens round 2
    "council ichor",
    "pass",
    "pass",
    "choose Forge",
    "place Garden",
    "choose Garden",
    "place Forge",
    "pass",
]
COLLECT = [
    "collect from Forge",
    "collect from Guild",
    "pass",
    "token I",
    "token I",
    "resolve 1",
    "resolve 1",
]
ICHOR, KNOWLEDGE, RELICS, WEAPONRY = 0, 1, 2, 3
FORGE, NEST = 2, 5
"""Locations by their place in the observation (the board's numbers less one)."""
DELUSION = 1
FIRST_PLAYER_OPENING = [
    *OPENING[:5],
    "first player 1",
    "faction Ministers side A",
    "faction Tinkerers side A",
    "place Forge",
    "gather ichor",
    "pass",
    "place Nest",
    "gather ichor",
    "pass",
    "pass",
    # the Beast Phase: the Pain, three steps from the Forge either way, goes by the Garden
    "choose Garden",
]


def _obs(state: State) -> dict[str, Any]:
    return state.observation(0)


def _resources(state: State) -> list[int]:
    return list(_obs(state)["resources"][0])


def _first_turn() -> State:
    return script(GAME, OPENING)


def _one_gather() -> State:
    return script(GAME, [*OPENING, "gather ichor"])


def _after_abyss() -> State:
    return script(GAME, [*OPENING, "place Abyss", "council ichor", "resolve 1"])


SETTLING = ("yes", "token I", "resolve ")


def _settled(state: State) -> State:
    """``state`` once seat 0 has paid for its last action (Ichor first) and taken what it
    gives, up to its next real choice."""
    done = state.clone()
    while done.current_player() == 0:
        words = [done.action_to_string(a) for a in done.legal_actions()]
        if not words or not all(w.startswith(SETTLING) or w == "token A" for w in words):
            break
        first = next((w for w in words if w.startswith(SETTLING)), words[0])
        done.apply_action(done.string_to_action(first))
    return done


def _revive_check(before: State, after: State) -> bool:
    done = _settled(after)
    b, a = _obs(before), _obs(done)
    return bool(
        b["graveyard"][0] == 1
        and _resources(before)[ICHOR] == 5
        and a["graveyard"][0] == 0
        and _resources(done)[ICHOR] == _resources(before)[ICHOR] - 1
    )


def _collect_turn() -> State:
    return script(GAME, OPENING + ROUND1)


def _mission_step() -> State:
    return script(GAME, OPENING + ROUND1 + ["collect", *COLLECT, "gather ichor", "pass"])


def _delusion_target() -> State:
    return script(GAME, FIRST_PLAYER_OPENING)


def _safe_scouts(state: State) -> float:
    """Seat 0's Scouts in Locations no Beast stands in."""
    o = _obs(state)
    beasts = set(o["beast_at"])
    return float(sum(n[0] for i, n in enumerate(o["scouts"]) if i not in beasts))


def _target_check(before: State, after: State) -> bool:
    o = _obs(after)
    return bool(
        _obs(before)["beast_at"][DELUSION] != NEST
        and o["beast_at"][DELUSION] == NEST
        and o["scouts"][FORGE][0] == 1
    )


def _start_game() -> State:
    return script(GAME, [], seed=7)


def _place_check(before: State, after: State) -> bool:
    b, a = _obs(before), _obs(after)
    return bool(
        a["hand_sizes"][0] == b["hand_sizes"][0] + 2 and a["reserve"][0] == b["reserve"][0] - 1
    )


def _gather_check(before: State, after: State) -> bool:
    # the turn's first Gather gave 1 Ichor; the second gives 1 and 1 more
    return _resources(after)[ICHOR] == _resources(before)[ICHOR] + 2 == 6


def _collect_check(before: State, after: State) -> bool:
    done = after.clone()
    for word in COLLECT:
        done.apply_action(done.string_to_action(word))
    b, a = _resources(before), _resources(done)
    return (
        a[ICHOR] == b[ICHOR] - 2
        and a[KNOWLEDGE] == b[KNOWLEDGE] + 2
        and a[WEAPONRY] == b[WEAPONRY] + 2
        and _obs(done)["reserve"][0] == _obs(before)["reserve"][0] + 2
    )


def _mission_check(before: State, after: State) -> bool:
    return bool(
        _resources(before) == [2, 2, 0, 2, 1]  # Ichor, Knowledge, Relics, Weaponry, Artifacts
        and _obs(after)["prestige"][0] == _obs(before)["prestige"][0] + 3
    )


LESSONS = (
    Lesson(
        key="place",
        title="Place a Scout",
        intro=(
            "Each turn you take 2 actions, then may complete a Mission. Place puts a Scout\n"
            "from your reserve in a Location without a Beast. An Immediate Location pays at\n"
            "once; any other pays only when you Collect the Scout later. P2 (blue), the First\n"
            "Player, got to the Spire first: it takes one Scout, so it is closed to you."
        ),
        build=_first_turn,
        ask="Place a Scout in the Nest, an Immediate Location: it draws 2 Tactics cards now.",
        expected=frozenset({"place Nest"}),
        why="The Nest pays as the Scout lands: 2 Tactics cards in your hand at once.",
        wrong={
            "place Spire": Wrong("P2's Scout already holds the Spire.", True),
            "place Guild": Wrong(
                "the Guild pays its 2 Knowledge only when you Collect, a turn later at best."
            ),
        },
        after=(
            "Your second action may Place again (say in the Guild, which pays on a Collect).\n"
            "Then the Beasts move toward the nearest Scouts: watch where they stand."
        ),
        rule="Turris, Action Step (PLACE)",
        check=_place_check,
        measure=lambda s: float(_obs(s)["hand_sizes"][0]),
    ),
    Lesson(
        key="gather",
        title="Gather Ichor",
        intro=(
            "Ichor pays for everything: 1 to bring each Scout home with Collect, 3 to revive\n"
            "one from the Graveyard. Gather Ichor gives 1, and a turn spent gathering twice\n"
            "gives 1 more. You have just gathered once (4 Ichor now) and have one action\n"
            "left."
        ),
        build=_one_gather,
        ask="Use your second action so that this turn gives the most Ichor.",
        expected=frozenset({"gather ichor"}),
        why="The second Gather gives 1 Ichor and the bonus 1: 3 Ichor for the whole turn.",
        wrong={
            "collect": Wrong("you have no Scout on the board to Collect.", True),
            "place Guild": Wrong("it leaves you with 4 Ichor instead of 6."),
        },
        after="Ichor in hand means you can Collect several Scouts at once next turn.",
        rule="Turris, Action Step",
        check=_gather_check,
        measure=lambda s: float(_resources(s)[ICHOR]),
    ),
    Lesson(
        key="revive",
        title="Bring a Scout back from the Graveyard",
        intro=(
            "Your first action placed a Scout in the Abyss: it sacrificed another Scout\n"
            "from your reserve to the Graveyard for an Artifact, and the Council track, one\n"
            "step on for the lost Scout, paid 2 Ichor. Force Revive brings one Scout back\n"
            "for 3 Ichor; the Isle, an Immediate Location, revives up to 3 for 1 Ichor each,\n"
            "when no Beast stands in it."
        ),
        build=_after_abyss,
        ask="Get your Scout out of the Graveyard for the least Ichor.",
        expected=frozenset({"place Isle"}),
        why="The Isle brings the Scout back for 1 Ichor: you keep 4 Ichor instead of 2.",
        wrong={
            "force revive": Wrong("it costs 3 Ichor for the one Scout; the Isle costs 1."),
            "collect": Wrong("you Placed this turn, so you may not Collect in it.", True),
        },
        after=(
            "Force Revive is for the turns when a Beast stands in the Isle, or when all four\n"
            "of your Scouts are in the Graveyard: then it costs only 1 Ichor."
        ),
        rule="Turris, Action Step (FORCE REVIVE)",
        check=_revive_check,
        measure=lambda s: float(_resources(_settled(s))[ICHOR]),
    ),
    Lesson(
        key="collect",
        title="Collect your Scouts",
        intro=(
            "Last round you placed in the Nest (2 Tactics cards at once) and the Guild. The\n"
            "Delusion then pushed your Nest Scout into the Forge. Now your Scouts stand in\n"
            "the Forge (2 Weaponry) and the Guild (2 Knowledge), and no Beast stands there."
        ),
        build=_collect_turn,
        ask="Bring both Scouts home and take their rewards.",
        expected=frozenset({"collect"}),
        why=(
            "Collect calls back any of your Scouts for 1 Ichor each and pays each one's "
            "Location: 2 Ichor for 2 Weaponry and 2 Knowledge."
        ),
        wrong={
            "place Garden": Wrong("P2's Scout already holds the Garden.", True),
            "force revive": Wrong("none of your Scouts is in the Graveyard.", True),
        },
        after=(
            "Choose the Scouts (Forge and Guild), pay 2 Ichor and take the rewards in the\n"
            "order you like. One Collect a turn, and no Place after it in the same turn."
        ),
        rule="Turris, Action Step (COLLECT)",
        check=_collect_check,
    ),
    Lesson(
        key="mission",
        title="Complete a Mission",
        intro=(
            "After your 2 actions you may complete one face-up Mission: pay its cost and gain\n"
            "its Prestige. An Artifact may stand in for any one resource. You hold 2 Ichor,\n"
            "2 Knowledge, 2 Weaponry and 1 Artifact."
        ),
        build=_mission_step,
        ask="Complete the Mission that gives the most Prestige for what you hold.",
        expected=frozenset({"mission Offering of Blood"}),
        why="Offering of Blood costs 1 Ichor and 1 Weaponry and gives 3 Prestige.",
        wrong={
            "mission Forced Cooperation": Wrong("it gives 2 Prestige, Offering of Blood 3."),
            "mission Forgotten Rites": Wrong("it needs 2 Relics and you have none.", True),
            "pass": Wrong("no Mission means no Prestige this turn."),
        },
        after=(
            "Completed Missions count toward Tower Rooms: the first needs 2 of them. The\n"
            "face-up Missions are refilled to 5 when your turn ends."
        ),
        rule="Turris, Complete Mission Step",
        check=_mission_check,
        measure=lambda s: float(_obs(s)["prestige"][0]),
    ),
    Lesson(
        key="beasts",
        title="Where a Beast goes",
        intro=(
            "In the Beast Phase each Beast in turn heads for the Location with the Fruit,\n"
            "else the nearest one with Scouts; at equal distance, the one with more Scouts;\n"
            "still tied, the First Player chooses. You are the First Player this round. The\n"
            "Delusion, in the Hollow Tree, has two targets one step away: your Scout in the\n"
            "Forge and P2's in the Nest. A Scout it reaches is pushed to a neighbouring\n"
            "Location, away from what it was waiting to Collect."
        ),
        build=_delusion_target,
        ask="Choose the Delusion's target.",
        expected=frozenset({"choose Nest"}),
        why=(
            "The Delusion moves into the Nest and pushes P2's Scout; yours stays in the "
            "Forge, ready to Collect 2 Weaponry next turn."
        ),
        wrong={
            "choose Forge": Wrong("the Delusion would push your own Scout out of the Forge."),
        },
        after=(
            "As First Player you also choose where a pushed Scout goes and which way a\n"
            "Beast goes when two paths are equally short. The Pain and the Harrow devour\n"
            "Scouts; the Despair makes their owners discard."
        ),
        rule="Turris, Beast Phase",
        check=_target_check,
        measure=_safe_scouts,
    ),
    bout(
        title="A game against the random bot",
        intro=(
            "Now play a whole game as P1 (red) against the random bot. Ask for a hint at any\n"
            "time: the strongest bot says what it would play and why."
        ),
        build=_start_game,
        after="That is the whole game: the most Prestige wins.",
        rule="Turris, Endgame",
    ),
)

TUTORIAL = Tutorial(GAME, LESSONS)
