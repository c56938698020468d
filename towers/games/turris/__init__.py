"""Turris (AP Board Games): the components as data, checked. The rules engine is to come.

What the package holds so far
-----------------------------
``data/*.toml`` and the loader :mod:`towers.games.turris.data` (``load()``): the Main Board's
graph (12 numbered Locations, 2 Crossroads, Excavation spots A-D, the Graveyard), the 12
Location Upgrades, 12 Trionfi, 50 Tactics, 50 Missions, 24 Excavation Sites, the factions
and player sets, the Council, Altar, Tower and Prestige tracks, the four Beasts, the solo
Beast Movement deck and the numbers of setup, play and solo play. The game is not yet
registered as a plugin: there are no rules, actions or views.

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
