"""What a seat may know: every public fact of the table. In Return to Dark Tower everything
on the board and in front of the heroes is open; hidden are only the skulls resting inside the
tower (their total is public) and the order of the face-down decks, and in the competitive
game the other heroes' heroic tests until they are completed (a seat sees its own)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from towers.core.game import CHANCE, PUBLIC, Disclosure
from towers.core.knowledge import open_disclosure
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import SPACE, DrawEvent, Release
from towers.games.dark_tower.constants import TESTS, TESTS_OF_KIND
from towers.games.dark_tower.data import (
    ADVANTAGES,
    BUILDING_TYPES,
    CARD_NAMES,
    DATA,
    SIDES,
    STATUSES,
)
from towers.games.dark_tower.tower import STILL, outcome_name

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def observation(state: DarkTowerState, seat: int | None) -> dict[str, Any]:
    """The public table, the same for every seat (``seat`` is kept for the contract)."""
    g = state.game
    goal = g.goal
    n_foes = len(g.foes)
    heroes = []
    for s in range(g.num_players):
        hero = g.heroes[s]
        heroes.append(
            {
                "seat": s,
                "hero": hero.name,
                "home": DATA.kingdoms[g.kingdoms[s]].name,
                "at": DATA.locations[state.at[s]].name,
                "warriors": state.warriors[s],
                "spirit": state.spirit[s],
                "gear": {DATA.gear[k].name: n for k, n in enumerate(state.gear[s]) if n},
                "potions": {DATA.potions[k].name: n for k, n in enumerate(state.potions[s]) if n},
                "treasures": [DATA.treasures[t].name for t in state.treasures[s]],
                "corruptions": [DATA.corruptions[c].name for c in state.corruptions[s]],
                "companions": [DATA.companions[c].name for c in state.companions[s]],
                "quest_items": [DATA.quest_items[q].name for q in state.quest_items[s]],
                "virtues": [v.name for v in hero.default_virtues]
                + [v.name for i, v in enumerate(hero.virtues) if state.virtues[s] >> i & 1]
                + ([DATA.kingdom_virtues[g.kingdoms[s]].name] if state.virtues[s] >> 3 & 1 else []),
            }
        )
        if g.competitive:
            heroes[-1].update(_competitor(state, s, seat))
    foes = []
    for f in range(n_foes):
        foe = DATA.foes[g.foes[f]]
        foes.append(
            {
                "foe": foe.name,
                "level": foe.level,
                "traits": [ADVANTAGES[t] for t in foe.traits],
                "status": STATUSES[state.status[f]],
                "at": {
                    DATA.locations[loc].name: state.foes[loc * n_foes + f]
                    for loc in range(len(DATA.locations))
                    if state.foes[loc * n_foes + f]
                },
            }
        )
    buildings = {}
    for b, building in enumerate(DATA.buildings):
        name = f"{BUILDING_TYPES[building.type]} of {DATA.locations[building.location].name}"
        buildings[name] = "destroyed" if state.skulls[b] < 0 else state.skulls[b]
    adversary = DATA.foes[g.adversary]
    return {
        "month": state.month,
        "turns_left_in_month": state.turns_left,
        "current": state.current,
        "deciding": state.pending[-1].to_json() if state.pending else None,
        "pending": state.pending.to_json(),
        "last_event": _last_event(state),
        "battle": _battle(state),
        "dungeon": _dungeon(state),
        "result": {1: "won", -1: "lost"}.get(state.result, "playing"),
        "ending": state.ending,
        "heroes": heroes,
        "turn": {
            "banner_used": state.banner_used,
            "moves_left": max(0, state.moves_left),
            "moved": state.moved,
            "doubled": state.doubled,
            "heroic_done": state.heroic_done,
            "reinforced": state.reinforced,
            "haggle": DATA.haggle_faces[state.haggle] if state.haggle >= 0 else None,
            "traded": state.traded,
            "refused": [o for o in range(state.game.num_players) if state.refused >> o & 1],
        },
        "foes": foes,
        "adversary": {
            "name": adversary.name,
            "at": DATA.locations[state.adversary_at].name if state.adversary_at >= 0 else None,
            "cards_left": state.adv_left,
            "revealed_card": state.adv_card,
            "rung": state.adv_rung,
        },
        "buildings": buildings,
        "skulls": {
            "supply": state.supply,
            "in_tower": state.tower.skulls_inside(),
            "out_of_game": state.out_of_game,
            "being_placed": state.in_hand,
        },
        "tower": {**state.tower.public(), "last_out": _last_out(state)},
        "main_goal": {
            # the competitive game has no main goal (Competitive Game: the heroes race for
            # the relic); its rooms are the Tower dungeon's
            "name": None if g.competitive else goal.name,
            "step": state.goal_step,
            "steps": 0 if g.competitive else len(goal.steps),
            "next": goal_step_text(state),
            "rooms": list(state.rooms),
            "cleared": state.cleared,
        },
        "market": [DATA.treasures[t].name if t >= 0 else None for t in state.market],
        "decks": {
            "treasures": len(state.treasure_deck),
            "potions": len(state.potion_deck),
            "corruptions": len(state.corruption_deck),
            "events": len(state.event_deck),
        },
        "monthly_quests": [DATA.quests[q].name if q >= 0 else None for q in state.monthly],
        "quests_dealt": [DATA.quests[q].name for q in state.quests_dealt],
        "companions_left": [DATA.companions[c].name for c in state.companions_left],
        "mode": g.options["mode"],
        "winner": state.winner,
        "kingdoms": [
            {"side": SIDES[k.side], "name": k.name, "color": k.color} for k in DATA.kingdoms
        ],
    }


def _last_event(state: DarkTowerState) -> dict[str, Any] | None:
    """The latest event card drawn (Events: read aloud for everyone): its number, what it
    does, and the foe it acts on by the name of this game's foe."""
    for action in reversed(state.history()):
        value = SPACE.decode(action)
        if isinstance(value, DrawEvent):
            event = DATA.events[value.card]
            foes = state.game.foes
            return {
                "card": value.card + 1,
                "category": event.category,
                "what": SPACE.name(action).split(": ", 1)[1],
                "foe": DATA.foes[foes[event.foe]].name if 0 <= event.foe < len(foes) else None,
            }
    return None


def _last_out(state: DarkTowerState) -> str | None:
    """Where the latest skull to come out of the tower came out (an opening or a door), for
    everybody sees a skull leave the tower; None before any has. A skull out of an upper
    opening lands where one out of the door below it does, yet the two leave different
    skulls loose inside, so each is told apart as it happens."""
    history = state._history
    for k in range(len(history) - 1, -1, -1):
        what = history[k] - RELEASES.start
        if 0 <= what < len(RELEASES) and what != STILL:
            return outcome_name(what)
    return None


RELEASES = SPACE.ints(Release)
"""The actions of what comes out of the tower, ``Release(what)`` at ``RELEASES.start + what``."""


def _under_way(state: DarkTowerState, kind: type[F.Frame]) -> F.Frame | None:
    """The innermost frame of ``kind`` on the pending stack (under any choice it asked for)."""
    return next((f for f in reversed(state.pending) if isinstance(f, kind)), None)


def _battle(state: DarkTowerState) -> dict[str, Any] | None:
    """The battle in progress, also while a choice it asked for (gear to lose, a corruption
    drawn) is decided on top of it: the foe, the revealed card, the cards left, the
    advantages at hand and spent."""
    frame = _under_way(state, F.Battling)
    if not isinstance(frame, F.Battling):
        return None
    foe = DATA.foes[state.foe_id(frame.foe)]
    adversary = frame.foe == len(state.game.foes)
    return {
        "seat": frame.seat,
        "foe": foe.name,
        "adversary": adversary,
        "status": None if adversary else STATUSES[state.status[frame.foe]],
        "at": DATA.locations[frame.location].name if frame.location >= 0 else None,
        "card": CARD_NAMES[frame.card] if frame.card >= 0 else None,
        "result": frame.rung if frame.card >= 0 else None,
        "cards_left": frame.left,
        "cards_resolved": frame.resolved,
        "advantages_at_hand": frame.pool,
        "advantages_spent": frame.spent,
    }


def _dungeon(state: DarkTowerState) -> dict[str, Any] | None:
    """The dungeon being explored, also under a choice one of its rooms asked for."""
    frame = _under_way(state, F.Exploring)
    if not isinstance(frame, F.Exploring):
        return None
    return {
        "seat": frame.seat,
        "dungeon": state.dungeon_type().type,
        "at": DATA.locations[state.at[frame.seat]].name,
        "room": frame.room + 1 if frame.room >= 0 else None,
        "improved": frame.improved,
        "rooms_entered": frame.entered,
        "advantages_at_hand": frame.pool,
        "advantages_spent": frame.spent,
    }


def _competitor(state: DarkTowerState, s: int, seat: int | None) -> dict[str, Any]:
    """A hero's race (Competitive Game): its heroic tests by type, the completed ones open and
    the others its own seat's to see (None where hidden), its Amulets of Hope, and whether it
    was eliminated."""
    tests: dict[str, str | None] = {}
    for kind, q in enumerate(state.tests[s]):
        done = state.tests_done[s] >> kind & 1
        shown = q >= 0 and (done or seat == s)
        tests[DATA.kingdoms[kind].virtue] = DATA.quests[q].name if shown else None
    return {
        "tests": tests,
        "tests_done": [
            DATA.kingdoms[k].virtue for k in range(len(tests)) if state.tests_done[s] >> k & 1
        ],
        "amulets": state.amulets[s],
        "eliminated": state.eliminated[s],
    }


def goal_step_text(state: DarkTowerState) -> str:
    """What the main goal asks for next, in words: its dungeon or its quest, then the
    adversary."""
    goal = state.game.goal
    step = state.goal_step
    if state.game.competitive:
        return (
            "no main goal: complete three heroic tests, then enter the Tower dungeon from a "
            "space beside the Tower and find the relic"
        )
    if step >= len(goal.steps):
        return f"defeat {DATA.foes[state.game.adversary].name}"
    loc, treasure = goal.steps[step]
    where = DATA.locations[loc]
    quest = goal.quests[step]
    if quest is None:
        text = f"explore {where.dungeon} at {where.name}"
    else:
        text = f"{quest.action} {quest.amount} {quest.what} at {where.name}" + (
            f" ({quest.qualifier})" if quest.qualifier else ""
        )
    return text + (f" for {DATA.treasures[treasure].name}" if treasure >= 0 else "")


def disclosure(state: DarkTowerState, action: int) -> Disclosure | None:
    """Who may read ``action`` and whether it reveals something hidden, exactly (the
    server's log and undo ask it). Everything on the table is open; hidden are where the
    skulls rest inside the tower (from everybody) and, in the competitive game, the
    heroic tests not yet completed (from the other heroes). A test dealt is its hero's to
    read while another card of its type was left to deal; completing one shows it, a
    reveal unless every other hero could name it (one card of that type unseen). The
    last test card of a type dealt is read too by each hero for whom no other card of
    that type is unseen. What comes out of the tower is seen by everybody, opening and
    all (see ``_release_disclosure``). A die face or battle card that does what
    another does is read by nobody. None (left to the sampled answer) only for an
    outcome of the tower when edited data let a ledge catch every skull (``catch`` 1),
    where which outcomes are offered depends on where the hidden skulls rest."""
    match SPACE.decode(action):
        case A.Release(what=o):
            return state._release_disclosure(o)
        case A.RollHaggle() | A.RevealCard():
            # faces and cards alike in effect show alike: nobody tells them apart
            return open_disclosure(state, action)
        case A.DealTest():
            top = state.pending[-1]
            assert isinstance(top, F.DealTest)
            if len(state.undealt_tests(top.kind)) > 1:
                return Disclosure(frozenset({top.seat}))
            # the one card left: a hero who has seen all the others knows it is dealt
            n = state.game.num_players
            readers = frozenset(
                s for s in range(n) if s == top.seat or len(state._unseen_tests(s, top.kind)) == 1
            )
            return PUBLIC if len(readers) == n else Disclosure(readers)
        case A.HeroicTest(kind=kind):
            p = state.current_player()
            n = state.game.num_players
            reveals = any(len(state._unseen_tests(s, kind)) > 1 for s in range(n) if s != p)
            return Disclosure(None, reveals)
    if state.current_player() == CHANCE:
        return PUBLIC
    # two choices may end alike (two potions of a kind): nobody else tells them apart
    return open_disclosure(state, action)


def release_disclosure(state: DarkTowerState, outcome: int) -> Disclosure | None:
    """Who reads what comes out of the tower: everybody. The observation shows the
    tower's public face, its totals and where the latest skull came out (everybody sees
    a skull leave the tower), never where the skulls inside rest, so each outcome is
    told apart by everybody; it reveals nothing, as any chance outcome. (Were the opening
    unseen, a skull out of an upper opening could not be told from one out of the door
    below it, yet the two leave different skulls loose, so which outcomes come next,
    and how the log could name them, would tell them apart later.) None (left to the
    sampled answer) when edited data let a ledge catch every skull (``catch`` 1), where
    which outcomes are offered depends on where the hidden skulls rest."""
    if outcome == STILL:
        return PUBLIC
    if any(ledge.catch >= 1 for ledge in state.tower.data.ledges):
        return None
    return PUBLIC


def unseen_tests(state: DarkTowerState, seat: int, kind: int) -> list[int]:
    """The heroic tests of type ``kind`` that ``seat`` has not seen, which
    ``_determinize(seat)`` deals again to the heroes holding one face down."""
    n = state.game.num_players
    hidden = [
        s for s in range(n)
        if s != seat and not state.tests_done[s] >> kind & 1 and state.tests[s][kind] >= 0
    ]  # fmt: skip
    seen = {state.tests[s][kind] for s in range(n) if s not in hidden}
    return [q for q in TESTS_OF_KIND[kind] if q not in seen]


def determinize(state: DarkTowerState, seat: int, rng: random.Random) -> DarkTowerState:
    """Re-deal what nobody sees: where the skulls inside the tower rest, and the other
    heroes' heroic tests not yet completed (from the cards of each type ``seat`` has not
    seen). The decks, battle cards and rooms are dealt only when drawn, as chance nodes."""
    copy = state.clone()
    assert isinstance(copy, type(state))
    copy.tower = state.tower.determinize(rng)
    for kind in range(TESTS):
        hidden = [
            s for s in range(state.game.num_players)
            if s != seat and not state.tests_done[s] >> kind & 1 and state.tests[s][kind] >= 0
        ]  # fmt: skip
        seen = {state.tests[s][kind] for s in range(state.game.num_players) if s not in hidden}
        unseen = [q for q in TESTS_OF_KIND[kind] if q not in seen]
        rng.shuffle(unseen)
        for s, q in zip(hidden, unseen, strict=False):
            copy.tests[s][kind] = q
    return copy
