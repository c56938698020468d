"""Tiletum for 2-4 players, by the full rulebook (``shared/rules/tiletum.md``).

Rules covered: setup by player count (bonus, contract and character tiles marked "3+"/"4"
removed; bonus tiles on the six actions, beside the King track and on the map spaces used
with this many players; contract and character offers of 5; a construction cost tile under
each cathedral, one of them the Unavailable Cathedral; Tiletum plus 3 town tiles as fair
towns with 4 fair tiles; first player and turn order; scoring markers on 10, King track
stack with the first player at the bottom; merchant, architect and one house in Tiletum, 2
houses and 2 pillars in supply, the rest on roofs and contract spaces; 1 of each resource
and 1/3/5/6 gold by seat; one die per colour per player in the bag; the action tiles
variant). Four rounds of five phases: preparation (8/11/14 dice drawn and rolled onto the
wheel); the action phase of three turns each, each preceded by a corruption token (0/1/2)
moving the King track markers left, leftmost first, stacks kept in order; a turn: take a
die (changing its value for 2 gold a step, 6 next to 1), optionally the action's bonus
tile, the die's resources (or another type with a helper), then the action with 7 - value
AP plus bonus markers; the King phase (the leader, ties to the bottom-most marker, takes or
discards the King tile or scores 4 VP without one; King track VP; new turn order; red
markers reset onto 0 with the lowest on top); the fair phase (house in the town or merchant
there; (board + tile VP) x the count; the King track tile scored before the reset); cleanup
(skipped after round 4: bonus tiles replenished, corruption reshuffled, dice back, wheel
turned one step). All six actions with every option and AP cost; every task (2 gold for a
resource, fulfilling contracts, placing crests, contributing once to a cathedral, helpers);
the storehouse limit on every tile taken; completed buildings and their bonus AP (current
action and joker included, none for the rightmost building); final scoring (houses x
pillars, 0/0/5/10/20/30 for completed buildings, 1 VP per 4 resources); VP never below 0;
ties won by the first in turn order.

Actions: one int each from a fixed space of 1050 (see :mod:`towers.games.tiletum.actions`).
Moves, the views and the refusals name the components as players read them (the data's
``name``: "use +2 action points", "merchant to Tiletum-Paris road"); the data's ids stay in
the observation and the board's element ids, and moves written with them are still read.
A turn is a stack of small decisions (die, value, tile, resources, the action's options,
tasks, nested actions from characters and helpers) ending with ``end turn``. Chance nodes:
tile draws by kind and count, dice drawn by colour then rolled, corruption tokens by value,
cost, town, fair and action tiles. Face-down piles, the bag and the corruption tokens are
drawn at the moment they are revealed (the same distribution as shuffling at setup), so the
state holds nothing secret: ``has_hidden_information()`` is False and every seat observes
the whole table.

Designed, not stated by the rulebook (the data items are marked ``source = "designed"``):
- the map: 16 towns (Tiletum, Paris, Bordeaux, Venice and London are named in reviews),
  26 roads with 1-2 road spaces, house spaces with their "3+"/"4" marks, VP and building
  bonus spaces, bonus tile spaces (10/14/18 used with 2/3/4 players), 9 cathedrals with 2-3
  tiles and pillar spaces (never more spaces than tiles), the construction costs, which
  towns the 8 town tiles show;
- the 45 characters: 15 illustrations of three tiles each (weaker to stronger bonus), three
  illustrations per strengthened action; any tile goes into a free room of any floor, paying
  the room's floor in AP as the Character Action states;
- the copies of bonus and contract tiles and their marks, the helpers' gold and VP, the
  iron-and-wool mixes, crest names; all fair tile VP, the board's fair VP, King track VP;
- the player board: rooms per building (2, 3, 1, 3, 2 and the occupied rightmost with 1),
  roof bonuses (gained when the roof house is freed), contract-space VP, a storehouse of 4;
- the names of the tiles and fair tiles, which print pictures rather than words: what each
  shows in the appendix's words ("Smith (1 iron)", "2 gold and 2 points");
- the contract offer's AP costs (3, 2, 2, 1, 1 left to right), two corruption tokens of
  each value, the wheel's order and direction of turning.
Interpretations where the rulebook is silent or contradicts itself:
- the King tile is replenished after rounds 1 and 2 only, so round 4 has none (King phase,
  "during the last round", overrides the general cleanup text);
- the occupied rightmost building counts as filled (fairs, completion with its crest);
- a building holding characters of different actions: its owner chooses among them when it
  is completed; two buildings on one action add their AP;
- contracts in the storehouse count against the open contract spaces;
- "identical resources of your choice" may be any type (gold too, and in the mixed contracts
  the fixed type as well, paying both amounts of it); "an adjacent town" is the next town
  along a road;
- discarded characters are mixed back before the offer is refilled;
- tasks happen whenever the player is in the turn or inside an action, not in the middle of
  another decision (a value, a bonus tile, a resource choice, a move);
- move bonuses may be declined; placing bonuses (a house where the merchant is, a house or
  pillar anywhere) are taken when possible; the house space is chosen by the player;
- an action ends when its player stops it; the die's action stays open until ``end turn``
  (so extra AP helpers and completion bonuses can still reach it); nested actions end when
  their AP are spent; unused AP are lost;
- "an action of your choice" (helper) cannot be the joker; a substitute helper is used as
  the die's resources are taken, even if it was the action's tile just taken;
- the first player is seat 0.
"""

from towers.core.registry import GamePlugin

PLUGIN = GamePlugin(
    title="Tiletum",
    rules="towers.games.tiletum.rules:TiletumGame",
    views="towers.games.tiletum.views:TiletumViews",
    heuristic="towers.games.tiletum.bots:estimate",
    heuristics="towers.games.tiletum.bots:estimate_all",
    tensor="towers.games.tiletum.tensor:tiletum_tensor",
    balance="towers.games.tiletum.balance:facets",
)
"""The game as towers finds it (the entry point ``tiletum`` of ``towers.games``)."""
