"""Torres explained to its players: how the game goes, what each component does, what the
rulebook's sections cited by refusals say, the log's chapters and words, and how a finished
game ended, by score category.

The words come from the game's data: ``data/help.toml`` (topics and rulebook sections) and
the cards' ``effect`` in ``data/torres.toml``. Nothing here changes a state: a result is read
from a copy of the state moved on.

>>> import towers
>>> game = towers.make("torres", players=2)
>>> chapter(game.new_initial_state())
''
>>> [t.name for t in glossary(game)][:3]
['Game board', 'Castle', 'Tower block']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from towers.core.views import Ending, Topic
from towers.core.words import and_list, plural
from towers.games.torres import actions as A
from towers.games.torres.actions import (
    Acquire,
    AddKnight,
    Advance,
    BlockUnder,
    Diagonal,
    DoorClimb,
    Draw,
    EndTurn,
    ExtraBlock,
    JumpOver,
    JumpUp,
    Keep,
    KingStays,
    MasterCard,
    Move,
    MoveBlock,
    PlaceBlock,
    PlaceKing,
    PlaySeven,
    PlaySix,
    Redistribute,
    Relocate,
    ReturnRest,
    SetupCastle,
    SetupKnight,
    TakeStack,
)
from towers.games.torres.board import DIAG_DIR, ORTHO_DIR, ORTHO_DIR2
from towers.games.torres.data import load_help
from towers.games.torres.render import seat_name
from towers.games.torres.steps import (
    S_KING_MOVE,
    S_MASTER_DRAW,
    S_OVER,
    S_SETUP_CASTLE,
    S_SETUP_KING,
    S_SETUP_KNIGHT,
)

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresGame, TorresState

SETUP_STEPS = frozenset({S_MASTER_DRAW, S_SETUP_CASTLE, S_SETUP_KNIGHT, S_SETUP_KING})
ORDINALS = ("first", "second", "third", "fourth")


def _copy(state: TorresState) -> TorresState:
    return cast("TorresState", state.clone())


# ---- how the game goes ------------------------------------------------------------------
def _numbers(game: TorresGame) -> dict[str, str]:
    """The game's numbers as the help texts name them, for its number of players."""
    d = game.data
    stacks = "; ".join(
        f"phase {i + 1}, {_stacks_in_words(card)}" for i, card in enumerate(game.phases_stacks)
    )
    return {
        "action_points": str(d.action_points),
        "knights": str(d.knights_per_player),
        "tower_blocks": str(d.tower_blocks),
        "add_knight": str(d.cost_add_knight),
        "rounds": and_list(str(r) for r in game.phases_rounds),
        "king_bonus": and_list((str(b) for b in d.king_bonus), "or"),
        "stacks": stacks,
        "king_next": (
            "; then the player with the most points starts the next phase"
            if game.is_master
            else ", and that player starts the next phase"
        ),
    }


def _stacks_in_words(stacks: tuple[int, ...] | list[int]) -> str:
    """``(3, 3, 2)`` as "2 stacks of 3 blocks and 1 stack of 2 blocks"."""
    heights = sorted(set(stacks), reverse=True)
    return and_list(
        f"{plural(list(stacks).count(h), 'stack')} of {plural(h, 'block')}" for h in heights
    )


def howto(game: TorresGame) -> str:
    """How Torres goes, in short, for this game's players and variant."""
    d = game.data
    n = _numbers(game)
    phases = len(game.phases_rounds)
    acquire = "" if game.is_master else " acquire an action card (1),"
    text = [
        f"Torres lasts {phases} phases (years) of {n['rounds']} rounds; in a round each",
        "player takes one turn. Players build castles of tower blocks and climb them",
        "with their knights.",
        "",
        "Before each phase every player takes stacks of tower blocks. A turn uses one",
        f"stack and has {d.action_points} action points: add a knight next to one of "
        f"yours ({d.cost_add_knight}),",
        "move a knight a space (1), place a block from the turn's stack (1, three at",
        f"most),{acquire} move your scoring marker a space (1). One",
        "action card a turn may be played for free.",
        "",
        "At the end of each phase each castle you stand on scores its surface area",
        "times the level of your highest knight there. A knight on level 1, 2 or 3 of",
        f"the King's castle after phase 1, 2 or 3 adds {n['king_bonus']} points. Then",
        *(
            [
                "the player with the fewest points may move the King, and the player with",
                "the most points starts the next phase.",
            ]
            if game.is_master
            else ["the player with the fewest points may move the King, and starts the next phase."]
        ),
        "",
        f"The game ends with the scoring after the {ORDINALS[phases - 1]} phase: the most "
        "points wins.",
    ]
    if game.is_common:
        text += [
            "",
            "Common action deck: all 40 action cards form one deck; acquiring takes",
            "its top card.",
        ]
    if game.is_master:
        text += [
            "",
            "Master version: the players place the starting castles, everyone holds all",
            "ten action cards and acquires none, and a master card offers extra points.",
        ]
    return "\n".join(text)


def glossary(game: TorresGame) -> list[Topic]:
    """Every component and term of this game's variant, then its action cards and, in the
    master version, its master cards; each by its printed name."""
    d = game.data
    numbers = _numbers(game)
    topics = [
        Topic(t.key, t.name, t.kind, t.text.format(**numbers))
        for t in load_help().topics
        if not t.variants or game.variant in t.variants
    ]
    for key in A.CARD_KEYS:
        i = d.card_keys.index(key)
        topics.append(Topic(key, d.card_names[i], "action card", d.card_effects[i]))
    if game.is_master:
        for key in A.MASTER_KEYS:
            i = d.master_keys.index(key)
            topics.append(Topic(key, d.master_names[i], "master card", d.master_effects[i]))
    return topics


def rule_sections() -> list[str]:
    return list(load_help().sections)


def rules_section(section: str) -> str | None:
    return load_help().sections.get(section)


# ---- a game under way -------------------------------------------------------------------
def chapter(state: TorresState) -> str:
    """ "Phase 2, round 1"; "Phase 1, after the scoring" while the King may move; "Game end"
    once over; empty during the setup."""
    if state.step in SETUP_STEPS:
        return ""
    if state.step == S_OVER:
        return "Game end"
    if state.step == S_KING_MOVE:
        return f"Phase {state.phase + 1}, after the scoring"
    rounds = state.game.phases_rounds[state.phase]
    return f"Phase {state.phase + 1}, round {min(state.round + 1, rounds)}"


def where(state: TorresState, s: int) -> str:
    """Where a piece on square ``s`` stands, in words: "e4, level 2 of a castle of 5 spaces"."""
    h = state.heights[s]
    if not h:
        return f"{A.square_name(s)}, on the ground"
    area = state.surface_areas[state.castle_of[s]]
    return f"{A.square_name(s)}, level {h} of a castle of {plural(area, 'space')}"


def _destination(state: TorresState, value: object) -> int:
    """The square a knight ends on for the moves that carry one; -1 for the others."""
    match value:
        case Move(to=b) | DoorClimb(to=b) | Relocate(to=b):
            return b
        case JumpUp(frm=a, direction=d):
            return ORTHO_DIR[a][d]
        case JumpOver(frm=a, direction=d):
            return ORTHO_DIR2[a][d]
        case Diagonal(frm=a, direction=d):
            return DIAG_DIR[a][d]
        case AddKnight(square=s) | SetupKnight(square=s) | BlockUnder(square=s):
            return s
    return -1


@dataclass(frozen=True)
class Scoring:
    """What one phase's scoring moved each seat's marker, in seat order, by part: the castles,
    the King's bonus and the master card. A marker that lands on a taken space goes on to the
    next empty one; those spaces count in the part that moved it."""

    phase: int
    castles: list[int]
    bonus: list[int]
    master: list[int]


def scoring_of(before: TorresState, after: TorresState) -> Scoring | None:
    """The scoring an action made, from the state ``before`` it and ``after`` it; None when
    the action did not end a phase. The board does not change in a scoring, so it is done
    again on a copy of ``after`` with the markers put back, a part at a time."""
    if after.step not in (S_KING_MOVE, S_OVER) or before.step in (S_KING_MOVE, S_OVER):
        return None
    n = after.game.num_players
    order = [(after.starting_player + i) % n for i in range(n)]
    again = _copy(after)
    again.score = before.score[:]
    phase = before.phase

    def part(points: list[int]) -> list[int]:
        was = again.score[:]
        for seat in order:
            again._advance(seat, points[seat])
        return [again.score[i] - was[i] for i in range(n)]

    castles = part([again.castle_points(seat) for seat in range(n)])
    bonus = part([again.king_bonus(seat, phase) for seat in range(n)])
    master = [0] * n
    if again.game.is_master:
        from towers.games.torres.master import master_points

        master = part(master_points(again, again.master_card, phase))
    if again.score != after.score:
        raise RuntimeError("the scoring done again does not reach the markers' spaces")
    return Scoring(phase, castles, bonus, master)


def _scoring_words(scoring: Scoring, after: TorresState) -> str:
    parts = []
    for seat, points in enumerate(scoring.castles):
        extra = []
        if scoring.bonus[seat]:
            extra.append(f"King's bonus {scoring.bonus[seat]}")
        if scoring.master[seat]:
            extra.append(f"master card {scoring.master[seat]}")
        total = points + scoring.bonus[seat] + scoring.master[seat]
        said = f"{seat_name(seat)} scores {total}"
        if extra:
            said += f" (castles {points}, {', '.join(extra)})"
        parts.append(
            f"{said} (now {after.score[seat]})"
            if not extra
            else f"{said[:-1]}; now {after.score[seat]})"
        )
    return f"scoring after phase {scoring.phase + 1}: {'; '.join(parts)}"


def log_words(state: TorresState, action: int) -> str:
    """The action's words, then what it did that all may see: where the knight landed, how
    high the castle grew, where the marker went, what a scoring gave each seat."""
    words = state.action_to_string(action)
    if state.is_terminal() or not state.is_legal(action):
        return words
    value = A.SPACE.values[action]
    after = _copy(state)
    after.apply_action(action)
    p = state.turn
    said = ""
    match value:
        case Draw():
            return words  # "draw <card>": the card drawn, read only by those who may know it
        case MasterCard(card=m):
            return f"the master card drawn: {A.MASTER_NAMES[m]}"
        case Advance():
            gained = after.score[p] - state.score[p]
            said = f"marker to {plural(after.score[p], 'point')}"
            if gained > 1:
                said += f", leaping {plural(gained - 1, 'space')} past a taken one"
        case PlaySix() | PlaySeven():
            said = f"{plural(after.action_points, 'action point')} left"
        case Acquire():
            said = f"{plural(after.action_points, 'action point')} left"
        case PlaceBlock(square=s) | ExtraBlock(square=s) | SetupCastle(square=s):
            said = _block_words(after, s)
        case MoveBlock(frm=a, to=b):
            left = f"level {after.heights[a]}" if after.heights[a] else "bare ground"
            said = f"{A.square_name(a)} now {left}; " + _block_words(after, b)
        case KingStays():
            said = (
                f"the King stays on {where(after, after.king)}; "
                f"{seat_name(after.turn)} starts phase {after.phase + 1}"
            )
        case PlaceKing(square=s):
            said = f"the King on {where(after, s)}"
            if state.step == S_KING_MOVE:
                said += f"; {seat_name(after.turn)} starts phase {after.phase + 1}"
        case Keep() | EndTurn() | TakeStack() | Redistribute() | ReturnRest():
            said = ""
        case _:
            b = _destination(state, value)
            if b >= 0:
                said = f"knight on {where(after, b)}"
    scoring = scoring_of(state, after)
    if scoring is not None:
        said = (said + "; " if said else "") + _scoring_words(scoring, after)
    elif isinstance(value, (EndTurn, TakeStack, Redistribute, ReturnRest)):
        back = after.supply - state.supply
        if back > 0:
            said = f"{plural(back, 'block')} back to the general supply"
    return f"{words}: {said}" if said else words


def _block_words(state: TorresState, s: int) -> str:
    area = state.surface_areas[state.castle_of[s]]
    return f"{A.square_name(s)} now level {state.heights[s]} of a castle of {plural(area, 'space')}"


# ---- the end ------------------------------------------------------------------------------
def ending(state: TorresState) -> Ending | None:
    """The winner, why the game ended, and each seat's points by what scored them.

    The state keeps only the markers' spaces, so the game is replayed from its start
    (``state.history()``, chance outcomes included) to say what moved each marker: the
    castles at each phase's scoring, the King's bonus, the master card, and the spaces bought
    with action points. Scores are public, so this says nothing a seat may not know."""
    if not state.is_terminal():
        return None
    game = state.game
    n = game.num_players
    phases = len(game.phases_rounds)
    castles = [[0] * phases for _ in range(n)]
    bonus = [[0] * phases for _ in range(n)]
    master = [0] * n
    track = [0] * n
    replay = game.new_initial_state()
    for action in state.history():
        before = _copy(replay)
        replay.apply_action(action)
        scoring = scoring_of(before, replay)
        if scoring is not None:
            for seat in range(n):
                castles[seat][scoring.phase] += scoring.castles[seat]
                bonus[seat][scoring.phase] += scoring.bonus[seat]
                master[seat] += scoring.master[seat]
        elif isinstance(A.SPACE.values[action], Advance):
            for seat in range(n):
                track[seat] += replay.score[seat] - before.score[seat]
    categories = [f"Castles, phase {i + 1}" for i in range(phases)] + ["King's bonus"]
    if game.is_master:
        categories.append("Master card")
    categories += ["Scoring track moves", "Total"]
    rows: list[list[float | int | str]] = []
    for seat in range(n):
        parts = [*castles[seat], sum(bonus[seat])] + ([master[seat]] if game.is_master else [])
        parts.append(track[seat])
        if sum(parts) != state.score[seat]:
            raise RuntimeError(f"seat {seat}'s points by part do not add up to its marker's space")
        rows.append([*parts, state.score[seat]])
    winners = state.winners()
    best = max(state.score)
    if len(winners) == 1:
        verdict = f"{seat_name(winners[0])} wins with {plural(best, 'point')}."
    else:
        verdict = (
            f"{and_list(seat_name(w) for w in winners)} share the win with {plural(best, 'point')}."
        )
    scored = "the castles, then the King's bonus" + (
        ", then the master card" if game.is_master else ""
    )
    reason = (
        f"The game ends with the scoring after the {ORDINALS[phases - 1]} phase ({scored}), "
        "as the rulebook's Game End says."
    )
    notes = []
    for seat in range(n):
        earned = [f"phase {i + 1}" for i in range(phases) if bonus[seat][i]]
        if earned:
            notes.append(f"{seat_name(seat)} earned the King's bonus after {and_list(earned)}.")
    if game.is_master and state.master_card >= 0:
        notes.append(f"Master card: {A.MASTER_NAMES[state.master_card]}.")
    notes.append(
        "A marker that lands on a taken space goes on to the next empty one; those spaces "
        "count in the part of the score that moved it."
    )
    return Ending(verdict, reason, categories, rows, notes)
