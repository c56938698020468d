"""The Turris action space: every action is one int, the same int in every state.

Each kind is declared once on the core :class:`~towers.core.actions.ActionSpace`; the ints run
kind after kind in the order below. Parameters are indices into the data: ``node`` indexes
``DATA.locations`` (Locations, Crossroads, Excavation spots), ``card`` the Tactics cards,
``mission`` the Missions, ``trionfi`` the Trionfi cards, ``site`` the Excavation Sites,
``spot`` the Council spots, ``token`` the letters I, K, R, W, A.

Names write each component as it is printed (``place West Crossroads``, ``play Righteous
Fury``, ``trionfi The Emperor``), in the data's order, so the ints are those of the releases
that wrote ids; :data:`OLD_WORDS` reads those ids back (``play righteous_fury``). The Council
spots, which print no name, keep the word of their reward (``council ichor``).

One kind may serve several pending decisions (``choose <node>`` is a Fruit Location, a
Beast's step, a Beast's target or a displaced Scout's destination): the decision on top of
the stack says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from towers.core.actions import Action, ActionSpace, Domain
from towers.games.turris.data import TOKENS, load

DATA = load()
MAX_PLAYERS = 5
MAX_SLOTS = 8
"""Pending rewards listed at once (a Collect of four Scouts plus triggered effects)."""

PRINTED = (
    DATA.locations, DATA.factions, DATA.tactics, DATA.missions, DATA.trionfi,
    DATA.excavation_sites, DATA.beasts,
)  # fmt: skip
"""The tables whose items moves call by their printed ``name``."""
OLD_WORDS = {
    item.id: item.name for table in PRINTED for item in table if item.id != item.name.lower()
}
"""An item's id, as moves wrote it before they used printed names, to its printed name (an id
that is its name in lower case needs none: names are read in any case)."""

NODE = Domain.of("node", (loc.name for loc in DATA.locations))
FACTION = Domain.of("faction", (f.name for f in DATA.factions))
SIDE = Domain.of("side", ("A", "B"))
CARD = Domain.of("tactics card", (c.name for c in DATA.tactics))
MISSION = Domain.of("mission", (m.name for m in DATA.missions))
TRIONFI = Domain.of("trionfi", (t.name for t in DATA.trionfi))
SITE = Domain.of("site", (s.name for s in DATA.excavation_sites))
SPOT = Domain.of("council spot", (c.id for c in DATA.council))
BEAST = Domain.of("beast", (b.name for b in DATA.beasts))
TOKEN = Domain.of("token", TOKENS)
RESOURCE = Domain.of("resource", ("I", "K", "R", "W"))
SEAT = Domain.numbered("seat", MAX_PLAYERS)
SLOT = Domain.numbered("slot", MAX_SLOTS)
ONGOING_SLOT = Domain.numbered("ongoing slot", 2)
LOCATION_NUMBER = Domain.numbered("location number", 12)
TOWER_ROOM = Domain.numbered("tower room", 6)
EXCAVATION_SPOT = Domain.of(
    "excavation spot", (loc.name for loc in DATA.locations if loc.kind == "excavation")
)


@dataclass(frozen=True, slots=True)
class ChooseFaction(Action):
    """Setup step 9: a faction and one side of its Factional Abilities card."""

    TEXT = "faction {faction} side {side}"
    faction: Annotated[int, FACTION]
    side: Annotated[int, SIDE]


@dataclass(frozen=True, slots=True)
class Place(Action):
    """PLACE a Scout from the reserve (an action, or a Place granted by an effect)."""

    TEXT = "place {node}"
    node: Annotated[int, NODE]


@dataclass(frozen=True, slots=True)
class Collect(Action):
    """COLLECT: start choosing the Scouts to recall."""

    TEXT = "collect"


@dataclass(frozen=True, slots=True)
class CollectScout(Action):
    """Add one of your Scouts in this Location to the Collect."""

    TEXT = "collect from {node}"
    node: Annotated[int, NODE]


@dataclass(frozen=True, slots=True)
class GatherIchor(Action):
    TEXT = "gather ichor"


@dataclass(frozen=True, slots=True)
class ForceRevive(Action):
    TEXT = "force revive"


@dataclass(frozen=True, slots=True)
class FactionAction(Action):
    """The side B ability of your faction, as one of your actions."""

    TEXT = "faction action"


@dataclass(frozen=True, slots=True)
class UseActionToken(Action):
    """Discard an Additional Action token for one more action (Rules Clarification 3)."""

    TEXT = "use action token"


@dataclass(frozen=True, slots=True)
class PlayTactics(Action):
    TEXT = "play {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve the pending reward in this slot of the list."""

    TEXT = "resolve {slot}"
    slot: Annotated[int, SLOT]


@dataclass(frozen=True, slots=True)
class Token(Action):
    """A token chosen: gained, paid or discarded."""

    TEXT = "token {token}"
    token: Annotated[int, TOKEN]


@dataclass(frozen=True, slots=True)
class Steal(Action):
    TEXT = "steal {resource} from {seat}"
    resource: Annotated[int, RESOURCE]
    seat: Annotated[int, SEAT]


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """A node: the Fruit's Location, a Beast's step or target, a Scout's destination."""

    TEXT = "choose {node}"
    node: Annotated[int, NODE]


@dataclass(frozen=True, slots=True)
class ChooseBeast(Action):
    TEXT = "beast {beast}"
    beast: Annotated[int, BEAST]


@dataclass(frozen=True, slots=True)
class ChooseMission(Action):
    """Complete this Mission (Complete Mission Step) or reserve it."""

    TEXT = "mission {mission}"
    mission: Annotated[int, MISSION]


@dataclass(frozen=True, slots=True)
class TakeTrionfi(Action):
    TEXT = "trionfi {trionfi}"
    trionfi: Annotated[int, TRIONFI]


@dataclass(frozen=True, slots=True)
class CouncilSpot(Action):
    TEXT = "council {spot}"
    spot: Annotated[int, SPOT]


@dataclass(frozen=True, slots=True)
class Discard(Action):
    TEXT = "discard {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class OngoingSlot(Action):
    """Put the completed Mission in this Ongoing Effects slot (replacing what is there)."""

    TEXT = "ongoing {slot}"
    slot: Annotated[int, ONGOING_SLOT]


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Yes: shield with an Artifact, make the trade, revive, return to the Council start."""

    TEXT = "yes"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No, or done: decline an optional reward, end the Action Step, stop."""

    TEXT = "pass"


@dataclass(frozen=True, slots=True)
class RepairRoom(Action):
    """Solo: remove the Damaged token from this Tower Room (instead of taking the Future First
    Player card)."""

    TEXT = "repair room {room}"
    room: Annotated[int, TOWER_ROOM]


# ---- chance outcomes ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DrawTactics(Action):
    CHANCE = True
    TEXT = "draw tactics {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class DrawMission(Action):
    CHANCE = True
    TEXT = "draw mission {mission}"
    mission: Annotated[int, MISSION]


@dataclass(frozen=True, slots=True)
class DrawTrionfi(Action):
    CHANCE = True
    TEXT = "draw trionfi {trionfi}"
    trionfi: Annotated[int, TRIONFI]


@dataclass(frozen=True, slots=True)
class DrawSite(Action):
    CHANCE = True
    TEXT = "draw site {site}"
    site: Annotated[int, SITE]


@dataclass(frozen=True, slots=True)
class FirstPlayer(Action):
    CHANCE = True
    TEXT = "first player {seat}"
    seat: Annotated[int, SEAT]


@dataclass(frozen=True, slots=True)
class BeastStart(Action):
    """The randomised Beast start variant: the spot the next Beast starts on."""

    CHANCE = True
    TEXT = "beast starts {spot}"
    spot: Annotated[int, EXCAVATION_SPOT]


@dataclass(frozen=True, slots=True)
class RollBeast(Action):
    """Solo: the d4 of the Betrayer Phase, naming the Beast that moves."""

    CHANCE = True
    TEXT = "d4 {beast}"
    beast: Annotated[int, BEAST]


@dataclass(frozen=True, slots=True)
class RollLocation(Action):
    """Solo: the d12 of the Betrayer Phase, the Beast Movement card's Location number."""

    CHANCE = True
    TEXT = "d12 {number}"
    number: Annotated[int, LOCATION_NUMBER]


SPACE = ActionSpace(
    "turris",
    [
        ChooseFaction, Place, Collect, CollectScout, GatherIchor, ForceRevive, FactionAction,
        UseActionToken, PlayTactics, Resolve, Token, Steal, Choose, ChooseBeast, ChooseMission,
        TakeTrionfi, CouncilSpot, Discard, OngoingSlot, Accept, Pass,
        DrawTactics, DrawMission, DrawTrionfi, DrawSite, FirstPlayer, BeastStart,
        RepairRoom, RollBeast, RollLocation,
    ],
    examples=["place Garden", "collect", "gather ichor", "play Forced March", "pass"],
)  # fmt: skip

PASS = SPACE.encode(Pass())
ACCEPT = SPACE.encode(Accept())


def encode(value: Action) -> int:
    return SPACE.encode(value)
