"""The Tiletum heuristic used by the greedy and search bots (public information only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.tiletum.data import CAT_CHARACTER, CAT_CONTRACT, CAT_CREST, CAT_HELPER

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def evaluate(state: TiletumState, seat: int) -> float:
    """VP now plus what the position is worth by the end, in VP.

    Counted in full: the final scoring if the game ended now (houses x pillars, completed
    buildings, resources / 4). Counted in part: King track VP for the King phases to come,
    bonus action points for the turns to come, tiles in the storehouse (contracts by the VP
    they will give once affordable), figures' unspent supply, and the action points the seat
    still holds this turn.
    """
    vp = float(state.vp[seat])
    if state.over:
        return vp
    g = state.game
    d = g.data
    houses, buildings, _ = state.final_points(seat)
    res = state.res[seat]
    value = vp + houses + buildings + sum(res) / d.resources_per_vp
    rounds_left = d.rounds - state.round
    value += 0.6 * d.king_track[state.king_pos[seat]] * rounds_left
    value += 0.9 * sum(state.ap_bonus[seat]) * rounds_left
    for k in state.storehouse[seat]:
        cat = g.k_cat[k]
        if cat == CAT_CONTRACT:
            value += (0.7 if state.can_fulfil(seat, k) else 0.3) * g.k_vp[k]
        elif cat == CAT_CHARACTER:
            value += 1.5
        elif cat == CAT_CREST:
            value += 2.0
        elif cat == CAT_HELPER:
            value += 1.5
    # Buildings on their way: each filled room is half a step to a roof house and completion.
    filled = sum(1 for k in state.rooms[seat] if k >= 0)
    crests = sum(1 for c in state.crests[seat] if c >= 0)
    value += 0.8 * filled + 1.0 * crests
    # A house or pillar more on the map multiplies with the other kind.
    value += 0.4 * (state.house_supply[seat] + state.pillar_supply[seat])
    value += 0.5 * len(state.cathedral_tiles[seat])
    if state.actor == seat:
        frame = state.die_frame()
        if frame is not None:
            value += 0.5 * frame[2]
    return value
