"""Tiletum's balance facets for simulation reports: each seat's place in the starting turn
order with the gold it starts with (Game Setup, steps 12 and 14: the first player takes 1
gold, the second 3, the third 5, the fourth 6; here the first player is seat 0), one label a
seat, so a report shows the win rate of each starting place."""

from __future__ import annotations

from towers.core.game import State

PLACES = ("1st", "2nd", "3rd", "4th")


def facets(state: State) -> dict[str, str | list[str]]:
    from towers.games.tiletum.rules import TiletumState

    assert isinstance(state, TiletumState)
    gold = state.game.data.start_gold_by_seat
    n = state.game.num_players
    return {"starting order": [f"{PLACES[seat]} ({gold[seat]} gold)" for seat in range(n)]}
