"""Torres for 2-4 players, by the full rulebook (``shared/rules/torres.md``).

Rules covered: the setup (8 starting castles, first knights placed in turn, the King placed
by the last player); three phases of 4/3/3 rounds (4/4/4 with two players) with the block
stacks of the PHASES cards; a turn of 5 action points spent in any order on adding a knight
(2), moving a knight (1 a space, up one level at most, down any number, through castles by
their doors), placing tower blocks (one stack a turn, at most three blocks, leftovers
redistributed onto stacks of at most three or returned), acquiring action cards (draw 3, keep
1, return 2 to the top or bottom; at most 2 a turn), playing one action card (not one acquired
that turn) and moving the scoring marker with leap-frogging; all ten action cards; scoring
after each phase in turn order, the King's bonus 5/10/15, the lowest scorer's King move and
turn; the common action deck variant; the master version (castles placed by the players,
identical full hands, no acquiring, one master card, turn order by score).

Actions: one int each from a fixed space of 17,852 (see :mod:`towers.games.torres.actions`).
A turn is a series of small decisions ending with ``end turn``; card draws and the master
card are chance nodes whose outcomes are card kinds.

Designed, not stated by the rulebook (also marked in ``data/torres.toml``):
- the starting squares (a public implementation's layout, unconfirmed) and the 2- and
  3-player PHASES cards (one stack a round: 3,3,3,3; and 3,3,2,2 / 3,3,2 / 3,3,2);
- every turn uses up one stack, even when no block is placed; when the stacks differ the
  player says which (``take stack N``), and may take it before placing;
- cards' own blocks and moves cost no action points (playing a card costs 0 AP); the
  "Block under a knight" and "Extra block" cards do not count towards the three blocks;
- "Jump up two levels" climbs exactly two levels;
- "Block under a knight" standing on the ground next to exactly one castle enlarges that
  castle (next to two it would join them, so it is refused);
- "Move a tower block" lifts the block first: the castle it leaves must stay whole, keep at
  least six castles on the board in the end, and be no taller than its smaller area; then
  the block lands by the normal placement rules or starts a new castle;
- doors: a knight enters a castle next to it through a door at its own level (a neighbouring
  column of that castle taller than the knight's level) and leaves through a door onto an
  empty space that is not higher than where it entered (Door climb: at any level), for 1 AP;
- the castle scores move a marker once a player; the King's bonus and master points are
  separate moves, all in turn order from the starting player;
- the lowest scorer tied with another on the start space: the first of them in turn order;
- master version: rounds after the first start with the leader (also the first round of a
  phase); a starting castle keeps a distance of 3 (two empty spaces) counted in orthogonal
  steps, relaxed to the largest distance still possible if none is left; the master cards'
  open points are listed in :mod:`towers.games.torres.master`.
"""

from towers.core.registry import GamePlugin

PLUGIN = GamePlugin(
    title="Torres",
    rules="towers.games.torres.rules:TorresGame",
    views="towers.games.torres.views:TorresViews",
    heuristic="towers.games.torres.bots:evaluate",
    heuristics="towers.games.torres.bots:evaluate_all",
    tensor="towers.games.torres.tensor:torres_tensor",
    balance="towers.games.torres.balance:facets",
)
"""The game as towers finds it (the entry point ``torres`` of ``towers.games``)."""
