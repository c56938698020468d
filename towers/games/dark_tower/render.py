"""Return to Dark Tower in words: every component's text (foes, the adversary, buildings, gear,
potions, treasures, corruptions, companions, virtues, quests, events), the app's messages, and
the table as text for a terminal. The SVG board (:mod:`.svg`) takes its titles from here.

>>> from towers.games.dark_tower.data import DATA
>>> building_words(0)
'Citadel. Reinforce: gain 3 warriors; enhanced (2 spirit): gain 7 warriors.'
>>> perk_words(DATA.kingdom_virtues[0]).startswith(DATA.kingdom_virtues[0].name)
True
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from towers.core import knowledge
from towers.core.game import CHANCE
from towers.core.views import GLANCE_LINES
from towers.core.words import plural
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import SPACE, DrawEvent
from towers.games.dark_tower.data import (
    ADVANTAGES,
    BUILDING_TYPES,
    CARD_NAMES,
    DATA,
    SIDES,
    STATUSES,
    Event,
    Perk,
    Quest,
    effects_text,
)
from towers.games.dark_tower.observe import _last_out as last_out
from towers.games.dark_tower.observe import goal_step_text
from towers.games.dark_tower.tower import load as load_tower

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

KINGDOM_STYLES = ("bold yellow", "bold blue", "bold red", "bold green")
MESSAGES = 8
"""How many of the latest happenings the app's messages repeat."""


# ---- every component in words -------------------------------------------------------------


def seat_name(game: DarkTowerGame, seat: int) -> str:
    """The seat as every screen names it: its hero's printed name ("Brutal Warlord"). The
    heroes are distinct in every game, each seat has one from the start, and it is what the
    players call each other; the kingdom's colour the board draws the hero in goes beside it
    as a swatch, not as another name."""
    return game.heroes[seat].name


def perk_words(perk: Perk) -> str:
    """A virtue, companion, corruption or treasure's lasting effect."""
    parts = []
    if perk.advantage >= 0:
        where = f" on {perk.terrain} spaces" if perk.terrain else ""
        adv = plural(perk.advantages, f"{ADVANTAGES[perk.advantage]} advantage")
        parts.append(f"{adv} in every battle and dungeon{where}")
    if perk.move:
        parts.append(f"{perk.move:+d} move")
    if perk.reinforce:
        parts.append(f"{perk.reinforce:+d} to each Reinforce")
    if perk.heroic:
        parts.append(f"{perk.heroic:+d} spirit after a heroic action")
    return f"{perk.name}: {', '.join(parts) or 'no lasting effect'}."


def foe_words(f: int) -> str:
    """A foe or adversary: level, traits, what its battle cards and strikes do."""
    foe = DATA.foes[f]
    traits = " and ".join(ADVANTAGES[t] for t in foe.traits)
    head = f"{foe.name}, {'adversary' if foe.kind == 'adversary' else 'foe'} of level {foe.level}"
    head += f" ({traits}; advantages of those types help against it)"
    if foe.kind == "adversary":
        strike = effects_text(foe.strike[0])
        return (
            f"{head}. Its battle cards stay turned between battles; a hero may retreat after a "
            f"card. When it strikes: {strike}. A failed adversary quest: "
            f"{effects_text(foe.advance)}."
        )
    ready = STATUSES.index("ready")
    return (
        f"{head}; {foe.tokens} tokens. Battle: {plural(foe.level, 'card')}, each a ladder of "
        f"results that advantages improve. Strikes when ready: moves "
        f"{foe.strike_moves[ready]}, then {effects_text(foe.strike[ready])}."
    )


def card_words(f: int, status: int, card: int, rung: int) -> str:
    """A revealed battle card and its result now (and at best)."""
    foe = DATA.foes[f]
    ladder = foe.battle[min(status, len(foe.battle) - 1)][card]
    now = effects_text(ladder[min(rung, len(ladder) - 1)])
    best = effects_text(ladder[-1])
    return f"{CARD_NAMES[card]}: {now} (at best {best}, {len(ladder) - 1 - rung} steps up)"


def building_words(t: int) -> str:
    b = DATA.building_types[t]
    return (
        f"{BUILDING_TYPES[t]}. Reinforce: {effects_text(b.free)}; enhanced "
        f"({b.enhanced_cost} spirit): {effects_text(b.enhanced)}."
    )


def gear_words(g: int) -> str:
    gear = DATA.gear[g]
    return (
        f"{gear.name}: spend it for 1 {ADVANTAGES[gear.advantage]} advantage ({gear.count} in all)."
    )


def potion_words(p: int) -> str:
    potion = DATA.potions[p]
    parts = []
    if potion.advantages:
        parts.append(f"{plural(potion.advantages, 'Wild advantage')} in a battle or dungeon")
    if potion.effects:
        parts.append(effects_text(potion.effects))
    if potion.cleanse:
        parts.append("cleanse the building on your space")
    if potion.remove_foe:
        parts.append(f"remove a level {potion.remove_foe} foe from your space")
    if potion.moves:
        parts.append(f"{plural(potion.moves, 'more move')}")
    return f"{potion.name}: {', '.join(parts) or 'nothing'}."


def treasure_words(t: int) -> str:
    treasure = DATA.treasures[t]
    words = perk_words(treasure.perk)
    if treasure.spend:
        words += f" Read it (discarded) for {plural(treasure.spend, 'Wild advantage')}."
    if t in {treasure for goal in DATA.main_goals for _, treasure in goal.steps}:
        words += " Found on a main goal's step (not in the deck then)."
    return words


def quest_words(q: Quest) -> str:
    what = f"{q.action} {q.amount} {q.what}" + (
        f" ({q.qualifier.replace('-', ' ')})" if q.qualifier else ""
    )
    return (
        f"{q.name}: at {DATA.locations[q.location].name} ({DATA.kingdoms[q.kingdom].name}), {what}"
        f"; as the companion quest it gives a {q.reward}."
    )


def location_words(loc: int) -> str:
    place = DATA.locations[loc]
    words = f"{place.name}: {place.terrain} in {DATA.kingdoms[place.kingdom].name}"
    if place.building >= 0:
        words += f", a {BUILDING_TYPES[place.building]}"
    if place.dungeon:
        words += f", the dungeon {place.dungeon} ({DATA.dungeon_types[place.dungeon_type].type})"
    if place.borders_tower:
        words += ", next to the Tower"
    return words


def event_words(e: Event, foes: tuple[int, ...]) -> str:
    """An event card, its foe named from the game's ``foes`` (levels 2, 3, 4)."""
    foe = DATA.foes[foes[e.foe]].name if 0 <= e.foe < len(foes) else "every foe"
    # a foe's name is plural ("Brigands"), "every foe" singular
    verb = "s" if e.foe < 0 else ""
    match e.category:
        case "foes_strike":
            return f"{foe} strike{verb}"
        case "foes_spawn":
            return f"{plural(e.count, 'token')} of {foe} " + (
                "appears" if e.count == 1 else "appear"
            )
        case "foes_grow":
            return f"{foe} grow{verb} bolder"
        case "tower_stirs":
            if e.seal:
                return "the Tower stirs: the glowing seal breaks"
            drum = ("top", "middle", "bottom")[e.level]
            return f"the Tower stirs: the {drum} drum turns {plural(e.steps, 'step')}"
        case "tower_acts":
            return "the adversary strikes"
        case "companion":
            help_ = [effects_text(e.effects)] if e.effects else []
            if e.calm:
                help_.append(f"{foe} calm{verb} down a step")
            return f"companions help: {', '.join(help_) or 'nothing'}"
        case "new_wares":
            return "new wares at the market"
    return "all is calm"


def glossary(foes: tuple[int, ...], adversary: int) -> list[str]:
    """Every component of the game in words: the lines of the terminal's reference."""
    lines = ["[bold]Foes[/]"]
    lines += [f"  {foe_words(f)}" for f in (*foes, adversary)]
    lines.append("[bold]Buildings[/]")
    lines += [f"  {building_words(t)}" for t in range(len(BUILDING_TYPES))]
    lines.append("[bold]Gear[/]")
    lines += [f"  {gear_words(g)}" for g in range(len(DATA.gear))]
    lines.append("[bold]Potions[/]")
    lines += [f"  {potion_words(p)}" for p in range(len(DATA.potions))]
    lines.append("[bold]Treasures[/]")
    lines += [f"  {treasure_words(t)}" for t in range(len(DATA.treasures))]
    lines.append("[bold]Companions[/]")
    lines += [f"  {perk_words(c)}" for c in DATA.companions]
    lines.append("[bold]Quest items[/]")
    lines += [
        f"  {perk_words(q.perk)} (the quest of {DATA.companions[q.companion].name})"
        for q in DATA.quest_items
    ]
    lines.append("[bold]Corruptions[/]")
    lines += [f"  {perk_words(c)}" for c in DATA.corruptions]
    lines.append("[bold]Virtues[/]")
    for hero in DATA.heroes:
        lines += [f"  {hero.name}: {perk_words(v)}" for v in (*hero.default_virtues, *hero.virtues)]
    lines += [
        f"  {DATA.kingdoms[k].name}: {perk_words(v)}" for k, v in enumerate(DATA.kingdom_virtues)
    ]
    lines.append("[bold]Quests[/]")
    lines += [f"  {quest_words(q)}" for q in DATA.quests]
    return lines


# ---- the app's messages ------------------------------------------------------------------


def last_event(state: DarkTowerState) -> str | None:
    for a in reversed(state.history()):
        value = SPACE.decode(a)
        if isinstance(value, DrawEvent):
            return event_words(DATA.events[value.card], state.game.foes)
    return None


def messages(state: DarkTowerState, seat: int | None) -> list[str]:
    """What the app says now to ``seat``: the month, the last event, the battle or dungeon
    under way card by card, and the latest happenings it may read."""
    obs_month = f"Month {state.month} of 6, {plural(state.turns_left, 'turn')} left in it"
    out = [obs_month]
    if state.result:
        out.append(f"The heroes {'win' if state.result > 0 else 'lose'}: {state.ending}")
    event = last_event(state)
    if event:
        out.append(f"Last event: {event}")
    for frame in state.pending:
        if isinstance(frame, F.Battling):
            out.append(battle_words(state, frame))
        elif isinstance(frame, F.Exploring):
            out.append(
                f"Exploring {DATA.locations[state.at[frame.seat]].dungeon}: "
                f"{plural(frame.pool, 'advantage')} at hand"
                + (f", in room {frame.room + 1}" if frame.room >= 0 else ", choosing a room")
            )
    recent = lately(state, seat)
    if recent:
        out.append("Lately: " + "; ".join(recent))
    return out


def lately(state: DarkTowerState, seat: int | None) -> list[str]:
    """The last actions in words as ``seat`` may read them (a heroic test dealt to another
    hero, or where a skull came to rest inside the tower, is named to nobody else)."""
    return [
        SPACE.name(t.action)
        if t.is_read_by(seat)
        else ("a hidden outcome" if t.actor == CHANCE else "a hidden choice")
        for t in knowledge.recent(state, MESSAGES)
    ]


def cards_to_come(frame: F.Battling) -> str:
    """The battle cards after the one revealed (or the next to reveal): "2 more cards to
    come", "1 more card to come", "the last card"."""
    more = frame.left - (1 if frame.card >= 0 else 0)
    if more <= 0:
        return "the last card"
    return f"{plural(more, 'more card')} to come"


def battle_words(state: DarkTowerState, frame: F.Battling) -> str:
    adversary = frame.foe == 3
    f = state.game.adversary if adversary else state.game.foes[frame.foe]
    status = 0 if adversary else state.status[frame.foe]
    words = f"Battle with {DATA.foes[f].name}: {cards_to_come(frame)}"
    if frame.card >= 0:
        words += f"; the card: {card_words(f, status, frame.card, frame.rung)}"
    return words + f"; {plural(frame.pool, 'advantage')} at hand"


def pending_words(state: DarkTowerState) -> str:
    """Who decides what now."""
    if state.is_terminal():
        return f"the game is over: {state.ending}"
    if not state.pending:
        return "nothing to decide"
    frame = state.pending[-1]
    name = type(frame).__name__
    seat = getattr(frame, "seat", None)
    who = f"{hero_name(state, seat)}: " if isinstance(seat, int) and seat >= 0 else ""
    what = {
        "StartTurn": "start of turn (banner, or done)",
        "Turn": "move, a heroic action, Reinforce, trade, items; then drop a skull",
        "Trade": "put a trade together",
        "TradeAnswer": "accept or decline the trade",
        "Battling": "battle: spend advantages, then resolve the card",
        "Exploring": "explore the dungeon",
        "PlaceSkull": f"place a skull on a building of {DATA.kingdoms[getattr(frame, 'kingdom', 0)].name}",
        "ChooseGear": "choose gear",
        "DiscardGear": "lose gear",
        "DiscardPotion": "lose a potion",
        "ChooseVirtue": "activate a virtue",
        "ChooseMarket": "take a treasure of the market",
        "NewWares": "replace treasures of the market, or done",
    }.get(name, "the Tower and the app")
    return who + what


def hero_name(state: DarkTowerState, seat: int) -> str:
    g = state.game
    return f"{g.heroes[seat].name} ({DATA.kingdoms[g.kingdoms[seat]].name})"


# ---- the terminal view -------------------------------------------------------------------


def _foes_at(obs: dict[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for foe in obs["foes"]:
        for name, n in foe["at"].items():
            out.setdefault(name, []).append(f"{foe['foe']}" + (f" x{n}" if n > 1 else ""))
    adv = obs["adversary"]
    if adv["at"]:
        out.setdefault(adv["at"], []).append(f"{adv['name']} (adversary)")
    return out


def skull_words(n: int | str) -> str:
    """A building's skulls: ``n`` or "destroyed"."""
    if n == "destroyed":
        return "(destroyed)"
    return f"({plural(int(n), 'skull')})"


def _map_lines(state: DarkTowerState, obs: dict[str, Any]) -> list[str]:
    foes = _foes_at(obs)
    heroes: dict[str, list[str]] = {}
    for h in obs["heroes"]:
        heroes.setdefault(h["at"], []).append(h["hero"])
    skulls = {
        DATA.locations[b.location].name: n
        for b, n in zip(DATA.buildings, obs["buildings"].values(), strict=True)
    }
    lines = []
    for k, kingdom in enumerate(DATA.kingdoms):
        style = KINGDOM_STYLES[k]
        lines.append(f"[{style}]{kingdom.name}[/] ({SIDES[k]}, {kingdom.color}, {kingdom.terrain})")
        for i, loc in enumerate(DATA.locations):
            if loc.kingdom != k:
                continue
            parts = [loc.name]
            if loc.building >= 0:
                parts.append(f"{BUILDING_TYPES[loc.building]} {skull_words(skulls[loc.name])}")
            if loc.dungeon:
                parts.append(f"dungeon {loc.dungeon}")
            if loc.name in heroes:
                parts.append("[bold]hero " + ", ".join(heroes[loc.name]) + "[/]")
            if loc.name in foes:
                parts.append("[red]" + ", ".join(foes[loc.name]) + "[/]")
            near = ", ".join(
                DATA.locations[j].name + ("~" if (min(i, j), max(i, j)) in DATA.rivers else "")
                for j in DATA.adjacent[i]
            )
            lines.append(f"  {' - '.join(parts)}  [dim]-> {near}[/]")
    lines.append("[dim](~ a river crossing)[/]")
    return lines


def tower_lines(obs: dict[str, Any]) -> list[str]:
    tower = obs["tower"]
    lines = ["[bold]The Tower[/]"]
    for level, name in enumerate(("top", "middle", "bottom")):
        seals = [SIDES[s] for s in range(4) if tower["seals"][level * 4 + s]]
        glyphs = [g for g in tower["glyphs"] if _glyph_level(g) == level]
        lines.append(
            f"  {name} drum at {tower['drums'][level] * 90} degrees; sealed "
            f"{', '.join(seals) or 'nowhere'}"
            + (
                "; glyphs " + ", ".join(f"{g} {tower['glyphs'][g]}" for g in glyphs)
                if glyphs
                else ""
            )
        )
    unplaced = [f"{g} facing {side}" for g, side in tower["glyphs"].items() if _glyph_level(g) < 0]
    if unplaced:
        lines.append(f"  glyphs: {', '.join(unplaced)}")
    sk = obs["skulls"]
    lines.append(
        f"  skulls: {sk['supply']} in the supply, {sk['in_tower']} inside the Tower, "
        f"{sk['being_placed']} to place, {sk['out_of_game']} out of the game"
        + (f"; the last came out of the {tower['last_out']}" if tower.get("last_out") else "")
    )
    return lines


GLYPHS = {g.id: g for g in load_tower().glyphs}
"""The Tower's glyphs by id: each rides on a drum (its level)."""


def _glyph_level(glyph: str) -> int:
    return GLYPHS[glyph].level if glyph in GLYPHS else -1


def _hero_lines(obs: dict[str, Any], state: DarkTowerState) -> list[str]:
    lines = ["[bold]Heroes[/]"]
    for h in obs["heroes"]:
        mark = "> " if h["seat"] == state.current else "  "
        style = KINGDOM_STYLES[state.game.kingdoms[h["seat"]]]
        lines.append(
            f"{mark}[{style}]{h['hero']}[/] of {h['home']} at {h['at']}: {plural(h['warriors'], 'warrior')}, "
            f"{h['spirit']} spirit"
        )
        for key in ("gear", "potions"):
            if h[key]:
                lines.append(f"    {key}: " + ", ".join(f"{k} x{n}" for k, n in h[key].items()))
        for key in ("treasures", "companions", "quest_items", "corruptions", "virtues"):
            if h[key]:
                lines.append(f"    {key.replace('_', ' ')}: " + ", ".join(h[key]))
    return lines


def text(state: DarkTowerState, seat: int | None) -> str:
    """The table as ``seat`` sees it (everything is public)."""
    obs = state.observation(seat)
    said = messages(state, seat)
    lines = ["[bold]Return to Dark Tower[/] - " + " - ".join(said[:1])]
    lines.append(f"  [bold]Now:[/] {pending_words(state)}")
    lines += [f"  {m}" for m in said[1:]]
    lines.append("")
    lines += _map_lines(state, obs)
    lines.append("")
    lines += tower_lines(obs)
    lines.append("")
    lines += _hero_lines(obs, state)
    lines.append("")
    lines.append("[bold]Foes[/]")
    for f, foe in enumerate(obs["foes"]):
        lines.append(
            f"  {foe['foe']} (level {foe['level']}), {foe['status']}: {foe_words(state.game.foes[f])}"
        )
    adv = obs["adversary"]
    lines.append(f"  {foe_words(state.game.adversary)} At: {adv['at'] or 'not yet on the board'}.")
    goal = obs["main_goal"]
    if goal["name"] is None:
        lines.append(f"[bold]The race for the relic[/]: {goal['next']}")
    else:
        lines.append(
            f"[bold]Main goal[/]: {goal['name']}, step {goal['step'] + 1} of {goal['steps']}: "
            f"{goal['next']}"
        )
    market = [t for t in state.market if t >= 0]
    lines.append("[bold]Market[/]: " + ("; ".join(treasure_words(t) for t in market) or "empty"))
    quests = [DATA.quests[q] for q in state.monthly if q >= 0]
    lines.append(
        "[bold]Quests this month[/]: " + ("; ".join(quest_words(q) for q in quests) or "none")
    )
    lines.append("")
    lines += glossary(state.game.foes, state.game.adversary)
    return "\n".join(lines)


# ---- the terminal's glance and sections --------------------------------------------------

WIDTH = 80
"""The terminal's columns."""
NEAR = 2
"""How many steps away a foe is shown as near a hero in the glance."""


def _cut(line: str, width: int = WIDTH) -> str:
    """``line`` (plain text) cut with an ellipsis to ``width`` columns."""
    return line if len(line) <= width else line[: width - 1] + "…"


def _escape(line: str) -> str:
    """Plain text made safe for Rich markup (a name never holds a bracket, but be sure)."""
    return line.replace("[", "\\[")


def _distances_from(start: int) -> dict[int, int]:
    """Steps from ``start`` to each space within :data:`NEAR` steps."""
    far = {start: 0}
    edge = [start]
    for step in range(1, NEAR + 1):
        edge = [j for i in edge for j in DATA.adjacent[i] if j not in far]
        for j in edge:
            far.setdefault(j, step)
    return far


def foes_near(state: DarkTowerState, seat: int) -> list[str]:
    """The foes (and the adversary) within :data:`NEAR` steps of the hero, nearest first."""
    far = _distances_from(state.at[seat])
    n = len(state.game.foes)
    found: list[tuple[int, str]] = []
    for loc, d in far.items():
        where = "here" if d == 0 else f"{plural(d, 'step')} away at {DATA.locations[loc].name}"
        for f in range(n):
            count = state.foes[loc * n + f]
            if count:
                name = DATA.foes[state.game.foes[f]].name
                status = STATUSES[state.status[f]]
                many = f" x{count}" if count > 1 else ""
                found.append((d, f"{name}{many} ({status}) {where}"))
        if state.adversary_at == loc:
            found.append((d, f"{DATA.foes[state.game.adversary].name} (adversary) {where}"))
    return [words for _, words in sorted(found)]


def holdings(state: DarkTowerState, seat: int) -> str:
    """The hero's items in one line: gear, potions, treasures, companions, quest items."""
    parts = [f"{DATA.gear[g].name}" + (f" x{n}" if n > 1 else "")
             for g, n in enumerate(state.gear[seat]) if n]  # fmt: skip
    parts += [f"{DATA.potions[p].name}" + (f" x{n}" if n > 1 else "")
              for p, n in enumerate(state.potions[seat]) if n]  # fmt: skip
    parts += [DATA.treasures[t].name for t in state.treasures[seat]]
    parts += [DATA.companions[c].name for c in state.companions[seat]]
    parts += [DATA.quest_items[q].name for q in state.quest_items[seat]]
    return ", ".join(parts) or "nothing"


def virtue_line(state: DarkTowerState, seat: int) -> str:
    hero = state.game.heroes[seat]
    k = state.game.kingdoms[seat]
    perks = [*hero.virtues, DATA.kingdom_virtues[k]]
    active = [p.name for v, p in enumerate(perks) if state.virtues[seat] >> v & 1]
    always = [p.name for p in hero.default_virtues]
    corrupt = [DATA.corruptions[c].name for c in state.corruptions[seat]]
    words = f"Virtues: {', '.join(always + active)}; {len(perks) - len(active)} asleep"
    if corrupt:
        words += f"; corrupted: {', '.join(corrupt)}"
    return words


def glance(state: DarkTowerState, seat: int | None) -> str:
    """What matters now in at most 12 lines of 80 columns: the month, whose turn and what is
    decided, the seat's hero (warriors, spirit, corruptions, virtues, items), the foes near,
    the Tower's last outcome and the skulls, the main goal, the other heroes."""
    me = seat if seat is not None and 0 <= seat < state.game.num_players else state.current
    lines = [f"Month {state.month} of 6, {plural(state.turns_left, 'turn')} left; "
             f"{pending_words(state)}"]  # fmt: skip
    h = me
    lines.append(
        f"{'You: ' if seat is not None else ''}{hero_name(state, h)} at "
        f"{DATA.locations[state.at[h]].name}, {plural(state.warriors[h], 'warrior')}, "
        f"{state.spirit[h]} spirit, {plural(len(state.corruptions[h]), 'corruption')}"
    )
    lines.append(virtue_line(state, h))
    lines.append(f"Holding: {holdings(state, h)}")
    near = foes_near(state, h)
    foes_at = len(lines)
    foes = "Foes near: " + ("; ".join(near) if near else f"none within {NEAR} steps")
    for frame in state.pending:
        if isinstance(frame, F.Battling):
            lines.append(battle_words(state, frame))
    last = last_out(state)
    seals = sum(1 for s in state.tower.public()["seals"] if s)
    lines.append(
        (f"Tower: last skull out of the {last}" if last else "Tower: no skull out yet")
        + f"; supply {state.supply}, inside {state.tower.skulls_inside()}, "
        f"{plural(seals, 'seal')} on"
    )
    event = last_event(state)
    if event:
        lines.append(f"Last event: {event}")
    if state.game.competitive:
        done = bin(state.tests_done[h]).count("1")
        lines.append(f"Race for the relic: {done} of 3 heroic tests done")
    else:
        goal = state.game.goal
        steps = len(goal.steps)
        if state.goal_step < steps:
            lines.append(f"Goal, step {state.goal_step + 1} of {steps}: {goal_step_text(state)}")
        else:
            adversary = DATA.foes[state.game.adversary]
            where = DATA.locations[state.adversary_at].name if state.adversary_at >= 0 else ""
            won = state.game.adversary_cards - state.adv_left
            lines.append(
                f"Goal done: defeat {adversary.name}"
                + (f" at {where}" if where else "")
                + f", {won} of {plural(state.game.adversary_cards, 'battle card')} won"
            )
    lines += [
        f"{seat_name(state.game, s)} at {DATA.locations[state.at[s]].name}, "
        f"{plural(state.warriors[s], 'warrior')}, {state.spirit[s]} spirit, "
        f"{plural(len(state.corruptions[s]), 'corruption')}"
        for s in range(state.game.num_players)
        if s != h
    ]
    # the foes near take the lines the rest leaves, wrapped
    room = max(1, GLANCE_LINES - len(lines))
    wrapped = textwrap.wrap(foes, WIDTH, subsequent_indent="  ")
    if len(wrapped) > room:
        wrapped = [*wrapped[: room - 1], " ".join(wrapped[room - 1 :])]
    lines[foes_at:foes_at] = wrapped
    quests = [
        f"{('companion', 'adversary')[k]}: {DATA.quests[q].name} at "
        f"{DATA.locations[DATA.quests[q].location].name}"
        for k, q in enumerate(state.monthly)
        if q >= 0
    ]
    if quests and len(lines) < GLANCE_LINES:
        lines.append("Quests: " + "; ".join(quests))
    return "\n".join(_escape(_cut(line)) for line in lines[:GLANCE_LINES])


def sections(state: DarkTowerState, seat: int | None) -> dict[str, str]:
    """The rest on demand: ``board`` (the map, the Tower, the foes), ``me`` (the seat's
    hero and what each of its things does), ``supply`` (the main goal, the market, the
    month's quests) and ``scores`` (the heroes side by side, the skulls, the month)."""
    obs = state.observation(seat)
    board = [*_map_lines(state, obs), "", *tower_lines(obs), "", "[bold]Foes[/]"]
    for f, foe in enumerate(obs["foes"]):
        board.append(
            f"  {foe['foe']} (level {foe['level']}), {foe['status']}: "
            f"{foe_words(state.game.foes[f])}"
        )
    adv = obs["adversary"]
    board.append(f"  {foe_words(state.game.adversary)} At: {adv['at'] or 'not yet on the board'}.")
    out = {"board": "\n".join(board)}
    if seat is not None and 0 <= seat < state.game.num_players:
        out["me"] = "\n".join(_my_lines(state, seat))
    supply = []
    goal = obs["main_goal"]
    if goal["name"] is None:
        supply.append(f"[bold]The race for the relic[/]: {goal['next']}")
    else:
        supply.append(
            f"[bold]Main goal[/]: {goal['name']}, step {goal['step'] + 1} of {goal['steps']}: "
            f"{goal['next']}"
        )
    market = [t for t in state.market if t >= 0]
    supply.append("[bold]Market[/]")
    supply += [f"  {treasure_words(t)}" for t in market] or ["  empty"]
    supply.append("[bold]Quests this month[/]")
    supply += [f"  {quest_words(DATA.quests[q])}" for q in state.monthly if q >= 0] or ["  none"]
    supply.append(
        f"Decks: {plural(len(state.treasure_deck), 'treasure')}, "
        f"{plural(len(state.potion_deck), 'potion')}, "
        f"{plural(len(state.corruption_deck), 'corruption')}; gear left: "
        + ", ".join(f"{g.name} {state.gear_left(k)}" for k, g in enumerate(DATA.gear))
    )
    out["supply"] = "\n".join(supply)
    scores = [messages(state, seat)[0], *_hero_lines(obs, state)]
    destroyed = sum(1 for s in state.skulls if s < 0)
    scores.append(
        f"Skulls: {state.supply} in the supply, {plural(destroyed, 'building')} destroyed"
    )
    out["scores"] = "\n".join(scores)
    return out


def _my_lines(state: DarkTowerState, seat: int) -> list[str]:
    """The seat's hero and what each thing it holds does."""
    hero = state.game.heroes[seat]
    k = state.game.kingdoms[seat]
    lines = [
        f"[bold]{hero_name(state, seat)}[/] at {DATA.locations[state.at[seat]].name}: "
        f"{plural(state.warriors[seat], 'warrior')}, {state.spirit[seat]} spirit, move "
        f"{state.move_value(seat)}; Banner action: {effects_text(hero.banner)}"
    ]
    perks = [*hero.virtues, DATA.kingdom_virtues[k]]
    for v, perk in enumerate(perks):
        awake = "awake" if state.virtues[seat] >> v & 1 else "asleep"
        lines.append(f"  ({awake}) {perk_words(perk)}")
    lines += [f"  (always) {perk_words(p)}" for p in hero.default_virtues]
    lines += [f"  {gear_words(g)} x{n}" for g, n in enumerate(state.gear[seat]) if n]
    lines += [f"  {potion_words(p)} x{n}" for p, n in enumerate(state.potions[seat]) if n]
    lines += [f"  {treasure_words(t)}" for t in state.treasures[seat]]
    lines += [f"  Companion {perk_words(DATA.companions[c])}" for c in state.companions[seat]]
    lines += [
        f"  Quest item {perk_words(DATA.quest_items[q].perk)}" for q in state.quest_items[seat]
    ]
    lines += [f"  Corruption {perk_words(DATA.corruptions[c])}" for c in state.corruptions[seat]]
    if state.game.competitive:
        # Competitive Game: a hero's own heroic tests are its to see
        lines.append(f"Heroic tests ({plural(state.amulets[seat], 'Amulet')} of Hope left):")
        for kind, q in enumerate(state.tests[seat]):
            if q >= 0:
                done = "done" if state.tests_done[seat] >> kind & 1 else "to do"
                lines.append(
                    f"  {DATA.kingdoms[kind].virtue} ({done}): {quest_words(DATA.quests[q])}"
                )
    return lines
