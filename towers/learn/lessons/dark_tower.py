"""The Return to Dark Tower tutorial: a turn's three steps (the Banner action; Reinforce,
movement and a heroic action in the middle; the skull dropped at the end), a dungeon of the
main goal, a battle and the placing of skulls, from the rulebook's Taking Your Turn and the
sections it points to (cited per lesson), then a game with the random bot.

Every position comes from one cooperative game of two heroes played through the engine (the
recommended first game: Recover Azkol's Treasures against Ashstrider, seeded setup). Seat 0,
the learner, is the Brutal Warlord of Durnin; seat 1, the Relic Hunter of Arisilon, is the
teammate. On the first turn the Warlord reinforces at home and travels to Howling Desert to
explore the Tunnels of the Doomed Warlord; on the second he battles the Brigands at Archmont
and then places the skulls that his drop sends into Brynthia, a kingdom no hero calls home.
"""

from __future__ import annotations

import random
from typing import Any

from towers.core.chance import resolve_chance
from towers.core.game import State
from towers.learn.tutorial import Lesson, Tutorial, Wrong, bout, script

GAME = "dark_tower"
PLAYERS = 2
SEED = 0

SETUP = [
    # the setup's skulls: one east into Brynthia (placed by the hero who dropped it), one
    # south into Arisilon, the Relic Hunter's home
    "place the skull on Village of Duwani",
    "place the skull on Citadel of Howling Desert",
]
START = ["banner", "done"]
REINFORCE = ["reinforce free"]
TRAVEL = [
    "double move",
    "move to Broken Lands",
    "move to Ash Hills",
    "move to Hissing Groves",
    "move to Lonelight Hills",
    "move to Howling Desert",
]
ENTER = ["explore", "enter room 1", "revealed: room 8"]
TURN1_END = [
    "spend an advantage",
    "resolve",
    "leave the dungeon",
    "drop a skull",
    "tower: door east",
    "place the skull on Village of Duwani",
    "tower: still",
    "event 22: the tower stirs: a glowing seal breaks",
    "the seal at top west glows",
    "tower: still",
]
SEAT1_TURN = [
    "done",
    "drop a skull",
    "tower: still",
    # the second month begins with the Warlord's turn
    "event 28: companions help: gain 1 potion",
    "draw Potion of One Thousand Strides",
    "monthly quest Win Egan's Tournament",
    "monthly quest Lay Plovo's Ghost to Rest",
]
TURN2 = ["banner", "done", "move to Azkol's Bane", "move to Archmont"]
BATTLE = [
    "battle foe2",
    "battle card rout",
    "spend an advantage",
    "spend an advantage",
    "resolve",
    "draw Potion of the Siren's Song",
    "battle card rout",
    "resolve",
    "drop a skull",
    "tower: door east",
    "place the skull on Village of Duwani",
    "tower: door east",
]
DUWANI = "Village of Duwani"
HERE = "Archmont"


def _at(*parts: list[str]) -> State:
    words: list[str] = []
    for part in parts:
        words += part
    return script(GAME, words, players=PLAYERS, seed=SEED)


def _obs(state: State) -> dict[str, Any]:
    return state.observation(0)


def _hero(state: State) -> dict[str, Any]:
    return dict(_obs(state)["heroes"][0])


def _turn(state: State) -> dict[str, Any]:
    return dict(_obs(state)["turn"])


def _legal_words(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def _finish(state: State, seed: int = SEED) -> State:
    """A copy of ``state`` once seat 0 has played out the battle card or dungeon room in hand:
    an advantage spent on each card while one is at hand, then the card resolved, any draw it
    makes settled by a generator seeded by ``seed``."""
    done = state.clone()
    rng = random.Random(seed)
    for _ in range(40):
        while done.is_chance_node():
            resolve_chance(done, rng)
        if done.is_terminal() or done.current_player() != 0:
            break
        words = _legal_words(done)
        word = next((w for w in ("spend an advantage", "resolve") if w in words), None)
        if word is None:
            break
        done.apply_action(done.string_to_action(word))
    return done


def _foes_on_board(state: State) -> int:
    return sum(sum(foe["at"].values()) for foe in _obs(state)["foes"])


def _brigands_here(state: State) -> int:
    foe = next(f for f in _obs(state)["foes"] if f["foe"] == "Brigands")
    return int(foe["at"].get(HERE, 0))


def _buildings(state: State) -> dict[str, Any]:
    return dict(_obs(state)["buildings"])


def _standing(state: State) -> float:
    return float(sum(v != "destroyed" for v in _buildings(state).values()))


def _skulls_on_buildings(state: State) -> int:
    return sum(v for v in _buildings(state).values() if v != "destroyed")


# ---- the positions -------------------------------------------------------------------------
def _first_turn() -> State:
    return _at(SETUP)


def _middle_of_turn() -> State:
    return _at(SETUP, START)


def _reinforced() -> State:
    return _at(SETUP, START, REINFORCE)


def _at_the_dungeon() -> State:
    return _at(SETUP, START, REINFORCE, TRAVEL)


def _in_a_room() -> State:
    return _at(SETUP, START, REINFORCE, TRAVEL, ENTER)


def _at_the_brigands() -> State:
    return _at(SETUP, START, REINFORCE, TRAVEL, ENTER, TURN1_END, SEAT1_TURN, TURN2)


def _placing_skulls() -> State:
    return _at(SETUP, START, REINFORCE, TRAVEL, ENTER, TURN1_END, SEAT1_TURN, TURN2, BATTLE)


def _start_game() -> State:
    return script(GAME, [], players=PLAYERS, seed=7)


# ---- what each lesson's move does ----------------------------------------------------------
def _banner_check(before: State, after: State) -> bool:
    return bool(
        _hero(after)["warriors"] == _hero(before)["warriors"] + 2 == 9
        and _turn(after)["banner_used"]
    )


def _reinforce_check(before: State, after: State) -> bool:
    b, a = _hero(before), _hero(after)
    return bool(
        a["warriors"] == b["warriors"] + 3 == 12
        and a["spirit"] == b["spirit"] == 1
        and _turn(after)["reinforced"]
    )


def _double_check(before: State, after: State) -> bool:
    t = _turn(after)
    return bool(
        t["doubled"]
        and t["moves_left"] == 2 * _turn(before)["moves_left"] == 6
        and _hero(after)["spirit"] == _hero(before)["spirit"] - 1 == 0
    )


def _explore_check(before: State, after: State) -> bool:
    dungeon = _obs(after)["dungeon"]
    return bool(
        _obs(before)["dungeon"] is None
        and dungeon is not None
        and dungeon["at"] == "Howling Desert"
        and _turn(after)["heroic_done"]
    )


def _advantage_check(before: State, after: State) -> bool:
    room = _obs(after)["dungeon"]
    resolved = _finish(after)
    return bool(
        room is not None
        and room["advantages_spent"] == 1
        and _hero(resolved)["warriors"] == _hero(before)["warriors"] - 2 == 10
    )


def _battle_check(before: State, after: State) -> bool:
    """The battle begins with the Brigands at Archmont, two cards to come; played out, it
    removes that token and ends the heroic action. On the cards the script draws, two Routs
    (lose 1 spirit, at best gain 1 potion), the 2 advantages lift the first to a potion, the
    second costs 1 spirit, and the heroic action gives 2: a potion and 1 spirit more."""
    battle = _obs(after)["battle"]
    won = _finish(after)
    played = before.clone()
    for word in BATTLE[: BATTLE.index("drop a skull")]:
        played.apply_action(played.string_to_action(word))
    return bool(
        battle is not None
        and battle["foe"] == "Brigands"
        and battle["cards_left"] == 2
        and _obs(won)["battle"] is None
        and _turn(won)["heroic_done"]
        and _brigands_here(won) == _brigands_here(before) - 1 == 0
        and _obs(played)["battle"] is None
        and _hero(played)["spirit"] == _hero(before)["spirit"] - 1 + 2
        and sum(_hero(played)["potions"].values()) == sum(_hero(before)["potions"].values()) + 1
        and _hero(played)["warriors"] == _hero(before)["warriors"]
    )


def _placed_elsewhere(state: State, action: int) -> bool:
    words = state.action_to_string(action)
    return words.startswith("place the skull on ") and not words.endswith(DUWANI)


def _skull_check(before: State, after: State) -> bool:
    b, a = _buildings(before), _buildings(after)
    return bool(
        a[DUWANI] == b[DUWANI] == 3
        and _standing(after) == _standing(before)
        and _skulls_on_buildings(after) >= _skulls_on_buildings(before) + 1
        and not _hero(after)["corruptions"]
    )


def _warriors(state: State) -> float:
    return float(_hero(state)["warriors"])


def _moves_left(state: State) -> float:
    return float(_turn(state)["moves_left"])


def _exploring(state: State) -> float:
    return 1.0 if _obs(state)["dungeon"] is not None else 0.0


def _warriors_after_the_room(state: State) -> float:
    return _warriors(_finish(state))


def _foes_after_the_battle(state: State) -> float:
    return -float(_foes_on_board(_finish(state)))


LESSONS = (
    Lesson(
        key="banner",
        title="A turn, and the Banner action",
        intro=(
            "You play the Brutal Warlord of Durnin (seat 0); the Relic Hunter (seat 1) is\n"
            "your teammate, for the heroes win or lose together. Each turn has three steps:\n"
            "at the start, the Banner action of your hero board; in the middle, a move, one\n"
            "heroic action and one Reinforce, in any order; at the end, a skull dropped into\n"
            "the Tower. You stand on the Citadel of Radiant Mountains with 7 warriors and\n"
            "1 spirit."
        ),
        build=_first_turn,
        ask="Take your Banner action: the Brutal Warlord's gives 2 warriors.",
        expected=frozenset({"banner"}),
        why=(
            "The Banner action is free and cannot be saved for a later turn: 9 warriors now "
            "instead of 7."
        ),
        wrong={
            "done": Wrong("skipping the Banner action leaves you 7 warriors instead of 9."),
            "reinforce free": Wrong(
                "the start of the turn comes first: Reinforce waits for the middle.", True
            ),
        },
        after=(
            "Say done to go on to the middle of the turn. Warriors pay for what battles,\n"
            "dungeons and foes' strikes take from you; spirit pays for doubled moves and\n"
            "the buildings' enhanced effects."
        ),
        rule="Return to Dark Tower, Start of Turn",
        check=_banner_check,
        measure=_warriors,
    ),
    Lesson(
        key="reinforce",
        title="Reinforce at a building",
        intro=(
            "Once a turn you may Reinforce at a building on your space, before or after\n"
            "moving. Each building has a free effect and an enhanced one that costs spirit.\n"
            "The Citadel's free effect gives 3 warriors; its enhanced effect 7 warriors for\n"
            "2 spirit. You hold 9 warriors and 1 spirit, and you mean to travel far."
        ),
        build=_middle_of_turn,
        ask="Reinforce at the Citadel of Radiant Mountains before you leave.",
        expected=frozenset({"reinforce free"}),
        why="The free effect gives 3 warriors (12 now) and keeps your spirit for the road.",
        wrong={
            "reinforce enhanced": Wrong(
                "the enhanced effect costs 2 spirit and you hold only 1.", True
            ),
            "move to Broken Lands": Wrong(
                "it leaves the Citadel without its 3 warriors: 9 instead of 12."
            ),
        },
        after=(
            "Before Reinforcing you may roll the haggle die: it may add 3 warriors, a\n"
            "potion or a gear to the Reinforce, or cancel it."
        ),
        rule="Return to Dark Tower, Reinforce",
        check=_reinforce_check,
        measure=_warriors,
    ),
    Lesson(
        key="move",
        title="Moving, and doubling the move",
        intro=(
            "The main goal, Recover Azkol's Treasures, starts in the Tunnels of the Doomed\n"
            "Warlord at Howling Desert, 5 spaces from you: Broken Lands, Ash Hills,\n"
            "Hissing Groves, Lonelight Hills, Howling Desert. Each step to a space sharing a\n"
            "border costs 1 move, rivers included, and the Brutal Warlord moves 3. One\n"
            "spirit doubles the turn's move, if spent before the first step."
        ),
        build=_reinforced,
        ask="Make sure you can reach Howling Desert this turn.",
        expected=frozenset({"double move"}),
        why="One spirit turns your 3 moves into 6: enough for the 5 steps to Howling Desert.",
        wrong={
            "move to Broken Lands": Wrong(
                "once you have stepped, the move can no longer be doubled: 2 moves left "
                "instead of 6, and Howling Desert stays out of reach."
            ),
        },
        after=(
            "Nothing on the board stops you: foes, skulls and other heroes may be passed\n"
            "through. You may also stop, act, and go on moving."
        ),
        rule="Return to Dark Tower, Movement",
        check=_double_check,
        measure=_moves_left,
    ),
    Lesson(
        key="explore",
        title="A heroic action: the main goal's dungeon",
        intro=(
            "You have reached Howling Desert, where the Tunnels of the Doomed Warlord hide\n"
            "the first of Azkol's treasures, the Crown of Azkol. A turn allows one heroic\n"
            "action, and each gives 2 spirit once done: Cleanse the skulls from a building\n"
            "on your space, Battle a foe on it, or Quest (a quest or a dungeon). The Citadel\n"
            "here holds 1 skull."
        ),
        build=_at_the_dungeon,
        ask="Use your heroic action on the main goal.",
        expected=frozenset({"explore"}),
        why=(
            "Exploring the dungeon is the Quest action: you choose a room to enter, and the "
            "room hiding the Crown of Azkol completes this step of the main goal."
        ),
        wrong={
            "cleanse": Wrong(
                "it clears the Citadel's 1 skull but spends your one heroic action: the "
                "dungeon waits another turn."
            ),
            "battle level-2 foe": Wrong("the Brigands stand at Archmont, not here.", True),
        },
        after=(
            "A room may be improved by one advantage of the dungeon's kind; its result is\n"
            "then applied, and you choose to enter another room or leave. Rooms cleared\n"
            "stay cleared for every hero."
        ),
        rule="Return to Dark Tower, Heroic Actions",
        check=_explore_check,
        measure=_exploring,
    ),
    Lesson(
        key="room",
        title="Spending an advantage in a room",
        intro=(
            "You entered room 1 of the Tunnels of the Doomed Warlord: the Ritual Circle,\n"
            "which takes 4 warriors. Your hero brings 1 advantage that counts in this tomb,\n"
            "and a room may be improved by one advantage. You hold 12 warriors."
        ),
        build=_in_a_room,
        ask="Come out of the Ritual Circle with as many warriors as you can.",
        expected=frozenset({"spend an advantage"}),
        why="The advantage lowers the room's loss from 4 warriors to 2: you keep 10.",
        wrong={
            "resolve": Wrong("the room takes all 4 warriors: 8 left instead of 10."),
        },
        after=(
            "A loss you cannot pay in full costs what you have and one corruption; a third\n"
            "corruption loses the game for everyone. Leave the dungeon when it turns\n"
            "costly: the rooms you cleared stay cleared for the next visit."
        ),
        rule="Return to Dark Tower, Exploring a Dungeon",
        check=_advantage_check,
        measure=_warriors_after_the_room,
    ),
    Lesson(
        key="battle",
        title="Battle a foe",
        intro=(
            "Your second turn: you walked 2 spaces to Archmont, where a token of the\n"
            "Brigands, the level-2 foe, stands. A battle turns over as many battle cards as\n"
            "the foe's level, one at a time; each advantage you spend improves the card in\n"
            "play, up to its best result, 10 at most a heroic action. When every card is\n"
            "resolved the foe is defeated. You hold 12 warriors and 2 spirit."
        ),
        build=_at_the_brigands,
        ask="Rid Archmont of the Brigands.",
        expected=frozenset({"battle level-2 foe"}),
        why=(
            "Two cards for a level-2 foe, your advantages spent on them: when both are "
            "resolved the token leaves the board and you gain 2 spirit."
        ),
        wrong={
            "explore": Wrong("the main goal's dungeon is at Howling Desert.", True),
            "cleanse": Wrong("Archmont has no building, so nothing to cleanse.", True),
            "drop a skull": Wrong(
                "it ends your turn with the Brigands still at Archmont, free to strike."
            ),
        },
        after=(
            "A loss you cannot fully pay costs a corruption. The adversary is different:\n"
            "you may retreat after a card, and the advantages spent on its cards stay."
        ),
        rule="Return to Dark Tower, Battle",
        check=_battle_check,
        measure=_foes_after_the_battle,
    ),
    Lesson(
        key="skulls",
        title="The skull at the end of the turn",
        intro=(
            "Every turn ends with a skull dropped into the Tower; the skulls that tumble out\n"
            "go onto buildings of the kingdom they came out facing. Two of yours came out\n"
            "facing Brynthia, no hero's home, so you, who dropped them, place them. The\n"
            "first went onto the Village of Duwani, its third skull. A building holds 3; a\n"
            "fourth destroys it for the rest of the game."
        ),
        build=_placing_skulls,
        ask="Place the second skull without losing a building.",
        expected=_placed_elsewhere,
        why=(
            "Any other building of Brynthia takes the skull and every building stands. A "
            "hero may Cleanse the Village of Duwani later to empty it."
        ),
        wrong={
            "place the skull on Village of Duwani": Wrong(
                "a fourth skull destroys the Village of Duwani and its Reinforce is gone."
            ),
        },
        after=(
            "A building destroyed in a hero's home kingdom gives that hero a corruption.\n"
            "The heroes lose at a third corruption, when a skull must be taken from an\n"
            "empty supply, or when the sixth month ends."
        ),
        rule="Return to Dark Tower, Placing Skulls",
        check=_skull_check,
        measure=_standing,
    ),
    bout(
        title="A game with the random bot",
        intro=(
            "Now play a whole game as the Brutal Warlord (seat 0); the random bot plays\n"
            "your teammate, the Relic Hunter. Explore the three dungeons of Arisilon for\n"
            "Azkol's treasures, then defeat Ashstrider at Azkol's Bane before the sixth\n"
            "month ends. Ask for a hint at any time: the strongest bot says what it would\n"
            "play and why."
        ),
        build=_start_game,
        after=(
            "That is the whole game: the heroes win together by completing the main goal\n"
            "and defeating the adversary, and lose together otherwise."
        ),
        rule="Return to Dark Tower, Winning",
    ),
)

TUTORIAL = Tutorial(GAME, LESSONS, players=PLAYERS)
