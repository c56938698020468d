"""The Torres tutorial: the turn's actions, scoring and the King, from the rulebook's turn
structure and worked examples (sections cited per lesson), then a game against the random bot.

Every position comes from one opening played through the engine: seat 0's first knight on d1,
seat 1's on c6, the King on f3; seat 0 builds the castle of d1 into an L of d1, d2 and e1 with
a tower on d2, while seat 1 spends its points on its scoring marker.
"""

from __future__ import annotations

from typing import Any, cast

from towers.core.game import State
from towers.learn.tutorial import Lesson, Tutorial, Wrong, bout, script

GAME = "torres"

OPENING = ["first knight d1", "first knight c6", "king f3"]
SEAT1_TURN = ["advance marker"] * 5 + ["end turn"]
TURN1 = ["block d2", "block d2", "block e1", "end turn"]
TURN2 = [
    "block d2",
    "acquire card",
    "draw Jump up two levels",
    "draw Door climb",
    "draw Diagonal move",
    "keep Jump up two levels",
    "return Door climb top",
    "return Diagonal move bottom",
    "end turn",
]
TURN3 = ["play Jump up two levels d1 N", "end turn"]
TURN4 = ["block e2", "block e2", "end turn"]


def _at(*turns: list[str]) -> State:
    words: list[str] = list(OPENING)
    for turn in turns:
        words += turn
    return script(GAME, words)


def _first_turn() -> State:
    return _at()


def _second_turn() -> State:
    return _at(TURN1, SEAT1_TURN)


def _third_turn() -> State:
    return _at(TURN1, SEAT1_TURN, TURN2, SEAT1_TURN)


def _last_turn() -> State:
    return _at(TURN1, SEAT1_TURN, TURN2, SEAT1_TURN, TURN3, SEAT1_TURN)


def _king_move() -> State:
    return _at(TURN1, SEAT1_TURN, TURN2, SEAT1_TURN, TURN3, SEAT1_TURN, TURN4, SEAT1_TURN)


def _obs(state: State) -> dict[str, Any]:
    return state.observation(0)


def _knights(state: State) -> list[str]:
    return list(_obs(state)["knights"][0])


def _castle_points(state: State, seat: int = 0) -> int:
    return int(cast(Any, state).castle_points(seat))


def _castle_lead(state: State) -> float:
    """Seat 0's castle points now, less seat 1's."""
    return _castle_points(state, 0) - _castle_points(state, 1)


def _castle_of(state: State, square: str) -> dict[str, Any] | None:
    for castle in _obs(state)["castles"]:
        if square in castle["squares"]:
            return dict(castle)
    return None


def _grows_own_castle(state: State, action: int) -> bool:
    """A block beside the castle seat 0's knights stand on, making it larger."""
    words = state.action_to_string(action)
    if not words.startswith("block "):
        return False
    before = _castle_of(state, _knights(state)[0])
    after = _castle_of(_then(state, action), _knights(state)[0])
    return bool(before and after and after["surface_area"] == before["surface_area"] + 1)


def _then(state: State, action: int) -> State:
    then = state.clone()
    then.apply_action(action)
    return then


def _add_knight_check(before: State, after: State) -> bool:
    b, a = _obs(before), _obs(after)
    return (
        len(_knights(after)) == len(_knights(before)) + 1
        and a["action_points"] == b["action_points"] - 2
        and a["knights_in_supply"][0] == b["knights_in_supply"][0] - 1
    )


def _block_check(before: State, after: State) -> bool:
    b = _castle_of(before, "d1")
    a = _castle_of(after, "d1")
    return (
        b is not None
        and a is not None
        and a["surface_area"] == b["surface_area"] + 1
        and _obs(after)["action_points"] == _obs(before)["action_points"] - 1
        and _castle_points(after) == _castle_points(before) + 1
    )


def _climb_check(before: State, after: State) -> bool:
    o = _obs(after)
    return (
        "d2" in _knights(after)
        and o["heights"]["d2"] == 2
        and o["action_points"] == _obs(before)["action_points"] - 1
        and _castle_points(before) == 3
        and _castle_points(after) == 6
    )


def _card_check(before: State, after: State) -> bool:
    o = _obs(after)
    return (
        _knights(before) == ["d1"]
        and _obs(before)["hand"] == {"jump_up": 1}
        and "d2" in _knights(after)
        and o["heights"]["d2"] == 3
        and o["hand"] == {}
        and o["action_points"] == _obs(before)["action_points"]
        and _castle_points(after) == 9
    )


def _scoring_check(before: State, after: State) -> bool:
    """The castle grows by one space, so its score grows by the knight's level, 3; and when
    the phase ends the marker moves by the castle's area times that level."""
    o = _obs(before)
    if (o["phase"], o["round"], _castle_points(before)) != (1, 4, 9):
        return False
    if _castle_points(after) != _castle_points(before) + 3:
        return False
    ended = after.clone()
    score = ended.scores()[0]
    for word in ["end turn", *SEAT1_TURN]:
        ended.apply_action(ended.string_to_action(word))
    return ended.scores()[0] == score + _castle_points(after)


def _king_in_own_castle(state: State, action: int) -> bool:
    words = state.action_to_string(action)
    if not words.startswith("king ") or words == "king stays":
        return False
    after = _obs(_then(state, action))
    castle = _castle_of(state, after["king"])
    return castle is not None and any(k in castle["squares"] for k in _knights(state))


def _king_check(before: State, after: State) -> bool:
    king = _obs(after)["king"]
    castle = _castle_of(after, king)
    return (
        before.scores() == [12.0, 21.0]
        and castle is not None
        and "d2" in castle["squares"]
        and _obs(after)["heights"]["e2"] == 2
        and _obs(after)["phase"] == 2
    )


def _own_knights_with_king(state: State) -> float:
    castle = _castle_of(state, _obs(state)["king"])
    if castle is None:
        return 0.0
    return float(sum(k in castle["squares"] for k in _knights(state)))


def _start_game() -> State:
    return script(GAME, [], seed=7)


LESSONS = (
    Lesson(
        key="knight",
        title="Your turn and a new knight",
        intro=(
            "Each turn you spend 5 action points on the actions of your choice, in any order.\n"
            "Castles score only for players who have a knight in them, so the first thing to\n"
            "learn is how to bring knights in. Your first knight (red) stands on d1, on the\n"
            "single block of that castle, at level 1."
        ),
        build=_first_turn,
        ask="Add a knight next to your knight on d1 (2 action points).",
        expected=lambda s, a: s.action_to_string(a).startswith("add knight "),
        why=(
            "A new knight goes on an empty space orthogonally next to one of your knights, "
            "on its level or lower, for 2 action points."
        ),
        wrong={
            "add knight c2": Wrong(
                "c2 only touches d1 at a corner; knights join orthogonally.", True
            ),
            "add knight d3": Wrong("d3 is two spaces away from your knight.", True),
            "add knight c3": Wrong("a new knight needs one of your knights beside it.", True),
        },
        after=(
            "You have 3 action points left this turn. Five knights wait in your supply;\n"
            "spread them over castles you can raise."
        ),
        rule="Torres, Add a knight",
        check=_add_knight_check,
    ),
    Lesson(
        key="block",
        title="Placing a tower block",
        intro=(
            "A castle scores its surface area (the spaces it covers) times the level of your\n"
            "knight in it. Blocks make castles wider (a block on the ground beside a castle)\n"
            "or taller (a block on top of one of its blocks), 1 action point each, from one\n"
            "of your stacks a turn. No castle may be taller than its surface area, and two\n"
            "castles may touch only at a corner."
        ),
        build=_first_turn,
        ask="Widen the castle your knight stands on, d1, with a block beside it.",
        expected=_grows_own_castle,
        why=(
            "The castle now covers 2 spaces: your knight on level 1 is worth 2 points at "
            "the scoring instead of 1, and the castle may now rise to level 2."
        ),
        wrong={
            "block d1": Wrong(
                "a block never goes under a knight (only an action card does that).", True
            ),
            "block h4": Wrong("h4 covers 1 space, so it may not rise above level 1.", True),
            "block b6": Wrong(
                "it widens seat 1's castle on c6: their knight scores more, yours nothing."
            ),
            "block e3": Wrong("it widens the King's castle on f3, where you have no knight yet."),
        },
        after=(
            "The rest of the stack may go on in this turn (3 blocks at most); blocks you do\n"
            "not place go onto your other stacks, which hold three at most."
        ),
        rule="Torres, Place a tower block",
        check=_block_check,
        measure=_castle_lead,
    ),
    Lesson(
        key="climb",
        title="Moving a knight up a castle",
        intro=(
            "Last turn you built your castle into three spaces: d1 and e1 at level 1 and a\n"
            "tower of two blocks on d2. Your knight stands on d1, level 1: it is worth\n"
            "3 × 1 = 3 points now. A move costs 1 action point a space, orthogonally, up one\n"
            "level at most but down any number."
        ),
        build=_second_turn,
        ask="Move your knight up onto the tower.",
        expected=frozenset({"move d1-d2"}),
        why="On d2 your knight stands at level 2 of a 3-space castle: 3 × 2 = 6 points.",
        wrong={
            "move d1-e1": Wrong("e1 is on level 1 too, so the castle still gives 3 × 1 = 3."),
            "move d1-c1": Wrong("c1 is the ground, level 0: a knight there scores nothing."),
        },
        after=(
            "One level a step is the limit. To go up two at once you need the Jump up two\n"
            "levels action card, the next lesson. Knights may also pass through a castle's\n"
            "doors, in one side and out of another, for 1 action point."
        ),
        rule="Torres, Move a knight",
        check=_climb_check,
        measure=_castle_lead,
    ),
    Lesson(
        key="card",
        title="Action cards",
        intro=(
            "Last turn you raised d2 to level 3 and spent 1 action point on an action card:\n"
            "you looked at the top three cards of your deck, kept Jump up two levels and put\n"
            "the other two back, one on top and one under the deck. A card may be played on\n"
            "a later turn, one a turn, for no action points. Your knight is back on d1."
        ),
        build=_third_turn,
        ask="Get your knight to the top of the tower on d2 (level 3) in one go.",
        expected=frozenset({"play Jump up two levels d1 N"}),
        why=(
            "The card lifts the knight two levels onto the next space: from level 1 on d1 to "
            "level 3 on d2, 3 × 3 = 9 points, and all 5 action points are still yours."
        ),
        wrong={
            "move d1-d2": Wrong("a plain move climbs one level, and d2 is two above d1.", True),
            "move d1-e1": Wrong("e1 stays at level 1, 3 points, and the card stays unused."),
        },
        after=(
            "The card leaves the game once played. The deck holds ten different cards: "
            "more\naction points, extra blocks, diagonal moves, jumps and climbs through doors."
        ),
        rule="Torres, Play an action card",
        check=_card_check,
        measure=_castle_lead,
    ),
    Lesson(
        key="scoring",
        title="Scoring a castle",
        intro=(
            "This is your last turn of the first phase: when seat 1 has played theirs, every\n"
            "castle scores, for each player, its surface area times the level of that\n"
            "player's highest knight in it. Your knight is on d2, level 3, in a castle of\n"
            "3 spaces: 9 points."
        ),
        build=_last_turn,
        ask="Make your castle score more before the phase ends.",
        expected=_grows_own_castle,
        why=(
            "Each space the castle gains is worth your knight's level: a fourth space makes "
            "it 4 × 3 = 12 points at the scoring."
        ),
        wrong={
            "advance marker": Wrong(
                "it gives 1 point; a block beside your castle gives 3 at the scoring."
            ),
            "block d1": Wrong("a taller d1 does not widen the castle: still 3 × 3 = 9."),
            "block d3": Wrong("d3 is next to the castle on c3: castles may not join.", True),
        },
        after=(
            "When seat 1 ends the round, the phase is scored: 12 points for you. A second\n"
            "knight lower in the same castle adds nothing; one in another castle does."
        ),
        rule="Torres, Scoring",
        check=_scoring_check,
        measure=lambda s: _obs(s)["scores"][0] + _castle_points(s),
    ),
    Lesson(
        key="king",
        title="The phase end and the King",
        intro=(
            "The first phase has been scored: 12 points for you, 21 for seat 1 who moved\n"
            "their marker every turn. The King's castle pays a bonus after each phase to a\n"
            "player with a knight on the phase's level: level 1 after the first (5 points),\n"
            "level 2 after the second (10), level 3 after the third (15). The player lowest\n"
            "in score, you, may now move the King to any empty space of any castle."
        ),
        build=_king_move,
        ask="Put the King in a castle where your knights stand.",
        expected=_king_in_own_castle,
        why=(
            "With the King in your castle, the second phase's bonus of 10 points is yours "
            "if one of your knights stands on level 2 of it when the phase ends: e2 is at "
            "level 2, right beside your knight on d2."
        ),
        wrong={
            "king stays": Wrong("the King's castle on f3 has none of your knights."),
            "king c3": Wrong("c3 has no knight of yours, so its bonus is out of reach."),
            "king d2": Wrong("your knight stands there; the King needs an empty space.", True),
        },
        after=(
            "The second phase begins with the player who moved the King. New stacks of\n"
            "blocks come from the supply; the game ends after the third phase's scoring."
        ),
        rule="Torres, Move the king",
        check=_king_check,
        measure=_own_knights_with_king,
    ),
    bout(
        title="A game against the random bot",
        intro=(
            "Now play a whole game as seat 0 against the random bot. Ask for a hint at any\n"
            "time: the strongest bot says what it would play and why."
        ),
        build=_start_game,
        after="That is the whole game: three phases, each scored.",
        rule="Torres, Game End",
    ),
)

TUTORIAL = Tutorial(GAME, LESSONS)
