"""Positions, a driver and expected outcomes for the tests of each component.

The expected outcome of a component is read from the text of its data file (the TOML as
written, not the rules' parsed copy) and worked out here, effect by effect, as the card's
words say, for a player who answers every choice the same way:

- a resource of choice gained is the first of ``GAIN_ORDER`` allowed, one paid the first of
  ``PAY_ORDER`` (so a trade of one for another changes both counts);
- every optional trade and revival is taken; a steal takes a Relic from Bob;
- the Fruit goes to the Isle, a free Place to the Guild, a reserved Mission is the first of
  the tableau, a Mission with an ongoing effect goes to the first Ongoing slot;
- a Tactics card played by an effect is the Smuggled Relics just drawn (draws give it first
  when it is in the deck, else the first card of the deck), and so is the drawn card a draw
  lets its player play at once (``tactics = { n, play = true }``);
- a Council step goes to the first spot of the next level and declines its reward (the
  Council spots have tests of their own), and never goes back to the start;
- a Beast moved by an effect is the Pain, from the Nest through the Forge to the Guild (a
  second one the Harrow, from the Circle through the Isle to the Grove), where a Scout of
  Bob's waits to be Devoured at the end of its move; a Scout moved by an effect goes from
  the Guild to the nearest Location ``steps`` away;
- an Excavation Site under test is on ``SITE_AT``.

:func:`run` plays a list of actions (or checks, as callables) through the public action API,
answering the routine decisions above by itself and resolving the draws; :func:`changes`
compares two :func:`snapshot` of everything a component can change.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import towers.games.turris
from towers.core.components import Deck
from towers.games.turris.frames import (
    BeastEffect,
    CouncilReturn,
    CouncilStep,
    DespairChoice,
    DiscardDown,
    FruitChoice,
    GainChoice,
    OngoingChoice,
    PayChoice,
    PlaceFree,
    PlayTacticsChoice,
    ReserveChoice,
    ReviveChoice,
    Rewards,
    StealChoice,
    TradeOffer,
)
from towers.games.turris.rules import TurrisState

from .conftest import PAIN, D, act, empty_board, names, new_game, node, put, said

TEXT_DIR = Path(towers.games.turris.__file__).parent / "data"


def _text(name: str) -> dict[str, Any]:
    return tomllib.loads((TEXT_DIR / f"{name}.toml").read_text())


BOARD = _text("board")["location"]
LOCATIONS = [loc for loc in BOARD if loc["kind"] == "location"]
UPGRADES = _text("upgrades")["upgrade"]
SITES = _text("excavation")["site"]
TACTICS = _text("tactics")["tactics"]
MISSIONS = _text("missions")["mission"]
TRIONFI = _text("trionfi")["trionfi"]
FACTIONS = _text("factions")["faction"]
COUNCIL = _text("tracks")["council"]
ADJACENT = {loc["id"]: [a["to"] for a in loc["adjacent"]] for loc in BOARD}

SEATS = ("alice", "bob", "carol", "dave", "eve")
ALICE, BOB, CAROL = range(3)
BEASTS = ("pain", "delusion", "despair", "harrow")
GAIN_ORDER = "RKWI"
PAY_ORDER = "WKRI"
DRAWN = "smuggled_relics"
"""The Tactics card draws give first, and the one an effect plays."""
FRUIT_AT = "isle"
PLACE_AT = "guild"
SCOUTS_FROM = "guild"
SITE_AT = "site_a"
BEAST_ROUTES = (("pain", "nest", ("forge", "guild")), ("harrow", "circle", ("isle", "grove")))
"""For the first and second Beast an effect moves: the Beast, where it starts, its steps."""
CROSSROADS_BEAST = ("delusion", "crossroads_east")
"""A Beast waiting in a Crossroads, for the effects that may not choose one there (the Ridge)."""
PLAIN_MISSION = "relic_hunt"
"""A Mission with no effect, to complete where a test needs a Mission completed."""
BUILT_CARD = "the_star"
"""The Trionfi card taken where a test needs a Tower Room constructed (no effect when taken)."""
MISSIONS_DONE = ("monument", "tower_foundations")
"""Two completed Missions (the first Tower Room's prerequisite), none of them in the tableau."""

by_id = {
    kind: {c["id"]: c for c in cards}
    for kind, cards in (
        ("location", LOCATIONS),
        ("upgrade", UPGRADES),
        ("site", SITES),
        ("tactics", TACTICS),
        ("mission", MISSIONS),
        ("trionfi", TRIONFI),
        ("council", COUNCIL),
    )
}


def one(effect: dict[str, Any]) -> tuple[str, Any]:
    [(kind, arg)] = effect.items()
    return kind, arg


def distances_from(start: str) -> dict[str, int]:
    """Steps over the board as board.toml draws it (every node, no Site needed)."""
    dist = {start: 0}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        for there in ADJACENT[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                frontier.append(there)
    return dist


def location_at(start: str, steps: int) -> str:
    """The first numbered Location exactly ``steps`` away from ``start``."""
    dist = distances_from(start)
    return next(loc["id"] for loc in LOCATIONS if dist[loc["id"]] == steps)


# ---------------------------------------------------------------------------- snapshots
def snapshot(state: TurrisState) -> dict[str, Any]:
    """Everything an effect may change, by name: numbers per seat, then the board."""
    out: dict[str, Any] = {}
    for seat, who in enumerate(SEATS[: state.game.num_players]):
        for letter, count in zip("IKRWA", state.resources[seat], strict=True):
            out[f"{who}.{letter}"] = count
        out[f"{who}.prestige"] = state.prestige[seat]
        out[f"{who}.council"] = D.council[state.council[seat]].level
        out[f"{who}.hand"] = len(state.hands[seat])
        out[f"{who}.reserve"] = state.reserve[seat]
        out[f"{who}.graveyard"] = state.graveyard[seat]
        out[f"{who}.tokens"] = state.action_tokens[seat]
        out[f"{who}.reserved"] = len(state.reserved[seat])
        out[f"{who}.completed"] = len(state.completed[seat])
        out[f"{who}.ongoing"] = len(state.ongoing[seat])
        out[f"{who}.rooms"] = state.rooms[seat]
        for k, row in enumerate(state.scouts):
            if row[seat]:
                out[f"{who}.at.{D.locations[k].id}"] = row[seat]
    out["actions"] = state.actions_left
    out["active"] = SEATS[state.active] if state.active >= 0 else "nobody"
    out["tableau"] = len(state.missions)
    out["trionfi"] = sum(t >= 0 for t in state.trionfi_tableau)
    out["discard"] = len(state.tactics_discard)
    out["fruit"] = D.locations[state.fruit].id if state.fruit >= 0 else "none"
    out["future_first"] = SEATS[state.future_first] if state.future_first >= 0 else "none"
    for b, at in enumerate(state.beast_at):
        out[f"beast.{BEASTS[b]}"] = D.locations[at].id if at >= 0 else "none"
        if state.flipped[b]:
            out[f"flipped.{BEASTS[b]}"] = True
    for k, up in enumerate(state.upgraded):
        if up:
            out[f"upgraded.{D.locations[k].id}"] = True
    return out


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """Numbers by how much they changed; anything else by its new value (None: gone)."""
    out: dict[str, Any] = {}
    for key in before.keys() | after.keys():
        old, new = before.get(key), after.get(key)
        if _is_count(old) and _is_count(new):
            if (new or 0) != (old or 0):
                out[key] = (new or 0) - (old or 0)
        elif old != new:
            out[key] = new
    return out


def _is_count(value: object) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


# ---------------------------------------------------------------------------- the driver
Step = str | Callable[[TurrisState], None]


def _policy(state: TurrisState, legal: list[str]) -> str | None:
    """The routine answer to the decision on top, or None for the test's own script."""
    top = state.stack.top
    match top:
        case GainChoice():
            return next(f"token {x}" for x in GAIN_ORDER + "A" if f"token {x}" in legal)
        case PayChoice():
            return next(f"token {x}" for x in PAY_ORDER + "A" if f"token {x}" in legal)
        case TradeOffer() | ReviveChoice():
            return "yes"
        case StealChoice():
            return next(
                f"steal {x} from {s}" for x in GAIN_ORDER for s in (2, 3, 1)
                if f"steal {x} from {s}" in legal
            )  # fmt: skip
        case CouncilStep():
            return next(x for x in legal if x.startswith("council "))
        case CouncilReturn() | BeastEffect():
            return "pass"
        case DespairChoice() | DiscardDown():
            return legal[0]
        case OngoingChoice():
            return "ongoing 1"
        case ReserveChoice():
            return next(x for x in legal if x.startswith("mission "))
        case PlayTacticsChoice():
            return said(f"play {DRAWN}") if said(f"play {DRAWN}") in legal else "pass"
        case FruitChoice():
            return f"choose {FRUIT_AT}"
        case PlaceFree():
            return f"place {PLACE_AT}"
    return None


def _draw(state: TurrisState) -> None:
    outcomes = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    wanted = said(f"draw tactics {DRAWN}")
    act(state, wanted if wanted in outcomes else outcomes[0])


def run(
    state: TurrisState, script: Iterable[Step], manual: Callable[[Any], bool] = lambda top: False
) -> None:
    """Play ``script`` (action names, or checks called with the state) in order; before each
    step and after the last, resolve the draws and answer the routine decisions (those whose
    frame ``manual`` accepts are left to the script). A step that is not legal fails the test,
    naming the legal actions."""
    steps = deque(script)
    council_rewards = 0
    while True:
        while not state.is_terminal():
            if state.is_chance_node():
                _draw(state)
                continue
            top = state.stack.top
            if manual(top):
                break
            legal = names(state)
            if isinstance(top, Rewards) and council_rewards:
                council_rewards -= 1
                act(state, "pass")  # a Council step's reward, declined
                continue
            answer = _policy(state, legal)
            if answer is None:
                break
            if isinstance(top, CouncilStep):
                council_rewards += 1
            act(state, answer)
        if not steps:
            return
        step = steps.popleft()
        if callable(step):
            step(state)
            continue
        legal = names(state)
        step = said(step)
        assert step in legal, f"{step!r} is not legal ({type(state.stack.top).__name__}): {legal}"
        act(state, step)


def not_offered(*actions: str) -> Callable[[TurrisState], None]:
    def check(state: TurrisState) -> None:
        legal = names(state)
        for a in map(said, actions):
            assert a not in legal, f"{a!r} is offered: {legal}"

    return check


def offered(*actions: str) -> Callable[[TurrisState], None]:
    def check(state: TurrisState) -> None:
        legal = names(state)
        for a in map(said, actions):
            assert a in legal, f"{a!r} is not offered: {legal}"

    return check


# ---------------------------------------------------------------------------- expectations
@dataclass
class Plan:
    """A component's effects read as a player resolves them: what the position needs, the
    answers the test gives (beyond the routine ones), and the changes expected."""

    seat: str = "alice"
    expect: dict[str, Any] = field(default_factory=dict)
    script: list[Step] = field(default_factory=list)
    tail: list[Step] = field(default_factory=list)
    beasts: dict[str, str] = field(default_factory=dict)
    bob_at: list[str] = field(default_factory=list)
    graveyard: int = 0
    scouts_to_move: int = 0
    council_spot: str = ""
    completed: int = 0
    moved_beasts: int = 0

    def add(self, key: str, n: int) -> None:
        self.expect[key] = self.expect.get(key, 0) + n
        if not self.expect[key]:
            del self.expect[key]

    def mine(self, key: str, n: int) -> None:
        self.add(f"{self.seat}.{key}", n)

    def bundle(self, raw: dict[str, Any], sign: int, order: str) -> None:
        for letter in "IKRWA":
            if raw.get(letter):
                self.mine(letter, sign * raw[letter])
        if raw.get("any"):
            allowed = raw.get("of", "KRW")
            letter = next(x for x in order if x in allowed)
            self.mine(letter, sign * raw["any"])


def plan(effects: Iterable[dict[str, Any]], p: Plan | None = None) -> Plan:
    """The effects of a component's text, in order, into ``p`` (a new Plan by default)."""
    p = p if p is not None else Plan()
    for effect in effects:
        kind, arg = one(effect)
        if kind == "gain":
            p.bundle(arg, 1, GAIN_ORDER)
        elif kind == "pay":
            p.bundle(arg, -1, PAY_ORDER)
        elif kind == "trade":
            for _ in range(arg["times"]):
                p.bundle(arg["give"], -1, PAY_ORDER)
                p.bundle(arg["get"], 1, GAIN_ORDER)
        elif kind == "steal":
            letter = next(x for x in GAIN_ORDER if x in arg.get("of", "KRW"))
            p.mine(letter, arg["n"])
            p.add(f"bob.{letter}", -arg["n"])
        elif kind == "prestige":
            p.mine("prestige", arg)
        elif kind in ("council", "sacrifice"):
            p.mine("council", arg)
            if kind == "sacrifice":
                p.mine("reserve", -arg)
                p.mine("graveyard", arg)
        elif kind == "council_reward":
            p.council_spot = COUNCIL[1]["id"]
            for _ in range(arg):
                p.script.append("resolve 1")
                plan(by_id["council"][p.council_spot]["effects"], p)
        elif kind == "tactics":
            # a number of cards, or { n, play }: the cards, one of which may be played at once
            n, play = (arg, False) if isinstance(arg, int) else (arg["n"], arg.get("play", False))
            p.mine("hand", n)
            if play:
                play_drawn(p)
        elif kind == "play_tactics":
            for _ in range(arg):
                play_drawn(p)
        elif kind == "reserve":
            p.mine("reserved", arg)
            p.add("tableau", -arg)
        elif kind == "action":
            p.add("actions", arg)
        elif kind == "action_token":
            p.mine("tokens", arg)
        elif kind == "place":
            p.mine("reserve", -arg)
            p.mine(f"at.{PLACE_AT}", arg)
        elif kind == "move_scout":
            steps = arg["steps"]
            to, far = location_at(SCOUTS_FROM, steps), location_at(SCOUTS_FROM, steps + 1)
            p.scouts_to_move += arg["n"]
            for _ in range(arg["n"]):
                p.script += [
                    f"choose {SCOUTS_FROM}",
                    offered(f"choose {to}"),
                    not_offered(f"choose {far}"),
                    f"choose {to}",
                ]
            p.mine(f"at.{SCOUTS_FROM}", -arg["n"])
            p.mine(f"at.{to}", arg["n"])
        elif kind == "move_beast":
            beast, start, route = BEAST_ROUTES[p.moved_beasts]
            p.moved_beasts += 1
            p.beasts[beast] = start
            steps = arg.get("steps", 1)
            if not arg.get("crossroads", True):
                p.beasts[CROSSROADS_BEAST[0]] = CROSSROADS_BEAST[1]
                p.script.append(not_offered(f"beast {CROSSROADS_BEAST[0]}"))
            p.script.append(f"beast {beast}")
            p.script += [f"choose {n}" for n in route[:steps]]
            if steps:
                end = route[steps - 1]
                p.expect[f"beast.{beast}"] = end
                p.bob_at.append(end)
                p.add(f"bob.at.{end}", -1)  # Devoured at the end of the move
                p.add("bob.graveyard", 1)
                p.add("bob.council", 1)
            if arg.get("flip"):
                p.expect[f"flipped.{beast}"] = True
        elif kind == "revive":
            p.graveyard += arg["n"]
            p.mine("graveyard", -arg["n"])
            p.mine("reserve", arg["n"])
            for _ in range(arg["n"]):
                p.bundle(arg.get("each", {}), -1, PAY_ORDER)
        elif kind == "fruit":
            p.expect["fruit"] = FRUIT_AT
        elif kind == "first_player":
            p.expect["future_first"] = p.seat
        elif kind == "tower_room":
            p.completed = len(MISSIONS_DONE)
            p.mine("rooms", 1)
            p.mine("prestige", arg["prestige"])
            p.add("trionfi", -1)
            p.expect[f"upgraded.{by_id['trionfi'][BUILT_CARD]['location']}"] = True
            if arg["at"] == "now":
                p.script.append(f"trionfi {BUILT_CARD}")
            else:
                p.tail += trionfi_step(p, BUILT_CARD)
        else:
            raise AssertionError(f"no expectation for the effect kind {kind!r}")
    return p


def play_drawn(p: Plan) -> None:
    """The card just drawn played: out of the hand into the discard, its effects resolved."""
    p.mine("hand", -1)
    p.add("discard", 1)
    plan(by_id["tactics"][DRAWN]["effects"], p)


def trionfi_step(p: Plan | None, card: str) -> list[str]:
    """After a Grove Collect: the Action Step finished with a Gather Ichor, no Mission
    completed, the card taken in the Trionfi Step (and the turn over, into ``p``)."""
    if p is not None:
        p.mine("I", 1)
        p.add("actions", -1)
        ends_turn(p)
    return ["gather ichor", "pass", "pass", f"trionfi {card}"]


def ends_turn(p: Plan) -> None:
    """The script ends Alice's turn: Bob's Action Step follows, with its two actions (the
    actions Alice had left are spent)."""
    p.expect["active"] = "bob"
    p.add("actions", 2)


# ---------------------------------------------------------------------------- positions
def position(p: Plan, players: int = 3) -> TurrisState:
    """Alice's Action Step with what ``p`` needs: Beasts only where it says, Alice with 6 of
    each resource, Bob 1 Ichor and 2 of each other, Carol nothing, the hands empty."""
    state = new_game(players)
    empty_board(state, {BEASTS.index(b): at for b, at in p.beasts.items()})
    state.resources[ALICE] = [6, 6, 6, 6, 0]
    state.resources[BOB] = [1, 2, 2, 2, 0]
    state.resources[CAROL] = [0, 0, 0, 0, 0]
    for where in p.bob_at:
        put(state, BOB, where)
    if p.scouts_to_move:
        put(state, ALICE, SCOUTS_FROM, p.scouts_to_move)
    state.graveyard[ALICE] += p.graveyard
    state.reserve[ALICE] -= p.graveyard
    if p.council_spot:
        state.council[ALICE] = [c.id for c in D.council].index(p.council_spot)
    missions = [m.id for m in D.missions]
    state.completed[ALICE] = [missions.index(m) for m in MISSIONS_DONE[: p.completed]]
    state._legal = None
    return state


def tactics_index(card: str) -> int:
    return [c.id for c in D.tactics].index(card)


def mission_index(mission: str) -> int:
    return [m.id for m in D.missions].index(mission)


def trionfi_index(card: str) -> int:
    return [t.id for t in D.trionfi].index(card)


def site_index(site: str) -> int:
    return [s.id for s in D.excavation_sites].index(site)


def give_card(state: TurrisState, seat: int, card: str) -> None:
    """A Tactics card from the deck into a hand."""
    k = tactics_index(card)
    state.tactics_deck.counts[k] -= 1
    state.hands[seat].append(k)
    state._legal = None


def offer_mission(state: TurrisState, mission: str) -> None:
    """The Mission face up in the tableau (first), the card it replaces back in the deck."""
    _face_up(state.missions, state.mission_deck, mission_index(mission))
    state._legal = None


def offer_trionfi(state: TurrisState, card: str) -> None:
    """The Trionfi card face up in the first slot of the tableau."""
    _face_up(state.trionfi_tableau, state.trionfi_deck, trionfi_index(card))
    state._legal = None


def _face_up(row: list[int], deck: Deck, card: int) -> None:
    if card not in row:
        deck.counts[card] -= 1
        deck.counts[row[0]] += 1
        row[0] = card


def put_site(state: TurrisState, site: str, spot: str = "site_a") -> None:
    """The Excavation Site on the spot (the Site there before goes back to the deck)."""
    k = [loc.id for loc in D.locations if loc.kind == "excavation"].index(spot)
    s = site_index(site)
    if state.site_at[k] >= 0:
        state.site_deck.counts[state.site_at[k]] += 1
    if state.site_deck.counts[s]:
        state.site_deck.counts[s] -= 1
    else:
        state.site_at[state.site_at.index(s)] = -1
    state.site_at[k] = s
    state._legal = None


def end_action_step(state: TurrisState) -> None:
    """No action left: the next step is the pass that ends the Action Step."""
    state.actions_left = 0
    state._legal = None


# ---------------------------------------------------------------------------- triggers
def via_place(p: Plan, where: str) -> list[Step]:
    """Alice Places a Scout there with an action (an Immediate reward resolves at once)."""
    p.mine("reserve", -1)
    p.mine(f"at.{where}", 1)
    p.add("actions", -1)
    return [f"place {where}"]


def via_collect(state: TurrisState, p: Plan, where: str, reward: bool = True) -> list[Step]:
    """Alice's Scout there is Collected (1 Ichor) and its reward resolved (``reward`` False:
    the reward has no effect, nothing to resolve)."""
    put(state, ALICE, where)
    p.mine("I", -1)
    p.mine("reserve", 1)
    p.mine(f"at.{where}", -1)
    p.add("actions", -1)
    return ["collect", f"collect from {where}", "pass"] + (["resolve 1"] if reward else [])


def install(state: TurrisState, seat: int, owner: str) -> None:
    """Give ``seat`` an ongoing effect: ``mission <id>`` in an Ongoing slot, ``trionfi <id>``
    constructed, ``faction <id> <side>`` chosen, ``site <id>`` on ``SITE_AT`` with a Scout of
    the seat's there."""
    kind, rest = owner.split(" ", 1)
    if kind == "site":
        put_site(state, rest, SITE_AT)
        put(state, seat, SITE_AT)
    elif kind == "mission":
        m = mission_index(rest)
        if m in state.missions:
            # its place in the tableau taken by the first card of the deck
            k = next(k for k, n in enumerate(state.mission_deck.counts) if n)
            state.mission_deck.counts[k] -= 1
            state.missions[state.missions.index(m)] = k
        else:
            state.mission_deck.counts[m] -= 1
        state.completed[seat].append(m)
        state.ongoing[seat].append(m)
    elif kind == "trionfi":
        t = trionfi_index(rest)
        if t in state.trionfi_tableau:
            state.trionfi_tableau[state.trionfi_tableau.index(t)] = -1
        else:
            state.trionfi_deck.counts[t] -= 1
        state.trionfi_owned[seat].append(t)
    else:
        faction, side = rest.split()
        state.faction[seat] = [f.id for f in D.factions].index(faction)
        state.side[seat] = "AB".index(side)
    state._legal = None


@dataclass(frozen=True)
class Event:
    """Something that happens in Alice's turn (or at its end), for the ongoing effects."""

    name: str
    prepare: Callable[[TurrisState], None]
    script: tuple[Step, ...]


def _prepare_mission(state: TurrisState) -> None:
    offer_mission(state, PLAIN_MISSION)
    end_action_step(state)


def _prepare_collect(state: TurrisState) -> None:
    put(state, ALICE, "forge")
    put(state, ALICE, "guild")


def _prepare_site(state: TurrisState) -> None:
    put_site(state, "cistern")


def _prepare_room(state: TurrisState) -> None:
    missions = [m.id for m in D.missions]
    state.completed[ALICE] += [missions.index(m) for m in MISSIONS_DONE]
    put(state, ALICE, "grove")


def _devour(victim: int) -> Callable[[TurrisState], None]:
    def prepare(state: TurrisState) -> None:
        state.beast_at[PAIN] = node("forge")
        put(state, victim, "guild")
        give_card(state, ALICE, "herding")

    return prepare


EVENTS = {
    e.name: e
    for e in (
        Event("mission", _prepare_mission, ("pass", f"mission {PLAIN_MISSION}")),
        Event("turn_start", end_action_step, ("pass", "pass")),
        Event(
            "collect",
            _prepare_collect,
            ("collect", "collect from Forge", "collect from Guild", "pass", "pass"),
        ),
        Event("gather_ichor", lambda state: None, ("gather ichor", "gather ichor")),
        Event("place_excavation", _prepare_site, ("place Excavation spot A",)),
        Event("place_grove", lambda state: None, ("place Grove",)),
        Event("place_guild", lambda state: None, ("place Guild",)),
        Event(
            "tower_room",
            _prepare_room,
            ("collect", "collect from Grove", "pass", "resolve 1", *trionfi_step(None, BUILT_CARD)),
        ),
        Event("council", lambda state: None, ("place Circle",)),
        Event("sacrifice", lambda state: None, ("place Abyss",)),
        Event("devoured", _devour(ALICE), ("play Herding", "beast Pain", "choose Guild")),
        Event("other_devoured", _devour(BOB), ("play Herding", "beast Pain", "choose Guild")),
    )
}

FIRES: dict[tuple[str, str], tuple[str, int]] = {
    # (trigger, where): (the event that fires it, the owner it fires for)
    ("mission", ""): ("mission", ALICE),
    ("turn_start", ""): ("turn_start", BOB),
    ("collect", ""): ("collect", ALICE),
    ("gather_ichor", ""): ("gather_ichor", ALICE),
    ("place", "excavation"): ("place_excavation", ALICE),
    ("place", "grove"): ("place_grove", ALICE),
    ("tower_room", ""): ("tower_room", ALICE),
    ("council", ""): ("council", ALICE),
    ("sacrifice", ""): ("sacrifice", ALICE),
    ("devoured", ""): ("devoured", ALICE),
    ("other_devoured", ""): ("other_devoured", ALICE),
}
DOES_NOT_FIRE: dict[tuple[str, str], tuple[str, int]] = {
    # the same event for another player, or a near miss for the owner
    ("mission", ""): ("mission", BOB),
    ("turn_start", ""): ("turn_start", CAROL),
    ("collect", ""): ("collect", BOB),
    ("gather_ichor", ""): ("gather_ichor", BOB),
    ("place", "excavation"): ("place_guild", ALICE),
    ("place", "grove"): ("place_guild", ALICE),
    ("tower_room", ""): ("tower_room", BOB),
    ("council", ""): ("council", BOB),
    ("sacrifice", ""): ("devoured", ALICE),  # Devoured is not Sacrificed (Easily Missed Rules)
    ("devoured", ""): ("sacrifice", ALICE),
    ("other_devoured", ""): ("devoured", ALICE),
}


def ongoing_of(owner: str) -> list[dict[str, Any]]:
    kind, rest = owner.split(" ", 1)
    if kind == "faction":
        faction, side = rest.split()
        sides = next(f for f in FACTIONS if f["id"] == faction)["sides"]
        return next(s for s in sides if s["side"] == side).get("ongoing", [])
    return by_id[kind][rest].get("ongoing", [])


def passive(owner: str) -> dict[str, Any]:
    """The component's one ongoing effect that is not an action."""
    [found] = [o for o in ongoing_of(owner) if o["on"] != "action"]
    return found


def trigger_effect(owner: str, fires: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the owner's ongoing effect adds to its event (the event played with and without
    the effect installed), and what the text says it adds."""
    o = passive(owner)
    table = FIRES if fires else DOES_NOT_FIRE
    event_name, seat = table[(o["on"], o.get("where", ""))]
    event = EVENTS[event_name]
    results = []
    for with_effect in (True, False):
        state = position(Plan())
        event.prepare(state)
        if with_effect:
            install(state, seat, owner)
        before = snapshot(state)
        run(state, event.script)
        results.append(changes(before, snapshot(state)))
    expected = plan(o["do"], Plan(seat=SEATS[seat])).expect if fires else {}
    # what the run with the effect changed beyond the run without it
    return changes(results[1], results[0]), expected


# ---------------------------------------------------------------------------- turn starts
def end_turn(state: TurrisState) -> None:
    """The active player ends the turn: no action left and every later step passed (then the
    Beast Phase and the Cleanup Phase if the round is over), to the next player's turn."""
    seat = state.active
    end_action_step(state)
    while state.active == seat and "pass" in names(state):
        run(state, ["pass"])


def turn_start_gains(
    site: str, owner: int, turns: int, collect: bool = False, beast: bool = False
) -> list[tuple[str, dict[str, Any]]]:
    """From Alice's Action Step, the owner's Scout on the Excavation Site, ``turns`` turns
    ended: for each turn then started, who starts it and what the owner's numbers changed by.
    The Pain stands flipped at the Abyss (on the Site with ``beast``), so the first Beast Phase
    stands it up where it is; with ``collect`` the owner Collects the Scout in their first
    turn (its reward declined)."""
    state = position(Plan(beasts={"pain": SITE_AT if beast else "abyss"}))
    state.flipped[PAIN] = True
    install(state, owner, f"site {site}")
    mine = f"{SEATS[owner]}."
    out = []
    for _ in range(turns):
        if collect and state.active == owner and state.scouts[node(SITE_AT)][owner]:
            run(state, ["collect", f"collect from {SITE_AT}", "pass"])
            if isinstance(state.stack.top, Rewards):
                run(state, ["pass"])
        before = snapshot(state)
        end_turn(state)
        gained = changes(before, snapshot(state))
        out.append((SEATS[state.active], {k: v for k, v in gained.items() if k.startswith(mine)}))
    return out
