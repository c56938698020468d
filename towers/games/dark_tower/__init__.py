"""Return to Dark Tower (Restoration Games): the cooperative game for 1-4 heroes, Heroic or
Gritty, with any of the ten main goals of the base game's quest companions (option ``goal``; by
default the recommended first game's, Recover Azkol's Treasures) against any of the eight
adversaries and any foes of levels 2, 3 and 4 (options; by default the first
game's Ashstrider, Brigands, Frost Trolls and Dragons), with towers playing the app's part and
the tower's.

Rules covered (:mod:`towers.games.dark_tower.rules`, one statement of each in :mod:`.legality`)
-------------------------------------------------------------------------------------------
Setup (heroes at their home citadels with 7 warriors and 1 spirit, the virtue tiles inactive,
the market of three treasures, 24 skulls, the main goal's companion); the months (one turn
each in the first, then 6/7/8/9 turns for 1-4 players, one fewer on Gritty; play goes on
clockwise, so a month starts left of whoever took the last turn; six months); the monthly
companion and adversary quests from the second month, a companion quest giving a new
companion or a quest item, a failed adversary quest advancing the adversary; the turn: the
optional Banner action, movement (spirit doubles it before moving, modifiers applied before
doubling, the river rule), one heroic action (cleanse, battle, quest, the main goal's dungeon)
and 2 spirit after it, one Reinforce with the haggle die, one trade a turn with any heroes on
your space (all agree, no limit on what it moves; a refused proposal is no trade), potions and
scrolls until the drop, the mandatory skull drop; battles
(cards equal to the foe's level revealed one at a time, advantages spent on the revealed card
up to its best result, at most 10 a heroic action, no undo, one corruption for a loss that
cannot be fully resolved, the foe removed when all cards resolve; the adversary: retreat after
a card, its cards' advantages and progress persist); dungeons (rooms, a hidden target room,
one advantage a room of the dungeon's type, cleared rooms stay cleared, leave or continue);
the main goal spawning the adversary, whose defeat wins; events of the seven categories at
the end of turns (skipped when there is no foe to act on); spending vs. losing (one
corruption an effect at most); losing on a third corruption, on an empty supply, at the end
of the sixth month; skulls placed on buildings of the kingdom they emerged facing, by the
home player or by the dropper for dormant kingdoms, three a building, the fourth destroying
it (its home player gains a corruption, that skull back to the supply).

Actions are the ints of :data:`towers.games.dark_tower.actions.SPACE` (the heroes' choices and
the chance outcomes); pending decisions are the frames of :mod:`.frames`, each naming the seat
that decides (a skull emerging in a home kingdom is placed by that kingdom's player). The
tower (:mod:`.tower`) drives every drop, rotation and seal as chance nodes. The team wins
together: every seat scores 1 on a win and 0 on a loss.

Designed rather than stated (the data files hold the detail, each item with its source)
------------------------------------------------------------------------------------------
- Battle cards (four a foe and status, as ladders of results) and strikes, each foe and
  adversary its own in the character of its name and traits (Brigands steal potions and gear,
  Shadow Wolves run far, Spine Fiends poison spirit, Titans walk slowly and hit hardest...),
  each adversary's Tower Acts strike and advance (skulls, and spirit, warriors or items); the
  event deck, the rooms' results and the target room's guardian.
- Foes calm down: two companion events lower the status of a foe (or every foe) on the board
  one step, and a foe whose last token leaves the board is ready again.
- Hero boards (move values, banner actions), what each virtue, companion, corruption, gear,
  potion and scroll does, the buildings' free and enhanced Reinforce effects, the haggle die's
  sixth face (a second "reinforce normally").
- The main goals' steps: Recover Azkol's Treasures is three dungeons of Arisilon, each hiding
  one of Azkol's treasures, then Ashstrider spawns at Azkol's Bane; each other goal is three
  steps, dungeons or quests (spend or have, at a space), then the adversary spawns at the
  goal's space (quests.toml [[main_goals]]).
- Which reward each quest card gives as the companion quest, and what each quest item does
  (the items and whose quest gives them are reference facts).
- Gritty: the rulebook's difference is fewer turns a month (Sequence of Play; one fewer is
  designed, it gives no number). The others are designed in what the rulebook leaves to the
  app: foes enter play savage, the app's setup drops two more skulls, and the event deck is
  harsher (game.toml [gritty], events.toml). A battle keeps cards equal to the foe's level on
  every difficulty, the adversary's too (Starting the Battle).
- Setup spawns two level-2 and one level-3 foe tokens and drops three skulls. The river
  crossings are the 30 edges between kingdoms.
- A month has the rulebook's average number of turns every month (Gritty: one fewer).

Interpretations
---------------
- Seats sit at kingdoms clockwise from the north (two players face each other, north and
  south); the seat at a kingdom plays the base hero listed for it, unless the ``heroes``
  option names one distinct base hero a seat (Hero Setup).
- A skull that emerges facing a kingdom with no building left standing goes back to the
  supply (Placing Skulls names no building to take it).
- The main goal's companion starts with the first player (seat 0).
- The observation holds the whole pending stack (no frame holds anything hidden), the battle
  or dungeon in progress under any choice it asked for, and the latest event drawn.
- Battle cards and rooms are dealt when revealed (chance nodes), so nothing of them is hidden
  before; the only hidden state is where the skulls inside the tower rest.
- A room is cleared once its result is applied; automatic advantages are counted when a battle
  or an exploration begins, and gear, scrolls and potions add to them.
- Movement: a move modifier gained or lost during the turn changes the moves left at once,
  twice over once the move is doubled, before or after the doubling alike (the turn's move
  is doubled and modifiers come before it); a potion's moves are never doubled.
- Making Trades: one trade may take in several heroes on the space, each answering in seat
  order; a refused proposal is no trade. Designed, so that proposing cannot go on for ever: a
  hero who refused is not asked again that turn, and a trade closed unproposed gives up the
  turn's trade. "All players agree" (Competitive Clarifications) is every hero in the trade.
- Seats are numbered from 0 in every action's words, as everywhere in towers.
- A monthly quest's "4 advantages" are met from the hero's automatic advantages and Wild ones
  (kept) and then gear of the missing types (spent); "4 virtues" counts the two printed on the
  hero board with those activated.
- A foe that strikes steps along a shortest path to the nearest hero (ties: the lower seat,
  the space listed first).
"""

from towers.core.registry import GamePlugin

PLUGIN = GamePlugin(
    title="Return to Dark Tower",
    rules="towers.games.dark_tower.rules:DarkTowerGame",
    views="towers.games.dark_tower.views:DarkTowerViews",
    heuristic="towers.games.dark_tower.bots:evaluate",
    heuristics="towers.games.dark_tower.bots:evaluate_all",
    tensor="towers.games.dark_tower.tensor:dark_tower_tensor",
    balance="towers.games.dark_tower.balance:facets",
    heuristic_scale=0.03,
    # a game the team loses is charged five times the fall from here to a far worse position,
    # so that mcts takes a risk of losing only for a gain worth it (a battle at two
    # corruptions); the competitive game keeps 0
    loss_value=-2.0,
)
"""The game as towers finds it (the entry point ``dark_tower`` of ``towers.games``)."""
