"""Towers of Sifnos (Garphill Games): the components as data, checked, and the rules for 1-4
players, the solo game against the Scheme-driven opponent and two players with it included.

Rules covered (by the rulebook's sections: :mod:`~towers.games.sifnos.setup`,
:mod:`~towers.games.sifnos.turn`, :mod:`~towers.games.sifnos.cards`,
:mod:`~towers.games.sifnos.influence`, :mod:`~towers.games.sifnos.major_actions`,
:mod:`~towers.games.sifnos.invest`, :mod:`~towers.games.sifnos.construct`,
:mod:`~towers.games.sifnos.muster`, :mod:`~towers.games.sifnos.effects`,
:mod:`~towers.games.sifnos.defend`, :mod:`~towers.games.sifnos.buildings`,
:mod:`~towers.games.sifnos.recoup`, :mod:`~towers.games.sifnos.end_of_game`, solo play in
:mod:`~towers.games.sifnos.solo`; :mod:`~towers.games.sifnos.rules` keeps the state and
hands each decision to its section, and its docstring maps them)
-------------------------------------------------------------------------------------------
Setup (Scoring Tiles, Mineral Markers, face-up cards, starting Ships and the Bag by player
count, Allied Ships on the tracks, Forts and Beacons dealt face up, Setup Aids placing Dice and
Towers, the seat effects with the 2-player exception, two random Towers and two rolled Dice);
the turn (Prepare, two of Invest/Construct/Muster in either order in one Active Region or a
Tower network, Defend, Recoup) with each effect once an action and every copy of a trigger
firing once; cards placed for discards of their mineral (any two for one, discounts one
placement each, one Influence every time, Defend cards' Tents); Dice adjusted without
wrapping; the Influence tracks' third and fifth spaces and the Allied Ship; the map (one Die,
Fort and Soldier a Region, the central Region's Soldiers, Ships queued and sailing clockwise);
Invest, Construct (covering, Beacons after a fourth Tower, networks), Muster (placing, moving,
pushing out, Forts and the third-removed column rewards); invasions (the leader's Soldier move,
Might and its tie-break, the winner's Influence and empty-space bonuses, the others' cards,
Dice to Workshops); the six Buildings; Recoup, Ships sailing after an invasion and the drawn
Ship; the end and the final scoring with its tie-break.

Actions are the ints of :data:`towers.games.sifnos.actions.SPACE`; pending decisions are the
frames of :mod:`towers.games.sifnos.frames`, each naming the seat that decides.

Designed rather than stated (the data files hold the detail)
------------------------------------------------------------
- The map: 19 Regions as four-cornered cells, their names (places on the island), printed
  values and Tower-space images (owl and lyre besides the rulebook's horse, jar and helmet).
- The 108 cards (6 of each mineral in each column, every effect the rulebook lists), the Setup
  Aids' spots, the Fort and Beacon grid and faces, the Buildings' spaces and rewards (the
  Storehouse's threshold, the Columns' minerals), the 18 Schemes, the Solo Marker's track.
- The Player Board's Influence track ends at 30; a game ends after 60 rounds at most.
- Names for what prints none, used in moves and on the board: each Card by its mineral and
  effect (``Lead Card: adjust a Die``; the second of two identical Cards as its second copy),
  each printed effect by its icons in words, each Tower space by a Region's corner
  (``Troulaki north-west``), each Building space by its Building (``Gate left 1``).

Interpretations
---------------
- Seat 0 is the first player; the seats are dealt at random, which is the random first player.
- A Tower space belongs to every Province one of its Regions is in (for Might and cards).
- A Workshop Die that fits no Building space stays in the Workshop (it may be adjusted later).
- Several discounts may go to one placement; they are taken largest first, up to its cost.
- Triggered effects that only draw a card are taken at once; the others are offered.
- Pushing out, covering and a Die on an opponent's Fort need the cards in hand to give.
"""

from towers.core.registry import GamePlugin

PLUGIN = GamePlugin(
    title="Towers of Sifnos",
    rules="towers.games.sifnos.rules:SifnosGame",
    heuristic="towers.games.sifnos.bots:evaluate",
    heuristics="towers.games.sifnos.bots:evaluate_all",
    tensor="towers.games.sifnos.tensor:sifnos_tensor",
    balance="towers.games.sifnos.balance:facets",
    views="towers.games.sifnos.views:SifnosViews",
)
"""The game as towers finds it (the entry point ``sifnos`` of ``towers.games``)."""
