"""Game Setup of Return to Dark Tower: World Setup, Hero Setup and App Setup (the options the
app asks for are the Game's, in rules.py; here the table is laid out), and the competitive
game's Setup Changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.components import Deck
from towers.core.frames import DecisionStack
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import (
    N_FOES,
    N_GEAR,
    N_LOC,
    N_POTIONS,
    ROOMS,
    TESTS,
    TOTAL_SKULLS,
    C,
    G,
)
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.tower import Tower

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState


def initial(cls: type[DarkTowerState], game: DarkTowerGame) -> DarkTowerState:
    """Game Setup: World Setup (buildings, supply, decks, the market), Hero Setup (each hero
    at its citadel with its starting warriors and spirit) and App Setup's final directions
    (the setup skulls dropped, the foes spawned); in the competitive game, Setup Changes (the
    heroic tests dealt, the Amulets of Hope). Then the first hero's Start of Turn."""
    n = game.num_players
    start = G["start"]
    citadels = {b.kingdom: b.location for b in DATA.buildings if b.type == 0}
    goal = game.goal
    # treasures a main goal's steps give are not in the deck; the competitive game has none
    found = set() if game.competitive else {t for _, t in goal.steps}
    treasure_counts = [0 if t in found else 1 for t in range(len(DATA.treasures))]
    state = cls(
        game=game,
        pending=DecisionStack(),
        tower=Tower.calibrated(),
        at=[citadels[k] for k in game.kingdoms],
        warriors=[int(start["warriors"])] * n,
        spirit=[int(start["spirit"])] * n,
        gear=[[0] * N_GEAR for _ in range(n)],
        potions=[[0] * N_POTIONS for _ in range(n)],
        treasures=[[] for _ in range(n)],
        corruptions=[[] for _ in range(n)],
        companions=[[] if game.competitive else [goal.companion]] + [[] for _ in range(n - 1)],
        quest_items=[[] for _ in range(n)],
        virtues=[0] * n,
        foes=[0] * (N_LOC * N_FOES),
        status=[game.foe_status] * N_FOES,
        skulls=[0] * len(DATA.buildings),
        supply=TOTAL_SKULLS,
        out_of_game=0,
        in_hand=0,
        adversary_at=-1,
        adv_left=game.adversary_cards,
        adv_card=-1,
        adv_rung=0,
        goal_step=0,
        rooms=[-1] * ROOMS,
        cleared=0,
        market=[-1] * int(G["market"]["size"]),
        treasure_deck=Deck.of_counts(treasure_counts),
        potion_deck=Deck.of_counts(p.count for p in DATA.potions),
        corruption_deck=Deck.of_counts([1] * len(DATA.corruptions)),
        event_deck=Deck.of_counts(game.event_counts),
        companions_left=[
            c for c in range(len(DATA.companions)) if game.competitive or c != goal.companion
        ],
        quests_dealt=[],
        monthly=[-1, -1],
        month=1,
        turns_left=n,
        current=0,
        banner_used=False,
        moves_left=0,
        moved=False,
        doubled=False,
        heroic_done=False,
        reinforced=False,
        haggle=-1,
        haggle_at=-1,
        base_move=0,
        traded=False,
        refused=0,
        result=0,
        ending="",
        tests=[[-1] * TESTS for _ in range(n)],
        tests_done=[0] * n,
        amulets=[int(C["amulets"]) if game.competitive else 0] * n,
        eliminated=[False] * n,
        winner=-1,
    )
    p = state.pending
    p.push(F.StartTurn(seat=0))
    p.push(F.SkullDrops(dropper=0, n=game.setup_skulls))
    for spawn in reversed(G["setup"]["spawns"]):
        p.push(F.Spawn(foe=int(spawn["foe"]), n=int(spawn["count"])))
    for slot in reversed(range(len(state.market))):
        p.push(F.TreasureDraw(seat=-1, n=1, slot=slot))
    if game.competitive:
        # Competitive Game, Setup Changes: four heroic tests each, one of each type
        for seat in reversed(range(n)):
            for kind in reversed(range(TESTS)):
                p.push(F.DealTest(seat=seat, kind=kind))
    state._begin_turn(0)
    state._settle()
    return state
