"""The Map and the Player Board as tables the rules count with (rulebook: The Map; Influence
Tracks; Actions): Regions, Provinces, Tower spaces, Ships, the columns of the Player Board.

Every rules module reads these; this module reads only the data, so it imports nothing of the
rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.sifnos.actions import DATA

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

N_REGIONS = len(DATA.regions)
N_SPACES = len(DATA.spaces)
N_CARDS = len(DATA.cards)
N_PROVINCES = len(DATA.provinces)
N_LARGE = len(DATA.large)
CENTRAL = DATA.central
ALLY = 3
"""The Allied Ship's kind in the Bag (after the three minerals)."""
PRINTED_BIT = N_CARDS
"""``used`` bits: a card's index, or PRINTED_BIT + a printed effect's index."""
INVEST, CONSTRUCT, MUSTER = 0, 1, 2
PREPARE_COLUMN, RECOUP_COLUMN = 0, 5
MAJOR_COLUMN = (1, 2, 3)

PRINTED = {p.id: p.index for p in DATA.printed}
PLACE_DIE_BIT = PRINTED_BIT + PRINTED["place_die"]
PLACE_TOWER_BIT = PRINTED_BIT + PRINTED["place_tower"]
"""``used`` bits: the Die or Tower of Invest or Construct placed this action."""
REGION_PROVINCE = tuple(r.province for r in DATA.regions)
LARGE_OF = tuple(DATA.large.index(p) if p in DATA.large else -1 for p in range(N_PROVINCES))
"""A Province's place clockwise among the larger ones (-1: the central Province)."""
PROVINCE_SPACES = tuple(
    tuple(s for s in range(N_SPACES) if p in DATA.spaces[s].provinces) for p in range(N_PROVINCES)
)
SETUP = DATA.game["setup"]
TRACK = DATA.game["influence_track"]
TRACK_LAST = int(TRACK["last"])


def bit(i: int) -> int:
    return 1 << i


def fix_region(state: SifnosState, region: int) -> None:
    """An effect acted in ``region``: the two major actions stay there (rulebook: Major
    Actions)."""
    state.region_ok &= 1 << region
