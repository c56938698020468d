"""Return to Dark Tower explains itself: how the game goes, what each component does (the
glossary, whose keys the SVG board's elements carry in ``data-help``), the rulebook sections
its refusals cite, the log's chapters and words, and how a finished game ended.

Every component's words come from its data (:mod:`.render` writes them); the board's general
components, which have no data of their own (the Tower, its seals and doors, skulls, the
haggle die, the battle cards...), from ``data/help.toml``.

>>> import towers
>>> game = towers.make("dark_tower", players=2)
>>> chapter(game.new_initial_state())
''
>>> topic("building-citadel").text
'Citadel. Reinforce: gain 3 warriors; enhanced (2 spirit): gain 7 warriors.'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from towers.core.datafile import read_text
from towers.core.frames import Frame
from towers.core.views import Ending, Topic
from towers.core.words import and_list, plural
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import render as R
from towers.games.dark_tower.data import (
    ADVANTAGES,
    BUILDING_TYPES,
    CARD_NAMES,
    DATA,
    DATA_DIR,
    GAIN_WARRIORS,
    SIDES,
    STATUSES,
    DataError,
    Effects,
    HelpFile,
    MainGoal,
    Perk,
    Quest,
    effects_text,
)
from towers.games.dark_tower.tower import BASE, OPENINGS, STILL

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

MONTHS = int(DATA.game["months"]["count"])


# ---- how the game goes ----------------------------------------------------------------------

HOWTO = """\
The heroes of the Four Kingdoms play together against the adversary in the
Tower. Complete the main goal, which brings the adversary onto the board, then
defeat it in battle before the sixth month ends.

A month is a number of turns taken clockwise (one each in the first month). On
your turn: take your Banner action if you like; then move, take one heroic
action (cleanse a building of skulls, battle a foe, complete a quest or explore
a dungeon, each giving 2 spirit) and Reinforce at a building, in any order; then
drop a skull into the Tower. Skulls that fall out land on buildings; a fourth
skull destroys a building. Most turns end with an event.

A battle reveals as many battle cards as the foe's level; spend advantages to
improve each card before you resolve it. Losses you cannot pay in full give a
corruption.

The heroes lose at once if a hero would gain a third corruption, if a skull is
needed and the supply is empty, or when the sixth month ends. The score is the
team's: 1 for every hero on a win, 0 on a loss."""

HOWTO_RACE = """

In the race for the relic (competitive), each hero completes three heroic
tests, enters the Tower dungeon from a space beside the Tower and searches its
rooms: the first to find the relic, or the last hero left, wins (score 1)."""


def howto(competitive: bool) -> str:
    """How the game goes, in short (the race's paragraph added in the competitive game)."""
    return HOWTO + (HOWTO_RACE if competitive else "")


# ---- the glossary ---------------------------------------------------------------------------


def slug(name: str) -> str:
    """A key's part from a printed name: ``Azkol's Bane`` -> ``azkols-bane``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def space_key(location: int) -> str:
    return f"space-{slug(DATA.locations[location].name)}"


def building_key(kind: int) -> str:
    return f"building-{slug(BUILDING_TYPES[kind])}"


def foe_key(f: int) -> str:
    """The key of a foe or adversary (an index of ``DATA.foes``)."""
    return f"foe-{DATA.foes[f].id}"


def hero_key(h: int) -> str:
    return f"hero-{DATA.heroes[h].id}"


def hero_key_of(name: str) -> str:
    return next(hero_key(h) for h, hero in enumerate(DATA.heroes) if hero.name == name)


def kingdom_key(k: int) -> str:
    return f"kingdom-{DATA.kingdoms[k].id}"


def virtue_key(perk: Perk) -> str:
    return f"virtue-{slug(perk.name)}"


def gear_key(g: int) -> str:
    return f"gear-{DATA.gear[g].id}"


def potion_key(p: int) -> str:
    return f"potion-{DATA.potions[p].id}"


def treasure_key(t: int) -> str:
    return f"treasure-{DATA.treasures[t].id}"


def companion_key(c: int) -> str:
    return f"companion-{DATA.companion_ids[c]}"


def quest_item_key(q: int) -> str:
    return f"quest-item-{DATA.quest_items[q].id}"


def corruption_key(c: int) -> str:
    return f"corruption-{slug(DATA.corruptions[c].name)}"


def quest_key(q: int) -> str:
    return f"quest-{DATA.quests[q].id}"


def goal_key(goal: MainGoal) -> str:
    return f"goal-{goal.id}"


def dungeon_key(location: int) -> str:
    return f"dungeon-{slug(DATA.locations[location].dungeon)}"


def card_key(card: int) -> str:
    return f"card-{CARD_NAMES[card]}"


@cache
def general_topics() -> tuple[Topic, ...]:
    """``data/help.toml``: the board's components that have no data of their own."""
    return read_help((DATA_DIR / "help.toml").read_text())


def read_help(text: str, name: str = "help.toml") -> tuple[Topic, ...]:
    """The topics of a help file's ``text`` (:class:`~towers.games.dark_tower.data.HelpFile`);
    a DataError names a topic without its words or source."""
    file = read_text(text, HelpFile, name, DataError)
    return tuple(Topic(t.key, t.name, t.kind, t.text) for t in file.topics)


def _sentence(text: str) -> str:
    return text if text.endswith(".") else text + "."


def hero_words(h: int) -> str:
    hero = DATA.heroes[h]
    always = and_list(
        f"{v.name} ({R.perk_words(v).removeprefix(v.name + ': ').rstrip('.')})"
        for v in hero.default_virtues
    )
    tiles = and_list(v.name for v in hero.virtues)
    return (
        f"{hero.name}, the hero listed for {DATA.kingdoms[h].name}: move {hero.move}; Banner "
        f"action at the start of a turn: {effects_text(hero.banner)}. Always {always}. "
        f"Virtue tiles {tiles} start inactive; a Sanctuary's enhanced Reinforce awakens one."
    )


def kingdom_words(k: int) -> str:
    kingdom = DATA.kingdoms[k]
    return (
        f"{kingdom.name}, the {kingdom.color.lower()} kingdom to the {SIDES[kingdom.side]} "
        f"({kingdom.terrain.lower()}): home of the hero facing it, who decides where skulls "
        f"land there and starts at its Citadel with its kingdom virtue, "
        f"{DATA.kingdom_virtues[k].name}. Its heroic tests in the race are tests of "
        f"{kingdom.virtue}."
    )


def space_words(i: int) -> str:
    near = []
    for j in DATA.adjacent[i]:
        river = (min(i, j), max(i, j)) in DATA.rivers
        near.append(DATA.locations[j].name + (" (across a river)" if river else ""))
    return f"{R.location_words(i)}. Next to {and_list(near)}."


def dungeon_words(i: int) -> str:
    loc = DATA.locations[i]
    dtype = DATA.dungeon_types[loc.dungeon_type]
    goals = [g.name for g in DATA.main_goals if any(s == i for s, _ in g.steps)]
    used = f" A step of {and_list(goals, 'or')}." if goals else ""
    return (
        f"{loc.dungeon}: a {dtype.type} dungeon at {loc.name} in "
        f"{DATA.kingdoms[loc.kingdom].name}. Its rooms are entered one at a time, each "
        f"improved by one {ADVANTAGES[dtype.advantage]} advantage at most. Its target room "
        f"is guarded ({effects_text(dtype.target[0])}; improved, "
        f"{effects_text(dtype.target[1])}), and clearing it completes the dungeon.{used}"
    )


def goal_words(goal: MainGoal) -> str:
    steps = []
    for k, (loc, treasure) in enumerate(goal.steps):
        place = DATA.locations[loc]
        quest = goal.quests[k]
        if quest is None:
            step = f"explore {place.dungeon} at {place.name}"
        else:
            what = f"{quest.action} {quest.amount} {quest.what}"
            step = f"{what} at {place.name}"
        if treasure >= 0:
            step += f" for {DATA.treasures[treasure].name}"
        steps.append(step)
    spawn = DATA.locations[goal.adversary_spawn].name
    return (
        f"{goal.name}, the main goal, with the companion "
        f"{DATA.companions[goal.companion].name}: {'; then '.join(steps)}. Then the adversary "
        f"appears at {spawn}, and defeating it wins the game."
    )


def quest_card_words(q: int) -> str:
    quest = DATA.quests[q]
    virtue = DATA.kingdoms[quest.kingdom].virtue
    return _sentence(R.quest_words(quest)) + (
        f" In the race for the relic it is a heroic test of {virtue}."
    )


def foe_topic_words(f: int) -> str:
    """A foe: its level, traits, tokens and battle; how it strikes at each status."""
    foe = DATA.foes[f]
    if foe.kind == "adversary":
        return R.foe_words(f)
    traits = and_list(ADVANTAGES[t] for t in foe.traits)
    statuses = "; ".join(
        f"{STATUSES[s]}, {plural(foe.strike_moves[s], 'step')} then {effects_text(foe.strike[s])}"
        for s in range(len(STATUSES))
    )
    return (
        f"{foe.name}, a foe of level {foe.level} ({traits}: advantages of those types help "
        f"against it), {plural(foe.tokens, 'token')}. A battle with it is "
        f"{plural(foe.level, 'battle card')}, each a ladder of results that advantages climb. "
        f"When it strikes each token steps toward the nearest hero, then every hero sharing a "
        f"space with one suffers the strike; by status: {statuses}."
    )


@cache
def glossary() -> tuple[Topic, ...]:
    """Every component of the game, its options included (all foes and adversaries, every
    hero, main goal and quest), each once."""
    topics: list[Topic] = list(general_topics())
    topics += [Topic(kingdom_key(k), k_.name, "kingdom", kingdom_words(k)) for k, k_ in
               enumerate(DATA.kingdoms)]  # fmt: skip
    topics += [
        Topic(space_key(i), loc.name, "space", space_words(i))
        for i, loc in enumerate(DATA.locations)
    ]
    topics += [
        Topic(building_key(t), name, "building", R.building_words(t))
        for t, name in enumerate(BUILDING_TYPES)
    ]
    topics += [
        Topic(foe_key(f), foe.name, foe.kind, foe_topic_words(f)) for f, foe in enumerate(DATA.foes)
    ]
    topics += [Topic(hero_key(h), hero.name, "hero", hero_words(h)) for h, hero in
               enumerate(DATA.heroes)]  # fmt: skip
    for hero in DATA.heroes:
        for v in (*hero.default_virtues, *hero.virtues):
            topics.append(Topic(virtue_key(v), v.name, "virtue",
                                f"A virtue of the {hero.name}. {R.perk_words(v)}"))  # fmt: skip
    for k, v in enumerate(DATA.kingdom_virtues):
        topics.append(Topic(virtue_key(v), v.name, "kingdom virtue",
                            f"The kingdom virtue of {DATA.kingdoms[k].name}. {R.perk_words(v)}"))  # fmt: skip
    topics += [Topic(gear_key(g), gear.name, "gear", R.gear_words(g)) for g, gear in
               enumerate(DATA.gear)]  # fmt: skip
    topics += [Topic(potion_key(p), potion.name, "potion", R.potion_words(p)) for p, potion in
               enumerate(DATA.potions)]  # fmt: skip
    topics += [Topic(treasure_key(t), tr.name, "treasure", R.treasure_words(t)) for t, tr in
               enumerate(DATA.treasures)]  # fmt: skip
    topics += [
        Topic(companion_key(c), comp.name, "companion", "A companion. " + R.perk_words(comp))
        for c, comp in enumerate(DATA.companions)
    ]
    topics += [
        Topic(quest_item_key(q), item.name, "quest item",
              f"A quest item from the quest of {DATA.companions[item.companion].name}. "
              + R.perk_words(item.perk))
        for q, item in enumerate(DATA.quest_items)
    ]  # fmt: skip
    topics += [
        Topic(corruption_key(c), corr.name, "corruption", "A corruption. " + R.perk_words(corr))
        for c, corr in enumerate(DATA.corruptions)
    ]
    topics += [Topic(quest_key(q), quest.name, "quest", quest_card_words(q)) for q, quest in
               enumerate(DATA.quests)]  # fmt: skip
    topics += [Topic(goal_key(g), g.name, "main goal", goal_words(g)) for g in DATA.main_goals]
    topics += [
        Topic(dungeon_key(i), loc.dungeon, "dungeon", dungeon_words(i))
        for i, loc in enumerate(DATA.locations)
        if loc.dungeon
    ]
    return tuple(topics)


@cache
def _by_key() -> dict[str, Topic]:
    return {t.key: t for t in glossary()}


def topic(key: str) -> Topic:
    """The topic of ``key``; a KeyError names it."""
    try:
        return _by_key()[key]
    except KeyError:
        raise KeyError(f"no component of Return to Dark Tower has the help key {key!r}") from None


# ---- the rulebook's sections ----------------------------------------------------------------

SECTIONS: dict[str, str] = {
    "World Setup": "The board goes out with the Tower in the middle and its twelve seals on, "
    "the sixteen buildings in place, 24 skulls in the supply, the six stacks of gear, a "
    "market of three face up treasures and the potion and corruption decks.",
    "Hero Setup": "Each hero starts at the Citadel of the kingdom in front of them with 7 "
    "warriors and 1 spirit, their three virtue tiles inactive and their kingdom's virtue on "
    "the hero board. Inactive virtues are awakened later, one at a time.",
    "App Setup": "The app (here, the game itself) sets the mode, Heroic or Gritty, the main "
    "goal with its companion, the adversary and one foe each of level 2, 3 and 4, then spawns "
    "the first foes and drops the first skulls.",
    "Sequence of Play": "The game runs for six months of turns taken clockwise: one turn each "
    "in the first month, then a set number a month. The next month begins left of the hero "
    "who took the last turn. Gritty months are shorter.",
    "Monthly Quests": "From the second month a companion quest and an adversary quest come "
    "each month. Completing the companion quest gives a companion or a quest item; an "
    "adversary quest left undone at the month's end lets the adversary advance its plans.",
    "Start of Turn": "Before anything else a hero may take the Banner action printed on their "
    "hero board; it cannot be kept for later. Potions may be drunk now too.",
    "Middle of Turn": "In any order, and each optional: move, take one heroic action, "
    "Reinforce once at a building, trade once with heroes on your space, and use items. The "
    "turn ends with the skull drop.",
    "Movement": "Move up to your move value, a step to each adjacent space. Paying 1 spirit "
    "before moving doubles the move for the turn, bonuses included. A river crossing reaches "
    "only the space across it. Foes, skulls and heroes never block the way.",
    "Heroic Actions": "One a turn: cleanse the skulls off the building on your space, battle "
    "a foe there, or complete a quest or explore a dungeon there. Any heroic action completed "
    "gives 2 spirit.",
    "Reinforce": "Once a turn, at a space with a standing building, take its free effect or "
    "pay spirit for its enhanced one. The haggle die may be rolled first, for a bonus or a "
    "canceled Reinforce. Gear taken comes from the stacks still holding some.",
    "End of Turn": "The turn ends with a skull taken from the supply and dropped into the "
    "Tower; skulls that come out are placed, then an event follows. No item may be used after "
    "the drop.",
    "Battle": "Battle a foe on your space: it reveals as many battle cards as its level, one "
    "at a time. Each card is resolved in turn, and when the last one is resolved the foe is "
    "defeated and its token leaves the board.",
    "Spending Advantages": "Advantages from virtues, companions and treasures count "
    "automatically against a foe of their type; gear, scrolls and potions add more. Each one "
    "spent lifts the revealed card one step toward its best result, with no undo and at most "
    "10 in one heroic action.",
    "Applying Results": "A card's result is applied as it stands. A loss that cannot be paid "
    "in full takes what there is and gives one corruption.",
    "Battling the Adversary": "The adversary fights like a foe with two differences: after "
    "resolving a card a hero may retreat, and the cards already won and the advantages spent "
    "stay for the next battle, by any hero.",
    "Removing Foes": "Some effects remove a foe token without a battle; that is no heroic "
    "action and gives no spirit. The adversary can never be removed this way.",
    "Completing a Quest": "A quest is completed by the Quest heroic action at its space, "
    "paying or holding what it asks (warriors, spirit, gear, potions, advantages...). The "
    "companion quest's reward comes at once.",
    "Exploring a Dungeon": "Enter a dungeon's rooms one at a time; each room can be improved "
    "by one advantage of the dungeon's type, then its result is applied. Cleared rooms stay "
    "cleared. Leave or go on after each room; clearing the target room completes the dungeon.",
    "Completing the Main Goal": "The main goal is a chain of quests and dungeons. Finishing "
    "its last step brings the adversary onto the board, where it can be battled.",
    "Events": "At the end of most turns an event comes: foes strike, spawn or grow bolder, "
    "the Tower turns or loses a seal, the adversary acts, companions help, or new wares reach "
    "the market, where the hero may swap treasures.",
    "Spending vs. Losing": "Spending is a choice made during your turn; losing is forced. A "
    "hero who cannot lose all that is asked loses what they can and gains a single "
    "corruption, never more than one for one effect.",
    "Making Trades": "Once a turn, the hero whose turn it is may trade with heroes on the "
    "same space if all in the trade agree: warriors, spirit, items and companions change "
    "hands. Virtues and corruptions cannot be traded.",
    "Winning": "The heroes win together when they have completed the main goal and then "
    "defeated the adversary in battle.",
    "Losing": "The heroes all lose at once if a hero would gain a third corruption, if a "
    "skull must be taken from an empty supply, or when the sixth month ends.",
    "Placing Skulls": "A skull that falls out of the Tower goes on a building of the kingdom "
    "it fell toward, chosen by that kingdom's hero (by the dropper for a kingdom with no "
    "hero). A building holds 3; a fourth destroys it and its kingdom's hero gains a corruption.",
    "Competitive Game": "In the race the heroes compete to be first to find the relic hidden "
    "in the Tower dungeon; each gets four heroic tests and an Amulet of Hope at the start.",
    "Hero Goals": "Complete three heroic tests by the Quest action at their spaces; each "
    "completed test lets the hero break a seal or put one back. Then enter the Tower dungeon "
    "from a space beside the Tower and search its rooms for the relic.",
    "Hero Elimination": "In the race a hero who would gain a third corruption, or who must "
    "drop a skull when the supply is empty, is out of the game, and their kingdom goes "
    "dormant.",
    "End of the Game": "The race ends when a hero finds the relic (that hero wins), when one "
    "hero is left (they win), or when the sixth month ends or the last heroes go out together "
    "(nobody wins).",
    "Competitive Clarifications": "In the race the monthly quest gives a companion to the "
    "first hero to complete it, with no penalty if nobody does; heroes may affect each other "
    "without asking; trades still need everyone's agreement; with the potion deck empty a "
    "hero takes a potion from another hero instead.",
}
"""Each rulebook section the game's refusals cite (and a few that frame them), in the
rulebook's order, in the project's own words."""

CITED = "rulebook: "
"""How a refusal cites a section (``rules.DarkTowerState._explain``)."""


def rule_sections() -> list[str]:
    """The sections, as a refusal cites them."""
    return [CITED + s for s in SECTIONS]


def rules_section(section: str) -> str | None:
    """The meaning of a section, given as a refusal cites it ("rulebook: Movement") or by its
    heading alone; None for a section the rulebook does not have."""
    name = section.removeprefix(CITED).removeprefix("Return to Dark Tower, ").strip()
    return SECTIONS.get(name)


# ---- the log --------------------------------------------------------------------------------


def _is_decision(action: int) -> bool:
    return not getattr(A.SPACE.values[action], "CHANCE", False)


def chapter(state: DarkTowerState) -> str:
    """ "Month M, turn T": the turns counted within the month, as the app counts them; empty
    during setup (before the first hero's first decision of their turn)."""
    if _in_setup(state):
        return ""
    g = state.game
    length = g.num_players if state.month == 1 else g.month_turns
    turn = length - state.turns_left + 1
    return f"Month {state.month}, turn {turn}"


def _in_setup(state: DarkTowerState) -> bool:
    """Setup lasts until the first turn starts: the first hero's start of turn is at the
    bottom of the pending stack with setup's work above it, and no hero has yet done more
    than place a setup skull."""
    if state.month != 1 or state.turns_left != state.game.num_players:
        return False
    if len(state.pending) <= 1 or not isinstance(state.pending[0], F.StartTurn):
        return False
    return all(
        not _is_decision(a) or isinstance(A.SPACE.values[a], A.PlaceSkull) for a in state.history()
    )


def _foe_name(state: DarkTowerState, slot: int) -> str:
    return DATA.foes[state.foe_id(slot)].name


def _under(state: DarkTowerState, kind: type[Frame]) -> Any:
    return next((f for f in reversed(state.pending) if isinstance(f, kind)), None)


def _building_name(b: int) -> str:
    building = DATA.buildings[b]
    return f"the {BUILDING_TYPES[building.type]} of {DATA.locations[building.location].name}"


def _room_name(state: DarkTowerState, kind: int) -> str:
    if kind == A.TARGET:
        return "the target room"
    return state.dungeon_type().rooms[kind][0]


HAGGLE_WORDS = {
    "normal": "Reinforce normally",
    "cancel": "the Reinforce is canceled",
}


def requirement_words(quest: Quest) -> str:
    """What a quest asks: "spend 4 advantages, all different", "have 3 treasures"."""
    words = f"{quest.action} {quest.amount} {quest.what}"
    return words + (f", {quest.qualifier.replace('-', ' ')}" if quest.qualifier else "")


def haggle_words(face: int) -> str:
    name = DATA.haggle_faces[face]
    if name in DATA.haggle:
        return f"after you Reinforce, {effects_text(DATA.haggle[name])}"
    return HAGGLE_WORDS[name]


def reinforced(state: DarkTowerState, effects: Effects) -> Effects:
    """What a Reinforce of ``effects`` gives the hero whose turn it is: the building's effect
    with the warriors the hero's virtues and companions add to each Reinforce, then the haggle
    die's bonus (as the rules apply them, Reinforce)."""
    bonus = sum(p.reinforce for p in state.perks(state.current))
    out = list(effects)
    if bonus:
        gained = sum(n for code, n in out if code == GAIN_WARRIORS)
        out = [e for e in out if e[0] != GAIN_WARRIORS]
        if gained + bonus > 0:
            out.insert(0, (GAIN_WARRIORS, gained + bonus))
    face = DATA.haggle_faces[state.haggle] if state.haggle >= 0 else "normal"
    return tuple(out) + DATA.haggle.get(face, ())


def release_words(outcome: int) -> str:
    """What came out of the Tower, and toward which kingdom."""
    if outcome == STILL:
        return "the Tower falls still"
    side = outcome % 4 if outcome < OPENINGS else outcome - BASE
    where = (
        f"the {A.LEVEL_WORDS[outcome // 4]} {SIDES[side]} opening"
        if outcome < OPENINGS
        else f"the {SIDES[side]} door"
    )
    return f"a skull falls out of {where}, toward {DATA.kingdoms[side].name}"


def log_words(state: DarkTowerState, action: int) -> str:
    """``action`` as the log says it, ``state`` the state before it: its words, and the
    public result the words alone do not say (a battle card's result, a quest's reward)."""
    words = state.action_to_string(action)
    value = A.SPACE.values[action]
    top = state.pending[-1] if state.pending else None
    said = _result_words(state, value, top)
    return said if said is not None else words


def _foes_event_words(state: DarkTowerState, category: str, slot: int) -> str:
    """What a Foes Strike or Foes Grow in Power event does to the foes it names, as the state
    before it stands (Events: nothing for a foe with no token on the board)."""
    n = len(state.game.foes)
    said = []
    for f in range(n) if slot < 0 else (slot,):
        on = any(state.foes[loc * n + f] for loc in range(len(DATA.locations)))
        foe = DATA.foes[state.game.foes[f]]
        status = state.status[f]
        if not on:
            said.append(f"no {foe.name} on the board")
        elif category == "foes_strike":
            said.append(
                f"{STATUSES[status]}: {plural(foe.strike_moves[status], 'step')}, then "
                f"{effects_text(foe.strike[status])}"
            )
        else:
            said.append(f"{foe.name} now {STATUSES[min(status + 1, len(STATUSES) - 1)]}")
    return f" ({'; '.join(said)})"


def _result_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """The log's words for ``value`` (an action, decoded) with its public result, ``state``
    the state before it and ``top`` its pending frame; None when the action's own words say
    all. Each kind of action is worded by one of :data:`_RESULT_WORDS`."""
    for words_of in _RESULT_WORDS:
        said = words_of(state, value, top)
        if said is not None:
            return said
    return None


def _battle_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """A battle's steps (Battles): starting it, a battle card revealed, an advantage spent
    on the card, the card resolved, and a retreat from the adversary."""
    match value:
        case A.Battle(foe=f):
            name = _foe_name(state, f)
            cards = state.adv_left if f == A.ADVERSARY else DATA.foes[state.foe_id(f)].level
            who = f"the adversary {name}" if f == A.ADVERSARY else name
            return f"battle {who}: {plural(cards, 'battle card')} to win"
        case A.RevealCard(card=c):
            return _card_revealed_words(state, c)
        case A.Improve() if isinstance(top, F.Battling):
            rungs = state.battle_ladder(top)
            now = rungs[min(top.rung + 1, len(rungs) - 1)]
            return f"spend an advantage: the card now gives {effects_text(now)}"
        case A.Resolve() if isinstance(top, F.Battling):
            return _card_resolved_words(state, top)
        case A.Retreat():
            return f"retreat from {_foe_name(state, A.ADVERSARY)}: its won cards stay won"
    return None


def _card_revealed_words(state: DarkTowerState, card: int) -> str | None:
    """A battle card revealed: what it gives now and at best (None outside a battle)."""
    battle = _under(state, F.Battling)
    if battle is None:
        return None
    table = DATA.foes[state.foe_id(battle.foe)].battle
    row = 0 if battle.foe == A.ADVERSARY else state.status[battle.foe]
    rungs = table[min(row, len(table) - 1)][card]
    return (
        f"battle card {CARD_NAMES[card].capitalize()}: {effects_text(rungs[0])} "
        f"(at best {effects_text(rungs[-1])})"
    )


def _card_resolved_words(state: DarkTowerState, top: F.Battling) -> str:
    """A battle card resolved: its result, then the foe defeated or the cards still to go."""
    name = _foe_name(state, top.foe)
    card = CARD_NAMES[top.card].capitalize()
    result = effects_text(state.battle_ladder(top)[top.rung])
    words = f"resolve {card} against {name}: {result}"
    if top.left <= 1:
        words += f"; {name} " + (
            "is defeated: the heroes win" if top.foe == A.ADVERSARY else "is defeated"
        )
    else:
        words += f"; {plural(top.left - 1, 'card')} to go"
    return words


def _dungeon_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """A dungeon's steps (Dungeons): exploring it, a room revealed or entered, an advantage
    spent on the room, and the room resolved."""
    g = state.game
    match value:
        case A.Explore():
            loc = DATA.locations[state.at[state.current]]
            return f"explore {loc.dungeon}" if loc.dungeon else None
        case A.RevealRoom(room=revealed):
            explore = _under(state, F.Exploring)
            number = explore.room + 1 if explore is not None else 0
            return f"room {number} is {_room_name(state, revealed)}"
        case A.EnterRoom(room=r) if state.rooms[r] >= 0:
            cleared = " (cleared)" if state.cleared >> r & 1 else ""
            return f"enter room {r + 1}: {_room_name(state, state.rooms[r])}{cleared}"
        case A.Improve() if isinstance(top, F.Exploring):
            pair = _room_pair(state, state.rooms[top.room])
            return f"spend an advantage: the room now gives {effects_text(pair[1])}"
        case A.Resolve() if isinstance(top, F.Exploring):
            room = state.rooms[top.room]
            result = effects_text(_room_pair(state, room)[1 if top.improved else 0])
            words = f"resolve {_room_name(state, room)}: {result}"
            if room == A.TARGET:
                words += "; the relic is found" if g.competitive else "; the dungeon is complete"
            return words
    return None


def _room_pair(state: DarkTowerState, room: int) -> Any:
    """What a room of the dungeon gives: its effects, then its effects improved."""
    dtype = state.dungeon_type()
    return dtype.target if room == A.TARGET else dtype.rooms[room][1]


def _heroic_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """The heroic actions that are not a battle or a dungeon, and Reinforce (A Hero's Turn):
    a quest or a step of the main goal completed, a heroic test, a building cleansed, a
    Reinforce with what it gives, and the haggle die."""
    g = state.game
    match value:
        case A.Quest(quest=k) if state.monthly[k] >= 0:
            quest = DATA.quests[state.monthly[k]]
            which = ("companion quest", "adversary quest")[k]
            reward = f"; reward: a {quest.reward}" if k == 0 else "; the adversary is thwarted"
            return f"complete the {which} {quest.name} ({requirement_words(quest)}){reward}"
        case A.GoalQuest():
            return _goal_step_words(state)
        case A.HeroicTest(kind=kind) if state.tests[state.current][kind] >= 0:
            test = DATA.quests[state.tests[state.current][kind]]
            virtue = DATA.kingdoms[kind].virtue
            return f"complete the heroic test of {virtue}: {test.name} ({requirement_words(test)})"
        case A.Cleanse():
            b = state.building_at(state.at[state.current])
            if b < 0:
                return None
            n = state.skulls[b]
            return f"cleanse {_building_name(b)}: {plural(n, 'skull')} back to the supply"
        case A.Reinforce(how=how):
            b = state.building_at(state.at[state.current])
            if b < 0:
                return None
            bt = g.building_types[DATA.buildings[b].type]
            paid = f"enhanced, {bt.enhanced_cost} spirit" if how else "free"
            gains = effects_text(reinforced(state, bt.enhanced if how else bt.free))
            return f"reinforce at {_building_name(b)} ({paid}): {gains}"
        case A.RollHaggle(face=face):
            return f"haggle die: {haggle_words(face)}"
    return None


def _goal_step_words(state: DarkTowerState) -> str:
    """A step of the main goal completed: what it asked, and the adversary appearing after
    the last step."""
    g = state.game
    goal = g.goal
    step = state.goal_step
    last = step + 1 == len(goal.steps)
    then = f"; {DATA.foes[g.adversary].name} appears" if last else ""
    asks = goal.quests[step] if step < len(goal.steps) else None
    needs = f" ({requirement_words(asks)})" if asks is not None else ""
    return f"complete step {step + 1} of {len(goal.steps)} of {goal.name}{needs}{then}"


def _tower_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """The Tower and the adversary's turn (End of Turn, Events): a skull dropped, what comes
    out of the Tower, a seal that breaks, where a skull lands, an event and where foes
    appear."""
    g = state.game
    match value:
        case A.DropSkull():
            if state.supply <= 0:
                who = "the hero is out of the race" if g.competitive else "the heroes lose"
                return f"drop a skull into the Tower: the supply is empty, so {who}"
            left = state.supply - 1
            return f"drop a skull into the Tower ({plural(left, 'skull')} left in the supply)"
        case A.Release(what=what):
            return release_words(what)
        case A.SealGlows(opening=o):
            return f"the seal of the {A.OPENINGS[o]} opening glows and breaks"
        case A.PlaceSkull(building=b):
            n = state.skulls[b] + 1
            if n > 3:
                return f"place the skull on {_building_name(b)}: the fourth destroys it"
            return f"place the skull on {_building_name(b)} ({plural(n, 'skull')} on it)"
        case A.DrawEvent(card=c):
            return _event_words(state, c)
        case A.SpawnAt(location=loc) if isinstance(top, F.Spawn):
            return f"{_foe_name(state, top.foe)} appear at {DATA.locations[loc].name}"
    return None


def _event_words(state: DarkTowerState, card: int) -> str:
    """An event card drawn: its words, and whom or what it strikes as the state stands."""
    g = state.game
    event = DATA.events[card]
    words = "event: " + R.event_words(event, g.foes)
    if event.category == "tower_acts":
        kingdom = DATA.kingdoms[state.tower.glyph_sides()["battle"]].name
        words += f" at the heroes in {kingdom}"
    elif event.category in ("foes_strike", "foes_grow"):
        words += _foes_event_words(state, event.category, event.foe)
    return words


def _draw_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """A card drawn from a deck, and who gets it: a treasure (to a hero or the market), a
    potion, a corruption, a companion, a quest item, or this month's quest."""
    g = state.game
    match value:
        case A.DrawTreasure(treasure=t) if isinstance(top, F.TreasureDraw):
            name = DATA.treasures[t].name
            return (
                f"{name} comes to the market"
                if top.seat < 0
                else f"{R.seat_name(g, top.seat)} draws {name}"
            )
        case A.DrawPotion(potion=p) if isinstance(top, F.PotionDraw):
            return f"{R.seat_name(g, top.seat)} draws {DATA.potions[p].name}"
        case A.DrawCorruption(corruption=c) if isinstance(top, F.CorruptionDraw):
            words = R.perk_words(DATA.corruptions[c]).rstrip(".")
            return f"{R.seat_name(g, top.seat)} gains the corruption {words}"
        case A.DrawCompanion(companion=c) if isinstance(top, F.CompanionDraw):
            return f"{R.seat_name(g, top.seat)} gains the companion {DATA.companions[c].name}"
        case A.DrawQuestItem(item=q) if isinstance(top, F.QuestItemDraw):
            return f"{R.seat_name(g, top.seat)} gains the quest item {DATA.quest_items[q].name}"
        case A.DrawQuest(quest=q) if isinstance(top, F.QuestDraw):
            quest = DATA.quests[q]
            which = ("companion quest", "adversary quest")[top.kind]
            return f"this month's {which}: {quest.name} at {DATA.locations[quest.location].name}"
    return None


def _turn_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """A hero's own moves and items on a turn (A Hero's Turn): a move with the moves left, a
    double move, the Banner action, a potion drunk, a scroll read, gear spent and a virtue
    activated."""
    g = state.game
    match value:
        case A.Move(to=to) if isinstance(top, F.Turn):
            left = max(0, state.moves_left - 1)
            return f"move to {DATA.locations[to].name} ({plural(left, 'move')} left)"
        case A.DoubleMove():
            return f"double move: {plural(state.moves_left + state.base_move, 'move')} left"
        case A.Banner():
            return f"banner: {effects_text(g.heroes[state.current].banner)}"
        case A.DrinkPotion(potion=p):
            return f"drink {R.potion_words(p).rstrip('.')}"
        case A.ReadScroll(treasure=t):
            return f"read {DATA.treasures[t].name}: {plural(DATA.treasures[t].spend, 'Wild advantage')}"
        case A.SpendGear(gear=k):
            kind = ADVANTAGES[g.gear[k].advantage]
            return f"spend {g.gear[k].name}: 1 {kind} advantage"
        case A.ActivateVirtue(virtue=v) if isinstance(top, F.ChooseVirtue):
            seat = top.seat
            perks = [*g.heroes[seat].virtues, DATA.kingdom_virtues[g.kingdoms[seat]]]
            return f"activate {R.perk_words(perks[v]).rstrip('.')}"
    return None


def _market_words(state: DarkTowerState, value: Any, top: Any) -> str | None:
    """The market and trades between heroes: a ware taken or replaced, a trade begun."""
    g = state.game
    match value:
        case A.TakeMarket(slot=k) if state.market[k] >= 0:
            return f"take {DATA.treasures[state.market[k]].name} from the market"
        case A.ReplaceWare(slot=k) if state.market[k] >= 0:
            return f"replace {DATA.treasures[state.market[k]].name} in the market"
        case A.TradeWith(seat=s) if s < g.num_players:
            return f"trade with {R.seat_name(g, s)}"
    return None


_RESULT_WORDS: tuple[Callable[[DarkTowerState, Any, Any], str | None], ...] = (
    _battle_words,
    _dungeon_words,
    _heroic_words,
    _tower_words,
    _draw_words,
    _turn_words,
    _market_words,
)
"""The wording of each kind of action's result, tried in turn: each says the actions of its
kind and no other (None for the rest), so their order does not matter."""


# ---- the ending -----------------------------------------------------------------------------


def tally(state: DarkTowerState) -> list[Counter[str]]:
    """What each hero did in the game, replayed from its history on a new initial state: the
    state keeps no such tallies (its scores are only the win), and every action is public to
    the seats that see the ending. Keys: ``foes`` (foes defeated in battle), ``adversary``
    (the adversary's cards resolved), ``quests`` (monthly quests, main goal steps and heroic
    tests completed), ``rooms`` (dungeon rooms cleared) and ``cleansed`` (skulls cleansed, by
    the heroic action or a potion) and, in the race, ``eliminated in month``. The count stops
    where the history would no longer replay
    (a state whose fields were set by hand)."""
    replay = state.game.new_initial_state()
    out: list[Counter[str]] = [Counter() for _ in range(state.game.num_players)]
    for action in state.history():
        value = A.SPACE.values[action]
        top = replay.pending[-1]
        waiting = _battles_won(replay)
        match value:
            case A.Resolve() if isinstance(top, F.Battling):
                if top.foe == A.ADVERSARY:
                    out[top.seat]["adversary"] += 1
                elif top.left <= 1:
                    waiting.append(F.HeroicDone(seat=top.seat, foe=top.foe, location=top.location))
            case A.Resolve() if isinstance(top, F.Exploring):
                out[top.seat]["rooms"] += 1
                if replay.rooms[top.room] == A.TARGET:
                    out[top.seat]["quests"] += 1
            case A.Quest() | A.GoalQuest() | A.HeroicTest():
                out[replay.current]["quests"] += 1
            case A.Cleanse():
                out[replay.current]["cleansed"] += _skulls_here(replay, replay.current)
            case A.DrinkPotion(potion=p) if DATA.potions[p].cleanse:
                drinker = replay.current_player()
                out[drinker]["cleansed"] += _skulls_here(replay, drinker)
        if not replay.is_legal(action):
            break  # a history that no longer replays (a test set fields by hand): count so far
        tokens = list(replay.foes)
        out_before = list(replay.eliminated)
        replay.apply_trusted(action)
        for seat, gone in enumerate(replay.eliminated):
            if gone and not out_before[seat]:
                # Hero Elimination: the month it happened in, kept with the other tallies
                out[seat]["eliminated in month"] = replay.month
        # Applying Results: the foe is defeated when its token leaves the board at the end of
        # the heroic action, which may wait on choices its last card asked for, and which a
        # hero's fall on that card (the game lost, or eliminated) forestalls
        still = _battles_won(replay)
        n = len(replay.game.foes)
        for won in waiting:
            spot = won.location * n + won.foe
            if won not in still and replay.foes[spot] < tokens[spot]:
                out[won.seat]["foes"] += 1
    return out


def _battles_won(state: DarkTowerState) -> list[F.HeroicDone]:
    """The battles with a foe whose last card is resolved and whose heroic action waits to end."""
    return [f for f in state.pending if isinstance(f, F.HeroicDone) and 0 <= f.foe < A.ADVERSARY]


def _skulls_here(state: DarkTowerState, seat: int) -> int:
    """The skulls on the standing building on the hero's space (0: none there)."""
    b = state.building_at(state.at[seat])
    return max(0, state.skulls[b]) if b >= 0 else 0


def _reason(state: DarkTowerState) -> tuple[str, str]:
    """Why the game ended, and the rulebook's section that ended it, from the rules' words."""
    why = state.ending
    g = state.game
    adversary = DATA.foes[g.adversary].name
    if why.endswith("is defeated"):
        return (
            f"the main goal, {g.goal.name}, was completed and {adversary} was defeated",
            "Winning",
        )
    if "found the relic" in why:
        seat = int(why.split()[1])
        return f"{R.seat_name(g, seat)} found the relic in the Tower dungeon", "End of the Game"
    if why.startswith("the other heroes were eliminated"):
        last = _seat_words(state, _inner(why))
        return f"every other hero was eliminated, the last when {last}", "End of the Game"
    if why.startswith("every remaining hero was eliminated"):
        last = _seat_words(state, _inner(why))
        return f"the last heroes were eliminated together when {last}", "End of the Game"
    if why.startswith("the sixth month ended"):
        section = "End of the Game" if g.competitive else "Losing"
        return f"the sixth month ended with {adversary} still standing", section
    if "third corruption" in why:
        return _seat_words(state, why), "Losing"
    if "empty supply" in why:
        return "a skull had to be taken from the supply and none were left", "Losing"
    return why, "Losing"


def _inner(why: str) -> str:
    return why[why.find("(") + 1 : why.rfind(")")] if "(" in why else why


def _seat_words(state: DarkTowerState, why: str) -> str:
    """The rules' "seat 1's hero would gain..." with the hero named (:func:`R.seat_name`)."""
    found = re.match(r"seat (\d+)(?:'s hero)? (.*)", why)
    if not found:
        return why
    seat = int(found.group(1))
    return f"{R.seat_name(state.game, seat)} {found.group(2)}"


def ending(state: DarkTowerState) -> Ending | None:
    if not state.is_terminal():
        return None
    g = state.game
    n = g.num_players
    reason, section = _reason(state)
    reason = f"{section}: {reason}."
    done = tally(state)
    scores = state.scores()
    adversary = DATA.foes[g.adversary]
    notes: list[str] = []
    if g.competitive:
        verdict = (
            f"{R.seat_name(g, state.winner)} wins the race for the relic."
            if state.winner >= 0
            else "Nobody wins the race for the relic."
        )
        categories = ["Heroic tests", "Foes defeated", "Rooms cleared", "Corruptions",
                      "Eliminated", "Score"]  # fmt: skip
        rows: list[list[float | int | str]] = [
            [
                bin(state.tests_done[s]).count("1"),
                done[s]["foes"],
                done[s]["rooms"],
                len(state.corruptions[s]),
                "yes" if state.eliminated[s] else "no",
                scores[s],
            ]
            for s in range(n)
        ]
    else:
        verdict = (
            f"The heroes win: {adversary.name} is defeated."
            if state.result > 0
            else f"The heroes lose to {adversary.name}."
        )
        categories = ["Foes defeated", "Adversary cards", "Quests completed", "Rooms cleared",
                      "Skulls cleansed", "Corruptions", "Score"]  # fmt: skip
        rows = [
            [
                done[s]["foes"],
                done[s]["adversary"],
                done[s]["quests"],
                done[s]["rooms"],
                done[s]["cleansed"],
                len(state.corruptions[s]),
                scores[s],
            ]
            for s in range(n)
        ]
        steps = len(g.goal.steps)
        notes.append(
            f"Main goal: {g.goal.name}, {min(state.goal_step, steps)} of {steps} steps done."
        )
        won = adversary.level - state.adv_left
        notes.append(
            f"The adversary {adversary.name}: {won} of {plural(adversary.level, 'battle card')}"
            " won."
        )
        notes.append("The score is the team's: 1 for each hero on a win, 0 on a loss.")
    for s in range(n):
        month = done[s]["eliminated in month"]
        if month:
            notes.append(f"{R.seat_name(g, s)} was eliminated in month {month}.")
    destroyed = sum(1 for s in state.skulls if s < 0)
    difficulty = "Gritty" if g.gritty else "Heroic"
    heroes = plural(n, "hero", "heroes")
    notes.append(
        f"{difficulty}: the race for the relic among {heroes}."
        if g.competitive
        else f"{difficulty}: {heroes} against {adversary.name}."
    )
    notes.append(
        f"Month {state.month} of {MONTHS}; {plural(state.supply, 'skull')} left in the supply; "
        f"{plural(destroyed, 'building')} destroyed."
    )
    return Ending(verdict, reason, categories, rows, notes)


# ---- colours --------------------------------------------------------------------------------

KINGDOM_FILLS = {"Yellow": "#e9c545", "Blue": "#4f7fd0", "Red": "#d0524a", "Green": "#4e9a55"}
"""Each kingdom's colour as the board draws it (its quarter's edge, its heroes' flags)."""


def colours(game: DarkTowerGame) -> list[str]:
    """Each seat's colour: its home kingdom's, as the board draws its hero."""
    return [KINGDOM_FILLS[DATA.kingdoms[k].color] for k in game.kingdoms]
