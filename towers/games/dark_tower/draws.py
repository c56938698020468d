"""The chance nodes: the Tower's drops, rotations and seals (End of Turn, The Tower Stirs), the
event, treasure, potion, corruption and companion decks, the battle cards and dungeon rooms
the app reveals, where foes spawn, the monthly quests, the heroic tests dealt and the haggle
die (Reinforce): each listed with its probabilities, and applied."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from towers.core.components import Deck
from towers.core.frames import Frame
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import (
    CARD,
    DEAL_TEST,
    DRAW_COMPANION,
    DRAW_CORRUPTION,
    DRAW_POTION,
    DRAW_QUEST,
    DRAW_QUEST_ITEM,
    DRAW_TREASURE,
    EVENT,
    HAGGLE_ROLL,
    N_FOES,
    N_LOC,
    RELEASE,
    ROOM,
    SEAL,
    SPAWN,
)
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.tower import BASE, STILL

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def chance_outcomes(state: DarkTowerState) -> list[tuple[int, float]]:
    top = state.pending[-1]
    match top:
        case F.Releasing():
            return [(RELEASE + o, p) for o, p in state.tower.release_outcomes()]
        case F.SealGlow():
            return [(SEAL + o, p) for o, p in state.tower.seal_to_break_outcomes()]
        case F.EventDraw():
            return [(EVENT + k, p) for k, p in state.event_deck.draw_outcomes()]
        case F.CardReveal():
            return [(CARD + c, 0.25) for c in range(4)]
        case F.RoomReveal():
            unrevealed = state.rooms.count(-1)
            target = 1.0 / unrevealed
            kinds = len(DATA.dungeon_types[0].rooms)
            if unrevealed == 1:
                return [(ROOM + A.TARGET, 1.0)]
            rest = (1.0 - target) / kinds
            return [(ROOM + k, rest) for k in range(kinds)] + [(ROOM + A.TARGET, target)]
        case F.Spawn():
            return [(SPAWN + loc, 1.0 / N_LOC) for loc in range(N_LOC)]
        case F.PotionDraw():
            return [(DRAW_POTION + k, p) for k, p in state.potion_deck.draw_outcomes()]
        case F.TreasureDraw():
            return [(DRAW_TREASURE + k, p) for k, p in state.treasure_deck.draw_outcomes()]
        case F.CorruptionDraw():
            return [(DRAW_CORRUPTION + k, p) for k, p in state.corruption_deck.draw_outcomes()]
        case F.CompanionDraw():
            left = state.companions_left
            return [(DRAW_COMPANION + c, 1.0 / len(left)) for c in left]
        case F.QuestDraw():
            left = [q for q in range(len(DATA.quests)) if q not in state.quests_dealt]
            return [(DRAW_QUEST + q, 1.0 / len(left)) for q in left]
        case F.HaggleRoll():
            return [(HAGGLE_ROLL + f, 1.0 / 6) for f in range(6)]
        case F.DealTest(kind=kind):
            left = state.undealt_tests(kind)
            return [(DEAL_TEST + q, 1.0 / len(left)) for q in left]
        case F.QuestItemDraw():
            left = state.quest_items_left()
            return [(DRAW_QUEST_ITEM + q, 1.0 / len(left)) for q in left]
    raise AssertionError(top)


def apply_chance(state: DarkTowerState, top: Frame, value: Any) -> None:
    p = state.pending
    match top, value:
        case F.Releasing(dropper=d), A.Release(what=o):
            state.tower.release(o)
            if o == STILL:
                p.pop()
                return
            side = o - BASE if o >= BASE else o % 4
            state._emerged(side, d)
        case F.SealGlow(dropper=d), A.SealGlows(opening=o):
            p.pop()
            state.tower.break_seal(o)
            if state.tower.is_releasing():
                p.push(F.Releasing(dropper=d))
        case F.EventDraw(seat=seat), A.DrawEvent(card=c):
            p.pop()
            state.event_deck.draw(c)
            if not state.event_deck.has_cards():
                state.event_deck = Deck.of_counts(state.game.event_counts)
            state._event(seat, c)
        case F.CardReveal(), A.RevealCard(card=c):
            p.pop()
            battle = p[-1]
            assert isinstance(battle, F.Battling)
            p.replace(replace(battle, card=c, rung=0))
            if battle.foe == A.ADVERSARY:
                state.adv_card, state.adv_rung = c, 0
        case F.RoomReveal(room=r), A.RevealRoom(room=k):
            p.pop()
            state.rooms[r] = k
        case F.Spawn(foe=f, n=n), A.SpawnAt(location=loc):
            state.foes[loc * N_FOES + f] += 1
            left = state._tokens_left(f)
            if n > 1 and left:
                p.replace(F.Spawn(foe=f, n=n - 1))
            else:
                p.pop()
        case F.PotionDraw(seat=seat, n=n), A.DrawPotion(potion=k):
            state.potion_deck.draw(k)
            state.potions[seat][k] += 1
            if n > 1 and state.potion_deck.has_cards():
                p.replace(F.PotionDraw(seat=seat, n=n - 1))
            else:
                p.pop()
        case F.TreasureDraw(seat=seat, n=n, slot=s), A.DrawTreasure(treasure=t):
            state.treasure_deck.draw(t)
            if seat < 0:
                state.market[s] = t
            else:
                state.treasures[seat].append(t)
            if n > 1 and state.treasure_deck.has_cards():
                p.replace(F.TreasureDraw(seat=seat, n=n - 1, slot=s))
            else:
                p.pop()
        case F.CorruptionDraw(seat=seat), A.DrawCorruption(corruption=k):
            p.pop()
            state.corruption_deck.draw(k)
            state.corruptions[seat].append(k)
        case F.CompanionDraw(seat=seat), A.DrawCompanion(companion=c):
            p.pop()
            state.companions_left.remove(c)
            state.companions[seat].append(c)
        case F.QuestItemDraw(seat=seat), A.DrawQuestItem(item=q):
            p.pop()
            state.quest_items[seat].append(q)
        case F.DealTest(seat=seat, kind=kind), A.DealTest(quest=q):
            p.pop()
            state.tests[seat][kind] = q
        case F.QuestDraw(kind=k), A.DrawQuest(quest=q):
            p.pop()
            state.quests_dealt.append(q)
            state.monthly[k] = q
        case F.HaggleRoll(), A.RollHaggle(face=f):
            p.pop()
            state.haggle = f
            if DATA.haggle_faces[f] == "cancel":
                state.reinforced = True
        case _:
            raise AssertionError((top, value))
