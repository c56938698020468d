"""Turris explains itself: how the game goes, what each component does, the rulebook sections
refusals cite, the log's chapters and words, and how a finished game ended.

Everything a component does is told from the game's data: the effect lists of the cards,
Locations, Sites, factions and Council spots (in the words of :mod:`~towers.games.turris.render`)
and, for the components with no effect list (tokens, tracks, Beasts, the Graveyard, the solo
pieces), ``data/help.toml``.

>>> import towers
>>> game = towers.make("turris", players=2)
>>> chapter(game.new_initial_state())
''
>>> [t.name for t in glossary(game) if t.key == "faction-ministers"]
['Ministers']
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from towers.core.actions import Action
from towers.core.game import CHANCE
from towers.core.views import Ending, Topic
from towers.core.words import and_list, plural
from towers.games.turris import actions as A
from towers.games.turris.data import TOKENS, Card, Effect, load_help
from towers.games.turris.frames import (
    BeastEffect,
    BeastPath,
    BetrayerPush,
    CollectPick,
    CouncilReturn,
    DespairChoice,
    DisplaceChoice,
    FruitChoice,
    GainChoice,
    MissionStep,
    MoveBeastChoice,
    MoveScoutChoice,
    PayChoice,
    ReserveChoice,
    ReviveChoice,
    Rewards,
    TargetChoice,
    TradeOffer,
    Turn,
)
from towers.games.turris.render import (
    TOKEN_NAMES,
    bundle_words,
    card_words,
    effects_words,
    node_name,
    ongoing_words,
    plain_seat,
    seat_name,
    side_words,
    source_name,
)
from towers.games.turris.rules import TurrisState

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisGame

# ---- how the game goes ----------------------------------------------------------------------

HOWTO = (
    "Turris: raise the Tower while four Beasts roam the board. Each round has a Player Turn "
    "Phase, {betrayer}a Beast Phase and a Cleanup Phase.",
    "On your turn take 2 actions: Place a Scout in a Location (no Beast there; Immediate "
    "Locations pay at once), Collect your Scouts for 1 Ichor each to take their Locations' "
    "rewards, Gather Ichor, or Force Revive a Scout from the Graveyard. You may play one "
    "Tactics card. Then you may complete a Mission: pay its resources for its Prestige. With 2 "
    "completed Missions (2 more for each later room) the Grove or the Council track builds a "
    "Tower Room: take a Trionfi card, whose Location is upgraded for good.",
    "In the Beast Phase the Pain, Delusion, Despair and Harrow each move toward the Fruit or "
    "the nearest Scouts. The Pain and the Harrow Devour Scouts into the Graveyard, which moves "
    "their owners along the Council track and its rewards; the Delusion pushes Scouts away; "
    "the Despair takes resources. An Artifact Shields one Scout.",
)
ENDING_MULTI = (
    "The Endgame starts when someone reaches 40 Prestige or all 6 Tower Rooms are built: after "
    "each Beast Phase from then on a Beast leaves the board, and the game ends when the last is "
    "gone. Most Prestige wins; ties go to the most resources, then to the seat nearest the "
    "First Player."
)
ENDING_SOLO = (
    "Solo: the Betrayers' two Scouts block Locations and Damage Tower Rooms, and a d4 moves a "
    "Beast each Betrayer Phase. You win on reaching 40 Prestige first, or with 6 Tower Rooms "
    "and none Damaged at the end of a Player Turn Phase; the Betrayers win on reaching 40 first."
)


def howto(game: TurrisGame) -> str:
    """How the game goes, in paragraphs of at most 80 columns (the solo game's own)."""
    betrayer = "a Betrayer Phase, " if game.solo else ""
    paragraphs = [HOWTO[0].format(betrayer=betrayer), *HOWTO[1:]]
    paragraphs.append(ENDING_SOLO if game.solo else ENDING_MULTI)
    return "\n\n".join(textwrap.fill(p, 78) for p in paragraphs)


# ---- the glossary ---------------------------------------------------------------------------


def _marks(limit: int, immediate: bool) -> str:
    out = []
    if limit:
        out.append("one Scout at most")
    if immediate:
        out.append("Immediate: its reward comes when you Place there")
    else:
        out.append("its reward comes when you Collect from it")
    return "; ".join(out)


def faction_words(game: TurrisGame, f: int) -> str:
    faction = game.data.factions[f]
    return (
        " ".join(f"Side {s.side}, {s.name}: {side_words(s)}." for s in faction.sides)
        + " Each player chooses a faction and one side at Setup, from the First Player on."
    )


def _location_topics(game: TurrisGame) -> Iterator[Topic]:
    d = game.data
    trionfi_of = {t.location: t for t in d.trionfi}
    upgrade_of = {u.location: u for u in d.upgrades}
    for loc in d.locations:
        if loc.kind != "location":
            continue
        near = and_list(f"the {d.location(a).name}" for a in loc.adjacent)
        t, u = trionfi_of[loc.id], upgrade_of[loc.id]
        yield Topic(
            f"location-{loc.id}",
            loc.name,
            "Location",
            f"Location {loc.number}: {effects_words(loc.effects)} ({_marks(loc.limit, loc.immediate)})."
            f" Next to {near}. When {t.name} is taken for a Tower Room, its Upgrade changes the "
            f"reward to: {effects_words(u.effects)}.",
        )
    for loc in d.locations:
        if loc.kind != "location":
            continue
        t, u = trionfi_of[loc.id], upgrade_of[loc.id]
        yield Topic(
            f"upgrade-{loc.id}",
            u.name,
            "Location Upgrade tile",
            f"Laid on the {loc.name} for good when a player takes {t.name} to build a Tower "
            f"Room; from then on the {loc.name} gives: {effects_words(u.effects)}.",
        )


def _card_topics(game: TurrisGame) -> Iterator[Topic]:
    d = game.data
    for t in d.trionfi:
        yield Topic(
            f"trionfi-{t.id}",
            t.name,
            "Trionfi card",
            f"A Tower Room's card. Taking it upgrades the {d.location(t.location).name}; its "
            f"effect, active at once: {card_words(t)}.",
        )
    for c in d.tactics:
        yield Topic(
            f"tactics-{c.id}",
            c.name,
            "Tactics card",
            f"{_sentence(card_words(c))}. One Tactics card may be played in your Action Step, before "
            "or after an action; it is discarded once played.",
        )
    removed = game.c["solo_removed_mission"] if game.solo else ""
    for m in d.missions:
        if m.id == removed:
            continue
        yield Topic(f"mission-{m.id}", m.name, "Mission", mission_words(m))
    removed = game.c["solo_removed_excavation_site"] if game.solo else ""
    for s in d.excavation_sites:
        if s.id == removed:
            continue
        ongoing = "".join(f" While your Scout is here: {ongoing_words(o)}." for o in s.ongoing)
        yield Topic(
            f"site-{s.id}",
            s.name,
            "Excavation Site",
            f"An Excavation Site: {effects_words(s.effects)} "
            f"({_marks(s.limit, s.immediate)}).{ongoing}",
        )


def _sentence(text: str) -> str:
    """``text`` with a capital first letter, to start a sentence."""
    return text[:1].upper() + text[1:]


def mission_words(m: Card) -> str:
    """A Mission: its price, its Prestige and its effects, when completed and ongoing."""
    parts = [f"Pay {bundle_words(m.cost)} to score {m.prestige} Prestige"]
    if m.effects:
        parts.append(f"when completed, {effects_words(m.effects)}")
    if m.ongoing:
        parts.append("while in an Ongoing slot, " + "; ".join(ongoing_words(o) for o in m.ongoing))
    return "; ".join(parts) + "."


def council_name(game: TurrisGame, spot: int) -> str:
    """A Council spot prints no name: it is called by the word of its reward."""
    c = game.data.council[spot]
    return "Council start" if c.level == 0 else f"Council spot {c.id.capitalize()}"


def _council_topics(game: TurrisGame) -> Iterator[Topic]:
    d = game.data
    for k, c in enumerate(d.council):
        if c.level == 0:
            text = "The leftmost spot, where every Council token starts; it gives nothing."
        else:
            last = " It is on the last level: after its reward you may go back to the start."
            text = (
                f"A spot of level {c.level} of the Council track: "
                f"{effects_words(c.effects)} (you may decline it)."
                + (last if c.level == d.council_levels else "")
            )
        yield Topic(f"council-{c.id}", council_name(game, k), "Council spot", text)


def glossary(game: TurrisGame) -> list[Topic]:
    """Every component of this game: the help topics, Locations and their Upgrades, the
    cards, the Sites, the factions offered and the Council spots."""
    d = game.data
    topics = [Topic(h.key, h.name, h.kind, h.text) for h in load_help() if game.solo or not h.solo]
    topics += _location_topics(game)
    topics += _card_topics(game)
    for f in game.factions_offered:
        faction = d.factions[f]
        topics.append(
            Topic(f"faction-{faction.id}", faction.name, "faction", faction_words(game, f))
        )
    topics += _council_topics(game)
    return topics


# ---- the rulebook's sections ----------------------------------------------------------------

SECTIONS: dict[str, str] = {
    "Setup (step 9)": (
        "From the First Player on, in turn order, each player picks a faction that nobody "
        "has taken and one side of its Factional Ability card; the side's ability holds for "
        "the whole game."
    ),
    "Gameplay": (
        "A round is the Player Turn Phase (each player one turn: Action Step, Complete "
        "Mission Step, Trionfi Step), the Beast Phase and the Cleanup Phase. Only the "
        "decision now pending may be answered."
    ),
    "Action Step": (
        "A turn has two actions, taken one after the other: Place, Collect, Gather Ichor, "
        "Force Revive, or a faction action. Additional Action tokens add more. Once no "
        "action is left, only a Tactics card or a pass remains."
    ),
    "Action Step (PLACE)": (
        "Put a Scout from your reserve in a Location or Excavation Site with no Beast in it. "
        "A Location limited to one Scout that holds one is closed. An Immediate Location "
        "pays when you Place, so its whole reward must be possible then. No Place action "
        "after a Collect in the same turn."
    ),
    "Action Step (COLLECT)": (
        "Pick any of your Scouts on the board and pay 1 Ichor for each to bring them back "
        "to your reserve, taking the rewards of the Locations that are not Immediate and "
        "hold no Beast, in the order you like. Once a turn, and not after a Place action."
    ),
    "Action Step (FORCE REVIVE)": (
        "As an action, pay 3 Ichor to bring one of your Scouts back from the Graveyard to "
        "your reserve; with all four in the Graveyard it costs 1 Ichor."
    ),
    "Action Step (one Tactics card a turn); Minor Rules and Clarifications": (
        "In your Action Step you may play one Tactics card from your hand, before or after "
        "an action. Cards played through other effects do not count. A card whose effects "
        "cannot all be carried out may not be played."
    ),
    "Complete Mission Step": (
        "After your actions you may complete one Mission from the tableau, or one you "
        "reserved for one resource less: pay its cost, score its Prestige, resolve its "
        "effect, and keep an ongoing Mission in one of your two Ongoing slots."
    ),
    "Trionfi cards and Tower Rooms": (
        "A Tower Room is built through the Grove (5 Prestige, in the Trionfi Step) or the "
        "Council track (3 Prestige, at once). The first needs 2 completed Missions and each "
        "later one 2 more. Take a Trionfi card: its Location is upgraded and its effect "
        "starts."
    ),
    "Beast Phase": (
        "The Pain, Delusion, Despair and Harrow act in turn: each targets the Fruit, else "
        "the closest Location with Scouts (ties: the most Scouts, then the First Player's "
        "choice), else the Abyss; it moves 1 step (2 with the Altar), stops at a Scout, and "
        "strikes the Scouts where it ends."
    ),
    "Cleanup Phase": (
        "The Altar token moves one space, giving the next Beast its speed; the holder of "
        "the Future First Player card becomes First Player; the Fruit leaves the board."
    ),
    "Endgame": (
        "Once a player has 40 Prestige or all six Tower Rooms are built, a Beast leaves the "
        "board after each Beast Phase (Harrow, Despair, Delusion, then Pain); the game ends "
        "when none is left. Most Prestige wins, then most resources, then the seat nearest "
        "the First Player."
    ),
    "Council Track": (
        "Each Scout sent to the Graveyard advances its owner one Council step, and the "
        "owner may take the reward of the spot reached. From the last level the token may "
        "go back to the start."
    ),
    "Excavation Sites": (
        "The first time anyone reaches 10, 20, 30 or 40 Prestige, once the current action "
        "is over, every Excavation Site is replaced by a newly drawn one; what stands on a "
        "spot stays there."
    ),
    "Minor Rules and Clarifications; Easily Missed Rules (every part not marked optional)": (
        "A card or Location effect overrides the general rules. You may Place in an "
        "Immediate Location only if you can carry out every part of its reward that is not "
        "marked optional, a Sacrifice included."
    ),
    "Rules Clarification 3": (
        "An Additional Action token is spent for one more action in your Action Step; you "
        "may use several in a turn, but Place and Collect still exclude each other."
    ),
    "Appendix 1: Solo Play, Player Turn Phase (Solo)": (
        "Solo: you may not Place where a Betrayer Scout stands, and Collecting from there "
        "gives nothing. Tower Rooms come only from rooms with no Damaged token; the Future "
        "First Player card instead removes a Damaged token."
    ),
    "Appendix 1: Solo Play, Betrayer Phase": (
        "Solo: each Betrayer Scout moves to the free Location with the next higher number, wrapping "
        "to the lowest with a Damaged token and 4 Prestige; then the d4 picks a Beast that "
        "moves at once and the d12 a Location; the Betrayers gain 1 Prestige."
    ),
    "Appendix 1: Solo Play, Solo Endgame": (
        "Solo: you win on reaching 40 Prestige first, or with six Tower Rooms built and none "
        "Damaged at the end of a Player Turn Phase; the Betrayers win on reaching 40 first."
    ),
}
"""Each section a refusal may cite (and those a player will ask about), in the rulebook's
order, summarised in the project's words."""


def rules_section(section: str) -> str | None:
    return SECTIONS.get(section)


def rule_sections() -> list[str]:
    return list(SECTIONS)


# ---- the log --------------------------------------------------------------------------------


def chapter(state: TurrisState) -> str:
    """``Round R`` as the rulebook counts rounds (the first after Setup is round 1; the
    state's ``round`` is 0 during Setup and counts the same way after)."""
    return f"Round {state.round}" if state.round >= 1 else ""


def _snapshot(state: TurrisState) -> dict[str, Any]:
    """The public fields a log line compares before and after an action."""
    return {
        "prestige": state.prestige[:],
        "betrayer_prestige": state.betrayer_prestige,
        "beast_at": state.beast_at[:],
        "flipped": state.flipped[:],
        "graveyard": state.graveyard[:],
        "reserve": state.reserve[:],
        "rooms": state.rooms[:],
        "completed": [c[:] for c in state.completed],
        "resources": [r[:] for r in state.resources],
        "council": state.council[:],
        "damaged": state.damaged[:],
        "site_at": state.site_at[:],
        "fruit": state.fruit,
        "endgame": state.endgame,
        "game_over": state.game_over,
        "betrayer_at": state.betrayer_at[:],
        "first_player": state.first_player,
        "future_first": state.future_first,
        "action_tokens": state.action_tokens[:],
    }


def _token(n: int, t: int) -> str:
    name = TOKEN_NAMES[TOKENS[t]]
    return plural(n, name) if TOKENS[t] == "A" else f"{n} {name}"


def changes(game: TurrisGame, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What an action did to the open table, in words: Beasts moved and what they struck,
    Scouts to the Graveyard, Prestige, resources, Tower Rooms, Missions, the Sites."""
    return [text for text, _ in _changes(game, before, after)]


def _changes(
    game: TurrisGame, before: dict[str, Any], after: dict[str, Any]
) -> list[tuple[str, str]]:
    """:func:`changes`, each with the words that say the same in the action's own words
    (``the Pain to the Forge`` for a Beast moved by a choice), so that the log does not
    say it twice."""
    d = game.data
    out: list[tuple[str, str]] = []

    def where(node: int) -> str:
        return f"the {node_name(game, after, node)}"

    for b, beast in enumerate(d.beasts):
        was, now = before["beast_at"][b], after["beast_at"][b]
        if was != now:
            if now < 0:
                out.append((f"the {beast.name} leaves the board", ""))
            else:
                out.append(
                    (f"the {beast.name} moves to {where(now)}", f"{beast.name} to {where(now)}")
                )
        if before["flipped"][b] != after["flipped"][b] and now >= 0:
            out.append(
                (f"the {beast.name} {'is flipped' if after['flipped'][b] else 'stands up'}", "")
            )
    if before["fruit"] != after["fruit"] and after["fruit"] >= 0:
        out.append((f"the Fruit is placed in {where(after['fruit'])}", "the Fruit in"))
    for k, at in enumerate(after["betrayer_at"]):
        if k < len(before["betrayer_at"]) and before["betrayer_at"][k] != at:
            out.append((f"a Betrayer Scout moves to {where(at)}", f"Scout to {where(at)}"))
    n = len(after["prestige"])
    for s in range(n):
        who = plain_seat(game, s)
        dead = after["graveyard"][s] - before["graveyard"][s]
        if dead > 0:
            goes = "goes" if dead == 1 else "go"
            out.append((f"{plural(dead, 'Scout')} of {who} {goes} to the Graveyard", ""))
        elif dead < 0:
            out.append((f"{who} revives {plural(-dead, 'Scout')}", "revives a Scout"))
        new = [m for m in after["completed"][s] if m not in before["completed"][s]]
        for m in new:
            out.append((f"{who} completes {d.missions[m].name}", f"completes {d.missions[m].name}"))
        rooms = after["rooms"][s] - before["rooms"][s]
        if rooms > 0:
            out.append((f"{who} builds {plural(rooms, 'Tower Room')}", ""))
        if after["council"][s] != before["council"][s]:
            spot = council_name(game, after["council"][s])
            out.append((f"{who} steps to the {spot}", f"to the {spot}"))
        gained = [
            _token(after["resources"][s][t] - before["resources"][s][t], t)
            for t in range(len(TOKENS))
            if after["resources"][s][t] > before["resources"][s][t]
        ]
        lost = [
            _token(before["resources"][s][t] - after["resources"][s][t], t)
            for t in range(len(TOKENS))
            if after["resources"][s][t] < before["resources"][s][t]
        ]
        if gained:
            out.append((f"{who} gains {and_list(gained)}", ""))
        if lost:
            out.append((f"{who} spends {and_list(lost)}", ""))
        tokens = after["action_tokens"][s] - before["action_tokens"][s]
        if tokens > 0:
            out.append((f"{who} gains {plural(tokens, 'Additional Action token')}", ""))
        points = after["prestige"][s] - before["prestige"][s]
        if points:
            out.append((f"{who} scores {points} Prestige (now {after['prestige'][s]})", ""))
        if after["future_first"] == s and before["future_first"] != s:
            out.append((f"{who} takes the Future First Player card", ""))
    if after["first_player"] != before["first_player"] and after["first_player"] >= 0:
        out.append((f"{plain_seat(game, after['first_player'])} is First Player", "First Player"))
    points = after["betrayer_prestige"] - before["betrayer_prestige"]
    if points:
        now = after["betrayer_prestige"]
        out.append((f"the Betrayers score {points} Prestige (now {now})", ""))
    for k, hit in enumerate(after["damaged"]):
        if hit and not before["damaged"][k]:
            out.append((f"Tower Room {k + 1} is Damaged", ""))
        elif before["damaged"][k] and not hit:
            out.append((f"the Damaged token leaves Tower Room {k + 1}", f"Tower Room {k + 1}"))
    if any(a < 0 <= b for a, b in zip(after["site_at"], before["site_at"], strict=True)):
        out.append(("the Excavation Sites change", ""))
    if after["endgame"] and not before["endgame"]:
        out.append(("the Endgame begins", ""))
    if after["game_over"] and not before["game_over"]:
        out.append(("the game ends", ""))
    return out


def _doing(state: TurrisState, value: Action, words: str) -> str:
    """What the seat deciding does, in words fitting the decision it answers."""
    g = state.game
    d = g.data
    top = state.stack.top if state.stack else None
    obs = {"site_at": state.site_at}

    def where(node: int) -> str:
        return f"the {node_name(g, obs, node)}"

    match value, top:
        case A.Resolve(slot=k), Rewards(packets=packets) if k < len(packets):
            src = packets[k]
            return f"takes {source_name(g, src)}: {effects_words(g.sources[src][1])}"
        case A.Pass(), Rewards():
            return "declines the rest of the rewards"
        case A.Pass(), Turn():
            return "ends the Action Step"
        case A.Pass(), MissionStep():
            return "completes no Mission"
        case A.Pass(), CollectPick(chosen=chosen):
            return f"pays {plural(len(chosen), 'Ichor', 'Ichor')} to recall the chosen Scouts"
        case A.Accept(), BeastEffect(beast=b):
            return f"Shields a Scout from the {d.beasts[b].name} with an Artifact"
        case A.Pass(), BeastEffect(beast=b):
            return f"lets the {d.beasts[b].name} strike"
        case A.Accept(), TradeOffer(source=src, index=i):
            e: Effect = g.sources[src][1][i]
            return f"trades {bundle_words(e.give)} for {bundle_words(e.bundle)}"
        case A.Pass(), TradeOffer():
            return "declines the trade"
        case A.Accept(), CouncilReturn():
            return "returns the Council token to the start"
        case A.Pass(), CouncilReturn():
            return "keeps the Council token on the last level"
        case A.Accept(), ReviveChoice():
            return "revives a Scout"
        case A.Pass(), ReviveChoice():
            return "revives no more Scouts"
        case A.Token(token=t), GainChoice():
            return f"takes 1 {TOKEN_NAMES[TOKENS[t]]}"
        case A.Token(token=t), PayChoice():
            return f"pays 1 {TOKEN_NAMES[TOKENS[t]]}"
        case A.Token(token=t), DespairChoice():
            return f"discards 1 {TOKEN_NAMES[TOKENS[t]]} to the Despair"
        case A.Choose(node=n), TargetChoice(beast=b):
            return f"sends the {d.beasts[b].name} toward {where(n)}"
        case A.Choose(node=n), BeastPath(beast=b):
            return f"plots the {d.beasts[b].name}'s path by {where(n)}"
        case A.Choose(node=n), FruitChoice():
            return f"places the Fruit in {where(n)}"
        case A.Choose(node=n), MoveBeastChoice(beast=b) if b >= 0:
            return f"moves the {d.beasts[b].name} to {where(n)}"
        case A.Choose(node=n), MoveScoutChoice(origin=o) if o >= 0:
            return f"moves the Scout from {where(o)} to {where(n)}"
        case A.Choose(node=n), MoveScoutChoice():
            return f"picks the Scout in {where(n)} to move"
        case A.Choose(node=n), DisplaceChoice(node=frm, owner=o):
            return f"pushes a Scout of {plain_seat(g, o)} from {where(frm)} to {where(n)}"
        case A.Choose(node=n), BetrayerPush():
            return f"pushes the Betrayers' Scout to {where(n)}"
        case A.ChooseMission(mission=m), ReserveChoice():
            return f"reserves {d.missions[m].name}"
        case A.ChooseMission(mission=m), MissionStep():
            return f"completes {d.missions[m].name}"
        case A.ChooseFaction(faction=f, side=s), _:
            side = d.factions[f].sides[s]
            return f"chooses the {d.factions[f].name}, side {side.side} ({side.name}: {side_words(side)})"
        case A.CouncilSpot(spot=s), _:
            return f"steps to the {council_name(g, s)}"
        case A.TakeTrionfi(trionfi=t), _:
            card = d.trionfi[t]
            return f"takes {card.name}, upgrading the {d.location(card.location).name}"
        case A.Place(node=n), _:
            return f"places a Scout in {where(n)}"
        case A.Collect(), _:
            return "Collects"
        case A.CollectScout(node=n), _:
            return f"picks the Scout in {where(n)} to Collect"
        case A.GatherIchor(), _:
            return "gathers Ichor"
        case A.ForceRevive(), _:
            return "Force Revives a Scout"
        case A.FactionAction(), _:
            f = state.faction[state.current_player()]
            name = d.factions[f].sides[state.side[state.current_player()]].name if f >= 0 else ""
            return f"takes the faction action {name}".rstrip()
        case A.UseActionToken(), _:
            return "uses an Additional Action token"
        case A.PlayTactics(card=c), _:
            return f"plays {d.tactics[c].name}"
        case A.Discard(card=c), _:
            return f"discards {d.tactics[c].name}"
        case A.ChooseBeast(beast=b), _:
            return f"chooses the {d.beasts[b].name}"
        case A.OngoingSlot(slot=k), _:
            return f"puts the Mission in Ongoing slot {k + 1}"
        case A.RepairRoom(room=k), _:
            return f"removes the Damaged token from Tower Room {k + 1}"
        case A.Steal(resource=r, seat=s), _:
            whom = "the Betrayers" if g.solo else plain_seat(g, s)
            return f"steals 1 {TOKEN_NAMES[TOKENS[r]]} from {whom}"
        case A.Pass(), _:
            return "passes"
        case A.Accept(), _:
            return "accepts"
    return words


def _chance_words(state: TurrisState, value: Action) -> str:
    g = state.game
    d = g.data
    event = state.chance[0] if state.chance else None
    match value:
        case A.DrawTactics(card=c):
            seat = getattr(event, "seat", -1)
            who = plain_seat(g, seat) if seat >= 0 else "a player"
            return f"{who} draws the Tactics card {d.tactics[c].name}"
        case A.DrawMission(mission=m):
            return f"the Mission {d.missions[m].name} comes to the tableau"
        case A.DrawTrionfi(trionfi=t):
            slot = getattr(event, "slot", -1)
            room = f" for Tower Room {slot + 1}" if slot >= 0 else ""
            return f"the Trionfi card {d.trionfi[t].name} is drawn{room}"
        case A.DrawSite(site=s):
            spot = getattr(event, "spot", -1)
            letter = f" on spot {d.locations[g.spots[spot]].letter}" if spot >= 0 else ""
            return f"the Excavation Site {d.excavation_sites[s].name} is laid{letter}"
        case A.FirstPlayer(seat=s):
            return f"{plain_seat(g, s)} is drawn First Player"
        case A.BeastStart(spot=k):
            b = getattr(event, "beast", 0)
            return f"the {d.beasts[b].name} starts on {d.locations[g.spots[k]].name}"
        case A.RollBeast(beast=b):
            return f"the d4 rolls {b + 1}: the {d.beasts[b].name} moves now"
        case A.RollLocation(number=k):
            number = k + 1
            loc = d.by_number(number)
            return f"the d12 rolls {number}: the Beast Movement card shows the {loc.name}"
    return state.action_to_string(A.SPACE.encode(value))


def log_words(state: TurrisState, action: int) -> str:
    """The action as the log tells it, with what it did to the open table (``state`` is the
    state before it): a chance event as the card or roll it brings, a decision as what the
    seat did, then the Beasts' moves and strikes, Prestige, resources and the rest that
    followed before the next decision or draw."""
    words = state.action_to_string(action)
    value = A.SPACE.decode(action)
    if state.current_player() == CHANCE:
        head = _chance_words(state, value)
    elif state.is_terminal():
        return words
    else:
        head = f"{plain_seat(state.game, state.current_player())} {_doing(state, value, words)}"
    if not state.is_legal(action):
        return head
    after = state.clone()
    assert isinstance(after, TurrisState)
    after.apply_action(action)
    done = [
        text
        for text, same in _changes(state.game, _snapshot(state), _snapshot(after))
        if not (same and same in head)
    ]
    return head + (" — " + "; ".join(done) if done else "")


# ---- the ending -----------------------------------------------------------------------------

CATEGORIES = (
    "Missions",
    "Tower Rooms",
    "Trionfi",
    "Council track",
    "Locations and Sites",
    "Tactics cards",
    "Factions",
)
"""Where Prestige comes from: a Mission's own Prestige and its effects, a Tower Room built,
a Trionfi card's effect, a Council spot, a Location, Upgrade or Excavation Site, a Tactics
card, a faction's ability."""
SOURCE_CATEGORY = {
    "mission": "Missions",
    "trionfi": "Trionfi",
    "council": "Council track",
    "location": "Locations and Sites",
    "upgrade": "Locations and Sites",
    "site": "Locations and Sites",
    "tactics": "Tactics cards",
    "faction": "Factions",
}


def scoring_categories(game: TurrisGame) -> list[str]:
    """The categories this game's data can score in: Missions and Tower Rooms always, and
    each other kind of source that has a Prestige effect somewhere (a faction, say, only if
    one of its abilities scores)."""
    kinds = {
        SOURCE_CATEGORY.get(name.split(" ")[0], "")
        for name, effects in game.sources
        if any(e.kind == "prestige" for e in effects)
    }
    return [c for c in CATEGORIES if c in ("Missions", "Tower Rooms") or c in kinds]


class _Ledger(TurrisState):
    """A Turris state that notes, as it is played, where each seat's Prestige comes from,
    when the Endgame began and why the game ended. The state keeps Prestige only as a
    total, so :func:`ending` replays the game's public history on one of these (scores
    are public; the save format is untouched)."""

    def start_ledger(self) -> None:
        n = self.game.num_players
        self.why = ""
        self.tally: list[dict[str, int]] = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
        self.betrayers: dict[str, int] = {"Betrayer Phases": 0, "Damaged Tower Rooms": 0}
        self.trigger = ""
        self.ended = ""

    def _score(self, seat: int, points: int) -> None:
        if self.why in self.tally[seat]:
            self.tally[seat][self.why] += points
        TurrisState._score(self, seat, points)

    def _effect(self, seat: int, e: Effect, src: int, index: int) -> None:
        if e.kind != "prestige":
            TurrisState._effect(self, seat, e, src, index)
            return
        kind = self.game.sources[src][0].split(" ")[0]
        was, self.why = self.why, SOURCE_CATEGORY.get(kind, "")
        try:
            TurrisState._effect(self, seat, e, src, index)
        finally:
            self.why = was

    def _complete_mission(self, seat: int, m: int) -> None:
        was, self.why = self.why, "Missions"
        try:
            TurrisState._complete_mission(self, seat, m)
        finally:
            self.why = was

    def _room_built(self, seat: int, prestige: int) -> None:
        was, self.why = self.why, "Tower Rooms"
        try:
            TurrisState._room_built(self, seat, prestige)
        finally:
            self.why = was

    def _score_betrayers(self, points: int) -> None:
        key = "Damaged Tower Rooms" if self.why == "damage" else "Betrayer Phases"
        self.betrayers[key] += points
        TurrisState._score_betrayers(self, points)

    def _damage_room(self) -> None:
        was, self.why = self.why, "damage"
        try:
            TurrisState._damage_room(self)
        finally:
            self.why = was

    def _check_endgame(self) -> None:
        began = self.endgame
        TurrisState._check_endgame(self)
        if self.endgame and not began and not self.trigger:
            g = self.game
            reached = [s for s, p in enumerate(self.prestige) if p >= g.c["prestige_end"]]
            if reached:
                who = and_list(plain_seat(g, s) for s in reached)
                self.trigger = f"{who} reached {g.c['prestige_end']} Prestige in round {self.round}"
            else:
                self.trigger = (
                    f"all {g.c['tower_rooms']} Tower Rooms were built in round {self.round}"
                )

    def _end_solo(self, won: bool) -> None:
        g = self.game
        target = g.c["prestige_end"]
        if not won:
            self.ended = f"the Betrayers reached {target} Prestige in round {self.round}"
        elif self.prestige[0] >= target:
            self.ended = f"{seat_name(g, 0)} reached {target} Prestige in round {self.round}"
        else:
            self.ended = (
                f"{seat_name(g, 0)} had built {g.c['solo_tower_rooms_to_win']} Tower Rooms with "
                "none Damaged "
                f"at the end of the Player Turn Phase of round {self.round}"
            )
        TurrisState._end_solo(self, won)


def replay(state: TurrisState) -> _Ledger:
    """``state``'s game played again from its start on a :class:`_Ledger`."""
    first = state.game.new_initial_state()
    ledger = _Ledger.from_fields(state.game, first.to_fields())
    assert isinstance(ledger, _Ledger)
    ledger.start_ledger()
    for action in state.history():
        ledger.apply_action(action)
    return ledger


def ending(state: TurrisState) -> Ending | None:
    """Who won, why the game ended, and each seat's Prestige by where it came from (the
    last category the total, ``state.scores()``)."""
    if not state.is_terminal():
        return None
    g = state.game
    n = g.num_players
    ledger = replay(state)
    rows: list[list[float | int | str]] = []
    other = False
    shown = scoring_categories(g)
    for s in range(n):
        row: list[float | int | str] = [ledger.tally[s][c] for c in shown]
        rest = state.prestige[s] - sum(ledger.tally[s].values())
        other |= rest != 0
        rows.append([*row, rest, state.prestige[s]])
    categories = [*shown, "Other", "Total"]
    if not other:
        categories.remove("Other")
        rows = [[*r[:-2], r[-1]] for r in rows]
    winners = state.winners()
    notes: list[str] = []
    if g.solo:
        target = g.c["prestige_end"]
        rooms_goal = g.c["solo_tower_rooms_to_win"]
        damaged = sum(state.damaged)
        met = "met" if state.player_won else "not met"
        verdict = (
            f"{seat_name(g, 0)} wins against the Betrayers with {state.prestige[0]} Prestige."
            if state.player_won
            else f"The Betrayers win: {seat_name(g, 0)} loses with "
            f"{state.prestige[0]} Prestige to their {state.betrayer_prestige}."
        )
        reason = f"The game ended when {ledger.ended or 'the Solo Endgame was reached'}."
        notes.append(
            f"Target: {target} Prestige before the Betrayers, or {rooms_goal} Tower Rooms "
            f"with no Damaged token; {met} ({state.prestige[0]} Prestige, "
            f"{plural(state.rooms[0], 'Tower Room')}, {plural(damaged, 'Damaged token')})."
        )
        b = ledger.betrayers
        notes.append(
            f"The Betrayers scored {state.betrayer_prestige} Prestige: "
            f"{b['Betrayer Phases']} from Betrayer Phases and "
            f"{b['Damaged Tower Rooms']} from Damaged Tower Rooms."
        )
        return Ending(verdict, reason, categories, rows, notes)
    best = winners[0] if winners else -1
    if best >= 0:
        verdict = f"{seat_name(g, best)} wins with {state.prestige[best]} Prestige."
        tied = [s for s in range(n) if state.prestige[s] == state.prestige[best] and s != best]
        if tied:
            mine = sum(state.resources[best][:4])
            theirs = max(sum(state.resources[s][:4]) for s in tied)
            how = (
                f"most resources ({mine} to {theirs})"
                if mine > theirs
                else "being nearest the First Player in turn order"
            )
            notes.append(
                f"Tied on Prestige with {and_list(plain_seat(g, s) for s in tied)}; won on {how}."
            )
    else:
        verdict = "Nobody won."
    last = g.data.beasts[g.removal[-1]].name
    trigger = ledger.trigger or "the Endgame began"
    reason = (
        f"The Endgame began when {trigger}; a Beast left the board after each Beast Phase, "
        f"and the game ended in round {state.round} when the last, the {last}, was removed."
    )
    return Ending(verdict, reason, categories, rows, notes)
