"""The rulebook's illustrated positions, built on this game's map (data/map.toml), and a driver
that carries a turn to a chosen step.

Each builder returns a cleared game (conftest.new_game) with the pieces of one example put on
it, the same shape as the picture: the same counts of Towers, Dice, Soldiers, Forts and Tents
in one Province, the same coverings, the same Ships.
"""

from __future__ import annotations

from towers.core.frames import Frame
from towers.games.sifnos.rules import SifnosState

from .conftest import (
    act,
    beacon,
    die,
    fort,
    hand,
    new_game,
    ships,
    soldier,
    supply_dice,
    supply_towers,
    tent,
    tower,
)

GREEN, RED, BLUE, PURPLE = range(4)
"""The example's colours as seats, in turn order."""


def run_to(state: SifnosState, frame: type[Frame], limit: int = 200) -> None:
    """Take the first outcome of each chance node until ``frame`` is on top (a decision in
    between is an error: the test should have made it)."""
    for _ in range(limit):
        if isinstance(state.pending[-1], frame):
            return
        if not state.is_chance_node():
            raise AssertionError(f"{state.pending[-1]} is on top, not {frame.__name__}")
        state.apply_action(state.chance_outcomes()[0][0])
    raise AssertionError(f"no {frame.__name__} within {limit} chance nodes")


def to_majors(state: SifnosState) -> None:
    """From the Prepare of the turn: Prepare done."""
    act(state, "done")


def to_defend(state: SifnosState) -> None:
    """From the Majors decision: no more major actions, so Defend begins."""
    act(state, "done")


# ------------------------------------------------------------------- Determining Might
def might_example() -> SifnosState:
    """Determining Might, the invasion of Kastro (Seralia, Kastro, Poulati) on Green's turn,
    one Die short: Green has 4 uncovered Towers (t09, t15 with its Beacon, t21, and t14 over
    a Purple Tower), a Tower covered by Purple (t08), a Soldier in Kastro and a 4 in its
    Supply to Invest in Poulati (printed 4); Red a Soldier in Seralia, a Tent in the
    Province, a Fort in Kastro under Purple's Die (a 3), a Tower covered by Blue (t20), and a
    Tower and a Soldier outside the Province (t01, Troulaki); Blue the Tower on t20 and a Die
    in Seralia; Purple t08 and the Die on Red's Fort. Kastro holds 2 Ships, Gold and Lead."""
    state = new_game(4)
    for where in ("t09", "t15", "t21"):
        tower(state, GREEN, where)
    beacon(state, GREEN, "t15")
    tower(state, PURPLE, "t14")
    tower(state, GREEN, "t14")
    tower(state, GREEN, "t08")
    tower(state, PURPLE, "t08")
    tower(state, RED, "t20")
    tower(state, BLUE, "t20")
    tower(state, RED, "t01")
    soldier(state, RED, "troulaki")
    soldier(state, GREEN, "kastro")
    soldier(state, RED, "seralia")
    tent(state, RED, "kastro")
    fort(state, RED, "kastro")
    die(state, PURPLE, "kastro", 3)
    die(state, BLUE, "seralia")
    supply_dice(state, GREEN, 4)
    ships(state, "kastro", "gold", "lead")
    return state


# ------------------------------------------------------------------------- Moving Ships
def ships_example() -> SifnosState:
    """Moving Ships: the purple Province (Platis Gialos) holds, front first, Silver, Gold,
    Silver and Lead, and is invaded on seat 0's turn (3 Dice of seat 1 in it, seat 0 with
    nothing there). Clockwise after it: Vathy (3 Ships), Kamares (full), Cheronissos (1),
    Kastro (1), Faros (none)."""
    state = new_game(3)
    ships(state, "platis_gialos", "silver", "gold", "silver", "lead")
    ships(state, "vathy", "gold", "gold", "gold")
    ships(state, "kamares", "lead", "lead", "silver", "gold")
    ships(state, "cheronissos", "lead")
    ships(state, "kastro", "silver")
    for where in ("kapsalo", "platis_gialos", "exambela"):
        die(state, 1, where)
    return state


# ---------------------------------------------------------------------------- Beacons
def beacon_example() -> SifnosState:
    """Beacons: Green (seat 0, 3 players) has Towers on three corners of Seralia (t07, t13,
    t14); the fourth, t08, holds a Purple (seat 1) Tower with the jar image. Green has a
    horse Tower in its Supply and, in hand, a Lead card and two others."""
    state = new_game(3)
    for where in ("t07", "t13", "t14"):
        tower(state, GREEN, where)
    tower(state, 1, "t08")
    supply_towers(state, GREEN, "horse")
    hand(state, GREEN, "L01", "S01", "G01")
    return state


# ------------------------------------------------------------------------ Tower Networks
def network_example() -> SifnosState:
    """Tower Networks: Red (seat 0) is about to place an owl Tower on t03, on the shore of
    Cheronissos between the Regions Cheronissos and Agios Sostis. t03 borders Red's horse
    Tower on t07, which borders Red's helmet Tower on t13 (Apollonia, Seralia, Chrysopigi,
    Agia Marina). Seralia already holds a Die (seat 1's). Red has Dice of every printed value, an owl
    Tower, a Soldier in its Supply and two Lead cards (one to use the network)."""
    state = new_game(3)
    red, other = 0, 1
    tower(state, red, "t07")
    tower(state, red, "t13")
    die(state, other, "seralia")
    supply_towers(state, red, "owl")
    supply_dice(state, red, 1, 2, 3, 4, 5, 6)
    hand(state, red, "L01", "L02")
    return state


# -------------------------------------------------------------------- covering, refused
def covering_with_one_card() -> SifnosState:
    """Construct: seat 0 could cover seat 1's jar Tower on t01 with its jar Tower, but holds
    one card, not the two that covering gives."""
    state = new_game(3)
    tower(state, 1, "t01")
    supply_towers(state, 0, "jar")
    hand(state, 0, "G05")
    act(state, "done")
    act(state, "construct")
    return state
