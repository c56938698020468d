"""What the app says after each step of a companion session, in words to read aloud.

Each step is one action of the engine (a drawn outcome or an entry the table made). The
announcement is the step itself in the app's words (an event and what it does, a battle card
with the advantages a hero may spend on it, a dungeon room, a monthly quest, where a skull
came out of the Tower), then what changed on the table because of it (a diff of the two
states: heroes' resources, foes, buildings, the Tower, the month and whose turn it is).
Nothing here decides anything: the rules already did; this only puts the result into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.data import DATA, STATUSES, effects_text
from towers.games.dark_tower.observe import goal_step_text
from towers.games.dark_tower.render import (
    card_words,
    event_words,
    hero_name,
    plural,
    quest_words,
)
from towers.games.dark_tower.tower import LEVELS, outcome_name, side_of

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState

MAX_ADVANTAGES = 10
"""Battle, Spending Advantages: at most 10 advantages a heroic action."""


def kingdom_of_side(side: int) -> str:
    return next(k.name for k in DATA.kingdoms if k.side == side)


def announce(before: DarkTowerState, action: int, after: DarkTowerState) -> list[str]:
    """The lines the app says for ``action`` taken in ``before``, leading to ``after``."""
    lines = step_words(before, action, after)
    dropped = after.tower.dropped - before.tower.dropped
    if dropped and not isinstance(SPACE.decode(action), A.DropSkull):
        lines.append(f"{plural(dropped, 'skull')} from the supply into the Tower (set-up).")
    lines += changes(before, after)
    lines += next_words(before, after)
    return [line for line in lines if line]


def step_words(before: DarkTowerState, action: int, after: DarkTowerState) -> list[str]:
    """The step in the app's words."""
    value = SPACE.decode(action)
    match value:
        case A.Release(what=o):
            side = side_of(o)
            if side is None:  # STILL
                return ["The Tower falls still."]
            where = f"A skull tumbles out of the {outcome_name(o)} into {kingdom_of_side(side)}"
            top = after.pending[-1] if after.pending and not after.result else None
            if isinstance(top, F.PlaceSkull) and after.in_hand > before.in_hand:
                return [f"{where}: {hero_name(after, top.seat)} places it on a building there."]
            return [f"{where}: no building stands there, so it goes back to the supply."]
        case A.SealGlows(opening=o):
            return [f"The seal on the {outcome_name(o)} glows: remove it from the Tower."]
        case A.DrawEvent(card=c):
            return [f"Event: {event_words(DATA.events[c], before.game.foes)}."]
        case A.RevealCard(card=c):
            return [battle_card_words(after, c)]
        case A.RevealRoom(room=k):
            return [room_words(before, after, k)]
        case A.SpawnAt(location=loc):
            top = before.pending[-1]
            assert isinstance(top, F.Spawn)
            foe = DATA.foes[before.game.foes[top.foe]].name
            return [f"{foe} appear at {DATA.locations[loc].name}."]
        case A.DrawQuest(quest=q):
            kind = ("companion quest", "adversary quest")[_quest_kind(before)]
            return [f"Monthly {kind}: {quest_words(DATA.quests[q])}"]
        case A.DrawCompanion(companion=c):
            top = before.pending[-1]
            seat = getattr(top, "seat", 0)
            return [f"{hero_name(before, seat)} gains the companion {DATA.companions[c].name}."]
        case A.RollHaggle(face=f):
            return [f"The haggle die shows: {DATA.haggle_faces[f]}."]
    return []


def _quest_kind(state: DarkTowerState) -> int:
    top = state.pending[-1]
    return int(getattr(top, "kind", 0))


def battle_card_words(state: DarkTowerState, card: int) -> str:
    """A battle card just revealed, with what advantages can do to it."""
    frame = next(f for f in reversed(state.pending) if isinstance(f, F.Battling))
    f = state.foe_id(frame.foe)
    adversary = frame.foe == len(state.game.foes)
    status = 0 if adversary else state.status[frame.foe]
    number = frame.resolved + 1
    total = frame.resolved + frame.left
    room = MAX_ADVANTAGES - frame.spent
    return (
        f"Battle with {DATA.foes[f].name}, card {number} of {total}: "
        f"{card_words(f, status, card, frame.rung)}. "
        f"{hero_name(state, frame.seat)} has {plural(frame.pool, 'advantage')} to spend on it "
        f"(improve), at most {room} more this heroic action; then resolve."
    )


def room_words(before: DarkTowerState, after: DarkTowerState, kind: int) -> str:
    top = before.pending[-1]
    room = int(getattr(top, "room", 0)) + 1
    dungeon = after.dungeon_type()
    if kind == A.TARGET:
        result, improved = dungeon.target
        name = "the target room"
    else:
        name, (result, improved) = dungeon.rooms[kind]
    return (
        f"Room {room} of the {dungeon.type} dungeon: {name}. Result: {effects_text(result)}; "
        f"improved with one advantage: {effects_text(improved)}."
    )


def changes(before: DarkTowerState, after: DarkTowerState) -> list[str]:
    """What changed on the table between two states, one line a thing."""
    out: list[str] = []
    g = after.game
    for s in range(g.num_players):
        name = hero_name(after, s)
        parts = []
        for what, was, now in (
            ("warriors", before.warriors[s], after.warriors[s]),
            ("spirit", before.spirit[s], after.spirit[s]),
        ):
            if now != was:
                parts.append(f"{'gains' if now > was else 'loses'} {abs(now - was)} {what}")
        if before.at[s] != after.at[s]:
            parts.append(f"moves to {DATA.locations[after.at[s]].name}")
        held: tuple[tuple[str, list[str], list[int], list[int]], ...] = (
            ("corruption", CORRUPTIONS, before.corruptions[s], after.corruptions[s]),
            ("companion", COMPANIONS, before.companions[s], after.companions[s]),
            ("treasure", TREASURES, before.treasures[s], after.treasures[s]),
            ("gear", GEAR, _as_list(before.gear[s]), _as_list(after.gear[s])),
            ("potion", POTIONS, _as_list(before.potions[s]), _as_list(after.potions[s])),
        )
        for label, names, was_l, now_l in held:
            for k in _added(was_l, now_l):
                parts.append(f"gains the {label} {names[k]}")
            for k in _added(now_l, was_l):
                parts.append(f"gives up the {label} {names[k]}")
        if parts:
            out.append(f"{name} {', '.join(parts)}.")
    n_foes = len(g.foes)
    for f in range(n_foes):
        foe = DATA.foes[g.foes[f]].name
        tokens_was = [before.foes[loc * n_foes + f] for loc in range(len(DATA.locations))]
        tokens = [after.foes[loc * n_foes + f] for loc in range(len(DATA.locations))]
        if tokens_was != tokens and sum(tokens) == sum(tokens_was):
            places = ", ".join(DATA.locations[loc].name for loc, n in enumerate(tokens) if n)
            out.append(f"{foe} move: now at {places}.")
        elif sum(tokens) < sum(tokens_was):
            gone = [
                DATA.locations[loc].name
                for loc in range(len(tokens))
                if tokens[loc] < tokens_was[loc]
            ]
            out.append(f"{foe} removed from {', '.join(gone)}.")
        if before.status[f] != after.status[f] and any(tokens):
            out.append(f"{foe} are now {STATUSES[after.status[f]]}.")
    if after.goal_step > before.goal_step and not g.competitive:
        done = f"step {after.goal_step} of {len(g.goal.steps)} complete"
        out.append(f"Main goal, {g.goal.name}: {done}; next, {goal_step_text(after)}.")
    if before.adversary_at != after.adversary_at and after.adversary_at >= 0:
        adversary = DATA.foes[g.adversary].name
        out.append(f"{adversary} appears at {DATA.locations[after.adversary_at].name}.")
    for b, building in enumerate(DATA.buildings):
        was_n, now_n = before.skulls[b], after.skulls[b]
        where = DATA.locations[building.location].name
        if now_n < 0 <= was_n:
            out.append(f"The building at {where} is destroyed.")
        elif 0 <= was_n < now_n:
            out.append(f"The building at {where} now holds {plural(now_n, 'skull')}.")
        elif 0 <= now_n < was_n:
            out.append(f"The building at {where} is cleansed.")
    for level in range(len(LEVELS)):
        turned = (after.tower.drums[level] - before.tower.drums[level]) % 4
        if turned:
            out.append(f"The Tower's {LEVELS[level]} drum turns {plural(turned, 'step')}.")
    for t, (was_t, now_t) in enumerate(zip(before.market, after.market, strict=True)):
        if now_t != was_t and now_t >= 0:
            out.append(f"The market's slot {t + 1} now offers {DATA.treasures[now_t].name}.")
    return out


CORRUPTIONS = [c.name for c in DATA.corruptions]
COMPANIONS = [c.name for c in DATA.companions]
TREASURES = [t.name for t in DATA.treasures]
GEAR = [g.name for g in DATA.gear]
POTIONS = [p.name for p in DATA.potions]


def _as_list(counts: list[int]) -> list[int]:
    """Counts by kind as a list of kinds, one a card held."""
    return [k for k, n in enumerate(counts) for _ in range(n)]


def _added(was: list[int], now: list[int]) -> list[int]:
    left = list(was)
    added = []
    for k in now:
        if k in left:
            left.remove(k)
        else:
            added.append(k)
    return added


def next_words(before: DarkTowerState, after: DarkTowerState) -> list[str]:
    """The month and the end of the game, when they change."""
    if after.result:
        return [f"The heroes {'win' if after.result > 0 else 'lose'}: {after.ending}."]
    if after.month != before.month:
        return [f"Month {after.month} of 6 begins: {plural(after.turns_left, 'turn')}."]
    return []


def turn_key(state: DarkTowerState) -> tuple[int, int, int] | None:
    """Which turn is starting, while a hero is at the start of a turn (None otherwise)."""
    if state.result or not isinstance(state.pending[-1], F.StartTurn):
        return None
    return (state.month, state.turns_left, state.current)


def turn_words(state: DarkTowerState) -> str:
    seat = state.current
    hero = state.game.heroes[seat]
    return (
        f"{hero_name(state, seat)}: your turn (move value {state.move_value(seat)}; "
        f"banner action: {effects_text(hero.banner)})."
    )


def opening_words(state: DarkTowerState) -> list[str]:
    """The set-up the app announces at the start (App Setup, World and Hero Setup)."""
    g = state.game
    heroes = ", ".join(hero_name(state, s) for s in range(g.num_players))
    foes = ", ".join(f"{DATA.foes[f].name} (level {DATA.foes[f].level})" for f in g.foes)
    difficulty = str(g.options["difficulty"]).capitalize()
    if g.competitive:
        goal = [
            "The competitive game: the first hero to find the relic in the Tower wins, "
            f"on {difficulty}."
        ]
    else:
        goal = [
            f"{g.goal.name} against {DATA.foes[g.adversary].name}, on {difficulty}.",
            f"Main goal: {g.goal.name}, with {DATA.companions[g.goal.companion].name} "
            f"joining {hero_name(state, 0)}; first, {goal_step_text(state)}.",
        ]
    found = [DATA.treasures[t].name for _, t in g.goal.steps if t >= 0]
    aside = (
        [
            f"Take {', '.join(found[:-1])} and {found[-1]} out of the treasure deck before "
            "shuffling it: "
            + (
                "they are found in the main goal's dungeons."
                if not g.competitive
                else "towers keeps them out of the competitive game's deck."
            )
        ]
        if len(found) > 1
        else [f"Take {found[0]} out of the treasure deck before shuffling it."]
        if found
        else []
    )
    return [
        *goal,
        *aside,
        f"Heroes: {heroes}; each starts at the citadel of their home kingdom.",
        f"Foes: {foes}.",
        "Set up the board, the 24 skulls and the decks as the rulebook's World Setup says; "
        "then follow the app's set-up: market, foes and the first skulls.",
    ]
