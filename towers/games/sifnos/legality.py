"""What may be done: the legal actions of each pending decision, and why an action is refused.

:func:`decisions` lists the answers to the decision on top of the stack, each from the rules
module of its rulebook section (the Scheme-driven opponent's from :mod:`.solo`);
:func:`explain` words a refusal, naming what is being decided and the rulebook section, so a
player learns what is allowed instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from towers.games.sifnos import actions as A
from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import (
    A_BEACON_ON,
    A_FORT_IN,
    A_GIVE,
    A_INFLUENCE,
    A_TAKE_FACE_UP,
    A_TAKE_TILE,
    A_TENT_IN,
    A_USE_CARD,
    DATA,
    DONE,
)
from towers.games.sifnos.board import N_PROVINCES, N_REGIONS
from towers.games.sifnos.buildings import builds
from towers.games.sifnos.cards import pay_choices, placements
from towers.games.sifnos.construct import beacon_targets, tower_reach
from towers.games.sifnos.data import BEACON, FORT, IMAGES
from towers.games.sifnos.invest import adjustments
from towers.games.sifnos.major_actions import (
    column_choices,
    major_choices,
    prepare_choices,
    recoup_choices,
)
from towers.games.sifnos.muster import pieces_left, soldier_choices
from towers.games.sifnos.recoup import ship_moves

if TYPE_CHECKING:
    from towers.core.frames import Frame
    from towers.games.sifnos.rules import SifnosState


def decisions(state: SifnosState, top: Frame) -> list[int]:
    """The answers to the decision ``top`` (some perhaps twice: the rules sort them once)."""
    choices = CHOICES.get(type(top))
    if choices is None:
        return solo.decisions(state, top)
    return choices(state, top)


def _give_choices(state: SifnosState, top: Any) -> list[int]:
    return [(A_GIVE + c) for c in state.hands[top.seat]]


def _adjust_choices(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *adjustments(state, top.seat)]


def _soldiers(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *soldier_choices(state, top)]


def _ships(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *ship_moves(state)]


def _influence(state: SifnosState, top: Any) -> list[int]:
    return [(A_INFLUENCE + m) for m in range(3)]


def _triggered(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *((A_USE_CARD + c) for c in top.cards)]


def _beacon_choices(state: SifnosState, top: Any) -> list[int]:
    if not beacon_targets(state, top.seat, top.region):
        return [DONE]
    return [DONE, *pieces_left(state, top.seat, BEACON)]


def _beacon_places(state: SifnosState, top: Any) -> list[int]:
    return [(A_BEACON_ON + s) for s in beacon_targets(state, top.seat, top.region)]


def _fort_choices(state: SifnosState, top: Any) -> list[int]:
    return pieces_left(state, top.seat, FORT)


def _builds(state: SifnosState, top: Any) -> list[int]:
    return builds(state, top.seat)


def _face_up(state: SifnosState, top: Any) -> list[int]:
    return [(A_TAKE_FACE_UP + c) for c in state.face_up]


def _tiles(state: SifnosState, top: Any) -> list[int]:
    return [(A_TAKE_TILE + t) for t in state.tile_row if t >= 0]


def _tents(state: SifnosState, top: Any) -> list[int]:
    return [(A_TENT_IN + p) for p in range(N_PROVINCES)]


def _fort_anywhere(state: SifnosState, top: Any) -> list[int]:
    return [(A_FORT_IN + r) for r in range(N_REGIONS) if state.fort_at[r] < 0]


CHOICES: dict[type, Callable[[SifnosState, Any], list[int]]] = {
    F.Prepare: prepare_choices,
    F.Majors: major_choices,
    F.Column: column_choices,
    F.RecoupChoice: recoup_choices,
    F.Pay: pay_choices,
    F.GiveCards: _give_choices,
    F.Placement: placements,
    F.AdjustDice: _adjust_choices,
    F.Soldiers: _soldiers,
    F.ShipChoice: _ships,
    F.InfluenceChoice: _influence,
    F.Triggered: _triggered,
    F.BeaconChoice: _beacon_choices,
    F.BeaconPlace: _beacon_places,
    F.FortChoice: _fort_choices,
    F.Workshop: _builds,
    F.FaceUp: _face_up,
    F.TileChoice: _tiles,
    F.TentChoice: _tents,
    F.FortAnywhere: _fort_anywhere,
}
"""Each decision's answers, by the frame's type."""

RULES: dict[type, tuple[str, str]] = {
    F.Prepare: ("you are Preparing: use a Prepare effect or say done", "Prepare"),
    F.Majors: ("choose a major action (invest, construct, muster) or say done", "Major Actions"),
    F.Column: ("use an effect of this major action's column or say done", "Major Actions"),
    F.Pay: ("discard the cards the effect costs (any 2 cards stand for 1)", "Cards"),
    F.GiveCards: ("give a card from your hand to the opponent", "Invest; Construct; Muster"),
    F.Placement: ("place a card from your hand that you can pay for", "Cards"),
    F.AdjustDice: ("adjust a Die in your Supply or Workshop by 1 (no wrapping), or done", "Dice"),
    F.Soldiers: ("move or place a Soldier (one a Region, except the central one)", "Soldiers"),
    F.ShipChoice: ("move a Ship clockwise, or done", "The Map"),
    F.InfluenceChoice: ("choose the mineral of the Influence", "Influence Tracks"),
    F.Triggered: ("use a triggered card effect, or done", "Gameplay Overview"),
    F.BeaconChoice: ("take a Beacon from your board, or done", "Beacons"),
    F.BeaconPlace: ("put the Beacon on your uncovered Tower without one", "Beacons"),
    F.FortChoice: ("take a Fort from your board", "Forts"),
    F.Workshop: ("place a Workshop Die on a Building space it may take", "Buildings"),
    F.FaceUp: ("take one of the face-up cards", "Influence Tracks"),
    F.TileChoice: ("claim one of the Scoring Tiles", "Influence Tracks"),
    F.TentChoice: ("choose the Province of the Tent", "Scoring Tiles"),
    F.FortAnywhere: ("choose a Region without a Fort", "Scoring Tiles"),
    F.RecoupChoice: ("use a Recoup card, or done", "Recoup"),
}


def explain(state: SifnosState, action: Any) -> tuple[str, str]:
    """Why ``action`` is not allowed now, and the rulebook section."""
    if state.current_player() < 0:
        return "chance decides this, not a player", ""
    top = state.pending[-1]
    why, section = RULES.get(type(top), ("it is not allowed now", ""))
    detail = _detail(state, top, action)
    return (f"{detail}; now {why}" if detail else why), f"rulebook: {section}" if section else ""


def _detail(state: SifnosState, top: Any, action: Any) -> str:
    seat = getattr(top, "seat", -1)
    match action:
        case A.PlaceDie(region=r, value=v):
            region = DATA.regions[r]
            if state.die_owner[r] >= 0:
                return f"{region.name} already holds a Die (one a Region)"
            if not state.region_ok >> r & 1:
                return f"{region.name} is not the Active Region"
            if state.fort_at[r] < 0 and v + 1 != region.value:
                return f"{region.name} takes a {region.value} (no Fort there)"
            if v + 1 not in state.dice_supply[seat]:
                return f"you have no {v + 1} in your Supply"
            fort = state.fort_at[r]
            if fort >= 0 and fort != seat and not state.hands[seat]:
                return "a Die on an opponent's Fort takes a card from your hand to give its owner"
        case A.PlaceTower(space=s, image=i):
            space = DATA.spaces[s]
            top = state.top_tower(s)
            if state.has_tower_on(seat, s):
                return f"you have already placed a Tower on {space.name} (never twice on one space)"
            if state.tower_supply[seat][i] == 0:
                return f"you have no {IMAGES[i]} Tower in your Supply"
            if top >= 0 and len(state.hands[seat]) < 2:
                return (
                    f"covering the Tower on {space.name} takes 2 cards from your hand to give its "
                    f"owner, and you hold {len(state.hands[seat])}"
                )
            need = space.image if top < 0 else top & 7
            if not state.ignore_image and i != need:
                return (
                    f"{space.name} takes {_a(IMAGES[need])} Tower (unless a Lead card ignores it)"
                )
            if not tower_reach(state, seat, s):
                return (
                    f"{space.name} is not around the Active Region (nor joined to it by a network)"
                )
        case A.MoveSoldier(frm=a, to=b) if a < len(DATA.regions):
            there = state.soldier_at[b] if b < len(DATA.regions) else -1
            if there >= 0 and there != seat and not state.hands[seat]:
                return "pushing out a Soldier takes a card from your hand to give its owner"
            if there == seat:
                return f"{DATA.regions[b].name} already holds your Soldier"
        case A.PlaceSoldier(region=r):
            if state.soldier_supply[seat] == 0:
                return "you have no Soldier in your Supply"
            if state.soldier_at[r] >= 0:
                return f"{DATA.regions[r].name} already holds a Soldier"
        case A.PlaceCard(card=c) | A.Discard(card=c) | A.Give(card=c):
            if seat >= 0 and c not in state.hands[seat]:
                return f"{DATA.cards[c].name} is not in your hand"
    return ""


def _a(word: str) -> str:
    """``a jar``, ``an owl``."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
