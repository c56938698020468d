"""Influence (rulebook: Influence Tracks; Scoring Tiles): a step along a mineral's track and
what its spaces do (the Allied Ship into the Bag, a face-up card, a Scoring Tile), the
Scoring Tiles' immediate effects, and Influence of a mineral the player chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import DATA, FortIn, Influence, TakeFaceUp, TakeTile, TentIn
from towers.games.sifnos.board import ALLY, SETUP, TRACK, TRACK_LAST
from towers.games.sifnos.cards import draw, place_card, tent
from towers.games.sifnos.construct import beacon_targets
from towers.games.sifnos.data import BEACON, FORT
from towers.games.sifnos.effects import gain_effect
from towers.games.sifnos.muster import pieces_left

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

SCORING_TILE_SPACE = int(TRACK["scoring_tile_space"])
FACE_UP_CARD_SPACE = int(TRACK["face_up_card_space"])
SOLO_CAP = int(DATA.game["solo"]["influence_cap"])


def influence_step(state: SifnosState, side: int, m: int) -> None:
    """One space along a track, and what that space does (rulebook: Influence Tracks)."""
    g = state.game
    if side == g.opponent and g.versus:
        return  # it gains no Influence in the 2-player game
    if m < 0:
        m = solo.lowest(state)
    cap = SOLO_CAP if side == g.opponent else TRACK_LAST
    track = state.influence[side]
    if track[m] >= cap:
        return
    track[m] += 1
    value = track[m]
    p = state.pending
    if side == g.opponent:
        solo.track_space(state, m, value)
        return
    if value == g.ally_space and state.ally_on_track[side]:
        state.ally_on_track[side] = False
        state.bag.put(ALLY)
    if value == SCORING_TILE_SPACE and m == state.markers[1]:
        p.push(F.TileChoice(seat=side))
    if value == FACE_UP_CARD_SPACE and m == state.markers[0]:
        p.push(F.FaceUp(seat=side))


def tile_immediate(state: SifnosState, seat: int, effect: str) -> None:
    """A Scoring Tile's immediate effect, when claimed (rulebook: Scoring Tiles)."""
    p = state.pending
    match effect:
        case "draw_card":
            draw(state, seat, 1)
        case "any_influence":
            p.push(F.INFLUENCE_CHOICE(seat, 1))
        case "tent_anywhere":
            if sum(state.tents[seat]) < int(SETUP["tents"]):
                p.push(F.TentChoice(seat=seat))
        case "fort_anywhere":
            if pieces_left(state, seat, FORT) and any(f < 0 for f in state.fort_at):
                p.push(F.FortAnywhere(seat=seat))
        case "free_card":
            if state.hands[seat]:
                p.push(F.PLACEMENT(seat, True))
        case "beacon_anywhere":
            if pieces_left(state, seat, BEACON) and beacon_targets(state, seat, -1):
                p.push(F.BEACON_CHOICE(seat, -1))
        case "soldier_anywhere":
            if state.soldier_supply[seat]:
                p.push(F.SOLDIERS(seat, 0, True, False, F.ANYWHERE))
        case "workshop_die":
            gain_effect(state, seat, "workshop_die")


# ---- the decisions ----------------------------------------------------------------------
def decide_influence(state: SifnosState, top: F.InfluenceChoice, value: Any) -> None:
    if not isinstance(value, Influence):
        raise AssertionError(f"{value} at {top}")
    p = state.pending
    if top.n > 1:
        p.replace(F.INFLUENCE_CHOICE(top.seat, top.n - 1))
    else:
        p.pop()
    p.push(F.GAIN(top.seat, value.mineral, 1))


def decide_face_up(state: SifnosState, top: F.FaceUp, value: Any) -> None:
    """A face-up card taken and placed at once (rulebook: Influence Tracks)."""
    if not isinstance(value, TakeFaceUp):
        raise AssertionError(f"{value} at {top}")
    state.pending.pop()
    state.face_up.remove(value.card)
    place_card(state, top.seat, value.card)


def decide_tile(state: SifnosState, top: F.TileChoice, value: Any) -> None:
    if not isinstance(value, TakeTile):
        raise AssertionError(f"{value} at {top}")
    t = value.tile
    state.pending.pop()
    state.tile_row[state.tile_row.index(t)] = -1
    state.tile_of[top.seat] = t
    tile_immediate(state, top.seat, DATA.tiles[t].immediate)


def decide_tent(state: SifnosState, top: F.TentChoice, value: Any) -> None:
    if not isinstance(value, TentIn):
        raise AssertionError(f"{value} at {top}")
    state.pending.pop()
    tent(state, top.seat, value.province)


def decide_fort_anywhere(state: SifnosState, top: F.FortAnywhere, value: Any) -> None:
    if not isinstance(value, FortIn):
        raise AssertionError(f"{value} at {top}")
    state.pending.pop()
    state.pending.push(F.FORT_CHOICE(top.seat, value.region))
