"""Turris (AP Board Games): the components as data, checked, and the rules for 2-5 players.

Rules covered (by the rulebook's sections, a module each: setup, rounds, player_turn,
action_step, tactics, missions, trionfi, beast_phase, beast_moves, cleanup, endgame, prestige,
council, resources, effects, solo, with board and draws; :mod:`towers.games.turris.rules` keeps
the state and hands each decision to its section, and its docstring maps them)
----------------------------------------------------------------------------------------------
Setup (Sites, Beasts on A-D or at random with the ``random_beasts`` option, Trionfi,
Missions and the First Player drawn as chance nodes; a faction and side chosen by each seat in
turn order; a Tactics card each); the Action Step (Place with its limit-1, Immediate, Beast
and "every non-optional part" checks, Collect, Gather Ichor with its bonus, Force Revive,
faction actions, Additional Action tokens, one Tactics card a turn); rewards resolved in the
player's order, each optional; the Complete Mission Step (reserved Missions one resource
less, Ongoing slots); the Trionfi Step; discard to 4; the Mission refill; the Beast Phase
(targeting, paths, speed and the Altar, moves, Devour, Displace, Discard, Shields, the Chain
Attack); the Council track; the Excavation Site change; Cleanup; the Endgame and its
tie-breaks. Every effect kind of the data's vocabulary is resolved by
:func:`towers.games.turris.effects.resolve_effect`. Solo play against the Betrayers (Appendix 1)
is in :mod:`towers.games.turris.solo`; the views (text and an SVG board) are in ``views``, the bots'
heuristic in ``bots`` and the observation tensor in ``tensor``.

Actions are the ints of :data:`towers.games.turris.actions.SPACE` (kinds declared once;
``choose <node>`` answers whichever decision is on top of the stack); pending decisions are
the frames of :mod:`towers.games.turris.frames`, each naming the seat that decides.

Interpretations in the rules (where the rulebook is silent)
-----------------------------------------------------------
- "All 6 Tower rooms constructed" counts the rooms of every player together.
- Devoured Scouts all go to the Graveyard first; then their owners take their Council
  steps in turn order from the First Player (the Pain's example).
- A Beast whose path crosses a Location holding a Scout and another Beast passes through
  it (it may not end there); it stops at the first Scout where it may end.
- An Immediate revive (the Isle) needs one Scout revived at least; the rest are optional.
- Moving a flipped Beast by an effect stands it up and ends the effect (no flip after).
- A Beast moved by an effect makes its full move, ending early only on reaching a Scout;
  only a Beast with such a move may be chosen. Rewards of a "when completed" Mission that
  cannot be resolved are skipped, the Mission still counts.
- The Observatory's resources come at the start of each of its owner's turns while the
  Scout stays (FAQ 4), not on Collect.
- An Artifact paid in place of a resource stands for the first resource still owed.
- The fifth faction is offered only in five-player games.

What the package holds
----------------------
``data/*.toml`` and the loader :mod:`towers.games.turris.data` (``load()``): the Main Board's
graph (12 numbered Locations, 2 Crossroads, Excavation spots A-D, the Graveyard), the 12
Location Upgrades, 12 Trionfi, 50 Tactics, 50 Missions, 24 Excavation Sites, the factions
and player sets, the Council, Altar, Tower and Prestige tracks, the four Beasts, the solo
Beast Movement deck and the numbers of setup, play and solo play. The game is not yet
registered as a plugin below (``PLUGIN``).

Every item says where it comes from: ``source = "rulebook: <section>"`` or
``"designed: <reason>"``, with ``<field>_source`` where one field differs. Effects are written
in a small closed vocabulary (gain, pay, trade, steal, prestige, council, tactics, place,
move_beast, revive, tower_room...) with triggers for ongoing effects; the list, with each
kind's meaning, is in the docstring of :mod:`towers.games.turris.data`.

Designed rather than stated (the data files hold the detail)
------------------------------------------------------------
- The board's graph apart from the adjacencies the worked examples use (Spire-Forge,
  Spire-Garden, Guild-Forge, Guild-Shrine, Brink-Ridge, Brink-Circle, east Crossroads-Ridge
  and -Circle, Grove-Abyss-Nest, Isle-Circle); the Location numbers 1-12; where the
  Crossroads and Excavation spots join the board.
- Rewards, limits and Immediate icons the rulebook does not give: the Forge, Shrine,
  Brink, Spire and Garden rewards, the Guild's amounts, the Isle's price, the Abyss's
  Artifact, the Ridge's one step.
- Every Location Upgrade and Trionfi card (names and effects; one per Location).
- Every Tactics card, Mission and Excavation Site except the facts the rulebook gives
  (names, Carol's Stroboscope, the Beast-moving Mission, the Council-repeat and Place
  Tactics, Dedicated Research's once per turn). Missions are priced on one scale: Prestige
  equals the resources paid, one less with an effect.
- Factions and their abilities (Ministers and Tinkerers are names from a public
  simulation report), player colours, and the fifth player's set and faction.
- The Council track's layout and most rewards; the Altar track's clockwise order; the Tower
  track's length; the Prestige track's length.
- The Beast Movement deck (one card per Location number), which the component list omits.

Interpretations
---------------
- The Altar's "No Effect" space is the Harrow's (Setup puts the speed token under the
  Harrow, No Effect side up).
- Immediate icons: the Garden, Nest and Circle are stated; the Abyss is Immediate because
  its Sacrifice is part of the Place (Easily Missed Rules); the Isle is read as Immediate
  from the Force Revive example; the Spire and Ridge are designed Immediate.
- The Council track is levels of spots with a choice of spot per step, which reconciles
  "a spot in the last level" with "the final spot"; rewards are optional (Council Track).
- The Beast Movement deck, missing from the component list, is read as the card form of the
  solo d12: one card per Location number.
- Beast order and start spots follow the Setup text (Pain A, Delusion B, Despair C,
  Harrow D), not the component page's captions.
"""

from towers.core.registry import GamePlugin

PLUGIN = GamePlugin(
    title="Turris",
    rules="towers.games.turris.rules:TurrisGame",
    views="towers.games.turris.views:TurrisViews",
    heuristic="towers.games.turris.bots:evaluate",
    heuristics="towers.games.turris.bots:evaluate_all",
    tensor="towers.games.turris.tensor:turris_tensor",
    balance="towers.games.turris.balance:facets",
)
"""The game as towers finds it (the entry point ``turris`` of ``towers.games``)."""
